#!/bin/bash
# Options that contradict the rule file are refused before a match starts:
# Ribs with betting shares its big pot 50/30/rest, and first + second may
# not pass 100 (the third share would be negative and the file's own check
# would fail after the deal).
. "$(dirname "$0")/lib.sh"
want="cardrules: error: the options do not meet \`first + second <= 100\` (games/ribs-betting.yaml:16), which Ribs (betting) asks of them"
for cmd in "simulate ribs-betting --deals 3" "play ribs-betting" \
	"explain ribs-betting" "compare ribs-betting ribs-betting --deals 3"; do
	# shellcheck disable=SC2086 # one word per argument
	if cardrules $cmd --set first=80 --set second=40 </dev/null \
		>"$tmp/out" 2>"$tmp/err"; then
		fail "$cmd accepted first=80 second=40"
	fi
	expect_line "$tmp/err" "$want"
done
[ ! -e "$XDG_STATE_HOME/cardrules/games" ] ||
	[ -z "$(ls "$XDG_STATE_HOME/cardrules/games")" ] ||
	fail "a refused game was saved"
# the edge is allowed, and explain says what the options must meet
cardrules simulate ribs-betting --deals 3 --set first=60 --set second=40 \
	>/dev/null || fail "first=60 second=40 was refused"
cardrules explain ribs-betting >"$tmp/out"
expect_line "$tmp/out" "- Together they must meet \`first + second <= 100\`; a table whose options do not is refused."
pass
