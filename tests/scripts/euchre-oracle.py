#!/usr/bin/env python3
"""euchre-oracle.py [--stick] TRANSCRIPT...: Euchre played again from its
rules alone, deal by deal, from transcripts with each deal's cards
written out (--explicit-deals).  It shares no code with the program.

Each transcript is replayed by the program under test ($CARDRULES replay
--json --decisions), and at every decision the calls, discards or cards
the rules allow, worked out here, must be exactly those the program
offered; the move made must be one of them; every trick must go to the
seat the rules give it; every deal's scores, the dealer and the end of
the match must agree.

The rules: four players, partners opposite, the deal passing to the
left; 24 cards (9 to ace), five each, the next turned up, three in the
kitty.  From the dealer's left each player may order the up-card up
(its suit trumps) or pass; when one orders, the dealer picks the up-card
up and discards any one of the six.  If all pass, each in turn from the
dealer's left may name another suit than the up-card's, or pass; if all
pass again the deal is thrown in, scoring nothing.  --stick: the dealer
may not pass the second time.  The maker then plays alone or with the
partner; alone, the partner sits out.  The jack of trumps (right bower)
is the highest trump, then the other jack of the same colour (left
bower), which is a trump and no card of its own suit; then ace, king,
queen, ten, nine of trumps.  The player on the dealer's left leads (the
next player when that one sits out); follow the suit led (trumps as one
suit) if able, else any card; the highest trump wins, else the highest
card of the suit led; the winner leads next.  Makers taking 3 or 4
tricks score 1, all 5 score 2 (4 alone); makers taking fewer are
euchred: the defenders score 2.  The first side to the target (10)
wins.  Exits 1 at the first disagreement."""
import json
import os
import subprocess
import sys

import yaml

RANKS = ["9", "10", "J", "Q", "K", "A"]
DECK = [r + s for s in "SHDC" for r in RANKS]
SAME_COLOUR = {"S": "C", "C": "S", "H": "D", "D": "H"}
NAMES = {"spades": "S", "hearts": "H", "diamonds": "D", "clubs": "C"}


class Disagreement(Exception):
    pass


def expect(cond, what):
    if not cond:
        raise Disagreement(what)


class Count:
    deals = decisions = cards = tricks = ended = 0
    ordered = named = thrown_in = stuck = alone = euchred = marches = 0
    left_bowers = 0         # tricks in which the left bower followed trumps


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
        expect(set(d["legal"]) == set(allowed) and
               len(d["legal"]) == len(allowed),
               "decision %d, seat %d: the program allows %s, the rules %s"
               % (self.i, seat, sorted(d["legal"]), sorted(allowed)))
        said, move = words.split(" ", 1)
        expect(said == verb and move == d["move"] and move in allowed,
               "decision %d: %s is not allowed (the rules want %s)"
               % (self.i, words, verb))
        Count.decisions += 1
        return move


def card_suit(card, trump):
    """The suit a card follows as: the left bower is a trump."""
    if card[:-1] == "J" and card[-1] == SAME_COLOUR[trump]:
        return trump
    return card[-1]


def trump_power(card, trump):
    if card == "J" + trump:
        return 20
    if card == "J" + SAME_COLOUR[trump]:
        return 19
    return 10 + RANKS.index(card[:-1])


def bidding(dec, dealer, upcard, stick):
    """The two rounds: (maker, trump, ordered) or None when all pass."""
    for k in range(4):
        seat = (dealer + 1 + k) % 4
        if dec.take(seat, "choose", ["pass", "order"]) == "order":
            Count.ordered += 1
            return seat, upcard[-1], True
    names = [n for n, s in NAMES.items() if s != upcard[-1]]
    for k in range(4):
        seat = (dealer + 1 + k) % 4
        stuck = stick and seat == dealer
        Count.stuck += stuck
        move = dec.take(seat, "choose", names + ([] if stuck else ["pass"]))
        if move != "pass":
            Count.named += 1
            return seat, NAMES[move], False
    Count.thrown_in += 1
    return None


