#!/usr/bin/env python3
"""openspiel-replay.py DATA TMP: replays every game OpenSpiel recorded
(DATA/spades.jsonl.gz, DATA/oh_hell.jsonl.gz, DATA/bridge.jsonl.gz;
tests/data/openspiel/) through the rule files that read OpenSpiel's rule
choices (games/spades-openspiel.yaml, games/oh-hell-openspiel.yaml,
games/bridge-openspiel.yaml) and compares.

Each record becomes a transcript of its deal, the hands written out (and
for Oh Hell the card turned up, then the cards not dealt) and every
decision in OpenSpiel's order; `$CARDRULES replay --json --decisions`
replays it.  At every decision the moves the program allows must be
exactly those OpenSpiel allowed (the bids, Nil, the calls of Bridge's
auction, the cards, the dummy's played by the declarer), every trick
must have OpenSpiel's leader, cards and winner, and the deal's scores
must be OpenSpiel's returns.  Prints a summary; exits 1 at the first
difference, naming the record."""
import gzip
import json
import os
import subprocess
import sys


class Disagreement(Exception):
    pass


def expect(cond, what):
    if not cond:
        raise Disagreement(what)


def card(c):
    """OpenSpiel's card in our notation: the ten is 10, not T."""
    return "10" + c[1:] if c[0] == "T" else c


STRAINS = {"\u2663": "C", "\u2666": "D", "\u2665": "H", "\u2660": "S",
           "NT": "notrump"}
CALLS = {"Pass": "pass", "Dbl": "double", "RDbl": "redouble", "Nil": "nil"}


def call(s):
    """OpenSpiel's call in our words: 1\u2663 is 1 C, 3NT 3 notrump."""
    if s in CALLS:
        return CALLS[s]
    if s[1:] in STRAINS:
        return "%s %s" % (s[0], STRAINS[s[1:]])
    return s


def word(record, a):
    """The words of OpenSpiel's action a as a player types them here."""
    if a["ph"] == "play":
        return card(a["c"])
    return call(a["s"])


def legal(a):
    if a["ph"] == "play":
        return {card(c) for c in a["legal_c"]}
    return {call(s) for s in a["legal"]}


def hand_seat(a):
    """The seat whose hand moves: the dummy's, when its declarer plays."""
    return a.get("seat", a["p"])


def transcript(record, game):
    """A transcript of the record's deal under the rule file `game`."""
    players = record["num_players"]
    deal = record["deal"]
    lines = ["cardrules-transcript: 1", "game: %s" % game,
             "players: %d" % players]
    if record["game"] == "oh_hell":
        lines += ["dealer: %d" % record["extras"]["dealer"],
                  "options: {hand_size: %d}" % record["extras"]["num_tricks"]]
    if record["game"] == "bridge":
        lines.append("dealer: %d" % record["extras"]["dealer"])
    lines += ["deals:", "  - hands:"]
    for seat, hand in enumerate(deal["hands"]):
        lines.append("      %d: [%s]" % (seat, ", ".join(map(card, hand))))
    if record["game"] == "oh_hell":
        rest = [deal["trump_card"]] + deal["undealt"]
        lines.append("    leftover: [%s]" % ", ".join(map(card, rest)))
    lines.append("    moves:")
    verb = {"bid": "call", "auction": "call", "play": "play"}
    for a in record["actions"]:
        if a["p"] >= 0:
            lines.append("      - %d: %s %s" % (hand_seat(a), verb[a["ph"]],
                                               word(record, a)))
    return "\n".join(lines) + "\n"


class Count:
    records = decisions = bids = cards = tricks = contracts = 0


def contract(extras, values):
    """Bridge's contract as OpenSpiel's record states it, and the tricks
    the declaring side took, against the values of the scoring."""
    if extras["passed_out"]:
        expect(values["declarer_score"] == 0, "passed out, yet scored")
        return
    c = extras["contract"]
    times = {"": 1, "X": 2, "XX": 4}[c["doubled"]]
    expect(values["needed"] == c["level"] + 6 and values["times"] == times
           and values["side_tricks"] == extras["declarer_tricks"],
           "contract %s, %d tricks; the program: %d to take, times %d, %d "
           "taken" % (extras["contract_string"], extras["declarer_tricks"],
                      values["needed"], values["times"],
                      values["side_tricks"]))
    Count.contracts += 1


