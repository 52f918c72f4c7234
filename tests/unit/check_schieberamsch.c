/*
 * check_schieberamsch.c — Schieberamsch (games/schieberamsch.yaml) on the
 * examples of its rules: the scoring of Ramsch (SRA-D1 .. D6) and of
 * Grand Hand (SRA-1, SRA-D7) with every multiplier, the matadors
 * (SRA-2), truncation toward zero (SRA-3, also in check_expr.c); then the deal in packets,
 * the jacks as a suit of their own, the push round with the skat picked
 * up and laid back (and who may see it), Kontra and Rekontra, the same
 * dealer after a Grand Hand, and each variant's difference.
 */
#include "testutil.h"
#include "scenario.h"

#include <string.h>

#include "engine/engine.h"
#include "engine/place.h"
#include "engine/score.h"
#include "engine/vars.h"

#define GAMES TOP_SRCDIR "/games/"

static game *g;
static state s;

static void setup(void)
{
	g = scn_load(GAMES "schieberamsch.yaml");
	char why[200];
	ck_assert(state_setup(&s, g, 3, 0, NULL, 3, why, sizeof why));
}

static void teardown(void)
{
	game_free(g);
}

/* Seat 0 deals; the counters, the declarer, the cards won and the skat
 * as given (the zero cards the others leave go to the last seat); the
 * deal is scored. */
static void score(const char *const *won, const int *tricks, int pushes,
		  int kontras, int declarer, const char *dealt0)
{
	state_deal(&s);
	s.counter[0][0] = pushes;
	s.counter[1][0] = kontras;
	s.declarer = (int8_t)declarer;
	cardset skat = scn_card_set(g, "7C 8C"), used = skat;
	for (int p = 0; p < 3; p++) {
		s.won[p] = won[p] ? scn_card_set(g, won[p]) : cset_empty();
		used = cset_or(used, s.won[p]);
		s.tricks_won[p] = (uint8_t)tricks[p];
		s.hand[p] = cset_empty();
	}
	/* the cards no seat was given, worth nothing, go to a seat with tricks */
	int rest = tricks[2] ? 2 : tricks[1] ? 1 : 0;
	s.won[rest] = cset_or(s.won[rest], cset_minus(s.in_play, used));
	piles_clear(&s);
	CSET_FOREACH(c, skat)
		pile_push(&s, g->place[0].first_pile, c);
	if (dealt0)
		s.dealt[0] = scn_card_set(g, dealt0);
	s.last_winner = (int8_t)rest;
	s.nplayed = 0;
	score_deal(&s);
	ck_assert_int_eq(s.failed_check, 0);
}

/* The scoring's named value `name` of seat p, as scored. */
static int64_t named(const char *name, int p)
{
	static value slots[VARS_SLOTS_MAX];
	state_score_values(&s, slots);
	for (int i = 0; i < g->nlets; i++)
		if (strcmp(g->let[i].name, name) == 0)
			return slots[g->let[i].slot + (g->let[i].per_seat ? p : 0)].i;
	ck_abort_msg("no value '%s'", name);
	return 0;
}

#define ALL_TRICKS (const int[]){4, 3, 3}

START_TEST(test_sra_d1_plain_ramsch)
{
	score((const char *[]){"AC AS AH AD 10C KC JC", "10S 10H 10D KS QC QS",
		"KH KD QH QD JS JH JD"}, ALL_TRICKS, 0, 0, -1, NULL);
	ck_assert_int_eq(named("pts", 0), 60);
	ck_assert_int_eq(named("pts", 1), 40);
	ck_assert_int_eq(named("pts", 2), 20);
	scn_check_scores(&s, (const int64_t[]){6, 0, 0});
}
END_TEST

START_TEST(test_sra_d2_tie_for_most)
{
	score((const char *[]){"AC AS AD 10C KC QC", "AH 10S 10H 10D KS QS JC",
		"KH KD QH QD JS JH JD"}, ALL_TRICKS, 0, 0, -1, NULL);
	scn_check_scores(&s, (const int64_t[]){5, 5, 0});
}
END_TEST

