/* thumb.c — rules of thumb: a move without search. */
#include <string.h>

#include "front/thumb.h"

/* Deals played at random to learn from: enough for the sign of a strong
 * effect, few enough to cost a few milliseconds. */
#define LEARN_DEALS 200

/* A uniformly random card of a non-empty set. */
static card_id random_card(cardset cards, rng *r)
{
	return cset_nth(cards, (int)rng_below(r, (uint32_t)cset_count(cards)));
}

static card_id lowest_card(const deck *d, cardset cards);

/* The rules of thumb's pair when any two cards of the hand may be laid
 * together: thumb_choose's lowest pair, face up when it may be, found
 * from the hand without the list of every pair. */
static action lowest_pair(const state *s, unsigned faces)
{
	const deck *d = &s->g->deck;
	cardset hand = s->hand[s->current];
	card_id a = lowest_card(d, hand);
	cset_del(&hand, a);
	return action_pair(a, lowest_card(d, hand), !(faces & LAY_UP));
}

bool thumb_step(state *s, const thumb_style *style, thumb_mix mix, rng *r)
{
	/* a card decision straight from the set of legal cards: no list to
	 * build */
	cardset cards = state_legal_cards(s);
	if (!cset_is_empty(cards)) {
		bool any = mix == MIX_CARDS_AT_RANDOM ||
			   (mix != MIX_THUMB && rng_below(r, 4) == 0);
		card_id c = any ? random_card(cards, r)
				: thumb_card(s, style, cards);
		state_apply_listed(s, action_card(c));
		return true;
	}
	/* two cards laid together (a double trick's pair), drawn or chosen
	 * from the hand: listing every pair costs more than the playout's
	 * other steps together */
	unsigned faces;
	if (state_lays_together(s, &faces) == 2) {
		if (mix == MIX_PLAYOUT && rng_below(r, 4) == 0)
			return state_apply_random(s, r).kind != ACT_NONE;
		state_apply_listed(s, lowest_pair(s, faces));
		return true;
	}
	action moves[ACTIONS_MAX];
	int n = state_legal(s, moves);
	if (n == 0)
		return false;
	bool any = mix == MIX_PLAYOUT && rng_below(r, 4) == 0;
	state_apply_listed(s, any ? moves[rng_below(r, (uint32_t)n)]
				  : thumb_choose(s, style, moves, n));
	return true;
}

/* How thumb_step chooses a card, for the engine's loop of cards. */
typedef struct card_mix {
	const thumb_style *style;
	thumb_mix mix;
	rng *r;
} card_mix;

/* thumb_step's card, from the same draws. */
static card_id mixed_card(const state *s, cardset cards, void *ctx)
{
	const card_mix *m = ctx;
	bool any = m->mix == MIX_CARDS_AT_RANDOM ||
		   (m->mix != MIX_THUMB && rng_below(m->r, 4) == 0);
	return any ? random_card(cards, m->r) : thumb_card(s, m->style, cards);
}

bool thumb_play_on(state *s, const thumb_style *style, thumb_mix mix,
		   rng *r)
{
	if (cset_is_empty(state_legal_cards(s)))
		return thumb_step(s, style, mix, r);
	card_mix m = {style, mix, r};
	state_play_chosen_cards(s, mixed_card, &m);
	return true;
}

void thumb_play_deal(state *s, const thumb_style *style, thumb_mix mix,
		     rng *r)
{
	if (state_current(s) == SEAT_CHANCE)
		state_deal(s);
	int deal = s->deal_no;
	while (s->current >= 0 && s->deal_no == deal &&
	       thumb_play_on(s, style, mix, r))
		;
}

thumb_role thumb_role_of(const state *s, int seat)
{
	if (s->declarer < 0)
		return ROLE_NO_DECLARER;
	const game *g = s->g;
	return g->team_of[seat] == g->team_of[s->declarer] ? ROLE_DECLARING
							   : ROLE_DEFENDING;
}

/* Tricks taken against the deal's worth, seat by seat: their covariance. */
typedef struct covariance {
	double t, w, tw, n;
} covariance;

static void covariance_add(covariance *c, double t, double w)
{
	c->t += t;
	c->w += w;
	c->tw += t * w;
	c->n++;
}

static double covariance_of(const covariance *c)
{
	return c->n > 0 ? c->tw / c->n - (c->t / c->n) * (c->w / c->n) : 0;
}

/* A part that fewer seats than this had in the deals learnt from is
 * judged with all the seats together. */
