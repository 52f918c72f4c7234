/* sim.c — many deals played by bots, and their statistics. */
#include "front/sim.h"

#include <inttypes.h>
#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "front/command.h"
#include "util/alloc.h"
#include "util/arith.h"
#include "util/json.h"
#include "front/report.h"
#include "engine/engine.h"
#include "front/transcript.h"
#include "front/breakdown.h"
#include "front/ismcts.h"

typedef struct seat_stats {
	double sum, sumsq;
	int64_t total;                  /* over all matches */
	double wins;                    /* a shared first place counts a share */
	double place_sum;
} seat_stats;

typedef struct sim {
	const sim_opts *o;
	const game *g;
	state s;
	state during;                   /* the deal at its start, for --json */
	bot bots[SEAT_MAX];
	transcript_writer w;
	json j;
	seat_stats seat[SEAT_MAX];
	long deals;                     /* played so far */
	int matches, finished;          /* started; played to their end */
	long failed;                    /* deals after which a check failed */
	int first_failed_check;
	state first_failure;            /* the deal where a check first failed */
	long first_failed_deal;         /* its number in the run, from 1 */
	int first_failed_match;
	double kept_end[KEPT_MAX];      /* table-wide kept values, summed */
	double kept_seat_end[KEPT_MAX][SEAT_MAX];       /* per-seat ones */
	long solved;                    /* solitaires won */
	double seconds;                 /* wall-clock time of the run */
	double cpu_seconds;             /* CPU time of the run, all jobs */
	decision_time time;             /* the bots' decisions (--time) */
	bool write_error;
	bool faulted;                   /* a match stopped in a dead end */
	state fault;                    /* where (state.fault) */
	int fault_match;
} sim;

/* Match m's transcript: FILE for the first, FILE.m.yaml style after. */
static void transcript_name(const char *path, int m, char *buf, size_t size)
{
	if (m == 1) {
		snprintf(buf, size, "%s", path);
		return;
	}
	const char *dot = strrchr(path, '.');
	const char *slash = strrchr(path, '/');
	if (dot && (!slash || dot > slash))
		snprintf(buf, size, "%.*s.%d%s", (int)(dot - path), path, m, dot);
	else
		snprintf(buf, size, "%s.%d", path, m);
}

static bool start_match(sim *x)
{
	const sim_opts *o = x->o;
	char why[300];
	/* each match its own seed, derived so that runs are reproducible */
	uint64_t seed = o->seed + (uint64_t)x->matches * UINT64_C(0x9e3779b97f4a7c15);
	if (!state_setup(&x->s, x->g, o->players, o->dealer, o->options, seed,
			 why, sizeof why)) {
		fprintf(stderr, "cardrules: error: %s\n", why);
		return false;
	}
	x->s.checks = o->checks;
	x->matches++;
	for (int p = 0; p < o->players; p++) {
		bot_setup(&x->bots[p], &o->bots, seed, p);
	}
	if (o->transcript) {
		char path[1024];
		transcript_name(o->transcript, x->matches, path, sizeof path);
		transcript_close(&x->w);
		if (!transcript_create(&x->w, path, o->game_name, &x->s, 0, false, why,
			       sizeof why)) {
			fprintf(stderr, "cardrules: error: %s\n", why);
			return false;
		}
		x->w.explicit_deals = o->explicit_deals;
	}
	return true;
}

static void json_deal(sim *x)
{
	json *j = &x->j;
	json_object(j);
	json_key(j, "match");
	json_int(j, x->matches);
	report_deal_fields(j, &x->s);
	report_deal_values(j, &x->s, &x->during);
	json_end_object(j);
}

/* The deal just scored in s, as callers see it. */
static void sim_deal_record(const sim_opts *o, int match, const state *s,
			sim_deal *d)
{
	memset(d, 0, sizeof *d);
	d->match = match;
	d->deal = s->deal_no;
	d->dealer = s->dealer;
	d->solved = state_solved(s);
	for (int p = 0; p < s->players; p++)
		d->score[p] = s->deal_score[p];
	if (!o->nvalues)
		return;
	static _Thread_local value slots[VARS_SLOTS_MAX];
	state_score_values(s, slots);
	for (int i = 0; i < o->nvalues; i++) {
		const let_def *l = &s->g->let[o->value_let[i]];
		expr_type t = expr_result_type(l->e);
		int seats = l->per_seat ? s->players : 1;
		for (int p = 0; p < seats; p++) {
			value v = slots[l->slot + p];
			d->value[i] += t == TY_CARDS ? cset_count(v.s) : (double)v.i;
		}
	}
}

