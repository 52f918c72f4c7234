/*
 * check_bots.c — the bots: how they are named, that every decision of
 * every shipped game is legal, that a budget in playouts plays the same
 * game again from the same seed, and that a bot's decision depends only
 * on what its seat may see: the cards hidden from it, dealt again in any
 * way its view allows, never change what it chooses from the same seed;
 * and what the rules of thumb learn of a game.
 */
#include "testutil.h"
#include "scenario.h"

#include <stdio.h>
#include <string.h>

#include "engine/engine.h"
#include "front/bot.h"
#include "front/ismcts.h"
#include "front/lookahead.h"
#include "lang/expr.h"
#include "lang/schema.h"

#define GAMES_DIR TOP_SRCDIR "/games"

static char files[SCN_RULE_FILES_MAX][512];
static int nfiles;

static void find_games(void)
{
	nfiles = scn_rule_files(GAMES_DIR, files, SCN_RULE_FILES_MAX);
}

/* Game file i of find_games(), unless it is a solitaire (NULL). */
static game *game_with_players(int i)
{
	game *g = scn_load(files[i]);
	if (game_is_solitaire(g)) {
		game_free(g);
		return NULL;
	}
	return g;
}

/* A shipped game by its file's name. */
static game *load_named(const char *name)
{
	char path[512];
	snprintf(path, sizeof path, "%s/%s.yaml", GAMES_DIR, name);
	return scn_load(path);
}

/* A match of g at its table, dealt: the first seat to decide is to move. */
static void deal_first(state *s, game *g, uint64_t seed)
{
	char why[200];
	ck_assert(state_setup(s, g, g->default_players, 0, NULL, seed, why,
			      sizeof why));
	state_deal(s);
}

/* ======================================================================
 * Names
 * ====================================================================== */

static void parses_as(const char *text, const char *back)
{
	bot_spec spec;
	char err[300], buf[300];
	bot_spec_all(&spec, BOT_RANDOM, 200);
	ck_assert_msg(bot_spec_parse(&spec, text, err, sizeof err), "%s: %s",
		      text, err);
	ck_assert_str_eq(bot_spec_text(&spec, 4, buf, sizeof buf), back);
	bot_spec again;
	bot_spec_all(&again, BOT_RANDOM, 200);
	ck_assert(bot_spec_parse(&again, buf, err, sizeof err));
	char buf2[300];
	ck_assert_str_eq(bot_spec_text(&again, 4, buf2, sizeof buf2), buf);
}

START_TEST(test_names_and_budgets)
{
	parses_as("ismcts", "ismcts:200");
	parses_as("ismcts:250", "ismcts:250");
	parses_as("ismcts:100ms", "ismcts:100ms");
	parses_as("mc:50ms", "mc:50ms");
	parses_as("search:30ms", "search:30ms");
	parses_as("low,0=ismcts:100ms", "0=ismcts:100ms,1=low,2=low,3=low");
	parses_as("ismcts:100ms,1=mc:300", "0=ismcts:100ms,1=mc:300,"
		  "2=ismcts:100ms,3=ismcts:100ms");
	parses_as("search:8 (cheating)", "search:8 (cheating)");
	const char *bad[] = {"ismcts:", "ismcts:ms", "ismcts:0ms", "ismcts:0",
			     "ismctsx", "ismcts:10s", "low:5", "0=ismcts:-1",
			     "ismcts:700000ms"};
	for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
		bot_spec spec;
		char err[300] = "";
		bot_spec_all(&spec, BOT_RANDOM, 200);
		bot_spec before = spec;
		ck_assert_msg(!bot_spec_parse(&spec, bad[i], err, sizeof err),
			      "%s was accepted", bad[i]);
		ck_assert_msg(strstr(err, "--bot") != NULL, "%s: %s", bad[i], err);
		ck_assert_mem_eq(&before, &spec, sizeof spec);
	}
}
END_TEST

/* ======================================================================
 * Every game, legal decisions, the same game from the same seed
 * ====================================================================== */

/* Plays one deal of game g with seat 0's bot `spec` and random others,
 * recording the actions taken; how many. */
