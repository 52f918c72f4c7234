/*
 * check_calls.c — the calls phase on tests/data/games/calls.yaml: the
 * order of the round, the numbers from expressions, words with their
 * values and counters, rules that refuse calls with their reasons, the
 * calls kept for scoring, and the words at the table.  The rules are
 * weighed on a copy of the state there (a define reads `call`) and on
 * the state itself in calls-direct.yaml, the same rules written
 * without the define.
 */
#include "testutil.h"
#include "scenario.h"

#include <string.h>

#include "engine/announce.h"
#include "engine/vars.h"
#include "engine/engine.h"
#include "front/command.h"

#define CALLS TESTS_DIR "/data/games/calls.yaml"
#define CALLS_DIRECT TESTS_DIR "/data/games/calls-direct.yaml"
#define CALLS_LATCH TESTS_DIR "/data/games/calls-latch.yaml"
#define CALLS_ENDS TESTS_DIR "/data/games/calls-ends.yaml"

static game *g;
static state s;

static void setup_file(const char *path)
{
	g = scn_load(path);
	char why[200];
	ck_assert(state_setup(&s, g, 4, 0, NULL, 5, why, sizeof why));
	state_deal(&s);
}

static void setup(void)
{
	setup_file(CALLS);
	ck_assert(g->phase[0].u.calls.defines_read_call);
}

static void setup_direct(void)
{
	setup_file(CALLS_DIRECT);
	ck_assert(!g->phase[0].u.calls.defines_read_call);
}

static void teardown(void)
{
	game_free(g);
}

/* Types a decision as a player would. */
static void say(const char *words)
{
	scn_say(&s, words);
}

/* The refusal of a typed decision, which leaves the state as it was. */
static const char *refused(const char *words, char *err, size_t size)
{
	command c;
	state before = s;
	ck_assert_msg(command_parse(&s, words, &c, err, size), "%s: %s", words,
		      err);
	ck_assert(!command_apply(&s, &c, err, size));
	ck_assert(memcmp(&before, &s, sizeof s) == 0);
	return err;
}

static int counter_of(const state *at, const char *name, int seat)
{
	for (int k = 0; k < at->g->ncounters; k++)
		if (strcmp(at->g->counter_name[k], name) == 0)
			return (int)at->counter[k][seat];
	ck_abort_msg("no counter %s", name);
	return 0;
}

static int counter(const char *name, int seat)
{
	return counter_of(&s, name, seat);
}

/* Seat 1 calls first; the numbers run from 1 to the hand's size, with
 * nil; blind is closed while the totals are 0. */
START_TEST(test_round_and_list)
{
	ck_assert_int_eq(s.current, 1);
	ck_assert_str_eq(command_verb(&s), "call");
	action list[ACTIONS_MAX];
	int n = state_legal(&s, list);
	ck_assert_int_eq(n, 6);                 /* nil, 1..5 */
	char words[64];
	command_format(&s, &list[0], 1, words, sizeof words);
	ck_assert_str_eq(words, "call 1");
	command_format(&s, &list[n - 1], 1, words, sizeof words);
	ck_assert_str_eq(words, "call nil");
	say("3");
	ck_assert_int_eq(s.current, 2);
	say("call nil");
	ck_assert_int_eq(s.current, 3);
	say("bid 1");
	ck_assert_int_eq(s.current, 0);
	ck_assert_int_eq(counter("bids", 1), 3);
	ck_assert_int_eq(counter("bids", 2), 0);
	ck_assert_int_eq(counter("nils", 2), 1);
	ck_assert_int_eq(counter("bids", 3), 1);
}
END_TEST

/* The partner's rule and the dealer's rule refuse calls, each with its
 * reason; a number out of range and a closed word are refused too. */
START_TEST(test_rules_refuse)
{
	char err[300];
	ck_assert_str_eq(refused("6", err, sizeof err),
			 "the call is a number from 1 to 5");
	ck_assert_str_eq(refused("blind", err, sizeof err),
			 "'blind' may not be called now: it needs total < 0");
	say("4");                               /* seat 1 */
	say("1");                               /* seat 2 */
	ck_assert_str_eq(refused("2", err, sizeof err),
			 "your side may not call more tricks than a hand holds");
	say("1");                               /* seat 3 */
	/* the dealer, seat 0: 4 + 1 + 1 = 6; its partner called 1 */
	action list[ACTIONS_MAX];
	int n = state_legal(&s, list);
	ck_assert_int_eq(n, 5);                 /* nil, 1..4 */
	say("4");
	ck_assert_str_eq(command_verb(&s), "play");
}
END_TEST

START_TEST(test_dealer_hook)
{
	char err[300];
	say("2");                               /* seat 1 */
	say("1");                               /* seat 2 */
	say("1");                               /* seat 3 */
	/* 2 + 1 + 1: the dealer may not call 1 */
	ck_assert_str_eq(refused("1", err, sizeof err),
			 "the calls may not add up to the tricks");
	say("nil");                             /* 0 is allowed */
}
END_TEST

