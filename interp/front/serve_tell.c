/* serve_tell.c — the events of the table, as each client may know them. */
#include "front/serve_tell.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "front/breakdown.h"
#include "front/command.h"
#include "front/report.h"
#include "front/serve_view.h"

static bool is_mine(const serve_audience *a, int seat)
{
	return seat >= 0 && seat < SEAT_MAX && (a->mine >> seat & 1);
}

/* The seat the table's words address as "you": the one that acted when
 * the client plays it, else the client's first seat; -1 for a client
 * that plays none. */
static int reader_for(const serve_audience *a, int seat)
{
	if (is_mine(a, seat))
		return seat;
	for (int p = 0; p < SEAT_MAX; p++)
		if (is_mine(a, p))
			return p;
	return -1;
}

static json *event(const serve_audience *a, const char *kind, int me)
{
	json *j = serve_notice(a->out, "event");
	json_key(j, "event");
	json_string(j, kind);
	if (me >= 0) {
		json_key(j, "for");
		json_int(j, me);
	}
	return j;
}

/* "text" and the "cards" a tale names. */
static void write_tale(const serve_audience *a, json *j, const tale *t,
		       int me, const deck *d)
{
	char *text = serve_tale_text(a->r, t->text, me);
	json_key(j, "text");
	json_string(j, text ? text : "");
	free(text);
	json_key(j, "cards");
	serve_write_cards(j, d, render_tale_cards(t->text));
}

/* Text printed by `print` for the reader at `me`, as "text". */
static void write_printed(json *j, const char *key, char *text, size_t len)
{
	while (len > 0 && text[len - 1] == '\n')
		text[--len] = '\0';
	json_key(j, key);
	json_string(j, text);
}

static const char *const effects[] = {
	[EV_NONE] = "none", [EV_DEALT] = "dealt", [EV_ACTION] = "action",
	[EV_PASSED] = "passed", [EV_TRICK] = "trick", [EV_SCORED] = "scored",
	[EV_REDEALT] = "redealt", [EV_REVEALED] = "revealed",
	[EV_DOUBLE] = "double", [EV_ATTACK] = "attack",
};

/* "you" or "seat 2", and a verb that agrees. */
static const char *seat_name(int seat, int me, char *buf, size_t size)
{
	if (seat == me)
		snprintf(buf, size, "you");
	else
		snprintf(buf, size, "seat %d", seat);
	return buf;
}

void tell_deal(const serve_audience *a, const state *s)
{
	int me = reader_for(a, -1);
	char name[16], text[120], of[32] = "";
	if (s->deals)
		snprintf(of, sizeof of, " of %d", s->deals);
	snprintf(text, sizeof text, "Deal %d%s; %s %s.", s->deal_no, of,
		 seat_name(s->dealer, me, name, sizeof name),
		 s->dealer == me ? "deal" : "deals");
	json *j = event(a, "deal", me);
	json_key(j, "text");
	json_string(j, text);
	json_key(j, "deal");
	json_int(j, s->deal_no);
	if (s->deals) {
		json_key(j, "deals");
		json_int(j, s->deals);
	}
	json_key(j, "dealer");
	json_int(j, s->dealer);
	serve_end(a->out);
}

/* ---- a decision ---- */

/* May the client read the words of `seat`'s decision?  Its own, always;
 * another seat's when every action is seen by all: a bid, a call, a
 * choice, a solitaire's move, a card played to a trick, a pair laid
 * face up — and each card it names is one the reader can see. */
static bool words_public(const serve_audience *a, const state *after,
			 int seat, const action *act, int n, int me)
{
	if (is_mine(a, seat))
		return true;
	for (int i = 0; i < n; i++) {
		const action *x = &act[i];
		switch (x->kind) {
		case ACT_BID:
		case ACT_PASS:
		case ACT_DOUBLE:
		case ACT_REDOUBLE:
		case ACT_CHOICE:
		case ACT_MOVE:
			break;
		case ACT_CARD:
			if (!cset_has(after->played, x->card[0]))
				return false;
			break;
		case ACT_CARDS:
			if (x->flags & ACT_DOWN)
				return false;
			break;
		default:        /* melds: told by their cards alone */
			return false;
		}
	}
	if (me < 0)
		return true;
	static view v;
	state_view(after, me, &v);
	for (int i = 0; i < n; i++)
		for (int k = 0; k < 2; k++)
			if (act[i].card[k] != CARD_NONE &&
			    cset_has(v.unknown, act[i].card[k]))
				return false;
	return true;
}

/* Melds declared are shown to all, by their cards; melds withheld are
 * not told, and a seat that declares none is told so alone. */
