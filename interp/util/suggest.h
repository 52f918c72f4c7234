/*
 * suggest.h — "did you mean": the closest known word to a mistyped one.
 *
 * Used for unknown keys, enumeration values, hook names and expression
 * names alike.  A candidate is kept when its edit distance is at most 2
 * and smaller than the word itself (so "x" is not "corrected" to "y").
 */
#ifndef CARDRULES_SUGGEST_H
#define CARDRULES_SUGGEST_H

#include <stddef.h>

typedef struct suggest {
	const char *word;
	size_t len;
	const char *best;       /* NULL until a close candidate is seen */
	size_t best_len;
	size_t dist;
} suggest;

void suggest_start(suggest *s, const char *word, size_t len);
void suggest_consider(suggest *s, const char *candidate);
/* The same for a candidate that is not NUL-terminated. */
void suggest_consider_n(suggest *s, const char *candidate, size_t len);

/* Levenshtein distance; words longer than 64 bytes are never close. */
size_t suggest_distance(const char *a, size_t na, const char *b, size_t nb);

#endif
