/*
 * check_skat.c — Skat (games/skat.yaml) by the International Skat Order:
 * the game values of every kind of contract against the published table
 * (suit games and Grand with and without 1 to 11 matadors, Hand,
 * Schneider, Schwarz, announced, Ouvert; the Null values; lost games
 * doubled; the overbid rule), then the bidding by holding, the choice of
 * Null refused above its value, the rank order of Null and the jacks as
 * trumps in play.
 */
#include "testutil.h"
#include "scenario.h"

#include <string.h>

#include "engine/engine.h"
#include "engine/place.h"
#include "engine/score.h"
#include "engine/vars.h"
#include "front/command.h"
#include "lang/diag.h"
#include "lang/expr.h"
#include "lang/src.h"

#define GAMES TOP_SRCDIR "/games/"

enum { DIAMONDS = 1, HEARTS, SPADES, CLUBS, GRAND, NUL };

static game *g;
static state s;

static void setup(void)
{
	g = scn_load(GAMES "skat.yaml");
	char why[200];
	ck_assert(state_setup(&s, g, 3, 0, NULL, 3, why, sizeof why));
}

static void teardown(void)
{
	game_free(g);
}

/* The scoring's named value `name` of seat p, as scored. */
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

/* One played game: the contract, the declarer's twelve cards (hand and
 * skat, which decide the matadors), the cards it took ("all": every
 * card but the skat's 7H 8H, worth nothing) and its tricks; the value
 * and the declarer's score the table says. */
typedef struct skat_case {
	const char *name;
	int game, hand, announced, ouvert, bid;
	const char *mine, *won;
	int tricks;
	int value, score;
} skat_case;

#define SKAT "7H 8H"
#define W64 "AC AS AH AD 10C 10S"
#define W54 "AC AS AH AD 10C"
#define W92 "AC AS AH AD 10C 10S 10H 10D KC KS"
#define W90 "AC AS AH AD 10C 10S 10H 10D JC JS JH"
#define W31 "AC AS QC QS QH"
#define W30 "AC AS KC KS"

/* the declarer's twelve cards for so many matadors */
#define CLUBS_WITH_1 "JC AC 10C KC 7D 8D 9D QD KD 7S 7H 8H"
#define CLUBS_WITH_2 "JC JS AC 10C 7D 8D 9D QD KD 7S 7H 8H"
#define CLUBS_WITHOUT_1 "JS AC 10C KC 7D 8D 9D QD KD 7S 7H 8H"
#define CLUBS_WITHOUT_2 "JH AC 10C KC 7D 8D 9D QD KD 7S 7H 8H"
#define WITH_3 "JC JS JH AC 10C KC 7D 8D 9D QD 7H 8H"
#define WITH_4 "JC JS JH JD AS 10S KC 7D 8D 9D 7H 8H"
#define DIAMONDS_WITH_11 "JC JS JH JD AD 10D KD QD 9D 8D 7D AC"
#define DIAMONDS_WITHOUT_11 "AC 10C KC QC 9C 8C 7C AS 10S KS 7H 8H"
#define NO_JACKS "AC 10C KC QC 9C 8C 7C AS 10S KS 7H 8H"

