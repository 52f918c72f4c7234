/* transcript.c — writing transcripts line by line, and replaying them. */
#include "front/transcript.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdarg.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "front/command.h"
#include "lang/load.h"
#include "lang/schema.h"

/* ======================================================================
 * Writing
 * ====================================================================== */

static void flush(transcript_writer *w)
{
	fflush(w->f);
	if (w->durable)
		fsync(fileno(w->f));
}

static void write_ints(FILE *f, const int64_t *v, int n)
{
	fputc('[', f);
	for (int i = 0; i < n; i++)
		fprintf(f, "%s%" PRId64, i ? ", " : "", v[i]);
	fputc(']', f);
}

/* The head of a transcript: the game, the table, the options, and the
 * list of deals opened (empty until the first decision). */
static bool write_head(transcript_writer *w, const char *path,
		       const char *game_name, const state *s, unsigned humans,
		       char *err, size_t size)
{
	w->deal = s->deal_no;
	const game *g = s->g;
	char title[200];
	snprintf(title, sizeof title, "%s", g->name);
	for (char *p = title; *p; p++)         /* a comment stays one line */
		if ((unsigned char)*p < 0x20)
			*p = ' ';
	fprintf(w->f, "# A game of %s recorded by cardrules; replay it with\n"
		"# cardrules replay FILE, or go on with cardrules play --resume FILE.\n",
		title);
	char rel[PATH_MAX], name[PATH_MAX + 64];
	transcript_game_path(game_name, path, rel, sizeof rel);
	if (!node_write_scalar(rel, name, sizeof name)) {
		snprintf(err, size, "cannot write the game's name '%s'", game_name);
		return false;
	}
	fprintf(w->f, "cardrules-transcript: 1\ngame: %s\nplayers: %d\n"
		"dealer: %d\nseed: %" PRIu64 "\n", name, s->players,
		s->first_dealer, s->seed);
	if (g->noptions) {
		fputs("options: {", w->f);
		for (int i = 0; i < g->noptions; i++)
			fprintf(w->f, "%s%s: %" PRId64, i ? ", " : "",
				g->option[i].name, s->option[i]);
		fputs("}\n", w->f);
	}
	if (humans) {
		fputs("humans: [", w->f);
		for (int p = 0, k = 0; p < s->players; p++)
			if (humans >> p & 1)
				fprintf(w->f, "%s%d", k++ ? ", " : "", p);
		fputs("]\n", w->f);
	}
	fputs("deals:\n", w->f);
	errno = 0;
	if (fflush(w->f) != 0 || ferror(w->f)) {
		snprintf(err, size, "cannot write '%s': %s", path,
			 errno ? strerror(errno) : "write error");
		return false;
	}
	flush(w);
	return true;
}

bool transcript_create(transcript_writer *w, const char *path, const char *game_name,
	       const state *s, unsigned humans, bool durable, char *err,
	       size_t size)
{
	w->f = fopen(path, "w");
	if (!w->f) {
		snprintf(err, size, "cannot write '%s': %s", path, strerror(errno));
		return false;
	}
	w->durable = durable;
	if (!write_head(w, path, game_name, s, humans, err, size)) {
		fclose(w->f);
		w->f = NULL;
		return false;
	}
	return true;
}

/* Does one of the first lines of path start a transcript? */
static bool holds_transcript(const char *path)
{
	FILE *f = fopen(path, "r");
	char line[256];
	bool found = false;
	for (int i = 0; f && !found && i < 100 && fgets(line, sizeof line, f); i++)
		found = strncmp(line, "cardrules-transcript:", 21) == 0;
	if (f)
		fclose(f);
	return found;
}

/* flock(2), not fcntl(2): a lock of fcntl's would be dropped as soon as
 * the replay, which reads the file by its path, closes it. */
bool transcript_lock(transcript_writer *w, const char *path, bool fresh,
		     char *err, size_t size)
{
	w->f = NULL;
	int fd = open(path, O_WRONLY | O_APPEND | (fresh ? O_CREAT : 0), 0644);
	if (fd < 0) {
		snprintf(err, size, "cannot write '%s': %s", path, strerror(errno));
		return false;
	}
	struct stat st;
	if (flock(fd, LOCK_EX | LOCK_NB) != 0) {
		if (errno == EWOULDBLOCK)
			snprintf(err, size, "%s is being played by another process",
				 path);
		else
			snprintf(err, size, "cannot lock '%s': %s", path,
				 strerror(errno));
	} else if (fstat(fd, &st) != 0) {
		snprintf(err, size, "cannot write '%s': %s", path, strerror(errno));
	} else if (fresh && S_ISREG(st.st_mode) && st.st_size > 0) {
		snprintf(err, size, "%s is not empty: a new game is saved only in "
			 "a new or empty file%s%s", path, holds_transcript(path)
			 ? "; the game saved there goes on with: cardrules play "
			   "--resume " : "", holds_transcript(path) ? path : "");
	} else if (!(w->f = fdopen(fd, "a"))) {
		snprintf(err, size, "cannot write '%s': %s", path, strerror(errno));
	}
	if (!w->f) {
		close(fd);
		return false;
	}
	w->durable = true;              /* people's games survive a crash */
	return true;
}