static int play_deal(const game *g, const char *spec_text, uint64_t seed,
		     action *taken, int room)
{
	bot_spec spec;
	char err[200], why[200];
	bot_spec_all(&spec, BOT_RANDOM, 200);
	ck_assert(bot_spec_parse(&spec, spec_text, err, sizeof err));
	state s;
	ck_assert(state_setup(&s, g, g->default_players, 0, NULL, seed, why,
			      sizeof why));
	s.checks = true;
	bot bots[SEAT_MAX];
	for (int p = 0; p < s.players; p++)
		bot_setup(&bots[p], &spec, seed, p);
	state_deal(&s);
	int n = 0, deal = s.deal_no;
	while (s.current >= 0 && s.deal_no == deal && n < room) {
		view v;
		bot_view(&bots[s.current], &s, s.current, &v);
		action a = bot_choose(&bots[s.current], &v);
		ck_assert_msg(state_is_legal(&s, &a), "%s: %s chose an illegal "
			      "action", g->name, spec_text);
		ck_assert(state_apply(&s, a));
		taken[n++] = a;
	}
	ck_assert_int_eq(s.failed_check, 0);
	ck_assert_int_eq(s.fault, FAULT_NONE);
	return n;
}

START_TEST(test_search_bots_play_every_game)
{
	find_games();
	for (int i = 0; i < nfiles; i++) {
		game *g = game_with_players(i);
		if (!g)
			continue;
		static action a[4096], b[4096];
		for (int k = 0; k < 3; k++) {
			const char *spec = k == 0 ? "random,0=ismcts:40"
				: k == 1 ? "random,0=mc:40" : "random,0=low";
			int na = play_deal(g, spec, 7, a, 4096);
			int nb = play_deal(g, spec, 7, b, 4096);
			ck_assert_int_eq(na, nb);
			ck_assert_msg(memcmp(a, b, (size_t)na * sizeof *a) == 0,
				      "%s: %s played another game from the same seed",
				      g->name, spec);
		}
		game_free(g);
	}
}
END_TEST

/* In a game with players the solver has nothing to solve: it plays as
 * mc:10, not with its 200000 positions as playouts a decision. */
START_TEST(test_solve_in_a_game_with_players)
{
	game *g = scn_load(GAMES_DIR "/hearts.yaml");
	static action a[4096], b[4096];
	int na = play_deal(g, "random,0=solve", 5, a, 4096);
	int nb = play_deal(g, "random,0=mc:10", 5, b, 4096);
	ck_assert_int_eq(na, nb);
	for (int i = 0; i < na; i++)
		ck_assert(action_eq(&a[i], &b[i]));
	game_free(g);
}
END_TEST

/* ======================================================================
 * The hidden cards do not matter
 * ====================================================================== */

/* The decision of a bot of kind `spec` for the seat to move, from its
 * view of s, with its generator seeded by `seed`. */
static action decide(const state *s, const char *spec_text, uint64_t seed)
{
	bot_spec spec;
	char err[200];
	bot_spec_all(&spec, BOT_RANDOM, 200);
	ck_assert(bot_spec_parse(&spec, spec_text, err, sizeof err));
	bot b;
	bot_setup(&b, &spec, seed, s->current);
	view v;
	bot_view(&b, s, s->current, &v);
	return bot_choose(&b, &v);
}

/* At positions along random deals of every game, the cards the seat to
 * move cannot see are dealt again as its view allows (a determinization
 * of the true state): each bot decides the same from the same seed. */
START_TEST(test_hidden_cards_change_nothing)
{
	find_games();
	const char *kinds[] = {"ismcts:30", "mc:20", "low"};
	for (int i = 0; i < nfiles; i++) {
		game *g = game_with_players(i);
		if (!g)
			continue;
		state s;
		char why[200];
		ck_assert(state_setup(&s, g, g->default_players, 0, NULL,
				      (uint64_t)i, why, sizeof why));
		rng r;
		rng_seed(&r, 77, (uint64_t)i);
		state_deal(&s);
		int deal = s.deal_no;
		for (int step = 0; s.current >= 0 && s.deal_no == deal; step++) {
			if (step % 3 == 0) {
				view v;
				state_view(&s, s.current, &v);
				state other;
				view_sample(&v, &r, &other);
				for (size_t k = 0; k < sizeof kinds / sizeof *kinds;
				     k++) {
					action a = decide(&s, kinds[k], 99);
					action b = decide(&other, kinds[k], 99);
					ck_assert_msg(action_eq(&a, &b), "%s, step %d: "
						      "%s decides otherwise when "
						      "the hidden cards move",
						      g->name, step, kinds[k]);
				}
			}
			ck_assert(state_apply_random(&s, &r).kind != ACT_NONE);
		}
		game_free(g);
	}
}
END_TEST

/* A budget in iterations is spent at its count; with a cap, also once
 * the cap's time has passed on the clock (the text loop's bots on a busy
 * machine); a budget in milliseconds counts the thread's CPU time. */
static search_start started_ago(double wall, double cpu)
{
	search_start now = search_begin();
	return (search_start){now.wall - wall, now.cpu - cpu};
}

