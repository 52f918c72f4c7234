/* check_yaml_suite.c */
#include "testutil.h"

static Suite *empty_suite(void)
{
	return suite_create("yaml_suite");
}

TEST_MAIN(empty_suite)
