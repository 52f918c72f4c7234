/*
 * check_features.c — engine features the shipped games do not use, on
 * tests/data/games/features.yaml: jacks as a trump suit of their own with
 * a trump order, counter-clockwise play, a fixed number of tricks, the
 * next-dealer rule, and the majority-suit hook deciding tricks in play.
 */
#include "testutil.h"
#include "scenario.h"

#include <string.h>

#include "engine/engine.h"
#include "engine/phase.h"
#include "engine/score.h"
#include "lang/expr.h"
#include "lang/schema.h"

#define FEATURES TESTS_DIR "/data/games/features.yaml"

static game *g;
static state s;

static card_id card(const char *name)
{
	return scn_card(g, name);
}

static cardset cards(const char *list)
{
	return scn_card_set(g, list);
}

/* 4 players, dealer seat 0, a target no deal reaches; the seat to the
 * dealer's right leads. */
static void deal(const char *h0, const char *h1, const char *h2, const char *h3)
{
	char why[200];
	int64_t options[OPTIONS_MAX] = {500};
	ck_assert(state_setup(&s, g, 4, 0, options, 1, why, sizeof why));
	cardset hands[SEAT_MAX] = {cards(h0), cards(h1), cards(h2), cards(h3)};
	ck_assert_msg(state_deal_cards(&s, hands, NULL, 0, why, sizeof why), "%s", why);
}

static void play(const char *name)
{
	ck_assert_msg(state_apply_card(&s, card(name)), "%s refused", name);
}

static void setup(void)
{
	g = scn_load(FEATURES);
}

static void teardown(void)
{
	game_free(g);
	scn_cleanup();
}

static const char *const H0 = "AS 10S KS QS 9S 8S 7S JC";
static const char *const H1 = "AH 10H KH QH 9H 8H 7H JD";
static const char *const H2 = "AD 10D KD QD 9D 8D 7D JH";
static const char *const H3 = "AC 10C KC QC 9C 8C 7C JS";

START_TEST(test_counter_clockwise)
{
	deal(H0, H1, H2, H3);
	ck_assert_int_eq(state_current(&s), 3);         /* right of the dealer */
	play("AC");
	ck_assert_int_eq(state_current(&s), 2);         /* then to the right */
	play("AD");
	ck_assert_int_eq(state_current(&s), 1);
}
END_TEST

/* A jack is not a card of its printed suit: JS does not follow spades,
 * and a player holding JC but no other club need not play it. */
START_TEST(test_jacks_are_their_own_suit)
{
	deal(H0, H1, H2, H3);
	play("AC");                             /* seat 3 leads clubs */
	cardset legal = state_legal_cards(&s);    /* seat 2: no clubs at all */
	ck_assert(cset_eq(legal, s.hand[2]));
	play("7D");
	play("7H");                             /* seat 1 */
	legal = state_legal_cards(&s);            /* seat 0 holds JC: not a club */
	ck_assert(cset_eq(legal, s.hand[0]));
	ck_assert(cset_has(legal, card("JC")));
}
END_TEST

/* A trump led must be followed by a trump, if the player has one. */
START_TEST(test_trump_led)
{
	deal(H0, H1, H2, H3);
	play("JS");                             /* seat 3 leads a trump */
	ck_assert(cset_eq(state_legal_cards(&s), cards("JH")));
	play("JH");
	ck_assert(cset_eq(state_legal_cards(&s), cards("JD")));
	play("JD");
	ck_assert(cset_eq(state_legal_cards(&s), cards("JC")));
	play("JC");
	/* JC > JS > JH > JD: seat 0's club jack wins */
	ck_assert_int_eq(s.last_trick.winner, 0);
}
END_TEST

/* Any trump beats the best card of the led suit; among trumps the
 * trump order decides, not the printed rank or suit. */
START_TEST(test_trump_wins)
{
	deal("AS 10S KS QS 9S 8S 7S JD", "AH 10H KH QH 9H 8H 7C JH",
	     "AD 10D KD QD 9D 8D 7D JS", "AC 10C KC QC 9C 8C 7H JC");
	play("AC");             /* seat 3 */
	play("JS");             /* seat 2: no clubs, trumps */
	play("7C");             /* seat 1 follows */
	play("JD");             /* seat 0: the lowest trump */
	ck_assert_int_eq(s.last_trick.winner, 2);
	ck_assert(cset_subset(cards("AC JS 7C JD"), s.won[2]));
}
END_TEST

/* `tricks: 4` ends the deal after four tricks with cards still in hand;
 * the next dealer is the dealer's right. */