#define LEARN_ROLE_MIN 40

/* A seat's deal worth by how its tricks stood against a call. */
typedef struct call_outcome {
	double sum[3], n[3];            /* short, equal, over */
} call_outcome;

static void call_outcome_add(call_outcome *o, int tricks, int called,
			     double worth)
{
	int k = tricks < called ? 0 : tricks == called ? 1 : 2;
	o->sum[k] += worth;
	o->n[k]++;
}

/* Whether the seats with outcome a did worse than those with b, both
 * seen often enough to tell. */
static bool worse(const call_outcome *o, int a, int b)
{
	return o->n[a] >= LEARN_ROLE_MIN && o->n[b] >= LEARN_ROLE_MIN &&
	       o->sum[a] / o->n[a] < o->sum[b] / o->n[b];
}

/* The tricks and the calls of `seat`'s side (every seat of its team). */
static void side_tricks_called(const state *s, int seat, int *tricks,
			       int *called)
{
	*tricks = *called = 0;
	for (int p = 0; p < s->players; p++)
		if (s->g->team_of[p] == s->g->team_of[seat]) {
			*tricks += s->tricks_won[p];
			*called += state_call_of(s, p);
		}
}

/* Plays the deal in s with every call a pass where one may be made
 * (the other decisions by the rules of thumb, which choose what commits
 * least), the cards at random: the deal nobody declares, where the game
 * plays one (Skat's Ramsch once all have passed).  False, the deal left
 * where it is, once a seat declares all the same (a dealer who must) or
 * the deal is thrown in. */
static bool play_deal_passed(state *s, const thumb_style *style, rng *r)
{
	if (state_current(s) == SEAT_CHANCE)
		state_deal(s);
	int deal = s->deal_no, redeals = s->redeals;
	action moves[ACTIONS_MAX];
	while (s->current >= 0 && s->deal_no == deal) {
		/* thrown in once all passed: the same deal dealt again */
		if (s->declarer >= 0 || s->redeals != redeals)
			return false;
		int pass = -1;
		if (cset_is_empty(state_legal_cards(s))) {
			int n = state_legal(s, moves);
			for (int i = 0; i < n && pass < 0; i++)
				if (moves[i].kind == ACT_PASS)
					pass = i;
		}
		if (pass >= 0)
			state_apply_listed(s, moves[pass]);
		else if (!thumb_step(s, style, MIX_CARDS_AT_RANDOM, r))
			return false;
	}
	return !s->fault && s->declarer < 0;
}

/* Deals passed through that teach nothing (thrown in once all have
 * passed, or declared by a seat that must), after which the others
 * would teach nothing either. */
#define PASSED_IDLE_MAX 8

/* Deals in which nobody declared, learnt from besides when the deals of
 * thumb_learn had too few: up to LEARN_DEALS deals passed through (a
 * deal thrown in once all have passed plays no trick, and teaches
 * nothing: where the first few are all such, no more are played). */
static void learn_undeclared(const game *g, int players,
			     const thumb_style *style, rng *r,
			     covariance *part)
{
	state s;
	char why[200];
	bool fresh = false;             /* a match to start */
	if (!state_setup(&s, g, players, 0, NULL, 1, why, sizeof why))
		return;
	for (int d = 0; d < LEARN_DEALS && part->n < LEARN_ROLE_MIN &&
	     (d < PASSED_IDLE_MAX || part->n > 0); d++) {
		if ((fresh || state_over(&s)) &&
		    !state_setup(&s, g, players, 0, NULL, (uint64_t)d, why,
				 sizeof why))
			return;
		fresh = !play_deal_passed(&s, style, r);
		if (fresh)
			continue;
		int tricks = 0;
		for (int p = 0; p < players; p++)
			tricks += s.tricks_won[p];
		for (int p = 0; tricks && p < players; p++)
			covariance_add(part, s.tricks_won[p],
				       state_deal_worth(&s, p));
	}
}

