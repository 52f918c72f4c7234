/*
 * check_sidi.c — Sidi Barrani (games/sidi-barrani.yaml) on the examples
 * of its rules: the worked deal (SDB-1: NS 163, EW 284), the made contract
 * with the marriage (SDB-D1), all nine tricks (SDB-D2), the end of the
 * match (SDB-3), the meld comparison (SDB-D3) and its ties, the follow
 * exceptions (SDB-D4: no under-trumping, the trump jack), Undenufe,
 * every way an auction ends, and a sure trick of the side as the rules
 * of thumb play it.
 */
#include "testutil.h"
#include "scenario.h"

#include <string.h>

#include "engine/engine.h"
#include "engine/hook.h"
#include "engine/meld.h"
#include "engine/score.h"
#include "front/bot.h"

#define GAMES TOP_SRCDIR "/games/"

static game *g;
static state s;

static void setup(void)
{
	g = scn_load(GAMES "sidi-barrani.yaml");
	char why[200];
	ck_assert(state_setup(&s, g, 4, 0, NULL, 21, why, sizeof why));
}

static void teardown(void)
{
	game_free(g);
}

/* A call or a play in words, the verb optional: "100 H", "pass". */
static bool say(const char *words)
{
	char buf[64], *w[4];
	snprintf(buf, sizeof buf, "%s", words);
	int n = 0;
	for (char *t = strtok(buf, " "); t && n < 4; t = strtok(NULL, " "))
		if (n > 0 || strcmp(t, state_decision(&s).verb) != 0)
			w[n++] = t;
	action a[2];
	int na;
	char err[200];
	return state_parse_actions(&s, w, n, a, &na, err, sizeof err) &&
	       state_apply(&s, a[0]);
}

/* Deals N, E, S, W (seats 0, 1, 2, 3) as given. */
static void deal(const char *n, const char *e, const char *so, const char *w)
{
	cardset hands[SEAT_MAX];
	memset(hands, 0, sizeof hands);
	hands[0] = scn_card_set(g, n);
	hands[1] = scn_card_set(g, e);
	hands[2] = scn_card_set(g, so);
	hands[3] = scn_card_set(g, w);
	char why[200];
	ck_assert_msg(state_deal_cards(&s, hands, NULL, 0, why, sizeof why),
		      "%s", why);
}

static const char *const no_melds[4] = {
	"6S 8S 10S QS 6H 8H 10H QH 6D", "7S 9S JS KS 7H 9H JH KH 7D",
	"AS AH 8D 10D QD 6C 8C 10C QC", "9D JD KD AD 7C 9C JC KC AC",
};

/* ---- the auction ------------------------------------------------------ */

START_TEST(test_auction_endings)
{
	/* three passes after a bid: the dealer's right (West) calls first */
	deal(no_melds[0], no_melds[1], no_melds[2], no_melds[3]);
	ck_assert_int_eq(s.current, 3);
	ck_assert(say("40 H"));
	ck_assert(!say("40 S"));                        /* strictly higher */
	ck_assert(say("50 obenabe"));
	ck_assert(say("pass"));
	ck_assert(say("pass"));
	ck_assert(say("pass"));
	ck_assert_int_eq(state_phase_kind(&s), PHASE_TRICKS);
	ck_assert_int_eq(s.declarer, 2);
	ck_assert_int_eq(s.bid, 50);
	ck_assert_int_eq(s.current, 2);                 /* the declarer leads */
	ck_assert(cset_is_empty(s.trumps));
}
END_TEST

