#!/usr/bin/env python3
"""openspiel-replay.py DATA TMP: replays the games OpenSpiel recorded
(DATA/spades.jsonl.gz, DATA/oh_hell.jsonl.gz, DATA/euchre.jsonl.gz,
DATA/hearts.jsonl.gz, DATA/bridge.jsonl.gz, DATA/skat.jsonl.gz;
tests/data/openspiel/) through the rule files that read OpenSpiel's rule
choices (games/spades-openspiel.yaml, games/oh-hell-openspiel.yaml,
games/euchre-openspiel.yaml, games/hearts-openspiel.yaml,
games/bridge-openspiel.yaml, games/skat-openspiel.yaml) and compares:
every record of Spades, Oh Hell, Bridge and Skat, the first 100 of each
configuration of Euchre and Hearts.

Each record becomes a transcript of its deal, the hands written out (for
Oh Hell the card turned up, then the cards not dealt; for Euchre the
up-card and the kitty) and every decision in OpenSpiel's order;
`$CARDRULES replay --json --decisions` replays it.  At every decision the
moves the program allows must be exactly those OpenSpiel allowed (the
bids, Nil, the calls of Bridge's auction, ordering up or naming a suit,
the dealer's discard, going alone, the cards passed, the cards played,
the dummy's played by the declarer), every trick must have OpenSpiel's
leader, cards and winner, and the deal's scores must be OpenSpiel's
returns.  The Euchre dealer's pick-up of the up-card, a decision of one
move here and automatic in OpenSpiel, is added to the transcript and left
out of the comparison, and so is the Skat soloist's pick-up of the skat;
the three cards a Hearts player passes and the two a Skat soloist lays
back, one at a time there, are one decision here.  Skat's returns are
fractions of 240: the scores are the returns times 240.  Prints a summary; exits 1 at the first
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


def euchre_word(a, s):
    """OpenSpiel's Euchre call s in our words: in the first round a suit
    orders the up-card up (a["round"], set by number_rounds)."""
    if s == "Pass":
        return "pass"
    if a["ph"] == "bidding" and a["round"] == 1:
        return "order"
    return s.lower()


STRAINS = {"\u2663": "C", "\u2666": "D", "\u2665": "H", "\u2660": "S",
           "NT": "notrump"}
CALLS = {"Pass": "pass", "Dbl": "double", "RDbl": "redouble", "Nil": "nil",
         "unknown/pass": "pass"}


def call(s):
    """OpenSpiel's call in our words: 1\u2663 is 1 C, 3NT 3 notrump."""
    if s in CALLS:
        return CALLS[s]
    if s[1:] in STRAINS:
        return "%s %s" % (s[0], STRAINS[s[1:]])
    return s



def word(record, a):
    """The words of OpenSpiel's action a as a player types them here."""
    if "cards" in a:
        return " ".join(card(c) for c in a["cards"])
    if a["ph"] in ("play", "discard"):
        return card(a["c"])
    if record["game"] == "euchre":
        return euchre_word(a, a["s"])
    return call(a["s"])


def legal(record, a):
    if a["ph"] in ("play", "discard", "pass"):
        return {card(c) for c in a["legal_c"]}
    if record["game"] == "euchre":
        return {euchre_word(a, s) for s in a["legal"]}
    return {call(s) for s in a["legal"]}


def hand_seat(a):
    """The seat whose hand moves: the dummy's, when its declarer plays."""
    return a.get("seat", a["p"])


def number_rounds(record):
    """Marks each Euchre call with its round: the first four calls are
    the first round."""
    calls = 0
    for a in record["actions"]:
        if a["ph"] == "bidding":
            calls += 1
            a["round"] = 1 if calls <= 4 else 2


def join_passes(record):
    """OpenSpiel's Hearts passes a card a decision, here three at once: a
    player's three become one decision, with the first's legal cards (the
    whole hand); so do the two cards a Skat soloist lays back."""
    joined = {"hearts": "pass", "skat": "discard"}.get(record["game"])
    actions = []
    for a in record["actions"]:
        if a["ph"] != joined:
            actions.append(a)
            continue
        last = actions[-1] if actions else None
        if last and last["ph"] == joined and last["p"] == a["p"]:
            last["cards"].append(a["c"])
        else:
            actions.append(dict(a, cards=[a["c"]]))
    record["actions"] = actions


def euchre_options(record):
    p = record["params"]
    return "options: {stick: %d, lone_defender: %d}" % (
        int(p["stick_the_dealer"]), int(p["allow_lone_defender"]))


