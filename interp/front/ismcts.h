/*
 * ismcts.h — information-set Monte Carlo tree search (single observer).
 *
 * Each iteration deals the cards the seat cannot see at random, as its
 * view allows (view_sample), and walks one tree down from the decision:
 * a node is an action taken after the actions above it, whoever took it,
 * so every deal sampled shares the tree.  Among the children legal in
 * this deal, the one with the best upper confidence bound (UCB1, counting
 * a child's chances by how often it was legal, its mean worth measured
 * in units of the spread of all worths seen) is followed; an untried
 * legal action is added; the deal is played out to its score at random or
 * by rules of thumb; each node on the path is credited with the deal's
 * worth for the seat that took its action (state_deal_worth: its score
 * against its opponents').  After an action the other seats cannot see
 * (cards face down, passed or voted), the tree goes on from one node
 * shared by all such actions, so that the others' choices below do not
 * depend on the hidden cards.  The action tried most often at the root
 * is chosen.  Nothing in it is game-specific.
 *
 * Calls (bids, doubles, declarations) get more care (lookahead.h).  The
 * other seats' calls, in the tree and in the playouts, are made by each
 * from its own sampled hand, looking the deal ahead, so that a contract
 * that fails is doubled and a raise is met; an auction of tens of bids
 * is searched over its candidate calls; a seat deciding whether to
 * double another's contract samples deals in which that contract looks
 * sound to its declarer; and a call other than the rules of thumb's
 * (a pass, no double) is made only when it looks better by a margin.
 */
#ifndef CARDRULES_ISMCTS_H
#define CARDRULES_ISMCTS_H

#include <stdbool.h>

#include "engine/engine.h"
#include "front/thumb.h"
#include "util/rng.h"

/* How much search a decision gets: iterations, or milliseconds of the
 * thread's CPU time when ms is set (then at least a few iterations: CPU
 * time, so that on a busy machine every seat still gets what it is
 * given); iterations stop early too once cap_ms milliseconds have
 * passed on the clock, when it is set (a player waits no longer). */
typedef struct search_budget {
	int playouts;
	int ms;
	int cap_ms;
} search_budget;

/* One of moves[0..n) (n >= 2, the legal actions of the view's seat).
 * Playouts follow the rules of thumb of `style` (cards three times in
 * four, a random legal card otherwise; calls looked ahead); NULL: random
 * playouts and no care for calls. */
action ismcts_choose(const view *v, const action *moves, int n,
		     search_budget budget, const thumb_style *style, rng *r);

/* When a search began: the monotonic clock and the thread's CPU time, in
 * seconds. */
typedef struct search_start {
	double wall, cpu;
} search_start;

search_start search_begin(void);

/* Whether the budget is spent after `done` iterations begun at `start`;
 * time is read every few iterations. */
bool search_budget_spent(search_budget budget, int done, search_start start);

/* The monotonic clock, in seconds. */
double search_clock(void);

/* The CPU time of the calling thread, in seconds. */
double search_cpu_clock(void);

#endif
