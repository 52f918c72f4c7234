/*
 * check_klondike.c — Klondike (games/klondike.yaml) on the layout phase:
 * the deal of the tableau on a fixed deck, building down in alternating
 * colours, kings to empty piles, runs, the foundations, the stock and the
 * waste with one or three cards turned, redeals and the option passes,
 * and the end: a known deal played to the win, a game lost, the limit.
 *
 * A position is written as text, pile after pile, each pile's cards from
 * the bottom up:
 *
 *     "t1: 2C 9H 8C; t2: KD; f1: AS 2S; waste: 4D 7S; stock: 5C 6C; down: 2C"
 *
 * A pile is named by its word: t1 .. t7 (the tableau), f1 .. f4 (the
 * foundations), waste, stock.  The stock's last card is its top, turned
 * first.  "down:" lists the tableau cards lying face down (it may be
 * given more than once).  lay() builds such a position in a game in play;
 * every card not named is out of the game, so the score counts only the
 * foundations named.  deal() scripts the deck of a new game instead.
 * Decisions are typed as a player types them ("move 9C t5", "up waste"),
 * and pile() reads a pile back in the notation above.
 */
#include "testutil.h"
#include "scenario.h"
#include "solitaire.h"

#include <stdio.h>
#include <string.h>

#include "engine/engine.h"
#include "engine/place.h"
#include "front/bot.h"
#include "front/command.h"
#include "front/solitaire.h"

#define GAMES TOP_SRCDIR "/games/"

#define SPADES "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS"
#define HEARTS "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH"
#define DIAMONDS "AD 2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD"

static void setup(void)
{
	g = scn_load(GAMES "klondike.yaml");
}

static void teardown(void)
{
	game_free(g);
}

/* ---- positions in words ---------------------------------------------- */

/* Whether the card lies face down in the tableau. */
static bool hidden(const char *name)
{
	return cset_has(st.down, card(name));
}

/* The options with draw and passes as given. */
static const int64_t *options(int draw, int passes)
{
	static int64_t opt[OPTIONS_MAX];
	ck_assert_int_eq(g->noptions, 2);
	opt[game_option_index(g, "draw")] = draw;
	opt[game_option_index(g, "passes")] = passes;
	return opt;
}

/* The position of `text` (see the top of the file) in a new game with
 * the options given; the cards not named are out of the game. */
static void lay_with(const int64_t *opts, const char *text)
{
	new_game(opts);
	deal("");
	piles_clear(&st);
	st.down = st.seen = cset_empty();
	clear_layout();
	cardset named = cset_empty(), down = cset_empty();
	char buf[800];
	ck_assert(strlen(text) < sizeof buf);
	snprintf(buf, sizeof buf, "%s", text);
	char *save = NULL;
	for (char *e = strtok_r(buf, ";", &save); e;
	     e = strtok_r(NULL, ";", &save)) {
		char *colon = strchr(e, ':');
		ck_assert_msg(colon != NULL, "no ':' in '%s'", e);
		*colon = '\0';
		char *name = e + strspn(e, " "), *cards = colon + 1;
		name[strcspn(name, " ")] = '\0';
		cards += strspn(cards, " ");
		if (strcmp(name, "down") == 0)
			down = cset_or(down, scn_card_set(g, cards));
		else
			named = push_cards(pile_no(name), cards, named);
	}
	/* what lies face up in the waste, tableau and foundations is seen */
	cardset up = cset_minus(cset_minus(named, down),
				pile_cards(&st, pile_no("stock")));
	st.down = down;
	st.seen = up;
}

static void lay(const char *text)
{
	lay_with(NULL, text);
}

/* The counter redeals. */
static int64_t redeals(void)
{
	for (int i = 0; i < g->ncounters; i++)
		if (strcmp(g->counter_name[i], "redeals") == 0)
			return st.counter[i][0];
	ck_abort_msg("no counter 'redeals'");
	return -1;
}

/* The game is over, won or not, with `score` (the cards sent up). */
static void check_over(bool won, int score)
{
	ck_assert(st.over);
	ck_assert_int_eq(st.current, SEAT_END);
	ck_assert(state_solved(&st) == won);
	ck_assert_int_eq(st.deal_score[0], score);
	ck_assert_int_eq(st.total[0], score);
	ck_assert_str_eq(legal(), "");
}

