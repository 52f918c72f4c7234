#!/bin/bash
# The command line: exit statuses, simulate's statistics and JSON (whose
# totals must add up under the rules), replay of good and bad transcripts.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

status() {	# status WANT COMMAND...: the command exits with WANT
	local want=$1 rc=0
	shift
	"$@" >"$tmp/out" 2>"$tmp/err" || rc=$?
	[ "$rc" -eq "$want" ] || fail "'$*' exited with $rc, not $want: $(head -n 3 "$tmp/err")"
}

# --- exit statuses and help ---
status 2 cardrules
status 2 cardrules no-such-command
status 0 cardrules --help
status 0 cardrules --version
for cmd in play validate simulate replay list schema bench serve; do
	status 0 cardrules "$cmd" --help
	grep -q "^Usage: cardrules $cmd" "$tmp/out" || fail "$cmd --help has no usage line"
done
status 2 cardrules validate
status 2 cardrules validate --bogus games/hearts.yaml
status 0 cardrules validate games/black-lady.yaml games/hearts.yaml
expect_line "$tmp/out" "games/hearts.yaml: valid (Hearts, 4 players)"
status 1 cardrules validate games/hearts.yaml tests/bad/unknown-key-hint.yaml
expect_line "$tmp/out" "games/hearts.yaml: valid (Hearts, 4 players)"
status 1 cardrules validate no-such-file.yaml
grep -q "^no-such-file.yaml: error: cannot read the file" "$tmp/err" || fail "no error for a missing file"
status 2 cardrules simulate hearts --players 5
expect_line "$tmp/err" "cardrules: error: Hearts is for 4 players, not 5"
status 2 cardrules simulate black-lady --set rounds=99
status 2 cardrules simulate black-lady --set colour=1
status 2 cardrules simulate black-lady --deals 0
status 2 cardrules play
status 1 cardrules play no-such-game --no-save
status 2 cardrules serve extra
status 2 cardrules serve --deals 3
status 0 cardrules serve </dev/null
grep -q '^{"type":"hello","program":"cardrules"' "$tmp/out" || fail "serve did not say hello"
status 1 cardrules serve --audit "$tmp/no/such/dir/audit" </dev/null
status 2 cardrules list extra
[ ! -s "$tmp/out" ] || fail "list's usage error went to stdout"
expect_line "$tmp/err" "cardrules list: takes no arguments"
status 0 cardrules list
grep -q "^black-lady  *Black Lady, 3 to 7 players" "$tmp/out" || fail "list lacks Black Lady"
status 0 cardrules bench --deals 200 hearts
grep -q "deals/s" "$tmp/out" || fail "bench prints no rate"
# Oh Hell's hands grow and shrink from deal to deal: its cards a deal
# are counted over the deals of a match, not its first deal of one card
status 0 cardrules bench --deals 200 --json oh-hell
per_deal=$(sed -n 's/.*"per_deal":\([0-9]*\).*/\1/p' "$tmp/out")
[ "${per_deal:-0}" -gt 10 ] || fail "bench counts Oh Hell's cards by its first deal"

# --- simulate: 10,000 deals whose totals add up under the rules ---
status 0 cardrules simulate black-lady --deals 10000 --seed 4 --json
cp "$tmp/out" "$tmp/bl.json"
python3 - "$tmp/bl.json" <<'PY' || fail "the totals of black-lady do not add up"
import json, sys
run = json.load(open(sys.argv[1]))
deals = run["deals"]
assert len(deals) == 10000, len(deals)
assert run["summary"]["deals"] == 10000 and run["summary"]["checks_failed"] == 0
totals, carry, match = [0] * 4, 0, None
for d in deals:
    if d["match"] != match:                 # a new match starts from zero
        match, totals, carry = d["match"], [0] * 4, 0
    s = d["scores"]
    # the pot: 26 penalty points plus the carry, shared by the clear players
    assert sum(s) == carry - d["kept"]["carry"], d
    assert all(-26 <= x <= 26 + carry for x in s), d
    carry = d["kept"]["carry"]
    totals = [t + x for t, x in zip(totals, s)]
    assert totals == d["totals"], d
    if "places" in d:                       # the last deal of a match
        assert d["deal"] == 8
        assert sum(d["totals"]) == -carry
