/*
 * check_fast.c — the form expressions run in against the tree as
 * compiled.
 *
 * For every rule file in games/, random deals are played and, at every
 * few steps and as each deal is scored, every expression the game
 * compiled is evaluated both ways (expr_eval, with its shapes fused and
 * its integers as instructions, and expr_eval_reference, the plain walk;
 * the fused form walked too) for the table and for each seat, and for
 * all seats at once,
 * over the state's names and the scoring's named values: they must agree,
 * and so must a condition's `and` operands read in two parts (the first
 * ones once a trick, the rest at each card).
 */
#include "testutil.h"
#include "scenario.h"

#include <string.h>

#include "engine/engine.h"
#include "engine/game.h"
#include "engine/score.h"
#include "engine/vars.h"
#include "lang/expr.h"
#include "lang/schema.h"

#define GAMES_DIR TOP_SRCDIR "/games"
#define GAMES_MAX SCN_RULE_FILES_MAX
#define STEPS 400

static char game_files[GAMES_MAX][512];
static int ngames;
static int with_code;           /* expressions run as instructions */
static int field_reads;         /* fields read in place and compared */

static bool same(const expr *e, value a, value b)
{
	if (expr_result_type(e) == TY_CARDS)
		return cset_eq(a.s, b.s);
	return a.i == b.i;
}

/* An `and`'s first k operands and the rest, as their operands are
 * listed for the form run, hold together where the whole holds. */
static void and_parts_agree(const expr *e, const expr_frame *f, value ref,
			    const char *file)
{
	int n = expr_and_lead(e, NULL, 0);
	for (int k = 0; k <= n; k++) {
		bool lead = expr_and_lead_holds(e, k, f);
		bool rest = expr_and_rest_holds(e, k, f);
		ck_assert_msg((lead && rest) == (ref.i != 0),
			      "%s: `%s` split after %d operands at seat %d",
			      file, expr_text(e), k, f->seat);
		ck_assert_msg(k < n || n == 0 || lead == (ref.i != 0),
			      "%s: `%s`: all %d operands", file, expr_text(e), n);
	}
}

/* Every per-seat expression of the game worked out for all seats at
 * once (expr_eval_seats) as seat by seat. */
static void seats_agree(const state *s, expr_frame *f, const char *file)
{
	for (const expr *e = expr_scope_compiled(s->g->scope); e;
	     e = expr_next_compiled(e)) {
		if (!expr_is_per_seat(e))
			continue;
		value all[SEAT_MAX];
		f->seat = -1;
		expr_eval_seats(e, f, all);
		for (int seat = 0; seat < s->players; seat++) {
			f->seat = seat;
			ck_assert_msg(same(e, all[seat],
					   expr_eval_reference(e, f)),
				      "%s: `%s` for every seat, at seat %d",
				      file, expr_text(e), seat);
		}
	}
}

/* Every expression of the game, both ways, at every seat and none. */
static int agree_everywhere(const state *s, const char *file)
{
	static value slots[VARS_SLOTS_MAX];
	memset(slots, 0, sizeof slots);
	score_values(s, slots);
	expr_frame f;
	vars_frame(&f, s, slots);
	int n = 0;
	for (const expr *e = expr_scope_compiled(s->g->scope); e;
	     e = expr_next_compiled(e))
		for (int seat = -1; seat < s->players; seat++) {
			f.seat = seat;
			with_code += seat < 0 && expr_has_code(e);
			value fast = expr_eval(e, &f);
			value ref = expr_eval_reference(e, &f);
			ck_assert_msg(same(e, fast, ref), "%s: `%s` at seat %d",
				      file, expr_text(e), seat);
			ck_assert_msg(same(e, expr_eval_walk(e, &f), ref),
				      "%s: `%s` walked at seat %d", file,
				      expr_text(e), seat);
			if (expr_result_type(e) == TY_BOOL)
				and_parts_agree(e, &f, ref, file);
			n++;
		}
	seats_agree(s, &f, file);
	const char *bad = NULL;
	int fields = expr_scope_fields_agree(s->g->scope, &f, &bad);
	ck_assert_msg(fields >= 0, "%s: `%s` read in place", file, bad);
	field_reads += fields;
	return n;
}

/* The game of a rule file, and a match of it set up in *s. */
static game *set_up(const char *file, state *s)
{
	game *g = scn_load(file);
	char why[256];
	ck_assert_msg(state_setup(s, g, g->default_players, 0, NULL, 5, why,
				  sizeof why), "%s: %s", file, why);
	return g;
}

static void agree_in(const char *file, int k)
{
	state s;
	game *g = set_up(file, &s);
	rng r;
	rng_seed(&r, 3, (uint64_t)k);
	int evaluated = 0;
	for (int step = 0; step < STEPS && !s.over; step++) {
		if (s.current == SEAT_CHANCE)
			state_deal(&s);
		else if (state_apply_random(&s, &r).kind == ACT_NONE)
			break;
		if (step % 7 == 0 || s.current == SEAT_CHANCE || s.over)
			evaluated += agree_everywhere(&s, file);
	}
	ck_assert_int_gt(evaluated, 0);
	game_free(g);
}

START_TEST(test_fast_form_agrees)
{
	ngames = scn_rule_files(GAMES_DIR, game_files, GAMES_MAX);
	for (int k = 0; k < ngames; k++)
		agree_in(game_files[k], k);
	ck_assert_int_gt(with_code, 1000);
	ck_assert_int_gt(field_reads, 1000);
}
END_TEST