/* ---- setup ------------------------------------------------------------ */

START_TEST(test_setup_deals_the_triangle)
{
	/* the deck in its order: AS to t1, 2S to t2 ... 7S to t7, then 8S
	 * to t2 in the second round, and so on */
	new_game(NULL);
	deal("");
	const char *want[7] = {
		"AS",
		"2S 8S",
		"3S 9S AH",
		"4S 10S 2H 6H",
		"5S JS 3H 7H 10H",
		"6S QS 4H 8H JH KH",
		"7S KS 5H 9H QH AD 2D",
	};
	cardset tops = cset_empty();
	for (int i = 0; i < 7; i++) {
		char word[4];
		snprintf(word, sizeof word, "t%d", i + 1);
		ck_assert_int_eq(pile_size(word), i + 1);
		ck_assert_str_eq(pile(word), want[i]);
		cset_add(&tops, pile_top(&st, pile_no(word)));
	}
	/* exactly the top cards face up; nothing else has been seen */
	ck_assert(cset_eq(tops, scn_card_set(g, "AS 8S AH 6H 10H KH 2D")));
	ck_assert_int_eq(cset_count(st.down), 21);
	ck_assert(cset_is_empty(cset_and(st.down, tops)));
	ck_assert(hidden("2S") && hidden("7S") && hidden("QH"));
	ck_assert(cset_eq(st.seen, tops));
	/* the other 24 wait in the stock, 3D on top */
	ck_assert_int_eq(pile_size("stock"), 24);
	ck_assert_str_eq(pile("stock"), "KC QC JC 10C 9C 8C 7C 6C 5C 4C 3C "
			 "2C AC KD QD JD 10D 9D 8D 7D 6D 5D 4D 3D");
	ck_assert_str_eq(pile("waste"), "");
	for (int i = 1; i <= 4; i++) {
		char word[4];
		snprintf(word, sizeof word, "f%d", i);
		ck_assert_int_eq(pile_size(word), 0);
	}
	ck_assert_int_eq(redeals(), 0);
	ck_assert(!st.over);
	ck_assert_int_eq(st.current, 0);
	/* every legal first move: AS can even go on 2D */
	ck_assert_str_eq(legal(), "deal, move AS t7, up t1 f1, up t1 f2, "
			 "up t1 f3, up t1 f4, up t3 f1, up t3 f2, up t3 f3, "
			 "up t3 f4");
}
END_TEST

/* ---- the tableau --------------------------------------------------------- */

START_TEST(test_build_down_alternating)
{
	lay("t1: 9C; t2: 10H; t3: 10S; t4: JD; t5: 10D; t6: 8H; waste: 9D; "
	    "stock: 2C");
	ck_assert_str_eq(legal_of("move"), "move 10S t4, move 8H t1, "
			 "move 9C t2, move 9C t5, move waste t3");
	ck_assert(!try_act("move 9C t3"));      /* black on black */
	ck_assert(!try_act("move 9C t4"));      /* 9 on a jack */
	ck_assert(!try_act("move 9C t6"));      /* 9 on an 8: up, not down */
	ck_assert(!try_act("move 10H t4"));     /* red on red */
	ck_assert(!try_act("move waste t2"));   /* red on red */
	ck_assert(!try_act("move waste t4"));   /* 9 on a jack */
	ck_assert_str_eq(pile("t1"), "9C");     /* nothing has moved */
	ck_assert_str_eq(pile("waste"), "9D");
	act("move 9C t2");
	ck_assert_str_eq(pile("t2"), "10H 9C");
	ck_assert_str_eq(pile("t1"), "");
	act("move waste t3");
	ck_assert_str_eq(pile("t3"), "10S 9D");
	ck_assert_str_eq(pile("waste"), "");
	act("move 8H t2");
	ck_assert_str_eq(pile("t2"), "10H 9C 8H");
	ck_assert_int_eq(state_layout_moves(&st), 3);
}
END_TEST

/* A move refused says why in the rule file's words, with the cards it
 * would have moved; words that name several moves, or a card face down,
 * get the moves of that name instead. */
