/* action.c — comparing and sorting actions. */
#include "engine/action.h"

#include <stdlib.h>

int action_compare(const action *a, const action *b)
{
	int fields_a[] = {a->kind, a->flags, a->card[0], a->card[1], a->number,
			  a->denom, a->from, a->to};
	int fields_b[] = {b->kind, b->flags, b->card[0], b->card[1], b->number,
			  b->denom, b->from, b->to};
	for (size_t i = 0; i < sizeof fields_a / sizeof *fields_a; i++)
		if (fields_a[i] != fields_b[i])
			return fields_a[i] < fields_b[i] ? -1 : 1;
	return 0;
}

static int compare_qsort(const void *a, const void *b)
{
	return action_compare(a, b);
}

void action_sort(action *list, int n)
{
	if (n > 1)
		qsort(list, (size_t)n, sizeof *list, compare_qsort);
}

int action_find(const action *list, int n, const action *a)
{
	for (int i = 0; i < n; i++)
		if (action_eq(&list[i], a))
			return i;
	return -1;
}
