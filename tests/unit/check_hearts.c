/*
 * check_hearts.c — standard Hearts through games/hearts.yaml, one test
 * per rule: the 2C lead, no points on the first trick, breaking hearts,
 * shooting the moon, the pass rotation and the end at 100; and the lead
 * of a trick as the rules of thumb read it.
 *
 * Deals are scripted: the hands after the pass, what each seat passes and
 * the tricks in play order; the hands dealt are worked out backwards, so
 * each test shows the exact position it is about.
 */
#include "testutil.h"
#include "scenario.h"

#include <string.h>

#include "engine/engine.h"
#include "engine/phase.h"
#include "engine/score.h"
#include "lang/expr.h"
#include "engine/game.h"
#include "lang/schema.h"
#include "front/thumb.h"

static game *G;

static void load_game(void)
{
	G = scn_load(TOP_SRCDIR "/games/hearts.yaml");
}

static void free_game(void)
{
	game_free(G);
	deck_cleanup();
	expr_cleanup();
	schema_cleanup();
}

/* ======================================================================
 * Cards, set-up, simple players
 * ====================================================================== */

static card_id card(const char *name)
{
	return scn_card(G, name);
}

static cardset card_set(const char *text)
{
	return scn_card_set(G, text);
}

static void setup(state *s, int dealer, uint64_t seed)
{
	char why[200];
	ck_assert_msg(state_setup(s, G, 4, dealer, NULL, seed, why, sizeof why),
		      "%s", why);
	s->checks = true;
}

/* ======================================================================
 * Scripted deals (the first deal: three cards to the left)
 * ====================================================================== */

typedef struct script {
	int dealer;
	const char *hand[4];            /* after the pass */
	const char *pass[4];            /* NULL: the receiver's first three */
	const char *trick[13];          /* NULL: lowest legal from here */
	const char *winners;
} script;

static int pass_cards(const script *sc, int q, card_id *out)
{
	if (sc->pass[q])
		return scn_card_list(G, sc->pass[q], out);
	card_id all[CARD_MAX];
	scn_card_list(G, sc->hand[(q + 1) % 4], all);
	memcpy(out, all, 3 * sizeof *out);
	return 3;
}

static void script_deal(state *s, const script *sc)
{
	cardset hands[4];
	for (int q = 0; q < 4; q++)
		hands[q] = card_set(sc->hand[q]);
	for (int q = 0; q < 4; q++) {
		card_id c[3];
		ck_assert_int_eq(pass_cards(sc, q, c), 3);
		for (int i = 0; i < 3; i++) {
			ck_assert(cset_has(hands[(q + 1) % 4], c[i]));
			cset_del(&hands[(q + 1) % 4], c[i]);
			cset_add(&hands[q], c[i]);
		}
	}
	char why[200];
	ck_assert_msg(state_deal_cards(s, hands, NULL, 0, why, sizeof why),
		      "%s", why);
}

static void script_pass(state *s, const script *sc)
{
	ck_assert_int_eq(state_phase_kind(s), PHASE_PASS);
	ck_assert_int_eq(state_pass_offset(s), 1);
	while (s->current >= 0 && state_phase_kind(s) == PHASE_PASS) {
		int q = s->current;
		card_id c[3];
		pass_cards(sc, q, c);
		ck_assert(state_apply_card(s, c[s->pass_chosen[q]]));
	}
	for (int q = 0; q < 4; q++)
		ck_assert_msg(cset_eq(s->hand[q], card_set(sc->hand[q])),
			      "seat %d: not the hand expected after the pass", q);
}

static void script_tricks(state *s, const script *sc, int from, int upto)
{
	scn_play_tricks(s, sc->trick, sc->winners, from, upto);
}

/* Refuses card `name` and leaves the state byte for byte as it was. */
static void refused(state *s, const char *name)
{
	state before = *s;
	ck_assert_msg(!state_apply_card(s, card(name)), "%s was accepted", name);
	ck_assert(memcmp(s, &before, sizeof *s) == 0);
}

/* Seat 3 is dealt 2C and passes it to seat 0.  On the first trick seat
 * 1 is void in clubs with AH and spades; seat 3 holds only QS and
 * hearts. */
static const script first_trick = {
	.hand = {
		"2C 3C 4C 5C 6C 7C 2D 3D 4D 5D 6D 7D 8D",
		"AH 2S 3S 4S 5S 6S 7S 8S 9S 10S JS KS AS",
		"8C 9C 10C JC QC KC AC 9D 10D JD QD KD AD",
		"QS 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH",
	},
	.pass = {"AH 2S 3S", "8C 9D AD", "QS 2H KH", "2C 3C 2D"},
	.trick = {"2C 2S AC QS"},
	.winners = "2",
};