START_TEST(test_budget_cap)
{
	search_budget plain = {1000000, 0, 0}, capped = {1000000, 0, 1},
		      timed = {0, 5, 0};
	ck_assert(!search_budget_spent(plain, 8, started_ago(10, 10)));
	ck_assert(search_budget_spent(plain, 1000000, started_ago(0, 0)));
	ck_assert(search_budget_spent(capped, 8, started_ago(0.01, 0)));
	ck_assert(!search_budget_spent(capped, 8, started_ago(-10, 10)));
	ck_assert(!search_budget_spent(capped, 2, started_ago(0.01, 0)));
	ck_assert(search_budget_spent(timed, 8, started_ago(0, 0.01)));
	ck_assert(!search_budget_spent(timed, 8, started_ago(10, -10)));
}
END_TEST

/* ======================================================================
 * Calls looked ahead
 * ====================================================================== */

/* Whether a is among list[0..n). */
static bool listed(const action *list, int n, const action *a)
{
	for (int i = 0; i < n; i++)
		if (action_eq(&list[i], a))
			return true;
	return false;
}

/* The worth to the seat to move in s of call a, the deal played on by
 * the rules of thumb alone on `stream` (as lookahead_call plays it). */
static double worth_after(const state *s, const thumb_style *style,
			  action a, uint64_t stream)
{
	state t = *s;
	rng same;
	rng_seed(&same, stream, 1);
	state_apply_listed(&t, a);
	thumb_play_deal(&t, style, MIX_THUMB, &same);
	return t.fault ? 0 : state_deal_worth(&t, s->current);
}

/* At every call of random deals of every game: the candidates are legal
 * calls, every call that is no bid among them, each denomination's
 * lowest bid too, and no more bids than a few or one a denomination;
 * the call looked ahead is one of them, and it is the rules of thumb's
 * unless another is worth more (a tie would otherwise go to the first
 * bid listed, and every call would raise). */
START_TEST(test_call_candidates)
{
	find_games();
	int wide = 0;
	for (int i = 0; i < nfiles; i++) {
		game *g = scn_load(files[i]);
		state s;
		char why[200];
		ck_assert(state_setup(&s, g, g->default_players, 0, NULL, 5,
				      why, sizeof why));
		thumb_style style = thumb_learn(g, g->default_players);
		rng r;
		rng_seed(&r, 5, (uint64_t)i);
		state_deal(&s);
		for (int deal = s.deal_no; s.current >= 0 && s.deal_no == deal;) {
			action moves[ACTIONS_MAX], cand[ACTIONS_MAX];
			int n = state_legal(&s, moves);
			if (n > 1 && lookahead_is_call(moves, n)) {
				action own = thumb_choose(&s, &style, moves, n);
				int k = lookahead_candidates(moves, n, &own, cand);
				ck_assert(listed(cand, k, &own));
				int bids = 0, denoms = 0;
				for (int j = 0; j < n; j++) {
					if (moves[j].kind != ACT_BID) {
						ck_assert(listed(cand, k, &moves[j]));
						continue;
					}
					bool first = true;
					for (int q = 0; q < j; q++)
						first &= moves[q].kind != ACT_BID ||
							 moves[q].denom != moves[j].denom;
					denoms += first;
					if (first)
						ck_assert(listed(cand, k, &moves[j]));
				}
				for (int j = 0; j < k; j++) {
					ck_assert(listed(moves, n, &cand[j]));
					bids += cand[j].kind == ACT_BID;
				}
				/* the rules of thumb's own call besides */
				ck_assert_int_le(bids, (denoms > 6 ? denoms : 6) + 1);
				wide += n > 16;
				rng before = r;
				action a = lookahead_call(&s, &style, moves, n, NULL,
							  &r);
				ck_assert(listed(cand, k, &a));
				if (!action_eq(&a, &own)) {
					uint64_t stream = rng_next(&before);
					ck_assert(worth_after(&s, &style, a, stream) >
						  worth_after(&s, &style, own,
							      stream));
				}
			}
			ck_assert(state_apply_random(&s, &r).kind != ACT_NONE);
		}
		game_free(g);
	}
	ck_assert_int_gt(wide, 0);      /* auctions with tens of bids met */
}
END_TEST

/* Along the rules of thumb's line of play, in every game: the calls
 * looked ahead with the line known (no playout for the rules of thumb's
 * own call) are those looked ahead without it, and the candidates keep
 * the call the rules of thumb make among all the calls. */
