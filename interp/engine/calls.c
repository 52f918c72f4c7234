/*
 * calls.c — a round of calls: each seat in turn names a number, or a
 * word such as nil, and keeps it for the deal.
 *
 * The seats for whom `who` holds call once each, in the direction of play
 * from `from`.  A call is a number between `numbers.from` and
 * `numbers.to` (expressions of the deal, worked out for each caller: Oh
 * Hell's 0 to the hand's size) or one of the named `words`, each worth a
 * number; the number goes into the per-seat counter `into`, and a word
 * may raise counters besides (Spades' nil).  `forbid` refuses calls by
 * conditions that read the calls so far and the call weighed (`call`):
 * Oh Hell's dealer may not make the bids add up to the tricks.  Calls
 * are made aloud.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "engine/counters.h"
#include "engine/phase.h"
#include "engine/wording.h"

/* The round in progress. */
struct calls_room {
	int8_t first;                   /* the first caller */
	int8_t pos;                     /* the caller's place in the round */
	int16_t weighed;                /* the call a condition weighs */
	int8_t said[SEAT_MAX];          /* 1 + the word each seat called;
					   0: a number */
};

_Static_assert(sizeof(struct calls_room) <= PHASE_ROOM_SIZE,
	       "the calls' room fits in its slot");

static struct calls_room *room(state *s)
{
	return phase_room(s, PHASE_CALLS);
}

static const struct calls_room *room_of(const state *s)
{
	return phase_room_of(s, PHASE_CALLS);
}

static void reset(state *s)
{
	memset(room(s), 0, sizeof(struct calls_room));
}

/* The state whose calls this thread weighs in place, and the number
 * weighed (refused): `call` reads it there instead of the room's while
 * the rules are evaluated, so that no copy of the state is made.
 * Where a define reads `call`, a memo of the state could keep its value
 * from one number to the next, and the calls are weighed on a copy, as
 * refusals are. */
static _Thread_local const state *weighing;
static _Thread_local int16_t weighed_here;

/* `call`: the number a condition weighs. */
static value get_call(const expr_frame *f, int seat, int arg)
{
	(void)seat, (void)arg;
	const state *s = vars_state(f);
	return vars_int(s == weighing ? weighed_here : room_of(s)->weighed);
}

static bool declare(expr_scope *sc)
{
	return expr_scope_getter(sc, "call", TY_INT, false, get_call, 0);
}

/* ======================================================================
 * Compiling
 * ====================================================================== */

static void build_words(builder *b, const node *words, calls_phase *c)
{
	for (size_t i = 0; words && i < words->n; i++) {
		const node *k = words->pair[i].key, *v = words->pair[i].value;
		if (c->nwords == CALL_WORDS_MAX) {
			build_fail(b, k, "at most %d words are supported",
				   CALL_WORDS_MAX);
			return;
		}
		call_word *w = &c->word[c->nwords++];
		w->name = build_text(b, k);
		w->value = build_expr(b, b->g->scope, node_get(v, "value"), TY_INT);
		w->when = build_expr(b, b->g->scope, node_get(v, "when"), TY_BOOL);
		w->why = build_text(b, node_get(v, "why"));
		build_counter_adds(b, node_get(v, "add"), &w->adds);
		if (strspn(w->name, "0123456789-") == strlen(w->name))
			build_fail(b, k, "a word of a call is not a number: '%s'",
				   w->name);
	}
}

/* A name that does not read `call`, itself or through a define. */
static bool call_unread(expr_getter_fn get, int arg, expr_native_fn native,
			const void *ctx)
{
	return native || !vars_name_reads(ctx, get, arg, get_call);
}

/* How many of e's leading operands read no `call`, through the defines
 * too. */
static int lead_without_call(const game *g, const expr *e)
{
	int lead = expr_and_lead_without(e, get_call);
	uint32_t unread = expr_and_ops_names_ok(e, call_unread, g);
	int k = 0;
	while (k < lead && (unread >> k & 1))
		k++;
	return k;
}

