#!/bin/bash
# Stendhal against an independent implementation of its rules, and typed.
#
# Random and Monte Carlo bots play Stendhal at 5, 6 and 7 players with
# each deal's cards written out; stendhal-oracle.py plays every deal again
# from the rules alone (the vote, every trick, the scores, the end of the
# match) and must agree, and must not agree with a variant whose vote
# breaks ties another way.  Then a match at 6 players is typed into the
# text loop seat by seat, which must narrate each vote in words, and the
# example STN-2 is dealt and voted at the table.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

oracle() { python3 tests/scripts/stendhal-oracle.py "$@"; }
deals=${STENDHAL_DEALS:-150}

for players in 5 6 7; do
	cardrules simulate stendhal --players "$players" --seed "$players" \
		--deals "$deals" --explicit-deals \
		--transcript "$tmp/random-$players.yaml" >/dev/null ||
		fail "simulate at $players players failed"
	cardrules simulate stendhal --players "$players" --seed 9 --deals 12 \
		--bot mc --playouts 20 --explicit-deals \
		--transcript "$tmp/mc-$players.yaml" >/dev/null ||
		fail "simulate with mc bots at $players players failed"
done
oracle "$tmp"/random-*.yaml "$tmp"/mc-*.yaml >"$tmp/oracle" ||
	fail "the oracle disagrees: $(tail -n 1 "$tmp/oracle")"
agreed=$(sed -n 's/^\([0-9]*\) deals agree.*/\1/p' "$tmp/oracle")
[ "$agreed" -eq $((3 * deals + 36)) ] || fail "only $agreed deals were checked"

# the program ends a match exactly when the oracle does
for t in "$tmp"/random-*.yaml; do
	over=$(cardrules replay --json "$t" | python3 -c 'import json,sys; print(json.load(sys.stdin)["over"])')
	ended=$(grep -c "^$t: .*the match ended$" "$tmp/oracle" || true)
	[ "$over" = True ] && [ "$ended" = 1 ] && continue
	[ "$over" = False ] && [ "$ended" = 0 ] && continue
	fail "$t: over is $over, but the oracle says ended=$ended"
done

# a vote that breaks ties by order alone disagrees with the rules
cat >"$tmp/order-only.yaml" <<'YAML'
cardrules: 1
extends: ../../games/stendhal.yaml
name: Stendhal, ties by order
phases:
  vote: {tie: [order]}
YAML
sed -i "s|extends: .*|extends: $PWD/games/stendhal.yaml|" "$tmp/order-only.yaml"
cardrules simulate "$tmp/order-only.yaml" --players 6 --deals 200 --explicit-deals \
	--transcript "$tmp/variant.yaml" >/dev/null || fail "the variant does not run"
if oracle "$tmp"/variant*.yaml >"$tmp/oracle2"; then
	fail "the oracle agrees with a variant that breaks ties otherwise"
fi

# --- typed at 6 players: every vote narrated ---
cardrules simulate stendhal --players 6 --seed 4 --deals 6 \
	--transcript "$tmp/ref.yaml" >/dev/null
decisions() { sed -n 's/^      - \([0-9]*\): \(.*\)$/\2/p' "$1"; }
decisions "$tmp/ref.yaml" >"$tmp/words"
{ echo "vote ZZ"; cat "$tmp/words"; } >"$tmp/input"
cardrules play stendhal --players 6 --seed 4 --hotseat --no-color \
	--transcript "$tmp/typed.yaml" <"$tmp/input" >"$tmp/out" 2>&1 ||
	fail "play exited with $? (output in $tmp/out)"
same_file "$tmp/words" <(decisions "$tmp/typed.yaml") "the typed decisions"
same_file <(grep scores "$tmp/ref.yaml") <(grep scores "$tmp/typed.yaml") "the deal scores"
reveals=$(grep -c '^  The cards are turned up: ' "$tmp/out" || true)
[ "$reveals" -eq 6 ] || fail "$reveals votes narrated, not 6 (see $tmp/out)"
[ "$(grep -c '^  Cards per suit: ' "$tmp/out")" -eq 6 ] || fail "counts missing"
[ "$(grep -c '^  primary: ' "$tmp/out")" -ge 6 ] || fail "the elected suit is not named"
expect_line "$tmp/out" "  ♥ and ✚ have 2 cards each; their ranks, highest first: ♥ Q 10, ✚ A 4; ✚ is higher at the first card."
expect_line "$tmp/out" "  primary: ✚ (cross), with its partner ❦ (leaf)"
expect_line "$tmp/out" "  ♥ has the most cards."
expect_line "$tmp/out" "  ! 'ZZ' is not a card: write the rank, then the suit, as in QS, 10H or TH"
# the running counts: the minus cards taken as well as the bonus
grep -q '^  penalty so far: ' "$tmp/out" || fail "the penalty so far is never shown"
grep -q '^  bonus so far: ' "$tmp/out" || fail "the bonus so far is never shown"

# --- the example STN-2 at the table: the order decides, in words ---
cp tests/data/transcripts/stendhal-stn2.yaml "$tmp/stn2.yaml"
printf 'vote %s\n' 9C AS 9S 9L AC JD 3H | cardrules play --resume "$tmp/stn2.yaml" \
	--no-color >"$tmp/stn2" 2>&1 || fail "resuming STN-2 failed (see $tmp/stn2)"
expect_line "$tmp/stn2" "  The cards are turned up: seat 6 J♦, seat 5 A♣, seat 4 9❦, seat 3 9♠, seat 2 A♠, seat 1 9♣, seat 0 3♥; centre A❦."
expect_line "$tmp/stn2" "  Cards per suit: ♠ 2, ♣ 2, ❦ 2, ♥ 1, ♦ 1."
expect_line "$tmp/stn2" "  ♠, ♣ and ❦ have 2 cards each with the same ranks (A 9); A♣ comes first in the order turned up."
expect_line "$tmp/stn2" "  primary: ♣ (clubs), with its partner ♦ (diamonds)"
[ "$(grep -c 'has laid a card face down' "$tmp/stn2")" -eq 7 ] ||
	fail "the votes laid are not told without their cards"
pass
