/* engine.c — setting up a match, dealing, and dispatching actions to phases. */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "engine/engine.h"
#include "engine/meld.h"
#include "engine/phase.h"
#include "engine/counters.h"
#include "engine/place.h"
#include "engine/score.h"

#define STR_(x) #x
#define STR(x) STR_(x)

/* ======================================================================
 * Set-up
 * ====================================================================== */

static bool set_options(state *s, const int64_t *options, char *why,
			size_t size)
{
	const game *g = s->g;
	for (int i = 0; i < g->noptions; i++) {
		const option_def *o = &g->option[i];
		int64_t v = options ? options[i] : o->fallback;
		if (v < o->min || v > o->max) {
			snprintf(why, size, "the option '%s' must be between %lld "
				 "and %lld, not %lld", o->name, (long long)o->min,
				 (long long)o->max, (long long)v);
			return false;
		}
		s->option[i] = v;
	}
	for (int i = 0; i < g->noption_checks; i++) {
		const expr *e = g->option_check[i];
		if (vars_eval(s, e, -1).i)
			continue;
		const src_file *file;
		int line, col;
		expr_position(e, &file, &line, &col);
		snprintf(why, size, "the options do not meet `%s` (%s:%d), which "
			 "%s asks of them", expr_text(e), file->name, line,
			 g->name);
		return false;
	}
	return true;
}

/* "deal d: " where the deals' sizes differ, else "", in buf. */
static const char *deal_named(const game *g, int d, char *buf, size_t size)
{
	if (g->sizes_by_deal)
		snprintf(buf, size, "deal %d: ", d);
	return buf;
}

/* The counts of deal number d at this table: the hand, the leftovers
 * face up (no more than the deal leaves), each phase's own count; false
 * with a reason when the deal's cards do not fit in the deck.  *up_fits
 * tells whether all the face-up leftovers asked for could be turned. */
static bool deal_counts(state *s, int d, bool *up_fits, char *why,
			size_t size)
{
	const game *g = s->g;
	int16_t deal_no = s->deal_no;
	s->deal_no = (int16_t)d;        /* what the counts read as `deal` */
	int hand = vars_count(s, &g->hand_size);
	int up = vars_count(s, &g->face_up);
	int cards = cset_count(s->in_play), placed = 0;
	for (int k = 0; k < g->nplaces; k++)
		placed += s->place_dealt[k];
	/* which deal, where they differ: written only with a reason */
	char in[32] = "";
	bool ok = false;
	if (hand * s->players + placed > cards)
		snprintf(why, size, "%s%d cards for each of %d players%s do not "
			 "fit in a deck of %d", deal_named(g, d, in, sizeof in),
			 hand, s->players,
			 placed ? " and the places' cards" : "", cards);
	else
		ok = true;
	int left = cards - placed - hand * s->players;
	*up_fits = up <= left;
	s->hand_size = (int16_t)hand;
	s->face_up = (int16_t)(up <= left ? up : left);
	for (int i = 0; ok && i < g->nphases; i++) {
		const phase *p = &g->phase[i];
		const phase_kind_def *def = phase_def(p->kind);
		char reason[200];
		if (def->setup && !def->setup(s, p, i, reason, sizeof reason)) {
			snprintf(why, size, "%s%s",
				 deal_named(g, d, in, sizeof in), reason);
			ok = false;
		}
	}
	s->deal_no = deal_no;
	return ok;
}

/* Everything that depends only on the player count and the options, and
 * the counts of every deal the match can have: all of its deals when it
 * has so many and they differ, else the first (the others, dealt until
 * `end` holds, are checked as they start). */
static bool set_counts(state *s, char *why, size_t size)
{
	const game *g = s->g;
	int suitsets = g->has_suitsets ? vars_count(s, &g->suitsets)
				       : deck_suitsets(&g->deck);
	if (suitsets < 1 || suitsets > deck_suitsets(&g->deck)) {
		snprintf(why, size, "%d suit-sets cannot be in play: the deck has "
			 "%d", suitsets, deck_suitsets(&g->deck));
		return false;
	}
	s->in_play = deck_in_play(&g->deck, suitsets);
	s->deals = (int16_t)(g->has_deals ? vars_count(s, &g->deals) : 0);
	for (int k = 0; k < g->nplaces; k++) {
		int n = vars_count(s, &g->place[k].dealt);
		if (n < 0 || n > 255) {
			snprintf(why, size, "cannot deal %d cards to '%s'", n,
				 g->place[k].name);
			return false;
		}
		s->place_dealt[k] = (uint8_t)n;
	}
	int deals = g->sizes_by_deal && s->deals > 0 ? s->deals : 1;
	bool up_fits = false;
	for (int d = deals; d >= 1; d--) {      /* ends with the first's */
		bool fits;
		if (!deal_counts(s, d, &fits, why, size))
			return false;
		up_fits |= fits;
	}
	if (!up_fits) {
		snprintf(why, size, "%d leftover cards cannot lie face up: only "
			 "%d are left", vars_count(s, &g->face_up), s->face_up);
		return false;
	}
	return true;
}