def play(dec, hands, leader, out, trump, program):
    """The five tricks, `out` sitting out; the tricks each seat took."""
    tricks = [0] * 4
    seats = 4 - len(out)
    expect(len(program) == 5, "%d tricks, not 5" % len(program))
    for t in range(5):
        table, who = [], []
        seat = leader
        while len(table) < seats:
            if seat not in out:
                hand = hands[seat]
                led = card_suit(table[0], trump) if table else None
                same = [c for c in hand if card_suit(c, trump) == led]
                card = dec.take(seat, "play", same or hand)
                Count.cards += 1
                Count.left_bowers += bool(table) and led == trump and \
                    card == "J" + SAME_COLOUR[trump]
                hand.remove(card)
                table.append(card)
                who.append(seat)
            seat = (seat + 1) % 4
        led = card_suit(table[0], trump)

        def power(i):
            c = table[i]
            if card_suit(c, trump) == trump:
                return trump_power(c, trump)
            return RANKS.index(c[:-1]) if card_suit(c, trump) == led else -1
        winner = who[max(range(seats), key=power)]
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


def one_deal(dec, d, r, dealer, stick):
    """The deal's score for sides 0 and 1."""
    hands = {int(k): list(v) for k, v in d["hands"].items()}
    places = d.get("places") or {}
    upcard = (places.get("upcard") or [None])[0]
    kitty = places.get("kitty") or []
    expect(sorted(sum(hands.values(), []) + [upcard] + kitty) == sorted(DECK)
           and all(len(h) == 5 for h in hands.values()) and len(kitty) == 3,
           "the hands, the up-card and the kitty are not the deck")
    made = bidding(dec, dealer, upcard, stick)
    if made is None:
        expect(r["tricks"] == [], "tricks after all passed")
        return [0, 0]
    maker, trump, ordered = made
    if ordered:
        dec.take(dealer, "choose", ["pickup"])
        hands[dealer].append(upcard)
        hands[dealer].remove(dec.take(dealer, "lay", list(hands[dealer])))
    alone = dec.take(maker, "choose", ["partner", "alone"]) == "alone"
    Count.alone += alone
    out = {(maker + 2) % 4} if alone else set()
    leader = (dealer + 1) % 4
    if leader in out:
        leader = (leader + 1) % 4
    tricks = play(dec, hands, leader, out, trump, r["tricks"])
    side = maker % 2
    won = tricks[side] + tricks[side + 2]
    score = [0, 0]
    if won < 3:
        Count.euchred += 1
        score[1 - side] = 2
    elif won < 5:
        score[side] = 1
    else:
        Count.marches += 1
        score[side] = 4 if alone else 2
    return score


def check_file(path, stick, program):
    t = yaml.load(open(path), Loader=getattr(yaml, "CSafeLoader",
                                             yaml.SafeLoader))
    run = subprocess.run([program, "replay", "--json", "--decisions", path],
                         capture_output=True, text=True)
    expect(run.returncode == 0, "the program does not replay it: %s"
           % run.stderr.strip())
    replayed = json.loads(run.stdout)["deals"]
    target = (t.get("options") or {}).get("target", 10)
    totals = [0, 0]
    dealer = t.get("dealer", 0)
    deals = t["deals"]
    expect(len(replayed) == len(deals), "the program replays %d deals of %d"
           % (len(replayed), len(deals)))
    for i, (d, r) in enumerate(zip(deals, replayed)):
        try:
            expect(d["dealer"] == dealer and r["dealer"] == dealer,
                   "dealt by seat %d, not %d" % (d["dealer"], dealer))
            dec = Decisions(r, d["moves"])
            score = one_deal(dec, d, r, dealer, stick)
            expect(dec.i == len(dec.moves) == len(dec.made),
                   "moves after the last trick")
            want = [score[p % 2] for p in range(4)]
            expect(want == list(d["scores"]) == list(r["scores"]),
                   "scores %s (the program %s), not %s"
                   % (d["scores"], r["scores"], want))
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
    stick = "--stick" in args
    program = os.environ.get("CARDRULES", "./cardrules")
    for path in (a for a in args if not a.startswith("--")):
        try:
            check_file(path, stick, program)
        except Disagreement as e:
            print("%s: %s" % (path, e))
            sys.exit(1)
    print("%d deals agree: %d decisions, %d tricks; %d ordered up, %d named "
          "in the second round (%d by a dealer stuck), %d thrown in; %d alone; %d euchred, %d "
          "marches; %d left bowers following trumps; %d matches ended"
          % (Count.deals, Count.decisions, Count.tricks, Count.ordered,
             Count.named, Count.stuck, Count.thrown_in, Count.alone, Count.euchred,
             Count.marches, Count.left_bowers, Count.ended))


main()
