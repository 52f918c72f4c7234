/*
 * auction.c — an auction: calls go round until a bid stands.
 *
 * Each seat in turn, in the direction of play from `from`, passes, bids a
 * number higher than the standing bid (with a denomination when the
 * auction has them; with `denominations-rank`, a later denomination of
 * the same number is higher too), doubles an opponent's bid, or
 * redoubles a double of its side's.  The auction ends when every other
 * seat still in it has passed since the last bid, when the highest
 * number is bid (top-ends), or when a bid is doubled; with `double-ends:
 * false`, a double does not end it, and it ends when all but one pass in
 * a row after the last call.  The last bidder becomes the declarer (or,
 * `declarer: first-to-name`, the first of its side to have named the
 * contract's denomination) and the last bid the contract (the deal's
 * outputs state.bid, state.denom, state.doubled), read by expressions as
 * `bid`, `doubled`, `redoubled`, `contract_trumps` and the denominations'
 * names.  Bridge, Ribs and Sidi Barrani are this phase with different
 * keys.
 * When everyone passes without a bid the deal is thrown in and dealt
 * again, or goes on without a contract.  Ribs (raise by one, the opener bids 2, a pass leaves the
 * round) and Sidi Barrani (numbers with denominations, double) are both
 * this phase with different keys.  Calls are made aloud: nothing is hidden.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "engine/counters.h"
#include "engine/phase.h"

/* The auction's own state for the deal. */
struct auction_room {
	uint16_t passed_since_bid;      /* seats, as bits */
	uint16_t out;                   /* seats out of the auction, as bits */
	int8_t first;                   /* the first caller */
	uint8_t calls;                  /* calls made in this auction */
	uint8_t passes_in_row;          /* since the last other call */
	uint16_t named[DENOMS_MAX];     /* for each denomination, the first
					   seat of each team to bid it, as
					   bits */
};

_Static_assert(sizeof(struct auction_room) <= PHASE_ROOM_SIZE,
	       "the auction's room fits in its slot");

static struct auction_room *room(state *s)
{
	return phase_room(s, PHASE_AUCTION);
}

static const struct auction_room *room_of(const state *s)
{
	return phase_room_of(s, PHASE_AUCTION);
}

static void reset(state *s)
{
	memset(room(s), 0, sizeof(struct auction_room));
}

/* ======================================================================
 * Names expressions read: the contract
 * ====================================================================== */

static value get_bid(const expr_frame *f, int seat, int arg)
{
	(void)seat, (void)arg;
	return vars_int(vars_state(f)->bid);
}

static value get_doubled(const expr_frame *f, int seat, int arg)
{
	(void)seat, (void)arg;
	return vars_int(vars_state(f)->doubled > 0);
}

static value get_redoubled(const expr_frame *f, int seat, int arg)
{
	(void)seat, (void)arg;
	return vars_int(vars_state(f)->doubled > 1);
}

/* The cards of the contract's suit; none when its denomination is no
 * suit, or there is no contract. */
static value get_contract_trumps(const expr_frame *f, int seat, int arg)
{
	(void)seat, (void)arg;
	const state *s = vars_state(f);
	int suit = s->denom < 0 ? -1 : s->g->denom_suit[s->denom];
	if (suit < 0)
		return vars_cards(cset_empty());
	return vars_cards(cset_and(s->in_play, s->g->deck.by_suit[suit]));
}

/* A named denomination (arg, its index): true when it is the
 * contract's. */
static value get_denomination(const expr_frame *f, int seat, int arg)
{
	(void)seat;
	return vars_int(vars_state(f)->denom == arg);
}

bool phase_contract_getter(expr_getter_fn fn)
{
	return fn == get_bid || fn == get_contract_trumps ||
	       fn == get_denomination;
}

static bool declare(expr_scope *sc)
{
	return expr_scope_field(sc, "bid", TY_INT, false, get_bid, 0,
				offsetof(state, bid), 0,
				EXPR_FIELD_KIND(((state *)0)->bid)) &&
	       expr_scope_getter(sc, "doubled", TY_BOOL, false, get_doubled,
				 0) &&
	       expr_scope_getter(sc, "redoubled", TY_BOOL, false,
				 get_redoubled, 0) &&
	       expr_scope_getter(sc, "contract_trumps", TY_CARDS, false,
				 get_contract_trumps, 0);
}

/* ======================================================================
 * Compiling
 * ====================================================================== */

/* The game-wide index of denomination n, added when new. */
static int denom_index(builder *b, const node *n)
{
	game *g = b->g;
	const char *text = n->text;
	for (int i = 0; i < g->ndenoms; i++)
		if (strcmp(g->denom_name[i], text) == 0)
			return i;
	int suit = strlen(text) == 1 ? deck_suit_index(&g->deck, text[0]) : -1;
	bool name = text[0] >= 'a' && text[0] <= 'z';
	for (const char *c = text; name && *c; c++)
		name = (*c >= 'a' && *c <= 'z') || (*c >= '0' && *c <= '9') ||
		       *c == '_';
	if (suit < 0 && !name) {
		build_fail(b, n, "a denomination is a suit of the deck or a name "
			   "(lower case letters, digits, _), not '%s'", text);
		return -1;
	}
	if (g->ndenoms == DENOMS_MAX) {
		build_fail(b, n, "at most %d denominations are supported",
			   DENOMS_MAX);
		return -1;
	}
	int i = g->ndenoms++;
	g->denom_name[i] = build_text(b, n);
	g->denom_suit[i] = (int8_t)suit;
	if (suit < 0 && !expr_scope_getter(g->scope, text, TY_BOOL, false,
					   get_denomination, i))
		build_fail(b, n, "the name '%s' is already taken", text);
	return i;
}

