#!/bin/bash
# make install: every rule file of games/ is installed, and the installed
# program finds each one by its name, from any folder; the library, its
# header and cardrules.pc are installed, and examples/engine_playout.c
# builds against them and plays a match.
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
	# the schema its editor modeline names is installed where it points
	schema=$(sed -n '1s/^# yaml-language-server: \$schema=//p' "$installed/$name.yaml")
	[ -n "$schema" ] || fail "$name.yaml names no JSON Schema on its first line"
	cmp -s "$installed/$schema" schemas/cardrules.schema.json ||
		fail "$name.yaml names $schema, which is not the installed schema"
	n=$((n + 1))
done
[ "$n" -ge 18 ] || fail "only $n games in games/"
for extra in "$installed"/*.yaml; do
	[ -f "games/$(basename "$extra")" ] || fail "$(basename "$extra") is installed but not in games/"
done

# the man page
[ -n "$(find "$dest" -path '*/man1/cardrules.1' -type f)" ] || fail "make install installed no man page"

# the library: a program of one's own, built with what pkg-config says of
# the installed cardrules.pc (its prefix moved under DESTDIR, as a package
# that is unpacked elsewhere would be)
pc=$(find "$dest" -name cardrules.pc -type f)
[ -f "$pc" ] || fail "make install installed no cardrules.pc"
[ -n "$(find "$dest" -name libcardrules.a -type f)" ] || fail "make install installed no libcardrules.a"
[ -f "$(dirname "$(find "$dest" -path '*/include/cardrules/engine/engine.h')")/../cardrules.h" ] ||
	fail "make install installed no cardrules.h beside the engine's headers"
prefix=$(sed -n 's/^prefix=//p' "$pc")
mkdir -p "$tmp/pc"
sed "s|^prefix=.*|prefix=$dest$prefix|" "$pc" >"$tmp/pc/cardrules.pc"
command -v pkg-config >/dev/null || fail "pkg-config is needed (Debian: pkgconf)"
flags=$(PKG_CONFIG_PATH="$tmp/pc" pkg-config --cflags --libs cardrules) ||
	fail "pkg-config cannot read the installed cardrules.pc"
games=$(PKG_CONFIG_PATH="$tmp/pc" pkg-config --variable=gamesdir cardrules)
[ "$(realpath "$games")" = "$(realpath "$installed")" ] ||
	fail "cardrules.pc names $games for the games, not $installed"
# shellcheck disable=SC2086 # the flags are words
${CC:-cc} -std=c11 -Wall -Wextra -Wshadow -Wstrict-prototypes \
	-Wmissing-prototypes -Werror examples/engine_playout.c $flags \
	-o "$tmp/engine_playout" 2>"$tmp/cc.log" ||
	fail "examples/engine_playout.c does not build against the installed library: $(head -n 5 "$tmp/cc.log")"
"$tmp/engine_playout" "$games/hearts.yaml" 7 >"$tmp/playout" 2>&1 ||
	fail "engine_playout failed: $(tail -n 3 "$tmp/playout")"
expect_line "$tmp/playout" "Hearts, 4 players, seed 7"
grep -q '^places: [1-4] [1-4] [1-4] [1-4]$' "$tmp/playout" || fail "engine_playout played no match: $(cat "$tmp/playout")"
"$tmp/engine_playout" "$games/black-lady.yaml" 3 >"$tmp/playout" 2>&1 ||
	fail "engine_playout failed on black-lady: $(tail -n 3 "$tmp/playout")"
"$tmp/engine_playout" tests/bad/unknown-key-hint.yaml >"$tmp/playout" 2>&1 &&
	fail "engine_playout accepted a bad rule file"
grep -q '^tests/bad/unknown-key-hint.yaml:[0-9]*:[0-9]*: error: ' "$tmp/playout" ||
	fail "engine_playout did not print the rule file's mistakes: $(head -n 2 "$tmp/playout")"
pass
