/* bot.c — random and Monte Carlo players. */
#include "front/bot.h"

void bot_init(bot *b, bot_kind kind, uint64_t seed, int seat)
{
	b->kind = kind;
	b->playouts = 1200;
	rng_seed(&b->r, seed, UINT64_C(0x626f74) + (uint64_t)seat);
}

/* Higher is better for the seat: the sign of the first ranking key. */
static int64_t objective(const state *s, int seat)
{
	const game *g = s->g;
	bool highest = g->nrank == 0 || g->rank[0].highest;
	return highest ? s->deal_score[seat] : -s->deal_score[seat];
}

static action choose_mc(bot *b, const view *v, const action *moves, int n)
{
	int per_move = b->playouts / n;
	if (per_move < 16)
		per_move = 16;
	int best = 0;
	double best_mean = 0;
	for (int i = 0; i < n; i++) {
		int64_t sum = 0;
		for (int k = 0; k < per_move; k++) {
			state s;
			view_sample(v, &b->r, &s);
			if (!state_apply(&s, moves[i]))
				continue;
			if (s.current >= 0)
				state_random_playout(&s, &b->r);
			sum += objective(&s, v->seat);
		}
		double mean = (double)sum / per_move;
		if (i == 0 || mean > best_mean) {
			best = i;
			best_mean = mean;
		}
	}
	return moves[best];
}

action bot_choose(bot *b, const view *v)
{
	action moves[ACTIONS_MAX];
	int n = state_legal(&v->s, moves);
	if (n <= 1)
		return n ? moves[0] : action_of(ACT_NONE, 0);
	if (b->kind == BOT_RANDOM)
		return moves[rng_below(&b->r, (uint32_t)n)];
	return choose_mc(b, v, moves, n);
}
