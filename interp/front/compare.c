/* compare.c — two rule files on the same deals, by paired differences. */
#include "front/compare.h"

#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "util/alloc.h"
#include "util/json.h"
#include "front/plot.h"

typedef struct deal_row {
	int match, deal;
	double score[SEAT_MAX];
	double spread;                  /* the highest score minus the lowest */
	double dealer;                  /* the dealer's score minus the others' mean */
	double first;                   /* the same for the dealer's next seat */
	double value[COMPARE_VALUES_MAX];
	double solved;                  /* a solitaire won: 1, else 0 */
} deal_row;

typedef struct run {
	const game *g;
	const compare_opts *o;
	int let[COMPARE_VALUES_MAX];    /* the named values, as lets */
	deal_row *row;
	long n, cap;
	double wins[SEAT_MAX];
	int finished;
	double match_deals, match_deals_sq;     /* over finished matches */
	bool failed;                    /* out of memory */
} run;

static void on_deal(void *ctx, const sim_deal *sd)
{
	run *r = ctx;
	if (r->failed)
		return;
	if (r->n == r->cap) {
		long cap = r->cap ? r->cap * 2 : 1024;
		deal_row *grown = cr_realloc(r->row, (size_t)cap * sizeof *grown);
		if (!grown) {
			r->failed = true;
			return;
		}
		r->row = grown;
		r->cap = cap;
	}
	deal_row *d = &r->row[r->n++];
	memset(d, 0, sizeof *d);
	d->match = sd->match;
	d->deal = sd->deal;
	d->solved = sd->solved;
	int n = r->o->sim.players;
	double lo = 0, hi = 0, sum = 0;
	for (int p = 0; p < n; p++) {
		double v = (double)sd->score[p];
		d->score[p] = v;
		sum += v;
		if (p == 0 || v < lo)
			lo = v;
		if (p == 0 || v > hi)
			hi = v;
	}
	d->spread = hi - lo;
	int first = ((sd->dealer + r->g->direction) % n + n) % n;
	d->dealer = d->score[sd->dealer] - (sum - d->score[sd->dealer]) / (n - 1);
	d->first = d->score[first] - (sum - d->score[first]) / (n - 1);
	for (int i = 0; i < r->o->nvalues; i++)
		d->value[i] = sd->value[i];
}

static void on_match(void *ctx, int match, const int8_t *place)
{
	run *r = ctx;
	int firsts = 0, n = r->o->sim.players;
	for (int p = 0; p < n; p++)
		firsts += place[p] == 1;
	for (int p = 0; p < n; p++)
		if (place[p] == 1)
			r->wins[p] += 1.0 / firsts;
	r->finished++;
	/* the match's last deal is the last one told */
	double deals = r->n > 0 && r->row[r->n - 1].match == match
		       ? r->row[r->n - 1].deal : 0;
	r->match_deals += deals;
	r->match_deals_sq += deals * deals;
}

/* ---- paired statistics ------------------------------------------------ */

typedef struct paired {
	const char *name;
	plot_unit unit;
	double a, b;                    /* the means of each file */
	double diff, low, high;         /* B - A and its 95% interval */
	long n;
	bool significant;
} paired;

typedef double (*row_value)(const deal_row *d, int k);

static double get_score(const deal_row *d, int k) { return d->score[k]; }
static double get_spread(const deal_row *d, int k) { (void)k; return d->spread; }
static double get_dealer(const deal_row *d, int k) { (void)k; return d->dealer; }
static double get_first(const deal_row *d, int k) { (void)k; return d->first; }
static double get_value(const deal_row *d, int k) { return d->value[k]; }
static double get_solved(const deal_row *d, int k) { (void)k; return d->solved; }