START_TEST(test_refusals_say_why)
{
	lay("t1: 9C; t2: 10H; t3: 10S; t4: 2C JD; t5: 10D; t6: 8H; down: 2C; "
	    "waste: 9D; stock: 3C");
	ck_assert_str_eq(refusal("move 9C t3"), "'move 9C t3' is not legal now: "
			 "the tableau builds down in alternating colours, a king "
			 "on an empty pile (9C onto 10S); the legal 'move' moves are: "
			 "move 10S t4, move 8H t1, move waste t3, move 9C t2, "
			 "move 9C t5");
	ck_assert_str_eq(refusal("up t6 f1"), "'up t6 f1' is not legal now: the "
			 "foundations build up by suit from the ace (8H onto an "
			 "empty f1); the moves are: move 10S t4, move 8H t1, move "
			 "waste t3, move 9C t2, move 9C t5, deal");
	ck_assert_str_eq(refusal("redeal"), "'redeal' is not legal now: the "
			 "waste turns over only when the stock is empty, and while "
			 "passes are left (the pile waste onto stock); the moves "
			 "are: move 10S t4, move 8H t1, move waste t3, move 9C t2, "
			 "move 9C t5, deal");
	/* up from the waste or the tableau: which is not said */
	ck_assert(strstr(refusal("up"), "'up' is not a move now") != NULL);
	/* 2C lies face down: nothing is told of it */
	ck_assert(strstr(refusal("move 2C t3"), "'move 2C t3' is not legal "
			 "now; the legal 'move' moves are") != NULL);
	act("move waste t3");
	ck_assert(strstr(refusal("move waste t1"), "'move waste t1' is not legal "
			 "now: the waste is empty") != NULL);
}
END_TEST

/* The cards lie as in `other`. */
static bool same_piles(const state *other)
{
	return memcmp(st.pile_of, other->pile_of, sizeof st.pile_of) == 0 &&
	       memcmp(st.depth, other->depth, sizeof st.depth) == 0;
}

/* A search bot asked at each position in turn, its move made; how many
 * of its moves took back the move before (while another was legal). */
static int undone(bool no_undo)
{
	lay("t1: 2C 7S 6H; t2: 3C 7C; t3: 4C 10H 9C; t4: 5C 10D; "
	    "down: 2C 3C 4C 5C");
	bot adviser;
	bot_init(&adviser, BOT_SEARCH, 1, 0);
	adviser.playouts = 20;
	adviser.no_undo = no_undo;
	state last = st, before;
	int undos = 0;
	for (int i = 0; i < 30 && st.current == 0; i++) {
		action list[ACTIONS_MAX];
		int n = state_legal(&st, list);
		view v;
		state_view(&st, 0, &v);
		before = st;
		ck_assert(state_apply(&st, bot_choose(&adviser, &v)));
		undos += i > 0 && n > 1 && same_piles(&last);
		last = before;
	}
	return undos;
}

/* The text loop's hints come from one bot that remembers where it was
 * asked: 6H and 9C can only go to and fro, and once every move leads
 * back somewhere seen, the hint still never undoes the last move while
 * there is another (a bot that forgets does). */
START_TEST(test_hints_never_undo_the_last)
{
	ck_assert_int_eq(undone(true), 0);
	ck_assert_int_gt(undone(false), 0);
}
END_TEST

/* The move the search bot makes without searching, in words of its
 * outcome: the pile it filled, after it; "" when there is none. */
static const char *clear_move(const char *filled)
{
	action list[ACTIONS_MAX];
	int n = state_legal(&st, list);
	int i = solitaire_clear_move(&st, list, n);
	if (i < 0)
		return "";
	ck_assert(state_apply(&st, list[i]));
	return pile(filled);
}

/* A card sent up that turns a face-down card and takes nothing from
 * another card needs no search; 5H sent up would leave 4S nowhere to
 * go, so the search decides; and an ace that may go to any empty
 * foundation is one of several moves of one card, so the search
 * decides too. */
