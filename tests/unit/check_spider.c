/*
 * check_spider.c — Spider (games/spider.yaml) on the layout phase: the
 * deal of ten piles with only the tops face up, building down regardless
 * of suit, runs moved only in suit, cards turned up, the stock dealt onto
 * every pile and only when none is empty, a whole suit from the king to
 * the ace going off by itself, and the end: won with the last suit off,
 * lost with no move left.
 *
 * A position is written pile after pile, each pile's cards from the
 * bottom up: "t1: 9H 8C; down: 9H; stock: 2C 3C" (piles t1 .. t10, o1
 * .. o8 for the suits sent off; the stock's last card is its top); the
 * second copy of a card is "AS#2"; the cards not named are out.
 */
#include "testutil.h"
#include "scenario.h"
#include "solitaire.h"

#include <stdio.h>
#include <string.h>

#include "engine/engine.h"
#include "engine/place.h"

#define GAMES TOP_SRCDIR "/games/"

#define SPADES_DOWN "KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S 2S"
#define SPADES_DOWN_2 "KS#2 QS#2 JS#2 10S#2 9S#2 8S#2 7S#2 6S#2 5S#2 4S#2 " \
	"3S#2 2S#2"
#define HEARTS_2 "AH#2 2H#2 3H#2 4H#2 5H#2 6H#2 7H#2 8H#2 9H#2 10H#2"

static void setup(void)
{
	g = scn_load(GAMES "spider.yaml");
}

static void teardown(void)
{
	game_free(g);
}

static void lay(const char *text)
{
	lay_position(NULL, text);
}

static bool hidden(const char *name)
{
	return cset_has(st.down, card(name));
}

static void check_over(bool won, int score)
{
	ck_assert(st.over);
	ck_assert_int_eq(st.current, SEAT_END);
	ck_assert(state_solved(&st) == won);
	ck_assert_int_eq(st.deal_score[0], score);
	ck_assert_str_eq(legal(), "");
}

START_TEST(test_setup_deals_ten_piles)
{
	new_game(NULL);
	deal("");
	cardset tops = cset_empty();
	for (int i = 0; i < 10; i++) {
		char word[8];
		snprintf(word, sizeof word, "t%d", i + 1);
		ck_assert_int_eq(pile_size(word), i < 4 ? 6 : 5);
		cset_add(&tops, pile_top(&st, pile_no(word)));
	}
	/* the tops face up, the 44 under them face down and unseen */
	ck_assert_int_eq(cset_count(st.down), 44);
	ck_assert(cset_is_empty(cset_and(st.down, tops)));
	ck_assert(cset_eq(st.seen, tops));
	ck_assert_int_eq(pile_size("stock"), 50);
	ck_assert(!st.over);
	ck_assert(strstr(legal(), "deal") != NULL);
}
END_TEST

START_TEST(test_build_down_any_suit)
{
	lay("t1: 2C 9H; t2: 10S; t3: 10H; t4: 8C; t5: KD; t6: AS; t7: 3D; "
	    "t8: 4S; t9: 5C; t10: 6H; down: 2C; stock: 7S");
	/* a card of two copies is named with its copy's tag */
	ck_assert_str_eq(legal_of("move"), "move 3D#1 t8, move 4S#1 t9, "
			 "move 5C#1 t10, move 8C#1 t1, move 9H#1 t2, "
			 "move 9H#1 t3");
	ck_assert(!try_act("move 8C t2"));      /* two ranks */
	ck_assert(!try_act("move 10S t5"));     /* up */
	ck_assert(strstr(refusal("move 10S t5"), "a card goes on one rank "
			 "higher, any suit; any card on an empty pile (10S onto "
			 "KD)") != NULL);
	act("move 9H t2");                      /* red on black is fine */
	ck_assert_str_eq(pile("t2"), "10S 9H");
	ck_assert(!hidden("2C"));               /* turned up */
	act("move 8C t2");
	ck_assert_str_eq(pile("t2"), "10S 9H 8C");
}
END_TEST

START_TEST(test_runs_only_in_suit)
{
	/* 9H 8H 7S: 8H 7S is not in suit, so only 7S moves alone */
	lay("t1: 9H 8H 7S; t2: 10C; t3: 9D; t4: 8D; t5: KD; t6: AS; t7: 3D; "
	    "t8: 4S; t9: 5C; t10: 6H; stock: 7C");
	ck_assert_str_eq(legal_of("move"), "move 3D#1 t8, move 4S#1 t9, "
			 "move 5C#1 t10, move 6H#1 t1, move 7S#1 t4, "
			 "move 8D#1 t3, move 9D#1 t2");
	ck_assert(strstr(refusal("move 9H t2"), "'move 9H t2' is not legal now: "
			 "a run moved is in suit and in sequence (7S on 8H)")
		  != NULL);
	act("move 7S t4");
	/* now 9H 8H is a run in suit: it moves as one, onto 10C */
	act("move 9H t2");
	ck_assert_str_eq(pile("t2"), "10C 9H 8H");
	ck_assert_str_eq(pile("t1"), "");
	/* any card, or any run in suit, to the empty pile */
	act("move 9H t1");
	ck_assert_str_eq(pile("t1"), "9H 8H");
}
END_TEST

