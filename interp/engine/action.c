/* action.c — comparing and sorting actions. */
#include "engine/action.h"

#include <stdlib.h>

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
