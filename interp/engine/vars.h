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

#include "lang/expr.h"
#include "engine/game.h"


struct state;
struct meld_result;

/* players (built in) and the options. */
bool vars_declare_static(expr_scope *sc, const game *g);

/* What a deal can see: the table, the cards, the trick, the totals, the
 * seat constants left, right, across, keep, and holder(card). */
bool vars_declare_deal(expr_scope *sc);

/* A value kept between deals, read from state.kept[index]. */
bool vars_declare_kept(expr_scope *sc, const char *name, expr_type t,
		       bool per_seat, int index);

/* A counter of the deal, read from state.counter[index]. */
bool vars_declare_counter(expr_scope *sc, const char *name, int index,
			  bool per_seat);

/* A named place: the cards of all its piles. */
bool vars_declare_place(expr_scope *sc, const char *name, int index);

/* A named denomination of the auctions: true when it is the
 * contract's. */
bool vars_declare_denomination(expr_scope *sc, const char *name, int index);

/* The suit elected by the vote phase `index` (no suit before it). */
bool vars_declare_elected(expr_scope *sc, const char *name, int index);

/* `melds`: each seat's meld points, by the game's melds hook; and the
 * hook's whole result, for front ends that show the melds. */
bool vars_declare_melds(expr_scope *sc);
void vars_melds(const struct state *s, struct meld_result *r);

/* `score`: each seat's score for the deal being scored. */
bool vars_declare_scores(expr_scope *sc);

/* A frame over state s; slots may be NULL when the scope has none. */
void vars_frame(expr_frame *f, const struct state *s, value *slots);

/* Evaluates a table-wide (seat < 0) or per-seat expression on s. */
value vars_eval(const struct state *s, const expr *e, int seat);

/* A count at s's table: its entry for the player count, or its
 * expression's value, kept within 0..10000. */
int vars_count(const struct state *s, const count_spec *c);

/* A static count at `players` players with the default options. */
long vars_eval_static(const game *g, const expr *e, int players);

#endif
