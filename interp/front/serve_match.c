/* serve_match.c — the served match and its history. */
#include "front/serve_match.h"

#include <stdlib.h>
#include <string.h>

#include "front/command.h"
#include "front/play.h"
#include "front/transcript.h"
#include "util/alloc.h"

/* ---- the history ---- */

/* Room for one more item in a list that doubles as it grows. */
static bool grow(void **list, size_t item, size_t used, size_t *cap,
		 size_t more)
{
	if (used + more <= *cap)
		return true;
	size_t want = *cap ? *cap : 16;
	while (want < used + more)
		want *= 2;
	void *bigger = realloc(*list, want * item);
	if (!bigger)
		return false;
	*list = bigger;
	*cap = want;
	return true;
}

static void forget_history(serve_match *m)
{
	m->ndeals = 0;
	m->nmoves = 0;
	m->nacts = 0;
}

/* The deal just dealt in m->s. */
static void keep_deal(serve_match *m, bool scripted)
{
	size_t cap = (size_t)m->deals_cap;
	if (!grow((void **)&m->deals, sizeof *m->deals, (size_t)m->ndeals,
		  &cap, 1)) {
		fputs("cardrules: error: out of memory\n", stderr);
		abort();
	}
	m->deals_cap = (int)cap;
	served_deal *d = &m->deals[m->ndeals++];
	d->start = m->s;
	d->scripted = scripted;
	d->first = m->nmoves;
}

/* A decision of `seat`, already applied. */
static void keep_move(serve_match *m, int seat, const action *a, int n)
{
	size_t cap = (size_t)m->moves_cap;
	if (!grow((void **)&m->moves, sizeof *m->moves, (size_t)m->nmoves,
		  &cap, 1) ||
	    !grow((void **)&m->acts, sizeof *m->acts, m->nacts, &m->acts_cap,
		  (size_t)n)) {
		fputs("cardrules: error: out of memory\n", stderr);
		abort();
	}
	m->moves_cap = (int)cap;
	served_move *mv = &m->moves[m->nmoves++];
	mv->seat = seat;
	mv->n = n;
	mv->first = m->nacts;
	memcpy(m->acts + m->nacts, a, (size_t)n * sizeof *a);
	m->nacts += (size_t)n;
}

/* Plays move i on s. */
static void replay_move(const serve_match *m, int i, state *s)
{
	const served_move *mv = &m->moves[i];
	for (int k = 0; k < mv->n; k++)
		state_apply(s, m->acts[mv->first + k]);
}

/* ---- the table ---- */

void match_clear(serve_match *m)
{
	game_free(m->g);
	free(m->deals);
	free(m->moves);
	free(m->acts);
	memset(m, 0, sizeof *m);
}

void match_load(serve_match *m, game *g, const char *name, int players,
		int dealer, const int64_t *options, unsigned mine,
		const bot_spec *bots)
{
	match_clear(m);
	m->g = g;
	snprintf(m->game_name, sizeof m->game_name, "%s", name);
	m->players = players;
	m->dealer = dealer;
	memcpy(m->options, options, sizeof m->options);
	m->mine = mine;
	m->bots = *bots;
}

/* The bots of the match, each searching no longer than at `play`'s
 * table for a decision (PLAY_CAP_MS) whatever its budget in iterations:
 * a client waits on them as a player does. */
static void seat_bots(serve_match *m)
{
	for (int p = 0; p < m->players; p++) {
		bot_setup(&m->bot[p], &m->bots, m->s.seed ^ (uint64_t)m->s.deal_no,
			  p);
		m->bot[p].cap_ms = PLAY_CAP_MS;
	}
}

bool match_start(serve_match *m, uint64_t seed, char *err, size_t size)
{
	state s;
	if (!state_setup(&s, m->g, m->players, m->dealer, m->options, seed, err,
			 size))
		return false;
	s.checks = true;
	m->s0 = m->s = s;
	m->started = true;
	forget_history(m);
	seat_bots(m);
	return true;
}

