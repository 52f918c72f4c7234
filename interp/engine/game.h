/*
 * game.h — a rule file compiled: the immutable game the engine runs.
 *
 * game_load() reads a rule file (following `extends`), checks it against the
 * schema, resolves every reference and compiles every expression; nothing
 * downstream reads YAML.  A game serves every player count it allows: what
 * depends on the count (hand sizes, the deck in play) is evaluated when a
 * table is set up (state_setup).
 *
 * Ownership: a game owns everything it points to (its arena, the source
 * files kept for run-time messages); game_free() releases it all.
 */
#ifndef CARDRULES_GAME_H
#define CARDRULES_GAME_H

#include <stdbool.h>

#include "util/arena.h"
#include "cards/deck.h"
#include "lang/diag.h"
#include "lang/expr.h"
#include "engine/hook.h"

#define OPTIONS_MAX 8
#define KEPT_MAX 8
#define PHASES_MAX 16
#define VARS_SLOTS_MAX 512      /* frame values: the lets of a scoring */
#define RESTRICT_MAX 8
#define LETS_MAX 32
#define DEFINES_MAX 16
#define CHECKS_MAX 8
#define RANK_KEYS_MAX 4
#define TABLES_MAX 8
#define SOURCES_MAX 8
#define COUNTERS_MAX 8
#define CHOICES_MAX 12
#define CHOICE_ADDS_MAX 4
#define BIDS_MAX 64
#define PLACES_MAX 8
#define PILES_MAX 32
#define DENOMS_MAX 8
#define PACKETS_MAX 12
#define COUNT_MAX 10000                 /* the most a count gives (a hand,
					   the deals of a match) */

/* A count that may depend on the number of players: a table indexed by
 * player count, or an integer expression over `players` and the options
 * (and, for the counts of a deal, over `deal`). */
typedef struct count_spec {
	const expr *e;                  /* NULL when given as a table */
	int by_players[SEAT_MAX + 1];
	bool by_deal;                   /* e reads `deal`: worked out as each
					   deal starts */
	bool tabled;                    /* e reads neither `deal` nor an
					   option: by_players holds its value
					   (as vars_count keeps it) at every
					   player count */
} count_spec;

/* A named place: one or more piles of ordered cards (a skat, a stock, the
 * nine stacks of a grid), face up or face down. */
typedef struct place_def {
	const char *name;
	int first_pile, npiles;         /* piles first_pile .. + npiles - 1 */
	bool face_up;
	count_spec dealt;               /* cards dealt to it, after the hands */
	bool packed;                    /* dealt in the deal's packets instead */
	int rows, cols;                 /* a grid of rows x cols piles; 0 */
	int around;                     /* the grid its piles surround (N, E,
					   S, W sides); -1 */
	int pyramid;                    /* rows of a pyramid (row r has r + 1
					   piles, each covered by the two
					   below it); 0 */
	const char **pile_name;         /* each pile's word ("1,2", "N0", "t3") */
} place_def;

/* One packet of a deal in packets: so many cards to each hand in turn, or
 * to a place. */
typedef struct packet_def {
	int place;                      /* -1: each hand */
	int cards;
} packet_def;

typedef struct option_def {
	const char *name;
	const char *help;
	int64_t fallback, min, max;
} option_def;

typedef struct value_table {
	const char *name;
	int32_t value[CARD_MAX];        /* by card id */
} value_table;

/* The kinds of phase: indexes into the table of phase.c. */
typedef enum phase_kind {
	PHASE_PASS,
	PHASE_TRICKS,
	PHASE_CHOOSE,
	PHASE_AUCTION,
	PHASE_VOTE,
	PHASE_DOUBLE,
	PHASE_LAYOUT,
	PHASE_CALLS,
	PHASE_HOLD,
	PHASE_KINDS                     /* how many kinds there are */
} phase_kind;