thumb_style thumb_learn(const game *g, int players)
{
	thumb_style style;
	memset(&style, 0, sizeof style);
	state s;
	char why[200];
	if (!state_setup(&s, g, players, 0, NULL, 1, why, sizeof why))
		return style;
	rng r;
	rng_seed(&r, 1, UINT64_C(0x7468756d62));
	covariance all = {0}, part[ROLES] = {{0}};
	call_outcome side, none;
	memset(&side, 0, sizeof side);
	memset(&none, 0, sizeof none);
	for (int d = 0; d < LEARN_DEALS; d++) {
		if (state_over(&s) &&
		    !state_setup(&s, g, players, 0, NULL, (uint64_t)d, why,
				 sizeof why))
			break;
		/* the play of the cards in the deals the rules of thumb bid
		 * and declare (Ramsch is learnt as Ramsch), and every other
		 * deal all at random, so that solos and contracts the rules
		 * of thumb never declare are learnt too */
		if (d % 2)
			state_random_playout(&s, &r);
		else
			thumb_play_deal(&s, &style, MIX_CARDS_AT_RANDOM, &r);
		if (s.fault || s.current >= 0)
			break;
		for (int p = 0; p < players; p++) {
			double t = s.tricks_won[p];
			double w = (double)state_deal_worth(&s, p);
			covariance_add(&all, t, w);
			covariance_add(&part[thumb_role_of(&s, p)], t, w);
			if (state_call_of(&s, p) < 0)
				continue;
			int side_t, side_c;
			side_tricks_called(&s, p, &side_t, &side_c);
			call_outcome_add(&side, side_t, side_c, w);
			if (state_call_of(&s, p) == 0)
				call_outcome_add(&none, s.tricks_won[p], 0, w);
		}
	}
	style.call_short_takes = worse(&side, 0, 1);
	style.call_over_costs = worse(&side, 2, 1);
	style.call_none_ducks = worse(&none, 2, 1);
	if (part[ROLE_NO_DECLARER].n < LEARN_ROLE_MIN)
		learn_undeclared(g, players, &style, &r,
				 &part[ROLE_NO_DECLARER]);
	for (int k = 0; k < ROLES; k++) {
		const covariance *c = part[k].n >= LEARN_ROLE_MIN ? &part[k] : &all;
		style.tricks_cost[k] = covariance_of(c) < 0;
	}
	return style;
}

/* Whether every one of the legal `cards` is thrown away (passed on, or
 * played to a trick it does not follow), as the phase tells. */
static bool discarding(const state *s, cardset cards)
{
	for (int i = 0; i < CSET_WORDS; i++)
		for (uint64_t w = cards.w[i]; w; w &= w - 1) {
			action a = action_card((card_id)(i * 64 + __builtin_ctzll(w)));
			if (!state_move_hint(s, &a).gives_away)
				return false;
		}
	return true;
}

/* The card's key, lowest first: throw away what the game wants rid of
 * (a high card when tricks cost, a low one when they score); lead and
 * follow low to duck tricks that cost, high to take tricks that score. */
static long card_key(const deck *d, card_id c, bool discard, bool high)
{
	long key = d->rank_of[c] * 16 + d->suit_of[c];
	return discard != high ? -key : key;
}

/* The card of `cards` (not empty) with the lowest key. */
static card_id lowest_key(const deck *d, cardset cards, bool discard,
			  bool high)
{
	card_id best = CARD_NONE;
	long best_key = 0;
	for (int i = 0; i < CSET_WORDS; i++)
		for (uint64_t w = cards.w[i]; w; w &= w - 1) {
			card_id c = (card_id)(i * 64 + __builtin_ctzll(w));
			long key = card_key(d, c, discard, high);
			if (best == CARD_NONE || key < best_key) {
				best = c;
				best_key = key;
			}
		}
	return best;
}

static card_id lowest_card(const deck *d, cardset cards)
{
	return lowest_key(d, cards, false, false);
}

static card_id highest_card(const deck *d, cardset cards)
{
	return lowest_key(d, cards, false, true);
}

/* Whether seats a and b play for one side in the deal in s: one team,
 * or both against the declarer (a Grand Hand's defenders). */
static bool same_side(const state *s, int a, int b)
{
	return s->g->team_of[a] == s->g->team_of[b] ||
	       (thumb_role_of(s, a) == ROLE_DEFENDING &&
		thumb_role_of(s, b) == ROLE_DEFENDING);
}

/* Whether every seat still to play to the trick after the seat to move
 * is on its side. */
static bool side_plays_last(const state *s)
{
	int seats[SEAT_MAX];
	int n = state_trick_still_to_play(s, seats);
	for (int i = 0; i < n; i++)
		if (!same_side(s, seats[i], s->current))
			return false;
	return true;
}

/* Tricks score: the lowest card that takes the lead of the trick, unless
 * the seat's side has it already; else the lowest card.  A trick the
 * side is sure to take gets the highest card that leaves the lead where
 * it is (points where they are kept). */
