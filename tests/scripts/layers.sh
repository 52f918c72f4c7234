#!/bin/bash
# The source tree keeps its layers: util, cards, lang, engine, front, each
# including only itself and the rooms before it, no module reaching itself
# through its includes, and the front ends on the engine's API alone
# (docs/architecture.md), and bits are counted in one place.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

python3 tests/scripts/layers.py interp >"$tmp/out" ||
	fail "the layers of interp/ are broken:
$(cat "$tmp/out")"

# bits are counted through cset_word_count (cards/cardset.h), which uses
# the processor's popcount where it has one: __builtin_popcount elsewhere
# is a call into libgcc on the default x86-64 target
if grep -rn --include='*.[ch]' '__builtin_popcount' interp |
	grep -v '^interp/cards/cardset.h:' >"$tmp/popcount"; then
	fail "count bits with cset_word_count, not __builtin_popcount:
$(cat "$tmp/popcount")"
fi

# the checker itself finds each kind of breach
tree="$tmp/interp"
mkdir -p "$tree/engine" "$tree/front"
printf '#include "engine/engine.h"\n' >"$tree/engine/phase.h"
printf '#include "engine/phase.h"\n' >"$tree/engine/engine.h"
printf '#include "engine/phase.h"\nint k = PHASE_PASS;\nint m(const phase *p) { return p->u.vote.n; }\n' \
	>"$tree/front/play.c"
if python3 tests/scripts/layers.py "$tree" >"$tmp/bad"; then
	fail "layers.py passed a tree that breaks its rules"
fi
for want in 'includes itself through others' \
	'play.c includes engine/phase.h: the front ends use only' \
	'play.c:2 names PHASE_PASS' 'play.c:3 names ->u.vote'; do
	grep -q -- "$want" "$tmp/bad" ||
		fail "layers.py did not report: $want
$(cat "$tmp/bad")"
done
pass
