#!/usr/bin/env python3
"""gridcannon-oracle.py [--queen-any-colour] [--trace [--deal N]] TRANSCRIPT...
gridcannon-oracle.py [--queen-any-colour] --examples
gridcannon-oracle.py --generate K --seed S --out FILE [--search W]
                     [--game PATH] [--early-loss] [--queen-any-colour]

Gridcannon played again from its rules alone (the rules of the game, not
the rule file), from transcripts with each deal's cards written out
(--explicit-deals).  It shares no code with the program.

Check mode: for every deal it deals the grid from the recorded deck,
follows every decision (each must be legal here, none may come after the
game is over, and they must not run out while it goes on) and compares
the deal's score and number of dead royals with what
`$CARDRULES replay --json` says (CARDRULES defaults to ./cardrules).  The
early loss of rules 11 is played when the transcript's options set
early_loss.  --choices prints instead the decisions that were choices
(more than one was legal), which a player types into the text loop (it
makes an only move by itself).  --trace prints the state and the legal decisions before each
decision (of deal N only, with --deal N).  Exits 1 at the first
disagreement and prints "N deals agree" otherwise.

Generate mode: plays K games itself and writes each as a transcript:
FILE, then FILE with .2, .3 ... before .yaml, the way `cardrules simulate
--transcript` names them.  Each deck is shuffled, and each decision drawn
from the legal ones, by Python's random seeded with S; with --search W a
player who knows the deck (a beam search W wide) decides instead, and
wins often.  The game file is named relative to FILE's folder (PATH,
default games/gridcannon.yaml).  --early-loss plays and records the early
loss.  `cardrules replay` must accept every game at the same score.

--examples checks the model against the rules' worked examples GRC-D1
... GRC-D6 and prints "the examples hold".

--queen-any-colour breaks a rule on purpose (a queen dies whatever the
colours of the two cards): it must disagree with the program."""
import json
import os
import random
import re
import subprocess
import sys

# --- cards ------------------------------------------------------------------

ROYAL_VALUE = {"J": 11, "Q": 12, "K": 13}


def rank(card):
    return card[:-1]


def suit(card):
    return card[-1]


def red(card):
    return suit(card) in "HD"


def is_joker(card):
    return card.startswith("JK")


def is_ploy(card):
    return is_joker(card) or rank(card) == "A"


def is_royal(card):
    return not is_joker(card) and rank(card) in ROYAL_VALUE


def value(card):
    """A number card's or a royal's value (rules 4); ploys have none."""
    return VALUES[card]


def full_deck():
    ranks = [str(n) for n in range(2, 11)] + ["J", "Q", "K", "A"]
    return [r + s for s in "SHDC" for r in ranks] + ["JK#1", "JK#2"]


VALUES = {c: ROYAL_VALUE.get(rank(c)) or int(rank(c))
          for c in full_deck() if not is_ploy(c)}


# --- geometry (rules 5) -----------------------------------------------------

SLOTS = ["N0", "N1", "N2", "E0", "E1", "E2",
         "S0", "S1", "S2", "W0", "W1", "W2"]
POSITIONS = [(r, c) for r in range(3) for c in range(3)]


def adjacent_slots(r, c):
    """The perimeter slots next to (r, c): two at a corner, none at the
    centre."""
    out = []
    if r == 0:
        out.append("N%d" % c)
    if r == 2:
        out.append("S%d" % c)
    if c == 0:
        out.append("W%d" % r)
    if c == 2:
        out.append("E%d" % r)
    return out


def attack_lines(r, c):
    """Rules 6.7: (target slot, the two positions between) for each line in
    which (r, c) is at one end."""
    out = []
    if r == 0:
        out.append(("S%d" % c, (1, c), (2, c)))
    if r == 2:
        out.append(("N%d" % c, (1, c), (0, c)))
    if c == 0:
        out.append(("E%d" % r, (r, 1), (r, 2)))
    if c == 2:
        out.append(("W%d" % r, (r, 1), (r, 0)))
    return out


def pos_word(p):
    return "%d,%d" % p


