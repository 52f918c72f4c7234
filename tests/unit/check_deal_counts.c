/*
 * check_deal_counts.c — counts of a deal that read `deal`, on
 * tests/data/games/deal-counts.yaml: hands that rise and fall from deal
 * to deal, the card turned up from what a deal leaves (none when it
 * leaves none) and trumps of its suit, a number of tricks by deal, the
 * first card dealt to a seat named by `deal.from`; a table whose options
 * make a deal too big is refused, and a match that ends by `end` stops at
 * the deal that does not fit.
 */
#include "testutil.h"
#include "scenario.h"

#include <string.h>

#include "engine/engine.h"

#define COUNTS TESTS_DIR "/data/games/deal-counts.yaml"
#define GROWING TESTS_DIR "/data/games/deal-counts-growing.yaml"

static game *g;
static state s;

static void setup(void)
{
	g = scn_load(COUNTS);
}

static void teardown(void)
{
	game_free(g);
}

static void set_up_table(int dealer, uint64_t seed)
{
	char why[200];
	ck_assert_msg(state_setup(&s, g, 4, dealer, NULL, seed, why,
				  sizeof why), "%s", why);
}

/* Hands of 1, 2, 3, 2, 1 cards; the leftovers and the card turned up;
 * the trumps are the suit of that card, none in the deal of 3. */
START_TEST(test_hands_rise_and_fall)
{
	static const int hand[] = {1, 2, 3, 2, 1};
	set_up_table(0, 3);
	ck_assert_int_eq(s.deals, 5);
	for (int d = 0; d < 5; d++) {
		state_deal(&s);
		ck_assert_int_eq(s.deal_no, d + 1);
		for (int p = 0; p < 4; p++)
			ck_assert_int_eq(cset_count(s.hand[p]), hand[d]);
		ck_assert_int_eq(cset_count(s.leftover), 12 - 4 * hand[d]);
		ck_assert_int_eq(cset_count(s.leftover_up), hand[d] == 3 ? 0 : 1);
		ck_assert(cset_subset(s.leftover_up, s.leftover));
		cardset suit = cset_empty();
		CSET_FOREACH(c, s.leftover_up)
			suit = g->deck.by_suit[g->deck.suit_of[c]];
		ck_assert(cset_eq(s.trumps, suit));
		scn_play_lowest(&s, false);
	}
	ck_assert(state_over(&s));
	ck_assert_int_eq(s.failed_check, 0);
}
END_TEST

/* Deal 2 plays one trick of its two cards: a count of tricks read from
 * the deal. */
START_TEST(test_tricks_by_deal)
{
	set_up_table(0, 5);
	state_deal(&s);
	scn_play_lowest(&s, false);
	state_deal(&s);
	ck_assert_int_eq(s.deal_no, 2);
	scn_play_lowest(&s, false);
	ck_assert_int_eq(s.current, SEAT_CHANCE);
	for (int p = 0; p < 4; p++)
		ck_assert_int_eq(cset_count(s.hand[p]), 1);
	int tricks = 0;
	for (int p = 0; p < 4; p++)
		tricks += s.tricks_won[p];
	ck_assert_int_eq(tricks, 1);
}
END_TEST

/* The sizes of each deal, as front ends ask for them; a deal beyond
 * the match still has its count, one too big has none. */
START_TEST(test_hand_in_deal)
{
	set_up_table(0, 1);
	int up = -1;
	ck_assert_int_eq(state_hand_in_deal(&s, 1, &up), 1);
	ck_assert_int_eq(up, 1);
	ck_assert_int_eq(state_hand_in_deal(&s, 3, &up), 3);
	ck_assert_int_eq(up, 0);
	ck_assert_int_eq(state_hand_in_deal(&s, 5, &up), 1);
	ck_assert_int_eq(state_hand_in_deal(&s, 6, &up), 0);
}
END_TEST

/* `deal.from: seat_number(0)`: whoever deals, seat 0 gets the first
 * card, so that one shuffle gives the same hands under any dealer. */
START_TEST(test_first_card_to_seat_0)
{
	cardset hands[SEAT_MAX];
	set_up_table(0, 11);
	state_deal(&s);
	state_deal(&s);                 /* the first shuffle of 8 cards */
	memcpy(hands, s.hand, sizeof hands);
	for (int dealer = 1; dealer < 4; dealer++) {
		set_up_table(dealer, 11);
		state_deal(&s);
		state_deal(&s);
		for (int p = 0; p < 4; p++)
			ck_assert(cset_eq(s.hand[p], hands[p]));
	}
}
END_TEST

/* Options whose deal 4 asks for 16 cards of 12: the table is refused,
 * naming the deal. */
START_TEST(test_setup_refuses_a_deal_too_big)
{
	char why[200];
	int64_t options[OPTIONS_MAX] = {4};
	ck_assert(!state_setup(&s, g, 4, 0, options, 1, why, sizeof why));
	ck_assert_str_eq(why, "deal 4: 4 cards for each of 4 players do not "
			 "fit in a deck of 12");
}
END_TEST

/* A match that ends by `end` is checked deal by deal: the fourth deal
 * of the growing hands stops it, before any card is dealt. */
START_TEST(test_fault_at_the_deal)
{
	game *grow = scn_load(GROWING);
	char why[200];
	ck_assert_msg(state_setup(&s, grow, 4, 0, NULL, 1, why, sizeof why),
		      "%s", why);
	for (int d = 1; d <= 3; d++) {
		state_deal(&s);
		ck_assert_int_eq(cset_count(s.hand[0]), d);
		scn_play_lowest(&s, false);
	}
	ck_assert_int_eq(s.current, SEAT_CHANCE);
	state_deal(&s);
	ck_assert_int_eq(s.current, SEAT_END);
	ck_assert_int_eq(s.fault, FAULT_DEAL);
	ck_assert_int_eq(s.deal_no, 4);
	ck_assert_str_eq(state_fault_text(&s),
			 "its cards do not fit in the deck");
	/* scripted hands are refused the same way */
	ck_assert(state_setup(&s, grow, 4, 0, NULL, 1, why, sizeof why));
	for (int d = 1; d <= 3; d++) {
		state_deal(&s);
		scn_play_lowest(&s, false);
	}
	cardset none[SEAT_MAX] = {{{0}}};
	ck_assert(!state_deal_cards(&s, none, NULL, 0, why, sizeof why));
	ck_assert_str_eq(why, "deal 4: 4 cards for each of 4 players do not "
			 "fit in a deck of 12");
	game_free(grow);
}
END_TEST

static Suite *suite(void)
{
	Suite *su = suite_create("deal counts");
	TCase *tc = tcase_create("deal counts");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, test_hands_rise_and_fall);
	tcase_add_test(tc, test_tricks_by_deal);
	tcase_add_test(tc, test_hand_in_deal);
	tcase_add_test(tc, test_first_card_to_seat_0);
	tcase_add_test(tc, test_setup_refuses_a_deal_too_big);
	tcase_add_test(tc, test_fault_at_the_deal);
	suite_add_tcase(su, tc);
	return su;
}

TEST_MAIN(suite)
