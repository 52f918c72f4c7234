/*
 * check_solve.c — the solver of solitaires seen whole (front/solve.h):
 * it finds a win on a small FreeCell position and the line it gives
 * wins when played; it keeps to its budget of positions, and so does
 * the search that bounds its choices off the first; it plays only
 * when it sees every card (FreeCell, or --cheat), and with cards hidden
 * its choice does not depend on them (two Klondike deals that differ
 * only in face-down cards get the same move); a move the rules call
 * safe (FreeCell's card sent up that no other could need) is the only
 * one a search tries, and one that could hurt is not called safe; a
 * last resort (Spider's deal) is tried after the others; Spider's
 * piles are one in the key once the stock is dealt, the cards built in
 * runs are counted, and Spider's last suit, every card face up and
 * nothing to gain but runs, is put together and won; a place no move
 * takes from (Golf's waste) is kept, its order under the top no part of
 * a position.
 */
#include "testutil.h"
#include "scenario.h"
#include "solitaire.h"

#include <stdio.h>
#include <string.h>

#include "engine/engine.h"
#include "engine/place.h"
#include "front/bot.h"
#include "front/solve.h"

#define GAMES TOP_SRCDIR "/games/"

static void teardown(void)
{
	game_free(g);
}

/* Every card but the court cards up; the courts in four columns, each
 * king over its queen and jack. */
static const char *const COURTS =
	"f1: AS 2S 3S 4S 5S 6S 7S 8S 9S 10S; "
	"f2: AH 2H 3H 4H 5H 6H 7H 8H 9H 10H; "
	"f3: AD 2D 3D 4D 5D 6D 7D 8D 9D 10D; "
	"f4: AC 2C 3C 4C 5C 6C 7C 8C 9C 10C; "
	"c1: JS QH KC; c2: JH QC KS; c3: JD QS KH; c4: JC QD KD";

/* Plays the line found on s, each move legal in turn. */
static void play_line(state *s, const solve_result *r)
{
	for (int i = 0; i < r->len; i++)
		ck_assert(state_apply(s, r->line[i]));
}

START_TEST(test_finds_a_win_and_it_plays)
{
	g = scn_load(GAMES "freecell.yaml");
	lay_position(NULL, COURTS);
	static solve_result r;
	ck_assert(solve_search(&st, 10000, 0, 0, &r));
	ck_assert(r.won);
	ck_assert_int_gt(r.len, 0);
	ck_assert_int_le(r.nodes, 10000);
	play_line(&st, &r);
	ck_assert(state_solved(&st));
}
END_TEST

START_TEST(test_keeps_to_its_budget)
{
	g = scn_load(GAMES "freecell.yaml");
	new_game(NULL);
	state_deal(&st);
	static solve_result r;
	for (uint64_t tie = 0; tie < 3; tie++) {
		state s = st;
		solve_search(&s, 50, 0, tie, &r);
		ck_assert_int_le(r.nodes, 50);
		/* its best line stays legal, ties shuffled or not */
		play_line(&s, &r);
	}
}
END_TEST

START_TEST(test_bounded_search_finds_a_win_and_keeps_to_its_budget)
{
	g = scn_load(GAMES "freecell.yaml");
	lay_position(NULL, COURTS);
	static solve_result r;
	state s = st;
	ck_assert(solve_search_bounded(&s, 10000, 0, &r));
	ck_assert_int_le(r.nodes, 10000);
	play_line(&s, &r);
	ck_assert(state_solved(&s));
	/* a whole deal in 50 positions: its line stays legal */
	game_free(g);
	g = scn_load(GAMES "golf.yaml");
	new_game(NULL);
	state_deal(&st);
	s = st;
	solve_search_bounded(&s, 50, 0, &r);
	ck_assert_int_le(r.nodes, 50);
	play_line(&s, &r);
}
END_TEST

START_TEST(test_plays_freecell_seen_whole)
{
	g = scn_load(GAMES "freecell.yaml");
	lay_position(NULL, COURTS);
	bot b;
	bot_init(&b, BOT_SOLVE, 1, 0);
	b.playouts = 10000;
	for (int step = 0; step < 100 && !st.over; step++) {
		view v;
		bot_view(&b, &st, 0, &v);
		ck_assert(solve_sees_all(&v));
		bot_must_apply(&st, bot_choose(&b, &v));
	}
	ck_assert(state_solved(&st));
}
END_TEST

/* Spades and hearts up to the nine, diamonds and clubs to the eight:
 * 9D may go up safely (8S and 8C are up), 10S and 10H may go up but
 * not safely (9D, 9C are not). */
