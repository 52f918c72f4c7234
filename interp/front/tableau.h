/*
 * tableau.h — a solitaire's layout drawn for the player: a grid with its
 * slots round it, piles as columns (a Klondike tableau), the one-pile
 * places (stock, waste, reserve) on one line, the cards under a slot's
 * top card with their worth by the game's first table of values.  Cards
 * face down show as "##"; a card turned down after being seen (a dead
 * royal) is marked.
 */
#ifndef CARDRULES_TABLEAU_H
#define CARDRULES_TABLEAU_H

#include <stdbool.h>
#include <stdio.h>

#include "engine/engine.h"
#include "front/render.h"

void tableau_print(FILE *out, const render *r, const state *s);

/* A move told: its words, the cards its attack turned down, and the
 * cards that came to one-pile places without a decision (a card drawn,
 * a ploy kept); the end of the game when it came. */
void tableau_narrate(FILE *out, const render *r, const state *before,
		     const state *after, const char *words, bool forced);

#endif
