/*
 * layout.c — a solitaire layout: piles on a table, moves between them.
 *
 * The cards start in the `stock` place (dealt face down, drawn from its
 * top).  Setup deals a triangle (Klondike's tableau) or fills each pile of
 * a place with a card of `with`, setting the others aside (Gridcannon's
 * grid).  When `draw` is given, a card is drawn into its `to` place
 * whenever that is empty, from its places in order (a place set aside
 * first, then the stock).
 *
 * Every other step is a move of a kind the rule file declares: from some
 * places to a place, the cards it takes (the top card, a face-up run, the
 * whole pile), and `when` over the candidate (`card`, `target`, `pile`,
 * `beside`, `moving`, `source`).  Among a move's candidates, `prefer`
 * keeps the first tier that has any, and `highest`/`lowest` the best of
 * those; ties are the player's choice.  `unless` makes a move legal only
 * when other moves are not; `uses` spends a card of a place (a ploy);
 * `auto` moves are made as soon as they are legal.  After a move onto a
 * grid, `attack` looks along the row and column at the slots beyond the
 * far end and turns down the cards `kills` says.  The game ends when
 * `won` or `lost` holds, when a move's `loses` holds, or when no move is
 * left.
 *
 * Geometry is the engine's: a place may be a grid of rows x cols piles,
 * and another its perimeter (`around`), piles N0.. E0.. S0.. W0.. each
 * beside one edge pile of the grid.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "engine/counters.h"
#include "engine/phase.h"
#include "engine/place.h"
#include "lang/schema.h"

#define LAYOUT(p) (&(p)->u.layout)

/* ======================================================================
 * Geometry
 * ====================================================================== */

static int place_of_pile(const game *g, int pile)
{
	for (int k = 0; k < g->nplaces; k++)
		if (pile >= g->place[k].first_pile &&
		    pile < g->place[k].first_pile + g->place[k].npiles)
			return k;
	return -1;
}

/* The grid pile beside a slot of a place around a grid; -1. */
static int beside_pile(const game *g, int slot)
{
	int k = place_of_pile(g, slot);
	if (k < 0 || g->place[k].around < 0)
		return -1;
	const place_def *grid = &g->place[g->place[k].around];
	int R = grid->rows, C = grid->cols, i = slot - g->place[k].first_pile;
	int r, c;
	if (i < C)
		r = 0, c = i;
	else if ((i -= C) < R)
		r = i, c = C - 1;
	else if ((i -= R) < C)
		r = R - 1, c = i;
	else
		r = i - C, c = 0;
	return grid->first_pile + r * C + c;
}

/* A line across the grid: the slot beyond its far end and the piles
 * between the placed pile and that slot. */
typedef struct line {
	int slot;
	int between[PILES_MAX];
	int n;
} line;

/* The lines from a grid pile placed on at one end of its row or column;
 * how many (a corner has two, the centre none). */
static int lines_from(const game *g, const layout_phase *l, int pile,
		      line *out)
{
	const place_def *grid = &g->place[l->attack_grid];
	const place_def *slots = &g->place[l->attack_slots];
	int R = grid->rows, C = grid->cols, i = pile - grid->first_pile;
	if (i < 0 || i >= R * C)
		return 0;
	int r = i / C, c = i % C, n = 0;
	int s0 = slots->first_pile;
	if (r == 0 && R > 1) {          /* down the column to S c */
		out[n].slot = s0 + C + R + c;
		out[n].n = 0;
		for (int k = 1; k < R; k++)
			out[n].between[out[n].n++] = grid->first_pile + k * C + c;
		n++;
	}
	if (r == R - 1 && R > 1) {      /* up to N c */
		out[n].slot = s0 + c;
		out[n].n = 0;
		for (int k = R - 2; k >= 0; k--)
			out[n].between[out[n].n++] = grid->first_pile + k * C + c;
		n++;
	}
	if (c == 0 && C > 1) {          /* across to E r */
		out[n].slot = s0 + C + r;
		out[n].n = 0;
		for (int k = 1; k < C; k++)
			out[n].between[out[n].n++] = grid->first_pile + r * C + k;
		n++;
	}
	if (c == C - 1 && C > 1) {      /* back to W r */
		out[n].slot = s0 + 2 * C + R + r;
		out[n].n = 0;
		for (int k = C - 2; k >= 0; k--)
			out[n].between[out[n].n++] = grid->first_pile + r * C + k;
		n++;
	}
	return n;
}

/* ======================================================================
 * Cards moving
 * ====================================================================== */

/* Puts card c under every card of pile p. */
static void pile_push_bottom(state *s, int p, card_id c)
{
	for (int k = 0; k < s->g->deck.ncards; k++)
		if (s->pile_of[k] == p + 1)
			s->depth[k]++;
	s->pile_of[c] = (uint8_t)(p + 1);
	s->depth[c] = 0;
	s->pile_size[p]++;
}

/* Card c lands on (or under) pile p, with the face of p's place. */
static void land(state *s, int p, card_id c, bool bottom)
{
	if (bottom)
		pile_push_bottom(s, p, c);
	else
		pile_push(s, p, c);
	int k = place_of_pile(s->g, p);
	if (k >= 0 && s->g->place[k].face_up) {
		cset_del(&s->down, c);
		cset_add(&s->seen, c);
	} else {
		cset_del(&s->down, c);
	}
}

/* The top card of pile p leaves it; CARD_NONE when it is empty. */
static card_id take_top(state *s, int p)
{
	card_id c = pile_top(s, p);
	if (c != CARD_NONE)
		pile_remove(s, c);
	return c;
}

static int place_top_pile(const state *s, int k)
{
	const place_def *pl = &s->g->place[k];
	for (int i = 0; i < pl->npiles; i++)
		if (s->pile_size[pl->first_pile + i])
			return pl->first_pile + i;
	return -1;
}

/* The tops of the reveal place's piles turn face up. */
static void reveal(state *s, const layout_phase *l)
{
	if (l->reveal < 0)
		return;
	const place_def *pl = &s->g->place[l->reveal];
	for (int i = 0; i < pl->npiles; i++) {
		card_id c = pile_top(s, pl->first_pile + i);
		if (c != CARD_NONE && cset_has(s->down, c)) {
			cset_del(&s->down, c);
			cset_add(&s->seen, c);
		}
	}
}

