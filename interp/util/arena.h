/*
 * arena.h — bump allocation for trees that die together.
 *
 * A YAML document's nodes, a compiled game's expressions: many small
 * objects with one lifetime.  They are carved from large blocks and freed
 * with one call.  Allocation failure is reported by a NULL return; the
 * callers turn it into a diagnostic instead of crashing.
 */
#ifndef CARDRULES_ARENA_H
#define CARDRULES_ARENA_H

#include <stddef.h>

typedef struct arena_block arena_block;

typedef struct arena {
	arena_block *head;
	size_t used;            /* bytes handed out, for memory reports */
} arena;

#define ARENA_INIT {NULL, 0}

/* Zeroed memory aligned for any object, or NULL when memory runs out. */
void *arena_alloc(arena *a, size_t size);

/* A NUL-terminated copy of s[0..len), or NULL when memory runs out. */
char *arena_strndup(arena *a, const char *s, size_t len);

/* Frees every block; the arena may be used again afterwards. */
void arena_free(arena *a);

#endif