START_TEST(test_sra_d3_jungfrau)
{
	score((const char *[]){"AC AS AH AD 10C 10S KC KS QC",
		"10H 10D KH KD QS QH QD JC JS JH JD", NULL},
	      (const int[]){6, 4, 0}, 0, 0, -1, NULL);
	ck_assert_int_eq(named("value", 0), 150);
	scn_check_scores(&s, (const int64_t[]){15, 0, 0});
}
END_TEST

START_TEST(test_sra_d4_durchmarsch_pushed_once)
{
	score((const char *[]){NULL, NULL, NULL}, (const int[]){10, 0, 0}, 1, 0,
	      -1, NULL);
	ck_assert_int_eq(named("value", 0), -240);
	scn_check_scores(&s, (const int64_t[]){-24, 0, 0});
	/* every push doubles it: none, two, three */
	score((const char *[]){NULL, NULL, NULL}, (const int[]){10, 0, 0}, 0, 0,
	      -1, NULL);
	scn_check_scores(&s, (const int64_t[]){-12, 0, 0});
	score((const char *[]){NULL, NULL, NULL}, (const int[]){10, 0, 0}, 3, 0,
	      -1, NULL);
	scn_check_scores(&s, (const int64_t[]){-96, 0, 0});
}
END_TEST

START_TEST(test_sra_d5_two_pushes_truncated)
{
	score((const char *[]){"AC AS AH AD 10C 10S 10H 10D QC",
		"KC KS KH KD QS JC JS", "QH QD JH JD"}, ALL_TRICKS, 2, 0, -1, NULL);
	ck_assert_int_eq(named("value", 0), 348);
	scn_check_scores(&s, (const int64_t[]){34, 0, 0});
}
END_TEST

START_TEST(test_sra_d6_three_way_tie)
{
	score((const char *[]){"AC AS 10C KC KS", "AH AD 10S KH KD",
		"10H 10D QC QS QH QD JC JS JH JD"}, ALL_TRICKS, 0, 0, -1, NULL);
	scn_check_scores(&s, (const int64_t[]){4, 4, 4});
	/* a Jungfrau tie: both tied lose double */
	score((const char *[]){"AC AS AH 10C 10S KC QC",
		"AD 10H 10D KS KH KD QS QH QD JC JS JH JD", NULL},
	      (const int[]){5, 5, 0}, 0, 0, -1, NULL);
	ck_assert_int_eq(named("pts", 0), named("pts", 1));
	scn_check_scores(&s, (const int64_t[]){12, 12, 0});
}
END_TEST

/* ---- Grand Hand --------------------------------------------------------- */

START_TEST(test_sra1_grand_hand_with_kontra)
{
	score((const char *[]){"AC AS AH AD 10C KC KS QC", NULL, NULL},
	      ALL_TRICKS, 0, 1, 0, "JC JS 9H 9D 9S 8S 8H 8D 7S 7H");
	ck_assert_int_eq(named("matadors", 0), 2);
	ck_assert_int_eq(named("pts", 0), 65);
	ck_assert_int_eq(named("value", 0), -192);
	scn_check_scores(&s, (const int64_t[]){-19, 0, 0});
}
END_TEST

START_TEST(test_sra2_matadors)
{
	static const struct {
		const char *dealt;
		int matadors;
	} cases[] = {
		{"JC JH 7S 8S 9S 7H 8H 9H 7D 8D", 1},     /* with 1 */
		{"JC JS JH JD 7S 8S 9S 7H 8H 9H", 4},     /* with 4 */
		{"JH 7S 8S 9S 7H 8H 9H 7D 8D 9D", 2},     /* without 2 */
		{"AS 7S 8S 9S 7H 8H 9H 7D 8D 9D", 4},     /* without 4 */
		{"JD 7S 8S 9S 7H 8H 9H 7D 8D 9D", 3},     /* without 3 */
		{"JC JS JH 7S 8S 9S 7H 8H 9H 7D", 3},     /* with 3 */
	};
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
		score((const char *[]){"AC AS AH AD 10C 10S", NULL, NULL},
		      ALL_TRICKS, 0, 0, 0, cases[i].dealt);
		ck_assert_msg(named("matadors", 0) == cases[i].matadors,
			      "%s: %lld matadors", cases[i].dealt,
			      (long long)named("matadors", 0));
	}
}
END_TEST

