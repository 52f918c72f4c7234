/*
 * expr_eval.c — walking a compiled expression.
 *
 * One switch over the opcodes that reads a leaf in place and jumps to a
 * function of its own for every other node: the switch then keeps no
 * registers and sets up no frame, so that a node costs one call and
 * its own work, not the frame of the largest case.  A case that may call
 * out (a slot read that works its value out first) is such a function
 * too, or every node would save the registers that call needs.
 * Nothing allocates and nothing fails: every
 * operator is total (x / 0 is 0, overflow saturates), and a seat or suit
 * out of range reads as the type's zero value.  The compiler bounds the
 * tree's height, so the recursion is bounded too.
 */
#include <string.h>

#include "lang/expr_int.h"

/* ---- Accumulating loops and seat aggregates ---------------------------- */

typedef struct acc {
	int64_t v;
	bool seen;
} acc;

static acc acc_start(int agg)
{
	acc a = {agg == AGG_ALL, false};
	return a;
}

/* Adds x; true when the result can no longer change (any, all).  In
 * line: a call would cost as much as the step, and where the aggregate
 * is known (a side's sum) the switch folds. */
static inline __attribute__((always_inline)) bool
acc_step(int agg, acc *a, int64_t x)
{
	switch (agg) {
	case AGG_SUM:
		a->v = arith_add(a->v, x);
		return false;
	case AGG_COUNT:
		a->v += x != 0;
		return false;
	case AGG_MAX:
		if (!a->seen || x > a->v)
			a->v = x;
		break;
	case AGG_MIN:
		if (!a->seen || x < a->v)
			a->v = x;
		break;
	case AGG_ANY:
		a->v = x != 0;
		return a->v;
	case AGG_ALL:
		a->v = x != 0;
		return !a->v;
	}
	a->seen = true;
	return false;
}

static value acc_value(acc a)
{
	value r = {.i = a.v};
	return r;
}


static __attribute__((noinline)) value ev_seatagg(const expr_node *n,
						  expr_env *env)
{
	int saved = env->fr.seat, players = expr_seats_of(env);
	acc a = acc_start(n->agg);
	for (int s = 0; s < players; s++) {
		env->fr.seat = s;
		if (acc_step(n->agg, &a, expr_ev(n->u.kid[0], env).i))
			break;
	}
	env->fr.seat = saved;
	return acc_value(a);
}

/* for each id of the set (copies count separately): x is its face */
static __attribute__((noinline)) value ev_forcards(const expr_node *n,
						   expr_env *env)
{
	cardset s = expr_ev(n->u.kid[0], env).s;
	acc a = acc_start(n->agg);
	CSET_FOREACH(c, s) {
		env->loc[n->slot] = env->d->face[c];
		if (acc_step(n->agg, &a, expr_ev(n->u.kid[1], env).i))
			break;
	}
	return acc_value(a);
}

static __attribute__((noinline)) value ev_forsuits(const expr_node *n,
						   expr_env *env)
{
	int64_t set = expr_ev(n->u.kid[0], env).i;
	acc a = acc_start(n->agg);
	for (int s = 0; s < SUIT_MAX; s++) {
		if (!(set >> s & 1))
			continue;
		env->loc[n->slot] = s;
		if (acc_step(n->agg, &a, expr_ev(n->u.kid[1], env).i))
			break;
	}
	return acc_value(a);
}

static __attribute__((noinline)) value ev_forseats(const expr_node *n,
						   expr_env *env)
{
	int players = expr_seats_of(env);
	acc a = acc_start(n->agg);
	for (int s = 0; s < players; s++) {
		env->loc[n->slot] = s;
		if (acc_step(n->agg, &a, expr_ev(n->u.kid[1], env).i))
			break;
	}
	return acc_value(a);
}

/* for x from kid 0 to kid 2, at most EXPR_RANGE_MAX of them: a loop is
 * bounded, whatever its bounds evaluate to */
