#!/usr/bin/env python3
"""solitaires-oracle.py GAME TRANSCRIPT...

FreeCell, Golf, Spider and Pyramid played again from their rules alone
(the standard rules of each game, not the rule files), from transcripts
with each deal's cards written out (simulate --explicit-deals).  It
shares no code with the program.

For every deal it deals the layout from the recorded stock (its last
card is its top), then at each decision compares the legal moves it
finds with the ones `$CARDRULES replay --json --decisions` lists
(CARDRULES defaults to ./cardrules), makes the move recorded, and at the
end compares the score.  Exits 1 at the first disagreement and prints
"N deals agree" otherwise.  GAME is freecell, golf, spider or pyramid;
the transcript's options are read (golf's wrap, spider's suits)."""
import json
import os
import re
import subprocess
import sys

ORDER = {"A": 1, "J": 11, "Q": 12, "K": 13}


def order(card):
    r = card[:-1]
    return ORDER[r] if r in ORDER else int(r)


def suit(card):
    return card[-1]


def red(card):
    return suit(card) in "HD"


class Disagree(Exception):
    pass


# ---------------------------------------------------------------- Golf

class Golf:
    """Seven columns of five face up; the stock's top card starts the
    waste; a column's top card goes on the waste one rank above or below
    (wrap: also king-ace), nothing on a king unless wrap; the score is the
    cards left in the columns."""

    def __init__(self, stock, opts):
        self.wrap = opts.get("wrap", "0") != "0"
        self.stock = list(stock)
        self.cols = [[] for _ in range(7)]
        for _ in range(5):
            for c in self.cols:
                c.append(self.stock.pop())
        self.waste = [self.stock.pop()]
        self.moves = 1

    def fits(self, card):
        w = self.waste[-1]
        if order(w) == 13 and not self.wrap:
            return False
        d = abs(order(card) - order(w))
        return d == 1 or (self.wrap and d == 12)

    def legal(self):
        out = ["play c%d" % (i + 1) for i, c in enumerate(self.cols)
               if c and self.fits(c[-1])]
        if self.stock:
            out.append("deal")
        return out

    def apply(self, words):
        if words == "deal":
            self.waste.append(self.stock.pop())
        else:
            self.waste.append(self.cols[int(words.split()[1][1:]) - 1].pop())
        self.moves += 1

    def over(self):
        return not any(self.cols) or not self.legal()

    def score(self):
        return sum(len(c) for c in self.cols)


# ---------------------------------------------------------------- FreeCell

