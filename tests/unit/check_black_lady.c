/*
 * check_black_lady.c — Black Lady through its rule files: every rule of
 * shared/rules/black-lady.md and every worked example BLK-* of
 * examples.md.
 *
 * Scoring examples set up the end of a deal (the cards each seat won) and
 * call score_deal(); the deals BLK-D3 and the played BLK-2 go the whole
 * way through state_apply: passes, tricks, leftovers and scoring.
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

static game *BL, *TOUR;

static void load_games(void)
{
	BL = scn_load(TOP_SRCDIR "/games/black-lady.yaml");
	TOUR = scn_load(TOP_SRCDIR "/games/black-lady-tournament.yaml");
}

static void free_games(void)
{
	game_free(BL);
	game_free(TOUR);
	deck_cleanup();
	expr_cleanup();
	schema_cleanup();
}

/* ======================================================================
 * Cards, set-up, simple players
 * ====================================================================== */

static int kept_index(const game *g, const char *name)
{
	for (int k = 0; k < g->nkept; k++)
		if (strcmp(g->kept[k].name, name) == 0)
			return k;
	ck_abort_msg("no kept value '%s'", name);
	return -1;
}

/* A match of `players` with the given rounds (0: the default). */
static void setup(state *s, const game *g, int players, int dealer,
		  int rounds, uint64_t seed)
{
	int64_t opt[OPTIONS_MAX];
	for (int i = 0; i < g->noptions; i++)
		opt[i] = g->option[i].fallback;
	if (rounds)
		opt[game_option_index(g, "rounds")] = rounds;
	char why[200];
	ck_assert_msg(state_setup(s, g, players, dealer, opt, seed, why,
				  sizeof why), "%s", why);
	s->checks = true;
}

static void play_random_deal(state *s, rng *r)
{
	state_random_playout(s, r);
	ck_assert_int_eq(s->failed_check, 0);
}

/* ======================================================================
 * Scripted deals
 *
 * A script gives the hands after both passes, what each seat passes
 * (two cards, then one, to the right) and the tricks in play order; the
 * hands dealt are worked out backwards from these, so the test says what
 * the rules make of them and nothing else.
 * ====================================================================== */

#define TRICKS_MAX 16

typedef struct script {
	int players, dealer;
	const char *hand[SEAT_MAX];             /* after the passes */
	const char *pass[2][SEAT_MAX];          /* NULL: the receiver's first */
	const char *leftover;                   /* in order: first face up */
	const char *trick[TRICKS_MAX];          /* NULL: lowest legal from here */
	const char *winners;                    /* of the scripted tricks */
} script;

/* The cards seat q gives in pass ph; without a list, the first cards
 * of the receiver's final hand (2 in the first pass, 1 in the second). */
static int pass_cards(const game *g, const script *sc, int ph, int q,
		      card_id *out)
{
	if (sc->pass[ph][q])
		return scn_card_list(g, sc->pass[ph][q], out);
	card_id all[CARD_MAX];
	int to = (q + sc->players - 1) % sc->players;
	scn_card_list(g, sc->hand[to], all);
	if (ph == 0) {
		out[0] = all[0];
		out[1] = all[1];
		return 2;
	}
	out[0] = all[2];
	return 1;
}

/* The hands before the passes: each pass undone, the last one first. */
static void script_dealt(const game *g, const script *sc, cardset *hands)
{
	int n = sc->players;
	for (int q = 0; q < n; q++)
		hands[q] = scn_card_set(g, sc->hand[q]);
	for (int ph = 1; ph >= 0; ph--)
		for (int q = 0; q < n; q++) {
			card_id c[4];
			int k = pass_cards(g, sc, ph, q, c);
			int to = (q + n - 1) % n;
			for (int i = 0; i < k; i++) {
				ck_assert_msg(cset_has(hands[to], c[i]),
					      "script: seat %d cannot have passed "
					      "card %d", q, c[i]);
				cset_del(&hands[to], c[i]);
				cset_add(&hands[q], c[i]);
			}
		}
}

static void script_deal(state *s, const script *sc)
{
	cardset hands[SEAT_MAX];
	card_id left[8];
	script_dealt(s->g, sc, hands);
	int nleft = scn_card_list(s->g, sc->leftover, left);
	char why[200];
	ck_assert_msg(state_deal_cards(s, hands, left, nleft, why, sizeof why),
		      "%s", why);
}

