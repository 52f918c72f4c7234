/* game_build.c — compiling a checked rule-file tree into a game. */
#include <ctype.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/alloc.h"
#include "engine/build.h"
#include "engine/game.h"
#include "engine/phase.h"
#include "lang/load.h"
#include "lang/schema.h"
#include "engine/vars.h"


void build_fail(builder *b, const node *at, const char *fmt, ...)
{
	char msg[512];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	node_error(b->d, at, "%s", msg);
	b->errors++;
}

const char *build_text(builder *b, const node *n)
{
	if (!n)
		return NULL;
	const char *s = arena_strndup(&b->g->arena, n->text, n->len);
	if (!s)
		b->errors++;
	return s;
}

static long int_of(const node *n, long fallback)
{
	return n ? strtol(n->text, NULL, 10) : fallback;
}

/* A formula given alone, or as {is: FORMULA, says: WORDS} where the
 * schema allows it: its node.  Any other mapping stays, for the compiler
 * to refuse. */
static const node *formula_node(const node *n)
{
	return n && n->kind == NODE_MAP && node_get(n, "is") ? node_get(n, "is")
							      : n;
}

/* The words the rule file gives the formula of n, kept with it. */
static expr *with_words(builder *b, expr *e, const node *n)
{
	const node *says = n && n->kind == NODE_MAP ? node_get(n, "says") : NULL;
	if (e && says)
		expr_set_says(e, build_text(b, says));
	return e;
}

expr *build_expr(builder *b, expr_scope *sc, const node *n, expr_type t)
{
	if (!n)
		return NULL;
	/* NULL without a message: it uses a name whose own definition failed */
	expr *e = expr_compile(sc, formula_node(n), t, b->d);
	if (!e)
		b->errors++;
	return with_words(b, e, n);
}

/* An expression that must be one value for the whole table. */
expr *build_table_expr(builder *b, expr_scope *sc, const node *n,
			   expr_type t, const char *what)
{
	expr *e = build_expr(b, sc, n, t);
	if (e && expr_is_per_seat(e)) {
		build_fail(b, n, "%s is one value for the table, but this depends on "
		     "the seat; combine the seats with sum(), max(), any() ...",
		     what);
		return NULL;
	}
	return e;
}

/* Does the subtree at `key` of map n (of schema sc) pass the schema?
 * Asked only when the file has schema errors, so that what is sound is
 * still compiled and every problem of the file is reported in one run. */
static bool sound(const builder *b, const schema *sc, const node *n,
		  const char *key)
{
	const schema_field *f = schema_field_of(sc, key);
	const node *v = node_get(n, key);
	if (!b->loose)
		return true;
	if (!v)
		return !f->required;
	diag *quiet = diag_new();
	bool ok = quiet && schema_check(f->type, v, quiet) == 0;
	diag_free(quiet);
	return ok;
}

/* The value of key in map n (of schema sc), or NULL when it is missing or
 * has schema errors (already reported): what is sound is still built. */
const node *build_field(const builder *b, const schema *sc, const node *n,
			 const char *key)
{
	return sound(b, sc, n, key) ? node_get(n, key) : NULL;
}

const schema *build_kind_schema(const char *kind)
{
	const schema *phases = schema_field_of(&schema_rule_file, "phases")->type;
	return schema_field_of(phases->item, kind)->type;
}

/* Does the item pass the schema of items of list schema sc?  Only asked
 * when the file has schema errors (see sound()). */
bool build_sound_item(const builder *b, const schema *list_sc, const node *item)
{
	if (!b->loose)
		return true;
	diag *quiet = diag_new();
	bool ok = quiet && schema_check(list_sc->item, item, quiet) == 0;
	diag_free(quiet);
	return ok;
}

/* ======================================================================
 * players, options, deck
 * ====================================================================== */

static void build_players(builder *b, const node *n)
{
	game *g = b->g;
	if (n->kind == NODE_SCALAR) {
		g->min_players = g->max_players = g->default_players =
			(int)int_of(n, 1);
		return;
	}
	g->min_players = (int)int_of(node_get(n, "min"), 1);
	g->max_players = (int)int_of(node_get(n, "max"), 1);
	g->default_players = (int)int_of(node_get(n, "default"), g->min_players);
	if (g->min_players > g->max_players)
		build_fail(b, node_get(n, "max"), "'players.max' (%d) is smaller than "
		     "'players.min' (%d)", g->max_players, g->min_players);
	else if (g->default_players < g->min_players ||
		 g->default_players > g->max_players)
		build_fail(b, node_get(n, "default"), "'players.default' must be "
		     "between %d and %d", g->min_players, g->max_players);
}

/* Fixed partnerships: with a fixed number of players, each seat in
 * exactly one team. */
static void build_teams(builder *b, const node *n)
{
	game *g = b->g;
	for (int p = 0; p < SEAT_MAX; p++)
		g->team_of[p] = (int8_t)p;
	if (!n)
		return;
	if (g->min_players != g->max_players) {
		build_fail(b, n, "teams need a fixed number of players, not %d to %d",
			   g->min_players, g->max_players);
		return;
	}
	bool seen[SEAT_MAX] = {false};
	for (size_t t = 0; t < n->n; t++)
		for (size_t i = 0; i < n->item[t]->n; i++) {
			const node *seat = n->item[t]->item[i];
			int p = (int)int_of(seat, 0);
			if (p >= g->max_players)
				build_fail(b, seat, "there is no seat %d at a table of "
					   "%d players", p, g->max_players);
			else if (seen[p])
				build_fail(b, seat, "seat %d is in two teams", p);
			else
				g->team_of[p] = (int8_t)t;
			if (p < SEAT_MAX)
				seen[p] = true;
		}
	for (int p = 0; p < g->max_players; p++)
		if (!seen[p])
			build_fail(b, n, "seat %d is in no team", p);
	g->nteams = (int)n->n;
}

static void build_options(builder *b, const node *n)
{
	game *g = b->g;
	for (size_t i = 0; n && i < n->n; i++) {
		const node *k = n->pair[i].key, *v = n->pair[i].value;
		if (g->noptions == OPTIONS_MAX) {
			build_fail(b, k, "at most %d options are supported", OPTIONS_MAX);
			return;
		}
		option_def *o = &g->option[g->noptions++];
		o->name = build_text(b, k);
		o->help = build_text(b, node_get(v, "help"));
		o->fallback = int_of(node_get(v, "default"), 0);
		o->min = int_of(node_get(v, "min"), o->fallback);
		o->max = int_of(node_get(v, "max"), o->fallback);
		if (o->min > o->fallback || o->fallback > o->max)
			build_fail(b, node_get(v, "default"), "the default of option "
			     "'%s' (%lld) is not between its min (%lld) and max "
			     "(%lld)", o->name, (long long)o->fallback,
			     (long long)o->min, (long long)o->max);
	}
}

static bool has_duplicate(const node *list, size_t i)
{
	for (size_t j = 0; j < i; j++)
		if (strcmp(list->item[j]->text, list->item[i]->text) == 0)
			return true;
	return false;
}

/* deck.partners: pairs of suits, each pair given once, either way. */
static void build_partners(builder *b, const node *n)
{
	deck *d = &b->g->deck;
	for (size_t i = 0; n && i < n->n; i++) {
		const node *k = n->pair[i].key, *v = n->pair[i].value;
		int a = deck_suit_index(d, k->text[0]);
		int c = v->len == 1 ? deck_suit_index(d, v->text[0]) : -1;
		if (a < 0)
			build_fail(b, k, "the deck has no suit '%s'", k->text);
		else if (c < 0)
			build_fail(b, v, "the deck has no suit '%s'", v->text);
		else if (a == c)
			build_fail(b, v, "a suit cannot be its own partner");
		else if (d->partner[a] >= 0 || d->partner[c] >= 0)
			build_fail(b, d->partner[a] >= 0 ? k : v, "the suit '%c' "
				   "already has a partner", d->partner[a] >= 0
				   ? d->suit[a] : d->suit[c]);
		else {
			d->partner[a] = (int8_t)c;
			d->partner[c] = (int8_t)a;
		}
	}
}

