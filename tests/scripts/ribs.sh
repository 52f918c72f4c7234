#!/bin/bash
# Ribs against an independent implementation of its rules, and typed.
#
# Bots play Ribs, each variant and the variants combined (extends: a list)
# at 4, 7 and 10 players with each deal's cards written out;
# ribs-oracle.py plays every deal again from the rules alone (the bidding,
# every double trick and its resolution, the scores, the pots and chips
# of the betting) and must agree, and must not take Lemon Ribs for Ribs.
# Then a deal is typed into the hot-seat text loop, which must narrate
# each double trick step by step.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

deals=${RIBS_DEALS:-60}
top=$PWD
cat >"$tmp/lemon-open.yaml" <<YAML
cardrules: 1
extends: [$top/games/ribs-lemon.yaml, $top/games/ribs-open-fourth.yaml]
name: Lemon Ribs with the face-up fourth trick
YAML
cat >"$tmp/all.yaml" <<YAML
cardrules: 1
extends: [$top/games/ribs-lemon.yaml, $top/games/ribs-open-fourth.yaml, $top/games/ribs-betting.yaml]
name: Lemon Ribs, face-up fourth trick, betting
YAML
check() {	# NAME FILE ORACLE-FLAGS...
	local name=$1 file=$2
	shift 2
	mkdir -p "$tmp/$name"
	for players in 4 7 10; do
		cardrules simulate "$file" --players "$players" --deals "$deals" \
			--seed "$players" --explicit-deals \
			--transcript "$tmp/$name/random-$players.yaml" >/dev/null ||
			fail "simulate $name at $players players"
	done
	cardrules simulate "$file" --players 5 --deals 5 --seed 8 --bot mc \
		--playouts 10 --explicit-deals --transcript "$tmp/$name/mc.yaml" \
		>/dev/null || fail "simulate $name with mc bots"
	CARDRULES=$CARDRULES python3 tests/scripts/ribs-oracle.py "$@" \
		"$tmp/$name"/*.yaml >"$tmp/$name.out" ||
		fail "$name: $(cat "$tmp/$name.out")"
	local n
	n=$(sed -n 's/^\([0-9]*\) deals agree$/\1/p' "$tmp/$name.out")
	[ "$n" -eq $((3 * deals + 5)) ] || fail "$name: only $n deals checked"
}
check ribs ribs
check lemon ribs-lemon --lemon
check open ribs-open-fourth --open-fourth
check betting ribs-betting --betting
check lemon-open "$tmp/lemon-open.yaml" --lemon --open-fourth
check all "$tmp/all.yaml" --lemon --open-fourth --betting
if python3 tests/scripts/ribs-oracle.py "$tmp"/lemon/*.yaml >/dev/null; then
	fail "Lemon Ribs passes for Ribs"
fi

# --- typed: one deal at 4 players, every seat at the keyboard ---
cardrules simulate ribs --players 4 --seed 3 --deals 1 \
	--transcript "$tmp/ref.yaml" >/dev/null
decisions() { sed -n 's/^      - \([0-9]*\): \(.*\)$/\2/p' "$1"; }
decisions "$tmp/ref.yaml" >"$tmp/words"
{ echo "bid 5"; echo "play 9 9 up"; cat "$tmp/words"; } >"$tmp/input"
cardrules play ribs --players 4 --seed 3 --hotseat --no-color --set rounds=1 \
	--transcript "$tmp/typed.yaml" <"$tmp/input" >"$tmp/out" 2>&1 ||
	fail "play exited with $? (output in $tmp/out)"
same_file "$tmp/words" <(decisions "$tmp/typed.yaml") "the typed decisions"
same_file <(grep scores "$tmp/ref.yaml") <(grep scores "$tmp/typed.yaml") "the deal scores"
expect_line "$tmp/out" "  ! the first call must be a bid of 2"
expect_line "$tmp/out" "  ! it is time to call, not to play"
[ "$(grep -c '^  Seat [0-9].s ribs: ' "$tmp/out")" -eq 4 ] || fail "4 double tricks not narrated"
[ "$(grep -c '^  Bid check: \|^  The bid fails' "$tmp/out")" -eq 4 ] || fail "bid checks not told"
pass
