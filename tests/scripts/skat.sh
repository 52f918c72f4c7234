#!/bin/bash
# Skat against an independent implementation of its rules.
#
# Bots play whole matches with each deal's cards written out (two seats
# keep the bids low so that Null is declared too; then Monte Carlo bots);
# skat-oracle.py plays every deal again from the International Skat Order
# alone: every call of the bidding by holding, the skat or Hand, the games
# allowed (Null not above its value), the announcements, every card the
# rules allow against those the program offers, every trick, the scores
# with the overbid rule, and the dealers.  A variant that scores a lost
# game once, not twice, must not pass for Skat.  Then the text loop must
# narrate the bidding and the game declared.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

oracle() { python3 tests/scripts/skat-oracle.py "$@"; }
mkdir -p "$tmp/low" "$tmp/mc"
cardrules simulate skat --deals 150 --seed 5 --bot 0=low,1=low --explicit-deals \
	--transcript "$tmp/low/t.yaml" >/dev/null || fail "simulate skat"
oracle "$tmp/low"/*.yaml >"$tmp/low.out" || fail "$(cat "$tmp/low.out")"
n='[1-9][0-9]*'
grep -q "^150 deals agree .* $n clubs, $n diamonds, $n grand, $n hearts, $n null, $n spades; $n Hand, $n announced, $n ouvert; $n overbid, $n lost; $n schneider, $n schwarz" \
	"$tmp/low.out" || fail "Skat: $(cat "$tmp/low.out")"
cardrules simulate skat --deals 15 --seed 6 --bot mc --playouts 20 --explicit-deals \
	--transcript "$tmp/mc/t.yaml" >/dev/null || fail "simulate skat with mc bots"
oracle "$tmp/mc"/*.yaml >"$tmp/mc.out" || fail "Monte Carlo bots: $(cat "$tmp/mc.out")"
grep -q '^15 deals agree' "$tmp/mc.out" || fail "Monte Carlo bots: $(cat "$tmp/mc.out")"

# a lost game scored once is not Skat
mkdir -p "$tmp/once"
cat >"$tmp/skat-once.yaml" <<YAML
cardrules: 1
extends: $TOP_SRCDIR/games/skat.yaml
name: Skat, lost once
scoring:
  score: "if not soloist then 0 else if made then value else -lost_value"
YAML
cardrules simulate "$tmp/skat-once.yaml" --deals 9 --seed 5 --explicit-deals \
	--transcript "$tmp/once/t.yaml" >/dev/null || fail "simulate the variant"
if oracle "$tmp/once"/*.yaml >/dev/null; then
	fail "a lost game scored once passes for Skat"
fi

# --- the text loop: the bidding, the game declared, Ouvert ---
cardrules play skat --seed 4 --hotseat --no-color <<'IN' >"$tmp/out" 2>&1 || fail "play skat"
call 18
hold
call pass
call 20
hold
pass
choose hand
choose grand
choose ouvert
IN
grep -q '^  Middlehand (seat 2) says 18\.$' "$tmp/out" || fail "no 'Middlehand (seat 2) says 18.'"
grep -q '^  Forehand (seat 1) holds 18\.$' "$tmp/out" || fail "no 'Forehand (seat 1) holds 18.'"
grep -q '^  Rearhand (seat 0) says 20\.$' "$tmp/out" || fail "no 'Rearhand (seat 0) says 20.'"
grep -q '^  Forehand (seat 1) holds 20\.$' "$tmp/out" || fail "no 'Forehand (seat 1) holds 20.'"
grep -q '^  Forehand (seat 1) wins the bidding at 20\.$' "$tmp/out" || fail "nobody wins the bidding at 20"
grep -q '^  Seat 1 declares grand: only the jacks are trumps (base 24)\.$' "$tmp/out" ||
	fail "the game declared is not told in words"
grep -q '^  Seat 1 lays the hand open: ' "$tmp/out" || fail "laying the Ouvert hand open is not told"
grep -q '^  Open hand (seat 1): ' "$tmp/out" || fail "the Ouvert hand is not shown"
pass
