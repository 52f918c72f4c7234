/*
 * check_gridcannon.c — Gridcannon (games/gridcannon.yaml) on the layout
 * phase: the worked examples GRC-D1 .. D6, the setup on fixed decks (the
 * grid filled, the royals placed by rules a .. e, the swap), each
 * condition of an attack, armour, the ploys, the end of the deck, the
 * score and the option early_loss.
 *
 * A position is written as text, pile after pile, each pile's cards from
 * the bottom up:
 *
 *     "S0: 3C JS; 0,0: 3S; 1,0: 6H 9D; drawn: 7D; deck: 2C 4C; down: QH"
 *
 * A pile is named by its word: a grid position "r,c", a slot "N0" .. "W2",
 * or a place of one pile (deck, drawn, aside, reserve, used, discard).
 * Armour lies under its royal, so a slot reads "armour royal"; the deck's
 * last card is its top, drawn first.  "down:" lists the cards turned face
 * down in a face-up place (dead royals).  lay() builds such a position in
 * a game in play, every card not named going to the discard, out of the
 * game; deal() scripts the deck of a new game instead.  Decisions are
 * typed as a player types them ("place 0,0", "joker 0,0 1,1"), and pile()
 * reads a pile back in the notation above.
 */
#include "testutil.h"
#include "scenario.h"
#include "solitaire.h"

#include <stdio.h>
#include <string.h>

#include "engine/engine.h"
#include "engine/place.h"
#include "front/command.h"

#define GAMES TOP_SRCDIR "/games/"

static void setup(void)
{
	g = scn_load(GAMES "gridcannon.yaml");
}

static void teardown(void)
{
	game_free(g);
}

/* ---- positions in words ---------------------------------------------- */

static bool dead(const char *name)
{
	return cset_has(st.down, card(name));
}

/* The position of `text` (see the top of the file) in a new game with
 * the options given, after its opening: the card drawn waits. */
static void lay_with(const int64_t *options, const char *text)
{
	new_game(options);
	deal("");
	piles_clear(&st);
	st.down = cset_empty();
	clear_layout();
	cardset named = cset_empty(), down = cset_empty();
	char buf[800];
	ck_assert(strlen(text) < sizeof buf);
	snprintf(buf, sizeof buf, "%s", text);
	char *save = NULL;
	for (char *e = strtok_r(buf, ";", &save); e; e = strtok_r(NULL, ";", &save)) {
		char *colon = strchr(e, ':');
		ck_assert_msg(colon != NULL, "no ':' in '%s'", e);
		*colon = '\0';
		char *name = e + strspn(e, " "), *cards = colon + 1;
		name[strcspn(name, " ")] = '\0';
		cards += strspn(cards, " ");
		if (strcmp(name, "down") == 0)
			down = scn_card_set(g, cards);
		else
			named = push_cards(pile_no(name), cards, named);
	}
	int discard = pile_no("discard");
	for (card_id c = 0; c < g->deck.ncards; c++)
		if (cset_has(st.in_play, c) && !cset_has(named, c))
			pile_push(&st, discard, c);
	st.down = down;
}

static void lay(const char *text)
{
	lay_with(NULL, text);
}

/* A royal's effective value: the values of its slot's cards, it and its
 * armour. */
static int effective(const char *slot)
{
	const value_table *v = NULL;
	for (int i = 0; i < g->ntables; i++)
		if (strcmp(g->table[i].name, "value") == 0)
			v = &g->table[i];
	ck_assert(v != NULL);
	card_id cards[CARD_MAX];
	int n = pile_in_order(&st, pile_no(slot), cards), sum = 0;
	for (int i = 0; i < n; i++)
		sum += v->value[cards[i]];
	return sum;
}

/* The options with early_loss set to `on`. */
static const int64_t *early_loss(int on)
{
	static int64_t opt[OPTIONS_MAX];
	ck_assert_int_eq(g->noptions, 1);
	ck_assert_str_eq(g->option[0].name, "early_loss");
	opt[0] = on;
	return opt;
}

/* The game is over and lost: no score, not solved. */
static void check_lost(void)
{
	ck_assert(st.over);
	ck_assert_int_eq(st.current, SEAT_END);
	ck_assert(!state_solved(&st));
	ck_assert_int_eq(st.deal_score[0], 0);
}

/* A grid with every top a 10 or a 9 but an 8 at (2,2): a card up to 7
 * fits nowhere, and an 8 only on (2,2). */
#define FULL_GRID "0,0: 10S; 0,1: 10H; 0,2: 10D; 1,0: 10C; 1,1: 9S; " \
	"1,2: 9H; 2,0: 9D; 2,1: 9C; 2,2: 8S"

/* ---- GRC-D1 .. D6 ----------------------------------------------------- */