/* Fills pile p from the top of the stock until it holds a card of
 * `with`; the others go under the cards set aside, so the first set
 * aside is drawn first. */
static void fill_pile(state *s, const layout_phase *l, int p, cardset with)
{
	int stock = s->g->place[l->stock].first_pile;
	while (s->pile_size[p] == 0 && s->pile_size[stock] > 0) {
		card_id c = take_top(s, stock);
		if (cset_has(with, c))
			land(s, p, c, false);
		else
			land(s, s->g->place[l->aside].first_pile, c, true);
	}
}

static void fill(state *s, const layout_phase *l, int only)
{
	cardset with = vars_eval(s, l->fill_with, -1).s;
	const place_def *pl = &s->g->place[l->fill];
	for (int i = 0; i < pl->npiles; i++)
		if (only < 0 || only == pl->first_pile + i)
			fill_pile(s, l, pl->first_pile + i, with);
}

/* Klondike's deal: pile i gets deal_first + i cards face down, one round
 * of the piles at a time. */
static void deal_triangle(state *s, const layout_phase *l)
{
	const place_def *pl = &s->g->place[l->deal_to];
	int stock = s->g->place[l->stock].first_pile;
	for (int round = 0;; round++) {
		bool any = false;
		for (int i = 0; i < pl->npiles; i++) {
			if (l->deal_first + i <= round || !s->pile_size[stock])
				continue;
			card_id c = take_top(s, stock);
			land(s, pl->first_pile + i, c, false);
			cset_add(&s->down, c);
			cset_del(&s->seen, c);
			any = true;
		}
		if (!any)
			break;
	}
}

/* ======================================================================
 * Candidates
 * ====================================================================== */

/* The variables of move conditions, in a frame of their own, and the
 * piles read once (each pile's cards bottom up, and as a set). */
typedef struct probe {
	value slot[VARS_SLOTS_MAX];
	expr_frame f;
	card_id pile[PILES_MAX][CARD_MAX];
	uint8_t n[PILES_MAX];
	cardset set[PILES_MAX];
} probe;

static void probe_start(probe *pr, const state *s)
{
	vars_frame(&pr->f, s, pr->slot);
	int np = s->g->npiles;
	memset(pr->n, 0, sizeof pr->n);
	for (int p = 0; p < np; p++)    /* a view lacks the hidden cards */
		for (int d = 0; d < s->pile_size[p]; d++)
			pr->pile[p][d] = CARD_NONE;
	for (int p = 0; p < np; p++)
		pr->set[p] = cset_empty();
	for (int c = 0; c < s->g->deck.ncards; c++) {
		int p = s->pile_of[c] - 1;
		if (p < 0)
			continue;
		pr->pile[p][s->depth[c]] = (card_id)c;
		cset_add(&pr->set[p], (card_id)c);
	}
	for (int p = 0; p < np; p++)
		pr->n[p] = s->pile_size[p];
}

static card_id probe_top(const probe *pr, int p)
{
	return pr->n[p] ? pr->pile[p][pr->n[p] - 1] : CARD_NONE;
}

static cardset probe_place(const state *s, const probe *pr, int k)
{
	const place_def *pl = &s->g->place[k];
	cardset out = cset_empty();
	for (int i = 0; i < pl->npiles; i++)
		out = cset_or(out, pr->set[pl->first_pile + i]);
	return out;
}

static void put_card(probe *pr, const state *s, int slot, card_id c)
{
	if (slot < 0)
		return;
	memset(&pr->slot[slot], 0, sizeof pr->slot[slot]);
	pr->slot[slot].i = c == CARD_NONE ? FACE_NONE : s->g->deck.face[c];
}

static void put_cards(probe *pr, int slot, cardset cs)
{
	if (slot >= 0)
		pr->slot[slot].s = cs;
}

static bool holds(const expr *e, probe *pr)
{
	return !e || expr_eval(e, &pr->f).i != 0;
}

/* A card of `pay` in its place, to be spent; CARD_NONE. */
static card_id pay_card(const state *s, const probe *pr, const move_def *m)
{
	if (!m->pay)
		return CARD_NONE;
	cardset want = cset_and(vars_eval(s, m->pay, -1).s,
				probe_place(s, pr, m->pay_from));
	return cset_is_empty(want) ? CARD_NONE : cset_first(want);
}

typedef struct candidate {
	action a;
	int tier;
	int64_t best;
} candidate;

/* The destination pile's variables and whether `when` holds. */
static bool try_target(const state *s, const layout_phase *l,
		       const move_def *m, probe *pr, int dest, candidate *out)
{
	put_card(pr, s, l->v_target, probe_top(pr, dest));
	put_cards(pr, l->v_pile, pr->set[dest]);
	int near = l->beside[dest];
	put_card(pr, s, l->v_beside, near < 0 ? CARD_NONE : probe_top(pr, near));
	if (!holds(m->when, pr))
		return false;
	out->tier = 0;
	if (m->nprefer) {
		while (out->tier < m->nprefer && !holds(m->prefer[out->tier], pr))
			out->tier++;
		if (out->tier == m->nprefer)
			return false;
	}
	out->best = m->best ? expr_eval(m->best, &pr->f).i : 0;
	return true;
}

/* Every candidate of move `index` before `unless`, the best tier and
 * value kept; how many. */