static void build_forbid(builder *b, const node *list, calls_phase *c)
{
	const schema *list_sc =
		schema_field_of(build_kind_schema("calls"), "forbid")->type;
	for (size_t i = 0; list && i < list->n; i++) {
		const node *r = list->item[i];
		if (!build_sound_item(b, list_sc, r))
			continue;
		if (c->nforbid == CALL_RULES_MAX) {
			build_fail(b, r, "at most %d rules are supported",
				   CALL_RULES_MAX);
			return;
		}
		call_rule *x = &c->forbid[c->nforbid++];
		x->when = build_expr(b, b->g->scope, node_get(r, "when"), TY_BOOL);
		x->why = build_text(b, node_get(r, "why"));
		x->lead = x->when ? lead_without_call(b->g, x->when) : 0;
		x->hoisted = expr_hoist(b->g->scope, x->when, call_unread,
					b->g);
	}
}

/* How a name moves as the number weighed rises: `call` with it, the
 * rest not at all (the state stands while the numbers are weighed). */
static expr_direction with_call(expr_getter_fn get, int arg,
				expr_native_fn native, const void *ctx)
{
	(void)arg, (void)native, (void)ctx;
	return get == get_call ? EXPR_RISES : EXPR_STEADY;
}

/* The rules that refuse a run of the numbers at one end of the range,
 * so that the numbers they leave are found by halving it
 * (`call + bids[across(seat)] > 13` refuses every number above its
 * first).  A rule that reads no `call` refuses all or none, and counts
 * as rising.  Where a define reads `call` none is said to: the
 * directions of the defines are not looked into. */
static void order_forbid(calls_phase *c)
{
	if (c->defines_read_call)
		return;
	for (int i = 0; i < c->nforbid; i++) {
		if (!c->forbid[i].when)
			continue;
		expr_direction d = expr_direction_of(c->forbid[i].when,
						     with_call, NULL);
		if (d == EXPR_RISES || d == EXPR_STEADY)
			c->forbid_rising |= UINT32_C(1) << i;
		else if (d == EXPR_FALLS)
			c->forbid_falling |= UINT32_C(1) << i;
	}
}

static void build(builder *b, const node *n, phase *p)
{
	calls_phase *c = &p->u.calls;
	game *g = b->g;
	const schema *sc = build_kind_schema("calls");
	c->who = build_expr(b, g->scope, build_field(b, sc, n, "who"), TY_BOOL);
	c->from = build_table_expr(b, g->scope, build_field(b, sc, n, "from"),
				   TY_SEAT, "'calls.from'");
	const node *numbers = build_field(b, sc, n, "numbers");
	c->lowest = build_expr(b, g->scope, node_get(numbers, "from"), TY_INT);
	c->highest = build_expr(b, g->scope, node_get(numbers, "to"), TY_INT);
	const node *into = build_field(b, sc, n, "into");
	c->into = into ? build_counter_index(b, into) : -1;
	if (c->into >= 0 && !g->counter_per_seat[c->into])
		build_fail(b, into, "the calls go into a counter of each seat: "
			   "give '%s' 'per-seat: true'", into->text);
	build_words(b, build_field(b, sc, n, "words"), c);
	const node *forbid = node_get(n, "forbid");
	build_forbid(b, forbid && forbid->kind == NODE_SEQ ? forbid : NULL, c);
	for (int d = 0; d < g->ndefines; d++)
		c->defines_read_call |= vars_define_reads(g, d, get_call);
	order_forbid(c);
	if (!numbers && c->nwords == 0)
		build_fail(b, n, "a calls phase needs 'numbers', 'words' or both");
}

/* ======================================================================
 * Playing
 * ====================================================================== */

static bool calls(const state *s, const calls_phase *c, int seat)
{
	return !c->who || vars_eval(s, c->who, seat).i;
}

/* Moves the turn to the next seat that calls, from position pos in the
 * round; false when the round is over. */