static void deal_scored(sim *x)
{
	const state *s = &x->s;
	x->deals++;
	x->solved += state_solved(s);
	for (int p = 0; p < s->players; p++) {
		double v = (double)s->deal_score[p];
		x->seat[p].sum += v;
		x->seat[p].sumsq += v * v;
		x->seat[p].total = arith_add(x->seat[p].total, s->deal_score[p]);
	}
	if (s->failed_check) {
		if (!x->failed) {
			x->first_failed_check = s->failed_check;
			x->first_failure = *s;
			x->first_failed_deal = x->deals;
			x->first_failed_match = x->matches;
		}
		x->failed++;
		x->s.failed_check = 0;
	}
	if (x->o->json)
		json_deal(x);
	if (x->o->on_deal) {
		sim_deal d;
		sim_deal_record(x->o, x->matches, s, &d);
		x->o->on_deal(x->o->ctx, &d);
	}
}

static void match_over(sim *x)
{
	const state *s = &x->s;
	if (x->o->on_match)
		x->o->on_match(x->o->ctx, x->matches, s->place);
	int firsts = 0;
	for (int p = 0; p < s->players; p++)
		firsts += s->place[p] == 1;
	for (int p = 0; p < s->players; p++) {
		x->seat[p].place_sum += s->place[p];
		if (s->place[p] == 1)
			x->seat[p].wins += 1.0 / firsts;
	}
	for (int k = 0; k < x->g->nkept; k++) {
		x->kept_end[k] += (double)s->kept[k][0];
		for (int p = 0; p < s->players; p++)
			x->kept_seat_end[k][p] += (double)s->kept[k][p];
	}
	x->finished++;
}

/* The action of the seat to move, chosen by its bot from its view and
 * applied; timed into t unless t is NULL. */
static action decide(bot *b, state *s, decision_time *t)
{
	int seat = s->current;
	double start = t ? search_clock() : 0;
	double cpu_start = t ? search_cpu_clock() : 0;
	action a;
	if (b->kind == BOT_RANDOM) {
		a = state_apply_random(s, &b->r);
	} else {
		view v;
		bot_view(b, s, seat, &v);
		a = bot_choose(b, &v);
		bot_must_apply(s, a);
	}
	if (t) {
		t->decisions[seat]++;
		t->seconds[seat] += search_clock() - start;
		t->cpu_seconds[seat] += search_cpu_clock() - cpu_start;
	}
	return a;
}

/* One decision of the seat to move, recorded in words.  The state before
 * it is copied only when a transcript needs its words. */
static void bot_decision(sim *x)
{
	state before;
	int seat = x->s.current;
	action a[ACTIONS_MAX];
	int n = command_decision_size(&x->s);
	if (x->w.f)
		before = x->s;
	for (int i = 0; i < n; i++)
		a[i] = decide(&x->bots[seat], &x->s,
			      x->o->timing ? &x->time : NULL);
	if (x->w.f) {
		char words[600];
		command_format(&before, a, n, words, sizeof words);
		transcript_decision(&x->w, &before, seat, words);
	}
}

static bool play(sim *x)
{
	if (!start_match(x))
		return false;
	while (x->deals < x->o->deals) {
		if (x->s.current == SEAT_END) {
			match_over(x);
			if (!start_match(x))
				return false;
		}
		if (x->s.current == SEAT_CHANCE)
			state_deal(&x->s);
		if (x->o->json)
			x->during = x->s;
		int deal = x->s.deal_no;
		if (bot_spec_all_random(&x->o->bots, x->o->players) && !x->w.f) {
			/* the same deal as decision by decision, faster */
			seat_rngs r;
			for (int p = 0; p < SEAT_MAX; p++)
				r.seat[p] = &x->bots[p].r;
			state_random_playout_seats(&x->s, &r);
		}
		while (x->s.current >= 0 && !state_stuck(&x->s))
			bot_decision(x);
		if (x->s.fault) {
			x->faulted = true;
			x->fault = x->s;
			x->fault_match = x->matches;
			break;
		}
		if (x->s.deal_no == deal) {
			deal_scored(x);
			transcript_scored(&x->w, &x->s);
		}
	}
	if (x->s.current == SEAT_END && !x->faulted)
		match_over(x);
	x->write_error = !transcript_close(&x->w);
	return !x->faulted;
}

