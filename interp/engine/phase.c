/* phase.c — the table of phase kinds, and what card phases share. */
#include "engine/phase.h"
#include "engine/wording.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The kinds, each defined in its own file. */
extern const phase_kind_def phase_pass, phase_tricks, phase_choose,
	phase_auction, phase_vote, phase_double, phase_layout, phase_calls,
	phase_hold;

/* Indexed by phase_kind (game.h). */
static const phase_kind_def *const kinds[] = {
	[PHASE_PASS] = &phase_pass,
	[PHASE_TRICKS] = &phase_tricks,
	[PHASE_CHOOSE] = &phase_choose,
	[PHASE_AUCTION] = &phase_auction,
	[PHASE_VOTE] = &phase_vote,
	[PHASE_DOUBLE] = &phase_double,
	[PHASE_LAYOUT] = &phase_layout,
	[PHASE_CALLS] = &phase_calls,
	[PHASE_HOLD] = &phase_hold,
};

_Static_assert(sizeof kinds / sizeof *kinds == PHASE_KINDS,
	       "every phase kind has its row");

const phase_kind_def *phase_def(phase_kind kind)
{
	return kinds[kind];
}

int phase_kind_named(const char *name)
{
	for (size_t i = 0; i < sizeof kinds / sizeof *kinds; i++)
		if (strcmp(kinds[i]->name, name) == 0)
			return (int)i;
	return -1;
}

int phase_round_first(const state *s, const expr *from)
{
	int first = from ? (int)vars_eval(s, from, -1).i
			 : state_next_seat(s, s->dealer, 1);
	return first >= 0 && first < s->players ? first : 0;
}

int phase_round_turn(state *s, int first, const expr *who, int pos)
{
	for (; pos < s->players; pos++) {
		int seat = state_next_seat(s, first, pos);
		if (!who || vars_eval(s, who, seat).i) {
			s->current = (int8_t)seat;
			return pos;
		}
	}
	return -1;
}

void phase_secret_start(state *s, int n)
{
	for (int q = 0; q < s->players; q++) {
		int have = cset_count(s->hand[q]);
		s->pass_need[q] = (uint8_t)(n < have ? n : have);
		s->pass_chosen[q] = 0;
		s->passing[q] = cset_empty();
	}
	s->pass_first = (int8_t)state_next_seat(s, s->dealer, 1);
	s->current = s->pass_first;
}

int phase_secret_next(const state *s, int seat)
{
	int next = state_next_seat(s, seat, 1);
	while (next != s->pass_first && s->pass_need[next] == 0)
		next = state_next_seat(s, next, 1);
	return next == s->pass_first ? -1 : next;
}

bool phase_secret_add(state *s, card_id c)
{
	int seat = s->current;
	cset_add(&s->passing[seat], c);
	if (++s->pass_chosen[seat] < s->pass_need[seat])
		return false;
	int next = phase_secret_next(s, seat);
	if (next < 0)
		return true;
	s->current = (int8_t)next;
	return false;
}

action_prompt phase_secret_prompt(const state *s, const char *verb)
{
	int seat = s->current;
	action_prompt due = {verb, s->pass_need[seat] - s->pass_chosen[seat]};
	return due;
}

bool phase_secret_parse(const state *s, const char *verb, cardset first,
			char *const *word, int nword, action *out, int *n,
			char *err, size_t size)
{
	return phase_parse_cards(s, verb, phase_secret_prompt(s, verb).actions,
				 first, word, nword, out, n, err, size);
}

bool phase_secret_why_illegal(const state *s, const action *a,
			      const char *task, char *buf, size_t size)
{
	char name[8];
	deck_card_name(&s->g->deck, a->card[0], false, name);
	if (a->kind != ACT_CARD && task)
		snprintf(buf, size, "it is time to %s", task);
	else if (a->kind != ACT_CARD)
		return false;
	else if (!cset_has(s->hand[s->current], a->card[0]))
		snprintf(buf, size, "you do not hold %s", name);
	else if (cset_has(s->passing[s->current], a->card[0]))
		snprintf(buf, size, "%s is already chosen", name);
	else
		return false;
	return true;
}