class FreeCell:
    """Eight columns dealt face up 7,7,7,7,6,6,6,6; four cells of one
    card; foundations by suit from the ace; columns build down in
    alternating colours, any card to an empty column; a run in sequence
    moves when (1 + free cells) * 2^(empty columns, not the target)
    allows; the game ends after 2000 moves; the score is the cards up."""

    CELLS = "abcd"
    LIMIT = 2000

    def __init__(self, stock, opts):
        self.stock = list(stock)
        self.cols = [[] for _ in range(8)]
        sizes = [7, 7, 7, 7, 6, 6, 6, 6]
        for r in range(7):
            for i, c in enumerate(self.cols):
                if r < sizes[i]:
                    c.append(self.stock.pop())
        self.cells = [None] * 4
        self.found = [[] for _ in range(4)]
        self.moves = 0

    @staticmethod
    def builds(card, under):
        return red(card) != red(under) and order(card) + 1 == order(under)

    def up_ok(self, card, f):
        if not f:
            return order(card) == 1
        return suit(card) == suit(f[-1]) and order(card) == order(f[-1]) + 1

    def legal(self):
        out = []
        sources = [(self.CELLS[i], c) for i, c in enumerate(self.cells) if c]
        sources += [("c%d" % (i + 1), c[-1]) for i, c in enumerate(self.cols)
                    if c]
        for word, card in sources:
            for j, f in enumerate(self.found):
                if self.up_ok(card, f):
                    out.append("up %s f%d" % (word, j + 1))
        for i, c in enumerate(self.cols):
            if c:
                for k, cell in enumerate(self.cells):
                    if cell is None:
                        out.append("cell c%d %s" % (i + 1, self.CELLS[k]))
        for k, cell in enumerate(self.cells):
            if cell:
                for j, t in enumerate(self.cols):
                    if not t or self.builds(cell, t[-1]):
                        out.append("move %s c%d" % (self.CELLS[k], j + 1))
        free = self.cells.count(None)
        empty = sum(1 for c in self.cols if not c)
        for i, c in enumerate(self.cols):
            if not c:
                continue
            lo = len(c) - 1
            while lo > 0 and self.builds(c[lo], c[lo - 1]):
                lo -= 1
            for s in range(lo, len(c)):
                for j, t in enumerate(self.cols):
                    if j == i or (t and not self.builds(c[s], t[-1])):
                        continue
                    most = (1 + free) * 2 ** (empty - (0 if t else 1))
                    if len(c) - s <= most:
                        out.append("move %s c%d" % (c[s], j + 1))
        return out

    def pile(self, word):
        if word in self.CELLS:
            return ("cell", self.CELLS.index(word))
        return ("col", int(word[1:]) - 1)

    def take(self, where, n=1):
        kind, i = where
        if kind == "cell":
            card, self.cells[i] = self.cells[i], None
            return [card]
        cards = self.cols[i][-n:]
        del self.cols[i][-n:]
        return cards

    def apply(self, words):
        verb, a, b = words.split()
        if verb == "up":
            self.found[int(b[1:]) - 1] += self.take(self.pile(a))
        elif verb == "cell":
            self.cells[self.CELLS.index(b)] = self.take(self.pile(a))[0]
        elif a in self.CELLS:
            self.cols[int(b[1:]) - 1] += self.take(self.pile(a))
        else:
            src = next(c for c in self.cols if a in c)
            n = len(src) - src.index(a)
            self.cols[int(b[1:]) - 1] += self.take(
                ("col", self.cols.index(src)), n)
        self.moves += 1

    def over(self):
        return (self.score() == 52 or self.moves >= self.LIMIT
                or not self.legal())

    def score(self):
        return sum(len(f) for f in self.found)


# ---------------------------------------------------------------- Spider

def face(card):
    """A card without the tag of its copy: 3S#2 is 3S."""
    return card.split("#")[0]


