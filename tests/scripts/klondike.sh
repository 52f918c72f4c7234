#!/bin/bash
# Klondike by bots and typed: bots that see only what a player sees never
# choose a move the game refuses (a bot's illegal move stops simulate),
# their games replay, a player types moves into the text loop, and its
# hints, followed, never go to and fro.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

# games that go round in circles end after 200 moves with nothing new
# (`stall`), so that a game takes moments, not the 2000-move limit
stalling=tests/data/games/klondike-stall.yaml
for draw in 1 3; do
	cardrules simulate "$stalling" --deals 4 --seed 5 --bot low \
		--set draw=$draw --transcript "$tmp/low-$draw.yaml" >"$tmp/out" ||
		fail "simulate, draw $draw: $(tail -n 3 "$tmp/out")"
	grep -q '^won [0-9]* of 4 games' "$tmp/out" || fail "no games won line"
	for t in "$tmp"/low-$draw*.yaml; do
		cardrules replay "$t" >/dev/null || fail "$t does not replay"
	done
done
cardrules simulate "$stalling" --deals 1 --seed 2 --bot search:4 >"$tmp/out" ||
	fail "the search bot: $(tail -n 3 "$tmp/out")"

# --- the stall: a game going round in circles ends, lost, far short of
# the move limit; one that has not stalled goes on ---
cardrules simulate "$stalling" --deals 20 --seed 7 --json >"$tmp/stall.json" ||
	fail "simulate with a stall"
cardrules simulate klondike --deals 20 --seed 7 --json >"$tmp/nostall.json" ||
	fail "simulate without a stall"
cmp -s "$tmp/stall.json" "$tmp/nostall.json" &&
	fail "the stall changes no game"

# --- typed: the first moves of seed 3 ---
cat >"$tmp/input" <<'TYPED'
move 8D t1
deal
up
move waste t5
move 8D t2
moves
TYPED
LC_ALL=C cardrules play klondike --seed 3 --no-color --transcript "$tmp/typed.yaml" \
	<"$tmp/input" >"$tmp/out" 2>&1 || fail "play exited with $? ($tmp/out)"
expect_line "$tmp/out" "  ! 'move 8D t1' is not legal now: the tableau builds down in alternating colours, a king on an empty pile (8D onto 10D); the legal 'move' moves are: move 9S t1, move 8D t2"
grep -q "^  ! 'up' is not a move now" "$tmp/out" ||
	fail "a move without a target card is not refused"
grep -q '^  t1     t2     t3 ' "$tmp/out" || fail "the tableau is not drawn"
grep -q '^  10D    ##     ##' "$tmp/out" || fail "face-down cards are shown"
[ "$(sed -n 's/^      - 0: //p' "$tmp/typed.yaml" | tr '\n' ',')" = \
	"deal,move waste t5,move 8D t2," ] ||
	fail "the typed moves: $(sed -n 's/^      - 0: //p' "$tmp/typed.yaml")"

# --- hints followed one after another never take the last one back ---
python3 tests/scripts/hint-loop.py "$CARDRULES" 30 klondike --seed 2 \
	--playouts 50 >"$tmp/hints" 2>&1 || fail "$(cat "$tmp/hints")"
pass
