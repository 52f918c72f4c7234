/* tableau.c — a solitaire's layout drawn for the player. */
#include "front/tableau.h"

#include <ctype.h>
#include <string.h>

#include "engine/engine.h"


#define CELL 7                  /* columns of one pile on a grid */

/* Columns a rendered text takes on screen: colour codes take none, a
 * UTF-8 character one. */
static int visible_width(const char *t)
{
	int w = 0;
	while (*t) {
		if (*t == '\033') {
			while (*t && *t != 'm')
				t++;
			if (*t)
				t++;
			continue;
		}
		if (((unsigned char)*t & 0xc0) != 0x80)
			w++;
		t++;
	}
	return w;
}

static void pad(FILE *out, const char *text, int width)
{
	fputs(text, out);
	for (int w = visible_width(text); w < width; w++)
		fputc(' ', out);
}

/* A card as the player may see it: face down and never seen "##", turned
 * down after being seen (a dead royal) marked as such. */
static const char *card_text(const render *r, const state *s, card_id c,
			     char *buf, size_t size)
{
	char card[32];
	if (c == CARD_NONE)
		snprintf(buf, size, "%s", r->glyphs ? "\u00b7" : ".");
	else if (cset_has(s->down, c) && !cset_has(s->seen, c))
		snprintf(buf, size, "##");
	else if (cset_has(s->down, c))
		snprintf(buf, size, "%s%s", r->glyphs ? "\u2717" : "x",
			 render_card(r, c, card, sizeof card));
	else
		render_card(r, c, buf, size);
	return buf;
}

/* A pile in one cell: its top card, and how many cards lie in it when
 * more than one ("8♣/3"). */
static const char *cell_text(const render *r, const state *s, int pile,
			     char *buf, size_t size)
{
	char top[48];
	card_text(r, s, pile_top(s, pile), top, sizeof top);
	if (s->pile_size[pile] > 1)
		snprintf(buf, size, "%s/%d", top, s->pile_size[pile]);
	else
		snprintf(buf, size, "%s", top);
	return buf;
}

static const place_def *around_of(const game *g, int grid)
{
	for (int k = 0; k < g->nplaces; k++)
		if (g->place[k].around == grid)
			return &g->place[k];
	return NULL;
}

/* Slot i of a side (0 N, 1 E, 2 S, 3 W) of the place around a grid. */
static int slot_pile(const place_def *ar, const place_def *grid, int side,
		     int i)
{
	int len[4] = {grid->cols, grid->rows, grid->cols, grid->rows};
	int first = ar->first_pile;
	for (int k = 0; k < side; k++)
		first += len[k];
	return first + i;
}

/* A grid with its slots round it: the slot names outside, the cards
 * inside. */
static void print_grid(FILE *out, const render *r, const state *s,
		       const place_def *grid)
{
	const place_def *ar = around_of(s->g, (int)(grid - s->g->place));
	char buf[64];
	int margin = ar ? 4 + CELL : 2;
	if (ar) {
		fprintf(out, "%*s", margin, "");
		for (int c = 0; c < grid->cols; c++)
			pad(out, ar->pile_name[slot_pile(ar, grid, 0, c) -
					       ar->first_pile], CELL);
		fprintf(out, "\n%*s", margin, "");
		for (int c = 0; c < grid->cols; c++)
			pad(out, cell_text(r, s, slot_pile(ar, grid, 0, c), buf,
					   sizeof buf), CELL);
		fputc('\n', out);
	}
	for (int row = 0; row < grid->rows; row++) {
		fputs("  ", out);
		if (ar) {
			int w = slot_pile(ar, grid, 3, row);
			fprintf(out, "%-3s", ar->pile_name[w - ar->first_pile]);
			pad(out, cell_text(r, s, w, buf, sizeof buf), CELL - 1);
		}
		for (int c = 0; c < grid->cols; c++)
			pad(out, cell_text(r, s, grid->first_pile + row * grid->cols + c,
					   buf, sizeof buf), CELL);
		if (ar) {
			int e = slot_pile(ar, grid, 1, row);
			pad(out, cell_text(r, s, e, buf, sizeof buf), CELL);
			fputs(ar->pile_name[e - ar->first_pile], out);
		}
		fputc('\n', out);
	}
	if (ar) {
		fprintf(out, "%*s", margin, "");
		for (int c = 0; c < grid->cols; c++)
			pad(out, cell_text(r, s, slot_pile(ar, grid, 2, c), buf,
					   sizeof buf), CELL);
		fprintf(out, "\n%*s", margin, "");
		for (int c = 0; c < grid->cols; c++)
			pad(out, ar->pile_name[slot_pile(ar, grid, 2, c) -
					       ar->first_pile], CELL);
		fputc('\n', out);
	}
}

