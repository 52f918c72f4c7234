#!/bin/bash
# The text loop: a whole match typed in, with bad commands in between.
#
# Random bots play a match (simulate); their decisions, in the words of
# the text loop, are typed into `play --hotseat` with mistakes and
# questions interleaved.  The game must come out decision for decision
# and score for score the same, every mistake answered by one line; then
# the same match is quit halfway and resumed, also after a crash that cut
# the transcript in the middle of a line.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

game=black-lady
seed=7
cardrules simulate "$game" --seed "$seed" --deals 8 --transcript "$tmp/ref.yaml" >/dev/null
decisions() { sed -n 's/^      - \([0-9]*\): \(.*\)$/\2/p' "$1"; }
decisions "$tmp/ref.yaml" >"$tmp/words"
total=$(wc -l <"$tmp/words")
[ "$total" -gt 100 ] || fail "the reference match has only $total decisions"

# --- every decision, with mistakes and questions in between ---
{
	n=0
	while IFS= read -r words; do
		n=$((n + 1))
		case $n in
		1) printf '%s\n' bogus "pass ZZ" "pass 2C" help hand scores moves table "" ;;
		9) printf '%s\n' "pass AS KS" "play 2C 3C" ;;
		20) printf '%s\n' "play" "PLAY" "play 10X" ;;
		esac
		printf '%s\n' "$words"
	done <"$tmp/words"
} >"$tmp/input"
cardrules play "$game" --seed "$seed" --hotseat --no-color \
	--transcript "$tmp/typed.yaml" <"$tmp/input" >"$tmp/out" 2>&1 ||
	fail "play exited with $? (output in $tmp/out)"

same_file "$tmp/words" <(decisions "$tmp/typed.yaml") "the typed decisions"
same_file <(grep scores "$tmp/ref.yaml") <(grep scores "$tmp/typed.yaml") "the deal scores"
same_file <(sed -n '/^result:/,$p' "$tmp/ref.yaml") \
	<(sed -n '/^result:/,$p' "$tmp/typed.yaml") "the result"
errors=$(grep -c '^  ! ' "$tmp/out" || true)
[ "$errors" -eq 8 ] || fail "expected 8 error lines, got $errors (see $tmp/out)"
expect_line "$tmp/out" "  ! unknown command 'bogus'; type help for the commands"
expect_line "$tmp/out" "  ! 'ZZ' is not a card: write the rank, then the suit, as in QS, 10H or TH"
expect_line "$tmp/out" "  ! it is time to play, not to pass"
expect_line "$tmp/out" "  ! this game has no card '10X'"
expect_line "$tmp/out" "  ! play 1 card, for example: play QS"
grep -q '^The game is over after 8 deals.' "$tmp/out" || fail "no end of game in $tmp/out"

# --- quit halfway, then resume ---
half=$((total / 2))
{ head -n "$half" "$tmp/words"; echo quit; } >"$tmp/first"
tail -n +"$((half + 1))" "$tmp/words" >"$tmp/second"
cardrules play "$game" --seed "$seed" --hotseat --no-color \
	--transcript "$tmp/resumed.yaml" <"$tmp/first" >"$tmp/out1" 2>&1
grep -qF "Continue with: $CARDRULES play --resume" "$tmp/out1" || fail "no resume hint (as the program was run)"
cardrules play --resume "$tmp/resumed.yaml" --no-color <"$tmp/second" >"$tmp/out2" 2>&1 ||
	fail "resume exited with $? (output in $tmp/out2)"
same_file "$tmp/words" <(decisions "$tmp/resumed.yaml") "the resumed decisions"
cardrules replay "$tmp/resumed.yaml" >/dev/null || fail "the resumed transcript does not replay"

# --- a crash in the middle of a line ---
{ head -n "$half" "$tmp/words"; } >"$tmp/first"
cardrules play "$game" --seed "$seed" --hotseat --no-color \
	--transcript "$tmp/crashed.yaml" <"$tmp/first" >/dev/null 2>&1
printf '      - 2: pla' >>"$tmp/crashed.yaml"          # half a line
cardrules play --resume "$tmp/crashed.yaml" --no-color <"$tmp/second" >"$tmp/out3" 2>&1 ||
	fail "resume after a crash exited with $? (output in $tmp/out3)"
