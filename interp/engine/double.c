/*
 * double.c — a double trick: every seat lays two cards, face up or down,
 * and a hook resolves where they go.
 *
 * The leader lays two cards (the ribs), face down unless `ribs: up`; then
 * each other seat, in the direction of play, lays two cards both face up
 * or both face down (only face up with `others: up`).  A face-up pair lies
 * on the table for all to see; a face-down pair stays hidden in its
 * owner's hand, chosen (state.passing), until all have laid.  Then every
 * pair is turned and the `resolve` hook says which seat's won pile gets
 * each card, or that it is discarded to the place `discard`; the bid
 * check counts card values from the table `values` against the contract
 * of the last auction (state.bid).  The resolution is recorded in the
 * deal's outputs (state.last_double).  Then `then-adds` raises counters,
 * with the leader as the seat that acts and `bid_made` the bid check's
 * outcome.  Ribs is four auctions, each followed by this phase.
 */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "engine/counters.h"
#include "engine/engine.h"
#include "engine/phase.h"
#include "engine/place.h"

/* The double trick's own state for the deal: the pairs laid face up
 * (face-down ones stay in the hand, chosen in `passing`, until they are
 * turned). */
struct double_room {
	card_id pair[SEAT_MAX][2];
	uint16_t down, laid;            /* seats, as bits */
	int8_t leader;
};

_Static_assert(sizeof(struct double_room) <= PHASE_ROOM_SIZE,
	       "the double trick's room fits in its slot");

static struct double_room *room(state *s)
{
	return phase_room(s, PHASE_DOUBLE);
}

static const struct double_room *room_of(const state *s)
{
	return phase_room_of(s, PHASE_DOUBLE);
}

static void reset(state *s)
{
	memset(room(s), 0, sizeof(struct double_room));
}


laid_pair state_laid_pair(const state *s, int seat)
{
	const struct double_room *r = room_of(s);
	laid_pair out = {.laid = r->laid >> seat & 1,
			 .down = r->down >> seat & 1,
			 .card = {CARD_NONE, CARD_NONE}};
	if (out.laid && !out.down) {
		out.card[0] = r->pair[seat][0];
		out.card[1] = r->pair[seat][1];
	}
	return out;
}

/* `bid_made`: the last double trick's bid check. */
static value get_made(const expr_frame *f, int seat, int arg)
{
	(void)seat, (void)arg;
	return vars_int(vars_state(f)->last_double.made);
}

static bool declare(expr_scope *sc)
{
	return expr_scope_field(sc, "bid_made", TY_BOOL, false, get_made, 0,
				offsetof(state, last_double.made), 0,
				EXPR_FIELD_KIND(((state *)0)->last_double.made));
}

/* ======================================================================
 * Compiling
 * ====================================================================== */

static int table_named(builder *b, const node *n)
{
	const game *g = b->g;
	for (int i = 0; i < g->ntables; i++)
		if (strcmp(g->table[i].name, n->text) == 0)
			return i;
	build_fail(b, n, "no table of card values is named '%s'; declare it "
		   "under 'values'", n->text);
	return -1;
}

/* The pairs of a hand of h cards, each laid up or down: every one must
 * fit in one list of actions. */
static long pair_actions(long h)
{
	return h * (h - 1);
}

static bool pairs_wrong(long hand, char *why, size_t size)
{
	if (pair_actions(hand) <= ACTIONS_MAX)
		return false;
	snprintf(why, size, "a hand of %ld cards makes %ld ways to lay a pair, "
		 "more than the %d a player may choose from", hand,
		 pair_actions(hand), ACTIONS_MAX);
	return true;
}

static void check_pairs(builder *b, const node *n)
{
	const game *g = b->g;
	for (int p = g->min_players; p <= g->max_players; p++) {
		char why[160];
		if (pairs_wrong(build_count_at(g, &g->hand_size, p), why,
				sizeof why)) {
			build_fail(b, n, "with %d players, %s", p, why);
			return;
		}
	}
}

static bool setup(state *s, const phase *p, int index, char *why,
		  size_t size)
{
	(void)p;
	(void)index;
	return !pairs_wrong(s->hand_size, why, size);
}

