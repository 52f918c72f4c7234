/*
 * check_stendhal.c — Stendhal (games/stendhal.yaml) on the examples of its
 * rules: the minus-suit vote (STN-1, STN-2, STN-D7 .. STN-D9) played
 * through the engine, each tie-break of the election on its own, the deal
 * scoring (STN-4, STN-D5, STN-D6), a whole deal of tricks, who takes a
 * trick as its last card is due, and the end of the match at the
 * threshold with its tie rule.  The trick winner's
 * examples (STN-3, STN-D1 .. D4) are in check_hooks.c.
 */
#include "testutil.h"
#include "scenario.h"

#include <string.h>

#include "engine/elect.h"
#include "engine/engine.h"
#include "engine/place.h"
#include "engine/score.h"

#define STENDHAL TOP_SRCDIR "/games/stendhal.yaml"

static game *g;
static state s;

static void setup(void)
{
	g = scn_load(STENDHAL);
}

static void teardown(void)
{
	game_free(g);
}

static void table(int players, int dealer)
{
	char why[200];
	ck_assert_msg(state_setup(&s, g, players, dealer, NULL, 1, why,
				  sizeof why), "%s", why);
}

static int suit_of_code(char code)
{
	return deck_suit_index(&g->deck, code);
}

/* Deals so that the votes, in the order they are turned up (the dealer's
 * right first, counter-clockwise), are `votes`, and the centre holds
 * `centre`; every seat then lays its vote card.  The other cards are
 * spread over the hands in deck order. */
static void vote(const char *votes, const char *centre)
{
	int n = s.players;
	card_id vote_card[SEAT_MAX], centre_card[8];
	ck_assert_int_eq(scn_card_list(g, votes, vote_card), n);
	int ncentre = centre ? scn_card_list(g, centre, centre_card) : 0;
	cardset used = cset_empty();
	cardset hands[SEAT_MAX];
	memset(hands, 0, sizeof hands);
	for (int i = 0; i < n; i++) {
		int seat = state_seat_plus(&s, s.dealer, -1 - i);
		cset_add(&hands[seat], vote_card[i]);
		cset_add(&used, vote_card[i]);
	}
	for (int i = 0; i < ncentre; i++)
		cset_add(&used, centre_card[i]);
	cardset rest = cset_minus(s.in_play, used);
	CSET_FOREACH(c, rest) {
		int seat = 0;
		while (cset_count(hands[seat]) == s.hand_size)
			seat++;
		cset_add(&hands[seat], c);
	}
	char why[200];
	ck_assert_msg(state_deal_cards(&s, hands, centre_card, ncentre, why,
				       sizeof why), "%s", why);
	ck_assert_int_eq(state_phase_kind(&s), PHASE_VOTE);
	ck_assert_int_eq(s.current, state_seat_plus(&s, s.dealer, 1));
	for (int k = 0; k < n; k++) {
		int seat = s.current;
		int i = (s.dealer - 1 - seat + 2 * n) % n;
		ck_assert_msg(state_apply_card(&s, vote_card[i]),
			      "seat %d cannot vote", seat);
	}
	ck_assert_int_eq(state_phase_kind(&s), PHASE_TRICKS);
}

/* The primary minus suit is `primary`, the second its partner. */
static void check_minus(char primary, char second)
{
	int p = state_elected(&s, 0);
	ck_assert_msg(p == suit_of_code(primary), "elected %c, not %c",
		      p >= 0 ? g->deck.suit[p] : '-', primary);
	ck_assert_int_eq(g->deck.partner[p], suit_of_code(second));
}

START_TEST(test_stn1_rank_tiebreak)
{
	table(6, 0);
	vote("5C JC KH KC 4H JH", NULL);
	check_minus('C', 'D');
}
END_TEST

START_TEST(test_stn2_order_tiebreak)
{
	table(7, 0);
	vote("JD AC 9L 9S AS 9C 3H", "AL");
	check_minus('C', 'D');
	/* the cards left the deal, in the order turned up */
	card_id row[8], want[8];
	ck_assert_int_eq(pile_in_order(&s, g->place[1].first_pile, row), 8);
	ck_assert_int_eq(scn_card_list(g, "JD AC 9L 9S AS 9C 3H AL", want), 8);
	for (int i = 0; i < 8; i++)
		ck_assert_int_eq(row[i], want[i]);
	for (int p = 0; p < 7; p++) {
		ck_assert_int_eq(cset_count(s.hand[p]), 10);
		ck_assert(!cset_meets(s.hand[p], place_cards(&s, 1)));
	}
	ck_assert_int_eq(cset_count(place_cards(&s, 0)), 0);
}
END_TEST