/* Piles side by side, each a column from its bottom card down the
 * screen (a Klondike tableau). */
static void print_columns(FILE *out, const render *r, const state *s,
			  const place_def *pl)
{
	char buf[64];
	int tallest = 0;
	fputs("  ", out);
	for (int i = 0; i < pl->npiles; i++) {
		pad(out, pl->pile_name[i], CELL);
		if (s->pile_size[pl->first_pile + i] > tallest)
			tallest = s->pile_size[pl->first_pile + i];
	}
	fputc('\n', out);
	for (int depth = 0; depth < tallest; depth++) {
		fputs("  ", out);
		for (int i = 0; i < pl->npiles; i++) {
			card_id cards[CARD_MAX];
			int n = pile_in_order(s, pl->first_pile + i, cards);
			pad(out, depth < n ? card_text(r, s, cards[depth], buf,
						       sizeof buf) : "", CELL);
		}
		fputc('\n', out);
	}
}

/* A pyramid, row under row, each row centred on the one above; a pile
 * taken shows as a blank. */
static void print_pyramid(FILE *out, const render *r, const state *s,
			  const place_def *pl)
{
	char buf[64];
	int half = 3;                   /* half a cell: rows shift by it */
	for (int row = 0, i = 0; row < pl->pyramid; row++) {
		fprintf(out, "%*s", 2 + half * (pl->pyramid - 1 - row), "");
		for (int c = 0; c <= row; c++, i++) {
			int p = pl->first_pile + i;
			pad(out, s->pile_size[p] ? card_text(r, s, pile_top(s, p),
							     buf, sizeof buf)
						 : "", 2 * half);
		}
		fputc('\n', out);
	}
}

/* A place of several piles in one line, each its top card and count. */
static void print_tops(FILE *out, const render *r, const state *s,
		       const place_def *pl)
{
	char buf[64];
	for (int i = 0; i < pl->npiles; i++)
		fprintf(out, "%s%s %s", i ? "   " : "", pl->pile_name[i],
			cell_text(r, s, pl->first_pile + i, buf, sizeof buf));
}

/* A one-pile place in a line: a face-down pile by its count, a short
 * face-up one card by card, a long one by its top and count. */
static void print_one(FILE *out, const render *r, const state *s,
		      const place_def *pl)
{
	int p = pl->first_pile, n = s->pile_size[p];
	char buf[64];
	if (!pl->face_up) {
		fprintf(out, "%d", n);
		return;
	}
	if (n == 0) {
		fputs(r->glyphs ? "\u00b7" : "-", out);
		return;
	}
	if (n > 6) {
		fprintf(out, "%s (%d)", card_text(r, s, pile_top(s, p), buf,
						  sizeof buf), n);
		return;
	}
	card_id cards[CARD_MAX];
	pile_in_order(s, p, cards);
	for (int i = 0; i < n; i++)
		fprintf(out, "%s%s", i ? " " : "", card_text(r, s, cards[i], buf,
							   sizeof buf));
}

