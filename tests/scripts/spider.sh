#!/bin/bash
# Spider against an independent implementation of its rules
# (solitaires-oracle.py): bots play four suits, two and one with each
# deal's cards written out, and the oracle, from the rules alone (the
# deal with the tops face up, runs moved in suit onto one rank higher of
# any suit, the stock dealt onto every pile when none is empty, whole
# suits going off by themselves, cards turned up, the limit), must find
# the same legal moves at every decision and the same score, in those
# games and in the fixture of a game won.  Then a player types moves
# into the text loop, a refusal with its reason.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

oracle() { python3 tests/scripts/solitaires-oracle.py spider "$@"; }

check() {
	local what=$1 n
	shift
	oracle "$@" >"$tmp/$what.out" || fail "$what: $(cat "$tmp/$what.out")"
	n=$(sed -n 's/^\([0-9]*\) deals agree$/\1/p' "$tmp/$what.out")
	[ "${n:-0}" -eq "$#" ] || fail "$what: ${n:-no} deals checked, not $#"
}

mkdir -p "$tmp/random" "$tmp/two" "$tmp/one"
cardrules simulate spider --deals 1 --seed 1 --explicit-deals \
	--transcript "$tmp/random/game.yaml" >/dev/null || fail "simulate random"
cardrules simulate spider-2-suits --deals 1 --seed 2 --bot low \
	--explicit-deals --transcript "$tmp/two/game.yaml" >/dev/null ||
	fail "simulate two suits"
cardrules simulate spider-1-suit --deals 1 --seed 3 --bot low \
	--explicit-deals --transcript "$tmp/one/game.yaml" >"$tmp/one.out" ||
	fail "simulate one suit"
grep -q '^mean score [1-9]' "$tmp/one.out" || fail "no suit went off: $(cat "$tmp/one.out")"
check random "$tmp"/random/*.yaml
check two "$tmp"/two/*.yaml
check one "$tmp"/one/*.yaml

# the fixture of a game won (one suit, the solve bot): every move legal,
# all eight suits off
check won tests/transcripts/fixtures/spider-1-suit-solved.yaml

# --- typed: seed 3, a run refused, a move, a deal onto every pile ---
printf 'move 2H t1\nmove 2H t2\ndeal\n' >"$tmp/input"
LC_ALL=C cardrules play spider --seed 3 --no-color --transcript "$tmp/typed.yaml" \
	<"$tmp/input" >"$tmp/out" 2>&1 || fail "play exited with $? ($tmp/out)"
grep -q "^  ! 'move 2H t1' is not legal now: a card goes on one rank higher, any suit; any card on an empty pile (2H onto QC)" "$tmp/out" ||
	fail "a move onto the wrong rank is not refused with its reason"
grep -q '^  t1     t2     t3 ' "$tmp/out" || fail "the piles are not drawn"
grep -q '^  ##     ##     ##' "$tmp/out" || fail "face-down cards are shown"
[ "$(sed -n 's/^      - 0: //p' "$tmp/typed.yaml" | tr '\n' ',')" = \
	"move 2H#2 t2,deal," ] ||
	fail "the typed moves: $(sed -n 's/^      - 0: //p' "$tmp/typed.yaml")"
pass
