#!/bin/bash
# The JSON Schema of the rule-file format, schemas/cardrules.schema.json,
# and the key reference docs/format-keys.md.
#
# It is generated from the validator's tables (interp/lang/schema.c): the
# checked-in file must be what `cardrules schema` prints now.  A standard
# validator (python3-jsonschema, draft 2020-12) must accept every game and
# every example rule file, and refuse bad files whose mistakes are of the
# format itself (unknown keys, wrong kinds, values out of range).  Over
# every rule file of tests/, the two agree one way: a file the schema
# refuses is one that cardrules refuses (the schema cannot see everything,
# such as formulas and card counts, but must never refuse a good file).
# Every shipped rule file names the schema on its first line, for editors
# with a YAML language server (docs/editors.md).
set -euo pipefail
. "$(dirname "$0")/lib.sh"

schema=schemas/cardrules.schema.json

# --- (a) the checked-in schema is current ---
cardrules schema >"$tmp/schema.json" || fail "cardrules schema failed"
if ! diff -u "$schema" "$tmp/schema.json" >"$tmp/diff"; then
	head -n 40 "$tmp/diff" >&2
	fail "$schema is not what the format's tables give; regenerate it with
    ./cardrules schema > $schema
and commit it with the change of interp/lang/schema.c"
fi

# ... and so is the key reference of the documentation
cardrules schema --markdown >"$tmp/keys.md" || fail "cardrules schema --markdown failed"
if ! diff -u docs/format-keys.md "$tmp/keys.md" >"$tmp/diff"; then
	head -n 40 "$tmp/diff" >&2
	fail "docs/format-keys.md is not what the format's tables give; regenerate it with
    ./cardrules schema --markdown > docs/format-keys.md"
fi

python3 -c 'import jsonschema, yaml' 2>/dev/null ||
	fail "python3 with jsonschema and yaml is needed (Debian: python3-jsonschema python3-yaml; scripts/setup installs them)"
validate() { python3 tests/scripts/validate-schema.py "$@"; }

# --- (b) every rule file we ship is valid against it ---
files=(games/*.yaml)
while IFS= read -r f; do
	grep -q '^cardrules-transcript:' "$f" || files+=("$f")    # not transcripts
done < <(find examples -name '*.yaml' 2>/dev/null | sort)
for f in "${files[@]}"; do
	cardrules validate -q "$f" || fail "$f is not valid for cardrules itself"
done
validate "$schema" "${files[@]}" >"$tmp/valid" ||
	fail "the JSON Schema refuses files that cardrules accepts:
$(cat "$tmp/valid")"
[ "${#files[@]}" -ge 3 ] || fail "only ${#files[@]} rule files checked"

# ... and names it where an editor looks, by a path that leads to it
id=$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["$id"])' "$schema")
case $id in https://*/schemas/cardrules.schema.json) ;;
	*) fail "$schema has the \$id '$id', not an absolute URI ending in schemas/cardrules.schema.json" ;;
esac
for f in "${files[@]}"; do
	named=$(sed -n '1s/^# yaml-language-server: \$schema=//p' "$f")
	[ -n "$named" ] || fail "$f does not name the schema on its first line:
    # yaml-language-server: \$schema=<path to $schema>"
	[ "$(realpath -m "$(dirname "$f")/$named")" = "$(realpath "$schema")" ] ||
		fail "$f names $named, which is not $schema"
done

# --- (c) mistakes of the format are refused by the JSON Schema too ---
refused=(
	bad-dict-key bad-enum-hint bad-enum-list by-players-bad-key
	deck-bad-rank extends-no-version extends-mapping hook-as-word
	hook-param-bad-value hook-param-unknown hook-unknown int-out-of-range
	missing-deck missing-score phase-two-kinds phase-unknown-kind
	several-schema-errors unknown-key-hint unknown-key-list unknown-key-top
	values-bad-card version-2 wrong-kind-list-for-map
	wrong-kind-string-for-int
)
paths=()
for bad in "${refused[@]}"; do
	paths+=("tests/bad/$bad.yaml")
	[ -f "tests/bad/$bad.yaml" ] || fail "tests/bad/$bad.yaml is missing"
done
validate --invalid "$schema" "${paths[@]}" >"$tmp/invalid" ||
	fail "the JSON Schema accepts bad files:
$(cat "$tmp/invalid")"

# --- (d) what the schema refuses, cardrules refuses ---
fixtures=()
while IFS= read -r f; do fixtures+=("$f"); done < <(
	find tests -name '*.yaml' -not -path '*/yaml-test-suite/*' -print0 |
		xargs -0 grep -lE '^(cardrules|extends):' | sort)
[ "${#fixtures[@]}" -ge 100 ] || fail "only ${#fixtures[@]} rule files found under tests/"
validate --verdicts "$schema" "${fixtures[@]}" >"$tmp/verdicts" ||
	fail "the schema's validator failed: $(tail -n 3 "$tmp/verdicts")"
refused_both=0 refused_by_cardrules=0
while read -r verdict f; do
	rc=0
	cardrules validate -q "$f" >/dev/null 2>&1 || rc=$?
	[ "$rc" -le 1 ] || fail "cardrules validate $f ended with $rc"
	if [ "$verdict" = invalid ]; then
		[ "$rc" -eq 1 ] || fail "the JSON Schema refuses $f, which cardrules accepts:
$(validate "$schema" "$f")"
		refused_both=$((refused_both + 1))
	elif [ "$rc" -eq 1 ]; then
		refused_by_cardrules=$((refused_by_cardrules + 1))
	fi
done <"$tmp/verdicts"
[ "$(wc -l <"$tmp/verdicts")" -eq "${#fixtures[@]}" ] || fail "not every file of tests/ got a verdict"
[ "$refused_both" -ge "${#paths[@]}" ] || fail "the schema refuses only $refused_both files of tests/"
echo "${#files[@]} rule files valid, ${#paths[@]} bad files refused;" \
	"of ${#fixtures[@]} rule files of tests/, $refused_both refused by both," \
	"$refused_by_cardrules by cardrules only"
pass
