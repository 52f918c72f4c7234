/*
 * expr_fast.c — the form an expression runs in.
 *
 * The tree as compiled is the reference: every opcode is one small step,
 * so a common shape costs a call of the walker per node.  The form run
 * is a copy of that tree with the most common shapes fused into one node
 * each: a per-seat value read at a seat (`taken[s]`, `team[declarer]`),
 * a seat aggregate of a per-seat value (`max(pts)`), an operator with a
 * constant (`pts >= 61`, `tricks == 10`; read straight from the engine
 * when the name is its own, `trick == 1`), the count of a card set (of
 * an intersection, `count(won & H)`; and so compared with a constant,
 * `count(hand & led) == 1`), a call of one argument without the array
 * of sixty-four, a card-value table of a union, difference or
 * intersection (`points(won - trumps)`), a seat moved round the table
 * (`left(left(seat))`), a name fixed with the game read from its table
 * (`team`), a side's total (`sum(s in seats, if team[s] == team
 * then tricks[s] else 0)`), and a choose() that evaluates only the
 * value it picks.  Each fused node
 * computes exactly what its shape computes in the reference;
 * tests/unit/check_fast.c evaluates every expression of every shipped
 * game both ways on random states.
 */
#include "lang/expr_int.h"
#include "util/arena.h"

/* The built-in choose(), as the table holds it. */
static expr_fn choose_fn(void)
{
	const expr_builtin *b = expr_builtin_find("choose", 6);
	return b ? b->sig[0].fn : NULL;
}

/* AGG_MIN or AGG_MAX where fn is the built-in min() or max() of
 * integers, else -1. */
static int minmax_agg(expr_fn fn)
{
	const expr_builtin *min = expr_builtin_find("min", 3);
	const expr_builtin *max = expr_builtin_find("max", 3);
	if (min && fn == min->sig[0].fn)
		return AGG_MIN;
	if (max && fn == max->sig[0].fn)
		return AGG_MAX;
	return -1;
}

/* The built-in count of a card set, as the table holds it. */
static expr_fn count_of_cards(void)
{
	const expr_builtin *b = expr_builtin_find("count", 5);
	return b ? b->sig[0].fn : NULL;
}

static bool int_with_constant(int op)
{
	switch (op) {
	case OP_ADD: case OP_SUB: case OP_MUL:
	case OP_EQ: case OP_NE: case OP_LT: case OP_LE: case OP_GT: case OP_GE:
		return true;
	default:
		return false;
	}
}

/* The places a call moves a seat on: left 1, right -1; 0 for any
 * other call. */
static int seat_step(const expr_node *call)
{
	const expr_builtin *left = expr_builtin_find("left", 4);
	const expr_builtin *right = expr_builtin_find("right", 5);
	if (left && call->u.call.fn == left->sig[0].fn)
		return 1;
	if (right && call->u.call.fn == right->sig[0].fn)
		return -1;
	return 0;
}

static bool is_set_op(int op)
{
	return op == OP_UNION || op == OP_DIFF || op == OP_INTER;
}

/* Whether n reads the loop name at slot anywhere. */
static bool reads_local(const expr_node *n, int slot)
{
	if (n->op == OP_LOCAL)
		return n->slot == slot;
	const expr_node *const *kid = expr_kids(n);
	for (int i = 0; kid && i < n->nkid; i++)
		if (kid[i] && reads_local(kid[i], slot))
			return true;
	return false;
}

/* g[s], a value kept by the engine read at the loop's seat s: the
 * getter g, or NULL for another shape. */
static const expr_node *getter_at_loop_seat(const expr_node *n, int slot)
{
	if (n->op == OP_SEATGET_LOC && n->u.kid[0]->slot == slot)
		return n->u.kid[1];
	if (n->op == OP_AT && n->u.kid[0]->op == OP_SEATTAB &&
	    n->u.kid[1]->op == OP_LOCAL && n->u.kid[1]->slot == slot)
		return n->u.kid[0];     /* team[s] */
	return NULL;
}

/* sum(s in seats, if g[s] == e then x else 0), a side's total as
 * `team[s] == team` picks its seats: e, which does not read s, is read
 * once, and g[s] without a walk of the comparison. */
