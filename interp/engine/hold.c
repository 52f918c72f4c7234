/*
 * hold.c — an auction by holding: bids are made to one seat at a time.
 *
 * The first seat (`from`, Skat's forehand) listens; the next seat in the
 * direction of play bids to it.  The bidder names a number higher than
 * the standing one or passes; the listener answers each bid by holding
 * it (saying it would play for as much) or by passing.  Whoever passes
 * drops out, the other stays as the listener, and the next seat bids to
 * it, until every seat has had its turn.  When nobody bid at all, the
 * last seat standing may still bid the lowest number or pass.  The
 * survivor becomes the declarer and the standing number the contract
 * (the outputs state.bid and state.declarer, read as `bid` and
 * `declarer`).  Skat's bidding is this phase; the calls are made aloud.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "engine/phase.h"

/* The auction's own state for the deal. */
struct hold_room {
	int8_t first;                   /* the first listener */
	int8_t listener;                /* who is answered, the survivor */
	int8_t bidder;                  /* who bids to the listener */
	uint8_t turn;                   /* the bidder's distance from first */
	bool listening;                 /* the listener answers a bid */
	bool last_call;                 /* nobody bid: the survivor may open */
	bool done;
};

_Static_assert(sizeof(struct hold_room) <= PHASE_ROOM_SIZE,
	       "the hold auction's room fits in its slot");

static struct hold_room *room(state *s)
{
	return phase_room(s, PHASE_HOLD);
}

static const struct hold_room *room_of(const state *s)
{
	return phase_room_of(s, PHASE_HOLD);
}

static void reset(state *s)
{
	memset(room(s), 0, sizeof(struct hold_room));
}

/* ======================================================================
 * Compiling
 * ====================================================================== */

static void build_bids(builder *b, const node *n, hold_phase *h)
{
	for (size_t i = 0; i < n->n; i++) {
		if (h->nbids == BIDS_MAX) {
			build_fail(b, n->item[i], "at most %d bids are supported",
				   BIDS_MAX);
			return;
		}
		long v = strtol(n->item[i]->text, NULL, 10);
		if (h->nbids > 0 && v <= h->bid[h->nbids - 1]) {
			build_fail(b, n->item[i], "bids are numbers in rising "
				   "order");
			return;
		}
		h->bid[h->nbids++] = (int32_t)v;
	}
	if (h->nbids == 0)
		build_fail(b, n, "an auction needs at least one bid");
}

static void build_names(builder *b, const node *n, hold_phase *h)
{
	for (size_t i = 0; n && i < n->n; i++) {
		if (h->nnames == SEAT_MAX) {
			build_fail(b, n->item[i], "at most %d seat names are "
				   "supported", SEAT_MAX);
			return;
		}
		h->name[h->nnames++] = build_text(b, n->item[i]);
	}
}

static void build(builder *b, const node *n, phase *p)
{
	hold_phase *h = &p->u.hold;
	const schema *sc = build_kind_schema("hold-auction");
	h->from = build_table_expr(b, b->g->scope, build_field(b, sc, n, "from"),
				   TY_SEAT, "'hold-auction.from'");
	const node *bids = build_field(b, sc, n, "bids");
	if (bids)
		build_bids(b, bids, h);
	const node *names = build_field(b, sc, n, "seat-names");
	build_names(b, names, h);
	for (int k = b->g->min_players; h->nnames && k <= b->g->max_players; k++)
		if (k != h->nnames) {
			build_fail(b, names, "'seat-names' names %d seats, but "
				   "%d may play", h->nnames, k);
			break;
		}
	const node *none = build_field(b, sc, n, "no-bid");
	h->no_bid = none && strcmp(none->text, "play-on") == 0
		? NO_BID_PLAY_ON : NO_BID_REDEAL;
}

static bool setup(state *s, const phase *p, int index, char *why,
		  size_t size)
{
	(void)index;
	const hold_phase *h = &p->u.hold;
	if (h->nnames && h->nnames != s->players) {
		snprintf(why, size, "'seat-names' names %d seats, but %d play",
			 h->nnames, s->players);
		return false;
	}
	return true;
}

/* ======================================================================
 * Playing
 * ====================================================================== */

/* The next seat bids to the listener; after the last, the auction is
 * over, or the survivor has a last call when nobody bid. */
static phase_step next_bidder(state *s, const hold_phase *h)
{
	struct hold_room *r = room(s);
	r->listening = false;
	if (++r->turn < s->players) {
		r->bidder = (int8_t)state_next_seat(s, r->first, r->turn);
		s->current = r->bidder;
		return PHASE_GOES_ON;
	}
	if (s->bid > 0 || r->last_call) {
		r->done = true;
		if (s->bid > 0) {
			phase_declare(s, r->listener);
			return PHASE_ENDS;
		}
		return h->no_bid == NO_BID_REDEAL ? PHASE_REDEAL : PHASE_ENDS;
	}
	r->last_call = true;
	s->current = r->listener;
	return PHASE_GOES_ON;
}

