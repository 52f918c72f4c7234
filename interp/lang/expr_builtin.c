/*
 * expr_builtin.c — the built-in functions: one table of names, overloads
 * and evaluators (jq's and Lua's practice).
 *
 * The compiler picks an overload by the argument types (exact first, then
 * with promotions: a card, suit or rank where cards are wanted) and puts
 * the evaluator in the call node.  Every function is total: the value it
 * gives for "no card", an empty set or a seat out of range is documented
 * in docs/expressions.md.
 */
#include "lang/expr_int.h"

#include <stdio.h>
#include <string.h>

value expr_zero(int type)
{
	value r = {.s = cset_empty()};
	if (type == TY_CARD)
		r.i = FACE_NONE;
	else if (type == TY_SUIT || type == TY_RANK)
		r.i = -1;
	return r;
}

static value ival(int64_t i)
{
	value r = {.i = i};
	return r;
}

static value sval(cardset s)
{
	value r = {.s = s};
	return r;
}

/* ---- Cards -------------------------------------------------------------- */

static value b_count(const expr_env *env, const expr_node *n, const value *a)
{
	(void)env, (void)n;
	return ival(cset_count(a[0].s));
}

static value b_cards(const expr_env *env, const expr_node *n, const value *a)
{
	(void)env;
	cardset s = cset_empty();
	for (int i = 0; i < n->nkid; i++)
		s = cset_or(s, a[i].s);
	return sval(s);
}

/* cards(suits): every card of those suits. */
static value b_cards_of_suits(const expr_env *env, const expr_node *n,
			      const value *a)
{
	(void)n;
	cardset s = cset_empty();
	for (int i = 0; i < env->d->nsuits; i++)
		if (a[0].i & (INT64_C(1) << i))
			s = cset_or(s, env->d->by_suit[i]);
	return sval(s);
}

/* Jokers have no suit and no rank. */
static value b_suit(const expr_env *env, const expr_node *n, const value *a)
{
	(void)env, (void)n;
	int64_t f = a[0].i;
	return ival(f >= 0 && f < FACE_JOKER ? f / RANK_MAX : -1);
}

static value b_partner(const expr_env *env, const expr_node *n,
			const value *a)
{
	(void)n;
	int64_t s = a[0].i;
	return ival(s >= 0 && s < SUIT_MAX ? env->d->partner[s] : -1);
}

static value b_rank(const expr_env *env, const expr_node *n, const value *a)
{
	(void)env, (void)n;
	int64_t f = a[0].i;
	return ival(f >= 0 && f < FACE_JOKER ? f % RANK_MAX : -1);
}

/* rank(7): the rank whose code is the number, found when compiling. */
static bool lit_rank(const deck *d, int64_t v, value *out, char *why,
		     size_t size)
{
	if (v < 2 || v > 10) {
		snprintf(why, size, "rank() of a number needs 2 to 10, not %lld",
			 (long long)v);
		return false;
	}
	char code[3];
	snprintf(code, sizeof code, "%d", (int)v);
	int r = deck_rank_index(d, code, strlen(code));
	if (r < 0) {
		snprintf(why, size, "the deck has no rank %s", code);
		return false;
	}
	out->i = r;
	return true;
}

/* The face of the lowest-ranked card (the lowest id among equals);
 * jokers rank above every rank. */
static value b_lowest(const expr_env *env, const expr_node *n, const value *a)
{
	(void)n;
	const deck *d = env->d;
	for (int r = 0; r < d->nranks; r++) {
		card_id c = cset_first(cset_and(a[0].s, d->by_rank[r]));
		if (c != CARD_NONE)
			return ival(d->face[c]);
	}
	return ival(cset_meets(a[0].s, d->jokers) ? FACE_JOKER : FACE_NONE);
}

static value b_highest(const expr_env *env, const expr_node *n,
		       const value *a)
{
	(void)n;
	const deck *d = env->d;
	if (cset_meets(a[0].s, d->jokers))
		return ival(FACE_JOKER);
	for (int r = d->nranks - 1; r >= 0; r--) {
		card_id c = cset_first(cset_and(a[0].s, d->by_rank[r]));
		if (c != CARD_NONE)
			return ival(d->face[c]);
	}
	return ival(FACE_NONE);
}