/* Royals armoured: the cards under each slot's top card. */
static void print_under(FILE *out, const render *r, const state *s,
			const place_def *ar)
{
	char buf[64], card[48];
	for (int i = 0; i < ar->npiles; i++) {
		int p = ar->first_pile + i;
		if (s->pile_size[p] < 2)
			continue;
		card_id cards[CARD_MAX];
		int n = pile_in_order(s, p, cards);
		fprintf(out, "  %s %s under %s:", ar->pile_name[i],
			n == 2 ? "one card" : "cards",
			card_text(r, s, cards[n - 1], card, sizeof card));
		for (int k = 0; k < n - 1; k++)
			fprintf(out, " %s", card_text(r, s, cards[k], buf, sizeof buf));
		/* the pile's worth by the game's first table of values (in
		 * Gridcannon, the royal's effective value) */
		if (s->g->ntables > 0) {
			long sum = 0;
			for (int k = 0; k < n; k++)
				sum += s->g->table[0].value[cards[k]];
			fprintf(out, " (%s %ld)", s->g->table[0].name, sum);
		}
		fputc('\n', out);
	}
}

static void place_title(FILE *out, const place_def *pl)
{
	fprintf(out, "%c%s", toupper((unsigned char)pl->name[0]), pl->name + 1);
}

void tableau_print(FILE *out, const render *r, const state *s)
{
	const game *g = s->g;
	/* the one-pile places first, on one line */
	const char *sep = "  ";
	for (int k = 0; k < g->nplaces; k++) {
		const place_def *pl = &g->place[k];
		if (pl->npiles != 1 || pl->rows || pl->around >= 0)
			continue;
		fputs(sep, out);
		place_title(out, pl);
		fputc(' ', out);
		print_one(out, r, s, pl);
		sep = "   ";
	}
	fputc('\n', out);
	for (int k = 0; k < g->nplaces; k++) {
		const place_def *pl = &g->place[k];
		if (pl->pyramid) {
			fputc('\n', out);
			print_pyramid(out, r, s, pl);
		} else if (pl->rows) {
			fputc('\n', out);
			print_grid(out, r, s, pl);
			const place_def *ar = around_of(g, k);
			if (ar)
				print_under(out, r, s, ar);
		} else if (pl->npiles > 1 && pl->around < 0) {
			bool stacked = false;   /* face-down or long piles */
			for (int i = 0; i < pl->npiles; i++)
				stacked |= s->pile_size[pl->first_pile + i] > 1 &&
					   !cset_is_empty(cset_and(s->down,
						pile_cards(s, pl->first_pile + i)));
			bool tableau = stacked || game_reveals_place(g, k);
			if (tableau) {
				fputc('\n', out);
				print_columns(out, r, s, pl);
			} else {
				fputs("  ", out);
				place_title(out, pl);
				fputs(": ", out);
				print_tops(out, r, s, pl);
				fputc('\n', out);
			}
		}
	}
}

/* The cards of place k, or an empty set when there is none. */
static cardset cards_of(const state *s, int k)
{
	return k >= 0 ? place_cards(s, k) : cset_empty();
}

void tableau_narrate(FILE *out, const render *r, const state *before,
		     const state *after, const char *words, bool forced)
{
	const game *g = after->g;
	char buf[512];
	fprintf(out, "  %s%s\n", words, forced ? " (the only move)" : "");
	if (!cset_is_empty(state_killed(after))) {
		fprintf(out, "  Killed: %s\n",
			render_list(r, state_killed(after), buf, sizeof buf));
	}
	/* what went where without a decision: a card drawn, a card kept */
	for (int k = 0; k < g->nplaces; k++) {
		const place_def *pl = &g->place[k];
		if (!pl->face_up || pl->npiles != 1)
			continue;
		cardset came = cset_minus(cards_of(after, k), cards_of(before, k));
		if (cset_is_empty(came))
			continue;
		fprintf(out, "  %c%s: %s\n", toupper((unsigned char)pl->name[0]),
			pl->name + 1, render_list(r, came, buf, sizeof buf));
	}
	if (after->phase != before->phase || after->current < 0) {
		if (state_solved(after))
			fputs("  Won!\n", out);
		else if (state_layout_lost(after))
			fputs("  Lost: a move made the game unwinnable.\n", out);
		else
			fputs("  No move is left: the game is over.\n", out);
	}
}
