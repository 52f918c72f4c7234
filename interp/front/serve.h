/*
 * serve.h — `cardrules serve`: a game played by another program.
 *
 * The program sends requests, one JSON object a line, on the standard
 * input, and reads the server's messages, one JSON object a line, on the
 * standard output (docs/protocol.md; schemas/protocol/): it loads a game,
 * starts a match, and for each decision of the seats it plays receives
 * that seat's view and the legal actions, and answers with one of them;
 * built-in bots play the other seats, and every event at the table is
 * told as the client's seats may know it.  A bad request gets an error
 * and changes nothing: the session goes on.
 */
#ifndef CARDRULES_SERVE_H
#define CARDRULES_SERVE_H

#include <stdio.h>

typedef struct serve_opts {
	FILE *in, *out;
	FILE *audit;                    /* the referee's record; NULL */
} serve_opts;

/* Serves requests until `quit` or the end of the input; the exit status
 * (0, or 1 when the output cannot be written). */
int serve_run(const serve_opts *o);

#endif
