/*
 * check_places.c — named places on tests/data/games/places.yaml: the deal
 * fills a face-down skat and a face-up widow of three piles in order,
 * expressions read them, a seat's view hides the skat but keeps its
 * positions, and a sample of the view puts every card back exactly once.
 */
#include "testutil.h"
#include "scenario.h"

#include <string.h>

#include "engine/engine.h"
#include "engine/place.h"

#define PLACES TESTS_DIR "/data/games/places.yaml"

static game *g;
static state s;

static void setup(void)
{
	g = scn_load(PLACES);
	char why[200];
	ck_assert(state_setup(&s, g, 3, 0, NULL, 9, why, sizeof why));
}

static void teardown(void)
{
	game_free(g);
}

/* Deals the whole deck in deck order, hands first. */
static void deal_in_order(void)
{
	cardset hands[SEAT_MAX];
	memset(hands, 0, sizeof hands);
	card_id rest[CARD_MAX];
	int nrest = 0;
	for (int c = 0; c < 32; c++) {
		if (c < 27)
			cset_add(&hands[c / 9], (card_id)c);
		else
			rest[nrest++] = (card_id)c;
	}
	char why[200];
	ck_assert_msg(state_deal_cards(&s, hands, rest, nrest, why, sizeof why),
		      "%s", why);
}

START_TEST(test_the_deal_fills_the_places_in_order)
{
	deal_in_order();
	ck_assert_int_eq(s.place_dealt[0], 2);
	ck_assert_int_eq(s.place_dealt[1], 3);
	ck_assert_int_eq(s.pile_size[0], 2);            /* the skat */
	ck_assert_int_eq(pile_top(&s, 0), 28);
	ck_assert_int_eq(s.depth[27], 0);
	for (int p = 1; p <= 3; p++) {                  /* the widow's piles */
		ck_assert_int_eq(s.pile_size[p], 1);
		ck_assert_int_eq(pile_top(&s, p), 28 + p);
	}
	ck_assert_int_eq(cset_count(place_cards(&s, 0)), 2);
	ck_assert_int_eq(cset_count(place_cards(&s, 1)), 3);
	ck_assert(cset_is_empty(s.leftover));
	/* too few cards for the places */
	state t;
	char why[200];
	ck_assert(state_setup(&t, g, 3, 0, NULL, 9, why, sizeof why));
	cardset hands[SEAT_MAX];
	memset(hands, 0, sizeof hands);
	for (int c = 0; c < 27; c++)
		cset_add(&hands[c / 9], (card_id)c);
	card_id one[1] = {27};
	ck_assert(!state_deal_cards(&t, hands, one, 1, why, sizeof why));
	ck_assert_msg(strstr(why, "not exactly the deck") != NULL, "%s", why);
}
END_TEST

START_TEST(test_a_view_hides_the_skat_and_a_sample_restores_it)
{
	state_deal(&s);
	cardset skat = place_cards(&s, 0), widow = place_cards(&s, 1);
	view v;
	state_view(&s, 1, &v);
	ck_assert_int_eq(v.hidden_slots, 2);
	ck_assert(cset_is_empty(place_cards(&v.s, 0)));
	ck_assert(cset_eq(place_cards(&v.s, 1), widow));  /* face up */
	ck_assert(cset_subset(skat, v.unknown));
	ck_assert_int_eq(v.s.pile_size[0], 2);            /* its size is seen */
	rng r;
	rng_seed(&r, 3, 3);
	for (int k = 0; k < 50; k++) {
		state out;
		view_sample(&v, &r, &out);
		cardset sk = place_cards(&out, 0);
		ck_assert_int_eq(cset_count(sk), 2);
		ck_assert(cset_eq(place_cards(&out, 1), widow));
		ck_assert(cset_eq(out.hand[1], s.hand[1]));
		cardset all = cset_or(sk, cset_or(widow, out.leftover));
		for (int p = 0; p < 3; p++) {
			ck_assert(!cset_meets(all, out.hand[p]));
			all = cset_or(all, out.hand[p]);
		}
		ck_assert(cset_eq(all, s.in_play));
		ck_assert_int_ne(pile_top(&out, 0), CARD_NONE);
	}
}
END_TEST

START_TEST(test_scoring_reads_the_places)
{
	rng r;
	rng_seed(&r, 4, 4);
	s.checks = true;
	while (!s.over)
		state_random_playout(&s, &r);
	ck_assert_int_eq(s.failed_check, 0);
}
END_TEST

/* Taking a pile's cards off from the top, as a move of several cards
 * does, leaves the state as taking each out anywhere does: the sizes,
 * the sets, and the depths of the cards left and taken. */
