/* solitaire.c — the search of a solitaire's moves (solitaire.h). */
#include "front/solitaire.h"

#include <limits.h>
#include <math.h>
#include <string.h>

#define PLAYOUT_DEPTH 80        /* moves a playout makes at most */
#define PLAYOUT_STALL 26        /* moves in a row that show nothing new
				   and end a playout: a pass through a
				   Klondike stock, one card at a time */
#define PLAYOUT_RECENT 64       /* positions a playout remembers */
#define VALUE_REPEAT (-1000)    /* a move back to a recent position */
#define AFTER_KEPT 32           /* positions after the moves looked at,
				   kept to be played on */

static _Thread_local state ahead[AFTER_KEPT];

uint64_t solitaire_position(const state *s, cardset unknown)
{
	uint64_t h = UINT64_C(0xcbf29ce484222325);     /* FNV-1a */
	for (int c = 0; c < s->g->deck.ncards; c++) {
		if (cset_has(unknown, (card_id)c))
			continue;
		h = (h ^ s->pile_of[c]) * UINT64_C(0x100000001b3);
		h = (h ^ s->depth[c]) * UINT64_C(0x100000001b3);
	}
	for (int p = 0; p < s->g->npiles; p++)
		h = (h ^ s->pile_size[p]) * UINT64_C(0x100000001b3);
	return h;
}

int64_t solitaire_worth(const state *s)
{
	return (state_solved(s) ? 1000 + 10 * s->deal_score[0] : 0) +
	       state_progress(s);
}

/* ---- moves clear without a search ---- */

/* Whether every move of list[0..n) other than list[skip], of another
 * card and not a step back (rise[i] >= 0), is still legal in `after`:
 * the move at `skip` takes no option away but its own card's. */
static bool keeps_options(const state *after, const action *list, int n,
			  const int64_t *rise, int skip)
{
	action now[ACTIONS_MAX];
	int m = state_legal(after, now);
	for (int i = 0; i < n; i++)
		if (i != skip && rise[i] >= 0 &&
		    list[i].card[0] != list[skip].card[0] &&
		    action_find(now, m, &list[i]) < 0)
			return false;
	return true;
}

int solitaire_clear_move(const state *s, const action *moves, int n)
{
	int64_t rise[ACTIONS_MAX], base = state_progress(s);
	for (int i = 0; i < n; i++) {
		state after = *s;
		rise[i] = state_apply(&after, moves[i]) &&
				  !state_move_hint(s, &moves[i]).spends
			? state_progress(&after) - base : INT64_MIN;
	}
	int best = -1;
	for (int i = 0; i < n; i++) {
		if (rise[i] <= 0 || (best >= 0 && rise[i] <= rise[best]))
			continue;
		bool alone = true;      /* no other move of its card as good */
		for (int j = 0; j < n && alone; j++)
			alone = j == i || moves[j].card[0] != moves[i].card[0] ||
				rise[j] < rise[i];
		state after = *s;
		state_apply(&after, moves[i]);
		if (alone && keeps_options(&after, moves, n, rise, i))
			best = i;
	}
	return best;
}

/* ---- the playout ---- */

/* Steps of a decision's first playouts that try the look ahead: when it
 * never tells moves apart beyond the attacks (Gridcannon: every move
 * draws a card, and the attacks are hinted), the decision's other
 * playouts go without it, at a fraction of the cost. */
#define LOOK_TRIAL 400

typedef struct lookahead {
	int steps;                      /* steps that looked ahead */
	int told;                       /* of them, steps where it told
					   moves apart */
} lookahead;

static bool looking(const lookahead *la)
{
	return la->steps < LOOK_TRIAL || la->told > 0;
}

/* What a playout has met: the highest progress, the cards seen, the
 * moves since either grew, and the latest positions (a ring). */
typedef struct walk {
	int64_t best;
	int seen;
	int idle;
	int rose;                       /* moves made when the progress last
					   rose */
	uint64_t recent[PLAYOUT_RECENT];
	int nrecent;
} walk;

static bool recent(const walk *w, uint64_t h)
{
	int n = w->nrecent < PLAYOUT_RECENT ? w->nrecent : PLAYOUT_RECENT;
	for (int i = 0; i < n; i++)
		if (w->recent[i] == h)
			return true;
	return false;
}

