#!/bin/bash
# Spades, Oh Hell, Euchre, Hearts, Bridge and Skat against OpenSpiel: the games
# OpenSpiel recorded in tests/data/openspiel/ (README.md there) are
# replayed through the rule files that read OpenSpiel's rule choices, and
# at every decision the moves allowed, at every trick the winner and at
# the end the scores must be OpenSpiel's
# (tests/scripts/openspiel-replay.py).
set -euo pipefail
. "$(dirname "$0")/lib.sh"

python3 tests/scripts/openspiel-replay.py tests/data/openspiel "$tmp" \
	>"$tmp/out" || fail "$(cat "$tmp/out")"
grep -q '^1000 OpenSpiel games agree (200 spades, 200 oh_hell, 300 euchre, 100 hearts, 100 bridge, 100 skat)' "$tmp/out" ||
	fail "not every record was replayed: $(cat "$tmp/out")"
grep -q '(197 deals with seats sitting out)' "$tmp/out" ||
	fail "the lone players were not all replayed: $(cat "$tmp/out")"
pass
