#!/bin/bash
# Contract Bridge against an independent implementation of its rules, and
# typed.
#
# Bots play the game, its OpenSpiel variant and rubber scoring with each
# deal's cards
# written out, and five boards are written with their calls chosen
# (bridge-boards.py: contracts made and defeated, doubled, redoubled, a
# grand slam, every vulnerability, a board passed out; for rubber scoring,
# a part score, two games, honours and the rubber); bridge-oracle.py
# plays every deal again from the rules alone (every call and card the
# rules allow against those the program offers, the declarer deciding for
# the dummy, every trick, the scores) and must agree.  Then a deal is
# typed into the hot-seat text loop: the dummy is laid down after the
# opening lead and its cards are typed at its turn.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

oracle() { python3 tests/scripts/bridge-oracle.py "$@"; }
cardrules simulate bridge --deals 16 --seed 7 --explicit-deals \
	--transcript "$tmp/random.yaml" >/dev/null || fail "simulate bridge"
cardrules simulate bridge --deals 4 --seed 8 --bot mc --explicit-deals \
	--transcript "$tmp/mc.yaml" >/dev/null || fail "simulate bridge with mc bots"
python3 tests/scripts/bridge-boards.py >"$tmp/boards.yaml"
oracle "$tmp/random.yaml" "$tmp/mc.yaml" "$tmp/boards.yaml" >"$tmp/out" ||
	fail "$(cat "$tmp/out")"
grep -q '^25 deals agree: .* [1-9][0-9]* of them the dummy.s' "$tmp/out" ||
	fail "not every deal was checked: $(cat "$tmp/out")"
for what in 'passed out' 'made ([1-9][0-9]* slams' 'defeated' 'doubled' \
	'redoubled'; do
	grep -q " [1-9][0-9]* $what" "$tmp/out" || fail "no board $what: $(cat "$tmp/out")"
done
cardrules simulate bridge-openspiel --deals 8 --seed 9 --explicit-deals \
	--transcript "$tmp/os.yaml" >/dev/null || fail "simulate bridge-openspiel"
oracle --openspiel "$tmp/os.yaml" >"$tmp/os.out" || fail "$(cat "$tmp/os.out")"
if oracle "$tmp/os.yaml" >/dev/null; then
	fail "bridge-openspiel passes for the duplicate game"
fi
# rubber scoring: a rubber of five written boards, then bots' deals
python3 tests/scripts/bridge-boards.py --rubber >"$tmp/rubber.yaml"
cardrules simulate bridge-rubber --deals 12 --seed 10 --explicit-deals \
	--transcript "$tmp/rubber-random.yaml" >/dev/null || fail "simulate bridge-rubber"
oracle --rubber "$tmp/rubber.yaml" "$tmp/rubber-random.yaml" >"$tmp/rubber.out" ||
	fail "$(cat "$tmp/rubber.out")"
grep -q '^17 deals agree: .*; 1 rubbers$' "$tmp/rubber.out" ||
	fail "the rubber was not played out: $(cat "$tmp/rubber.out")"
if oracle "$tmp/rubber.yaml" >/dev/null; then
	fail "bridge-rubber passes for the duplicate game"
fi

# --- typed: a deal at the table, every seat at the keyboard ---
cardrules simulate bridge --seed 3 --deals 1 --explicit-deals \
	--transcript "$tmp/ref.yaml" >/dev/null
decisions() { sed -n 's/^      - \([0-9]*\): \(.*\)$/\2/p' "$1"; }
decisions "$tmp/ref.yaml" >"$tmp/words"
# a redouble with nothing doubled is refused, the game unchanged
{ echo "call redouble"; cat "$tmp/words"; } >"$tmp/input"
cardrules play bridge --seed 3 --hotseat --no-color \
	--transcript "$tmp/typed.yaml" <"$tmp/input" >"$tmp/play" 2>&1 ||
	fail "play exited with $? (output in $tmp/play)"
same_file "$tmp/words" <(decisions "$tmp/typed.yaml") "the typed decisions"
grep -q '^  ! there is no double to redouble' "$tmp/play" ||
	fail "a redouble of nothing is not refused"
grep -q 'lays down the hand as the dummy, face up: ' "$tmp/play" ||
	fail "the dummy is not laid down"
grep -q '^  Dummy (seat [0-3], played by seat [0-3]): ' "$tmp/play" ||
	fail "the dummy is not on the table"
grep -q '^  Seat [0-3] plays .* from the dummy$' "$tmp/play" ||
	fail "a card of the dummy is not told as played by the declarer"
pass
