/*
 * expr_code.c — an integer expression as a list of instructions.
 *
 * The walker (expr_eval.c) pays a call and a return for every node; a
 * scoring formula such as `big * (choose(...) - choose(...)) / (100 *
 * level)` is mostly such nodes over integers.  Here the integer part of
 * the form run (expr_fast.c) is laid out once as instructions on a stack
 * of integers: arithmetic, comparisons, `and`, `or`, `if`, choose(),
 * min() and max() as jumps and steps, the names read in place.  Any
 * other node (a card set, a loop, a call) is one instruction that hands
 * it to the walker, so every expression runs as the walker runs it, node
 * for node, in the same order.  Each instruction's code jumps straight
 * to the next's (labels as values, which gcc and clang both take): a
 * `switch` in a loop cost more than the walker saved.
 * tests/unit/check_fast.c runs every expression of every shipped game
 * as instructions, walked and by the reference tree.
 */
#include <string.h>

#include "lang/expr_int.h"
#include "util/arena.h"

enum code_op {
	C_CONST,        /* push k */
	C_VAR,          /* push slot a */
	C_SEATVAR,      /* push slot a + seat; k out of the table */
	C_SEAT, C_PLAYERS,
	C_GET,          /* push the engine's value of node n */
	C_FIELD,        /* push the integer at byte a of the context */
	C_FIELD16, C_FIELD8, C_FIELDU8, /* the same, of 16 and 8 bits */
	C_SEATFIELD,    /* push the integer at byte a + seat * b of the
			   context; k out of the table */
	C_SEATVAR_AT,   /* the top seat s: slot a + s; k out of the table */
	C_SEATFIELD_AT, /* the top seat s: the integer at byte a + s * b of
			   the context; k out of the table */
	C_SEATGET_AT,   /* the top seat s: the engine's value of n's kid 1
			   read as seat s would */
	C_GETK,         /* push the engine's value of n's kid, (op) n's v */
	C_TREE,         /* push the walker's value of node n */
#define X(op_, value_) C_##op_,
	EXPR_INT_OPS(X)         /* the two values on top, as one */
#undef X
	C_NEG, C_NOT,
	C_INTK,         /* the top (op) node n's constant */
	C_BOOL,         /* the top as 0 or 1 */
	C_JFALSE,       /* pop; to a if it was 0 */
	C_JTRUE,        /* pop; to a if it was not 0 */
	C_JUMP,         /* to a */
	C_CHOOSE,       /* pop i; to the jump i after this one (a of them),
			   else push k and go to b */
	C_MIN, C_MAX,   /* the a values on top, as one */
	C_END,
};

typedef struct code_ins {
	uint8_t op;
	int32_t a, b;
	union {
		int64_t k;
		const expr_node *n;
	};
} code_ins;

#define CODE_MAX 256            /* instructions of one expression */
#define CODE_STACK 32           /* integers on the stack at once */

struct expr_code {
	int n;
	code_ins ins[];
};

typedef struct coder {
	code_ins ins[CODE_MAX];
	int n, depth, deepest;
	int own;                /* nodes laid out as instructions */
	bool full;
} coder;

/* Appends an instruction, its index returned; once CODE_MAX are laid
 * out the code is dropped (full), so the jumps patched after that patch
 * nothing kept. */
static int emit(coder *c, int op, int a, int64_t k, const expr_node *n)
{
	if (c->n == CODE_MAX) {
		c->full = true;
		return 0;
	}
	code_ins *i = &c->ins[c->n];
	i->op = (uint8_t)op;
	i->a = a;
	i->b = 0;
	if (n)
		i->n = n;
	else
		i->k = k;
	return c->n++;
}

/* The stack grows by one value: the deepest it reaches is kept. */
static void push(coder *c)
{
	if (++c->depth > c->deepest)
		c->deepest = c->depth;
}

static void lay(coder *c, const expr_node *n);

static void lay_binary(coder *c, const expr_node *n, int op)
{
	lay(c, n->u.kid[0]);
	lay(c, n->u.kid[1]);
	emit(c, op, 0, 0, NULL);
	c->depth--;
}

/* `and` and `or`: the second operand read only where the first leaves
 * the answer open, and the result 0 or 1. */
