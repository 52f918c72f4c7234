"""What bench/strength prints from one run of `simulate --json`.

  strength.py table GAME SEAT0 OTHERS     a row of the advantage table
  strength.py contracts GAME.SEAT0.OTHERS a row of contracts, where the
                                           game has them (Sidi Barrani,
                                           Bridge, Schieberamsch, Spades,
                                           Oh Hell, Skat)
  strength.py time GAME.SEAT0.OTHERS      a row of seat 0's time a
                                           decision (simulate --time)
  strength.py everyone GAME BOT           a row of the contracts when
                                           every seat plays BOT
  strength.py paired GAME SEAT0 BASE OTHERS RUN BASERUN
                                          a row of the difference, deal by
                                          deal, between seat 0 playing SEAT0
                                          (RUN) and playing BASE (BASERUN)
                                          on the same deals
"""
import json
import math
import sys

LOWEST_WINS = ("hearts", "schieberamsch")


def advantage(game, deal):
    """Seat 0's deal score less the others' mean, turned where the lowest
    total wins."""
    s = deal["scores"]
    x = s[0] - sum(s[1:]) / (len(s) - 1)
    return -x if game in LOWEST_WINS else x


def mean_interval(xs):
    n = len(xs)
    m = sum(xs) / n
    sd = math.sqrt(sum((x - m) ** 2 for x in xs) / (n - 1)) if n > 1 else 0
    h = 1.96 * sd / math.sqrt(n)
    return m, m - h, m + h


def table(game, me, them, run):
    xs = [advantage(game, deal) for deal in run["deals"]]
    m, lo, hi = mean_interval(xs)
    print("| %s | %s | %s | %d | %+.2f | [%+.2f, %+.2f] |"
          % (game, me, them, len(xs), m, lo, hi))


def paired(game, me, base, them, run, base_run):
    """The same deals (a match's seed and the deal's number fix its
    cards) played with seat 0 two ways: the luck of the cards, which
    most of a deal's score is, cancels out."""
    by_deal = {(d["match"], d["deal"]): advantage(game, d)
               for d in base_run["deals"]}
    xs = [advantage(game, d) - by_deal[(d["match"], d["deal"])]
          for d in run["deals"] if (d["match"], d["deal"]) in by_deal]
    if len(xs) < 2:
        return
    m, lo, hi = mean_interval(xs)
    print("| %s | %s | %s | %s | %d | %+.2f | [%+.2f, %+.2f] |"
          % (game, me, base, them, len(xs), m, lo, hi))


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


def spades(deals):
    """Seat 0's calls: its side's bids made, the tricks over them (bags),
    and its own nils made."""
    made = [d for d in deals if d["values"]["made"][0]]
    bags = sum(d["values"]["new_bags"][0] for d in deals)
    nils = [d for d in deals if d["counters"]["nils"][0]]
    nils_made = [d for d in nils if d["values"]["nil_score"][0] > 0]
    return ["mean bid %.2f, side's %.2f" % (
                sum(d["counters"]["bids"][0] for d in deals) / len(deals),
                sum(d["values"]["side_bid"][0] for d in deals) / len(deals)),
            "side made %s" % rate(len(made), len(deals)),
            "bags a deal %.2f" % (bags / len(deals)),
            "nils %s, made %s" % (rate(len(nils), len(deals)),
                                  rate(len(nils_made), len(nils)))]


def oh_hell(deals):
    """Seat 0's calls: how many it made exactly, and its mean call."""
    exact = [d for d in deals if d["values"]["exact"][0]]
    return ["mean call %.2f" % (
                sum(d["counters"]["bids"][0] for d in deals) / len(deals)),
            "exact %s" % rate(len(exact), len(deals))]


def bridge(deals):
    """Seat 0's side (seats 0 and 2) as declarer: its contracts, their
    mean level and how many it made; the other side's contracts and how
    many they made."""
    played = [d for d in deals
              if d["contract"] and d["contract"]["declarer"] >= 0]
    mine = [d for d in played if d["contract"]["declarer"] % 2 == 0]
    theirs = [d for d in played if d["contract"]["declarer"] % 2 == 1]
    made = [d for d in mine if d["values"]["made"]]
    level = (sum(d["contract"]["bid"] for d in mine) / len(mine)
             if mine else 0)
    return ["side declares %s, mean level %.1f, made %s" % (
                rate(len(mine), len(deals)), level,
                rate(len(made), len(mine))),
            "the others' made %s" % rate(
                sum(1 for d in theirs if d["values"]["made"]), len(theirs))]


