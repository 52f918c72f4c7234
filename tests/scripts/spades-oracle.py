#!/usr/bin/env python3
"""spades-oracle.py [--blind-nil | --blind-nil-unseen | --openspiel]
TRANSCRIPT...: Spades
played again from its rules alone, deal by deal, from transcripts with
each deal's cards written out (--explicit-deals).  It shares no code with
the program.

Each transcript is replayed by the program under test ($CARDRULES replay
--json --decisions), and at every decision the calls or cards the rules
allow, worked out here, must be exactly those the program offered; the
move made must be one of them; every trick must go to the seat the rules
give it; every deal's scores, the bags carried, the dealer and the end of
the match must agree.

The rules (games/spades.yaml): bids 1 to 13 or nil, from the dealer's
left; spades always trump and not led until a spade has been played,
unless the leader holds nothing else; a side making its bids (a nil
bidder's tricks not counting) scores 10 a trick bid and 1 a bag, else
loses 10 a trick bid; a nil bidder's tricks are bags; every tenth bag
costs 100; nil is worth 100 won or lost; the match ends when a side has
500 (the option `target`) and more than the other.  --blind-nil: a
player whose side is 100 or more behind may call blind, a nil worth 200.
--blind-nil-unseen: before the calls, and before looking at the cards,
each player whose side is 100 or more behind, from the dealer's left,
may bid blind nil (a nil worth 200, and no call of its own) or look.
--openspiel (games/spades-openspiel.yaml): one hand, seat 0 bidding and
leading first, partners' bids at most 13 together, no spade led from a
hand that holds another suit, a nil bidder's tricks counting for the
side, the bags of this hand alone.  Exits 1 at the first disagreement."""
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
    deals = decisions = calls = cards = tricks = nils = blinds = 0
    unbroken_leads = 0      # leads from a hand whose spades were refused
    bagged = 0              # sides that paid for ten bags
    ended = 0               # matches that ended


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


def side(seat):
    return seat % 2


def blind_nils(dec, first, totals):
    """Before anyone looks at the cards, each player whose side is 100 or
    more behind, from `first`, bids blind nil or looks: those who bid."""
    blind = set()
    for k in range(4):
        seat = (first + k) % 4
        if totals[side(seat)] + 100 <= totals[1 - side(seat)]:
            if dec.take(seat, ["look", "blind"]) == "blind":
                blind.add(seat)
    return blind


def calls(dec, first, totals, opts):
    """The four calls from `first`: each seat's bid (nil 0) and what its
    nil is worth (0 without one)."""
    bids, nil_value = {}, {}
    blind = blind_nils(dec, first, totals) if opts["unseen"] else set()
    for seat in blind:
        bids[seat], nil_value[seat] = 0, 200
        Count.blinds += 1
    for k in range(4):
        seat = (first + k) % 4
        if seat in blind:
            continue
        numbers = range(1, 14)
        if opts["openspiel"] and (seat + 2) % 4 in bids:
            numbers = range(1, 14 - bids[(seat + 2) % 4])
        allowed = [str(n) for n in numbers] + ["nil"]
        behind = totals[side(seat)] + 100 <= totals[1 - side(seat)]
        if opts["blind"] and behind:
            allowed.append("blind")
        move = dec.take(seat, allowed)
        Count.calls += 1
        bids[seat] = 0 if move in ("nil", "blind") else int(move)
        nil_value[seat] = {"nil": 100, "blind": 200}.get(move, 0)
        Count.nils += move == "nil"
        Count.blinds += move == "blind"
    return bids, nil_value


def play(dec, hands, leader, deal_json, opts):
    """The thirteen tricks; the tricks each seat took."""
    tricks = [0] * 4
    broken = False
    program = deal_json["tricks"]
    expect(len(program) == 13, "%d tricks, not 13" % len(program))
    for t in range(13):
        table = []
        for k in range(4):
            seat = (leader + k) % 4
            hand = hands[seat]
            if table:
                same = [c for c in hand if suit(c) == suit(table[0])]
                allowed = same or hand
            else:
                others = [c for c in hand if suit(c) != "S"]
                may_lead_spades = broken and not opts["openspiel"]
                allowed = hand if may_lead_spades or not others else others
                Count.unbroken_leads += len(allowed) < len(hand)
            card = dec.take(seat, allowed)
            Count.cards += 1
            hand.remove(card)
            table.append(card)
            broken |= suit(card) == "S"
        spades = [c for c in table if suit(c) == "S"]
        best = max(spades or [c for c in table if suit(c) == suit(table[0])],
                   key=power)
        winner = (leader + table.index(best)) % 4
        got = program[t]
        expect(got["cards"] == table and got["leader"] == leader,
               "trick %d: the program has %s from seat %d" %
               (t + 1, got["cards"], got["leader"]))
        expect(got["winner"] == winner, "trick %d %s: won by seat %d, not %d"
               % (t + 1, table, winner, got["winner"]))
        Count.tricks += 1
        tricks[winner] += 1
        leader = winner
    return tricks


