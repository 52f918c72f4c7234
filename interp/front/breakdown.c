/* breakdown.c — a deal's score explained by the rule file's named values. */
#include "front/breakdown.h"

#include <inttypes.h>
#include <string.h>

#include "engine/engine.h"

#define COLUMN 9

/* "all ♠ ♥" for a set that is exactly some whole suits; false otherwise. */
static bool whole_suits(const render *r, cardset set, char *buf, size_t size)
{
	cardset whole = cset_empty();
	size_t used = (size_t)snprintf(buf, size, "all");
	for (int su = 0; su < r->d->nsuits; su++)
		if (cset_meets(set, r->d->by_suit[su])) {
			char g[16];
			whole = cset_or(whole, r->d->by_suit[su]);
			if (used < size)
				used += (size_t)snprintf(buf + used, size - used,
					" %s", render_suit(r, su, g, sizeof g));
		}
	return cset_eq(whole, set);
}

/* One value as a cell of the table. */
static const char *cell(const render *r, expr_type t, value v, char *buf,
			size_t size)
{
	switch (t) {
	case TY_BOOL:
		snprintf(buf, size, "%s", v.i ? "yes" : "-");
		break;
	case TY_CARD:
		if (v.i < 0 || v.i > FACE_JOKER)
			snprintf(buf, size, "-");
		else
			deck_face_name(r->d, (card_face)v.i, buf);
		break;
	case TY_CARDS: {
		int n = cset_count(v.s);
		if (n == 0)
			snprintf(buf, size, "-");
		else if (n <= 2)
			render_list(r, v.s, buf, size);
		else if (!whole_suits(r, v.s, buf, size))
			snprintf(buf, size, "%d cards", n);
		break;
	}
	case TY_SUITS: {
		size_t used = 0;
		buf[0] = '\0';
		for (int su = 0; su < r->d->nsuits && used < size; su++)
			if (v.i >> su & 1) {
				char g[16];
				used += (size_t)snprintf(buf + used, size - used, "%s%s",
					used ? " " : "", render_suit(r, su, g, sizeof g));
			}
		if (used == 0)
			snprintf(buf, size, "-");
		break;
	}
	case TY_SUIT:
		if (v.i >= 0 && v.i < SUIT_MAX)
			render_suit(r, (int)v.i, buf, size);
		else
			snprintf(buf, size, "-");
		break;
	case TY_SEAT:
		snprintf(buf, size, "seat %" PRId64, v.i);
		break;
	default:
		snprintf(buf, size, "%" PRId64, v.i);
		break;
	}
	return buf;
}

/* Pads to the column's width, counting characters, not bytes: a suit
 * glyph is three bytes and one character (colours would break this, so
 * the table is rendered without them). */
static void put_cell(FILE *out, const char *text)
{
	int width = 0;
	for (const char *p = text; *p; p++)
		width += ((unsigned char)*p & 0xC0) != 0x80;
	fprintf(out, "%*s%s", width < COLUMN ? COLUMN - width : 1, "", text);
}

/* The seats the table shows named value i for (its `show`), as bits;
 * bit 0 alone for a value of the table that is shown. */
static unsigned shown_to(const state *s, value *slots, int i)
{
	const let_def *l = &s->g->let[i];
	if (!l->per_seat)
		return state_value_shown(s, slots, i, -1) ? 1u : 0u;
	unsigned seats = 0;
	for (int p = 0; p < s->players; p++)
		if (state_value_shown(s, slots, i, p))
			seats |= 1u << p;
	return seats;
}

/* Named value i, a cell per seat it is shown for; nothing when it is
 * shown for none. */
static void put_row(FILE *out, const render *r, const state *s, int i,
		    value *slots)
{
	const let_def *l = &s->g->let[i];
	unsigned seats = shown_to(s, slots, i);
	char buf[64];
	expr_type t = expr_result_type(l->e);
	if (!seats)
		return;
	fprintf(out, "  %-12s", l->name);
	if (!l->per_seat) {
		fprintf(out, " %s (for the table)\n",
			cell(r, t, slots[l->slot], buf, sizeof buf));
		return;
	}
	for (int p = 0; p < s->players && seats >> p; p++)
		put_cell(out, seats >> p & 1 ? cell(r, t, slots[l->slot + p], buf,
						    sizeof buf) : "");
	fputc('\n', out);
}

static void put_ints(FILE *out, const char *label, const state *s,
		     const int64_t *v)
{
	char buf[32];
	fprintf(out, "  %-12s", label);
	for (int p = 0; p < s->players; p++) {
		snprintf(buf, sizeof buf, "%+" PRId64, v[p]);
		put_cell(out, buf);
	}
	fputc('\n', out);
}

