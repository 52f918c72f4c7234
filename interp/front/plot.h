/*
 * plot.h — pictures of a comparison, as SVG a browser opens.
 *
 * One panel per seat with the two files' histograms of deal scores side
 * by side, and one panel with every compared quantity's difference B - A
 * as a dot on its 95% interval, the zero line drawn: readable without the
 * tool, and without any library.
 */
#ifndef CARDRULES_PLOT_H
#define CARDRULES_PLOT_H

#include <stdbool.h>
#include <stdio.h>

/* A quantity's difference and interval. */
typedef struct plot_interval {
	const char *name;
	double diff, low, high;
	bool significant;
} plot_interval;

/* The deal scores of one seat under each file. */
typedef struct plot_scores {
	const double *a, *b;
	long na, nb;
} plot_scores;

void plot_compare(FILE *out, const char *title_a, const char *title_b,
		  const plot_scores *seat, int players,
		  const plot_interval *rows, int nrows);

#endif
