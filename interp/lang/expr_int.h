/*
 * expr_int.h — what the expression files share: the compiled tree, the
 * evaluator's environment and the built-in function table.
 *
 * expr.c turns text into a tree of expr_node, typed and with every
 * promotion made explicit; expr_eval.c walks it; expr_builtin.c holds the
 * functions.  Nothing here is seen outside these three files.
 */
#ifndef CARDRULES_EXPR_INT_H
#define CARDRULES_EXPR_INT_H

#include "lang/expr.h"
#include "util/arith.h"

#define EXPR_TEXT_MAX 4096      /* bytes of one expression */
/* A constant whose sum over this many deals, at every seat of the
 * largest table, stays within 64 bits; a larger one is warned about. */
#define EXPR_SUMMABLE_DEALS 65536
#define EXPR_SUMMABLE (INT64_MAX / EXPR_SUMMABLE_DEALS / 16)
#define EXPR_DEPTH_MAX 64       /* nested parentheses, calls, ifs, nots */
#define EXPR_HEIGHT_MAX 256     /* levels of the tree: bounds the evaluator */
#define EXPR_LOCALS 8           /* nested loop names */
#define EXPR_RANGE_MAX 1024     /* values of range(FROM, TO) a loop takes */
#define EXPR_ARGS_MAX 64        /* arguments of one call: a table of values */
#define EXPR_SIG_PARAMS 6       /* declared parameters of one signature */

/* Types that only the compiler sees, after the public ones. */
enum {
	TY_ERR = TY_SUITS + 1,  /* a subexpression already reported wrong */
	TY_T,                   /* in a signature: any type, the same for all */
	TY_LIT,                 /* in a signature: an integer literal */
};

/* Opcodes.  Each names what its node computes from its kids. */
#define EXPR_OPS(X) \
	X(CONST)        /* v */                                          \
	X(VAR)          /* slot[slot] */                                 \
	X(SEATVAR)      /* slot[slot + seat] */                          \
	X(SEAT)         /* the current seat */                           \
	X(PLAYERS)                                                       \
	X(LOCAL)        /* the loop name bound at loc[slot] */           \
	X(GET)          /* u.get(frame, -1, slot) */                     \
	X(SEATGET)      /* u.get(frame, seat, slot) */                   \
	X(SEATTAB)      /* SEATGET as u.by_seat[seat], run alone: kid 0 \
			   of AT, not fused into SEATGET_AT */              \
	X(NEG) X(ADD) X(SUB) X(MUL) X(DIV) X(MOD)      /* saturating */  \
	X(UNION) X(DIFF) X(INTER)                      /* card sets */   \
	X(SUNION) X(SDIFF) X(SINTER)                   /* suit sets */   \
	X(EQ) X(NE) X(LT) X(LE) X(GT) X(GE)            /* on .i */       \
	X(SETEQ) X(SETNE)                                                \
	X(INCARDS)      /* a face in a card set */                       \
	X(INSUITS)                                                       \
	X(NOT) X(AND) X(OR) X(IF)                                        \
	X(FACESET) X(SUITSET) X(RANKSET)   /* promotions to cards */     \
	X(SUITBIT)      /* a suit as a suit set */                       \
	X(AT)           /* kid 0 at the seat kid 1 */                    \
	X(SEATAGG)      /* agg of kid 0 over the seats */                \
	X(FORCARDS) X(FORSUITS) X(FORSEATS) /* agg of kid 1 over kid 0 */ \
	X(FORRANGE)     /* agg of kid 1 over kid 0 .. kid 2 */           \
	X(CALL)         /* u.call.fn(evaluated arguments) */              \
	/* fused, in the form run alone (expr_fast.c): */                 \
	X(SEATVAR_AT)   /* slot[slot + seat kid 0] */                     \
	X(SEATGET_AT)   /* the SEATGET kid 1 at the seat kid 0 */         \
	X(SEATVAR_LOC)  /* SEATVAR_AT whose seat is the LOCAL kid 0 */    \
	X(SEATGET_LOC)  /* SEATGET_AT whose seat is the LOCAL kid 0 */    \
	X(SEATAGG_VAR)  /* agg of slot[slot + s] over the seats */        \
	X(INTK)         /* kid 0 (op agg) the constant v */               \
	X(GETK)         /* INTK of a GET or SEATGET kid 0 */              \
	X(COUNTSET)     /* the cards of kid 0 counted */                  \
	X(COUNTAND)     /* the cards of both kid 0 and kid 1 counted */   \
	X(CALL1)        /* a CALL of one argument */                      \
	X(COUNTK)       /* COUNTSET or COUNTAND (no kid 1) (op agg) the   \
			   constant v */                                    \
	X(TABLE_SETOP)  /* a card-value table of kid 0 (op agg) kid 1,  \
			   its kids u.call.arg[0..1] */                     \
	X(SEATPLUS)     /* the seat v places on from kid 0: left(left(x)) \
			   */                                               \
	X(SEATSUM_IF)   /* sum over seats s with SEATGET kid 0 at s == kid \
			   1 (read once) of kid 2; slot: s */               \
	X(SEATCOUNT_CMP)        /* count over seats s of kid 0 at s (op agg) \
				   kid 1 (read once), or the constant v  \
				   without kid 1 */                      \
	X(CHOOSE)       /* choose(): u.call.arg[0] picks the one of the  \
			   others evaluated */                               \
	X(MINMAX)       /* min() (agg AGG_MIN) or max() (AGG_MAX) of the \
			   integers u.call.arg */                           \
	/* in a condition's rest alone (expr_hoist.c): */                 \
	X(HOIST)        /* the part worked out ahead, hoisted[slot] */

