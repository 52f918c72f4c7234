/* cli.c — the command line. */
#include "cli.h"

#include <stdio.h>

int cli_main(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	fputs("cardrules: no command\n", stderr);
	return 2;
}