static const skat_case cases[] = {
	/* suit games: base x (matadors + 1 + levels) */
	{"clubs with 1, game 2", CLUBS, 0, 0, 0, 18, CLUBS_WITH_1, W64, 5, 24, 24},
	{"clubs with 2, game 3", CLUBS, 0, 0, 0, 18, CLUBS_WITH_2, W64, 5, 36, 36},
	{"clubs without 1, game 2", CLUBS, 0, 0, 0, 24, CLUBS_WITHOUT_1, W64, 5, 24, 24},
	{"clubs without 2, game 3", CLUBS, 0, 0, 0, 18, CLUBS_WITHOUT_2, W64, 5, 36, 36},
	{"spades with 3, schneider", SPADES, 0, 0, 0, 18, WITH_3, W92, 7, 55, 55},
	{"spades with 3, 90 is schneider", SPADES, 0, 0, 0, 18, WITH_3, W90, 7, 55, 55},
	{"hearts with 1, hand", HEARTS, 1, 0, 0, 18, "JC AH 10H KH 7D 8D 9D QD KD 7S QH 9H",
	 W64, 5, 30, 30},
	{"hearts with 1, hand, schneider announced", HEARTS, 1, 1, 0, 18,
	 "JC AH 10H KH 7D 8D 9D QD KD 7S QH 9H", W92, 7, 50, 50},
	{"hearts hand schneider announced, missed", HEARTS, 1, 1, 0, 18,
	 "JC AH 10H KH 7D 8D 9D QD KD 7S QH 9H", W64, 5, 50, -100},
	{"diamonds with 11", DIAMONDS, 0, 0, 0, 18, DIAMONDS_WITH_11, W64, 6, 108, 108},
	{"diamonds without 11", DIAMONDS, 0, 0, 0, 18, DIAMONDS_WITHOUT_11, W64, 6, 108, 108},
	{"clubs with 4", CLUBS, 0, 0, 0, 18, WITH_4, W64, 6, 60, 60},
	{"clubs with 1, schwarz", CLUBS, 0, 0, 0, 18, CLUBS_WITH_1, "all", 10, 48, 48},
	/* grand: 24 x (matadors, at most 4, + 1 + levels) */
	{"grand with 4", GRAND, 0, 0, 0, 18, WITH_4, W64, 5, 120, 120},
	{"grand without 4", GRAND, 0, 0, 0, 18, NO_JACKS, W64, 5, 120, 120},
	{"grand with 3", GRAND, 0, 0, 0, 18, WITH_3, W64, 5, 96, 96},
	{"grand hand with 4", GRAND, 1, 0, 0, 18, WITH_4, W64, 5, 144, 144},
	{"grand hand with 2, schwarz announced", GRAND, 1, 2, 0, 18, CLUBS_WITH_2,
	 "all", 10, 192, 192},
	{"grand hand schwarz announced, a trick lost", GRAND, 1, 2, 0, 18,
	 CLUBS_WITH_1, W92, 9, 168, -336},
	{"grand ouvert with 4", GRAND, 1, 2, 1, 18, WITH_4, "all", 10, 264, 264},
	/* lost games: twice the value, schneidered when at 30 or less */
	{"clubs with 1 lost at 54", CLUBS, 0, 0, 0, 18, CLUBS_WITH_1, W54, 4, 24, -48},
	{"clubs with 1 lost at 31", CLUBS, 0, 0, 0, 18, CLUBS_WITH_1, W31, 3, 24, -48},
	{"clubs with 1 lost schneider at 30", CLUBS, 0, 0, 0, 18, CLUBS_WITH_1, W30,
	 2, 36, -72},
	{"clubs with 1 lost schwarz", CLUBS, 0, 0, 0, 18, CLUBS_WITH_1, "", 0, 48, -96},
	/* the overbid rule: lost at the lowest multiple of the base up to
	 * the bid, even with 61 points */
	{"diamonds with 1 bid 20", DIAMONDS, 0, 0, 0, 20, "JC AD 10D KD 7C 8C 9C QC KC 7S 7H 8H",
	 W64, 5, 18, -54},
	{"spades with 1 bid 23", SPADES, 0, 0, 0, 23, "JC AS 10S KS 7C 8C 9C QC KC 7D 7H 8H",
	 W64, 5, 22, -66},
	{"clubs with 1 bid 36 made schneider", CLUBS, 0, 0, 0, 36, CLUBS_WITH_1,
	 W92, 7, 36, 36},
	{"grand with 1 bid 60", GRAND, 0, 0, 0, 60, CLUBS_WITH_1, W64, 5, 48, -144},
	/* Null: fixed values, no trick for the declarer */
	{"null", NUL, 0, 0, 0, 18, NO_JACKS, "", 0, 23, 23},
	{"null lost", NUL, 0, 0, 0, 18, NO_JACKS, "7C 8C 9C", 1, 23, -46},
	{"null hand", NUL, 1, 0, 0, 18, NO_JACKS, "", 0, 35, 35},
	{"null ouvert", NUL, 0, 0, 1, 18, NO_JACKS, "", 0, 46, 46},
	{"null ouvert hand", NUL, 1, 0, 1, 18, NO_JACKS, "", 0, 59, 59},
	{"null ouvert hand lost", NUL, 1, 0, 1, 18, NO_JACKS, "7C 8C 9C", 1, 59, -118},
};

