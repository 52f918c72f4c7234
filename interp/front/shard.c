/* shard.c — a slice of a simulation to a file, and the files read back. */
#include "front/shard.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "util/alloc.h"

#define SHARD_MAGIC "cardrules-shard 2"

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
	fprintf(f, SHARD_MAGIC "\ngame %s\nplayers %d\ndealer %d\nseed %" PRIu64
		"\ndeals %ld\nshard %d %d\nchecks %d\njson %d\nbots %s\noptions %d",
		o->game_name, o->players, o->dealer, o->seed, o->deals, o->shard,
		o->shards, o->checks, o->json,
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

/* ---- reading --------------------------------------------------------- */

static bool bad(const char *path, int line, const char *what)
{
	fprintf(stderr, "cardrules: error: %s:%d: %s\n", path, line, what);
	return false;
}

/* The rest of a line after "key ", or NULL. */
static const char *after(const char *line, const char *key)
{
	size_t n = strlen(key);
	return strncmp(line, key, n) == 0 && line[n] == ' ' ? line + n + 1 : NULL;
}

static bool header(shard_file *f, const char *path, int ln, const char *line)
{
	sim_opts *o = &f->o;
	const char *v;
	if ((v = after(line, "game"))) {
		snprintf(f->game, sizeof f->game, "%s", v);
		return true;
	}
	if ((v = after(line, "bots"))) {
		snprintf(f->bots, sizeof f->bots, "%s", v);
		return true;
	}
	if ((v = after(line, "options"))) {
		int n, used;
		if (sscanf(v, "%d%n", &n, &used) != 1 || n < 0 || n > OPTIONS_MAX)
			return bad(path, ln, "options");
		v += used;
		for (int i = 0; i < n; i++) {
			if (sscanf(v, " %" SCNd64 "%n", &o->options[i], &used) != 1)
				return bad(path, ln, "options");
			v += used;
		}
		return true;
	}
	int a, b;
	long l;
	uint64_t u;
	if (sscanf(line, "players %d", &a) == 1)
		o->players = a;
	else if (sscanf(line, "dealer %d", &a) == 1)
		o->dealer = a;
	else if (sscanf(line, "seed %" SCNu64, &u) == 1)
		o->seed = u;
	else if (sscanf(line, "deals %ld", &l) == 1)
		o->deals = l;
	else if (sscanf(line, "shard %d %d", &a, &b) == 2)
		o->shard = a, o->shards = b;
	else if (sscanf(line, "checks %d", &a) == 1)
		o->checks = a;
	else if (sscanf(line, "json %d", &a) == 1 && strncmp(line, "json 0", 6) == 0)
		o->json = false;
	else if (strcmp(line, "json 1") == 0)
		o->json = true;
	else
		return bad(path, ln, "not a line of a shard's result file");
	return true;
}

static bool place_match(shard_file *f, int mi, sim_match *m)
{
	if (mi >= f->nmatch) {
		sim_match **grown = cr_realloc(f->match, (size_t)(mi + 1) *
					       sizeof *grown);
		if (!grown)
			return false;
		for (int i = f->nmatch; i <= mi; i++)
			grown[i] = NULL;
		f->match = grown;
		f->nmatch = mi + 1;
	}
	if (f->match[mi])
		return false;           /* in two files */
	f->match[mi] = m;
	return true;
}

bool shard_read(const char *path, shard_file *f)
{
	FILE *in = fopen(path, "r");
	if (!in) {
		fprintf(stderr, "cardrules: error: cannot read %s\n", path);
		return false;
	}
	char *line = NULL;
	size_t cap = 0;
	ssize_t len;
	int ln = 0;
	bool ok = true;
	sim_match *m = NULL;
	while (ok && (len = getline(&line, &cap, in)) > 0) {
		ln++;
		line[strcspn(line, "\n")] = '\0';
		if (ln == 1) {
			ok = strcmp(line, SHARD_MAGIC) == 0 ||
			     bad(path, 1, "not a result file of simulate --shard");
			continue;
		}
		const char *v;
		if ((v = after(line, "match"))) {
			int mi, over, n, used;
			if (sscanf(v, "%d %d %d%n", &mi, &over, &n, &used) != 3 ||
			    mi < 0 || !(m = cr_calloc(1, sizeof *m))) {
				ok = bad(path, ln, "a match");
				break;
			}
			m->over = over;
			v += used;
			for (int p = 0; ok && p < f->o.players; p++) {
				int pl;
				ok = sscanf(v, " %d%n", &pl, &used) == 1;
				m->place[p] = (int8_t)pl;
				v += used;
			}
			for (int k = 0; ok && k < KEPT_MAX; k++)
				for (int p = 0; ok && p < f->o.players; p++) {
					ok = sscanf(v, " %" SCNd64 "%n", &m->kept[k][p],
						    &used) == 1;
					v += used;
				}
			if (!ok || !place_match(f, mi, m)) {
				sim_match_free(m);
				ok = bad(path, ln, "a match, or a match named twice");
			}
		} else if ((v = after(line, "deal"))) {
			sim_deal_rec d = {0};
			int deal = 0, dealer = 0, failed = 0, solved = 0, used = 0;
			ok = m && sscanf(v, "%d %d %d %d%n", &deal, &dealer, &failed,
					 &solved, &used) == 4;
			d.d.solved = solved != 0;
			d.d.deal = deal;
			d.d.dealer = dealer;
			d.failed_check = (int8_t)failed;
			v += used;
			for (int p = 0; ok && p < f->o.players; p++) {
				ok = sscanf(v, " %" SCNd64 "%n", &d.d.score[p],
					    &used) == 1;
				v += used;
			}
			for (int i = 0; ok && i < f->nmatch; i++)
				if (f->match[i] == m)
					d.d.match = i + 1;
			ok = (ok && sim_match_add(m, &d)) || bad(path, ln, "a deal");
		} else if ((v = after(line, "json")) && m && m->n > 0 &&
			   strcmp(line, "json 0") != 0 && strcmp(line, "json 1") != 0) {
			ok = (m->deal[m->n - 1].json = strdup(v)) != NULL;
		} else {
			ok = header(f, path, ln, line);
		}
	}
	free(line);
	fclose(in);
	if (ok && ln == 0)
		ok = bad(path, 1, "the file is empty");
	return ok;
}

void shard_free(shard_file *f)
{
	for (int i = 0; i < f->nmatch; i++)
		sim_match_free(f->match[i]);
	free(f->match);
	f->match = NULL;
	f->nmatch = 0;
}