START_TEST(test_clear_moves_need_no_search)
{
	lay("t1: 7C 2S; f1: AS; t2: 9H; waste: KD; stock: 4C; down: 7C");
	ck_assert_str_eq(clear_move("f1"), "AS 2S");
	lay("t1: 5H; f1: AH 2H 3H 4H; waste: 4S; t2: 9C; stock: 4C");
	ck_assert_str_eq(clear_move("f1"), "");
	lay("t1: AD; t2: 9C; stock: 4C");
	ck_assert_str_eq(clear_move("f1"), "");
}
END_TEST

/* The search bot decides from what the player sees: in two games that
 * differ only in the cards it cannot see (the stock's order, the
 * face-down cards), it makes the same moves until they turn up
 * different cards. */
START_TEST(test_search_reads_only_the_view)
{
	new_game(NULL);
	deal("");
	rng r;
	rng_seed(&r, 5, (uint64_t)_i);
	view v;
	state_view(&st, 0, &v);
	state other;
	view_sample(&v, &r, &other);
	bot a, b;
	bot_init(&a, BOT_SEARCH, 3, 0);
	bot_init(&b, BOT_SEARCH, 3, 0);
	a.playouts = b.playouts = 6;
	int compared = 0;
	while (compared < 8 && st.current == 0 && other.current == 0 &&
	       cset_eq(st.seen, other.seen)) {
		view va, vb;
		state_view(&st, 0, &va);
		state_view(&other, 0, &vb);
		action x = bot_choose(&a, &va), y = bot_choose(&b, &vb);
		ck_assert(action_compare(&x, &y) == 0);
		ck_assert(state_apply(&st, x));
		ck_assert(state_apply(&other, y));
		compared++;
	}
	ck_assert_int_gt(compared, 0);
}
END_TEST

START_TEST(test_only_a_king_to_an_empty_pile)
{
	/* t1, t5, t6 and t7 empty */
	lay("t2: 5C KD QS; t3: QH; t4: 6S KC; down: 5C 6S; waste: KH; "
	    "stock: 2C");
	ck_assert_str_eq(legal_of("move"), "move KC t1, move KC t5, "
			 "move KC t6, move KC t7, move KD t1, move KD t5, "
			 "move KD t6, move KD t7, move QH t4, move waste t1, "
			 "move waste t5, move waste t6, move waste t7");
	ck_assert(!try_act("move QH t1"));
	ck_assert(!try_act("move QS t5"));      /* a run headed by a queen */
	/* a run headed by a king: both cards go, 5C turns up */
	act("move KD t5");
	ck_assert_str_eq(pile("t5"), "KD QS");
	ck_assert_str_eq(pile("t2"), "5C");
	ck_assert(!hidden("5C"));
	act("move waste t1");
	ck_assert_str_eq(pile("t1"), "KH");
	/* among empty piles no destination need be said: the first */
	act("move KC");
	ck_assert_str_eq(pile("t6"), "KC");
	ck_assert_str_eq(pile("t4"), "6S");
	ck_assert(!hidden("6S"));
	ck_assert(!try_act("move QH t7"));
	act("move QH t6");
	ck_assert_str_eq(pile("t6"), "KC QH");
	ck_assert_str_eq(pile("t3"), "");
}
END_TEST

/* 2C lies face down under the run 9H 8C 7H. */
#define RUN "t1: 2C 9H 8C 7H; t2: 3D 10S; t3: 9D; down: 2C 3D; waste: 4S; " \
	"stock: 5S"

START_TEST(test_run_moves_whole)
{
	lay(RUN);
	ck_assert_str_eq(legal_of("move"), "move 8C t3, move 9D t2, "
			 "move 9H t2");
	ck_assert(!try_act("move 7H t3"));      /* 7 on a 9 */
	ck_assert(!try_act("move 2C t3"));      /* face down: no run */
	act("move 9H t2");
	ck_assert_str_eq(pile("t2"), "3D 10S 9H 8C 7H");
	ck_assert_str_eq(pile("t1"), "2C");
	ck_assert(!hidden("2C"));               /* exposed, turned up */
	ck_assert(cset_has(st.seen, card("2C")));
	ck_assert(hidden("3D"));
	/* part of a run: 8C takes 7H along; 9H stays, 2C stays down */
	lay(RUN);
	act("move 8C t3");
	ck_assert_str_eq(pile("t3"), "9D 8C 7H");
	ck_assert_str_eq(pile("t1"), "2C 9H");
	ck_assert(hidden("2C"));
	ck_assert(!hidden("9H"));
}
END_TEST