/* The skat counts for the matadors: JC in the skat, JS in hand. */
START_TEST(test_matadors_count_the_skat)
{
	state_deal(&s);
	piles_clear(&s);
	pile_push(&s, g->place[0].first_pile, scn_card(g, "JC"));
	pile_push(&s, g->place[0].first_pile, scn_card(g, "7C"));
	s.dealt[0] = scn_card_set(g, "JS 7S 8S 9S 7H 8H 9H 7D 8D 9D");
	s.declarer = 0;
	ck_assert_int_eq(named("matadors", 0), 2);
}
END_TEST

START_TEST(test_sra3_truncation_toward_zero)
{
	/* a won Grand with 1: -72 is -7.2, written -7 (not -8) */
	score((const char *[]){"AC AS AH AD 10C 10S", NULL, NULL}, ALL_TRICKS,
	      0, 0, 0, "JC JH 7S 8S 9S 7H 8H 9H 7D 8D");
	ck_assert_int_eq(named("value", 0), -72);
	scn_check_scores(&s, (const int64_t[]){-7, 0, 0});
	/* the -9.5 of the rules is "-95 / 10" in check_expr.c */
}
END_TEST

START_TEST(test_sra_d7_lost_grand_hand)
{
	const char *dealt = "JD 7S 8S 9S 7H 8H 9H 7D 8D 9D";
	score((const char *[]){"AC AS AH AD 10C", NULL, NULL}, ALL_TRICKS, 0, 0,
	      0, dealt);
	ck_assert_int_eq(named("matadors", 0), 3);
	ck_assert_int_eq(named("pts", 0), 54);
	scn_check_scores(&s, (const int64_t[]){12, 0, 0});
	score((const char *[]){"AC AS AH AD 10C", NULL, NULL}, ALL_TRICKS, 0, 2,
	      0, dealt);
	scn_check_scores(&s, (const int64_t[]){48, 0, 0});
	/* 61 wins, 60 loses */
	score((const char *[]){"AC AS AH AD 10C KC QC", NULL, NULL},
	      ALL_TRICKS, 0, 0, 0, dealt);
	ck_assert_int_eq(named("pts", 0), 61);
	scn_check_scores(&s, (const int64_t[]){-12, 0, 0});
	score((const char *[]){"AC AS AH AD 10C KC JC", NULL, NULL},
	      ALL_TRICKS, 0, 0, 0, dealt);
	ck_assert_int_eq(named("pts", 0), 60);
	scn_check_scores(&s, (const int64_t[]){12, 0, 0});
}
END_TEST

/* ---- the deal and the rounds ------------------------------------------- */

/* Packets of 3, the skat, 4, 3 from the dealer's left, in shuffle order. */
START_TEST(test_the_deal_in_packets)
{
	state t = s;
	state_deal(&t);
	ck_assert_int_eq(cset_count(place_cards(&t, 0)), 2);
	for (int p = 0; p < 3; p++)
		ck_assert_int_eq(cset_count(t.hand[p]), 10);
	/* the same shuffle dealt one by one gives other hands: the packets
	 * are the rule, not a detail */
	ck_assert_int_eq(g->npackets, 4);
	ck_assert_int_eq(g->packet[1].place, 0);
	ck_assert_int_eq(g->packet[1].cards, 2);
}
END_TEST

/* Plays the choice named `word` for the seat to move. */
static void choose(const char *word)
{
	action list[ACTIONS_MAX];
	int n = state_legal(&s, list);
	for (int i = 0; i < n; i++) {
		char w[64];
		state_action_words(&s, &list[i], 1, w, sizeof w);
		if (strcmp(w, word) == 0) {
			ck_assert(state_apply(&s, list[i]));
			return;
		}
	}
	ck_abort_msg("no choice '%s' for seat %d", word, s.current);
}

