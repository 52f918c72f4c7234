#!/bin/bash
# simulate --shard K/N and merge: the slices of a run merged give the
# single run's output byte for byte, statistics and JSON alike; a missing
# slice, a slice of another run and a file that is no result are refused.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

for game in stendhal ribs-betting schieberamsch; do
	cardrules simulate "$game" --deals 900 --seed 6 >"$tmp/single"
	for k in 1 2 3; do
		cardrules simulate "$game" --deals 900 --seed 6 --shard "$k/3" \
			--out "$tmp/$game.$k" || fail "$game: shard $k/3 failed"
	done
	cardrules merge "$tmp/$game".3 "$tmp/$game".1 "$tmp/$game".2 >"$tmp/merged" ||
		fail "$game: merge failed"
	same_file "$tmp/single" "$tmp/merged" "$game: the merged and the single run"
done
# a solitaire's games won travel with the slices
bots=(--bot search:8 --cheat)
cardrules simulate gridcannon --deals 30 --seed 6 "${bots[@]}" >"$tmp/single"
grep -q '^won [1-9][0-9]* of 30 games' "$tmp/single" ||
	fail "gridcannon: no game won to merge: $(grep won "$tmp/single")"
for k in 1 2; do
	cardrules simulate gridcannon --deals 30 --seed 6 "${bots[@]}" \
		--shard "$k/2" --out "$tmp/grid.$k" || fail "gridcannon: shard $k/2"
done
cardrules merge "$tmp/grid.1" "$tmp/grid.2" >"$tmp/merged" ||
	fail "gridcannon: merge failed"
same_file "$tmp/single" "$tmp/merged" "gridcannon: the merged and the single run"
cardrules simulate hearts --deals 300 --json >"$tmp/single.json"
for k in 1 2; do
	cardrules simulate hearts --deals 300 --json --shard "$k/2" --out "$tmp/h.$k"
done
cardrules merge "$tmp/h.1" "$tmp/h.2" >"$tmp/merged.json"
cmp -s "$tmp/single.json" "$tmp/merged.json" || fail "merged JSON differs"

if cardrules merge "$tmp/h.1" >"$tmp/out" 2>"$tmp/err"; then
	fail "a missing shard is not noticed"
fi
[ ! -s "$tmp/out" ] || fail "a merge that fails prints part of a result"
if cardrules merge "$tmp/stendhal.1" "$tmp/stendhal.2" >/dev/null 2>"$tmp/err"; then
	fail "a missing shard is not noticed"
fi
grep -q "played by shard 3/3, whose result file is missing" "$tmp/err" || fail "no message for a missing shard: $(cat "$tmp/err")"
if cardrules merge "$tmp/stendhal.1" "$tmp/ribs-betting.2" >/dev/null 2>"$tmp/err"; then
	fail "shards of two runs are merged"
fi
grep -q "is a shard of another run" "$tmp/err" || fail "no message for mixed runs"
echo nothing >"$tmp/junk"
if cardrules merge "$tmp/junk" >/dev/null 2>"$tmp/err"; then
	fail "a file that is no result is merged"
fi
grep -q "not a result file of simulate --shard" "$tmp/err" || fail "no message for junk"
if cardrules simulate hearts --shard 1/2 >/dev/null 2>&1; then
	fail "--shard without --out is accepted"
fi
pass