START_TEST(test_auction_double_and_top)
{
	deal(no_melds[0], no_melds[1], no_melds[2], no_melds[3]);
	ck_assert(say("pass"));                         /* W */
	ck_assert(say("80 C"));                         /* S */
	ck_assert(say("double"));                       /* E, an opponent */
	ck_assert_int_eq(state_phase_kind(&s), PHASE_TRICKS);
	ck_assert_int_eq(s.doubled, 1);
	ck_assert_int_eq(s.declarer, 2);
	/* a partner may not double; 257 ends it at once */
	char why[200];
	ck_assert(state_setup(&s, g, 4, 0, NULL, 21, why, sizeof why));
	deal(no_melds[0], no_melds[1], no_melds[2], no_melds[3]);
	ck_assert(say("60 S"));                         /* W */
	ck_assert(say("pass"));                         /* S */
	ck_assert(!say("double"));                      /* E, W's partner */
	ck_assert(say("pass"));
	ck_assert(say("double"));                       /* N, an opponent */
	ck_assert_int_eq(s.doubled, 1);
	ck_assert(state_setup(&s, g, 4, 0, NULL, 21, why, sizeof why));
	deal(no_melds[0], no_melds[1], no_melds[2], no_melds[3]);
	ck_assert(say("257 undenufe"));
	ck_assert_int_eq(state_phase_kind(&s), PHASE_TRICKS);
	ck_assert(state_lowest_wins(&s));
}
END_TEST

START_TEST(test_four_passes_redeal)
{
	deal(no_melds[0], no_melds[1], no_melds[2], no_melds[3]);
	for (int k = 0; k < 4; k++)
		ck_assert(say("pass"));
	ck_assert_int_eq(s.event, EV_REDEALT);
	ck_assert_int_eq(s.dealer, 0);                  /* the same dealer */
	ck_assert_int_eq(s.deal_no, 1);
	ck_assert_int_eq(state_phase_kind(&s), PHASE_AUCTION);
}
END_TEST

/* ---- the follow exceptions (SDB-D4) ----------------------------------- */

START_TEST(test_sdb_d4_no_undertrumping)
{
	deal("7H 8H 10H JH QH KH AH KD AD", "6H AS 6D 7D 8D 9D 10D JD QD",
	     "9H 6S 7S 8S 9S 10S JS QS KS", "6C 7C 8C 9C 10C JC QC KC AC");
	ck_assert(say("100 H"));                        /* West */
	for (int k = 0; k < 3; k++)
		ck_assert(say("pass"));
	ck_assert_int_eq(s.current, 3);
	ck_assert(say("declare all"));                  /* every seat has melds */
	ck_assert(say("6C"));
	ck_assert(say("declare all"));
	ck_assert(say("9H"));                           /* South trumps */
	ck_assert_int_eq(s.current, 1);
	ck_assert(say("declare none"));
	cardset legal = state_legal_cards(&s);
	ck_assert(!cset_has(legal, scn_card(g, "6H")));  /* would under-trump */
	ck_assert(cset_has(legal, scn_card(g, "AS")));
	char why[200];
	action six = action_card(scn_card(g, "6H"));
	state_why_illegal(&s, &six, why, sizeof why);
	ck_assert_msg(strstr(why, "under-trump") != NULL, "%s", why);
	/* with only trumps, any of them */
	s.hand[1] = scn_card_set(g, "6H 7H");
	ck_assert(cset_eq(state_legal_cards(&s), scn_card_set(g, "6H 7H")));
}
END_TEST

START_TEST(test_sdb_d4_trump_jack)
{
	deal("6H 7H 8H 9H 10H QH KH AH AD", "6S 7S 8S 9S 10S QS KS AS KD",
	     "6C 7C 8C 9C 10C QC KC AC QD", "JH JS JC JD 6D 7D 8D 9D 10D");
	ck_assert(say("pass"));                         /* W */
	ck_assert(say("pass"));                         /* S */
	ck_assert(say("pass"));                         /* E */
	ck_assert(say("100 H"));                        /* N */
	for (int k = 0; k < 3; k++)
		ck_assert(say("pass"));
	ck_assert_int_eq(s.current, 0);
	ck_assert(say("declare all"));                  /* every seat has melds */
	ck_assert(say("7H"));
	ck_assert_int_eq(s.current, 3);                 /* West: only JH */
	ck_assert(say("declare all"));
	ck_assert(cset_eq(state_legal_cards(&s), s.hand[3]));
	/* with another heart, West must follow */
	s.hand[3] = scn_card_set(g, "JH 6H JS");
	ck_assert(cset_eq(state_legal_cards(&s), scn_card_set(g, "JH 6H")));
}
END_TEST