def likeness(card):
    """Rules 6.2 a)-c) and 6.6 1-3: same suit, then same colour, then any."""
    return [lambda o: suit(o) == suit(card),
            lambda o: red(o) == red(card),
            lambda o: True]


# --- the game ---------------------------------------------------------------

class Illegal(Exception):
    pass


class Royal:
    def __init__(self, card):
        self.card = card
        self.armour = []
        self.alive = True

    def copy(self):
        r = Royal(self.card)
        r.armour = list(self.armour)
        r.alive = self.alive
        return r

    def effective(self):
        return value(self.card) + sum(value(a) for a in self.armour)


class Game:
    """One game of Gridcannon.

    The deck is a list whose last card is the top (drawn first).  The game
    stops wherever the player has a decision to make; decide() takes it
    and plays on to the next one.

    Sequencing, where the rules leave it open: setup fills the grid,
    setting aside royals, aces and jokers in the order drawn (6.1 step 2);
    then every set-aside card is taken in that order, a royal waiting to
    be placed, an ace or joker going to the reserve (steps 3-4).  Ploys are
    not used during this.  Then comes the optional swap (step 5: "swap
    R,C" or "start"), still without ploys; a swap refills its position
    with the same set-aside handling, still part of setup.  Play begins
    with the first card drawn from the deck; from then on ploys may be
    used whenever a drawn card waits for its decision or the deck is
    empty (6.3 step 3, 6.8); a joker's
    move always makes an attack check (6.5), a placement in setup never
    (6.1 step 6).  A drawn ace or joker goes to the reserve by itself, and
    every royal placement is a decision, even with one slot allowed."""

    def __init__(self, deck, queen_any_colour=False, early_loss=False):
        self.deck = list(deck)
        self.queen_any_colour = queen_any_colour
        self.early_loss = early_loss
        self.grid = {p: [] for p in POSITIONS}
        self.slots = {s: None for s in SLOTS}
        self.reserve = []           # unused ploys
        self.used = []
        self.discard = []
        self.aside = []
        self.drawn = None           # the card waiting for a decision
        self.stage = "setup"        # setup, swap (the decision), refill
                                    # (after a swap), play
        self.over = None            # None, "won" or "lost"
        for p in POSITIONS:
            self.fill(p)
        self.advance()

    # -- automatic steps --

    def fill(self, p):
        """6.1 step 2: fill p with a number card, setting the others aside."""
        while True:
            card = self.deck.pop()
            if is_royal(card) or is_ploy(card):
                self.aside.append(card)
            else:
                self.grid[p].append(card)
                return

    def advance(self):
        """Play on until the player has a decision to make or the game ends."""
        while self.over is None and self.drawn is None:
            if self.aside:
                card = self.aside.pop(0)
                if is_ploy(card):
                    self.reserve.append(card)
                else:
                    self.drawn = card
            elif self.stage == "setup":
                self.stage = "swap"
                break
            elif self.stage == "swap":
                break
            elif self.stage == "refill":
                self.stage = "play"         # the swap's set-aside cards done
            elif self.deck:
                card = self.deck.pop()      # 6.3 step 2
                if is_ploy(card):
                    self.reserve.append(card)
                else:
                    self.drawn = card
            else:
                break                       # 6.8: only ploys are left
        # a waiting card always has a decision; else only ploys may be left
        if self.over is None and self.drawn is None and not self.legal():
            self.over = "lost"

    # -- what may be done --

    def top(self, p):
        return self.grid[p][-1] if self.grid[p] else None

    def takes(self, p, card):
        """6.4: an empty position, or a top card of equal or lower value."""
        t = self.top(p)
        return t is None or value(t) <= value(card)

    def living(self):
        return [s for s in SLOTS if self.slots[s] and self.slots[s].alive]

    def royal_slots(self, royal):
        """6.2: the free slots the placement rule allows for royal."""
        free = [s for s in SLOTS if self.slots[s] is None]
        for alike in likeness(royal):
            cards = [(value(self.top(p)), p) for p in POSITIONS
                     if self.top(p) and alike(self.top(p))]
            for v in sorted({v for v, _ in cards}, reverse=True):
                got = [s for w, p in cards if w == v
                       for s in adjacent_slots(*p) if s in free]
                if got:
                    return [s for s in SLOTS if s in got]
        return free                                     # rule e)

    def armour_slots(self, card):
        """6.6 steps 1-3: the living royals the card may arm."""
        living = self.living()
        for alike in likeness(card):
            group = [s for s in living if alike(self.slots[s].card)]
            if group:
                low = min(self.slots[s].effective() for s in group)
                return [s for s in group
                        if self.slots[s].effective() == low]
        return []

    def joker_moves(self):
        """6.5: a top card to another position that would take it."""
        tops = {p: value(self.grid[p][-1]) for p in POSITIONS if self.grid[p]}
        return [(a, b) for a in tops for b in POSITIONS
                if b != a and tops.get(b, 0) <= tops[a]]

    def legal(self):
        """Every decision the player may make now, in words."""
        if self.over:
            return []
        if self.stage == "swap":
            return ["swap " + pos_word(p) for p in POSITIONS] + ["start"]
        out = []
        card = self.drawn
        if card and is_royal(card):
            out += ["royal " + s for s in self.royal_slots(card)]
        elif card:
            spots = [p for p in POSITIONS if self.takes(p, card)]
            if spots:
                out += ["place " + pos_word(p) for p in spots]
            else:
                out += ["armour " + s for s in self.armour_slots(card)]
                if not self.living():
                    out.append("discard")
        if self.stage == "play" and (card or not self.deck):
            if any(not is_joker(c) for c in self.reserve):
                out += ["ace " + pos_word(p) for p in POSITIONS
                        if self.grid[p]]
            if any(is_joker(c) for c in self.reserve):
                out += ["joker %s %s" % (pos_word(a), pos_word(b))
                        for a, b in self.joker_moves()]
        return out

    # -- doing it --

    def spend(self, joker):
        for c in self.reserve:
            if is_joker(c) == joker:
                self.reserve.remove(c)
                self.used.append(c)
                return

    def attack(self, p):
        """6.7: the lines from a placed card at p; ends a won game at once."""
        for slot, a, b in attack_lines(*p):
            royal = self.slots[slot]
            if not royal or not royal.alive:
                continue
            ta, tb = self.top(a), self.top(b)
            total = (value(ta) if ta else 0) + (value(tb) if tb else 0)
            both = [t for t in (ta, tb) if t]
            if rank(royal.card) == "Q" and not self.queen_any_colour:
                ok = (len(both) == 2 and
                      all(red(t) == red(royal.card) for t in both))
            elif rank(royal.card) == "K":
                ok = (len(both) == 2 and
                      all(suit(t) == suit(royal.card) for t in both))
            else:
                ok = True
            if ok and total >= royal.effective():
                royal.alive = False
                if self.dead() == 12:
                    self.over = "won"
                    return

    def copy(self):
        h = object.__new__(Game)
        h.__dict__.update(self.__dict__)
        h.deck = list(self.deck)
        h.grid = {p: list(stack) for p, stack in self.grid.items()}
        h.slots = {s: r and r.copy() for s, r in self.slots.items()}
        for name in ("reserve", "used", "discard", "aside"):
            setattr(h, name, list(getattr(self, name)))
        return h

    def dead(self):
        return sum(1 for s in SLOTS
                   if self.slots[s] and not self.slots[s].alive)

    def score(self):
        """Rules 9: the unused ploys in the reserve when won, else 0."""
        return len(self.reserve) if self.over == "won" else 0

    def decide(self, words):
        words = " ".join(words.split())
        if self.over:
            raise Illegal("the game is already %s" % self.over)
        if words not in self.legal():
            raise Illegal("'%s' is not legal" % words)
        w = words.split()
        if w[0] == "swap":
            p = parse_pos(w[1])
            self.deck.insert(0, self.grid[p].pop())     # to the bottom
            self.fill(p)
            self.stage = "refill"
        elif w[0] == "start":
            self.stage = "play"
        elif w[0] == "royal":
            self.slots[w[1]] = Royal(self.drawn)
            self.drawn = None
        elif w[0] == "place":
            p = parse_pos(w[1])
            self.grid[p].append(self.drawn)
            self.drawn = None
            self.attack(p)
        elif w[0] == "armour":
            royal = self.slots[w[1]]
            royal.armour.append(self.drawn)
            self.drawn = None
            # rules 11: a royal beyond the largest attack cannot be killed
            most = 19 if rank(royal.card) == "K" else 20
            if self.early_loss and royal.effective() > most:
                self.over = "lost"
        elif w[0] == "discard":
            self.discard.append(self.drawn)
            self.drawn = None
        elif w[0] == "ace":
            p = parse_pos(w[1])
            self.spend(joker=False)
            # oldest card first: the former top ends last in the deck
            self.deck[0:0] = reversed(self.grid[p])
            self.grid[p] = []
        elif w[0] == "joker":
            a, b = parse_pos(w[1]), parse_pos(w[2])
            self.spend(joker=True)
            self.grid[b].append(self.grid[a].pop())
            self.attack(b)
        self.advance()

    def describe(self):
        """The state in a few lines, for --trace."""
        rows = []
        for r in range(3):
            rows.append(" ".join("%-4s" % (self.top((r, c)) or "--")
                                 for c in range(3)))
        royals = []
        for s in SLOTS:
            royal = self.slots[s]
            if royal:
                royals.append("%s=%s%s%s" % (
                    s, royal.card,
                    "+" + "+".join(royal.armour) if royal.armour else "",
                    "" if royal.alive else "(dead)"))
        return ("    grid: %s\n    royals: %s\n    drawn %s, deck %d, "
                "reserve %s, stage %s" % (" / ".join(rows),
                                          " ".join(royals) or "none",
                                          self.drawn, len(self.deck),
                                          " ".join(self.reserve) or "none",
                                          self.stage))


