/*
 * testutil.h — what every Check test program shares.
 *
 * A test file defines its suites and ends with TEST_MAIN(suite_fn, ...).
 */
#ifndef CARDRULES_TESTUTIL_H
#define CARDRULES_TESTUTIL_H

#include <check.h>
#include <stdlib.h>

/* No test has a time limit: a busy machine is slow, not wrong (a timeout
 * of 0 is none; test cases read it when they are created). */
#define TEST_MAIN(...)                                                     \
	int main(void)                                                     \
	{                                                                  \
		setenv("CK_DEFAULT_TIMEOUT", "0", 1);                      \
		Suite *(*suites[])(void) = {__VA_ARGS__};                  \
		SRunner *sr = srunner_create(NULL);                        \
		for (size_t i = 0; i < sizeof suites / sizeof *suites; i++) \
			srunner_add_suite(sr, suites[i]());                \
		srunner_run_all(sr, CK_NORMAL);                            \
		int failed = srunner_ntests_failed(sr);                    \
		srunner_free(sr);                                          \
		return failed ? EXIT_FAILURE : EXIT_SUCCESS;               \
	}

/* One test case holding the given test functions. */
#define TEST_CASE(suite, name, ...)                                        \
	do {                                                               \
		TCase *tc_ = tcase_create(name);                           \
		const TTest *funs_[] = {__VA_ARGS__};                              \
		for (size_t i_ = 0; i_ < sizeof funs_ / sizeof *funs_; i_++) \
			tcase_add_test(tc_, funs_[i_]);                    \
		suite_add_tcase(suite, tc_);                               \
	} while (0)

#endif