static void build_deck(builder *b, const node *n)
{
	const node *suits = node_get(n, "suits"), *ranks = node_get(n, "ranks");
	char suit[SUIT_MAX];
	const char *rank[RANK_MAX];
	int ns = 0, nr = 0;
	for (size_t i = 0; i < suits->n; i++) {
		const node *s = suits->item[i];
		if (s->len != 1 || !strchr(deck_suit_codes, s->text[0]))
			build_fail(b, s, "'%s' is not a suit code (S H D C X L)", s->text);
		else if (has_duplicate(suits, i))
			build_fail(b, s, "the suit '%s' is listed twice", s->text);
		else if (ns < SUIT_MAX)
			suit[ns++] = s->text[0];
	}
	for (size_t i = 0; i < ranks->n; i++) {
		const node *r = ranks->item[i];
		int k = -1;
		for (int j = 0; j < RANK_MAX; j++)
			if (strcmp(deck_rank_codes[j], r->text) == 0)
				k = j;
		if (k < 0)
			build_fail(b, r, "'%s' is not a rank code (2..10 J Q K A)", r->text);
		else if (has_duplicate(ranks, i))
			build_fail(b, r, "the rank '%s' is listed twice", r->text);
		else if (nr < RANK_MAX)
			rank[nr++] = deck_rank_codes[k];
	}
	if (ns == 0 || nr == 0) {
		if (suits->n == 0)
			build_fail(b, suits, "the deck needs at least one suit");
		if (ranks->n == 0)
			build_fail(b, ranks, "the deck needs at least one rank");
		return;
	}
	char why[128];
	int copies = (int)int_of(node_get(n, "copies"), 1);
	int jokers = (int)int_of(node_get(n, "jokers"), 0);
	if (!deck_build(&b->g->deck, suit, ns, rank, nr, copies, jokers, why,
			sizeof why)) {
		/* at the key that makes it too big, rather than at 'suits' */
		const node *at = node_get(n, copies > 1 ? "copies" : "jokers");
		build_fail(b, at ? at : n, "%s", why);
		return;
	}
	build_partners(b, node_get(n, "partners"));
	const node *names = node_get(n, "suit-names");
	for (size_t i = 0; names && i < names->n; i++) {
		const node *k = names->pair[i].key;
		int su = deck_suit_index(&b->g->deck, k->text[0]);
		if (su < 0)
			build_fail(b, k, "the deck has no suit '%s'", k->text);
		else
			b->g->deck.suit_name[su] = build_text(b, names->pair[i].value);
	}
}

/* ======================================================================
 * counts and card specifications
 * ====================================================================== */

/* A count over `players` alone (`4 * players`), worked out here for
 * every player count rather than at each decision that reads it. */
static void table_count(const game *g, count_spec *c)
{
	if (!c->e || c->by_deal || vars_reads_options(c->e))
		return;
	for (int p = 0; p <= SEAT_MAX; p++)
		c->by_players[p] = vars_count_kept(vars_eval_static(g, c->e,
								    p, 0));
	c->tabled = true;
}

/* A count as an expression or a table by player count; the expression
 * may read `deal` when by_deal is allowed. */
static void count_of(builder *b, const node *n, count_spec *c,
		     const char *what, bool by_deal)
{
	game *g = b->g;
	memset(c, 0, sizeof *c);
	if (n->kind == NODE_SCALAR) {
		c->e = build_table_expr(b, g->deal_scope, n, TY_INT, what);
		c->by_deal = c->e && vars_reads_deal(c->e);
		if (c->by_deal && !by_deal) {
			build_fail(b, n, "%s is worked out once, as a table is "
				   "set up: it cannot read 'deal'", what);
			c->e = NULL;
			c->by_deal = false;
		}
		table_count(b->g, c);
		return;
	}
	/* Entries for other player counts are allowed: a variant that
	 * narrows `players` keeps its base's tables. */
	bool seen[SEAT_MAX + 1] = {false};
	for (size_t i = 0; i < n->n; i++) {
		int p = (int)int_of(n->pair[i].key, 0);
		seen[p] = true;
		c->by_players[p] = (int)int_of(n->pair[i].value, 0);
	}
	for (int p = g->min_players; p <= g->max_players && !b->players_unknown; p++)
		if (!seen[p])
			build_fail(b, n, "%s has no entry for %d players", what, p);
}

void build_count(builder *b, const node *n, count_spec *c, const char *what)
{
	count_of(b, n, c, what, false);
}

void build_deal_count(builder *b, const node *n, count_spec *c,
		      const char *what)
{
	count_of(b, n, c, what, true);
}

/* A card, suit or rank code of the deck; false (reported) otherwise. */
bool build_resolve_spec(builder *b, const node *n, spec_kind *kind,
			 int *index)
{
	const deck *d = &b->g->deck;
	card_face f;
	int copy;
	switch (deck_parse_face(d, n->text, n->len, &f, &copy)) {
	case DECK_PARSE_OK:
		*kind = SPEC_CARD;
		*index = f;
		return true;
	case DECK_PARSE_SYNTAX:
		break;
	default:
		build_fail(b, n, "the deck has no card '%s'", n->text);
		return false;
	}
	if (n->len == 1 && strchr(deck_suit_codes, n->text[0])) {
		*kind = SPEC_SUIT;
		*index = deck_suit_index(d, n->text[0]);
		if (*index < 0)
			build_fail(b, n, "the deck has no suit '%s'", n->text);
		return *index >= 0;
	}
	*kind = SPEC_RANK;
	*index = deck_rank_index(d, n->text, n->len);
	if (*index < 0)
		build_fail(b, n, "the deck has no rank '%s'", n->text);
	return *index >= 0;
}

cardset build_spec_cards(const deck *d, spec_kind kind, int index)
{
	switch (kind) {
	case SPEC_CARD:
		return d->by_face[index];
	case SPEC_SUIT:
		return d->by_suit[index];
	case SPEC_RANK:
		return d->by_rank[index];
	}
	return cset_empty();
}

/* A card's own entry wins; otherwise the first suit or rank entry. */
static void build_value_table(builder *b, const node *n, value_table *t)
{
	const deck *d = &b->g->deck;
	bool set[CARD_MAX] = {false};
	for (int pass = 0; pass < 2; pass++)
		for (size_t i = 0; i < n->n; i++) {
			spec_kind kind;
			int index;
			const node *k = n->pair[i].key;
			if (!build_resolve_spec(b, k, &kind, &index)) {
				pass = 2;       /* report each key once */
				continue;
			}
			if ((kind == SPEC_CARD) != (pass == 0))
				continue;
			int32_t v = (int32_t)int_of(n->pair[i].value, 0);
			CSET_FOREACH(c, build_spec_cards(d, kind, index))
				if (!set[c]) {
					t->value[c] = v;
					set[c] = true;
				}
		}
}

static void build_values(builder *b, const node *n)
{
	game *g = b->g;
	for (size_t i = 0; n && i < n->n; i++) {
		const node *k = n->pair[i].key;
		if (g->ntables == TABLES_MAX) {
			build_fail(b, k, "at most %d value tables are supported", TABLES_MAX);
			return;
		}
		value_table *t = &g->table[g->ntables++];
		t->name = build_text(b, k);
		build_value_table(b, n->pair[i].value, t);
		if (t->name && !expr_scope_table(g->static_scope, t->name, t->value))
			build_fail(b, k, "the name '%s' is already taken", t->name);
	}
}

/* ======================================================================
 * phases
 * ====================================================================== */

/* ======================================================================
 * counters
 * ====================================================================== */

/* What a counter means to players: its words and its values' names. */
static void build_counter_words(builder *b, const node *v, int index)
{
	game *g = b->g;
	g->counter_says[index] = build_text(b, node_get(v, "says"));
	const node *names = node_get(v, "names");
	if (names && names->n > 0) {
		const char **words = arena_alloc(&g->arena,
						 names->n * sizeof *words);
		if (!words) {
			b->errors++;
			return;
		}
		for (size_t i = 0; i < names->n; i++)
			words[i] = build_text(b, names->item[i]);
		g->counter_names[index] = words;
		g->counter_nnames[index] = (int)names->n;
	}
}

