/*
 * command.h — decisions in words.
 *
 * The text loop reads them and transcripts store them, in the same words:
 * "play QS", "pass 3C QS", or just "QS".  One decision may be several
 * engine moves (a pass of three cards); it is applied all or nothing, so a
 * bad command never leaves the game half-changed.
 */
#ifndef CARDRULES_COMMAND_H
#define CARDRULES_COMMAND_H

#include <stdbool.h>
#include <stddef.h>

#include "engine/state.h"

typedef enum cmd_kind {
	CMD_EMPTY,      /* a blank line */
	CMD_DECISION,   /* moves for the seat to move */
	CMD_HELP,
	CMD_HAND,
	CMD_TABLE,
	CMD_MOVES,
	CMD_SCORES,
	CMD_HINT,
	CMD_QUIT,
} cmd_kind;

typedef struct command {
	cmd_kind kind;
	move moves[CARD_MAX];
	int nmoves;
} command;

/* Reads one line for the seat to move in s.  On a mistake returns false
 * with one line of explanation in err; s is never changed. */
bool command_parse(const state *s, const char *line, command *out, char *err,
		   size_t size);

/* Applies a decision's moves all or nothing. */
bool command_apply(state *s, const command *c, char *err, size_t size);

/* How many moves the seat to move still makes in this decision. */
int command_decision_size(const state *s);

/* The words of a decision made of moves m[0..n) from state `before`. */
void command_format(const state *before, const move *m, int n, char *buf,
		    size_t size);

/* Why card c may not be played now, in words ("you must follow suit"). */
void command_why_illegal(const state *s, card_id c, char *buf, size_t size);

/* The verb of the decision due ("play", "pass"). */
const char *command_verb(const state *s);

#endif
