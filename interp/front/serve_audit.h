/*
 * serve_audit.h — the referee's record of a served match.
 *
 * `cardrules serve --audit FILE` writes to FILE, beside each message it
 * sends once a match is under way (numbered as the messages are, from
 * 0), the whole truth: every seat's hand, every pile, the leftovers and
 * which cards lie face down.  The client never sees it; whoever runs the
 * match can check afterwards that no view or event told a seat more
 * than it may know.
 */
#ifndef CARDRULES_SERVE_AUDIT_H
#define CARDRULES_SERVE_AUDIT_H

#include <stdio.h>

#include "engine/engine.h"

/* One line: the truth of s as message `message` is sent. */
void audit_write(FILE *f, long message, const state *s);

#endif
