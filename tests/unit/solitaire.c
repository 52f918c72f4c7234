/*
 * solitaire.c — what the tests of solitaires share: positions and piles
 * in words, fixed deals, decisions typed as in the text loop
 * (solitaire.h).
 */
#include "testutil.h"
#include "solitaire.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "scenario.h"
#include "engine/phase.h"
#include "engine/place.h"
#include "front/command.h"

game *g;
state st;

/* The pile named by its word ("1,2", "N0", "deck"). */
int pile_no(const char *word)
{
	for (int k = 0; k < g->nplaces; k++)
		for (int i = 0; i < g->place[k].npiles; i++)
			if (strcmp(g->place[k].pile_name[i], word) == 0)
				return g->place[k].first_pile + i;
	ck_abort_msg("no pile '%s'", word);
	return -1;
}

int pile_size(const char *word)
{
	return st.pile_size[pile_no(word)];
}

card_id card(const char *name)
{
	return scn_card(g, name);
}

/* A new game, with the options given or the defaults (NULL). */
void new_game(const int64_t *options)
{
	char why[200];
	ck_assert_msg(state_setup(&st, g, 1, 0, options, 1, why, sizeof why),
		      "%s", why);
}

/* Deals the deck: the cards named are drawn first, in the order named;
 * the others follow in the deck's order (2S 3S .. AS 2H .. AC JK1 JK2).
 * The setup runs at once. */
void deal(const char *first)
{
	card_id named[CARD_MAX], rest[CARD_MAX], order[CARD_MAX];
	int n = scn_card_list(g, first, named), k = 0;
	int nrest = cset_to_array(cset_minus(st.in_play, scn_card_set(g, first)),
				  rest);
	/* dealt bottom first: the rest from its end, then the named */
	for (int i = nrest - 1; i >= 0; i--)
		order[k++] = rest[i];
	for (int i = n - 1; i >= 0; i--)
		order[k++] = named[i];
	cardset hands[SEAT_MAX] = {cset_empty()};
	char why[200];
	ck_assert_msg(state_deal_cards(&st, hands, order, k, why, sizeof why),
		      "%s", why);
}

void clear_layout(void)
{
	phase_def(PHASE_LAYOUT)->reset(&st);
}

/* Puts the cards of `text` ("3S 7D") on pile p in order; `named` are
 * the cards placed so far, returned with these. */
cardset push_cards(int p, const char *text, cardset named)
{
	card_id ids[CARD_MAX];
	int n = scn_card_list(g, text, ids);
	for (int i = 0; i < n; i++) {
		ck_assert_msg(!cset_has(named, ids[i]), "a card twice in the "
			      "position ('%s')", text);
		cset_add(&named, ids[i]);
		pile_push(&st, p, ids[i]);
	}
	return named;
}

/* A card's name as the positions write it: the jokers JK1 and JK2. */
const char *name_of(card_id c, char *buf)
{
	if (g->deck.face[c] == FACE_JOKER)
		snprintf(buf, 8, "JK%d", g->deck.copy_of[c] % 10);
	else
		deck_card_name(&g->deck, c, false, buf);
	return buf;
}

/* The cards of a pile from the bottom up, "3S 7D"; "" when empty. */
const char *pile(const char *word)
{
	static char buf[400];
	card_id cards[CARD_MAX];
	int n = pile_in_order(&st, pile_no(word), cards);
	buf[0] = '\0';
	for (int i = 0; i < n; i++) {
		char name[8];
		snprintf(buf + strlen(buf), sizeof buf - strlen(buf), "%s%s",
			 i ? " " : "", name_of(cards[i], name));
	}
	return buf;
}

static int by_text(const void *a, const void *b)
{
	return strcmp(a, b);
}

/* The legal decisions whose words start with `verb` (all of them when
 * NULL), in alphabetical order: "armour E1, armour S2". */
const char *legal_of(const char *verb)
{
	static char buf[2000];
	static char w[ACTIONS_MAX][40];
	action list[ACTIONS_MAX];
	int n = state_legal(&st, list), kept = 0;
	size_t len = verb ? strlen(verb) : 0;
	for (int i = 0; i < n; i++) {
		state_action_words(&st, &list[i], 1, w[kept], sizeof w[kept]);
		if (!verb || (strncmp(w[kept], verb, len) == 0 &&
			      (w[kept][len] == ' ' || w[kept][len] == '\0')))
			kept++;
	}
	qsort(w, (size_t)kept, sizeof *w, by_text);
	buf[0] = '\0';
	for (int i = 0; i < kept; i++)
		snprintf(buf + strlen(buf), sizeof buf - strlen(buf), "%s%.39s",
			 i ? ", " : "", w[i]);
	return buf;
}

const char *legal(void)
{
	return legal_of(NULL);
}

/* Whether the decision `line` is taken, typed as in the text loop (it
 * is made when it is legal). */
bool try_act(const char *line)
{
	command c;
	char err[400];
	return command_parse(&st, line, &c, err, sizeof err) &&
	       c.kind == CMD_DECISION && command_apply(&st, &c, err, sizeof err);
}

void act(const char *line)
{
	command c;
	char err[400];
	ck_assert_msg(command_parse(&st, line, &c, err, sizeof err),
		      "'%s': %s", line, err);
	ck_assert_int_eq(c.kind, CMD_DECISION);
	ck_assert_msg(command_apply(&st, &c, err, sizeof err), "'%s': %s", line,
		      err);
}

const char *refusal(const char *line)
{
	static char err[600];
	command c;
	state before = st;
	if (command_parse(&st, line, &c, err, sizeof err)) {
		ck_assert_int_eq(c.kind, CMD_DECISION);
		ck_assert_msg(!command_apply(&st, &c, err, sizeof err),
			      "'%s' is taken", line);
	}
	ck_assert(memcmp(&before, &st, sizeof st) == 0);
	return err;
}

/* The position of `text`, "c1: 9H 8C; a: 7D; down: 9H", in a new game
 * with the options given (NULL: the defaults): each pile by its word,
 * its cards from the bottom up; "down:" lists cards lying face down.
 * The cards not named are out of the game; those named face up in a
 * face-up place have been seen. */
void lay_position(const int64_t *options, const char *text)
{
	new_game(options);
	deal("");
	piles_clear(&st);
	st.down = st.seen = cset_empty();
	clear_layout();
	cardset named = cset_empty(), down = cset_empty(), hidden = cset_empty();
	char buf[1000];
	ck_assert(strlen(text) < sizeof buf);
	snprintf(buf, sizeof buf, "%s", text);
	char *save = NULL;
	for (char *e = strtok_r(buf, ";", &save); e;
	     e = strtok_r(NULL, ";", &save)) {
		char *colon = strchr(e, ':');
		ck_assert_msg(colon != NULL, "no ':' in '%s'", e);
		*colon = '\0';
		char *name = e + strspn(e, " "), *cards = colon + 1;
		name[strcspn(name, " ")] = '\0';
		cards += strspn(cards, " ");
		if (strcmp(name, "down") == 0) {
			down = cset_or(down, scn_card_set(g, cards));
			continue;
		}
		int p = pile_no(name);
		cardset before = named;
		named = push_cards(p, cards, named);
		for (int k = 0; k < g->nplaces; k++)
			if (p >= g->place[k].first_pile &&
			    p < g->place[k].first_pile + g->place[k].npiles &&
			    !g->place[k].face_up)
				hidden = cset_or(hidden, cset_minus(named, before));
	}
	st.down = down;
	st.seen = cset_minus(cset_minus(named, down), hidden);
}