static void lay_logic(coder *c, const expr_node *n, bool is_and)
{
	lay(c, n->u.kid[0]);
	int skip = emit(c, is_and ? C_JFALSE : C_JTRUE, 0, 0, NULL);
	c->depth--;
	lay(c, n->u.kid[1]);
	emit(c, C_BOOL, 0, 0, NULL);
	int end = emit(c, C_JUMP, 0, 0, NULL);
	c->ins[skip].a = c->n;
	emit(c, C_CONST, 0, is_and ? 0 : 1, NULL);
	c->ins[end].a = c->n;
}

static void lay_if(coder *c, const expr_node *n)
{
	lay(c, n->u.kid[0]);
	int to_else = emit(c, C_JFALSE, 0, 0, NULL);
	c->depth--;
	lay(c, n->u.kid[1]);
	int end = emit(c, C_JUMP, 0, 0, NULL);
	c->depth--;             /* one branch's value is on the stack */
	c->ins[to_else].a = c->n;
	lay(c, n->u.kid[2]);
	c->ins[end].a = c->n;
}

/* choose(i, v0, v1, ...): a jump for each value, the picked one alone
 * evaluated; out of range, the zero value (expr_choose_missed told). */
static void lay_choose(coder *c, const expr_node *n)
{
	int nv = n->nkid - 1;
	lay(c, n->u.call.arg[0]);
	int at = emit(c, C_CHOOSE, nv, expr_zero(n->type).i, NULL);
	c->depth--;
	int table = c->n;
	for (int v = 0; v < nv; v++)
		emit(c, C_JUMP, 0, 0, NULL);
	int ends[EXPR_ARGS_MAX];
	for (int v = 0; v < nv && !c->full; v++) {
		c->ins[table + v].a = c->n;
		lay(c, n->u.call.arg[v + 1]);
		c->depth--;
		ends[v] = emit(c, C_JUMP, 0, 0, NULL);
	}
	push(c);
	for (int v = 0; v < nv && !c->full; v++)
		c->ins[ends[v]].a = c->n;
	c->ins[at].b = c->n;
}

static void lay_minmax(coder *c, const expr_node *n)
{
	for (int i = 0; i < n->nkid; i++)
		lay(c, n->u.call.arg[i]);
	emit(c, n->agg == AGG_MIN ? C_MIN : C_MAX, n->nkid, 0, NULL);
	c->depth -= n->nkid - 1;
}

/* The read of x[s] with the seat s on top, in its place. */
static void lay_seat_read(coder *c, const expr_node *n)
{
	const expr_node *get = n->u.kid[1];
	if (n->op == OP_SEATVAR_AT) {
		emit(c, C_SEATVAR_AT, n->slot, expr_zero(n->type).i, NULL);
	} else if (get->op == OP_SEATGET && get->u.field &&
		   get->u.field_kind == EXPR_FIELD_I64 && get->type != TY_BOOL) {
		int at = emit(c, C_SEATFIELD_AT, get->u.field - 1,
			      expr_zero(get->type).i, NULL);
		c->ins[at].b = get->u.stride;   /* (dropped if full) */
	} else {
		emit(c, C_SEATGET_AT, 0, 0, n);
	}
}

static int binary_op(int op)
{
	switch (op) {
#define X(op_, value_) case OP_##op_: return C_##op_;
	EXPR_INT_OPS(X)
#undef X
	default: return -1;
	}
}