static void build_counters(builder *b, const node *n)
{
	game *g = b->g;
	for (size_t i = 0; n && i < n->n; i++) {
		const node *k = n->pair[i].key;
		if (g->ncounters == COUNTERS_MAX) {
			build_fail(b, k, "at most %d counters are supported",
				   COUNTERS_MAX);
			return;
		}
		int index = g->ncounters++;
		const node *v = n->pair[i].value;
		g->counter_name[index] = build_text(b, k);
		if (v->kind == NODE_SCALAR) {
			g->counter_initial[index] = strtoll(v->text, NULL, 10);
		} else {
			const node *per = node_get(v, "per-seat");
			g->counter_per_seat[index] = per &&
				strcmp(per->text, "true") == 0;
			const node *start = node_get(v, "initial");
			g->counter_start[index] = build_expr(b, g->scope, start,
							     TY_INT);
			if (g->counter_start[index] && !g->counter_per_seat[index] &&
			    expr_is_per_seat(g->counter_start[index]))
				build_fail(b, start, "'%s' is one number for the "
					   "table, but this depends on the seat; add "
					   "'per-seat: true'", k->text);
			build_counter_words(b, v, index);
		}
		if (g->counter_name[index] &&
		    !vars_declare_counter(g->scope, g->counter_name[index], index,
					  g->counter_per_seat[index]))
			build_fail(b, k, "the name '%s' is already taken",
				   g->counter_name[index]);
	}
	/* when the table shows each: once every counter has its name */
	for (size_t i = 0; n && i < n->n && (int)i < g->ncounters; i++) {
		const node *v = n->pair[i].value;
		if (v->kind == NODE_MAP)
			g->counter_show[i] = build_expr(b, g->scope,
							node_get(v, "show"),
							TY_BOOL);
	}
}

/* ======================================================================
 * places
 * ====================================================================== */

/* A grid's [rows, columns], or the grid a place surrounds; false
 * (reported) when they do not fit. */
static bool place_shape(builder *b, const node *v, int *rows, int *cols,
			int *around)
{
	game *g = b->g;
	const node *grid = node_get(v, "grid"), *ar = node_get(v, "around");
	if (grid && ar) {
		build_fail(b, ar, "a place is a grid or around one, not both");
		return false;
	}
	if ((grid || ar) && node_get(v, "piles")) {
		build_fail(b, node_get(v, "piles"), "the piles of a grid, or "
			   "around one, follow from its shape: leave out 'piles'");
		return false;
	}
	if (grid) {
		if (grid->n != 2) {
			build_fail(b, grid, "a grid is [rows, columns]");
			return false;
		}
		*rows = (int)strtol(grid->item[0]->text, NULL, 10);
		*cols = (int)strtol(grid->item[1]->text, NULL, 10);
	}
	if (ar) {
		for (int k = 0; k < g->nplaces; k++)
			if (strcmp(g->place[k].name, ar->text) == 0 &&
			    g->place[k].rows)
				*around = k;
		if (*around < 0) {
			build_fail(b, ar, "no grid named '%s' is declared before "
				   "this place", ar->text);
			return false;
		}
	}
	return true;
}

/* Each pile's word: given, or r,c on a grid, N0.. around one, the
 * place's name alone or with a number. */
static void name_piles(builder *b, place_def *pl, const node *names)
{
	const char **w = arena_alloc(&b->g->arena, sizeof *w * (size_t)pl->npiles);
	if (!w) {
		build_fail(b, names, "out of memory");
		return;
	}
	pl->pile_name = w;
	if (names && (int)names->n != pl->npiles)
		build_fail(b, names, "'%s' has %d piles but %zu names",
			   pl->name ? pl->name : "?", pl->npiles, names->n);
	for (int i = 0; i < pl->npiles; i++) {
		char buf[24];
		if (names && i < (int)names->n) {
			w[i] = build_text(b, names->item[i]);
			continue;
		}
		if (pl->rows)
			snprintf(buf, sizeof buf, "%d,%d", i / pl->cols, i % pl->cols);
		else if (pl->pyramid) {
			int r = 0;
			while ((r + 1) * (r + 2) / 2 <= i)
				r++;
			snprintf(buf, sizeof buf, "%d,%d", r, i - r * (r + 1) / 2);
		}
		else if (pl->around >= 0) {
			const place_def *gr = &b->g->place[pl->around];
			int len[4] = {gr->cols, gr->rows, gr->cols, gr->rows};
			int side = 0, k = i;
			while (side < 3 && k >= len[side])
				k -= len[side++];
			snprintf(buf, sizeof buf, "%c%d", "NESW"[side], k);
		} else if (pl->npiles == 1)
			snprintf(buf, sizeof buf, "%s", pl->name ? pl->name : "?");
		else
			snprintf(buf, sizeof buf, "%.20s%d", pl->name ? pl->name : "?",
				 i + 1);
		w[i] = arena_strndup(&b->g->arena, buf, strlen(buf));
	}
}

/* `define`: each name is declared once its expression compiles, so that
 * a definition reads only those before it (no cycle can form); it is
 * worked out wherever it is read. */
static void build_defines(builder *b, const node *n)
{
	game *g = b->g;
	for (size_t i = 0; n && i < n->n; i++) {
		const node *k = n->pair[i].key;
		if (g->ndefines == DEFINES_MAX) {
			build_fail(b, k, "at most %d definitions are supported",
				   DEFINES_MAX);
			return;
		}
		expr *e = build_expr(b, g->scope, n->pair[i].value, TY_NONE);
		if (!e) {
			expr_scope_poison(g->scope, k->text);
			continue;
		}
		if (expr_scope_has(g->scope, k->text)) {
			build_fail(b, k, "'%s' is already a name; choose another "
				   "name for the definition", k->text);
			continue;
		}
		int index = g->ndefines++;
		g->define[index] = e;
		g->define_name[index] = build_text(b, k);
		g->define_steady[index] = vars_steady(g, e);
		if (!vars_declare_define(g->scope, g->define_name[index],
					 expr_result_type(e),
					 expr_is_per_seat(e), index))
			build_fail(b, k, "out of memory");
	}
}

void build_card_show(builder *b, const node *map, card_show *out)
{
	if (!map)
		return;
	out->cards = build_expr(b, b->g->scope, node_get(map, "cards"),
				TY_CARDS);
	out->count = build_expr(b, b->g->scope, node_get(map, "count"), TY_INT);
}

static void build_places(builder *b, const node *n)
{
	game *g = b->g;
	for (size_t i = 0; n && i < n->n; i++) {
		const node *k = n->pair[i].key, *v = n->pair[i].value;
		if (g->nplaces == PLACES_MAX) {
			build_fail(b, k, "at most %d places are supported",
				   PLACES_MAX);
			return;
		}
		const node *piles = node_get(v, "piles");
		int np = piles ? (int)strtol(piles->text, NULL, 10) : 1;
		int rows = 0, cols = 0, around = -1;
		if (!place_shape(b, v, &rows, &cols, &around))
			continue;
		const node *pyr = node_get(v, "pyramid");
		int pyramid = pyr ? (int)strtol(pyr->text, NULL, 10) : 0;
		if (pyramid && (rows || around >= 0 || piles)) {
			build_fail(b, pyr, "a pyramid's piles follow from its "
				   "rows: leave out 'piles', 'grid' and 'around'");
			continue;
		}
		if (pyramid)
			np = pyramid * (pyramid + 1) / 2;
		else if (rows)
			np = rows * cols;
		else if (around >= 0)
			np = 2 * (g->place[around].rows + g->place[around].cols);
		if (g->npiles + np > PILES_MAX) {
			build_fail(b, piles ? piles : k, "the places may have at "
				   "most %d piles in all", PILES_MAX);
			return;
		}
		int index = g->nplaces++;
		place_def *pl = &g->place[index];
		pl->name = build_text(b, k);
		pl->first_pile = g->npiles;
		pl->npiles = np;
		pl->rows = rows;
		pl->cols = cols;
		pl->around = around;
		pl->pyramid = pyramid;
		for (int j = 0; j < np; j++)
			g->place_of_pile[g->npiles + j] = (uint8_t)index;
		g->npiles += np;
		name_piles(b, pl, node_get(v, "names"));
		const node *face = node_get(v, "face");
		pl->face_up = face && strcmp(face->text, "up") == 0;
		const node *deal = node_get(v, "deal");
		if (deal)
			build_count(b, deal, &pl->dealt, "'places.deal'");
		if (pl->name && !vars_declare_place(g->scope, pl->name, index))
			build_fail(b, k, "the name '%s' is already taken", pl->name);
	}
}

