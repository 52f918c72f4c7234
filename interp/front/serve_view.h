/*
 * serve_view.h — what `cardrules serve` shows a seat, as JSON.
 *
 * A seat's view is written from state_view() alone, never from the full
 * state: its hand, the other hands' sizes and the cards it knows there,
 * the trick, the places with their face-down cards as null, the face-up
 * leftovers, the scores, kept values, counters and the contract, and the
 * table's words.  Cards are written in the plain notation ("QS", "10H",
 * "AS#2" with several decks); the table's words (tales) as plain text
 * for the reader at one seat, "you".
 */
#ifndef CARDRULES_SERVE_VIEW_H
#define CARDRULES_SERVE_VIEW_H

#include "engine/engine.h"
#include "front/render.h"
#include "util/json.h"

/* Plain notation, no glyphs nor colours. */
void serve_render(render *r, const game *g);

/* A tale's text for the reader at seat `me` ("you"; -1: nobody), its
 * lines without their indentation; malloc'd (NULL when memory runs
 * out). */
char *serve_tale_text(const render *r, const char *marked, int me);

/* A set of cards as a list of names, in card order. */
void serve_write_cards(json *j, const deck *d, cardset cards);

/* The members of action a, offered or taken in s: "words" (with the
 * verb), "kind" and its fields ("cards", "number", "denom", "down"). */
void serve_write_action_fields(json *j, const state *s, const action *a);

/* The legal actions list[0..n) of s, each {"id": i, ...}. */
void serve_write_legal(json *j, const state *s, const action *list, int n);

/* The view of its seat, as an object. */
void serve_write_view(json *j, const render *r, const view *v);

#endif
