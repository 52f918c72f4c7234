/* lint.c — validate's random deals, watched for what the rules leave out.
 *
 * Some mistakes of a rule file are legal and only show in play: a phase
 * too few leaves cards in the hands, a choose() table one value short
 * gives 0 where a number was meant.  Counting them from the file alone
 * would mean knowing every phase kind's count and every counter's range;
 * a few hundred random deals find them, for any kind, in milliseconds. */
#include "front/lint.h"

#include <inttypes.h>
#include <stdio.h>

#include "lang/expr.h"
#include "util/rng.h"

#define LINT_DEALS 400          /* deals played at each player count */
#define LINT_MOVES 30000        /* and at most this many moves (solitaires) */
#define LINT_MISSES 16          /* formulas told of, at most */

/* A choose() met an index it has no value for, first at this table. */
typedef struct miss {
	const expr *e;
	int64_t index;
	int nvalues, players;
} miss;

typedef struct watch {
	miss m[LINT_MISSES];
	int n;
	int players;                    /* of the deals being played */
} watch;

static void on_missed(void *ctx, const expr *e, int64_t index, int nvalues)
{
	watch *w = ctx;
	for (int i = 0; i < w->n; i++)
		if (w->m[i].e == e)
			return;         /* the first index met is enough */
	if (w->n < LINT_MISSES)
		w->m[w->n++] = (miss){e, index, nvalues, w->players};
}

/* The deals that ended at one player count, and the cards they left. */
typedef struct leftovers {
	int ended;                      /* deals played to their end */
	int every_hand;                 /* of which, with cards in every hand */
	int least, most;                /* cards left in one hand, over those */
} leftovers;

static void count_hands(const state *s, leftovers *l)
{
	l->ended++;
	int least = -1, most = 0;
	for (int seat = 0; seat < s->players; seat++) {
		int n = cset_count(s->hand[seat]);
		if (least < 0 || n < least)
			least = n;
		if (n > most)
			most = n;
	}
	if (least <= 0)
		return;
	if (l->every_hand == 0 || least < l->least)
		l->least = least;
	if (most > l->most)
		l->most = most;
	l->every_hand++;
}

/* Random deals at one player count, each checked as it ends. */
static void play_count(const game *g, int players, leftovers *l)
{
	state s;
	char why[200];
	rng r;
	rng_seed(&r, 1, (uint64_t)players);
	if (!state_setup(&s, g, players, 0, NULL, 1, why, sizeof why))
		return;
	long moves = 0;
	while (l->ended < LINT_DEALS && moves < LINT_MOVES) {
		if (state_over(&s) &&
		    (s.fault || !state_setup(&s, g, players, 0, NULL,
					     (uint64_t)l->ended + 2, why,
					     sizeof why)))
			return;         /* a dead end is the simulation's to tell */
		if (state_current(&s) == SEAT_CHANCE)
			state_deal(&s);
		int deal = s.deal_no;
		while (state_current(&s) >= 0 && s.deal_no == deal &&
		       moves < LINT_MOVES) {
			state_apply_random(&s, &r);
			moves++;
		}
		if (state_current(&s) < 0 && !s.fault)
			count_hands(&s, l);
	}
}

static void warn_leftovers(const game *g, int players, const leftovers *l,
			   diag *d)
{
	const phase *last = &g->phase[g->nphases - 1];
	char left[48];
	if (l->least == l->most)
		snprintf(left, sizeof left, "%d card%s stay%s", l->least,
			 l->least == 1 ? "" : "s", l->least == 1 ? "s" : "");
	else
		snprintf(left, sizeof left, "%d to %d cards stay", l->least,
			 l->most);
	diag_warning(d, last->file, last->line, last->col,
		     "with %d players, %s in every hand when the deal ends "
		     "(in all %d random deals played): the phases play, lay "
		     "or pass fewer cards than are dealt", players, left,
		     l->ended);
}

static void warn_miss(const miss *m, diag *d)
{
	const src_file *file;
	int line, col;
	expr_position(m->e, &file, &line, &col);
	diag_warning(d, file, line, col,
		     "choose() has %d value%s here, for an index from 0 to %d, "
		     "but its index came to %" PRId64 " in a random deal with "
		     "%d player%s, where it gives 0: give a value for every "
		     "index the game can reach", m->nvalues,
		     m->nvalues == 1 ? "" : "s", m->nvalues - 1, m->index,
		     m->players, m->players == 1 ? "" : "s");
}

int lint_play(const game *g, diag *d)
{
	int warned = 0;
	watch w = {0};
	expr_watch_choose(on_missed, &w);
	for (int n = g->min_players; n <= g->max_players; n++) {
		leftovers l = {0};
		w.players = n;
		play_count(g, n, &l);
		if (l.ended > 0 && l.every_hand == l.ended) {
			warn_leftovers(g, n, &l, d);
			warned++;
			break;          /* one player count tells the mistake */
		}
	}
	expr_watch_choose(NULL, NULL);
	for (int i = 0; i < w.n; i++)
		warn_miss(&w.m[i], d);
	return warned + w.n;
}