int build_place_index(builder *b, const node *n)
{
	const game *g = b->g;
	for (int i = 0; i < g->nplaces; i++)
		if (strcmp(g->place[i].name, n->text) == 0)
			return i;
	const char *names[PLACES_MAX + 1];
	for (int i = 0; i < g->nplaces; i++)
		names[i] = g->place[i].name;
	names[g->nplaces] = NULL;
	const char *hint = schema_suggest(n->text, names);
	if (hint)
		build_fail(b, n, "no place is named '%s' (did you mean '%s'?)",
			   n->text, hint);
	else
		build_fail(b, n, "no place is named '%s'; declare it under "
			   "'places'", n->text);
	return -1;
}

/* deal.packets: the deal in packets, each a count for every hand or a
 * {place: count}; a place dealt so takes its count from the packets. */
static void build_packets(builder *b, const node *list, const node *places)
{
	game *g = b->g;
	for (size_t i = 0; list && i < list->n; i++) {
		const node *item = list->item[i];
		if (g->npackets == PACKETS_MAX) {
			build_fail(b, item, "a deal has at most %d packets",
				   PACKETS_MAX);
			return;
		}
		packet_def *pk = &g->packet[g->npackets++];
		pk->place = -1;
		if (item->kind == NODE_SCALAR) {
			pk->cards = (int)int_of(item, 0);
			continue;
		}
		const node *k = item->pair[0].key;
		pk->cards = (int)int_of(item->pair[0].value, 0);
		pk->place = build_place_index(b, k);
		if (pk->place < 0)
			continue;
		const node *own = node_get(node_get(places, k->text), "deal");
		if (own)
			build_fail(b, own, "the place '%s' is dealt in 'deal.packets'; "
				   "its 'deal' would deal it twice", k->text);
	}
	for (int k = 0; k < g->nplaces; k++) {
		int sum = 0;
		bool in = false;
		for (int i = 0; i < g->npackets; i++)
			if (g->packet[i].place == k) {
				sum += g->packet[i].cards;
				in = true;
			}
		if (!in)
			continue;
		g->place[k].packed = true;
		memset(&g->place[k].dealt, 0, sizeof g->place[k].dealt);
		for (int p = 0; p <= SEAT_MAX; p++)
			g->place[k].dealt.by_players[p] = sum;
	}
}

void build_counter_adds(builder *b, const node *map, counter_adds *out)
{
	memset(out, 0, sizeof *out);
	for (size_t i = 0; map && i < map->n; i++) {
		if (out->n == CHOICE_ADDS_MAX) {
			build_fail(b, map->pair[i].key, "at most %d counters are "
				   "raised at once", CHOICE_ADDS_MAX);
			return;
		}
		int index = build_counter_index(b, map->pair[i].key);
		const expr *e = build_expr(b, b->g->scope, map->pair[i].value,
					   TY_INT);
		if (index < 0 || !e)
			continue;
		out->counter[out->n] = index;
		out->by_option[out->n] = vars_option_table(b->g, e);
		out->add[out->n++] = e;
	}
}

/* The counter named by key k, or -1 (reported). */
int build_counter_index(builder *b, const node *k)
{
	const game *g = b->g;
	for (int i = 0; i < g->ncounters; i++)
		if (g->counter_name[i] && strcmp(g->counter_name[i], k->text) == 0)
			return i;
	const char *names[COUNTERS_MAX + 1];
	for (int i = 0; i < g->ncounters; i++)
		names[i] = g->counter_name[i];
	names[g->ncounters] = NULL;
	const char *hint = schema_suggest(k->text, names);
	if (hint)
		build_fail(b, k, "no counter is named '%s' (did you mean '%s'?)",
			   k->text, hint);
	else
		build_fail(b, k, "no counter is named '%s'; declare it under "
			   "'counters'", k->text);
	return -1;
}

/* The kinds a deal needs one of to end, in words: "'tricks' (or
 * 'double-trick' or 'layout')". */
static const char *deal_enders(char *buf, size_t size)
{
	static const char *const before[] = {"", " (or ", " or "};
	size_t used = 0;
	int n = 0;
	buf[0] = '\0';
	for (int k = 0; k < PHASE_KINDS && used < size; k++) {
		const phase_kind_def *def = phase_def((phase_kind)k);
		if (!def->ends_deal)
			continue;
		used += (size_t)snprintf(buf + used, size - used, "%s'%s'",
					 before[n < 2 ? n : 2], def->name);
		n++;
	}
	if (n > 1 && used < size)
		snprintf(buf + used, size - used, ")");
	return buf;
}

static void build_phases(builder *b, const node *list)
{
	game *g = b->g;
	if (list->n == 0)
		build_fail(b, list, "a deal needs at least one phase");
	const schema *phases_sc = schema_field_of(&schema_rule_file, "phases")->type;
	bool all = true;
	for (size_t i = 0; i < list->n; i++) {
		const node *item = list->item[i];
		if (g->nphases == PHASES_MAX) {
			build_fail(b, item, "at most %d phases are supported", PHASES_MAX);
			return;
		}
		/* a phase of the right shape is built field by field */
		if (item->kind != NODE_MAP || item->n != 1 ||
		    item->pair[0].value->kind != NODE_MAP ||
		    !schema_field_of(phases_sc->item, item->pair[0].key->text)) {
			all = false;    /* its schema errors are reported */
			continue;
		}
		const char *kind = item->pair[0].key->text;
		const node *body = item->pair[0].value;
		b->phase_body[g->nphases] = body;
		phase *p = &g->phase[g->nphases++];
		p->kind = (phase_kind)phase_kind_named(kind);
		p->file = item->pair[0].key->file;
		p->line = item->pair[0].key->line;
		p->col = item->pair[0].key->col;
		p->when = build_table_expr(b, g->scope,
					   build_field(b, build_kind_schema(kind),
						       body, "when"),
					   TY_BOOL, "'when'");
		p->when_by = vars_counter_table(g, p->when);
		phase_def(p->kind)->build(b, body, p);
	}
	bool ends = false;
	for (int i = 0; i < g->nphases; i++)
		ends |= phase_def(g->phase[i].kind)->ends_deal;
	char kinds[200];
	if (!ends && list->n > 0 && all)
		build_fail(b, list, "a deal needs a %s phase to end",
			   deal_enders(kinds, sizeof kinds));
}

/* ======================================================================
 * scoring and match
 * ====================================================================== */

/* Kept values are declared before everything else: any expression of a
 * deal may read them. */
static void declare_kept(builder *b, const node *keep)
{
	game *g = b->g;
	for (size_t i = 0; keep && i < keep->n; i++) {
		const node *k = keep->pair[i].key, *v = keep->pair[i].value;
		if (g->nkept == KEPT_MAX) {
			build_fail(b, k, "at most %d kept values are supported", KEPT_MAX);
			return;
		}
		kept_def *x = &g->kept[g->nkept];
		x->name = build_text(b, k);
		const node *per_seat = node_get(v, "per-seat");
		x->per_seat = per_seat && strcmp(per_seat->text, "true") == 0;
		x->initial = build_table_expr(b, g->static_scope,
					   node_get(v, "initial"), TY_NONE,
					   "an initial value");
		if (!x->initial || !x->name) {
			if (x->name)
				expr_scope_poison(g->scope, x->name);
			continue;
		}
		x->type = expr_result_type(x->initial);
		if (x->type != TY_INT && x->type != TY_BOOL) {
			build_fail(b, node_get(v, "initial"), "a kept value is an integer "
			     "or a boolean, not %s", expr_type_name(x->type));
			expr_scope_poison(g->scope, x->name);
			continue;
		}
		if (!vars_declare_kept(g->scope, x->name, x->type, x->per_seat,
				       g->nkept))
			build_fail(b, k, "the name '%s' is already taken", x->name);
		g->nkept++;
	}
}

