/* vars.c — the engine's state seen from expressions. */
#include "engine/vars.h"

#include <stddef.h>
#include <string.h>

#include "engine/meld.h"
#include "engine/place.h"

#define STATE(f) vars_state(f)

/* Set by every read of the tricks done (their number, who took them and
 * what): a define worked out without one keeps its value when a trick
 * ends (vars_memo_open_steady). */
static _Thread_local bool done_tricks_read;

/* ---- the table ---- */

static value get_option(const expr_frame *f, int seat, int arg)
{
	(void)seat;
	return vars_int(STATE(f)->option[arg]);
}

static value get_dealer(const expr_frame *f, int seat, int arg)
{
	(void)seat, (void)arg;
	return vars_int(STATE(f)->dealer);
}

static value get_deal(const expr_frame *f, int seat, int arg)
{
	(void)seat, (void)arg;
	return vars_int(STATE(f)->deal_no);
}

static value get_deals(const expr_frame *f, int seat, int arg)
{
	(void)seat, (void)arg;
	return vars_int(STATE(f)->deals);
}

static value get_across(const expr_frame *f, int seat, int arg)
{
	(void)seat, (void)arg;
	return vars_int(STATE(f)->players / 2);
}

/* ---- cards ---- */

static value get_down(const expr_frame *f, int seat, int arg)
{
	(void)seat, (void)arg;
	return vars_cards(STATE(f)->down);
}


static value get_hand(const expr_frame *f, int seat, int arg)
{
	(void)arg;
	return vars_cards(STATE(f)->hand[seat]);
}

static value get_dealt(const expr_frame *f, int seat, int arg)
{
	(void)arg;
	return vars_cards(STATE(f)->dealt[seat]);
}

static value get_won(const expr_frame *f, int seat, int arg)
{
	(void)arg;
	done_tricks_read = true;
	return vars_cards(STATE(f)->won[seat]);
}

static value get_tricks(const expr_frame *f, int seat, int arg)
{
	(void)arg;
	done_tricks_read = true;
	return vars_int(STATE(f)->tricks_won[seat]);
}

static value get_leftover(const expr_frame *f, int seat, int arg)
{
	(void)seat;
	const state *s = STATE(f);
	return vars_cards(arg ? s->leftover_up : s->leftover);
}

/* The card turned up in the deal (deal.turn-up); no card before. */
static value get_turned_up(const expr_frame *f, int seat, int arg)
{
	(void)seat, (void)arg;
	const state *s = STATE(f);
	return vars_int(s->turned_up == CARD_NONE ? FACE_NONE
			: s->g->deck.face[s->turned_up]);
}

/* ---- the trick ---- */

static value get_trick(const expr_frame *f, int seat, int arg)
{
	(void)seat, (void)arg;
	return vars_int(STATE(f)->trick_no);
}

static value get_leading(const expr_frame *f, int seat, int arg)
{
	(void)seat, (void)arg;
	return vars_int(STATE(f)->nplayed == 0);
}

static value get_led(const expr_frame *f, int seat, int arg)
{
	(void)seat, (void)arg;
	const state *s = STATE(f);
	if (s->nplayed == 0)
		return vars_int(-1);
	int suit = s->g->deck.suit_of[s->table[0]];
	return vars_int(suit == DECK_JOKER ? -1 : suit);
}

static value get_table(const expr_frame *f, int seat, int arg)
{
	(void)seat, (void)arg;
	const state *s = STATE(f);
	cardset t = cset_empty();
	for (int i = 0; i < s->nplayed; i++)
		cset_add(&t, s->table[i]);
	return vars_cards(t);
}

static value get_played(const expr_frame *f, int seat, int arg)
{
	(void)seat, (void)arg;
	return vars_cards(STATE(f)->played);
}

/* The cards melds are found in: the hands as dealt, or the melds each
 * player declared when declaring is a choice. */
static const cardset *meld_hands(const state *s)
{
	return s->g->melds_chosen ? s->melded : s->dealt;
}

void vars_melds(const state *s, meld_result *r)
{
	meld_run_hook(s, meld_hands(s), -1, r);
}

/* The melds of the hands a scoring sees, found once: a scoring asks for
 * them seat by seat, and every `sum(... melds[s] ...)` again. */
