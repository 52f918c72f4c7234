/*
 * check_golf.c — Golf (games/golf.yaml) on the layout phase: seven
 * face-up columns of five, the waste started from the stock by itself,
 * a column's top card onto the waste one rank above or below (any suit),
 * nothing on a king and no turn of the corner between king and ace
 * unless the option wrap is 1, the stock turned one card at a time, and
 * the end: a known deal played to the win, a game lost with the cards
 * left as its score.
 *
 * A position is written pile after pile, each pile's cards from the
 * bottom up: "c1: 9H 8C; waste: 7D; stock: 2C 3C" (the stock's last
 * card is its top); the cards not named are out of the game.
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
	g = scn_load(GAMES "golf.yaml");
}

static void teardown(void)
{
	game_free(g);
}

static const int64_t *wrap(int on)
{
	static int64_t opt[OPTIONS_MAX];
	ck_assert_int_eq(g->noptions, 1);
	opt[game_option_index(g, "wrap")] = on;
	return opt;
}

static void lay(const char *text)
{
	lay_position(NULL, text);
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

START_TEST(test_setup_deals_seven_columns_of_five)
{
	new_game(NULL);
	deal("");
	/* a round at a time: AS to c1 .. 7S to c7, 8S to c1 ... */
	ck_assert_str_eq(pile("c1"), "AS 8S 2H 9H 3D");
	ck_assert_str_eq(pile("c7"), "7S AH 8H 2D 9D");
	for (int i = 1; i <= 7; i++) {
		char word[4];
		snprintf(word, sizeof word, "c%d", i);
		ck_assert_int_eq(pile_size(word), 5);
	}
	ck_assert(cset_is_empty(st.down));
	/* the stock's top card started the waste by itself */
	ck_assert_str_eq(pile("waste"), "10D");
	ck_assert_int_eq(pile_size("stock"), 16);
	ck_assert_int_eq(cset_count(st.seen), 36);
	ck_assert_int_eq(state_layout_moves(&st), 1);
	/* tops 3D 4D 5D 6D 7D 8D 9D: 9D goes on 10D */
	ck_assert_str_eq(legal(), "deal, play c7");
	ck_assert(!try_act("start"));
}
END_TEST

START_TEST(test_one_rank_up_or_down)
{
	lay("c1: 8S; c2: 6H; c3: 7C; c4: 9D; c5: 5S; c6: AC; c7: KH; "
	    "waste: 7D; stock: 2C");
	ck_assert_str_eq(legal(), "deal, play c1, play c2");
	ck_assert(!try_act("play c3"));         /* the same rank */
	ck_assert(!try_act("play c4"));         /* two above */
	ck_assert_str_eq(refusal("play c5"), "'play c5' is not legal now: "
			 "a card goes on the waste one rank above or below its top "
			 "card, and nothing on a king (5S onto 7D); the legal 'play' moves "
			 "are: play c1, play c2");
	act("play c2");                         /* down, any suit */
	ck_assert_str_eq(pile("waste"), "7D 6H");
	act("play c5");
	ck_assert_str_eq(pile("waste"), "7D 6H 5S");
	ck_assert_str_eq(legal(), "deal");
}
END_TEST

START_TEST(test_nothing_on_a_king_no_corner)
{
	lay("c1: QS; c2: AH; waste: KD; stock: 2C");
	ck_assert_str_eq(legal(), "deal");       /* not even a queen */
	lay("c1: KS; c2: 2H; waste: AD; stock: 3C");
	ck_assert_str_eq(legal(), "deal, play c2");   /* no K on A */
	/* with wrap 1 the corner turns both ways */
	lay_position(wrap(1), "c1: QS; c2: AH; waste: KD; stock: 2C");
	ck_assert_str_eq(legal(), "deal, play c1, play c2");
	act("play c2");
	act("deal");
	ck_assert_str_eq(pile("waste"), "KD AH 2C");
}
END_TEST

START_TEST(test_stock_one_card_at_a_time)
{
	lay("c1: 9S; waste: 2D; stock: 4C 7H 10C");
	act("deal");
	ck_assert_str_eq(pile("waste"), "2D 10C");
	act("play c1");
	ck_assert_str_eq(pile("waste"), "2D 10C 9S");
	ck_assert(st.over);                     /* the columns are empty */
	check_over(true, 0);
}
END_TEST

START_TEST(test_lost_with_the_cards_left)
{
	lay("c1: 2S 9S; c2: JH; c3: 3D 4C; waste: 2D; stock: 5C");
	ck_assert_str_eq(legal(), "deal");
	act("deal");                            /* 5C: 4C and 4D, not 9S */
	ck_assert_str_eq(legal(), "play c3");
	act("play c3");
	ck_assert_str_eq(legal(), "play c3");
	ck_assert(!try_act("deal"));            /* the stock is empty */
	act("play c3");
	/* 9S, JH on 3D: no card left to play, no stock: lost, 3 left */
	check_over(false, 3);
}
END_TEST

/* A known deal: columns whose cards, top down, climb from the waste's
 * ace to the king and back: won without the stock. */
START_TEST(test_known_deal_is_won)
{
	/* top down: 2S .. 6S, 7S .. JS, QS JC QC JH QH (nothing on a
	 * king: to and fro below it), JD 10H .. 7H, 6H .. 2H, AH 2D .. 5D,
	 * 6D .. 10D */
	static const char *const col[7] = {     /* bottom up */
		"6S 5S 4S 3S 2S", "JS 10S 9S 8S 7S", "QH JH QC JC QS",
		"7H 8H 9H 10H JD", "2H 3H 4H 5H 6H", "5D 4D 3D 2D AH",
		"10D 9D 8D 7D 6D",
	};
	/* dealt a round at a time, bottom up */
	char order[300] = "";
	for (int r = 0; r < 5; r++)
		for (int i = 0; i < 7; i++) {
			char cards[40], *save = NULL;
			snprintf(cards, sizeof cards, "%s", col[i]);
			char *w = strtok_r(cards, " ", &save);
			for (int k = 0; k < r; k++)
				w = strtok_r(NULL, " ", &save);
			snprintf(order + strlen(order), sizeof order - strlen(order),
				 "%s%s", order[0] ? " " : "", w);
		}
	strcat(order, " AS");                   /* the waste's first card */
	new_game(NULL);
	deal(order);
	ck_assert_str_eq(pile("waste"), "AS");
	const char *plays[] = {
		"c1", "c1", "c1", "c1", "c1", "c2", "c2", "c2", "c2", "c2",
		"c3", "c3", "c3", "c3", "c3", "c4", "c4", "c4", "c4", "c4",
		"c5", "c5", "c5", "c5", "c5", "c6", "c6", "c6", "c6", "c6",
		"c7", "c7", "c7", "c7", "c7",
	};
	for (size_t i = 0; i < sizeof plays / sizeof *plays; i++) {
		char line[20];
		snprintf(line, sizeof line, "play %s", plays[i]);
		ck_assert(!st.over);
		act(line);
	}
	check_over(true, 0);
}
END_TEST

static Suite *golf_suite(void)
{
	Suite *su = suite_create("golf");
	TCase *tc = tcase_create("rules");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, test_setup_deals_seven_columns_of_five);
	tcase_add_test(tc, test_one_rank_up_or_down);
	tcase_add_test(tc, test_nothing_on_a_king_no_corner);
	tcase_add_test(tc, test_stock_one_card_at_a_time);
	tcase_add_test(tc, test_lost_with_the_cards_left);
	tcase_add_test(tc, test_known_deal_is_won);
	suite_add_tcase(su, tc);
	return su;
}

TEST_MAIN(golf_suite)
