/* serve.c — the requests of `cardrules serve`, one JSON object a line. */
#include "config.h"
#include "front/serve.h"

#include <inttypes.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "front/catalog.h"
#include "front/command.h"
#include "front/play.h"
#include "front/serve_ask.h"
#include "front/serve_audit.h"
#include "front/serve_match.h"
#include "front/serve_out.h"
#include "front/serve_tell.h"
#include "front/serve_view.h"
#include "util/json_read.h"
#include "util/suggest.h"

/* The longest request read: far beyond any request's needs (a path, a
 * few ids), short enough to hold at once. */
#define SERVE_LINE_MAX 65536
#define PROTOCOL_VERSION 1

typedef struct session {
	serve_match m;
	serve_out out;
	render r;
	FILE *audit;
	action legal[ACTIONS_MAX];      /* the list offered last, by id */
	int nlegal;
	bool quit;
} session;

typedef void request_fn(session *ss, const jv *msg);

/* ======================================================================
 * Answers shared by the requests
 * ====================================================================== */

/* "key": text that may not be UTF-8 (a rule file's line). */
static void write_repaired(json *j, const char *key, const char *text)
{
	char *copy = strdup(text ? text : "");
	if (copy)
		serve_whole_utf8(copy);
	json_key(j, key);
	json_string(j, copy ? copy : "");
	free(copy);
}

/* A refusal with every problem of a rule file or a transcript, each as
 * FILE:LINE:COL, as the command line prints them. */
static void refuse_diag(session *ss, diag *d)
{
	char *lines = diag_render(d);
	char first[1024] = "the file cannot be read";
	if (lines && *lines)
		snprintf(first, sizeof first, "%.*s", (int)strcspn(lines, "\n"),
			 lines);
	free(lines);
	json *j = serve_error_open(&ss->out, "%s", first);
	json_key(j, "diagnostics");
	json_array(j);
	for (int i = 0; i < diag_entries(d); i++) {
		const diag_entry *e = diag_get(d, i);
		json_object(j);
		write_repaired(j, "file", e->file ? e->file->name : e->path);
		json_key(j, "line");
		json_int(j, e->line);
		json_key(j, "col");
		json_int(j, e->col);
		json_key(j, "severity");
		json_string(j, e->warning ? "warning" : "error");
		write_repaired(j, "message", e->message);
		json_end_object(j);
	}
	json_end_array(j);
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);
	if (f) {
		diag_print(d, f, true);
		if (fclose(f) == 0)
			write_repaired(j, "text", text);
		free(text);
	}
	serve_end(&ss->out);
}

/* The seat whose view is told when none is asked for: the client's
 * seat to move, else its first; -1 when it plays none. */
static int client_seat(const serve_match *m)
{
	if (match_is_mine(m, state_decider(&m->s)))
		return state_decider(&m->s);
	for (int p = 0; p < m->players; p++)
		if (match_is_mine(m, p))
			return p;
	return -1;
}

/* The referee's record beside each message, once there is a match. */
static void audit(void *ctx, long message)
{
	session *ss = ctx;
	if (ss->m.started)
		audit_write(ss->audit, message, &ss->m.s);
}

/* The game and its table: what loaded and resumed say. */
static void write_table(json *j, const serve_match *m)
{
	const game *g = m->g;
	json_key(j, "game");
	json_string(j, g->name);
	json_key(j, "file");
	json_string(j, g->path ? g->path : "");
	json_key(j, "players");
	json_int(j, m->players);
	json_key(j, "dealer");
	json_int(j, m->dealer);
	json_key(j, "solitaire");
	json_bool(j, game_is_solitaire(g));
	json_key(j, "options");
	json_object(j);
	for (int i = 0; i < g->noptions; i++) {
		json_key(j, g->option[i].name);
		json_int(j, m->options[i]);
	}
	json_end_object(j);
	json_key(j, "seats");
	json_array(j);
	for (int p = 0; p < m->players; p++)
		if (match_is_mine(m, p))
			json_int(j, p);
	json_end_array(j);
	json_key(j, "bots");
	json_object(j);
	for (int p = 0; p < m->players; p++) {
		if (match_is_mine(m, p))
			continue;
		bot_spec one;
		bot_spec_all(&one, m->bots.kind[p], m->bots.playouts[p]);
		one.ms[0] = m->bots.ms[p];
		one.cheat = m->bots.cheat;
		char seat[16], text[64];
		snprintf(seat, sizeof seat, "%d", p);
		json_key(j, seat);
		json_string(j, bot_spec_text(&one, 1, text, sizeof text));
	}
	json_end_object(j);
	json_key(j, "deck");
	json_array(j);
	for (int c = 0; c < g->deck.ncards; c++) {
		char name[16];
		json_string(j, deck_card_name(&g->deck, (card_id)c, true, name));
	}
	json_end_array(j);
	static tale help;
	game_help(g, &help);
	render r;
	serve_render(&r, g);
	char *text = serve_tale_text(&r, help.text, -1);
	json_key(j, "help");
	json_string(j, text ? text : "");
	free(text);
}

