#!/usr/bin/env python3
"""Tab completion at the prompt, on a pseudo-terminal: a command and a
card are completed from their first letters."""
import os
import pty
import select
import sys
import time

program = sys.argv[1]
pid, fd = pty.fork()
if pid == 0:
    os.execv(program, [program, "play", "hearts", "--seed", "2", "--no-save",
                       "--no-color", "--ascii"])

out = b""


def read(seconds):
    global out
    end = time.time() + seconds
    while time.time() < end:
        ready, _, _ = select.select([fd], [], [], 0.1)
        if ready:
            try:
                out += os.read(fd, 4096)
            except OSError:
                return


def wait_for(text, seconds=10):
    end = time.time() + seconds
    while text not in out and time.time() < end:
        read(0.2)
    return text in out


if not wait_for(b"pass> "):
    sys.exit("no prompt: %r" % out[-300:])
os.write(fd, b"rul\t\r")                 # rules
if not wait_for(b"Players\r\n"):
    sys.exit("'rul' and Tab did not give the rules: %r" % out[-300:])
os.write(fd, b"pass KS 10S 5\t\r")       # 5S, the only card starting so
if not wait_for(b"You passed"):
    sys.exit("'5' and Tab did not give 5S: %r" % out[-300:])
os.write(fd, b"quit\r")
read(0.5)
os.waitpid(pid, 0)
