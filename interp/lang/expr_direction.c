/*
 * expr_direction.c — which way a value can move, and the conditions that
 * stay false once false.
 *
 * Doppelkopf's Re may be called while the player holds eleven cards or
 * more: `time >= 11`, `time` the cards in hand.  In a tricks phase a
 * hand only loses cards, so once the count is below eleven it stays
 * there; the engine need not ask again at every card, as long as what
 * else the condition reads stands still.  The engine says how each name
 * can move (expr_direction_fn); this file works out how an expression
 * built of them can, on the tree as compiled: a sum of values that
 * never rise never rises, a card set that only loses cards, counted,
 * never rises, and a comparison of a side that never rises with one
 * that never falls (`a >= b`, `a > b`), once false, stays false.  A
 * condition counts as 0 or 1: `a > b` rises as a does, and so does an
 * `and` or an `or` of conditions that rise.
 *
 * Anything not understood is EXPR_MOVES: no operand is said to latch
 * unless every part of it is accounted for.
 */
#include "lang/expr_int.h"

/* The direction of a sum of a and b (or of a set made of both where
 * both count the same way). */
static expr_direction join(expr_direction a, expr_direction b)
{
	if (a == EXPR_STEADY)
		return b;
	if (b == EXPR_STEADY || a == b)
		return a;
	return EXPR_MOVES;
}

static expr_direction flip(expr_direction d)
{
	return d == EXPR_FALLS ? EXPR_RISES : d == EXPR_RISES ? EXPR_FALLS : d;
}

typedef struct walk {
	expr_direction_fn dir;
	const void *ctx;
} walk;

static expr_direction direction(const expr_node *n, const walk *w);

/* A built-in call: count() of a set, min() and max() of values, and
 * any built-in of steady arguments (they read nothing else). */
static expr_direction call_direction(const expr_node *n, const walk *w)
{
	if (n->u.call.fn == expr_native_call) {
		for (int i = 0; i < n->nkid; i++)
			if (direction(n->u.call.arg[i], w) != EXPR_STEADY)
				return EXPR_MOVES;
		return w->dir(NULL, 0, n->u.call.data.native, w->ctx);
	}
	const expr_builtin *count = expr_builtin_find("count", 5);
	const expr_builtin *min = expr_builtin_find("min", 3);
	const expr_builtin *max = expr_builtin_find("max", 3);
	if (count && n->u.call.fn == count->sig[0].fn && n->nkid == 1)
		return direction(n->u.call.arg[0], w);  /* a set's count
							   moves as the set */
	bool monotone = (min && n->u.call.fn == min->sig[0].fn) ||
			(max && n->u.call.fn == max->sig[0].fn);
	expr_direction d = EXPR_STEADY;
	for (int i = 0; i < n->nkid; i++) {
		expr_direction a = direction(n->u.call.arg[i], w);
		if (monotone)
			d = join(d, a);
		else if (a != EXPR_STEADY)
			return EXPR_MOVES;
	}
	return d;
}

static expr_direction direction(const expr_node *n, const walk *w)
{
	switch ((enum expr_op)n->op) {
	case OP_CONST: case OP_SEAT: case OP_PLAYERS:
		return EXPR_STEADY;
	case OP_GET: case OP_SEATGET:
		return w->dir(n->u.get, n->slot, NULL, w->ctx);
	case OP_AT:             /* x[s]: x read at a steady seat */
		return direction(n->u.kid[1], w) == EXPR_STEADY
			? direction(n->u.kid[0], w) : EXPR_MOVES;
	case OP_SEATAGG:        /* sum(x), max(x), min(x) over the seats */
		return n->agg == AGG_SUM || n->agg == AGG_MAX ||
		       n->agg == AGG_MIN ? direction(n->u.kid[0], w)
					 : EXPR_MOVES;
	case OP_ADD: case OP_UNION: case OP_INTER:
		return join(direction(n->u.kid[0], w),
			    direction(n->u.kid[1], w));
	case OP_SUB: case OP_DIFF:
		return join(direction(n->u.kid[0], w),
			    flip(direction(n->u.kid[1], w)));
	case OP_NEG:
		return flip(direction(n->u.kid[0], w));
	case OP_FACESET: case OP_SUITSET: case OP_RANKSET: case OP_SUITBIT:
		return direction(n->u.kid[0], w) == EXPR_STEADY ? EXPR_STEADY
								: EXPR_MOVES;
	case OP_LT: case OP_LE: /* true (1) more often as b rises */
		return join(flip(direction(n->u.kid[0], w)),
			    direction(n->u.kid[1], w));
	case OP_GT: case OP_GE:
		return join(direction(n->u.kid[0], w),
			    flip(direction(n->u.kid[1], w)));
	case OP_AND: case OP_OR:        /* min and max of 0 and 1 */
		return join(direction(n->u.kid[0], w),
			    direction(n->u.kid[1], w));
	case OP_NOT:
		return flip(direction(n->u.kid[0], w));
	case OP_IF:             /* a steady choice of two that agree */
		if (direction(n->u.kid[0], w) != EXPR_STEADY)
			return EXPR_MOVES;
		return join(direction(n->u.kid[1], w),
			    direction(n->u.kid[2], w));
	case OP_CALL:
		return call_direction(n, w);
	default:
		break;
	}
	/* any other operator: steady when all its kids are, as it reads
	 * nothing else (loops and slots are not looked into) */
	if (n->op == OP_VAR || n->op == OP_SEATVAR || n->op == OP_LOCAL ||
	    n->op == OP_FORCARDS || n->op == OP_FORSUITS ||
	    n->op == OP_FORSEATS || n->op == OP_FORRANGE)
		return EXPR_MOVES;
	for (int i = 0; i < n->nkid; i++)
		if (direction(n->u.kid[i], w) != EXPR_STEADY)
			return EXPR_MOVES;
	return EXPR_STEADY;
}

expr_direction expr_direction_of(const expr *e, expr_direction_fn dir,
				 const void *ctx)
{
	walk w = {dir, ctx};
	return e ? direction(e->root, &w) : EXPR_STEADY;
}

/* Whether a comparison, once false, stays false: its left side never
 * rising and its right never falling (>=, >), or the other way (<=, <);
 * not both steady (a steady comparison latches nothing). */
static bool latches(const expr_node *n, const walk *w)
{
	bool greater = n->op == OP_GE || n->op == OP_GT;
	bool less = n->op == OP_LE || n->op == OP_LT;
	if (!greater && !less)
		return false;
	expr_direction a = direction(n->u.kid[0], w);
	expr_direction b = direction(n->u.kid[1], w);
	if (a == EXPR_STEADY && b == EXPR_STEADY)
		return false;
	if (less) {
		a = flip(a);
		b = flip(b);
	}
	return (a == EXPR_STEADY || a == EXPR_FALLS) &&
	       (b == EXPR_STEADY || b == EXPR_RISES);
}

uint32_t expr_and_ops_latching(const expr *e, expr_direction_fn dir,
			       const void *ctx)
{
	const expr_node *op[EXPR_HEIGHT_MAX];
	if (!e || e->root->op != OP_AND)
		return 0;
	int n = expr_and_operands(e->root, op, EXPR_HEIGHT_MAX);
	if (n != e->nand_op || n > 32)  /* not listed as the form run's */
		return 0;
	walk w = {dir, ctx};
	uint32_t ops = 0;
	for (int i = 0; i < n; i++)
		if (latches(op[i], &w))
			ops |= UINT32_C(1) << i;
	return ops;
}
