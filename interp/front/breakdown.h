/*
 * breakdown.h — why a deal scored as it did, and which check failed.
 *
 * At the end of a deal the text loop and `replay` show the leftovers and
 * who took them, then every named value of the scoring (`let`) per seat,
 * then the deal's score and the totals: "-9" or "+26" explained by the
 * rule file's own names.  During a deal the named values that read the
 * cards won are the running counts.
 */
#ifndef CARDRULES_BREAKDOWN_H
#define CARDRULES_BREAKDOWN_H

#include <stdio.h>

#include "engine/engine.h"
#include "front/render.h"
#include "lang/diag.h"

/* The table of the deal just scored in `scored`; `during` is a state of
 * the same deal before its scoring; names[p] is how seat p is called. */
void breakdown_print(FILE *out, const render *r, const state *scored,
		     const state *during, const char *const *names);

/* The running counts: "taken: you 3, seat 1 0, ..." for every per-seat
 * integer named value that reads the cards won; nothing when there is
 * none, or when all are zero and `always` is false. */
void breakdown_running(FILE *out, const state *s, const char *const *names,
		       bool always);

/* The check that failed after the deal just scored in s, as an error of
 * the rule file (its text is the quoted line), with how to see it again
 * (`replay`, a command line...).  Goes to d. */
void breakdown_failed_check(diag *d, const state *s, const char *again);

/* The dead end the rule file led the match into (state.fault), as an
 * error at the phase in progress, with how to see it again.  Goes to d. */
void breakdown_fault(diag *d, const state *s, const char *again);

#endif