static bool enter(state *s, const phase *p)
{
	const hold_phase *h = &p->u.hold;
	int first = h->from ? (int)vars_eval(s, h->from, -1).i
			    : state_next_seat(s, s->dealer, 1);
	if (first < 0 || first >= s->players)
		first = 0;
	struct hold_room *r = room(s);
	memset(r, 0, sizeof *r);
	r->first = r->listener = (int8_t)first;
	phase_contract_clear(s);
	next_bidder(s, h);
	return true;
}

/* Bids (ascending) then the pass, as action_compare orders them: the
 * bidder's numbers above the standing one, the listener's hold, or the
 * survivor's opening at the lowest number. */
static int legal(const state *s, const phase *p, action *out)
{
	const hold_phase *h = &p->u.hold;
	const struct hold_room *r = room_of(s);
	int n = 0;
	if (r->last_call)
		out[n++] = action_of(ACT_BID, h->bid[0]);
	else if (r->listening)
		out[n++] = action_of(ACT_BID, s->bid);
	else
		for (int i = 0; i < h->nbids; i++)
			if (h->bid[i] > s->bid)
				out[n++] = action_of(ACT_BID, h->bid[i]);
	out[n++] = action_of(ACT_PASS, 0);
	return n;
}

/* A random call drawn as from legal()'s list, without listing it: the
 * bids above the standing one (the numbers rise), then the pass. */
static action random_call(const state *s, const phase *p, rng *rg)
{
	const hold_phase *h = &p->u.hold;
	const struct hold_room *r = room_of(s);
	int first = 0, bids = 1;
	if (!r->last_call && !r->listening) {
		while (first < h->nbids && h->bid[first] <= s->bid)
			first++;
		bids = h->nbids - first;
	}
	int i = (int)rng_below(rg, (uint32_t)bids + 1);
	if (i == bids)
		return action_of(ACT_PASS, 0);
	return action_of(ACT_BID, r->last_call ? h->bid[0]
			 : r->listening ? s->bid : h->bid[first + i]);
}

static phase_step apply(state *s, const phase *p, const action *act)
{
	const hold_phase *h = &p->u.hold;
	struct hold_room *r = room(s);
	s->event = EV_ACTION;
	bool bid = act->kind == ACT_BID;
	if (r->last_call) {
		if (bid) {
			phase_contract_bid(s, act->number);
			phase_declare(s, r->listener);
		}
		return next_bidder(s, h);
	}
	if (r->listening) {
		if (!bid) {             /* the bidder survives */
			r->listener = r->bidder;
			return next_bidder(s, h);
		}
		phase_declare(s, r->listener);
		r->listening = false;
		s->current = r->bidder;
		return PHASE_GOES_ON;
	}
	if (!bid)
		return next_bidder(s, h);
	phase_contract_bid(s, act->number);
	phase_declare(s, r->bidder);
	r->listening = true;
	s->current = r->listener;
	return PHASE_GOES_ON;
}

/* ======================================================================
 * Words
 * ====================================================================== */

static action_prompt prompt(const state *s, const phase *p)
{
	(void)s, (void)p;
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
	else if (room_of(s)->listening)
		snprintf(buf, size, "hold");
	else
		snprintf(buf, size, "%d", a->number);
}

static bool parse(const state *s, const phase *p, char *const *word,
		  int nword, action *out, int *n, char *err, size_t size)
{
	(void)p;
	if (nword > 0 && strcasecmp(word[0], "bid") == 0) {
		word++;
		nword--;
	}
	*n = 1;
	if (nword != 1) {
		snprintf(err, size, "call a number, hold (or yes), or pass");
		return false;
	}
	if (strcasecmp(word[0], "pass") == 0 || strcasecmp(word[0], "no") == 0) {
		out[0] = action_of(ACT_PASS, 0);
		return true;
	}
	if (strcasecmp(word[0], "hold") == 0 || strcasecmp(word[0], "yes") == 0) {
		out[0] = action_of(ACT_BID, s->bid);
		return true;
	}
	char *end = NULL;
	long v = strtol(word[0], &end, 10);
	if (end == word[0] || *end || v <= 0 || v > 30000) {
		snprintf(err, size, "call a number, hold (or yes), or pass");
		return false;
	}
	out[0] = action_of(ACT_BID, (int)v);
	return true;
}

/* The first listed number above `bid`; -1 when none is. */
static int next_number(const hold_phase *h, int bid)
{
	for (int i = 0; i < h->nbids; i++)
		if (h->bid[i] > bid)
			return h->bid[i];
	return -1;
}

