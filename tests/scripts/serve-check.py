#!/usr/bin/env python3
"""Sessions of `cardrules serve`, for every game of games/, checked.

    serve-check.py TMPDIR

$CARDRULES is the program.  For each game a match is played through
examples/serve_client.py: the client plays seat 0 (at random, acting now
by ids and now by words), built-in bots the other seats, with the
game's shortest options.  Along the way:

  - every message of the server must be valid against
    schemas/protocol/server.schema.json, and every request sent (but the
    broken ones) against client.schema.json;
  - every view and event is compared with the server's audit, the whole
    truth beside each message: the seat's own hand is its hand, other
    hands have their sizes and show only cards the seat was shown (cards
    it passed there, melds declared), a card that lies face down or in
    another hand is never named, in a list or in the words;
  - at the first decision, a stream of bad requests (random bytes, cut
    JSON, wrong kinds, huge numbers, unknown ids, illegal moves, the
    wrong seat) must each get one error and nothing else, and leave the
    game as it was; the match then goes on to its end.

Then undo (refused once a card came to light, allowed before), hints,
save and load-transcript (the match goes on where it was, and is saved
again byte for byte), and errors in the words of the command line.
Prints one line per problem and exits 1 when there is any.
"""
import json
import os
import random
import re
import subprocess
import sys
import time

import jsonschema

HERE = os.path.dirname(os.path.abspath(__file__))
TOP = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(TOP, "examples"))
import serve_client  # noqa: E402

PROGRAM = os.environ["CARDRULES"]
problems = []


def problem(text):
    problems.append(text)
    print("FAIL:", text, flush=True)


def inline(node, defs):
    """The schema with each "$ref" to its $defs written in its place: the
    same schema (it has no cycle), checked many times faster."""
    if isinstance(node, dict):
        if set(node) == {"$ref"}:
            return inline(defs[node["$ref"].rsplit("/", 1)[1]], defs)
        return {k: inline(v, defs) for k, v in node.items() if k != "$defs"}
    if isinstance(node, list):
        return [inline(v, defs) for v in node]
    return node


# jsonschema walks a message many times slower than the server writes it,
# and a match of Klondike is thousands of messages: each message is
# checked by the small validator below, which knows the keywords these
# schemas use (and refuses any other), and the first few of each kind by
# jsonschema as well, which must agree.

ANNOTATIONS = {"description", "title", "$schema", "$id"}
TYPES = {
    "object": lambda v: isinstance(v, dict),
    "array": lambda v: isinstance(v, list),
    "string": lambda v: isinstance(v, str),
    "integer": lambda v: isinstance(v, int) and not isinstance(v, bool),
    "number": lambda v: isinstance(v, (int, float)) and
    not isinstance(v, bool),
    "boolean": lambda v: isinstance(v, bool),
    "null": lambda v: v is None,
}


def same(a, b):
    """JSON equality: true is not 1."""
    if isinstance(a, bool) or isinstance(b, bool):
        return type(a) is type(b) and a == b
    return a == b


