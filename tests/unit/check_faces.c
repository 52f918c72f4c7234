/*
 * check_faces.c — a layout's conditions looked up by the faces of their
 * cards (expr_faces.c) are what the tree-walker gives: for every table of
 * every move of every shipped solitaire and test game, at every pair of
 * faces of the deck and none (of a `when`'s first operands that read the
 * card alone, whether they hold).  A condition that reads more than
 * cards' faces gets no table.
 */
#include "testutil.h"
#include "scenario.h"

#include <stdio.h>
#include <string.h>

#include "engine/engine.h"
#include "engine/layout.h"
#include "lang/expr.h"
#include "lang/schema.h"

/* Table t of condition e (of its first `lead` operands of `and` when
 * lead > 0) over every pair of faces it reads. */
static void same_lead_values(const expr *e, int lead, const expr_face_table *t,
			     const layout_phase *l, const char *path)
{
	if (!t)
		return;
	ck_assert_ptr_nonnull(e);
	value slot[VARS_SLOTS_MAX];
	memset(slot, 0, sizeof slot);
	expr_frame f = {slot, 1, -1, NULL, NULL};
	int rows = t->slot[0] < 0 ? 1 : t->width;
	int cols = t->slot[1] < 0 ? 1 : t->width;
	ck_assert_int_lt(expr_scope_slots(l->scope), VARS_SLOTS_MAX);
	for (int i = 0; i < rows; i++)
		for (int j = 0; j < cols; j++) {
			if (t->slot[0] >= 0)
				slot[t->slot[0]].i = t->face[i];
			if (t->slot[1] >= 0)
				slot[t->slot[1]].i = t->face[j];
			int64_t want = lead ? expr_and_lead_holds(e, lead, &f)
					    : expr_eval(e, &f).i;
			ck_assert_msg(expr_face_value(t, slot) == want,
				      "%s: %s differs at "
				      "faces %d and %d", path, expr_text(e),
				      t->face[i], t->face[j]);
		}
}

static void same_values(const expr *e, const expr_face_table *t,
			const layout_phase *l, const char *path)
{
	same_lead_values(e, 0, t, l, path);
}

/* Every table of every layout move of the game; how many. */
static int check_game(const game *g, const char *path)
{
	int tables = 0;
	for (int p = 0; p < g->nphases; p++) {
		if (g->phase[p].kind != PHASE_LAYOUT)
			continue;
		const layout_phase *l = &g->phase[p].u.layout;
		for (int i = 0; i < l->nmoves; i++) {
			const move_def *m = &l->move[i];
			for (int k = 0; k < m->nprefer; k++) {
				same_values(m->prefer[k], m->prefer_table[k], l,
					    path);
				tables += m->prefer_table[k] != NULL;
			}
			same_values(m->when, m->when_table, l, path);
			same_lead_values(m->when, m->when_card_lead,
					 m->card_lead_table, l, path);
			same_values(m->best, m->best_table, l, path);
			same_values(m->sequence, m->sequence_table, l, path);
			tables += (m->when_table != NULL) +
				  (m->card_lead_table != NULL) +
				  (m->best_table != NULL) +
				  (m->sequence_table != NULL);
		}
	}
	return tables;
}

/* Every table of every game of a folder; how many. */
static int check_dir(const char *dir_path)
{
	static char files[SCN_RULE_FILES_MAX][512];
	int n = scn_rule_files(dir_path, files, SCN_RULE_FILES_MAX), tables = 0;
	for (int i = 0; i < n; i++) {
		game *g = scn_load(files[i]);
		tables += check_game(g, files[i]);
		game_free(g);
	}
	return tables;
}

START_TEST(test_shipped_games)
{
	/* Gridcannon's royal (four tiers and `highest`) and armour, and
	 * Spider's and FreeCell's runs, at least */
	ck_assert_int_ge(check_dir(TOP_SRCDIR "/games"), 10);
}
END_TEST

START_TEST(test_test_games)
{
	check_dir(TESTS_DIR "/data/games");
}
END_TEST

/* Gridcannon's royal is judged by tables alone and its reserve's `when`
 * by the card drawn; the armour's `lowest` reads the pile's cards, and
 * its `when` what lies face down: neither is a function of faces. */
START_TEST(test_only_faces_are_tabulated)
{
	game *g = scn_load(TOP_SRCDIR "/games/gridcannon.yaml");
	const layout_phase *l = NULL;
	for (int p = 0; p < g->nphases; p++)
		if (g->phase[p].kind == PHASE_LAYOUT)
			l = &g->phase[p].u.layout;
	ck_assert_ptr_nonnull(l);
	const move_def *royal = NULL, *armour = NULL;
	for (int i = 0; i < l->nmoves; i++) {
		if (strcmp(l->move[i].name, "royal") == 0)
			royal = &l->move[i];
		if (strcmp(l->move[i].name, "armour") == 0)
			armour = &l->move[i];
	}
	ck_assert_ptr_nonnull(royal);
	ck_assert_ptr_nonnull(armour);
	ck_assert_int_eq(royal->nprefer, 4);
	for (int k = 0; k < royal->nprefer; k++)
		ck_assert_ptr_nonnull(royal->prefer_table[k]);
	ck_assert_ptr_nonnull(royal->best_table);
	ck_assert_ptr_nonnull(armour->prefer_table[0]);
	ck_assert_ptr_null(armour->best_table);
	ck_assert_ptr_null(armour->when_table);
	const move_def *reserve = &l->move[0];
	ck_assert_str_eq(reserve->name, "reserve");
	ck_assert(reserve->when_by_card);
	game_free(g);
}
END_TEST

static Suite *faces_suite(void)
{
	Suite *s = suite_create("faces");
	TCase *tc = tcase_create("tables and the tree-walker");
	tcase_add_unchecked_fixture(tc, NULL, scn_cleanup);
	tcase_add_test(tc, test_shipped_games);
	tcase_add_test(tc, test_test_games);
	tcase_add_test(tc, test_only_faces_are_tabulated);
	suite_add_tcase(s, tc);
	return s;
}

TEST_MAIN(faces_suite)