/* The calls are kept for the scoring: a made call scores ten a trick. */
START_TEST(test_scored)
{
	say("1");
	say("1");
	say("1");
	say("1");
	scn_play_lowest(&s, false);
	for (int q = 0; q < 4; q++) {
		int bid = counter("bids", q);
		int64_t want = s.tricks_won[q] >= bid ? 10 * bid : -10 * bid;
		ck_assert_int_eq(s.deal_score[q], want);
	}
}
END_TEST

/* The table hears each call; the prompt says the calls so far. */
START_TEST(test_words_at_the_table)
{
	static tale told, news[SEAT_MAX], context;
	audience me = {0, false};
	state before = s;
	action a = action_of(ACT_BID, 2);
	ck_assert(state_apply(&s, a));
	state_narrate(&before, &s, 1, &a, 1, &me, &told, news);
	ck_assert_str_eq(told.text, "  {S1} calls 2\n");
	say("nil");
	state_context(&s, &me, &context);
	ck_assert_str_eq(context.text, "  Called so far: {s1} 2, {s2} nil.\n");
}
END_TEST

/* The numbers listed for the seat to call are those from 1 to 5 that
 * neither rule refuses: the partner's (the side's calls at most 5, a
 * partner yet to call counting 0) and the dealer's (the calls not
 * adding up to 5), worked out here from the counters. */
static void check_numbers(const state *at, const action *list, int n)
{
	int partner = counter_of(at, "bids", (at->current + 2) % 4), sum = 0;
	for (int q = 0; q < 4; q++)
		sum += counter_of(at, "bids", q);
	bool listed[6] = {false};
	for (int i = 0; i < n; i++)
		if (list[i].kind == ACT_BID) {
			ck_assert(list[i].number >= 1 && list[i].number <= 5);
			listed[list[i].number] = true;
		}
	for (int v = 1; v <= 5; v++) {
		bool refused = v + partner > 5 ||
			       (at->current == at->dealer && sum + v == 5);
		ck_assert_msg(listed[v] == !refused, "seat %d, %d: %s",
			      at->current, v, refused ? "listed" : "not listed");
	}
}

typedef void (*calls_check_fn)(const state *at, const action *list, int n);

/* Matches of game pg played out at random in *at, each round of calls
 * checked; how many calls were checked. */
static int random_matches(const game *pg, state *at, int matches,
			  uint64_t seed, calls_check_fn check)
{
	rng r;
	rng_seed(&r, seed, 0);
	int calls = 0;
	for (int m = 0; m < matches; m++) {
		char why[200];
		ck_assert(state_setup(at, pg, 4, m % 4, NULL, (uint64_t)m, why,
				      sizeof why));
		while (!state_over(at)) {
			if (state_current(at) == SEAT_CHANCE) {
				state_deal(at);
				continue;
			}
			action list[ACTIONS_MAX];
			int n = state_legal(at, list);
			ck_assert_int_gt(n, 0);
			if (strcmp(command_verb(at), "call") == 0) {
				check(at, list, n);
				calls++;
			}
			state_apply_random(at, &r);
		}
	}
	return calls;
}

/* The whole match plays out at random with every rule kept. */
START_TEST(test_random_matches)
{
	ck_assert_int_gt(random_matches(g, &s, 50, 9, check_numbers), 200);
}
END_TEST

/* Calls in trick play on the hand (calls-latch.yaml): in a playout, a
 * call whose condition on the hand is false stays shut, as its gate,
 * until a call raises what the condition reads besides the hand; the
 * calls open at every step are those a copy with nothing kept finds,
 * and `early` opens again after `open`. */
START_TEST(test_calls_on_the_hand)
{
	game *lg = scn_load(CALLS_LATCH);
	const tricks_phase *t = &lg->phase[0].u.tricks;
	ck_assert_int_eq(t->ncalls, 2);
	ck_assert_uint_eq(t->call[0].latch_ops, 3);     /* both on the hand */
	ck_assert_uint_eq(t->call[0].steady_ops, 0);
	int reopened = 0;
	for (uint64_t seed = 1; seed <= 300; seed++) {
		state ls;
		char why[200];
		ck_assert(state_setup(&ls, lg, 4, 0, NULL, seed, why,
				      sizeof why));
		state_deal(&ls);
		rng r;
		rng_seed(&r, 7, seed);
		vars_memo steady;
		vars_memo_open_steady(&steady, &ls);
		bool shut[SEAT_MAX] = {false};
		while (ls.current >= 0 && !state_over(&ls)) {
			state fresh = ls;       /* not the steady memo's */
			uint32_t open = announce_open(&ls, t);
			ck_assert_uint_eq(open, announce_open(&fresh, t));
			bool early = open & 1;
			reopened += early && shut[ls.current];
			shut[ls.current] = !early && !(ls.called[ls.current] & 1);
			state_apply_random(&ls, &r);
		}
		vars_memo_close(&steady);
	}
	ck_assert_int_gt(reopened, 10);
	game_free(lg);
}
END_TEST

