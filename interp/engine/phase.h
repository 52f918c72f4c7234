/*
 * phase.h — phase kinds: the steps a deal is made of, behind one interface.
 *
 * A deal runs its phases in order.  Each kind of phase (pass, tricks,
 * choose, ...) is one module that fills in one phase_kind_def, registered
 * in the table of phase.c; the engine (engine.c) calls phases only through
 * that table, and phases never call back into the engine: apply() says
 * whether the phase goes on or has ended, and the engine moves on.
 *
 * A new kind is one new file with its phase_kind_def, one row in the table
 * of phase.c, its keys in the schema table (lang/schema.c) and its section
 * in docs/format.md and docs/engine.md.
 */
#ifndef CARDRULES_PHASE_H
#define CARDRULES_PHASE_H

#include <stddef.h>
#include <stdio.h>

#include "engine/build.h"
#include "engine/state.h"
#include "engine/tale.h"
#include "engine/vars.h"

typedef enum phase_step {
	PHASE_GOES_ON,
	PHASE_ENDS,
	PHASE_REDEAL,                   /* the deal is thrown in: deal again */
	PHASE_STUCK,                    /* no legal action is left: the match
					   stops with FAULT_NO_MOVE */
} phase_step;

typedef struct phase_kind_def {
	const char *name;               /* its key in a rule file */
	/* Compiles the phase's checked mapping (build.h). */
	void (*build)(builder *b, const node *body, phase *p);
	/* The counts it needs at this table; false with a reason. */
	bool (*setup)(state *s, const phase *p, int index, char *why,
		      size_t size);
	/* Starts the phase; false when it has nothing to do (skipped). */
	bool (*enter)(state *s, const phase *p);
	/* The legal actions of the seat to move, sorted; how many. */
	int (*legal)(const state *s, const phase *p, action *out);
	/* The legal cards, for phases whose actions are single cards; NULL
	 * otherwise.  The fast path of playouts and the text loop's hints. */
	cardset (*legal_cards)(const state *s, const phase *p);
	/* Whether action a is legal, for kinds whose list keeps one of
	 * several actions that play alike (a double trick's pairs of
	 * copies); NULL: a is legal when it is listed. */
	bool (*is_legal)(const state *s, const phase *p, const action *a);
	/* Applies a legal action. */
	phase_step (*apply)(state *s, const phase *p, const action *a);
	/* Random legal actions until the phase ends, each seat drawing from
	 * its own generator r->seat[seat]; NULL: one random legal action at
	 * a time. */
	phase_step (*playout)(state *s, const phase *p, const seat_rngs *r);
	/* Hides from seat's copy `v` what the phase keeps secret (others'
	 * choices in progress); NULL: the phase keeps nothing secret. */
	void (*hide)(const state *s, const phase *p, int seat, state *v);
	/* The decision due, for prompts and transcripts. */
	action_prompt (*prompt)(const state *s, const phase *p);
	/* The words of a decision's actions (without the verb): "QS",
	 * "3C QS 2H", "120 undenufe". */
	void (*words)(const state *s, const phase *p, const action *a, int n,
		      char *buf, size_t size);
	/* Reads a decision from its words (the verb already taken off):
	 * up to ACTIONS_MAX actions into out, their number into *n; false
	 * with one line of explanation when the words name no decision. */
	bool (*parse)(const state *s, const phase *p, char *const *word,
		      int nword, action *out, int *n, char *err, size_t size);
	/* The phase's rules in sentences, for `cardrules explain`. */
	void (*explain)(FILE *out, const game *g, const phase *p);
	/* Why the seat to move may not take action a now, in words. */
	void (*why_illegal)(const state *s, const phase *p, const action *a,
			    char *buf, size_t size);

	/* What bots may know of a move without searching; NULL: nothing. */
	move_hint (*hint)(const state *s, const phase *p, const action *a);
	/* The legal actions that spend nothing a player keeps for when
	 * stuck (move_hint.spends), or all of them when each does; NULL:
	 * the legal list.  A faster list for playouts. */
	int (*legal_saving)(const state *s, const phase *p, action *out);
	/* How far the deal has got toward the phase's goal, into *out, for
	 * search bots; false when the phase measures nothing. */
	bool (*progress)(const state *s, const phase *p, int64_t *out);

	/* Its words at the table (tale.h), each NULL when it has none. */
	/* What `seat` did with a[0..n) in `before`, leading to `after`, and
	 * what followed in the phase (a pass given, a vote turned up); in
	 * news[q], what seat q alone learns.  NULL: "seat N: WORDS". */
	void (*narrate)(const state *before, const state *after,
			const phase *p, int seat, const action *a, int n,
			const audience *who, tale *out, tale *news);
	/* The words before a decision, after the hand (the bid to beat);
	 * true when they are all the prompt shows (no table, no list). */
	bool (*context)(const state *s, const phase *p, const audience *who,
			tale *out);
	/* What lies on the table now (a trick, a double trick). */
	void (*table)(const state *s, const phase *p, const audience *who,
		      tale *out);
	/* What phase p, the deal's `index`th, has decided (a suit). */
	void (*decided)(const state *s, const phase *p, int index, tale *out);
	/* Lines of the text loop's help: how its decisions are typed. */
	void (*help)(const game *g, const phase *p, tale *out);
	/* The trumps of its tricks, as far as they are known in s (the
	 * phase being `index`), and their order of power; false when it
	 * plays no tricks. */
	bool (*trumps)(const state *s, const phase *p, int index,
		       cardset *out, const uint8_t **power);
	/* It turns up the tops of place k's piles (a tableau). */
	bool (*reveals)(const phase *p, int k);
	/* Its places are the board, drawn before each decision. */
	bool board;
} phase_kind_def;

