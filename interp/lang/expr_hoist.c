/*
 * expr_hoist.c — a condition weighed over many values of some names.
 *
 * A calls phase asks of every number a seat might call whether a rule
 * refuses it: the same condition each time, only `call` changed.  The
 * parts of the condition that read none of the names that change are
 * worked out once a decision (hoisted), and what is left is evaluated
 * for each value: `call + bids[across(seat)] > 13` is weighed as
 * `call + K > 13`.  A per-seat condition asked of every seat in turn
 * (who sits out) is weighed the same way, the seat the changing name.
 *
 * The parts hoisted are the largest that read no changing name, found
 * from the root down through the nodes that evaluate their kids where
 * they are evaluated themselves (the same seat, no loop name bound).  A
 * node that binds a loop name or reads its kids at another seat is left
 * whole where it reads a changing name.  Every operator is total and
 * reads nothing but its kids, the frame and the state, so a part worked
 * out ahead has the value it would have in place.
 */
#include "lang/expr_int.h"
#include "util/arena.h"

struct expr_hoisted {
	const expr *e;
	const expr_node *rest;          /* reads the parts as OP_HOIST */
	int nparts;
	const expr_node *part[EXPR_HOISTED_MAX];
};

typedef struct hoisting {
	arena *a;
	expr_name_ok_fn steady;         /* NULL: the seat alone changes */
	const void *ctx;
	expr_hoisted *h;
	bool failed;                    /* out of memory */
} hoisting;


/* Nodes that read the frame's seat themselves (GETK and the fused reads
 * at a seat hold theirs as kids).  A native is handed the frame, so it
 * counts as reading it. */
static bool reads_seat(const expr_node *n)
{
	switch (n->op) {
	case OP_SEAT: case OP_SEATVAR: case OP_SEATGET: case OP_SEATTAB:
		return true;
	case OP_CALL: case OP_CALL1:
		return n->u.call.fn == expr_native_call;
	default:
		return false;
	}
}

static bool reads_changing(const expr_node *n, const hoisting *ho)
{
	if (!ho->steady) {
		if (reads_seat(n))
			return true;
	} else if ((n->op == OP_GET || n->op == OP_SEATGET) &&
		   !ho->steady(n->u.get, n->slot, NULL, ho->ctx)) {
		return true;
	} else if ((n->op == OP_CALL || n->op == OP_CALL1) &&
		   n->u.call.fn == expr_native_call &&
		   !ho->steady(NULL, 0, n->u.call.data.native, ho->ctx)) {
		return true;
	}
	const expr_node *const *kid = expr_kids(n);
	for (int i = 0; kid && i < n->nkid; i++)
		if (kid[i] && reads_changing(kid[i], ho))
			return true;
	return false;
}

/* Nodes whose kids (some of them) are read at another seat or with a
 * loop name bound: a part under them is not worked out ahead. */
static bool moves_context(int op)
{
	switch (op) {
	case OP_AT: case OP_SEATAGG: case OP_SEATAGG_VAR:
	case OP_FORCARDS: case OP_FORSUITS: case OP_FORSEATS:
	case OP_FORRANGE: case OP_SEATVAR_AT: case OP_SEATGET_AT:
	case OP_SEATVAR_LOC: case OP_SEATGET_LOC: case OP_SEATSUM_IF:
	case OP_SEATCOUNT_CMP:
		return true;
	default:
		return false;
	}
}

static const expr_node *rest_of(const expr_node *n, hoisting *ho)
{
	if (!reads_changing(n, ho)) {
		expr_hoisted *h = ho->h;
		if (n->op == OP_CONST || h->nparts == EXPR_HOISTED_MAX)
			return n;
		expr_node *m = arena_alloc(ho->a, sizeof *m);
		if (!m) {
			ho->failed = true;
			return n;
		}
		m->op = OP_HOIST;
		m->type = n->type;
		m->slot = h->nparts;
		h->part[h->nparts++] = n;
		return m;
	}
	const expr_node *const *kid = expr_kids(n);
	if (!kid || !n->nkid || moves_context(n->op))
		return n;               /* evaluated whole for each value */
	expr_node *m = arena_alloc(ho->a, sizeof *m);
	const expr_node **copy = arena_alloc(ho->a, sizeof *copy * n->nkid);
	if (!m || !copy) {
		ho->failed = true;
		return n;
	}
	*m = *n;
	for (int i = 0; i < n->nkid; i++)
		copy[i] = kid[i] ? rest_of(kid[i], ho) : NULL;
	if (kid == n->u.call.arg)
		m->u.call.arg = copy;
	else
		for (int i = 0; i < n->nkid; i++)
			m->u.kid[i] = copy[i];
	return m;
}

