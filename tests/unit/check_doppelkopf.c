/*
 * check_doppelkopf.c — games/doppelkopf.yaml and what the engine gives it:
 * the deal's tricks in expressions (trick_winner, trick_leader,
 * trick_cards, trick_of, last_trick, tricks_played, laid), loops over
 * range(FROM, TO), names of `define`, and calls during trick play; the
 * rules: of two equal cards the first played wins, the sides by the
 * queens of clubs, the marriage and its partner (or none), the calls'
 * deadlines, the extra points, what views and samples know of the sides.
 */
#include "testutil.h"
#include "scenario.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/announce.h"
#include "engine/engine.h"
#include "engine/phase.h"
#include "engine/vars.h"
#include "front/command.h"
#include "lang/diag.h"
#include "lang/expr.h"
#include "lang/node.h"
#include "lang/schema.h"
#include "lang/src.h"

#define DOPPELKOPF TOP_SRCDIR "/games/doppelkopf.yaml"

static game *g;
static state s;

static void setup(void)
{
	g = scn_load(DOPPELKOPF);
}

/* Deal `seed` dealt into s, solos left out of the game. */
static void deal_without_solos(uint64_t seed)
{
	char why[200];
	int64_t options[] = {1, 0};     /* no solos */
	ck_assert_msg(state_setup(&s, g, 4, 0, options, seed, why, sizeof why),
		      "%s", why);
	state_deal(&s);
}

static void teardown(void)
{
	game_free(g);
	scn_cleanup();
}

/* An expression of the game's scope, compiled; NULL (with `err` holding
 * the first message) when it does not compile. */
static expr *compile(const char *text, expr_type want, char *err,
		     size_t size)
{
	src_file *f = src_from_text("t.yaml", text, strlen(text));
	ck_assert_ptr_nonnull(f);
	node n;
	memset(&n, 0, sizeof n);
	n.kind = NODE_SCALAR;
	n.style = NODE_PLAIN;
	n.file = f;
	n.line = n.col = 1;
	n.text = f->text;
	n.len = strlen(text);
	diag *d = diag_new();
	expr *e = expr_compile(g->scope, &n, want, d);
	char *text_of = diag_render(d);
	snprintf(err, size, "%s", text_of ? text_of : "");
	free(text_of);
	diag_free(d);
	src_free(f);
	return e;
}

/* Its value for the table (seat < 0) or a seat. */
static value eval_at(const char *text, int seat)
{
	char err[400] = "";
	expr *e = compile(text, TY_NONE, err, sizeof err);
	ck_assert_msg(e != NULL, "%s: %s", text, err);
	return vars_eval(&s, e, seat);
}

static int64_t eval_int(const char *text)
{
	return eval_at(text, -1).i;
}

/* Deals with the cards of `fixed` (one string a seat, may be empty) in
 * those hands, the rest of the deck filling the hands in deck order;
 * dealer 0, so that seat 1 says first and leads. */
static void deal_with(const char *const fixed[4], const int64_t *options)
{
	char why[200];
	ck_assert(state_setup(&s, g, 4, 0, options, 1, why, sizeof why));
	cardset hands[4], taken = cset_empty();
	for (int p = 0; p < 4; p++) {
		hands[p] = scn_card_set(g, fixed[p]);
		ck_assert(!cset_meets(hands[p], taken));
		taken = cset_or(taken, hands[p]);
	}
	CSET_FOREACH(c, cset_minus(g->deck.all, taken)) {
		int p = 0;
		while (cset_count(hands[p]) == 12)
			p++;
		cset_add(&hands[p], c);
	}
	ck_assert_msg(state_deal_cards(&s, hands, NULL, 0, why, sizeof why),
		      "%s", why);
}

/* Every seat says healthy. */
static void all_healthy(void)
{
	for (int k = 0; k < 4; k++)
		scn_say(&s, "healthy");
}

/* The legal actions' words of the seat to move, space-separated. */
static const char *legal_words(char *buf, size_t size)
{
	action list[ACTIONS_MAX];
	int n = state_legal(&s, list);
	state_action_words(&s, list, n, buf, size);
	return buf;
}

