#!/bin/bash
# Euchre against an independent implementation of its rules.
#
# Bots play whole matches of the game and of stick the dealer with each
# deal's cards written out; euchre-oracle.py plays every deal again from
# the rules alone (ordering up, the dealer's pick-up and discard, naming
# trumps, going alone, the bowers, every card the rules allow against
# those the program offers, every trick, the scores, the dealer and the
# end of the match) and must agree, and must tell the variant from the
# base game.  Then a deal in which a player goes alone is typed into the
# hot-seat text loop, which must say who sits out.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

oracle() { python3 tests/scripts/euchre-oracle.py "$@"; }
check() {	# check NAME FLAG SIMULATE-ARGS...: bots' matches agree
	local name=$1 flag=$2
	shift 2
	mkdir -p "$tmp/$name"
	cardrules simulate "$@" --explicit-deals \
		--transcript "$tmp/$name/t.yaml" >/dev/null || fail "simulate $*"
	oracle $flag "$tmp/$name"/*.yaml >"$tmp/$name.out" ||
		fail "$name: $(cat "$tmp/$name.out")"
}
check base "" euchre --deals 100 --seed 7
check mc "" euchre --deals 20 --seed 10 --bot mc
check stick --stick euchre-stick-the-dealer --deals 20 --seed 10 --bot mc
n='[1-9][0-9]*'
grep -q "^100 deals agree.* $n ordered up, $n named .* thrown in; $n alone; $n euchred, $n marches; $n left bowers.* $n matches ended$" \
	"$tmp/base.out" || fail "Euchre: $(cat "$tmp/base.out")"
grep -q "$n named in the second round (0 by a dealer stuck), $n thrown in" "$tmp/mc.out" ||
	fail "Euchre with Monte Carlo bots: $(cat "$tmp/mc.out")"
grep -q "($n by a dealer stuck), 0 thrown in" "$tmp/stick.out" ||
	fail "stick the dealer: $(cat "$tmp/stick.out")"
if oracle "$tmp/stick"/*.yaml >/dev/null; then
	fail "euchre-stick-the-dealer passes for the base game"
fi
if oracle --stick "$tmp/mc"/*.yaml >/dev/null; then
	fail "euchre passes for stick the dealer"
fi

# --- typed: seat 2 orders up and goes alone, seat 0 sits out ---
cardrules simulate euchre --seed 3 --deals 1 --explicit-deals \
	--transcript "$tmp/ref.yaml" >/dev/null
grep -q '^      - 2: choose alone$' "$tmp/ref.yaml" || fail "nobody goes alone in the typed deal"
decisions() { sed -n 's/^      - \([0-9]*\): \(.*\)$/\2/p' "$1"; }
decisions "$tmp/ref.yaml" >"$tmp/words"
cardrules play euchre --seed 3 --hotseat --no-color \
	--transcript "$tmp/typed.yaml" <"$tmp/words" >"$tmp/out" 2>&1 ||
	fail "play exited with $? (output in $tmp/out)"
same_file "$tmp/words" <(decisions "$tmp/typed.yaml") "the typed decisions"
grep -A1 '^  Seat 2 chooses alone: go alone, ' "$tmp/out" | grep -q '^  Seat 0 sits these tricks out' ||
	fail "going alone does not say who sits out"
[ "$(grep -c '^  Sitting out: seat 0\.$' "$tmp/out")" -eq 15 ] ||
	fail "the table does not show seat 0 sitting out at every card"
if grep -q '^play> play' "$tmp/out" && grep -B3 '^play> ' "$tmp/out" | grep -q "Seat 0's hand"; then
	fail "seat 0 is asked to play while sitting out"
fi
pass
