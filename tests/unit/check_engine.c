/*
 * check_engine.c — properties of the generic engine on every game file:
 * perft-style legal-move counts, refused moves that change nothing,
 * cloning by struct copy, views that hide what they must, samples that
 * agree with the view, and bots that move legally (and the Monte Carlo
 * bot playing better Hearts than a random one).
 *
 * States are compared with memcmp: state_setup() zeroes the whole struct
 * and the engine only assigns fields, so padding bytes stay zero.
 */
#include "testutil.h"
#include "scenario.h"

#include <stdlib.h>
#include <string.h>

#include "front/bot.h"
#include "engine/engine.h"
#include "engine/phase.h"
#include "engine/score.h"
#include "lang/expr.h"
#include "engine/game.h"
#include "lang/schema.h"
#include "util/rng.h"

enum { BLACK_LADY, TOURNAMENT, HEARTS, NGAMES };

static const struct game_file {
	const char *path;
	int players;            /* the table the properties are tried on */
} files[NGAMES] = {
	{TOP_SRCDIR "/games/black-lady.yaml", 5},
	{TOP_SRCDIR "/games/black-lady-tournament.yaml", 4},
	{TOP_SRCDIR "/games/hearts.yaml", 4},
};

static game *G[NGAMES];

static void load_games(void)
{
	for (int i = 0; i < NGAMES; i++)
		G[i] = scn_load(files[i].path);
}

static void free_games(void)
{
	for (int i = 0; i < NGAMES; i++)
		game_free(G[i]);
	deck_cleanup();
	expr_cleanup();
	schema_cleanup();
}

static void setup(state *s, int gi, int players, int dealer, uint64_t seed)
{
	char why[200];
	ck_assert_msg(state_setup(s, G[gi], players, dealer, NULL, seed, why,
				  sizeof why), "%s", why);
	s->checks = true;
}

static card_id random_move(const state *s, rng *r)
{
	cardset l = state_legal_cards(s);
	int n = cset_count(l);
	ck_assert_int_gt(n, 0);
	return cset_nth(l, (int)rng_below(r, (uint32_t)n));
}

/* ======================================================================
 * (a) perft: legal-move counts along a fixed line of play
 *
 * The deal is round robin in card-id order (id k to seat k mod n, the
 * rest left over); every seat then passes and plays its lowest legal
 * card.  The counts are worked out by hand from that.
 * ====================================================================== */

static const struct perft_case {
	int game, players;
	int counts[40];         /* one per decision, 0 ends */
} perft_cases[] = {
	/* passes: 2 cards from 12, four seats; 1 from 12; trick 1 led
	 * 5S from any of 12, spades held 3, 3, 4; trick 2 the same */
	{BLACK_LADY, 4, {12, 11, 12, 11, 12, 11, 12, 11, 12, 12, 12, 12,
			 12, 3, 3, 4, 11, 2, 2, 3}},
	/* 3 cards from 13 left; seat 3 must lead 2C; clubs held 3, 3, 3;
	 * seat 2 leads without its 3 hearts (9 of 12), spades 3, 4, 3 */
	{HEARTS, 4, {13, 12, 11, 13, 12, 11, 13, 12, 11, 13, 12, 11,
		     1, 3, 3, 3, 9, 3, 4, 3}},
	/* five seats of 10: passes 2 then 1; spades held 3, 2, 2, 3 and
	 * then 1, 1, 2, 2 */
	{TOURNAMENT, 5, {10, 9, 10, 9, 10, 9, 10, 9, 10, 9, 10, 10, 10, 10, 10,
			 10, 3, 2, 2, 3, 9, 1, 1, 2, 2}},
};