START_TEST(test_grc_d1_jack_killed)
{
	lay("S0: JS; 0,0: 3S; 1,0: 6H; 2,0: 5C; drawn: 7D; deck: 2C");
	act("place 0,0");
	ck_assert_str_eq(pile("0,0"), "3S 7D");
	ck_assert(dead("JS"));
	ck_assert(cset_eq(state_killed(&st), scn_card_set(g, "JS")));
	ck_assert_int_eq(st.event, EV_ATTACK);
	ck_assert_str_eq(pile("S0"), "JS");     /* it stays in its slot */
	/* 6 + 4 = 10 < 11; with the 7D placed it would be 17, but the
	 * card placed is not counted */
	lay("S0: JS; 0,0: 3S; 1,0: 6H; 2,0: 4C; drawn: 7D; deck: 2C");
	act("place 0,0");
	ck_assert(!dead("JS"));
	ck_assert(cset_is_empty(state_killed(&st)));
	ck_assert_int_ne(st.event, EV_ATTACK);
}
END_TEST

/* Places 5C on (0,0) with the queen in S0 and (1,0), (2,0) as given;
 * whether the queen is killed. */
static bool queen_falls(const char *queen, const char *mid, const char *far)
{
	char text[200];
	snprintf(text, sizeof text, "S0: %s; 0,0: 2S; 1,0: %s; 2,0: %s; "
		 "drawn: 5C; deck: 2C", queen, mid, far);
	lay(text);
	act("place 0,0");
	return dead(queen);
}

START_TEST(test_grc_d2_queen_colour)
{
	ck_assert(queen_falls("QH", "6H", "7D"));
	ck_assert(!queen_falls("QH", "6H", "7C"));     /* 7C is black */
	ck_assert(!queen_falls("QS", "6H", "7D"));     /* not her colour */
	ck_assert(queen_falls("QS", "6S", "7C"));      /* her colour, any suit */
	ck_assert(!queen_falls("QD", "4H", "7D"));     /* red, but 11 < 12 */
}
END_TEST

/* Places 5D on (0,0) with E0 as given (armour, then KS) and (0,1),
 * (0,2) as given; whether KS is killed. */
static bool king_falls(const char *e0, const char *mid, const char *far)
{
	char text[200];
	snprintf(text, sizeof text, "E0: %s; 0,0: 2H; 0,1: %s; 0,2: %s; "
		 "drawn: 5D; deck: 2C", e0, mid, far);
	lay(text);
	act("place 0,0");
	return dead("KS");
}

START_TEST(test_grc_d3_king_suit_and_armour)
{
	ck_assert(king_falls("KS", "9S", "4S"));
	ck_assert_int_eq(effective("E0"), 13);
	/* a 3 as armour: effective 16 */
	ck_assert(!king_falls("3D KS", "9S", "4S"));
	ck_assert_int_eq(effective("E0"), 16);
	/* 9 + 7 reaches the armour too */
	ck_assert(king_falls("3D KS", "9S", "7S"));
}
END_TEST

START_TEST(test_grc_d4_centre_fires_nothing)
{
	/* a jack beyond each side of the centre, a 9 beside each: with
	 * the card placed on (1,1), any line through it would make 13 */
	const char *around = "N1: JS; E1: JH; S1: JD; W1: JC; 0,0: 2S; "
		"0,1: 9S; 0,2: 2H; 1,0: 9D; 1,1: 3C; 1,2: 9C; 2,0: 2D; 2,1: 9H; "
		"2,2: 2C; deck: 3H";
	char text[300];
	snprintf(text, sizeof text, "%s; drawn: 4S", around);
	lay(text);
	act("place 1,1");
	ck_assert_str_eq(pile("1,1"), "3C 4S");
	ck_assert(cset_is_empty(st.down));
	ck_assert(cset_is_empty(state_killed(&st)));
	ck_assert_int_ne(st.event, EV_ATTACK);
	/* the same lines do fire from an end: 10S on (2,1) strikes N1 with
	 * (1,1) and (0,1), 3 + 9 */
	snprintf(text, sizeof text, "%s; drawn: 10S", around);
	lay(text);
	act("place 2,1");
	ck_assert(cset_eq(st.down, scn_card_set(g, "JS")));
}
END_TEST

START_TEST(test_grc_d5_royal_skips_the_centre)
{
	/* no other heart; a red 10D and a black 10S at corners would take
	 * the queen by rule b or c */
	lay("0,0: 10D; 0,1: 7H; 0,2: 10S; 1,0: 8C; 1,1: 9H; 1,2: 8S; "
	    "2,0: 2D; 2,1: 3C; 2,2: 4S; drawn: QH; deck: 2C");
	ck_assert_str_eq(legal(), "royal N1");
	act("royal N1");
	ck_assert_str_eq(pile("N1"), "QH");
	ck_assert(!dead("QH"));
	ck_assert_str_eq(pile("drawn"), "2C");
}
END_TEST