bool transcript_start(transcript_writer *w, const char *path, const char *game_name,
	      const state *s, unsigned humans, char *err, size_t size)
{
	return write_head(w, path, game_name, s, humans, err, size);
}

void transcript_append(transcript_writer *w, const state *s)
{
	w->deal = s->deal_no;
}

static void write_cards(FILE *f, const deck *d, cardset cards)
{
	char name[8];
	fputc('[', f);
	bool first = true;
	CSET_FOREACH(c, cards) {
		fprintf(f, "%s%s", first ? "" : ", ", deck_card_name(d, c, true, name));
		first = false;
	}
	fputc(']', f);
}

/* Each place's cards in the order they were dealt (the state remembers
 * it: a solitaire's setup moves them at once). */
static void write_places(transcript_writer *w, const state *s)
{
	const game *g = s->g;
	if (g->nplaces == 0)
		return;
	fputs("    places:\n", w->f);
	for (int k = 0; k < g->nplaces; k++) {
		fprintf(w->f, "      %s: [", g->place[k].name);
		const char *sep = "";
		for (int j = 0; j < s->place_dealt[k]; j++)
			for (int c = 0; c < g->deck.ncards; c++)
				if (s->dealt_place[c] == k + 1 && s->deal_pos[c] == j) {
					char name[8];
					fprintf(w->f, "%s%s", sep, deck_card_name(
						&g->deck, (card_id)c, true, name));
					sep = ", ";
				}
		fputs("]\n", w->f);
	}
}

/* The cards as dealt: hands, the places, then the leftovers, the face-up
 * ones first. */
static void write_deal(transcript_writer *w, const state *s)
{
	const deck *d = &s->g->deck;
	fputs("    hands:\n", w->f);
	for (int p = 0; p < s->players; p++) {
		fprintf(w->f, "      %d: ", p);
		write_cards(w->f, d, s->dealt[p]);
		fputc('\n', w->f);
	}
	if (s->turned_up != CARD_NONE) {
		char name[8];
		fprintf(w->f, "    turned-up: %s\n",
			deck_card_name(d, s->turned_up, true, name));
	}
	write_places(w, s);
	if (cset_is_empty(s->leftover))
		return;
	fputs("    leftover: ", w->f);
	cardset down = cset_minus(s->leftover, s->leftover_up);
	fputc('[', w->f);
	bool first = true;
	char name[8];
	CSET_FOREACH(c, s->leftover_up) {
		fprintf(w->f, "%s%s", first ? "" : ", ", deck_card_name(d, c, true, name));
		first = false;
	}
	CSET_FOREACH(c, down) {
		fprintf(w->f, "%s%s", first ? "" : ", ", deck_card_name(d, c, true, name));
		first = false;
	}
	fputs("]\n", w->f);
}

void transcript_decision(transcript_writer *w, const state *s, int seat, const char *words)
{
	if (!w->f)
		return;
	if (w->deal != s->deal_no) {
		fprintf(w->f, "  - deal: %d\n    dealer: %d\n", s->deal_no,
			s->dealer);
		if (w->explicit_deals)
			write_deal(w, s);
		fputs("    moves:\n", w->f);
		w->deal = s->deal_no;
	}
	fprintf(w->f, "      - %d: %s\n", seat, words);
	flush(w);
}

void transcript_scored(transcript_writer *w, const state *s)
{
	if (!w->f)
		return;
	fputs("    scores: ", w->f);
	write_ints(w->f, s->deal_score, s->players);
	fputc('\n', w->f);
	if (s->over) {
		int64_t place[SEAT_MAX];
		for (int p = 0; p < s->players; p++)
			place[p] = s->place[p];
		fputs("result:\n  totals: ", w->f);
		write_ints(w->f, s->total, s->players);
		fputs("\n  places: ", w->f);
		write_ints(w->f, place, s->players);
		fputc('\n', w->f);
	}
	flush(w);
}

bool transcript_close(transcript_writer *w)
{
	if (!w->f)
		return true;
	bool ok = !ferror(w->f);
	ok &= fclose(w->f) == 0;
	w->f = NULL;
	return ok;
}

