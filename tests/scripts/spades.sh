#!/bin/bash
# Spades against an independent implementation of its rules, and typed.
#
# Bots play the game and each variant with each deal's cards written out;
# spades-oracle.py plays every deal again from the rules alone (every
# call and card the rules allow, against those the program offers, every
# trick, nil and blind nil, bags, the scores, the dealer and the end of
# the match) and must agree, and must tell the variants from the base
# game.  Then a deal is typed into the hot-seat text loop, and two of
# blind nil, whose choice is made before the hand is shown.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

deals=${SPADES_DEALS:-60}
oracle() { python3 tests/scripts/spades-oracle.py "$@"; }
for v in base blind-nil blind-nil-unseen openspiel; do
	file=spades-$v
	[ "$v" = base ] && file=spades
	mkdir -p "$tmp/$v"
	cardrules simulate "$file" --deals "$deals" --seed 7 --explicit-deals \
		--transcript "$tmp/$v/random.yaml" >/dev/null || fail "simulate $file"
	# a match of the base game to 200 ends within these deals
	target=()
	[ "$v" = base ] && target=(--set target=200)
	cardrules simulate "$file" --deals 20 --seed 8 --bot mc "${target[@]}" \
		--explicit-deals --transcript "$tmp/$v/mc.yaml" >/dev/null ||
		fail "simulate $file with mc bots"
	oracle "--$v" "$tmp/$v"/*.yaml >"$tmp/$v.out" || fail "$file: $(cat "$tmp/$v.out")"
	n=$(sed -n 's/^\([0-9]*\) deals agree.*/\1/p' "$tmp/$v.out")
	[ "$n" -eq $((deals + 20)) ] || fail "$file: $n deals checked"
	grep -q ' [1-9][0-9]* nil and ' "$tmp/$v.out" || fail "$file: nobody bid nil"
	if [ "$v" != openspiel ]; then
		grep -q '; [1-9][0-9]* leads kept off spades' "$tmp/$v.out" ||
			fail "$file: spades were never kept from a lead"
	fi
done
for v in blind-nil blind-nil-unseen; do
	grep -q ' [1-9][0-9]* blind nil bids' "$tmp/$v.out" || fail "nobody bid blind nil in spades-$v"
done
grep -q ' [1-9][0-9]* matches ended' "$tmp/base.out" || fail "no match of Spades ended"
grep -q ' [1-9][0-9]* bag penalties' "$tmp/base.out" || fail "nobody paid for ten bags"
for v in blind-nil blind-nil-unseen openspiel; do
	if oracle --base "$tmp/$v"/*.yaml >/dev/null; then
		fail "spades-$v passes for the base game"
	fi
done

# --- typed: a deal at the table, every seat at the keyboard ---
cardrules simulate spades --seed 3 --deals 1 --explicit-deals \
	--transcript "$tmp/ref.yaml" >/dev/null
decisions() { sed -n 's/^      - \([0-9]*\): \(.*\)$/\2/p' "$1"; }
decisions "$tmp/ref.yaml" >"$tmp/words"
# a bid out of range, and a spade led before spades are broken, by the
# first leader when it holds a spade and another suit: each refused, the
# game unchanged
spade=$(python3 - "$tmp/ref.yaml" <<'PY'
import sys, yaml
deal = yaml.safe_load(open(sys.argv[1]))["deals"][0]
hand = deal["hands"][(deal["dealer"] + 1) % 4]
spades = [c for c in hand if c.endswith("S")]
print(spades[0] if spades and len(spades) < len(hand) else "")
PY
)
[ -n "$spade" ] || fail "the first leader of the typed deal holds no spade"
{ echo "call 14"; sed "0,/^play /s//play $spade\n&/" "$tmp/words"; } >"$tmp/input"
cardrules play spades --seed 3 --hotseat --no-color \
	--transcript "$tmp/typed.yaml" <"$tmp/input" >"$tmp/out" 2>&1 ||
	fail "play exited with $? (output in $tmp/out)"
same_file "$tmp/words" <(decisions "$tmp/typed.yaml") "the typed decisions"
same_file <(grep scores "$tmp/ref.yaml") <(grep scores "$tmp/typed.yaml") "the deal scores"
grep -q '^  ! the call is a number from 1 to 13' "$tmp/out" || fail "a bid of 14 is not refused"
grep -q 'spades are not broken yet' "$tmp/out" || fail "a spade lead is not refused"
grep -q '^  Called so far: ' "$tmp/out" || fail "the calls are not told"

# --- typed: blind nil is chosen before the hand is seen ---
cardrules simulate spades-blind-nil-unseen --seed 1 --deals 2 \
	--transcript "$tmp/blind.yaml" >/dev/null
grep -q '^      - 2: choose look$' "$tmp/blind.yaml" ||
	fail "nobody chooses blind nil or not in the typed deals"
decisions "$tmp/blind.yaml" >"$tmp/blind-words"
cardrules play spades-blind-nil-unseen --seed 1 --hotseat --no-color \
	--transcript "$tmp/blind-typed.yaml" <"$tmp/blind-words" >"$tmp/blind-out" 2>&1 ||
	fail "play exited with $? (output in $tmp/blind-out)"
same_file "$tmp/blind-words" <(decisions "$tmp/blind-typed.yaml") "the typed decisions"
grep -A1 "^-- seat 2's turn" "$tmp/blind-out" |
	grep -q "^  Seat 2's hand: 13 cards, not looked at yet$" ||
	fail "the hand is shown before the blind nil choice"
pass
