"""What bench/strength prints from one run of `simulate --json`.

  strength.py table GAME SEAT0 OTHERS     a row of the advantage table
  strength.py contracts GAME.SEAT0.OTHERS a row of contracts, where the
                                           game has them
"""
import json
import math
import sys

LOWEST_WINS = ("hearts", "schieberamsch")


def table(game, me, them, run):
    xs = []
    for deal in run["deals"]:
        s = deal["scores"]
        x = s[0] - sum(s[1:]) / (len(s) - 1)
        xs.append(-x if game in LOWEST_WINS else x)
    n = len(xs)
    m = sum(xs) / n
    sd = math.sqrt(sum((x - m) ** 2 for x in xs) / (n - 1))
    h = 1.96 * sd / math.sqrt(n)
    print("| %s | %s | %s | %d | %+.2f | [%+.2f, %+.2f] |"
          % (game, me, them, n, m, m - h, m + h))


def rate(k, n):
    return "%d of %d (%.0f%%)" % (k, n, 100.0 * k / n) if n else "none"


def contracts(label, run):
    game, me, them = label.split(".", 2)
    deals = run["deals"]
    said = []
    if game == "sidi-barrani":
        # seat 0's side (seats 0 and 2) declares: made or not; doubled
        mine = [d for d in deals if d["values"]["declaring"][0]]
        made = [d for d in mine if d["values"]["made"]]
        said.append("bids %s, made %s" % (rate(len(mine), len(deals)),
                                          rate(len(made), len(mine))))
    elif game == "schieberamsch":
        mine = [d for d in deals if d["values"]["soloist"][0]]
        made = [d for d in mine if d["values"]["made"][0]]
        said.append("Grand Hands %s, made %s" % (rate(len(mine), len(deals)),
                                                 rate(len(made), len(mine))))
    if said:
        print("| %s | %s | %s | %d | %s |" % (game, me, them, len(deals),
                                             "; ".join(said)))


def main():
    run = json.load(sys.stdin)
    if sys.argv[1] == "table":
        table(sys.argv[2], sys.argv[3], sys.argv[4], run)
    else:
        contracts(sys.argv[2], run)


main()