/* ======================================================================
 * Several jobs: matches side by side, counted in order
 * ====================================================================== */

typedef struct pool {
	sim *x;                         /* the options, the game, the totals */
	pthread_mutex_t lock;
	pthread_cond_t changed;         /* a match done or counted, or stop */
	/* match mi at mi % SIM_AHEAD from its claim until it is counted:
	 * the jobs wait rather than play further ahead */
	sim_match *ring[SIM_AHEAD];
	int next;                       /* the next match to claim */
	int counted;                    /* matches before it are counted and
					   freed */
	int prefix;                     /* matches before it are done */
	long prefix_deals;              /* their deals */
	int playing;                    /* claimed, not yet done */
	bool stop;                      /* enough deals are done, or no memory */
	int held_most;                  /* the most matches held at once */
} pool;

static bool add_deal(sim_match *m, const sim_deal_rec *d)
{
	if (m->n == m->cap) {
		int cap = m->cap ? m->cap * 2 : 32;
		sim_deal_rec *grown = cr_realloc(m->deal, (size_t)cap * sizeof *grown);
		if (!grown)
			return false;
		m->deal = grown;
		m->cap = cap;
	}
	m->deal[m->n++] = *d;
	return true;
}

/* The deal just scored as JSON text, as json_deal would write it. */
static char *deal_json(int match, const state *s, const state *during)
{
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);
	if (!f)
		return NULL;
	json j;
	json_init(&j, f, false);
	json_object(&j);
	json_key(&j, "match");
	json_int(&j, match);
	report_deal_fields(&j, s);
	report_deal_values(&j, s, during);
	json_end_object(&j);
	if (fclose(f) != 0) {
		free(text);
		return NULL;
	}
	return text;
}

/* Plays match index mi (from 0) to its end, or to the most deals the run
 * could count. */
void sim_play_match(const game *g, const sim_opts *o, int mi, sim_match *m)
{
	/* not cleared: state_setup() clears the state, and the copy during
	 * the deal is written before it is read */
	state *st = cr_malloc(2 * sizeof *st);
	if (!st) {
		m->failed_alloc = true;
		return;
	}
	state *s = &st[0], *during = &st[1];
	bot bots[SEAT_MAX];
	char why[300];
	uint64_t seed = o->seed + (uint64_t)mi * UINT64_C(0x9e3779b97f4a7c15);
	if (!state_setup(s, g, o->players, o->dealer, o->options, seed,
			 why, sizeof why)) {
		m->failed_alloc = true;
		free(st);
		return;
	}
	s->checks = o->checks;
	for (int p = 0; p < o->players; p++) {
		bot_setup(&bots[p], &o->bots, seed, p);
	}
	bool random = bot_spec_all_random(&o->bots, o->players);
	while (m->n < o->deals && s->current != SEAT_END) {
		if (s->current == SEAT_CHANCE)
			state_deal(s);
		if (o->json)
			*during = *s;
		int deal = s->deal_no;
		if (random) {
			seat_rngs r;
			for (int p = 0; p < SEAT_MAX; p++)
				r.seat[p] = &bots[p].r;
			state_random_playout_seats(s, &r);
		}
		while (s->current >= 0 && !state_stuck(s)) {
			int seat = state_decider(s);
			int n = command_decision_size(s);
			for (int i = 0; i < n; i++)
				decide(&bots[seat], s, o->timing ? &m->time : NULL);
		}
		if (s->fault) {
			m->fault = s->fault;
			m->fault_phase = s->fault_phase;
			m->fault_deal = s->deal_no;
			break;
		}
		if (s->deal_no != deal)
			continue;
		sim_deal_rec d = {.failed_check = s->failed_check};
		sim_deal_record(o, mi + 1, s, &d.d);
		s->failed_check = 0;
		if (o->json)
			d.json = deal_json(mi + 1, s, during);
		if (!add_deal(m, &d) || (o->json && !d.json)) {
			m->failed_alloc = true;
			break;
		}
	}
	if (s->current == SEAT_END && !s->fault) {
		m->over = true;
		memcpy(m->place, s->place, sizeof m->place);
		memcpy(m->kept, s->kept, sizeof m->kept);
	}
	free(st);
}

/* Claims the next match and plays it, with the lock held on entry and
 * on return; false when no match may be claimed now. */