static int move_candidates(const state *s, const layout_phase *l, int index,
			   probe *pr, action *out, int room)
{
	const game *g = s->g;
	const move_def *m = &l->move[index];
	if (m->pay && pay_card(s, pr, m) == CARD_NONE)
		return 0;
	static __thread candidate cand[ACTIONS_MAX];
	int n = 0;
	int ncount = m->has_count ? vars_count(s, &m->count) : 1;
	for (int k = 0; k < g->nplaces; k++) {
		if (!(m->from >> k & 1))
			continue;
		const place_def *src = &g->place[k];
		for (int i = 0; i < src->npiles; i++) {
			int sp = src->first_pile + i;
			const card_id *cards = pr->pile[sp];
			int h = pr->n[sp];
			if (h == 0)
				continue;
			int lo = h - 1;
			if (m->group == GROUP_ALL)
				lo = 0;
			else if (m->group == GROUP_RUN)
				while (lo > 0 && !cset_has(s->down, cards[lo - 1]))
					lo--;
			put_cards(pr, l->v_source, pr->set[sp]);
			for (int start = lo; start < h; start++) {
				int first = m->group == GROUP_RUN ? start : lo;
				if (m->group == GROUP_TOP && m->has_count)
					first = h - ncount < 0 ? 0 : h - ncount;
				card_id card = m->group == GROUP_RUN ? cards[start]
								      : cards[h - 1];
				/* a card the player cannot see does not name the
				 * move: the stock's top card when dealing */
				if (!src->face_up || (cset_has(s->down, card) &&
						      !cset_has(s->seen, card)))
					card = CARD_NONE;
				cardset moving = cset_empty();
				for (int j = first; j < h; j++)
					cset_add(&moving, cards[j]);
				put_card(pr, s, l->v_card, card);
				put_cards(pr, l->v_moving, moving);
				const place_def *dst = &g->place[m->to];
				for (int d = 0; d < dst->npiles && n < ACTIONS_MAX; d++) {
					int dp = dst->first_pile + d;
					if (dp == sp || !try_target(s, l, m, pr, dp, &cand[n]))
						continue;
					if (room == 0)
						return 1;       /* one is enough */
					action a = action_of(ACT_MOVE, index);
					a.card[0] = card;
					a.from = (uint8_t)sp;
					a.to = (uint8_t)dp;
					cand[n++].a = a;
				}
				if (m->group != GROUP_RUN)
					break;
			}
		}
	}
	int tier = PREFER_MAX;
	for (int i = 0; i < n; i++)
		if (cand[i].tier < tier)
			tier = cand[i].tier;
	bool have = false;
	int64_t best = 0;
	for (int i = 0; i < n; i++) {
		if (cand[i].tier != tier)
			continue;
		if (!have || (m->best_lowest ? cand[i].best < best
					     : cand[i].best > best))
			best = cand[i].best;
		have = true;
	}
	int kept = 0;
	for (int i = 0; i < n && kept < room; i++)
		if (cand[i].tier == tier && (!m->best || cand[i].best == best))
			out[kept++] = cand[i].a;
	return kept;
}

static bool pending_draw(const state *s, const layout_phase *l)
{
	return l->draw_to >= 0 &&
	       s->pile_size[s->g->place[l->draw_to].first_pile] > 0;
}

/* Whether move m may be offered now.  The opening lasts until the first
 * card is drawn from the stock: cards set aside are settled first, then
 * the opening moves (or `start`) once; the other moves wait for it. */
static bool offered(const state *s, const layout_phase *l, const move_def *m)
{
	if (!s->opening)
		return !m->opening;
	if (pending_draw(s, l))
		return (m->from >> l->draw_to & 1) && !m->opening;
	return m->opening && !s->opened;
}

/* The legal actions, automatic moves included when `with_auto`, moves
 * that spend a card left out when `thrifty`. */
static int list_some(const state *s, const layout_phase *l, action *out,
		     bool with_auto, bool thrifty);

static int list_moves(const state *s, const layout_phase *l, action *out,
		      bool with_auto)
{
	return list_some(s, l, out, with_auto, false);
}

static int list_some(const state *s, const layout_phase *l, action *out,
		     bool with_auto, bool thrifty)
{
	probe pr;
	probe_start(&pr, s);
	int n = 0;
	uint32_t legal = 0;
	if (s->opening && !s->opened && !pending_draw(s, l))
		out[n++] = action_of(ACT_CHOICE, 0);    /* start */
	for (int i = 0; i < l->nmoves; i++) {
		const move_def *m = &l->move[i];
		if (!offered(s, l, m) || (m->automatic && !with_auto) ||
		    (thrifty && m->pay))
			continue;
		int k = move_candidates(s, l, i, &pr, out + n, ACTIONS_MAX - n);
		if (k && !(m->unless & legal)) {
			legal |= 1u << i;
			n += k;
		}
	}
	return n;
}

/* Whether any move is legal: a move with a candidate is legal unless a
 * move it names in `unless` is, so one candidate anywhere is enough. */
static bool any_move(const state *s, const layout_phase *l)
{
	if (s->opening && !s->opened && !pending_draw(s, l))
		return true;                    /* start */
	probe pr;
	probe_start(&pr, s);
	for (int i = 0; i < l->nmoves; i++) {
		const move_def *m = &l->move[i];
		if (offered(s, l, m) && !m->automatic &&
		    move_candidates(s, l, i, &pr, NULL, 0))
			return true;
	}
	return false;
}

static int legal(const state *s, const phase *p, action *out)
{
	int n = list_moves(s, LAYOUT(p), out, false);
	action_sort(out, n);
	return n;
}

/* ======================================================================
 * Playing
 * ====================================================================== */

static void attack(state *s, const layout_phase *l, int pile)
{
	line ln[4];
	int n = lines_from(s->g, l, pile, ln);
	probe pr;
	probe_start(&pr, s);
	for (int i = 0; i < n; i++) {
		card_id royal = probe_top(&pr, ln[i].slot);
		if (royal == CARD_NONE || cset_has(s->down, royal))
			continue;
		cardset between = cset_empty();
		for (int j = 0; j < ln[i].n; j++) {
			card_id c = probe_top(&pr, ln[i].between[j]);
			if (c != CARD_NONE)
				cset_add(&between, c);
		}
		put_card(&pr, s, l->v_royal, royal);
		put_cards(&pr, l->v_between, between);
		put_cards(&pr, l->v_pile, pr.set[ln[i].slot]);
		if (holds(l->kills, &pr)) {
			cset_add(&s->down, royal);
			cset_add(&s->killed, royal);
		}
	}
}

