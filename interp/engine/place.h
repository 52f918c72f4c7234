/*
 * place.h — named places: piles of ordered cards kept in the state.
 *
 * A card lies in at most one pile, so each card records its pile and its
 * position there (state.pile_of, state.depth) and each pile its size and
 * its cards as a set (state.pile_set): the state keeps one fixed size
 * however the cards are spread, and a pile is read from its own set.
 * Whatever writes pile_of keeps pile_set with it (pile_put, pile_lift).  A place
 * (game.place) is one or more piles under one name, face up or down.
 */
#ifndef CARDRULES_PLACE_H
#define CARDRULES_PLACE_H

#include <string.h>

#include "engine/state.h"

/* Reading the piles (pile_in_order, pile_cards, pile_top, place_cards) is
 * part of the engine's API, in state.h; moving cards is here. */

/* Card c lies at position depth of pile p; the pile's size is the
 * caller's (a view putting back a hidden card keeps it). */
static inline void pile_put(state *s, int p, int depth, card_id c)
{
	s->pile_of[c] = (uint8_t)(p + 1);
	s->depth[c] = (uint8_t)depth;
	cset_add(&s->pile_set[p], c);
}

/* Card c leaves its pile's records; its depth, sizes and the others'
 * positions are the caller's. */
static inline void pile_lift(state *s, card_id c)
{
	int p = s->pile_of[c] - 1;
	if (p >= 0)
		cset_del(&s->pile_set[p], c);
	s->pile_of[c] = 0;
}

/* Puts card c on top of pile p. */
static inline void pile_push(state *s, int p, card_id c)
{
	pile_put(s, p, s->pile_size[p]++, c);
}

/* Takes card c out of its pile; the cards above it move down. */
static inline void pile_remove(state *s, card_id c)
{
	int p = s->pile_of[c] - 1;
	if (p < 0)
		return;
	uint8_t d = s->depth[c];
	CSET_FOREACH(k, s->pile_set[p])
		if (s->depth[k] > d)
			s->depth[k]--;
	s->pile_size[p]--;
	pile_lift(s, c);
	s->depth[c] = 0;
}

/* Takes card c, the top of its pile, out of it: no card lies above it
 * to move down (pile_remove without looking at the others). */
static inline void pile_remove_top(state *s, card_id c)
{
	int p = s->pile_of[c] - 1;
	if (p < 0)
		return;
	s->pile_size[p]--;
	pile_lift(s, c);
	s->depth[c] = 0;
}

/* Empties every pile. */
static inline void piles_clear(state *s)
{
	memset(s->pile_of, 0, sizeof s->pile_of);
	memset(s->depth, 0, sizeof s->depth);
	memset(s->pile_size, 0, sizeof s->pile_size);
	memset(s->pile_set, 0, sizeof s->pile_set);
}

#endif
