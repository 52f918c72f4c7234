/* serve_view.c — a seat's view and the legal actions, as JSON. */
#include "front/serve_view.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "front/command.h"

void serve_render(render *r, const game *g)
{
	r->d = &g->deck;
	r->glyphs = false;
	r->color = false;
}

/* ---- the table's words ---- */

static const char *seat_words(const void *ctx, int seat, seat_word word,
			      char *buf, size_t size)
{
	int me = *(const int *)ctx;
	if (word == SEAT_WORD_WHERE)
		buf[0] = '\0';          /* the seat's number says it */
	else if (seat == me)
		snprintf(buf, size, word == SEAT_WORD_WHOSE ? "your" : "you");
	else
		snprintf(buf, size, word == SEAT_WORD_WHOSE ? "seat %d's"
			 : "seat %d", seat);
	return buf;
}

/* Drops each line's indentation and the last newline: the text loop
 * indents its lines under the table, a message needs none. */
static void unindent(char *text)
{
	char *out = text;
	bool line_start = true;
	for (const char *p = text; *p; p++) {
		if (line_start && *p == ' ')
			continue;
		line_start = *p == '\n';
		*out++ = *p;
	}
	while (out > text && out[-1] == '\n')
		out--;
	*out = '\0';
}

char *serve_tale_text(const render *r, const char *marked, int me)
{
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);
	if (!f)
		return NULL;
	render_tale(f, r, marked, seat_words, &me);
	if (fclose(f) != 0) {
		free(text);
		return NULL;
	}
	unindent(text);
	return text;
}

/* "key": the tale's text, when it says anything. */
static void write_tale(json *j, const render *r, const char *key,
		       const tale *t, int me)
{
	char *text = serve_tale_text(r, t->text, me);
	if (text && *text) {
		json_key(j, key);
		json_string(j, text);
	}
	free(text);
}

/* ---- cards and actions ---- */

static void write_card(json *j, const deck *d, card_id c)
{
	char name[16];
	json_string(j, deck_card_name(d, c, true, name));
}

void serve_write_cards(json *j, const deck *d, cardset cards)
{
	json_array(j);
	CSET_FOREACH(c, cards)
		write_card(j, d, c);
	json_end_array(j);
}

static const char *const action_kinds[] = {
	[ACT_NONE] = "none", [ACT_CARD] = "card", [ACT_CARDS] = "cards",
	[ACT_BID] = "bid", [ACT_PASS] = "pass", [ACT_DOUBLE] = "double",
	[ACT_REDOUBLE] = "redouble", [ACT_CHOICE] = "choice",
	[ACT_MOVE] = "move", [ACT_MELDS] = "melds",
};

void serve_write_action_fields(json *j, const state *s, const action *a)
{
	const game *g = s->g;
	char words[600];
	command_format(s, a, 1, words, sizeof words);
	json_key(j, "words");
	json_string(j, words);
	json_key(j, "kind");
	json_string(j, a->kind < sizeof action_kinds / sizeof *action_kinds
		    ? action_kinds[a->kind] : "none");
	switch (a->kind) {
	case ACT_CARD:
	case ACT_CARDS:
	case ACT_MOVE:
		json_key(j, "cards");
		json_array(j);
		for (int i = 0; i < 2; i++)
			if (a->card[i] != CARD_NONE && a->card[i] < g->deck.ncards)
				write_card(j, &g->deck, a->card[i]);
		json_end_array(j);
		if (a->kind == ACT_CARDS) {
			json_key(j, "down");
			json_bool(j, a->flags & ACT_DOWN);
		}
		break;
	case ACT_BID:
		json_key(j, "number");
		json_int(j, a->number);
		if (a->denom != DENOM_NONE && a->denom < g->ndenoms) {
			json_key(j, "denom");
			json_string(j, g->denom_name[a->denom]);
		}
		break;
	case ACT_CHOICE:
	case ACT_MELDS:
		json_key(j, "number");
		json_int(j, a->number);
		break;
	default:
		break;
	}
}

void serve_write_legal(json *j, const state *s, const action *list, int n)
{
	json_array(j);
	for (int i = 0; i < n; i++) {
		json_object(j);
		json_key(j, "id");
		json_int(j, i);
		serve_write_action_fields(j, s, &list[i]);
		json_end_object(j);
	}
	json_end_array(j);
}

/* ---- the view ---- */

