/* layout_words.c — a solitaire's moves in words, and its rules in
 * sentences for `explain`. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "engine/layout.h"
#include "engine/place.h"

/* ======================================================================
 * Words
 * ====================================================================== */

action_prompt layout_prompt(const state *s, const phase *p)
{
	(void)s;
	(void)p;
	action_prompt due = {"", 1};    /* each move names itself */
	return due;
}

/* Whether a move's words name its source pile: several places or piles
 * to take from, or another move of the same name. */
static bool names_source(const game *g, const layout_phase *l, int index)
{
	const move_def *m = &l->move[index];
	if (cset_word_count(m->from) > 1)
		return true;
	int k = __builtin_ctz(m->from | 1u << 31);
	if (k < g->nplaces && g->place[k].npiles > 1)
		return true;
	for (int i = 0; i < l->nmoves; i++)
		if (i != index && strcmp(l->move[i].name, m->name) == 0)
			return true;
	return false;
}

/* Whether move m takes cards from a pyramid (and so names its card:
 * piles there are many and change hands quickly). */
static bool from_pyramid(const game *g, const move_def *m)
{
	for (int k = 0; k < g->nplaces; k++)
		if (m->from >> k & 1 && g->place[k].pyramid)
			return true;
	return false;
}

/* The words of one action, split: the move's name, then its source (a
 * card for a run, tagged when the deck has copies of it; else a pile) and its destination pile when they need
 * saying; how many. */
static int action_tokens(const state *s, const layout_phase *l,
			 const action *a, char tok[3][24])
{
	const game *g = s->g;
	if (a->kind == ACT_CHOICE) {
		snprintf(tok[0], 24, "start");
		return 1;
	}
	if (a->kind != ACT_MOVE || a->number < 0 || a->number >= l->nmoves)
		return 0;
	const move_def *m = &l->move[a->number];
	int n = 0;
	snprintf(tok[n++], 24, "%s", m->name);
	if (m->pair) {                  /* its two cards */
		char name[8];
		for (int i = 0; i < 2; i++)
			snprintf(tok[n++], 24, "%s", deck_card_name(
				 &g->deck, a->card[i], true, name));
		return n;
	}
	/* a run, or a card of a move from a pyramid, is named by its card */
	if (m->group == GROUP_RUN || (from_pyramid(g, m) &&
				      a->card[0] != CARD_NONE)) {
		char name[8];
		snprintf(tok[n++], 24, "%s",
			 deck_card_name(&g->deck, a->card[0], true, name));
	} else if (names_source(g, l, a->number)) {
		int k = layout_place_of_pile(g, a->from);
		snprintf(tok[n++], 24, "%s", g->place[k].pile_name
			 [a->from - g->place[k].first_pile]);
	}
	if (g->place[m->to].npiles > 1 && !m->each)
		snprintf(tok[n++], 24, "%s", g->place[m->to].pile_name
			 [a->to - g->place[m->to].first_pile]);
	return n;
}

void layout_words(const state *s, const phase *p, const action *a, int n,
		  char *buf, size_t size)
{
	char tok[3][24];
	int k = n < 1 ? 0 : action_tokens(s, LAYOUT(p), a, tok);
	buf[0] = '\0';
	for (int i = 0; i < k; i++)
		snprintf(buf + strlen(buf), size - strlen(buf), "%s%s",
			 i ? " " : "", tok[i]);
}

/* Whether a typed word names card c: its face, with the tag of its
 * copy or none (AS, AS#2). */
static bool names_card(const deck *d, const char *w, card_id c)
{
	card_face face;
	int copy;
	return c != CARD_NONE &&
	       deck_parse_face(d, w, strlen(w), &face, &copy) == DECK_PARSE_OK &&
	       face == d->face[c] && (copy == 0 || copy == d->copy_of[c]);
}

/* A typed word for a token of action a: the token itself, or for a run's
 * card that card (by any of its names) or the pile it lies in. */
static bool word_matches(const state *s, const action *a, const char *w,
			 const char *tok)
{
	if (strcasecmp(w, tok) == 0)
		return true;
	const game *g = s->g;
	char name[8];
	if (a->kind == ACT_MOVE && a->card[0] != CARD_NONE &&
	    strcasecmp(tok, deck_card_name(&g->deck, a->card[0], true, name)) == 0) {
		if (names_card(&g->deck, w, a->card[0]))
			return true;
		int k = layout_place_of_pile(g, a->from);
		return k >= 0 && strcasecmp(w, g->place[k].pile_name
					    [a->from - g->place[k].first_pile]) == 0;
	}
	return false;
}

