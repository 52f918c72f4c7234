/* cli.h — the command line: subcommands, options, exit statuses. */
#ifndef CARDRULES_CLI_H
#define CARDRULES_CLI_H

int cli_main(int argc, char **argv);

#endif