START_TEST(test_grc_d6_armour_target)
{
	lay("0,0: 8S; 0,1: 8H; 0,2: 8D; 1,0: 8C; 1,1: 9S; 1,2: 9H; "
	    "2,0: 9D; 2,1: 9C; 2,2: 10S; N0: KC; E1: 5H JC; S2: QD; "
	    "drawn: 7C; deck: 2S");
	ck_assert_int_eq(effective("E1"), 16);
	ck_assert_str_eq(legal(), "armour N0");
	act("armour N0");
	ck_assert_str_eq(pile("N0"), "7C KC");
	ck_assert_int_eq(effective("N0"), 20);
	ck_assert(!dead("KC"));
	ck_assert(!st.over);             /* early_loss is 0 by default */
	ck_assert_str_eq(pile("drawn"), "2S");
}
END_TEST

/* ---- setup ------------------------------------------------------------ */

START_TEST(test_setup_fills_the_grid_and_sets_aside)
{
	new_game(NULL);
	deal("2C JH 9H AS 4S KD 5S JK1 10H 7D 3C QC 8D 6S");
	/* the grid in order; royals and ploys set aside in order */
	const char *want[9] = {"2C", "9H", "4S", "5S", "10H", "7D", "3C",
			       "8D", "6S"};
	for (int i = 0; i < 9; i++) {
		char word[8];
		snprintf(word, sizeof word, "%d,%d", i / 3, i % 3);
		ck_assert_str_eq(pile(word), want[i]);
	}
	ck_assert_str_eq(pile("drawn"), "JH");          /* set aside first */
	ck_assert_str_eq(pile("aside"), "QC JK1 KD AS"); /* AS next */
	ck_assert_int_eq(pile_size("deck"), 54 - 14);
	ck_assert(state_layout_opening(&st));
	/* each royal waits for its slot; the ploys go by themselves */
	ck_assert_str_eq(legal(), "royal N1");          /* 10H is the centre */
	act("royal N1");
	ck_assert_str_eq(pile("reserve"), "AS");
	ck_assert_str_eq(pile("drawn"), "KD");
	ck_assert_str_eq(legal_of("royal"), "royal S1"); /* 8D above 7D */
	act("royal S1");
	ck_assert_str_eq(pile("reserve"), "AS JK1");
	ck_assert_str_eq(legal_of("royal"), "royal S0, royal W2"); /* 3C */
	act("royal W2");
	ck_assert_str_eq(pile("aside"), "");
	ck_assert_str_eq(pile("N1"), "JH");
	ck_assert_str_eq(pile("S1"), "KD");
	ck_assert_str_eq(pile("W2"), "QC");
	/* no card is drawn before the opening decision */
	ck_assert(state_layout_opening(&st));
	ck_assert_str_eq(pile("drawn"), "");
	ck_assert_int_eq(pile_size("deck"), 54 - 14);
	ck_assert_str_eq(legal_of("start"), "start");
	ck_assert_str_eq(legal_of("swap"), "swap 0,0, swap 0,1, swap 0,2, "
			 "swap 1,0, swap 1,1, swap 1,2, swap 2,0, swap 2,1, "
			 "swap 2,2");
	ck_assert_str_eq(legal_of("royal"), "");
	act("start");
	ck_assert(!state_layout_opening(&st));
	ck_assert_str_eq(pile("drawn"), "2S");  /* the first of the rest */
	ck_assert_int_eq(pile_size("deck"), 54 - 15);
	ck_assert_str_eq(legal_of("place"), "place 0,0");
	ck_assert_str_eq(legal_of("swap"), "");
	ck_assert(!try_act("swap 0,0"));
	ck_assert(!try_act("start"));
}
END_TEST

START_TEST(test_setup_royal_rules_a_b_c_d)
{
	/* the grid   2S  9H 3S
	 *            8C 10S 4C
	 *            5S  7H 6S    set aside: JH JD QH KD QC */
	new_game(NULL);
	deal("2S JH 9H JD 3S QH 8C 10S KD 4C QC 5S 7H 6S");
	ck_assert_str_eq(legal(), "royal N1");  /* a: 9H */
	act("royal N1");
	/* b: no diamond; 9H's slot taken, then 7H */
	ck_assert_str_eq(legal(), "royal S1");
	act("royal S1");
	/* a and b: 9H and 7H have no free slot; c: 10S is the centre, 9H
	 * taken, then 8C */
	ck_assert_str_eq(legal(), "royal W1");
	act("royal W1");
	/* c: then 7H taken, 6S a corner with two free slots (d) */
	ck_assert_str_eq(legal(), "royal E2, royal S2");
	act("royal S2");
	/* a: 8C taken, then 4C */
	ck_assert_str_eq(legal(), "royal E1");
	act("royal E1");
	ck_assert_str_eq(pile("N1"), "JH");
	ck_assert_str_eq(pile("S1"), "JD");
	ck_assert_str_eq(pile("W1"), "QH");
	ck_assert_str_eq(pile("S2"), "KD");
	ck_assert_str_eq(pile("E1"), "QC");
	ck_assert(state_layout_opening(&st));
	ck_assert(cset_is_empty(st.down));
}
END_TEST