START_TEST(test_stn_d7_leftovers_count)
{
	table(5, 0);
	vote("2S 3S 4H 5D 6C", "7X 8X 9S");
	check_minus('S', 'H');
}
END_TEST

START_TEST(test_stn_d8_highest_rank)
{
	table(6, 0);
	vote("AD 2D KX QX 3S 4C", NULL);
	check_minus('D', 'C');
}
END_TEST

/* Dealer seat 2: the order is seats 1, 0, 4, 3, 2, then the centre. */
START_TEST(test_stn_d9_counter_clockwise)
{
	table(5, 2);
	vote("5C 9S 9C 5S 2H", "3D 4X 6L");
	ck_assert(cset_has(s.dealt[1], scn_card(g, "5C")));
	ck_assert(cset_has(s.dealt[0], scn_card(g, "9S")));
	ck_assert(cset_has(s.dealt[2], scn_card(g, "2H")));
	check_minus('C', 'D');
}
END_TEST

/* During the vote a seat sees neither the others' cards laid nor the
 * centre; a sample of its view deals every card back exactly once and
 * keeps the votes laid so far. */
START_TEST(test_the_vote_is_secret)
{
	table(5, 0);
	state_deal(&s);
	card_id laid[2];
	for (int k = 0; k < 2; k++) {
		laid[k] = cset_first(s.hand[s.current]);
		ck_assert(state_apply_card(&s, laid[k]));
	}
	ck_assert_int_eq(s.current, 3);
	view v;
	state_view(&s, 3, &v);
	ck_assert(cset_is_empty(v.s.passing[1]));
	ck_assert(cset_is_empty(v.s.passing[2]));
	ck_assert(!cset_meets(v.s.hand[3], place_cards(&s, 0)));
	ck_assert(cset_is_empty(place_cards(&v.s, 0)));
	ck_assert_int_eq(v.hidden_slots, 3);
	rng r;
	rng_seed(&r, 5, 0);
	state t;
	view_sample(&v, &r, &t);
	ck_assert(cset_eq(t.hand[3], s.hand[3]));
	ck_assert_int_eq(cset_count(place_cards(&t, 0)), 3);
	for (int p = 0; p < 5; p++)
		ck_assert_int_eq(cset_count(t.hand[p]), 15);
	ck_assert_int_eq(cset_count(t.passing[1]), 1);
	ck_assert_int_eq(cset_count(t.passing[2]), 1);
}
END_TEST

/* Before a player lays, the prompt says what the vote decides: the rule
 * file's words, or without them the election by its name. */
START_TEST(test_the_vote_says_what_it_decides)
{
	static tale t;
	audience me = {0, false};
	table(5, 0);
	state_deal(&s);
	tale_clear(&t);
	state_context(&s, &me, &t);
	ck_assert_str_eq(t.text, "  The vote: lay a card face down; the suit "
			 "turned up most often and its partner become the minus "
			 "suits.\n");
	phase *vote = &g->phase[0];
	const char *says = vote->u.vote.says;
	vote->u.vote.says = NULL;
	tale_clear(&t);
	state_context(&s, &me, &t);
	vote->u.vote.says = says;
	ck_assert_str_eq(t.text, "  The vote: lay a card face down; the suit "
			 "turned up most often is elected as primary.\n");
}
END_TEST

/* ---- the election's tie-breaks one by one --------------------------- */

static election elect(const char *cards, const uint8_t *tie, int ntie)
{
	card_id row[CARD_MAX];
	int n = scn_card_list(g, cards, row);
	election e;
	elect_suit(&g->deck, row, n, tie, ntie, &e);
	return e;
}

static const uint8_t ranks_then_order[] = {ELECT_TIE_RANKS, ELECT_TIE_ORDER};
static const uint8_t order_only[] = {ELECT_TIE_ORDER};

START_TEST(test_elect_unique_most)
{
	election e = elect("2S 3S 4H 5D 6C 7X 8X 9S", ranks_then_order, 2);
	ck_assert_int_eq(e.suit, suit_of_code('S'));
	ck_assert_int_eq(e.how, ELECT_MOST);
	ck_assert_int_eq(e.count[suit_of_code('S')], 3);
	ck_assert_int_eq(e.count[suit_of_code('X')], 2);
}
END_TEST

START_TEST(test_elect_ranks_first_second_third)
{
	election e = elect("AD 2D KX QX 3S 4C", ranks_then_order, 2);
	ck_assert_int_eq(e.suit, suit_of_code('D'));
	ck_assert_int_eq(e.how, ELECT_RANKS);
	ck_assert_int_eq(e.rank_step, 0);
	e = elect("KH 2H KX QX", ranks_then_order, 2);
	ck_assert_int_eq(e.suit, suit_of_code('X'));
	ck_assert_int_eq(e.rank_step, 1);
	e = elect("5C JC KH KC 4H JH", ranks_then_order, 2);
	ck_assert_int_eq(e.suit, suit_of_code('C'));
	ck_assert_int_eq(e.rank_step, 2);
	ck_assert_uint_eq(e.tied, 1u << suit_of_code('H') | 1u << suit_of_code('C'));
}
END_TEST