/* Walks the deals both runs played (by match and deal). */
static paired pair_up(const run *ra, const run *rb, row_value f, int k)
{
	paired out = {0};
	double sa = 0, sb = 0, sd = 0, sdd = 0;
	long i = 0, j = 0, n = 0;
	while (i < ra->n && j < rb->n) {
		const deal_row *x = &ra->row[i], *y = &rb->row[j];
		if (x->match != y->match || x->deal != y->deal) {
			if (x->match < y->match ||
			    (x->match == y->match && x->deal < y->deal))
				i++;
			else
				j++;
			continue;
		}
		double va = f(x, k), vb = f(y, k);
		sa += va;
		sb += vb;
		sd += vb - va;
		sdd += (vb - va) * (vb - va);
		n++, i++, j++;
	}
	out.n = n;
	if (n == 0)
		return out;
	out.a = sa / n;
	out.b = sb / n;
	out.diff = sd / n;
	double var = n > 1 ? (sdd - n * out.diff * out.diff) / (n - 1) : 0;
	double half = 1.96 * sqrt(var > 0 ? var : 0) / sqrt((double)n);
	out.low = out.diff - half;
	out.high = out.diff + half;
	out.significant = out.low > 0 || out.high < 0;
	return out;
}

/* Match wins: the runs are not paired match by match (matches may end
 * at different deals), so the interval is that of two proportions. */
static paired wins(const run *ra, const run *rb, int seat)
{
	paired out = {0};
	if (!ra->finished || !rb->finished)
		return out;
	double pa = ra->wins[seat] / ra->finished, pb = rb->wins[seat] / rb->finished;
	double se = sqrt(pa * (1 - pa) / ra->finished + pb * (1 - pb) / rb->finished);
	out.a = pa;
	out.b = pb;
	out.diff = pb - pa;
	out.low = out.diff - 1.96 * se;
	out.high = out.diff + 1.96 * se;
	out.n = ra->finished < rb->finished ? ra->finished : rb->finished;
	out.significant = se > 0 && (out.low > 0 || out.high < 0);
	return out;
}

/* Deals a match: not paired either, two means of the finished matches. */
static paired match_length(const run *ra, const run *rb)
{
	paired out = {.unit = PLOT_DEALS};
	if (ra->finished < 2 || rb->finished < 2)
		return out;
	double se2 = 0, mean[2];
	for (int f = 0; f < 2; f++) {
		const run *r = f ? rb : ra;
		double n = r->finished, m = r->match_deals / n;
		double var = (r->match_deals_sq - n * m * m) / (n - 1);
		mean[f] = m;
		se2 += (var > 0 ? var : 0) / n;
	}
	out.a = mean[0];
	out.b = mean[1];
	out.diff = mean[1] - mean[0];
	out.low = out.diff - 1.96 * sqrt(se2);
	out.high = out.diff + 1.96 * sqrt(se2);
	out.n = ra->finished < rb->finished ? ra->finished : rb->finished;
	out.significant = se2 > 0 && (out.low > 0 || out.high < 0);
	return out;
}

/* ---- output ------------------------------------------------------------- */

#define ROWS_MAX (3 * SEAT_MAX + 4 + COMPARE_VALUES_MAX)

