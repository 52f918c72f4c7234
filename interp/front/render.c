/* render.c — cards as players read them. */
#include "front/render.h"

#include <langinfo.h>
#include <locale.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define RED "\033[31m"
#define RESET "\033[0m"

void render_setup(render *r, const deck *d, FILE *out)
{
	r->d = d;
	setlocale(LC_CTYPE, "");
	r->glyphs = strcmp(nl_langinfo(CODESET), "UTF-8") == 0;
	r->color = isatty(fileno(out)) && !getenv("NO_COLOR");
}

static const char *glyph(char suit)
{
	switch (suit) {
	case 'S':
		return "\u2660";
	case 'H':
		return "\u2665";
	case 'D':
		return "\u2666";
	case 'C':
		return "\u2663";
	}
	return NULL;
}

static bool red(char suit)
{
	return suit == 'H' || suit == 'D';
}

const char *render_suit(const render *r, int suit, char *buf, size_t size)
{
	if (suit < 0 || suit >= r->d->nsuits) {
		snprintf(buf, size, "%s", suit == DECK_JOKER ? "joker" : "-");
		return buf;
	}
	char code = r->d->suit[suit];
	const char *g = r->glyphs ? glyph(code) : NULL;
	bool colour = r->color && red(code);
	if (g)
		snprintf(buf, size, "%s%s%s", colour ? RED : "", g,
			 colour ? RESET : "");
	else
		snprintf(buf, size, "%s%c%s", colour ? RED : "", code,
			 colour ? RESET : "");
	return buf;
}

const char *render_card(const render *r, card_id c, char *buf, size_t size)
{
	const deck *d = r->d;
	if (d->suit_of[c] == DECK_JOKER) {
		snprintf(buf, size, "JK");
		return buf;
	}
	char code = d->suit[d->suit_of[c]];
	const char *g = r->glyphs ? glyph(code) : NULL;
	bool colour = r->color && red(code);
	char suit[8] = {code, 0};
	snprintf(buf, size, "%s%s%s%s", colour ? RED : "", d->rank[d->rank_of[c]],
		 g ? g : suit, colour ? RESET : "");
	return buf;
}

static size_t append(char *buf, size_t size, size_t used, const char *s)
{
	if (used < size)
		snprintf(buf + used, size - used, "%s", s);
	return used + strlen(s);
}

const char *render_hand(const render *r, cardset s, char *buf, size_t size)
{
	const deck *d = r->d;
	size_t used = 0;
	buf[0] = '\0';
	for (int suit = 0; suit < d->nsuits; suit++) {
		cardset in = cset_and(s, d->by_suit[suit]);
		if (cset_is_empty(in))
			continue;
		char sym[32];
		used = append(buf, size, used, used ? "  " : "");
		used = append(buf, size, used, render_suit(r, suit, sym, sizeof sym));
		for (int rank = d->nranks - 1; rank >= 0; rank--)
			for (int k = cset_count(cset_and(in, d->by_rank[rank])); k > 0; k--) {
				used = append(buf, size, used, " ");
				used = append(buf, size, used, d->rank[rank]);
			}
	}
	for (int k = cset_count(cset_and(s, d->jokers)); k > 0; k--)
		used = append(buf, size, used, used ? "  JK" : "JK");
	return buf;
}

const char *render_list(const render *r, cardset s, char *buf, size_t size)
{
	size_t used = 0;
	buf[0] = '\0';
	CSET_FOREACH(c, s) {
		char card[32];
		used = append(buf, size, used, used ? " " : "");
		used = append(buf, size, used, render_card(r, c, card, sizeof card));
	}
	return buf;
}