static value get_melds(const expr_frame *f, int seat, int arg)
{
	(void)arg;
	static _Thread_local struct {
		const game *g;
		uint64_t serial;
		int8_t players, first;
		cardset hands[SEAT_MAX], trumps;
		int64_t points[SEAT_MAX];
	} last;
	const state *s = STATE(f);
	size_t hands = sizeof *last.hands * (size_t)s->players;
	if (last.g != s->g || last.serial != s->g->serial ||
	    last.players != s->players ||
	    last.first != s->first_leader || !cset_eq(last.trumps, s->trumps) ||
	    memcmp(last.hands, meld_hands(s), hands) != 0) {
		hook_input in = {.hands = meld_hands(s)};
		hook_result h;  /* the points alone: no melds copied */
		hook_call(&s->g->melds, s, -1, in, &h);
		memcpy(last.points, h.score, sizeof last.points);
		last.g = s->g;
		last.serial = s->g->serial;
		last.players = s->players;
		last.first = s->first_leader;
		last.trumps = s->trumps;
		memcpy(last.hands, meld_hands(s), hands);
	}
	return vars_int(seat >= 0 ? last.points[seat] : 0);
}

bool vars_declare_melds(expr_scope *sc)
{
	return expr_scope_getter(sc, "melds", TY_INT, true, get_melds, 0);
}

/* Every hand is played out: the deal is being scored. */
static value get_played_out(const expr_frame *f, int seat, int arg)
{
	(void)seat, (void)arg;
	const state *s = STATE(f);
	for (int p = 0; p < s->players; p++)
		if (!cset_is_empty(s->hand[p]))
			return vars_int(0);
	return vars_int(s->nplayed == 0);
}

static value get_last_winner(const expr_frame *f, int seat, int arg)
{
	(void)seat, (void)arg;
	done_tricks_read = true;
	int w = STATE(f)->last_winner;
	return vars_int(w < 0 ? 0 : w);
}

/* ---- scores ---- */

static value get_total(const expr_frame *f, int seat, int arg)
{
	(void)arg;
	return vars_int(STATE(f)->total[seat]);
}

static value get_score(const expr_frame *f, int seat, int arg)
{
	(void)arg;
	return vars_int(STATE(f)->deal_score[seat]);
}

static value get_kept(const expr_frame *f, int seat, int arg)
{
	return vars_int(STATE(f)->kept[arg][seat < 0 ? 0 : seat]);
}

/* holder(card): the seat whose hand holds the card; the dealer's left
 * neighbour when nobody does, so that the function is total. */
static value native_holder(const value *args, int nargs, const expr_frame *f)
{
	(void)nargs;
	const state *s = STATE(f);
	card_face face = (card_face)args[0].i;
	if (face != FACE_NONE)
		for (int p = 0; p < s->players; p++)
			if (cset_meets(s->hand[p], s->g->deck.by_face[face]))
				return vars_int(p);
	return vars_int(state_seat_plus(s, s->dealer, 1));
}

/* ---- the deal's tricks so far ---- */

/* The trick numbered n through the deal (from 1), as an index into the
 * history; -1 for a trick not yet complete. */
static int done_trick(const state *s, int64_t n)
{
	return n >= 1 && n <= s->tricks_done ? (int)n - 1 : -1;
}

/* trick_winner(n), trick_leader(n): seat 0 for a trick not yet played,
 * so that the functions are total. */
static value native_trick_winner(const value *args, int nargs,
				 const expr_frame *f)
{
	(void)nargs;
	done_tricks_read = true;
	int t = done_trick(STATE(f), args[0].i);
	return vars_int(t < 0 ? 0 : STATE(f)->trick_winner[t]);
}

static value native_trick_leader(const value *args, int nargs,
				 const expr_frame *f)
{
	(void)nargs;
	done_tricks_read = true;
	int t = done_trick(STATE(f), args[0].i);
	return vars_int(t < 0 ? 0 : STATE(f)->trick_leader[t]);
}

/* The cards of trick n: those on the table for the trick in progress,
 * none for one still to come. */
static cardset trick_cards(const state *s, int64_t n)
{
	cardset out = cset_empty();
	if (n < 1 || n > s->tricks_done + 1)
		return out;
	CSET_FOREACH(c, s->played)
		if (s->trick_of[c] == n)
			cset_add(&out, c);
	return out;
}

static value native_trick_cards(const value *args, int nargs,
				const expr_frame *f)
{
	(void)nargs;
	return vars_cards(trick_cards(STATE(f), args[0].i));
}

/* trick_of(card): the first trick a card of that face was played to; 0
 * while none has been. */
static value native_trick_of(const value *args, int nargs,
			     const expr_frame *f)
{
	(void)nargs;
	const state *s = STATE(f);
	card_face face = (card_face)args[0].i;
	int first = 0;
	if (face != FACE_NONE)
		CSET_FOREACH(c, cset_and(s->played, s->g->deck.by_face[face]))
			if (first == 0 || s->trick_of[c] < first)
				first = s->trick_of[c];
	return vars_int(first);
}