same_file "$tmp/words" <(decisions "$tmp/crashed.yaml") "the decisions after a crash"
# --- -t never overwrites: a rule file, a game in progress, a finished game ---
cp games/hearts.yaml "$tmp/rule.yaml"
cp "$tmp/rule.yaml" "$tmp/rule.before"
rc=0
printf 'quit\n' | cardrules play "$tmp/rule.yaml" -t "$tmp/rule.yaml" >"$tmp/o" 2>"$tmp/e" || rc=$?
[ "$rc" -eq 1 ] || fail "play -t over its own rule file exited with $rc"
cmp -s "$tmp/rule.yaml" "$tmp/rule.before" || fail "play -t overwrote the rule file being played"
expect_line "$tmp/e" "cardrules: error: $tmp/rule.yaml is not empty: a new game is saved only in a new or empty file"
for saved in resumed crashed; do
	cp "$tmp/$saved.yaml" "$tmp/saved.before"
	rc=0
	printf 'quit\n' | cardrules play "$game" -t "$tmp/$saved.yaml" >"$tmp/o" 2>"$tmp/e" || rc=$?
	[ "$rc" -eq 1 ] || fail "play -t over a saved game exited with $rc"
	cmp -s "$tmp/$saved.yaml" "$tmp/saved.before" || fail "play -t overwrote the game in $saved.yaml"
	grep -qF "the game saved there goes on with: cardrules play --resume $tmp/$saved.yaml" "$tmp/e" ||
		fail "no hint to resume the game in $saved.yaml: $(cat "$tmp/e")"
done
: >"$tmp/empty.yaml"
printf 'quit\n' | cardrules play "$game" -t "$tmp/empty.yaml" >/dev/null 2>&1 ||
	fail "play -t refused an empty file"
# --- a game quit at its first prompt resumes, and so does one whose
# last line is a comment without its newline, kept whole ---
printf 'quit\n' | cardrules play hearts --seed 1 --seat 1 -t "$tmp/first.yaml" >"$tmp/o" 2>&1
grep -q '^Stopped during deal 1. Continue with: .* play --resume' "$tmp/o" || fail "no resume hint at the first prompt"
printf 'pass QS AS 3S\nquit\n' | cardrules play --resume "$tmp/first.yaml" >"$tmp/o" 2>&1 ||
	fail "a game quit at its first prompt does not resume: $(tail -n 3 "$tmp/o")"
grep -q -- '- 1: pass' "$tmp/first.yaml" || fail "the pass after resuming is not saved"
printf '# a note at the end' >>"$tmp/first.yaml"
printf 'quit\n' | cardrules play --resume "$tmp/first.yaml" >"$tmp/o" 2>&1 ||
	fail "a transcript ending in a comment does not resume: $(tail -n 3 "$tmp/o")"
expect_line "$tmp/first.yaml" "# a note at the end"
printf 'play 2C\nquit\n' | cardrules play --resume "$tmp/first.yaml" >"$tmp/o" 2>&1 || true
cardrules replay "$tmp/first.yaml" >/dev/null || fail "the transcript with a comment does not replay"
expect_line "$tmp/first.yaml" "# a note at the end"
# --- a game being played is locked: a second --resume of it is refused ---
cp "$tmp/first.yaml" "$tmp/first.before"
mkfifo "$tmp/lock-in" "$tmp/lock-out"
"$CARDRULES" play --resume "$tmp/first.yaml" --no-color <"$tmp/lock-in" >"$tmp/lock-out" 2>&1 &
pid=$!
exec 3>"$tmp/lock-in" 4<"$tmp/lock-out"
IFS= read -r _ <&4        # its first words: the game has started, the file is locked
rc=0
cardrules play --resume "$tmp/first.yaml" </dev/null >"$tmp/o" 2>"$tmp/e" || rc=$?
[ "$rc" -eq 1 ] || fail "a second --resume of a game being played exited with $rc"
expect_line "$tmp/e" "cardrules: error: $tmp/first.yaml is being played by another process"
rc=0
cardrules play hearts -t "$tmp/first.yaml" </dev/null >"$tmp/o" 2>"$tmp/e" || rc=$?
[ "$rc" -eq 1 ] || fail "play -t of a game being played exited with $rc"
expect_line "$tmp/e" "cardrules: error: $tmp/first.yaml is being played by another process"
exec 3>&-
cat <&4 >/dev/null
exec 4<&-
wait "$pid" || fail "the game holding the lock exited with $?"
cmp -s "$tmp/first.yaml" "$tmp/first.before" || fail "a refused --resume changed the transcript"
# --- a round of choices: the choices listed, typed, narrated, replayed ---
printf 'oops\nsolo\nquit\n' | cardrules play tests/data/games/choose.yaml --seat 1 \
	--seed 3 --no-color --transcript "$tmp/choose.yaml" >"$tmp/out4" 2>&1