START_TEST(test_run_named_by_its_pile)
{
	/* of t1's runs only 9H fits t2, only 8C fits t3 */
	lay(RUN);
	ck_assert(!try_act("move t1"));         /* two runs fit somewhere */
	act("move t1 t3");
	ck_assert_str_eq(pile("t3"), "9D 8C 7H");
	lay(RUN);
	act("move t1 t2");
	ck_assert_str_eq(pile("t2"), "3D 10S 9H 8C 7H");
	ck_assert_str_eq(pile("t1"), "2C");
}
END_TEST

/* ---- the foundations ---------------------------------------------------- */

START_TEST(test_foundations_ace_first_then_suit)
{
	lay("t1: 2S; t2: AS; t3: 7C AH; t4: 3S; down: 7C; waste: 2H; "
	    "stock: 4C");
	ck_assert_str_eq(legal_of("up"), "up t2 f1, up t2 f2, up t2 f3, "
			 "up t2 f4, up t3 f1, up t3 f2, up t3 f3, up t3 f4");
	ck_assert(!try_act("up t1"));           /* a 2 on an empty one */
	ck_assert(!try_act("up t1 f2"));
	ck_assert(!try_act("up waste"));
	act("up t2");                           /* the first empty one */
	ck_assert_str_eq(pile("f1"), "AS");
	ck_assert_str_eq(pile("t2"), "");
	act("up t3 f3");
	ck_assert_str_eq(pile("f3"), "AH");
	ck_assert_str_eq(pile("t3"), "7C");
	ck_assert(!hidden("7C"));
	ck_assert_str_eq(legal_of("up"), "up t1 f1, up waste f3");
	ck_assert(!try_act("up waste f1"));     /* 2H on AS: another suit */
	ck_assert(!try_act("up t1 f3"));        /* 2S on AH */
	ck_assert(!try_act("up t4"));           /* 3S on AS: a rank missed */
	act("up waste");
	ck_assert_str_eq(pile("f3"), "AH 2H");
	act("up t1");
	act("up t4");
	ck_assert_str_eq(pile("f1"), "AS 2S 3S");
	ck_assert_str_eq(pile("f2"), "");
	ck_assert_str_eq(pile("f4"), "");
	ck_assert_str_eq(legal_of("up"), "");
}
END_TEST

START_TEST(test_foundation_back_to_the_tableau)
{
	lay("f1: AS 2S 3S 4S 5S; f2: AH 2H 3H 4H 5H; f3: " DIAMONDS "; "
	    "t1: 6C; t2: 6H; waste: 9S; stock: 2C");
	/* 5S black on 6H, 5H red on 6C; KD to an empty pile */
	ck_assert_str_eq(legal_of("move"), "move f1 t2, move f2 t1, "
			 "move f3 t3, move f3 t4, move f3 t5, move f3 t6, "
			 "move f3 t7");
	ck_assert(!try_act("move f1 t1"));      /* black on black */
	ck_assert(!try_act("move f2 t2"));      /* red on red */
	act("move f2 t1");
	ck_assert_str_eq(pile("t1"), "6C 5H");
	ck_assert_str_eq(pile("f2"), "AH 2H 3H 4H");
	/* and back up again */
	act("up t1");
	ck_assert_str_eq(pile("f2"), "AH 2H 3H 4H 5H");
	ck_assert_str_eq(pile("t1"), "6C");
	act("move f3 t3");
	ck_assert_str_eq(pile("t3"), "KD");
	ck_assert_int_eq(pile_size("f3"), 12);
}
END_TEST

/* ---- the stock and the waste ------------------------------------------- */

START_TEST(test_deal_one)
{
	new_game(options(1, 0));
	deal("");
	ck_assert_str_eq(legal_of("redeal"), "");
	act("deal");
	ck_assert_str_eq(pile("waste"), "3D");
	act("deal");
	ck_assert_str_eq(pile("waste"), "3D 4D");
	ck_assert_int_eq(pile_size("stock"), 22);
	ck_assert(cset_has(st.seen, card("4D")));
	ck_assert(!cset_has(st.seen, card("5D")));       /* still in the stock */
}
END_TEST