START_TEST(test_trumps_and_undenufe_win)
{
	deal("6H 7H 8H 9H 10H QH KH AH AD", "6S 7S 8S 9S 10S QS KS AS KD",
	     "6C 7C 8C 9C 10C QC KC AC QD", "JH JS JC JD 6D 7D 8D 9D 10D");
	ck_assert(say("40 undenufe"));                  /* W */
	for (int k = 0; k < 3; k++)
		ck_assert(say("pass"));
	ck_assert(say("declare all"));                  /* every seat has melds */
	ck_assert(say("10D"));                          /* W leads */
	ck_assert(say("declare none"));
	ck_assert(say("QD"));                           /* S */
	ck_assert(say("declare all"));
	ck_assert(say("KD"));                           /* E */
	ck_assert(say("declare none"));
	ck_assert(say("AD"));                           /* N */
	ck_assert_int_eq(s.last_trick.winner, 3);       /* 10 is lowest */
}
END_TEST

/* ---- scoring ------------------------------------------------------------ */

/* Sets up a scored deal: the contract, each seat's cards won and tricks,
 * who won the last trick, the hands as dealt, every meld declared. */
static void score(const char *declarer_bid, int declarer, bool doubled,
		  const char *const *won, const int *tricks, int last,
		  const char *const *dealt)
{
	deal(dealt[0], dealt[1], dealt[2], dealt[3]);
	/* the declarer's bid: everyone before passes */
	while (s.current != declarer)
		ck_assert(say("pass"));
	ck_assert(say(declarer_bid));
	if (doubled)
		ck_assert(say("double"));
	else
		for (int k = 0; k < 3; k++)
			ck_assert(say("pass"));
	ck_assert_int_eq(state_phase_kind(&s), PHASE_TRICKS);
	for (int p = 0; p < 4; p++) {
		s.won[p] = won[p] ? scn_card_set(g, won[p]) : cset_empty();
		s.tricks_won[p] = (uint8_t)tricks[p];
		s.hand[p] = cset_empty();
		s.melded[p] = s.dealt[p];       /* melds are found among them */
	}
	s.last_winner = (int8_t)last;
	s.nplayed = 0;
	s.checks = false;
	score_deal(&s);
}

START_TEST(test_sdb1_failed_doubled_contract)
{
	/* South 120 Undenufe, West doubles; South's run 9-10-J-Q of spades
	 * (50) is the only meld; NS take 113 trick points, EW 44 */
	const char *const dealt[4] = {
		"7S 6H KD 8S QD QC 9D 7C 9C", "6C JD AC 8C 9H 7H AH JC KH",
		"9S 10S JS QS KC 8H 8D AS QH", "10H 6S KS 10C 7D JH AD 6D 10D",
	};
	const char *const won[4] = {
		"6S 7S 8S 9S 10S JS QS KS AS 6H 7H 8H 9H 10H JH QH KH AH",
		NULL, "AD 10D 8D 8C", "6D 7D 9D JD QD KD 6C 7C 9C 10C JC QC KC AC",
	};
	/* the last trick to West: +5 for EW */
	score("120 undenufe", 2, true, won, (const int[]){3, 0, 2, 4}, 3,
	      dealt);
	ck_assert_int_eq(s.doubled, 1);
	scn_check_scores(&s, (const int64_t[]){163, 284, 163, 284});
}
END_TEST

START_TEST(test_sdb_d1_marriage)
{
	/* South 100 hearts with KH QH dealt; NS 105 trick points, EW 52 */
	const char *const dealt[4] = {
		"10S 7H KS JH 7D 8C JC AH 9H", "10H 9C 8D 7S QD QS 9D AS 6H",
		"KH QH 6D AD 10D AC 8S 10C 6S", "JD 6C KD QC 7C 8H KC JS 9S",
	};
	/* NS: every heart (62 in trumps), AS AD AC (33) and 10S (10): 105;
	 * EW the rest (47) and the last trick (5): 52 */
	const char *const won[4] = {
		"6H 7H 8H 9H 10H JH QH KH AH AS AD AC 10S", NULL, NULL,
		"6S 7S 8S 9S JS QS KS 6D 7D 8D 9D 10D JD QD KD 6C 7C 8C 9C 10C JC QC KC",
	};
	score("100 H", 2, false, won, (const int[]){5, 0, 0, 4}, 3, dealt);
	scn_check_scores(&s, (const int64_t[]){225, 52, 225, 52});
}
END_TEST

