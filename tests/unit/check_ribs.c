/*
 * check_ribs.c — Ribs (games/ribs.yaml) on the examples of its rules: the
 * resolution of a double trick step by step on hand-made tricks (RIB-1,
 * RIB-2, RIB-D1 .. D4, with copies of one card and equal ranks), the deck
 * by player count (RIB-3), the bidding (RIB-D5 and its legality), the
 * double trick's faces, words and secrecy, Lemon's scoring (RIB-D6) and
 * the face-up fourth trick.
 */
#include "testutil.h"
#include "scenario.h"

#include <string.h>

#include "engine/engine.h"
#include "engine/hook.h"
#include "engine/place.h"
#include "engine/score.h"

#define GAMES TOP_SRCDIR "/games/"

static game *g;
static state s;

static void table(int players)
{
	char why[200];
	ck_assert_msg(state_setup(&s, g, players, 0, NULL, 11, why, sizeof why),
		      "%s", why);
}

static void setup(void)
{
	g = scn_load(GAMES "ribs.yaml");
	table(4);
}

static void teardown(void)
{
	game_free(g);
}

/* ---- the resolution on hand-made double tricks ---------------------- */

static hook_result result;

/* Resolves a double trick of n pairs at a bid: pairs[0] is the lead (the
 * ribs); a pair written "-" after its cards is face down: "KS 8D",
 * "QH 9C", "7S 7H -".  The result has a group per position: its pair,
 * the position that gets it (-1: discarded) and its fate. */
static void resolve(int bid, const char *const *pairs, int n)
{
	hook_use ribs = {.hook = hook_find("double-trick", "ribs-resolution")};
	ck_assert(ribs.hook != NULL);
	card_id cards[2 * SEAT_MAX];
	uint16_t down = 0;
	cardset used = cset_empty();
	for (int i = 0; i < n; i++) {
		char text[32];
		snprintf(text, sizeof text, "%s", pairs[i]);
		char *dash = strchr(text, '-');
		if (dash) {
			down |= (uint16_t)(1u << i);
			*dash = '\0';
		}
		/* copies: the first copy not used yet */
		char *w = strtok(text, " ");
		for (int k = 0; k < 2; k++, w = strtok(NULL, " ")) {
			ck_assert(w != NULL);
			card_face f;
			int copy;
			ck_assert(deck_parse_face(&g->deck, w, strlen(w), &f, &copy)
				  == DECK_PARSE_OK);
			card_id c = deck_find(&g->deck, cset_minus(g->deck.all, used),
					      f, 0);
			ck_assert(c != CARD_NONE);
			cset_add(&used, c);
			cards[2 * i + k] = c;
		}
	}
	s.bid = (int16_t)bid;
	hook_input in = {.cards = cards, .ncards = 2 * n, .down = down,
			 .values = g->table[0].value};
	hook_call(&ribs, &s, 0, in, &result);
	ck_assert_int_eq(result.ngroups, n);
	/* a result in memory that held something else reads the same where
	 * a caller reads it: the hook writes every such field */
	hook_result filled;
	memset(&filled, 0x5a, sizeof filled);
	hook_call(&ribs, &s, 0, in, &filled);
	ck_assert_int_eq(filled.pick, result.pick);
	ck_assert_int_eq(filled.total, result.total);
	ck_assert(filled.yes == result.yes);
	ck_assert_int_eq(filled.ngroups, n);
	ck_assert(memcmp(filled.group, result.group,
			 (size_t)n * sizeof *filled.group) == 0);
}

/* Where position i's pair goes. */
static int to(int i)
{
	return result.group[i].seat;
}

static void check_fates(const int *fate, int n)
{
	for (int i = 0; i < n; i++)
		ck_assert_msg(result.group[i].tag == fate[i],
			      "position %d: fate %d, not %d", i,
			      result.group[i].tag, fate[i]);
}

START_TEST(test_rib1_exact_match_takes_all)
{
	resolve(3, (const char *[]){"KS 8D", "QH 9C", "8C KH", "KD 8S", "7S 7H -"}, 5);
	ck_assert_int_eq(result.pick, 2);
	check_fates((const int[]){PAIR_LEAD_TAKEN, PAIR_TO_LEADER, PAIR_TAKES_ALL,
				  PAIR_MATCHED_LATE, PAIR_DOWN}, 5);
	for (int i = 0; i < 4; i++)
		ck_assert_int_eq(to(i), 2);
	ck_assert_int_eq(to(4), -1);
	ck_assert(!result.yes);
}
END_TEST