/* e's parts that read no changing name (steady NULL: that do not read
 * the frame's seat). */
static const expr_hoisted *hoist(expr_scope *sc, const expr *e,
				 expr_name_ok_fn steady, const void *ctx)
{
	if (!e)
		return NULL;
	expr_hoisted *h = arena_alloc(sc->a, sizeof *h);
	if (!h)
		return NULL;
	hoisting ho = {sc->a, steady, ctx, h, false};
	h->e = e;
	h->rest = rest_of(e->fast, &ho);
	return ho.failed || h->nparts == 0 ? NULL : h;
}

const expr_hoisted *expr_hoist(expr_scope *sc, const expr *e,
			       expr_name_ok_fn steady, const void *ctx)
{
	return steady ? hoist(sc, e, steady, ctx) : NULL;
}

const expr_hoisted *expr_hoist_seat(expr_scope *sc, const expr *e)
{
	return e && e->per_seat ? hoist(sc, e, NULL, NULL) : NULL;
}

int expr_hoisted_parts(const expr_hoisted *h)
{
	return h->nparts;
}

void expr_hoisted_values(const expr_hoisted *h, const expr_frame *f,
			 value *out)
{
	if (expr_watching())    /* the whole of e is evaluated then */
		return;
	expr_env env;
	env.fr = *f;
	env.d = h->e->d;
	env.hoisted = NULL;
	for (int i = 0; i < h->nparts; i++)
		out[i] = expr_ev(h->part[i], &env);
}

value expr_hoisted_eval(const expr_hoisted *h, const value *values,
			const expr_frame *f)
{
	if (expr_watching())    /* validate's: every choose() is seen */
		return expr_eval(h->e, f);
	expr_env env;
	env.fr = *f;
	env.d = h->e->d;
	env.hoisted = values;
	return expr_ev(h->rest, &env);
}

/* A settling: the parts worked out so far (bit i of known: part i). */
typedef struct settling {
	const expr_hoisted *h;
	expr_env env;
	value *parts;
	uint32_t known;
} settling;

static int64_t part(settling *st, int i)
{
	if (!(st->known >> i & 1)) {
		st->parts[i] = expr_ev(st->h->part[i], &st->env);
		st->known |= UINT32_C(1) << i;
	}
	return st->parts[i].i;
}

/* Condition n's value (0 or 1) where the parts it reads decide it
 * whatever the changing names read, or -1: the nodes left in the rest
 * read a changing name, so only `and`, `or`, `not` and `if` can settle,
 * through kids that settle.  Parts are worked out as they are reached,
 * and every operator is total, so either operand of `and` may decide
 * it. */
static int settled(const expr_node *n, settling *st)
{
	int a, b;
	switch (n->op) {
	case OP_HOIST:
		return part(st, n->slot) != 0;
	case OP_CONST:
		return n->v.i != 0;
	case OP_NOT:
		a = settled(n->u.kid[0], st);
		return a < 0 ? -1 : !a;
	case OP_AND:
	case OP_OR: {
		int decides = n->op == OP_OR;   /* the operand that decides
						   it alone */
		a = settled(n->u.kid[0], st);
		if (a == decides)
			return decides;
		b = settled(n->u.kid[1], st);
		if (b == decides)
			return decides;
		return a < 0 || b < 0 ? -1 : !decides;
	}
	case OP_IF:
		a = settled(n->u.kid[0], st);
		return a < 0 ? -1 : settled(n->u.kid[a ? 1 : 2], st);
	default:
		return -1;
	}
}

bool expr_hoisted_settle(const expr_hoisted *h, const expr_frame *f,
			 value *parts, bool *holds)
{
	*holds = false;
	if (expr_watching())    /* the whole of e is evaluated then */
		return false;
	settling st = {.h = h, .parts = parts};
	st.env.fr = *f;
	st.env.d = h->e->d;
	st.env.hoisted = NULL;
	int v = h->rest->type != TY_BOOL ? -1 : settled(h->rest, &st);
	for (int i = 0; v < 0 && i < h->nparts; i++)
		part(&st, i);   /* the rest, for each value to read */
	*holds = v > 0;
	return v >= 0;
}

