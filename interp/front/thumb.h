/*
 * thumb.h — rules of thumb for trick-taking games: a move chosen at once,
 * with no search, from the position alone.  The `low` bot plays them, and
 * the tree search plays its playouts with them.
 */
#ifndef CARDRULES_THUMB_H
#define CARDRULES_THUMB_H

#include "engine/engine.h"

/* One of moves[0..n) (n >= 1) for the seat to move in s: the lowest card
 * it may play (when it cannot follow, the highest it may throw away), the
 * lowest pair face up, the lowest bid only when nobody has bid (else a
 * pass), and a choice that changes nothing when there is one. */
action thumb_choose(const state *s, const action *moves, int n);

#endif
