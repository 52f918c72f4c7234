#!/bin/bash
# Oh Hell against an independent implementation of its rules, and typed.
#
# Bots play whole matches of the game at 3 to 7 players and of each
# variant with each deal's cards written out; oh-hell-oracle.py plays
# every deal again from the rules alone (the hand of each deal, the card
# turned up and the trumps, every bid the rules allow against those the
# program offers, the hook, every card and trick, the scores, the dealer
# and the length of the match) and must agree, and must tell the
# variants from the base game.  Then a deal is typed into the hot-seat
# text loop.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

oracle() { python3 tests/scripts/oh-hell-oracle.py "$@"; }
check() {	# check NAME FLAG SIMULATE-ARGS...: bots' matches agree
	local name=$1 flag=$2
	shift 2
	mkdir -p "$tmp/$name"
	cardrules simulate "$@" --seed 7 --explicit-deals \
		--transcript "$tmp/$name/t.yaml" >/dev/null || fail "simulate $*"
	oracle "$flag" "$tmp/$name"/*.yaml >"$tmp/$name.out" ||
		fail "$name: $(cat "$tmp/$name.out")"
}
check base-3 --base oh-hell --players 3 --deals 33
check base-4 --base oh-hell --players 4 --deals 50
check base-7 --base oh-hell --players 7 --deals 13
check mc-4 --base oh-hell --players 4 --deals 25 --bot mc --playouts 20
check no-hook --no-hook oh-hell-no-hook --players 5 --deals 19
check trick-points --trick-points oh-hell-trick-points --players 6 --deals 15
check openspiel --openspiel oh-hell-openspiel --players 5 --set hand_size=10 --deals 40
grep -q '^50 deals agree.* [1-9][0-9]* dealers held back by the hook; 2 deals without trumps; 2 matches played to the end$' \
	"$tmp/base-4.out" || fail "Oh Hell at 4: $(cat "$tmp/base-4.out")"
grep -q '^33 deals agree.*; 0 deals without trumps; 1 matches played' "$tmp/base-3.out" ||
	fail "Oh Hell at 3: $(cat "$tmp/base-3.out")"
for v in no-hook trick-points openspiel; do
	if oracle --base "$tmp/$v"/*.yaml >/dev/null; then
		fail "oh-hell-$v passes for the base game"
	fi
done

# --- typed: a deal at the table, every seat at the keyboard ---
cardrules simulate oh-hell --seed 1 --deals 2 --transcript "$tmp/ref.yaml" >/dev/null
decisions() { sed -n 's/^      - \([0-9]*\): \(.*\)$/\2/p' "$1"; }
decisions "$tmp/ref.yaml" >"$tmp/words"
# deal 2 has two cards: a bid of 3 is refused; its dealer (seat 1, the
# fourth to call) may not bring the bids to 2 (with this seed the others
# call 1, 0, 1), and the bid that would is refused too, the game unchanged
python3 - "$tmp/words" >"$tmp/input" <<'PY'
import sys
words = open(sys.argv[1]).read().split("\n")[:-1]
hooked = 2 - sum(int(w.split()[1]) for w in words[8:11])
assert 0 <= hooked <= 2, words[8:11]
typed = words[:8] + ["call 3"] + words[8:11] + ["call %d" % hooked]
print("\n".join(typed + words[11:]))
PY
cardrules play oh-hell --seed 1 --hotseat --no-color \
	--transcript "$tmp/typed.yaml" <"$tmp/input" >"$tmp/out" 2>&1 ||
	fail "play exited with $? (output in $tmp/out)"
same_file "$tmp/words" <(decisions "$tmp/typed.yaml") "the typed decisions"
same_file <(grep scores "$tmp/ref.yaml") <(grep scores "$tmp/typed.yaml") "the deal scores"
grep -q '^  ! the call is a number from 0 to 2' "$tmp/out" || fail "a bid of 3 is not refused"
grep -q '^  ! the dealer may not make the bids add up to the tricks' "$tmp/out" ||
	fail "the hook is not told"
pass
