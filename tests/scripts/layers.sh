#!/bin/bash
# The source tree keeps its layers: util, cards, lang, engine, front, each
# including only itself and the rooms before it, and no module reaching
# itself through its includes (docs/architecture.md).
set -euo pipefail
. "$(dirname "$0")/lib.sh"

python3 tests/scripts/layers.py interp >"$tmp/out" ||
	fail "the layers of interp/ are broken:
$(cat "$tmp/out")"
pass