/* Which named value holds each slot, for which seat, and the slot it
 * copies: read as a deal's values are worked out when first read
 * (score.c). */
static void mark_let_slots(game *g, const let_def *l)
{
	int width = l->per_seat ? SEAT_MAX : 1;
	for (int i = l->slot; i >= 0 && i < l->slot + width &&
	     i < VARS_SLOTS_MAX; i++) {
		int p = l->per_seat ? i - l->slot : -1, q = p;
		if (l->same_in_team)    /* the first seat of p's team */
			for (q = 0; g->team_of[q] != g->team_of[p]; q++)
				;
		g->let_of_slot[i] = (uint8_t)(l - g->let + 1);
		g->let_slots[i >> 6] |= UINT64_C(1) << (i & 63);
		g->let_seat[i] = (int8_t)p;
		g->let_from[i] = (uint16_t)(l->per_seat ? l->slot + q : i);
	}
}

static void declare_let(builder *b, const node *k, expr *e)
{
	game *g = b->g;
	let_def *l = &g->let[g->nlets++];
	l->name = build_text(b, k);
	l->e = e;
	l->per_seat = expr_is_per_seat(e);
	l->slot = expr_scope_var(b->scoring, l->name ? l->name : "",
				 expr_result_type(e), l->per_seat);
	l->same_in_team = l->per_seat && vars_same_in_team(g, e);
	if (l->slot < 0)
		build_fail(b, k, "the name '%s' is already taken", k->text);
	mark_let_slots(g, l);
}

/* Where the table shows each named value (`show`), once every name is
 * known: a condition may read any of them. */
static void build_shows(builder *b, const node *lets)
{
	game *g = b->g;
	for (int i = 0; i < g->nlets; i++)
		for (size_t j = 0; j < lets->n; j++) {
			const node *v = lets->pair[j].value;
			if (!v || v->kind != NODE_MAP || !g->let[i].name ||
			    strcmp(lets->pair[j].key->text, g->let[i].name) != 0)
				continue;
			g->let[i].show = build_expr(b, b->scoring,
						    node_get(v, "show"), TY_BOOL);
		}
}

/* Named values may use each other in any order (a variant's new value
 * comes after its base's): each round compiles, quietly, those whose
 * names are all known, until no more can be.  The rest are compiled once
 * more with their errors reported, a value defined through itself among
 * them. */
static void build_lets(builder *b, const node *lets)
{
	if (!lets)
		return;
	if (lets->n > LETS_MAX) {
		build_fail(b, lets, "at most %d named values are supported", LETS_MAX);
		return;
	}
	bool done[LETS_MAX] = {false};
	diag *quiet = diag_new();
	bool progress = quiet != NULL;
	while (progress) {
		progress = false;
		for (size_t i = 0; i < lets->n; i++) {
			if (done[i])
				continue;
			int won = expr_scope_uses(b->scoring, "won");
			const node *v = lets->pair[i].value;
			expr *e = expr_compile(b->scoring, formula_node(v),
					       TY_NONE, quiet);
			diag_clear(quiet);
			if (e) {
				declare_let(b, lets->pair[i].key,
					    with_words(b, e, v));
				let_def *l = &b->g->let[b->g->nlets - 1];
				l->reads_won = expr_scope_uses(b->scoring, "won") > won;
				/* or through cards picked from it (Stendhal's
				 * penalty counts the minus cards taken); a
				 * value worked out from another count is no
				 * running count of its own */
				for (int k = 0; k + 1 < b->g->nlets; k++)
					l->reads_won |= b->g->let[k].reads_won &&
						expr_result_type(b->g->let[k].e) == TY_CARDS &&
						expr_reads_slot(e, b->g->let[k].slot);
				done[i] = progress = true;
			}
		}
	}
	diag_free(quiet);
	/* Names first, so that a broken value is not reported again as an
	 * unknown name wherever it is used. */
	for (size_t i = 0; i < lets->n; i++)
		if (!done[i])
			expr_scope_poison(b->scoring, lets->pair[i].key->text);
	for (size_t i = 0; i < lets->n; i++)
		if (!done[i])
			build_expr(b, b->scoring, lets->pair[i].value, TY_NONE);
	build_shows(b, lets);
}

static void build_kept_next(builder *b, const node *keep)
{
	game *g = b->g;
	for (int i = 0; i < g->nkept; i++) {
		kept_def *x = &g->kept[i];
		const node *v = node_get(keep, x->name);
		const node *next = node_get(v, "next");
		const node *show = node_get(v, "show");
		x->next = build_expr(b, b->scoring, next, x->type);
		x->says = build_text(b, node_get(v, "says"));
		x->hidden = show && strcmp(show->text, "false") == 0;
		if (x->next && expr_is_per_seat(x->next) && !x->per_seat)
			build_fail(b, next, "'%s' is one value for the table, but this "
			     "depends on the seat; add 'per-seat: true' or combine "
			     "the seats with sum(), max() ...", x->name);
	}
}

static void build_scoring(builder *b, const node *n)
{
	game *g = b->g;
	b->scoring = expr_scope_child(g->scope);
	if (!b->scoring) {
		b->errors++;
		return;
	}
	const node *melds = node_get(n, "melds");
	if (melds) {
		g->melds = hook_named("melds", melds);
		if (g->melds.hook && !vars_declare_melds(b->scoring))
			build_fail(b, melds, "the name 'melds' is already taken");
	}
	build_lets(b, node_get(n, "let"));
	g->score = build_expr(b, b->scoring, node_get(n, "score"), TY_INT);
	g->score_same_in_team = g->score && vars_same_in_team(g, g->score);
	if (!vars_declare_scores(b->scoring))
		build_fail(b, n, "the name 'score' is already taken");
	build_kept_next(b, node_get(n, "keep"));
	const node *checks = node_get(n, "check");
	for (size_t i = 0; checks && i < checks->n; i++) {
		if (g->nchecks == CHECKS_MAX) {
			build_fail(b, checks->item[i], "at most %d checks are supported",
			     CHECKS_MAX);
			break;
		}
		expr *e = build_table_expr(b, b->scoring, checks->item[i], TY_BOOL,
					"a check");
		if (e)
			g->check[g->nchecks++] = e;
	}
}

static bool reads_slot(const expr *e, int slot)
{
	return e && expr_reads_slot(e, slot);
}

/* The named values the match's expressions read: worked out before the
 * kept values change (a deal reads the others only when it needs them). */
static void mark_lets_read_late(game *g)
{
	for (int i = 0; i < g->nlets; i++) {
		let_def *l = &g->let[i];
		l->read_late = reads_slot(g->end, l->slot) ||
			reads_slot(g->next_dealer, l->slot);
		for (int k = 0; k < g->nrank; k++)
			l->read_late |= reads_slot(g->rank[k].e, l->slot);
		g->lets_read_late |= l->read_late;
	}
}

/* How surely a deal's scoring reads the value of slot through e, worked
 * out `per_seat` at every seat (else once for the table): what it reads
 * at its seat is then read at every seat. */
static int read_through(const expr *e, int slot, bool per_seat)
{
	int r = e ? expr_surely_reads(e, slot) : EXPR_READ_MAYBE;
	return r == EXPR_READ_HERE && per_seat ? EXPR_READ_ALL : r;
}

/* Whether every deal's scoring reads every named value at every seat:
 * the score (at each seat) and the kept values' next read them, or
 * values so read do.  Such a game works them out in order, without the
 * test and the call of a value worked out when first read (score.c). */
static void mark_lets_all_read(game *g)
{
	bool all[LETS_MAX] = {false};
	for (bool more = true; more;) {
		more = false;
		for (int i = 0; i < g->nlets; i++) {
			int slot = g->let[i].slot;
			int r = read_through(g->score, slot,
					     !g->score_same_in_team);
			for (int k = 0; k < g->nkept; k++)
				if (read_through(g->kept[k].next, slot,
						 g->kept[k].per_seat) == EXPR_READ_ALL)
					r = EXPR_READ_ALL;
			for (int j = 0; j < g->nlets; j++) {
				const let_def *l = &g->let[j];
				if (all[j] && read_through(l->e, slot, l->per_seat &&
						!l->same_in_team) == EXPR_READ_ALL)
					r = EXPR_READ_ALL;
			}
			if (r == EXPR_READ_ALL && !all[i])
				all[i] = more = true;
		}
	}
	g->lets_all_read = g->nlets > 0;
	for (int i = 0; i < g->nlets; i++)
		g->lets_all_read &= all[i];
}

