/* check_src_diag.c — source texts, their line index, and diagnostics. */
#include "testutil.h"

#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util/alloc.h"
#include "lang/diag.h"
#include "lang/src.h"

/* ---- The line index ---------------------------------------------------- */

static const struct line_case {
	const char *text;
	size_t len;
	const char *line[5];    /* every line, without its break */
} line_cases[] = {
	{"", 0, {""}},
	{"a", 1, {"a"}},
	{"a\n", 2, {"a", ""}},
	{"a\nbc", 4, {"a", "bc"}},
	{"\n\n", 2, {"", "", ""}},
	{"a\r\nb\r\n", 6, {"a", "b", ""}},
	{"a\rb", 3, {"a", "b"}},
	{"a\r\rb", 4, {"a", "", "b"}},
	{"a\n\r\nb", 5, {"a", "", "b"}},
	/* NEL, LS and PS break lines for libyaml, so they do here */
	{"a\xC2\x85" "b", 4, {"a", "b"}},
	{"a\xE2\x80\xA8" "b\xE2\x80\xA9" "c", 9, {"a", "b", "c"}},
	{"\xC3\xA9\n\xE2\x82\xAC", 6, {"\xC3\xA9", "\xE2\x82\xAC"}},
	/* a byte order mark is not content */
	{"\xEF\xBB\xBF" "a\n", 5, {"a", ""}},
};

START_TEST(test_lines)
{
	const struct line_case *lc = &line_cases[_i];
	src_file *f = src_from_text("t", lc->text, lc->len);
	ck_assert_ptr_nonnull(f);
	int n = 0;
	while (n < 5 && lc->line[n])
		n++;
	ck_assert_int_eq(f->nlines, n);
	ck_assert_str_eq(f->name, "t");
	ck_assert_int_eq(f->text[f->len], '\0');
	for (int i = 0; i < n; i++) {
		size_t len;
		const char *s = src_line(f, i + 1, &len);
		ck_assert_ptr_nonnull(s);
		ck_assert_uint_eq(len, strlen(lc->line[i]));
		ck_assert_msg(memcmp(s, lc->line[i], len) == 0,
			      "case %d line %d", _i, i + 1);
	}
	ck_assert_ptr_null(src_line(f, 0, NULL));
	ck_assert_ptr_null(src_line(f, n + 1, NULL));
	src_free(f);
}
END_TEST

START_TEST(test_nul_in_line)
{
	src_file *f = src_from_text("t", "a\0b\nc", 5);
	size_t len;
	ck_assert_int_eq(f->nlines, 2);
	ck_assert_int_eq(memcmp(src_line(f, 1, &len), "a\0b", 3), 0);
	ck_assert_uint_eq(len, 3);
	ck_assert_uint_eq(src_col_to_byte(f, 1, 3), 2);
	src_free(f);
}
END_TEST

static const struct col_case {
	const char *text;
	int line, col;
	size_t byte;
} col_cases[] = {
	/* a, e-acute (2 bytes), euro (3), grinning face (4), b */
	{"a\xC3\xA9\xE2\x82\xAC\xF0\x9F\x98\x80" "b", 1, 1, 0},
	{"a\xC3\xA9\xE2\x82\xAC\xF0\x9F\x98\x80" "b", 1, 2, 1},
	{"a\xC3\xA9\xE2\x82\xAC\xF0\x9F\x98\x80" "b", 1, 3, 3},
	{"a\xC3\xA9\xE2\x82\xAC\xF0\x9F\x98\x80" "b", 1, 4, 6},
	{"a\xC3\xA9\xE2\x82\xAC\xF0\x9F\x98\x80" "b", 1, 5, 10},
	{"a\xC3\xA9\xE2\x82\xAC\xF0\x9F\x98\x80" "b", 1, 6, 11},
	{"a\xC3\xA9\xE2\x82\xAC\xF0\x9F\x98\x80" "b", 1, 99, 11},
	{"x\n\tyz\r\n", 2, 1, 0},
	{"x\n\tyz\r\n", 2, 3, 2},
	{"x\n\tyz\r\n", 2, 9, 3},
	{"x\n\tyz\r\n", 3, 1, 0},
	{"x\n", 7, 1, 0},
};

START_TEST(test_columns)
{
	const struct col_case *cc = &col_cases[_i];
	src_file *f = src_from_text("t", cc->text, strlen(cc->text));
	ck_assert_ptr_nonnull(f);
	ck_assert_uint_eq(src_col_to_byte(f, cc->line, cc->col), cc->byte);
	src_free(f);
}
END_TEST