static void seat_ints(json *j, const char *key, const int64_t *v, int n)
{
	json_key(j, key);
	json_array(j);
	for (int p = 0; p < n; p++)
		json_int(j, v[p]);
	json_end_array(j);
}

/* Each hand: its size, and the cards the seat knows are there (all of
 * its own once it has looked at them). */
static void write_hands(json *j, const view *v)
{
	const state *s = &v->s;
	json_key(j, "hand");
	serve_write_cards(j, &s->g->deck, s->hand[v->seat]);
	json_key(j, "hands");
	json_array(j);
	for (int q = 0; q < s->players; q++) {
		json_object(j);
		json_key(j, "seat");
		json_int(j, q);
		json_key(j, "size");
		json_int(j, cset_count(s->hand[q]) + v->hidden[q]);
		json_key(j, "known");
		serve_write_cards(j, &s->g->deck, s->hand[q]);
		json_key(j, "tricks");
		json_int(j, s->tricks_won[q]);
		json_end_object(j);
	}
	json_end_array(j);
}

/* Cards of a trick in play order, each with its seat. */
static void write_played(json *j, const state *s, const card_id *cards,
			 int n, int leader)
{
	json_key(j, "cards");
	json_array(j);
	for (int i = 0; i < n; i++) {
		json_object(j);
		json_key(j, "seat");
		json_int(j, state_next_seat(s, leader, i));
		json_key(j, "card");
		write_card(j, &s->g->deck, cards[i]);
		json_end_object(j);
	}
	json_end_array(j);
}

static void write_tricks(json *j, const state *s)
{
	if (s->nplayed > 0) {
		json_key(j, "trick");
		json_object(j);
		json_key(j, "leader");
		json_int(j, s->leader);
		write_played(j, s, s->table, s->nplayed, s->leader);
		json_end_object(j);
	}
	const trick_record *t = &s->last_trick;
	if (t->number > 0 && t->n > 0) {
		json_key(j, "last_trick");
		json_object(j);
		json_key(j, "number");
		json_int(j, t->number);
		json_key(j, "leader");
		json_int(j, t->leader);
		json_key(j, "winner");
		json_int(j, t->winner);
		write_played(j, s, t->card, t->n, t->leader);
		json_end_object(j);
	}
}

/* Each place's piles bottom to top: a card the seat cannot see is
 * null, where it lies; cards lying face down that the seat laid there
 * are listed under "down". */
static void write_places(json *j, const view *v)
{
	const state *s = &v->s;
	const game *g = s->g;
	if (g->nplaces == 0)
		return;
	static card_id pile[PILES_MAX][CARD_MAX];
	for (int p = 0; p < g->npiles; p++)
		for (int d = 0; d < CARD_MAX; d++)
			pile[p][d] = CARD_NONE;
	for (int c = 0; c < g->deck.ncards; c++)
		if (s->pile_of[c] > 0 && s->pile_of[c] <= g->npiles &&
		    s->depth[c] < CARD_MAX)
			pile[s->pile_of[c] - 1][s->depth[c]] = (card_id)c;
	json_key(j, "places");
	json_array(j);
	for (int k = 0; k < g->nplaces; k++) {
		const place_def *pl = &g->place[k];
		json_object(j);
		json_key(j, "name");
		json_string(j, pl->name);
		json_key(j, "face_up");
		json_bool(j, pl->face_up);
		json_key(j, "piles");
		json_array(j);
		cardset down = cset_empty();
		for (int p = pl->first_pile; p < pl->first_pile + pl->npiles; p++) {
			json_array(j);
			for (int d = 0; d < s->pile_size[p] && d < CARD_MAX; d++) {
				card_id c = pile[p][d];
				if (c == CARD_NONE) {
					json_null(j);
					continue;
				}
				write_card(j, &g->deck, c);
				if (cset_has(s->down, c) && !cset_has(s->seen, c))
					cset_add(&down, c);
			}
			json_end_array(j);
		}
		json_end_array(j);
		if (!cset_is_empty(down)) {
			json_key(j, "down");
			serve_write_cards(j, &g->deck, down);
		}
		json_end_object(j);
	}
	json_end_array(j);
}

/* A kept value or a counter: one number, or one a seat. */
static void write_number(json *j, const char *name, const int64_t *v,
			 bool per_seat, bool boolean, int players)
{
	json_key(j, name);
	if (per_seat) {
		json_array(j);
		for (int p = 0; p < players; p++)
			json_int(j, v[p]);
		json_end_array(j);
	} else if (boolean) {
		json_bool(j, v[0] != 0);
	} else {
		json_int(j, v[0]);
	}
}

