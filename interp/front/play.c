/* play.c — the text loop. */
#include "front/play.h"

#include <ctype.h>

#include <editline/readline.h>
#include <inttypes.h>
#include <limits.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "front/command.h"
#include "engine/engine.h"
#include "front/tableau.h"
#include "front/breakdown.h"
#include "front/explain.h"
#include "front/render.h"
#include "front/transcript.h"

typedef struct table_ui {
	const play_opts *o;
	const game *g;
	state s;
	render r;
	bot bots[SEAT_MAX];
	transcript_writer w;
	FILE *out;
	bool tty;                       /* input from a terminal: line editing */
	int last_human;                 /* hot-seat: whose screen is shown */
	bool check_reported;            /* a failed check is told once */
	/* what each seat alone has learnt (its pass), told at its next
	 * turn in hot-seat, at once to the one player otherwise */
	tale news[SEAT_MAX];
	bool forced;                    /* the move told was the only one */
	/* the bot behind `hint`, kept from hint to hint so that it
	 * remembers the positions it advised from and never sends a card
	 * back where its last hint took it from */
	bot adviser;
	bool advising;
} table_ui;

/* ======================================================================
 * Words for seats, cards and scores
 * ====================================================================== */

static const char *invocation(const table_ui *u)
{
	return u->o->invocation ? u->o->invocation : "cardrules";
}


static bool is_human(const table_ui *u, int seat)
{
	return u->o->hotseat || seat == u->o->seat;
}

static const char *seat_name(const table_ui *u, int seat, char *buf,
			     size_t size)
{
	if (!u->o->hotseat && seat == u->o->seat)
		snprintf(buf, size, "you");
	else
		snprintf(buf, size, "seat %d", seat);
	return buf;
}

/* Where another seat sits, seen from the human: "on your left". */
static const char *where(const table_ui *u, int seat)
{
	if (u->o->hotseat || seat == u->o->seat)
		return "";
	const state *s = &u->s;
	if (seat == state_seat_plus(s, u->o->seat, 1))
		return " (on your left)";
	if (seat == state_seat_plus(s, u->o->seat, -1))
		return " (on your right)";
	if (s->players % 2 == 0 &&
	    seat == state_seat_plus(s, u->o->seat, s->players / 2))
		return " (across)";
	return "";
}

/* The same name opening a sentence: "You", "Seat 2". */
static const char *seat_opening(const table_ui *u, int seat, char *buf,
				size_t size)
{
	seat_name(u, seat, buf, size);
	buf[0] = (char)toupper((unsigned char)buf[0]);
	return buf;
}

/* Whose: "your", "seat 2's". */
static const char *seat_whose(const table_ui *u, int seat, char *buf,
			      size_t size)
{
	if (!u->o->hotseat && seat == u->o->seat)
		snprintf(buf, size, "your");
	else
		snprintf(buf, size, "seat %d's", seat);
	return buf;
}

static const char *name_for_tale(const void *ctx, int seat, seat_word word,
				 char *buf, size_t size)
{
	const table_ui *u = ctx;
	switch (word) {
	case SEAT_WORD_WHERE:
		snprintf(buf, size, "%s", where(u, seat));
		break;
	case SEAT_WORD_WHOSE:
		seat_whose(u, seat, buf, size);
		break;
	default:
		seat_name(u, seat, buf, size);
		break;
	}
	return buf;
}

/* Words of the engine's phases (engine/tale.h), drawn for this table. */
static void print_tale(table_ui *u, const tale *t)
{
	render_tale(u->out, &u->r, t->text, name_for_tale, u);
}

static audience audience_of(const table_ui *u)
{
	audience a = {u->o->seat, u->o->hotseat};
	return a;
}

static void print_hand(table_ui *u, int seat)
{
	if (!state_sees_hand(&u->s, seat)) {
		int n = cset_count(u->s.hand[seat]);
		if (u->o->hotseat)
			fprintf(u->out, "  Seat %d's hand: %d cards, not looked "
				"at yet\n", seat, n);
		else
			fprintf(u->out, "  Your hand: %d cards, not looked at "
				"yet\n", n);
		return;
	}
	char buf[512];
	uint8_t power[CARD_MAX] = {0};
	cardset trumps = state_trumps_ahead(&u->s, power);
	render_hand_trumps(&u->r, u->s.hand[seat], trumps, power, buf,
			   sizeof buf);
	if (game_is_solitaire(u->g))
		return;         /* no hand: the layout is the table */
	if (u->o->hotseat)
		fprintf(u->out, "  Seat %d's hand: %s\n", seat, buf);
	else
		fprintf(u->out, "  Your hand: %s\n", buf);
}

static void print_kept(table_ui *u)
{
	const game *g = u->g;
	for (int k = 0; k < g->nkept; k++) {
		const kept_def *x = &g->kept[k];
		if (x->per_seat || x->hidden)
			continue;
		if (x->type == TY_BOOL)
			fprintf(u->out, "  %s: %s\n", x->name,
				u->s.kept[k][0] ? "yes" : "no");
		else
			fprintf(u->out, "  %s: %" PRId64 "\n", x->name,
				u->s.kept[k][0]);
	}
}

static void print_scores(table_ui *u, bool deal_too)
{
	const state *s = &u->s;
	const game *g = u->g;
	for (int p = 0; p < s->players; p++) {
		char name[32];
		fprintf(u->out, "  %-10s", seat_name(u, p, name, sizeof name));
		if (deal_too)
			fprintf(u->out, " deal %+5" PRId64 "  ", s->deal_score[p]);
		fprintf(u->out, " total %+6" PRId64, s->total[p]);
		for (int k = 0; k < g->nkept; k++)
			if (g->kept[k].per_seat && !g->kept[k].hidden)
				fprintf(u->out, "  %s %" PRId64, g->kept[k].name,
					s->kept[k][p]);
		fputc('\n', u->out);
	}
	for (int t = 0; t < g->nteams; t++) {
		const char *sep = "  team";
		int first = -1;
		for (int p = 0; p < s->players; p++)
			if (g->team_of[p] == t) {
				char name[32];
				fprintf(u->out, "%s %s", sep, seat_name(u, p, name,
									 sizeof name));
				sep = " and";
				if (first < 0)
					first = p;
			}
		if (first >= 0)
			fprintf(u->out, ": total %+" PRId64 "\n", s->total[first]);
	}
	print_kept(u);
}