static value get_last_trick(const expr_frame *f, int seat, int arg)
{
	(void)seat, (void)arg;
	done_tricks_read = true;
	const state *s = STATE(f);
	return vars_cards(s->tricks_done ? trick_cards(s, s->tricks_done)
			  : cset_empty());
}

static value get_tricks_played(const expr_frame *f, int seat, int arg)
{
	(void)seat, (void)arg;
	done_tricks_read = true;
	return vars_int(STATE(f)->tricks_done);
}

static value get_laid(const expr_frame *f, int seat, int arg)
{
	(void)arg;
	return vars_cards(STATE(f)->laid[seat < 0 ? 0 : seat]);
}

/* ---- declarations ---- */

typedef struct getter_def {
	const char *name;
	expr_type type;
	bool per_seat;
	expr_getter_fn fn;
	int arg;
	size_t field;           /* a field's offset + 1 (FIELD); 0: none */
	size_t stride;
	expr_field_kind kind;
} getter_def;

/* A getter_def's field: the state's member m, which fn reads as it is;
 * per seat, an array of them. */
#define FIELD(m) \
	offsetof(state, m) + 1, sizeof(((state *)0)->m[0]), \
	EXPR_FIELD_KIND(((state *)0)->m[0])
#define FIELD1(m) \
	offsetof(state, m) + 1, 0, EXPR_FIELD_KIND(((state *)0)->m)
#define NO_FIELD 0, 0, EXPR_FIELD_I64

/* ---- decisions ---- */

static value get_counter(const expr_frame *f, int seat, int arg)
{
	const state *s = STATE(f);
	return vars_int(s->counter[arg][s->g->counter_per_seat[arg] &&
					 seat >= 0 ? seat : 0]);
}

static value get_declarer(const expr_frame *f, int seat, int arg)
{
	(void)seat, (void)arg;
	int d = STATE(f)->declarer;
	return vars_int(d < 0 ? 0 : d);
}

static value get_declared(const expr_frame *f, int seat, int arg)
{
	(void)seat, (void)arg;
	return vars_int(STATE(f)->declarer >= 0);
}

static value get_team(const expr_frame *f, int seat, int arg)
{
	(void)arg;
	return vars_int(STATE(f)->g->team_of[seat]);
}

static const getter_def deal_names[] = {
	{"dealer", TY_SEAT, false, get_dealer, 0, FIELD1(dealer)},
	{"deals", TY_INT, false, get_deals, 0, FIELD1(deals)},
	{"across", TY_INT, false, get_across, 0, NO_FIELD},
	{"hand", TY_CARDS, true, get_hand, 0, NO_FIELD},
	{"dealt", TY_CARDS, true, get_dealt, 0, NO_FIELD},
	{"won", TY_CARDS, true, get_won, 0, NO_FIELD},
	{"tricks", TY_INT, true, get_tricks, 0, NO_FIELD},
	{"leftover", TY_CARDS, false, get_leftover, 0, NO_FIELD},
	{"turned_up", TY_CARD, false, get_turned_up, 0, NO_FIELD},
	{"face_up", TY_CARDS, false, get_leftover, 1, NO_FIELD},
	{"trick", TY_INT, false, get_trick, 0, FIELD1(trick_no)},
	{"leading", TY_BOOL, false, get_leading, 0, NO_FIELD},
	{"led", TY_SUIT, false, get_led, 0, NO_FIELD},
	{"table", TY_CARDS, false, get_table, 0, NO_FIELD},
	{"played", TY_CARDS, false, get_played, 0, NO_FIELD},
	{"down", TY_CARDS, false, get_down, 0, NO_FIELD},
	{"last_winner", TY_SEAT, false, get_last_winner, 0, NO_FIELD},
	{"last_trick", TY_CARDS, false, get_last_trick, 0, NO_FIELD},
	{"tricks_played", TY_INT, false, get_tricks_played, 0, NO_FIELD},
	{"laid", TY_CARDS, true, get_laid, 0, NO_FIELD},
	{"played_out", TY_BOOL, false, get_played_out, 0, NO_FIELD},
	{"total", TY_INT, true, get_total, 0, FIELD(total)},
	{"team", TY_INT, true, get_team, 0, NO_FIELD},
	{"declarer", TY_SEAT, false, get_declarer, 0, NO_FIELD},
	{"declared", TY_BOOL, false, get_declared, 0, NO_FIELD},
};