/* The same with AS and QS swapped: seat 1 holds QS and AH among
 * spades, seat 3 AS among hearts. */
static const script first_trick_qs = {
	.hand = {
		"2C 3C 4C 5C 6C 7C 2D 3D 4D 5D 6D 7D 8D",
		"AH QS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS KS",
		"8C 9C 10C JC QC KC AC 9D 10D JD QD KD AD",
		"AS 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH",
	},
	.pass = {"AH 2S 3S", "8C 9D AD", "AS 2H KH", "2C 3C 2D"},
};

/* Seat 1 wins the first trick with AC and holds AD KD and ten hearts;
 * in the second trick seat 2, void in diamonds, discards QH. */
static const script broken_by_heart = {
	.hand = {
		"2C 3C 4C 5C 6C 7C 8C 2D 3D 4D 5D 6D 7D",
		"AC AD KD 2H 3H 4H 5H 6H 7H 8H 9H 10H JH",
		"2S 3S 4S 5S 6S 7S 8S 9S 10S JS QH KH AH",
		"9C 10C JC QC KC 8D 9D 10D JD QD QS KS AS",
	},
	.pass = {"AC 2H 3H", "2S 3S QH", "9C QS AS", "2C 3C 2D"},
	.trick = {"2C AC 2S 9C", "AD QH 8D 2D"},
	.winners = "1 1",
};

/* The same, but seat 2 discards QS: no heart has been played. */
static const script broken_by_qs = {
	.hand = {
		"2C 3C 4C 5C 6C 7C 8C 2D 3D 4D 5D 6D 7D",
		"AC AD KD 2H 3H 4H 5H 6H 7H 8H 9H 10H JH",
		"2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KH AH",
		"9C 10C JC QC KC 8D 9D 10D JD QD QH KS AS",
	},
	.pass = {"AC 2H 3H", "2S 3S QS", "9C QH AS", "2C 3C 2D"},
	.trick = {"2C AC 2S 9C", "AD QS 8D 2D"},
	.winners = "1 1",
};

/* Seat 1 wins the first trick with its only club and then holds
 * nothing but hearts. */
static const script only_hearts = {
	.hand = {
		"2C 3C 4C 5C 6C 7C 2D 3D 4D 5D 6D 7D 8D",
		"AC 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH",
		"AH 2S 3S 4S 5S 6S 7S 8S 9S 10S JS KS AS",
		"8C 9C 10C JC QC KC 9D 10D JD QD KD AD QS",
	},
	.pass = {"AC 2H 3H", "AH 2S 3S", "8C 9D QS", "2C 3C 2D"},
	.trick = {"2C AC 2S 8C"},
	.winners = "1",
};

/* One suit each: seat 0 leads clubs thirteen times and takes all. */
static const script all_clubs = {
	.hand = {
		"2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC",
		"2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH",
		"2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AD",
		"2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS",
	},
};

/* Seat 3 takes the first trick with AC and leads 10D; seat 0 holds 4D
 * 9D QD. */
static const script under_the_lead = {
	.hand = {
		"2C 5C 6C 4D 9D QD 2S 3S 4S 5S 6S 7S 8S",
		"3C 7C 8C 2D 3D 5D 6D 7D 8D 9S 10S JS QS",
		"4C 9C 10C JC JD KD AD KS AS 2H 3H 4H 5H",
		"QC KC AC 10D 6H 7H 8H 9H 10H JH QH KH AH",
	},
	.trick = {"2C 3C 4C AC"},
	.winners = "3",
};

/* ======================================================================
 * The first trick
 * ====================================================================== */

/* The holder of 2C after the pass leads it, and may lead nothing else. */
START_TEST(test_2c_leads)
{
	state s;
	setup(&s, 0, 1);
	script_deal(&s, &first_trick);
	ck_assert(cset_has(s.hand[3], card("2C")));
	script_pass(&s, &first_trick);
	ck_assert_int_eq(s.current, 0);
	ck_assert(cset_eq(state_legal_cards(&s), card_set("2C")));
	action m[ACTIONS_MAX];
	ck_assert_int_eq(state_legal(&s, m), 1);
	refused(&s, "3C");
	refused(&s, "2D");
	ck_assert(state_apply_card(&s, card("2C")));
}
END_TEST

