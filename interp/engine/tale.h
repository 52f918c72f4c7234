/*
 * tale.h — what happens at the table, in words the front end renders.
 *
 * Phase kinds tell their own events (a pass carried out, a vote turned
 * up, a double trick resolved) and their prompts' context as tales: text
 * with marks for what only the front end can word — a seat's name ("you"
 * or "seat 2"), where it sits from the reader, a card or a set of cards in
 * the reader's glyphs, a suit.  So the engine keeps each kind's words in
 * its own file and front ends draw them without knowing the kind.
 *
 * Marks: {sN} seat N's name ("you", "seat 2"), {pN} whose it is
 * ("your", "seat 2's"), {SN} and {PN} the same opening a sentence ("You",
 * "Your"), {wN} where seat N sits (" (on your left)", or nothing), {cN}
 * card N, {lHEX} a set of cards (its words, high word first), {uN} the
 * glyph of suit N, {UN} suit N with its name; "{{" is a brace.
 */
#ifndef CARDRULES_TALE_H
#define CARDRULES_TALE_H

#include <stdbool.h>
#include <stddef.h>

#include "cards/cardset.h"

#define TALE_MAX 4096

typedef struct tale {
	char text[TALE_MAX];
	size_t used;
} tale;

/* Who reads the table: `me` is the seat of the person at the terminal;
 * with `all`, every seat is played there in turn (hot-seat), and seats
 * are named in the third person. */
typedef struct audience {
	int me;
	bool all;
} audience;

/* The reader is seat's player, addressed as "you". */
static inline bool audience_is_me(const audience *a, int seat)
{
	return !a->all && seat == a->me;
}

/* Seat's decisions are a person's at this terminal. */
static inline bool audience_is_human(const audience *a, int seat)
{
	return a->all || seat == a->me;
}

/* A verb agreeing with seat's name: "you lay", "seat 2 lays". */
static inline const char *audience_verb(const audience *a, int seat,
					const char *mine, const char *theirs)
{
	return audience_is_me(a, seat) ? mine : theirs;
}

/* A noun agreeing with its count: "1 card", "2 cards". */
static inline const char *tale_plural(long n)
{
	return n == 1 ? "" : "s";
}

void tale_clear(tale *t);

/* Plain words, printf-style (their braces are escaped). */
void tale_printf(tale *t, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* How a seat is named: as it stands ("you"), or as an owner ("your",
 * TALE_WHOSE); TALE_OPENS capitalises it at the start of a sentence. */
enum tale_seat_form {
	TALE_NAME = 0,
	TALE_OPENS = 1,
	TALE_WHOSE = 2,
};

/* A rule file's words as a sentence: the first letter in capitals, a
 * full stop added unless it ends in one (or in ? ! :). */
void tale_sentence(tale *t, const char *words);

void tale_seat(tale *t, int seat);
void tale_seat_as(tale *t, int seat, int form);
void tale_where(tale *t, int seat);
void tale_card(tale *t, card_id c);
void tale_cards(tale *t, cardset cards);
void tale_suit(tale *t, int suit);
void tale_suit_named(tale *t, int suit);

#endif
