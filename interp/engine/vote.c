/*
 * vote.c — a vote: every seat lays cards face down at once, then all are
 * turned up together and may elect a suit.
 *
 * The seats choose in turn, each choice hidden from the others (like a
 * pass).  When all have chosen, the laid cards are turned up seat by seat
 * from `from`, going `order` round the table, then the cards of the place
 * `with` (a centre of leftovers), and all of them go, in that order, to
 * the place `to`: they leave the hands for good.  With `elects`, the suit
 * with the most cards among them is elected (elect.h) and read by
 * expressions under that name.  Stendhal's minus-suit vote is this phase.
 */
#include <stdio.h>
#include <string.h>

#include "engine/elect.h"
#include "engine/engine.h"
#include "engine/phase.h"
#include "engine/place.h"

/* The votes' own state for the deal. */
struct vote_room {
	int8_t elected[PHASES_MAX];     /* by phase index: the suit elected;
					   -1 */
};

_Static_assert(sizeof(struct vote_room) <= PHASE_ROOM_SIZE,
	       "the votes' room fits in its slot");

static struct vote_room *room(state *s)
{
	return phase_room(s, PHASE_VOTE);
}

static const struct vote_room *room_of(const state *s)
{
	return phase_room_of(s, PHASE_VOTE);
}

static void reset(state *s)
{
	memset(room(s)->elected, -1, sizeof room(s)->elected);
}

int state_elected(const state *s, int index)
{
	return room_of(s)->elected[index];
}

/* The suit elected by the vote phase `arg` (no suit before it). */
static value get_elected(const expr_frame *f, int seat, int arg)
{
	(void)seat;
	return vars_int(state_elected(vars_state(f), arg));
}

/* ======================================================================
 * Compiling
 * ====================================================================== */

static void build(builder *b, const node *n, phase *p)
{
	vote_phase *v = &p->u.vote;
	game *g = b->g;
	const schema *sc = build_kind_schema("vote");
	const node *cards = build_field(b, sc, n, "cards");
	if (cards)
		build_count(b, cards, &v->cards, "'vote.cards'");
	else
		for (int k = 0; k <= SEAT_MAX; k++)
			v->cards.by_players[k] = 1;
	v->from = build_table_expr(b, g->scope, build_field(b, sc, n, "from"),
				   TY_SEAT, "'vote.from'");
	const node *order = build_field(b, sc, n, "order");
	v->order = !order ? 0 : strcmp(order->text, "clockwise") == 0 ? 1 : -1;
	const node *with = build_field(b, sc, n, "with");
	const node *to = build_field(b, sc, n, "to");
	v->with_place = with ? build_place_index(b, with) : -1;
	v->to_place = to ? build_place_index(b, to) : -1;
	if (with && to && v->with_place >= 0 && v->with_place == v->to_place)
		build_fail(b, with, "the cards turned up go to 'to'; 'with' must "
			   "be another place");
	if (v->to_place >= 0 && g->place[v->to_place].npiles != 1)
		build_fail(b, to, "the place '%s' has %d piles; the revealed "
			   "cards go to a place of one pile", to->text,
			   g->place[v->to_place].npiles);
	const node *elects = build_field(b, sc, n, "elects");
	bool name = elects && elects->text[0] >= 'a' && elects->text[0] <= 'z';
	for (const char *c = elects ? elects->text : ""; name && *c; c++)
		name = (*c >= 'a' && *c <= 'z') || (*c >= '0' && *c <= '9') ||
		       *c == '_';
	if (elects && !name)
		build_fail(b, elects, "'elects' is a name (lower case letters, "
			   "digits, _), not '%s'", elects->text);
	else if (elects) {
		v->elects = build_text(b, elects);
		if (!expr_scope_getter(g->scope, elects->text, TY_SUIT, false,
				       get_elected, (int)(p - g->phase)))
			build_fail(b, elects, "the name '%s' is already taken",
				   elects->text);
	}
	const node *tie = build_field(b, sc, n, "tie");
	for (size_t i = 0; tie && i < tie->n && v->nties < 2; i++) {
		uint8_t t = strcmp(tie->item[i]->text, "ranks") == 0
			? ELECT_TIE_RANKS : ELECT_TIE_ORDER;
		for (int k = 0; k < v->nties; k++)
			if (v->tie[k] == t)
				build_fail(b, tie->item[i], "'%s' is listed twice",
					   tie->item[i]->text);
		v->tie[v->nties++] = t;
	}
	if (tie && !elects)
		build_fail(b, tie, "'tie' breaks ties of an election: give "
			   "'elects' too");
}

/* ======================================================================
 * Playing
 * ====================================================================== */

static bool setup(state *s, const phase *p, int index, char *why,
		  size_t size)
{
	int n = vars_count(s, &p->u.vote.cards);
	if (n > s->hand_size) {
		snprintf(why, size, "phase %d asks for %d cards, but a hand has "
			 "%d", index + 1, n, s->hand_size);
		return false;
	}
	s->phase_count[index] = (uint8_t)n;
	return true;
}

static bool enter(state *s, const phase *p)
{
	(void)p;
	if (s->phase_count[s->phase] == 0)
		return false;
	phase_secret_start(s, s->phase_count[s->phase]);
	return true;
}

/* The cards laid (state.passing) in the order they are turned up, then
 * those of the place `with`; how many. */