static const char *const NEARLY =
	"f1: AS 2S 3S 4S 5S 6S 7S 8S 9S; f2: AH 2H 3H 4H 5H 6H 7H 8H 9H; "
	"f3: AD 2D 3D 4D 5D 6D 7D 8D; f4: AC 2C 3C 4C 5C 6C 7C 8C; "
	"c1: 10S; c2: 9D; c3: 9C 10H";

static bool goes_up(const action *a)
{
	return a->to >= pile_no("f1") && a->to <= pile_no("f4");
}

START_TEST(test_safe_moves_are_the_rules)
{
	g = scn_load(GAMES "freecell.yaml");
	lay_position(NULL, NEARLY);
	action moves[ACTIONS_MAX];
	int n = state_legal(&st, moves), up = 0;
	for (int i = 0; i < n; i++) {
		bool nine = moves[i].card[0] == card("9D");
		up += goes_up(&moves[i]);
		/* only 9D's move up; not 10S's or 10H's, nor 9D to a cell */
		ck_assert_int_eq(state_move_advice(&st, &moves[i]) ==
				 ADVICE_SAFE, nine && goes_up(&moves[i]));
	}
	ck_assert_int_eq(up, 3);
}
END_TEST

START_TEST(test_safe_move_is_made_without_trying_others)
{
	g = scn_load(GAMES "freecell.yaml");
	lay_position(NULL, NEARLY);
	static solve_result r;
	/* whatever the order of moves of equal gain, the one position a
	 * search of one expands is after the safe move */
	for (uint64_t tie = 0; tie < 8; tie++) {
		solve_search(&st, 1, 0, tie, &r);
		ck_assert_int_eq(r.nodes, 1);
		ck_assert_int_eq(r.len, 1);
		ck_assert_int_eq(r.line[0].card[0], card("9D"));
		ck_assert(goes_up(&r.line[0]));
	}
}
END_TEST

START_TEST(test_last_resort_is_tried_last)
{
	g = scn_load(GAMES "spider-1-suit.yaml");
	lay_position(NULL, "t1: AS; t2: 2S; t3: 3S; t4: 4S; t5: 5S; t6: 6S; "
		     "t7: 7S; t8: 8S; t9: 9S; t10: 10S; stock: JS QS KS; "
		     "down: JS QS KS");
	action moves[ACTIONS_MAX];
	int n = state_legal(&st, moves), last = 0;
	for (int i = 0; i < n; i++)
		last += state_move_advice(&st, &moves[i]) == ADVICE_LAST;
	ck_assert_int_eq(last, 1);      /* the deal */
	ck_assert_int_gt(n, 1);
	/* the deal shows three cards, the others nothing (a card put on
	 * another in sequence gains less): still the one position a search
	 * of one expands is not after it, whatever the order of equals */
	static solve_result r;
	for (uint64_t tie = 0; tie < 8; tie++) {
		solve_search(&st, 1, 0, tie, &r);
		ck_assert_int_eq(r.nodes, 1);
		ck_assert_int_eq(r.len, 1);
		ck_assert(state_move_advice(&st, &r.line[0]) != ADVICE_LAST);
	}
}
END_TEST

/* Two face-down cards of the tableau change places. */
static void swap_down(state *s)
{
	card_id a = CARD_NONE, b = CARD_NONE;
	for (int c = 0; c < s->g->deck.ncards && b == CARD_NONE; c++) {
		if (!cset_has(s->down, (card_id)c) || !s->pile_of[c])
			continue;
		if (a == CARD_NONE)
			a = (card_id)c;
		else if (s->pile_of[c] != s->pile_of[a])
			b = (card_id)c;
	}
	ck_assert(b != CARD_NONE);
	int pile_a = s->pile_of[a] - 1, depth_a = s->depth[a];
	int pile_b = s->pile_of[b] - 1, depth_b = s->depth[b];
	pile_lift(s, a);
	pile_lift(s, b);
	pile_put(s, pile_b, depth_b, a);
	pile_put(s, pile_a, depth_a, b);
}

START_TEST(test_hidden_cards_are_not_read)
{
	g = scn_load(GAMES "klondike.yaml");
	new_game(NULL);
	state_deal(&st);
	state other = st;
	swap_down(&other);
	bot b1, b2;
	bot_init(&b1, BOT_SOLVE, 5, 0);
	bot_init(&b2, BOT_SOLVE, 5, 0);
	view v1, v2;
	bot_view(&b1, &st, 0, &v1);
	bot_view(&b2, &other, 0, &v2);
	ck_assert(!solve_sees_all(&v1));
	action a1 = bot_choose(&b1, &v1), a2 = bot_choose(&b2, &v2);
	ck_assert(action_eq(&a1, &a2));
	/* cheating, it sees them */
	b1.cheat = true;
	bot_view(&b1, &st, 0, &v1);
	ck_assert(solve_sees_all(&v1));
}
END_TEST

