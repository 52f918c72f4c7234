/* action.c — comparing and sorting actions. */
#include "engine/action.h"

#include <stdlib.h>

static int compare_qsort(const void *a, const void *b)
{
	return action_compare(a, b);
}

/* Short lists (a solitaire's moves, a hand's cards) by insertion:
 * cheaper than qsort's calls through a pointer.  action_compare tells
 * every two different actions apart, so the order is qsort's. */
#define SORT_INSERTION_MAX 32

void action_sort(action *list, int n)
{
	if (n > SORT_INSERTION_MAX) {
		qsort(list, (size_t)n, sizeof *list, compare_qsort);
		return;
	}
	for (int i = 1; i < n; i++) {
		action a = list[i];
		int j = i;
		for (; j > 0 && action_compare(&list[j - 1], &a) > 0; j--)
			list[j] = list[j - 1];
		list[j] = a;
	}
}

int action_find(const action *list, int n, const action *a)
{
	for (int i = 0; i < n; i++)
		if (action_eq(&list[i], a))
			return i;
	return -1;
}
