"""What bench/strength prints from one run of `simulate --json`.

  strength.py table GAME SEAT0 OTHERS     a row of the advantage table
  strength.py contracts GAME.SEAT0.OTHERS a row of contracts, where the
                                           game has them
  strength.py time GAME.SEAT0.OTHERS      a row of seat 0's time a
                                           decision (simulate --time)
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


def sidi_barrani(deals):
    """Seat 0's side (seats 0 and 2): its contracts made, and its doubles
    of the other side's contracts won (the contract failed)."""
    mine = [d for d in deals if d["values"]["declaring"][0]]
    made = [d for d in mine if d["values"]["made"]]
    doubles = [d for d in deals if d["contract"]["doubled"]
               and not d["values"]["declaring"][0]]
    won = [d for d in doubles if not d["values"]["made"]]
    return ["bids %s, made %s" % (rate(len(mine), len(deals)),
                                  rate(len(made), len(mine))),
            "doubles %s, won %s" % (rate(len(doubles), len(deals)),
                                    rate(len(won), len(doubles)))]


def soloist(deal):
    """The seat that declared a Grand Hand, or None."""
    seats = [p for p, solo in enumerate(deal["values"]["soloist"]) if solo]
    return seats[0] if seats else None


def schieberamsch(deals):
    """Seat 0's Grand Hands made; and against another's Grand Hand, the
    Kontras of the defending side (the counter `kontras`), won when the
    Grand Hand failed."""
    mine = [d for d in deals if soloist(d) == 0]
    made = [d for d in mine if d["values"]["made"][0]]
    against = [d for d in deals if soloist(d) not in (None, 0)]
    kontras = [d for d in against if d["counters"]["kontras"] > 0]
    won = [d for d in kontras if not d["values"]["made"][soloist(d)]]
    return ["Grand Hands %s, made %s" % (rate(len(mine), len(deals)),
                                         rate(len(made), len(mine))),
            "Kontras against others' Grand Hands %s, won %s"
            % (rate(len(kontras), len(against)), rate(len(won), len(kontras)))]


CONTRACTS = {"sidi-barrani": sidi_barrani, "schieberamsch": schieberamsch}


def contracts(label, run):
    game, me, them = label.split(".", 2)
    if game in CONTRACTS:
        said = CONTRACTS[game](run["deals"])
        print("| %s | %s | %s | %d | %s |" % (game, me, them,
                                             len(run["deals"]),
                                             "; ".join(said)))


def decision_time(label, run):
    game, me, them = label.split(".", 2)
    seat = run["summary"]["seats"][0]
    if "decisions" in seat:
        print("| %s | %s | %s | %d | %.3f |" % (game, me, them,
                                               seat["decisions"],
                                               seat["ms_a_decision"]))


def main():
    run = json.load(sys.stdin)
    if sys.argv[1] == "table":
        table(sys.argv[2], sys.argv[3], sys.argv[4], run)
    elif sys.argv[1] == "time":
        decision_time(sys.argv[2], run)
    else:
        contracts(sys.argv[2], run)


main()
