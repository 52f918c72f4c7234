/* shard.c — a slice of a simulation to a file, and the files merged. */
#include "front/shard.h"

#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "util/alloc.h"
#include "util/json.h"

#define SHARD_MAGIC "cardrules-shard 3"

/* The rules a run was played by: a hash (FNV-1a) of the texts of its rule
 * files, so that a merge refuses slices of other rules than it loads. */
static uint64_t rules_print(const game *g)
{
	uint64_t h = UINT64_C(0xcbf29ce484222325);
	for (int i = 0; i < g->nsources; i++)
		for (size_t k = 0; k <= g->source[i]->len; k++) {  /* NUL too */
			h ^= (unsigned char)g->source[i]->text[k];
			h *= UINT64_C(0x100000001b3);
		}
	return h;
}

static void write_match(FILE *f, const sim_opts *o, int mi, const sim_match *m)
{
	fprintf(f, "match %d %d %d", mi, m->over, m->n);
	for (int p = 0; p < o->players; p++)
		fprintf(f, " %d", m->place[p]);
	for (int k = 0; k < KEPT_MAX; k++)
		for (int p = 0; p < o->players; p++)
			fprintf(f, " %" PRId64, m->kept[k][p]);
	fputc('\n', f);
	for (int i = 0; i < m->n; i++) {
		const sim_deal_rec *d = &m->deal[i];
		fprintf(f, "deal %d %d %d %d", d->d.deal, d->d.dealer,
			d->failed_check, d->d.solved);
		for (int p = 0; p < o->players; p++)
			fprintf(f, " %" PRId64, d->d.score[p]);
		fputc('\n', f);
		if (d->json)
			fprintf(f, "json %s\n", d->json);
	}
}

int shard_run(const game *g, const sim_opts *o, const char *path)
{
	FILE *f = fopen(path, "w");
	if (!f) {
		fprintf(stderr, "cardrules: error: cannot write %s\n", path);
		return 1;
	}
	char bots[200];
	fprintf(f, SHARD_MAGIC "\ngame %s\nrules %016" PRIx64 "\nplayers %d\n"
		"dealer %d\nseed %" PRIu64 "\ndeals %ld\nshard %d %d\nchecks %d\n"
		"json %d\nbots %s\noptions %d", o->game_name, rules_print(g),
		o->players, o->dealer, o->seed, o->deals, o->shard, o->shards,
		o->checks, o->json,
		bot_spec_text(&o->bots, o->players, bots, sizeof bots),
		g->noptions);
	for (int i = 0; i < g->noptions; i++)
		fprintf(f, " %" PRId64, o->options[i]);
	fputc('\n', f);
	/* a share of the deals and a margin: the matches of the slices are
	 * counted in turn, so a slice must reach past its share */
	long share = (o->deals + o->shards - 1) / o->shards;
	long played = 0, margin = share / 5;
	int longest = 0, status = 0;
	for (int mi = o->shard - 1; played < o->deals &&
	     played < share + margin + 3L * longest; mi += o->shards) {
		sim_match *m = cr_calloc(1, sizeof *m);
		if (!m) {
			status = 1;
			break;
		}
		sim_play_match(g, o, mi, m);
		if (m->failed_alloc) {
			sim_match_free(m);
			status = 1;
			break;
		}
		write_match(f, o, mi, m);
		played += m->n;
		if (m->n > longest)
			longest = m->n;
		sim_match_free(m);
	}
	if (fclose(f) != 0 || status) {
		fprintf(stderr, "cardrules: error: cannot write %s\n", path);
		return 1;
	}
	return 0;
}

/* ======================================================================
 * Reading: every field checked, every line bounded
 * ====================================================================== */

/* A result file being read: its header, then its matches. */
typedef struct reader {
	const char *path;
	FILE *in;
	int ln;                         /* the number of the line read last */
	char *line;                     /* that line, without its newline */
	const char *p;                  /* where its next field starts */
	/* the header */
	char game[1024];
	uint64_t rules;
	sim_opts o;
	char bots[200];
	int noptions;
	/* the matches read so far */
	sim_match *m;                   /* the last; NULL before the first */
	int mi;                         /* its index in the run */
	int nmatch;
	int due;                        /* its deals still to come */
	long ndeals;
	bool json_due;                  /* the last deal's json line is next */
} reader;