static bool turn_from(state *s, const calls_phase *c, int pos)
{
	pos = phase_round_turn(s, room_of(s)->first, c->who, pos);
	room(s)->pos = (int8_t)pos;
	return pos >= 0;
}

static bool enter(state *s, const phase *p)
{
	room(s)->first = (int8_t)phase_round_first(s, p->u.calls.from);
	return turn_from(s, &p->u.calls, 0);
}

/* The numbers the seat to move may name, before the rules refuse any;
 * at most `max` of them, from the lowest. */
static void number_range(const state *s, const calls_phase *c, int max,
			 int *lo, int *hi)
{
	*lo = 0;
	*hi = -1;
	if (!c->lowest || !c->highest)
		return;
	int64_t from = vars_eval(s, c->lowest, s->current).i;
	int64_t to = vars_eval(s, c->highest, s->current).i;
	if (from < -30000)
		from = -30000;
	if (to > 30000)
		to = 30000;
	if (to - from + 1 > max)
		to = from + max - 1;
	*lo = (int)from;
	*hi = (int)to;
}

/* The first rule that refuses the call worth `number` (its index), or
 * -1.  The rules read `call` from a copy of the state. */
static int refusing_rule(state *weigh, const calls_phase *c, int number)
{
	room(weigh)->weighed = (int16_t)number;
	for (int i = 0; i < c->nforbid; i++)
		if (vars_eval(weigh, c->forbid[i].when, weigh->current).i)
			return i;
	return -1;
}

static int word_value(const state *s, const call_word *w)
{
	return w->value ? (int)vars_eval(s, w->value, s->current).i : 0;
}

static bool word_open(const state *s, const call_word *w)
{
	return !w->when || vars_eval(s, w->when, s->current).i;
}

/* The rules that may refuse a call of the seat to move, as bits: those
 * whose leading operands that do not read `call` hold, worked out once
 * for all the calls weighed (Oh Hell's `seat == dealer and ...`). */
static uint32_t rules_at_stake(const state *s, const calls_phase *c)
{
	expr_frame f;
	vars_frame(&f, s, NULL);
	f.seat = s->current;
	uint32_t live = 0;
	for (int i = 0; i < c->nforbid; i++)
		if (expr_and_lead_holds(c->forbid[i].when, c->forbid[i].lead, &f))
			live |= UINT32_C(1) << i;
	return live;
}

/* Whether one of the rules `live` refuses the call worth `number`, their
 * leading operands known to hold.  The rules read `call` from the copy
 * of s, or where there is none (no define reads `call`) from the
 * thread's `weighing` of s. */
static bool refused(const state *s, state *copy, const calls_phase *c,
		    uint32_t live, int number,
		    value hoisted[][EXPR_HOISTED_MAX])
{
	const state *on = s, *outer = weighing;
	if (copy) {
		room(copy)->weighed = (int16_t)number;
		on = copy;
	} else {                /* read by `call` for these rules alone */
		weighing = s;
		weighed_here = (int16_t)number;
	}
	expr_frame f;
	vars_frame(&f, on, NULL);
	f.seat = on->current;
	bool refuses = false;
	for (; live && !refuses; live &= live - 1) {
		int i = __builtin_ctz(live);
		const call_rule *r = &c->forbid[i];
		refuses = r->hoisted
			? expr_hoisted_eval(r->hoisted, hoisted[i], &f).i
			: expr_and_rest_holds(r->when, r->lead, &f);
	}
	weighing = outer;
	return refuses;
}

/* The parts of the rules `live` that read no `call`, worked out once
 * for every call weighed. */
static void hoist_rules(const state *s, const calls_phase *c, uint32_t live,
			value hoisted[][EXPR_HOISTED_MAX])
{
	expr_frame f;
	vars_frame(&f, s, NULL);
	f.seat = s->current;
	for (; live; live &= live - 1) {
		const call_rule *r = &c->forbid[__builtin_ctz(live)];
		if (r->hoisted)
			expr_hoisted_values(r->hoisted, &f,
					    hoisted[__builtin_ctz(live)]);
	}
}

