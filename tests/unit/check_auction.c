/*
 * check_auction.c — the auction phase: on tests/data/games/auction.yaml
 * (numbers with denominations, a double by an opponent, the top bid, three
 * passes, a throw-in) and tests/data/games/auction-raise.yaml (an opening
 * bid, raises by one, a pass that leaves the round, the ceiling; also
 * counter-clockwise, auction-raise-counter.yaml) and
 * games/bridge.yaml (strains ranked within a level, doubles and
 * redoubles that do not end the auction, three passes in a row, the
 * declarer the first of the side to name the strain), and
 * tests/data/games/auction-ranked.yaml (ranked denominations listed in
 * another order than the game's, raises by one level); the contract as
 * expressions read it; words and refusals.
 */
#include "testutil.h"
#include "scenario.h"

#include <string.h>

#include "engine/engine.h"
#include "engine/phase.h"
#include "engine/vars.h"
#include "front/command.h"

#define AUCTION TESTS_DIR "/data/games/auction.yaml"
#define RAISE TESTS_DIR "/data/games/auction-raise.yaml"
#define RAISE_RIGHT TESTS_DIR "/data/games/auction-raise-counter.yaml"
#define BRIDGE TOP_SRCDIR "/games/bridge.yaml"
#define RANKED TESTS_DIR "/data/games/auction-ranked.yaml"

static game *g;
static state s;

/* The game of `path`, dealt at a table of `players`. */
static void deal_table(const char *path, int players)
{
	g = scn_load(path);
	char why[200];
	ck_assert(state_setup(&s, g, players, 0, NULL, 7, why, sizeof why));
	state_deal(&s);
}

static void teardown(void)
{
	game_free(g);
}

/* Types a call as a player would. */
/* Types a decision as a player would. */
static void say(const char *words)
{
	scn_say(&s, words);
}

/* A call that is refused, with the reason given. */
static void refused(const char *words, const char *why)
{
	command c;
	char err[300] = "";
	state before = s;
	if (command_parse(&s, words, &c, err, sizeof err))
		ck_assert_msg(!command_apply(&s, &c, err, sizeof err),
			      "%s was accepted", words);
	ck_assert_msg(strstr(err, why) != NULL, "%s: '%s' lacks '%s'", words,
		      err, why);
	ck_assert_mem_eq(&before, &s, sizeof s);
}

/* An expression of the game's scope, evaluated for the table. */
static value eval(const char *text, expr_type want)
{
	src_file *f = src_from_text("t.yaml", text, strlen(text));
	ck_assert_ptr_nonnull(f);
	node n;
	memset(&n, 0, sizeof n);
	n.kind = NODE_SCALAR;
	n.style = NODE_PLAIN;
	n.file = f;
	n.line = n.col = 1;
	n.text = f->text;
	n.len = strlen(text);
	diag *d = diag_new();
	expr *e = expr_compile(g->scope, &n, want, d);
	diag_print(d, stderr, true);
	diag_free(d);
	ck_assert_msg(e != NULL, "%s", text);
	value v = vars_eval(&s, e, -1);
	src_free(f);
	return v;
}

static int64_t eval_int(const char *text)
{
	return eval(text, TY_NONE).i;
}

static int count_cards(const char *text)
{
	return cset_count(eval(text, TY_CARDS).s);
}

START_TEST(test_calls_and_their_words)
{
	deal_table(AUCTION, 4);
	/* counter-clockwise from the dealer's right: seat 3, 2, 1, 0 */
	ck_assert_int_eq(state_phase_kind(&s), PHASE_AUCTION);
	ck_assert_int_eq(s.current, 3);
	ck_assert_str_eq(command_verb(&s), "call");
	action list[ACTIONS_MAX];
	int n = state_legal(&s, list);
	ck_assert_int_eq(n, 4 * 6 + 1);         /* no double without a bid */
	char words[100];
	command_format(&s, &list[0], 1, words, sizeof words);
	ck_assert_str_eq(words, "call 40 S");
	command_format(&s, &list[n - 1], 1, words, sizeof words);
	ck_assert_str_eq(words, "call pass");
	refused("double", "no bid to double");
	refused("call 30 H", "not one of the bids; the next is 40");
	refused("40 X", "not a denomination here");
	refused("40", "a number and one of: S, H, D, C, obenabe, undenufe");
	say("bid 50 H");
	ck_assert_int_eq(s.current, 2);
	refused("50 S", "higher than 50");
	say("pass");
	refused("double", "only an opponent");  /* seat 1 is the bidder's partner */
	say("call 60 undenufe");                /* seat 1 */
	ck_assert_int_eq(s.bid, 60);
	ck_assert_int_eq(s.declarer, 1);
	say("pass");                            /* seat 0 */
	say("pass");                            /* seat 3 */
	ck_assert_int_eq(state_phase_kind(&s), PHASE_AUCTION);
	say("pass");                            /* seat 2: three passes */
	ck_assert_int_eq(state_phase_kind(&s), PHASE_TRICKS);
	ck_assert_int_eq(s.current, 1);         /* the declarer leads */
	ck_assert_int_eq(eval_int("bid"), 60);
	ck_assert_int_eq(eval_int("undenufe"), 1);
	ck_assert_int_eq(eval_int("obenabe"), 0);
	ck_assert_int_eq(eval_int("doubled"), 0);
	ck_assert_int_eq(count_cards("contract_trumps"), 0);
	teardown();
}
END_TEST

