/*
 * check_choose.c — the choose phase on tests/data/games/choose.yaml: the
 * order of the round, who may choose, a choice that ends the round, the
 * declarer, counters in scoring, the words of choices, and refusals.
 */
#include "testutil.h"
#include "scenario.h"

#include <string.h>

#include "engine/engine.h"
#include "front/command.h"

#define CHOOSE TESTS_DIR "/data/games/choose.yaml"

static game *g;
static state s;

static void setup(void)
{
	g = scn_load(CHOOSE);
	char why[200];
	ck_assert(state_setup(&s, g, 3, 0, NULL, 5, why, sizeof why));
	state_deal(&s);
}

static void teardown(void)
{
	game_free(g);
}

/* Types a decision as a player would. */
static void say(const char *words)
{
	scn_say(&s, words);
}

START_TEST(test_round_order_and_words)
{
	ck_assert_int_eq(s.current, 1);         /* the dealer's next seat */
	ck_assert_str_eq(command_verb(&s), "choose");
	action list[ACTIONS_MAX];
	ck_assert_int_eq(state_legal(&s, list), 2);
	ck_assert_int_eq(list[0].kind, ACT_CHOICE);
	char words[100];
	command_format(&s, &list[0], 1, words, sizeof words);
	ck_assert_str_eq(words, "choose solo");
	command_format(&s, &list[1], 1, words, sizeof words);
	ck_assert_str_eq(words, "choose pass");
	say("pass");
	ck_assert_int_eq(s.current, 2);
	say("choose pass");
	ck_assert_int_eq(s.current, 0);
	say("PASS");
	/* nobody declared: the doubling round is skipped */
	ck_assert_int_eq(state_phase_kind(&s), PHASE_TRICKS);
	ck_assert_int_eq(s.declarer, -1);
	ck_assert_int_eq(s.current, 1);
}
END_TEST

START_TEST(test_declaring_ends_the_round)
{
	say("pass");
	say("solo");                    /* seat 2 */
	ck_assert_int_eq(s.declarer, 2);
	ck_assert_int_eq(s.counter[1][0], 3);
	/* the doubling round: from the declarer's left, the declarer skipped */
	ck_assert_int_eq(state_phase_kind(&s), PHASE_CHOOSE);
	ck_assert_int_eq(s.current, 0);
	say("double");
	ck_assert_int_eq(s.current, 1);
	say("no");
	ck_assert_int_eq(state_phase_kind(&s), PHASE_TRICKS);
	ck_assert_int_eq(s.counter[0][0], 1);
	ck_assert_int_eq(state_choice(&s, 0), 1);
	ck_assert_int_eq(state_choice(&s, 1), 0);
	ck_assert_int_eq(state_choice(&s, 2), 0); /* solo, in the first round */
	rng r;
	rng_seed(&r, 3, 4);
	state_random_playout(&s, &r);
	ck_assert(state_over(&s));
	for (int p = 0; p < 3; p++) {
		int64_t want = p == 2 ? s.tricks_won[2] * 3 * 2 : 0;
		ck_assert_int_eq(s.deal_score[p], want);
	}
}
END_TEST

/* A choice with words is told in them ("seat 0 chooses double: ..."),
 * with the round's verb if it has one; one without, by its word alone. */
START_TEST(test_choices_told)
{
	static tale told, news[SEAT_MAX];
	audience table = {-1, false}, me = {0, false};
	say("pass");
	state before = s;
	action a = action_of(ACT_CHOICE, 0);    /* solo, no words */
	ck_assert(state_apply(&s, a));
	state_narrate(&before, &s, 2, &a, 1, &table, &told, news);
	ck_assert_str_eq(told.text, "  {S2}: solo\n");
	before = s;
	a = action_of(ACT_CHOICE, 1);           /* double */
	ck_assert(state_apply(&s, a));
	state_narrate(&before, &s, 0, &a, 1, &me, &told, news);
	ck_assert_str_eq(told.text,
			 "  {S0} choose double: double the declarer's score.\n");
	state_narrate(&before, &s, 0, &a, 1, &table, &told, news);
	ck_assert_str_eq(told.text,
			 "  {S0} chooses double: double the declarer's score.\n");
	/* the round's verb, said of another and to the player */
	static const char *const verbs[][2] = {
		{"declares", "declare"}, {"pushes", "push"}, {"carries", "carry"},
		{"goes", "go"}, {"passes", "pass"}, {"fixes", "fix"},
	};
	for (size_t i = 0; i < sizeof verbs / sizeof verbs[0]; i++) {
		char want[120];
		g->phase[1].u.choose.verb = verbs[i][0];
		state_narrate(&before, &s, 0, &a, 1, &table, &told, news);
		snprintf(want, sizeof want, "  {S0} %s double: double the "
			 "declarer's score.\n", verbs[i][0]);
		ck_assert_str_eq(told.text, want);
		state_narrate(&before, &s, 0, &a, 1, &me, &told, news);
		snprintf(want, sizeof want, "  {S0} %s double: double the "
			 "declarer's score.\n", verbs[i][1]);
		ck_assert_str_eq(told.text, want);
	}
	g->phase[1].u.choose.verb = NULL;
}
END_TEST

