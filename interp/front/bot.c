/* bot.c — random and Monte Carlo players. */
#include "front/bot.h"

#include "front/ismcts.h"
#include "front/solitaire.h"
#include "front/solve.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void bot_spec_all(bot_spec *spec, bot_kind kind, int playouts)
{
	for (int p = 0; p < SEAT_MAX; p++) {
		spec->kind[p] = kind;
		spec->playouts[p] = playouts;
		spec->ms[p] = 0;
	}
	spec->cheat = false;
}

/* The searching bots, by name. */
static const struct {
	const char *name;
	bot_kind kind;
} searchers[] = {
	{"search", BOT_SEARCH},
	{"ismcts", BOT_ISMCTS},
	{"mc", BOT_MC},
	{"solve", BOT_SOLVE},
};

/* "random", "low", or a searcher alone, with ":N" playouts or ":Nms"
 * milliseconds, into *kind, *playouts and *ms. */
static bool one_bot(const char *text, size_t len, bot_kind *kind,
		    int *playouts, int *ms)
{
	if (len == 6 && strncmp(text, "random", 6) == 0) {
		*kind = BOT_RANDOM;
		return true;
	}
	if (len == 3 && strncmp(text, "low", 3) == 0) {
		*kind = BOT_LOW;
		return true;
	}
	size_t name = 0;
	for (size_t i = 0; i < sizeof searchers / sizeof *searchers; i++) {
		size_t n = strlen(searchers[i].name);
		if (len >= n && strncmp(text, searchers[i].name, n) == 0 &&
		    (len == n || text[n] == ':')) {
			*kind = searchers[i].kind;
			name = n;
			break;
		}
	}
	if (name == 0)
		return false;
	if (len == name && *kind == BOT_SOLVE)
		*playouts = SOLVE_NODES_DEFAULT;
	if (len == name)
		return true;
	if (len == name + 1)
		return false;
	bool millis = len > name + 3 && strncmp(text + len - 2, "ms", 2) == 0;
	size_t end = millis ? len - 2 : len;
	long v = 0;
	for (size_t i = name + 1; i < end; i++) {
		if (text[i] < '0' || text[i] > '9' || v > 1000000)
			return false;
		v = v * 10 + (text[i] - '0');
	}
	if (v < 1 || v > (millis ? 600000 : 1000000))
		return false;
	if (millis) {
		*ms = (int)v;
	} else {
		*playouts = (int)v;
		*ms = 0;
	}
	return true;
}

bool bot_spec_parse(bot_spec *spec, const char *text, char *err, size_t size)
{
	bot_spec out = *spec;
	/* what bot_spec_text writes reads back, a cheat's mark included */
	static const char cheating[] = " (cheating)";
	char plain[256];
	size_t whole = strlen(text), mark = sizeof cheating - 1;
	if (whole > mark && whole - mark < sizeof plain &&
	    strcmp(text + whole - mark, cheating) == 0) {
		memcpy(plain, text, whole - mark);
		plain[whole - mark] = '\0';
		text = plain;
		out.cheat = true;
	}
	for (const char *p = text; *p;) {
		size_t len = strcspn(p, ",");
		const char *eq = memchr(p, '=', len);
		if (!eq) {              /* every seat, then the seats named */
			bot_kind kind;
			int playouts = out.playouts[0], ms = 0;
			if (!one_bot(p, len, &kind, &playouts, &ms)) {
				snprintf(err, size, "--bot is random, low, mc, "
					 "ismcts, search or solve, the last four with "
					 ":N playouts (solve: positions) or :Nms "
					 "milliseconds a decision, "
					 "or a list such as low,0=ismcts:100ms, not "
					 "'%s'", text);
				return false;
			}
			bool cheat = out.cheat;
			bot_spec_all(&out, kind, playouts);
			out.cheat = cheat;
			for (int q = 0; q < SEAT_MAX; q++)
				out.ms[q] = ms;
		} else {
			char *end;
			long seat = strtol(p, &end, 10);
			if (end != eq || seat < 0 || seat >= SEAT_MAX ||
			    !one_bot(eq + 1, len - (size_t)(eq + 1 - p),
				     &out.kind[seat], &out.playouts[seat],
				     &out.ms[seat])) {
				snprintf(err, size, "--bot: '%.*s' is not SEAT=random, "
					 "SEAT=low, or SEAT= mc, ismcts, search or solve with "
					 ":N or :Nms", (int)len, p);
				return false;
			}
		}
		p += len + (p[len] == ',');
	}
	*spec = out;
	return true;
}

