#!/bin/bash
# Whist against an independent implementation of its rules.
#
# Bots play whole matches of the game and of its honours variant with
# each deal's cards written out; whist-oracle.py plays every deal again
# from the rules alone (the dealer's last card for trumps, every card the
# rules allow against those the program offers, every trick, the odd
# tricks and the honours, the dealer and the end of the match) and must
# agree, and must tell the variant from the base game.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

oracle() { python3 tests/scripts/whist-oracle.py "$@"; }
check() {	# check NAME FLAG SIMULATE-ARGS...: bots' matches agree
	local name=$1 flag=$2
	shift 2
	mkdir -p "$tmp/$name"
	cardrules simulate "$@" --explicit-deals \
		--transcript "$tmp/$name/t.yaml" >/dev/null || fail "simulate $*"
	oracle $flag "$tmp/$name"/*.yaml >"$tmp/$name.out" ||
		fail "$name: $(cat "$tmp/$name.out")"
}
check base "" whist --deals 40 --seed 7
check mc "" whist --deals 12 --seed 8 --bot mc --set target=7
check honours --honours whist-honours --deals 60 --seed 7
grep -q '^40 deals agree.* ([1-9][0-9]* won by a trump on another suit); 0 honours.* [1-9][0-9]* matches ended$' \
	"$tmp/base.out" || fail "Whist: $(cat "$tmp/base.out")"
grep -q '^12 deals agree' "$tmp/mc.out" || fail "Whist to 7: $(cat "$tmp/mc.out")"
grep -q '; [1-9][0-9]* honours scored, [1-9][0-9]* barred near game' "$tmp/honours.out" ||
	fail "Whist with honours: $(cat "$tmp/honours.out")"
if oracle "$tmp/honours"/*.yaml >/dev/null; then
	fail "whist-honours passes for the base game"
fi
pass
