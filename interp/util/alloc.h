/*
 * alloc.h — the allocator shim.
 *
 * Every allocation of the library goes through cr_malloc / cr_calloc /
 * cr_realloc, so that a test build can make the n-th allocation fail and
 * check that each out-of-memory path reports an error instead of crashing
 * (SQLite's and Lua's practice).  Memory is released with plain free().
 */
#ifndef CARDRULES_ALLOC_H
#define CARDRULES_ALLOC_H

#include <stddef.h>

void *cr_malloc(size_t size);
void *cr_calloc(size_t n, size_t size);
void *cr_realloc(void *p, size_t size);
char *cr_strdup(const char *s);

/* Testing: after `countdown` more successful allocations, every allocation
 * fails until alloc_fail_reset().  A countdown below 0 disables failing. */
void alloc_fail_after(long countdown);
void alloc_fail_reset(void);
/* Allocations that were refused since the last reset. */
long alloc_failures(void);

#endif
