/*
 * elect.h — which suit a row of revealed cards elects.
 *
 * The suit with the most cards wins.  A tie is broken by the tie-breaks
 * listed, in order: `ranks` compares the tied suits' ranks, highest
 * first, card by card, and keeps the suits that are highest each time;
 * `order` takes the suit of the first card in the row among the suits
 * still tied.  Ties left after the list are broken by order, so there is
 * always one winner.  Stendhal's minus-suit vote is this election; the
 * text loop explains it with the same record.
 */
#ifndef CARDRULES_ELECT_H
#define CARDRULES_ELECT_H

#include <stdint.h>

#include "cards/deck.h"

typedef enum elect_tie {
	ELECT_TIE_RANKS,
	ELECT_TIE_ORDER,
} elect_tie;

#define ELECT_TIES_MAX 2

typedef enum elect_how {
	ELECT_NOTHING,          /* no suited card was revealed */
	ELECT_MOST,             /* one suit had the most cards */
	ELECT_RANKS,            /* tied suits, decided by their ranks */
	ELECT_ORDER,            /* tied suits, decided by the order */
} elect_how;

typedef struct election {
	int suit;               /* the suit elected, or -1 */
	elect_how how;
	int count[SUIT_MAX];    /* cards of each suit among those revealed */
	unsigned tied;          /* suits with the most cards, as bits */
	unsigned after_ranks;   /* those still tied after comparing ranks */
	int rank_step;          /* ELECT_RANKS: the rank compared last, 0 = highest */
	int first;              /* ELECT_ORDER: the position of the deciding card */
} election;

/* The election over cards[0..n) in their order, breaking ties with
 * tie[0..ntie). */
void elect_suit(const deck *d, const card_id *cards, int n,
		const uint8_t *tie, int ntie, election *out);

#endif
