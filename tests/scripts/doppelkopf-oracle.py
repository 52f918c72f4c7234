#!/usr/bin/env python3
"""doppelkopf-oracle.py TRANSCRIPT...: Doppelkopf played again from its
rules alone, deal by deal, from transcripts with each deal's cards
written out (--explicit-deals).  It shares no code with the program.

Each transcript is replayed by the program under test ($CARDRULES replay
--json --decisions), and at every decision the reservations, calls and
cards the rules allow, worked out here, must be exactly those the
program offered; every trick must go to the seat the rules give it;
every deal's scores and the dealer must agree.

The rules (the DDV's tournament rules, with nines): four players, 48
cards, two of each 9 10 J Q K A in four suits, twelve each, the deal
passing to the left.  Before play, from the dealer's left, each player
says healthy, or with both queens of clubs a marriage, or (with the
option solos) a solo: queens, jacks, fleshless, or a suit; the first
solo ends the round and is played, else a marriage.  Trumps of a normal
game and a marriage, highest first: both tens of hearts, the queens of
clubs, spades, hearts, diamonds, the jacks likewise, the ace, ten, king
and nine of diamonds; a suit solo puts its suit in the place of
diamonds (hearts: the ten of hearts stays on top); a queen or jack solo
has those four alone as trumps, ranked clubs, spades, hearts, diamonds;
fleshless has none.  Plain suits rank A 10 K Q J 9 (less the trumps).
Of two equal cards the first played wins.  The dealer's left leads;
follow the suit led (trumps as one suit) if able.
Sides: the holders of a queen of clubs are Re, the others Kontra; a
soloist alone is Re; in a marriage, the first of the first three tricks
won by another player makes that player the marriage player's partner,
else the marriage player is alone (the trick that settles it, or the
third).  One player alone counts as a solo.
Calls, at one's turn before one's card, once each: Re (by Re) or Kontra
(by Kontra) while holding 11 cards or more, 10 to answer the other
side's; then, each after the side's last: no 90 (10 cards), no 60 (9),
no 30 (8), schwarz (7).  In a marriage calls wait until the side is
settled, and the counts are lowered by the number of the settling
trick less one.
A side wins: after its own follow-ups, by holding the other under 90,
60, 30, or taking every trick; else, after the other side's follow-ups
alone, with 90, 60, 30 points or a trick; else Re with 121 (120 when
only Kontra was called), Kontra with 120 (121 when only Kontra was
called).  The winner scores 1, 1 for each of the loser under 90, 60,
30, schwarz, 2 for each of Re and Kontra called, 1 for each follow-up
called by either side, 1 for each of 120 against no 90, 90 against no
60, 60 against no 30, 30 against schwarz, and 1 for Kontra winning a
game that is no solo (against the old ones).  With no winner, each side
scores only those levels reached against the other's follow-ups.
Outside solos, each side adds 1 for each trick of 40 points or more it
won, each diamond ace of the other side it caught, and the jack of
clubs winning the last trick, less the other side's.  Each Re player
scores the total (a soloist three times it), each Kontra player loses
it.  Exits 1 at the first disagreement."""
import json
import os
import subprocess
import sys

import yaml

SUITS = "CSHD"
PLAIN = ["9", "J", "Q", "K", "10", "A"]          # low to high
POINTS = {"A": 11, "10": 10, "K": 4, "Q": 3, "J": 2, "9": 0}
SOLOS = ["queens", "jacks", "fleshless", "clubs", "spades", "hearts",
         "diamonds"]
CALLS = ["re", "kontra", "no90", "no60", "no30", "schwarz"]
NEED = {"no90": 10, "no60": 9, "no30": 8, "schwarz": 7}
LEVEL = {"no90": 1, "no60": 2, "no30": 3, "schwarz": 4}


class Disagreement(Exception):
    pass


def expect(cond, what):
    if not cond:
        raise Disagreement(what)