static int collect(const run *ra, const run *rb, const compare_opts *o,
		   paired *rows, char names[][48])
{
	int n = 0, players = o->sim.players;
	for (int p = 0; p < players; p++) {
		snprintf(names[n], 48, players == 1 ? "score a deal"
			 : "seat %d mean/deal", p);
		rows[n] = pair_up(ra, rb, get_score, p);
		rows[n].name = names[n];
		n++;
	}
	if (players == 1) {     /* a solitaire: the same deck both ways */
		rows[n] = pair_up(ra, rb, get_solved, 0);
		rows[n].unit = PLOT_SHARE;
		rows[n++].name = "games won";
		for (int i = 0; i < o->nvalues; i++) {
			snprintf(names[n], 48, "value %s", o->value[i]);
			rows[n] = pair_up(ra, rb, get_value, i);
			rows[n].name = names[n];
			n++;
		}
		return n;
	}
	rows[n] = pair_up(ra, rb, get_spread, 0);
	rows[n++].name = "spread in a deal";
	rows[n] = pair_up(ra, rb, get_dealer, 0);
	rows[n++].name = "dealer's advantage";
	rows[n] = pair_up(ra, rb, get_first, 0);
	rows[n++].name = "first player's advantage";
	for (int i = 0; i < o->nvalues; i++) {
		snprintf(names[n], 48, "value %s", o->value[i]);
		rows[n] = pair_up(ra, rb, get_value, i);
		rows[n].name = names[n];
		n++;
	}
	for (int p = 0; p < players; p++) {
		snprintf(names[n], 48, "seat %d wins", p);
		rows[n] = wins(ra, rb, p);
		rows[n].unit = PLOT_SHARE;
		rows[n].name = names[n];
		n++;
	}
	/* only where the files' matches differ in length */
	rows[n] = match_length(ra, rb);
	if (rows[n].n > 0 && fabs(rows[n].diff) > 1e-9)
		rows[n++].name = "deals in a match";
	return n;
}

/* Whether a higher deal score is better for its seat: +1, -1 when the
 * lowest total wins, 0 when the match ranks by something else. */
static int higher_is_better(const game *g)
{
	if (g->nrank == 0 || strcmp(expr_text(g->rank[0].e), "total") != 0)
		return 0;
	return g->rank[0].highest ? 1 : -1;
}

/* Which seat a row is about, or -1. */
static int row_seat(const paired *r)
{
	int seat;
	char rest[24];
	if (sscanf(r->name, "seat %d %23s", &seat, rest) == 2)
		return seat;
	return -1;
}

/* One significant difference in words: what B does, and for whom. */
static void verdict_line(FILE *out, const paired *r, int better,
			 unsigned *gains, unsigned *losses)
{
	bool more = r->diff > 0;
	double by = fabs(r->diff);
	int seat = row_seat(r);
	fputs("  - under B, ", out);
	if (seat >= 0 && strstr(r->name, "wins")) {
		fprintf(out, "seat %d wins %.1f%% %s of the matches: %s for "
			"seat %d\n", seat, by * 100, more ? "more" : "fewer",
			more ? "better" : "worse", seat);
		*(more ? gains : losses) |= 1u << seat;
	} else if (seat >= 0) {
		/* points alone favour nobody: all seats may move alike */
		fprintf(out, "seat %d scores %.3g points a deal %s\n", seat, by,
			more ? "more" : "less");
	} else if (strcmp(r->name, "spread in a deal") == 0) {
		fprintf(out, "the best and the worst seat of a deal are %.3g "
			"points %s apart: deals are %s even\n", by,
			more ? "further" : "less far", more ? "less" : "more");
	} else if (strcmp(r->name, "dealer's advantage") == 0 ||
		   strcmp(r->name, "first player's advantage") == 0) {
		bool dealer = r->name[0] == 'd';
		fprintf(out, "the %s scores %.3g points a deal %s against the "
			"others", dealer ? "dealer" : "dealer's next player",
			by, more ? "more" : "less");
		if (better)
			fprintf(out, ": %s for the %s", more == (better > 0)
				? "better" : "worse", dealer ? "dealer"
				: "player who leads");
		fputs("\n", out);
	} else if (strcmp(r->name, "games won") == 0) {
		fprintf(out, "%.1f%% %s of the games are won: B is the %s "
			"game\n", by * 100, more ? "more" : "fewer",
			more ? "easier" : "harder");
	} else if (strcmp(r->name, "deals in a match") == 0) {
		fprintf(out, "a match lasts %.3g deals %s\n", by,
			more ? "longer" : "shorter");
	} else {
		fprintf(out, "%s is %.3g %s a deal\n", r->name, by,
			more ? "higher" : "lower");
	}
}

