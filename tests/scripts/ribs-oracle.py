#!/usr/bin/env python3
"""ribs-oracle.py [--lemon] [--open-fourth] [--betting] TRANSCRIPT...: Ribs played again
from its rules alone, deal by deal, from transcripts with each deal's
cards written out (--explicit-deals).  It shares no code with the program.

For every deal it checks the deck for the player count, each bidding
round (who opens, the forced 2, raises by one, passes out for the round,
the ceiling, the leader), each double trick (who lays, faces allowed),
the resolution of every double trick, the deal's scores and the dealer
rotation.  With --betting (ante 1, unit 1, shares 50/30/20) it also
follows the pots and every player's chips, and compares them with what
`$CARDRULES replay --json` says was kept after each deal.  Exits 1 at the
first disagreement."""
import json
import os
import subprocess
import sys

import yaml

RANKS = ["7", "8", "9", "10", "J", "Q", "K", "A"]
LEMON = ["8", "9", "10", "J", "Q", "K", "A", "7"]
POINTS = {"A": 0, "K": 2, "Q": 2, "J": 2, "10": 1, "9": 1, "8": 1, "7": 1}


class Disagreement(Exception):
    pass


def expect(cond, what):
    if not cond:
        raise Disagreement(what)


def rank(card):
    return card.split("#")[0][:-1]


def pts(cards):
    return sum(POINTS[rank(c)] for c in cards)


class Moves:
    def __init__(self, moves):
        self.moves = [(int(k), v) for m in moves for k, v in m.items()]
        self.i = 0

    def take(self, seat):
        expect(self.i < len(self.moves), "a move is missing")
        s, words = self.moves[self.i]
        self.i += 1
        expect(s == seat, "move %d ('%s') by seat %d, expected seat %d"
               % (self.i, words, s, seat))
        return words.split()


def bidding(m, opener, n, bank):
    """One bidding round: returns (leader, contract)."""
    w = m.take(opener)
    expect(w == ["call", "2"], "the opener bids 2, not %s" % w)
    bid, leader, out = 2, opener, set()
    seat = opener
    while len(out) < n - 1:
        seat = (seat + 1) % n
        if seat in out:
            continue
        if seat == leader and len(out) == n - 1:
            break
        w = m.take(seat)
        if w == ["call", "pass"]:
            out.add(seat)
            continue
        expect(w == ["call", str(bid + 1)] and bid + 1 <= 4 * n,
               "seat %d raises by one up to %d: %s" % (seat, 4 * n, w))
        bid, leader = bid + 1, seat
        if bank:
            bank["small"] += 1
            bank["chips"][seat] -= 1
    expect(leader not in out, "the leader passed")
    return leader, bid


def resolve(order, pairs, down, bid, rank_order):
    """Who gets each pair's cards: {position: [cards]}, discards, made."""
    ribs = pairs[0]
    rr = sorted(rank(c) for c in ribs)
    gets = {i: [] for i in range(len(order))}
    discards = []
    for i in range(1, len(order)):
        if down[i]:
            discards += pairs[i]
    for i in range(1, len(order)):
        if not down[i] and sorted(rank(c) for c in pairs[i]) == rr:
            for j in range(len(order)):
                if not down[j] or j == 0:
                    gets[i] += pairs[j]
            return gets, discards, False
    low = min(rank_order.index(rank(c)) for c in ribs)
    taken = []
    for i in range(1, len(order)):
        if down[i]:
            continue
        p = pairs[i]
        if (all(rank(c) not in rr for c in p) and
                max(rank_order.index(rank(c)) for c in p) > low):
            gets[i] += p
        else:
            taken += p
    gets[0] += taken
    made = pts(taken) + pts(ribs) >= bid
    if made:
        gets[0] += ribs
    else:
        discards += ribs
    return gets, discards, made


