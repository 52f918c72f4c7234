/*
 * choose.c — a round of named choices: each seat in turn picks one word.
 *
 * Declarations (Grand Hand or not), Kontra, picking up or pushing the skat
 * and the moon's "add to the others or take off my own" are all the same
 * round: the seats for whom `who` holds choose, in the direction of play
 * from `from`; a choice may raise counters, make its chooser the
 * declarer, or end the round at once.  A choice may also take a place's
 * cards into the hand (the skat, an up-card): the chooser then lays as
 * many back, face down (even in a face-up place) unless `lay: up`, before
 * the next seat chooses, and alone knows them.  Choices are made aloud;
 * only the cards laid back are hidden.
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "engine/counters.h"
#include "engine/engine.h"
#include "engine/phase.h"
#include "engine/wording.h"
#include "engine/place.h"

/* The round's own state for the deal. */
struct choose_room {
	int8_t chose[SEAT_MAX];         /* each seat's last choice; -1 */
	int8_t first;                   /* the round in progress: its first
					   seat */
	int8_t pos;                     /* and the chooser's position in it */
	int8_t laying;                  /* the choice whose cards are being
					   laid back (pass_need, passing); -1 */
};

_Static_assert(sizeof(struct choose_room) <= PHASE_ROOM_SIZE,
	       "the round's room fits in its slot");

static struct choose_room *room(state *s)
{
	return phase_room(s, PHASE_CHOOSE);
}

static const struct choose_room *room_of(const state *s)
{
	return phase_room_of(s, PHASE_CHOOSE);
}

static void reset(state *s)
{
	struct choose_room *r = room(s);
	memset(r, 0, sizeof *r);
	memset(r->chose, -1, sizeof r->chose);
	r->laying = -1;
}

int state_laying(const state *s)
{
	return room_of(s)->laying;
}

int state_choice(const state *s, int seat)
{
	return room_of(s)->chose[seat];
}

/* ======================================================================
 * Compiling
 * ====================================================================== */

static void build_choice(builder *b, const node *k, const node *v,
			 choice_def *c)
{
	c->name = build_text(b, k);
	c->take = -1;
	const node *take = node_get(v, "take");
	if (take)
		c->take = build_place_index(b, take);
	const node *keep = node_get(v, "keep");
	c->keep = build_expr(b, b->g->scope, keep, TY_CARDS);
	c->why = build_text(b, node_get(v, "why"));
	c->says = build_text(b, node_get(v, "says"));
	if (keep && !take)
		build_fail(b, keep, "'keep' names the cards that may not be laid "
			   "back after 'take': give 'take' too");
	const node *lay = node_get(v, "lay");
	c->lay_up = lay && strcmp(lay->text, "up") == 0;
	if (lay && !take)
		build_fail(b, lay, "'lay' says how the cards laid back after "
			   "'take' lie: give 'take' too");
	else if (c->lay_up && c->take >= 0 && !b->g->place[c->take].face_up)
		build_fail(b, lay, "the place '%s' is face down: nobody sees "
			   "the cards laid there", take->text);
	const node *declare = node_get(v, "declare");
	const node *ends = node_get(v, "ends");
	c->declare = declare && strcmp(declare->text, "true") == 0;
	c->ends = ends && strcmp(ends->text, "true") == 0;
	c->when = build_expr(b, b->g->scope, node_get(v, "when"), TY_BOOL);
	build_counter_adds(b, node_get(v, "add"), &c->adds);
	build_card_show(b, node_get(v, "shows"), &c->shows);
}

static void build(builder *b, const node *n, phase *p)
{
	choose_phase *ch = &p->u.choose;
	const schema *sc = build_kind_schema("choose");
	ch->who = build_expr(b, b->g->scope, build_field(b, sc, n, "who"),
			     TY_BOOL);
	ch->from = build_table_expr(b, b->g->scope, build_field(b, sc, n, "from"),
				    TY_SEAT, "'choose.from'");
	ch->says = build_text(b, build_field(b, sc, n, "says"));
	ch->verb = build_text(b, build_field(b, sc, n, "verb"));
	ch->unseen = build_expr(b, b->g->scope,
				build_field(b, sc, n, "unseen"), TY_BOOL);
	const node *choices = build_field(b, sc, n, "choices");
	for (size_t i = 0; choices && i < choices->n; i++) {
		if (ch->nchoices == CHOICES_MAX) {
			build_fail(b, choices->pair[i].key, "at most %d choices "
				   "are supported", CHOICES_MAX);
			return;
		}
		build_choice(b, choices->pair[i].key, choices->pair[i].value,
			     &ch->choice[ch->nchoices++]);
	}
	if (choices && choices->n == 0)
		build_fail(b, choices, "a choose phase needs at least one choice");
}

