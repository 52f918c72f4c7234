/*
 * check_hooks.c — the hook registry and the majority-suit trick winner
 * (Stendhal) on the examples STN-3 and STN-D1 .. STN-D4, with a TENNOS
 * deck: suits S H D C X L, ranks 2 .. A.
 */
#include "testutil.h"

#include <string.h>

#include "cards/deck.h"
#include "engine/hook.h"
#include "lang/schema.h"

static const char *const ranks[] = {
	"2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A",
};

static deck tennos(void)
{
	deck d;
	char why[100];
	ck_assert(deck_build(&d, "SHDCXL", 6, ranks, 13, 1, 0, why, sizeof why));
	ck_assert_int_eq(d.ncards, 78);
	return d;
}

/* "10D QX 9S": the trick's cards in play order; returns how many. */
static int trick_cards(const deck *d, const char *text, card_id *out)
{
	int n = 0;
	while (*text) {
		size_t len = strcspn(text, " ");
		if (len) {
			card_face f;
			int copy;
			ck_assert_msg(deck_parse_face(d, text, len, &f, &copy) ==
				      DECK_PARSE_OK, "bad card in '%s'", text);
			out[n] = deck_find(d, d->all, f, 0);
			ck_assert(out[n] != CARD_NONE);
			n++;
		}
		text += len + (text[len] == ' ');
	}
	return n;
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
	const hook *h = hook_find("trick-winner", "majority-suit");
	ck_assert_ptr_nonnull(h);
	deck d = tennos();
	card_id c[16];
	int n = trick_cards(&d, tc->cards, c);
	hook_args args;
	memset(&args, 0, sizeof args);
	args.v[0] = tc->all_different;
	int pos = h->trick_winner(&d, c, n, &args);
	ck_assert_msg(pos == tc->pos - 1, "%s (%s): pos %d won, not pos %d",
		      tc->id, tc->all_different == LEADER ? "leader" : "majority",
		      pos + 1, tc->pos);
}
END_TEST

/* The parameter's choices are in the order the cases above assume. */
START_TEST(test_majority_params)
{
	const hook *h = hook_find("trick-winner", "majority-suit");
	ck_assert_ptr_nonnull(h);
	ck_assert_int_eq(h->nparams, 1);
	ck_assert_str_eq(h->params[0].name, "all-different");
	const char *const *choice = h->params[0].type->choices;
	ck_assert_str_eq(choice[MAJORITY], "majority");
	ck_assert_str_eq(choice[LEADER], "leader");
	ck_assert_str_eq(h->params[0].fallback, "majority");
}
END_TEST

START_TEST(test_registry)
{
	ck_assert_ptr_null(hook_find("trick-winner", "no-such-hook"));
	ck_assert_ptr_null(hook_find("trick-winner", ""));
	ck_assert_ptr_null(hook_find("no-such-slot", "majority-suit"));
	ck_assert_int_ge(hook_count, 1);
	for (int i = 0; i < hook_count; i++) {
		const hook *h = &hook_table[i];
		ck_assert_msg(h->name && *h->name, "hook %d has no name", i);
		ck_assert_msg(h->doc && *h->doc, "%s: no doc", h->name);
		ck_assert_msg(h->games && *h->games, "%s: no games", h->name);
		ck_assert_msg(h->slot && *h->slot, "%s: no slot", h->name);
		ck_assert_msg(strcmp(h->slot, "trick-winner") == 0
			      ? h->trick_winner != NULL
			      : strcmp(h->slot, "double-trick") == 0
			      ? h->double_trick != NULL : h->melds != NULL,
			      "%s: no function for its slot", h->name);
		ck_assert_ptr_eq(hook_find(h->slot, h->name), h);
		ck_assert_int_le(h->nparams, HOOK_PARAMS_MAX);
		for (int k = 0; k < h->nparams; k++) {
			const hook_param *p = &h->params[k];
			ck_assert_msg(p->name && p->type && p->doc && *p->doc,
				      "%s: parameter %d incomplete", h->name, k);
		}
	}
}
END_TEST

static void teardown(void)
{
	deck_cleanup();
}

static Suite *hooks_suite(void)
{
	Suite *s = suite_create("hooks");
	TCase *tc = tcase_create("majority-suit");
	tcase_add_unchecked_fixture(tc, NULL, teardown);
	tcase_add_loop_test(tc, test_majority_suit, 0,
			    sizeof trick_cases / sizeof *trick_cases);
	tcase_add_test(tc, test_majority_params);
	suite_add_tcase(s, tc);
	TEST_CASE(s, "registry", test_registry);
	return s;
}

TEST_MAIN(hooks_suite)
