/*
 * plot.h — pictures of a comparison, as SVG a browser opens.
 *
 * One panel per seat with the two files' histograms of deal scores side
 * by side, all on the same score range and the same scale of shares so
 * that seats compare at a glance (a score of a few values, such as a
 * solitaire's, gets a bar for each value); a solitaire's share of games
 * won as two bars; then the differences B - A as dots on their 95%
 * intervals, one panel for each unit (points, shares, deals), the zero
 * line drawn.  Readable without the tool, and without any library.  Each
 * panel is a <g> whose class names it (histogram, won, differences) and
 * whose axes are <g class="axis x|y">, for scripts that read the picture.
 */
#ifndef CARDRULES_PLOT_H
#define CARDRULES_PLOT_H

#include <stdbool.h>
#include <stdio.h>

/* What a quantity is counted in: each unit gets a panel of its own. */
typedef enum plot_unit {
	PLOT_POINTS,            /* a score or a named value */
	PLOT_SHARE,             /* a share of matches or games won */
	PLOT_DEALS,             /* deals in a match */
	PLOT_UNITS
} plot_unit;

/* A quantity's difference and interval. */
typedef struct plot_interval {
	const char *name;
	double diff, low, high;
	bool significant;
	plot_unit unit;
} plot_interval;

/* The deal scores of one seat under each file. */
typedef struct plot_scores {
	const double *a, *b;
	long na, nb;
} plot_scores;

/* won: for a solitaire, the shares of games won under A and B; NULL for
 * a game of several players. */
void plot_compare(FILE *out, const char *title_a, const char *title_b,
		  const plot_scores *seat, int players, const double *won,
		  const plot_interval *rows, int nrows);

#endif