bool state_setup(state *s, const game *g, int players, int dealer,
		 const int64_t *options, uint64_t seed, char *why, size_t size)
{
	memset(s, 0, sizeof *s);
	s->dummy = s->dummy_by = -1;
	s->turned_up = CARD_NONE;
	s->g = g;
	s->seed = seed;
	if (players < g->min_players || players > g->max_players) {
		char range[40];
		snprintf(why, size, "%s is for %s, not %d", g->name,
			 game_players_text(g, range, sizeof range), players);
		return false;
	}
	s->players = (int8_t)players;
	if (dealer < 0 || dealer >= players) {
		snprintf(why, size, "the dealer must be a seat from 0 to %d, not %d",
			 players - 1, dealer);
		return false;
	}
	s->dealer = s->first_dealer = s->next_dealer = (int8_t)dealer;
	if (!set_options(s, options, why, size) || !set_counts(s, why, size))
		return false;
	for (int k = 0; k < g->nkept; k++) {
		int64_t v = vars_eval(s, g->kept[k].initial, -1).i;
		for (int p = 0; p < SEAT_MAX; p++)
			s->kept[k][p] = v;
	}
	s->phase = -1;
	s->last_winner = -1;
	s->current = SEAT_CHANCE;
	return true;
}

/* ======================================================================
 * Dealing
 * ====================================================================== */

/* A new deal: its cards and trick cleared, the counters back to their
 * start values (which still see the last deal's contract and places),
 * then the contract, what the table knows of places and each kind's
 * room. */
/* A deal writes the entries of the seats at the table and of the cards
 * of the deck alone: only those are cleared (the rest stay as
 * state_setup() zeroed them). */
#define CLEAR_SEATS(a) memset((a), 0, (size_t)s->players * sizeof (a)[0])
#define CLEAR_CARDS(a) memset((a), 0, (size_t)s->g->deck.ncards * sizeof (a)[0])

static void clear_deal(state *s)
{
	s->turned_up = CARD_NONE;
	CLEAR_SEATS(s->hand);
	CLEAR_SEATS(s->dealt);
	CLEAR_SEATS(s->won);
	memset(s->tricks_won, 0, sizeof s->tricks_won);
	memset(s->void_suits, 0, sizeof s->void_suits);
	CLEAR_SEATS(s->passing);
	CLEAR_SEATS(s->gave);
	CLEAR_CARDS(s->passed_by);
	CLEAR_SEATS(s->shown);
	s->unseen = 0;
	CLEAR_SEATS(s->pinned);
	s->untraced = cset_empty();
	memset(&s->last_trick, 0, sizeof s->last_trick);
	s->tricks_done = 0;
	CLEAR_CARDS(s->trick_of);
	CLEAR_SEATS(s->laid);
	memset(s->called, 0, sizeof s->called);
	CLEAR_SEATS(s->melded);
	s->meld_due = 0;
	memset(&s->last_double, 0, sizeof s->last_double);
	s->leftover = s->leftover_up = s->played = s->trumps = cset_empty();
	if (s->g->npiles)       /* a game without places fills no pile */
		piles_clear(s);
	CLEAR_CARDS(s->dealt_place);
	s->trick_no = s->nplayed = 0;
	s->last_winner = -1;
	s->dealer = s->next_dealer;
	s->deal_no++;
	counters_reset(s);
	s->declarer = -1;
	s->bid = 0;
	s->denom = -1;
	s->doubled = 0;
	s->dummy = s->dummy_by = -1;
	s->redeals = 0;
	s->down = s->seen = cset_empty();
	memset(s->place_known, -1, sizeof s->place_known);
	for (int k = 0; k < PHASE_KINDS; k++) {
		const phase_kind_def *def = phase_def((phase_kind)k);
		if (def->reset)
			def->reset(s);
	}
}

