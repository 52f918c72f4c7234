/*
 * render.h — cards for human eyes: suit glyphs and colours on a terminal,
 * the plain notation (QS, 10H) everywhere else.
 */
#ifndef CARDRULES_RENDER_H
#define CARDRULES_RENDER_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "cards/deck.h"

typedef struct render {
	const deck *d;
	bool color;             /* ANSI colours: red suits */
	bool glyphs;            /* ♠ ♥ ♦ ♣ instead of S H D C */
} render;

/* Glyphs when the locale is UTF-8; colours when `out` is a terminal and
 * NO_COLOR is not set.  Either can be forced off afterwards. */
void render_setup(render *r, const deck *d, FILE *out);

/* One card: "Q♠" (coloured) or "QS". */
const char *render_card(const render *r, card_id c, char *buf, size_t size);

/* A suit: "♥" or "H". */
const char *render_suit(const render *r, int suit, char *buf, size_t size);

/* A suit's name in words: the game's own (deck.suit_name, "Kreuz"), or
 * "spades", "cross"; "?" for no suit. */
const char *render_suit_name(const deck *d, int suit);

/* A set grouped by suit, high ranks first: "♠ A Q 5  ♥ K 9". */
const char *render_hand(const render *r, cardset s, char *buf, size_t size);

/* The same with the trumps first, highest power first, as cards:
 * "J♣ J♥  ♠ A 10  ♥ K". */
const char *render_hand_trumps(const render *r, cardset s, cardset trumps,
			       const uint8_t *power, char *buf, size_t size);

/* A set in card order, each card rendered: "Q♠ 10♥". */
const char *render_list(const render *r, cardset s, char *buf, size_t size);

/* The same with each face once, for a choice among copies that play
 * alike: both copies of Q♣ legal are "Q♣". */
const char *render_faces(const render *r, cardset s, char *buf, size_t size);

/* Typed words without their copy tags ("play KC#1" is "play KC"), for a
 * list where the copy does not matter; the words typed keep them. */
const char *render_untagged(const char *words, char *buf, size_t size);

/* A message with each card code in it ("you cannot play KS") written as
 * the table writes cards ("K♠"), so that refusals and the table agree;
 * an example of what to type ("for example: pass QS 10H") stays typed. */
const char *render_text(const render *r, const char *text, char *buf,
			size_t size);

/* The words the table gives a seat: its name ("you", "seat 2"), whose
 * ("your", "seat 2's"), or where it sits from the reader (" (on your
 * left)", or ""). */
typedef enum seat_word {
	SEAT_WORD_NAME,
	SEAT_WORD_WHOSE,
	SEAT_WORD_WHERE,
} seat_word;

typedef const char *seat_namer(const void *ctx, int seat, seat_word word,
			       char *buf, size_t size);

/* Writes a tale of the engine (engine/tale.h) to out: its marks as seat
 * names, cards and suits; a seat opening a sentence is capitalised. */
void render_tale(FILE *out, const render *r, const char *text,
		 seat_namer *name, const void *ctx);

/* The cards a tale names, by its marks {cN} and {lHEX}. */
cardset render_tale_cards(const char *text);

#endif
