#!/usr/bin/env python3
"""bridge-oracle.py [--openspiel | --rubber] TRANSCRIPT...: Contract Bridge played
again from its rules alone, deal by deal, from transcripts with each
deal's cards written out (--explicit-deals).  It shares no code with the
program.

Each transcript is replayed by the program under test ($CARDRULES replay
--json --decisions), and at every decision the calls or cards the rules
allow, worked out here, must be exactly those the program offered, and
the seat that decides must be the rules' (the declarer for the dummy);
every trick must go to the seat the rules give it; every deal's scores
and the dealer must agree.

The rules (games/bridge.yaml): from the dealer, pass, a bid higher than
the last (levels 1 to 7, C D H S notrump rising within a level), a double
of the opponents' undoubled last bid, a redouble of a double of one's own
side's; three passes in a row after a call end it, four passes at the
start pass the board out.  The declarer is the first of the last
bidder's side to have named the contract's strain; the player on its
left leads; its partner is the dummy, played by the declarer.  Duplicate
scoring with the vulnerability of the board's number; the side earning
points gets them.  --openspiel (games/bridge-openspiel.yaml): one board,
nobody vulnerable, zero-sum.  --rubber (games/bridge-rubber.yaml): trick
points of contracts made below the line toward a game of 100 (a game
wipes both part scores), a side with a game vulnerable, everything else
above the line with no game or part-score bonus, honours (four or five
of the trumps' top five in one hand 100 or 150, the four aces in one
hand at no trumps 150) to the holder's side, 700 for a rubber won two
games to none, 500 two to one; the match is one rubber.  Exits 1 at the
first disagreement."""
import json
import os
import subprocess
import sys

import yaml

RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
DECK = [r + s for s in "SHDC" for r in RANKS]
STRAINS = ["C", "D", "H", "S", "notrump"]
# the boards' vulnerability, by (board - 1) % 16: None, NS, EW, Both
VUL = "-NEBNEB-EB-NB-NE"


class Disagreement(Exception):
    pass


def expect(cond, what):
    if not cond:
        raise Disagreement(what)


class Count:
    deals = decisions = calls = cards = tricks = 0
    passed_out = made = defeated = doubled = redoubled = slams = rubbers = 0
    dummy_cards = 0


class Decisions:
    """The program's decisions of a deal, taken in order against the
    transcript's moves."""

    def __init__(self, deal_json, moves):
        self.made = deal_json["decisions"]
        self.moves = [(int(k), v) for m in moves for k, v in m.items()]
        self.i = 0

    def take(self, seat, decider, allowed):
        expect(self.i < len(self.moves), "a decision is missing")
        d, (s, words) = self.made[self.i], self.moves[self.i]
        self.i += 1
        expect(s == seat and d["seat"] == seat and
               d.get("by", seat) == decider,
               "decision %d by seat %d for seat %d; the rules want seat %d "
               "for seat %d" % (self.i, d.get("by", s), s, decider, seat))
        expect(len(d["legal"]) == len(set(d["legal"])) and
               set(d["legal"]) == set(allowed),
               "decision %d, seat %d: the program allows %s, the rules %s"
               % (self.i, seat, sorted(d["legal"]), sorted(allowed)))
        move = words.split(" ", 1)[1]
        expect(move == d["move"] and move in allowed,
               "decision %d: %s is not allowed" % (self.i, words))
        Count.decisions += 1
        return move


def side(seat):
    return seat % 2


def auction(dec, dealer):
    """The calls; the contract (level, strain, times, declarer) or None."""
    level, strain, times, bidder = 0, -1, 1, -1
    first_named = {}                # (side, strain): seat
    passes, calls, seat = 0, 0, dealer
    while True:
        allowed = ["pass"]
        for lv in range(1, 8):
            for st in range(5):
                if (lv, st) > (level, strain):
                    allowed.append("%d %s" % (lv, STRAINS[st]))
        if level and times == 1 and side(bidder) != side(seat):
            allowed.append("double")
        if level and times == 2 and side(bidder) == side(seat):
            allowed.append("redouble")
        move = dec.take(seat, seat, allowed)
        Count.calls += 1
        calls += 1
        if move == "pass":
            passes += 1
        elif move == "double":
            times, passes = 2, 0
        elif move == "redouble":
            times, passes = 4, 0
        else:
            lv, st = move.split()
            level, strain, times, bidder = int(lv), STRAINS.index(st), 1, seat
            first_named.setdefault((side(seat), strain), seat)
            passes = 0
        if level == 0 and passes == 4:
            return None
        if level and passes == 3:
            return level, strain, times, first_named[(side(bidder), strain)]
        seat = (seat + 1) % 4


