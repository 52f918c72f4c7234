/* explain.c — a game's rules in words, from the compiled game. */
#include "front/explain.h"

#include <ctype.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "engine/engine.h"
#include "front/render.h"

static const char *one_card_of(const deck *d, int suit, char *buf,
			       size_t size)
{
	if (d->suit_name[suit]) {
		snprintf(buf, size, "%s card", d->suit_name[suit]);
		return buf;
	}
	switch (d->suit[suit]) {
	case 'S': return "spade";
	case 'H': return "heart";
	case 'D': return "diamond";
	case 'C': return "club";
	case 'X': return "cross card";
	case 'L': return "leaf card";
	}
	return "?";
}

static void heading(FILE *out, const char *title)
{
	fprintf(out, "\n%s\n", title);
	for (const char *p = title; *p; p++)
		fputc('-', out);
	fputc('\n', out);
}

/* ---- Players, options --------------------------------------------------- */

static void players(FILE *out, const game *g, int n)
{
	char range[40];
	heading(out, "Players");
	if (g->min_players == g->max_players)
		fprintf(out, n == 1 ? "One player." : "%d players.", n);
	else
		fprintf(out, "%s; %d at this table.",
			game_players_text(g, range, sizeof range), n);
	if (g->max_players > 1)
		fprintf(out, " Play goes %s.", g->direction > 0
			? "clockwise (to the left)"
			: "counter-clockwise (to the right)");
	fputc('\n', out);
	if (g->nteams) {
		fputs("Partners play as teams:", out);
		for (int t = 0; t < g->nteams; t++) {
			fputs(t ? ";" : "", out);
			for (int p = 0, k = 0; p < g->max_players; p++)
				if (g->team_of[p] == t)
					fprintf(out, "%s seat %d", k++ ? " and" : "", p);
		}
		fputs(".\n", out);
	}
}

static void options(FILE *out, const game *g, const state *s)
{
	if (g->noptions == 0)
		return;
	heading(out, "Options");
	for (int i = 0; i < g->noptions; i++) {
		const option_def *o = &g->option[i];
		fprintf(out, "- %s = %" PRId64, o->name, s->option[i]);
		if (o->min == o->max)
			fputs(" (fixed)", out);
		else
			fprintf(out, " (from %" PRId64 " to %" PRId64 ", default %"
				PRId64 "; set with --set %s=N)", o->min, o->max,
				o->fallback, o->name);
		if (o->help)
			fprintf(out, ": %s", o->help);
		fputc('\n', out);
	}
	for (int i = 0; i < g->noption_checks; i++)
		fprintf(out, "- Together they must meet `%s`; a table whose options "
			"do not is refused.\n", expr_text(g->option_check[i]));
}

/* ---- Cards -------------------------------------------------------------- */

/* The cards holding value v in table t, as whole suits, whole ranks, or
 * one by one. */
static void cards_with(FILE *out, const deck *d, const value_table *t,
		       int32_t v)
{
	cardset with = cset_empty();
	for (int c = 0; c < d->ncards; c++)
		if (t->value[c] == v)
			cset_add(&with, (card_id)c);
	const char *sep = "";
	for (int su = 0; su < d->nsuits; su++)
		if (cset_eq(cset_and(with, d->by_suit[su]), d->by_suit[su]) &&
		    !cset_is_empty(d->by_suit[su])) {
			char one[64];
			fprintf(out, "%severy %s", sep,
				one_card_of(d, su, one, sizeof one));
			sep = ", ";
			with = cset_minus(with, d->by_suit[su]);
		}
	for (int r = 0; r < d->nranks; r++)
		if (!cset_is_empty(d->by_rank[r]) &&
		    cset_eq(cset_and(with, d->by_rank[r]), d->by_rank[r])) {
			fprintf(out, "%severy %s", sep, d->rank[r]);
			sep = ", ";
			with = cset_minus(with, d->by_rank[r]);
		}
	card_face last = FACE_NONE;
	CSET_FOREACH(c, with) {
		char name[8];
		if (d->face[c] == last)
			continue;
		last = d->face[c];
		fprintf(out, "%s%s", sep, deck_face_name(d, d->face[c], name));
		sep = ", ";
	}
}