def lite_errors(schema, v, at="(top)"):
    out = []
    for key, want in schema.items():
        if key in ANNOTATIONS or key == "then":
            continue
        number = TYPES["number"](v)
        if key == "type":
            kinds = want if isinstance(want, list) else [want]
            if not any(TYPES[k](v) for k in kinds):
                out.append(f"{at}: {v!r} is not of type {want}")
        elif key == "enum":
            if not any(same(v, x) for x in want):
                out.append(f"{at}: {v!r} is not one of {want}")
        elif key == "const":
            if not same(v, want):
                out.append(f"{at}: {v!r} is not {want!r}")
        elif key == "minimum":
            if number and v < want:
                out.append(f"{at}: {v} is less than {want}")
        elif key == "maximum":
            if number and v > want:
                out.append(f"{at}: {v} is more than {want}")
        elif key in ("minLength", "maxLength"):
            if isinstance(v, str) and (len(v) < want if key == "minLength"
                                       else len(v) > want):
                out.append(f"{at}: {v!r} is too {key[:3]}")
        elif key == "pattern":
            if isinstance(v, str) and not re.search(want, v):
                out.append(f"{at}: {v!r} does not match {want}")
        elif key == "required":
            if isinstance(v, dict):
                out += [f"{at}: '{k}' is missing" for k in want if k not in v]
        elif key == "properties":
            if isinstance(v, dict):
                for k, sub in want.items():
                    if k in v:
                        out += lite_errors(sub, v[k], f"{at}/{k}")
        elif key == "additionalProperties":
            if isinstance(v, dict):
                for k in v:
                    if k in schema.get("properties", {}):
                        continue
                    if want is False:
                        out.append(f"{at}: '{k}' is not allowed")
                    else:
                        out += lite_errors(want, v[k], f"{at}/{k}")
        elif key == "propertyNames":
            if isinstance(v, dict):
                for k in v:
                    out += lite_errors(want, k, f"{at}/{k} (its name)")
        elif key == "items":
            if isinstance(v, list):
                for i, x in enumerate(v):
                    out += lite_errors(want, x, f"{at}/{i}")
        elif key == "minItems":
            if isinstance(v, list) and len(v) < want:
                out.append(f"{at}: fewer than {want} items")
        elif key == "uniqueItems":
            if want and isinstance(v, list) and \
                    len({json.dumps(x) for x in v}) != len(v):
                out.append(f"{at}: items are not unique")
        elif key == "allOf":
            for sub in want:
                out += lite_errors(sub, v, at)
        elif key == "oneOf":
            if sum(not lite_errors(sub, v, at) for sub in want) != 1:
                out.append(f"{at}: not exactly one of the choices")
        elif key == "if":
            if not lite_errors(want, v, at):
                out += lite_errors(schema.get("then", {}), v, at)
        else:
            raise ValueError(f"the small validator does not know '{key}'")
    return out


class Validator:
    """A schema of schemas/protocol/, checked by jsonschema, applied by
    the small validator, and by jsonschema too to the first messages of
    each kind."""

    def __init__(self, name):
        with open(os.path.join(TOP, "schemas", "protocol", name)) as f:
            schema = json.load(f)
        jsonschema.Draft202012Validator.check_schema(schema)
        self.name = name
        self.flat = inline(schema, schema["$defs"])
        self.full = jsonschema.Draft202012Validator(self.flat)
        self.seen = {}

    def problems(self, message):
        found = lite_errors(self.flat, message)
        kind = (message.get("type"), message.get("event")) \
            if isinstance(message, dict) else None
        if self.seen.get(kind, 0) < 3:
            self.seen[kind] = self.seen.get(kind, 0) + 1
            standard = [f"{'/'.join(map(str, e.absolute_path)) or '(top)'}: "
                        f"{e.message}" for e in self.full.iter_errors(message)]
            if bool(standard) != bool(found):
                problem(f"{self.name}: jsonschema says {standard}, the small "
                        f"validator {found}, of {json.dumps(message)[:200]}")
            return standard or found
        return found


SERVER = Validator("server.schema.json")
CLIENT = Validator("client.schema.json")


def schema_problems(v, message):
    return v.problems(message)


CARD_WORD = re.compile(r"(?<![0-9A-Za-z#])([0-9A-Z]{1,3}[A-Z](?:#[0-9]+)?)"
                       r"(?![0-9A-Za-z#])")


def shortest_options():
    """Each game's options that make a match short (rounds, a target, a
    threshold) at their lowest, from `cardrules list`."""
    out = subprocess.run([PROGRAM, "list"], capture_output=True, text=True,
                         check=True).stdout
    options = {}
    for line in out.splitlines():
        if not line or line[0] == " ":
            continue
        name = line.split()[0]
        options[name] = {
            m.group(1): int(m.group(3))
            for m in re.finditer(r"--set (\w+)=(-?\d+) \((-?\d+)\.\.", line)
            if m.group(1) in ("rounds", "target", "threshold")}
    return options