START_TEST(test_call_line)
{
	find_games();
	int reused = 0;
	for (int i = 0; i < nfiles; i++) {
		game *g = scn_load(files[i]);
		state s;
		char why[200];
		ck_assert(state_setup(&s, g, g->default_players, 0, NULL, 7,
				      why, sizeof why));
		thumb_style style = thumb_learn(g, g->default_players);
		rng r;
		rng_seed(&r, 7, (uint64_t)i);
		state_deal(&s);
		lookahead_line line = {.known = false};
		for (int deal = s.deal_no; s.current >= 0 && s.deal_no == deal;) {
			action moves[ACTIONS_MAX], cand[ACTIONS_MAX];
			int n = state_legal(&s, moves);
			if (n > 1 && lookahead_is_call(moves, n)) {
				action all = thumb_choose(&s, &style, moves, n);
				int k = lookahead_candidates(moves, n, &all, cand);
				action some = thumb_choose(&s, &style, cand, k);
				ck_assert(action_eq(&all, &some));
				rng apart = r;
				reused += line.known;
				action a = lookahead_call(&s, &style, moves, n,
							  &line, &r);
				action b = lookahead_call(&s, &style, moves, n,
							  NULL, &apart);
				ck_assert_msg(action_eq(&a, &b), "%s", files[i]);
				ck_assert(line.known);
				state_apply_listed(&s, a);
			} else {
				ck_assert(thumb_step(&s, &style, MIX_THUMB, &r));
			}
		}
		game_free(g);
	}
	ck_assert_int_gt(reused, 0);
}
END_TEST

/* The ranks of `cards`, counted into out[nranks]. */
static void count_ranks(const deck *d, cardset cards, int *out)
{
	card_id c[CARD_MAX];
	int n = cset_to_array(cards, c);
	for (int i = 0; i < n; i++)
		out[d->rank_of[c[i]]]++;
}

/* What the deal in t is as far as ranks tell: each seat's hand, the
 * cards it laid face down, those it won and its pair face up. */
static void rank_profile(const state *t, int *out, size_t size)
{
	const deck *d = &t->g->deck;
	memset(out, 0, size);
	for (int q = 0; q < t->players; q++) {
		int *at = out + q * 4 * d->nranks;
		count_ranks(d, t->hand[q], at);
		count_ranks(d, t->passing[q], at + d->nranks);
		count_ranks(d, t->won[q], at + 2 * d->nranks);
		laid_pair lp = state_laid_pair(t, q);
		for (int k = 0; k < 2; k++)
			if (lp.card[k] != CARD_NONE)
				at[3 * d->nranks + d->rank_of[lp.card[k]]]++;
	}
}

/* The rules of thumb lay a pair from the hand, without the list, as
 * they choose one from the list: the same ranks, the same face. */
START_TEST(test_pairs_by_thumb_without_the_list)
{
	game *g = scn_load(GAMES_DIR "/ribs.yaml");
	thumb_style style = thumb_learn(g, g->default_players);
	state s;
	char why[200];
	ck_assert(state_setup(&s, g, g->default_players, 0, NULL, 3, why,
			      sizeof why));
	rng r;
	rng_seed(&r, 3, 3);
	int pairs = 0;
	static int a[SEAT_MAX * 4 * RANK_MAX], b[SEAT_MAX * 4 * RANK_MAX];
	while (!s.over && pairs < 200) {
		if (s.current == SEAT_CHANCE)
			state_deal(&s);
		unsigned faces;
		if (state_lays_together(&s, &faces) == 2) {
			action list[ACTIONS_MAX];
			int n = state_legal(&s, list);
			state by_list = s, by_hand = s;
			state_apply_listed(&by_list,
					   thumb_choose(&s, &style, list, n));
			ck_assert(thumb_step(&by_hand, &style, MIX_THUMB, &r));
			rank_profile(&by_list, a, sizeof a);
			rank_profile(&by_hand, b, sizeof b);
			ck_assert_mem_eq(a, b, sizeof a);
			pairs++;
		}
		ck_assert(state_apply_random(&s, &r).kind != ACT_NONE);
	}
	ck_assert_int_gt(pairs, 50);
	game_free(g);
}
END_TEST

/* ======================================================================
 * What the rules of thumb learn
 * ====================================================================== */

static thumb_style learnt(const char *name)
{
	char path[512];
	snprintf(path, sizeof path, "%s/%s.yaml", GAMES_DIR, name);
	game *g = scn_load(path);
	thumb_style style = thumb_learn(g, g->default_players);
	game_free(g);
	return style;
}

/* Whether tricks cost, for each part a seat can have in a deal: in
 * Schieberamsch they cost in Ramsch, and a Grand Hand's soloist and
 * defenders both want them. */