static void value_table_words(FILE *out, const deck *d, const value_table *t)
{
	fprintf(out, "- %s: ", t->name);
	int32_t seen[CARD_MAX];
	int nseen = 0, zero = 0;
	for (int c = 0; c < d->ncards; c++) {
		int32_t v = t->value[c];
		bool known = v == 0;
		zero += v == 0;
		for (int i = 0; i < nseen && !known; i++)
			known = seen[i] == v;
		if (known)
			continue;
		seen[nseen++] = v;
		fprintf(out, "%s%" PRId32 " for ", nseen > 1 ? "; " : "", v);
		cards_with(out, d, t, v);
	}
	if (!nseen)
		fputs("0 for every card.\n", out);
	else if (!zero)                 /* no card is left to be 0 */
		fputs(".\n", out);
	else
		fputs("; every other card 0.\n", out);
}

static void cards(FILE *out, const game *g, const state *s)
{
	const deck *d = &g->deck;
	heading(out, "Cards");
	fputs("Suits:", out);
	for (int i = 0; i < d->nsuits; i++)
		fprintf(out, "%s %s (%c)", i ? "," : "", render_suit_name(d, i),
			d->suit[i]);
	fputs(". Ranks from lowest to highest:", out);
	for (int r = 0; r < d->nranks; r++)
		fprintf(out, " %s", d->rank[r]);
	fputs(".\n", out);
	int copies = 1;
	for (int c = 0; c < d->ncards; c++)
		if (d->copy_of[c] > copies && d->suit_of[c] != DECK_JOKER)
			copies = d->copy_of[c];
	if (copies > 1)
		fprintf(out, "Up to %d copies of each card; copies play alike.\n",
			copies);
	if (d->njokers)
		fprintf(out, "%d joker%s (JK).\n", d->njokers,
			d->njokers == 1 ? "" : "s");
	const char *sep = "Partner suits:";
	for (int i = 0; i < d->nsuits; i++)
		if (d->partner[i] > i) {
			fprintf(out, "%s %s and %s", sep, render_suit_name(d, i),
				render_suit_name(d, d->partner[i]));
			sep = ",";
		}
	if (*sep == ',')
		fputs(" (partner(suit) in expressions).\n", out);
	fprintf(out, "At this table the deck has %d cards.\n",
		cset_count(s->in_play));
	if (g->ntables) {
		fputs("Card values:\n", out);
		for (int i = 0; i < g->ntables; i++)
			value_table_words(out, d, &g->table[i]);
	}
}

/* ---- The deal and its phases --------------------------------------------- */

/* The hands at each number of players the game allows: from the
 * smallest to the largest, when they change from deal to deal. */
static void by_players(FILE *out, const game *g, const state *s)
{
	if (g->min_players == g->max_players)
		return;
	fputs("By the number of players:", out);
	for (int n = g->min_players; n <= g->max_players; n++) {
		state t;
		char why[200];
		if (!state_setup(&t, g, n, 0, s->option, 0, why, sizeof why))
			continue;
		const char *sep = n == g->min_players ? "" : ";";
		if (!g->sizes_by_deal) {
			int rest = cset_count(t.in_play) - t.hand_size * n;
			fprintf(out, "%s %d players: %d cards each, %d left over",
				sep, n, t.hand_size, rest);
			continue;
		}
		int least = -1, most = -1, up, deals = t.deals ? t.deals : 1;
		for (int d = 1; d <= deals; d++) {
			int hand = state_hand_in_deal(&t, d, &up);
			if (hand >= 0 && (least < 0 || hand < least))
				least = hand;
			if (hand > most)
				most = hand;
		}
		fprintf(out, "%s %d players: %d to %d cards each in %d deals", sep,
			n, least, most, deals);
	}
	fputs(".\n", out);
}

/* A hand that changes from deal to deal: its sizes deal by deal, as far
 * as the match's deals go (the first ones, when it ends by `end`). */
static void hands_by_deal(FILE *out, const game *g, const state *s)
{
	int deals = s->deals > 0 ? s->deals : 20, up;
	fputs("The number of cards each player gets changes from deal to "
	      "deal:", out);
	for (int d = 1; d <= deals && d <= 60; d++) {
		int hand = state_hand_in_deal(s, d, &up);
		if (hand < 0)
			fprintf(out, "%s too many", d > 1 ? "," : "");
		else
			fprintf(out, "%s %d", d > 1 ? "," : "", hand);
	}
	fprintf(out, "%s.", deals > 60 || s->deals == 0 ? ", ..." : "");
	int most_up = g->face_up.by_players[s->players];
	if (g->face_up.e)
		fprintf(out, " The cards left over lie in the middle, %s%s%s of "
			"them face up (all that are left, when fewer are).",
			expr_is_constant(g->face_up.e) ? "" : "`",
			expr_text(g->face_up.e),
			expr_is_constant(g->face_up.e) ? "" : "`");
	else if (most_up)
		fprintf(out, " The cards left over lie in the middle, %d of them "
			"face up (all that are left, when fewer are).", most_up);
	fputc('\n', out);
}

