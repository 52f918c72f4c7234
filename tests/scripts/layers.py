#!/usr/bin/env python3
"""The rooms of interp/ form layers, and its modules no circle.

A room may include only itself and the rooms listed before it; a module
(NAME.c with NAME.h) may not reach itself again through includes.  Prints
each violation and exits 1 if there is any."""
import os
import re
import sys

ROOMS = ["util", "cards", "lang", "engine", "front"]
# The front ends use the engine through its API alone: this header, and
# no phase kind by name (PHASE_*) nor a kind's compiled part (phase.u).
ENGINE_API = {"engine/engine.h"}
KIND_NAMES = re.compile(r"\bPHASE_[A-Z]+\b|(->|\.)u\.[a-z]+\b")

top = sys.argv[1] if len(sys.argv) > 1 else "interp"
problems = []
graph = {}


def module(path):
    return re.sub(r"_int$", "", os.path.splitext(os.path.basename(path))[0])


for room in os.listdir(top):
    folder = os.path.join(top, room)
    if not os.path.isdir(folder):
        continue
    if room not in ROOMS:
        problems.append("%s/ is not one of the rooms %s" % (folder, ", ".join(ROOMS)))
        continue
    for name in sorted(os.listdir(folder)):
        if not name.endswith((".c", ".h")):
            continue
        path = os.path.join(folder, name)
        text = open(path, errors="replace").read()
        for inc in re.findall(r'#include\s+"([^"]+)"', text):
            if "/" not in inc:
                continue            # config.h and the like
            other = inc.split("/")[0]
            if other in ROOMS and ROOMS.index(other) > ROOMS.index(room):
                problems.append("%s includes %s: %s/ is above %s/"
                                % (path, inc, other, room))
            if module(inc) != module(name):
                graph.setdefault(module(name), set()).add(module(inc))
            if room == "front" and other == "engine" and inc not in ENGINE_API:
                problems.append("%s includes %s: the front ends use only %s"
                                % (path, inc, ", ".join(sorted(ENGINE_API))))
        if room == "front":
            for lineno, line in enumerate(text.splitlines(), 1):
                m = KIND_NAMES.search(line)
                if m:
                    problems.append("%s:%d names %s: front ends ask the engine's "
                                    "API, not a phase kind" % (path, lineno, m.group(0)))


def reaches(start, goal, seen):
    for nxt in graph.get(start, ()):
        if nxt == goal:
            return True
        if nxt not in seen:
            seen.add(nxt)
            if reaches(nxt, goal, seen):
                return True
    return False


for m in sorted(graph):
    if reaches(m, m, set()):
        problems.append("the module %s includes itself through others" % m)

for p in problems:
    print(p)
sys.exit(1 if problems else 0)
