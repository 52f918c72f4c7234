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
	v->says = build_text(b, build_field(b, sc, n, "says"));
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
	return phase_secret_prompt(s, "vote");
}

static bool parse(const state *s, const phase *p, char *const *word,
		  int nword, action *out, int *n, char *err, size_t size)
{
	(void)p;
	return phase_secret_parse(s, "vote", cset_empty(), word, nword, out, n,
				  err, size);
}

static void why_illegal(const state *s, const phase *p, const action *a,
			char *buf, size_t size)
{
	(void)p;
	if (!phase_secret_why_illegal(s, a, "lay a card face down for the vote", buf, size))
		snprintf(buf, size, "it is time to lay a card face down for the vote");
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
	char buf[200];
	const char *from = phase_first_seat_words(g, v->from, buf, sizeof buf);
	int step = v->order ? v->order : g->direction;
	fprintf(out, " When all have chosen, the cards are turned up together, "
		"in this order: first the %s of %s, then those of the "
		"others going %s round the table",
		cards && strcmp(cards, "1") == 0 ? "card" : "cards", from, step > 0 ? "clockwise" : "counter-clockwise");
	if (v->with_place >= 0)
		fprintf(out, ", then the cards of `%s`",
			g->place[v->with_place].name);
	fputs(".", out);
	if (v->to_place >= 0)
		fprintf(out, " They all go to `%s`, face up, and take no further "
			"part in play.", g->place[v->to_place].name);
	if (v->elects) {
		fprintf(out, " The suit with the most of these cards is elected "
			"(`%s`)%s%s.", v->elects, v->says ? ": " : "",
			v->says ? v->says : "");
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

/* ======================================================================
 * Words at the table
 * ====================================================================== */

/* "♣ and ♥", "♣, ❦ and ♠": the suits of a set of bits. */
static void tell_suit_set(tale *t, unsigned suits)
{
	int n = cset_word_count(suits), k = 0;
	for (int su = 0; su < SUIT_MAX; su++) {
		if (!(suits >> su & 1))
			continue;
		tale_printf(t, "%s", k == 0 ? "" : k == n - 1 ? " and " : ", ");
		tale_suit(t, su);
		k++;
	}
}

/* The ranks of suit su among row[0..n), highest first: "K J 5". */
static void tell_ranks(tale *t, const deck *d, const card_id *row, int n,
		       int su)
{
	bool first = true;
	for (int r = d->nranks - 1; r >= 0; r--)
		for (int i = 0; i < n; i++)
			if (d->suit_of[row[i]] == su && d->rank_of[row[i]] == r) {
				tale_printf(t, "%s%s", first ? "" : " ", d->rank[r]);
				first = false;
			}
}

/* Who laid which card, in the order they were turned up. */
static void tell_turned_up(const state *before, const vote_phase *v,
			   const card_id *row, int n, tale *t)
{
	tale_printf(t, "  The cards are turned up:");
	bool centre = false;
	for (int i = 0; i < n; i++) {
		int owner = -1;
		for (int q = 0; q < before->players; q++)
			if (cset_has(before->hand[q], row[i]))
				owner = q;
		if (owner < 0 && !centre && v->with_place >= 0)
			tale_printf(t, "; %s", before->g->place[v->with_place].name);
		if (owner < 0)
			centre = true;
		tale_printf(t, "%s", i == 0 ? " " : owner >= 0 ? ", " : " ");
		if (owner >= 0) {
			tale_seat(t, owner);
			tale_printf(t, " ");
		}
		tale_card(t, row[i]);
	}
	tale_printf(t, ".\n");
}

/* How a tie between suits was broken. */
static void tell_tie(const deck *d, const vote_phase *v, const election *e,
		     const card_id *row, int n, tale *t)
{
	if (e->how == ELECT_RANKS || (e->how == ELECT_ORDER &&
				       e->after_ranks != e->tied)) {
		tale_printf(t, "; their ranks, highest first:");
		for (int su = 0, k = 0; su < SUIT_MAX; su++)
			if (e->tied >> su & 1) {
				tale_printf(t, "%s ", k++ ? "," : "");
				tale_suit(t, su);
				tale_printf(t, " ");
				tell_ranks(t, d, row, n, su);
			}
		static const char *const nth[] = {"first", "second", "third",
			"fourth", "fifth", "sixth", "seventh"};
		tale_printf(t, "; ");
		if (e->how == ELECT_RANKS) {
			tale_suit(t, e->suit);
			if (e->rank_step < 7)
				tale_printf(t, " is higher at the %s card",
					    nth[e->rank_step]);
			else
				tale_printf(t, " is higher at card %d",
					    e->rank_step + 1);
		} else {
			tell_suit_set(t, e->after_ranks);
			tale_printf(t, " stay tied");
		}
	} else if (e->how == ELECT_ORDER && v->nties > 0 &&
		   v->tie[0] == ELECT_TIE_RANKS) {
		tale_printf(t, " with the same ranks (");
		tell_ranks(t, d, row, n, e->suit);
		tale_printf(t, ")");
	}
	if (e->how == ELECT_ORDER) {
		tale_printf(t, "; ");
		tale_card(t, row[e->first]);
		tale_printf(t, " comes first in the order turned up");
	}
}

/* The count per suit and how the election was decided. */
static void tell_election(const deck *d, const vote_phase *v,
			  const card_id *row, int n, tale *t)
{
	election e;
	elect_suit(d, row, n, v->tie, v->nties, &e);
	if (e.suit < 0) {
		tale_printf(t, "  No suit is elected: %s is none.\n", v->elects);
		return;
	}
	tale_printf(t, "  Cards per suit:");
	for (int most = n, k = 0; most > 0; most--)
		for (int su = 0; su < SUIT_MAX; su++)
			if (e.count[su] == most) {
				tale_printf(t, "%s ", k++ ? "," : "");
				tale_suit(t, su);
				tale_printf(t, " %d", most);
			}
	tale_printf(t, ".\n  ");
	if (e.how == ELECT_MOST) {
		tale_suit(t, e.suit);
		tale_printf(t, " has the most cards");
	} else {
		tell_suit_set(t, e.tied);
		tale_printf(t, " have %d cards each", e.count[e.suit]);
	}
	tell_tie(d, v, &e, row, n, t);
	tale_printf(t, ".\n");
}

static void decided(const state *s, const phase *p, int index, tale *out)
{
	const vote_phase *v = &p->u.vote;
	if (!v->elects || room_of(s)->elected[index] < 0)
		return;
	int suit = room_of(s)->elected[index];
	int partner = s->g->deck.partner[suit];
	tale_printf(out, "  %s: ", v->elects);
	tale_suit_named(out, suit);
	if (partner >= 0) {
		tale_printf(out, ", with its partner ");
		tale_suit_named(out, partner);
	}
	tale_printf(out, "\n");
}

/* The cards turned up, who laid which, and what they elected. */
static void tell_reveal(const state *before, const state *after,
			const vote_phase *v, tale *t)
{
	if (v->to_place < 0)
		return;
	int pile = after->g->place[v->to_place].first_pile;
	card_id all[CARD_MAX];
	int total = pile_in_order(after, pile, all);
	int n = total - before->pile_size[pile];
	const card_id *row = all + before->pile_size[pile];
	tell_turned_up(before, v, row, n, t);
	if (!v->elects)
		return;
	tell_election(&after->g->deck, v, row, n, t);
	if (room_of(after)->elected[before->phase] >= 0)
		for (int i = 0; i < after->g->nphases; i++)
			if (after->g->phase[i].kind == PHASE_VOTE)
				decided(after, &after->g->phase[i], i, t);
}

static void narrate(const state *before, const state *after, const phase *p,
		    int seat, const action *a, int n, const audience *who,
		    tale *out, tale *news)
{
	(void)news;
	if (audience_is_me(who, seat)) {
		cardset laid = cset_empty();
		for (int i = 0; i < n; i++)
			cset_add(&laid, a[i].card[0]);
		tale_printf(out, "  You lay ");
		tale_cards(out, laid);
		tale_printf(out, " face down.\n");
	} else {
		tale_printf(out, "  ");
		tale_seat_as(out, seat, TALE_OPENS);
		if (n == 1)
			tale_printf(out, " has laid a card face down.\n");
		else
			tale_printf(out, " has laid %d cards face down.\n", n);
	}
	if (after->event == EV_REVEALED)
		tell_reveal(before, after, &p->u.vote, out);
}

/* What the vote decides, before a player lays: the rule file's words,
 * or the election by its name. */
static bool context(const state *s, const phase *p, const audience *who,
		    tale *out)
{
	(void)who;
	const vote_phase *v = &p->u.vote;
	int cards = prompt(s, p).actions;
	tale_printf(out, "  The vote: lay %s face down", cards == 1 ? "a card"
		    : "your cards");
	if (v->says)
		tale_printf(out, "; %s.\n", v->says);
	else if (v->elects)
		tale_printf(out, "; the suit turned up most often is elected as "
			    "%s.\n", v->elects);
	else
		tale_printf(out, ".\n");
	return false;
}

static void help(const game *g, const phase *p, tale *out)
{
	(void)g, (void)p;
	tale_printf(out, "    vote 5C     lay a card face down for a vote\n");
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
	.narrate = narrate,
	.context = context,
	.decided = decided,
	.help = help,
};
