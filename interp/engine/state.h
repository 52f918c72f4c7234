/*
 * state.h — one match at one moment: the deal in progress, the totals and
 * the values kept between deals.
 *
 * It is a flat struct with no pointers but the one to its game, so a
 * clone is a struct copy.  The engine's API over it is in engine.h.
 *
 * Its fields are what several modules share: the cards, the trick on the
 * table, what the table knows, the deal's outputs.  What only one phase
 * kind reads lies in that kind's slot of `room`, as a struct of the
 * kind's own file (phase.h).
 */
#ifndef CARDRULES_STATE_H
#define CARDRULES_STATE_H

#include <stdbool.h>
#include <stdint.h>

#include "engine/action.h"
#include "engine/game.h"
#include "util/rng.h"

/* One random generator per seat (the same one at every seat, for a
 * playout with a single stream). */
typedef struct seat_rngs {
	rng *seat[SEAT_MAX];
} seat_rngs;

#define SEAT_CHANCE (-1)
#define SEAT_END (-2)

/* What the last applied move led to, for front ends that narrate. */
typedef enum state_event {
	EV_NONE,
	EV_DEALT,               /* a deal was dealt */
	EV_ACTION,              /* a player acted (played, chose a card...) */
	EV_PASSED,              /* a pass was carried out */
	EV_TRICK,               /* a trick was completed (see last_trick) */
	EV_SCORED,              /* the deal was scored (see deal_score) */
	EV_REDEALT,             /* thrown in and dealt again */
	EV_REVEALED,            /* the cards of a vote were turned up */
	EV_DOUBLE,              /* a double trick was resolved (last_double) */
	EV_ATTACK,              /* a move's attack turned cards down (killed) */
} state_event;

/* Why the engine stopped a match that the rule file led into a dead
 * end; the match is then over (SEAT_END) and front ends report it. */
typedef enum state_fault {
	FAULT_NONE,
	FAULT_NO_MOVE,          /* the seat to move had no legal action */
	FAULT_REDEALS,          /* a deal was thrown in REDEALS_MAX times */
	FAULT_DEAL,             /* the cards of the deal due do not fit in
				   the deck (fault_phase -1) */
} state_fault;

/* Deals thrown in and dealt again in a row before the match stops. */
#define REDEALS_MAX 200

/* Tricks of a deal: each takes a card of two seats at least. */
#define DEAL_TRICKS_MAX (CARD_MAX / 2)

typedef struct trick_record {
	card_id card[SEAT_MAX];         /* in play order */
	int8_t leader, winner;          /* seats */
	uint8_t n;
	uint8_t number;                 /* 1 for the first trick of the deal */
} trick_record;

/* What became of a pair of a double trick, as its resolve hook says;
 * the lead is the leader's pair. */
typedef enum pair_fate {
	PAIR_DOWN,                      /* laid face down: discarded */
	PAIR_TAKES_ALL,                 /* the first to match the lead: took
					   every card shown */
	PAIR_MATCHED_LATE,              /* matched, but a pair before did too */
	PAIR_BEATS_LEAD,                /* beat the lead: back to its player */
	PAIR_TO_LEADER,                 /* taken by the leader */
	PAIR_LEAD_KEPT,                 /* the lead, kept: the bid made */
	PAIR_LEAD_DISCARDED,            /* the lead, discarded: the bid failed */
	PAIR_LEAD_TAKEN,                /* the lead, taken by a match */
} pair_fate;

/* The last double trick, in positions from its leader (0: the lead). */
typedef struct double_record {
	card_id card[SEAT_MAX][2];
	uint16_t down;                  /* positions laid face down, as bits */
	uint8_t fate[SEAT_MAX];         /* pair_fate */
	int8_t to[SEAT_MAX][2];         /* the position that got each card; -1 */
	int8_t leader, matcher;
	int16_t bid, sum;
	bool made;
	uint8_t number;                 /* 1 for the deal's first; 0: none */
} double_record;

/* Melds, as the game's melds hook finds them (scoring.melds). */
#define MELDS_MAX 4                     /* in one hand */

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
/* The bytes of state.room each phase kind has for its own state of the
 * deal (phase.h); a kind's file asserts that its room fits. */
#define PHASE_ROOM_SIZE 32