/* Whether the typed words name action a: its tokens in order, a word
 * naming the moving card may be added anywhere after the name, and the
 * last tokens may be left out. */
static bool typed_matches(const state *s, const layout_phase *l,
			  const action *a, char *const *word, int nword)
{
	char tok[3][24];
	int nt = action_tokens(s, l, a, tok), t = 0;
	if (nt == 0 || nword == 0 || strcasecmp(word[0], tok[0]) != 0)
		return false;
	if (a->kind == ACT_MOVE && l->move[a->number].pair) {
		const deck *d = &s->g->deck;    /* both cards, in either order */
		return nword == 3 &&
		       ((names_card(d, word[1], a->card[0]) &&
			 names_card(d, word[2], a->card[1])) ||
			(names_card(d, word[1], a->card[1]) &&
			 names_card(d, word[2], a->card[0])));
	}
	t = 1;
	for (int i = 1; i < nword; i++) {
		if (t < nt && word_matches(s, a, word[i], tok[t])) {
			t++;
			continue;
		}
		if (a->kind == ACT_MOVE && names_card(&s->g->deck, word[i],
						      a->card[0]))
			continue;
		return false;
	}
	return true;
}

/* Whether a pile's place is a grid or around one: its piles differ by
 * where they lie even when empty. */
static bool placed_apart(const game *g, int pile)
{
	int k = layout_place_of_pile(g, pile);
	return k >= 0 && (g->place[k].rows || g->place[k].around >= 0);
}

static bool all_digits(const char *w)
{
	if (!*w)
		return false;
	for (; *w; w++)
		if (*w < '0' || *w > '9')
			return false;
	return true;
}

static bool parse_words(const state *s, const phase *p, char *const *word,
			int nword, action *out, int *n, char *err, size_t size);

/* A grid pile's word `1,2` arrives split at its comma: joined again. */
bool layout_parse(const state *s, const phase *p, char *const *word,
		  int nword, action *out, int *n, char *err, size_t size)
{
	char joined[16][24];
	char *w[16];
	int nw = 0;
	for (int i = 0; i < nword && nw < 16; i++) {
		if (i + 1 < nword && all_digits(word[i]) && all_digits(word[i + 1]) &&
		    strlen(word[i]) < 8 && strlen(word[i + 1]) < 8) {
			snprintf(joined[nw], sizeof joined[nw], "%s,%s", word[i],
				 word[i + 1]);
			i++;
		} else {
			snprintf(joined[nw], sizeof joined[nw], "%s", word[i]);
		}
		w[nw] = joined[nw];
		nw++;
	}
	return parse_words(s, p, w, nw, out, n, err, size);
}

/* Which legal moves an explanation lists. */
enum { MATCH_TYPED, MATCH_NAME, MATCH_ALL };

/* Appends to err the words of the legal moves that match (the typed
 * words, or the move's name only, or all), at most `most` of them. */
static void list_words(const state *s, const phase *p, const action *list,
		       int nl, char *const *word, int nword, int match,
		       int most, char *err, size_t size)
{
	const layout_phase *l = LAYOUT(p);
	size_t used = strlen(err);
	for (int i = 0, shown = 0; i < nl && used < size; i++) {
		char tok[3][24], w[80];
		if (match == MATCH_TYPED &&
		    !typed_matches(s, l, &list[i], word, nword))
			continue;
		if (match == MATCH_NAME &&
		    (action_tokens(s, l, &list[i], tok) == 0 ||
		     strcasecmp(tok[0], word[0]) != 0))
			continue;
		if (shown++ == most) {
			snprintf(err + used, size - used, match == MATCH_ALL
				 ? " ... (type moves)" : " ...");
			break;
		}
		layout_words(s, p, &list[i], 1, w, sizeof w);
		used += (size_t)snprintf(err + used, size - used, "%s %s",
					 shown > 1 ? "," : "", w);
	}
}

/* The card that names a move leaving pile `pile` from depth `at`, as
 * the listing names it: none when the player cannot see it. */
static card_id visible_card(const state *s, int pile, const card_id *row,
			    int at)
{
	int k = layout_place_of_pile(s->g, pile);
	card_id c = row[at];
	if (k < 0 || !s->g->place[k].face_up ||
	    (cset_has(s->down, c) && !cset_has(s->seen, c)))
		return CARD_NONE;
	return c;
}

