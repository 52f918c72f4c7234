/* suggest.c — edit distance and the closest candidate. */
#include "util/suggest.h"

#include <string.h>

size_t suggest_distance(const char *a, size_t na, const char *b, size_t nb)
{
	size_t row[65];
	if (na > 64 || nb > 64)
		return 99;
	for (size_t j = 0; j <= nb; j++)
		row[j] = j;
	for (size_t i = 1; i <= na; i++) {
		size_t corner = row[0];
		row[0] = i;
		for (size_t j = 1; j <= nb; j++) {
			size_t up = row[j];
			size_t best = corner + (a[i - 1] != b[j - 1]);
			if (up + 1 < best)
				best = up + 1;
			if (row[j - 1] + 1 < best)
				best = row[j - 1] + 1;
			row[j] = best;
			corner = up;
		}
	}
	return row[nb];
}

void suggest_start(suggest *s, const char *word, size_t len)
{
	s->word = word;
	s->len = len;
	s->best = NULL;
	s->best_len = 0;
	s->dist = 99;
}

void suggest_consider_n(suggest *s, const char *candidate, size_t len)
{
	size_t d = suggest_distance(s->word, s->len, candidate, len);
	if (d < s->dist && d <= 2 && d < s->len) {
		s->best = candidate;
		s->best_len = len;
		s->dist = d;
	}
}

void suggest_consider(suggest *s, const char *candidate)
{
	suggest_consider_n(s, candidate, strlen(candidate));
}
