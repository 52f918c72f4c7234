/*
 * serve_match.h — the match that `cardrules serve` plays: the game, the
 * seats its client plays and the bots at the others, the state, and the
 * match's history.
 *
 * The history keeps each deal as it was dealt and every decision since,
 * as actions: enough to write the match as a transcript at any time, and
 * to take a decision back by playing the deal again up to it.  A
 * decision is taken back only while no card has come to light for the
 * client's seats since it was made (a card played by another seat, a
 * pass received, a card turned up): nothing the client learnt is
 * unlearnt, so nothing it learnt may be used to choose again.
 */
#ifndef CARDRULES_SERVE_MATCH_H
#define CARDRULES_SERVE_MATCH_H

#include <limits.h>
#include <stdbool.h>
#include <stddef.h>

#include "engine/engine.h"
#include "front/bot.h"
#include "lang/diag.h"

/* A deal as it was dealt, and where its decisions start. */
typedef struct served_deal {
	state start;
	bool scripted;          /* not the seed's deal: written out in full */
	int first;              /* its first decision, in moves */
} served_deal;

/* One decision: the seat, and its actions in acts[first..first + n). */
typedef struct served_move {
	int seat;
	int n;
	size_t first;
} served_move;

typedef struct serve_match {
	game *g;                        /* NULL: nothing loaded */
	char game_name[PATH_MAX];       /* as named, for transcripts */
	int players, dealer;
	int64_t options[OPTIONS_MAX];
	unsigned mine;                  /* the client's seats, as bits */
	bot_spec bots;                  /* the others' */
	bool started;                   /* a match is set up */
	state s0;                       /* the match before its first deal */
	state s;                        /* now */
	bot bot[SEAT_MAX];
	served_deal *deals;
	int ndeals, deals_cap;
	served_move *moves;
	int nmoves, moves_cap;
	action *acts;
	size_t nacts, acts_cap;
} serve_match;

/* The client plays `seat`. */
static inline bool match_is_mine(const serve_match *m, int seat)
{
	return seat >= 0 && seat < SEAT_MAX && (m->mine >> seat & 1);
}

/* Frees the game and the history; m is empty again. */
void match_clear(serve_match *m);

/* A game loaded, at its table, with no match yet: m takes g over. */
void match_load(serve_match *m, game *g, const char *name, int players,
		int dealer, const int64_t *options, unsigned mine,
		const bot_spec *bots);

/* A new match from `seed`; false with the reason. */
bool match_start(serve_match *m, uint64_t seed, char *err, size_t size);

/* The chance move: the next deal from the seed, kept in the history. */
void match_deal(serve_match *m);

/* The client's decision for the seat to move, all or nothing; false
 * with the reason (the game unchanged). */
bool match_decide(serve_match *m, const action *a, int n, char *err,
		  size_t size);

/* The bot of the seat to move decides: its actions into out (at most
 * ACTIONS_MAX), applied and kept; how many. */
int match_bot_turn(serve_match *m, action *out);

/* Takes back the client's last decision of the deal in progress, with
 * every decision after it; false with the reason when it may not be. */
bool match_undo(serve_match *m, char *err, size_t size);

/* Writes the match as a transcript in path, which must be new or empty
 * (nothing is overwritten); false with the reason. */
bool match_save(const serve_match *m, const char *path, char *err,
		size_t size);

/* Replays the transcript at path into m (its game, table and history),
 * the seats *mine played by the client (mine NULL: those the transcript
 * gives to people, else seat 0) and the others by `bots`.  False with
 * the problems in d, m empty. */
bool match_resume(serve_match *m, const char *path, const unsigned *mine,
		  const bot_spec *bots, diag *d);

#endif