START_TEST(test_sdb_d2_all_tricks)
{
	const char *const dealt[4] = {
		no_melds[0], no_melds[1], no_melds[2], no_melds[3],
	};
	char all[400] = "";
	CSET_FOREACH(c, s.in_play) {
		char name[8];
		strcat(all, deck_card_name(&g->deck, c, false, name));
		strcat(all, " ");
	}
	const char *const won[4] = {NULL, all, NULL, NULL};
	score("157 C", 1, false, won, (const int[]){0, 9, 0, 0}, 1, dealt);
	scn_check_scores(&s, (const int64_t[]){0, 414, 0, 414});
}
END_TEST

START_TEST(test_sdb3_the_end)
{
	const char *const dealt[4] = {
		no_melds[0], no_melds[1], no_melds[2], no_melds[3],
	};
	char all[400] = "";
	CSET_FOREACH(c, s.in_play) {
		char name[8];
		strcat(all, deck_card_name(&g->deck, c, false, name));
		strcat(all, " ");
	}
	const char *const won[4] = {all, NULL, NULL, NULL};
	/* 1800 and 1900 before; NS take everything: 257 + 40, the end */
	s.total[0] = s.total[2] = 1800;
	s.total[1] = s.total[3] = 1900;
	score("40 S", 0, false, won, (const int[]){9, 0, 0, 0}, 0, dealt);
	ck_assert(s.over);
	ck_assert_int_eq(s.place[0], 1);
	ck_assert_int_eq(s.place[1], 3);
	/* both sides past the target and equal: play on */
	char why[200];
	ck_assert(state_setup(&s, g, 4, 0, NULL, 21, why, sizeof why));
	s.total[0] = s.total[2] = 1703;
	s.total[1] = s.total[3] = 2000;
	score("40 S", 0, false, won, (const int[]){9, 0, 0, 0}, 0, dealt);
	ck_assert_int_eq(s.total[0], s.total[1]);
	ck_assert(!s.over);
}
END_TEST

/* ---- melds (SDB-D3) --------------------------------------------------- */

/* The melds of the four hands, with `first` the first to play to the
 * first trick (then counter-clockwise). */
static meld_result melds(const char *const *hands, const char *trumps,
			 int first)
{
	ck_assert_ptr_eq(g->melds.hook, hook_find("melds", "jass-melds"));
	cardset hand[SEAT_MAX];
	for (int p = 0; p < 4; p++)
		hand[p] = scn_card_set(g, hands[p]);
	s.first_leader = (int8_t)first;
	s.trumps = trumps ? scn_card_set(g, trumps) : cset_empty();
	meld_result r;
	meld_run_hook(&s, hand, -1, &r);
	return r;
}