/* A card lying in a pile that a typed word names; CARD_NONE. */
static card_id laid_card(const state *s, const char *w)
{
	for (int c = 0; c < s->g->deck.ncards; c++)
		if (s->pile_of[c] > 0 && names_card(&s->g->deck, w, (card_id)c))
			return (card_id)c;
	return CARD_NONE;
}

/* The pair move the words name, legal or not: its two cards, the one
 * of the lower pile first; how many (0 or 1). */
static int pair_candidate(const state *s, const layout_phase *l, int index,
			  char *const *word, int nword, action *out)
{
	const move_def *m = &l->move[index];
	if (nword != 3 || strcasecmp(word[0], m->name) != 0)
		return 0;
	card_id a = laid_card(s, word[1]), b = laid_card(s, word[2]);
	if (a == CARD_NONE || b == CARD_NONE || a == b)
		return 0;
	if (s->pile_of[b] < s->pile_of[a]) {
		card_id t = a;
		a = b;
		b = t;
	}
	out[0] = action_of(ACT_MOVE, index);
	out[0].card[0] = a;
	out[0].card[1] = b;
	out[0].from = (uint8_t)(s->pile_of[a] - 1);
	out[0].to = (uint8_t)s->g->place[m->to].first_pile;
	return 1;
}

/* The moves of one kind the typed words could mean, legal or not: each
 * source pile (for a run, each card the player sees there) onto each
 * other pile of its destination; how many, at most `room`. */
static int kind_candidates(const state *s, const layout_phase *l, int index,
			   char *const *word, int nword, action *out, int room)
{
	const game *g = s->g;
	const move_def *m = &l->move[index];
	int n = 0;
	if (m->pair)
		return room > 0 ? pair_candidate(s, l, index, word, nword, out) : 0;
	for (int sp = 0; sp < g->npiles && n < room; sp++) {
		int k = layout_place_of_pile(g, sp);
		card_id row[CARD_MAX];
		int h = pile_in_order(s, sp, row);
		if (k < 0 || !(m->from >> k & 1) || (h == 0 && m->group == GROUP_RUN))
			continue;
		for (int at = m->group == GROUP_RUN || h == 0 ? 0 : h - 1;
		     at < h || (h == 0 && at == 0); at++) {
			action a = action_of(ACT_MOVE, index);
			a.card[0] = h ? visible_card(s, sp, row, at) : CARD_NONE;
			a.from = (uint8_t)sp;
			if (m->group == GROUP_RUN && a.card[0] == CARD_NONE)
				continue;
			const place_def *dst = &g->place[m->to];
			for (int d = 0; d < dst->npiles && n < room; d++) {
				a.to = (uint8_t)(dst->first_pile + d);
				if (a.to != sp && typed_matches(s, l, &a, word, nword))
					out[n++] = a;
			}
		}
	}
	return n;
}

/* Why the move the words name is refused, when they name one card or
 * pile to move (only its destination may be left to say): "a card goes
 * on a stack of equal or lower value (8C onto 10S)". */
static bool typed_refusal(const state *s, const phase *p, char *const *word,
			  int nword, char *why, size_t size)
{
	const layout_phase *l = LAYOUT(p);
	action cand[ACTIONS_MAX];
	if (nword == 1 && strcasecmp(word[0], "start") == 0) {
		action start = action_of(ACT_CHOICE, 0);
		return layout_refusal(s, p, &start, why, size);
	}
	int n = 0;
	for (int i = 0; i < l->nmoves; i++)
		n += kind_candidates(s, l, i, word, nword, cand + n,
				     ACTIONS_MAX - n);
	for (int k = 1; k < n; k++)
		if (cand[k].number != cand[0].number ||
		    cand[k].from != cand[0].from ||
		    cand[k].card[0] != cand[0].card[0])
			return false;   /* the words mean several moves */
	return n > 0 && layout_refusal(s, p, &cand[0], why, size);
}