static void build(builder *b, const node *n, phase *p)
{
	check_pairs(b, n);
	double_phase *d = &p->u.dbl;
	const schema *sc = build_kind_schema("double-trick");
	d->leader = build_table_expr(b, b->g->scope, build_field(b, sc, n, "leader"),
				     TY_SEAT, "'double-trick.leader'");
	const node *ribs = build_field(b, sc, n, "ribs");
	d->ribs_up = ribs && strcmp(ribs->text, "up") == 0;
	const node *others = build_field(b, sc, n, "others");
	d->others_up = others && strcmp(others->text, "up") == 0;
	const node *discard = build_field(b, sc, n, "discard");
	d->discard = discard ? build_place_index(b, discard) : -1;
	const node *values = build_field(b, sc, n, "values");
	d->values = values ? table_named(b, values) : -1;
	build_counter_adds(b, build_field(b, sc, n, "then-adds"), &d->then_adds);
	const node *resolve = build_field(b, sc, n, "resolve");
	if (resolve)
		d->resolve = hook_named("double-trick", resolve);
}

/* ======================================================================
 * Playing
 * ====================================================================== */

/* Does h hold two cards or more?  Told without counting them. */
static bool holds_two(cardset h)
{
	int words = 0;
	for (int i = 0; i < CSET_WORDS; i++) {
		if (h.w[i] & (h.w[i] - 1))
			return true;
		words += h.w[i] != 0;
	}
	return words > 1;
}

static bool enter(state *s, const phase *p)
{
	int leader = (int)vars_eval(s, p->u.dbl.leader, -1).i;
	if (leader < 0 || leader >= s->players)
		leader = 0;
	for (int q = 0; q < s->players; q++) {
		s->passing[q] = cset_empty();
		s->pass_chosen[q] = 0;
		s->pass_need[q] = 0;
	}
	room(s)->down = room(s)->laid = 0;
	room(s)->leader = (int8_t)leader;
	s->current = (int8_t)leader;
	for (int q = 0; q < s->players; q++)
		if (!holds_two(s->hand[q]))
			return false;   /* not everyone can lay two: skipped */
	return true;
}

static bool face_allowed(const state *s, const phase *p, bool down)
{
	const double_phase *d = &p->u.dbl;
	if (s->current == room_of(s)->leader)
		return down != d->ribs_up;
	return down ? !d->others_up : true;
}

/* The cards of the hand of the seat to move in order, and for each its
 * copy among the cards of its face (0: the face's first in the hand). */
static int hand_copies(const state *s, card_id *c, uint8_t *copy)
{
	const deck *dk = &s->g->deck;
	int nc = cset_to_array(s->hand[s->current], c);
	uint8_t copies[DECK_FACES] = {0}; /* of each face, met so far */
	for (int i = 0; i < nc; i++) {
		uint8_t *k = &copies[dk->face[c[i]]];
		copy[i] = *k < 255 ? (*k)++ : 255;
	}
	return nc;
}

/* Is (c[i], c[j]), i < j, one of the pairs laid: c[i] its face's first,
 * c[j] the first of another face or the second copy of c[i]'s? */
static bool pair_listed(const deck *dk, const card_id *c, const uint8_t *copy,
			int i, int j)
{
	bool same = dk->face[c[j]] == dk->face[c[i]];
	return copy[i] == 0 && copy[j] == (same ? 1 : 0);
}

static action pair_action(card_id a, card_id b, bool down)
{
	/* built whole: field by field, the stores and the copy stall */
	return (action){
		.kind = ACT_CARDS,
		.flags = down ? ACT_DOWN : 0,
		.card = {a, b},
		.denom = DENOM_NONE,
		.from = PLACE_NONE,
		.to = PLACE_NONE,
	};
}

/* Every pair of cards of the hand, one of each pair of faces (copies of
 * a card play alike), with each face the seat may lay: the face-up
 * pairs first, then the face-down ones, each in the order of their
 * cards.  A face's pairs are its first card in the hand with the first
 * of another face, or with its own second copy: the first pair of those
 * faces in order. */
