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

/* The getter of `empty_PLACE` (arg: the place): its empty piles. */
value layout_empty_piles(const expr_frame *f, int seat, int arg);

/* The piles of a pyramid that cover pile (the two of the next row that
 * overlap it) into out; how many (0 on the bottom row or off a
 * pyramid). */
int layout_covering(const game *g, int pile, int out[2]);

/* The legal actions of the seat to move, sorted. */
int layout_legal(const state *s, const phase *p, action *out);

/* Why move a, as a player typed it (its move, piles and card, legal or
 * not), is refused now: the first step of the listing that leaves it out
 * (not offered now, a ploy missing, an empty pile, its `when` with its
 * `why`, a better target, an `unless`), card codes in the words; false
 * when it is legal. */
bool layout_refusal(const state *s, const phase *p, const action *a,
		    char *buf, size_t size);

/* Lists this thread's moves the reference way while on: every candidate
 * tried against every target, each condition evaluated in full, nothing
 * kept or taken from layout_memo.c (tests compare the two listings). */
void layout_reference_listing(bool on);

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

/* layout_memo.c: the results of a move's conditions, kept per thread
 * when they read only the move's variables (move_def.memo). */
#define MEMO_ON 0x80                    /* move_def.memo: results kept */

typedef struct memo_result {
	bool ok;                        /* `when` holds and a tier of
					   `prefer` does */
	int tier;
	int64_t best;
} memo_result;

#define MEMO_READS_BESIDE 0x04        /* move_def.memo: reads `beside` */
#define MEMO_READS_MOVING 0x10        /* move_def.memo: reads `moving` */

/* A candidate move, with its tier of `prefer` and value of `best`. */
typedef struct layout_candidate {
	action a;
	int tier;
	int64_t best;
} layout_candidate;

/* What the candidates of a move from one pile onto another depend on:
 * the layout, the move, the two piles, and hashes of their cards (of
 * the target's with the pile beside it, when the move reads `beside`). */
#define PAIR_KEPT 4                     /* candidates a pair keeps at most */

typedef struct pair_key {
	uint32_t id;
	int move, from, to;
	uint64_t source, target;
} pair_key;

/* The candidates of a pair of piles, kept; key.id == 0: none. */
typedef struct pair_entry {
	pair_key key;
	int n;
	layout_candidate cand[PAIR_KEPT];
} pair_entry;

/* The last candidates kept for move `move` from pile `from` onto each
 * pile, indexed by the target pile; NULL when nothing is kept.  An entry
 * is of its move and piles: only its layout and hashes are to be
 * compared. */
const pair_entry *layout_memo_recent_row(int move, int from);

/* The candidates kept for key into out (at most room): how many, or -1
 * when none are kept. */
int layout_memo_pair(const pair_key *key, layout_candidate *out, int room);
void layout_memo_keep_pair(const pair_key *key, const layout_candidate *c,
			   int n);

/* The cards a move's sieve lets onto a pile (expr_sieve_cards), kept
 * with the pile's terms they were worked out from; id 0: none. */
typedef struct sieve_entry {
	uint32_t id;                    /* the layout's memo_id */
	int64_t val[SIEVE_TERMS_MAX];   /* the pile's terms, 0 for the card's */
	cardset cards;
} sieve_entry;

/* A move's entries, found by a hash of the terms' values. */
#define SIEVE_KEPT_BITS 6

/* Entry `slot` of move `move` (below 1 << SIEVE_KEPT_BITS); NULL when
 * nothing is kept. */
sieve_entry *layout_memo_sieve(int move, int slot);

/* Where the runs of a move may start in a pile (run_start), kept by the
 * pile's hash while the move's `sequence` reads the run's cards alone;
 * id 0: none. */
typedef struct run_entry {
	uint64_t hash;                  /* of the pile (pile_hash) */
	uint32_t id;                    /* the layout's memo_id */
	uint8_t lo;                     /* the deepest start */
} run_entry;

/* The entry of move `move` and pile `pile`; NULL when nothing is kept. */
run_entry *layout_memo_run(int move, int pile);

/* What a move's sieve needs of each pile of its place at one listing,
 * kept from one listing to the next: each pile's terms, the cards it
 * lets on, and, by card, the piles that let it on.  A pile's entry holds
 * while the pile and the pile beside it are as they were (their keys),
 * whatever state it came from; only the piles that differ are worked
 * out again, and the cards' targets patched for them. */
typedef struct sieve_board {
	uint32_t id;                    /* the layout's memo_id; 0: none */
	uint32_t valid;                 /* the piles whose entries hold */
	card_id top[EXPR_SIEVE_WIDTH];  /* what each pile's terms read */
	card_id beside[EXPR_SIEVE_WIDTH];
	uint64_t key[EXPR_SIEVE_WIDTH]; /* each pile's and the pile beside */
	uint64_t near_key[EXPR_SIEVE_WIDTH];    /* it: state.pile_key, with
						   the size */
	cardset set[EXPR_SIEVE_WIDTH];
	cardset cards[EXPR_SIEVE_WIDTH];        /* the cards let on (by_cards) */
	int64_t val[SIEVE_TERMS_MAX][EXPR_SIEVE_WIDTH];  /* the terms */
	uint32_t to[CARD_MAX];          /* each card's piles (by_cards) */
	cardset some;                   /* the cards with any (by_cards) */
} sieve_board;

/* Move `move`'s board; NULL when nothing is kept. */
sieve_board *layout_memo_board(int move);

/* A plain sieved move's candidates at its last listing, kept for the
 * next: each source pile's, while the pile is as it was (its hash), onto
 * the targets whose board entries are as they were (their keys); the
 * others are found again.  id 0: none. */
typedef struct listing_kept {
	uint32_t id;                    /* the layout's memo_id */
	uint64_t target[EXPR_SIEVE_WIDTH];      /* each target's board keys */
	uint64_t source[PILES_MAX];     /* each source's pile_hash; 0: listed
					   by from_pile, not kept */
	cardset starts[PILES_MAX];      /* its cards that name groups */
	uint16_t first[PILES_MAX];      /* its candidates in `cand` */
	uint16_t count[PILES_MAX];
	action cand[ACTIONS_MAX];
} listing_kept;

/* Move `move`'s kept listing; NULL when nothing is kept. */
listing_kept *layout_memo_listing(int move);

/* A source pile that gave a move no candidate, with the hashes it was
 * tried with: its own and its targets'.  id 0: none. */
typedef struct barren_entry {
	uint32_t id;                    /* the layout's memo_id */
	uint64_t source;                /* the pile's pile_hash */
	uint64_t targets;               /* the move's targets', mixed */
} barren_entry;

/* The entry of move `move` and source pile `pile`; NULL when nothing is
 * kept. */
barren_entry *layout_memo_barren(int move, int pile);

/* Numbers the layout and marks the moves whose results may be kept. */
void layout_memo_plan(const game *g, layout_phase *l);
bool layout_memo_find(const layout_phase *l, int move, const value *slot,
		      memo_result *out);
void layout_memo_keep(const layout_phase *l, int move, const value *slot,
		      const memo_result *r);

/* layout_build.c */
void layout_build(builder *b, const node *n, phase *p);
/* The conditions move m judges a candidate by, into out (room for
 * MOVE_CONDITIONS_MAX): when, best, sequence, capacity and the tiers of
 * prefer, the absent ones NULL; how many. */
#define MOVE_CONDITIONS_MAX (4 + PREFER_MAX)
int layout_move_conditions(const move_def *m, const expr **out);
bool layout_setup(state *s, const phase *p, int index, char *why,
		  size_t size);

#endif