/* The header's lines, in order from line 2: a field's line is its
 * index + 2. */
enum { H_GAME, H_RULES, H_PLAYERS, H_DEALER, H_SEED, H_DEALS, H_SHARD,
       H_CHECKS, H_JSON, H_BOTS, H_OPTIONS, H_LINES };

static const char *const header_key[H_LINES] = {
	"game", "rules", "players", "dealer", "seed", "deals", "shard",
	"checks", "json", "bots", "options",
};

static bool bad_at(const reader *r, int line, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static bool bad_at(const reader *r, int line, const char *fmt, ...)
{
	va_list ap;
	fprintf(stderr, "%s:%d: error: ", r->path, line);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	return false;
}

#define bad(r, ...) bad_at(r, (r)->ln, __VA_ARGS__)

static bool open_file(reader *r, const char *path)
{
	memset(r, 0, sizeof *r);
	r->path = path;
	r->line = cr_malloc(SHARD_LINE_MAX + 1);
	r->in = r->line ? fopen(path, "r") : NULL;
	if (!r->in) {
		fprintf(stderr, "cardrules: error: cannot read %s: %s\n", path,
			r->line ? strerror(errno) : "out of memory");
		return false;
	}
	return true;
}

static void close_file(reader *r)
{
	if (r->in)
		fclose(r->in);
	free(r->line);
	r->in = NULL;
	r->line = NULL;
}

/* The next line, text of at most SHARD_LINE_MAX bytes ended by a
 * newline: 1, 0 at the end of the file, -1 (reported) otherwise. */
static int next_line(reader *r)
{
	int c = getc_unlocked(r->in);
	if (c == EOF && !ferror(r->in))
		return 0;
	r->ln++;
	size_t n = 0;
	for (; c != EOF && c != '\n'; c = getc_unlocked(r->in)) {
		if (r->ln == 1 && (c == '\0' || n == sizeof SHARD_MAGIC)) {
			bad(r, "not a result file of simulate --shard");
			return -1;
		}
		if (c == '\0') {
			bad(r, "a NUL byte: the file is not text");
			return -1;
		}
		if (n == SHARD_LINE_MAX) {
			bad(r, "a line longer than %d bytes", SHARD_LINE_MAX);
			return -1;
		}
		r->line[n++] = (char)c;
	}
	r->line[n] = '\0';
	r->p = r->line;
	if (ferror(r->in)) {
		bad(r, "cannot read: %s", strerror(errno));
		return -1;
	}
	if (c == EOF) {
		bad(r, "the line is cut short (the file ends without a newline)");
		return -1;
	}
	return 1;
}

/* The rest of the line after "key ", or NULL. */
static const char *after(const char *line, const char *key)
{
	size_t n = strlen(key);
	return strncmp(line, key, n) == 0 && line[n] == ' ' ? line + n + 1 : NULL;
}

/* The next field of the line: a whole number from lo to hi. */
static bool field(reader *r, const char *what, int64_t lo, int64_t hi,
		  int64_t *v)
{
	const char *s = r->p;
	if (*s != ' ' || !s[1] || s[1] == ' ')
		return bad(r, "%s: a number is missing", what);
	int len = (int)strcspn(++s, " ");
	if (len > 30)
		len = 30;
	char *end;
	errno = 0;
	long long x = strtoll(s, &end, 10);
	if (end == s || (*end && *end != ' ') ||
	    !(*s == '-' || (*s >= '0' && *s <= '9')))
		return bad(r, "%s: '%.*s' is not a number", what, len, s);
	if (errno == ERANGE || x < lo || x > hi)
		return bad(r, "%s %.*s is out of range (%" PRId64 " to %" PRId64
			   ")", what, len, s, lo, hi);
	*v = x;
	r->p = end;
	return true;
}

static bool int_field(reader *r, const char *what, int64_t lo, int64_t hi,
		      int *v)
{
	int64_t x;
	if (!field(r, what, lo, hi, &x))
		return false;
	*v = (int)x;
	return true;
}

static bool line_end(reader *r, const char *what)
{
	return *r->p == '\0' ||
	       bad(r, "%s: '%.20s' after its last field", what, r->p);
}

/* ---- the header -------------------------------------------------------- */

/* Line 1: the format and its version. */
static bool read_magic(reader *r)
{
	int got = next_line(r);
	if (got < 0)
		return false;
	r->ln = 1;
	if (got && strcmp(r->line, SHARD_MAGIC) == 0)
		return true;
	if (got && strncmp(r->line, "cardrules-shard ", 16) == 0)
		return bad(r, "a result file of another version of cardrules "
			   "(%.20s): play the shard again", r->line);
	return bad(r, "not a result file of simulate --shard");
}

/* The header's line h, "KEY FIELDS": r->p at the space before them. */
static bool header_line(reader *r, int h)
{
	int got = next_line(r);
	if (got == 0)
		return bad(r, "the file ends within its header, before its line "
			   "'%s'", header_key[h]);
	if (got < 0)
		return false;
	r->p = after(r->line, header_key[h]);
	if (!r->p)
		return bad(r, "the header's line '%s' is expected here",
			   header_key[h]);
	r->p--;
	return true;
}

static bool read_text(reader *r, int h, char *buf, size_t size)
{
	if (!header_line(r, h))
		return false;
	size_t len = strlen(r->p + 1);
	if (len == 0 || len >= size)
		return bad(r, "%s: empty, or longer than %zu bytes",
			   header_key[h], size - 1);
	memcpy(buf, r->p + 1, len + 1);
	return true;
}

static bool read_number(reader *r, int h, int64_t lo, int64_t hi, int *v)
{
	return header_line(r, h) && int_field(r, header_key[h], lo, hi, v) &&
	       line_end(r, header_key[h]);
}

static bool read_rules(reader *r)
{
	if (!header_line(r, H_RULES))
		return false;
	char *end;
	const char *s = r->p + 1;
	r->rules = strtoull(s, &end, 16);
	return (strlen(s) == 16 && *end == '\0' && strspn(s,
		"0123456789abcdef") == 16) ||
	       bad(r, "rules: not 16 hexadecimal digits");
}

static bool read_seed(reader *r)
{
	if (!header_line(r, H_SEED))
		return false;
	char *end;
	const char *s = r->p + 1;
	errno = 0;
	r->o.seed = strtoull(s, &end, 10);
	return (*s >= '0' && *s <= '9' && *end == '\0' && errno != ERANGE) ||
	       bad(r, "seed: not a number from 0 to %" PRIu64, UINT64_MAX);
}

static bool read_options(reader *r)
{
	if (!header_line(r, H_OPTIONS) ||
	    !int_field(r, "options", 0, OPTIONS_MAX, &r->noptions))
		return false;
	for (int i = 0; i < r->noptions; i++)
		if (!field(r, "options", INT64_MIN, INT64_MAX, &r->o.options[i]))
			return false;
	return line_end(r, "options");
}

/* The header, each line where the writer puts it; checked against the
 * game afterwards. */
static bool read_header(reader *r)
{
	sim_opts *o = &r->o;
	int deals = 0, checks = 0, with_json = 0;
	bool ok = read_magic(r) &&
		  read_text(r, H_GAME, r->game, sizeof r->game) &&
		  read_rules(r) &&
		  read_number(r, H_PLAYERS, INT32_MIN, INT32_MAX, &o->players) &&
		  read_number(r, H_DEALER, INT32_MIN, INT32_MAX, &o->dealer) &&
		  read_seed(r) &&
		  read_number(r, H_DEALS, 1, SIM_DEALS_MAX, &deals) &&
		  header_line(r, H_SHARD) &&
		  int_field(r, "shard", INT32_MIN, INT32_MAX, &o->shard) &&
		  int_field(r, "shard", INT32_MIN, INT32_MAX, &o->shards) &&
		  line_end(r, "shard") &&
		  read_number(r, H_CHECKS, 0, 1, &checks) &&
		  read_number(r, H_JSON, 0, 1, &with_json) &&
		  read_text(r, H_BOTS, r->bots, sizeof r->bots) &&
		  read_options(r);
	o->deals = deals;
	o->checks = checks;
	o->json = with_json;
	return ok;
}

/* The header of a file after the first: the same run, another slice. */
static bool same_run(reader *r, const reader *first)
{
	const sim_opts *o = &r->o, *f = &first->o;
	int differs = strcmp(r->game, first->game) ? H_GAME
		: r->rules != first->rules ? H_RULES
		: o->players != f->players ? H_PLAYERS
		: o->dealer != f->dealer ? H_DEALER
		: o->seed != f->seed ? H_SEED
		: o->deals != f->deals ? H_DEALS
		: o->shards != f->shards ? H_SHARD
		: o->checks != f->checks ? H_CHECKS
		: o->json != f->json ? H_JSON
		: strcmp(r->bots, first->bots) ? H_BOTS
		: r->noptions != first->noptions ||
		  memcmp(o->options, f->options, sizeof o->options) ? H_OPTIONS
		: -1;
	if (differs >= 0)
		return bad_at(r, differs + 2, "a shard of another run than %s "
			      "(its %s differs)", first->path,
			      header_key[differs]);
	r->o.bots = first->o.bots;
	return true;
}

/* The header against the game, or (when first is not NULL) against the
 * first file's: each mistake at its line. */
static bool check_header(reader *r, const game *g, const reader *first)
{
	sim_opts *o = &r->o;
	char text[200];
	if (first && !same_run(r, first))
		return false;
	if (r->rules != rules_print(g))
		return bad_at(r, H_RULES + 2, "the shard was played by other "
			      "rules than those of '%s' now (the rule file "
			      "changed, or the shard names another game)", r->game);
	if (o->players < g->min_players || o->players > g->max_players)
		return bad_at(r, H_PLAYERS + 2, "players %d, but %s is for %s",
			      o->players, g->name,
			      game_players_text(g, text, sizeof text));
	if (o->dealer < 0 || o->dealer >= o->players)
		return bad_at(r, H_DEALER + 2, "dealer %d, but the seats are 0 "
			      "to %d", o->dealer, o->players - 1);
	if (o->shard < 1 || o->shard > o->shards || o->shards > SHARD_MAX)
		return bad_at(r, H_SHARD + 2, "shard %d %d, but a shard is K "
			      "of N with 1 <= K <= N <= %d", o->shard, o->shards,
			      SHARD_MAX);
	if (first)
		return true;
	char err[300];
	bot_spec_all(&o->bots, BOT_RANDOM, 200);
	if (!bot_spec_parse(&o->bots, r->bots, err, sizeof err))
		return bad_at(r, H_BOTS + 2, "%s", err);
	if (strcmp(bot_spec_text(&o->bots, o->players, text, sizeof text),
		   r->bots) != 0)
		return bad_at(r, H_BOTS + 2, "bots %s, where simulate writes "
			      "them as '%s'", r->bots, text);
	if (r->noptions != g->noptions)
		return bad_at(r, H_OPTIONS + 2, "%d options, but %s has %d",
			      r->noptions, g->name, g->noptions);
	for (int i = 0; i < g->noptions; i++) {
		const option_def *od = &g->option[i];
		if (o->options[i] < od->min || o->options[i] > od->max)
			return bad_at(r, H_OPTIONS + 2, "option %s %" PRId64
				      ", but it goes from %" PRId64 " to %" PRId64,
				      od->name, o->options[i], od->min, od->max);
	}
	return true;
}

/* ---- the matches ------------------------------------------------------- */

/* The slices of a merge: each file's matches, by shard. */
typedef struct slice {
	const char *path;
	sim_match **match;              /* match j is the run's match
					   shard - 1 + j * shards */
	int n, cap;
} slice;

static bool slice_add(reader *r, slice *sl, sim_match *m)
{
	if (sl->n == sl->cap) {
		int cap = sl->cap ? sl->cap * 2 : 16;
		sim_match **grown = cr_realloc(sl->match, (size_t)cap *
					       sizeof *grown);
		if (!grown)
			return bad(r, "out of memory");
		sl->match = grown;
		sl->cap = cap;
	}
	sl->match[sl->n++] = m;
	return true;
}

/* The deals a match line announced have all come (with their JSON),
 * before the next match or at the end of the file. */
static bool match_complete(reader *r, bool at_end)
{
	if (r->json_due)
		return bad(r, "the deal before has no json line (the shard was "
			   "played with --json)");
	if (r->due && at_end)
		return bad(r, "the file ends within match %d: %d of its %d deals "
			   "came", r->mi, r->m->n, r->m->n + r->due);
	return r->due == 0 ||
	       bad(r, "match %d announced %d deals, but %d came", r->mi,
		   r->m->n + r->due, r->m->n);
}

/* match INDEX OVER DEALS PLACE... KEPT...: the next match of the slice. */
static bool read_match(reader *r, const game *g, slice *sl)
{
	const sim_opts *o = &r->o;
	int mi, over, n;
	int64_t want = o->shard - 1 + (int64_t)r->nmatch * o->shards;
	if (!match_complete(r, false) ||
	    !int_field(r, "match", 0, INT32_MAX - 1, &mi))
		return false;
	if (mi != want)
		return bad(r, "match %d, but the next match of shard %d/%d is "
			   "%" PRId64, mi, o->shard, o->shards, want);
	if (!int_field(r, "match", 0, 1, &over) ||
	    !int_field(r, "match", 1, o->deals, &n))
		return false;
	if (!over && n != o->deals)
		return bad(r, "match %d did not end, so it has the run's %ld "
			   "deals, not %d", mi, o->deals, n);
	sim_match *m = cr_calloc(1, sizeof *m);
	if (!m || !slice_add(r, sl, m)) {
		free(m);
		return m ? false : bad(r, "out of memory");
	}
	m->over = over;
	r->m = m;
	r->mi = mi;
	r->nmatch++;
	r->due = n;
	for (int p = 0; p < o->players; p++) {
		int place;
		if (!int_field(r, "place", over, over ? o->players : 0, &place))
			return false;
		m->place[p] = (int8_t)place;
	}
	for (int k = 0; k < KEPT_MAX; k++)
		for (int p = 0; p < o->players; p++) {
			bool kept = over && k < g->nkept;
			if (!field(r, "kept value", kept ? INT64_MIN : 0,
				   kept ? INT64_MAX : 0, &m->kept[k][p]))
				return false;
		}
	return line_end(r, "match");
}

/* deal NUMBER DEALER FAILED SOLVED SCORE...: the next deal of the match. */
static bool read_deal(reader *r, const game *g)
{
	const sim_opts *o = &r->o;
	if (r->json_due)
		return bad(r, "a deal where the json line of the deal before is "
			   "due (the shard was played with --json)");
	if (r->due == 0)
		return bad(r, "a deal that no match line announced");
	if (++r->ndeals > 2 * o->deals)
		return bad(r, "more than %ld deals, but a shard of a run of %ld "
			   "deals has fewer", 2 * o->deals, o->deals);
	const sim_match *m = r->m;
	sim_deal_rec d = {.d.match = r->mi + 1};
	int after = m->n ? m->deal[m->n - 1].d.deal : 0;
	int failed, solved;
	/* the totals of the scores stay within 64 bits */
	int64_t most = INT64_MAX / o->deals / o->players;
	if (!int_field(r, "deal", after + 1, INT16_MAX, &d.d.deal) ||
	    !int_field(r, "dealer", 0, o->players - 1, &d.d.dealer) ||
	    !int_field(r, "failed check", 0, o->checks ? g->nchecks : 0,
		       &failed) ||
	    !int_field(r, "solved", 0, game_is_solitaire(g), &solved))
		return false;
	d.failed_check = (int8_t)failed;
	d.d.solved = solved;
	for (int p = 0; p < o->players; p++)
		if (!field(r, "score", -most, most, &d.d.score[p]))
			return false;
	if (!line_end(r, "deal"))
		return false;
	if (!sim_match_add(r->m, &d))
		return bad(r, "out of memory");
	r->due--;
	r->json_due = o->json;
	return true;
}

/* json {...}: the last deal as simulate --json writes it. */
static bool read_json(reader *r)
{
	sim_match *m = r->m;
	if (!r->json_due)
		return bad(r, r->o.json ? "a json line that follows no deal" :
			   "a json line, but the shard was played without --json");
	const sim_deal *d = &m->deal[m->n - 1].d;
	char head[400];
	int len = snprintf(head, sizeof head, "{\"match\":%d,\"deal\":%d,"
			   "\"dealer\":%d,\"scores\":[", d->match, d->deal,
			   d->dealer);
	for (int p = 0; p < r->o.players; p++)
		len += snprintf(head + len, sizeof head - (size_t)len, "%s%" PRId64,
				p ? "," : "", d->score[p]);
	len += snprintf(head + len, sizeof head - (size_t)len, "]");
	const char *text = r->p + 1;
	if (strncmp(text, head, (size_t)len) != 0)
		return bad(r, "the json line is not that of the deal before "
			   "(it starts otherwise than '%s')", head);
	if (!json_valid(text))
		return bad(r, "the json line is not valid JSON");
	if (!(m->deal[m->n - 1].json = cr_strdup(text)))
		return bad(r, "out of memory");
	r->json_due = false;
	return true;
}

/* The lines after the header, into the slice. */
static bool read_matches(reader *r, const game *g, slice *sl)
{
	int got;
	while ((got = next_line(r)) > 0) {
		bool ok;
		if ((r->p = after(r->line, "match")))
			r->p--, ok = read_match(r, g, sl);
		else if ((r->p = after(r->line, "deal")))
			r->p--, ok = read_deal(r, g);
		else if ((r->p = after(r->line, "json")))
			r->p--, ok = read_json(r);
		else
			ok = bad(r, "not a line of a shard's result file");
		if (!ok)
			return false;
	}
	return got == 0 && match_complete(r, true);
}

/* ======================================================================
 * Merging
 * ====================================================================== */

bool shard_game(const char *path, char *name, size_t size)
{
	reader r;
	bool ok = open_file(&r, path) && read_magic(&r) &&
		  read_text(&r, H_GAME, name, size);
	close_file(&r);
	return ok;
}

int shard_merge(const game *g, const char *const *path, int n, FILE *out)
{
	reader *r = cr_calloc(2, sizeof *r);    /* the first file, the others */
	slice *sl = cr_calloc((size_t)n, sizeof *sl);
	int *slice_of = NULL;
	sim_match **order = NULL;
	int status = 1;
	if (!r || !sl) {
		fputs("cardrules: error: out of memory\n", stderr);
		goto done;
	}
	for (int i = 0; i < n; i++) {
		reader *ri = &r[i > 0];
		if (!open_file(ri, path[i]) || !read_header(ri) ||
		    !check_header(ri, g, i ? &r[0] : NULL))
			goto done;
		if (i == 0) {
			/* which file holds each shard */
			slice_of = cr_malloc((size_t)ri->o.shards * sizeof *slice_of);
			if (!slice_of) {
				fputs("cardrules: error: out of memory\n", stderr);
				goto done;
			}
			for (int k = 0; k < ri->o.shards; k++)
				slice_of[k] = -1;
		}
		int *k = &slice_of[ri->o.shard - 1];
		if (*k >= 0) {
			bad_at(ri, H_SHARD + 2, "shard %d/%d again: %s holds it too",
			       ri->o.shard, ri->o.shards, sl[*k].path);
			goto done;
		}
		*k = i;
		sl[i].path = path[i];
		if (!read_matches(ri, g, &sl[i]))
			goto done;
		close_file(ri);
	}
	/* the run's matches in order, as far as the slices reach */
	sim_opts o = r[0].o;
	long deals = 0;
	int count = 0, cap = 0;
	for (int mi = 0; deals < o.deals; mi++) {
		int k = slice_of[mi % o.shards];
		int j = mi / o.shards;
		if (k < 0 || j >= sl[k].n)
			break;
		if (count == cap) {
			cap = cap ? cap * 2 : 64;
			sim_match **grown = cr_realloc(order, (size_t)cap * sizeof *grown);
			if (!grown) {
				fputs("cardrules: error: out of memory\n", stderr);
				goto done;
			}
			order = grown;
		}
		order[count++] = sl[k].match[j];
		deals += sl[k].match[j]->n;
	}
	o.game_name = r[0].game;
	o.out = out;
	o.jobs = 1;
	o.progress = false;
	o.transcript = NULL;
	status = sim_report_matches(g, &o, order, count);
done:
	if (r) {
		close_file(&r[0]);
		close_file(&r[1]);
	}
	for (int i = 0; sl && i < n; i++) {
		for (int j = 0; j < sl[i].n; j++)
			sim_match_free(sl[i].match[j]);
		free(sl[i].match);
	}
	free(sl);
	free(slice_of);
	free(order);
	free(r);
	return status;
}