/* at: the key 'match' (n's own mark is its first key) */
static void build_match(builder *b, const node *at, const node *n)
{
	game *g = b->g;
	const node *deals = node_get(n, "deals"), *end = node_get(n, "end");
	if (!deals && !end)
		build_fail(b, at, "'match' needs 'deals', 'end' or both, or it never ends");
	if (deals) {
		g->has_deals = true;
		build_count(b, deals, &g->deals, "'match.deals'");
	}
	g->end = build_table_expr(b, b->scoring, end, TY_BOOL, "'match.end'");
	g->next_dealer = build_table_expr(b, b->scoring, node_get(n, "next-dealer"),
				       TY_SEAT, "'match.next-dealer'");
	const node *rank = node_get(n, "rank");
	for (size_t i = 0; rank && i < rank->n; i++) {
		const node *key = rank->item[i];
		if (g->nrank == RANK_KEYS_MAX) {
			build_fail(b, key, "at most %d ranking keys are supported",
			     RANK_KEYS_MAX);
			break;
		}
		rank_key *r = &g->rank[g->nrank];
		r->highest = strcmp(key->pair[0].key->text, "highest") == 0;
		r->e = build_expr(b, b->scoring, key->pair[0].value, TY_INT);
		if (r->e && !expr_is_per_seat(r->e))
			build_fail(b, key->pair[0].value, "a ranking key must give each "
			     "seat its own value, like 'total'");
		else if (r->e)
			g->nrank++;
	}
}

/* ======================================================================
 * Checks that need every player count
 * ====================================================================== */

long build_count_at_deal(const game *g, const count_spec *c, int p,
			 int deal)
{
	if (!c->e)
		return c->by_players[p];
	return vars_eval_static(g, c->e, p, deal);
}

long build_count_at(const game *g, const count_spec *c, int p)
{
	return build_count_at_deal(g, c, p, 1);
}

/* The deals whose counts the build checks at p players: every deal of a
 * match of so many deals when a count of the deal reads `deal`; else the
 * first (all deals alike, or a match that ends by `end`, whose later
 * deals are checked as they start). */
static int deals_to_check(const game *g, int p)
{
	if (!g->sizes_by_deal || !g->has_deals)
		return 1;
	long n = build_count_at(g, &g->deals, p);
	return n < 1 ? 1 : n > COUNT_MAX ? COUNT_MAX : (int)n;
}

/* The cards the places take at p players; the place that overflows the
 * deck's `cards` after hands of `hand` goes to *over (or -1). */
static long placed_at(const game *g, int p, long room, int *over)
{
	long placed = 0;
	*over = -1;
	for (int k = 0; k < g->nplaces; k++) {
		long n = build_count_at(g, &g->place[k].dealt, p);
		if (n > 0)
			placed += n;
		if (placed > room && *over < 0)
			*over = k;
	}
	return placed;
}

/* " in deal 3" when the hand changes from deal to deal. */
static const char *in_deal(const game *g, int d, char *buf, size_t size)
{
	buf[0] = '\0';
	if (g->sizes_by_deal)
		snprintf(buf, size, " in deal %d", d);
	return buf;
}

/* Whether the hands and places of deal d fit in the deck at p players;
 * what is left over then goes to *left.  A mistake is reported; after
 * one of the hands the other player counts are checked too, after one of
 * the packets or the places nothing more. */
typedef enum fit { FITS, FIT_NEXT_COUNT, FIT_STOP } fit;

static fit hands_fit(builder *b, const node *deal, const node *places,
		      int p, int d, long *left)
{
	game *g = b->g;
	char where[32];
	int packed = 0;
	for (int i = 0; i < g->npackets; i++)
		packed += g->packet[i].place < 0 ? g->packet[i].cards : 0;
	long hand = build_count_at_deal(g, &g->hand_size, p, d);
	if (g->npackets && packed != hand) {
		build_fail(b, node_get(deal, "packets"), "the packets deal %d "
			   "cards to each hand, but 'deal.hand' is %ld with %d "
			   "players%s", packed, hand, p,
			   in_deal(g, d, where, sizeof where));
		return FIT_STOP;
	}
	long suitsets = g->has_suitsets ? build_count_at(g, &g->suitsets, p)
					: g->deck.nsuits * 64;
	int cards = cset_count(deck_in_play(&g->deck, (int)suitsets));
	int over;
	long placed = hand >= 0 && hand * p <= cards
		? placed_at(g, p, cards - hand * p, &over) : 0;
	if (hand >= 0 && hand * p <= cards && over >= 0) {
		const node *pl = node_get(places, g->place[over].name);
		build_fail(b, node_get(pl, "deal"), "with %d players%s, %ld "
			   "cards are left after the hands, but the places "
			   "take %ld", p, in_deal(g, d, where, sizeof where),
			   cards - hand * p, placed);
		return FIT_STOP;
	}
	cards -= (int)placed;
	if (hand >= 0 && hand * p > cards) {
		build_fail(b, node_get(deal, "hand"), "%ld cards for each of %d "
			   "players need %ld%s, but the deck has %d", hand, p,
			   hand * p, in_deal(g, d, where, sizeof where), cards);
		return FIT_NEXT_COUNT;
	}
	*left = cards - (hand < 0 ? 0 : hand * p);
	return FITS;
}

/* Every deal the match can have fits in the deck; the face-up leftovers
 * are turned up from what a deal leaves (all of it when it leaves
 * fewer), so only a count that no deal can meet is a mistake. */
static void check_deal_fits(builder *b, const node *deal, const node *places)
{
	game *g = b->g;
	for (int p = g->min_players; p <= g->max_players; p++) {
		int deals = deals_to_check(g, p);
		bool up_fits = false;
		long up = 0, up_left = 0;
		fit f = FITS;
		for (int d = 1; f == FITS && d <= deals; d++) {
			long left;
			f = hands_fit(b, deal, places, p, d, &left);
			if (f != FITS)
				break;
			long want = build_count_at_deal(g, &g->face_up, p, d);
			if (want <= left)
				up_fits = true;
			else if (d == 1) {
				up = want;
				up_left = left;
			}
		}
		if (f == FIT_STOP)
			return;
		if (f == FITS && !up_fits)
			build_fail(b, node_get(deal, "face-up"), "%ld leftover cards "
				   "cannot lie face up with %d players: only %ld "
				   "are left", up, p, up_left);
	}
}

/* The cards a phase asks of each hand (a pass, a vote) fit in it, at
 * every player count. */
static void check_phase_cards(builder *b)
{
	game *g = b->g;
	const phase *emptied = NULL;    /* a phase that plays hands out */
	for (int i = 0; i < g->nphases; i++) {
		const phase *ph = &g->phase[i];
		const phase_kind_def *def = phase_def(ph->kind);
		const count_spec *c = def->hand_cards ? def->hand_cards(ph)
						      : NULL;
		/* a phase that always comes after the hands are played out
		 * would ask for cards nobody has */
		if (c && emptied && !ph->when) {
			build_fail(b, b->phase_body[i], "every hand is empty "
				   "here: the %s phase at %s:%d:%d is played "
				   "until the hands are empty",
				   phase_def(emptied->kind)->name,
				   emptied->file->name, emptied->line,
				   emptied->col);
			continue;
		}
		if (def->empties_hands && def->empties_hands(ph) && !ph->when)
			emptied = ph;
		for (int p = g->min_players; c && p <= g->max_players; p++) {
			long n = build_count_at(g, c, p);
			int d = 1, deals = deals_to_check(g, p);
			long hand = build_count_at_deal(g, &g->hand_size, p, d);
			while (n <= hand && d < deals)
				hand = build_count_at_deal(g, &g->hand_size, p, ++d);
			if (n <= hand)
				continue;
			char where[32];
			const node *at = node_get(b->phase_body[i], "cards");
			build_fail(b, at ? at : b->phase_body[i], "with %d players a "
				   "hand has %ld cards%s, but this phase asks for %ld",
				   p, hand, in_deal(g, d, where, sizeof where), n);
			break;
		}
	}
}

