/* hooks.c — the one table of hooks, and the hooks themselves. */
#include "engine/hook.h"

#include "lang/schema.h"

#include <stdlib.h>
#include <string.h>

/* ======================================================================
 * majority-suit (Stendhal): the suit played most often wins the trick
 * ====================================================================== */

static const char *const all_different_choices[] = {"majority", "leader", NULL};
static const schema s_all_different = {
	.kind = SK_ENUM, .choices = all_different_choices,
	.doc = "when every card is of a different suit: majority applies the "
	       "general rule, leader gives the trick to the leader",
};

static const char *const all_different_words[] = {
	"A trick of all different suits follows the same rule.",
	"A trick of all different suits goes to its leader.",
};

static const hook_param majority_params[] = {
	{"all-different", &s_all_different, "majority",
	 "what happens when every card of the trick has a different suit",
	 all_different_words},
};

/* The suit with the most cards wins; among tied suits, the one whose last
 * card was played latest; within it, the highest rank (the first played
 * among equals). */
static int majority_suit_winner(const deck *d, const card_id *cards, int n,
				const hook_args *args)
{
	int count[SUIT_MAX + 1] = {0}, last[SUIT_MAX + 1] = {0};
	for (int i = 0; i < n; i++) {
		int s = d->suit_of[cards[i]];
		count[s]++;
		last[s] = i;
	}
	if (args->v[0] == 1) {
		bool distinct = true;
		for (int s = 0; s <= SUIT_MAX; s++)
			if (count[s] > 1)
				distinct = false;
		if (distinct)
			return 0;
	}
	int win = -1;
	for (int s = 0; s < SUIT_MAX; s++) {
		if (count[s] == 0)
			continue;
		if (win < 0 || count[s] > count[win] ||
		    (count[s] == count[win] && last[s] > last[win]))
			win = s;
	}
	int best = -1;
	for (int i = 0; i < n; i++)
		if (d->suit_of[cards[i]] == win &&
		    (best < 0 || d->rank_of[cards[i]] > d->rank_of[cards[best]]))
			best = i;
	return best < 0 ? 0 : best;
}

/* ======================================================================
 * ribs-resolution (Ribs): the five steps after a double trick
 * ====================================================================== */

static bool same_ranks(const deck *d, const card_id *a, const card_id *b)
{
	int a0 = d->rank_of[a[0]], a1 = d->rank_of[a[1]];
	int b0 = d->rank_of[b[0]], b1 = d->rank_of[b[1]];
	return (a0 == b0 && a1 == b1) || (a0 == b1 && a1 == b0);
}

/* Neither rank is a rib's, and one card ranks above the lower rib. */
static bool beats(const deck *d, const card_id *pair, const card_id *ribs)
{
	int r0 = d->rank_of[ribs[0]], r1 = d->rank_of[ribs[1]];
	int low = r0 < r1 ? r0 : r1;
	for (int k = 0; k < 2; k++) {
		int r = d->rank_of[pair[k]];
		if (r == r0 || r == r1)
			return false;
	}
	return d->rank_of[pair[0]] > low || d->rank_of[pair[1]] > low;
}

static void ribs_resolution(const deck *d, const double_trick *t,
			    const hook_args *args, double_result *r)
{
	(void)args;
	const card_id *ribs = t->card[0];
	r->matcher = -1;
	r->sum = 0;
	r->made = false;
	/* 1. drop-outs; 2. the first exact match takes everything up */
	for (int i = 1; i < t->n; i++) {
		r->fate[i] = t->down[i] ? FATE_DROPPED : FATE_TAKEN;
		if (!t->down[i] && same_ranks(d, t->card[i], ribs)) {
			r->fate[i] = r->matcher < 0 ? FATE_MATCHED : FATE_OUTMATCHED;
			if (r->matcher < 0)
				r->matcher = i;
		}
	}
	if (r->matcher >= 0) {
		r->fate[0] = FATE_RIBS_MATCHED;
		for (int i = 0; i < t->n; i++)
			for (int k = 0; k < 2; k++)
				r->to[i][k] = (int8_t)(r->fate[i] == FATE_DROPPED
						       ? -1 : r->matcher);
		return;
	}
	/* 3. pairs that beat the ribs go back; the leader takes the rest */
	int taken = 0;
	for (int i = 1; i < t->n; i++) {
		if (r->fate[i] == FATE_TAKEN && beats(d, t->card[i], ribs))
			r->fate[i] = FATE_BEAT;
		for (int k = 0; k < 2; k++) {
			r->to[i][k] = (int8_t)(r->fate[i] == FATE_DROPPED ? -1
					       : r->fate[i] == FATE_BEAT ? i : 0);
			if (r->fate[i] == FATE_TAKEN)
				taken += t->value[t->card[i][k]];
		}
	}
	/* 5. the bid check: the ribs are kept only if the bid is made */
	r->sum = taken + t->value[ribs[0]] + t->value[ribs[1]];
	r->made = r->sum >= t->bid;
	r->fate[0] = r->made ? FATE_RIBS_KEPT : FATE_RIBS_LOST;
	r->to[0][0] = r->to[0][1] = (int8_t)(r->made ? 0 : -1);
}