typedef struct state {
	const game *g;
	uint64_t seed;

	/* the table and the match */
	int8_t players, dealer, first_dealer;
	int8_t next_dealer;             /* deals when the next deal starts */
	int8_t current;
	int8_t phase;                   /* index into g->phase */
	bool over;
	bool checks;                    /* evaluate the rule file's checks */
	int8_t failed_check;            /* 1 + index of a check that failed */
	uint8_t fault;                  /* state_fault; set, the match is over */
	int8_t fault_phase;             /* the phase in progress then */
	int16_t deal_no;                /* 1 during the first deal */
	int16_t deals;                  /* planned deals; 0: until `end` */
	int64_t option[OPTIONS_MAX];
	int16_t hand_size, face_up;     /* of the deal in progress (or due) */
	uint8_t phase_count[PHASES_MAX]; /* a count each phase's `setup`
					   works out at this table: cards a
					   seat passes or lays, tricks (0:
					   until the hands are empty) */
	cardset in_play;
	state_event event;

	/* the cards of the deal */
	cardset hand[SEAT_MAX];
	cardset dealt[SEAT_MAX];
	cardset won[SEAT_MAX];
	cardset leftover, leftover_up;
	card_id turned_up;              /* the card turned up in the deal
					   (deal.turn-up); CARD_NONE */
	uint8_t place_dealt[PLACES_MAX]; /* cards dealt to each place */
	uint8_t pile_of[CARD_MAX];      /* 1 + a card's pile; 0: in none */
	uint8_t depth[CARD_MAX];        /* its position there, 0 = bottom */
	uint8_t pile_size[PILES_MAX];
	cardset pile_set[PILES_MAX];    /* the cards of each pile, kept with
					   pile_of (place.h): a pile is read
					   without a pass over the deck; a
					   view's hidden cards are in none */
	card_id pile_top_card[PILES_MAX];       /* each pile's top card, kept
					   with them (place.h); CARD_NONE
					   when hidden (a view's); read
					   through pile_top */
	uint64_t pile_key[PILES_MAX];   /* of each pile's cards in order, kept
					   with them (place.h): equal piles
					   of as many cards have equal keys,
					   read without a pass over the pile */
	uint8_t dealt_place[CARD_MAX];  /* 1 + the place a card was dealt to */
	uint8_t deal_pos[CARD_MAX];     /* its position in the deal's order */
	uint8_t tricks_won[SEAT_MAX];
	uint16_t void_suits[SEAT_MAX];  /* suits a seat has shown it lacks */

	/* secret rounds of cards (phase.h's phase_secret_*): a pass, a vote,
	 * the cards laid back after a choice, a double trick's face-down
	 * pairs; views hide others' choices in progress */
	int8_t pass_first;              /* first seat to choose */
	uint8_t pass_need[SEAT_MAX];    /* cards each seat chooses this time */
	uint8_t pass_chosen[SEAT_MAX];  /* cards chosen so far */
	cardset passing[SEAT_MAX];      /* chosen, not yet given */

	/* what the table knows of hands and places (views read it) */
	cardset gave[SEAT_MAX];         /* given in the last pass */
	uint8_t passed_by[CARD_MAX];    /* 1 + the seat that passed a card to
					   the hand holding it; 0 */
	uint16_t unseen;                /* seats that have not looked at
					   their hands yet (bits) */
	cardset shown[SEAT_MAX];        /* in the hand, seen by all to go
					   there (taken face up, a meld) */
	cardset pinned[SEAT_MAX];       /* shown, then the seat laid cards
					   face down: in its hand or among
					   them */
	cardset untraced;               /* cards whose first holder the
					   others cannot tell: moved face
					   down, or in a hand that got cards
					   face down */
	int8_t place_known[PLACES_MAX]; /* who laid a face-down place's cards
					   and so knows them; -1 */
	cardset down;                   /* face down in a face-up place (a
					   solitaire's, cards laid back) */
	cardset seen;                   /* cards that have lain face up */

	/* the trick on the table: tricks.c plays it; expressions, melds,
	 * views and front ends read it */
	int8_t leader, last_winner;
	int8_t first_leader;            /* who led the deal's first trick */
	uint8_t trick_no, nplayed;
	card_id table[SEAT_MAX];        /* in play order from the leader */
	cardset played;                 /* every card played this deal */
	cardset trumps;
	trick_record last_trick;
	/* the deal's tricks as the table saw them, numbered through the deal
	 * from 1 (expressions read them: trick_winner(n), laid) */
	uint8_t tricks_done;            /* tricks completed this deal */
	uint8_t trick_of[CARD_MAX];     /* the trick a card went to; 0 */
	int8_t trick_leader[DEAL_TRICKS_MAX], trick_winner[DEAL_TRICKS_MAX];
	cardset laid[SEAT_MAX];         /* the cards each seat played */
	uint16_t called[SEAT_MAX];      /* the tricks' calls each seat made,
					   as bits (announce.c) */
	cardset melded[SEAT_MAX];       /* the cards of the melds each seat
					   declared (meld.h), seen by all */
	uint8_t meld_due;               /* the seat to move declares its
					   melds (this many) before its card;
					   0: it plays */

	/* the deal's outputs: what a phase decides for the rest of the deal
	 * (later phases, expressions, front ends read them); phases write
	 * them only through phase.h (phase_declare, phase_contract_*,
	 * phase_double_record) */
	int8_t declarer;                /* -1: nobody declared */
	int16_t bid;                    /* the contract: 0, no bid */
	int8_t denom;                   /* index into game.denom; -1 */
	int8_t doubled;                 /* 0; 1 doubled; 2 redoubled */
	int8_t dummy;                   /* a hand played by another seat,
					   dummy_by; -1: none */
	int8_t dummy_by;
	double_record last_double;

	/* counters of the deal */
	int64_t counter[COUNTERS_MAX][SEAT_MAX];        /* [k][0] unless
							   per seat */
	uint8_t redeals;                /* deals thrown in and dealt again */

	/* each phase kind's own state for the deal: one slot per kind,
	 * read and written only by the kind's file, cleared by its `reset`
	 * as a deal starts (phase.h) */
	_Alignas(8) unsigned char room[PHASE_KINDS][PHASE_ROOM_SIZE];

	/* scores */
	int64_t deal_score[SEAT_MAX];   /* of the deal scored last */
	int64_t total[SEAT_MAX];
	int64_t kept[KEPT_MAX][SEAT_MAX];
	int8_t place[SEAT_MAX];         /* final places, 1 = first; ties share */
} state;

