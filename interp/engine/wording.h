/*
 * wording.h — formulas in words, where they have a common reading, for
 * `explain` (wording.c).  Front ends reach it through engine.h.
 */
#ifndef CARDRULES_WORDING_H
#define CARDRULES_WORDING_H

#include <stdbool.h>
#include <stddef.h>

#include "lang/expr.h"

/* Formulas in words, where they have a common reading (wording.c):
 * a seat ("the player on the dealer's left", "the declarer if someone
 * has declared, else ..."), a condition ("nobody has declared", "the
 * player is not the declarer", "a player's total reaches 100"), the
 * players a condition on `seat` picks ("every player but the
 * declarer", or with *one "the declarer"); NULL when the formula has
 * none. */
const char *formula_seat_words(const expr *e, char *buf, size_t size);
const char *formula_condition_words(const expr *e, char *buf, size_t size);
const char *formula_players_words(const expr *who, bool *one, char *buf,
				  size_t size);

/* A number as explain says it: the rule file's `says`, else the number,
 * else a common reading ("4 times the number of players",
 * "the number of cards dealt to the player", "rounds plus 1"), else the formula quoted; always buf. */
const char *formula_number_said(const expr *e, char *buf, size_t size);

/* A condition as explain and refusals say it: the rule file's `says`,
 * else its common reading, else the formula quoted; always buf. */
const char *formula_condition_said(const expr *e, char *buf, size_t size);

#endif