/* ======================================================================
 * Playing
 * ====================================================================== */

/* Moves the turn to the next seat that chooses, from position pos in the
 * round; false when the round is over. */
static bool turn_from(state *s, const choose_phase *ch, int pos)
{
	pos = phase_round_turn(s, room_of(s)->first, ch->who, pos);
	room(s)->pos = (int8_t)pos;
	return pos >= 0;
}

/* The seats that choose before looking at their hands (`unseen`). */
static uint16_t unseen_seats(const state *s, const choose_phase *ch)
{
	uint16_t out = 0;
	for (int q = 0; ch->unseen && q < s->players; q++)
		if ((!ch->who || vars_eval(s, ch->who, q).i) &&
		    vars_eval(s, ch->unseen, q).i)
			out |= (uint16_t)(1u << q);
	return out;
}

static bool enter(state *s, const phase *p)
{
	room(s)->first = (int8_t)phase_round_first(s, p->u.choose.from);
	if (!turn_from(s, &p->u.choose, 0))
		return false;
	s->unseen = unseen_seats(s, &p->u.choose);
	return true;
}

/* The cards the chooser may still lay back: not yet chosen, and not among
 * those to keep unless too few others are left. */
static cardset layable(const state *s, const phase *p)
{
	const choice_def *c = &p->u.choose.choice[room_of(s)->laying];
	int seat = s->current;
	cardset free = cset_minus(s->hand[seat], s->passing[seat]);
	if (!c->keep)
		return free;
	cardset others = cset_minus(free, vars_eval(s, c->keep, seat).s);
	int need = s->pass_need[seat] - s->pass_chosen[seat];
	return cset_count(others) >= need ? others : free;
}

/* The choice may be made by the seat to move now (its `when`). */
static bool open_now(const state *s, const choice_def *c)
{
	return !c->when || vars_eval(s, c->when, s->current).i;
}

static int legal(const state *s, const phase *p, action *out)
{
	if (room_of(s)->laying >= 0)
		return phase_cards_as_actions(layable(s, p), out);
	int n = 0;
	for (int i = 0; i < p->u.choose.nchoices; i++)
		if (open_now(s, &p->u.choose.choice[i]))
			out[n++] = action_of(ACT_CHOICE, i);
	return n;
}

/* The place's cards into the chooser's hand: as many are to be laid back
 * (false when there were none).  A view takes only the cards it knows
 * (a bot weighing the choice on its view: the others stay unknown). */
static bool take(state *s, int place)
{
	const place_def *pl = &s->g->place[place];
	int seat = s->current, n = 0, layer = s->place_known[place];
	cardset got = cset_empty(), seen = cset_minus(s->seen, s->down);
	if (pl->face_up)
		seen = cset_or(seen, cset_minus(place_cards(s, place), s->down));
	for (int k = 0; k < pl->npiles; k++) {
		card_id row[CARD_MAX];
		memset(row, CARD_NONE, sizeof row);
		int m = pile_in_order(s, pl->first_pile + k, row);
		for (int i = 0; i < m; i++) {
			if (row[i] == CARD_NONE)
				continue;
			pile_remove(s, row[i]);
			cset_del(&s->down, row[i]);
			cset_add(&s->hand[seat], row[i]);
			cset_add(&got, row[i]);
			/* whoever laid them there knows where they went */
			if (layer >= 0 && layer != seat)
				s->passed_by[row[i]] = (uint8_t)(layer + 1);
		}
		n += m;
	}
	phase_hand_gets(s, seat, got, seen);
	if (layer >= 0 && layer != seat)
		s->pinned[layer] = cset_empty();        /* they may be here now */
	s->pass_need[seat] = (uint8_t)n;
	s->pass_chosen[seat] = 0;
	s->passing[seat] = cset_empty();
	return n > 0;
}

