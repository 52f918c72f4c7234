#!/bin/bash
# compare: two rule files on the same deals.
#
# The comparison's numbers are worked out again from `simulate --json` of
# each file (the deals paired by match and deal, the paired differences'
# mean and 95% interval), and must agree; a file compared with itself
# differs in nothing; bad requests are refused.
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
pass
