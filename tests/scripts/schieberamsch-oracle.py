#!/usr/bin/env python3
"""schieberamsch-oracle.py [--variant V] TRANSCRIPT...: Schieberamsch played
again from its rules alone, deal by deal, from transcripts with each
deal's cards written out (--explicit-deals).  It shares no code with the
program.

For every deal it checks the turns of the Grand Hand round, the push
round (each pick-up with the two cards laid back, jacks kept when the
variant says so), Kontra and Rekontra, that every card played may be
played and every trick goes to the right seat, the deal's scores, the
dealer of the next deal (the same one after a Grand Hand) and the end of
the match.  Variants: base, no-jacks, kontra (Kontra in Ramsch), most
(the skat to the highest).  Exits 1 at the first disagreement."""
import sys

import yaml

POINTS = {"A": 11, "10": 10, "K": 4, "Q": 3, "J": 2}
PLAIN = ["7", "8", "9", "Q", "K", "10", "A"]
JACKS = ["JD", "JH", "JS", "JC"]


class Disagreement(Exception):
    pass


def expect(cond, what):
    if not cond:
        raise Disagreement(what)


def rank(c):
    return c[:-1]


def suit(c):
    return "T" if rank(c) == "J" else c[-1]     # the jacks: a suit of trumps


def points(cards):
    return sum(POINTS.get(rank(c), 0) for c in cards)


def winner(cards):
    jacks = [c for c in cards if rank(c) == "J"]
    if jacks:
        return cards.index(max(jacks, key=JACKS.index))
    led = suit(cards[0])
    return cards.index(max((c for c in cards if suit(c) == led),
                           key=lambda c: PLAIN.index(rank(c))))


class Moves:
    def __init__(self, moves):
        self.moves = [(int(k), v) for m in moves for k, v in m.items()]
        self.i = 0

    def take(self, seat, verb):
        expect(self.i < len(self.moves), "a move is missing")
        s, words = self.moves[self.i]
        self.i += 1
        w = words.split()
        expect(s == seat and w[0] == verb,
               "move %d: %s by seat %d expected, not '%s' by seat %d"
               % (self.i, verb, seat, words, s))
        return w[1:]


def play_deal(d, variant):
    dealer = d["dealer"]
    order = [(dealer + 1 + i) % 3 for i in range(3)]     # F, M, R
    hands = {int(k): list(v) for k, v in d["hands"].items()}
    skat = list(d["places"]["skat"])
    dealt = {p: list(hands[p]) for p in hands}
    expect(all(len(h) == 10 for h in hands.values()) and len(skat) == 2,
           "10 cards each and 2 in the skat")
    m = Moves(d["moves"])
    soloist = None
    for seat in order:
        (w,) = m.take(seat, "choose")
        expect(w in ("grand", "pass"), "grand or pass")
        if w == "grand":
            soloist = seat
            break
    pushes = kontras = 0
    if soloist is None:
        for seat in order:
            (w,) = m.take(seat, "choose")
            if w == "push":
                pushes += 1
                continue
            expect(w == "pickup", "pickup or push")
            hands[seat] += skat
            laid = m.take(seat, "lay")
            expect(len(laid) == 2 and len(set(laid)) == 2 and
                   all(c in hands[seat] for c in laid), "two cards laid back")
            if variant == "no-jacks":
                others = [c for c in hands[seat] if rank(c) != "J"]
                expect(len(others) < 2 or all(rank(c) != "J" for c in laid),
                       "no jack laid back")
            for c in laid:
                hands[seat].remove(c)
            skat = laid
        if variant == "kontra":
            for seat in order:
                (w,) = m.take(seat, "choose")
                expect(w in ("kontra", "pass"), "kontra or pass")
                kontras += w == "kontra"
    else:
        for seat in order:
            if seat == soloist:
                continue
            (w,) = m.take(seat, "choose")
            expect(w in ("kontra", "pass"), "kontra or pass")
            if w == "kontra":
                kontras = 1
                break
        if kontras:
            (w,) = m.take(soloist, "choose")
            expect(w in ("rekontra", "pass"), "rekontra or pass")
            kontras += w == "rekontra"
    won = {p: [] for p in range(3)}
    tricks = {p: 0 for p in range(3)}
    leader = order[0]
    for t in range(10):
        cards = []
        for i in range(3):
            seat = (leader + i) % 3
            (card,) = m.take(seat, "play")
            expect(card in hands[seat], "trick %d: %s held" % (t + 1, card))
            if cards:
                led = suit(cards[0])
                expect(suit(card) == led or
                       all(suit(c) != led for c in hands[seat]),
                       "trick %d: %s follows" % (t + 1, card))
            hands[seat].remove(card)
            cards.append(card)
        leader = (leader + winner(cards)) % 3
        won[leader] += cards
        tricks[leader] += 1
    expect(m.i == len(m.moves), "moves after the last trick")
    pts = {p: points(won[p]) for p in range(3)}
    if soloist is not None:
        pts[soloist] += points(skat)
        mine = dealt[soloist] + skat
        top = [j in mine for j in reversed(JACKS)]      # JC JS JH JD
        run = 0
        while run < 4 and top[run] == top[0]:
            run += 1
        value = 24 * (run + 2) * [1, 2, 4][kontras]
        raw = [0, 0, 0]
        raw[soloist] = -value if pts[soloist] >= 61 else value
    else:
        if variant == "most":
            most = max(points(won[p]) for p in range(3))
            for p in range(3):
                if points(won[p]) == most:
                    pts[p] += points(skat)
        else:
            pts[leader] += points(skat)
        trickless = sum(1 for p in range(3) if tricks[p] == 0)
        raw = [0, 0, 0]
        if trickless == 2:
            raw[leader] = -120
        else:
            most = max(pts.values())
            for p in range(3):
                if pts[p] == most:
                    raw[p] = most * (2 if trickless == 1 else 1)
        raw = [r * 2 ** pushes * 2 ** kontras for r in raw]
    scores = [int(r / 10) for r in raw]         # toward zero
    expect(scores == list(d["scores"]), "scores %s, not %s" % (d["scores"],
                                                              scores))
    return soloist is not None, scores


def check_file(path, variant):
    t = yaml.load(open(path), Loader=getattr(yaml, "CSafeLoader",
                                             yaml.SafeLoader))
    rounds = t["options"]["rounds"]
    dealer = t["dealer"]
    ramsch = 0
    deals = t["deals"]
    for i, d in enumerate(deals):
        expect(d["dealer"] == dealer, "deal %d: dealer %d, not %d"
               % (d["deal"], d["dealer"], dealer))
        try:
            grand, _ = play_deal(d, variant)
        except Disagreement as e:
            raise Disagreement("deal %d: %s" % (d["deal"], e))
        if not grand:
            ramsch += 1
            dealer = (dealer + 1) % 3
        ends = ramsch >= rounds * 3
        expect(not ends or i == len(deals) - 1,
               "the match should have ended after deal %d" % d["deal"])
    return len(deals), ramsch >= rounds * 3


def main():
    args = sys.argv[1:]
    variant = "base"
    if args and args[0] == "--variant":
        variant = args[1]
        args = args[2:]
    n = ended = 0
    for path in args:
        try:
            deals, over = check_file(path, variant)
        except Disagreement as e:
            print("%s: %s" % (path, e))
            sys.exit(1)
        n += deals
        ended += over
    print("%d deals agree, %d matches ended by the rules" % (n, ended))


main()