/* The seat whose screen is shown: the human's, or in hot-seat the last
 * to have played; -1 before anyone has. */
static int viewer(const table_ui *u)
{
	return u->o->hotseat ? u->last_human : u->o->seat;
}

/* A pile bottom to top, as a seat may see it: a card laid face down in a
 * face-up place (an up-card's discard) shows only to whoever laid it. */
static void print_pile(table_ui *u, int place, int pile)
{
	const state *s = &u->s;
	if (!u->g->place[place].face_up) {
		fprintf(u->out, " %d face down", s->pile_size[pile]);
		return;
	}
	bool knows = s->place_known[place] >= 0 &&
		     s->place_known[place] == viewer(u);
	if (s->pile_size[pile] == 0)
		fputs(" (empty)", u->out);
	for (int depth = 0; depth < s->pile_size[pile]; depth++)
		for (int c = 0; c < s->g->deck.ncards; c++)
			if (s->pile_of[c] == pile + 1 && s->depth[c] == depth) {
				char card[32];
				bool down = cset_has(s->down, (card_id)c) &&
					    !cset_has(s->seen, (card_id)c);
				fprintf(u->out, " %s%s", down && !knows ? "##"
					: render_card(&u->r, (card_id)c, card,
						      sizeof card),
					down && knows ? " (face down)" : "");
			}
}

/* The game's places: a face-down one by its count. */
static void print_places(table_ui *u)
{
	const game *g = u->g;
	if (game_is_solitaire(g)) {
		tableau_print(u->out, &u->r, &u->s);
		return;
	}
	for (int k = 0; k < g->nplaces; k++) {
		const place_def *pl = &g->place[k];
		fprintf(u->out, "  %c%s:", toupper((unsigned char)pl->name[0]),
			pl->name + 1);
		for (int p = 0; p < pl->npiles; p++) {
			if (pl->npiles > 1)
				fprintf(u->out, "%s %d:", p ? " |" : "", p + 1);
			print_pile(u, k, pl->first_pile + p);
		}
		fputc('\n', u->out);
	}
}

/* The deal's counters (pushes, the pots), those of each seat by seat. */
static void print_counters(table_ui *u)
{
	const state *s = &u->s;
	const game *g = u->g;
	const char *sep = "  Counters:";
	char word[64];
	for (int k = 0; k < g->ncounters; k++) {
		if (g->counter_per_seat[k] || !state_counter_shown(s, k, -1))
			continue;
		fprintf(u->out, "%s %s %s", sep, g->counter_name[k],
			game_counter_value(g, k, s->counter[k][0], word,
					   sizeof word));
		sep = ",";
	}
	if (*sep == ',')
		fputc('\n', u->out);
	for (int k = 0; k < g->ncounters; k++) {
		if (!g->counter_per_seat[k])
			continue;
		bool any = false;
		for (int p = 0; p < s->players; p++) {
			char name[32];
			if (!state_counter_shown(s, k, p))
				continue;
			if (!any)
				fprintf(u->out, "  %s:", g->counter_name[k]);
			fprintf(u->out, "%s %s %s", any ? "," : "",
				seat_name(u, p, name, sizeof name),
				game_counter_value(g, k, s->counter[k][p], word,
						   sizeof word));
			any = true;
		}
		if (any)
			fputc('\n', u->out);
	}
}

static void print_leftovers(table_ui *u)
{
	const state *s = &u->s;
	char buf[512];
	print_places(u);
	static tale decided;
	state_decided(&u->s, &decided);
	print_tale(u, &decided);
	print_counters(u);
	if (s->turned_up != CARD_NONE) {
		char card[32], name[32];
		int holder = -1;
		for (int q = 0; q < s->players; q++)
			if (cset_has(s->hand[q], s->turned_up))
				holder = q;
		fprintf(u->out, "  Turned up: %s", render_card(&u->r, s->turned_up,
							card, sizeof card));
		if (holder >= 0 && !u->o->hotseat && holder == u->o->seat)
			fputs(", in your hand", u->out);
		else if (holder >= 0)
			fprintf(u->out, ", in %s's hand", seat_name(u, holder, name,
							      sizeof name));
		fputc('\n', u->out);
	}
	if (cset_is_empty(s->leftover))
		return;
	int down = cset_count(s->leftover) - cset_count(s->leftover_up);
	fprintf(u->out, "  Leftovers: %s%s%d face down\n",
		render_list(&u->r, s->leftover_up, buf, sizeof buf),
		cset_is_empty(s->leftover_up) ? "" : " face up, ", down);
}

/* The seats' names as the table calls them ("you", "seat 2"). */
static void seat_names(table_ui *u, char names[][32], const char **list)
{
	for (int p = 0; p < u->s.players; p++)
		list[p] = seat_name(u, p, names[p], sizeof names[p]);
}

/* The running counts of the scoring, once anybody has taken some. */
static void print_taken(table_ui *u, bool always)
{
	char names[SEAT_MAX][32];
	const char *list[SEAT_MAX];
	seat_names(u, names, list);
	breakdown_running(u->out, &u->s, list, always);
}

/* What lies on the table of the phase in progress: a trick, a double
 * trick. */
static void print_trick(table_ui *u)
{
	static tale t;
	audience who = audience_of(u);
	state_table(&u->s, &who, &t);
	print_tale(u, &t);
}

static void print_table(table_ui *u)
{
	print_leftovers(u);
	print_taken(u, true);
	print_trick(u);
}