static void tell_melds_declared(const serve_audience *a, const state *before,
				int seat, int bits, int me)
{
	if (bits == 0 && !is_mine(a, seat))
		return;
	static tale t;
	tale_clear(&t);
	meld m[MELDS_MAX];
	int n = state_melds(before, seat, m);
	cardset cards = cset_empty();
	int points = 0;
	for (int k = 0; k < n; k++)
		if (bits >> k & 1) {
			for (int i = 0; i < m[k].n; i++)
				cset_add(&cards, m[k].card[i]);
			points += m[k].points;
		}
	tale_seat(&t, seat);
	if (bits == 0) {
		tale_printf(&t, " %s none of the melds.\n",
			    seat == me ? "declare" : "declares");
	} else {
		tale_printf(&t, " %s ", seat == me ? "declare" : "declares");
		tale_cards(&t, cards);
		tale_printf(&t, " (%d).\n", points);
	}
	json *j = event(a, "move", me);
	json_key(j, "seat");
	json_int(j, seat);
	json_key(j, "verb");
	json_string(j, command_verb(before));
	if (is_mine(a, seat)) {
		char words[600];
		command_format(before, &(action){.kind = ACT_MELDS,
			       .number = (int16_t)bits, .card = {CARD_NONE, CARD_NONE},
			       .denom = DENOM_NONE, .from = PLACE_NONE,
			       .to = PLACE_NONE}, 1, words, sizeof words);
		json_key(j, "words");
		json_string(j, words);
	}
	write_tale(a, j, &t, me, &before->g->deck);
	serve_end(a->out);
}

static void tell_move(const serve_audience *a, const state *before,
		      const state *after, int seat, const action *act, int n)
{
	int me = reader_for(a, seat);
	if (act[0].kind == ACT_MELDS) {
		tell_melds_declared(a, before, seat, act[0].number, me);
		return;
	}
	static tale told, news[SEAT_MAX];
	for (int q = 0; q < SEAT_MAX; q++)
		tale_clear(&news[q]);
	audience who = {me, false};
	state_narrate(before, after, seat, act, n, &who, &told, news);
	json *j = event(a, "move", me);
	json_key(j, "seat");
	json_int(j, seat);
	json_key(j, "verb");
	json_string(j, command_verb(before));
	if (words_public(a, after, seat, act, n, me)) {
		char words[600];
		command_format(before, act, n, words, sizeof words);
		json_key(j, "words");
		json_string(j, words);
	}
	json_key(j, "effect");
	json_string(j, after->event < sizeof effects / sizeof *effects
		    ? effects[after->event] : "none");
	write_tale(a, j, &told, me, &before->g->deck);
	serve_end(a->out);
	/* what each of the client's seats alone has learnt */
	for (int q = 0; q < before->players; q++) {
		if (!is_mine(a, q) || !news[q].text[0])
			continue;
		j = event(a, "news", q);
		json_key(j, "seat");
		json_int(j, q);
		write_tale(a, j, &news[q], q, &before->g->deck);
		serve_end(a->out);
	}
}

/* Who won the trick, and what it changed in the running counts of the
 * scoring. */
static void tell_trick(const serve_audience *a, const state *before,
		       const state *after)
{
	const trick_record *t = &after->last_trick;
	const game *g = after->g;
	int me = reader_for(a, -1);
	json *j = event(a, "trick", me);
	json_key(j, "number");
	json_int(j, t->number);
	json_key(j, "leader");
	json_int(j, t->leader);
	json_key(j, "winner");
	json_int(j, t->winner);
	json_key(j, "cards");
	json_array(j);
	for (int i = 0; i < t->n; i++) {
		char name[16];
		json_object(j);
		json_key(j, "seat");
		json_int(j, state_next_seat(after, t->leader, i));
		json_key(j, "card");
		json_string(j, deck_card_name(&g->deck, t->card[i], true, name));
		json_end_object(j);
	}
	json_end_array(j);
	static value was[VARS_SLOTS_MAX], now[VARS_SLOTS_MAX];
	state_score_values(before, was);
	state_score_values(after, now);
	char name[16], text[600];
	size_t used = (size_t)snprintf(text, sizeof text, "%s %s trick %d",
				       seat_name(t->winner, me, name, sizeof name),
				       t->winner == me ? "win" : "wins", t->number);
	const char *sep = " (";
	json_key(j, "changes");
	json_object(j);
	for (int i = 0; i < g->nlets; i++) {
		const let_def *l = &g->let[i];
		if (!l->per_seat || !l->reads_won ||
		    expr_result_type(l->e) != TY_INT)
			continue;
		int64_t change = now[l->slot + t->winner].i -
				 was[l->slot + t->winner].i;
		if (!change)
			continue;
		json_key(j, l->name);
		json_int(j, change);
		if (used < sizeof text)
			used += (size_t)snprintf(text + used, sizeof text - used,
						 "%s%s %+" PRId64, sep, l->name, change);
		sep = ", ";
	}
	json_end_object(j);
	if (*sep == ',' && used < sizeof text)
		snprintf(text + used, sizeof text - used, ")");
	json_key(j, "text");
	json_string(j, text);
	serve_end(a->out);
}

