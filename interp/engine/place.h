/*
 * place.h — named places: piles of ordered cards kept in the state.
 *
 * A card lies in at most one pile, so each card records its pile and its
 * position there (state.pile_of, state.depth) and each pile its size: the
 * state keeps one fixed size however the cards are spread.  A place
 * (game.place) is one or more piles under one name, face up or down.
 */
#ifndef CARDRULES_PLACE_H
#define CARDRULES_PLACE_H

#include <string.h>

#include "engine/state.h"

/* Reading the piles (pile_in_order, pile_cards, pile_top, place_cards) is
 * part of the engine's API, in state.h; moving cards is here. */

/* Puts card c on top of pile p. */
static inline void pile_push(state *s, int p, card_id c)
{
	s->pile_of[c] = (uint8_t)(p + 1);
	s->depth[c] = s->pile_size[p]++;
}

/* Takes card c out of its pile; the cards above it move down. */
static inline void pile_remove(state *s, card_id c)
{
	int p = s->pile_of[c] - 1;
	if (p < 0)
		return;
	for (int k = 0; k < s->g->deck.ncards; k++)
		if (s->pile_of[k] == p + 1 && s->depth[k] > s->depth[c])
			s->depth[k]--;
	s->pile_size[p]--;
	s->pile_of[c] = 0;
	s->depth[c] = 0;
}

/* Empties every pile. */
static inline void piles_clear(state *s)
{
	memset(s->pile_of, 0, sizeof s->pile_of);
	memset(s->depth, 0, sizeof s->depth);
	memset(s->pile_size, 0, sizeof s->pile_size);
}

#endif
