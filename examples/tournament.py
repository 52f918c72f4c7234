#!/usr/bin/env python3
"""A bot written in Python against cardrules' own bots, through `serve`.

    examples/tournament.py [GAME] [--matches N] [--seed S] [--set NAME=N]...
        [--opponents ismcts:20ms,mc:100,low] [--program PATH]

For each opponent, N matches of GAME (default: Black Lady, one round) are
played with duck() below at one seat, moving round the table from match
to match, and the opponent's bot at every other seat.  Prints, per
opponent, duck's mean place and total against the mean of the others,
and how often it came first.  Each match of each opponent is dealt from
the same seeds, so the opponents face the same cards.

Write your own bot as a function of the decision the server sends (the
seat's view and the legal actions) returning the ids of its choice, and
pass it to tournament() instead of duck.  Only the Python standard library
is used.
"""
import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from serve_client import Server, ServeError, play_match  # noqa: E402


def rank_of(card, deck):
    """A card's rank from low to high: its place within its suit in the
    deck's order ("2C" low, "AC" high in a 52-card deck)."""
    name = card.split("#")[0]
    suit = name[-1]
    same_suit = [c.split("#")[0] for c in deck if c.split("#")[0][-1] == suit]
    order = list(dict.fromkeys(same_suit))
    return order.index(name) if name in order else 0


def duck(decision, deck):
    """A bot for trick games where tricks cost points: pass its highest
    cards; follow with the highest card that stays under the trick's best
    (else its highest: the trick is lost anyway); lead its lowest card.
    Any other decision: the first legal action."""
    legal = decision["legal"]
    if not all(a["kind"] == "card" for a in legal):
        return list(range(decision["choose"]))
    by_rank = sorted(range(len(legal)),
                     key=lambda i: rank_of(legal[i]["cards"][0], deck))
    if decision["choose"] > 1 or decision["verb"] == "pass":
        return by_rank[::-1][:decision["choose"]]
    trick = decision["view"].get("trick", {}).get("cards", [])
    if not trick:
        return by_rank[:1]
    led = trick[0]["card"].split("#")[0][-1]
    best = max((rank_of(e["card"], deck) for e in trick
                if e["card"].split("#")[0][-1] == led), default=-1)
    under = [i for i in by_rank
             if legal[i]["cards"][0].split("#")[0][-1] == led and
             rank_of(legal[i]["cards"][0], deck) < best]
    return [under[-1]] if under else by_rank[-1:]


def tournament(server, game, bot, opponent, matches, seed, options):
    """The bot at a seat that moves round the table, the opponent at every
    other; each match's (place, bot's total, others' mean total)."""
    results = []
    deck = []
    players = server.request({"type": "load", "game": game,
                              "set": options})["players"]
    for k in range(matches):
        seat = k % players
        end = play_match(server, game, lambda d: bot(d, deck),
                         seed=seed + k, options=options, seats=[seat],
                         bots=opponent,
                         on_loaded=lambda loaded: deck.__setitem__(
                             slice(None), loaded["deck"]))
        if end["event"] != "over":
            raise ServeError({"message": end.get("text", "the match stopped")})
        others = [t for q, t in enumerate(end["totals"]) if q != seat]
        results.append((end["places"][seat], end["totals"][seat],
                        sum(others) / len(others)))
    return results


def main(argv):
    parser = argparse.ArgumentParser(
        description="duck() against cardrules' bots, through serve.")
    parser.add_argument("game", nargs="?", default="black-lady")
    parser.add_argument("--matches", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--set", action="append", default=None,
                        metavar="NAME=N")
    parser.add_argument("--opponents", default="ismcts:20ms,mc:100,low")
    parser.add_argument("--program", default=os.environ.get(
        "CARDRULES", "cardrules"))
    args = parser.parse_args(argv)
    options = {}
    for item in args.set if args.set is not None else (
            ["rounds=1"] if args.game == "black-lady" else []):
        name, _, value = item.partition("=")
        options[name] = int(value)

    server = Server(args.program)
    print(f"duck against cardrules' bots at {args.game}, "
          f"{args.matches} matches each")
    print(f"{'opponent':16} {'place':>6} {'total':>8} {'others':>8} "
          f"{'first':>6}")
    try:
        for opponent in args.opponents.split(","):
            results = tournament(server, args.game, duck, opponent,
                                 args.matches, args.seed, options)
            n = len(results)
            print(f"{opponent:16} {sum(r[0] for r in results) / n:6.2f} "
                  f"{sum(r[1] for r in results) / n:8.1f} "
                  f"{sum(r[2] for r in results) / n:8.1f} "
                  f"{sum(r[0] == 1 for r in results):3}/{n:<2}")
    except ServeError as e:
        print(f"tournament: {e}", file=sys.stderr)
        server.close()
        return 1
    server.close()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
