#!/bin/bash
# Schieberamsch against XSkat and against an independent implementation.
#
# The 203 deals XSkat played (tests/data/xskat-ramsch) are replayed through
# the rule file as XSkat plays it (no jacks laid back, no Grand Hand) and
# must agree deal by deal (xskat-replay.py).  Then bots play the base game
# and each variant, and schieberamsch-oracle.py plays every deal again
# from the rules alone: the rounds, every card, every trick, the scores,
# the dealers and the end of the match must agree; a variant's deals must
# not pass for the base game's.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

python3 tests/scripts/xskat-replay.py "$CARDRULES" tests/data/xskat-ramsch/games.jsonl \
	tests/data/games/schieberamsch-xskat.yaml "$tmp" >"$tmp/xskat" ||
	fail "XSkat: $(tail -n 1 "$tmp/xskat")"
grep -q '^203 XSkat deals agree' "$tmp/xskat" || fail "XSkat: $(cat "$tmp/xskat")"

deals=${SCHIEBERAMSCH_DEALS:-200}
oracle() { python3 tests/scripts/schieberamsch-oracle.py "$@"; }
for v in base no-jacks kontra skat-to-most; do
	file=schieberamsch-$v
	[ "$v" = base ] && file=schieberamsch
	mkdir -p "$tmp/$v"
	cardrules simulate "$file" --deals "$deals" --seed 5 --explicit-deals \
		--transcript "$tmp/$v/random.yaml" >/dev/null || fail "simulate $file"
	cardrules simulate "$file" --deals 15 --seed 6 --bot mc --playouts 20 \
		--explicit-deals --transcript "$tmp/$v/mc.yaml" >/dev/null ||
		fail "simulate $file with mc bots"
	variant=$v
	[ "$v" = skat-to-most ] && variant=most
	oracle --variant "$variant" "$tmp/$v"/*.yaml >"$tmp/$v.out" ||
		fail "$file: $(cat "$tmp/$v.out")"
	n=$(sed -n 's/^\([0-9]*\) deals agree.*/\1/p' "$tmp/$v.out")
	[ "$n" -eq $((deals + 15)) ] || fail "$file: only $n deals checked"
done
# the oracle tells the variants from the base game
if oracle "$tmp"/skat-to-most/*.yaml >/dev/null; then
	fail "the skat to the highest passes for the base game"
fi
if oracle "$tmp"/kontra/*.yaml >/dev/null; then
	fail "Kontra in Ramsch passes for the base game"
fi
pass
