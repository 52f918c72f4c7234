/*
 * place.h — named places: piles of ordered cards kept in the state.
 *
 * A card lies in at most one pile, so each card records its pile and its
 * position there (state.pile_of, state.depth) and each pile its size and
 * its cards as a set (state.pile_set): the state keeps one fixed size
 * however the cards are spread, and a pile is read from its own set.
 * Whatever writes pile_of or depth keeps pile_set, pile_key and
 * pile_top_card with them (pile_put, pile_lift, and the moves below).  A place
 * (game.place) is one or more piles under one name, face up or down.
 */
#ifndef CARDRULES_PLACE_H
#define CARDRULES_PLACE_H

#include <stdint.h>
#include <string.h>

#include "engine/state.h"

/* Reading the piles (pile_in_order, pile_cards, pile_top, place_cards) is
 * part of the engine's API, in state.h; moving cards is here. */

/* Card c at a depth as a pile's key counts it (state.pile_key: the xor
 * of its cards'), well mixed: two piles of as many cards with equal keys
 * hold the same cards in the same order, unless their keys collide. */
static inline uint64_t pile_key_of(card_id c, int depth)
{
	uint64_t x = ((uint64_t)c << 8 | (uint64_t)depth) +
		     UINT64_C(0x9e3779b97f4a7c15);
	x = (x ^ x >> 30) * UINT64_C(0xbf58476d1ce4e5b9);
	x = (x ^ x >> 27) * UINT64_C(0x94d049bb133111eb);
	return x ^ x >> 31;
}

/* Card c lies at position depth of pile p; the pile's size is the
 * caller's (a view putting back a hidden card keeps it). */
static inline void pile_put(state *s, int p, int depth, card_id c)
{
	s->pile_key[p] ^= pile_key_of(c, depth);
	s->pile_of[c] = (uint8_t)(p + 1);
	s->depth[c] = (uint8_t)depth;
	cset_add(&s->pile_set[p], c);
	if (depth == s->pile_size[p] - 1)
		s->pile_top_card[p] = c;
}

/* Pile p's top card found again from its cards: the one at the top's
 * depth, CARD_NONE when none lies there (a view's hidden card). */
static inline void pile_find_top(state *s, int p)
{
	card_id top = CARD_NONE;
	for (int w = 0; w < CSET_WORDS && top == CARD_NONE; w++)
		for (uint64_t b = s->pile_set[p].w[w]; b; b &= b - 1) {
			card_id c = (card_id)(w * 64 + __builtin_ctzll(b));
			if (s->depth[c] == s->pile_size[p] - 1) {
				top = c;
				break;
			}
		}
	s->pile_top_card[p] = top;
}

/* Card c leaves its pile's records; its depth, sizes and the others'
 * positions are the caller's. */
static inline void pile_lift(state *s, card_id c)
{
	int p = s->pile_of[c] - 1;
	if (p >= 0) {
		cset_del(&s->pile_set[p], c);
		s->pile_key[p] ^= pile_key_of(c, s->depth[c]);
		if (s->pile_top_card[p] == c)
			s->pile_top_card[p] = CARD_NONE;
	}
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
	uint64_t moved = 0;     /* the keys of the cards moving down */
	int last = s->pile_size[p] - 2;         /* the top's depth after */
	card_id top = CARD_NONE;
	for (int w = 0; w < CSET_WORDS; w++)
		for (uint64_t b = s->pile_set[p].w[w]; b; b &= b - 1) {
			card_id k = (card_id)(w * 64 + __builtin_ctzll(b));
			if (s->depth[k] > d) {
				moved ^= pile_key_of(k, s->depth[k]) ^
					 pile_key_of(k, s->depth[k] - 1);
				s->depth[k]--;
			}
			if (k != c && s->depth[k] == last)
				top = k;
		}
	s->pile_key[p] ^= moved;
	s->pile_size[p]--;
	pile_lift(s, c);
	s->pile_top_card[p] = top;
	s->depth[c] = 0;
}

/* Takes the cards of pile p from depth `first` to its top out of it,
 * cards[] its cards bottom up (pile_in_order): the card below them is
 * the new top, with no pass over the pile for it (pile_remove_top
 * card by card makes one a card), unless a view hides some card of
 * what is left (cards[] holds nothing there). */
static inline void pile_remove_from(state *s, int p, const card_id *cards,
				    int first)
{
	for (int j = s->pile_size[p] - 1; j >= first; j--) {
		pile_lift(s, cards[j]);
		s->depth[cards[j]] = 0;
	}
	s->pile_size[p] = (uint8_t)first;
	if (first == 0)
		s->pile_top_card[p] = CARD_NONE;
	else if (cset_count(s->pile_set[p]) == first)
		s->pile_top_card[p] = cards[first - 1];
	else
		pile_find_top(s, p);    /* a view's hidden card */
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
	pile_find_top(s, p);
}

/* Puts card c under every card of pile p. */
static inline void pile_push_bottom(state *s, int p, card_id c)
{
	uint64_t moved = 0;     /* the keys of the cards moving up */
	for (int w = 0; w < CSET_WORDS; w++)
		for (uint64_t b = s->pile_set[p].w[w]; b; b &= b - 1) {
			card_id k = (card_id)(w * 64 + __builtin_ctzll(b));
			moved ^= pile_key_of(k, s->depth[k]) ^
				 pile_key_of(k, s->depth[k] + 1);
			s->depth[k]++;
		}
	s->pile_key[p] ^= moved;
	s->pile_size[p]++;      /* first: c is the top of an empty pile */
	pile_put(s, p, 0, c);
}

/* Empties every pile. */
static inline void piles_clear(state *s)
{
	memset(s->pile_of, 0, sizeof s->pile_of);
	memset(s->depth, 0, sizeof s->depth);
	memset(s->pile_size, 0, sizeof s->pile_size);
	memset(s->pile_set, 0, sizeof s->pile_set);
	memset(s->pile_key, 0, sizeof s->pile_key);
	memset(s->pile_top_card, CARD_NONE, sizeof s->pile_top_card);
}

#endif