/* ======================================================================
 * The keys of a transcript, checked like a rule file's
 * ====================================================================== */

static const schema t_string = {.kind = SK_STRING, .doc = "a string"};
static const schema t_version = {
	.kind = SK_INT, .min = 1, .max = 1,
	.doc = "the version of the transcript format: 1",
};
static const schema t_players = {
	.kind = SK_INT, .min = 1, .max = SEAT_MAX, .doc = "a number of players",
};
static const schema t_seat = {
	.kind = SK_INT, .min = 0, .max = SEAT_MAX - 1, .doc = "a seat number",
};
static const schema t_number = {
	.kind = SK_INT, .min = -1000000000000000000L, .max = 1000000000000000000L,
	.doc = "an integer",
};
static const schema t_deal_number = {
	.kind = SK_INT, .min = 1, .max = 1000000000, .doc = "a deal's number",
};
static const schema t_options = {
	.kind = SK_DICT, .item = &t_number, .key_pattern = "^[a-z_][a-z0-9_]*$",
	.key_doc = "an option of the game", .key_name = "OPTION",
	.doc = "the game's options and their values, like {rounds: 2}",
};
static const schema t_seats = {
	.kind = SK_LIST, .item = &t_seat, .doc = "a list of seats, like [0, 2]",
};
static const schema t_numbers = {
	.kind = SK_LIST, .item = &t_number, .doc = "a list of integers",
};
static const schema t_cards = {
	.kind = SK_LIST, .item = &t_string, .doc = "a list of cards, like [QS, 10H]",
};
static const schema t_hands = {
	.kind = SK_DICT, .item = &t_cards, .key_pattern = "^[0-9]+$",
	.key_doc = "a seat number", .key_name = "SEAT",
	.doc = "each seat's cards as dealt",
};
static const schema t_places = {
	.kind = SK_DICT, .item = &t_cards, .key_pattern = "^[a-z][a-z0-9_]*$",
	.key_doc = "a place of the game", .key_name = "PLACE",
	.doc = "each place's cards in the order they were dealt",
};
static const schema t_move = {
	.kind = SK_DICT, .item = &t_string, .key_pattern = "^[0-9]+$",
	.key_doc = "the seat that decides", .key_name = "SEAT",
	.doc = "a decision: the seat, then its words, like '1: play QS'",
};
static const schema t_moves = {
	.kind = SK_LIST, .item = &t_move, .doc = "the decisions of the deal, in order",
};
static const schema_field deal_fields[] = {
	{"deal", &t_deal_number, false, "the deal's number in the match"},
	{"dealer", &t_seat, false, "who dealt"},
	{"hands", &t_hands, false, "the cards as dealt, instead of the seed's shuffle"},
	{"turned-up", &t_string, false,
	 "the card turned up from a hand (deal.turn-up)"},
	{"places", &t_places, false, "each place's cards as dealt"},
	{"leftover", &t_cards, false, "the leftover cards, face-up ones first"},
	{"moves", &t_moves, false, "the decisions"},
	{"scores", &t_numbers, false, "each seat's score for the deal"},
	{0},
};
static const schema t_deal = {
	.kind = SK_MAP, .title = "deal", .fields = deal_fields,
	.doc = "one deal: its decisions, and its scores once it is over",
};
static const schema t_deals = {
	.kind = SK_LIST, .item = &t_deal, .doc = "the deals, in order",
};
static const schema_field result_fields[] = {
	{"totals", &t_numbers, false, "each seat's total"},
	{"places", &t_numbers, false, "each seat's place"},
	{0},
};
static const schema t_result = {
	.kind = SK_MAP, .title = "result", .fields = result_fields,
	.doc = "the end of the match",
};
static const schema_field transcript_fields[] = {
	{"cardrules-transcript", &t_version, true, "the format version: 1"},
	{"game", &t_string, true, "the game: a name or a rule file's path"},
	{"players", &t_players, true, "how many play"},
	{"dealer", &t_seat, false, "the first dealer (default 0)"},
	{"seed", &t_string, false, "the seed of the shuffles (default 0)"},
	{"options", &t_options, false, "the game's options"},
	{"humans", &t_seats, false, "the seats people play"},
	{"deals", &t_deals, false, "the deals"},
	{"result", &t_result, false, "the end of the match"},
	{0},
};
static const schema t_transcript = {
	.kind = SK_MAP, .title = "transcript", .fields = transcript_fields,
	.doc = "a transcript",
};

/* ======================================================================
 * Reading
 * ====================================================================== */

