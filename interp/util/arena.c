/* arena.c — bump allocator over a list of malloc'd blocks. */
#include "util/arena.h"

#include <stdalign.h>
#include <stdlib.h>
#include <string.h>

#include "util/alloc.h"

struct arena_block {
	arena_block *next;
	size_t size, used;
	alignas(max_align_t) unsigned char data[];
};

enum { ARENA_BLOCK = 16384 };

void *arena_alloc(arena *a, size_t size)
{
	const size_t align = alignof(max_align_t);
	size = (size + align - 1) & ~(align - 1);
	if (size == 0)
		size = align;
	arena_block *b = a->head;
	if (!b || b->size - b->used < size) {
		size_t cap = size > ARENA_BLOCK ? size : ARENA_BLOCK;
		b = cr_malloc(sizeof *b + cap);
		if (!b)
			return NULL;
		b->size = cap;
		b->used = 0;
		b->next = a->head;
		a->head = b;
	}
	void *p = b->data + b->used;
	b->used += size;
	a->used += size;
	memset(p, 0, size);
	return p;
}

char *arena_strndup(arena *a, const char *s, size_t len)
{
	char *p = arena_alloc(a, len + 1);
	if (p) {
		memcpy(p, s, len);
		p[len] = '\0';
	}
	return p;
}

void arena_free(arena *a)
{
	arena_block *b = a->head;
	while (b) {
		arena_block *next = b->next;
		free(b);
		b = next;
	}
	a->head = NULL;
	a->used = 0;
}