static __attribute__((noinline)) value ev_forrange(const expr_node *n,
						   expr_env *env)
{
	int64_t lo = expr_ev(n->u.kid[0], env).i;
	int64_t hi = expr_ev(n->u.kid[2], env).i;
	uint64_t count = hi < lo ? 0 : (uint64_t)hi - (uint64_t)lo + 1;
	if (count > EXPR_RANGE_MAX || (count == 0 && hi >= lo))
		count = EXPR_RANGE_MAX;         /* 0: the whole of int64 */
	acc a = acc_start(n->agg);
	for (uint64_t k = 0; k < count; k++) {
		env->loc[n->slot] = (int64_t)((uint64_t)lo + k);
		if (acc_step(n->agg, &a, expr_ev(n->u.kid[1], env).i))
			break;
	}
	return acc_value(a);
}

/* x[s]: x evaluated for seat s; a seat that is not at the table reads
 * as the zero value. */
static __attribute__((noinline)) value ev_at(const expr_node *n, expr_env *env)
{
	int64_t s = expr_ev(n->u.kid[1], env).i;
	int saved = env->fr.seat;
	env->fr.seat = s >= 0 && s < expr_seats_of(env) ? (int)s : -1;
	value r = expr_ev(n->u.kid[0], env);
	env->fr.seat = saved;
	return r;
}

static __attribute__((noinline)) value ev_call(const expr_node *n,
					       expr_env *env)
{
	value arg[EXPR_ARGS_MAX];
	for (int i = 0; i < n->nkid; i++)
		arg[i] = expr_ev(n->u.call.arg[i], env);
	return n->u.call.fn(env, n, arg);
}

/* ---- Fused shapes (expr_fast.c), each as its reference computes it ---- */

/* min() or max() of integers, every argument evaluated in order as the
 * built-in's are. */
static __attribute__((noinline)) value ev_minmax(const expr_node *n,
						 expr_env *env)
{
	int64_t m = expr_ev(n->u.call.arg[0], env).i;
	for (int i = 1; i < n->nkid; i++) {
		int64_t x = expr_ev(n->u.call.arg[i], env).i;
		if (n->agg == AGG_MIN ? x < m : x > m)
			m = x;
	}
	value r = {.i = m};
	return r;
}

/* choose(i, v0, v1, ...): v_i alone evaluated (the built-in gets every
 * value evaluated); out of range, as the built-in, the zero value. */
static __attribute__((noinline)) value ev_choose(const expr_node *n,
						 expr_env *env)
{
	int64_t i = expr_ev(n->u.call.arg[0], env).i;
	if (i < 0 || i >= n->nkid - 1) {
		expr_choose_missed(i, n->nkid - 1);
		return expr_zero(n->type);
	}
	return expr_ev(n->u.call.arg[i + 1], env);
}


/* x[s] of a per-seat variable: its slot at s, or the zero value. */
static inline value seatvar_at(const expr_node *n, const expr_env *env,
			       int64_t s)
{
	if (s < 0 || s >= expr_seats_of(env))
		return expr_zero(n->type);
	expr_need_slot(env, n->slot + (int)s);
	return env->fr.slot[n->slot + s];
}

static __attribute__((noinline)) value ev_seatvar_at(const expr_node *n, expr_env *env)
{
	return seatvar_at(n, env, expr_ev(n->u.kid[0], env).i);
}

static __attribute__((noinline)) value ev_seatvar_loc(const expr_node *n,
						      const expr_env *env)
{
	return seatvar_at(n, env, env->loc[n->u.kid[0]->slot]);
}


static value ev_get(const expr_node *n, const expr_env *env);

/* x[s] of a value kept by the engine: read as the seat s would. */
static inline value seatget_at(const expr_node *n, expr_env *env, int64_t s)
{
	int saved = env->fr.seat;
	env->fr.seat = s >= 0 && s < expr_seats_of(env) ? (int)s : -1;
	value r = expr_get_value(n->u.kid[1], env);
	env->fr.seat = saved;
	return r;
}

static __attribute__((noinline)) value ev_seatget_at(const expr_node *n,
						     expr_env *env)
{
	return seatget_at(n, env, expr_ev(n->u.kid[0], env).i);
}

static __attribute__((noinline)) value ev_seatget_loc(const expr_node *n,
						      expr_env *env)
{
	return seatget_at(n, env, env->loc[n->u.kid[0]->slot]);
}

