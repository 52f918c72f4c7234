/*
 * cardset.c — the processor's popcount, looked for once at start-up.
 */
#include "cards/cardset.h"

bool cset_popcnt;

#if !defined(__POPCNT__) && (defined(__x86_64__) || defined(__i386__))
/* Before main, and so before any set is counted; a constructor must
 * initialise the CPU model itself. */
static __attribute__((constructor)) void find_popcnt(void)
{
	__builtin_cpu_init();
	cset_popcnt = __builtin_cpu_supports("popcnt");
}
#endif