/* A counter table's value against the expression evaluated, for the
 * counter at each of the table's values and beyond it. */
static void table_agrees(state *s, const expr *e, const counter_table *t,
			 const char *file)
{
	if (!t)
		return;
	int64_t kept = s->counter[t->counter][0];
	for (int64_t v = -2; v < t->n + 2; v++) {
		s->counter[t->counter][0] = v;
		value by = vars_eval_by_counter(s, e, t);
		value ev = vars_eval(s, e, -1);
		ck_assert_msg(same(e, by, ev), "%s: `%s` with %s at %d", file,
			      expr_text(e), s->g->counter_name[t->counter],
			      (int)v);
	}
	s->counter[t->counter][0] = kept;
}

/* The phases' conditions and the tricks phases' expressions over one
 * counter (Euchre's trumps, by the suit named; its phase for the dealer
 * who was ordered up) read from their tables as they evaluate; the
 * tables are made for those alone. */
START_TEST(test_counter_tables_agree)
{
	ngames = scn_rule_files(GAMES_DIR, game_files, GAMES_MAX);
	int tables = 0;
	for (int k = 0; k < ngames; k++) {
		state s;
		game *g = set_up(game_files[k], &s);
		for (int i = 0; i < g->nphases; i++) {
			table_agrees(&s, g->phase[i].when, g->phase[i].when_by,
				     game_files[k]);
			tables += g->phase[i].when_by != NULL;
			if (g->phase[i].kind != PHASE_TRICKS)
				continue;
			const tricks_phase *t = &g->phase[i].u.tricks;
			table_agrees(&s, t->trumps, t->trumps_by, game_files[k]);
			table_agrees(&s, t->lowest_wins, t->lowest_wins_by,
				     game_files[k]);
			tables += (t->trumps_by != NULL) +
				  (t->lowest_wins_by != NULL);
			for (int j = 0; j < t->ntop; j++) {
				table_agrees(&s, t->top_trumps[j],
					     t->top_trumps_by[j], game_files[k]);
				tables += t->top_trumps_by[j] != NULL;
			}
			if (strstr(game_files[k], "/euchre.yaml"))
				ck_assert(t->trumps_by && t->trumps_by->n == 4 &&
					  t->top_trumps_by[0]);
			if (strstr(game_files[k], "/whist.yaml"))   /* a card */
				ck_assert(t->trumps && !t->trumps_by);
		}
		game_free(g);
	}
	ck_assert_int_ge(tables, 15);   /* five in each Euchre */
}
END_TEST

/* Each raise of adds read from its option table (vars_option_table) as
 * evaluated, at each of the option's values and beyond them; how many
 * tables there are. */
static int adds_agree(state *s, const counter_adds *adds, const char *file)
{
	int tables = 0;
	for (int i = 0; i < adds->n; i++) {
		const option_value_table *t = adds->by_option[i];
		if (!t)
			continue;
		tables++;
		int64_t kept = s->option[t->option];
		for (int64_t v = t->lowest - 2; v < t->lowest + t->n + 2; v++) {
			s->option[t->option] = v;
			const value *by = vars_option_entry(t, v);
			bool within = v >= t->lowest && v < t->lowest + t->n;
			ck_assert_msg(within == (by != NULL), "%s: `%s`'s "
				      "table at %d", file,
				      expr_text(adds->add[i]), (int)v);
			value ev = vars_eval(s, adds->add[i], -1);
			ck_assert_msg(!by || by->i == ev.i,
				      "%s: `%s` with %s at %d", file,
				      expr_text(adds->add[i]),
				      s->g->option[t->option].name, (int)v);
		}
		s->option[t->option] = kept;
	}
	return tables;
}

/* The raises by an option alone (Ribs with betting's chips a raise
 * costs) read from their tables as they evaluate; an auction's and a
 * double trick's, the calls' and the choices'. */
START_TEST(test_option_tables_agree)
{
	ngames = scn_rule_files(GAMES_DIR, game_files, GAMES_MAX);
	int tables = 0;
	for (int k = 0; k < ngames; k++) {
		state s;
		game *g = set_up(game_files[k], &s);
		const char *f = game_files[k];
		for (int i = 0; i < g->nphases; i++) {
			const phase *p = &g->phase[i];
			if (p->kind == PHASE_AUCTION)
				tables += adds_agree(&s, &p->u.auction.raise_adds, f);
			if (p->kind == PHASE_DOUBLE)
				tables += adds_agree(&s, &p->u.dbl.then_adds, f);
			for (int j = 0; p->kind == PHASE_TRICKS &&
					j < p->u.tricks.ncalls; j++)
				tables += adds_agree(&s, &p->u.tricks.call[j].adds, f);
			for (int j = 0; p->kind == PHASE_CHOOSE &&
					j < p->u.choose.nchoices; j++)
				tables += adds_agree(&s, &p->u.choose.choice[j].adds,
						     f);
		}
		game_free(g);
	}
	ck_assert_int_ge(tables, 8);    /* two a raise, four auctions */
}
END_TEST

static Suite *fast_suite(void)
{
	Suite *su = suite_create("fast");
	TCase *tc = tcase_create("every game");
	tcase_add_unchecked_fixture(tc, NULL, scn_cleanup);
	tcase_add_test(tc, test_fast_form_agrees);
	tcase_add_test(tc, test_counter_tables_agree);
	tcase_add_test(tc, test_option_tables_agree);
	suite_add_tcase(su, tc);
	return su;
}

TEST_MAIN(fast_suite)
