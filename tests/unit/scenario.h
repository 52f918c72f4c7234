/*
 * scenario.h — what the scenario tests share: cards by name, scripted
 * tricks, set-ups of the cards won, score checks.  Every function asserts
 * (Check) on a mistake of the script itself.
 */
#ifndef CARDRULES_SCENARIO_H
#define CARDRULES_SCENARIO_H

#include <stdbool.h>

#include "engine/engine.h"

/* The game of a rule file; one that does not load is a mistake of the
 * test (its errors are printed). */
game *scn_load(const char *path);

/* Frees the tables the loader keeps for every game (the decks, the
 * expressions' built-ins, the schema), as a suite ends: a leak checker
 * then sees nothing left. */
void scn_cleanup(void);

/* Room enough for the rule files of games/. */
#define SCN_RULE_FILES_MAX 128

/* The rule files (*.yaml) of a folder, as paths into out[0..max);
 * how many.  A folder with more than max fails the test, so that no
 * file is left out unseen. */
int scn_rule_files(const char *dir, char (*out)[512], int max);

/* The card named, in notation ("QS", "10H"). */
card_id scn_card(const game *g, const char *name);

/* "2S 10H QS": the cards in order into out[]; returns how many. */
int scn_card_list(const game *g, const char *text, card_id *out);

/* The same as a set; a card named twice is a mistake of the script. */
cardset scn_card_set(const game *g, const char *text);

/* The lowest legal card until the deal (or, with phase_only, the phase)
 * is over. */
void scn_play_lowest(state *s, bool phase_only);

/* The cards won at the end of a deal of a Hearts-like game: hearts[p]
 * hearts (2H upward) for seat p, QS for qs_seat (none when negative), the
 * rest of the deck in play for seat `rest`. */
void scn_set_won(state *s, const int *hearts, int qs_seat, int rest);

/* The deal's scores are want[0..players). */
void scn_check_scores(const state *s, const int64_t *want);

/* Plays tricks [from, upto) of trick[]: each a list of cards in play
 * order, checked to come from the seats in turn; winners ("1 0 4", may be
 * NULL) names each trick's winner.  Where trick[t] is NULL, the rest of
 * the deal is played with the lowest legal cards. */
void scn_play_tricks(state *s, const char *const *trick, const char *winners,
		     int from, int upto);

/* Types a decision as a player would ("call 3", "QS"); it must be taken. */
void scn_say(state *s, const char *words);

#endif
