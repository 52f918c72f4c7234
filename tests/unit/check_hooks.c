/*
 * check_hooks.c — the hook registry, the lookup through which the schema
 * validates hooks, and the majority-suit trick winner (Stendhal) on the
 * examples STN-3 and STN-D1 .. STN-D4, on Stendhal's TENNOS deck: suits
 * S H D C X L, ranks 2 .. A; and jass-melds on that deck of 78 cards.
 */
#include "testutil.h"
#include "scenario.h"

#include <string.h>

#include "engine/engine.h"
#include "engine/hook.h"
#include "engine/meld.h"
#include "lang/schema.h"

static game *g;
static state s;

static void setup(void)
{
	g = scn_load(TOP_SRCDIR "/games/stendhal.yaml");
	char why[200];
	ck_assert_msg(state_setup(&s, g, 5, 0, NULL, 1, why, sizeof why),
		      "%s", why);
	ck_assert_int_eq(g->deck.ncards, 78);
}

static void teardown(void)
{
	game_free(g);
	g = NULL;
	deck_cleanup();
	expr_cleanup();
	schema_cleanup();
}

enum { MAJORITY, LEADER };      /* all-different: the choices' indexes */

static const struct trick_case {
	const char *id;
	const char *cards;
	int all_different;
	int pos;                /* the winner, 1 = the lead */
} trick_cases[] = {
	/* D and S tie at 2, the last S (pos 5) is later than the last D */
	{"STN-3", "10D QX 9S 5D 2S", LEADER, 3},
	{"STN-3", "10D QX 9S 5D 2S", MAJORITY, 3},
	{"STN-D1", "2H 9H KH 3H 5H 10H", LEADER, 3},
	{"STN-D1", "2H 9H KH 3H 5H 10H", MAJORITY, 3},
	/* all different: the leader; the general rule would pick pos 6 */
	{"STN-D2", "5S 6H 7D 8C 9X 10L", LEADER, 1},
	{"STN-D2", "5S 6H 7D 8C 9X 10L", MAJORITY, 6},
	{"STN-D2 (5)", "5S 6H 7D 8C 9X", LEADER, 1},
	{"STN-D3", "2S 3H 4D 5C 6X 7L 8S", LEADER, 7},
	{"STN-D3", "2S 3H 4D 5C 6X 7L 8S", MAJORITY, 7},
	{"STN-D4", "AH 2H 3S 4S 5D", LEADER, 4},
	{"STN-D4", "AH 2H 3S 4S 5D", MAJORITY, 4},
};

START_TEST(test_majority_suit)
{
	const struct trick_case *tc = &trick_cases[_i];
	hook_use use = {.hook = hook_find("trick-winner", "majority-suit")};
	ck_assert_ptr_nonnull(use.hook);
	use.args.v[0] = tc->all_different;
	card_id c[16];
	hook_input trick = {.cards = c, .ncards = scn_card_list(g, tc->cards, c)};
	hook_result r;
	hook_call(&use, &s, 0, trick, &r);
	int pos = r.pick;
	ck_assert_int_eq(hook_call_pick(&use, &s, 0, trick), pos);
	ck_assert_msg(pos == tc->pos - 1, "%s (%s): pos %d won, not pos %d",
		      tc->id, tc->all_different == LEADER ? "leader" : "majority",
		      pos + 1, tc->pos);
}
END_TEST

/* jass-melds on a deck of more than 64 cards: a suit's ranks read across
 * the two words of a set (QX KX AX are ids 62, 63 and 64). */
static const struct meld_case {
	const char *hand;
	int points;             /* seat 0's */
	int cards;              /* in its one meld */
} meld_cases[] = {
	{"QX KX AX 2S 5H", 20, 3},
	{"JX QX KX AX 2S", 50, 4},
	{"10L JL QL 4D", 20, 3},
	{"JS JH JD JC JX JL 3S", 200, 6},
	{"JS JH JD JC JX 3S", 0, 0},    /* five of the six suits */
};

/* jass-melds (200 for four jacks) asked about every seat, seat 0
 * holding `hand` and the others nothing. */
static void melds_of_hand(const char *hand, hook_result *r)
{
	hook_use use = {.hook = hook_find("melds", "jass-melds"),
			.args = {{200, 0, 200, 0}}};
	ck_assert_ptr_nonnull(use.hook);
	card_id c[16];
	int n = scn_card_list(g, hand, c);
	cardset hands[SEAT_MAX] = {{{0}}};
	for (int i = 0; i < n; i++)
		cset_add(&hands[0], c[i]);
	hook_input in = {.hands = hands};
	hook_call(&use, &s, -1, in, r);
}

