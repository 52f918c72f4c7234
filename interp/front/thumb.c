/* thumb.c — rules of thumb: a move without search. */
#include "front/thumb.h"

#include "engine/phase.h"

action thumb_choose(const state *s, const action *moves, int n)
{
	const deck *d = &s->g->deck;
	/* unable to follow: get rid of a high card instead */
	bool discard = state_phase_kind(s) == PHASE_TRICKS && s->nplayed > 0;
	for (int i = 0; discard && i < n; i++)
		discard = moves[i].kind == ACT_CARD &&
			  !cset_has(s->follow, moves[i].card[0]);
	int best = 0;
	long best_key = 0;
	for (int i = 0; i < n; i++) {
		const action *a = &moves[i];
		long key;
		switch ((action_kind)a->kind) {
		case ACT_CARD:
			key = d->rank_of[a->card[0]] * 16 + d->suit_of[a->card[0]];
			if (discard)
				key = -key;
			break;
		case ACT_CARDS:         /* low pairs, face up: no points given */
			key = (d->rank_of[a->card[0]] + d->rank_of[a->card[1]]) * 2 +
			      !!(a->flags & ACT_DOWN);
			break;
		case ACT_BID:
			key = s->bid > 0 ? 100000 + a->number : a->number;
			break;
		case ACT_PASS:
			key = s->bid > 0 ? 0 : 200000;
			break;
		case ACT_CHOICE: {
			const phase *p = &s->g->phase[s->phase];
			if (p->kind != PHASE_CHOOSE) {
				key = 0;
				break;
			}
			const choice_def *c = &p->u.choose.choice[a->number];
			key = c->adds.n == 0 && !c->declare && c->take < 0 ? 0 : 1;
			break;
		}
		default:
			key = 300000;
			break;
		}
		if (i == 0 || key < best_key) {
			best = i;
			best_key = key;
		}
	}
	return moves[best];
}