START_TEST(test_setup_royal_rule_d_tie)
{
	/* no red card on the grid: rule c, where 7S and 7C tie */
	new_game(NULL);
	deal("2S JH 7S 3S 7C 10S 4C 5S 6C 5C");
	ck_assert_str_eq(legal(), "royal N1, royal W1");
	act("royal W1");
	ck_assert_str_eq(pile("W1"), "JH");
	ck_assert_str_eq(pile("N1"), "");
	ck_assert(state_layout_opening(&st));
}
END_TEST

START_TEST(test_royal_rule_e_beside_empty_positions)
{
	/* nine slots taken; N0, N1 and W0 are free, beside (0,0) and (0,1)
	 * only, which two aces empty */
	lay("N2: JS; E0: QS; E1: JH; E2: QH; S0: KH; S1: JD; S2: QD; W1: KD; "
	    "W2: JC; 0,0: 10S; 0,1: 10H; 0,2: 10D; 1,0: 10C; 1,1: 2H; "
	    "1,2: 9H; 2,0: 9D; 2,1: 9C; 2,2: 8S; reserve: AS AH; drawn: 5C; "
	    "deck: 3D KS");
	ck_assert_str_eq(legal_of("place"), "place 1,1");
	act("ace 0,0");
	act("ace 0,1");
	ck_assert_str_eq(pile("0,0"), "");
	ck_assert_str_eq(pile("0,1"), "");
	ck_assert_str_eq(legal(), "place 0,0, place 0,1, place 1,1");
	act("place 1,1");
	/* KS: the slots of 8S, of the black cards and of every other
	 * card are taken, and the centre has none: any free slot */
	ck_assert_str_eq(pile("drawn"), "KS");
	ck_assert_str_eq(legal(), "royal N0, royal N1, royal W0");
	act("royal N1");
	ck_assert_str_eq(pile("N1"), "KS");
	ck_assert_str_eq(pile("drawn"), "3D");
}
END_TEST

START_TEST(test_setup_swap)
{
	/* the grid   2H  9S 3H
	 *            6D  4C 5H
	 *            8D 10S 7H   JD set aside; then QS AH 5D 2C on top */
	new_game(NULL);
	deal("2H JD 9S 3H 6D 4C 5H 8D 10S 7H QS AH 5D 2C");
	ck_assert_str_eq(legal(), "royal S0, royal W2");        /* 8D */
	act("royal S0");
	ck_assert_int_eq(pile_size("deck"), 54 - 10);
	act("swap 0,0");
	/* 2H under the deck; QS and AH set aside, 5D fills (0,0) */
	card_id order[CARD_MAX];
	pile_in_order(&st, pile_no("deck"), order);
	ck_assert_int_eq(order[0], card("2H"));
	ck_assert_str_eq(pile("0,0"), "5D");
	ck_assert_str_eq(pile("drawn"), "QS");
	ck_assert_str_eq(legal(), "royal S1");          /* 10S above 9S */
	act("royal S1");
	ck_assert_str_eq(pile("reserve"), "AH");
	/* no attack in the setup: 6D + 8D would reach JD from (0,0) */
	ck_assert(!dead("JD"));
	ck_assert(cset_is_empty(st.down));
	/* once only, and the turns have begun */
	ck_assert(!state_layout_opening(&st));
	ck_assert_str_eq(pile("drawn"), "2C");
	ck_assert_int_eq(pile_size("deck"), 54 - 10 + 1 - 3 - 1);
	ck_assert_str_eq(legal_of("swap"), "");
	ck_assert(!try_act("swap 1,1"));
	ck_assert(!try_act("start"));
	/* 2C fits nowhere: armour, on the black QS */
	ck_assert_str_eq(legal_of("armour"), "armour S1");
	ck_assert_str_eq(legal_of("place"), "");
}
END_TEST

/* ---- placing a royal ---------------------------------------------------- */

START_TEST(test_royal_dead_slot_is_not_free)
{
	/* 9H's slot N1 holds a dead jack: the queen goes beside 7H */
	lay("N1: JS; down: JS; 0,0: 2S; 0,1: 9H; 0,2: 3S; 1,0: 7H; 1,1: 4S; "
	    "1,2: 5S; 2,0: 6S; 2,1: 8S; 2,2: 10S; drawn: QH; deck: 2C");
	ck_assert_str_eq(legal(), "royal W1");
	act("royal W1");
	ck_assert_str_eq(pile("N1"), "JS");
	ck_assert_str_eq(pile("W1"), "QH");
}
END_TEST

START_TEST(test_royal_empty_position_has_no_suit)
{
	/* 5S's slot N1 is taken; (0,0) is empty, beside free N0 and W0 */
	const char *grid = "N1: JH; 0,1: 5S; 1,0: 9C; 1,1: 2D; 0,2: 3H; "
		"1,2: 4H; 2,0: 6H; 2,1: 7H; 2,2: 8H; deck: 2C";
	char text[300];
	/* KS: b, the black 9C, not the empty position */
	snprintf(text, sizeof text, "%s; drawn: KS", grid);
	lay(text);
	ck_assert_str_eq(legal(), "royal W1");
	/* KD: b, the red 8H at a corner (2D is the centre) */
	snprintf(text, sizeof text, "%s; drawn: KD", grid);
	lay(text);
	ck_assert_str_eq(legal(), "royal E2, royal S2");
}
END_TEST