static card_id take_cheaply(const state *s, cardset cards, cardset taking)
{
	const deck *d = &s->g->deck;
	int holder = state_trick_holder(s);
	if (holder < 0 || !same_side(s, holder, s->current))
		return lowest_card(d, cset_is_empty(taking) ? cards : taking);
	cardset under = cset_minus(cards, taking);
	if (side_plays_last(s) && !cset_is_empty(under))
		return highest_card(d, under);
	return lowest_card(d, cards);
}

/* Tricks cost: the highest card that stays under the lead of the trick;
 * when every card takes it, the highest (the trick is lost anyway). */
static card_id duck(const state *s, cardset cards, cardset taking)
{
	const deck *d = &s->g->deck;
	cardset under = cset_minus(cards, taking);
	return highest_card(d, cset_is_empty(under) ? cards : under);
}

/* Whether tricks cost the seat to move: by its part in the deal, or,
 * once its calls are made, by its side's tricks against them. */
static bool tricks_cost_now(const state *s, const thumb_style *style)
{
	bool cost = style->tricks_cost[thumb_role_of(s, s->current)];
	if (!style->call_short_takes && !style->call_over_costs &&
	    !style->call_none_ducks)
		return cost;
	int called = state_call_of(s, s->current);
	if (called < 0)
		return cost;
	if (called == 0 && style->call_none_ducks)
		return true;
	int side_t, side_c;
	side_tricks_called(s, s->current, &side_t, &side_c);
	if (side_t < side_c && style->call_short_takes)
		return false;
	if (side_t >= side_c && style->call_over_costs)
		return true;
	return cost;
}

card_id thumb_card(const state *s, const thumb_style *style, cardset cards)
{
	bool cost = tricks_cost_now(s, style);
	/* in a trick whose lead can be told: take it cheaply or duck */
	cardset taking;
	if (state_cards_taking_lead(s, cards, &taking))
		return cost ? duck(s, cards, taking)
			    : take_cheaply(s, cards, taking);
	bool discard = discarding(s, cards);
	/* where tricks score, a trump is kept while another card can go */
	if (discard && !cost) {
		uint8_t power[CARD_MAX];
		cardset plain = cset_minus(cards, state_trumps_ahead(s, power));
		if (!cset_is_empty(plain))
			cards = plain;
	}
	return lowest_key(&s->g->deck, cards, discard, !cost);
}

/* The tricks the cards `held` of a group (a plain suit, or the trumps)
 * can hope to take, counted as a player counts before bidding: a card
 * that no other card of the group outranks, beyond those the hand holds
 * above it, is a trick; one that a single card outranks is half a
 * trick when the hand holds a card of the group to spare for it.  A
 * plain suit wins only its first `rounds` rounds (the others run out and
 * trump); every trump past the third is half a trick (the last trumps
 * take what nobody can follow).  The other cards are those of the whole
 * group outside the hand, wherever they lie: nothing hidden is read. */
static double group_tricks(const uint8_t *power, cardset held,
			   cardset others, int rounds, bool trumps)
{
	double tricks = 0;
	int length = cset_count(held);
	for (int i = 0; i < CSET_WORDS; i++)
		for (uint64_t w = held.w[i]; w; w &= w - 1) {
			card_id c = (card_id)(i * 64 + __builtin_ctzll(w));
			int above_held = 0, above_out = 0;
			for (int j = 0; j < CSET_WORDS; j++) {
				for (uint64_t v = held.w[j]; v; v &= v - 1)
					above_held += power[j * 64 + __builtin_ctzll(v)] > power[c];
				for (uint64_t v = others.w[j]; v; v &= v - 1)
					above_out += power[j * 64 + __builtin_ctzll(v)] > power[c];
			}
			double worth = 0;
			if (above_out <= above_held)
				worth = 1;
			else if (above_out == above_held + 1 && length >= above_held + 2)
				worth = 0.5;
			if (!trumps && above_held >= rounds)
				worth = 0;
			if (trumps && above_held >= 3 && worth < 0.5)
				worth = 0.5;
			tricks += worth;
		}
	return tricks;
}

/* The tricks the seat to move can hope to take with its hand, from its
 * hand and the trumps of the tricks to come. */
