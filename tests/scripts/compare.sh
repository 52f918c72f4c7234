#!/bin/bash
# compare: two rule files on the same deals; and several jobs.
#
# The comparison's numbers are worked out again from `simulate --json` of
# each file (the deals paired by match and deal, the paired differences'
# mean and 95% interval), and must agree; a file compared with itself
# differs in nothing; bad requests are refused.  `simulate` and `compare`
# give byte for byte the same output whatever the number of jobs.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

cardrules compare hearts examples/omnibus-hearts.yaml --deals 600 --seed 3 \
	--value moon --json >"$tmp/cmp.json" || fail "compare failed"
cardrules simulate hearts --deals 600 --seed 3 --json >"$tmp/a.json"
cardrules simulate examples/omnibus-hearts.yaml --deals 600 --seed 3 --json >"$tmp/b.json"
python3 - "$tmp/cmp.json" "$tmp/a.json" "$tmp/b.json" <<'PY' || fail "compare disagrees with simulate"
import json, math, sys
cmp = json.load(open(sys.argv[1]))
runs = [{(d["match"], d["deal"]): d for d in json.load(open(p))["deals"]}
        for p in sys.argv[2:4]]
keys = sorted(set(runs[0]) & set(runs[1]))
rows = {r["name"]: r for r in cmp["rows"]}
assert cmp["paired_deals"] == len(keys), (cmp["paired_deals"], len(keys))
# the paired deals are in the JSON too, as each file played them
assert [(d["match"], d["deal"]) for d in cmp["deals"]] == keys
for d in cmp["deals"]:
    k = (d["match"], d["deal"])
    assert d["a"] == runs[0][k]["scores"] and d["b"] == runs[1][k]["scores"]
    assert d["a_values"] == [1 if runs[0][k]["values"]["moon"] else 0]
def check(name, f):
    d = [f(runs[1][k]) - f(runs[0][k]) for k in keys]
    n = len(d)
    mean = sum(d) / n
    sd = math.sqrt(sum((x - mean) ** 2 for x in d) / (n - 1))
    r = rows[name]
    for got, want in ((r["diff"], mean), (r["low"], mean - 1.96 * sd / math.sqrt(n)),
                      (r["high"], mean + 1.96 * sd / math.sqrt(n))):
        assert abs(got - want) < 1e-4 * max(1, abs(want)), (name, got, want)
for p in range(4):
    check("seat %d mean/deal" % p, lambda d, p=p: d["scores"][p])
check("spread in a deal", lambda d: max(d["scores"]) - min(d["scores"]))
check("value moon", lambda d: 1 if d["values"]["moon"] else 0)
PY
cardrules compare hearts examples/omnibus-hearts.yaml --deals 300 --value moon \
	--plot "$tmp/cmp.svg" >/dev/null || fail "compare --plot failed"
cardrules compare gridcannon gridcannon --deals 40 --bot low \
	--plot "$tmp/solitaire.svg" >/dev/null || fail "compare --plot of a solitaire failed"
python3 - "$tmp/cmp.svg" "$tmp/solitaire.svg" <<'PY' || fail "the plot is not the SVG expected"
import re, sys, xml.dom.minidom

def texts(node):
    return [t for t in node.getElementsByTagName("text")]

def words(t):
    return t.firstChild.data if t.firstChild else ""

def groups(d, cls):
    return [g for g in d.getElementsByTagName("g")
            if g.getAttribute("class") == cls]

def ticks(g, which):
    axes = [a for a in g.getElementsByTagName("g")
            if a.getAttribute("class") == "axis " + which]
    assert len(axes) == 1, (g.getAttribute("class"), which, len(axes))
    return [words(t) for t in texts(axes[0])]

def no_overlap(d):
    """No two labels share a spot (widths estimated from their length)."""
    boxes = []
    for t in texts(d):
        size = float(t.getAttribute("font-size"))
        x, y, w = float(t.getAttribute("x")), float(t.getAttribute("y")), \
            0.6 * size * len(words(t))
        x -= {"start": 0, "middle": w / 2, "end": w}[t.getAttribute("text-anchor")]
        boxes.append((x, y - size * 0.8, x + w, y, words(t)))
    for i, a in enumerate(boxes):
        for b in boxes[i + 1:]:
            assert a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1], \
                "labels overlap: %r and %r" % (a[4], b[4])

number = re.compile(r"^-?(0|[1-9][0-9]*)(\.[0-9]+)?%?$")

d = xml.dom.minidom.parse(sys.argv[1])
assert d.documentElement.tagName == "svg"
alltext = "".join(words(t) for t in texts(d))
assert "A: hearts" in alltext and "B: examples/omnibus-hearts.yaml" in alltext
no_overlap(d)
# one histogram a seat, all on the same score range and share scale
hist = groups(d, "histogram")
assert [g.getAttribute("data-seat") for g in hist] == ["0", "1", "2", "3"]
xs = [ticks(g, "x") for g in hist]
ys = [ticks(g, "y") for g in hist]
assert all(x == xs[0] for x in xs) and all(y == ys[0] for y in ys), (xs, ys)
assert len(xs[0]) >= 4 and len(ys[0]) >= 4, (xs[0], ys[0])
assert all(y.endswith("%") for y in ys[0]) and ys[0][0] == "0%", ys[0]
for g in hist:
    bars = [r for r in g.getElementsByTagName("rect") if r.getAttribute("class") == "bar"]
    assert len(bars) == 2 * 24, len(bars)
# the differences: one panel per unit, never points and shares on one axis
diffs = {g.getAttribute("data-unit"): g for g in groups(d, "differences")}
assert set(diffs) == {"points", "shares", "deals"}, set(diffs)
def rows(g):
    return [words(t) for t in texts(g) if t.getAttribute("text-anchor") == "end"]