static void build_bids(builder *b, const node *n, auction_phase *a)
{
	if (n->kind == NODE_MAP) {
		build_count(b, node_get(n, "from"), &a->bid_from, "'bids.from'");
		build_count(b, node_get(n, "to"), &a->bid_to, "'bids.to'");
		const node *step = node_get(n, "step");
		if (step)
			build_count(b, step, &a->bid_step, "'bids.step'");
		else
			for (int p = 0; p <= SEAT_MAX; p++)
				a->bid_step.by_players[p] = 1;
		return;
	}
	for (size_t i = 0; i < n->n; i++) {
		if (a->nbids == BIDS_MAX) {
			build_fail(b, n->item[i], "at most %d bids are supported",
				   BIDS_MAX);
			return;
		}
		long v = strtol(n->item[i]->text, NULL, 10);
		if (v <= 0 || v > 30000 ||
		    (a->nbids > 0 && v <= a->bid[a->nbids - 1])) {
			build_fail(b, n->item[i], "bids are positive numbers up to "
				   "30000 in rising order");
			return;
		}
		a->bid[a->nbids++] = (int32_t)v;
	}
	if (a->nbids == 0)
		build_fail(b, n, "an auction needs at least one bid");
}

/* ======================================================================
 * The numbers at a table
 * ====================================================================== */

/* A bid is stored in 16 bits, and every bid with every denomination must
 * fit in one list of actions with the pass and the double. */
#define NUMBER_TOP 30000

/* What is wrong with the numbers from..to by step (with the opening bid
 * `open`, -1 for none) at a table, in words; false when nothing is. */
static bool numbers_wrong(const auction_phase *a, long from, long to,
			  long step, long open, char *why, size_t size)
{
	if (from < 1 || to > NUMBER_TOP || step < 1) {
		snprintf(why, size, "bids run from %ld to %ld by %ld, but they "
			 "must be numbers from 1 to %d, by 1 or more", from, to,
			 step, NUMBER_TOP);
		return true;
	}
	if (from > to) {
		snprintf(why, size, "no bid can be made: the bids run from %ld "
			 "to %ld", from, to);
		return true;
	}
	long count = a->raise_next ? 1 : (to - from) / step + 1;
	long actions = count * (a->ndenoms ? a->ndenoms : 1) + 2;
	if (actions > ACTIONS_MAX) {
		snprintf(why, size, "%ld bids%s are more than the %d calls a "
			 "player may choose from", actions - 2,
			 a->ndenoms ? " with their denominations" : "",
			 ACTIONS_MAX - 2);
		return true;
	}
	if (open >= 0 && (open < from || open > to || (open - from) % step)) {
		snprintf(why, size, "the opening bid %ld is not one of the bids "
			 "(from %ld to %ld by %ld)", open, from, to, step);
		return true;
	}
	return false;
}

/* The opening bid is one of the listed numbers. */
static bool listed(const auction_phase *a, long v)
{
	for (int i = 0; i < a->nbids; i++)
		if (a->bid[i] == v)
			return true;
	return false;
}

/* The numbers at every player count that the defaults decide. */
static void check_numbers(builder *b, const node *n, const auction_phase *a)
{
	const game *g = b->g;
	const node *bids = node_get(n, "bids");
	for (int p = g->min_players; p <= g->max_players; p++) {
		long open = a->has_opening ? build_count_at(g, &a->opening, p) : -1;
		char why[200];
		if (a->nbids && open >= 0 && !listed(a, open)) {
			build_fail(b, node_get(n, "opening"), "the opening bid %ld "
				   "is not one of the bids", open);
			return;
		}
		if (a->nbids)
			continue;
		long from = build_count_at(g, &a->bid_from, p);
		long to = build_count_at(g, &a->bid_to, p);
		long step = node_get(bids, "step")
			? build_count_at(g, &a->bid_step, p) : 1;
		if (from < 0 || to < 0 || step < 0)
			continue;               /* known at set-up */
		if (numbers_wrong(a, from, to, step, open, why, sizeof why)) {
			build_fail(b, bids, "with %d players, %s", p, why);
			return;
		}
	}
}

static bool setup(state *s, const phase *p, int index, char *why,
		  size_t size)
{
	(void)index;
	const auction_phase *a = &p->u.auction;
	long open = a->has_opening ? vars_count(s, &a->opening) : -1;
	if (a->nbids) {
		if (open >= 0 && !listed(a, open)) {
			snprintf(why, size, "the opening bid %ld is not one of the "
				 "bids", open);
			return false;
		}
		return true;
	}
	return !numbers_wrong(a, vars_count(s, &a->bid_from),
			      vars_count(s, &a->bid_to),
			      vars_count(s, &a->bid_step), open, why, size);
}

static bool build_flag(builder *b, const schema *sc, const node *n,
		       const char *key, bool otherwise)
{
	const node *v = build_field(b, sc, n, key);
	return v ? strcmp(v->text, "true") == 0 : otherwise;
}

static int byte_compare(const void *x, const void *y)
{
	return *(const uint8_t *)x - *(const uint8_t *)y;
}