START_TEST(test_melds_across_words)
{
	const struct meld_case *mc = &meld_cases[_i];
	hook_result r;
	melds_of_hand(mc->hand, &r);
	ck_assert_msg(r.score[0] == mc->points, "%s: %lld points", mc->hand,
		      (long long)r.score[0]);
	ck_assert_int_eq(r.ngroups, mc->cards ? 1 : 0);
	if (mc->cards)
		ck_assert_int_eq(r.group[0].n, mc->cards);
}
END_TEST

/* Runs of at most five are taken whole without a search; a longer run
 * is searched for its best pieces (eight in a row: three and five, the
 * five at the top, for 120 points and a meld as strong as the whole). */
static const struct runs_case {
	const char *hand;
	int points;
	int ngroups;
	int n[3];               /* each meld's cards, in the hook's order */
} runs_cases[] = {
	{"6S 7S 8S 10H JH QH KH 2D", 70, 2, {3, 4}},
	{"KH QH JH 10H 9H 2S 3S 4S", 120, 2, {3, 5}},
	{"2D 3D 4D 6D 7D 8D 10C JC QC", 60, 3, {3, 3, 3}},
	{"2S 3S 4S 5S 6S 7S", 100, 1, {6}},
	{"2S 3S 4S 5S 6S 7S 8S 9S", 120, 2, {3, 5}},
};

START_TEST(test_melds_runs_whole_or_searched)
{
	const struct runs_case *rc = &runs_cases[_i];
	hook_result r;
	melds_of_hand(rc->hand, &r);
	ck_assert_msg(r.score[0] == rc->points, "%s: %lld points", rc->hand,
		      (long long)r.score[0]);
	ck_assert_int_eq(r.ngroups, rc->ngroups);
	for (int k = 0; k < rc->ngroups; k++) {
		ck_assert_int_eq(r.group[k].n, rc->n[k]);
		for (int i = 1; i < r.group[k].n; i++)      /* ranks upward */
			ck_assert_int_lt(g->deck.rank_of[r.group[k].card[i - 1]],
					 g->deck.rank_of[r.group[k].card[i]]);
	}
}
END_TEST

/* The parameter's choices are in the order the cases above assume. */
START_TEST(test_majority_params)
{
	const hook *h = hook_find("trick-winner", "majority-suit");
	ck_assert_ptr_nonnull(h);
	ck_assert_int_eq(h->about.nparams, 1);
	const schema_hook_param *p = &h->about.params[0];
	ck_assert_str_eq(p->name, "all-different");
	ck_assert_str_eq(p->type->choices[MAJORITY], "majority");
	ck_assert_str_eq(p->type->choices[LEADER], "leader");
	ck_assert_str_eq(p->fallback, "majority");
}
END_TEST

static bool known_slot(const char *slot)
{
	return strcmp(slot, "trick-winner") == 0 ||
	       strcmp(slot, "double-trick") == 0 || strcmp(slot, "melds") == 0;
}

START_TEST(test_registry)
{
	ck_assert_ptr_null(hook_find("trick-winner", "no-such-hook"));
	ck_assert_ptr_null(hook_find("trick-winner", ""));
	ck_assert_ptr_null(hook_find("no-such-slot", "majority-suit"));
	ck_assert_int_ge(hook_count, 1);
	for (int i = 0; i < hook_count; i++) {
		const hook *h = &hook_table[i];
		const schema_hook *a = &h->about;
		ck_assert_msg(a->name && *a->name, "hook %d has no name", i);
		ck_assert_msg(a->doc && *a->doc, "%s: no doc", a->name);
		ck_assert_msg(h->games && *h->games, "%s: no games", a->name);
		ck_assert_msg(a->slot && known_slot(a->slot), "%s: no slot",
			      a->name);
		ck_assert_msg(h->run != NULL, "%s: no function", a->name);
		ck_assert_ptr_eq(hook_find(a->slot, a->name), h);
		ck_assert_int_le(a->nparams, HOOK_PARAMS_MAX);
		for (int k = 0; k < a->nparams; k++) {
			const schema_hook_param *p = &a->params[k];
			ck_assert_msg(p->name && p->type && p->doc && *p->doc,
				      "%s: parameter %d incomplete", a->name, k);
		}
	}
}
END_TEST

/* ---- the schema's lookup ---------------------------------------------- */

/* The schema finds every hook of the table, by slot and name, and no
 * other. */