assert rows(diffs["points"]) == ["seat %d mean/deal" % p for p in range(4)] + \
    ["spread in a deal", "dealer's advantage", "first player's advantage", "value moon"]
assert rows(diffs["shares"]) == ["seat %d wins" % p for p in range(4)]
assert rows(diffs["deals"]) == ["deals in a match"]
for unit, g in diffs.items():
    t = ticks(g, "x")
    assert len(t) >= 4, (unit, t)
    assert all(number.match(x) for x in t), (unit, t)
    assert any(float(x.rstrip("%")) == 0 for x in t), (unit, t)
    assert all(x.endswith("%") for x in t) == (unit == "shares"), (unit, t)
assert len(d.getElementsByTagName("circle")) == 13

# a solitaire: its scores a bar for each value, and the games won as bars
d = xml.dom.minidom.parse(sys.argv[2])
no_overlap(d)
hist = groups(d, "histogram")
assert len(hist) == 1
assert all(number.match(x) for x in ticks(hist[0], "x"))
won = groups(d, "won")
assert len(won) == 1 and len(ticks(won[0], "y")) >= 4
labels = [words(t) for t in texts(won[0])]
assert any(l.startswith("A: ") for l in labels) and any(l.startswith("B: ") for l in labels)
assert set(g.getAttribute("data-unit") for g in groups(d, "differences")) == {"points", "shares"}
PY
# a longer match: the match length compared, the pairing explained
cardrules compare stendhal tests/data/warnings/stale-description.yaml --deals 400 >"$tmp/long" ||
	fail "compare with a longer match failed"
grep -q '^deals in a match  ' "$tmp/long" || fail "no match-length row: $(cat "$tmp/long")"
grep -q '^[0-9]* paired deals (of 400 played under each file), 5 players' "$tmp/long" ||
	fail "the paired deals are not counted against those played: $(head -n 4 "$tmp/long")"
grep -q "^Deal k of match m under A is paired with deal k of match m under B; a deal whose match has already ended under the other file has no pair (A's matches last [0-9.]* deals, B's [0-9.]*).$" "$tmp/long" ||
	fail "the pairing is not explained: $(head -n 5 "$tmp/long")"
grep -q '^  - under B, a match lasts [0-9.]* deals longer$' "$tmp/long" ||
	fail "the verdict does not say the match is longer: $(tail -n 6 "$tmp/long")"
grep -q 'neither is better for any seat.$' "$tmp/long" ||
	fail "the verdict does not say for whom: $(tail -n 6 "$tmp/long")"
cardrules compare hearts hearts --deals 200 >"$tmp/same" || fail "compare with itself failed"
grep -q '^Verdict: no difference is significant at 95%.$' "$tmp/same" || fail "a file differs from itself"
cardrules compare hearts black-lady --deals 100 --csv >"$tmp/csv" || fail "csv"
head -n 1 "$tmp/csv" | grep -qx 'quantity,a,b,diff,low,high,n,significant' || fail "csv header"
if cardrules compare hearts hearts --value nothing >"$tmp/out" 2>&1; then
	fail "an unknown value is accepted"
fi
grep -q "has no named value 'nothing'" "$tmp/out" || fail "no message for an unknown value"
if cardrules compare hearts stendhal >"$tmp/out" 2>&1; then
	fail "games for different player counts are compared"
fi

# --- the same results with any number of jobs ---
for game in hearts stendhal ribs-betting sidi-barrani schieberamsch-kontra; do
	for j in 1 3; do
		cardrules simulate "$game" --deals 301 --seed 5 -j "$j" >"$tmp/text-$j"
		cardrules simulate "$game" --deals 301 --seed 5 -j "$j" --json >"$tmp/json-$j"
	done
	cmp -s "$tmp/text-1" "$tmp/text-3" || fail "$game: -j 3 prints other statistics"
	cmp -s "$tmp/json-1" "$tmp/json-3" || fail "$game: -j 3 writes other JSON"
done
cardrules simulate sidi-barrani --deals 60 --bot low -j 1 >"$tmp/low-1"
cardrules simulate sidi-barrani --deals 60 --bot low -j 2 >"$tmp/low-2"
cmp -s "$tmp/low-1" "$tmp/low-2" || fail "the low bots: -j 2 differs"
grep -q 'bots: low$' "$tmp/low-1" || fail "the bots are not named: $(head -n 1 "$tmp/low-1")"
cardrules simulate hearts --deals 12 --seed 2 --bot 0=mc:50 -j 1 >"$tmp/mc-1"
cardrules simulate hearts --deals 12 --seed 2 --bot 0=mc:50 -j 2 >"$tmp/mc-2"
cmp -s "$tmp/mc-1" "$tmp/mc-2" || fail "Monte Carlo bots: -j 2 differs"
cardrules compare hearts examples/omnibus-hearts.yaml --deals 300 -j 2 --json >"$tmp/cmp2.json"
cardrules compare hearts examples/omnibus-hearts.yaml --deals 300 -j 1 --json >"$tmp/cmp1.json"
cmp -s "$tmp/cmp1.json" "$tmp/cmp2.json" || fail "compare: -j 2 differs"
if cardrules simulate hearts -j 2 --transcript "$tmp/t.yaml" >/dev/null 2>&1; then
	fail "--transcript with --jobs is accepted"
fi
# a solitaire: the games won, paired deck by deck; no seats to compare
cardrules compare gridcannon gridcannon --deals 40 --bot low >"$tmp/sol" ||
	fail "compare of a solitaire failed"
grep -q '^games won ' "$tmp/sol" || fail "a solitaire's games won not compared"
if grep -q 'nan\|advantage' "$tmp/sol"; then
	fail "a solitaire compared by seats: $(cat "$tmp/sol")"
fi
pass