START_TEST(test_deal_three)
{
	new_game(options(3, 0));
	deal("");
	act("deal");
	/* one packet turned over: the third card on top */
	ck_assert_str_eq(pile("waste"), "3D 4D 5D");
	ck_assert_int_eq(pile_top(&st, pile_no("waste")), card("5D"));
	ck_assert_int_eq(pile_size("stock"), 21);
	act("deal");
	ck_assert_str_eq(pile("waste"), "3D 4D 5D 6D 7D 8D");
	ck_assert_int_eq(pile_size("stock"), 18);
	/* only the top card of the waste plays: 8D, not 7D, which would go
	 * on 8S (t2) */
	ck_assert_str_eq(legal_of("move"), "move AS t7");
	ck_assert_str_eq(legal_of("up"), "up t1 f1, up t1 f2, up t1 f3, "
			 "up t1 f4, up t3 f1, up t3 f2, up t3 f3, up t3 f4");
}
END_TEST

START_TEST(test_deal_three_fewer_left)
{
	/* two left: both turned, as one packet */
	lay_with(options(3, 0), "waste: 2C 3C 4C; stock: 5D 6D");
	act("deal");
	ck_assert_str_eq(pile("waste"), "2C 3C 4C 6D 5D");
	ck_assert_str_eq(pile("stock"), "");
	ck_assert_str_eq(legal_of("deal"), "");
	ck_assert_str_eq(legal_of("redeal"), "redeal");
	/* one left */
	lay_with(options(3, 0), "waste: 2C; stock: 9S");
	act("deal");
	ck_assert_str_eq(pile("waste"), "2C 9S");
	ck_assert_str_eq(pile("stock"), "");
}
END_TEST

START_TEST(test_redeal_only_when_the_stock_is_empty)
{
	lay("waste: 2C 3C; stock: 9S");
	ck_assert_str_eq(legal(), "deal");
	ck_assert(!try_act("redeal"));
	act("deal");
	ck_assert_str_eq(legal(), "redeal");
	ck_assert(!try_act("deal"));
	act("redeal");
	ck_assert_str_eq(pile("waste"), "");
	ck_assert_str_eq(pile("stock"), "9S 3C 2C");    /* 2C turned first */
	ck_assert_int_eq(redeals(), 1);
	ck_assert_str_eq(legal(), "deal");              /* nothing to redeal */
}
END_TEST

/* Turns the whole stock over onto the waste, checking that no redeal is
 * offered meanwhile; the waste then. */
static const char *deal_the_stock(int draw)
{
	static char waste[400];
	int deals = 0;
	while (pile_size("stock") > 0) {
		ck_assert_str_eq(legal_of("redeal"), "");
		act("deal");
		deals++;
	}
	ck_assert_int_eq(deals, (24 + draw - 1) / draw);
	snprintf(waste, sizeof waste, "%s", pile("waste"));
	return waste;
}

/* The stock after a redeal is the stock as dealt, and deals the same
 * cards in the same order: one card at a time (_i = 0), three (_i = 1). */
START_TEST(test_redeal_restores_the_order)
{
	int draw = _i ? 3 : 1;
	new_game(options(draw, 0));
	deal("");
	char stock[400], waste[400];
	snprintf(stock, sizeof stock, "%s", pile("stock"));
	snprintf(waste, sizeof waste, "%s", deal_the_stock(draw));
	ck_assert_int_eq(pile_size("waste"), 24);
	act("redeal");
	ck_assert_str_eq(pile("stock"), stock);
	ck_assert_str_eq(pile("waste"), "");
	ck_assert_int_eq(redeals(), 1);
	ck_assert_str_eq(deal_the_stock(draw), waste);
	act("redeal");
	ck_assert_str_eq(pile("stock"), stock);
	ck_assert_int_eq(redeals(), 2);
}
END_TEST

/* passes = _i: the stock gone through _i times, _i - 1 redeals; then no
 * move is left, and the game is lost with the one card sent up. */