START_TEST(test_perft)
{
	const struct perft_case *pc = &perft_cases[_i];
	state s;
	setup(&s, pc->game, pc->players, 0, 1);
	int n = pc->players;
	cardset hands[SEAT_MAX] = {{{0}}};
	card_id order[CARD_MAX], left[CARD_MAX];
	int ncards = cset_to_array(s.in_play, order), nleft = 0;
	for (int k = 0; k < ncards; k++) {
		if (k < s.hand_size * n)
			cset_add(&hands[k % n], order[k]);
		else
			left[nleft++] = order[k];
	}
	char why[200];
	ck_assert_msg(state_deal_cards(&s, hands, left, nleft, why, sizeof why),
		      "%s", why);
	for (int i = 0; pc->counts[i]; i++) {
		action m[ACTIONS_MAX];
		int got = state_legal(&s, m);
		ck_assert_msg(got == pc->counts[i], "decision %d (seat %d): %d "
			      "moves, not %d", i + 1, s.current, got,
			      pc->counts[i]);
		for (int k = 1; k < got; k++)
			ck_assert_int_lt(action_compare(&m[k - 1], &m[k]), 0);
		ck_assert(state_apply(&s, m[0]));
	}
}
END_TEST

/* ======================================================================
 * (b) illegal moves are refused and change nothing
 * ====================================================================== */

START_TEST(test_illegal_refused)
{
	int gi = _i;
	state s;
	rng r;
	rng_seed(&r, 21, (uint64_t)gi);
	setup(&s, gi, files[gi].players, 1, 21);
	state before = s;
	for (unsigned m = 0; m <= UINT8_MAX; m += 7)
		ck_assert(!state_apply_card(&s, (card_id)m));  /* a chance node */
	for (int k = ACT_NONE; k <= ACT_MOVE; k++)
		ck_assert(!state_apply(&s, action_of((action_kind)k, 2)));
	ck_assert(memcmp(&s, &before, sizeof s) == 0);
	for (int deal = 0; deal < 3; deal++) {
		state_deal(&s);
		while (s.current >= 0) {
			cardset legal = state_legal_cards(&s);
			before = s;
			for (int c = 0; c < CARD_MAX; c++) {
				if (cset_has(legal, (card_id)c))
					continue;
				ck_assert(!state_apply_card(&s, (card_id)c));
				ck_assert(memcmp(&s, &before, sizeof s) == 0);
			}
			ck_assert(!state_apply_card(&s, CARD_MAX));
			ck_assert(!state_apply_card(&s, CARD_NONE));
			/* actions of other kinds, and a card with junk fields */
			for (int k = ACT_CARDS; k <= ACT_MOVE; k++)
				ck_assert(!state_apply(&s, action_of((action_kind)k, 1)));
			action junk = action_card(random_move(&s, &r));
			junk.flags = ACT_DOWN;
			ck_assert(!state_apply(&s, junk));
			ck_assert(memcmp(&s, &before, sizeof s) == 0);
			ck_assert(state_apply_card(&s, random_move(&s, &r)));
		}
	}
	ck_assert_int_eq(s.failed_check, 0);
}
END_TEST

/* ======================================================================
 * (c) a clone is a struct copy
 * ====================================================================== */

START_TEST(test_clone)
{
	int gi = _i;
	state s;
	rng r;
	rng_seed(&r, 22, (uint64_t)gi);
	setup(&s, gi, files[gi].players, 0, 22);
	for (int deal = 0; deal < 4 && !state_over(&s); deal++) {
		state_deal(&s);
		while (s.current >= 0) {
			state t = s, keep = s;
			ck_assert(memcmp(&s, &t, sizeof s) == 0);
			card_id m = random_move(&s, &r);
			/* the copy moves alone; then both are the same again */
			ck_assert(state_apply_card(&t, m));
			ck_assert(memcmp(&s, &keep, sizeof s) == 0);
			ck_assert(state_apply_card(&s, m));
			ck_assert(memcmp(&s, &t, sizeof s) == 0);
		}
	}
	ck_assert_int_eq(s.failed_check, 0);
}
END_TEST

