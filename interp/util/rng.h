/*
 * rng.h — the one pseudo-random generator of cardrules.
 *
 * xoshiro256** seeded through splitmix64.  The same seed gives the same
 * numbers on every machine: only fixed-width integer arithmetic is used, and
 * rng_below() is unbiased (Lemire's multiply-and-reject), so a shuffle does
 * not depend on the platform's RAND_MAX or modulo behaviour.
 */
#ifndef CARDRULES_RNG_H
#define CARDRULES_RNG_H

#include <stdint.h>

typedef struct rng {
	uint64_t s[4];
} rng;

/* Seeds a generator.  Distinct (seed, stream) pairs give independent
 * sequences: the shuffle of deal k uses stream k, a bot uses its own. */
void rng_seed(rng *r, uint64_t seed, uint64_t stream);

static inline uint64_t rng_rotl(uint64_t x, int k)
{
	return (x << k) | (x >> (64 - k));
}

static inline uint64_t rng_next(rng *r)
{
	uint64_t *s = r->s;
	uint64_t result = rng_rotl(s[1] * 5, 7) * 9;
	uint64_t t = s[1] << 17;
	s[2] ^= s[0];
	s[3] ^= s[1];
	s[1] ^= s[2];
	s[0] ^= s[3];
	s[2] ^= t;
	s[3] = rng_rotl(s[3], 45);
	return result;
}

/* A uniform integer in [0, n); n must be at least 1. */
static inline uint32_t rng_below(rng *r, uint32_t n)
{
	uint64_t m = (uint64_t)(uint32_t)(rng_next(r) >> 32) * n;
	uint32_t low = (uint32_t)m;
	if (low < n) {
		uint32_t threshold = (uint32_t)(-n) % n;
		while (low < threshold) {
			m = (uint64_t)(uint32_t)(rng_next(r) >> 32) * n;
			low = (uint32_t)m;
		}
	}
	return (uint32_t)(m >> 32);
}

/* Fisher-Yates shuffle of n bytes, the only shuffle used for deals. */
void rng_shuffle(rng *r, uint8_t *items, int n);

#endif