class Session:
    """A served session whose every message is validated and checked
    against the audit."""

    def __init__(self, name, tmp, seat=0):
        self.name = name
        self.seat = seat
        self.audit_path = os.path.join(tmp, f"{name}.audit")
        self.audit = None
        self.pending = None             # an audit line read ahead
        self.n = -1                     # the number of the last message
        self.deck = []
        self.faces = {}
        self.allowed = set()            # what the seat was shown this deal
        self.known_before = set()       # the same, from another session
        self.solitaire = False
        self.made = set()               # a solitaire's moves made so far
        self.server = serve_client.Server(
            PROGRAM, ["--audit", self.audit_path], on_message=self.on_message)

    def where(self):
        return f"{self.name}, message {self.n}"

    # ---- requests ----

    def send(self, message):
        for p in schema_problems(CLIENT, message):
            problem(f"{self.where()}: the request {message} is not valid "
                    f"against client.schema.json: {p}")
        self.server.send(message)

    def request(self, message):
        self.send(message)
        reply = self.server.reply()
        if reply["type"] == "error":
            problem(f"{self.where()}: {message} was refused: "
                    f"{reply['message']}")
        return reply

    # ---- the audit ----

    def truth(self, n):
        """The audit's line beside message n, or None (no match yet)."""
        if self.audit is None:
            if not os.path.exists(self.audit_path):
                return None
            self.audit = open(self.audit_path, encoding="utf-8")
        while True:
            if self.pending is None:
                line = self.audit.readline()
                if not line:
                    return None
                self.pending = json.loads(line)
            if self.pending["message"] > n:
                return None
            line, self.pending = self.pending, None
            if line["message"] == n:
                return line

    # ---- every message ----

    def on_message(self, m):
        self.n += 1
        for p in schema_problems(SERVER, m):
            problem(f"{self.where()}: not valid against server.schema.json: "
                    f"{p}: {json.dumps(m)[:300]}")
        if m["type"] in ("loaded", "resumed"):
            self.deck = m["deck"]
            self.solitaire = m["solitaire"]
            self.faces = {}
            for name in self.deck:
                self.faces.setdefault(name.split("#")[0], []).append(name)
            self.allowed = set(self.known_before) \
                if m["type"] == "resumed" else set()
        truth = self.truth(self.n)
        if truth is None:
            return
        # cards in hands that every seat has seen go there (a dummy)
        self.allowed |= set(truth.get("shown", []))
        if m["type"] == "decision" or m["type"] == "view":
            self.check_view(m["view"], truth)
        elif m["type"] == "event":
            self.check_event(m, truth)

    # ---- hidden information ----

    def hidden(self, name, truth, seat):
        """Is the card in another seat's hand, or face down?"""
        return name in truth["down"] or any(
            name in hand for q, hand in enumerate(truth["hands"]) if q != seat)

    def check_words(self, text, truth, seat, what, allowed):
        """Each card named in words: some copy of it may be seen."""
        for token in CARD_WORD.findall(text):
            names = [token] if "#" in token else self.faces.get(token, [])
            if names and all(self.hidden(n, truth, seat) and n not in allowed
                             for n in names):
                problem(f"{self.where()}: {what} names {token}, which seat "
                        f"{seat} may not see: {text!r}")

    def check_view(self, view, truth):
        seat = view["seat"]
        hand = set(view["hand"])
        real_hand = set() if seat in truth.get("unseen", []) \
            else set(truth["hands"][seat])
        if hand != real_hand:
            problem(f"{self.where()}: seat {seat}'s hand is {sorted(hand)}, "
                    f"not {sorted(real_hand)}")
        for h in view["hands"]:
            q, real = h["seat"], set(truth["hands"][h["seat"]])
            known = set(h["known"])
            if h["size"] != len(real):
                problem(f"{self.where()}: seat {q}'s hand has {len(real)} "
                        f"cards, not {h['size']}")
            if not known <= real:
                problem(f"{self.where()}: seat {q} does not hold "
                        f"{sorted(known - real)}")
            if q != seat and not known <= self.allowed:
                problem(f"{self.where()}: seat {seat} is shown "
                        f"{sorted(known - self.allowed)} in seat {q}'s hand")
        piles = [p for place in view.get("places", []) for p in place["piles"]]
        if len(piles) != len(truth["piles"]):
            problem(f"{self.where()}: {len(piles)} piles, not "
                    f"{len(truth['piles'])}")
        public = set()
        for i, (shown, real) in enumerate(zip(piles, truth["piles"])):
            if len(shown) != len(real):
                problem(f"{self.where()}: pile {i} has {len(real)} cards, "
                        f"not {len(shown)}")
            for card, actual in zip(shown, real):
                if card is None:
                    continue
                if card != actual:
                    problem(f"{self.where()}: pile {i} shows {card} where "
                            f"{actual} lies")
                if card in truth["down"] and card not in self.allowed | hand:
                    problem(f"{self.where()}: pile {i} shows {card}, which "
                            f"lies face down")
                public.add(card)
        played = [e["card"] for key in ("trick", "last_trick")
                  for e in view.get(key, {}).get("cards", [])]
        for card in played + view.get("leftover", {}).get("up", []):
            if self.hidden(card, truth, seat):
                problem(f"{self.where()}: {card} is shown on the table but "
                        f"is hidden")
            public.add(card)
        for key, text in view["text"].items():
            self.check_words(text, truth, seat, f"the view's {key}",
                             self.allowed | hand | public)
        self.allowed |= hand | public

    def check_event(self, m, truth):
        kind = m["event"]
        if kind == "deal":
            self.allowed = set()
            return
        if kind in ("scored", "over", "fault", "redeal"):
            return          # the deal is over: its values may name any card
        if kind == "news" and m["seat"] != self.seat:
            problem(f"{self.where()}: news of seat {m['seat']} told to seat "
                    f"{self.seat}")
        if kind == "trick":
            named = {e["card"] for e in m["cards"]}
        elif kind == "melds":
            named = {c for s in m["shown"] for meld in s["melds"]
                     for c in meld["cards"]}
        else:
            named = set(m.get("cards", []))
        shown = kind == "melds" or (kind == "move" and m["verb"] == "declare")
        if not shown:
            for card in named:
                if card in self.deck and self.hidden(card, truth, self.seat) \
                        and card not in self.allowed:
                    problem(f"{self.where()}: the {kind} event names {card}, "
                            f"which seat {self.seat} may not see: "
                            f"{json.dumps(m)[:300]}")
            for key in ("text", "words"):
                if key in m:
                    self.check_words(m[key], truth, self.seat,
                                     f"the {kind} event's {key}",
                                     self.allowed)
        self.allowed |= named

    def close(self):
        status = self.server.close()
        if status != 0:
            problem(f"{self.name}: cardrules serve exited with {status}")
        if self.audit:
            self.audit.close()


