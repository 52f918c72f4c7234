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
python3 - "$tmp/cmp.svg" <<'PY' || fail "the plot is not the SVG expected"
import sys, xml.dom.minidom
d = xml.dom.minidom.parse(sys.argv[1])
assert d.documentElement.tagName == "svg"
# 4 seats x 24 bins x 2 files, the background, the two legend boxes
assert len(d.getElementsByTagName("rect")) == 4 * 24 * 2 + 3
# one interval per row: 4 seats, spread, 2 advantages, moon, 4 wins
assert len(d.getElementsByTagName("circle")) == 12
texts = "".join(t.firstChild.data for t in d.getElementsByTagName("text"))
assert "A: hearts" in texts and "B: examples/omnibus-hearts.yaml" in texts
PY
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
