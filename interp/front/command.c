/* command.c — parsing, applying and writing decisions. */
#include "front/command.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "engine/engine.h"

static const struct {
	const char *word;
	cmd_kind kind;
} words[] = {
	{"help", CMD_HELP}, {"?", CMD_HELP}, {"hand", CMD_HAND},
	{"table", CMD_TABLE}, {"moves", CMD_MOVES}, {"legal", CMD_MOVES},
	{"scores", CMD_SCORES}, {"score", CMD_SCORES}, {"hint", CMD_HINT},
	{"quit", CMD_QUIT}, {"exit", CMD_QUIT},
};

const char *command_verb(const state *s)
{
	return state_phase_kind(s) == PHASE_PASS ? "pass" : "play";
}

int command_decision_size(const state *s)
{
	if (s->current < 0)
		return 0;
	if (state_phase_kind(s) != PHASE_PASS)
		return 1;
	return s->pass_need[s->current] - s->pass_chosen[s->current];
}

static void list_legal(const state *s, char *buf, size_t size)
{
	size_t used = 0;
	buf[0] = '\0';
	CSET_FOREACH(c, state_legal_set(s)) {
		char name[8];
		deck_card_name(&s->g->deck, c, false, name);
		used += (size_t)snprintf(buf + used, used < size ? size - used : 0,
					 "%s%s", used ? " " : "", name);
		if (used >= size)
			break;
	}
}

void command_why_illegal(const state *s, card_id c, char *buf, size_t size)
{
	const deck *d = &s->g->deck;
	char name[8], legal[400];
	deck_card_name(d, c, false, name);
	list_legal(s, legal, sizeof legal);
	if (!cset_has(s->hand[s->current], c)) {
		snprintf(buf, size, "you do not hold %s", name);
		return;
	}
	if (state_phase_kind(s) == PHASE_PASS) {
		snprintf(buf, size, "%s is already chosen", name);
		return;
	}
	const tricks_phase *t = &s->g->phase[s->phase].u.tricks;
	char why[200] = "the rules do not allow it now";
	if (s->nplayed > 0 && t->follow == FOLLOW_SUIT) {
		snprintf(why, sizeof why, "you must follow the suit led (%s)",
			 deck_card_name(d, s->table[0], false, name));
	} else {
		for (int i = 0; i < t->nrestrict; i++)
			if (t->rule[i].why && (!t->rule[i].when ||
			    engine_eval(s, t->rule[i].when, s->current).i)) {
				snprintf(why, sizeof why, "%s", t->rule[i].why);
				break;
			}
	}
	deck_card_name(d, c, false, name);
	snprintf(buf, size, "you cannot play %s: %s; you may play %s", name, why,
		 legal);
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

static bool parse_card(const state *s, const char *text, cardset taken,
		       card_id *out, char *err, size_t size)
{
	const deck *d = &s->g->deck;
	card_face face;
	int copy;
	enum deck_parse_result r = deck_parse_face(d, text, strlen(text), &face,
						   &copy);
	if (r == DECK_PARSE_SYNTAX) {
		snprintf(err, size, "'%s' is not a card: write the rank, then the "
			 "suit, as in QS, 10H or TH", text);
		return false;
	}
	if (r != DECK_PARSE_OK) {
		snprintf(err, size, "this game has no card '%s'", text);
		return false;
	}
	cardset mine = cset_minus(s->hand[s->current], taken);
	card_id c = deck_find(d, mine, face, copy);
	if (c == CARD_NONE) {
		char name[8];
		snprintf(err, size, "you do not hold %s%s",
			 deck_face_name(d, face, name),
			 cset_meets(taken, d->by_face[face]) ? " twice" : "");
		return false;
	}
	*out = c;
	return true;
}

static bool parse_decision(const state *s, char **word, int n, command *out,
			   char *err, size_t size)
{
	const char *verb = command_verb(s);
	if (!deck_is_card_notation(word[0], strlen(word[0]))) {
		if (strcasecmp(word[0], verb) != 0) {
			snprintf(err, size, "it is time to %s, not to %s", verb,
				 word[0]);
			return false;
		}
		word++;
		n--;
	}
	cardset taken = cset_empty();
	for (int i = 0; i < n; i++) {
		card_id c;
		if (!parse_card(s, word[i], taken, &c, err, size))
			return false;
		cset_add(&taken, c);
		out->moves[i] = c;
	}
	int want = command_decision_size(s);
	if (n != want) {
		snprintf(err, size, "%s %d card%s, for example: %s %s", verb, want,
			 want == 1 ? "" : "s", verb,
			 want == 1 ? "QS" : want == 2 ? "QS 10H" : "QS 10H 2C");
		return false;
	}
	out->nmoves = n;
	out->kind = CMD_DECISION;
	return true;
}

bool command_parse(const state *s, const char *line, command *out, char *err,
		   size_t size)
{
	char buf[512];
	char *word[CARD_MAX];
	memset(out, 0, sizeof *out);
	snprintf(buf, sizeof buf, "%s", line);
	int n = split(buf, word, CARD_MAX);
	if (n == 0) {
		out->kind = CMD_EMPTY;
		return true;
	}
	for (size_t i = 0; i < sizeof words / sizeof *words; i++)
		if (strcasecmp(word[0], words[i].word) == 0 && n == 1) {
			out->kind = words[i].kind;
			return true;
		}
	if (s->current < 0) {
		snprintf(err, size, "no move is due now; type help for the commands");
		return false;
	}
	bool verb = strcasecmp(word[0], "play") == 0 ||
		    strcasecmp(word[0], "pass") == 0;
	if (!verb && !deck_is_card_notation(word[0], strlen(word[0]))) {
		snprintf(err, size, "unknown command '%s'; type help for the "
			 "commands", word[0]);
		return false;
	}
	return parse_decision(s, word, n, out, err, size);
}

bool command_apply(state *s, const command *c, char *err, size_t size)
{
	state trial = *s;
	for (int i = 0; i < c->nmoves; i++) {
		if (!cset_has(state_legal_set(&trial), (card_id)c->moves[i])) {
			command_why_illegal(&trial, (card_id)c->moves[i], err, size);
			return false;
		}
		state_apply(&trial, c->moves[i]);
	}
	*s = trial;
	return true;
}

void command_format(const state *before, const move *m, int n, char *buf,
		    size_t size)
{
	size_t used = (size_t)snprintf(buf, size, "%s", command_verb(before));
	for (int i = 0; i < n && used < size; i++) {
		char name[8];
		deck_card_name(&before->g->deck, (card_id)m[i], true, name);
		used += (size_t)snprintf(buf + used, size - used, " %s", name);
	}
}