void match_deal(serve_match *m)
{
	state_deal(&m->s);
	keep_deal(m, false);
}

bool match_decide(serve_match *m, const action *a, int n, char *err,
		  size_t size)
{
	command c = {.kind = CMD_DECISION, .nactions = n};
	memcpy(c.actions, a, (size_t)n * sizeof *a);
	int seat = m->s.current;
	if (!command_apply(&m->s, &c, err, size))
		return false;
	keep_move(m, seat, a, n);
	return true;
}

int match_bot_turn(serve_match *m, action *out)
{
	int seat = m->s.current;
	int decider = state_decider(&m->s);
	int n = command_decision_size(&m->s);
	bot *b = &m->bot[decider];
	view v;
	for (int i = 0; i < n; i++) {
		bot_view(b, &m->s, decider, &v);
		out[i] = bot_choose(b, &v);
		bot_must_apply(&m->s, out[i]);
	}
	keep_move(m, seat, out, n);
	return n;
}

/* ---- taking a decision back ---- */

/* Has a card come to light for one of the client's seats between
 * `then` and `now`: a card whose place a seat could not know then and
 * can now? */
static bool came_to_light(const serve_match *m, const state *then,
			  const state *now)
{
	static view before, after;
	for (int p = 0; p < m->players; p++) {
		if (!match_is_mine(m, p))
			continue;
		state_view(then, p, &before);
		state_view(now, p, &after);
		if (!cset_is_empty(cset_minus(before.unknown, after.unknown)))
			return true;
	}
	return false;
}

bool match_undo(serve_match *m, char *err, size_t size)
{
	if (!m->started) {
		snprintf(err, size, "no match is in progress: send new first");
		return false;
	}
	if (m->s.over) {
		snprintf(err, size, "the match is over: nothing can be taken back");
		return false;
	}
	const served_deal *d = m->ndeals ? &m->deals[m->ndeals - 1] : NULL;
	int last = -1;
	for (int i = m->nmoves - 1; d && i >= d->first && last < 0; i--)
		if (match_is_mine(m, m->moves[i].seat))
			last = i;
	if (!d || last < 0 || m->s.current == SEAT_CHANCE) {
		snprintf(err, size, "no decision of yours in the deal in progress "
			 "to take back");
		return false;
	}
	static state then;
	then = d->start;
	for (int i = d->first; i < last; i++)
		replay_move(m, i, &then);
	if (came_to_light(m, &then, &m->s)) {
		snprintf(err, size, "your last decision cannot be taken back: "
			 "cards have come to light since it was made");
		return false;
	}
	m->s = then;
	m->nacts = m->moves[last].first;
	m->nmoves = last;
	return true;
}

/* ---- transcripts ---- */

bool match_save(const serve_match *m, const char *path, char *err,
		size_t size)
{
	if (!m->started) {
		snprintf(err, size, "no match to save: send new first");
		return false;
	}
	transcript_writer w = {0};
	if (!transcript_lock(&w, path, true, err, size))
		return false;
	w.durable = false;      /* written at once, flushed when closed */
	if (!transcript_start(&w, path, m->game_name, &m->s0, m->mine, err,
			      size)) {
		transcript_close(&w);
		return false;
	}
	static state s, before;
	for (int k = 0; k < m->ndeals; k++) {
		const served_deal *d = &m->deals[k];
		int end = k + 1 < m->ndeals ? m->deals[k + 1].first : m->nmoves;
		s = d->start;
		w.explicit_deals = d->scripted;
		for (int i = d->first; i < end; i++) {
			const served_move *mv = &m->moves[i];
			char words[600];
			before = s;
			replay_move(m, i, &s);
			command_format(&before, m->acts + mv->first, mv->n, words,
				       sizeof words);
			transcript_decision(&w, &before, mv->seat, words);
			if (s.current < 0 && before.current >= 0)
				transcript_scored(&w, &s);
		}
	}
	if (!transcript_close(&w)) {
		snprintf(err, size, "cannot write '%s'", path);
		return false;
	}
	return true;
}

