/*
 * thumb.h — rules of thumb for trick-taking games: a move chosen at once,
 * with no search, from the position alone.  The `low` bot plays them, and
 * the tree search plays its playouts with them.
 */
#ifndef CARDRULES_THUMB_H
#define CARDRULES_THUMB_H

#include "engine/engine.h"

/* A seat's part in the deal: nobody has declared (a contract, a solo),
 * or its side declared, or the other side did.  Tricks can cost in one
 * and score in another: in Schieberamsch's Ramsch they cost, in a Grand
 * Hand both the soloist and the defenders want them. */
typedef enum thumb_role {
	ROLE_NO_DECLARER,
	ROLE_DECLARING,
	ROLE_DEFENDING,
	ROLES
} thumb_role;

/* What the rules of thumb know of a game, learnt from its rules. */
typedef struct thumb_style {
	bool tricks_cost[ROLES];        /* taking tricks loses points */
	/* where each seat calls the tricks it will take (Spades, Oh Hell):
	 * a side short of its calls does better by taking tricks, one that
	 * has them by taking no more, a seat that called none by taking
	 * none; each as the deals learnt from showed it */
	bool call_short_takes, call_over_costs, call_none_ducks;
} thumb_style;

/* The part of `seat` in the deal in s. */
thumb_role thumb_role_of(const state *s, int seat);

/* Plays random deals of g at a table of `players` and sees, for each
 * part a seat can have in a deal, whether the seats that take more tricks
 * do worse (a game of penalty points, however its scores are signed) or
 * better; and, where each seat calls its tricks, how a side's score
 * goes with its tricks short of its calls, equal to them and over them. */
thumb_style thumb_learn(const game *g, int players);

/* One of moves[0..n) (n >= 1) for the seat to move in s.  Tricks cost or
 * score by the seat's part in the deal, or, once the calls are made, by
 * its side's tricks against its calls as learnt (take while short, then
 * duck; a seat that called none ducks).  Where tricks
 * cost: in a trick whose lead can be
 * told, the highest card that stays under it (else the highest); else
 * the lowest card it may play, and when it cannot follow the highest it
 * may throw away or pass on.  Where they score: in such a trick, the
 * lowest card that takes the lead unless its side has it (else the
 * lowest, or, when only its side plays after it, the highest that leaves
 * the lead there); else the highest, and the lowest to throw away or
 * pass on.
 * Where tricks score, a card thrown away or laid back is never a trump
 * while another card can go.
 * The lowest pair face up, the lowest bid only when nobody has bid
 * (else a pass), in a round of calls (Spades' bids) the number of tricks
 * the hand hopes to take by a player's count of its high cards and
 * trumps, a choice that changes nothing when there is one (of choices
 * that all commit, such as Skat's games, the one that makes most of the
 * hand trumps), and the
 * melds that score most for the side against those declared so far (the
 * most melds among equals). */
action thumb_choose(const state *s, const thumb_style *style,
		    const action *moves, int n);

/* The card the rules of thumb play or pass among the legal `cards` (not
 * empty): thumb_choose's card without a list of actions. */
card_id thumb_card(const state *s, const thumb_style *style, cardset cards);

/* How thumb_play_deal plays: the rules of thumb three times in four and
 * any legal action otherwise (a search's playouts, which should not all
 * be alike); or the cards at random and every other decision (a bid, a
 * declaration) by the rules of thumb; or the cards as in a playout and
 * the calls by the rules of thumb; or everything by the rules of thumb
 * (a deal played on after a call, to judge that call alone: random
 * cards weaken the side that must hold together, the defenders, and
 * every contract looks easier than it is). */
typedef enum thumb_mix {
	MIX_PLAYOUT,
	MIX_CARDS_AT_RANDOM,
	MIX_CALLS_BY_THUMB,
	MIX_THUMB,
} thumb_mix;

/* One decision of the seat to move in s, played as thumb_play_deal plays
 * it; false when it has no legal action. */
bool thumb_step(state *s, const thumb_style *style, thumb_mix mix, rng *r);

/* The decisions due in s played as thumb_step plays them, one after
 * the other: while the seats decide by a single card, every card to the
 * end of the phase in one go (the engine's fast loop); otherwise one
 * decision.  False when the seat to move has no legal action. */
bool thumb_play_on(state *s, const thumb_style *style, thumb_mix mix,
		   rng *r);

/* Plays the deal in s (dealing it first at a chance node) to its score. */
void thumb_play_deal(state *s, const thumb_style *style, thumb_mix mix,
		     rng *r);

#endif