static bool play_next(pool *pl)
{
	if (pl->stop || pl->next >= pl->counted + SIM_AHEAD)
		return false;
	sim_match *m = cr_calloc(1, sizeof *m);
	if (!m) {
		pl->stop = true;
		pthread_cond_broadcast(&pl->changed);
		return false;
	}
	int mi = pl->next++;
	pl->ring[mi % SIM_AHEAD] = m;
	if (pl->next - pl->counted > pl->held_most)
		pl->held_most = pl->next - pl->counted;
	pl->playing++;
	pthread_mutex_unlock(&pl->lock);
	sim_play_match(pl->x->g, pl->x->o, mi, m);
	pthread_mutex_lock(&pl->lock);
	m->done = true;
	pl->playing--;
	if (m->failed_alloc)
		pl->stop = true;
	while (pl->prefix < pl->next && pl->ring[pl->prefix % SIM_AHEAD]->done) {
		pl->prefix_deals += pl->ring[pl->prefix % SIM_AHEAD]->n;
		pl->prefix++;
	}
	if (pl->prefix_deals >= pl->x->o->deals)
		pl->stop = true;
	pthread_cond_broadcast(&pl->changed);
	return true;
}

/* Waits for a change, a second at most (the progress line's clock). */
static void wait_change(pool *pl)
{
	struct timespec until;
	clock_gettime(CLOCK_REALTIME, &until);
	until.tv_sec++;
	pthread_cond_timedwait(&pl->changed, &pl->lock, &until);
}

static void *worker(void *arg)
{
	pool *pl = arg;
	pthread_mutex_lock(&pl->lock);
	while (!pl->stop)
		if (!play_next(pl) && !pl->stop)
			wait_change(pl);
	pthread_mutex_unlock(&pl->lock);
	return NULL;
}

/* Match m, counted after those before it as one job would have counted
 * it, up to the deals asked for; its deals are then freed. */
static bool count_match(sim *x, sim_match *m)
{
	const sim_opts *o = x->o;
	if (m->failed_alloc)
		return false;
	x->matches++;
	int counted = 0;
	for (int k = 0; k < m->n && x->deals < o->deals; k++, counted++) {
		sim_deal_rec *d = &m->deal[k];
		x->deals++;
		x->solved += d->d.solved;
		for (int p = 0; p < o->players; p++) {
			double v = (double)d->d.score[p];
			x->seat[p].sum += v;
			x->seat[p].sumsq += v * v;
			x->seat[p].total = arith_add(x->seat[p].total,
						     d->d.score[p]);
		}
		if (d->failed_check) {
			if (!x->failed) {
				x->first_failed_check = d->failed_check;
				x->first_failure.deal_no = (int16_t)d->d.deal;
				x->first_failed_deal = x->deals;
				x->first_failed_match = x->matches;
			}
			x->failed++;
		}
		if (o->json)
			json_raw(&x->j, d->json);
		if (o->on_deal)
			o->on_deal(o->ctx, &d->d);
	}
	if (m->fault && x->deals < o->deals) {
		x->faulted = true;
		memset(&x->fault, 0, sizeof x->fault);
		x->fault.g = x->g;
		x->fault.fault = m->fault;
		x->fault.fault_phase = m->fault_phase;
		x->fault.deal_no = m->fault_deal;
		x->fault_match = x->matches;
		return false;
	}
	for (int p = 0; p < o->players; p++) {
		x->time.decisions[p] += m->time.decisions[p];
		x->time.seconds[p] += m->time.seconds[p];
		x->time.cpu_seconds[p] += m->time.cpu_seconds[p];
	}
	if (m->over && counted == m->n) {       /* it ended within the run */
		state end;
		memset(&end, 0, sizeof end);
		memcpy(end.place, m->place, sizeof end.place);
		memcpy(end.kept, m->kept, sizeof end.kept);
		end.players = (int8_t)o->players;
		end.g = x->g;
		x->s = end;
		match_over(x);
	}
	for (int k = 0; k < m->n; k++)
		free(m->deal[k].json);
	free(m->deal);
	m->deal = NULL;
	m->n = m->cap = 0;
	return true;
}

void sim_match_free(sim_match *m)
{
	for (int k = 0; m && k < m->n; k++)
		free(m->deal[k].json);
	if (m)
		free(m->deal);
	free(m);
}

