/* tale.c — writing tales: words with marks for the front end. */
#include "engine/tale.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>

void tale_clear(tale *t)
{
	t->used = 0;
	t->text[0] = '\0';
}

/* Appends raw text, marks included; a tale that is full stays whole up
 * to its last complete piece. */
static void put(tale *t, const char *text)
{
	size_t n = 0;
	while (text[n])
		n++;
	if (t->used + n + 1 > sizeof t->text)
		return;
	for (size_t i = 0; i <= n; i++)
		t->text[t->used + i] = text[i];
	t->used += n;
}

void tale_printf(tale *t, const char *fmt, ...)
{
	char plain[TALE_MAX], escaped[2 * TALE_MAX];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(plain, sizeof plain, fmt, ap);
	va_end(ap);
	size_t k = 0;
	for (const char *p = plain; *p; p++) {
		if (*p == '{')
			escaped[k++] = '{';
		escaped[k++] = *p;
	}
	escaped[k] = '\0';
	put(t, escaped);
}

void tale_sentence(tale *t, const char *words)
{
	size_t n = 0;
	while (words[n])
		n++;
	char last = n ? words[n - 1] : '.';
	tale_printf(t, "%c%s%s", toupper((unsigned char)words[0]),
		    n ? words + 1 : "", last == '.' || last == '?' ||
		    last == '!' || last == ':' ? "" : ".");
}

static void mark(tale *t, char kind, int n)
{
	char buf[32];
	snprintf(buf, sizeof buf, "{%c%d}", kind, n);
	put(t, buf);
}

void tale_seat(tale *t, int seat)
{
	mark(t, 's', seat);
}

void tale_seat_as(tale *t, int seat, int form)
{
	static const char kinds[] = {'s', 'S', 'p', 'P'};
	mark(t, kinds[form & 3], seat);
}

void tale_where(tale *t, int seat)
{
	mark(t, 'w', seat);
}

void tale_card(tale *t, card_id c)
{
	mark(t, 'c', c);
}

void tale_suit(tale *t, int suit)
{
	mark(t, 'u', suit);
}

void tale_suit_named(tale *t, int suit)
{
	mark(t, 'U', suit);
}

void tale_cards(tale *t, cardset cards)
{
	char buf[8 + 16 * CSET_WORDS];
	size_t k = (size_t)snprintf(buf, sizeof buf, "{l");
	for (int i = CSET_WORDS - 1; i >= 0; i--)
		k += (size_t)snprintf(buf + k, sizeof buf - k, "%016llx",
				      (unsigned long long)cards.w[i]);
	snprintf(buf + k, sizeof buf - k, "}");
	put(t, buf);
}