/* Cards as the table shows them; other actions in their words. */
/* Bids with denominations are a grid: "bid 40, 50 or 60 with S, H or
 * obenabe; or pass".  False when the list is not such a grid. */
static bool print_bids_compactly(table_ui *u, const action *list, int n)
{
	int numbers[ACTIONS_MAX], nnumbers = 0, nbids = 0;
	uint8_t denoms[DENOMS_MAX];
	int ndenoms = 0;
	for (int i = 0; i < n; i++) {
		if (list[i].kind != ACT_BID || list[i].denom == DENOM_NONE)
			continue;
		nbids++;
		if (nnumbers == 0 || numbers[nnumbers - 1] != list[i].number)
			numbers[nnumbers++] = list[i].number;
		bool seen = false;
		for (int k = 0; k < ndenoms; k++)
			seen |= denoms[k] == list[i].denom;
		if (!seen && ndenoms < DENOMS_MAX)
			denoms[ndenoms++] = list[i].denom;
	}
	if (nbids < 2 || nbids != nnumbers * ndenoms)
		return false;
	fputs("  Legal: a bid of", u->out);
	for (int i = 0; i < nnumbers; i++)
		fprintf(u->out, "%s %d", i == 0 ? "" : i == nnumbers - 1 ? " or"
			: ",", numbers[i]);
	fputs(" with", u->out);
	for (int k = 0; k < ndenoms; k++)
		fprintf(u->out, "%s %s", k == 0 ? "" : k == ndenoms - 1 ? " or"
			: ",", u->g->denom_name[denoms[k]]);
	for (int i = 0; i < n; i++) {
		char buf[64];
		if (list[i].kind == ACT_BID)
			continue;
		state_action_words(&u->s, &list[i], 1, buf, sizeof buf);
		fprintf(u->out, "; or %s", buf);
	}
	fputs(" (as in: call 120 H)\n", u->out);
	return true;
}

static int compare_words(const void *a, const void *b)
{
	return strcmp((const char *)a, (const char *)b);
}

/* Whether a move's words after its name are two cards (a pair taken
 * together, "3S 10C"), grouped with "with" rather than "to". */
static bool names_two_cards(const table_ui *u, const char *rest)
{
	card_face face;
	int copy;
	size_t first = strcspn(rest, " ");
	const char *second = rest + first + (rest[first] == ' ');
	return deck_parse_face(&u->g->deck, rest, first, &face, &copy) ==
		       DECK_PARSE_OK &&
	       deck_parse_face(&u->g->deck, second, strcspn(second, " "), &face,
			       &copy) == DECK_PARSE_OK;
}

/* Each move's words without their copy tags, unless another move reads
 * alike without them: two 2♥ that move from different piles keep them. */
static void untag_where_alone(char (*w)[48], int n)
{
	static char bare[ACTIONS_MAX][48];
	for (int i = 0; i < n; i++)
		render_untagged(w[i], bare[i], sizeof bare[i]);
	for (int i = 0; i < n; i++) {
		bool alike = false;
		for (int k = 0; k < n && !alike; k++)
			alike = k != i && strcmp(bare[k], bare[i]) == 0;
		if (!alike)
			memcpy(w[i], bare[i], sizeof w[i]);
	}
}

/* A layout's moves by kind, each kind's targets in order: "place 0,0
 * 0,2 2,1;  ace 1,1 2,2;  start". */
static void print_moves_grouped(table_ui *u, const action *list, int n)
{
	static char w[ACTIONS_MAX][48];
	char text[200];
	for (int i = 0; i < n; i++)
		state_action_words(&u->s, &list[i], 1, w[i], sizeof w[i]);
	untag_where_alone(w, n);
	qsort(w, (size_t)n, sizeof w[0], compare_words);
	fputs("  Legal:", u->out);
	for (int i = 0; i < n; i++) {
		size_t verb = strcspn(w[i], " ");
		bool same = i > 0 && strncmp(w[i], w[i - 1], verb) == 0 &&
			    w[i - 1][verb] == ' ' && w[i][verb] == ' ';
		const char *rest = w[i] + verb + (w[i][verb] == ' ');
		const char *second = strchr(rest, ' ');
		char piece[120];
		if (second) {
			/* two targets, grouped by the first: "0,0 to 0,1 1,2" */
			size_t first = (size_t)(second - rest);
			const char *prev = same ? w[i - 1] + verb + 1 : NULL;
			if (prev && strncmp(prev, rest, first) == 0 &&
			    prev[first] == ' ')
				snprintf(piece, sizeof piece, " %.47s", second + 1);
			else
				snprintf(piece, sizeof piece, "%s%.*s%.*s %s %.47s",
					 same ? " | " : i ? ";  " : " ",
					 same ? 0 : (int)verb + 1, w[i], (int)first,
					 rest, names_two_cards(u, rest) ? "with"
					 : "to", second + 1);
		} else {
			snprintf(piece, sizeof piece, "%s%.47s",
				 !same ? (i ? ";  " : " ") : " ", same ? rest : w[i]);
		}
		fputs(render_text(&u->r, piece, text, sizeof text), u->out);
	}
	fputc('\n', u->out);
}

/* Melds as the table shows them, those of `bits` (one per meld):
 * " 10♠ J♠ Q♠ (20); 8♣ 9♣ 10♣ (20)". */
static void print_melds(table_ui *u, const meld *m, int n, int bits)
{
	const char *sep = "";
	for (int k = 0; k < n; k++) {
		if (!(bits >> k & 1))
			continue;
		fputs(sep, u->out);
		for (int i = 0; i < m[k].n; i++) {
			char card[32];
			fprintf(u->out, " %s", render_card(&u->r, m[k].card[i],
							   card, sizeof card));
		}
		fprintf(u->out, " (%d)", m[k].points);
		sep = ";";
	}
}