/* Every seat passes its listed cards, in the order the engine asks. */
static void script_passes(state *s, const script *sc)
{
	while (s->current >= 0 && state_phase_kind(s) == PHASE_PASS) {
		int q = s->current, ph = s->phase;
		card_id c[4];
		int k = pass_cards(s->g, sc, ph, q, c);
		ck_assert_int_lt(s->pass_chosen[q], k);
		ck_assert_msg(state_apply_card(s, c[s->pass_chosen[q]]),
			      "seat %d may not pass its card", q);
	}
	for (int q = 0; q < sc->players; q++)
		ck_assert_msg(cset_eq(s->hand[q], scn_card_set(s->g, sc->hand[q])),
			      "seat %d: not the hand expected after the passes", q);
}

/* Plays tricks [from, upto) of the script, checking who plays each card
 * and who wins; where the script has no more tricks, the lowest card. */
static void script_tricks(state *s, const script *sc, int from, int upto)
{
	scn_play_tricks(s, sc->trick, sc->winners, from, upto);
}

/* BLK-D3's deal: five players, dealer 1 (seat 2 leads); seat 2 wins only
 * the last trick, which holds no penalty card, so only the leftovers 5H
 * (face up) and QS (face down) can make it non-clear.  Seat 1 passes on
 * in the second pass the 3C it received in the first. */
static const script d3 = {
	.players = 5,
	.dealer = 1,
	.hand = {
		"5S 7H 2D 3C 8S QH 6D 7C KH 10S",
		"AS 2H 3D 4C KS 8H 7D 8C AH JS",
		"2S 3H 4D 5C 9S 9H 8D 9C JD QC",
		"3S 4H 5D AC 6S 10H 9D KC 10D JC",
		"4S 6H AD 2C 7S JH KD 6C QD 10C",
	},
	.pass = {
		{"4S 6H", "5S 7H", "AS 3C", "2S 3H", "3S 4H"},
		{"AD", "3C", "2H", "4D", "5D"},
	},
	.leftover = "5H QS",
	.trick = {
		"2S 3S 4S 5S AS",
		"2H 3H 4H 6H 7H",
		"2D 3D 4D 5D AD",
		"2C 3C 4C 5C AC",
		"6S 7S 8S KS 9S",
		"8H 9H 10H JH QH",
		"6D 7D 8D 9D KD",
		"6C 7C 8C 9C KC",
		"10D QD KH AH JD",
		"10C 10S JS QC JC",
	},
	.winners = "1 0 4 3 1 0 4 3 4 2",
};

/* One suit per seat after the passes, four players, dealer 0: seat 1
 * leads hearts twelve times, nobody else can follow, and it takes every
 * trick, QS among the discards, and the leftovers with AH. */
static const script pure1 = {
	.players = 4,
	.dealer = 0,
	.hand = {
		"2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS",
		"2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH",
		"2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD",
		"2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC",
	},
	.leftover = "AS AH AD AC",
};

/* The next deal (dealer 1): seat 2 holds the hearts and takes all. */
static const script pure2 = {
	.players = 4,
	.dealer = 1,
	.hand = {
		"2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD",
		"2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC",
		"2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH",
		"2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS",
	},
	.leftover = "AS AH AD AC",
};

static int64_t carry(const state *s)
{
	return s->kept[kept_index(s->g, "carry")][0];
}

/* ======================================================================
 * Worked examples (examples.md, Black Lady)
 * ====================================================================== */

/* BLK-1: two clear players, no carry: 13 each, carry 0. */
START_TEST(test_blk1_two_clear)
{
	state s;
	setup(&s, BL, 4, 0, 0, 1);
	scn_set_won(&s, (const int[]){6, 7, 0, 0}, 0, 2);
	score_deal(&s);
	scn_check_scores(&s, (const int64_t[]){-19, -7, 13, 13});
	ck_assert_int_eq(carry(&s), 0);
	ck_assert_int_eq(s.failed_check, 0);
}
END_TEST

/* BLK-2: three clear, no carry: 8 each, 2 carried; the next deal's pot
 * is 28, so two clear players then get 14 each. */
