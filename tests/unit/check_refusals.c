/*
 * check_refusals.c — every refused move of every shipped game says why.
 *
 * Random deals of each game in games/; at each decision, every action of
 * the kinds the phase takes that is not legal (each card of the hand and
 * one not held, bids, passes, doubles, each named choice or call) is put
 * to state_why_illegal, which must give a reason in words: not empty,
 * and not one of the engine's last-resort phrases, which mean a rule of
 * the file has no `why`.  Solitaires are left to their own tests, which
 * check each refused move word for word.
 */
#include "testutil.h"
#include "scenario.h"

#include <string.h>

#include "engine/engine.h"
#include "engine/game.h"
#include "util/rng.h"

#define GAMES_DIR TOP_SRCDIR "/games"
#define STEPS_MAX 400

static char files[SCN_RULE_FILES_MAX][512];
static int nfiles;

/* The phrases a refusal falls back on when the rule file gave none. */
static const char *const last_resort[] = {
	"a rule of this game forbids it",
	"a rule of the game forbids it",
	"that call is not allowed now",
	"no move is due now",
};

static bool is_legal(const action *list, int n, const action *a)
{
	for (int i = 0; i < n; i++)
		if (action_eq(&list[i], a))
			return true;
	return false;
}

/* The named choices or calls the phase may take (ACT_CHOICE numbers). */
static int choices_of(const phase *p)
{
	switch (p->kind) {
	case PHASE_CHOOSE:
		return p->u.choose.nchoices;
	case PHASE_CALLS:
		return p->u.calls.nwords;
	case PHASE_TRICKS:
		return p->u.tricks.ncalls;
	default:
		return 0;
	}
}

/* The actions of the kinds the phase takes, legal or not. */
static int candidates(const state *s, action *out)
{
	const phase *p = &s->g->phase[s->phase];
	int n = 0;
	cardset hand = s->hand[s->current];
	for (int c = 0; c < s->g->deck.ncards; c++)
		if (cset_has(hand, (card_id)c))
			out[n++] = action_card((card_id)c);
	cardset others = cset_minus(s->in_play, hand);
	if (!cset_is_empty(others))
		out[n++] = action_card(cset_first(others));
	if (p->kind == PHASE_AUCTION || p->kind == PHASE_CALLS ||
	    p->kind == PHASE_HOLD) {
		static const int numbers[] = {0, 1, 2, 7, 18, 23, 100, 10000};
		for (size_t i = 0; i < sizeof numbers / sizeof *numbers; i++) {
			action a = action_of(ACT_BID, numbers[i]);
			a.denom = DENOM_NONE;
			out[n++] = a;
		}
		out[n++] = action_of(ACT_PASS, 0);
		out[n++] = action_of(ACT_DOUBLE, 0);
		out[n++] = action_of(ACT_REDOUBLE, 0);
	}
	for (int k = 0; k < choices_of(p); k++)
		out[n++] = action_of(ACT_CHOICE, k);
	return n;
}

/* Checks the refusals of the decision due; counts them by phase kind. */
static void check_decision(const state *s, const char *path, int *checked)
{
	action legal[ACTIONS_MAX], cand[CARD_MAX + 64];
	int nl = state_legal(s, legal), nc = candidates(s, cand);
	for (int i = 0; i < nc; i++) {
		if (is_legal(legal, nl, &cand[i]))
			continue;
		char why[600] = "";
		state_why_illegal(s, &cand[i], why, sizeof why);
		ck_assert_msg(why[0] != '\0', "%s: a refusal without words",
			      path);
		for (size_t k = 0; k < sizeof last_resort / sizeof *last_resort;
		     k++)
			ck_assert_msg(!strstr(why, last_resort[k]),
				      "%s: a refusal without its rule's "
				      "words: \"%s\"", path, why);
		checked[s->g->phase[s->phase].kind]++;
	}
}

START_TEST(test_every_refusal_has_words)
{
	nfiles = scn_rule_files(GAMES_DIR, files, SCN_RULE_FILES_MAX);
	int checked[PHASE_KINDS] = {0};
	bool used[PHASE_KINDS] = {false};
	for (int i = 0; i < nfiles; i++) {
		game *g = scn_load(files[i]);
		for (int k = 0; k < g->nphases; k++)
			used[g->phase[k].kind] = true;
		if (g->phase[0].kind == PHASE_LAYOUT) {
			game_free(g);
			continue;
		}
		state s;
		char why[200];
		ck_assert_msg(state_setup(&s, g, g->default_players, 0, NULL,
					  (uint64_t)i + 1, why, sizeof why),
			      "%s: %s", files[i], why);
		rng r;
		rng_seed(&r, 17, (uint64_t)i);
		for (int deal = 0; deal < 2 && !state_over(&s) &&
		     state_current(&s) == SEAT_CHANCE; deal++) {
			state_deal(&s);
			for (int step = 0; step < STEPS_MAX && s.current >= 0;
			     step++) {
				check_decision(&s, files[i], checked);
				action list[ACTIONS_MAX];
				int n = state_legal(&s, list);
				ck_assert_int_gt(n, 0);
				ck_assert(state_apply(&s, list[rng_below(&r,
						(uint32_t)n)]));
			}
		}
		game_free(g);
	}
	for (int k = 0; k < PHASE_KINDS; k++)
		ck_assert_msg(!used[k] || k == PHASE_LAYOUT || checked[k] > 0,
			      "no refusal of phase kind %d was checked", k);
}
END_TEST

static Suite *refusals_suite(void)
{
	Suite *s = suite_create("refusals");
	TCase *tc = tcase_create("shipped games");
	tcase_add_test(tc, test_every_refusal_has_words);
	suite_add_tcase(s, tc);
	return s;
}

TEST_MAIN(refusals_suite)
