#!/usr/bin/env python3
"""sidi-oracle.py [--standard-weis] [--team-melds] [--trump-at-will]
TRANSCRIPT...: Sidi Barrani played again from its rules alone, deal by
deal, from transcripts with each deal's cards written out
(--explicit-deals).  It shares no code with the program.

For every deal it checks the auction (who calls, numbers strictly rising,
doubling by an opponent, the endings), every card played (following, the
trump jack, no under-trumping), every trick's winner, the melds announced
at the first trick and the marriage, the contract, the deal's scores, the
counter-clockwise dealer and the end of the match.

Melds are announced by choice (rule 6.3), each player as they play to the
first trick: "declare all" (every meld of the hand), "declare none", or
"declare" and the cards of the melds announced, which must be cards of
the hand as dealt that form melds, each card in one.  Only a player who
holds a meld has something to announce; one who says nothing announced
every meld (transcripts written before the choice).  Only announced
melds are compared and scored.  A deal thrown in by four passes is dealt again
from the seed, whose cards the transcript does not hold: its calls are
checked and the rest is counted as not checked.  Exits 1 at the first
disagreement."""
import itertools
import sys

import yaml

NATURAL = ["6", "7", "8", "9", "10", "J", "Q", "K", "A"]
TRUMP = ["6", "7", "8", "10", "Q", "K", "A", "9", "J"]
BIDS = [40, 50, 60, 70, 80, 90, 100, 110, 120, 130, 140, 150, 157, 257]
DENOMS = ["S", "H", "D", "C", "obenabe", "undenufe"]
TRUMP_PTS = {"J": 20, "9": 14, "A": 11, "10": 10, "K": 4, "Q": 3}
PLAIN_PTS = {"A": 11, "10": 10, "K": 4, "Q": 3, "J": 2}
NT_PTS = {"A": 11, "10": 10, "8": 8, "K": 4, "Q": 3, "J": 2}


class Disagreement(Exception):
    pass


withheld = 0        # announcements that kept a meld back


def expect(cond, what):
    if not cond:
        raise Disagreement(what)


def rank(c):
    return c[:-1]


def suit(c):
    return c[-1]


class Moves:
    def __init__(self, moves):
        self.moves = [(int(k), v) for m in moves for k, v in m.items()]
        self.i = 0

    def peek(self):
        return self.moves[self.i] if self.i < len(self.moves) else (None, "")

    def take(self, seat):
        expect(self.i < len(self.moves), "a move is missing")
        s, words = self.moves[self.i]
        self.i += 1
        expect(s == seat, "move %d ('%s') by seat %d, expected %d"
               % (self.i, words, s, seat))
        return words.split()


def team(seat):
    return seat % 2


def auction(m, dealer):
    """(declarer, bid, denomination, doubled), or None when thrown in."""
    seat = (dealer - 1) % 4
    bid, denom, declarer, passes, calls = 0, None, None, 0, 0
    while True:
        w = m.take(seat)
        expect(w[0] == "call", "a call")
        calls += 1
        if w[1:] == ["pass"]:
            passes += 1
            if bid and passes == 3:
                return declarer, bid, denom, False
            if not bid and calls == 4:
                return None
        elif w[1:] == ["double"]:
            expect(bid and team(seat) != team(declarer),
                   "only an opponent of the bidder doubles")
            return declarer, bid, denom, True
        else:
            n, d = int(w[1]), w[2]
            expect(n in BIDS and n > bid and d in DENOMS,
                   "a bid above %d with a denomination: %s" % (bid, w))
            bid, denom, declarer, passes = n, d, seat, 0
            if n == 257:
                return declarer, bid, denom, False
        seat = (seat - 1) % 4


def candidates(hand, trumps, pts4):
    """Every meld in the cards: (points, top, in trumps, cards)."""
    cands = []
    for r, p in pts4.items():
        if p and all(r + s in hand for s in "SHDC"):
            cands.append((p, NATURAL.index(r), False,
                          frozenset(r + s for s in "SHDC")))
    for s in "SHDC":
        for lo in range(9):
            for hi in range(lo + 3, 10):
                cards = [NATURAL[k] + s for k in range(lo, hi)]
                if all(c in hand for c in cards):
                    n = hi - lo
                    p = 100 if n >= 5 else 50 if n == 4 else 20
                    cands.append((p, hi - 1, s == trumps, frozenset(cards)))
    return cands