START_TEST(test_rib2_beating_pairs_go_back)
{
	resolve(2, (const char *[]){"KS 8D", "QH 9C", "AH 7C", "AS 9D"}, 4);
	check_fates((const int[]){PAIR_LEAD_KEPT, PAIR_BEATS_LEAD, PAIR_BEATS_LEAD,
				  PAIR_BEATS_LEAD}, 4);
	for (int i = 1; i < 4; i++)
		ck_assert_int_eq(to(i), i);
	ck_assert_int_eq(result.total, 3);              /* the ribs alone */
	ck_assert(result.yes);
}
END_TEST

START_TEST(test_rib_d1_d2_the_bid_check)
{
	const char *const pairs[] = {"KS 8D", "QH 9C", "8C 7H", "7S 7D -"};
	resolve(4, pairs, 4);
	check_fates((const int[]){PAIR_LEAD_KEPT, PAIR_BEATS_LEAD, PAIR_TO_LEADER,
				  PAIR_DOWN}, 4);
	ck_assert_int_eq(result.total, 5);
	ck_assert(result.yes);
	ck_assert_int_eq(to(0), 0);
	ck_assert_int_eq(to(2), 0);
	ck_assert_int_eq(to(1), 1);
	ck_assert_int_eq(to(3), -1);
	resolve(6, pairs, 4);                           /* 5 < 6 */
	ck_assert(!result.yes);
	ck_assert_int_eq(result.group[0].tag, PAIR_LEAD_DISCARDED);
	ck_assert_int_eq(to(0), -1);
	ck_assert_int_eq(to(2), 0);                     /* the take stays */
}
END_TEST

START_TEST(test_rib_d3_first_matcher)
{
	resolve(2, (const char *[]){"AS 7D", "7H AH", "AC 7C", "KS QS"}, 4);
	ck_assert_int_eq(result.pick, 1);
	ck_assert_int_eq(result.group[2].tag, PAIR_MATCHED_LATE);
	ck_assert_int_eq(to(3), 1);
	ck_assert(!result.yes);
}
END_TEST

START_TEST(test_rib_d4_edges_of_beating)
{
	resolve(2, (const char *[]){"KS 8D", "10H 7C", "7S 7H", "KH 9C"}, 4);
	check_fates((const int[]){PAIR_LEAD_KEPT, PAIR_BEATS_LEAD, PAIR_TO_LEADER,
				  PAIR_TO_LEADER}, 4);
	/* pairs of ribs: 9-9 is matched only by 9-9; copies of a card play
	 * alike (the second 9 of spades is another copy) */
	resolve(2, (const char *[]){"9S 9H", "9D 10C", "9C 9S", "10S 10H"}, 4);
	ck_assert_int_eq(result.pick, 2);
	ck_assert_int_eq(result.group[1].tag, PAIR_TO_LEADER);
}
END_TEST

/* ---- the deck and the bidding --------------------------------------- */

START_TEST(test_rib3_deck_by_player_count)
{
	for (int n = 4; n <= 10; n++) {
		table(n);
		ck_assert_int_eq(cset_count(s.in_play), 8 * n);
		state_deal(&s);
		for (int p = 0; p < n; p++)
			ck_assert_int_eq(cset_count(s.hand[p]), 8);
		/* n cards of each rank */
		for (int r = 0; r < g->deck.nranks; r++)
			ck_assert_int_eq(cset_count(cset_and(s.in_play,
							     g->deck.by_rank[r])), n);
	}
}
END_TEST

static bool call(const char *words)
{
	char buf[64], *w[4];
	snprintf(buf, sizeof buf, "%s", words);
	int n = 0;
	for (char *t = strtok(buf, " "); t && n < 4; t = strtok(NULL, " "))
		if (n > 0 || strcmp(t, state_decision(&s).verb) != 0)
			w[n++] = t;     /* the verb said, as the text loop allows */
	action a[2];
	int na;
	char err[200];
	if (!state_parse_actions(&s, w, n, a, &na, err, sizeof err))
		return false;
	return state_apply(&s, a[0]);
}

