#!/usr/bin/env python3
"""same-results.py WANT GOT: the JSON result GOT agrees with WANT on every
field WANT has (GOT may have more: the format grows).  Prints the first
difference and exits 1 when they disagree."""
import json
import sys


def agree(want, got, where):
    if isinstance(want, dict):
        if not isinstance(got, dict):
            return "%s: an object was expected" % where
        for k, v in want.items():
            if k not in got:
                return "%s.%s: missing" % (where, k)
            d = agree(v, got[k], "%s.%s" % (where, k))
            if d:
                return d
        return None
    if isinstance(want, list):
        if not isinstance(got, list) or len(got) != len(want):
            return "%s: a list of %d was expected" % (where, len(want))
        for i, (a, b) in enumerate(zip(want, got)):
            d = agree(a, b, "%s[%d]" % (where, i))
            if d:
                return d
        return None
    return None if want == got else "%s: %r, not %r" % (where, got, want)


want = json.load(open(sys.argv[1]))
got = json.load(open(sys.argv[2]))
diff = agree(want, got, "result")
if diff:
    print(diff)
    sys.exit(1)