/* Seat 0 declared the case's game and is scored; seat 1 took the rest. */
static void score_case(const skat_case *c)
{
	state_deal(&s);
	int counts[] = {c->game, c->hand, c->announced, c->ouvert};
	for (int k = 0; k < 4; k++)
		s.counter[k][0] = counts[k];
	s.bid = (int16_t)c->bid;
	s.declarer = 0;
	cardset skat = scn_card_set(g, SKAT);
	cardset mine = scn_card_set(g, c->mine);
	s.dealt[0] = cset_minus(mine, skat);
	s.dealt[1] = cset_minus(s.in_play, mine);
	s.dealt[2] = cset_empty();
	s.won[0] = strcmp(c->won, "all") == 0 ? cset_minus(s.in_play, skat)
		   : c->won[0] ? scn_card_set(g, c->won) : cset_empty();
	s.won[1] = cset_minus(cset_minus(s.in_play, skat), s.won[0]);
	s.won[2] = cset_empty();
	s.tricks_won[0] = (uint8_t)c->tricks;
	s.tricks_won[1] = (uint8_t)(10 - c->tricks);
	s.tricks_won[2] = 0;
	for (int p = 0; p < 3; p++)
		s.hand[p] = cset_empty();
	piles_clear(&s);
	CSET_FOREACH(k, skat)
		pile_push(&s, g->place[0].first_pile, k);
	s.last_winner = 0;
	s.nplayed = 0;
	score_deal(&s);
	ck_assert_int_eq(s.failed_check, 0);
}

START_TEST(test_game_values)
{
	const skat_case *c = &cases[_i];
	score_case(c);
	ck_assert_msg(named("value", 0) == c->value, "%s: value %lld, not %d",
		      c->name, (long long)named("value", 0), c->value);
	ck_assert_msg(s.deal_score[0] == c->score, "%s: score %lld, not %d",
		      c->name, (long long)s.deal_score[0], c->score);
	ck_assert_int_eq(s.deal_score[1], 0);
	ck_assert_int_eq(s.deal_score[2], 0);
}
END_TEST

START_TEST(test_matadors)
{
	const struct { int game; const char *mine; int want; } m[] = {
		{CLUBS, CLUBS_WITH_1, 1}, {CLUBS, CLUBS_WITH_2, 2},
		{CLUBS, CLUBS_WITHOUT_1, 1}, {CLUBS, CLUBS_WITHOUT_2, 2},
		{CLUBS, WITH_3, 3}, {CLUBS, WITH_4, 4},
		{DIAMONDS, DIAMONDS_WITH_11, 11}, {DIAMONDS, DIAMONDS_WITHOUT_11, 11},
		{GRAND, WITH_4, 4}, {GRAND, NO_JACKS, 4},
		/* with 4 and the ace of the trump suit: with 5 */
		{SPADES, WITH_4, 6},
	};
	for (size_t i = 0; i < sizeof m / sizeof *m; i++) {
		skat_case c = {"matadors", m[i].game, 0, 0, 0, 18, m[i].mine, W64,
			       5, 0, 0};
		score_case(&c);
		ck_assert_msg(named("matadors", 0) == m[i].want, "%s in game %d: "
			      "%lld matadors, not %d", m[i].mine, m[i].game,
			      (long long)named("matadors", 0), m[i].want);
	}
}
END_TEST

/* The list of legal calls, in words, is `want`. */
static void check_calls(const char *want)
{
	action list[ACTIONS_MAX];
	int n = state_legal(&s, list);
	char got[2000] = "", w[64];
	for (int i = 0; i < n; i++) {
		state_action_words(&s, &list[i], 1, w, sizeof w);
		strcat(got, i ? " " : "");
		strcat(got, w);
	}
	ck_assert_str_eq(got, want);
}

/* Seat 0 deals: forehand is seat 1, middlehand seat 2, rearhand seat 0.
 * Middlehand bids to forehand, who holds, then passes at 20; rearhand
 * bids 22 to middlehand, who holds, and passes: middlehand declares at
 * 22. */
