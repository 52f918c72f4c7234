/*
 * command.h — decisions in words.
 *
 * The text loop reads them and transcripts store them, in the same words:
 * "play QS", "pass 3C QS", or just "QS".  The phase in progress reads and
 * writes the words of its actions (engine.h); this module adds the verb
 * and the text loop's own commands.  One decision may be several actions
 * (a pass of three cards); it is applied all or nothing, so a bad command
 * never leaves the game half-changed.
 */
#ifndef CARDRULES_COMMAND_H
#define CARDRULES_COMMAND_H

#include <stdbool.h>
#include <stddef.h>

#include "engine/engine.h"

typedef enum cmd_kind {
	CMD_EMPTY,      /* a blank line */
	CMD_DECISION,   /* moves for the seat to move */
	CMD_HELP,
	CMD_HAND,
	CMD_TABLE,
	CMD_MOVES,
	CMD_SCORES,
	CMD_HINT,
	CMD_RULES,
	CMD_QUIT,
} cmd_kind;

typedef struct command {
	cmd_kind kind;
	action actions[ACTIONS_MAX];
	int nactions;
} command;

/* The longest line read as a command: far beyond any decision of a
 * shipped game, short enough to read at once. */
#define COMMAND_LINE_MAX 1000

/* Reads one line for the seat to move in s.  On a mistake returns false
 * with one line of explanation in err; s is never changed.  A line longer
 * than COMMAND_LINE_MAX is a mistake, read no further. */
bool command_parse(const state *s, const char *line, command *out, char *err,
		   size_t size);

/* Applies a decision's actions all or nothing. */
bool command_apply(state *s, const command *c, char *err, size_t size);

/* How many actions the seat to move still takes in this decision. */
int command_decision_size(const state *s);

/* The words of a decision made of actions a[0..n) from state `before`,
 * with its verb: "pass 3C QS 2H". */
void command_format(const state *before, const action *a, int n, char *buf,
		    size_t size);

/* The verb of the decision due ("play", "pass"). */
const char *command_verb(const state *s);

#endif