/* ---- Reading files ----------------------------------------------------- */

static char tmpdir[64];

static void make_tmpdir(void)
{
	strcpy(tmpdir, "/tmp/check_src_XXXXXX");
	ck_assert_ptr_nonnull(mkdtemp(tmpdir));
}

static void remove_tmpdir(void)
{
	char path[128];
	snprintf(path, sizeof path, "%s/f.yaml", tmpdir);
	unlink(path);
	rmdir(tmpdir);
}

static const char *write_file(const char *text, size_t len)
{
	static char path[128];
	snprintf(path, sizeof path, "%s/f.yaml", tmpdir);
	FILE *fp = fopen(path, "wb");
	ck_assert_ptr_nonnull(fp);
	ck_assert_uint_eq(fwrite(text, 1, len, fp), len);
	fclose(fp);
	return path;
}

START_TEST(test_read)
{
	const char *why = NULL;
	const char *path = write_file("a: 1\r\nb: 2", 10);
	src_file *f = src_read(path, 100, &why);
	ck_assert_ptr_nonnull(f);
	ck_assert_str_eq(f->name, path);
	ck_assert_uint_eq(f->len, 10);
	ck_assert_int_eq(f->nlines, 2);
	size_t len;
	ck_assert_int_eq(memcmp(src_line(f, 2, &len), "b: 2", 4), 0);
	ck_assert_uint_eq(len, 4);
	src_free(f);

	/* exactly the limit is allowed, one byte more is not */
	ck_assert_ptr_nonnull(f = src_read(path, 10, &why));
	src_free(f);
	ck_assert_ptr_null(src_read(path, 9, &why));
	ck_assert_str_eq(why, "file is larger than 9 bytes");

	path = write_file("", 0);
	ck_assert_ptr_nonnull(f = src_read(path, 10, &why));
	ck_assert_uint_eq(f->len, 0);
	ck_assert_int_eq(f->nlines, 1);
	src_free(f);
}
END_TEST

START_TEST(test_read_errors)
{
	const char *why = NULL;
	char path[128];
	snprintf(path, sizeof path, "%s/missing.yaml", tmpdir);
	ck_assert_ptr_null(src_read(path, 100, &why));
	ck_assert_str_eq(why, "No such file or directory");
	ck_assert_ptr_null(src_read(tmpdir, 100, &why));
	ck_assert_str_eq(why, "is a directory");
	/* devices and FIFOs are refused at once: they could block or never end */
	ck_assert_ptr_null(src_read("/dev/zero", 1000, &why));
	ck_assert_str_eq(why, "is not a regular file");
	snprintf(path, sizeof path, "%s/fifo", tmpdir);
	ck_assert_int_eq(mkfifo(path, 0600), 0);
	ck_assert_ptr_null(src_read(path, 1000, &why));
	ck_assert_str_eq(why, "is not a regular file");
}
END_TEST

/* ---- Diagnostics ------------------------------------------------------- */

/* What diag_print writes, in a malloc'd string. */
static char *printed(diag *d, bool with_source)
{
	char *buf = NULL;
	size_t size = 0;
	FILE *out = open_memstream(&buf, &size);
	ck_assert_ptr_nonnull(out);
	diag_print(d, out, with_source);
	fclose(out);
	return buf;
}

static void assert_printed(diag *d, bool with_source, const char *want)
{
	char *got = printed(d, with_source);
	ck_assert_str_eq(got, want);
	free(got);
}

static void assert_rendered(diag *d, const char *want)
{
	char *got = diag_render(d);
	ck_assert_ptr_nonnull(got);
	ck_assert_str_eq(got, want);
	free(got);
	assert_printed(d, false, want);
}

static const char x_yaml[] =
	"name: x\n"
	"\tfolow:\ttab\n"
	"\xC3\xA9t\xC3\xA9: \xE2\x82\xAC\r\n"
	"\n"
	"    folow: suit\n";