/* Who is dealt to first: `deal.from`, or the dealer's next seat. */
static const char *first_dealt(const game *g, char *buf, size_t size)
{
	if (!g->deal_from)
		return "the player after the dealer";
	if (expr_says(g->deal_from))
		snprintf(buf, size, "%s", expr_says(g->deal_from));
	else if (!formula_seat_words(g->deal_from, buf, size))
		snprintf(buf, size, "`%s`", expr_text(g->deal_from));
	return buf;
}

static void deal(FILE *out, const game *g, const state *s)
{
	heading(out, "The deal");
	char from[160];
	if (g->sizes_by_deal && !g->npackets && g->nplaces == 0) {
		fprintf(out, "The dealer deals the cards one at a time, from %s "
			"in the direction of play. ", first_dealt(g, from,
								  sizeof from));
		hands_by_deal(out, g, s);
		by_players(out, g, s);
		return;
	}
	int left = cset_count(s->in_play) - s->hand_size * s->players;
	if (g->npackets) {
		fprintf(out, "The dealer deals %d cards to each player in packets, "
			"from %s in the direction of play:", s->hand_size,
			first_dealt(g, from, sizeof from));
		for (int i = 0; i < g->npackets; i++) {
			const packet_def *pk = &g->packet[i];
			if (pk->place >= 0)
				fprintf(out, "%s %d to the %s (face %s)", i ? "," : "",
					pk->cards, g->place[pk->place].name,
					g->place[pk->place].face_up ? "up" : "down");
			else
				fprintf(out, "%s %d to each player", i ? "," : "",
					pk->cards);
		}
		fprintf(out, ".");
	} else if (s->hand_size > 0)
		fprintf(out, "The dealer deals %d cards to each player, one at a "
			"time, from %s in the direction of play.", s->hand_size,
			first_dealt(g, from, sizeof from));
	else
		fputs("Nobody holds a hand.", out);
	for (int k = 0; k < g->nplaces; k++) {
		const place_def *pl = &g->place[k];
		left -= s->place_dealt[k];
		if (s->place_dealt[k] == 0 || pl->packed)
			continue;
		if (pl->npiles > 1)
			fprintf(out, " Then %d cards go to the %d piles of the %s, "
				"one to each in turn, face %s.", s->place_dealt[k],
				pl->npiles, pl->name, pl->face_up ? "up" : "down");
		else
			fprintf(out, " Then %d card%s to the %s, face %s.",
				s->place_dealt[k], s->place_dealt[k] == 1
				? " goes" : "s go", pl->name,
				pl->face_up ? "up" : "down");
	}
	if (left)
		fprintf(out, " The %d cards left over lie in the middle, %d of "
			"them face up.", left, s->face_up);
	fputc('\n', out);
	by_players(out, g, s);
}

/* The counters a deal keeps, with what they count: the phases raise
 * them by name. */
static void counters(FILE *out, const game *g)
{
	if (g->ncounters == 0)
		return;
	heading(out, "Counters");
	for (int k = 0; k < g->ncounters; k++) {
		char start[300];
		fprintf(out, "- %s%s", g->counter_name[k],
			g->counter_per_seat[k] ? " (per player)" : "");
		if (g->counter_says[k])
			fprintf(out, ": %s;", g->counter_says[k]);
		else
			fputc(':', out);
		if (g->counter_start[k])
			fprintf(out, " at the start of each deal, %s",
				formula_number_said(g->counter_start[k], start,
						    sizeof start));
		else
			fprintf(out, " %" PRId64 " at the start of each deal",
				g->counter_initial[k]);
		for (int v = 0; v < g->counter_nnames[k]; v++)
			fprintf(out, "%s%d %s", v ? ", " : " (its values: ", v,
				g->counter_names[k][v]);
		fputs(g->counter_nnames[k] ? ")\n" : "\n", out);
	}
}

