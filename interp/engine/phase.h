/*
 * phase.h — phase kinds: the steps a deal is made of, behind one interface.
 *
 * A deal runs its phases in order.  Each kind of phase (pass, tricks,
 * choose, ...) is one module that fills in one phase_kind_def, registered
 * in the table of phase.c; the engine (engine.c) calls phases only through
 * that table, and phases never call back into the engine: apply() says
 * whether the phase goes on or has ended, and the engine moves on.
 *
 * A kind keeps its state of the deal in its room: its slot of state.room,
 * a struct of its own file that no other file reads, reached through a
 * typed accessor of that file over phase_room(); its `reset` clears the
 * room as each deal starts.  What it decides for the rest of the deal is
 * an output: the common outputs of state.h (the declarer, the contract,
 * the last double trick), written through the functions below, or a
 * state_* getter it exports through engine.h (a layout's `solved`).  The
 * names expressions read from it are declared by its `declare` (and by
 * its `build`, for names its keys give).
 *
 * A new kind touches:
 *   - one new file, interp/engine/KIND.c: its room (asserting that it
 *     fits in PHASE_ROOM_SIZE) and its phase_kind_def, whose operations
 *     also say what the build checks across phases (check, hand_cards,
 *     empties_hands, ends_deal);
 *   - one row in the table of phase.c, with its extern declaration;
 *   - game.h: its value in enum phase_kind, and its compiled spec in the
 *     union of struct phase;
 *   - lang/schema.c: its keys (phase_kinds);
 *   - its sections in docs/format.md and docs/engine.md, and the
 *     regenerated schema files (docs/architecture.md, "Where to add");
 *   - engine.h only when front ends read something of it (a getter).
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

	/* ---- compiling ---- */
	/* Compiles the phase's checked mapping (build.h). */
	void (*build)(builder *b, const node *body, phase *p);
	/* Declares the names expressions read from the kind (getters over
	 * its room or its outputs) in every game's deal scope; NULL: none. */
	bool (*declare)(expr_scope *sc);
	/* Checks what needs the whole file compiled (the scoring's hooks);
	 * NULL: nothing. */
	void (*check)(builder *b, const phase *p, const node *body);
	/* The cards the phase asks of each hand, checked against the hand
	 * at every player count; NULL: none. */
	const count_spec *(*hand_cards)(const phase *p);
	/* Whether the phase always plays the hands out, so that a later
	 * phase can ask nothing of them; NULL: it never does. */
	bool (*empties_hands)(const phase *p);
	/* A deal needs a phase of such a kind to end: it plays the cards
	 * (or the layout) out. */
	bool ends_deal;

	/* ---- playing ---- */
	/* The counts it needs at this table (into state.phase_count[index]
	 * when it keeps one), for the deal whose hand is state.hand_size:
	 * called as a match is set up and as each deal starts, since a
	 * count may read `deal`; false with a reason. */
	bool (*setup)(state *s, const phase *p, int index, char *why,
		      size_t size);
	/* Clears the kind's room as a deal starts; NULL: it has none. */
	void (*reset)(state *s);
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
	/* One uniformly random legal action, the member of the sorted list
	 * that rng_below(r, its length) names, found without the list;
	 * ACT_NONE when there is none.  NULL: drawn from the list. */
	action (*random_action)(const state *s, const phase *p, rng *r);
	/* For kinds whose every legal action lays `n` cards of the hand of
	 * the seat to move together, any n of its cards (a double trick's
	 * pairs, copies alike): n, and the faces allowed now into *faces
	 * (LAY_UP, LAY_DOWN); NULL: not such a kind.  Bots choose such
	 * cards from the hand, without the list of every pair. */
	int (*lays_together)(const state *s, const phase *p, unsigned *faces);
	/* Applies a legal action. */
	phase_step (*apply)(state *s, const phase *p, const action *a);
	/* Random legal actions until the phase ends, each seat drawing from
	 * its own generator r->seat[seat]; NULL: one random legal action at
	 * a time. */
	phase_step (*playout)(state *s, const phase *p, const seat_rngs *r);
	/* Cards chosen by `choose` from those legal_cards() gives, each
	 * with the state as apply() would leave it, until the phase ends or
	 * the seat to move decides by more than a card (PHASE_GOES_ON);
	 * NULL: one card at a time through apply(). */
	phase_step (*play_chosen)(state *s, const phase *p,
				  card_chooser choose, void *ctx);
	/* Hides from seat's copy `v` what the phase keeps secret (others'
	 * choices in progress); NULL: the phase keeps nothing secret. */
	void (*hide)(const state *s, const phase *p, int seat, state *v);
	/* How many cards `seat` has chosen in secret so far (state.passing),
	 * which a view keeps so that a sample can guess them; NULL: none. */
	int (*chosen)(const state *s, int seat);

	/* ---- words ---- */
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
	/* What the rules advise a search about legal action a (a layout
	 * move's `safe` or `last-resort`); NULL: nothing. */
	move_advice (*advice)(const state *s, const phase *p, const action *a);
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
	 * news[q], what seat q alone learns.  NULL: "Seat N: WORDS". */
	void (*narrate)(const state *before, const state *after,
			const phase *p, int seat, const action *a, int n,
			const audience *who, tale *out, tale *news);
	/* What the table learns as the phase begins (who sits it out),
	 * after the move that led to it. */
	void (*opening)(const state *s, const phase *p, const audience *who,
			tale *out);
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
	 * phase being `index`), and their order of power (order[CARD_MAX],
	 * 1 = lowest); false when it
	 * plays no tricks. */
	bool (*trumps)(const state *s, const phase *p, int index,
		       cardset *out, uint8_t *order);
	/* It turns up the tops of place k's piles (a tableau). */
	bool (*reveals)(const phase *p, int k);
	/* Its places are the board, drawn before each decision. */
	bool board;
} phase_kind_def;

