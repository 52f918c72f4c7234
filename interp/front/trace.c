/* trace.c — a replayed deal's decisions and tricks, as JSON (trace.h). */
#include "front/trace.h"

#include <stdlib.h>

/* Opens the deal's two arrays, each on a stream of its own. */
static bool start(trace *t)
{
	if (t->decisions || t->failed)
		return !t->failed;
	t->decisions = open_memstream(&t->decisions_text, &t->decisions_size);
	t->tricks = open_memstream(&t->tricks_text, &t->tricks_size);
	if (!t->decisions || !t->tricks) {
		t->failed = true;
		return false;
	}
	json_init(&t->dj, t->decisions, false);
	json_init(&t->tj, t->tricks, false);
	json_array(&t->dj);
	json_array(&t->tj);
	return true;
}

static void card(json *j, const state *s, card_id c)
{
	char name[8];
	json_string(j, deck_card_name(&s->g->deck, c, false, name));
}

/* The trick a decision completed, from the record `after` keeps. */
static void trick(trace *t, const state *after)
{
	const trick_record *r = &after->last_trick;
	json *j = &t->tj;
	json_object(j);
	json_key(j, "number");
	json_int(j, r->number);
	json_key(j, "leader");
	json_int(j, r->leader);
	json_key(j, "cards");
	json_array(j);
	for (int i = 0; i < r->n; i++)
		card(j, after, r->card[i]);
	json_end_array(j);
	json_key(j, "winner");
	json_int(j, r->winner);
	json_end_object(j);
}

void trace_decision(trace *t, const state *before, const state *after,
		    const action *a, int n)
{
	if (!start(t))
		return;
	json *j = &t->dj;
	char words[200];
	action legal[ACTIONS_MAX];
	int nlegal = state_legal(before, legal);
	json_object(j);
	json_key(j, "seat");
	json_int(j, state_current(before));
	if (state_decider(before) != state_current(before)) {
		json_key(j, "by");      /* a dummy's hand, played by another */
		json_int(j, state_decider(before));
	}
	json_key(j, "legal");
	json_array(j);
	for (int i = 0; i < nlegal; i++) {
		state_action_words(before, &legal[i], 1, words, sizeof words);
		json_string(j, words);
	}
	json_end_array(j);
	json_key(j, "move");
	state_action_words(before, a, n, words, sizeof words);
	json_string(j, words);
	json_end_object(j);
	if (after->deal_no == before->deal_no &&
	    after->last_trick.number != before->last_trick.number)
		trick(t, after);
}

/* The text of a finished array, closed; NULL when it failed. */
static char *finish(FILE **f, json *j, char **text)
{
	json_end_array(j);
	bool ok = fclose(*f) == 0;
	*f = NULL;
	if (ok)
		return *text;
	free(*text);
	*text = NULL;
	return NULL;
}

bool trace_write(trace *t, json *j)
{
	if (!start(t))
		return false;
	char *decisions = finish(&t->decisions, &t->dj, &t->decisions_text);
	char *tricks = finish(&t->tricks, &t->tj, &t->tricks_text);
	bool ok = decisions && tricks;
	if (ok) {
		json_key(j, "decisions");
		json_raw(j, decisions);
		json_key(j, "tricks");
		json_raw(j, tricks);
	}
	free(decisions);
	free(tricks);
	t->decisions_text = t->tricks_text = NULL;
	return ok;
}

void trace_free(trace *t)
{
	if (t->decisions)
		fclose(t->decisions);
	if (t->tricks)
		fclose(t->tricks);
	free(t->decisions_text);
	free(t->tricks_text);
	t->decisions = t->tricks = NULL;
	t->decisions_text = t->tricks_text = NULL;
}
