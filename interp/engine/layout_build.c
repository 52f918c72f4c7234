/* layout_build.c — a layout phase compiled from its checked mapping. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "engine/layout.h"
#include "engine/place.h"
#include "lang/schema.h"

/* ======================================================================
 * Compiling
 * ====================================================================== */

static bool is_true(const node *n)
{
	return n && strcmp(n->text, "true") == 0;
}

static int optional_place(builder *b, const node *n)
{
	return n ? build_place_index(b, n) : -1;
}

static int declare(builder *b, const node *at, layout_phase *l,
		   const char *name, expr_type t)
{
	int slot = expr_scope_var(l->scope, name, t, false);
	if (slot < 0 || slot >= VARS_SLOTS_MAX)
		build_fail(b, at, "cannot declare '%s' for the moves: the name "
			   "is taken", name);
	return slot;
}

/* `empty_PLACE` for a place of several piles: how many are empty (a
 * supermove's free columns). */
static void declare_empty(builder *b, const node *at, layout_phase *l, int k)
{
	const place_def *pl = &b->g->place[k];
	char name[64];
	if (pl->npiles < 2 || (size_t)snprintf(name, sizeof name, "empty_%s",
					       pl->name) >= sizeof name)
		return;
	if (!expr_scope_getter(l->scope, name, TY_INT, false,
			       layout_empty_piles, k))
		build_fail(b, at, "cannot declare '%s' for the moves: the name "
			   "is taken", name);
}