static bool may_call(const char *call)
{
	char buf[2000], word[40];
	legal_words(buf, sizeof buf);
	for (const char *p = buf; sscanf(p, "%39s", word) == 1;) {
		if (strcmp(word, call) == 0)
			return true;
		p = strstr(p, word) + strlen(word);
	}
	return false;
}

/* The lowest legal card, played. */
static void play_low(void)
{
	cardset legal = state_legal_cards(&s);
	action list[ACTIONS_MAX];
	int n = state_legal(&s, list);
	for (int i = 0; cset_is_empty(legal) && i < n; i++)
		if (list[i].kind == ACT_CARD)
			cset_add(&legal, list[i].card[0]);
	ck_assert(!cset_is_empty(legal));
	ck_assert(state_apply(&s, action_card(cset_first(legal))));
}

/* Lowest cards until the trick numbered `done` is complete. */
static void play_until(int done)
{
	while (s.current >= 0 && s.tricks_done < done)
		play_low();
}

/* A named value of the deal just scored, at seat p. */
static int64_t named(const char *name, int p)
{
	static value slots[VARS_SLOTS_MAX];
	state_score_values(&s, slots);
	for (int i = 0; i < g->nlets; i++)
		if (strcmp(g->let[i].name, name) == 0)
			return slots[g->let[i].slot + (g->let[i].per_seat ? p : 0)].i;
	ck_abort_msg("no value '%s'", name);
	return 0;
}

/* A call refused to the seat to move, with its reason. */
static void refused(const char *words, const char *why)
{
	command c;
	char err[400] = "";
	state before = s;
	if (command_parse(&s, words, &c, err, sizeof err))
		ck_assert_msg(!command_apply(&s, &c, err, sizeof err),
			      "%s was accepted", words);
	ck_assert_msg(strstr(err, why) != NULL, "%s: '%s' lacks '%s'", words,
		      err, why);
	ck_assert_mem_eq(&before, &s, sizeof s);
}

/* ---- the deal's tricks in expressions ---- */

START_TEST(test_trick_history)
{
	deal_with((const char *[]){"", "", "", ""}, NULL);
	all_healthy();
	ck_assert_int_eq(eval_int("tricks_played"), 0);
	ck_assert_int_eq(eval_int("count(last_trick)"), 0);
	ck_assert_int_eq(eval_int("trick_of(QC)"), 0);
	int8_t leaders[12], winners[12];
	for (int t = 1; t <= 12; t++) {
		leaders[t - 1] = s.leader;
		play_low();
		/* the trick in progress: its cards so far */
		ck_assert_int_eq(eval_int(t == 1 ? "count(trick_cards(1))"
					  : "count(trick_cards(tricks_played + 1))"), 1);
		play_until(t);
		winners[t - 1] = s.last_trick.winner;
		if (t == 12)
			break;          /* scored: the next deal is due */
		char text[200];
		snprintf(text, sizeof text, "trick_winner(%d)", t);
		ck_assert_int_eq(eval_int(text), winners[t - 1]);
		snprintf(text, sizeof text, "trick_leader(%d)", t);
		ck_assert_int_eq(eval_int(text), leaders[t - 1]);
		snprintf(text, sizeof text, "last_trick == trick_cards(%d)", t);
		ck_assert(eval_int(text));
		ck_assert_int_eq(eval_int("tricks_played"), t);
		ck_assert_int_eq(eval_int("count(last_trick)"), 4);
		card_id first = s.last_trick.card[0];
		char name[8];
		deck_card_name(&g->deck, first, false, name);
		snprintf(text, sizeof text, "trick_of(%s) <= %d and trick_of(%s) >= 1",
			 name, t, name);
		ck_assert(eval_int(text));
		/* the leader's card is among the cards the leader laid */
		snprintf(text, sizeof text, "%s in laid[trick_leader(%d)]", name, t);
		ck_assert(eval_int(text));
	}
	/* the scored deal keeps its tricks until the next is dealt */
	ck_assert_int_eq(eval_int("tricks_played"), 12);
	ck_assert_int_eq(eval_int("sum(count(laid))"), 48);
	ck_assert_int_eq(eval_int("sum(t in range(1, tricks_played), count(trick_cards(t)))"), 48);
	ck_assert_int_eq(eval_int("trick_winner(12)"), winners[11]);
	ck_assert_int_eq(eval_int("trick_winner(13)"), 0);    /* none: seat 0 */
	ck_assert_int_eq(eval_int("count(trick_cards(0)) + count(trick_cards(14))"), 0);
	ck_assert_int_eq(eval_int("sum(t in range(1, 12), if trick_winner(t) == last_winner then 1 else 0) > 0"), 1);
	/* the cards each seat took are those of the tricks it won */
	ck_assert(eval_int("all(s in seats, count(won[s]) == 4 * count(t in range(1, 12), trick_winner(t) == s))"));
}
END_TEST