static int legal(const state *s, const phase *p, action *out)
{
	const deck *dk = &s->g->deck;
	card_id c[CARD_MAX];
	uint8_t copy[CARD_MAX];
	int nc = hand_copies(s, c, copy), n = 0;
	for (int down = 0; down < 2; down++) {
		if (!face_allowed(s, p, down))
			continue;
		for (int i = 0; i < nc; i++)
			for (int j = i + 1; j < nc && n < ACTIONS_MAX; j++)
				if (pair_listed(dk, c, copy, i, j))
					out[n++] = pair_action(c[i], c[j], down);
	}
	return n;
}

/* A hand read once for its pairs: the first card of each face held, in
 * order, and with each the face's second copy (CARD_NONE: held once). */
typedef struct hand_faces {
	int n, twice;
	card_id first[CARD_MAX], second[CARD_MAX];
} hand_faces;

static void read_faces(const state *s, hand_faces *hf)
{
	const card_face *face = s->g->deck.face;
	cardset hand = s->hand[s->current];
	uint8_t at[DECK_FACES] = {0};   /* each face's place in first, + 1 */
	int n = 0, twice = 0;
	for (int w = 0; w < CSET_WORDS; w++)
		for (uint64_t b = hand.w[w]; b; b &= b - 1) {
			card_id c = (card_id)(w * 64 + __builtin_ctzll(b));
			uint8_t *k = &at[face[c]];
			if (*k == 0) {
				hf->first[n] = c;
				hf->second[n] = CARD_NONE;
				*k = (uint8_t)++n;
			} else if (hf->second[*k - 1] == CARD_NONE) {
				hf->second[*k - 1] = c;
				twice++;
			}
		}
	hf->n = n;
	hf->twice = twice;
}

/* The k-th card `legal` pairs with first[i]: the later first cards and
 * the face's second copy, in the order of the hand. */
static card_id kth_partner(const hand_faces *hf, int i, int k)
{
	card_id again = hf->second[i];
	int below = 0;                  /* later first cards before `again` */
	if (again != CARD_NONE)
		while (i + 1 + below < hf->n && hf->first[i + 1 + below] < again)
			below++;
	if (again == CARD_NONE || k < below)
		return hf->first[i + 1 + k];
	return k == below ? again : hf->first[i + k];
}

/* The pair `legal` would list at k, drawn as from its list but without
 * it: the pairs are counted (each two faces once, and each face held
 * twice once more), then the k-th is found by counting each first
 * card's pairs at once. */
static inline __attribute__((always_inline)) action
pair_drawn(const state *s, const phase *p, rng *r)
{
	hand_faces hf;
	read_faces(s, &hf);
	int pairs = hf.n * (hf.n - 1) / 2 + hf.twice;
	bool up = face_allowed(s, p, false), down = face_allowed(s, p, true);
	int n = pairs * (up + down);
	if (n == 0)
		return action_of(ACT_NONE, 0);
	int k = (int)rng_below(r, (uint32_t)n);
	bool laid_down = !up || k >= pairs;
	k %= pairs;
	int i = 0;
	for (;; i++) {
		int here = hf.n - 1 - i + (hf.second[i] != CARD_NONE);
		if (k < here)
			break;
		k -= here;
	}
	return pair_action(hf.first[i], kth_partner(&hf, i, k), laid_down);
}

static action random_pair(const state *s, const phase *p, rng *r)
{
	return pair_drawn(s, p, r);
}

/* Any two cards of the hand, with the faces the seat may lay them with:
 * `legal` lists one pair of each two faces, and copies play alike. */
static int lays_together(const state *s, const phase *p, unsigned *faces)
{
	*faces = (face_allowed(s, p, false) ? LAY_UP : 0) |
		 (face_allowed(s, p, true) ? LAY_DOWN : 0);
	return 2;
}

/* Two held cards are legal when the listed pair of their faces is: a
 * player may name any copies (AS#2), each once. */
static bool is_legal(const state *s, const phase *p, const action *a)
{
	const deck *dk = &s->g->deck;
	cardset hand = s->hand[s->current];
	if (a->kind != ACT_CARDS || a->card[0] >= a->card[1] ||
	    !cset_has(hand, a->card[0]) || !cset_has(hand, a->card[1]))
		return false;
	action list[ACTIONS_MAX];
	int n = legal(s, p, list);
	for (int i = 0; i < n; i++) {
		action b = list[i];
		if (dk->face[b.card[0]] != dk->face[a->card[0]] ||
		    dk->face[b.card[1]] != dk->face[a->card[1]]) {
			card_id c = b.card[0];  /* the same faces the other way */
			b.card[0] = b.card[1];
			b.card[1] = c;
		}
		if (dk->face[b.card[0]] != dk->face[a->card[0]] ||
		    dk->face[b.card[1]] != dk->face[a->card[1]])
			continue;
		b.card[0] = a->card[0];
		b.card[1] = a->card[1];
		if (action_eq(&b, a))
			return true;
	}
	return false;
}