static bool fuse_seat_sum_if(expr_node *m)
{
	if (m->op != OP_FORSEATS || m->agg != AGG_SUM ||
	    m->u.kid[1]->op != OP_IF)
		return false;
	const expr_node *body = m->u.kid[1], *cond = body->u.kid[0];
	const expr_node *none = body->u.kid[2];
	if (cond->op != OP_EQ || none->op != OP_CONST || none->v.i != 0)
		return false;
	const expr_node *want = cond->u.kid[1];
	const expr_node *get = getter_at_loop_seat(cond->u.kid[0], m->slot);
	if (!get) {
		get = getter_at_loop_seat(cond->u.kid[1], m->slot);
		want = cond->u.kid[0];
	}
	if (!get || reads_local(want, m->slot))
		return false;
	m->op = OP_SEATSUM_IF;
	m->u.kid[0] = get;
	m->u.kid[1] = want;
	m->u.kid[2] = body->u.kid[1];
	m->nkid = 3;
	return true;
}

static bool is_comparison(int op)
{
	return op == OP_EQ || op == OP_NE || op == OP_LT || op == OP_LE ||
	       op == OP_GT || op == OP_GE;
}

/* The comparison with its sides swapped: a < b as b > a. */
static int mirrored(int op)
{
	switch (op) {
	case OP_LT: return OP_GT;
	case OP_LE: return OP_GE;
	case OP_GT: return OP_LT;
	case OP_GE: return OP_LE;
	default: return op;             /* ==, != */
	}
}

/* Whether n is a per-seat value read at the loop's seat (result[s],
 * tricks[s]), which the loop reads in place (term_at). */
static bool at_loop_seat(const expr_node *n, int slot)
{
	return (n->op == OP_SEATVAR_LOC || n->op == OP_SEATGET_LOC) &&
	       n->u.kid[0]->op == OP_LOCAL && n->u.kid[0]->slot == slot;
}

/* count(s in seats, x[s] > e), the seats above a player's score: e,
 * which does not read s, is read once, and x[s] in place, without a
 * walk of the comparison.  A constant e is kept in v. */
static bool fuse_seat_count_cmp(expr_node *m)
{
	if (m->op != OP_FORSEATS || m->agg != AGG_COUNT)
		return false;
	const expr_node *cond = m->u.kid[1], *x = cond->u.kid[0], *e = NULL;
	int cmp;
	if (cond->op == OP_INTK && is_comparison(cond->agg)) {
		cmp = cond->agg;        /* tricks[s] == 2 */
	} else if (is_comparison(cond->op)) {
		cmp = cond->op;
		e = cond->u.kid[1];
		if (!at_loop_seat(x, m->slot)) {
			x = cond->u.kid[1];
			e = cond->u.kid[0];
			cmp = mirrored(cmp);
		}
	} else {
		return false;
	}
	if (!at_loop_seat(x, m->slot) || (e && reads_local(e, m->slot)))
		return false;
	m->op = OP_SEATCOUNT_CMP;
	m->agg = cmp;
	m->v = cond->v;
	m->u.kid[0] = x;
	m->u.kid[1] = e;
	m->u.kid[2] = NULL;
	m->nkid = e ? 2 : 1;
	return true;
}

/* m, a copy of a node whose kids are already in the fast form: fused
 * with its kids where its shape allows. */