enum expr_op {
#define X(o) OP_##o,
	EXPR_OPS(X)
#undef X
	OP_COUNT_
};

/* How a loop or a seat aggregate combines its values. */
enum expr_agg { AGG_SUM, AGG_COUNT, AGG_MAX, AGG_MIN, AGG_ANY, AGG_ALL,
		AGG_NONE };

typedef struct expr_node expr_node;

/* What the evaluator carries down the tree. */
typedef struct expr_env {
	expr_frame fr;          /* fr.seat changes inside x[s] and seat loops */
	const deck *d;
	const value *hoisted;   /* OP_HOIST's values (expr_hoist.c) */
	int64_t loc[EXPR_LOCALS];
} expr_env;

/* A built-in's evaluation: its arguments are already evaluated. */
typedef value (*expr_fn)(const expr_env *env, const expr_node *n,
			 const value *arg);

/* A built-in evaluated at compile time from an integer literal (rank(7));
 * false with a reason when the literal means nothing in this deck. */
typedef bool (*expr_lit_fn)(const deck *d, int64_t v, value *out,
			    char *why, size_t size);

/* A card-value table: by id for one card, and grouped by value so that a
 * set's total is a few masked popcounts instead of a loop over its cards.
 * Where no value is negative and their bits are fewer than the groups
 * (J 20, 9 14, A 11, 10 10, K 4, Q 3: five bits, six values), the total
 * is counted a bit at a time: the cards whose value has bit b, counted,
 * times 2^b. */
typedef struct expr_table {
	const int32_t *by_id;
	int ngroups;
	struct {
		int32_t value;
		cardset cards;
	} group[CARD_MAX];
	int nbits;              /* 0: by groups */
	bool one_word;          /* every card valued is in the first word */
	cardset bit[31];
} expr_table;

struct expr_node {
	uint8_t op;             /* enum expr_op */
	uint8_t type;           /* expr_type of the result */
	uint8_t agg;            /* enum expr_agg, for loops and SEATAGG */
	uint8_t nkid;
	int32_t slot;           /* VAR, SEATVAR, LOCAL, the loops' local;
				 * GET, SEATGET: the getter's arg */
	union {
		const expr_node *kid[3];
		struct {
			expr_getter_fn get;
			const int8_t *by_seat;  /* SEATGET: its fixed values
						   (the form run reads them:
						   SEATTAB), or NULL */
			int32_t field;  /* a field's offset in the frame's
					   ctx + 1 (expr_scope_field); 0:
					   read through get */
			int16_t stride; /* a per-seat field's, seat to seat */
			uint8_t field_kind;     /* expr_field_kind */
		};
		struct {
			const expr_node *const *arg;
			expr_fn fn;
			union {
				const expr_table *table;
				expr_native_fn native;
			} data;
		} call;
	} u;
	value v;                /* CONST */
};

/* Whether node op keeps its kids as a call's arguments (u.call.arg). */
static inline bool expr_kids_are_args(int op)
{
	return op == OP_CALL || op == OP_CALL1 || op == OP_TABLE_SETOP ||
	       op == OP_CHOOSE || op == OP_MINMAX;
}

/* The kids of n, wherever its opcode keeps them; NULL for the reads of
 * the engine, which have none. */