/* ---- the attack ---------------------------------------------------------- */

START_TEST(test_king_wrong_suit)
{
	ck_assert(!king_falls("KS", "9S", "4C"));
	/* both of one suit, but not the king's */
	ck_assert(!king_falls("KS", "9C", "4C"));
	ck_assert(!king_falls("KS", "9H", "4H"));
	/* the suit right, the sum short */
	ck_assert(!king_falls("KS", "9S", "3S"));
}
END_TEST

START_TEST(test_empty_position_counts_nothing)
{
	/* (1,0) empty: 10H alone cannot reach a jack's 11 */
	lay("S0: JS; 0,0: 2S; 2,0: 10H; drawn: 5C; deck: 2C");
	act("place 0,0");
	ck_assert(!dead("JS"));
	/* nor a queen's, though 10H is her colour */
	lay("S0: QH; 0,0: 2S; 2,0: 10H; drawn: 5C; deck: 2C");
	act("place 0,0");
	ck_assert(!dead("QH"));
}
END_TEST

START_TEST(test_corner_fires_two_lines)
{
	lay("S0: JS; E0: QH; N0: JD; W0: JC; 0,0: 2S; 1,0: 6C; 2,0: 5C; "
	    "0,1: 6H; 0,2: 7D; drawn: 5S; deck: 2C");
	act("place 0,0");
	ck_assert(dead("JS"));          /* 6 + 5 */
	ck_assert(dead("QH"));          /* 6H + 7D, red */
	ck_assert(cset_eq(state_killed(&st), scn_card_set(g, "JS QH")));
	/* N0 and W0 are beside the card placed, beyond no line of it */
	ck_assert(!dead("JD"));
	ck_assert(!dead("JC"));
	/* an edge-middle position fires one line: (0,1) strikes S1 */
	lay("S1: JS; N1: JH; 0,1: 2S; 1,1: 6C; 2,1: 5C; drawn: 5S; deck: 2C");
	act("place 0,1");
	ck_assert(dead("JS"));
	ck_assert(!dead("JH"));
}
END_TEST

/* ---- armour and the discard ---------------------------------------- */

START_TEST(test_armour_stacks)
{
	lay(FULL_GRID "; N1: JS; drawn: 3S; deck: 2C 4S");
	ck_assert_str_eq(legal(), "armour N1");
	act("armour N1");
	ck_assert_str_eq(pile("drawn"), "4S");
	act("armour N1");
	ck_assert_str_eq(pile("N1"), "4S 3S JS");
	ck_assert_int_eq(effective("N1"), 18);
	ck_assert_str_eq(pile("drawn"), "2C");
	ck_assert_str_eq(legal(), "armour N1");         /* black, the only one */
}
END_TEST

START_TEST(test_armour_tiers)
{
	/* no royal of the suit alive: the same colour, KC before JH */
	lay(FULL_GRID "; N0: KC; N1: JH; N2: QD; drawn: 7S; deck: 3D");
	ck_assert_str_eq(legal(), "armour N0");
	/* a dead royal takes no armour */
	lay(FULL_GRID "; E0: KS; down: KS; N0: KC; N1: JH; drawn: 7S; "
	    "deck: 3D");
	ck_assert_str_eq(legal(), "armour N0");
	/* any suit: the lowest effective value */
	lay(FULL_GRID "; N1: JH; N2: QD; drawn: 7S; deck: 3D");
	ck_assert_str_eq(legal(), "armour N1");
	lay(FULL_GRID "; N1: 2D JH; N2: QD; drawn: 7S; deck: 3D");
	ck_assert_str_eq(legal(), "armour N2");         /* 12 below 13 */
	/* ties are the player's choice */
	lay(FULL_GRID "; N1: QH; N2: QD; drawn: 7S; deck: 3D");
	ck_assert_str_eq(legal(), "armour N1, armour N2");
	lay(FULL_GRID "; W0: 2C JS; W2: KS; N0: QC; drawn: 7S; deck: 3D");
	ck_assert_str_eq(legal(), "armour W0, armour W2");     /* 13 and 13 */
	act("armour W2");
	ck_assert_str_eq(pile("W2"), "7S KS");
	ck_assert_str_eq(pile("W0"), "2C JS");
	ck_assert_str_eq(pile("N0"), "QC");
}
END_TEST

START_TEST(test_discard_without_a_living_royal)
{
	lay(FULL_GRID "; N0: KC; E0: QH; down: KC QH; drawn: 7S; deck: 2D");
	ck_assert_str_eq(legal(), "discard");
	act("discard");
	ck_assert_int_eq(pile_top(&st, pile_no("discard")), card("7S"));
	ck_assert_str_eq(pile("N0"), "KC");
	ck_assert_str_eq(pile("drawn"), "2D");
	/* no royal at all */
	lay(FULL_GRID "; drawn: 7S; deck: 2D");
	ck_assert_str_eq(legal(), "discard");
	/* not while a royal lives, nor when the card can be placed */
	lay(FULL_GRID "; N0: KC; drawn: 7S; deck: 2D");
	ck_assert_str_eq(legal(), "armour N0");
	lay(FULL_GRID "; drawn: 8H; deck: 2D");
	ck_assert_str_eq(legal(), "place 2,2");
}
END_TEST

