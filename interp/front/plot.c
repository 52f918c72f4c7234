/* plot.c — a comparison drawn as SVG. */
#include "front/plot.h"

#include <math.h>
#include <string.h>

#define WIDTH 760
#define MARGIN 60               /* left of a histogram: its share labels */
#define HIST_H 110              /* the bars' height in a histogram panel */
#define BINS 24                 /* of a histogram of many values */
#define DISCRETE_MAX 16         /* whole scores this few get a bar each */
#define BAR_MAX 40              /* the widest bar */
#define ROW_H 20                /* a difference's line */
#define NAMES_W 230             /* the differences' names, left of them */
#define CHAR_W 0.6              /* a character's width, in font sizes */
#define COLOR_A "#1f77b4"
#define COLOR_B "#d62728"

/* ==== Text ============================================================= */

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

static void line(FILE *out, double x1, double y1, double x2, double y2,
		 const char *stroke)
{
	fprintf(out, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" "
		"stroke=\"%s\"/>\n", x1, y1, x2, y2, stroke);
}

/* ==== Axes ============================================================== */

/* An axis from lo to hi in steps of step, each tick written with decimals
 * digits after the point (so a tick is never "00.0216"); percent: the
 * values are shares, written as percentages. */
typedef struct axis {
	double lo, hi, step;
	int decimals;
	bool percent;
} axis;

/* 1, 2 or 5 times a power of ten, the first at least raw. */
static double nice_step(double raw)
{
	double mag = pow(10, floor(log10(raw)));
	double norm = raw / mag;
	return (norm <= 1 ? 1 : norm <= 2 ? 2 : norm <= 5 ? 5 : 10) * mag;
}

static void tick_text(const axis *a, double v, char *buf, size_t size)
{
	double shown = a->percent ? v * 100 : v;
	if (fabs(shown) < a->step * (a->percent ? 100 : 1) * 1e-6)
		shown = 0;      /* no "-0" */
	snprintf(buf, size, "%.*f%s", a->decimals, shown, a->percent ? "%" : "");
}

/* The widest tick label of a, in characters. */
static int widest_tick(const axis *a)
{
	int most = 0;
	for (double v = a->lo; v <= a->hi + a->step / 2; v += a->step) {
		char buf[32];
		tick_text(a, v, buf, sizeof buf);
		int n = (int)strlen(buf);
		most = n > most ? n : most;
	}
	return most;
}

/* An axis over [lo, hi] with at least min_ticks ticks where they fit:
 * ticks of length `room` pixels, labels of `size` px that never touch
 * (for a y axis, room is the height and labels one line each). */
static axis make_axis(double lo, double hi, bool percent, double room,
		      int size, bool horizontal)
{
	if (hi <= lo)
		hi = lo + 1;
	axis a = {.percent = percent};
	for (int want = 8; want >= 2; want--) {
		a.step = nice_step((hi - lo) / want);
		a.lo = floor(lo / a.step + 1e-9) * a.step;
		a.hi = ceil(hi / a.step - 1e-9) * a.step;
		double shown = percent ? a.step * 100 : a.step;
		a.decimals = shown >= 1 ? 0 : (int)ceil(-log10(shown) - 1e-9);
		double ticks = (a.hi - a.lo) / a.step;
		double gap = room / (ticks > 0 ? ticks : 1);
		double need = horizontal ? (widest_tick(&a) * CHAR_W * size + 8)
					 : size + 4;
		if (gap >= need)
			break;
	}
	return a;
}

static double at(const axis *a, double v, double from, double length)
{
	return from + (v - a->lo) / (a->hi - a->lo) * length;
}

/* Ticks and labels below a horizontal axis at y, from x0 over w. */
static void x_axis(FILE *out, const axis *a, double x0, double w, double y,
		   double grid_top)
{
	fputs("<g class=\"axis x\">\n", out);
	line(out, x0, y, x0 + w, y, "#888");
	for (double v = a->lo; v <= a->hi + a->step / 2; v += a->step) {
		double x = at(a, v, x0, w);
		char buf[32];
		tick_text(a, v, buf, sizeof buf);
		if (grid_top < y)
			line(out, x, grid_top, x, y, "#eee");
		line(out, x, y, x, y + 4, "#888");
		label(out, x, y + 16, "middle", 11, buf);
	}
	fputs("</g>\n", out);
}