START_TEST(test_rib_d5_bidding_round)
{
	state_deal(&s);
	ck_assert_int_eq(s.current, 1);
	ck_assert(!call("3"));                          /* the opener bids 2 */
	ck_assert(!call("pass"));
	ck_assert(call("2"));
	ck_assert(!call("4"));                          /* no jumps */
	ck_assert(call("3"));
	ck_assert(call("pass"));                        /* seat 3 */
	ck_assert(call("4"));                           /* seat 0 */
	ck_assert_int_eq(s.current, 1);
	ck_assert(call("pass"));
	ck_assert_int_eq(s.current, 2);                 /* seat 3 is skipped */
	ck_assert(call("pass"));
	ck_assert_int_eq(state_phase_kind(&s), PHASE_DOUBLE);
	ck_assert_int_eq(s.declarer, 0);
	ck_assert_int_eq(s.bid, 4);
	ck_assert_int_eq(s.current, 0);                 /* the leader lays */
	/* the double trick: the leader's ribs face down, no choice */
	action list[ACTIONS_MAX];
	int n = state_legal(&s, list);
	for (int i = 0; i < n; i++)
		ck_assert(list[i].flags & ACT_DOWN);
	card_id c[8];
	cset_to_array(s.hand[0], c);
	char words[64], a[8], b[8];
	snprintf(words, sizeof words, "play %s %s",
		 deck_card_name(&g->deck, c[0], false, a),
		 deck_card_name(&g->deck, c[1], false, b));
	ck_assert(call(words));
	/* the others: up or down, said */
	cset_to_array(s.hand[1], c);
	snprintf(words, sizeof words, "play %s %s",
		 deck_card_name(&g->deck, c[0], false, a),
		 deck_card_name(&g->deck, c[1], false, b));
	ck_assert(!call(words));
	strcat(words, " down");
	ck_assert(call(words));
	for (int k = 0; k < 2; k++) {
		cset_to_array(s.hand[s.current], c);
		snprintf(words, sizeof words, "play %s %s up",
			 deck_card_name(&g->deck, c[0], false, a),
			 deck_card_name(&g->deck, c[1], false, b));
		ck_assert(call(words));
	}
	ck_assert_int_eq(s.last_double.number, 1);
	/* round 2: the last leader opens, with a forced 2 */
	ck_assert_int_eq(state_phase_kind(&s), PHASE_AUCTION);
	ck_assert_int_eq(s.current, 0);
	ck_assert(!call("3"));
	ck_assert(call("2"));
}
END_TEST

START_TEST(test_the_ceiling)
{
	state_deal(&s);
	ck_assert(call("2"));
	for (int b = 3; b <= 16; b++) {
		char w[8];
		snprintf(w, sizeof w, "%d", b);
		ck_assert(call(w));
	}
	/* 16 = 4 x 4 players: the next can only pass, and three passes end it */
	ck_assert(!call("17"));
	ck_assert(call("pass"));
	ck_assert(call("pass"));
	ck_assert(call("pass"));
	ck_assert_int_eq(state_phase_kind(&s), PHASE_DOUBLE);
	ck_assert_int_eq(s.bid, 16);
}
END_TEST

/* "play 9 9 up" takes two nines whatever their suits. */
START_TEST(test_ranks_alone_and_secrecy)
{
	cardset hands[SEAT_MAX];
	memset(hands, 0, sizeof hands);
	hands[0] = scn_card_set(g, "9S 9H 8S 8H 7S 7H AS AH");
	hands[1] = scn_card_set(g, "9D 9C 8D 8C 7D 7C AD AC");
	hands[2] = scn_card_set(g, "10S 10H JS JH QS QH KS KH");
	hands[3] = scn_card_set(g, "10D 10C JD JC QD QC KD KC");
	char why[200];
	ck_assert_msg(state_deal_cards(&s, hands, NULL, 0, why, sizeof why), "%s", why);
	ck_assert(call("2"));
	ck_assert(call("pass"));
	ck_assert(call("pass"));
	ck_assert(call("pass"));
	ck_assert_int_eq(s.current, 1);
	ck_assert(call("play 9 9"));                     /* the ribs: down */
	ck_assert(cset_eq(s.passing[1], scn_card_set(g, "9D 9C")));
	/* seat 2 sees neither the ribs nor, later, a face-down pair */
	view v;
	state_view(&s, 2, &v);
	ck_assert(cset_is_empty(v.s.passing[1]));
	ck_assert(!call("play 9 9 up"));                 /* seat 2 holds none */
	ck_assert(call("play J Q down"));
	ck_assert(call("play 10 10 up"));
	card_id laid = state_laid_pair(&s, 3).card[0];
	ck_assert(laid == scn_card(g, "10D") || laid == scn_card(g, "10C"));
	state_view(&s, 3, &v);
	ck_assert(cset_is_empty(v.s.passing[2]));
	rng r;
	rng_seed(&r, 1, 2);
	state t;
	view_sample(&v, &r, &t);
	ck_assert_int_eq(cset_count(t.passing[1]), 2);
	ck_assert_int_eq(cset_count(t.passing[2]), 2);
	ck_assert(call("play 9 9 up"));                  /* seat 0 matches */
	ck_assert_int_eq(s.last_double.matcher, 3);      /* position of seat 0 */
	ck_assert(cset_subset(scn_card_set(g, "9S 9H 9D 9C 10D 10C"), s.won[0]));
	ck_assert_int_eq(cset_count(place_cards(&s, 0)), 2);    /* J Q down */
}
END_TEST