/* What each phase checks once the whole file is compiled. */
static void check_phases(builder *b)
{
	game *g = b->g;
	for (int i = 0; i < g->nphases; i++) {
		const phase_kind_def *def = phase_def(g->phase[i].kind);
		if (def->check)
			def->check(b, &g->phase[i], b->phase_body[i]);
	}
}

/* ======================================================================
 * The whole file
 * ====================================================================== */

static const char *scalar_text(const node *n)
{
	return n && n->kind == NODE_SCALAR ? n->text : "";
}

static bool build_table(builder *b, const node *root)
{
	game *g = b->g;
	const schema *top = &schema_rule_file;
	if (sound(b, top, root, "name"))
		g->name = build_text(b, node_get(root, "name"));
	if (sound(b, top, root, "description"))
		g->description = build_text(b, node_get(root, "description"));
	g->direction = strcmp(scalar_text(node_get(root, "direction")),
			      "counter-clockwise") == 0 ? -1 : 1;
	if (sound(b, top, root, "players")) {
		build_players(b, node_get(root, "players"));
	} else {
		g->min_players = g->default_players = 1;
		g->max_players = SEAT_MAX;
		b->players_unknown = true;
	}
	/* without options or the deck, every expression would fail */
	if (!sound(b, top, root, "options") || !sound(b, top, root, "deck"))
		return false;
	build_options(b, node_get(root, "options"));
	build_teams(b, sound(b, top, root, "teams") && !b->players_unknown
		    ? node_get(root, "teams") : NULL);
	int before_deck = b->errors;
	build_deck(b, node_get(root, "deck"));
	return b->errors == before_deck;
}

/* The suit-sets in play are some of those the deck has, at every player
 * count. */
static void check_suitsets(builder *b, const node *n)
{
	const game *g = b->g;
	int have = deck_suitsets(&g->deck);
	for (int p = g->min_players; p <= g->max_players; p++) {
		long v = build_count_at(g, &g->suitsets, p);
		if (v == -1 || (v >= 1 && v <= have))
			continue;
		build_fail(b, n, "with %d players this asks for %ld suit-sets, but "
			   "the deck has %d (from 1 to %d may be in play)", p, v,
			   have, have);
		return;
	}
}

/* option-checks: compiled over the options and players, and met by the
 * options' defaults at every player count. */
static void build_option_checks(builder *b, const node *list)
{
	game *g = b->g;
	for (size_t i = 0; list && i < list->n; i++) {
		if (g->noption_checks == CHECKS_MAX) {
			build_fail(b, list->item[i], "at most %d option checks are "
				   "supported", CHECKS_MAX);
			return;
		}
		expr *e = build_expr(b, g->static_scope, list->item[i], TY_BOOL);
		if (!e)
			continue;
		g->option_check[g->noption_checks++] = e;
		int first_broken = 0, held = 0;
		for (int p = g->min_players; p <= g->max_players; p++) {
			if (vars_eval_static(g, e, p, 0))
				held++;
			else if (!first_broken)
				first_broken = p;
		}
		if (first_broken && held)
			build_fail(b, list->item[i], "the options' defaults do not "
				   "meet this with %d players", first_broken);
		else if (first_broken)
			build_fail(b, list->item[i], "the options' defaults do not "
				   "meet this");
	}
}

/* The names each phase kind declares, in every game whatever its
 * phases. */
static bool declare_kinds(expr_scope *sc)
{
	for (int k = 0; k < PHASE_KINDS; k++) {
		const phase_kind_def *def = phase_def((phase_kind)k);
		if (def->declare && !def->declare(sc))
			return false;
	}
	return true;
}

/* The names the engine declares for every game's expressions. */
static bool declare_engine_names(expr_scope *deal_scope, expr_scope *scope,
				 const game *g)
{
	return vars_declare_deal_number(deal_scope) &&
	       vars_declare_deal(scope, g) && declare_kinds(scope) &&
	       vars_declare_seat_words(scope);
}

/* An option named as a name of the engine's (`tricks`, `bid`) cannot be
 * declared beside it: reported at the option; false when none is. */
static bool report_taken_options(builder *b, const node *options)
{
	game *g = b->g;
	expr_scope *probe = expr_scope_new(&g->arena, &g->deck);
	if (!probe || !declare_engine_names(probe, probe, g))
		return false;
	bool found = false;
	for (size_t i = 0; options && i < options->n; i++) {
		const node *k = options->pair[i].key;
		if (!expr_scope_has(probe, k->text))
			continue;
		build_fail(b, k, "'%s' is a name of the engine's own, which "
			   "expressions read: give the option another name",
			   k->text);
		found = true;
	}
	return found;
}

static void build(builder *b, const node *root)
{
	game *g = b->g;
	const schema *top = &schema_rule_file;
	if (!build_table(b, root))
		return;         /* no deck: card references cannot be checked */
	g->static_scope = expr_scope_new(&g->arena, &g->deck);
	if (!g->static_scope || !vars_declare_static(g->static_scope, g) ||
	    !(g->deal_scope = expr_scope_child(g->static_scope)) ||
	    !(g->scope = expr_scope_child(g->deal_scope)) ||
	    !declare_engine_names(g->deal_scope, g->scope, g)) {
		if (!report_taken_options(b, node_get(root, "options")))
			build_fail(b, root, "out of memory");
		return;
	}
	if (sound(b, top, root, "option-checks"))
		build_option_checks(b, node_get(root, "option-checks"));
	const node *suitsets = node_get(node_get(root, "deck"), "suit-sets");
	if (suitsets) {
		g->has_suitsets = true;
		build_count(b, suitsets, &g->suitsets, "'deck.suit-sets'");
		check_suitsets(b, suitsets);
	}
	if (!sound(b, top, root, "values"))
		return;         /* tables are names every expression may use */
	build_values(b, node_get(root, "values"));
	const node *deal = node_get(root, "deal");
	bool deal_ok = sound(b, top, root, "deal");
	if (deal_ok) {
		int before = b->errors;
		build_deal_count(b, node_get(deal, "hand"), &g->hand_size,
				 "'deal.hand'");
		const node *up = node_get(deal, "face-up");
		if (up)
			build_deal_count(b, up, &g->face_up, "'deal.face-up'");
		const node *turn = node_get(deal, "turn-up");
		g->turn_up_last = turn && strcmp(turn->text, "last") == 0;
		g->deal_from = build_table_expr(b, g->scope, node_get(deal, "from"),
						TY_SEAT, "'deal.from'");
		g->sizes_by_deal = g->hand_size.by_deal || g->face_up.by_deal;
		deal_ok = b->errors == before && !b->players_unknown;
	}
	const node *scoring = node_get(root, "scoring");
	const schema *scoring_sc = schema_field_of(top, "scoring")->type;
	bool scoring_ok = sound(b, top, root, "scoring");
	if (scoring && sound(b, scoring_sc, scoring, "keep"))
		declare_kept(b, node_get(scoring, "keep"));
	if (sound(b, top, root, "places"))
		build_places(b, node_get(root, "places"));
	if (deal_ok && node_get(deal, "packets"))
		build_packets(b, node_get(deal, "packets"), node_get(root, "places"));
	if (sound(b, top, root, "counters"))
		build_counters(b, node_get(root, "counters"));
	if (sound(b, top, root, "define"))
		build_defines(b, node_get(root, "define"));
	const node *phases = node_get(root, "phases");
	if (phases && phases->kind == NODE_SEQ)
		build_phases(b, phases);
	vars_mark_by_call(g);
	if (scoring_ok) {
		build_scoring(b, scoring);
		check_phases(b);
	}
	const node_pair *match = node_get_pair(root, "match");
	if (scoring_ok && sound(b, top, root, "match"))
		build_match(b, match->key, match->value);
	mark_lets_read_late(g);
	mark_lets_all_read(g);

	if (deal_ok)
		check_deal_fits(b, deal, node_get(root, "places"));
	if (deal_ok && b->errors == 0)
		check_phase_cards(b);
	g->nslots = b->scoring ? expr_scope_slots(b->scoring) : 0;
	if (g->nslots > VARS_SLOTS_MAX)
		build_fail(b, scoring, "the scoring uses too many values (%d; at most %d)",
		     g->nslots, VARS_SLOTS_MAX);
}