/* The round goes on after the chooser's turn (and their cards laid). */
static phase_step next_turn(state *s, const choice_def *c)
{
	if (c->ends || !turn_from(s, &s->g->phase[s->phase].u.choose,
				  room_of(s)->pos + 1)) {
		s->unseen = 0;          /* the round over, everyone looks */
		return PHASE_ENDS;
	}
	return PHASE_GOES_ON;
}

/* One card laid back; all laid, they go to the place in deck order,
 * face down unless the choice says `lay: up`: a face-up place (an
 * up-card) marks them down (state.down), so that only the chooser knows
 * them. */
static phase_step lay(state *s, const phase *p, card_id card)
{
	const choice_def *c = &p->u.choose.choice[room_of(s)->laying];
	int seat = s->current;
	cset_add(&s->passing[seat], card);
	s->event = EV_ACTION;
	if (++s->pass_chosen[seat] < s->pass_need[seat])
		return PHASE_GOES_ON;
	const place_def *pl = &s->g->place[c->take];
	int k = 0;
	CSET_FOREACH(x, s->passing[seat]) {
		cset_del(&s->hand[seat], x);
		s->passed_by[x] = 0;    /* its passer can no longer tell */
		pile_push(s, pl->first_pile + k++ % pl->npiles, x);
		if (pl->face_up && !c->lay_up)
			cset_add(&s->down, x);
	}
	if (c->lay_up)
		s->shown[seat] = cset_minus(s->shown[seat], s->passing[seat]);
	else
		phase_hand_hides(s, seat, s->passing[seat], true);
	s->passing[seat] = cset_empty();
	s->place_known[c->take] = (int8_t)seat;
	room(s)->laying = -1;
	return next_turn(s, c);
}

static phase_step apply(state *s, const phase *p, const action *a)
{
	if (room_of(s)->laying >= 0)
		return lay(s, p, a->card[0]);
	const choose_phase *ch = &p->u.choose;
	const choice_def *c = &ch->choice[a->number];
	int seat = s->current;
	s->unseen &= (uint16_t)~(1u << seat);   /* chosen: now it looks */
	phase_show(s, seat, &c->shows);
	counters_add(s, &c->adds, seat);
	if (c->declare)
		phase_declare(s, seat);
	room(s)->chose[seat] = (int8_t)a->number;
	s->event = EV_ACTION;
	if (c->take >= 0 && take(s, c->take)) {
		room(s)->laying = (int8_t)a->number;
		return PHASE_GOES_ON;
	}
	return next_turn(s, c);
}

static action_prompt prompt(const state *s, const phase *p)
{
	(void)p;
	if (room_of(s)->laying >= 0)
		return phase_secret_prompt(s, "lay");
	action_prompt due = {"choose", 1};
	return due;
}

static void words(const state *s, const phase *p, const action *a, int n,
		  char *buf, size_t size)
{
	if (n > 0 && a->kind == ACT_CARD) {
		phase_cards_words(s, p, a, n, buf, size);
		return;
	}
	buf[0] = '\0';
	if (n > 0 && a->kind == ACT_CHOICE && a->number >= 0 &&
	    a->number < p->u.choose.nchoices)
		snprintf(buf, size, "%s", p->u.choose.choice[a->number].name);
}

static void list_choices(const choose_phase *ch, char *buf, size_t size)
{
	size_t used = 0;
	buf[0] = '\0';
	for (int i = 0; i < ch->nchoices && used < size; i++)
		used += (size_t)snprintf(buf + used, size - used, "%s%s",
					 i ? ", " : "", ch->choice[i].name);
}

static bool parse(const state *s, const phase *p, char *const *word,
		  int nword, action *out, int *n, char *err, size_t size)
{
	if (room_of(s)->laying >= 0)
		return phase_secret_parse(s, "lay", layable(s, p), word, nword,
					  out, n, err, size);
	const choose_phase *ch = &p->u.choose;
	char names[300];
	list_choices(ch, names, sizeof names);
	if (nword != 1) {
		snprintf(err, size, "choose one of: %s", names);
		return false;
	}
	for (int i = 0; i < ch->nchoices; i++)
		if (strcasecmp(word[0], ch->choice[i].name) == 0) {
			out[0] = action_of(ACT_CHOICE, i);
			*n = 1;
			return true;
		}
	snprintf(err, size, "'%s' is not a choice here; choose one of: %s",
		 word[0], names);
	return false;
}