/* ======================================================================
 * jass-melds (Sidi Barrani): four of a kind and runs, the best holder
 * scores
 * ====================================================================== */

static const schema s_meld_points = {.kind = SK_INT, .min = 0, .max = 1000,
	.doc = "points; 0: not a meld"};
static const schema s_meld_team = {.kind = SK_BOOL,
	.doc = "true: the best holder's team scores its players' melds"};

static const hook_param meld_params[] = {
	{"jacks", &s_meld_points, "200", "four jacks", NULL},
	{"nines", &s_meld_points, "0", "four nines (0: no meld)", NULL},
	{"others", &s_meld_points, "200", "four aces, kings, queens or tens",
	 NULL},
	{"team", &s_meld_team, "false",
	 "whether the best holder's partner scores melds too", NULL},
};

/* A meld's strength, to compare: points, then the rank of its four or of
 * its top card, then a run in the trumps; higher is stronger. */
static long meld_strength(const deck *d, const meld *m, cardset trumps)
{
	int top = 0;
	for (int i = 0; i < m->n; i++)
		if (d->rank_of[m->card[i]] > top)
			top = d->rank_of[m->card[i]];
	bool run = d->suit_of[m->card[0]] == d->suit_of[m->card[1]];
	return (long)m->points * 1000 + top * 10 + (run && cset_has(trumps, m->card[0]));
}

static int run_points(int n)
{
	return n >= 5 ? 100 : n == 4 ? 50 : n == 3 ? 20 : 0;
}

/* The search for one hand's melds: the best set so far and the one
 * being built. */
typedef struct meld_search {
	const deck *d;
	cardset trumps;
	meld best[MELDS_MAX], cur[MELDS_MAX];
	int nbest, ncur;
	long best_top, best_total;
} meld_search;

static void consider(meld_search *ms)
{
	long top = 0, total = 0;
	for (int i = 0; i < ms->ncur; i++) {
		long st = meld_strength(ms->d, &ms->cur[i], ms->trumps);
		if (st > top)
			top = st;
		total += ms->cur[i].points;
	}
	if (top > ms->best_top || (top == ms->best_top && total > ms->best_total)) {
		ms->best_top = top;
		ms->best_total = total;
		ms->nbest = ms->ncur;
		memcpy(ms->best, ms->cur, sizeof ms->cur);
	}
}

/* Runs of one suit at a time, each split into pieces of 3 or more (a
 * long run may be worth more split), from rank r of suit su upward. */
static void runs_from(meld_search *ms, cardset left, int su, int r)
{
	const deck *d = ms->d;
	for (; su < d->nsuits; su++, r = 0) {
		for (; r < d->nranks; r++) {
			int len = 0;
			while (r + len < d->nranks &&
			       cset_meets(left, cset_and(d->by_suit[su],
							 d->by_rank[r + len])))
				len++;
			if (len < 3)
				continue;
			/* a piece of k cards from r, or none starting here */
			for (int k = 3; k <= len && ms->ncur < MELDS_MAX; k++) {
				meld *m = &ms->cur[ms->ncur++];
				m->n = k;
				m->points = run_points(k);
				for (int i = 0; i < k; i++)
					m->card[i] = cset_first(cset_and(left,
						cset_and(d->by_suit[su], d->by_rank[r + i])));
				runs_from(ms, left, su, r + k);
				ms->ncur--;
			}
		}
	}
	consider(ms);
}

static void fours_from(meld_search *ms, cardset hand, int r, const int *pts)
{
	const deck *d = ms->d;
	if (r == d->nranks) {
		runs_from(ms, hand, 0, 0);
		return;
	}
	fours_from(ms, hand, r + 1, pts);
	cardset four = cset_and(hand, d->by_rank[r]);
	if (pts[r] > 0 && cset_count(four) >= d->nsuits && ms->ncur < MELDS_MAX) {
		meld *m = &ms->cur[ms->ncur++];
		m->n = 0;
		m->points = pts[r];
		CSET_FOREACH(c, four)
			if (m->n < d->nsuits)
				m->card[m->n++] = c;
		fours_from(ms, cset_minus(hand, four), r + 1, pts);
		ms->ncur--;
	}
}

