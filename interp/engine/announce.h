/*
 * announce.h — calls during trick play: words a seat may say at its turn,
 * before its card (Doppelkopf's Re and Kontra, "no 90" and the rest).
 *
 * Each call of a tricks phase's `calls` may be made once a deal by each
 * seat, while its `when` holds for that seat; it raises counters (kept for
 * the scoring) and is told at the table.  The seat then still plays its
 * card.  Calls are public: views hide nothing of them.
 */
#ifndef CARDRULES_ANNOUNCE_H
#define CARDRULES_ANNOUNCE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "engine/build.h"
#include "engine/state.h"
#include "engine/tale.h"

/* Compiles the `calls` mapping of a tricks phase into t. */
void announce_build(builder *b, const node *calls, tricks_phase *t);

/* The calls open to the seat to move, as bits (bit i: call i). */
uint32_t announce_open(const state *s, const tricks_phase *t);

/* The calls open to the seat to move, as ACT_CHOICE actions after out[0..n)
 * (sorted after cards); the new count. */
int announce_legal(const state *s, const tricks_phase *t, action *out, int n);

/* Makes call i for the seat to move: counters raised, the call recorded. */
void announce_apply(state *s, const tricks_phase *t, int i);

/* The call named by `word` (any case), or -1. */
int announce_named(const tricks_phase *t, const char *word);

/* Why call i is refused to the seat to move now. */
void announce_why_not(const state *s, const tricks_phase *t, int i,
		      char *buf, size_t size);

/* "West calls re: the Re party ..." for the table. */
void announce_narrate(const tricks_phase *t, int seat, int i,
		      const audience *who, tale *out);

/* The calls in sentences, for explain. */
void announce_explain(FILE *out, const tricks_phase *t);

#endif