static void seat_list(FILE *out, const char *head, unsigned seats)
{
	if (!seats)
		return;
	fprintf(out, "%s", head);
	for (int p = 0, k = 0; p < SEAT_MAX; p++)
		if (seats & (1u << p))
			fprintf(out, "%sseat %d", k++ ? ", " : " ", p);
	fputs(".\n", out);
}

static void print_verdict(FILE *out, const game *b, const paired *rows,
			  int n, int players)
{
	int k = 0;
	for (int i = 0; i < n; i++)
		k += rows[i].significant;
	if (k == 0) {
		fprintf(out, "Verdict: no difference is significant at 95%%.\n"
			"With these bots, neither file is %s that these deals "
			"can tell; more deals (--deals) narrow the intervals.\n",
			players == 1 ? "the easier" : "better for any seat");
		return;
	}
	fprintf(out, "Verdict: %d difference%s significant at 95%% (their "
		"intervals exclude 0, marked *):\n", k, k == 1 ? " is" : "s are");
	unsigned gains = 0, losses = 0;
	for (int i = 0; i < n; i++)
		if (rows[i].significant)
			verdict_line(out, &rows[i], higher_is_better(b), &gains,
				     &losses);
	/* better for whom: who wins more matches */
	seat_list(out, "B is better than A for", gains & ~losses);
	seat_list(out, "A is better than B for", losses & ~gains);
	bool by_matches = false;
	for (int i = 0; i < n; i++)
		by_matches |= strstr(rows[i].name, " wins") != NULL;
	if (by_matches && !gains && !losses)
		fputs("No seat wins more matches under one file than under the "
		      "other (at 95%): neither is better for any seat.\n", out);
}

/* How many deals were paired, and why fewer than were played. */
static void print_pairing(FILE *out, const compare_opts *o, long deals,
			  const paired *rows, int n)
{
	char bots[200];
	fprintf(out, "%ld paired deals", deals);
	if (deals < o->sim.deals)
		fprintf(out, " (of %ld played under each file)", o->sim.deals);
	fprintf(out, ", %d player%s, seed %" PRIu64 ", bots: %s.\n",
		o->sim.players, o->sim.players == 1 ? "" : "s", o->sim.seed,
		bot_spec_text(&o->sim.bots, o->sim.players, bots, sizeof bots));
	if (deals >= o->sim.deals)
		return;
	fputs("Deal k of match m under A is paired with deal k of match m "
	      "under B; a deal whose match has already ended under the other "
	      "file has no pair", out);
	for (int i = 0; i < n; i++)
		if (rows[i].unit == PLOT_DEALS)
			fprintf(out, " (A's matches last %.1f deals, B's %.1f)",
				rows[i].a, rows[i].b);
	fputs(".\n", out);
}

static void print_text(FILE *out, const compare_opts *o, const game *a,
		       const game *b, const paired *rows, int n, long deals)
{
	fprintf(out, "A: %s (%s)\nB: %s (%s)\n", a->name, o->names[0],
		b->name, o->names[1]);
	print_pairing(out, o, deals, rows, n);
	fputs("\n", out);
	fprintf(out, "%-26s %10s %10s %10s  %-22s\n", "", "A", "B", "B - A",
		"95% interval");
	for (int i = 0; i < n; i++) {
		char interval[64];
		snprintf(interval, sizeof interval, "[%+.3f, %+.3f]", rows[i].low,
			 rows[i].high);
		fprintf(out, "%-26s %10.3f %10.3f %+10.3f  %-22s%s\n", rows[i].name,
			rows[i].a, rows[i].b, rows[i].diff, interval,
			rows[i].significant ? " *" : "");
	}
	fputs("\n", out);
	print_verdict(out, b, rows, n, o->sim.players);
	fprintf(out, "Any deal can be replayed: match m of a run with seed %"
		PRIu64 " is `simulate GAME --seed %" PRIu64 "`'s match m (its "
		"transcript with --transcript).\n", o->sim.seed, o->sim.seed);
}