static void jass_melds(const deck *d, const cardset *hands, int n,
		       const int *order, cardset trumps, const int8_t *team,
		       const hook_args *args, meld_result *r)
{
	int pts[RANK_MAX] = {0};
	for (int k = 0; k < d->nranks; k++) {
		const char *rk = d->rank[k];
		pts[k] = strcmp(rk, "J") == 0 ? (int)args->v[0]
			: strcmp(rk, "9") == 0 ? (int)args->v[1]
			: strchr("AKQ", rk[0]) || strcmp(rk, "10") == 0
			? (int)args->v[2] : 0;
	}
	memset(r, 0, sizeof *r);
	r->best = -1;
	long best = 0;
	for (int i = 0; i < n; i++) {
		int seat = order[i];
		meld_search ms = {.d = d, .trumps = trumps};
		fours_from(&ms, hands[seat], 0, pts);
		r->nmelds[seat] = ms.nbest;
		memcpy(r->meld[seat], ms.best, sizeof ms.best);
		if (ms.best_top > best) {       /* earlier players win ties */
			best = ms.best_top;
			r->best = seat;
		}
	}
	for (int seat = 0; seat < n && r->best >= 0; seat++) {
		bool scores = seat == r->best ||
			      (args->v[3] && team[seat] == team[r->best]);
		for (int k = 0; scores && k < r->nmelds[seat]; k++)
			r->points[seat] += r->meld[seat][k].points;
	}
}

/* ======================================================================
 * The table
 * ====================================================================== */

const hook hook_table[] = {
	{
		.name = "majority-suit",
		.slot = "trick-winner",
		.doc = "The suit with the most cards in the trick wins, not the "
		       "led suit; a tie goes to the tied suit whose last card was "
		       "played latest; the highest card of that suit takes the trick.",
		.games = "Stendhal",
		.params = majority_params,
		.nparams = 1,
		.trick_winner = majority_suit_winner,
	},
	{
		.name = "ribs-resolution",
		.slot = "double-trick",
		.doc = "Face-down pairs drop out; the first face-up pair with "
		       "the ribs' two ranks takes every card shown; else each "
		       "pair with neither rib rank and a card above the lower "
		       "rib is taken back, the leader takes the other pairs, "
		       "and keeps the ribs only if the ribs and the pairs taken "
		       "are worth the bid.",
		.games = "Ribs",
		.double_trick = ribs_resolution,
	},
	{
		.name = "jass-melds",
		.slot = "melds",
		.doc = "Each player's melds in the hand as dealt (or in the "
		       "melds declared, when they are declared by choice): "
		       "four of a kind (jacks, nines, or aces, kings, queens "
		       "and tens, at the points given) and runs of 3, 4, 5 or more in a suit in "
		       "the natural order (20, 50, 100), each card in one meld. "
		       "The single strongest meld (more points, then the higher "
		       "four or top card, then a run in trumps, then the earlier "
		       "player to the first trick) lets its holder score all of "
		       "their melds; nobody else scores any.",
		.games = "Sidi Barrani",
		.params = meld_params,
		.nparams = 4,
		.melds = jass_melds,
	},
};
const int hook_count = sizeof hook_table / sizeof *hook_table;

const hook *hook_find(const char *slot, const char *name)
{
	for (int i = 0; i < hook_count; i++)
		if (strcmp(hook_table[i].slot, slot) == 0 &&
		    strcmp(hook_table[i].name, name) == 0)
			return &hook_table[i];
	return NULL;
}

static int64_t read_param(const hook_param *p, const char *text)
{
	switch (p->type->kind) {
	case SK_BOOL:
		return strcmp(text, "true") == 0;
	case SK_ENUM:
		for (int i = 0; p->type->choices[i]; i++)
			if (strcmp(p->type->choices[i], text) == 0)
				return i;
		return 0;
	default:
		return strtoll(text, NULL, 10);
	}
}

void hook_read_args(const hook *h, const node *map, hook_args *args)
{
	memset(args, 0, sizeof *args);
	for (int i = 0; i < h->nparams && i < HOOK_PARAMS_MAX; i++) {
		const node *v = node_get(map, h->params[i].name);
		const char *text = v && v->kind == NODE_SCALAR
			? v->text : h->params[i].fallback;
		args->v[i] = text ? read_param(&h->params[i], text) : 0;
	}
}
