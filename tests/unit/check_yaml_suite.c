/*
 * check_yaml_suite.c — the loader against the public YAML test suite.
 *
 * Every in.yaml of tests/data/yaml-test-suite must load, or be refused
 * with positioned errors; never crash, hang or leak.  A case with an
 * `error` file is invalid YAML and must be refused.  Every one that loads
 * is then read as a rule file with game_load(): none is one, so each must
 * be refused with at least one error that names its file (with a line and
 * column, or as a whole when it is not a rule file at all).  libyaml 0.2.5 parses
 * YAML 1.1 and disagrees with the suite on a few cases: those are listed
 * below, exactly, so that a change of behaviour is noticed.
 */
#include "testutil.h"

#include <dirent.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "cards/deck.h"
#include "lang/diag.h"
#include "lang/expr.h"
#include "engine/game.h"
#include "lang/node.h"
#include "lang/schema.h"
#include "lang/src.h"

#define SUITE_DIR TESTS_DIR "/data/yaml-test-suite"

/* Invalid YAML that libyaml accepts: it does not check the indentation of
 * flow collections and quoted scalars (9C9N, QB6E, DK95-01, Y79Y-003),
 * takes '#' right after a token as a comment (9JBA, CVW2, MUS6-00, SU5Z,
 * X4QW), "-" as a plain scalar in flow context (G5U8, YJV2), and spaces
 * before a comment as block scalar content (S98Z). */
static const char *const accepted_invalid[] = {
	"9C9N", "9JBA", "CVW2", "DK95-01", "G5U8", "MUS6-00", "QB6E", "S98Z",
	"SU5Z", "X4QW", "Y79Y-003", "YJV2",
};

/* Valid YAML (1.2) that libyaml refuses: empty keys (2JQS, 6M2F, NHX8,
 * NKF9, S3PD, SM9W-01, UKK6-00, M2N8-00, CFD4), ':' next to a flow key or
 * value (4ABK, 4MUZ, 58MP, 5MUD, 5T43, 9SA2, DBG4, FRK4, HM87-00, K3WX,
 * NJ66, UT92, VJP3-01), tabs as separation (6BCT, 6CA3, 96NN, A2M4, DK95,
 * Q5MG, R4YG, Y79Y), anchors with ':' or beyond ASCII (2SXE, 8XYN, W5VH),
 * reserved or newer directives (2LFX, 6LVF, BEC7, MUS6-05, MUS6-06, W4TN),
 * and bare documents, '...' without a document, top-level block scalars
 * at indentation 0 (7Z25, M7A3, HWV9, QT73, DK3J, FP8R). */
static const char *const rejected_valid[] = {
	"2JQS", "2LFX", "2SXE", "4ABK", "4MUZ-00", "4MUZ-01", "4MUZ-02",
	"58MP", "5MUD", "5T43", "6BCT", "6CA3", "6LVF", "6M2F", "7Z25", "8XYN",
	"96NN-00", "96NN-01", "9SA2", "A2M4", "BEC7", "CFD4", "DBG4", "DK3J",
	"DK95-00", "DK95-03", "DK95-04", "FP8R", "FRK4", "HM87-00", "HWV9",
	"K3WX", "M2N8-00", "M7A3", "MUS6-05", "MUS6-06", "NHX8", "NJ66",
	"NKF9", "Q5MG", "QT73", "R4YG", "S3PD", "SM9W-01", "UKK6-00", "UT92",
	"VJP3-01", "W4TN", "W5VH", "Y79Y-001", "Y79Y-010",
	};

/* Valid streams of several documents, refused by our own rule: a rule
 * file holds one document. */
static const char *const multi_document[] = {
	"35KP", "5TYM", "6WLZ", "6XDY", "6ZKB", "9DXL", "9KAX", "9WXW", "JHB9",
	"KSS4", "L383", "PUW8", "RZT7", "U9NS",
	};

#define LIST(a) {a, sizeof a / sizeof *a}

typedef struct list {
	const char *const *id;
	size_t n;
} list;

static bool listed(list l, const char *id)
{
	for (size_t i = 0; i < l.n; i++)
		if (strcmp(l.id[i], id) == 0)
			return true;
	return false;
}

/* ---- The case folders, sorted ------------------------------------------ */

typedef struct names {
	char **name;
	size_t n, cap;
} names;

