/*
 * json.h — a small streaming JSON writer.
 *
 * Results, statistics and the JSON Schema are written through it, so that
 * escaping and commas are right in one place.  Output is indented when
 * `pretty`, one line otherwise.  Nesting is bounded by JSON_DEPTH.
 */
#ifndef CARDRULES_JSON_H
#define CARDRULES_JSON_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#define JSON_DEPTH 32

typedef struct json {
	FILE *out;
	bool pretty;
	int depth;
	bool first[JSON_DEPTH];     /* nothing written yet at this level */
	bool after_key;
} json;

void json_init(json *j, FILE *out, bool pretty);
void json_object(json *j);
void json_end_object(json *j);
void json_array(json *j);
void json_end_array(json *j);
void json_key(json *j, const char *key);
void json_string(json *j, const char *s);
void json_int(json *j, int64_t v);
void json_double(json *j, double v);
void json_bool(json *j, bool v);
void json_null(json *j);
/* A value already written as JSON text (by another writer). */
void json_raw(json *j, const char *text);
/* Ends the document with a newline. */
void json_finish(json *j);

/* True when text is one JSON value and nothing else (but blanks), nested
 * at most JSON_DEPTH deep: text from elsewhere that json_raw may copy. */
bool json_valid(const char *text);

#endif