static void remember(walk *w, const state *s)
{
	w->recent[w->nrecent++ % PLAYOUT_RECENT] =
		solitaire_position(s, cset_empty());
	int64_t now = state_progress(s);
	int seen = cset_count(s->seen);
	if (now > w->best)
		w->rose = w->nrecent;
	if (now > w->best || seen > w->seen) {
		w->idle = 0;
		w->best = now > w->best ? now : w->best;
		w->seen = seen > w->seen ? seen : w->seen;
	} else {
		w->idle++;
	}
}

/* What move a gains, looked at one move ahead: a win above all, then
 * the progress it adds (four times), then the cards it turns face up;
 * a move back to a recent position is worth least. */
static long move_value(const state *s, const walk *w, action a,
		       int64_t progress, int seen, state *after)
{
	*after = *s;
	state_apply_listed(after, a);
	if (state_solved(after))
		return LONG_MAX;
	if (recent(w, solitaire_position(after, cset_empty())))
		return VALUE_REPEAT;
	return 4 * (long)(state_progress(after) - progress) +
	       (cset_count(after->seen) - seen);
}

/* Among moves[0..n), the one onto the highest-ranked card (keeping low
 * cards and empty piles for later), at random among equals. */
static int onto_highest(const state *s, const action *moves, const int *of,
			int n, rng *r)
{
	long top_key = -1;
	int best = 0, ties = 0;
	for (int i = 0; i < n; i++) {
		action a = moves[of[i]];
		card_id t = a.kind == ACT_MOVE ? pile_top(s, a.to) : CARD_NONE;
		long key = t == CARD_NONE ? 0 : 1 + s->g->deck.rank_of[t];
		if (key > top_key) {
			top_key = key;
			ties = 1;
			best = of[i];
		} else if (key == top_key && rng_below(r, (uint32_t)++ties) == 0) {
			best = of[i];
		}
	}
	return best;
}

/* The move whose attack kills most (state_move_hint), or -1. */
static int most_kills(const state *s, const action *moves, int n)
{
	int best = -1, most = 0;
	for (int i = 0; i < n; i++) {
		int k = state_move_hint(s, &moves[i]).gain;
		if (k > most) {
			most = k;
			best = i;
		}
	}
	return best;
}

/* Half the time onto the highest card, half the time at random. */
static int plain_move(const state *s, const action *moves, int n, rng *r)
{
	int all[ACTIONS_MAX];
	for (int i = 0; i < n; i++)
		all[i] = i;
	if (rng_below(r, 2) == 0)
		return onto_highest(s, moves, all, n, r);
	return (int)rng_below(r, (uint32_t)n);
}

/* The move a playout makes: the one whose attack kills most; else among
 * those worth most one move ahead, at
 * random when they gain something the others do not; else (nothing to
 * tell them apart, or nothing gained) half the time onto the highest
 * card, half the time at random. */
static int playout_move(const state *s, const walk *w, const action *moves,
			int n, lookahead *la, bool *looked, rng *r)
{
	*looked = false;
	int attack = most_kills(s, moves, n);
	if (attack >= 0)
		return attack;
	if (!looking(la))
		return plain_move(s, moves, n, r);
	la->steps++;
	long worth[ACTIONS_MAX], most = LONG_MIN, least = LONG_MAX;
	int64_t progress = state_progress(s);
	int seen = cset_count(s->seen);
	for (int i = 0; i < n; i++) {
		state scratch;
		worth[i] = move_value(s, w, moves[i], progress, seen,
				      i < AFTER_KEPT ? &ahead[i] : &scratch);
		most = worth[i] > most ? worth[i] : most;
		least = worth[i] < least ? worth[i] : least;
	}
	*looked = true;
	int group[ACTIONS_MAX], ng = 0;
	for (int i = 0; i < n; i++)
		if (worth[i] == most)
			group[ng++] = i;
	if (most > 0 && most > least) {
		la->told++;
		return group[rng_below(r, (uint32_t)ng)];
	}
	if (rng_below(r, 2) == 0)
		return onto_highest(s, moves, group, ng, r);
	return group[rng_below(r, (uint32_t)ng)];
}

/* What a playout reached: the moves it made when its progress last
 * rose, the highest progress and the most cards seen on the way. */
typedef struct reach {
	int rose;
	int64_t best;
	int seen;
} reach;

/* A greedy playout, keeping the moves that spend a card (a ploy) for
 * when nothing else is legal, as a player keeps them for when stuck;
 * it stops after PLAYOUT_DEPTH moves, or PLAYOUT_STALL moves in a row
 * that neither turn a new card face up nor raise the progress. */
