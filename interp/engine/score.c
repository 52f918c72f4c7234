/* score.c — scoring a deal, values kept between deals, the match's end. */
#include <string.h>

#include "engine/score.h"
#include "engine/vars.h"
#include "util/arith.h"

_Static_assert(VARS_SLOTS_MAX <= EXPR_LAZY_SLOTS,
	       "a lazy frame's bits cover every slot of a scoring");

/* The first seat of p's team: p itself, or a partner before it. */
static int team_first(const game *g, int p)
{
	int q = 0;
	while (g->team_of[q] != g->team_of[p])
		q++;
	return q;
}

/* The named values, in order; a per-seat one is computed for every seat,
 * or once a team when it is the same at every seat of a team (a side's
 * tricks). */
static void eval_lets(const state *s, expr_frame *f)
{
	const game *g = s->g;
	for (int i = 0; i < g->nlets; i++) {
		const let_def *l = &g->let[i];
		if (!l->per_seat) {
			f->seat = -1;
			f->slot[l->slot] = expr_eval(l->e, f);
			continue;
		}
		if (!l->same_in_team) {
			f->seat = -1;
			expr_eval_seats(l->e, f, &f->slot[l->slot]);
			continue;
		}
		for (int p = 0; p < s->players; p++) {
			int q = team_first(g, p);
			f->seat = p;
			f->slot[l->slot + p] = q < p ? f->slot[l->slot + q]
				: expr_eval(l->e, f);
		}
	}
}

/* ---- Named values worked out when first read -------------------------- */

/* A deal reads few of its named values (a Ramsch deal none of the
 * soloist's): each is worked out, for one seat, at its first read. */
typedef struct lazy_lets {
	expr_lazy lz;           /* first: fill is handed it */
	const state *s;
	expr_frame f;           /* the deal's; its seat is set at each fill */
} lazy_lets;

static bool known(const expr_lazy *lz, int slot)
{
	return lz->known[slot >> 6] >> (slot & 63) & 1;
}

static void set_known(expr_lazy *lz, int slot)
{
	lz->known[slot >> 6] |= UINT64_C(1) << (slot & 63);
}

static void need(expr_lazy *lz, int slot)
{
	if (!known(lz, slot))
		lz->fill(lz, slot);
}

/* A per-seat value the same in a team is the team's first seat's: the
 * game lists, slot by slot, the value, the seat and the slot copied. */
static void fill_let(expr_lazy *lz, int slot)
{
	lazy_lets *ll = (lazy_lets *)lz;
	const game *g = ll->s->g;
	int at = g->let_of_slot[slot], from = g->let_from[slot];
	expr_frame *f = &ll->f;
	if (!at) {
		;               /* not a named value: nothing to work out */
	} else if (from != slot) {
		need(lz, from);
		f->slot[slot] = f->slot[from];
	} else {
		f->seat = g->let_seat[slot];    /* expr_eval copies the frame:
						   no read sees it */
		f->slot[slot] = expr_eval(g->let[at - 1].e, f);
	}
	set_known(lz, slot);
}

/* f reads the named values as they are first needed; under validate's
 * watch every one is worked out, as each may hold a choose() to watch,
 * and so is every one of a game whose deals read them all. */
static void lazy_open(lazy_lets *ll, const state *s, expr_frame *f)
{
	const game *g = s->g;
	if (expr_watching() || g->lets_all_read) {
		eval_lets(s, f);
		return;
	}
	for (int i = 0; i < EXPR_LAZY_SLOTS / 64; i++)
		ll->lz.known[i] = ~g->let_slots[i];
	ll->lz.fill = fill_let;
	ll->s = s;
	f->lazy = &ll->lz;
	ll->f = *f;
}

/* The values the match's expressions read are worked out while the state
 * is still the one the deal was scored in; the rest are not read. */
static void lazy_close(lazy_lets *ll, const state *s, expr_frame *f)
{
	const game *g = s->g;
	if (!f->lazy)
		return;
	for (int i = 0; g->lets_read_late && i < g->nlets; i++) {
		const let_def *l = &g->let[i];
		int width = l->per_seat ? s->players : 1;
		for (int p = 0; l->read_late && p < width; p++)
			need(&ll->lz, l->slot + p);
	}
	f->lazy = NULL;
}

static void eval_checks(state *s, expr_frame *f)
{
	const game *g = s->g;
	f->seat = -1;
	for (int i = 0; i < g->nchecks && !s->failed_check; i++)
		if (!expr_eval(g->check[i], f).i)
			s->failed_check = (int8_t)(i + 1);
}

