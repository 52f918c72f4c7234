/* check_node.c — loading YAML into nodes: trees, marks, errors, limits. */
#include "testutil.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "util/alloc.h"
#include "lang/node.h"

/* ---- A tree as a line of text ------------------------------------------ */

/*
 * Scalars: plain as is ("()" when empty), 'single', "double", |"literal",
 * >"folded", with \n and \0 escaped and the tag in front.  Collections:
 * seq[...] and map{k: v, ...} for block style, [...] and {...} for flow.
 * Every node ends with @LINE:COL.
 */
typedef struct text {
	char buf[2048];
	size_t len;
} text;

static void add(text *t, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void add(text *t, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(t->buf + t->len, sizeof t->buf - t->len, fmt, ap);
	va_end(ap);
	ck_assert(n >= 0 && (size_t)n < sizeof t->buf - t->len);
	t->len += (size_t)n;
}

static void dump_scalar(text *t, const node *n)
{
	static const char *const open[] = {"", "'", "\"", "|\"", ">\""};
	static const char *const close[] = {"", "'", "\"", "\"", "\""};
	if (n->style == NODE_PLAIN && n->len == 0) {
		add(t, "()");
		return;
	}
	add(t, "%s", open[n->style]);
	for (size_t i = 0; i < n->len; i++) {
		if (n->text[i] == '\n')
			add(t, "\\n");
		else if (n->text[i] == '\0')
			add(t, "\\0");
		else
			add(t, "%c", n->text[i]);
	}
	add(t, "%s", close[n->style]);
}

static void dump(text *t, const node *n)
{
	bool flow = n->style == NODE_FLOW;
	if (n->tag)
		add(t, "%s ", n->tag);
	if (n->kind == NODE_SCALAR) {
		dump_scalar(t, n);
	} else if (n->kind == NODE_SEQ) {
		add(t, "%s", flow ? "[" : "seq[");
		for (size_t i = 0; i < n->n; i++) {
			add(t, "%s", i ? ", " : "");
			dump(t, n->item[i]);
		}
		add(t, "]");
	} else {
		add(t, "%s", flow ? "{" : "map{");
		for (size_t i = 0; i < n->n; i++) {
			add(t, "%s", i ? ", " : "");
			dump(t, n->pair[i].key);
			add(t, ": ");
			dump(t, n->pair[i].value);
		}
		add(t, "}");
	}
	add(t, "@%d:%d", n->line, n->col);
}

/* ---- Loading: a table of inputs and what they give --------------------- */

typedef struct load_case {
	const char *yaml;
	size_t len;             /* 0: strlen(yaml) */
	const char *tree;       /* the dump when it loads; "" for no document */
	const char *errors;     /* else diag_render()'s text */
} load_case;

static const load_case load_cases[] = {
	/* nothing at all */
	{"", 0, "", NULL},
	{"# only\n# comments\n", 0, "", NULL},
	{"\n\n   \n", 0, "", NULL},
	{"---\n", 0, "()@2:1", NULL},
	{"--- # empty\n...\n", 0, "()@2:1", NULL},
	{"hello", 0, "hello@1:1", NULL},

	/* block and flow collections */
	{"a: 1\nb: [x, y]\n", 0,
	 "map{a@1:1: 1@1:4, b@2:1: [x@2:5, y@2:8]@2:4}@1:1", NULL},
	{"- a\n- - b\n  - c\n-\n", 0,
	 "seq[a@1:3, seq[b@2:5, c@3:5]@2:3, ()@4:2]@1:1", NULL},
	{"a: [1, {b: c}, [d], {}]\n", 0,
	 "map{a@1:1: [1@1:5, {b@1:9: c@1:12}@1:8, [d@1:17]@1:16, "
	 "{}@1:21]@1:4}@1:1", NULL},
	{"{a: 1,\n b: [\n  2]}\n", 0,
	 "{a@1:2: 1@1:5, b@2:2: [2@3:3]@2:5}@1:1", NULL},
	{"outer:\n  inner:\n    - deep\n", 0,
	 "map{outer@1:1: map{inner@2:3: seq[deep@3:7]@3:5}@2:3}@1:1", NULL},

	/* merge keys: the pairs of the mapping merged take the place of
	 * `<<`, the mapping's own keys and earlier merges winning */
	{"b: &b {x: 1, y: 2}\nm: {<<: *b, y: 3}\n", 0,
	 "map{b@1:1: {x@1:8: 1@1:11, y@1:14: 2@1:17}@1:4, "
	 "m@2:1: {x@1:8: 1@1:11, y@2:13: 3@2:16}@2:4}@1:1", NULL},
	{"p: &p {x: 1}\nq: &q {x: 2, z: 3}\nm:\n  <<: [*p, *q]\n  w: 4\n", 0,
	 "map{p@1:1: {x@1:8: 1@1:11}@1:4, q@2:1: {x@2:8: 2@2:11, z@2:14: 3@2:17}@2:4, "
	 "m@3:1: map{x@1:8: 1@1:11, z@2:14: 3@2:17, w@5:3: 4@5:6}@4:3}@1:1", NULL},
	{"m: {<<: 1}\n", 0, NULL,
	 "t.yaml:1:9: error: a merge key ('<<') takes a mapping or a list of "
	 "mappings\n"},

	/* scalar styles and multi-line scalars */
	{"- plain\n- 'single'\n- \"double\"\n"
	 "- |\n  lit\n  two\n- >\n  fold\n  ed\n", 0,
	 "seq[plain@1:3, 'single'@2:3, \"double\"@3:3, |\"lit\\ntwo\\n\"@4:3, "
	 ">\"fold ed\\n\"@7:3]@1:1", NULL},
	{"k: one\n  two\n\n  three\n", 0,
	 "map{k@1:1: one two\\nthree@1:4}@1:1", NULL},
	{"k: \"a\n  b\\\n  c\"\n", 0, "map{k@1:1: \"a bc\"@1:4}@1:1", NULL},
	{"k: 'it''s'\n", 0, "map{k@1:1: 'it's'@1:4}@1:1", NULL},
	{"k: |-\n  keep\n\n", 0, "map{k@1:1: |\"keep\"@1:4}@1:1", NULL},
	/* a NUL written as an escape stays in the text */
	{"\"a\\0b\"", 0, "\"a\\0b\"@1:1", NULL},

	/* tags, as written; libyaml resolves !! and we give it back */
	{"- !!str 1\n- !custom {a: 1}\n- ! x\n- !<tag:yaml.org,2002:int> 3\n"
	 "- !!map {}\n", 0,
	 "seq[!!str 1@1:3, !custom {a@2:12: 1@2:15}@2:3, ! x@3:3, "
	 "!!int 3@4:3, !!map {}@5:3]@1:1", NULL},
	{"!<tag:example.com,2000:x> y\n", 0, "tag:example.com,2000:x y@1:1",
	 NULL},

	/* marks: columns count characters, CR LF is one break */
	{"\xC3\xA9t\xC3\xA9: \xE2\x82\xAC x\n", 0,
	 "map{\xC3\xA9t\xC3\xA9@1:1: \xE2\x82\xAC x@1:6}@1:1", NULL},
	{"a: 1\r\nb: 2\r\n", 0, "map{a@1:1: 1@1:4, b@2:1: 2@2:4}@1:1", NULL},
	{"\xEF\xBB\xBF" "a: 1\n", 0, "map{a@1:1: 1@1:4}@1:1", NULL},
	/* a node with properties starts at them */
	{"a: &x !!str b\n", 0, "map{a@1:1: !!str b@1:4}@1:1", NULL},

	/* aliases stand for their anchor's node, the latest one */
	{"a: &x 1\nb: *x\nc: &x 2\nd: *x\n", 0,
	 "map{a@1:1: 1@1:4, b@2:1: 1@1:4, c@3:1: 2@3:4, d@4:1: 2@3:4}@1:1",
	 NULL},
	{"? [a]\n: 1\n? [a]\n: 2\n", 0,
	 "map{[a@1:4]@1:3: 1@2:3, [a@3:4]@3:3: 2@4:3}@1:1", NULL},

	/* duplicate keys, every one of them */
	{"a: 1\nb: 2\na: 3\n", 0, NULL,
	 "t.yaml:3:1: error: duplicate key 'a' (first at line 1)\n"},
	{"a: 1\na: 2\nb: 0\na: 3\n", 0, NULL,
	 "t.yaml:2:1: error: duplicate key 'a' (first at line 1)\n"
	 "t.yaml:4:1: error: duplicate key 'a' (first at line 1)\n"},
	{"a:\n  b: 1\n  b: 2\na: {c: 1, c: 2}\n", 0, NULL,
	 "t.yaml:3:3: error: duplicate key 'b' (first at line 2)\n"
	 "t.yaml:4:1: error: duplicate key 'a' (first at line 1)\n"
	 "t.yaml:4:11: error: duplicate key 'c' (first at line 4)\n"},
	/* an alias key is placed where the alias is written */
	{"x: &k a\n*k : 1\na: 2\n", 0, NULL,
	 "t.yaml:3:1: error: duplicate key 'a' (first at line 2)\n"},
	{"\"a\\0b\": 1\n\"a\\0b\": 2\n\"a\\0c\": 3\n", 0, NULL,
	 "t.yaml:2:1: error: duplicate key 'a\\x00b' (first at line 1)\n"},
	/* keys read before a syntax error are still checked */
	{"a: 1\na: 2\nb: [\n", 0, NULL,
	 "t.yaml:2:1: error: duplicate key 'a' (first at line 1)\n"
	 "t.yaml:4:1: error: while parsing a flow node: "
	 "did not find expected node content\n"},

	/* one document per file */
	{"a: 1\n---\nb: 2\n", 0, NULL,
	 "t.yaml:2:1: error: a rule file holds one YAML document; "
	 "a second one starts here\n"},
	{"--- a\n--- b\n", 0, NULL,
	 "t.yaml:2:1: error: a rule file holds one YAML document; "
	 "a second one starts here\n"},

	/* aliases to nothing */
	{"a: *nope\n", 0, NULL, "t.yaml:1:4: error: unknown alias '*nope'\n"},
	{"- *b\n- &b 1\n- *c\n", 0, NULL,
	 "t.yaml:1:3: error: unknown alias '*b'\n"
	 "t.yaml:3:3: error: unknown alias '*c'\n"},
	{"&a [*a]\n", 0, NULL,
	 "t.yaml:1:5: error: alias '*a' refers to a node that contains it\n"},
	{"- &a x\n- &a {k: *a}\n", 0, NULL,
	 "t.yaml:2:10: error: alias '*a' refers to a node that contains it\n"},

	/* what libyaml refuses, at libyaml's mark, with a hint for the
	 * usual mistakes */
	{"a:\n\tb: 1\n", 0, NULL,
	 "t.yaml:2:1: error: while scanning for the next token: "
	 "found character that cannot start any token "
	 "(a tab: YAML indents with spaces only)\n"},
	{"a: 1\n b: 2\n", 0, NULL,
	 "t.yaml:2:3: error: mapping values are not allowed in this context "
	 "(a value that contains ': ' must be quoted)\n"},
	{"a: [1, 2\n", 0, NULL,
	 "t.yaml:2:1: error: while parsing a flow sequence: "
	 "did not find expected ',' or ']' (it opens at line 1, column 4)\n"},
	{"- a\nb: c\n", 0, NULL,
	 "t.yaml:2:1: error: while parsing a block collection: "
	 "did not find expected '-' indicator\n"},
	{"\"\\q\"\n", 0, NULL,
	 "t.yaml:1:2: error: while parsing a quoted scalar: "
	 "found unknown escape character\n"},
	{"a: 1\n...\nb\n", 0, NULL,
	 "t.yaml:3:1: error: did not find expected <document start>\n"},
	/* invalid UTF-8 (at the first byte of the bad sequence) and raw NUL
	 * bytes, located by their offset */
	{"a: 1\nb: \"x\xFFy\"\n", 0, NULL,
	 "t.yaml:2:6: error: the file is not valid UTF-8 here (byte 0xFF): "
	 "save it as UTF-8\n"},
	{"\xC3\xA9: \xC3\n", 0, NULL,
	 "t.yaml:1:4: error: the file is not valid UTF-8 here (byte 0xC3): "
	 "save it as UTF-8\n"},
	{"a: b\0c\n", 7, NULL,
	 "t.yaml:1:5: error: control characters are not allowed (#x0)\n"},
};

START_TEST(test_load)
{
	const load_case *lc = &load_cases[_i];
	size_t len = lc->len ? lc->len : strlen(lc->yaml);
	src_file *f = src_from_text("t.yaml", lc->yaml, len);
	diag *d = diag_new();
	arena a = ARENA_INIT;
	static node stale;
	node *root = &stale;
	bool ok = node_parse(f, &a, &node_default_limits, d, &root);
	char *got = diag_render(d);
	if (lc->errors) {
		ck_assert_msg(!ok, "case %d loads", _i);
		ck_assert_ptr_null(root);
		ck_assert_str_eq(got, lc->errors);
	} else {
		ck_assert_msg(ok, "case %d: %s", _i, got);
		text t = {.len = 0};
		if (root)
			dump(&t, root);
		t.buf[t.len] = '\0';
		ck_assert_str_eq(t.buf, lc->tree);
	}
	free(got);
	arena_free(&a);
	diag_free(d);
	src_free(f);
}
END_TEST

/* ---- Limits ------------------------------------------------------------ */

/* Loads text; returns diag_render()'s text (malloc'd, "" when it loads). */
static char *load_errors(const char *yaml, const node_limits *lim,
			 node **root, arena *a)
{
	src_file *f = src_from_text("t.yaml", yaml, strlen(yaml));
	diag *d = diag_new();
	bool ok = node_parse(f, a, lim, d, root);
	char *got = diag_render(d);
	ck_assert(ok == (*got == '\0'));
	diag_free(d);
	src_free(f);
	return got;
}

static void assert_errors(const char *yaml, const node_limits *lim,
			  const char *want)
{
	arena a = ARENA_INIT;
	node *root;
	char *got = load_errors(yaml, lim, &root, &a);
	ck_assert_str_eq(got, want);
	free(got);
	arena_free(&a);
}

/* n nested flow sequences around x */
static char *nested(int n)
{
	char *s = malloc(2 * (size_t)n + 2);
	memset(s, '[', (size_t)n);
	s[n] = 'x';
	memset(s + n + 1, ']', (size_t)n);
	s[2 * n + 1] = '\0';
	return s;
}

START_TEST(test_depth)
{
	char *ok = nested(64), *deep = nested(65);
	assert_errors(ok, NULL, "");
	assert_errors(deep, NULL,
		      "t.yaml:1:65: error: nesting is deeper than 64 levels\n");
	free(ok);
	free(deep);

	node_limits lim = {3, 1000};
	assert_errors("a:\n  b:\n    - x\n", &lim, "");
	assert_errors("a:\n  b:\n    - [x]\n", &lim,
		      "t.yaml:3:7: error: nesting is deeper than 3 levels\n");
}
END_TEST

/* The billion laughs: 9 levels of 10 aliases each, 10^9 strings. */
START_TEST(test_alias_bomb)
{
	char yaml[2048];
	size_t len = (size_t)snprintf(yaml, sizeof yaml, "a: &a [lol");
	for (int i = 0; i < 9; i++)
		len += (size_t)snprintf(yaml + len, sizeof yaml - len,
					",lol");
	len += (size_t)snprintf(yaml + len, sizeof yaml - len, "]\n");
	for (char c = 'b'; c <= 'i'; c++) {
		len += (size_t)snprintf(yaml + len, sizeof yaml - len,
					"%c: &%c [", c, c);
		for (int i = 0; i < 10; i++)
			len += (size_t)snprintf(yaml + len, sizeof yaml - len,
						"%s*%c", i ? "," : "", c - 1);
		len += (size_t)snprintf(yaml + len, sizeof yaml - len, "]\n");
	}
	/* line e: 1 + 11 + 111 + 1111 (a..d) and e's own aliases */
	assert_errors(yaml, NULL,
		      "t.yaml:5:29: error: the document expands to more than "
		      "100000 nodes (aliases count in full)\n");
}
END_TEST

START_TEST(test_node_count)
{
	node_limits lim = {64, 10};
	/* map + 4 pairs of scalars = 9 nodes; an alias to [x, y] counts 3 */
	assert_errors("a: 1\nb: 2\nc: 3\nd: 4\n", &lim, "");
	assert_errors("a: &l [x, y]\nb: *l\n", &lim, "");
	assert_errors("a: &l [x, y]\nb: *l\nc: *l\n", &lim,
		      "t.yaml:3:4: error: the document expands to more than "
		      "10 nodes (aliases count in full)\n");
	assert_errors("[1, 2, 3, 4, 5, 6, 7, 8, 9, 10]", &lim,
		      "t.yaml:1:29: error: the document expands to more than "
		      "10 nodes (aliases count in full)\n");
}
END_TEST

/* ---- Reading the tree -------------------------------------------------- */

/* An alias is a copy of its anchor's tree that remembers where it was
 * used, so that errors in it can say so. */
START_TEST(test_shared_alias)
{
	arena a = ARENA_INIT;
	node *root;
	char *got = load_errors("a: &x {k: v}\nb: *x\nc: ~\n", NULL, &root, &a);
	ck_assert_str_eq(got, "");
	free(got);
	node *x = node_get(root, "a");
	ck_assert_ptr_nonnull(x);
	node *b = node_get(root, "b");
	ck_assert_ptr_nonnull(b);
	ck_assert_int_eq(b->kind, NODE_MAP);
	ck_assert_int_eq(b->line, x->line);             /* written at the anchor */
	ck_assert_int_eq(b->via_line, 2);               /* used at the alias */
	ck_assert_int_eq(b->via_col, 4);
	ck_assert_int_eq(node_get(b, "k")->via_line, 2);
	ck_assert_int_eq(x->via_line, 0);
	char via[64];
	ck_assert_str_eq(node_via(b, via, sizeof via),
			 " (used through the alias at 2:4)");
	ck_assert_str_eq(node_via(x, via, sizeof via), "");
	ck_assert_str_eq(node_get(x, "k")->text, "v");
	ck_assert_ptr_null(node_get(root, "k"));
	ck_assert_ptr_null(node_get(x, "v"));
	ck_assert_ptr_null(node_get(node_get(x, "k"), "k"));
	ck_assert_ptr_null(node_get(NULL, "k"));
	const node_pair *p = node_get_pair(root, "c");
	ck_assert_int_eq(p->key->line, 3);
	ck_assert(node_is_null(p->value));
	ck_assert_ptr_eq(root->pair[1].value, b);
	arena_free(&a);
}
END_TEST

static const struct describe_case {
	const char *yaml;
	const char *want;
	bool null;
} describe_cases[] = {
	{"{a: 1}", "a mapping", false},
	{"[1]", "a sequence", false},
	{"abc", "the string 'abc'", false},
	{"'12'", "the string '12'", false},
	{"12", "the number 12", false},
	{"-7", "the number -7", false},
	{"+7", "the number +7", false},
	{"1.5", "the string '1.5'", false},
	{"12a", "the string '12a'", false},
	{"+", "the string '+'", false},
	{"!!str 12", "the string '12'", false},
	{"true", "true", false},
	{"False", "false", false},
	{"\"true\"", "the string 'true'", false},
	{"~", "null", true},
	{"null", "null", true},
	{"Null", "null", true},
	{"NULL", "null", true},
	{"nULL", "the string 'nULL'", false},
	{"''", "the string ''", false},
	{"'null'", "the string 'null'", false},
	{"", "null", true},
	{"abcdefghijklmnopqrstuvwxyz", "the string 'abcdefghijklmnopqrst...'",
	 false},
	/* shortened by characters, never inside one */
	{"\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9"
	 "\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9"
	 "\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9",
	 "the string '\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9"
	 "\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9"
	 "\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9...'", false},
	{"\"two\\nlines\"", "the string 'two\\nlines'", false},
};

START_TEST(test_describe)
{
	const struct describe_case *dc = &describe_cases[_i];
	arena a = ARENA_INIT;
	node *root;
	char yaml[200];
	snprintf(yaml, sizeof yaml, "a: %s", dc->yaml);
	char *got = load_errors(yaml, NULL, &root, &a);
	ck_assert_str_eq(got, "");
	free(got);
	const node *n = node_get(root, "a");
	char buf[80];
	ck_assert_str_eq(node_describe(n, buf, sizeof buf), dc->want);
	ck_assert_msg(node_is_null(n) == dc->null, "%s", dc->yaml);
	/* a small buffer gets a shortened, terminated text */
	ck_assert_uint_lt(strlen(node_describe(n, buf, 5)), 5);
	arena_free(&a);
}
END_TEST

START_TEST(test_describe_misc)
{
	char buf[64];
	ck_assert_str_eq(node_describe(NULL, buf, sizeof buf), "nothing");
	ck_assert(!node_is_null(NULL));

	/* a text too long for the buffer is cut between characters */
#define EURO5 "\xE2\x82\xAC\xE2\x82\xAC\xE2\x82\xAC\xE2\x82\xAC\xE2\x82\xAC"
	arena a = ARENA_INIT;
	node *root;
	char *got = load_errors(EURO5 EURO5 EURO5 EURO5, NULL, &root, &a);
	ck_assert_str_eq(got, "");
	free(got);
	ck_assert_str_eq(node_describe(root, buf, sizeof buf),
			 "the string '" EURO5 EURO5 EURO5 "...'");
	ck_assert_str_eq(node_describe(root, buf, 12), "a string");
	arena_free(&a);
}
END_TEST

/* ---- Out of memory ----------------------------------------------------- */

static const char complex_yaml[] =
	"name: test\n"
	"defaults: &d {points: 1, \"penalty\": -2, tags: [a, b]}\n"
	"deal:\n"
	"  - cards: 13\n"
	"    <<: *d\n"
	"  - !phase {kind: tricks, count: 13}\n"
	"text: |\n"
	"  many\n"
	"  lines\n"
	"again: *d\n";

static const char bad_yaml[] =
	"a: &x [1, 2]\n"
	"a: *x\n"
	"b: *nope\n"
	"c: {d: 1, d: 2}\n"
	"e: [\n";

/* Fails each allocation in turn until loading goes through: every failure
 * must be reported, none may crash or leak. */
static void oom_loop(const char *yaml, const char *want)
{
	src_file *f = src_from_text("t.yaml", yaml, strlen(yaml));
	ck_assert_ptr_nonnull(f);
	for (long k = 0;; k++) {
		diag *d = diag_new();
		arena a = ARENA_INIT;
		node *root;
		alloc_fail_after(k);
		bool ok = node_parse(f, &a, NULL, d, &root);
		bool failed = alloc_failures() > 0;
		alloc_fail_reset();
		char *got = diag_render(d);
		if (failed)
			ck_assert_msg(!ok && diag_count(d) > 0, "k=%ld", k);
		else
			ck_assert_str_eq(got, want);
		free(got);
		arena_free(&a);
		diag_free(d);
		if (!failed)
			break;
	}
	src_free(f);
}

START_TEST(test_oom)
{
	oom_loop(complex_yaml, "");
	oom_loop(bad_yaml,
		 "t.yaml:2:1: error: duplicate key 'a' (first at line 1)\n"
		 "t.yaml:3:4: error: unknown alias '*nope'\n"
		 "t.yaml:4:11: error: duplicate key 'd' (first at line 4)\n"
		 "t.yaml:6:1: error: while parsing a flow node: "
		 "did not find expected node content\n");
}
END_TEST

static Suite *node_suite(void)
{
	Suite *s = suite_create("node");
	TCase *tc = tcase_create("load");
	tcase_add_loop_test(tc, test_load, 0,
			    sizeof load_cases / sizeof *load_cases);
	tcase_add_test(tc, test_depth);
	tcase_add_test(tc, test_alias_bomb);
	tcase_add_test(tc, test_node_count);
	suite_add_tcase(s, tc);

	tc = tcase_create("tree");
	tcase_add_test(tc, test_shared_alias);
	tcase_add_loop_test(tc, test_describe, 0,
			    sizeof describe_cases / sizeof *describe_cases);
	tcase_add_test(tc, test_describe_misc);
	suite_add_tcase(s, tc);

	tc = tcase_create("oom");
	tcase_add_test(tc, test_oom);
	suite_add_tcase(s, tc);
	return s;
}

TEST_MAIN(node_suite)