typedef struct restriction {
	const expr *when;               /* NULL: always */
	const expr *cards;
	bool fixed;                     /* the cards are always fixed_cards */
	cardset fixed_cards;
	bool only;                      /* only these, else avoid these */
	const char *why;                /* for players; NULL when not given */
} restriction;

typedef enum follow_rule {
	FOLLOW_SUIT,
	FOLLOW_ANY,
	FOLLOW_SUIT_OR_TRUMP,           /* follow suit, or trump at will */
} follow_rule;

typedef enum leftover_rule {
	LEFTOVER_NOBODY,
	LEFTOVER_LAST_TRICK_WINNER,
} leftover_rule;

typedef struct pass_phase {
	count_spec cards;
	const expr *to;                 /* seat offset; 0 means no pass */
} pass_phase;

#define TOP_TRUMPS_MAX 4
#define RANK_ORDERS_MAX 4

/* An expression that reads one counter alone and no seat (the suit
 * named trump), worked out for each of the counter's first values when
 * the game is built (vars_counter_table): read from the table, not
 * evaluated, while the counter is within it. */
#define COUNTER_TABLE_MAX 16
typedef struct counter_table {
	int counter;
	int n;                          /* values 0 .. n - 1 */
	value v[COUNTER_TABLE_MAX];
} counter_table;

/* An expression that reads one option alone (a raise's cost in chips),
 * worked out for each of the option's values when the game is built
 * (vars_option_table): read from the table, not evaluated. */
#define OPTION_TABLE_MAX 128
typedef struct option_value_table {
	int option;
	int64_t lowest;                 /* v[i]: the option at lowest + i */
	int n;
	value v[];
} option_value_table;

/* Counters raised by an action: each by an integer expression, all read
 * before any is set, with `seat` the seat that acts; a per-seat counter
 * is raised for that seat only (counters.h). */
typedef struct counter_adds {
	int counter[CHOICE_ADDS_MAX];
	const expr *add[CHOICE_ADDS_MAX];
	const option_value_table *by_option[CHOICE_ADDS_MAX];  /* or NULL */
	int n;
} counter_adds;

/* Cards a choice or a call shows in the hand of who makes it (a marriage
 * shows both queens of clubs, a call of Re one of them): `count` of the
 * cards of `cards` it holds (all when count is NULL), known to every
 * seat in that hand until played (state.shown). */
typedef struct card_show {
	const expr *cards;              /* per seat; NULL: shows nothing */
	const expr *count;              /* NULL: all of them */
} card_show;

/* A call a seat may make at its turn during trick play, before its card
 * (Doppelkopf's Re): once a deal, while `when` holds (announce.c). */
#define TRICK_CALLS_MAX 8

typedef struct trick_call {
	const char *name;               /* the word a player types */
	const expr *when;               /* per seat: open now; NULL: always */
	uint32_t steady_ops;            /* its `and` operands no card changes
					   before its trick ends: read first,
					   and while one is false the call
					   stays closed (vars_steady) */
	uint32_t other_ops;             /* the rest, read after them */
	uint32_t latch_ops;             /* of the rest, those that stay false
					   once false while the gate's names
					   stand (the hand only shrinks):
					   once false, the call is kept shut
					   as by its gate (vars_latching_ops) */
	const char *why;                /* `when` in words, for refusals */
	const char *says;               /* what it means, in words; NULL */
	counter_adds adds;
	uint32_t raises;                /* the counters adds raises, as bits */
	uint32_t reads;                 /* the counters its gate (steady_ops
					   and latch_ops) reads, through the
					   defines: a call that raises none
					   keeps the gate known */
	card_show shows;
} trick_call;

