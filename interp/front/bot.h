/*
 * bot.h — computer players.  A bot sees only its seat's view.
 *
 * BOT_RANDOM plays a uniformly random legal action (simulations of rules).
 * BOT_MC plays each legal action out many times on random deals of the
 * cards it cannot see, with random play afterwards, and keeps the action
 * with the best mean deal score for its seat (perfect-information Monte
 * Carlo): it needs nothing game-specific, so it plays every rule file.
 */
#ifndef CARDRULES_BOT_H
#define CARDRULES_BOT_H

#include "util/rng.h"
#include "engine/view.h"

typedef enum bot_kind {
	BOT_RANDOM,
	BOT_MC,
} bot_kind;

typedef struct bot {
	bot_kind kind;
	rng r;
	int playouts;                   /* per decision, for BOT_MC */
} bot;

/* Bots of one match get distinct streams from the match seed. */
void bot_init(bot *b, bot_kind kind, uint64_t seed, int seat);

/* A legal action for the view's seat, which must be the seat to move. */
action bot_choose(bot *b, const view *v);

#endif