static void build(builder *b, const node *n, phase *p)
{
	auction_phase *a = &p->u.auction;
	const schema *sc = build_kind_schema("auction");
	a->from = build_table_expr(b, b->g->scope, build_field(b, sc, n, "from"),
				   TY_SEAT, "'auction.from'");
	const node *bids = build_field(b, sc, n, "bids");
	if (bids)
		build_bids(b, bids, a);
	const node *raise = build_field(b, sc, n, "raise");
	a->raise_next = raise && strcmp(raise->text, "next") == 0;
	const node *opening = build_field(b, sc, n, "opening");
	if (opening) {
		a->has_opening = true;
		build_count(b, opening, &a->opening, "'auction.opening'");
	}
	const node *denoms = build_field(b, sc, n, "denominations");
	for (size_t i = 0; denoms && i < denoms->n; i++) {
		int d = denom_index(b, denoms->item[i]);
		for (int k = 0; d >= 0 && k < a->ndenoms; k++)
			if (a->denom[k] == d) {
				build_fail(b, denoms->item[i], "'%s' is listed twice",
					   denoms->item[i]->text);
				d = -1;
			}
		if (d >= 0)
			a->denom[a->ndenoms++] = (uint8_t)d;
	}
	memcpy(a->denom_rising, a->denom, sizeof a->denom);
	qsort(a->denom_rising, (size_t)a->ndenoms, 1, byte_compare);
	if (a->ndenoms == 0)    /* a bid's one "denomination", for the draw */
		a->denom_rising[0] = DENOM_NONE;
	memset(a->denom_place, -1, sizeof a->denom_place);
	for (int i = 0; i < a->ndenoms; i++)
		a->denom_place[a->denom[i]] = (int8_t)i;
	build_counter_adds(b, build_field(b, sc, n, "raise-adds"), &a->raise_adds);
	const node *after = build_field(b, sc, n, "after-pass");
	a->after_pass = after && strcmp(after->text, "out") == 0
		? AFTER_PASS_OUT : AFTER_PASS_STAYS;
	const node *dbl = build_field(b, sc, n, "double");
	a->opponents_double = dbl && strcmp(dbl->text, "opponents") == 0;
	if (a->opponents_double && b->g->nteams == 0)
		build_fail(b, dbl, "'double: opponents' needs 'teams'");
	a->redouble = build_flag(b, sc, n, "redouble", false);
	a->double_ends = build_flag(b, sc, n, "double-ends", true);
	a->denoms_rank = build_flag(b, sc, n, "denominations-rank", false);
	const node *rule = build_field(b, sc, n, "declarer");
	a->first_to_name = rule && strcmp(rule->text, "first-to-name") == 0;
	static const char *const on_doubles[] = {"redouble", "double-ends"};
	static const char *const on_denoms[] = {"denominations-rank",
						 "declarer"};
	bool set[] = {a->redouble, !a->double_ends, a->denoms_rank,
		      a->first_to_name};
	for (int i = 0; i < 2; i++) {
		if (set[i] && !a->opponents_double)
			build_fail(b, node_get(n, on_doubles[i]), "'%s' needs "
				   "'double: opponents'", on_doubles[i]);
		if (set[2 + i] && !denoms)
			build_fail(b, node_get(n, on_denoms[i]), "'%s' needs "
				   "'denominations'", on_denoms[i]);
	}
	if (!a->double_ends && a->after_pass == AFTER_PASS_OUT)
		build_fail(b, node_get(n, "double-ends"),
			   "passes in a row end this auction: 'after-pass: out' "
			   "does not go with it");
	const node *top = build_field(b, sc, n, "top-ends");
	a->top_ends = top && strcmp(top->text, "true") == 0;
	const node *none = build_field(b, sc, n, "no-bid");
	a->no_bid = none && strcmp(none->text, "play-on") == 0
		? NO_BID_PLAY_ON : NO_BID_REDEAL;
	if (a->has_opening && a->no_bid == NO_BID_PLAY_ON)
		build_fail(b, none, "with an opening bid, somebody always bids: "
			   "'no-bid' has nothing to do");
	check_numbers(b, n, a);
}

/* ======================================================================
 * The numbers
 * ====================================================================== */

/* The numbers that may be bid at this table, worked out once per
 * decision rather than once per number: the listed ones, or a range. */
typedef struct numbers {
	const auction_phase *a;
	int from, to, step;
	int count;
} numbers;

static numbers numbers_of(const state *s, const auction_phase *a)
{
	numbers nb = {.a = a, .count = a->nbids};
	if (a->nbids)
		return nb;
	nb.from = vars_count(s, &a->bid_from);
	nb.to = vars_count(s, &a->bid_to);
	nb.step = vars_count(s, &a->bid_step);
	if (nb.step < 1)
		nb.step = 1;
	nb.count = nb.to < nb.from ? 0 : (nb.to - nb.from) / nb.step + 1;
	return nb;
}

/* The k-th number (k from 0); -1 past the last. */
static int number_at(const numbers *nb, int k)
{
	if (k < 0 || k >= nb->count)
		return -1;
	return nb->a->nbids ? nb->a->bid[k] : nb->from + k * nb->step;
}

static int highest_number(const state *s, const auction_phase *a)
{
	numbers nb = numbers_of(s, a);
	return number_at(&nb, nb.count - 1);
}

/* The index of the first number above `bid`. */
static int first_above(const numbers *nb, int bid)
{
	if (nb->a->nbids) {
		int k = 0;
		while (k < nb->count && nb->a->bid[k] <= bid)
			k++;
		return k;
	}
	int above = bid - nb->from;     /* most raise by one: no division */
	int k = above < 0 ? 0 : (nb->step == 1 ? above : above / nb->step) + 1;
	return k < nb->count ? k : nb->count;
}

/* ======================================================================
 * Playing
 * ====================================================================== */