extern const phase_kind_def phase_pass, phase_tricks, phase_choose,
	phase_auction, phase_vote, phase_double, phase_layout;

/* The cards of vote phase p in the order they are turned up, from the
 * cards laid (state.passing) and the place `with`; how many. */
int vote_reveal_order(const state *s, const phase *p, card_id *out);

/* The definition of a kind, and the kind named `name` (or -1). */
const phase_kind_def *phase_def(phase_kind kind);
int phase_kind_named(const char *name);

/* A uniformly random member of a set: one popcount per word, then the
 * k-th card.  CARD_NONE for the empty set. */
static inline card_id phase_random_card(cardset set, rng *r)
{
	int count[CSET_WORDS], n = 0;
	for (int i = 0; i < CSET_WORDS; i++)
		n += count[i] = set.w[i] ? __builtin_popcountll(set.w[i]) : 0;
	if (n == 0)
		return CARD_NONE;
	int k = (int)rng_below(r, (uint32_t)n), i = 0;
	while (k >= count[i])
		k -= count[i++];
	return (card_id)(i * 64 + cset_word_nth(set.w[i], k));
}

/* A seat expression in words: "left(dealer)" is "the player on the
 * dealer's left"; one not recognised is quoted as written. */
const char *phase_seat_words(const expr *e, char *buf, size_t size);

/* Secret choices of cards (a pass, a vote): each seat in turn from the
 * dealer's next seat chooses up to n cards into state.passing, hidden from
 * the others until all have chosen.  Start sets the round up; add records
 * the current seat's card and moves on, true once every seat is done; hide
 * is a phase's `hide`. */
void phase_secret_start(state *s, int n);
bool phase_secret_add(state *s, card_id c);
void phase_secret_hide(const state *s, const phase *p, int seat, state *v);
/* The words of a secret round: its decision (`verb`, the cards still to
 * choose), read from words (among `first` first, as phase_parse_cards),
 * and why action a is refused: "it is time to TASK", a card not held,
 * one chosen already; false when none of these is the reason. */
action_prompt phase_secret_prompt(const state *s, const char *verb);
bool phase_secret_parse(const state *s, const char *verb, cardset first,
			char *const *word, int nword, action *out, int *n,
			char *err, size_t size);
bool phase_secret_why_illegal(const state *s, const action *a,
			      const char *task, char *buf, size_t size);
/* The cards of the seat to move not chosen yet, as a set and as actions. */
cardset phase_secret_legal_cards(const state *s, const phase *p);
int phase_secret_legal(const state *s, const phase *p, action *out);

/* What the table knows of hands as cards move (state.shown, pinned,
 * untraced): cards that have gone into a seat's hand, those of them all
 * have seen staying known there; cards leaving it face down, passed or
 * laid in a place, after which nobody else can tell which of its shown
 * cards it kept. */
void phase_hand_gets(state *s, int seat, cardset cards, cardset seen);
void phase_hand_hides(state *s, int seat, cardset cards, bool laid);

/* The legal cards of a card phase as actions. */
int phase_cards_as_actions(cardset cards, action *out);

/* Card phases' words: the cards' names, and cards read from their names
 * (exactly `want` of them, each held by the seat to move; a rank alone
 * names the only such card, among `legal` first). */
void phase_cards_words(const state *s, const phase *p, const action *a,
		       int n, char *buf, size_t size);
bool phase_parse_cards(const state *s, const char *verb, int want,
		       cardset legal, char *const *word, int nword,
		       action *out, int *n, char *err, size_t size);

#endif
