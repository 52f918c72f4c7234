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
#include "engine/elect.h"
#include "engine/engine.h"
#include "engine/phase.h"
#include "engine/place.h"
#include "front/tableau.h"
#include "engine/score.h"
#include "engine/vars.h"
#include "front/breakdown.h"
#include "front/explain.h"
#include "front/render.h"
#include "front/transcript.h"
#include "engine/view.h"

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
	/* hot-seat: each seat's last pass, told at its next turn */
	bool pass_news[SEAT_MAX];
	cardset news_gave[SEAT_MAX], news_got[SEAT_MAX];
	int8_t news_to[SEAT_MAX], news_from[SEAT_MAX];
	bool forced;                    /* the move told was the only one */
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

/* The trumps of the deal's tricks (so far as known), for the hand: those
 * of the trick play in progress or to come. */
static const tricks_phase *trumps_ahead(const state *s, cardset *trumps)
{
	*trumps = cset_empty();
	for (int i = s->phase < 0 ? 0 : s->phase; i < s->g->nphases; i++) {
		const phase *p = &s->g->phase[i];
		if (p->kind != PHASE_TRICKS)
			continue;
		if (i == s->phase)
			*trumps = s->trumps;
		else if (p->u.tricks.trumps)
			*trumps = cset_and(vars_eval(s, p->u.tricks.trumps, -1).s,
					   s->in_play);
		return &p->u.tricks;
	}
	return NULL;
}

