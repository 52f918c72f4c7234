#!/bin/bash
# Doppelkopf against an independent implementation of its rules.
#
# Bots play whole matches with each deal's cards written out;
# doppelkopf-oracle.py plays every deal again from the rules alone (the
# reservations, the sides by the queens of clubs, the marriage, the
# solos' trumps, every card and every call the rules allow against
# those the program offers, every trick, the scores) and must agree.
# Then a deal with calls is typed into the hot-seat text loop, which
# must tell each call at the table.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

oracle() { python3 tests/scripts/doppelkopf-oracle.py "$@"; }
check() {	# check NAME SIMULATE-ARGS...: bots' matches agree
	local name=$1
	shift
	mkdir -p "$tmp/$name"
	cardrules simulate "$@" --explicit-deals \
		--transcript "$tmp/$name/t.yaml" >/dev/null || fail "simulate $*"
	oracle "$tmp/$name"/*.yaml >"$tmp/$name.out" ||
		fail "$name: $(cat "$tmp/$name.out")"
}
check normal doppelkopf --set solos=0 --deals 200 --seed 7
check solos doppelkopf --deals 40 --seed 3
check mc doppelkopf --deals 8 --seed 11 --bot mc --playouts 20
n='[1-9][0-9]*'
grep -q "^200 deals agree: .* $n calls; $n marriages ($n with a partner), 0 solos, $n silent solos; Re won $n, Kontra $n, nobody $n; $n doppelkopfs, $n foxes, $n karlchen$" \
	"$tmp/normal.out" || fail "normal games: $(cat "$tmp/normal.out")"
grep -q "^40 deals agree: .* $n solos" "$tmp/solos.out" ||
	fail "solos: $(cat "$tmp/solos.out")"

# --- typed: the calls are told at the table ---
cardrules simulate doppelkopf --set solos=0 --seed 5 --deals 1 \
	--explicit-deals --transcript "$tmp/ref.yaml" >/dev/null
grep -q '^      - 1: play kontra$' "$tmp/ref.yaml" || fail "nobody calls Kontra in the typed deal"
decisions() { sed -n 's/^      - \([0-9]*\): \(.*\)$/\2/p' "$1"; }
decisions "$tmp/ref.yaml" >"$tmp/words"
cardrules play doppelkopf --set solos=0 --seed 5 --hotseat --no-color \
	--transcript "$tmp/typed.yaml" <"$tmp/words" >"$tmp/out" 2>&1 ||
	fail "play exited with $? (output in $tmp/out)"
same_file "$tmp/words" <(decisions "$tmp/typed.yaml") "the typed decisions"
expect_line "$tmp/out" "  Seat 1 calls kontra: the Kontra side will win (worth 2)."
expect_line "$tmp/out" "  Seat 3 calls no90: the other side will take fewer than 90."
pass