static inline const expr_node *const *expr_kids(const expr_node *n)
{
	if (n->op == OP_GET || n->op == OP_SEATGET || n->op == OP_SEATTAB)
		return NULL;
	return expr_kids_are_args(n->op) ? n->u.call.arg : n->u.kid;
}

typedef struct expr_code expr_code;

struct expr {
	const expr_node *root;  /* as compiled: the reference */
	const expr_node *fast;  /* the form run: expr_fast(root) */
	const expr_code *code;  /* fast's integers as instructions, or NULL
				   (expr_code.c) */
	const expr_node **and_op;       /* fast's `and` operands down its left
					   side, in order (none: not an and) */
	int nand_op;
	expr *next;             /* the scope family's compiled, newest first */
	const deck *d;
	expr_type type;
	bool per_seat, constant;
	const src_file *file;
	int line, col;
	const char *text;       /* as written in the rule file */
	const char *says;       /* the rule file's words for it, or NULL */
};

/* One overload of a function. */
typedef struct expr_sig {
	uint8_t result;         /* a type, or TY_T */
	uint8_t nparam;
	bool variadic;          /* the last parameter may repeat */
	uint8_t param[EXPR_SIG_PARAMS];
	expr_fn fn;
	expr_lit_fn lit;        /* instead of fn, for a TY_LIT parameter */
} expr_sig;

#define EXPR_OVERLOADS 3

/* A built-in function.  Those with agg != AGG_NONE also combine the seats
 * (sum(won_points)) and have the loop form sum(x in S: E). */
typedef struct expr_builtin {
	const char *name;
	uint8_t agg;
	uint8_t body;           /* what agg combines: TY_INT or TY_BOOL */
	const char *does;       /* "adds up the seats' values" */
	expr_sig sig[EXPR_OVERLOADS];   /* nparam 0 and no fn: unused */
	bool reads_table;               /* depends on the number of players,
					   so never worked out when compiled */
} expr_builtin;

extern const expr_builtin expr_builtins[];

/* Tells the watcher of choose() (expr.h) of an index out of range. */
void expr_choose_missed(int64_t index, int nvalues);

/* The built-in called name[0..len), or NULL. */
const expr_builtin *expr_builtin_find(const char *name, size_t len);

/* The overloads of a value table: name(card) and name(cards). */
extern const expr_sig expr_table_sigs[2];

/* The fn of a native's signature: calls u.call.data.native. */
value expr_native_call(const expr_env *env, const expr_node *n,
		       const value *arg);

/* The value a function gives when it has nothing better: 0, false,
 * no card, no suit, no rank, the empty set, seat 0. */
value expr_zero(int type);

/* (s + k) mod players in 0..players-1, for any s and k; seat 0 when
 * nobody plays: left(s) and right(s) (expr_builtin.c). */
value expr_seat_plus(const expr_env *env, int64_t s, int64_t k);

/* expr_reads_only of a node (expr.c). */
bool expr_node_reads_only(const expr_node *n, const int *slot, int nslot);

/* The operands of the `and`s down n's left side, in order, into out (at
 * most max); how many (n itself when it is no `and`) (expr.c). */
int expr_and_operands(const expr_node *n, const expr_node **out, int max);

/* Evaluates n (expr_eval.c). */
value expr_ev(const expr_node *n, expr_env *env);

/* The integer expression n (a form run) as instructions, in a; NULL
 * for a card set, where nothing would be gained, or when out of room
 * (expr_code.c). */
const expr_code *expr_code_of(arena *a, const expr_node *n);

/* The value of code in env, as expr_ev() of its node gives it. */
int64_t expr_code_run(const expr_code *code, expr_env *env);

/* A copy of the tree n with its common shapes fused (expr_fast.c);
 * NULL when out of memory. */
const expr_node *expr_fast(arena *a, const expr_node *n);


/* ---- Reads shared by the walker and the compiled form ---- */

/* The operators of two integers a and b, X(op, value): one table for
 * the walker and the instructions, so that both compute the same. */
#define EXPR_INT_OPS(X)                                                 \
	X(ADD, arith_add(a, b)) X(SUB, arith_sub(a, b))                 \
	X(MUL, arith_mul(a, b)) X(DIV, arith_div(a, b))                 \
	X(MOD, arith_mod(a, b))                                         \
	X(SUNION, a | b) X(SDIFF, a & ~b) X(SINTER, a & b)              \
	X(INSUITS, a >= 0 && a < SUIT_MAX && (b >> a & 1))              \
	X(EQ, a == b) X(NE, a != b) X(LT, a < b) X(LE, a <= b)          \
	X(GT, a > b) X(GE, a >= b)