expect_line "$tmp/out4" "  Choose one of these:"
expect_line "$tmp/out4" "    solo  you become the declarer; adds 2 to level; the round ends"
expect_line "$tmp/out4" "    pass  nothing more"
expect_line "$tmp/out4" "  ! 'oops' is not a choice here; choose one of: solo, pass"
expect_line "$tmp/out4" "  You: solo"
expect_line "$tmp/out4" "  Seat 2: no"
grep -q -- '- 1: choose solo' "$tmp/choose.yaml" || fail "the choice is not in the transcript"
# --- a round that says what it decides, each choice what it does ---
printf 'quit\n' | cardrules play schieberamsch --seed 5 --bot random --no-save \
	--no-color >"$tmp/says" 2>&1
expect_line "$tmp/says" "  Grand Hand, or Ramsch?"
expect_line "$tmp/says" "    grand  play a Grand Hand alone against the other two, for 61 card points"
# two copies of a card: the legal moves name a face once when the copies
# in the hand play alike, and keep the copy only where it tells two moves
# apart (two 2 of spades on different piles); typed words keep their tags
printf 'healthy\nquit\n' | cardrules play doppelkopf --seat 0 --seed 8 --bot random \
	--no-save --no-color >"$tmp/copies" 2>&1
expect_line "$tmp/copies" "  Your hand: Q♦ J♣ J♥ J♥ J♦ A♥ A♥  ♣ 10  ♠ A  ♦ A K 9"
expect_line "$tmp/copies" "  Legal: J♥, A♥, Q♦, J♣, J♦, kontra"
printf 'move 2S#2 t5\nquit\n' | cardrules play spider --seed 2 --no-color \
	--transcript "$tmp/spider-copies.yaml" >"$tmp/copies" 2>&1
expect_line "$tmp/copies" "  Legal: deal;  move 2♥ to t5 | 2♠#1 to t5 | 2♠#2 to t5 | 7♠ to t1 t10 | 8♣#1 to t4 | 8♣#2 to t4 | A♥ to t6 t8 t9"
grep -q -- '- 0: move 2S#2 t5' "$tmp/spider-copies.yaml" ||
	fail "the copy moved is not in the transcript: $(cat "$tmp/spider-copies.yaml")"
# a choice with words is told in them, with the round's verb: the declarer's game
printf 'pass\nquit\n' | cardrules play skat --seat 0 --seed 2 --bot random --no-save \
	--no-color >"$tmp/says" 2>&1
expect_line "$tmp/says" "  Seat 2 chooses pickup: take the skat and lay two cards back."
expect_line "$tmp/says" "  Seat 2 declares clubs: clubs and the jacks are trumps (base 12)."
printf 'quit\n' | cardrules play stendhal --seed 3 --bot random --no-save \
	--no-color >"$tmp/says" 2>&1
expect_line "$tmp/says" "  The vote: lay a card face down; the suit turned up most often and its partner become the minus suits."
# --- values internal to the scoring (show: false, show: CONDITION) stay
# off the table, deal headers included, and in the JSON ---
cardrules simulate ribs-betting --players 4 --deals 1 --seed 2 \
	--transcript "$tmp/betting.yaml" >/dev/null
cardrules replay "$tmp/betting.yaml" >"$tmp/table" 2>&1
grep -q '^  share ' "$tmp/table" || fail "the table lacks share: $(cat "$tmp/table")"
! grep -q '^  \(above\|level\|small_pot now\|big_pot now\) ' "$tmp/table" ||
	fail "the table shows values internal to the scoring: $(cat "$tmp/table")"
cardrules replay --json "$tmp/betting.yaml" | grep -q '"level":\[1,1,1,1\]' ||
	fail "replay --json lacks the hidden value level"
cardrules simulate ribs-betting --players 4 --deals 1 --seed 2 --json |
	grep -q '"kept":{"chips":\[[^]]*\],"small_pot":' ||
	fail "simulate --json lacks the hidden kept value small_pot"