/* Void in clubs on the first trick: no heart (nor QS) while holding
 * another card; holding only hearts and QS, any of them. */
START_TEST(test_first_trick_no_points)
{
	state s;
	setup(&s, 0, 1);
	script_deal(&s, &first_trick);
	script_pass(&s, &first_trick);
	ck_assert(state_apply_card(&s, card("2C")));
	ck_assert_int_eq(s.current, 1);
	ck_assert(cset_eq(state_legal_cards(&s),
			  cset_minus(s.hand[1], card_set("AH"))));
	refused(&s, "AH");
	/* the refusal names the rule that refuses, not the follow rule */
	char why[400];
	action ah = action_card(card("AH"));
	state_why_illegal(&s, &ah, why, sizeof why);
	ck_assert_msg(strstr(why, "you cannot play AH: no points on the first "
			     "trick while you hold another card") == why, "%s", why);
	ck_assert(state_apply_card(&s, card("2S")));
	/* seat 2 holds clubs: follows */
	cardset off = cset_minus(s.hand[2], card_set("2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC"));
	ck_assert(!cset_is_empty(off));
	action other = action_card(cset_first(off));
	state_why_illegal(&s, &other, why, sizeof why);
	ck_assert_msg(strstr(why, "you must follow the suit led (2C)") != NULL,
		      "%s", why);
	ck_assert(cset_eq(state_legal_cards(&s),
			  card_set("8C 9C 10C JC QC KC AC")));
	ck_assert(state_apply_card(&s, card("AC")));
	/* seat 3: QS and hearts only */
	ck_assert_int_eq(cset_count(s.hand[3]), 13);
	ck_assert(cset_eq(state_legal_cards(&s), s.hand[3]));
	ck_assert(state_apply_card(&s, card("QS")));
	ck_assert_int_eq(s.last_trick.winner, 2);
	ck_assert(cset_has(s.won[2], card("QS")));
}
END_TEST

/* QS is avoided like a heart on the first trick, and a seat whose only
 * other card is AS must play AS. */
START_TEST(test_first_trick_no_qs)
{
	state s;
	setup(&s, 0, 1);
	script_deal(&s, &first_trick_qs);
	script_pass(&s, &first_trick_qs);
	ck_assert(state_apply_card(&s, card("2C")));
	ck_assert(cset_eq(state_legal_cards(&s),
			  cset_minus(s.hand[1], card_set("AH QS"))));
	refused(&s, "QS");
	ck_assert(state_apply_card(&s, card("KS")));
	ck_assert(state_apply_card(&s, card("AC")));
	ck_assert(cset_eq(state_legal_cards(&s), card_set("AS")));
	refused(&s, "2H");
}
END_TEST

/* ======================================================================
 * Breaking hearts
 * ====================================================================== */

/* Before any heart or QS is played, a leader with other cards may not
 * lead a heart; after a heart is discarded, it may. */
START_TEST(test_hearts_broken_by_heart)
{
	state s;
	setup(&s, 0, 1);
	script_deal(&s, &broken_by_heart);
	script_pass(&s, &broken_by_heart);
	script_tricks(&s, &broken_by_heart, 0, 1);
	ck_assert_int_eq(s.current, 1);
	ck_assert(cset_eq(state_legal_cards(&s), card_set("AD KD")));
	refused(&s, "2H");
	script_tricks(&s, &broken_by_heart, 1, 2);
	ck_assert_int_eq(s.current, 1);
	ck_assert(cset_eq(state_legal_cards(&s), s.hand[1]));
	ck_assert_int_eq(cset_count(s.hand[1]), 11);
	ck_assert(state_apply_card(&s, card("2H")));
}
END_TEST

/* QS played breaks hearts too. */
START_TEST(test_hearts_broken_by_qs)
{
	state s;
	setup(&s, 0, 1);
	script_deal(&s, &broken_by_qs);
	script_pass(&s, &broken_by_qs);
	script_tricks(&s, &broken_by_qs, 0, 1);
	ck_assert(cset_eq(state_legal_cards(&s), card_set("AD KD")));
	script_tricks(&s, &broken_by_qs, 1, 2);
	ck_assert(!cset_meets(s.played, G->deck.by_suit[1]));
	ck_assert_int_eq(s.current, 1);
	ck_assert(cset_eq(state_legal_cards(&s), s.hand[1]));
	ck_assert(state_apply_card(&s, card("10H")));
}
END_TEST

