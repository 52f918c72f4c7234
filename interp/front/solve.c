/* solve.c — the solver of solitaires the player sees whole (solve.h). */
#include "front/solve.h"

#include <limits.h>
#include <pthread.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "front/ismcts.h"
#include "util/alloc.h"

/* ---- position keys ---- */

static uint64_t mix(uint64_t x)         /* splitmix64's finaliser */
{
	x ^= x >> 30;
	x *= UINT64_C(0xbf58476d1ce4e5b9);
	x ^= x >> 27;
	x *= UINT64_C(0x94d049bb133111eb);
	return x ^ x >> 31;
}

/* What each pile's cards are mixed with in a key: its own number, or
 * its place's when the place's piles are interchangeable (no grid,
 * pyramid or pile beside another, no move that deals a card onto each
 * pile while it may still come, or fills its piles): then two layouts
 * that differ only in which of them holds what are one position (a king
 * moved from one empty column to another goes nowhere). */
typedef struct salts {
	const game *g;
	int phase;
	uint32_t same_places;           /* the places whose piles are
					   interchangeable, as bits */
	uint64_t exact[PILES_MAX], same[PILES_MAX];
	bool kept[PILES_MAX];           /* the pile's cards stay there: only
					   which they are and the top matter
					   (state_place_kept) */
} salts;

static uint32_t same_places(const state *s)
{
	uint32_t same = 0;
	for (int k = 0; k < s->g->nplaces; k++)
		if (state_piles_interchangeable(s, k))
			same |= UINT32_C(1) << k;
	return same;
}

static const salts *salts_of(const state *s)
{
	static _Thread_local salts cache;
	uint32_t same = same_places(s);
	if (cache.g == s->g && cache.phase == s->phase &&
	    cache.same_places == same)
		return &cache;
	cache.g = s->g;
	cache.phase = s->phase;
	cache.same_places = same;
	for (int k = 0; k < s->g->nplaces; k++) {
		const place_def *pl = &s->g->place[k];
		for (int p = pl->first_pile; p < pl->first_pile + pl->npiles;
		     p++) {
			cache.exact[p] = mix(UINT64_C(0x5eed) + (uint64_t)p);
			cache.same[p] = same >> k & 1
				? mix(UINT64_C(0x91ace) + (uint64_t)k)
				: cache.exact[p];
			cache.kept[p] = state_place_kept(s, k);
		}
	}
	return &cache;
}

/* Where a card lies in its pile, for the key: its depth, or in a pile
 * whose cards stay there whether it is the top (the order under the top
 * can no longer matter: Golf's waste is one position whatever order its
 * cards were played in). */
static uint64_t depth_key(const state *s, const salts *sa, int c)
{
	int p = s->pile_of[c] - 1;
	if (!sa->kept[p])
		return s->depth[c];
	return s->depth[c] + 1 == s->pile_size[p] ? 255 : 0;
}

/* The layout: the cards of each pile in order, face up or down, and
 * whose turn it is; piles mixed with salt. */
static uint64_t layout_key_salted(const state *s, const salts *sa,
				  const uint64_t *salt)
{
	uint64_t pile[PILES_MAX] = {0};
	for (int c = 0; c < s->g->deck.ncards; c++) {
		if (!s->pile_of[c])
			continue;
		uint64_t d = cset_has(s->down, (card_id)c);
		pile[s->pile_of[c] - 1] += mix((uint64_t)c |
					       depth_key(s, sa, c) << 8 |
					       d << 16 | UINT64_C(1) << 32);
	}
	uint64_t h = mix((uint64_t)(uint8_t)s->current << 8 |
			 (uint64_t)(uint8_t)s->phase |
			 (uint64_t)state_layout_opening(s) << 16);
	for (int p = 0; p < s->g->npiles; p++)
		h += mix(pile[p] ^ salt[p]);
	return h;
}

/* The key of the search: interchangeable piles are one. */
static uint64_t layout_key(const state *s)
{
	const salts *sa = salts_of(s);
	return layout_key_salted(s, sa, sa->same);
}

/* Counters beyond the first two are part of the key; the first two are
 * kept beside it, to tell a position met again with more of them spent
 * (a stock turned over once more) from one met with fewer. */
#define KEPT_COUNTERS 2

static uint64_t position_key(const state *s, uint64_t layout)
{
	uint64_t h = layout;
	for (int k = KEPT_COUNTERS; k < s->g->ncounters; k++)
		h = mix(h ^ (uint64_t)s->counter[k][0]);
	return h ? h : 1;               /* 0 marks an empty slot */
}