static void build_move(builder *b, const node *k, const node *v,
		       layout_phase *l, int index, const node *moves)
{
	move_def *m = &l->move[index];
	const node *name = node_get(v, "name");
	m->name = build_text(b, name ? name : k);
	const node *from = node_get(v, "from");
	if (from && from->kind == NODE_SEQ) {
		for (size_t i = 0; i < from->n; i++) {
			int pk = optional_place(b, from->item[i]);
			if (pk >= 0)
				m->from |= (uint16_t)(1u << pk);
		}
	} else if (from) {
		int pk = optional_place(b, from);
		if (pk >= 0)
			m->from = (uint16_t)(1u << pk);
	}
	m->to = optional_place(b, node_get(v, "to"));
	const node *cards = node_get(v, "cards");
	m->group = !cards ? GROUP_TOP : strcmp(cards->text, "run") == 0
		? GROUP_RUN : strcmp(cards->text, "all") == 0 ? GROUP_ALL
		: GROUP_TOP;
	const node *count = node_get(v, "count");
	if (count) {
		m->has_count = true;
		build_count(b, count, &m->count, "'moves.count'");
		if (m->group != GROUP_TOP)
			build_fail(b, count, "'count' takes so many top cards: it "
				   "goes with 'cards: top'");
	}
	const node *at = node_get(v, "at");
	m->bottom = at && strcmp(at->text, "bottom") == 0;
	m->flip = is_true(node_get(v, "flip"));
	const node *each = node_get(v, "each");
	m->each = is_true(each);
	if (m->each && (m->group != GROUP_TOP || m->has_count))
		build_fail(b, each, "'each' lays one top card on every pile: "
			   "it goes with 'cards: top' and no 'count'");
	const node *pair = node_get(v, "pair");
	m->pair = is_true(pair);
	if (m->pair && (m->group != GROUP_TOP || m->has_count || m->each))
		build_fail(b, pair, "'pair' takes the top card of two piles: "
			   "it goes with 'cards: top' and no 'count' or 'each'");
	m->automatic = is_true(node_get(v, "auto"));
	m->opening = is_true(node_get(v, "opening"));
	m->when = build_expr(b, l->scope, node_get(v, "when"), TY_BOOL);
	m->why = build_text(b, node_get(v, "why"));
	const node *seq = node_get(v, "sequence"), *cap = node_get(v, "capacity");
	m->sequence = build_expr(b, l->scope, seq, TY_BOOL);
	m->capacity = build_expr(b, l->scope, cap, TY_INT);
	if ((seq || cap) && m->group != GROUP_RUN)
		build_fail(b, seq ? seq : cap, "'%s' is about a run of cards: "
			   "it goes with 'cards: run'", seq ? "sequence"
			   : "capacity");
	m->loses = build_expr(b, l->scope, node_get(v, "loses"), TY_BOOL);
	m->safe = build_expr(b, l->scope, node_get(v, "safe"), TY_BOOL);
	m->last_resort = is_true(node_get(v, "last-resort"));
	const node *prefer = node_get(v, "prefer");
	for (size_t i = 0; prefer && i < prefer->n; i++) {
		if (m->nprefer == PREFER_MAX) {
			build_fail(b, prefer->item[i], "at most %d tiers are "
				   "supported", PREFER_MAX);
			break;
		}
		m->prefer[m->nprefer++] = build_expr(b, l->scope, prefer->item[i],
						     TY_BOOL);
	}
	const node *high = node_get(v, "highest"), *low = node_get(v, "lowest");
	if (high && low)
		build_fail(b, low, "give 'highest' or 'lowest', not both");
	m->best = build_expr(b, l->scope, high ? high : low, TY_INT);
	m->best_lowest = !high && low;
	const node *unless = node_get(v, "unless");
	for (size_t i = 0; unless && i < unless->n; i++) {
		const node *u = unless->item[i];
		bool found = false;
		for (size_t j = 0; j < moves->n && !found; j++) {
			if (strcmp(moves->pair[j].key->text, u->text) != 0)
				continue;
			found = true;
			if ((int)j >= index)
				build_fail(b, u, "'unless' names moves listed "
					   "before this one; '%s' comes after",
					   u->text);
			else
				m->unless |= 1u << j;
		}
		if (!found) {
			const char *names[MOVES_MAX + 1];
			size_t j = 0;
			for (; j < moves->n && j < MOVES_MAX; j++)
				names[j] = moves->pair[j].key->text;
			names[j] = NULL;
			const char *hint = schema_suggest(u->text, names);
			if (hint)
				build_fail(b, u, "no move is named '%s' (did you mean "
					   "'%s'?)", u->text, hint);
			else
				build_fail(b, u, "no move is named '%s'", u->text);
		}
	}
	const node *uses = node_get(v, "uses");
	if (uses) {
		m->pay = build_expr(b, b->g->scope, node_get(uses, "cards"),
				    TY_CARDS);
		m->pay_from = optional_place(b, node_get(uses, "from"));
		m->pay_to = optional_place(b, node_get(uses, "to"));
	}
	build_counter_adds(b, node_get(v, "add"), &m->adds);
	const node *then = node_get(v, "then");
	for (size_t i = 0; then && i < then->n; i++) {
		const char *t = then->item[i]->text;
		if (strcmp(t, "attack") == 0)
			m->attack = true;
		else if (strcmp(t, "refill") == 0)
			m->refill = true;
	}
	if (m->attack && l->attack_grid < 0)
		build_fail(b, then, "'then: attack' needs the phase's 'attack'");
	if (m->refill && l->fill < 0)
		build_fail(b, then, "'then: refill' needs the phase's 'fill'");
}

/* A number for each pile of place k, from one number or a list of as
 * many as the place has piles, into out; false when the list does not
 * fit (the error is given). */
static bool per_pile(builder *b, const node *n, int k, int *out)
{
	const place_def *pl = &b->g->place[k];
	if (n->kind != NODE_SEQ) {
		for (int i = 0; i < pl->npiles; i++)
			out[i] = (int)strtol(n->text, NULL, 10);
		return true;
	}
	if ((int)n->n != pl->npiles) {
		build_fail(b, n, "'%s' has %d piles; give a number for each, "
			   "not %zu", pl->name, pl->npiles, n->n);
		return false;
	}
	for (int i = 0; i < pl->npiles; i++)
		out[i] = (int)strtol(n->item[i]->text, NULL, 10);
	return true;
}

