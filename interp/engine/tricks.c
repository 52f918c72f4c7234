/* tricks.c — trick play: following, restrictions, the winner of a trick;
 * melds declared by choice at the first trick (meld.c). */
#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "engine/announce.h"
#include "engine/engine.h"
#include "engine/meld.h"
#include "engine/phase.h"
#include "engine/wording.h"

/* The trick's own state for the deal (the cards on the table are common:
 * state.table, read by expressions, melds and front ends). */
struct tricks_room {
	cardset follow;                 /* the cards that follow the lead */
	uint16_t out;                   /* seats sitting out, as bits */
	uint16_t open;                  /* hands lying face up, as bits */
	int8_t best;                    /* the position winning the trick so
					   far (without a winner hook) */
	int8_t led;                     /* led suit; LED_TRUMP for trumps; -1 */
	int8_t playing;                 /* seats that play to each trick */
	int8_t ntop;
	int8_t order;                   /* the rank order chosen; -1: the
					   deck's */
	bool has_trumps : 1;
	bool lowest_wins : 1;           /* in plain suits, the lowest wins */
	bool dummy_shown : 1;           /* the dummy's hand lies face up */
	bool unless_shut : 1;           /* follow-unless is false all this
					   trick: its lead is (as led) */
	uint8_t shut_known, shut_by_led;        /* unless_shut kept for the
						   phase by the lead's suit,
						   as bits (unless_by_led) */
	card_id top[TOP_TRUMPS_MAX];    /* above every other trump, highest
					   first (Euchre's bowers) */
};

_Static_assert(DECK_JOKER < 8, "a lead's suit, a joker's too, is a bit of a byte");
_Static_assert(sizeof(struct tricks_room) <= PHASE_ROOM_SIZE,
	       "the trick's room fits in its slot");

static struct tricks_room *room(state *s)
{
	return phase_room(s, PHASE_TRICKS);
}

static const struct tricks_room *room_of(const state *s)
{
	return phase_room_of(s, PHASE_TRICKS);
}

static void reset(state *s)
{
	struct tricks_room *r = room(s);
	memset(r, 0, sizeof *r);
	r->led = -1;
	r->order = -1;
}


bool state_lowest_wins(const state *s)
{
	return room_of(s)->lowest_wins;
}

/* `rank_order`: which order ranks the plain suits of the tricks, 0 for
 * the deck's, k for the k-th of `rank-orders`. */
static value get_rank_order(const expr_frame *f, int seat, int arg)
{
	(void)seat, (void)arg;
	return vars_int(room_of(vars_state(f))->order + 1);
}

static bool declare(expr_scope *sc)
{
	return expr_scope_getter(sc, "rank_order", TY_INT, false,
				 get_rank_order, 0);
}

/* ======================================================================
 * Compiling
 * ====================================================================== */

static void build_restrictions(builder *b, const node *list, tricks_phase *t)
{
	const schema *list_sc = schema_field_of(build_kind_schema("tricks"), "restrict")->type;
	for (size_t i = 0; list && i < list->n; i++) {
		const node *r = list->item[i];
		if (!build_sound_item(b, list_sc, r))
			continue;       /* its schema errors are reported */
		const node *only = node_get(r, "only"), *avoid = node_get(r, "avoid");
		if (t->nrestrict == RESTRICT_MAX) {
			build_fail(b, r, "at most %d restrictions are supported", RESTRICT_MAX);
			return;
		}
		if (!!only == !!avoid) {
			const node_pair *second = NULL;
			for (size_t j = 0; only && j < r->n; j++)
				if (r->pair[j].value == only || r->pair[j].value == avoid)
					second = &r->pair[j];
			build_fail(b, second ? second->key : r, "a restriction gives "
			     "exactly one of 'only' and 'avoid'%s",
			     only ? ", not both" : "");
			continue;
		}
		restriction *x = &t->rule[t->nrestrict++];
		x->only = only != NULL;
		x->why = build_text(b, node_get(r, "why"));
		x->when = build_expr(b, b->g->scope, node_get(r, "when"), TY_BOOL);
		x->cards = build_expr(b, b->g->scope, only ? only : avoid, TY_CARDS);
		if (x->cards && expr_is_constant(x->cards)) {
			expr_frame none = {0};
			x->fixed = true;
			x->fixed_cards = expr_eval(x->cards, &none).s;
		}
	}
}

static void build_trump_order(builder *b, const node *list, tricks_phase *t)
{
	const deck *d = &b->g->deck;
	for (int c = 0; c < d->ncards; c++)
		t->trump_power[c] = (uint8_t)(d->rank_of[c] + 1);
	if (!list)
		return;
	t->has_order = true;
	memset(t->trump_power, 0, sizeof t->trump_power);
	for (size_t i = 0; i < list->n; i++) {
		spec_kind kind;
		int index;
		if (!build_resolve_spec(b, list->item[i], &kind, &index))
			continue;
		if (kind == SPEC_SUIT) {
			build_fail(b, list->item[i], "'trump-order' lists cards or ranks, "
			     "not suits");
			continue;
		}
		CSET_FOREACH(c, build_spec_cards(d, kind, index))
			t->trump_power[c] = (uint8_t)(i + 1);
	}
}

/* rank-orders: each a condition and the ranks from the lowest, which
 * ranks the plain suits instead of the deck's order when it is the first to hold as the tricks start. */
static void build_rank_orders(builder *b, const node *list, tricks_phase *t)
{
	const deck *d = &b->g->deck;
	for (size_t i = 0; list && i < list->n; i++) {
		const node *item = list->item[i], *ranks = node_get(item, "ranks");
		if (t->norders == RANK_ORDERS_MAX) {
			build_fail(b, item, "at most %d rank orders are supported",
				   RANK_ORDERS_MAX);
			return;
		}
		int k = t->norders++;
		t->order_when[k] = build_table_expr(b, b->g->scope,
			node_get(item, "when"), TY_BOOL, "'rank-orders.when'");
		bool seen[RANK_MAX] = {0};
		for (size_t j = 0; ranks && j < ranks->n; j++) {
			spec_kind kind;
			int index;
			if (!build_resolve_spec(b, ranks->item[j], &kind, &index))
				continue;
			if (kind != SPEC_RANK || seen[index]) {
				build_fail(b, ranks->item[j], "a rank order lists "
					   "each rank of the deck once, and "
					   "nothing else");
				continue;
			}
			seen[index] = true;
			CSET_FOREACH(c, build_spec_cards(d, kind, index))
				t->order_power[k][c] = (uint8_t)j;
		}
		for (int r = 0; ranks && r < d->nranks; r++)
			if (!seen[r]) {
				build_fail(b, ranks, "the rank order leaves out "
					   "the rank %s", d->rank[r]);
				break;
			}
	}
}

static void build_winner(const node *n, tricks_phase *t)
{
	if (!n || n->kind == NODE_SCALAR)
		return;                 /* highest */
	t->winner = hook_named("trick-winner", n);
}

/* A getter no card of a trick changes once the trick is led. */
static bool fixed_in_trick(expr_getter_fn fn)
{
	return vars_fixed_in_trick(fn) || phase_contract_getter(fn);
}

static bool fixed_by_led(expr_getter_fn fn)
{
	return vars_fixed_by_led(fn) || phase_contract_getter(fn);
}