START_TEST(test_bidding_by_holding)
{
	state_deal(&s);
	ck_assert_int_eq(state_phase_kind(&s), PHASE_HOLD);
	ck_assert_int_eq(s.current, 2);
	action list[ACTIONS_MAX];
	ck_assert_int_eq(state_legal(&s, list), 64);     /* 63 bids, pass */
	scn_say(&s, "call 18");
	ck_assert_int_eq(s.current, 1);
	check_calls("hold pass");
	scn_say(&s, "call hold");
	ck_assert_int_eq(s.current, 2);
	ck_assert_int_eq(state_legal(&s, list), 63);     /* 20 upward, pass */
	scn_say(&s, "call 20");
	scn_say(&s, "call pass");
	ck_assert_int_eq(s.current, 0);
	scn_say(&s, "call 22");
	ck_assert_int_eq(s.current, 2);
	scn_say(&s, "call yes");
	ck_assert_int_eq(s.current, 0);
	scn_say(&s, "call pass");
	ck_assert_int_eq(s.declarer, 2);
	ck_assert_int_eq(s.bid, 22);
	ck_assert_int_eq(state_phase_kind(&s), PHASE_CHOOSE);
	ck_assert_int_eq(s.current, 2);
}
END_TEST

/* Middlehand and rearhand pass without a bid: forehand may bid 18 or
 * pass; when it passes too, the deal is thrown in and dealt again by
 * the same dealer. */
/* A random call of the bidding is drawn without the list, but it is the
 * member of the list that the same draw names there: bids, answers
 * (holding) and, where two passed at once, the last seat's call. */
START_TEST(test_a_random_bid_is_the_listed_draw)
{
	rng r;
	rng_seed(&r, 7, 1);
	int calls = 0;
	for (uint64_t seed = 1; seed <= 200; seed++) {
		char why[200];
		ck_assert(state_setup(&s, g, 3, 0, NULL, seed, why, sizeof why));
		state_deal(&s);
		for (uint64_t k = 0; seed % 4 == 0 && k < 2; k++)
			scn_say(&s, "call pass");
		while (s.current >= 0 && state_phase_kind(&s) == PHASE_HOLD) {
			action list[ACTIONS_MAX];
			int n = state_legal(&s, list);
			rng listed = r;
			action want = list[rng_below(&listed, (uint32_t)n)];
			action got = state_apply_random(&s, &r);
			ck_assert(action_eq(&got, &want));
			ck_assert_mem_eq(&listed, &r, sizeof r);
			calls++;
		}
	}
	ck_assert_int_gt(calls, 400);
}
END_TEST

START_TEST(test_passed_in)
{
	state_deal(&s);
	scn_say(&s, "call pass");
	ck_assert_int_eq(s.current, 0);
	scn_say(&s, "call pass");
	ck_assert_int_eq(s.current, 1);
	check_calls("18 pass");
	state t = s;
	scn_say(&t, "call 18");
	ck_assert_int_eq(t.declarer, 1);
	ck_assert_int_eq(t.bid, 18);
	cardset before = s.hand[1];
	scn_say(&s, "call pass");
	ck_assert_int_eq(s.deal_no, 1);
	ck_assert_int_eq(s.dealer, 0);
	ck_assert_int_eq(state_phase_kind(&s), PHASE_HOLD);
	ck_assert(!cset_eq(s.hand[1], before));
}
END_TEST

/* Null may not be declared above its value: at 24, Null is refused
 * after the skat is picked up, Null Ouvert (46) is not. */
START_TEST(test_null_above_its_value)
{
	state_deal(&s);
	scn_say(&s, "call 24");
	scn_say(&s, "call pass");
	scn_say(&s, "call pass");
	ck_assert_int_eq(s.declarer, 2);
	state before = s;
	scn_say(&s, "choose hand");
	action list[ACTIONS_MAX];
	int n = state_legal(&s, list);
	/* four suits, grand, null hand (35), null ouvert hand */
	ck_assert_int_eq(n, 7);
	state t = s;
	scn_say(&t, "choose null");
	ck_assert_int_eq(t.counter[0][0], NUL);
	s = before;
	scn_say(&s, "choose pickup");
	const phase *p = &g->phase[s.phase];
	ck_assert_int_eq(p->kind, PHASE_CHOOSE);
	action lay[2];
	int k = 0;
	CSET_FOREACH(c, s.hand[2])
		if (k < 2)
			lay[k++] = action_card(c);
	for (int i = 0; i < 2; i++)
		ck_assert(state_apply(&s, lay[i]));
	n = state_legal(&s, list);
	ck_assert_int_eq(n, 6);         /* no plain Null at 24 */
	command c;
	char err[300];
	ck_assert(command_parse(&s, "choose null", &c, err, sizeof err));
	ck_assert(!command_apply(&s, &c, err, sizeof err));
	ck_assert_msg(strstr(err, "Null is worth") != NULL, "%s", err);
}
END_TEST