START_TEST(test_pickup_and_lay_back)
{
	state_deal(&s);
	choose("pass");
	choose("pass");
	choose("pass");
	/* forehand picks up: 12 cards, then lays two back */
	ck_assert_int_eq(s.current, 1);
	cardset skat = place_cards(&s, 0);
	choose("pickup");
	ck_assert_int_eq(s.current, 1);
	ck_assert(cset_subset(skat, s.hand[1]));
	ck_assert_int_eq(cset_count(s.hand[1]), 12);
	ck_assert_int_eq(state_decision(&s).actions, 2);
	ck_assert_str_eq(state_decision(&s).verb, "lay");
	card_id a = cset_first(s.hand[1]);
	ck_assert(state_apply_card(&s, a) || state_apply(&s, action_card(a)));
	ck_assert_int_eq(s.current, 1);
	/* middlehand does not see what is laid while it is being laid ... */
	view v;
	state_view(&s, 2, &v);
	ck_assert(cset_is_empty(v.s.passing[1]));
	card_id b = cset_first(cset_minus(s.hand[1], s.passing[1]));
	ck_assert(state_apply(&s, action_card(b)));
	/* ... nor after; forehand knows the skat */
	ck_assert_int_eq(s.current, 2);
	ck_assert(cset_eq(place_cards(&s, 0), cset_or(cset_of(a), cset_of(b))));
	ck_assert_int_eq(cset_count(s.hand[1]), 10);
	state_view(&s, 2, &v);
	ck_assert(cset_is_empty(place_cards(&v.s, 0)));
	state_view(&s, 1, &v);
	ck_assert(cset_eq(place_cards(&v.s, 0), place_cards(&s, 0)));
	/* middlehand and rearhand push: x4 */
	choose("push");
	choose("push");
	ck_assert_int_eq(s.counter[0][0], 2);
	ck_assert_int_eq(state_phase_kind(&s), PHASE_TRICKS);
	ck_assert_int_eq(s.current, 1);          /* forehand leads */
}
END_TEST

START_TEST(test_no_jacks_laid_back)
{
	game *nj = scn_load(GAMES "schieberamsch-no-jacks.yaml");
	state t;
	char why[200];
	/* a deal where forehand holds a jack after picking up */
	for (int seed = 0; seed < 50; seed++) {
		ck_assert(state_setup(&t, nj, 3, 0, NULL, (uint64_t)seed, why,
				      sizeof why));
		state_deal(&t);
		ck_assert(state_apply(&t, action_of(ACT_CHOICE, 1)));  /* pass */
		ck_assert(state_apply(&t, action_of(ACT_CHOICE, 1)));
		ck_assert(state_apply(&t, action_of(ACT_CHOICE, 1)));
		ck_assert(state_apply(&t, action_of(ACT_CHOICE, 0)));  /* pickup */
		cardset jacks = cset_and(t.hand[1], nj->deck.by_rank[7]);
		if (cset_is_empty(jacks))
			continue;
		ck_assert(!state_apply(&t, action_card(cset_first(jacks))));
		char buf[200];
		action j = action_card(cset_first(jacks));
		state_why_illegal(&t, &j, buf, sizeof buf);
		ck_assert_msg(strstr(buf, "may not be laid back: no jack may go "
				     "back into the skat") != NULL, "%s", buf);
		game_free(nj);
		return;
	}
	ck_abort_msg("no deal with a jack");
}
END_TEST

START_TEST(test_kontra_rekontra_and_the_same_dealer)
{
	state_deal(&s);
	ck_assert_int_eq(s.dealer, 0);
	choose("pass");
	choose("grand");                         /* middlehand, seat 2 */
	ck_assert_int_eq(s.declarer, 2);
	/* no push round; Kontra from forehand, skipping the soloist */
	ck_assert_int_eq(s.current, 1);
	choose("pass");
	ck_assert_int_eq(s.current, 0);
	choose("kontra");
	ck_assert_int_eq(s.current, 2);          /* the soloist answers */
	choose("rekontra");
	ck_assert_int_eq(s.counter[1][0], 2);
	ck_assert_int_eq(state_phase_kind(&s), PHASE_TRICKS);
	ck_assert_int_eq(s.current, 1);          /* forehand leads */
	scn_play_lowest(&s, false);
	ck_assert_int_eq(s.next_dealer, 0);      /* deals again */
	ck_assert_int_eq(s.kept[0][0], 0);       /* not a Ramsch deal */
	/* the counters as the deal left them, by name, for every seat */
	int64_t kontras, pushes;
	for (int p = 0; p < 3; p++) {
		ck_assert(state_counter(&s, "kontras", p, &kontras));
		ck_assert_int_eq(kontras, 2);
	}
	ck_assert(state_counter(&s, "pushes", 0, &pushes));
	ck_assert_int_eq(pushes, 0);
	ck_assert(!state_counter(&s, "kontra", 0, &pushes));
}
END_TEST

