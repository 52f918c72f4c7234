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

/* Add i's raise: read from its option's table where the option lies in
 * it (a raise by `unit` comes at every bid), else worked out. */
static inline int64_t raise_of(const state *s, const counter_adds *adds,
			       int i, int seat, bool tables)
{
	const option_value_table *t = adds->by_option[i];
	const value *v;
	if (t && tables && (v = vars_option_entry(t, s->option[t->option])))
		return v->i;
	return vars_eval(s, adds->add[i], seat).i;
}

void counters_add(state *s, const counter_adds *adds, int seat)
{
	int64_t raise[CHOICE_ADDS_MAX];
	bool tables = !expr_watching();         /* validate's: all worked out */
	for (int i = 0; i < adds->n; i++)
		raise[i] = raise_of(s, adds, i, seat, tables);
	for (int i = 0; i < adds->n; i++) {
		int k = adds->counter[i];
		int64_t *c = &s->counter[k][s->g->counter_per_seat[k] ? seat : 0];
		*c = arith_add(*c, raise[i]);
	}
}