static void next_phase(state *s);

static void start_phases(state *s)
{
	for (int p = 0; p < s->players; p++)
		s->dealt[p] = s->hand[p];
	s->event = EV_DEALT;
	s->phase = -1;
	next_phase(s);
}

/* Card c is the j-th dealt to place k: on pile j mod its piles, the
 * deal remembered for transcripts (a layout moves cards at once). */
static void deal_to_place(state *s, int k, int j, card_id c)
{
	const place_def *pl = &s->g->place[k];
	pile_push(s, pl->first_pile + j % pl->npiles, c);
	s->dealt_place[c] = (uint8_t)(k + 1);
	s->deal_pos[c] = (uint8_t)j;
}

/* Deals each place its cards from `order`, one to each of its piles in
 * turn (with `packed`, also the places the packets deal); how many were
 * dealt. */
static int deal_places(state *s, const card_id *order, bool packed)
{
	int k = 0;
	for (int i = 0; i < s->g->nplaces; i++) {
		const place_def *pl = &s->g->place[i];
		for (int j = 0; (packed || !pl->packed) && j < s->place_dealt[i]; j++)
			deal_to_place(s, i, j, order[k++]);
	}
	return k;
}

/* Deals `order` in the game's packets: so many cards to each hand in
 * turn, or to a place; how many were dealt. */
static int deal_packets(state *s, const int *seat, const card_id *order)
{
	const game *g = s->g;
	int k = 0, placed[PLACES_MAX] = {0};
	for (int i = 0; i < g->npackets; i++) {
		const packet_def *pk = &g->packet[i];
		if (pk->place >= 0) {
			for (int j = 0; j < pk->cards; j++)
				deal_to_place(s, pk->place, placed[pk->place]++,
					      order[k++]);
			continue;
		}
		for (int q = 0; q < s->players; q++)
			for (int j = 0; j < pk->cards; j++)
				cset_add(&s->hand[seat[q]], order[k++]);
	}
	return k;
}

/* The last card of order[0..n) dealt to a hand is turned up: every seat
 * sees it, and knows it in that hand until it is played. */
static void turn_up_last(state *s, const card_id *order, int n)
{
	for (int k = n - 1; k >= 0; k--)
		for (int q = 0; q < s->players; q++)
			if (cset_has(s->hand[q], order[k])) {
				cardset one = cset_empty();
				cset_add(&one, order[k]);
				s->turned_up = order[k];
				phase_hand_gets(s, q, one, one);
				return;
			}
}

/* The seat dealt to first: `deal.from`, or the dealer's next seat. */
static int first_dealt(const state *s)
{
	if (!s->g->deal_from)
		return state_next_seat(s, s->dealer, 1);
	int seat = (int)vars_eval(s, s->g->deal_from, -1).i;
	return seat >= 0 && seat < s->players ? seat : 0;
}

/* Deals `order` one card at a time (or in the game's packets) from the
 * first seat dealt to in the direction of play; the rest are the
 * leftovers, the first face up. */
static void deal_order(state *s, const card_id *order, int n)
{
	clear_deal(s);
	int seat[SEAT_MAX], first = first_dealt(s);
	for (int i = 0; i < s->players; i++)
		seat[i] = state_next_seat(s, first, i);
	int dealt;
	if (s->g->npackets) {
		dealt = deal_packets(s, seat, order);
		dealt += deal_places(s, order + dealt, false);
	} else {
		dealt = s->hand_size * s->players;
		for (int i = 0; i < s->players; i++) {  /* a hand at a time */
			uint64_t w[CSET_WORDS] = {0};
			for (int k = i; k < dealt; k += s->players)
				w[order[k] >> 6] |= UINT64_C(1) << (order[k] & 63);
			for (int j = 0; j < CSET_WORDS; j++)
				s->hand[seat[i]].w[j] |= w[j];
		}
		dealt += deal_places(s, order + dealt, true);
	}
	if (s->g->turn_up_last)
		turn_up_last(s, order, dealt);
	for (int k = dealt; k < n; k++) {
		cset_add(&s->leftover, order[k]);
		if (k - dealt < s->face_up)
			cset_add(&s->leftover_up, order[k]);
	}
	start_phases(s);
}

/* Every card id in order: the whole deck before its shuffle, copied in
 * one go. */
