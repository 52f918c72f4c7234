/*
 * serve_ask.h — the members of a request to `cardrules serve`, read and
 * checked one by one.
 *
 * Each reader takes the member (NULL when the request lacks it), writes
 * its value, and refuses a value of the wrong kind or out of range with
 * one line that names the member and what it takes, in the words of the
 * command line where there are some (the bots, the options).
 */
#ifndef CARDRULES_SERVE_ASK_H
#define CARDRULES_SERVE_ASK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "engine/engine.h"
#include "front/bot.h"
#include "util/json_read.h"

/* A whole number from min to max; `fallback` when v is NULL. */
bool ask_int(const jv *v, const char *name, int64_t min, int64_t max,
	     int64_t fallback, int64_t *out, char *err, size_t size);

/* A string, not empty; NULL when v is NULL and the member may be left
 * out (`needed` false). */
bool ask_text(const jv *v, const char *name, bool needed, const char **out,
	      char *err, size_t size);

/* A seed: a whole number from 0 to 2^64-1. */
bool ask_seed(const jv *v, uint64_t *out, char *err, size_t size);

/* The seats a client plays: a list of distinct seats of a table of
 * `players`, as bits. */
bool ask_seats(const jv *v, int players, unsigned *out, char *err,
	       size_t size);

/* The bots: a --bot text ("low", "1=mc:500,2=random"), or an object
 * from seats to such a text, over the defaults in spec; a seat the
 * client plays has none. */
bool ask_bots(const jv *v, unsigned mine, bot_spec *spec, char *err,
	      size_t size);

/* The game's options, an object from their names to whole numbers,
 * over their defaults in options; the words of --set. */
bool ask_options(const jv *v, const game *g, int64_t *options, char *err,
		 size_t size);

/* Ids of the legal list (of n actions): one id or a list of them, into
 * ids (at most max); how many, or -1. */
int ask_ids(const jv *v, const char *name, int n, int *ids, int max,
	    char *err, size_t size);

#endif