/* deal -> {to, first | counts, down} */
static void build_deal(builder *b, const node *deal, layout_phase *l)
{
	l->deal_to = optional_place(b, node_get(deal, "to"));
	const node *first = node_get(deal, "first");
	const node *counts = node_get(deal, "counts");
	const node *down = node_get(deal, "down");
	l->deal_first = first ? (int)strtol(first->text, NULL, 10) : 1;
	if (first && counts)
		build_fail(b, counts, "give 'first' (a triangle) or 'counts', "
			   "not both");
	if (l->deal_to < 0)
		return;
	int number[PILES_MAX];
	int total = 0, npiles = b->g->place[l->deal_to].npiles;
	if (counts && per_pile(b, counts, l->deal_to, number)) {
		l->deal_counted = true;
		for (int i = 0; i < npiles; i++) {
			l->deal_count[i] = (uint8_t)number[i];
			total += number[i];
		}
		if (total > b->g->deck.ncards)
			build_fail(b, counts, "the piles take %d cards; the deck "
				   "has %d", total, b->g->deck.ncards);
	}
	if (down && per_pile(b, down, l->deal_to, number))
		for (int i = 0; i < npiles; i++)
			l->deal_down[i] = (int16_t)number[i];
}

/* The part of each move's `when` that reads no target, tried once per
 * card before its targets (Gridcannon's `value(card) >= 2 and ...`), and
 * what the rest needs of the card and of a target: a card then tries
 * only the piles that may take it (Klondike's `order(card) + 1 ==
 * order(target)`). */
static int source_piles(const game *g, const move_def *m)
{
	int n = 0;
	for (int k = 0; k < g->nplaces; k++)
		if (m->from >> k & 1)
			n += g->place[k].npiles;
	return n;
}

int layout_move_conditions(const move_def *m, const expr **out)
{
	int n = 0;
	out[n++] = m->when;
	out[n++] = m->best;
	out[n++] = m->sequence;
	out[n++] = m->capacity;
	for (int i = 0; i < m->nprefer; i++)
		out[n++] = m->prefer[i];
	return n;
}

/* Whether move m's conditions over a candidate read the slot (`beside`,
 * `moving`). */
static bool reads_slot(const move_def *m, int slot)
{
	const expr *e[MOVE_CONDITIONS_MAX];
	int ne = layout_move_conditions(m, e);
	for (int i = 0; i < ne; i++)
		if (e[i] && expr_reads_slot(e[i], slot))
			return true;
	return false;
}

/* The first move whose sieve is move i's, onto the same place: the same
 * `when` (in the same scope) and both sieving by cards or neither; a
 * listing brings their board up to date once (Klondike's card and run
 * onto the tableau). */
static int shared_board(const layout_phase *l, int i)
{
	const move_def *m = &l->move[i];
	if (!m->sieve || !*expr_text(m->when))  /* no text: none like it */
		return i;
	for (int j = 0; j < i; j++) {
		const move_def *o = &l->move[j];
		if (o->sieve && o->to == m->to &&
		    o->sieve->by_cards == m->sieve->by_cards &&
		    strcmp(expr_text(o->when), expr_text(m->when)) == 0)
			return o->board;
	}
	return i;
}

/* Tables of the conditions a listing judges every candidate by, when
 * they read the faces of the move's cards alone. */
static void plan_tables(layout_phase *l, move_def *m)
{
	const int cards[] = {l->v_card, l->v_target, l->v_beside, l->v_other};
	/* an exact sieve tells `when` already: no table for it */
	if (!(m->sieve && m->sieve->exact))
		m->when_table = expr_face_table_of(l->scope, m->when, cards, 4);
	m->when_by_card = m->when_table && m->when_table->slot[1] < 0 &&
			  m->when_table->slot[0] == l->v_card;
	const int card[] = {l->v_card};
	if (m->when_card_lead > 0)
		m->card_lead_table = expr_face_table_of_lead(l->scope, m->when,
							     m->when_card_lead,
							     card, 1);
	for (int t = 0; t < m->nprefer; t++)
		m->prefer_table[t] = expr_face_table_of(l->scope, m->prefer[t],
							cards, 4);
	m->best_table = expr_face_table_of(l->scope, m->best, cards, 4);
	m->sequence_table = expr_face_table_of(l->scope, m->sequence, cards,
					       4);
}

