#!/usr/bin/env python3
"""bridge-boards.py [--rubber]: a transcript of five boards of
games/bridge.yaml (--rubber: of games/bridge-rubber.yaml, in the order
that ends the rubber with the last) whose
calls are written here and whose cards are each the highest the seat may
play, so that contracts are made and defeated, doubled and redoubled,
slams bid, every vulnerability met and a board passed out: North-South
hold the six top cards of every suit and the eights of spades and
hearts.  Printed on stdout."""
RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
STRONG = [r + s for s in "SHDC" for r in RANKS[7:]] + ["8S", "8H"]
WEAK = [r + s for s in "SHDC" for r in RANKS[:7] if r + s not in STRONG]
# each board: its dealer is (board - 1) % 4; the calls from the dealer
BOARDS = [
    ["1 C", "pass", "pass", "pass"],                       # made, +6
    ["pass", "3 notrump", "double", "redouble", "pass", "pass", "pass"],
    ["6 S", "pass", "7 notrump", "double", "pass", "pass", "pass"],
    ["4 H", "double", "pass", "pass", "pass"],             # defeated
    ["pass", "pass", "pass", "pass"],                      # passed out
]
STRAINS = ["C", "D", "H", "S", "notrump"]

import sys


def power(card):
    return RANKS.index(card[:-1])


def board(n, calls, written_for):
    """Board n; its calls were written for a dealer `written_for` and are
    turned to board n's dealer by the seats' offsets."""
    dealer = (n - 1) % 4
    turn = (dealer - written_for) % 4
    strong, weak = (0, 2), (1, 3)
    hands = {}
    for q in range(4):
        mine = strong if (q - turn) % 2 == 0 else weak
        cards = STRONG if mine == strong else WEAK
        hands[q] = cards[0::2] if (q - turn) % 4 < 2 else cards[1::2]
    moves = []
    bidder, strain, first = -1, None, {}
    for k, call in enumerate(calls):
        seat = (dealer + k) % 4
        moves.append((seat, "call " + call))
        if call[0].isdigit():
            bidder, strain = seat, call.split()[1]
            first.setdefault((seat % 2, strain), seat)
    if bidder >= 0:
        declarer = first[(bidder % 2, strain)]
        trumps = strain if strain != "notrump" else None
        hold = {q: list(h) for q, h in hands.items()}
        leader = (declarer + 1) % 4
        for _ in range(13):
            table = []
            for k in range(4):
                seat = (leader + k) % 4
                same = [c for c in hold[seat]
                        if table and c[-1] == table[0][-1]]
                card = max(same or hold[seat], key=power)
                hold[seat].remove(card)
                table.append(card)
                moves.append((seat, "play " + card))
            ruffs = [c for c in table if c[-1] == trumps]
            best = max(ruffs or [c for c in table if c[-1] == table[0][-1]],
                       key=power)
            leader = (leader + table.index(best)) % 4
    lines = ["  - deal: %d" % n, "    dealer: %d" % dealer, "    hands:"]
    for q in range(4):
        lines.append("      %d: [%s]" % (q, ", ".join(hands[q])))
    lines.append("    moves:")
    lines += ["      - %d: %s" % m for m in moves]
    return lines


rubber = "--rubber" in sys.argv[1:]
out = ["cardrules-transcript: 1", "players: 4", "dealer: 0"]
if rubber:
    # a part score, a side defeated, a board passed out, then two games
    out += ["game: bridge-rubber", "deals:"]
    order = [0, 3, 4, 1, 2]
else:
    out += ["game: bridge", "options: {boards: %d}" % len(BOARDS), "deals:"]
    order = range(len(BOARDS))
for i, k in enumerate(order):
    calls = list(BOARDS[k])
    # the calls were written from the dealer of board k + 1
    out += board(i + 1, calls, k % 4)
print("\n".join(out))
