/*
 * report.h — results as JSON, in the one shape every command uses.
 *
 * A deal: {"deal", "dealer", "scores", "totals", "contract", "counters",
 * "kept"}: scores and totals by seat; where the game has an auction, the
 * contract its last auction left (declarer, bid, doubled); the deal's
 * counters as it left them and the kept values, by name (a per-seat one
 * as a list); and "places" when the match ended with it.  A match's
 * result: {"over", "totals", "places"}.
 */
#ifndef CARDRULES_REPORT_H
#define CARDRULES_REPORT_H

#include "util/json.h"
#include "engine/engine.h"

/* The fields of a scored deal, inside an object the caller has opened. */
void report_deal_fields(json *j, const state *s);

/* "values": the named values of the scoring of the deal just scored in s
 * (`during`: the same deal before its scoring, breakdown.h), by name: a
 * list by seat for a per-seat value, one value for a table-wide one. */
void report_deal_values(json *j, const state *s, const state *during);

/* "totals" and, when the match is over, "places". */
void report_result_fields(json *j, const state *s);

#endif
