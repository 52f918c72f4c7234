#!/bin/bash
# simulate --shard K/N and merge: the slices of a run merged give the
# single run's output byte for byte, statistics and JSON alike; a missing
# slice, a slice of another run and a file that is no result are refused,
# and so is every field of a result file that its header, the game or the
# other files contradict, each with its line and exit status 1.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

for game in stendhal ribs-betting schieberamsch; do
	cardrules simulate "$game" --deals 300 --seed 6 >"$tmp/single"
	for k in 1 2 3; do
		cardrules simulate "$game" --deals 300 --seed 6 --shard "$k/3" \
			--out "$tmp/$game.$k" || fail "$game: shard $k/3 failed"
	done
	cardrules merge "$tmp/$game".3 "$tmp/$game".1 "$tmp/$game".2 >"$tmp/merged" ||
		fail "$game: merge failed"
	same_file "$tmp/single" "$tmp/merged" "$game: the merged and the single run"
done
# a solitaire's games won travel with the slices
bots=(--bot search:4 --cheat)
cardrules simulate gridcannon --deals 6 --seed 1 "${bots[@]}" >"$tmp/single"
grep -q '^won [1-9][0-9]* of 6 games' "$tmp/single" ||
	fail "gridcannon: no game won to merge: $(grep won "$tmp/single")"
for k in 1 2; do
	cardrules simulate gridcannon --deals 6 --seed 1 "${bots[@]}" \
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
expect_line "$tmp/err" "$tmp/ribs-betting.2:2: error: a shard of another run than $tmp/stendhal.1 (its game differs)"
echo nothing >"$tmp/junk"
if cardrules merge "$tmp/junk" >/dev/null 2>"$tmp/err"; then
	fail "a file that is no result is merged"
fi
grep -q "not a result file of simulate --shard" "$tmp/err" || fail "no message for junk"
if cardrules simulate hearts --shard 1/2 >/dev/null 2>&1; then
	fail "--shard without --out is accepted"
fi

# --- a result file is untrusted: every field is checked ---

