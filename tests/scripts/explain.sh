#!/bin/bash
# `cardrules explain` for every game and house rule: the text written from
# the rule file is the one kept in tests/explain/NAME.txt, so that a change
# of the format, of a game or of the wording is seen.  After a deliberate
# change, rewrite them with: tests/scripts/explain.sh --update
set -euo pipefail
update=false
if [ "${1:-}" = --update ]; then
	update=true
	top=$(cd "$(dirname "$0")/../.." && pwd)
	: "${TOP_SRCDIR:=$top}" "${CARDRULES:=$top/cardrules}"
	export TOP_SRCDIR CARDRULES
fi
. "$(dirname "$0")/lib.sh"

n=0
for f in games/*.yaml examples/*.yaml; do
	want=tests/explain/$(basename "$f" .yaml).txt
	cardrules explain "$f" >"$tmp/got" || fail "explain $f failed"
	if $update; then
		cp "$tmp/got" "$want"
		echo "wrote $want"
	fi
	[ -f "$want" ] || fail "$want is missing (tests/scripts/explain.sh --update writes it)"
	if ! diff -u "$want" "$tmp/got" >"$tmp/diff"; then
		head -n 30 "$tmp/diff" >&2
		fail "the explanation of $f differs from $want"
	fi
	n=$((n + 1))
done
[ "$n" -ge 8 ] || fail "only $n games explained"

# facts a player needs, where they should be
cardrules explain black-lady --players 5 >"$tmp/bl5"
grep -q '^The dealer deals 10 cards to each player.* The 2 cards left over lie in the middle, 1 of them face up\.$' "$tmp/bl5" ||
	fail "Black Lady at 5: not 10 cards each and 2 leftovers"
grep -q 'passes them to the player on their right' "$tmp/bl5" || fail "Black Lady passes right"
grep -q 'The winner of the last trick also takes the leftover cards' "$tmp/bl5" ||
	fail "Black Lady: the leftovers' taker"
cardrules explain hearts >"$tmp/h"
grep -q 'left, right, across, keep; then the same again' "$tmp/h" || fail "Hearts' pass rotation"
grep -q 'hearts are not broken yet' "$tmp/h" || fail "Hearts: broken hearts"
cardrules explain black-lady --set rounds=3 | grep -q '^- rounds = 3 ' || fail "--set is not explained"

# a variant against its base
cardrules explain --diff black-lady-tournament >"$tmp/diff-t"
grep -q '^- - pot: 26 points and what the last deal carried over$' "$tmp/diff-t" ||
	fail "--diff does not show the pot removed"
grep -q '^+ Each player.s score for the deal: minus the penalty points taken.$' "$tmp/diff-t" ||
	fail "--diff does not show the new score"
status=0
cardrules explain --diff hearts >"$tmp/out" 2>"$tmp/err" || status=$?
[ "$status" -eq 1 ] || fail "--diff of a file that extends nothing exited with $status"
pass