static bool opening_due(const state *s, const auction_phase *a)
{
	return a->has_opening && room_of(s)->calls == 0;
}

static bool may_double(const state *s, const auction_phase *a)
{
	return a->opponents_double && s->bid > 0 && !s->doubled &&
	       s->declarer >= 0 &&
	       s->g->team_of[s->declarer] != s->g->team_of[s->current];
}

static bool may_redouble(const state *s, const auction_phase *a)
{
	return a->redouble && s->doubled == 1 && s->declarer >= 0 &&
	       s->g->team_of[s->declarer] == s->g->team_of[s->current];
}

/* The place of denomination d in the auction's list; -1: none. */
static int denom_rank(const auction_phase *a, int d)
{
	return d >= 0 && d < DENOMS_MAX ? a->denom_place[d] : -1;
}

/* With denominations-rank, a bid of the standing number is higher when
 * its denomination comes later in the list. */
static bool beats_standing(const state *s, const auction_phase *a,
			   const action *bid)
{
	if (bid->number != s->bid)
		return bid->number > s->bid;
	return a->denoms_rank && s->denom >= 0 &&
	       denom_rank(a, bid->denom) > denom_rank(a, s->denom);
}

static bool enter(state *s, const phase *p)
{
	const auction_phase *a = &p->u.auction;
	int first = a->from ? (int)vars_eval(s, a->from, -1).i
			    : state_next_seat(s, s->dealer, 1);
	if (first < 0 || first >= s->players)
		first = 0;
	struct auction_room *r = room(s);
	r->first = (int8_t)first;
	s->current = (int8_t)first;
	r->calls = r->passes_in_row = 0;
	r->passed_since_bid = r->out = 0;
	memset(r->named, 0, sizeof r->named);
	phase_contract_clear(s);
	return true;
}

/* The bid of the k-th number with the denomination den (DENOM_NONE
 * when the auction has none). */
static action bid_of(const numbers *nb, int k, uint8_t den)
{
	action act = action_of(ACT_BID, number_at(nb, k));
	act.denom = den;
	return act;
}

/* Bids of the numbers k..last, each with every denomination in the
 * order `den`, leaving room for the pass and the double (set-up has
 * checked they fit). */
static int list_bids(const numbers *nb, int k, int last, const uint8_t *den,
		     action *out)
{
	const auction_phase *a = nb->a;
	int n = 0, room = ACTIONS_MAX - 2;
	for (; k < nb->count && k <= last && n < room; k++) {
		if (a->ndenoms == 0) {
			out[n++] = bid_of(nb, k, DENOM_NONE);
			continue;
		}
		for (int d = 0; d < a->ndenoms && n < room; d++)
			out[n++] = bid_of(nb, k, den[d]);
	}
	return n;
}

/* Drops the bids of out[0..n) that do not beat the standing bid. */
static int keep_higher(const state *s, const auction_phase *a, action *out,
		       int n)
{
	int m = 0;
	for (int i = 0; i < n; i++)
		if (beats_standing(s, a, &out[i]))
			out[m++] = out[i];
	return m;
}

/* The index of the opening number, or -1 when it is none of them. */
static int opening_index(const state *s, const numbers *nb)
{
	int open = vars_count(s, &nb->a->opening);
	int k = first_above(nb, open - 1);
	return number_at(nb, k) == open ? k : -1;
}

/* The numbers a call may bid now: k..last; none when last < k.  When
 * denominations rank bids, the standing number may be bid again in a
 * higher denomination (keep_higher drops the others). */
static void open_numbers(const state *s, const numbers *nb, int *k,
			 int *last)
{
	int floor = nb->a->denoms_rank && s->bid > 0 ? s->bid - 1 : s->bid;
	*k = first_above(nb, floor);
	*last = nb->a->raise_next && *k < nb->count ? *k : nb->count - 1;
}

/* In the canonical order as they are listed: the bids by number, then
 * denomination; the pass; the double; the redouble.  The forced opening
 * keeps its denominations in the order the rule file gives them. */
static int legal(const state *s, const phase *p, action *out)
{
	const auction_phase *a = &p->u.auction;
	numbers nb = numbers_of(s, a);
	if (opening_due(s, a)) {
		int k = opening_index(s, &nb);
		if (k >= 0)
			return list_bids(&nb, k, k, a->denom, out);
	}
	int k, last;
	open_numbers(s, &nb, &k, &last);
	int n = list_bids(&nb, k, last, a->denom_rising, out);
	if (a->denoms_rank)
		n = keep_higher(s, a, out, n);
	out[n++] = action_of(ACT_PASS, 0);
	if (may_double(s, a))
		out[n++] = action_of(ACT_DOUBLE, 0);
	if (may_redouble(s, a)) {
		out[n++] = action_of(ACT_REDOUBLE, 0);
		action_sort(out, n);    /* where the kinds order it */
	}
	return n;
}

/* The bids open to a call, as a count in legal()'s order: the bids
 * of number k come first, `first` of them (every denomination, or,
 * when k is the standing number and denominations rank bids, those
 * ranked above the standing one), then every denomination of each
 * number up to `last`. */
typedef struct open_bids {
	int k, last;
	int first;
} open_bids;

static int bids_count(const open_bids *o, int per)
{
	return o->last >= o->k ? o->first + (o->last - o->k) * per : 0;
}

/* More bids than a list holds: legal() cuts the list short (before it
 * drops the bids that do not beat the standing one), so no count
 * follows it. */
static bool cut_short(const open_bids *o, int per)
{
	return o->last >= o->k && (o->last - o->k + 1) * per > ACTIONS_MAX - 2;
}