static int64_t suits_of(const deck *d, cardset s)
{
	int64_t m = 0;
	for (int i = 0; i < d->nsuits; i++)
		if (cset_meets(s, d->by_suit[i]))
			m |= INT64_C(1) << i;
	return m;
}

static value b_suits(const expr_env *env, const expr_node *n, const value *a)
{
	(void)n;
	return ival(suits_of(env->d, a[0].s));
}

static value b_nsuits(const expr_env *env, const expr_node *n,
		      const value *a)
{
	(void)n;
	return ival(cset_word_count((uint64_t)suits_of(env->d, a[0].s)));
}

/* ---- Seats -------------------------------------------------------------- */

/* (s + k) mod players in 0..players-1, for any s and k; seat 0 when
 * nobody plays. */
value expr_seat_plus(const expr_env *env, int64_t s, int64_t k)
{
	int64_t p = env->fr.players;
	if (p <= 0)
		return ival(0);
	int64_t r = (s % p + k % p) % p;
	return ival(r < 0 ? r + p : r);
}

static value b_left(const expr_env *env, const expr_node *n, const value *a)
{
	(void)n;
	return expr_seat_plus(env, a[0].i, 1);
}

static value b_right(const expr_env *env, const expr_node *n, const value *a)
{
	(void)n;
	return expr_seat_plus(env, a[0].i, -1);
}

static value b_across(const expr_env *env, const expr_node *n,
		      const value *a)
{
	(void)n;
	return expr_seat_plus(env, a[0].i, env->fr.players / 2);
}

static value b_next(const expr_env *env, const expr_node *n, const value *a)
{
	(void)n;
	return expr_seat_plus(env, a[0].i, a[1].i);
}

/* seat_number(k): the seat numbered k, counted round the table. */
static value b_seat_number(const expr_env *env, const expr_node *n,
			   const value *a)
{
	(void)n;
	return expr_seat_plus(env, 0, a[0].i);
}

/* ---- Integers and choices ----------------------------------------------- */

static value b_abs(const expr_env *env, const expr_node *n, const value *a)
{
	(void)env, (void)n;
	int64_t x = a[0].i;
	return ival(x >= 0 ? x : x == INT64_MIN ? INT64_MAX : -x);
}

static value b_max(const expr_env *env, const expr_node *n, const value *a)
{
	(void)env;
	int64_t m = a[0].i;
	for (int i = 1; i < n->nkid; i++)
		if (a[i].i > m)
			m = a[i].i;
	return ival(m);
}

static value b_min(const expr_env *env, const expr_node *n, const value *a)
{
	(void)env;
	int64_t m = a[0].i;
	for (int i = 1; i < n->nkid; i++)
		if (a[i].i < m)
			m = a[i].i;
	return ival(m);
}

/* choose(i, v0, v1, ...): v_i, or the zero value out of range */
static value b_choose(const expr_env *env, const expr_node *n,
		      const value *a)
{
	(void)env;
	int64_t i = a[0].i;
	if (i < 0 || i >= n->nkid - 1) {
		expr_choose_missed(i, n->nkid - 1);
		return expr_zero(n->type);
	}
	return a[i + 1];
}

/* ---- Value tables and natives ------------------------------------------- */

/* name(card): the value of the first id with that face */
static value t_card(const expr_env *env, const expr_node *n, const value *a)
{
	int64_t f = a[0].i;
	if (f < 0 || f > FACE_JOKER)
		return ival(0);
	card_id c = cset_first(env->d->by_face[f]);
	return ival(c == CARD_NONE ? 0 : n->u.call.data.table->by_id[c]);
}

static value t_cards(const expr_env *env, const expr_node *n,
		     const value *a)
{
	(void)env;
	const expr_table *t = n->u.call.data.table;
	int64_t sum = 0;
	if (t->one_word && t->nbits) {  /* a deck of up to 64 cards */
		for (int b = 0; b < t->nbits; b++)
			sum += (int64_t)cset_word_count(a[0].s.w[0] &
							t->bit[b].w[0]) << b;
		return ival(sum);
	}
	for (int b = 0; b < t->nbits; b++)
		sum += (int64_t)cset_count(cset_and(a[0].s, t->bit[b])) << b;
	for (int g = 0; !t->nbits && g < t->ngroups; g++)
		sum += (int64_t)t->group[g].value *
		       cset_count(cset_and(a[0].s, t->group[g].cards));
	return ival(sum);
}

