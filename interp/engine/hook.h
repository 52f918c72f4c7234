/*
 * hook.h — the registry of named hooks.
 *
 * A hook is a rule that no sensible key or expression covers, written in C
 * and chosen from a rule file by name, with parameters that validation
 * checks like any other key:
 *
 *     winner: {hook: majority-suit, all-different: leader}
 *
 * Every hook has one signature: it reads a context (the table, the seat
 * asked about, its parameters and what its slot gives it) and hands back
 * a generic result (a chosen position or seat, numbers, groups of cards)
 * that its slot reads.  The slots, and what they give and read:
 *
 *   trick-winner  in: the trick's cards in play order (ctx.seat: its
 *                 leader); out: pick, the winning card's position.
 *   double-trick  in: each position's pair, two cards a position from the
 *                 leader's (ctx.seat), the pairs laid face down, the card
 *                 values of the bid check (the bid is state.bid); out: one
 *                 group per position, its pair, with the position whose
 *                 won pile gets it (-1: discarded) and its pair_fate
 *                 (state.h) as tag; pick, the position that took
 *                 everything (-1); total, the bid check's points; yes,
 *                 the bid made.
 *   melds         in: the hands to search, by seat (ctx.seat: that seat
 *                 alone, -1: every seat); out: a group per meld, its
 *                 holder and points, a seat's melds in order (the same
 *                 whether it is asked about alone or with every seat);
 *                 score, what each seat scores; pick, the best meld's
 *                 holder (-1).
 *
 * All hooks live in the one table of hooks.c, each with its parameters, its
 * documentation and the games that use it (docs/hooks.md is the user's
 * view of the same table).  Keep them few: prefer a key or an expression.
 */
#ifndef CARDRULES_HOOK_H
#define CARDRULES_HOOK_H

#include <stdbool.h>
#include <stdint.h>

#include "cards/deck.h"
#include "lang/node.h"
#include "lang/schema.h"

struct state;

#define HOOK_PARAMS_MAX 4
#define HOOK_GROUPS_MAX (SEAT_MAX * 4)  /* every seat's melds */

/* Parameter values after validation: booleans and integers as themselves,
 * an enumeration as the index of its choice. */
typedef struct hook_args {
	int64_t v[HOOK_PARAMS_MAX];
} hook_args;

/* What a slot gives its hook besides the table; each slot fills its own
 * fields (see above), the others stay empty. */
typedef struct hook_input {
	const card_id *cards;           /* a trick; the pairs, two by two */
	int ncards;
	uint16_t down;                  /* positions whose pair lies face down */
	const int32_t *values;          /* card values */
	const cardset *hands;           /* by seat */
} hook_input;

typedef struct hook_context {
	const struct state *s;
	int phase;                      /* the phase the table is in (past the
					   last while a deal is scored) */
	int seat;                       /* the seat asked about; -1: every one */
	const hook_args *args;          /* the hook's parameters */
	hook_input in;
} hook_context;

/* Cards a hook hands back together: a meld, a pair and where it goes. */
typedef struct hook_group {
	card_id card[RANK_MAX];
	int8_t n;
	int8_t seat;                    /* whose they are or become: a seat or
					   a position; -1: nobody's */
	uint8_t tag;                    /* the slot's word for them */
	int16_t points;
} hook_group;

typedef struct hook_result {
	int pick;                       /* the position or seat chosen; -1 */
	int64_t total;
	bool yes;
	int64_t score[SEAT_MAX];        /* a number per seat */
	hook_group group[HOOK_GROUPS_MAX];
	int ngroups;
} hook_result;

/* A hook fills a result its caller owns: about a kilobyte, too much to
 * hand back by value at every call. */
typedef void (*hook_fn)(const hook_context *ctx, hook_result *out);

typedef struct hook {
	schema_hook about;              /* name, slot, parameters, docs: what
					   validation checks */
	const char *games;              /* the games that need it */
	hook_fn run;
	/* For a slot that reads `pick` alone (a trick's winner), the same
	 * choice without a whole hook_result to fill at every trick; NULL:
	 * run()'s pick. */
	int (*pick)(const hook_context *ctx);
} hook;

/* A hook a rule file names, with its parameters read. */
typedef struct hook_use {
	const hook *hook;               /* NULL: none named */
	hook_args args;
} hook_use;

extern const hook hook_table[];
extern const int hook_count;

/* The hook `name` usable in `slot`, or NULL. */
const hook *hook_find(const char *slot, const char *name);

/* The hook a validated {hook: NAME, ...} mapping names for slot, with its
 * parameters (defaults where the mapping has none). */
hook_use hook_named(const char *slot, const node *map);

/* Runs the hook in use at table s, asking about seat (-1: every seat),
 * with what its slot gives, into out. */
void hook_call(const hook_use *use, const struct state *s, int seat,
	       hook_input in, hook_result *out);

/* hook_call's pick, through the hook's `pick` when it has one. */
int hook_call_pick(const hook_use *use, const struct state *s, int seat,
		   hook_input in);

/* Hands the schema the hooks' names, slots and parameters, so that rule
 * files naming them validate (game_load does it before it checks one). */
void hook_register_with_schema(void);

#endif
