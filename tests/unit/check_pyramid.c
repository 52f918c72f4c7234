/*
 * check_pyramid.c — Pyramid (games/pyramid.yaml) on the layout phase: a
 * pyramid of seven rows, each card covered by the two of the next row
 * that overlap it; pairs of available cards (free, or the waste's top)
 * adding up to 13 removed together, a king alone; the stock turned one
 * card at a time and gone through three times; a stacked deck played to
 * the win, a game lost with the cards left as its score, and each move
 * refused with its reason.
 *
 * A position is written pile after pile, each pile's cards from the
 * bottom up: "6,0: 8C; waste: 5D; stock: 2C 3C" (pyramid piles are
 * row,place from 0,0 at the apex; the stock's last card is its top);
 * the cards not named are out of the game.
 */
#include "testutil.h"
#include "scenario.h"
#include "solitaire.h"

#include <stdio.h>
#include <string.h>

#include "engine/engine.h"
#include "engine/place.h"

#define GAMES TOP_SRCDIR "/games/"

static void setup(void)
{
	g = scn_load(GAMES "pyramid.yaml");
}

static void teardown(void)
{
	game_free(g);
}

static void lay(const char *text)
{
	lay_position(NULL, text);
}

static const int64_t *passes(int n)
{
	static int64_t opt[OPTIONS_MAX];
	opt[game_option_index(g, "passes")] = n;
	return opt;
}

/* The game is over, won or not, with `score` (the cards left). */
static void check_over(bool won, int score)
{
	ck_assert(st.over);
	ck_assert_int_eq(st.current, SEAT_END);
	ck_assert(state_solved(&st) == won);
	ck_assert_int_eq(st.deal_score[0], score);
	ck_assert_str_eq(legal(), "");
}

START_TEST(test_setup_deals_a_pyramid_face_up)
{
	new_game(NULL);
	deal("");
	/* row by row from the apex: AS at 0,0, 2S 3S on row 1 ... */
	ck_assert_str_eq(pile("0,0"), "AS");
	ck_assert_str_eq(pile("1,0"), "2S");
	ck_assert_str_eq(pile("1,1"), "3S");
	ck_assert_str_eq(pile("6,0"), "9H");
	ck_assert_str_eq(pile("6,6"), "2D");
	ck_assert(cset_is_empty(st.down));
	ck_assert_int_eq(pile_size("stock"), 24);
	ck_assert_int_eq(pile_size("waste"), 0);
	/* the bottom row 9H 10H JH QH KH AD 2D is free: KH alone, JH and
	 * 2D, QH and AD */
	ck_assert_str_eq(legal(), "draw, king KH, pair JH 2D, pair QH AD");
	act("draw");
	ck_assert_str_eq(pile("waste"), "3D");
}
END_TEST

START_TEST(test_covered_cards_are_not_available)
{
	lay("0,0: QD; 1,0: 6S; 1,1: 7H; 2,1: KC; stock: 2C");
	/* row 1 lies under 2,1's king; 0,0 under both of row 1 */
	ck_assert_str_eq(legal(), "draw, king KC");
	ck_assert_str_eq(refusal("pair 6S 7H"), "'pair 6S 7H' is not legal "
			 "now: 6S is covered by KC; the moves are: king KC, draw");
	/* no pair at all now, AS out of the game */
	ck_assert_str_eq(refusal("pair QD AS"), "'pair' is not a move now; "
			 "the moves are: king KC, draw");
	act("king KC");
	ck_assert_str_eq(pile("discard"), "KC");
	ck_assert_str_eq(legal(), "draw, pair 6S 7H");
	ck_assert_str_eq(refusal("pair QD 6S"), "'pair QD 6S' is not legal "
			 "now: QD is covered by 6S 7H; the legal 'pair' moves "
			 "are: pair 6S 7H");
	act("pair 7h 6s");                      /* either order */
	ck_assert_str_eq(pile("discard"), "KC 6S 7H");
	ck_assert_str_eq(legal(), "draw");      /* the queen wants an ace */
}
END_TEST

START_TEST(test_pairs_add_up_to_thirteen)
{
	lay("6,0: 8C; 6,1: 6H; 6,2: KS; 6,3: 9D; waste: 5D 4S; stock: 2C");
	ck_assert_str_eq(legal(), "draw, king KS, pair 4S 9D");
	ck_assert_str_eq(refusal("pair 6H 8C"), "'pair 6H 8C' is not legal "
			 "now: two cards removed together add up to 13 (8C and "
			 "6H); the legal 'pair' moves are: pair 4S 9D");
	/* under the waste's top, 5D is not available */
	ck_assert_str_eq(refusal("pair 5D 8C"), "'pair 5D 8C' is not legal "
			 "now: 5D lies under 4S in waste; the legal 'pair' moves "
			 "are: pair 4S 9D");
	ck_assert_str_eq(refusal("king 8C"), "'king 8C' is not legal now: a "
			 "card is removed alone only when it is a king (8C onto "
			 "an empty discard); the legal 'king' moves are: king KS");
	act("pair 4S 9D");                      /* with the waste's top */
	ck_assert_str_eq(pile("waste"), "5D");
	ck_assert_str_eq(legal(), "draw, king KS, pair 5D 8C");
	act("pair 5D 8C");
	act("king KS");
	ck_assert_str_eq(pile("discard"), "4S 9D 5D 8C KS");
	ck_assert_str_eq(legal(), "draw");
	/* a card removed is no longer available */
	ck_assert_str_eq(refusal("pair 9D 4S"), "'pair 9D 4S' is not legal "
			 "now: 9D lies in discard, where 'pair' takes no card; the moves "
			 "are: draw");
}
END_TEST