/* Every paired deal, for scripts that compute their own statistics (a
 * bootstrap): its match and deal, and each file's scores and values. */
static void json_deals(json *j, const run *ra, const run *rb,
		       const compare_opts *o)
{
	json_key(j, "deals");
	json_array(j);
	long i = 0, k = 0;
	while (i < ra->n && k < rb->n) {
		const deal_row *x = &ra->row[i], *y = &rb->row[k];
		if (x->match != y->match || x->deal != y->deal) {
			if (x->match < y->match ||
			    (x->match == y->match && x->deal < y->deal))
				i++;
			else
				k++;
			continue;
		}
		json_object(j);
		json_key(j, "match");
		json_int(j, x->match);
		json_key(j, "deal");
		json_int(j, x->deal);
		for (int f = 0; f < 2; f++) {
			const deal_row *d = f ? y : x;
			json_key(j, f ? "b" : "a");
			json_array(j);
			for (int p = 0; p < o->sim.players; p++)
				json_double(j, d->score[p]);
			json_end_array(j);
			if (o->nvalues) {
				json_key(j, f ? "b_values" : "a_values");
				json_array(j);
				for (int v = 0; v < o->nvalues; v++)
					json_double(j, d->value[v]);
				json_end_array(j);
			}
		}
		json_end_object(j);
		i++, k++;
	}
	json_end_array(j);
}

static void print_json(FILE *out, const compare_opts *o, const game *a,
		       const game *b, const paired *rows, int n, long deals,
		       const run *ra, const run *rb)
{
	json j;
	json_init(&j, out, false);
	json_object(&j);
	json_key(&j, "a");
	json_string(&j, a->name);
	json_key(&j, "a_file");
	json_string(&j, o->names[0]);
	json_key(&j, "b");
	json_string(&j, b->name);
	json_key(&j, "b_file");
	json_string(&j, o->names[1]);
	json_key(&j, "players");
	json_int(&j, o->sim.players);
	json_key(&j, "seed");
	json_int(&j, (int64_t)o->sim.seed);
	json_key(&j, "paired_deals");
	json_int(&j, deals);
	char bots[200];
	json_key(&j, "bots");
	json_string(&j, bot_spec_text(&o->sim.bots, o->sim.players, bots,
				      sizeof bots));
	json_key(&j, "rows");
	json_array(&j);
	for (int i = 0; i < n; i++) {
		json_object(&j);
		json_key(&j, "name");
		json_string(&j, rows[i].name);
		json_key(&j, "a");
		json_double(&j, rows[i].a);
		json_key(&j, "b");
		json_double(&j, rows[i].b);
		json_key(&j, "diff");
		json_double(&j, rows[i].diff);
		json_key(&j, "low");
		json_double(&j, rows[i].low);
		json_key(&j, "high");
		json_double(&j, rows[i].high);
		json_key(&j, "n");
		json_int(&j, rows[i].n);
		json_key(&j, "significant");
		json_bool(&j, rows[i].significant);
		json_end_object(&j);
	}
	json_end_array(&j);
	json_deals(&j, ra, rb, o);
	json_end_object(&j);
	json_finish(&j);
}

static void print_csv(FILE *out, const paired *rows, int n)
{
	fputs("quantity,a,b,diff,low,high,n,significant\n", out);
	for (int i = 0; i < n; i++)
		fprintf(out, "\"%s\",%.6f,%.6f,%.6f,%.6f,%.6f,%ld,%s\n",
			rows[i].name, rows[i].a, rows[i].b, rows[i].diff,
			rows[i].low, rows[i].high, rows[i].n,
			rows[i].significant ? "true" : "false");
}

/* ---- the run --------------------------------------------------------- */

static bool find_values(run *r, const compare_opts *o)
{
	for (int i = 0; i < o->nvalues; i++) {
		r->let[i] = -1;
		for (int k = 0; k < r->g->nlets; k++)
			if (strcmp(r->g->let[k].name, o->value[i]) == 0)
				r->let[i] = k;
		if (r->let[i] < 0) {
			fprintf(stderr, "cardrules: error: %s has no named value "
				"'%s' (see: cardrules explain %s)\n", r->g->name,
				o->value[i], r->g->path);
			return false;
		}
	}
	return true;
}