# ---------------------------------------------------------------------
# Choosing moves
# ---------------------------------------------------------------------

def words_of(decision, ids):
    """The words of a decision as typed: the verb, then each action's words
    without it."""
    parts = [decision["legal"][i]["words"] for i in ids]
    verb = decision["verb"]
    rest = [p[len(verb) + 1:] if p.startswith(verb + " ") else p
            for p in parts]
    return " ".join([verb] + rest) if all(p.startswith(verb + " ")
                                         for p in parts) else None


def solitaire_move(session, decision, rng):
    """A solitaire played without going round in circles: a card sent up
    when one can be, else the stock turned, else a move not made before
    (random moves would shuttle cards to the move limit)."""
    legal = decision["legal"]
    verbs = [a["words"].split()[0] for a in legal]
    for wanted in ("up", "deal", "redeal"):
        if wanted in verbs:
            return [verbs.index(wanted)]
    fresh = [a["id"] for a in legal if a["words"] not in session.made]
    choice = rng.choice(fresh) if fresh else rng.randrange(len(legal))
    session.made.add(legal[choice]["words"])
    return [choice]


def act(session, decision, rng):
    """A random decision, by ids or now and then by its words."""
    if session.solitaire:
        ids = solitaire_move(session, decision, rng)
    else:
        ids = serve_client.choose_random(decision, rng)
    words = words_of(decision, ids)
    if words and rng.random() < 0.3:
        request = {"type": "act", "words": words}
    elif len(ids) == 1 and rng.random() < 0.5:
        request = {"type": "act", "action": ids[0], "seat": decision["seat"]}
    else:
        request = {"type": "act", "actions": ids}
    session.request(request)