static void build(builder *b, const node *n, phase *p)
{
	tricks_phase *t = &p->u.tricks;
	game *g = b->g;
	const schema *sc = build_kind_schema("tricks");
	t->leader = build_table_expr(b, g->scope, build_field(b, sc, n, "leader"), TY_SEAT,
				  "'tricks.leader'");
	const node *follow = build_field(b, sc, n, "follow");
	t->follow = !follow || strcmp(follow->text, "suit") == 0 ? FOLLOW_SUIT
		: strcmp(follow->text, "any") == 0 ? FOLLOW_ANY
		: FOLLOW_SUIT_OR_TRUMP;
	t->follow_unless = build_expr(b, g->scope, build_field(b, sc, n,
				      "follow-unless"), TY_BOOL);
	t->unless_lead = t->follow_unless
		? expr_and_lead_fixed(t->follow_unless, fixed_in_trick) : 0;
	t->unless_by_led = t->unless_lead > 0 &&
		expr_and_lead_fixed(t->follow_unless, fixed_by_led) >=
		t->unless_lead;
	const node *under = build_field(b, sc, n, "undertrump");
	t->no_undertrump = under && strcmp(under->text, "forbidden") == 0;
	t->lowest_wins = build_table_expr(b, g->scope,
					  build_field(b, sc, n, "lowest-wins"),
					  TY_BOOL, "'tricks.lowest-wins'");
	const node *rules = node_get(n, "restrict");     /* items one by one */
	build_restrictions(b, rules && rules->kind == NODE_SEQ ? rules : NULL, t);
	t->trumps = build_table_expr(b, g->scope, build_field(b, sc, n, "trumps"), TY_CARDS,
				  "'tricks.trumps'");
	build_trump_order(b, build_field(b, sc, n, "trump-order"), t);
	build_winner(build_field(b, sc, n, "winner"), t);
	const node *count = build_field(b, sc, n, "tricks");
	if (count) {
		t->has_count = true;
		build_deal_count(b, count, &t->count, "'tricks.tricks'");
		g->sizes_by_deal |= t->count.by_deal;
	}
	const node *left = build_field(b, sc, n, "leftover-to");
	t->leftover = left && strcmp(left->text, "last-trick-winner") == 0
		? LEFTOVER_LAST_TRICK_WINNER : LEFTOVER_NOBODY;
	const node *declare = build_field(b, sc, n, "declare-melds");
	t->declare_melds = declare && strcmp(declare->text, "chosen") == 0;
	t->sits_out = build_expr(b, g->scope, build_field(b, sc, n, "sits-out"),
				 TY_BOOL);
	t->sits_out_parts = expr_hoist_seat(g->scope, t->sits_out);
	t->dummy = build_table_expr(b, g->scope, build_field(b, sc, n, "dummy"),
				    TY_SEAT, "'tricks.dummy'");
	t->dummy_by = build_table_expr(b, g->scope,
				       build_field(b, sc, n, "dummy-by"),
				       TY_SEAT, "'tricks.dummy-by'");
	if (!t->dummy != !t->dummy_by)
		build_fail(b, n, "'dummy' and 'dummy-by' go together: whose hand "
			   "is laid face up, and who plays it");
	t->open_hand = build_expr(b, g->scope, build_field(b, sc, n,
				  "open-hand"), TY_BOOL);
	t->ends_when = build_table_expr(b, g->scope, build_field(b, sc, n,
					"ends-when"), TY_BOOL,
					"'tricks.ends-when'");
	build_rank_orders(b, build_field(b, sc, n, "rank-orders"), t);
	const node *top = build_field(b, sc, n, "top-trumps");
	for (size_t i = 0; top && i < top->n; i++) {
		if (t->ntop == TOP_TRUMPS_MAX) {
			build_fail(b, top->item[i], "at most %d top trumps are "
				   "supported", TOP_TRUMPS_MAX);
			break;
		}
		t->top_trumps[t->ntop++] = build_table_expr(b, g->scope,
			top->item[i], TY_CARDS, "'tricks.top-trumps'");
	}
	/* worked out at every deal from a counter alone (Euchre's trump) */
	t->trumps_by = vars_counter_table(g, t->trumps);
	t->lowest_wins_by = vars_counter_table(g, t->lowest_wins);
	for (int i = 0; i < t->ntop; i++)
		t->top_trumps_by[i] = vars_counter_table(g, t->top_trumps[i]);
	announce_build(b, build_field(b, sc, n, "calls"), t);
	p->not_by_cards = t->ncalls > 0;
}

/* The cards of `top-trumps` as the tricks start, highest first: one card
 * each (the first in play of its set). */
static void find_top_trumps(state *s, const tricks_phase *t)
{
	struct tricks_room *r = room(s);
	r->ntop = 0;
	for (int i = 0; i < t->ntop; i++) {
		if (!t->top_trumps[i])
			continue;
		cardset set = cset_and(vars_eval_by_counter(s,
					t->top_trumps[i], t->top_trumps_by[i]).s,
				       s->in_play);
		if (!cset_is_empty(set))
			r->top[r->ntop++] = cset_first(set);
	}
}

/* A trump's power: above every other for a top trump. */
static int power(const state *s, const tricks_phase *t, card_id c)
{
	const struct tricks_room *r = room_of(s);
	for (int i = 0; i < r->ntop; i++)
		if (r->top[i] == c)
			return 1000 - i;
	return t->trump_power[c];
}

static bool setup(state *s, const phase *p, int index, char *why,
		  size_t size)
{
	const tricks_phase *t = &p->u.tricks;
	int n = t->has_count ? vars_count(s, &t->count) : 0;
	if (n > s->hand_size) {
		snprintf(why, size, "phase %d asks for %d cards, but a hand has "
			 "%d", index + 1, n, s->hand_size);
		return false;
	}
	s->phase_count[index] = (uint8_t)n;
	return true;
}

/* Melds declared by choice need a melds hook to find them, and are
 * declared at one first trick. */
static void check(builder *b, const phase *p, const node *body)
{
	game *g = b->g;
	if (!p->u.tricks.declare_melds)
		return;
	const node *at = node_get(body, "declare-melds");
	if (!g->melds.hook)
		build_fail(b, at, "melds declared by choice need melds to "
			   "declare: give 'scoring.melds' a melds hook");
	else if (g->melds_chosen)
		build_fail(b, at, "melds are declared at the first trick "
			   "of one tricks phase only");
	g->melds_chosen = true;
}

/* Tricks without a count are played until the hands are empty. */
static bool empties_hands(const phase *p)
{
	return !p->u.tricks.has_count && !p->u.tricks.ends_when;
}

/* ======================================================================
 * Playing
 * ====================================================================== */


#define LED_TRUMP (DECK_JOKER + 1)      /* the led "suit" when a trump leads */

static int effective_suit(const state *s, card_id c)
{
	return cset_has(s->trumps, c) ? LED_TRUMP : s->g->deck.suit_of[c];
}

static cardset suit_cards(const state *s, int suit)
{
	const deck *d = &s->g->deck;
	if (suit == LED_TRUMP)
		return s->trumps;
	cardset all = suit == DECK_JOKER ? d->jokers : d->by_suit[suit];
	return cset_minus(all, s->trumps);
}

/* Where every meld is declared by itself, the melds that score are shown
 * to all as the first trick starts: their cards are known in their
 * holders' hands from then on.  (A declaration chosen by the player shows
 * its cards as it is made: meld.c.) */
static void show_melds(state *s)
{
	meld_result r;
	vars_melds(s, &r);
	for (int q = 0; q < s->players; q++) {
		cardset shown = cset_empty();
		for (int k = 0; r.points[q] > 0 && k < r.nmelds[q]; k++)
			for (int i = 0; i < r.meld[q][k].n; i++)
				cset_add(&shown, r.meld[q][k].card[i]);
		phase_hand_gets(s, q, cset_and(shown, s->hand[q]), shown);
	}
}

/* The next seat after `seat` that plays to the tricks. */
static int next_playing(const state *s, int seat)
{
	uint16_t out = room_of(s)->out;
	int next = state_next_seat(s, seat, 1);
	for (int k = 1; k < s->players && (out >> next & 1); k++)
		next = state_next_seat(s, next, 1);
	return next;
}

/* The seat at position pos of the trick led by the leader. */
static int seat_at(const state *s, int pos)
{
	if (!room_of(s)->out)
		return state_next_seat(s, s->leader, pos);
	int seat = s->leader;
	for (int i = 0; i < pos; i++)
		seat = next_playing(s, seat);
	return seat;
}

/* The seats out, as bits, from a condition's parts that read no seat:
 * worked out once, and often enough to answer for every seat (`alone > 0
 * and seat == across(declarer)` when no one goes alone). */
static uint16_t seats_out_by_parts(const state *s, const expr_hoisted *h)
{
	expr_frame f;
	value parts[EXPR_HOISTED_MAX];
	bool all;
	vars_frame(&f, s, NULL);
	if (expr_hoisted_settle(h, &f, parts, &all))
		return all ? (uint16_t)((1u << s->players) - 1) : 0;
	uint16_t out = 0;
	for (int q = 0; q < s->players; q++) {
		f.seat = q;
		if (expr_hoisted_eval(h, parts, &f).i)
			out |= (uint16_t)(1u << q);
	}
	return out;
}

/* Who sits these tricks out (`sits-out`, a going-alone player's
 * partner): never every seat. */