static bool parse_words(const state *s, const phase *p, char *const *word,
			int nword, action *out, int *n, char *err, size_t size)
{
	const layout_phase *l = LAYOUT(p);
	action list[ACTIONS_MAX];
	int nl = layout_legal(s, p, list), found = 0, first = -1;
	bool same = true;
	for (int i = 0; i < nl; i++) {
		if (!typed_matches(s, l, &list[i], word, nword))
			continue;
		if (first < 0)
			first = i;
		/* destinations that differ only among empty piles are one,
		 * but on a grid or around one, where each pile has its place */
		else if (list[i].number != list[first].number ||
			 list[i].from != list[first].from ||
			 list[i].card[0] != list[first].card[0] ||
			 s->pile_size[list[i].to] || s->pile_size[list[first].to] ||
			 placed_apart(s->g, list[i].to))
			same = false;
		found++;
	}
	if (found == 1 || (found > 1 && same)) {
		out[0] = list[first];
		*n = 1;
		return true;
	}
	err[0] = '\0';
	if (found > 1) {
		snprintf(err, size, "say which:");
		list_words(s, p, list, nl, word, nword, MATCH_TYPED, 6, err, size);
		return false;
	}
	/* a move of this name, elsewhere: its targets */
	bool named = false;
	for (int i = 0; i < nl && nword && !named; i++) {
		char tok[3][24];
		named = action_tokens(s, l, &list[i], tok) > 0 &&
			strcasecmp(tok[0], word[0]) == 0;
	}
	char typed[120] = "", why[300];
	for (int i = 0; i < nword; i++)
		snprintf(typed + strlen(typed), sizeof typed - strlen(typed),
			 "%s%s", i ? " " : "", word[i]);
	bool refused = nword && typed_refusal(s, p, word, nword, why, sizeof why);
	if (named) {
		snprintf(err, size, "'%s' is not legal now%s%s; the legal '%s' moves are:",
			 typed, refused ? ": " : "", refused ? why : "", word[0]);
		list_words(s, p, list, nl, word, nword, MATCH_NAME, 12, err, size);
		return false;
	}
	if (refused)
		snprintf(err, size, "'%s' is not legal now: %s; the moves are:",
			 typed, why);
	else
		snprintf(err, size, "'%s' is not a move now; the moves are:",
			 nword ? word[0] : "");
	list_words(s, p, list, nl, word, nword, MATCH_ALL, 8, err, size);
	return false;
}

void layout_why_illegal(const state *s, const phase *p, const action *a,
			char *buf, size_t size)
{
	char w[80], why[300];
	layout_words(s, p, a, 1, w, sizeof w);
	if (layout_refusal(s, p, a, why, sizeof why))
		snprintf(buf, size, "'%s' is not legal now: %s", w[0] ? w : "that",
			 why);
	else
		snprintf(buf, size, "'%s' is not a legal move now (type moves for "
			 "the list)", w[0] ? w : "that");
}

/* ======================================================================
 * Explaining
 * ====================================================================== */

static const char *place_name(const game *g, int k)
{
	return k >= 0 ? g->place[k].name : "?";
}

/* A formula as explain says it: its `says`, or quoted. */
static void put_formula(FILE *out, const expr *e)
{
	if (expr_says(e))
		fputs(expr_says(e), out);
	else
		fprintf(out, "`%s`", expr_text(e));
}

static void explain_move(FILE *out, const game *g, const layout_phase *l,
			 const move_def *m)
{
	static const char *const group[] = {
		[GROUP_TOP] = "the top card",
		[GROUP_RUN] = "a face-up card with the cards on it",
		[GROUP_ALL] = "the whole pile",
	};
	char count[80];
	if (m->has_count)
		fprintf(out, "- `%s`: up to %s top cards", m->name,
			phase_number_words(&m->count, count, sizeof count));
	else if (m->pair)
		fprintf(out, "- `%s`: the top cards of two piles together (`card` "
			"and `other`)", m->name);
	else
		fprintf(out, "- `%s`: %s", m->name, group[m->group]);
	fprintf(out, " from ");
	bool first = true;
	for (int k = 0; k < g->nplaces; k++)
		if (m->from >> k & 1) {
			fprintf(out, "%s`%s`", first ? "" : " or ", g->place[k].name);
			first = false;
		}
	fprintf(out, " %s %s`%s`%s", m->bottom ? "under" : "onto",
		m->each ? "each pile of " : "", place_name(g, m->to),
		m->flip ? ", turned over" : "");
	if (m->when && m->why)
		fprintf(out, ": %s", m->why);
	else if (m->when)
		fprintf(out, ", when `%s`", expr_text(m->when));
	if (m->sequence) {
		fputs("; a run: ", out);
		put_formula(out, m->sequence);
	}
	if (m->capacity) {
		fputs("; cards moved at once at most ", out);
		put_formula(out, m->capacity);
	}
	for (int i = 0; i < m->nprefer; i++) {
		fputs(i ? ", then " : "; preferring ", out);
		put_formula(out, m->prefer[i]);
	}
	if (m->best && expr_says(m->best))
		fprintf(out, "; %s", expr_says(m->best));
	else if (m->best)
		fprintf(out, "; only where `%s` is the %s", expr_text(m->best),
			m->best_lowest ? "lowest" : "highest");
	for (int i = 0, k = 0; i < MOVES_MAX; i++)
		if (m->unless >> i & 1)
			fprintf(out, "%s`%s`", k++ ? " or " : "; only when no move "
				"of ", l->move[i].name);
	if (m->unless)
		fputs(" can be made", out);
	if (m->pay) {
		fputs(expr_says(m->pay) ? "; it uses up " : "; it uses up a card of ",
		      out);
		put_formula(out, m->pay);
		fprintf(out, " from `%s` (to `%s`)", place_name(g, m->pay_from),
			place_name(g, m->pay_to));
	}
	if (m->attack)
		fprintf(out, "; then the attack");
	if (m->refill)
		fprintf(out, "; then its pile is filled again");
	if (m->loses) {
		fputs("; the game is lost when ", out);
		put_formula(out, m->loses);
	}
	if (m->safe) {
		fputs("; it can never hurt when ", out);
		put_formula(out, m->safe);
	}
	if (m->last_resort)
		fputs("; solvers try it last", out);
	if (m->automatic)
		fprintf(out, " (made at once, without asking)");
	if (m->opening)
		fprintf(out, " (once, before the first card is drawn; or type "
			"`start`)");
	fputs(".\n", out);
}

