/* alloc.c — malloc with an optional injected failure for tests. */
#include "util/alloc.h"

#include <stdlib.h>
#include <string.h>

static long fail_countdown = -1;
static long failures;

static int should_fail(void)
{
	if (fail_countdown < 0)
		return 0;
	if (fail_countdown == 0) {
		failures++;
		return 1;
	}
	fail_countdown--;
	return 0;
}

void *cr_malloc(size_t size)
{
	return should_fail() ? NULL : malloc(size ? size : 1);
}

void *cr_calloc(size_t n, size_t size)
{
	return should_fail() ? NULL : calloc(n ? n : 1, size ? size : 1);
}

void *cr_realloc(void *p, size_t size)
{
	return should_fail() ? NULL : realloc(p, size ? size : 1);
}

char *cr_strdup(const char *s)
{
	size_t n = strlen(s) + 1;
	char *p = cr_malloc(n);
	if (p)
		memcpy(p, s, n);
	return p;
}

void alloc_fail_after(long countdown)
{
	fail_countdown = countdown;
	failures = 0;
}

void alloc_fail_reset(void)
{
	fail_countdown = -1;
	failures = 0;
}

long alloc_failures(void)
{
	return failures;
}