START_TEST(test_a_passed_player_may_come_back)
{
	deal_table(AUCTION, 4);
	say("pass");                            /* 3 */
	say("40 S");                            /* 2 */
	say("pass");                            /* 1 */
	say("pass");                            /* 0 */
	say("50 C");                            /* 3 again */
	ck_assert_int_eq(s.declarer, 3);
	say("pass");
	say("pass");
	say("pass");
	ck_assert_int_eq(state_phase_kind(&s), PHASE_TRICKS);
	ck_assert_int_eq(count_cards("contract_trumps"), 9);
	ck_assert_int_eq(count_cards("contract_trumps & cards(C)"), 9);
	teardown();
}
END_TEST

START_TEST(test_a_double_ends_the_auction)
{
	deal_table(AUCTION, 4);
	say("40 D");                            /* 3 */
	say("double");                          /* 2, an opponent */
	ck_assert_int_eq(state_phase_kind(&s), PHASE_TRICKS);
	ck_assert_int_eq(s.declarer, 3);
	ck_assert_int_eq(eval_int("doubled"), 1);
	ck_assert_int_eq(s.current, 3);
	teardown();
}
END_TEST

START_TEST(test_the_top_bid_ends_at_once)
{
	deal_table(AUCTION, 4);
	say("157 obenabe");
	ck_assert_int_eq(state_phase_kind(&s), PHASE_TRICKS);
	ck_assert_int_eq(eval_int("obenabe"), 1);
	teardown();
}
END_TEST

START_TEST(test_four_passes_throw_the_cards_in)
{
	deal_table(AUCTION, 4);
	cardset first = s.hand[0];
	int dealer = s.dealer;
	say("pass");
	say("pass");
	say("pass");
	say("pass");
	ck_assert_int_eq(s.event, EV_REDEALT);
	ck_assert_int_eq(s.deal_no, 1);
	ck_assert_int_eq(s.dealer, dealer);
	ck_assert_int_eq(s.redeals, 1);
	ck_assert(!cset_eq(first, s.hand[0]));
	ck_assert(cset_eq(s.dealt[0], s.hand[0]));
	ck_assert_int_eq(state_phase_kind(&s), PHASE_AUCTION);
	ck_assert_int_eq(s.current, 3);
	ck_assert_int_eq(s.bid, 0);
	/* the same throw-in deals the same new cards: replays agree */
	state again;
	char why[200];
	ck_assert(state_setup(&again, g, 4, 0, NULL, 7, why, sizeof why));
	state_deal(&again);
	for (int i = 0; i < 4; i++)
		state_apply(&again, action_of(ACT_PASS, 0));
	ck_assert(cset_eq(again.hand[0], s.hand[0]));
	teardown();
}
END_TEST

/* Throw-ins are bounded: a table that never bids stops the match with a
 * fault at the auction, where it was dealt REDEALS_MAX times. */
START_TEST(test_endless_throw_ins_stop_the_match)
{
	deal_table(AUCTION, 4);
	int calls = 0;
	while (s.current >= 0 && calls < 4 * (REDEALS_MAX + 1)) {
		ck_assert(state_apply(&s, action_of(ACT_PASS, 0)));
		calls++;
	}
	ck_assert_int_eq(calls, 4 * REDEALS_MAX);
	ck_assert_int_eq(s.fault, FAULT_REDEALS);
	ck_assert_int_eq(s.fault_phase, 0);
	ck_assert_int_eq(s.current, SEAT_END);
	ck_assert(state_over(&s));
	ck_assert_str_eq(state_fault_text(&s),
			 "the deal was thrown in 200 times in a row");
	ck_assert(!state_stuck(&s));
	ck_assert(!state_apply(&s, action_of(ACT_PASS, 0)));
	teardown();
}
END_TEST

