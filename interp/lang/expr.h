/*
 * expr.h — the expression language of rule files.
 *
 * Conditions and scoring formulas are small, pure, typed expressions:
 *
 *     if clear then share else -penalty
 *     count(won & H) > 0 and not (QS in won)
 *     sum(s in minus, if count(won & s) > 0
 *                     then count(won & s) - 1 + face(lowest(won & s)) else 0)
 *
 * They are compiled once, when the rule file is loaded, against a scope that
 * declares every name with its type; all type errors are found then and
 * reported at the column inside the expression.  Evaluation walks the
 * compiled tree without allocating and cannot fail: the language is total
 * (a / 0 is 0, lowest({}) is no card, ...), every loop is over a finite set.
 *
 * Per-seat values.  A variable may hold one value per seat (`won`,
 * `total`).  An expression that reads one without combining the seats is
 * itself per-seat and is evaluated for a given seat (expr_frame.seat);
 * sum(), count(), max(), min(), any(), all() over a per-seat expression
 * combine the seats into one value; x[s] reads x at seat s.
 *
 * The language is documented for users in docs/expressions.md.
 * Ownership: a scope and the expressions compiled in it live in the arena
 * given to expr_scope_new(); nothing here frees them one by one.
 */
#ifndef CARDRULES_EXPR_H
#define CARDRULES_EXPR_H

#include <stdbool.h>
#include <stdint.h>

#include "util/arena.h"
#include "cards/cardset.h"
#include "cards/deck.h"
#include "lang/diag.h"
#include "lang/node.h"

#define SEAT_MAX 10             /* most seats a rule file may ask for */

typedef enum expr_type {
	TY_NONE,                /* "any type" where a wanted type is asked */
	TY_INT,
	TY_BOOL,
	TY_CARD,                /* a face (deck.h); FACE_NONE is "no card" */
	TY_CARDS,               /* a set of card ids */
	TY_SUIT,                /* index into deck.suit[]; -1 is "no suit" */
	TY_RANK,                /* index into deck.rank[] */
	TY_SEAT,                /* 0 .. players-1 */
	TY_SUITS,               /* a set of suits, bit i = deck.suit[i] */
} expr_type;

/* One value of any type; the type is known from the compiled expression. */
typedef union value {
	int64_t i;              /* INT, BOOL (0/1), CARD, SUIT, RANK, SEAT, SUITS */
	cardset s;              /* CARDS */
} value;

/* The English name of a type for messages: "an integer", "a card set". */
const char *expr_type_name(expr_type t);

/* ---- Scopes: what names an expression may use ------------------------- */

typedef struct expr_scope expr_scope;
struct expr_frame;

/* A scope over a deck (for card literals such as QS, suits H, ranks Q).
 * Returns NULL when memory runs out. */
expr_scope *expr_scope_new(arena *a, const deck *d);

/* A scope that sees every name of parent, plus its own. */
expr_scope *expr_scope_child(expr_scope *parent);

/* Declares a variable and returns its slot in the frame (or -1 when the
 * name is taken or memory runs out).  A per-seat variable occupies
 * SEAT_MAX consecutive slots starting at the returned one.  Slots are
 * numbered across a whole family of scopes (a root and its children), so
 * a frame of expr_scope_slots() values fits every scope of the family. */
int expr_scope_var(expr_scope *sc, const char *name, expr_type t,
		   bool per_seat);

/* Declares a name whose definition failed to compile (its error has been
 * reported): expressions that use it fail quietly instead of reporting an
 * unknown name at every use. */
bool expr_scope_poison(expr_scope *sc, const char *name);

/* Declares a named integer constant (left = 1, right = -1, ...). */
bool expr_scope_const(expr_scope *sc, const char *name, expr_type t,
		      int64_t v);

/* Declares a card-value table usable as name(card) -> int and
 * name(cards) -> int (the sum over the set).  value_of_id has one entry
 * per card id; the table must outlive the expressions. */
bool expr_scope_table(expr_scope *sc, const char *name,
		      const int32_t *value_of_id);

/* A function defined outside the language: a hook or an engine query such
 * as holder(card).  It receives its evaluated arguments and the frame's
 * context pointer, and must itself be total. */
typedef value (*expr_native_fn)(const value *args, int nargs,
				const struct expr_frame *frame);
