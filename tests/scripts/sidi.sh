#!/bin/bash
# Sidi Barrani against an independent implementation of its rules, and
# typed.
#
# Bots play the game and each optional alternative with each deal's cards
# written out; sidi-oracle.py plays every deal again from the rules alone
# (the auction, every card and trick, the melds announced or withheld,
# the marriage, the contract, the scores, the dealer and the end of the
# match) and must agree, and must tell the alternatives from the base
# game.  Then a deal is typed into the hot-seat text loop.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

deals=${SIDI_DEALS:-200}
oracle() { python3 tests/scripts/sidi-oracle.py "$@"; }
for v in base standard-weis team-melds trump-at-will; do
	file=sidi-barrani-$v
	flag=--$v
	[ "$v" = base ] && file=sidi-barrani && flag=--base
	mkdir -p "$tmp/$v"
	cardrules simulate "$file" --deals "$deals" --seed 7 --explicit-deals \
		--transcript "$tmp/$v/random.yaml" >/dev/null || fail "simulate $file"
	cardrules simulate "$file" --deals 4 --seed 8 --bot mc --playouts 10 \
		--explicit-deals --transcript "$tmp/$v/mc.yaml" >/dev/null ||
		fail "simulate $file with mc bots"
	oracle "$flag" "$tmp/$v"/*.yaml >"$tmp/$v.out" || fail "$file: $(cat "$tmp/$v.out")"
	n=$(sed -n 's/^\([0-9]*\) deals agree, \([0-9]*\) thrown.*/\1 \2/p' "$tmp/$v.out")
	[ "$(( ${n% *} + ${n#* } ))" -eq $((deals + 4)) ] || fail "$file: $n deals checked"
	held=$(sed -n 's/.*; \([0-9]*\) announcements withheld.*/\1/p' "$tmp/$v.out")
	[ "${held:-0}" -gt 0 ] || fail "$file: no meld was ever withheld"
done
# a transcript written before melds were a choice declared them all
oracle tests/transcripts/fixtures/sidi-barrani-mc.yaml >"$tmp/old.out" ||
	fail "the old transcript: $(cat "$tmp/old.out")"
for v in standard-weis trump-at-will; do
	if oracle "$tmp/$v"/*.yaml >/dev/null; then
		fail "sidi-barrani-$v passes for the base game"
	fi
done

# --- typed: a deal at the table, every seat at the keyboard ---
cardrules simulate sidi-barrani --seed 3 --deals 1 --transcript "$tmp/ref.yaml" >/dev/null
decisions() { sed -n 's/^      - \([0-9]*\): \(.*\)$/\2/p' "$1"; }
decisions "$tmp/ref.yaml" >"$tmp/words"
grep -q '^declare ' "$tmp/words" || fail "nobody declares melds in the typed deal"
# a bid that does not exist, and a declaration that names no choice
# before the first one: each refused, the game unchanged
{ echo "call 30 H"; sed '0,/^declare /s//declare all none\n&/' "$tmp/words"; } >"$tmp/input"
cardrules play sidi-barrani --seed 3 --hotseat --no-color \
	--transcript "$tmp/typed.yaml" <"$tmp/input" >"$tmp/out" 2>&1 ||
	fail "play exited with $? (output in $tmp/out)"
same_file "$tmp/words" <(decisions "$tmp/typed.yaml") "the typed decisions"
same_file <(grep scores "$tmp/ref.yaml") <(grep scores "$tmp/typed.yaml") "the deal scores"
grep -q '^  Contract: ' "$tmp/out" || fail "the contract is not shown"
grep -q "^  ! 'all' stands alone" "$tmp/out" || fail "a wrong declaration is not refused"
grep -q '^  Melds: ' "$tmp/out" || fail "the melds are not told"
pass