/* ---- the ploys ------------------------------------------------------- */

START_TEST(test_ploy_drawn_goes_to_the_reserve)
{
	lay(FULL_GRID "; N0: KC; reserve: AS; drawn: 8H; deck: 2D JK2 AD");
	act("place 2,2");
	/* AD and JK2 are kept without a decision; 2D is drawn */
	ck_assert_str_eq(pile("reserve"), "AS AD JK2");
	ck_assert_str_eq(pile("drawn"), "2D");
	ck_assert_str_eq(pile("deck"), "");
}
END_TEST

START_TEST(test_ace_sends_the_stack_under_the_deck)
{
	lay("0,0: 10S; 0,1: 10H; 0,2: 10D; 1,0: 10C; 1,1: 9S; 1,2: 9H; "
	    "2,0: 9D; 2,1: 3C 5H 8S; 2,2: 9C; N0: KC; reserve: AS; "
	    "drawn: 2C; deck: 2D 4D");
	ck_assert_str_eq(legal_of("ace"), "ace 0,0, ace 0,1, ace 0,2, "
			 "ace 1,0, ace 1,1, ace 1,2, ace 2,0, ace 2,1, ace 2,2");
	act("ace 2,1");
	/* oldest first under the deck: the former top 8S is drawn last */
	ck_assert_str_eq(pile("deck"), "8S 5H 3C 2D 4D");
	ck_assert_str_eq(pile("2,1"), "");
	ck_assert_str_eq(pile("used"), "AS");
	ck_assert_str_eq(pile("reserve"), "");
	ck_assert_str_eq(pile("drawn"), "2C");          /* still waiting */
	/* the empty position takes any number card, even a 2 */
	ck_assert_str_eq(legal(), "place 2,1");
	act("place 2,1");
	ck_assert_str_eq(pile("2,1"), "2C");
	ck_assert_str_eq(pile("drawn"), "4D");
}
END_TEST

/* A ploy without its card, a move the rules send elsewhere, a card that
 * fits nowhere on the grid: each refusal says why. */
START_TEST(test_refusals_say_why)
{
	lay("0,0: 10S; 0,1: 10H; 0,2: 10D; 1,0: 10C; 1,1: 9S; 1,2: 9H; "
	    "2,0: 9D; 2,1: 8S; 2,2: 9C; N0: KC; drawn: 2C; deck: 2D 4D");
	ck_assert_str_eq(refusal("ace 2,1"), "'ace 2,1' is not legal now: 'ace' "
			 "uses up an ace from the reserve, and none is left; the "
			 "moves are: armour N0");
	ck_assert_str_eq(refusal("place 2,1"), "'place 2,1' is not legal now: a "
			 "number card goes on a stack of equal or lower value (2C "
			 "onto 8S); the moves are: armour N0");
	ck_assert_str_eq(refusal("discard"), "'discard' is not legal now: "
			 "'discard' is only for when no 'place' or 'armour' move "
			 "is possible, and one is; the moves are: armour N0");
	ck_assert(strstr(refusal("swap 0,0"), "'swap' is made only at the "
			 "opening, before the first card is drawn") != NULL);
}
END_TEST

START_TEST(test_joker_moves_a_top_card)
{
	lay("0,0: 4C 8H; 0,1: 9S; 0,2: 7D; 1,0: 8C; 1,1: 10S; 1,2: 10H; "
	    "2,0: 10D; 2,1: 10C; 2,2: 9H; reserve: JK1; drawn: 9D; deck: 2D");
	const char *l = legal_of("joker");
	ck_assert_ptr_nonnull(strstr(l, "joker 0,0 0,2"));      /* 7 <= 8 */
	ck_assert_ptr_nonnull(strstr(l, "joker 0,0 1,0"));      /* 8 <= 8 */
	ck_assert_ptr_nonnull(strstr(l, "joker 1,1 2,2"));      /* 9 <= 10 */
	ck_assert_ptr_null(strstr(l, "joker 0,0 0,1"));         /* 9 > 8 */
	ck_assert_ptr_null(strstr(l, "joker 0,0 0,0"));
	ck_assert_ptr_null(strstr(l, "joker 0,2 0,0"));         /* 8 > 7 */
	ck_assert(!try_act("joker 0,0 0,1"));
	act("joker 0,0 0,2");
	ck_assert_str_eq(pile("0,0"), "4C");
	ck_assert_str_eq(pile("0,2"), "7D 8H");
	ck_assert_str_eq(pile("used"), "JK1");
	ck_assert_str_eq(pile("reserve"), "");
	ck_assert_str_eq(pile("drawn"), "9D");          /* still waiting */
	ck_assert_str_eq(legal_of("joker"), "");
}
END_TEST

