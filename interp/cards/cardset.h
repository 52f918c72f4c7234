/*
 * cardset.h — fixed-size sets of card ids.
 *
 * A card is a small integer indexing the physical deck (two copies of one
 * card are two ids).  A set is a bitset of CARD_MAX bits, copied by value;
 * every operation is branch-light and allocation-free, because the engine's
 * hot path is made of them.  Iteration is in ascending id order.
 */
#ifndef CARDRULES_CARDSET_H
#define CARDRULES_CARDSET_H

#include <stdbool.h>
#include <stdint.h>

#define CARD_MAX 128            /* largest deck a rule file may describe */
#define CARD_NONE 255           /* "no card": the result of lowest({}) etc. */
#define CSET_WORDS (CARD_MAX / 64)

typedef uint8_t card_id;

typedef struct cardset {
	uint64_t w[CSET_WORDS];
} cardset;

static inline cardset cset_empty(void)
{
	cardset s = {{0}};
	return s;
}

static inline cardset cset_of(card_id c)
{
	cardset s = {{0}};
	s.w[c >> 6] = UINT64_C(1) << (c & 63);
	return s;
}

/* The set {0, 1, ..., n-1}: a whole deck of n cards. */
static inline cardset cset_first_n(int n)
{
	cardset s = {{0}};
	for (int i = 0; i < CSET_WORDS; i++) {
		int lo = i * 64;
		if (n >= lo + 64)
			s.w[i] = ~UINT64_C(0);
		else if (n > lo)
			s.w[i] = (UINT64_C(1) << (n - lo)) - 1;
	}
	return s;
}

static inline bool cset_has(cardset s, card_id c)
{
	return c < CARD_MAX && (s.w[c >> 6] >> (c & 63)) & 1;
}

static inline void cset_add(cardset *s, card_id c)
{
	s->w[c >> 6] |= UINT64_C(1) << (c & 63);
}

static inline void cset_del(cardset *s, card_id c)
{
	s->w[c >> 6] &= ~(UINT64_C(1) << (c & 63));
}

static inline cardset cset_or(cardset a, cardset b)
{
	for (int i = 0; i < CSET_WORDS; i++)
		a.w[i] |= b.w[i];
	return a;
}

static inline cardset cset_and(cardset a, cardset b)
{
	for (int i = 0; i < CSET_WORDS; i++)
		a.w[i] &= b.w[i];
	return a;
}

/* a minus b */
static inline cardset cset_minus(cardset a, cardset b)
{
	for (int i = 0; i < CSET_WORDS; i++)
		a.w[i] &= ~b.w[i];
	return a;
}

static inline bool cset_is_empty(cardset s)
{
	uint64_t any = 0;
	for (int i = 0; i < CSET_WORDS; i++)
		any |= s.w[i];
	return any == 0;
}

static inline bool cset_eq(cardset a, cardset b)
{
	uint64_t diff = 0;
	for (int i = 0; i < CSET_WORDS; i++)
		diff |= a.w[i] ^ b.w[i];
	return diff == 0;
}

/* True when every card of a is in b. */
static inline bool cset_subset(cardset a, cardset b)
{
	return cset_is_empty(cset_minus(a, b));
}

static inline bool cset_meets(cardset a, cardset b)
{
	return !cset_is_empty(cset_and(a, b));
}

/* Whether the processor counts bits in one instruction: worked out once
 * as the program starts (cardset.c), so that one binary runs on every
 * x86-64 machine and uses the instruction where there is one. */
extern bool cset_popcnt;

/* The bits set in w.  The default x86-64 target has no popcount
 * instruction, and there __builtin_popcountll is a call into libgcc:
 * where the processor has it, the instruction is used all the same
 * (a well-predicted test of cset_popcnt), else the same count done
 * inline by halves, a dozen instructions and no call.  A build for a
 * processor that has the instruction uses it alone. */
