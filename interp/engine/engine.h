/*
 * engine.h — the engine: a pure state machine over a compiled game.
 *
 * The API has OpenSpiel's shape; front ends and bots use nothing else:
 *
 *     state_setup        a new match (players, first dealer, options, seed)
 *     state_clone        a copy that plays on independently
 *     state_current      the seat to move, SEAT_CHANCE or SEAT_END
 *     state_deal         the chance move: shuffle and deal (from the seed)
 *     state_deal_cards   the chance move scripted (tests, transcripts)
 *     state_legal        the legal actions, sorted (action.h)
 *     state_apply        one action; refused (state unchanged) when illegal
 *     state_over         the match is over; deal_score, total, place
 *     state_view         what one seat may see (view.h)
 *
 * Each action goes to the phase in progress through the table of phase
 * kinds (phase.h).  The deal is scored as its last action is applied; the
 * match then waits for the next chance move, or is over.
 */
#ifndef CARDRULES_ENGINE_H
#define CARDRULES_ENGINE_H

#include <stddef.h>

#include "engine/state.h"
#include "lang/expr.h"

/* Sets up a match.  options[i] gives option i, or the default when NULL.
 * Returns false with a reason when the player count or an option is out
 * of range or the deal does not fit the deck. */
bool state_setup(state *s, const game *g, int players, int dealer,
		 const int64_t *options, uint64_t seed, char *why, size_t size);

static inline int state_current(const state *s)
{
	return s->current;
}

static inline bool state_over(const state *s)
{
	return s->over;
}

/* A state is flat: a clone is a copy, and plays on independently. */
static inline void state_clone(state *dst, const state *src)
{
	*dst = *src;
}

/* When the seat to move has no legal action, the rule file has led the
 * deal into a dead end: the match stops (SEAT_END) with state.fault set
 * to FAULT_NO_MOVE.  True then.  Front ends call it before they ask for
 * a decision; the random paths below check by themselves. */
bool state_stuck(state *s);

/* What the last deal was worth to seat: its score less the mean of its
 * opponents' (the seats of other teams), turned round when the match
 * ranks the lowest total first (penalty games), so that more is always
 * better; a solitaire's score as it is.  What bots try to raise: points
 * given to the others count as much as points taken. */
double state_deal_worth(const state *s, int seat);

/* Melds declared by choice (meld.h), for front ends and bots: the melds
 * of seat's hand as dealt, into out[MELDS_MAX] (how many); the action
 * that declares all of the seat to move's (what transcripts written
 * before melds could be withheld meant); and the meld points of seat's
 * side if the melds declared so far stood and the seat declared a. */
int state_melds(const state *s, int seat, meld *out);
action state_declare_all_melds(const state *s);
int64_t state_meld_points(const state *s, int seat, const action *a);

/* What a phase kind keeps of the deal in its own room (phase.h), for
 * front ends; each is defined in the kind's file. */

/* pass.c: the seat offset of the pass in progress (or of the last). */
int state_pass_offset(const state *s);

/* tricks.c: the cards that follow the lead of the trick on the table;
 * whether the lowest card of a plain suit wins it. */
cardset state_trick_follow(const state *s);
bool state_lowest_wins(const state *s);

/* choose.c: the choice whose cards the seat to move lays back (-1:
 * none); the last choice each seat made in the deal (-1: none). */
int state_laying(const state *s);
int state_choice(const state *s, int seat);

/* vote.c: the suit the vote phase with index `index` elected; -1 before
 * the vote, or when it elected none. */
int state_elected(const state *s, int index);

/* double.c: the leader of the double trick in progress, and each seat's
 * pair in it: laid yet, face down, its cards when face up. */
typedef struct laid_pair {
	bool laid, down;
	card_id card[2];
} laid_pair;
int state_double_leader(const state *s);
laid_pair state_laid_pair(const state *s, int seat);

/* layout.c: the solitaire was won (its `won` held) or lost by a move's
 * `loses`; the moves made; the cards the last move's attack turned
 * down; whether the opening is still offered. */
bool state_solved(const state *s);
bool state_layout_lost(const state *s);
int state_layout_moves(const state *s);
cardset state_killed(const state *s);
bool state_layout_opening(const state *s);

/* layout.c, for bots: how far a solitaire has got, by its layout's
 * `progress` (else the score), what search bots maximise short of a
 * win; how many cards the attack of action a would turn down (0 for a
 * move without one); the legal actions that spend no card (a ploy), or
 * all of them when each spends one, what a player keeping its ploys
 * considers (-1 when no layout is in progress); whether action a spends
 * a card. */
int64_t layout_progress(const state *s);
int layout_kills(const state *s, const action *a);
int layout_legal_thrifty(const state *s, action *out);
bool layout_spends(const state *s, const action *a);

/* The fault that stopped the match, in words ("" when none). */
const char *state_fault_text(const state *s);

/* The chance move: deals from the shuffle of (seed, deal number). */
void state_deal(state *s);

/* The chance move scripted: hands[seat], then the rest in dealing order:
 * the places' cards (game.place in order, one to each of a place's piles
 * in turn), then the leftovers (the first face_up of them face up).  Refused (false, with a reason)
 * unless the cards are exactly the deck in play, with the right counts. */
bool state_deal_cards(state *s, const cardset *hands, const card_id *leftover,
		      int nleftover, char *why, size_t size);

/* The legal actions of the seat to move, sorted (action_compare); returns
 * how many, at most ACTIONS_MAX (0 at a chance node or at the end). */
int state_legal(const state *s, action *out);

/* The legal cards, when the phase in progress decides with single cards
 * (playing, passing); the empty set otherwise. */
cardset state_legal_cards(const state *s);

/* Is a legal now? */
bool state_is_legal(const state *s, const action *a);

/* Applies a legal action; returns false and changes nothing otherwise. */
bool state_apply(state *s, action a);

/* Applies an action just taken from state_legal's list, without checking
 * it again (a bot's playout, where the check would double the work). */
void state_apply_listed(state *s, action a);

/* Plays card c, passes it, or chooses it: state_apply(action_card(c)). */
static inline bool state_apply_card(state *s, card_id c)
{
	return state_apply(s, action_card(c));
}

/* The kind of the phase in progress; -1 between deals. */
int state_phase_kind(const state *s);

/* Applies one uniformly random legal action of the seat to move, and
 * returns it (ACT_NONE when no player is to move): random bots' fast path,
 * which finds the legal actions once. */
action state_apply_random(state *s, rng *r);

/* Plays the deal on with uniformly random legal actions from the current
 * state (dealing first at a chance node), to its scoring: the bots'
 * playout. */
void state_random_playout(state *s, rng *r);

/* The same with one generator per seat: each seat's actions are drawn from
 * r->seat[seat] exactly as state_apply_random() draws them, so a deal
 * played here equals one played decision by decision with those
 * generators.  simulate's random bots and the benchmark. */
void state_random_playout_seats(state *s, const seat_rngs *r);

/* The decision due from the seat to move: its verb and how many actions
 * it takes ({NULL, 0} when no player is to move). */
action_prompt state_decision(const state *s);

/* The words of actions a[0..n) taken from state s, without the verb. */
void state_action_words(const state *s, const action *a, int n, char *buf,
			size_t size);

/* Reads the words of a decision (the verb taken off) into out[0..*n);
 * false with one line of explanation in err. */
bool state_parse_actions(const state *s, char *const *word, int nword,
			 action *out, int *n, char *err, size_t size);

/* Why the seat to move may not take action a now, in words. */
void state_why_illegal(const state *s, const action *a, char *buf,
		       size_t size);

#endif