/* Carries out move a (legal). */
static void make_move(state *s, const layout_phase *l, const action *a)
{
	const move_def *m = &l->move[a->number];
	probe pr;
	probe_start(&pr, s);
	card_id pay = pay_card(s, &pr, m);
	if (pay != CARD_NONE) {
		pile_remove(s, pay);
		land(s, s->g->place[m->pay_to].first_pile, pay, false);
	}
	card_id cards[CARD_MAX];
	int h = pile_in_order(s, a->from, cards), first = h - 1;
	if (m->group == GROUP_ALL)
		first = 0;
	else if (m->group == GROUP_RUN)
		while (first > 0 && cards[first] != a->card[0])
			first--;
	else if (m->has_count) {
		int k = vars_count(s, &m->count);
		first = h - k < 0 ? 0 : h - k;
	}
	int group = h - first;
	for (int j = first; j < h; j++)
		pile_remove(s, cards[j]);
	/* turned over, the group's top lands first; under a pile, its
	 * bottom goes deepest */
	for (int j = 0; j < group; j++) {
		int idx = m->flip ? h - 1 - j : first + j;
		if (m->bottom)
			idx = m->flip ? first + j : h - 1 - j;
		land(s, a->to, cards[idx], m->bottom);
	}
	counters_add(s, &m->adds, 0);
	s->killed = cset_empty();
	if (m->attack && l->attack_grid >= 0)
		attack(s, l, a->to);
	if (m->refill && l->fill >= 0)
		fill(s, l, a->from);
	if (m->opening)
		s->opened = true;
	reveal(s, l);
	s->layout_moves++;
}

/* After a move: automatic moves, the draw, and the end; whether any move
 * is left is checked when `stuck` asks (a playout finds out by listing
 * the moves anyway). */
static phase_step settle(state *s, const phase *p, bool stuck)
{
	const layout_phase *l = LAYOUT(p);
	action list[ACTIONS_MAX];
	for (int guard = 0; guard < 4 * CARD_MAX; guard++) {
		if (l->won && vars_eval(s, l->won, -1).i) {
			s->solved = true;
			return PHASE_ENDS;
		}
		if ((l->lost && vars_eval(s, l->lost, -1).i) ||
		    (l->limit && s->layout_moves >= l->limit))
			return PHASE_ENDS;
		bool moved = false;
		for (int i = 0; i < l->nmoves && !moved; i++) {
			const move_def *m = &l->move[i];
			if (!m->automatic || !offered(s, l, m))
				continue;
			probe pr;
			probe_start(&pr, s);
			if (move_candidates(s, l, i, &pr, list, 1)) {
				make_move(s, l, &list[0]);
				moved = true;
			}
		}
		if (moved)
			continue;
		if (l->draw_to >= 0 && !pending_draw(s, l)) {
			for (int i = 0; i < l->ndraw && !moved; i++) {
				int k = l->draw_from[i];
				if (k == l->stock && s->opening && !s->opened)
					continue;
				int top = place_top_pile(s, k);
				if (top < 0)
					continue;
				if (k == l->stock)
					s->opening = false;
				land(s, s->g->place[l->draw_to].first_pile,
				     take_top(s, top), false);
				moved = true;
			}
			if (moved)
				continue;
		}
		if (stuck && !any_move(s, l))
			return PHASE_ENDS;
		s->current = 0;
		return PHASE_GOES_ON;
	}
	return PHASE_ENDS;
}

static bool enter(state *s, const phase *p)
{
	const layout_phase *l = LAYOUT(p);
	s->down = s->seen = s->killed = cset_empty();
	s->layout_moves = 0;
	s->layout_lost = s->solved = false;
	s->current = 0;
	if (l->deal_to >= 0)
		deal_triangle(s, l);
	if (l->fill >= 0)
		fill(s, l, -1);
	reveal(s, l);
	s->opening = s->opened = false;
	for (int i = 0; i < l->nmoves; i++)
		s->opening |= l->move[i].opening;
	return settle(s, p, true) == PHASE_GOES_ON;
}

static phase_step move_and_settle(state *s, const phase *p, const action *a,
				  bool stuck)
{
	const layout_phase *l = LAYOUT(p);
	s->event = EV_ACTION;
	if (a->kind == ACT_CHOICE) {
		s->opened = true;
		s->killed = cset_empty();
		return settle(s, p, stuck);
	}
	make_move(s, l, a);
	const move_def *m = &l->move[a->number];
	if (!cset_is_empty(s->killed))
		s->event = EV_ATTACK;
	if (m->loses) {
		probe pr;
		probe_start(&pr, s);
		put_card(&pr, s, l->v_card, a->card[0]);
		put_card(&pr, s, l->v_target, pile_top(s, a->to));
		put_cards(&pr, l->v_pile, pile_cards(s, a->to));
		if (holds(m->loses, &pr)) {
			s->layout_lost = true;
			return PHASE_ENDS;
		}
	}
	return settle(s, p, stuck);
}

static phase_step apply(state *s, const phase *p, const action *a)
{
	return move_and_settle(s, p, a, true);
}

/* Random moves until the game ends, listing the moves once a step: the
 * same moves, drawn the same way, as one random action at a time. */
static phase_step playout(state *s, const phase *p, const seat_rngs *r)
{
	action list[ACTIONS_MAX];
	for (;;) {
		int n = legal(s, p, list);
		if (n == 0)
			return PHASE_ENDS;
		action a = list[rng_below(r->seat[0], (uint32_t)n)];
		phase_step st = move_and_settle(s, p, &a, false);
		if (st != PHASE_GOES_ON)
			return st;
	}
}

/* ======================================================================
 * Words
 * ====================================================================== */

static action_prompt prompt(const state *s, const phase *p)
{
	(void)s;
	(void)p;
	action_prompt due = {"", 1};    /* each move names itself */
	return due;
}

/* Whether a move's words name its source pile: several places or piles
 * to take from, or another move of the same name. */
static bool names_source(const game *g, const layout_phase *l, int index)
{
	const move_def *m = &l->move[index];
	if (__builtin_popcount(m->from) > 1)
		return true;
	int k = __builtin_ctz(m->from | 1u << 31);
	if (k < g->nplaces && g->place[k].npiles > 1)
		return true;
	for (int i = 0; i < l->nmoves; i++)
		if (i != index && strcmp(l->move[i].name, m->name) == 0)
			return true;
	return false;
}

/* The words of one action, split: the move's name, then its source (a
 * card for a run, else a pile) and its destination pile when they need
 * saying; how many. */