/* `rank_order`, as an expression of the game reads it now. */
static int64_t rank_order(void)
{
	const char *text = "rank_order";
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
	expr *e = expr_compile(g->scope, &n, TY_INT, d);
	diag_free(d);
	ck_assert_ptr_nonnull(e);
	int64_t v = vars_eval(&s, e, -1).i;
	src_free(f);
	return v;
}

/* Deals the hands below (forehand 1 leads), middlehand (2) declaring
 * `game` Hand at 18. */
static void deal_and_declare(const char *game_word)
{
	cardset hands[SEAT_MAX];
	memset(hands, 0, sizeof hands);
	hands[1] = scn_card_set(g, "JD 7C 8C 9C QC KC 10C AC 7S 8S");
	hands[2] = scn_card_set(g, "JS 9S QS KS 10S AS 7H 8H 9H QH");
	hands[0] = scn_card_set(g, "JC JH KH 10H AH 7D 8D 9D QD KD");
	card_id rest[2];
	scn_card_list(g, "10D AD", rest);
	char why[200];
	ck_assert(state_setup(&s, g, 3, 0, NULL, 3, why, sizeof why));
	ck_assert_msg(state_deal_cards(&s, hands, rest, 2, why, sizeof why),
		      "%s", why);
	scn_say(&s, "call 18");
	scn_say(&s, "call pass");
	scn_say(&s, "call pass");
	scn_say(&s, "choose hand");
	char say[40];
	snprintf(say, sizeof say, "choose %s", game_word);
	scn_say(&s, say);
	if (state_phase_kind(&s) == PHASE_CHOOSE)
		scn_say(&s, "choose none");
	ck_assert_int_eq(state_phase_kind(&s), PHASE_TRICKS);
	ck_assert_int_eq(s.current, 1);
}

/* In Null the ranks go 7 8 9 10 J Q K A and the jacks follow their
 * suits; in a suit game the jacks are trumps above the ace. */
START_TEST(test_rank_orders)
{
	deal_and_declare("null");
	ck_assert_int_eq(rank_order(), 1);          /* the first of the list */
	ck_assert(state_apply_card(&s, scn_card(g, "10C")));
	ck_assert(state_apply_card(&s, scn_card(g, "7H")));     /* void */
	ck_assert(state_apply_card(&s, scn_card(g, "JC")));     /* a club */
	ck_assert_int_eq(s.last_trick.winner, 0);        /* J above 10 */
	ck_assert(state_apply_card(&s, scn_card(g, "KH")));
	ck_assert(state_apply_card(&s, scn_card(g, "7S")));
	ck_assert(state_apply_card(&s, scn_card(g, "QH")));
	ck_assert_int_eq(s.last_trick.winner, 0);        /* K above Q */
	ck_assert(state_apply_card(&s, scn_card(g, "10H")));
	ck_assert(state_apply_card(&s, scn_card(g, "8S")));
	ck_assert(cset_eq(state_legal_cards(&s), scn_card_set(g, "8H 9H")));
	ck_assert(state_apply_card(&s, scn_card(g, "9H")));
	ck_assert_int_eq(s.last_trick.winner, 0);        /* 10 above 9 */

	deal_and_declare("spades");
	ck_assert_int_eq(rank_order(), 0);          /* the deck's */
	ck_assert(state_apply_card(&s, scn_card(g, "7S")));
	ck_assert(cset_eq(state_legal_cards(&s),
			  scn_card_set(g, "JS 9S QS KS 10S AS")));
	ck_assert(state_apply_card(&s, scn_card(g, "AS")));
	/* a spade led is a trump led: seat 0 follows with a jack */
	ck_assert(cset_eq(state_legal_cards(&s), scn_card_set(g, "JC JH")));
	ck_assert(state_apply_card(&s, scn_card(g, "JH")));
	ck_assert_int_eq(s.last_trick.winner, 0);        /* JH above AS */
	ck_assert(state_apply_card(&s, scn_card(g, "JC")));
	/* a jack led asks for trumps: the jack of diamonds, or spades */
	ck_assert(cset_eq(state_legal_cards(&s), scn_card_set(g, "JD 8S")));
}
END_TEST

/* Skat with Ramsch: a deal all pass is played with the jacks alone as
 * trumps, from forehand, nobody picking up the skat. */
