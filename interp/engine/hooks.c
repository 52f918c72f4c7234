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