bool bot_spec_all_random(const bot_spec *spec, int players)
{
	for (int p = 0; p < players; p++)
		if (spec->kind[p] != BOT_RANDOM)
			return false;
	return true;
}

static const char *searcher_name(bot_kind kind)
{
	for (size_t i = 0; i < sizeof searchers / sizeof *searchers; i++)
		if (searchers[i].kind == kind)
			return searchers[i].name;
	return NULL;
}

const char *bot_seat_text(const bot_spec *spec, int seat, char *buf,
			  size_t size)
{
	const char *name = searcher_name(spec->kind[seat]);
	if (spec->kind[seat] == BOT_RANDOM)
		snprintf(buf, size, "random");
	else if (spec->kind[seat] == BOT_LOW)
		snprintf(buf, size, "low");
	else if (spec->ms[seat])
		snprintf(buf, size, "%s:%dms", name, spec->ms[seat]);
	else
		snprintf(buf, size, "%s:%d", name, spec->playouts[seat]);
	return buf;
}

const char *bot_spec_text(const bot_spec *spec, int players, char *buf,
			  size_t size)
{
	bool same = true;
	for (int p = 1; p < players; p++)
		same &= spec->kind[p] == spec->kind[0] &&
			(!searcher_name(spec->kind[0]) ||
			 (spec->playouts[p] == spec->playouts[0] &&
			  spec->ms[p] == spec->ms[0]));
	size_t used = 0;
	buf[0] = '\0';
	for (int p = 0; p < (same ? 1 : players) && used < size; p++) {
		if (!same)
			used += (size_t)snprintf(buf + used, size - used, "%s%d=",
						 p ? "," : "", p);
		if (used >= size)
			break;
		bot_seat_text(spec, p, buf + used, size - used);
		used += strlen(buf + used);
	}
	if (spec->cheat && used < size)
		snprintf(buf + used, size - used, " (cheating)");
	return buf;
}

void bot_init(bot *b, bot_kind kind, uint64_t seed, int seat)
{
	b->kind = kind;
	b->playouts = 1200;
	b->ms = 0;
	b->cap_ms = 0;
	b->cheat = false;
	b->nseen = 0;
	b->game = 0;
	b->best = INT64_MIN;
	b->best_seen = 0;
	b->idle = 0;
	b->barren = 0;
	b->no_undo = false;
	b->last_asked = 0;
	b->style_of = NULL;
	rng_seed(&b->r, seed, UINT64_C(0x626f74) + (uint64_t)seat);
}

void bot_setup(bot *b, const bot_spec *spec, uint64_t seed, int seat)
{
	bot_init(b, spec->kind[seat], seed, seat);
	b->playouts = spec->playouts[seat];
	b->ms = spec->ms[seat];
	b->cheat = spec->cheat;
}

/* The rules of thumb for the game in s, learnt once a game and table. */
static const thumb_style *style_of(bot *b, const state *s)
{
	if (b->style_of != s->g || b->style_players != s->players) {
		b->style = thumb_learn(s->g, s->players);
		b->style_of = s->g;
		b->style_players = s->players;
	}
	return &b->style;
}

static search_budget budget_of(const bot *b)
{
	search_budget budget = {b->playouts, b->ms, b->cap_ms};
	return budget;
}