/* A condition in words, or quoted as written. */
static const char *condition(const expr *e, char *buf, size_t size)
{
	return formula_condition_said(e, buf, size);
}

/* Phase i explained, with when it is played, into a string of its own
 * (to be freed). */
static char *phase_text(const game *g, int i)
{
	char *text = NULL, cond[300];
	size_t size;
	FILE *f = open_memstream(&text, &size);
	if (!f)
		return NULL;
	const phase *p = &g->phase[i];
	if (p->when)
		fprintf(f, "(Only when %s.) ", condition(p->when, cond, sizeof cond));
	game_explain_phase(f, g, i);
	fclose(f);
	return text;
}

/* How many times the `period` phases from `first` are said again, word
 * for word, right after them (1: not at all). */
static int repeats(char *const *text, int n, int first, int period)
{
	int times = 1;
	while (first + (times + 1) * period <= n) {
		bool same = true;
		for (int k = 0; k < period && same; k++)
			same = text[first + k] && text[first + times * period + k] &&
			       strcmp(text[first + k], text[first + times * period + k]) == 0;
		if (!same)
			break;
		times++;
	}
	return times;
}

static const char *count_word(int n)
{
	static const char *const words[] = {"", "once", "two", "three", "four",
		"five", "six", "seven", "eight", "nine", "ten"};
	static char buf[16];
	if (n >= 1 && n <= 10)
		return words[n];
	snprintf(buf, sizeof buf, "%d", n);
	return buf;
}

/* Text indented under a step: its lines after the first moved in. */
static void put_indented(FILE *out, const char *text, const char *indent)
{
	for (const char *p = text; *p; p++) {
		fputc(*p, out);
		if (*p == '\n' && p[1])
			fputs(indent, out);
	}
}

/* The names of `define`, which the phases and the scoring read. */
static void defines(FILE *out, const game *g)
{
	if (g->ndefines == 0)
		return;
	heading(out, "Names");
	fputs("The rules below read these names, worked out afresh wherever "
	      "they are read (a name \"per player\" for each player):\n", out);
	for (int i = 0; i < g->ndefines; i++) {
		const expr *e = g->define[i];
		const char *says = expr_says(e);
		fprintf(out, "- %s%s%s%s\n", g->define_name[i],
			expr_is_per_seat(e) ? " (per player)" : "",
			says ? ": " : " = ", says ? says : expr_text(e));
	}
}

/* The phases in order; a run of phases said again and again (Ribs' four
 * rounds of an auction and a double trick) is said once. */
static void phases(FILE *out, const game *g)
{
	heading(out, "Each deal");
	char *text[PHASES_MAX];
	int n = g->nphases, step = 1;
	for (int i = 0; i < n; i++)
		text[i] = phase_text(g, i);
	for (int i = 0; i < n;) {
		int period = 1, times = 1;
		for (int p = 1; p <= (n - i) / 2 && times == 1; p++)
			if ((times = repeats(text, n, i, p)) > 1)
				period = p;
		if (times == 1) {
			fprintf(out, "%d. ", step++);
			put_indented(out, text[i] ? text[i] : "?\n", "");
			i++;
			continue;
		}
		char first = period > 1 ? 'a' : 0;
		if (period == 1)
			fprintf(out, "%d. %c%s times: ", step++,
				toupper((unsigned char)count_word(times)[0]),
				count_word(times) + 1);
		else
			fprintf(out, "%d. %c%s rounds, each of %s steps:\n", step++,
				toupper((unsigned char)count_word(times)[0]),
				count_word(times) + 1, count_word(period));
		for (int k = 0; k < period; k++) {
			if (first)
				fprintf(out, "   %c) ", first + k);
			put_indented(out, text[i + k] ? text[i + k] : "?\n", "   ");
		}
		i += period * times;
	}
	for (int i = 0; i < n; i++)
		free(text[i]);
}

/* ---- Scoring and the match ----------------------------------------------- */

/* A hook's rules in words: its documentation and the values of its
 * parameters in this file. */
static void hook_words(FILE *out, const char *title, const hook_use *use)
{
	const schema_hook *h = &use->hook->about;
	fprintf(out, "%s: %s", title, h->doc);
	for (int i = 0; i < h->nparams; i++) {
		const schema_hook_param *p = &h->params[i];
		int64_t v = use->args.v[i];
		fprintf(out, "%s%s: ", i ? "; " : " In this game: ", p->doc);
		if (p->type->kind == SK_BOOL)
			fputs(v ? "yes" : "no", out);
		else if (p->choice_words)
			fputs(p->choice_words[v], out);
		else
			fprintf(out, "%" PRId64, v);
	}
	fputs(h->nparams ? ".\n" : "\n", out);
}