bool vars_declare_static(expr_scope *sc, const game *g)
{
	for (int i = 0; i < g->noptions; i++)
		if (!expr_scope_field(sc, g->option[i].name, TY_INT, false,
				      get_option, i,
				      offsetof(state, option) + (size_t)i *
				      sizeof ((state *)0)->option[0],
				      0, EXPR_FIELD_I64))
			return false;
	return true;
}

bool vars_fixed_in_trick(expr_getter_fn fn)
{
	return fn == get_led || fn == get_trick || fn == get_deal ||
	       fn == get_dealer || fn == get_option;
}

bool vars_fixed_by_led(expr_getter_fn fn)
{
	return fn == get_led || fn == get_deal || fn == get_dealer ||
	       fn == get_option;
}

bool vars_declare_deal_number(expr_scope *sc)
{
	return expr_scope_field(sc, "deal", TY_INT, false, get_deal, 0,
				offsetof(state, deal_no), 0,
				EXPR_FIELD_KIND(((state *)0)->deal_no));
}

bool vars_reads_deal(const expr *e)
{
	return expr_reads(e, get_deal);
}

static bool let_same_in_team(int slot, const void *ctx)
{
	const game *g = ctx;
	for (int i = 0; i < g->nlets; i++)
		if (g->let[i].per_seat && g->let[i].slot == slot)
			return g->let[i].same_in_team;
	return false;
}

bool vars_same_in_team(const game *g, const expr *e)
{
	return expr_reads_seat_through(e, get_team, let_same_in_team, g);
}

bool vars_reads_options(const expr *e)
{
	return expr_reads(e, get_option);
}

/* The teams are fixed with the game: `team` is read from its table. */
static bool declare_deal_name(expr_scope *sc, const getter_def *d,
			      const game *g)
{
	if (d->fn == get_team)
		return expr_scope_seat_table(sc, d->name, d->fn, d->arg,
					     g->team_of);
	if (d->field)
		return expr_scope_field(sc, d->name, d->type, d->per_seat,
					d->fn, d->arg, d->field - 1, d->stride,
					d->kind);
	return expr_scope_getter(sc, d->name, d->type, d->per_seat, d->fn,
				 d->arg);
}

bool vars_declare_deal(expr_scope *sc, const game *g)
{
	for (size_t i = 0; i < sizeof deal_names / sizeof *deal_names; i++)
		if (!declare_deal_name(sc, &deal_names[i], g))
			return false;
	return true;
}

bool vars_declare_seat_words(expr_scope *sc)
{
	static const expr_type card_param[] = {TY_CARD};
	static const expr_type int_param[] = {TY_INT};
	return expr_scope_const(sc, "left", TY_INT, 1) &&
	       expr_scope_const(sc, "right", TY_INT, -1) &&
	       expr_scope_const(sc, "keep", TY_INT, 0) &&
	       expr_scope_native(sc, "holder", TY_SEAT, card_param, 1,
				 native_holder) &&
	       expr_scope_native(sc, "trick_winner", TY_SEAT, int_param, 1,
				 native_trick_winner) &&
	       expr_scope_native(sc, "trick_leader", TY_SEAT, int_param, 1,
				 native_trick_leader) &&
	       expr_scope_native(sc, "trick_cards", TY_CARDS, int_param, 1,
				 native_trick_cards) &&
	       expr_scope_native(sc, "trick_of", TY_INT, card_param, 1,
				 native_trick_of);
}

bool vars_declare_kept(expr_scope *sc, const char *name, expr_type t,
		       bool per_seat, int index)
{
	return expr_scope_field(sc, name, t, per_seat, get_kept, index,
				offsetof(state, kept) + (size_t)index *
				sizeof ((state *)0)->kept[0],
				sizeof(int64_t), EXPR_FIELD_I64);
}

bool vars_declare_counter(expr_scope *sc, const char *name, int index,
			  bool per_seat)
{
	return expr_scope_field(sc, name, TY_INT, per_seat, get_counter, index,
				offsetof(state, counter) + (size_t)index *
				sizeof ((state *)0)->counter[0],
				sizeof(int64_t), EXPR_FIELD_I64);
}

/* The memo in use on this thread, or NULL. */
static _Thread_local vars_memo *memo;

/* The tricks phase s is in, whose calls s->called counts; NULL in
 * another phase. */
static const tricks_phase *calls_phase_of(const state *s)
{
	const game *g = s->g;
	return s->phase >= 0 && s->phase < g->nphases &&
	       g->phase[s->phase].kind == PHASE_TRICKS
	       ? &g->phase[s->phase].u.tricks : NULL;
}