static int32_t counter_of(const state *s, int k)
{
	if (k >= s->g->ncounters)
		return 0;
	int64_t v = s->counter[k][0];
	return v > INT32_MAX ? INT32_MAX : v < INT32_MIN ? INT32_MIN
							 : (int32_t)v;
}

/* ---- the table of positions met ---- */

/* A position's counts compared when it is met again: the kept counters,
 * then the choices off the first that the line to it made (nonzero only
 * in a search that bounds them). */
#define COUNTS (KEPT_COUNTERS + 1)

typedef struct tt_entry {
	uint64_t key;                   /* 0: empty */
	int32_t counter[COUNTS];
} tt_entry;

typedef struct table {
	tt_entry *slot;
	size_t mask;                    /* slots - 1 (a power of two) */
	size_t used;
} table;

/* Room for `need` positions at most half full, emptied; false when
 * memory runs out. */
static bool table_reset(table *t, size_t need)
{
	size_t size = 1024;
	while (size < 2 * need)
		size *= 2;
	if (size != t->mask + 1 || !t->slot) {
		free(t->slot);
		t->slot = cr_calloc(size, sizeof *t->slot);
		t->mask = t->slot ? size - 1 : 0;
	} else {
		memset(t->slot, 0, size * sizeof *t->slot);
	}
	t->used = 0;
	return t->slot != NULL;
}

static bool dominated(const tt_entry *e, const int32_t *c)
{
	for (int k = 0; k < COUNTS; k++)
		if (c[k] < e->counter[k])
			return false;
	return true;
}

/* Whether the position was met before with no more counted than now
 * (nor more choices off the first, `off`); else it is kept (with these
 * counts).  A full table keeps nothing more and reports every new
 * position as met (the search then ends). */
static bool table_met(table *t, const state *s, uint64_t key, int off)
{
	int32_t c[COUNTS];
	for (int k = 0; k < KEPT_COUNTERS; k++)
		c[k] = counter_of(s, k);
	c[KEPT_COUNTERS] = off;
	size_t i = (size_t)key & t->mask;
	for (; t->slot[i].key; i = (i + 1) & t->mask) {
		if (t->slot[i].key != key)
			continue;
		if (dominated(&t->slot[i], c))
			return true;
		memcpy(t->slot[i].counter, c, sizeof c);
		return false;
	}
	if (4 * (t->used + 1) > 3 * (t->mask + 1))
		return true;
	t->slot[i].key = key;
	memcpy(t->slot[i].counter, c, sizeof c);
	t->used++;
	return false;
}

/* ---- the search ---- */

typedef struct child {
	action a;
	long gain;
} child;

/* A position on the line being searched, and its moves left to try. */
typedef struct frame {
	state s;
	uint64_t layout;
	action via;                     /* the move that led here */
	int64_t top;                    /* the best rank on the line so far */
	int idle;                       /* moves since the line's rank rose */
	int off;                        /* moves on the line that were not
					   their position's first choice */
	int first, n, next;             /* its children, in the pool */
} frame;

/* What a thread keeps between searches and decisions. */
typedef struct solver {
	frame frame[SOLVE_LINE_MAX + 1];
	child *pool;
	int pool_size;
	table seen;
	uint64_t tie;                   /* nonzero: ties among moves of equal
					   gain broken by it */
	/* the line being played, and the positions it passes through */
	solve_result plan;
	uint64_t plan_at[SOLVE_LINE_MAX];
	int plan_next;
	/* a game found stuck: its deal, the moves made then, and the
	 * progress it had */
	uint64_t stuck_deal;
	int stuck_moves;
	int64_t stuck_progress;
} solver;

static void solver_free(void *p)
{
	solver *sv = p;
	if (!sv)
		return;
	free(sv->pool);
	free(sv->seen.slot);
	free(sv);
}

static pthread_once_t solver_once = PTHREAD_ONCE_INIT;
static pthread_key_t solver_key;
static _Thread_local solver *thread_solver;

static void make_solver_key(void)
{
	pthread_key_create(&solver_key, solver_free);
}

/* The thread's solver, made when it first solves and freed when it
 * ends; NULL when memory runs out. */
static solver *solver_of_thread(void)
{
	if (!thread_solver) {
		pthread_once(&solver_once, make_solver_key);
		thread_solver = cr_calloc(1, sizeof *thread_solver);
		if (thread_solver)
			pthread_setspecific(solver_key, thread_solver);
	}
	return thread_solver;
}