class Count:
    deals = decisions = tricks = calls = marriages = partners = 0
    solos = silent = doppelkopfs = foxes = karlchen = 0
    re_won = kontra_won = nobody = 0


def face(card):
    return card.split("#")[0]


def rank(card):
    return face(card)[:-1]


def suit(card):
    return face(card)[-1]


def trumps_of(game):
    """The trumps, highest first, as faces."""
    queens = ["Q" + s for s in SUITS]
    jacks = ["J" + s for s in SUITS]
    if game == "queens":
        return queens
    if game == "jacks":
        return jacks
    if game == "fleshless":
        return []
    colour = {"clubs": "C", "spades": "S", "hearts": "H"}.get(game, "D")
    low = [r + colour for r in ["A", "10", "K", "9"]
           if r + colour != "10H"]
    return ["10H"] + queens + jacks + low


class Game:
    def __init__(self, kind):
        self.kind = kind                     # normal, marriage, or a solo
        self.trumps = trumps_of(kind)

    def follows_as(self, card):
        return "T" if face(card) in self.trumps else suit(card)

    def power(self, card, led):
        """Higher wins; equal cards: the first played (max keeps it)."""
        f = face(card)
        if f in self.trumps:
            return 100 - self.trumps.index(f)
        if suit(card) == led:
            return PLAIN.index(rank(card))
        return -1


class Decisions:
    """The program's decisions of a deal, taken in order against the
    transcript's moves."""

    def __init__(self, deal_json, moves):
        self.made = deal_json["decisions"]
        self.moves = [(int(k), v) for m in moves for k, v in m.items()]
        self.i = 0

    def take(self, seat, verb, allowed):
        expect(self.i < len(self.moves), "a decision is missing")
        d, (s, words) = self.made[self.i], self.moves[self.i]
        self.i += 1
        expect(s == seat and d["seat"] == seat,
               "decision %d by seat %d, the rules want seat %d"
               % (self.i, s, seat))
        expect(sorted(d["legal"]) == sorted(allowed),
               "decision %d, seat %d: the program allows %s, the rules %s"
               % (self.i, seat, sorted(d["legal"]), sorted(allowed)))
        said, move = words.split(" ", 1)
        expect(said == verb and move == d["move"] and move in allowed,
               "decision %d: %s is not allowed (the rules want %s)"
               % (self.i, words, verb))
        Count.decisions += 1
        return move


def reservations(dec, hands, dealer, solos):
    """(kind, declarer): kind is normal, marriage or a solo's name."""
    kind, declarer = "normal", None
    for k in range(4):
        seat = (dealer + 1 + k) % 4
        both = sum(face(c) == "QC" for c in hands[seat]) == 2
        allowed = ["healthy"] + (["marriage"] if both else []) + \
            (SOLOS if solos else [])
        said = dec.take(seat, "choose", allowed)
        if said == "marriage":
            kind, declarer = "marriage", seat
        elif said != "healthy":
            return said, seat
    return kind, declarer


class Sides:
    """Who is Re, as the rules settle it while play goes on."""

    def __init__(self, kind, declarer, hands):
        self.kind, self.declarer = kind, declarer
        self.queens = {p for p in range(4)
                       if any(face(c) == "QC" for c in hands[p])}
        self.settled = 1 if kind != "marriage" else None
        self.partner = None

    def trick_won(self, number, winner):
        if self.kind != "marriage" or self.settled:
            return
        if winner != self.declarer:
            self.settled, self.partner = number, winner
        elif number == 3:
            self.settled = 3

    def re(self, seat):
        if self.kind in SOLOS:
            return seat == self.declarer
        if self.kind == "marriage":
            return seat in (self.declarer, self.partner)
        return seat in self.queens


