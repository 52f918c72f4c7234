/* elect.c — the suit with the most revealed cards, ties broken as asked. */
#include "engine/elect.h"

#include <string.h>

/* The ranks of suit s among the cards, highest first; how many. */
static int ranks_of(const deck *d, const card_id *cards, int n, int s,
		    int *rank)
{
	int k = 0;
	for (int i = 0; i < n; i++) {
		if (d->suit_of[cards[i]] != s)
			continue;
		int r = d->rank_of[cards[i]], j = k++;
		for (; j > 0 && rank[j - 1] < r; j--)
			rank[j] = rank[j - 1];
		rank[j] = r;
	}
	return k;
}

/* Keeps the suits of `tied` whose rank lists are highest; the step at
 * which one was left (or the last step compared) into *step. */
static unsigned by_ranks(const deck *d, const card_id *cards, int n,
			 unsigned tied, int *step)
{
	int rank[SUIT_MAX][CARD_MAX], len = 0;
	for (int s = 0; s < SUIT_MAX; s++)
		if (tied >> s & 1)
			len = ranks_of(d, cards, n, s, rank[s]);
	*step = 0;
	for (int k = 0; k < len && (tied & (tied - 1)); k++) {
		int best = -1;
		for (int s = 0; s < SUIT_MAX; s++)
			if ((tied >> s & 1) && rank[s][k] > best)
				best = rank[s][k];
		unsigned keep = 0;
		for (int s = 0; s < SUIT_MAX; s++)
			if ((tied >> s & 1) && rank[s][k] == best)
				keep |= 1u << s;
		if (keep != tied)
			*step = k;
		tied = keep;
	}
	return tied;
}

void elect_suit(const deck *d, const card_id *cards, int n,
		const uint8_t *tie, int ntie, election *out)
{
	memset(out, 0, sizeof *out);
	out->suit = -1;
	for (int i = 0; i < n; i++)
		if (d->suit_of[cards[i]] < SUIT_MAX)
			out->count[d->suit_of[cards[i]]]++;
	int most = 0;
	for (int s = 0; s < SUIT_MAX; s++)
		if (out->count[s] > most)
			most = out->count[s];
	if (most == 0)
		return;
	for (int s = 0; s < SUIT_MAX; s++)
		if (out->count[s] == most)
			out->tied |= 1u << s;
	unsigned left = out->tied;
	out->after_ranks = left;
	out->how = ELECT_MOST;
	for (int t = 0; t < ntie && (left & (left - 1)); t++) {
		if (tie[t] != ELECT_TIE_RANKS)
			break;  /* order decides: below */
		left = by_ranks(d, cards, n, left, &out->rank_step);
		out->after_ranks = left;
		out->how = ELECT_RANKS;
	}
	if (left & (left - 1)) {
		out->how = ELECT_ORDER;
		for (int i = 0; i < n; i++)
			if (d->suit_of[cards[i]] < SUIT_MAX &&
			    (left >> d->suit_of[cards[i]] & 1)) {
				out->first = i;
				left = 1u << d->suit_of[cards[i]];
				break;
			}
	}
	out->suit = __builtin_ctz(left);
}