/* Did the shuffle of the seed deal what `dealt` holds, from the chance
 * node `chance`? */
static bool seed_deals(const state *chance, const state *dealt)
{
	static state t;
	t = *chance;
	state_deal(&t);
	return memcmp(t.hand, dealt->hand, sizeof t.hand) == 0 &&
	       memcmp(t.pile_of, dealt->pile_of, sizeof t.pile_of) == 0 &&
	       memcmp(t.depth, dealt->depth, sizeof t.depth) == 0 &&
	       cset_eq(t.leftover, dealt->leftover);
}

/* Collects a replayed transcript's decisions into the history. */
typedef struct resumer {
	serve_match *m;
	state after;                    /* where the last decision led */
} resumer;

static void resumed_move(void *ctx, const state *before, int seat,
			 const action *a, int n)
{
	resumer *r = ctx;
	serve_match *m = r->m;
	if (!r->after.g) {              /* the match before its first deal */
		char why[300];
		state_setup(&r->after, before->g, before->players,
			    before->first_dealer, before->option, before->seed,
			    why, sizeof why);
	}
	if (m->ndeals == 0 ||
	    m->deals[m->ndeals - 1].start.deal_no != before->deal_no) {
		m->s = *before;
		keep_deal(m, !seed_deals(&r->after, before));
	}
	keep_move(m, seat, a, n);
	r->after = *before;
	for (int i = 0; i < n; i++)
		state_apply(&r->after, a[i]);
}

/* A transcript names a rule file by a path relative to its own folder;
 * the match names it as it was found from here. */
static bool names_a_path(const char *name)
{
	size_t n = strlen(name);
	return strchr(name, '/') || (n > 5 && strcmp(name + n - 5, ".yaml") == 0);
}

bool match_resume(serve_match *m, const char *path, const unsigned *mine,
		  const bot_spec *bots, diag *d)
{
	match_clear(m);
	transcript_replay *r = calloc(1, sizeof *r);
	resumer *rs = calloc(1, sizeof *rs);
	if (!r || !rs) {
		free(r);
		free(rs);
		diag_error_path(d, path, "out of memory");
		return false;
	}
	rs->m = m;
	bool ok = transcript_replay_moves(path, r, d, resumed_move, rs);
	if (ok && r->s.over) {
		diag_error_path(d, path, "the game in %s is over", path);
		ok = false;
	}
	char why[300];
	if (ok && !state_setup(&m->s0, r->g, r->s.players, r->s.first_dealer,
			       r->s.option, r->s.seed, why, sizeof why)) {
		diag_error_path(d, path, "%s", why);
		ok = false;
	}
	if (!ok) {
		game_free(r->g);
		free(r);
		free(rs);
		match_clear(m);
		return false;
	}
	m->s0.checks = true;
	if (!rs->after.g)
		rs->after = m->s0;
	/* a deal dealt, with no decision yet */
	if (r->s.current >= 0 && (m->ndeals == 0 ||
	    m->deals[m->ndeals - 1].start.deal_no != r->s.deal_no)) {
		m->s = r->s;
		keep_deal(m, !seed_deals(&rs->after, &r->s));
	}
	m->g = r->g;
	snprintf(m->game_name, sizeof m->game_name, "%s",
		 names_a_path(r->game_name) ? r->g->path : r->game_name);
	m->players = r->s.players;
	m->dealer = r->s.first_dealer;
	memcpy(m->options, r->s.option, sizeof m->options);
	m->mine = mine ? *mine : r->humans ? r->humans : 1u;
	m->bots = *bots;
	m->s = r->s;
	m->s.checks = true;
	m->started = true;
	seat_bots(m);
	free(r);
	free(rs);
	return true;
}