def parse_pos(word):
    r, c = word.split(",")
    return int(r), int(c)


# --- transcripts ------------------------------------------------------------

def unquote(s):
    s = s.strip()
    if len(s) >= 2 and s[0] == s[-1] and s[0] in "'\"":
        return s[1:-1]
    return s


def flow_list(s):
    s = s.strip()
    if not (s.startswith("[") and s.endswith("]")):
        raise ValueError("not a [list]: %s" % s)
    return [unquote(x) for x in s[1:-1].split(",") if x.strip()]


def read_transcript(path):
    """The few keys of a transcript the oracle needs: {options: {...},
    deals: [{deal, deck, moves, scores}]}.  Only the simple layout the
    program writes is understood."""
    t = {"options": {}, "deals": []}
    deal = None
    key = None              # the deal's key being read (places, moves ...)
    pending = None          # a flow list still open over several lines
    for n, line in enumerate(open(path), 1):
        line = re.sub(r"(^|\s)#.*$", "", line.rstrip("\n"))    # not JK#1
        if pending is not None:
            pending += " " + line.strip()
            if pending.endswith("]"):
                deal["deck"] = flow_list(pending)
                pending = None
            continue
        if not line.strip():
            continue
        indent = len(line) - len(line.lstrip())
        text = line.strip()
        if indent == 0:
            name, _, rest = text.partition(":")
            if name == "options":
                rest = rest.strip().strip("{}")
                for item in rest.split(","):
                    if ":" in item:
                        k, v = item.split(":", 1)
                        t["options"][k.strip()] = unquote(v)
            continue
        m = re.match(r"- deal:\s*(\d+)$", text)
        if m:
            deal = {"deal": int(m.group(1)), "deck": None, "moves": [],
                    "scores": None}
            t["deals"].append(deal)
            key = None
            continue
        if deal is None:
            continue
        m = re.match(r"(\w+):\s*(.*)$", text)
        if m and not text.startswith("-"):
            name, rest = m.group(1), m.group(2)
            if name == "deck":
                if rest.endswith("]"):
                    deal["deck"] = flow_list(rest)
                else:
                    pending = rest
            elif name == "scores":
                deal["scores"] = [int(x) for x in flow_list(rest)]
            elif name in ("places", "moves", "hands"):
                key = name
            continue
        m = re.match(r"- (\d+):\s*(.*)$", text)
        if m and key == "moves":
            deal["moves"].append((unquote(m.group(2)), n))
    return t