static int action_tokens(const state *s, const layout_phase *l,
			 const action *a, char tok[3][24])
{
	const game *g = s->g;
	if (a->kind == ACT_CHOICE) {
		snprintf(tok[0], 24, "start");
		return 1;
	}
	if (a->kind != ACT_MOVE || a->number < 0 || a->number >= l->nmoves)
		return 0;
	const move_def *m = &l->move[a->number];
	int n = 0;
	snprintf(tok[n++], 24, "%s", m->name);
	if (m->group == GROUP_RUN) {
		char name[8];
		snprintf(tok[n++], 24, "%s",
			 deck_card_name(&g->deck, a->card[0], false, name));
	} else if (names_source(g, l, a->number)) {
		int k = place_of_pile(g, a->from);
		snprintf(tok[n++], 24, "%s", g->place[k].pile_name
			 [a->from - g->place[k].first_pile]);
	}
	if (g->place[m->to].npiles > 1)
		snprintf(tok[n++], 24, "%s", g->place[m->to].pile_name
			 [a->to - g->place[m->to].first_pile]);
	return n;
}

static void words(const state *s, const phase *p, const action *a, int n,
		  char *buf, size_t size)
{
	char tok[3][24];
	int k = n < 1 ? 0 : action_tokens(s, LAYOUT(p), a, tok);
	buf[0] = '\0';
	for (int i = 0; i < k; i++)
		snprintf(buf + strlen(buf), size - strlen(buf), "%s%s",
			 i ? " " : "", tok[i]);
}

/* A typed word for a token of action a: the token itself, or for a run's
 * card the pile it lies in. */
static bool word_matches(const state *s, const action *a, const char *w,
			 const char *tok)
{
	if (strcasecmp(w, tok) == 0)
		return true;
	const game *g = s->g;
	char name[8];
	if (a->kind == ACT_MOVE &&
	    strcasecmp(tok, deck_card_name(&g->deck, a->card[0], false, name)) == 0) {
		int k = place_of_pile(g, a->from);
		return k >= 0 && strcasecmp(w, g->place[k].pile_name
					    [a->from - g->place[k].first_pile]) == 0;
	}
	return false;
}

/* Whether the typed words name action a: its tokens in order, a word
 * naming the moving card may be added anywhere after the name, and the
 * last tokens may be left out. */
static bool typed_matches(const state *s, const layout_phase *l,
			  const action *a, char *const *word, int nword)
{
	char tok[3][24], name[8];
	int nt = action_tokens(s, l, a, tok), t = 0;
	if (nt == 0 || nword == 0 || strcasecmp(word[0], tok[0]) != 0)
		return false;
	t = 1;
	for (int i = 1; i < nword; i++) {
		if (t < nt && word_matches(s, a, word[i], tok[t])) {
			t++;
			continue;
		}
		if (a->kind == ACT_MOVE && strcasecmp(word[i], deck_card_name(
			    &s->g->deck, a->card[0], false, name)) == 0)
			continue;
		return false;
	}
	return true;
}

/* Whether a pile's place is a grid or around one: its piles differ by
 * where they lie even when empty. */
static bool placed_apart(const game *g, int pile)
{
	int k = place_of_pile(g, pile);
	return k >= 0 && (g->place[k].rows || g->place[k].around >= 0);
}

static bool all_digits(const char *w)
{
	if (!*w)
		return false;
	for (; *w; w++)
		if (*w < '0' || *w > '9')
			return false;
	return true;
}

static bool parse_words(const state *s, const phase *p, char *const *word,
			int nword, action *out, int *n, char *err, size_t size);

/* A grid pile's word `1,2` arrives split at its comma: joined again. */
static bool parse(const state *s, const phase *p, char *const *word,
		  int nword, action *out, int *n, char *err, size_t size)
{
	char joined[16][24];
	char *w[16];
	int nw = 0;
	for (int i = 0; i < nword && nw < 16; i++) {
		if (i + 1 < nword && all_digits(word[i]) && all_digits(word[i + 1]) &&
		    strlen(word[i]) < 8 && strlen(word[i + 1]) < 8) {
			snprintf(joined[nw], sizeof joined[nw], "%s,%s", word[i],
				 word[i + 1]);
			i++;
		} else {
			snprintf(joined[nw], sizeof joined[nw], "%s", word[i]);
		}
		w[nw] = joined[nw];
		nw++;
	}
	return parse_words(s, p, w, nw, out, n, err, size);
}

static bool parse_words(const state *s, const phase *p, char *const *word,
			int nword, action *out, int *n, char *err, size_t size)
{
	const layout_phase *l = LAYOUT(p);
	action list[ACTIONS_MAX];
	int nl = legal(s, p, list), found = 0, first = -1;
	bool same = true;
	for (int i = 0; i < nl; i++) {
		if (!typed_matches(s, l, &list[i], word, nword))
			continue;
		if (first < 0)
			first = i;
		/* destinations that differ only among empty piles are one,
		 * but on a grid or around one, where each pile has its place */
		else if (list[i].number != list[first].number ||
			 list[i].from != list[first].from ||
			 list[i].card[0] != list[first].card[0] ||
			 s->pile_size[list[i].to] || s->pile_size[list[first].to] ||
			 placed_apart(s->g, list[i].to))
			same = false;
		found++;
	}
	if (found == 1 || (found > 1 && same)) {
		out[0] = list[first];
		*n = 1;
		return true;
	}
	char w[80];
	size_t used = 0;
	err[0] = '\0';
	if (found > 1) {
		used = (size_t)snprintf(err, size, "say which:");
		for (int i = 0, shown = 0; i < nl && used < size; i++) {
			if (!typed_matches(s, l, &list[i], word, nword))
				continue;
			if (shown++ == 6) {
				snprintf(err + used, size - used, " ...");
				break;
			}
			words(s, p, &list[i], 1, w, sizeof w);
			used += (size_t)snprintf(err + used, size - used, "%s %s",
						 shown > 1 ? "," : "", w);
		}
		return false;
	}
	/* a move of this name, elsewhere: its targets */
	bool named = false;
	for (int i = 0; i < nl && nword && !named; i++) {
		char tok[3][24];
		named = action_tokens(s, l, &list[i], tok) > 0 &&
			strcasecmp(tok[0], word[0]) == 0;
	}
	if (named) {
		char typed[120] = "";
		for (int i = 0; i < nword; i++)
			snprintf(typed + strlen(typed), sizeof typed - strlen(typed),
				 "%s%s", i ? " " : "", word[i]);
		used = (size_t)snprintf(err, size, "'%s' is not legal now; the %s "
					"moves are:", typed, word[0]);
		for (int i = 0, shown = 0; i < nl && used < size; i++) {
			char tok[3][24];
			if (action_tokens(s, l, &list[i], tok) == 0 ||
			    strcasecmp(tok[0], word[0]) != 0)
				continue;
			if (shown++ == 12) {
				snprintf(err + used, size - used, " ...");
				break;
			}
			words(s, p, &list[i], 1, w, sizeof w);
			used += (size_t)snprintf(err + used, size - used, "%s %s",
						 shown > 1 ? "," : "", w);
		}
		return false;
	}
	used = (size_t)snprintf(err, size, "'%s' is not a move now; the moves "
				"are:", nword ? word[0] : "");
	for (int i = 0; i < nl && used < size; i++) {
		if (i == 8) {
			snprintf(err + used, size - used, " ... (type moves)");
			break;
		}
		words(s, p, &list[i], 1, w, sizeof w);
		used += (size_t)snprintf(err + used, size - used, "%s %s",
					 i ? "," : "", w);
	}
	return false;
}