def open_calls(sides, seat, cards, said, level):
    """The calls open to seat holding `cards` cards."""
    if sides.settled is None:
        return []
    time = cards + sides.settled - 1
    mine, theirs = ("re", "kontra") if sides.re(seat) else ("kontra", "re")
    out = []
    if not said[mine] and time >= (10 if said[theirs] else 11):
        out.append(mine)
    for call, need in NEED.items():
        if said[mine] and level[mine] == LEVEL[call] - 1 and time >= need:
            out.append(call)
    return out


def play(dec, hands, dealer, game, sides, program):
    """The twelve tricks: (tricks as (leader, cards, seats, winner), the
    calls made)."""
    said = {"re": False, "kontra": False}
    level = {"re": 0, "kontra": 0}
    leader = (dealer + 1) % 4
    played = []
    expect(len(program) == 12, "%d tricks, not 12" % len(program))
    for t in range(12):
        table, who = [], []
        for k in range(4):
            seat = (leader + k) % 4
            hand = hands[seat]
            while True:
                led = game.follows_as(table[0]) if table else None
                same = [c for c in hand if game.follows_as(c) == led]
                calls = open_calls(sides, seat, len(hand), said, level)
                move = dec.take(seat, "play", (same or hand) + calls)
                if move not in CALLS:
                    break
                Count.calls += 1
                side = "re" if sides.re(seat) else "kontra"
                if move in ("re", "kontra"):
                    said[side] = True
                else:
                    level[side] += 1
            hand.remove(move)
            table.append(move)
            who.append(seat)
        led = game.follows_as(table[0])
        best = 0
        for i in range(1, 4):
            if game.power(table[i], led) > game.power(table[best], led):
                best = i
        winner = who[best]
        got = program[t]
        expect(got["cards"] == [face(c) for c in table] and
               got["leader"] == leader,
               "trick %d: the program has %s from seat %d"
               % (t + 1, got["cards"], got["leader"]))
        expect(got["winner"] == winner, "trick %d %s: won by seat %d, not %d"
               % (t + 1, table, got["winner"], winner))
        Count.tricks += 1
        played.append((leader, table, who, winner))
        sides.trick_won(t + 1, winner)
        leader = winner
    return played, said, level


def side_wins(mine, theirs, my_tricks, their_tricks, my_level, their_level,
              base):
    if my_level == 4:
        return their_tricks == 0
    if my_level > 0:
        return theirs < [0, 90, 60, 30][my_level]
    if their_level == 4:
        return my_tricks > 0
    if their_level > 0:
        return mine >= [0, 90, 60, 30][their_level]
    return mine >= base


def under(pts, tricks):
    return (pts < 90) + (pts < 60) + (pts < 30) + (tricks == 0)


def against(pts, other_level):
    return sum(other_level >= k and pts >= need
               for k, need in [(1, 120), (2, 90), (3, 60), (4, 30)])


def extras(played, is_re, side):
    """The extra points side (True: Re) earned in tricks."""
    n = 0
    for number, (_, table, who, winner) in enumerate(played, 1):
        if is_re(winner) != side:
            continue
        if sum(POINTS[rank(c)] for c in table) >= 40:
            n += 1
            Count.doppelkopfs += 1
        for c, p in zip(table, who):
            if face(c) == "AD" and is_re(p) != side:
                n += 1
                Count.foxes += 1
        if number == 12 and face(table[who.index(winner)]) == "JC":
            n += 1
            Count.karlchen += 1
    return n


