/*
 * arith.h — integer arithmetic without undefined behaviour.
 *
 * Scores, totals and counters are 64-bit; an overflow stops at the limit
 * (saturates) instead of wrapping round, so a huge score stays huge and
 * keeps its sign.  x / 0 and x % 0 are 0.
 */
#ifndef CARDRULES_ARITH_H
#define CARDRULES_ARITH_H

#include <stdint.h>

static inline int64_t arith_add(int64_t a, int64_t b)
{
	int64_t r;
	if (__builtin_add_overflow(a, b, &r))
		return a > 0 ? INT64_MAX : INT64_MIN;
	return r;
}

static inline int64_t arith_sub(int64_t a, int64_t b)
{
	int64_t r;
	if (__builtin_sub_overflow(a, b, &r))
		return a >= 0 ? INT64_MAX : INT64_MIN;
	return r;
}

static inline int64_t arith_mul(int64_t a, int64_t b)
{
	int64_t r;
	if (__builtin_mul_overflow(a, b, &r))
		return (a < 0) != (b < 0) ? INT64_MIN : INT64_MAX;
	return r;
}

/* Truncates toward zero; INT64_MIN / -1 saturates. */
static inline int64_t arith_div(int64_t a, int64_t b)
{
	if (b == 0)
		return 0;
	if (b == -1)
		return a == INT64_MIN ? INT64_MAX : -a;
	return a / b;
}

/* The sign follows the dividend, as in C. */
static inline int64_t arith_mod(int64_t a, int64_t b)
{
	if (b == 0 || b == -1)
		return 0;
	return a % b;
}

static inline int64_t arith_neg(int64_t a)
{
	return a == INT64_MIN ? INT64_MAX : -a;
}

#endif