/* The instructions that leave n's value on the stack. */
static void lay(coder *c, const expr_node *n)
{
	if (c->full)
		return;
	int op = binary_op(n->op);
	c->own++;
	if (op >= 0) {
		lay_binary(c, n, op);
		return;
	}
	switch (n->op) {
	case OP_CONST:
		emit(c, C_CONST, 0, n->v.i, NULL);
		break;
	case OP_VAR:
		emit(c, C_VAR, n->slot, 0, NULL);
		break;
	case OP_SEATVAR:
		emit(c, C_SEATVAR, n->slot, expr_zero(n->type).i, NULL);
		break;
	case OP_SEAT:
		emit(c, C_SEAT, 0, 0, NULL);
		break;
	case OP_PLAYERS:
		emit(c, C_PLAYERS, 0, 0, NULL);
		break;
	case OP_GET:
	case OP_SEATGET:
		/* a field (expr_scope_field) read in place, without
		 * the getter's call */
		if (n->u.field && n->op == OP_GET) {
			static const uint8_t by_kind[] = {
				[EXPR_FIELD_I64] = C_FIELD,
				[EXPR_FIELD_I16] = C_FIELD16,
				[EXPR_FIELD_I8] = C_FIELD8,
				[EXPR_FIELD_U8] = C_FIELDU8,
			};
			emit(c, by_kind[n->u.field_kind], n->u.field - 1, 0,
			     NULL);
			if (n->type == TY_BOOL)
				emit(c, C_BOOL, 0, 0, NULL);
		} else if (n->u.field && n->u.field_kind == EXPR_FIELD_I64 &&
			   n->type != TY_BOOL) {
			int at = emit(c, C_SEATFIELD, n->u.field - 1,
				      expr_zero(n->type).i, NULL);
			c->ins[at].b = n->u.stride;     /* (dropped if full) */
		} else {
			emit(c, C_GET, 0, 0, n);
		}
		break;
	case OP_GETK:
		emit(c, C_GETK, 0, 0, n);
		break;
	case OP_SEATVAR_AT:             /* x[e]: e, then the read */
	case OP_SEATGET_AT:
		if (n->type == TY_CARDS) {
			c->own--;
			emit(c, C_TREE, 0, 0, n);
			break;
		}
		lay(c, n->u.kid[0]);
		lay_seat_read(c, n);
		return;
	case OP_NEG:
	case OP_NOT:
		lay(c, n->u.kid[0]);
		emit(c, n->op == OP_NEG ? C_NEG : C_NOT, 0, 0, NULL);
		return;
	case OP_INTK:
		lay(c, n->u.kid[0]);
		emit(c, C_INTK, 0, 0, n);
		return;
	case OP_AND:
	case OP_OR:
		lay_logic(c, n, n->op == OP_AND);
		return;
	case OP_IF:
		lay_if(c, n);
		return;
	case OP_CHOOSE:
		lay_choose(c, n);
		return;
	case OP_MINMAX:
		lay_minmax(c, n);
		return;
	default:
		c->own--;
		emit(c, C_TREE, 0, 0, n);
		break;
	}
	push(c);
}

const expr_code *expr_code_of(arena *a, const expr_node *n)
{
	/* a set's value is not an integer; inside an integer expression
	 * every value is read as one, by the walker as here */
	if (!n || n->type == TY_CARDS)
		return NULL;
	coder cd = {.n = 0};
	coder *c = &cd;
	lay(c, n);
	emit(c, C_END, 0, 0, NULL);
	expr_code *code = NULL;
	/* a lone read or a node the walker takes whole gains nothing */
	if (!c->full && c->deepest <= CODE_STACK && c->own > 2 &&
	    (code = arena_alloc(a, sizeof *code +
				sizeof *code->ins * (size_t)c->n))) {
		code->n = c->n;
		memcpy(code->ins, c->ins, sizeof *code->ins * (size_t)c->n);
	}
	return code;
}

