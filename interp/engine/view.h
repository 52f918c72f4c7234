/*
 * view.h — what one seat may see, and guesses at what it cannot.
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
 */
#ifndef CARDRULES_VIEW_H
#define CARDRULES_VIEW_H

#include "util/rng.h"
#include "engine/engine.h"

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