START_TEST(test_tricks_cost_by_part)
{
	thumb_style hearts = learnt("hearts");
	ck_assert(hearts.tricks_cost[ROLE_NO_DECLARER]);
	thumb_style ramsch = learnt("schieberamsch");
	ck_assert(ramsch.tricks_cost[ROLE_NO_DECLARER]);
	ck_assert(!ramsch.tricks_cost[ROLE_DECLARING]);
	ck_assert(!ramsch.tricks_cost[ROLE_DEFENDING]);
	thumb_style sidi = learnt("sidi-barrani");
	ck_assert(!sidi.tricks_cost[ROLE_DECLARING]);
	ck_assert(!sidi.tricks_cost[ROLE_DEFENDING]);
	/* learnt from deals whose games the rules of thumb declare: the
	 * suit they hold most of, the skat laid back without its jacks */
	thumb_style skat = learnt("skat");
	ck_assert(!skat.tricks_cost[ROLE_DECLARING]);
	ck_assert(!skat.tricks_cost[ROLE_DEFENDING]);
	/* the rules of thumb always open, so Ramsch, once all have
	 * passed, is learnt from deals passed through */
	thumb_style ramsch_after_passes = learnt("skat-ramsch");
	ck_assert(ramsch_after_passes.tricks_cost[ROLE_NO_DECLARER]);
}
END_TEST

/* Skat's first deal (seed 3) played by the rules of thumb up to the
 * first decision whose verb is `verb`. */
static void skat_until(const game *g, const thumb_style *style,
		       const char *verb, state *s)
{
	char why[200];
	ck_assert(state_setup(s, g, 3, 0, NULL, 3, why, sizeof why));
	rng r;
	rng_seed(&r, 3, 7);
	for (int step = 0; step < 64; step++) {
		if (state_current(s) == SEAT_CHANCE) {
			state_deal(s);
			continue;
		}
		if (strcmp(state_decision(s).verb, verb) == 0)
			return;
		ck_assert(thumb_step(s, style, MIX_THUMB, &r));
	}
	ck_abort_msg("no decision to %s", verb);
}

/* The declarer's cards laid back after taking the skat are given away
 * (they contest no trick): the rules of thumb keep the trumps known
 * before the game is named (the jacks), and lay the lowest of the rest
 * where tricks score. */
START_TEST(test_lay_back_keeps_the_trumps)
{
	game *g = load_named("skat");
	thumb_style style = thumb_learn(g, 3);
	state s;
	skat_until(g, &style, "lay", &s);
	int seat = state_current(&s);
	s.hand[seat] = scn_card_set(g, "JC JS JH AC 10C KC QC 9C AS 10S 7H 8D");
	cardset cards = s.hand[seat];
	action lay = action_card(scn_card(g, "7H"));
	ck_assert(state_move_hint(&s, &lay).gives_away);
	ck_assert_int_eq(thumb_card(&s, &style, cards), scn_card(g, "7H"));
	game_free(g);
	/* Euchre's dealer, the up-card ordered up and taken, lays back a
	 * plain card: the nine of trumps is the lowest, but a trump */
	g = load_named("euchre");
	style = thumb_learn(g, 4);
	char why[200];
	ck_assert(state_setup(&s, g, 4, 0, NULL, 3, why, sizeof why));
	state_deal(&s);
	scn_say(&s, "order");
	rng r;
	rng_seed(&r, 3, 7);
	while (strcmp(state_decision(&s).verb, "lay") != 0)
		ck_assert(thumb_step(&s, &style, MIX_THUMB, &r));
	uint8_t power[CARD_MAX];
	cardset trumps = state_trumps_ahead(&s, power);
	seat = state_current(&s);
	card_id nine = cset_first(cset_and(trumps, scn_card_set(g, "9S 9H 9D 9C")));
	cardset plain = cset_minus(scn_card_set(g, "QS QH QD QC"), trumps);
	card_id queen = cset_first(plain);
	s.hand[seat] = cset_empty();
	cset_add(&s.hand[seat], nine);
	cset_add(&s.hand[seat], queen);
	action lay_nine = action_card(nine);
	ck_assert(state_move_hint(&s, &lay_nine).gives_away);
	ck_assert_int_eq(thumb_card(&s, &style, s.hand[seat]), queen);
	game_free(g);
}
END_TEST

/* Of the games that commit alike (Skat's suit games, Grand, Null), the
 * rules of thumb name the one that makes most of the hand trumps; a
 * choice that commits to nothing comes before them all. */
