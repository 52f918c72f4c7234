#!/bin/bash
# The man page says what the program says: its SYNOPSIS is the commands'
# usage lines, and every command and every option of their --help (the
# tables of front/cli.c) has its entry, spelled and described as --help
# has it (tests/scripts/man.py); and it renders without a warning.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

python3 tests/scripts/man.py "$CARDRULES" man/cardrules.1 >"$tmp/out" 2>&1 ||
	fail "man/cardrules.1 and the program disagree:
$(cat "$tmp/out")"
if command -v groff >/dev/null; then
	groff -man -ww -z man/cardrules.1 2>"$tmp/warnings" || fail "groff failed"
	[ ! -s "$tmp/warnings" ] || fail "groff warns: $(head -n 5 "$tmp/warnings")"
fi
pass