static const struct print_case {
	int line, col;
	const char *want;
} print_cases[] = {
	{5, 5,
	 "games/x.yaml:5:5: error: unknown key 'folow'\n"
	 "    5 |     folow: suit\n"
	 "      |     ^\n"},
	{2, 9,
	 "games/x.yaml:2:9: error: unknown key 'folow'\n"
	 "    2 | \tfolow:\ttab\n"
	 "      | \t      \t^\n"},
	/* UTF-8 sequences take one column; the CR of CR LF is not shown */
	{3, 6,
	 "games/x.yaml:3:6: error: unknown key 'folow'\n"
	 "    3 | \xC3\xA9t\xC3\xA9: \xE2\x82\xAC\n"
	 "      |      ^\n"},
	/* past the end of the line: the caret follows its last character */
	{4, 3,
	 "games/x.yaml:4:3: error: unknown key 'folow'\n"
	 "    4 | \n"
	 "      | ^\n"},
	{1, 0,
	 "games/x.yaml:1: error: unknown key 'folow'\n"
	 "    1 | name: x\n"},
	{0, 0, "games/x.yaml: error: unknown key 'folow'\n"},
	{0, 9, "games/x.yaml: error: unknown key 'folow'\n"},
	/* a line the file does not have: no source to show */
	{9, 1, "games/x.yaml:9:1: error: unknown key 'folow'\n"},
};

START_TEST(test_print)
{
	const struct print_case *pc = &print_cases[_i];
	src_file *f = src_from_text("games/x.yaml", x_yaml, sizeof x_yaml - 1);
	diag *d = diag_new();
	ck_assert_ptr_nonnull(f);
	ck_assert_ptr_nonnull(d);
	diag_error(d, f, pc->line, pc->col, "unknown key '%s'", "folow");
	assert_printed(d, true, pc->want);
	ck_assert_int_eq(diag_count(d), 1);
	const diag_entry *e = diag_get(d, 0);
	ck_assert_ptr_eq(e->file, f);
	ck_assert_str_eq(e->message, "unknown key 'folow'");
	diag_free(d);
	src_free(f);
}
END_TEST

START_TEST(test_print_long_line_number)
{
	src_file *f = src_from_text("big", "a\n", 2);
	diag *d = diag_new();
	diag_error(d, f, 123456, 2, "far away");
	assert_printed(d, true, "big:123456:2: error: far away\n");
	diag_free(d);
	src_free(f);

	static char text[200001];
	memset(text, '\n', sizeof text - 1);
	text[sizeof text - 2] = 'x';
	f = src_from_text("big", text, sizeof text - 1);
	d = diag_new();
	diag_error(d, f, 200000, 1, "far away");
	assert_printed(d, true,
		       "big:200000:1: error: far away\n"
		       "200000 | x\n"
		       "      | ^\n");
	diag_free(d);
	src_free(f);
}
END_TEST

START_TEST(test_no_file)
{
	diag *d = diag_new();
	diag_error(d, NULL, 3, 4, "no game named '%s'", "hearts");
	diag_error_path(d, "games/nope.yaml", "%s",
			"No such file or directory");
	assert_printed(d, true,
		       "cardrules: error: no game named 'hearts'\n"
		       "games/nope.yaml: error: No such file or directory\n");
	const diag_entry *e = diag_get(d, 1);
	ck_assert_ptr_null(e->file);
	ck_assert_str_eq(e->path, "games/nope.yaml");
	ck_assert_int_eq(e->line, 0);
	diag_free(d);
}
END_TEST

START_TEST(test_sorting)
{
	src_file *a = src_from_text("a.yaml", "1\n2\n3\n", 6);
	src_file *b = src_from_text("b.yaml", "1\n2\n3\n", 6);
	diag *d = diag_new();
	diag_error(d, b, 3, 1, "b3");
	diag_error(d, a, 2, 5, "a2.5");
	diag_error_path(d, "c.yaml", "c");
	diag_error(d, b, 1, 1, "b1");
	diag_error(d, a, 2, 1, "a2.1 first");
	diag_error(d, NULL, 0, 0, "general");
	diag_error(d, a, 2, 1, "a2.1 second");
	diag_error(d, a, 0, 0, "a whole");
	diag_error_path(d, "c.yaml", "c again");
	diag_error(d, b, 3, 0, "b3 line");
	assert_rendered(d,
			"b.yaml:1:1: error: b1\n"
			"b.yaml:3: error: b3 line\n"
			"b.yaml:3:1: error: b3\n"
			"a.yaml: error: a whole\n"
			"a.yaml:2:1: error: a2.1 first\n"
			"a.yaml:2:1: error: a2.1 second\n"
			"a.yaml:2:5: error: a2.5\n"
			"c.yaml: error: c\n"
			"c.yaml: error: c again\n"
			"cardrules: error: general\n");
	ck_assert_int_eq(diag_count(d), 10);
	ck_assert_ptr_null(diag_get(d, 10));
	ck_assert_ptr_null(diag_get(d, -1));

	/* a later error sorts into place */
	diag_error(d, b, 2, 1, "b2");
	ck_assert_str_eq(diag_get(d, 1)->message, "b2");

	diag_clear(d);
	ck_assert_int_eq(diag_count(d), 0);
	assert_rendered(d, "");
	diag_error(d, a, 1, 1, "again");
	assert_rendered(d, "a.yaml:1:1: error: again\n");
	diag_free(d);
	src_free(a);
	src_free(b);
}
END_TEST

