/*
 * expr_sieve.c — what a condition over two sides needs of them.
 *
 * A condition such as a layout move's `when` reads the slots of two
 * sides: the card that moves (card, moving, source) and the pile it may
 * go to (target, pile, beside).  Its sieve keeps the shape of the
 * condition where it relates the two (`order(card) + 1 ==
 * order(target)`, `if count(pile) == 0 then ... else ...`) or tests the
 * target alone (`count(pile) == 0`), and cuts it
 * into terms, each a subexpression of one side alone: a caller works out
 * each side's terms once per card and once per pile, and a few integer
 * comparisons then tell which pairs cannot meet the condition.  What the
 * sieve does not understand passes: it is a necessary condition; where
 * it understood all of the condition (`exact`), a sufficient one too.
 */
#include <string.h>

#include "lang/expr_int.h"
#include "util/arena.h"

typedef struct sieve_maker {
	expr_scope *sc;
	const expr *whole;
	const int *slot[2];             /* each side's slots */
	int nslot[2];
	expr_sieve *out;
} sieve_maker;

/* Which side alone n reads: 0 or 1, 0 for neither; -1 for both or
 * something else (a getter, the seat). */
static int side_of(const sieve_maker *mk, const expr_node *n)
{
	for (int side = 0; side < 2; side++)
		if (expr_node_reads_only(n, mk->slot[side], mk->nslot[side]))
			return side;
	return -1;
}

/* A term for n on `side`: its index, or -1 when the sieve is full. */
static int add_term(sieve_maker *mk, const expr_node *n, int side)
{
	expr_sieve *sv = mk->out;
	if (sv->nterms == SIEVE_TERMS_MAX)
		return -1;
	expr *e = arena_alloc(mk->sc->a, sizeof *e);
	if (!e)
		return -1;
	*e = *mk->whole;
	e->root = n;
	e->fast = expr_fast(mk->sc->a, n);
	if (!e->fast)
		e->fast = n;
	e->code = expr_code_of(mk->sc->a, e->fast);
	e->next = NULL;
	e->type = (expr_type)n->type;
	e->per_seat = e->constant = false;
	e->says = NULL;
	sv->term[sv->nterms] = e;
	sv->by_face[sv->nterms] = NULL;
	sv->cards_of[sv->nterms] = NULL;
	sv->by_count[sv->nterms] = NULL;
	sv->count_slot[sv->nterms] = -1;
	sv->side[sv->nterms] = (uint8_t)side;
	return sv->nterms++;
}

static int add_node(sieve_maker *mk, expr_sieve_node nd)
{
	expr_sieve *sv = mk->out;
	if (sv->nnodes == SIEVE_NODES_MAX)
		return -1;
	sv->node[sv->nnodes] = nd;
	return sv->nnodes++;
}

static int comparison(int op)
{
	switch (op) {
	case OP_EQ: return SIEVE_EQ;
	case OP_NE: return SIEVE_NE;
	case OP_LT: return SIEVE_LT;
	case OP_LE: return SIEVE_LE;
	case OP_GT: return SIEVE_GT;
	case OP_GE: return SIEVE_GE;
	default: return -1;
	}
}

static int sieve_part(sieve_maker *mk, const expr_node *n);

/* The sieve of n (a boolean): its node, or -1 for "anything passes",
 * which leaves the sieve short of the whole expression. */
static int sieve_node(sieve_maker *mk, const expr_node *n)
{
	int i = sieve_part(mk, n);
	if (i < 0)
		mk->out->exact = false;
	return i;
}

