/*
 * solitaire.h — the search of a solitaire's moves (the `search` bot).
 *
 * Each legal move is tried on the same samples of the cards the player
 * cannot see, each followed by a greedy playout, and the better half of
 * the moves stays for more samples (successive halving).  A playout reads
 * only what the layout says of itself: its `progress`, the cards turned
 * face up, a win, a move's attack (state_move_hint); it stops when it
 * goes round in circles.
 */
#ifndef CARDRULES_SOLITAIRE_H
#define CARDRULES_SOLITAIRE_H

#include "engine/engine.h"
#include "front/ismcts.h"
#include "util/rng.h"

/* A position as far as the player knows it: where each card not
 * `unknown` lies, and how many cards each pile holds. */
uint64_t solitaire_position(const state *s, cardset unknown);

/* What a finished (or abandoned) game is worth to the search: a win
 * above all (and its score), then the layout's progress. */
int64_t solitaire_worth(const state *s);

/* The move of moves[0..n) that needs no search, or -1: one that raises
 * the progress (the most of those that do), spends nothing kept for
 * when stuck, has no other move of its card as good, and leaves every
 * other card's move that is no step back still legal. */
int solitaire_clear_move(const state *s, const action *moves, int n);

/* One of moves[0..n) (n >= 2) for the view's player, within the budget;
 * *barren tells whether no playout turned a new card or raised the
 * progress. */
action solitaire_search(const view *v, const action *moves, int n,
			search_budget budget, rng *r, bool *barren);

#endif
