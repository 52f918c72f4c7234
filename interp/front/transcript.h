/*
 * transcript.h — games written down, and played back.
 *
 * A transcript is a YAML file (docs/transcripts.md): the rule file, the
 * players, the first dealer, the seed and the options, then every deal
 * with every decision in the words of the text loop, and the scores:
 *
 *     cardrules-transcript: 1
 *     game: games/black-lady.yaml
 *     players: 4
 *     dealer: 0
 *     seed: 7
 *     options: {rounds: 2}
 *     deals:
 *       - deal: 1
 *         dealer: 0
 *         moves:
 *           - 1: pass 5C QS
 *           - 1: play 4C
 *         scores: [13, -10, -3, 0]
 *
 * A deal may give its cards instead of taking them from the seed (hands:
 * and leftover:), which is how tests script deals.  The writer appends one
 * line per decision and flushes it to the disk, so a game survives a crash
 * and can be resumed.
 */
#ifndef CARDRULES_TRANSCRIPT_H
#define CARDRULES_TRANSCRIPT_H

#include <stdbool.h>
#include <stdio.h>

#include "lang/diag.h"
#include "engine/engine.h"
#include "engine/engine.h"

#define TRANSCRIPT_MAX_BYTES (64 * 1024 * 1024)

/* ---- writing ---- */

/* How a transcript at `transcript` names the game the player named
 * `game`: a shipped game's name as it is, a rule file's path relative to
 * the transcript's folder, so that it resolves from there wherever the
 * game is resumed.  False (buf holding game as given) when the paths
 * cannot be resolved. */
bool transcript_game_path(const char *game, const char *transcript,
			  char *buf, size_t size);

typedef struct transcript_writer {
	FILE *f;
	bool durable;                   /* fsync after every line */
	bool explicit_deals;            /* write each deal's cards, not only the seed */
	int deal;                       /* the deal whose moves are open */
} transcript_writer;

/* Starts a transcript of the match set up in s (before its first deal);
 * `humans` has bit k set when a person plays seat k.  Overwrites path
 * (simulate's transcripts). */
bool transcript_create(transcript_writer *w, const char *path, const char *game_name,
	       const state *s, unsigned humans, bool durable, char *err,
	       size_t size);

/* Opens path for a game that people play, locked for as long as w stays
 * open, so that two processes never write one game: another process's
 * lock is refused with "PATH is being played by another process".
 * `fresh`: a new game, which takes only an absent or empty file (a rule
 * file, a finished game or another game in progress is never
 * overwritten); otherwise path must exist: a game to go on with, locked
 * before it is replayed.  The file is never changed when this fails. */
bool transcript_lock(transcript_writer *w, const char *path, bool fresh,
		     char *err, size_t size);

/* Writes the head of a new game's transcript into the file that
 * transcript_lock() opened fresh. */
bool transcript_start(transcript_writer *w, const char *path, const char *game_name,
	      const state *s, unsigned humans, char *err, size_t size);

/* Continues a transcript that replayed into s (play --resume), in the
 * file transcript_lock() opened. */
void transcript_append(transcript_writer *w, const state *s);

/* One decision of `seat` in words; opens the deal's entry when needed. */
void transcript_decision(transcript_writer *w, const state *s, int seat, const char *words);

/* After a deal is scored: its scores; after the match: the result. */
void transcript_scored(transcript_writer *w, const state *s);

bool transcript_close(transcript_writer *w);

/* ---- reading ---- */

typedef struct transcript_replay {
	game *g;                        /* loaded from the transcript's game */
	char game_name[512];
	state s;                        /* where the transcript ends */
	unsigned humans;                /* seats played by people */
	int decisions;
	bool scores_checked;
} transcript_replay;

/* Called after each deal is scored, for printing: s is the state just
 * scored, `during` the same deal before its scoring (breakdown.h). */
typedef void (*transcript_on_deal)(void *ctx, const state *s,
				   const state *during);

/* Called for each decision replayed, made of the actions a[0..n):
 * `before` is the state it was made in, `after` the state it led to. */
typedef void (*transcript_on_decision)(void *ctx, const state *before,
				       const state *after, const action *a,
				       int n);

/* Loads the game and replays every decision.  A bad transcript gets a
 * positioned error naming the first illegal decision; returns false.  The
 * caller frees r->g with game_free() in both cases. */
bool transcript_replay_file(const char *path, transcript_replay *r, diag *d,
		    transcript_on_deal on_deal, void *ctx);

/* The same, telling on_decision (which may be NULL) of every decision. */
bool transcript_replay_traced(const char *path, transcript_replay *r,
			      diag *d, transcript_on_deal on_deal,
			      transcript_on_decision on_decision, void *ctx);
/* Called for each decision replayed: `before` is the state it was taken
 * in, a[0..n) its actions. */
typedef void (*transcript_on_move)(void *ctx, const state *before, int seat,
				   const action *a, int n);

/* Replays like transcript_replay_file(), telling each decision to
 * on_move: what a program needs to go on with the game and write it
 * again whole. */
bool transcript_replay_moves(const char *path, transcript_replay *r, diag *d,
			     transcript_on_move on_move, void *ctx);

/* A seed as written on the command line or in a transcript. */
bool parse_seed(const char *text, uint64_t *out);

/* For play --resume: replays the transcript at path like
 * transcript_replay_file().  A crash can leave half a line at its end:
 * then the whole lines before it are replayed, and only when they are a
 * transcript of a game in progress is the file cut after them.  A last
 * line that holds only a comment is kept whole: only its newline is
 * added, once the file proves to be a game in progress.  Nothing else is
 * ever written. */
bool transcript_replay_resumable(const char *path, transcript_replay *r,
				 diag *d);

#endif
