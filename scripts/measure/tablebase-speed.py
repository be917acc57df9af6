#!/usr/bin/env python3
"""The engine's speed with Dame's endgame databases against without, on positions from real games.

    scripts/measure/tablebase-speed.py --engine target/release/duel --tables tb games.pgn [more.pgn ...]
        [--max-pieces 8] [--positions 150] [--movetime 100] [--rounds 3]

Replays the Dame games of the PGN files (`duel match --pgnout`) from the start position and keeps
every position with at most --max-pieces pieces (24 less one per capture: a move `a1xc3xe5` takes
two), spread evenly to --positions of them. Each round searches every kept position with
`go movetime` in two engine processes, one with `TablebasePath` set to --tables and one without
(which goes first alternates by round), and sums each side's nodes and time from the last `info`
line of every search. Prints each round's nodes per second with and without, their ratio, and the
median ratio over the rounds; also the database hits. The default --movetime, 100 ms, is about what
the engine spends a move at 5+0.05.

Where the tables decide a position, the search with them ends long before its time (a root whose
moves the tables all know takes one iteration). Its few nodes and milliseconds then leave the sums
with the tables weighted to the positions they do not decide, and those without to all of them, and
a search of a few milliseconds has no speed to speak of. So each round also gives the ratio over the
positions both searches spent at least 80 % of their time on (`full`), and how many searches the
tables ended early.
"""

import argparse
import importlib.util
import re
import statistics
import subprocess
import sys
from pathlib import Path

# The PGN reader of the other match script, time-use.py beside this one (a hyphen: no plain import).
_spec = importlib.util.spec_from_file_location("time_use", Path(__file__).with_name("time-use.py"))
_time_use = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_time_use)
games = _time_use.games

START_PIECES = 24


def dame_games(paths):
    """Each Dame game's moves, from the start position (the book's moves carry no comment)."""
    for tags, body in games(paths):
        if tags.get("Variant") != "dame" or "FEN" in tags:
            continue
        body = re.sub(r"\{[^}]*\}", " ", body)
        yield [w for w in body.split() if re.fullmatch(r"[a-h][1-8]([-x][a-h][1-8])+", w)]


def endgame_positions(paths, max_pieces, count):
    """`position startpos moves ...` commands for positions with at most `max_pieces` pieces."""
    found = []
    for moves in dame_games(paths):
        pieces = START_PIECES
        for ply, move in enumerate(moves):
            pieces -= move.count("x")
            if pieces <= max_pieces:
                found.append("position startpos moves " + " ".join(moves[: ply + 1]))
    if len(found) > count:
        step = len(found) / count
        found = [found[int(i * step)] for i in range(count)]
    return found


class Engine:
    """One engine process, in Dame, with or without the databases."""

    def __init__(self, path, tables):
        self.process = subprocess.Popen(
            [path], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1
        )
        self.send("setoption name UCI_Variant value dame")
        if tables:
            self.send(f"setoption name TablebasePath value {tables}")
        self.send("isready")
        for line in self.lines_until("readyok"):
            if "error" in line:
                sys.exit(f"{path}: {line}")

    def send(self, line):
        self.process.stdin.write(line + "\n")

    def lines_until(self, first_word):
        while True:
            line = self.process.stdout.readline()
            if not line:
                sys.exit("the engine ended")
            yield line.strip()
            if line.split()[:1] == [first_word]:
                return

    def search(self, position, movetime):
        """The last info line's nodes, time (ms) and tbhits; zeros where there is none (the game
        is over)."""
        self.send("ucinewgame")
        self.send(position)
        self.send(f"go movetime {movetime}")
        last = None
        for line in self.lines_until("bestmove"):
            if line.startswith("info depth"):
                last = line.split()
        if last is None:
            return 0, 0, 0
        field = lambda name: int(last[last.index(name) + 1]) if name in last else 0
        return field("nodes"), field("time"), field("tbhits")

    def quit(self):
        self.send("quit")
        self.process.wait()


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("pgn", nargs="+")
    parser.add_argument("--engine", required=True)
    parser.add_argument("--tables", required=True)
    parser.add_argument("--max-pieces", type=int, default=8)
    parser.add_argument("--positions", type=int, default=150)
    parser.add_argument("--movetime", type=int, default=100)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    positions = endgame_positions(args.pgn, args.max_pieces, args.positions)
    print(f"{len(positions)} positions of at most {args.max_pieces} pieces")
    ratios, full_ratios = [], []
    for round_ in range(args.rounds):
        searches = {}
        order = [args.tables, None] if round_ % 2 == 0 else [None, args.tables]
        for tables in order:
            engine = Engine(args.engine, tables)
            searches[tables is not None] = [engine.search(p, args.movetime) for p in positions]
            engine.quit()
        pairs = list(zip(searches[True], searches[False]))
        whole = args.movetime * 0.8
        full = [(a, b) for a, b in pairs if a[1] >= whole and b[1] >= whole]
        early = sum(1 for a, _ in pairs if 0 < a[1] < whole)
        with_nps, without_nps = speed(pairs, 0), speed(pairs, 1)
        ratios.append(with_nps / without_nps)
        full_ratios.append(speed(full, 0) / speed(full, 1) if full else float("nan"))
        hits = sum(a[2] for a, _ in pairs)
        print(
            f"round {round_ + 1}: with {with_nps:,.0f} nps ({hits:,} tbhits), without "
            f"{without_nps:,.0f} nps: {ratios[-1]:.3f}; full: {len(full)} positions, "
            f"{full_ratios[-1]:.3f}; ended early by the tables: {early}"
        )
    print(
        f"median ratio: {statistics.median(ratios):.3f}; "
        f"over the full searches: {statistics.median(full_ratios):.3f}"
    )


def speed(pairs, side):
    """Nodes per second over the searches of one side (0: with the tables, 1: without) of `pairs`."""
    nodes = sum(pair[side][0] for pair in pairs)
    time = sum(pair[side][1] for pair in pairs)
    return nodes * 1000 / max(time, 1)


if __name__ == "__main__":
    main()