START_TEST(test_joker_fires_an_attack)
{
	/* 8H moved onto (0,2): W0 is struck by (0,1) and what is left on
	 * (0,0), 9S + 4C, black; S2 by 10H + 9H, not the king's suit */
	lay("0,0: 4C 8H; 0,1: 9S; 0,2: 7D; 1,0: 8C; 1,1: 10S; 1,2: 10H; "
	    "2,0: 10D; 2,1: 10C; 2,2: 9H; W0: QS; S2: KD; reserve: JK1; "
	    "drawn: 9D; deck: 2D");
	act("joker 0,0 0,2");
	ck_assert(dead("QS"));
	ck_assert(!dead("KD"));
	ck_assert_int_eq(st.event, EV_ATTACK);
	/* a stack's only card to an empty position: the source is left
	 * empty, and the card fires from its new place, W0 by 5S + 6C */
	lay("0,0: 6C; 0,1: 5S; 2,2: 3D; W0: JH; reserve: JK1; drawn: 9D; "
	    "deck: 2D");
	ck_assert(!try_act("joker 2,2 0,0"));           /* 6 > 3 */
	ck_assert_ptr_nonnull(strstr(legal_of("joker"), "joker 2,2 1,1"));
	act("joker 2,2 0,2");
	ck_assert_str_eq(pile("2,2"), "");
	ck_assert_str_eq(pile("0,2"), "3D");
	ck_assert(dead("JH"));
}
END_TEST

START_TEST(test_joker_needs_a_card_to_move)
{
	/* every position empty: nothing to move, though every one is a
	 * destination */
	lay("reserve: JK1; N0: KC; drawn: 5C; deck: 2D");
	ck_assert_str_eq(legal_of("joker"), "");
	ck_assert(!try_act("joker 0,0 1,1"));
	ck_assert_str_eq(pile("reserve"), "JK1");
	/* one card: it may go to any empty position */
	lay("1,1: 3D; reserve: JK1; N0: KC; drawn: 5C; deck: 2D");
	ck_assert_ptr_nonnull(strstr(legal_of("joker"), "joker 1,1 0,0"));
}
END_TEST

/* ---- the end of the deck, the score, early_loss --------------------- */

/* A grid whose centre takes a 7; the deck is empty. */
#define LAST_CARD "0,0: 10S; 0,1: 10H; 0,2: 10D; 1,0: 10C; 1,1: 3D 6S; " \
	"1,2: 9H; 2,0: 9D; 2,1: 9C; 2,2: 8S; N0: KC; drawn: 7S"

START_TEST(test_deck_exhausted_with_a_ploy)
{
	lay(LAST_CARD "; reserve: AS");
	act("place 1,1");
	/* nothing to draw, and a living royal: the ace must be used */
	ck_assert(!st.over);
	ck_assert_str_eq(pile("drawn"), "");
	ck_assert_str_eq(legal(), "ace 0,0, ace 0,1, ace 0,2, ace 1,0, "
			 "ace 1,1, ace 1,2, ace 2,0, ace 2,1, ace 2,2");
	act("ace 1,1");
	/* the stack is the deck now, its oldest card on top */
	ck_assert_str_eq(pile("drawn"), "3D");
	ck_assert_str_eq(pile("deck"), "7S 6S");
	ck_assert_str_eq(legal(), "place 1,1");
	/* a joker keeps the game going too */
	lay(LAST_CARD "; reserve: JK1");
	act("place 1,1");
	ck_assert(!st.over);
	ck_assert_ptr_nonnull(strstr(legal(), "joker 2,2 1,1"));
	act("joker 2,2 1,1");           /* 8S onto 7S */
	check_lost();                   /* then nothing is left */
}
END_TEST

START_TEST(test_deck_exhausted_without_a_ploy)
{
	lay(LAST_CARD);
	act("place 1,1");
	check_lost();
	ck_assert(!dead("KC"));
	ck_assert_str_eq(legal(), "");
}
END_TEST

/* Eleven royals dead and JS alive in S0, where 7D placed on (0,0) kills
 * it; the ploys as given. */
static void last_royal(const char *reserve, const char *used)
{
	char text[600];
	snprintf(text, sizeof text, "N0: QS; N1: KS; N2: JH; E0: QH; E1: KH; "
		 "E2: JD; S0: JS; S1: QD; S2: KD; W0: JC; W1: QC; W2: KC; "
		 "down: QS KS JH QH KH JD QD KD JC QC KC; 0,0: 2S; 1,0: 6H; "
		 "2,0: 5C; 1,1: 4H; drawn: 7D; deck: 2C; reserve: %s; used: %s",
		 reserve, used);
	lay(text);
}

/* The game is won, with `score`. */
static void check_won(int score)
{
	ck_assert(state_solved(&st));
	ck_assert(st.over);
	ck_assert_int_eq(st.current, SEAT_END);
	ck_assert_int_eq(cset_count(st.down), 12);
	ck_assert_int_eq(st.deal_score[0], score);
	ck_assert_int_eq(st.total[0], score);
}