static void why_illegal(const state *s, const phase *p, const action *a,
			char *buf, size_t size)
{
	char w[80];
	words(s, p, a, 1, w, sizeof w);
	snprintf(buf, size, "'%s' is not a legal move now (type moves for "
		 "the list)", w[0] ? w : "that");
}

/* ======================================================================
 * Explaining
 * ====================================================================== */

static const char *place_name(const game *g, int k)
{
	return k >= 0 ? g->place[k].name : "?";
}

static void explain_move(FILE *out, const game *g, const move_def *m)
{
	static const char *const group[] = {
		[GROUP_TOP] = "the top card", [GROUP_RUN] = "a face-up card "
		"with the cards on it", [GROUP_ALL] = "the whole pile",
	};
	fprintf(out, "- `%s`: %s", m->name,
		m->has_count ? "the top cards (as many as the count)"
			     : group[m->group]);
	fprintf(out, " from ");
	bool first = true;
	for (int k = 0; k < g->nplaces; k++)
		if (m->from >> k & 1) {
			fprintf(out, "%s`%s`", first ? "" : " or ", g->place[k].name);
			first = false;
		}
	fprintf(out, " %s `%s`%s", m->bottom ? "under" : "onto",
		place_name(g, m->to), m->flip ? ", turned over" : "");
	if (m->when)
		fprintf(out, ", when `%s`", expr_text(m->when));
	for (int i = 0; i < m->nprefer; i++)
		fprintf(out, "%s`%s`", i ? ", then " : "; preferring ",
			expr_text(m->prefer[i]));
	if (m->best)
		fprintf(out, "; only where `%s` is the %s", expr_text(m->best),
			m->best_lowest ? "lowest" : "highest");
	if (m->unless)
		fprintf(out, "; only when the moves named in `unless` have none");
	if (m->pay)
		fprintf(out, "; it uses up a card of `%s` from `%s` (to `%s`)",
			expr_text(m->pay), place_name(g, m->pay_from),
			place_name(g, m->pay_to));
	if (m->attack)
		fprintf(out, "; then the attack");
	if (m->refill)
		fprintf(out, "; then its pile is filled again");
	if (m->loses)
		fprintf(out, "; the game is lost if `%s`", expr_text(m->loses));
	if (m->automatic)
		fprintf(out, " (made at once, without asking)");
	if (m->opening)
		fprintf(out, " (once, before the first card is drawn; or type "
			"`start`)");
	fputs(".\n", out);
}

static void explain(FILE *out, const game *g, const phase *p)
{
	const layout_phase *l = LAYOUT(p);
	fprintf(out, "A solitaire layout. The cards start face down in `%s` "
		"and are taken from its top.", place_name(g, l->stock));
	for (int k = 0; k < g->nplaces; k++) {
		const place_def *pl = &g->place[k];
		if (pl->rows)
			fprintf(out, " `%s` is a grid of %d x %d piles (row,column "
				"from 0,0 at the top left).", pl->name, pl->rows,
				pl->cols);
		else if (pl->around >= 0)
			fprintf(out, " `%s` are the %d slots around `%s` (N0.. "
				"above, E0.. right, S0.. below, W0.. left), each "
				"beside one edge pile.", pl->name, pl->npiles,
				g->place[pl->around].name);
	}
	if (l->deal_to >= 0)
		fprintf(out, " Setup: pile i of `%s` gets %d + i cards face "
			"down, dealt a round at a time.", place_name(g, l->deal_to),
			l->deal_first);
	if (l->fill >= 0)
		fprintf(out, " Setup: each pile of `%s` is filled from the top "
			"until it gets a card of `%s`; the others go to `%s`.",
			place_name(g, l->fill), expr_text(l->fill_with),
			place_name(g, l->aside));
	if (l->reveal >= 0)
		fprintf(out, " The top card of each pile of `%s` is turned face "
			"up.", place_name(g, l->reveal));
	if (l->draw_to >= 0) {
		fprintf(out, " Whenever `%s` is empty a card is drawn into it "
			"from", place_name(g, l->draw_to));
		for (int i = 0; i < l->ndraw; i++)
			fprintf(out, "%s `%s`", i ? ", else" : "",
				place_name(g, l->draw_from[i]));
		fputc('.', out);
	}
	fputs("\n\nMoves:\n\n", out);
	for (int i = 0; i < l->nmoves; i++)
		explain_move(out, g, &l->move[i]);
	if (l->attack_grid >= 0)
		fprintf(out, "\nThe attack: after a move onto `%s` at one end of a "
			"row or column, the card in the slot of `%s` beyond the "
			"other end is turned face down when `%s`.\n",
			place_name(g, l->attack_grid), place_name(g, l->attack_slots),
			expr_text(l->kills));
	fprintf(out, "\nThe game ends when no move is left");
	if (l->won)
		fprintf(out, ", when `%s` (won)", expr_text(l->won));
	if (l->lost)
		fprintf(out, ", when `%s` (lost)", expr_text(l->lost));
	if (l->limit)
		fprintf(out, ", or after %d moves", l->limit);
	fputs(".\n", out);
}

/* ======================================================================
 * Compiling
 * ====================================================================== */

static bool is_true(const node *n)
{
	return n && strcmp(n->text, "true") == 0;
}

static int optional_place(builder *b, const node *n)
{
	return n ? build_place_index(b, n) : -1;
}