/* A leader holding only hearts leads one although they are not broken. */
START_TEST(test_only_hearts_may_lead)
{
	state s;
	setup(&s, 0, 1);
	script_deal(&s, &only_hearts);
	script_pass(&s, &only_hearts);
	script_tricks(&s, &only_hearts, 0, 1);
	ck_assert(!cset_meets(s.played, card_set("QS 2H 3H 4H 5H 6H 7H 8H "
						  "9H 10H JH QH KH AH")));
	ck_assert_int_eq(s.current, 1);
	ck_assert_int_eq(cset_count(s.hand[1]), 12);
	ck_assert(cset_eq(state_legal_cards(&s), s.hand[1]));
	ck_assert(state_apply_card(&s, card("KH")));
}
END_TEST

/* ======================================================================
 * Scoring and the match
 * ====================================================================== */

/* One seat takes all 26: 0 for it, 26 for each other; 25 is no moon. */
START_TEST(test_shoot_the_moon)
{
	state s;
	setup(&s, 0, 1);
	scn_set_won(&s, (const int[]){0, 0, 13, 0}, 2, 1);
	score_deal(&s);
	scn_check_scores(&s, (const int64_t[]){26, 26, 0, 26});
	ck_assert_int_eq(s.failed_check, 0);

	scn_set_won(&s, (const int[]){1, 0, 12, 0}, 2, 1);
	score_deal(&s);
	scn_check_scores(&s, (const int64_t[]){1, 0, 25, 0});
	ck_assert_int_eq(s.total[0], 27);
	ck_assert_int_eq(s.failed_check, 0);
}
END_TEST

/* The same, played: seat 0 holds the clubs, leads 2C and takes every
 * trick; seat 1 (hearts only) may play a heart on the first trick. */
START_TEST(test_moon_played)
{
	state s;
	setup(&s, 0, 1);
	script_deal(&s, &all_clubs);
	script_pass(&s, &all_clubs);
	ck_assert_int_eq(s.current, 0);
	ck_assert(state_apply_card(&s, card("2C")));
	ck_assert(cset_eq(state_legal_cards(&s), s.hand[1]));
	scn_play_lowest(&s, false);
	ck_assert_int_eq(s.tricks_won[0], 13);
	scn_check_scores(&s, (const int64_t[]){0, 26, 26, 26});
	ck_assert_int_eq(s.failed_check, 0);
}
END_TEST

/* Deal 1 passes left, 2 right, 3 across, 4 not at all (the tricks start
 * at once, 2C leads), 5 left again.  Random choices otherwise. */
START_TEST(test_pass_rotation)
{
	static const int offset[] = {1, 3, 2, 0, 1};
	state s;
	rng r;
	rng_seed(&r, 11, 0);
	setup(&s, 2, 11);
	for (int k = 0; k < 5; k++) {
		state_deal(&s);
		ck_assert_int_eq(s.deal_no, k + 1);
		cardset dealt[4];
		memcpy(dealt, s.hand, sizeof dealt);
		if (offset[k] == 0) {
			ck_assert_int_eq(state_phase_kind(&s), PHASE_TRICKS);
		} else {
			ck_assert_int_eq(state_phase_kind(&s), PHASE_PASS);
			ck_assert_int_eq((state_pass_offset(&s) + 4) % 4,
					 offset[k]);
			while (state_phase_kind(&s) == PHASE_PASS) {
				cardset l = state_legal_cards(&s);
				int n = cset_count(l);
				ck_assert(state_apply_card(&s, cset_nth(l,
					(int)rng_below(&r, (uint32_t)n))));
			}
		}
		for (int q = 0; q < 4; q++) {
			int from = (q + 4 - offset[k]) % 4;
			cardset gave = offset[k] ? s.gave[q] : cset_empty();
			cardset got = offset[k] ? s.gave[from] : cset_empty();
			ck_assert_int_eq(cset_count(gave), offset[k] ? 3 : 0);
			ck_assert(cset_eq(s.hand[q],
					  cset_or(cset_minus(dealt[q], gave), got)));
		}
		ck_assert(cset_has(s.hand[s.current], card("2C")));
		ck_assert(cset_eq(state_legal_cards(&s), card_set("2C")));
		state_random_playout(&s, &r);
		ck_assert_int_eq(s.failed_check, 0);
		ck_assert(!state_over(&s));
	}
}
END_TEST

/* The match ends after the deal in which a total reaches 100 (99 is not
 * enough); the lowest total places first, equal totals share. */