/* Ticks and labels left of a vertical axis at x, from the bottom y0 up
 * over h, with light lines across to x_end. */
static void y_axis(FILE *out, const axis *a, double x, double y0, double h,
		   double x_end)
{
	fputs("<g class=\"axis y\">\n", out);
	line(out, x, y0, x, y0 - h, "#888");
	for (double v = a->lo; v <= a->hi + a->step / 2; v += a->step) {
		double y = y0 - (v - a->lo) / (a->hi - a->lo) * h;
		char buf[32];
		tick_text(a, v, buf, sizeof buf);
		line(out, x, y, x_end, y, "#eee");
		label(out, x - 6, y + 4, "end", 11, buf);
	}
	fputs("</g>\n", out);
}

/* ==== Histograms ======================================================== */

/* How every seat's scores are counted: the same bins for all. */
typedef struct bins {
	bool discrete;                  /* one bin per whole score */
	int n;
	axis x;
	double first, width;            /* of bin 0, and each bin's */
} bins;

static bool all_whole(const plot_scores *seat, int players, double lo,
		      double hi)
{
	if (hi - lo + 1 > DISCRETE_MAX)
		return false;
	for (int p = 0; p < players; p++)
		for (int f = 0; f < 2; f++) {
			const double *v = f ? seat[p].b : seat[p].a;
			long n = f ? seat[p].nb : seat[p].na;
			for (long i = 0; i < n; i++)
				if (v[i] != floor(v[i]))
					return false;
		}
	return true;
}

static bins make_bins(const plot_scores *seat, int players, double w)
{
	double lo = 0, hi = 0;
	bool any = false;
	for (int p = 0; p < players; p++)
		for (int f = 0; f < 2; f++) {
			const double *v = f ? seat[p].b : seat[p].a;
			long n = f ? seat[p].nb : seat[p].na;
			for (long i = 0; i < n; i++) {
				lo = !any || v[i] < lo ? v[i] : lo;
				hi = !any || v[i] > hi ? v[i] : hi;
				any = true;
			}
		}
	bins b = {0};
	if (all_whole(seat, players, lo, hi)) {
		b.discrete = true;
		b.n = (int)(hi - lo) + 1;
		b.first = lo - 0.5;
		b.width = 1;
		(void)w;                /* DISCRETE_MAX labels always fit */
		b.x = (axis){.lo = lo - 0.5, .hi = hi + 0.5, .step = 1};
		return b;
	}
	b.x = make_axis(lo, hi, false, w, 11, true);
	b.n = BINS;
	b.first = b.x.lo;
	b.width = (b.x.hi - b.x.lo) / BINS;
	return b;
}

static void count_shares(const plot_scores *s, const bins *b,
			 double share[2][BINS > DISCRETE_MAX ? BINS : DISCRETE_MAX])
{
	for (int f = 0; f < 2; f++) {
		const double *v = f ? s->b : s->a;
		long n = f ? s->nb : s->na;
		for (long i = 0; i < n; i++) {
			int k = (int)floor((v[i] - b->first) / b->width);
			share[f][k < 0 ? 0 : k >= b->n ? b->n - 1 : k] +=
				1.0 / (double)n;
		}
	}
}

/* The whole scores' ticks: one under each bar, or under some where
 * there are many. */
static void discrete_ticks(FILE *out, const bins *b, double x0, double w,
			   double y)
{
	fputs("<g class=\"axis x\">\n", out);
	line(out, x0, y, x0 + w, y, "#888");
	int every = b->x.step > 1 ? (int)b->x.step : 1;
	for (int k = 0; k < b->n; k++) {
		double v = b->first + 0.5 + k;
		if ((long)v % every != 0)
			continue;
		double x = x0 + (k + 0.5) * w / b->n;
		char buf[32];
		snprintf(buf, sizeof buf, "%.0f", v);
		line(out, x, y, x, y + 4, "#888");
		label(out, x, y + 16, "middle", 11, buf);
	}
	fputs("</g>\n", out);
}

