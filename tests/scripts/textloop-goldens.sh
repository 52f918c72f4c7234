#!/bin/bash
# The text loop's words, kept whole: each tests/textloop/NAME.in is typed
# into `cardrules play` with the arguments of NAME.args (one line), and
# what the table says must be NAME.out, byte for byte, so that a change of
# the words at the table is seen and made on purpose.  After a deliberate
# change, rewrite them with: tests/scripts/textloop-goldens.sh --update
set -euo pipefail
update=false
if [ "${1:-}" = --update ]; then
	update=true
	top=$(cd "$(dirname "$0")/../.." && pwd)
	: "${TOP_SRCDIR:=$top}" "${CARDRULES:=$top/cardrules}"
	export TOP_SRCDIR CARDRULES
fi
. "$(dirname "$0")/lib.sh"

n=0
for args in tests/textloop/*.args; do
	name=${args%.args}
	read -r -a words <"$args"
	rc=0
	cardrules play "${words[@]}" --no-save --no-color <"$name.in" \
		>"$tmp/got" 2>&1 || rc=$?
	[ "$rc" -eq 0 ] || fail "play $(cat "$args") exited with $rc"
	if $update; then
		cp "$tmp/got" "$name.out"
		echo "wrote $name.out"
	fi
	[ -f "$name.out" ] || fail "$name.out is missing (--update writes it)"
	if ! diff -u "$name.out" "$tmp/got" >"$tmp/diff"; then
		head -n 40 "$tmp/diff" >&2
		fail "the table's words for $name differ from $name.out"
	fi
	n=$((n + 1))
done
[ "$n" -ge 1 ] || fail "no text loop to check in tests/textloop"
pass
