#!/usr/bin/env python3
"""skat-oracle.py TRANSCRIPT...: Skat played again from the International
Skat Order alone, deal by deal, from transcripts with each deal's cards
written out (--explicit-deals).  It shares no code with the program.

Each transcript is replayed by the program under test ($CARDRULES replay
--json --decisions), and at every decision the calls, choices, discards
or cards the rules allow, worked out here, must be exactly those the
program offered; the move made must be one of them; every trick must go
to the seat the rules give it; every deal's scores and the dealers must
agree.

The rules: three players, 32 cards, ten each and two in the skat.
Middlehand (the dealer's second seat to the left) bids to forehand (the
dealer's left), naming a game value higher than the last; forehand
holds or passes; then rearhand bids to the one left.  When both others
pass without a bid, forehand may bid 18 or pass; all passing throws the
deal in, dealt again by the same dealer.  The one left in picks up the
skat and lays two of the twelve cards back, or plays Hand; then declares
diamonds, hearts, spades or clubs (base 9, 10, 11, 12: the jacks and the
suit are trumps), Grand (24: the jacks alone) or Null (23, Hand 35,
Ouvert 46, Ouvert Hand 59; no trumps), a Null only when the bid is no
higher than its value.  A Hand suit game or Grand announces nothing,
Schneider, Schwarz or Ouvert.  Trumps: JC JS JH JD, then A 10 K Q 9 8 7
of the suit; plain suits A 10 K Q 9 8 7; in Null A K Q J 10 9 8 7 with the
jacks in their suits.  Forehand leads; follow the suit led (trumps as one
suit) when able.  The skat counts to the declarer, who wins with 61 card
points (90 when Schneider was announced, every trick for Schwarz; Null:
no trick).  The value: base x (matadors with or without + 1 + Hand +
Schneider + announced + Schwarz + announced + Ouvert); a value below the
bid loses at the lowest multiple of the base reaching the bid; a lost
game costs twice its value.  Exits 1 at the first disagreement."""
import json
import os
import subprocess
import sys

import yaml

POINTS = {"A": 11, "10": 10, "K": 4, "Q": 3, "J": 2}
PLAIN = ["7", "8", "9", "Q", "K", "10", "A"]
NULL_ORDER = ["7", "8", "9", "10", "J", "Q", "K", "A"]
JACKS = ["JC", "JS", "JH", "JD"]                # from the highest
SUIT_GAMES = {"diamonds": ("D", 9), "hearts": ("H", 10),
              "spades": ("S", 11), "clubs": ("C", 12)}
NULL_VALUES = {(0, 0): 23, (1, 0): 35, (0, 1): 46, (1, 1): 59}


def game_values():
    """Every value a game can have: the bids."""
    vals = {v for base in (9, 10, 11, 12) for lv in range(2, 19)
            for v in [base * lv]}
    vals |= {24 * lv for lv in range(2, 12)}
    vals |= set(NULL_VALUES.values())
    return sorted(v for v in vals if v >= 18)


BIDS = game_values()


class Disagreement(Exception):
    pass


def expect(cond, what):
    if not cond:
        raise Disagreement(what)


def rank(c):
    return c[:-1]


def suit(c):
    return c[-1]


def points(cards):
    return sum(POINTS.get(rank(c), 0) for c in cards)


class Count:
    deals = decisions = tricks = thrown_in = 0
    kinds = {}
    hand = announced = ouvert = overbid = lost = schneider = schwarz = 0


class Contract:
    def __init__(self, game, hand, announced, ouvert):
        self.game, self.hand = game, hand
        self.announced, self.ouvert = announced, ouvert
        self.trump_suit = SUIT_GAMES[game][0] if game in SUIT_GAMES else None

    def trumps_from_top(self):
        if self.game == "null":
            return []
        top = list(JACKS)
        if self.trump_suit:
            top += [r + self.trump_suit for r in reversed(PLAIN)]
        return top

    def is_trump(self, c):
        return c in self.trumps_from_top()

    def follows(self, c, led):
        if self.is_trump(led):
            return self.is_trump(c)
        return not self.is_trump(c) and suit(c) == suit(led)

    def winner(self, cards):
        trumps = [c for c in cards if self.is_trump(c)]
        order = self.trumps_from_top()
        if trumps:
            return cards.index(min(trumps, key=order.index))
        plain = NULL_ORDER if self.game == "null" else PLAIN
        led = [c for c in cards if suit(c) == suit(cards[0])]
        return cards.index(max(led, key=lambda c: plain.index(rank(c))))