/* The bids of the standing number open after a bid of denomination d
 * (its game-wide index, or -1): those ranked above it. */
static int above_standing(const auction_phase *a, int per, int d)
{
	return d < 0 ? 0 : per - 1 - denom_rank(a, d);
}

static inline __attribute__((always_inline)) open_bids
bids_open(const state *s, const numbers *nb)
{
	const auction_phase *a = nb->a;
	int per = a->ndenoms ? a->ndenoms : 1;
	open_bids o = {.first = per};
	open_numbers(s, nb, &o.k, &o.last);
	if (a->denoms_rank && s->bid > 0 && number_at(nb, o.k) == s->bid)
		o.first = above_standing(a, per, s->denom);
	return o;
}

/* The i-th of the denominations, in rising order, ranked above the
 * place `rank`. */
static uint8_t ranked_above(const auction_phase *a, int rank, int i)
{
	for (int j = 0; j < a->ndenoms; j++)
		if (a->denom_place[a->denom_rising[j]] > rank && i-- == 0)
			return a->denom_rising[j];
	return DENOM_NONE;      /* not reached: i < the count above rank */
}

/* The i-th open bid (i below bids_count()): its number's index *at and
 * its denomination.  Past the bids of the standing number, the bids
 * are every denomination of each number in turn. */
static inline __attribute__((always_inline)) uint8_t
bid_drawn(const auction_phase *a, const open_bids *o, int per, int i,
	  int *at)
{
	if (o->first < per) {
		if (i < o->first) {
			*at = o->k;
			return ranked_above(a, per - 1 - o->first, i);
		}
		i += per - o->first;
	}
	*at = o->k + i / per;
	return a->denom_rising[i % per];      /* DENOM_NONE: no denominations */
}

/* A random call drawn as from legal()'s list, without listing, from
 * the numbers nb of this table: the bids, the pass, the double or the
 * redouble (never both), drawn as a count of them. */
static inline __attribute__((always_inline)) action
call_drawn(const state *s, const phase *p, const numbers *nbp, rng *r)
{
	const auction_phase *a = &p->u.auction;
	numbers nb = *nbp;
	int per = a->ndenoms ? a->ndenoms : 1;
	int k;
	if (opening_due(s, a) && (k = opening_index(s, &nb)) >= 0) {
		int i = (int)rng_below(r, (uint32_t)per);
		return bid_of(&nb, k, a->ndenoms ? a->denom[i] : DENOM_NONE);
	}
	open_bids o = bids_open(s, &nb);
	if (cut_short(&o, per)) {
		action list[ACTIONS_MAX];
		int n = legal(s, p, list);
		return list[rng_below(r, (uint32_t)n)];
	}
	int bids = bids_count(&o, per);
	bool dbl = may_double(s, a);
	int n = bids + 1 + dbl + may_redouble(s, a);
	int i = (int)rng_below(r, (uint32_t)n);
	if (i < bids) {
		int at;
		uint8_t den = bid_drawn(a, &o, per, i, &at);
		return bid_of(&nb, at, den);
	}
	return action_of(i == bids ? ACT_PASS
			 : dbl ? ACT_DOUBLE : ACT_REDOUBLE, 0);
}

static action random_call(const state *s, const phase *p, rng *r)
{
	numbers nb = numbers_of(s, &p->u.auction);
	return call_drawn(s, p, &nb, r);
}

/* The next seat still in the auction after the current one, from the
 * mask of those in: the first above it (below, anticlockwise), else
 * the first from the other end. */
static inline __attribute__((always_inline)) void next_caller(state *s)
{
	int seat = s->current;
	unsigned in = ((1u << s->players) - 1) & ~(unsigned)room_of(s)->out;
	if (!in)
		return;
	if (s->g->direction > 0) {
		unsigned after = in & ~((2u << seat) - 1);
		s->current = (int8_t)__builtin_ctz(after ? after : in);
	} else {
		unsigned before = in & ((1u << seat) - 1);
		s->current = (int8_t)(31 - __builtin_clz(before ? before : in));
	}
}

/* Has every seat but the bidder passed since the bid, or left? */
static bool bid_stands(const state *s)
{
	const struct auction_room *r = room_of(s);
	unsigned waiting = ((1u << s->players) - 1) & ~(unsigned)r->out &
			   ~(unsigned)r->passed_since_bid;
	if (s->declarer >= 0)
		waiting &= ~(1u << s->declarer);
	return waiting == 0;
}

/* The seats of `seat`'s team, as bits. */
static uint16_t team_seats(const state *s, int seat)
{
	uint16_t bits = 0;
	for (int q = 0; q < s->players; q++)
		if (s->g->team_of[q] == s->g->team_of[seat])
			bits |= (uint16_t)(1u << q);
	return bits;
}

/* Who declares a bid of denomination d by seat: the bidder, or the first
 * of its team to have named d (declarer: first-to-name). */
static int declarer_of(state *s, const auction_phase *a, int seat, int d)
{
	if (!a->first_to_name || d == DENOM_NONE || d >= DENOMS_MAX)
		return seat;
	struct auction_room *r = room(s);
	uint16_t team = team_seats(s, seat);
	if (!(r->named[d] & team))
		r->named[d] |= (uint16_t)(1u << seat);
	return __builtin_ctz(r->named[d] & team);
}

/* Passes in a row end an auction whose doubles do not: all but one of
 * the seats still in it after a bid, or all of them before any. */
static bool passes_end(const state *s, const auction_phase *a)
{
	return !a->double_ends && s->bid > 0 &&
	       room_of(s)->passes_in_row >= s->players - 1;
}