START_TEST(test_overflow)
{
	src_file *f = src_from_text("f", "x\n", 2);
	diag *d = diag_new();
	for (int i = DIAG_MAX + 5; i > 0; i--)
		diag_error(d, f, 1, i, "error %d", i);
	ck_assert_int_eq(diag_count(d), DIAG_MAX + 5);
	ck_assert_ptr_null(diag_get(d, DIAG_MAX));
	/* the first ones reported are kept */
	ck_assert_int_eq(diag_get(d, 0)->col, 6);
	char *out = printed(d, true);
	const char *tail = "cardrules: error: 5 more errors not shown\n";
	ck_assert_uint_ge(strlen(out), strlen(tail));
	ck_assert_str_eq(out + strlen(out) - strlen(tail), tail);
	free(out);
	out = diag_render(d);
	ck_assert_str_eq(out + strlen(out) - strlen(tail), tail);
	free(out);
	diag_free(d);
	src_free(f);
}
END_TEST

/* ---- Out of memory ----------------------------------------------------- */

START_TEST(test_src_oom)
{
	const char *path = write_file("a\nb\n", 4);
	for (long k = 0;; k++) {
		const char *why = NULL;
		alloc_fail_after(k);
		src_file *f = src_read(path, 100, &why);
		src_file *g = src_from_text("t", "x\ny", 3);
		bool failed = alloc_failures() > 0;
		alloc_fail_reset();
		if (!f)
			ck_assert_str_eq(why, "out of memory");
		else
			ck_assert_int_eq(f->nlines, 3);
		if (g)
			ck_assert_int_eq(g->nlines, 2);
		src_free(f);
		src_free(g);
		if (!failed)
			break;
	}
}
END_TEST

START_TEST(test_diag_oom)
{
	src_file *f = src_from_text("f", "x\n", 2);
	ck_assert_ptr_nonnull(f);
	for (long k = 0;; k++) {
		alloc_fail_after(k);
		diag *d = diag_new();
		if (d) {
			diag_error(d, f, 1, 1, "one %d", 1);
			diag_error_path(d, "p", "two");
			ck_assert_int_eq(diag_count(d), 2);
			char *r = diag_render(d);
			char *p = printed(d, true);
			/* a lost message still prints, in its place */
			ck_assert(strstr(p, "f:1:1: error: ") == p);
			free(p);
			ck_assert(!r || strstr(r, "f:1:1: error: ") == r);
			free(r);
			diag_free(d);
		}
		bool failed = alloc_failures() > 0;
		alloc_fail_reset();
		if (!failed)
			break;
	}
	diag *d = diag_new();
	alloc_fail_after(0);
	diag_error(d, f, 1, 1, "lost");
	alloc_fail_reset();
	assert_printed(d, true, "f:1:1: error: out of memory\n"
			        "    1 | x\n"
			        "      | ^\n");
	diag_free(d);
	src_free(f);
}
END_TEST

static Suite *src_diag_suite(void)
{
	Suite *s = suite_create("src_diag");
	TCase *tc = tcase_create("src");
	tcase_add_checked_fixture(tc, make_tmpdir, remove_tmpdir);
	tcase_add_loop_test(tc, test_lines, 0,
			    sizeof line_cases / sizeof *line_cases);
	tcase_add_loop_test(tc, test_columns, 0,
			    sizeof col_cases / sizeof *col_cases);
	tcase_add_test(tc, test_nul_in_line);
	tcase_add_test(tc, test_read);
	tcase_add_test(tc, test_read_errors);
	tcase_add_test(tc, test_src_oom);
	suite_add_tcase(s, tc);

	tc = tcase_create("diag");
	tcase_add_loop_test(tc, test_print, 0,
			    sizeof print_cases / sizeof *print_cases);
	tcase_add_test(tc, test_print_long_line_number);
	tcase_add_test(tc, test_no_file);
	tcase_add_test(tc, test_sorting);
	tcase_add_test(tc, test_overflow);
	tcase_add_test(tc, test_diag_oom);
	suite_add_tcase(s, tc);
	return s;
}

TEST_MAIN(src_diag_suite)
