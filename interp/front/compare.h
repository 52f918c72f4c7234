/*
 * compare.h — two rule files played on the same deals, side by side.
 *
 * Both files are simulated with the same seed, table and bots, so match m
 * deal k is shuffled alike in both (the same hands where the decks
 * agree).  Deals are paired by (match, deal); every quantity is compared
 * by its paired differences, with a 95% interval (mean ± 1.96 standard
 * errors); a difference whose interval excludes 0 is called significant.
 */
#ifndef CARDRULES_COMPARE_H
#define CARDRULES_COMPARE_H

#include <stdio.h>

#include "front/sim.h"

#define COMPARE_VALUES_MAX 4

typedef enum compare_format {
	COMPARE_TEXT,
	COMPARE_JSON,
	COMPARE_CSV,
} compare_format;

typedef struct compare_opts {
	sim_opts sim;                   /* the table, seed, deals and bots, and
					   the options of A */
	int64_t options_b[OPTIONS_MAX]; /* the options of B */
	const char *names[2];           /* as named on the command line */
	const char *value[COMPARE_VALUES_MAX];  /* named values to compare */
	int nvalues;
	compare_format format;
	FILE *out;
	const char *plot;               /* an SVG file to draw; NULL */
} compare_opts;

/* 0 when both ran, 1 when a check of either file failed, 2 when a named
 * value is missing from either. */
int compare_run(const game *a, const game *b, const compare_opts *o);

#endif