SKAT_GAMES = ("diamonds", "hearts", "spades", "clubs", "Grand", "Null")


def skat(deals):
    """Seat 0 as declarer: its games, made, by the game named (the
    counter `game`: 1 diamonds .. 4 clubs, 5 Grand, 6 Null); and the
    others' games against it, made."""
    played = [d for d in deals
              if d["contract"] and d["contract"]["declarer"] >= 0]
    mine = [d for d in played if d["contract"]["declarer"] == 0]
    theirs = [d for d in played if d["contract"]["declarer"] != 0]
    named = []
    for k, name in enumerate(SKAT_GAMES, 1):
        of = [d for d in mine if d["counters"]["game"] == k]
        if of:
            named.append("%s %d, made %d" % (
                name, len(of), sum(1 for d in of if d["values"]["made"])))
    return ["declares %s, made %s" % (
                rate(len(mine), len(deals)),
                rate(sum(1 for d in mine if d["values"]["made"]), len(mine))),
            ", ".join(named) if named else "no game",
            "the others' made %s" % rate(
                sum(1 for d in theirs if d["values"]["made"]), len(theirs))]


CONTRACTS = {"sidi-barrani": sidi_barrani, "bridge": bridge, "schieberamsch": schieberamsch,
             "spades": spades, "oh-hell": oh_hell, "skat": skat}


def everyone_sidi(deals):
    """Every side's contracts made, and doubled and won by the doubler."""
    bids = [d for d in deals if d["contract"]["declarer"] >= 0]
    made = [d for d in bids if d["values"]["made"]]
    doubled = [d for d in bids if d["contract"]["doubled"]]
    won = [d for d in doubled if not d["values"]["made"]]
    return ["contracts made %s" % rate(len(made), len(bids)),
            "doubled %s, won %s" % (rate(len(doubled), len(bids)),
                                    rate(len(won), len(doubled)))]


def everyone_schieberamsch(deals):
    """Grand Hands made, and Kontras against them won."""
    grand = [d for d in deals if soloist(d) is not None]
    made = [d for d in grand if d["values"]["made"][soloist(d)]]
    kontras = [d for d in grand if d["counters"]["kontras"] > 0]
    won = [d for d in kontras if not d["values"]["made"][soloist(d)]]
    return ["Grand Hands %s, made %s" % (rate(len(grand), len(deals)),
                                         rate(len(made), len(grand))),
            "Kontras %s, won %s" % (rate(len(kontras), len(grand)),
                                    rate(len(won), len(kontras)))]


def everyone_ribs(deals):
    """The last round's contract: how high, and how often at the top."""
    bids = [d["contract"]["bid"] for d in deals if d["contract"]]
    top = max(bids) if bids else 0
    return ["last round's bids %d to %d, mean %.1f" %
            (min(bids), top, sum(bids) / len(bids)),
            "at the top (%d) %s" % (4 * len(deals[0]["scores"]),
                                    rate(sum(b == 4 * len(deals[0]["scores"])
                                             for b in bids), len(bids)))]


EVERYONE = {"sidi-barrani": everyone_sidi,
            "schieberamsch": everyone_schieberamsch, "ribs": everyone_ribs}


def everyone(game, bot, run):
    if game in EVERYONE:
        print("| %s | %s | %d | %s |" % (game, bot, len(run["deals"]),
                                         "; ".join(EVERYONE[game](run["deals"]))))


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
        print("| %s | %s | %s | %d | %.3f | %.3f |" % (
            game, me, them, seat["decisions"], seat["ms_a_decision"],
            seat.get("cpu_ms_a_decision", 0)))


def main():
    if sys.argv[1] == "paired":
        with open(sys.argv[6]) as f, open(sys.argv[7]) as g:
            paired(sys.argv[2], sys.argv[3], sys.argv[4], sys.argv[5],
                   json.load(f), json.load(g))
        return
    run = json.load(sys.stdin)
    if sys.argv[1] == "table":
        table(sys.argv[2], sys.argv[3], sys.argv[4], run)
    elif sys.argv[1] == "time":
        decision_time(sys.argv[2], run)
    elif sys.argv[1] == "everyone":
        everyone(sys.argv[2], sys.argv[3], run)
    else:
        contracts(sys.argv[2], run)


main()