class Decisions:
    """The program's decisions of a deal, taken in order against the
    rules' own lists."""

    def __init__(self, decisions):
        self.d, self.i = decisions, 0

    def take(self, seat, legal, what):
        expect(self.i < len(self.d), "%s: no decision left" % what)
        dec = self.d[self.i]
        self.i += 1
        Count.decisions += 1
        expect(dec["seat"] == seat, "%s: seat %d decides, not seat %d"
               % (what, dec["seat"], seat))
        expect(sorted(dec["legal"]) == sorted(legal),
               "%s (seat %d): the program offers %s, the rules %s"
               % (what, seat, dec["legal"], sorted(legal)))
        expect(dec["move"] in legal or what == "lay",
               "%s: the move %s is not allowed" % (what, dec["move"]))
        return dec["move"]


def bidding(dec, dealer):
    """The one left in and the bid; None when everybody passed."""
    fore = (dealer + 1) % 3
    listener, bid = fore, 0
    for turn in (1, 2):
        bidder = (fore + turn) % 3
        while True:
            legal = [str(v) for v in BIDS if v > bid] + ["pass"]
            move = dec.take(bidder, legal, "a bid")
            if move == "pass":
                break
            bid = int(move)
            move = dec.take(listener, ["hold", "pass"], "an answer")
            if move == "pass":
                listener = bidder
                break
    if bid == 0:
        if dec.take(fore, [str(BIDS[0]), "pass"], "forehand's last call") == "pass":
            return None, 0
        bid = BIDS[0]
    return listener, bid


def declaring(dec, soloist, bid, hands, skat):
    """The contract; the skat as it lies after the declarer's choice."""
    hand = dec.take(soloist, ["pickup", "hand"], "skat or hand") == "hand"
    if not hand:
        twelve = hands[soloist] + skat
        move = dec.take(soloist, twelve, "lay")
        laid = move.split()
        expect(len(laid) == 2 and len(set(laid)) == 2 and
               all(c in twelve for c in laid), "lay: %s" % move)
        hands[soloist] = [c for c in twelve if c not in laid]
        skat = laid
    games = list(SUIT_GAMES) + ["grand"]
    if bid <= NULL_VALUES[(hand, 0)]:
        games.append("null")
    if bid <= NULL_VALUES[(hand, 1)]:
        games.append("nullouvert")
    game = dec.take(soloist, games, "the game")
    announced, ouvert = 0, 0
    if game == "nullouvert":
        game, ouvert = "null", 1
    elif hand and game != "null":
        word = dec.take(soloist, ["none", "schneider", "schwarz", "ouvert"],
                        "an announcement")
        announced = {"none": 0, "schneider": 1, "schwarz": 2, "ouvert": 2}[word]
        ouvert = int(word == "ouvert")
    return Contract(game, int(hand), announced, ouvert), skat


def play(dec, tricks, contract, hands, leader):
    won = {p: [] for p in range(3)}
    taken = {p: 0 for p in range(3)}
    for t in range(10):
        cards, seat = [], leader
        for _ in range(3):
            hand = hands[seat]
            legal = hand
            if cards:
                follow = [c for c in hand if contract.follows(c, cards[0])]
                legal = follow or hand
            card = dec.take(seat, legal, "trick %d" % (t + 1))
            hand.remove(card)
            cards.append(card)
            seat = (seat + 1) % 3
        w = (leader + contract.winner(cards)) % 3
        expect(t < len(tricks) and tricks[t]["cards"] == cards and
               tricks[t]["winner"] == w, "trick %d: %s won by seat %d"
               % (t + 1, cards, w))
        Count.tricks += 1
        won[w] += cards
        taken[w] += 1
        leader = w
    return won, taken


def matadors(contract, twelve):
    top = contract.trumps_from_top()
    if contract.game == "grand":
        top = top[:4]
    with_ = top[0] in twelve
    n = 0
    while n < len(top) and (top[n] in twelve) == with_:
        n += 1
    return n


