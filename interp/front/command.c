/* command.c — parsing, applying and writing decisions. */
#include "front/command.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "util/suggest.h"

static const struct {
	const char *word;
	cmd_kind kind;
} words[] = {
	{"help", CMD_HELP}, {"?", CMD_HELP}, {"hand", CMD_HAND},
	{"table", CMD_TABLE}, {"moves", CMD_MOVES}, {"legal", CMD_MOVES},
	{"scores", CMD_SCORES}, {"score", CMD_SCORES}, {"hint", CMD_HINT}, {"rules", CMD_RULES},
	{"quit", CMD_QUIT}, {"exit", CMD_QUIT},
};

const char *command_verb(const state *s)
{
	const char *verb = state_decision(s).verb;
	return verb ? verb : "play";
}

int command_decision_size(const state *s)
{
	return state_decision(s).actions;
}

/* Splits at spaces and commas; returns the number of words. */
static int split(char *line, char **word, int max)
{
	int n = 0;
	for (char *p = strtok(line, " \t\r\n,"); p && n < max;
	     p = strtok(NULL, " \t\r\n,"))
		word[n++] = p;
	return n;
}

/* A rank alone, which names a card where only one fits ("K", "10"). */
static bool is_rank(const state *s, const char *w)
{
	char up[4];
	size_t len = strlen(w);
	if (len == 0 || len > 2)
		return false;
	for (size_t i = 0; i <= len; i++)
		up[i] = (char)toupper((unsigned char)w[i]);
	return deck_rank_index(&s->g->deck, up, len) >= 0 ||
	       strcmp(up, "T") == 0;
}

/* "unknown command", with the closest command or verb. */
static void unknown_command(const state *s, const char *w, char *err,
			    size_t size)
{
	suggest sg;
	suggest_start(&sg, w, strlen(w));
	for (size_t i = 0; i < sizeof words / sizeof *words; i++)
		suggest_consider(&sg, words[i].word);
	suggest_consider(&sg, command_verb(s));
	if (sg.best)
		snprintf(err, size, "unknown command '%s' (did you mean '%.*s'?)",
			 w, (int)sg.best_len, sg.best);
	else
		snprintf(err, size, "unknown command '%s'; type help for the "
			 "commands", w);
}

/* A decision: the verb of the decision due may come first. */
static bool parse_decision(const state *s, char **word, int n, command *out,
			   char *err, size_t size)
{
	const char *verb = command_verb(s);
	bool said_verb = strcasecmp(word[0], verb) == 0;
	if (said_verb) {
		word++;
		n--;
	}
	if (state_parse_actions(s, word, n, out->actions, &out->nactions, err,
				size)) {
		out->kind = CMD_DECISION;
		return true;
	}
	if (said_verb)
		return false;
	/* not the phase's words: another decision's verb, or no command (a
	 * layout has no verb: its moves name themselves, `play` among them) */
	if (*verb && (strcasecmp(word[0], "play") == 0 ||
		      strcasecmp(word[0], "pass") == 0))
		snprintf(err, size, "it is time to %s, not to %s", verb, word[0]);
	else if (!cset_is_empty(state_legal_cards(s)) &&
		 !deck_is_card_notation(word[0], strlen(word[0])) &&
		 !is_rank(s, word[0]))
		unknown_command(s, word[0], err, size);
	return false;
}

bool command_parse(const state *s, const char *line, command *out, char *err,
		   size_t size)
{
	char buf[COMMAND_LINE_MAX + 1];
	char *word[64];
	memset(out, 0, sizeof *out);
	size_t len = strnlen(line, COMMAND_LINE_MAX + 1);
	if (len > COMMAND_LINE_MAX) {
		snprintf(err, size, "the line is too long: a command has at most "
			 "%d characters", COMMAND_LINE_MAX);
		return false;
	}
	memcpy(buf, line, len + 1);
	int n = split(buf, word, 64);
	if (n == 0) {
		out->kind = CMD_EMPTY;
		return true;
	}
	for (size_t i = 0; i < sizeof words / sizeof *words; i++)
		if (strcasecmp(word[0], words[i].word) == 0 &&
		    (n == 1 || words[i].kind == CMD_HELP)) {    /* help pass */
			out->kind = words[i].kind;
			return true;
		}
	if (s->current < 0) {
		snprintf(err, size, "no move is due now; type help for the commands");
		return false;
	}
	return parse_decision(s, word, n, out, err, size);
}

bool command_apply(state *s, const command *c, char *err, size_t size)
{
	state trial = *s;
	for (int i = 0; i < c->nactions; i++) {
		if (!state_apply(&trial, c->actions[i])) {
			state_why_illegal(&trial, &c->actions[i], err, size);
			return false;
		}
	}
	*s = trial;
	return true;
}

void command_format(const state *before, const action *a, int n, char *buf,
		    size_t size)
{
	char text[600];
	state_action_words(before, a, n, text, sizeof text);
	const char *verb = command_verb(before);
	snprintf(buf, size, "%s%s%s", verb, *verb ? " " : "", text);
}