/* The decision due from one of the client's seats: its view, and the
 * legal actions, by id. */
static void offer_decision(session *ss)
{
	serve_match *m = &ss->m;
	int seat = m->s.current;
	ss->nlegal = state_legal(&m->s, ss->legal);
	static view v;
	state_view(&m->s, state_decider(&m->s), &v);
	json *j = serve_notice(&ss->out, "decision");
	json_key(j, "seat");
	json_int(j, seat);
	json_key(j, "verb");
	json_string(j, command_verb(&m->s));
	json_key(j, "choose");
	json_int(j, command_decision_size(&m->s));
	json_key(j, "legal");
	serve_write_legal(j, &m->s, ss->legal, ss->nlegal);
	json_key(j, "view");
	serve_write_view(j, &ss->r, &v);
	serve_end(&ss->out);
}

/* Plays on: deals, the bots' decisions, each told, until one of the
 * client's seats is to decide or the match is over. */
static void advance(session *ss)
{
	serve_match *m = &ss->m;
	serve_audience a = {&ss->out, &ss->r, m->mine};
	static state before;
	action acts[ACTIONS_MAX];
	ss->nlegal = 0;
	while (m->started && !m->s.over) {
		if (m->s.current == SEAT_CHANCE) {
			match_deal(m);
			tell_deal(&a, &m->s);
			continue;
		}
		if (state_stuck(&m->s)) {
			tell_fault(&a, &m->s);
			return;
		}
		int seat = m->s.current;
		if (match_is_mine(m, state_decider(&m->s))) {
			offer_decision(ss);
			return;
		}
		before = m->s;
		int n = match_bot_turn(m, acts);
		tell_decision(&a, &before, &m->s, seat, acts, n);
	}
}

/* A decision of the client is due: false after refusing the request. */
static bool decision_due(session *ss)
{
	const serve_match *m = &ss->m;
	if (!m->started)
		serve_error(&ss->out, "no match is in progress: send new first");
	else if (m->s.over)
		serve_error(&ss->out, "the match is over: no decision is due");
	else if (!match_is_mine(m, state_decider(&m->s)) || ss->nlegal == 0)
		serve_error(&ss->out, "no decision of yours is due");
	else
		return true;
	return false;
}

static uint64_t fresh_seed(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_REALTIME, &ts);
	return ((uint64_t)ts.tv_sec * 1000003u) ^ (uint64_t)ts.tv_nsec ^
	       ((uint64_t)getpid() << 20);
}

/* ======================================================================
 * The requests
 * ====================================================================== */

static void on_load(session *ss, const jv *msg)
{
	char err[2 * PATH_MAX];
	const char *name;
	char path[PATH_MAX];
	if (!ask_text(jv_member(msg, "game"), "game", true, &name, err,
		      sizeof err) ||
	    !catalog_find(name, path, sizeof path, err, sizeof err)) {
		serve_error(&ss->out, "%s", err);
		return;
	}
	diag *d = diag_new();
	if (!d) {
		serve_error(&ss->out, "out of memory");
		return;
	}
	game *g = game_load(path, d);
	if (!g) {
		refuse_diag(ss, d);
		diag_free(d);
		return;
	}
	diag_free(d);
	int64_t players, dealer;
	int64_t options[OPTIONS_MAX];
	unsigned mine = 0;
	bot_spec bots;
	bot_spec_all(&bots, BOT_ISMCTS, PLAY_PLAYOUTS);
	state trial;
	bool ok = ask_int(jv_member(msg, "players"), "players", 1, SEAT_MAX,
			  g->default_players, &players, err, sizeof err) &&
		  ask_int(jv_member(msg, "dealer"), "dealer", 0, SEAT_MAX - 1, 0,
			  &dealer, err, sizeof err) &&
		  ask_options(jv_member(msg, "set"), g, options, err,
			      sizeof err) &&
		  state_setup(&trial, g, (int)players, (int)dealer, options, 0,
			      err, sizeof err) &&
		  ask_seats(jv_member(msg, "seats"), (int)players, &mine, err,
			    sizeof err) &&
		  ask_bots(jv_member(msg, "bots"), mine, &bots, err, sizeof err);
	if (!ok) {
		game_free(g);
		serve_error(&ss->out, "%s", err);
		return;
	}
	match_load(&ss->m, g, name, (int)players, (int)dealer, options, mine,
		   &bots);
	serve_render(&ss->r, g);
	ss->nlegal = 0;
	json *j = serve_reply(&ss->out, "loaded");
	write_table(j, &ss->m);
	serve_end(&ss->out);
}

