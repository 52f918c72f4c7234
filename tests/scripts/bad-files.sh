#!/bin/bash
# Bad rule files: every tests/bad/*.yaml is refused with exactly its .err;
# tests/bad/stendhal/ holds broken variants of games/stendhal.yaml,
# tests/bad/layout/ small broken solitaires.
#
# Each tests/bad/NAME.yaml breaks one thing (a few show that every problem
# is reported in one run); NAME.err holds the exact stderr of
# `cardrules validate tests/bad/NAME.yaml` run from the top of the source
# tree, source lines and carets included.  The validator must exit with 1
# and print nothing on stdout, and every "FILE:LINE:COL: error:" must name
# a file that exists, a line of it and a column at most one past the end
# of that line.  tests/bad/base/ holds the bases that some of them extend.
#
# tests/bad/pending/ holds known engine bugs: each .err there is written
# by hand, the output wanted.  They are run but may differ; one that
# passes fails this test, so that it is moved up to tests/bad/.
#
# After a deliberate change of messages:
#     tests/scripts/bad-files.sh --update     (from the top, after make)
# rewrites tests/bad/*.err; read `git diff tests/bad` before committing.
set -euo pipefail

update=false
if [ "${1:-}" = --update ]; then
	update=true
	top=$(cd "$(dirname "$0")/../.." && pwd)
	: "${TOP_SRCDIR:=$top}" "${CARDRULES:=$top/cardrules}"
	export TOP_SRCDIR CARDRULES
fi
. "$(dirname "$0")/lib.sh"

# check_positions ERR: every positioned error of ERR points into its file.
check_positions() {
	local err=$1 file line col lines len
	while IFS=: read -r file line col _; do
		[ -f "$file" ] || fail "$err names '$file', which does not exist"
		lines=$(awk 'END { print NR }' "$file")
		[ "$lines" -gt 0 ] || lines=1          # an empty file has line 1
		[ "$line" -ge 1 ] && [ "$line" -le "$lines" ] ||
			fail "$err: line $line is not a line of $file ($lines lines)"
		len=$(LC_ALL=C awk -v n="$line" 'NR == n { print length($0) + 1 }' "$file")
		[ -n "$len" ] || len=1
		[ "$col" -ge 1 ] && [ "$col" -le "$len" ] ||
			fail "$err: column $col is not in line $line of $file"
	done < <(LC_ALL=C grep -aE '^[^ :]+:[0-9]+:[0-9]+: error: ' "$1" || true)
}

# run NAME.yaml: its stderr in $tmp/err, stdout in $tmp/out, status in $rc
run() {
	rc=0
	cardrules validate "$1" >"$tmp/out" 2>"$tmp/err" || rc=$?
}

n=0
for yaml in tests/bad/*.yaml tests/bad/stendhal/*.yaml tests/bad/layout/*.yaml; do
	err=${yaml%.yaml}.err
	run "$yaml"
	if $update; then
		cp "$tmp/err" "$err"
		echo "wrote $err"
	fi
	[ -f "$err" ] || fail "$err is missing (tests/scripts/bad-files.sh --update writes it)"
	[ "$rc" -eq 1 ] || fail "$yaml: cardrules validate exited with $rc, not 1"
	[ ! -s "$tmp/out" ] || fail "$yaml: something on stdout: $(head -n 1 "$tmp/out")"
	LC_ALL=C grep -qa ': error: ' "$err" || fail "$err holds no error"
	if ! diff -u "$err" "$tmp/err" >"$tmp/diff"; then
		cat "$tmp/diff" >&2
		fail "$yaml: the errors differ from $err"
	fi
	check_positions "$err"
	n=$((n + 1))
done
[ "$n" -ge 40 ] || fail "only $n bad files"
for err in tests/bad/*.err tests/bad/stendhal/*.err tests/bad/layout/*.err; do
	[ -f "${err%.err}.yaml" ] || fail "$err has no ${err%.err}.yaml"
done
echo "$n bad files refused as expected"

for yaml in tests/bad/pending/*.yaml; do
	[ -f "$yaml" ] || continue
	err=${yaml%.yaml}.err
	[ -f "$err" ] || fail "$err is missing: write the output wanted by hand"
	run "$yaml"
	if [ "$rc" -eq 1 ] && cmp -s "$err" "$tmp/err"; then
		fail "$yaml now gives the errors wanted: git mv it and its .err to tests/bad/"
	fi
	echo "pending: $yaml still differs from $err"
done
pass
