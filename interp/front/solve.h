/*
 * solve.h — the solver of solitaires the player sees whole (the `solve`
 * bot).
 *
 * When a view holds every card (FreeCell, or any solitaire under
 * --cheat), a depth-first search looks for a winning line: each
 * position's moves are tried in the order of what they gain at once (a
 * win, then the rise of the layout's `progress`, then the cards turned
 * face up, then a move's attack, then the cards left in sequence), a
 * position met before is not searched again (a table of position keys:
 * interchangeable piles taken as one, a place no move takes from read
 * as its cards and its top), a line never returns to a layout it
 * has had, and the search stops after a budget of positions; one that
 * finds no win is made again with ties broken at random.  The bot
 * plays the winning line it found, or else the line to the best
 * position it met (the highest `progress`), and searches again from
 * there.  It reads the game only through the engine's API: the piles,
 * the cards face down, the counters, `progress`, `won`, the cards in
 * sequence and which piles are interchangeable or kept.
 */
#ifndef CARDRULES_SOLVE_H
#define CARDRULES_SOLVE_H

#include <stdbool.h>
#include <stdint.h>

#include "engine/engine.h"
#include "util/rng.h"

/* Positions a search expands when the budget names none. */
#define SOLVE_NODES_DEFAULT 200000

/* Moves of a line at most (a search goes no deeper). */
#define SOLVE_LINE_MAX 600

/* What one search found. */
typedef struct solve_result {
	bool won;                       /* line[0..len) wins */
	int len;                        /* else it leads to the best position
					   met; 0: none better than the start */
	long nodes;                     /* positions expanded */
	int64_t progress;               /* the progress at the line's end */
	action line[SOLVE_LINE_MAX];
} solve_result;

/* Whether the solver may play from view v: a solitaire with no card
 * hidden from the viewer. */
bool solve_sees_all(const view *v);

/* Searches from s (a solitaire's state with every card in place) for
 * at most `nodes` positions, or `ms` milliseconds when ms > 0, into
 * *out; true when it found a win.  Moves of equal gain are tried in the
 * order listed, the last first, when tie is 0; else in an order drawn
 * from tie. */
bool solve_search(const state *s, long nodes, int ms, uint64_t tie,
		  solve_result *out);

/* Like solve_search, but each pass bounds the moves along a line that
 * are not their position's first choice (in the order of gain), 0 in
 * the first pass, then 1, 2 and so on (limited discrepancy): early
 * choices are revisited even when every move gains and no line is cut. */
bool solve_search_bounded(const state *s, long nodes, int ms,
			  solve_result *out);

/* One of moves[0..n) (the legal actions of the view's seat, n >= 2) for
 * a view that holds every card (solve_sees_all): the next move of the
 * line last planned when the game is still on it, else the first of a
 * new search's line.  When a search finds nothing better than where the
 * game stands, the game is stuck: random moves until the progress rises
 * again (a lost game ends at its move limit in moments). */
action solve_choose(const view *v, const action *moves, int n, long nodes,
		    int ms, rng *r);

#endif