/* Two copies given the same random stream end byte-identical. */
START_TEST(test_clone_playout)
{
	int gi = _i;
	state s;
	rng r;
	rng_seed(&r, 23, (uint64_t)gi);
	setup(&s, gi, files[gi].players, 2, 23);
	for (int deal = 0; deal < 4 && !state_over(&s); deal++) {
		state_deal(&s);
		for (int k = 0; k < 7; k++)
			ck_assert(state_apply_card(&s, random_move(&s, &r)));
		state t = s;
		rng r1 = r, r2 = r;
		state_random_playout(&s, &r1);
		state_random_playout(&t, &r2);
		ck_assert(memcmp(&s, &t, sizeof s) == 0);
		ck_assert_int_eq(s.event, EV_SCORED);
		ck_assert_int_eq(s.failed_check, 0);
		r = r1;
	}
}
END_TEST

/* ======================================================================
 * (d) views hide what a seat cannot see; samples agree with the view
 * ====================================================================== */

static void check_view(const state *s, int k)
{
	view v;
	state_view(s, k, &v);
	ck_assert_int_eq(v.seat, k);
	ck_assert(cset_eq(v.s.hand[k], s->hand[k]));
	cardset seen = cset_or(v.s.hand[k], cset_or(s->played, v.s.leftover));
	int count = cset_count(seen);
	for (int q = 0; q < s->players; q++) {
		if (q == k)
			continue;
		/* only cards k itself passed to q, or all saw go there
		 * (check_hidden.c follows them move by move) */
		ck_assert(cset_subset(v.s.hand[q], s->hand[q]));
		CSET_FOREACH(c, v.s.hand[q])
			ck_assert(s->passed_by[c] == k + 1 ||
				  cset_has(s->shown[q], c));
		ck_assert(cset_is_empty(v.s.passing[q]));
		/* of what q was dealt, only cards k can locate */
		ck_assert(cset_subset(v.s.dealt[q], s->dealt[q]));
		ck_assert(!cset_meets(v.s.dealt[q], v.unknown));
		ck_assert(cset_is_empty(v.s.gave[q]));
		ck_assert_int_eq(v.hidden[q] + cset_count(v.s.hand[q]),
				 cset_count(s->hand[q]));
		seen = cset_or(seen, v.s.hand[q]);
		count += cset_count(v.s.hand[q]);
	}
	ck_assert(cset_eq(v.s.leftover, s->leftover_up));
	ck_assert_int_eq(v.hidden_leftover + cset_count(s->leftover_up),
			 cset_count(s->leftover));
	/* what is seen and what is unknown: every card once */
	ck_assert(!cset_meets(seen, v.unknown));
	ck_assert_int_eq(count + cset_count(v.unknown), cset_count(s->in_play));
	ck_assert(cset_eq(cset_or(seen, v.unknown), s->in_play));
	/* the seed would let a bot redo the shuffle */
	ck_assert_msg(v.s.seed != s->seed || s->seed == 0,
		      "the view carries the match seed");
}

static void check_sample(const state *s, int k, rng *r)
{
	view v;
	state t;
	state_view(s, k, &v);
	view_sample(&v, r, &t);
	cardset real = s->leftover, sampled = t.leftover;
	ck_assert(cset_eq(t.hand[k], s->hand[k]));
	for (int q = 0; q < s->players; q++) {
		ck_assert_int_eq(cset_count(t.hand[q]), cset_count(s->hand[q]));
		ck_assert(cset_subset(v.s.hand[q], t.hand[q]));
		real = cset_or(real, s->hand[q]);
		sampled = cset_or(sampled, t.hand[q]);
		if (q == k)
			continue;
		CSET_FOREACH(c, t.hand[q])
			ck_assert_msg(!(s->void_suits[q] >> s->g->deck.suit_of[c] & 1),
				      "seat %d was given a card of a suit it "
				      "showed it lacks", q);
		/* others' passes: as many cards as they chose, only in a pass */
		ck_assert(cset_subset(t.passing[q], t.hand[q]));
		ck_assert_int_eq(cset_count(t.passing[q]), cset_count(s->passing[q]));
	}
	ck_assert(cset_subset(s->leftover_up, t.leftover));
	ck_assert_int_eq(cset_count(t.leftover), cset_count(s->leftover));
	ck_assert(cset_eq(real, sampled));
	/* the sample is a state that plays on to a correct scoring */
	state_random_playout(&t, r);
	ck_assert_int_eq(t.failed_check, 0);
}