def replay_json(path):
    """What the program makes of the transcript: [(score, dead royals)]."""
    prog = os.environ.get("CARDRULES", "./cardrules")
    run = subprocess.run([prog, "replay", "--json", path],
                         capture_output=True, text=True)
    if run.returncode != 0:
        raise Illegal("cardrules replay refuses it: %s"
                      % (run.stderr.strip() or run.stdout.strip()))
    out = json.loads(run.stdout)
    return [(d["scores"][0], d["values"]["royals_dead"]) for d in out["deals"]]


def play_deal(deal, opts, trace):
    """Follows one recorded deal: (score, dead royals)."""
    if not deal["deck"]:
        raise Illegal("no deck written out (simulate with --explicit-deals)")
    if sorted(deal["deck"]) != sorted(full_deck()):
        raise Illegal("the deck is not the 54 cards of Gridcannon")
    g = Game(deal["deck"], **{k: v for k, v in opts.items()
                              if k != "choices"})
    for i, (words, line) in enumerate(deal["moves"], 1):
        where = "decision %d (line %d, '%s')" % (i, line, words)
        if trace:
            print("deal %d, decision %d:\n%s\n    legal: %s\n    taken: %s"
                  % (deal["deal"], i, g.describe(), " | ".join(g.legal()),
                     words))
        if g.over:
            raise Illegal("%s: the game was already %s before it"
                          % (where, g.over))
        legal = g.legal()
        if opts.get("choices") is not None and len(legal) > 1:
            opts["choices"].append(words)
        try:
            g.decide(words)
        except Illegal as e:
            raise Illegal("%s: %s; legal here: %s\n%s"
                          % (where, e, ", ".join(legal), g.describe()))
    if not g.over:
        raise Illegal("the decisions ran out while the game goes on; "
                      "legal: %s\n%s" % (", ".join(g.legal()), g.describe()))
    if trace:
        print("deal %d: %s, %d royals dead, score %d"
              % (deal["deal"], g.over, g.dead(), g.score()))
    return g.score(), g.dead()