START_TEST(test_three_times_through_the_stock)
{
	lay("6,0: 5S; stock: 2C 3C");
	act("draw");
	ck_assert_str_eq(refusal("redeal"), "'redeal' is not legal now: the "
			 "waste turns over only when the stock is empty, and while "
			 "passes are left (the pile waste onto stock); the moves "
			 "are: draw");
	act("draw");
	ck_assert_str_eq(pile("waste"), "3C 2C");
	ck_assert_str_eq(legal(), "redeal");
	act("redeal");                          /* turned over: 3C on top */
	ck_assert_str_eq(pile("stock"), "2C 3C");
	act("draw");
	act("draw");
	act("redeal");
	act("draw");
	act("draw");
	/* the third time through is the last: no move is left */
	check_over(false, 1);
	/* passes 0: no limit */
	lay_position(passes(0), "6,0: 5S; stock: 2C");
	for (int i = 0; i < 5; i++) {
		act("draw");
		act("redeal");
	}
	ck_assert(!st.over);
}
END_TEST

START_TEST(test_lost_with_the_cards_left)
{
	lay("5,0: QH; 6,0: 5S; 6,1: 9H; stock: 4C 3C");
	act("draw");
	ck_assert_str_eq(legal(), "draw");      /* 3C makes 8 and 12 */
	act("draw");
	ck_assert_str_eq(legal(), "pair 4C 9H, redeal");
	act("pair 4C 9H");
	ck_assert_str_eq(legal(), "redeal");
	act("redeal");
	act("draw");
	act("redeal");
	act("draw");
	check_over(false, 2);
}
END_TEST

/* A stacked deck: the pyramid taken apart from the bottom row up, left
 * to right, a king alone or a card paired with the stock's next card
 * turned onto the waste. */
START_TEST(test_stacked_deck_is_won)
{
	/* in the order removed: a king, then A to 6, per suit */
	static const char *const suits = "SHDC";
	static const char *const low[] = {"A", "2", "3", "4", "5", "6"};
	static const char *const high[] = {"Q", "J", "10", "9", "8", "7"};
	char removed[28][4], partner[28][4], pyramid[28][4];
	for (int s = 0, k = 0; s < 4; s++) {
		snprintf(removed[k], 4, "K%c", suits[s]);
		partner[k++][0] = '\0';
		for (int v = 0; v < 6; v++, k++) {
			snprintf(removed[k], 4, "%s%c", low[v], suits[s]);
			snprintf(partner[k], 4, "%s%c", high[v], suits[s]);
		}
	}
	/* removal k lies at row 6 - (its row from the bottom) ... */
	for (int r = 6, k = 0; r >= 0; r--)
		for (int c = 0; c <= r; c++, k++)
			snprintf(pyramid[r * (r + 1) / 2 + c], 4, "%s", removed[k]);
	char order[300] = "";
	for (int i = 0; i < 28; i++)
		snprintf(order + strlen(order), sizeof order - strlen(order),
			 "%s ", pyramid[i]);
	for (int k = 0; k < 28; k++)
		if (partner[k][0])
			snprintf(order + strlen(order), sizeof order - strlen(order),
				 "%s ", partner[k]);
	new_game(NULL);
	deal(order);
	ck_assert_str_eq(pile("6,0"), "KS");
	ck_assert_str_eq(pile("0,0"), "6C");
	for (int k = 0; k < 28; k++) {
		char line[300];
		ck_assert(!st.over);
		if (!partner[k][0]) {
			snprintf(line, sizeof line, "king %s", removed[k]);
			act(line);
			continue;
		}
		act("draw");
		snprintf(line, sizeof line, "pair %s %s", partner[k], removed[k]);
		act(line);
	}
	check_over(true, 0);
	ck_assert_int_eq(pile_size("discard"), 52);
}
END_TEST

static Suite *pyramid_suite(void)
{
	Suite *su = suite_create("pyramid");
	TCase *tc = tcase_create("rules");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, test_setup_deals_a_pyramid_face_up);
	tcase_add_test(tc, test_covered_cards_are_not_available);
	tcase_add_test(tc, test_pairs_add_up_to_thirteen);
	tcase_add_test(tc, test_three_times_through_the_stock);
	tcase_add_test(tc, test_lost_with_the_cards_left);
	tcase_add_test(tc, test_stacked_deck_is_won);
	suite_add_tcase(su, tc);
	return su;
}

TEST_MAIN(pyramid_suite)