/* ---- Conditions that hold at one value at most ------------------------ */

/* Parts and constants stay below this size, so that a sum of a few of
 * them and a call's number cannot saturate: the sums below are exact. */
#define SOLVE_BOUND (INT64_C(1) << 40)

/* n's value where it is a part or a constant of a sane size. */
static bool fixed_value(const expr_node *n, const value *values, int64_t *v)
{
	if (n->op == OP_HOIST)
		*v = values[n->slot].i;
	else if (n->op == OP_CONST)
		*v = n->v.i;
	else
		return false;
	return *v > -SOLVE_BOUND && *v < SOLVE_BOUND;
}

/* Whether n is the name read by `get` plus *offset (parts and constants
 * added or taken away): it then rises by one with the name. */
static bool name_plus(const expr_node *n, const value *values,
		      expr_getter_fn get, int64_t *offset)
{
	int64_t k, inner;
	switch (n->op) {
	case OP_GET:
		*offset = 0;
		return n->u.get == get;
	case OP_ADD:
		if (name_plus(n->u.kid[0], values, get, &inner) &&
		    fixed_value(n->u.kid[1], values, &k)) {
			*offset = inner + k;
			return true;
		}
		if (fixed_value(n->u.kid[0], values, &k) &&
		    name_plus(n->u.kid[1], values, get, &inner)) {
			*offset = inner + k;
			return true;
		}
		return false;
	case OP_SUB:
		if (!name_plus(n->u.kid[0], values, get, &inner) ||
		    !fixed_value(n->u.kid[1], values, &k))
			return false;
		*offset = inner - k;
		return true;
	case OP_INTK:
	case OP_GETK:
		if (n->agg != OP_ADD && n->agg != OP_SUB)
			return false;
		k = n->v.i;
		if (k <= -SOLVE_BOUND || k >= SOLVE_BOUND ||
		    !name_plus(n->u.kid[0], values, get, &inner))
			return false;
		*offset = n->agg == OP_ADD ? inner + k : inner - k;
		return true;
	default:
		return false;
	}
}

/* Whether n is `name + offset == value` (either way round): *at the one
 * value of the name where it holds. */
static bool name_equals(const expr_node *n, const value *values,
			expr_getter_fn get, int64_t *at)
{
	int64_t offset, v;
	if (n->op == OP_EQ) {
		for (int side = 0; side < 2; side++)
			if (name_plus(n->u.kid[side], values, get, &offset) &&
			    fixed_value(n->u.kid[!side], values, &v)) {
				*at = v - offset;
				return true;
			}
		return false;
	}
	if ((n->op == OP_INTK || n->op == OP_GETK) && n->agg == OP_EQ &&
	    n->v.i > -SOLVE_BOUND && n->v.i < SOLVE_BOUND &&
	    name_plus(n->u.kid[0], values, get, &offset)) {
		*at = n->v.i - offset;
		return true;
	}
	return false;
}

/* The `and` operands of n: each a part or constant that holds (false:
 * *never set), or the one equality with the name (*at, *found). */
static bool and_single(const expr_node *n, const value *values,
		       expr_getter_fn get, int64_t *at, bool *found,
		       bool *never)
{
	if (n->op == OP_AND)
		return and_single(n->u.kid[0], values, get, at, found, never) &&
		       and_single(n->u.kid[1], values, get, at, found, never);
	int64_t v;
	if (n->op == OP_HOIST || n->op == OP_CONST) {
		v = n->op == OP_HOIST ? values[n->slot].i : n->v.i;
		*never |= v == 0;
		return true;
	}
	if (*found || !name_equals(n, values, get, at))
		return false;
	*found = true;
	return true;
}

bool expr_hoisted_single(const expr_hoisted *h, const value *values,
			 expr_getter_fn get, int64_t *at)
{
	if (expr_watching())    /* every number is weighed then */
		return false;
	bool found = false, never = false;
	if (!and_single(h->rest, values, get, at, &found, &never) || !found)
		return false;
	if (never)
		*at = INT64_MIN;
	return true;
}
