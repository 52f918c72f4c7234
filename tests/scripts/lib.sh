# lib.sh — what the shell tests share.  Sourced; not run.
#
# $CARDRULES is the program under test, $TOP_SRCDIR the source tree (the
# tests run there, so that games/ is found); each test gets a $tmp
# directory that is removed when it passes.
: "${CARDRULES:?run the tests with make check}"
: "${TOP_SRCDIR:?run the tests with make check}"
cd "$TOP_SRCDIR"
name=$(basename "$0" .sh)
tmp=$(mktemp -d "${TMPDIR:-/tmp}/cardrules-$name.XXXXXX")
export XDG_STATE_HOME="$tmp/state"    # never touch the user's autosave
export LC_ALL=C.UTF-8                 # suit glyphs, whatever the caller's locale

cardrules() { "$CARDRULES" "$@"; }

fail() {
	echo "FAIL $name: $*" >&2
	echo "(files kept in $tmp)" >&2
	exit 1
}

pass() {
	rm -rf "$tmp"
	exit 0
}

# same_file EXPECTED ACTUAL WHAT
same_file() {
	if ! diff -u "$1" "$2" >"$tmp/diff"; then
		head -n 40 "$tmp/diff" >&2
		fail "$3 differ"
	fi
}

# expect_line FILE LINE: FILE holds exactly that line
expect_line() {
	grep -qxF -- "$2" "$1" || fail "no line '$2' in $1"
}
