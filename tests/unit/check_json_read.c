/* check_json_read.c — the strict JSON reader of serve's requests. */
#include "testutil.h"

#include <stdint.h>
#include <string.h>

#include "util/json_read.h"

static arena a = ARENA_INIT;
static char err[300];

static jv *read_text(const char *text)
{
	err[0] = '\0';
	return json_read(&a, text, strlen(text), err, sizeof err);
}

/* The text is refused, and the reason says `why`. */
static void refused(const char *text, const char *why)
{
	ck_assert_msg(read_text(text) == NULL, "accepted: %s", text);
	ck_assert_msg(strstr(err, why) != NULL, "'%s' for %s, not '%s'", err,
		      text, why);
}

START_TEST(test_values)
{
	jv *v = read_text(" {\"type\": \"act\", \"ids\": [1, 2, 3], \"ok\": true,"
			  " \"none\": null, \"nested\": {\"x\": []}} ");
	ck_assert_ptr_nonnull(v);
	ck_assert_int_eq(v->kind, JV_OBJECT);
	ck_assert_int_eq(v->n, 5);
	ck_assert_str_eq(jv_member(v, "type")->string, "act");
	const jv *ids = jv_member(v, "ids");
	ck_assert_int_eq(ids->kind, JV_ARRAY);
	ck_assert_int_eq(ids->n, 3);
	int64_t x;
	ck_assert(jv_int(ids->item[2], 0, 10, &x) && x == 3);
	ck_assert(jv_member(v, "ok")->boolean);
	ck_assert_int_eq(jv_member(v, "none")->kind, JV_NULL);
	ck_assert_int_eq(jv_member(jv_member(v, "nested"), "x")->n, 0);
	ck_assert_ptr_null(jv_member(v, "missing"));
	ck_assert_ptr_null(jv_member(ids, "type"));     /* not an object */
	arena_free(&a);
}
END_TEST

START_TEST(test_numbers_are_exact)
{
	int64_t x;
	uint64_t u;
	ck_assert(jv_uint64(read_text("18446744073709551615"), &u));
	ck_assert(u == UINT64_MAX);
	ck_assert(!read_text("18446744073709551616")->whole);  /* too large */
	ck_assert(jv_int(read_text("-9223372036854775808"), INT64_MIN, 0, &x));
	ck_assert(x == INT64_MIN);
	ck_assert(!jv_int(read_text("9223372036854775808"), 0, INT64_MAX, &x));
	ck_assert(!jv_int(read_text("5"), 0, 4, &x));         /* out of range */
	ck_assert(!read_text("1.5")->whole);
	ck_assert(!read_text("1e3")->whole);
	ck_assert(!read_text("1e400")->whole);
	ck_assert(!jv_uint64(read_text("-1"), &u));
	ck_assert(jv_uint64(read_text("-0"), &u) && u == 0);
	refused("01", "may not start with 0");
	refused("-", "a digit");
	refused("1.", "a digit after the point");
	refused("2e", "a digit of the exponent");
	refused("+1", "where a value was expected");
	refused(".5", "where a value was expected");
	arena_free(&a);
}
END_TEST

START_TEST(test_strings_are_utf8)
{
	jv *v = read_text("\"a\\n\\\"\\u00e9\\ud83c\\udca1\"");
	ck_assert_ptr_nonnull(v);
	ck_assert_str_eq(v->string, "a\n\"\xc3\xa9\xf0\x9f\x82\xa1");
	ck_assert_int_eq(v->len, 9);
	ck_assert_ptr_nonnull(read_text("\"caf\xc3\xa9\""));
	refused("\"\\u0000\"", "\\u0000 is not allowed");
	refused("\"\\ud800\"", "without a low one");
	refused("\"\\udc00\"", "without a high one");
	refused("\"\\x41\"", "a backslash must start an escape");
	refused("\"\\u12\"", "four hex digits");
	refused("\"\xff\"", "not UTF-8");
	refused("\"\xc0\xaf\"", "not UTF-8");            /* overlong */
	refused("\"\xed\xa0\x80\"", "not UTF-8");        /* a surrogate */
	refused("\"\xe2\x82\"", "not UTF-8");            /* cut short */
	refused("\"tab\there\"", "control character");
	refused("\"open", "not closed");
	arena_free(&a);
}
END_TEST

START_TEST(test_mistakes)
{
	refused("", "the end of the message where a value was expected");
	refused("   ", "where a value was expected");
	refused("{\"a\": 1,}", "where a key (a string) was expected");
	refused("{\"a\" 1}", "where ':' was expected");
	refused("{\"a\": 1 \"b\": 2}", "where ',' or '}' was expected");
	refused("[1 2]", "where ',' or ']' was expected");
	refused("{'a': 1}", "'''");
	refused("{\"a\": 1, \"a\": 2}", "given twice");
	refused("{} {}", "where nothing more was expected");
	refused("tru", "where a value was expected");
	refused("nul", "where a value was expected");
	refused("{\"a\": 1", "the end of the message");
	ck_assert_ptr_null(json_read(&a, "[1]\0", 4, err, sizeof err));
	ck_assert_msg(strstr(err, "byte 0x00") != NULL, "%s", err);
	/* the column of the mistake */
	refused("[1, 2, x]", "column 8");
	arena_free(&a);
}
END_TEST

START_TEST(test_depth_is_bounded)
{
	char deep[2 * JSON_READ_DEPTH + 3];
	for (int n = JSON_READ_DEPTH; n <= JSON_READ_DEPTH + 1; n++) {
		memset(deep, '[', (size_t)n);
		memset(deep + n, ']', (size_t)n);
		deep[2 * n] = '\0';
		jv *v = read_text(deep);
		ck_assert_msg((v != NULL) == (n <= JSON_READ_DEPTH), "depth %d: %s",
			      n, err);
	}
	refused(deep, "nested more than");
	arena_free(&a);
}
END_TEST

START_TEST(test_utf8_length)
{
	ck_assert_int_eq(utf8_length((const unsigned char *)"a", 1), 1);
	ck_assert_int_eq(utf8_length((const unsigned char *)"\xc3\xa9", 2), 2);
	ck_assert_int_eq(utf8_length((const unsigned char *)"\xe2\x99\xa0", 3), 3);
	ck_assert_int_eq(utf8_length((const unsigned char *)"\xf0\x9f\x82\xa1", 4), 4);
	ck_assert_int_eq(utf8_length((const unsigned char *)"\xf4\x90\x80\x80", 4), 0);
	ck_assert_int_eq(utf8_length((const unsigned char *)"\xe2\x99", 2), 0);
	ck_assert_int_eq(utf8_length((const unsigned char *)"\x80", 1), 0);
}
END_TEST

static Suite *json_read_suite(void)
{
	Suite *s = suite_create("json_read");
	TEST_CASE(s, "values", test_values, test_numbers_are_exact,
		  test_strings_are_utf8);
	TEST_CASE(s, "mistakes", test_mistakes, test_depth_is_bounded,
		  test_utf8_length);
	return s;
}

TEST_MAIN(json_read_suite)
