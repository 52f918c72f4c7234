/*
 * serve_out.h — the messages `cardrules serve` writes: one JSON object a
 * line, flushed at once, so that a program reading the pipe sees each as
 * soon as it is written.
 *
 * A reply answers one request and carries the request's "id", when it
 * gave one, as "re"; notices (a decision due, events) are written as
 * things happen and carry none.  Messages are counted, so that the
 * audit can say which message it stands beside.
 */
#ifndef CARDRULES_SERVE_OUT_H
#define CARDRULES_SERVE_OUT_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "util/json.h"

#define SERVE_ID_MAX 128

typedef struct serve_out {
	FILE *f;
	json j;
	long sent;                      /* messages written so far */
	/* the id of the request being answered */
	bool has_id, id_is_text;
	char id_text[SERVE_ID_MAX + 1];
	int64_t id_number;
	const char *request;            /* its type, for errors; NULL */
	/* called as each message is ended, before it is flushed (the
	 * audit); NULL: nothing */
	void (*beside)(void *ctx, long message);
	void *beside_ctx;
} serve_out;

void serve_out_init(serve_out *o, FILE *f);

/* Opens a notice: {"type": TYPE, ...; write its members to o->j. */
json *serve_notice(serve_out *o, const char *type);

/* Opens the reply to the request being answered, with its "re". */
json *serve_reply(serve_out *o, const char *type);

/* Closes the message, ends the line and flushes it. */
void serve_end(serve_out *o);

/* Text from elsewhere (a rule file's line, a message cut to fit its
 * buffer) made whole UTF-8: any byte that is not becomes '?', so that
 * the line stays readable as UTF-8.  Every error goes through it. */
void serve_whole_utf8(char *text);

/* The reply that refuses the request: {"type": "error", "re", "request",
 * "message"}; more members may follow before serve_end(). */
json *serve_error_open(serve_out *o, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* The same, closed at once. */
void serve_error(serve_out *o, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

#endif
