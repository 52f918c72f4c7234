#!/bin/bash
# The JSON Schema of the rule-file format, schemas/cardrules.schema.json,
# and the key reference docs/format-keys.md.
#
# It is generated from the validator's tables (interp/lang/schema.c): the
# checked-in file must be what `cardrules schema` prints now.  A standard
# validator (python3-jsonschema, draft 2020-12) must accept every game and
# every example rule file, and refuse bad files whose mistakes are of the
# format itself (unknown keys, wrong kinds, values out of range).
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
for name in "${refused[@]}"; do
	paths+=("tests/bad/$name.yaml")
	[ -f "tests/bad/$name.yaml" ] || fail "tests/bad/$name.yaml is missing"
done
validate --invalid "$schema" "${paths[@]}" >"$tmp/invalid" ||
	fail "the JSON Schema accepts bad files:
$(cat "$tmp/invalid")"
echo "${#files[@]} rule files valid, ${#paths[@]} bad files refused"
pass