/* A call of the given kind (a bid: its number and denomination) made:
 * out of line for the engine, within the playout's loop, which knows
 * whether the call is the forced opening without asking. */
static inline __attribute__((always_inline)) phase_step
call_made(state *s, const phase *p, action_kind kind, int number,
	  uint8_t denom, bool forced)
{
	const auction_phase *a = &p->u.auction;
	struct auction_room *r = room(s);
	int seat = s->current;
	r->calls++;
	s->event = EV_ACTION;
	switch (kind) {
	case ACT_BID:
		phase_contract_bid(s, number);
		if (!forced && a->raise_adds.n)
			counters_add(s, &a->raise_adds, seat);
		phase_contract_denom(s, denom == DENOM_NONE ? -1 : denom);
		phase_declare(s, a->first_to_name
				  ? declarer_of(s, a, seat, denom) : seat);
		r->passed_since_bid = 0;
		r->passes_in_row = 0;
		if (a->top_ends && number == highest_number(s, a))
			return PHASE_ENDS;
		break;
	case ACT_DOUBLE:
		phase_contract_double(s);
		if (a->double_ends)
			return PHASE_ENDS;
		r->passes_in_row = 0;
		break;
	case ACT_REDOUBLE:
		phase_contract_redouble(s);
		r->passes_in_row = 0;
		break;
	default:                /* a pass */
		r->passes_in_row++;
		r->passed_since_bid |= (uint16_t)(1u << seat);
		if (a->after_pass == AFTER_PASS_OUT)
			r->out |= (uint16_t)(1u << seat);
		break;
	}
	if (a->double_ends ? s->bid > 0 && bid_stands(s) : passes_end(s, a))
		return PHASE_ENDS;
	if (s->bid == 0 && r->calls >= s->players &&
	    (a->after_pass == AFTER_PASS_OUT ||
	     r->passed_since_bid == (1u << s->players) - 1))
		return a->no_bid == NO_BID_REDEAL ? PHASE_REDEAL : PHASE_ENDS;
	next_caller(s);
	return PHASE_GOES_ON;
}

static phase_step apply(state *s, const phase *p, const action *act)
{
	return call_made(s, p, (action_kind)act->kind, act->number,
			 act->denom, opening_due(s, &p->u.auction));
}

/* One random call drawn as random_call() draws it and made. */
static inline __attribute__((always_inline)) phase_step
drawn_call_made(state *s, const phase *p, const numbers *nb, rng *r)
{
	action act = call_drawn(s, p, nb, r);
	if (act.kind == ACT_NONE)
		return PHASE_STUCK;
	return call_made(s, p, (action_kind)act.kind, act.number, act.denom,
			 opening_due(s, &p->u.auction));
}

/* The opening call drawn as random_call() draws it and made: one of
 * the opening number's bids, by denomination in the rule file's order. */
static phase_step opening_made(state *s, const phase *p, const numbers *nb,
			       rng *r)
{
	const auction_phase *a = &p->u.auction;
	int per = a->ndenoms ? a->ndenoms : 1;
	int k = opening_index(s, nb);
	if (k < 0 || per > ACTIONS_MAX - 2)
		return drawn_call_made(s, p, nb, r);
	int i = (int)rng_below(r, (uint32_t)per);
	return call_made(s, p, ACT_BID, number_at(nb, k),
			 a->ndenoms ? a->denom[i] : DENOM_NONE, true);
}

/* Random calls until the auction ends, from the bids open `o`: the
 * playout's loop, made twice by the compiler: for `plain` auctions
 * (denominations that do not rank bids, no redouble: every bid open is
 * a number above the standing one, in each denomination) and for the
 * others. */
static inline __attribute__((always_inline)) phase_step
calls_made(state *s, const phase *p, const seat_rngs *r, const numbers *nb,
	   open_bids o, const bool plain)
{
	const auction_phase *a = &p->u.auction;
	/* read once: the stores through s may alias the game for all the
	 * compiler knows */
	const int per = a->ndenoms ? a->ndenoms : 1;
	const bool ranked = !plain && a->denoms_rank;
	const bool raise_next = a->raise_next;
	phase_step st = PHASE_GOES_ON;
	while (st == PHASE_GOES_ON) {
		if (plain)
			o.first = per;
		o.last = raise_next && o.k < nb->count ? o.k : nb->count - 1;
		int bids = bids_count(&o, per);
		if (bids + per - o.first > ACTIONS_MAX - 2) {   /* cut_short() */
			st = drawn_call_made(s, p, nb, r->seat[s->current]);
			o = bids_open(s, nb);
			continue;
		}
		bool dbl = may_double(s, a);
		int n = bids + 1 + dbl + (!plain && may_redouble(s, a));
		int i = (int)rng_below(r->seat[s->current], (uint32_t)n);
		if (i < bids) {
			int at;
			uint8_t den = bid_drawn(a, &o, per, i, &at);
			st = call_made(s, p, ACT_BID, number_at(nb, at), den,
				       false);
			/* the numbers rise: those above the bid are open, and
			 * with ranked denominations the bid's number above it */
			o.k = ranked ? at : at + 1;
			o.first = ranked ? above_standing(a, per, den) : per;
		} else {
			st = call_made(s, p, i == bids ? ACT_PASS
				       : dbl ? ACT_DOUBLE : ACT_REDOUBLE,
				       0, DENOM_NONE, false);
		}
	}
	return st;
}