static void seat_players(state *s, const tricks_phase *t)
{
	struct tricks_room *r = room(s);
	r->out = 0;
	if (t->sits_out_parts)
		r->out = seats_out_by_parts(s, t->sits_out_parts);
	else
		for (int q = 0; t->sits_out && q < s->players; q++)
			if (vars_eval(s, t->sits_out, q).i)
				r->out |= (uint16_t)(1u << q);
	if (cset_word_count(r->out) >= s->players)
		r->out = 0;
	r->playing = (int8_t)(s->players - cset_word_count(r->out));
}

/* The dummy's hand is laid face up: everyone sees it from now on. */
static void show_dummy(state *s)
{
	struct tricks_room *r = room(s);
	if (s->dummy < 0 || r->dummy_shown)
		return;
	r->dummy_shown = true;
	phase_hand_gets(s, s->dummy, s->hand[s->dummy], s->hand[s->dummy]);
}

/* Who plays another's hand (`dummy`, `dummy-by`); the hand is shown
 * after the first card, or at once when it leads. */
static void seat_dummy(state *s, const tricks_phase *t)
{
	if (!t->dummy)
		return;
	int dummy = (int)vars_eval(s, t->dummy, -1).i;
	int by = (int)vars_eval(s, t->dummy_by, -1).i;
	if (dummy < 0 || dummy >= s->players || by < 0 || by >= s->players ||
	    by == dummy)
		return;
	phase_dummy(s, dummy, by);
	if (s->leader == dummy)
		show_dummy(s);
}

/* The first rank order whose condition holds, as the tricks start. */
static void choose_rank_order(state *s, const tricks_phase *t)
{
	struct tricks_room *r = room(s);
	r->order = -1;
	for (int k = 0; k < t->norders && r->order < 0; k++)
		if (t->order_when[k] && vars_eval(s, t->order_when[k], -1).i)
			r->order = (int8_t)k;
}

/* The hands that lie face up from the start (`open-hand`, Skat's
 * Ouvert): everyone sees them from now on. */
static void open_hands(state *s, const tricks_phase *t)
{
	struct tricks_room *r = room(s);
	r->open = 0;
	for (int q = 0; t->open_hand && q < s->players; q++)
		if (vars_eval(s, t->open_hand, q).i) {
			r->open |= (uint16_t)(1u << q);
			phase_hand_gets(s, q, s->hand[q], s->hand[q]);
		}
}

static bool enter(state *s, const phase *p)
{
	const tricks_phase *t = &p->u.tricks;
	struct tricks_room *r = room(s);
	seat_players(s, t);
	s->trumps = t->trumps ? vars_eval_by_counter(s, t->trumps,
						     t->trumps_by).s
			      : cset_empty();
	r->has_trumps = !cset_is_empty(s->trumps);
	find_top_trumps(s, t);
	r->lowest_wins = t->lowest_wins &&
			 vars_eval_by_counter(s, t->lowest_wins,
					      t->lowest_wins_by).i;
	choose_rank_order(s, t);
	int leader = (int)vars_eval(s, t->leader, -1).i;
	if (leader < 0 || leader >= s->players)
		leader = 0;
	if (r->out >> leader & 1)
		leader = next_playing(s, leader);
	if (cset_is_empty(s->hand[leader]))
		return false;
	s->leader = (int8_t)leader;
	s->first_leader = (int8_t)leader;
	s->current = (int8_t)leader;
	seat_dummy(s, t);
	open_hands(s, t);
	s->trick_no = 1;
	s->nplayed = 0;
	r->led = -1;
	r->shut_known = r->shut_by_led = 0;
	s->meld_due = (uint8_t)(t->declare_melds ? meld_count(s, leader) : 0);
	if (s->g->melds.hook && !s->g->melds_chosen && cset_is_empty(s->played))
		show_melds(s);
	return true;
}

/* Each restriction narrows the choice, unless it would leave none.  Its
 * cards are worked out before its condition: a rule that could not change
 * the choice (no card of `only` or `avoid` among the legal ones) needs no
 * condition, and conditions cost most.  Out of line: most games have no
 * restrictions, and the common path stays short. */
static __attribute__((noinline)) cardset restrict_choice(const state *s, const tricks_phase *t,
			       cardset legal)
{
	for (int i = 0; i < t->nrestrict; i++) {
		const restriction *r = &t->rule[i];
		cardset cards = r->fixed ? r->fixed_cards
					 : vars_eval(s, r->cards, s->current).s;
		cardset narrowed = r->only ? cset_and(legal, cards)
					   : cset_minus(legal, cards);
		if (cset_is_empty(narrowed) || cset_eq(narrowed, legal))
			continue;
		if (r->when && !vars_eval(s, r->when, s->current).i)
			continue;
		legal = narrowed;
	}
	return legal;
}

/* The follow-unless condition for the seat to move, in a trick where it
 * is not shut: its leading operands held as the trick was led and still
 * do, so only the rest are read. */
static bool unless_holds(const state *s, const tricks_phase *t)
{
	expr_frame f;
	vars_frame(&f, s, NULL);
	f.seat = s->current;
	return expr_and_rest_holds(t->follow_unless, t->unless_lead, &f);
}

/* The cards that must be followed with (none: free), for the seat to
 * move: the led suit's, with the trumps when trumping at will. */
static cardset to_follow(const state *s, const tricks_phase *t)
{
	if (s->nplayed == 0 || t->follow == FOLLOW_ANY)
		return cset_empty();
	cardset follow = cset_and(s->hand[s->current], room_of(s)->follow);
	if (cset_is_empty(follow) ||
	    (t->follow_unless && !room_of(s)->unless_shut && unless_holds(s, t)))
		return cset_empty();
	if (t->follow == FOLLOW_SUIT_OR_TRUMP)
		follow = cset_or(follow, cset_and(s->hand[s->current], s->trumps));
	return follow;
}

/* The trumps of `hand` below power `top` (none when top is 0 or the
 * hand holds nothing but trumps). */
static cardset trumps_below(const state *s, const tricks_phase *t,
			    cardset hand, int top)
{
	cardset low = cset_empty();
	if (top == 0 || cset_subset(hand, s->trumps))
		return low;
	CSET_FOREACH(c, cset_and(hand, s->trumps))
		if (power(s, t, c) < top)
			cset_add(&low, c);
	return low;
}

/* The trumps of the hand below the highest trump on the table, when a
 * plain suit was led: refused unless the hand holds nothing else. */
static cardset undertrumps(const state *s, const tricks_phase *t)
{
	if (!t->no_undertrump || s->nplayed == 0 || !room_of(s)->has_trumps ||
	    cset_has(s->trumps, s->table[0]))
		return cset_empty();
	int top = 0;
	for (int i = 1; i < s->nplayed; i++)
		if (cset_has(s->trumps, s->table[i]) &&
		    power(s, t, s->table[i]) > top)
			top = power(s, t, s->table[i]);
	return trumps_below(s, t, s->hand[s->current], top);
}

static cardset legal_cards(const state *s, const phase *p)
{
	const tricks_phase *t = &p->u.tricks;
	cardset legal = s->hand[s->current];
	if (s->nplayed > 0 && t->follow != FOLLOW_ANY) {
		cardset follow = to_follow(s, t);
		if (!cset_is_empty(follow))
			legal = follow;
	}
	if (t->no_undertrump) {
		cardset allowed = cset_minus(legal, undertrumps(s, t));
		if (!cset_is_empty(allowed))
			legal = allowed;
	}
	if (t->nrestrict)
		legal = restrict_choice(s, t, legal);
	return legal;
}

/* A card's rank in its plain suit: by the rank order the contract chose,
 * or the deck's. */
static int plain_rank(const state *s, const tricks_phase *t, card_id c)
{
	int k = room_of(s)->order;
	return k >= 0 ? t->order_power[k][c] : s->g->deck.rank_of[c];
}

/* Does c beat b, the best card so far, under the "highest" rule? */
static bool beats(const state *s, const tricks_phase *t, card_id c, card_id b)
{
	bool ct = cset_has(s->trumps, c), bt = cset_has(s->trumps, b);
	if (ct)
		return !bt || power(s, t, c) > power(s, t, b);
	if (bt)
		return false;
	const deck *d = &s->g->deck;
	return d->suit_of[c] == d->suit_of[b] &&
	       (room_of(s)->lowest_wins ? plain_rank(s, t, c) < plain_rank(s, t, b)
			       : plain_rank(s, t, c) > plain_rank(s, t, b));
}