bool expr_scope_native(expr_scope *sc, const char *name, expr_type result,
		       const expr_type *params, int nparams,
		       expr_native_fn fn);

/* A variable whose value lives outside the frame (the engine's state) and
 * is read through fn when evaluated, so nothing is copied into frames.  fn
 * receives the frame, the seat to read (for a per-seat variable; -1
 * otherwise) and the `arg` given here (an index, for families of names). */
typedef value (*expr_getter_fn)(const struct expr_frame *f, int seat, int arg);
bool expr_scope_getter(expr_scope *sc, const char *name, expr_type t,
		       bool per_seat, expr_getter_fn fn, int arg);

/* The integers a field may be kept as. */
typedef enum expr_field_kind {
	EXPR_FIELD_I64, EXPR_FIELD_I16, EXPR_FIELD_I8, EXPR_FIELD_U8,
} expr_field_kind;

/* The kind of field lvalue x is (bool is kept as a byte); x is not
 * evaluated. */
#define EXPR_FIELD_KIND(x) _Generic((x), \
	int64_t: EXPR_FIELD_I64, int16_t: EXPR_FIELD_I16, \
	int8_t: EXPR_FIELD_I8, uint8_t: EXPR_FIELD_U8, bool: EXPR_FIELD_U8)

/* A getter of an integer (or boolean) kept in the frame's context as
 * `kind`: at byte `offset` of ctx, and for a per-seat name at seat s,
 * offset + s * stride.  An integer expression's instructions read it
 * in place, without the call (the walker calls fn: there a test of
 * every read for a field costs more than it saves); fn must read the
 * same (expr_scope_fields_agree checks it). */
bool expr_scope_field(expr_scope *sc, const char *name, expr_type t,
		      bool per_seat, expr_getter_fn fn, int arg,
		      size_t offset, size_t stride, expr_field_kind kind);

/* Whether every field of sc and the scopes below it reads in frame f as
 * its getter does, at every seat: how many reads were compared, or -1
 * with *bad the first name that differs (for tests). */
int expr_scope_fields_agree(const expr_scope *sc,
			    const struct expr_frame *f, const char **bad);

/* A per-seat integer getter whose value at each seat is fixed while the
 * scope lives (a seat's team): by_seat[seat], which fn gives too.  The
 * form run reads the table in place of calling fn; the table must
 * outlive the expressions. */
bool expr_scope_seat_table(expr_scope *sc, const char *name,
			   expr_getter_fn fn, int arg, const int8_t *by_seat);

/* Whether `name` is declared in sc or an ancestor. */
bool expr_scope_has(const expr_scope *sc, const char *name);

/* Slots needed by a frame for this scope and all its ancestors. */
int expr_scope_slots(const expr_scope *sc);

/* How many compiled expressions name `name` (as seen from sc): 0 for a
 * name nothing uses. */
int expr_scope_uses(const expr_scope *sc, const char *name);

/* ---- Compiling --------------------------------------------------------- */

typedef struct expr expr;

/* Compiles the YAML scalar n (an int or bool scalar is an expression too)
 * into an expression of type `want` (TY_NONE: any type).  Problems are
 * reported to d with the position inside the scalar; returns NULL then,
 * and also, without a message, when it uses a poisoned name. */
expr *expr_compile(expr_scope *sc, const node *n, expr_type want, diag *d);

expr_type expr_result_type(const expr *e);

/* True when the value depends on the seat it is evaluated for. */
bool expr_is_per_seat(const expr *e);

/* True when the value depends on nothing but constants and literals. */
bool expr_is_constant(const expr *e);

/* True when evaluating the expression may read the getter fn (a name
 * declared with expr_scope_getter): whether a count depends on `deal`. */
bool expr_reads(const expr *e, expr_getter_fn fn);

/* True when the value is a function of the frame slots listed alone (and
 * the deck): no other slot, getter, native, seat or player count is
 * read, so equal slots give equal values and a caller may keep them. */
bool expr_reads_only(const expr *e, const int *slot, int nslot);

/* True when evaluating the expression may read frame slot `slot`. */
bool expr_reads_slot(const expr *e, int slot);

