#!/bin/bash
# Spades, Oh Hell and Bridge against OpenSpiel: every game OpenSpiel recorded in
# tests/data/openspiel/ (README.md there) is replayed through the rule
# files that read OpenSpiel's rule choices, and at every decision the
# moves allowed, at every trick the winner and at the end the scores must
# be OpenSpiel's (tests/scripts/openspiel-replay.py).
set -euo pipefail
. "$(dirname "$0")/lib.sh"

python3 tests/scripts/openspiel-replay.py tests/data/openspiel "$tmp" \
	>"$tmp/out" || fail "$(cat "$tmp/out")"
grep -q '^500 OpenSpiel games agree (200 spades, 200 oh_hell, 100 bridge)' "$tmp/out" ||
	fail "not every record was replayed: $(cat "$tmp/out")"
pass