bool sim_match_add(sim_match *m, const sim_deal_rec *d)
{
	return add_deal(m, d);
}

static void pool_free(pool *pl)
{
	for (int i = 0; i < SIM_AHEAD; i++)
		sim_match_free(pl->ring[i]);
}

/* A line on stderr: deals done, and an estimate of the time left. */
static void progress(const sim *x, long done, time_t start)
{
	double spent = difftime(time(NULL), start);
	long total = x->o->deals;
	if (done > total)
		done = total;
	double left = done > 0 ? spent * (double)(total - done) / (double)done : 0;
	fprintf(stderr, "\r%ld of %ld deals (%.0f%%), about %.0f s left   ",
		done, total, 100.0 * (double)done / (double)total, left);
}

static bool play_jobs(sim *x)
{
	pool pl = {.x = x};
	pthread_mutex_init(&pl.lock, NULL);
	pthread_cond_init(&pl.changed, NULL);
	/* this thread is one of the jobs: it plays when nothing is ready to
	 * be counted */
	int jobs = x->o->jobs > 0 ? x->o->jobs : 1;
	pthread_t thread[64];
	int started = 0;
	for (int i = 1; i < jobs && i < 64; i++)
		if (pthread_create(&thread[i - 1], NULL, worker, &pl) == 0)
			started++;
	bool ok = true;
	time_t start = time(NULL), shown = 0;
	/* count the matches in order as they are done, and free them */
	pthread_mutex_lock(&pl.lock);
	while (ok && x->deals < x->o->deals) {
		if (pl.counted < pl.prefix) {
			sim_match *m = pl.ring[pl.counted % SIM_AHEAD];
			pthread_mutex_unlock(&pl.lock);
			ok = count_match(x, m);
			sim_match_free(m);
			pthread_mutex_lock(&pl.lock);
			pl.ring[pl.counted++ % SIM_AHEAD] = NULL;
			pthread_cond_broadcast(&pl.changed);
		} else if (play_next(&pl)) {
			continue;
		} else if (pl.stop && pl.playing == 0) {
			break;          /* (a job could not allocate) */
		} else {
			wait_change(&pl);
		}
		if (x->o->progress && time(NULL) != shown) {
			shown = time(NULL);
			progress(x, x->deals, start);
		}
	}
	pl.stop = true;
	pthread_cond_broadcast(&pl.changed);
	pthread_mutex_unlock(&pl.lock);
	for (int i = 0; i < started; i++)
		pthread_join(thread[i], NULL);
	if (x->o->progress)
		fputs("\r\033[K", stderr);
	ok = ok && x->deals == x->o->deals;
	if (x->o->held_most)
		*x->o->held_most = pl.held_most;
	pool_free(&pl);
	pthread_cond_destroy(&pl.changed);
	pthread_mutex_destroy(&pl.lock);
	if (!ok && !x->faulted)
		fputs("cardrules: error: out of memory\n", stderr);
	return ok;
}

static double mean(const seat_stats *st, long n)
{
	return n ? st->sum / (double)n : 0;
}

static double sd(const seat_stats *st, long n)
{
	if (n < 2)
		return 0;
	double m = st->sum / (double)n;
	double var = (st->sumsq - (double)n * m * m) / (double)(n - 1);
	return var > 0 ? sqrt(var) : 0;
}

/* A team's first seat: its score is the team's (the rule file gives
 * partners the same score; its checks say so). */
static int team_seat(const game *g, int team, int players)
{
	for (int p = 0; p < players; p++)
		if (g->team_of[p] == team)
			return p;
	return 0;
}

static double team_wins(const sim *x, int team)
{
	double w = 0;
	for (int p = 0; p < x->o->players; p++)
		if (x->g->team_of[p] == team)
			w += x->seat[p].wins;
	return w;
}

/* A solitaire: won, with the Wilson interval of the proportion (it stays
 * inside 0..1 and is sound near 0, where a win rate often is), and the
 * mean score with its normal interval. */