/* The search bot's budget; the solver's, when cards are hidden from it
 * or the game has players, is that of `search:10` or `mc:10` (or its
 * milliseconds). */
static search_budget search_budget_of(const bot *b)
{
	search_budget budget = budget_of(b);
	if (b->kind == BOT_SOLVE && !b->ms)
		budget.playouts = SOLVE_HIDDEN_PLAYOUTS;
	return budget;
}

/* Each legal action in turn, a random deal of the unseen cards and a
 * random playout each time, until the budget is spent (every action at
 * least once); the best mean deal worth wins. */
static action choose_mc(bot *b, const view *v, const action *moves, int n)
{
	double sum[ACTIONS_MAX] = {0};
	int tried[ACTIONS_MAX] = {0};
	search_budget budget = search_budget_of(b);
	search_start start = search_begin();
	for (int done = 0; done < n || !search_budget_spent(budget, done, start);
	     done++) {
		int i = done % n;
		state s;
		view_sample(v, &b->r, &s);
		if (!state_apply(&s, moves[i]))
			continue;
		if (s.current >= 0)
			state_random_playout(&s, &b->r);
		sum[i] += (double)state_deal_worth(&s, v->seat);
		tried[i]++;
	}
	int best = 0;
	for (int i = 1; i < n; i++)
		if (tried[i] && (!tried[best] ||
				 sum[i] / tried[i] > sum[best] / tried[best]))
			best = i;
	return moves[best];
}

void bot_must_apply(state *s, action a)
{
	if (state_apply(s, a))
		return;
	char words[200];
	state_action_words(s, &a, 1, words, sizeof words);
	fprintf(stderr, "cardrules: internal error: a bot chose '%s', which "
		"the game refuses\n", words);
	abort();
}

void bot_view(const bot *b, const state *s, int seat, view *v)
{
	if (!b->cheat) {
		state_view(s, seat, v);
		return;
	}
	memset(v, 0, sizeof *v);
	v->s = *s;
	v->s.seed = 0;
	v->s.checks = false;            /* the game's own, as state_view's */
	v->seat = (int8_t)seat;
	v->unknown = cset_empty();
}

static bool seen_before(const bot *b, uint64_t h)
{
	int n = b->nseen < BOT_SEEN_MAX ? b->nseen : BOT_SEEN_MAX;
	for (int i = 0; i < n; i++)
		if (b->seen[i] == h)
			return true;
	return false;
}

/* The position is remembered; a move back to a position seen this game
 * is dropped unless every move leads back.  `at` is a sample of the
 * view (the moves' outcome as far as the player will know it). */
static int drop_repeats(bot *b, const view *v, const state *at,
			action *moves, int n)
{
	uint64_t match = v->s.seed ^ (uint64_t)v->s.deal_no << 48 ^
			 (uint64_t)(uintptr_t)v->s.g;
	if (match != b->game || state_layout_moves(&v->s) == 0) {
		b->game = match;
		b->nseen = 0;
		b->last_asked = 0;
		b->best = INT64_MIN;
		b->best_seen = 0;
		b->idle = 0;
		b->barren = 0;
	}
	uint64_t here = solitaire_position(at, v->unknown);
	uint64_t before = b->last_asked;
	b->last_asked = here;
	if (!seen_before(b, here))      /* a ring: the latest positions */
		b->seen[b->nseen++ % BOT_SEEN_MAX] = here;
	uint64_t to[ACTIONS_MAX];
	int keep = 0;
	for (int i = 0; i < n; i++) {
		state s = *at;
		to[i] = state_apply(&s, moves[i]) ? solitaire_position(&s, v->unknown)
						  : 0;
		if (!to[i] || !seen_before(b, to[i]))
			moves[keep++] = moves[i];
	}
	if (keep)
		return keep;
	for (int i = 0; b->no_undo && i < n; i++)
		if (to[i] != before || !before)
			moves[keep++] = moves[i];
	return keep ? keep : n;
}