START_TEST(test_passes_limit_the_redeals)
{
	int passes = _i;
	lay_with(options(1, passes), "f1: AS; t1: 9H; stock: 2C 3C");
	int through = 0;
	while (!st.over) {
		ck_assert_int_lt(through, passes);
		act("deal");
		act("deal");
		through++;
		if (through < passes) {
			ck_assert_str_eq(legal(), "redeal");
			act("redeal");
			ck_assert_int_eq(redeals(), through);
		}
	}
	ck_assert_int_eq(through, passes);
	ck_assert_int_eq(redeals(), passes - 1);
	ck_assert_str_eq(pile("waste"), "3C 2C");
	check_over(false, 1);
}
END_TEST

START_TEST(test_passes_zero_is_no_limit)
{
	lay_with(options(1, 0), "f1: AS; t1: 9H; stock: 2C 3C");
	for (int i = 1; i <= 30; i++) {
		act("deal");
		act("deal");
		ck_assert_str_eq(legal(), "redeal");
		act("redeal");
		ck_assert_int_eq(redeals(), i);
	}
	ck_assert_str_eq(pile("stock"), "2C 3C");
	ck_assert(!st.over);
}
END_TEST

/* ---- the end ------------------------------------------------------------- */

/* The known deal: the stock holds the aces to the sixes in the order they
 * go up (AS .. 6S, AH .. 6H, AD .. 6D, AC .. 6C), and each tableau pile,
 * from its top down, the cards that go up next: t7 is 7S 7H 7D 7C 8S 8H
 * 8D, t6 8C 9S .. 10S, and so on to t1, KC.  The tableau is dealt a
 * round at a time, so each round below gives the pile's next card up
 * from the bottom. */
#define KNOWN_DEAL \
	"KC KD KS QH JH 10S 8D "        /* round 1: t1 .. t7 */ \
	"KH QC QS JS 9C 8H "            /* round 2: t2 .. t7 */ \
	"QD JC 10C 9D 8S "              \
	"JD 10D 9H 7C "                 \
	"10H 9S 7D "                    \
	"8C 7H "                        \
	"7S "                           /* round 7: t7 */ \
	"AS 2S 3S 4S 5S 6S AH 2H 3H 4H 5H 6H "  /* the stock, top first */ \
	"AD 2D 3D 4D 5D 6D AC 2C 3C 4C 5C 6C"

START_TEST(test_known_deal_is_won)
{
	new_game(NULL);
	deal(KNOWN_DEAL);
	ck_assert_str_eq(pile("t1"), "KC");
	ck_assert_str_eq(pile("t4"), "QH QS JC JD");
	ck_assert_str_eq(pile("t7"), "8D 8H 8S 7C 7D 7H 7S");
	ck_assert_str_eq(pile("stock"), "6C 5C 4C 3C 2C AC 6D 5D 4D 3D 2D AD "
			 "6H 5H 4H 3H 2H AH 6S 5S 4S 3S 2S AS");
	/* the stock: each card turned goes up at once; the aces find the
	 * first empty foundation, so the suits lie in f1 .. f4 in turn */
	for (int i = 0; i < 24; i++) {
		act("deal");
		act("up waste");
	}
	ck_assert_str_eq(pile("f1"), "AS 2S 3S 4S 5S 6S");
	ck_assert_str_eq(pile("f2"), "AH 2H 3H 4H 5H 6H");
	ck_assert_str_eq(pile("f3"), "AD 2D 3D 4D 5D 6D");
	ck_assert_str_eq(pile("f4"), "AC 2C 3C 4C 5C 6C");
	ck_assert_int_eq(pile_size("stock") + pile_size("waste"), 0);
	/* then the tableau from t7 down to t1, each card exposed in turn */
	for (int t = 7; t >= 1; t--) {
		char word[4], line[16];
		snprintf(word, sizeof word, "t%d", t);
		snprintf(line, sizeof line, "up %s", word);
		while (pile_size(word) > 0) {
			card_id top = pile_top(&st, pile_no(word));
			ck_assert(!st.over);
			ck_assert(!cset_has(st.down, top));      /* turned up */
			act(line);
		}
	}
	ck_assert_int_eq(state_layout_moves(&st), 24 * 2 + 28);
	ck_assert_str_eq(pile("f4"), "AC 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC");
	ck_assert(cset_is_empty(st.down));
	ck_assert_int_eq(cset_count(st.seen), 52);
	check_over(true, 52);
}
END_TEST

