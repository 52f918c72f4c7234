/*
 * json_read.h — a small, strict JSON reader.
 *
 * Reads one JSON text (RFC 8259) into a tree carved from an arena, for
 * messages that other programs send: every mistake is refused with one
 * line saying where and why, never half-read.  Strings must be UTF-8 and
 * are decoded (escapes included) into NUL-terminated copies, so "\u0000"
 * is refused; an object may not name a key twice; nesting is bounded by
 * JSON_READ_DEPTH.  Numbers keep whether they are whole and, when they
 * are, their exact value up to 2^64-1 in magnitude: ids and seeds are
 * never rounded through a double.
 */
#ifndef CARDRULES_JSON_READ_H
#define CARDRULES_JSON_READ_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "util/arena.h"

#define JSON_READ_DEPTH 32

typedef enum jv_kind {
	JV_NULL,
	JV_BOOL,
	JV_NUMBER,
	JV_STRING,
	JV_ARRAY,
	JV_OBJECT,
} jv_kind;

typedef struct jv jv;

struct jv {
	jv_kind kind;
	bool boolean;
	/* a number: whole (no fraction or exponent) and within 2^64-1 in
	 * magnitude, with its sign apart; otherwise only JV_NUMBER */
	bool whole;
	bool negative;
	uint64_t magnitude;
	const char *string;     /* a string's text, NUL-terminated */
	size_t len;             /* its length in bytes */
	jv **item;              /* an array's items, an object's values */
	const char **key;       /* an object's keys */
	size_t n;
};

/* Reads text[0..len) as one JSON value (blanks around it allowed) into
 * nodes of `a`; NULL with one line of explanation in err. */
jv *json_read(arena *a, const char *text, size_t len, char *err,
	      size_t size);

/* An object's member named key, or NULL. */
const jv *jv_member(const jv *object, const char *key);

/* A whole number within [min, max]. */
bool jv_int(const jv *v, int64_t min, int64_t max, int64_t *out);

/* A whole number from 0 to 2^64-1. */
bool jv_uint64(const jv *v, uint64_t *out);

/* The length of the UTF-8 character at p (of at most n bytes), 0 when
 * it is not one: overlong forms, surrogates and values past U+10FFFF
 * are refused, as RFC 3629 says. */
size_t utf8_length(const unsigned char *p, size_t n);

/* The kind's name for messages: "a string", "an object", ... */
const char *jv_kind_name(jv_kind kind);

#endif