START_TEST(test_sdb_d3_meld_comparison)
{
	/* A (seat 0): K-Q-J-10 of spades; B (seat 1): Q-J-10-9 of hearts and
	 * 8-7-6 of clubs */
	const char *const hands[4] = {
		"KS QS JS 10S 6D 8D AC AH AD", "QH JH 10H 9H 8C 7C 6C 7D 9D",
		"6S 8S AS 6H 8H 10D QD KD 9C", "7S 9S 7H KH JD 10C JC QC KC",
	};
	meld_result r = melds(hands, NULL, 0);
	ck_assert_int_eq(r.best, 0);
	ck_assert_int_eq(r.points[0], 50);
	ck_assert_int_eq(r.points[1], 0);
	ck_assert_int_eq(r.nmelds[1], 2);               /* B had 50 + 20 */
	/* equal rank: a run in trumps wins; else the earlier player */
	const char *const same[4] = {
		"KS QS JS 10S 6D 8D AC AH AD", "KH QH JH 10H 8C 7C 6C 7D 9D",
		"6S 8S AS 6H 8H 10D QD KD 9C", "7S 9S 7H 9H JD 10C JC QC KC",
	};
	r = melds(same, "6H 7H 8H 9H 10H JH QH KH AH", 0);
	ck_assert_int_eq(r.best, 1);
	r = melds(same, NULL, 0);
	ck_assert_int_eq(r.best, 0);                    /* seat 0 plays first */
	r = melds(same, NULL, 1);
	ck_assert_int_eq(r.best, 1);
	/* four of a kind: four jacks 200, four aces beat them by rank */
	const char *const fours[4] = {
		"JS JH JD JC 6S 8S 6H 8H 6D", "AS AH AD AC 7S 9S 7H 9H 7D",
		"10S QS KS 10H QH KH 8D 10D QD", "KD 9D 6C 7C 8C 9C 10C QC KC",
	};
	r = melds(fours, NULL, 0);
	ck_assert_int_eq(r.best, 1);
	ck_assert_int_eq(r.points[1], 200);
	ck_assert_int_eq(r.points[0], 0);
	/* a run of five: 100; a card in one meld only */
	const char *const runs[4] = {
		"6S 7S 8S 9S 10S KH 6H 8D 6D", "AS AH AD AC 7H 9H 7D JS QS",
		"KS 10H QH JH 8H 10D QD KD 9D", "JD 9C 6C 7C 8C 10C JC QC KC",
	};
	r = melds(runs, NULL, 0);
	ck_assert_int_eq(r.best, 1);                    /* 200 > 100 */
	/* West: 6C-7C-8C and 10C-JC-QC-KC: 20 + 50 (9C is in neither) */
	ck_assert_int_eq(r.nmelds[3], 2);
}
END_TEST

/* ---- declaring melds -------------------------------------------------- */

/* Says each of a deal's decisions in turn. */
static void say_all(const char *const *words)
{
	for (int i = 0; words[i]; i++)
		ck_assert_msg(say(words[i]), "'%s' (decision %d) is refused",
			      words[i], i + 1);
}

/* The words of a decision refused, with the reason; the state is left
 * as it was. */
static const char *refused(const char *words)
{
	static char err[300];
	char buf[100], *w[12];
	snprintf(buf, sizeof buf, "%s", words);
	int n = 0;
	for (char *t = strtok(buf, " "); t && n < 12; t = strtok(NULL, " "))
		if (n > 0 || strcmp(t, state_decision(&s).verb) != 0)
			w[n++] = t;
	state before = s;
	action a[2];
	int na;
	ck_assert_msg(!state_parse_actions(&s, w, n, a, &na, err, sizeof err),
		      "'%s' is accepted", words);
	ck_assert(memcmp(&before, &s, sizeof s) == 0);
	return err;
}

/* West (to lead, 40 in spades) holds 6-7-8 of spades and J-Q-K of
 * hearts; South the clubs from 6 to K (a run of five and one of three);
 * North and East no meld. */
static void two_melds_deal(void)
{
	deal("9S JS KS 6H 8H 10H 6D 8D 10D", "10S QS AS 7H 9H AH 7D JD KD",
	     "6C 7C 8C 9C 10C JC QC KC QD", "6S 7S 8S JH QH KH AD AC 9D");
	say_all((const char *const[]){"call 40 S", "call pass", "call pass",
				       "call pass", NULL});
}

