/* main.c — the cardrules program: only the command line. */
#include "front/cli.h"

int main(int argc, char **argv)
{
	return cli_main(argc, argv);
}