static __attribute__((noinline)) value ev_seatagg_var(const expr_node *n,
						      const expr_env *env)
{
	int players = expr_seats_of(env);
	acc a = acc_start(n->agg);
	for (int s = 0; s < players; s++) {
		expr_need_slot(env, n->slot + s);
		if (acc_step(n->agg, &a, env->fr.slot[n->slot + s].i))
			break;
	}
	return acc_value(a);
}

static __attribute__((noinline)) value ev_intk(const expr_node *n, expr_env *env)
{
	return expr_intk(n, expr_ev(n->u.kid[0], env).i);
}

static __attribute__((noinline)) value ev_call1(const expr_node *n, expr_env *env)
{
	value arg = expr_ev(n->u.call.arg[0], env);
	return n->u.call.fn(env, n, &arg);
}

/* x at the loop's seat s, where x reads a per-seat value at the loop's
 * name (taken[s], tricks[s]): read in place, without the walker. */
static inline value term_at(const expr_node *x, int slot, expr_env *env,
			    int s)
{
	if (x->op == OP_SEATVAR_LOC && x->u.kid[0]->slot == slot)
		return seatvar_at(x, env, s);
	if (x->op == OP_SEATGET_LOC && x->u.kid[0]->slot == slot)
		return seatget_at(x, env, s);
	return expr_ev(x, env);
}

/* sum(s in seats, if g[s] == e then x else 0): e does not read s, so it
 * is read once; x only for the seats picked.  A g fixed with the game
 * (team) is read from its table. */
static __attribute__((noinline)) value ev_seatsum_if(const expr_node *n,
						     expr_env *env)
{
	int players = expr_seats_of(env), saved = env->fr.seat;
	const expr_node *g = n->u.kid[0], *e = n->u.kid[1];
	acc a = acc_start(AGG_SUM);
	int64_t want = !players ? 0 : e->op == OP_SEATGET ? ev_get(e, env).i
		: expr_ev(e, env).i;
	for (int s = 0; s < players; s++) {
		int64_t key;
		if (g->op == OP_SEATTAB) {
			key = g->u.by_seat[s];
		} else {
			env->fr.seat = s;
			key = ev_get(g, env).i;
			env->fr.seat = saved;
		}
		if (key != want)
			continue;
		env->loc[n->slot] = s;
		acc_step(AGG_SUM, &a, term_at(n->u.kid[2], n->slot, env, s).i);
	}
	return acc_value(a);
}

/* While one expression is worked out for every seat at once
 * (expr_eval_seats), the terms x[s] of a seat count that read a slot at
 * the loop's seat alone are the same at every seat: the last found is
 * kept, for its node and slots, until the seats are done.  Where the
 * count compares them with the seat's own x (a rank: count(s in seats,
 * x[s] > x)), every seat's count is kept too. */
static _Thread_local bool seats_at_once;
static _Thread_local struct {
	const expr_node *n;
	const value *slot;
	int players;
	bool ranked;                    /* count[] holds every seat's */
	int64_t x[SEAT_MAX];
	int64_t count[SEAT_MAX];
} seat_terms;

/* How many of x[0..players) stand to `want` as comparison `cmp` says. */
static inline int64_t count_cmp(int cmp, const int64_t *x, int players,
				int64_t want)
{
	int64_t r = 0;
	/* the comparison chosen once, each loop short */
#define COUNT_SEATS(op) \
	for (int s = 0; s < players; s++) \
		r += x[s] op want
	switch (cmp) {
	case OP_EQ: COUNT_SEATS(==); break;
	case OP_NE: COUNT_SEATS(!=); break;
	case OP_LT: COUNT_SEATS(<); break;
	case OP_LE: COUNT_SEATS(<=); break;
	case OP_GT: COUNT_SEATS(>); break;
	default: COUNT_SEATS(>=); break;        /* OP_GE */
	}
#undef COUNT_SEATS
	return r;
}

/* Whether count node n compares its terms x[s] with the seat's own x. */
static bool counts_rank(const expr_node *n)
{
	const expr_node *term = n->u.kid[0], *own = n->u.kid[1];
	return n->nkid > 1 && own->op == OP_SEATVAR && own->slot == term->slot;
}

/* count(s in seats, x[s] > e): e does not read s, so it is read once
 * (or is the constant v), and x[s] in place. */
