/*
 * counters.h — the counters of a deal: named integers set back when a deal
 * starts and raised by the players' actions (a choice, a bid, the end of
 * a double trick).
 */
#ifndef CARDRULES_COUNTERS_H
#define CARDRULES_COUNTERS_H

#include "engine/state.h"

/* Every counter back to its start: its number, or its expression (which
 * may read the values kept from the last deal). */
void counters_reset(state *s);

/* Raises the counters of `adds`, all read before any is set, with `seat`
 * the seat that acts: a per-seat counter is raised for it only. */
void counters_add(state *s, const counter_adds *adds, int seat);

#endif
