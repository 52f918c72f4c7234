/* announce.c — calls during trick play: once a deal per seat, at its
 * turn, while the call's condition holds (announce.h). */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "engine/announce.h"
#include "engine/counters.h"
#include "engine/engine.h"
#include "engine/phase.h"
#include "engine/wording.h"

void announce_build(builder *b, const node *calls, tricks_phase *t)
{
	for (size_t i = 0; calls && i < calls->n; i++) {
		if (t->ncalls == TRICK_CALLS_MAX) {
			build_fail(b, calls->pair[i].key, "at most %d calls "
				   "are supported", TRICK_CALLS_MAX);
			return;
		}
		const node *v = calls->pair[i].value;
		trick_call *c = &t->call[t->ncalls++];
		c->name = build_text(b, calls->pair[i].key);
		c->when = build_expr(b, b->g->scope, node_get(v, "when"),
				     TY_BOOL);
		if (c->when) {
			c->steady_ops = vars_steady_and_ops(b->g, c->when);
			c->other_ops = expr_and_ops_all(c->when) &
				       ~c->steady_ops;
			c->latch_ops = vars_latching_ops(b->g, c->when) &
				       c->other_ops;
		}
		c->why = build_text(b, node_get(v, "why"));
		c->says = build_text(b, node_get(v, "says"));
		build_counter_adds(b, node_get(v, "add"), &c->adds);
		build_card_show(b, node_get(v, "shows"), &c->shows);
	}
}

/* Whether the steady operands of call i's condition hold at the seat
 * to move, kept in the steady memo st: worked out again after a call,
 * or after a trick when they read a trick done. */
static bool gate_holds(const state *s, const trick_call *c, int i,
		       vars_memo *st)
{
	int seat = s->current;
	uint32_t bit = UINT32_C(1) << i;
	if (!(st->gate_known[seat] & bit)) {
		bool by_trick;
		bool holds = vars_and_ops_hold(s, c->when, c->steady_ops, seat,
					       &by_trick);
		st->gate_known[seat] |= bit;
		st->gate_holds[seat] = holds ? st->gate_holds[seat] | bit
					     : st->gate_holds[seat] & ~bit;
		st->gate_by_trick[seat] = by_trick
			? st->gate_by_trick[seat] | bit
			: st->gate_by_trick[seat] & ~bit;
	}
	return st->gate_holds[seat] & bit;
}

/* Call i's condition in a playout: its steady operands from the steady
 * memo st, the others read again: first those that latch, which, once
 * false, shut the call as a false gate does, until what they read
 * besides the hand changes (a call that raises a counter they read, or
 * the trick's end where they read a trick done). */
static bool holds_in_playout(const state *s, const trick_call *c, int i,
			     vars_memo *st)
{
	if (!gate_holds(s, c, i, st))
		return false;
	int seat = s->current;
	bool by_trick;
	if (c->latch_ops &&
	    !vars_and_ops_hold(s, c->when, c->latch_ops, seat, &by_trick)) {
		uint32_t bit = UINT32_C(1) << i;
		st->gate_holds[seat] &= ~bit;
		if (by_trick)
			st->gate_by_trick[seat] |= bit;
		return false;
	}
	uint32_t rest = c->other_ops & ~c->latch_ops;
	return !rest || vars_and_ops_hold(s, c->when, rest, seat, &by_trick);
}

/* Call i's condition holds for the seat to move. */
static bool open_now(const state *s, const tricks_phase *t, int i,
		     vars_memo *st)
{
	const trick_call *c = &t->call[i];
	if (!c->when)
		return true;
	if (st && (c->steady_ops | c->latch_ops))
		return holds_in_playout(s, c, i, st);
	return vars_eval(s, c->when, s->current).i;
}

uint32_t announce_open(const state *s, const tricks_phase *t)
{
	vars_memo *st = vars_memo_steady_checked(s);
	int seat = s->current;
	/* neither made by the seat nor closed by a gate known false */
	uint32_t maybe = ((UINT32_C(1) << t->ncalls) - 1) & ~s->called[seat];
	if (st)
		maybe &= ~(st->gate_known[seat] & ~st->gate_holds[seat]);
	if (!maybe)             /* every call shut: no memo to open */
		return 0;
	vars_memo m;            /* the calls' conditions share their names */
	vars_memo_open(&m, s);
	uint32_t open = 0;
	for (; maybe; maybe &= maybe - 1)
		if (open_now(s, t, __builtin_ctz(maybe), st))
			open |= maybe & -maybe;
	vars_memo_close(&m);
	return open;
}

int announce_legal(const state *s, const tricks_phase *t, action *out, int n)
{
	for (uint32_t open = announce_open(s, t); open; open &= open - 1)
		out[n++] = action_of(ACT_CHOICE, __builtin_ctz(open));
	return n;
}

void announce_apply(state *s, const tricks_phase *t, int i)
{
	int seat = s->current;
	phase_show(s, seat, &t->call[i].shows);
	counters_add(s, &t->call[i].adds, seat);
	s->called[seat] |= (uint16_t)(1u << i);
	s->event = EV_ACTION;
}

int announce_named(const tricks_phase *t, const char *word)
{
	for (int i = 0; i < t->ncalls; i++)
		if (strcasecmp(t->call[i].name, word) == 0)
			return i;
	return -1;
}

void announce_why_not(const state *s, const tricks_phase *t, int i,
		      char *buf, size_t size)
{
	const trick_call *c = &t->call[i];
	if (s->called[s->current] >> i & 1)
		snprintf(buf, size, "you have called %s already", c->name);
	else if (c->why)
		snprintf(buf, size, "%s may be called only when %s", c->name,
			 c->why);
	else if (c->when)
		snprintf(buf, size, "%s may be called only when %s", c->name,
			 expr_says(c->when) ? expr_says(c->when)
					    : expr_text(c->when));
	else
		snprintf(buf, size, "the rules do not allow it now");
}

void announce_narrate(const tricks_phase *t, int seat, int i,
		      const audience *who, tale *out)
{
	const trick_call *c = &t->call[i];
	tale_printf(out, "  ");
	tale_seat_as(out, seat, TALE_OPENS);
	tale_printf(out, " %s %s", audience_verb(who, seat, "call", "calls"),
		    c->name);
	if (c->says)
		tale_printf(out, ": %s", c->says);
	tale_printf(out, ".\n");
}

void announce_explain(FILE *out, const tricks_phase *t)
{
	if (t->ncalls == 0)
		return;
	fprintf(out, "- At their turn, before their card, players may make "
		"these calls, each once a deal, aloud:\n");
	for (int i = 0; i < t->ncalls; i++) {
		const trick_call *c = &t->call[i];
		fprintf(out, "  - %s", c->name);
		if (c->says)
			fprintf(out, ": %s", c->says);
		if (c->when)
			fprintf(out, " (when %s)", c->why ? c->why
				: expr_says(c->when) ? expr_says(c->when)
				: expr_text(c->when));
		char shown[300];
		if (c->shows.cards)
			fprintf(out, "; the caller shows %s, from the hand",
				phase_shown_words(&c->shows, shown, sizeof shown));
		fprintf(out, "\n");
	}
}