static int simulate(run *r, const compare_opts *o, bool second)
{
	sim_opts so = o->sim;
	if (second)
		memcpy(so.options, o->options_b, sizeof so.options);
	so.out = NULL;
	so.json = false;
	so.transcript = NULL;
	so.on_deal = on_deal;
	so.on_match = on_match;
	so.ctx = r;
	so.nvalues = o->nvalues;
	for (int i = 0; i < o->nvalues; i++) {
		so.value[i] = o->value[i];
		so.value_let[i] = r->let[i];
	}
	return sim_run(r->g, &so);
}

/* The SVG of the comparison; false when the file cannot be written. */
static bool draw(const run *ra, const run *rb, const compare_opts *o,
		 const paired *rows, int n)
{
	FILE *f = fopen(o->plot, "w");
	if (!f) {
		fprintf(stderr, "cardrules: error: cannot write %s\n", o->plot);
		return false;
	}
	int players = o->sim.players;
	double *score = cr_calloc((size_t)(ra->n + rb->n) * (size_t)players,
				  sizeof *score);
	plot_scores seat[SEAT_MAX];
	plot_interval iv[ROWS_MAX];
	bool ok = score != NULL;
	for (int p = 0; ok && p < players; p++) {
		double *a = score + (size_t)p * (size_t)(ra->n + rb->n), *b = a + ra->n;
		for (long i = 0; i < ra->n; i++)
			a[i] = ra->row[i].score[p];
		for (long i = 0; i < rb->n; i++)
			b[i] = rb->row[i].score[p];
		seat[p] = (plot_scores){a, b, ra->n, rb->n};
	}
	for (int i = 0; i < n; i++)
		iv[i] = (plot_interval){rows[i].name, rows[i].diff, rows[i].low,
					rows[i].high, rows[i].significant,
					rows[i].unit};
	double won[2] = {0, 0};
	for (int i = 0; i < n; i++)
		if (players == 1 && strcmp(rows[i].name, "games won") == 0)
			won[0] = rows[i].a, won[1] = rows[i].b;
	if (ok)
		plot_compare(f, o->names[0], o->names[1], seat, players,
			     players == 1 ? won : NULL, iv, n);
	free(score);
	if (fclose(f) != 0 || !ok) {
		fprintf(stderr, "cardrules: error: cannot write %s\n", o->plot);
		return false;
	}
	return true;
}

int compare_run(const game *a, const game *b, const compare_opts *o)
{
	run ra = {.g = a, .o = o}, rb = {.g = b, .o = o};
	if (!find_values(&ra, o) || !find_values(&rb, o))
		return 2;
	int status = simulate(&ra, o, false);
	status |= simulate(&rb, o, true);
	if (ra.failed || rb.failed) {
		fputs("cardrules: error: out of memory\n", stderr);
		free(ra.row);
		free(rb.row);
		return 1;
	}
	if (ra.n < o->sim.deals || rb.n < o->sim.deals) {       /* a run stopped */
		free(ra.row);
		free(rb.row);
		return 1;
	}
	paired rows[ROWS_MAX];
	char names[ROWS_MAX][48];
	int n = collect(&ra, &rb, o, rows, names);
	long deals = rows[0].n;
	if (o->format == COMPARE_JSON)
		print_json(o->out, o, a, b, rows, n, deals, &ra, &rb);
	else if (o->format == COMPARE_CSV)
		print_csv(o->out, rows, n);
	else
		print_text(o->out, o, a, b, rows, n, deals);
	if (o->plot && !draw(&ra, &rb, o, rows, n))
		status = 1;
	free(ra.row);
	free(rb.row);
	return status ? 1 : 0;
}