per_seat = [x["total"] for x in run["summary"]["seats"]]
assert sum(per_seat) == sum(sum(d["scores"]) for d in deals)
PY
for game in hearts black-lady-tournament; do
	status 0 cardrules simulate "$game" --deals 2000 --json
	python3 - "$tmp/out" "$game" <<'PY' || fail "the totals of $game do not add up"
import json, sys
run, game = json.load(open(sys.argv[1])), sys.argv[2]
for d in run["deals"]:
    s = sorted(d["scores"])
    if game == "hearts":
        assert sum(s) == 26 or s == [0, 26, 26, 26], d
    else:
        assert sum(s) == -26 and max(s) <= 0, d
PY
done
# --- a deal's counters by name and its contract, as its scoring saw them ---
status 0 cardrules simulate schieberamsch --deals 300 --seed 4 --json
python3 - "$tmp/out" <<'PY' || fail "the counters of schieberamsch"
import json, sys
kontras = 0
for d in json.load(open(sys.argv[1]))["deals"]:
    c, v = d["counters"], d["values"]
    assert sorted(c) == ["kontras", "pushes"], d
    assert v["doubling"] == 2 ** c["pushes"], d
    assert c["kontras"] == 0 or any(v["soloist"]), d    # against a Grand Hand
    kontras += c["kontras"] > 0
assert kontras > 0
PY
status 0 cardrules simulate sidi-barrani --deals 300 --seed 4 --json
python3 - "$tmp/out" <<'PY' || fail "the contracts of sidi-barrani"
import json, sys
doubled = 0
for d in json.load(open(sys.argv[1]))["deals"]:
    k, v = d["contract"], d["values"]
    assert v["declaring"][k["declarer"]], d
    for p in range(4):
        due = v["declaring"][p] == v["made"]
        assert v["contract"][p] == (k["bid"] * (2 if k["doubled"] else 1) if due else 0), d
    doubled += k["doubled"]
assert doubled > 0
PY
# --- --time: each seat's bot and its time a decision ---
status 0 cardrules simulate hearts --deals 20 --seed 4 --bot random,0=low --time
grep -q '^time: seat 0 (low) [0-9.]* ms a decision, [0-9.]* ms of CPU ([0-9]* decisions, 1 job)$' "$tmp/out" ||
	fail "simulate --time gives no time a decision"
status 0 cardrules simulate hearts --deals 20 --seed 4 --bot random,0=low --time --json -j 2
python3 - "$tmp/out" <<'PY' || fail "simulate --time --json gives no time a decision"
import json, sys
for seat in json.load(open(sys.argv[1]))["summary"]["seats"]:
    assert seat["decisions"] > 0 and seat["ms_a_decision"] >= 0, seat
    assert seat["cpu_ms_a_decision"] >= 0, seat
PY
grep -q '"over"' <(cardrules replay --json examples/transcripts/black-lady-seed7.yaml) ||
	fail "replay --json gives no result"

# --- a transcript replays to the same deals as the simulation wrote ---
status 0 cardrules simulate black-lady --deals 8 --seed 9 --json --transcript "$tmp/m.yaml"
python3 -c 'import json,sys; print(json.dumps([{k: v for k, v in d.items() if k != "match"} for d in json.load(open(sys.argv[1]))["deals"]]))' "$tmp/out" >"$tmp/sim-deals"
status 0 cardrules replay --json "$tmp/m.yaml"
python3 -c 'import json,sys; print(json.dumps(json.load(open(sys.argv[1]))["deals"]))' "$tmp/out" >"$tmp/replay-deals"
same_file "$tmp/sim-deals" "$tmp/replay-deals" "simulated and replayed deals"