# ---------------------------------------------------------------------
# Bad requests
# ---------------------------------------------------------------------

def bad_requests(decision, players, rng, tmp):
    """Lines that must each be refused: (text, or bytes) and what they
    are."""
    n = len(decision["legal"])
    due = decision["choose"]
    seat = decision["seat"]
    out = []
    for _ in range(8):          # random bytes, on one line, not blank
        data = bytes(rng.choice([b for b in range(256) if b != 10])
                     for _ in range(rng.randint(1, 120)))
        if not data.strip(b" \t\r"):
            data += b"x"
        out.append(data)
    good = json.dumps({"type": "act", "action": 0, "seat": seat})
    for _ in range(6):          # cut JSON
        out.append(good[:rng.randint(1, len(good) - 1)])
    other_seat = (seat + 1) % max(players, 2)     # a solitaire's is 1
    garbage = os.path.join(tmp, "garbage.yaml")
    with open(garbage, "w") as f:
        f.write("cardrules-transcript: 1\ngame: [\n")
    occupied = os.path.join(tmp, "occupied.yaml")
    with open(occupied, "w") as f:
        f.write("# a file that is not empty\n")
    fixed = [
        "[]", '"act"', "null", "true", "3.5", "{}", '{"type": 5}',
        '{"type": "act", "type": "act", "action": 0}',
        '{"type": "dance"}', '{"type": "ACT", "action": 0}',
        '{"type": "act", "acton": 0}',
        '{"type": "act"}',
        '{"type": "act", "action": "0"}',
        '{"type": "act", "action": 0.5}',
        '{"type": "act", "action": -1}',
        '{"type": "act", "action": 1e400}',
        '{"type": "act", "action": 123456789012345678901234567890}',
        '{"type": "act", "action": %d}' % n,
        '{"type": "act", "action": 18446744073709551615}',
        '{"type": "act", "actions": []}',
        '{"type": "act", "actions": {}}',
        '{"type": "act", "actions": [%s]}' % ", ".join(["0"] * (due + 1)),
        '{"type": "act", "actions": [%d]}' % (n + 7),
        '{"type": "act", "action": 0, "words": "play"}',
        '{"type": "act", "words": 42}',
        '{"type": "act", "words": ""}',
        '{"type": "act", "words": "help"}',
        '{"type": "act", "words": "fold everything"}',
        '{"type": "act", "words": "%s"}' % ("x" * 1500),
        '{"type": "act", "action": 0, "seat": %d}' % other_seat,
        '{"type": "act", "action": 0, "seat": 99}',
        '{"type": "act", "action": 0, "id": {"a": 1}}',
        '{"type": "act", "action": 0, "id": "%s"}' % ("i" * 200),
        '{"type": "new", "seed": -1}',
        '{"type": "new", "seed": 18446744073709551616}',
        '{"type": "new", "seed": "7"}',
        '{"type": "view", "seat": "x"}',
        '{"type": "view", "seat": %d}' % (seat + 100),
        '{"type": "load", "game": 7}',
        '{"type": "load", "game": "blacklady"}',
        '{"type": "load", "game": "no-such-game"}',
        '{"type": "load", "game": "hearts", "players": 1000}',
        '{"type": "load", "game": "hearts", "set": {"rounds": 2}}',
        '{"type": "load", "game": "hearts", "bots": "clever"}',
        '{"type": "load", "game": "hearts", "seats": [0, 0]}',
        '{"type": "load", "game": "tests/bad/unknown-key-hint.yaml"}',
        '{"type": "hint", "bot": "oracle"}',
        '{"type": "save", "path": %s}' % json.dumps(occupied),
        '{"type": "save", "path": ""}',
        '{"type": "load-transcript", "path": %s}' % json.dumps(garbage),
        '{"type": "load-transcript", "path": "no/such/file.yaml"}',
        '{"type": "quit", "now": true}',
        '{"type": "act", "words": "caf\\u00e9 \\ud800"}',
        '{"type": "act", "words": "nul \\u0000"}',
        "[" * 100 + "]" * 100,
        '{"type": "act", "action": 0',
        '{"type": "act",, "action": 0}',
        '{"type": "act" "action": 0}',
        "{'type': 'act'}",
    ]
    out.extend(fixed)
    out.append(b'{"type": "act", "words": "\xff\xfe"}')
    out.append(b'{"type": "act", "words": "\xc0\xaf"}')
    out.append("x" * 70000)
    return out