def play(dec, hands, contract, deal_json):
    """The thirteen tricks; the tricks the declaring side took."""
    level, strain, times, declarer = contract
    trumps = "CDHS"[strain] if strain < 4 else None
    dummy = (declarer + 2) % 4
    program = deal_json["tricks"]
    expect(len(program) == 13, "%d tricks, not 13" % len(program))
    leader, taken = (declarer + 1) % 4, 0
    for t in range(13):
        table = []
        for k in range(4):
            seat = (leader + k) % 4
            hand = hands[seat]
            same = [c for c in hand if table and c[-1] == table[0][-1]]
            decider = declarer if seat == dummy else seat
            card = dec.take(seat, decider, same or hand)
            Count.cards += 1
            Count.dummy_cards += seat == dummy
            hand.remove(card)
            table.append(card)
        ruffs = [c for c in table if c[-1] == trumps]
        best = max(ruffs or [c for c in table if c[-1] == table[0][-1]],
                   key=lambda c: RANKS.index(c[:-1]))
        winner = (leader + table.index(best)) % 4
        got = program[t]
        expect(got["cards"] == table and got["leader"] == leader and
               got["winner"] == winner, "trick %d: the program has %s" %
               (t + 1, got))
        Count.tricks += 1
        taken += side(winner) == side(declarer)
        leader = winner
    return taken