/* Every call of a decision fits in one list of actions: a range of bids
 * that an option stretches past it is refused at set-up, as is one that
 * leaves no bid. */
START_TEST(test_bids_that_cannot_be_listed_are_refused)
{
	deal_table(RAISE, 4);
	const phase *p = &g->phase[0];
	ck_assert_int_eq(p->kind, PHASE_AUCTION);
	char why[200];
	ck_assert(phase_def(PHASE_AUCTION)->setup(&s, p, 0, why, sizeof why));
	game *wide = g;
	auction_phase saved = wide->phase[0].u.auction;
	auction_phase *a = &wide->phase[0].u.auction;
	a->raise_next = false;
	a->has_opening = false;
	memset(&a->bid_from, 0, sizeof a->bid_from);
	memset(&a->bid_to, 0, sizeof a->bid_to);
	for (int n = 0; n <= SEAT_MAX; n++) {
		a->bid_from.by_players[n] = 1;
		a->bid_to.by_players[n] = 2000;
	}
	ck_assert(!phase_def(PHASE_AUCTION)->setup(&s, p, 0, why, sizeof why));
	ck_assert_msg(strstr(why, "2000 bids are more than the 510 calls") != NULL,
		      "%s", why);
	for (int n = 0; n <= SEAT_MAX; n++) {
		a->bid_from.by_players[n] = 255;
		a->bid_to.by_players[n] = 4 * n;
	}
	ck_assert(!phase_def(PHASE_AUCTION)->setup(&s, p, 0, why, sizeof why));
	ck_assert_msg(strstr(why, "no bid can be made") != NULL, "%s", why);
	wide->phase[0].u.auction = saved;
	teardown();
}
END_TEST

START_TEST(test_raises_by_one_from_a_forced_opening)
{
	deal_table(RAISE, 3);
	ck_assert_int_eq(s.current, 1);
	action list[ACTIONS_MAX];
	ck_assert_int_eq(state_legal(&s, list), 1);
	ck_assert_int_eq(list[0].number, 2);
	refused("pass", "must be a bid of 2");
	refused("3", "must be a bid of 2");
	say("2");
	refused("4", "the only bid now is 3");
	refused("2 H", "a number alone");
	refused("call x", "it is your call in the auction: pass or a bid (a "
		"number, as in 'call 3')");
	say("pass");                            /* seat 2 leaves */
	ck_assert_int_eq(s.current, 0);
	say("3");
	ck_assert_int_eq(s.current, 1);         /* seat 2 is skipped */
	say("pass");                            /* only seat 0 is left */
	/* the second auction: the first one's winner opens, everyone is back */
	ck_assert_int_eq(state_phase_kind(&s), PHASE_AUCTION);
	ck_assert_int_eq(s.current, 0);
	ck_assert_int_eq(s.bid, 0);
	say("2");
	say("3");                               /* seat 1 */
	say("4");                               /* seat 2 */
	say("pass");                            /* seat 0 */
	say("pass");                            /* seat 1 */
	ck_assert_int_eq(s.declarer, 2);
	ck_assert_int_eq(state_phase_kind(&s), PHASE_TRICKS);
	ck_assert_int_eq(s.current, 2);
	teardown();
}
END_TEST

/* Counter-clockwise, the call passes to the right, and a seat that has
 * passed is skipped on the way round. */
START_TEST(test_raises_go_round_to_the_right)
{
	deal_table(RAISE_RIGHT, 4);
	ck_assert_int_eq(s.current, 3);         /* the dealer's right */
	say("2");
	ck_assert_int_eq(s.current, 2);
	say("pass");                            /* seat 2 leaves */
	ck_assert_int_eq(s.current, 1);
	say("3");
	say("4");                               /* seat 0 */
	ck_assert_int_eq(s.current, 3);
	say("pass");                            /* seat 3 leaves */
	ck_assert_int_eq(s.current, 1);         /* seats 2 and 3 skipped */
	say("5");
	ck_assert_int_eq(s.current, 0);
	say("pass");                            /* only seat 1 is left */
	/* the second auction: the first one's winner, seat 1, opens */
	ck_assert_int_eq(state_phase_kind(&s), PHASE_AUCTION);
	ck_assert_int_eq(s.current, 1);
	ck_assert_int_eq(s.bid, 0);
	teardown();
}
END_TEST