def fuzz(session, decision, players, rng, tmp):
    """Every bad request gets one error and nothing else; the game is as
    it was."""
    before = session.request({"type": "view", "id": "before"})
    lines = bad_requests(decision, players, rng, tmp)
    rng.shuffle(lines)
    server = session.server
    for line in lines:
        if isinstance(line, bytes):
            server.proc.stdin.flush()
            server.proc.stdin.buffer.write(line + b"\n")
            server.proc.stdin.buffer.flush()
        else:
            server.send_line(line)
    session.server.send({"type": "view", "id": "after"})
    replies = []
    while True:
        m = server.read()
        if m["type"] != "error":
            break
        replies.append(m)
    if m.get("re") != "after" or m["type"] != "view":
        problem(f"{session.where()}: a bad request was answered by "
                f"{json.dumps(m)[:200]}, not an error")
        return
    if len(replies) != len(lines):
        problem(f"{session.where()}: {len(lines)} bad requests got "
                f"{len(replies)} errors")
    if before.get("view") != m.get("view"):
        problem(f"{session.where()}: bad requests changed the view")
    if before.get("re") != "before":
        problem(f"{session.where()}: the reply gives back 're' "
                f"{before.get('re')!r}, not 'before'")


# ---------------------------------------------------------------------
# Every game
# ---------------------------------------------------------------------

# A match played at random need not end (a side of Spades can sink
# below zero for ever): the client stops after this many decisions.
MOST_DECISIONS = 400


def play_game(game, options, tmp, seed):
    rng = random.Random(seed)
    s = Session(game, tmp)
    s.request({"type": "load", "game": game, "set": options,
               "bots": "low" if seed % 3 == 0 else "random"})
    s.request({"type": "new", "seed": seed})
    fuzzed = False
    decisions = 0
    end = None
    while end is None and decisions < MOST_DECISIONS:
        m = s.server.read()
        if m["type"] == "decision":
            decisions += 1
            if not fuzzed:
                fuzz(s, m, len(m["view"]["hands"]), rng, tmp)
                fuzzed = True
            act(s, m, rng)
        elif m["type"] == "event" and m["event"] in ("over", "fault"):
            end = m
        elif m["type"] == "error":
            problem(f"{s.where()}: {m['message']}")
            break
    if end and end["event"] == "fault":
        problem(f"{game}: the match stopped: {end.get('text')}")
    s.close()
    if decisions == 0:
        problem(f"{game}: the client never decided")
    return decisions


# ---------------------------------------------------------------------
# Undo, hints, transcripts, the command line's words
# ---------------------------------------------------------------------

def next_decision(s):
    while True:
        m = s.server.read()
        if m["type"] == "decision":
            return m
        if m["type"] == "event" and m["event"] in ("over", "fault"):
            return None