/* Seats the frame has, bounded by the slots a per-seat variable has. */
static inline int expr_seats_of(const expr_env *env)
{
	int n = env->fr.players;
	return n < 0 ? 0 : n > SEAT_MAX ? SEAT_MAX : n;
}

/* A slot read, worked out first if the frame's lazy values lack it. */
static inline void expr_need_slot(const expr_env *env, int slot)
{
	expr_lazy *lz = env->fr.lazy;
	if (lz && !(lz->known[slot >> 6] >> (slot & 63) & 1))
		lz->fill(lz, slot);
}

/* A field's value in ctx (expr_scope_field) at seat s, -1 for none;
 * field is its offset + 1. */
static inline int64_t expr_field_read(const void *ctx, int32_t field,
				      int stride, int kind, int s)
{
	const char *at = (const char *)ctx + field - 1 +
			 (s > 0 ? (ptrdiff_t)s * stride : 0);
	switch (kind) {
	case EXPR_FIELD_I64: return *(const int64_t *)(const void *)at;
	case EXPR_FIELD_I16: return *(const int16_t *)(const void *)at;
	case EXPR_FIELD_I8: return *(const int8_t *)at;
	default: return *(const uint8_t *)at;   /* EXPR_FIELD_U8 */
	}
}

/* A value kept by the engine; a seat not at the table reads as zero.
 * In line in the fused nodes that read one (the walker calls ev_get). */
static inline __attribute__((always_inline)) value
expr_get_value(const expr_node *n, const expr_env *env)
{
	int s = -1;
	if (n->op == OP_SEATGET) {
		s = env->fr.seat;
		if (s < 0 || s >= env->fr.players || s >= SEAT_MAX)
			return expr_zero(n->type);
	}
	value r = n->u.get(&env->fr, s, n->slot);
	if (n->type == TY_BOOL)
		r.i = r.i != 0;
	return r;
}

/* n's operator (agg) of a and the constant v: in line in each fused
 * node, where a call would cost as much as the comparison. */
static inline __attribute__((always_inline)) value
expr_intk(const expr_node *n, int64_t a)
{
	int64_t b = n->v.i;
	value r;
	switch (n->agg) {
	case OP_ADD: r.i = arith_add(a, b); break;
	case OP_SUB: r.i = arith_sub(a, b); break;
	case OP_MUL: r.i = arith_mul(a, b); break;
	case OP_EQ: r.i = a == b; break;
	case OP_NE: r.i = a != b; break;
	case OP_LT: r.i = a < b; break;
	case OP_LE: r.i = a <= b; break;
	case OP_GT: r.i = a > b; break;
	default: r.i = a >= b; break;   /* OP_GE */
	}
	return r;
}

/* ---- Scopes (expr_scope.c) ---- */

enum name_kind { NAME_VAR, NAME_GETTER, NAME_CONST, NAME_TABLE,
		 NAME_NATIVE, NAME_POISON };

typedef struct expr_name expr_name;
struct expr_name {
	expr_name *next;
	const char *name;
	size_t len;
	uint8_t kind;           /* enum name_kind */
	uint8_t type;
	bool per_seat;
	int slot;               /* NAME_VAR; NAME_GETTER: its arg */
	expr_getter_fn get;     /* NAME_GETTER */
	const int8_t *by_seat;  /* NAME_GETTER: its fixed values, or NULL */
	int32_t field;          /* NAME_GETTER: as the node's */
	int16_t stride;
	uint8_t field_kind;
	int64_t v;              /* NAME_CONST */
	const expr_table *table;        /* NAME_TABLE */
	expr_native_fn native;  /* NAME_NATIVE, with its signature: */
	expr_sig sig;
	int uses;               /* expressions compiled that name it */
};

/* A family of scopes shares one slot counter (in the root), so that any
 * scope may declare a variable at any time without moving another's. */
struct expr_scope {
	arena *a;
	const deck *d;
	expr_scope *parent, *child, *sibling;
	expr_name *names;
	int nslots;             /* the root's: slots of the whole family */
	expr *compiled;         /* the root's: every expression compiled */
};

/* The name as seen from sc: its own or an ancestor's; NULL if unknown. */
expr_name *expr_scope_find(const expr_scope *sc, const char *s, size_t len);

/* Words the language keeps (and, for a function, the built-ins' names). */
bool expr_is_reserved(const char *s, size_t len, bool fn);

#endif