/* The melds the player may declare, and how to. */
static void print_meld_choice(table_ui *u)
{
	meld m[MELDS_MAX];
	int n = state_melds(&u->s, u->s.current, m);
	char example[80] = "";
	for (int i = 0; i < m[0].n; i++) {
		char name[8];
		size_t used = strlen(example);
		snprintf(example + used, sizeof example - used, " %s",
			 deck_card_name(&u->g->deck, m[0].card[i], true, name));
	}
	fputs("  Your melds:", u->out);
	print_melds(u, m, n, (1 << n) - 1);
	fprintf(u->out, ".\n  Declare %s (as in: declare%s)\n",
		n > 1 ? "all, none, or the cards of those you declare"
		: "all or none", n > 1 ? example : " all");
}

/* Cards and calls in one list: a card from the hand by its face, once
 * for both copies, since copies in a hand play alike ("Q♥, no30"). */
static void print_moves_listed(table_ui *u, const action *list, int n)
{
	static char w[ACTIONS_MAX][96];
	char words[96], text[300];
	int shown = 0;
	fputs("  Legal:", u->out);
	for (int i = 0; i < n; i++) {
		state_action_words(&u->s, &list[i], 1, words, sizeof words);
		if (list[i].kind == ACT_CARD)
			render_untagged(words, w[shown], sizeof w[shown]);
		else
			snprintf(w[shown], sizeof w[shown], "%s", words);
		bool again = false;
		for (int k = 0; k < shown && !again; k++)
			again = strcmp(w[k], w[shown]) == 0;
		if (again)
			continue;
		fprintf(u->out, "%s %s", shown ? "," : "",
			render_text(&u->r, w[shown], text, sizeof text));
		shown++;
	}
	fputc('\n', u->out);
}

static void print_legal(table_ui *u)
{
	char buf[512];
	cardset cards = state_legal_cards(&u->s);
	if (!cset_is_empty(cards)) {
		fprintf(u->out, "  Legal: %s\n",
			render_faces(&u->r, cards, buf, sizeof buf));
		return;
	}
	if (u->s.meld_due) {
		print_meld_choice(u);
		return;
	}
	action list[ACTIONS_MAX];
	int n = state_legal(&u->s, list);
	if (print_bids_compactly(u, list, n))
		return;
	if (state_shows_board(&u->s)) {
		print_moves_grouped(u, list, n);
		return;
	}
	if (n > 0 && list[0].kind == ACT_CARDS) {       /* pairs: summed up */
		bool up = false, down = false;
		for (int i = 0; i < n; i++) {
			up |= !(list[i].flags & ACT_DOWN);
			down |= list[i].flags & ACT_DOWN;
		}
		fprintf(u->out, "  Legal: any two cards of your hand, %s (as in: "
			"play %s)\n", up && down ? "both face up or both face down"
			: up ? "face up" : "face down", up && down ? "9 9 up"
			: "9S 9H");
		return;
	}
	for (int i = 0; i < n && list[i].kind == ACT_CARD; i++) {
		cset_add(&cards, list[i].card[0]);
		if (i == n - 1) {       /* cards, but not a card phase's */
			fprintf(u->out, "  Legal: %s\n",
				render_faces(&u->r, cards, buf, sizeof buf));
			return;
		}
	}
	print_moves_listed(u, list, n);
}

static void print_help(table_ui *u)
{
	static tale moves;
	game_help(u->g, &moves);
	if (game_is_solitaire(u->g)) {
		print_tale(u, &moves);
		fputs("  Commands:\n"
		      "    table       the layout       moves   the legal moves\n"
		      "    hint        a suggestion     quit    stop (the game is saved)\n"
		      "    rules       the rules of the game, from its rule file\n"
		      "  A move that is the only one is made at once.\n", u->out);
		return;
	}
	fputs("  Commands:\n", u->out);
	print_tale(u, &moves);
	fputs("    hand        your hand        table   the trick and leftovers\n"
	      "    moves       the legal moves  scores  the totals so far\n"
	      "    hint        a suggestion     quit    stop (the game is saved)\n"
	      "    rules       the rules of the game, from its rule file\n",
	      u->out);
}

/* ======================================================================
 * Telling what happens
 * ====================================================================== */

static void print_deal_header(table_ui *u)
{
	const state *s = &u->s;
	char name[32];
	const char *verb = !u->o->hotseat && s->dealer == u->o->seat
		? "deal" : "deals";
	fputc('\n', u->out);
	if (game_is_solitaire(u->g)) {  /* the board follows at the prompt */
		fprintf(u->out, "== %s, seed %" PRIu64 " ==\n", u->g->name, s->seed);
		return;
	}
	if (s->deals)
		fprintf(u->out, "== Deal %d of %d; %s %s ==\n", s->deal_no,
			s->deals, seat_name(u, s->dealer, name, sizeof name), verb);
	else
		fprintf(u->out, "== Deal %d; %s %s ==\n", s->deal_no,
			seat_name(u, s->dealer, name, sizeof name), verb);
	print_kept(u);
	print_leftovers(u);
}

static char *read_line(table_ui *u, const char *prompt, bool *cut);
static void tell_news(table_ui *u, int seat);

/* Hot-seat: on a terminal, the screen is cleared and the next player
 * presses Enter, so that nobody sees another's hand. */
static void hand_over(table_ui *u, int seat)
{
	fprintf(u->out, "\n-- seat %d's turn (others, look away) --\n", seat);
	if (!u->tty || !isatty(fileno(u->out)))
		return;
	/* the screen and its scrollback: nothing of the last hand is left */
	fprintf(u->out, "\033[H\033[2J\033[3J-- seat %d's turn --\n", seat);
	char prompt[64];
	snprintf(prompt, sizeof prompt, "Seat %d, press Enter when only you "
		 "can see the screen. ", seat);
	bool cut;
	free(read_line(u, prompt, &cut));
}

