/*
 * explain.h — a game's rules in words, written from the compiled game.
 *
 * `cardrules explain GAME` and `rules` at the prompt print the players,
 * the cards, the deal, every phase (what may be played and why, who wins a
 * trick), the scoring with each named value and its formula, the end of
 * the match and the options with their values.  Nothing is written by
 * hand: every sentence comes from the rule file, so it cannot drift.
 */
#ifndef CARDRULES_EXPLAIN_H
#define CARDRULES_EXPLAIN_H

#include <stdint.h>
#include <stdio.h>

#include "engine/engine.h"
#include "lang/diag.h"

/* The rules of g at a table of `players` with the options `options`
 * (NULL: the defaults). */
void explain_game(FILE *out, const game *g, int players,
		  const int64_t *options);

/* The lines of the explanation of `variant` that differ from those of
 * `base` ("- " removed, "+ " added), each game explained at its own
 * default table.  Returns the number of lines that differ. */
int explain_diff(FILE *out, const game *base, const game *variant);

/* For validate --strict: warns (in d) at each formula of the scoring and
 * the match that explain can only quote, for want of words of the rule
 * file (`{is: FORMULA, says: WORDS}`) or of a common reading.  Returns how
 * many. */
int explain_unworded(const game *g, diag *d);

#endif