def check_file(path, opts, trace_deal, trace):
    t = read_transcript(path)
    choices = opts.get("choices")
    opts = dict(opts, early_loss=t["options"].get("early_loss", "0") != "0")
    opts["choices"] = choices
    mine = []
    for d in t["deals"]:
        try:
            got = play_deal(d, opts, trace and trace_deal in (None, d["deal"]))
            if d["scores"] is not None and d["scores"] != [got[0]]:
                raise Illegal("the transcript records scores %s, not [%d]"
                              % (d["scores"], got[0]))
        except Illegal as e:
            raise Illegal("deal %d: %s" % (d["deal"], e))
        mine.append(got)
    theirs = replay_json(path)
    if len(theirs) != len(mine):
        raise Illegal("cardrules replays %d deals, not %d"
                      % (len(theirs), len(mine)))
    for d, (s, k), (s2, k2) in zip(t["deals"], mine, theirs):
        if (s, k) != (s2, k2):
            raise Illegal("deal %d: score %d with %d royals dead here, "
                          "cardrules says score %d with %d dead"
                          % (d["deal"], s, k, s2, k2))
    return len(mine)


# --- the worked examples ----------------------------------------------------

def scene(tops, royals, drawn, opts):
    """A game in play with the given grid tops {position: card}, living
    royals {slot: (card, [armour])} and the drawn card waiting."""
    g = Game(full_deck(), **opts)
    g.grid = {p: [tops[p]] if p in tops else [] for p in POSITIONS}
    g.slots = {s: None for s in SLOTS}
    for s, (card, armour) in royals.items():
        g.slots[s] = Royal(card)
        g.slots[s].armour = list(armour)
    g.reserve, g.aside, g.stage, g.drawn = [], [], "play", drawn
    return g


