/*
 * vars.h — the names a rule file's expressions can read from the engine.
 *
 * Options, `dealer`, `won`, `hand`, `trick`, kept values and the rest are
 * declared in a game's scopes as getters over the state (expr_frame.ctx is
 * the state), so evaluating an expression copies nothing.  The list of
 * names, with their types and meaning, is in docs/format.md.
 */
#ifndef CARDRULES_VARS_H
#define CARDRULES_VARS_H

#include <stdbool.h>
#include <string.h>

#include "lang/expr.h"
#include "engine/game.h"


struct state;
struct meld_result;

/* What a getter returns: an integer (a bool, a seat, a suit...), the
 * rest of the value cleared, or a set of cards. */
static inline value vars_int(int64_t i)
{
	value v;
	memset(&v, 0, sizeof v);
	v.i = i;
	return v;
}

static inline value vars_cards(cardset s)
{
	value v;
	v.s = s;
	return v;
}

/* The state a getter reads: its frame's context (vars_frame). */
static inline const struct state *vars_state(const expr_frame *f)
{
	return f->ctx;
}

/* players (built in) and the options. */
bool vars_declare_static(expr_scope *sc, const game *g);

/* `deal`, the number of the deal in the match: what the counts of a
 * deal (its hand size, its tricks) may read besides the options. */
bool vars_declare_deal_number(expr_scope *sc);

/* Does the expression read `deal`?  Such a count is worked out as each
 * deal starts. */
bool vars_reads_deal(const expr *e);

/* Is the per-seat expression the same at every seat of a team: does it
 * read its seat only through `team` and the named values of g->let
 * already known to be so? */
bool vars_same_in_team(const game *g, const expr *e);

/* Does the expression read one of the game's options?  A count that
 * reads neither options nor `deal` is tabled by player count. */
bool vars_reads_options(const expr *e);

/* What a deal can see of the common state: the table, the cards, the
 * trick, the totals, the declarer, the teams of g (each phase kind
 * declares its own names: phase.h). */
bool vars_declare_deal(expr_scope *sc, const game *g);

/* Whether the getter fn keeps its value through a trick once it is led
 * (the suit led, the trick's number, the deal's, the dealer, the
 * options). */
bool vars_fixed_in_trick(expr_getter_fn fn);

/* Whether the getter fn keeps its value through a tricks phase for the
 * tricks led in one suit (the suit led, the deal's number, the dealer,
 * the options). */
bool vars_fixed_by_led(expr_getter_fn fn);

/* The seat constants left, right, keep, and holder(card). */
bool vars_declare_seat_words(expr_scope *sc);

/* A value kept between deals, read from state.kept[index]. */
bool vars_declare_kept(expr_scope *sc, const char *name, expr_type t,
		       bool per_seat, int index);

/* A counter of the deal, read from state.counter[index]. */
bool vars_declare_counter(expr_scope *sc, const char *name, int index,
			  bool per_seat);

/* A name of `define`: its expression g->define[index], worked out for
 * the seat read. */
bool vars_declare_define(expr_scope *sc, const char *name, expr_type t,
			 bool per_seat, int index);

/* The values of `define` names worked out for one state while it does
 * not change (the calls of a trick listed, a deal scored): each name is
 * worked out once a seat, not at every read (conditions read the same
 * names again and again).  Open around the reads, on the stack; the
 * state must not change until it is closed.  One memo a thread is in
 * use, the last opened; memos nest. */
typedef struct vars_memo {
	const struct state *s;                  /* NULL: none kept */
	struct vars_memo *outer;
	const struct state *steady;             /* a steady memo's state */
	uint8_t tricks_done;                    /* its state's, when its */
	uint16_t called[SEAT_MAX];              /* values were worked out */
	uint32_t known[DEFINES_MAX];            /* bit 1 + seat (-1: bit 0) */
	uint32_t by_trick[DEFINES_MAX];         /* the known that read a
						   trick done */
	value v[DEFINES_MAX][SEAT_MAX + 1];
	uint32_t gate_known[SEAT_MAX];          /* a steady memo's calls whose
						   steady operands are known
						   at each seat (bit i: call
						   i), kept as the values */
	uint32_t gate_holds[SEAT_MAX];          /* those whose operands hold */
	uint32_t gate_by_trick[SEAT_MAX];       /* those that read a trick
						   done */
} vars_memo;

void vars_memo_open(vars_memo *m, const struct state *s);
void vars_memo_close(vars_memo *m);

/* Whether a define's expression reads only names that no card changes
 * before its trick ends and that nothing of a tricks phase but a call
 * changes: the options, the dealer, the cards dealt, the tricks done
 * and who took them, the counters, the declarer, the teams, the kept
 * values and such defines before it. */
