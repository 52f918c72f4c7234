#!/usr/bin/env python3
"""Plays a match of a cardrules game through `cardrules serve`.

    examples/serve_client.py GAME [--seed S] [--players N] [--set NAME=N]...
        [--seat K]... [--bots SPEC] [--rule random|first|lowest]
        [--program PATH] [--quiet]

The client plays the seats given with --seat (seat 0 by default); the
server's built-in bots play the others (--bots takes what `cardrules play
--bot` takes: random, low, mc, ismcts:100ms, 1=mc:500,...).  Each decision
is chosen from the legal list the server sends: at random, the first
listed, or the lowest card.  Prints what happens and the result.

Only the Python standard library is used.  The module also serves as a
small library: Server speaks the protocol, play_match() plays a match
with any function that chooses, as examples/tournament.py does.
"""
import argparse
import json
import os
import random
import subprocess
import sys


class ServeError(Exception):
    """The server refused a request: its message and the whole reply."""

    def __init__(self, reply):
        super().__init__(reply.get("message", "error"))
        self.reply = reply


class Server:
    """A `cardrules serve` process, one JSON object a line each way.

    on_message, when given, sees every message the server sends, in
    order (a test validates them there)."""

    def __init__(self, program="cardrules", args=(), on_message=None):
        self.on_message = on_message
        self.proc = subprocess.Popen(
            [program, "serve", *args], stdin=subprocess.PIPE,
            stdout=subprocess.PIPE, text=True, encoding="utf-8", bufsize=1)
        self.hello = self.read()

    def send_line(self, line):
        """Sends a raw line (a test sends broken ones)."""
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def send(self, message):
        self.send_line(json.dumps(message))

    def read(self):
        line = self.proc.stdout.readline()
        if not line:
            raise EOFError("cardrules serve stopped")
        message = json.loads(line)
        if self.on_message:
            self.on_message(message)
        return message

    def reply(self, notices=None):
        """Reads up to the reply to the last request (notices before it,
        none in practice, go to the list `notices`)."""
        while True:
            message = self.read()
            if message["type"] not in ("event", "decision", "hello"):
                return message
            if notices is not None:
                notices.append(message)

    def request(self, message):
        """Sends a request and returns its reply; an error raises."""
        self.send(message)
        answer = self.reply()
        if answer["type"] == "error":
            raise ServeError(answer)
        return answer

    def close(self):
        if self.proc.poll() is None:
            try:
                self.request({"type": "quit"})
            except (EOFError, BrokenPipeError, ServeError):
                pass
        self.proc.stdin.close()
        self.proc.stdout.close()
        return self.proc.wait()


def choose_random(decision, rng=random):
    """Distinct ids of the legal list, as many as the decision takes."""
    return rng.sample(range(len(decision["legal"])), decision["choose"])


def choose_first(decision, rng=None):
    return list(range(decision["choose"]))


def card_rank(card, deck):
    """A card's place in the deck's order, rank first: "2C" is low."""
    return deck.index(card) % 13 if card in deck else 0


def choose_lowest(decision, deck):
    """The lowest cards where the decision is cards; else the first."""
    legal = decision["legal"]
    if all(a["kind"] == "card" for a in legal):
        order = sorted(range(len(legal)),
                       key=lambda i: card_rank(legal[i]["cards"][0], deck))
        return order[:decision["choose"]]
    return choose_first(decision)


def play_match(server, game, choose, seed=None, players=None, options=None,
               seats=(0,), bots="random", on_event=None, on_loaded=None):
    """Plays one whole match; returns the event that ended it ("over", or
    "fault" when the rule file led into a dead end).  choose(decision)
    returns the ids to act with; on_loaded sees the reply to load (the
    deck, the seats), on_event every event."""
    load = {"type": "load", "game": game, "seats": list(seats), "bots": bots}
    if players:
        load["players"] = players
    if options:
        load["set"] = options
    loaded = server.request(load)
    if on_loaded:
        on_loaded(loaded)
    start = {"type": "new"}
    if seed is not None:
        start["seed"] = seed
    server.request(start)
    while True:
        message = server.read()
        if message["type"] == "decision":
            server.request({"type": "act", "actions": choose(message)})
        elif message["type"] == "event":
            if on_event:
                on_event(message)
            if message["event"] in ("over", "fault"):
                return message


def main(argv):
    parser = argparse.ArgumentParser(
        description="Play a cardrules match through `cardrules serve`.")
    parser.add_argument("game")
    parser.add_argument("--seed", type=int)
    parser.add_argument("--players", type=int)
    parser.add_argument("--set", action="append", default=[],
                        metavar="NAME=N")
    parser.add_argument("--seat", type=int, action="append")
    parser.add_argument("--bots", default="random")
    parser.add_argument("--rule", choices=["random", "first", "lowest"],
                        default="random")
    parser.add_argument("--program", default=os.environ.get(
        "CARDRULES", "cardrules"))
    parser.add_argument("--quiet", action="store_true")
    args = parser.parse_args(argv)
    options = {}
    for item in args.set:
        name, _, value = item.partition("=")
        options[name] = int(value)

    server = Server(args.program)
    rng = random.Random(args.seed)
    deck = []

    def choose(decision):
        if args.rule == "random":
            return choose_random(decision, rng)
        if args.rule == "lowest":
            return choose_lowest(decision, deck)
        return choose_first(decision)

    def tell(event):
        if not args.quiet and event.get("text"):
            print(event["text"])

    try:
        end = play_match(server, args.game, choose, seed=args.seed,
                         players=args.players, options=options,
                         seats=args.seat or (0,), bots=args.bots,
                         on_event=tell,
                         on_loaded=lambda loaded: deck.extend(loaded["deck"]))
    except ServeError as e:
        print(f"serve_client: {e}", file=sys.stderr)
        server.close()
        return 1
    server.close()
    if end["event"] == "fault":
        print(f"the match stopped: {end.get('text', '')}", file=sys.stderr)
        return 1
    print("result: totals", end["totals"], "places", end["places"])
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