START_TEST(test_the_ceiling_leaves_only_a_pass)
{
	deal_table(RAISE, 3);
	say("2");
	for (int v = 3; v <= 12; v++) {
		char words[20];
		snprintf(words, sizeof words, "%d", v);
		say(words);
	}
	ck_assert_int_eq(s.bid, 12);            /* 4 x 3 players */
	action list[ACTIONS_MAX];
	ck_assert_int_eq(state_legal(&s, list), 1);
	ck_assert_int_eq(list[0].kind, ACT_PASS);
	refused("13", "12 is the highest bid");
	teardown();
}
END_TEST

START_TEST(test_random_play_is_legal_and_ends)
{
	deal_table(AUCTION, 4);
	teardown();
	for (int players = 3; players <= 5; players++) {
		deal_table(RAISE, players);
		rng r;
		rng_seed(&r, 11, (uint64_t)players);
		for (int i = 0; i < 200 && !s.over; i++)
			state_random_playout(&s, &r);
		ck_assert(s.over);
		ck_assert(s.declarer >= 0);
		ck_assert_int_eq(s.total[s.declarer], s.bid);
		teardown();
	}
}
END_TEST

/* A random call is drawn without the list, but it is the member of the
 * list that the same draw names there; the list is in the canonical
 * order as built, the forced opening apart. */
START_TEST(test_a_random_call_is_the_listed_draw)
{
	const char *paths[] = {AUCTION, RAISE, BRIDGE, RANKED};
	for (int k = 0; k < 4; k++) {
		deal_table(paths[k], 4);
		rng r;
		rng_seed(&r, 5, (uint64_t)k);
		for (int calls = 0; calls < 2000 && !s.over; calls++) {
			if (state_phase_kind(&s) != PHASE_AUCTION) {
				if (s.current == SEAT_CHANCE)
					state_deal(&s);
				else
					state_apply_random(&s, &r);
				continue;
			}
			action list[ACTIONS_MAX];
			int n = state_legal(&s, list);
			for (int i = 1; i < n && s.bid > 0; i++)
				ck_assert_int_lt(action_compare(&list[i - 1],
								&list[i]), 0);
			rng listed = r;
			action want = list[rng_below(&listed, (uint32_t)n)];
			action got = state_apply_random(&s, &r);
			ck_assert(action_eq(&got, &want));
			ck_assert_mem_eq(&listed, &r, sizeof r);
		}
		teardown();
	}
}
END_TEST

/* The auction's playout draws and makes what one random call at a time
 * does, from any call of the auction on: listed numbers with
 * denominations, raises by one from a forced opening both ways round,
 * and ranked denominations with doubles and redoubles. */
START_TEST(test_the_playout_makes_the_calls_made_one_at_a_time)
{
	const char *paths[] = {AUCTION, RAISE, RAISE_RIGHT, BRIDGE, RANKED};
	for (int k = 0; k < 5; k++) {
		for (int start = 0; start < 12; start++) {
			deal_table(paths[k], 4);
			rng r;
			rng_seed(&r, 9, (uint64_t)start);
			for (int i = 0; i < start && state_current(&s) >= 0 &&
			     state_phase_kind(&s) == PHASE_AUCTION; i++)
				state_apply_random(&s, &r);
			state b = s;
			rng rb = r;
			int deal = s.deal_no;
			while (state_current(&s) >= 0 && s.deal_no == deal)
				state_apply_random(&s, &r);
			state_random_playout(&b, &rb);
			ck_assert_msg(memcmp(&s, &b, sizeof s) == 0, "%s from "
				      "call %d", paths[k], start);
			ck_assert_mem_eq(&r, &rb, sizeof r);
			teardown();
		}
	}
}
END_TEST

START_TEST(test_explained_in_words)
{
	deal_table(RAISE, 3);
	char *text = NULL;
	size_t size = 0;
	FILE *out = open_memstream(&text, &size);
	phase_def(PHASE_AUCTION)->explain(out, g, &g->phase[0]);
	fclose(out);
	ck_assert_msg(strstr(text, "exactly") && strstr(text, "must be a bid of 2")
		      && strstr(text, "out of this auction"), "%s", text);
	free(text);
	teardown();
}
END_TEST