START_TEST(test_range_loops)
{
	deal_with((const char *[]){"", "", "", ""}, NULL);
	ck_assert_int_eq(eval_int("sum(t in range(1, 4), t)"), 10);
	ck_assert_int_eq(eval_int("count(t in range(3, 1), true)"), 0);
	ck_assert_int_eq(eval_int("sum(t in range(-2, 2), t * t)"), 10);
	ck_assert_int_eq(eval_int("max(t in range(1, players), t * 2)"), 8);
	/* a loop takes at most 1024 values, whatever its bounds */
	ck_assert_int_eq(eval_int("count(t in range(1, 1000000000), true)"), 1024);
	ck_assert_int_eq(eval_int("count(t in range(-9223372036854775807, 9223372036854775807), true)"), 1024);
	char err[400] = "";
	ck_assert_ptr_null(compile("sum(t in range(1, QS), t)", TY_NONE, err,
				   sizeof err));
	ck_assert_msg(strstr(err, "the bounds of range(FROM, TO) are integers") != NULL,
		      "%s", err);
	ck_assert_ptr_null(compile("sum(t in range(1; 2), t)", TY_NONE, err,
				   sizeof err));
	ck_assert_msg(strstr(err, "expected ',' between the bounds") != NULL,
		      "%s", err);
}
END_TEST

/* ---- the rules ---- */

START_TEST(test_first_of_equal_cards_wins)
{
	deal_with((const char *[]){"", "10H#1 AS#1", "10H#2 AS#2", "10S#1", ""}, NULL);
	all_healthy();
	scn_say(&s, "play 10H#1");
	scn_say(&s, "play 10H#2");
	play_until(1);
	ck_assert_int_eq(s.last_trick.winner, 1);
	ck_assert_int_eq(eval_int("trick_winner(1)"), 1);
}
END_TEST

START_TEST(test_doppelkopf_trick)
{
	/* both aces and both tens of spades: 42 points, the first ace wins */
	deal_with((const char *[]){"10S#2", "AS#1", "AS#2", "10S#1"}, NULL);
	all_healthy();
	scn_say(&s, "play AS#1");
	scn_say(&s, "play AS#2");
	scn_say(&s, "play 10S#1");
	scn_say(&s, "play 10S#2");
	ck_assert_int_eq(s.last_trick.winner, 1);
	ck_assert_int_eq(eval_int("points(trick_cards(1))"), 42);
	play_until(12);
	if (!named("solo_game", 0))
		ck_assert_int_ge(named(eval_at("re", 1).i ? "re_doppelkopfs"
				       : "kontra_doppelkopfs", 0), 1);
}
END_TEST

START_TEST(test_sides_by_the_queens)
{
	deal_with((const char *[]){"", "QC#1", "", "QC#2"}, NULL);
	all_healthy();
	ck_assert(eval_at("re", 1).i && eval_at("re", 3).i);
	ck_assert(!eval_at("re", 0).i && !eval_at("re", 2).i);
	play_until(12);
	ck_assert_int_eq(named("side", 1), 1);
	ck_assert_int_eq(named("side", 2), 0);
	ck_assert(!named("solo_game", 0));
	ck_assert_int_eq(s.deal_score[1], s.deal_score[3]);
	ck_assert_int_eq(s.deal_score[1], -s.deal_score[0]);
}
END_TEST

