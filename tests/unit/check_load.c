/*
 * check_load.c — reading rule files: the extends merge, and loading whole
 * games while every allocation fails in turn.
 */
#include "testutil.h"

#include <string.h>
#include <unistd.h>

#include "util/alloc.h"
#include "lang/expr.h"
#include "engine/game.h"
#include "lang/load.h"
#include "lang/schema.h"

#define GAMES TOP_SRCDIR "/games"

static arena a = ARENA_INIT;
static src_file *files[4];
static int nfiles;

static node *parse(const char *text)
{
	src_file *f = src_from_text("t.yaml", text, strlen(text));
	ck_assert(f != NULL);
	files[nfiles++] = f;
	diag *d = diag_new();
	node *root;
	ck_assert(node_parse(f, &a, &node_default_limits, d, &root));
	diag_free(d);
	return root;
}

static void teardown(void)
{
	for (int i = 0; i < nfiles; i++)
		src_free(files[i]);
	nfiles = 0;
	arena_free(&a);
	deck_cleanup();
	expr_cleanup();
	schema_cleanup();
}

static const char *text_at(const node *m, const char *path)
{
	char buf[100];
	snprintf(buf, sizeof buf, "%s", path);
	const node *n = m;
	for (char *k = strtok(buf, "."); k && n; k = strtok(NULL, "."))
		n = node_get(n, k);
	return n && n->kind == NODE_SCALAR ? n->text : NULL;
}

START_TEST(test_merge)
{
	node *base = parse("a: 1\nb: {x: 1, y: 2}\nc: [1, 2]\nd: gone\n");
	node *over = parse("a: 2\nb: {y: 3, z: 4}\nc: [9]\nd: null\ne: new\n");
	node *m = load_merge(&a, base, over, NULL);
	ck_assert_str_eq(text_at(m, "a"), "2");         /* a scalar replaces */
	ck_assert_str_eq(text_at(m, "b.x"), "1");       /* mappings merge */
	ck_assert_str_eq(text_at(m, "b.y"), "3");
	ck_assert_str_eq(text_at(m, "b.z"), "4");
	const node *c = node_get(m, "c");               /* a list replaces */
	ck_assert(c->kind == NODE_SEQ && c->n == 1);
	ck_assert_ptr_null(node_get(m, "d"));           /* null deletes */
	ck_assert_str_eq(text_at(m, "e"), "new");       /* new keys come last */
	ck_assert_str_eq(m->pair[m->n - 1].key->text, "e");
	ck_assert_str_eq(m->pair[0].key->text, "a");    /* base order kept */
}
END_TEST

START_TEST(test_find_game)
{
	char path[512];
	ck_assert(chdir(TOP_SRCDIR) == 0);
	ck_assert(load_find_game("hearts", path, sizeof path));
	ck_assert_str_eq(path, "games/hearts.yaml");
	ck_assert(load_find_game("games/hearts.yaml", path, sizeof path));
	ck_assert(!load_find_game("no-such-game", path, sizeof path));
}
END_TEST

static const char *const game_files[] = {
	GAMES "/black-lady.yaml",
	GAMES "/black-lady-tournament.yaml",
	GAMES "/hearts.yaml",
};

/* Every allocation fails in turn: the load fails with a message (or
 * succeeds when the failure came late enough), and never crashes or
 * leaks.  libyaml's own allocations are not counted. */
START_TEST(test_out_of_memory)
{
	const char *path = game_files[_i];
	long k;
	for (k = 0; k < 100000; k++) {
		diag *d = diag_new();
		ck_assert(d != NULL);
		alloc_fail_after(k);
		game *g = game_load(path, d);
		long failures = alloc_failures();
		alloc_fail_reset();
		if (g)
			ck_assert_int_eq(diag_count(d), 0);
		else
			ck_assert_msg(diag_count(d) > 0, "%s: failing allocation "
				      "%ld gave no message", path, k);
		game_free(g);
		diag_free(d);
		if (failures == 0) {
			ck_assert(g != NULL);
			break;
		}
	}
	ck_assert_int_gt(k, 10);
}
END_TEST

static Suite *load_suite(void)
{
	Suite *s = suite_create("load");
	TCase *tc = tcase_create("load");
	tcase_add_unchecked_fixture(tc, NULL, teardown);
	tcase_add_checked_fixture(tc, NULL, NULL);
	tcase_add_test(tc, test_merge);
	tcase_add_test(tc, test_find_game);
	tcase_add_loop_test(tc, test_out_of_memory, 0,
			    sizeof game_files / sizeof *game_files);
	suite_add_tcase(s, tc);
	return s;
}

TEST_MAIN(load_suite)
