/* counters.c — setting counters back and raising them. */
#include "engine/counters.h"

#include "engine/vars.h"
#include "util/arith.h"

void counters_reset(state *s)
{
	const game *g = s->g;
	for (int k = 0; k < g->ncounters; k++) {
		int seats = g->counter_per_seat[k] ? s->players : 1;
		for (int p = 0; p < seats; p++)
			s->counter[k][p] = g->counter_start[k]
				? vars_eval(s, g->counter_start[k], p).i
				: g->counter_initial[k];
	}
}

void counters_add(state *s, const counter_adds *adds, int seat)
{
	int64_t raise[CHOICE_ADDS_MAX];
	for (int i = 0; i < adds->n; i++)
		raise[i] = adds->by_option[i]
			? vars_eval_by_option(s, adds->add[i],
					      adds->by_option[i]).i
			: vars_eval(s, adds->add[i], seat).i;
	for (int i = 0; i < adds->n; i++) {
		int k = adds->counter[i];
		int64_t *c = &s->counter[k][s->g->counter_per_seat[k] ? seat : 0];
		*c = arith_add(*c, raise[i]);
	}
}