START_TEST(test_blk2_three_clear)
{
	state s;
	setup(&s, BL, 4, 0, 0, 1);
	scn_set_won(&s, (const int[]){13, 0, 0, 0}, 0, 1);
	score_deal(&s);
	scn_check_scores(&s, (const int64_t[]){-26, 8, 8, 8});
	ck_assert_int_eq(carry(&s), 2);
	ck_assert_int_eq(s.current, SEAT_CHANCE);

	scn_set_won(&s, (const int[]){0, 0, 10, 3}, 2, 0);
	score_deal(&s);
	scn_check_scores(&s, (const int64_t[]){14, 14, -23, -3});
	ck_assert_int_eq(carry(&s), 0);
	ck_assert_int_eq(s.total[0], -12);     /* -26 + 14 */
	ck_assert_int_eq(s.total[2], -15);
	ck_assert_int_eq(s.failed_check, 0);
}
END_TEST

/* BLK-2 (and BLK-D2) played: deal 1 leaves three players clear, 8 each
 * and 2 carried; in deal 2 three clear players share 26 + 2 = 28: 9
 * each, 1 carried.  Clear players here won no trick (ambiguity 5); the
 * one who took all 26 scores -26, no moon (ambiguity 8). */
START_TEST(test_blk2_played)
{
	state s;
	setup(&s, BL, 4, 0, 0, 1);
	script_deal(&s, &pure1);
	ck_assert(cset_eq(s.leftover_up, scn_card_set(BL, "AS AH")));
	script_passes(&s, &pure1);
	ck_assert_int_eq(s.current, 1);
	script_tricks(&s, &pure1, 0, 1);
	ck_assert_int_eq(s.deal_no, 1);
	ck_assert_int_eq(s.event, EV_SCORED);
	ck_assert_int_eq(s.tricks_won[1], 12);
	ck_assert(cset_has(s.won[1], scn_card(BL, "QS")));
	ck_assert(cset_subset(s.leftover, s.won[1]));
	scn_check_scores(&s, (const int64_t[]){8, -26, 8, 8});
	ck_assert_int_eq(carry(&s), 2);

	script_deal(&s, &pure2);
	ck_assert_int_eq(s.dealer, 1);
	script_passes(&s, &pure2);
	ck_assert_int_eq(s.current, 2);
	script_tricks(&s, &pure2, 0, 1);
	ck_assert_int_eq(s.deal_no, 2);
	scn_check_scores(&s, (const int64_t[]){9, 9, -26, 9});
	ck_assert_int_eq(carry(&s), 1);
	int64_t total[] = {17, -17, -18, 17};
	for (int p = 0; p < 4; p++)
		ck_assert_int_eq(s.total[p], total[p]);
	ck_assert_int_eq(s.failed_check, 0);
}
END_TEST

/* BLK-3: nobody clear: the 26 carry over; with a carry of 2 already,
 * the new carry is 28 (ambiguity 4), and a later clear player wins
 * the 26 + 28. */
START_TEST(test_blk3_nobody_clear)
{
	state s;
	setup(&s, BL, 4, 0, 0, 1);
	scn_set_won(&s, (const int[]){0, 5, 4, 4}, 0, 0);
	score_deal(&s);
	scn_check_scores(&s, (const int64_t[]){-13, -5, -4, -4});
	ck_assert_int_eq(carry(&s), 26);

	setup(&s, BL, 4, 0, 0, 1);
	scn_set_won(&s, (const int[]){13, 0, 0, 0}, 0, 1);
	score_deal(&s);
	ck_assert_int_eq(carry(&s), 2);
	scn_set_won(&s, (const int[]){1, 1, 11, 0}, 3, 0);
	score_deal(&s);
	scn_check_scores(&s, (const int64_t[]){-1, -1, -11, -13});
	ck_assert_int_eq(carry(&s), 28);
	scn_set_won(&s, (const int[]){12, 1, 0, 0}, 2, 3);
	score_deal(&s);
	scn_check_scores(&s, (const int64_t[]){-12, -1, -13, 54});
	ck_assert_int_eq(carry(&s), 0);
	ck_assert_int_eq(s.failed_check, 0);
}
END_TEST

/* BLK-4: 5 players, rounds = 3: 15 deals; the match is not over after
 * 14 and is after 15.  The default, 2 rounds, gives 10. */