static void on_new(session *ss, const jv *msg)
{
	char err[300];
	const jv *given = jv_member(msg, "seed");
	uint64_t seed = fresh_seed();
	if (!ss->m.g) {
		serve_error(&ss->out, "no game is loaded: send load first");
		return;
	}
	if (given && !ask_seed(given, &seed, err, sizeof err)) {
		serve_error(&ss->out, "%s", err);
		return;
	}
	if (!match_start(&ss->m, seed, err, sizeof err)) {
		serve_error(&ss->out, "%s", err);
		return;
	}
	json *j = serve_reply(&ss->out, "started");
	if (given) {    /* a seed the server chose stays secret till the end */
		char text[32];
		snprintf(text, sizeof text, "%" PRIu64, seed);
		json_key(j, "seed");
		json_raw(j, text);
	}
	serve_end(&ss->out);
	advance(ss);
}

static void on_view(session *ss, const jv *msg)
{
	serve_match *m = &ss->m;
	char err[300];
	int64_t seat;
	if (!m->started) {
		serve_error(&ss->out, "no match is in progress: send new first");
		return;
	}
	if (!ask_int(jv_member(msg, "seat"), "seat", 0, m->players - 1,
		     client_seat(m), &seat, err, sizeof err)) {
		serve_error(&ss->out, "%s", err);
		return;
	}
	if (!match_is_mine(m, (int)seat)) {
		if (seat < 0)
			serve_error(&ss->out, "you play no seat: there is no view "
				    "to show");
		else
			serve_error(&ss->out, "seat %" PRId64 " is not yours: a view "
				    "is shown only to its seat", seat);
		return;
	}
	static view v;
	state_view(&m->s, (int)seat, &v);
	json *j = serve_reply(&ss->out, "view");
	json_key(j, "seat");
	json_int(j, seat);
	json_key(j, "view");
	serve_write_view(j, &ss->r, &v);
	serve_end(&ss->out);
}

/* The actions of an `act`: by ids of the list offered, or by words as
 * typed at the text loop; how many, or -1 after refusing. */
static int chosen_actions(session *ss, const jv *msg, action *out)
{
	const state *s = &ss->m.s;
	const jv *one = jv_member(msg, "action"), *many = jv_member(msg, "actions");
	const jv *words = jv_member(msg, "words");
	char err[1200];
	if ((one != NULL) + (many != NULL) + (words != NULL) != 1) {
		serve_error(&ss->out, "act takes one of 'action' (an id), "
			    "'actions' (a list of ids) or 'words'");
		return -1;
	}
	int due = command_decision_size(s);
	if (words) {
		const char *line;
		command c;
		if (!ask_text(words, "words", true, &line, err, sizeof err) ||
		    !command_parse(s, line, &c, err, sizeof err)) {
			serve_error(&ss->out, "%s", err);
			return -1;
		}
		if (c.kind != CMD_DECISION) {
			serve_error(&ss->out, "'%.100s' is not a move", line);
			return -1;
		}
		memcpy(out, c.actions, (size_t)c.nactions * sizeof *out);
		return c.nactions;
	}
	int ids[ACTIONS_MAX];
	int n = ask_ids(one ? one : many, one ? "action" : "actions", ss->nlegal,
			ids, ACTIONS_MAX, err, sizeof err);
	if (n < 0) {
		serve_error(&ss->out, "%s", err);
		return -1;
	}
	if (n != due) {
		serve_error(&ss->out, "this decision takes %d action%s of the legal "
			    "list (as 'actions': a list of ids), not %d", due,
			    due == 1 ? "" : "s", n);
		return -1;
	}
	for (int i = 0; i < n; i++)
		out[i] = ss->legal[ids[i]];
	return n;
}