START_TEST(test_refusals_change_nothing)
{
	state before = s;
	command c;
	char err[300];
	ck_assert(!command_parse(&s, "grand", &c, err, sizeof err));
	ck_assert_str_eq(err, "'grand' is not a choice here; choose one of: "
			 "solo, pass");
	ck_assert(!command_parse(&s, "choose", &c, err, sizeof err));
	ck_assert_str_eq(err, "choose one of: solo, pass");
	ck_assert(!command_parse(&s, "play QS", &c, err, sizeof err));
	ck_assert_str_eq(err, "it is time to choose, not to play");
	ck_assert(!state_apply(&s, action_of(ACT_CHOICE, 2)));
	ck_assert(!state_apply(&s, action_card(0)));
	ck_assert(memcmp(&before, &s, sizeof s) == 0);
}
END_TEST

/* Bots of both kinds decide choices through the same API. */
START_TEST(test_random_deals)
{
	rng r;
	rng_seed(&r, 9, 9);
	for (int i = 0; i < 200; i++) {
		char why[200];
		ck_assert(state_setup(&s, g, 3, i % 3, NULL, (uint64_t)i, why,
				      sizeof why));
		state_random_playout(&s, &r);
		ck_assert(state_over(&s));
		int64_t sum = 0;
		for (int p = 0; p < 3; p++)
			sum += s.tricks_won[p];
		ck_assert_int_eq(sum, 4);
	}
}
END_TEST

/* The highest-ranked card of a set. */
static card_id highest(const game *x, cardset set)
{
	card_id best = CARD_NONE;
	CSET_FOREACH(c, set)
		if (best == CARD_NONE || x->deck.rank_of[c] > x->deck.rank_of[best])
			best = c;
	return best;
}

/* The moon's choice (examples/hearts-moon-choice.yaml): seat 0 holds the
 * top clubs, spades and hearts, so by playing its highest card it wins
 * every trick of the fourth deal (no passing) whatever the others do. */
static void shoot_the_moon(game *moon, state *m)
{
	char why[200];
	ck_assert(state_setup(m, moon, 4, 3, NULL, 1, why, sizeof why));
	m->checks = true;
	m->deal_no = 3;
	cardset hands[SEAT_MAX] = {
		scn_card_set(moon, "AC KC QC JC 10C AS KS QS AH KH QH JH 10H"),
	};
	cardset rest = cset_minus(m->in_play, hands[0]);
	for (int p = 1; p < 4; p++)
		for (int k = 0; k < 13; k++) {
			card_id c = cset_first(rest);
			cset_add(&hands[p], c);
			cset_del(&rest, c);
		}
	ck_assert_msg(state_deal_cards(m, hands, NULL, 0, why, sizeof why), "%s",
		      why);
	ck_assert_int_eq(state_phase_kind(m), PHASE_TRICKS);
	rng r;
	rng_seed(&r, 8, 8);
	while (state_phase_kind(m) == PHASE_TRICKS) {
		cardset legal = state_legal_cards(m);
		card_id c = m->current == 0 ? highest(moon, legal)
			: cset_nth(legal, (int)rng_below(&r, (uint32_t)cset_count(legal)));
		ck_assert(state_apply_card(m, c));
	}
	ck_assert_int_eq(m->tricks_won[0], 13);
	ck_assert_int_eq(state_phase_kind(m), PHASE_CHOOSE);
	ck_assert_int_eq(m->current, 0);
}

