/*
 * expr_scope.c — scopes: the names an expression may use, with their
 * types, slots, getters, constants, tables and native functions.
 */
#include <string.h>

#include "lang/expr_int.h"

/* Words the language keeps for itself. */
static const char *const reserved[] = {
	"and", "or", "not", "if", "then", "else", "in", "true", "false",
	"seat", "seats", "players", NULL,
};

/* A value may share a built-in function's name (functions are only looked
 * up before '('); a function may not. */
bool expr_is_reserved(const char *s, size_t len, bool fn)
{
	for (int i = 0; reserved[i]; i++)
		if (strlen(reserved[i]) == len && memcmp(reserved[i], s, len) == 0)
			return true;
	return fn && expr_builtin_find(s, len) != NULL;
}

static bool is_name(const char *s)
{
	if (!(*s == '_' || (*s >= 'a' && *s <= 'z')))
		return false;
	for (; *s; s++)
		if (!(*s == '_' || (*s >= 'a' && *s <= 'z')
		      || (*s >= '0' && *s <= '9')))
			return false;
	return true;
}

static expr_name *find_here(const expr_scope *sc, const char *s, size_t len)
{
	for (expr_name *n = sc->names; n; n = n->next)
		if (n->len == len && memcmp(n->name, s, len) == 0)
			return n;
	return NULL;
}

/* The name as seen from sc: its own or an ancestor's. */
expr_name *expr_scope_find(const expr_scope *sc, const char *s, size_t len)
{
	expr_name *n = NULL;
	for (; sc && !n; sc = sc->parent)
		n = find_here(sc, s, len);
	return n;
}

bool expr_scope_has(const expr_scope *sc, const char *name)
{
	return expr_scope_find(sc, name, strlen(name)) != NULL;
}

/* Whether a scope below sc has the name (it would be shadowed). */
static bool taken_below(const expr_scope *sc, const char *s, size_t len)
{
	for (const expr_scope *c = sc->child; c; c = c->sibling)
		if (find_here(c, s, len) || taken_below(c, s, len))
			return true;
	return false;
}

static expr_scope *root_of(expr_scope *sc)
{
	while (sc->parent)
		sc = sc->parent;
	return sc;
}

expr_scope *expr_scope_new(arena *a, const deck *d)
{
	expr_scope *sc = arena_alloc(a, sizeof *sc);
	if (sc) {
		sc->a = a;
		sc->d = d;
	}
	return sc;
}

expr_scope *expr_scope_child(expr_scope *parent)
{
	if (!parent)
		return NULL;
	expr_scope *sc = expr_scope_new(parent->a, parent->d);
	if (sc) {
		sc->parent = parent;
		sc->sibling = parent->child;
		parent->child = sc;
	}
	return sc;
}

/* A new entry for name, or NULL when it may not be declared here: taken
 * above or below, reserved, or not a name expressions can spell. */
static expr_name *declare(expr_scope *sc, const char *name, int kind,
			  int type)
{
	size_t len = strlen(name);
	bool fn = kind == NAME_TABLE || kind == NAME_NATIVE;
	if (!is_name(name) || len > EXPR_TEXT_MAX || expr_is_reserved(name, len, fn)
	    || expr_scope_find(sc, name, len) || taken_below(sc, name, len))
		return NULL;
	if ((type <= TY_NONE || type > TY_SUITS) && kind != NAME_POISON)
		return NULL;
	expr_name *n = arena_alloc(sc->a, sizeof *n);
	if (!n || !(n->name = arena_strndup(sc->a, name, len)))
		return NULL;
	n->len = len;
	n->kind = (uint8_t)kind;
	n->type = (uint8_t)type;
	n->next = sc->names;
	sc->names = n;
	return n;
}

int expr_scope_var(expr_scope *sc, const char *name, expr_type t,
		   bool per_seat)
{
	expr_name *n = declare(sc, name, NAME_VAR, t);
	if (!n)
		return -1;
	expr_scope *root = root_of(sc);
	n->per_seat = per_seat;
	n->slot = root->nslots;
	root->nslots += per_seat ? SEAT_MAX : 1;
	return n->slot;
}

bool expr_scope_getter(expr_scope *sc, const char *name, expr_type t,
		       bool per_seat, expr_getter_fn fn, int arg)
{
	expr_name *n = fn ? declare(sc, name, NAME_GETTER, t) : NULL;
	if (n) {
		n->per_seat = per_seat;
		n->get = fn;
		n->slot = arg;
	}
	return n != NULL;
}

bool expr_scope_field(expr_scope *sc, const char *name, expr_type t,
		      bool per_seat, expr_getter_fn fn, int arg,
		      size_t offset, size_t stride, expr_field_kind kind)
{
	if (offset >= INT32_MAX || stride >= INT16_MAX ||
	    !expr_scope_getter(sc, name, t, per_seat, fn, arg))
		return false;
	sc->names->field = (int32_t)offset + 1; /* the name just declared */
	sc->names->stride = (int16_t)stride;
	sc->names->field_kind = (uint8_t)kind;
	return true;
}