static void on_act(session *ss, const jv *msg)
{
	serve_match *m = &ss->m;
	char err[1200];
	if (!decision_due(ss))
		return;
	int seat = m->s.current;
	int64_t asked;
	if (!ask_int(jv_member(msg, "seat"), "seat", 0, SEAT_MAX - 1, seat,
		     &asked, err, sizeof err)) {
		serve_error(&ss->out, "%s", err);
		return;
	}
	if (asked != seat) {
		serve_error(&ss->out, "it is seat %d's turn, not seat %" PRId64 "'s",
			    seat, asked);
		return;
	}
	action acts[ACTIONS_MAX];
	int n = chosen_actions(ss, msg, acts);
	if (n < 0)
		return;
	static state before;
	before = m->s;
	if (!match_decide(m, acts, n, err, sizeof err)) {
		serve_error(&ss->out, "%s", err);
		return;
	}
	char words[600];
	command_format(&before, acts, n, words, sizeof words);
	json *j = serve_reply(&ss->out, "acted");
	json_key(j, "seat");
	json_int(j, seat);
	json_key(j, "words");
	json_string(j, words);
	serve_end(&ss->out);
	serve_audience a = {&ss->out, &ss->r, m->mine};
	tell_decision(&a, &before, &m->s, seat, acts, n);
	advance(ss);
}

static void on_undo(session *ss, const jv *msg)
{
	(void)msg;
	char err[300];
	if (!match_undo(&ss->m, err, sizeof err)) {
		serve_error(&ss->out, "%s", err);
		return;
	}
	json *j = serve_reply(&ss->out, "undone");
	json_key(j, "seat");
	json_int(j, ss->m.s.current);
	serve_end(&ss->out);
	advance(ss);
}

static void on_hint(session *ss, const jv *msg)
{
	serve_match *m = &ss->m;
	char err[600];
	if (!decision_due(ss))
		return;
	const char *text;
	bot_spec spec;
	bot_spec_all(&spec, BOT_ISMCTS, PLAY_PLAYOUTS);
	if (!ask_text(jv_member(msg, "bot"), "bot", false, &text, err,
		      sizeof err) ||
	    !bot_spec_parse(&spec, text ? text : game_is_solitaire(m->g)
			    ? "search" : "ismcts", err, sizeof err)) {
		serve_error(&ss->out, "%s", err);
		return;
	}
	int seat = m->s.current;
	bot adviser;
	bot_setup(&adviser, &spec, m->s.seed ^ UINT64_C(0x68696e74) ^
		  (uint64_t)m->nmoves, seat);
	adviser.cap_ms = PLAY_CAP_MS;   /* as `play`'s hint */
	/* the adviser sees the seat's view, whatever the spec says */
	static state trial;
	static view v;
	trial = m->s;
	action acts[ACTIONS_MAX];
	int n = command_decision_size(&m->s);
	for (int i = 0; i < n; i++) {
		state_view(&trial, state_decider(&trial), &v);
		acts[i] = bot_choose(&adviser, &v);
		state_apply(&trial, acts[i]);
	}
	char words[600];
	command_format(&m->s, acts, n, words, sizeof words);
	json *j = serve_reply(&ss->out, "hint");
	json_key(j, "seat");
	json_int(j, seat);
	json_key(j, "actions");
	json_array(j);
	for (int i = 0; i < n; i++) {
		int id = action_find(ss->legal, ss->nlegal, &acts[i]);
		if (id >= 0)
			json_int(j, id);
		else
			json_null(j);
	}
	json_end_array(j);
	json_key(j, "words");
	json_string(j, words);
	serve_end(&ss->out);
}

static void on_save(session *ss, const jv *msg)
{
	char err[2 * PATH_MAX];
	const char *path;
	if (!ask_text(jv_member(msg, "path"), "path", true, &path, err,
		      sizeof err) ||
	    !match_save(&ss->m, path, err, sizeof err)) {
		serve_error(&ss->out, "%s", err);
		return;
	}
	json *j = serve_reply(&ss->out, "saved");
	json_key(j, "path");
	json_string(j, path);
	serve_end(&ss->out);
}

