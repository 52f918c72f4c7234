/*
 * deck.h — the physical deck and the card notation.
 *
 * A card has two names.  Its *id* indexes the physical deck: two copies of
 * the ace of spades are two ids, and the engine's card sets are sets of ids.
 * Its *face* is what is printed on it (suit and rank, or joker): both aces
 * of spades have the face AS and are written "AS" (or "AS#2" where copies
 * must be told apart).  Rule files and expressions speak of faces; a face
 * used as a set means all ids that carry it.
 *
 * Ids are assigned once for the largest deck the rule file can ask for, in
 * the order copy, suit (as listed), rank (as listed, low to high), then
 * jokers.  A smaller table uses a prefix of the suit-sets (deck_in_play), so
 * one compiled game serves every player count.
 */
#ifndef CARDRULES_DECK_H
#define CARDRULES_DECK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "cards/cardset.h"

#define SUIT_MAX 6              /* S H D C and TENNOS's X L */
#define RANK_MAX 13             /* 2 .. 10 J Q K A */
#define DECK_JOKER SUIT_MAX     /* suit index of a joker */

/* A face: suit * RANK_MAX + rank, or FACE_JOKER.  FACE_NONE is "no card". */
typedef uint8_t card_face;
#define FACE_JOKER ((card_face)(SUIT_MAX * RANK_MAX))
#define FACE_NONE ((card_face)255)
#define DECK_FACES (FACE_JOKER + 1)     /* the faces a card may have */

typedef struct deck {
	int nsuits;
	char suit[SUIT_MAX];            /* suit codes in rule-file order */
	int nranks;
	const char *rank[RANK_MAX];     /* rank codes low to high: "2".."10","J".. */
	int ncards;                     /* ids 0 .. ncards-1 */
	int njokers;
	card_face face[CARD_MAX];
	uint8_t suit_of[CARD_MAX];      /* index into suit[], DECK_JOKER */
	uint8_t rank_of[CARD_MAX];      /* index into rank[]; 0 for jokers */
	uint8_t copy_of[CARD_MAX];      /* 1-based */
	cardset all;
	cardset jokers;
	cardset by_suit[SUIT_MAX];
	cardset by_rank[RANK_MAX];
	cardset by_face[DECK_FACES];
	int suitsets_per_copy;          /* = nsuits */
	int8_t partner[SUIT_MAX];       /* each suit's partner suit; -1 */
	const char *suit_name[SUIT_MAX];        /* the game's names; NULL */
} deck;

/* The suit and rank codes of the notation, in the order they are usually
 * listed.  deck_suit_code() returns -1 for an unknown letter. */
extern const char deck_suit_codes[SUIT_MAX + 1];        /* "SHDCXL" */
extern const char *const deck_rank_codes[RANK_MAX];     /* "2".."A" */

/* Builds a deck of `copies` full decks of suits x ranks plus `jokers`.
 * suits[] are suit letters, ranks[] rank codes low to high.  Returns false
 * (and writes a reason) when the deck would exceed CARD_MAX cards. */
bool deck_build(deck *d, const char *suits, int nsuits,
		const char *const *ranks, int nranks, int copies, int jokers,
		char *why, size_t why_size);

/* How many suit-sets the deck has: its suits times its copies. */
int deck_suitsets(const deck *d);

/* The ids in play when `suitsets` suit-sets of the deck are used (a
 * suit-set is the ranks of one suit of one copy), plus all jokers. */
cardset deck_in_play(const deck *d, int suitsets);

/* The index of suit letter / rank code in this deck, or -1. */
int deck_suit_index(const deck *d, char code);
int deck_rank_index(const deck *d, const char *code, size_t len);

/* Notation -> face.  Accepts "QS", "10h", "TH", "JK", "JK2", and a copy
 * suffix "#n" (stored in *copy, 0 when absent).  Returns one of: */
enum deck_parse_result {
	DECK_PARSE_OK,
	DECK_PARSE_SYNTAX,      /* not card notation at all */
	DECK_PARSE_NO_SUIT,     /* notation fine, but the deck lacks the suit */
	DECK_PARSE_NO_RANK,
	DECK_PARSE_NO_JOKER,
	DECK_PARSE_NO_COPY,     /* "#n" beyond the copies in the deck */
};
enum deck_parse_result deck_parse_face(const deck *d, const char *text,
				       size_t len, card_face *face, int *copy);

/* True when text is card notation (whatever the deck); PCRE2-based. */
bool deck_is_card_notation(const char *text, size_t len);

/* Writes the face's notation ("QS", "10H", "JK") into buf (>= 8 bytes). */
const char *deck_face_name(const deck *d, card_face f, char *buf);
/* The id's notation; with_copy adds "#n" when the deck has copies. */
const char *deck_card_name(const deck *d, card_id c, bool with_copy, char *buf);

/* An id in `among` with the face, preferring copy `copy` when nonzero;
 * CARD_NONE when there is none. */
card_id deck_find(const deck *d, cardset among, card_face face, int copy);

static inline card_face face_make(int suit, int rank)
{
	return (card_face)(suit * RANK_MAX + rank);
}

/* Releases the compiled notation pattern (at exit, for leak checkers). */
void deck_cleanup(void);

#endif
