#!/bin/bash
# Numbers at the edge of 64 bits: scores, totals, counters and kept values
# stop at the largest (or smallest) number instead of wrapping round, and
# validate warns about a constant too large to be added up over a match
# (tests/data/limits/).
. "$(dirname "$0")/lib.sh"
dir=tests/data/limits
max=9223372036854775807 min=-9223372036854775808

# total_of FILE: each seat's total from simulate's table, one a line
totals() {
	cardrules simulate "$1" --deals 12 --players 4 2>/dev/null |
		awk '$1 ~ /^[0-9]+$/ { print $4 }'
}
for f in huge-scores:$max huge-counters:$max huge-losses:$min; do
	file=$dir/${f%%:*}.yaml want=${f#*:}
	totals "$file" >"$tmp/totals"
	[ "$(wc -l <"$tmp/totals")" -eq 4 ] || fail "$file: no table"
	if grep -vxF -- "$want" "$tmp/totals" >/dev/null; then
		fail "$file: totals $(tr '\n' ' ' <"$tmp/totals")instead of $want"
	fi
done

cardrules validate "$dir/huge-scores.yaml" >/dev/null 2>"$tmp/err" ||
	fail "a huge constant made the file invalid"
expect_line "$tmp/err" "$dir/huge-scores.yaml:8:10: warning: the number 9223372036854775807 is so large that its sum over a long match would pass 9223372036854775807, where totals stop (numbers up to 8796093022207 add up safely over 65536 deals)"
cardrules validate games/ribs-betting.yaml 2>"$tmp/err" >/dev/null
[ ! -s "$tmp/err" ] || fail "a shipped game is warned about: $(cat "$tmp/err")"
pass