START_TEST(test_taking_the_top_is_taking_it_out)
{
	deal_in_order();
	for (int c = 0; c < 5; c++)     /* a pile of five on the skat's two */
		pile_push(&s, 0, (card_id)(c * 3));
	state a = s, b = s;
	for (int k = 0; k < 4; k++) {
		card_id top = pile_top(&a, 0);
		ck_assert_int_eq(top, pile_top(&b, 0));
		pile_remove_top(&a, top);
		pile_remove(&b, top);
		ck_assert_int_eq(a.pile_size[0], b.pile_size[0]);
		ck_assert(cset_eq(a.pile_set[0], b.pile_set[0]));
		ck_assert(memcmp(a.depth, b.depth, sizeof a.depth) == 0);
		ck_assert(memcmp(a.pile_of, b.pile_of, sizeof a.pile_of) == 0);
	}
	ck_assert_int_eq(a.pile_size[0], 3);
	ck_assert_int_eq(pile_top(&a, 0), 0);
	ck_assert_int_eq(a.depth[0], 2);
}
END_TEST

/* Pile p's key worked out afresh from its cards' depths. */
static uint64_t key_afresh(const state *st, int p)
{
	uint64_t key = 0;
	for (int c = 0; c < CARD_MAX; c++)
		if (st->pile_of[c] == p + 1)
			key ^= pile_key_of((card_id)c, st->depth[c]);
	return key;
}

/* A pile's key and top follow its cards however they move (on top,
 * under the pile, out of its middle or top), and two piles holding the
 * same cards in the same order have the same key, whatever way they got
 * them; the same cards in another order have another. */
START_TEST(test_a_pile_key_follows_its_cards)
{
	deal_in_order();
	state a = s;
	int p = 1;                      /* a pile of the widow: its card w */
	for (int c = 0; c < 4; c++)
		pile_push(&a, p, (card_id)(c * 2));     /* w 0 2 4 6 */
	ck_assert(a.pile_key[p] == key_afresh(&a, p));
	ck_assert_int_eq(pile_top(&a, p), 6);
	pile_push_bottom(&a, p, 10);                    /* 10 w 0 2 4 6 */
	ck_assert(a.pile_key[p] == key_afresh(&a, p));
	ck_assert_int_eq(pile_top(&a, p), 6);
	pile_remove(&a, 2);                             /* 10 w 0 4 6 */
	ck_assert(a.pile_key[p] == key_afresh(&a, p));
	ck_assert_int_eq(pile_top(&a, p), 6);
	pile_remove_top(&a, 6);                         /* 10 w 0 4 */
	ck_assert(a.pile_key[p] == key_afresh(&a, p));
	ck_assert_int_eq(pile_top(&a, p), 4);
	pile_remove(&a, 4);                             /* 10 w 0 */
	ck_assert_int_eq(pile_top(&a, p), 0);
	pile_push(&a, p, 4);                            /* 10 w 0 4 */

	state b = s;                    /* the same pile, built another way */
	pile_push(&b, p, 0);
	pile_push(&b, p, 4);
	pile_push_bottom(&b, p, 10);
	ck_assert_int_eq(b.pile_size[p], a.pile_size[p]);
	ck_assert(b.pile_key[p] == a.pile_key[p]);

	state c = s;                    /* the same cards in another order */
	pile_push(&c, p, 10);
	pile_push(&c, p, 4);
	pile_push(&c, p, 0);
	ck_assert(c.pile_key[p] != a.pile_key[p]);

	state e = s;                    /* a card under an empty pile */
	int empty = 2;
	while (e.pile_size[empty])
		pile_remove_top(&e, pile_top(&e, empty));
	ck_assert_int_eq(pile_top(&e, empty), CARD_NONE);
	pile_push_bottom(&e, empty, 12);
	pile_push_bottom(&e, empty, 14);
	ck_assert_int_eq(pile_top(&e, empty), 12);

	piles_clear(&a);
	for (int q = 0; q < g->npiles; q++) {
		ck_assert(a.pile_key[q] == 0);
		ck_assert_int_eq(pile_top(&a, q), CARD_NONE);
	}
}
END_TEST

static Suite *places_suite(void)
{
	Suite *su = suite_create("places");
	TCase *tc = tcase_create("places");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, test_the_deal_fills_the_places_in_order);
	tcase_add_test(tc, test_a_view_hides_the_skat_and_a_sample_restores_it);
	tcase_add_test(tc, test_scoring_reads_the_places);
	tcase_add_test(tc, test_taking_the_top_is_taking_it_out);
	tcase_add_test(tc, test_a_pile_key_follows_its_cards);
	suite_add_tcase(su, tc);
	return su;
}

TEST_MAIN(places_suite)