static int sieve_part(sieve_maker *mk, const expr_node *n)
{
	int side = side_of(mk, n);
	if (side >= 0) {                /* one side: a test of its own */
		int t = add_term(mk, n, side);
		return t < 0 ? -1 : add_node(mk, (expr_sieve_node){
			.kind = SIEVE_TEST, .a = (uint8_t)t});
	}
	int cmp = comparison(n->op);
	if (cmp >= 0) {
		int sa = side_of(mk, n->u.kid[0]), sb = side_of(mk, n->u.kid[1]);
		if (sa < 0 || sb < 0)
			return -1;
		int a = add_term(mk, n->u.kid[0], sa);
		int b = a < 0 ? -1 : add_term(mk, n->u.kid[1], sb);
		return b < 0 ? -1 : add_node(mk, (expr_sieve_node){
			.kind = SIEVE_REL, .op = (uint8_t)cmp,
			.a = (uint8_t)a, .b = (uint8_t)b});
	}
	if (n->op == OP_AND || n->op == OP_OR) {
		int a = sieve_node(mk, n->u.kid[0]);
		int b = sieve_node(mk, n->u.kid[1]);
		if (n->op == OP_AND && (a < 0 || b < 0))
			return a < 0 ? b : a;   /* the other alone is needed */
		if (a < 0 || b < 0)
			return -1;              /* either may hold */
		return add_node(mk, (expr_sieve_node){
			.kind = n->op == OP_AND ? SIEVE_AND : SIEVE_OR,
			.kid = {(uint8_t)a, (uint8_t)b}});
	}
	if (n->op == OP_IF) {
		int cs = side_of(mk, n->u.kid[0]);
		if (cs < 0)
			return -1;
		int c = add_term(mk, n->u.kid[0], cs);
		int a = sieve_node(mk, n->u.kid[1]);
		int b = sieve_node(mk, n->u.kid[2]);
		if (c < 0 || (a < 0 && b < 0))
			return -1;
		return add_node(mk, (expr_sieve_node){
			.kind = SIEVE_IF, .a = (uint8_t)c,
			.kid = {(uint8_t)(a < 0 ? SIEVE_PASS : a),
				(uint8_t)(b < 0 ? SIEVE_PASS : b)}});
	}
	return -1;
}

expr_sieve *expr_sieve_of(expr_scope *sc, const expr *e, const int *one,
			  int none, const int *other, int nother)
{
	if (!e || e->type != TY_BOOL)
		return NULL;
	expr_sieve *sv = arena_alloc(sc->a, sizeof *sv);
	if (!sv)
		return NULL;
	sv->nterms = sv->nnodes = 0;
	sv->by_cards = false;
	sv->exact = true;
	sieve_maker mk = {sc, e, {one, other}, {none, nother}, sv};
	sv->root = sieve_node(&mk, e->root);
	/* a test of the card alone saves nothing over evaluating it once a
	 * card: the sieve is for comparisons of the two sides and tests of
	 * the target (which a caller may keep from one listing to the
	 * next, and leave out where they do not pay) */
	sv->relates = false;            /* a comparison of the two sides */
	bool tests_target = false;      /* a test of the target alone */
	for (int i = 0; i < sv->nnodes; i++) {
		sv->relates |= sv->node[i].kind == SIEVE_REL &&
			       sv->side[sv->node[i].a] !=
			       sv->side[sv->node[i].b];
		tests_target |= sv->node[i].kind == SIEVE_TEST &&
				sv->side[sv->node[i].a] == 1;
	}
	return sv->root >= 0 && (sv->relates || tests_target) ? sv : NULL;
}

/* The slots of a frame for working a table out, every one zero; NULL
 * when out of memory. */
static value *zero_slots(expr_scope *sc)
{
	int nslots = expr_scope_slots(sc);
	size_t size = sizeof(value) * (size_t)(nslots > 0 ? nslots : 1);
	value *slot = arena_alloc(sc->a, size);
	if (slot)
		memset(slot, 0, size);
	return slot;
}

/* Term t's values for every face of the deck and for no card, with
 * slot holding the face and every other slot zero (it reads no other). */