START_TEST(test_schema_finds_the_engine_hooks)
{
	hook_register_with_schema();
	for (int i = 0; i < hook_count; i++) {
		const schema_hook *a = &hook_table[i].about;
		ck_assert_ptr_eq(schema_hook_at(i), a);
		ck_assert_ptr_eq(schema_hook_find(a->slot, a->name), a);
	}
	ck_assert_ptr_null(schema_hook_at(hook_count));
	ck_assert_ptr_null(schema_hook_at(-1));
	ck_assert_ptr_null(schema_hook_find("trick-winner", "majority-suits"));
	ck_assert_ptr_null(schema_hook_find("melds", "majority-suit"));
}
END_TEST

/* A lookup handed over by other code is the only one the schema reads. */
static const schema_hook stand_in = {
	.name = "every-card-once", .slot = "trick-winner", .doc = "a stand-in",
};

static const schema_hook *stand_in_lookup(int i)
{
	return i == 0 ? &stand_in : NULL;
}

START_TEST(test_schema_reads_the_lookup_given)
{
	schema_set_hooks(stand_in_lookup);
	ck_assert_ptr_eq(schema_hook_find("trick-winner", "every-card-once"),
			 &stand_in);
	ck_assert_ptr_null(schema_hook_find("trick-winner", "majority-suit"));
	schema_set_hooks(NULL);
	ck_assert_ptr_null(schema_hook_at(0));
	hook_register_with_schema();
	ck_assert_ptr_nonnull(schema_hook_find("trick-winner", "majority-suit"));
}
END_TEST

/* A misspelt hook is reported at its name, with the closest name of the
 * slot's hooks: the message of tests/bad/hook-unknown.err. */
START_TEST(test_unknown_hook_is_reported_with_a_hint)
{
	static const char path[] = TOP_SRCDIR "/tests/bad/hook-unknown.yaml";
	diag *d = diag_new();
	ck_assert_ptr_null(game_load(path, d));
	char *text = diag_render(d);
	char want[600];
	snprintf(want, sizeof want, "%s:29:22: error: unknown trick-winner "
		 "hook 'majority-suits' (did you mean 'majority-suit'?)\n", path);
	ck_assert_str_eq(text, want);
	free(text);
	diag_free(d);
}
END_TEST

/* The melds of a hand asked again after its game was freed and another
 * loaded, quite likely at the same address: the second game's own
 * meld points (four nines: none, then 150), not the first's. */
static int four_nines(const char *file)
{
	char path[300];
	snprintf(path, sizeof path, "%s/games/%s", TOP_SRCDIR, file);
	game *sidi = scn_load(path);
	static state t;
	char why[200];
	ck_assert_msg(state_setup(&t, sidi, 4, 0, NULL, 1, why, sizeof why),
		      "%s", why);
	card_id c[16];
	int n = scn_card_list(sidi, "9S 9H 9D 9C 6S 8H 10D QC JS", c);
	memset(&t.dealt[0], 0, sizeof t.dealt[0]);
	for (int i = 0; i < n; i++)
		cset_add(&t.dealt[0], c[i]);
	meld m[MELDS_MAX];
	int points = meld_find(&t, 0, m) ? m[0].points : 0;
	game_free(sidi);
	return points;
}

START_TEST(test_melds_of_a_game_loaded_anew)
{
	ck_assert_int_eq(four_nines("sidi-barrani.yaml"), 0);
	ck_assert_int_eq(four_nines("sidi-barrani-standard-weis.yaml"), 150);
	ck_assert_int_eq(four_nines("sidi-barrani.yaml"), 0);
}
END_TEST

static Suite *hooks_suite(void)
{
	Suite *su = suite_create("hooks");
	TCase *tc = tcase_create("majority-suit");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_loop_test(tc, test_majority_suit, 0,
			    sizeof trick_cases / sizeof *trick_cases);
	tcase_add_test(tc, test_majority_params);
	tcase_add_loop_test(tc, test_melds_across_words, 0,
			    sizeof meld_cases / sizeof *meld_cases);
	tcase_add_loop_test(tc, test_melds_runs_whole_or_searched, 0,
			    sizeof runs_cases / sizeof *runs_cases);
	suite_add_tcase(su, tc);
	TEST_CASE(su, "registry", test_registry);
	tc = tcase_create("schema lookup");
	tcase_add_checked_fixture(tc, NULL, teardown);
	tcase_add_test(tc, test_schema_finds_the_engine_hooks);
	tcase_add_test(tc, test_schema_reads_the_lookup_given);
	tcase_add_test(tc, test_unknown_hook_is_reported_with_a_hint);
	tcase_add_test(tc, test_melds_of_a_game_loaded_anew);
	suite_add_tcase(su, tc);
	return su;
}

TEST_MAIN(hooks_suite)