static int cmp_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static bool is_dir(const char *dir, const char *name)
{
	char path[512];
	struct stat st;
	snprintf(path, sizeof path, "%s/%s", dir, name);
	return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

static names case_dirs(void)
{
	names ns = {NULL, 0, 0};
	DIR *dir = opendir(SUITE_DIR);
	ck_assert_msg(dir != NULL, "cannot open %s", SUITE_DIR);
	struct dirent *de;
	while ((de = readdir(dir))) {
		if (de->d_name[0] == '.' || !is_dir(SUITE_DIR, de->d_name))
			continue;
		if (ns.n == ns.cap) {
			ns.cap = ns.cap ? 2 * ns.cap : 256;
			ns.name = realloc(ns.name, ns.cap * sizeof *ns.name);
			ck_assert_ptr_nonnull(ns.name);
		}
		ns.name[ns.n++] = strdup(de->d_name);
	}
	closedir(dir);
	qsort(ns.name, ns.n, sizeof *ns.name, cmp_name);
	return ns;
}

static void names_free(names *ns)
{
	for (size_t i = 0; i < ns->n; i++)
		free(ns->name[i]);
	free(ns->name);
}

/* ---- One case ---------------------------------------------------------- */

enum outcome { LOADS, REFUSED, TWO_DOCUMENTS, UNPOSITIONED };

static enum outcome load_case(const char *id)
{
	char path[512];
	const char *why = NULL;
	snprintf(path, sizeof path, "%s/%s/in.yaml", SUITE_DIR, id);
	src_file *f = src_read(path, 1 << 20, &why);
	ck_assert_msg(f != NULL, "%s: %s", path, why);
	diag *d = diag_new();
	arena a = ARENA_INIT;
	node *root;
	enum outcome o = node_parse(f, &a, NULL, d, &root) ? LOADS : REFUSED;
	if (o == REFUSED && diag_count(d) == 0)
		o = UNPOSITIONED;
	for (int i = 0; i < diag_count(d) && i < DIAG_MAX; i++) {
		const diag_entry *e = diag_get(d, i);
		if (e->file != f || e->line < 1 || e->col < 1)
			o = UNPOSITIONED;
		if (o == REFUSED && e->message
		    && strstr(e->message, "a second one starts"))
			o = TWO_DOCUMENTS;
	}
	arena_free(&a);
	diag_free(d);
	src_free(f);
	return o;
}

/* Read as a rule file, the case must be refused with an error in its own
 * file: positioned, or about the whole file when no line of it looks like
 * a rule file.  NULL when it is; otherwise what went wrong. */
static const char *game_refuses(const char *id)
{
	char path[512];
	snprintf(path, sizeof path, "%s/%s/in.yaml", SUITE_DIR, id);
	diag *d = diag_new();
	ck_assert_ptr_nonnull(d);
	game *g = game_load(path, d);
	const char *why = NULL;
	if (g) {
		why = "is accepted as a rule file";
	} else if (diag_count(d) == 0) {
		why = "is refused as a rule file without an error";
	} else {
		why = "is refused as a rule file without a positioned error";
		for (int i = 0; i < diag_count(d) && i < DIAG_MAX; i++) {
			const diag_entry *e = diag_get(d, i);
			if (e->file && strcmp(e->file->name, path) == 0
			    && e->line >= 1 && e->col >= 1 && e->message)
				why = NULL;
			if (e->path && strcmp(e->path, path) == 0 && e->message
			    && strstr(e->message, "not a cardrules rule file"))
				why = NULL;
		}
	}
	game_free(g);
	diag_free(d);
	return why;
}

static bool is_invalid(const char *id)
{
	char path[512];
	struct stat st;
	snprintf(path, sizeof path, "%s/%s/error", SUITE_DIR, id);
	return stat(path, &st) == 0;
}

/* What a case should give, from its error file and the lists.  Invalid
 * YAML may be refused for any reason, a second document too. */
static enum outcome expected(const char *id, enum outcome got)
{
	if (is_invalid(id)) {
		if (listed((list)LIST(accepted_invalid), id))
			return LOADS;
		return got == TWO_DOCUMENTS ? got : REFUSED;
	}
	if (listed((list)LIST(rejected_valid), id))
		return REFUSED;
	if (listed((list)LIST(multi_document), id))
		return TWO_DOCUMENTS;
	return LOADS;
}

static const char *const outcome_name[] = {
	"loads", "is refused", "is refused as two documents",
	"is refused without a position",
};

/* ---- The test ---------------------------------------------------------- */

/* Every listed ID must be a case folder, or the list has gone stale. */
static size_t missing_ids(list l, const names *ns, char *msg, size_t size)
{
	size_t bad = 0;
	for (size_t i = 0; i < l.n; i++)
		if (!bsearch(&l.id[i], ns->name, ns->n, sizeof *ns->name,
			     cmp_name)) {
			size_t len = strlen(msg);
			snprintf(msg + len, size - len, "\n  %s is listed but "
				 "not in the suite", l.id[i]);
			bad++;
		}
	return bad;
}

START_TEST(test_suite)
{
	static char msg[2048];  /* cut short: Check's messages are bounded */
	size_t bad = 0;
	names ns = case_dirs();
	ck_assert_uint_gt(ns.n, 300);
	msg[0] = '\0';
	size_t games = 0;
	for (size_t i = 0; i < ns.n; i++) {
		enum outcome got = load_case(ns.name[i]);
		enum outcome want = expected(ns.name[i], got);
		const char *why = NULL;
		if (got == LOADS) {
			games++;
			why = game_refuses(ns.name[i]);
		}
		size_t len = strlen(msg);
		if (why) {
			snprintf(msg + len, sizeof msg - len, "\n  %s %s",
				 ns.name[i], why);
			bad++;
		}
		if (got == want)
			continue;
		len = strlen(msg);
		snprintf(msg + len, sizeof msg - len, "\n  %s %s, expected: %s",
			 ns.name[i], outcome_name[got], outcome_name[want]);
		bad++;
	}
	ck_assert_uint_gt(games, 200);
	bad += missing_ids((list)LIST(accepted_invalid), &ns, msg, sizeof msg);
	bad += missing_ids((list)LIST(rejected_valid), &ns, msg, sizeof msg);
	bad += missing_ids((list)LIST(multi_document), &ns, msg, sizeof msg);
	names_free(&ns);
	deck_cleanup();
	expr_cleanup();
	schema_cleanup();
	ck_assert_msg(bad == 0, "%zu cases differ:%s", bad, msg);
}
END_TEST

static Suite *yaml_suite(void)
{
	Suite *s = suite_create("yaml_suite");
	TCase *tc = tcase_create("cases");
	/* some 700 small files; generous for valgrind */
	tcase_add_test(tc, test_suite);
	suite_add_tcase(s, tc);
	return s;
}

TEST_MAIN(yaml_suite)