/* Sources of a failed load go to the diagnostics, which quote them. */
static void hand_over_sources(loaded *l, diag *d)
{
	for (int i = 0; i < l->nfiles; i++)
		diag_adopt(d, l->file[i]);
	l->nfiles = 0;
}

/* The closest name among the keys of map n other than `word`. */
static const char *closest_other(const node *n, const char *word)
{
	const char *names[64];
	int k = 0;
	for (size_t i = 0; n && i < n->n && k < 63; i++)
		if (strcmp(n->pair[i].key->text, word) != 0)
			names[k++] = n->pair[i].key->text;
	names[k] = NULL;
	return schema_suggest(word, names);
}

/* Names a file declares that no expression uses are almost always
 * mistakes: a misspelt option added instead of set, a value renamed in one
 * place only. */
static void warn_unused(builder *b, const node *map, const expr_scope *sc,
			const char *what, const src_file *own)
{
	for (size_t i = 0; map && sc && i < map->n; i++) {
		const node *k = map->pair[i].key;
		if (expr_scope_uses(sc, k->text) > 0)
			continue;
		const char *hint = closest_other(map, k->text);
		char why[300] = "";
		if (hint)
			snprintf(why, sizeof why, " (did you mean '%s'?)", hint);
		else if (k->file != own)        /* inherited: the variant dropped
						   its last use */
			snprintf(why, sizeof why, "; %s no longer uses it: delete it "
				 "there with '%s: null'", own->name, k->text);
		diag_warning(b->d, k->file, k->line, k->col, "%s '%s' is not used "
			     "by any expression%s", what, k->text, why);
	}
}

static void warn_unused_names(builder *b, const node *root,
			      const src_file *own)
{
	const node *scoring = node_get(root, "scoring");
	warn_unused(b, node_get(root, "options"), b->g->static_scope, "the option",
		    own);
	warn_unused(b, node_get(root, "counters"), b->g->scope, "the counter",
		    own);
	warn_unused(b, node_get(scoring, "let"), b->scoring, "the named value",
		    own);
	warn_unused(b, node_get(scoring, "keep"), b->g->scope, "the kept value",
		    own);
}

/* Whether text holds the number num (digits, a leading minus allowed)
 * as a whole: not as part of a longer number. */
static bool says_number(const char *text, const char *num, size_t len)
{
	for (const char *at = strstr(text, num); at; at = strstr(at + 1, num)) {
		bool starts = at == text || !isdigit((unsigned char)at[-1]);
		if (starts && !isdigit((unsigned char)at[len]))
			return true;
	}
	return false;
}

/* A variant that keeps its base's description but changes a number the
 * description gives (the 150-point game that still says "-100") tells
 * its players something false: it needs a description of its own. */
static void warn_stale_description(builder *b, const loaded *l)
{
	const node *desc = node_get(l->root, "description");
	if (!desc || desc->kind != NODE_SCALAR || desc->file == l->file[0])
		return;
	for (int i = 0; i < l->nreplaced; i++) {
		const node *old = l->replaced[i][0], *now = l->replaced[i][1];
		for (const char *s = old->text; *s; s++) {
			size_t len = 0;
			if (!isdigit((unsigned char)*s) ||
			    (s > old->text && isdigit((unsigned char)s[-1])))
				continue;
			while (isdigit((unsigned char)s[len]))
				len++;
			char num[32];
			if (len >= sizeof num)
				continue;
			memcpy(num, s, len);
			num[len] = '\0';
			if (says_number(now->text, num, len) ||
			    !says_number(desc->text, num, len))
				continue;
			diag_warning(b->d, now->file, now->line, now->col,
				     "this changes '%s' to '%s', but the description "
				     "inherited from %s still says %s: give this file "
				     "a description of its own", old->text,
				     now->text, desc->file->name, num);
			return;
		}
	}
}

/* A base that still uses a name its variant deleted fails where the base
 * names it; the deletion in the variant is named too, as the cause. */
static void blame_deletions(const loaded *l, diag *d)
{
	int n = diag_entries(d);
	for (int i = 0; i < l->ndeleted; i++) {
		const node *k = l->deleted[i];
		char want[300];
		snprintf(want, sizeof want, "unknown name '%s'", k->text);
		for (int j = 0; j < n; j++) {
			const diag_entry *e = diag_get(d, j);
			if (e->message && strncmp(e->message, want, strlen(want)) == 0 &&
			    e->file && e->file != k->file) {
				diag_error(d, k->file, k->line, k->col, "'%s' is deleted "
					   "here, but %s still uses it (line %d)",
					   k->text, e->file->name, e->line);
				break;
			}
		}
	}
}

/* Errors in a base of a variant that the base alone does not have come
 * from what the variant changes: say so at the variant's `extends`. */
static void blame_variant(const loaded *l, diag *d, int first)
{
	if (l->nfiles < 2)
		return;
	const src_file *base = NULL;
	for (int i = first; i < diag_entries(d) && !base; i++) {
		const diag_entry *e = diag_get(d, i);
		if (!e->warning && e->file && e->file != l->file[0])
			base = e->file;
	}
	if (!base)
		return;
	diag *quiet = diag_new();
	game *alone = quiet ? game_load(base->name, quiet) : NULL;
	diag_free(quiet);
	if (!alone)
		return;
	game_free(alone);
	const src_file *f = l->file[0];
	int line = 1;
	for (int i = 1; i <= f->nlines; i++) {
		size_t len;
		const char *text = src_line(f, i, &len);
		if (text && len >= 8 && strncmp(text, "extends:", 8) == 0) {
			line = i;
			break;
		}
	}
	diag_error(d, f, line, 1, "%s is valid on its own: its errors come from "
		   "what this file changes", base->name);
}

game *game_load(const char *path, diag *d)
{
	loaded l;
	int before = diag_count(d), first_entry = diag_entries(d);
	if (!load_rule_file(path, &l, d)) {
		hand_over_sources(&l, d);
		load_release(&l);
		return NULL;
	}
	game *g = cr_calloc(1, sizeof *g);
	if (!g) {
		diag_error_path(d, path, "out of memory");
		load_release(&l);
		return NULL;
	}
	static _Atomic uint64_t loads;
	g->serial = atomic_fetch_add(&loads, 1) + 1;
	g->path = arena_strndup(&g->arena, path, strlen(path));
	builder b = {.g = g, .d = d};
	hook_register_with_schema();    /* the schema knows no hook by itself */
	b.errors = schema_check(&schema_rule_file, l.root, d);
	b.loose = b.errors > 0;
	build(&b, l.root);
	/* load_rule_file reports some problems without failing (a file of
	 * an extends chain without 'cardrules: 1'): they count too. */
	if (b.errors || diag_count(d) != before) {
		blame_deletions(&l, d);
		blame_variant(&l, d, first_entry);
		hand_over_sources(&l, d);
		load_release(&l);
		game_free(g);
		return NULL;
	}
	warn_unused_names(&b, l.root, l.file[0]);
	warn_stale_description(&b, &l);
	/* The game keeps its sources: run-time messages may quote them. */
	for (int i = 0; i < l.nfiles; i++)
		g->source[g->nsources++] = l.file[i];
	l.nfiles = 0;
	load_release(&l);
	return g;
}

void game_free(game *g)
{
	if (!g)
		return;
	for (int i = 0; i < g->nsources; i++)
		src_free(g->source[i]);
	arena_free(&g->arena);
	free(g);
}

const char *game_players_text(const game *g, char *buf, size_t size)
{
	if (g->min_players == g->max_players)
		snprintf(buf, size, "%d player%s", g->min_players,
			 g->min_players == 1 ? "" : "s");
	else
		snprintf(buf, size, "%d to %d players", g->min_players,
			 g->max_players);
	return buf;
}

int game_option_index(const game *g, const char *name)
{
	for (int i = 0; i < g->noptions; i++)
		if (strcmp(g->option[i].name, name) == 0)
			return i;
	return -1;
}
