/*
 * check_copies.c — naming a copy of a card (AS#2) in a two-deck game, at
 * every phase kind that reads cards: a pass, cards laid back after a
 * take, a vote, a double trick, tricks (tests/data/games/two-decks.yaml)
 * and a solitaire's moves (tests/data/games/klondike-two-decks.yaml).
 *
 * Each test plays seeded deals until the seat to move may choose both
 * copies of a card, then types the second copy's tag: the decision must
 * be read as that very card and accepted.
 */
#include "testutil.h"
#include "scenario.h"

#include <stdio.h>
#include <string.h>

#include "engine/engine.h"
#include "front/command.h"
#include "lang/expr.h"
#include "lang/schema.h"

#define TWO_DECKS TESTS_DIR "/data/games/two-decks.yaml"
#define KLONDIKE TESTS_DIR "/data/games/klondike-two-decks.yaml"

/* The second copy of a card whose two copies are both among `cards`;
 * CARD_NONE when there is none. */
static card_id second_copy(const state *s, cardset cards)
{
	const deck *d = &s->g->deck;
	CSET_FOREACH(c, cards)
		if (d->copy_of[c] == 2 &&
		    cset_count(cset_and(cards, d->by_face[d->face[c]])) == 2)
			return c;
	return CARD_NONE;
}

/* The cards the seat to move may choose now, one at a time. */
static cardset choosable(const state *s)
{
	action list[ACTIONS_MAX];
	int n = state_legal(s, list);
	cardset out = cset_empty();
	for (int i = 0; i < n; i++)
		if (list[i].kind == ACT_CARD)
			cset_add(&out, list[i].card[0]);
	return out;
}

/* Plays seeded deals of two-decks.yaml (taking the skat whenever it is
 * offered) until phase `kind` is due, laying back when `laying`, with
 * both copies of a card among `hand_only ? the hand : the choosable
 * cards` of the seat to move; that second copy. */
static card_id reach(const game *g, state *s, int kind, bool laying,
		     bool hand_only)
{
	for (uint64_t seed = 1; seed < 500; seed++) {
		char why[200];
		ck_assert(state_setup(s, g, 3, (int)(seed % 3), NULL, seed, why,
				      sizeof why));
		state_deal(s);
		while (s->current >= 0) {
			if (state_phase_kind(s) == kind &&
			    (state_laying(s) >= 0) == laying) {
				card_id c = second_copy(s, hand_only
					? s->hand[s->current] : choosable(s));
				if (c != CARD_NONE)
					return c;
			}
			action list[ACTIONS_MAX];
			ck_assert_int_gt(state_legal(s, list), 0);
			ck_assert(state_apply(s, list[0]));     /* pickup first */
		}
	}
	ck_abort_msg("no deal gave a seat both copies of a card");
	return CARD_NONE;
}

/* Types `words`; they must name card c (first) and be accepted. */
static void say(state *s, const char *words, card_id c)
{
	command cmd;
	char err[300];
	ck_assert_msg(command_parse(s, words, &cmd, err, sizeof err), "'%s': %s",
		      words, err);
	ck_assert_int_eq(cmd.kind, CMD_DECISION);
	bool named = false;
	for (int i = 0; i < cmd.nactions; i++)
		for (int k = 0; k < 2; k++)
			named |= cmd.actions[i].card[k] == c;
	ck_assert_msg(named, "'%s' was not read as card %d", words, c);
	ck_assert_msg(command_apply(s, &cmd, err, sizeof err), "'%s': %s", words,
		      err);
}

/* The verb, then the card's name with its tag and `more`. */
static void say_card(state *s, const char *verb, card_id c, const char *more)
{
	char name[8], words[100];
	deck_card_name(&s->g->deck, c, true, name);
	ck_assert_msg(strstr(name, "#2") != NULL, "%s is not a tagged name", name);
	snprintf(words, sizeof words, "%s %s%s", verb, name, more);
	say(s, words, c);
}

/* Another card of the hand than c and its copy, by its full name. */
static const char *other_card(const state *s, card_id c, char *name)
{
	const deck *d = &s->g->deck;
	cardset rest = cset_minus(s->hand[s->current], d->by_face[d->face[c]]);
	ck_assert(!cset_is_empty(rest));
	return deck_card_name(d, cset_first(rest), true, name);
}

static game *two;
static state s;

static void setup(void)
{
	two = scn_load(TWO_DECKS);
}

static void teardown(void)
{
	game_free(two);
	scn_cleanup();
}

START_TEST(test_pass)
{
	say_card(&s, "pass", reach(two, &s, PHASE_PASS, false, false), "");
}
END_TEST

START_TEST(test_lay_back)
{
	card_id c = reach(two, &s, PHASE_CHOOSE, true, false);
	char other[8], more[16];
	snprintf(more, sizeof more, " %s", other_card(&s, c, other));
	say_card(&s, "lay", c, more);
}
END_TEST

START_TEST(test_vote)
{
	say_card(&s, "vote", reach(two, &s, PHASE_VOTE, false, false), "");
}
END_TEST

/* The second copy with another card, though the list of legal pairs
 * holds the pair of their faces with the first copy. */
START_TEST(test_double_trick)
{
	card_id c = reach(two, &s, PHASE_DOUBLE, false, true);
	char other[8], more[32];
	snprintf(more, sizeof more, " %s down", other_card(&s, c, other));
	say_card(&s, "play", c, more);
}
END_TEST

START_TEST(test_tricks)
{
	say_card(&s, "play", reach(two, &s, PHASE_TRICKS, false, false), "");
}
END_TEST

/* A run of Klondike named by its card's second copy; the first copy's
 * tag does not name it. */
START_TEST(test_layout)
{
	game *g = scn_load(KLONDIKE);
	rng r;
	rng_seed(&r, 5, 5);
	bool done = false;
	for (uint64_t seed = 1; seed < 200 && !done; seed++) {
		char why[200];
		ck_assert(state_setup(&s, g, 1, 0, NULL, seed, why, sizeof why));
		state_deal(&s);
		for (int step = 0; step < 300 && s.current >= 0 && !done; step++) {
			action list[ACTIONS_MAX];
			int n = state_legal(&s, list);
			for (int i = 0; i < n && !done; i++) {
				char words[100], other[100];
				state_action_words(&s, &list[i], 1, words, sizeof words);
				char *tag = strstr(words, "#2");
				if (list[i].kind != ACT_MOVE || !tag ||
				    g->deck.copy_of[list[i].card[0]] != 2)
					continue;
				snprintf(other, sizeof other, "%s", words);
				other[tag - words + 1] = '1';
				command cmd;
				char err[300];
				if (command_parse(&s, other, &cmd, err, sizeof err))
					ck_assert(!action_eq(&cmd.actions[0], &list[i]));
				say(&s, words, list[i].card[0]);
				done = true;
			}
			if (!done && s.current >= 0)
				ck_assert(state_apply(&s, list[rng_below(&r, (uint32_t)n)]));
		}
	}
	ck_assert_msg(done, "no run of a second copy came up");
	game_free(g);
}
END_TEST

static Suite *copies_suite(void)
{
	Suite *su = suite_create("copies");
	TCase *tc = tcase_create("two decks");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, test_pass);
	tcase_add_test(tc, test_lay_back);
	tcase_add_test(tc, test_vote);
	tcase_add_test(tc, test_double_trick);
	tcase_add_test(tc, test_tricks);
	tcase_add_test(tc, test_layout);
	suite_add_tcase(su, tc);
	return su;
}

TEST_MAIN(copies_suite)