def declarer_score(contract, taken, vul):
    """The declaring side's duplicate score (negative when defeated)."""
    level, strain, times, declarer = contract
    odd = taken - 6
    if odd >= level:
        per = 20 if strain < 2 else 30
        trick = times * (per * level + (10 if strain == 4 else 0))
        bonus = (500 if vul else 300) if trick >= 100 else 50
        if level == 6:
            bonus += 750 if vul else 500
        if level == 7:
            bonus += 1500 if vul else 1000
        bonus += {1: 0, 2: 50, 4: 100}[times]
        over = odd - level
        each = per if times == 1 else (times // 2) * (200 if vul else 100)
        Count.made += 1
        Count.slams += level >= 6
        return trick + bonus + over * each
    down = level - odd
    Count.defeated += 1
    if times == 1:
        return -down * (100 if vul else 50)
    penalties = []
    for k in range(1, down + 1):
        if vul:
            penalties.append(200 if k == 1 else 300)
        else:
            penalties.append(100 if k == 1 else 200 if k <= 3 else 300)
    return -(times // 2) * sum(penalties)


def honours(dealt, strain):
    """Each side's honours from the hands as dealt."""
    out = [0, 0]
    for seat, hand in dealt.items():
        if strain == 4:
            held = sum(c[:-1] == "A" for c in hand)
            out[side(seat)] += 150 if held == 4 else 0
        else:
            held = sum(c[-1] == "CDHS"[strain] and c[:-1] in
                       ("10", "J", "Q", "K", "A") for c in hand)
            out[side(seat)] += {4: 100, 5: 150}.get(held, 0)
    return out


class Rubber:
    """The line: part scores below it, games won."""

    def __init__(self):
        self.below, self.games, self.over = [0, 0], [0, 0], False

    def score(self, contract, taken, dealt):
        level, strain, times, declarer = contract
        ours = side(declarer)
        vul = self.games[ours] > 0
        points = declarer_score(contract, taken, vul)
        out = [0, 0]
        if points > 0:
            per = 20 if strain < 2 else 30
            trick = times * (per * level + (10 if strain == 4 else 0))
            bonus = (500 if vul else 300) if trick >= 100 else 50
            out[ours] = points - bonus      # below and above the line
            self.below[ours] += trick
            if self.below[ours] >= 100:
                self.games[ours] += 1
                self.below = [0, 0]
        else:
            out[1 - ours] = -points
        h = honours(dealt, strain)
        out = [out[0] + h[0], out[1] + h[1]]
        if self.games[ours] == 2:
            Count.rubbers += 1
            out[ours] += 700 if self.games[1 - ours] == 0 else 500
            self.over = True
        return out


def check_file(path, opts, program):
    t = yaml.load(open(path), Loader=getattr(yaml, "CSafeLoader",
                                             yaml.SafeLoader))
    run = subprocess.run([program, "replay", "--json", "--decisions", path],
                         capture_output=True, text=True)
    expect(run.returncode == 0, "the program does not replay it: %s"
           % run.stderr.strip())
    replayed = json.loads(run.stdout)["deals"]
    deals = t["deals"]
    expect(len(replayed) == len(deals), "the program replays %d deals of %d"
           % (len(replayed), len(deals)))
    dealer = t.get("dealer", 0)
    rubber = Rubber()
    for d, r in zip(deals, replayed):
        expect(not rubber.over, "deal %d after the rubber's end" % d["deal"])
        try:
            expect(d["dealer"] == dealer and r["dealer"] == dealer,
                   "dealt by seat %d, not %d" % (d["dealer"], dealer))
            hands = {int(k): list(v) for k, v in d["hands"].items()}
            dealt = {q: list(h) for q, h in hands.items()}
            expect(sorted(c for h in hands.values() for c in h) == sorted(DECK)
                   and all(len(h) == 13 for h in hands.values()),
                   "the hands are not the deck, 13 each")
            dec = Decisions(r, d["moves"])
            contract = auction(dec, dealer)
            score = [0, 0]          # by side
            if contract is None:
                Count.passed_out += 1
            else:
                Count.doubled += contract[2] == 2
                Count.redoubled += contract[2] == 4
                taken = play(dec, hands, contract, r)
                v = VUL[(d["deal"] - 1) % 16]
                ours = side(contract[3])
                vul = not opts["openspiel"] and (v == "B" or v == "NE"[ours])
                points = declarer_score(contract, taken, vul)
                if opts["rubber"]:
                    Count.made -= points > 0
                    Count.defeated -= points <= 0
                    Count.slams -= points > 0 and contract[0] >= 6
                    score = rubber.score(contract, taken, dealt)
                elif opts["openspiel"]:
                    score = [points, -points] if ours == 0 else [-points, points]
                else:
                    earner = ours if points > 0 else 1 - ours
                    score[earner] = abs(points)
            expect(dec.i == len(dec.moves) == len(dec.made),
                   "moves after the last trick")
            want = [score[side(p)] for p in range(4)]
            expect(want == list(d.get("scores", want)) == list(r["scores"]),
                   "scores %s (the program %s), not %s (contract %s)"
                   % (d.get("scores"), r["scores"], want, contract))
        except Disagreement as e:
            raise Disagreement("deal %d: %s" % (d["deal"], e))
        Count.deals += 1
        dealer = (dealer + 1) % 4


def main():
    args = sys.argv[1:]
    opts = {"openspiel": "--openspiel" in args, "rubber": "--rubber" in args}
    program = os.environ.get("CARDRULES", "./cardrules")
    for path in (a for a in args if not a.startswith("--")):
        try:
            check_file(path, opts, program)
        except Disagreement as e:
            print("%s: %s" % (path, e))
            sys.exit(1)
    print("%d deals agree: %d decisions (%d calls, %d cards, %d of them "
          "the dummy's), %d tricks; %d passed out, %d made (%d slams), %d "
          "defeated; %d doubled, %d redoubled; %d rubbers"
          % (Count.deals, Count.decisions, Count.calls, Count.cards,
             Count.dummy_cards, Count.tricks, Count.passed_out, Count.made,
             Count.slams, Count.defeated, Count.doubled, Count.redoubled,
             Count.rubbers))


main()