START_TEST(test_blk4_length)
{
	state s;
	rng r;
	rng_seed(&r, 4, 0);
	setup(&s, BL, 5, 0, 3, 4);
	ck_assert_int_eq(s.deals, 15);
	for (int k = 1; k <= 15; k++) {
		ck_assert_int_eq(s.current, SEAT_CHANCE);
		ck_assert(!state_over(&s));
		play_random_deal(&s, &r);
		ck_assert_int_eq(s.deal_no, k);
	}
	ck_assert(state_over(&s));
	ck_assert_int_eq(s.current, SEAT_END);
	state_deal(&s);
	ck_assert_int_eq(s.deal_no, 15);
	ck_assert_int_eq(s.current, SEAT_END);

	setup(&s, BL, 5, 0, 0, 4);
	ck_assert_int_eq(s.deals, 10);
}
END_TEST

/* BLK-5: hand sizes, leftovers and face-up leftovers, 3..7 players. */
static const struct size_case {
	int players, hand, left, up;
} size_cases[] = {
	{3, 16, 4, 2},
	{4, 12, 4, 2},
	{5, 10, 2, 1},
	{6, 8, 4, 2},
	{7, 7, 3, 2},
};

START_TEST(test_blk5_hand_sizes)
{
	const struct size_case *c = &size_cases[_i];
	state s;
	setup(&s, BL, c->players, 0, 0, 5);
	state_deal(&s);
	cardset all = s.leftover;
	for (int p = 0; p < c->players; p++) {
		ck_assert_int_eq(cset_count(s.hand[p]), c->hand);
		ck_assert(!cset_meets(all, s.hand[p]));
		all = cset_or(all, s.hand[p]);
	}
	ck_assert_int_eq(cset_count(s.leftover), c->left);
	ck_assert_int_eq(cset_count(s.leftover_up), c->up);
	ck_assert(cset_subset(s.leftover_up, s.leftover));
	ck_assert_int_eq(cset_count(all), 52);
}
END_TEST

/* BLK-D1: QS only -13, 10 hearts -10, 3 hearts -3, clear +26; carry 0. */
START_TEST(test_blkd1_normal_deal)
{
	state s;
	setup(&s, BL, 4, 0, 0, 1);
	scn_set_won(&s, (const int[]){0, 10, 3, 0}, 0, 3);
	score_deal(&s);
	scn_check_scores(&s, (const int64_t[]){-13, -10, -3, 26});
	ck_assert_int_eq(carry(&s), 0);
	ck_assert_int_eq(s.failed_check, 0);
}
END_TEST

/* BLK-D2: carry 2 from the deal before, three clear: pot 28, 9 each,
 * new carry 1.  The carry comes from a scored deal, not set by hand. */
START_TEST(test_blkd2_carry_remainder)
{
	state s;
	setup(&s, BL, 4, 0, 0, 1);
	scn_set_won(&s, (const int[]){13, 0, 0, 0}, 0, 1);
	score_deal(&s);
	ck_assert_int_eq(carry(&s), 2);
	scn_set_won(&s, (const int[]){0, 0, 13, 0}, 2, 0);
	score_deal(&s);
	scn_check_scores(&s, (const int64_t[]){9, 9, -26, 9});
	ck_assert_int_eq(carry(&s), 1);
	ck_assert_int_eq(s.failed_check, 0);
}
END_TEST

/* BLK-D3: the leftovers 5H (face up) and QS (face down) go to seat 2,
 * which wins only the last trick: 14 penalty points, not clear. */
START_TEST(test_blkd3_leftovers)
{
	state s;
	setup(&s, BL, 5, d3.dealer, 0, 1);
	script_deal(&s, &d3);
	ck_assert(cset_eq(s.leftover, scn_card_set(BL, "5H QS")));
	ck_assert(cset_eq(s.leftover_up, scn_card_set(BL, "5H")));
	script_passes(&s, &d3);
	ck_assert_int_eq(s.current, 2);
	script_tricks(&s, &d3, 0, 9);
	ck_assert(cset_is_empty(s.won[2]));
	/* the others see the face-up leftover only */
	view v;
	state_view(&s, 0, &v);
	ck_assert(cset_eq(v.s.leftover, scn_card_set(BL, "5H")));
	ck_assert_int_eq(v.hidden_leftover, 1);
	ck_assert(cset_has(v.unknown, scn_card(BL, "QS")));

	script_tricks(&s, &d3, 9, 10);
	ck_assert_int_eq(s.last_trick.winner, 2);
	ck_assert(cset_eq(s.won[2], scn_card_set(BL, "10C 10S JS QC JC 5H QS")));
	for (int p = 0; p < 5; p++)
		if (p != 2)
			ck_assert(!cset_meets(s.won[p], s.leftover));
	scn_check_scores(&s, (const int64_t[]){-10, 13, -14, 13, -2});
	ck_assert_int_eq(carry(&s), 0);
	ck_assert_int_eq(s.failed_check, 0);
}
END_TEST