static __attribute__((noinline)) value ev_seatcount_cmp(const expr_node *n,
							expr_env *env)
{
	int players = expr_seats_of(env);
	value r = {.i = 0};
	if (!players)
		return r;
	const expr_node *term = n->u.kid[0];
	bool seat_free = seats_at_once && term->op == OP_SEATVAR_LOC &&
			 term->u.kid[0]->slot == n->slot;
	int seat = env->fr.seat;
	bool kept = seat_free && seat_terms.n == n &&
		    seat_terms.slot == env->fr.slot &&
		    seat_terms.players == players;
	if (kept && seat_terms.ranked && seat >= 0 && seat < players) {
		r.i = seat_terms.count[seat];
		return r;
	}
	int64_t want = n->nkid > 1 ? expr_ev(n->u.kid[1], env).i : n->v.i;
	int64_t own[SEAT_MAX];
	const int64_t *x = own;
	if (kept) {
		x = seat_terms.x;
	} else {
		for (int s = 0; s < players; s++)
			own[s] = term_at(term, n->slot, env, s).i;
		if (seat_free) {
			seat_terms.n = n;
			seat_terms.slot = env->fr.slot;
			seat_terms.players = players;
			memcpy(seat_terms.x, own, sizeof own);
			seat_terms.ranked = counts_rank(n);
			for (int p = 0; seat_terms.ranked && p < players; p++)
				seat_terms.count[p] =
					count_cmp(n->agg, own, players, own[p]);
		}
	}
	r.i = count_cmp(n->agg, x, players, want);
	return r;
}

/* ---- The dispatch ------------------------------------------------------ */

/* A slot read, out of the walker: a read that works its value out makes
 * a call, and the walker would save registers at every node for it. */
static __attribute__((noinline)) value ev_var(const expr_node *n,
					      const expr_env *env)
{
	expr_need_slot(env, n->slot);
	return env->fr.slot[n->slot];
}

/* A seat not at the table reads as the zero value. */
static __attribute__((noinline)) value ev_seatvar(const expr_node *n,
						  const expr_env *env)
{
	int s = env->fr.seat;
	if (s < 0 || s >= env->fr.players || s >= SEAT_MAX)
		return expr_zero(n->type);
	expr_need_slot(env, n->slot + s);
	return env->fr.slot[n->slot + s];
}

static __attribute__((noinline)) value ev_get(const expr_node *n,
					      const expr_env *env)
{
	return expr_get_value(n, env);
}

static __attribute__((noinline)) value ev_promote(const expr_node *n, expr_env *env)
{
	int64_t x = expr_ev(n->u.kid[0], env).i;
	const deck *d = env->d;
	value r = {.s = cset_empty()};
	switch (n->op) {
	case OP_FACESET:
		if (x >= 0 && x <= FACE_JOKER)
			r.s = d->by_face[x];
		break;
	case OP_SUITSET:
		if (x >= 0 && x < SUIT_MAX)
			r.s = d->by_suit[x];
		break;
	case OP_RANKSET:
		if (x >= 0 && x < RANK_MAX)
			r.s = d->by_rank[x];
		break;
	default:        /* OP_SUITBIT */
		r.i = x >= 0 && x < SUIT_MAX ? INT64_C(1) << x : 0;
		break;
	}
	return r;
}

static bool in_cards(const expr_env *env, int64_t face, cardset s)
{
	return face >= 0 && face <= FACE_JOKER
		&& cset_meets(env->d->by_face[face], s);
}

#define KID(k) expr_ev(n->u.kid[k], env)

/* Each operator with kids is a function of its own, called last in the
 * walker, so that the walker keeps no registers and sets up no frame:
 * a leaf costs a jump through the table, an operator its own call. */
#define EV_INT2(name_, expr_)                                           \
	static __attribute__((noinline)) value name_(const expr_node *n, \
						     expr_env *env)     \
	{                                                               \
		int64_t a = KID(0).i, b = KID(1).i;                     \
		value r = {.i = (expr_)};                               \
		return r;                                               \
	}
#define EV_SET2(name_, fn_)                                             \
	static __attribute__((noinline)) value name_(const expr_node *n, \
						     expr_env *env)     \
	{                                                               \
		cardset a = KID(0).s;                                   \
		value r = {.s = fn_(a, KID(1).s)};                      \
		return r;                                               \
	}