START_TEST(test_game_named_by_the_trumps_held)
{
	game *g = load_named("skat");
	thumb_style style = thumb_learn(g, 3);
	state s;
	skat_until(g, &style, "choose", &s);
	action moves[ACTIONS_MAX];
	char words[64];
	/* the pick-up weighed on the seat's own view, where the skat's
	 * cards are unknown: taking them takes none of them there */
	static view v;
	state_view(&s, state_current(&s), &v);
	ck_assert(!cset_is_empty(v.unknown));
	int k = state_legal(&v.s, moves);
	action picked = thumb_choose(&v.s, &style, moves, k);
	ck_assert(listed(moves, k, &picked));
	/* past the pick-up (or Hand) to the game itself */
	for (int step = 0; step < 8; step++) {
		int n = state_legal(&s, moves);
		state_action_words(&s, &moves[0], 1, words, sizeof words);
		if (n >= 5 && strcmp(words, "diamonds") == 0)
			break;
		rng r;
		rng_seed(&r, 5, (uint64_t)step);
		ck_assert(thumb_step(&s, &style, MIX_THUMB, &r));
	}
	int n = state_legal(&s, moves);
	ck_assert_int_ge(n, 5);
	int seat = state_current(&s);
	const char *hands[][2] = {
		{"JC JS 7C 8C 9C QC KC AC 7H 8D", "clubs"},
		{"JD 7H 8H 9H QH KH 7S 8S AS 7D", "hearts"},
		{"JC JS JH JD 7S 8S 7H 8H 7D 8D", "diamonds"},
	};
	for (size_t i = 0; i < sizeof hands / sizeof *hands; i++) {
		s.hand[seat] = scn_card_set(g, hands[i][0]);
		action a = thumb_choose(&s, &style, moves, n);
		state_action_words(&s, &a, 1, words, sizeof words);
		ck_assert_str_eq(words, hands[i][1]);
	}
	game_free(g);
}
END_TEST

/* The number the rules of thumb call for `hand` at the first call of
 * the game's first deal (seed 3), as thumb_choose picks it. */
static action call_for(const char *name, const char *hand)
{
	char path[512];
	snprintf(path, sizeof path, "%s/%s.yaml", GAMES_DIR, name);
	game *g = scn_load(path);
	thumb_style style = thumb_learn(g, g->default_players);
	state s;
	char why[200];
	ck_assert(state_setup(&s, g, g->default_players, 0, NULL, 3, why,
			      sizeof why));
	state_deal(&s);
	ck_assert(state_calls_round(&s));
	/* the hand is the only thing the count reads besides the deck */
	s.hand[s.current] = scn_card_set(g, hand);
	action moves[ACTIONS_MAX];
	int n = state_legal(&s, moves);
	action a = thumb_choose(&s, &style, moves, n);
	ck_assert(listed(moves, n, &a));
	game_free(g);
	return a;
}

/* In a round of calls (Spades' bids) the rules of thumb call the tricks
 * the hand hopes to take, never the lowest number and never nil: top
 * trumps and plain aces are tricks, a guarded king half of one, and a
 * plain suit's fourth round is trumped. */
START_TEST(test_calls_count_the_hand)
{
	action strong = call_for("spades",
				 "AS KS QS JS 10S AH KH AD KD AC KC 2H 2D");
	ck_assert_int_eq(strong.kind, ACT_BID);
	ck_assert_int_eq(strong.number, 11);
	action weak = call_for("spades",
			       "2S 3H 4H 5H 6H 7D 8D 9D 3C 4C 5C 6C 7C");
	ck_assert_int_eq(weak.kind, ACT_BID);  /* not nil: that is a gamble */
	ck_assert_int_eq(weak.number, 1);      /* the lowest number open */
	action middling = call_for("spades",
				   "AS 5S 4S AH KH 3H KD 4D 3D QC 5C 4C 3C");
	ck_assert_int_eq(middling.kind, ACT_BID);
	ck_assert_int_eq(middling.number, 4);
	/* trumps outranked by trumps outside the hand: the queen none, the
	 * jack half, the ten down to the eight one each */
	action long_trumps = call_for("spades",
				      "QS JS 10S 9S 8S 2H 3H 4H 2D 3D 4D 2C 3C");
	ck_assert_int_eq(long_trumps.kind, ACT_BID);
	ck_assert_int_eq(long_trumps.number, 4);
}
END_TEST

/* Oh Hell's sixth deal (six cards each) of a match played by the rules
 * of thumb from `seed`, just after its calls. */
static void after_calls(const game *g, const thumb_style *style,
			uint64_t seed, state *s)
{
	char why[200];
	ck_assert(state_setup(s, g, 4, 0, NULL, seed, why, sizeof why));
	rng r;
	rng_seed(&r, seed, 7);
	for (int d = 0; d < 5; d++)
		thumb_play_deal(s, style, MIX_THUMB, &r);
	ck_assert_int_eq(state_current(s), SEAT_CHANCE);
	state_deal(s);
	while (state_call_of(s, 0) < 0)
		ck_assert(thumb_step(s, style, MIX_THUMB, &r));
}

/* Where seats call their tricks, the rules of thumb play to the call as
 * the deals learnt from show it pays: in Oh Hell, where only the exact
 * number scores, take tricks while short of it and duck once it is
 * made, and duck every trick after calling none. */
