/*
 * engine.h — what the engine's files share (not for front ends).
 *
 * state.c runs the deal and dispatches each move to its phase: pass.c and
 * tricks.c; score.c scores a finished deal and decides the match.
 */
#ifndef CARDRULES_ENGINE_H
#define CARDRULES_ENGINE_H

#include "engine/state.h"
#include "engine/vars.h"

/* Enters a phase; false when it has nothing to do (and is skipped). */
bool pass_enter(state *s, const phase *p);
cardset pass_legal(const state *s, const phase *p);
void pass_apply(state *s, const phase *p, card_id c);

/* A uniformly random member of a set: one popcount per word, then the
 * k-th card.  CARD_NONE for the empty set. */
static inline card_id engine_random_card(cardset set, rng *r)
{
	int count[CSET_WORDS], n = 0;
	for (int i = 0; i < CSET_WORDS; i++)
		n += count[i] = set.w[i] ? __builtin_popcountll(set.w[i]) : 0;
	if (n == 0)
		return CARD_NONE;
	int k = (int)rng_below(r, (uint32_t)n), i = 0;
	while (k >= count[i])
		k -= count[i++];
	return (card_id)(i * 64 + cset_word_nth(set.w[i], k));
}

bool tricks_enter(state *s, const phase *p);
/* Random cards until the phase (or the deal) ends: the playouts' inner
 * loop, kept next to the rules it applies. */
void tricks_playout(state *s, const phase *p, rng *r);
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