START_TEST(test_elect_ranks_narrow_then_order)
{
	/* three suits of two; L drops out by ranks, C and S stay tied and the
	 * first card of the two is 9S */
	election e = elect("9S 9C 5C 8L 4L 5S", ranks_then_order, 2);
	ck_assert_int_eq(e.how, ELECT_ORDER);
	ck_assert_uint_eq(e.after_ranks, 1u << suit_of_code('S') | 1u << suit_of_code('C'));
	ck_assert_int_eq(e.suit, suit_of_code('S'));
	ck_assert_int_eq(e.first, 0);
}
END_TEST

START_TEST(test_elect_order_alone)
{
	/* with order only, the ranks do not count: 5C comes before AD */
	election e = elect("5C AD 2C 3D", order_only, 1);
	ck_assert_int_eq(e.how, ELECT_ORDER);
	ck_assert_int_eq(e.first, 0);
	ck_assert_int_eq(e.suit, suit_of_code('C'));
	e = elect("5C AD 2C 3D", ranks_then_order, 2);
	ck_assert_int_eq(e.suit, suit_of_code('D'));
	/* no tie-break listed: order */
	e = elect("5C AD 2C 3D", NULL, 0);
	ck_assert_int_eq(e.suit, suit_of_code('C'));
	e = elect("", NULL, 0);
	ck_assert_int_eq(e.suit, -1);
	ck_assert_int_eq(e.how, ELECT_NOTHING);
}
END_TEST

/* ---- scoring -------------------------------------------------------- */

/* After a vote electing `votes`' suit: seat p took won[p] in tricks[p]
 * tricks; the deal is scored. */
static void score(const char *votes, const char *const *won, const int *tricks)
{
	vote(votes, "8D 9H 10C");
	for (int p = 0; p < s.players; p++) {
		s.won[p] = won[p] ? scn_card_set(g, won[p]) : cset_empty();
		s.tricks_won[p] = (uint8_t)tricks[p];
	}
	s.checks = false;       /* the cards are made up */
	score_deal(&s);
}

START_TEST(test_stn4_scoring)
{
	table(5, 0);
	/* X elected: the minus suits are X and L */
	const char *won[5] = {"3X 5X 9X JX AX 10L 2S", "KS", NULL, NULL, NULL};
	score("2X 3L 4X 5S 6X", won, (const int[]){2, 1, 0, 0, 0});
	check_minus('X', 'L');
	scn_check_scores(&s, (const int64_t[]){-17, 1, 0, 0, 0});
}
END_TEST

/* Seat 0's score when it took `won` in one trick, spades elected. */
static int64_t spades_elected(const char *won)
{
	table(5, 0);
	const char *w[5] = {won, NULL, NULL, NULL, NULL};
	score("5S 6S 7S 5X 6X", w, (const int[]){1, 0, 0, 0, 0});
	check_minus('S', 'H');
	return s.deal_score[0];
}

START_TEST(test_stn_d5_lowest_card_with_aces)
{
	ck_assert_int_eq(spades_elected("AS"), -1);
	ck_assert_int_eq(spades_elected("AS 2S"), -3);
	ck_assert_int_eq(spades_elected("KH QH"), -13);
	/* the ace ranks high: with 7S the lowest is 7S, 1 + 7 */
	ck_assert_int_eq(spades_elected("AS 7S"), -8);
	/* both minus suits: each its own lowest */
	ck_assert_int_eq(spades_elected("KS 2H 3H 4C"), -13 - 3);
}
END_TEST

START_TEST(test_stn_d6_clean_bonus)
{
	table(5, 0);
	const char *w[5] = {"5D 7C 9X 2D", "5C 6D 7X 8L", "9D 10D", "QL", NULL};
	score("5S 6S 7S 5X 6X", w, (const int[]){1, 1, 1, 1, 0});
	check_minus('S', 'H');
	/* D C X: 6; D C X L in one trick: 10; only D: 1; only L: 1; no
	 * trick: 0 */
	scn_check_scores(&s, (const int64_t[]){6, 10, 1, 1, 0});
}
END_TEST

/* ---- a whole deal and the match -------------------------------------- */