#define X(op_, value_) EV_INT2(ev_##op_, value_)
EXPR_INT_OPS(X)
#undef X
EV_SET2(ev_union, cset_or)
EV_SET2(ev_diff, cset_minus)
EV_SET2(ev_inter, cset_and)

static __attribute__((noinline)) value ev_seteq(const expr_node *n,
						expr_env *env)
{
	cardset a = KID(0).s;
	value r = {.i = cset_eq(a, KID(1).s) == (n->op == OP_SETEQ)};
	return r;
}

static __attribute__((noinline)) value ev_incards(const expr_node *n,
						  expr_env *env)
{
	int64_t f = KID(0).i;
	value r = {.i = in_cards(env, f, KID(1).s)};
	return r;
}

static __attribute__((noinline)) value ev_unary(const expr_node *n,
						expr_env *env)
{
	int64_t x = KID(0).i;
	value r;
	r.i = n->op == OP_NEG ? arith_neg(x) : !x;       /* OP_NOT */
	return r;
}

static __attribute__((noinline)) value ev_countset(const expr_node *n,
						   expr_env *env)
{
	value r = {.i = cset_count(KID(0).s)};
	return r;
}

static __attribute__((noinline)) value ev_countand(const expr_node *n,
						   expr_env *env)
{
	cardset a = KID(0).s;
	value r = {.i = cset_count(cset_and(a, KID(1).s))};
	return r;
}

static __attribute__((noinline)) value ev_seatplus(const expr_node *n,
						   expr_env *env)
{
	return expr_seat_plus(env, KID(0).i, n->v.i);
}

/* A card-value table's sum over a set worked out in place. */
static __attribute__((noinline)) value ev_table_setop(const expr_node *n,
						      expr_env *env)
{
	cardset a = expr_ev(n->u.call.arg[0], env).s;
	cardset b = expr_ev(n->u.call.arg[1], env).s;
	value set;
	set.s = n->agg == OP_INTER ? cset_and(a, b)
		: n->agg == OP_DIFF ? cset_minus(a, b) : cset_or(a, b);
	return n->u.call.fn(env, n, &set);
}

static __attribute__((noinline)) value ev_countk(const expr_node *n,
						 expr_env *env)
{
	cardset a = KID(0).s;
	if (n->u.kid[1])
		a = cset_and(a, KID(1).s);
	return expr_intk(n, cset_count(a));
}

static __attribute__((noinline)) value ev_and(const expr_node *n,
					      expr_env *env)
{
	value r = {.i = KID(0).i && KID(1).i};
	return r;
}

static __attribute__((noinline)) value ev_or(const expr_node *n,
					     expr_env *env)
{
	value r = {.i = KID(0).i || KID(1).i};
	return r;
}

static __attribute__((noinline)) value ev_if(const expr_node *n,
					     expr_env *env)
{
	return expr_ev(n->u.kid[KID(0).i ? 1 : 2], env);
}

static __attribute__((noinline)) value ev_getter(const expr_node *n,
						 const expr_env *env)
{
	value r = n->u.get(&env->fr, -1, n->slot);
	if (n->type == TY_BOOL)
		r.i = r.i != 0;
	return r;
}

static __attribute__((noinline)) value ev_getk(const expr_node *n,
					       expr_env *env)
{
	return expr_intk(n, expr_get_value(n->u.kid[0], env).i);
}