START_TEST(test_silent_solo)
{
	deal_with((const char *[]){"", "QC#1 QC#2", "", ""}, NULL);
	all_healthy();
	play_until(12);
	ck_assert(named("solo_game", 0));
	ck_assert_int_eq(s.deal_score[1], -3 * s.deal_score[0]);
	ck_assert_int_eq(named("extras", 0), 0);
}
END_TEST

START_TEST(test_marriage_partner)
{
	/* the marriage player leads a low trump; seat 2 takes it with the
	 * ten of hearts and becomes the partner */
	deal_with((const char *[]){"", "QC#1 QC#2 9D#1", "10H#1 10H#2", ""}, NULL);
	scn_say(&s, "marriage");
	scn_say(&s, "healthy");
	scn_say(&s, "healthy");
	scn_say(&s, "healthy");
	ck_assert_int_eq(s.declarer, 1);
	ck_assert_int_eq(eval_int("settled"), 9);
	view v;                                 /* the marriage shows both queens */
	state_view(&s, 3, &v);
	ck_assert(cset_eq(cset_and(v.s.hand[1], scn_card_set(g, "QC#1 QC#2")),
			  scn_card_set(g, "QC#1 QC#2")));
	ck_assert(!may_call("re"));             /* not before it is settled */
	scn_say(&s, "play 9D#1");
	ck_assert(!may_call("kontra") && !may_call("re"));
	scn_say(&s, "play 10H#1");
	play_until(1);
	ck_assert_int_eq(s.last_trick.winner, 2);
	ck_assert_int_eq(eval_int("settled"), 1);
	ck_assert(eval_at("re", 2).i && eval_at("re", 1).i);
	ck_assert(!eval_at("re", 0).i && !eval_at("re", 3).i);
	/* seat 2 leads trick 2 with 11 cards: Re is open */
	ck_assert_int_eq(s.current, 2);
	ck_assert(may_call("re") && !may_call("kontra"));
	play_until(12);
	ck_assert_int_eq(named("side", 2), 1);
	ck_assert(!named("solo_game", 0));
}
END_TEST

START_TEST(test_marriage_alone)
{
	/* the marriage player takes the first three tricks: alone, a solo;
	 * calls open after the third, with the counts lowered by two */
	deal_with((const char *[]){"", "QC#1 QC#2 10H#1 10H#2 QS#1 QS#2", "", ""},
		  NULL);
	scn_say(&s, "marriage");
	for (int k = 0; k < 3; k++)
		scn_say(&s, "healthy");
	const char *lead[] = {"play 10H#1", "play 10H#2", "play QC#1"};
	for (int t = 0; t < 3; t++) {
		scn_say(&s, lead[t]);
		play_until(t + 1);
		ck_assert_int_eq(s.last_trick.winner, 1);
	}
	ck_assert_int_eq(eval_int("settled"), 3);
	ck_assert_int_eq(eval_int("count(re)"), 1);
	ck_assert(may_call("re"));              /* 9 cards, the count less 2 */
	scn_say(&s, "re");
	play_until(12);
	ck_assert(named("solo_game", 0));
	ck_assert_int_eq(s.deal_score[1], -3 * s.deal_score[2]);
}
END_TEST

