/* plot.c — a comparison drawn as SVG. */
#include "front/plot.h"

#include <math.h>

#define WIDTH 760
#define PANEL_H 150
#define MARGIN 60
#define BINS 24
#define COLOR_A "#1f77b4"
#define COLOR_B "#d62728"

/* Text with the XML specials escaped. */
static void text(FILE *out, const char *s)
{
	for (; *s; s++) {
		switch (*s) {
		case '<': fputs("&lt;", out); break;
		case '>': fputs("&gt;", out); break;
		case '&': fputs("&amp;", out); break;
		case '"': fputs("&quot;", out); break;
		default: fputc(*s, out);
		}
	}
}

static void label(FILE *out, double x, double y, const char *anchor,
		  int size, const char *s)
{
	fprintf(out, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"%s\" "
		"font-size=\"%d\" font-family=\"sans-serif\">", x, y, anchor, size);
	text(out, s);
	fputs("</text>\n", out);
}

static void range(const plot_scores *s, double *lo, double *hi)
{
	bool any = false;
	for (int f = 0; f < 2; f++) {
		const double *v = f ? s->b : s->a;
		long n = f ? s->nb : s->na;
		for (long i = 0; i < n; i++) {
			if (!any || v[i] < *lo)
				*lo = v[i];
			if (!any || v[i] > *hi)
				*hi = v[i];
			any = true;
		}
	}
	if (!any)
		*lo = 0, *hi = 1;
	if (*hi <= *lo)
		*hi = *lo + 1;
}

/* One seat's histograms: A's bars on the left half of each bin, B's on
 * the right, as shares of each file's deals. */
static void histogram(FILE *out, const plot_scores *s, int seat, double top)
{
	double lo, hi;
	range(s, &lo, &hi);
	double width = (hi - lo) / BINS;
	double share[2][BINS] = {{0}}, most = 0;
	for (int f = 0; f < 2; f++) {
		const double *v = f ? s->b : s->a;
		long n = f ? s->nb : s->na;
		for (long i = 0; i < n; i++) {
			int k = (int)((v[i] - lo) / width);
			share[f][k < 0 ? 0 : k >= BINS ? BINS - 1 : k] += 1.0 / (double)n;
		}
		for (int k = 0; k < BINS; k++)
			if (share[f][k] > most)
				most = share[f][k];
	}
	double x0 = MARGIN, w = WIDTH - 2 * MARGIN, h = PANEL_H - 40;
	char title[64];
	snprintf(title, sizeof title, "seat %d: deal scores (share of deals)", seat);
	label(out, x0, top + 14, "start", 13, title);
	fprintf(out, "<line x1=\"%d\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" "
		"stroke=\"#888\"/>\n", MARGIN, top + 20 + h, x0 + w, top + 20 + h);
	for (int k = 0; k < BINS; k++)
		for (int f = 0; f < 2; f++) {
			double bh = most > 0 ? share[f][k] / most * h : 0;
			double bx = x0 + (k + 0.5 * f) * w / BINS;
			fprintf(out, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" "
				"height=\"%.1f\" fill=\"%s\"><title>%s: %.3f</title>"
				"</rect>\n", bx, top + 20 + h - bh, w / BINS / 2 - 1,
				bh, f ? COLOR_B : COLOR_A, f ? "B" : "A", share[f][k]);
		}
	char edge[32];
	snprintf(edge, sizeof edge, "%g", lo);
	label(out, x0, top + 34 + h, "middle", 11, edge);
	snprintf(edge, sizeof edge, "%g", hi);
	label(out, x0 + w, top + 34 + h, "middle", 11, edge);
}

/* Every difference B - A on its interval, with the zero line. */
static void intervals(FILE *out, const plot_interval *rows, int n, double top)
{
	double lo = 0, hi = 0;
	for (int i = 0; i < n; i++) {
		if (rows[i].low < lo)
			lo = rows[i].low;
		if (rows[i].high > hi)
			hi = rows[i].high;
	}
	if (hi <= lo)
		hi = lo + 1;
	double pad = (hi - lo) * 0.05;
	lo -= pad, hi += pad;
	double x0 = 230, w = WIDTH - x0 - 30;
#define X(v) (x0 + ((v) - lo) / (hi - lo) * w)
	label(out, MARGIN, top + 14, "start", 13,
	      "B - A with its 95% interval (red: significant)");
	double y0 = top + 30, step = 20;
	fprintf(out, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" "
		"stroke=\"#444\" stroke-dasharray=\"4 3\"/>\n", X(0), y0 - 8,
		X(0), y0 + step * n);
	for (int i = 0; i < n; i++) {
		double y = y0 + step * i + 6;
		const char *c = rows[i].significant ? COLOR_B : "#333";
		label(out, x0 - 10, y + 4, "end", 12, rows[i].name);
		fprintf(out, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" "
			"stroke=\"%s\" stroke-width=\"2\"/>\n", X(rows[i].low), y,
			X(rows[i].high), y, c);
		fprintf(out, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"4\" fill=\"%s\">"
			"<title>%g [%g, %g]</title></circle>\n", X(rows[i].diff), y, c,
			rows[i].diff, rows[i].low, rows[i].high);
	}
	char edge[32];
	snprintf(edge, sizeof edge, "%.3g", lo);
	label(out, X(lo), y0 + step * n + 14, "middle", 11, edge);
	snprintf(edge, sizeof edge, "%.3g", hi);
	label(out, X(hi), y0 + step * n + 14, "middle", 11, edge);
	label(out, X(0), y0 + step * n + 14, "middle", 11, "0");
#undef X
}

void plot_compare(FILE *out, const char *title_a, const char *title_b,
		  const plot_scores *seat, int players,
		  const plot_interval *rows, int nrows)
{
	double height = 70 + players * PANEL_H + 60 + 20.0 * nrows + 40;
	fprintf(out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
		"<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" "
		"height=\"%.0f\" viewBox=\"0 0 %d %.0f\">\n"
		"<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>\n",
		WIDTH, height, WIDTH, height);
	fprintf(out, "<rect x=\"%d\" y=\"12\" width=\"12\" height=\"12\" "
		"fill=\"%s\"/>\n", MARGIN, COLOR_A);
	char legend[300];
	snprintf(legend, sizeof legend, "A: %s", title_a);
	label(out, MARGIN + 18, 23, "start", 13, legend);
	fprintf(out, "<rect x=\"%d\" y=\"32\" width=\"12\" height=\"12\" "
		"fill=\"%s\"/>\n", MARGIN, COLOR_B);
	snprintf(legend, sizeof legend, "B: %s", title_b);
	label(out, MARGIN + 18, 43, "start", 13, legend);
	for (int p = 0; p < players; p++)
		histogram(out, &seat[p], p, 60 + p * PANEL_H);
	intervals(out, rows, nrows, 60 + players * PANEL_H + 10);
	fputs("</svg>\n", out);
}