typedef struct tricks_phase {
	const expr *leader;
	follow_rule follow;
	const expr *follow_unless;      /* per seat: free of following; NULL */
	int unless_lead;                /* its leading `and` operands that a
					   trick does not change once led */
	bool unless_by_led;             /* and that read nothing the phase
					   changes but the suit led */
	bool no_undertrump;             /* a trump below the table's highest is
					   refused when a plain suit was led */
	const expr *lowest_wins;        /* the lowest of the led suit wins */
	const counter_table *lowest_wins_by;    /* its table, or NULL */
	restriction rule[RESTRICT_MAX];
	int nrestrict;
	const expr *trumps;             /* NULL: no trumps */
	const counter_table *trumps_by; /* its table, or NULL */
	uint8_t trump_power[CARD_MAX];  /* rank among trumps, 1 = lowest */
	bool has_order;                 /* trump-order given */
	hook_use winner;                /* slot "trick-winner"; none: highest */
	bool has_count;
	count_spec count;               /* tricks per deal when has_count */
	leftover_rule leftover;
	bool declare_melds;             /* melds are declared by choice at
					   the first trick (meld.h) */
	const expr *sits_out;           /* per seat: out of these tricks */
	const expr_hoisted *sits_out_parts;     /* its parts reading no
					   seat, or NULL */
	const expr *dummy;              /* the hand laid face up after the
					   first card and played by dummy_by;
					   NULL: none */
	const expr *dummy_by;
	const expr *top_trumps[TOP_TRUMPS_MAX]; /* above the order, highest
						   first, as the tricks start */
	const counter_table *top_trumps_by[TOP_TRUMPS_MAX];
	int ntop;
	const expr *ends_when;          /* after a trick: the tricks end
					   early; NULL: never */
	const expr *open_hand;          /* per seat: the hand lies face up
					   from the start; NULL: none */
	const expr *order_when[RANK_ORDERS_MAX];        /* the first that
							   holds as the tricks
							   start chooses */
	uint8_t order_power[RANK_ORDERS_MAX][CARD_MAX]; /* plain rank, by card
							   (0: lowest) */
	int norders;
	trick_call call[TRICK_CALLS_MAX];
	int ncalls;
} tricks_phase;


typedef struct choice_def {
	const char *name;               /* the word a player types */
	counter_adds adds;
	bool declare, ends;
	int take;                       /* a place taken into the hand, as many
					   cards laid back; -1 */
	const expr *keep;               /* cards that may not be laid back */
	const char *why;                /* `keep` in words, for refusals */
	bool lay_up;                    /* laid back face up (`lay: up`) */
	const expr *when;               /* it may be chosen; NULL: always */
	const char *says;               /* what it does, in words; NULL */
	card_show shows;
} choice_def;

typedef struct choose_phase {
	const expr *who;                /* per seat; NULL: every seat */
	const expr *from;               /* NULL: the dealer's next seat */
	const char *says;               /* what the round decides; NULL */
	const char *verb;               /* "declares": a choice told; NULL */
	const expr *unseen;             /* per seat: chooses before looking
					   at its hand; NULL: nobody */
	choice_def choice[CHOICES_MAX];
	int nchoices;
} choose_phase;

typedef enum after_pass {
	AFTER_PASS_STAYS,               /* a seat that passed may call again */
	AFTER_PASS_OUT,                 /* passing leaves this auction */
} after_pass;

typedef enum no_bid_rule {
	NO_BID_REDEAL,                  /* thrown in, dealt again */
	NO_BID_PLAY_ON,                 /* the deal goes on without a contract */
} no_bid_rule;

typedef struct auction_phase {
	const expr *from;               /* first caller; NULL: dealer's next */
	int32_t bid[BIDS_MAX];          /* the numbers, ascending, when listed */
	int nbids;
	count_spec bid_from, bid_to, bid_step;  /* a range, when nbids == 0 */
	bool raise_next;                /* only the next number may be bid */
	bool has_opening;
	count_spec opening;             /* the first call must bid this */
	uint8_t denom[DENOMS_MAX];      /* indexes into game.denom */
	uint8_t denom_rising[DENOMS_MAX];       /* the same, ascending: the
						   order of the legal list
						   (DENOM_NONE alone when
						   there are none) */
	int8_t denom_place[DENOMS_MAX]; /* by game-wide index, the place in
					   denom (its rank); -1: none */
	int ndenoms;
	after_pass after_pass;
	bool opponents_double;          /* the other team may double; a double
					   ends the auction unless
					   double_ends is false */
	bool redouble;                  /* the doubled side may redouble */
	bool double_ends;               /* false: the auction goes on after a
					   double, until all but one pass in a
					   row */
	bool denoms_rank;               /* within a number, the listed order
					   of denominations ranks bids */
	bool first_to_name;             /* the declarer is the first of the
					   winning side to have named the
					   contract's denomination */
	bool top_ends;                  /* the highest number ends it at once */
	no_bid_rule no_bid;
	counter_adds raise_adds;        /* at each bid but a forced opening */
} auction_phase;