/* How surely every evaluation of the expression reads frame slot `slot`
 * (a per-seat value's first slot): maybe not, at the frame's seat, or
 * at every seat (the slot itself for a value of the whole table). */
enum { EXPR_READ_MAYBE, EXPR_READ_HERE, EXPR_READ_ALL };
int expr_surely_reads(const expr *e, int slot);

/* True when the expression reads the seat it is worked out for (the
 * frame's) only through the per-seat getter `by` and the per-seat slots
 * slot_ok accepts: its value is then the same at two seats where those
 * read the same.  A native call counts as reading the seat. */
typedef bool (*expr_slot_ok_fn)(int slot, const void *ctx);
bool expr_reads_seat_through(const expr *e, expr_getter_fn by,
			     expr_slot_ok_fn slot_ok, const void *ctx);

/* How many of the leading operands of e's `and`s (a, b, c of
 * `a and b and c and d`) read none of the slots listed: where they are
 * false, e is false whatever those slots hold. */
int expr_and_lead(const expr *e, const int *slot, int nslot);

/* Whether e is an `and` whose first k operands (k > 0) read nothing but
 * the slots listed. */
bool expr_and_lead_reads_only(const expr *e, int k, const int *slot,
			      int nslot);

/* How many of the leading operands of e's `and`s read nothing but
 * literals, loop names and the getters `fixed` accepts (each read with
 * no seat): where a caller knows those getters keep their values for a
 * while (a trick), the operands' value holds as long. */
typedef bool (*expr_getter_ok_fn)(expr_getter_fn fn);
int expr_and_lead_fixed(const expr *e, expr_getter_ok_fn fixed);

/* Whether e reads nothing but literals, loop names, the deck and the
 * getters ok accepts, each read with no seat: no slot, native, seat or
 * player count. */
bool expr_reads_only_getters(const expr *e, expr_getter_ok_fn ok);

/* Whether every getter and native function e may read is one that ok
 * accepts: ok(get, arg, NULL, ctx) for a getter read with its arg,
 * ok(NULL, 0, native, ctx) for a native function.  Slots, seats, loop
 * names and the built-in functions are not asked about. */
typedef bool (*expr_name_ok_fn)(expr_getter_fn get, int arg,
				expr_native_fn native, const void *ctx);
bool expr_reads_names_ok(const expr *e, expr_name_ok_fn ok, const void *ctx);

/* Which operands of e's `and`s (a, b, c of `a and b and c`) read nothing
 * but the names ok accepts, as expr_reads_names_ok: bit i for the i-th
 * from the left; 0 when e is no `and` (or has more than 32). */
uint32_t expr_and_ops_names_ok(const expr *e, expr_name_ok_fn ok,
			       const void *ctx);

/* All the operands of e's `and`s, as bits (0 when e is no `and`). */
uint32_t expr_and_ops_all(const expr *e);

/* Whether the operands of e's `and`s in ops (bits as
 * expr_and_ops_names_ok numbers them) all hold in f, from the left.
 * Operators are total, so any of them may be read first; not for
 * validate's watched evaluations, which read the whole of e. */
bool expr_and_ops_hold(const expr *e, uint32_t ops, const struct expr_frame *f);

/* How many of the leading operands of e's `and`s do not read the getter
 * fn: where they are false, e is false whatever fn reads. */
int expr_and_lead_without(const expr *e, expr_getter_fn fn);

/* Whether the first k leading operands of e's `and`s all hold in f
 * (k from expr_and_lead; true when k is 0). */
bool expr_and_lead_holds(const expr *e, int k, const struct expr_frame *f);

/* Whether e holds in f where its first k leading operands are known to
 * (expr_and_lead_holds in a frame that differs only in slots they do not
 * read): the others alone are evaluated. */
bool expr_and_rest_holds(const expr *e, int k, const struct expr_frame *f);

/* ---- Hoisting: a condition weighed over many values of some names ---- */

/* The parts of a condition that read no changing name, worked out once
 * for many evaluations where those names alone change (expr_hoist.c):
 * a calls phase's rules, over every number a seat might call. */
#define EXPR_HOISTED_MAX 8
typedef struct expr_hoisted expr_hoisted;

/* e's parts that read only the names `steady` accepts (as
 * expr_reads_names_ok asks), kept in sc's arena; NULL when there are
 * none worth working out ahead (or memory ran out). */