value expr_ev(const expr_node *n, expr_env *env)
{
	value r;
	switch ((enum expr_op)n->op) {
	case OP_CONST:
		return n->v;
	case OP_VAR:
		return ev_var(n, env);
	case OP_SEATVAR:
		return ev_seatvar(n, env);
	case OP_SEAT:
		r.i = env->fr.seat;
		return r;
	case OP_PLAYERS:
		r.i = env->fr.players;
		return r;
	case OP_LOCAL:
		r.i = env->loc[n->slot];
		return r;
	case OP_GET:
		return ev_getter(n, env);
	case OP_SEATGET:
		return ev_get(n, env);
	case OP_SEATTAB:
		if (env->fr.seat < 0 || env->fr.seat >= expr_seats_of(env))
			return expr_zero(n->type);
		r.i = n->u.by_seat[env->fr.seat];
		return r;
	case OP_NEG:
	case OP_NOT:
		return ev_unary(n, env);
#define X(op_, value_) case OP_##op_: return ev_##op_(n, env);
	EXPR_INT_OPS(X)
#undef X
	case OP_UNION: return ev_union(n, env);
	case OP_DIFF: return ev_diff(n, env);
	case OP_INTER: return ev_inter(n, env);
	case OP_SETEQ:
	case OP_SETNE:
		return ev_seteq(n, env);
	case OP_INCARDS:
		return ev_incards(n, env);
	case OP_AND:
		return ev_and(n, env);
	case OP_OR:
		return ev_or(n, env);
	case OP_IF:
		return ev_if(n, env);
	case OP_FACESET:
	case OP_SUITSET:
	case OP_RANKSET:
	case OP_SUITBIT:
		return ev_promote(n, env);
	case OP_AT:
		return ev_at(n, env);
	case OP_SEATAGG:
		return ev_seatagg(n, env);
	case OP_FORCARDS:
		return ev_forcards(n, env);
	case OP_FORSUITS:
		return ev_forsuits(n, env);
	case OP_FORSEATS:
		return ev_forseats(n, env);
	case OP_FORRANGE:
		return ev_forrange(n, env);
	case OP_CALL:
		return ev_call(n, env);
	case OP_SEATVAR_AT:
		return ev_seatvar_at(n, env);
	case OP_SEATGET_AT:
		return ev_seatget_at(n, env);
	case OP_SEATVAR_LOC:
		return ev_seatvar_loc(n, env);
	case OP_SEATGET_LOC:
		return ev_seatget_loc(n, env);
	case OP_SEATAGG_VAR:
		return ev_seatagg_var(n, env);
	case OP_INTK:
		return ev_intk(n, env);
	case OP_GETK:
		return ev_getk(n, env);
	case OP_COUNTSET:
		return ev_countset(n, env);
	case OP_COUNTAND:
		return ev_countand(n, env);
	case OP_COUNTK:
		return ev_countk(n, env);
	case OP_TABLE_SETOP:
		return ev_table_setop(n, env);
	case OP_SEATPLUS:
		return ev_seatplus(n, env);
	case OP_CALL1:
		return ev_call1(n, env);
	case OP_SEATSUM_IF:
		return ev_seatsum_if(n, env);
	case OP_SEATCOUNT_CMP:
		return ev_seatcount_cmp(n, env);
	case OP_CHOOSE:
		return ev_choose(n, env);
	case OP_MINMAX:
		return ev_minmax(n, env);
	case OP_HOIST:
		return env->hoisted[n->slot];
	case OP_COUNT_:
		break;
	}
	return expr_zero(n->type);
}

/* The watcher of choose() and the formula it is told of. */
static expr_choose_missed_fn watcher;
static void *watcher_ctx;
static const expr *watched;

void expr_watch_choose(expr_choose_missed_fn fn, void *ctx)
{
	watcher = fn;
	watcher_ctx = ctx;
	watched = NULL;
}

bool expr_watching(void)
{
	return watcher != NULL;
}

void expr_choose_missed(int64_t index, int nvalues)
{
	if (watcher && watched)
		watcher(watcher_ctx, watched, index, nvalues);
}

value expr_eval(const expr *e, const expr_frame *f)
{
	expr_env env;
	env.fr = *f;
	env.d = e->d;
	if (!watcher) {
		if (!e->code)
			return expr_ev(e->fast, &env);
		value v = {.i = expr_code_run(e->code, &env)};
		return v;
	}
	/* Watched evaluations (validate's random deals) walk the reference
	 * tree, where every choose() is still its own node. */
	const expr *outer = watched;    /* a getter may evaluate another */
	watched = e;
	value v = expr_ev(e->root, &env);
	watched = outer;
	return v;
}

