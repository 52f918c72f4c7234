/*
 * check_playout.c — random play of every shipped game, checked at each step.
 *
 * For every rule file in games/ and every player count it allows, random
 * decisions are made through the public API (state_legal, state_apply),
 * OpenSpiel's basic_tests style.  At every step: there is a legal move,
 * the moves are sorted, a clone behaves exactly like the original, an
 * illegal move is refused without a trace, and every card of the deck is
 * in exactly one place.  After every deal: the rule file's checks hold,
 * every value table adds up, and the totals are the sum of the deal
 * scores.  Each match is written as a transcript and replayed: the replay
 * must end in a byte-identical state.
 */
#include "testutil.h"
#include "scenario.h"

#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "front/command.h"
#include "lang/expr.h"
#include "lang/schema.h"
#include "engine/engine.h"
#include "front/transcript.h"

#define GAMES_DIR TOP_SRCDIR "/games"
#define DEALS_PER_COUNT 24

static char game_files[SCN_RULE_FILES_MAX][512];
static int ngames;

/* The games of games/, and test games of shapes none of them has. */
static void find_games(void)
{
	static const char *const extra[] = {
		TOP_SRCDIR "/tests/data/games/lowest-wins.yaml",
	};
	int n = (int)(sizeof extra / sizeof *extra);
	ngames = scn_rule_files(GAMES_DIR, game_files, SCN_RULE_FILES_MAX - n);
	for (int i = 0; i < n; i++)
		snprintf(game_files[ngames++], sizeof game_files[0], "%s",
			 extra[i]);
}

/* Every card of the deck in play is in exactly one place: a hand, a
 * trick taken, the table (a trick, a double trick's pairs face up), the
 * leftovers or a pile. */
static void check_cards(const state *s)
{
	cardset seen = cset_empty();
	int count = 0;
	for (int p = 0; p < s->players; p++) {
		seen = cset_or(seen, s->hand[p]);
		count += cset_count(s->hand[p]);
		ck_assert(cset_subset(s->passing[p], s->hand[p]));
	}
	cardset taken = cset_empty();
	for (int p = 0; p < s->players; p++) {
		ck_assert(!cset_meets(taken, s->won[p]));
		taken = cset_or(taken, s->won[p]);
	}
	cardset table = cset_empty();
	for (int i = 0; i < s->nplayed; i++)
		cset_add(&table, s->table[i]);
	for (int p = 0; state_phase_kind(s) == PHASE_DOUBLE && p < s->players; p++)
		if (state_laid_pair(s, p).laid && !state_laid_pair(s, p).down) {
			/* pairs face up */
			cset_add(&table, state_laid_pair(s, p).card[0]);
			cset_add(&table, state_laid_pair(s, p).card[1]);
		}
	/* leftovers stay listed after they are given: count them once */
	cardset rest = cset_minus(s->leftover, taken);
	cardset placed = cset_empty();
	for (int c = 0; c < s->g->deck.ncards; c++)
		if (s->pile_of[c])
			cset_add(&placed, (card_id)c);
	cardset parts[] = {taken, table, rest, placed};
	for (int i = 0; i < 4; i++) {
		ck_assert(!cset_meets(seen, parts[i]));
		seen = cset_or(seen, parts[i]);
		count += cset_count(parts[i]);
	}
	ck_assert_int_eq(count, cset_count(s->in_play));
	ck_assert(cset_eq(seen, s->in_play));
}

/* After a deal: every value table adds up over the seats. */
static void check_tables(const state *s)
{
	const game *g = s->g;
	cardset taken = cset_empty();
	for (int p = 0; p < s->players; p++)
		taken = cset_or(taken, s->won[p]);
	for (int t = 0; t < g->ntables; t++) {
		long sum = 0, all = 0;
		for (int p = 0; p < s->players; p++)
			CSET_FOREACH(c, s->won[p])
				sum += g->table[t].value[c];
		CSET_FOREACH(c, taken)
			all += g->table[t].value[c];
		ck_assert_int_eq(sum, all);
		long whole = 0, lost = 0;
		CSET_FOREACH(c, s->in_play)
			whole += g->table[t].value[c];
		CSET_FOREACH(c, cset_minus(s->in_play, taken))
			lost += g->table[t].value[c];
		ck_assert_int_eq(sum + lost, whole);
	}
}