static void plan_leads(const game *g, layout_phase *l)
{
	const int target[] = {l->v_target, l->v_pile, l->v_beside,
			      l->v_other};
	const int card[] = {l->v_card, l->v_moving, l->v_source};
	const int both[] = {l->v_card, l->v_target};
	const int sets[] = {l->v_pile, l->v_source};
	for (int i = 0; i < l->nmoves; i++) {
		move_def *m = &l->move[i];
		m->when_lead = m->when && !m->pair
			       ? expr_and_lead(m->when, target, 4) : 0;
		const int group[] = {l->v_target, l->v_pile, l->v_beside,
				     l->v_other, l->v_moving, l->v_source};
		m->when_card_lead = m->when && !m->pair
				    ? expr_and_lead(m->when, group, 6) : 0;
		const int every[] = {l->v_card, l->v_target, l->v_pile,
				     l->v_beside, l->v_moving, l->v_source,
				     l->v_royal, l->v_between, l->v_other};
		m->when_gate = m->when && !m->pair
			       ? expr_and_lead(m->when, every, 9) : 0;
		expr_sieve *sv = m->when && !m->pair
				 ? expr_sieve_of(l->scope, m->when, card, 3,
						 target, 3) : NULL;
		if (sv)
			expr_sieve_tabulate(l->scope, sv, both, sets, 2);
		/* a move from one pile meets one card a listing: its targets
		 * are found from that card's terms, not from every card's */
		if (sv && source_piles(g, m) <= 1)
			sv->by_cards = false;
		/* a sieve of tests of the target alone pays only where it
		 * tells each card's targets outright, kept from one listing to
		 * the next (FreeCell's empty cells and columns); an automatic
		 * move's is brought up to date at every step (measured on
		 * Spider, Gridcannon and FreeCell) */
		if (sv && !sv->relates && (!sv->exact || m->automatic ||
					   !sv->by_cards))
			sv = NULL;
		m->sieve = sv;
		m->reads_beside = reads_slot(m, l->v_beside);
		m->reads_moving = reads_slot(m, l->v_moving);
		m->board = shared_board(l, i);
		const int run_reads[] = {l->v_card, l->v_target};
		m->run_kept = m->group == GROUP_RUN && m->sequence &&
			      expr_reads_only(m->sequence, run_reads, 2);
		m->source_bits = 0;
		m->sources_open = true;
		for (int k = 0; k < g->nplaces; k++)
			if (m->from >> k & 1) {
				const place_def *pl = &g->place[k];
				for (int p = 0; p < pl->npiles; p++)
					m->source_bits |= UINT32_C(1)
							  << (pl->first_pile + p);
				m->sources_open &= pl->face_up && !pl->pyramid;
			}
		m->plain = sv && sv->by_cards && sv->exact && !m->nprefer &&
			   !m->best && !m->capacity && !m->has_count &&
			   (m->group != GROUP_RUN || !m->sequence ||
			    m->run_kept);
		plan_tables(l, m);
	}
}