typedef struct hold_phase {
	const expr *from;               /* first listener; NULL: dealer's next */
	int32_t bid[BIDS_MAX];          /* the numbers, ascending */
	int nbids;
	const char *name[SEAT_MAX];     /* the seats' names from `from` */
	int nnames;
	no_bid_rule no_bid;
} hold_phase;

typedef struct vote_phase {
	count_spec cards;               /* each seat lays this many */
	const expr *from;               /* first revealed; NULL: dealer's next */
	int order;                      /* +1 clockwise, -1 counter-clockwise */
	int with_place;                 /* revealed after the votes; -1: none */
	int to_place;                   /* where the revealed cards lie */
	const char *elects;             /* the elected suit's name; NULL */
	const char *says;               /* what the vote decides; NULL */
	uint8_t tie[2];                 /* elect_tie, in order */
	int nties;
} vote_phase;

typedef struct double_phase {
	const expr *leader;             /* who lays the ribs */
	bool ribs_up;                   /* the ribs are laid face up */
	bool others_up;                 /* the others may not lay face down */
	int discard;                    /* the place of discarded cards */
	int values;                     /* the table for the bid check */
	hook_use resolve;               /* slot "double-trick" */
	counter_adds then_adds;         /* after the resolution, for the leader */
} double_phase;

#define MOVES_MAX 16
#define LAYOUT_LIMIT 10000             /* moves, when `limit` is not given */
#define PREFER_MAX 4
#define DRAW_FROM_MAX 4

/* Which cards of the source pile a move takes. */
typedef enum move_group {
	GROUP_TOP,                      /* the top card (or `count` of them) */
	GROUP_RUN,                      /* a face-up card and all above it */
	GROUP_ALL,                      /* the whole pile */
} move_group;

