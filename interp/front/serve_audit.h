/*
 * serve_audit.h — the referee's record of a served match.
 *
 * `cardrules serve --audit FILE` writes to FILE, beside each view it
 * sends (numbered as the messages are), the whole truth: every seat's
 * hand, every pile, the leftovers and which cards lie face down.  The
 * client never sees it; whoever runs the match can check afterwards
 * that no view showed a seat more than it may see.
 */
#ifndef CARDRULES_SERVE_AUDIT_H
#define CARDRULES_SERVE_AUDIT_H

#include <stdio.h>

#include "engine/engine.h"

/* One line: the truth of s when message `message` (counted from 0)
 * showed seat `seat` its view. */
void audit_write(FILE *f, long message, int seat, const state *s);

#endif
