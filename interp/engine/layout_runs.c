/*
 * layout_runs.c — the cards of a layout that lie in sequence, for search
 * bots: a card on the card its run moves would carry it with (Spider's
 * 7S on 8S, Klondike's 7H on 8S) is part of a run already built, which a
 * solver counts as progress where nothing else rises (Spider's last suit,
 * every card face up, put together before it goes off).
 */
#include <string.h>

#include "engine/engine.h"
#include "engine/layout.h"
#include "engine/vars.h"

/* The places a run move with a `sequence` takes from, as bits. */
static uint32_t run_places(const layout_phase *l)
{
	uint32_t from = 0;
	for (int i = 0; i < l->nmoves; i++)
		if (l->move[i].group == GROUP_RUN && l->move[i].sequence)
			from |= l->move[i].from;
	return from;
}

/* Whether a run move from place k holds card over card under, by its
 * `sequence` (card: the upper card, target: the one under it). */
static bool in_sequence(const state *s, const layout_phase *l, int k,
			card_id over, card_id under, expr_frame *f,
			value *slot)
{
	memset(&slot[l->v_card], 0, sizeof *slot);
	memset(&slot[l->v_target], 0, sizeof *slot);
	slot[l->v_card].i = s->g->deck.face[over];
	slot[l->v_target].i = s->g->deck.face[under];
	for (int i = 0; i < l->nmoves; i++) {
		const move_def *m = &l->move[i];
		if (m->group == GROUP_RUN && m->sequence && (m->from >> k & 1) &&
		    expr_eval(m->sequence, f).i != 0)
			return true;
	}
	return false;
}

int state_cards_in_sequence(const state *s)
{
	if (s->phase < 0 || s->g->phase[s->phase].kind != PHASE_LAYOUT)
		return 0;
	const layout_phase *l = LAYOUT(&s->g->phase[s->phase]);
	uint32_t from = run_places(l);
	if (!from || l->v_card < 0 || l->v_target < 0)
		return 0;
	static _Thread_local value slot[VARS_SLOTS_MAX];
	expr_frame f;
	vars_frame(&f, s, slot);
	int n = 0;
	for (int k = 0; k < s->g->nplaces; k++) {
		if (!(from >> k & 1))
			continue;
		const place_def *pl = &s->g->place[k];
		for (int p = pl->first_pile; p < pl->first_pile + pl->npiles;
		     p++) {
			card_id row[CARD_MAX];
			memset(row, CARD_NONE, sizeof row);
			int size = pile_in_order(s, p, row);
			for (int i = 1; i < size; i++)
				n += row[i] != CARD_NONE && row[i - 1] != CARD_NONE &&
				     !cset_has(s->down, row[i]) &&
				     !cset_has(s->down, row[i - 1]) &&
				     in_sequence(s, l, k, row[i], row[i - 1], &f,
						 slot);
		}
	}
	return n;
}