void layout_build(builder *b, const node *n, phase *p)
{
	layout_phase *l = &p->u.layout;
	const schema *sc = build_kind_schema("layout");
	memset(l, 0, sizeof *l);
	if (b->g->max_players > 1)
		build_fail(b, n, "a layout is a solitaire, for one player; the "
			   "game allows %d: give 'players: 1'", b->g->max_players);
	l->stock = optional_place(b, build_field(b, sc, n, "stock"));
	l->deal_to = l->fill = l->aside = l->draw_to = l->reveal = -1;
	l->attack_grid = l->attack_slots = -1;
	l->scope = expr_scope_child(b->g->scope);
	if (!l->scope) {
		build_fail(b, n, "out of memory");
		return;
	}
	l->v_card = declare(b, n, l, "card", TY_CARD);
	l->v_target = declare(b, n, l, "target", TY_CARD);
	l->v_pile = declare(b, n, l, "pile", TY_CARDS);
	l->v_beside = declare(b, n, l, "beside", TY_CARD);
	l->v_moving = declare(b, n, l, "moving", TY_CARDS);
	l->v_source = declare(b, n, l, "source", TY_CARDS);
	l->v_royal = declare(b, n, l, "royal", TY_CARD);
	l->v_between = declare(b, n, l, "between", TY_CARDS);
	l->v_other = declare(b, n, l, "other", TY_CARD);
	for (int k = 0; k < b->g->nplaces; k++)
		declare_empty(b, n, l, k);
	for (int pile = 0; pile < PILES_MAX; pile++)
		l->beside[pile] = (int8_t)(pile < b->g->npiles ? layout_beside_pile(b->g, pile) : -1);

	for (int pile = 0; pile < PILES_MAX; pile++)
		l->deal_down[pile] = -1;
	const node *deal = build_field(b, sc, n, "deal");
	if (deal)
		build_deal(b, deal, l);
	const node *fill = build_field(b, sc, n, "fill");
	if (fill) {
		l->fill = optional_place(b, node_get(fill, "place"));
		l->fill_with = build_expr(b, b->g->scope, node_get(fill, "with"),
					  TY_CARDS);
		l->aside = optional_place(b, node_get(fill, "aside"));
	}
	const node *draw = build_field(b, sc, n, "draw");
	if (draw) {
		const node *from = node_get(draw, "from");
		for (size_t i = 0; from && i < from->n; i++) {
			if (l->ndraw == DRAW_FROM_MAX) {
				build_fail(b, from->item[i], "at most %d places "
					   "to draw from", DRAW_FROM_MAX);
				break;
			}
			l->draw_from[l->ndraw++] = optional_place(b, from->item[i]);
		}
		l->draw_to = optional_place(b, node_get(draw, "to"));
	}
	l->reveal = optional_place(b, build_field(b, sc, n, "reveal"));
	const node *att = build_field(b, sc, n, "attack");
	if (att) {
		l->attack_grid = optional_place(b, node_get(att, "grid"));
		l->attack_slots = optional_place(b, node_get(att, "slots"));
		l->kills = build_expr(b, l->scope, node_get(att, "kills"), TY_BOOL);
		const game *g = b->g;
		if (l->attack_grid >= 0 && !g->place[l->attack_grid].rows)
			build_fail(b, node_get(att, "grid"), "'%s' is not a grid: "
				   "give it 'grid: [rows, columns]'",
				   g->place[l->attack_grid].name);
		if (l->attack_slots >= 0 && l->attack_grid >= 0 &&
		    g->place[l->attack_slots].around != l->attack_grid)
			build_fail(b, node_get(att, "slots"), "'%s' is not around "
				   "'%s': give it 'around: %s'",
				   g->place[l->attack_slots].name,
				   g->place[l->attack_grid].name,
				   g->place[l->attack_grid].name);
	}
	l->won = build_expr(b, b->g->scope, build_field(b, sc, n, "won"), TY_BOOL);
	l->lost = build_expr(b, b->g->scope, build_field(b, sc, n, "lost"),
			     TY_BOOL);
	l->progress = build_expr(b, b->g->scope, build_field(b, sc, n, "progress"),
				 TY_INT);
	const node *limit = build_field(b, sc, n, "limit");
	/* every game ends: one that goes round in circles stops here */
	l->limit = limit ? (int)strtol(limit->text, NULL, 10) : LAYOUT_LIMIT;
	const node *stall = build_field(b, sc, n, "stall");
	l->stall = stall ? (int)strtol(stall->text, NULL, 10) : 0;
	const node *moves = build_field(b, sc, n, "moves");
	for (size_t i = 0; moves && i < moves->n; i++) {
		if (l->nmoves == MOVES_MAX) {
			build_fail(b, moves->pair[i].key, "at most %d moves are "
				   "supported", MOVES_MAX);
			return;
		}
		build_move(b, moves->pair[i].key, moves->pair[i].value, l,
			   l->nmoves++, moves);
	}
	plan_leads(b->g, l);
	layout_memo_plan(b->g, l);
}

bool layout_setup(state *s, const phase *p, int index, char *why,
		  size_t size)
{
	(void)index;
	const layout_phase *l = LAYOUT(p);
	if (s->players != 1) {
		snprintf(why, size, "a layout is for one player, not %d",
			 s->players);
		return false;
	}
	if (l->stock >= 0 && s->g->place[l->stock].npiles != 1) {
		snprintf(why, size, "the stock '%s' must be one pile",
			 s->g->place[l->stock].name);
		return false;
	}
	return true;
}

