#!/bin/bash
# Rule files that validate but lead a game where no rule applies: every
# one ends, with an error at the phase where it happened when the game
# cannot go on (tests/data/dead-ends/).
. "$(dirname "$0")/lib.sh"
dir=tests/data/dead-ends

# A pass after the tricks: the hands are empty.  simulate (one job, two
# jobs, a Monte Carlo bot) and replay stop with the phase's position.
stuck="$dir/pass-after-tricks.yaml:9:18: error: the deal cannot go on in this phase: the player to move has no legal action"
for args in "" "-j 2" "--bot low" "--bot mc:4"; do
	# shellcheck disable=SC2086 # one word per option
	if cardrules simulate "$dir/pass-after-tricks.yaml" --deals 3 $args \
		>"$tmp/out" 2>"$tmp/err"; then
		fail "simulate $args went on past a dead end"
	fi
	grep -qF "$stuck (deal 1; match 1, 1 deal into the run; play it again with: cardrules simulate $dir/pass-after-tricks.yaml --players 4 --dealer 0 --seed 1 --deals 1 --transcript stuck.yaml)" "$tmp/err" ||
		fail "simulate $args: $(cat "$tmp/err")"
	[ ! -s "$tmp/out" ] || fail "simulate $args printed statistics: $(cat "$tmp/out")"
done
cardrules simulate "$dir/pass-after-tricks.yaml" --deals 1 \
	--transcript "$tmp/stuck.yaml" 2>/dev/null && fail "no dead end"
if cardrules replay "$tmp/stuck.yaml" >/dev/null 2>"$tmp/err"; then
	fail "replay of a dead end succeeded"
fi
grep -qF "$stuck (deal 1; at the end of $tmp/stuck.yaml)" "$tmp/err" ||
	fail "replay: $(cat "$tmp/err")"
# the text loop says so too, and keeps the saved game
cp "$tmp/stuck.yaml" "$tmp/resumed.yaml"
if cardrules play --resume "$tmp/resumed.yaml" </dev/null >"$tmp/out" 2>"$tmp/err"; then
	fail "play went on past a dead end"
fi
grep -qF "$stuck (deal 1; see it again with:" "$tmp/err" ||
	fail "play: $(cat "$tmp/err")"
[ -s "$tmp/resumed.yaml" ] || fail "the saved game was removed"
if cardrules compare "$dir/pass-after-tricks.yaml" hearts --deals 2 \
	>"$tmp/out" 2>"$tmp/err"; then
	fail "compare went on past a dead end"
fi
[ ! -s "$tmp/out" ] || fail "compare printed a table of nothing"

# Klondike without a limit and Gridcannon swapping at will go round in
# circles; the engine's limit of moves ends them (lost).
for f in klondike-no-limit gridcannon-swap-always; do
	cardrules simulate "$dir/$f.yaml" --deals 2 --seed 3 >"$tmp/out" ||
		fail "$f: simulate failed"
	grep -q "^won 0 of 2 games" "$tmp/out" || fail "$f: $(cat "$tmp/out")"
done
pass