/* A refused move leaves no trace. */
static void check_refusal(state *s, cardset legal)
{
	cardset wrong = cset_minus(s->in_play, legal);
	if (cset_is_empty(wrong))
		return;
	state before = *s;
	ck_assert(!state_apply_card(s, cset_first(wrong)));
	ck_assert(!state_apply_card(s, CARD_MAX + 5));
	ck_assert(memcmp(&before, s, sizeof before) == 0);
}

/* One random decision of the seat to move, through the public API. */
static void decide(state *s, rng *r, transcript_writer *w)
{
	state before = *s;
	int seat = s->current;
	action m[ACTIONS_MAX];
	int n = command_decision_size(s);
	ck_assert_int_gt(n, 0);
	for (int i = 0; i < n; i++) {
		action legal[ACTIONS_MAX];
		int k = state_legal(s, legal);
		ck_assert_int_gt(k, 0);
		for (int j = 1; j < k; j++)
			ck_assert_int_lt(action_compare(&legal[j - 1], &legal[j]), 0);
		for (int j = 0; j < k; j++)
			ck_assert(state_is_legal(s, &legal[j]));
		cardset cards = cset_empty();   /* also a lay's, listed */
		for (int j = 0; j < k; j++)
			if (legal[j].kind == ACT_CARD)
				cset_add(&cards, legal[j].card[0]);
		ck_assert(cset_subset(state_legal_cards(s), cards));
		check_refusal(s, cards);
		m[i] = legal[rng_below(r, (uint32_t)k)];
		state clone = *s;
		ck_assert(state_apply(s, m[i]));
		ck_assert(state_apply(&clone, m[i]));
		ck_assert(memcmp(&clone, s, sizeof clone) == 0);
		check_cards(s);
	}
	char words[600];
	command_format(&before, m, n, words, sizeof words);
	transcript_decision(w, &before, seat, words);
}

static void deal_scored(state *s, int64_t *sum_scores, transcript_writer *w)
{
	check_tables(s);
	ck_assert_msg(s->failed_check == 0, "%s: check %d failed after deal %d",
		      s->g->name, s->failed_check, s->deal_no);
	for (int p = 0; p < s->players; p++) {
		sum_scores[p] += s->deal_score[p];
		ck_assert_int_eq(sum_scores[p], s->total[p]);
	}
	transcript_scored(w, s);
}

static void play_and_replay(const char *path, int players, uint64_t seed)
{
	game *g = scn_load(path);
	state s;
	char why[200];
	ck_assert_msg(state_setup(&s, g, players, (int)(seed % players), NULL,
				  seed, why, sizeof why), "%s", why);
	s.checks = true;
	char tpath[] = "/tmp/cardrules-playout-XXXXXX";
	int fd = mkstemp(tpath);
	ck_assert(fd >= 0);
	close(fd);
	transcript_writer w = {0};
	ck_assert(transcript_create(&w, tpath, path, &s, 0, false, why, sizeof why));
	rng r;
	rng_seed(&r, seed, 99);
	int64_t sum_scores[SEAT_MAX] = {0};
	for (int d = 0; d < DEALS_PER_COUNT && !state_over(&s); d++) {
		ck_assert_int_eq(state_current(&s), SEAT_CHANCE);
		state_deal(&s);
		check_cards(&s);
		int deal = s.deal_no;
		while (state_current(&s) >= 0)
			decide(&s, &r, &w);
		ck_assert_int_eq(s.deal_no, deal);
		deal_scored(&s, sum_scores, &w);
	}
	ck_assert(transcript_close(&w));

	diag *dg = diag_new();
	transcript_replay *rp = calloc(1, sizeof *rp);
	bool ok = transcript_replay_file(tpath, rp, dg, NULL, NULL);
	if (!ok)
		diag_print(dg, stderr, true);
	ck_assert_msg(ok, "the transcript of %s does not replay", path);
	rp->s.g = s.g;          /* the replay loaded its own copy of the game */
	ck_assert_msg(memcmp(&rp->s, &s, sizeof s) == 0,
		      "%s: the replayed state differs", path);
	game_free(rp->g);
	free(rp);
	diag_free(dg);
	remove(tpath);
	game_free(g);
}

