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