START_TEST(test_declare_words)
{
	two_melds_deal();
	ck_assert_str_eq(state_decision(&s).verb, "declare");
	action list[ACTIONS_MAX];
	ck_assert_int_eq(state_legal(&s, list), 4);     /* 2 melds: 2^2 */
	ck_assert(cset_is_empty(state_legal_cards(&s)));
	ck_assert_ptr_nonnull(strstr(refused("declare 6S 7S"),
				     "a meld is declared whole"));
	ck_assert_ptr_nonnull(strstr(refused("declare 9D"),
				     "9D is in none of your melds"));
	ck_assert_ptr_nonnull(strstr(refused("declare AS"), "not dealt AS"));
	ck_assert_ptr_nonnull(strstr(refused("declare all 6S"), "stands alone"));
	ck_assert_ptr_nonnull(strstr(refused("declare"), "your melds: "));
	ck_assert_ptr_nonnull(strstr(refused("play 6S"), "is not a card"));
	/* a card before the declaration is refused too */
	char why[200];
	action six = action_card(scn_card(g, "6S"));
	ck_assert(!state_apply(&s, six));
	state_why_illegal(&s, &six, why, sizeof why);
	ck_assert_ptr_nonnull(strstr(why, "time to declare"));
	ck_assert(say("declare JH KH QH"));             /* in any order */
	ck_assert(cset_eq(s.melded[3], scn_card_set(g, "JH QH KH")));
	ck_assert_int_eq(s.current, 3);
	ck_assert_str_eq(state_decision(&s).verb, "play");
	ck_assert(say("6S"));
	/* South: all of them, named by their cards, is "all" */
	ck_assert_int_eq(s.current, 2);
	char cards[] = "6C 7C 8C 9C 10C JC QC KC", *w[8];
	w[0] = strtok(cards, " ");
	for (int i = 1; i < 8; i++)
		w[i] = strtok(NULL, " ");
	action a[2];
	int na;
	ck_assert(state_parse_actions(&s, w, 8, a, &na, why, sizeof why));
	action both = action_of(ACT_MELDS, 3);
	ck_assert(action_eq(&a[0], &both));
	state_action_words(&s, &a[0], 1, why, sizeof why);
	ck_assert_str_eq(why, "all");
	ck_assert(say("declare none"));
	ck_assert(cset_is_empty(s.melded[2]));
	ck_assert_str_eq(state_decision(&s).verb, "play");
}
END_TEST

/* A declared meld is known to every seat; one withheld is not, nor is
 * whether the seat to move has melds to declare. */
START_TEST(test_declared_melds_seen)
{
	two_melds_deal();
	ck_assert(say("declare JH QH KH"));
	ck_assert(say("6S"));
	view v;
	state_view(&s, 0, &v);
	ck_assert(cset_subset(scn_card_set(g, "JH QH KH"), v.s.hand[3]));
	ck_assert(!cset_has(v.s.hand[3], scn_card(g, "7S")));
	ck_assert(!cset_has(v.unknown, scn_card(g, "QH")));
	ck_assert(cset_has(v.unknown, scn_card(g, "7S")));
	ck_assert(!v.s.meld_due);                       /* South's is hidden */
	state_view(&s, 2, &v);
	ck_assert(v.s.meld_due);
	ck_assert(say("declare none"));
	ck_assert(say("QD"));
	state_view(&s, 0, &v);
	ck_assert(cset_has(v.unknown, scn_card(g, "9C")));
	/* a sample keeps the hearts declared in West's hand */
	rng r;
	rng_seed(&r, 5, 0);
	for (int k = 0; k < 20; k++) {
		state x;
		view_sample(&v, &r, &x);
		ck_assert(cset_subset(scn_card_set(g, "JH QH KH"), x.hand[3]));
	}
}
END_TEST

/* The bots at South's declaration in the losing deal: North declared
 * 40, South's 20 would win and score less. */
START_TEST(test_bots_withhold)
{
	deal("7S 7H 8H 9H KH 8C 9C 10C AC", "9S KS AS 10H QH 10D KD 7C KC",
	     "8S 10S JS QS 6H 8D JD AD QC", "6S JH AH 6D 7D 9D QD 6C JC");
	say_all((const char *const[]){"call 70 C", "call 150 obenabe",
		"call 257 H", "play 7C", "declare all", "play AC", "play 6C",
		NULL});
	ck_assert_str_eq(state_decision(&s).verb, "declare");
	view v;
	state_view(&s, 2, &v);
	action all = meld_all(&s), none = action_of(ACT_MELDS, 0);
	ck_assert_int_eq(meld_side_points(&v.s, 2, &all), 20);
	ck_assert_int_eq(meld_side_points(&v.s, 2, &none), 40);
	bot b;
	bot_init(&b, BOT_LOW, 1, 2);
	action a = bot_choose(&b, &v);
	ck_assert(action_eq(&a, &none));
	bot_init(&b, BOT_MC, 1, 2);
	b.playouts = 2000;
	a = bot_choose(&b, &v);
	ck_assert(action_eq(&a, &none));
}
END_TEST

/* A random playout (random declarations included) is the same deal as
 * random decisions one at a time, each seat from its own generator. */