static bool same_count(const int *n, int npiles)
{
	for (int i = 1; i < npiles; i++)
		if (n[i] != n[0])
			return false;
	return true;
}

/* Each pile's number, "7, 7, 7, 7, 6, 6, 6, 6", or the one of all
 * (then `each` follows it). */
static void put_per_pile(FILE *out, const int *n, int npiles,
			 const char *each)
{
	bool same = same_count(n, npiles);
	for (int i = 0; i < (same ? 1 : npiles); i++)
		fprintf(out, "%s%d", i ? ", " : "", n[i]);
	if (same && npiles > 1)
		fputs(each, out);
}

static void explain_deal(FILE *out, const game *g, const layout_phase *l)
{
	int npiles = g->place[l->deal_to].npiles, n[PILES_MAX], down[PILES_MAX];
	bool all_down = true, none_down = true;
	for (int i = 0; i < npiles; i++) {
		n[i] = l->deal_counted ? l->deal_count[i] : l->deal_first + i;
		down[i] = l->deal_down[i] < 0 || l->deal_down[i] > n[i]
			? n[i] : l->deal_down[i];
		all_down &= down[i] == n[i];
		none_down &= down[i] == 0;
	}
	if (!l->deal_counted) {
		fprintf(out, " Setup: pile i of `%s` gets %d + i cards", place_name(
			g, l->deal_to), l->deal_first);
	} else {
		fprintf(out, " Setup: the piles of `%s` get ", place_name(
			g, l->deal_to));
		put_per_pile(out, n, npiles, n[0] == 1 ? " card each"
							: " cards each");
		if (!same_count(n, npiles))
			fputs(" cards", out);
	}
	if (all_down) {
		fputs(" face down", out);
	} else if (none_down) {
		fputs(" face up", out);
	} else {
		fputs(", the bottom ", out);
		put_per_pile(out, down, npiles, " of each");
		fputs(" face down", out);
	}
	fputs(", dealt a round at a time.", out);
}

