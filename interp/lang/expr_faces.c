/*
 * expr_faces.c — an expression of one or two cards, tabulated.
 *
 * A layout's conditions often read nothing but the faces of the cards in
 * a move's slots (`suit(beside) == suit(card)`, `value(beside)`): their
 * value is a function of two faces, worked out once for every pair the
 * deck has and then looked up.  The tree-walker stays the reference;
 * tests/unit/check_faces.c compares the two on every pair.
 */
#include "lang/expr_int.h"
#include "util/arena.h"

#include <string.h>

/* The deck's faces, FACE_NONE last, each given its place in t. */
static void number_faces(const deck *d, expr_face_table *t)
{
	bool seen[FACE_NONE + 1] = {false};
	t->width = 0;
	memset(t->index, 0, sizeof t->index);
	for (int c = 0; c < d->ncards; c++)
		if (!seen[d->face[c]]) {
			seen[d->face[c]] = true;
			t->face[t->width] = d->face[c];
			t->index[d->face[c]] = (uint8_t)t->width++;
		}
	t->face[t->width] = FACE_NONE;
	t->index[FACE_NONE] = (uint8_t)t->width++;
}

/* The table of e over the slots it reads of `slot`, each value worked
 * out whole (lead 0) or as whether its first `lead` operands hold. */
static const expr_face_table *tabulate(expr_scope *sc, const expr *e,
				       int lead, const int *slot, int nslot)
{
	expr_face_table *t = arena_alloc(sc->a, sizeof *t);
	if (!t)
		return NULL;
	int nread = 0;
	t->slot[0] = t->slot[1] = -1;
	for (int i = 0; i < nslot; i++)
		if (expr_reads_slot(e, slot[i])) {
			if (nread == 2)
				return NULL;    /* three cards: too many pairs */
			t->slot[nread++] = slot[i];
		}
	number_faces(e->d, t);
	int w = t->width, rows = t->slot[0] < 0 ? 1 : w;
	int cols = t->slot[1] < 0 ? 1 : w;
	t->stride = cols;
	int nslots = expr_scope_slots(sc);
	value *frame_slot = arena_alloc(sc->a, sizeof *frame_slot *
					(size_t)(nslots > 0 ? nslots : 1));
	t->value = arena_alloc(sc->a, sizeof *t->value * (size_t)(rows * cols));
	if (!frame_slot || !t->value)
		return NULL;
	memset(frame_slot, 0, sizeof *frame_slot * (size_t)nslots);
	memset(t->value, 0, sizeof *t->value * (size_t)(rows * cols));
	expr_frame f = {frame_slot, 1, -1, NULL, NULL};
	for (int i = 0; i < rows; i++)
		for (int j = 0; j < cols; j++) {
			if (t->slot[0] >= 0)
				frame_slot[t->slot[0]].i = t->face[i];
			if (t->slot[1] >= 0)
				frame_slot[t->slot[1]].i = t->face[j];
			t->value[i * cols + j] =
				lead ? expr_and_lead_holds(e, lead, &f)
				     : expr_eval(e, &f).i;
		}
	return t;
}

const expr_face_table *expr_face_table_of(expr_scope *sc, const expr *e,
					  const int *slot, int nslot)
{
	if (!e || !expr_reads_only(e, slot, nslot))
		return NULL;
	return tabulate(sc, e, 0, slot, nslot);
}

const expr_face_table *expr_face_table_of_lead(expr_scope *sc, const expr *e,
					       int k, const int *slot,
					       int nslot)
{
	/* under validate's watch the lead is not evaluated: no table */
	if (!e || expr_watching() ||
	    !expr_and_lead_reads_only(e, k, slot, nslot))
		return NULL;
	return tabulate(sc, e, k, slot, nslot);
}