def score(played, said, level, sides):
    is_re = sides.re
    re_seats = [p for p in range(4) if is_re(p)]
    solo = len(re_seats) == 1
    re_pts = sum(POINTS[rank(c)] for _, table, _, w in played if is_re(w)
                 for c in table)
    k_pts = 240 - re_pts
    re_tricks = sum(is_re(w) for _, _, _, w in played)
    k_tricks = 12 - re_tricks
    only_kontra = said["kontra"] and not said["re"]
    re_won = side_wins(re_pts, k_pts, re_tricks, k_tricks, level["re"],
                       level["kontra"], 120 if only_kontra else 121)
    k_won = side_wins(k_pts, re_pts, k_tricks, re_tricks, level["kontra"],
                      level["re"], 121 if only_kontra else 120)
    expect(not (re_won and k_won), "both sides win")
    calls = 2 * said["re"] + 2 * said["kontra"] + level["re"] + \
        level["kontra"]
    if re_won:
        Count.re_won += 1
        value = 1 + under(k_pts, k_tricks) + calls + \
            against(re_pts, level["kontra"])
    elif k_won:
        Count.kontra_won += 1
        value = -(1 + under(re_pts, re_tricks) + calls +
                  against(k_pts, level["re"]) + (0 if solo else 1))
    else:
        Count.nobody += 1
        value = against(re_pts, level["kontra"]) - \
            against(k_pts, level["re"])
    if not solo:
        value += extras(played, is_re, True) - extras(played, is_re, False)
    return [(3 if solo else 1) * value if is_re(p) else -value
            for p in range(4)]


def one_deal(dec, d, r, dealer, solos):
    hands = {int(k): list(v) for k, v in d["hands"].items()}
    deck = sorted(r + s + "#" + c for s in SUITS for r in PLAIN
                  for c in "12")
    expect(sorted(sum(hands.values(), [])) == deck and
           all(len(h) == 12 for h in hands.values()),
           "the hands are not the deck")
    kind, declarer = reservations(dec, hands, dealer, solos)
    sides = Sides(kind, declarer, hands)
    Count.marriages += kind == "marriage"
    Count.solos += kind in SOLOS
    Count.silent += kind == "normal" and len(sides.queens) == 1
    game = Game(kind)
    played, said, level = play(dec, hands, dealer, game, sides, r["tricks"])
    Count.partners += sides.partner is not None
    return score(played, said, level, sides)


def check_file(path, program):
    t = yaml.load(open(path), Loader=getattr(yaml, "CSafeLoader",
                                             yaml.SafeLoader))
    run = subprocess.run([program, "replay", "--json", "--decisions", path],
                         capture_output=True, text=True)
    expect(run.returncode == 0, "the program does not replay it: %s"
           % run.stderr.strip())
    replayed = json.loads(run.stdout)["deals"]
    options = t.get("options") or {}
    solos = options.get("solos", 1)
    dealer = t.get("dealer", 0)
    deals = t["deals"]
    expect(len(replayed) == len(deals) == 4 * options.get("rounds", 1),
           "the program replays %d deals of %d" % (len(replayed), len(deals)))
    for d, r in zip(deals, replayed):
        try:
            expect(d["dealer"] == dealer and r["dealer"] == dealer,
                   "dealt by seat %d, not %d" % (d["dealer"], dealer))
            dec = Decisions(r, d["moves"])
            want = one_deal(dec, d, r, dealer, solos)
            expect(dec.i == len(dec.moves) == len(dec.made),
                   "moves after the last trick")
            expect(want == list(d["scores"]) == list(r["scores"]),
                   "scores %s (the program %s), not %s"
                   % (d["scores"], r["scores"], want))
        except Disagreement as e:
            raise Disagreement("deal %d: %s" % (d["deal"], e))
        Count.deals += 1
        dealer = (dealer + 1) % 4


def main():
    program = os.environ.get("CARDRULES", "./cardrules")
    for path in sys.argv[1:]:
        try:
            check_file(path, program)
        except Disagreement as e:
            print("%s: %s" % (path, e))
            sys.exit(1)
    print("%d deals agree: %d decisions, %d tricks, %d calls; %d marriages "
          "(%d with a partner), %d solos, %d silent solos; Re won %d, "
          "Kontra %d, nobody %d; %d doppelkopfs, %d foxes, %d karlchen"
          % (Count.deals, Count.decisions, Count.tricks, Count.calls,
             Count.marriages, Count.partners, Count.solos, Count.silent,
             Count.re_won, Count.kontra_won, Count.nobody, Count.doppelkopfs,
             Count.foxes, Count.karlchen))


main()
