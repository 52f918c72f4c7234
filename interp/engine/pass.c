/* pass.c — the pass phase: everyone chooses cards, then all are given. */
#include <stdio.h>
#include <string.h>

#include "engine/engine.h"
#include "engine/phase.h"

/* The pass's own state for the deal. */
struct pass_room {
	int8_t to;                      /* seat offset of the current pass */
};

_Static_assert(sizeof(struct pass_room) <= PHASE_ROOM_SIZE,
	       "the pass's room fits in its slot");

static struct pass_room *room(state *s)
{
	return phase_room(s, PHASE_PASS);
}

static const struct pass_room *room_of(const state *s)
{
	return phase_room_of(s, PHASE_PASS);
}

static void reset(state *s)
{
	memset(room(s), 0, sizeof(struct pass_room));
}

int state_pass_offset(const state *s)
{
	return room_of(s)->to;
}

static void build(builder *b, const node *n, phase *p)
{
	const schema *sc = build_kind_schema("pass");
	const node *cards = build_field(b, sc, n, "cards");
	if (cards)
		build_count(b, cards, &p->u.pass.cards, "'pass.cards'");
	p->u.pass.to = build_table_expr(b, b->g->scope,
					build_field(b, sc, n, "to"), TY_INT,
					"'pass.to'");
}

static bool setup(state *s, const phase *p, int index, char *why,
		  size_t size)
{
	int n = vars_count(s, &p->u.pass.cards);
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
	int to = (int)vars_eval(s, p->u.pass.to, -1).i;
	if (s->phase_count[s->phase] == 0 || to % s->players == 0)
		return false;
	room(s)->to = (int8_t)(to % s->players);
	for (int q = 0; q < s->players; q++)
		s->gave[q] = cset_empty();
	phase_secret_start(s, s->phase_count[s->phase]);
	return true;
}

/* All passes happen at once, so nobody passes on what they receive. */
static void give_all(state *s)
{
	int to = room_of(s)->to;
	for (int q = 0; q < s->players; q++) {
		s->hand[q] = cset_minus(s->hand[q], s->passing[q]);
		phase_hand_hides(s, q, s->passing[q], false);
	}
	for (int q = 0; q < s->players; q++) {
		int seat = state_seat_plus(s, q, to);
		cardset given = s->passing[q];
		s->hand[seat] = cset_or(s->hand[seat], given);
		phase_hand_gets(s, seat, given, cset_empty());
		s->gave[q] = given;
		for (int i = 0; i < CSET_WORDS; i++)
			for (uint64_t w = given.w[i]; w; w &= w - 1)
				s->passed_by[i * 64 + __builtin_ctzll(w)] =
					(uint8_t)(q + 1);
		s->passing[q] = cset_empty();
	}
}

static phase_step apply(state *s, const phase *p, const action *a)
{
	(void)p;
	s->event = EV_ACTION;
	if (!phase_secret_add(s, a->card[0]))
		return PHASE_GOES_ON;
	give_all(s);
	s->event = EV_PASSED;
	return PHASE_ENDS;
}

/* Random cards until every seat has chosen, each drawn as
 * state_apply_random() draws it, without a step of the engine per card:
 * the playouts' fast path.  A seat's cards are drawn in one go, as
 * phase_secret_add() keeps the turn until they are all in. */
static phase_step playout(state *s, const phase *p, const seat_rngs *r)
{
	(void)p;
	int seat = s->current;
	for (;;) {
		rng *g = r->seat[seat];
		cardset left = cset_minus(s->hand[seat], s->passing[seat]);
		do {
			card_id c = phase_random_card(left, g);
			if (c == CARD_NONE)
				return PHASE_STUCK;
			cset_del(&left, c);
			cset_add(&s->passing[seat], c);
		} while (++s->pass_chosen[seat] < s->pass_need[seat]);
		seat = phase_secret_next(s, seat);
		if (seat < 0)
			break;
		s->current = (int8_t)seat;
	}
	give_all(s);
	s->event = EV_PASSED;
	return PHASE_ENDS;
}

static action_prompt prompt(const state *s, const phase *p)
{
	(void)p;
	return phase_secret_prompt(s, "pass");
}

static bool parse(const state *s, const phase *p, char *const *word,
		  int nword, action *out, int *n, char *err, size_t size)
{
	(void)p;
	return phase_secret_parse(s, "pass", cset_empty(), word, nword, out, n,
				  err, size);
}

static void why_illegal(const state *s, const phase *p, const action *a,
			char *buf, size_t size)
{
	(void)p;
	if (!phase_secret_why_illegal(s, a, "pass cards", buf, size))
		snprintf(buf, size, "it is time to pass cards");
}