/* BLK-D4 with the state set directly: totals equal at -40, 7 deals at
 * zero against 5.  This checks the ranking keys alone; the test below
 * reaches the same totals through the deals of a match. */
START_TEST(test_blkd4_tiebreak_keys)
{
	state s;
	setup(&s, TOUR, 4, 0, 0, 1);
	int z = kept_index(TOUR, "zero_deals");
	int64_t total[] = {-40, -40, -30, -50}, zero[] = {7, 5, 0, 8};
	for (int p = 0; p < 4; p++) {
		s.total[p] = total[p];
		s.kept[z][p] = zero[p];
	}
	expr_frame f;
	vars_frame(&f, &s, NULL);
	score_rank(&s, &f);
	int8_t place[] = {2, 3, 1, 4};
	for (int p = 0; p < 4; p++)
		ck_assert_int_eq(s.place[p], place[p]);

	s.kept[z][1] = 7;       /* still equal: the place is shared */
	score_rank(&s, &f);
	ck_assert_int_eq(s.place[0], 2);
	ck_assert_int_eq(s.place[1], 2);
	ck_assert_int_eq(s.place[3], 4);
}
END_TEST

/* BLK-D4 through a whole tournament game of 5 players (10 deals) scored
 * deal by deal: A (seat 0) takes 14, 13, 13 in deals 1-3 and nothing
 * after; B (seat 1) takes 8 in deals 4-8.  Both end at -40; A has 7
 * zero deals, B 5, so A ranks higher.  deal_no is advanced by hand
 * because score_deal() is called without dealing. */
START_TEST(test_blkd4_tiebreak_match)
{
	static const int hearts[10][5] = {
		{1, 0, 12, 0, 0}, {0, 0, 13, 0, 0}, {0, 0, 0, 13, 0},
		{0, 8, 0, 0, 5}, {0, 8, 0, 0, 5}, {0, 8, 0, 0, 5},
		{0, 8, 0, 0, 5}, {0, 8, 0, 0, 5}, {0, 0, 13, 0, 0},
		{0, 0, 13, 0, 0},
	};
	static const int qs[10] = {0, 0, 0, 4, 4, 4, 4, 4, 2, 2};
	state s;
	setup(&s, TOUR, 5, 0, 0, 1);
	ck_assert_int_eq(s.deals, 10);
	for (int k = 0; k < 10; k++) {
		ck_assert(!state_over(&s));
		s.deal_no = (int16_t)(k + 1);
		scn_set_won(&s, hearts[k], qs[k], 3);
		score_deal(&s);
		int64_t sum = 0;
		for (int p = 0; p < 5; p++) {
			ck_assert_int_le(s.deal_score[p], 0);
			sum += s.deal_score[p];
		}
		ck_assert_int_eq(sum, -26);
	}
	ck_assert(state_over(&s));
	int z = kept_index(TOUR, "zero_deals");
	ck_assert_int_eq(s.total[0], -40);
	ck_assert_int_eq(s.total[1], -40);
	ck_assert_int_eq(s.kept[z][0], 7);
	ck_assert_int_eq(s.kept[z][1], 5);
	/* totals: A -40, B -40, C -77, D -13, E -90 */
	int8_t place[] = {2, 3, 4, 1, 5};
	for (int p = 0; p < 5; p++)
		ck_assert_int_eq(s.place[p], place[p]);
	ck_assert_int_eq(s.failed_check, 0);
}
END_TEST

/* ======================================================================
 * Rules
 * ====================================================================== */

/* 6.3: the player to the dealer's left leads the first trick. */
START_TEST(test_dealer_left_leads)
{
	int n = 3 + _i;
	for (int dealer = 0; dealer < n; dealer++) {
		state s;
		setup(&s, BL, n, dealer, 0, 100 + (uint64_t)dealer);
		state_deal(&s);
		scn_play_lowest(&s, true);
		scn_play_lowest(&s, true);
		ck_assert_int_eq(state_phase_kind(&s), PHASE_TRICKS);
		ck_assert_int_eq(s.trick_no, 1);
		ck_assert_int_eq(s.nplayed, 0);
		ck_assert_int_eq(s.current, (dealer + 1) % n);
	}
}
END_TEST