def examples(opts):
    """GRC-D1 ... GRC-D6 of the rules' examples, on this model: a list of
    the ones that fail."""
    def killed(tops, slot, royal, armour=(), at=(0, 0), drawn="7D"):
        g = scene(tops, {slot: (royal, armour)}, drawn, opts)
        g.decide("place " + pos_word(at))
        return not g.slots[slot].alive

    bad = []
    d1 = {(0, 0): "3S", (1, 0): "6H", (2, 0): "5C"}
    if not killed(d1, "S0", "JS"):
        bad.append("GRC-D1: 6H + 5C kill JS")
    d2 = {(0, 0): "2S", (1, 0): "6H", (2, 0): "7D"}
    if not killed(d2, "S0", "QH"):
        bad.append("GRC-D2: 6H + 7D kill QH")
    if killed({**d2, (2, 0): "7C"}, "S0", "QH"):
        bad.append("GRC-D2: 6H + 7C do not kill QH")
    if killed(d2, "S0", "QS"):
        bad.append("GRC-D2: 6H + 7D do not kill QS")
    d3 = {(0, 0): "2D", (0, 1): "9S", (0, 2): "4S"}
    if not killed(d3, "E0", "KS"):
        bad.append("GRC-D3: 9S + 4S kill KS")
    if killed(d3, "E0", "KS", armour=["3D"]):
        bad.append("GRC-D3: 9S + 4S do not kill KS armoured with a 3")
    d4 = {p: "10D" for p in POSITIONS}
    d4[(1, 1)] = "2C"
    g = scene(d4, {s: ("J" + "SHDC"[i % 4], []) for i, s in
                   enumerate(SLOTS)}, "5H", opts)
    g.decide("place 1,1")
    if g.dead():
        bad.append("GRC-D4: the centre fires nothing")
    d5 = {p: "10C" for p in POSITIONS}
    d5.update({(1, 1): "9H", (0, 1): "7H"})
    if scene(d5, {}, "QH", opts).legal() != ["royal N1"]:
        bad.append("GRC-D5: QH goes to N1")
    d6 = {p: ["8S", "9D", "10C"][(p[0] + p[1]) % 3] for p in POSITIONS}
    g = scene(d6, {"N0": ("KC", []), "N1": ("JC", ["5S"]),
                   "N2": ("QD", [])}, "7C", opts)
    if g.legal() != ["armour N0"]:
        bad.append("GRC-D6: 7C arms KC")
    return bad


# --- generate mode ----------------------------------------------------------

def choose(g, rng):
    """A random legal decision.  A drawn card's decision is preferred to a
    ploy most of the time, so that ploys last into the later game and the
    empty deck; every legal decision keeps a chance."""
    legal = g.legal()
    plain = [w for w in legal if w.split()[0] not in ("ace", "joker")]
    ploys = [w for w in legal if w not in plain]
    if ploys and (not plain or rng.random() < 0.15):
        return rng.choice(ploys)
    return rng.choice(plain)


def firing_line(slot):
    """Where a card is placed to attack slot, and the two positions between."""
    i = int(slot[1])
    return {"N": ((2, i), (1, i), (0, i)), "S": ((0, i), (1, i), (2, i)),
            "W": ((i, 2), (i, 1), (i, 0)), "E": ((i, 0), (i, 1), (i, 2))
            }[slot[0]]


def promise(g):
    """How good a game looks to a player who knows the deck: dead royals
    first, then ploys kept, royals nearly in reach, light armour and low
    cards where the attacks are fired from."""
    if g.over == "won":
        return 1e9 + len(g.reserve)
    if g.over == "lost":
        return -1e9 + g.dead()
    p = 1000 * g.dead() + 150 * len(g.reserve)
    for s in g.living():
        royal = g.slots[s]
        eff = royal.effective()
        fire, a, b = firing_line(s)
        kind = rank(royal.card)
        reach = sum(value(t) for t in (g.top(a), g.top(b))
                    if t and (kind == "J" or
                              kind == "Q" and red(t) == red(royal.card) or
                              kind == "K" and suit(t) == suit(royal.card)))
        p += 200 * min(reach, eff) / eff - 40 * max(0, eff - 13)
        if g.top(fire):
            p -= 5 * value(g.top(fire))
    return p