static void fuse(expr_node *m)
{
	const expr_node *k0 = m->nkid > 0 ? m->u.kid[0] : NULL;
	const expr_node *k1 = m->nkid > 1 ? m->u.kid[1] : NULL;
	if (m->op == OP_SEATGET && m->u.by_seat)
		m->op = OP_SEATTAB;     /* team: fixed with the game */
	if (fuse_seat_sum_if(m) || fuse_seat_count_cmp(m))
		return;
	if (m->op == OP_AT && k0->op == OP_SEATVAR) {
		m->op = k1->op == OP_LOCAL ? OP_SEATVAR_LOC   /* taken[s] */
			: OP_SEATVAR_AT;        /* slot[slot + seat k1] */
		m->slot = k0->slot;
		m->u.kid[0] = k1;
		m->u.kid[1] = NULL;
		m->nkid = 1;
	} else if (m->op == OP_AT && k0->op == OP_SEATGET) {
		m->op = k1->op == OP_LOCAL ? OP_SEATGET_LOC   /* tricks[s] */
			: OP_SEATGET_AT;        /* the getter k1 at seat k0 */
		m->u.kid[0] = k1;
		m->u.kid[1] = k0;
	} else if (m->op == OP_SEATAGG && k0->op == OP_SEATVAR) {
		m->op = OP_SEATAGG_VAR;         /* over slot[slot + s] */
		m->slot = k0->slot;
		m->u.kid[0] = NULL;
		m->nkid = 0;
	} else if (int_with_constant(m->op) && k1->op == OP_CONST) {
		m->agg = m->op;                 /* k0 op v */
		m->op = OP_INTK;
		m->v = k1->v;
		m->u.kid[1] = NULL;
		m->nkid = 1;
		if (k0->op == OP_GET || k0->op == OP_SEATGET)
			m->op = OP_GETK;        /* a name of the engine's */
		if (k0->op == OP_COUNTSET || k0->op == OP_COUNTAND) {
			m->op = OP_COUNTK;      /* count(hand & led) == 1 */
			m->u.kid[0] = k0->u.kid[0];
			m->u.kid[1] = k0->op == OP_COUNTAND ? k0->u.kid[1]
				: NULL;
			m->nkid = k0->nkid;
		}
	} else if (m->op == OP_CALL && m->nkid == 1 &&
		   m->u.call.fn == count_of_cards()) {
		const expr_node *set = m->u.call.arg[0];
		m->op = OP_COUNTSET;
		m->u.kid[0] = set;
		if (set->op == OP_INTER) {      /* count(a & b) */
			m->op = OP_COUNTAND;
			m->u.kid[0] = set->u.kid[0];
			m->u.kid[1] = set->u.kid[1];
			m->nkid = 2;
		}
	} else if (m->op == OP_CALL && m->nkid == 1 &&
		   m->u.call.fn == expr_table_sigs[1].fn &&
		   is_set_op(m->u.call.arg[0]->op)) {
		const expr_node *set = m->u.call.arg[0];
		m->op = OP_TABLE_SETOP;         /* points(won & trumps) */
		m->agg = set->op;
		m->u.call.arg = set->u.kid;
		m->nkid = 2;
	} else if (m->op == OP_CALL && m->nkid == 1 && seat_step(m)) {
		const expr_node *from = m->u.call.arg[0];
		int64_t step = seat_step(m);
		if (from->op == OP_SEATPLUS) {  /* left(left(seat)) */
			step += from->v.i;
			from = from->u.kid[0];
		}
		m->op = OP_SEATPLUS;
		m->v.i = step;
		m->u.kid[0] = from;
		m->u.kid[1] = m->u.kid[2] = NULL;
	} else if (m->op == OP_CALL && m->nkid == 1) {
		m->op = OP_CALL1;
	} else if (m->op == OP_CALL && m->u.call.fn == choose_fn()) {
		m->op = OP_CHOOSE;      /* the value picked alone evaluated */
	} else if (m->op == OP_CALL && minmax_agg(m->u.call.fn) >= 0) {
		m->agg = (uint8_t)minmax_agg(m->u.call.fn);
		m->op = OP_MINMAX;      /* min(x, 3): no array of values */
	}
}

const expr_node *expr_fast(arena *a, const expr_node *n)
{
	expr_node *m = arena_alloc(a, sizeof *m);
	if (!m)
		return NULL;
	*m = *n;
	if (n->op == OP_CALL) {
		const expr_node **arg = NULL;
		if (n->nkid && !(arg = arena_alloc(a, sizeof *arg * n->nkid)))
			return NULL;
		for (int i = 0; i < n->nkid; i++)
			if (!(arg[i] = expr_fast(a, n->u.call.arg[i])))
				return NULL;
		m->u.call.arg = arg;
	} else if (n->op != OP_GET && n->op != OP_SEATGET) {
		for (int i = 0; i < n->nkid; i++)
			if (!(m->u.kid[i] = expr_fast(a, n->u.kid[i])))
				return NULL;
	}
	fuse(m);
	return m;
}

static int nodes_under(const expr_node *n)
{
	const expr_node *const *kid = expr_kids(n);
	int count = 1;
	for (int i = 0; kid && i < n->nkid; i++)
		count += kid[i] ? nodes_under(kid[i]) : 0;
	return count;
}

int expr_size(const expr *e, bool run)
{
	return nodes_under(run ? e->fast : e->root);
}
