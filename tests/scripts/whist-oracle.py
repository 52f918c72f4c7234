#!/usr/bin/env python3
"""whist-oracle.py [--honours] TRANSCRIPT...: Whist played again from its
rules alone, deal by deal, from transcripts with each deal's cards
written out (--explicit-deals).  It shares no code with the program.

Each transcript is replayed by the program under test ($CARDRULES replay
--json --decisions), and at every decision the cards the rules allow,
worked out here, must be exactly those the program offered; the card
played must be one of them; every trick must go to the seat the rules
give it; every deal's scores, the dealer and the end of the match must
agree.

The rules of short whist: four players, partners opposite, the deal
passing to the left; all 52 cards dealt, the dealer's last card turned
up, its suit trumps (the card stays in the dealer's hand); the player on
the dealer's left leads; follow suit if able, else any card; the highest
trump wins, else the highest card of the suit led; the winner leads
next.  A side scores a point for each trick over six.  The first side to
reach the target (the option `target`, 5) wins.  --honours: the side
dealt all four of the ace, king, queen and jack of trumps scores 4 more,
three of them 2 more, unless it stood one point short of the target
before the deal.  Exits 1 at the first disagreement."""
import json
import os
import subprocess
import sys

import yaml

RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
DECK = [r + s for s in "SHDC" for r in RANKS]
HONOURS = ["A", "K", "Q", "J"]


class Disagreement(Exception):
    pass


def expect(cond, what):
    if not cond:
        raise Disagreement(what)


def suit(card):
    return card[-1]


def rank(card):
    return card[:-1]


class Count:
    deals = decisions = cards = tricks = ended = 0
    ruffs = 0               # tricks won by a trump on another suit led
    honours = 0             # sides that scored honours
    honours_barred = 0      # sides dealt honours that stood too near game


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
        expect(set(d["legal"]) == set(allowed) and
               len(d["legal"]) == len(allowed),
               "decision %d, seat %d: the program allows %s, the rules %s"
               % (self.i, seat, sorted(d["legal"]), sorted(allowed)))
        verb, move = words.split(" ", 1)
        expect(verb == "play" and move == d["move"] and move in allowed,
               "decision %d: %s is not allowed" % (self.i, words))
        Count.decisions += 1
        return move


def winner_of(table, leader, trump):
    """The seat that wins the trick `table` led by `leader`."""
    def power(card):
        if suit(card) == trump:
            return 100 + RANKS.index(rank(card))
        if suit(card) == suit(table[0]):
            return RANKS.index(rank(card))
        return -1
    best = max(range(4), key=lambda i: power(table[i]))
    Count.ruffs += suit(table[best]) == trump != suit(table[0])
    return (leader + best) % 4


def play(dec, hands, leader, trump, program):
    """The thirteen tricks; the tricks each seat took."""
    tricks = [0] * 4
    expect(len(program) == 13, "%d tricks, not 13" % len(program))
    for t in range(13):
        table = []
        for k in range(4):
            seat = (leader + k) % 4
            hand = hands[seat]
            same = [c for c in hand if table and suit(c) == suit(table[0])]
            card = dec.take(seat, same or hand)
            Count.cards += 1
            hand.remove(card)
            table.append(card)
        winner = winner_of(table, leader, trump)
        got = program[t]
        expect(got["cards"] == table and got["leader"] == leader,
               "trick %d: the program has %s from seat %d"
               % (t + 1, got["cards"], got["leader"]))
        expect(got["winner"] == winner, "trick %d %s: won by seat %d, not %d"
               % (t + 1, table, got["winner"], winner))
        Count.tricks += 1
        tricks[winner] += 1
        leader = winner
    return tricks


def honour_points(dealt, trump, side, totals, target):
    held = sum(1 for p in (side, side + 2) for c in dealt[p]
               if suit(c) == trump and rank(c) in HONOURS)
    points = {3: 2, 4: 4}.get(held, 0)
    if points and totals[side] >= target - 1:
        Count.honours_barred += 1
        return 0
    Count.honours += points > 0
    return points


def check_file(path, honours, program):
    t = yaml.load(open(path), Loader=getattr(yaml, "CSafeLoader",
                                             yaml.SafeLoader))
    run = subprocess.run([program, "replay", "--json", "--decisions", path],
                         capture_output=True, text=True)
    expect(run.returncode == 0, "the program does not replay it: %s"
           % run.stderr.strip())
    replayed = json.loads(run.stdout)["deals"]
    target = (t.get("options") or {}).get("target", 5)
    totals = [0, 0]
    dealer = t.get("dealer", 0)
    deals = t["deals"]
    expect(len(replayed) == len(deals), "the program replays %d deals of %d"
           % (len(replayed), len(deals)))
    for i, (d, r) in enumerate(zip(deals, replayed)):
        try:
            expect(d["dealer"] == dealer and r["dealer"] == dealer,
                   "dealt by seat %d, not %d" % (d["dealer"], dealer))
            hands = {int(k): list(v) for k, v in d["hands"].items()}
            expect(sorted(c for h in hands.values() for c in h) == sorted(DECK)
                   and all(len(h) == 13 for h in hands.values()),
                   "the hands are not the deck, 13 each")
            dealt = {p: list(h) for p, h in hands.items()}
            turned = d.get("turned-up")
            expect(turned in hands[dealer],
                   "the card turned up, %s, is not the dealer's" % turned)
            trump = suit(turned)
            dec = Decisions(r, d["moves"])
            tricks = play(dec, hands, (dealer + 1) % 4, trump, r["tricks"])
            expect(dec.i == len(dec.moves) == len(dec.made),
                   "moves after the last trick")
            score = [max(0, tricks[s] + tricks[s + 2] - 6) for s in (0, 1)]
            if honours:
                score = [score[s] + honour_points(dealt, trump, s, totals,
                                                  target) for s in (0, 1)]
            want = [score[p % 2] for p in range(4)]
            expect(want == list(d["scores"]) == list(r["scores"]),
                   "scores %s (the program %s), not %s (tricks %s)"
                   % (d["scores"], r["scores"], want, tricks))
        except Disagreement as e:
            raise Disagreement("deal %d: %s" % (d["deal"], e))
        Count.deals += 1
        totals = [totals[0] + score[0], totals[1] + score[1]]
        ends = max(totals) >= target
        expect(not ends or i == len(deals) - 1,
               "the match should have ended after deal %d" % d["deal"])
        if "result" in t and i == len(deals) - 1:
            expect(ends, "the match ended after deal %d, too soon"
                   % d["deal"])
            Count.ended += 1
        dealer = (dealer + 1) % 4


def main():
    args = sys.argv[1:]
    honours = "--honours" in args
    program = os.environ.get("CARDRULES", "./cardrules")
    for path in (a for a in args if not a.startswith("--")):
        try:
            check_file(path, honours, program)
        except Disagreement as e:
            print("%s: %s" % (path, e))
            sys.exit(1)
    print("%d deals agree: %d decisions, %d tricks (%d won by a trump on "
          "another suit); %d honours scored, %d barred near game; "
          "%d matches ended"
          % (Count.deals, Count.decisions, Count.tricks, Count.ruffs,
             Count.honours, Count.honours_barred, Count.ended))


main()
