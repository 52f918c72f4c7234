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
 * `auto` moves are made as soon as they are legal; `opening` moves are
 * offered once, before the first card is drawn from the stock (or the
 * player types `start`).  After a move onto a
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
#include "engine/engine.h"
#include "engine/phase.h"
#include "engine/layout.h"
#include "engine/place.h"

/* The layout's own state for the deal (its cards lie in the places; what
 * lies face down and what was seen is common: state.down, state.seen). */
struct layout_room {
	cardset killed;                 /* turned down by the last move's
					   attack */
	int32_t moves;                  /* moves made in the layout */
	bool opening;                   /* before the first card drawn from
					   the stock */
	bool opened;                    /* the opening's choice was made */
	bool lost;                      /* a move's `loses` held */
	bool solved;                    /* the layout's `won` held */
	int32_t best;                   /* the highest progress so far */
	uint16_t idle;                  /* moves since a card was first seen
					   or the progress rose above best */
	uint8_t seen;                   /* cards seen so far */
};

_Static_assert(sizeof(struct layout_room) <= PHASE_ROOM_SIZE,
	       "the layout's room fits in its slot");

static struct layout_room *room(state *s)
{
	return phase_room(s, PHASE_LAYOUT);
}

static const struct layout_room *room_of(const state *s)
{
	return phase_room_of(s, PHASE_LAYOUT);
}

static void reset(state *s)
{
	memset(room(s), 0, sizeof(struct layout_room));
}

bool state_solved(const state *s)
{
	return room_of(s)->solved;
}

bool state_layout_lost(const state *s)
{
	return room_of(s)->lost;
}

int state_layout_moves(const state *s)
{
	return room_of(s)->moves;
}

cardset state_killed(const state *s)
{
	return room_of(s)->killed;
}

bool state_layout_opening(const state *s)
{
	return room_of(s)->opening;
}

/* Whether move m can never be made again: every place it takes from is
 * empty, and no move, draw or payment puts cards there (Spider's deal
 * once the stock is dealt). */
static bool spent(const state *s, const layout_phase *l, const move_def *m)
{
	uint32_t filled = l->draw_to >= 0 ? UINT32_C(1) << l->draw_to : 0;
	if (l->fill >= 0 && l->aside >= 0)
		filled |= UINT32_C(1) << l->aside;
	for (int i = 0; i < l->nmoves; i++) {
		const move_def *o = &l->move[i];
		if (o->to >= 0)
			filled |= UINT32_C(1) << o->to;
		if (o->pay && o->pay_to >= 0)
			filled |= UINT32_C(1) << o->pay_to;
		if (o->refill)
			filled |= o->from;
	}
	for (int k = 0; k < s->g->nplaces; k++) {
		if (!(m->from >> k & 1))
			continue;
		const place_def *pl = &s->g->place[k];
		if (filled >> k & 1)
			return false;
		for (int p = pl->first_pile; p < pl->first_pile + pl->npiles; p++)
			if (s->pile_size[p])
				return false;
	}
	return true;
}

/* Whether the piles of place k are interchangeable: no grid, pyramid
 * or pile beside another, no move that deals a card onto each pile
 * (unless it is spent) or fills or attacks its piles; two layouts that
 * differ only in which of them holds what play alike (a king moved from
 * one empty column to another goes nowhere). */
static bool piles_interchangeable(const state *s, const layout_phase *l,
				  int k)
{
	const place_def *pl = &s->g->place[k];
	if (pl->rows || pl->around >= 0 || pl->pyramid || l->fill == k ||
	    l->attack_grid == k || l->attack_slots == k)
		return false;
	for (int p = pl->first_pile; p < pl->first_pile + pl->npiles; p++)
		if (l->beside[p] >= 0)
			return false;
	for (int i = 0; i < l->nmoves; i++) {
		const move_def *m = &l->move[i];
		if ((m->to == k && m->each && !spent(s, l, m)) ||
		    ((m->from >> k & 1) && (m->refill || m->attack)))
			return false;
	}
	return true;
}

bool state_piles_interchangeable(const state *s, int place)
{
	if (s->phase < 0 || s->g->phase[s->phase].kind != PHASE_LAYOUT)
		return false;
	return piles_interchangeable(s, &s->g->phase[s->phase].u.layout,
				     place);
}

/* Whether cards that reach place k stay there: it is not the stock, and
 * no move, draw or payment takes from it. */
static bool place_kept(const layout_phase *l, int k)
{
	if (l->stock == k)
		return false;
	for (int i = 0; i < l->ndraw; i++)
		if (l->draw_from[i] == k)
			return false;
	for (int i = 0; i < l->nmoves; i++)
		if ((l->move[i].from >> k & 1) ||
		    (l->move[i].pay && l->move[i].pay_from == k))
			return false;
	return true;
}

bool state_place_kept(const state *s, int place)
{
	if (s->phase < 0 || s->g->phase[s->phase].kind != PHASE_LAYOUT)
		return false;
	return place_kept(&s->g->phase[s->phase].u.layout, place);
}

/* `solved`: the layout's `won` held. */
static value get_solved(const expr_frame *f, int seat, int arg)
{
	(void)seat, (void)arg;
	return vars_int(state_solved(vars_state(f)));
}

/* `empty_PLACE`: how many piles of the place are empty. */
value layout_empty_piles(const expr_frame *f, int seat, int arg)
{
	(void)seat;
	const state *s = vars_state(f);
	const place_def *pl = &s->g->place[arg];
	int n = 0;
	for (int i = 0; i < pl->npiles; i++)
		n += s->pile_size[pl->first_pile + i] == 0;
	return vars_int(n);
}

static bool declare(expr_scope *sc)
{
	return expr_scope_getter(sc, "solved", TY_BOOL, false, get_solved, 0);
}

bool game_is_solitaire(const game *g)
{
	for (int i = 0; i < g->nphases; i++)
		if (g->phase[i].kind == PHASE_LAYOUT)
			return g->max_players == 1;
	return false;
}

/* ======================================================================
 * Geometry
 * ====================================================================== */

int layout_place_of_pile(const game *g, int pile)
{
	return pile >= 0 && pile < g->npiles ? g->place_of_pile[pile] : -1;
}

/* The grid pile beside a slot of a place around a grid; -1. */
int layout_covering(const game *g, int pile, int out[2])
{
	int k = layout_place_of_pile(g, pile);
	if (k < 0 || !g->place[k].pyramid)
		return 0;
	int i = pile - g->place[k].first_pile, r = 0;
	while ((r + 1) * (r + 2) / 2 <= i)
		r++;
	if (r + 1 >= g->place[k].pyramid)
		return 0;
	int below = g->place[k].first_pile + (r + 1) * (r + 2) / 2 +
		    (i - r * (r + 1) / 2);
	out[0] = below;
	out[1] = below + 1;
	return 2;
}

