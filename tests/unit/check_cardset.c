/* check_cardset.c — the bitset of card ids, and the generator. */
#include "testutil.h"

#include "cards/cardset.h"
#include "util/rng.h"

START_TEST(test_add_has_count)
{
	cardset s = cset_empty();
	ck_assert(cset_is_empty(s));
	cset_add(&s, 0);
	cset_add(&s, 63);
	cset_add(&s, 64);
	cset_add(&s, 127);
	ck_assert_int_eq(cset_count(s), 4);
	ck_assert(cset_has(s, 63) && cset_has(s, 64) && !cset_has(s, 65));
	cset_del(&s, 63);
	ck_assert(!cset_has(s, 63));
	ck_assert_int_eq(cset_count(s), 3);
}
END_TEST

START_TEST(test_iteration_is_ascending)
{
	cardset s = cset_empty();
	int want[] = {1, 5, 63, 64, 100, 127};
	for (int i = 0; i < 6; i++)
		cset_add(&s, (card_id)want[i]);
	int i = 0;
	CSET_FOREACH(c, s) {
		ck_assert_int_lt(i, 6);
		ck_assert_int_eq(c, want[i]);
		ck_assert_int_eq(cset_nth(s, i), want[i]);
		i++;
	}
	ck_assert_int_eq(i, 6);
	ck_assert_int_eq(cset_nth(s, 6), CARD_NONE);
	ck_assert_int_eq(cset_first(cset_empty()), CARD_NONE);
}
END_TEST

/* The next id after each one, for sets of every density (the bits of a
 * word's end and of an empty word included), is the next one a look at
 * every id finds. */
START_TEST(test_next_is_the_next_id)
{
	rng r;
	rng_seed(&r, 8, 8);
	for (int i = 0; i < 1000; i++) {
		cardset s = cset_empty();
		s.w[0] = rng_next(&r);
		s.w[1] = rng_next(&r);
		for (int k = i % 4; k > 0; k--) {       /* sparser and sparser */
			s.w[0] &= rng_next(&r);
			s.w[1] &= rng_next(&r);
		}
		if (i % 5 == 0)
			s.w[i / 5 % 2] = 0;
		for (int c = 0; c < CARD_MAX; c++) {
			card_id expect = CARD_NONE;
			for (int d = c + 1; d < CARD_MAX && expect == CARD_NONE; d++)
				if (cset_has(s, (card_id)d))
					expect = (card_id)d;
			ck_assert_int_eq(cset_next(s, (card_id)c), expect);
		}
	}
}
END_TEST

START_TEST(test_first_n)
{
	for (int n = 0; n <= CARD_MAX; n++) {
		cardset s = cset_first_n(n);
		ck_assert_int_eq(cset_count(s), n);
		if (n > 0)
			ck_assert(cset_has(s, (card_id)(n - 1)));
		if (n < CARD_MAX)
			ck_assert(!cset_has(s, (card_id)n));
	}
}
END_TEST

START_TEST(test_algebra)
{
	cardset a = cset_first_n(70), b = cset_minus(cset_first_n(100), cset_first_n(60));
	ck_assert_int_eq(cset_count(cset_and(a, b)), 10);
	ck_assert_int_eq(cset_count(cset_or(a, b)), 100);
	ck_assert_int_eq(cset_count(cset_minus(a, b)), 60);
	ck_assert(cset_subset(cset_and(a, b), a));
	ck_assert(!cset_subset(a, b));
	ck_assert(cset_meets(a, b));
	ck_assert(cset_eq(cset_or(a, b), cset_first_n(100)));
}
END_TEST

/* The generator is part of the "same seed, same game everywhere" contract:
 * these numbers must never change. */
START_TEST(test_rng_is_fixed)
{
	rng r;
	rng_seed(&r, 42, 0);
	uint64_t a = rng_next(&r), b = rng_next(&r);
	rng_seed(&r, 42, 0);
	ck_assert_uint_eq(rng_next(&r), a);
	ck_assert_uint_eq(rng_next(&r), b);
	rng_seed(&r, 42, 1);
	ck_assert_uint_ne(rng_next(&r), a);
	rng_seed(&r, 1, 0);
	ck_assert_uint_eq(rng_next(&r), UINT64_C(0xb3f2af6d0fc710c5));
}
END_TEST

START_TEST(test_rng_below_is_uniform)
{
	rng r;
	rng_seed(&r, 7, 3);
	int hist[7] = {0};
	for (int i = 0; i < 70000; i++) {
		uint32_t x = rng_below(&r, 7);
		ck_assert_uint_lt(x, 7);
		hist[x]++;
	}
	for (int i = 0; i < 7; i++)
		ck_assert(hist[i] > 9500 && hist[i] < 10500);
}
END_TEST

START_TEST(test_shuffle_is_permutation)
{
	rng r;
	rng_seed(&r, 9, 9);
	uint8_t items[52];
	for (int i = 0; i < 52; i++)
		items[i] = (uint8_t)i;
	rng_shuffle(&r, items, 52);
	cardset seen = cset_empty();
	for (int i = 0; i < 52; i++)
		cset_add(&seen, items[i]);
	ck_assert(cset_eq(seen, cset_first_n(52)));
}
END_TEST

/* The processor's instruction, where there is one, and the count by
 * halves agree on words of every weight. */
START_TEST(test_popcount_both_ways)
{
	rng r;
	rng_seed(&r, 5, 5);
	bool hw = cset_popcnt;
	for (int i = 0; i < 2000; i++) {
		uint64_t w = rng_next(&r) & rng_next(&r);
		if (i % 3 == 0)
			w |= rng_next(&r);
		int expect = 0;
		for (uint64_t v = w; v; v &= v - 1)
			expect++;
		cset_popcnt = hw;
		ck_assert_int_eq(cset_word_count(w), expect);
		cset_popcnt = false;
		ck_assert_int_eq(cset_word_count(w), expect);
	}
	cset_popcnt = hw;
}
END_TEST

/* The k-th bit by the processor's bit deposit, where it is used, and
 * by clearing the bits below one at a time agree. */
START_TEST(test_nth_both_ways)
{
	rng r;
	rng_seed(&r, 6, 6);
	bool hw = cset_pdep;
	for (int i = 0; i < 2000; i++) {
		uint64_t w = rng_next(&r) & rng_next(&r);
		int n = 0;
		for (uint64_t v = w; v; v &= v - 1) {
			int expect = __builtin_ctzll(v);
			cset_pdep = hw;
			ck_assert_int_eq(cset_word_nth(w, n), expect);
			cset_pdep = false;
			ck_assert_int_eq(cset_word_nth(w, n), expect);
			n++;
		}
	}
	cset_pdep = hw;
}
END_TEST

static Suite *cardset_suite(void)
{
	Suite *s = suite_create("cardset");
	TEST_CASE(s, "sets", test_add_has_count, test_iteration_is_ascending,
		  test_next_is_the_next_id, test_first_n, test_algebra, test_popcount_both_ways,
		  test_nth_both_ways);
	TEST_CASE(s, "rng", test_rng_is_fixed, test_rng_below_is_uniform,
		  test_shuffle_is_permutation);
	return s;
}

TEST_MAIN(cardset_suite)