/* Spider with one suit: seven suits off (copies 1 to 7, king first),
 * the stock dealt, the last suit (copy 8) in six piles out of order. */
static void lay_last_suit(void)
{
	static const char *const RANKS[] = {"K", "Q", "J", "10", "9", "8", "7",
					    "6", "5", "4", "3", "2", "A"};
	char text[1000] = "", *at = text;
	for (int suit = 1; suit <= 7; suit++) {
		at += sprintf(at, "o%d:", suit);
		for (int r = 0; r < 13; r++)
			at += suit == 1 ? sprintf(at, " %sS", RANKS[r])
					: sprintf(at, " %sS#%d", RANKS[r], suit);
		at += sprintf(at, "; ");
	}
	sprintf(at, "t1: KS#8 QS#8 2S#8; t2: JS#8 5S#8; t3: 10S#8 9S#8 4S#8; "
		"t4: 8S#8 AS#8; t5: 7S#8 3S#8; t6: 6S#8");
	lay_position(NULL, text);
}

START_TEST(test_spent_deal_makes_piles_interchangeable)
{
	g = scn_load(GAMES "spider-1-suit.yaml");
	int tableau = g->place_of_pile[pile_no("t1")];
	lay_position(NULL, "t1: AS; t2: 2S; t3: 3S; t4: 4S; t5: 5S; t6: 6S; "
		     "t7: 7S; t8: 8S; t9: 9S; t10: 10S; stock: JS QS KS; "
		     "down: JS QS KS");
	ck_assert(!state_piles_interchangeable(&st, tableau));
	lay_last_suit();
	ck_assert(state_piles_interchangeable(&st, tableau));
}
END_TEST

START_TEST(test_cards_in_sequence_are_counted)
{
	g = scn_load(GAMES "spider.yaml");
	/* 8H on 9H and 3C on 4C; 7S is off suit, 4C lies on a face-down
	 * card */
	lay_position(NULL, "t1: 9H 8H 7S; t2: 5C 4C 3C; t3: 2D; down: 5C");
	ck_assert_int_eq(state_cards_in_sequence(&st), 2);
	act("move 7S t10");
	ck_assert_int_eq(state_cards_in_sequence(&st), 2);
	act("move 3C t9");
	ck_assert_int_eq(state_cards_in_sequence(&st), 1);
}
END_TEST

START_TEST(test_spider_last_suit_is_won)
{
	g = scn_load(GAMES "spider-1-suit.yaml");
	lay_last_suit();
	static solve_result r;
	ck_assert(solve_search(&st, 2000, 0, 0, &r));
	play_line(&st, &r);
	ck_assert(state_solved(&st));
}
END_TEST

START_TEST(test_kept_places_are_the_ones_never_taken_from)
{
	/* Golf's waste keeps its cards: the order under its top cannot
	 * matter; the columns and the stock are taken from */
	g = scn_load(GAMES "golf.yaml");
	new_game(NULL);
	state_deal(&st);
	ck_assert(state_place_kept(&st, g->place_of_pile[pile_no("waste")]));
	ck_assert(!state_place_kept(&st, g->place_of_pile[pile_no("c1")]));
	ck_assert(!state_place_kept(&st, g->place_of_pile[pile_no("stock")]));
	game_free(g);
	/* Klondike's foundations give cards back down */
	g = scn_load(GAMES "klondike.yaml");
	new_game(NULL);
	state_deal(&st);
	for (int k = 0; k < g->nplaces; k++)
		ck_assert(!state_place_kept(&st, k));
}
END_TEST

static Suite *solve_suite(void)
{
	Suite *su = suite_create("solve");
	TCase *tc = tcase_create("solve");
	tcase_add_checked_fixture(tc, NULL, teardown);
	tcase_add_test(tc, test_finds_a_win_and_it_plays);
	tcase_add_test(tc, test_keeps_to_its_budget);
	tcase_add_test(tc, test_bounded_search_finds_a_win_and_keeps_to_its_budget);
	tcase_add_test(tc, test_plays_freecell_seen_whole);
	tcase_add_test(tc, test_hidden_cards_are_not_read);
	tcase_add_test(tc, test_safe_moves_are_the_rules);
	tcase_add_test(tc, test_safe_move_is_made_without_trying_others);
	tcase_add_test(tc, test_last_resort_is_tried_last);
	tcase_add_test(tc, test_spent_deal_makes_piles_interchangeable);
	tcase_add_test(tc, test_cards_in_sequence_are_counted);
	tcase_add_test(tc, test_spider_last_suit_is_won);
	tcase_add_test(tc, test_kept_places_are_the_ones_never_taken_from);
	suite_add_tcase(su, tc);
	return su;
}

TEST_MAIN(solve_suite)
