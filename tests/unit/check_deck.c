/* check_deck.c — deck building and the card notation. */
#include "testutil.h"

#include <string.h>

#include "cards/deck.h"

static const char *const std_ranks[] = {
	"2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A",
};

static deck std52(void)
{
	deck d;
	char why[100];
	ck_assert(deck_build(&d, "SHDC", 4, std_ranks, 13, 1, 0, why, sizeof why));
	return d;
}

START_TEST(test_standard_deck)
{
	deck d = std52();
	ck_assert_int_eq(d.ncards, 52);
	ck_assert_int_eq(cset_count(d.by_suit[1]), 13);
	ck_assert_int_eq(cset_count(d.by_rank[12]), 4);
	char buf[8];
	ck_assert_str_eq(deck_card_name(&d, 0, true, buf), "2S");
	ck_assert_str_eq(deck_card_name(&d, 8, true, buf), "10S");
	ck_assert_str_eq(deck_card_name(&d, 51, true, buf), "AC");
}
END_TEST

static const struct parse_case {
	const char *text;
	enum deck_parse_result want;
	const char *name;
} parse_cases[] = {
	{"QS", DECK_PARSE_OK, "QS"},
	{"qs", DECK_PARSE_OK, "QS"},
	{"10H", DECK_PARSE_OK, "10H"},
	{"TH", DECK_PARSE_OK, "10H"},
	{"th", DECK_PARSE_OK, "10H"},
	{"2C", DECK_PARSE_OK, "2C"},
	{"AX", DECK_PARSE_NO_SUIT, NULL},
	{"JK", DECK_PARSE_NO_JOKER, NULL},
	{"1S", DECK_PARSE_SYNTAX, NULL},
	{"Q", DECK_PARSE_SYNTAX, NULL},
	{"QSS", DECK_PARSE_SYNTAX, NULL},
	{"", DECK_PARSE_SYNTAX, NULL},
	{"AS#2", DECK_PARSE_NO_COPY, NULL},
	{"AS#1", DECK_PARSE_OK, "AS"},
};

START_TEST(test_parse)
{
	const struct parse_case *pc = &parse_cases[_i];
	deck d = std52();
	card_face f;
	int copy;
	enum deck_parse_result r =
		deck_parse_face(&d, pc->text, strlen(pc->text), &f, &copy);
	ck_assert_msg(r == pc->want, "%s: got %d", pc->text, r);
	if (pc->name) {
		char buf[8];
		ck_assert_str_eq(deck_face_name(&d, f, buf), pc->name);
	}
}
END_TEST

START_TEST(test_copies_and_suitsets)
{
	/* Ribs at 10 players: A..7 of S H D C, three copies, ten suit-sets. */
	static const char *const ribs[] = {"7", "8", "9", "10", "J", "Q", "K", "A"};
	deck d;
	char why[100];
	ck_assert(deck_build(&d, "SHDC", 4, ribs, 8, 3, 0, why, sizeof why));
	ck_assert_int_eq(d.ncards, 96);
	for (int n = 4; n <= 10; n++)
		ck_assert_int_eq(cset_count(deck_in_play(&d, n)), 8 * n);
	card_face f;
	int copy;
	ck_assert_int_eq(deck_parse_face(&d, "AS#2", 4, &f, &copy), DECK_PARSE_OK);
	ck_assert_int_eq(copy, 2);
	card_id c = deck_find(&d, d.all, f, 2);
	ck_assert_int_eq(d.copy_of[c], 2);
	char buf[8];
	ck_assert_str_eq(deck_card_name(&d, c, true, buf), "AS#2");
	ck_assert_str_eq(deck_card_name(&d, c, false, buf), "AS");
	ck_assert_int_eq(cset_count(d.by_face[f]), 3);
}
END_TEST

START_TEST(test_jokers_and_limits)
{
	deck d;
	char why[100];
	ck_assert(deck_build(&d, "SHDC", 4, std_ranks, 13, 1, 2, why, sizeof why));
	ck_assert_int_eq(d.ncards, 54);
	card_face f;
	int copy;
	ck_assert_int_eq(deck_parse_face(&d, "JK2", 3, &f, &copy), DECK_PARSE_OK);
	ck_assert_int_eq(f, FACE_JOKER);
	ck_assert_int_eq(copy, 2);
	ck_assert_int_eq(deck_parse_face(&d, "JK3", 3, &f, &copy), DECK_PARSE_SYNTAX);
	ck_assert(!deck_build(&d, "SHDC", 4, std_ranks, 13, 3, 0, why, sizeof why));
	ck_assert(strstr(why, "156") != NULL);
}
END_TEST

static void teardown(void)
{
	deck_cleanup();
}

static Suite *deck_suite(void)
{
	Suite *s = suite_create("deck");
	TCase *tc = tcase_create("notation");
	tcase_add_unchecked_fixture(tc, NULL, teardown);
	tcase_add_test(tc, test_standard_deck);
	tcase_add_loop_test(tc, test_parse, 0,
			    sizeof parse_cases / sizeof *parse_cases);
	tcase_add_test(tc, test_copies_and_suitsets);
	tcase_add_test(tc, test_jokers_and_limits);
	suite_add_tcase(s, tc);
	return s;
}

TEST_MAIN(deck_suite)