/* The counters raised by the calls of t made since memo m's values
 * were worked out: every counter where a call was unmade since. */
static uint32_t raised_since(const vars_memo *m, const state *s,
			     const tricks_phase *t)
{
	uint32_t made = 0;
	for (int p = 0; p < s->players; p++) {
		if (m->called[p] & ~s->called[p])
			return UINT32_MAX;      /* not made since: unmade */
		made |= s->called[p] & ~m->called[p];
	}
	uint32_t raised = 0;
	for (; made; made &= made - 1) {
		int i = __builtin_ctz(made);
		raised |= i < t->ncalls ? t->call[i].raises : UINT32_MAX;
	}
	return raised;
}

/* The calls of t whose gates read a counter in `raised`. */
static uint32_t calls_reading(const tricks_phase *t, uint32_t raised)
{
	uint32_t hit = 0;
	for (int i = 0; i < t->ncalls; i++)
		if (t->call[i].reads & raised)
			hit |= UINT32_C(1) << i;
	return hit;
}

/* A steady memo's values stand while no call made since they were
 * worked out raised a counter they read, and those that read a trick
 * done while the same tricks are done too; so do the gates of the
 * calls (out of a tricks phase, any call made resets them all). */
static __attribute__((noinline)) void steady_changed(vars_memo *m,
						     const state *s)
{
	bool call_made = memcmp(m->called, s->called, sizeof m->called) != 0;
	if (m->tricks_done != s->tricks_done) {    /* a trick done */
		for (int d = 0; d < s->g->ndefines; d++)
			m->known[d] &= ~m->by_trick[d];
		for (int p = 0; p < s->players; p++)
			m->gate_known[p] &= ~m->gate_by_trick[p];
		m->tricks_done = s->tricks_done;
	}
	if (!call_made)
		return;
	/* out of a tricks phase, a call made resets all */
	const tricks_phase *t = calls_phase_of(s);
	uint32_t raised = t ? raised_since(m, s, t) : UINT32_MAX;
	for (int d = 0; d < s->g->ndefines; d++)   /* the others: none */
		if (s->g->define_counters[d] & raised)
			m->known[d] = 0;
	uint32_t reset = !raised ? 0 : t ? calls_reading(t, raised)
					  : UINT32_MAX;
	for (int p = 0; reset && p < s->players; p++)
		m->gate_known[p] &= ~reset;        /* gates of the seats */
	memcpy(m->called, s->called, sizeof m->called);
}

/* Most checks find nothing changed: they cost a compare in line. */
static inline void steady_checked(vars_memo *m, const state *s)
{
	if (m->tricks_done != s->tricks_done ||
	    memcmp(m->called, s->called, sizeof m->called) != 0)
		steady_changed(m, s);
}

void vars_memo_open(vars_memo *m, const state *s)
{
	/* validate's watched evaluations are all made: no memo then */
	m->s = expr_watching() ? NULL : s;
	m->steady = NULL;
	m->outer = memo;
	memset(m->known, 0, sizeof m->known);
	memset(m->by_trick, 0, sizeof m->by_trick);
	memo = m;
	if (m->outer && m->outer->steady == s)
		steady_checked(m->outer, s);
}

void vars_memo_open_steady(vars_memo *m, const state *s)
{
	vars_memo_open(m, s);
	m->steady = m->s;       /* none under validate's watch */
	m->s = NULL;            /* read only through the memos inside */
	m->tricks_done = s->tricks_done;
	memcpy(m->called, s->called, sizeof m->called);
	memset(m->gate_known, 0, sizeof m->gate_known);
}

void vars_memo_close(vars_memo *m)
{
	memo = m->outer;
}

vars_memo *vars_memo_steady(const state *s)
{
	vars_memo *m = memo;
	if (m && m->steady == s)
		return m;
	return m && m->outer && m->outer->steady == s ? m->outer : NULL;
}

vars_memo *vars_memo_steady_checked(const state *s)
{
	vars_memo *st = vars_memo_steady(s);
	if (st)
		steady_checked(st, s);
	return st;
}

bool vars_and_ops_hold(const state *s, const expr *e, uint32_t ops,
		       int seat, bool *by_trick)
{
	bool outer_read = done_tricks_read;
	done_tricks_read = false;
	expr_frame f;
	vars_frame(&f, s, NULL);
	f.seat = seat;
	bool holds = expr_and_ops_hold(e, ops, &f);
	*by_trick = done_tricks_read;
	done_tricks_read |= outer_read;
	return holds;
}

/* Keeps value v of define arg at seat bit in memo m, with whether it
 * read a trick done. */
