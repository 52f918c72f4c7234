/*
 * cardset.c — the processor's popcount and bit deposit, looked for once
 * at start-up.
 */
#include "cards/cardset.h"

#if defined(__x86_64__)
#include <cpuid.h>
#endif

bool cset_popcnt;
bool cset_pdep;

#if !defined(__POPCNT__) && (defined(__x86_64__) || defined(__i386__))
/* Before main, and so before any set is counted; a constructor must
 * initialise the CPU model itself. */
static __attribute__((constructor)) void find_popcnt(void)
{
	__builtin_cpu_init();
	cset_popcnt = __builtin_cpu_supports("popcnt");
}
#endif

#if !defined(__BMI2__) && defined(__x86_64__)
/* The processor's family as cpuid gives it (base plus extended). */
static unsigned cpu_family(void)
{
	unsigned a, b, c, d;
	if (!__get_cpuid(1, &a, &b, &c, &d))
		return 0;
	unsigned base = a >> 8 & 0xf;
	return base == 0xf ? base + (a >> 20 & 0xff) : base;
}

/* pdep is microcode on AMD's processors before Zen 3 (family 0x19):
 * tens of cycles, more than the loop it replaces. */
static __attribute__((constructor)) void find_pdep(void)
{
	__builtin_cpu_init();
	cset_pdep = __builtin_cpu_supports("bmi2") &&
		    (!__builtin_cpu_is("amd") || cpu_family() >= 0x19);
}
#endif