START_TEST(test_playout_as_decisions)
{
	int declared = 0;
	for (int k = 0; k < 40; k++) {
		char why[200];
		ck_assert(state_setup(&s, g, 4, 0, NULL, (uint64_t)k, why,
				      sizeof why));
		state_deal(&s);
		state one = s;
		rng fast[4], slow[4];
		seat_rngs r;
		for (int p = 0; p < 4; p++) {
			rng_seed(&fast[p], (uint64_t)k, (uint64_t)p);
			slow[p] = fast[p];
			r.seat[p] = &fast[p];
		}
		for (int p = 4; p < SEAT_MAX; p++)
			r.seat[p] = &fast[0];
		state_random_playout_seats(&s, &r);
		while (one.current >= 0) {
			action a = state_apply_random(&one, &slow[one.current]);
			declared += a.kind == ACT_MELDS;
		}
		ck_assert(memcmp(&s, &one, sizeof s) == 0);
	}
	ck_assert_int_gt(declared, 0);
}
END_TEST

/* East plays 257 in hearts.  North (to play second) holds 7-8-9 of
 * hearts and 8-9-10 of clubs (40), South 10-J-Q of spades (20), whose
 * higher top card makes it the best meld: declared, it scores 20 for
 * North-South; withheld, North's 40 score. */
static void losing_meld_deal(const char *south_declares)
{
	deal("7S 7H 8H 9H KH 8C 9C 10C AC", "9S KS AS 10H QH 10D KD 7C KC",
	     "8S 10S JS QS 6H 8D JD AD QC", "6S JH AH 6D 7D 9D QD 6C JC");
	const char *const moves[] = {
		"call 70 C", "call 150 obenabe", "call 257 H",
		"play 7C", "declare all", "play AC", "play 6C", south_declares,
		"play QC",
		"play 9C", "play JC", "play JS", "play KC",
		"play KD", "play 8H", "play 7D", "play 8D",
		"play 10C", "play 6S", "play 8S", "play 9S",
		"play 9H", "play AH", "play 6H", "play QH",
		"play 7H", "play JH", "play QS", "play 10H",
		"play 6D", "play AD", "play 10D", "play 7S",
		"play JD", "play KS", "play KH", "play QD",
		"play 8C", "play 9D", "play 10S", "play AS", NULL,
	};
	say_all(moves);
	ck_assert_int_eq(s.current, SEAT_CHANCE);
}

START_TEST(test_withheld_meld_keeps_points)
{
	losing_meld_deal("declare all");
	scn_check_scores(&s, (const int64_t[]){393, 41, 393, 41});
	char why[200];
	ck_assert(state_setup(&s, g, 4, 0, NULL, 21, why, sizeof why));
	losing_meld_deal("declare none");
	scn_check_scores(&s, (const int64_t[]){413, 41, 413, 41});
}
END_TEST

/* A run as long as the deck's ranks: thirteen spades in one hand of a
 * thirteen-rank deck are found as melds of whole runs, every card once,
 * none outside the hand (the melds' card lists hold a whole suit). */
START_TEST(test_runs_as_long_as_the_deck)
{
	game *thirteen = scn_load(TESTS_DIR "/data/games/jass-long-runs.yaml");
	state t;
	char why[200];
	ck_assert(state_setup(&t, thirteen, 4, 0, NULL, 3, why, sizeof why));
	cardset hands[SEAT_MAX];
	memset(hands, 0, sizeof hands);
	hands[0] = scn_card_set(thirteen, "2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS");
	hands[1] = scn_card_set(thirteen, "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH");
	hands[2] = scn_card_set(thirteen, "2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AD");
	hands[3] = scn_card_set(thirteen, "2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC");
	ck_assert_msg(state_deal_cards(&t, hands, NULL, 0, why, sizeof why),
		      "%s", why);
	meld m[MELDS_MAX];
	int n = state_melds(&t, 0, m);
	ck_assert_int_gt(n, 0);
	cardset seen = cset_empty();
	for (int k = 0; k < n; k++) {
		ck_assert_int_ge(m[k].n, 3);
		ck_assert_int_le(m[k].n, 13);
		for (int i = 0; i < m[k].n; i++) {
			ck_assert(cset_has(hands[0], m[k].card[i]));
			ck_assert(!cset_has(seen, m[k].card[i]));
			cset_add(&seen, m[k].card[i]);
		}
	}
	game_free(thirteen);
}
END_TEST

