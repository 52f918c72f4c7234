/*
 * sim.h — bots play many deals; statistics of the scores.
 *
 * Matches are played until the number of deals asked for is reached (the
 * last match may stop early).  With several jobs the matches are played
 * side by side, each from its own seed, and counted in order: the
 * results are the same whatever the number of jobs.  For every seat the
 * simulation reports the mean deal score, its standard deviation, the
 * total, and the matches won; it verifies the rule file's checks after
 * every deal; with --json it gives every deal's dealer, scores and running
 * totals.
 */
#ifndef CARDRULES_SIM_H
#define CARDRULES_SIM_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "front/bot.h"
#include "engine/engine.h"

/* Where the first failed check was, for callers that report it their way. */
typedef struct sim_failure {
	long deal;                      /* the deal of the run, from 1 */
	int check;                      /* 1 + the index of the check */
} sim_failure;

#define SIM_VALUES_MAX 4
#define SIM_DEALS_MAX 1000000000L      /* --deals at most */

/* Several jobs play at most this many matches ahead of the one counted
 * next, so that memory does not grow with the deals asked for. */
#define SIM_AHEAD 64

/* One deal as played, for callers that compute their own statistics. */
typedef struct sim_deal {
	int match;                      /* from 1 */
	int deal;                       /* its number in the match */
	int dealer;
	int64_t score[SEAT_MAX];
	double value[SIM_VALUES_MAX];   /* sim_opts.value: for the table, or
					   summed over the seats; booleans 1,
					   card sets their count */
	bool solved;                    /* a solitaire won */
} sim_deal;

/* A deal as played, with what counting it needs. */
typedef struct sim_deal_rec {
	sim_deal d;
	int8_t failed_check;            /* 1 + index of the check; 0 */
	char *json;                     /* with --json: the deal's object */
} sim_deal_rec;

/* The time each seat's bot took over its decisions (--time). */
typedef struct decision_time {
	long decisions[SEAT_MAX];
	double seconds[SEAT_MAX];       /* on the clock */
	double cpu_seconds[SEAT_MAX];   /* of the thread that decided: what
					   a bot's budget in ms counts */
} decision_time;

/* A match as played: its deals, and its end when it had one. */
typedef struct sim_match {
	sim_deal_rec *deal;
	int n, cap;
	bool over;                      /* the match came to its end */
	bool done;                      /* its player has finished with it */
	bool failed_alloc;
	uint8_t fault;                  /* state_fault that stopped it; 0 */
	int8_t fault_phase;
	int fault_deal;
	int8_t place[SEAT_MAX];
	int64_t kept[KEPT_MAX][SEAT_MAX];
	decision_time time;             /* with --time */
} sim_match;

typedef struct sim_opts {
	const char *game_name;
	int players, dealer;
	uint64_t seed;
	int64_t options[OPTIONS_MAX];
	long deals;
	bot_spec bots;                  /* each seat's bot */
	bool json;
	bool checks;                    /* evaluate the rule file's checks */
	const char *transcript;         /* NULL: none */
	bool explicit_deals;            /* transcripts give each deal's cards */
	FILE *out;                      /* the statistics; NULL: none */
	bool quiet_failures;            /* the caller reports failed checks */
	sim_failure *failure;           /* when not NULL: the first failure */
	int jobs;                       /* threads; the results do not depend
					   on it (0: 1) */
	int shard, shards;              /* --shard K/N; 0: the whole run */
	bool progress;                  /* a progress line on stderr */
	int *held_most;                 /* when not NULL: set to the most
					   matches the jobs held at once */
	bool timing;                    /* a solitaire's time per game, and
					   each seat's time a decision */
	/* named values of the scoring to record in each sim_deal */
	const char *value[SIM_VALUES_MAX];
	int value_let[SIM_VALUES_MAX];  /* their indexes in game.let */
	int nvalues;
	/* called for every deal counted, in order, and at the end of every
	 * finished match with its places; NULL: not called */
	void (*on_deal)(void *ctx, const sim_deal *d);
	void (*on_match)(void *ctx, int match, const int8_t *place);
	void *ctx;
} sim_opts;

/* 0 when every check held, 1 when one failed or a transcript could not
 * be written. */
int sim_run(const game *g, const sim_opts *o);

/* Match mi (from 0) of the run, played to its end or to o->deals deals,
 * recorded into m (zeroed by the caller). */
void sim_play_match(const game *g, const sim_opts *o, int mi, sim_match *m);
bool sim_match_add(sim_match *m, const sim_deal_rec *d);
void sim_match_free(sim_match *m);

/* Counts match[0..n) in order up to o->deals deals, as one run does, and
 * reports like sim_run; 2 when a match needed is missing (a shard run
 * too short). */
int sim_report_matches(const game *g, const sim_opts *o, sim_match **match,
		       int n);

#endif