/* A kind's room, for the typed accessors of its own file. */
static inline void *phase_room(state *s, phase_kind kind)
{
	return s->room[kind];
}

static inline const void *phase_room_of(const state *s, phase_kind kind)
{
	return s->room[kind];
}

/* The deal's outputs (state.h), written only through these: the
 * declarer; the contract, cleared as an auction starts, then its bid,
 * its denomination (-1: none), a double and a redouble; a dummy; the
 * last double trick. */
static inline void phase_declare(state *s, int seat)
{
	s->declarer = (int8_t)seat;
}

/* Whether the getter fn reads the contract alone (its bid, its
 * denomination, its trumps): no trick changes it (auction.c). */
bool phase_contract_getter(expr_getter_fn fn);

static inline void phase_contract_clear(state *s)
{
	s->bid = 0;
	s->denom = -1;
	s->doubled = 0;
	s->declarer = -1;
}

/* A new bid stands undoubled. */
static inline void phase_contract_bid(state *s, int bid)
{
	s->bid = (int16_t)bid;
	s->doubled = 0;
}

static inline void phase_contract_denom(state *s, int denom)
{
	s->denom = (int8_t)denom;
}

static inline void phase_contract_double(state *s)
{
	s->doubled = 1;
}

static inline void phase_contract_redouble(state *s)
{
	s->doubled = 2;
}

/* Seat `seat`'s hand is played by seat `by` (a dummy): `by` decides
 * when `seat` is to move. */
static inline void phase_dummy(state *s, int seat, int by)
{
	s->dummy = (int8_t)seat;
	s->dummy_by = (int8_t)by;
}

/* The deal's last double trick, which the double trick resolving fills
 * in place (a copy of the record cost more than filling it). */
static inline double_record *phase_double_record(state *s)
{
	return &s->last_double;
}

/* The definition of a kind, and the kind named `name` (or -1). */
const phase_kind_def *phase_def(phase_kind kind);
int phase_kind_named(const char *name);

/* A uniformly random member of a set: one popcount per word, then the
 * k-th card.  CARD_NONE for the empty set. */
static inline card_id phase_random_card(cardset set, rng *r)
{
	_Static_assert(CSET_WORDS == 2, "a set is two words");
	int low = cset_word_count(set.w[0]);
	int n = low + cset_word_count(set.w[1]);
	if (n == 0)
		return CARD_NONE;
	int k = (int)rng_below(r, (uint32_t)n);
	return (card_id)(k < low ? cset_word_nth(set.w[0], k)
				 : 64 + cset_word_nth(set.w[1], k - low));
}

/* A count given by an expression, with its noun: "3 cards", "1 card",
 * or the expression quoted ("`n` cards") when it is not a number. */
const char *phase_count_words(const expr *e, const char *noun, char *buf,
			      size_t size);

/* A count as explain says it: a number as it is ("2"), an expression
 * quoted ("`4 * players`"), or one given by the number of players. */
const char *phase_number_words(const count_spec *c, char *buf, size_t size);

/* The cards a call or a choice shows, in words: "1 of the queens of
 * clubs", "all of `QC`", or their words alone when all are shown ("the
 * queens of clubs"). */
const char *phase_shown_words(const card_show *sh, char *buf, size_t size);

/* A seat expression in words: its `says`, or "left(dealer)" is "the
 * player on the dealer's left" (formula_seat_words); one not recognised
 * is quoted as written.  The first seat of a round given by `from`, or
 * by default the dealer's next seat in the direction of play. */
const char *phase_seat_words(const expr *e, char *buf, size_t size);
const char *phase_first_seat_words(const game *g, const expr *from,
				   char *buf, size_t size);

/* A round of turns (choose, calls): each seat for which `who` holds
 * (NULL: every seat) acts once, in the direction of play from the first
 * seat, `from`'s (NULL: the dealer's next seat).  The first seat; the
 * next turn's position in the round from position pos, its seat made the
 * one to move (-1, and nobody, when the round is over). */
int phase_round_first(const state *s, const expr *from);
int phase_round_turn(state *s, int first, const expr *who, int pos);

/* Secret choices of cards (a pass, a vote): each seat in turn from the
 * dealer's next seat chooses up to n cards into state.passing, hidden from
 * the others until all have chosen.  Start sets the round up; add records
 * the current seat's card and moves on, true once every seat is done; hide
 * is a phase's `hide`. */
void phase_secret_start(state *s, int n);
bool phase_secret_add(state *s, card_id c);

/* The seat that chooses after `seat` in the round (-1: every seat has
 * chosen): as phase_secret_add moves on once seat's cards are in. */
int phase_secret_next(const state *s, int seat);
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
/* A kind's `chosen` for a secret round: the cards chosen so far. */
int phase_secret_chosen(const state *s, int seat);
/* The cards of the seat to move not chosen yet, as a set and as actions. */
cardset phase_secret_legal_cards(const state *s, const phase *p);
int phase_secret_legal(const state *s, const phase *p, action *out);

/* What the table knows of hands as cards move (state.shown, pinned,
 * untraced): cards that have gone into a seat's hand, those of them all
 * have seen staying known there; cards leaving it face down, passed or
 * laid in a place, after which nobody else can tell which of its shown
 * cards it kept. */
void phase_hand_gets(state *s, int seat, cardset cards, cardset seen);

/* The cards `sh` has `seat` show (the first ids of its cards in the hand
 * not shown yet): one copy of a card says no more than another. */
cardset phase_cards_shown(const state *s, int seat, const card_show *sh);

/* Shows them: known to every seat in that hand until played. */
void phase_show(state *s, int seat, const card_show *sh);
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