static void explain(FILE *out, const game *g, const phase *p)
{
	(void)g;
	const pass_phase *ps = &p->u.pass;
	static const struct {
		const char *text, *words;
	} to[] = {
		{"left", "to the player on their left"},
		{"right", "to the player on their right"},
		{"across", "to the player across the table"},
	};
	char cards[80];
	if (ps->cards.e)
		fprintf(out, "Every player chooses %s from their hand and passes "
			"%s", phase_count_words(ps->cards.e, "card", cards,
						sizeof cards),
			strcmp(expr_text(ps->cards.e), "1") == 0 ? "it" : "them");
	else
		fputs("Every player chooses cards from their hand (how many "
		      "depends on the number of players, see above) and passes "
		      "them", out);
	const char *t = expr_text(ps->to);
	const char *words = NULL;
	for (size_t i = 0; i < sizeof to / sizeof *to; i++)
		if (strcmp(t, to[i].text) == 0)
			words = to[i].words;
	const char *rotation = "choose((deal - 1) % ";
	const char *args = strncmp(t, rotation, strlen(rotation)) == 0
		? strchr(t + strlen(rotation), ',') : NULL;
	if (words)
		fprintf(out, " %s.", words);
	else if (args && t[strlen(t) - 1] == ')')
		fprintf(out, ", deal after deal in turn, to the seat that many "
			"places along: %.*s; then the same again (`%s`; left is "
			"the player on the left, keep means no pass).",
			(int)(strlen(args + 2) - 1), args + 2, t);
	else
		fprintf(out, " to the seat so many places along the table: `%s` "
			"(left is 1, right -1, across half the table; keep, 0, "
			"means no pass).", t);
	fputs(" Everyone chooses before any card is given, so nobody passes on "
	      "what they receive.\n", out);
}

/* A bot's choice is told, a person's not; once all have chosen, each
 * seat alone learns what it gave and got. */
static void narrate(const state *before, const state *after, const phase *p,
		    int seat, const action *a, int n, const audience *who,
		    tale *out, tale *news)
{
	(void)p;
	if (!audience_is_human(who, seat)) {
		tale_printf(out, "  ");
		tale_seat_as(out, seat, TALE_OPENS);
		tale_printf(out, " has chosen the cards to pass.\n");
	}
	if (before->phase == after->phase && before->deal_no == after->deal_no)
		return;
	for (int q = 0; q < before->players; q++) {
		cardset given = before->passing[q];
		for (int i = 0; seat == q && i < n; i++)
			cset_add(&given, a[i].card[0]);
		tale_printf(&news[q], "  You passed ");
		tale_cards(&news[q], given);
		tale_printf(&news[q], " to ");
		tale_seat(&news[q], state_seat_plus(before, q, room_of(before)->to));
		tale_printf(&news[q], " and received ");
		tale_cards(&news[q], cset_minus(after->hand[q], before->hand[q]));
		tale_printf(&news[q], " from ");
		tale_seat(&news[q], state_seat_plus(before, q, -room_of(before)->to));
		tale_printf(&news[q], ".\n");
	}
}

/* Whom the cards go to; the prompt needs no more. */
static bool context(const state *s, const phase *p, const audience *who,
		    tale *out)
{
	(void)who;
	int to = state_seat_plus(s, s->current, room_of(s)->to);
	int cards = prompt(s, p).actions;
	tale_printf(out, "  Choose %d card%s to pass to ", cards,
		    cards == 1 ? "" : "s");
	tale_seat(out, to);
	tale_where(out, to);
	tale_printf(out, ".\n");
	return true;
}

/* Cards passed are given away. */
static move_hint hint(const state *s, const phase *p, const action *a)
{
	(void)s, (void)p, (void)a;
	move_hint h = {0, false, true, false};
	return h;
}

static void help(const game *g, const phase *p, tale *out)
{
	(void)g, (void)p;
	tale_printf(out, "    pass 3C QS  choose the cards to pass\n");
}

/* The cards each hand passes. */
static const count_spec *hand_cards(const phase *p)
{
	return &p->u.pass.cards;
}

const phase_kind_def phase_pass = {
	.name = "pass",
	.build = build,
	.hand_cards = hand_cards,
	.setup = setup,
	.reset = reset,
	.enter = enter,
	.legal = phase_secret_legal,
	.legal_cards = phase_secret_legal_cards,
	.apply = apply,
	.playout = playout,
	.hide = phase_secret_hide,     /* secret until the cards are given */
	.chosen = phase_secret_chosen,
	.prompt = prompt,
	.words = phase_cards_words,
	.parse = parse,
	.why_illegal = why_illegal,
	.explain = explain,
	.narrate = narrate,
	.context = context,
	.help = help,
	.hint = hint,
};
