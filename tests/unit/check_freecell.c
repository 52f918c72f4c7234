/*
 * check_freecell.c — FreeCell (games/freecell.yaml) on the layout phase:
 * the deal of eight face-up columns, the free cells, building down in
 * alternating colours, any card to an empty column, runs moved only in
 * sequence and only as many cards as the free cells and empty columns
 * allow (the supermove), the foundations, and the end: a known deal
 * played to the win, a game lost, the limit.
 *
 * A position is written pile after pile, each pile's cards from the
 * bottom up: "c1: 9H 8C; a: 7D; f1: AS" (columns c1 .. c8, free cells
 * a .. d, foundations f1 .. f4); the cards not named are out of the game.
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
	g = scn_load(GAMES "freecell.yaml");
}

static void teardown(void)
{
	game_free(g);
}

static void lay(const char *text)
{
	lay_position(NULL, text);
}

/* The game is over, won or not, with `score` (the cards sent up). */
static void check_over(bool won, int score)
{
	ck_assert(st.over);
	ck_assert_int_eq(st.current, SEAT_END);
	ck_assert(state_solved(&st) == won);
	ck_assert_int_eq(st.deal_score[0], score);
	ck_assert_str_eq(legal(), "");
}

/* ---- setup ------------------------------------------------------------ */

START_TEST(test_setup_deals_eight_columns_face_up)
{
	/* the deck in its order, a round at a time: AS to c1 ... 8S to c8,
	 * 9S to c1 in the second round; only c1 .. c4 get a seventh card */
	new_game(NULL);
	deal("");
	const char *want[8] = {
		"AS 9S 4H QH 7D 2C 10C",
		"2S 10S 5H KH 8D 3C JC",
		"3S JS 6H AD 9D 4C QC",
		"4S QS 7H 2D 10D 5C KC",
		"5S KS 8H 3D JD 6C",
		"6S AH 9H 4D QD 7C",
		"7S 2H 10H 5D KD 8C",
		"8S 3H JH 6D AC 9C",
	};
	for (int i = 0; i < 8; i++) {
		char word[4];
		snprintf(word, sizeof word, "c%d", i + 1);
		ck_assert_int_eq(pile_size(word), i < 4 ? 7 : 6);
		ck_assert_str_eq(pile(word), want[i]);
	}
	/* every card lies face up and has been seen; the stock is empty */
	ck_assert(cset_is_empty(st.down));
	ck_assert_int_eq(cset_count(st.seen), 52);
	ck_assert_int_eq(pile_size("stock"), 0);
	ck_assert(!st.over);
	/* all the tops are black: nothing builds; any to any cell */
	action list[ACTIONS_MAX];
	ck_assert_int_eq(state_legal(&st, list), 8 * 4);
	ck_assert_str_eq(legal_of("up"), "");
	ck_assert_str_eq(legal_of("move"), "");
	ck_assert(strstr(legal_of("cell"), "cell c8 d") != NULL);
}
END_TEST

/* ---- the free cells ------------------------------------------------------ */

START_TEST(test_free_cells_hold_one_card)
{
	lay("c1: 9H 8C; c2: 10S; c3: 7D; b: 4C; d: KH");
	/* among the empty cells no destination need be said: the first */
	ck_assert_str_eq(legal_of("cell"), "cell c1 a, cell c1 c, cell c2 a, "
			 "cell c2 c, cell c3 a, cell c3 c");
	act("cell c1");
	ck_assert_str_eq(pile("a"), "8C");
	ck_assert(!try_act("cell c3 a"));       /* a holds 8C */
	ck_assert(!try_act("cell c3 b"));
	ck_assert(strstr(refusal("cell c3 d"), "'cell c3 d' is not legal now: "
			 "a free cell holds one card (7D onto KH)") != NULL);
	act("cell c3 c");
	ck_assert_str_eq(pile("c"), "7D");
	ck_assert_str_eq(legal_of("cell"), "");         /* all four full */
	/* from a cell onto a column, by the same rule as the columns */
	ck_assert(!try_act("move d c2"));       /* KH on 10S */
	ck_assert(!try_act("move b c1"));       /* 4C on 9H */
	act("move c c3");                       /* any card to an empty column */
	ck_assert_str_eq(pile("c3"), "7D");
	act("move a c1");
	ck_assert_str_eq(pile("c1"), "9H 8C");
	act("move c3 c1");
	ck_assert_str_eq(pile("c1"), "9H 8C 7D");
}
END_TEST

/* ---- the columns --------------------------------------------------------- */