static void print_prompt_context(table_ui *u)
{
	const state *s = &u->s;
	int seat = state_decider(s);    /* a dummy's hand, its player's turn */
	if (u->o->hotseat && seat != u->last_human)
		hand_over(u, seat);
	u->last_human = seat;
	if (u->o->hotseat)
		tell_news(u, seat);
	static tale context;
	audience who = audience_of(u);
	bool alone = state_context(s, &who, &context);
	if (!alone && state_shows_board(s))
		print_places(u);
	if (!alone) {
		print_taken(u, false);
		print_trick(u);
	}
	print_hand(u, s->current);
	print_tale(u, &context);
	if (!alone)
		print_legal(u);
}

/* Who won the trick, and what it changed in the running counts of the
 * scoring ("penalty +13"). */
static void narrate_trick(table_ui *u, const state *before)
{
	const trick_record *t = &u->s.last_trick;
	const game *g = u->g;
	char name[32];
	fprintf(u->out, "  -> %s %s trick %d", seat_opening(u, t->winner, name,
		sizeof name), (!u->o->hotseat && t->winner == u->o->seat)
		? "win" : "wins", t->number);
	static value was[VARS_SLOTS_MAX], now[VARS_SLOTS_MAX];
	state_score_values(before, was);
	state_score_values(&u->s, now);
	const char *sep = " (";
	for (int i = 0; i < g->nlets; i++) {
		const let_def *l = &g->let[i];
		if (!l->per_seat || !l->reads_won || expr_result_type(l->e) != TY_INT ||
		    !state_value_shown(&u->s, now, i, t->winner))
			continue;
		int64_t change = now[l->slot + t->winner].i - was[l->slot + t->winner].i;
		if (change) {
			fprintf(u->out, "%s%s %+" PRId64, sep, l->name, change);
			sep = ", ";
		}
	}
	fputs(*sep == ',' ? ")\n" : "\n", u->out);
}

/* What the seat alone has learnt since its last turn. */
static void tell_news(table_ui *u, int seat)
{
	print_tale(u, &u->news[seat]);
	tale_clear(&u->news[seat]);
}

/* The deal's score explained; a check of the rule file that failed. */
static void narrate_end_of_deal(table_ui *u, const state *during)
{
	const state *s = &u->s;
	char names[SEAT_MAX][32];
	const char *list[SEAT_MAX];
	seat_names(u, names, list);
	if (game_is_solitaire(u->g))
		fprintf(u->out, "\nThe game is %s.\n",
			state_solved(s) ? "won" : "lost");
	else
		fprintf(u->out, "\nDeal %d is over.\n", s->deal_no);
	breakdown_print(u->out, &u->r, s, during, list);
	if (!s->failed_check || u->check_reported)
		return;
	char again[PATH_MAX + 64] = "the rule file or the program is wrong";
	if (u->o->transcript)
		snprintf(again, sizeof again, "see it again with: %s replay %s",
			 invocation(u), u->o->transcript);
	diag *d = diag_new();
	if (d) {
		breakdown_failed_check(d, s, again);
		fflush(u->out);
		diag_print(d, stderr, true);
		diag_free(d);
	}
	u->check_reported = true;
}

static void narrate_match(table_ui *u)
{
	const state *s = &u->s;
	if (s->deal_no == 1)
		fprintf(u->out, "\nThe game is over.\n");
	else
		fprintf(u->out, "\nThe game is over after %d deals.\n", s->deal_no);
	for (int place = 1; place <= s->players; place++)
		for (int p = 0; p < s->players; p++)
			if (s->place[p] == place) {
				char name[32];
				fprintf(u->out, "  %d. %-10s %+" PRId64 "\n", place,
					seat_name(u, p, name, sizeof name),
					s->total[p]);
			}
}

/* After the first trick: the best meld's holder shows the melds that
 * score (the others stay hidden). */
static void narrate_melds(table_ui *u)
{
	meld_result r;
	state_meld_result(&u->s, &r);
	if (r.best < 0) {
		fprintf(u->out, "  Melds: nobody %s one.\n",
			u->g->melds_chosen ? "declared" : "has");
		return;
	}
	for (int p = 0; p < u->s.players; p++) {
		if (!r.points[p])
			continue;
		char name[32];
		bool me = !u->o->hotseat && p == u->o->seat;
		fprintf(u->out, "  Melds: %s %s", seat_name(u, p, name, sizeof name),
			p == r.best ? (me ? "hold the best meld and show"
				       : "holds the best meld and shows")
			: me ? "also show" : "also shows");
		for (int k = 0; k < r.nmelds[p]; k++) {
			const meld *m = &r.meld[p][k];
			fputs(k ? ";" : "", u->out);
			for (int i = 0; i < m->n; i++) {
				char card[32];
				fprintf(u->out, " %s", render_card(&u->r, m->card[i],
								   card, sizeof card));
			}
			fprintf(u->out, " (%d)", m->points);
		}
		fprintf(u->out, ": %" PRId64 " points.\n", r.points[p]);
	}
}

/* The melds a player declared, shown to the table; melds withheld are
 * not told (a player who declares none is told so alone). */
static void narrate_declared(table_ui *u, const state *before, int seat,
			     int bits)
{
	char name[32];
	bool me = !u->o->hotseat && seat == u->o->seat;
	if (bits == 0) {
		if (me)
			fputs("  You declare none of your melds.\n", u->out);
		return;
	}
	meld m[MELDS_MAX];
	int n = state_melds(before, seat, m);
	fprintf(u->out, "  %s %s", seat_opening(u, seat, name, sizeof name),
		me ? "declare" : "declares");
	print_melds(u, m, n, bits);
	fputs(".\n", u->out);
}