def score(contract, bid, twelve, won, taken, skat, soloist):
    c = contract
    if c.game == "null":
        value = NULL_VALUES[(c.hand, c.ouvert)]
        return value if taken[soloist] == 0 else -2 * value
    base = 24 if c.game == "grand" else SUIT_GAMES[c.game][1]
    pts = points(won[soloist]) + points(skat)
    tricks = taken[soloist]
    schneider = pts >= 90 or pts <= 30 or c.announced >= 1
    schwarz = tricks in (0, 10) or c.announced >= 2
    levels = (matadors(c, twelve) + 1 + c.hand + schneider + (c.announced >= 1)
              + schwarz + (c.announced >= 2) + c.ouvert)
    value = levels * base
    Count.schneider += pts >= 90 or pts <= 30
    Count.schwarz += tricks in (0, 10)
    if value < bid:
        Count.overbid += 1
        lost = -(-bid // base) * base
        return -2 * lost
    made = pts >= 61 and (c.announced < 1 or pts >= 90) and \
        (c.announced < 2 or tricks == 10)
    return value if made else -2 * value


def check_deal(d, ran, expected_dealer):
    dealer = d["dealer"]
    expect(dealer == expected_dealer, "deal %d: dealer %d, not %d"
           % (d["deal"], dealer, expected_dealer))
    hands = {int(k): list(v) for k, v in d["hands"].items()}
    skat = list(d["places"]["skat"])
    expect(all(len(h) == 10 for h in hands.values()) and len(skat) == 2,
           "10 cards each and 2 in the skat")
    dec = Decisions(ran["decisions"])
    soloist, bid = bidding(dec, dealer)
    if soloist is None:
        Count.thrown_in += 1
        expect(dec.i == len(dec.d), "decisions after everybody passed")
        return False
    twelve = hands[soloist] + skat
    contract, skat = declaring(dec, soloist, bid, hands, skat)
    Count.kinds[contract.game] = Count.kinds.get(contract.game, 0) + 1
    Count.hand += contract.hand
    Count.announced += contract.announced > 0
    Count.ouvert += contract.ouvert
    won, taken = play(dec, ran.get("tricks", []), contract, hands,
                      (dealer + 1) % 3)
    expect(dec.i == len(dec.d), "decisions after the last trick")
    got = score(contract, bid, twelve, won, taken, skat, soloist)
    Count.lost += got < 0
    want = [got if p == soloist else 0 for p in range(3)]
    expect(ran["scores"] == want, "deal %d: scores %s, not %s (%s, bid %d)"
           % (d["deal"], ran["scores"], want, contract.game, bid))
    return True


def check_file(path):
    with open(path) as f:
        t = yaml.safe_load(f)
    out = subprocess.run([os.environ.get("CARDRULES", "./cardrules"), "replay",
                          "--json", "--decisions", path],
                         capture_output=True, text=True)
    expect(out.returncode == 0, "%s: replay failed: %s" % (path, out.stderr))
    ran = json.loads(out.stdout)["deals"]
    expect(len(ran) == len(t["deals"]), "%s: %d deals, not %d"
           % (path, len(ran), len(t["deals"])))
    dealer = t.get("dealer", 0)
    for d, r in zip(t["deals"], ran):
        if check_deal(d, r, dealer):
            dealer = (dealer + 1) % 3
        Count.deals += 1


def main():
    try:
        for path in sys.argv[1:]:
            check_file(path)
    except Disagreement as e:
        print("disagreement: %s" % e)
        return 1
    kinds = ", ".join("%d %s" % (Count.kinds[k], k) for k in sorted(Count.kinds))
    print("%d deals agree (%d decisions, %d tricks): %s; %d Hand, %d "
          "announced, %d ouvert; %d overbid, %d lost; %d schneider, %d "
          "schwarz; %d thrown in"
          % (Count.deals, Count.decisions, Count.tricks, kinds, Count.hand,
             Count.announced, Count.ouvert, Count.overbid, Count.lost,
             Count.schneider, Count.schwarz, Count.thrown_in))
    return 0


if __name__ == "__main__":
    sys.exit(main())