/* 7: a seat holding the led suit must play it; a refused card changes
 * nothing.  BLK-D3's deal: seat 2 leads 2S, seat 3 holds 3S and 6S. */
START_TEST(test_follow_suit)
{
	state s;
	setup(&s, BL, 5, d3.dealer, 0, 1);
	script_deal(&s, &d3);
	script_passes(&s, &d3);
	ck_assert(state_apply_card(&s, scn_card(BL, "2S")));
	ck_assert_int_eq(s.current, 3);
	ck_assert(cset_eq(state_legal_cards(&s), scn_card_set(BL, "3S 6S")));
	action m[ACTIONS_MAX];
	ck_assert_int_eq(state_legal(&s, m), 2);
	ck_assert_int_lt(action_compare(&m[0], &m[1]), 0);
	state before = s;
	const char *refused[] = {"5D", "4H", "AC", "10D", "2C", "AS"};
	for (size_t i = 0; i < sizeof refused / sizeof *refused; i++) {
		ck_assert_msg(!state_apply_card(&s, scn_card(BL, refused[i])), "%s",
			      refused[i]);
		ck_assert(memcmp(&s, &before, sizeof s) == 0);
	}
	ck_assert(state_apply_card(&s, scn_card(BL, "6S")));
}
END_TEST

/* 7: a seat void in the led suit may play any card, a heart included:
 * trick 9 of BLK-D3, 10D led, seat 0 holds KH 10S, seat 1 AH JS. */
START_TEST(test_void_any_card)
{
	state s;
	setup(&s, BL, 5, d3.dealer, 0, 1);
	script_deal(&s, &d3);
	script_passes(&s, &d3);
	script_tricks(&s, &d3, 0, 8);
	ck_assert(state_apply_card(&s, scn_card(BL, "10D")));
	ck_assert(state_apply_card(&s, scn_card(BL, "QD")));
	ck_assert_int_eq(s.current, 0);
	ck_assert(cset_eq(state_legal_cards(&s), scn_card_set(BL, "KH 10S")));
	ck_assert(state_apply_card(&s, scn_card(BL, "KH")));
	ck_assert(cset_eq(state_legal_cards(&s), scn_card_set(BL, "AH JS")));
	ck_assert(s.void_suits[0] & 1u << BL->deck.suit_of[scn_card(BL, "10D")]);
}
END_TEST

/* 8: the highest card of the led suit wins; KH and AH, higher but off
 * suit, do not (BLK-D3 trick 9: QD wins for seat 4). */
START_TEST(test_highest_of_led_suit)
{
	state s;
	setup(&s, BL, 5, d3.dealer, 0, 1);
	script_deal(&s, &d3);
	script_passes(&s, &d3);
	script_tricks(&s, &d3, 0, 9);
	ck_assert_int_eq(s.last_trick.winner, 4);
	ck_assert_int_eq(s.last_trick.leader, 3);
	ck_assert_int_eq(s.last_trick.card[1], scn_card(BL, "QD"));
	ck_assert(cset_subset(scn_card_set(BL, "10D QD KH AH JD"), s.won[4]));
	ck_assert_int_eq(s.current, 4);         /* the winner leads next */
}
END_TEST

/* 6.1, 6.2: two cards to the right, then one, both simultaneous: while
 * seats choose, nobody holds or sees what others chose for them; a card
 * received in the first pass may go on in the second. */