START_TEST(test_build_down_alternating)
{
	lay("c1: 9C; c2: 10H; c3: 10S; c4: JD; c5: 10D; c6: 8H; c7: 2S; "
	    "c8: 3S; a: 9D");
	ck_assert_str_eq(legal_of("move"), "move 10S c4, move 8H c1, "
			 "move 9C c2, move 9C c5, move a c3");
	ck_assert(!try_act("move 9C c3"));      /* black on black */
	ck_assert(!try_act("move 9C c4"));      /* 9 on a jack */
	ck_assert(!try_act("move 10H c4"));     /* red on red */
	ck_assert(!try_act("move a c2"));       /* red on red */
	ck_assert(!try_act("move 2S c8"));      /* black on black, up */
	act("move 9C c5");
	ck_assert_str_eq(pile("c5"), "10D 9C");
	act("move 8H c5");
	ck_assert_str_eq(pile("c5"), "10D 9C 8H");
	/* c1 and c6 are empty now: any card may go there, a cell's too */
	ck_assert(try_act("move a c1"));
	ck_assert_str_eq(pile("c1"), "9D");
	act("move 2S c6");
	ck_assert_str_eq(pile("c6"), "2S");
}
END_TEST

/* 5C 9H 8C 7D 6S: the run 9H .. 6S in sequence; 5C under it is not. */
#define RUN "c1: 5C 9H 8C 7D 6S; c2: 10S; c3: 9D; c4: 7C; c5: 2H; " \
	"c6: 3H; c7: 4H; c8: KD"

START_TEST(test_runs_in_sequence)
{
	lay(RUN);
	/* 4 free cells, no empty column: up to 5 cards; 9H .. 6S are 4 */
	ck_assert_str_eq(legal_of("move"), "move 8C c3, move 9D c2, "
			 "move 9H c2");
	act("move 9H c2");
	ck_assert_str_eq(pile("c2"), "10S 9H 8C 7D 6S");
	ck_assert_str_eq(pile("c1"), "5C");
	/* a run broken in the middle moves only from above the break */
	lay("c1: 9H 8C 7C 6H; c2: 10S; c3: 8D; c4: KD; c5: 2H; c6: 3H; "
	    "c7: 4H; c8: QD");
	ck_assert_str_eq(legal_of("move"), "move 7C c3");
	ck_assert_str_eq(refusal("move 9H c2"), "'move 9H c2' is not legal now: "
			 "a run moved is in sequence, down in alternating "
			 "colours (7C on 8C); the legal 'move' moves are: move 7C c3");
	ck_assert(!try_act("move 8C c2"));
	act("move 7C c3");
	ck_assert_str_eq(pile("c3"), "8D 7C 6H");
}
END_TEST

/* The run QH .. 6D (7 cards) onto KS, with so many free cells and
 * empty columns: (1 + free cells) x 2^empty columns must reach 7. */
START_TEST(test_supermove_capacity)
{
	static const struct {
		int cells, empty;
	} table[] = {
		{4, 0}, {3, 1}, {2, 1}, {1, 2}, {0, 2}, {0, 3}, {1, 1}, {4, 1},
	};
	int cells = table[_i].cells, empty = table[_i].empty;
	char text[400];
	snprintf(text, sizeof text, "c1: QH JS 10H 9S 8H 7S 6D; c2: KS; "
		 "c3: 2H; c4: 3H; c5: 4H; c6: 5H; c7: 9D; c8: 10D; a: %s; "
		 "b: %s; c: %s; d: %s", cells > 0 ? "" : "AC",
		 cells > 1 ? "" : "2C", cells > 2 ? "" : "3C",
		 cells > 3 ? "" : "4C");
	lay(text);
	for (int e = 0; e < empty; e++) {       /* c3 .. emptied */
		char word[16];
		snprintf(word, sizeof word, "c%d", 3 + e);
		pile_remove(&st, pile_top(&st, pile_no(word)));
	}
	int most = (1 + cells) << empty;
	if (most >= 7) {
		act("move QH c2");
		ck_assert_str_eq(pile("c2"), "KS QH JS 10H 9S 8H 7S 6D");
		ck_assert_str_eq(pile("c1"), "");
		return;
	}
	char want[120];
	snprintf(want, sizeof want, "'move QH c2' is not legal now: 'move' "
		 "moves at most %d cards here now", most);
	ck_assert_str_eq(pile("c1"), "QH JS 10H 9S 8H 7S 6D");
	const char *why = refusal("move QH c2");
	ck_assert_msg(strstr(why, want) == why, "%s", why);
	ck_assert(strstr(why, "; not 7 (QH onto KS)") != NULL);
}
END_TEST

START_TEST(test_supermove_to_an_empty_column)
{
	/* 1 free cell, 1 empty column (c8): onto a card, 4 cards; onto the
	 * empty column itself, 2 */
	lay("c1: QH JS 10H 9S; c2: KS; c3: 2H; c4: 3H; c5: 4H; c6: 5H; "
	    "c7: 6H; a: AC; b: 2C; c: 3C");
	ck_assert(try_act("move QH c2") && try_act("move QH c1"));
	ck_assert_str_eq(pile("c1"), "QH JS 10H 9S");   /* 4 onto a card */
	ck_assert(strstr(refusal("move JS c8"), "'move JS c8' is not legal now: "
			 "'move' moves at most 2 cards here now, (1 + free cells) "
			 "x 2 to the power of the empty columns not moved to; not "
			 "3 (JS onto an empty c8)") != NULL);
	act("move 10H c8");
	ck_assert_str_eq(pile("c8"), "10H 9S");
	ck_assert_str_eq(pile("c1"), "QH JS");
}
END_TEST