/* One seat's histograms: A's bars on the left half of each bin, B's on
 * the right, as shares of each file's deals, on the axes all seats share. */
static void histogram(FILE *out, const plot_scores *s, int seat, int players,
		      const bins *b, const axis *y, double top)
{
	double share[2][BINS > DISCRETE_MAX ? BINS : DISCRETE_MAX] = {{0}};
	count_shares(s, b, share);
	double x0 = MARGIN, w = WIDTH - MARGIN - 30, base = top + 24 + HIST_H;
	fprintf(out, "<g class=\"histogram\" data-seat=\"%d\">\n", seat);
	char title[80];
	if (players == 1)
		snprintf(title, sizeof title, "the score of each deal (share of "
			 "deals)");
	else
		snprintf(title, sizeof title, "seat %d: deal scores (share of "
			 "deals)", seat);
	label(out, x0, top + 12, "start", 13, title);
	y_axis(out, y, x0, base, HIST_H, x0 + w);
	/* A's bar left of each bin's middle, B's right of it; a few whole
	 * scores get bars no wider than BAR_MAX */
	double bar = w / b->n / 2 - 1;
	bar = bar > BAR_MAX ? BAR_MAX : bar;
	for (int k = 0; k < b->n; k++)
		for (int f = 0; f < 2; f++) {
			double bh = share[f][k] / y->hi * HIST_H;
			double mid = x0 + (k + 0.5) * w / b->n;
			double bx = f ? mid + 0.5 : mid - 0.5 - bar;
			fprintf(out, "<rect class=\"bar\" x=\"%.1f\" y=\"%.1f\" "
				"width=\"%.1f\" height=\"%.1f\" fill=\"%s\">"
				"<title>%s: %.3f</title></rect>\n", bx, base - bh,
				bar, bh, f ? COLOR_B : COLOR_A, f ? "B" : "A",
				share[f][k]);
		}
	if (b->discrete)
		discrete_ticks(out, b, x0, w, base);
	else
		x_axis(out, &b->x, x0, w, base, base);
	fputs("</g>\n", out);
}

/* The largest share any bin reaches, over every seat: one y scale. */
static double most_share(const plot_scores *seat, int players, const bins *b)
{
	double most = 0;
	for (int p = 0; p < players; p++) {
		double share[2][BINS > DISCRETE_MAX ? BINS : DISCRETE_MAX] = {{0}};
		count_shares(&seat[p], b, share);
		for (int f = 0; f < 2; f++)
			for (int k = 0; k < b->n; k++)
				most = share[f][k] > most ? share[f][k] : most;
	}
	return most > 0 ? most : 1;
}

/* A solitaire's share of games won under each file: two bars. */
static void won_bars(FILE *out, const double *won, double top)
{
	double x0 = MARGIN, w = 240, base = top + 24 + HIST_H;
	double most = won[0] > won[1] ? won[0] : won[1];
	axis y = make_axis(0, most > 0 ? most : 0.01, true, HIST_H, 11, false);
	fputs("<g class=\"won\">\n", out);
	label(out, x0, top + 12, "start", 13, "games won (share of deals)");
	y_axis(out, &y, x0, base, HIST_H, x0 + w);
	for (int f = 0; f < 2; f++) {
		double bh = won[f] / y.hi * HIST_H, bx = x0 + 30 + f * 110;
		char buf[48];
		fprintf(out, "<rect class=\"bar\" x=\"%.1f\" y=\"%.1f\" "
			"width=\"70\" height=\"%.1f\" fill=\"%s\"/>\n", bx,
			base - bh, bh, f ? COLOR_B : COLOR_A);
		snprintf(buf, sizeof buf, "%s: %.1f%%", f ? "B" : "A",
			 won[f] * 100);
		label(out, bx + 35, base + 16, "middle", 11, buf);
	}
	line(out, x0, base, x0 + w, base, "#888");
	fputs("</g>\n", out);
}

/* ==== Differences ====================================================== */

static const char *const unit_title[PLOT_UNITS] = {
	"B - A in points, with its 95% interval (red: significant)",
	"B - A in shares won, with its 95% interval (red: significant)",
	"B - A in deals a match, with its 95% interval (red: significant)",
};

/* The differences of one unit, each on its interval, with the zero line.
 * Returns the panel's height. */
