/* tricks.c — trick play: following, restrictions, the winner of a trick. */
#include "engine/engine.h"

#define LED_TRUMP (DECK_JOKER + 1)      /* the led "suit" when a trump leads */

static int effective_suit(const state *s, card_id c)
{
	return cset_has(s->trumps, c) ? LED_TRUMP : s->g->deck.suit_of[c];
}

static cardset suit_cards(const state *s, int suit)
{
	const deck *d = &s->g->deck;
	if (suit == LED_TRUMP)
		return s->trumps;
	cardset all = suit == DECK_JOKER ? d->jokers : d->by_suit[suit];
	return cset_minus(all, s->trumps);
}

bool tricks_enter(state *s, const phase *p)
{
	const tricks_phase *t = &p->u.tricks;
	s->trumps = t->trumps ? engine_eval(s, t->trumps, -1).s : cset_empty();
	s->has_trumps = !cset_is_empty(s->trumps);
	int leader = (int)engine_eval(s, t->leader, -1).i;
	if (leader < 0 || leader >= s->players)
		leader = 0;
	if (cset_is_empty(s->hand[leader]))
		return false;
	s->leader = (int8_t)leader;
	s->current = (int8_t)leader;
	s->trick_no = 1;
	s->nplayed = 0;
	s->led = -1;
	return true;
}

/* Each restriction narrows the choice, unless it would leave none.  Out of
 * line: most games have none, and the common path stays short. */
static __attribute__((noinline)) cardset restrict_choice(const state *s, const tricks_phase *t,
			       cardset legal)
{
	for (int i = 0; i < t->nrestrict; i++) {
		const restriction *r = &t->rule[i];
		if (r->when && !engine_eval(s, r->when, s->current).i)
			continue;
		cardset cards = engine_eval(s, r->cards, s->current).s;
		cardset narrowed = r->only ? cset_and(legal, cards)
					   : cset_minus(legal, cards);
		if (!cset_is_empty(narrowed))
			legal = narrowed;
	}
	return legal;
}

cardset tricks_legal(const state *s, const phase *p)
{
	const tricks_phase *t = &p->u.tricks;
	cardset legal = s->hand[s->current];
	if (s->nplayed > 0 && t->follow == FOLLOW_SUIT) {
		cardset follow = cset_and(legal, s->follow);
		if (!cset_is_empty(follow))
			legal = follow;
	}
	if (t->nrestrict)
		legal = restrict_choice(s, t, legal);
	return legal;
}

/* Does c beat b, the best card so far, under the "highest" rule? */
static bool beats(const state *s, const tricks_phase *t, card_id c, card_id b)
{
	bool ct = cset_has(s->trumps, c), bt = cset_has(s->trumps, b);
	if (ct)
		return !bt || t->trump_power[c] > t->trump_power[b];
	if (bt)
		return false;
	const deck *d = &s->g->deck;
	return d->suit_of[c] == d->suit_of[b] && d->rank_of[c] > d->rank_of[b];
}

static bool phase_done(const state *s, const tricks_phase *t, int leader)
{
	if (t->has_count)
		return s->trick_no > s->trick_count[s->phase];
	return cset_is_empty(s->hand[leader]);
}

/* Out of line: one card in four ends a trick. */
static __attribute__((noinline)) void finish_trick(state *s,
						   const tricks_phase *t)
{
	int n = s->nplayed;
	int pos = t->winner_hook
		? t->winner_hook->trick_winner(&s->g->deck, s->table, n,
					       &t->winner_args)
		: s->best;
	if (pos < 0 || pos >= n)
		pos = 0;
	int w = state_next_seat(s, s->leader, pos);
	trick_record *r = &s->last_trick;
	cardset cards = cset_empty();
	for (int i = 0; i < n; i++) {
		cset_add(&cards, s->table[i]);
		r->card[i] = s->table[i];
	}
	s->won[w] = cset_or(s->won[w], cards);
	r->n = (uint8_t)n;
	r->leader = s->leader;
	r->winner = (int8_t)w;
	r->number = s->trick_no;
	s->tricks_won[w]++;
	s->last_winner = (int8_t)w;
	s->nplayed = 0;
	s->led = -1;
	s->trick_no++;
	s->event = EV_TRICK;
	if (!phase_done(s, t, w)) {
		s->leader = (int8_t)w;
		s->current = (int8_t)w;
		return;
	}
	if (t->leftover == LEFTOVER_LAST_TRICK_WINNER)
		s->won[w] = cset_or(s->won[w], s->leftover);
	engine_next_phase(s);
}

/* The lead sets the suit to follow; a later card may take the lead of
 * the trick.  Without trumps the suit is the printed one, and only a
 * higher card of the led suit wins. */
void tricks_apply(state *s, const phase *p, card_id c)
{
	const tricks_phase *t = &p->u.tricks;
	const deck *d = &s->g->deck;
	int seat = s->current;
	int pos = s->nplayed;
	int suit = s->has_trumps ? effective_suit(s, c) : d->suit_of[c];
	cset_del(&s->hand[seat], c);
	cset_add(&s->played, c);
	s->table[pos] = c;
	if (pos == 0) {
		s->led = (int8_t)suit;
		s->follow = suit_cards(s, suit);
		s->best = 0;
	} else {
		if (t->follow == FOLLOW_SUIT && suit != s->led)
			s->void_suits[seat] |= (uint16_t)(1u << s->led);
		card_id best = s->table[s->best];
		if (s->has_trumps ? beats(s, t, c, best)
		    : suit == s->led && d->rank_of[c] > d->rank_of[best])
			s->best = (int8_t)pos;
	}
	s->nplayed++;
	s->event = EV_CARD;
	if (s->nplayed < s->players)
		s->current = (int8_t)state_next_seat(s, seat, 1);
	else
		finish_trick(s, t);
}

void tricks_playout(state *s, const phase *p, rng *r)
{
	int8_t index = s->phase;
	int deal = s->deal_no;
	while (s->current >= 0 && s->phase == index && s->deal_no == deal) {
		card_id c = engine_random_card(tricks_legal(s, p), r);
		if (c == CARD_NONE)
			return;         /* cannot happen: a seat to move has a move */
		tricks_apply(s, p, c);
	}
}