/* After a decision by `seat`: the card, the trick, the pass, the scores. */
static void narrate(table_ui *u, const state *before, int seat,
		    const command *c)
{
	const state *s = &u->s;
	char name[32];
	if (state_shows_board(before)) {
		char words[200], text[400];
		state_action_words(before, c->actions, c->nactions, words,
				   sizeof words);
		tableau_narrate(u->out, &u->r, before, s,
				render_text(&u->r, words, text, sizeof text),
				u->forced);
	} else if (c->actions[0].kind == ACT_MELDS) {
		narrate_declared(u, before, seat, c->actions[0].number);
	} else {
		static tale told;
		audience who = audience_of(u);
		state_narrate(before, s, seat, c->actions, c->nactions, &who,
			      &told, u->news);
		print_tale(u, &told);
		if (!u->o->hotseat) {
			tell_news(u, u->o->seat);
			for (int q = 0; q < SEAT_MAX; q++)
				tale_clear(&u->news[q]);  /* for no one here */
		}
	}
	if (s->last_trick.number != before->last_trick.number ||
	    s->deal_no != before->deal_no) {
		narrate_trick(u, before);
		if (u->s.last_trick.number == 1 && u->g->melds.hook)
			narrate_melds(u);
	}
	if (s->event == EV_REDEALT)
		fprintf(u->out, "  Nobody bid: the cards are thrown in, and %s "
			"%s again.\n", seat_name(u, s->dealer, name, sizeof name),
			!u->o->hotseat && s->dealer == u->o->seat ? "deal"
								  : "deals");
	if (s->current < 0 && before->current >= 0) {
		narrate_end_of_deal(u, before);
		if (s->over)
			narrate_match(u);
	}
}

/* ======================================================================
 * Decisions
 * ====================================================================== */

static bool record(table_ui *u, const state *before, int seat, const command *c)
{
	char words[600];
	command_format(before, c->actions, c->nactions, words, sizeof words);
	transcript_decision(&u->w, before, seat, words);
	if (u->s.current < 0 && before->current >= 0)
		transcript_scored(&u->w, &u->s);
	if (u->w.f && ferror(u->w.f)) {
		fputs("cardrules: error: the game could not be saved\n", stderr);
		return false;
	}
	return true;
}

static bool bot_turn(table_ui *u)
{
	state before = u->s;
	int seat = u->s.current;
	int decider = state_decider(&u->s);
	command c = {.kind = CMD_DECISION};
	int n = command_decision_size(&u->s);
	view v;
	for (int i = 0; i < n; i++) {
		bot_view(&u->bots[decider], &u->s, decider, &v);
		action m = bot_choose(&u->bots[decider], &v);
		c.actions[c.nactions++] = m;
		bot_must_apply(&u->s, m);
	}
	narrate(u, &before, seat, &c);
	return record(u, &before, seat, &c);
}

/* ---- the terminal's characters, for line editing ---- */

/* libedit redraws the line at every character, so a line pasted by the
 * megabyte would cost the square of its length: past COMMAND_LINE_MAX
 * characters, the rest of the line is read here and never handed on. */
static int tty_chars;           /* characters of the line handed on */
static bool tty_cut;            /* the line went on past them */

static int tty_byte(FILE *f)
{
	unsigned char c;
	return read(fileno(f), &c, 1) == 1 ? c : EOF;
}

/* libedit takes characters, not bytes: UTF-8 is decoded here, as it
 * would be without this function. */
static int tty_getc(FILE *f)
{
	int c = tty_byte(f);
	if (c == '\n' || c == '\r' || c == EOF)
		return c;
	if (++tty_chars > COMMAND_LINE_MAX) {
		tty_cut = true;
		while (c != '\n' && c != '\r' && c != EOF)
			c = tty_byte(f);
		return c;
	}
	if (c < 0xc0 || MB_CUR_MAX == 1)
		return c;
	int more = c >= 0xf0 ? 3 : c >= 0xe0 ? 2 : 1;
	int wc = c & (0x3f >> more);
	while (more-- > 0) {
		int k = tty_byte(f);
		if (k == EOF)
			return EOF;
		wc = wc << 6 | (k & 0x3f);
	}
	return wc;
}

/* One line from the player, NULL at the end of the input.  A line longer
 * than a command may be is read to its end and dropped: *cut. */
static char *read_line(table_ui *u, const char *prompt, bool *cut)
{
	*cut = false;
	if (u->tty) {
		tty_chars = 0;
		tty_cut = false;
		char *line = readline(prompt);
		*cut = line && (tty_cut || strlen(line) > COMMAND_LINE_MAX);
		return line;
	}
	fputs(prompt, u->out);
	fflush(u->out);
	/* one character more than a command may have, to tell it too long */
	char *line = malloc(COMMAND_LINE_MAX + 2);
	if (!line || !fgets(line, COMMAND_LINE_MAX + 2, u->o->in)) {
		free(line);
		return NULL;
	}
	size_t len = strcspn(line, "\r\n");
	*cut = len == strlen(line) && !feof(u->o->in);
	for (int c = 0; *cut && c != '\n' && c != EOF; c = getc(u->o->in))
		;
	line[len] = '\0';
	/* echo: logs read like a session */
	fprintf(u->out, "%s%s\n", line, *cut ? "..." : "");
	return line;
}

static void hint(table_ui *u)
{
	if (!u->advising) {
		bot_init(&u->adviser, game_is_solitaire(u->g) ? BOT_SEARCH
			 : BOT_ISMCTS, u->s.seed ^ UINT64_C(0x68696e74),
			 u->s.current);
		u->adviser.playouts = u->o->playouts;
		u->adviser.cap_ms = PLAY_CAP_MS;
		u->adviser.no_undo = true;
		u->advising = true;
	}
	view v;
	state trial = u->s;
	command c = {.kind = CMD_DECISION};
	int n = command_decision_size(&u->s);
	for (int i = 0; i < n; i++) {
		state_view(&trial, state_decider(&trial), &v);
		c.actions[c.nactions] = bot_choose(&u->adviser, &v);
		state_apply(&trial, c.actions[c.nactions++]);
	}
	char words[300];
	command_format(&u->s, c.actions, c.nactions, words, sizeof words);
	fprintf(u->out, "  Hint: %s\n", words);
}

/* ---- Tab completion: the commands, the verb and the legal moves ---- */

static table_ui *completing;    /* the table whose prompt is completed */

#define COMPLETIONS_MAX (ACTIONS_MAX + 16)