static double differences(FILE *out, const plot_interval *rows, int n,
			  plot_unit unit, double top)
{
	double lo = 0, hi = 0;
	int count = 0;
	for (int i = 0; i < n; i++) {
		if (rows[i].unit != unit)
			continue;
		lo = rows[i].low < lo ? rows[i].low : lo;
		hi = rows[i].high > hi ? rows[i].high : hi;
		count++;
	}
	if (count == 0)
		return 0;
	double x0 = NAMES_W, w = WIDTH - x0 - 30;
	axis a = make_axis(lo, hi, unit == PLOT_SHARE, w, 11, true);
	static const char *const unit_name[PLOT_UNITS] = {"points", "shares",
							  "deals"};
	fprintf(out, "<g class=\"differences\" data-unit=\"%s\">\n",
		unit_name[unit]);
	label(out, 10, top + 12, "start", 13, unit_title[unit]);
	double y0 = top + 30, bottom = y0 + ROW_H * count;
	int k = 0;
	for (int i = 0; i < n; i++) {
		if (rows[i].unit != unit)
			continue;
		double y = y0 + ROW_H * k++ + ROW_H / 2;
		const char *c = rows[i].significant ? COLOR_B : "#333";
		label(out, x0 - 10, y + 4, "end", 12, rows[i].name);
		fprintf(out, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" "
			"y2=\"%.1f\" stroke=\"%s\" stroke-width=\"2\"/>\n",
			at(&a, rows[i].low, x0, w), y, at(&a, rows[i].high, x0, w),
			y, c);
		fprintf(out, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"4\" fill=\"%s\">"
			"<title>%g [%g, %g]</title></circle>\n",
			at(&a, rows[i].diff, x0, w), y, c, rows[i].diff,
			rows[i].low, rows[i].high);
	}
	fprintf(out, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" "
		"stroke=\"#444\" stroke-dasharray=\"4 3\"/>\n", at(&a, 0, x0, w),
		y0 - 6, at(&a, 0, x0, w), bottom);
	x_axis(out, &a, x0, w, bottom, y0 - 6);
	fputs("</g>\n", out);
	return bottom + 26 - top;
}

/* ==== The picture ======================================================= */

static void legend(FILE *out, const char *title_a, const char *title_b)
{
	char buf[300];
	for (int f = 0; f < 2; f++) {
		fprintf(out, "<rect x=\"%d\" y=\"%d\" width=\"12\" height=\"12\" "
			"fill=\"%s\"/>\n", MARGIN, 12 + 20 * f,
			f ? COLOR_B : COLOR_A);
		snprintf(buf, sizeof buf, "%s: %s", f ? "B" : "A",
			 f ? title_b : title_a);
		label(out, MARGIN + 18, 23 + 20 * f, "start", 13, buf);
	}
}

void plot_compare(FILE *out, const char *title_a, const char *title_b,
		  const plot_scores *seat, int players, const double *won,
		  const plot_interval *rows, int nrows)
{
	double panel = HIST_H + 60;
	int panels = players + (won != NULL);
	double height = 60 + panels * panel + 30;
	for (int u = 0; u < PLOT_UNITS; u++) {
		int count = 0;
		for (int i = 0; i < nrows; i++)
			count += rows[i].unit == (plot_unit)u;
		height += count ? 56 + ROW_H * count : 0;
	}
	fprintf(out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
		"<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" "
		"height=\"%.0f\" viewBox=\"0 0 %d %.0f\">\n"
		"<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>\n",
		WIDTH, height, WIDTH, height);
	legend(out, title_a, title_b);
	bins b = make_bins(seat, players, WIDTH - MARGIN - 30);
	axis y = make_axis(0, most_share(seat, players, &b), true, HIST_H, 11,
			   false);
	double top = 60;
	for (int p = 0; p < players; p++, top += panel)
		histogram(out, &seat[p], p, players, &b, &y, top);
	if (won) {
		won_bars(out, won, top);
		top += panel;
	}
	top += 10;
	for (int u = 0; u < PLOT_UNITS; u++)
		top += differences(out, rows, nrows, (plot_unit)u, top);
	fputs("</svg>\n", out);
}