def check_undo(tmp):
    # Ribs: a call, then the bots' calls: nothing comes to light, so the
    # call is taken back and the same decision is offered again
    s = Session("undo-ribs", tmp)
    s.request({"type": "load", "game": "ribs", "set": {"rounds": 1},
               "bots": "random"})
    s.request({"type": "new", "seed": 1})     # the bots call on after seat 0
    first = next_decision(s)
    refused = s.server
    s.send({"type": "undo"})
    reply = refused.reply()
    if reply["type"] != "error":
        problem("undo before any decision of the client was not refused")
    calls = [a for a in first["legal"] if a["kind"] == "bid"]
    if not calls:
        problem("ribs: no call to make at the first decision")
        s.close()
        return
    s.request({"type": "act", "action": calls[0]["id"]})
    second = next_decision(s)
    if not second or second["verb"] != first["verb"]:
        problem("ribs: the undo test expected a second call of the client")
    else:
        reply = s.request({"type": "undo", "id": 7})
        if reply["type"] != "undone" or reply.get("re") != 7:
            problem(f"ribs: undo after a call: {reply}")
        again = next_decision(s)
        if not again or again["legal"] != first["legal"] or \
                again["view"]["hand"] != first["view"]["hand"]:
            problem("ribs: undo did not offer the first decision again")
    s.close()
    # Hearts: once the pass is carried out, the cards received have come
    # to light: the pass cannot be taken back
    s = Session("undo-hearts", tmp)
    s.request({"type": "load", "game": "hearts", "bots": "random"})
    s.request({"type": "new", "seed": 5})
    d = next_decision(s)
    s.request({"type": "act", "actions": serve_client.choose_first(d)})
    d = next_decision(s)
    s.send({"type": "undo"})
    reply = s.server.reply()
    if reply["type"] != "error" or "come to light" not in reply["message"]:
        problem(f"hearts: undo after the pass was not refused: {reply}")
    s.close()


def check_hint(tmp):
    s = Session("hint", tmp)
    s.request({"type": "load", "game": "black-lady", "set": {"rounds": 1},
               "bots": "random"})
    s.request({"type": "new", "seed": 3})
    for bot in ("low", "mc:50", "random"):
        d = next_decision(s)
        hint = s.request({"type": "hint", "bot": bot})
        ids = hint.get("actions", [])
        if len(ids) != d["choose"] or any(i is None for i in ids):
            problem(f"hint ({bot}) is not a decision of the list: {hint}")
            break
        s.request({"type": "act", "actions": ids})
    s.close()


def check_transcripts(tmp):
    """A match saved halfway replays; loaded again it goes on where it
    was, and saved again it is the same file."""
    first = os.path.join(tmp, "halfway.yaml")
    second = os.path.join(tmp, "again.yaml")
    rng = random.Random(4)
    s = Session("save", tmp)
    s.request({"type": "load", "game": "sidi-barrani", "set": {"target": 1000},
               "bots": "random"})
    s.request({"type": "new", "seed": 9})
    for _ in range(12):         # into the second deal
        d = next_decision(s)
        if d is None:
            problem("sidi-barrani: the match ended before 12 decisions")
            s.close()
            return
        act(s, d, rng)
    d = next_decision(s)
    s.request({"type": "save", "path": first})
    known = s.allowed
    s.close()
    replay = subprocess.run([PROGRAM, "replay", first], capture_output=True,
                            text=True)
    if replay.returncode != 0 or "the game goes on" not in replay.stdout:
        problem(f"the saved match does not replay: {replay.stderr[:300]}")
    s = Session("resume", tmp)
    s.known_before = known      # what the seat was shown before the save
    reply = s.request({"type": "load-transcript", "path": first,
                       "bots": "random"})
    if reply.get("type") != "resumed":
        s.close()
        return
    again = next_decision(s)
    if not again or again["legal"] != d["legal"] or \
            again["view"] != d["view"]:
        problem("load-transcript does not offer the decision where the "
                "match was saved")
    s.request({"type": "save", "path": second})
    with open(first) as a, open(second) as b:
        if a.read() != b.read():
            problem("a match loaded from a transcript is saved differently")
    d = again
    while d is not None:
        act(s, d, rng)
        d = next_decision(s)
    s.close()