def melds_of(hand, trumps, pts4):
    """A hand's melds: the set with the strongest meld, then most points."""
    cands = candidates(hand, trumps, pts4)
    best = ((0, 0, False), 0, [])
    for k in range(len(cands) + 1):
        for combo in itertools.combinations(cands, k):
            used = set()
            ok = True
            for c in combo:
                if used & c[3]:
                    ok = False
                    break
                used |= c[3]
            if not ok:
                continue
            top = max(((c[0], c[1], c[2]) for c in combo),
                      default=(0, 0, False))
            total = sum(c[0] for c in combo)
            if (top, total) > (best[0], best[1]):
                best = (top, total, combo)
    return best


def split_whole(cards, trumps, pts4):
    """Can the cards be split into melds, each card in one?"""
    def cover(left, cands):
        if not left:
            return True
        first = min(left)
        return any(cover(left - c[3], cands) for c in cands
                   if first in c[3] and c[3] <= left)
    return cover(frozenset(cards), candidates(cards, trumps, pts4))


def announce(m, seat, hand, trumps, pts4):
    """The cards of the melds seat announces as it plays to the first
    trick (rule 6.3)."""
    held = melds_of(set(hand), trumps, pts4)[2]
    every = set().union(*(c[3] for c in held)) if held else set()
    s, words = m.peek()
    if s != seat or not words.startswith("declare"):
        return every                    # said nothing: all of them
    global withheld
    w = m.take(seat)[1:]
    expect(held, "seat %d announces melds it does not hold: %s" % (seat, w))
    if w == ["all"]:
        return every
    withheld += 1
    if w == ["none"]:
        return set()
    expect(set(w) <= set(hand) and len(set(w)) == len(w),
           "seat %d announces cards it was not dealt: %s" % (seat, w))
    expect(split_whole(set(w), trumps, pts4),
           "seat %d announces cards that are no melds: %s" % (seat, w))
    return set(w)


