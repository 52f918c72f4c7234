/*
 * play.h — the text loop: people play a game against bots, or hot-seat.
 *
 * The loop shows the seat's hand, the trick on the table, whose turn it is
 * and the legal moves; it reads one command per line (command.h).  A bad
 * command gets one line of explanation and the same prompt, the game
 * unchanged.  Every decision is appended to a transcript as it is made, so
 * a game survives a crash and continues with --resume.
 */
#ifndef CARDRULES_PLAY_H
#define CARDRULES_PLAY_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "front/bot.h"
#include "front/transcript.h"
#include "engine/engine.h"

/* The search of the bots at the table and of the hint, per decision:
 * a tenth of a second or so in the play of the cards; an auction's
 * calls, each looked ahead, take longer, and stop at PLAY_CAP_MS. */
#define PLAY_PLAYOUTS 3000
/* At the table a search never keeps the player waiting much longer than
 * this for a decision, whatever its budget in playouts. */
#define PLAY_CAP_MS 1000

typedef struct play_opts {
	const char *game_name;          /* as the user named it */
	int players, dealer, seat;      /* seat: the human's, unless hotseat */
	bool hotseat;
	uint64_t seed;
	int64_t options[OPTIONS_MAX];
	bot_spec bots;                  /* the bots at the seats of no person */
	int playouts;                   /* effort of the hint's search */
	const char *transcript;         /* where to save; NULL: no saving */
	bool autosave;                  /* transcript is an autosave: removed
					   when the match ends */
	const char *invocation;         /* the program as run, for hints */
	bool resume;                    /* transcript holds a game to go on with */
	bool color;
	bool ascii;              /* suits as letters, never glyphs */
	bool hints;                     /* a hint before every decision */
	FILE *in, *out;
} play_opts;

/* Plays the match; 0 when it ends or the player quits, 1 on errors that
 * stop the game (a failed save). */
int play_run(game *g, const play_opts *o);

/* Goes on with the match in state s, replayed from o->transcript, which
 * the new decisions are appended to: w is that file, locked before it
 * was replayed (transcript_lock); the game takes it over and closes it. */
int play_resume(game *g, const play_opts *o, const state *s,
		transcript_writer *w);

#endif
