/* deck.c — building decks and reading and writing card notation. */
#define PCRE2_CODE_UNIT_WIDTH 8
#include "cards/deck.h"

#include <pcre2.h>
#include <stdio.h>
#include <string.h>

const char deck_suit_codes[SUIT_MAX + 1] = "SHDCXL";
const char *const deck_rank_codes[RANK_MAX] = {
	"2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A",
};

bool deck_build(deck *d, const char *suits, int nsuits,
		const char *const *ranks, int nranks, int copies, int jokers,
		char *why, size_t why_size)
{
	memset(d, 0, sizeof *d);
	long total = (long)copies * nsuits * nranks + jokers;
	if (nsuits > SUIT_MAX || nranks > RANK_MAX || total > CARD_MAX) {
		snprintf(why, why_size,
			 "the deck would hold %ld cards; at most %d are supported",
			 total, CARD_MAX);
		return false;
	}
	d->nsuits = nsuits;
	d->suitsets_per_copy = nsuits;
	memset(d->partner, -1, sizeof d->partner);
	memcpy(d->suit, suits, (size_t)nsuits);
	d->nranks = nranks;
	for (int r = 0; r < nranks; r++)
		d->rank[r] = ranks[r];
	int id = 0;
	for (int k = 1; k <= copies; k++)
		for (int s = 0; s < nsuits; s++)
			for (int r = 0; r < nranks; r++, id++) {
				d->face[id] = face_make(s, r);
				d->suit_of[id] = (uint8_t)s;
				d->rank_of[id] = (uint8_t)r;
				d->copy_of[id] = (uint8_t)k;
				cset_add(&d->by_suit[s], (card_id)id);
				cset_add(&d->by_rank[r], (card_id)id);
				cset_add(&d->by_face[face_make(s, r)], (card_id)id);
			}
	for (int k = 1; k <= jokers; k++, id++) {
		d->face[id] = FACE_JOKER;
		d->suit_of[id] = DECK_JOKER;
		d->copy_of[id] = (uint8_t)k;
		cset_add(&d->jokers, (card_id)id);
		cset_add(&d->by_face[FACE_JOKER], (card_id)id);
	}
	d->ncards = id;
	d->njokers = jokers;
	d->all = cset_first_n(id);
	return true;
}

int deck_suitsets(const deck *d)
{
	return d->nranks ? (d->ncards - d->njokers) / d->nranks : 0;
}

cardset deck_in_play(const deck *d, int suitsets)
{
	int plain = d->ncards - d->njokers;
	int n = suitsets * d->nranks;
	if (n > plain)
		n = plain;
	return cset_or(cset_first_n(n), d->jokers);
}

int deck_suit_index(const deck *d, char code)
{
	if (code >= 'a' && code <= 'z')
		code = (char)(code - 'a' + 'A');
	for (int s = 0; s < d->nsuits; s++)
		if (d->suit[s] == code)
			return s;
	return -1;
}

/* The canonical code of a rank as typed: "t"/"T" is ten, case ignored. */
static int rank_code_index(const char *code, size_t len)
{
	char up[3] = {0};
	if (len == 0 || len > 2)
		return -1;
	for (size_t i = 0; i < len; i++)
		up[i] = (char)(code[i] >= 'a' && code[i] <= 'z'
			       ? code[i] - 'a' + 'A' : code[i]);
	if (len == 1 && up[0] == 'T')
		return 8;
	for (int r = 0; r < RANK_MAX; r++)
		if (strcmp(deck_rank_codes[r], up) == 0)
			return r;
	return -1;
}

int deck_rank_index(const deck *d, const char *code, size_t len)
{
	int global = rank_code_index(code, len);
	if (global < 0)
		return -1;
	for (int r = 0; r < d->nranks; r++)
		if (strcmp(d->rank[r], deck_rank_codes[global]) == 0)
			return r;
	return -1;
}

/* rank suit | joker [1-2], then an optional copy suffix */
static const char card_pattern[] =
	"^(?:(10|[2-9tjqka])([shdcxl])|(jk)([12])?)(?:#([1-9][0-9]?))?$";

