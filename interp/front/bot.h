/*
 * bot.h — computer players.  A bot sees only its seat's view.
 *
 * BOT_RANDOM plays a uniformly random legal action (simulations of rules).
 * BOT_LOW plays by rules of thumb that fit most card games and need no
 * search (thumb.h): low cards where tricks cost points (for the seat's
 * part in the deal: no declarer, declaring, defending), high ones where
 * they score, the lowest pair face up, the lowest bid when nobody has bid
 * and else a pass, and a choice that does nothing when there is one; in a
 * solitaire, the move whose attack kills most, keeping its ploys while
 * it has another move.
 * BOT_MC plays each legal action out many times on random deals of the
 * cards it cannot see, with random play afterwards, and keeps the action
 * with the best mean deal score for its seat (perfect-information Monte
 * Carlo): it needs nothing game-specific, so it plays every rule file.
 * BOT_ISMCTS searches one tree over the information sets of the game,
 * shared by every random deal of the unseen cards (ismcts.h): stronger
 * than BOT_MC for the same time, and as general.
 * BOT_SEARCH plays solitaires: each legal action is tried on samples of
 * the unseen cards (or the true order, when it cheats) and followed by
 * a greedy playout (solitaire.h); it keeps the action with the most
 * wins, then the most progress (the layout's `progress`).  A game that
 * goes round in circles (no new card, no new progress, decision after
 * decision) it plays on by the rules of thumb, without searching.
 */
#ifndef CARDRULES_BOT_H
#define CARDRULES_BOT_H

#include <stdbool.h>
#include <stddef.h>

#include "util/rng.h"
#include "engine/engine.h"
#include "front/thumb.h"

typedef enum bot_kind {
	BOT_RANDOM,
	BOT_MC,
	BOT_LOW,
	BOT_SEARCH,
	BOT_ISMCTS,
	BOT_SOLVE,
} bot_kind;

#define BOT_SEEN_MAX 512
#define SOLVE_HIDDEN_PLAYOUTS 10

typedef struct bot {
	bot_kind kind;
	rng r;
	int playouts;                   /* per decision, for BOT_MC,
					   BOT_SEARCH and BOT_ISMCTS */
	int ms;                         /* or milliseconds per decision */
	int cap_ms;                     /* a budget in playouts stops after
					   this many milliseconds too; 0:
					   never */
	bool cheat;                     /* sees hidden cards (a solitaire's
					   stock order) */
	/* BOT_SEARCH: the positions of the game so far, so as not to go
	 * round in circles (a Klondike card moved to and fro) */
	uint64_t seen[BOT_SEEN_MAX];
	int nseen;
	uint64_t game;                  /* the game they belong to */
	/* BOT_SEARCH: the highest progress and the most cards seen at its
	 * decisions, and the decisions since either grew (it stops
	 * searching a game that goes round in circles) */
	int64_t best;
	int best_seen;
	int idle;
	int barren;                     /* searches in a row whose playouts
					   found nothing either */
	/* the text loop's hints: even when every move leads to a position
	 * seen before, never the move back to where the last decision was
	 * asked (the undo of the last hint) while there is another */
	bool no_undo;
	uint64_t last_asked;
	/* the rules of thumb for the game last played (thumb.h) */
	const void *style_of;           /* that game; NULL: none yet */
	int style_players;
	thumb_style style;
} bot;

/* Which bot plays each seat: `random`, `low`, `mc`, `mc:500` (playouts)
 * or `ismcts:100ms` (time) for all, per seat `0=mc:500,1=random` (seats
 * not named keep the defaults), or both in turn: `low,0=mc:500`. */
typedef struct bot_spec {
	bot_kind kind[SEAT_MAX];
	int playouts[SEAT_MAX];
	int ms[SEAT_MAX];               /* 0: the budget is in playouts */
	bool cheat;                     /* --cheat: bots see hidden cards */
} bot_spec;

/* Every seat `kind` with `playouts`, seeing only its own view. */
void bot_spec_all(bot_spec *spec, bot_kind kind, int playouts);

/* Reads a --bot text over the defaults in spec; false with a reason. */
bool bot_spec_parse(bot_spec *spec, const char *text, char *err, size_t size);

/* Only random bots at the first `players` seats. */
bool bot_spec_all_random(const bot_spec *spec, int players);

/* "random", "mc:500", or "0=mc:500,1=random,..." for `players` seats. */
const char *bot_spec_text(const bot_spec *spec, int players, char *buf,
			  size_t size);

/* The bot of one seat: "low", "mc:500", "ismcts:100ms". */
const char *bot_seat_text(const bot_spec *spec, int seat, char *buf,
			  size_t size);

/* Bots of one match get distinct streams from the match seed. */
void bot_init(bot *b, bot_kind kind, uint64_t seed, int seat);

/* The bot of `seat` as spec says, for a match from `seed`. */
void bot_setup(bot *b, const bot_spec *spec, uint64_t seed, int seat);

/* What bot b may see of s from seat: its view, or everything when it
 * cheats. */
void bot_view(const bot *b, const state *s, int seat, view *v);

/* Applies a bot's action; one the game refuses is a defect of the bot
 * (it saw what it should not, or guessed an impossible position), so
 * the program stops rather than record it. */
void bot_must_apply(state *s, action a);

/* A legal action for the view's seat, which must be the seat to move. */
action bot_choose(bot *b, const view *v);

#endif