value expr_eval_bare(const expr *e, const void *ctx, int players, int seat)
{
	if (watcher) {
		expr_frame f = {NULL, players, seat, ctx, NULL};
		return expr_eval(e, &f);
	}
	expr_env env;
	env.fr.slot = NULL;
	env.fr.players = players;
	env.fr.seat = seat;
	env.fr.ctx = ctx;
	env.fr.lazy = NULL;
	env.d = e->d;
	if (!e->code)
		return expr_ev(e->fast, &env);
	return (value){.i = expr_code_run(e->code, &env)};
}

/* The first *k operands of the `and`s down n's left side, counted
 * down in *k; false at the first that is false. */
static bool lead_holds(const expr_node *n, int *k, expr_env *env)
{
	if (*k == 0)
		return true;
	if (n->op != OP_AND) {
		(*k)--;
		return expr_ev(n, env).i != 0;
	}
	if (!lead_holds(n->u.kid[0], k, env))
		return false;
	if (*k == 0)
		return true;
	(*k)--;
	return expr_ev(n->u.kid[1], env).i != 0;
}

/* The `and`s stay as they are in the form run (expr_fast.c), so its left
 * side has the operands expr_and_lead counted in the reference. */
bool expr_and_lead_holds(const expr *e, int k, const expr_frame *f)
{
	if (k == 0 || watcher)  /* watched: the whole of e is evaluated */
		return true;
	expr_env env;
	env.fr = *f;
	env.d = e->d;
	if (k > e->nand_op)
		return lead_holds(e->fast, &k, &env);
	for (int i = 0; i < k; i++)     /* as listed: no walk of the `and`s */
		if (!expr_ev(e->and_op[i], &env).i)
			return false;
	return true;
}

/* The operands of the `and`s down n's left side after the first *k
 * (counted down in *k, taken to hold): whether they all hold. */
static bool rest_holds(const expr_node *n, int *k, expr_env *env)
{
	if (n->op != OP_AND) {
		if (*k > 0) {
			(*k)--;
			return true;
		}
		return expr_ev(n, env).i != 0;
	}
	if (!rest_holds(n->u.kid[0], k, env))
		return false;
	if (*k > 0) {
		(*k)--;
		return true;
	}
	return expr_ev(n->u.kid[1], env).i != 0;
}

bool expr_and_rest_holds(const expr *e, int k, const expr_frame *f)
{
	if (k == 0 || watcher)  /* watched: the whole of e is evaluated */
		return expr_eval(e, f).i != 0;
	expr_env env;
	env.fr = *f;
	env.d = e->d;
	if (k > e->nand_op)
		return rest_holds(e->fast, &k, &env);
	for (int i = k; i < e->nand_op; i++)
		if (!expr_ev(e->and_op[i], &env).i)
			return false;
	return true;
}

bool expr_and_ops_hold(const expr *e, uint32_t ops, const expr_frame *f)
{
	expr_env env;
	env.fr = *f;
	env.d = e->d;
	for (; ops; ops &= ops - 1)
		if (!expr_ev(e->and_op[__builtin_ctz(ops)], &env).i)
			return false;
	return true;
}

void expr_eval_seats(const expr *e, const expr_frame *f, value *out)
{
	bool outer = seats_at_once;
	seats_at_once = true;
	seat_terms.n = NULL;
	if (watcher) {
		expr_frame at = *f;
		for (int p = 0; p < f->players && p < SEAT_MAX; p++) {
			at.seat = p;
			out[p] = expr_eval(e, &at);
		}
	} else {                        /* expr_eval's, one frame for all */
		expr_env env;
		env.fr = *f;
		env.d = e->d;
		for (int p = 0; p < f->players && p < SEAT_MAX; p++) {
			env.fr.seat = p;
			if (e->code)
				out[p] = (value){.i = expr_code_run(e->code, &env)};
			else
				out[p] = expr_ev(e->fast, &env);
		}
	}
	seats_at_once = outer;
	seat_terms.n = NULL;
}

value expr_eval_walk(const expr *e, const expr_frame *f)
{
	expr_env env;
	env.fr = *f;
	env.d = e->d;
	return expr_ev(e->fast, &env);
}

bool expr_has_code(const expr *e)
{
	return e->code != NULL;
}

value expr_eval_reference(const expr *e, const expr_frame *f)
{
	expr_env env;
	env.fr = *f;
	env.d = e->d;
	return expr_ev(e->root, &env);
}