START_TEST(test_a_whole_deal_adds_up)
{
	table(6, 0);
	vote("5C JC KH KC 4H JH", NULL);
	ck_assert_int_eq(s.current, 1);          /* the dealer's left leads */
	scn_play_lowest(&s, false);
	ck_assert_int_eq(s.last_trick.number, 12);
	int64_t sum = 0;
	for (int p = 0; p < 6; p++)
		sum += s.deal_score[p];
	ck_assert_int_lt(sum, 0);
	ck_assert_int_eq(s.failed_check, 0);
}
END_TEST

/* The suit played most wins a trick: only its last card can tell whether
 * it takes the trick, and the cards said to take it are those that do. */
START_TEST(test_the_last_card_knows_the_lead)
{
	table(5, 0);
	vote("5S 6S 7S 5X 6X", "8D 9H 10C");
	cardset taking;
	for (int k = 0; k < 4; k++) {
		cardset legal = state_legal_cards(&s);
		ck_assert(!state_cards_taking_lead(&s, legal, &taking));
		ck_assert(state_apply_card(&s, cset_first(legal)));
	}
	cardset legal = state_legal_cards(&s);
	ck_assert(state_cards_taking_lead(&s, legal, &taking));
	int seat = s.current;
	CSET_FOREACH(c, legal) {
		state t = s;
		ck_assert(state_apply_card(&t, c));
		ck_assert_int_eq(t.last_trick.winner == seat, cset_has(taking, c));
	}
}
END_TEST

/* Whether the match ends after a deal that scores 0 everywhere (nobody
 * took a card), from the totals `before` and the kept `reached`. */
static bool ends_after(const int64_t *before, bool reached)
{
	table(5, 0);
	vote("5S 6S 7S 5X 6X", "8D 9H 10C");
	memcpy(s.total, before, 5 * sizeof *before);
	s.kept[0][0] = reached;
	memset(s.won, 0, sizeof s.won);
	memset(s.tricks_won, 0, sizeof s.tricks_won);
	s.checks = false;
	score_deal(&s);
	return s.over;
}

START_TEST(test_match_ends_at_the_threshold)
{
	/* nobody has taken anything: every deal score is 0 */
	ck_assert(!ends_after((const int64_t[]){-99, 0, 5, 0, 0}, false));
	ck_assert(ends_after((const int64_t[]){-100, 0, 5, 0, 0}, false));
	ck_assert_int_eq(s.place[2], 1);
	/* the top is tied: play on, even though -100 is reached */
	ck_assert(!ends_after((const int64_t[]){-100, 5, 5, 0, 0}, false));
	ck_assert_int_eq(s.kept[0][0], 1);
	/* reached before and still reached though every total is above -T */
	ck_assert(ends_after((const int64_t[]){-90, 6, 5, 0, 0}, true));
	ck_assert(!ends_after((const int64_t[]){-90, 6, 5, 0, 0}, false));
}
END_TEST

START_TEST(test_threshold_option)
{
	int64_t opt[OPTIONS_MAX] = {66};
	char why[200];
	ck_assert(state_setup(&s, g, 5, 0, opt, 1, why, sizeof why));
	vote("5S 6S 7S 5X 6X", "8D 9H 10C");
	int64_t before[SEAT_MAX] = {-66, 0, 1, 0, 0};
	memcpy(s.total, before, sizeof s.total);
	s.checks = false;
	score_deal(&s);
	ck_assert(s.over);
}
END_TEST

static Suite *stendhal_suite(void)
{
	Suite *su = suite_create("stendhal");
	TCase *tc = tcase_create("vote");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, test_the_vote_says_what_it_decides);
	tcase_add_test(tc, test_stn1_rank_tiebreak);
	tcase_add_test(tc, test_stn2_order_tiebreak);
	tcase_add_test(tc, test_stn_d7_leftovers_count);
	tcase_add_test(tc, test_stn_d8_highest_rank);
	tcase_add_test(tc, test_stn_d9_counter_clockwise);
	tcase_add_test(tc, test_the_vote_is_secret);
	tcase_add_test(tc, test_elect_unique_most);
	tcase_add_test(tc, test_elect_ranks_first_second_third);
	tcase_add_test(tc, test_elect_ranks_narrow_then_order);
	tcase_add_test(tc, test_elect_order_alone);
	suite_add_tcase(su, tc);
	tc = tcase_create("scoring");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, test_stn4_scoring);
	tcase_add_test(tc, test_stn_d5_lowest_card_with_aces);
	tcase_add_test(tc, test_stn_d6_clean_bonus);
	tcase_add_test(tc, test_a_whole_deal_adds_up);
	tcase_add_test(tc, test_the_last_card_knows_the_lead);
	tcase_add_test(tc, test_match_ends_at_the_threshold);
	tcase_add_test(tc, test_threshold_option);
	suite_add_tcase(su, tc);
	return su;
}

TEST_MAIN(stendhal_suite)