/* A player's choice of one of the legal `cards` (not empty) of the seat
 * to move in s, for a playout that plays the cards it chooses (a bot's
 * rules of thumb); ctx is its own. */
typedef card_id (*card_chooser)(const state *s, cardset cards, void *ctx);

/* Reading the piles of the places (place.h moves cards between them). */

/* The cards of pile p from the bottom up; how many. */
static inline int pile_in_order(const state *s, int p, card_id *out)
{
	int n = s->pile_size[p];
	for (int w = 0; w < CSET_WORDS; w++)   /* bit by bit: a pile's few */
		for (uint64_t b = s->pile_set[p].w[w]; b; b &= b - 1) {
			card_id c = (card_id)(w * 64 + __builtin_ctzll(b));
			if (s->depth[c] < n)
				out[s->depth[c]] = c;
		}
	return n;
}

/* The cards of pile p, as a set. */
static inline cardset pile_cards(const state *s, int p)
{
	return s->pile_set[p];
}

/* The top card of pile p, or CARD_NONE when it is empty (or hidden in a
 * view). */
static inline card_id pile_top(const state *s, int p)
{
	return s->pile_size[p] ? s->pile_top_card[p] : CARD_NONE;
}

/* The cards of every pile of place k. */
static inline cardset place_cards(const state *s, int k)
{
	const place_def *pl = &s->g->place[k];
	cardset out = cset_empty();
	for (int i = 0; i < pl->npiles; i++)
		out = cset_or(out, s->pile_set[pl->first_pile + i]);
	return out;
}

/* Seat arithmetic on the table, independent of the direction of play:
 * "left" is seat + 1.  Offsets are nearly always within one turn of the
 * table, so the division is avoided in the hot path. */
static inline int state_seat_plus(const state *s, int seat, int k)
{
	int n = s->players;
	int v = seat + k;
	if (v >= n)
		v = v - n < n ? v - n : v % n;
	else if (v < 0)
		v = v + n >= 0 ? v + n : (v % n + n) % n;
	return v;
}

/* The seat `k` steps after `seat` in the direction of play. */
static inline int state_next_seat(const state *s, int seat, int k)
{
	return state_seat_plus(s, seat, s->g->direction > 0 ? k : -k);
}

#endif