/* Turns every pair: position i's (from the leader, at seat_at[i]) into
 * cards[2i] and cards[2i + 1], a face-down one out of its owner's hand.
 * Returns the positions laid face down, as bits. */
static uint16_t turn_pairs(state *s, const int8_t *seat_at, card_id *cards)
{
	const struct double_room *laid = room(s);
	uint16_t down = 0;
	for (int i = 0; i < s->players; i++) {
		int q = seat_at[i];
		card_id *pair = &cards[2 * i];
		if (laid->down >> q & 1) {
			down |= (uint16_t)(1u << i);
			cset_to_array(s->passing[q], pair);
			s->hand[q] = cset_minus(s->hand[q], s->passing[q]);
			s->passing[q] = cset_empty();
			s->pass_chosen[q] = 0;
		} else {
			pair[0] = laid->pair[q][0];
			pair[1] = laid->pair[q][1];
		}
	}
	return down;
}

/* The resolve hook over the pairs turned, into r: one group per
 * position, the pair with where it goes and its fate. */
static void resolution(const state *s, const double_phase *d,
		       const card_id *cards, uint16_t down, hook_result *r)
{
	static const int32_t none[CARD_MAX];
	hook_input in = {
		.cards = cards, .ncards = 2 * s->players, .down = down,
		.values = d->values >= 0 ? s->g->table[d->values].value : none,
	};
	/* `resolve` is a required key: a game that loaded has the hook */
	hook_call(&d->resolve, s, room_of(s)->leader, in, r);
}

/* Turns every pair and carries out the resolution. */
static void resolve(state *s, const phase *p)
{
	const double_phase *d = &p->u.dbl;
	struct double_room *pairs = room(s);
	int8_t seat_at[SEAT_MAX];       /* each position's seat */
	for (int i = 0; i < s->players; i++)
		seat_at[i] = (int8_t)state_next_seat(s, pairs->leader, i);
	card_id cards[2 * SEAT_MAX];
	uint16_t down = turn_pairs(s, seat_at, cards);
	hook_result r;
	resolution(s, d, cards, down, &r);
	double_record *rec = phase_double_record(s);
	int place = d->discard >= 0 ? s->g->place[d->discard].first_pile : -1;
	const int players = s->players;   /* read once: card stores alias */
	for (int i = 0; i < players; i++) {
		card_id c0 = cards[2 * i], c1 = cards[2 * i + 1];
		int to = r.group[i].seat;       /* a position; -1 */
		cardset pair = cset_empty();
		cset_add(&pair, c0);
		cset_add(&pair, c1);
		s->played = cset_or(s->played, pair);
		if (to >= 0 && to < players) {
			cardset *won = &s->won[seat_at[to]];
			*won = cset_or(*won, pair);
		} else if (place >= 0) {
			/* turned for all to see: known there even when the
			 * place lies face down */
			pile_push(s, place, c0);
			pile_push(s, place, c1);
			s->seen = cset_or(s->seen, pair);
		}
		rec->card[i][0] = c0;
		rec->card[i][1] = c1;
		rec->to[i][0] = rec->to[i][1] = (int8_t)to;
	}
	rec->down = down;
	for (int i = 0; i < players; i++)
		rec->fate[i] = r.group[i].tag;
	rec->leader = pairs->leader;
	rec->matcher = (int8_t)r.pick;
	rec->bid = (int16_t)s->bid;
	rec->sum = (int16_t)r.total;
	rec->made = r.yes;
	rec->number++;
	counters_add(s, &d->then_adds, pairs->leader);
	pairs->down = pairs->laid = 0;
}