static void report_solitaire(sim *x, FILE *out)
{
	double n = (double)x->deals, k = (double)x->solved, z = 1.959964;
	double p = n > 0 ? k / n : 0;
	double centre = (p + z * z / (2 * n)) / (1 + z * z / n);
	double half = z * sqrt(p * (1 - p) / n + z * z / (4 * n * n)) /
		      (1 + z * z / n);
	if (n > 0)
		fprintf(out, "won %ld of %ld games: %.1f%% (95%% interval %.1f%% "
			"to %.1f%%)\n", x->solved, x->deals, 100 * p,
			100 * (centre - half), 100 * (centre + half));
	double m = mean(&x->seat[0], x->deals);
	double se = x->deals > 1 ? sd(&x->seat[0], x->deals) / sqrt(n) : 0;
	fprintf(out, "mean score %.3f (95%% interval %.3f to %.3f)\n", m,
		m - z * se, m + z * se);
	if (x->o->timing && x->deals)
		fprintf(out, "time: %.3f ms a game, %.3f ms of CPU (%.2f s in "
			"all, %d job%s)\n", 1000 * x->seconds / n,
			1000 * x->cpu_seconds / n, x->seconds,
			x->o->jobs > 1 ? x->o->jobs : 1, x->o->jobs > 1 ? "s" : "");
}

static void report_checks(sim *x, FILE *out)
{
	if (!x->o->checks)
		fputs("checks: not evaluated (--no-check)\n", out);
	else if (x->failed)
		fprintf(out, "checks: check %d of the rule file failed after %ld "
			"deal%s\n", x->first_failed_check, x->failed,
			x->failed == 1 ? "" : "s");
	else if (x->g->nchecks == 0)
		fputs("checks: the rule file has none\n", out);
	else if (x->g->nchecks == 1)
		fputs("checks: the one check of the rule file held after every "
		      "deal\n", out);
	else
		fprintf(out, "checks: the %d checks of the rule file held after "
			"every deal\n", x->g->nchecks);
}

/* A decision's mean time at a seat, in milliseconds, on the clock or
 * of CPU. */
static double ms_a_decision(const sim *x, int seat, bool cpu)
{
	long n = x->time.decisions[seat];
	double s = cpu ? x->time.cpu_seconds[seat] : x->time.seconds[seat];
	return n ? 1000 * s / (double)n : 0;
}

/* --time: each seat's bot and the time it took a decision (every
 * decision counted, those with one legal action too). */
static void report_decision_time(const sim *x, FILE *out)
{
	if (!x->o->timing)
		return;
	for (int p = 0; p < x->o->players; p++) {
		if (!x->time.decisions[p])
			continue;
		char name[64];
		fprintf(out, "time: seat %d (%s) %.3f ms a decision, %.3f ms "
			"of CPU (%ld decisions, %d job%s)\n", p,
			bot_seat_text(&x->o->bots, p, name, sizeof name),
			ms_a_decision(x, p, false), ms_a_decision(x, p, true),
			x->time.decisions[p],
			x->o->jobs > 1 ? x->o->jobs : 1, x->o->jobs > 1 ? "s" : "");
	}
}

static void report_text(sim *x)
{
	const sim_opts *o = x->o;
	FILE *out = o->out;
	char bots[200];
	if (game_is_solitaire(x->g)) {
		fprintf(out, "%s: %ld game%s, seed %" PRIu64 ", bot: %s\n",
			x->g->name, x->deals, x->deals == 1 ? "" : "s", o->seed,
			bot_spec_text(&o->bots, o->players, bots, sizeof bots));
		report_solitaire(x, out);
		report_checks(x, out);
		return;
	}
	fprintf(out, "%s: %d player%s, %ld deal%s in %d match%s (%d played to "
		"the end), seed %" PRIu64 ", bots: %s\n", x->g->name, o->players,
		o->players == 1 ? "" : "s",
		x->deals, x->deals == 1 ? "" : "s", x->matches, x->matches == 1 ? "" : "es", x->finished,
		o->seed, bot_spec_text(&o->bots, o->players, bots, sizeof bots));
	fprintf(out, "%-6s %12s %10s %12s %9s %11s\n", "seat", "mean/deal", "sd",
		"total", "wins", "mean place");
	int64_t sum = 0;
	for (int p = 0; p < o->players; p++) {
		const seat_stats *st = &x->seat[p];
		sum = arith_add(sum, st->total);
		fprintf(out, "%-6d %12.3f %10.3f %12" PRId64 " %9.1f %11.2f\n", p,
			mean(st, x->deals), sd(st, x->deals), st->total, st->wins,
			x->finished ? st->place_sum / x->finished : 0);
	}
	fprintf(out, "sum of all deal scores: %" PRId64 "\n", sum);
	for (int t = 0; t < x->g->nteams; t++) {
		int first = team_seat(x->g, t, o->players);
		fprintf(out, "team %d (seats", t);
		for (int p = 0; p < o->players; p++)
			if (x->g->team_of[p] == t)
				fprintf(out, " %d", p);
		fprintf(out, "): mean/deal %.3f, total %" PRId64 ", matches won "
			"%.1f\n", mean(&x->seat[first], x->deals),
			x->seat[first].total, team_wins(x, t));
	}
	report_decision_time(x, out);
	for (int k = 0; k < x->g->nkept; k++) {
		if (!x->g->kept[k].per_seat || !x->finished)
			continue;
		fprintf(out, "%s at the end of a finished match, on average:",
			x->g->kept[k].name);
		for (int p = 0; p < o->players; p++)
			fprintf(out, " %.3f", x->kept_seat_end[k][p] / x->finished);
		fputc('\n', out);
	}
	for (int k = 0; k < x->g->nkept; k++)
		if (!x->g->kept[k].per_seat && x->finished)
			fprintf(out, "%s left at the end of the %d finished "
				"match%s: %.0f in all, %.3f on average\n",
				x->g->kept[k].name, x->finished,
				x->finished == 1 ? "" : "es", x->kept_end[k],
				x->kept_end[k] / x->finished);
	report_checks(x, out);
}

