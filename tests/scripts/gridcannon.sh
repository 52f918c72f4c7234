#!/bin/bash
# Gridcannon against an independent implementation of its rules.
#
# The oracle, gridcannon-oracle.py, must first hold to the worked
# examples of the rules.  Bots play Gridcannon with each deal's deck
# written out, plain and with the early loss of rules 11; the oracle
# plays every game again from the rules alone (setup, the swap, each
# royal's slot, each card's position or armour, the ploys, every attack,
# the end) and must agree on each decision, the score and the royals
# killed.  The other way round, the oracle plays games of its own, by
# chance and by a search that knows the deck and wins often, and
# cardrules must replay each one to the same score.  The oracle with a
# queen that ignores colours must disagree.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

deals=${GRIDCANNON_DEALS:-300}
oracle() { python3 tests/scripts/gridcannon-oracle.py "$@"; }

# check WHAT FILES...: the oracle agrees on every deal of FILES
check() {
	local what=$1 n
	shift
	oracle "$@" >"$tmp/$what.out" || fail "$what: $(cat "$tmp/$what.out")"
	n=$(sed -n 's/^\([0-9]*\) deals agree$/\1/p' "$tmp/$what.out")
	[ "${n:-0}" -eq "$#" ] || fail "$what: ${n:-no} deals checked, not $#"
}

oracle --examples >"$tmp/examples.out" ||
	fail "the oracle: $(cat "$tmp/examples.out")"

# --- cardrules plays, the oracle follows ---
mkdir -p "$tmp/random" "$tmp/low" "$tmp/early"
cardrules simulate gridcannon --deals "$deals" --seed 1 --explicit-deals \
	--transcript "$tmp/random/game.yaml" >/dev/null || fail "simulate random"
cardrules simulate gridcannon --deals 30 --seed 2 --bot low \
	--explicit-deals --transcript "$tmp/low/game.yaml" >/dev/null ||
	fail "simulate low"
cardrules simulate gridcannon --deals 50 --seed 3 --set early_loss=1 \
	--explicit-deals --transcript "$tmp/early/game.yaml" >/dev/null ||
	fail "simulate early_loss=1"
check random "$tmp"/random/*.yaml
check low "$tmp"/low/*.yaml
check early "$tmp"/early/*.yaml

# --- the oracle plays, cardrules follows ---
mkdir -p "$tmp/chance" "$tmp/search"
oracle --generate 200 --seed 4 --out "$tmp/chance/game.yaml" \
	>"$tmp/chance.gen" || fail "generate: $(cat "$tmp/chance.gen")"
oracle --generate 12 --seed 5 --search 5 --out "$tmp/search/game.yaml" \
	>"$tmp/search.gen" || fail "generate: $(cat "$tmp/search.gen")"
won=$(sed -n 's/^12 games written, \([0-9]*\) won$/\1/p' "$tmp/search.gen")
[ "${won:-0}" -ge 3 ] || fail "the search won ${won:-no} games of 12"
# the check replays each game with cardrules, which names any decision it
# refuses by its line and column, and compares the scores
check chance "$tmp"/chance/*.yaml
check search "$tmp"/search/*.yaml

# --- the oracle's debugging view ---
oracle --trace --deal 1 "$tmp/random/game.yaml" >"$tmp/trace.out" ||
	fail "--trace: $(tail -n 5 "$tmp/trace.out")"
grep -q '^    legal: swap 0,0 | .* | start$' "$tmp/trace.out" ||
	fail "--trace lists no decisions"

# --- a wrong rule must be caught ---
if oracle --queen-any-colour "$tmp"/random/*.yaml >"$tmp/wrong.out"; then
	fail "a queen killed whatever the colours passes for Gridcannon"
fi
grep -q '^[^ ]*: deal 1: ' "$tmp/wrong.out" ||
	fail "the wrong queen fails otherwise: $(cat "$tmp/wrong.out")"

# --- the search bot, seeing only what a player sees, wins some games ---
cardrules simulate gridcannon --deals 8 --seed 1 --bot search:50 -j 2 \
	>"$tmp/search.out" || fail "the search bot: $(cat "$tmp/search.out")"
grep -q '^won [1-8] of 8 games' "$tmp/search.out" ||
	fail "the search bot wins nothing: $(grep won "$tmp/search.out")"

# --- typed: the won fixture's choices into the text loop ---
# The text loop makes an only move by itself; the player types the rest
# and the transcript it writes holds every decision, as simulate's did.
won=tests/transcripts/fixtures/gridcannon-won.yaml
decisions() { sed -n 's/^      - \([0-9]*\): \(.*\)$/\2/p' "$1"; }
oracle --choices "$won" >"$tmp/choices" || fail "--choices: $(cat "$tmp/choices")"
{ echo "royal W2"; echo "moves"; cat "$tmp/choices"; } >"$tmp/input"
cardrules play gridcannon --seed 2 --no-color --transcript "$tmp/typed.yaml" \
	<"$tmp/input" >"$tmp/out" 2>&1 || fail "play exited with $? ($tmp/out)"
same_file <(decisions "$won") <(decisions "$tmp/typed.yaml") "the decisions"
same_file <(grep scores "$won") <(grep scores "$tmp/typed.yaml") "the score"
grep -q "^  ! 'royal W2' is not legal now: 'royal' prefers other places for ..; the legal 'royal' moves are: " "$tmp/out" ||
	fail "a wrong slot is not refused with its reason and the slots allowed"
grep -q '^  Won!$' "$tmp/out" || fail "the win is not told"
[ "$(grep -c '^  Killed: ' "$tmp/out")" -ge 6 ] || fail "the kills are not told"
grep -q '(the only move)$' "$tmp/out" || fail "no only move was made by itself"
grep -q '^  W1 ' "$tmp/out" || fail "the board is not drawn"
pass