/* A pair laid: out of line for the engine, within the playout's loop. */
static inline __attribute__((always_inline)) phase_step
pair_laid(state *s, const phase *p, const action *a)
{
	struct double_room *r = room(s);
	int seat = s->current;
	s->event = EV_ACTION;
	r->laid |= (uint16_t)(1u << seat);
	if (a->flags & ACT_DOWN) {
		r->down |= (uint16_t)(1u << seat);
		cset_add(&s->passing[seat], a->card[0]);
		cset_add(&s->passing[seat], a->card[1]);
		s->pass_chosen[seat] = 2;
	} else {
		r->pair[seat][0] = a->card[0];
		r->pair[seat][1] = a->card[1];
		cset_del(&s->hand[seat], a->card[0]);
		cset_del(&s->hand[seat], a->card[1]);
	}
	int next = state_next_seat(s, seat, 1);
	if (next != r->leader) {
		s->current = (int8_t)next;
		return PHASE_GOES_ON;
	}
	resolve(s, p);
	s->event = EV_DOUBLE;
	return PHASE_ENDS;
}

static phase_step apply(state *s, const phase *p, const action *a)
{
	return pair_laid(s, p, a);
}

/* Random pairs until every seat has laid one and they are turned, each
 * drawn as random_pair() draws it for state_apply_random(), without a
 * step of the engine per pair: the playouts' fast path. */
static phase_step playout(state *s, const phase *p, const seat_rngs *r)
{
	for (;;) {
		action a = pair_drawn(s, p, r->seat[s->current]);
		if (a.kind == ACT_NONE)
			return PHASE_STUCK;
		phase_step st = pair_laid(s, p, &a);
		if (st != PHASE_GOES_ON)
			return st;
	}
}

static action_prompt prompt(const state *s, const phase *p)
{
	(void)s;
	(void)p;
	action_prompt due = {"play", 1};
	return due;
}

static void words(const state *s, const phase *p, const action *a, int n,
		  char *buf, size_t size)
{
	(void)p;
	buf[0] = '\0';
	if (n < 1 || a->kind != ACT_CARDS)
		return;
	char c0[8], c1[8];
	snprintf(buf, size, "%s %s %s",
		 deck_card_name(&s->g->deck, a->card[0], true, c0),
		 deck_card_name(&s->g->deck, a->card[1], true, c1),
		 a->flags & ACT_DOWN ? "down" : "up");
}

/* A card of the hand named by `w`: a card's name, or a rank alone (any
 * card of that rank not taken yet: in a double trick, copies and suits
 * play alike). */
static bool word_card(const state *s, const char *w, cardset taken,
		      card_id *out, char *err, size_t size)
{
	const deck *d = &s->g->deck;
	cardset free = cset_minus(s->hand[s->current], taken);
	card_face f;
	int copy;
	if (deck_parse_face(d, w, strlen(w), &f, &copy) == DECK_PARSE_OK) {
		*out = deck_find(d, free, f, copy);
		if (*out == CARD_NONE)
			snprintf(err, size, "you do not hold %s%s", w,
				 cset_is_empty(cset_and(d->by_face[f],
							s->hand[s->current]))
				 ? "" : " twice");
		return *out != CARD_NONE;
	}
	int r = deck_rank_index(d, w, strlen(w));
	if (r >= 0) {
		*out = cset_first(cset_and(free, d->by_rank[r]));
		if (*out == CARD_NONE)
			snprintf(err, size, "you hold no%s %s", cset_is_empty(
				 cset_and(s->hand[s->current], d->by_rank[r]))
				 ? "" : " other", w);
		return *out != CARD_NONE;
	}
	snprintf(err, size, "'%s' is not a card: write the rank, then the "
		 "suit, as in QS, 10H or TH (or a rank alone: 9)", w);
	return false;
}

