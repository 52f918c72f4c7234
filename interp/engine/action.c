/* action.c — comparing and sorting actions. */
#include "engine/action.h"

#include <stdlib.h>
#include <string.h>

static int compare_qsort(const void *a, const void *b)
{
	return action_compare(a, b);
}

/* Short lists (a solitaire's moves, a hand's cards) by insertion:
 * cheaper than qsort's calls through a pointer; longer ones by merging
 * runs sorted that way, with the comparison inline too.  action_compare
 * tells every two different actions apart, so the order is qsort's. */
#define SORT_INSERTION_MAX 32
#define SORT_RUN 16

static void insertion(action *list, int n)
{
	for (int i = 1; i < n; i++) {
		action a = list[i];
		int j = i;
		for (; j > 0 && action_compare(&list[j - 1], &a) > 0; j--)
			list[j] = list[j - 1];
		list[j] = a;
	}
}

/* a[0..na) and b[0..nb), each sorted, into out. */
static void merge(const action *a, int na, const action *b, int nb,
		  action *out)
{
	int i = 0, j = 0, k = 0;
	while (i < na && j < nb)
		out[k++] = action_compare(&b[j], &a[i]) < 0 ? b[j++] : a[i++];
	while (i < na)
		out[k++] = a[i++];
	while (j < nb)
		out[k++] = b[j++];
}

void action_sort(action *list, int n)
{
	if (n <= SORT_INSERTION_MAX) {
		insertion(list, n);
		return;
	}
	if (n > ACTIONS_MAX) {
		qsort(list, (size_t)n, sizeof *list, compare_qsort);
		return;
	}
	for (int i = 0; i < n; i += SORT_RUN)
		insertion(list + i, n - i < SORT_RUN ? n - i : SORT_RUN);
	action spare[ACTIONS_MAX];
	action *from = list, *to = spare;
	for (int w = SORT_RUN; w < n; w *= 2) {
		for (int i = 0; i < n; i += 2 * w) {
			int mid = i + w < n ? i + w : n;
			int end = i + 2 * w < n ? i + 2 * w : n;
			merge(from + i, mid - i, from + mid, end - mid, to + i);
		}
		action *t = from;
		from = to;
		to = t;
	}
	if (from != list)
		memcpy(list, from, sizeof *list * (size_t)n);
}

/* The first cards of the list (card ids and CARD_NONE) as bits of
 * present, and how many actions each has in count (set for those
 * present alone); whether every action is of one kind and flags, so
 * that card[0] comes first in the order. */
static inline bool count_first_cards(const action *list, int n,
				     uint64_t present[256 / 64],
				     uint16_t count[256])
{
	bool one_kind = true;
	memset(present, 0, sizeof(uint64_t) * (256 / 64));
	for (int i = 0; i < n; i++) {
		int c = list[i].card[0];
		uint64_t bit = UINT64_C(1) << (c & 63);
		if (!(present[c >> 6] & bit)) {
			present[c >> 6] |= bit;
			count[c] = 0;
		}
		count[c]++;
		one_kind &= list[i].kind == list[0].kind &&
			    list[i].flags == list[0].flags;
	}
	return one_kind;
}

void action_sort_by_card(action *list, int n)
{
	if (n <= 8 || n > ACTIONS_MAX) {        /* few: insertion is cheap */
		action_sort(list, n);
		return;
	}
	uint64_t present[256 / 64];
	uint16_t count[256], at[256];
	bool one_kind = count_first_cards(list, n, present, count);
	int next = 0;
	for (int w = 0; w < 256 / 64; w++)
		for (uint64_t b = present[w]; b; b &= b - 1) {
			int c = w * 64 + __builtin_ctzll(b);
			at[c] = (uint16_t)next;
			next += count[c];
		}
	action spare[ACTIONS_MAX];
	for (int i = 0; i < n; i++)
		spare[at[list[i].card[0]]++] = list[i];
	memcpy(list, spare, sizeof *list * (size_t)n);
	if (!one_kind) {
		insertion(list, n);     /* the kinds before the cards */
		return;
	}
	/* each card's actions, which at[] now ends */
	for (int w = 0; w < 256 / 64; w++)
		for (uint64_t b = present[w]; b; b &= b - 1) {
			int c = w * 64 + __builtin_ctzll(b);
			if (count[c] > 1)
				insertion(list + at[c] - count[c], count[c]);
		}
}

action action_nth_by_card(action *list, int n, int i)
{
	if (n <= 8 || n > ACTIONS_MAX) {
		action_sort(list, n);
		return list[i];
	}
	uint64_t present[256 / 64];
	uint16_t count[256];
	if (!count_first_cards(list, n, present, count)) {
		/* the kinds come before the cards */
		action_sort_by_card(list, n);
		return list[i];
	}
	/* the first card whose actions reach past i, the actions before */
	int before = 0, card = -1;
	for (int w = 0; w < 256 / 64 && card < 0; w++)
		for (uint64_t b = present[w]; b; b &= b - 1) {
			int c = w * 64 + __builtin_ctzll(b);
			if (before + count[c] > i) {
				card = c;
				break;
			}
			before += count[c];
		}
	action its[ACTIONS_MAX];
	int m = 0;
	for (int k = 0; k < n; k++)     /* in the order they are listed */
		if (list[k].card[0] == card)
			its[m++] = list[k];
	insertion(its, m);
	return its[i - before];
}

int action_find(const action *list, int n, const action *a)
{
	for (int i = 0; i < n; i++)
		if (action_eq(&list[i], a))
			return i;
	return -1;
}