static void kept(vars_memo *m, int arg, unsigned bit, value v, bool by_trick)
{
	uint32_t one = UINT32_C(1) << bit;
	m->v[arg][bit] = v;
	m->known[arg] |= one;
	m->by_trick[arg] = by_trick ? m->by_trick[arg] | one
				    : m->by_trick[arg] & ~one;
}

/* A define's value worked out, or taken from the steady memo around,
 * and kept in the memo of s if one is open: out of line, so that the
 * read of a known value (most reads) saves no registers.  Whether it
 * read a trick done passes on to the define or expression reading it. */
static __attribute__((noinline)) value define_worked_out(const state *s,
							 int arg, int seat)
{
	vars_memo *m = memo;
	unsigned bit = (unsigned)(seat + 1);
	bool keep = m && m->s == s && bit <= SEAT_MAX;
	vars_memo *st = keep && s->g->define_steady[arg] && m->outer &&
			m->outer->steady == s ? m->outer : NULL;
	/* read right under the steady memo (a call's raises, what it
	 * shows): a steady value is kept there too, once it is checked */
	if (!keep && m && m->steady == s && bit <= SEAT_MAX &&
	    s->g->define_steady[arg]) {
		steady_checked(m, s);
		st = m;
	}
	bool outer_read = done_tricks_read;
	done_tricks_read = false;
	value v;
	if (st && (st->known[arg] >> bit & 1)) {
		v = st->v[arg][bit];
		done_tricks_read = st->by_trick[arg] >> bit & 1;
	} else {
		v = vars_eval(s, s->g->define[arg], seat);
		if (st)
			kept(st, arg, bit, v, done_tricks_read);
	}
	if (keep)
		kept(m, arg, bit, v, done_tricks_read);
	done_tricks_read |= outer_read;
	return v;
}

/* A define is worked out from the state and the seat alone (its frame
 * has no names of the scoring), so a memo of the same state holds its
 * value. */
static value get_define(const expr_frame *f, int seat, int arg)
{
	const state *s = STATE(f);
	const vars_memo *m = memo;
	unsigned bit = (unsigned)(seat + 1);
	if (m && m->s == s && bit <= SEAT_MAX && (m->known[arg] >> bit & 1)) {
		done_tricks_read |= m->by_trick[arg] >> bit & 1;
		return m->v[arg][bit];
	}
	/* a steady value known around: read in place, not copied in */
	const vars_memo *st = m && m->s == s ? m->outer : NULL;
	if (st && st->steady == s && bit <= SEAT_MAX &&
	    s->g->define_steady[arg] && (st->known[arg] >> bit & 1)) {
		done_tricks_read |= st->by_trick[arg] >> bit & 1;
		return st->v[arg][bit];
	}
	return define_worked_out(s, arg, seat);
}

/* The names of vars_steady(). */
static bool steady_name(expr_getter_fn get, int arg, expr_native_fn native,
			const void *ctx)
{
	static const expr_getter_fn steady[] = {
		get_option, get_dealer, get_deal, get_deals, get_across,
		get_dealt, get_won, get_tricks, get_tricks_played,
		get_last_trick, get_last_winner, get_counter, get_declarer,
		get_declared, get_team, get_kept,
	};
	const game *g = ctx;
	if (native)     /* of the tricks done alone */
		return native == native_trick_winner ||
		       native == native_trick_leader;
	if (get == get_define)
		return arg >= 0 && arg < g->ndefines && g->define_steady[arg];
	for (size_t i = 0; i < sizeof steady / sizeof *steady; i++)
		if (get == steady[i])
			return true;
	return false;
}

bool vars_steady(const game *g, const expr *e)
{
	return expr_reads_names_ok(e, steady_name, g);
}

/* The counters an expression reads, gathered as vars_mark_by_call
 * walks its names: a counter's own bit, a define's counters. */
typedef struct counters_read {
	const game *g;
	uint32_t *bits;
} counters_read;

static bool gather_counters(expr_getter_fn get, int arg,
			    expr_native_fn native, const void *ctx)
{
	const counters_read *r = ctx;
	if (native)
		return true;
	if (get == get_counter && arg >= 0 && arg < 32)
		*r->bits |= UINT32_C(1) << arg;
	else if (get == get_define && arg >= 0 && arg < r->g->ndefines)
		*r->bits |= r->g->define_counters[arg];
	return true;            /* every name is looked at */
}

static uint32_t counters_of(const game *g, const expr *e)
{
	uint32_t bits = 0;
	counters_read r = {g, &bits};
	if (e)
		expr_reads_names_ok(e, gather_counters, &r);
	return bits;
}

