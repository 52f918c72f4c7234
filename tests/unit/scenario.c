/* scenario.c — helpers of the scenario tests. */
#include "scenario.h"

#include <check.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cards/deck.h"
#include "front/command.h"
#include "lang/expr.h"
#include "lang/schema.h"

game *scn_load(const char *path)
{
	diag *d = diag_new();
	game *g = game_load(path, d);
	if (!g)
		diag_print(d, stderr, true);
	diag_free(d);
	ck_assert_msg(g != NULL, "%s does not load", path);
	return g;
}

void scn_cleanup(void)
{
	deck_cleanup();
	expr_cleanup();
	schema_cleanup();
}

int scn_rule_files(const char *dir, char (*out)[512], int max)
{
	DIR *d = opendir(dir);
	ck_assert_msg(d != NULL, "cannot open %s", dir);
	struct dirent *e;
	int n = 0;
	while ((e = readdir(d))) {
		size_t len = strlen(e->d_name);
		if (len <= 5 || strcmp(e->d_name + len - 5, ".yaml") != 0)
			continue;
		ck_assert_msg(n < max, "more than %d rule files in %s", max, dir);
		snprintf(out[n++], 512, "%s/%s", dir, e->d_name);
	}
	closedir(d);
	ck_assert_int_gt(n, 0);
	return n;
}

card_id scn_card(const game *g, const char *name)
{
	card_face f;
	int copy;
	ck_assert_msg(deck_parse_face(&g->deck, name, strlen(name), &f,
				      &copy) == DECK_PARSE_OK, "bad card %s", name);
	card_id c = deck_find(&g->deck, g->deck.all, f, copy);
	ck_assert_msg(c != CARD_NONE, "no card %s", name);
	return c;
}

int scn_card_list(const game *g, const char *text, card_id *out)
{
	int n = 0;
	while (*text) {
		size_t len = strcspn(text, " ");
		if (len) {
			char name[8];
			ck_assert(len < sizeof name);
			memcpy(name, text, len);
			name[len] = '\0';
			out[n++] = scn_card(g, name);
		}
		text += len + (text[len] == ' ');
	}
	return n;
}

cardset scn_card_set(const game *g, const char *text)
{
	card_id ids[CARD_MAX];
	int n = scn_card_list(g, text, ids);
	cardset s = cset_empty();
	for (int i = 0; i < n; i++)
		cset_add(&s, ids[i]);
	ck_assert_msg(cset_count(s) == n, "a card twice in '%s'", text);
	return s;
}

void scn_play_lowest(state *s, bool phase_only)
{
	int deal = s->deal_no, ph = s->phase;
	while (s->current >= 0 && s->deal_no == deal &&
	       (!phase_only || s->phase == ph))
		ck_assert(state_apply_card(s, cset_first(state_legal_cards(s))));
}

void scn_set_won(state *s, const int *hearts, int qs_seat, int rest)
{
	const game *g = s->g;
	card_id h[13];
	ck_assert_int_eq(scn_card_list(g, "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH "
				       "KH AH", h), 13);
	card_id qs = scn_card(g, "QS");
	memset(s->won, 0, sizeof s->won);
	int next = 0;
	for (int p = 0; p < s->players; p++)
		for (int k = 0; k < hearts[p]; k++)
			cset_add(&s->won[p], h[next++]);
	ck_assert_int_eq(next, 13);
	if (qs_seat >= 0)
		cset_add(&s->won[qs_seat], qs);
	cardset others = cset_minus(s->in_play, g->deck.by_suit[1]);
	cset_del(&others, qs);
	s->won[rest] = cset_or(s->won[rest], others);
}

void scn_check_scores(const state *s, const int64_t *want)
{
	for (int p = 0; p < s->players; p++)
		ck_assert_msg(s->deal_score[p] == want[p],
			      "seat %d scored %lld, not %lld", p,
			      (long long)s->deal_score[p], (long long)want[p]);
}

void scn_play_tricks(state *s, const char *const *trick, const char *winners,
		     int from, int upto)
{
	const char *w = winners;
	for (int t = 0; w && t < from; t++)
		w += strspn(w, " ") + strcspn(w + strspn(w, " "), " ");
	for (int t = from; t < upto && s->current >= 0; t++) {
		if (!trick[t]) {
			scn_play_lowest(s, false);
			return;
		}
		card_id c[SEAT_MAX];
		int n = scn_card_list(s->g, trick[t], c);
		ck_assert_int_eq(n, s->players);
		int leader = s->current;
		for (int i = 0; i < n; i++) {
			ck_assert_int_eq(s->current, state_next_seat(s, leader, i));
			ck_assert_msg(state_apply_card(s, c[i]), "trick %d: card %d of "
				      "'%s' refused", t + 1, i + 1, trick[t]);
		}
		ck_assert_int_eq(s->last_trick.number, t + 1);
		if (w) {
			char *end;
			long want = strtol(w, &end, 10);
			ck_assert_msg(end != w, "script: winner of trick %d", t + 1);
			ck_assert_msg(s->last_trick.winner == want,
				      "trick %d '%s' won by seat %d, not %ld",
				      t + 1, trick[t], s->last_trick.winner, want);
			w = end;
		}
	}
}

void scn_say(state *s, const char *words)
{
	command c;
	char err[300];
	ck_assert_msg(command_parse(s, words, &c, err, sizeof err), "%s: %s",
		      words, err);
	ck_assert_int_eq(c.kind, CMD_DECISION);
	ck_assert_msg(command_apply(s, &c, err, sizeof err), "%s: %s", words,
		      err);
}
