/* check_src_diag.c */
#include "testutil.h"

static Suite *empty_suite(void)
{
	return suite_create("src_diag");
}

TEST_MAIN(empty_suite)