int layout_beside_pile(const game *g, int slot)
{
	int k = layout_place_of_pile(g, slot);
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

/* Cards come to pile p: face up where its place is (seen), and in no
 * case face down among face-up cards. */
static void landed(state *s, int p, cardset cards)
{
	int k = layout_place_of_pile(s->g, p);
	s->down = cset_minus(s->down, cards);
	if (k >= 0 && s->g->place[k].face_up)
		s->seen = cset_or(s->seen, cards);
}

/* Card c lands on (or under) pile p, with the face of p's place. */
static void land(state *s, int p, card_id c, bool bottom)
{
	if (bottom)
		pile_push_bottom(s, p, c);
	else
		pile_push(s, p, c);
	landed(s, p, cset_of(c));
}

/* The top card of pile p leaves it; CARD_NONE when it is empty. */
static card_id take_top(state *s, int p)
{
	card_id c = pile_top(s, p);
	if (c != CARD_NONE)
		pile_remove_top(s, c);
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
	for (int p = pl->first_pile; p < pl->first_pile + pl->npiles; p++) {
		if (!cset_meets(s->pile_set[p], s->down))
			continue;       /* no card face down: its top is up */
		card_id c = pile_top(s, p);
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

/* The cards pile i of the deal gets: its count, or deal_first + i. */
static int deal_count(const layout_phase *l, int i)
{
	return l->deal_counted ? l->deal_count[i] : l->deal_first + i;
}

/* The deal: one round of the piles at a time, each pile until it has its
 * count (Klondike's triangle, FreeCell's 7,7,7,7,6,6,6,6); the bottom
 * `down` cards of each lie face down, the others face up. */
static void deal_piles(state *s, const layout_phase *l)
{
	const place_def *pl = &s->g->place[l->deal_to];
	int stock = s->g->place[l->stock].first_pile;
	for (int round = 0;; round++) {
		bool any = false;
		for (int i = 0; i < pl->npiles; i++) {
			if (deal_count(l, i) <= round || !s->pile_size[stock])
				continue;
			card_id c = take_top(s, stock);
			land(s, pl->first_pile + i, c, false);
			if (l->deal_down[i] < 0 || round < l->deal_down[i]) {
				cset_add(&s->down, c);
				cset_del(&s->seen, c);
			} else {
				cset_del(&s->down, c);
				cset_add(&s->seen, c);
			}
			any = true;
		}
		if (!any)
			break;
	}
}

/* ======================================================================
 * Candidates
 * ====================================================================== */

/* The reference listing (layout_reference_listing) is on. */
static _Thread_local bool reference;

void layout_reference_listing(bool on)
{
	reference = on;
}

/* The variables of move conditions, in a frame of their own, and the
 * piles as a listing reads them: each pile's cards bottom up, built once
 * when first needed; its size, set and top card, the state's. */
typedef struct probe {
	value slot[VARS_SLOTS_MAX];
	expr_frame f;
	card_id pile[PILES_MAX][CARD_MAX];
	const uint8_t *n;               /* the state's sizes and sets: a */
	const cardset *set;             /* probe lasts while no card moves */
	uint32_t built;                 /* the piles whose cards in order
					   are in `pile` (probe_row) */
	const card_id *tops;            /* the state's top cards */
	const uint8_t *depth;           /* the state's */
	int sieve_move;                 /* the move whose board is up to
					   date for this probe (a board's
					   own: move_def.board); -1 */
	sieve_board *board;             /* sieve_move's (layout_memo.c, or
					   the spare when none is kept) */
	int tier_cap;                   /* the best tier of `prefer` among
					   the move's candidates found so
					   far; PREFER_MAX */
	bool sieving;                   /* the sieves may narrow the
					   targets: neither the reference
					   nor a watched evaluation, which
					   try every target */
	uint32_t hashed;                /* the piles whose hash is in hash */
	uint64_t hash[PILES_MAX];       /* pile_hash, worked out once */
} probe;

_Static_assert(PILES_MAX <= EXPR_SIEVE_WIDTH, "a place's piles fit a sieve's "
	       "targets");

/* A probe of the state's piles, read in place (a probe is made again
 * after cards move); their cards in order are read when first asked for
 * (probe_row): a listing reads few of a grid's piles, and the automatic
 * moves and attacks after a move fewer. */
static void probe_start(probe *pr, const state *s)
{
	vars_frame(&pr->f, s, pr->slot);
	pr->n = s->pile_size;
	pr->set = s->pile_set;
	pr->depth = s->depth;
	pr->built = 0;
	pr->tops = s->pile_top_card;
	pr->sieve_move = -1;
	pr->tier_cap = PREFER_MAX;
	pr->sieving = !reference && !expr_watching();
	pr->hashed = 0;
}

/* Pile p's cards in order, from its set.  The depths are read through a
 * local: a store of a card (a byte) may alias anything, and would make
 * the compiler read them again each time. */
static void build_row(probe *pr, int p)
{
	const uint8_t *depth = pr->depth;
	cardset set = pr->set[p];
	card_id *row = pr->pile[p];
	if (cset_count(set) < pr->n[p])
		/* a view lacks the hidden cards: their places hold none */
		memset(row, CARD_NONE, pr->n[p]);
	for (int w = 0; w < CSET_WORDS; w++)
		for (uint64_t b = set.w[w]; b; b &= b - 1) {
			int c = w * 64 + __builtin_ctzll(b);
			row[depth[c]] = (card_id)c;
		}
	pr->built |= UINT32_C(1) << p;
}

/* Pile p's cards bottom up (pr->n[p] of them). */
static inline const card_id *probe_row(probe *pr, int p)
{
	if (!(pr->built >> p & 1))
		build_row(pr, p);
	return pr->pile[p];
}

/* A pile as the moves read it, hashed: its cards bottom up (its key and
 * size), then which of them lie face down and which were seen (two
 * sets: cheaper than a look-up per card). */
static uint64_t pile_hash(const state *s, probe *pr, int p)
{
	const uint64_t k = UINT64_C(0x9e3779b97f4a7c15);
	uint64_t h = (s->pile_key[p] ^ ((uint64_t)pr->n[p] + 1)) * k;
	h ^= h >> 32;
	cardset down = cset_and(pr->set[p], s->down);
	cardset seen = cset_and(pr->set[p], s->seen);
	for (int w = 0; w < CSET_WORDS; w++) {
		h = (h ^ down.w[w]) * k;
		h = (h ^ h >> 29 ^ seen.w[w]) * k;
		h ^= h >> 32;
	}
	return h;
}

/* pile_hash, once a probe: the moves of a listing share it. */
static uint64_t probe_hash(const state *s, probe *pr, int p)
{
	if (!(pr->hashed >> p & 1)) {
		pr->hash[p] = pile_hash(s, pr, p);
		pr->hashed |= UINT32_C(1) << p;
	}
	return pr->hash[p];
}

/* Pile dp as a target of move m, hashed: with the pile beside it when
 * m's conditions read `beside`. */
static uint64_t target_hash(const state *s, const layout_phase *l,
			    const move_def *m, probe *pr, int dp)
{
	uint64_t h = pile_hash(s, pr, dp);
	if (m->memo & MEMO_READS_BESIDE && l->beside[dp] >= 0)
		h = (h ^ pile_hash(s, pr, l->beside[dp])) *
		    UINT64_C(0xc4ceb9fe1a85ec53);
	return h ^ h >> 29;
}

/* Pile p's top card, or CARD_NONE (empty, or hidden in a view), as the
 * state keeps it. */
static inline card_id probe_top(probe *pr, int p)
{
	return pr->n[p] ? pr->tops[p] : CARD_NONE;
}

/* A pile of a pyramid still covered by a pile of the next row. */
static bool covered(const state *s, probe *pr, int p)
{
	int cover[2], n = layout_covering(s->g, p, cover);
	for (int i = 0; i < n; i++)
		if (pr->n[cover[i]])
			return true;
	return false;
}

static cardset probe_place(const state *s, probe *pr, int k)
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

/* Condition e's value in the frame, looked up in its table t when it has
 * one (not in the reference listing, nor under validate's watch); none
 * holds. */
static int64_t judged(const expr *e, const expr_face_table *t, probe *pr)
{
	if (!e)
		return 1;               /* none: it holds */
	if (t && pr->sieving)
		return expr_face_value(t, pr->slot);
	return expr_eval(e, &pr->f).i;
}

/* A card of `pay` in its place, to be spent; CARD_NONE. */
static card_id pay_card(const state *s, probe *pr, const move_def *m)
{
	if (!m->pay)
		return CARD_NONE;
	cardset want = cset_and(vars_eval(s, m->pay, -1).s,
				probe_place(s, pr, m->pay_from));
	return cset_is_empty(want) ? CARD_NONE : cset_first(want);
}


/* `when` is known to hold (judge's `lead`): an exact sieve passed. */
#define WHEN_HOLDS (-1)

/* Whether `when` holds over the candidate in the frame, its tier of
 * `prefer` and its value of `best`.  The first `lead` operands of
 * `when`'s `and`s are known to hold (tried once for the card, before its
 * targets: from_pile); the others alone are evaluated.  A candidate
 * whose tier would be worse than `cap` is none: a better one is kept. */
static void judge(const move_def *m, probe *pr, int lead, int cap,
		  memo_result *r)
{
	r->ok = false;
	r->tier = 0;
	r->best = 0;
	if (lead == WHEN_HOLDS)
		;
	else if (m->when_table && pr->sieving) {
		if (!expr_face_value(m->when_table, pr->slot))
			return;
	} else if (lead ? !expr_and_rest_holds(m->when, lead, &pr->f)
			: !holds(m->when, pr))
		return;
	if (m->nprefer) {
		int tiers = cap < m->nprefer ? cap + 1 : m->nprefer;
		while (r->tier < tiers &&
		       !judged(m->prefer[r->tier], m->prefer_table[r->tier], pr))
			r->tier++;
		if (r->tier == tiers)
			return;
	}
	r->best = m->best ? judged(m->best, m->best_table, pr) : 0;
	r->ok = true;
}

/* The destination pile's variables and whether `when` holds, its
 * first `lead` leading operands known to (judge). */
static bool try_target(const state *s, const layout_phase *l,
		       const move_def *m, probe *pr, int dest, int lead,
		       layout_candidate *out)
{
	put_card(pr, s, l->v_target, probe_top(pr, dest));
	put_cards(pr, l->v_pile, pr->set[dest]);
	int near = l->beside[dest];
	if (m->reads_beside)            /* else its top is not looked for */
		put_card(pr, s, l->v_beside,
			 near < 0 ? CARD_NONE : probe_top(pr, near));
	int index = (int)(m - l->move);
	memo_result r;
	bool kept = m->memo && !reference;
	if (!(kept && layout_memo_find(l, index, pr->slot, &r))) {
		/* a kept result must hold whatever was found before it */
		judge(m, pr, lead, kept || reference ? PREFER_MAX : pr->tier_cap,
		      &r);
		if (kept)
			layout_memo_keep(l, index, pr->slot, &r);
	}
	out->tier = r.tier;
	out->best = r.best;
	return r.ok;
}

/* The deepest card a run of move m may start at in pile sp: the lowest
 * face-up card from which every card lies on one its `sequence` accepts
 * (all the face-up cards when it has none). */
static int run_start(const state *s, const layout_phase *l,
		     const move_def *m, probe *pr, int sp)
{
	const card_id *cards = probe_row(pr, sp);
	int lo = pr->n[sp] - 1;
	while (lo > 0 && !cset_has(s->down, cards[lo - 1])) {
		if (m->sequence) {
			put_card(pr, s, l->v_card, cards[lo]);
			put_card(pr, s, l->v_target, cards[lo - 1]);
			if (!judged(m->sequence, m->sequence_table, pr))
				break;
		}
		lo--;
	}
	return lo;
}

/* run_start, kept by the pile's hash when the move's `sequence` reads
 * the run's cards alone (move_def.run_kept): most piles are as they were
 * at the last listing. */
static int run_start_kept(const state *s, const layout_phase *l,
			  const move_def *m, probe *pr, int sp)
{
	run_entry *e = m->run_kept && !reference && l->memo_id
		       ? layout_memo_run((int)(m - l->move), sp) : NULL;
	if (!e)
		return run_start(s, l, m, pr, sp);
	uint64_t h = pile_hash(s, pr, sp);
	if (e->id != l->memo_id || e->hash != h) {
		e->id = l->memo_id;
		e->hash = h;
		e->lo = (uint8_t)run_start(s, l, m, pr, sp);
	}
	return e->lo;
}

/* A term of a sieve in the frame, looked up by the face in `slot` when
 * it reads that alone, or by the size of the set it reads alone. */
static int64_t sieve_term(const expr_sieve *sv, int t, probe *pr, int slot)
{
	if (sv->by_face[t])
		return sv->by_face[t][pr->slot[slot].i];
	if (sv->by_count[t])
		return sv->by_count[t][cset_count(pr->slot[sv->count_slot[t]].s)];
	return expr_eval(sv->term[t], &pr->f).i;
}

/* The cards move `index`'s sieve lets onto pile d of its place, its
 * terms there on the board: kept by their values, whichever pile had
 * them (a pile's top comes back, and another pile gets the same). */
static cardset sieve_cards(const layout_phase *l, int index,
			   const sieve_board *b, int d,
			   const uint8_t *target_term, int nterm)
{
	const move_def *m = &l->move[index];
	const expr_sieve *sv = m->sieve;
	int64_t val[SIEVE_TERMS_MAX] = {0};
	uint64_t h = 0;
	for (int i = 0; i < nterm; i++) {
		val[target_term[i]] = b->val[target_term[i]][d];
		h = (h ^ (uint64_t)val[target_term[i]]) *
		    UINT64_C(0x9e3779b97f4a7c15);
	}
	/* kept by the terms' values: a pile's top comes back often */
	sieve_entry *e = layout_memo_sieve(index,
					   (int)(h >> (64 - SIEVE_KEPT_BITS)));
	if (e && l->memo_id && e->id == l->memo_id) {
		int i = 0;
		while (i < nterm && e->val[target_term[i]] == val[target_term[i]])
			i++;
		if (i == nterm)
			return e->cards;
	}
	cardset cs = expr_sieve_cards(sv, (const int64_t (*)
		[EXPR_SIEVE_WIDTH])b->val, d);
	if (e) {
		e->id = l->memo_id;
		memcpy(e->val, val, sizeof val);
		e->cards = cs;
	}
	return cs;
}

/* Pile d of move `index`'s place on the board, its terms worked out
 * again from what they read (its top, its cards, the top beside it). */
static void board_pile(const state *s, const layout_phase *l, int index,
		       probe *pr, sieve_board *b, int d,
		       const uint8_t *target_term, int nterm, bool tabled)
{
	const expr_sieve *sv = l->move[index].sieve;
	card_id top = b->top[d];
	if (tabled) {
		card_face face = top == CARD_NONE ? FACE_NONE
				 : s->g->deck.face[top];
		for (int i = 0; i < nterm; i++) {
			int t = target_term[i];
			b->val[t][d] = sv->by_face[t][face];
		}
	} else {
		put_card(pr, s, l->v_target, top);
		put_cards(pr, l->v_pile, b->set[d]);
		put_card(pr, s, l->v_beside, b->beside[d]);
		for (int i = 0; i < nterm; i++) {
			int t = target_term[i];
			b->val[t][d] = sieve_term(sv, t, pr, l->v_target);
		}
	}
	if (!sv->by_cards)
		return;
	uint32_t bit = UINT32_C(1) << d;
	/* bit by bit: a pile takes a few cards */
	if (b->valid & bit)
		for (int w = 0; w < CSET_WORDS; w++)
			for (uint64_t k = b->cards[d].w[w]; k; k &= k - 1)
				b->to[w * 64 + __builtin_ctzll(k)] &= ~bit;
	b->cards[d] = sieve_cards(l, index, b, d, target_term, nterm);
	for (int w = 0; w < CSET_WORDS; w++)
		for (uint64_t k = b->cards[d].w[w]; k; k &= k - 1)
			b->to[w * 64 + __builtin_ctzll(k)] |= bit;
}

/* Pile p as the board reads it: its key and its size (a view's hidden
 * cards are in no key, but count). */
static inline uint64_t board_key(const state *s, int p)
{
	return p < 0 ? 0 : s->pile_key[p] ^ s->pile_size[p];
}

/* Move `index`'s board brought up to date for the probe: each pile of
 * its place whose cards or the cards beside differ from the board's is
 * worked out again (once a listing; most piles are as they were). */
static void sieve_prepare(const state *s, const layout_phase *l, int index,
			  probe *pr)
{
	static _Thread_local sieve_board spare;
	const move_def *m = &l->move[index];
	const expr_sieve *sv = m->sieve;
	const place_def *dst = &s->g->place[m->to];
	sieve_board *b = layout_memo_board(index);
	if (!b || !l->memo_id) {        /* nothing kept: worked out anew */
		b = &spare;
		b->id = 0;
	}
	if (b->id != l->memo_id || !l->memo_id) {
		b->id = l->memo_id;
		b->valid = 0;
		memset(b->to, 0, sizeof b->to);
	}
	pr->sieve_move = index;
	pr->board = b;
	bool changed = false;           /* some pile worked out again */
	for (int d = 0; d < dst->npiles; d++) {
		int dp = dst->first_pile + d, near = l->beside[dp];
		uint64_t key = board_key(s, dp), near_key = board_key(s, near);
		if (b->valid >> d & 1 && b->key[d] == key &&
		    b->near_key[d] == near_key)
			continue;
		b->key[d] = key;
		b->near_key[d] = near_key;
		card_id top = probe_top(pr, dp);
		card_id beside = near < 0 ? CARD_NONE : probe_top(pr, near);
		b->top[d] = top;
		b->beside[d] = beside;
		b->set[d] = pr->set[dp];
		board_pile(s, l, index, pr, b, d, sv->other_term, sv->nother,
			   sv->other_by_face);
		b->valid |= UINT32_C(1) << d;
		changed = true;
	}
	/* the cards some pile takes change only with a pile's */
	if (!sv->by_cards || !changed)
		return;
	b->some = cset_empty();
	for (int d = 0; d < dst->npiles; d++)
		b->some = cset_or(b->some, b->cards[d]);
}

/* Move `index`'s board, shared with the moves of the same sieve and
 * place (move_def.board), up to date for the probe. */
static inline void board_ready(const state *s, const layout_phase *l,
			       int index, probe *pr)
{
	int shared = l->move[index].board;
	if (pr->sieve_move != shared)
		sieve_prepare(s, l, shared, pr);
}

/* The targets of move `index` (bits: the piles of its place) that its
 * sieve passes for card (in the frame when it is seen). */
static uint32_t sieve_targets(const state *s, const layout_phase *l,
			      int index, probe *pr, card_id card)
{
	const move_def *m = &l->move[index];
	const expr_sieve *sv = m->sieve;
	board_ready(s, l, index, pr);
	if (sv->by_cards && card != CARD_NONE)
		return pr->board->to[card];
	int64_t val[SIEVE_TERMS_MAX];
	for (int t = 0; t < sv->nterms; t++)
		if (sv->side[t] == 0)
			val[t] = sieve_term(sv, t, pr, l->v_card);
	return expr_sieve_mask(sv, val,
			       (const int64_t (*)[EXPR_SIEVE_WIDTH])pr->board->val,
			       s->g->place[m->to].npiles);
}

/* Whether a group of n cards is more than move m's `capacity` allows
 * onto the target in the frame. */
static bool over_capacity(const move_def *m, probe *pr, int n)
{
	return m->capacity && expr_eval(m->capacity, &pr->f).i < n;
}

/* Whether the board of a move sieved by cards lets no card of source
 * pile sp that could name a candidate on anywhere (its top and its face-up
 * cards: a run stops under a face-down card), and each such card is
 * seen: the pile lacks no card (a view's hidden ones, which a run could
 * pass over) and its top is seen (a run's other cards are face up). */
static bool goes_nowhere(const state *s, probe *pr, const place_def *src,
			 int sp)
{
	cardset some = pr->board->some;
	if (!src->face_up ||
	    cset_meets(cset_minus(pr->set[sp], s->down), some) ||
	    cset_count(pr->set[sp]) != pr->n[sp])
		return false;
	card_id top = probe_top(pr, sp);
	return !cset_has(some, top) &&
	       (!cset_has(s->down, top) || cset_has(s->seen, top));
}

/* The cards of source pile sp (of a face-up place, none of its cards
 * hidden) that name move m's groups: the cards a run may start at (with
 * no `sequence`, those lying above its last face-down one), or its top
 * (a top card, or the whole pile); false when its top lies face down. */
static inline __attribute__((always_inline)) bool
plain_starts(const state *s, const layout_phase *l, probe *pr,
	     const move_def *m, int sp, cardset *out)
{
	cardset set = pr->set[sp], down = cset_and(set, s->down);
	int h = pr->n[sp];
	if (m->group == GROUP_RUN && m->sequence) {
		/* the run_start's cards, when its top is face up */
		if (cset_has(down, probe_top(pr, sp)))
			return false;
		int lo = run_start_kept(s, l, m, pr, sp);
		*out = cset_empty();
		CSET_FOREACH(c, set)
			if (pr->depth[c] >= lo)
				cset_add(out, c);
		return true;
	}
	if (m->group == GROUP_RUN) {
		/* the highest face-down card's depth, then the face-up cards
		 * above it (bit by bit: a pile's few cards) */
		int deepest = -1;
		for (int w = 0; w < CSET_WORDS; w++)
			for (uint64_t b = down.w[w]; b; b &= b - 1) {
				int d = pr->depth[w * 64 + __builtin_ctzll(b)];
				if (d > deepest)
					deepest = d;
			}
		if (deepest == h - 1)
			return false;
		*out = cset_minus(set, down);
		if (deepest >= 0)
			for (int w = 0; w < CSET_WORDS; w++)
				for (uint64_t b = out->w[w]; b; b &= b - 1)
					if (pr->depth[w * 64 +
						      __builtin_ctzll(b)] < deepest)
						out->w[w] &= ~(b & -b);
		return true;
	}
	card_id top = probe_top(pr, sp);
	if (cset_has(down, top))
		return false;
	*out = cset_empty();
	cset_add(out, top);
	return true;
}

/* Every pile of a place as targets (from_pile). */
#define ALL_TARGETS UINT32_MAX

/* The piles of move m's place (bits) that a group from source pile sp
 * may go onto, of those in `targets`: not its own pile, and the first
 * alone for a move onto every pile (offered once). */
static inline __attribute__((always_inline)) uint32_t
target_mask(const move_def *m, const place_def *dst, int sp, uint32_t targets)
{
	/* a move onto every pile is offered once, at the first */
	uint32_t mask = m->each ? 1u : dst->npiles >= 32 ? UINT32_MAX
		      : (UINT32_C(1) << dst->npiles) - 1;
	mask &= targets;
	if (sp >= dst->first_pile && sp < dst->first_pile + dst->npiles)
		mask &= ~(UINT32_C(1) << (sp - dst->first_pile));
	return mask;
}

/* The candidates of card c from source pile sp onto the piles of the
 * move's place in `mask` (target_mask) that board b lets it on. */
static inline __attribute__((always_inline)) int
emit_card(int index, const place_def *dst, const sieve_board *b, int sp,
	  card_id c, uint32_t mask, layout_candidate *cand, int space)
{
	uint32_t want = b->to[c] & mask;
	if (!want)
		return 0;
	int n = 0;
	action a = action_of(ACT_MOVE, index);
	a.card[0] = c;
	a.from = (uint8_t)sp;
	for (; want && n < space; want &= want - 1) {
		a.to = (uint8_t)(dst->first_pile + __builtin_ctz(want));
		cand[n].tier = 0;
		cand[n].best = 0;
		cand[n++].a = a;
	}
	return n;
}

/* The candidates of a plain sieved move (from_pile_sieved) from source
 * pile sp, the groups named by the cards `starts`, onto the piles of its
 * place that `targets` has (bit d: pile d) and board b lets them on,
 * into cand (at most `space`); how many. */
static inline __attribute__((always_inline)) int
emit_targets(const state *s, const layout_phase *l, int index,
	     const sieve_board *b, int sp, cardset starts, uint32_t targets,
	     layout_candidate *cand, int space)
{
	const move_def *m = &l->move[index];
	const place_def *dst = &s->g->place[m->to];
	uint32_t mask = target_mask(m, dst, sp, targets);
	int n = 0;
	CSET_FOREACH(c, cset_and(starts, b->some))
		n += emit_card(index, dst, b, sp, c, mask, cand + n, space - n);
	return n;
}

/* from_pile for a move whose exact sieve by cards is all it judges (no
 * `prefer`, `best` or `capacity`), the whole list wanted: only the
 * cards the board lets somewhere are looked at, in the order of the
 * cards (the list is sorted after); -1 when the pile is not read simply
 * (a face-down place, a view's hidden card, a top face down), for
 * from_pile to list. */
static int from_pile_sieved(const state *s, const layout_phase *l, int index,
			    probe *pr, int sp, layout_candidate *cand, int space)
{
	const move_def *m = &l->move[index];
	const place_def *src = &s->g->place[layout_place_of_pile(s->g, sp)];
	board_ready(s, l, index, pr);
	const sieve_board *b = pr->board;
	if (!src->face_up)
		return -1;
	if (m->group != GROUP_RUN) {    /* its top names it: a seen top no
					   pile takes is no candidate, whatever
					   lies under it */
		card_id top = probe_top(pr, sp);
		if (top != CARD_NONE && !cset_has(b->some, top) &&
		    (!cset_has(s->down, top) || cset_has(s->seen, top)))
			return 0;
	}
	if (cset_count(pr->set[sp]) != pr->n[sp])
		return -1;
	if (!cset_meets(pr->set[sp], b->some))
		return 0;               /* no card of it goes anywhere */
	cardset starts;
	if (!plain_starts(s, l, pr, m, sp, &starts))
		return -1;
	return emit_targets(s, l, index, b, sp, starts, ALL_TARGETS, cand,
			    space);
}

/* The candidates of move `index` from source pile sp, each group it may
 * take (starts outer) onto each pile of its place whose bit is set in
 * `targets` (bit d: the place's pile d), into cand (at most `space`);
 * how many.  With `one`, the first is enough. */
static int from_pile(const state *s, const layout_phase *l, int index,
		     probe *pr, int sp, uint32_t targets,
		     layout_candidate *cand, int space, bool one)
{
	const move_def *m = &l->move[index];
	const place_def *src = &s->g->place[layout_place_of_pile(s->g, sp)];
	const place_def *dst = &s->g->place[m->to];
	int h = pr->n[sp], n = 0;
	bool sieved = m->sieve && pr->sieving;
	const uint32_t *sieve_to = NULL;        /* the targets of each card */
	if (sieved && m->sieve->by_cards) {
		board_ready(s, l, index, pr);
		if (goes_nowhere(s, pr, src, sp))
			return 0;
		sieve_to = pr->board->to;
	}
	/* a move named by its top card whose conditions read no group
	 * reads the source's top alone: cards[i - base] is its card i */
	card_id top_only;
	bool group_read = m->reads_moving || reference;
	bool top_alone = m->group != GROUP_RUN &&
			 !(m->has_count && group_read) &&
			 !(m->group == GROUP_ALL && group_read);
	const card_id *cards = top_alone ? &top_only : probe_row(pr, sp);
	int base = top_alone ? h - 1 : 0;
	if (top_alone)
		top_only = probe_top(pr, sp);
	int ncount = m->has_count ? vars_count(s, &m->count) : 1;
	int lead = reference ? 0 : m->when_lead;
	/* an exact sieve's targets meet `when`: with nothing else to
	 * judge, a target it passes is a candidate as it stands */
	bool sure = sieved && m->sieve->exact;
	/* nothing to judge: every target is a candidate as it stands */
	bool bare = (sure || !m->when) && !m->nprefer && !m->best &&
		    !m->capacity;
	if (sure)
		lead = WHEN_HOLDS;
	int lo = h - 1;
	if (m->group == GROUP_ALL)
		lo = 0;
	else if (m->group == GROUP_RUN)
		lo = run_start_kept(s, l, m, pr, sp);
	put_cards(pr, l->v_source, pr->set[sp]);
	for (int start = lo; start < h; start++) {
		int first = m->group == GROUP_RUN ? start : lo;
		if (m->group == GROUP_TOP && m->has_count)
			first = h - ncount < 0 ? 0 : h - ncount;
		card_id card = m->group == GROUP_RUN ? cards[start - base]
						      : cards[h - 1 - base];
		/* a card the player cannot see does not name the move: the
		 * stock's top card when dealing (a view's row holds none for
		 * a card it lacks) */
		if (!src->face_up || (cset_has(s->down, card) &&
				      !cset_has(s->seen, card)))
			card = CARD_NONE;
		bool by_card = sieve_to && card != CARD_NONE;
		uint32_t want = by_card ? targets & sieve_to[card] : targets;
		if (by_card && !want) {
			if (m->group != GROUP_RUN)
				break;
			continue;       /* no target takes this card */
		}
		put_card(pr, s, l->v_card, card);
		/* the operands of the card alone first: the group is gathered
		 * for a card they let through */
		int card_ops = m->when_card_lead < lead ? m->when_card_lead
							: lead;
		if (card_ops > 0 && (m->card_lead_table && pr->sieving
			? !expr_face_value(m->card_lead_table, pr->slot)
			: group_read &&
			  !expr_and_lead_holds(m->when, card_ops, &pr->f))) {
			if (m->group != GROUP_RUN)
				break;
			continue;
		}
		if (group_read) {
			/* a view's row holds none for the cards it lacks */
			cardset moving = cset_empty();
			for (int j = first; j < h; j++)
				if (cards[j - base] != CARD_NONE)
					cset_add(&moving, cards[j - base]);
			put_cards(pr, l->v_moving, moving);
		}
		/* `when` of the card alone, looked up: the same for every
		 * target */
		int card_lead = lead;
		if (m->when_by_card && pr->sieving) {
			if (!expr_face_value(m->when_table, pr->slot)) {
				if (m->group != GROUP_RUN)
					break;
				continue;
			}
			card_lead = WHEN_HOLDS;
		}
		if (card_lead > 0 &&
		    !expr_and_lead_holds(m->when, card_lead, &pr->f)) {
			if (m->group != GROUP_RUN)
				break;
			continue;       /* no target takes this card */
		}
		if (sieved && !by_card)
			want = targets & sieve_targets(s, l, index, pr, card);
		/* a move onto every pile is offered once, at the first */
		int d1 = m->each ? 1 : dst->npiles;
		if (d1 < 32)
			want &= (UINT32_C(1) << d1) - 1;
		for (; want && n < space; want &= want - 1) {
			int d = __builtin_ctz(want), dp = dst->first_pile + d;
			if (dp == sp)
				continue;
			if (bare)
				cand[n].tier = 0, cand[n].best = 0;
			else if (!try_target(s, l, m, pr, dp, card_lead, &cand[n]) ||
				 over_capacity(m, pr, h - first))
				continue;
			action a = action_of(ACT_MOVE, index);
			a.card[0] = card;
			a.from = (uint8_t)sp;
			a.to = (uint8_t)dp;
			if (cand[n].tier < pr->tier_cap)
				pr->tier_cap = cand[n].tier;
			cand[n++].a = a;
			if (one)
				return n;
		}
		if (m->group != GROUP_RUN)
			break;
	}
	return n;
}

/* The card on top of pile p that a pair may take: face up, seen,
 * uncovered; CARD_NONE. */
static card_id pair_top(const state *s, probe *pr, int p)
{
	card_id c = probe_top(pr, p);
	int k = layout_place_of_pile(s->g, p);
	if (c == CARD_NONE || !s->g->place[k].face_up || covered(s, pr, p) ||
	    (cset_has(s->down, c) && !cset_has(s->seen, c)))
		return CARD_NONE;
	return c;
}

/* Sets the variables of a pair of tops a (card) and b (other). */
static void put_pair(const state *s, const layout_phase *l, probe *pr,
		     card_id a, card_id b)
{
	cardset moving = cset_empty();
	cset_add(&moving, a);
	cset_add(&moving, b);
	put_card(pr, s, l->v_card, a);
	put_card(pr, s, l->v_other, b);
	put_cards(pr, l->v_moving, moving);
	put_cards(pr, l->v_source, cset_empty());
}

/* The candidates of a pair move: every two available tops of its
 * source piles (the lower pile's card first) onto its destination's
 * first pile; how many. */
static int pairs(const state *s, const layout_phase *l, int index,
		 probe *pr, layout_candidate *cand, bool one)
{
	const game *g = s->g;
	const move_def *m = &l->move[index];
	int dp = g->place[m->to].first_pile, src[PILES_MAX], ns = 0, n = 0;
	for (int p = 0; p < g->npiles; p++) {
		int k = layout_place_of_pile(g, p);
		if (k >= 0 && (m->from >> k & 1) && p != dp &&
		    pair_top(s, pr, p) != CARD_NONE)
			src[ns++] = p;
	}
	for (int i = 0; i < ns; i++)
		for (int j = i + 1; j < ns && n < ACTIONS_MAX; j++) {
			card_id a = probe_top(pr, src[i]), b = probe_top(pr, src[j]);
			put_pair(s, l, pr, a, b);
			if (!try_target(s, l, m, pr, dp, 0, &cand[n]))
				continue;
			action act = action_of(ACT_MOVE, index);
			act.card[0] = a;
			act.card[1] = b;
			act.from = (uint8_t)src[i];
			act.to = (uint8_t)dp;
			cand[n++].a = act;
			if (one)
				return n;
		}
	return n;
}

/* The candidates of move `index` from source pile sp, target by target,
 * after the n in cand: each pair's kept while both its piles are as they
 * were (layout_memo.c), the others found in one pass over the source's
 * groups; the new count. */
static int by_source(const state *s, const layout_phase *l, int index,
		     probe *pr, int sp, layout_candidate *cand, int n)
{
	const move_def *m = &l->move[index];
	const place_def *dst = &s->g->place[m->to];
	static __thread layout_candidate kept[PILES_MAX][PAIR_KEPT];
	static __thread layout_candidate found[ACTIONS_MAX];
	const layout_candidate *from_kept[PILES_MAX];
	int nkept[PILES_MAX];
	pair_key key[PILES_MAX];
	uint32_t missing = 0;
	const pair_entry *row = layout_memo_recent_row(index, sp);
	uint64_t source = pile_hash(s, pr, sp);
	for (int d = 0; d < dst->npiles; d++) {
		int dp = dst->first_pile + d;
		nkept[d] = 0;
		if (dp == sp)
			continue;
		uint64_t target = target_hash(s, l, m, pr, dp);
		/* most pairs are as at the last listing: their own slot */
		const pair_entry *e = row ? &row[dp] : NULL;
		if (e && e->key.source == source && e->key.target == target &&
		    e->key.id == l->memo_id && l->memo_id) {
			from_kept[d] = e->cand;
			nkept[d] = e->n;
			continue;
		}
		key[d] = (pair_key){l->memo_id, index, sp, dp, source, target};
		from_kept[d] = kept[d];
		nkept[d] = layout_memo_pair(&key[d], kept[d], PAIR_KEPT);
		if (nkept[d] < 0)
			missing |= UINT32_C(1) << d;
	}
	int nfound = missing ? from_pile(s, l, index, pr, sp, missing, found,
					 ACTIONS_MAX, false) : 0;
	for (int d = 0; d < dst->npiles && n < ACTIONS_MAX; d++) {
		int dp = dst->first_pile + d, first = n;
		if (dp == sp)
			continue;
		if (!(missing >> d & 1)) {
			for (int i = 0; i < nkept[d] && n < ACTIONS_MAX; i++)
				cand[n++] = from_kept[d][i];
			continue;
		}
		/* not cut short by a full list, here or in `found` */
		bool whole = nfound < ACTIONS_MAX;
		for (int i = 0; i < nfound; i++)
			if (found[i].a.to == dp) {
				if (n == ACTIONS_MAX)
					whole = false;
				else
					cand[n++] = found[i];
			}
		if (whole)
			layout_memo_keep_pair(&key[d], cand + first, n - first);
	}
	return n;
}

/* The cards of source pile sp that name plain sieved move m's groups
 * (plain_starts, none for an empty pile); false where from_pile must
 * list the pile: a face-down place, a view's hidden card, a top face
 * down. */
static bool simple_starts(const state *s, const layout_phase *l, probe *pr,
			  const move_def *m, int sp, cardset *out)
{
	const place_def *src = &s->g->place[layout_place_of_pile(s->g, sp)];
	if (!src->face_up || cset_count(pr->set[sp]) != pr->n[sp])
		return false;
	if (pr->n[sp] == 0) {
		*out = cset_empty();
		return true;
	}
	return plain_starts(s, l, pr, m, sp, out);
}

/* Whether move m takes cards from a pyramid, whose piles are free by
 * other piles: its listing is not kept. */
static bool from_pyramid(const game *g, const move_def *m)
{
	for (int k = 0; k < g->nplaces; k++)
		if (m->from >> k & 1 && g->place[k].pyramid)
			return true;
	return false;
}

/* Each source pile sp of move m in order, place by place (their piles
 * are numbered in that order): a bit of `left` a pile. */
#define FOR_SOURCE_PILES(m, left) \
	for (uint32_t left = (m)->source_bits; left; left &= left - 1)

/* Every candidate of plain sieved move `index` (collect's `plain`) into
 * cand, the last listing's kept where it holds (layout_memo.c): a source
 * pile as it was (its hash) keeps its candidates onto the targets whose
 * board entries are as they were (their keys), and its cards that name
 * groups; only the others are found again.  How many; -1 when nothing
 * is kept. */
static int collect_kept(const state *s, const layout_phase *l, int index,
			probe *pr, layout_candidate *cand)
{
	const game *g = s->g;
	const move_def *m = &l->move[index];
	const place_def *dst = &g->place[m->to];
	listing_kept *k = l->memo_id && !from_pyramid(g, m)
			  ? layout_memo_listing(index) : NULL;
	if (!k)
		return -1;
	board_ready(s, l, index, pr);
	const sieve_board *b = pr->board;
	bool fresh = k->id != l->memo_id;
	uint32_t dirty = 0;             /* targets whose entries differ */
	for (int d = 0; d < dst->npiles; d++) {
		uint64_t key = b->key[d] ^
			       b->near_key[d] * UINT64_C(0x9e3779b97f4a7c15);
		if (fresh || key != k->target[d])
			dirty |= UINT32_C(1) << d;
		k->target[d] = key;
	}
	uint64_t source[PILES_MAX];
	cardset starts[PILES_MAX];
	uint16_t first[PILES_MAX], count[PILES_MAX];
	int n = 0;
	FOR_SOURCE_PILES(m, left) {
		int sp = __builtin_ctz(left);
		int at = n;
		uint64_t h = probe_hash(s, pr, sp);
		if (!fresh && h && k->source[sp] == h) {
			starts[sp] = k->starts[sp];
			for (int i = k->first[sp];
			     i < k->first[sp] + k->count[sp] &&
			     n < ACTIONS_MAX; i++)
				if (!(dirty >> (k->cand[i].to -
						dst->first_pile) & 1)) {
					cand[n].tier = 0;
					cand[n].best = 0;
					cand[n++].a = k->cand[i];
				}
			if (dirty)
				n += emit_targets(s, l, index, b, sp,
						  starts[sp], dirty, cand + n,
						  ACTIONS_MAX - n);
		} else if (simple_starts(s, l, pr, m, sp, &starts[sp])) {
			n += emit_targets(s, l, index, b, sp, starts[sp],
					  ALL_TARGETS, cand + n,
					  ACTIONS_MAX - n);
		} else {                /* listed in full, not kept */
			h = 0;
			if (pr->n[sp])
				n += from_pile(s, l, index, pr, sp,
					       ALL_TARGETS, cand + n,
					       ACTIONS_MAX - n, false);
		}
		source[sp] = h;
		first[sp] = (uint16_t)at;
		count[sp] = (uint16_t)(n - at);
		if (n >= ACTIONS_MAX) {         /* cut: none kept */
			k->id = 0;
			return n;
		}
	}
	k->id = l->memo_id;
	FOR_SOURCE_PILES(m, left) {
		int sp = __builtin_ctz(left);
		k->source[sp] = source[sp];
		k->starts[sp] = starts[sp];
		k->first[sp] = first[sp];
		k->count[sp] = count[sp];
	}
	for (int i = 0; i < n; i++)
		k->cand[i] = cand[i].a;
	return n;
}

/* Whether a face-down card lies above card c in pile sp. */
static inline bool lies_under_down(const state *s, const probe *pr, int sp,
				   card_id c)
{
	cardset down = cset_and(pr->set[sp], s->down);
	for (int w = 0; w < CSET_WORDS; w++)
		for (uint64_t bits = down.w[w]; bits; bits &= bits - 1)
			if (pr->depth[w * 64 + __builtin_ctzll(bits)] >
			    pr->depth[c])
				return true;
	return false;
}

/* Every candidate of plain sieved move `index` (collect's `plain`, not a
 * run in `sequence`) into cand, found from the cards its board lets
 * somewhere: of those among the sources' cards, the ones that name a
 * group where they lie (a top; a face-up card above the pile's last
 * face-down one), each onto the piles its board entry has.  A listing
 * looks at a few cards instead of every source pile.  How many; -1
 * where a source pile must be listed in full (a face-down or pyramid
 * place, a view's hidden card, a top face down). */
static int collect_by_cards(const state *s, const layout_phase *l, int index,
			    probe *pr, layout_candidate *cand)
{
	const move_def *m = &l->move[index];
	if (!m->sources_open)
		return -1;
	board_ready(s, l, index, pr);
	const sieve_board *b = pr->board;
	cardset from = cset_empty();
	int held = 0;                   /* the source piles' sizes */
	for (uint32_t bits = m->source_bits; bits; bits &= bits - 1) {
		int sp = __builtin_ctz(bits);
		if (!pr->n[sp])
			continue;
		if (cset_has(s->down, pr->tops[sp]))
			return -1;
		held += pr->n[sp];
		from = cset_or(from, pr->set[sp]);
	}
	if (cset_count(from) != held)
		return -1;              /* a view lacks some of their cards */
	const place_def *dst = &s->g->place[m->to];
	cardset named = cset_minus(cset_and(from, b->some), s->down);
	int n = 0;
	for (int w = 0; w < CSET_WORDS; w++)   /* bit by bit: a few cards */
		for (uint64_t bits = named.w[w]; bits; bits &= bits - 1) {
			card_id c = (card_id)(w * 64 + __builtin_ctzll(bits));
			int sp = s->pile_of[c] - 1;
			if (m->group != GROUP_RUN ? pr->tops[sp] != c
			    : lies_under_down(s, pr, sp, c))
				continue;       /* it names no group */
			n += emit_card(index, dst, b, sp, c,
				       target_mask(m, dst, sp, ALL_TARGETS),
				       cand + n, ACTIONS_MAX - n);
		}
	return n;
}

/* Move m's targets as its conditions read them (target_hash of each),
 * mixed into one. */
static uint64_t targets_hash(const state *s, const layout_phase *l,
			     const move_def *m, probe *pr)
{
	const place_def *dst = &s->g->place[m->to];
	uint64_t h = 0;
	for (int dp = dst->first_pile; dp < dst->first_pile + dst->npiles;
	     dp++)
		h = (h ^ target_hash(s, l, m, pr, dp)) *
		    UINT64_C(0x9e3779b97f4a7c15);
	return h ^ h >> 31;
}

/* collect's candidates of a move that keeps its barren sources
 * (move_def.keeps_barren), in collect's order: a source pile that gave
 * nothing when it and the targets were as they are (their hashes) is
 * not tried again.  Out of line, as few moves keep them. */
static __attribute__((noinline)) int
collect_unless_barren(const state *s, const layout_phase *l, int index,
		      probe *pr, layout_candidate *cand, bool one)
{
	const game *g = s->g;
	const move_def *m = &l->move[index];
	uint64_t targets = targets_hash(s, l, m, pr);
	int n = 0;
	FOR_SOURCE_PILES(m, left) {
		int sp = __builtin_ctz(left);
		const place_def *src = &g->place[g->place_of_pile[sp]];
		if (n == ACTIONS_MAX)
			break;
		if (pr->n[sp] == 0 || (src->pyramid && covered(s, pr, sp)))
			continue;
		barren_entry *e = layout_memo_barren(index, sp);
		uint64_t source = probe_hash(s, pr, sp);
		if (e && e->id == l->memo_id && e->source == source &&
		    e->targets == targets)
			continue;
		int got = from_pile(s, l, index, pr, sp, ALL_TARGETS,
				    cand + n, ACTIONS_MAX - n, one);
		if (e && !got)
			*e = (barren_entry){l->memo_id, source, targets};
		n += got;
		if (one && n)
			return n;
	}
	return n;
}

/* Every candidate from every source pile, into cand: in order (each
 * source, each group, each target), or, `by_pairs`, source by source
 * and target by target with each pair's candidates kept while both its
 * piles are as they were (layout_memo.c); how many.  With `any_order`,
 * a plain sieved move lists its candidates from the cards its board
 * lets somewhere (collect_by_cards; a run in `sequence`, collect_kept),
 * or each source's in the order of their cards (from_pile_sieved). */
static int collect(const state *s, const layout_phase *l, int index,
		   probe *pr, layout_candidate *cand, bool one, bool by_pairs,
		   bool any_order)
{
	const game *g = s->g;
	const move_def *m = &l->move[index];
	int n = 0;
	if (m->pair)
		return pairs(s, l, index, pr, cand, one);
	/* the whole list, in any order: a plain sieved move's candidates
	 * by the cards its board lets somewhere */
	bool plain = any_order && m->plain && pr->sieving;
	/* kept where a source's runs cost most to find again (a run in
	 * suit and sequence, Spider's): elsewhere a pile's cheap rejections
	 * cost less than its hash (measured on Klondike and FreeCell) */
	if (plain && !one && m->group == GROUP_RUN && m->sequence) {
		int kept = collect_kept(s, l, index, pr, cand);
		if (kept >= 0)
			return kept;
	} else if (plain && !one) {
		int got = collect_by_cards(s, l, index, pr, cand);
		if (got >= 0)
			return got;
	}
	if (m->keeps_barren && !plain && !by_pairs && pr->sieving)
		return collect_unless_barren(s, l, index, pr, cand, one);
	/* place by place: their piles are numbered in that order */
	for (uint32_t bits = m->source_bits; bits && n < ACTIONS_MAX;
	     bits &= bits - 1) {
		int sp = __builtin_ctz(bits);
		if (pr->n[sp] == 0 ||
		    (!m->sources_open &&
		     g->place[g->place_of_pile[sp]].pyramid &&
		     covered(s, pr, sp)))
			continue;
		int got = plain ? from_pile_sieved(s, l, index, pr, sp,
						   cand + n,
						   ACTIONS_MAX - n) : -1;
		if (got >= 0) {
			n += got;
			continue;
		}
		if (!by_pairs) {
			n += from_pile(s, l, index, pr, sp, ALL_TARGETS,
				       cand + n, ACTIONS_MAX - n, one);
			if (one && n)
				return n;
			continue;
		}
		n = by_source(s, l, index, pr, sp, cand, n);
	}
	return n;
}

/* Every candidate of move `index` before `unless`, the best tier and
 * value kept; how many. */
static int move_candidates(const state *s, const layout_phase *l, int index,
			   probe *pr, action *out, int room)
{
	const move_def *m = &l->move[index];
	if (m->pay && pay_card(s, pr, m) == CARD_NONE)
		return 0;
	/* what `when` asks of the position alone, asked once (the
	 * reference asks it of every candidate) */
	if (m->when_gate && !reference &&
	    !expr_and_lead_holds(m->when, m->when_gate, &pr->f))
		return 0;
	static __thread layout_candidate cand[ACTIONS_MAX];
	/* pairs are kept when the conditions read only the move's
	 * variables; their order differs, which matters only when the
	 * first is taken (an automatic move) or the list is full.  A
	 * sieved move finds its candidates for less than its pairs' look-ups
	 * cost (measured on Klondike and FreeCell). */
	bool any_order = room != 1 && !reference;
	bool by_pairs = m->memo && !m->sieve && !m->pay && !m->has_count &&
			any_order && room != 0;
	/* the tiers of `prefer` are tried up to the best found so far:
	 * the candidates of a worse tier are left out below anyway */
	pr->tier_cap = PREFER_MAX;
	int n = collect(s, l, index, pr, cand, room == 0, by_pairs, any_order);
	if (any_order && n == ACTIONS_MAX)      /* cut in another order */
		n = collect(s, l, index, pr, cand, false, false, false);
	pr->tier_cap = PREFER_MAX;
	if (room == 0)
		return n > 0;
	if (!m->nprefer && !m->best) {  /* every candidate is as good */
		int kept = n < room ? n : room;
		for (int i = 0; i < kept; i++)
			out[i] = cand[i].a;
		return kept;
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

/* The opening moves (or `start`) are still to be offered. */
static bool opening_due(const state *s)
{
	return room_of(s)->opening && !room_of(s)->opened;
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
	if (!room_of(s)->opening)
		return !m->opening;
	if (pending_draw(s, l))
		return (m->from >> l->draw_to & 1) && !m->opening;
	return m->opening && !room_of(s)->opened;
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
	uint32_t legal_moves = 0;
	if (opening_due(s) && !pending_draw(s, l))
		out[n++] = action_of(ACT_CHOICE, 0);    /* start */
	for (int i = 0; i < l->nmoves; i++) {
		const move_def *m = &l->move[i];
		/* a move whose `unless` names a move already legal is not
		 * (the moves it names that come later are seen below) */
		if (!offered(s, l, m) || (m->automatic && !with_auto) ||
		    (thrifty && m->pay) || (m->unless & legal_moves))
			continue;
		int k = move_candidates(s, l, i, &pr, out + n, ACTIONS_MAX - n);
		if (k && !(m->unless & legal_moves)) {
			legal_moves |= 1u << i;
			n += k;
		}
	}
	return n;
}

/* Whether any move is legal: a move with a candidate is legal unless a
 * move it names in `unless` is, so one candidate anywhere is enough. */
static bool any_move(const state *s, const layout_phase *l)
{
	if (opening_due(s) && !pending_draw(s, l))
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

int layout_legal(const state *s, const phase *p, action *out)
{
	int n = list_moves(s, LAYOUT(p), out, false);
	action_sort_by_card(out, n);
	return n;
}

/* ======================================================================
 * Refusals: why a move as typed is not legal, step by step as the
 * listing above decides it
 * ====================================================================== */

/* A pile's word: "0,2", "t3", "waste". */
static const char *pile_word(const game *g, int pile)
{
	int k = layout_place_of_pile(g, pile);
	return k < 0 ? "?" : g->place[k].pile_name[pile - g->place[k].first_pile];
}

/* Where the group of candidate a starts in its source pile. */
static int group_start(const state *s, const move_def *m, probe *pr,
		       const action *a)
{
	int h = pr->n[a->from], first = h - 1;
	if (m->group == GROUP_ALL)
		first = 0;
	else if (m->group == GROUP_RUN)
		while (first > 0 && probe_row(pr, a->from)[first] != a->card[0])
			first--;
	else if (m->has_count)
		first = h - vars_count(s, &m->count) < 0
			? 0 : h - vars_count(s, &m->count);
	return first;
}

/* What moves where, in cards' codes (the front end draws them):
 * "8C onto 10S", "the top card of stock onto an empty t3". */
static void tell_candidate(const state *s, const move_def *m, probe *pr,
			   const action *a, char *buf, size_t size)
{
	const deck *d = &s->g->deck;
	char card[8], target[8], what[48];
	card_id top = probe_top(pr, a->to);
	if (m->group == GROUP_ALL)
		snprintf(what, sizeof what, "the pile %s", pile_word(s->g, a->from));
	else if (a->card[0] == CARD_NONE)
		snprintf(what, sizeof what, "the top card of %s",
			 pile_word(s->g, a->from));
	else
		snprintf(what, sizeof what, "%s", deck_card_name(d, a->card[0],
								 false, card));
	bool hidden = !s->g->place[m->to].face_up ||
		      (cset_has(s->down, top) && !cset_has(s->seen, top));
	if (m->each)
		snprintf(buf, size, "a card of %s onto each pile of %s",
			 pile_word(s->g, a->from), s->g->place[m->to].name);
	else if (top == CARD_NONE)
		snprintf(buf, size, "%s %s an empty %s", what,
			 m->bottom ? "under" : "onto", pile_word(s->g, a->to));
	else if (hidden)
		snprintf(buf, size, "%s %s %s", what, m->bottom ? "under"
			 : "onto", pile_word(s->g, a->to));
	else
		snprintf(buf, size, "%s %s %s", what, m->bottom ? "under" : "onto",
			 deck_card_name(d, top, false, target));
}

/* A move not offered at this point of the game: the opening, or the
 * card drawn that must be played first. */
static void tell_not_offered(const state *s, const layout_phase *l,
			     const move_def *m, char *buf, size_t size)
{
	if (m->opening)
		snprintf(buf, size, "'%s' is made only at the opening, before "
			 "the first card is drawn", m->name);
	else if (room_of(s)->opening && !pending_draw(s, l))
		snprintf(buf, size, "the opening comes first: make an opening "
			 "move, or type start");
	else
		snprintf(buf, size, "the card in %s is to be played first",
			 s->g->place[l->draw_to].name);
}

/* A run that is not in sequence from `first` up: the first card that
 * does not follow the one under it. */
static bool tell_sequence(const state *s, const layout_phase *l,
			  const move_def *m, probe *pr, int sp, int first,
			  char *buf, size_t size)
{
	const card_id *cards = probe_row(pr, sp);
	int j = first + 1;
	for (; j < pr->n[sp]; j++) {
		put_card(pr, s, l->v_card, cards[j]);
		put_card(pr, s, l->v_target, cards[j - 1]);
		if (!holds(m->sequence, pr))
			break;
	}
	char upper[8], lower[8];
	const deck *d = &s->g->deck;
	const char *says = expr_says(m->sequence);
	if (j >= pr->n[sp])             /* a face-down card under the run */
		snprintf(buf, size, "a run is of face-up cards");
	else
		snprintf(buf, size, "%s (%s on %s)", says ? says
			 : expr_text(m->sequence),
			 deck_card_name(d, cards[j], false, upper),
			 deck_card_name(d, cards[j - 1], false, lower));
	return true;
}

/* The candidate's own conditions: its `when`, then a tier of `prefer`. */
static bool tell_condition(const state *s, const layout_phase *l,
			   const move_def *m, probe *pr, const action *a,
			   char *buf, size_t size)
{
	char moving[120];
	int first = group_start(s, m, pr, a);
	cardset group = cset_empty();
	for (int j = first; j < pr->n[a->from]; j++)
		if (probe_row(pr, a->from)[j] != CARD_NONE)
			cset_add(&group, probe_row(pr, a->from)[j]);
	put_cards(pr, l->v_source, pr->set[a->from]);
	put_card(pr, s, l->v_card, a->card[0]);
	put_cards(pr, l->v_moving, group);
	layout_candidate c;
	tell_candidate(s, m, pr, a, moving, sizeof moving);
	if (m->group == GROUP_RUN && first < run_start(s, l, m, pr, a->from))
		return tell_sequence(s, l, m, pr, a->from, first, buf, size);
	put_card(pr, s, l->v_card, a->card[0]);
	if (try_target(s, l, m, pr, a->to, 0, &c)) {
		if (!over_capacity(m, pr, pr->n[a->from] - first))
			return false;
		long most = (long)expr_eval(m->capacity, &pr->f).i;
		snprintf(buf, size, "'%s' moves at most %ld card%s here now, "
			 "%s; not %d (%s)", m->name, most < 0 ? 0 : most,
			 most == 1 ? "" : "s", expr_says(m->capacity)
			 ? expr_says(m->capacity) : expr_text(m->capacity),
			 pr->n[a->from] - first, moving);
		return true;
	}
	if (!holds(m->when, pr) && m->why)
		snprintf(buf, size, "%s (%s)", m->why, moving);
	else if (!holds(m->when, pr))
		snprintf(buf, size, "%s does not meet the rule of '%s': %s",
			 moving, m->name, expr_text(m->when));
	else
		snprintf(buf, size, "%s is not among the places '%s' may go",
			 moving, m->name);
	return true;
}

/* Another target of the same move is better (`prefer`, `highest`,
 * `lowest`); the refusal's listing names the ones kept. */
static bool tell_better(const state *s, const phase *p, const action *a,
			char *buf, size_t size)
{
	const layout_phase *l = LAYOUT(p);
	action list[ACTIONS_MAX];
	probe pr;
	probe_start(&pr, s);
	int n = move_candidates(s, l, a->number, &pr, list, ACTIONS_MAX);
	for (int i = 0; i < n; i++)
		if (action_compare(&list[i], a) == 0)
			return false;
	char card[8];
	if (a->card[0] == CARD_NONE)
		snprintf(buf, size, "'%s' prefers other places for it",
			 l->move[a->number].name);
	else
		snprintf(buf, size, "'%s' prefers other places for %s",
			 l->move[a->number].name,
			 deck_card_name(&s->g->deck, a->card[0], false, card));
	return true;
}

/* A move of `unless` is legal: the names of those that are. */
static bool tell_unless(const state *s, const layout_phase *l,
			const move_def *m, char *buf, size_t size)
{
	action list[ACTIONS_MAX];
	int n = list_moves(s, l, list, true);
	uint32_t legal = 0;
	for (int i = 0; i < n; i++)
		if (list[i].kind == ACT_MOVE)
			legal |= 1u << list[i].number;
	if (!(m->unless & legal))
		return false;
	size_t used = (size_t)snprintf(buf, size, "'%s' is only for when no",
				       m->name);
	for (int i = 0, k = 0; i < l->nmoves && used < size; i++)
		if (m->unless >> i & 1)
			used += (size_t)snprintf(buf + used, size - used, "%s '%s'",
						 k++ ? " or" : "", l->move[i].name);
	snprintf(buf + used, used < size ? size - used : 0, " move is "
		 "possible, and one is");
	return true;
}

/* Pile p of a pyramid is covered: its top card and the cards on the
 * piles that cover it ("5D is covered by 3C 4H"). */
static bool tell_covered(const state *s, probe *pr, int p,
			 char *buf, size_t size)
{
	if (!covered(s, pr, p))
		return false;
	const deck *d = &s->g->deck;
	char name[8];
	int cover[2], n = layout_covering(s->g, p, cover);
	size_t used = (size_t)snprintf(buf, size, "%s is covered by",
				       deck_card_name(d, probe_top(pr, p), false,
						      name));
	for (int i = 0; i < n && used < size; i++)
		if (pr->n[cover[i]])
			used += (size_t)snprintf(buf + used, size - used, " %s",
						 deck_card_name(d, probe_top(pr, cover[i]),
								false, name));
	return true;
}

/* A pair refused: a card not on top, covered, or the two not meeting
 * the move's condition. */
static bool tell_pair(const state *s, const layout_phase *l,
		      const move_def *m, probe *pr, const action *a,
		      char *buf, size_t size)
{
	const deck *d = &s->g->deck;
	char one[8], two[8];
	for (int i = 0; i < 2; i++) {
		card_id c = a->card[i];
		int p = c == CARD_NONE ? -1 : s->pile_of[c] - 1;
		int k = p < 0 ? -1 : layout_place_of_pile(s->g, p);
		if (c != CARD_NONE)
			deck_card_name(d, c, false, one);
		if (p < 0 || k < 0) {
			snprintf(buf, size, "%s is out of the game",
				 c == CARD_NONE ? "the card" : one);
			return true;
		}
		if (!(m->from >> k & 1)) {
			snprintf(buf, size, "%s lies in %s, where '%s' takes no "
				 "card", one, pile_word(s->g, p), m->name);
			return true;
		}
		if (probe_top(pr, p) != c) {
			snprintf(buf, size, "%s lies under %s in %s", one,
				 deck_card_name(d, probe_top(pr, p), false, two),
				 pile_word(s->g, p));
			return true;
		}
		if (tell_covered(s, pr, p, buf, size))
			return true;
		if (pair_top(s, pr, p) == CARD_NONE) {
			snprintf(buf, size, "%s cannot be seen", one);
			return true;
		}
	}
	if (s->pile_of[a->card[0]] == s->pile_of[a->card[1]]) {
		snprintf(buf, size, "the two cards of '%s' come from two piles",
			 m->name);
		return true;
	}
	layout_candidate c;
	put_pair(s, l, pr, a->card[0], a->card[1]);
	if (try_target(s, l, m, pr, a->to, 0, &c))
		return false;
	deck_card_name(d, a->card[0], false, one);
	deck_card_name(d, a->card[1], false, two);
	if (m->why)
		snprintf(buf, size, "%s (%s and %s)", m->why, one, two);
	else
		snprintf(buf, size, "%s and %s do not meet the rule of '%s': %s",
			 one, two, m->name, expr_text(m->when));
	return true;
}

bool layout_refusal(const state *s, const phase *p, const action *a,
		    char *buf, size_t size)
{
	const layout_phase *l = LAYOUT(p);
	if (a->kind == ACT_CHOICE) {
		if (opening_due(s) && !pending_draw(s, l))
			return false;
		snprintf(buf, size, "start declines the opening, which is over");
		return true;
	}
	if (a->kind != ACT_MOVE || a->number < 0 || a->number >= l->nmoves)
		return false;
	const move_def *m = &l->move[a->number];
	probe pr;
	probe_start(&pr, s);
	if (!offered(s, l, m))
		tell_not_offered(s, l, m, buf, size);
	else if (m->automatic)
		snprintf(buf, size, "'%s' is made by itself whenever it can be",
			 m->name);
	else if (m->pay && pay_card(s, &pr, m) == CARD_NONE)
		snprintf(buf, size, "'%s' uses up %s%s from the %s, and none is "
			 "left", m->name, expr_says(m->pay) ? "" : "a card of ",
			 expr_says(m->pay) ? expr_says(m->pay) : expr_text(m->pay),
			 s->g->place[m->pay_from].name);
	else if (m->pair) {
		if (!tell_pair(s, l, m, &pr, a, buf, size) &&
		    !tell_unless(s, l, m, buf, size))
			return false;
	} else if (pr.n[a->from] == 0)
		snprintf(buf, size, "%s%s is empty", s->g->place[layout_place_of_pile(
			 s->g, a->from)].npiles == 1 ? "the " : "",
			 pile_word(s->g, a->from));
	else if (tell_covered(s, &pr, a->from, buf, size))
		;
	else if (!tell_condition(s, l, m, &pr, a, buf, size) &&
		 !tell_better(s, p, a, buf, size) &&
		 !tell_unless(s, l, m, buf, size))
		return false;
	return true;
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
			cset_add(&room(s)->killed, royal);
		}
	}
}

/* A layout's progress, for `stall`: its `progress`, else none. */
static int32_t progress_now(const state *s, const layout_phase *l)
{
	if (!l->progress)
		return 0;
	int64_t v = vars_eval(s, l->progress, -1).i;
	return v > INT32_MAX ? INT32_MAX : v < INT32_MIN ? INT32_MIN : (int32_t)v;
}

/* After a move: whether it turned a new card face up or raised the
 * progress to a new height; the moves since either are counted. */
static void watch_stall(state *s, const layout_phase *l)
{
	if (!l->stall)
		return;
	struct layout_room *r = room(s);
	int seen = cset_count(s->seen);
	int32_t now = progress_now(s, l);
	if (seen > r->seen || now > r->best) {
		r->idle = 0;
		r->seen = (uint8_t)seen;
		if (now > r->best)
			r->best = now;
	} else if (r->idle < UINT16_MAX) {
		r->idle++;
	}
}

static void finish_move(state *s, const layout_phase *l, const move_def *m,
			const action *a);

/* A top card of pile `from` onto each pile of m's destination in turn,
 * while it has any (Spider's deal from the stock). */
static void deal_each(state *s, const move_def *m, int from)
{
	const place_def *dst = &s->g->place[m->to];
	for (int i = 0; i < dst->npiles; i++) {
		card_id c = take_top(s, from);
		if (c == CARD_NONE)
			break;
		land(s, dst->first_pile + i, c, m->bottom);
	}
}

/* Carries out move a (legal). */
static void make_move(state *s, const layout_phase *l, const action *a)
{
	const move_def *m = &l->move[a->number];
	card_id pay = CARD_NONE;
	if (m->pay) {                   /* the probe only for a ploy */
		probe pr;
		probe_start(&pr, s);
		pay = pay_card(s, &pr, m);
	}
	if (pay != CARD_NONE) {
		pile_remove(s, pay);
		land(s, s->g->place[m->pay_to].first_pile, pay, false);
	}
	if (m->each) {
		deal_each(s, m, a->from);
		finish_move(s, l, m, a);
		return;
	}
	if (m->pair) {
		for (int i = 0; i < 2; i++) {
			pile_remove(s, a->card[i]);
			land(s, a->to, a->card[i], m->bottom);
		}
		finish_move(s, l, m, a);
		return;
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
	if (first < 0)
		first = 0;              /* an empty pile: nothing moves */
	int group = h - first;
	pile_remove_from(s, a->from, cards, first);
	/* turned over, the group's top lands first; under a pile, its
	 * bottom goes deepest */
	cardset moved = cset_empty();
	for (int j = 0; j < group; j++) {
		int idx = m->flip ? h - 1 - j : first + j;
		if (m->bottom) {
			idx = m->flip ? first + j : h - 1 - j;
			pile_push_bottom(s, a->to, cards[idx]);
		} else {
			pile_push(s, a->to, cards[idx]);
		}
		cset_add(&moved, cards[idx]);
	}
	landed(s, a->to, moved);
	finish_move(s, l, m, a);
}

/* After the cards of move a have moved: counters, the attack, a refill,
 * the reveal, the count of moves. */
static void finish_move(state *s, const layout_phase *l, const move_def *m,
			const action *a)
{
	counters_add(s, &m->adds, 0);
	room(s)->killed = cset_empty();
	if (m->attack && l->attack_grid >= 0)
		attack(s, l, a->to);
	if (m->refill && l->fill >= 0)
		fill(s, l, a->from);
	if (m->opening)
		room(s)->opened = true;
	reveal(s, l);
	room(s)->moves++;
	watch_stall(s, l);
}

/* Whether every pile move m takes from is empty: it has no candidate
 * then (a pair takes its cards from elsewhere too). */
static bool sources_empty(const state *s, const move_def *m)
{
	if (m->pair)
		return false;
	const game *g = s->g;
	for (int k = 0; k < g->nplaces; k++) {
		if (!(m->from >> k & 1))
			continue;
		const place_def *pl = &g->place[k];
		for (int p = pl->first_pile; p < pl->first_pile + pl->npiles; p++)
			if (s->pile_size[p])
				return false;
	}
	return true;
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
			room(s)->solved = true;
			return PHASE_ENDS;
		}
		if ((l->lost && vars_eval(s, l->lost, -1).i) ||
		    (l->limit && room_of(s)->moves >= l->limit) ||
		    (l->stall && room_of(s)->idle >= l->stall))
			return PHASE_ENDS;
		bool moved = false;
		for (int i = 0; i < l->nmoves && !moved; i++) {
			const move_def *m = &l->move[i];
			/* most steps leave the automatic moves' sources
			 * empty: no probe for them */
			if (!m->automatic || !offered(s, l, m) ||
			    sources_empty(s, m))
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
				if (k == l->stock && opening_due(s))
					continue;
				int top = place_top_pile(s, k);
				if (top < 0)
					continue;
				if (k == l->stock)
					room(s)->opening = false;
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
	s->down = s->seen = cset_empty();
	struct layout_room *r = room(s);
	r->killed = cset_empty();
	r->moves = 0;
	r->lost = r->solved = false;
	s->current = 0;
	if (l->deal_to >= 0)
		deal_piles(s, l);
	if (l->fill >= 0)
		fill(s, l, -1);
	reveal(s, l);
	r->idle = 0;
	r->seen = (uint8_t)cset_count(s->seen);
	r->best = progress_now(s, l);
	r->opening = r->opened = false;
	for (int i = 0; i < l->nmoves; i++)
		r->opening |= l->move[i].opening;
	return settle(s, p, true) == PHASE_GOES_ON;
}

static phase_step move_and_settle(state *s, const phase *p, const action *a,
				  bool stuck)
{
	const layout_phase *l = LAYOUT(p);
	s->event = EV_ACTION;
	if (a->kind == ACT_CHOICE) {
		room(s)->opened = true;
		room(s)->killed = cset_empty();
		return settle(s, p, stuck);
	}
	make_move(s, l, a);
	const move_def *m = &l->move[a->number];
	if (!cset_is_empty(room_of(s)->killed))
		s->event = EV_ATTACK;
	if (m->loses) {
		probe pr;
		probe_start(&pr, s);
		put_card(&pr, s, l->v_card, a->card[0]);
		put_card(&pr, s, l->v_target, pile_top(s, a->to));
		put_cards(&pr, l->v_pile, pile_cards(s, a->to));
		if (holds(m->loses, &pr)) {
			room(s)->lost = true;
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
		int n = list_moves(s, LAYOUT(p), list, false);
		if (n == 0)
			return PHASE_ENDS;
		/* the one layout_legal's order has there, found alone */
		action a = action_nth_by_card(list, n,
				(int)rng_below(r->seat[0], (uint32_t)n));
		phase_step st = move_and_settle(s, p, &a, false);
		if (st != PHASE_GOES_ON)
			return st;
	}
}

/* How many cards the attack of action a would turn down (0 for a move
 * without one). */
static int kills(const state *s, const phase *p, const action *a)
{
	const layout_phase *l = LAYOUT(p);
	if (a->kind != ACT_MOVE || a->number >= l->nmoves)
		return 0;
	if (!l->move[a->number].attack || l->attack_grid < 0 ||
	    a->card[0] == CARD_NONE)
		return 0;
	/* the card placed is not one of the cards between: the attack reads
	 * the piles as they are, but for the source of a move on the grid */
	state after = *s;
	pile_remove(&after, a->card[0]);
	pile_push(&after, a->to, a->card[0]);
	room(&after)->killed = cset_empty();
	attack(&after, l, a->to);
	return cset_count(room_of(&after)->killed);
}

/* The legal moves that spend no card (a ploy), or all of them when each
 * spends one: what a player keeping its ploys considers. */
static int legal_saving(const state *s, const phase *p, action *out)
{
	const layout_phase *l = LAYOUT(p);
	/* a move whose `unless` names a spending one needs the whole list */
	for (int i = 0; i < l->nmoves; i++)
		for (int j = 0; j < l->nmoves; j++)
			if ((l->move[i].unless >> j & 1) && l->move[j].pay)
				return layout_legal(s, p, out);
	int n = list_some(s, l, out, false, true);
	if (n == 0)
		return layout_legal(s, p, out);
	action_sort_by_card(out, n);
	return n;
}

/* A move's attack, and whether it spends a card (a ploy). */
static move_hint hint(const state *s, const phase *p, const action *a)
{
	const layout_phase *l = LAYOUT(p);
	move_hint h = {0, false, false, false};
	if (a->kind != ACT_MOVE || a->number >= l->nmoves)
		return h;
	h.gain = kills(s, p, a);
	h.spends = l->move[a->number].pay != NULL;
	return h;
}

/* What legal action a's move advises: a last resort, or safe where its
 * `safe` holds over it (read with the variables of its `when`). */
static move_advice advice(const state *s, const phase *p, const action *a)
{
	const layout_phase *l = LAYOUT(p);
	if (a->kind != ACT_MOVE || a->number >= l->nmoves)
		return ADVICE_NONE;
	const move_def *m = &l->move[a->number];
	if (m->last_resort)
		return ADVICE_LAST;
	if (!m->safe)
		return ADVICE_NONE;
	probe pr;
	probe_start(&pr, s);
	if (m->pair) {
		put_pair(s, l, &pr, a->card[0], a->card[1]);
	} else {
		cardset group = cset_empty();
		for (int j = group_start(s, m, &pr, a); j < pr.n[a->from]; j++)
			if (probe_row(&pr, a->from)[j] != CARD_NONE)
				cset_add(&group, probe_row(&pr, a->from)[j]);
		put_cards(&pr, l->v_source, pr.set[a->from]);
		put_card(&pr, s, l->v_card, a->card[0]);
		put_cards(&pr, l->v_moving, group);
	}
	put_card(&pr, s, l->v_target, probe_top(&pr, a->to));
	put_cards(&pr, l->v_pile, pr.set[a->to]);
	int near = l->beside[a->to];
	put_card(&pr, s, l->v_beside, near < 0 ? CARD_NONE : probe_top(&pr, near));
	return holds(m->safe, &pr) ? ADVICE_SAFE : ADVICE_NONE;
}

/* A tableau: the place whose tops turn up, or the one dealt to. */
static bool reveals(const phase *p, int k)
{
	return LAYOUT(p)->reveal == k || LAYOUT(p)->deal_to == k;
}

static bool progress(const state *s, const phase *p, int64_t *out)
{
	if (!LAYOUT(p)->progress)
		return false;
	*out = vars_eval(s, LAYOUT(p)->progress, -1).i;
	return true;
}

const phase_kind_def phase_layout = {
	.name = "layout",
	.build = layout_build,
	.declare = declare,
	.ends_deal = true,
	.setup = layout_setup,
	.reset = reset,
	.enter = enter,
	.legal = layout_legal,
	.apply = apply,
	.playout = playout,
	.prompt = layout_prompt,
	.words = layout_words,
	.parse = layout_parse,
	.why_illegal = layout_why_illegal,
	.explain = layout_explain,
	.hint = hint,
	.advice = advice,
	.legal_saving = legal_saving,
	.progress = progress,
	.help = layout_help,
	.reveals = reveals,
	.board = true,
};