static void why_illegal(const state *s, const phase *p, const action *a,
			char *buf, size_t size)
{
	if (room_of(s)->laying >= 0) {
		const choice_def *c = &p->u.choose.choice[room_of(s)->laying];
		char name[8];
		deck_card_name(&s->g->deck, a->card[0], false, name);
		if (a->kind != ACT_CARD)
			snprintf(buf, size, "lay %d card%s back first, as in: lay %s",
				 prompt(s, p).actions,
				 tale_plural(prompt(s, p).actions), name);
		else if (!phase_secret_why_illegal(s, a, NULL, buf, size) && c->why)
			snprintf(buf, size, "%s may not be laid back: %s", name,
				 c->why);
		else if (!phase_secret_why_illegal(s, a, NULL, buf, size))
			snprintf(buf, size, "%s may not be laid back into the %s "
				 "while other cards can be (%s)", name,
				 s->g->place[c->take].name,
				 c->keep ? expr_text(c->keep) : "");
		return;
	}
	if (a->kind == ACT_CHOICE && a->number >= 0 &&
	    a->number < p->u.choose.nchoices &&
	    !open_now(s, &p->u.choose.choice[a->number])) {
		const choice_def *c = &p->u.choose.choice[a->number];
		char cond[300];
		snprintf(buf, size, "'%s' may not be chosen now (only when %s)",
			 c->name, formula_condition_said(c->when, cond, sizeof cond));
		return;
	}
	char names[300];
	list_choices(&p->u.choose, names, sizeof names);
	snprintf(buf, size, "choose one of: %s", names);
}

static void explain(FILE *out, const game *g, const phase *p)
{
	(void)g;
	const choose_phase *ch = &p->u.choose;
	char who[160];
	if (ch->says)
		fprintf(out, "%c%s%s ", toupper((unsigned char)ch->says[0]),
			ch->says + 1, strchr(".?!:", ch->says[strlen(ch->says) - 1])
			? "" : ".");
	char players[200];
	bool one = false;
	if (!ch->who)
		fputs("A round of choices: each player", out);
	else if (formula_players_words(ch->who, &one, players, sizeof players))
		fprintf(out, "A round of choices: %s", players);
	else
		fprintf(out, "A round of choices: each player for whom `%s` holds",
			expr_text(ch->who));
	if (!one)
		fprintf(out, ", in turn from %s,",
			phase_first_seat_words(g, ch->from, who, sizeof who));
	if (ch->unseen && strcmp(expr_text(ch->unseen), "true") == 0)
		fputs(" before looking at their cards, hidden from them until "
		      "they have chosen,", out);
	else if (ch->unseen)
		fprintf(out, " before looking at their cards when `%s` (hidden "
			"from them until they have chosen),",
			expr_text(ch->unseen));
	fputs(" chooses one of:\n", out);
	for (int i = 0; i < ch->nchoices; i++) {
		const choice_def *c = &ch->choice[i];
		fprintf(out, "  - %s", c->name);
		char cond[300];
		if (c->when)
			fprintf(out, " (only when %s)",
				formula_condition_said(c->when, cond, sizeof cond));
		if (c->says)
			fprintf(out, " (%s)", c->says);
		const char *sep = ": ";
		if (c->declare) {
			fprintf(out, "%sthe chooser becomes the declarer", sep);
			sep = "; ";
		}
		for (int k = 0; k < c->adds.n; k++) {
			char words[300];
			fprintf(out, "%sadds %s to %s", sep,
				formula_number_said(c->adds.add[k], words,
						    sizeof words),
				g->counter_name[c->adds.counter[k]]);
			sep = "; ";
		}
		if (c->take >= 0) {
			fprintf(out, "%stakes the %s into the hand and lays as many "
				"cards back, %s", sep, g->place[c->take].name,
				c->lay_up ? "face up" : "face down (only the chooser "
				"sees them)");
			if (c->keep)
				fprintf(out, ", but not `%s`%s%s", expr_text(c->keep),
					c->why ? " — " : "", c->why ? c->why : "");
			sep = "; ";
		}
		if (c->shows.cards) {
			char shown[300];
			fprintf(out, "%sthe chooser shows %s, from the hand", sep,
				phase_shown_words(&c->shows, shown, sizeof shown));
			sep = "; ";
		}
		if (c->ends)
			fprintf(out, "%sends the round", sep);
		fputc('\n', out);
	}
}