static bool phase_done(const state *s, const tricks_phase *t, int leader)
{
	if (t->ends_when && vars_eval(s, t->ends_when, -1).i)
		return true;
	if (t->has_count)
		return s->trick_no > s->phase_count[s->phase];
	return cset_is_empty(s->hand[leader]);
}

/* Out of line: one card in four ends a trick. */
static __attribute__((noinline)) phase_step finish_trick(state *s,
							 const tricks_phase *t)
{
	int n = s->nplayed;
	int pos = room_of(s)->best;
	if (t->winner.hook) {
		hook_input trick = {.cards = s->table, .ncards = n};
		pos = hook_call_pick(&t->winner, s, s->leader, trick);
	}
	if (pos < 0 || pos >= n)
		pos = 0;
	int w = seat_at(s, pos);
	trick_record *r = &s->last_trick;
	cardset *won = &s->won[w];
	for (int i = 0; i < n; i++) {
		cset_add(won, s->table[i]);
		r->card[i] = s->table[i];
	}
	r->n = (uint8_t)n;
	r->leader = s->leader;
	r->winner = (int8_t)w;
	r->number = s->trick_no;
	if (s->tricks_done < DEAL_TRICKS_MAX) {
		s->trick_leader[s->tricks_done] = s->leader;
		s->trick_winner[s->tricks_done] = (int8_t)w;
		s->tricks_done++;
	}
	s->tricks_won[w]++;
	s->last_winner = (int8_t)w;
	s->nplayed = 0;
	room(s)->led = -1;
	s->trick_no++;
	s->event = EV_TRICK;
	if (!phase_done(s, t, w)) {
		s->leader = (int8_t)w;
		s->current = (int8_t)w;
		return PHASE_GOES_ON;
	}
	if (t->leftover == LEFTOVER_LAST_TRICK_WINNER)
		s->won[w] = cset_or(s->won[w], s->leftover);
	return PHASE_ENDS;
}

/* Does c, played now to the trick in progress, beat its best card so far? */
static bool takes_lead(const state *s, const tricks_phase *t, card_id c)
{
	const struct tricks_room *r = room_of(s);
	const deck *d = &s->g->deck;
	card_id best = s->table[r->best];
	if (r->has_trumps)
		return beats(s, t, c, best);
	return d->suit_of[c] == r->led &&
	       (r->lowest_wins ? plain_rank(s, t, c) < plain_rank(s, t, best)
			       : plain_rank(s, t, c) > plain_rank(s, t, best));
}

/* Does c, played now as the trick's last card, win it by the hook? */
static bool takes_last_card_trick(const state *s, const tricks_phase *t,
				  card_id c)
{
	card_id table[SEAT_MAX];
	int n = s->nplayed;
	memcpy(table, s->table, (size_t)n * sizeof *table);
	table[n] = c;
	hook_input trick = {.cards = table, .ncards = n + 1};
	return hook_call_pick(&t->winner, s, s->leader, trick) == n;
}

/* Seats that play to each trick at this table. */
static int playing(const state *s)
{
	return room_of(s)->playing ? room_of(s)->playing : s->players;
}

/* The tricks phase in progress, or NULL. */
static const tricks_phase *tricks_in_progress(const state *s)
{
	if (state_phase_kind(s) != PHASE_TRICKS || s->current < 0)
		return NULL;
	return &s->g->phase[s->phase].u.tricks;
}

bool state_cards_taking_lead(const state *s, cardset cards, cardset *taking)
{
	const tricks_phase *t = tricks_in_progress(s);
	if (!t || s->nplayed == 0)
		return false;
	bool last = s->nplayed == playing(s) - 1;
	if (t->winner.hook && !last)
		return false;
	*taking = cset_empty();
	if (t->winner.hook) {
		CSET_FOREACH(c, cards)
			if (takes_last_card_trick(s, t, c))
				cset_add(taking, c);
		return true;
	}
	/* as takes_lead card by card, among the cards that could: a trump
	 * above the best (any trump over a plain best), or a card of the
	 * best's suit above it */
	const struct tricks_room *r = room_of(s);
	card_id best = s->table[r->best];
	cardset plain = cards;
	if (r->has_trumps) {
		cardset trumps = cset_and(cards, s->trumps);
		if (!cset_has(s->trumps, best)) {
			*taking = trumps;
		} else {
			int above = power(s, t, best);
			CSET_FOREACH(c, trumps)
				if (power(s, t, c) > above)
					cset_add(taking, c);
			return true;
		}
		plain = cset_minus(cards, s->trumps);
	}
	const deck *d = &s->g->deck;
	int suit = r->has_trumps ? d->suit_of[best] : r->led;
	if (suit >= 0 && suit < SUIT_MAX)       /* a joker has no suit's set */
		plain = cset_and(plain, d->by_suit[suit]);
	int rank = plain_rank(s, t, best);
	CSET_FOREACH(c, plain)
		if (d->suit_of[c] == suit &&
		    (r->lowest_wins ? plain_rank(s, t, c) < rank
				    : plain_rank(s, t, c) > rank))
			cset_add(taking, c);
	return true;
}

int state_trick_holder(const state *s)
{
	const tricks_phase *t = tricks_in_progress(s);
	if (!t || s->nplayed == 0 || t->winner.hook)
		return -1;
	return seat_at(s, room_of(s)->best);
}

int state_trick_still_to_play(const state *s, int *seats)
{
	if (!tricks_in_progress(s))
		return 0;
	int n = 0;
	for (int pos = s->nplayed + 1; pos < playing(s); pos++)
		seats[n++] = seat_at(s, pos);
	return n;
}

/* The number trick_of[] gives the cards of the trick in progress. */
static inline uint8_t trick_mark(const state *s)
{
	return (uint8_t)(s->tricks_done < DEAL_TRICKS_MAX
			 ? s->tricks_done + 1 : DEAL_TRICKS_MAX);
}

/* Card c leaves the seat's hand for position pos of the trick marked
 * mark. */
static inline void lay_card(state *s, int seat, int pos, card_id c,
			    uint8_t mark)
{
	cset_del(&s->hand[seat], c);
	cset_add(&s->played, c);
	cset_add(&s->laid[seat], c);
	s->trick_of[c] = mark;
	s->table[pos] = c;
}

/* Whether the follow-unless condition is false for the whole trick just
 * led: its leading operands, which the trick does not change, are.  Where
 * they read nothing the phase changes but the suit led (trumps led, for a
 * contract's trumps), each suit's answer is kept for the phase's later
 * tricks led in it. */
static bool unless_shut(state *s, const tricks_phase *t)
{
	if (!t->unless_lead)
		return false;
	struct tricks_room *r = room(s);
	unsigned bit = 1u << s->g->deck.suit_of[s->table[0]];
	bool keep = t->unless_by_led && !expr_watching();
	if (keep && (r->shut_known & bit))
		return r->shut_by_led & bit;
	expr_frame f;
	vars_frame(&f, s, NULL);
	f.seat = s->current;
	bool shut = !expr_and_lead_holds(t->follow_unless, t->unless_lead, &f);
	if (keep) {
		r->shut_known |= (uint8_t)bit;
		r->shut_by_led |= (uint8_t)(shut ? bit : 0);
	}
	return shut;
}

/* The lead sets the suit to follow and holds the trick so far. */
static inline void lead_card(state *s, struct tricks_room *r, int suit)
{
	r->led = (int8_t)suit;
	r->follow = suit_cards(s, suit);
	r->best = 0;
}

/* The suit a card counts in: its printed one, or the trumps'. */
static inline int suit_played(const state *s, const struct tricks_room *r,
			      card_id c)
{
	return r->has_trumps ? effective_suit(s, c) : s->g->deck.suit_of[c];
}

/* The lead sets the suit to follow; a later card may take the lead of
 * the trick.  Without trumps the suit is the printed one, and only a
 * higher card of the led suit wins. */
static phase_step apply_card(state *s, const phase *p, card_id c)
{
	const tricks_phase *t = &p->u.tricks;
	struct tricks_room *r = room(s);
	int seat = s->current;
	int pos = s->nplayed;
	int suit = suit_played(s, r, c);
	lay_card(s, seat, pos, c, trick_mark(s));
	if (pos == 0) {
		lead_card(s, r, suit);
	} else {
		if (t->follow != FOLLOW_ANY && suit != r->led && !t->follow_unless &&
		    (t->follow == FOLLOW_SUIT || !cset_has(s->trumps, c)))
			s->void_suits[seat] |= (uint16_t)(1u << r->led);
		if (takes_lead(s, t, c))
			r->best = (int8_t)pos;
	}
	s->nplayed++;
	if (pos == 0)
		r->unless_shut = unless_shut(s, t);
	s->event = EV_ACTION;
	if (s->dummy >= 0 && !r->dummy_shown)
		show_dummy(s);
	if (s->nplayed < (r->playing ? r->playing : s->players)) {
		s->current = (int8_t)(r->out ? next_playing(s, seat)
				      : state_next_seat(s, seat, 1));
		if (t->declare_melds && s->trick_no == 1)
			s->meld_due = (uint8_t)meld_count(s, s->current);
		return PHASE_GOES_ON;
	}
	return finish_trick(s, t);
}