def transcript(record, game):
    """A transcript of the record's deal under the rule file `game`."""
    players = record["num_players"]
    deal = record["deal"]
    lines = ["cardrules-transcript: 1", "game: %s" % game,
             "players: %d" % players]
    if record["game"] == "oh_hell":
        lines += ["dealer: %d" % record["extras"]["dealer"],
                  "options: {hand_size: %d}" % record["extras"]["num_tricks"]]
    if record["game"] == "euchre":
        lines += ["dealer: %d" % record["extras"]["dealer"],
                  euchre_options(record)]
    if record["game"] == "hearts":       # the passes start at seat 0
        lines += ["dealer: 3", "options: {pass_dir: %d}"
                  % record["extras"]["pass_direction"]]
    if record["game"] == "bridge":
        lines.append("dealer: %d" % record["extras"]["dealer"])
    if record["game"] == "skat":        # player 0 is forehand
        lines.append("dealer: 2")
    lines += ["deals:", "  - hands:"]
    for seat, hand in enumerate(deal["hands"]):
        lines.append("      %d: [%s]" % (seat, ", ".join(map(card, hand))))
    if record["game"] == "oh_hell":
        rest = [deal["trump_card"]] + deal["undealt"]
        lines.append("    leftover: [%s]" % ", ".join(map(card, rest)))
    if record["game"] == "euchre":
        lines += ["    places:", "      upcard: [%s]" % card(deal["upcard"]),
                  "      kitty: [%s]" % ", ".join(map(card, deal["kitty"]))]
    if record["game"] == "skat":
        lines += ["    places:", "      skat: [%s]"
                  % ", ".join(map(card, deal["skat"]))]
    lines.append("    moves:")
    verb = {"bid": "call", "auction": "call", "play": "play",
            "bidding": "choose", "discard": "lay", "go_alone": "choose",
            "pass": "pass"}
    for a in record["actions"]:
        if a["ph"] == "discard":
            lines.append("      - %d: choose pickup" % a["p"])
        if a["p"] >= 0:
            lines.append("      - %d: %s %s" % (hand_seat(a), verb[a["ph"]],
                                               word(record, a)))
    return "\n".join(lines) + "\n"


class Count:
    records = decisions = bids = discards = passes = cards = tricks = 0
    short = 0               # Euchre deals played with seats sitting out
    contracts = 0


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
    got = [d for d in deal["decisions"] if d["legal"] != ["pickup"]]
    expect(len(got) == len(made), "%d decisions, OpenSpiel %d"
           % (len(got), len(made)))
    for i, (a, d) in enumerate(zip(made, got)):
        expect(d["seat"] == hand_seat(a), "decision %d: seat %d, OpenSpiel "
               "%d" % (i + 1, d["seat"], hand_seat(a)))
        expect(d.get("by", d["seat"]) == a["p"], "decision %d: decided by "
               "seat %d, OpenSpiel %d" % (i + 1, d.get("by", d["seat"]),
                                          a["p"]))
        expect(len(set(d["legal"])) == len(d["legal"]) and
               set(d["legal"]) == legal(record, a),
               "decision %d (%s), seat %d: the program allows %s, OpenSpiel "
               "%s" % (i + 1, a["ph"], a["p"], sorted(d["legal"]),
                       sorted(legal(record, a))))
        expect(d["move"] == word(record, a), "decision %d: %s, not %s"
               % (i + 1, d["move"], word(record, a)))
        Count.decisions += 1
        Count.bids += a["ph"] in ("bid", "auction", "bidding", "go_alone")
        Count.discards += a["ph"] == "discard"
        Count.passes += a["ph"] == "pass"
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
    Count.short += bool(tricks) and len(tricks[0]["cards"]) < \
        record["num_players"]
    if record["game"] == "bridge":
        contract(record["extras"], deal["values"])
    scale = 240 if record["game"] == "skat" else 1
    returns = [int(round(r * scale)) for r in record["returns"]]
    expect(all(abs(n - r * scale) < 1e-9
               for n, r in zip(returns, record["returns"])) and
           deal["scores"] == returns, "scores %s, OpenSpiel's returns %s"
           % (deal["scores"], record["returns"]))


def main():
    data, tmp = sys.argv[1:3]
    program = os.environ.get("CARDRULES", "./cardrules")
    games = {"spades": "spades-openspiel", "oh_hell": "oh-hell-openspiel",
             "euchre": "euchre-openspiel", "hearts": "hearts-openspiel",
             "bridge": "bridge-openspiel", "skat": "skat-openspiel"}
    # of each configuration (run seed), the first records: the suite's
    # time is short, and a hundred games already cover every rule
    first = {"euchre": 100, "hearts": 100}
    per_game = {}
    for name, game in games.items():
        for line in gzip.open(os.path.join(data, name + ".jsonl.gz"), "rt"):
            record = json.loads(line)
            if record["index"] >= first.get(name, float("inf")):
                continue
            number_rounds(record)
            join_passes(record)
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
    print("%d OpenSpiel games agree (%s): %d decisions (%d bids and calls, "
          "%d discards, %d passes, %d cards), %d tricks (%d deals with seats "
          "sitting out), %d contracts, "
          "every deal's scores the returns"
          % (Count.records, ", ".join("%d %s" % (n, g) for g, n in
                                      per_game.items()),
             Count.decisions, Count.bids, Count.discards, Count.passes,
             Count.cards,
             Count.tricks, Count.short, Count.contracts))


main()
