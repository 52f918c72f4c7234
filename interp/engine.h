/*
 * engine.h — what the engine's files share (not for front ends).
 *
 * state.c runs the deal and dispatches each move to its phase: pass.c and
 * tricks.c; score.c scores a finished deal and decides the match.
 */
#ifndef CARDRULES_ENGINE_H
#define CARDRULES_ENGINE_H

#include "state.h"
#include "vars.h"

/* Enters a phase; false when it has nothing to do (and is skipped). */
bool pass_enter(state *s, const phase *p);
cardset pass_legal(const state *s, const phase *p);
void pass_apply(state *s, const phase *p, card_id c);

bool tricks_enter(state *s, const phase *p);
cardset tricks_legal(const state *s, const phase *p);
void tricks_apply(state *s, const phase *p, card_id c);

/* Ends the current phase: enters the next one, or scores the deal. */
void engine_next_phase(state *s);

/* Scores the finished deal, then ends the match or awaits the next deal. */
void score_deal(state *s);

/* The final places, from the ranking keys; called when the match ends. */
void score_rank(state *s, const expr_frame *f);

/* Evaluates a table-wide (seat < 0) or per-seat expression on s. */
static inline value engine_eval(const state *s, const expr *e, int seat)
{
	expr_frame f;
	vars_frame(&f, s, NULL);
	f.seat = seat;
	return expr_eval(e, &f);
}

#endif