static int64_t *tabulate(expr_scope *sc, const expr *t, int slot)
{
	const deck *d = t->d;
	int64_t *table = arena_alloc(sc->a, sizeof *table * (FACE_NONE + 1));
	value *frame_slot = zero_slots(sc);
	if (!table || !frame_slot)
		return NULL;
	memset(table, 0, sizeof *table * (FACE_NONE + 1));
	expr_frame f = {frame_slot, 1, -1, NULL, NULL};
	for (int c = -1; c < d->ncards; c++) {
		card_face face = c < 0 ? FACE_NONE : d->face[c];
		frame_slot[slot].i = face;
		table[face] = expr_eval(t, &f).i;
	}
	return table;
}

/* The set slot that term t reads through its size alone, as its whole
 * (`count(pile)`, or compared with a constant: `count(pile) == 0`);
 * -1. */
static int counted_slot(const expr *t)
{
	const expr_node *n = t->fast;
	bool whole = n->op == OP_COUNTSET && n->nkid == 1;
	bool fused = n->op == OP_COUNTK && !n->u.kid[1];
	if (!(whole || fused) || n->u.kid[0]->op != OP_VAR)
		return -1;
	return n->u.kid[0]->slot;
}

/* Term t's values by the size of the set in `slot`, the only name it
 * reads (counted_slot): worked out over sets of 0 to CARD_MAX cards. */
static int64_t *tabulate_count(expr_scope *sc, const expr *t, int slot)
{
	int64_t *table = arena_alloc(sc->a, sizeof *table * (CARD_MAX + 1));
	value *frame_slot = zero_slots(sc);
	if (!table || !frame_slot)
		return NULL;
	expr_frame f = {frame_slot, 1, -1, NULL, NULL};
	for (int k = 0; k <= CARD_MAX; k++) {
		frame_slot[slot].s = cset_first_n(k);
		table[k] = expr_eval(t, &f).i;
	}
	return table;
}

/* The distinct values of a card's term over the deck, each with its
 * cards. */
#define SIEVE_VALUES_MAX 32

struct expr_sieve_values {
	int n;
	int64_t value[SIEVE_VALUES_MAX];
	cardset cards[SIEVE_VALUES_MAX];
};

static const struct expr_sieve_values *cards_by_value(expr_scope *sc,
						      const deck *d,
						      const int64_t *by_face)
{
	struct expr_sieve_values *v = arena_alloc(sc->a, sizeof *v);
	if (!v)
		return NULL;
	v->n = 0;
	for (int c = 0; c < d->ncards; c++) {
		int64_t x = by_face[d->face[c]];
		int k = 0;
		while (k < v->n && v->value[k] != x)
			k++;
		if (k == v->n) {
			if (v->n == SIEVE_VALUES_MAX)
				return NULL;
			v->value[v->n] = x;
			v->cards[v->n++] = cset_empty();
		}
		cset_add(&v->cards[k], (card_id)c);
	}
	return v;
}

void expr_sieve_tabulate(expr_scope *sc, expr_sieve *sv, const int *slot,
			 const int *sets, int nsets)
{
	const deck *d = sv->term[0]->d;
	sv->by_cards = true;
	sv->deck = cset_empty();
	for (int c = 0; c < d->ncards; c++)
		cset_add(&sv->deck, (card_id)c);
	for (int i = 0; i < sv->nterms; i++) {
		if (expr_reads_only(sv->term[i], &slot[sv->side[i]], 1))
			sv->by_face[i] = tabulate(sc, sv->term[i],
						  slot[sv->side[i]]);
		if (sv->side[i] == 0 && sv->by_face[i])
			sv->cards_of[i] = cards_by_value(sc, d, sv->by_face[i]);
		if (sv->side[i] == 0 && !sv->cards_of[i])
			sv->by_cards = false;
		int counted = sv->by_face[i] ? -1 : counted_slot(sv->term[i]);
		for (int k = 0; k < nsets && counted >= 0; k++)
			if (sets[k] == counted) {
				sv->by_count[i] = tabulate_count(sc, sv->term[i],
								 counted);
				sv->count_slot[i] = counted;
			}
	}
	sv->nother = 0;
	sv->other_by_face = true;
	for (int i = 0; i < sv->nterms; i++)
		if (sv->side[i] == 1) {
			sv->other_term[sv->nother++] = (uint8_t)i;
			sv->other_by_face &= sv->by_face[i] != NULL;
		}
}

