/*
 * meld.h — melds declared by choice.
 *
 * In a tricks phase with `declare-melds: chosen`, each player who holds
 * melds declares all, none or some of them as they play to the first
 * trick: one decision (ACT_MELDS) before their card, due while
 * state.meld_due holds the number of their melds.  A player's melds are
 * those the game's melds hook finds in their hand as dealt, in the hook's
 * order; the action's number has bit k set when meld k is declared, so a
 * player with k melds has 2^k choices.  The cards of the melds declared
 * go to state.melded: every seat sees them, and the deal's melds are
 * scored from them alone (those withheld stay hidden and score nothing).
 *
 * Words: `all`, `none`, or the cards of the melds declared ("10S JS QS").
 */
#ifndef CARDRULES_MELD_H
#define CARDRULES_MELD_H

#include <stddef.h>

#include "engine/state.h"

/* The game's melds hook over hands (by seat), for seat alone or, with
 * seat -1, every seat in the order of play to the first trick. */
void meld_run_hook(const state *s, const cardset *hands, int seat,
		   meld_result *r);

/* The melds of seat's hand as dealt, in the hook's order, into out[]
 * (MELDS_MAX); how many.  None when the game has no melds hook. */
int meld_find(const state *s, int seat, meld *out);

/* How many melds seat holds in its hand as dealt. */
int meld_count(const state *s, int seat);

/* Every choice of the seat to move: 1 << state.meld_due, in order. */
int meld_legal(const state *s, action *out);

/* The seat to move declares every meld it holds (what a transcript
 * written before melds could be withheld did). */
action meld_all(const state *s);

/* Records the seat to move's declaration (a legal ACT_MELDS). */
void meld_apply(state *s, const action *a);

/* "all", "none", or the cards of the melds declared. */
void meld_words(const state *s, const action *a, char *buf, size_t size);

/* Reads those words for the seat to move; false with one line of
 * explanation when they name no choice of its melds. */
bool meld_parse(const state *s, char *const *word, int nword, action *out,
		char *err, size_t size);

/* The meld points of seat's side if the melds declared so far stood and
 * the seat declared a: what a player can know of a choice's worth. */
int64_t meld_side_points(const state *s, int seat, const action *a);

#endif
