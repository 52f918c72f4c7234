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

/* The scoring's named values (engine.h: state_score_values, and
 * state_scored_values for the deal just scored). */
void score_values(const state *s, value *slots);
void score_scored_values(const state *scored, const state *during,
			 value *slots);

/* Whether the table shows named value `let` for seat (engine.h:
 * state_value_shown). */
bool score_value_shown(const state *s, value *slots, int let, int seat);

#endif