START_TEST(test_won_scores_the_unused_ploys)
{
	last_royal("AS AH AD AC JK1 JK2", "");
	act("place 0,0");
	check_won(6);
	last_royal("", "AS AH AD AC JK1 JK2");
	act("place 0,0");
	check_won(0);
	last_royal("AS JK1", "AH JK2");
	act("place 0,0");
	check_won(2);
	/* the joker that kills the last royal is spent before the count */
	last_royal("JK1 AS", "");
	act("joker 1,1 0,0");           /* 4H onto 2S: 6 + 5 on S0 */
	check_won(1);
	ck_assert_str_eq(pile("used"), "JK1");
	ck_assert_str_eq(pile("drawn"), "7D");          /* left undrawn */
}
END_TEST

/* A royal of `slot` (with its armour) takes `drawn` as armour with
 * early_loss `on`; whether the game is lost at once. */
static bool lost_by_armour(int on, const char *slot, const char *drawn)
{
	char text[300];
	snprintf(text, sizeof text, FULL_GRID "; N1: %s; drawn: %s; deck: 3D",
		 slot, drawn);
	lay_with(early_loss(on), text);
	act("armour N1");
	if (!st.over)
		ck_assert_str_eq(pile("drawn"), "3D");
	return st.over;
}

START_TEST(test_early_loss)
{
	/* a king past 19 (10 + 9 of his suit) */
	ck_assert(!lost_by_armour(1, "KC", "6C"));      /* 19 */
	ck_assert(lost_by_armour(1, "KC", "7C"));       /* 20 */
	check_lost();
	ck_assert(state_layout_lost(&st));
	ck_assert_str_eq(pile("N1"), "7C KC");
	/* a queen or jack past 20 */
	ck_assert(!lost_by_armour(1, "2C QC", "6C"));   /* 20 */
	ck_assert(lost_by_armour(1, "2C QC", "7C"));    /* 21 */
	check_lost();
	ck_assert(!lost_by_armour(1, "2C 3C JC", "4C")); /* 20 */
	ck_assert(lost_by_armour(1, "2C 3C JC", "5C"));  /* 21 */
	/* without the option the game goes on */
	ck_assert(!lost_by_armour(0, "KC", "7C"));
	ck_assert(!lost_by_armour(0, "2C QC", "7C"));
	ck_assert(!state_layout_lost(&st));
}
END_TEST


static Suite *gridcannon_suite(void)
{
	Suite *su = suite_create("gridcannon");
	TCase *tc = tcase_create("examples");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, test_grc_d1_jack_killed);
	tcase_add_test(tc, test_grc_d2_queen_colour);
	tcase_add_test(tc, test_grc_d3_king_suit_and_armour);
	tcase_add_test(tc, test_grc_d4_centre_fires_nothing);
	tcase_add_test(tc, test_grc_d5_royal_skips_the_centre);
	tcase_add_test(tc, test_grc_d6_armour_target);
	suite_add_tcase(su, tc);
	tc = tcase_create("setup");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, test_setup_fills_the_grid_and_sets_aside);
	tcase_add_test(tc, test_setup_royal_rules_a_b_c_d);
	tcase_add_test(tc, test_setup_royal_rule_d_tie);
	tcase_add_test(tc, test_royal_rule_e_beside_empty_positions);
	tcase_add_test(tc, test_royal_dead_slot_is_not_free);
	tcase_add_test(tc, test_royal_empty_position_has_no_suit);
	tcase_add_test(tc, test_setup_swap);
	suite_add_tcase(su, tc);
	tc = tcase_create("attack");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, test_king_wrong_suit);
	tcase_add_test(tc, test_empty_position_counts_nothing);
	tcase_add_test(tc, test_corner_fires_two_lines);
	suite_add_tcase(su, tc);
	tc = tcase_create("armour");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, test_armour_stacks);
	tcase_add_test(tc, test_armour_tiers);
	tcase_add_test(tc, test_discard_without_a_living_royal);
	suite_add_tcase(su, tc);
	tc = tcase_create("ploys");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, test_ploy_drawn_goes_to_the_reserve);
	tcase_add_test(tc, test_ace_sends_the_stack_under_the_deck);
	tcase_add_test(tc, test_refusals_say_why);
	tcase_add_test(tc, test_joker_moves_a_top_card);
	tcase_add_test(tc, test_joker_fires_an_attack);
	tcase_add_test(tc, test_joker_needs_a_card_to_move);
	suite_add_tcase(su, tc);
	tc = tcase_create("end");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, test_deck_exhausted_with_a_ploy);
	tcase_add_test(tc, test_deck_exhausted_without_a_ploy);
	tcase_add_test(tc, test_won_scores_the_unused_ploys);
	tcase_add_test(tc, test_early_loss);
	suite_add_tcase(su, tc);
	return su;
}

TEST_MAIN(gridcannon_suite)