START_TEST(test_last_card_up_wins)
{
	lay("f1: " SPADES "; f2: " HEARTS "; f3: " DIAMONDS "; "
	    "f4: AC 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC; waste: KC");
	ck_assert_str_eq(legal_of("up"), "up waste f4");
	act("up waste");
	check_over(true, 52);
}
END_TEST

START_TEST(test_lost_when_no_move_is_left)
{
	lay("f1: AS 2S 3S; t1: 4S; t2: 9H; t3: 7C");
	ck_assert_str_eq(legal(), "up t1 f1");
	act("up t1");
	/* t1 is empty, but there is no king; no stock, no waste */
	check_over(false, 4);
}
END_TEST

START_TEST(test_limit_ends_the_game)
{
	/* 2C goes round and round: a deal, a redeal, ... */
	lay_with(options(1, 0), "f1: AS; f2: AH; stock: 2C");
	for (int i = 0; i < 1999; i++) {
		act(i % 2 ? "redeal" : "deal");
		ck_assert(!st.over);
	}
	act("redeal");
	ck_assert_int_eq(state_layout_moves(&st), 2000);
	check_over(false, 2);
}
END_TEST

START_TEST(test_stall_ends_the_game)
{
	/* with `stall: 200`, the same round ends after 200 moves in a row
	 * that show no new card and raise no progress */
	game_free(g);
	g = scn_load(TOP_SRCDIR "/tests/data/games/klondike-stall.yaml");
	lay_with(options(1, 0), "f1: AS; f2: AH; stock: 2C");
	act("deal");                    /* 2C seen for the first time */
	for (int i = 1; i <= 200; i++) {
		ck_assert(!st.over);
		act(i % 2 ? "redeal" : "deal");
	}
	ck_assert_int_eq(state_layout_moves(&st), 201);
	check_over(false, 2);
}
END_TEST


static Suite *klondike_suite(void)
{
	Suite *su = suite_create("klondike");
	TCase *tc = tcase_create("setup");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, test_setup_deals_the_triangle);
	suite_add_tcase(su, tc);
	tc = tcase_create("tableau");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, test_build_down_alternating);
	tcase_add_test(tc, test_refusals_say_why);
	tcase_add_test(tc, test_hints_never_undo_the_last);
	tcase_add_loop_test(tc, test_search_reads_only_the_view, 0, 3);
	tcase_add_test(tc, test_clear_moves_need_no_search);
	tcase_add_test(tc, test_only_a_king_to_an_empty_pile);
	tcase_add_test(tc, test_run_moves_whole);
	tcase_add_test(tc, test_run_named_by_its_pile);
	suite_add_tcase(su, tc);
	tc = tcase_create("foundations");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, test_foundations_ace_first_then_suit);
	tcase_add_test(tc, test_foundation_back_to_the_tableau);
	suite_add_tcase(su, tc);
	tc = tcase_create("stock");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, test_deal_one);
	tcase_add_test(tc, test_deal_three);
	tcase_add_test(tc, test_deal_three_fewer_left);
	tcase_add_test(tc, test_redeal_only_when_the_stock_is_empty);
	tcase_add_loop_test(tc, test_redeal_restores_the_order, 0, 2);
	tcase_add_loop_test(tc, test_passes_limit_the_redeals, 1, 5);
	tcase_add_test(tc, test_passes_zero_is_no_limit);
	suite_add_tcase(su, tc);
	tc = tcase_create("end");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, test_known_deal_is_won);
	tcase_add_test(tc, test_last_card_up_wins);
	tcase_add_test(tc, test_lost_when_no_move_is_left);
	tcase_add_test(tc, test_limit_ends_the_game);
	tcase_add_test(tc, test_stall_ends_the_game);
	suite_add_tcase(su, tc);
	return su;
}

TEST_MAIN(klondike_suite)