static void report_json(sim *x)
{
	json *j = &x->j;
	const sim_opts *o = x->o;
	json_end_array(j);
	json_key(j, "summary");
	json_object(j);
	json_key(j, "deals");
	json_int(j, x->deals);
	json_key(j, "matches");
	json_int(j, x->matches);
	json_key(j, "finished_matches");
	json_int(j, x->finished);
	json_key(j, "checks_failed");
	json_int(j, o->checks ? x->failed : -1);
	if (game_is_solitaire(x->g)) {
		json_key(j, "solved");
		json_int(j, x->solved);
	}
	json_key(j, "seats");
	json_array(j);
	for (int p = 0; p < o->players; p++) {
		const seat_stats *st = &x->seat[p];
		json_object(j);
		json_key(j, "seat");
		json_int(j, p);
		json_key(j, "mean");
		json_double(j, mean(st, x->deals));
		json_key(j, "sd");
		json_double(j, sd(st, x->deals));
		json_key(j, "total");
		json_int(j, st->total);
		json_key(j, "wins");
		json_double(j, st->wins);
		if (o->timing && x->time.decisions[p]) {
			json_key(j, "decisions");
			json_int(j, x->time.decisions[p]);
			json_key(j, "ms_a_decision");
			json_double(j, ms_a_decision(x, p, false));
			json_key(j, "cpu_ms_a_decision");
			json_double(j, ms_a_decision(x, p, true));
		}
		json_end_object(j);
	}
	json_end_array(j);
	if (x->g->nteams) {
		json_key(j, "teams");
		json_array(j);
		for (int t = 0; t < x->g->nteams; t++) {
			int first = team_seat(x->g, t, o->players);
			json_object(j);
			json_key(j, "team");
			json_int(j, t);
			json_key(j, "seats");
			json_array(j);
			for (int p = 0; p < o->players; p++)
				if (x->g->team_of[p] == t)
					json_int(j, p);
			json_end_array(j);
			json_key(j, "mean");
			json_double(j, mean(&x->seat[first], x->deals));
			json_key(j, "total");
			json_int(j, x->seat[first].total);
			json_key(j, "wins");
			json_double(j, team_wins(x, t));
			json_end_object(j);
		}
		json_end_array(j);
	}
	json_end_object(j);
	json_end_object(j);
	json_finish(j);
}

static void json_head(sim *x)
{
	json *j = &x->j;
	json_init(j, x->o->out, false);
	json_object(j);
	json_key(j, "game");
	json_string(j, x->g->name);
	json_key(j, "file");
	json_string(j, x->g->path);
	json_key(j, "players");
	json_int(j, x->o->players);
	json_key(j, "seed");
	json_int(j, (int64_t)x->o->seed);
	json_key(j, "bots");
	char bots[200];
	json_string(j, bot_spec_text(&x->o->bots, x->o->players, bots,
				     sizeof bots));
	json_key(j, "deals");
	json_array(j);
}

/* A match stopped in a dead end of the rule file, at the phase where it
 * happened, with the command that plays it again. */