/* A kind of move of a solitaire layout (layout.c). */
typedef struct move_def {
	const char *name;               /* the word a player types */
	uint16_t from;                  /* source places, as bits */
	int to;                         /* the destination place */
	move_group group;
	bool has_count;
	count_spec count;               /* GROUP_TOP: up to so many cards */
	bool bottom;                    /* they land under the pile */
	bool flip;                      /* the group is turned over */
	bool each;                      /* a card onto every pile of `to`,
					   the first pile first */
	bool pair;                      /* the tops of two source piles
					   together (card, other) */
	bool automatic;                 /* made as soon as it is legal */
	bool opening;                   /* only before the first card drawn */
	bool attack;                    /* then: the attack from its pile */
	bool refill;                    /* then: the source pile filled again */
	const expr *when;               /* over card, target, pile, beside... */
	int when_lead;                  /* its leading `and` operands that
					   read no target: false, no target
					   is tried (expr_and_lead) */
	int when_gate;                  /* of those, the leading ones that
					   read none of the move's variables:
					   false, the move has no candidate */
	int when_card_lead;             /* of those, the leading ones that
					   read no group either: false, the
					   group is not gathered */
	const expr_face_table *card_lead_table; /* whether those
					   hold, by the card's face, when they
					   read the card alone; NULL */
	const expr_sieve *sieve;        /* what `when` needs of the card
					   and of the target, each worked
					   out once; NULL */
	int board;                      /* the move whose sieve's board it
					   shares: the first with its `when`
					   and destination (itself) */
	const char *why;                /* `when` in words, for refusals */
	const expr *sequence;           /* GROUP_RUN: holds for each card of
					   the run (card) and the card under
					   it (target); NULL: any face-up run */
	uint32_t source_bits;           /* its source piles, as bits */
	bool sources_open;              /* each of their places is face up,
					   none a pyramid */
	bool plain;                     /* its sieve by cards, exact, is all
					   it judges: no `prefer`, `best`,
					   `capacity` or count, and a run in
					   `sequence` only where run_kept
					   (layout.c's collect) */
	bool run_kept;                  /* it reads those two alone: where a
					   pile's runs start is kept by the
					   pile (layout_memo_run) */
	const expr *capacity;           /* GROUP_RUN: the most cards that
					   move at once; NULL: no limit */
	const expr *prefer[PREFER_MAX]; /* tiers of targets, best first */
	int nprefer;
	const expr *best;               /* keep the targets where it is the
					   highest (or lowest) */
	bool best_lowest;
	uint32_t unless;                /* moves that must have no target */
	const expr *loses;              /* after it, over its destination:
					   the game is lost */
	const expr *safe;               /* over a legal one (the variables of
					   `when`): it can never hurt, and a
					   solver makes it without branching */
	bool last_resort;               /* a solver tries it after the others */
	const expr_face_table *when_table;
	bool when_by_card;              /* when_table reads `card` alone */
	const expr_face_table *prefer_table[PREFER_MAX];
	const expr_face_table *best_table;
	const expr_face_table *sequence_table;  /* those of the conditions
					   that read cards' faces alone, to be
					   looked up (expr_faces.c); NULL */
	const expr *pay;                /* a card of these is used up */
	int pay_from, pay_to;
	counter_adds adds;
	uint8_t memo;                   /* MEMO_ON | the variables read, when
					   its conditions' results are kept
					   (layout_memo.c); 0 */
	bool keeps_barren;              /* a source that gave it nothing is
					   known to while it and the targets
					   are as they were (layout_memo.c) */
	bool reads_beside;              /* when, sequence, capacity, prefer
					   or best reads `beside`: the card
					   beside a target is looked up */
	bool reads_moving;              /* ... reads `moving`: the cards of
					   a group are gathered */
} move_def;

/* A solitaire layout: setup, drawing, moves, the attack, the end. */
/* A round of calls (calls.c). */
#define CALL_WORDS_MAX 4
#define CALL_RULES_MAX 4

typedef struct call_word {
	const char *name;               /* the word a player types: nil */
	const expr *value;              /* the number it counts as; NULL: 0 */
	const expr *when;               /* it may be called; NULL: always */
	const char *why;                /* `when` in words, for refusals */
	counter_adds adds;
} call_word;

typedef struct call_rule {
	const expr *when;               /* refuses the call weighed (`call`) */
	const char *why;
	int lead;                       /* when's leading operands that do
					   not read `call` */
	const expr_hoisted *hoisted;    /* when's parts that do not read
					   `call`, worked out once a decision;
					   NULL: when evaluated whole */
} call_rule;

typedef struct calls_phase {
	const expr *who;                /* per seat; NULL: every seat */
	const expr *from;               /* NULL: the dealer's next seat */
	const expr *lowest, *highest;   /* the numbers; NULL: words only */
	int into;                       /* the per-seat counter; -1 */
	call_word word[CALL_WORDS_MAX];
	int nwords;
	call_rule forbid[CALL_RULES_MAX];
	int nforbid;
	bool defines_read_call;         /* some define reads `call`: the
					   rules are weighed on a copy */
	uint32_t forbid_rising;         /* rules (bits) that, refusing a
					   number, refuse every higher one */
	uint32_t forbid_falling;        /* ... every lower one */
} calls_phase;

