#!/usr/bin/env python3
"""stendhal-oracle.py TRANSCRIPT...: Stendhal played again from the rules
alone (the rules of the game, not the rule file), deal by deal, from
transcripts with each deal's cards written out (--explicit-deals).

For every deal it checks the seats' turns, that every card played may be
played, the minus suits the vote elects, the winner of every trick, the
deal's scores, the running totals, and that the match ends exactly after
the first deal at which the rules end it.  Prints one line per file and
exits 1 at the first disagreement.  It shares no code with the program."""
import sys

import yaml

SUITS = "SHDCXL"
RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
PARTNER = {"S": "H", "H": "S", "C": "D", "D": "C", "X": "L", "L": "X"}
FACE = {"A": 1, "J": 11, "Q": 12, "K": 13}
BONUS = [0, 1, 3, 6, 10]


def suit(card):
    return card[-1]


def rank(card):
    return RANKS.index(card[:-1])


def face(card):
    return FACE.get(card[:-1]) or int(card[:-1])


class Disagreement(Exception):
    pass


def expect(cond, what):
    if not cond:
        raise Disagreement(what)


def elect(row):
    """The primary minus suit of the revealed cards, in reveal order."""
    count = {s: sum(1 for c in row if suit(c) == s) for s in SUITS}
    most = max(count.values())
    tied = [s for s in SUITS if count[s] == most]
    ranks = {s: sorted((rank(c) for c in row if suit(c) == s), reverse=True)
             for s in tied}
    for k in range(most):
        if len(tied) == 1:
            break
        best = max(ranks[s][k] for s in tied)
        tied = [s for s in tied if ranks[s][k] == best]
    for c in row:
        if suit(c) in tied:
            return suit(c)
    raise Disagreement("no card was revealed")


def trick_winner(cards, players):
    """The position of the winning card among the trick's, in play order."""
    suits = [suit(c) for c in cards]
    if players in (5, 6) and len(set(suits)) == len(suits):
        return 0
    count = {s: suits.count(s) for s in suits}
    most = max(count.values())
    last = {s: max(i for i, x in enumerate(suits) if x == s) for s in count}
    win = max((s for s in count if count[s] == most), key=lambda s: last[s])
    return max((i for i in range(len(cards)) if suits[i] == win),
               key=lambda i: rank(cards[i]))


def score(won, tricks, minus):
    taken = [c for c in won if suit(c) in minus]
    if taken:
        penalty = 0
        for s in minus:
            mine = [c for c in taken if suit(c) == s]
            if mine:
                lowest = min(mine, key=rank)
                penalty += len(mine) - 1 + face(lowest)
        return -penalty
    if tricks == 0:
        return 0
    return BONUS[len(set(suit(c) for c in won))]


def play_deal(d, players, threshold_reached, totals, threshold):
    dealer = d["dealer"]
    hands = {int(k): list(v) for k, v in d["hands"].items()}
    centre = list(d["places"]["centre"])
    size = {5: 15, 6: 13, 7: 11}[players]
    expect(all(len(hands[p]) == size for p in range(players)),
           "hands of %d cards" % size)
    expect(len(centre) == 78 - size * players, "the leftovers")
    moves = [(int(k), v) for m in d["moves"] for k, v in m.items()]
    # the vote: every seat once, from the dealer's left
    vote = {}
    for i in range(players):
        seat, words = moves[i]
        expect(seat == (dealer + 1 + i) % players, "the vote's turns")
        verb, card = words.split()
        expect(verb == "vote" and card in hands[seat], "a vote card held")
        vote[seat] = card
    row = [vote[(dealer - 1 - i) % players] for i in range(players)] + centre
    primary = elect(row)
    minus = {primary, PARTNER[primary]}
    for seat, card in vote.items():
        hands[seat].remove(card)
    # the tricks
    won = {p: [] for p in range(players)}
    tricks = {p: 0 for p in range(players)}
    leader = (dealer + 1) % players
    plays = moves[players:]
    expect(len(plays) == players * (size - 1), "every card played")
    for t in range(size - 1):
        cards = []
        for i in range(players):
            seat, words = plays[t * players + i]
            expect(seat == (leader + i) % players,
                   "trick %d: seat %d to play" % (t + 1, (leader + i) % players))
            verb, card = words.split()
            expect(verb == "play" and card in hands[seat],
                   "trick %d: %s is held" % (t + 1, card))
            if cards:
                led = suit(cards[0])
                expect(suit(card) == led or
                       all(suit(c) != led for c in hands[seat]),
                       "trick %d: %s follows suit" % (t + 1, card))
            hands[seat].remove(card)
            cards.append(card)
        leader = (leader + trick_winner(cards, players)) % players
        won[leader] += cards
        tricks[leader] += 1
    scores = [score(won[p], tricks[p], minus) for p in range(players)]
    expect(scores == list(d["scores"]),
           "scores %s, not %s (minus %s)" % (d["scores"], scores,
                                             "".join(sorted(minus))))
    for p in range(players):
        totals[p] += scores[p]
    reached = threshold_reached or min(totals) <= -threshold
    ends = reached and totals.count(max(totals)) == 1
    return reached, ends


def check_file(path):
    t = yaml.load(open(path), Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    players = t["players"]
    threshold = t["options"]["threshold"]
    totals = [0] * players
    reached = False
    deals = t["deals"]
    for i, d in enumerate(deals):
        try:
            reached, ends = play_deal(d, players, reached, totals, threshold)
        except Disagreement as e:
            raise Disagreement("deal %d: %s" % (d["deal"], e))
        expect(d["dealer"] == (t["dealer"] + i) % players,
               "deal %d: the dealer" % d["deal"])
        expect(not ends or i == len(deals) - 1,
               "the match should have ended after deal %d" % d["deal"])
    return len(deals), ends


def main():
    deals = ended = 0
    for path in sys.argv[1:]:
        try:
            n, over = check_file(path)
        except Disagreement as e:
            print("%s: %s" % (path, e))
            sys.exit(1)
        deals += n
        ended += over
        print("%s: %d deals agree%s" % (path, n, ", the match ended" if over
                                        else ""))
    print("%d deals agree, %d matches ended by the rules" % (deals, ended))


main()