static void why_illegal(const state *s, const phase *p, const action *act,
			char *buf, size_t size)
{
	const hold_phase *h = &p->u.hold;
	const struct hold_room *r = room_of(s);
	int next = next_number(h, s->bid);
	if (r->last_call)
		snprintf(buf, size, "everybody else passed: bid %d or pass",
			 h->bid[0]);
	else if (r->listening)
		snprintf(buf, size, "a bid of %d was made to you: hold it or pass",
			 s->bid);
	else if (next < 0)
		snprintf(buf, size, "%d is the highest bid: only a pass is left",
			 s->bid);
	else if (act->number <= s->bid)
		snprintf(buf, size, "a bid must be higher than %d", s->bid);
	else
		snprintf(buf, size, "%d is not one of the bids; the next is %d",
			 act->number, next);
}

static void explain(FILE *out, const game *g, const phase *p)
{
	const hold_phase *h = &p->u.hold;
	char who[160];
	fprintf(out, "An auction by holding: %s listens first, and the others "
		"in turn bid to the one still in.\n",
		phase_first_seat_words(g, h->from, who, sizeof who));
	fputs("  The bidder names a higher number or passes; the listener "
	      "holds each bid (plays for as much) or passes.  Whoever passes "
	      "is out; the other listens to the next bidder.\n", out);
	fputs("  The numbers:", out);
	for (int i = 0; i < h->nbids; i++)
		fprintf(out, "%s %d", i ? "," : "", (int)h->bid[i]);
	fputs(".\n", out);
	fprintf(out, "  When nobody bids, the first listener may still bid %d; "
		"the one left in is the declarer and the standing number the "
		"contract.\n", (int)h->bid[0]);
	fprintf(out, "  When everybody passes without a bid, %s.\n",
		h->no_bid == NO_BID_REDEAL
		? "the cards are thrown in and the same dealer deals again"
		: "the deal goes on without a contract");
}

/* ======================================================================
 * Words at the table
 * ====================================================================== */

/* "Middlehand (seat 1)", or the seat alone without seat names. */
static void name_seat(const state *s, const phase *p, int seat, tale *out)
{
	const hold_phase *h = &p->u.hold;
	int k = (seat - room_of(s)->first + s->players) % s->players;
	if (!h->nnames) {
		tale_seat_as(out, seat, TALE_OPENS);
		return;
	}
	tale_printf(out, "%s (", h->name[k]);
	tale_seat(out, seat);
	tale_printf(out, ")");
}

static void narrate(const state *before, const state *after, const phase *p,
		    int seat, const action *a, int n, const audience *who,
		    tale *out, tale *news)
{
	(void)n, (void)news;
	const struct hold_room *r = room_of(before);
	tale_printf(out, "  ");
	name_seat(before, p, seat, out);
	if (a[0].kind == ACT_PASS)
		tale_printf(out, " %s", audience_verb(who, seat, "pass", "passes"));
	else if (r->listening)
		tale_printf(out, " %s %d", audience_verb(who, seat, "hold",
							 "holds"), a[0].number);
	else
		tale_printf(out, " %s %d", audience_verb(who, seat, "say", "says"),
			    a[0].number);
	tale_printf(out, ".\n");
	if (!room_of(after)->done)
		return;
	if (after->bid > 0) {
		tale_printf(out, "  ");
		name_seat(after, p, after->declarer, out);
		tale_printf(out, " %s the bidding at %d.\n",
			    audience_verb(who, after->declarer, "win", "wins"),
			    after->bid);
	} else {
		tale_printf(out, "  Everybody passed.\n");
	}
}

/* Who bids to whom, and the number standing. */
static bool context(const state *s, const phase *p, const audience *who,
		    tale *out)
{
	(void)who;
	const struct hold_room *r = room_of(s);
	tale_printf(out, "  ");
	if (r->last_call) {
		tale_printf(out, "Everybody else passed: ");
		name_seat(s, p, r->listener, out);
		tale_printf(out, " may bid %d or pass.\n", p->u.hold.bid[0]);
		return false;
	}
	name_seat(s, p, r->bidder, out);
	tale_printf(out, " bids to ");
	name_seat(s, p, r->listener, out);
	if (s->bid > 0)
		tale_printf(out, "; the number standing: %d.\n", s->bid);
	else
		tale_printf(out, "; no bid yet.\n");
	return false;
}

static void help(const game *g, const phase *p, tale *out)
{
	(void)g, (void)p;
	tale_printf(out, "    call 18     a bid to the listener (or: hold, "
		    "pass)\n");
}

const phase_kind_def phase_hold = {
	.name = "hold-auction",
	.build = build,
	.setup = setup,
	.reset = reset,
	.enter = enter,
	.legal = legal,
	.random_action = random_call,
	.apply = apply,
	.prompt = prompt,
	.words = words,
	.parse = parse,
	.why_illegal = why_illegal,
	.explain = explain,
	.narrate = narrate,
	.context = context,
	.help = help,
};