static void print_hand(table_ui *u, int seat)
{
	char buf[512];
	cardset trumps;
	const tricks_phase *t = trumps_ahead(&u->s, &trumps);
	render_hand_trumps(&u->r, u->s.hand[seat], trumps,
			   t ? t->trump_power : NULL, buf, sizeof buf);
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
		if (x->per_seat)
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
			if (g->kept[k].per_seat)
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

/* "♦ (diamonds)". */
static const char *suit_words(table_ui *u, int suit, char *buf, size_t size)
{
	char glyph[32];
	snprintf(buf, size, "%s (%s)", render_suit(&u->r, suit, glyph,
						   sizeof glyph),
		 render_suit_name(&u->g->deck, suit));
	return buf;
}

/* The suits the votes of this deal elected, with their partners. */
static void print_elected(table_ui *u)
{
	const state *s = &u->s;
	for (int i = 0; i < u->g->nphases; i++) {
		const phase *p = &u->g->phase[i];
		int suit = state_elected(s, i);
		if (p->kind != PHASE_VOTE || !p->u.vote.elects || suit < 0)
			continue;
		char a[64], b[64];
		int partner = u->g->deck.partner[suit];
		fprintf(u->out, "  %s: %s", p->u.vote.elects,
			suit_words(u, suit, a, sizeof a));
		if (partner >= 0)
			fprintf(u->out, ", with its partner %s",
				suit_words(u, partner, b, sizeof b));
		fputc('\n', u->out);
	}
}

/* The deal's counters (pushes, the pots), those of each seat by seat. */
static void print_counters(table_ui *u)
{
	const state *s = &u->s;
	const game *g = u->g;
	const char *sep = "  Counters:";
	for (int k = 0; k < g->ncounters; k++) {
		if (g->counter_per_seat[k])
			continue;
		fprintf(u->out, "%s %s %" PRId64, sep, g->counter_name[k],
			s->counter[k][0]);
		sep = ",";
	}
	if (*sep == ',')
		fputc('\n', u->out);
	for (int k = 0; k < g->ncounters; k++) {
		if (!g->counter_per_seat[k])
			continue;
		fprintf(u->out, "  %s:", g->counter_name[k]);
		for (int p = 0; p < s->players; p++) {
			char name[32];
			fprintf(u->out, "%s %s %" PRId64, p ? "," : "",
				seat_name(u, p, name, sizeof name), s->counter[k][p]);
		}
		fputc('\n', u->out);
	}
}

static void print_leftovers(table_ui *u)
{
	const state *s = &u->s;
	char buf[512];
	print_places(u);
	print_elected(u);
	print_counters(u);
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

/* A double trick in progress: who has laid what, face up or down. */
static void print_double(table_ui *u)
{
	const state *s = &u->s;
	char name[32], a[32], b[32];
	int leader = state_double_leader(s), k = 0;
	fprintf(u->out, "  Double trick %d, bid %d by %s:", s->last_double.number + 1,
		s->bid, seat_name(u, leader, name, sizeof name));
	for (int i = 0; i < s->players; i++) {
		int q = state_next_seat(s, leader, i);
		laid_pair pair = state_laid_pair(s, q);
		if (!pair.laid)
			continue;
		fprintf(u->out, "%s %s ", k++ ? "," : "", seat_name(u, q, name,
								     sizeof name));
		if (pair.down)
			fputs(q == leader ? "the ribs, face down"
			      : "two cards face down", u->out);
		else
			fprintf(u->out, "%s %s", render_card(&u->r, pair.card[0], a,
							      sizeof a),
				render_card(&u->r, pair.card[1], b, sizeof b));
	}
	if (k == 0)
		fputs(" nothing laid yet", u->out);
	fputc('\n', u->out);
}

static void print_trick(table_ui *u)
{
	const state *s = &u->s;
	if (state_phase_kind(s) == PHASE_DOUBLE)
		print_double(u);
	if (state_phase_kind(s) == PHASE_TRICKS && s->bid > 0) {
		char name[32];
		fprintf(u->out, "  Contract: %d%s%s by %s%s.\n", s->bid,
			s->denom >= 0 ? " " : "",
			s->denom >= 0 ? s->g->denom_name[s->denom] : "",
			seat_name(u, s->declarer, name, sizeof name),
			s->doubled ? ", doubled" : "");
	}
	if (state_phase_kind(s) == PHASE_TRICKS) {
		fprintf(u->out, "  Trick %d:", s->trick_no);
		if (s->nplayed == 0)
			fputs(" nothing played yet", u->out);
		for (int i = 0; i < s->nplayed; i++) {
			char name[32], card[32];
			fprintf(u->out, "%s %s %s", i ? "," : "",
				seat_name(u, state_next_seat(s, s->leader, i),
					  name, sizeof name),
				render_card(&u->r, s->table[i], card, sizeof card));
		}
		fputc('\n', u->out);
	}
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

/* A layout's moves by kind, each kind's targets in order: "place 0,0
 * 0,2 2,1;  ace 1,1 2,2;  start". */
static void print_moves_grouped(table_ui *u, const action *list, int n)
{
	static char w[ACTIONS_MAX][48];
	char text[200];
	for (int i = 0; i < n; i++)
		state_action_words(&u->s, &list[i], 1, w[i], sizeof w[i]);
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
				snprintf(piece, sizeof piece, "%s%.*s%.*s to %.47s",
					 same ? " | " : i ? ";  " : " ",
					 same ? 0 : (int)verb + 1, w[i], (int)first,
					 rest, second + 1);
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

static void print_legal(table_ui *u)
{
	char buf[512];
	cardset cards = state_legal_cards(&u->s);
	if (!cset_is_empty(cards)) {
		fprintf(u->out, "  Legal: %s\n",
			render_list(&u->r, cards, buf, sizeof buf));
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
	if (state_phase_kind(&u->s) == PHASE_LAYOUT) {
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
				render_list(&u->r, cards, buf, sizeof buf));
			return;
		}
	}
	fputs("  Legal:", u->out);
	for (int i = 0; i < n; i++) {
		state_action_words(&u->s, &list[i], 1, buf, sizeof buf);
		fprintf(u->out, "%s %s", i ? "," : "", buf);
	}
	fputc('\n', u->out);
}

static void print_help(table_ui *u)
{
	if (game_is_solitaire(u->g)) {
		fputs("  Moves are typed as they are listed: the move's name, then\n"
		      "  where from and where to when they need saying:\n"
		      "    place 1,2   the card drawn onto row 1, column 2 (1 2 also works)\n"
		      "    royal N0    a royal to slot N0 (N above, E right, S below, W left)\n"
		      "    joker 0,0 1,1   a top card from 0,0 to 1,1\n"
		      "    move 9C t5  a run headed by 9C onto pile t5 (or: move t3 t5)\n"
		      "    up waste    the waste's top card to a foundation\n"
		      "    start       decline the opening move (Gridcannon's swap)\n"
		      "  Commands:\n"
		      "    table       the layout       moves   the legal moves\n"
		      "    hint        a suggestion     quit    stop (the game is saved)\n"
		      "    rules       the rules of the game, from its rule file\n"
		      "  A move that is the only one is made at once.\n", u->out);
		return;
	}
	fputs("  Commands:\n"
	      "    play QS     play a card (or just: QS); 10 may be written T;\n"
	      "                a rank alone (K) names the only card that fits\n"
	      "    pass 3C QS  choose the cards to pass\n"
	      "    call 120 H  an auction's bid (or: pass, double)\n"
	      "    play 9 9 up two cards of a double trick, face up or down\n"
	      "    vote 5C     lay a card face down for a vote\n"
	      "    lay 7C 8D   lay cards back after taking the skat\n"
	      "    declare X   melds at the first trick: all, none, or the\n"
	      "                cards of those declared (declare 10S JS QS)\n"
	      "    choose X    one of a round's named choices (or just: X)\n"
	      "    hand        your hand        table   the trick and leftovers\n"
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
static void tell_pass(table_ui *u, int me);

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

/* The auction so far: the standing bid, who made it, a double. */
static void print_standing_bid(table_ui *u)
{
	const state *s = &u->s;
	if (s->bid == 0) {
		fputs("  No bid yet.\n", u->out);
		return;
	}
	char name[32];
	fprintf(u->out, "  The bid to beat: %d%s%s by %s%s.\n", s->bid,
		s->denom >= 0 ? " " : "",
		s->denom >= 0 ? s->g->denom_name[s->denom] : "",
		seat_name(u, s->declarer, name, sizeof name),
		s->doubled ? ", doubled" : "");
}

static void print_prompt_context(table_ui *u)
{
	const state *s = &u->s;
	int seat = s->current;
	if (u->o->hotseat && seat != u->last_human)
		hand_over(u, seat);
	u->last_human = seat;
	if (u->o->hotseat)
		tell_pass(u, seat);
	if (state_phase_kind(s) == PHASE_PASS) {
		int to = state_seat_plus(s, seat, state_pass_offset(s));
		char name[32];
		print_hand(u, seat);
		fprintf(u->out, "  Choose %d card%s to pass to %s%s.\n",
			command_decision_size(s),
			command_decision_size(s) == 1 ? "" : "s",
			seat_name(u, to, name, sizeof name), where(u, to));
		return;
	}
	if (state_phase_kind(s) == PHASE_LAYOUT)
		print_places(u);        /* the layout is the board */
	print_taken(u, false);
	print_trick(u);
	print_hand(u, seat);
	if (state_phase_kind(s) == PHASE_CHOOSE && state_laying(s) < 0)
		fprintf(u->out, "  Your choice:\n");
	if (state_phase_kind(s) == PHASE_AUCTION)
		print_standing_bid(u);
	print_legal(u);
}

/* Who won the trick, and what it changed in the running counts of the
 * scoring ("penalty +13"). */
static void narrate_trick(table_ui *u, const state *before)
{
	const trick_record *t = &u->s.last_trick;
	const game *g = u->g;
	char name[32];
	fprintf(u->out, "  -> %s %s trick %d", seat_name(u, t->winner, name,
		sizeof name), (!u->o->hotseat && t->winner == u->o->seat)
		? "win" : "wins", t->number);
	static value was[VARS_SLOTS_MAX], now[VARS_SLOTS_MAX];
	state_score_values(before, was);
	state_score_values(&u->s, now);
	const char *sep = " (";
	for (int i = 0; i < g->nlets; i++) {
		const let_def *l = &g->let[i];
		if (!l->per_seat || !l->reads_won || expr_result_type(l->e) != TY_INT)
			continue;
		int64_t change = now[l->slot + t->winner].i - was[l->slot + t->winner].i;
		if (change) {
			fprintf(u->out, "%s%s %+" PRId64, sep, l->name, change);
			sep = ", ";
		}
	}
	fputs(*sep == ',' ? ")\n" : "\n", u->out);
}

/* What the human gave and got.  The cards given are those chosen before
 * the pass was carried out (the next pass may already have begun). */
/* What seat `me` gave and received in the last pass, told once. */
static void tell_pass(table_ui *u, int me)
{
	if (!u->pass_news[me])
		return;
	u->pass_news[me] = false;
	char gave[256], got[256], n1[32], n2[32];
	fprintf(u->out, "  You passed %s to %s and received %s from %s.\n",
		render_list(&u->r, u->news_gave[me], gave, sizeof gave),
		seat_name(u, u->news_to[me], n1, sizeof n1),
		render_list(&u->r, u->news_got[me], got, sizeof got),
		seat_name(u, u->news_from[me], n2, sizeof n2));
}

static void narrate_pass(table_ui *u, const state *before, int seat,
			 const command *c)
{
	const state *s = &u->s;
	int to = state_pass_offset(before);
	for (int q = 0; q < s->players; q++) {
		cardset given = before->passing[q];
		for (int i = 0; seat == q && i < c->nactions; i++)
			cset_add(&given, c->actions[i].card[0]);
		u->news_gave[q] = given;
		u->news_got[q] = cset_minus(s->hand[q], before->hand[q]);
		u->news_to[q] = (int8_t)state_seat_plus(s, q, to);
		u->news_from[q] = (int8_t)state_seat_plus(s, q, -to);
		u->pass_news[q] = true;
	}
	if (!u->o->hotseat)
		tell_pass(u, u->o->seat);
}

/* "♣ and ♥", "♣, ❦ and ♠": the suits of a set of bits. */
static const char *suit_set_words(table_ui *u, unsigned suits, char *buf,
				  size_t size)
{
	int n = __builtin_popcount(suits), k = 0;
	size_t used = 0;
	buf[0] = '\0';
	for (int su = 0; su < SUIT_MAX && used < size; su++) {
		if (!(suits >> su & 1))
			continue;
		char g[32];
		used += (size_t)snprintf(buf + used, size - used, "%s%s",
			k == 0 ? "" : k == n - 1 ? " and " : ", ",
			render_suit(&u->r, su, g, sizeof g));
		k++;
	}
	return buf;
}

/* The ranks of suit su among row[0..n), highest first: "K J 5". */
static const char *rank_words(table_ui *u, const card_id *row, int n, int su,
			      char *buf, size_t size)
{
	const deck *d = &u->g->deck;
	size_t used = 0;
	buf[0] = '\0';
	for (int r = d->nranks - 1; r >= 0; r--)
		for (int i = 0; i < n && used < size; i++)
			if (d->suit_of[row[i]] == su && d->rank_of[row[i]] == r)
				used += (size_t)snprintf(buf + used, size - used,
					"%s%s", used ? " " : "", d->rank[r]);
	return buf;
}

/* The cards of a vote turned up, who laid which, the count per suit and
 * how the election was decided, in words. */
static void narrate_reveal(table_ui *u, const state *before)
{
	const state *s = &u->s;
	const phase *p = &u->g->phase[before->phase];
	const vote_phase *v = &p->u.vote;
	if (v->to_place < 0)
		return;
	int pile = u->g->place[v->to_place].first_pile;
	card_id all[CARD_MAX];
	int total = pile_in_order(s, pile, all);
	int n = total - before->pile_size[pile];
	const card_id *row = all + before->pile_size[pile];
	char name[32], card[32];
	fputs("  The cards are turned up:", u->out);
	bool centre = false;
	for (int i = 0; i < n; i++) {
		int owner = -1;
		for (int q = 0; q < s->players; q++)
			if (cset_has(before->hand[q], row[i]))
				owner = q;
		if (owner < 0 && !centre && v->with_place >= 0)
			fprintf(u->out, "; %s", u->g->place[v->with_place].name);
		if (owner < 0)
			centre = true;
		fprintf(u->out, "%s", i == 0 ? " " : owner >= 0 ? ", " : " ");
		if (owner >= 0)
			fprintf(u->out, "%s ", seat_name(u, owner, name, sizeof name));
		fputs(render_card(&u->r, row[i], card, sizeof card), u->out);
	}
	fputs(".\n", u->out);
	if (!v->elects)
		return;
	election e;
	elect_suit(&u->g->deck, row, n, v->tie, v->nties, &e);
	if (e.suit < 0) {
		fprintf(u->out, "  No suit is elected: %s is none.\n", v->elects);
		return;
	}
	fputs("  Cards per suit:", u->out);
	for (int most = n, k = 0; most > 0; most--)
		for (int su = 0; su < SUIT_MAX; su++)
			if (e.count[su] == most) {
				char g[32];
				fprintf(u->out, "%s %s %d", k++ ? "," : "",
					render_suit(&u->r, su, g, sizeof g), most);
			}
	fputs(".\n  ", u->out);
	char set[128], ranks[64], a[64];
	int most = e.count[e.suit];
	if (e.how == ELECT_MOST)
		fprintf(u->out, "%s has the most cards", render_suit(&u->r, e.suit,
							       a, sizeof a));
	else
		fprintf(u->out, "%s have %d cards each",
			suit_set_words(u, e.tied, set, sizeof set), most);
	if (e.how == ELECT_RANKS || (e.how == ELECT_ORDER &&
				      e.after_ranks != e.tied)) {
		fputs("; their ranks, highest first:", u->out);
		for (int su = 0, k = 0; su < SUIT_MAX; su++)
			if (e.tied >> su & 1)
				fprintf(u->out, "%s %s %s", k++ ? "," : "",
					render_suit(&u->r, su, a, sizeof a),
					rank_words(u, row, n, su, ranks,
						   sizeof ranks));
		static const char *const nth[] = {"first", "second", "third",
			"fourth", "fifth", "sixth", "seventh"};
		if (e.how == ELECT_RANKS && e.rank_step < 7)
			fprintf(u->out, "; %s is higher at the %s card",
				render_suit(&u->r, e.suit, a, sizeof a),
				nth[e.rank_step]);
		else if (e.how == ELECT_RANKS)
			fprintf(u->out, "; %s is higher at card %d",
				render_suit(&u->r, e.suit, a, sizeof a),
				e.rank_step + 1);
		else
			fprintf(u->out, "; %s stay tied",
				suit_set_words(u, e.after_ranks, set, sizeof set));
	} else if (e.how == ELECT_ORDER && v->nties > 0 &&
		   v->tie[0] == ELECT_TIE_RANKS)
		fprintf(u->out, " with the same ranks (%s)",
			rank_words(u, row, n, e.suit, ranks, sizeof ranks));
	if (e.how == ELECT_ORDER)
		fprintf(u->out, "; %s comes first in the order turned up",
			render_card(&u->r, row[e.first], card, sizeof card));
	fputs(".\n", u->out);
	print_elected(u);
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
	vars_melds(&u->s, &r);
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

/* "K♠ 8♦". */
static const char *pair_words(table_ui *u, const card_id *c, char *buf,
			      size_t size)
{
	char a[32], b[32];
	snprintf(buf, size, "%s %s", render_card(&u->r, c[0], a, sizeof a),
		 render_card(&u->r, c[1], b, sizeof b));
	return buf;
}

/* A double trick resolved, step by step: the pairs turned, who dropped
 * out, who matched or kept their cards, the leader's take, the bid check. */
static void narrate_double(table_ui *u)
{
	const state *s = &u->s;
	const double_record *r = &s->last_double;
	char name[32], buf[64];
	int n = s->players;
	seat_name(u, r->leader, name, sizeof name);
	fprintf(u->out, "  The ribs of %s: %s (bid %d).\n", name,
		pair_words(u, r->card[0], buf, sizeof buf), r->bid);
	const char *sep = "  Dropped out (face down):";
	for (int i = 1; i < n; i++)
		if (r->fate[i] == FATE_DROPPED) {
			fprintf(u->out, "%s %s", sep, seat_name(u, state_next_seat(s,
				r->leader, i), name, sizeof name));
			sep = ",";
		}
	if (*sep == ',')
		fputs(".\n", u->out);
	if (r->matcher >= 0) {
		int q = state_next_seat(s, r->leader, r->matcher);
		fprintf(u->out, "  %s matched the ribs with %s and %s every card "
			"shown.\n", seat_name(u, q, name, sizeof name),
			pair_words(u, r->card[r->matcher], buf, sizeof buf),
			!u->o->hotseat && q == u->o->seat ? "take" : "takes");
		for (int i = 1; i < n; i++)
			if (r->fate[i] == FATE_OUTMATCHED)
				fprintf(u->out, "  %s matched too, but later.\n",
					seat_name(u, state_next_seat(s, r->leader, i),
						  name, sizeof name));
		fprintf(u->out, "  The bid fails: the leader takes nothing.\n");
		return;
	}
	int taken = 0;
	for (int i = 1; i < n; i++) {
		int q = state_next_seat(s, r->leader, i);
		if (r->fate[i] == FATE_BEAT)
			fprintf(u->out, "  %s beat the ribs and %s %s.\n",
				seat_name(u, q, name, sizeof name),
				!u->o->hotseat && q == u->o->seat ? "keep" : "keeps",
				pair_words(u, r->card[i], buf, sizeof buf));
		else if (r->fate[i] == FATE_TAKEN) {
			fprintf(u->out, "  %s's %s go to the leader.\n",
				seat_name(u, q, name, sizeof name),
				pair_words(u, r->card[i], buf, sizeof buf));
			taken++;
		}
	}
	if (!taken)
		fputs("  The leader takes no pair.\n", u->out);
	fprintf(u->out, "  Bid check: %d points for the ribs and the pairs "
		"taken, against a bid of %d: %s.\n", r->sum, r->bid, r->made
		? "made, the leader keeps the ribs"
		: "failed, the ribs are discarded");
}

/* What a person who took a place's cards (the skat) found there. */
static void tell_taken(table_ui *u, const state *before, int seat)
{
	const state *s = &u->s;
	const choice_def *c =
		&u->g->phase[s->phase].u.choose.choice[state_laying(s)];
	char buf[256], example[64] = "";
	cardset got = cset_minus(s->hand[seat], before->hand[seat]);
	action list[ACTIONS_MAX];
	int n = state_legal(s, list), need = s->pass_need[seat];
	for (int i = 0; i < n && i < need; i++) {
		char name[8];
		deck_card_name(&u->g->deck, list[i].card[0], false, name);
		snprintf(example + strlen(example), sizeof example - strlen(example),
			 "%s%s", i ? " " : "", name);
	}
	fprintf(u->out, "  In the %s: %s. Lay %d card(s) back, as in: lay %s\n",
		u->g->place[c->take].name, render_list(&u->r, got, buf, sizeof buf),
		need, example);
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
	fprintf(u->out, "  %s %s", seat_name(u, seat, name, sizeof name),
		me ? "declare" : "declares");
	print_melds(u, m, n, bits);
	fputs(".\n", u->out);
}

/* After a decision by `seat`: the card, the trick, the pass, the scores. */
static void narrate(table_ui *u, const state *before, int seat,
		    const command *c)
{
	const state *s = &u->s;
	char name[32], card[32];
	int kind = state_phase_kind(before);
	if (kind == PHASE_LAYOUT) {
		char words[200], text[400];
		state_action_words(before, c->actions, c->nactions, words,
				   sizeof words);
		tableau_narrate(u->out, &u->r, before, s,
				render_text(&u->r, words, text, sizeof text),
				u->forced);
	} else if (kind == PHASE_TRICKS && c->actions[0].kind == ACT_MELDS)
		narrate_declared(u, before, seat, c->actions[0].number);
	else if (kind == PHASE_TRICKS)
		fprintf(u->out, "  %s %s %s\n", seat_name(u, seat, name, sizeof name),
			(!u->o->hotseat && seat == u->o->seat) ? "play" : "plays",
			render_card(&u->r, c->actions[0].card[0], card, sizeof card));
	else if (kind == PHASE_PASS && !is_human(u, seat))
		fprintf(u->out, "  %s has chosen the cards to pass.\n",
			seat_name(u, seat, name, sizeof name));
	else if (kind == PHASE_VOTE && !is_human(u, seat))
		fprintf(u->out, "  %s has laid a card face down.\n",
			seat_name(u, seat, name, sizeof name));
	else if (kind == PHASE_VOTE) {
		char buf[256];
		cardset laid = cset_empty();
		for (int i = 0; i < c->nactions; i++)
			cset_add(&laid, c->actions[i].card[0]);
		if (u->o->hotseat)
			fprintf(u->out, "  %s has laid a card face down.\n",
				seat_name(u, seat, name, sizeof name));
		else
			fprintf(u->out, "  You lay %s face down.\n",
				render_list(&u->r, laid, buf, sizeof buf));
	} else if (kind == PHASE_DOUBLE) {
		char buf[64];
		bool me = !u->o->hotseat && seat == u->o->seat;
		if (c->actions[0].flags & ACT_DOWN)
			fprintf(u->out, "  %s %s two cards face down%s.\n",
				seat_name(u, seat, name, sizeof name), me ? "lay" : "lays",
				seat == state_double_leader(before)
				? " (the ribs)" : "");
		else
			fprintf(u->out, "  %s %s %s.\n",
				seat_name(u, seat, name, sizeof name), me ? "lay" : "lays",
				pair_words(u, c->actions[0].card, buf, sizeof buf));
	} else if (kind == PHASE_AUCTION && c->actions[0].kind == ACT_BID) {
		char words[200];
		state_action_words(before, c->actions, c->nactions, words,
				   sizeof words);
		fprintf(u->out, "  %s %s %s\n", seat_name(u, seat, name, sizeof name),
			!u->o->hotseat && seat == u->o->seat ? "bid" : "bids", words);
	} else if (kind == PHASE_CHOOSE && state_laying(before) >= 0) {
		const choice_def *ch = &u->g->phase[before->phase].u.choose
			.choice[state_laying(before)];
		fprintf(u->out, "  %s %s %d card(s) back, face %s.\n",
			seat_name(u, seat, name, sizeof name),
			is_human(u, seat) && !u->o->hotseat ? "lay" : "lays",
			before->pass_need[seat], ch->lay_up ? "up" : "down");
	} else if (kind != PHASE_PASS) {
		char words[200];
		state_action_words(before, c->actions, c->nactions, words,
				   sizeof words);
		fprintf(u->out, "  %s: %s\n", seat_name(u, seat, name, sizeof name),
			words);
	}
	if (kind == PHASE_CHOOSE && state_laying(s) >= 0 &&
	    state_laying(before) < 0 &&
	    is_human(u, seat))
		tell_taken(u, before, seat);
	if (s->last_trick.number != before->last_trick.number ||
	    s->deal_no != before->deal_no) {
		narrate_trick(u, before);
		if (u->s.last_trick.number == 1 && u->g->melds)
			narrate_melds(u);
	}
	if (state_phase_kind(before) == PHASE_PASS && before->phase != s->phase)
		narrate_pass(u, before, seat, c);
	if (s->event == EV_REVEALED)
		narrate_reveal(u, before);
	if (s->last_double.number != before->last_double.number &&
	    s->deal_no == before->deal_no)     /* also when the deal ends */
		narrate_double(u);
	if (s->event == EV_REDEALT)
		fprintf(u->out, "  Nobody bid: the cards are thrown in, and %s "
			"deals again.\n", seat_name(u, s->dealer, name,
						    sizeof name));
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
	command c = {.kind = CMD_DECISION};
	int n = command_decision_size(&u->s);
	view v;
	for (int i = 0; i < n; i++) {
		bot_view(&u->bots[seat], &u->s, seat, &v);
		action m = bot_choose(&u->bots[seat], &v);
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
	bot adviser;
	bot_init(&adviser, game_is_solitaire(u->g) ? BOT_SEARCH : BOT_ISMCTS,
		 u->s.seed ^ UINT64_C(0x68696e74), u->s.current);
	adviser.playouts = u->o->playouts;
	view v;
	state_view(&u->s, u->s.current, &v);
	state trial = u->s;
	command c = {.kind = CMD_DECISION};
	int n = command_decision_size(&u->s);
	for (int i = 0; i < n; i++) {
		state_view(&trial, trial.current, &v);
		c.actions[c.nactions] = bot_choose(&adviser, &v);
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
	if (state_phase_kind(&u->s) == PHASE_PASS)
		cards = u->s.hand[u->s.current];
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
			if (go_on && u->s.current >= 0 && is_human(u, u->s.current) &&
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
	if (s->deals)
		fprintf(u->out, ", %d deals", s->deals);
	for (int i = 0; i < g->noptions; i++)
		fprintf(u->out, ", %s %" PRId64, g->option[i].name, s->option[i]);
	fprintf(u->out, ", seed %" PRIu64 ".\n", s->seed);
	if (u->o->hotseat)
		fprintf(u->out, "Hot-seat: every seat is played at this keyboard.\n");
	else
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
		if (!is_human(u, u->s.current)) {
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