static int completion_words(const table_ui *u, char words[][64])
{
	static const char *const commands[] = {
		"help", "hand", "table", "moves", "scores", "hint", "rules", "quit",
	};
	int n = 0;
	for (size_t i = 0; i < sizeof commands / sizeof *commands; i++)
		snprintf(words[n++], 64, "%s", commands[i]);
	snprintf(words[n++], 64, "%s", command_verb(&u->s));
	cardset cards = state_legal_cards(&u->s);
	if (!cset_is_empty(cards)) {
		CSET_FOREACH(c, cards) {
			if (n == COMPLETIONS_MAX)
				break;
			deck_card_name(&u->g->deck, c, true, words[n++]);
		}
		return n;
	}
	action list[ACTIONS_MAX];
	int nl = state_legal(&u->s, list);
	for (int i = 0; i < nl && n < COMPLETIONS_MAX; i++)
		state_action_words(&u->s, &list[i], 1, words[n++], 64);
	return n;
}

static char *complete_word(const char *text, int call)
{
	static char words[COMPLETIONS_MAX][64];
	static int n, next;
	if (!completing)
		return NULL;
	if (call == 0) {
		n = completion_words(completing, words);
		next = 0;
	}
	size_t len = strlen(text);
	while (next < n) {
		const char *w = words[next++];
		if (strncasecmp(w, text, len) == 0)
			return strdup(w);
	}
	return NULL;
}

/* One line from the human; false when the player quits. */
static bool sole_move(const table_ui *u)
{
	action list[ACTIONS_MAX];
	return game_is_solitaire(u->g) && state_legal(&u->s, list) == 1;
}

/* A solitaire's only legal move is made at once, told and recorded;
 * false when there is a choice. */
static bool only_move(table_ui *u, bool *go_on)
{
	action list[ACTIONS_MAX];
	if (state_legal(&u->s, list) != 1)
		return false;
	command c = {.kind = CMD_DECISION, .nactions = 1};
	c.actions[0] = list[0];
	state before = u->s;
	int seat = u->s.current;
	state_apply(&u->s, list[0]);
	u->forced = true;
	narrate(u, &before, seat, &c);
	u->forced = false;
	*go_on = record(u, &before, seat, &c);
	return true;
}

static bool human_turn(table_ui *u)
{
	char prompt[32];
	snprintf(prompt, sizeof prompt, "%s> ", command_verb(&u->s));
	bool cut;
	char *line = read_line(u, prompt, &cut);
	if (!line) {
		fputc('\n', u->out);
		return false;
	}
	if (u->tty && *line && !cut)
		add_history(line);
	command c;
	char err[600], text[1200];
	state before = u->s;
	int seat = u->s.current;
	bool go_on = true;
	if (cut) {
		fprintf(u->out, "  ! the line is too long: a command has at most "
			"%d characters\n", COMMAND_LINE_MAX);
	} else if (!command_parse(&u->s, line, &c, err, sizeof err)) {
		fprintf(u->out, "  ! %s\n", render_text(&u->r, err, text,
							  sizeof text));
	} else {
		switch (c.kind) {
		case CMD_EMPTY:
			break;
		case CMD_HELP:
			print_help(u);
			break;
		case CMD_HAND:
			print_hand(u, seat);
			break;
		case CMD_TABLE:
			print_table(u);
			break;
		case CMD_MOVES:
			print_legal(u);
			break;
		case CMD_SCORES:
			print_scores(u, false);
			break;
		case CMD_RULES:
			explain_game(u->out, u->g, u->s.players, u->s.option);
			break;
		case CMD_HINT:
			hint(u);
			break;
		case CMD_QUIT:
			go_on = false;
			break;
		case CMD_DECISION:
			if (!command_apply(&u->s, &c, err, sizeof err)) {
				fprintf(u->out, "  ! %s\n", render_text(&u->r, err, text,
							  sizeof text));
				break;
			}
			narrate(u, &before, seat, &c);
			go_on = record(u, &before, seat, &c);
			if (go_on && u->s.current >= 0 &&
			    is_human(u, state_decider(&u->s)) &&
			    !sole_move(u))
				print_prompt_context(u);
			break;
		}
	}
	free(line);
	return go_on;
}

/* ======================================================================
 * The match
 * ====================================================================== */

static void print_intro(table_ui *u)
{
	const game *g = u->g;
	const state *s = &u->s;
	if (g->description)
		fprintf(u->out, "%s%s(Type rules for the whole rules.)\n\n",
			g->description, g->description[strlen(g->description) - 1]
			== '\n' ? "" : "\n");
	fprintf(u->out, "%s: %d player%s", g->name, s->players,
		s->players == 1 ? "" : "s");
	if (s->deals > 1 || (s->deals == 1 && s->players > 1))
		fprintf(u->out, ", %d deal%s", s->deals, s->deals == 1 ? "" : "s");
	for (int i = 0; i < g->noptions; i++)
		fprintf(u->out, ", %s %" PRId64, g->option[i].name, s->option[i]);
	fprintf(u->out, ", seed %" PRIu64 ".\n", s->seed);
	if (u->o->hotseat && s->players > 1)
		fprintf(u->out, "Hot-seat: every seat is played at this keyboard.\n");
	else if (s->players > 1)
		fprintf(u->out, "You are seat %d; bots play the other seats. Play "
			"goes %s.\n", u->o->seat,
			g->direction > 0 ? "clockwise (to the left)"
					 : "counter-clockwise (to the right)");
	bool named = false;
	for (int su = 0; su < g->deck.nsuits; su++)
		named |= g->deck.suit_name[su] != NULL;
	for (int su = 0; named && su < g->deck.nsuits; su++) {
		char glyph[32];
		fprintf(u->out, "%s %s %s", su ? "," : "Suits:",
			render_suit(&u->r, su, glyph, sizeof glyph),
			render_suit_name(&g->deck, su));
	}
	if (named)
		fputs(".\n", u->out);
	if (u->o->transcript)
		fprintf(u->out, "The game is saved in %s as it goes; continue it "
			"with: %s play --resume %s\n", u->o->transcript,
			invocation(u), u->o->transcript);
	fputs("Type help for the commands.\n", u->out);
}

