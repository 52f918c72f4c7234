#!/bin/bash
# Tab completes commands and cards at the prompt; the bash completion file
# completes commands, options and game names.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

python3 tests/scripts/completion.py "$CARDRULES" >"$tmp/out" 2>&1 ||
	fail "prompt completion: $(cat "$tmp/out")"

# the bash completion file, as bash would call it
complete_line() {
	bash -c '. "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1));
		 _cardrules; printf "%s\n" "${COMPREPLY[@]}"' _ \
		scripts/cardrules.bash "$@"
}
complete_line "$CARDRULES" pl >"$tmp/c1"
expect_line "$tmp/c1" "play"
complete_line "$CARDRULES" play hea >"$tmp/c2"
expect_line "$tmp/c2" "hearts"
complete_line "$CARDRULES" simulate hearts --de >"$tmp/c3"
expect_line "$tmp/c3" "--deals"
expect_line "$tmp/c3" "--dealer"
pass