static int reveal_order(const state *s, const phase *p, card_id *out)
{
	const vote_phase *v = &p->u.vote;
	int first = v->from ? (int)vars_eval(s, v->from, -1).i
			    : state_next_seat(s, s->dealer, 1);
	if (first < 0 || first >= s->players)
		first = 0;
	int step = v->order ? v->order : s->g->direction;
	int n = 0;
	for (int i = 0; i < s->players; i++) {
		int q = state_seat_plus(s, first, i * step);
		CSET_FOREACH(c, s->passing[q])
			out[n++] = c;
	}
	if (v->with_place >= 0) {
		const place_def *pl = &s->g->place[v->with_place];
		for (int k = 0; k < pl->npiles; k++)
			n += pile_in_order(s, pl->first_pile + k, out + n);
	}
	return n;
}

/* Turns every laid card up, with the `with` place, onto `to`. */
static void reveal(state *s, const phase *p)
{
	const vote_phase *v = &p->u.vote;
	card_id row[CARD_MAX];
	int n = reveal_order(s, p, row);
	int to = v->to_place >= 0 ? s->g->place[v->to_place].first_pile : -1;
	for (int i = 0; i < n; i++) {
		pile_remove(s, row[i]);
		cset_del(&s->down, row[i]);
		if (to >= 0) {
			pile_push(s, to, row[i]);
			cset_add(&s->seen, row[i]);     /* turned up for all */
		}
	}
	for (int q = 0; q < s->players; q++) {
		s->hand[q] = cset_minus(s->hand[q], s->passing[q]);
		s->passing[q] = cset_empty();
	}
	if (v->elects) {
		election e;
		elect_suit(&s->g->deck, row, n, v->tie, v->nties, &e);
		room(s)->elected[s->phase] = (int8_t)e.suit;
	}
}

static phase_step apply(state *s, const phase *p, const action *a)
{
	s->event = EV_ACTION;
	if (!phase_secret_add(s, a->card[0]))
		return PHASE_GOES_ON;
	reveal(s, p);
	s->event = EV_REVEALED;
	return PHASE_ENDS;
}

static action_prompt prompt(const state *s, const phase *p)
{
	(void)p;
	action_prompt due = {"vote", s->pass_need[s->current] -
				     s->pass_chosen[s->current]};
	return due;
}

static bool parse(const state *s, const phase *p, char *const *word,
		  int nword, action *out, int *n, char *err, size_t size)
{
	return phase_parse_cards(s, "vote", prompt(s, p).actions, cset_empty(),
				 word, nword, out, n, err, size);
}

static void why_illegal(const state *s, const phase *p, const action *a,
			char *buf, size_t size)
{
	(void)p;
	char name[8];
	deck_card_name(&s->g->deck, a->card[0], false, name);
	if (a->kind != ACT_CARD)
		snprintf(buf, size, "it is time to lay a card face down for the vote");
	else if (!cset_has(s->hand[s->current], a->card[0]))
		snprintf(buf, size, "you do not hold %s", name);
	else
		snprintf(buf, size, "%s is already chosen", name);
}

static void explain(FILE *out, const game *g, const phase *p)
{
	const vote_phase *v = &p->u.vote;
	const char *cards = v->cards.e ? expr_text(v->cards.e) : NULL;
	if (cards && strcmp(cards, "1") == 0)
		fputs("Every player secretly chooses one card from their hand "
		      "and lays it face down.", out);
	else if (cards)
		fprintf(out, "Every player secretly chooses %s cards from their "
			"hand and lays them face down.", cards);
	else
		fputs("Every player secretly chooses cards from their hand (how "
		      "many depends on the number of players, see above) and "
		      "lays them face down.", out);
	char buf[64];
	const char *from = v->from ? phase_seat_words(v->from, buf, sizeof buf)
				   : "the player on the dealer's left";
	int step = v->order ? v->order : g->direction;
	fprintf(out, " When all have chosen, the cards are turned up together, "
		"in this order: first the card(s) of %s, then those of the "
		"others going %s round the table",
		from, step > 0 ? "clockwise" : "counter-clockwise");
	if (v->with_place >= 0)
		fprintf(out, ", then the cards of `%s`",
			g->place[v->with_place].name);
	fputs(".", out);
	if (v->to_place >= 0)
		fprintf(out, " They all go to `%s`, face up, and take no further "
			"part in play.", g->place[v->to_place].name);
	if (v->elects) {
		fprintf(out, " The suit with the most of these cards is elected "
			"(`%s`).", v->elects);
		const char *word = "A tie goes";
		for (int t = 0; t < v->nties; t++) {
			if (v->tie[t] == ELECT_TIE_ORDER)
				break;
			fprintf(out, " %s to the tied suit whose highest card is "
				"higher, then the second highest, and so on.", word);
			word = "If their ranks are the same, it goes";
		}
		fprintf(out, " %s to the suit, among the tied, of the first card "
			"in the order above.", word);
	}
	fputc('\n', out);
}

/* The cards each hand lays. */
static const count_spec *hand_cards(const phase *p)
{
	return &p->u.vote.cards;
}

const phase_kind_def phase_vote = {
	.name = "vote",
	.build = build,
	.hand_cards = hand_cards,
	.setup = setup,
	.reset = reset,
	.enter = enter,
	.legal = phase_secret_legal,
	.legal_cards = phase_secret_legal_cards,
	.apply = apply,
	.hide = phase_secret_hide,     /* secret until all are turned up */
	.chosen = phase_secret_chosen,
	.prompt = prompt,
	.words = phase_cards_words,
	.parse = parse,
	.why_illegal = why_illegal,
	.explain = explain,
};