# --- decision by decision: every move made is among the legal ones
# listed, in the transcript's order, and the tricks are those played ---
status 2 cardrules replay --decisions "$tmp/m.yaml"
status 0 cardrules replay --json --decisions "$tmp/m.yaml"
python3 - "$tmp/out" "$tmp/m.yaml" <<'PY' || fail "replay --decisions does not list the decisions made"
import json, sys, yaml
got = json.load(open(sys.argv[1]))["deals"]
want = yaml.safe_load(open(sys.argv[2]))["deals"]
assert len(got) == len(want)
for g, w in zip(got, want):
    moves = [(k, v) for m in w["moves"] for k, v in m.items()]
    assert len(g["decisions"]) == len(moves)
    for d, (seat, words) in zip(g["decisions"], moves):
        assert d["seat"] == seat, (d, seat)
        verb, rest = words.split(" ", 1)
        assert d["move"] == rest, (d, words)
        assert all(c in d["legal"] for c in rest.split()), (d, words)
    plays = [rest for _, words in moves for verb, rest in [words.split(" ", 1)]
             if verb == "play"]
    assert [c for t in g["tricks"] for c in t["cards"]] == plays
    assert [t["number"] for t in g["tricks"]] == list(range(1, len(g["tricks"]) + 1))
    for t in g["tricks"]:
        assert 0 <= t["winner"] < 4 and len(t["cards"]) == 4
PY