/* ---- the foundations ---------------------------------------------------- */

START_TEST(test_foundations_by_suit)
{
	lay("c1: 2S; c2: AS; c3: 3S; a: AH; b: 2D; c8: 2H");
	ck_assert_str_eq(legal_of("up"), "up a f1, up a f2, up a f3, up a f4, "
			 "up c2 f1, up c2 f2, up c2 f3, up c2 f4");
	ck_assert(!try_act("up c1"));           /* a 2 on an empty one */
	ck_assert(!try_act("up b"));
	act("up c2");
	act("up a");
	ck_assert_str_eq(pile("f1"), "AS");
	ck_assert_str_eq(pile("f2"), "AH");
	ck_assert(!try_act("up c3"));           /* a rank missed */
	ck_assert(!try_act("up c1 f2"));        /* another suit */
	act("up c1");
	act("up c3");
	act("up c8");
	ck_assert_str_eq(pile("f1"), "AS 2S 3S");
	ck_assert_str_eq(pile("f2"), "AH 2H");
	ck_assert_str_eq(legal_of("up"), "");
}
END_TEST

/* ---- the end ------------------------------------------------------------- */

/* The known deal: the cards in the order they go up (AS AH AD AC 2S ..
 * KC), column c1 holding the first seven from its top down, c2 the next
 * seven, and so on; dealt a round at a time from the bottom up. */
static void deal_known(void)
{
	static const char *const rank[13] = {"A", "2", "3", "4", "5", "6", "7",
					     "8", "9", "10", "J", "Q", "K"};
	static const char suit[4] = {'S', 'H', 'D', 'C'};
	const int size[8] = {7, 7, 7, 7, 6, 6, 6, 6};
	int start[8], at = 0;
	for (int i = 0; i < 8; i++) {
		start[i] = at;
		at += size[i];
	}
	char order[400] = "";
	for (int round = 0; round < 7; round++)
		for (int i = 0; i < 8; i++) {
			if (round >= size[i])
				continue;
			int up = start[i] + size[i] - 1 - round;
			snprintf(order + strlen(order), sizeof order - strlen(order),
				 "%s%s%c", order[0] ? " " : "", rank[up / 4],
				 suit[up % 4]);
		}
	new_game(NULL);
	deal(order);
}

START_TEST(test_known_deal_is_won)
{
	deal_known();
	ck_assert_str_eq(pile("c1"), "2D 2H 2S AC AD AH AS");
	ck_assert_str_eq(pile("c8"), "KC KD KH KS QC QD");
	for (int i = 1; i <= 8; i++) {
		char word[4], line[16];
		snprintf(word, sizeof word, "c%d", i);
		snprintf(line, sizeof line, "up %s", word);
		while (pile_size(word) > 0) {
			ck_assert(!st.over);
			act(line);
		}
	}
	ck_assert_int_eq(state_layout_moves(&st), 52);
	ck_assert_str_eq(pile("f4"), "AC 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC");
	check_over(true, 52);
}
END_TEST

START_TEST(test_lost_when_no_move_is_left)
{
	/* four cells full, no column empty; once 2S is up nothing builds
	 * and nothing goes up */
	lay("f1: AS; c1: 9C; c2: 9S; c3: 5C; c4: 5S; c5: 7C; c6: 7S; c7: JC; "
	    "c8: 3H 2S; a: KH; b: 8C; c: 6C; d: 10C");
	ck_assert_str_eq(legal(), "up c8 f1");
	ck_assert(!try_act("move b c8"));
	act("up c8");
	check_over(false, 2);
}
END_TEST

START_TEST(test_limit_ends_the_game)
{
	/* 9H to and fro between a cell and the empty column: 2000 moves */
	lay("f1: AS; c1: 9H");
	for (int i = 0; i < 1999; i++) {
		act(i % 2 ? "move a c1" : "cell c1 a");
		ck_assert(!st.over);
	}
	act("move a c1");
	ck_assert_int_eq(state_layout_moves(&st), 2000);
	check_over(false, 1);
}
END_TEST

static Suite *freecell_suite(void)
{
	Suite *su = suite_create("freecell");
	TCase *tc = tcase_create("setup");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, test_setup_deals_eight_columns_face_up);
	suite_add_tcase(su, tc);
	tc = tcase_create("moves");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, test_free_cells_hold_one_card);
	tcase_add_test(tc, test_build_down_alternating);
	tcase_add_test(tc, test_runs_in_sequence);
	tcase_add_loop_test(tc, test_supermove_capacity, 0, 8);
	tcase_add_test(tc, test_supermove_to_an_empty_column);
	tcase_add_test(tc, test_foundations_by_suit);
	suite_add_tcase(su, tc);
	tc = tcase_create("end");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, test_known_deal_is_won);
	tcase_add_test(tc, test_lost_when_no_move_is_left);
	tcase_add_test(tc, test_limit_ends_the_game);
	suite_add_tcase(su, tc);
	return su;
}

TEST_MAIN(freecell_suite)