START_TEST(test_open_fourth_trick)
{
	game *v = scn_load(GAMES "ribs-open-fourth.yaml");
	state t;
	char why[200];
	ck_assert(state_setup(&t, v, 4, 0, NULL, 5, why, sizeof why));
	state_deal(&t);
	rng r;
	rng_seed(&r, 3, 0);
	for (int round = 1; round <= 4; round++) {
		while (state_phase_kind(&t) == PHASE_AUCTION)
			state_apply_random(&t, &r);
		action list[ACTIONS_MAX];
		for (int k = 0; k < 4; k++) {
			int n = state_legal(&t, list);
			bool any_down = false;
			for (int i = 0; i < n; i++)
				any_down |= list[i].flags & ACT_DOWN;
			ck_assert_msg(any_down == (round < 4), "round %d", round);
			ck_assert(state_apply(&t, list[0]));
		}
	}
	ck_assert(t.current < 0);
	game_free(v);
}
END_TEST

START_TEST(test_rib_d6_lemon)
{
	game *v = scn_load(GAMES "ribs-lemon.yaml");
	state t;
	char why[200];
	ck_assert(state_setup(&t, v, 4, 0, NULL, 5, why, sizeof why));
	state_deal(&t);
	/* the lemon ranks above the ace */
	ck_assert_int_gt(v->deck.rank_of[scn_card(v, "7S")],
			 v->deck.rank_of[scn_card(v, "AS")]);
	memset(t.hand, 0, sizeof t.hand);
	t.won[0] = scn_card_set(v, "7S 7H 7D KS");      /* 3 sevens: 10 + 2 */
	t.won[1] = scn_card_set(v, "7C 8S");            /* one: -3 + 1 */
	t.won[2] = scn_card_set(v, "QS");
	t.won[3] = cset_minus(t.in_play, cset_or(cset_or(t.won[0], t.won[1]),
						 t.won[2]));
	t.checks = false;
	score_deal(&t);
	ck_assert_int_eq(t.deal_score[0], 12);
	ck_assert_int_eq(t.deal_score[1], -2);
	ck_assert_int_eq(t.deal_score[2], 2);
	/* two and two: no majority, -6 each */
	state_deal(&t);
	memset(t.hand, 0, sizeof t.hand);
	t.won[0] = scn_card_set(v, "7S 7H");
	t.won[1] = scn_card_set(v, "7D 7C");
	t.won[2] = cset_empty();
	t.won[3] = cset_minus(t.in_play, cset_or(t.won[0], t.won[1]));
	score_deal(&t);
	ck_assert_int_eq(t.deal_score[0], -6);
	ck_assert_int_eq(t.deal_score[1], -6);
	game_free(v);
}
END_TEST

/* A per-seat counter read by its name: each seat's own. */
START_TEST(test_counters_by_name)
{
	game *v = scn_load(GAMES "ribs-betting.yaml");
	state t;
	char why[200];
	ck_assert(state_setup(&t, v, 4, 0, NULL, 5, why, sizeof why));
	state_deal(&t);
	int raiser = -1;
	while (state_phase_kind(&t) == PHASE_AUCTION) {
		action a[ACTIONS_MAX];
		int n = state_legal(&t, a);
		/* the opening bid, one raise, then passes */
		bool raise = a[0].kind == ACT_BID && raiser < 0 && n > 1;
		if (raise)
			raiser = t.current;
		ck_assert(state_apply(&t, a[n > 1 && !raise ? n - 1 : 0]));
	}
	ck_assert_int_ge(raiser, 0);
	for (int p = 0; p < 4; p++) {
		int64_t paid;
		ck_assert(state_counter(&t, "paid", p, &paid));
		ck_assert_int_eq(paid, p == raiser ? 1 : 0);
	}
	int64_t small;
	ck_assert(state_counter(&t, "small", 2, &small));
	ck_assert_int_eq(small, 4 + 1);         /* the antes and the raise */
	ck_assert(!state_counter(&t, "pushes", 0, &small));
	game_free(v);
}
END_TEST

/* A random pair is drawn without the list, but it is the member of the
 * list that the same draw names there; the list has its face-up pairs
 * first, each side in the order of the cards. */