static bool compare(int op, int64_t a, int64_t b)
{
	switch (op) {
	case SIEVE_EQ: return a == b;
	case SIEVE_NE: return a != b;
	case SIEVE_LT: return a < b;
	case SIEVE_LE: return a <= b;
	case SIEVE_GT: return a > b;
	default: return a >= b;
	}
}

/* A comparison's targets: a term of each side, or both of one. */
static uint32_t rel_mask(const expr_sieve *sv, const expr_sieve_node *nd,
			 const int64_t *one,
			 const int64_t (*other)[EXPR_SIEVE_WIDTH], int n)
{
	int a = nd->a, b = nd->b, op = nd->op;
	uint32_t m = 0;
	if (sv->side[a] == 0 && sv->side[b] == 0) {
		uint32_t all = n == 32 ? UINT32_MAX : (UINT32_C(1) << n) - 1;
		return compare(op, one[a], one[b]) ? all : 0;
	}
	if (sv->side[a] == 1 && sv->side[b] == 1) {
		for (int d = 0; d < n; d++)
			m |= (uint32_t)compare(op, other[a][d], other[b][d]) << d;
		return m;
	}
	if (sv->side[a] == 1) {         /* the card's side on the left */
		int t = a;
		a = b, b = t;
		op = op == SIEVE_LT ? SIEVE_GT : op == SIEVE_GT ? SIEVE_LT
		   : op == SIEVE_LE ? SIEVE_GE : op == SIEVE_GE ? SIEVE_LE : op;
	}
	int64_t x = one[a];
	const int64_t *y = other[b];
	switch (op) {
	case SIEVE_EQ:
		for (int d = 0; d < n; d++)
			m |= (uint32_t)(x == y[d]) << d;
		break;
	case SIEVE_NE:
		for (int d = 0; d < n; d++)
			m |= (uint32_t)(x != y[d]) << d;
		break;
	case SIEVE_LT:
		for (int d = 0; d < n; d++)
			m |= (uint32_t)(x < y[d]) << d;
		break;
	case SIEVE_LE:
		for (int d = 0; d < n; d++)
			m |= (uint32_t)(x <= y[d]) << d;
		break;
	case SIEVE_GT:
		for (int d = 0; d < n; d++)
			m |= (uint32_t)(x > y[d]) << d;
		break;
	default:
		for (int d = 0; d < n; d++)
			m |= (uint32_t)(x >= y[d]) << d;
		break;
	}
	return m;
}

/* The targets (bits 0 .. n-1) where node i passes. */
static uint32_t mask(const expr_sieve *sv, int i, const int64_t *one,
		     const int64_t (*other)[EXPR_SIEVE_WIDTH], int n)
{
	uint32_t all = n == 32 ? UINT32_MAX : (UINT32_C(1) << n) - 1;
	if (i == SIEVE_PASS)
		return all;
	const expr_sieve_node *nd = &sv->node[i];
	uint32_t m = 0;
	switch (nd->kind) {
	case SIEVE_TEST:
		if (sv->side[nd->a] == 0)
			return one[nd->a] ? all : 0;
		for (int d = 0; d < n; d++)
			m |= (uint32_t)(other[nd->a][d] != 0) << d;
		return m;
	case SIEVE_REL:
		return rel_mask(sv, nd, one, other, n);
	case SIEVE_AND:
		m = mask(sv, nd->kid[0], one, other, n);
		return m ? m & mask(sv, nd->kid[1], one, other, n) : 0;
	case SIEVE_OR:
		return mask(sv, nd->kid[0], one, other, n) |
		       mask(sv, nd->kid[1], one, other, n);
	default:                        /* SIEVE_IF */
		if (sv->side[nd->a] == 0)
			return mask(sv, one[nd->a] ? nd->kid[0] : nd->kid[1],
				    one, other, n);
		for (int d = 0; d < n; d++)
			m |= (uint32_t)(other[nd->a][d] != 0) << d;
		return (m ? m & mask(sv, nd->kid[0], one, other, n) : 0) |
		       (m != all ? ~m & mask(sv, nd->kid[1], one, other, n) : 0);
	}
}