class Spider:
    """Two decks; ten piles of 6,6,6,6,5,5,5,5,5,5, the top card face up;
    a card goes on one rank higher of any suit, any card on an empty pile;
    a run moves only in suit and in sequence; the stock deals a card onto
    every pile when none is empty; a king-to-ace run in suit goes off at
    once; a face-down card left on top turns up; 3000 moves at most
    (those going off count); the score is the cards sent off."""

    LIMIT = 3000

    def __init__(self, stock, opts):
        self.stock = list(stock)
        self.piles = [[] for _ in range(10)]     # [card, face up]
        sizes = [6, 6, 6, 6, 5, 5, 5, 5, 5, 5]
        for r in range(6):
            for i, p in enumerate(self.piles):
                if r < sizes[i]:
                    p.append([self.stock.pop(), False])
        self.reveal()
        self.off = 0
        self.moves = 0
        self.done = False
        self.settle()

    @staticmethod
    def follows(upper, under):
        u, d = face(upper), face(under)
        return suit(u) == suit(d) and order(u) + 1 == order(d)

    def run_start(self, p):
        lo = len(p) - 1
        while lo > 0 and p[lo - 1][1] and self.follows(p[lo][0], p[lo - 1][0]):
            lo -= 1
        return lo

    def reveal(self):
        for p in self.piles:
            if p:
                p[-1][1] = True

    def full_suit(self):
        for p in self.piles:
            if len(p) >= 13:
                s = len(p) - 13
                if (p[s][1] and order(face(p[s][0])) == 13
                        and self.run_start(p) <= s):
                    return p
        return None

    def settle(self):
        """The end, or the runs that go off by themselves."""
        while True:
            if self.off == 104 or self.moves >= self.LIMIT:
                self.done = True
                return
            p = self.full_suit()
            if p is None:
                return
            del p[-13:]
            self.off += 13
            self.moves += 1
            self.reveal()

    def legal(self):
        out = []
        for i, p in enumerate(self.piles):
            if not p:
                continue
            for s in range(self.run_start(p), len(p)):
                card = p[s][0]
                for j, t in enumerate(self.piles):
                    if j != i and (not t or order(face(card)) + 1 ==
                                   order(face(t[-1][0]))):
                        out.append("move %s t%d" % (card, j + 1))
        if self.stock and all(self.piles):
            out.append("deal")
        return out

    def apply(self, words):
        if words == "deal":
            for p in self.piles:
                if self.stock:
                    p.append([self.stock.pop(), True])
        else:
            _, card, to = words.split()
            src = next(p for p in self.piles
                       if any(c == card and up for c, up in p))
            at = max(k for k, (c, up) in enumerate(src) if c == card and up)
            self.piles[int(to[1:]) - 1] += [[c, True] for c, _ in src[at:]]
            del src[at:]
        self.moves += 1
        self.reveal()
        self.settle()

    def over(self):
        return self.done or not self.legal()

    def score(self):
        return self.off


# ---------------------------------------------------------------- Pyramid

class Pyramid:
    """28 cards face up in a pyramid of 7 rows, dealt row by row from the
    apex; a card is free when the two cards of the next row overlapping
    it are gone.  The stock turns one card at a time onto the waste, and
    the waste turns back into the stock while passes are left (3 times
    through by default, 0 for no limit).  Two available cards (free, or
    the waste's top) adding up to 13 are removed, a king alone.  Moves
    name their cards, the waste's before the pyramid's, the pyramid's
    from the apex row by row; the game ends after 2000 moves; the score
    is the cards left in it."""

    LIMIT = 2000

    def __init__(self, stock, opts):
        self.passes = int(opts.get("passes", "3"))
        self.moves = 0
        self.stock = list(stock)
        self.pyr = [self.stock.pop() for _ in range(28)]
        self.waste = []
        self.redeals = 0

    def free(self, i):
        if self.pyr[i] is None:
            return False
        r = 0
        while (r + 1) * (r + 2) // 2 <= i:
            r += 1
        if r == 6:
            return True
        below = (r + 1) * (r + 2) // 2 + i - r * (r + 1) // 2
        return self.pyr[below] is None and self.pyr[below + 1] is None

    def available(self):
        out = [("waste", self.waste[-1])] if self.waste else []
        return out + [(i, self.pyr[i]) for i in range(28) if self.free(i)]

    def legal(self):
        out = []
        if self.stock:
            out.append("draw")
        elif self.waste and (self.passes == 0 or
                             self.redeals < self.passes - 1):
            out.append("redeal")
        av = self.available()
        out += ["king " + c for _, c in av if order(c) == 13]
        for i in range(len(av)):
            for j in range(i + 1, len(av)):
                if order(av[i][1]) + order(av[j][1]) == 13:
                    out.append("pair %s %s" % (av[i][1], av[j][1]))
        return out

    def remove(self, card):
        if self.waste and self.waste[-1] == card:
            self.waste.pop()
        else:
            self.pyr[self.pyr.index(card)] = None

    def apply(self, words):
        w = words.split()
        if w[0] == "draw":
            self.waste.append(self.stock.pop())
        elif w[0] == "redeal":
            self.stock = self.waste[::-1]
            self.waste = []
            self.redeals += 1
        else:
            for c in w[1:]:
                self.remove(c)
        self.moves += 1

    def over(self):
        return (all(c is None for c in self.pyr) or not self.legal() or
                self.moves >= self.LIMIT)

    def score(self):
        return sum(c is not None for c in self.pyr)