START_TEST(test_fixed_tricks_and_next_dealer)
{
	deal(H0, H1, H2, H3);
	rng r;
	rng_seed(&r, 3, 3);
	int moves = 0;
	while (state_current(&s) >= 0) {
		cardset legal = state_legal_cards(&s);
		ck_assert(state_apply_card(&s, cset_nth(legal, (int)rng_below(&r,
				(uint32_t)cset_count(legal)))));
		moves++;
	}
	ck_assert_int_eq(moves, 16);
	ck_assert_msg(!state_over(&s), "totals %lld %lld %lld %lld",
		      (long long)s.total[0], (long long)s.total[1],
		      (long long)s.total[2], (long long)s.total[3]);
	ck_assert_int_eq(cset_count(s.hand[0]), 4);
	ck_assert_int_eq(s.next_dealer, 3);
	state_deal(&s);
	ck_assert_int_eq(s.dealer, 3);
}
END_TEST

/* The option in `end`: the match ends once a total reaches it. */
START_TEST(test_option_in_end)
{
	char why[200];
	int64_t options[OPTIONS_MAX] = {10};
	ck_assert(state_setup(&s, g, 3, 0, options, 9, why, sizeof why));
	rng r;
	rng_seed(&r, 9, 9);
	int deals = 0;
	while (!state_over(&s) && deals < 100) {
		state_random_playout(&s, &r);
		deals++;
	}
	ck_assert(state_over(&s));
	int64_t best = 0;
	for (int p = 0; p < 3; p++)
		best = s.total[p] > best ? s.total[p] : best;
	ck_assert_int_ge(best, 10);
}
END_TEST

/* The majority-suit hook decides tricks inside the engine. */
START_TEST(test_hook_in_play)
{
	tricks_phase *t = &g->phase[0].u.tricks;
	t->winner.hook = hook_find("trick-winner", "majority-suit");
	t->winner.args.v[0] = 0;                /* all-different: majority */
	t->trumps = NULL;
	deal("7S 8S 9S QS KS 10S AS JS", "7H 8H 9H QH KH 10H AH JH",
	     "7D 8D 9D QD KD 10D AD JD", "7C 8C 9C QC KC 10C AC JC");
	/* no trumps now: seats 3, 2, 1, 0 play C, D, H, S; no majority, the
	 * suit whose last card came latest is spades: seat 0 wins */
	play("AC");
	play("AD");
	play("AH");
	play("7S");
	ck_assert_int_eq(s.last_trick.winner, 0);
}
END_TEST

/* Fixed partnerships (tests/data/games/teams.yaml): `team` in scoring,
 * partners' scores equal, the checks hold over random deals. */
START_TEST(test_teams)
{
	game *t = scn_load(TESTS_DIR "/data/games/teams.yaml");
	ck_assert_int_eq(t->nteams, 2);
	ck_assert_int_eq(t->team_of[0], 0);
	ck_assert_int_eq(t->team_of[1], 1);
	ck_assert_int_eq(t->team_of[2], 0);
	ck_assert_int_eq(t->team_of[3], 1);
	state m;
	char why[200];
	rng r;
	rng_seed(&r, 4, 4);
	for (int i = 0; i < 50; i++) {
		ck_assert(state_setup(&m, t, 4, i % 4, NULL, (uint64_t)i, why,
				      sizeof why));
		m.checks = true;
		state_random_playout(&m, &r);
		ck_assert_int_eq(m.failed_check, 0);
		ck_assert_int_eq(m.deal_score[0], m.tricks_won[0] + m.tricks_won[2]);
		ck_assert_int_eq(m.deal_score[3], m.deal_score[1]);
	}
	game_free(t);
}
END_TEST

/* deal.turn-up: last turns up the dealer's last card for all to see: it
 * names the trumps, stays in the dealer's hand, and every seat's view
 * knows it there until it is played. */
START_TEST(test_turned_up)
{
	game *w = scn_load(TESTS_DIR "/data/games/turn-up.yaml");
	for (uint64_t seed = 1; seed <= 20; seed++) {
		state m;
		char why[200];
		ck_assert(state_setup(&m, w, 4, (int)seed % 4, NULL, seed, why,
				      sizeof why));
		state_deal(&m);
		card_id c = m.turned_up;
		ck_assert(c != CARD_NONE);
		ck_assert(cset_has(m.hand[m.dealer], c));
		ck_assert(cset_eq(m.trumps, w->deck.by_suit[w->deck.suit_of[c]]));
		for (int q = 0; q < 4; q++) {
			view v;
			state_view(&m, q, &v);
			ck_assert(cset_has(v.s.hand[m.dealer], c));
			ck_assert_int_eq(v.s.turned_up, c);
		}
		/* dealt again from its hands: the card turned up is named */
		state again;
		ck_assert(state_setup(&again, w, 4, (int)seed % 4, NULL, seed, why,
				      sizeof why));
		ck_assert(!state_deal_cards(&again, m.dealt, NULL, 0, why,
					    sizeof why));
		ck_assert(strstr(why, "turned-up") != NULL);
		ck_assert(state_deal_cards_turned(&again, m.dealt, NULL, 0, c, why,
						  sizeof why));
		ck_assert_int_eq(again.turned_up, c);
		ck_assert(cset_eq(again.trumps, m.trumps));
	}
	game_free(w);
}
END_TEST