bool vars_steady(const game *g, const expr *e);

/* Notes the counters each define reads (g->define_counters) and, for
 * each call of a tricks phase, those its condition reads and those it
 * raises: a steady memo keeps what reads none that a call made raises. */
void vars_mark_by_call(game *g);

/* A steady memo: the values of the steady defines kept while a tricks
 * phase of s is played out, from one card to the next, until a call is
 * made for those that read a counter it raises (vars_mark_by_call),
 * or a trick ends for those that read a trick done; and the calls'
 * gates (announce.c).  The memos opened inside it for s (the calls
 * listed) take the values from it and give them to it; it is checked
 * as each opens.  Closed with vars_memo_close. */
void vars_memo_open_steady(vars_memo *m, const struct state *s);

/* The steady memo of s around the memo in use, or NULL. */
vars_memo *vars_memo_steady(const struct state *s);

/* The same, brought up to date with s (the calls made, the tricks done)
 * as a memo opened inside it would be: its gates may be read without
 * opening one. */
vars_memo *vars_memo_steady_checked(const struct state *s);

/* Whether reading the name (get, arg) may read the getter fn: it is
 * fn, or a define whose expression reads it, through the defines it
 * reads in turn. */
bool vars_name_reads(const game *g, expr_getter_fn get, int arg,
		     expr_getter_fn fn);

/* Whether define d may read the getter fn (vars_name_reads). */
bool vars_define_reads(const game *g, int d, expr_getter_fn fn);

/* Which operands of e's `and`s are steady (vars_steady): bit i for the
 * i-th (expr_and_ops_names_ok). */
uint32_t vars_steady_and_ops(const game *g, const expr *e);

/* Which operands of e's `and`s, read during a tricks phase, stay false
 * once false while the steady names they read stand: those comparing
 * the cards in a hand, which only loses cards, with steady values
 * (`time >= 10`, `time` counting the hand). */
uint32_t vars_latching_ops(const game *g, const expr *e);

/* Whether the operands in ops of e's `and`s all hold at seat; *by_trick
 * set when their values read a trick done. */
bool vars_and_ops_hold(const struct state *s, const expr *e, uint32_t ops,
		       int seat, bool *by_trick);

/* A named place: the cards of all its piles. */
bool vars_declare_place(expr_scope *sc, const char *name, int index);

/* `melds`: each seat's meld points, by the game's melds hook; and the
 * hook's whole result, for front ends that show the melds. */
bool vars_declare_melds(expr_scope *sc);
void vars_melds(const struct state *s, struct meld_result *r);

/* `score`: each seat's score for the deal being scored. */
bool vars_declare_scores(expr_scope *sc);

/* A frame over state s; slots may be NULL when the scope has none.
 * Without slots it is the frame vars_eval evaluates in
 * (expr_eval_bare's). */
void vars_frame(expr_frame *f, const struct state *s, value *slots);

/* Evaluates a table-wide (seat < 0) or per-seat expression on s. */
value vars_eval(const struct state *s, const expr *e, int seat);

/* A count at s's table: its entry for the player count, or its
 * expression's value, kept within 0..10000. */
int vars_count(const struct state *s, const count_spec *c);

/* A count's expression's value kept as vars_count keeps it. */
int vars_count_kept(int64_t v);

/* e's table by the one option it reads and nothing else (no seat, no
 * player count), for each of the option's values; NULL for any other e
 * or an option of more than OPTION_TABLE_MAX values. */
const option_value_table *vars_option_table(game *g, const expr *e);

/* Table t's entry for the option's value `option`, when it holds one
 * (the caller checks that no evaluation is watched: validate's are all
 * worked out). */
static inline const value *vars_option_entry(const option_value_table *t,
					     int64_t option)
{
	uint64_t v = (uint64_t)option - (uint64_t)t->lowest;
	return v < (uint64_t)t->n ? &t->v[v] : NULL;
}

/* e's table by the one counter it reads (as counter_table says), in
 * g's arena; NULL when e reads anything else (another counter, an
 * option, the seat), the counter is per seat, or memory ran out.  Its
 * values: the counter's named values (16 at most), else 0 to 7. */
const counter_table *vars_counter_table(game *g, const expr *e);

/* e's value (a phase's, read with no seat), from its table t when t
 * holds the counter's value. */
value vars_eval_by_counter(const struct state *s, const expr *e,
			   const counter_table *t);

/* A static count at `players` players with the default options, for
 * deal number `deal` (0 for a count that cannot read it). */
long vars_eval_static(const game *g, const expr *e, int players, int deal);

#endif
