#!/usr/bin/env python3
"""oh-hell-oracle.py [--no-hook] [--trick-points] [--openspiel]
TRANSCRIPT...: Oh Hell played again from its rules alone, deal by deal,
from transcripts with each deal's cards written out (--explicit-deals).
It shares no code with the program.

Each transcript is replayed by the program under test ($CARDRULES replay
--json --decisions), and at every decision the bids or cards the rules
allow, worked out here, must be exactly those the program offered; the
move made must be one of them; every trick must go to the seat the rules
give it; the hands must have the deal's size, the card turned up must be
the first left over; the deal's scores, the dealer and the length of the
match must agree.

The rules (games/oh-hell.yaml): the hands hold 1, 2, ... cards up to the
most the deck allows (52 / players, or the option `most` if smaller),
then one fewer down to 1, a deal each; the first card left over is
turned up and its suit is trumps, none when no card is left; bids 0 to
the hand's size from the dealer's left, the dealer, last, may not make
them add up to the tricks; follow suit, else any card; an exact bid
scores 10 plus the bid, else nothing.  --no-hook: the dealer may bid
anything.  --trick-points: 1 a trick and 10 more for an exact bid.
--openspiel (games/oh-hell-openspiel.yaml): one deal of the option
`hand_size` cards, scored as --trick-points.  Exits 1 at the first
disagreement."""
import json
import os
import subprocess
import sys

import yaml

RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
DECK = [r + s for s in "SHDC" for r in RANKS]


class Disagreement(Exception):
    pass


def expect(cond, what):
    if not cond:
        raise Disagreement(what)


def suit(card):
    return card[-1]


def power(card):
    return RANKS.index(card[:-1])


class Count:
    deals = decisions = calls = cards = tricks = 0
    hooked = 0              # dealers refused a bid by the hook
    no_trumps = 0           # deals that left no card to turn up
    trumped = 0             # tricks won by a trump
    matches = 0             # matches played to their end


class Decisions:
    """The program's decisions of a deal, taken in order against the
    transcript's moves."""

    def __init__(self, deal_json, moves):
        self.made = deal_json["decisions"]
        self.moves = [(int(k), v) for m in moves for k, v in m.items()]
        self.i = 0

    def take(self, seat, allowed):
        expect(self.i < len(self.moves), "a decision is missing")
        d, (s, words) = self.made[self.i], self.moves[self.i]
        self.i += 1
        expect(s == seat and d["seat"] == seat,
               "decision %d by seat %d, the rules want seat %d"
               % (self.i, s, seat))
        expect(len(d["legal"]) == len(set(d["legal"])),
               "decision %d: a move offered twice: %s" % (self.i, d["legal"]))
        expect(set(d["legal"]) == set(allowed),
               "decision %d, seat %d: the program allows %s, the rules %s"
               % (self.i, seat, sorted(d["legal"]), sorted(allowed)))
        move = words.split(" ", 1)[1]
        expect(move == d["move"] and move in allowed,
               "decision %d: %s is not allowed" % (self.i, words))
        Count.decisions += 1
        return move