/* Random calls until the auction ends, each drawn as random_call()
 * draws it for state_apply_random(), without a step of the engine per
 * call: the playouts' fast path.  The numbers read only what a deal
 * fixes: they are worked out once.  Past the opening the draw is a
 * count: the bids open are kept from call to call (only a bid moves
 * them), and the call is made from its kind, number and denomination
 * without an action built. */
static phase_step playout(state *s, const phase *p, const seat_rngs *r)
{
	const auction_phase *a = &p->u.auction;
	numbers nb = numbers_of(s, a);
	phase_step st = PHASE_GOES_ON;
	if (opening_due(s, a))
		st = opening_made(s, p, &nb, r->seat[s->current]);
	if (st != PHASE_GOES_ON)
		return st;
	open_bids o = bids_open(s, &nb);
	return a->denoms_rank || a->redouble
		? calls_made(s, p, r, &nb, o, false)
		: calls_made(s, p, r, &nb, o, true);
}

/* ======================================================================
 * Words
 * ====================================================================== */

static action_prompt prompt(const state *s, const phase *p)
{
	(void)s;
	(void)p;
	action_prompt due = {"call", 1};
	return due;
}

static void words(const state *s, const phase *p, const action *a, int n,
		  char *buf, size_t size)
{
	(void)p;
	buf[0] = '\0';
	if (n < 1)
		return;
	if (a->kind == ACT_PASS)
		snprintf(buf, size, "pass");
	else if (a->kind == ACT_DOUBLE)
		snprintf(buf, size, "double");
	else if (a->kind == ACT_REDOUBLE)
		snprintf(buf, size, "redouble");
	else if (a->kind == ACT_BID && a->denom != DENOM_NONE &&
		 a->denom < s->g->ndenoms)
		snprintf(buf, size, "%d %s", a->number,
			 s->g->denom_name[a->denom]);
	else if (a->kind == ACT_BID)
		snprintf(buf, size, "%d", a->number);
}

static void list_denoms(const state *s, const auction_phase *a, char *buf,
			size_t size)
{
	size_t used = 0;
	buf[0] = '\0';
	for (int i = 0; i < a->ndenoms && used < size; i++)
		used += (size_t)snprintf(buf + used, size - used, "%s%s",
					 i ? ", " : "",
					 s->g->denom_name[a->denom[i]]);
}

static bool parse(const state *s, const phase *p, char *const *word,
		  int nword, action *out, int *n, char *err, size_t size)
{
	const auction_phase *a = &p->u.auction;
	if (nword > 0 && strcasecmp(word[0], "bid") == 0) {
		word++;
		nword--;
	}
	*n = 1;
	if (nword == 1 && strcasecmp(word[0], "pass") == 0) {
		out[0] = action_of(ACT_PASS, 0);
		return true;
	}
	if (nword == 1 && strcasecmp(word[0], "double") == 0) {
		out[0] = action_of(ACT_DOUBLE, 0);
		return true;
	}
	if (nword == 1 && strcasecmp(word[0], "redouble") == 0) {
		out[0] = action_of(ACT_REDOUBLE, 0);
		return true;
	}
	char *end = NULL;
	long v = nword > 0 ? strtol(word[0], &end, 10) : 0;
	if (nword == 0 || end == word[0] || *end || v <= 0 || v > 30000) {
		snprintf(err, size, "it is your call in the auction: pass%s a "
			 "bid (%s)", a->redouble ? ", double, redouble or"
			 : a->opponents_double ? ", double or" : " or",
			 a->ndenoms ? "a number and a denomination, as in "
				      "'call 120 H'" : "a number, as in 'call 3'");
		return false;
	}
	out[0] = action_of(ACT_BID, (int)v);
	if (a->ndenoms == 0) {
		if (nword == 1)
			return true;
		snprintf(err, size, "a bid here is a number alone");
		return false;
	}
	char names[200];
	list_denoms(s, a, names, sizeof names);
	if (nword != 2) {
		snprintf(err, size, "a bid is a number and one of: %s", names);
		return false;
	}
	for (int i = 0; i < a->ndenoms; i++)
		if (strcasecmp(word[1], s->g->denom_name[a->denom[i]]) == 0) {
			out[0].denom = a->denom[i];
			return true;
		}
	snprintf(err, size, "'%s' is not a denomination here; one of: %s",
		 word[1], names);
	return false;
}

static void why_illegal(const state *s, const phase *p, const action *act,
			char *buf, size_t size)
{
	const auction_phase *a = &p->u.auction;
	if (opening_due(s, a)) {
		snprintf(buf, size, "the first call must be a bid of %d",
			 vars_count(s, &a->opening));
	} else if (act->kind == ACT_DOUBLE) {
		snprintf(buf, size, "%s", !a->opponents_double
			 ? "nobody doubles in this auction"
			 : s->bid == 0 ? "there is no bid to double"
			 : s->doubled ? "the bid is already doubled"
			 : "only an opponent of the bidder may double");
	} else if (act->kind == ACT_REDOUBLE) {
		snprintf(buf, size, "%s", !a->redouble
			 ? "nobody redoubles in this auction"
			 : s->doubled != 1 ? "there is no double to redouble"
			 : "only the side doubled may redouble");
	} else if (act->kind == ACT_BID) {
		numbers nb = numbers_of(s, a);
		int next = number_at(&nb, first_above(&nb, s->bid));
		if (next < 0)
			snprintf(buf, size, "%d is the highest bid: only a pass "
				 "is left", s->bid);
		else if (a->raise_next)
			snprintf(buf, size, "the only bid now is %d", next);
		else if (a->ndenoms > 0 && (act->denom == DENOM_NONE ||
					    act->denom >= s->g->ndenoms))
			snprintf(buf, size, "a bid names a number and one of "
				 "the denominations, as in 'call %d %s'", next,
				 s->g->denom_name[a->denom[0]]);
		else if (!beats_standing(s, a, act) && a->denoms_rank &&
			 s->bid > 0)
			snprintf(buf, size, "a bid must be higher than %d %s",
				 s->bid, s->g->denom_name[s->denom]);
		else if (act->number <= s->bid)
			snprintf(buf, size, "a bid must be higher than %d",
				 s->bid);
		else
			snprintf(buf, size, "%d is not one of the bids; the next "
				 "is %d", act->number, next);
	} else {
		snprintf(buf, size, "it is your call in the auction: pass or a "
			 "bid%s", a->opponents_double ? ", or a double" : "");
	}
}