#define IDS4(k) (k), (k) + 1, (k) + 2, (k) + 3
#define IDS16(k) IDS4(k), IDS4((k) + 4), IDS4((k) + 8), IDS4((k) + 12)
static const card_id all_ids[CARD_MAX] = {
	IDS16(0), IDS16(16), IDS16(32), IDS16(48),
	IDS16(64), IDS16(80), IDS16(96), IDS16(112),
};
_Static_assert(CARD_MAX == 128, "all_ids lists every card id");

/* Deal number deal_no, dealt again `redeals` times: each has its own
 * stream of the match's seed. */
static void shuffle_and_deal(state *s, int deal_no, int redeals)
{
	rng r;
	rng_seed(&r, s->seed, (uint64_t)deal_no + ((uint64_t)redeals << 32));
	card_id order[CARD_MAX];
	int n = cset_count(s->in_play);
	if (cset_eq(s->in_play, cset_first_n(n)))      /* the whole deck */
		memcpy(order, all_ids, (size_t)n * sizeof order[0]);
	else
		cset_to_array(s->in_play, order);
	rng_shuffle(&r, order, n);
	deal_order(s, order, n);
}

/* Stops the match: the rule file has led it where no rule applies. */
static void stop_faulted(state *s, state_fault f)
{
	s->fault = (uint8_t)f;
	s->fault_phase = s->phase;
	s->current = SEAT_END;
	s->over = true;
}

/* The counts of the next deal, whose hand may differ from the last; a
 * deal whose cards do not fit stops the match (a match that ends by
 * `end` was checked only for its first deal). */
static bool next_deal_counts(state *s, char *why, size_t size)
{
	bool fits;
	if (!s->g->sizes_by_deal ||
	    deal_counts(s, s->deal_no + 1, &fits, why, size))
		return true;
	stop_faulted(s, FAULT_DEAL);
	s->fault_phase = -1;
	s->deal_no++;                   /* the deal that cannot be dealt */
	return false;
}

int state_hand_in_deal(const state *s, int deal, int *face_up)
{
	state t = *s;
	bool fits;
	char why[200];
	if (!deal_counts(&t, deal, &fits, why, sizeof why))
		return -1;
	*face_up = t.face_up;
	return t.hand_size;
}

void state_deal(state *s)
{
	char why[200];
	if (s->current != SEAT_CHANCE || !next_deal_counts(s, why, sizeof why))
		return;
	shuffle_and_deal(s, s->deal_no + 1, 0);
}

double state_deal_worth(const state *s, int seat)
{
	const game *g = s->g;
	double others = 0;
	int n = 0;
	for (int p = 0; p < s->players; p++)
		if (g->team_of[p] != g->team_of[seat]) {
			others += (double)s->deal_score[p];
			n++;
		}
	double worth = (double)s->deal_score[seat] - (n ? others / n : 0);
	bool highest = g->nrank == 0 || g->rank[0].highest;
	return highest ? worth : -worth;
}

void engine_register_hooks(void)
{
	hook_register_with_schema();
}

void state_meld_result(const state *s, meld_result *r)
{
	vars_melds(s, r);
}

bool state_counter(const state *s, const char *name, int seat,
		   int64_t *out)
{
	const game *g = s->g;
	for (int k = 0; k < g->ncounters; k++) {
		if (!g->counter_name[k] || strcmp(g->counter_name[k], name) != 0)
			continue;
		bool own = g->counter_per_seat[k] && seat >= 0 &&
			   seat < s->players;
		*out = s->counter[k][own ? seat : 0];
		return true;
	}
	return false;
}

bool state_counter_shown(const state *s, int k, int seat)
{
	const expr *show = s->g->counter_show[k];
	return !show || vars_eval(s, show, seat).i != 0;
}

const char *game_counter_value(const game *g, int k, int64_t v, char *buf,
			       size_t size)
{
	if (v >= 0 && v < g->counter_nnames[k])
		snprintf(buf, size, "%s", g->counter_names[k][v]);
	else
		snprintf(buf, size, "%" PRId64, v);
	return buf;
}

int state_melds(const state *s, int seat, meld *out)
{
	return meld_find(s, seat, out);
}

action state_declare_all_melds(const state *s)
{
	return meld_all(s);
}

int64_t state_meld_points(const state *s, int seat, const action *a)
{
	return meld_side_points(s, seat, a);
}