def compare(record, replayed):
    deals = replayed["deals"]
    expect(len(deals) == 1, "%d deals replayed, not 1" % len(deals))
    deal = deals[0]
    made = [a for a in record["actions"] if a["p"] >= 0]
    got = deal["decisions"]
    expect(len(got) == len(made), "%d decisions, OpenSpiel %d"
           % (len(got), len(made)))
    for i, (a, d) in enumerate(zip(made, got)):
        expect(d["seat"] == hand_seat(a), "decision %d: seat %d, OpenSpiel "
               "%d" % (i + 1, d["seat"], hand_seat(a)))
        expect(d.get("by", d["seat"]) == a["p"], "decision %d: decided by "
               "seat %d, OpenSpiel %d" % (i + 1, d.get("by", d["seat"]),
                                          a["p"]))
        expect(len(set(d["legal"])) == len(d["legal"]) and
               set(d["legal"]) == legal(a),
               "decision %d (%s), seat %d: the program allows %s, OpenSpiel "
               "%s" % (i + 1, a["ph"], a["p"], sorted(d["legal"]),
                       sorted(legal(a))))
        expect(d["move"] == word(record, a), "decision %d: %s, not %s"
               % (i + 1, d["move"], word(record, a)))
        Count.decisions += 1
        Count.bids += a["ph"] in ("bid", "auction")
        Count.cards += a["ph"] == "play"
    tricks = record["tricks"]
    expect(len(deal["tricks"]) == len(tricks), "%d tricks, OpenSpiel %d"
           % (len(deal["tricks"]), len(tricks)))
    for i, (mine, theirs) in enumerate(zip(deal["tricks"], tricks)):
        expect(mine["leader"] == theirs["leader"] and
               mine["cards"] == [card(c) for c in theirs["cards"]] and
               mine["winner"] == theirs["winner"],
               "trick %d: %s, OpenSpiel %s" % (i + 1, mine, theirs))
        Count.tricks += 1
    if record["game"] == "bridge":
        contract(record["extras"], deal["values"])
    returns = [int(r) for r in record["returns"]]
    expect(returns == [float(r) for r in record["returns"]] and
           deal["scores"] == returns, "scores %s, OpenSpiel's returns %s"
           % (deal["scores"], record["returns"]))


def main():
    data, tmp = sys.argv[1:3]
    program = os.environ.get("CARDRULES", "./cardrules")
    games = {"spades": "spades-openspiel", "oh_hell": "oh-hell-openspiel",
             "bridge": "bridge-openspiel"}
    per_game = {}
    for name, game in games.items():
        for line in gzip.open(os.path.join(data, name + ".jsonl.gz"), "rt"):
            record = json.loads(line)
            what = "%s (seed %d, index %d, %d players)" % (
                name, record["seed"], record["index"], record["num_players"])
            path = os.path.join(tmp, "%s-%d-%d.yaml" % (
                name, record["seed"], record["index"]))
            with open(path, "w") as f:
                f.write(transcript(record, game))
            run = subprocess.run([program, "replay", "--json", "--decisions",
                                  path], capture_output=True, text=True)
            try:
                expect(run.returncode == 0, "the program refuses it: %s"
                       % run.stderr.strip())
                compare(record, json.loads(run.stdout))
            except Disagreement as e:
                print("%s: %s (transcript %s)" % (what, e, path))
                sys.exit(1)
            Count.records += 1
            per_game[name] = per_game.get(name, 0) + 1
    print("%d OpenSpiel games agree (%s): %d decisions (%d bids, %d cards), "
          "%d tricks, %d contracts, every deal's scores the returns"
          % (Count.records, ", ".join("%d %s" % (n, g) for g, n in
                                      per_game.items()),
             Count.decisions, Count.bids, Count.cards, Count.tricks,
             Count.contracts))


main()