START_TEST(test_calls_and_deadlines)
{
	deal_with((const char *[]){"", "QC#1", "", "QC#2"}, NULL);
	all_healthy();
	/* seat 1 (Re) leads: Re, not Kontra */
	ck_assert(may_call("re") && !may_call("kontra") && !may_call("no90"));
	refused("kontra", "the player is of the Kontra side");
	scn_say(&s, "call re");
	ck_assert_int_eq(s.counter[2][0], 1);   /* re_said */
	ck_assert_int_eq(s.current, 1);         /* a call does not end the turn */
	ck_assert(!may_call("re") && may_call("no90"));
	refused("re", "you have called re already");
	play_low();
	/* seat 2 (Kontra) may answer */
	ck_assert(may_call("kontra") && !may_call("re"));
	play_until(1);
	play_until(2);
	/* after two cards each: 10 left; the answer is still open to a
	 * Kontra player who has not spoken, a first call would not be */
	while (s.current >= 0 && eval_at("re", s.current).i)
		play_low();
	ck_assert_int_eq(eval_at("count(hand)", s.current).i, 10);
	ck_assert(may_call("kontra"));
	play_until(3);
	while (s.current >= 0 && eval_at("re", s.current).i)
		play_low();
	ck_assert_int_eq(eval_at("count(hand)", s.current).i, 9);
	ck_assert(!may_call("kontra"));
}
END_TEST

START_TEST(test_karlchen_and_foxes)
{
	/* deals played at random until the jack of clubs takes the last
	 * trick: the winner's side has Karlchen */
	rng r;
	rng_seed(&r, 5, 0);
	bool karlchen = false, fox = false;
	for (uint64_t seed = 1; seed < 400 && !(karlchen && fox); seed++) {
		deal_without_solos(seed);
		while (s.current >= 0 && s.tricks_done < 12) {
			cardset legal = state_legal_cards(&s);
			action list[ACTIONS_MAX];
			int n = state_legal(&s, list);
			if (cset_is_empty(legal) && list[0].kind == ACT_CHOICE &&
			    state_phase_kind(&s) != PHASE_TRICKS) {
				ck_assert(state_apply(&s, list[0]));
				continue;
			}
			for (int i = 0; i < n; i++)
				if (list[i].kind == ACT_CARD)
					cset_add(&legal, list[i].card[0]);
			ck_assert(state_apply(&s, action_card(cset_nth(legal,
				(int)rng_below(&r, (uint32_t)cset_count(legal))))));
		}
		if (named("solo_game", 0))
			continue;
		const trick_record *last = &s.last_trick;
		int w = last->winner, pos = (w - last->leader + 4) % 4;
		bool jc = g->deck.face[last->card[pos]] ==
			  g->deck.face[scn_card(g, "JC#1")];
		bool re_won = eval_at("re", w).i;
		ck_assert_int_eq(named(re_won ? "re_karlchen" : "kontra_karlchen", 0),
				 jc);
		ck_assert_int_eq(named(re_won ? "kontra_karlchen" : "re_karlchen", 0),
				 0);
		karlchen |= jc;
		/* a fox: a diamond ace won by the other side than its player's */
		for (int t = 1; t <= 12; t++) {
			char text[300];
			snprintf(text, sizeof text, "count(x in trick_cards(%d) & AD, "
				 "re[trick_winner(%d)] != re[seat]) > 0 and "
				 "count(trick_cards(%d) & AD & laid) > 0", t, t, t);
			int taker = -1;
			for (int p = 0; p < 4; p++)
				if (eval_at(text, p).i)
					taker = s.trick_winner[t - 1];
			if (taker >= 0) {
				ck_assert_int_ge(named(eval_at("re", taker).i
					? "re_foxes" : "kontra_foxes", 0), 1);
				fox = true;
			}
		}
	}
	ck_assert(karlchen && fox);
}
END_TEST

/* A playout keeps the values of the defines no card changes from one
 * card to the next (a marriage's partner found, the sides, the calls
 * made: vars_memo_open_steady) and still ends, from any card on, where
 * one random action at a time ends: normal games and marriages. */