const char *state_fault_text(const state *s)
{
	switch ((state_fault)s->fault) {
	case FAULT_NO_MOVE:
		return "the player to move has no legal action";
	case FAULT_REDEALS:
		return "the deal was thrown in " STR(REDEALS_MAX)
		       " times in a row";
	case FAULT_DEAL:
		return "its cards do not fit in the deck";
	case FAULT_NONE:
		break;
	}
	return "";
}

/* The deal is thrown in: the same dealer deals the same deal again. */
static void redeal(state *s)
{
	int redeals = s->redeals + 1;
	if (redeals >= REDEALS_MAX) {
		stop_faulted(s, FAULT_REDEALS);
		return;
	}
	s->next_dealer = s->dealer;
	s->deal_no--;
	shuffle_and_deal(s, s->deal_no + 1, redeals);
	s->redeals = (uint8_t)redeals;
	s->event = EV_REDEALT;
}

/* What a phase's step leads to. */
static void step(state *s, phase_step st)
{
	if (st == PHASE_ENDS)
		next_phase(s);
	else if (st == PHASE_REDEAL)
		redeal(s);
	else if (st == PHASE_STUCK)
		stop_faulted(s, FAULT_NO_MOVE);
}

bool state_deal_cards(state *s, const cardset *hands, const card_id *leftover,
		      int nleftover, char *why, size_t size)
{
	return state_deal_cards_turned(s, hands, leftover, nleftover,
				       CARD_NONE, why, size);
}

/* The card turned up from scripted hands: `turned`, in a hand. */
static bool turn_up_scripted(state *s, card_id turned, char *why, size_t size)
{
	for (int q = 0; turned != CARD_NONE && q < s->players; q++)
		if (cset_has(s->hand[q], turned)) {
			cardset one = cset_empty();
			cset_add(&one, turned);
			s->turned_up = turned;
			phase_hand_gets(s, q, one, one);
			return true;
		}
	snprintf(why, size, "this game turns a card up: name it, one of a hand's "
		 "cards ('turned-up')");
	return false;
}

bool state_deal_cards_turned(state *s, const cardset *hands,
			     const card_id *leftover, int nleftover,
			     card_id turned, char *why, size_t size)
{
	if (s->current != SEAT_CHANCE) {
		snprintf(why, size, "no deal is due now");
		return false;
	}
	if (!next_deal_counts(s, why, size))
		return false;
	cardset all = cset_empty();
	int total = 0;
	for (int p = 0; p < s->players; p++) {
		int n = cset_count(hands[p]);
		if (n != s->hand_size) {
			snprintf(why, size, "seat %d has %d cards; a hand has %d", p,
				 n, s->hand_size);
			return false;
		}
		all = cset_or(all, hands[p]);
		total += n;
	}
	for (int k = 0; k < nleftover; k++) {
		cset_add(&all, leftover[k]);
		total++;
	}
	if (total != cset_count(all) || !cset_eq(all, s->in_play)) {
		snprintf(why, size, "the hands, places and leftovers are not exactly the "
			 "deck (%d cards, each once)", cset_count(s->in_play));
		return false;
	}
	int placed = 0;
	for (int i = 0; i < s->g->nplaces; i++)
		placed += s->place_dealt[i];
	if (nleftover < placed) {
		snprintf(why, size, "the places need %d cards", placed);
		return false;
	}
	if (s->g->turn_up_last) {
		bool held = false;
		for (int p = 0; p < s->players; p++)
			held |= turned != CARD_NONE && cset_has(hands[p], turned);
		if (!held)
			return turn_up_scripted(s, CARD_NONE, why, size);
	}
	clear_deal(s);
	for (int p = 0; p < s->players; p++)
		s->hand[p] = hands[p];
	if (s->g->turn_up_last)
		turn_up_scripted(s, turned, why, size);
	deal_places(s, leftover, true);
	for (int k = placed; k < nleftover; k++) {
		cset_add(&s->leftover, leftover[k]);
		if (k - placed < s->face_up)
			cset_add(&s->leftover_up, leftover[k]);
	}
	start_phases(s);
	return true;
}

/* ======================================================================
 * Phases
 * ====================================================================== */

/* Enters the next phase that has something to do, or scores the deal. */
static void next_phase(state *s)
{
	const game *g = s->g;
	while (++s->phase < g->nphases) {
		const phase *p = &g->phase[s->phase];
		if (p->when && !vars_eval_by_counter(s, p->when, p->when_by).i)
			continue;
		if (phase_def(p->kind)->enter(s, p))
			return;
	}
	score_deal(s);
}