/* The rule file led the game into a dead end: said where, and how to see
 * it again; the saved game is kept. */
static void report_fault(table_ui *u)
{
	char again[PATH_MAX + 64] = "the rule file or the program is wrong";
	if (u->o->transcript)
		snprintf(again, sizeof again, "see it again with: %s replay %s",
			 invocation(u), u->o->transcript);
	diag *d = diag_new();
	if (!d)
		return;
	breakdown_fault(d, &u->s, again);
	fflush(u->out);
	diag_print(d, stderr, true);
	diag_free(d);
}

static void run(table_ui *u)
{
	bool go_on = true;
	bool show = true;
	while (go_on && !u->s.over) {
		if (u->s.current == SEAT_CHANCE) {
			state_deal(&u->s);
			print_deal_header(u);
			show = true;
			continue;
		}
		if (state_stuck(&u->s)) {
			report_fault(u);
			return;
		}
		if (!is_human(u, state_decider(&u->s))) {
			go_on = bot_turn(u);
			show = true;
			continue;
		}
		if (game_is_solitaire(u->g) && only_move(u, &go_on)) {
			show = true;
			continue;
		}
		if (show)
			print_prompt_context(u);
		if (show && u->o->hints)
			hint(u);
		show = false;
		go_on = human_turn(u);
	}
	if (!u->s.over && u->o->transcript)
		fprintf(u->out, "Stopped during deal %d. Continue with: %s play "
			"--resume %s\n", u->s.deal_no, invocation(u),
			u->o->transcript);
	else if (!u->s.over)
		fprintf(u->out, "Stopped during deal %d.\n", u->s.deal_no);
}

static unsigned humans(const play_opts *o)
{
	return o->hotseat ? (1u << o->players) - 1 : 1u << o->seat;
}

static bool start(table_ui *u, game *g, const state *resumed, char *err,
		  size_t size)
{
	const play_opts *o = u->o;
	if (resumed) {
		u->s = *resumed;
		transcript_append(&u->w, &u->s);
		return true;
	}
	if (!state_setup(&u->s, g, o->players, o->dealer, o->options, o->seed,
			 err, size))
		return false;
	u->s.checks = true;
	if (!o->hotseat && (o->seat < 0 || o->seat >= o->players)) {
		snprintf(err, size, "--seat must be between 0 and %d", o->players - 1);
		return false;
	}
	return !o->transcript ||
	       (transcript_lock(&u->w, o->transcript, true, err, size) &&
		transcript_start(&u->w, o->transcript, o->game_name, &u->s,
				 humans(o), err, size));
}

/* Ctrl-C: every move is already saved, so the game stops at once with
 * the same hint as `quit` (written by write(2): a signal handler may not
 * use stdio) and the status of a program ended by SIGINT. */
static char interrupt_hint[PATH_MAX + 200];

static void on_interrupt(int sig)
{
	(void)sig;
	ssize_t w = write(STDOUT_FILENO, interrupt_hint, strlen(interrupt_hint));
	(void)w;
	_exit(130);
}

static void catch_interrupt(table_ui *u)
{
	if (u->o->transcript)
		snprintf(interrupt_hint, sizeof interrupt_hint, "\nStopped. The "
			 "game is saved; continue it with: %s play --resume %s\n",
			 invocation(u), u->o->transcript);
	else
		snprintf(interrupt_hint, sizeof interrupt_hint, "\nStopped.\n");
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_interrupt;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, NULL);
}

static int play(game *g, const play_opts *o, const state *resumed,
		transcript_writer *w)
{
	table_ui *u = calloc(1, sizeof *u);
	if (!u) {
		fputs("cardrules: error: out of memory\n", stderr);
		return 1;
	}
	u->o = o;
	u->g = g;
	u->out = o->out;
	u->tty = isatty(fileno(o->in)) && o->in == stdin;
	render_setup(&u->r, &g->deck, o->out);
	u->r.color = u->r.color && o->color;
	u->r.glyphs = u->r.glyphs && !o->ascii;
	u->last_human = -1;
	if (w)
		u->w = *w;
	char err[PATH_MAX + 300];
	if (!start(u, g, resumed, err, sizeof err)) {
		fprintf(stderr, "cardrules: error: %s\n", err);
		transcript_close(&u->w);
		/* a new autosave, made for this game: never left empty */
		if (!resumed && o->autosave)
			remove(o->transcript);
		free(u);
		return 1;
	}
	for (int p = 0; p < u->s.players; p++) {
		bot_setup(&u->bots[p], &o->bots,
			  u->s.seed ^ (uint64_t)u->s.deal_no, p);
		u->bots[p].cap_ms = PLAY_CAP_MS;
	}
	catch_interrupt(u);
	if (u->tty) {
		completing = u;
		rl_completion_entry_function = complete_word;
		rl_getc_function = tty_getc;
	}
	print_intro(u);
	if (resumed && u->s.deal_no == 0)
		fprintf(u->out, "Resuming the game before its first deal.\n");
	else if (resumed)
		fprintf(u->out, "Resuming deal %d.\n", u->s.deal_no);
	run(u);
	completing = NULL;
	bool saved = transcript_close(&u->w);
	/* an autosave lives until its game ends */
	bool faulted = u->s.fault != FAULT_NONE;
	if (saved && u->s.over && !faulted && o->autosave)
		remove(o->transcript);
	free(u);
	if (!saved) {
		fputs("cardrules: error: the game could not be saved\n", stderr);
		return 1;
	}
	return faulted ? 1 : 0;
}

int play_run(game *g, const play_opts *o)
{
	return play(g, o, NULL, NULL);
}

int play_resume(game *g, const play_opts *o, const state *s,
		transcript_writer *w)
{
	return play(g, o, s, w);
}