printf 'quit\n' | cardrules play stendhal --seed 3 --bot random --no-save \
	--no-color >"$tmp/header" 2>&1
! grep -q '^  reached: ' "$tmp/header" || fail "the deal's header shows reached"
# --- a card laid back under a face-up card shows to nobody else ---
printf 'pickup\nlay 9S\ntable\nquit\n' | cardrules play tests/data/games/upcard.yaml \
	--hotseat --dealer 1 --seed 3 --no-save --ascii >"$tmp/up" 2>&1
expect_line "$tmp/up" "  In the upcard: 10S. Lay 1 card back, as in: lay 9S"
expect_line "$tmp/up" "  Seat 1 lays 1 card back, face down."
expect_line "$tmp/up" "  Upcard: ##"
! grep -q 'Upcard: 9S' "$tmp/up" || fail "seat 2 sees the card seat 1 laid face down"
# --- autosaves: one per game, kept until the game ends ---
export XDG_STATE_HOME="$tmp/state"
saves="$tmp/state/cardrules/games"
printf 'quit\n' | cardrules play black-lady --seed 5 >"$tmp/a1" 2>&1
[ "$(ls "$saves" | wc -l)" -eq 1 ] || fail "no autosave of the first game"
first=$(ls "$saves")
printf 'quit\n' | cardrules play hearts --seed 6 >"$tmp/a2" 2>&1
grep -q '^1 unfinished game is saved; the latest goes on with: .* play --resume$' "$tmp/a2" ||
	fail "play does not say that a game is unfinished: $(head -n 3 "$tmp/a2")"
[ -f "$saves/$first" ] || fail "a new game removed the autosave of an unfinished one"
[ "$(ls "$saves" | wc -l)" -eq 2 ] || fail "the second game has no autosave of its own"
grep -q '^  1\. Black Lady, deal 1, 4 players, you at seat 0, saved ' "$tmp/a2" ||
	fail "play does not say which game is unfinished: $(head -n 3 "$tmp/a2")"
# games: the saved games numbered, the latest first; --resume N, --delete N
cardrules games >"$tmp/g1" 2>&1 || fail "games exited with $?"
expect_line "$tmp/g1" "2 unfinished games are saved, the latest first:"
grep -q '^  2\. Black Lady, deal 1, 4 players, you at seat 0, saved ' "$tmp/g1" ||
	fail "games does not list the first game second: $(cat "$tmp/g1")"
expect_line "$tmp/g1" "     $saves/$first"
printf 'quit\n' | cardrules play --resume 2 >"$tmp/g2" 2>&1 || fail "--resume 2 failed"
grep -q '^Black Lady: ' "$tmp/g2" || fail "--resume 2 did not take game 2 (Black Lady)"
rc=0
cardrules play --resume 3 </dev/null >/dev/null 2>"$tmp/g3" || rc=$?
[ "$rc" -eq 1 ] || fail "--resume 3 of 2 games exited with $rc"
grep -q "there is no saved game 3: .* games lists the 2 there are" "$tmp/g3" ||
	fail "--resume 3 does not say why: $(cat "$tmp/g3")"