/* Every next value is computed from the old ones before any is stored. */
static void next_kept(const state *s, expr_frame *f,
		      int64_t next[KEPT_MAX][SEAT_MAX])
{
	const game *g = s->g;
	for (int k = 0; k < g->nkept; k++) {
		if (!g->kept[k].per_seat) {
			f->seat = -1;
			int64_t v = expr_eval(g->kept[k].next, f).i;
			for (int p = 0; p < s->players; p++)
				next[k][p] = v;
			continue;
		}
		value v[SEAT_MAX];
		expr_eval_seats(g->kept[k].next, f, v);
		for (int p = 0; p < s->players; p++)
			next[k][p] = v[p].i;
	}
}

static void store_kept(state *s, int64_t next[KEPT_MAX][SEAT_MAX])
{
	const game *g = s->g;
	for (int k = 0; k < g->nkept; k++)
		for (int p = 0; p < s->players; p++)
			s->kept[k][p] = next[k][p];
}

static bool match_ends(const state *s, expr_frame *f)
{
	const game *g = s->g;
	if (g->has_deals && s->deal_no >= s->deals)
		return true;
	f->seat = -1;
	return g->end && expr_eval(g->end, f).i;
}

void score_deal(state *s)
{
	const game *g = s->g;
	value slots[VARS_SLOTS_MAX];
	expr_frame f;
	vars_frame(&f, s, slots);
	vars_memo m;            /* the lets read the same defines again */
	vars_memo_open(&m, s);
	lazy_lets lets;
	lazy_open(&lets, s, &f);
	if (g->score_same_in_team) {
		for (int p = 0; p < s->players; p++) {
			int q = team_first(g, p);
			f.seat = p;
			s->deal_score[p] = q < p ? s->deal_score[q]
				: expr_eval(g->score, &f).i;
		}
	} else {
		value v[SEAT_MAX];
		expr_eval_seats(g->score, &f, v);
		for (int p = 0; p < s->players; p++)
			s->deal_score[p] = v[p].i;
	}
	if (s->checks)
		eval_checks(s, &f);
	int64_t kept[KEPT_MAX][SEAT_MAX];
	next_kept(s, &f, kept);
	lazy_close(&lets, s, &f);
	vars_memo_close(&m);
	store_kept(s, kept);
	for (int p = 0; p < s->players; p++)
		s->total[p] = arith_add(s->total[p], s->deal_score[p]);
	s->event = EV_SCORED;
	s->phase = -1;
	if (match_ends(s, &f)) {
		score_rank(s, &f);
		s->over = true;
		s->current = SEAT_END;
		return;
	}
	int next = state_next_seat(s, s->dealer, 1);
	if (g->next_dealer) {
		f.seat = -1;
		next = (int)expr_eval(g->next_dealer, &f).i;
		if (next < 0 || next >= s->players)
			next = 0;
	}
	s->next_dealer = (int8_t)next;
	s->current = SEAT_CHANCE;
}

/* Whether seat a ranks above seat b by the ranking keys (the first
 * that differs decides). */
static bool above(int64_t keys[][SEAT_MAX], const bool *highest, int nkeys,
		  int a, int b)
{
	for (int k = 0; k < nkeys; k++) {
		int64_t x = keys[k][a], y = keys[k][b];
		if (x != y)
			return (x > y) == highest[k];
	}
	return false;
}

void score_rank(state *s, const expr_frame *frame)
{
	const game *g = s->g;
	int64_t keys[RANK_KEYS_MAX][SEAT_MAX];
	bool highest[RANK_KEYS_MAX] = {true};   /* no keys: the highest total */
	int nkeys = g->nrank ? g->nrank : 1;
	expr_frame f = *frame;
	for (int k = 0; k < g->nrank; k++)
		highest[k] = g->rank[k].highest;
	for (int p = 0; p < s->players; p++) {
		f.seat = p;
		keys[0][p] = s->total[p];
		for (int k = 0; k < g->nrank; k++)
			keys[k][p] = expr_eval(g->rank[k].e, &f).i;
	}
	for (int p = 0; p < s->players; p++) {
		int better = 0;
		for (int q = 0; q < s->players; q++)
			better += above(keys, highest, nkeys, q, p);
		s->place[p] = (int8_t)(better + 1);
	}
}

void score_values(const state *s, value *slots)
{
	expr_frame f;
	vars_frame(&f, s, slots);
	eval_lets(s, &f);
}

bool score_value_shown(const state *s, value *slots, int let, int seat)
{
	const expr *show = s->g->let[let].show;
	if (!show)
		return true;
	expr_frame f;
	vars_frame(&f, s, slots);
	f.seat = seat;
	return expr_eval(show, &f).i != 0;
}

void score_scored_values(const state *scored, const state *during,
			 value *slots)
{
	state pre = *scored;
	memcpy(pre.total, during->total, sizeof pre.total);
	memcpy(pre.kept, during->kept, sizeof pre.kept);
	score_values(&pre, slots);
}