def hand_sizes(players, options, opts):
    """The cards of each deal's hands, deal by deal."""
    if opts["openspiel"]:
        return [options.get("hand_size", 7)]
    most = min(options.get("most", 17), 52 // players)
    return list(range(1, most + 1)) + list(range(most - 1, 0, -1))


def bids_of(dec, players, dealer, size, opts):
    bids = {}
    for k in range(players):
        seat = (dealer + 1 + k) % players
        allowed = list(range(size + 1))
        hook = size - sum(bids.values())    # the bid that would add up
        if seat == dealer and opts["hook"] and hook in allowed:
            allowed.remove(hook)
            Count.hooked += 1
        bids[seat] = int(dec.take(seat, [str(b) for b in allowed]))
        Count.calls += 1
    return bids


def play(dec, hands, leader, trumps, size, deal_json):
    players = len(hands)
    tricks = [0] * players
    program = deal_json["tricks"]
    expect(len(program) == size, "%d tricks, not %d" % (len(program), size))
    for t in range(size):
        table = []
        for k in range(players):
            seat = (leader + k) % players
            hand = hands[seat]
            same = [c for c in hand if table and suit(c) == suit(table[0])]
            card = dec.take(seat, same or hand)
            Count.cards += 1
            hand.remove(card)
            table.append(card)
        trump = [c for c in table if suit(c) == trumps]
        best = max(trump or [c for c in table if suit(c) == suit(table[0])],
                   key=power)
        Count.trumped += bool(trump)
        winner = (leader + table.index(best)) % players
        got = program[t]
        expect(got["cards"] == table and got["leader"] == leader,
               "trick %d: the program has %s from seat %d"
               % (t + 1, got["cards"], got["leader"]))
        expect(got["winner"] == winner, "trick %d %s (trumps %s): won by "
               "seat %d, not %d" % (t + 1, table, trumps, winner,
                                   got["winner"]))
        Count.tricks += 1
        tricks[winner] += 1
        leader = winner
    return tricks


def check_deal(d, r, players, dealer, size, opts):
    hands = {int(k): list(v) for k, v in d["hands"].items()}
    left = list(d.get("leftover") or [])
    expect(all(len(hands[p]) == size for p in range(players)),
           "hands of %s cards, not %d" % ([len(h) for h in hands.values()],
                                          size))
    expect(sorted(sum(hands.values(), []) + left) == sorted(DECK),
           "the hands and the leftovers are not the deck")
    trumps = suit(left[0]) if left else None
    Count.no_trumps += trumps is None
    dec = Decisions(r, d["moves"])
    bids = bids_of(dec, players, dealer, size, opts)
    tricks = play(dec, hands, (dealer + 1) % players, trumps, size, r)
    expect(dec.i == len(dec.moves) == len(dec.made),
           "moves after the last trick")
    want = []
    for p in range(players):
        exact = tricks[p] == bids[p]
        if opts["points"]:
            want.append(tricks[p] + (10 if exact else 0))
        else:
            want.append(10 + bids[p] if exact else 0)
    expect(want == list(d["scores"]) == list(r["scores"]),
           "scores %s (the program %s), not %s (bids %s, tricks %s)"
           % (d["scores"], r["scores"], want, bids, tricks))


def check_file(path, opts, program):
    t = yaml.load(open(path), Loader=getattr(yaml, "CSafeLoader",
                                             yaml.SafeLoader))
    run = subprocess.run([program, "replay", "--json", "--decisions", path],
                         capture_output=True, text=True)
    expect(run.returncode == 0, "the program does not replay it: %s"
           % run.stderr.strip())
    replayed = json.loads(run.stdout)["deals"]
    players = t["players"]
    sizes = hand_sizes(players, t.get("options") or {}, opts)
    dealer = t.get("dealer", 0)
    deals = t["deals"]
    expect(len(replayed) == len(deals), "the program replays %d deals of %d"
           % (len(replayed), len(deals)))
    expect(len(deals) <= len(sizes), "%d deals, but a match has %d"
           % (len(deals), len(sizes)))
    if "result" in t:
        expect(len(deals) == len(sizes), "the match ended after %d deals, "
               "not %d" % (len(deals), len(sizes)))
        Count.matches += 1
    for i, (d, r) in enumerate(zip(deals, replayed)):
        try:
            expect(d["dealer"] == dealer and r["dealer"] == dealer,
                   "dealt by seat %d, not %d" % (d["dealer"], dealer))
            check_deal(d, r, players, dealer, sizes[i], opts)
        except Disagreement as e:
            raise Disagreement("deal %d: %s" % (d["deal"], e))
        Count.deals += 1
        dealer = (dealer + 1) % players


def main():
    args = sys.argv[1:]
    opts = {"hook": "--no-hook" not in args,
            "points": "--trick-points" in args or "--openspiel" in args,
            "openspiel": "--openspiel" in args}
    program = os.environ.get("CARDRULES", "./cardrules")
    for path in (a for a in args if not a.startswith("--")):
        try:
            check_file(path, opts, program)
        except Disagreement as e:
            print("%s: %s" % (path, e))
            sys.exit(1)
    print("%d deals agree: %d decisions (%d bids, %d cards), %d tricks, %d "
          "won by a trump; %d dealers held back by the hook; %d deals "
          "without trumps; %d matches played to the end"
          % (Count.deals, Count.decisions, Count.calls, Count.cards,
             Count.tricks, Count.trumped, Count.hooked, Count.no_trumps,
             Count.matches))


main()
