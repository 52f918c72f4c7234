#!/bin/bash
# Everything in examples/ and the README's snippets runs as documented.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

for f in examples/*.yaml; do
	cardrules validate -q "$f" || fail "$f does not validate"
	cardrules simulate "$f" --deals 400 --seed 3 >"$tmp/sim" ||
		fail "a check of $f failed: $(tail -n 1 "$tmp/sim")"
done

for t in examples/transcripts/*.yaml; do
	cardrules replay "$t" >"$tmp/replay" 2>&1 || fail "$t does not replay: $(cat "$tmp/replay")"
done
grep -q '^deal 1 (dealer 0): scores +0 +26 +26 +26' <(cardrules replay examples/transcripts/hearts-moon.yaml) ||
	fail "the moon transcript does not score a moon"

cardrules play hearts --seed 11 --hotseat --no-save --no-color \
	<examples/hearts-first-deal.txt >"$tmp/session" 2>&1 || fail "the session failed"
! grep -q '^  ! ' "$tmp/session" || fail "the session has a refused command: $(grep '^  ! ' "$tmp/session")"
grep -q '^Deal 1 is over.' "$tmp/session" || fail "the session does not finish its deal"

# The README's house rule, as printed there.
sed -n '/This file plays Black Lady with the clear rule/,/^```$/p' README.md |
	sed -n '/^```yaml$/,/^```$/p' | sed '1d;$d' >"$tmp/readme-variant.yaml"
[ -s "$tmp/readme-variant.yaml" ] || fail "the README's house rule is missing"
cardrules validate -q "$tmp/readme-variant.yaml" || fail "the README's house rule does not validate"
# every deal's score is explained by the scoring's named values
cardrules replay examples/transcripts/hearts-moon.yaml >"$tmp/moon"
expect_line "$tmp/moon" "  taken              26        0        0        0"
expect_line "$tmp/moon" "  moon         yes (for the table)"
expect_line "$tmp/moon" "  deal score         +0      +26      +26      +26"
grep -q '^  taken so far: ' "$tmp/session" || fail "the session shows no running count"

# the house rules of the examples are short: a variant patches what it changes
for f in omnibus-hearts hearts-no-passing spot-hearts hearts-moon-choice \
	hearts-to-50 black-lady-3-left; do
	lines=$(grep -cv '^\(#\|$\)' "examples/$f.yaml")
	[ "$lines" -le 10 ] || fail "examples/$f.yaml has $lines lines of rules (at most 10)"
done
# patched phases: the pass is gone, the choice follows the tricks, the passes go left
cardrules explain examples/hearts-no-passing.yaml >"$tmp/x"
! grep -q 'passes them' "$tmp/x" || fail "hearts-no-passing still passes"
cardrules explain examples/hearts-moon-choice.yaml | grep -q '^3\. A round of choices' ||
	fail "the moon's choice is not the third phase"
[ "$(cardrules explain examples/black-lady-3-left.yaml | grep -c 'to the player on their left')" = 2 ] ||
	fail "black-lady-3-left does not pass left twice"
pass
