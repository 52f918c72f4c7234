/*
 * solitaire.h — what the tests of solitaires share.
 *
 * The helpers work on the test program's game `g` and state `st` (one
 * test at a time).  A pile is named by its word: a grid position "1,2",
 * a slot "N0", a tableau pile "t3", or a place of one pile ("deck",
 * "waste"); a position or a pile reads from the bottom up ("3S 7D"), the
 * jokers JK1 and JK2.
 */
#ifndef CARDRULES_TEST_SOLITAIRE_H
#define CARDRULES_TEST_SOLITAIRE_H

#include <stdbool.h>

#include "engine/engine.h"

extern game *g;
extern state st;

/* The pile named by its word, and how many cards it holds. */
int pile_no(const char *word);
int pile_size(const char *word);

/* The card named "QS", "JK1". */
card_id card(const char *name);

/* A new game, with the options given or the defaults (NULL). */
void new_game(const int64_t *options);

/* Deals the deck: the cards named are taken first, in the order named;
 * the others follow in the deck's order.  The setup runs at once. */
void deal(const char *first);

/* Clears what the layout phase keeps of the deal (its attack, its
 * opening, the end), for a position laid by hand. */
void clear_layout(void);

/* Puts the cards of `text` on pile p in order; `named` are the cards
 * placed so far, returned with these. */
cardset push_cards(int p, const char *text, cardset named);

/* A card's name as positions write it. */
const char *name_of(card_id c, char *buf);

/* A position laid by hand in a new game with the options given (NULL:
 * the defaults): "c1: 9H 8C; a: 7D; down: 9H", each pile's cards from
 * the bottom up, "down:" the cards lying face down; the cards not named
 * are out of the game. */
void lay_position(const int64_t *options, const char *text);

/* The cards of a pile from the bottom up; "" when empty. */
const char *pile(const char *word);

/* The legal decisions whose words start with `verb` (all of them when
 * NULL), in alphabetical order: "move 9C t2, move waste t3". */
const char *legal_of(const char *verb);
const char *legal(void);

/* Whether the decision `line`, typed as in the text loop, is taken; act()
 * fails the test when it is not. */
bool try_act(const char *line);
void act(const char *line);

/* The words that refuse the decision `line` (the test fails when it is
 * taken), card codes as the engine writes them. */
const char *refusal(const char *line);

#endif
