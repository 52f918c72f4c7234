#!/usr/bin/env python3
"""The man page against the program's own tables: the commands of
`cardrules --help` and the options of each command's --help (generated
from the options table of cli.c).  It fails when

- the SYNOPSIS is not the commands' usage lines, in the commands' order;
- a command has no entry under COMMANDS, or its entry does not say what
  its summary in `cardrules --help` says;
- an option of a command has no entry in an OPTIONS subsection naming the
  command, is spelled otherwise there (its letter, its argument), or its
  entry does not say what its --help says;
- the man page lists an option that the command does not take.

usage: man.py CARDRULES MAN_PAGE"""
import re
import subprocess
import sys

program, page = sys.argv[1], sys.argv[2]
problems = []


def run(*args):
    return subprocess.run([program] + list(args), capture_output=True,
                          text=True, check=True).stdout


def words(text):
    """Text to compare: lower case, single spaces, no final stop."""
    return re.sub(r"\s+", " ", text).strip().lower().rstrip(".")


def macro_args(rest):
    """A roff request's arguments, quotes honoured."""
    return [a[1:-1] if a.startswith('"') else a
            for a in re.findall(r'"[^"]*"|\S+', rest)]


def plain(line):
    """One line of roff as the reader sees it."""
    line = line.replace("\\-", "-").replace("\\e", "\\").replace("\\&", "")
    line = re.sub(r"\\f[BIRP]", "", line)
    m = re.match(r"\.(B|I|BR|RB|BI|IB|IR|RI)(?:\s+(.*))?$", line)
    if m:
        args = macro_args(m.group(2) or "")
        return (" " if m.group(1) in ("B", "I") else "").join(args)
    return line


def sections(lines):
    """The page's sections: name -> their lines."""
    out, name = {}, None
    for line in lines:
        m = re.match(r'\.SH\s+"?([^"]*)"?$', line)
        if m:
            name = m.group(1)
            out[name] = []
        elif name:
            out[name].append(line)
    return out


def entries(lines):
    """The .TP entries of some lines: (their first line, the rest's
    words); .SS subsections start anew: (title, entries)."""
    subs, title, current = [], "", None
    for line in lines:
        m = re.match(r'\.SS\s+"?([^"]*)"?$', line)
        if m:
            title = m.group(1)
            subs.append((title, []))
            current = None
            continue
        if not subs and line == ".TP":
            subs.append(("", []))
        if line == ".TP":
            current = [None, []]
            subs[-1][1].append(current)
        elif current is not None and current[0] is None:
            current[0] = plain(line)
        elif current is not None and line.startswith((".PP", ".SH")):
            current = None
        elif current is not None and line not in (".br",):
            current[1].append(plain(line))
    return [(t, [(head, " ".join(body)) for head, body in es])
            for t, es in subs]


lines = open(page).read().split("\n")
secs = sections(lines)

# --- the commands and their usage lines ---
main = run("--help")
commands = re.findall(r"^  (\S+)\s+(.*)$", main.split("Commands:")[1]
                      .split("\n\n")[0], re.M)
usage, helps = [], {}
for name, _ in commands:
    helps[name] = run(name, "--help")
    first = helps[name].split("\n")[0]
    usage.append(first[len("Usage: "):])
    for line in helps[name].split("\n")[1:]:
        if line.startswith("       cardrules "):
            usage.append(line.strip())

synopsis, line_words = [], []
for line in secs.get("SYNOPSIS", []):
    if line == ".br":
        synopsis.append(" ".join(line_words))
        line_words = []
    elif line:
        line_words.append(plain(line))
if line_words:
    synopsis.append(" ".join(line_words))
synopsis = [re.sub(r"\s+", " ", s) for s in synopsis]
if synopsis != usage:
    problems.append("the SYNOPSIS is not the usage lines of --help:\n  " +
                    "\n  ".join("%-45s | %s" % (a, b) for a, b in
                                zip(usage + [""] * 20, synopsis + [""] * 20)
                                if a or b))

listed = {head: body for _, es in entries(secs.get("COMMANDS", []))
          for head, body in es}
for name, summary in commands:
    if name not in listed:
        problems.append("the command %s has no entry under COMMANDS" % name)
    elif words(summary) not in words(listed[name]):
        problems.append("the entry of %s under COMMANDS does not say '%s'"
                        % (name, summary))

# --- the options ---


def options_of(help_text):
    """A --help's options: spelled as listed -> what it says (None when
    only the usage line names it)."""
    out = {}
    current = None
    for line in help_text.split("\n")[1:]:
        m = re.match(r"^ {2,6}(-\w, )?(--[\w-]+)(.*?)(?: {2,}(.*))?$", line)
        if m:
            head = ((m.group(1) or "") + m.group(2) + m.group(3)).strip()
            current = head
            out[head] = m.group(4) or ""
        elif current and re.match(r"^ {10,}\S", line):
            out[current] += " " + line.strip()
    for m in re.finditer(r"\[(--[\w-]+(?: [A-Z][\w.]*)?)\]",
                         help_text.split("\n")[0]):
        for head in out:
            if head.split(" ")[0].endswith(m.group(1).split(" ")[0]):
                break
        else:
            out[m.group(1)] = None
    return out


given = {name: options_of(helps[name]) for name, _ in commands}
subsections = entries(secs.get("OPTIONS", []))
for name, opts in given.items():
    mine = [es for title, es in subsections
            if re.search(r"\b%s\b" % name, title)]
    for head, says in opts.items():
        long = re.search(r"--[\w-]+", head).group(0)
        found = [(h, b) for es in mine for h, b in es
                 if re.search(r"(^|\s)%s(\s|$)" % re.escape(long), h)]
        if not found:
            problems.append("%s %s is missing from the OPTIONS of %s"
                            % (name, head, name))
            continue
        h, body = found[0]
        if words(h) != words(head):
            problems.append("%s: the man page spells '%s' where --help "
                            "says '%s'" % (name, h, head))
        if says and words(says) not in words(body):
            problems.append("%s %s: the man page does not say '%s'"
                            % (name, head, says))
for title, es in subsections:
    named = [n for n, _ in commands if re.search(r"\b%s\b" % n, title)]
    if not named:
        problems.append("the OPTIONS subsection '%s' names no command" % title)
    for head, _ in es:
        long = re.search(r"--[\w-]+", head or "")
        for n in named:
            if not long or not any(long.group(0) in h.split(" ")
                                   for h in given[n]):
                problems.append("the man page lists '%s' under '%s', but %s "
                                "takes no such option" % (head, title, n))

if problems:
    print("\n".join(problems))
    sys.exit(1)
print("%d commands and %d options agree with the man page"
      % (len(commands), sum(len(o) for o in given.values())))