START_TEST(test_end_at_100)
{
	state s;
	setup(&s, 0, 1);
	s.total[0] = 90;
	scn_set_won(&s, (const int[]){9, 4, 0, 0}, 1, 2);
	score_deal(&s);
	ck_assert_int_eq(s.total[0], 99);
	ck_assert(!state_over(&s));
	ck_assert_int_eq(s.current, SEAT_CHANCE);

	setup(&s, 0, 1);
	int64_t before[] = {90, 10, 20, 30};
	memcpy(s.total, before, sizeof before);
	scn_set_won(&s, (const int[]){10, 0, 3, 0}, 1, 3);
	score_deal(&s);
	ck_assert(state_over(&s));
	ck_assert_int_eq(s.current, SEAT_END);
	int64_t total[] = {100, 23, 23, 30};
	int8_t place[] = {4, 1, 1, 3};
	for (int p = 0; p < 4; p++) {
		ck_assert_int_eq(s.total[p], total[p]);
		ck_assert_int_eq(s.place[p], place[p]);
	}
}
END_TEST

/* Whole matches of random play: every deal before the last leaves all
 * totals under 100, the last reaches it, places follow lowest totals. */
START_TEST(test_match_to_100)
{
	state s;
	rng r;
	rng_seed(&r, 12, (uint64_t)_i);
	setup(&s, _i % 4, 12 + (uint64_t)_i);
	while (!state_over(&s)) {
		int64_t most = 0;
		for (int p = 0; p < 4; p++)
			most = s.total[p] > most ? s.total[p] : most;
		ck_assert_int_lt(most, 100);
		state_random_playout(&s, &r);
		ck_assert_int_eq(s.failed_check, 0);
	}
	int64_t most = 0;
	for (int p = 0; p < 4; p++) {
		most = s.total[p] > most ? s.total[p] : most;
		int better = 0;
		for (int q = 0; q < 4; q++)
			better += s.total[q] < s.total[p];
		ck_assert_int_eq(s.place[p], better + 1);
	}
	ck_assert_int_ge(most, 100);
}
END_TEST

/* ======================================================================
 * The lead of a trick, for the rules of thumb
 * ====================================================================== */

/* QD alone takes the lead of 10D: where tricks cost, the rules of thumb
 * duck with the highest card under it, where they score they take it
 * with the lowest card that does. */
START_TEST(test_thumb_ducks_or_takes_cheaply)
{
	state s;
	setup(&s, 0, 1);
	script_deal(&s, &under_the_lead);
	script_pass(&s, &under_the_lead);
	script_tricks(&s, &under_the_lead, 0, 1);
	ck_assert(state_apply_card(&s, card("10D")));
	cardset legal = state_legal_cards(&s), taking;
	ck_assert(cset_eq(legal, card_set("4D 9D QD")));
	ck_assert(state_cards_taking_lead(&s, legal, &taking));
	ck_assert(cset_eq(taking, card_set("QD")));
	thumb_style cost = {.tricks_cost = {true, true, true}};
	thumb_style score = {.tricks_cost = {false, false, false}};
	ck_assert_int_eq(thumb_card(&s, &cost, legal), card("9D"));
	ck_assert_int_eq(thumb_card(&s, &score, legal), card("QD"));
	/* every card takes it: the highest goes */
	ck_assert_int_eq(thumb_card(&s, &cost, card_set("QD")), card("QD"));
}
END_TEST

static Suite *hearts_suite(void)
{
	Suite *s = suite_create("hearts");
	TCase *tc = tcase_create("rules");
	tcase_add_unchecked_fixture(tc, load_game, free_game);
	tcase_add_test(tc, test_2c_leads);
	tcase_add_test(tc, test_first_trick_no_points);
	tcase_add_test(tc, test_first_trick_no_qs);
	tcase_add_test(tc, test_hearts_broken_by_heart);
	tcase_add_test(tc, test_hearts_broken_by_qs);
	tcase_add_test(tc, test_only_hearts_may_lead);
	tcase_add_test(tc, test_shoot_the_moon);
	tcase_add_test(tc, test_moon_played);
	tcase_add_test(tc, test_pass_rotation);
	tcase_add_test(tc, test_end_at_100);
	tcase_add_test(tc, test_thumb_ducks_or_takes_cheaply);
	tcase_add_loop_test(tc, test_match_to_100, 0, 8);
	suite_add_tcase(s, tc);
	return s;
}

TEST_MAIN(hearts_suite)