def search(deck, width, rng, opts):
    """A beam search width wide over the decisions of the game dealt from
    deck: the first won game found, else the most promising lost one, as
    (game, decisions)."""
    beam = [(Game(deck, **opts), [])]
    best = None
    while beam:
        children = []
        for g, moves in beam:
            for w in g.legal():
                h = g.copy()
                h.decide(w)
                if h.over == "won":
                    return h, moves + [w]
                if h.over:
                    if best is None or promise(h) > promise(best[0]):
                        best = (h, moves + [w])
                else:
                    children.append((promise(h) + rng.random(), h,
                                     moves + [w]))
        children.sort(key=lambda x: -x[0])
        beam = [(h, moves) for _, h, moves in children[:width]]
    return best


def write_transcript(path, game_file, seed, deck, moves, score, early_loss):
    game = os.path.relpath(os.path.abspath(game_file),
                           os.path.dirname(os.path.abspath(path)))
    with open(path, "w") as f:
        f.write("# A game of Gridcannon played by gridcannon-oracle.py; "
                "replay it with\n# cardrules replay FILE.\n")
        f.write("cardrules-transcript: 1\n")
        f.write("game: %s\n" % game)
        f.write("players: 1\ndealer: 0\nseed: %d\n" % seed)
        f.write("options: {early_loss: %d}\n" % early_loss)
        f.write("deals:\n  - deal: 1\n    dealer: 0\n")
        f.write("    hands:\n      0: []\n")
        f.write("    places:\n      deck: [%s]\n" % ", ".join(deck))
        f.write("    moves:\n")
        for w in moves:
            f.write("      - 0: %s\n" % w)
        f.write("    scores: [%d]\n" % score)
        f.write("result:\n  totals: [%d]\n  places: [1]\n" % score)


def numbered(path, k):
    """FILE, then FILE with .2, .3 ... before .yaml."""
    if k == 1:
        return path
    base, ext = os.path.splitext(path)
    return "%s.%d%s" % (base, k, ext)


def generate(count, seed, out, game_file, opts, width):
    rng = random.Random(seed)
    won = 0
    for k in range(1, count + 1):
        deck = full_deck()
        rng.shuffle(deck)
        if width:
            g, moves = search(deck, width, rng, opts)
        else:
            g, moves = Game(deck, **opts), []
            while not g.over:
                moves.append(choose(g, rng))
                g.decide(moves[-1])
        won += g.over == "won"
        write_transcript(numbered(out, k), game_file, seed, deck, moves,
                         g.score(), opts["early_loss"])
    print("%d games written, %d won" % (count, won))


# --- main -------------------------------------------------------------------

def main():
    args = sys.argv[1:]
    opts = {"queen_any_colour": False, "early_loss": False}
    trace, trace_deal = False, None
    gen = seed = out = None
    worked = False
    width = 0
    game_file = "games/gridcannon.yaml"
    files = []
    while args:
        a = args.pop(0)
        if a == "--queen-any-colour":
            opts["queen_any_colour"] = True
        elif a == "--early-loss":
            opts["early_loss"] = True
        elif a == "--examples":
            worked = True
        elif a == "--trace":
            trace = True
        elif a == "--choices":
            opts["choices"] = []
        elif a == "--deal":
            trace_deal = int(args.pop(0))
        elif a == "--generate":
            gen = int(args.pop(0))
        elif a == "--seed":
            seed = int(args.pop(0))
        elif a == "--search":
            width = int(args.pop(0))
        elif a == "--out":
            out = args.pop(0)
        elif a == "--game":
            game_file = args.pop(0)
        elif a.startswith("-"):
            sys.exit(__doc__)
        else:
            files.append(a)
    if worked:
        bad = examples(opts)
        for b in bad:
            print("fails " + b)
        if bad:
            sys.exit(1)
        print("the examples hold")
        return
    if gen is not None:
        if seed is None or out is None:
            sys.exit(__doc__)
        generate(gen, seed, out, game_file, opts, width)
        return
    total = 0
    for path in files:
        try:
            total += check_file(path, opts, trace_deal, trace)
        except Illegal as e:
            print("%s: %s" % (path, e))
            sys.exit(1)
    if opts.get("choices") is not None:
        for words in opts["choices"]:     # what a player had to choose
            print(words)
        return
    print("%d deals agree" % total)


if __name__ == "__main__":
    main()