GAMES = {"golf": Golf, "freecell": FreeCell, "spider": Spider,
         "pyramid": Pyramid}


# ---------------------------------------------------------------- transcripts

def flow_list(s):
    s = s.strip()
    return [x.strip().strip("'\"") for x in s[1:-1].split(",") if x.strip()]


def read_transcript(path):
    """{options: {...}, deals: [{stock, moves}]} of the simple layout the
    program writes."""
    t = {"options": {}, "deals": []}
    deal = None
    in_moves = False
    for line in open(path):
        line = line.rstrip("\n")
        text = line.strip()
        if not text or text.startswith("#"):
            continue
        if line.startswith("options:"):
            for item in text[len("options:"):].strip().strip("{}").split(","):
                if ":" in item:
                    k, v = item.split(":", 1)
                    t["options"][k.strip()] = v.strip()
            continue
        if re.match(r"- deal:\s*\d+$", text):
            deal = {"stock": None, "moves": []}
            t["deals"].append(deal)
            in_moves = False
            continue
        if deal is None:
            continue
        if text.startswith("stock:"):
            deal["stock"] = flow_list(text[len("stock:"):])
        elif text == "moves:":
            in_moves = True
        elif in_moves and re.match(r"- 0:", text):
            deal["moves"].append(text.split(":", 1)[1].strip().strip("'\""))
        elif not text.startswith("-"):
            in_moves = False
    return t


def replay(path):
    prog = os.environ.get("CARDRULES", "./cardrules")
    run = subprocess.run([prog, "replay", "--json", "--decisions", path],
                         capture_output=True, text=True)
    if run.returncode != 0:
        raise Disagree("cardrules replay refuses %s: %s" % (path, run.stderr))
    return json.loads(run.stdout)["deals"]


def check(game_class, path):
    t = read_transcript(path)
    theirs = replay(path)
    if len(theirs) != len(t["deals"]):
        raise Disagree("%s: %d deals replayed, %d read"
                       % (path, len(theirs), len(t["deals"])))
    for n, (deal, their) in enumerate(zip(t["deals"], theirs), 1):
        if not deal["stock"]:
            raise Disagree("%s: no stock written out (--explicit-deals)"
                           % path)
        g = game_class(deal["stock"], t["options"])
        decisions = their["decisions"]
        if len(decisions) != len(deal["moves"]):
            raise Disagree("%s deal %d: %d decisions replayed, %d recorded"
                           % (path, n, len(decisions), len(deal["moves"])))
        for i, d in enumerate(decisions, 1):
            if g.over():
                raise Disagree("%s deal %d, decision %d: over here, cardrules "
                               "goes on" % (path, n, i))
            mine, yours = sorted(g.legal()), sorted(d["legal"])
            if mine != yours:
                raise Disagree("%s deal %d, decision %d: legal moves differ\n"
                               "  oracle only: %s\n  cardrules only: %s"
                               % (path, n, i, sorted(set(mine) - set(yours)),
                                  sorted(set(yours) - set(mine))))
            g.apply(d["move"])
        if not g.over():
            raise Disagree("%s deal %d: the game goes on here; legal: %s"
                           % (path, n, ", ".join(g.legal())))
        if their["scores"] != [g.score()]:
            raise Disagree("%s deal %d: score %s, the oracle says %d"
                           % (path, n, their["scores"], g.score()))
    return len(t["deals"])


def main(argv):
    if len(argv) < 2 or argv[0] not in GAMES:
        sys.exit(__doc__)
    n = 0
    try:
        for path in argv[1:]:
            n += check(GAMES[argv[0]], path)
    except Disagree as e:
        print(e)
        return 1
    print("%d deals agree" % n)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