START_TEST(test_views)
{
	int gi = _i;
	state s;
	rng r, rs;
	rng_seed(&r, 24, (uint64_t)gi);
	rng_seed(&rs, 25, (uint64_t)gi);
	setup(&s, gi, files[gi].players, 0, 24);
	for (int deal = 0; deal < 6 && !state_over(&s); deal++) {
		state_deal(&s);
		while (s.current >= 0) {
			for (int k = 0; k < s.players; k++) {
				check_view(&s, k);
				check_sample(&s, k, &rs);
			}
			ck_assert(state_apply_card(&s, random_move(&s, &r)));
		}
	}
}
END_TEST

/* ======================================================================
 * (e) bots choose legal moves from views
 * ====================================================================== */

static void play_bots(state *s, bot *b, int deals)
{
	for (int d = 0; d < deals && !state_over(s); d++) {
		state_deal(s);
		while (s->current >= 0) {
			view v;
			state_view(s, s->current, &v);
			action m = bot_choose(&b[s->current], &v);
			ck_assert_msg(state_is_legal(s, &m),
				      "seat %d's bot chose an illegal move",
				      s->current);
			ck_assert(state_apply(s, m));
		}
		ck_assert_int_eq(s->failed_check, 0);
	}
}

START_TEST(test_bots_legal)
{
	int gi = _i;
	state s;
	bot b[SEAT_MAX];
	setup(&s, gi, files[gi].players, 0, 26);
	for (int p = 0; p < s.players; p++)
		bot_init(&b[p], BOT_RANDOM, 26, p);
	play_bots(&s, b, 5);

	setup(&s, gi, files[gi].players, 1, 27);
	for (int p = 0; p < s.players; p++) {
		bot_init(&b[p], p % 2 ? BOT_MC : BOT_RANDOM, 27, p);
		b[p].playouts = 16;
	}
	play_bots(&s, b, 1);
}
END_TEST

/* ======================================================================
 * (f) Monte Carlo plays Hearts better than random
 *
 * Seat 0 is a Monte Carlo bot (100 playouts) or a random one, against
 * three random bots, over the same 30 deals (each match's deals come
 * from its seed).  Hearts scores are penalties: lower is better.
 * ====================================================================== */

static double hearts_mean(bot_kind seat0, int deals)
{
	int64_t sum = 0;
	int done = 0;
	for (uint64_t match = 0; done < deals; match++) {
		state s;
		bot b[4];
		setup(&s, HEARTS, 4, 0, 31 + match);
		for (int p = 0; p < 4; p++)
			bot_init(&b[p], p ? BOT_RANDOM : seat0, 31 + match, p);
		b[0].playouts = 100;
		while (!state_over(&s) && done < deals) {
			play_bots(&s, b, 1);
			sum += s.deal_score[0];
			done++;
		}
	}
	return (double)sum / deals;
}

START_TEST(test_mc_beats_random)
{
	double mc = hearts_mean(BOT_MC, 30);
	double rnd = hearts_mean(BOT_RANDOM, 30);
	ck_assert_msg(mc < rnd, "Monte Carlo %.2f, random %.2f", mc, rnd);
}
END_TEST

static int compare_actions(const void *a, const void *b)
{
	return action_compare(a, b);
}

