/* lint.h — what validate can only find by playing: random deals at every
 * player count, watched for what the rule file leaves out. */
#ifndef CARDRULES_LINT_H
#define CARDRULES_LINT_H

#include "lang/diag.h"
#include "engine/engine.h"

/* Plays a few random deals of g at each of its player counts and warns
 * (in d, at the rule file's lines) of
 *   - cards still in every hand when each deal ends: the phases play, lay
 *     or pass fewer cards than are dealt;
 *   - a choose() given an index it has no value for (it then gives 0).
 * The warnings found; the game is not changed. */
int lint_play(const game *g, diag *d);

#endif
