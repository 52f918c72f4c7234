#!/bin/bash
# cardrules serve: for every game of games/, a match (up to 400 decisions) played through
# the protocol by examples/serve_client.py, every message checked against
# the JSON Schemas of schemas/protocol/ and every view and event against
# the server's audit (no card a seat may not see); bad requests refused
# one by one with the game unchanged; undo, hints, save and
# load-transcript (tests/scripts/serve-check.py).
set -euo pipefail
. "$(dirname "$0")/lib.sh"

python3 -c 'import jsonschema' 2>/dev/null ||
	fail "python3 with jsonschema is needed (Debian: python3-jsonschema; scripts/setup installs it)"
python3 tests/scripts/serve-check.py "$tmp" >"$tmp/log" 2>&1 ||
	fail "$(grep -m 20 -e '^FAIL' -e 'Error' "$tmp/log" || tail -n 20 "$tmp/log")"
tail -n 1 "$tmp/log"

# the example client plays a match on its own, by its simple rule
python3 examples/serve_client.py black-lady --set rounds=1 --seed 2 \
	--rule lowest --bots low --program "$CARDRULES" >"$tmp/client" 2>&1 ||
	fail "examples/serve_client.py failed: $(tail -n 3 "$tmp/client")"
grep -q '^result: totals' "$tmp/client" || fail "the example client printed no result"

# the tournament: a Python bot against two of the built-in bots
python3 examples/tournament.py black-lady --matches 1 --opponents low,mc:20 \
	--program "$CARDRULES" >"$tmp/tournament" 2>&1 ||
	fail "examples/tournament.py failed: $(tail -n 3 "$tmp/tournament")"
[ "$(grep -c '^\(low\|mc:20\)  ' "$tmp/tournament")" = 2 ] ||
	fail "the tournament printed no result per opponent: $(cat "$tmp/tournament")"
pass