int64_t expr_code_run(const expr_code *code, expr_env *env)
{
	/* each instruction jumps to the next's label: one indirect jump
	 * an instruction, no loop test */
	static const void *const label[] = {
		[C_CONST] = &&l_const, [C_VAR] = &&l_var,
		[C_SEATVAR] = &&l_seatvar, [C_SEAT] = &&l_seat,
		[C_PLAYERS] = &&l_players,
		[C_GET] = &&l_get, [C_GETK] = &&l_getk, [C_TREE] = &&l_tree,
		[C_SEATVAR_AT] = &&l_seatvar_at,
		[C_SEATFIELD_AT] = &&l_seatfield_at,
		[C_SEATGET_AT] = &&l_seatget_at,
		[C_FIELD] = &&l_field, [C_SEATFIELD] = &&l_seatfield,
		[C_FIELD16] = &&l_field16, [C_FIELD8] = &&l_field8,
		[C_FIELDU8] = &&l_fieldu8,
#define X(op_, value_) [C_##op_] = &&l_##op_,
		EXPR_INT_OPS(X)
#undef X
		[C_NEG] = &&l_neg, [C_NOT] = &&l_not, [C_INTK] = &&l_intk,
		[C_BOOL] = &&l_bool, [C_JFALSE] = &&l_jfalse,
		[C_JTRUE] = &&l_jtrue, [C_JUMP] = &&l_jump,
		[C_CHOOSE] = &&l_choose, [C_MIN] = &&l_min, [C_MAX] = &&l_max,
		[C_END] = &&l_end,
	};
	int64_t st[CODE_STACK + 1];
	int64_t *top = st;      /* st[0] is never read */
	const code_ins *ins = code->ins, *i = ins;
	int64_t x;
#define NEXT() goto *label[(++i)->op]
#define GO(at) do { i = &ins[at]; goto *label[i->op]; } while (0)
	goto *label[i->op];
l_const:
	*++top = i->k;
	NEXT();
l_var:
	expr_need_slot(env, i->a);
	*++top = env->fr.slot[i->a].i;
	NEXT();
l_seatvar: {
	int s = env->fr.seat;
	if (s < 0 || s >= expr_seats_of(env)) {
		*++top = i->k;
		NEXT();
	}
	expr_need_slot(env, i->a + s);
	*++top = env->fr.slot[i->a + s].i;
	NEXT();
}
l_seat:
	*++top = env->fr.seat;
	NEXT();
l_players:
	*++top = env->fr.players;
	NEXT();
l_get:
	*++top = expr_get_value(i->n, env).i;
	NEXT();
l_field:
	*++top = expr_field_read(env->fr.ctx, i->a + 1, 0, EXPR_FIELD_I64, -1);
	NEXT();
l_field16:
	*++top = expr_field_read(env->fr.ctx, i->a + 1, 0, EXPR_FIELD_I16, -1);
	NEXT();
l_field8:
	*++top = expr_field_read(env->fr.ctx, i->a + 1, 0, EXPR_FIELD_I8, -1);
	NEXT();
l_fieldu8:
	*++top = expr_field_read(env->fr.ctx, i->a + 1, 0, EXPR_FIELD_U8, -1);
	NEXT();
l_seatfield: {
	int s = env->fr.seat;
	if (s < 0 || s >= env->fr.players || s >= SEAT_MAX)
		*++top = i->k;
	else
		*++top = expr_field_read(env->fr.ctx, i->a + 1, i->b,
					 EXPR_FIELD_I64, s);
	NEXT();
}
l_seatvar_at:
	x = *top;
	if (x < 0 || x >= expr_seats_of(env)) {
		*top = i->k;
		NEXT();
	}
	expr_need_slot(env, i->a + (int)x);
	*top = env->fr.slot[i->a + x].i;
	NEXT();
l_seatfield_at:
	x = *top;
	*top = x < 0 || x >= expr_seats_of(env) ? i->k
	       : expr_field_read(env->fr.ctx, i->a + 1, i->b, EXPR_FIELD_I64,
				 (int)x);
	NEXT();
l_seatget_at: {
	/* as the walker's seatget_at: the seat's own read at seat x */
	int saved = env->fr.seat;
	x = *top;
	env->fr.seat = x >= 0 && x < expr_seats_of(env) ? (int)x : -1;
	*top = expr_get_value(i->n->u.kid[1], env).i;
	env->fr.seat = saved;
	NEXT();
}
l_getk:
	x = expr_get_value(i->n->u.kid[0], env).i;
	*++top = expr_intk(i->n, x).i;
	NEXT();
l_tree:
	*++top = expr_ev(i->n, env).i;
	NEXT();
#define X(op_, value_) \
l_##op_: { \
	int64_t a = top[-1], b = top[0]; \
	*--top = (value_); \
	NEXT(); \
}
	EXPR_INT_OPS(X)
#undef X
l_neg:
	*top = arith_neg(*top);
	NEXT();
l_not:
	*top = !*top;
	NEXT();
l_intk:
	*top = expr_intk(i->n, *top).i;
	NEXT();
l_bool:
	*top = *top != 0;
	NEXT();
l_jfalse:
	if (!*top--)
		GO(i->a);
	NEXT();
l_jtrue:
	if (*top--)
		GO(i->a);
	NEXT();
l_jump:
	GO(i->a);
l_choose:
	x = *top--;
	if (x < 0 || x >= i->a) {
		expr_choose_missed(x, i->a);
		*++top = i->k;
		GO(i->b);
	}
	GO(i[1 + x].a);
l_min:
	x = top[1 - i->a];
	for (int64_t *k = top + 2 - i->a; k <= top; k++)
		if (*k < x)
			x = *k;
	top -= i->a - 1;
	*top = x;
	NEXT();
l_max:
	x = top[1 - i->a];
	for (int64_t *k = top + 2 - i->a; k <= top; k++)
		if (*k > x)
			x = *k;
	top -= i->a - 1;
	*top = x;
	NEXT();
l_end:
	return *top;
#undef NEXT
#undef GO
}