static phase_step apply(state *s, const phase *p, const action *a)
{
	if (a->kind == ACT_MELDS) {
		meld_apply(s, a);
		return PHASE_GOES_ON;
	}
	if (a->kind == ACT_CHOICE) {
		announce_apply(s, &p->u.tricks, a->number);
		return PHASE_GOES_ON;
	}
	return apply_card(s, p, a->card[0]);
}

/* A random declaration, drawn as state_apply_random() draws from the
 * list of legal actions.  Out of line: its list would weigh on the
 * playouts' stack frame. */
static __attribute__((noinline)) void random_melds(state *s, rng *r)
{
	action list[1 << MELDS_MAX];
	int n = meld_legal(s, list);
	meld_apply(s, &list[rng_below(r, (uint32_t)n)]);
}

/* A random call or card, drawn from the whole legal list as
 * state_apply_random() draws.  Out of line, as random_melds. */
static __attribute__((noinline)) phase_step random_call_or_card(state *s,
	const phase *p, rng *r)
{
	/* drawn as from legal()'s list, the cards in order and then the
	 * calls, without listing them */
	cardset cards = legal_cards(s, p);
	int ncards = cset_count(cards);
	if (ncards == 0)
		return PHASE_STUCK;
	uint32_t calls = announce_open(s, &p->u.tricks);
	int i = (int)rng_below(r, (uint32_t)(ncards + cset_word_count(calls)));
	if (i < ncards)
		return apply_card(s, p, cset_nth(cards, i));
	for (i -= ncards; i > 0; i--)
		calls &= calls - 1;
	announce_apply(s, &p->u.tricks, __builtin_ctz(calls));
	return PHASE_GOES_ON;
}

/* Tricks of the plain shape: suit followed when it can be (or any card,
 * or trumps at will, or not when follow-unless holds), the highest card
 * or trump winning, under-trumping allowed or not, seats sitting out or
 * not; no calls or dummy, and no melds still to declare (melds are
 * declared at the first trick: the tricks after it are plain).  Their
 * cards need fewer steps than apply_card() takes for every shape. */
static bool plain_shape(const state *s, const tricks_phase *t)
{
	return !t->winner.hook && !t->ncalls && !s->meld_due &&
	       !(t->declare_melds && s->trick_no <= 1) && s->dummy < 0;
}

/* The plain rank of c and its suit as one key, suit * 256 + a byte
 * that grows with the card's strength in its suit: flip is 0, or 255
 * when the lowest wins (255 - rank falls as rank grows). */
static inline int plain_key(const uint8_t *rank, int flip, int suit,
			    card_id c)
{
	return suit * 256 + (rank[c] ^ flip);
}

/* Whether key beats best, the key of the best card of a trick led in
 * suit led: in that suit (below (led + 1) * 256) and above it, as one
 * compare, so that the choice needs no branch. */
static inline bool plain_beats(int key, int best, int led)
{
	return (unsigned)(key - best - 1) <
	       (unsigned)((led + 1) * 256 - best - 1);
}

/* With trumps, a trump's key is above every plain card's (TRUMP_KEY and
 * its power, up to 1000: top trumps), so that a card beats the best by
 * its key: in the suit led and above it, or a trump above it. */
#define TRUMP_KEY (LED_TRUMP * 256)

static inline int card_key(const state *s, const tricks_phase *t,
			   const uint8_t *rank, int flip, card_id c)
{
	return cset_has(s->trumps, c) ? TRUMP_KEY + power(s, t, c)
		: plain_key(rank, flip, s->g->deck.suit_of[c], c);
}

static inline bool key_beats(int key, int best, int led)
{
	return key > best && (key < (led + 1) * 256 || key >= TRUMP_KEY);
}

/* The trumps of the hand below the trick's best, a trump (its key
 * best), when a plain suit was led: undertrumps() read from the key. */
static cardset trumps_under(const state *s, const tricks_phase *t,
			    int seat, int best)
{
	return trumps_below(s, t, s->hand[seat], best - TRUMP_KEY);
}

/* Random cards until the phase ends, for tricks of the plain shape: each
 * drawn from the same legal cards and with the same effects as
 * legal_cards() and apply_card() give it.  What the phase fixed on entry
 * (trumps, rank order, seats at the table) is read once; the best card's
 * key is kept, so a card takes the lead by one compare (two with
 * trumps), and the trumps under it are known from it. */
static inline __attribute__((always_inline)) phase_step plain_loop(
	state *s, const phase *p, const seat_rngs *rs, card_chooser choose,
	void *ctx)
{
	const tricks_phase *t = &p->u.tricks;
	struct tricks_room *r = room(s);
	const deck *d = &s->g->deck;
	const bool or_trump = t->follow == FOLLOW_SUIT_OR_TRUMP;
	const bool follows = t->follow == FOLLOW_SUIT || or_trump;
	/* trumping at will shows no void of the suit led */
	const int no_void = or_trump ? LED_TRUMP : -1;
	const cardset at_will = or_trump ? s->trumps : cset_empty();
	const bool unless = t->follow_unless != NULL;
	const bool restricts = t->nrestrict > 0;
	const bool trumps = r->has_trumps;
	const bool no_under = t->no_undertrump && trumps;
	const int flip = r->lowest_wins ? 255 : 0;
	const uint8_t *rank = r->order >= 0 ? t->order_power[r->order]
					    : d->rank_of;
	const int per_trick = r->playing ? r->playing : s->players;
	int8_t next_seat[SEAT_MAX];
	for (int q = 0; q < s->players; q++)    /* past the seats out */
		next_seat[q] = (int8_t)(r->out ? next_playing(s, q)
					       : state_next_seat(s, q, 1));
	int best_key = s->nplayed == 0 ? 0
		: trumps ? card_key(s, t, rank, flip, s->table[r->best])
		: plain_key(rank, flip, r->led, s->table[r->best]);
	int best_pos = r->best;
	uint8_t mark = trick_mark(s);
	int seat = s->current, pos = s->nplayed;
	for (;;) {
		cardset legal = s->hand[seat];
		if (pos > 0 && follows) {
			cardset follow = cset_and(legal, r->follow);
			if (!cset_is_empty(follow) &&
			    !(unless && !r->unless_shut && unless_holds(s, t)))
				legal = cset_or(follow,
						cset_and(legal, at_will));
		}
		if (no_under && pos > 0 && r->led != LED_TRUMP &&
		    best_key >= TRUMP_KEY) {
			cardset allowed = cset_minus(legal,
				trumps_under(s, t, seat, best_key));
			if (!cset_is_empty(allowed))
				legal = allowed;
		}
		if (restricts)
			legal = restrict_choice(s, t, legal);
		card_id c = choose ? cset_is_empty(legal) ? CARD_NONE
						: choose(s, legal, ctx)
			: phase_random_card(legal, rs->seat[seat]);
		if (c == CARD_NONE)
			return choose ? PHASE_GOES_ON : PHASE_STUCK;
		int suit = trumps ? effective_suit(s, c) : d->suit_of[c];
		lay_card(s, seat, pos, c, mark);
		if (pos == 0) {
			lead_card(s, r, suit);
			best_pos = 0;
			best_key = trumps ? card_key(s, t, rank, flip, c)
				: plain_key(rank, flip, suit, c);
		} else {
			/* a void shown and a card taking the lead, both
			 * toss-ups, are written without a branch */
			int led = r->led;
			if (trumps) {
				if (follows && !unless)
					s->void_suits[seat] |= (uint16_t)
						((unsigned)(suit != led &&
							    suit != no_void) << led);
				int key = card_key(s, t, rank, flip, c);
				bool more = key_beats(key, best_key, led);
				best_key = more ? key : best_key;
				best_pos = more ? pos : best_pos;
				r->best = (int8_t)best_pos;
			} else {
				if (follows && !unless)
					s->void_suits[seat] |= (uint16_t)
						((unsigned)(suit != led) << led);
				int key = plain_key(rank, flip, suit, c);
				bool more = plain_beats(key, best_key, led);
				best_key = more ? key : best_key;
				best_pos = more ? pos : best_pos;
				r->best = (int8_t)best_pos;
			}
		}
		s->nplayed = (uint8_t)++pos;
		if (pos == 1 && unless)
			r->unless_shut = unless_shut(s, t);
		s->event = EV_ACTION;
		if (pos < per_trick) {
			seat = next_seat[seat];
			s->current = (int8_t)seat;
			continue;
		}
		if (finish_trick(s, t) == PHASE_ENDS)
			return PHASE_ENDS;
		mark = trick_mark(s);
		seat = s->current;
		pos = s->nplayed;
	}
}