const expr_hoisted *expr_hoist(expr_scope *sc, const expr *e,
			       expr_name_ok_fn steady, const void *ctx);

/* e's parts that do not read the frame's seat, for a per-seat e asked
 * of every seat in turn; NULL as expr_hoist (and for e not per seat). */
const expr_hoisted *expr_hoist_seat(expr_scope *sc, const expr *e);

/* Whether condition e, its parts worked out in f, holds (*holds) or
 * fails the same whatever the changing names (the seat) read: `a and b`
 * where a is a part found false.  The parts are worked out only as far
 * as that needs; when it returns false, all of them are in parts, for
 * expr_hoisted_eval.  False under validate's watch. */
bool expr_hoisted_settle(const expr_hoisted *h, const struct expr_frame *f,
			 value *parts, bool *holds);

/* How many parts h works out ahead (at most EXPR_HOISTED_MAX). */
int expr_hoisted_parts(const expr_hoisted *h);

/* The parts' values in f, into out (expr_hoisted_parts of them). */
void expr_hoisted_values(const expr_hoisted *h, const struct expr_frame *f,
			 value *out);

/* e's value in f, its parts read from values (worked out in a frame
 * that differs from f only in the changing names): what expr_eval
 * gives.  Under validate's watch the whole of e is evaluated. */
value expr_hoisted_eval(const expr_hoisted *h, const value *values,
			const struct expr_frame *f);

/* Whether condition h, its parts' values in `values`, holds at one
 * value of the name read by `get` at most: an `and` of parts and of one
 * equality of that name plus or minus parts with a part or a constant
 * (Oh Hell's `sum(bids) + call == count(dealt)`).  *at is then that
 * value, or INT64_MIN where a part is false and it holds at none.  False
 * for any other shape, for numbers large enough that a sum might
 * saturate, and under validate's watch. */
bool expr_hoisted_single(const expr_hoisted *h, const value *values,
			 expr_getter_fn get, int64_t *at);

/* ---- Directions: conditions that stay false once false ---------------- */

/* Which way a value can move while a caller's state goes on: never
 * (EXPR_STEADY), never up (EXPR_FALLS: for a card set, it only loses
 * cards), never down (EXPR_RISES: it only gains), or either way
 * (EXPR_MOVES).  The caller says how each name moves; a native is asked
 * with get NULL, its arguments steady (expr_direction.c). */
typedef enum expr_direction {
	EXPR_MOVES, EXPR_STEADY, EXPR_FALLS, EXPR_RISES
} expr_direction;
typedef expr_direction (*expr_direction_fn)(expr_getter_fn get, int arg,
					    expr_native_fn native,
					    const void *ctx);

/* How e's value can move, its names moving as dir says. */
expr_direction expr_direction_of(const expr *e, expr_direction_fn dir,
				 const void *ctx);

/* The operands of e's `and`s (bits as expr_and_ops_names_ok numbers
 * them) that, once false, stay false while the names move as dir says:
 * a comparison of a side that never rises with one that never falls
 * (`count(hand) >= 10`). */
uint32_t expr_and_ops_latching(const expr *e, expr_direction_fn dir,
			       const void *ctx);

/* ---- Sieves: what a condition over two sides needs of them ----------- */

/* A necessary condition of a boolean expression whose slots fall into
 * two sides (a card that moves, the pile it may go to): terms, each a
 * subexpression reading one side alone, and tests over their values
 * (expr_sieve.c).  Where the sieve fails, the expression is false. */
#define SIEVE_TERMS_MAX 8
#define SIEVE_NODES_MAX 16
#define EXPR_SIEVE_WIDTH 32             /* targets of a sieve at most */
#define SIEVE_PASS 255                  /* a node index: anything passes */

enum { SIEVE_TEST, SIEVE_REL, SIEVE_AND, SIEVE_OR, SIEVE_IF };
enum { SIEVE_EQ, SIEVE_NE, SIEVE_LT, SIEVE_LE, SIEVE_GT, SIEVE_GE };

typedef struct expr_sieve_node {
	uint8_t kind;                   /* SIEVE_TEST .. SIEVE_IF */
	uint8_t op;                     /* REL: SIEVE_EQ .. SIEVE_GE */
	uint8_t a, b;                   /* TEST, IF's condition: term a;
					   REL: term a against term b */
	uint8_t kid[2];                 /* AND, OR, IF's then and else */
} expr_sieve_node;