const expr_sig expr_table_sigs[2] = {
	{TY_INT, 1, false, {TY_CARD}, t_card, NULL},
	{TY_INT, 1, false, {TY_CARDS}, t_cards, NULL},
};

/* A native sees the frame with the seat being evaluated. */
value expr_native_call(const expr_env *env, const expr_node *n,
		       const value *arg)
{
	value r = n->u.call.data.native(arg, n->nkid, &env->fr);
	if (n->type == TY_BOOL)
		r.i = r.i != 0;
	return r;
}

/* ---- The table ---------------------------------------------------------- */

#define SIG1(res, p, fn) {res, 1, false, {p}, fn, NULL}
#define NOAGG AGG_NONE, TY_NONE, NULL

const expr_builtin expr_builtins[] = {
	{"count", AGG_COUNT, TY_BOOL, "counts the seats where it holds",
	 {SIG1(TY_INT, TY_CARDS, b_count)}, false},
	{"sum", AGG_SUM, TY_INT, "adds up the seats' values", {{0}}, false},
	{"max", AGG_MAX, TY_INT, "takes the largest of the seats' values",
	 {{TY_INT, 2, true, {TY_INT, TY_INT}, b_max, NULL}}, false},
	{"min", AGG_MIN, TY_INT, "takes the smallest of the seats' values",
	 {{TY_INT, 2, true, {TY_INT, TY_INT}, b_min, NULL}}, false},
	{"any", AGG_ANY, TY_BOOL, "asks whether it holds at some seat",
	 {{0}}, false},
	{"all", AGG_ALL, TY_BOOL, "asks whether it holds at every seat",
	 {{0}}, false},
	{"cards", NOAGG, {{TY_CARDS, 1, true, {TY_CARDS}, b_cards, NULL},
			  SIG1(TY_CARDS, TY_SUITS, b_cards_of_suits)}, false},
	{"suit", NOAGG, {SIG1(TY_SUIT, TY_CARD, b_suit)}, false},
	{"rank", NOAGG, {SIG1(TY_RANK, TY_CARD, b_rank),
			 {TY_RANK, 1, false, {TY_LIT}, NULL, lit_rank}}, false},
	{"partner", NOAGG, {SIG1(TY_SUIT, TY_SUIT, b_partner)}, false},
	{"lowest", NOAGG, {SIG1(TY_CARD, TY_CARDS, b_lowest)}, false},
	{"highest", NOAGG, {SIG1(TY_CARD, TY_CARDS, b_highest)}, false},
	{"nsuits", NOAGG, {SIG1(TY_INT, TY_CARDS, b_nsuits)}, false},
	{"suits", NOAGG, {SIG1(TY_SUITS, TY_CARDS, b_suits)}, false},
	{"left", NOAGG, {SIG1(TY_SEAT, TY_SEAT, b_left)}, false},
	{"right", NOAGG, {SIG1(TY_SEAT, TY_SEAT, b_right)}, false},
	{"across", NOAGG, {SIG1(TY_SEAT, TY_SEAT, b_across)}, false},
	{"next", NOAGG, {{TY_SEAT, 2, false, {TY_SEAT, TY_INT}, b_next, NULL}},
	 false},
	{"seat_number", NOAGG, {SIG1(TY_SEAT, TY_INT, b_seat_number)}, true},
	{"abs", NOAGG, {SIG1(TY_INT, TY_INT, b_abs)}, false},
	{"choose", NOAGG, {{TY_T, 2, true, {TY_INT, TY_T}, b_choose, NULL}},
	 false},
	{NULL, NOAGG, {{0}}, false},
};

const expr_builtin *expr_builtin_find(const char *name, size_t len)
{
	for (const expr_builtin *b = expr_builtins; b->name; b++)
		if (strlen(b->name) == len && memcmp(b->name, name, len) == 0)
			return b;
	return NULL;
}