static phase_step plain_playout(state *s, const phase *p,
				const seat_rngs *rs)
{
	return plain_loop(s, p, rs, NULL, NULL);
}

/* Cards chosen by a player until the phase ends, for tricks of the plain
 * shape: plain_playout()'s loop, the choice made with the state as
 * apply_card() leaves it (the trick so far, its best card, the seat to
 * move).  Stops with nothing played when no card is legal. */
static __attribute__((noinline)) phase_step plain_play_chosen(state *s,
	const phase *p, card_chooser choose, void *ctx)
{
	return plain_loop(s, p, NULL, choose, ctx);
}

/* Cards chosen by a player while the seat to move decides by a card. */
static phase_step play_chosen(state *s, const phase *p, card_chooser choose,
			      void *ctx)
{
	while (!s->meld_due) {
		if (plain_shape(s, &p->u.tricks))
			return plain_play_chosen(s, p, choose, ctx);
		cardset cards = legal_cards(s, p);
		if (cset_is_empty(cards))
			return PHASE_GOES_ON;
		if (apply_card(s, p, choose(s, cards, ctx)) == PHASE_ENDS)
			return PHASE_ENDS;
	}
	return PHASE_GOES_ON;
}

/* Random calls and cards until the phase ends, the defines that no card
 * changes before its trick ends kept from one card to the next: the
 * calls' conditions read them again at every card. */
static phase_step calls_playout(state *s, const phase *p,
				const seat_rngs *r)
{
	vars_memo steady;
	vars_memo_open_steady(&steady, s);
	phase_step step;
	do {
		if (s->meld_due)
			random_melds(s, r->seat[s->current]);
		step = random_call_or_card(s, p, r->seat[s->current]);
	} while (step == PHASE_GOES_ON);
	vars_memo_close(&steady);
	return step;
}

/* Random cards until the phase ends: the playouts' inner loop, kept next
 * to the rules it applies. */
static phase_step playout(state *s, const phase *p, const seat_rngs *r)
{
	if (plain_shape(s, &p->u.tricks))
		return plain_playout(s, p, r);
	if (p->u.tricks.ncalls)
		return calls_playout(s, p, r);
	for (;;) {
		if (s->meld_due)
			random_melds(s, r->seat[s->current]);
		card_id c = phase_random_card(legal_cards(s, p),
					      r->seat[s->current]);
		if (c == CARD_NONE)
			return PHASE_STUCK;
		if (apply_card(s, p, c) == PHASE_ENDS)
			return PHASE_ENDS;
		if (s->nplayed == 0 && plain_shape(s, &p->u.tricks))
			return plain_playout(s, p, r);  /* the melds' trick done */
	}
}

static int legal(const state *s, const phase *p, action *out)
{
	if (s->meld_due)
		return meld_legal(s, out);
	int n = phase_cards_as_actions(legal_cards(s, p), out);
	return p->u.tricks.ncalls ? announce_legal(s, &p->u.tricks, out, n) : n;
}

/* Others do not see whether the seat to move has melds to declare. */
static void hide(const state *s, const phase *p, int seat, state *v)
{
	(void)p;
	if (seat != s->current)
		v->meld_due = 0;
}

static action_prompt prompt(const state *s, const phase *p)
{
	(void)p;
	action_prompt due = {s->meld_due ? "declare" : "play", 1};
	return due;
}

static void words(const state *s, const phase *p, const action *a, int n,
		  char *buf, size_t size)
{
	if (n == 1 && a->kind == ACT_MELDS) {
		meld_words(s, a, buf, size);
		return;
	}
	/* the cards first (the list is sorted), then the calls' words */
	int cards = 0;
	while (cards < n && a[cards].kind == ACT_CARD)
		cards++;
	buf[0] = '\0';
	if (cards > 0)
		phase_cards_words(s, p, a, cards, buf, size);
	for (int i = cards; i < n; i++) {
		size_t len = strlen(buf);
		if (a[i].kind == ACT_CHOICE && a[i].number < p->u.tricks.ncalls)
			snprintf(buf + len, size - len, "%s%s", len ? " " : "",
				 p->u.tricks.call[a[i].number].name);
	}
}

static bool parse(const state *s, const phase *p, char *const *word,
		  int nword, action *out, int *n, char *err, size_t size)
{
	if (s->meld_due) {
		*n = 1;
		return meld_parse(s, word, nword, out, err, size);
	}
	/* a call: its word, or "call" and its word */
	int first = nword == 2 && strcasecmp(word[0], "call") == 0;
	int k = nword == first + 1 ? announce_named(&p->u.tricks, word[first])
				   : -1;
	if (k >= 0) {
		*n = 1;
		out[0] = action_of(ACT_CHOICE, k);
		return true;
	}
	return phase_parse_cards(s, "play", 1, legal_cards(s, p), word, nword,
				 out, n, err, size);
}

/* Names the rule that takes card c out of the choice: the step of
 * legal_cards() at which it goes. */
static void refusal(const state *s, const tricks_phase *t, card_id c,
		    char *why, size_t size)
{
	const deck *d = &s->g->deck;
	cardset legal = s->hand[s->current];
	char name[8];
	snprintf(why, size, "the rules do not allow it now");
	if (s->nplayed > 0 && t->follow != FOLLOW_ANY) {
		cardset follow = to_follow(s, t);
		if (!cset_is_empty(follow)) {
			if (!cset_has(follow, c)) {
				snprintf(why, size, "you must follow the suit "
					 "led (%s)%s", deck_card_name(d,
					 s->table[0], false, name),
					 t->follow == FOLLOW_SUIT_OR_TRUMP
					 ? " or trump" : "");
				return;
			}
			legal = follow;
		}
	}
	if (t->no_undertrump) {
		cardset low = undertrumps(s, t);
		cardset allowed = cset_minus(legal, low);
		if (!cset_is_empty(allowed) && cset_has(low, c)) {
			snprintf(why, size, "it would under-trump the trump on "
				 "the table, and you hold other cards");
			return;
		}
		if (!cset_is_empty(allowed))
			legal = allowed;
	}
	for (int i = 0; i < t->nrestrict; i++) {
		const restriction *r = &t->rule[i];
		if (r->when && !vars_eval(s, r->when, s->current).i)
			continue;
		cardset cards = vars_eval(s, r->cards, s->current).s;
		cardset narrowed = r->only ? cset_and(legal, cards)
					   : cset_minus(legal, cards);
		if (cset_is_empty(narrowed))
			continue;
		if (!cset_has(narrowed, c)) {
			snprintf(why, size, "%s", r->why ? r->why
				 : "a rule of this game forbids it now");
			return;
		}
		legal = narrowed;
	}
}

static void why_illegal(const state *s, const phase *p, const action *a,
			char *buf, size_t size)
{
	const deck *d = &s->g->deck;
	char name[8], why[200], cards[400];
	if (s->meld_due) {
		snprintf(buf, size, "it is time to declare your melds: all, none, "
			 "or the cards of those you declare");
		return;
	}
	if (a->kind == ACT_CHOICE && a->number < p->u.tricks.ncalls) {
		announce_why_not(s, &p->u.tricks, a->number, buf, size);
		return;
	}
	if (a->kind != ACT_CARD) {
		snprintf(buf, size, "it is time to play a card");
		return;
	}
	deck_card_name(d, a->card[0], false, name);
	if (!cset_has(s->hand[s->current], a->card[0])) {
		snprintf(buf, size, "you do not hold %s", name);
		return;
	}
	refusal(s, &p->u.tricks, a->card[0], why, sizeof why);
	action list[ACTIONS_MAX];
	int n = legal(s, p, list);
	phase_cards_words(s, p, list, n, cards, sizeof cards);
	snprintf(buf, size, "you cannot play %s: %s; you may play %s", name, why,
		 cards);
}