cp "$saves/$first" "$tmp/kept.yaml"
cardrules games --delete 2 >"$tmp/g4" 2>&1 || fail "games --delete 2 failed: $(cat "$tmp/g4")"
[ ! -e "$saves/$first" ] || fail "games --delete 2 kept the game"
[ "$(ls "$saves" | wc -l)" -eq 1 ] || fail "games --delete 2 deleted another game"
rc=0
cardrules games --delete 1,x >/dev/null 2>&1 || rc=$?
[ "$rc" -eq 2 ] || fail "games --delete 1,x exited with $rc"
[ "$(ls "$saves" | wc -l)" -eq 1 ] || fail "a refused --delete deleted a game"
cp "$tmp/kept.yaml" "$saves/$first"
touch -d "1 hour ago" "$saves/$first"       # the older game again
# a game refused at its start leaves no autosave; an empty one is no game
rc=0
cardrules play hearts --seat 7 </dev/null >/dev/null 2>&1 || rc=$?
[ "$rc" -eq 1 ] || fail "play --seat 7 exited with $rc"
[ "$(ls "$saves" | wc -l)" -eq 2 ] || fail "a game refused at its start left an autosave"
: >"$saves/hearts-29991231-235959.yaml"
printf 'quit\n' | cardrules play --resume >"$tmp/a3" 2>&1 || fail "--resume without a file failed"
grep -q '^Hearts: ' "$tmp/a3" || fail "--resume did not take the latest game (Hearts)"
rm "$saves/hearts-29991231-235959.yaml"
# a game that ends removes its autosave
rm "$saves"/*
t=examples/transcripts/black-lady-seed7.yaml
last=$(grep -n '^      - ' "$t" | tail -n 4 | head -n 1 | cut -d: -f1)
head -n "$((last - 1))" "$t" >"$saves/black-lady-end.yaml"
card=$(tail -n +"$last" "$t" | grep -m1 '^      - 0: play ' | sed 's/.*play //')
[ -n "$card" ] || fail "seat 0 does not play in the last trick of $t"
printf 'play %s\n' "$card" | cardrules play --resume "$saves/black-lady-end.yaml" >"$tmp/a4" 2>&1 ||
	fail "the last trick could not be played: $(tail -n 3 "$tmp/a4")"
grep -q 'The game is over' "$tmp/a4" || fail "the game did not end: $(tail -n 5 "$tmp/a4")"
[ ! -e "$saves/black-lady-end.yaml" ] || fail "a finished game's autosave is kept"
# a folder that cannot be made: said at the start, the game still played
touch "$tmp/not-a-folder"
printf 'quit\n' | XDG_STATE_HOME="$tmp/not-a-folder/state" cardrules play hearts --seed 6 \
	>"$tmp/a5" 2>"$tmp/e5" || fail "play without an autosave folder exited with $?"
expect_line "$tmp/e5" "cardrules: warning: this game is not saved: cannot create $tmp/not-a-folder/state/cardrules/games: Not a directory (-t FILE saves it elsewhere)"
grep -q '^Stopped during deal 1.$' "$tmp/a5" || fail "the unsaved game was not played: $(tail -n 2 "$tmp/a5")"
unset XDG_STATE_HOME
# typos get the closest command; help takes a topic; a rank alone is a card
printf 'pas 2C\nhelp pass\npass K 2 5\nquit\n' |
	cardrules play hearts --no-save --seed 1 --no-color >"$tmp/t" 2>&1
expect_line "$tmp/t" "  ! unknown command 'pas' (did you mean 'pass'?)"
grep -q 'a rank alone (K) names the only card that fits' "$tmp/t" || fail "help pass shows no help"
grep -q 'You passed 2♠ 5♦ K♦ to seat 1' "$tmp/t" || fail "ranks alone were not read as cards: $(cat "$tmp/t")"
# a refusal says why (seat 0 is dealt the two of clubs and keeps it)
printf 'pass QS JS 10S\nJD\nquit\n' |
	cardrules play hearts --no-save --seed 4 --no-color >"$tmp/t" 2>&1
expect_line "$tmp/t" "  ! you cannot play J♦: the two of clubs leads the first trick; you may play 2♣"
# a refusal in each phase kind says why, in the game's words
refused() {	# LINE GAME ARGS... < INPUT: LINE is one of the refusals
	local line=$1
	shift
	cardrules play "$@" --no-save --no-color --bot random >"$tmp/r" 2>&1 ||
		fail "play $* exited with $?"
	expect_line "$tmp/r" "  ! $line"
}
printf 'pass QS QS 2S\nquit\n' | refused "you do not hold Q♠" hearts --seed 1
printf 'pass QS JS 10S\nJD\nquit\n' | refused \
	"you cannot play J♦: the two of clubs leads the first trick; you may play 2♣" \
	hearts --seed 4
printf 'pass\npickup\nlay JC 7C\nquit\n' | refused \
	"J♣ may not be laid back: no jack may go back into the skat" \
	schieberamsch-no-jacks --seed 6
printf 'call 9\nquit\n' | refused "the only bid now is 4" ribs --players 4 --seed 3
printf 'call 4\ncall 7\ncall 10\ncall 12\nplay 7S 8S up\nquit\n' | refused \
	"the leader lays the ribs face down" ribs --players 4 --seed 3
printf 'vote 2S\nquit\n' | refused "you do not hold 2♠" stendhal --seed 3
printf 'blind\nquit\n' | refused "'blind' may not be called now: it needs total < 0" \
	tests/data/games/calls.yaml --seed 3
printf 'royal W2\nroyal E2\nstart\nplace 1,1\nquit\n' | refused \
	"'place 1,1' is not legal now: a number card goes on a stack of equal or lower value (3♠ onto 5♦); the moves are: armour W2, ace 2,1, ace 2,0, ace 2,2, ace 1,1, ace 0,0, ace 0,1, ace 1,2 ... (type moves)" \
	gridcannon --seed 4
# --hint: a suggestion from the strongest bot before each decision
printf 'quit\n' | cardrules play hearts --seed 4 --no-save --hint --ascii \
	--playouts 300 >"$tmp/hint" 2>&1
grep -q '^  Hint: pass [2-9TJQKA0-9]*[SHDC] ' "$tmp/hint" ||
	fail "--hint gave no hint: $(tail -n 3 "$tmp/hint")"
# a line of a megabyte: one line of error, read no further, the game unchanged
{ printf 'pass'; head -c 1000000 /dev/zero | tr '\0' 'x'; printf ' quit\npass 10S 6S 2S\nquit\n'; } |
	cardrules play hearts -t "$tmp/long.yaml" --seed 1 --no-color >"$tmp/long" 2>&1 ||
	fail "a long line stopped the game: $(tail -n 3 "$tmp/long")"
expect_line "$tmp/long" "  ! the line is too long: a command has at most 1000 characters"
[ "$(grep -c '^  ! ' "$tmp/long")" -eq 1 ] || fail "a long line got more than one line of error"
[ "$(grep -c -- '- 0: ' "$tmp/long.yaml")" -eq 1 ] || fail "not just the pass after the long line is saved"
grep -q -- '- 0: pass 10S 6S 2S' "$tmp/long.yaml" || fail "the pass after a long line is not saved"
# ... and pasted on a terminal, where line editing is handed none of it
python3 tests/scripts/long-line.py "$CARDRULES" >"$tmp/tty" 2>&1 ||
	fail "a long line on a terminal: $(tail -c 300 "$tmp/tty")"
# an example of what to type stays as it is typed
printf 'pass 2S\nquit\n' | cardrules play hearts --no-save --seed 1 --no-color >"$tmp/ex" 2>&1
expect_line "$tmp/ex" "  ! pass 3 cards, for example: pass QS 10H 2C"
# Ctrl-C stops at once with the resume hint and status 130; nothing is lost
mkfifo "$tmp/in"
"$CARDRULES" play hearts --seed 2 --no-color --bot low -t "$tmp/int.yaml" \
	<"$tmp/in" >"$tmp/int" 2>&1 &
pid=$!
exec 3>"$tmp/in"
printf 'pass KS 10S 5S\n' >&3
# the next prompt comes once the bots have passed too: however long a
# busy machine or a sanitizer takes, as long as the program runs
while ! grep -q '^play> ' "$tmp/int" && kill -0 "$pid" 2>/dev/null; do
	sleep 0.1
done
kill -INT "$pid"
rc=0
wait "$pid" || rc=$?
exec 3>&-
[ "$rc" = 130 ] || fail "Ctrl-C ended play with $rc, not 130"
grep -q "^Stopped. The game is saved; continue it with: .* play --resume $tmp/int.yaml$" "$tmp/int" ||
	fail "Ctrl-C printed no resume hint: $(tail -n 2 "$tmp/int")"
grep -q '0: pass KS 10S 5S' "$tmp/int.yaml" || fail "the pass made before Ctrl-C is not saved"
# --ascii: suits as letters, whatever the locale
printf 'quit\n' | cardrules play hearts --seed 2 --no-save --ascii >"$tmp/ascii" 2>&1
expect_line "$tmp/ascii" "  Your hand: S K 10 5  H A 9 8 2  D J 2  C A 10 7 4"
# hot-seat: each player is told their own pass at their next turn
printf 'pass AS 9S 7S\npass QS 8S 2S\npass 6C 5C 6S\npass KS 10S 5S\nplay 2C\nquit\n' |
	cardrules play hearts --hotseat --no-save --seed 2 --ascii >"$tmp/hot" 2>&1
expect_line "$tmp/hot" "  You passed 6S 5C 6C to seat 0 and received 2S 8S QS from seat 2."
expect_line "$tmp/hot" "  You passed 5S 10S KS to seat 1 and received 6S 5C 6C from seat 3."
pass