static pcre2_code *card_re;
static pcre2_match_data *card_md;

static bool card_match(const char *text, size_t len)
{
	if (!card_re) {
		int err;
		PCRE2_SIZE off;
		card_re = pcre2_compile((PCRE2_SPTR)card_pattern,
					PCRE2_ZERO_TERMINATED, PCRE2_CASELESS,
					&err, &off, NULL);
		if (!card_re)
			return false;
		card_md = pcre2_match_data_create_from_pattern(card_re, NULL);
		if (!card_md)
			return false;
	}
	return pcre2_match(card_re, (PCRE2_SPTR)text, len, 0, 0, card_md,
			   NULL) >= 0;
}

static size_t group(size_t i, const char **start, const char *text)
{
	PCRE2_SIZE *ov = pcre2_get_ovector_pointer(card_md);
	if (i >= pcre2_get_ovector_count(card_md) || ov[2 * i] == PCRE2_UNSET) {
		*start = NULL;
		return 0;
	}
	*start = text + ov[2 * i];
	return ov[2 * i + 1] - ov[2 * i];
}

bool deck_is_card_notation(const char *text, size_t len)
{
	return card_match(text, len);
}

enum deck_parse_result deck_parse_face(const deck *d, const char *text,
				       size_t len, card_face *face, int *copy)
{
	const char *p;
	size_t n;
	if (!card_match(text, len))
		return DECK_PARSE_SYNTAX;
	int k = 0;
	if ((n = group(5, &p, text)) > 0)
		for (size_t i = 0; i < n; i++)
			k = k * 10 + (p[i] - '0');
	*copy = k;
	int copies = 1;
	for (int id = 0; id < d->ncards; id++)
		if (d->copy_of[id] > copies)
			copies = d->copy_of[id];
	if (group(3, &p, text) > 0) {
		if (d->njokers == 0)
			return DECK_PARSE_NO_JOKER;
		int which = group(4, &p, text) > 0 ? p[0] - '0' : 0;
		if (which > d->njokers || k > d->njokers)
			return DECK_PARSE_NO_COPY;
		if (which)
			*copy = which;
		*face = FACE_JOKER;
		return DECK_PARSE_OK;
	}
	n = group(2, &p, text);
	int s = deck_suit_index(d, p[0]);
	n = group(1, &p, text);
	int r = deck_rank_index(d, p, n);
	if (s < 0)
		return DECK_PARSE_NO_SUIT;
	if (r < 0)
		return DECK_PARSE_NO_RANK;
	if (k > copies)
		return DECK_PARSE_NO_COPY;
	*face = face_make(s, r);
	return DECK_PARSE_OK;
}

const char *deck_face_name(const deck *d, card_face f, char *buf)
{
	if (f == FACE_JOKER)
		strcpy(buf, "JK");
	else if (f == FACE_NONE)
		strcpy(buf, "-");
	else
		snprintf(buf, 8, "%s%c", d->rank[f % RANK_MAX],
			 d->suit[f / RANK_MAX]);
	return buf;
}

const char *deck_card_name(const deck *d, card_id c, bool with_copy, char *buf)
{
	if (c >= d->ncards) {
		strcpy(buf, "-");
		return buf;
	}
	deck_face_name(d, d->face[c], buf);
	bool copies = cset_count(d->by_face[d->face[c]]) > 1;
	if (with_copy && copies) {
		size_t n = strlen(buf);
		snprintf(buf + n, 8 - n, "#%d", d->copy_of[c] % 100);
	}
	return buf;
}

card_id deck_find(const deck *d, cardset among, card_face face, int copy)
{
	if (face == FACE_NONE)
		return CARD_NONE;
	cardset s = cset_and(among, d->by_face[face]);
	CSET_FOREACH(c, s)
		if (copy == 0 || d->copy_of[c] == copy)
			return c;
	return CARD_NONE;
}

void deck_cleanup(void)
{
	pcre2_match_data_free(card_md);
	pcre2_code_free(card_re);
	card_md = NULL;
	card_re = NULL;
}
