/*
 * check_listing.c — a layout's moves listed the fast way (candidates of
 * a pair of piles kept while both are unchanged, conditions' results
 * kept, targets skipped when the part of `when` that reads no target is
 * false) are the moves of the reference listing, which tries every
 * candidate against every target and evaluates every condition: the
 * same actions in the same order, at every step of random games of
 * every solitaire shipped and of the test games.  The piles kept in the
 * state as sets are the piles read from each card's pile and depth.
 * What a listing keeps for the next (layout_memo.c) must not leak from
 * one state to another: between the steps of a game, a copy of an
 * earlier step (an undo), the seat's view and a sample of it are listed
 * too, each compared with the reference.  Each pile's key and top,
 * kept as cards move, are the key of its cards at their depths and the
 * card at its top, in every one of these states.
 */
#include "testutil.h"
#include "scenario.h"

#include <stdio.h>
#include <string.h>

#include "engine/engine.h"
#include "engine/layout.h"
#include "engine/place.h"
#include "lang/expr.h"
#include "lang/schema.h"
#include "util/rng.h"

#define GAMES_EACH 3            /* random games of each solitaire */
#define STEPS_MAX 600           /* a game wandering at random stops */

static void same_lists(const state *s, const char *path, int step)
{
	action fast[ACTIONS_MAX], ref[ACTIONS_MAX];
	int n = state_legal(s, fast);
	layout_reference_listing(true);
	int m = state_legal(s, ref);
	layout_reference_listing(false);
	ck_assert_msg(n == m, "%s, step %d: %d moves listed, %d in the "
		      "reference", path, step, n, m);
	for (int i = 0; i < n; i++)
		ck_assert_msg(action_eq(&fast[i], &ref[i]),
			      "%s, step %d: move %d differs", path, step, i);
}

/* Each pile's set, kept as cards move, is the pile rebuilt from the
 * cards' records, and its cards lie at the depths below its size. */
static void same_piles(const state *s, const char *path, int step)
{
	for (int p = 0; p < s->g->npiles; p++) {
		cardset rebuilt = cset_empty();
		uint64_t depths = 0;
		for (int c = 0; c < s->g->deck.ncards; c++)
			if (s->pile_of[c] == p + 1) {
				cset_add(&rebuilt, (card_id)c);
				ck_assert_int_lt(s->depth[c], s->pile_size[p]);
				depths |= UINT64_C(1) << (s->depth[c] & 63);
			}
		ck_assert_msg(cset_eq(rebuilt, s->pile_set[p]),
			      "%s, step %d: pile %d's set is not its cards",
			      path, step, p);
		ck_assert_msg(cset_count(rebuilt) == s->pile_size[p] &&
			      (s->pile_size[p] > 64 ||
			       __builtin_popcountll(depths) == s->pile_size[p]),
			      "%s, step %d: pile %d's depths are not 0..%d",
			      path, step, p, s->pile_size[p] - 1);
	}
}

/* Each pile's key and top card, kept as cards move (place.h), are the
 * key and the top worked out afresh from the cards' piles and depths
 * (no top where a view hides it). */
static void same_keys(const state *s, const char *path, int step)
{
	uint64_t key[PILES_MAX] = {0};
	card_id top[PILES_MAX];
	memset(top, CARD_NONE, sizeof top);
	for (int c = 0; c < s->g->deck.ncards; c++)
		if (s->pile_of[c]) {
			int p = s->pile_of[c] - 1;
			key[p] ^= pile_key_of((card_id)c, s->depth[c]);
			if (s->depth[c] == s->pile_size[p] - 1)
				top[p] = (card_id)c;
		}
	for (int p = 0; p < s->g->npiles; p++) {
		ck_assert_msg(key[p] == s->pile_key[p], "%s, step %d: pile "
			      "%d's key is not its cards'", path, step, p);
		ck_assert_msg(top[p] == pile_top(s, p), "%s, step %d: pile "
			      "%d's top is not its top card", path, step, p);
	}
}

#define BACK 5                  /* an earlier step listed again */

/* Other states listed between two steps: step - BACK (kept in `past`),
 * the view of the seat to move and a sample of it. */