START_TEST(test_playout_as_steps_keeps_the_sides)
{
	int marriages = 0;
	for (uint64_t seed = 1; seed <= 300; seed++) {
		deal_without_solos(seed);
		rng r, rb;
		rng_seed(&r, 3, seed);
		while (s.current >= 0 && state_phase_kind(&s) != PHASE_TRICKS)
			state_apply_random(&s, &r);
		for (uint64_t k = 0; k < seed % 29 && s.current >= 0; k++)
			state_apply_random(&s, &r);
		if (s.current < 0)
			continue;
		marriages += eval_at("marriage_game", 0).i != 0;
		state b = s;
		rb = r;
		int deal = s.deal_no;
		state_random_playout(&s, &r);
		while (state_current(&b) >= 0 && b.deal_no == deal)
			state_apply_random(&b, &rb);
		ck_assert_msg(memcmp(&s, &b, sizeof s) == 0, "seed %d",
			      (int)seed);
		ck_assert_mem_eq(&r, &rb, sizeof r);
	}
	ck_assert_int_gt(marriages, 5);
}
END_TEST

/* The calls (bits, in the order of the rule file: re, kontra, no90,
 * no60, no30, schwarz) that raise a counter in `counters`. */
static uint32_t calls_raising(uint32_t counters)
{
	const tricks_phase *t = &g->phase[1].u.tricks;
	uint32_t calls = 0;
	for (int i = 0; i < t->ncalls; i++)
		if (t->call[i].raises & counters)
			calls |= UINT32_C(1) << i;
	return calls;
}

/* The defines a call may change are those that read its counters (the
 * side's calls and levels); the sides and the marriage's trick are
 * kept through the calls.  A call's gate (its operands no card changes,
 * and those on the hand that stay false once false) is worked out again
 * after the calls that raise what it reads: Re and Kontra after either
 * (each reads the other's call in its threshold of cards), the
 * follow-ups after a follow-up (no 90 after Re or Kontra too). */
START_TEST(test_defines_by_call)
{
	enum { RE = 1, KONTRA = 2, NO90 = 4, NO60 = 8, NO30 = 16, SCHWARZ = 32 };
	const uint32_t levels = NO90 | NO60 | NO30 | SCHWARZ;
	static const struct { const char *name; uint32_t calls; } want[] = {
		{"marriage_game", 0}, {"settled", 0}, {"re", 0}, {"time", 0},
		{"my_level", NO90 | NO60 | NO30 | SCHWARZ},
		{"my_call", RE | KONTRA},
	};
	for (size_t k = 0; k < sizeof want / sizeof *want; k++) {
		int d = 0;
		while (d < g->ndefines && strcmp(g->define_name[d], want[k].name))
			d++;
		ck_assert_int_lt(d, g->ndefines);
		ck_assert_msg(calls_raising(g->define_counters[d]) ==
			      want[k].calls, "%s", want[k].name);
	}
	const tricks_phase *t = &g->phase[1].u.tricks;
	static const uint32_t gate[] = {RE | KONTRA, RE | KONTRA,
					RE | KONTRA | levels, levels, levels,
					levels};
	ck_assert_int_eq(t->ncalls, 6);
	for (int i = 0; i < t->ncalls; i++) {
		ck_assert_msg(calls_raising(t->call[i].reads) == gate[i], "%s",
			      t->call[i].name);
		/* `time >= ...` latches: the hand only shrinks */
		ck_assert_uint_ne(t->call[i].other_ops, 0);
		ck_assert_uint_eq(t->call[i].latch_ops, t->call[i].other_ops);
	}
}
END_TEST

/* In a playout the steady operands of the calls' conditions are kept
 * (the side, the calls made, the marriage settled): the calls open are
 * those a copy of the state, with nothing kept, finds, after each call
 * and each trick; normal games and marriages. */
START_TEST(test_calls_kept_closed_reopen)
{
	const tricks_phase *t = &g->phase[1].u.tricks;
	int reopened = 0;
	for (uint64_t seed = 1; seed <= 200; seed++) {
		deal_without_solos(seed);
		rng r;
		rng_seed(&r, 5, seed);
		while (s.current >= 0 && state_phase_kind(&s) != PHASE_TRICKS)
			state_apply_random(&s, &r);
		vars_memo steady;
		vars_memo_open_steady(&steady, &s);
		uint32_t before = 0;
		int deal = s.deal_no;
		while (s.current >= 0 && s.deal_no == deal &&
		       state_phase_kind(&s) == PHASE_TRICKS) {
			state fresh = s;        /* not the steady memo's */
			uint32_t open = announce_open(&s, t);
			ck_assert_uint_eq(open, announce_open(&fresh, t));
			reopened += (open & ~before) != 0 && before != 0;
			before = open;
			state_apply_random(&s, &r);
		}
		vars_memo_close(&steady);
	}
	ck_assert_int_gt(reopened, 20);
}
END_TEST