START_TEST(test_jacks_follow_as_trumps)
{
	cardset hands[SEAT_MAX];
	memset(hands, 0, sizeof hands);
	hands[1] = scn_card_set(g, "JD 7C 8C 9C QC KC 10C AC 7S 8S");
	hands[2] = scn_card_set(g, "JS 9S QS KS 10S AS 7H 8H 9H QH");
	hands[0] = scn_card_set(g, "JC JH KH 10H AH 7D 8D 9D QD KD");
	card_id rest[2];
	scn_card_list(g, "10D AD", rest);
	char why[200];
	ck_assert_msg(state_deal_cards(&s, hands, rest, 2, why, sizeof why), "%s", why);
	for (int k = 0; k < 3; k++)
		choose("pass");
	for (int k = 0; k < 3; k++)
		choose("push");
	/* JD led: seat 2 must play its jack, seat 0 a jack too */
	ck_assert(state_apply_card(&s, scn_card(g, "JD")));
	ck_assert(cset_eq(state_legal_cards(&s), scn_card_set(g, "JS")));
	ck_assert(state_apply_card(&s, scn_card(g, "JS")));
	ck_assert(cset_eq(state_legal_cards(&s), scn_card_set(g, "JC JH")));
	ck_assert(state_apply_card(&s, scn_card(g, "JH")));
	ck_assert_int_eq(s.last_trick.winner, 2);        /* JS > JH > JD */
	/* a spade led: the jack of spades is no spade */
	ck_assert(state_apply_card(&s, scn_card(g, "9S")));
	ck_assert(cset_eq(state_legal_cards(&s), s.hand[0]));    /* void */
	ck_assert(state_apply_card(&s, scn_card(g, "JC")));
	ck_assert(state_apply_card(&s, scn_card(g, "7S")));
	ck_assert_int_eq(s.last_trick.winner, 0);        /* a jack trumps */
}
END_TEST

START_TEST(test_skat_to_the_highest)
{
	game *v = scn_load(GAMES "schieberamsch-skat-to-most.yaml");
	game *base = g;
	g = v;
	char why[200];
	ck_assert(state_setup(&s, g, 3, 0, NULL, 3, why, sizeof why));
	state_deal(&s);
	s.counter[0][0] = 0;
	s.declarer = -1;
	memset(s.hand, 0, sizeof s.hand);
	s.won[0] = scn_card_set(g, "AC AS 10C KC KS 7S");
	s.won[1] = scn_card_set(g, "AH AD 10S KH KD 8S");
	s.won[2] = cset_minus(s.in_play, cset_or(cset_or(s.won[0], s.won[1]),
						 scn_card_set(g, "QC QS")));
	piles_clear(&s);
	pile_push(&s, g->place[0].first_pile, scn_card(g, "QC"));
	pile_push(&s, g->place[0].first_pile, scn_card(g, "QS"));
	for (int p = 0; p < 3; p++)
		s.tricks_won[p] = 3;
	s.last_winner = 2;
	score_deal(&s);
	ck_assert_int_eq(s.failed_check, 0);
	/* 40 and 40 from the tricks: both get the skat's 6, both lose 46 */
	ck_assert_int_eq(named("pts", 0), 46);
	ck_assert_int_eq(named("pts", 1), 46);
	scn_check_scores(&s, (const int64_t[]){4, 4, 0});
	g = base;
	game_free(v);
}
END_TEST

