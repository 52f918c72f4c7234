/* hooks.c — the one table of hooks, and the hooks themselves. */
#include "engine/hook.h"

#include "engine/state.h"

#include <stddef.h>
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

static const schema_hook_param majority_params[] = {
	{"all-different", &s_all_different, "majority",
	 "what happens when every card of the trick has a different suit",
	 all_different_words},
};

enum { ALL_DIFFERENT_MAJORITY, ALL_DIFFERENT_LEADER };

/* The suit with the most cards wins; among tied suits, the one whose last
 * card was played latest; within it, the highest rank (the first played
 * among equals).  The winning card's position. */
static int majority_position(const deck *d, const card_id *cards, int n,
			     bool leader_if_all_different)
{
	int count[SUIT_MAX + 1] = {0}, last[SUIT_MAX + 1] = {0};
	for (int i = 0; i < n; i++) {
		int s = d->suit_of[cards[i]];
		count[s]++;
		last[s] = i;
	}
	if (leader_if_all_different) {
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

static int majority_pick(const hook_context *ctx)
{
	bool leader = ctx->args->v[0] == ALL_DIFFERENT_LEADER;
	return majority_position(&ctx->s->g->deck, ctx->in.cards,
				 ctx->in.ncards, leader);
}

static void majority_suit(const hook_context *ctx, hook_result *out)
{
	memset(out, 0, offsetof(hook_result, group));
	out->pick = majority_pick(ctx);
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

/* Position i's pair: the laid cards come two by two, the lead first. */
static const card_id *pair_at(const hook_context *ctx, int i)
{
	return &ctx->in.cards[2 * i];
}

static bool laid_down(const hook_context *ctx, int i)
{
	return ctx->in.down >> i & 1;
}

/* Position i's pair goes to position `to` (-1: discarded). */
static void send_pair(hook_result *r, const hook_context *ctx, int i, int to)
{
	hook_group *g = &r->group[i];
	g->card[0] = pair_at(ctx, i)[0];
	g->card[1] = pair_at(ctx, i)[1];
	g->n = 2;
	g->seat = (int8_t)to;
}

static void ribs_resolution(const hook_context *ctx, hook_result *r)
{
	const deck *d = &ctx->s->g->deck;
	const int32_t *worth = ctx->in.values;
	const card_id *ribs = pair_at(ctx, 0);
	int n = ctx->in.ncards / 2;
	/* the groups past the n positions are never read: not cleared */
	memset(r, 0, offsetof(hook_result, group));
	memset(r->group, 0, sizeof r->group[0] * (size_t)n);
	r->pick = -1;
	r->ngroups = n;
	hook_group *pair = r->group;
	/* 1. drop-outs; 2. the first exact match takes everything up */
	for (int i = 1; i < n; i++) {
		pair[i].tag = laid_down(ctx, i) ? PAIR_DOWN : PAIR_TO_LEADER;
		if (!laid_down(ctx, i) && same_ranks(d, pair_at(ctx, i), ribs)) {
			pair[i].tag = r->pick < 0 ? PAIR_TAKES_ALL
						 : PAIR_MATCHED_LATE;
			if (r->pick < 0)
				r->pick = i;
		}
	}
	if (r->pick >= 0) {
		pair[0].tag = PAIR_LEAD_TAKEN;
		for (int i = 0; i < n; i++)
			send_pair(r, ctx, i, pair[i].tag == PAIR_DOWN ? -1 : r->pick);
		return;
	}
	/* 3. pairs that beat the ribs go back; the leader takes the rest */
	int taken = 0;
	for (int i = 1; i < n; i++) {
		const card_id *cards = pair_at(ctx, i);
		if (pair[i].tag == PAIR_TO_LEADER && beats(d, cards, ribs))
			pair[i].tag = PAIR_BEATS_LEAD;
		send_pair(r, ctx, i, pair[i].tag == PAIR_DOWN ? -1
			  : pair[i].tag == PAIR_BEATS_LEAD ? i : 0);
		if (pair[i].tag == PAIR_TO_LEADER)
			taken += worth[cards[0]] + worth[cards[1]];
	}
	/* 5. the bid check: the ribs are kept only if the bid is made */
	r->total = taken + worth[ribs[0]] + worth[ribs[1]];
	r->yes = r->total >= ctx->s->bid;
	pair[0].tag = r->yes ? PAIR_LEAD_KEPT : PAIR_LEAD_DISCARDED;
	send_pair(r, ctx, 0, r->yes ? 0 : -1);
}

/* ======================================================================
 * jass-melds (Sidi Barrani): four of a kind and runs, the best holder
 * scores
 * ====================================================================== */

static const schema s_meld_points = {.kind = SK_INT, .min = 0, .max = 1000,
	.doc = "points; 0: not a meld"};
static const schema s_meld_team = {.kind = SK_BOOL,
	.doc = "true: the best holder's team scores its players' melds"};

static const schema_hook_param meld_params[] = {
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
	cardset left;                   /* the cards runs are made of */
	uint32_t ranks[SUIT_MAX];       /* their ranks, by suit, as bits */
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
static void runs_from(meld_search *ms, int su, int r)
{
	const deck *d = ms->d;
	cardset left = ms->left;
	for (; su < d->nsuits; su++, r = 0) {
		uint32_t held = ms->ranks[su];
		/* the ranks from r up that begin three in a row, lowest first */
		uint32_t starts = (held & held >> 1 & held >> 2) >> r << r;
		for (; starts; starts &= starts - 1) {
			r = __builtin_ctz(starts);
			int len = __builtin_ctz(~(held >> r));
			/* a piece of k cards from r, or none starting here */
			for (int k = 3; k <= len && ms->ncur < MELDS_MAX; k++) {
				meld *m = &ms->cur[ms->ncur++];
				m->n = k;
				m->points = run_points(k);
				for (int i = 0; i < k; i++)
					m->card[i] = cset_first(cset_and(left,
						cset_and(d->by_suit[su], d->by_rank[r + i])));
				runs_from(ms, su, r + k);
				ms->ncur--;
			}
		}
	}
	consider(ms);
}

/* Whether the deck is one copy of each card: deck_build lays its cards
 * out suit by suit, each suit's ranks low to high (jokers last), so a
 * suit's ranks are nranks bits of a set from its first card on. */
static bool one_copy(const deck *d)
{
	return d->ncards - d->njokers == d->nsuits * d->nranks;
}

/* The nranks bits of s from bit `at` on. */
static uint32_t bits_at(cardset s, int at, int nranks)
{
	int w = at >> 6, b = at & 63;
	uint64_t x = s.w[w] >> b;
	if (b + nranks > 64 && w + 1 < CSET_WORDS)
		x |= s.w[w + 1] << (64 - b);
	return (uint32_t)(x & ((UINT64_C(1) << nranks) - 1));
}

/* The ranks s holds in each suit, as bits. */
static void ranks_by_suit(const deck *d, cardset s, uint32_t *ranks)
{
	int n = d->nranks;
	if (one_copy(d) && d->ncards <= 64) {   /* one word: a shift a suit */
		uint64_t w = s.w[0], mask = (UINT64_C(1) << n) - 1;
		for (int su = 0; su < d->nsuits; su++, w >>= n)
			ranks[su] = (uint32_t)(w & mask);
		return;
	}
	if (one_copy(d)) {
		for (int su = 0; su < d->nsuits; su++)
			ranks[su] = bits_at(s, su * n, n);
		return;
	}
	memset(ranks, 0, sizeof *ranks * (size_t)d->nsuits);
	CSET_FOREACH(c, s)              /* a hand's few cards, not every face */
		if (d->suit_of[c] < d->nsuits)
			ranks[d->suit_of[c]] |= UINT32_C(1) << d->rank_of[c];
}

/* Where no run is longer than five (none splits into two pieces of
 * three) and there are at most MELDS_MAX of them, the best melds are
 * every run whole: the most points in all, and the strongest meld, as
 * no piece of a run is worth its whole run.  They are set down as the
 * search would find them, suits and then ranks upward; false where the
 * runs need the search. */
static bool whole_runs(meld_search *ms)
{
	const deck *d = ms->d;
	int n = 0;
	for (int su = 0; su < d->nsuits; su++) {
		uint32_t held = ms->ranks[su];
		uint32_t starts = held & held >> 1 & held >> 2;
		while (starts) {
			int r = __builtin_ctz(starts);
			int len = __builtin_ctz(~(held >> r));
			if (len > 5 || n == MELDS_MAX)
				return false;
			starts &= ~(((UINT32_C(1) << len) - 1) << r);
			meld *m = &ms->best[n++];
			m->n = len;
			m->points = run_points(len);
			for (int i = 0; i < len; i++)
				m->card[i] = cset_first(cset_and(ms->left,
					cset_and(d->by_suit[su], d->by_rank[r + i])));
			long st = meld_strength(d, m, ms->trumps);
			ms->best_top = st > ms->best_top ? st : ms->best_top;
			ms->best_total += m->points;
		}
	}
	ms->nbest = n;
	return true;
}

/* The runs of `left`, its ranks by suit as bits worked out once rather
 * than a card set met at every step of the search. */
static void runs_of(meld_search *ms, cardset left)
{
	ms->left = left;
	ranks_by_suit(ms->d, left, ms->ranks);
	runs_from(ms, 0, 0);
}

/* The runs of a hand without fours: whole where they need no search. */
static void runs_alone(meld_search *ms, cardset hand)
{
	ms->left = hand;
	ranks_by_suit(ms->d, hand, ms->ranks);
	if (!whole_runs(ms))
		runs_from(ms, 0, 0);
}

static void fours_from(meld_search *ms, cardset hand, int r, const int *pts)
{
	const deck *d = ms->d;
	if (r == d->nranks) {
		runs_of(ms, hand);
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

enum { MELD_JACKS, MELD_NINES, MELD_OTHERS, MELD_TEAM };

/* What four cards of each rank are worth, by the parameters. */
static void four_points(const deck *d, const hook_args *args, int *pts)
{
	for (int k = 0; k < d->nranks; k++) {
		const char *rk = d->rank[k];
		pts[k] = strcmp(rk, "J") == 0 ? (int)args->v[MELD_JACKS]
			: strcmp(rk, "9") == 0 ? (int)args->v[MELD_NINES]
			: strchr("AKQ", rk[0]) || strcmp(rk, "10") == 0
			? (int)args->v[MELD_OTHERS] : 0;
	}
}

/* The seats to search, in the order of play to the first trick (which
 * breaks ties between equal melds): every seat, or the one asked about. */
static int seats_to_search(const hook_context *ctx, int *order)
{
	const state *s = ctx->s;
	if (ctx->seat >= 0) {
		order[0] = ctx->seat;
		return 1;
	}
	for (int i = 0; i < s->players; i++)
		order[i] = state_next_seat(s, s->first_leader, i);
	return s->players;
}

_Static_assert(HOOK_GROUPS_MAX >= SEAT_MAX * MELDS_MAX,
	       "a result holds every seat's melds");

static void add_melds(hook_result *r, int seat, const meld_search *ms)
{
	for (int k = 0; k < ms->nbest && r->ngroups < HOOK_GROUPS_MAX; k++) {
		hook_group *g = &r->group[r->ngroups++];
		g->n = (int8_t)ms->best[k].n;
		memcpy(g->card, ms->best[k].card, sizeof g->card);
		g->seat = (int8_t)seat;
		g->points = (int16_t)ms->best[k].points;
	}
}

/* The melds of seat, as added to r. */
static int64_t meld_points_of(const hook_result *r, int seat)
{
	int64_t sum = 0;
	for (int k = 0; k < r->ngroups; k++)
		if (r->group[k].seat == seat)
			sum += r->group[k].points;
	return sum;
}

/* What a hand may hold, known from its ranks by suit before any search:
 * nothing (most hands), runs alone, or a four worth points too. */
enum hand_melds { HOLDS_NONE, HOLDS_RUNS, HOLDS_FOURS };

/* The ranks of which the hand holds as many cards as there are suits
 * (with copies, not one of each suit), as bits. */
static uint32_t fours_by_count(const deck *d, cardset hand)
{
	int count[RANK_MAX] = {0};
	uint32_t fours = 0;
	CSET_FOREACH(c, hand)
		if (d->suit_of[c] < d->nsuits &&
		    ++count[d->rank_of[c]] == d->nsuits)
			fours |= UINT32_C(1) << d->rank_of[c];
	return fours;
}

/* pts[0] < 0 until a four is met: the points of the fours are worked
 * out from the ranks' names only then. */
static enum hand_melds hand_melds(const deck *d, cardset hand,
				  const hook_args *args, int *pts)
{
	uint32_t ranks[SUIT_MAX], fours = d->nsuits ? ~UINT32_C(0) : 0;
	uint32_t runs = 0;
	ranks_by_suit(d, hand, ranks);
	for (int su = 0; su < d->nsuits; su++) {
		fours &= ranks[su];     /* a rank held in every suit */
		runs |= ranks[su] & ranks[su] >> 1 & ranks[su] >> 2;
	}
	if (!one_copy(d))               /* with copies, counted */
		fours = fours_by_count(d, hand);
	for (; fours; fours &= fours - 1) {
		if (pts[0] < 0)
			four_points(d, args, pts);
		if (pts[__builtin_ctz(fours)] > 0)
			return HOLDS_FOURS;
	}
	return runs ? HOLDS_RUNS : HOLDS_NONE;
}

static void jass_melds(const hook_context *ctx, hook_result *r)
{
	const state *s = ctx->s;
	const deck *d = &s->g->deck;
	int pts[RANK_MAX] = {-1};
	int order[SEAT_MAX], n = seats_to_search(ctx, order);
	/* the groups past ngroups are never read: not cleared */
	memset(r, 0, offsetof(hook_result, group));
	r->pick = -1;
	r->ngroups = 0;
	long best = 0;
	for (int i = 0; i < n; i++) {
		cardset hand = ctx->in.hands[order[i]];
		if (cset_is_empty(hand))
			continue;               /* a hand that declared none */
		enum hand_melds holds = hand_melds(d, hand, ctx->args, pts);
		if (holds == HOLDS_NONE)
			continue;               /* most hands: no search */
		meld_search ms = {.d = d, .trumps = s->trumps};
		if (holds == HOLDS_RUNS)
			runs_alone(&ms, hand);  /* what fours_from would reach */
		else
			fours_from(&ms, hand, 0, pts);
		add_melds(r, order[i], &ms);
		if (ms.best_top > best) {       /* earlier players win ties */
			best = ms.best_top;
			r->pick = order[i];
		}
	}
	const int8_t *team = s->g->team_of;
	for (int i = 0; i < n && r->pick >= 0; i++) {
		int seat = order[i];
		if (seat == r->pick || (ctx->args->v[MELD_TEAM] &&
				       team[seat] == team[r->pick]))
			r->score[seat] = meld_points_of(r, seat);
	}
}

/* ======================================================================
 * The table
 * ====================================================================== */

const hook hook_table[] = {
	{
		.about = {
			.name = "majority-suit",
			.slot = "trick-winner",
			.doc = "The suit with the most cards in the trick wins, "
			       "not the led suit; a tie goes to the tied suit "
			       "whose last card was played latest; the highest "
			       "card of that suit takes the trick.",
			.params = majority_params,
			.nparams = 1,
		},
		.games = "Stendhal",
		.run = majority_suit,
		.pick = majority_pick,
	},
	{
		.about = {
			.name = "ribs-resolution",
			.slot = "double-trick",
			.doc = "Face-down pairs drop out; the first face-up pair "
			       "with the ribs' two ranks takes every card shown; "
			       "else each pair with neither rib rank and a card "
			       "above the lower rib is taken back, the leader "
			       "takes the other pairs, and keeps the ribs only if "
			       "the ribs and the pairs taken are worth the bid.",
		},
		.games = "Ribs",
		.run = ribs_resolution,
	},
	{
		.about = {
			.name = "jass-melds",
			.slot = "melds",
			.doc = "Each player's melds in the hand as dealt (or in "
			       "the melds declared, when they are declared by "
			       "choice): four of a kind (jacks, nines, or aces, "
			       "kings, queens and tens, at the points given) and "
			       "runs of 3, 4, 5 or more in a suit in the natural "
			       "order (20, 50, 100), each card in one meld. The "
			       "single strongest meld (more points, then the "
			       "higher four or top card, then a run in trumps, "
			       "then the earlier player to the first trick) lets "
			       "its holder score all of their melds; nobody else "
			       "scores any.",
			.params = meld_params,
			.nparams = 4,
		},
		.games = "Sidi Barrani",
		.run = jass_melds,
	},
};
const int hook_count = sizeof hook_table / sizeof *hook_table;

const hook *hook_find(const char *slot, const char *name)
{
	for (int i = 0; i < hook_count; i++)
		if (strcmp(hook_table[i].about.slot, slot) == 0 &&
		    strcmp(hook_table[i].about.name, name) == 0)
			return &hook_table[i];
	return NULL;
}

static int64_t read_param(const schema_hook_param *p, const char *text)
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

hook_use hook_named(const char *slot, const node *map)
{
	hook_use use = {.hook = hook_find(slot, node_get(map, "hook")->text)};
	const schema_hook *h = use.hook ? &use.hook->about : NULL;
	for (int i = 0; h && i < h->nparams && i < HOOK_PARAMS_MAX; i++) {
		const node *v = node_get(map, h->params[i].name);
		const char *text = v && v->kind == NODE_SCALAR
			? v->text : h->params[i].fallback;
		use.args.v[i] = text ? read_param(&h->params[i], text) : 0;
	}
	return use;
}

void hook_call(const hook_use *use, const state *s, int seat,
	       hook_input in, hook_result *out)
{
	hook_context ctx = {.s = s, .phase = s->phase, .seat = seat,
			    .args = &use->args, .in = in};
	use->hook->run(&ctx, out);
}

int hook_call_pick(const hook_use *use, const state *s, int seat,
		   hook_input in)
{
	hook_context ctx = {.s = s, .phase = s->phase, .seat = seat,
			    .args = &use->args, .in = in};
	if (use->hook->pick)
		return use->hook->pick(&ctx);
	hook_result r;
	use->hook->run(&ctx, &r);
	return r.pick;
}

static const schema_hook *hook_about(int i)
{
	return i >= 0 && i < hook_count ? &hook_table[i].about : NULL;
}

void hook_register_with_schema(void)
{
	schema_set_hooks(hook_about);
}
