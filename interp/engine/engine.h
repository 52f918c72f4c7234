/*
 * engine.h — the engine: a pure state machine over a compiled game.
 *
 * The API has OpenSpiel's shape; front ends and bots use nothing else:
 *
 *     state_setup        a new match (players, first dealer, options, seed)
 *     state_clone        a copy that plays on independently
 *     state_current      the seat to move, SEAT_CHANCE or SEAT_END
 *     state_decider      the seat that decides for it (a dummy's player)
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
#include <stdio.h>

#include "engine/state.h"
#include "engine/tale.h"
#include "engine/wording.h"
#include "lang/expr.h"

/* Tells the rule-file checker which hooks the engine has (loading a
 * game does it too): for checking files and printing the schema before
 * any game is loaded. */
void engine_register_hooks(void);

/* Sets up a match.  options[i] gives option i, or the default when NULL.
 * Returns false with a reason when the player count or an option is out
 * of range or the deal does not fit the deck. */
bool state_setup(state *s, const game *g, int players, int dealer,
		 const int64_t *options, uint64_t seed, char *why, size_t size);

static inline int state_current(const state *s)
{
	return s->current;
}

/* The seat that decides for the seat to move: itself, or for a dummy
 * (a hand played by another seat), the seat that plays it. */
static inline int state_decider(const state *s)
{
	return s->current >= 0 && s->current == s->dummy ? s->dummy_by
							 : s->current;
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

/* The counter called `name` (counters: in the rule file) as it stands in
 * the deal in progress, or in the deal last scored until the next is
 * dealt: seat's own for a per-seat counter, the table's otherwise.  False
 * when the game has no counter of that name. */
bool state_counter(const state *s, const char *name, int seat,
		   int64_t *out);

/* Whether the table shows counter k now (its `show`; seat for a per-seat
 * counter, else -1). */
bool state_counter_shown(const state *s, int k, int seat);

/* A value of counter k as players read it: its name from the counter's
 * `names`, or the number; always buf. */
const char *game_counter_value(const game *g, int k, int64_t v, char *buf,
			       size_t size);

/* Melds declared by choice (meld.h), for front ends and bots: the melds
 * of seat's hand as dealt, into out[MELDS_MAX] (how many); the action
 * that declares all of the seat to move's (what transcripts written
 * before melds could be withheld meant); and the meld points of seat's
 * side if the melds declared so far stood and the seat declared a. */
int state_melds(const state *s, int seat, meld *out);
action state_declare_all_melds(const state *s);
int64_t state_meld_points(const state *s, int seat, const action *a);

/* The named values of the scoring (`let`) evaluated on s as it is, in
 * slots (VARS_SLOTS_MAX values): the per-seat value of seat p of let i at
 * slots[g->let[i].slot + p], a table-wide one at slots[g->let[i].slot].
 * Mid-deal, what the values would be if the deal ended now. */
void state_score_values(const state *s, value *slots);

/* The named values of the deal just scored in `scored`, as its scoring
 * saw them; `during` is any state of that deal before it was scored (it
 * holds the totals and kept values from before the deal). */
void state_scored_values(const state *scored, const state *during,
			 value *slots);

/* Whether the table shows named value `let` (g->let[let]) for seat,
 * where its `show` holds over the values in `slots` (of state_score_values
 * or state_scored_values on s); a value hidden everywhere stays in the
 * JSON of simulate and replay. */
bool state_value_shown(const state *s, value *slots, int let, int seat);

/* The seat has looked at its hand: false while it is to choose before
 * looking (a choose round's `unseen`, blind nil). */
static inline bool state_sees_hand(const state *s, int seat)
{
	return !(s->unseen >> seat & 1);
}

/* The melds that score in the deal of s, as the game's melds rule finds
 * them: each seat's melds and points, and the best holder. */
void state_meld_result(const state *s, meld_result *r);

/* The trumps of the deal's tricks as far as they are known, those of the
 * trick play in progress or of the next one; their order of power among
 * themselves in power[CARD_MAX] (1 = lowest; left as it was when the
 * deal has no tricks). */
cardset state_trumps_ahead(const state *s, uint8_t *power);

/* What the phase in progress tells bots of action a (all zero when it
 * tells nothing). */
move_hint state_move_hint(const state *s, const action *a);

/* What the rules advise a search about legal action a: ADVICE_SAFE, it
 * can never hurt the seat to move (a layout move's `safe`), so a search
 * need try no other; ADVICE_LAST, it is tried after every other (a
 * move's `last-resort`); else ADVICE_NONE. */
move_advice state_move_advice(const state *s, const action *a);

/* The legal actions that spend nothing a player keeps for when stuck,
 * or all when each does (a solitaire's playouts); how many. */
int state_legal_saving(const state *s, action *out);

/* How far the deal has got toward its goal, by the first phase that
 * measures it (a layout's `progress`), else seat 0's deal score: what
 * search bots maximise short of a win. */
int64_t state_progress(const state *s);

/* The table's words (tale.h), from the phase kinds.  What `seat` did
 * with a[0..n) in `before`, leading to `after`, and what followed in its
 * phase; what seat q alone learns is added to news[q] (SEAT_MAX tales),
 * for the front end to tell and clear. */
void state_narrate(const state *before, const state *after, int seat,
		   const action *a, int n, const audience *who, tale *out,
		   tale *news);
/* The words before a decision, after the hand; true when they are all
 * the prompt shows. */
bool state_context(const state *s, const audience *who, tale *out);
/* What lies on the table of the phase in progress. */
void state_table(const state *s, const audience *who, tale *out);
/* What the deal's phases have decided so far, a line each. */
void state_decided(const state *s, tale *out);
/* The phase in progress draws its places as the board. */
bool state_shows_board(const state *s);
/* Whether a phase of game g lays place k out as a tableau: turns up the
 * tops of its piles or deals them (drawn as columns even before any pile
 * is stacked). */
bool game_reveals_place(const game *g, int k);
/* Whether game g bids for a contract in an auction phase. */
bool game_has_auction(const game *g);
/* How the game's decisions are typed, a line each. */
void game_help(const game *g, tale *out);

/* Phase i of game g's rules in sentences, for `cardrules explain`. */
void game_explain_phase(FILE *out, const game *g, int i);
/* What a phase kind keeps of the deal in its own room (phase.h), for
 * front ends; each is defined in the kind's file. */

/* pass.c: the seat offset of the pass in progress (or of the last). */
int state_pass_offset(const state *s);

/* tricks.c: whether the lowest card of a plain suit wins the trick on
 * the table. */
bool state_lowest_wins(const state *s);
/* tricks.c, for the rules of thumb, which take a trick cheaply or duck
 * under it.  In a trick in progress whose winner is the best card by the
 * rules of the phase (the highest of the suit led, or trump), or whose
 * last card is due (a hook decides the winner), the cards of `cards` that
 * would take the lead if played now; false otherwise.  The seat whose
 * card leads the trick so far (-1: none, or a hook decides).  The seats
 * still to play to it after the seat to move, in order, into
 * seats[SEAT_MAX]; how many. */
bool state_cards_taking_lead(const state *s, cardset cards,
			     cardset *taking);
int state_trick_holder(const state *s);
int state_trick_still_to_play(const state *s, int *seats);

/* choose.c: the choice whose cards the seat to move lays back (-1:
 * none); the last choice each seat made in the deal (-1: none). */
int state_laying(const state *s);
int state_choice(const state *s, int seat);

/* vote.c: the suit the vote phase with index `index` elected; -1 before
 * the vote, or when it elected none. */
int state_elected(const state *s, int index);

/* double.c: each seat's pair in the double trick in progress: laid yet,
 * face down, its cards when face up. */
typedef struct laid_pair {
	bool laid, down;
	card_id card[2];
} laid_pair;
laid_pair state_laid_pair(const state *s, int seat);

/* When every legal action of the seat to move lays `n` cards of its hand
 * together, any n of them (a double trick's pair; action_pair): n, and
 * the faces it may lay them with into *faces, as bits; 0 (and no faces)
 * otherwise.  Bots choose such cards from the hand, without listing
 * every pair. */
#define LAY_UP 1u
#define LAY_DOWN 2u
int state_lays_together(const state *s, unsigned *faces);

/* layout.c: the solitaire was won (its `won` held) or lost by a move's
 * `loses`; the moves made; the cards the last move's attack turned
 * down; whether the opening is still offered. */
bool state_solved(const state *s);
bool state_layout_lost(const state *s);
int state_layout_moves(const state *s);
cardset state_killed(const state *s);
bool state_layout_opening(const state *s);

/* Whether the piles of place `place` are interchangeable in the layout
 * being played: two layouts that differ only in which of them holds
 * what play alike (false outside a layout).  A move that deals a card
 * onto each pile keeps them apart only while it may still be made (not
 * once the places it takes from are empty for good). */
bool state_piles_interchangeable(const state *s, int place);

/* Whether the cards that reach place `place` in the layout being played
 * stay there (no move, draw or payment takes from it: Golf's waste, the
 * cards a Pyramid removes); then the play reads its piles only as sets
 * and by their top cards, so that the order under the tops no longer
 * matters (false outside a layout). */
bool state_place_kept(const state *s, int place);

/* layout_runs.c: the face-up cards of the layout being played that lie
 * on a face-up card in sequence, as a run move from their place would
 * carry them (its `sequence` holds, the upper card as `card`, the one
 * under it as `target`); 0 outside a layout. */
int state_cards_in_sequence(const state *s);


/* The fault that stopped the match, in words ("" when none). */
const char *state_fault_text(const state *s);

/* The cards each player gets in deal number `deal` at this table (a hand
 * that depends on the deal: game.sizes_by_deal), and how many of the
 * leftovers lie face up then; -1 for a deal whose cards do not fit. */
int state_hand_in_deal(const state *s, int deal, int *face_up);

/* The chance move: deals from the shuffle of (seed, deal number). */
void state_deal(state *s);

/* The chance move scripted: hands[seat], then the rest in dealing order:
 * the places' cards (game.place in order, one to each of a place's piles
 * in turn), then the leftovers (the first face_up of them face up).  Refused (false, with a reason)
 * unless the cards are exactly the deck in play, with the right counts. */
bool state_deal_cards(state *s, const cardset *hands, const card_id *leftover,
		      int nleftover, char *why, size_t size);

/* The same for a game that turns a card up (deal.turn-up): `turned`, one
 * of the hands' cards; refused without one for such a game. */
bool state_deal_cards_turned(state *s, const cardset *hands,
			     const card_id *leftover, int nleftover,
			     card_id turned, char *why, size_t size);

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

/* Whether the decision is a call in a round of calls, each seat naming
 * a number kept for the deal (Spades' and Oh Hell's bids), not a bid to
 * beat in an auction.  Its actions' state_move_hint then gives in `gain`
 * the number each stands for (a word's too), and marks `commits` a word
 * that raises counters besides (nil). */
bool state_calls_round(const state *s);

/* The number `seat` called in the deal's round of calls (Spades' and Oh
 * Hell's bids; a word counts as the number it stands for), once the
 * round is over; -1 when the game has no such round or the deal has not
 * passed it. */
int state_call_of(const state *s, int seat);

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

/* Plays on the cards `choose` picks from the legal cards while the seat
 * to move decides by a single card (state_legal_cards() not empty) in
 * one phase, stopping when the phase ends or another decision is due:
 * the same play as state_apply_listed() of each choice, without the
 * engine's general step per card.  A bot's playout by its own rules. */
void state_play_chosen_cards(state *s, card_chooser choose, void *ctx);

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

/* ----------------------------------------------------------------------
 * Views: what one seat may see, and guesses at what it cannot.
 *
 * A view is a state with the hidden information taken out: other players'
 * hands keep only the cards the seat knows they hold (those it passed to
 * them, those all saw go there, declared melds among them: state.shown),
 * cards being passed by others are hidden, and face-down leftovers and
 * cards of face-down places are gone (their positions are kept); of what
 * others were dealt it keeps the cards it could follow from their hands.
 * A seat that has not looked at its hand yet (state.unseen: blind nil)
 * sees its own as it sees another's.  Bots receive views only, so no bot
 * can read hidden cards.
 * view_sample() deals the unknown cards at random, consistently with what
 * the seat has seen (hand sizes, suits a player showed it lacks, shown
 * cards laid back with others), and completes what each was dealt: the
 * determinization that Monte Carlo bots play out.
 * ---------------------------------------------------------------------- */

typedef struct view {
	state s;                        /* the seat's knowledge */
	int8_t seat;
	cardset unknown;                /* cards whose place the seat cannot know */
	uint8_t hidden[SEAT_MAX];       /* cards of each hand it cannot place */
	uint8_t hidden_leftover;        /* face-down leftovers */
	uint8_t chosen[SEAT_MAX];       /* cards others have chosen to pass */
	uint8_t hidden_slots;           /* face-down cards in places: */
	uint8_t slot_pile[CARD_MAX];    /* the pile of each */
	uint8_t slot_depth[CARD_MAX];   /* and its position there */
	cardset slot_down;              /* slots (as bits by index) lying face
					   down in a face-up place */
	int8_t slot_by[CARD_MAX];       /* who laid each slot's card; -1 */
	cardset pinned[SEAT_MAX];       /* unknown cards in a seat's hand or
					   among those it laid face down */
	cardset untraced;               /* cards whose first holder the seat
					   cannot tell */
	uint8_t untold[SEAT_MAX];       /* cards dealt to each seat that are
					   not in its s.dealt */
} view;

void state_view(const state *s, int seat, view *v);

/* A full state that agrees with everything the view shows. */
void view_sample(const view *v, rng *r, state *out);

#endif