static const phase *current_phase(const state *s)
{
	return &s->g->phase[s->phase];
}

/* Does the phase decide with single cards now?  A tricks phase asks for
 * a declaration of melds before a first-trick card (meld.h). */
static bool by_cards(const state *s, const phase_kind_def *def)
{
	return def->legal_cards && s->meld_due == 0 &&
	       !current_phase(s)->not_by_cards;
}

int state_phase_kind(const state *s)
{
	if (s->current < 0 || s->phase < 0 || s->phase >= s->g->nphases)
		return -1;
	return (int)current_phase(s)->kind;
}

bool state_calls_round(const state *s)
{
	return state_phase_kind(s) == PHASE_CALLS;
}

int state_call_of(const state *s, int seat)
{
	const game *g = s->g;
	for (int j = 0; j < g->nphases; j++) {
		if (g->phase[j].kind != PHASE_CALLS || g->phase[j].u.calls.into < 0)
			continue;
		/* between deals the last deal's calls are still kept */
		if (s->current >= 0 && s->phase <= j)
			return -1;
		return (int)s->counter[g->phase[j].u.calls.into][seat];
	}
	return -1;
}

cardset state_legal_cards(const state *s)
{
	if (s->current < 0)
		return cset_empty();
	const phase *p = current_phase(s);
	const phase_kind_def *def = phase_def(p->kind);
	return by_cards(s, def) ? def->legal_cards(s, p) : cset_empty();
}

int state_legal(const state *s, action *out)
{
	if (s->current < 0)
		return 0;
	const phase *p = current_phase(s);
	return phase_def(p->kind)->legal(s, p, out);
}

/* The kind of the phase in progress, when a seat is to move. */
static const phase_kind_def *deciding_kind(const state *s)
{
	int kind = state_phase_kind(s);
	return kind < 0 ? NULL : phase_def((phase_kind)kind);
}

move_hint state_move_hint(const state *s, const action *a)
{
	const phase_kind_def *def = deciding_kind(s);
	move_hint none = {0, false, false, false};
	return def && def->hint ? def->hint(s, current_phase(s), a) : none;
}

move_advice state_move_advice(const state *s, const action *a)
{
	const phase_kind_def *def = deciding_kind(s);
	return def && def->advice ? def->advice(s, current_phase(s), a)
				  : ADVICE_NONE;
}

int state_lays_together(const state *s, unsigned *faces)
{
	*faces = 0;
	const phase_kind_def *def = deciding_kind(s);
	if (!def || !def->lays_together || by_cards(s, def))
		return 0;
	return def->lays_together(s, current_phase(s), faces);
}

int state_legal_saving(const state *s, action *out)
{
	const phase_kind_def *def = deciding_kind(s);
	if (def && def->legal_saving)
		return def->legal_saving(s, current_phase(s), out);
	return state_legal(s, out);
}

/* The words of a phase that the move began (after the one it was made
 * in), if its kind has any. */
static void narrate_opening(const state *after, int was,
			    const audience *who, tale *out)
{
	if (after->phase == was || after->phase < 0 ||
	    after->phase >= after->g->nphases)
		return;
	const phase *p = current_phase(after);
	const phase_kind_def *def = phase_def(p->kind);
	if (def->opening)
		def->opening(after, p, who, out);
}

void state_narrate(const state *before, const state *after, int seat,
		   const action *a, int n, const audience *who, tale *out,
		   tale *news)
{
	tale_clear(out);
	if (before->phase < 0 || before->phase >= before->g->nphases)
		return;
	const phase *p = current_phase(before);
	const phase_kind_def *def = phase_def(p->kind);
	if (def->narrate) {
		def->narrate(before, after, p, seat, a, n, who, out, news);
	} else {
		char words[200];
		state_action_words(before, a, n, words, sizeof words);
		tale_printf(out, "  ");
		tale_seat_as(out, seat, TALE_OPENS);
		tale_printf(out, ": %s\n", words);
	}
	narrate_opening(after, before->phase, who, out);
}

bool state_context(const state *s, const audience *who, tale *out)
{
	tale_clear(out);
	const phase_kind_def *def = deciding_kind(s);
	return def && def->context &&
	       def->context(s, current_phase(s), who, out);
}

