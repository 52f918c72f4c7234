/*
 * score.h — scoring a finished deal, values kept between deals, the end
 * of the match and its places.
 */
#ifndef CARDRULES_SCORE_H
#define CARDRULES_SCORE_H

#include "engine/state.h"
#include "lang/expr.h"

/* Scores the finished deal, then ends the match or awaits the next deal. */
void score_deal(state *s);

/* The final places, from the ranking keys; called when the match ends. */
void score_rank(state *s, const expr_frame *f);

/* The named values of the scoring (`let`) evaluated on s as it is, in
 * slots (VARS_SLOTS_MAX values, vars.h): the per-seat value of seat p of let i at
 * slots[g->let[i].slot + p], a table-wide one at slots[g->let[i].slot].
 * Mid-deal, what the values would be if the deal ended now. */
void state_score_values(const state *s, value *slots);

/* The named values of the deal just scored in `scored`, as its scoring
 * saw them; `during` is any state of that deal before it was scored (it
 * holds the totals and kept values from before the deal). */
void state_scored_values(const state *scored, const state *during,
			 value *slots);

#endif