static bool parse(const state *s, const phase *p, char *const *word,
		  int nword, action *out, int *n, char *err, size_t size)
{
	bool leader = s->current == room_of(s)->leader;
	int face = -1;                  /* 0 up, 1 down, -1 not said */
	if (nword == 3 && strcasecmp(word[2], "up") == 0)
		face = 0;
	else if (nword == 3 && strcasecmp(word[2], "down") == 0)
		face = 1;
	if (nword < 2 || nword > 3 || (nword == 3 && face < 0)) {
		snprintf(err, size, "play two cards%s, as in: play 9S 9H%s",
			 leader ? "" : ", face up or down", leader ? "" : " up");
		return false;
	}
	if (face < 0) {
		if (face_allowed(s, p, false) && face_allowed(s, p, true)) {
			snprintf(err, size, "say up or down, as in: play %s %s up",
				 word[0], word[1]);
			return false;
		}
		face = face_allowed(s, p, true);
	}
	card_id c[2];
	cardset taken = cset_empty();
	for (int k = 0; k < 2; k++) {
		if (!word_card(s, word[k], taken, &c[k], err, size))
			return false;
		cset_add(&taken, c[k]);
	}
	action a = action_of(ACT_CARDS, 0);
	a.card[0] = c[0] < c[1] ? c[0] : c[1];
	a.card[1] = c[0] < c[1] ? c[1] : c[0];
	a.flags = face ? ACT_DOWN : 0;
	out[0] = a;
	*n = 1;
	return true;
}

static void why_illegal(const state *s, const phase *p, const action *a,
			char *buf, size_t size)
{
	if (a->kind != ACT_CARDS)
		snprintf(buf, size, "it is time to lay two cards, as in: play "
			 "9S 9H up");
	else if (!face_allowed(s, p, a->flags & ACT_DOWN))
		snprintf(buf, size, "%s face %s",
			 s->current == room_of(s)->leader
			 ? "the leader lays the ribs" : "the others lay their cards",
			 a->flags & ACT_DOWN ? "up" : "down");
	else
		snprintf(buf, size, "you do not hold those two cards");
}

static void explain(FILE *out, const game *g, const phase *p)
{
	const double_phase *d = &p->u.dbl;
	char who[160];
	fprintf(out, "A double trick: %s lays two cards face %s%s; then each "
		"other player in turn lays two cards, %s. ",
		phase_seat_words(d->leader, who, sizeof who),
		d->ribs_up ? "up" : "down", d->ribs_up ? "" : " (the ribs)",
		d->others_up ? "face up" : "both face up or both face down "
		"(face down drops out of the trick)");
	if (d->resolve.hook)
		fprintf(out, "Then all are turned: %s",
			d->resolve.hook->about.doc);
	if (d->values >= 0)
		fprintf(out, " The bid check counts `%s` against the bid.",
			g->table[d->values].name);
	if (d->discard >= 0)
		fprintf(out, " Discarded cards go to `%s` and score for nobody.",
			g->place[d->discard].name);
	fputc('\n', out);
}

/* ======================================================================
 * Words at the table
 * ====================================================================== */

static void tell_pair(tale *t, const card_id *c)
{
	tale_card(t, c[0]);
	tale_printf(t, " ");
	tale_card(t, c[1]);
}

/* Who dropped out, laying face down. */
static void tell_dropped(const state *s, const double_record *r, tale *t)
{
	const char *sep = "  Dropped out (face down):";
	for (int i = 1; i < s->players; i++)
		if (r->fate[i] == PAIR_DOWN) {
			tale_printf(t, "%s ", sep);
			tale_seat(t, state_next_seat(s, r->leader, i));
			sep = ",";
		}
	if (*sep == ',')
		tale_printf(t, ".\n");
}

/* The ribs matched: the matcher takes every card shown. */
static void tell_matched(const state *s, const double_record *r,
			 const audience *who, tale *t)
{
	int q = state_next_seat(s, r->leader, r->matcher);
	tale_printf(t, "  ");
	tale_seat_as(t, q, TALE_OPENS);
	tale_printf(t, " matched the ribs with ");
	tell_pair(t, r->card[r->matcher]);
	tale_printf(t, " and %s every card shown.\n",
		    audience_verb(who, q, "take", "takes"));
	for (int i = 1; i < s->players; i++)
		if (r->fate[i] == PAIR_MATCHED_LATE) {
			tale_printf(t, "  ");
			tale_seat_as(t, state_next_seat(s, r->leader, i),
				     TALE_OPENS);
			tale_printf(t, " matched too, but later.\n");
		}
	tale_printf(t, "  The bid fails: the leader takes nothing.\n");
}

/* A double trick resolved, step by step: the pairs turned, who dropped
 * out, who matched or kept their cards, the leader's take, the bid
 * check. */
