/*
 * direct-black-lady.c — the hand-written reference for `cardrules bench`.
 *
 * Plays random deals of Black Lady (games/black-lady.yaml) at 4 players with
 * no rule file and no engine: the rules are written out in C, a hand is a
 * 64-bit mask.  The interpreter's speed is reported as a ratio against this
 * program, so it does all the work the rules require and nothing more:
 * shuffle, deal, both passes, twelve tricks with follow-suit, the leftovers
 * to the last-trick winner, and the clear rule with its carry.
 *
 * Randomness: deal d (0-based) is shuffled with rng_seed(seed, d), with
 * the generator and shuffle the interpreter uses.  Every choice (the passes
 * and the plays) is drawn uniformly from one stream seeded once for the
 * whole run with PLAY_STREAM, which no deal number reaches.
 *
 * Build: gcc -std=c11 -O2 -D_XOPEN_SOURCE=700 -Iinterp \
 *            bench/direct-black-lady.c interp/util/rng.c
 */
#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "util/rng.h"

#define PLAYERS 4
#define HAND_SIZE 12
#define NCARDS 52
#define TRICKS HAND_SIZE
#define PENALTY_TOTAL 26
#define DEFAULT_DEALS 2000000
#define PLAY_STREAM UINT64_MAX

/* Card id = suit * 13 + rank, suits S H D C, ranks 2..A: within a suit a
 * higher id is a higher card. */
#define SUIT_BITS UINT64_C(0x1fff)
#define ALL_CARDS ((UINT64_C(1) << NCARDS) - 1)
#define HEARTS (SUIT_BITS << 13)
#define QUEEN_SPADES (UINT64_C(1) << 10)

typedef struct table {
	uint64_t hand[PLAYERS];
	uint64_t won[PLAYERS];          /* cards taken in tricks */
	uint64_t leftover;              /* the 4 undealt cards */
	int dealer;
} table;

typedef struct match {
	int64_t total[PLAYERS];
	int carry;
	long bad_deals;                 /* deals that broke an invariant */
} match;

typedef struct options {
	long deals;
	uint64_t seed;
	bool json;
} options;

/* ------------------------------------------------------------------ */
/* Cards and seats                                                     */
/* ------------------------------------------------------------------ */

static uint64_t card_bit(int c)
{
	return UINT64_C(1) << c;
}

static uint64_t suit_of_card(int c)
{
	return SUIT_BITS << (c / 13 * 13);
}

/* Seats are numbered clockwise, so the left is the next seat. */
static int left_of(int seat)
{
	return (seat + 1) % PLAYERS;
}

static int right_of(int seat)
{
	return (seat + PLAYERS - 1) % PLAYERS;
}

/* The k-th lowest card of set (k from 0, k < popcount(set)). */
static int nth_card(uint64_t set, uint32_t k)
{
	while (k-- > 0)
		set &= set - 1;
	return __builtin_ctzll(set);
}

/* A card of set chosen uniformly; set must not be empty. */
static int random_card(rng *r, uint64_t set)
{
	uint32_t n = (uint32_t)__builtin_popcountll(set);
	return nth_card(set, rng_below(r, n));
}

/* ------------------------------------------------------------------ */
/* One deal                                                            */
/* ------------------------------------------------------------------ */

/* One card at a time, clockwise from the dealer's left; the last four are
 * the leftovers.  The first two of them are face up, which only matters to
 * a player who looks: random players do not. */
static void deal_cards(table *t, uint64_t seed, uint64_t deal_no)
{
	static const uint8_t fresh[NCARDS] = {
		0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12,
		13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25,
		26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38,
		39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51,
	};
	uint8_t order[NCARDS];
	rng r;

	memcpy(order, fresh, sizeof order);
	rng_seed(&r, seed, deal_no);
	rng_shuffle(&r, order, NCARDS);
	memset(t->hand, 0, sizeof t->hand);
	memset(t->won, 0, sizeof t->won);
	t->leftover = 0;
	int seat = left_of(t->dealer);
	for (int k = 0; k < PLAYERS * HAND_SIZE; k++) {
		t->hand[seat] |= card_bit(order[k]);
		seat = left_of(seat);
	}
	for (int k = PLAYERS * HAND_SIZE; k < NCARDS; k++)
		t->leftover |= card_bit(order[k]);
}

/* Everyone chooses n cards before anyone receives: a simultaneous pass. */
static void pass_right(table *t, rng *r, int n)
{
	uint64_t give[PLAYERS];

	for (int p = 0; p < PLAYERS; p++) {
		uint64_t keep = t->hand[p];
		give[p] = 0;
		for (int k = 0; k < n; k++) {
			uint64_t c = card_bit(random_card(r, keep));
			give[p] |= c;
			keep &= ~c;
		}
	}
	for (int p = 0; p < PLAYERS; p++) {
		t->hand[p] &= ~give[p];
		t->hand[right_of(p)] |= give[p];
	}
}

/* Plays one trick from leader; returns the winner, who takes the cards. */
static int play_trick(table *t, rng *r, int leader)
{
	int led = random_card(r, t->hand[leader]);
	uint64_t suit = suit_of_card(led);
	uint64_t trick = card_bit(led);
	int best = led, winner = leader;

	t->hand[leader] &= ~trick;
	for (int seat = left_of(leader); seat != leader; seat = left_of(seat)) {
		uint64_t legal = t->hand[seat] & suit;
		if (!legal)
			legal = t->hand[seat];
		int c = random_card(r, legal);
		t->hand[seat] &= ~card_bit(c);
		trick |= card_bit(c);
		/* only the led suit wins; within it, the higher id */
		if ((suit & card_bit(c)) && c > best) {
			best = c;
			winner = seat;
		}
	}
	t->won[winner] |= trick;
	return winner;
}

