/*
 * serve_tell.h — what happens at the table, as the events `cardrules
 * serve` sends: a deal dealt, each seat's decision, what a seat alone
 * learns, a trick won, the melds shown, a deal thrown in, a deal scored
 * with its breakdown, the end of the match, a dead end.
 *
 * Each event is told to the client as its seats may know it: the words
 * of another seat's decision only when they name nothing hidden (a card
 * played, a bid; never a pass, a vote or a pair laid face down), the
 * table's words (tales) for the reader at one of the client's seats,
 * and what a seat alone learns (the cards a pass brought) only for the
 * client's own seats.
 */
#ifndef CARDRULES_SERVE_TELL_H
#define CARDRULES_SERVE_TELL_H

#include "engine/engine.h"
#include "front/render.h"
#include "front/serve_out.h"

/* Who is told: the client's seats. */
typedef struct serve_audience {
	serve_out *out;
	const render *r;
	unsigned mine;                  /* seats, as bits */
} serve_audience;

/* A deal was dealt into s. */
void tell_deal(const serve_audience *a, const state *s);

/* `seat` decided a[0..n) in `before`, which led to `after`: the
 * decision, what followed (a trick, a pass carried out, a reveal), and
 * at the end of a deal its score and at the end of the match the
 * result. */
void tell_decision(const serve_audience *a, const state *before,
		   const state *after, int seat, const action *act, int n);

/* The rule file led the match into a dead end (state_stuck). */
void tell_fault(const serve_audience *a, const state *s);

#endif