START_TEST(test_ramsch_when_all_pass)
{
	game *base = g;
	g = scn_load(GAMES "skat-ramsch.yaml");
	char why[200];
	ck_assert(state_setup(&s, g, 3, 0, NULL, 3, why, sizeof why));
	state_deal(&s);
	for (int i = 0; i < 3; i++)
		scn_say(&s, "call pass");
	ck_assert_int_eq(state_phase_kind(&s), PHASE_TRICKS);
	ck_assert_int_eq(s.bid, 0);
	ck_assert_int_eq(s.current, 1);
	ck_assert(cset_eq(s.trumps, scn_card_set(g, "JC JS JH JD")));
	scn_play_lowest(&s, false);
	ck_assert_int_eq(s.failed_check, 0);
	int64_t sum = 0, worst = 0;
	for (int p = 0; p < 3; p++) {
		sum += s.deal_score[p] != 0;
		worst = s.deal_score[p] < worst ? s.deal_score[p] : worst;
	}
	ck_assert(sum >= 1 && worst < 0);
	game_free(g);
	g = base;
}
END_TEST

/* The Ramsch scores: the most card points lost, all the tied losing;
 * doubled by a Jungfrau; a Durchmarsch wins 120.  The skat (10D AD,
 * 21 points) goes with the last trick. */
static void ramsch_case(const char *const *won, const int *tricks, int last,
			const int64_t *want)
{
	state_deal(&s);
	cardset skat = scn_card_set(g, "10D AD"), used = skat;
	for (int p = 0; p < 3; p++) {
		s.won[p] = won[p] ? scn_card_set(g, won[p]) : cset_empty();
		used = cset_or(used, s.won[p]);
		s.tricks_won[p] = (uint8_t)tricks[p];
		s.hand[p] = cset_empty();
	}
	s.won[last] = cset_or(s.won[last], cset_minus(s.in_play, used));
	piles_clear(&s);
	CSET_FOREACH(c, skat)
		pile_push(&s, g->place[0].first_pile, c);
	s.bid = 0;
	s.declarer = -1;
	s.last_winner = (int8_t)last;
	s.nplayed = 0;
	score_deal(&s);
	ck_assert_int_eq(s.failed_check, 0);
	scn_check_scores(&s, want);
}

START_TEST(test_ramsch_scores)
{
	game *base = g;
	g = scn_load(GAMES "skat-ramsch.yaml");
	char why[200];
	ck_assert(state_setup(&s, g, 3, 0, NULL, 3, why, sizeof why));
	/* 43, the jacks' 8 and the skat's 21 (with the last trick) against
	 * 39 and 9 */
	ramsch_case((const char *[]){"AC AS AH 10C", "10S 10H KC KS KH KD QC",
		"QS QH QD"}, (const int[]){4, 3, 3}, 0, (const int64_t[]){-72, 0, 0});
	/* 45 and 45 against 30: both lose */
	ramsch_case((const char *[]){"AC 10C KC QC JC AH KD", "AS 10S KS QS JS 10H QD JD",
		NULL}, (const int[]){4, 4, 2}, 2, (const int64_t[]){-45, -45, 0});
	/* seat 1 takes no trick: Jungfrau, the loser's 112 count twice */
	ramsch_case((const char *[]){"AC AS AH 10C 10S 10H", NULL, "KC KS"},
		    (const int[]){7, 0, 3}, 0, (const int64_t[]){-224, 0, 0});
	/* every trick: Durchmarsch */
	ramsch_case((const char *[]){NULL, NULL, NULL}, (const int[]){0, 10, 0},
		    1, (const int64_t[]){0, 120, 0});
	game_free(g);
	g = base;
}
END_TEST

static Suite *skat_suite(void)
{
	Suite *su = suite_create("skat");
	TCase *tc = tcase_create("values");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_loop_test(tc, test_game_values, 0,
			    (int)(sizeof cases / sizeof *cases));
	tcase_add_test(tc, test_matadors);
	suite_add_tcase(su, tc);
	tc = tcase_create("play");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, test_bidding_by_holding);
	tcase_add_test(tc, test_a_random_bid_is_the_listed_draw);
	tcase_add_test(tc, test_passed_in);
	tcase_add_test(tc, test_null_above_its_value);
	tcase_add_test(tc, test_rank_orders);
	tcase_add_test(tc, test_ramsch_when_all_pass);
	tcase_add_test(tc, test_ramsch_scores);
	suite_add_tcase(su, tc);
	return su;
}

TEST_MAIN(skat_suite)