static void on_resume(session *ss, const jv *msg)
{
	char err[2 * PATH_MAX];
	const char *path;
	const jv *seats = jv_member(msg, "seats");
	unsigned mine = 0;
	bot_spec bots;
	bot_spec_all(&bots, BOT_ISMCTS, PLAY_PLAYOUTS);
	if (!ask_text(jv_member(msg, "path"), "path", true, &path, err,
		      sizeof err) ||
	    (seats && !ask_seats(seats, SEAT_MAX, &mine, err, sizeof err)) ||
	    !ask_bots(jv_member(msg, "bots"), mine, &bots, err, sizeof err)) {
		serve_error(&ss->out, "%s", err);
		return;
	}
	serve_match *fresh = calloc(1, sizeof *fresh);
	diag *d = diag_new();
	if (!fresh || !d) {
		free(fresh);
		diag_free(d);
		serve_error(&ss->out, "out of memory");
		return;
	}
	bool ok = match_resume(fresh, path, seats ? &mine : NULL, &bots, d);
	if (!ok)
		refuse_diag(ss, d);
	diag_free(d);
	if (ok && (fresh->mine >> fresh->players) != 0) {
		serve_error(&ss->out, "'seats': the game in %s is played by %d "
			    "players (seats 0 to %d)", path, fresh->players,
			    fresh->players - 1);
		ok = false;
	}
	if (!ok) {
		match_clear(fresh);
		free(fresh);
		return;
	}
	match_clear(&ss->m);
	ss->m = *fresh;
	free(fresh);
	serve_render(&ss->r, ss->m.g);
	json *j = serve_reply(&ss->out, "resumed");
	write_table(j, &ss->m);
	json_key(j, "deal");
	json_int(j, ss->m.s.deal_no);
	json_key(j, "decisions");
	json_int(j, ss->m.nmoves);
	serve_end(&ss->out);
	advance(ss);
}

static void on_quit(session *ss, const jv *msg)
{
	(void)msg;
	serve_reply(&ss->out, "bye");
	serve_end(&ss->out);
	ss->quit = true;
}

/* ======================================================================
 * Reading requests
 * ====================================================================== */

typedef struct request {
	const char *type;
	request_fn *run;
	const char *keys[8];            /* its members, but type and id */
} request;

static const request requests[] = {
	{"load", on_load, {"game", "players", "dealer", "set", "seats", "bots"}},
	{"new", on_new, {"seed"}},
	{"view", on_view, {"seat"}},
	{"state", on_view, {"seat"}},
	{"act", on_act, {"action", "actions", "words", "seat"}},
	{"undo", on_undo, {NULL}},
	{"hint", on_hint, {"bot"}},
	{"save", on_save, {"path"}},
	{"load-transcript", on_resume, {"path", "seats", "bots"}},
	{"quit", on_quit, {NULL}},
};

enum { NREQUESTS = sizeof requests / sizeof *requests };

static const request *find_request(const char *type)
{
	for (int i = 0; i < NREQUESTS; i++)
		if (strcmp(requests[i].type, type) == 0)
			return &requests[i];
	return NULL;
}

/* "load, new, view, ..." */
static const char *request_names(char *buf, size_t size)
{
	size_t used = 0;
	buf[0] = '\0';
	for (int i = 0; i < NREQUESTS && used < size; i++)
		used += (size_t)snprintf(buf + used, size - used, "%s%s",
					 i ? ", " : "", requests[i].type);
	return buf;
}

/* An id to answer with: a short string or a whole number. */
static bool take_id(serve_out *o, const jv *id)
{
	int64_t number;
	if (id->kind == JV_STRING && id->len <= SERVE_ID_MAX) {
		memcpy(o->id_text, id->string, id->len + 1);
		o->id_is_text = true;
	} else if (jv_int(id, INT64_MIN, INT64_MAX, &number)) {
		o->id_number = number;
		o->id_is_text = false;
	} else {
		return false;
	}
	o->has_id = true;
	return true;
}

/* A member the request does not take, with the closest it does; false
 * when there is none. */
static bool unknown_member(session *ss, const request *rq, const jv *msg)
{
	for (size_t i = 0; i < msg->n; i++) {
		const char *key = msg->key[i];
		bool known = strcmp(key, "type") == 0 || strcmp(key, "id") == 0;
		suggest sg;
		suggest_start(&sg, key, strlen(key));
		for (int k = 0; k < 8 && rq->keys[k] && !known; k++) {
			known = strcmp(key, rq->keys[k]) == 0;
			suggest_consider(&sg, rq->keys[k]);
		}
		if (known)
			continue;
		if (sg.best)
			serve_error(&ss->out, "unknown member '%.40s' in %s (did you "
				    "mean '%.*s'?)", key, rq->type, (int)sg.best_len,
				    sg.best);
		else
			serve_error(&ss->out, "unknown member '%.40s' in %s", key,
				    rq->type);
		return true;
	}
	return false;
}