static bool pool_room(solver *sv, int need)
{
	if (need <= sv->pool_size)
		return true;
	int size = sv->pool_size ? sv->pool_size : 4096;
	while (size < need)
		size *= 2;
	child *p = cr_realloc(sv->pool, (size_t)size * sizeof *p);
	if (!p)
		return false;
	sv->pool = p;
	sv->pool_size = size;
	return true;
}

/* Taken from the gain of a move the rules make a last resort: it comes
 * after every other. */
#define LAST_RESORT (1L << 30)

/* What a move gains at once, to try the best first: the rise of the
 * progress, then the cards it shows for the first time, then what its
 * attack kills, then the cards it leaves in sequence (a run built or
 * joined, where nothing else rises: Spider's last suit put together); a
 * move that spends a card kept for when stuck (a ploy) comes after the
 * others, and a last resort after all of them. */
static long gain_of(const state *before, int before_in_sequence,
		    const state *after, const action *a)
{
	move_hint h = state_move_hint(before, a);
	long g = 2048L * (long)(state_progress(after) - state_progress(before));
	g += 128L * (cset_count(after->seen) - cset_count(before->seen));
	g += 2048L * h.gain;
	g += 64L * (state_cards_in_sequence(after) - before_in_sequence);
	if (state_move_advice(before, a) == ADVICE_LAST)
		g -= LAST_RESORT;
	return h.spends ? g - 1024 : g;
}

/* A number of the move drawn from seed t, to order moves of equal gain. */
static uint64_t tie_break(uint64_t t, const action *a)
{
	return mix(t ^ (uint64_t)a->card[0] << 8 ^ (uint64_t)a->card[1] << 24 ^
		   (uint64_t)a->from << 40 ^ (uint64_t)a->to << 48 ^
		   (uint64_t)a->kind << 56);
}

/* Whether a line from the root through frame d has had this layout. */
static bool on_line(const solver *sv, int d, uint64_t layout)
{
	for (int i = 0; i <= d; i++)
		if (sv->frame[i].layout == layout)
			return true;
	return false;
}

/* The line from the root to frame d, then a, into out. */
static void line_to(const solver *sv, int d, const action *a,
		    solve_result *out)
{
	out->len = 0;
	for (int i = 1; i <= d; i++)
		out->line[out->len++] = sv->frame[i].via;
	if (a)
		out->line[out->len++] = *a;
}

/* Lists frame d's moves into the pool, best first; true when one of
 * them wins (the line is then in out). */
static bool expand(solver *sv, int d, int top, solve_result *out)
{
	frame *f = &sv->frame[d];
	action moves[ACTIONS_MAX];
	int n = state_legal(&f->s, moves);
	/* a move the rules call safe is made without trying the others */
	for (int i = 0; i < n; i++)
		if (state_move_advice(&f->s, &moves[i]) == ADVICE_SAFE) {
			moves[0] = moves[i];
			n = 1;
			break;
		}
	f->first = top;
	f->n = f->next = 0;
	if (!pool_room(sv, top + n))
		return false;
	state *after = &sv->frame[d + 1].s;
	int in_sequence = state_cards_in_sequence(&f->s);
	for (int i = 0; i < n; i++) {
		*after = f->s;
		state_apply_listed(after, moves[i]);
		if (state_solved(after)) {
			line_to(sv, d, &moves[i], out);
			return true;
		}
		uint64_t layout = layout_key(after);
		if (after->current < 0 || on_line(sv, d, layout))
			continue;
		/* insertion by gain; among equals, the move listed last
		 * first (a stock turned over last: it measured better) */
		long g = gain_of(&f->s, in_sequence, after, &moves[i]);
		if (sv->tie)            /* gains are multiples of 64 */
			g += (long)(tie_break(sv->tie, &moves[i]) & 63);
		int k = f->n++;
		child *c = sv->pool + top;
		while (k > 0 && c[k - 1].gain <= g) {
			c[k] = c[k - 1];
			k--;
		}
		c[k].a = moves[i];
		c[k].gain = g;
	}
	return false;
}

/* How far a position has got: its progress, then the cards seen, then
 * the cards in sequence. */
static int64_t rank_of(const state *s)
{
	return (state_progress(s) * 256 + cset_count(s->seen)) * 256 +
	       state_cards_in_sequence(s);
}

/* A search's limits and what it has found so far. */
typedef struct hunt {
	long nodes;                     /* positions a search may expand */
	int ms;                         /* or milliseconds, when > 0 */
	double start;
	int idle_max;                   /* moves in a row a line may make
					   that rank no higher than it had */
	int64_t best;                   /* the best rank met */
	int share;                      /* the pass in progress has spent its
					   share of the budget when the whole
					   search has spent share / PASSES */
	bool spent;
	int off_max;                    /* choices off the first a line may
					   make (INT_MAX: unbounded) */
	bool bounded;                   /* a line was cut by off_max */
} hunt;