/* The dealer's left leads first; the last winner takes the leftovers. */
static void play_tricks(table *t, rng *r)
{
	int leader = left_of(t->dealer);

	for (int k = 0; k < TRICKS; k++)
		leader = play_trick(t, r, leader);
	t->won[leader] |= t->leftover;
}

static int penalty(uint64_t won)
{
	return __builtin_popcountll(won & HEARTS) + ((won & QUEEN_SPADES) ? 13 : 0);
}

/* Every card dealt ended in exactly one pile of won cards. */
static bool cards_accounted(const table *t)
{
	uint64_t all = 0;
	int n = 0;

	for (int p = 0; p < PLAYERS; p++) {
		all |= t->won[p] | t->hand[p];
		n += __builtin_popcountll(t->won[p] | t->hand[p]);
	}
	return all == ALL_CARDS && n == NCARDS;
}

/* The clear rule: players with no penalty share the pot, the rest lose
 * their penalty; what cannot be shared is carried to the next deal. */
static void score_deal(match *m, const table *t)
{
	int pen[PLAYERS];
	int clears = 0, sum = 0;

	for (int p = 0; p < PLAYERS; p++) {
		pen[p] = penalty(t->won[p]);
		sum += pen[p];
		clears += pen[p] == 0;
	}
	int pot = PENALTY_TOTAL + m->carry;
	int share = clears ? pot / clears : 0;
	m->carry = pot - clears * share;
	for (int p = 0; p < PLAYERS; p++)
		m->total[p] += pen[p] ? -pen[p] : share;
	if (sum != PENALTY_TOTAL || !cards_accounted(t))
		m->bad_deals++;
}

static void play_deal(match *m, table *t, rng *play, uint64_t seed,
		      uint64_t deal_no)
{
	t->dealer = (int)(deal_no % PLAYERS);
	deal_cards(t, seed, deal_no);
	pass_right(t, play, 2);
	pass_right(t, play, 1);
	play_tricks(t, play);
	score_deal(m, t);
}

/* ------------------------------------------------------------------ */
/* The command line                                                    */
/* ------------------------------------------------------------------ */

static void usage(FILE *f)
{
	fputs("usage: direct-black-lady [--deals N] [--seed S] [--json]\n", f);
}

static bool parse_u64(const char *s, uint64_t *out)
{
	char *end;

	if (!s || *s < '0' || *s > '9')
		return false;
	errno = 0;
	*out = strtoull(s, &end, 10);
	return *end == '\0' && errno == 0;
}

/* Returns 0 on success, else the exit status. */
static int parse_options(int argc, char **argv, options *o)
{
	uint64_t v;

	o->deals = DEFAULT_DEALS;
	o->seed = 1;
	o->json = false;
	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--json")) {
			o->json = true;
		} else if (!strcmp(argv[i], "--deals") &&
			   parse_u64(argv[i + 1], &v) && v >= 1 &&
			   v <= (uint64_t)LONG_MAX) {
			o->deals = (long)v;
			i++;
		} else if (!strcmp(argv[i], "--seed") &&
			   parse_u64(argv[i + 1], &v)) {
			o->seed = v;
			i++;
		} else if (!strcmp(argv[i], "--help")) {
			usage(stdout);
			exit(0);
		} else {
			usage(stderr);
			return 2;
		}
	}
	return 0;
}

static double now_seconds(void)
{
	struct timespec ts;

	/* CPU time: a busy machine does not bend the ratio */
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Σ scores telescopes to (initial carry 0) − final carry. */
static bool match_ok(const match *m)
{
	int64_t sum = 0;

	for (int p = 0; p < PLAYERS; p++)
		sum += m->total[p];
	return m->bad_deals == 0 && sum + m->carry == 0;
}

static void report(const options *o, const match *m, double secs)
{
	double rate = (double)o->deals / secs;
	FILE *check = o->json ? stderr : stdout;
	int64_t checksum = 0;

	if (o->json)
		printf("{\"program\":\"direct\",\"game\":\"black-lady\","
		       "\"players\":%d,\"deals\":%ld,\"seconds\":%.6f,"
		       "\"deals_per_second\":%.0f,\"per\":\"card\","
		       "\"per_deal\":%d,\"per_second\":%.0f}\n",
		       PLAYERS, o->deals, secs, rate, PLAYERS * HAND_SIZE,
		       rate * PLAYERS * HAND_SIZE);
	else
		printf("direct black-lady %d %.0f deals/s (%ld deals, %.3f s)\n",
		       PLAYERS, rate, o->deals, secs);
	for (int p = 0; p < PLAYERS; p++)
		checksum += m->total[p] < 0 ? -m->total[p] : m->total[p];
	fprintf(check, "check %s: totals %" PRId64 " %" PRId64 " %" PRId64
		" %" PRId64 ", carry %d, checksum %" PRId64 ", bad deals %ld\n",
		match_ok(m) ? "ok" : "FAILED", m->total[0], m->total[1],
		m->total[2], m->total[3], m->carry, checksum, m->bad_deals);
}

int main(int argc, char **argv)
{
	options o;
	match m = {{0}, 0, 0};
	table t;
	rng play;

	int status = parse_options(argc, argv, &o);
	if (status)
		return status;
	rng_seed(&play, o.seed, PLAY_STREAM);
	double start = now_seconds();
	for (long d = 0; d < o.deals; d++)
		play_deal(&m, &t, &play, o.seed, (uint64_t)d);
	double secs = now_seconds() - start;
	report(&o, &m, secs);
	return match_ok(&m) ? 0 : 1;
}