void state_table(const state *s, const audience *who, tale *out)
{
	tale_clear(out);
	const phase_kind_def *def = deciding_kind(s);
	if (def && def->table)
		def->table(s, current_phase(s), who, out);
}

void state_decided(const state *s, tale *out)
{
	tale_clear(out);
	for (int i = 0; i < s->g->nphases; i++) {
		const phase *p = &s->g->phase[i];
		if (phase_def(p->kind)->decided)
			phase_def(p->kind)->decided(s, p, i, out);
	}
}

bool state_shows_board(const state *s)
{
	const phase_kind_def *def = deciding_kind(s);
	return def && def->board;
}

/* Appends the lines of `more` that `out` does not hold yet. */
static void add_new_lines(tale *out, const char *more)
{
	while (*more) {
		const char *end = strchr(more, '\n');
		size_t n = end ? (size_t)(end - more) + 1 : strlen(more);
		char line[TALE_MAX];
		snprintf(line, sizeof line, "%.*s", (int)n, more);
		if (!strstr(out->text, line) &&
		    out->used + n < sizeof out->text) {
			memcpy(out->text + out->used, line, n + 1);
			out->used += n;
		}
		more += n;
	}
}

void game_help(const game *g, tale *out)
{
	static _Thread_local tale one;
	tale_clear(out);
	for (int i = 0; i < g->nphases; i++) {
		const phase *p = &g->phase[i];
		if (!phase_def(p->kind)->help)
			continue;
		tale_clear(&one);
		phase_def(p->kind)->help(g, p, &one);
		add_new_lines(out, one.text);
	}
}

cardset state_trumps_ahead(const state *s, uint8_t *power)
{
	for (int i = s->phase < 0 ? 0 : s->phase; i < s->g->nphases; i++) {
		const phase *p = &s->g->phase[i];
		cardset trumps;
		if (phase_def(p->kind)->trumps &&
		    phase_def(p->kind)->trumps(s, p, i, &trumps, power))
			return trumps;
	}
	return cset_empty();
}

bool game_has_auction(const game *g)
{
	for (int i = 0; i < g->nphases; i++)
		if (g->phase[i].kind == PHASE_AUCTION ||
		    g->phase[i].kind == PHASE_HOLD)
			return true;
	return false;
}

bool game_reveals_place(const game *g, int k)
{
	for (int i = 0; i < g->nphases; i++)
		if (phase_def(g->phase[i].kind)->reveals &&
		    phase_def(g->phase[i].kind)->reveals(&g->phase[i], k))
			return true;
	return false;
}

void state_score_values(const state *s, value *slots)
{
	score_values(s, slots);
}

void state_scored_values(const state *scored, const state *during,
			 value *slots)
{
	score_scored_values(scored, during, slots);
}

bool state_value_shown(const state *s, value *slots, int let, int seat)
{
	return score_value_shown(s, slots, let, seat);
}

void game_explain_phase(FILE *out, const game *g, int i)
{
	phase_def(g->phase[i].kind)->explain(out, g, &g->phase[i]);
}

int64_t state_progress(const state *s)
{
	for (int i = 0; i < s->g->nphases; i++) {
		const phase *p = &s->g->phase[i];
		int64_t v;
		if (phase_def(p->kind)->progress &&
		    phase_def(p->kind)->progress(s, p, &v))
			return v;
	}
	return s->deal_score[0];
}

bool state_is_legal(const state *s, const action *a)
{
	if (s->current < 0)
		return false;
	const phase *p = current_phase(s);
	const phase_kind_def *def = phase_def(p->kind);
	if (by_cards(s, def)) {
		action card = action_card(a->card[0]);
		return action_eq(a, &card) &&
		       cset_has(def->legal_cards(s, p), a->card[0]);
	}
	if (def->is_legal)
		return def->is_legal(s, p, a);
	action list[ACTIONS_MAX];
	return action_find(list, def->legal(s, p, list), a) >= 0;
}

static void apply(state *s, action a)
{
	const phase *p = current_phase(s);
	step(s, phase_def(p->kind)->apply(s, p, &a));
}

void state_apply_listed(state *s, action a)
{
	if (s->current >= 0)
		apply(s, a);
}

bool state_apply(state *s, action a)
{
	if (!state_is_legal(s, &a))
		return false;
	apply(s, a);
	return true;
}