/* ---- what views and samples know of the sides ---- */

START_TEST(test_sides_hidden_until_shown)
{
	deal_with((const char *[]){"", "QC#1", "QC#2", ""}, NULL);
	all_healthy();
	scn_say(&s, "re");                      /* seat 1 tells its side */
	rng r;
	rng_seed(&r, 3, 0);
	cardset qc = scn_card_set(g, "QC#1 QC#2");
	view v;
	state_view(&s, 0, &v);
	/* the call shows one queen in the caller's hand, not the other's */
	ck_assert(cset_eq(cset_and(v.s.hand[1], qc), scn_card_set(g, "QC#1")));
	ck_assert(!cset_meets(v.s.hand[2], qc) && !cset_meets(v.s.dealt[2], qc));
	for (int k = 0; k < 20; k++) {
		state t;
		view_sample(&v, &r, &t);
		ck_assert(cset_has(t.hand[1], scn_card(g, "QC#1")));
	}
	scn_say(&s, "play QC#1");               /* now seat 1's is shown */
	state_view(&s, 0, &v);
	ck_assert(cset_has(v.s.dealt[1], scn_card(g, "QC#1")));
	ck_assert(!cset_meets(v.s.dealt[2], qc));
	for (int k = 0; k < 20; k++) {
		state t;
		view_sample(&v, &r, &t);
		ck_assert(cset_has(t.dealt[1], scn_card(g, "QC#1")));
		ck_assert(vars_eval(&t, compile("re", TY_NONE, (char[400]){0}, 400), 1).i);
		/* the other queen goes anywhere but seat 0's hand */
		ck_assert(!cset_has(t.hand[0], scn_card(g, "QC#2")));
	}
}
END_TEST

/* The cards a marriage and a call of Re show, in words: all of them by
 * their words alone, one of them counted. */
START_TEST(test_shown_in_words)
{
	char buf[200];
	const choice_def *marriage = &g->phase[0].u.choose.choice[1];
	ck_assert_str_eq(marriage->name, "marriage");
	ck_assert_str_eq(phase_shown_words(&marriage->shows, buf, sizeof buf),
			 "the queens of clubs");
	const trick_call *re = &g->phase[1].u.tricks.call[0];
	ck_assert_str_eq(phase_shown_words(&re->shows, buf, sizeof buf),
			 "1 of the queens of clubs, in a normal game (none in a "
			 "solo or a marriage)");
}
END_TEST

static Suite *doppelkopf_suite(void)
{
	Suite *su = suite_create("doppelkopf");
	TCase *tc = tcase_create("expressions");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, test_trick_history);
	tcase_add_test(tc, test_range_loops);
	suite_add_tcase(su, tc);
	tc = tcase_create("rules");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, test_first_of_equal_cards_wins);
	tcase_add_test(tc, test_doppelkopf_trick);
	tcase_add_test(tc, test_sides_by_the_queens);
	tcase_add_test(tc, test_silent_solo);
	tcase_add_test(tc, test_marriage_partner);
	tcase_add_test(tc, test_marriage_alone);
	tcase_add_test(tc, test_calls_and_deadlines);
	tcase_add_test(tc, test_karlchen_and_foxes);
	tcase_add_test(tc, test_playout_as_steps_keeps_the_sides);
	tcase_add_test(tc, test_defines_by_call);
	tcase_add_test(tc, test_calls_kept_closed_reopen);
	tcase_add_test(tc, test_shown_in_words);
	suite_add_tcase(su, tc);
	tc = tcase_create("hidden");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, test_sides_hidden_until_shown);
	suite_add_tcase(su, tc);
	return su;
}

TEST_MAIN(doppelkopf_suite)