/* Passes that share a search's budget, each with twice the idle moves
 * of the one before (the last one's share goes on to any after it). */
#define PASSES 4

static bool spent(hunt *h, long nodes)
{
	int share = h->share < PASSES ? h->share : PASSES;
	if (h->ms <= 0) {
		h->spent = nodes >= h->nodes;
		return nodes >= h->nodes * share / PASSES;
	}
	if ((nodes & 255) != 0)
		return false;
	double ms = (search_clock() - h->start) * 1000;
	h->spent = ms >= h->ms;
	return ms >= (double)h->ms * share / PASSES;
}

/* One depth-first pass from frame 0 (expanded), lines cut after
 * h->idle_max moves that rank no higher; true when it found a win. */
static bool pass(solver *sv, hunt *h, solve_result *out)
{
	for (int d = 0; d >= 0;) {
		frame *f = &sv->frame[d];
		if (f->next == f->n) {
			d--;
			continue;
		}
		int off = f->off;
		if (f->next++ > 0 && h->off_max < INT_MAX && ++off > h->off_max) {
			h->bounded = true;
			f->next = f->n;
			continue;
		}
		action a = sv->pool[f->first + f->next - 1].a;
		frame *to = &sv->frame[d + 1];
		to->s = f->s;
		state_apply_listed(&to->s, a);
		to->layout = layout_key(&to->s);
		to->off = off;
		if (table_met(&sv->seen, &to->s, position_key(&to->s, to->layout),
			      off))
			continue;
		to->via = a;
		int64_t rank = rank_of(&to->s);
		to->top = rank > f->top ? rank : f->top;
		to->idle = rank > f->top ? 0 : f->idle + 1;
		if (rank > h->best) {
			h->best = rank;
			out->progress = state_progress(&to->s);
			line_to(sv, d + 1, NULL, out);
		}
		if (spent(h, ++out->nodes))
			return false;
		if (to->idle >= h->idle_max || d + 1 == SOLVE_LINE_MAX - 1)
			continue;
		if (expand(sv, d + 1, f->first + f->n, out))
			return true;
		d++;
	}
	return false;
}

/* Idle moves a line may make in the first pass. */
#define IDLE_FIRST 8

/* Positions a search within a time kept at most. */
#define TABLE_TIMED (1 << 20)

/* Readies sv and frame 0 for a search from root into out; false when
 * memory runs out. */
static solver *hunt_begin(const state *root, uint64_t tie, hunt *h,
			    solve_result *out)
{
	memset(out, 0, offsetof(solve_result, line));
	out->progress = state_progress(root);
	solver *sv = solver_of_thread();
	if (!sv)
		return NULL;
	sv->tie = tie;
	h->start = search_clock();
	h->best = rank_of(root);
	frame *f = &sv->frame[0];
	f->s = *root;
	f->layout = layout_key(root);
	f->top = h->best;
	f->idle = 0;
	f->off = 0;
	return sv;
}

/* One pass from the root with the table emptied; true when it won. */
static bool pass_from_root(solver *sv, hunt *h, size_t room,
			   solve_result *out)
{
	const frame *f = &sv->frame[0];
	if (!table_reset(&sv->seen, room))
		return false;
	table_met(&sv->seen, &f->s, position_key(&f->s, f->layout), 0);
	return expand(sv, 0, 0, out) || pass(sv, h, out);
}

bool solve_search(const state *root, long nodes, int ms, uint64_t tie,
		  solve_result *out)
{
	hunt h = {.nodes = nodes, .ms = ms, .idle_max = IDLE_FIRST,
		  .off_max = INT_MAX};
	solver *sv = hunt_begin(root, tie, &h, out);
	if (!sv)
		return false;
	size_t room = (size_t)(ms > 0 ? TABLE_TIMED : nodes);
	for (; !h.spent && h.idle_max < 2 * SOLVE_LINE_MAX; h.idle_max *= 2) {
		h.share++;
		if (pass_from_root(sv, &h, room, out))
			return out->won = true;
	}
	return false;
}

/* Idle moves a line may make in a search that bounds its choices off
 * the first. */
#define IDLE_BOUNDED 64