START_TEST(test_kontra_in_ramsch)
{
	game *v = scn_load(GAMES "schieberamsch-kontra.yaml");
	state t;
	char why[200];
	ck_assert(state_setup(&t, v, 3, 0, NULL, 3, why, sizeof why));
	state_deal(&t);
	for (int k = 0; k < 3; k++)
		ck_assert(state_apply(&t, action_of(ACT_CHOICE, 1)));   /* pass */
	for (int k = 0; k < 3; k++)
		ck_assert(state_apply(&t, action_of(ACT_CHOICE, 1)));   /* push */
	ck_assert(state_apply(&t, action_of(ACT_CHOICE, 0)));   /* kontra */
	ck_assert(state_apply(&t, action_of(ACT_CHOICE, 1)));   /* pass */
	ck_assert(state_apply(&t, action_of(ACT_CHOICE, 0)));   /* kontra */
	ck_assert_int_eq(t.counter[1][0], 2);
	ck_assert_int_eq(state_phase_kind(&t), PHASE_TRICKS);    /* no Rekontra */
	scn_play_lowest(&t, false);
	/* 3 pushes and 2 Kontras: the loser pays 32 times */
	int64_t most = 0;
	for (int p = 0; p < 3; p++)
		if (t.deal_score[p] > most)
			most = t.deal_score[p];
	ck_assert_int_gt(most, 0);
	game_free(v);
}
END_TEST

/* The index of the named value `name`. */
static int let_index(const char *name)
{
	for (int i = 0; i < g->nlets; i++)
		if (strcmp(g->let[i].name, name) == 0)
			return i;
	ck_abort_msg("no named value %s", name);
	return -1;
}

/* The table shows the soloist's game to the soloist's column alone and
 * Ramsch's values only in Ramsch; the formulas carry their words for
 * explain, and the kept count of Ramsch deals is not shown. */
START_TEST(test_what_the_table_shows)
{
	static value slots[VARS_SLOTS_MAX];
	rng r;
	rng_seed(&r, 4, 0);
	bool grand = false, ramsch = false;
	for (int deal = 0; deal < 40 && !(grand && ramsch); deal++) {
		state t = s;
		state_deal(&t);
		state_random_playout(&t, &r);
		state_score_values(&t, slots);
		int made = let_index("made"), loser = let_index("loser");
		for (int p = 0; p < 3; p++) {
			bool soloist = t.declarer == p;
			ck_assert(state_value_shown(&t, slots, made, p) == soloist);
			ck_assert(state_value_shown(&t, slots, loser, p) ==
				  (t.declarer < 0));
		}
		grand |= t.declarer >= 0;
		ramsch |= t.declarer < 0;
	}
	ck_assert(grand && ramsch);
	ck_assert_str_eq(expr_says(g->next_dealer), "the same dealer again after "
			 "a Grand Hand, else the player on the dealer's left");
	ck_assert(expr_says(g->let[let_index("made")].e) != NULL);
	ck_assert(g->kept[0].hidden);
}
END_TEST

static Suite *schieberamsch_suite(void)
{
	Suite *su = suite_create("schieberamsch");
	TCase *tc = tcase_create("scoring");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, test_what_the_table_shows);
	tcase_add_test(tc, test_sra_d1_plain_ramsch);
	tcase_add_test(tc, test_sra_d2_tie_for_most);
	tcase_add_test(tc, test_sra_d3_jungfrau);
	tcase_add_test(tc, test_sra_d4_durchmarsch_pushed_once);
	tcase_add_test(tc, test_sra_d5_two_pushes_truncated);
	tcase_add_test(tc, test_sra_d6_three_way_tie);
	tcase_add_test(tc, test_sra1_grand_hand_with_kontra);
	tcase_add_test(tc, test_sra2_matadors);
	tcase_add_test(tc, test_matadors_count_the_skat);
	tcase_add_test(tc, test_sra3_truncation_toward_zero);
	tcase_add_test(tc, test_sra_d7_lost_grand_hand);
	suite_add_tcase(su, tc);
	tc = tcase_create("play");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, test_the_deal_in_packets);
	tcase_add_test(tc, test_pickup_and_lay_back);
	tcase_add_test(tc, test_no_jacks_laid_back);
	tcase_add_test(tc, test_kontra_rekontra_and_the_same_dealer);
	tcase_add_test(tc, test_jacks_follow_as_trumps);
	tcase_add_test(tc, test_skat_to_the_highest);
	tcase_add_test(tc, test_kontra_in_ramsch);
	suite_add_tcase(su, tc);
	return su;
}

TEST_MAIN(schieberamsch_suite)