# refused FILE... MESSAGE: merge refuses the files with exactly that line
refused() {
	local want=${!#} status=0
	timeout 120 "$CARDRULES" merge "${@:1:$#-1}" >"$tmp/out" 2>"$tmp/err" ||
		status=$?
	[ "$status" -eq 1 ] || fail "exit status $status, not 1: $want"
	[ ! -s "$tmp/out" ] || fail "a refused merge printed a result: $want"
	expect_line "$tmp/err" "$want"
}

# edited SCRIPT FROM TO: FROM through sed
edited() { sed "$1" "$2" >"$3"; }

a=$tmp/a.1 b=$tmp/a.2 x=$tmp/x
cardrules simulate hearts --deals 40 --shard 1/2 --out "$a"
cardrules simulate hearts --deals 40 --shard 2/2 --out "$b"
cardrules merge "$a" "$b" >/dev/null || fail "the shards to edit do not merge"
edited 's/^players 4$/players 200/' "$a" "$x"
refused "$x" "$b" "$x:4: error: players 200, but Hearts is for 4 players"
edited 's/^players 4$/players 0/' "$a" "$x"
refused "$x" "$b" "$x:4: error: players 0, but Hearts is for 4 players"
edited '14s/^deal 1 0 0 /deal 1 0 5 /' "$a" "$x"
refused "$x" "$b" "$x:14: error: failed check 5 is out of range (0 to 2)"
edited 's/^json 0$/json 1/' "$a" "$x"
edited 's/^json 0$/json 1/' "$b" "$tmp/y"
refused "$x" "$tmp/y" "$x:15: error: a deal where the json line of the deal before is due (the shard was played with --json)"
edited 's/^match 0 /match 2000000000 /' "$a" "$x"
refused "$x" "$b" "$x:13: error: match 2000000000, but the next match of shard 1/2 is 0"
edited 's/^match 2 /match 0 /' "$a" "$x"
refused "$x" "$b" "$x:26: error: match 0, but the next match of shard 1/2 is 2"
edited 's/^shard 1 2$/shard 5 2/' "$a" "$x"
refused "$x" "$b" "$x:8: error: shard 5 2, but a shard is K of N with 1 <= K <= N <= 100000"
edited 's/^shard 1 2$/shard 0 2/' "$a" "$x"
refused "$x" "$b" "$x:8: error: shard 0 2, but a shard is K of N with 1 <= K <= N <= 100000"
edited 's/^dealer 0$/dealer 99/' "$a" "$x"
refused "$x" "$b" "$x:5: error: dealer 99, but the seats are 0 to 3"
edited 's/^game hearts$/game black-lady/' "$a" "$x"
edited 's/^game hearts$/game black-lady/' "$b" "$tmp/y"
refused "$x" "$tmp/y" "$x:3: error: the shard was played by other rules than those of 'black-lady' now (the rule file changed, or the shard names another game)"
refused "$a" "$a" "$a:8: error: shard 1/2 again: $a holds it too"
refused "$a" /dev/zero "/dev/zero:1: error: not a result file of simulate --shard"
{ head -n 14 "$a"; head -c 100 /dev/zero; } >"$x"
refused "$x" "$b" "$x:15: error: a NUL byte: the file is not text"
{ head -n 14 "$a"; head -c 1100000 /dev/zero | tr '\0' 7; echo; } >"$x"
refused "$x" "$b" "$x:15: error: a line longer than 1048576 bytes"
head -n 20 "$a" >"$x"
refused "$x" "$b" "$x:20: error: the file ends within match 0: 7 of its 12 deals came"
head -c -1 "$a" >"$x"
refused "$x" "$b" "$x:$(wc -l <"$a"): error: the line is cut short (the file ends without a newline)"
edited '1s/3$/2/' "$a" "$x"
refused "$x" "$b" "$x:1: error: a result file of another version of cardrules (cardrules-shard 2): play the shard again"
edited '14s/$/ 7/' "$a" "$x"
refused "$x" "$b" "$x:14: error: deal: ' 7' after its last field"
edited '14s/^deal 1 0 0 0 1 /deal 1 0 0 0 1x /' "$a" "$x"
refused "$x" "$b" "$x:14: error: score: '1x' is not a number"
edited '14s/^deal 1 0 0 0 /deal 1 0 0 1 /' "$a" "$x"
refused "$x" "$b" "$x:14: error: solved 1 is out of range (0 to 0)"
edited '14s/^deal 1 0 /deal 1 4 /' "$a" "$x"
refused "$x" "$b" "$x:14: error: dealer 4 is out of range (0 to 3)"
edited '13s/^match 0 1 12 1 /match 0 1 12 9 /' "$a" "$x"
refused "$x" "$b" "$x:13: error: place 9 is out of range (1 to 4)"
edited '13s/^match 0 1 12 /match 0 0 12 /' "$a" "$x"
refused "$x" "$b" "$x:13: error: match 0 did not end, so it has the run's 40 deals, not 12"
edited 's/^bots random$/bots 9=mc/' "$a" "$x"
refused "$x" "$b" "$x:11: error: bots 9=mc, where simulate writes them as 'random'"
# a deal's JSON is the deal's, and JSON
cardrules simulate hearts --deals 40 --json --shard 1/2 --out "$tmp/j.1"
cardrules simulate hearts --deals 40 --json --shard 2/2 --out "$tmp/j.2"
edited '15s/"deal":1/"deal":2/' "$tmp/j.1" "$x"
refused "$x" "$tmp/j.2" "$x:15: error: the json line is not that of the deal before (it starts otherwise than '{\"match\":1,\"deal\":1,\"dealer\":0,\"scores\":[1,3,3,19]')"
edited '15s/}$/,}/' "$tmp/j.1" "$x"
refused "$x" "$tmp/j.2" "$x:15: error: the json line is not valid JSON"
edited '15d' "$tmp/j.1" "$x"
refused "$x" "$tmp/j.2" "$x:15: error: a deal where the json line of the deal before is due (the shard was played with --json)"
edited '15s/^json /jsonx /' "$tmp/j.1" "$x"
refused "$x" "$tmp/j.2" "$x:15: error: not a line of a shard's result file"
refused "$a" "$tmp/j.2" "$tmp/j.2:10: error: a shard of another run than $a (its json differs)"
# the options against the game's
cardrules simulate black-lady --deals 40 --shard 1/1 --set rounds=5 --out "$a"
edited 's/^options 1 5$/options 1 99999/' "$a" "$x"
refused "$x" "$x:12: error: option rounds 99999, but it goes from 1 to 20"
edited 's/^options 1 5$/options 0/' "$a" "$x"
refused "$x" "$x:12: error: 0 options, but Black Lady has 1"
# no more deals than a shard of the run has: twice its deals
cardrules simulate hearts --deals 5 --shard 1/1 --out "$a"
{ cat "$a"; for m in 1 2; do sed -n "13,\$s/^match 0 /match $m /;13,\$p" "$a"; done; } >"$x"
refused "$x" "$x:26: error: more than 10 deals, but a shard of a run of 5 deals has fewer"
# the rule file the merge loads is the one the shards were played by
cp games/hearts.yaml "$tmp/my-hearts.yaml"
cardrules simulate "$tmp/my-hearts.yaml" --deals 20 --shard 1/1 --out "$a"
cardrules merge "$a" >/dev/null || fail "a rule file by its path is not merged"
echo "# changed" >>"$tmp/my-hearts.yaml"
refused "$a" "$a:3: error: the shard was played by other rules than those of '$tmp/my-hearts.yaml' now (the rule file changed, or the shard names another game)"
edited 's/^game .*/game no-such-game/' "$a" "$x"
refused "$x" "$x:2: error: the game of the shard, 'no-such-game', cannot be loaded"
pass