/* The first number of lo..hi that one of the rules `rising` refuses
 * (hi + 1 when none does), by halving: each refuses a number's higher
 * ones too. */
static int first_refused(const state *s, const calls_phase *c,
			 uint32_t rising, int lo, int hi,
			 value hoisted[][EXPR_HOISTED_MAX])
{
	int end = hi + 1;
	while (lo < end) {
		int mid = lo + (end - lo) / 2;
		if (refused(s, NULL, c, rising, mid, hoisted))
			end = mid;
		else
			lo = mid + 1;
	}
	return lo;
}

/* The last number of lo..hi that one of the rules `falling` refuses (lo
 * - 1 when none does): each refuses a number's lower ones too. */
static int last_refused(const state *s, const calls_phase *c,
			uint32_t falling, int lo, int hi,
			value hoisted[][EXPR_HOISTED_MAX])
{
	int start = lo - 1;
	while (start < hi) {
		int mid = hi - (hi - start) / 2;
		if (refused(s, NULL, c, falling, mid, hoisted))
			start = mid;
		else
			hi = mid - 1;
	}
	return start;
}

/* Of the rules `each`, those that refuse one number at most (an
 * equality with `call`, solved: expr_hoisted_single), that number in
 * at[i] (INT64_MIN: none). */
static uint32_t one_number_rules(const calls_phase *c, uint32_t each,
				 value hoisted[][EXPR_HOISTED_MAX],
				 int64_t *at)
{
	uint32_t single = 0;
	for (; each; each &= each - 1) {
		int i = __builtin_ctz(each);
		const call_rule *r = &c->forbid[i];
		if (r->hoisted &&
		    expr_hoisted_single(r->hoisted, hoisted[i], get_call, &at[i]))
			single |= UINT32_C(1) << i;
	}
	return single;
}

/* Whether one of the rules `single` refuses number v: only its own
 * number is weighed, by the rule itself. */
static bool refused_at(const state *s, state *copy, const calls_phase *c,
		       uint32_t single, const int64_t *at, int v,
		       value hoisted[][EXPR_HOISTED_MAX])
{
	for (; single; single &= single - 1) {
		int i = __builtin_ctz(single);
		if (at[i] == v && refused(s, copy, c, UINT32_C(1) << i, v,
					  hoisted))
			return true;
	}
	return false;
}

/* What the seat to move may call, short of weighing each number: the
 * range lo..hi left by the rules at its ends, the rules still to weigh
 * at every number (each) and at one number alone (single, at[]), and
 * the open words as listed. */
typedef struct call_plan {
	int lo, hi;
	uint32_t each, single;
	int64_t at[CALL_RULES_MAX];
	state weigh, *copy;     /* the rules read `call` from a copy */
	value hoisted[CALL_RULES_MAX][EXPR_HOISTED_MAX];
	action words[CALL_WORDS_MAX];
	int nwords;
} call_plan;

/* The calls are weighed only where a rule may refuse one, on a copy of
 * the state only where a define reads `call`; the rules that refuse a
 * run at one end of the range are weighed by halving it. */
static void plan_calls(const state *s, const calls_phase *c, call_plan *pl)
{
	uint32_t live = rules_at_stake(s, c);
	pl->copy = NULL;
	if (live) {
		hoist_rules(s, c, live, pl->hoisted);
		if (c->defines_read_call) {
			pl->weigh = *s;
			pl->copy = &pl->weigh;
		}
	}
	pl->nwords = 0;
	for (int i = 0; i < c->nwords; i++)
		if (word_open(s, &c->word[i]) &&
		    !(live && refused(s, pl->copy, c, live,
				      word_value(s, &c->word[i]), pl->hoisted)))
			pl->words[pl->nwords++] = action_of(ACT_CHOICE, i);
	number_range(s, c, ACTIONS_MAX - pl->nwords, &pl->lo, &pl->hi);
	/* none where a define reads `call` (order_forbid); under
	 * validate's watch every number is weighed, so that every choose()
	 * is seen */
	bool halved = !expr_watching();
	uint32_t rising = halved ? live & c->forbid_rising : 0;
	uint32_t falling = halved ? live & c->forbid_falling : 0;
	pl->each = live & ~(rising | falling);
	if (rising)
		pl->hi = first_refused(s, c, rising, pl->lo, pl->hi,
				       pl->hoisted) - 1;
	if (falling)
		pl->lo = last_refused(s, c, falling, pl->lo, pl->hi,
				      pl->hoisted) + 1;
	pl->single = halved ? one_number_rules(c, pl->each, pl->hoisted,
					       pl->at) : 0;
	pl->each &= ~pl->single;
}

