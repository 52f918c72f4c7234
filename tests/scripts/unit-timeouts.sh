#!/bin/bash
# No unit test has a time limit: on a loaded machine a test is slow, not
# wrong.  A run told to allow a microsecond still passes, and no test
# sets a limit of its own.
. "$(dirname "$0")/lib.sh"
unit=$(dirname "$CARDRULES")/tests/unit/check_cardset
[ -x "$unit" ] || fail "$unit is not built"
CK_FORK=yes CK_DEFAULT_TIMEOUT=0.000001 CK_TIMEOUT_MULTIPLIER=0.000001 "$unit" \
	>"$tmp/out" 2>&1 || fail "a time limit was applied: $(tail -n 5 "$tmp/out")"
if grep -n "tcase_set_timeout" tests/unit/*.c tests/unit/*.h >"$tmp/set"; then
	fail "a test sets a time limit: $(cat "$tmp/set")"
fi
pass