/* Cards in words: their `says`, else the formula quoted. */
static const char *cards_words(const expr *e, char *buf, size_t size)
{
	if (expr_says(e))
		snprintf(buf, size, "%s", expr_says(e));
	else
		snprintf(buf, size, "`%s`", expr_text(e));
	return buf;
}

/* Whether the trumps rank by rank alone, the same in every suit (the
 * suit of a contract): their order is then said once, for any suit. */
static bool order_by_rank(const game *g, const tricks_phase *t)
{
	const deck *d = &g->deck;
	int suits = 0;
	for (int su = 0; su < d->nsuits; su++) {
		bool any = false;
		CSET_FOREACH(c, d->by_suit[su])
			any |= t->trump_power[c] > 0;
		suits += any;
	}
	for (int c = 0; c < d->ncards; c++)
		for (int k = 0; k < d->ncards; k++)
			if (d->rank_of[c] == d->rank_of[k] &&
			    d->suit_of[c] != DECK_JOKER && d->suit_of[k] != DECK_JOKER &&
			    t->trump_power[c] != t->trump_power[k])
				return false;
	return suits > 1;
}

/* The cards of power `top`, when they are every card of one rank (a
 * rank listed in trump-order beside single cards): that rank; else -1. */
static int level_rank(const deck *d, const tricks_phase *t, int top)
{
	int rank = -1, n = 0;
	for (int c = 0; c < d->ncards; c++) {
		if (t->trump_power[c] != top)
			continue;
		if (d->suit_of[c] == DECK_JOKER ||
		    (rank >= 0 && d->rank_of[c] != rank))
			return -1;
		rank = d->rank_of[c];
		n++;
	}
	return n > 1 && n == cset_count(d->by_rank[rank]) ? rank : -1;
}

/* The trumps from the highest: by rank when every suit orders them
 * alike, else card by card (a rank listed whole named as the rank, of
 * the trump suit: Skat's jacks, then A 10 K Q 9 8 7). */
static void explain_trump_order(FILE *out, const game *g, const tricks_phase *t)
{
	const deck *d = &g->deck;
	bool by_rank = order_by_rank(g, t);
	/* trumps that change from deal to deal take their places in one
	 * order, which may name cards that are not trumps in a given deal */
	bool varies = t->trumps && !expr_is_constant(t->trumps);
	fputs(by_rank ? " In the trump suit, the ranks from the highest:"
	      : varies ? " The trumps of a deal rank in this order, from the "
			 "highest (the cards that are not trumps in the deal "
			 "left out):"
	      : " The trumps from the highest:", out);
	bool ranks = false, cards = false;
	for (int top = 255; top > 0; top--) {
		int rank = by_rank ? -1 : level_rank(d, t, top);
		if (rank >= 0) {
			fprintf(out, "%s %s", ranks ? "" : cards ? "; then, of "
				"the trump suit," : " of the trump suit,",
				d->rank[rank]);
			ranks = true;
			continue;
		}
		for (int c = 0; c < d->ncards; c++) {
			if (t->trump_power[c] != top || d->copy_of[c] > 1)
				continue;
			char name[8];
			cards = true;
			if (!by_rank)
				fprintf(out, " %s", deck_card_name(d, (card_id)c,
								   false, name));
			else if (d->suit_of[c] == 0)
				fprintf(out, " %s", d->rank[d->rank_of[c]]);
		}
	}
	fputs(".", out);
}

/* The rank orders the contract may choose, each with its condition. */
static void explain_rank_orders(FILE *out, const game *g,
				const tricks_phase *t)
{
	const deck *d = &g->deck;
	char cond[300];
	for (int k = 0; k < t->norders; k++) {
		fprintf(out, " When %s, the plain suits rank from the lowest:",
			formula_condition_said(t->order_when[k], cond,
					       sizeof cond));
		for (int j = 0; j < d->nranks; j++)
			for (int r = 0; r < d->nranks; r++)
				if (t->order_power[k][cset_first(d->by_rank[r])] == j)
					fprintf(out, " %s", d->rank[r]);
		fputc('.', out);
	}
}

/* The deck holds two cards of a face (two decks shuffled together). */
static bool has_copies(const deck *d)
{
	for (int c = 0; c < d->ncards; c++)
		if (d->copy_of[c] > 1)
			return true;
	return false;
}

static void explain(FILE *out, const game *g, const phase *p)
{
	const tricks_phase *t = &p->u.tricks;
	char who[160], cond[300];
	fprintf(out, "Tricks: %s leads the first trick; the winner of each trick "
		"leads the next.", phase_seat_words(t->leader, who, sizeof who));
	if (t->follow == FOLLOW_SUIT)
		fputs(" Players must follow the suit led when they can; "
		      "otherwise they may play any card.", out);
	else if (t->follow == FOLLOW_SUIT_OR_TRUMP)
		fputs(" Players must follow the suit led when they can, or "
		      "play a trump instead; otherwise they may play any card.",
		      out);
	else
		fputs(" Any card may be played at any time.", out);
	if (t->follow_unless)
		fprintf(out, " A player need not follow when %s.",
			formula_condition_said(t->follow_unless, cond, sizeof cond));
	if (t->no_undertrump)
		fputs(" When a plain suit is led and a trump has been played, a "
		      "lower trump may not be played unless the hand holds only "
		      "trumps.", out);
	if (t->lowest_wins)
		fprintf(out, " When %s, the lowest card of the suit led wins "
			"(trumps still win by their order).",
			formula_condition_said(t->lowest_wins, cond, sizeof cond));
	if (t->trumps && expr_says(t->trumps))
		fprintf(out, " The trumps are %s; they form a suit of their own, "
			"which follows and wins as one suit.", expr_says(t->trumps));
	else if (t->trumps)
		fprintf(out, " The trumps are `%s`; they form a suit of their own, "
			"which follows and wins as one suit.", expr_text(t->trumps));
	for (int i = 0; i < t->ntop; i++)
		fprintf(out, "%s%s%s", i ? ", then " : " Above every other trump: ",
			cards_words(t->top_trumps[i], cond, sizeof cond),
			i == t->ntop - 1 ? "." : "");
	if (t->trumps && t->has_order)
		explain_trump_order(out, g, t);
	explain_rank_orders(out, g, t);
	if (t->open_hand)
		fprintf(out, " When %s, that player's hand lies face up for "
			"all from the start of these tricks.",
			formula_condition_said(t->open_hand, cond, sizeof cond));
	fputc('\n', out);
	for (int i = 0; i < t->nrestrict; i++) {
		const restriction *r = &t->rule[i];
		char cards[200];
		fprintf(out, "  - %s%s: %s %s%s%s.\n", r->when ? "when " : "always",
			r->when ? formula_condition_said(r->when, cond, sizeof cond) : "",
			r->only ? "play one of" : "do not play",
			cards_words(r->cards, cards, sizeof cards),
			r->why ? " — " : "", r->why ? r->why : "");
	}
	if (t->nrestrict)
		fputs("  (A limit that would leave a player no card to play is "
		      "not applied.)\n", out);
	if (t->winner.hook) {
		const schema_hook *h = &t->winner.hook->about;
		fprintf(out, "Who wins a trick: %s", h->doc);
		for (int i = 0; i < h->nparams && i < HOOK_PARAMS_MAX; i++)
			if (h->params[i].choice_words)
				fprintf(out, " %s", h->params[i].choice_words
					[t->winner.args.v[i]]);
		fputc('\n', out);
	}
	else if (t->trumps)
		fputs("Who wins a trick: the highest trump, or else the highest "
		      "card of the suit led.\n", out);
	else
		fputs("Who wins a trick: the highest card of the suit led.\n", out);
	if (!t->winner.hook && has_copies(&g->deck))
		fputs("Of two equal cards, the one played first wins.\n", out);
	if (t->declare_melds)
		fputs("Melds: as they play to the first trick, the players who "
		      "hold melds declare all of them, none or some, before "
		      "their card (declare all, declare none, or the cards of "
		      "the melds declared, as in: declare 10S JS QS). Only the "
		      "melds declared count, and their cards are shown to the "
		      "table.\n", out);
	if (t->ends_when)
		fprintf(out, "The tricks end early, after a trick, when %s.\n",
			formula_condition_said(t->ends_when, cond, sizeof cond));
	char count[80];
	if (t->has_count && t->count.e)
		fprintf(out, "The deal has %s.\n", phase_count_words(t->count.e,
			"trick", count, sizeof count));
	else if (!t->has_count)
		fputs(t->ends_when ? "Otherwise, tricks are played until the "
		      "hands are empty.\n"
		      : "Tricks are played until the hands are empty.\n", out);
	if (t->leftover == LEFTOVER_LAST_TRICK_WINNER)
		fputs("The winner of the last trick also takes the leftover "
		      "cards.\n", out);
	char dummy[160], by[160];
	if (t->dummy)
		fprintf(out, "The hand of %s is the dummy: laid face up for all "
			"to see after the first card is played, and played by "
			"%s, who decides for it.\n",
			phase_seat_words(t->dummy, dummy, sizeof dummy),
			phase_seat_words(t->dummy_by, by, sizeof by));
	if (t->sits_out && expr_says(t->sits_out))
		fprintf(out, "%c%s sits these tricks out: their cards stay out "
			"of play, and the others play in turn, skipping them.\n",
			toupper((unsigned char)expr_says(t->sits_out)[0]),
			expr_says(t->sits_out) + 1);
	else if (t->sits_out)
		fprintf(out, "A player for whom `%s` holds sits these tricks out: "
			"their cards stay out of play, and the others play "
			"in turn, skipping them.\n", expr_text(t->sits_out));
	announce_explain(out, t);
	(void)g;
}

