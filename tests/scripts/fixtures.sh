#!/bin/bash
# Transcripts recorded by earlier versions replay to the same scores,
# totals and places (tests/transcripts/fixtures/README.md).
set -euo pipefail
. "$(dirname "$0")/lib.sh"

n=0
for t in tests/transcripts/fixtures/*.yaml; do
	want=${t%.yaml}.expected.json
	cardrules replay "$t" >/dev/null || fail "$t no longer replays"
	cardrules replay --json "$t" | sed 's|"transcript":"[^"]*",||' >"$tmp/got" ||
		fail "$t: replay --json failed"
	python3 tests/scripts/same-results.py "$want" "$tmp/got" >"$tmp/diff" ||
		fail "$t replays to another result than $want: $(cat "$tmp/diff")"
	n=$((n + 1))
done
[ "$n" -ge 15 ] || fail "only $n fixtures found"
pass
