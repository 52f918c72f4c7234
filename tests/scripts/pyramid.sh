#!/bin/bash
# Pyramid against an independent implementation of its rules
# (solitaires-oracle.py): bots play with each deal's cards written out,
# with three passes through the stock and with no limit, and the oracle,
# from the rules alone, must find the same legal moves at every decision
# and the same score.  Then a player types moves into the text loop.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

oracle() { python3 tests/scripts/solitaires-oracle.py pyramid "$@"; }

# check WHAT FILES...: the oracle agrees on every deal of FILES
check() {
	local what=$1 n
	shift
	oracle "$@" >"$tmp/$what.out" || fail "$what: $(cat "$tmp/$what.out")"
	n=$(sed -n 's/^\([0-9]*\) deals agree$/\1/p' "$tmp/$what.out")
	[ "${n:-0}" -eq "$#" ] || fail "$what: ${n:-no} deals checked, not $#"
}

mkdir -p "$tmp/random" "$tmp/low" "$tmp/nolimit" "$tmp/search"
cardrules simulate pyramid --deals 40 --seed 1 --explicit-deals \
	--transcript "$tmp/random/game.yaml" >/dev/null || fail "simulate random"
cardrules simulate pyramid --deals 20 --seed 2 --bot low --explicit-deals \
	--transcript "$tmp/low/game.yaml" >/dev/null || fail "simulate low"
cardrules simulate pyramid --deals 4 --seed 3 --set passes=0 \
	--explicit-deals --transcript "$tmp/nolimit/game.yaml" >/dev/null ||
	fail "simulate passes=0"
cardrules simulate pyramid --deals 2 --seed 4 --bot search:8 --explicit-deals \
	--transcript "$tmp/search/game.yaml" >/dev/null || fail "simulate search"
check random "$tmp"/random/*.yaml
check low "$tmp"/low/*.yaml
check nolimit "$tmp"/nolimit/*.yaml
check search "$tmp"/search/*.yaml

# the fixtures, a game won and a game lost
check fixtures tests/transcripts/fixtures/pyramid-won.yaml \
	tests/transcripts/fixtures/pyramid-lost.yaml

# --- typed: a pair refused with its reason, a covered card, then the
# game goes on; the pyramid drawn row under row ---
printf 'pair 3s 9c\nking qd\npair 10c 3s\ndraw\n' >"$tmp/input"
LC_ALL=C cardrules play pyramid --seed 1 --no-color --transcript "$tmp/typed.yaml" \
	<"$tmp/input" >"$tmp/out" 2>&1 || fail "play exited with $? ($tmp/out)"
expect_line "$tmp/out" "  ! 'pair 3s 9c' is not legal now: two cards removed together add up to 13 (3S and 9C); the legal 'pair' moves are: pair 3S 10D, pair 3S 10C"
expect_line "$tmp/out" "  ! 'king qd' is not legal now: QD is covered by 6S QH; the moves are: pair 3S 10D, pair 3S 10C, draw"
grep -q '^                    QD    $' "$tmp/out" || fail "the apex is not drawn centred"
grep -q '^  3S    6C    AH    AS    10C   9C    10D   $' "$tmp/out" ||
	fail "the bottom row is not drawn"
# the pair typed, then draws (the only move, made by itself, then typed)
[ "$(sed -n 's/^      - 0: //p' "$tmp/typed.yaml" | head -3 | tr '\n' ',')" = \
	"pair 3S 10C,draw,draw," ] ||
	fail "the typed moves: $(sed -n 's/^      - 0: //p' "$tmp/typed.yaml")"
pass
