#!/bin/bash
# Golf against an independent implementation of its rules
# (solitaires-oracle.py): bots play with each deal's cards written out,
# plain and with wrap=1, and the oracle, from the rules alone, must find
# the same legal moves at every decision and the same score.  Then a
# player types moves into the text loop.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

oracle() { python3 tests/scripts/solitaires-oracle.py golf "$@"; }

# check WHAT FILES...: the oracle agrees on every deal of FILES
check() {
	local what=$1 n
	shift
	oracle "$@" >"$tmp/$what.out" || fail "$what: $(cat "$tmp/$what.out")"
	n=$(sed -n 's/^\([0-9]*\) deals agree$/\1/p' "$tmp/$what.out")
	[ "${n:-0}" -eq "$#" ] || fail "$what: ${n:-no} deals checked, not $#"
}

mkdir -p "$tmp/random" "$tmp/low" "$tmp/wrap" "$tmp/search"
cardrules simulate golf --deals 40 --seed 1 --explicit-deals \
	--transcript "$tmp/random/game.yaml" >/dev/null || fail "simulate random"
cardrules simulate golf --deals 20 --seed 2 --bot low --explicit-deals \
	--transcript "$tmp/low/game.yaml" >/dev/null || fail "simulate low"
cardrules simulate golf --deals 20 --seed 3 --bot low --set wrap=1 \
	--explicit-deals --transcript "$tmp/wrap/game.yaml" >/dev/null ||
	fail "simulate wrap=1"
cardrules simulate golf --deals 2 --seed 4 --bot search:8 --explicit-deals \
	--transcript "$tmp/search/game.yaml" >/dev/null || fail "simulate search"
check random "$tmp"/random/*.yaml
check low "$tmp"/low/*.yaml
check wrap "$tmp"/wrap/*.yaml
check search "$tmp"/search/*.yaml

# the fixtures, a game won and a game lost
check fixtures tests/transcripts/fixtures/golf-won.yaml \
	tests/transcripts/fixtures/golf-lost.yaml

# --- typed: a move refused with its reason, then the game goes on ---
printf 'play c1\ndeal\nplay c7\n' >"$tmp/input"
LC_ALL=C cardrules play golf --seed 3 --no-color --transcript "$tmp/typed.yaml" \
	<"$tmp/input" >"$tmp/out" 2>&1 || fail "play exited with $? ($tmp/out)"
expect_line "$tmp/out" "  ! 'play c1' is not legal now: a card goes on the waste one rank above or below its top card, and nothing on a king (7S onto 7D); the legal 'play' moves are: play c2"
grep -q '^  c1     c2     c3 ' "$tmp/out" || fail "the columns are not drawn"
[ "$(sed -n 's/^      - 0: //p' "$tmp/typed.yaml" | tr '\n' ',')" = \
	"deal,deal,play c7," ] ||
	fail "the typed moves: $(sed -n 's/^      - 0: //p' "$tmp/typed.yaml")"
pass