def play_deal(d, opts):
    dealer = d["dealer"]
    hands = {int(k): list(v) for k, v in d["hands"].items()}
    dealt = {p: list(h) for p, h in hands.items()}
    m = Moves(d["moves"])
    a = auction(m, dealer)
    if a is None:
        return "thrown in"
    declarer, bid, denom, doubled = a
    trumps = denom if denom in "SHDC" else None
    low = denom == "undenufe"
    won = {p: [] for p in range(4)}
    tricks = {p: 0 for p in range(4)}
    leader = declarer
    last = None
    pts4 = {"J": 200, "9": opts["nines"], "A": opts["others"],
            "K": opts["others"], "Q": opts["others"], "10": opts["others"]}
    announced = {}
    for t in range(9):
        cards = []
        for i in range(4):
            seat = (leader - i) % 4
            if t == 0:
                announced[seat] = announce(m, seat, dealt[seat], trumps, pts4)
            (card,) = m.take(seat)[1:]
            hand = hands[seat]
            expect(card in hand, "trick %d: %s held" % (t + 1, card))
            if cards:
                led = suit(cards[0])
                same = [c for c in hand if suit(c) == led]
                jack_free = (led == trumps and same == ["J" + trumps])
                if same and not jack_free:
                    may = same + ([c for c in hand if suit(c) == trumps]
                                  if opts["at-will"] else [])
                    expect(card in may, "trick %d: %s follows" % (t + 1, card))
                if trumps and led != trumps and suit(card) == trumps:
                    tops = [TRUMP.index(rank(c)) for c in cards
                            if suit(c) == trumps]
                    if tops and TRUMP.index(rank(card)) < max(tops):
                        expect(all(suit(c) == trumps for c in hand),
                               "trick %d: %s under-trumps" % (t + 1, card))
            hand.remove(card)
            cards.append(card)
        tr = [c for c in cards if suit(c) == trumps]
        if tr:
            win = max(tr, key=lambda c: TRUMP.index(rank(c)))
        else:
            ledc = [c for c in cards if suit(c) == suit(cards[0])]
            win = (min if low else max)(ledc, key=lambda c: NATURAL.index(rank(c)))
        leader = (leader - cards.index(win)) % 4
        won[leader] += cards
        tricks[leader] += 1
        last = leader
    expect(m.i == len(m.moves), "moves after the ninth trick")
    # points
    def pts(c):
        if trumps is None:
            return NT_PTS.get(rank(c), 0)
        return (TRUMP_PTS if suit(c) == trumps else PLAIN_PTS).get(rank(c), 0)
    side = [0, 0]
    side_tricks = [0, 0]
    for p in range(4):
        side[team(p)] += sum(pts(c) for c in won[p])
        side_tricks[team(p)] += tricks[p]
    side[team(last)] += 5
    for s in (0, 1):
        if side_tricks[s] == 9:
            side[s] += 100
    # melds announced: in play order of the first trick, the strongest
    # scores
    best_seat, best_top = None, None
    held = {}
    for i in range(4):
        seat = (declarer - i) % 4
        top, total, combo = melds_of(announced[seat], trumps, pts4)
        held[seat] = total
        if combo and (best_top is None or top > best_top):
            best_seat, best_top = seat, top
    extra = [0, 0]
    if best_seat is not None:
        for p in range(4):
            if p == best_seat or (opts["team"] and team(p) == team(best_seat)):
                extra[team(p)] += held[p]
    if trumps:
        for p in range(4):
            if "K" + trumps in dealt[p] and "Q" + trumps in dealt[p]:
                extra[team(p)] += 20
    made = side[team(declarer)] >= bid
    score = [side[s] + extra[s] for s in (0, 1)]
    k = 2 if doubled else 1
    score[team(declarer) if made else 1 - team(declarer)] += k * bid
    want = [score[team(p)] for p in range(4)]
    expect(want == list(d["scores"]), "scores %s, not %s (contract %d %s%s)"
           % (d["scores"], want, bid, denom, " doubled" if doubled else ""))
    return want


def check_file(path, opts):
    t = yaml.load(open(path), Loader=getattr(yaml, "CSafeLoader",
                                             yaml.SafeLoader))
    target = t["options"]["target"]
    totals = [0, 0]
    dealer = t["dealer"]
    checked = thrown = 0
    deals = t["deals"]
    for i, d in enumerate(deals):
        expect(d["dealer"] == dealer, "deal %d: dealer %d, not %d"
               % (d["deal"], d["dealer"], dealer))
        try:
            r = play_deal(d, opts)
        except Disagreement as e:
            raise Disagreement("deal %d: %s" % (d["deal"], e))
        if r == "thrown in":
            thrown += 1
            scores = d["scores"]
        else:
            checked += 1
            scores = r
        totals = [totals[0] + scores[0], totals[1] + scores[1]]
        ends = max(totals) >= target and totals[0] != totals[1]
        expect(not ends or i == len(deals) - 1,
               "the match should have ended after deal %d" % d["deal"])
        dealer = (dealer - 1) % 4
    return checked, thrown


def main():
    args = sys.argv[1:]
    opts = {"nines": 0, "others": 200, "team": False, "at-will": False}
    if "--standard-weis" in args:
        opts.update(nines=150, others=100)
    opts["team"] = "--team-melds" in args
    opts["at-will"] = "--trump-at-will" in args
    args = [a for a in args if a != "--base"]
    checked = thrown = 0
    for path in (a for a in args if not a.startswith("--")):
        try:
            c, t = check_file(path, opts)
        except Disagreement as e:
            print("%s: %s" % (path, e))
            sys.exit(1)
        checked += c
        thrown += t
    print("%d deals agree, %d thrown in and dealt again from the seed; "
          "%d announcements withheld melds" % (checked, thrown, withheld))


main()