START_TEST(test_passes_right)
{
	state s;
	setup(&s, BL, 5, d3.dealer, 0, 1);
	script_deal(&s, &d3);
	cardset dealt[5];
	memcpy(dealt, s.hand, sizeof dealt);
	int order[5];
	for (int k = 0; k < 10; k++) {
		int q = s.current;
		ck_assert_int_eq(state_phase_kind(&s), PHASE_PASS);
		ck_assert_int_eq(s.pass_need[q], 2);
		if (s.pass_chosen[q] == 0)
			order[k / 2] = q;
		/* nobody has received anything yet */
		for (int p = 0; p < 5; p++)
			ck_assert(cset_eq(s.hand[p], dealt[p]));
		view v;
		state_view(&s, q, &v);
		for (int p = 0; p < 5; p++) {
			if (p == q)
				continue;
			ck_assert(cset_is_empty(v.s.passing[p]));
			ck_assert(cset_is_empty(v.s.hand[p]));
		}
		ck_assert(cset_eq(state_legal_cards(&s),
				  cset_minus(s.hand[q], s.passing[q])));
		card_id c[2];
		scn_card_list(BL, d3.pass[0][q], c);
		ck_assert(state_apply_card(&s, c[s.pass_chosen[q]]));
	}
	/* every seat chose once, starting left of the dealer */
	for (int k = 0; k < 5; k++)
		ck_assert_int_eq(order[k], (d3.dealer + 1 + k) % 5);
	ck_assert_int_eq(s.event, EV_PASSED);
	ck_assert_int_eq(s.phase, 1);           /* the second pass */
	for (int q = 0; q < 5; q++) {
		int right = (q + 4) % 5;
		cardset gave = scn_card_set(BL, d3.pass[0][q]);
		ck_assert(cset_subset(gave, s.hand[right]));
		ck_assert(!cset_meets(gave, s.hand[q]));
		ck_assert_int_eq(s.pass_need[q], 1);
	}
	ck_assert_int_eq(state_pass_offset(&s), -1);
	/* seat 1 got 3C from seat 2 and may pass it on */
	ck_assert(cset_has(s.hand[1], scn_card(BL, "3C")));
	script_passes(&s, &d3);
	ck_assert(cset_has(s.hand[0], scn_card(BL, "3C")));
	ck_assert(cset_eq(s.gave[1], scn_card_set(BL, "3C")));
	/* seat 2 knows the cards it gave seat 1 that seat 1 still holds:
	 * not 3C, passed on to seat 0 */
	view v;
	state_view(&s, 2, &v);
	ck_assert(cset_eq(v.s.hand[1], scn_card_set(BL, "AS 2H")));
	ck_assert(cset_is_empty(v.s.hand[0]));
}
END_TEST

/* 1: the deal passes clockwise: deal k is dealt by first + k - 1. */
START_TEST(test_dealer_rotates)
{
	int n = 3 + _i;
	state s;
	rng r;
	rng_seed(&r, 7, (uint64_t)n);
	setup(&s, BL, n, n - 1, 0, 7);
	for (int k = 0; k < 2 * n; k++) {
		state_deal(&s);
		ck_assert_int_eq(s.dealer, (n - 1 + k) % n);
		play_random_deal(&s, &r);
	}
	ck_assert(state_over(&s));
}
END_TEST

/* 4: every card's penalty: a heart 1, QS 13, the rest 0.  Seat 0 takes
 * that card alone, seat 1 everything else. */
START_TEST(test_penalty_values)
{
	const game *g = BL;
	card_id c = (card_id)_i;
	state s;
	setup(&s, g, 4, 0, 0, 1);
	memset(s.won, 0, sizeof s.won);
	cset_add(&s.won[0], c);
	s.won[1] = cset_minus(s.in_play, s.won[0]);
	score_deal(&s);
	int pen = g->deck.suit_of[c] == 1 ? 1 : c == scn_card(g, "QS") ? 13 : 0;
	if (pen)
		ck_assert_int_eq(s.deal_score[0], -pen);
	else
		ck_assert_int_eq(s.deal_score[0], 8);   /* clear: 26 / 3 */
	ck_assert_int_eq(s.deal_score[1], -(26 - pen));
	ck_assert_int_eq(s.failed_check, 0);
}
END_TEST

/* 9.3: the clear rule: share = floor(pot / c), the remainder carried;
 * nobody clear carries the whole pot.  The carry in is set directly. */
static const struct clear_case {
	int players, carry_in, clears, share, carry_out;
} clear_cases[] = {
	{4, 0, 1, 26, 0},
	{4, 0, 2, 13, 0},
	{4, 0, 3, 8, 2},
	{4, 2, 3, 9, 1},
	{4, 0, 0, 0, 26},
	{4, 2, 0, 0, 28},
	{3, 1, 2, 13, 1},
	{5, 0, 4, 6, 2},
	{6, 28, 5, 10, 4},
	{7, 0, 6, 4, 2},
	{7, 5, 6, 5, 1},
};