static reach playout(state *s, lookahead *la, rng *r)
{
	action moves[ACTIONS_MAX];
	walk w = {state_progress(s), cset_count(s->seen), 0, 0, {0}, 0};
	for (int step = 0; step < PLAYOUT_DEPTH && s->current >= 0 &&
	     w.idle < PLAYOUT_STALL; step++) {
		int n = state_legal_saving(s, moves);
		if (n == 0)
			break;
		bool looked = false;
		int i = n == 1 ? 0 : playout_move(s, &w, moves, n, la,
						  &looked, r);
		if (looked && i < AFTER_KEPT)
			*s = ahead[i];
		else
			state_apply_listed(s, moves[i]);
		remember(&w, s);
	}
	return (reach){w.rose, w.best, w.seen};
}

/* ---- successive halving ---- */

/* A move's worth from one playout: the game's worth, less a little for
 * each move the playout took to get there, so that of two moves leading
 * to the same end the one that gets there sooner wins (a move that only
 * shifts cards about delays the rest by one). */
static double arm_worth(const state *s, int rose)
{
	return (double)solitaire_worth(s) - rose / (2.0 * PLAYOUT_DEPTH);
}

static double mean(const double *sum, const int *tried, int i)
{
	return sum[i] / (tried[i] ? tried[i] : 1);
}

/* Whether the best arm's worst playout beat every other arm's best: the
 * halving stops there, its choice made. */
static bool dominates(const int *arm, int alive, const double *lo,
		      const double *hi)
{
	for (int j = 1; j < alive; j++)
		if (lo[arm[0]] <= hi[arm[j]])
			return false;
	return true;
}

/* The arms alive, best mean first (insertion sort). */
static void rank_arms(int *arm, int alive, const double *sum,
		      const int *tried)
{
	for (int j = 1; j < alive; j++) {
		int a = arm[j], k = j;
		double m = mean(sum, tried, a);
		while (k > 0 && mean(sum, tried, arm[k - 1]) < m) {
			arm[k] = arm[k - 1];
			k--;
		}
		arm[k] = a;
	}
}

action solitaire_search(const view *v, const action *moves, int n,
			search_budget budget, rng *rg, bool *barren)
{
	bool found = false;
	int arm[ACTIONS_MAX], alive = n, rounds = 1;
	double sum[ACTIONS_MAX] = {0}, lo[ACTIONS_MAX], hi[ACTIONS_MAX];
	int tried[ACTIONS_MAX] = {0};
	for (int i = 0; i < n; i++) {
		arm[i] = i;
		lo[i] = HUGE_VAL;
		hi[i] = -HUGE_VAL;
	}
	while ((1 << rounds) < n)
		rounds++;
	uint64_t base = rng_next(rg);
	int sample = 0;
	lookahead la = {0, 0};
	double start = search_clock();
	for (int round = 0; alive > 1 && round < rounds; round++) {
		int per = budget.playouts / (rounds * alive);
		if (per < 2)
			per = 2;
		/* with a time budget, each round has its share of the time */
		double until = start + budget.ms / 1000.0 * (round + 1) / rounds;
		for (int k = 0; budget.ms ? k < 2 || search_clock() < until
					  : k < per; k++, sample++) {
			rng r;
			rng_seed(&r, base, (uint64_t)sample);
			state dealt;
			view_sample(v, &r, &dealt);
			int64_t at_best = state_progress(&dealt);
			int at_seen = cset_count(dealt.seen);
			uint64_t stream = rng_next(&r);
			for (int j = 0; j < alive; j++) {
				state s = dealt;
				if (!state_apply(&s, moves[arm[j]]))
					continue;
				rng_seed(&r, stream, 1);
				reach got = playout(&s, &la, &r);
				found = found || got.best > at_best ||
					got.seen > at_seen;
				double worth = arm_worth(&s, got.rose);
				sum[arm[j]] += worth;
				lo[arm[j]] = worth < lo[arm[j]] ? worth : lo[arm[j]];
				hi[arm[j]] = worth > hi[arm[j]] ? worth : hi[arm[j]];
				tried[arm[j]]++;
			}
		}
		rank_arms(arm, alive, sum, tried);
		if (dominates(arm, alive, lo, hi))
			break;
		alive = (alive + 1) / 2;
	}
	*barren = !found;
	return moves[arm[0]];
}