static void handle(session *ss, const char *line, size_t len)
{
	arena a = ARENA_INIT;
	char err[300], names[200];
	serve_out *o = &ss->out;
	o->has_id = false;
	o->request = NULL;
	jv *msg = json_read(&a, line, len, err, sizeof err);
	const jv *id = msg ? jv_member(msg, "id") : NULL;
	const jv *type = msg ? jv_member(msg, "type") : NULL;
	const request *rq = NULL;
	if (!msg) {
		serve_error(o, "%s", err);
	} else if (msg->kind != JV_OBJECT) {
		serve_error(o, "a message is a JSON object such as {\"type\": "
			    "\"new\"}, not %s", jv_kind_name(msg->kind));
	} else if (id && !take_id(o, id)) {
		serve_error(o, "'id' is a string of at most %d bytes or a whole "
			    "number; the reply gives it back as 're'", SERVE_ID_MAX);
	} else if (!type || type->kind != JV_STRING) {
		serve_error(o, "a message needs a 'type', a string: %s",
			    request_names(names, sizeof names));
	} else if (!(rq = find_request(type->string))) {
		suggest sg;
		suggest_start(&sg, type->string, type->len);
		for (int i = 0; i < NREQUESTS; i++)
			suggest_consider(&sg, requests[i].type);
		if (sg.best)
			serve_error(o, "unknown type '%.40s' (did you mean '%.*s'?)",
				    type->string, (int)sg.best_len, sg.best);
		else
			serve_error(o, "unknown type '%.40s': the types are %s",
				    type->string, request_names(names, sizeof names));
	} else {
		o->request = rq->type;
		if (!unknown_member(ss, rq, msg))
			rq->run(ss, msg);
	}
	arena_free(&a);
}

/* One line into buf, without its end; false at the end of the input.
 * A line longer than SERVE_LINE_MAX is read to its end and dropped:
 * *too_long. */
static bool read_line(FILE *in, char *buf, size_t *len, bool *too_long)
{
	size_t n = 0;
	int c;
	*too_long = false;
	while ((c = getc(in)) != EOF && c != '\n') {
		if (n < SERVE_LINE_MAX)
			buf[n++] = (char)c;
		else
			*too_long = true;
	}
	if (c == EOF && n == 0 && !*too_long)
		return false;
	if (n > 0 && buf[n - 1] == '\r')
		n--;
	*len = n;
	return true;
}

static bool blank(const char *line, size_t len)
{
	for (size_t i = 0; i < len; i++)
		if (line[i] != ' ' && line[i] != '\t')
			return false;
	return true;
}

static void hello(session *ss)
{
	char names[200];
	json *j = serve_notice(&ss->out, "hello");
	json_key(j, "program");
	json_string(j, "cardrules");
	json_key(j, "version");
	json_string(j, PACKAGE_VERSION);
	json_key(j, "protocol");
	json_int(j, PROTOCOL_VERSION);
	json_key(j, "requests");
	json_string(j, request_names(names, sizeof names));
	serve_end(&ss->out);
}

int serve_run(const serve_opts *o)
{
	session *ss = calloc(1, sizeof *ss);
	char *line = malloc(SERVE_LINE_MAX + 1);
	if (!ss || !line) {
		free(ss);
		free(line);
		fputs("cardrules: error: out of memory\n", stderr);
		return 1;
	}
	serve_out_init(&ss->out, o->out);
	ss->audit = o->audit;
	if (o->audit) {
		ss->out.beside = audit;
		ss->out.beside_ctx = ss;
	}
	hello(ss);
	size_t len;
	bool too_long;
	while (!ss->quit && !ferror(o->out) &&
	       read_line(o->in, line, &len, &too_long)) {
		if (too_long) {
			ss->out.has_id = false;
			ss->out.request = NULL;
			serve_error(&ss->out, "the message is longer than %d bytes",
				    SERVE_LINE_MAX);
		} else if (!blank(line, len)) {
			handle(ss, line, len);
		}
	}
	int status = ferror(o->out) ? 1 : 0;
	match_clear(&ss->m);
	free(ss);
	free(line);
	return status;
}
