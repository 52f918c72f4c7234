#!/usr/bin/env python3
"""A long line pasted at the prompt of a terminal: line editing is handed
its first 1000 characters only (it redraws the line at each one, so a
megabyte would cost the square of its length), the line is refused with
one line of error, and the game goes on."""
import os
import pty
import select
import sys
import termios

program = sys.argv[1]
pid, fd = pty.fork()
if pid == 0:
    os.execv(program, [program, "play", "hearts", "--seed", "1", "--no-save",
                       "--no-color", "--ascii"])

out = b""


def pump(text):
    """Reads until text is shown; the deadline only keeps a broken program
    from hanging the test."""
    global out
    while text not in out:
        ready, _, _ = select.select([fd], [], [], 120)
        if not ready:
            sys.exit("no %r in two minutes: %r" % (text, out[-300:]))
        try:
            chunk = os.read(fd, 65536)
        except OSError:
            chunk = b""
        if not chunk:
            sys.exit("the program ended before %r: %r" % (text, out[-300:]))
        out += chunk


def wait_for_editing():
    """Waits until line editing has the terminal (echo off): what the
    terminal itself echoes before then is not the program's doing."""
    global out
    for _ in range(2400):
        if not termios.tcgetattr(fd)[3] & termios.ECHO:
            return
        ready, _, _ = select.select([fd], [], [], 0.05)
        if ready:
            out += os.read(fd, 65536)
    sys.exit("line editing never took the terminal")


pump(b"pass> ")
wait_for_editing()
start = len(out)
line = b"x" * 300000 + b"\r"
sent = 0
while sent < len(line):
    ready, writable, _ = select.select([fd], [fd], [], 120)
    if ready:
        out += os.read(fd, 65536)
    if writable:
        sent += os.write(fd, line[sent:sent + 4096])
pump(b"the line is too long: a command has at most 1000 characters")
shown = out[start:].count(b"x")
pump(b"pass> ")
os.write(fd, b"hand\r")
pump(b"Your hand:")
os.write(fd, b"quit\r")
pump(b"Stopped during deal 1.")
os.waitpid(pid, 0)
if shown > 10000:
    sys.exit("line editing was handed the whole line: %d characters shown"
             % shown)
