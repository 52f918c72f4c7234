/* pass.c — the pass phase: everyone chooses cards, then all are given. */
#include "engine/engine.h"

bool pass_enter(state *s, const phase *p)
{
	int to = (int)engine_eval(s, p->u.pass.to, -1).i;
	if (s->pass_cards[s->phase] == 0 || to % s->players == 0)
		return false;
	s->pass_to = (int8_t)(to % s->players);
	int n = s->pass_cards[s->phase];
	for (int q = 0; q < s->players; q++) {
		int have = cset_count(s->hand[q]);
		s->pass_need[q] = (uint8_t)(n < have ? n : have);
		s->pass_chosen[q] = 0;
		s->passing[q] = cset_empty();
		s->gave[q] = cset_empty();
	}
	s->pass_first = (int8_t)state_next_seat(s, s->dealer, 1);
	s->current = s->pass_first;
	return true;
}

cardset pass_legal(const state *s, const phase *p)
{
	(void)p;
	return cset_minus(s->hand[s->current], s->passing[s->current]);
}

/* All passes happen at once, so nobody passes on what they receive. */
static void give_all(state *s)
{
	for (int q = 0; q < s->players; q++)
		s->hand[q] = cset_minus(s->hand[q], s->passing[q]);
	for (int q = 0; q < s->players; q++) {
		int to = state_seat_plus(s, q, s->pass_to);
		s->hand[to] = cset_or(s->hand[to], s->passing[q]);
		s->gave[q] = s->passing[q];
		s->passing[q] = cset_empty();
	}
}

void pass_apply(state *s, const phase *p, card_id c)
{
	(void)p;
	int seat = s->current;
	cset_add(&s->passing[seat], c);
	s->event = EV_CARD;
	if (++s->pass_chosen[seat] < s->pass_need[seat])
		return;
	int next = state_next_seat(s, seat, 1);
	while (next != s->pass_first && s->pass_need[next] == 0)
		next = state_next_seat(s, next, 1);
	if (next != s->pass_first) {
		s->current = (int8_t)next;
		return;
	}
	give_all(s);
	s->event = EV_PASSED;
	engine_next_phase(s);
}