static void explain(FILE *out, const game *g, const phase *p)
{
	const auction_phase *a = &p->u.auction;
	char who[160], low[120], high[120];
	fprintf(out, "An auction: in turn from %s, each player passes%s",
		phase_first_seat_words(g, a->from, who, sizeof who),
		a->opponents_double ? ", bids" : " or bids");
	if (a->opponents_double)
		fprintf(out, " or doubles the standing bid of an opponent%s%s",
			a->redouble ? ", or redoubles a double of its side's bid"
			: "", a->double_ends ? " (which ends the auction)" : "");
	fputs(".\n", out);
	if (a->nbids) {
		fputs("  The numbers: ", out);
		for (int i = 0; i < a->nbids; i++)
			fprintf(out, "%s%d", i ? ", " : "", (int)a->bid[i]);
		fputs(".\n", out);
	} else {
		fprintf(out, "  The numbers run from %s to %s.\n",
			phase_number_words(&a->bid_from, low, sizeof low),
			phase_number_words(&a->bid_to, high, sizeof high));
	}
	if (a->ndenoms) {
		fputs("  Each bid names a denomination:", out);
		for (int i = 0; i < a->ndenoms; i++)
			fprintf(out, "%s %s", i ? "," : "", g->denom_name[a->denom[i]]);
		fputs(a->denoms_rank ? " (within a number, each is higher than "
		      "those before it).\n"
		      : " (the denomination does not rank bids).\n", out);
	}
	fprintf(out, "  %s\n", a->raise_next
		? "A bid raises the standing bid to the next number exactly."
		: "A bid must be higher than the standing bid.");
	if (a->has_opening)
		fprintf(out, "  The first call must be a bid of %s.\n",
			phase_number_words(&a->opening, low, sizeof low));
	fprintf(out, "  %s\n", a->after_pass == AFTER_PASS_OUT
		? "A player who passes is out of this auction."
		: "A player who passed may call again later.");
	if (a->double_ends)
		fputs("  The auction ends when everybody else has passed since "
		      "the last bid", out);
	else
		fputs("  The auction ends when all the players but one pass in "
		      "a row after a bid, a double or a redouble", out);
	if (a->top_ends)
		fputs(", or at once when the highest number is bid", out);
	fputs(a->first_to_name
	      ? "; the last bid is the contract, and its declarer the first "
		"player of the last bidder's side to have bid its "
		"denomination.\n"
	      : "; the last bidder is the declarer and the last bid the "
		"contract.\n", out);
	fprintf(out, "  When everybody passes without a bid, %s.\n",
		a->no_bid == NO_BID_REDEAL
		? "the cards are thrown in and the same dealer deals again"
		: "the deal goes on without a contract");
}

/* ======================================================================
 * Words at the table
 * ====================================================================== */

static void narrate(const state *before, const state *after, const phase *p,
		    int seat, const action *a, int n, const audience *who,
		    tale *out, tale *news)
{
	(void)after, (void)news;
	char buf[200];
	buf[0] = '\0';
	words(before, p, a, n, buf, sizeof buf);
	tale_printf(out, "  ");
	tale_seat_as(out, seat, TALE_OPENS);
	if (a[0].kind == ACT_BID)
		tale_printf(out, " %s %s\n", audience_verb(who, seat, "bid", "bids"),
			    buf);
	else
		tale_printf(out, ": %s\n", buf);
}

/* The auction so far: the standing bid, who made it, a double. */
static bool context(const state *s, const phase *p, const audience *who,
		    tale *out)
{
	(void)p, (void)who;
	if (s->bid == 0) {
		tale_printf(out, "  No bid yet.\n");
		return false;
	}
	tale_printf(out, "  The bid to beat: %d%s%s by ", s->bid,
		    s->denom >= 0 ? " " : "",
		    s->denom >= 0 ? s->g->denom_name[s->denom] : "");
	tale_seat(out, s->declarer);
	tale_printf(out, "%s.\n", s->doubled > 1 ? ", redoubled"
		    : s->doubled ? ", doubled" : "");
	return false;
}

static void help(const game *g, const phase *p, tale *out)
{
	(void)g;
	tale_printf(out, "    call 120 H  an auction's bid (or: pass, double%s)\n",
		    p->u.auction.redouble ? ", redouble" : "");
}

const phase_kind_def phase_auction = {
	.name = "auction",
	.build = build,
	.declare = declare,
	.setup = setup,
	.reset = reset,
	.enter = enter,
	.legal = legal,
	.random_action = random_call,
	.apply = apply,
	.playout = playout,
	.prompt = prompt,
	.words = words,
	.parse = parse,
	.why_illegal = why_illegal,
	.explain = explain,
	.narrate = narrate,
	.context = context,
	.help = help,
};
