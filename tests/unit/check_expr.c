/* check_expr.c */
#include "testutil.h"

static Suite *empty_suite(void)
{
	return suite_create("expr");
}

TEST_MAIN(empty_suite)
