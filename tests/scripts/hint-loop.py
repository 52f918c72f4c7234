#!/usr/bin/env python3
"""Hints followed one after another in a solitaire never take back the
move of the hint before: the text loop asks for a hint, makes it, and so
on, and no board comes back as it was two moves before.

usage: hint-loop.py CARDRULES MOVES GAME ARGS..."""
import os
import re
import subprocess
import sys

program, moves, args = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
p = subprocess.Popen([program, "play"] + args + ["--no-save", "--no-color"],
                     stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                     stderr=subprocess.STDOUT)


def until_prompt():
    """What the table says up to its next prompt ("> "); None at the end."""
    text = b""
    while not re.search(rb"(^|\n)[a-z]*> $", text):
        chunk = os.read(p.stdout.fileno(), 65536)
        if not chunk:
            return None
        text += chunk
    return text.decode()


def say(line):
    p.stdin.write((line + "\n").encode())
    p.stdin.flush()


def board(text):
    """The layout as drawn after a move, without the list of moves."""
    return "\n".join(l for l in text.split("\n")[1:]
                     if not l.startswith("  Legal") and not l.endswith("> "))


boards, made = [], []
text = until_prompt()
while text is not None and len(made) < moves:
    say("hint")
    text = until_prompt()
    if text is None:
        break
    hint = re.search(r"  Hint: (.*)\n", text)
    if not hint:
        sys.exit("no hint: %r" % text[-300:])
    made.append(hint.group(1))
    say(hint.group(1))
    text = until_prompt()
    if text is None:
        break
    boards.append(board(text))
    if len(boards) >= 3 and boards[-1] == boards[-3]:
        say("quit")
        sys.exit("hint %d (%s) takes back hint %d (%s)" % (
            len(made), made[-1], len(made) - 1, made[-2]))
say("quit")
p.wait()
if len(made) < moves and text is not None:
    sys.exit("only %d hints" % len(made))
print("%d hints, none taken back" % len(made))
