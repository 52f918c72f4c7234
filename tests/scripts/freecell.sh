#!/bin/bash
# FreeCell against an independent implementation of its rules
# (solitaires-oracle.py): bots play with each deal's cards written out,
# and the oracle, from the rules alone (the cells, the columns, runs in
# sequence within the supermove's capacity, the foundations, the limit),
# must find the same legal moves at every decision and the same score.
# Then a player types moves into the text loop, each refusal with its
# reason.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

oracle() { python3 tests/scripts/solitaires-oracle.py freecell "$@"; }

check() {
	local what=$1 n
	shift
	oracle "$@" >"$tmp/$what.out" || fail "$what: $(cat "$tmp/$what.out")"
	n=$(sed -n 's/^\([0-9]*\) deals agree$/\1/p' "$tmp/$what.out")
	[ "${n:-0}" -eq "$#" ] || fail "$what: ${n:-no} deals checked, not $#"
}

mkdir -p "$tmp/random" "$tmp/low"
cardrules simulate freecell --deals 2 --seed 1 --explicit-deals \
	--transcript "$tmp/random/game.yaml" >/dev/null || fail "simulate random"
cardrules simulate freecell --deals 1 --seed 2 --bot low --explicit-deals \
	--transcript "$tmp/low/game.yaml" >/dev/null || fail "simulate low"
check random "$tmp"/random/*.yaml
check low "$tmp"/low/*.yaml

# the fixtures, a game won and a game lost
check fixtures tests/transcripts/fixtures/freecell-won.yaml \
	tests/transcripts/fixtures/freecell-lost.yaml

# --- typed: the first moves of seed 3, refusals with their reasons ---
printf 'move 5H c1\nmove 10S c1\nup c6\nmove JD c5\nmoves\n' >"$tmp/input"
LC_ALL=C cardrules play freecell --seed 3 --no-color --transcript "$tmp/typed.yaml" \
	<"$tmp/input" >"$tmp/out" 2>&1 || fail "play exited with $? ($tmp/out)"
grep -q "^  ! 'move 5H c1' is not legal now: a run moved is in sequence, down in alternating colours (8S on 5H)" "$tmp/out" ||
	fail "a run out of sequence is not refused with its reason"
grep -q "^  ! 'move JD c5' is not legal now: a column builds down in alternating colours; any card goes to an empty column (JD onto JH)" "$tmp/out" ||
	fail "a move onto the wrong colour is not refused with its reason"
grep -q '^  c1     c2     c3 ' "$tmp/out" || fail "the columns are not drawn"
[ "$(sed -n 's/^      - 0: //p' "$tmp/typed.yaml" | tr '\n' ',')" = \
	"move 10S c1,up c6 f1," ] ||
	fail "the typed moves: $(sed -n 's/^      - 0: //p' "$tmp/typed.yaml")"
pass