def play_deal(d, n, lemon, open_fourth, bank):
    dealer = d["dealer"]
    hands = {int(k): list(v) for k, v in d["hands"].items()}
    deck = sorted(c for h in hands.values() for c in h)
    expect(len(deck) == 8 * n and all(len(h) == 8 for h in hands.values()),
           "8 cards each, 8 x %d in all" % n)
    for r in RANKS:
        expect(sum(1 for c in deck if rank(c) == r) == n, "%d of each rank" % n)
    m = Moves(d["moves"])
    won = {p: [] for p in range(n)}
    rank_order = LEMON if lemon else RANKS
    opener = (dealer + 1) % n
    if bank:
        bank["small"] += n
        bank["big"] += n
        for p in range(n):
            bank["chips"][p] -= 2
    for rnd in range(4):
        leader, bid = bidding(m, opener, n, bank)
        order = [(leader + i) % n for i in range(n)]
        pairs, down = [], []
        for i, seat in enumerate(order):
            w = m.take(seat)
            expect(w[0] == "play" and len(w) == 4, "two cards and a face")
            cards, face = w[1:3], w[3]
            for c in cards:
                expect(c in hands[seat], "%s is held" % c)
                hands[seat].remove(c)
            up_only = open_fourth and rnd == 3
            if i == 0:
                expect(face == ("up" if up_only else "down"),
                       "the ribs are laid face %s" % ("up" if up_only
                                                      else "down"))
            else:
                expect(face == "up" or not up_only, "face up only")
            pairs.append(cards)
            down.append(face == "down" and i > 0)
        gets, _, made = resolve(order, pairs, down, bid, rank_order)
        for i, cards in gets.items():
            won[order[i]] += cards
        if bank and made:
            take = min(bid, bank["small"])
            bank["chips"][leader] += take
            bank["small"] -= take
        elif bank:
            bank["big"] += bank["small"]
            bank["small"] = 0
        opener = leader
    expect(m.i == len(m.moves), "moves after the fourth double trick")
    scores = []
    for p in range(n):
        s = pts(won[p])
        if lemon:
            sevens = sum(1 for c in won[p] if rank(c) == "7")
            s += -sevens + (10 if 2 * sevens > n else -3 * sevens)
        scores.append(s)
    expect(scores == list(d["scores"]), "scores %s, not %s"
           % (d["scores"], scores))
    if bank:
        split = [50, 30, 20]
        paid = 0
        for p in range(n):
            above = sum(1 for q in range(n) if scores[q] > scores[p])
            level = sum(1 for q in range(n) if scores[q] == scores[p])
            pct = sum(split[k] for k in range(above, above + level) if k < 3)
            share = bank["big"] * pct // (100 * level)
            bank["chips"][p] += share
            paid += share
        bank["big"] -= paid


def check_file(path, lemon, open_fourth, betting):
    t = yaml.load(open(path), Loader=getattr(yaml, "CSafeLoader",
                                             yaml.SafeLoader))
    n = t["players"]
    bank = None
    kept = None
    if betting:
        bank = {"small": 0, "big": 0, "chips": [0] * n}
        run = subprocess.run([os.environ["CARDRULES"], "replay", "--json",
                              path], capture_output=True, text=True)
        expect(run.returncode == 0, "replay failed: %s" % run.stderr)
        kept = [x["kept"] for x in json.loads(run.stdout)["deals"]]
    for i, d in enumerate(t["deals"]):
        expect(d["dealer"] == (t["dealer"] + i) % n, "the dealer")
        try:
            play_deal(d, n, lemon, open_fourth, bank)
            if bank:
                want = {"chips": bank["chips"], "small_pot": bank["small"],
                        "big_pot": bank["big"]}
                expect(kept[i] == want, "kept %s, not %s" % (kept[i], want))
        except Disagreement as e:
            raise Disagreement("deal %d: %s" % (d["deal"], e))
    return len(t["deals"])


def main():
    args = sys.argv[1:]
    lemon = "--lemon" in args
    open_fourth = "--open-fourth" in args
    betting = "--betting" in args
    files = [a for a in args if not a.startswith("--")]
    total = 0
    for path in files:
        try:
            total += check_file(path, lemon, open_fourth, betting)
        except Disagreement as e:
            print("%s: %s" % (path, e))
            sys.exit(1)
    print("%d deals agree" % total)


main()