def score(bids, nil_value, tricks, bags, opts):
    """Each side's score; bags[] is carried on."""
    out = [0, 0]
    for s in (0, 1):
        seats = (s, s + 2)
        nil = [p for p in seats if nil_value[p]]
        bid = sum(bids[p] for p in seats)
        taken = sum(tricks[p] for p in seats)
        counted = taken if opts["openspiel"] else \
            sum(tricks[p] for p in seats if p not in nil)
        made = counted >= bid
        new_bags = (counted - bid if made else 0) + (taken - counted)
        carried = 0 if opts["openspiel"] else bags[s]
        penalty = 100 * ((carried + new_bags) // 10)
        Count.bagged += penalty > 0
        bags[s] = (carried + new_bags) % 10
        nils = sum(nil_value[p] if tricks[p] == 0 else -nil_value[p]
                   for p in nil)
        out[s] = (10 * bid if made else -10 * bid) + new_bags + nils - penalty
    return out


def check_file(path, opts, program):
    t = yaml.load(open(path), Loader=getattr(yaml, "CSafeLoader",
                                             yaml.SafeLoader))
    run = subprocess.run([program, "replay", "--json", "--decisions", path],
                         capture_output=True, text=True)
    expect(run.returncode == 0, "the program does not replay it: %s"
           % run.stderr.strip())
    replayed = json.loads(run.stdout)["deals"]
    target = (t.get("options") or {}).get("target", 500)
    totals, bags = [0, 0], [0, 0]
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
            dec = Decisions(r, d["moves"])
            first = 0 if opts["openspiel"] else (dealer + 1) % 4
            bids, nil_value = calls(dec, first, totals, opts)
            tricks = play(dec, hands, first, r, opts)
            expect(dec.i == len(dec.moves) == len(dec.made),
                   "moves after the last trick")
            s = score(bids, nil_value, tricks, bags, opts)
            want = [s[side(p)] for p in range(4)]
            expect(want == list(d["scores"]) == list(r["scores"]),
                   "scores %s (the program %s), not %s (bids %s, tricks %s)"
                   % (d["scores"], r["scores"], want, bids, tricks))
        except Disagreement as e:
            raise Disagreement("deal %d: %s" % (d["deal"], e))
        Count.deals += 1
        totals = [totals[0] + s[0], totals[1] + s[1]]
        ends = opts["openspiel"] or \
            (max(totals) >= target and totals[0] != totals[1])
        expect(not ends or i == len(deals) - 1,
               "the match should have ended after deal %d" % d["deal"])
        if ends:
            Count.ended += 1
        if "result" in t and i == len(deals) - 1:
            expect(ends, "the match ended after deal %d, too soon"
                   % d["deal"])
        dealer = (dealer + 1) % 4


def main():
    args = sys.argv[1:]
    opts = {"blind": "--blind-nil" in args,
            "unseen": "--blind-nil-unseen" in args,
            "openspiel": "--openspiel" in args}
    program = os.environ.get("CARDRULES", "./cardrules")
    for path in (a for a in args if not a.startswith("--")):
        try:
            check_file(path, opts, program)
        except Disagreement as e:
            print("%s: %s" % (path, e))
            sys.exit(1)
    print("%d deals agree: %d decisions (%d calls, %d cards), %d tricks; "
          "%d nil and %d blind nil bids; %d leads kept off spades; "
          "%d bag penalties; %d matches ended"
          % (Count.deals, Count.decisions, Count.calls, Count.cards,
             Count.tricks, Count.nils, Count.blinds, Count.unbroken_leads,
             Count.bagged, Count.ended))


main()