/* ======================================================================
 * Words at the table
 * ====================================================================== */

/* What a person who took a place's cards (the skat) found there, and
 * how to lay cards back. */
static void tell_taken(const state *before, const state *after, int seat,
		       tale *t)
{
	const choice_def *c = &after->g->phase[after->phase].u.choose
		.choice[room_of(after)->laying];
	char example[64] = "";
	action list[ACTIONS_MAX];
	int n = legal(after, &after->g->phase[after->phase], list);
	int need = after->pass_need[seat];
	for (int i = 0; i < n && i < need; i++) {
		char name[8];
		deck_card_name(&after->g->deck, list[i].card[0], false, name);
		snprintf(example + strlen(example), sizeof example - strlen(example),
			 "%s%s", i ? " " : "", name);
	}
	tale_printf(t, "  In the %s: ", after->g->place[c->take].name);
	tale_cards(t, cset_minus(after->hand[seat], before->hand[seat]));
	tale_printf(t, ". Lay %d card%s back, as in: lay %s\n", need,
		    tale_plural(need), example);
}

/* A verb said of another ("declares") as said to the player ("declare"):
 * "carries" is "carry", "pushes" "push", "goes" "go", "calls" "call". */
static const char *verb_of_you(const char *verb, char *buf, size_t size)
{
	size_t n = strlen(verb);
	snprintf(buf, size, "%s", verb);
	if (n >= size || n < 2 || verb[n - 1] != 's')
		return buf;
	if (n > 3 && strcmp(verb + n - 3, "ies") == 0)
		strcpy(buf + n - 3, "y");
	else if (n > 4 && (strcmp(verb + n - 4, "shes") == 0 ||
			   strcmp(verb + n - 4, "ches") == 0 ||
			   strcmp(verb + n - 4, "sses") == 0))
		buf[n - 2] = '\0';
	else if (n > 3 && (strcmp(verb + n - 3, "xes") == 0 ||
			   strcmp(verb + n - 3, "oes") == 0))
		buf[n - 2] = '\0';
	else
		buf[n - 1] = '\0';
	return buf;
}

static void narrate(const state *before, const state *after, const phase *p,
		    int seat, const action *a, int n, const audience *who,
		    tale *out, tale *news)
{
	(void)news;
	tale_printf(out, "  ");
	tale_seat_as(out, seat, TALE_OPENS);
	if (room_of(before)->laying >= 0) {
		const choice_def *c = &p->u.choose.choice[room_of(before)->laying];
		tale_printf(out, " %s %d card%s back, face %s.\n",
			    audience_verb(who, seat, "lay", "lays"),
			    before->pass_need[seat],
			    tale_plural(before->pass_need[seat]),
			    c->lay_up ? "up" : "down");
	} else if (n > 0 && a->kind == ACT_CHOICE && a->number >= 0 &&
		   a->number < p->u.choose.nchoices &&
		   (p->u.choose.choice[a->number].says || p->u.choose.verb)) {
		/* "Seat 2 declares grand: only the jacks are trumps." */
		const choice_def *c = &p->u.choose.choice[a->number];
		const char *verb = p->u.choose.verb ? p->u.choose.verb
				   : "chooses";
		char mine[64];
		size_t len = c->says ? strlen(c->says) : 0;
		tale_printf(out, " %s %s%s%s%s\n", audience_verb(who, seat,
			    verb_of_you(verb, mine, sizeof mine), verb), c->name,
			    c->says ? ": " : "", c->says ? c->says : "",
			    len && strchr(".?!", c->says[len - 1]) ? "" : ".");
	} else {
		char buf[200];
		buf[0] = '\0';
		words(before, p, a, n, buf, sizeof buf);
		tale_printf(out, ": %s\n", buf);
	}
	if (room_of(after)->laying >= 0 && room_of(before)->laying < 0 &&
	    audience_is_human(who, seat))
		tell_taken(before, after, seat, out);
}