static void tell_resolved(const state *s, const audience *who, tale *t)
{
	const double_record *r = &s->last_double;
	tale_printf(t, "  ");
	tale_seat_as(t, r->leader, TALE_OPENS | TALE_WHOSE);
	tale_printf(t, " ribs: ");
	tell_pair(t, r->card[0]);
	tale_printf(t, " (bid %d).\n", r->bid);
	tell_dropped(s, r, t);
	if (r->matcher >= 0) {
		tell_matched(s, r, who, t);
		return;
	}
	int taken = 0;
	for (int i = 1; i < s->players; i++) {
		int q = state_next_seat(s, r->leader, i);
		if (r->fate[i] == PAIR_BEATS_LEAD) {
			tale_printf(t, "  ");
			tale_seat_as(t, q, TALE_OPENS);
			tale_printf(t, " beat the ribs and %s ",
				    audience_verb(who, q, "keep", "keeps"));
			tell_pair(t, r->card[i]);
			tale_printf(t, ".\n");
		} else if (r->fate[i] == PAIR_TO_LEADER) {
			tale_printf(t, "  ");
			tale_seat_as(t, q, TALE_OPENS | TALE_WHOSE);
			tale_printf(t, " ");
			tell_pair(t, r->card[i]);
			tale_printf(t, " go to the leader.\n");
			taken++;
		}
	}
	if (!taken)
		tale_printf(t, "  The leader takes no pair.\n");
	tale_printf(t, "  Bid check: %d points for the ribs and the pairs "
		    "taken, against a bid of %d: %s.\n", r->sum, r->bid, r->made
		    ? "made, the leader keeps the ribs"
		    : "failed, the ribs are discarded");
}

static void narrate(const state *before, const state *after, const phase *p,
		    int seat, const action *a, int n, const audience *who,
		    tale *out, tale *news)
{
	(void)p, (void)n, (void)news;
	tale_printf(out, "  ");
	tale_seat_as(out, seat, TALE_OPENS);
	tale_printf(out, " %s ", audience_verb(who, seat, "lay", "lays"));
	if (a[0].flags & ACT_DOWN) {
		tale_printf(out, "two cards face down%s.\n",
			    seat == room_of(before)->leader ? " (the ribs)" : "");
	} else {
		tell_pair(out, a[0].card);
		tale_printf(out, ".\n");
	}
	if (after->last_double.number != before->last_double.number &&
	    after->deal_no == before->deal_no)  /* also when the deal ends */
		tell_resolved(after, who, out);
}

/* A double trick in progress: who has laid what, face up or down. */
static void table(const state *s, const phase *p, const audience *who,
		  tale *out)
{
	(void)p, (void)who;
	const struct double_room *r = room_of(s);
	tale_printf(out, "  Double trick %d, bid %d by ",
		    s->last_double.number + 1, s->bid);
	tale_seat(out, r->leader);
	tale_printf(out, ":");
	if (!r->laid)
		tale_printf(out, " nothing laid yet");
	for (int i = 0, k = 0; i < s->players; i++) {
		int q = state_next_seat(s, r->leader, i);
		if (!(r->laid >> q & 1))
			continue;
		tale_printf(out, "%s ", k++ ? "," : "");
		tale_seat(out, q);
		tale_printf(out, " ");
		if (r->down >> q & 1)
			tale_printf(out, q == r->leader ? "the ribs, face down"
				    : "two cards face down");
		else
			tell_pair(out, r->pair[q]);
	}
	tale_printf(out, "\n");
}

static void help(const game *g, const phase *p, tale *out)
{
	(void)g, (void)p;
	tale_printf(out, "    play 9 9 up two cards of a double trick, face "
		    "up or down\n");
}

const phase_kind_def phase_double = {
	.name = "double-trick",
	.build = build,
	.declare = declare,
	.ends_deal = true,
	.setup = setup,
	.reset = reset,
	.enter = enter,
	.legal = legal,
	.random_action = random_pair,
	.playout = playout,
	.lays_together = lays_together,
	.is_legal = is_legal,
	.apply = apply,
	.hide = phase_secret_hide,     /* pairs laid face down */
	.chosen = phase_secret_chosen,
	.prompt = prompt,
	.words = words,
	.parse = parse,
	.why_illegal = why_illegal,
	.explain = explain,
	.narrate = narrate,
	.table = table,
	.help = help,
};