static void scoring(FILE *out, const game *g)
{
	heading(out, "Scoring");
	if (g->melds.hook)
		hook_words(out, "Melds", &g->melds);
	if (g->nlets)
		fputs("When the deal ends, these values are worked out, in order "
		      "(a value \"per player\" is worked out for each player):\n",
		      out);
	for (int i = 0; i < g->nlets; i++) {
		const let_def *l = &g->let[i];
		const char *says = expr_says(l->e);
		fprintf(out, "- %s%s%s%s\n", l->name, l->per_seat ? " (per player)"
			: "", says ? ": " : " = ", says ? says : expr_text(l->e));
	}
	if (g->score && expr_says(g->score))
		fprintf(out, "Each player's score for the deal: %s.\n",
			expr_says(g->score));
	else if (g->score)
		fprintf(out, "Each player's score for the deal = %s\n",
			expr_text(g->score));
	for (int k = 0; k < g->nkept; k++) {
		const kept_def *x = &g->kept[k];
		if (x->says)
			fprintf(out, "%s%s is kept from deal to deal: %s.\n", x->name,
				x->per_seat ? " (per player)" : "", x->says);
		else
			fprintf(out, "%s%s is kept from deal to deal: %s at the "
				"start, then %s after each deal.\n", x->name,
				x->per_seat ? " (per player)" : "",
				expr_text(x->initial), expr_text(x->next));
	}
	/* the file's safeguards, said as such: no rule of play */
	for (int i = 0; i < g->nchecks; i++)
		fprintf(out, "%s`%s`%s", i ? "; " : "Checks of the rule file "
			"after every deal (not rules of play; a deal that fails "
			"one stops with its line): ", expr_text(g->check[i]),
			i == g->nchecks - 1 ? ".\n" : "");
}

static void match(FILE *out, const game *g, const state *s)
{
	heading(out, "The match");
	if (game_is_solitaire(g) && s->deals == 1) {
		fputs("One game; its score is the result.\n", out);
		return;
	}
	char count[300];
	if (g->has_deals && s->deals == 1)
		fputs("The match is one deal.\n", out);
	else if (g->has_deals && g->deals.e && !expr_is_constant(g->deals.e) &&
		 *formula_number_said(g->deals.e, count, sizeof count) != '`')
		fprintf(out, "The match has %d deals (%s).\n", s->deals, count);
	else if (g->has_deals)
		fprintf(out, "The match has %d deals.\n", s->deals);
	char words[300];
	if (g->end)
		fprintf(out, "The match ends after a deal when %s.\n",
			condition(g->end, words, sizeof words));
	if (g->nrank == 0) {
		fputs("The highest total wins; equal totals share the place.\n",
		      out);
	} else {
		fputs("Players are ranked by", out);
		for (int k = 0; k < g->nrank; k++)
			fprintf(out, "%s the %s %s", k ? ", then" : "",
				g->rank[k].highest ? "highest" : "lowest",
				expr_text(g->rank[k].e));
		fputs("; players still equal share the place.\n", out);
	}
	if (g->next_dealer && expr_says(g->next_dealer))
		fprintf(out, "The next deal is dealt by %s.\n",
			expr_says(g->next_dealer));
	else if (g->next_dealer && formula_seat_words(g->next_dealer, words,
						       sizeof words))
		fprintf(out, "The next deal is dealt by %s.\n", words);
	else if (g->next_dealer)
		fprintf(out, "The next deal is dealt by the seat given by `%s`.\n",
			expr_text(g->next_dealer));
	else
		fputs("The deal passes to the next player in the direction of "
		      "play.\n", out);
}

void explain_game(FILE *out, const game *g, int n, const int64_t *opts)
{
	state *s = malloc(sizeof *s);
	char why[200];
	if (!s || !state_setup(s, g, n, 0, opts, 0, why, sizeof why)) {
		fprintf(out, "%s cannot be set up for %d players\n", g->name, n);
		free(s);
		return;
	}
	fprintf(out, "%s\n", g->name);
	for (const char *p = g->name; *p; p++)
		fputc('=', out);
	fputc('\n', out);
	if (g->description)
		fprintf(out, "%s%s", g->description,
			g->description[strlen(g->description) - 1] == '\n' ? "" : "\n");
	players(out, g, n);
	options(out, g, s);
	cards(out, g, s);
	deal(out, g, s);
	counters(out, g);
	defines(out, g);
	phases(out, g);
	scoring(out, g);
	match(out, g, s);
	free(s);
}