typedef struct layout_phase {
	int stock;                      /* dealt face down; drawn from its top */
	int deal_to;                    /* setup: a triangle (pile i gets
					   deal_first + i cards); -1 */
	int deal_first;
	bool deal_counted;              /* pile i gets deal_count[i] cards */
	uint8_t deal_count[PILES_MAX];
	int16_t deal_down[PILES_MAX];   /* of each pile's cards, how many lie
					   face down; -1: all */
	int fill;                       /* setup: each pile gets a card of
					   fill_with, the others go aside; -1 */
	const expr *fill_with;
	int aside;
	int draw_from[DRAW_FROM_MAX];   /* drawn in order when draw_to is
					   empty (the stock waits for the
					   opening) */
	int ndraw;
	int draw_to;                    /* -1: no automatic draw */
	int reveal;                     /* tops of its piles turn face up; -1 */
	move_def move[MOVES_MAX];
	int nmoves;
	int attack_grid, attack_slots;  /* -1: no attack */
	const expr *kills;              /* over royal, between, pile */
	const expr *won, *lost;
	const expr *progress;           /* how far a game has got, for bots */
	int limit;                      /* moves before the game is lost */
	int stall;                      /* moves in a row with nothing new
					   seen and no new best progress before
					   the game ends; 0: no such end */
	int8_t beside[PILES_MAX];       /* the grid pile beside each pile; -1 */
	/* the slots of the move and attack variables (frame slots) */
	int v_card, v_target, v_pile, v_beside, v_moving, v_source, v_royal,
	    v_between, v_other;
	uint32_t memo_id;               /* numbers the layout for the kept
					   results of its moves; 0: none */
	expr_scope *scope;
} layout_phase;

typedef struct phase {
	phase_kind kind;
	const src_file *file;           /* where its kind is named */
	int line, col;
	const expr *when;               /* NULL: always */
	const counter_table *when_by;   /* its table, or NULL */
	bool not_by_cards;              /* a kind with legal_cards offers more
					   than cards here (calls during
					   tricks): its decisions are listed */
	union {
		pass_phase pass;
		tricks_phase tricks;
		choose_phase choose;
		auction_phase auction;
		vote_phase vote;
		double_phase dbl;
		layout_phase layout;
		calls_phase calls;
		hold_phase hold;
	} u;
} phase;

typedef struct let_def {
	const char *name;
	const expr *e;
	int slot;
	bool per_seat;
	bool same_in_team;              /* per seat, but the same at every
					   seat of a team: worked out once a
					   team */
	bool reads_won;                 /* names `won`, or cards picked from
					   it: a running count */
	const expr *show;               /* the seats the table shows it for
					   (per seat); NULL: all */
	bool read_late;                 /* read by the match's end, next
					   dealer or ranking, which run after
					   the kept values change */
} let_def;

typedef struct kept_def {
	const char *name;
	const expr *initial, *next;
	bool per_seat;
	expr_type type;
	const char *says;               /* how it changes, in words; NULL */
	bool hidden;                    /* `show: false`: not at the table */
} kept_def;

typedef struct rank_key {
	const expr *e;                  /* per-seat integer */
	bool highest;                   /* higher ranks first */
} rank_key;