static void write_scores(json *j, const view *v)
{
	const state *s = &v->s;
	const game *g = s->g;
	seat_ints(j, "totals", s->total, s->players);
	if (g->nkept) {
		json_key(j, "kept");
		json_object(j);
		for (int k = 0; k < g->nkept; k++)
			write_number(j, g->kept[k].name, s->kept[k],
				     g->kept[k].per_seat,
				     g->kept[k].type == TY_BOOL, s->players);
		json_end_object(j);
	}
	if (g->ncounters) {
		json_key(j, "counters");
		json_object(j);
		for (int k = 0; k < g->ncounters; k++)
			write_number(j, g->counter_name[k], s->counter[k],
				     g->counter_per_seat[k], false, s->players);
		json_end_object(j);
	}
	/* the running counts: the named values that read the cards won */
	static value slots[VARS_SLOTS_MAX];
	bool computed = false;
	for (int i = 0; i < g->nlets; i++) {
		const let_def *l = &g->let[i];
		if (!l->per_seat || !l->reads_won ||
		    expr_result_type(l->e) != TY_INT)
			continue;
		if (!computed) {
			state_score_values(s, slots);
			json_key(j, "running");
			json_object(j);
			computed = true;
		}
		json_key(j, l->name);
		json_array(j);
		for (int p = 0; p < s->players; p++)
			json_int(j, slots[l->slot + p].i);
		json_end_array(j);
	}
	if (computed)
		json_end_object(j);
}

/* The contract and the declarer, once there is one. */
static void write_contract(json *j, const state *s)
{
	const game *g = s->g;
	if (s->bid > 0) {
		json_key(j, "contract");
		json_object(j);
		json_key(j, "bid");
		json_int(j, s->bid);
		if (s->denom >= 0 && s->denom < g->ndenoms) {
			json_key(j, "denom");
			json_string(j, g->denom_name[s->denom]);
		}
		json_key(j, "doubled");
		json_bool(j, s->doubled);
		json_end_object(j);
	}
	if (s->declarer >= 0) {
		json_key(j, "declarer");
		json_int(j, s->declarer);
	}
	if (g->nteams) {
		json_key(j, "teams");
		json_array(j);
		for (int t = 0; t < g->nteams; t++) {
			json_array(j);
			for (int p = 0; p < s->players; p++)
				if (g->team_of[p] == t)
					json_int(j, p);
			json_end_array(j);
		}
		json_end_array(j);
	}
}

static void write_words(json *j, const render *r, const view *v)
{
	static tale t;
	audience who = {v->seat, false};
	json_key(j, "text");
	json_object(j);
	if (v->s.current >= 0) {
		state_table(&v->s, &who, &t);
		write_tale(j, r, "table", &t, v->seat);
	}
	if (v->s.current == v->seat) {
		state_context(&v->s, &who, &t);
		write_tale(j, r, "context", &t, v->seat);
	}
	state_decided(&v->s, &t);
	write_tale(j, r, "decided", &t, v->seat);
	json_end_object(j);
}

void serve_write_view(json *j, const render *r, const view *v)
{
	const state *s = &v->s;
	json_object(j);
	json_key(j, "seat");
	json_int(j, v->seat);
	json_key(j, "players");
	json_int(j, s->players);
	json_key(j, "deal");
	json_int(j, s->deal_no);
	if (s->deals) {
		json_key(j, "deals");
		json_int(j, s->deals);
	}
	json_key(j, "dealer");
	json_int(j, s->dealer);
	json_key(j, "to_move");
	if (s->current >= 0)
		json_int(j, s->current);
	else
		json_null(j);
	if (s->current >= 0) {
		json_key(j, "verb");
		json_string(j, command_verb(s));
	}
	write_hands(j, v);
	write_tricks(j, s);
	write_places(j, v);
	if (!cset_is_empty(s->leftover) || v->hidden_leftover) {
		json_key(j, "leftover");
		json_object(j);
		json_key(j, "up");
		serve_write_cards(j, &s->g->deck, s->leftover);
		json_key(j, "down");
		json_int(j, v->hidden_leftover);
		json_end_object(j);
	}
	write_scores(j, v);
	write_contract(j, s);
	write_words(j, r, v);
	json_end_object(j);
}