START_TEST(test_play_to_the_call)
{
	thumb_style oh_hell = learnt("oh-hell");
	ck_assert(oh_hell.call_short_takes);
	ck_assert(oh_hell.call_over_costs);
	ck_assert(oh_hell.call_none_ducks);
	thumb_style spades = learnt("spades");
	ck_assert(spades.call_short_takes);
	/* no call in Hearts: nothing learnt of one */
	thumb_style hearts = learnt("hearts");
	ck_assert(!hearts.call_short_takes && !hearts.call_over_costs &&
		  !hearts.call_none_ducks);

	char path[512];
	snprintf(path, sizeof path, "%s/oh-hell.yaml", GAMES_DIR);
	game *g = scn_load(path);
	thumb_style taking = oh_hell, ducking = oh_hell;
	taking.call_short_takes = taking.call_over_costs =
		taking.call_none_ducks = false;
	ducking.call_short_takes = ducking.call_over_costs =
		ducking.call_none_ducks = false;
	for (int k = 0; k < ROLES; k++) {
		taking.tricks_cost[k] = false;
		ducking.tricks_cost[k] = true;
	}
	/* at the first card after the calls where ducking and taking part,
	 * a seat short of its call takes and one that has made it ducks */
	int tried = 0;
	for (uint64_t seed = 1; seed < 100 && tried < 5; seed++) {
		state s;
		after_calls(g, &oh_hell, seed, &s);
		rng r;
		rng_seed(&r, seed, 8);
		for (int i = 0; i < 2; i++)
			ck_assert(thumb_step(&s, &oh_hell, MIX_THUMB, &r));
		cardset cards = state_legal_cards(&s);
		card_id take = thumb_card(&s, &taking, cards);
		card_id duck = thumb_card(&s, &ducking, cards);
		int called = state_call_of(&s, s.current);
		if (take == duck || called == 0)
			continue;
		tried++;
		s.tricks_won[s.current] = 0;
		ck_assert_int_eq(thumb_card(&s, &oh_hell, cards), take);
		s.tricks_won[s.current] = (uint8_t)called;
		ck_assert_int_eq(thumb_card(&s, &oh_hell, cards), duck);
	}
	ck_assert_int_eq(tried, 5);
	/* a seat that called none ducks from the first trick */
	int none = 0;
	for (uint64_t seed = 1; seed < 40; seed++) {
		state s;
		after_calls(g, &oh_hell, seed, &s);
		if (state_call_of(&s, s.current) != 0)
			continue;
		none++;
		cardset cards = state_legal_cards(&s);
		ck_assert_int_eq(thumb_card(&s, &oh_hell, cards),
				 thumb_card(&s, &ducking, cards));
	}
	ck_assert(none > 0);
	game_free(g);
}
END_TEST

/* A deal played by the rules of thumb one decision at a time through
 * the engine's general step, as the playouts played before the trick
 * phases had their own loop of chosen cards. */
static void thumb_play_deal_step_by_step(state *s, const thumb_style *style,
					 thumb_mix mix, rng *r)
{
	if (state_current(s) == SEAT_CHANCE)
		state_deal(s);
	int deal = s->deal_no;
	while (s->current >= 0 && s->deal_no == deal &&
	       thumb_step(s, style, mix, r))
		;
}

/* The trick phases' loop of chosen cards plays the cards the general
 * step plays, from the same draws: every deal of a match, played both
 * ways from the same generator, ends with the same scores, tricks,
 * cards and generator, in games of every shape of trick. */
START_TEST(test_thumb_playout_as_step_by_step)
{
	static const char *const names[] = {
		"whist", "hearts", "spades", "euchre", "skat",
		"sidi-barrani", "doppelkopf", "oh-hell",
	};
	static const thumb_mix mixes[] = {MIX_PLAYOUT, MIX_THUMB,
					  MIX_CALLS_BY_THUMB};
	for (size_t i = 0; i < sizeof names / sizeof *names; i++) {
		char path[512];
		snprintf(path, sizeof path, "%s/%s.yaml", GAMES_DIR, names[i]);
		game *g = scn_load(path);
		thumb_style style = thumb_learn(g, g->default_players);
		for (size_t m = 0; m < sizeof mixes / sizeof *mixes; m++) {
			state fast, slow;
			char why[200];
			ck_assert(state_setup(&fast, g, g->default_players, 0,
					      NULL, 5, why, sizeof why));
			slow = fast;
			rng rf, rs;
			rng_seed(&rf, 9, m);
			rs = rf;
			for (int d = 0; d < 12 && !state_over(&fast); d++) {
				thumb_play_deal(&fast, &style, mixes[m], &rf);
				thumb_play_deal_step_by_step(&slow, &style,
							     mixes[m], &rs);
				ck_assert_msg(memcmp(&rf, &rs, sizeof rf) == 0,
					      "%s deal %d", names[i], d);
				ck_assert_int_eq(fast.current, slow.current);
				ck_assert_int_eq(fast.fault, slow.fault);
				for (int p = 0; p < fast.players; p++) {
					ck_assert_msg(fast.total[p] == slow.total[p],
						      "%s deal %d", names[i], d);
					ck_assert_int_eq(fast.deal_score[p],
							 slow.deal_score[p]);
					ck_assert_int_eq(fast.tricks_won[p],
							 slow.tricks_won[p]);
					ck_assert(cset_eq(fast.hand[p],
							  slow.hand[p]));
				}
			}
		}
		game_free(g);
	}
}
END_TEST