typedef struct reader {
	transcript_replay *r;
	diag *d;
	const src_file *f;
	transcript_on_deal on_deal;
	transcript_on_decision on_decision;
	void *ctx;
} reader;

static bool error_at(reader *rd, const node *at, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static bool error_at(reader *rd, const node *at, const char *fmt, ...)
{
	char msg[600];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	diag_error(rd->d, at->file, at->line, at->col, "%s", msg);
	return false;
}

static bool int_node(const node *n, long long *out)
{
	if (!n || n->kind != NODE_SCALAR || n->len == 0 || n->len > 20)
		return false;
	char *end;
	errno = 0;
	*out = strtoll(n->text, &end, 10);
	return *end == '\0' && errno == 0;
}

bool parse_seed(const char *text, uint64_t *out)
{
	if (!text || !*text)
		return false;
	for (const char *p = text; *p; p++)
		if (*p < '0' || *p > '9')
			return false;           /* " 7", "+7", "-7" */
	char *end;
	errno = 0;
	unsigned long long v = strtoull(text, &end, 10);
	if (*end != '\0' || errno != 0)
		return false;
	*out = v;
	return true;
}

/* Is name a path (rather than the name of a shipped game)? */
static bool is_path(const char *name)
{
	size_t n = strlen(name);
	return strchr(name, '/') || (n > 5 && strcmp(name + n - 5, ".yaml") == 0);
}

/* The directory part of path ("." when it has none). */
static void dir_of(const char *path, char *buf, size_t size)
{
	const char *slash = strrchr(path, '/');
	if (!slash)
		snprintf(buf, size, ".");
	else if (slash == path)
		snprintf(buf, size, "/");
	else
		snprintf(buf, size, "%.*s", (int)(slash - path), path);
}

/* The game's path, found at path: a file, not a folder. */
static bool rule_file_at(reader *rd, const node *name, const char *path)
{
	struct stat st;
	if (stat(path, &st) == 0 && S_ISDIR(st.st_mode))
		return error_at(rd, name, "'%s' is a folder, not a rule file",
				name->text);
	return true;
}

/* The game named by a transcript: a shipped game by its name, or a rule
 * file by its path, which is relative to the transcript's folder (and,
 * for transcripts of earlier versions, to the current directory).  No
 * other game is ever put in its place. */
static bool find_game(reader *rd, const node *name, const char *transcript,
		      char *buf, size_t size)
{
	const char *g = name->text;
	if (!*g || node_is_null(name))
		return error_at(rd, name, "the transcript does not name its game "
				"('game: black-lady')");
	if (!is_path(g)) {
		if (load_find_game(g, buf, size))
			return true;
		return error_at(rd, name, "no game is named '%s' (see cardrules "
				"list)", g);
	}
	char dir[PATH_MAX];
	dir_of(transcript, dir, sizeof dir);
	if (g[0] != '/' && (size_t)snprintf(buf, size, "%s/%s", dir, g) < size &&
	    access(buf, R_OK) == 0)
		return rule_file_at(rd, name, buf);
	snprintf(buf, size, "%s", g);
	if (access(buf, R_OK) == 0)
		return rule_file_at(rd, name, buf);
	char stem[256], found[PATH_MAX];
	const char *base = strrchr(g, '/');
	snprintf(stem, sizeof stem, "%s", base ? base + 1 : g);
	char *dot = strstr(stem, ".yaml");
	if (dot)
		*dot = '\0';
	if (g[0] != '/' && load_find_game(stem, found, sizeof found))
		return error_at(rd, name, "cannot find the rule file '%s' (looked "
				"in %s, the transcript's folder, and in the current "
				"directory); a shipped game is named '%s': write "
				"'game: %s' to replay with it", g, dir, stem, stem);
	return error_at(rd, name, "cannot find the rule file '%s'%s%s%s", g,
			g[0] != '/' ? " (looked in " : "",
			g[0] != '/' ? dir : "",
			g[0] != '/' ? ", the transcript's folder, and in the "
				      "current directory)" : "");
}

/* Splits an absolute path into its folders and file, in place. */
static int components(char *path, char **part, int max)
{
	int n = 0;
	for (char *p = strtok(path, "/"); p && n < max; p = strtok(NULL, "/"))
		part[n++] = p;
	return n;
}

bool transcript_game_path(const char *game_name, const char *transcript,
			  char *buf, size_t size)
{
	snprintf(buf, size, "%s", game_name);
	if (!is_path(game_name))
		return true;
	char from[PATH_MAX], to[PATH_MAX], dir[PATH_MAX];
	dir_of(transcript, dir, sizeof dir);
	if (!realpath(dir, from) || !realpath(game_name, to))
		return false;
	char *f[PATH_MAX / 2], *t[PATH_MAX / 2];
	int nf = components(from, f, PATH_MAX / 2);
	int nt = components(to, t, PATH_MAX / 2);
	int common = 0;
	while (common < nf && common < nt - 1 && strcmp(f[common], t[common]) == 0)
		common++;
	size_t used = 0;
	buf[0] = '\0';
	for (int i = common; i < nf && used < size; i++)
		used += (size_t)snprintf(buf + used, size - used, "../");
	for (int i = common; i < nt && used < size; i++)
		used += (size_t)snprintf(buf + used, size - used, "%s%s", t[i],
					 i + 1 < nt ? "/" : "");
	return used < size;
}

static bool read_options(reader *rd, const node *opts, int64_t *values)
{
	const game *g = rd->r->g;
	for (int i = 0; i < g->noptions; i++)
		values[i] = g->option[i].fallback;
	for (size_t i = 0; opts && i < opts->n; i++) {
		const node *k = opts->pair[i].key;
		int o = k->kind == NODE_SCALAR ? game_option_index(g, k->text) : -1;
		long long v;
		if (o < 0)
			return error_at(rd, k, "%s has no option '%s'", g->name,
					k->kind == NODE_SCALAR ? k->text : "?");
		if (!int_node(opts->pair[i].value, &v))
			return error_at(rd, opts->pair[i].value,
					"an option's value is an integer");
		values[o] = v;
	}
	return true;
}

static bool read_header(reader *rd, const node *root, const char *path)
{
	transcript_replay *r = rd->r;
	long long version, players, dealer = 0;
	uint64_t seed = 0;
	const node *v = node_get(root, "cardrules-transcript");
	if (!int_node(v, &version) || version != 1)
		return error_at(rd, v ? v : root, "a transcript starts with "
				"'cardrules-transcript: 1'");
	const node *name = node_get(root, "game");
	if (!name || name->kind != NODE_SCALAR)
		return error_at(rd, root, "the transcript does not name its game "
				"('game: black-lady')");
	char found[PATH_MAX];
	if (!find_game(rd, name, path, found, sizeof found))
		return false;
	snprintf(r->game_name, sizeof r->game_name, "%s", name->text);
	r->g = game_load(found, rd->d);
	if (!r->g)
		return false;
	const node *pn = node_get(root, "players");
	if (!int_node(pn, &players))
		return error_at(rd, pn ? pn : root, "the transcript needs "
				"'players: N'");
	char range[40];
	if (players < r->g->min_players || players > r->g->max_players)
		return error_at(rd, pn, "%s is for %s, not %lld", r->g->name,
				game_players_text(r->g, range, sizeof range),
				players);
	const node *dn = node_get(root, "dealer");
	if (dn && !int_node(dn, &dealer))
		return error_at(rd, dn, "'dealer' is a seat number");
	if (dn && (dealer < 0 || dealer >= players))
		return error_at(rd, dn, "the dealer must be a seat from 0 to %lld, "
				"not %lld", players - 1, dealer);
	const node *sn = node_get(root, "seed");
	if (sn && !parse_seed(sn->text, &seed))
		return error_at(rd, sn, "'seed' is a number from 0 to 2^64-1");
	int64_t options[OPTIONS_MAX];
	if (!read_options(rd, node_get(root, "options"), options))
		return false;
	const node *humans = node_get(root, "humans");
	for (size_t i = 0; humans && humans->kind == NODE_SEQ && i < humans->n; i++) {
		long long seat;
		if (!int_node(humans->item[i], &seat) || seat < 0 || seat >= players)
			return error_at(rd, humans->item[i], "not a seat of this table");
		r->humans |= 1u << seat;
	}
	char why[200];
	if (!state_setup(&r->s, r->g, (int)players, (int)dealer, options,
			 seed, why, sizeof why))
		return error_at(rd, root, "%s", why);
	r->s.checks = true;
	return true;
}

/* One card of the hands dealt (a card turned up), by its name. */
static bool read_one_card(reader *rd, const node *n, card_id *out)
{
	const deck *d = &rd->r->g->deck;
	card_face face;
	int copy;
	if (n->kind != NODE_SCALAR ||
	    deck_parse_face(d, n->text, n->len, &face, &copy) != DECK_PARSE_OK)
		return error_at(rd, n, "not a card of this game");
	*out = deck_find(d, rd->r->s.in_play, face, copy);
	if (*out == CARD_NONE)
		return error_at(rd, n, "not a card of this game");
	return true;
}

/* The cards of a list into out[]; `seen` holds the cards of the deal's
 * earlier lists, so that a card given twice is named where it is. */
static bool read_card_list(reader *rd, const node *list, cardset *seen,
			   card_id *out, int *n, int max)
{
	if (!list || list->kind != NODE_SEQ)
		return error_at(rd, list, "a list of cards, like [QS, 10H]");
	const deck *d = &rd->r->g->deck;
	*n = 0;
	for (size_t i = 0; i < list->n; i++) {
		const node *c = list->item[i];
		card_face face;
		int copy;
		if (c->kind != NODE_SCALAR || *n == max ||
		    deck_parse_face(d, c->text, c->len, &face, &copy) != DECK_PARSE_OK)
			return error_at(rd, c, "not a card of this game");
		card_id id = deck_find(d, cset_minus(rd->r->s.in_play, *seen), face,
				       copy);
		if (id == CARD_NONE)
			return error_at(rd, c, "%s is dealt more often than the deck "
					"holds it", c->text);
		cset_add(seen, id);
		out[(*n)++] = id;
	}
	return true;
}

static bool deal_explicit(reader *rd, const node *deal)
{
	state *s = &rd->r->s;
	const node *hands = node_get(deal, "hands");
	cardset hand[SEAT_MAX], seen = cset_empty();
	memset(hand, 0, sizeof hand);
	if (hands->kind != NODE_MAP)
		return error_at(rd, hands, "'hands' maps each seat to its cards");
	for (size_t i = 0; i < hands->n; i++) {
		long long seat;
		if (!int_node(hands->pair[i].key, &seat) || seat < 0 ||
		    seat >= s->players)
			return error_at(rd, hands->pair[i].key, "not a seat of this "
					"table (0 to %d)", s->players - 1);
		card_id cards[CARD_MAX];
		int n;
		if (!read_card_list(rd, hands->pair[i].value, &seen, cards, &n,
				    CARD_MAX))
			return false;
		for (int k = 0; k < n; k++)
			cset_add(&hand[seat], cards[k]);
	}
	card_id left[CARD_MAX];
	int nleft = 0;
	const node *places = node_get(deal, "places");
	for (size_t i = 0; places && i < places->n; i++) {
		const node *k = places->pair[i].key;
		bool known = false;
		for (int p = 0; p < s->g->nplaces; p++)
			known |= strcmp(s->g->place[p].name, k->text) == 0;
		if (!known)
			return error_at(rd, k, "the game has no place '%s'", k->text);
	}
	for (int p = 0; p < s->g->nplaces; p++) {
		const node *cards = node_get(places, s->g->place[p].name);
		int n = 0;
		if (cards && !read_card_list(rd, cards, &seen, left + nleft, &n,
					     CARD_MAX - nleft))
			return false;
		if (n != s->place_dealt[p])
			return error_at(rd, cards ? cards : deal, "'%s' is dealt %d "
					"cards here, not %d", s->g->place[p].name,
					s->place_dealt[p], n);
		nleft += n;
	}
	const node *leftover = node_get(deal, "leftover");
	int nrest = 0;
	if (leftover && !read_card_list(rd, leftover, &seen, left + nleft, &nrest,
					CARD_MAX - nleft))
		return false;
	nleft += nrest;
	card_id turned = CARD_NONE;
	const node *up = node_get(deal, "turned-up");
	if (up && !read_one_card(rd, up, &turned))
		return false;
	char why[200];
	if (!state_deal_cards_turned(s, hand, left, nleft, turned, why,
				     sizeof why))
		return error_at(rd, up ? up : hands, "%s", why);
	return true;
}

static bool replay_move(reader *rd, const node *item, int number)
{
	state *s = &rd->r->s;
	long long seat;
	if (item->kind != NODE_MAP || item->n != 1 ||
	    !int_node(item->pair[0].key, &seat) ||
	    item->pair[0].value->kind != NODE_SCALAR)
		return error_at(rd, item, "a decision is written 'SEAT: WORDS', "
				"like '1: play QS'");
	const node *words = item->pair[0].value;
	if (s->current < 0)
		return error_at(rd, item, "decision %d: the deal is already over",
				number);
	if (seat != s->current)
		return error_at(rd, item->pair[0].key, "decision %d: it is seat "
				"%d's turn, not seat %lld's", number, s->current,
				seat);
	command c;
	char err[600];
	bool parsed = command_parse(s, words->text, &c, err, sizeof err);
	if (!parsed && s->meld_due &&
	    strncasecmp(words->text, "declare", 7) != 0) {
		/* written before melds could be withheld: every meld was
		 * declared, and these are the words of the card */
		action all = state_declare_all_melds(s);
		state before = *s;
		state_apply(s, all);
		if (rd->on_decision)
			rd->on_decision(rd->ctx, &before, s, &all, 1);
		parsed = command_parse(s, words->text, &c, err, sizeof err);
	}
	state *before = NULL;
	if (rd->on_decision && !(before = malloc(sizeof *before)))
		return error_at(rd, item, "out of memory");
	if (before)
		*before = *s;
	if (!parsed ||
	    (c.kind != CMD_DECISION &&
	     snprintf(err, sizeof err, "'%s' is not a move", words->text)) ||
	    !command_apply(s, &c, err, sizeof err)) {
		free(before);
		return error_at(rd, words, "decision %d, seat %lld: %s", number,
				seat, err);
	}
	if (before)
		rd->on_decision(rd->ctx, before, s, c.actions, c.nactions);
	free(before);
	rd->r->decisions++;
	return true;
}

static bool check_scores(reader *rd, const node *scores)
{
	const state *s = &rd->r->s;
	bool same = scores->kind == NODE_SEQ && scores->n == (size_t)s->players;
	for (size_t i = 0; same && i < scores->n; i++) {
		long long v;
		same = int_node(scores->item[i], &v) && v == s->deal_score[i];
	}
	if (same) {
		rd->r->scores_checked = true;
		return true;
	}
	char want[200] = "";
	for (int p = 0; p < s->players; p++) {
		size_t used = strlen(want);
		snprintf(want + used, sizeof want - used, "%s%" PRId64,
			 p ? ", " : "", s->deal_score[p]);
	}
	return error_at(rd, scores, "the recorded scores differ from the "
			"rules, which give [%s]", want);
}

static bool replay_moves(reader *rd, const node *deal, bool last, int deal_no,
			 const state *during);

static bool replay_deal(reader *rd, const node *deal, bool last)
{
	state *s = &rd->r->s;
	if (deal->kind != NODE_MAP)
		return error_at(rd, deal, "a deal is a mapping with 'moves'");
	if (s->current != SEAT_CHANCE)
		return error_at(rd, deal, "the match is over: no deal follows");
	if (node_get(deal, "hands")) {
		if (!deal_explicit(rd, deal))
			return false;
	} else {
		state_deal(s);
	}
	int deal_no = s->deal_no;
	state *during = malloc(sizeof *during);
	if (!during)
		return error_at(rd, deal, "out of memory");
	*during = *s;
	bool ok = replay_moves(rd, deal, last, deal_no, during);
	free(during);
	return ok;
}

static bool replay_moves(reader *rd, const node *deal, bool last, int deal_no,
			 const state *during)
{
	state *s = &rd->r->s;
	const node *moves = node_get(deal, "moves");
	if (moves && !node_is_null(moves) && moves->kind != NODE_SEQ)
		return error_at(rd, moves, "'moves' is a list of decisions");
	for (size_t i = 0; moves && moves->kind == NODE_SEQ && i < moves->n; i++)
		if (!replay_move(rd, moves->item[i], (int)i + 1))
			return false;
	if (s->deal_no == deal_no && s->current >= 0) {
		if (last)
			return true;    /* a game in progress */
		return error_at(rd, deal, "deal %d stops before its end: seat %d "
				"is to move", deal_no, s->current);
	}
	const node *scores = node_get(deal, "scores");
	if (scores && !check_scores(rd, scores))
		return false;
	if (rd->on_deal)
		rd->on_deal(rd->ctx, s, during);
	return true;
}

/* Does a line start with the transcript's first key?  Any other file is
 * refused as a whole, quoting nothing of it. */
static bool looks_like_transcript(const src_file *f)
{
	static const char key[] = "cardrules-transcript:";
	for (int i = 1; i <= f->nlines; i++) {
		size_t len;
		const char *line = src_line(f, i, &len);
		if (len >= sizeof key - 1 && memcmp(line, key, sizeof key - 1) == 0)
			return true;
	}
	return false;
}

/* "deals:" with nothing under it is a game saved before its first
 * decision (the writer opens the list of deals with the head): read it
 * as an empty list. */
static void no_deals_yet(node *root)
{
	node *deals = node_get(root, "deals");
	if (deals && node_is_null(deals) && !deals->tag) {
		deals->kind = NODE_SEQ;
		deals->n = 0;
	}
}

/* Replays the transcript f (named path); takes f over. */
static bool replay_source(src_file *f, const char *path, transcript_replay *r,
			  diag *d, transcript_on_deal on_deal,
			  transcript_on_decision on_decision, void *ctx)
{
	if (!looks_like_transcript(f)) {
		diag_error_path(d, path, "not a cardrules transcript: no line of it "
				"starts with 'cardrules-transcript: 1'");
		src_free(f);
		return false;
	}
	reader rd = {.r = r, .d = d, .f = f, .on_deal = on_deal,
		     .on_decision = on_decision, .ctx = ctx};
	arena a = ARENA_INIT;
	node *root = NULL;
	/* The longest match of a shipped game at its largest options, every
	 * deal's cards written out (Ribs for 10, 20 rounds), is under
	 * 100,000 nodes: ten times that refuses an alias bomb in a fraction
	 * of a second. */
	static const node_limits limits = {64, 1000000};
	bool ok = node_parse(f, &a, &limits, d, &root);
	if (ok && (!root || root->kind != NODE_MAP))
		ok = error_at(&rd, root ? root : &(node){.file = f, .line = 1,
			      .col = 1}, "a transcript is a mapping that starts "
			      "with 'cardrules-transcript: 1'");
	if (ok)
		no_deals_yet(root);
	ok = ok && schema_check_document(&t_transcript, root, "the transcript",
					 d) == 0;
	ok = ok && read_header(&rd, root, path);
	const node *deals = ok ? node_get(root, "deals") : NULL;
	for (size_t i = 0; ok && deals && deals->kind == NODE_SEQ && i < deals->n; i++)
		ok = replay_deal(&rd, deals->item[i], i + 1 == deals->n);
	arena_free(&a);
	diag_adopt(d, f);
	return ok;
}

bool transcript_replay_file(const char *path, transcript_replay *r, diag *d,
			    transcript_on_deal on_deal, void *ctx)
{
	return transcript_replay_traced(path, r, d, on_deal, NULL, ctx);
}

bool transcript_replay_traced(const char *path, transcript_replay *r,
			      diag *d, transcript_on_deal on_deal,
			      transcript_on_decision on_decision, void *ctx)
{
	memset(r, 0, sizeof *r);
	const char *why;
	src_file *f = src_read(path, TRANSCRIPT_MAX_BYTES, &why);
	if (!f) {
		diag_error_path(d, path, "cannot read the transcript: %s", why);
		return false;
	}
	return replay_source(f, path, r, d, on_deal, on_decision, ctx);
}

/* Is the text of a line (without its newline) blank or a comment? */
static bool comment_only(const char *line, size_t len)
{
	size_t i = 0;
	while (i < len && (line[i] == ' ' || line[i] == '\t'))
		i++;
	return i == len || line[i] == '#';
}

bool transcript_replay_resumable(const char *path, transcript_replay *r,
				 diag *d)
{
	memset(r, 0, sizeof *r);
	const char *why;
	src_file *f = src_read(path, TRANSCRIPT_MAX_BYTES, &why);
	if (!f) {
		diag_error_path(d, path, "cannot read the transcript: %s", why);
		return false;
	}
	size_t whole = f->len;
	while (whole > 0 && f->text[whole - 1] != '\n')
		whole--;
	if (whole == f->len)
		return replay_source(f, path, r, d, NULL, NULL, NULL);
	if (comment_only(f->text + whole, f->len - whole)) {
		/* a comment written without its newline: kept whole, and
		 * ended before the next decision is appended */
		if (!replay_source(f, path, r, d, NULL, NULL, NULL) || r->s.over)
			return false;
		FILE *out = fopen(path, "a");
		bool ended = out && fputc('\n', out) != EOF;
		if (!out || fclose(out) != 0 || !ended) {
			diag_error_path(d, path, "cannot end the last line: %s",
					strerror(errno));
			return false;
		}
		return true;
	}
	/* a crash cut the last line: the lines before it must be a
	 * transcript of a game in progress before the file is touched */
	src_file *lines = src_from_text(path, f->text, whole);
	src_free(f);
	if (!lines) {
		diag_error_path(d, path, "out of memory");
		return false;
	}
	if (!replay_source(lines, path, r, d, NULL, NULL, NULL) || r->s.over)
		return false;
	if (truncate(path, (off_t)whole) != 0) {
		diag_error_path(d, path, "cannot cut the unfinished last line: %s",
				strerror(errno));
		return false;
	}
	return true;
}

/* A decision told as a move: the seat that took it, in `before`. */
struct move_teller {
	transcript_on_move on_move;
	void *ctx;
};

static void tell_move(void *ctx, const state *before, const state *after,
		      const action *a, int n)
{
	const struct move_teller *t = ctx;
	(void)after;
	t->on_move(t->ctx, before, before->current, a, n);
}

bool transcript_replay_moves(const char *path, transcript_replay *r, diag *d,
			     transcript_on_move on_move, void *ctx)
{
	struct move_teller t = {on_move, ctx};
	return transcript_replay_traced(path, r, d, NULL, tell_move, &t);
}