uint32_t expr_sieve_mask(const expr_sieve *sv, const int64_t *one,
			 const int64_t (*other)[EXPR_SIEVE_WIDTH], int n)
{
	return mask(sv, sv->root, one, other, n);
}

/* The cards whose side-0 term t compares by op with x. */
static cardset cards_where(const expr_sieve *sv, int t, int op, int64_t x)
{
	const struct expr_sieve_values *v = sv->cards_of[t];
	cardset out = cset_empty();
	if (op == SIEVE_EQ || op == SIEVE_NE) {         /* one value */
		int k = 0;
		while (k < v->n && v->value[k] != x)
			k++;
		if (k < v->n)
			out = v->cards[k];
		return op == SIEVE_EQ ? out : cset_minus(sv->deck, out);
	}
	for (int k = 0; k < v->n; k++)
		if (compare(op, v->value[k], x))
			out = cset_or(out, v->cards[k]);
	return out;
}

/* The cards with which node i may pass at target d. */
static cardset cards(const expr_sieve *sv, int i,
		     const int64_t (*other)[EXPR_SIEVE_WIDTH], int d)
{
	if (i == SIEVE_PASS)
		return sv->deck;
	const expr_sieve_node *nd = &sv->node[i];
	int a = nd->a, b = nd->b;
	switch (nd->kind) {
	case SIEVE_TEST:
		if (sv->side[a] == 0)
			return cards_where(sv, a, SIEVE_NE, 0);
		return other[a][d] ? sv->deck : cset_empty();
	case SIEVE_REL:
		if (sv->side[a] == 1 && sv->side[b] == 1)
			return compare(nd->op, other[a][d], other[b][d])
			       ? sv->deck : cset_empty();
		if (sv->side[a] == 0)
			return cards_where(sv, a, nd->op, other[b][d]);
		return cards_where(sv, b, nd->op == SIEVE_LT ? SIEVE_GT
				   : nd->op == SIEVE_GT ? SIEVE_LT
				   : nd->op == SIEVE_LE ? SIEVE_GE
				   : nd->op == SIEVE_GE ? SIEVE_LE : nd->op,
				   other[a][d]);
	case SIEVE_AND: {
		cardset m = cards(sv, nd->kid[0], other, d);
		return cset_is_empty(m) ? m
		       : cset_and(m, cards(sv, nd->kid[1], other, d));
	}
	case SIEVE_OR:
		return cset_or(cards(sv, nd->kid[0], other, d),
			       cards(sv, nd->kid[1], other, d));
	default:                        /* SIEVE_IF */
		if (sv->side[a] == 1)
			return cards(sv, other[a][d] ? nd->kid[0] : nd->kid[1],
				     other, d);
		return cset_or(cset_and(cards_where(sv, a, SIEVE_NE, 0),
					cards(sv, nd->kid[0], other, d)),
			       cset_and(cards_where(sv, a, SIEVE_EQ, 0),
					cards(sv, nd->kid[1], other, d)));
	}
}

cardset expr_sieve_cards(const expr_sieve *sv,
			 const int64_t (*other)[EXPR_SIEVE_WIDTH], int d)
{
	return cards(sv, sv->root, other, d);
}
