/* rng.c — xoshiro256** (Blackman and Vigna), seeded with splitmix64. */
#include "util/rng.h"

static uint64_t splitmix64(uint64_t *x)
{
	uint64_t z = (*x += UINT64_C(0x9e3779b97f4a7c15));
	z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
	z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
	return z ^ (z >> 31);
}

void rng_seed(rng *r, uint64_t seed, uint64_t stream)
{
	uint64_t x = seed ^ (stream * UINT64_C(0xd1b54a32d192ed03));
	for (int i = 0; i < 4; i++)
		r->s[i] = splitmix64(&x);
}

void rng_shuffle(rng *r, uint8_t *items, int n)
{
	for (int i = n - 1; i > 0; i--) {
		int j = (int)rng_below(r, (uint32_t)i + 1);
		uint8_t t = items[i];
		items[i] = items[j];
		items[j] = t;
	}
}
