/* render.c — cards as players read them. */
#include "front/render.h"

#include <ctype.h>

#include <langinfo.h>
#include <locale.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define RED "\033[31m"
#define BLUE "\033[34m"
#define GREEN "\033[32m"
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
	case 'X':       /* TENNOS's Cross: a heavy cross */
		return "\u271a";
	case 'L':       /* and its Leaf: an ivy leaf */
		return "\u2766";
	}
	return NULL;
}

/* The suit's colour: red hearts and diamonds, and for the TENNOS suits
 * colours of their own, so that no suit looks like another. */
static const char *colour_of(char suit)
{
	switch (suit) {
	case 'H':
	case 'D':
		return RED;
	case 'X':
		return BLUE;
	case 'L':
		return GREEN;
	}
	return NULL;
}

const char *render_suit_name(const deck *d, int suit)
{
	if (suit < 0 || suit >= d->nsuits)
		return "?";
	if (d->suit_name[suit])
		return d->suit_name[suit];
	switch (d->suit[suit]) {
	case 'S': return "spades";
	case 'H': return "hearts";
	case 'D': return "diamonds";
	case 'C': return "clubs";
	case 'X': return "cross";
	case 'L': return "leaf";
	}
	return "?";
}

const char *render_suit(const render *r, int suit, char *buf, size_t size)
{
	if (suit < 0 || suit >= r->d->nsuits) {
		snprintf(buf, size, "%s", suit == DECK_JOKER ? "joker" : "-");
		return buf;
	}
	char code = r->d->suit[suit];
	const char *g = r->glyphs ? glyph(code) : NULL;
	const char *colour = r->color ? colour_of(code) : NULL;
	if (g)
		snprintf(buf, size, "%s%s%s", colour ? colour : "", g,
			 colour ? RESET : "");
	else
		snprintf(buf, size, "%s%c%s", colour ? colour : "", code,
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
	const char *colour = r->color ? colour_of(code) : NULL;
	char suit[8] = {code, 0};
	snprintf(buf, size, "%s%s%s%s", colour ? colour : "", d->rank[d->rank_of[c]],
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
	return render_hand_trumps(r, s, cset_empty(), NULL, buf, size);
}

const char *render_hand_trumps(const render *r, cardset s, cardset trumps,
			       const uint8_t *power, char *buf, size_t size)
{
	const deck *d = r->d;
	size_t used = 0;
	buf[0] = '\0';
	cardset mine = cset_and(s, trumps);
	for (int top = 255; power && top > 0 && !cset_is_empty(mine); top--)
		CSET_FOREACH(c, mine)
			if (power[c] == top) {
				char card[32];
				used = append(buf, size, used, used ? " " : "");
				used = append(buf, size, used, render_card(r, c, card,
									  sizeof card));
				cset_del(&mine, c);
			}
	s = cset_minus(s, trumps);
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

const char *render_faces(const render *r, cardset s, char *buf, size_t size)
{
	cardset once = cset_empty();
	CSET_FOREACH(c, s)
		if (cset_is_empty(cset_and(once, r->d->by_face[r->d->face[c]])))
			cset_add(&once, c);
	return render_list(r, once, buf, size);
}

/* A tag is '#' and digits right after a suit letter. */
const char *render_untagged(const char *words, char *buf, size_t size)
{
	size_t used = 0;
	if (size == 0)
		return buf;
	for (const char *p = words; *p && used + 1 < size; p++) {
		if (*p == '#' && p > words && isupper((unsigned char)p[-1]) &&
		    isdigit((unsigned char)p[1])) {
			while (isdigit((unsigned char)p[1]))
				p++;
			continue;
		}
		buf[used++] = *p;
	}
	buf[used] = '\0';
	return buf;
}

/* Is text[0..len) a card code of the deck, standing alone? */
static bool card_word(const render *r, const char *text, size_t len,
		      card_id *out)
{
	card_face face;
	int copy;
	if (len < 2 || len > 3 || text[len - 1] < 'A' || text[len - 1] > 'Z' ||
	    deck_parse_face(r->d, text, len, &face, &copy) != DECK_PARSE_OK ||
	    face == FACE_JOKER)
		return false;
	*out = deck_find(r->d, r->d->all, face, copy);
	return *out != CARD_NONE;
}

const char *render_text(const render *r, const char *text, char *buf,
			size_t size)
{
	/* an example of what to type stays as it is typed */
	const char *typed = strstr(text, "for example");
	if (!typed)
		typed = strstr(text, "as in ");
	size_t used = 0;
	buf[0] = '\0';
	for (const char *p = text; *p && used + 1 < size;) {
		if (typed && p >= typed) {
			snprintf(buf + used, size - used, "%s", p);
			break;
		}
		size_t len = 0;
		while (isalnum((unsigned char)p[len]))
			len++;
		card_id c;
		bool starts = p == text || !isalnum((unsigned char)p[-1]);
		if (len && starts && r->glyphs && card_word(r, p, len, &c)) {
			char card[32];
			used += (size_t)snprintf(buf + used, size - used, "%s",
						 render_card(r, c, card, sizeof card));
			p += len;
		} else if (len) {
			used += (size_t)snprintf(buf + used, size - used, "%.*s",
						 (int)len, p);
			p += len;
		} else {
			buf[used++] = *p++;
			buf[used] = '\0';
		}
		if (used >= size)
			used = size - 1;
	}
	return buf;
}

/* The set of cards of a {lHEX} mark, high word first. */
static cardset tale_set(const char *hex)
{
	cardset s = cset_empty();
	for (int i = CSET_WORDS - 1; i >= 0; i--, hex += 16) {
		char word[17];
		memcpy(word, hex, 16);
		word[16] = '\0';
		s.w[i] = strtoull(word, NULL, 16);
	}
	return s;
}

/* Words opening a sentence: their first letter in capitals. */
static char *capitalised(char *words)
{
	words[0] = (char)toupper((unsigned char)words[0]);
	return words;
}

/* One mark, at p (after its brace); returns what follows it. */
static const char *tale_mark(FILE *out, const render *r, const char *p,
			     seat_namer *name, const void *ctx)
{
	char buf[1024];
	char kind = *p++;
	if (kind == 'l') {
		fputs(render_list(r, tale_set(p), buf, sizeof buf), out);
		return strchr(p, '}') + 1;
	}
	char *end;
	int n = (int)strtol(p, &end, 10);
	switch (kind) {
	case 's':
	case 'S':
		name(ctx, n, SEAT_WORD_NAME, buf, sizeof buf);
		fputs(kind == 'S' ? capitalised(buf) : buf, out);
		break;
	case 'p':
	case 'P':
		name(ctx, n, SEAT_WORD_WHOSE, buf, sizeof buf);
		fputs(kind == 'P' ? capitalised(buf) : buf, out);
		break;
	case 'w':
		fputs(name(ctx, n, SEAT_WORD_WHERE, buf, sizeof buf), out);
		break;
	case 'c':
		fputs(render_card(r, (card_id)n, buf, sizeof buf), out);
		break;
	case 'u':
		fputs(render_suit(r, n, buf, sizeof buf), out);
		break;
	case 'U':
		fprintf(out, "%s (%s)", render_suit(r, n, buf, sizeof buf),
			render_suit_name(r->d, n));
		break;
	}
	return end + 1;
}

cardset render_tale_cards(const char *text)
{
	cardset out = cset_empty();
	for (const char *p = text; *p; p++) {
		if (p[0] == '{' && p[1] == '{') {
			p++;
			continue;
		}
		if (p[0] != '{')
			continue;
		if (p[1] == 'l')
			out = cset_or(out, tale_set(p + 2));
		else if (p[1] == 'c')
			cset_add(&out, (card_id)strtol(p + 2, NULL, 10));
	}
	return out;
}

void render_tale(FILE *out, const render *r, const char *text,
		 seat_namer *name, const void *ctx)
{
	for (const char *p = text; *p;) {
		if (p[0] == '{' && p[1] == '{') {
			fputc('{', out);
			p += 2;
		} else if (p[0] == '{') {
			p = tale_mark(out, r, p + 1, name, ctx);
		} else {
			fputc(*p++, out);
		}
	}
}