_Static_assert(COUNTERS_MAX <= 32, "a counter is a bit of a word");

/* What gate_counters asks of a name: that it reads not the counter k,
 * itself or through a define. */
typedef struct without_counter {
	const game *g;
	int k;
} without_counter;

static bool reads_not_counter(expr_getter_fn get, int arg,
			      expr_native_fn native, const void *ctx)
{
	const without_counter *w = ctx;
	if (native)
		return true;
	if (get == get_counter)
		return arg != w->k;
	if (get == get_define && arg >= 0 && arg < w->g->ndefines)
		return !(w->g->define_counters[arg] >> w->k & 1);
	return true;
}

/* The counters read by call c's gate, the steady operands of its
 * condition and those that latch (announce.c): the other operands are
 * read at every card, kept nowhere. */
static uint32_t gate_counters(const game *g, const trick_call *c)
{
	uint32_t kept = c->steady_ops | c->latch_ops;
	if (!c->when || !kept)
		return 0;
	uint32_t bits = 0;
	for (int k = 0; k < g->ncounters && k < 32; k++) {
		without_counter w = {g, k};
		uint32_t clear = expr_and_ops_names_ok(c->when,
						       reads_not_counter, &w);
		if (kept & ~clear)
			bits |= UINT32_C(1) << k;
	}
	return bits;
}

void vars_mark_by_call(game *g)
{
	/* a define reads only those before it: their bits are known */
	for (int d = 0; d < g->ndefines; d++)
		g->define_counters[d] = counters_of(g, g->define[d]);
	for (int p = 0; p < g->nphases; p++) {
		if (g->phase[p].kind != PHASE_TRICKS)
			continue;
		tricks_phase *t = &g->phase[p].u.tricks;
		for (int i = 0; i < t->ncalls; i++) {
			trick_call *c = &t->call[i];
			c->raises = 0;
			for (int k = 0; k < c->adds.n; k++)
				c->raises |= UINT32_C(1) << c->adds.counter[k];
			c->reads = gate_counters(g, c);
		}
	}
}

/* What vars_name_reads asks about: the game and the getter. */
typedef struct name_reads {
	const game *g;
	expr_getter_fn fn;
} name_reads;

static bool reads_not(expr_getter_fn get, int arg, expr_native_fn native,
		      const void *ctx)
{
	const name_reads *r = ctx;
	return native || !vars_name_reads(r->g, get, arg, r->fn);
}

bool vars_name_reads(const game *g, expr_getter_fn get, int arg,
		     expr_getter_fn fn)
{
	if (get == fn)
		return true;
	if (get != get_define || arg < 0 || arg >= g->ndefines)
		return false;
	/* a define reads only those before it: the recursion ends */
	name_reads r = {g, fn};
	return !expr_reads_names_ok(g->define[arg], reads_not, &r);
}

bool vars_define_reads(const game *g, int d, expr_getter_fn fn)
{
	return vars_name_reads(g, get_define, d, fn);
}

/* How a name moves while a tricks phase is played, for
 * vars_latching_ops: a hand only loses cards, the steady names stand
 * (until what the steady memo watches changes), and a define moves as
 * its expression does. */
static expr_direction in_tricks(expr_getter_fn get, int arg,
				expr_native_fn native, const void *ctx)
{
	const game *g = ctx;
	if (get == get_hand)
		return EXPR_FALLS;
	if (get == get_define && arg >= 0 && arg < g->ndefines &&
	    !g->define_steady[arg])
		return expr_direction_of(g->define[arg], in_tricks, g);
	return steady_name(get, arg, native, g) ? EXPR_STEADY : EXPR_MOVES;
}

uint32_t vars_latching_ops(const game *g, const expr *e)
{
	return expr_and_ops_latching(e, in_tricks, g);
}

uint32_t vars_steady_and_ops(const game *g, const expr *e)
{
	return expr_and_ops_names_ok(e, steady_name, g);
}

bool vars_declare_define(expr_scope *sc, const char *name, expr_type t,
			 bool per_seat, int index)
{
	return expr_scope_getter(sc, name, t, per_seat, get_define, index);
}

static value get_place(const expr_frame *f, int seat, int arg)
{
	(void)seat;
	return vars_cards(place_cards(STATE(f), arg));
}

bool vars_declare_place(expr_scope *sc, const char *name, int index)
{
	return expr_scope_getter(sc, name, TY_CARDS, false, get_place, index);
}