/* The cards the rules of thumb see taking the lead of a trick (found
 * by sets: the trumps, the best card's suit) are those that, played,
 * hold the trick, or take it when it ends: in random deals of every
 * game, trumps, the lowest winning and a hook deciding the last card
 * among them. */
START_TEST(test_taking_the_lead_as_played)
{
	find_games();
	int compared = 0;
	for (int i = 0; i < nfiles; i++) {
		game *g = game_with_players(i);
		if (!g)
			continue;
		state s;
		deal_first(&s, g, (uint64_t)i);
		rng r;
		rng_seed(&r, 31, (uint64_t)i);
		for (int step = 0; step < 400 && !state_over(&s); step++) {
			if (s.current == SEAT_CHANCE) {
				state_deal(&s);
				continue;
			}
			cardset legal = state_legal_cards(&s), taking;
			if (!cset_is_empty(legal) &&
			    state_cards_taking_lead(&s, legal, &taking)) {
				int me = s.current;
				CSET_FOREACH(c, legal) {
					state t = s;
					ck_assert(state_apply_card(&t, c));
					bool holds = t.tricks_done == s.tricks_done
						? state_trick_holder(&t) == me
						: t.last_winner == me;
					ck_assert_msg(holds == cset_has(taking, c),
						      "%s, step %d", g->name, step);
					compared++;
				}
			}
			ck_assert(state_apply_random(&s, &r).kind != ACT_NONE);
		}
		game_free(g);
	}
	ck_assert_int_gt(compared, 5000);
}
END_TEST

/* The rule file's checks guard the game played: a view, and every deal
 * sampled from it for a bot to play out, leave them to the game. */
START_TEST(test_views_leave_the_checks_to_the_game)
{
	game *g = load_named("whist");
	ck_assert_int_gt(g->nchecks, 0);
	state s;
	deal_first(&s, g, 5);
	s.checks = true;
	rng r;
	rng_seed(&r, 3, 0);
	ck_assert_int_ge(s.current, 0);
	static view v;
	state_view(&s, s.current, &v);
	ck_assert(!v.s.checks);
	state sample;
	view_sample(&v, &r, &sample);
	ck_assert(!sample.checks);
	bot b;                          /* a bot that sees every card */
	bot_init(&b, BOT_MC, 1, s.current);
	b.cheat = true;
	bot_view(&b, &s, s.current, &v);
	ck_assert(!v.s.checks);
	ck_assert(s.checks);            /* the game's own are still on */
	game_free(g);
}
END_TEST

static Suite *bots_suite(void)
{
	Suite *su = suite_create("bots");
	TCase *tc = tcase_create("bots");
	tcase_add_unchecked_fixture(tc, NULL, scn_cleanup);
	tcase_add_test(tc, test_names_and_budgets);
	tcase_add_test(tc, test_search_bots_play_every_game);
	tcase_add_test(tc, test_solve_in_a_game_with_players);
	tcase_add_test(tc, test_hidden_cards_change_nothing);
	tcase_add_test(tc, test_budget_cap);
	tcase_add_test(tc, test_call_candidates);
	tcase_add_test(tc, test_call_line);
	tcase_add_test(tc, test_pairs_by_thumb_without_the_list);
	tcase_add_test(tc, test_tricks_cost_by_part);
	tcase_add_test(tc, test_lay_back_keeps_the_trumps);
	tcase_add_test(tc, test_game_named_by_the_trumps_held);
	tcase_add_test(tc, test_calls_count_the_hand);
	tcase_add_test(tc, test_play_to_the_call);
	tcase_add_test(tc, test_thumb_playout_as_step_by_step);
	tcase_add_test(tc, test_views_leave_the_checks_to_the_game);
	tcase_add_test(tc, test_taking_the_lead_as_played);
	suite_add_tcase(su, tc);
	return su;
}

TEST_MAIN(bots_suite)