cardset phase_secret_legal_cards(const state *s, const phase *p)
{
	(void)p;
	return cset_minus(s->hand[s->current], s->passing[s->current]);
}

int phase_secret_legal(const state *s, const phase *p, action *out)
{
	return phase_cards_as_actions(phase_secret_legal_cards(s, p), out);
}

void phase_secret_hide(const state *s, const phase *p, int seat, state *v)
{
	(void)s;
	(void)p;
	for (int q = 0; q < v->players; q++)
		if (q != seat)
			v->passing[q] = cset_empty();
}

int phase_secret_chosen(const state *s, int seat)
{
	return s->pass_chosen[seat];
}

void phase_hand_gets(state *s, int seat, cardset cards, cardset seen)
{
	cardset secret = cset_minus(cards, seen);
	s->shown[seat] = cset_or(s->shown[seat], cset_and(cards, seen));
	/* which of the hand's cards it was dealt is no longer plain (but
	 * for the cards all saw come) */
	if (!cset_is_empty(secret))
		s->untraced = cset_or(s->untraced, cset_minus(s->hand[seat],
			cset_or(s->shown[seat], s->pinned[seat])));
}

cardset phase_cards_shown(const state *s, int seat, const card_show *sh)
{
	cardset out = cset_empty();
	if (!sh->cards)
		return out;
	cardset held = cset_minus(cset_and(vars_eval(s, sh->cards, seat).s,
					   s->hand[seat]), s->shown[seat]);
	int64_t n = sh->count ? vars_eval(s, sh->count, seat).i
			      : cset_count(held);
	CSET_FOREACH(c, held) {
		if (n-- <= 0)
			break;
		cset_add(&out, c);
	}
	return out;
}

void phase_show(state *s, int seat, const card_show *sh)
{
	cardset cards = phase_cards_shown(s, seat, sh);
	s->shown[seat] = cset_or(s->shown[seat], cards);
}

void phase_hand_hides(state *s, int seat, cardset cards, bool laid)
{
	s->untraced = cset_or(s->untraced, cset_minus(cards, cset_or(
		s->shown[seat], s->pinned[seat])));
	/* laid in a place, a shown card is in the hand or among those laid;
	 * passed, it may be in another hand */
	s->pinned[seat] = laid ? cset_or(s->pinned[seat], s->shown[seat])
			       : cset_empty();
	s->shown[seat] = cset_empty();
}

int phase_cards_as_actions(cardset cards, action *out)
{
	int n = 0;
	CSET_FOREACH(c, cards)
		out[n++] = action_card(c);
	return n;
}

void phase_cards_words(const state *s, const phase *p, const action *a,
		       int n, char *buf, size_t size)
{
	(void)p;
	size_t used = 0;
	buf[0] = '\0';
	for (int i = 0; i < n && used < size; i++) {
		char name[8];
		deck_card_name(&s->g->deck, a[i].card[0], true, name);
		used += (size_t)snprintf(buf + used, size - used, "%s%s",
					 i ? " " : "", name);
	}
}

/* A rank alone ("K", "10"): the one card of that rank the seat may
 * choose, first among its legal cards, then in its hand.  False when the
 * word is no rank, or names no card or several. */
static bool parse_bare_rank(const state *s, const char *text, cardset mine,
			    cardset legal, card_id *out, char *err, size_t size)
{
	const deck *d = &s->g->deck;
	char up[4];
	size_t len = strlen(text);
	if (len == 0 || len > 2)
		return false;
	for (size_t i = 0; i <= len; i++)
		up[i] = (char)(text[i] >= 'a' && text[i] <= 'z' ? text[i] - 32 : text[i]);
	if (strcmp(up, "T") == 0)
		strcpy(up, "10");
	int rank = deck_rank_index(d, up, strlen(up));
	if (rank < 0)
		return false;
	cardset of_rank = cset_and(mine, d->by_rank[rank]);
	cardset pick = cset_and(of_rank, legal);
	if (cset_count(pick) != 1)
		pick = of_rank;
	if (cset_count(pick) == 1) {
		*out = cset_first(pick);
		return true;
	}
	char names[120] = "";
	size_t used = 0;
	CSET_FOREACH(c, pick) {
		char name[8];
		used += (size_t)snprintf(names + used, sizeof names - used, "%s%s",
					 used ? " or " : "",
					 deck_card_name(d, c, true, name));
		if (used >= sizeof names)
			break;
	}
	if (cset_is_empty(pick))
		snprintf(err, size, "you hold no %s", up);
	else
		snprintf(err, size, "which %s? %s", up, names);
	return true;
}