bool vars_declare_scores(expr_scope *sc)
{
	return expr_scope_field(sc, "score", TY_INT, true, get_score, 0,
				offsetof(state, deal_score), sizeof(int64_t),
				EXPR_FIELD_I64);
}

void vars_frame(expr_frame *f, const state *s, value *slots)
{
	f->slot = slots;
	f->players = s->players;
	f->seat = -1;
	f->ctx = s;
	f->lazy = NULL;
}

long vars_eval_static(const game *g, const expr *e, int players, int deal)
{
	state s;
	memset(&s, 0, sizeof s);
	s.g = g;
	s.players = (int8_t)players;
	s.deal_no = (int16_t)deal;
	for (int i = 0; i < g->noptions; i++)
		s.option[i] = g->option[i].fallback;
	expr_frame f;
	vars_frame(&f, &s, NULL);
	return (long)expr_eval_int(e, &f);
}

static bool counter_getter(expr_getter_fn fn)
{
	return fn == get_counter;
}

/* The one name of the getter `get` an expression reads, a counter or
 * an option (*k; -1 before the first). */
typedef struct one_name {
	expr_getter_fn get;
	int *k;
} one_name;

static bool same_name(expr_getter_fn get, int arg, expr_native_fn native,
		      const void *ctx)
{
	const one_name *one = ctx;
	if (native || get != one->get || (*one->k >= 0 && *one->k != arg))
		return false;
	*one->k = arg;
	return true;
}

/* The one name of the getter `get` that e reads, with nothing else of
 * the state (no seat, player count or other name: `only` accepts get
 * alone), or -1. */
static int one_name_read(const expr *e, expr_getter_fn get,
			 expr_getter_ok_fn only)
{
	int k = -1;
	one_name one = {get, &k};
	if (!e || expr_is_per_seat(e) || !expr_reads_only_getters(e, only) ||
	    !expr_reads_names_ok(e, same_name, &one))
		return -1;
	return k;
}

const counter_table *vars_counter_table(game *g, const expr *e)
{
	int k = one_name_read(e, get_counter, counter_getter);
	if (k < 0 || g->counter_per_seat[k])
		return NULL;
	counter_table *t = arena_alloc(&g->arena, sizeof *t);
	if (!t)
		return NULL;
	int named = g->counter_nnames[k];
	t->counter = k;
	t->n = named > 0 && named <= COUNTER_TABLE_MAX ? named : 8;
	state s;
	memset(&s, 0, sizeof s);
	s.g = g;
	expr_frame f;
	vars_frame(&f, &s, NULL);
	for (int v = 0; v < t->n; v++) {
		s.counter[k][0] = v;
		t->v[v] = expr_eval(e, &f);
	}
	return t;
}

static bool option_getter(expr_getter_fn fn)
{
	return fn == get_option;
}

const option_value_table *vars_option_table(game *g, const expr *e)
{
	int k = one_name_read(e, get_option, option_getter);
	if (k < 0 || k >= g->noptions)
		return NULL;
	const option_def *o = &g->option[k];
	/* the span as unsigned: a rule file's bounds may be far apart */
	if (o->max < o->min ||
	    (uint64_t)o->max - (uint64_t)o->min >= OPTION_TABLE_MAX)
		return NULL;
	int n = (int)(o->max - o->min + 1);
	option_value_table *t = arena_alloc(&g->arena,
				      sizeof *t + sizeof *t->v * (size_t)n);
	if (!t)
		return NULL;
	t->option = k;
	t->lowest = o->min;
	t->n = n;
	state s;
	memset(&s, 0, sizeof s);
	s.g = g;
	expr_frame f;
	vars_frame(&f, &s, NULL);
	for (int v = 0; v < n; v++) {
		s.option[k] = o->min + v;
		t->v[v] = expr_eval(e, &f);
	}
	return t;
}

value vars_eval_by_counter(const state *s, const expr *e,
			   const counter_table *t)
{
	if (t && !expr_watching()) {    /* validate's are all evaluated */
		int64_t v = s->counter[t->counter][0];
		if (v >= 0 && v < t->n)
			return t->v[v];
	}
	return vars_eval(s, e, -1);
}

value vars_eval(const state *s, const expr *e, int seat)
{
	return expr_eval_bare(e, s, s->players, seat);   /* vars_frame's */
}

int vars_count_kept(int64_t v)
{
	return v < 0 ? 0 : v > COUNT_MAX ? COUNT_MAX : (int)v;
}

int vars_count(const state *s, const count_spec *c)
{
	if (!c->e || c->tabled)
		return c->by_players[s->players];
	return vars_count_kept(vars_eval(s, c->e, -1).i);
}