bool state_stuck(state *s)
{
	if (s->current < 0)
		return false;
	const phase *p = current_phase(s);
	const phase_kind_def *def = phase_def(p->kind);
	action list[ACTIONS_MAX];
	if (by_cards(s, def) ? !cset_is_empty(def->legal_cards(s, p))
			     : def->legal(s, p, list) > 0)
		return false;
	stop_faulted(s, FAULT_NO_MOVE);
	return true;
}

/* A random member of the list of legal actions (ACT_NONE when there is
 * none); out of line, as its array would weigh on the stack frame of the
 * card phases' fast path. */
static __attribute__((noinline)) action random_listed(const state *s,
						      const phase *p, rng *r)
{
	action list[ACTIONS_MAX];
	int n = phase_def(p->kind)->legal(s, p, list);
	return n ? list[rng_below(r, (uint32_t)n)] : action_of(ACT_NONE, 0);
}

/* One uniformly random legal action; ACT_NONE when there is none. */
static action random_legal(const state *s, const phase *p, rng *r)
{
	const phase_kind_def *def = phase_def(p->kind);
	if (!by_cards(s, def))
		return def->random_action ? def->random_action(s, p, r)
					  : random_listed(s, p, r);
	card_id c = phase_random_card(def->legal_cards(s, p), r);
	return c == CARD_NONE ? action_of(ACT_NONE, 0) : action_card(c);
}

static phase_step random_action(state *s, const phase *p, rng *r)
{
	action a = random_legal(s, p, r);
	if (a.kind == ACT_NONE)
		return PHASE_STUCK;
	return phase_def(p->kind)->apply(s, p, &a);
}

action state_apply_random(state *s, rng *r)
{
	if (s->current < 0)
		return action_of(ACT_NONE, 0);
	const phase *p = current_phase(s);
	action a = random_legal(s, p, r);
	step(s, a.kind == ACT_NONE ? PHASE_STUCK
				   : phase_def(p->kind)->apply(s, p, &a));
	return a;
}

void state_random_playout_seats(state *s, const seat_rngs *r)
{
	if (s->current == SEAT_CHANCE)
		state_deal(s);
	int deal = s->deal_no;
	while (s->current >= 0 && s->deal_no == deal) {
		const phase *p = current_phase(s);
		const phase_kind_def *def = phase_def(p->kind);
		step(s, def->playout ? def->playout(s, p, r)
				     : random_action(s, p, r->seat[s->current]));
	}
}

void state_play_chosen_cards(state *s, card_chooser choose, void *ctx)
{
	if (s->current < 0)
		return;
	const phase *p = current_phase(s);
	const phase_kind_def *def = phase_def(p->kind);
	if (def->play_chosen && by_cards(s, def)) {
		step(s, def->play_chosen(s, p, choose, ctx));
		return;
	}
	int at = s->phase, deal = s->deal_no;
	while (s->current >= 0 && s->phase == at && s->deal_no == deal &&
	       by_cards(s, def)) {
		cardset cards = def->legal_cards(s, p);
		if (cset_is_empty(cards))
			return;
		action a = action_card(choose(s, cards, ctx));
		step(s, def->apply(s, p, &a));
	}
}

void state_random_playout(state *s, rng *r)
{
	seat_rngs one;
	for (int i = 0; i < SEAT_MAX; i++)
		one.seat[i] = r;
	state_random_playout_seats(s, &one);
}

/* ======================================================================
 * Decisions in words
 * ====================================================================== */

action_prompt state_decision(const state *s)
{
	action_prompt none = {NULL, 0};
	if (s->current < 0)
		return none;
	const phase *p = current_phase(s);
	return phase_def(p->kind)->prompt(s, p);
}

void state_action_words(const state *s, const action *a, int n, char *buf,
			size_t size)
{
	buf[0] = '\0';
	if (s->current < 0)
		return;
	const phase *p = current_phase(s);
	phase_def(p->kind)->words(s, p, a, n, buf, size);
}

bool state_parse_actions(const state *s, char *const *word, int nword,
			 action *out, int *n, char *err, size_t size)
{
	if (s->current < 0) {
		snprintf(err, size, "no move is due now");
		return false;
	}
	const phase *p = current_phase(s);
	return phase_def(p->kind)->parse(s, p, word, nword, out, n, err, size);
}

void state_why_illegal(const state *s, const action *a, char *buf,
		       size_t size)
{
	snprintf(buf, size, "no move is due now");
	if (s->current < 0)
		return;
	const phase *p = current_phase(s);
	phase_def(p->kind)->why_illegal(s, p, a, buf, size);
}