START_TEST(test_every_game_every_count)
{
	find_games();
	for (int i = 0; i < ngames; i++) {
		game *g = scn_load(game_files[i]);
		int lo = g->min_players, hi = g->max_players;
		game_free(g);
		for (int n = lo; n <= hi; n++)
			play_and_replay(game_files[i], n, (uint64_t)(1000 * i + n));
	}
}
END_TEST

/* The same seed gives the same deals; another seed other deals. */
START_TEST(test_seed_determinism)
{
	find_games();
	for (int i = 0; i < ngames; i++) {
		game *g = scn_load(game_files[i]);
		state a, b, c;
		char why[200];
		ck_assert(state_setup(&a, g, g->default_players, 0, NULL, 5, why, sizeof why));
		b = a;
		ck_assert(state_setup(&c, g, g->default_players, 0, NULL, 6, why, sizeof why));
		state_deal(&a);
		state_deal(&b);
		state_deal(&c);
		ck_assert(memcmp(&a, &b, sizeof a) == 0);
		/* a solitaire's cards are in its places, not a hand */
		ck_assert(!cset_eq(a.hand[0], c.hand[0]) ||
			  memcmp(a.depth, c.depth, sizeof a.depth) != 0);
		game_free(g);
	}
}
END_TEST

/* The engine's own random playout keeps the same invariants. */
START_TEST(test_fast_playout)
{
	find_games();
	for (int i = 0; i < ngames; i++) {
		game *g = scn_load(game_files[i]);
		state s;
		char why[200];
		ck_assert(state_setup(&s, g, g->default_players, 0, NULL, 3, why, sizeof why));
		s.checks = true;
		rng r;
		rng_seed(&r, 3, 3);
		/* a solitaire's random game runs to its move limit */
		int deals = g->max_players == 1 ? 20 : 300;
		for (int d = 0; d < deals; d++) {
			if (state_over(&s))
				ck_assert(state_setup(&s, g, g->default_players, 0, NULL,
						      (uint64_t)d, why, sizeof why));
			s.checks = true;
			state_random_playout(&s, &r);
			ck_assert(state_current(&s) < 0);
			check_cards(&s);
			check_tables(&s);
			ck_assert_int_eq(s.failed_check, 0);
		}
		game_free(g);
	}
}
END_TEST

/* A playout's fast paths (a pass, plain tricks) draw and apply what
 * one random action at a time does: from any point of a deal, the two
 * end in the same state with the generator at the same point. */
START_TEST(test_playout_as_steps)
{
	find_games();
	for (int i = 0; i < ngames; i++) {
		game *g = scn_load(game_files[i]);
		if (g->max_players == 1) {      /* a solitaire's own playout */
			game_free(g);
			continue;
		}
		state a, b;
		char why[200];
		ck_assert(state_setup(&a, g, g->default_players, 0, NULL, 5, why, sizeof why));
		rng r, rb;
		rng_seed(&r, 5, 5);
		for (int d = 0; d < 40 && !state_over(&a); d++) {
			state_deal(&a);
			for (int k = 0; k < d % 9 && state_current(&a) >= 0; k++)
				state_apply_random(&a, &r);
			if (state_current(&a) < 0)
				continue;
			b = a;
			rb = r;
			int deal = b.deal_no;
			state_random_playout(&a, &r);
			while (state_current(&b) >= 0 && b.deal_no == deal)
				state_apply_random(&b, &rb);
			ck_assert_msg(memcmp(&a, &b, sizeof a) == 0, "%s, deal %d",
				      game_files[i], d + 1);
			ck_assert(memcmp(&r, &rb, sizeof r) == 0);
		}
		game_free(g);
	}
}
END_TEST

static Suite *playout_suite(void)
{
	Suite *s = suite_create("playout");
	TCase *tc = tcase_create("games");
	tcase_add_unchecked_fixture(tc, NULL, scn_cleanup);
	tcase_add_test(tc, test_every_game_every_count);
	tcase_add_test(tc, test_seed_determinism);
	tcase_add_test(tc, test_fast_playout);
	tcase_add_test(tc, test_playout_as_steps);
	suite_add_tcase(s, tc);
	return s;
}

TEST_MAIN(playout_suite)