/* The calls plan pl leaves, in the canonical order as built: the
 * numbers rising, then the words (ACT_BID before ACT_CHOICE). */
static int listed(const state *s, const calls_phase *c, call_plan *pl,
		  action *out)
{
	int n = 0;
	for (int v = pl->lo; v <= pl->hi; v++)
		if (!(pl->each && refused(s, pl->copy, c, pl->each, v,
					  pl->hoisted)) &&
		    !refused_at(s, pl->copy, c, pl->single, pl->at, v,
				pl->hoisted))
			out[n++] = action_of(ACT_BID, v);
	memcpy(out + n, pl->words, sizeof *pl->words * (size_t)pl->nwords);
	return n + pl->nwords;
}

static int legal(const state *s, const phase *p, action *out)
{
	const calls_phase *c = &p->u.calls;
	call_plan pl;
	plan_calls(s, c, &pl);
	return listed(s, c, &pl, out);
}

/* The member of legal()'s list that rng_below(r, its length) names:
 * where no rule is weighed at every number, the numbers are counted,
 * those that single rules refuse taken out, without the list. */
static action random_call(const state *s, const phase *p, rng *r)
{
	const calls_phase *c = &p->u.calls;
	call_plan pl;
	plan_calls(s, c, &pl);
	if (pl.each) {
		action list[ACTIONS_MAX];
		int n = listed(s, c, &pl, list);
		return n ? list[rng_below(r, (uint32_t)n)]
			 : action_of(ACT_NONE, 0);
	}
	int out[CALL_RULES_MAX], nout = 0;     /* refused, rising */
	for (int v = pl.lo; v <= pl.hi && pl.single; v++)
		if (refused_at(s, pl.copy, c, pl.single, pl.at, v, pl.hoisted))
			out[nout++] = v;
	int numbers = pl.hi >= pl.lo ? pl.hi - pl.lo + 1 - nout : 0;
	if (numbers + pl.nwords == 0)
		return action_of(ACT_NONE, 0);
	int i = (int)rng_below(r, (uint32_t)(numbers + pl.nwords));
	if (i >= numbers)
		return pl.words[i - numbers];
	int v = pl.lo + i;      /* the i-th number not refused */
	for (int k = 0; k < nout && out[k] <= v; k++)
		v++;
	return action_of(ACT_BID, v);
}

static phase_step apply(state *s, const phase *p, const action *a)
{
	const calls_phase *c = &p->u.calls;
	int seat = s->current;
	int number = a->number;
	room(s)->said[seat] = 0;
	if (a->kind == ACT_CHOICE) {
		const call_word *w = &c->word[a->number];
		number = word_value(s, w);
		counters_add(s, &w->adds, seat);
		room(s)->said[seat] = (int8_t)(a->number + 1);
	}
	if (c->into >= 0)
		s->counter[c->into][seat] = number;
	s->event = EV_ACTION;
	return turn_from(s, c, room_of(s)->pos + 1) ? PHASE_GOES_ON
						    : PHASE_ENDS;
}

/* What a bot can read of a call: the number it stands for, and whether
 * it raises counters besides (nil's bonus or penalty). */