/* Decisions in a row that show no new card and raise the progress no
 * higher, after which a search is pointless: three passes through a
 * Klondike stock, one card at a time. */
#define SEARCH_GIVES_UP 75

/* Searches in a row whose playouts, from every move, turn no new card
 * and raise the progress no higher, after which the game is lost: each
 * playout went through a Klondike stock one card at a time. */
#define SEARCH_BARREN 25

/* Whether the game has gone round in circles so long (the decisions
 * since a card was first seen or the progress rose) that the search
 * gives up; counted at each decision from `at`, a sample of the view. */
static bool going_round(bot *b, const state *at)
{
	int64_t now = state_progress(at);
	int seen = cset_count(at->seen);
	if (now > b->best || seen > b->best_seen) {
		b->best = now > b->best ? now : b->best;
		b->best_seen = seen > b->best_seen ? seen : b->best_seen;
		b->idle = 0;
		return false;
	}
	return ++b->idle > SEARCH_GIVES_UP || b->barren > SEARCH_BARREN;
}

/* Rules of thumb for a solitaire: the move whose attack kills most;
 * never a move that spends a card (a ploy) while another is legal; else
 * onto the highest-ranked card it may go on (keeping low cards and empty
 * piles for later); else the first move listed. */
static action choose_low_by_hints(const state *s, const action *moves, int n)
{
	int best = -1;
	long best_key = 0;
	for (int i = 0; i < n; i++) {
		move_hint h = state_move_hint(s, &moves[i]);
		if (h.spends)
			continue;
		long key = h.gain * 1000L;
		card_id top = moves[i].kind == ACT_MOVE
			? pile_top(s, moves[i].to) : CARD_NONE;
		if (top != CARD_NONE)
			key += 1 + s->g->deck.rank_of[top];
		if (best < 0 || key > best_key) {
			best = i;
			best_key = key;
		}
	}
	return moves[best < 0 ? 0 : best];
}

action bot_choose(bot *b, const view *v)
{
	action moves[ACTIONS_MAX];
	/* a solitaire's moves are listed on a sample of what is hidden: a
	 * view lacks the stock's cards, and the moves need its size */
	static _Thread_local state sample;
	const state *at = &v->s;
	if (game_is_solitaire(v->s.g) && !cset_is_empty(v->unknown)) {
		view_sample(v, &b->r, &sample);
		at = &sample;
	}
	int n = state_legal(at, moves);
	if (n <= 1)
		return n ? moves[0] : action_of(ACT_NONE, 0);
	if (b->kind == BOT_RANDOM)
		return moves[rng_below(&b->r, (uint32_t)n)];
	if (b->kind == BOT_LOW && state_shows_board(at)) {
		n = drop_repeats(b, v, at, moves, n);
		return choose_low_by_hints(at, moves, n);
	}
	if (b->kind == BOT_LOW)
		return thumb_choose(&v->s, style_of(b, &v->s), moves, n);
	if (b->kind == BOT_SOLVE && solve_sees_all(v))
		return solve_choose(v, moves, n, b->playouts, b->ms, &b->r);
	if ((b->kind == BOT_SEARCH || b->kind == BOT_SOLVE) &&
	    game_is_solitaire(v->s.g)) {
		n = drop_repeats(b, v, at, moves, n);
		if (n == 1)
			return moves[0];
		if (going_round(b, at))
			return choose_low_by_hints(at, moves, n);
		int clear = solitaire_clear_move(at, moves, n);
		if (clear >= 0)
			return moves[clear];
		bool barren;
		action a = solitaire_search(v, moves, n, search_budget_of(b),
					    &b->r, &barren);
		b->barren = barren ? b->barren + 1 : 0;
		return a;
	}
	if (b->kind == BOT_ISMCTS && !game_is_solitaire(v->s.g))
		return ismcts_choose(v, moves, n, budget_of(b),
				     style_of(b, &v->s), &b->r);
	return choose_mc(b, v, moves, n);
}