/* top-trumps put cards above every other trump, highest first: with
 * spades trumps, J♠ then J♣ (a spade) beat A♠; J♣ follows spades. */
START_TEST(test_top_trumps)
{
	game *w = scn_load(TESTS_DIR "/data/games/top-trumps.yaml");
	card_id js = scn_card(w, "JS"), jc = scn_card(w, "JC");
	cardset spades = cset_or(w->deck.by_suit[w->deck.suit_of[js]],
				 scn_card_set(w, "JC"));
	rng r;
	rng_seed(&r, 4, 0);
	for (uint64_t seed = 1; seed <= 200; seed++) {
		state m;
		char why[200];
		ck_assert(state_setup(&m, w, 4, 0, NULL, seed, why, sizeof why));
		state_deal(&m);
		while (m.current >= 0) {
			cardset hand = m.hand[m.current];
			if (m.nplayed > 0 && cset_has(spades, m.table[0]) &&
			    cset_meets(hand, spades))
				ck_assert(cset_subset(state_legal_cards(&m), spades));
			state_apply_random(&m, &r);
			if (m.event != EV_TRICK && m.event != EV_SCORED)
				continue;
			const trick_record *t = &m.last_trick;
			card_id won = t->card[(t->winner - t->leader + 4) % 4];
			for (int i = 0; i < t->n; i++) {
				if (t->card[i] == js)
					ck_assert_int_eq(won, js);
				else if (t->card[i] == jc)
					ck_assert(won == js || won == jc);
			}
		}
	}
	game_free(w);
}
END_TEST

/* Named values are worked out when first read, but those the match's
 * end and ranking read hold what they held as the deal was scored, not
 * what the kept values changed since would give
 * (tests/data/games/late-values.yaml): four deals a match, the places by
 * the last deal's tricks. */
START_TEST(test_values_read_late)
{
	game *w = scn_load(TESTS_DIR "/data/games/late-values.yaml");
	rng r;
	rng_seed(&r, 9, 0);
	for (uint64_t seed = 1; seed <= 20; seed++) {
		state m;
		char why[200];
		ck_assert(state_setup(&m, w, 4, 0, NULL, seed, why, sizeof why));
		int deals = 0;
		while (!m.over) {
			state_random_playout(&m, &r);
			deals++;
		}
		ck_assert_int_eq(deals, 4);
		for (int p = 0; p < 4; p++) {
			int better = 0;
			for (int q = 0; q < 4; q++)
				better += m.tricks_won[q] > m.tricks_won[p];
			ck_assert_int_eq(m.place[p], better + 1);
		}
	}
	game_free(w);
}
END_TEST

/* A game whose every deal reads all of its named values at every seat
 * works them out in order (Black Lady: the carry's next reads the pot,
 * the share and the clear seats, these the penalties); one that reads
 * some only on a branch works them out when first read (Schieberamsch's
 * soloist's values; `unread` of late-values.yaml). */
START_TEST(test_values_all_read)
{
	static const struct {
		const char *file;
		bool all;
	} games[] = {
		{TOP_SRCDIR "/games/black-lady.yaml", true},
		{TOP_SRCDIR "/games/ribs.yaml", true},
		{TOP_SRCDIR "/games/schieberamsch.yaml", false},
		{TESTS_DIR "/data/games/late-values.yaml", false},
	};
	for (size_t i = 0; i < sizeof games / sizeof *games; i++) {
		game *w = scn_load(games[i].file);
		ck_assert_msg(w->lets_all_read == games[i].all, "%s",
			      games[i].file);
		game_free(w);
	}
}
END_TEST

static Suite *features_suite(void)
{
	Suite *su = suite_create("features");
	TCase *tc = tcase_create("features");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, test_counter_clockwise);
	tcase_add_test(tc, test_jacks_are_their_own_suit);
	tcase_add_test(tc, test_trump_led);
	tcase_add_test(tc, test_trump_wins);
	tcase_add_test(tc, test_fixed_tricks_and_next_dealer);
	tcase_add_test(tc, test_option_in_end);
	tcase_add_test(tc, test_hook_in_play);
	tcase_add_test(tc, test_teams);
	tcase_add_test(tc, test_turned_up);
	tcase_add_test(tc, test_top_trumps);
	tcase_add_test(tc, test_values_read_late);
	tcase_add_test(tc, test_values_all_read);
	suite_add_tcase(su, tc);
	return su;
}

TEST_MAIN(features_suite)
