#!/bin/bash
# A whole game against the Monte Carlo bots, played through the text loop
# by a script that reads each prompt and answers with a legal move, as a
# newcomer would type it.  The game must reach its final ranking, and its
# transcript must replay to the same result.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

for game in black-lady hearts; do
	python3 - "$CARDRULES" "$game" "$tmp/$game.yaml" >"$tmp/$game.out" <<'PY' ||
import re, subprocess, sys
cardrules, game, transcript = sys.argv[1:4]
p = subprocess.Popen([cardrules, "play", game, "--seed", "5", "--playouts", "200",
                      "--no-color", "--transcript", transcript],
                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=0)
buf, decisions = "", 0
RANKS = "2 3 4 5 6 7 8 9 10 J Q K A".split()
def cards(text):    # "♠ A Q 5  ♥ K 9" or "AS QS" into notation
    out, suit = [], None
    for w in text.split():
        if w in "♠♥♦♣":
            suit = "SHDC"["♠♥♦♣".index(w)]
        elif w in RANKS and suit:
            out.append(w + suit)
        elif w[-1] in "♠♥♦♣":
            out.append(w[:-1] + "SHDC"["♠♥♦♣".index(w[-1])])
    return out
while True:
    ch = p.stdout.read(1)
    if not ch:
        break
    buf += ch
    if buf.endswith("pass> ") or buf.endswith("play> "):
        if buf.endswith("play> "):
            legal = cards(re.findall(r"Legal: (.*)", buf)[-1])
            answer = "play " + legal[-1]
        else:
            hand = cards(re.findall(r"hand: (.*)", buf)[-1])
            n = int(re.findall(r"Choose (\d+) card", buf)[-1])
            answer = "pass " + " ".join(hand[-n:])
        sys.stdout.write(buf)
        buf = ""
        p.stdin.write(answer + "\n")
        decisions += 1
        if decisions > 500:
            sys.exit("the game does not end")
sys.stdout.write(buf)
sys.exit(p.wait())
PY
		fail "$game: the scripted game failed (see $tmp/$game.out)"
	grep -q '^The game is over after' "$tmp/$game.out" || fail "$game: no end of game"
	! grep -q '^  ! ' "$tmp/$game.out" || fail "$game: a legal move was refused"
	grep -A 4 '^The game is over' "$tmp/$game.out" | grep -q '^  1\. ' || fail "$game: no ranking"
	cardrules replay "$tmp/$game.yaml" >"$tmp/replay" || fail "$game: the transcript does not replay"
	grep -q '^result:' "$tmp/replay" || fail "$game: the replay has no result"
done
pass