/* Who took the leftovers: the seats whose won cards hold some. */
static void put_leftovers(FILE *out, const render *r, const state *s,
			  const char *const *names)
{
	char buf[256];
	if (cset_is_empty(s->leftover))
		return;
	fprintf(out, "  Leftovers: %s", render_list(r, s->leftover, buf, sizeof buf));
	const char *sep = ", taken by ";
	bool taken = false;
	for (int p = 0; p < s->players; p++)
		if (cset_meets(s->won[p], s->leftover)) {
			fprintf(out, "%s%s", sep, names[p]);
			sep = " and ";
			taken = true;
		}
	fprintf(out, "%s\n", taken ? "" : ", taken by nobody");
}

void breakdown_print(FILE *out, const render *r, const state *scored,
		     const state *during, const char *const *names)
{
	const game *g = scored->g;
	render plain = *r;
	plain.color = false;
	put_leftovers(out, &plain, scored, names);
	static value slots[VARS_SLOTS_MAX];
	state_scored_values(scored, during, slots);
	fprintf(out, "  %-12s", "");
	for (int p = 0; p < scored->players; p++)
		put_cell(out, names[p]);
	fputc('\n', out);
	for (int i = 0; i < g->nlets; i++)
		put_row(out, &plain, scored, i, slots);
	put_ints(out, "deal score", scored, scored->deal_score);
	put_ints(out, "total", scored, scored->total);
	for (int k = 0; k < g->nkept; k++) {
		char label[64];
		if (g->kept[k].hidden)
			continue;
		snprintf(label, sizeof label, "%s now", g->kept[k].name);
		if (g->kept[k].per_seat)
			put_ints(out, label, scored, scored->kept[k]);
		else if (g->kept[k].type == TY_BOOL)
			fprintf(out, "  %-12s %s (for the table)\n", label,
				scored->kept[k][0] ? "yes" : "no");
		else
			fprintf(out, "  %-12s %" PRId64 " (for the table)\n", label,
				scored->kept[k][0]);
	}
}

void breakdown_running(FILE *out, const state *s, const char *const *names,
		       bool always)
{
	const game *g = s->g;
	static value slots[VARS_SLOTS_MAX];
	bool computed = false;
	for (int i = 0; i < g->nlets; i++) {
		const let_def *l = &g->let[i];
		if (!l->per_seat || !l->reads_won || expr_result_type(l->e) != TY_INT)
			continue;
		if (!computed)
			state_score_values(s, slots);
		computed = true;
		unsigned seats = shown_to(s, slots, i);
		bool any = false;
		for (int p = 0; p < s->players; p++)
			any |= slots[l->slot + p].i != 0;
		if ((!any && !always) || !seats)
			continue;
		fprintf(out, "  %s so far:", l->name);
		const char *sep = "";
		for (int p = 0; p < s->players; p++)
			if (seats >> p & 1) {
				fprintf(out, "%s %s %" PRId64, sep, names[p],
					slots[l->slot + p].i);
				sep = ",";
			}
		fputc('\n', out);
	}
}

void breakdown_failed_check(diag *d, const state *s, const char *again)
{
	const src_file *file;
	int line, col;
	int i = s->failed_check - 1;
	if (i < 0 || i >= s->g->nchecks)
		return;
	expr_position(s->g->check[i], &file, &line, &col);
	diag_error(d, file, line, col, "this check of the rule file failed after "
		   "deal %d (%s)", s->deal_no, again);
}

/* A deal whose hand (read from `deal`) does not fit: at the hand's
 * count, or at the top of the rule file when it is a table. */
static void deal_fault(diag *d, const state *s, const char *again)
{
	const game *g = s->g;
	const src_file *file = g->nsources ? g->source[0] : NULL;
	int line = 1, col = 1;
	if (g->hand_size.e)
		expr_position(g->hand_size.e, &file, &line, &col);
	if (file)
		diag_error(d, file, line, col, "deal %d cannot be dealt: %s (%s)",
			   s->deal_no, state_fault_text(s), again);
}

void breakdown_fault(diag *d, const state *s, const char *again)
{
	int i = s->fault_phase;
	if (s->fault == FAULT_DEAL) {
		deal_fault(d, s, again);
		return;
	}
	if (!s->fault || i < 0 || i >= s->g->nphases)
		return;
	const phase *p = &s->g->phase[i];
	diag_error(d, p->file, p->line, p->col, "the deal cannot go on in this "
		   "phase: %s (deal %d; %s)", state_fault_text(s), s->deal_no,
		   again);
}
