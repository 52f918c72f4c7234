/*
 * cardrules.h — the engine of cardrules, for programs of one's own.
 *
 * Load a rule file (game_load), set up a match at a table (state_setup),
 * deal (state_deal), list the legal actions of the seat to move
 * (state_legal) and apply one (state_apply), until the match is over
 * (state_over); what one seat may see is its view (state_view), which is
 * all a fair bot may read.  The calls are described in engine/engine.h
 * (views among them), the state and the game in engine/state.h and
 * engine/game.h, and the whole engine in docs/engine.md.
 *
 * Installed with the program: build with
 *
 *     cc prog.c $(pkg-config --cflags --libs cardrules)
 *
 * The shipped games are installed in the folder pkg-config names:
 * $(pkg-config --variable=gamesdir cardrules).
 */
#ifndef CARDRULES_H
#define CARDRULES_H

#include "engine/engine.h"

#endif