/* Bridge: North (0) deals and calls first. */
START_TEST(test_strains_rank_within_a_level)
{
	deal_table(BRIDGE, 4);
	action list[ACTIONS_MAX];
	ck_assert_int_eq(state_legal(&s, list), 35 + 1);
	say("call 1 H");                        /* North */
	/* East: 1 S, 1 notrump and the 30 bids of levels 2 to 7, a pass, a
	 * double */
	ck_assert_int_eq(state_legal(&s, list), 2 + 30 + 2);
	refused("call 1 D", "higher than 1 H");
	refused("call 1 H", "higher than 1 H");
	refused("call redouble", "no double to redouble");
	say("call 1 notrump");                  /* East */
	refused("call 1 S", "higher than 1 notrump");
	say("call 2 C");                        /* South */
	ck_assert_int_eq(s.bid, 2);
	ck_assert_int_eq(s.declarer, 2);
	say("call pass");                       /* West */
	refused("call double", "only an opponent");     /* North */
	teardown();
}
END_TEST

START_TEST(test_doubles_do_not_end_a_bridge_auction)
{
	deal_table(BRIDGE, 4);
	say("call 1 S");                        /* North */
	say("call double");                     /* East */
	ck_assert_int_eq(state_phase_kind(&s), PHASE_AUCTION);
	ck_assert_int_eq(eval_int("if doubled then 1 else 0"), 1);
	refused("call double", "already doubled");      /* South */
	say("call redouble");                   /* South */
	ck_assert_int_eq(eval_int("if redoubled then 1 else 0"), 1);
	say("call pass");                       /* West */
	say("call pass");                       /* North */
	ck_assert_int_eq(state_phase_kind(&s), PHASE_AUCTION);
	say("call 2 C");                        /* East: the doubles are gone */
	ck_assert_int_eq(eval_int("if doubled then 1 else 0"), 0);
	ck_assert_int_eq(s.declarer, 1);
	say("call pass");
	say("call pass");
	ck_assert_int_eq(state_phase_kind(&s), PHASE_AUCTION);
	say("call pass");                       /* the third in a row */
	ck_assert_int_eq(state_phase_kind(&s), PHASE_TRICKS);
	ck_assert_int_eq(s.current, 2);         /* the declarer's left leads */
	teardown();
}
END_TEST

START_TEST(test_the_first_of_the_side_to_name_the_strain_declares)
{
	deal_table(BRIDGE, 4);
	say("call 1 H");                        /* North names hearts */
	say("call pass");
	say("call 2 C");                        /* South */
	say("call pass");
	say("call 2 H");                        /* North again */
	say("call pass");
	say("call 4 H");                        /* South raises: North named
						   hearts first */
	ck_assert_int_eq(s.declarer, 0);
	say("call pass");
	say("call pass");
	say("call pass");
	ck_assert_int_eq(s.declarer, 0);
	ck_assert_int_eq(s.bid, 4);
	ck_assert_int_eq(count_cards("contract_trumps"), 13);
	ck_assert_int_eq(s.current, 1);
	teardown();
}
END_TEST

START_TEST(test_four_passes_pass_a_board_out)
{
	deal_table(BRIDGE, 4);
	for (int i = 0; i < 4; i++)
		say("call pass");
	ck_assert_int_eq(s.deal_no, 1);
	ck_assert_int_eq(s.current, SEAT_CHANCE);
	for (int q = 0; q < 4; q++)
		ck_assert_int_eq(s.deal_score[q], 0);
	teardown();
}
END_TEST

static Suite *auction_suite(void)
{
	Suite *su = suite_create("auction");
	TEST_CASE(su, "auction", test_calls_and_their_words,
		  test_a_passed_player_may_come_back,
		  test_a_double_ends_the_auction, test_the_top_bid_ends_at_once,
		  test_four_passes_throw_the_cards_in,
		  test_endless_throw_ins_stop_the_match,
		  test_bids_that_cannot_be_listed_are_refused,
		  test_raises_by_one_from_a_forced_opening,
		  test_raises_go_round_to_the_right,
		  test_the_ceiling_leaves_only_a_pass,
		  test_random_play_is_legal_and_ends, test_explained_in_words,
		  test_a_random_call_is_the_listed_draw,
		  test_the_playout_makes_the_calls_made_one_at_a_time,
		  test_strains_rank_within_a_level,
		  test_doubles_do_not_end_a_bridge_auction,
		  test_the_first_of_the_side_to_name_the_strain_declares,
		  test_four_passes_pass_a_board_out);
	return su;
}

TEST_MAIN(auction_suite)