/* The numbers listed in calls-ends.yaml are those from 0 to 6 that no
 * rule refuses, worked out here from the counters; the rules at the
 * ends of the range are weighed by halving it, the dealer's at every
 * number. */
static int floors;               /* calls whose lowest number was refused */

static void check_ends(const state *es, const action *list, int n)
{
	int cur = es->current;
	int partner = counter_of(es, "bids", (cur + 2) % 4);
	int left = counter_of(es, "bids", (cur + 1) % 4);
	int right = counter_of(es, "bids", (cur + 3) % 4);
	bool listed[7] = {false};
	for (int i = 0; i < n; i++) {
		ck_assert_int_eq(list[i].kind, ACT_BID);
		ck_assert(list[i].number >= 0 && list[i].number <= 6);
		ck_assert(i == 0 || list[i].number > list[i - 1].number);
		listed[list[i].number] = true;
	}
	for (int v = 0; v <= 6; v++) {
		bool refused = v + partner > 6 || v < left - 3 - partner ||
			       (cur == es->dealer && v == right + 1);
		ck_assert_msg(listed[v] == !refused, "seat %d, %d: %s", cur, v,
			      refused ? "listed" : "not listed");
	}
	floors += list[0].number > 0;
}

START_TEST(test_rules_at_the_ends)
{
	game *eg = scn_load(CALLS_ENDS);
	const calls_phase *c = &eg->phase[0].u.calls;
	ck_assert_uint_eq(c->forbid_rising, 1 | 8);     /* and the steady */
	ck_assert_uint_eq(c->forbid_falling, 2);
	state es;
	floors = 0;
	ck_assert_int_gt(random_matches(eg, &es, 100, 5, check_ends), 1000);
	ck_assert_int_gt(floors, 20);   /* the falling rule refused some */
	game_free(eg);
}
END_TEST

/* A random call is drawn without the list where no rule is weighed at
 * every number, but it is the member of the list that the same draw
 * names there: the rules here (a copy of the state or not, rules at the
 * ends, the dealer's solved), Oh Hell's hook and Spades' calls. */
START_TEST(test_a_random_call_is_the_listed_draw)
{
	const char *paths[] = {
		CALLS, CALLS_DIRECT, CALLS_ENDS,
		TOP_SRCDIR "/games/oh-hell.yaml",
		TOP_SRCDIR "/games/spades-blind-nil.yaml",
	};
	for (size_t k = 0; k < sizeof paths / sizeof *paths; k++) {
		game *cg = scn_load(paths[k]);
		state cs;
		char why[200];
		rng r;
		rng_seed(&r, 7, (uint64_t)k);
		int drawn = 0;
		for (int step = 0, match = 0; drawn < 400 && match < 200;
		     step++) {
			if (step == 0 || cs.over) {
				ck_assert(state_setup(&cs, cg, cg->default_players,
						      0, NULL, (uint64_t)match++,
						      why, sizeof why));
				continue;
			}
			if (cs.current == SEAT_CHANCE) {
				state_deal(&cs);
				continue;
			}
			if (state_phase_kind(&cs) != PHASE_CALLS) {
				state_apply_random(&cs, &r);
				continue;
			}
			action list[ACTIONS_MAX];
			int n = state_legal(&cs, list);
			rng listed = r;
			action want = n ? list[rng_below(&listed, (uint32_t)n)]
					: action_of(ACT_NONE, 0);
			action got = state_apply_random(&cs, &r);
			ck_assert_msg(action_eq(&got, &want), "%s", paths[k]);
			ck_assert_mem_eq(&listed, &r, sizeof r);
			drawn++;
		}
		ck_assert_int_ge(drawn, 400);
		game_free(cg);
	}
}
END_TEST

static Suite *suite(void)
{
	Suite *su = suite_create("calls");
	TCase *tc = tcase_create("calls");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, test_round_and_list);
	tcase_add_test(tc, test_rules_refuse);
	tcase_add_test(tc, test_dealer_hook);
	tcase_add_test(tc, test_scored);
	tcase_add_test(tc, test_words_at_the_table);
	tcase_add_test(tc, test_random_matches);
	suite_add_tcase(su, tc);
	tcase_add_test(tc, test_calls_on_the_hand);
	tcase_add_test(tc, test_rules_at_the_ends);
	tcase_add_test(tc, test_a_random_call_is_the_listed_draw);
	tc = tcase_create("weighed in place");
	tcase_add_checked_fixture(tc, setup_direct, teardown);
	tcase_add_test(tc, test_rules_refuse);
	tcase_add_test(tc, test_dealer_hook);
	tcase_add_test(tc, test_random_matches);
	suite_add_tcase(su, tc);
	return su;
}

TEST_MAIN(suite)