/* What a choice does, from its effects: "you become the declarer; the
 * round ends". */
static void tell_effects(const game *g, const choice_def *c, tale *out)
{
	const char *sep = "";
	if (c->declare) {
		tale_printf(out, "you become the declarer");
		sep = "; ";
	}
	for (int k = 0; k < c->adds.n; k++) {
		char words[300];
		tale_printf(out, "%sadds %s to %s", sep,
			    formula_number_said(c->adds.add[k], words,
						sizeof words),
			    g->counter_name[c->adds.counter[k]]);
		sep = "; ";
	}
	if (c->take >= 0) {
		tale_printf(out, "%syou take the %s and lay as many cards back",
			    sep, g->place[c->take].name);
		sep = "; ";
	}
	if (c->shows.cards) {
		char shown[300];
		tale_printf(out, "%syou show %s, from your hand", sep,
			    phase_shown_words(&c->shows, shown, sizeof shown));
		sep = "; ";
	}
	if (c->ends) {
		tale_printf(out, "%sthe round ends", sep);
		sep = "; ";
	}
	if (!*sep)
		tale_printf(out, "nothing more");
}

/* The round's question and each choice with what it does; all choices
 * are always open, so the list is the prompt. */
static bool context(const state *s, const phase *p, const audience *who,
		    tale *out)
{
	(void)who;
	if (room_of(s)->laying >= 0)
		return false;
	const choose_phase *ch = &p->u.choose;
	int width = 0;
	for (int i = 0; i < ch->nchoices; i++)
		if ((int)strlen(ch->choice[i].name) > width)
			width = (int)strlen(ch->choice[i].name);
	tale_printf(out, "  ");
	tale_sentence(out, ch->says ? ch->says : "choose one of these:");
	tale_printf(out, "\n");
	for (int i = 0; i < ch->nchoices; i++) {
		const choice_def *c = &ch->choice[i];
		tale_printf(out, "    %-*s  ", width, c->name);
		if (c->says)
			tale_printf(out, "%s", c->says);
		else
			tell_effects(s->g, c, out);
		tale_printf(out, "\n");
	}
	return true;
}

/* A choice that raises a counter, declares or takes cards commits its
 * chooser; a card laid back after taking is given away (it contests
 * nothing). */
static move_hint hint(const state *s, const phase *p, const action *a)
{
	move_hint h = {0, false, false, false};
	if (a->kind == ACT_CARD && room_of(s)->laying >= 0)
		h.gives_away = true;
	else if (a->kind == ACT_CHOICE && a->number < p->u.choose.nchoices) {
		const choice_def *c = &p->u.choose.choice[a->number];
		h.commits = c->adds.n != 0 || c->declare || c->take >= 0;
	}
	return h;
}

static void help(const game *g, const phase *p, tale *out)
{
	(void)g;
	for (int i = 0; i < p->u.choose.nchoices; i++)
		if (p->u.choose.choice[i].take >= 0) {
			tale_printf(out, "    lay 7C 8D   lay cards back after "
				    "taking the skat\n");
			break;
		}
	tale_printf(out, "    choose X    one of a round's named choices "
		    "(or just: X)\n");
}

/* Only the chooser's cards being laid back are chosen in secret. */
static int chosen(const state *s, int seat)
{
	return room_of(s)->laying >= 0 && seat == s->current
		? s->pass_chosen[seat] : 0;
}

const phase_kind_def phase_choose = {
	.name = "choose",
	.build = build,
	.reset = reset,
	.enter = enter,
	.legal = legal,
	.apply = apply,
	.hide = phase_secret_hide,     /* the cards being laid back */
	.chosen = chosen,
	.prompt = prompt,
	.words = words,
	.parse = parse,
	.why_illegal = why_illegal,
	.explain = explain,
	.narrate = narrate,
	.context = context,
	.help = help,
	.hint = hint,
};
