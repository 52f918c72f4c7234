/*
 * fuzz_json.c — libFuzzer harness: any bytes as a request to serve.
 *
 * The reader (util/json_read.c) must never crash, hang or leak; a text it
 * refuses gets one line of explanation, and a text it accepts holds only
 * whole UTF-8 strings without NUL, and whole numbers only when exact.
 * Build and run: make fuzz.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "util/json_read.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void check(const jv *v, int depth)
{
	if (depth > JSON_READ_DEPTH)
		abort();
	switch (v->kind) {
	case JV_STRING:
		if (strlen(v->string) != v->len)
			abort();        /* a NUL inside */
		for (size_t i = 0; i < v->len;) {
			size_t k = utf8_length((const unsigned char *)v->string + i,
					       v->len - i);
			if (!k)
				abort();
			i += k;
		}
		break;
	case JV_NUMBER:
		if (!v->whole && v->magnitude)
			abort();
		break;
	case JV_ARRAY:
	case JV_OBJECT:
		for (size_t i = 0; i < v->n; i++) {
			if (v->kind == JV_OBJECT && !v->key[i])
				abort();
			check(v->item[i], depth + 1);
		}
		break;
	default:
		break;
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	arena a = ARENA_INIT;
	char err[300] = "";
	jv *v = json_read(&a, (const char *)data, size, err, sizeof err);
	if (v)
		check(v, 1);
	else if (strncmp(err, "not JSON: ", 10) != 0 && !strstr(err, "memory"))
		abort();        /* a refusal always says why */
	arena_free(&a);
	return 0;
}