typedef struct expr_sieve {
	int nterms;
	const expr *term[SIEVE_TERMS_MAX];
	uint8_t side[SIEVE_TERMS_MAX];  /* 0: the first slots; 1: the other */
	const int64_t *by_face[SIEVE_TERMS_MAX];        /* a term that reads
					   one card alone, by its face
					   (FACE_NONE included); NULL */
	const int64_t *by_count[SIEVE_TERMS_MAX];       /* a term that reads
					   one set alone, by its size
					   (count_slot's, 0 .. CARD_MAX):
					   `count(pile) == 0`; NULL */
	int count_slot[SIEVE_TERMS_MAX];
	const struct expr_sieve_values *cards_of[SIEVE_TERMS_MAX];
					/* a side-0 term of by_face: the
					   deck's cards by its value; NULL */
	bool by_cards;                  /* every side-0 term has cards_of */
	uint8_t other_term[SIEVE_TERMS_MAX];    /* the terms of side 1, */
	int nother;                     /* in order (expr_sieve_tabulate) */
	bool other_by_face;             /* each of them has by_face */
	bool relates;                   /* it compares a term of each side */
	bool exact;                     /* nothing of the expression passes
					   unread: where the sieve passes,
					   the expression holds */
	cardset deck;                   /* the deck's cards */
	int nnodes;
	expr_sieve_node node[SIEVE_NODES_MAX];
	int root;
} expr_sieve;

/* The sieve of boolean e over the slots `one` (side 0) and `other`
 * (side 1), in sc's arena; NULL when it would pass everything, or
 * neither compares a term of one side with one of the other (relates)
 * nor tests the other side alone. */
expr_sieve *expr_sieve_of(expr_scope *sc, const expr *e, const int *one,
			  int none, const int *other, int nother);

/* Tables the terms that read nothing but the card of slot[side] of
 * their side (by_face), so that they are looked up, not evaluated; and
 * those that read nothing but the size of a set in `sets` (by_count). */
void expr_sieve_tabulate(expr_scope *sc, expr_sieve *sv, const int *slot,
			 const int *sets, int nsets);

/* The cards of the deck (ids) with which the sieve may pass at target
 * d, when sv->by_cards: other[i][d] the value of side-1 term i there. */
cardset expr_sieve_cards(const expr_sieve *sv,
			 const int64_t (*other)[EXPR_SIEVE_WIDTH], int d);

/* The targets where the sieve passes, as bits 0 .. n-1 (n at most
 * EXPR_SIEVE_WIDTH): one[i] the value (.i) of side-0 term i, other[i][d]
 * that of side-1 term i at target d. */
uint32_t expr_sieve_mask(const expr_sieve *sv, const int64_t *one,
			 const int64_t (*other)[EXPR_SIEVE_WIDTH], int n);

/* ---- Tables by faces ---------------------------------------------------- */

/* An expression that reads nothing but the cards (faces) in one or two
 * of some slots, worked out for every face of the deck and FACE_NONE in
 * each, so that it is looked up (expr_face_value), not evaluated. */
typedef struct expr_face_table {
	int slot[2];                    /* the slots read; -1: none */
	int width;                      /* the deck's faces and FACE_NONE */
	int stride;                     /* a row: width, or 1 (one slot) */
	uint8_t index[FACE_NONE + 1];   /* each face's place among them */
	card_face face[FACE_NONE + 1];  /* the face at each place */
	int64_t *value;                 /* [place of slot[0]][of slot[1]] */
} expr_face_table;

/* The table of e over the card slots `slot` (nslot of them), in sc's
 * arena; NULL when e reads anything else or three of them, or memory
 * runs out. */
const expr_face_table *expr_face_table_of(expr_scope *sc, const expr *e,
					  const int *slot, int nslot);

/* The table of "the first k operands of e's `and`s hold" (k > 0), as
 * expr_face_table_of; NULL when they read anything else. */
const expr_face_table *expr_face_table_of_lead(expr_scope *sc, const expr *e,
					       int k, const int *slot,
					       int nslot);