def check_seats(tmp):
    """A client that plays two seats decides for both and hears the news
    of both; one that plays none watches a whole match."""
    told = []
    server = serve_client.Server(PROGRAM, on_message=told.append)
    rng = random.Random(8)
    end = serve_client.play_match(
        server, "black-lady", lambda d: serve_client.choose_random(d, rng),
        seed=8, options={"rounds": 1}, seats=(0, 2), bots="random")
    server.close()
    seats = {m["seat"] for m in told if m["type"] == "decision"}
    news = {m["seat"] for m in told if m.get("event") == "news"}
    if end["event"] != "over" or seats != {0, 2} or not news <= {0, 2} or \
            not news:
        problem(f"two seats: decisions for {seats}, news for {news}")
    for m in told:
        for p in schema_problems(SERVER, m):
            problem(f"two seats: {p}")
    told.clear()
    server = serve_client.Server(PROGRAM, on_message=told.append)
    end = serve_client.play_match(server, "stendhal", None, seed=2,
                                  options={"threshold": 1}, seats=(),
                                  bots="low")
    server.close()
    if end["event"] != "over" or any(m["type"] == "decision" or
                                     m.get("event") == "news" for m in told):
        problem("a client that plays no seat was asked to decide, or told "
                "a seat's news")


def check_words(tmp):
    """Errors say what the command line says."""
    s = Session("errors", tmp)
    for request, argv in (
            ({"type": "load", "game": "blacklady"},
             ["explain", "blacklady"]),
            ({"type": "load", "game": "tests/bad/unknown-key-hint.yaml"},
             ["validate", "tests/bad/unknown-key-hint.yaml"])):
        s.send(request)
        reply = s.server.reply()
        cli = subprocess.run([PROGRAM, *argv], capture_output=True,
                             text=True, cwd=TOP)
        line = cli.stderr.splitlines()[0]
        line = line[len("cardrules: error: "):] \
            if line.startswith("cardrules: error: ") else line
        if reply.get("message") != line:
            problem(f"{request['game']}: the error says "
                    f"{reply.get('message')!r}, the command line {line!r}")
        if "bad" in request["game"] and not re.match(
                r"^tests/bad/unknown-key-hint\.yaml:\d+:\d+: error: ",
                reply.get("message", "")):
            problem(f"a rule file's error is not FILE:LINE:COL: {reply}")
    s.close()


def check_validators():
    """Both validators refuse what the schemas refuse."""
    bad = [
        {"type": "event", "event": "deal", "deal": 1, "dealer": 0},
        {"type": "hello", "program": "cardrules", "version": "1",
         "protocol": 1, "requests": "", "more": True},
        {"type": "acted", "seat": 0, "words": 3},
        {"type": "decision", "seat": 0, "verb": "play", "choose": 1,
         "legal": [], "view": {}},
        {"type": "teleport"},
    ]
    for message in bad:
        if not SERVER.problems(message) or \
                not list(SERVER.full.iter_errors(message)):
            problem(f"the validators accept {message}")
    good = {"type": "bye", "re": "x"}
    if SERVER.problems(good):
        problem(f"the validators refuse {good}")
    if not CLIENT.problems({"type": "act", "action": 1, "words": "x"}):
        problem("the validators accept an act with both an id and words")


def main(argv):
    tmp = argv[0]
    os.chdir(TOP)
    check_validators()
    options = shortest_options()
    games = sorted(os.path.splitext(f)[0] for f in os.listdir("games")
                   if f.endswith(".yaml"))
    if len(games) < 18:
        problem(f"only {len(games)} games in games/")
    total = 0
    for i, game in enumerate(games):
        started = time.time()
        decisions = play_game(game, options.get(game, {}), tmp, 100 + i)
        print(f"{game}: {decisions} decisions, {time.time() - started:.1f} s",
              flush=True)
        total += decisions
    check_undo(tmp)
    check_hint(tmp)
    check_transcripts(tmp)
    check_seats(tmp)
    check_words(tmp)
    print(f"{len(games)} games played through serve, {total} decisions of "
          f"the client; {len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