START_TEST(test_moon_choice)
{
	game *moon = scn_load(TOP_SRCDIR "/examples/hearts-moon-choice.yaml");
	static const char *const words[] = {"choose self", "others"};
	static const int64_t want[][4] = {{-26, 0, 0, 0}, {0, 26, 26, 26}};
	for (int i = 0; i < 2; i++) {
		state m;
		shoot_the_moon(moon, &m);
		command c;
		char err[300];
		ck_assert_msg(command_parse(&m, words[i], &c, err, sizeof err),
			      "%s", err);
		ck_assert(command_apply(&m, &c, err, sizeof err));
		ck_assert_int_eq(m.event, EV_SCORED);
		ck_assert_int_eq(m.failed_check, 0);
		for (int p = 0; p < 4; p++)
			ck_assert_int_eq(m.deal_score[p], want[i][p]);
	}
	game_free(moon);
}
END_TEST

/* A choice with `when` is offered only to a seat for which it holds, and
 * refused to others with its condition. */
START_TEST(test_choice_when)
{
	game *w = scn_load(TESTS_DIR "/data/games/choose-when.yaml");
	int offered = 0, closed = 0;
	for (uint64_t seed = 1; seed <= 40; seed++) {
		state m;
		char why[200], err[300];
		ck_assert(state_setup(&m, w, 3, 0, NULL, seed, why, sizeof why));
		state_deal(&m);
		int seat = m.current;
		bool aces = cset_count(cset_and(m.hand[seat],
						scn_card_set(w, "AS AH"))) >= 2;
		action list[ACTIONS_MAX];
		int n = state_legal(&m, list);
		ck_assert_int_eq(n, aces ? 2 : 1);
		command c;
		ck_assert(command_parse(&m, "grand", &c, err, sizeof err));
		if (aces) {
			ck_assert(command_apply(&m, &c, err, sizeof err));
			ck_assert_int_eq(m.declarer, seat);
			offered++;
		} else {
			state before = m;
			ck_assert(!command_apply(&m, &c, err, sizeof err));
			ck_assert_str_eq(err, "'grand' may not be chosen now (only "
					 "when `count(hand & cards(A)) >= 2`)");
			ck_assert(memcmp(&before, &m, sizeof m) == 0);
			closed++;
		}
	}
	ck_assert_int_gt(offered, 0);
	ck_assert_int_gt(closed, 0);
	game_free(w);
}
END_TEST

/* A seat that sits the tricks out plays no card: every trick has one
 * card fewer, its hand stays whole and hidden, and the turn skips it. */
START_TEST(test_sitting_out)
{
	game *w = scn_load(TESTS_DIR "/data/games/alone.yaml");
	rng r;
	rng_seed(&r, 3, 0);
	int alone = 0;
	for (uint64_t seed = 1; seed <= 60; seed++) {
		state m;
		char why[200];
		ck_assert(state_setup(&m, w, 4, (int)seed % 4, NULL, seed, why,
				      sizeof why));
		state_deal(&m);
		state_apply_random(&m, &r);             /* alone or partner */
		bool out = m.counter[0][0] > 0;
		int partner = (m.declarer + 2) % 4;
		cardset kept = m.hand[partner];
		alone += out;
		while (m.current >= 0) {
			ck_assert(!out || m.current != partner);
			view v;
			for (int q = 0; q < 4; q++) {
				state_view(&m, q, &v);
				if (q != partner)
					ck_assert(cset_is_empty(cset_and(v.s.hand[partner],
									 kept)));
			}
			state_apply_random(&m, &r);
			if (m.event == EV_TRICK || m.event == EV_SCORED)
				ck_assert_int_eq(m.last_trick.n, out ? 3 : 4);
		}
		if (out) {
			ck_assert(cset_eq(m.hand[partner], kept));
			ck_assert_int_eq(m.tricks_won[partner], 0);
		}
		int tricks = 0;
		for (int q = 0; q < 4; q++)
			tricks += m.tricks_won[q];
		ck_assert_int_eq(tricks, 5);
	}
	ck_assert_int_gt(alone, 0);
	game_free(w);
}
END_TEST

static Suite *choose_suite(void)
{
	Suite *su = suite_create("choose");
	TCase *tc = tcase_create("choose");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, test_round_order_and_words);
	tcase_add_test(tc, test_declaring_ends_the_round);
	tcase_add_test(tc, test_choices_told);
	tcase_add_test(tc, test_refusals_change_nothing);
	tcase_add_test(tc, test_random_deals);
	tcase_add_test(tc, test_moon_choice);
	tcase_add_test(tc, test_choice_when);
	tcase_add_test(tc, test_sitting_out);
	suite_add_tcase(su, tc);
	return su;
}

TEST_MAIN(choose_suite)