void layout_explain(FILE *out, const game *g, const phase *p)
{
	const layout_phase *l = LAYOUT(p);
	fprintf(out, "A solitaire layout. The cards start face down in `%s` "
		"and are taken from its top.", place_name(g, l->stock));
	for (int k = 0; k < g->nplaces; k++) {
		const place_def *pl = &g->place[k];
		if (pl->rows)
			fprintf(out, " `%s` is a grid of %d x %d piles (row,column "
				"from 0,0 at the top left).", pl->name, pl->rows,
				pl->cols);
		else if (pl->pyramid)
			fprintf(out, " `%s` is a pyramid of %d rows (row,place "
				"from 0,0 at the apex); a pile is covered, and gives "
				"no card, while a pile of the next row that overlaps "
				"it has cards.", pl->name, pl->pyramid);
		else if (pl->around >= 0)
			fprintf(out, " `%s` are the %d slots around `%s` (N0.. "
				"above, E0.. right, S0.. below, W0.. left), each "
				"beside one edge pile.", pl->name, pl->npiles,
				g->place[pl->around].name);
	}
	if (l->deal_to >= 0)
		explain_deal(out, g, l);
	if (l->fill >= 0) {
		fprintf(out, " Setup: each pile of `%s` is filled from the top "
			"until it gets %s", place_name(g, l->fill),
			expr_says(l->fill_with) ? "" : "a card of ");
		put_formula(out, l->fill_with);
		fprintf(out, "; the others go to `%s`.", place_name(g, l->aside));
	}
	if (l->reveal >= 0)
		fprintf(out, " The top card of each pile of `%s` is turned face "
			"up.", place_name(g, l->reveal));
	if (l->draw_to >= 0) {
		fprintf(out, " Whenever `%s` is empty a card is drawn into it "
			"from", place_name(g, l->draw_to));
		for (int i = 0; i < l->ndraw; i++)
			fprintf(out, "%s `%s`", i ? ", else" : "",
				place_name(g, l->draw_from[i]));
		fputc('.', out);
	}
	fputs("\n\nMoves:\n\n", out);
	for (int i = 0; i < l->nmoves; i++)
		explain_move(out, g, l, &l->move[i]);
	if (l->attack_grid >= 0) {
		fprintf(out, "\nThe attack: after a move onto `%s` at one end of a "
			"row or column, the card in the slot of `%s` beyond the "
			"other end is turned face down when ",
			place_name(g, l->attack_grid), place_name(g, l->attack_slots));
		put_formula(out, l->kills);
		fputs(".\n", out);
	}
	fprintf(out, "\nThe game ends when no move is left");
	if (l->won) {
		fputs(", won when ", out);
		put_formula(out, l->won);
	}
	if (l->lost) {
		fputs(", lost when ", out);
		put_formula(out, l->lost);
	}
	if (l->limit)
		fprintf(out, ", or after %d moves", l->limit);
	if (l->stall)
		fprintf(out, ", or after %d moves in a row that turn no new card "
			"face up and make no new progress", l->stall);
	fputs(".\n", out);
}


/* ======================================================================
 * Help at the table
 * ====================================================================== */

/* "waste or tableau": the places a move takes from. */
static void tell_sources(const game *g, uint16_t from, tale *out)
{
	int n = cset_word_count(from), k = 0;
	for (int i = 0; i < g->nplaces; i++)
		if (from >> i & 1) {
			tale_printf(out, "%s%s", k == 0 ? "" : k == n - 1 ? " or "
				    : ", ", g->place[i].name);
			k++;
		}
}

/* One move typed as it is listed: its name, then an example of where
 * from and where to when they need saying. */
static void help_move(const game *g, const layout_phase *l, int i,
		      tale *out)
{
	const move_def *m = &l->move[i];
	char typed[64];
	int used = snprintf(typed, sizeof typed, "%s", m->name);
	int from = __builtin_ctz(m->from | 1u << 31);
	if (m->pair)
		used += snprintf(typed + used, sizeof typed - (size_t)used,
				 " CARD CARD");
	else if (m->group == GROUP_RUN || from_pyramid(g, m))
		used += snprintf(typed + used, sizeof typed - (size_t)used,
				 " CARD");
	else if (names_source(g, l, i) && from < g->nplaces)
		used += snprintf(typed + used, sizeof typed - (size_t)used, " %s",
				 g->place[from].pile_name[0]);
	if (g->place[m->to].npiles > 1)
		snprintf(typed + used, sizeof typed - (size_t)used, " %s",
			 g->place[m->to].pile_name[0]);
	tale_printf(out, "    %-15s %s from ", typed, m->pair ? "two top cards"
		    : m->group == GROUP_RUN ? "a run, by its first card,"
		    : m->group == GROUP_ALL ? "a whole pile" : "a top card");
	tell_sources(g, m->from, out);
	tale_printf(out, " to %s%s\n", g->place[m->to].name,
		    m->opening ? ", at the opening" : "");
}

void layout_help(const game *g, const phase *p, tale *out)
{
	const layout_phase *l = LAYOUT(p);
	tale_printf(out, "  Moves are typed as they are listed: the move's "
		    "name, then\n  where from and where to when they need "
		    "saying:\n");
	bool opening = false;
	for (int i = 0; i < l->nmoves; i++) {
		opening |= l->move[i].opening;
		if (!l->move[i].automatic)
			help_move(g, l, i, out);
	}
	if (opening)
		tale_printf(out, "    %-15s decline the opening move\n", "start");
}