static int declare(builder *b, const node *at, layout_phase *l,
		   const char *name, expr_type t)
{
	int slot = expr_scope_var(l->scope, name, t, false);
	if (slot < 0 || slot >= VARS_SLOTS_MAX)
		build_fail(b, at, "cannot declare '%s' for the moves: the name "
			   "is taken", name);
	return slot;
}

static void build_move(builder *b, const node *k, const node *v,
		       layout_phase *l, int index, const node *moves)
{
	move_def *m = &l->move[index];
	const node *name = node_get(v, "name");
	m->name = build_text(b, name ? name : k);
	const node *from = node_get(v, "from");
	if (from && from->kind == NODE_SEQ) {
		for (size_t i = 0; i < from->n; i++) {
			int pk = build_place_index(b, from->item[i]);
			if (pk >= 0)
				m->from |= (uint16_t)(1u << pk);
		}
	} else if (from) {
		int pk = build_place_index(b, from);
		if (pk >= 0)
			m->from = (uint16_t)(1u << pk);
	}
	m->to = build_place_index(b, node_get(v, "to"));
	const node *cards = node_get(v, "cards");
	m->group = !cards ? GROUP_TOP : strcmp(cards->text, "run") == 0
		? GROUP_RUN : strcmp(cards->text, "all") == 0 ? GROUP_ALL
		: GROUP_TOP;
	const node *count = node_get(v, "count");
	if (count) {
		m->has_count = true;
		build_count(b, count, &m->count, "'moves.count'");
		if (m->group != GROUP_TOP)
			build_fail(b, count, "'count' takes so many top cards: it "
				   "goes with 'cards: top'");
	}
	const node *at = node_get(v, "at");
	m->bottom = at && strcmp(at->text, "bottom") == 0;
	m->flip = is_true(node_get(v, "flip"));
	m->automatic = is_true(node_get(v, "auto"));
	m->opening = is_true(node_get(v, "opening"));
	m->when = build_expr(b, l->scope, node_get(v, "when"), TY_BOOL);
	m->loses = build_expr(b, l->scope, node_get(v, "loses"), TY_BOOL);
	const node *prefer = node_get(v, "prefer");
	for (size_t i = 0; prefer && i < prefer->n; i++) {
		if (m->nprefer == PREFER_MAX) {
			build_fail(b, prefer->item[i], "at most %d tiers are "
				   "supported", PREFER_MAX);
			break;
		}
		m->prefer[m->nprefer++] = build_expr(b, l->scope, prefer->item[i],
						     TY_BOOL);
	}
	const node *high = node_get(v, "highest"), *low = node_get(v, "lowest");
	if (high && low)
		build_fail(b, low, "give 'highest' or 'lowest', not both");
	m->best = build_expr(b, l->scope, high ? high : low, TY_INT);
	m->best_lowest = !high && low;
	const node *unless = node_get(v, "unless");
	for (size_t i = 0; unless && i < unless->n; i++) {
		const node *u = unless->item[i];
		bool found = false;
		for (size_t j = 0; j < moves->n && !found; j++) {
			if (strcmp(moves->pair[j].key->text, u->text) != 0)
				continue;
			found = true;
			if ((int)j >= index)
				build_fail(b, u, "'unless' names moves listed "
					   "before this one; '%s' comes after",
					   u->text);
			else
				m->unless |= 1u << j;
		}
		if (!found) {
			const char *names[MOVES_MAX + 1];
			size_t j = 0;
			for (; j < moves->n && j < MOVES_MAX; j++)
				names[j] = moves->pair[j].key->text;
			names[j] = NULL;
			const char *hint = schema_suggest(u->text, names);
			if (hint)
				build_fail(b, u, "no move is named '%s' (did you mean "
					   "'%s'?)", u->text, hint);
			else
				build_fail(b, u, "no move is named '%s'", u->text);
		}
	}
	const node *uses = node_get(v, "uses");
	if (uses) {
		m->pay = build_expr(b, b->g->scope, node_get(uses, "cards"),
				    TY_CARDS);
		m->pay_from = build_place_index(b, node_get(uses, "from"));
		m->pay_to = build_place_index(b, node_get(uses, "to"));
	}
	build_counter_adds(b, node_get(v, "add"), &m->adds);
	const node *then = node_get(v, "then");
	for (size_t i = 0; then && i < then->n; i++) {
		const char *t = then->item[i]->text;
		if (strcmp(t, "attack") == 0)
			m->attack = true;
		else if (strcmp(t, "refill") == 0)
			m->refill = true;
	}
	if (m->attack && l->attack_grid < 0)
		build_fail(b, then, "'then: attack' needs the phase's 'attack'");
	if (m->refill && l->fill < 0)
		build_fail(b, then, "'then: refill' needs the phase's 'fill'");
}

