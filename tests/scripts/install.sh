#!/bin/bash
# make install: every rule file of games/ is installed, and the installed
# program finds each one by its name, from any folder.
set -euo pipefail
. "$(dirname "$0")/lib.sh"
: "${TOP_BUILDDIR:?run the tests with make check}"

dest="$tmp/dest"
# a make of its own: not the jobs of the make check that runs this test
(unset MAKEFLAGS MFLAGS; cd "$TOP_BUILDDIR" && ${MAKE:-make} install DESTDIR="$dest") \
	>"$tmp/install.log" 2>&1 || fail "make install failed: $(tail -n 5 "$tmp/install.log")"
bin=$(find "$dest" -path '*/bin/cardrules' -type f)
[ -x "$bin" ] || fail "make install installed no program"
installed=$(dirname "$(find "$dest" -path '*/cardrules/games/hearts.yaml')")
[ -d "$installed" ] || fail "make install installed no games"

n=0
for game in games/*.yaml; do
	name=$(basename "$game" .yaml)
	cmp -s "$game" "$installed/$name.yaml" || fail "$name.yaml is not installed"
	# from another folder, without the sources' games/ at hand
	(cd "$tmp" && env -u CARDRULES_PATH "$bin" validate "$name") >"$tmp/out" 2>&1 ||
		fail "the installed program cannot validate $name: $(head -n 2 "$tmp/out")"
	found=$(sed -n 's/: valid (.*//p' "$tmp/out")
	[ "$(realpath "$found")" = "$(realpath "$installed/$name.yaml")" ] ||
		fail "the installed program validated $name elsewhere: $(head -n 1 "$tmp/out")"
	(cd "$tmp" && env -u CARDRULES_PATH "$bin" explain "$name") >"$tmp/out" 2>&1 ||
		fail "the installed program cannot explain $name: $(head -n 2 "$tmp/out")"
	n=$((n + 1))
done
[ "$n" -ge 18 ] || fail "only $n games in games/"
for extra in "$installed"/*.yaml; do
	[ -f "games/$(basename "$extra")" ] || fail "$(basename "$extra") is installed but not in games/"
done
pass