# --- bad transcripts: the first illegal decision, positioned ---
n=0
for t in tests/transcripts/bad/*.yaml; do
	status 1 cardrules replay "$t"
	same_file "${t%.yaml}.err" "$tmp/err" "the errors of $t"
	n=$((n + 1))
done
[ "$n" -ge 10 ] || fail "only $n bad transcripts"
# the longest match of a shipped game, its cards written out, is far
# within the limit that refuses the alias bomb
status 0 cardrules simulate ribs --players 10 --set rounds=20 --deals 200 \
	--explicit-deals --transcript "$tmp/long.yaml"
status 0 cardrules replay "$tmp/long.yaml"
# --- resuming touches nothing that is not a game in progress ---
printf 'a\nb' >"$tmp/notes.txt"
status 1 cardrules play --resume "$tmp/notes.txt"
[ "$(od -An -c "$tmp/notes.txt" | tr -d ' ')" = 'a\nb' ] || fail "--resume changed a file that is not a transcript"
grep -q 'not a cardrules transcript' "$tmp/err" || fail "no 'not a transcript' error"
cp examples/transcripts/black-lady-seed7.yaml "$tmp/over.yaml"
printf '      - 2: pla' >>"$tmp/over.yaml"
cp "$tmp/over.yaml" "$tmp/over.before"
status 1 cardrules play --resume "$tmp/over.yaml"
cmp -s "$tmp/over.yaml" "$tmp/over.before" || fail "--resume cut a finished game's transcript"
# --- game paths in transcripts: odd names round trip, paths resolve from
# the transcript's folder, a missing file is never replaced ---
mkdir -p "$tmp/rules" "$tmp/games/deep"
for odd in '#hash' '*star' '&amp' '[bracket' 'colon: space' "it's"; do
	cp games/hearts.yaml "$tmp/rules/$odd.yaml"
	cardrules simulate "$tmp/rules/$odd.yaml" --deals 1 --transcript "$tmp/games/deep/t.yaml" >/dev/null ||
		fail "simulate of '$odd.yaml' failed"
	(cd / && "$CARDRULES" replay "$tmp/games/deep/t.yaml" >/dev/null) ||
		fail "the transcript of '$odd.yaml' does not replay from another folder"
done
grep -qxF "game: ../../rules/it's.yaml" "$tmp/games/deep/t.yaml" ||
	fail "the game's path is not relative to the transcript: $(grep '^game' "$tmp/games/deep/t.yaml")"
cp games/black-lady.yaml "$tmp/rules/black-lady.yaml"
cardrules simulate "$tmp/rules/black-lady.yaml" --deals 1 --transcript "$tmp/games/moved.yaml" >/dev/null
rm "$tmp/rules/black-lady.yaml"
status 1 cardrules replay "$tmp/games/moved.yaml"
grep -q "cannot find the rule file '../rules/black-lady.yaml'.*write 'game: black-lady'" "$tmp/err" ||
	fail "a missing variant is not reported as missing: $(cat "$tmp/err")"
# --- files that cannot be written: a clear error, a failing status ---
status 1 cardrules play black-lady -t /dev/full </dev/null
expect_line "$tmp/err" "cardrules: error: cannot write '/dev/full': No space left on device"
status 1 cardrules play black-lady -t "$tmp/no/such/folder/game.yaml" </dev/null
grep -q "cannot write '$tmp/no/such/folder/game.yaml': No such file or directory" "$tmp/err" ||
	fail "no error for a transcript in a missing folder"
for cmd in "simulate hearts --deals 5 --json" "schema" "schema --markdown" \
	   "replay --json examples/transcripts/hearts-moon.yaml" "list"; do
	rc=0
	# shellcheck disable=SC2086
	"$CARDRULES" $cmd >/dev/full 2>"$tmp/err" || rc=$?
	[ "$rc" -eq 1 ] || fail "'cardrules $cmd >/dev/full' exited with $rc"
	expect_line "$tmp/err" "cardrules: error: cannot write the output: No space left on device"
done
status 1 cardrules simulate hearts --deals 5 -t /dev/full
# --- play, simulate, compare and explain: their help, their refusals and
# two runs stay as they are; the expected outputs are in tests/cli/ (after
# a deliberate change, write them again with ./cardrules) ---
for cmd in play simulate compare explain; do
	status 0 cardrules "$cmd" --help
	same_file "tests/cli/$cmd-help.txt" "$tmp/out" "$cmd --help and tests/cli/$cmd-help.txt"
done
status 0 cardrules simulate black-lady --deals 200 --seed 3 --json
same_file tests/cli/simulate-black-lady.json "$tmp/out" "the simulation and tests/cli/simulate-black-lady.json"
status 0 cardrules compare black-lady black-lady-tournament --deals 200 --seed 3 --json
same_file tests/cli/compare-black-lady.json "$tmp/out" "the comparison and tests/cli/compare-black-lady.json"
refused() {	# refused MESSAGE COMMAND ARG...: a usage error, and only that
	local want=$1 cmd=$2
	shift
	status 2 cardrules "$@"
	printf "cardrules %s: %s\nTry 'cardrules %s --help'.\n" "$cmd" "$want" "$cmd" >"$tmp/want"
	same_file "$tmp/want" "$tmp/err" "the refusal of '$*'"
	[ ! -s "$tmp/out" ] || fail "'$*' wrote to stdout"
}
for cmd in play simulate compare explain; do
	refused "unknown option '--frob'" "$cmd" hearts --frob
	refused "unknown option '-x'" "$cmd" hearts -x
	refused "'--players' needs a value" "$cmd" hearts --players
	refused "--players takes a number from 1 to 10, not 'x'" "$cmd" hearts --players x
	refused "--seed takes a number from 0 to 2^64-1, not 'x'" "$cmd" hearts --seed x
	refused "--dealer takes a seat number, not '10'" "$cmd" hearts -d 10
done
for cmd in play simulate explain; do
	refused "--set takes NAME=NUMBER, not 'x'" "$cmd" hearts --set x
done
refused "--set takes NAME=NUMBER, not 'x'" compare hearts hearts --set x
bad_bot="--bot is random, low, mc, ismcts, search or solve, the last four with :N playouts (solve: positions) or :Nms milliseconds a decision, or a list such as low,0=ismcts:100ms, not 'nosuch'"
refused "$bad_bot" play hearts --bot nosuch
refused "$bad_bot" simulate hearts --bot nosuch
refused "$bad_bot" compare hearts hearts -b nosuch
for cmd in play simulate compare; do
	refused "--playouts takes a number from 1 to 1000000, not '0'" "$cmd" hearts --playouts 0
done
for cmd in simulate compare; do
	refused "--deals takes a positive number, not 'x'" "$cmd" hearts --deals x
	refused "--deals takes a positive number, not '1000000001'" "$cmd" hearts -N 1000000001
	refused "'-N' needs a value" "$cmd" hearts -N
	refused "--jobs takes a number from 1 to 64, not '0'" "$cmd" hearts -j 0
	refused "unknown option '--de'" "$cmd" hearts --de 3     # --dealer or --deals
done
refused "--seat takes a seat number, not 'x'" play hearts --seat x
refused "unknown option '-k'" play -k 1 hearts
refused "unknown option '-j'" play -j 2 hearts
refused "unknown option '--h'" play hearts --h          # --help, --hotseat or --hint
refused "--dealer cannot be used with --resume: the saved game keeps its seats, players, seed, options and file" \
	play --resume x --dealer 1
refused "--resume takes the game from the transcript; do not name a game (y)" play --resume=x y
refused "--shard is K/N with 1 <= K <= N, not '3/2'" simulate hearts --shard 3/2 --out x
refused "--shard and --out go together" simulate hearts --shard 1/2
refused "a shard is played by one job, without --transcript" simulate hearts --shard 1/2 --out x -j 2
refused "--transcript is written by one job: leave out --jobs" simulate hearts -t x.yaml -j 2
refused "name one game, e.g. 'cardrules simulate black-lady --deals 10000'" simulate
refused "unknown option '-t'" compare -t x.yaml hearts hearts
refused "unknown option '--cheat'" compare hearts hearts --cheat
refused "at most 4 --value" compare hearts hearts --value a --value b --value c --value d --value e
refused "name two games, e.g. 'cardrules compare hearts omnibus-hearts.yaml'" compare hearts
refused "unknown option '-N'" explain -N 5 hearts
refused "name one game, e.g. 'cardrules explain hearts'" explain
# --- numbers are plain digits; unclear invocations get clear messages ---
for bad in ' 4' '+4' '4x' ''; do
	status 2 cardrules simulate hearts --players "$bad" --deals 1
	grep -qF -- "--players takes a number from 1 to 10, not '$bad'" "$tmp/err" ||
		fail "--players '$bad': $(head -n 1 "$tmp/err")"
done
status 2 cardrules simulate hearts --seed ' 7' --deals 1
status 2 cardrules simulate hearts --seed '+7' --deals 1
status 2 cardrules bench --deals
expect_line "$tmp/err" "cardrules bench: '--deals' needs a value"
status 2 cardrules bench --deals x
expect_line "$tmp/err" "cardrules bench: --deals takes a number from 1 to 1000000000, not 'x'"
status 2 cardrules simulate hearts --frob
expect_line "$tmp/err" "cardrules simulate: unknown option '--frob'"
status 1 cardrules play ''
expect_line "$tmp/err" "cardrules: error: the game's name is empty (a rule file's path, or a name from 'cardrules list')"
# --- warnings: valid, but almost surely a mistake ---
status 0 cardrules validate tests/data/warnings/misspelt-option.yaml
expect_line "$tmp/err" "tests/data/warnings/misspelt-option.yaml:7:3: warning: the option 'rouds' is not used by any expression (did you mean 'rounds'?)"
# a variant that keeps its base's description but changes a number it gives
status 0 cardrules validate tests/data/warnings/stale-description.yaml
expect_line "$tmp/err" "tests/data/warnings/stale-description.yaml:6:24: warning: this changes '100' to '150', but the description inherited from tests/data/warnings/../../../games/stendhal.yaml still says 100: give this file a description of its own"
# --strict: every game has words for every formula explain shows
for f in games/*.yaml; do
	status 0 cardrules validate --strict "$f"
	[ ! -s "$tmp/err" ] || fail "$f has formulas without words: $(head -n 1 "$tmp/err")"
done
status 1 cardrules validate --strict tests/data/warnings/unworded.yaml
expect_line "$tmp/err" "tests/data/warnings/unworded.yaml:6:10: warning: explain can only quote the score: give it words, as {is: FORMULA, says: WORDS}"
expect_line "$tmp/err" "tests/data/warnings/unworded.yaml: 1 formula without words (--strict)"
# a phase too few: random deals find the cards left in every hand
status 0 cardrules validate tests/data/warnings/three-rounds.yaml
expect_line "$tmp/err" "tests/data/warnings/../../../games/ribs.yaml:57:5: warning: with 4 players, 2 cards stay in every hand when the deal ends (in all 400 random deals played): the phases play, lay or pass fewer cards than are dealt"
# a choose() one value short of the pushes a deal can reach
status 0 cardrules validate tests/data/warnings/choose-short.yaml
expect_line "$tmp/err" "tests/data/warnings/choose-short.yaml:7:20: warning: choose() has 3 values here, for an index from 0 to 2, but its index came to 3 in a random deal with 3 players, where it gives 0: give a value for every index the game can reach"
for f in games/*.yaml examples/*.yaml; do
	status 0 cardrules validate "$f"
	[ ! -s "$tmp/err" ] || fail "$f: $(head -n 1 "$tmp/err")"
done
# --- checks that fail are loud: validate --simulate, simulate ---
f=tests/data/checks/omnibus-five-lines.yaml
status 0 cardrules validate "$f"
status 1 cardrules validate --simulate 200 "$f"
expect_line "$tmp/err" "games/hearts.yaml:51:7: error: this check failed: deal 1 of match 1, 1 deal into the run; 200 deals failed a check; play it again with: cardrules simulate $f --players 4 --dealer 0 --seed 1 --deals 1 --transcript failed.yaml"
expect_line "$tmp/err" "   51 |     - sum(taken) == 26"
status 1 cardrules simulate "$f" --deals 50 --seed 3
grep -q "^games/hearts.yaml:51:7: error: this check failed: deal 1 of match 1" "$tmp/err" ||
	fail "simulate does not name the failed check: $(head -n 2 "$tmp/err")"
status 0 cardrules validate --simulate 100 hearts black-lady black-lady-tournament
status 2 cardrules validate --simulate x hearts
# --- did you mean: commands, games ---
status 2 cardrules plya hearts
expect_line "$tmp/err" "cardrules: unknown command 'plya' (did you mean 'play'?)"
status 1 cardrules explain blacklady
expect_line "$tmp/err" "cardrules: error: no game 'blacklady' (did you mean 'black-lady'?)"
status 1 cardrules explain hearst
expect_line "$tmp/err" "cardrules: error: no game 'hearst' (did you mean 'hearts'?)"
# --- list: each game with its end and description ---
status 0 cardrules list
grep -q "^hearts  *Hearts, 4 players; until a player's total reaches 100$" "$tmp/out" ||
	fail "list does not say how Hearts ends: $(cat "$tmp/out")"
grep -q '^  *Four players avoid hearts' "$tmp/out" || fail "list shows no description"
# --- an expression operator from elsewhere ---
sed 's/    - sum(penalty) == 26/    - sum(penalty) => 26/' games/black-lady.yaml >"$tmp/arrow.yaml"
status 1 cardrules validate "$tmp/arrow.yaml"
grep -q "error: '=>' is not an operator; write '>='" "$tmp/err" || fail "=> is not explained: $(cat "$tmp/err")"
# --- a saved game keeps its table: options that would change it are refused ---
printf 'quit\n' | cardrules play hearts --seed 4 -t "$tmp/saved.yaml" >/dev/null
status 2 cardrules play --resume "$tmp/saved.yaml" --seat 2
expect_line "$tmp/err" "cardrules play: --seat cannot be used with --resume: the saved game keeps its seats, players, seed, options and file"
status 2 cardrules play --resume "$tmp/saved.yaml" --players 5
# --- transcripts of places and of thrown-in auctions replay to the same scores ---
status 0 cardrules simulate tests/data/games/places.yaml --deals 6 --bot mc --playouts 50 \
	--explicit-deals --transcript "$tmp/places.yaml"
grep -q '^      skat: \[' "$tmp/places.yaml" || fail "the skat is not in the transcript"
status 0 cardrules replay "$tmp/places.yaml"
printf 'extends: %s/tests/data/games/auction.yaml\ncardrules: 1\nmatch: {deals: 30}\n' "$PWD" >"$tmp/auction30.yaml"
status 0 cardrules simulate "$tmp/auction30.yaml" --deals 30 --seed 5 --transcript "$tmp/auction.yaml"
[ "$(grep -c ': call pass' "$tmp/auction.yaml")" -gt 0 ] || fail "no pass in the auction transcript"
status 0 cardrules replay "$tmp/auction.yaml"
pass