/* The table's value with the faces in frame slots `slot` (their .i). */
static inline int64_t expr_face_value(const expr_face_table *t,
				      const value *slot)
{
	int i = t->slot[0] < 0 ? 0 : t->index[(uint8_t)slot[t->slot[0]].i];
	int j = t->slot[1] < 0 ? 0 : t->index[(uint8_t)slot[t->slot[1]].i];
	return t->value[i * t->stride + j];
}

/* The expression as written in the rule file ("points(won)"). */
const char *expr_text(const expr *e);

/* What the rule file says the expression means, in words, where it gave
 * them (`{is: FORMULA, says: WORDS}`); NULL otherwise. */
const char *expr_says(const expr *e);
void expr_set_says(expr *e, const char *says);

/* The source position of an expression, for run-time messages. */
void expr_position(const expr *e, const src_file **file, int *line, int *col);

/* ---- Evaluating -------------------------------------------------------- */

/* Slots worked out when first read (a deal's named values, of which a
 * deal may read few): before reading a slot whose bit in `known` is
 * clear, the evaluator calls fill, which stores the slot and sets its
 * bit. */
#define EXPR_LAZY_SLOTS 512
typedef struct expr_lazy {
	uint64_t known[EXPR_LAZY_SLOTS / 64];
	void (*fill)(struct expr_lazy *lz, int slot);
} expr_lazy;

typedef struct expr_frame {
	value *slot;            /* expr_scope_slots() values */
	int players;            /* seats that aggregates iterate: 0..players-1 */
	int seat;               /* the seat per-seat reads use; -1 for none */
	const void *ctx;        /* handed to native functions */
	expr_lazy *lazy;        /* NULL: every slot read is already known */
} expr_frame;

value expr_eval(const expr *e, const expr_frame *f);

/* expr_eval in the frame of no slots {NULL, players, seat, ctx, NULL},
 * without building one: the engine's many small evaluations. */
value expr_eval_bare(const expr *e, const void *ctx, int players, int seat);

/* e at every seat 0..f->players - 1 in turn, into out[seat]: what
 * reads no seat but a loop's is worked out once (a seat count's terms,
 * `count(s in seats, result[s] > result)`). */
void expr_eval_seats(const expr *e, const expr_frame *f, value *out);

/* The same value from the tree as compiled, one small step a node: the
 * reference that the form expr_eval runs (common shapes fused, see
 * expr_fast.c) is tested against. */
value expr_eval_reference(const expr *e, const expr_frame *f);

/* The form expr_eval runs, walked node by node even where its integers
 * are laid out as instructions (expr_code.c): what the instructions are
 * tested against. */
value expr_eval_walk(const expr *e, const expr_frame *f);

/* Whether expr_eval runs e as instructions. */
bool expr_has_code(const expr *e);

/* The nodes of the form expr_eval runs (run) or of the tree as
 * compiled: the shapes fused into one node show as the difference. */
int expr_size(const expr *e, bool run);

/* Every expression compiled in sc's family of scopes, newest first:
 * the first, then the next of each, then NULL. */
const expr *expr_scope_compiled(const expr_scope *sc);
const expr *expr_next_compiled(const expr *e);

static inline int64_t expr_eval_int(const expr *e, const expr_frame *f)
{
	return expr_eval(e, f).i;
}

static inline bool expr_eval_bool(const expr *e, const expr_frame *f)
{
	return expr_eval(e, f).i != 0;
}

static inline cardset expr_eval_cards(const expr *e, const expr_frame *f)
{
	return expr_eval(e, f).s;
}

/* ---- Watching what rules leave out ------------------------------------ */

/* Called when choose() meets an index it has no value for (and gives the
 * zero value), with the formula being evaluated: validate's random deals
 * watch for it.  One watcher for the process, set and cleared around
 * evaluations on one thread; NULL (the default) watches nothing. */
typedef void (*expr_choose_missed_fn)(void *ctx, const expr *e,
				      int64_t index, int nvalues);
void expr_watch_choose(expr_choose_missed_fn fn, void *ctx);

/* Whether a watcher is set: every evaluation is then to be told. */
bool expr_watching(void);

/* Releases process-wide compiled patterns (at exit, for leak checkers). */
void expr_cleanup(void);

#endif