static inline int cset_word_count(uint64_t w)
{
#if defined(__POPCNT__) || !(defined(__x86_64__) || defined(__i386__))
	return __builtin_popcountll(w);
#else
	if (__builtin_expect(cset_popcnt, 1)) {
		uint64_t n;
		__asm__("popcntq %1, %0" : "=r"(n) : "rm"(w));
		return (int)n;
	}
	w -= (w >> 1) & UINT64_C(0x5555555555555555);
	w = (w & UINT64_C(0x3333333333333333)) +
	    ((w >> 2) & UINT64_C(0x3333333333333333));
	w = (w + (w >> 4)) & UINT64_C(0x0f0f0f0f0f0f0f0f);
	return (int)((w * UINT64_C(0x0101010101010101)) >> 56);
#endif
}

/* Empty words are skipped: most decks fit in the first one. */
static inline int cset_count(cardset s)
{
	int n = 0;
	for (int i = 0; i < CSET_WORDS; i++)
		if (s.w[i])
			n += cset_word_count(s.w[i]);
	return n;
}

/* Lowest id in s, or CARD_NONE when s is empty. */
static inline card_id cset_first(cardset s)
{
	for (int i = 0; i < CSET_WORDS; i++)
		if (s.w[i])
			return (card_id)(i * 64 + __builtin_ctzll(s.w[i]));
	return CARD_NONE;
}

/* Lowest id in s that is greater than c, or CARD_NONE. */
static inline card_id cset_next(cardset s, card_id c)
{
	int from = c + 1, i = from >> 6;
	if (i >= CSET_WORDS)
		return CARD_NONE;
	uint64_t w = s.w[i] & ~UINT64_C(0) << (from & 63);  /* above c */
	while (!w) {
		if (++i == CSET_WORDS)
			return CARD_NONE;
		w = s.w[i];
	}
	return (card_id)(i * 64 + __builtin_ctzll(w));
}

/* Whether the processor deposits bits (BMI2's pdep) in a few cycles:
 * set once at start-up, as cset_popcnt.  Processors that have the
 * instruction but run it slowly (AMD's before Zen 3) do without. */
extern bool cset_pdep;

/* The k-th lowest set bit of w (k from 0; w has more than k bits).
 * Clearing the bits below it one at a time ends in a branch that a
 * random k mispredicts; pdep puts bit k of a word with k + 1 bits set
 * where the k-th bit of w lies, with no loop. */
static inline int cset_word_nth(uint64_t w, int k)
{
#if defined(__BMI2__) && defined(__x86_64__)
	return __builtin_ctzll(__builtin_ia32_pdep_di(UINT64_C(1) << k, w));
#else
#if defined(__x86_64__)
	if (__builtin_expect(cset_pdep, 1)) {
		uint64_t bit;
		__asm__("pdepq %2, %1, %0" : "=r"(bit)
			: "r"(UINT64_C(1) << k), "rm"(w));
		return __builtin_ctzll(bit);
	}
#endif
	while (k-- > 0)
		w &= w - 1;
	return __builtin_ctzll(w);
#endif
}

/* The k-th lowest id in s (k from 0), or CARD_NONE when s has k or fewer. */
static inline card_id cset_nth(cardset s, int k)
{
	for (int i = 0; i < CSET_WORDS; i++) {
		if (!s.w[i])
			continue;
		int n = cset_word_count(s.w[i]);
		if (k < n)
			return (card_id)(i * 64 + cset_word_nth(s.w[i], k));
		k -= n;
	}
	return CARD_NONE;
}


/* The ids of s in ascending order into out[]; returns how many. */
static inline int cset_to_array(cardset s, card_id *out)
{
	int n = 0;
	for (int i = 0; i < CSET_WORDS; i++)
		for (uint64_t w = s.w[i]; w; w &= w - 1)
			out[n++] = (card_id)(i * 64 + __builtin_ctzll(w));
	return n;
}

#define CSET_FOREACH(c, set) \
	for (card_id c = cset_first(set); c != CARD_NONE; c = cset_next(set, c))

#endif