static move_hint hint(const state *s, const phase *p, const action *a)
{
	const calls_phase *c = &p->u.calls;
	move_hint h = {0, false, false, false};
	if (a->kind == ACT_BID) {
		h.gain = a->number;
	} else if (a->kind == ACT_CHOICE && a->number >= 0 &&
		   a->number < c->nwords) {
		h.gain = word_value(s, &c->word[a->number]);
		h.commits = c->word[a->number].adds.n > 0;
	}
	return h;
}

/* ======================================================================
 * Words
 * ====================================================================== */

static action_prompt prompt(const state *s, const phase *p)
{
	(void)s, (void)p;
	action_prompt due = {"call", 1};
	return due;
}

static void words(const state *s, const phase *p, const action *a, int n,
		  char *buf, size_t size)
{
	(void)s;
	buf[0] = '\0';
	if (n < 1)
		return;
	if (a->kind == ACT_CHOICE && a->number < p->u.calls.nwords)
		snprintf(buf, size, "%s", p->u.calls.word[a->number].name);
	else if (a->kind == ACT_BID)
		snprintf(buf, size, "%d", a->number);
}

static bool parse(const state *s, const phase *p, char *const *word,
		  int nword, action *out, int *n, char *err, size_t size)
{
	(void)s;
	const calls_phase *c = &p->u.calls;
	if (nword > 1 && strcasecmp(word[0], "bid") == 0) {
		word++;
		nword--;
	}
	*n = 1;
	if (nword == 1)
		for (int i = 0; i < c->nwords; i++)
			if (strcasecmp(word[0], c->word[i].name) == 0) {
				out[0] = action_of(ACT_CHOICE, i);
				return true;
			}
	char *end = NULL;
	long v = nword == 1 ? strtol(word[0], &end, 10) : 0;
	if (nword != 1 || end == word[0] || *end || v < -30000 || v > 30000) {
		snprintf(err, size, "call a number%s%s, as in 'call 3'",
			 c->nwords ? " or " : "", c->nwords ? c->word[0].name : "");
		return false;
	}
	out[0] = action_of(ACT_BID, (int)v);
	return true;
}

static void why_illegal(const state *s, const phase *p, const action *a,
			char *buf, size_t size)
{
	const calls_phase *c = &p->u.calls;
	if (a->kind != ACT_BID && a->kind != ACT_CHOICE) {
		snprintf(buf, size, "it is time to call");
		return;
	}
	int number = a->number;
	if (a->kind == ACT_CHOICE && (a->number < 0 || a->number >= c->nwords)) {
		snprintf(buf, size, "there is no such call here");
		return;
	}
	if (a->kind == ACT_CHOICE) {
		const call_word *w = &c->word[a->number];
		if (!word_open(s, w) && w->why)
			snprintf(buf, size, "'%s' may not be called now: %s",
				 w->name, w->why);
		else if (!word_open(s, w))
			snprintf(buf, size, "'%s' may not be called now: it needs "
				 "%s", w->name, expr_text(w->when));
		if (!word_open(s, w))
			return;
		number = word_value(s, &c->word[a->number]);
	} else {
		int lo, hi;
		number_range(s, c, ACTIONS_MAX, &lo, &hi);
		if (number < lo || number > hi) {
			snprintf(buf, size, "the call is a number from %d to %d",
				 lo, hi);
			return;
		}
	}
	state weigh = *s;
	int rule = refusing_rule(&weigh, c, number);
	const char *why = rule >= 0 ? c->forbid[rule].why : NULL;
	snprintf(buf, size, "%s", why ? why : "a rule of the game forbids it");
}