/* ---- Formulas without words ------------------------------------------- */

/* A name alone, or a number, reads as it is. */
static bool reads_as_is(const expr *e)
{
	for (const char *p = expr_text(e); *p; p++)
		if (!isalnum((unsigned char)*p) && *p != '_')
			return false;
	return true;
}

static int unworded(const expr *e, bool readable, const char *what, diag *d)
{
	if (!e || expr_says(e) || readable || reads_as_is(e))
		return 0;
	const src_file *file;
	int line, col;
	expr_position(e, &file, &line, &col);
	diag_warning(d, file, line, col, "explain can only quote %s: give it "
		     "words, as {is: FORMULA, says: WORDS}", what);
	return 1;
}

int explain_unworded(const game *g, diag *d)
{
	int n = 0;
	char buf[300];
	for (int i = 0; i < g->nlets; i++) {
		char what[120];
		snprintf(what, sizeof what, "the named value '%s'", g->let[i].name);
		n += unworded(g->let[i].e, false, what, d);
	}
	n += unworded(g->score, false, "the score", d);
	for (int k = 0; k < g->nkept; k++) {
		char what[120];
		snprintf(what, sizeof what, "how the kept value '%s' changes "
			 "(or give it says)", g->kept[k].name);
		n += unworded(g->kept[k].next, g->kept[k].says != NULL, what, d);
	}
	n += unworded(g->end, g->end && formula_condition_words(g->end, buf,
								  sizeof buf),
		      "the end of the match", d);
	n += unworded(g->next_dealer, g->next_dealer &&
		      formula_seat_words(g->next_dealer, buf, sizeof buf),
		      "the next dealer", d);
	return n;
}

/* ---- Differences --------------------------------------------------------- */

typedef struct lines {
	char *text;
	char **line;
	int n;
} lines;

static bool explained(const game *g, lines *l)
{
	size_t size;
	memset(l, 0, sizeof *l);
	FILE *f = open_memstream(&l->text, &size);
	if (!f)
		return false;
	explain_game(f, g, g->default_players, NULL);
	fclose(f);
	for (char *p = l->text; *p; p++)
		l->n += *p == '\n';
	l->line = calloc((size_t)l->n + 1, sizeof *l->line);
	if (!l->line)
		return false;
	int i = 0;
	for (char *p = strtok(l->text, "\n"); p && i < l->n; p = strtok(NULL, "\n"))
		l->line[i++] = p;
	l->n = i;
	return true;
}

int explain_diff(FILE *out, const game *base, const game *variant)
{
	lines a, b;
	if (!explained(base, &a) || !explained(variant, &b))
		return 0;
	/* the longest common subsequence of lines, then the walk along it */
	int *len = calloc((size_t)(a.n + 1) * (size_t)(b.n + 1), sizeof *len);
	int changed = 0;
	if (len) {
#define LEN(i, j) len[(size_t)(i) * (size_t)(b.n + 1) + (size_t)(j)]
		for (int i = a.n - 1; i >= 0; i--)
			for (int j = b.n - 1; j >= 0; j--)
				LEN(i, j) = strcmp(a.line[i], b.line[j]) == 0
					? LEN(i + 1, j + 1) + 1
					: LEN(i + 1, j) > LEN(i, j + 1) ? LEN(i + 1, j)
									: LEN(i, j + 1);
		int i = 0, j = 0;
		while (i < a.n || j < b.n) {
			if (i < a.n && j < b.n && strcmp(a.line[i], b.line[j]) == 0) {
				i++, j++;
			} else if (i < a.n && (j == b.n || LEN(i + 1, j) >= LEN(i, j + 1))) {
				fprintf(out, "- %s\n", a.line[i++]);
				changed++;
			} else {
				fprintf(out, "+ %s\n", b.line[j++]);
				changed++;
			}
		}
#undef LEN
	}
	free(len);
	free(a.line);
	free(a.text);
	free(b.line);
	free(b.text);
	return changed;
}