/* One card of the seat to move, not among those already taken; a rank
 * alone names the one such card it may choose. */
static bool parse_card(const state *s, const char *text, cardset taken,
		       cardset legal, card_id *out, char *err, size_t size)
{
	const deck *d = &s->g->deck;
	card_face face;
	int copy;
	cardset mine = cset_minus(s->hand[s->current], taken);
	err[0] = '\0';
	*out = CARD_NONE;
	if (parse_bare_rank(s, text, mine, cset_minus(legal, taken), out, err,
			    size))
		return *out != CARD_NONE;
	enum deck_parse_result r = deck_parse_face(d, text, strlen(text), &face,
						   &copy);
	if (r == DECK_PARSE_SYNTAX) {
		snprintf(err, size, "'%s' is not a card: write the rank, then the "
			 "suit, as in QS, 10H or TH", text);
		return false;
	}
	if (r != DECK_PARSE_OK) {
		snprintf(err, size, "this game has no card '%s'", text);
		return false;
	}
	card_id c = deck_find(d, mine, face, copy);
	if (c == CARD_NONE) {
		char name[8];
		snprintf(err, size, "you do not hold %s%s",
			 deck_face_name(d, face, name),
			 cset_meets(taken, d->by_face[face]) ? " twice" : "");
		return false;
	}
	*out = c;
	return true;
}

bool phase_parse_cards(const state *s, const char *verb, int want,
		       cardset legal, char *const *word, int nword,
		       action *out, int *n, char *err, size_t size)
{
	cardset taken = cset_empty();
	for (int i = 0; i < nword && i < ACTIONS_MAX; i++) {
		card_id c;
		if (!parse_card(s, word[i], taken, legal, &c, err, size))
			return false;
		cset_add(&taken, c);
		out[i] = action_card(c);
	}
	if (nword != want) {
		snprintf(err, size, "%s %d card%s, for example: %s %s", verb,
			 want, want == 1 ? "" : "s", verb,
			 want == 1 ? "QS" : want == 2 ? "QS 10H" : "QS 10H 2C");
		return false;
	}
	*n = nword;
	return true;
}

const char *phase_seat_words(const expr *e, char *buf, size_t size)
{
	if (expr_says(e))
		snprintf(buf, size, "%s", expr_says(e));
	else if (!formula_seat_words(e, buf, size))
		snprintf(buf, size, "the seat given by `%s`", expr_text(e));
	return buf;
}

const char *phase_first_seat_words(const game *g, const expr *from,
				   char *buf, size_t size)
{
	if (from)
		return phase_seat_words(from, buf, size);
	snprintf(buf, size, "the player on the dealer's %s",
		 g->direction > 0 ? "left" : "right");
	return buf;
}

const char *phase_count_words(const expr *e, const char *noun, char *buf,
			      size_t size)
{
	const char *t = expr_text(e);
	char *end;
	long n = strtol(t, &end, 10);
	if (*t && *end == '\0')
		snprintf(buf, size, "%ld %s%s", n, noun, tale_plural(n));
	else
		snprintf(buf, size, "`%s` %ss", t, noun);
	return buf;
}

const char *phase_shown_words(const card_show *sh, char *buf, size_t size)
{
	const char *says = expr_says(sh->cards);
	if (says && !sh->count)
		snprintf(buf, size, "%s", says);
	else
		snprintf(buf, size, "%s of %s", sh->count ? expr_text(sh->count)
			 : "all", says ? says : expr_text(sh->cards));
	return buf;
}

const char *phase_number_words(const count_spec *c, char *buf, size_t size)
{
	if (!c->e)
		snprintf(buf, size, "a number set by the number of players");
	else
		formula_number_said(c->e, buf, size);
	return buf;
}