static double tricks_hoped(const state *s)
{
	const deck *d = &s->g->deck;
	cardset hand = s->hand[s->current];
	uint8_t trump_power[CARD_MAX] = {0};
	cardset trumps = state_trumps_ahead(s, trump_power);
	double tricks = group_tricks(trump_power, cset_and(hand, trumps),
				     cset_minus(trumps, hand), RANK_MAX, true);
	int players = s->players > 0 ? s->players : 1;
	for (int suit = 0; suit < d->nsuits; suit++) {
		cardset group = cset_minus(d->by_suit[suit], trumps);
		int rounds = cset_count(group) / players;
		tricks += group_tricks(d->rank_of, cset_and(hand, group),
				       cset_minus(group, hand),
				       rounds > 1 ? rounds : 1, false);
	}
	int most = cset_count(hand);
	return tricks < most ? tricks : most;
}

/* A call of a round of calls: the number nearest the tricks the hand
 * hopes for (the lower of two as near), never a word that raises the
 * stakes besides (nil: only a search can weigh it) while a number is
 * open. */
static action call_tricks_hoped(const state *s, const action *moves, int n)
{
	int hoped = (int)(tricks_hoped(s) + 0.5);
	int best = 0;
	long best_key = 0;
	for (int i = 0; i < n; i++) {
		move_hint h = state_move_hint(s, &moves[i]);
		long off = h.gain - hoped;
		long key = (off < 0 ? -off : off) * 2 + (off > 0) +
			   (h.commits ? 1000000 : 0);
		if (i == 0 || key < best_key) {
			best = i;
			best_key = key;
		}
	}
	return moves[best];
}

/* The cards of moves[0..n), when every move plays a single card or is
 * a call beside the cards (trick play's calls, which the rules of thumb
 * never make: a call raises the stakes, and only a search can weigh it). */
static bool only_cards(const action *moves, int n, cardset *cards)
{
	*cards = cset_empty();
	for (int i = 0; i < n; i++) {
		if (moves[i].kind == ACT_CHOICE && i > 0 &&
		    moves[0].kind == ACT_CARD)
			continue;
		if (moves[i].kind != ACT_CARD)
			return false;
		cset_add(cards, moves[i].card[0]);
	}
	return true;
}

/* How many of the hand's cards would be trumps after choice a (a
 * choice that names the game: Skat's suit games, Euchre's second
 * round); 0 where the deal would end first. */
static int trumps_held_after(const state *s, const action *a)
{
	state t = *s;
	state_apply_listed(&t, *a);
	if (t.fault || t.deal_no != s->deal_no)
		return 0;
	uint8_t power[CARD_MAX];
	return cset_count(cset_and(state_trumps_ahead(&t, power),
				   s->hand[s->current]));
}

action thumb_choose(const state *s, const thumb_style *style,
		    const action *moves, int n)
{
	const deck *d = &s->g->deck;
	cardset cards;
	if (only_cards(moves, n, &cards))
		return action_card(thumb_card(s, style, cards));
	if (state_calls_round(s))
		return call_tricks_hoped(s, moves, n);
	/* a choice that commits to nothing comes before any that commits:
	 * the trumps of those are weighed only where none is such */
	bool quiet = false;
	for (int i = 0; i < n && !quiet; i++)
		quiet = moves[i].kind == ACT_CHOICE &&
			!state_move_hint(s, &moves[i]).commits;
	int best = 0;
	long best_key = 0;
	for (int i = 0; i < n; i++) {
		const action *a = &moves[i];
		long key;
		switch ((action_kind)a->kind) {
		case ACT_CARDS:         /* low pairs, face up: no points given */
			key = (d->rank_of[a->card[0]] + d->rank_of[a->card[1]]) * 2 +
			      !!(a->flags & ACT_DOWN);
			break;
		case ACT_BID:
			key = s->bid > 0 ? 100000 + a->number : a->number;
			break;
		case ACT_PASS:
			key = s->bid > 0 ? 0 : 200000;
			break;
		case ACT_CHOICE:        /* the choice that commits least; of
					   those that commit, the one that
					   makes most of the hand trumps */
			key = !state_move_hint(s, a).commits ? 0
			      : quiet ? 1
			      : 1 + CARD_MAX - trumps_held_after(s, a);
			break;
		case ACT_MELDS:         /* what scores most for the side */
			key = -(state_meld_points(s, s->current, a) * 64 +
				cset_word_count((unsigned)a->number));
			break;
		default:
			key = 300000;
			break;
		}
		if (i == 0 || key < best_key) {
			best = i;
			best_key = key;
		}
	}
	return moves[best];
}
