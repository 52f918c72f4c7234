/*
 * lookahead.h — calls (bids, passes, doubles, named choices such as a
 * Grand Hand or a Kontra) made by looking at the deal as a whole.
 *
 * The rules of thumb never raise and never double, so a search whose
 * playouts call by them sees every contract uncontested and overbids.
 * Here the seat to move in a sampled deal tries each of a few candidate
 * calls, plays the deal on by the rules of thumb after each (the same
 * random stream for all, so that the calls alone differ), and makes the
 * call worth most to itself.  In a search's playouts every seat then
 * raises, doubles and declares by its own sampled hand: a contract that
 * fails in the sample is doubled, and a bid is judged with that risk.
 * Nothing in it is game-specific.
 */
#ifndef CARDRULES_LOOKAHEAD_H
#define CARDRULES_LOOKAHEAD_H

#include <stdbool.h>

#include "engine/engine.h"
#include "front/thumb.h"
#include "util/rng.h"

/* Whether moves[0..n) are calls: bids, passes, doubles, redoubles and
 * named choices, with no card among them. */
bool lookahead_is_call(const action *moves, int n);

/* The candidates among the calls moves[0..n) (listed by number, then
 * denomination) into out: every call but bids, and of the bids the
 * lowest of each denomination (raising by one step), or at most a few
 * spread from the lowest to the highest where bids have no
 * denominations; and `keep` (one of the moves, or NULL) whatever it is:
 * the rules of thumb's own call (the tricks a hand hopes for in Spades
 * may fall between the spread bids).  How many. */
int lookahead_candidates(const action *moves, int n, const action *keep,
			 action *out);

/* The end of the deal played on by the rules of thumb alone after the
 * last call looked ahead, that call made: each seat's worth there.  A
 * call's playout is the rules of thumb's play from it, so while every
 * action since was the rules of thumb's own, the next seat's call by
 * the rules of thumb leads to that same end, and its worth is known
 * without a playout of its own (in an auction, half the playouts).
 * Cleared (known false) when any other action is taken. */
typedef struct lookahead_line {
	bool known;
	double worth[SEAT_MAX];
} lookahead_line;

/* One of the calls moves[0..n) (lookahead_is_call) for the seat to move
 * in s: the candidate worth most to it after a playout by the rules of
 * thumb; the rules of thumb's own call unless another is worth more.
 * `line` (NULL: none), when known, is the rules of thumb's line that
 * led to s; it becomes the line after the call made. */
action lookahead_call(const state *s, const thumb_style *style,
		      const action *moves, int n, lookahead_line *line,
		      rng *r);

/* Plays the deal in s to its score as a search's playout: the calls
 * looked ahead (at most a few, and none after a card is played; then by
 * the rules of thumb), the
 * cards by the rules of thumb three times in four and at random
 * otherwise (MIX_CALLS_BY_THUMB).  `line` (NULL: none) as for
 * lookahead_call, from the calls that led to s. */
void lookahead_play_deal(state *s, const thumb_style *style,
			 lookahead_line *line, rng *r);

#endif