static void explain(FILE *out, const game *g, const phase *p)
{
	const calls_phase *c = &p->u.calls;
	char buf[64];
	char whom[300];
	bool one;
	fprintf(out, "Each player");
	if (c->who && formula_players_words(c->who, &one, whom, sizeof whom))
		fprintf(out, " (%s%s)", one ? "only " : "", whom);
	else if (c->who)
		fprintf(out, " for whom %s", formula_condition_said(c->who, whom,
								   sizeof whom));
	fprintf(out, " calls once, in turn from %s",
		phase_first_seat_words(g, c->from, buf, sizeof buf));
	fputs(": ", out);
	char low[300], high[300];
	if (c->lowest && c->highest)
		fprintf(out, "a number from %s to %s",
			formula_number_said(c->lowest, low, sizeof low),
			formula_number_said(c->highest, high, sizeof high));
	for (int i = 0; i < c->nwords; i++) {
		const call_word *w = &c->word[i];
		fprintf(out, "%s`%s` (worth %s", i == 0 && !c->lowest ? ""
			: i == c->nwords - 1 ? " or " : ", ", w->name,
			w->value ? formula_number_said(w->value, low, sizeof low)
				 : "0");
		for (int k = 0; k < w->adds.n; k++)
			fprintf(out, "; adds %s to %s",
				formula_number_said(w->adds.add[k], high,
						    sizeof high),
				g->counter_name[w->adds.counter[k]]);
		char cond[300];
		if (w->when)
			fprintf(out, "; only when %s%s%s",
				formula_condition_said(w->when, cond, sizeof cond),
				w->why ? ": " : "", w->why ? w->why : "");
		fputc(')', out);
	}
	fputs(".", out);
	if (c->into >= 0)
		fprintf(out, " The call is kept for the deal as `%s`.",
			g->counter_name[c->into]);
	char cond[300];
	for (int i = 0; i < c->nforbid; i++)
		fprintf(out, " A call is refused when %s%s%s%s.",
			formula_condition_said(c->forbid[i].when, cond, sizeof cond),
			c->forbid[i].why ? " (" : "",
			c->forbid[i].why ? c->forbid[i].why : "",
			c->forbid[i].why ? ")" : "");
	fputc('\n', out);
}

/* ======================================================================
 * Words at the table
 * ====================================================================== */

static void narrate(const state *before, const state *after, const phase *p,
		    int seat, const action *a, int n, const audience *who,
		    tale *out, tale *news)
{
	(void)after, (void)news;
	char buf[64];
	words(before, p, a, n, buf, sizeof buf);
	tale_printf(out, "  ");
	tale_seat_as(out, seat, TALE_OPENS);
	tale_printf(out, " %s %s\n", audience_verb(who, seat, "call", "calls"),
		    buf);
}

/* The calls made so far in this round. */
static bool context(const state *s, const phase *p, const audience *who,
		    tale *out)
{
	(void)who;
	const calls_phase *c = &p->u.calls;
	const struct calls_room *r = room_of(s);
	const char *sep = "  Called so far:";
	for (int pos = 0; pos < r->pos; pos++) {
		int q = state_next_seat(s, r->first, pos);
		if (!calls(s, c, q))
			continue;
		tale_printf(out, "%s ", sep);
		tale_seat(out, q);
		if (r->said[q])
			tale_printf(out, " %s", c->word[r->said[q] - 1].name);
		else if (c->into >= 0)
			tale_printf(out, " %" PRId64, s->counter[c->into][q]);
		sep = ",";
	}
	if (*sep == ',')
		tale_printf(out, ".\n");
	else
		tale_printf(out, "  Nobody has called yet.\n");
	return false;
}

static void help(const game *g, const phase *p, tale *out)
{
	(void)g;
	const calls_phase *c = &p->u.calls;
	tale_printf(out, "    call 3      a call: a number%s%s\n",
		    c->nwords ? ", or " : "", c->nwords ? c->word[0].name : "");
}

const phase_kind_def phase_calls = {
	.name = "calls",
	.build = build,
	.declare = declare,
	.reset = reset,
	.enter = enter,
	.legal = legal,
	.random_action = random_call,
	.apply = apply,
	.hint = hint,
	.prompt = prompt,
	.words = words,
	.parse = parse,
	.why_illegal = why_illegal,
	.explain = explain,
	.narrate = narrate,
	.context = context,
	.help = help,
};
