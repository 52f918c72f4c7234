/*
 * layout.h — what the modules of the layout phase share: layout.c plays
 * (geometry, moves, the attack), layout_words.c puts moves into words and
 * the rules into sentences, layout_build.c compiles a rule file's phase.
 * Front ends use the phase through phase.h only.
 */
#ifndef CARDRULES_LAYOUT_H
#define CARDRULES_LAYOUT_H

#include "engine/phase.h"

#define LAYOUT(p) (&(p)->u.layout)

/* The place pile belongs to, or -1. */
int layout_place_of_pile(const game *g, int pile);

/* The grid pile beside a slot of a place around a grid, or -1. */
int layout_beside_pile(const game *g, int slot);

/* The legal actions of the seat to move, sorted. */
int layout_legal(const state *s, const phase *p, action *out);

/* Why move a, as a player typed it (its move, piles and card, legal or
 * not), is refused now: the first step of the listing that leaves it out
 * (not offered now, a ploy missing, an empty pile, its `when` with its
 * `why`, a better target, an `unless`), card codes in the words; false
 * when it is legal. */
bool layout_refusal(const state *s, const phase *p, const action *a,
		    char *buf, size_t size);

/* layout_words.c */
action_prompt layout_prompt(const state *s, const phase *p);
void layout_words(const state *s, const phase *p, const action *a, int n,
		  char *buf, size_t size);
bool layout_parse(const state *s, const phase *p, char *const *word,
		  int nword, action *out, int *n, char *err, size_t size);
void layout_why_illegal(const state *s, const phase *p, const action *a,
			char *buf, size_t size);
void layout_explain(FILE *out, const game *g, const phase *p);
void layout_help(const game *g, const phase *p, tale *out);

/* layout_build.c */
void layout_build(builder *b, const node *n, phase *p);
bool layout_setup(state *s, const phase *p, int index, char *why,
		  size_t size);

#endif
