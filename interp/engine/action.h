/*
 * action.h — one decision of a player, of every kind the games need.
 *
 * An action is small and flat (ten bytes, no pointers), so legal actions
 * are listed into caller arrays without allocation.  Its kind says which
 * fields mean something:
 *
 *     ACT_CARD      card[0]: a card played, passed, voted or laid away
 *     ACT_CARDS     card[0] < card[1]: two cards at once, face up or down
 *     ACT_BID       number, and denom (an index into the phase's
 *                   denominations, or DENOM_NONE)
 *     ACT_PASS      no bid
 *     ACT_DOUBLE    double the standing bid
 *     ACT_REDOUBLE  redouble it
 *     ACT_CHOICE    number: one of the phase's named choices (yes/no
 *                   declarations, pick up or push, the moon's choice)
 *     ACT_MOVE      number: a solitaire's kind of move; card[0] the card
 *                   that leads it (the top card, or a run's first),
 *                   from its pile `from` to the pile `to`
 *     ACT_MELDS     number: the melds declared at the first trick, one
 *                   bit per meld of the player's (meld.h)
 *
 * flags holds ACT_DOWN when cards go face down.  Legal actions are sorted
 * by action_compare: by kind, then by the fields in the order above, so
 * the same position always lists its actions in the same order.  Their
 * words (`play QS`, `bid 120 undenufe`, `double`, `grand`) are written and
 * read by the phase that offers them, one set of words for the text loop,
 * transcripts and JSON alike.
 */
#ifndef CARDRULES_ACTION_H
#define CARDRULES_ACTION_H

#include <stdbool.h>
#include <stdint.h>

#include "cards/cardset.h"

typedef enum action_kind {
	ACT_NONE,
	ACT_CARD,
	ACT_CARDS,
	ACT_BID,
	ACT_PASS,
	ACT_DOUBLE,
	ACT_REDOUBLE,
	ACT_CHOICE,
	ACT_MOVE,
	ACT_MELDS,
} action_kind;

#define ACT_DOWN 1              /* flags: the cards go face down */
#define DENOM_NONE 0xff
#define PLACE_NONE 0xff

/* The most legal actions one position can have: two cards out of a
 * thirteen-card hand face up or down is 156; an auction's numbers times
 * its denominations stays below this too. */
#define ACTIONS_MAX 512

typedef struct action {
	uint8_t kind;                   /* action_kind */
	uint8_t flags;
	card_id card[2];
	int16_t number;
	uint8_t denom;
	uint8_t from, to;
} action;

static inline action action_card(card_id c)
{
	action a = {.kind = ACT_CARD, .card = {c, CARD_NONE},
		    .denom = DENOM_NONE, .from = PLACE_NONE, .to = PLACE_NONE};
	return a;
}

static inline action action_of(action_kind kind, int number)
{
	action a = {.kind = (uint8_t)kind, .card = {CARD_NONE, CARD_NONE},
		    .number = (int16_t)number, .denom = DENOM_NONE,
		    .from = PLACE_NONE, .to = PLACE_NONE};
	return a;
}

/* Two cards laid together, face up or down (a double trick's pair):
 * a and b in the order of their ids. */
static inline action action_pair(card_id a, card_id b, bool down)
{
	action x = {.kind = ACT_CARDS, .flags = down ? ACT_DOWN : 0,
		    .card = {a < b ? a : b, a < b ? b : a},
		    .denom = DENOM_NONE, .from = PLACE_NONE, .to = PLACE_NONE};
	return x;
}

/* The decision due from a seat: its verb ("play", "pass", "bid") and how
 * many actions it is made of (a pass of three cards is three). */
typedef struct action_prompt {
	const char *verb;
	int actions;
} action_prompt;

/* Orders actions: negative, zero or positive, like strcmp.  Inline: the
 * searches compare actions in their inner loops. */
static inline int action_compare(const action *a, const action *b)
{
	/* field by field, in the order above */
#define ACTION_BY(field) \
	if (a->field != b->field) \
		return a->field < b->field ? -1 : 1
	ACTION_BY(kind);
	ACTION_BY(flags);
	ACTION_BY(card[0]);
	ACTION_BY(card[1]);
	ACTION_BY(number);
	ACTION_BY(denom);
	ACTION_BY(from);
	ACTION_BY(to);
#undef ACTION_BY
	return 0;
}

static inline bool action_eq(const action *a, const action *b)
{
	return action_compare(a, b) == 0;
}

/* Sorts a list of actions into the canonical order. */
void action_sort(action *list, int n);

/* action_sort for a list of many different first cards (a layout's
 * moves): put in order of card[0] first by counting, which keeps the
 * order of each card's actions, then by insertion, which then moves few.
 * The order is action_sort's. */
void action_sort_by_card(action *list, int n);

/* The action at index i (0 <= i < n) of the list as action_sort_by_card
 * would order it, found without ordering all of it (a random playout
 * takes one): the actions of its first card alone are put in order.
 * The list may be reordered. */
action action_nth_by_card(action *list, int n, int i);

/* Index of a in the list, or -1. */
int action_find(const action *list, int n, const action *a);

/* What the rules advise a search about a move: nothing; it can never
 * hurt (make it without trying others); or try it after every other. */
typedef enum move_advice {
	ADVICE_NONE,
	ADVICE_SAFE,
	ADVICE_LAST,
} move_advice;

/* What a phase can tell bots of a move without searching: the cards it
 * wins or turns down at once (a solitaire's attack); whether it spends
 * something a player keeps for when stuck (a ploy); whether its card
 * leaves the hand without contesting anything (a card passed, a discard
 * on a trick the seat cannot follow); whether it commits the seat to
 * more than it was (a choice that declares, takes cards or raises a
 * counter). */
typedef struct move_hint {
	int gain;
	bool spends;
	bool gives_away;
	bool commits;
} move_hint;

#endif