/* ======================================================================
 * Words at the table
 * ====================================================================== */

static void narrate(const state *before, const state *after, const phase *p,
		    int seat, const action *a, int n, const audience *who,
		    tale *out, tale *news)
{
	(void)n, (void)news;
	if (a[0].kind == ACT_CHOICE) {
		announce_narrate(&p->u.tricks, seat, a[0].number, who, out);
		return;
	}
	/* a dummy's card is told as its player's */
	int by = seat == after->dummy ? after->dummy_by : seat;
	tale_printf(out, "  ");
	tale_seat_as(out, by, TALE_OPENS);
	tale_printf(out, " %s ", audience_verb(who, by, "play", "plays"));
	tale_card(out, a[0].card[0]);
	if (by != seat)
		tale_printf(out, " from the dummy");
	tale_printf(out, "\n");
	int dummy = after->dummy;
	if (dummy >= 0 && !room_of(before)->dummy_shown &&
	    room_of(after)->dummy_shown) {
		tale_printf(out, "  ");
		tale_seat_as(out, dummy, TALE_OPENS);
		tale_printf(out, " %s the dummy, face up: ",
			    audience_verb(who, dummy, "lay down your hand as",
					  "lays down the hand as"));
		tale_cards(out, after->hand[dummy]);
		tale_printf(out, "\n");
	}
}

/* The seats sitting these tricks out, named in a list (the first
 * opening a sentence when `opens`). */
static void name_out(const state *s, bool opens, tale *out)
{
	int named = 0, left = cset_word_count(room_of(s)->out);
	for (int q = 0; q < s->players; q++) {
		if (!(room_of(s)->out >> q & 1))
			continue;
		tale_printf(out, "%s", named == 0 ? "" :
			    named == left - 1 ? " and " : ", ");
		tale_seat_as(out, q, opens && !named ? TALE_OPENS : TALE_NAME);
		named++;
	}
}

/* Who sits out (a going-alone player's partner), as the tricks begin. */
/* The hands laid open as the tricks begin (Ouvert), in words. */
static void tell_open_hands(const state *s, const audience *who, tale *out)
{
	for (int q = 0; q < s->players; q++) {
		if (!(room_of(s)->open >> q & 1))
			continue;
		tale_printf(out, "  ");
		tale_seat_as(out, q, TALE_OPENS);
		tale_printf(out, " %s the hand open: ",
			    audience_verb(who, q, "lay", "lays"));
		tale_cards(out, s->hand[q]);
		tale_printf(out, "\n");
	}
}

static void opening(const state *s, const phase *p, const audience *who,
		    tale *out)
{
	(void)p;
	tell_open_hands(s, who, out);
	int n = cset_word_count(room_of(s)->out);
	if (n == 0)
		return;
	bool me = n == 1 && audience_is_me(who, __builtin_ctz(room_of(s)->out));
	tale_printf(out, "  ");
	name_out(s, true, out);
	tale_printf(out, " %s these tricks out: the others play without %s.\n",
		    n > 1 || me ? "sit" : "sits", me ? "you" : "them");
}

/* The contract, who sits out, and the trick in progress. */
static void table(const state *s, const phase *p, const audience *who,
		  tale *out)
{
	(void)p, (void)who;
	if (s->bid > 0) {
		tale_printf(out, "  Contract: %d%s%s by ", s->bid,
			    s->denom >= 0 ? " " : "",
			    s->denom >= 0 ? s->g->denom_name[s->denom] : "");
		tale_seat(out, s->declarer);
		tale_printf(out, "%s.\n", s->doubled > 1 ? ", redoubled"
			    : s->doubled ? ", doubled" : "");
	}
	if (s->dummy >= 0 && room_of(s)->dummy_shown) {
		tale_printf(out, "  Dummy (");
		tale_seat(out, s->dummy);
		tale_printf(out, ", played by ");
		tale_seat(out, s->dummy_by);
		tale_printf(out, "): ");
		tale_cards(out, s->hand[s->dummy]);
		tale_printf(out, "\n");
	}
	for (int q = 0; q < s->players; q++)
		if (room_of(s)->open >> q & 1) {
			tale_printf(out, "  Open hand (");
			tale_seat(out, q);
			tale_printf(out, "): ");
			tale_cards(out, s->hand[q]);
			tale_printf(out, "\n");
		}
	if (room_of(s)->out) {
		tale_printf(out, "  Sitting out: ");
		name_out(s, false, out);
		tale_printf(out, ".\n");
	}
	tale_printf(out, "  Trick %d:", s->trick_no);
	if (s->nplayed == 0)
		tale_printf(out, " nothing played yet");
	for (int i = 0; i < s->nplayed; i++) {
		tale_printf(out, "%s ", i ? "," : "");
		tale_seat(out, seat_at(s, i));
		tale_printf(out, " ");
		tale_card(out, s->table[i]);
	}
	tale_printf(out, "\n");
}

/* The trumps of the tricks in progress, or of those to come as far as
 * the deal so far tells. */
static bool trumps(const state *s, const phase *p, int index, cardset *out,
		   uint8_t *order)
{
	const tricks_phase *t = &p->u.tricks;
	memcpy(order, t->trump_power, CARD_MAX);
	if (index == s->phase)
		for (int i = 0; i < room_of(s)->ntop; i++)
			order[room_of(s)->top[i]] = (uint8_t)(255 - i);
	if (index == s->phase)
		*out = s->trumps;
	else if (p->u.tricks.trumps)
		*out = cset_and(vars_eval(s, p->u.tricks.trumps, -1).s, s->in_play);
	else
		*out = cset_empty();
	return true;
}

/* A card that does not follow the suit led is thrown away. */
static move_hint hint(const state *s, const phase *p, const action *a)
{
	(void)p;
	move_hint h = {0, false, false, false};
	h.gives_away = s->nplayed > 0 && a->kind == ACT_CARD &&
		       !cset_has(room_of(s)->follow, a->card[0]);
	return h;
}

static void help(const game *g, const phase *p, tale *out)
{
	(void)p;
	tale_printf(out, "    play QS     play a card (or just: QS); 10 may be "
		    "written T;\n                a rank alone (K) names the only "
		    "card that fits\n");
	if (g->melds_chosen)
		tale_printf(out, "    declare X   melds at the first trick: all, "
			    "none, or the\n                cards of those declared "
			    "(declare 10S JS QS)\n");
}

const phase_kind_def phase_tricks = {
	.name = "tricks",
	.declare = declare,
	.build = build,
	.check = check,
	.empties_hands = empties_hands,
	.ends_deal = true,
	.setup = setup,
	.reset = reset,
	.enter = enter,
	.legal = legal,
	.legal_cards = legal_cards,
	.apply = apply,
	.playout = playout,
	.play_chosen = play_chosen,
	.hide = hide,
	.prompt = prompt,
	.words = words,
	.parse = parse,
	.why_illegal = why_illegal,
	.explain = explain,
	.narrate = narrate,
	.opening = opening,
	.table = table,
	.help = help,
	.hint = hint,
	.trumps = trumps,
};
