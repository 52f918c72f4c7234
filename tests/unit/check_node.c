/* check_node.c */
#include "testutil.h"

static Suite *empty_suite(void)
{
	return suite_create("node");
}

TEST_MAIN(empty_suite)