static void interleave(const state *s, state *past, int step, rng *r,
		       const char *path)
{
	static view v;
	static state sampled;
	state *back = &past[(step + 1) % BACK];
	if (step >= BACK && back->current >= 0)
		same_lists(back, path, step - BACK);
	state_clone(&past[step % BACK], s);
	state_view(s, 0, &v);
	same_keys(&v.s, path, step);
	if (v.s.current >= 0)
		same_lists(&v.s, path, step);
	view_sample(&v, r, &sampled);
	same_keys(&sampled, path, step);
	if (sampled.current >= 0)
		same_lists(&sampled, path, step);
}

static void play(const game *g, const char *path, uint64_t seed,
		 bool others)
{
	static state past[BACK];
	state s;
	char why[200];
	ck_assert_msg(state_setup(&s, g, 1, 0, NULL, seed, why, sizeof why),
		      "%s", why);
	rng r;
	rng_seed(&r, seed, 17);
	state_deal(&s);
	for (int step = 0; s.current >= 0 && step < STEPS_MAX; step++) {
		if (others)
			interleave(&s, past, step, &r, path);
		same_lists(&s, path, step);
		same_piles(&s, path, step);
		same_keys(&s, path, step);
		action list[ACTIONS_MAX];
		int n = state_legal(&s, list);
		if (n == 0)
			break;
		ck_assert(state_apply(&s, list[rng_below(&r, (uint32_t)n)]));
	}
}

/* Every solitaire of a directory; how many. */
static int play_dir(const char *dir_path)
{
	static char files[SCN_RULE_FILES_MAX][512];
	int n = scn_rule_files(dir_path, files, SCN_RULE_FILES_MAX), played = 0;
	for (int f = 0; f < n; f++) {
		game *g = scn_load(files[f]);
		if (game_is_solitaire(g)) {
			for (int i = 0; i < GAMES_EACH; i++)
				play(g, files[f], (uint64_t)(7 * played + i + 1),
				     i == 0);
			played++;
		}
		game_free(g);
	}
	return played;
}

START_TEST(test_shipped_solitaires)
{
	ck_assert_int_ge(play_dir(TOP_SRCDIR "/games"), 8);
}
END_TEST

START_TEST(test_test_games)
{
	play_dir(TESTS_DIR "/data/games");
}
END_TEST

/* Each pile of the state with a face-down card laid among its face-up
 * ones (a killed card, a card laid back): the card under the top, then
 * the top itself, turned down in a copy, listed both ways.  A run may
 * not start under a face-down card, and a top face down names no move
 * the player can see. */
static void lists_with_cards_down(const state *s, const char *path, int step)
{
	static state turned;
	for (int p = 0; p < s->g->npiles; p++) {
		card_id row[CARD_MAX];
		int n = pile_in_order(s, p, row);
		for (int i = n - 2; i < n; i++) {
			if (i < 0 || cset_has(s->down, row[i]))
				continue;
			state_clone(&turned, s);
			cset_add(&turned.down, row[i]);
			same_lists(&turned, path, step);
		}
	}
}

/* Random games of the shipped solitaires whose runs and tops are read
 * card by card (Klondike, FreeCell), listed with cards turned down. */
START_TEST(test_cards_turned_down)
{
	const char *names[] = {"klondike", "freecell"};
	for (size_t k = 0; k < sizeof names / sizeof names[0]; k++) {
		char path[512];
		snprintf(path, sizeof path, "%s/games/%s.yaml", TOP_SRCDIR,
			 names[k]);
		game *g = scn_load(path);
		state s;
		char why[200];
		ck_assert_msg(state_setup(&s, g, 1, 0, NULL, 5, why,
					  sizeof why), "%s", why);
		rng r;
		rng_seed(&r, 5, 17);
		state_deal(&s);
		for (int step = 0; s.current >= 0 && step < 200; step++) {
			lists_with_cards_down(&s, path, step);
			action list[ACTIONS_MAX];
			int n = state_legal(&s, list);
			if (n == 0)
				break;
			ck_assert(state_apply(&s,
					      list[rng_below(&r, (uint32_t)n)]));
		}
		game_free(g);
	}
}
END_TEST

static Suite *listing_suite(void)
{
	Suite *s = suite_create("listing");
	TCase *tc = tcase_create("fast and reference");
	tcase_add_unchecked_fixture(tc, NULL, scn_cleanup);
	tcase_add_test(tc, test_shipped_solitaires);
	tcase_add_test(tc, test_test_games);
	tcase_add_test(tc, test_cards_turned_down);
	suite_add_tcase(s, tc);
	return s;
}

TEST_MAIN(listing_suite)