bool solve_search_bounded(const state *root, long nodes, int ms,
			  solve_result *out)
{
	hunt h = {.nodes = nodes, .ms = ms, .idle_max = IDLE_BOUNDED,
		  .share = PASSES, .bounded = true};
	solver *sv = hunt_begin(root, 0, &h, out);
	if (!sv)
		return false;
	size_t room = (size_t)(ms > 0 ? TABLE_TIMED : nodes);
	/* each pass allows one more choice off the first, until the budget
	 * is spent or a pass is cut by it nowhere (the next would be the
	 * same) */
	for (h.off_max = 0; !h.spent && h.bounded; h.off_max++) {
		h.bounded = false;
		if (pass_from_root(sv, &h, room, out))
			return out->won = true;
	}
	return false;
}

/* ---- playing ---- */

/* Searches again with the ties shuffled when a search finds no win. */
#define SOLVE_RESTARTS 1

/* Searches again, each four times as large, before a game is stuck. */
#define SOLVE_RETRIES 1

/* Searches, each four times as large, made when the others find no
 * win. */
#define SOLVE_WIDER 1

bool solve_sees_all(const view *v)
{
	return game_is_solitaire(v->s.g) && cset_is_empty(v->unknown);
}

/* The key of a position played: every pile its own. */
static uint64_t key_of(const state *s)
{
	const salts *sa = salts_of(s);
	return position_key(s, layout_key_salted(s, sa, sa->exact));
}

/* Keeps the line found from s as the plan, with the key of each
 * position it passes through. */
static void keep_plan(solver *sv, const state *s)
{
	state at = *s;
	for (int i = 0; i < sv->plan.len; i++) {
		sv->plan_at[i] = key_of(&at);
		state_apply_listed(&at, sv->plan.line[i]);
	}
	sv->plan_next = 0;
}

/* The plan's next move from where the game stands, if the plan passes
 * there (a move forced on the game, taken without asking, moves it on). */
static bool planned(solver *sv, const state *s, action *a)
{
	uint64_t here = key_of(s);
	for (int i = sv->plan_next; i < sv->plan.len; i++) {
		if (sv->plan_at[i] != here)
			continue;
		if (!state_is_legal(s, &sv->plan.line[i]))
			return false;
		*a = sv->plan.line[i];
		sv->plan_next = i + 1;
		return true;
	}
	return false;
}

/* Which deal s is a game of: the order the cards were dealt in. */
static uint64_t deal_key(const state *s)
{
	uint64_t h = (uint64_t)(uintptr_t)s->g;
	for (int c = 0; c < s->g->deck.ncards; c++)
		h = mix(h ^ s->deal_pos[c]);
	return h ? h : 1;
}

static bool stuck(const solver *sv, const state *s)
{
	return sv->stuck_deal == deal_key(s) &&
	       state_layout_moves(s) >= sv->stuck_moves &&
	       state_progress(s) <= sv->stuck_progress;
}

action solve_choose(const view *v, const action *moves, int n, long nodes,
		    int ms, rng *r)
{
	const state *s = &v->s;
	solver *sv = solver_of_thread();
	action a;
	if (!sv || stuck(sv, s))
		return moves[rng_below(r, (uint32_t)n)];
	if (planned(sv, s, &a))
		return a;
	sv->stuck_deal = 0;
	/* nothing better found: a larger search */
	bool won = solve_search(s, nodes, ms, 0, &sv->plan);
	for (int more = 0; !won && sv->plan.len == 0 && more < SOLVE_RETRIES;
	     more++) {
		nodes *= 4;
		ms *= 4;
		won = solve_search(s, nodes, ms, 0, &sv->plan);
	}
	if (!won && sv->plan.len == 0) {
		sv->stuck_deal = deal_key(s);
		sv->stuck_moves = state_layout_moves(s);
		sv->stuck_progress = state_progress(s);
		return moves[rng_below(r, (uint32_t)n)];
	}
	/* no win: the same search with the ties among moves of equal gain
	 * broken at random, which tries other early choices */
	static _Thread_local solve_result other;
	for (int k = 0; !won && k < SOLVE_RESTARTS; k++) {
		won = solve_search(s, nodes, ms, rng_next(r) | 1, &other);
		if (won || other.progress > sv->plan.progress)
			sv->plan = other;
	}
	/* still none: a search that revisits the early choices */
	if (!won) {
		won = solve_search_bounded(s, nodes, ms, &other);
		if (won || other.progress > sv->plan.progress)
			sv->plan = other;
	}
	/* still none: the first search again, larger */
	for (int k = 0; !won && k < SOLVE_WIDER; k++) {
		nodes *= 4;
		ms *= 4;
		won = solve_search(s, nodes, ms, 0, &other);
		if (won || other.progress > sv->plan.progress)
			sv->plan = other;
	}
	keep_plan(sv, s);
	if (planned(sv, s, &a))
		return a;
	return moves[rng_below(r, (uint32_t)n)];
}