int expr_scope_fields_agree(const expr_scope *sc,
			    const struct expr_frame *f, const char **bad)
{
	int checked = 0;
	for (const expr_name *n = sc->names; n; n = n->next) {
		if (n->kind != NAME_GETTER || !n->field)
			continue;
		for (int s = n->per_seat ? 0 : -1;
		     s < (n->per_seat ? f->players : 0); s++) {
			value v = n->get(f, s, n->slot);
			if (expr_field_read(f->ctx, n->field, n->stride,
					    n->field_kind, s) != v.i) {
				*bad = n->name;
				return -1;
			}
			checked++;
		}
	}
	for (const expr_scope *c = sc->child; c; c = c->sibling) {
		int below = expr_scope_fields_agree(c, f, bad);
		if (below < 0)
			return -1;
		checked += below;
	}
	return checked;
}

bool expr_scope_seat_table(expr_scope *sc, const char *name,
			   expr_getter_fn fn, int arg, const int8_t *by_seat)
{
	if (!expr_scope_getter(sc, name, TY_INT, true, fn, arg))
		return false;
	sc->names->by_seat = by_seat;   /* the name just declared */
	return true;
}

bool expr_scope_const(expr_scope *sc, const char *name, expr_type t,
		      int64_t v)
{
	if (t == TY_CARDS)
		return false;
	expr_name *n = declare(sc, name, NAME_CONST, t);
	if (n)
		n->v = v;
	return n != NULL;
}

bool expr_scope_poison(expr_scope *sc, const char *name)
{
	return declare(sc, name, NAME_POISON, TY_NONE) != NULL;
}

/* The table's values a bit at a time, where that takes fewer counts. */
static void table_bits(expr_table *t)
{
	int nbits = 0;
	t->nbits = 0;
	t->one_word = true;
	for (int g = 0; g < t->ngroups; g++)
		for (int w = 1; w < CSET_WORDS; w++)
			t->one_word &= t->group[g].cards.w[w] == 0;
	for (int g = 0; g < t->ngroups; g++) {
		if (t->group[g].value < 0)
			return;
		while (nbits < 31 && t->group[g].value >> nbits)
			nbits++;
	}
	if (nbits >= t->ngroups)
		return;
	for (int b = 0; b < nbits; b++) {
		t->bit[b] = cset_empty();
		for (int g = 0; g < t->ngroups; g++)
			if (t->group[g].value >> b & 1)
				t->bit[b] = cset_or(t->bit[b], t->group[g].cards);
	}
	t->nbits = nbits;
}

bool expr_scope_table(expr_scope *sc, const char *name,
		      const int32_t *value_of_id)
{
	if (!value_of_id)
		return false;
	expr_table *t = arena_alloc(sc->a, sizeof *t);
	if (!t)
		return false;
	t->by_id = value_of_id;
	for (int c = 0; c < CARD_MAX; c++) {
		int32_t v = value_of_id[c];
		int g = 0;
		if (v == 0)
			continue;
		while (g < t->ngroups && t->group[g].value != v)
			g++;
		if (g == t->ngroups) {
			t->group[g].value = v;
			t->group[g].cards = cset_empty();
			t->ngroups++;
		}
		cset_add(&t->group[g].cards, (card_id)c);
	}
	table_bits(t);
	expr_name *n = declare(sc, name, NAME_TABLE, TY_INT);
	if (n)
		n->table = t;
	return n != NULL;
}

bool expr_scope_native(expr_scope *sc, const char *name, expr_type result,
		       const expr_type *params, int nparams,
		       expr_native_fn fn)
{
	if (!fn || nparams < 0 || nparams > EXPR_SIG_PARAMS)
		return false;
	for (int i = 0; i < nparams; i++)
		if (params[i] <= TY_NONE || params[i] > TY_SUITS)
			return false;
	expr_name *n = declare(sc, name, NAME_NATIVE, result);
	if (!n)
		return false;
	n->native = fn;
	n->sig.result = (uint8_t)result;
	n->sig.nparam = (uint8_t)nparams;
	for (int i = 0; i < nparams; i++)
		n->sig.param[i] = (uint8_t)params[i];
	n->sig.fn = expr_native_call;
	return true;
}

/* The whole family's: a frame that fits one scope fits them all. */
int expr_scope_slots(const expr_scope *sc)
{
	while (sc->parent)
		sc = sc->parent;
	return sc->nslots;
}

int expr_scope_uses(const expr_scope *sc, const char *name)
{
	const expr_name *n = expr_scope_find(sc, name, strlen(name));
	return n ? n->uses : 0;
}

const expr *expr_scope_compiled(const expr_scope *sc)
{
	while (sc->parent)
		sc = sc->parent;
	return sc->compiled;
}

const expr *expr_next_compiled(const expr *e)
{
	return e->next;
}