/* ---- scoring ----------------------------------------------------------- */

/* A side's values are worked out once a team, as they read the seat only
 * through `team`; a player's own are worked out seat by seat. */
START_TEST(test_side_values_once_a_team)
{
	static const struct {
		const char *name;
		bool same;
	} want[] = {
		{"cards_taken", false}, {"taken", false}, {"marriage", false},
		{"side_tricks", true}, {"trick_points", true},
		{"extras", true}, {"declaring", true},
	};
	for (size_t i = 0; i < sizeof want / sizeof *want; i++) {
		int k = 0;
		while (k < g->nlets && strcmp(g->let[k].name, want[i].name) != 0)
			k++;
		ck_assert_int_lt(k, g->nlets);
		ck_assert_msg(g->let[k].same_in_team == want[i].same, "%s",
			      want[i].name);
	}
	ck_assert(g->score_same_in_team);
}
END_TEST

/* follow-unless's lead (trumps were led) reads nothing the tricks change
 * but the suit led: its answer is kept for each suit led. */
START_TEST(test_unless_lead_kept_by_suit)
{
	int k = 0;
	while (k < g->nphases && g->phase[k].kind != PHASE_TRICKS)
		k++;
	ck_assert_int_lt(k, g->nphases);
	ck_assert_int_eq(g->phase[k].u.tricks.unless_lead, 1);
	ck_assert(g->phase[k].u.tricks.unless_by_led);
}
END_TEST

/* ---- the rules of thumb ---------------------------------------------- */

/* South holds the trick with QC and North plays last: the rules of thumb
 * give the side's sure trick North's highest card that leaves the lead
 * to South (no trump, which would take it). */
START_TEST(test_thumb_gives_the_side_a_sure_trick)
{
	deal(no_melds[0], no_melds[1], no_melds[2], no_melds[3]);
	ck_assert(say("40 H"));                         /* West */
	for (int k = 0; k < 3; k++)
		ck_assert(say("pass"));
	ck_assert(say("7C"));
	ck_assert(say("QC"));                           /* South */
	ck_assert(say("7S"));                           /* East discards */
	ck_assert_int_eq(s.current, 0);
	thumb_style score = {.tricks_cost = {false, false, false}};
	ck_assert_int_eq(thumb_card(&s, &score, state_legal_cards(&s)),
			 scn_card(g, "QS"));
}
END_TEST

static Suite *sidi_suite(void)
{
	Suite *su = suite_create("sidi");
	TCase *tc = tcase_create("sidi");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, test_auction_endings);
	tcase_add_test(tc, test_auction_double_and_top);
	tcase_add_test(tc, test_four_passes_redeal);
	tcase_add_test(tc, test_sdb_d4_no_undertrumping);
	tcase_add_test(tc, test_sdb_d4_trump_jack);
	tcase_add_test(tc, test_trumps_and_undenufe_win);
	tcase_add_test(tc, test_sdb1_failed_doubled_contract);
	tcase_add_test(tc, test_sdb_d1_marriage);
	tcase_add_test(tc, test_sdb_d2_all_tricks);
	tcase_add_test(tc, test_sdb3_the_end);
	tcase_add_test(tc, test_sdb_d3_meld_comparison);
	tcase_add_test(tc, test_withheld_meld_keeps_points);
	tcase_add_test(tc, test_declare_words);
	tcase_add_test(tc, test_declared_melds_seen);
	tcase_add_test(tc, test_bots_withhold);
	tcase_add_test(tc, test_playout_as_decisions);
	tcase_add_test(tc, test_runs_as_long_as_the_deck);
	tcase_add_test(tc, test_side_values_once_a_team);
	tcase_add_test(tc, test_unless_lead_kept_by_suit);
	tcase_add_test(tc, test_thumb_gives_the_side_a_sure_trick);
	suite_add_tcase(su, tc);
	return su;
}

TEST_MAIN(sidi_suite)