START_TEST(test_a_random_pair_is_the_listed_draw)
{
	const char *paths[] = {GAMES "ribs.yaml", GAMES "ribs-open-fourth.yaml"};
	for (int k = 0; k < 4; k++) {
		game *v = scn_load(paths[k % 2]);
		state t;
		char why[200];
		ck_assert(state_setup(&t, v, 4 + k / 2, 0, NULL, 7, why,
				      sizeof why));
		rng r;
		rng_seed(&r, 5, (uint64_t)k);
		for (int step = 0; step < 600 && !t.over; step++) {
			if (t.current == SEAT_CHANCE)
				state_deal(&t);
			if (state_phase_kind(&t) != PHASE_DOUBLE) {
				state_apply_random(&t, &r);
				continue;
			}
			action list[ACTIONS_MAX];
			int n = state_legal(&t, list);
			ck_assert_int_gt(n, 0);
			for (int i = 1; i < n; i++)
				ck_assert_int_lt(action_compare(&list[i - 1],
								&list[i]), 0);
			rng listed = r;
			action want = list[rng_below(&listed, (uint32_t)n)];
			action got = state_apply_random(&t, &r);
			ck_assert(action_eq(&got, &want));
			ck_assert_mem_eq(&listed, &r, sizeof r);
		}
		game_free(v);
	}
}
END_TEST

/* A double trick lays any two cards of the hand together: every pair
 * of held cards (action_pair) is legal with each face the phase says,
 * and the list holds exactly those faces; other decisions lay none. */
START_TEST(test_any_two_cards_laid_together)
{
	const char *paths[] = {GAMES "ribs.yaml", GAMES "ribs-open-fourth.yaml"};
	for (int k = 0; k < 4; k++) {
		game *v = scn_load(paths[k % 2]);
		state t;
		char why[200];
		ck_assert(state_setup(&t, v, 4 + k / 2, 0, NULL, 9, why,
				      sizeof why));
		rng r;
		rng_seed(&r, 9, (uint64_t)k);
		int pairs = 0;
		for (int step = 0; step < 400 && !t.over; step++) {
			if (t.current == SEAT_CHANCE)
				state_deal(&t);
			unsigned faces;
			int together = state_lays_together(&t, &faces);
			if (state_phase_kind(&t) != PHASE_DOUBLE) {
				ck_assert_int_eq(together, 0);
				state_apply_random(&t, &r);
				continue;
			}
			ck_assert_int_eq(together, 2);
			action list[ACTIONS_MAX];
			int n = state_legal(&t, list);
			unsigned listed = 0;
			for (int i = 0; i < n; i++)
				listed |= list[i].flags & ACT_DOWN ? LAY_DOWN
								   : LAY_UP;
			ck_assert_uint_eq(listed, faces);
			card_id c[CARD_MAX];
			int nc = cset_to_array(t.hand[t.current], c);
			for (int i = 0; i < nc; i++)
				for (int j = i + 1; j < nc; j++)
					for (int down = 0; down < 2; down++) {
						action a = action_pair(c[j], c[i], down);
						bool may = faces & (down ? LAY_DOWN : LAY_UP);
						ck_assert(state_is_legal(&t, &a) == may);
						pairs += may;
					}
			state_apply_random(&t, &r);
		}
		ck_assert_int_gt(pairs, 0);
		game_free(v);
	}
}
END_TEST

static Suite *ribs_suite(void)
{
	Suite *su = suite_create("ribs");
	TCase *tc = tcase_create("resolution");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, test_rib1_exact_match_takes_all);
	tcase_add_test(tc, test_rib2_beating_pairs_go_back);
	tcase_add_test(tc, test_rib_d1_d2_the_bid_check);
	tcase_add_test(tc, test_rib_d3_first_matcher);
	tcase_add_test(tc, test_rib_d4_edges_of_beating);
	suite_add_tcase(su, tc);
	tc = tcase_create("play");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, test_rib3_deck_by_player_count);
	tcase_add_test(tc, test_rib_d5_bidding_round);
	tcase_add_test(tc, test_the_ceiling);
	tcase_add_test(tc, test_ranks_alone_and_secrecy);
	tcase_add_test(tc, test_open_fourth_trick);
	tcase_add_test(tc, test_rib_d6_lemon);
	tcase_add_test(tc, test_counters_by_name);
	tcase_add_test(tc, test_a_random_pair_is_the_listed_draw);
	tcase_add_test(tc, test_any_two_cards_laid_together);
	suite_add_tcase(su, tc);
	return su;
}

TEST_MAIN(ribs_suite)