START_TEST(test_deal_onto_every_pile)
{
	lay("t1: 9H; t2: 10C; t3: 9D; t4: 8D; t5: KD; t6: AS; t7: 3D; t8: 4S; "
	    "t9: 5C; t10: 6H; stock: " HEARTS_2 " JH#2");
	act("deal");
	/* the top of the stock (JH) onto t1, the next onto t2 ... */
	ck_assert_str_eq(pile("t1"), "9H JH");
	ck_assert_str_eq(pile("t10"), "6H 2H");
	ck_assert_str_eq(pile("stock"), "AH");
	ck_assert(!hidden("JH#2") && cset_has(st.seen, card("2H#2")));
	ck_assert(!cset_has(st.seen, card("AH#2")));    /* still in the stock */
	/* a last card: only t1 gets one */
	act("deal");
	ck_assert_str_eq(pile("t1"), "9H JH AH");
	ck_assert_str_eq(pile("t2"), "10C 10H");
	ck_assert_str_eq(legal_of("deal"), "");
}
END_TEST

START_TEST(test_no_deal_onto_an_empty_pile)
{
	lay("t1: 9H; t2: 10C; t3: 9D; t4: 8D; t5: KD; t6: AS; t7: 3D; t8: 4S; "
	    "t9: 5C; stock: " HEARTS_2);
	ck_assert_str_eq(legal_of("deal"), "");
	ck_assert(strstr(refusal("deal"), "'deal' is not legal now: the stock is "
			 "dealt only when no pile is empty (a card of stock onto "
			 "each pile of tableau)") != NULL);
	act("move AS t10");                     /* t6 empty instead */
	ck_assert(strstr(refusal("deal"), "the stock is dealt only when no pile "
			 "is empty") != NULL);
	ck_assert_int_eq(pile_size("stock"), 10);
}
END_TEST

START_TEST(test_full_suit_goes_off)
{
	/* AS onto 2S completes the spades, which go off by themselves;
	 * the face-down 5D under them turns up */
	lay("t1: 5D " SPADES_DOWN "; t2: AS; t3: 9D; down: 5D; stock: 4C");
	act("move AS t1");
	ck_assert_str_eq(pile("t1"), "5D");
	ck_assert(!hidden("5D"));
	ck_assert_str_eq(pile("o1"), "KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S 2S AS");
	ck_assert_int_eq(state_layout_moves(&st), 2);
	/* a whole suit of mixed copies goes too */
	lay("t1: KS QS#2 JS 10S 9S 8S#2 7S 6S 5S 4S 3S 2S#2; t2: AS#2; "
	    "o1: KH QH JH 10H 9H 8H 7H 6H 5H 4H 3H 2H AH; stock: 4C");
	act("move AS#2 t1");
	ck_assert_int_eq(pile_size("o2"), 13);
	ck_assert_int_eq(pile_size("t1"), 0);
	/* a run of the king down to the ace out of suit stays */
	lay("t1: KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S 2H; t2: AH; stock: 4C");
	act("move AH t1");
	ck_assert_int_eq(pile_size("t1"), 13);
	ck_assert_int_eq(pile_size("o1"), 0);
}
END_TEST

START_TEST(test_last_suit_off_wins)
{
	/* seven suits off, the eighth completed */
	char text[1200] = "t1: " SPADES_DOWN_2 "; t2: AS#2";
	const char *suits[7] = {"S", "H", "H", "D", "D", "C", "C"};
	static const char *const rank[13] = {"K", "Q", "J", "10", "9", "8", "7",
					     "6", "5", "4", "3", "2", "A"};
	for (int i = 0; i < 7; i++) {
		snprintf(text + strlen(text), sizeof text - strlen(text),
			 "; o%d:", i + 1);
		for (int r = 0; r < 13; r++)
			snprintf(text + strlen(text), sizeof text - strlen(text),
				 " %s%s%s", rank[r], suits[i], i == 2 || i == 4 ||
				 i == 6 ? "#2" : "");
	}
	lay(text);
	act("move AS#2 t1");
	check_over(true, 104);
}
END_TEST

START_TEST(test_lost_when_no_move_is_left)
{
	/* 6D onto 7C leaves KH on top of t10: then nothing goes on
	 * anything, no pile is empty and the stock is empty */
	lay("t1: 9H; t2: 9C; t3: 9D; t4: 9S; t5: KD; t6: KS; t7: 3D; t8: 3S; "
	    "t9: 7C; t10: KH 6D");
	ck_assert_str_eq(legal(), "move 6D#1 t9");
	act("move 6D t9");
	check_over(false, 0);
}
END_TEST

static Suite *spider_suite(void)
{
	Suite *su = suite_create("spider");
	TCase *tc = tcase_create("rules");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, test_setup_deals_ten_piles);
	tcase_add_test(tc, test_build_down_any_suit);
	tcase_add_test(tc, test_runs_only_in_suit);
	tcase_add_test(tc, test_deal_onto_every_pile);
	tcase_add_test(tc, test_no_deal_onto_an_empty_pile);
	tcase_add_test(tc, test_full_suit_goes_off);
	tcase_add_test(tc, test_last_suit_off_wins);
	tcase_add_test(tc, test_lost_when_no_move_is_left);
	suite_add_tcase(su, tc);
	return su;
}

TEST_MAIN(spider_suite)