static void report_fault(sim *x)
{
	const sim_opts *o = x->o;
	char again[600];
	snprintf(again, sizeof again, "match %d, %ld deal%s into the run; play it "
		 "again with: cardrules simulate %s --players %d --dealer %d "
		 "--seed %" PRIu64 " --deals %ld --transcript stuck.yaml",
		 x->fault_match, x->deals + 1, x->deals ? "s" : "", o->game_name,
		 o->players, o->dealer, o->seed, x->deals + 1);
	diag *d = diag_new();
	if (!d)
		return;
	breakdown_fault(d, &x->fault, again);
	diag_print(d, stderr, true);
	diag_free(d);
}

/* The first failed check, loudly: the check's own line in the rule file,
 * where it failed, and the command that plays that deal again. */
static void report_failure(sim *x)
{
	const sim_opts *o = x->o;
	char again[600];
	snprintf(again, sizeof again, "deal %d of match %d, %ld deal%s into the "
		 "run; %ld deal%s failed a check; play it again with: cardrules "
		 "simulate %s --players %d --dealer %d --seed %" PRIu64 " --deals "
		 "%ld --transcript failed.yaml", x->first_failure.deal_no,
		 x->first_failed_match, x->first_failed_deal,
		 x->first_failed_deal == 1 ? "" : "s", x->failed,
		 x->failed == 1 ? "" : "s", o->game_name, o->players, o->dealer,
		 o->seed, x->first_failed_deal);
	diag *d = diag_new();
	if (!d)
		return;
	const src_file *file;
	int line, col;
	expr_position(x->g->check[x->first_failed_check - 1], &file, &line, &col);
	diag_error(d, file, line, col, "this check failed: %s", again);
	diag_print(d, stderr, true);
	diag_free(d);
}

int sim_report_matches(const game *g, const sim_opts *o, sim_match **match,
		       int n)
{
	/* every match the run counts is there, before anything is printed */
	long deals = 0;
	for (int mi = 0; deals < o->deals; mi++) {
		if (mi >= n || !match[mi]) {
			fprintf(stderr, "cardrules: error: match %d of the run is "
				"played by shard %d/%d, whose result file is missing "
				"or stops before it\n", mi + 1,
				o->shards ? mi % o->shards + 1 : 1,
				o->shards ? o->shards : 1);
			return 2;
		}
		deals += match[mi]->n;
	}
	sim *x = calloc(1, sizeof *x);
	if (!x) {
		fputs("cardrules: error: out of memory\n", stderr);
		return 1;
	}
	x->o = o;
	x->g = g;
	if (o->json)
		json_head(x);
	bool ok = true;
	for (int mi = 0; ok && x->deals < o->deals; mi++)
		ok = count_match(x, match[mi]);
	if (x->faulted)
		report_fault(x);
	if (ok && o->json)
		report_json(x);
	else if (ok && o->out)
		report_text(x);
	if (ok && x->failed && !o->quiet_failures)
		report_failure(x);
	int status = !ok || x->failed ? 1 : 0;
	free(x);
	return status;
}

int sim_run(const game *g, const sim_opts *o)
{
	sim *x = calloc(1, sizeof *x);
	if (!x) {
		fputs("cardrules: error: out of memory\n", stderr);
		return 1;
	}
	x->o = o;
	x->g = g;
	if (o->json)
		json_head(x);
	/* the pool counts exactly as one job does; transcripts are written
	 * match by match as they are played, by one job */
	struct timespec t0, t1, c0, c1;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &c0);
	bool ok = (o->jobs > 1 || o->progress) && !o->transcript
		? play_jobs(x) : play(x);
	clock_gettime(CLOCK_MONOTONIC, &t1);
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &c1);
	x->seconds = (double)(t1.tv_sec - t0.tv_sec) +
		     (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
	x->cpu_seconds = (double)(c1.tv_sec - c0.tv_sec) +
			 (double)(c1.tv_nsec - c0.tv_nsec) / 1e9;
	if (x->faulted)
		report_fault(x);
	if (ok && o->json)
		report_json(x);
	else if (ok && o->out)
		report_text(x);
	if (ok && x->failed && !o->quiet_failures)
		report_failure(x);
	if (x->write_error)
		fputs("cardrules: error: a transcript could not be written\n", stderr);
	int status = !ok || x->failed || x->write_error ? 1 : 0;
	if (o->failure && x->failed) {
		o->failure->deal = x->first_failed_deal;
		o->failure->check = x->first_failed_check;
	}
	free(x);
	return status;
}