START_TEST(test_clear_rule)
{
	const struct clear_case *c = &clear_cases[_i];
	state s;
	setup(&s, BL, c->players, 0, 0, 1);
	int k = kept_index(BL, "carry");
	for (int p = 0; p < SEAT_MAX; p++)
		s.kept[k][p] = c->carry_in;
	/* the first players - clears seats share the penalties */
	int takers = c->players - c->clears, hearts[SEAT_MAX] = {0};
	for (int i = 0; i < 13; i++)
		hearts[i % takers]++;
	scn_set_won(&s, hearts, takers - 1, c->players - 1);
	score_deal(&s);
	for (int p = 0; p < c->players; p++) {
		int pen = hearts[p] + (p == takers - 1 ? 13 : 0);
		ck_assert_int_eq(s.deal_score[p], p < takers ? -pen : c->share);
	}
	ck_assert_int_eq(carry(&s), c->carry_out);
	ck_assert_int_eq(s.failed_check, 0);
}
END_TEST

/* The rule files' own checks hold over many random deals, and the deal
 * scores add up to what the pot lost (carry in - carry out). */
START_TEST(test_checks_hold)
{
	int n = 3 + _i;
	state s;
	rng r;
	rng_seed(&r, 9, (uint64_t)n);
	setup(&s, BL, n, 0, 20, 9 + (uint64_t)n);
	while (!state_over(&s)) {
		int64_t before = carry(&s);
		play_random_deal(&s, &r);
		int64_t sum = 0;
		for (int p = 0; p < n; p++)
			sum += s.deal_score[p];
		ck_assert_int_eq(sum, before - carry(&s));
	}
	ck_assert_int_eq(s.deal_no, 20 * n);
	if (n == 4 || n == 5) {
		setup(&s, TOUR, n, 0, 0, 9);
		while (!state_over(&s))
			play_random_deal(&s, &r);
		ck_assert_int_eq(s.deal_no, 2 * n);
	}
}
END_TEST

/* The tournament file: penalties only (never positive, no carry), 4 or
 * 5 players, 8 or 10 deals. */
START_TEST(test_tournament_rules)
{
	char why[200];
	state s;
	ck_assert(!state_setup(&s, TOUR, 3, 0, NULL, 1, why, sizeof why));
	ck_assert(!state_setup(&s, TOUR, 6, 0, NULL, 1, why, sizeof why));
	setup(&s, TOUR, 4, 0, 0, 1);
	ck_assert_int_eq(s.deals, 8);
	scn_set_won(&s, (const int[]){13, 0, 0, 0}, 0, 1);
	score_deal(&s);
	scn_check_scores(&s, (const int64_t[]){-26, 0, 0, 0});
	ck_assert_int_eq(s.failed_check, 0);
}
END_TEST

static Suite *black_lady_suite(void)
{
	Suite *s = suite_create("black-lady");
	TCase *tc = tcase_create("examples");
	tcase_add_unchecked_fixture(tc, load_games, free_games);
	tcase_add_test(tc, test_blk1_two_clear);
	tcase_add_test(tc, test_blk2_three_clear);
	tcase_add_test(tc, test_blk2_played);
	tcase_add_test(tc, test_blk3_nobody_clear);
	tcase_add_test(tc, test_blk4_length);
	tcase_add_loop_test(tc, test_blk5_hand_sizes, 0,
			    sizeof size_cases / sizeof *size_cases);
	tcase_add_test(tc, test_blkd1_normal_deal);
	tcase_add_test(tc, test_blkd2_carry_remainder);
	tcase_add_test(tc, test_blkd3_leftovers);
	tcase_add_test(tc, test_blkd4_tiebreak_keys);
	tcase_add_test(tc, test_blkd4_tiebreak_match);
	suite_add_tcase(s, tc);

	tc = tcase_create("rules");
	tcase_add_unchecked_fixture(tc, load_games, free_games);
	tcase_add_loop_test(tc, test_dealer_left_leads, 0, 5);
	tcase_add_test(tc, test_follow_suit);
	tcase_add_test(tc, test_void_any_card);
	tcase_add_test(tc, test_highest_of_led_suit);
	tcase_add_test(tc, test_passes_right);
	tcase_add_loop_test(tc, test_dealer_rotates, 0, 5);
	tcase_add_loop_test(tc, test_penalty_values, 0, 52);
	tcase_add_loop_test(tc, test_clear_rule, 0,
			    sizeof clear_cases / sizeof *clear_cases);
	tcase_add_loop_test(tc, test_checks_hold, 0, 5);
	tcase_add_test(tc, test_tournament_rules);
	suite_add_tcase(s, tc);
	return s;
}

TEST_MAIN(black_lady_suite)