/* After the first trick, the melds that score are shown (play.c tells
 * the same). */
static void tell_melds_shown(const serve_audience *a, const state *s)
{
	meld_result r;
	state_meld_result(s, &r);
	json *j = event(a, "melds", -1);
	json_key(j, "best");
	if (r.best >= 0)
		json_int(j, r.best);
	else
		json_null(j);
	json_key(j, "shown");
	json_array(j);
	for (int p = 0; p < s->players; p++) {
		if (!r.points[p])
			continue;
		json_object(j);
		json_key(j, "seat");
		json_int(j, p);
		json_key(j, "points");
		json_int(j, r.points[p]);
		json_key(j, "melds");
		json_array(j);
		for (int k = 0; k < r.nmelds[p]; k++) {
			cardset cards = cset_empty();
			for (int i = 0; i < r.meld[p][k].n; i++)
				cset_add(&cards, r.meld[p][k].card[i]);
			json_object(j);
			json_key(j, "cards");
			serve_write_cards(j, &s->g->deck, cards);
			json_key(j, "points");
			json_int(j, r.meld[p][k].points);
			json_end_object(j);
		}
		json_end_array(j);
		json_end_object(j);
	}
	json_end_array(j);
	serve_end(a->out);
}

/* The deal's score, with each named value of the scoring. */
static void tell_scored(const serve_audience *a, const state *s,
			const state *during)
{
	int me = reader_for(a, -1);
	json *j = event(a, "scored", me);
	report_deal_fields(j, s);
	report_deal_values(j, s, during);
	if (game_is_solitaire(s->g)) {
		json_key(j, "solved");
		json_bool(j, state_solved(s));
	}
	char names[SEAT_MAX][16];
	const char *list[SEAT_MAX];
	for (int p = 0; p < s->players; p++) {
		snprintf(names[p], sizeof names[p], p == me ? "you" : "seat %d", p);
		list[p] = names[p];
	}
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);
	if (f) {
		breakdown_print(f, a->r, s, during, list);
		if (fclose(f) == 0)
			write_printed(j, "text", text, len);
		free(text);
	}
	diag *d = s->failed_check ? diag_new() : NULL;
	if (d) {
		breakdown_failed_check(d, s, "the rule file or the program is "
				       "wrong");
		char *lines = diag_render(d);
		if (lines)
			write_printed(j, "check_failed", lines, strlen(lines));
		free(lines);
		diag_free(d);
	}
	serve_end(a->out);
}

static void tell_over(const serve_audience *a, const state *s)
{
	json *j = event(a, "over", -1);
	report_result_fields(j, s);
	char seed[32];          /* up to 2^64-1: past what json_int writes */
	snprintf(seed, sizeof seed, "%" PRIu64, s->seed);
	json_key(j, "seed");
	json_raw(j, seed);
	serve_end(a->out);
}

void tell_fault(const serve_audience *a, const state *s)
{
	json *j = event(a, "fault", -1);
	diag *d = diag_new();
	if (d) {
		breakdown_fault(d, s, "the rule file or the program is wrong");
		char *lines = diag_render(d);
		if (lines)
			write_printed(j, "text", lines, strlen(lines));
		free(lines);
		diag_free(d);
	}
	serve_end(a->out);
}

void tell_decision(const serve_audience *a, const state *before,
		   const state *after, int seat, const action *act, int n)
{
	tell_move(a, before, after, seat, act, n);
	if (after->last_trick.number != before->last_trick.number &&
	    after->last_trick.n > 0) {
		tell_trick(a, before, after);
		if (after->last_trick.number == 1 && after->g->melds.hook)
			tell_melds_shown(a, after);
	}
	if (after->event == EV_REDEALT) {
		json *j = event(a, "redeal", -1);
		json_key(j, "dealer");
		json_int(j, after->dealer);
		serve_end(a->out);
	}
	if (after->current < 0 && before->current >= 0) {
		if (after->fault != FAULT_NONE) {
			tell_fault(a, after);
			return;
		}
		tell_scored(a, after, before);
		if (after->over)
			tell_over(a, after);
	}
}
