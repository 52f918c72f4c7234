/*
 * trace.h — the decisions of a replayed deal, as JSON: at each decision
 * the seat, every legal move and the move made, and each trick's leader,
 * cards and winner.  `replay --decisions` writes them, so that another
 * implementation of a game's rules can be compared with the program
 * decision by decision.
 */
#ifndef CARDRULES_TRACE_H
#define CARDRULES_TRACE_H

#include <stdbool.h>
#include <stdio.h>

#include "engine/engine.h"
#include "util/json.h"

typedef struct trace {
	FILE *decisions, *tricks;       /* the deal's arrays, as written */
	char *decisions_text, *tricks_text;
	size_t decisions_size, tricks_size;
	json dj, tj;
	bool failed;                    /* out of memory: nothing is kept */
} trace;

/* Records a decision of actions a[0..n), made in `before`, which led to
 * `after` (and so perhaps to the end of a trick). */
void trace_decision(trace *t, const state *before, const state *after,
		    const action *a, int n);

/* Writes the deal's "decisions" and "tricks" as keys of the object open
 * in j, and starts the next deal's; false when memory ran out. */
bool trace_write(trace *t, json *j);

/* Releases what a deal left unwritten. */
void trace_free(trace *t);

#endif