typedef struct game {
	arena arena;
	uint64_t serial;                /* this load's alone: caches keyed by
					   a game tell it from one loaded
					   later at the same address */
	const char *name;
	const char *description;
	const char *path;               /* the rule file, as named */
	int min_players, max_players, default_players;
	int direction;                  /* +1 clockwise, -1 counter-clockwise */
	int8_t team_of[SEAT_MAX];       /* each seat's team; its own seat
					   number when the game has no teams */
	int nteams;                     /* 0: each for themselves */

	option_def option[OPTIONS_MAX];
	int noptions;
	const expr *option_check[CHECKS_MAX];   /* what the options must meet
						   together, before a match */
	int noption_checks;

	deck deck;
	bool has_suitsets;
	count_spec suitsets;

	value_table table[TABLES_MAX];
	int ntables;

	count_spec hand_size, face_up;  /* counts of a deal (by_deal) */
	bool turn_up_last;              /* the last card dealt to a hand is
					   turned up for all to see */
	bool sizes_by_deal;             /* the hand, the face-up leftovers or
					   a phase's tricks depend on `deal` */
	const expr *deal_from;          /* the seat dealt to first; NULL: the
					   dealer's next */
	packet_def packet[PACKETS_MAX]; /* the deal in packets; none: one by one */
	int npackets;

	place_def place[PLACES_MAX];
	int nplaces, npiles;
	uint8_t place_of_pile[PILES_MAX];       /* each pile's place: read at
						   every move listed */

	const char *counter_name[COUNTERS_MAX];
	int64_t counter_initial[COUNTERS_MAX];
	const expr *counter_start[COUNTERS_MAX];        /* or this, at each deal */
	bool counter_per_seat[COUNTERS_MAX];
	const char *counter_says[COUNTERS_MAX]; /* what it counts; NULL */
	const char **counter_names[COUNTERS_MAX];       /* words for 0, 1, ... */
	int counter_nnames[COUNTERS_MAX];
	const expr *counter_show[COUNTERS_MAX]; /* at the table when; NULL: always */
	int ncounters;

	phase phase[PHASES_MAX];
	int nphases;

	/* the denominations of the auctions: a suit's code or a name */
	const char *denom_name[DENOMS_MAX];
	int8_t denom_suit[DENOMS_MAX];  /* the suit, or -1 */
	int ndenoms;

	hook_use melds;                 /* slot "melds"; none */
	bool melds_chosen;              /* a tricks phase has players declare
					   melds by choice: they are scored
					   from state.melded, not the hands
					   as dealt */

	const expr *define[DEFINES_MAX];        /* `define`, in order */
	const char *define_name[DEFINES_MAX];
	bool define_steady[DEFINES_MAX];        /* no card changes it before
						   its trick ends, nor
						   anything of a tricks phase
						   but a call (vars_steady) */
	uint32_t define_counters[DEFINES_MAX];  /* the counters it reads,
						   through the defines it
						   reads: a call that raises
						   none keeps its value
						   (vars_mark_by_call) */
	int ndefines;

	let_def let[LETS_MAX];
	int nlets;
	const expr *score;
	bool score_same_in_team;        /* as let_def.same_in_team */
	kept_def kept[KEPT_MAX];
	int nkept;
	const expr *check[CHECKS_MAX];
	int nchecks;

	bool has_deals;
	count_spec deals;
	const expr *end;                /* NULL: only `deals` ends the match */
	rank_key rank[RANK_KEYS_MAX];
	int nrank;
	const expr *next_dealer;        /* NULL: the next seat in play order */

	expr_scope *static_scope;       /* players and options */
	expr_scope *deal_scope;         /* and `deal`: the counts of a deal */
	expr_scope *scope;              /* everything a deal can see */
	int nslots;
	uint8_t let_of_slot[VARS_SLOTS_MAX];    /* 1 + the named value that
						   holds the slot; 0: none */
	uint64_t let_slots[VARS_SLOTS_MAX / 64]; /* the slots they hold */
	uint16_t let_from[VARS_SLOTS_MAX];      /* the slot a slot's value is
						   the same as (the first seat
						   of its team's); itself */
	int8_t let_seat[VARS_SLOTS_MAX];        /* a per-seat slot's seat; -1 */
	bool lets_read_late;            /* some let_def.read_late */
	bool lets_all_read;             /* every deal's scoring reads every
					   named value at every seat */

	src_file *source[SOURCES_MAX];
	int nsources;
} game;

/* Loads, validates and compiles a rule file.  All problems go to d; NULL
 * when there was any. */
game *game_load(const char *path, diag *d);

void game_free(game *g);

/* "4 players" or "3 to 7 players". */
const char *game_players_text(const game *g, char *buf, size_t size);

/* The option named `name`, or -1. */
/* A one-player game whose deal is a solitaire layout. */
bool game_is_solitaire(const game *g);

int game_option_index(const game *g, const char *name);

#endif