/* A random list of n actions: every field varies, so that any two may
 * tie but one, the numbers negative too; with `one_kind`, every action
 * of one kind and flags (a layout's moves) and many first cards. */
static void random_actions(action *list, int n, rng *r, bool one_kind)
{
	for (int i = 0; i < n; i++) {
		list[i] = action_of(one_kind ? ACT_MOVE : (action_kind)(ACT_CARD +
				    rng_below(r, 2)), (int)rng_below(r, 5) - 2);
		list[i].flags = (uint8_t)(one_kind ? 0 : rng_below(r, 2));
		list[i].card[0] = (card_id)(one_kind ? rng_below(r, 130)
					    : rng_below(r, 4));
		if (list[i].card[0] >= 128)
			list[i].card[0] = CARD_NONE;
		list[i].card[1] = (card_id)(rng_below(r, 2) ? CARD_NONE
					    : rng_below(r, 3));
		list[i].denom = (uint8_t)(rng_below(r, 2) ? DENOM_NONE
					  : rng_below(r, 3));
		list[i].from = (uint8_t)(rng_below(r, 2) ? PLACE_NONE
					 : rng_below(r, 3));
		list[i].to = (uint8_t)rng_below(r, 3);
	}
}

/* action_sort orders lists of every length as qsort does with
 * action_compare (insertion below 33, merged runs above), and so does
 * action_sort_by_card (by counting the first cards, then insertion);
 * action_nth_by_card picks the action each index of that order holds. */
START_TEST(test_action_sort)
{
	static action list[ACTIONS_MAX], by_card[ACTIONS_MAX],
		      want[ACTIONS_MAX];
	rng r;
	rng_seed(&r, 5, 1);
	for (int n = 0; n <= ACTIONS_MAX; n += n < 80 ? 1 : 37)
		for (int kinds = 0; kinds < 2; kinds++) {
			random_actions(list, n, &r, kinds == 1);
			memcpy(want, list, sizeof *list * (size_t)n);
			memcpy(by_card, list, sizeof *list * (size_t)n);
			qsort(want, (size_t)n, sizeof *want, compare_actions);
			action_sort(list, n);
			action_sort_by_card(by_card, n);
			for (int i = 0; i < n; i++) {
				ck_assert_msg(action_eq(&list[i], &want[i]),
					      "%d actions: %d out of place",
					      n, i);
				ck_assert_msg(action_eq(&by_card[i], &want[i]),
					      "%d actions by card: %d out of "
					      "place", n, i);
			}
			/* each index picked alone, from the list as made */
			for (int i = 0; i < n; i++) {
				random_actions(list, n, &r, kinds == 1);
				memcpy(want, list, sizeof *list * (size_t)n);
				qsort(want, (size_t)n, sizeof *want,
				      compare_actions);
				action a = action_nth_by_card(list, n, i);
				ck_assert_msg(action_eq(&a, &want[i]),
					      "%d actions: the one at %d", n, i);
			}
		}
}
END_TEST

static Suite *engine_suite(void)
{
	Suite *s = suite_create("engine");
	TCase *tc = tcase_create("properties");
	tcase_add_unchecked_fixture(tc, load_games, free_games);
	tcase_add_loop_test(tc, test_perft, 0,
			    sizeof perft_cases / sizeof *perft_cases);
	tcase_add_loop_test(tc, test_illegal_refused, 0, NGAMES);
	tcase_add_loop_test(tc, test_clone, 0, NGAMES);
	tcase_add_loop_test(tc, test_clone_playout, 0, NGAMES);
	tcase_add_loop_test(tc, test_views, 0, NGAMES);
	tcase_add_loop_test(tc, test_bots_legal, 0, NGAMES);
	tcase_add_test(tc, test_mc_beats_random);
	tcase_add_test(tc, test_action_sort);
	suite_add_tcase(s, tc);
	return s;
}

TEST_MAIN(engine_suite)
