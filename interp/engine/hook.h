/*
 * hook.h — the registry of named hooks.
 *
 * A hook is a rule that no sensible key or expression covers, written in C
 * and chosen from a rule file by name, with parameters that validation
 * checks like any other key:
 *
 *     winner: {hook: majority-suit, all-different: leader}
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
#include "lang/expr.h"
#include "lang/node.h"

/* Parameter types are schema entries (lang/schema.h), which check them;
 * the hooks themselves and their table are in hooks.c. */
typedef struct schema schema;

#define HOOK_PARAMS_MAX 4

typedef struct hook_param {
	const char *name;
	const schema *type;             /* SK_BOOL, SK_INT or SK_ENUM */
	const char *fallback;           /* default as YAML text; NULL: required */
	const char *doc;
	/* For an enumeration: a sentence per choice for `explain`; NULL */
	const char *const *choice_words;
} hook_param;

/* Parameter values after validation: booleans and integers as themselves,
 * an enumeration as the index of its choice. */
typedef struct hook_args {
	int64_t v[HOOK_PARAMS_MAX];
} hook_args;

/* A trick-winner hook: the position (0 = the lead) of the winning card
 * among the n cards of a complete trick, in play order. */
typedef int (*hook_trick_winner_fn)(const deck *d, const card_id *cards,
				    int n, const hook_args *args);

/* A double trick (Ribs): every seat has laid two cards, in play order from
 * the leader (position 0, whose two are the ribs), face up or down. */
typedef struct double_trick {
	int n;
	card_id card[SEAT_MAX][2];
	bool down[SEAT_MAX];
	int bid;                        /* the leader's contract */
	const int32_t *value;           /* card values for the bid check */
} double_trick;

/* What became of each position's pair. */
typedef enum pair_fate {
	FATE_DROPPED,                   /* face down: discarded */
	FATE_MATCHED,                   /* matched the ribs: took everything */
	FATE_OUTMATCHED,                /* matched, but a seat before did too */
	FATE_BEAT,                      /* beat the ribs: taken back */
	FATE_TAKEN,                     /* taken by the leader */
	FATE_RIBS_KEPT,                 /* the leader's ribs, bid made */
	FATE_RIBS_LOST,                 /* the ribs, discarded: bid failed */
	FATE_RIBS_MATCHED,              /* the ribs, taken by a match */
} pair_fate;

/* The resolution: where each card goes, and the bid check. */
typedef struct double_result {
	int8_t to[SEAT_MAX][2];         /* the position whose pile gets it; -1:
					   discarded */
	uint8_t fate[SEAT_MAX];         /* pair_fate */
	int matcher;                    /* the position that matched; -1 */
	int sum;                        /* the bid check's points */
	bool made;                      /* the bid was made */
} double_result;

typedef void (*hook_double_trick_fn)(const deck *d, const double_trick *t,
				     const hook_args *args, double_result *r);

/* Melds (Jass Weis): the hands as dealt, the seats in the order they play
 * to the first trick, the trumps; out: each seat's melds and points. */
#define MELDS_MAX 4

typedef struct meld {
	card_id card[RANK_MAX];         /* a run (at most a whole suit) or
					   four of a kind */
	int n, points;
} meld;

typedef struct meld_result {
	int64_t points[SEAT_MAX];       /* what each seat scores for melds */
	int best;                       /* the seat with the best meld; -1 */
	meld meld[SEAT_MAX][MELDS_MAX]; /* each seat's melds, as found */
	int nmelds[SEAT_MAX];
} meld_result;

typedef void (*hook_melds_fn)(const deck *d, const cardset *hands, int n,
			      const int *order, cardset trumps,
			      const int8_t *team, const hook_args *args,
			      meld_result *r);

typedef struct hook {
	const char *name;
	const char *slot;               /* where it may be used: "trick-winner" */
	const char *doc;
	const char *games;              /* the games that need it */
	const hook_param *params;
	int nparams;
	hook_trick_winner_fn trick_winner;
	hook_double_trick_fn double_trick;
	hook_melds_fn melds;
} hook;

extern const hook hook_table[];
extern const int hook_count;

/* The hook `name` usable in `slot`, or NULL. */
const hook *hook_find(const char *slot, const char *name);

/* Reads the parameters of a validated {hook: ...} mapping into args. */
void hook_read_args(const hook *h, const node *map, hook_args *args);

#endif