static void build(builder *b, const node *n, phase *p)
{
	layout_phase *l = &p->u.layout;
	const schema *sc = build_kind_schema("layout");
	memset(l, 0, sizeof *l);
	if (b->g->max_players > 1)
		build_fail(b, n, "a layout is a solitaire, for one player; the "
			   "game allows %d: give 'players: 1'", b->g->max_players);
	l->stock = build_place_index(b, build_field(b, sc, n, "stock"));
	l->deal_to = l->fill = l->aside = l->draw_to = l->reveal = -1;
	l->attack_grid = l->attack_slots = -1;
	l->scope = expr_scope_child(b->g->scope);
	if (!l->scope) {
		build_fail(b, n, "out of memory");
		return;
	}
	l->v_card = declare(b, n, l, "card", TY_CARD);
	l->v_target = declare(b, n, l, "target", TY_CARD);
	l->v_pile = declare(b, n, l, "pile", TY_CARDS);
	l->v_beside = declare(b, n, l, "beside", TY_CARD);
	l->v_moving = declare(b, n, l, "moving", TY_CARDS);
	l->v_source = declare(b, n, l, "source", TY_CARDS);
	l->v_royal = declare(b, n, l, "royal", TY_CARD);
	l->v_between = declare(b, n, l, "between", TY_CARDS);
	for (int pile = 0; pile < PILES_MAX; pile++)
		l->beside[pile] = (int8_t)(pile < b->g->npiles ? beside_pile(b->g, pile) : -1);

	const node *deal = build_field(b, sc, n, "deal");
	if (deal) {
		l->deal_to = build_place_index(b, node_get(deal, "to"));
		const node *first = node_get(deal, "first");
		l->deal_first = first ? (int)strtol(first->text, NULL, 10) : 1;
	}
	const node *fill = build_field(b, sc, n, "fill");
	if (fill) {
		l->fill = build_place_index(b, node_get(fill, "place"));
		l->fill_with = build_expr(b, b->g->scope, node_get(fill, "with"),
					  TY_CARDS);
		l->aside = build_place_index(b, node_get(fill, "aside"));
	}
	const node *draw = build_field(b, sc, n, "draw");
	if (draw) {
		const node *from = node_get(draw, "from");
		for (size_t i = 0; from && i < from->n; i++) {
			if (l->ndraw == DRAW_FROM_MAX) {
				build_fail(b, from->item[i], "at most %d places "
					   "to draw from", DRAW_FROM_MAX);
				break;
			}
			l->draw_from[l->ndraw++] = build_place_index(b, from->item[i]);
		}
		l->draw_to = build_place_index(b, node_get(draw, "to"));
	}
	l->reveal = optional_place(b, build_field(b, sc, n, "reveal"));
	const node *att = build_field(b, sc, n, "attack");
	if (att) {
		l->attack_grid = build_place_index(b, node_get(att, "grid"));
		l->attack_slots = build_place_index(b, node_get(att, "slots"));
		l->kills = build_expr(b, l->scope, node_get(att, "kills"), TY_BOOL);
		const game *g = b->g;
		if (l->attack_grid >= 0 && !g->place[l->attack_grid].rows)
			build_fail(b, node_get(att, "grid"), "'%s' is not a grid: "
				   "give it 'grid: [rows, columns]'",
				   g->place[l->attack_grid].name);
		if (l->attack_slots >= 0 && l->attack_grid >= 0 &&
		    g->place[l->attack_slots].around != l->attack_grid)
			build_fail(b, node_get(att, "slots"), "'%s' is not around "
				   "'%s': give it 'around: %s'",
				   g->place[l->attack_slots].name,
				   g->place[l->attack_grid].name,
				   g->place[l->attack_grid].name);
	}
	l->won = build_expr(b, b->g->scope, build_field(b, sc, n, "won"), TY_BOOL);
	l->lost = build_expr(b, b->g->scope, build_field(b, sc, n, "lost"),
			     TY_BOOL);
	l->progress = build_expr(b, b->g->scope, build_field(b, sc, n, "progress"),
				 TY_INT);
	const node *limit = build_field(b, sc, n, "limit");
	l->limit = limit ? (int)strtol(limit->text, NULL, 10) : 0;
	const node *moves = build_field(b, sc, n, "moves");
	for (size_t i = 0; moves && i < moves->n; i++) {
		if (l->nmoves == MOVES_MAX) {
			build_fail(b, moves->pair[i].key, "at most %d moves are "
				   "supported", MOVES_MAX);
			return;
		}
		build_move(b, moves->pair[i].key, moves->pair[i].value, l,
			   l->nmoves++, moves);
	}
}

static bool setup(state *s, const phase *p, int index, char *why,
		  size_t size)
{
	(void)index;
	const layout_phase *l = LAYOUT(p);
	if (s->players != 1) {
		snprintf(why, size, "a layout is for one player, not %d",
			 s->players);
		return false;
	}
	if (l->stock >= 0 && s->g->place[l->stock].npiles != 1) {
		snprintf(why, size, "the stock '%s' must be one pile",
			 s->g->place[l->stock].name);
		return false;
	}
	return true;
}

int layout_kills(const state *s, const action *a)
{
	if (a->kind != ACT_MOVE || s->phase < 0 || s->phase >= s->g->nphases)
		return 0;
	const phase *p = &s->g->phase[s->phase];
	if (p->kind != PHASE_LAYOUT || a->number >= p->u.layout.nmoves)
		return 0;
	const layout_phase *l = &p->u.layout;
	if (!l->move[a->number].attack || l->attack_grid < 0 ||
	    a->card[0] == CARD_NONE)
		return 0;
	/* the card placed is not one of the cards between: the attack reads
	 * the piles as they are, but for the source of a move on the grid */
	state after = *s;
	pile_remove(&after, a->card[0]);
	pile_push(&after, a->to, a->card[0]);
	after.killed = cset_empty();
	attack(&after, l, a->to);
	return cset_count(after.killed);
}

int layout_legal_thrifty(const state *s, action *out)
{
	if (s->current < 0 || s->phase < 0 || s->phase >= s->g->nphases ||
	    s->g->phase[s->phase].kind != PHASE_LAYOUT)
		return -1;
	const phase *p = &s->g->phase[s->phase];
	const layout_phase *l = LAYOUT(p);
	/* a move whose `unless` names a spending one needs the whole list */
	for (int i = 0; i < l->nmoves; i++)
		for (int j = 0; j < l->nmoves; j++)
			if ((l->move[i].unless >> j & 1) && l->move[j].pay)
				return legal(s, p, out);
	int n = list_some(s, l, out, false, true);
	if (n == 0)
		return legal(s, p, out);
	action_sort(out, n);
	return n;
}

bool layout_spends(const state *s, const action *a)
{
	if (a->kind != ACT_MOVE || s->phase < 0 || s->phase >= s->g->nphases)
		return false;
	const phase *p = &s->g->phase[s->phase];
	return p->kind == PHASE_LAYOUT && a->number < p->u.layout.nmoves &&
	       p->u.layout.move[a->number].pay != NULL;
}

int64_t layout_progress(const state *s)
{
	const game *g = s->g;
	for (int i = 0; i < g->nphases; i++)
		if (g->phase[i].kind == PHASE_LAYOUT && g->phase[i].u.layout.progress)
			return vars_eval(s, g->phase[i].u.layout.progress, -1).i;
	return s->deal_score[0];
}

const phase_kind_def phase_layout = {
	.name = "layout",
	.build = build,
	.setup = setup,
	.enter = enter,
	.legal = legal,
	.apply = apply,
	.playout = playout,
	.prompt = prompt,
	.words = words,
	.parse = parse,
	.why_illegal = why_illegal,
	.explain = explain,
};
