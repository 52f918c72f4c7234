/*
 * build.h — what the compilers of a rule file's parts share.
 *
 * game_build.c compiles a checked tree into a game; each phase kind
 * compiles its own mapping (phase.h) with these helpers, so that all parts
 * report problems the same way and build what is sound even when other
 * parts of the file have errors.
 */
#ifndef CARDRULES_BUILD_H
#define CARDRULES_BUILD_H

#include <stdbool.h>

#include "engine/game.h"
#include "lang/schema.h"

typedef struct builder {
	game *g;
	diag *d;
	int errors;
	expr_scope *scoring;            /* the scope of lets and scores */
	bool loose;                     /* the tree has schema errors: build
					   only the sections without any */
	bool players_unknown;           /* 'players' is broken */
	const node *phase_body[PHASES_MAX];     /* each built phase's mapping */
} builder;

void build_fail(builder *b, const node *at, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* The node's text copied into the game's arena (NULL for NULL). */
const char *build_text(builder *b, const node *n);

/* An expression of type t in scope sc; NULL when n is NULL or it fails. */
expr *build_expr(builder *b, expr_scope *sc, const node *n, expr_type t);

/* The same, for an expression that must be one value for the table. */
expr *build_table_expr(builder *b, expr_scope *sc, const node *n,
		       expr_type t, const char *what);

/* The value of key in map n (of schema sc), or NULL when it is missing or
 * has schema errors (already reported). */
const node *build_field(const builder *b, const schema *sc, const node *n,
			const char *key);

/* Does the item pass the schema of the items of list schema sc? */
bool build_sound_item(const builder *b, const schema *list_sc,
		      const node *item);

/* The schema of the phase kind `kind`. */
const schema *build_kind_schema(const char *kind);

/* A count: a table by player count, or an expression of the set-up. */
void build_count(builder *b, const node *n, count_spec *c, const char *what);

/* A count of a deal (its hand, its tricks): the same, and its expression
 * may read `deal`, the deal's number (c->by_deal). */
void build_deal_count(builder *b, const node *n, count_spec *c,
		      const char *what);

/* The value of a count at `players` players with the options' defaults
 * (in the first deal, for a count of the deal). */
long build_count_at(const game *g, const count_spec *c, int players);

/* The same in deal number `deal`. */
long build_count_at_deal(const game *g, const count_spec *c, int players,
			 int deal);

/* Counters raised by an action ({pushes: 1, paid: unit}). */
void build_counter_adds(builder *b, const node *map, counter_adds *out);

/* What a choice or a call shows (`shows: {cards, count}`). */
void build_card_show(builder *b, const node *map, card_show *out);

/* The index of the place named by n; -1, reported, when there is none. */
int build_place_index(builder *b, const node *n);

/* The index of the counter named by k; -1, reported, when there is none. */
int build_counter_index(builder *b, const node *k);

typedef enum spec_kind { SPEC_CARD, SPEC_SUIT, SPEC_RANK } spec_kind;

/* A card, suit or rank code of the deck; false (reported) otherwise. */
bool build_resolve_spec(builder *b, const node *n, spec_kind *kind,
			int *index);
cardset build_spec_cards(const deck *d, spec_kind kind, int index);

#endif
