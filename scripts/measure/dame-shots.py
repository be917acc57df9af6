#!/usr/bin/env python3
"""Dame's suite of shots: positions from real games where the side to move has a combination that
wins material, each answer proven by a deep search, and the measure of how soon a search sees it.

  dame-shots.py make ENGINE GAMES.pgn... --out FILE   find the positions, prove each, write the suite
  dame-shots.py measure ENGINE FILE [--nodes N] [--option NAME=VALUE ...]
                                                      how many nodes the engine needs for each answer

`make` reads the score comments that `duel match` writes after each move (`{+0.27/15 0.606s}`) and
takes the positions before a move whose mover's score rose by at least --jump men since its own
previous move: the mover found something, or its opponent had just let it in. Each candidate is
searched to --shallow-depth, and where that sees at most --balanced centimen (the game looks level,
or the shot is unseen) to --proof-depth with MultiPV 2; it is kept where the deep search's best move
is quiet (not a capture: a shot starts with a sacrifice, and a capture due leaves no choice),
wins at least --margin centimen more than the shallow search saw, scores at least --win centimen, and
beats the second best move by --gap centimen. Suite lines: `<position>; answer <move>; proof <cp>/<depth>`.

`measure` searches each position afresh (`ucinewgame`) with `go nodes N` and reads the `info` lines:
a position is solved at the first line from which every later line's principal variation starts
with the answer. It prints each position's nodes and depth at that line and the totals.
Needs only Python 3; the engine is any `duel` binary (docs/tactics.md, "Dame").
"""

import argparse
import re
import statistics
import subprocess
import sys


class Engine:
    """A `duel` process playing Dame, driven line by line."""

    def __init__(self, binary, options=()):
        self.process = subprocess.Popen(
            [binary], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
        )
        self.send("setoption name UCI_Variant value dame")
        for name, value in options:
            self.send(f"setoption name {name} value {value}")

    def send(self, line):
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()

    def lines_until(self, prefix):
        """The engine's lines up to and including the first that starts with `prefix`."""
        lines = []
        for line in self.process.stdout:
            lines.append(line.strip())
            if line.startswith(prefix):
                return lines
        raise RuntimeError(f"the engine ended before '{prefix}'")

    def fen(self, moves):
        """The position text after `moves` from the start, and whether the game is over there."""
        self.send("position startpos moves " + " ".join(moves) if moves else "position startpos")
        self.send("d")
        lines = self.lines_until("Game over:")
        fen = next(line[len("Fen: "):] for line in lines if line.startswith("Fen: "))
        return fen, lines[-1] != "Game over: no"

    def search(self, fen, go):
        """The `info` lines with a principal variation of a fresh search of `fen`: (depth, nodes,
        score in centimen or None for a decisive score, first move, second-best line's score)."""
        self.send("ucinewgame")
        self.send(f"position fen {fen}")
        self.send(f"go {go}")
        infos = []
        for line in self.lines_until("bestmove"):
            match = re.search(r"depth (\d+).*?(?:multipv (\d+) )?score (cp|mate|win|loss) (-?\d+).*?nodes (\d+).* pv (\S+)", line)
            if match and line.startswith("info"):
                depth, multipv, kind, value, nodes, first = match.groups()
                score = int(value) if kind == "cp" else (30000 if not value.startswith("-") else -30000)
                infos.append((int(depth), int(multipv or 1), score, int(nodes), first))
        return infos

    def close(self):
        self.send("quit")
        self.process.wait()


def games(paths):
    """Each game of the PGN files: its moves with the mover's (score, depth) where a comment has one."""
    for path in paths:
        text = open(path, encoding="utf-8").read()
        for game in re.split(r"\n(?=\[Event )", text):
            body = "\n".join(line for line in game.splitlines() if not line.startswith("["))
            tokens = re.findall(r"\{[^}]*\}|\S+", body)
            moves = []
            for token in tokens:
                if token.startswith("{"):
                    match = re.match(r"\{([+-]?\d+\.\d+)/(\d+)", token)
                    if match and moves:
                        moves[-1][1] = (float(match.group(1)), int(match.group(2)))
                elif re.match(r"^\d+\.$", token) or token in ("1-0", "0-1", "1/2-1/2", "*"):
                    continue
                else:
                    moves.append([re.sub(r"^\d+\.", "", token), None])
            yield moves


def candidates(paths, jump, per_game):
    """The move lists before each move whose mover's score rose by `jump` men since its previous
    move (both searched at least 2 plies deep: a forced reply is searched 1 deep), the first
    `per_game` of each game (a won ending's scores rise move after move)."""
    for moves in games(paths):
        found = 0
        for ply in range(2, len(moves)):
            now, before = moves[ply][1], moves[ply - 2][1]
            if now and before and now[1] >= 2 and before[1] >= 2 and now[0] - before[0] >= jump:
                yield [move for move, _ in moves[:ply]]
                found += 1
                if found == per_game:
                    break


def make(args):
    engine = Engine(args.engine, [("Hash", args.hash)])
    kept, seen = [], set()
    found = list(candidates(args.pgn, args.jump, args.per_game))
    print(f"{len(found)} candidates", file=sys.stderr)
    for index, moves in enumerate(found):
        fen, over = engine.fen(moves)
        if over or fen in seen:
            continue
        seen.add(fen)
        shallow = [i for i in engine.search(fen, f"depth {args.shallow_depth}") if i[1] == 1][-1]
        if shallow[2] > args.balanced:
            continue
        engine.send("setoption name MultiPV value 2")
        deep = engine.search(fen, f"depth {args.proof_depth}")
        engine.send("setoption name MultiPV value 1")
        last_depth = max(d for d, *_ in deep)
        best = [i for i in deep if i[0] == last_depth and i[1] == 1][-1]
        second = [i for i in deep if i[0] == last_depth and i[1] == 2]
        answer, proof = best[4], best[2]
        gap = proof - second[-1][2] if second else 10**6
        keep = (
            "x" not in answer
            and answer != shallow[4]
            and proof >= args.win
            and proof - shallow[2] >= args.margin
            and gap >= args.gap
        )
        print(f"{index + 1}/{len(found)} {fen}: deep {answer} {proof}, shallow {shallow[4]} "
              f"{shallow[2]}, gap {gap}: {'kept' if keep else 'left out'}", file=sys.stderr)
        if keep:
            kept.append(f"{fen}; answer {answer}; proof {proof}/{last_depth}")
    engine.close()
    with open(args.out, "w", encoding="utf-8") as out:
        out.write("\n".join(kept) + "\n")
    print(f"{len(kept)} shots written to {args.out}", file=sys.stderr)


def measure(args):
    options = [option.split("=", 1) for option in args.option]
    engine = Engine(args.engine, options)
    solved_nodes, solved_depths, unsolved = [], [], 0
    for line in open(args.suite, encoding="utf-8"):
        if not line.strip():
            continue
        fen, answer, _ = [field.strip() for field in line.split(";")]
        answer = answer.split()[1]
        infos = [i for i in engine.search(fen, f"nodes {args.nodes}") if i[1] == 1]
        settled = None
        for depth, _, _, nodes, first in infos:
            if first != answer:
                settled = None
            elif settled is None:
                settled = (depth, nodes)
        if settled:
            solved_depths.append(settled[0])
            solved_nodes.append(settled[1])
            print(f"{fen}: {answer} from depth {settled[0]}, {settled[1]} nodes")
        else:
            unsolved += 1
            print(f"{fen}: {answer} not found in {args.nodes} nodes")
    engine.close()
    total = len(solved_nodes) + unsolved
    print(f"solved {len(solved_nodes)} of {total} within {args.nodes} nodes", end="")
    if solved_nodes:
        print(f"; median nodes {statistics.median(solved_nodes):.0f}, "
              f"median depth {statistics.median(solved_depths)}")
    else:
        print()


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    made = commands.add_parser("make", help="find and prove the shots of played games")
    made.add_argument("engine")
    made.add_argument("pgn", nargs="+")
    made.add_argument("--out", required=True)
    made.add_argument("--jump", type=float, default=0.9, help="the score's rise, in men")
    made.add_argument("--per-game", type=int, default=2, help="candidates a game gives at most")
    made.add_argument("--hash", type=int, default=128, help="the engine's Hash, MB")
    made.add_argument("--proof-depth", type=int, default=18)
    made.add_argument("--shallow-depth", type=int, default=6)
    made.add_argument("--balanced", type=int, default=120,
                      help="the most the shallow search may see, centimen: a shot it misses")
    made.add_argument("--margin", type=int, default=70, help="centimen over the shallow score")
    made.add_argument("--win", type=int, default=60, help="the least proven score, centimen")
    made.add_argument("--gap", type=int, default=50, help="centimen over the second best move")
    measured = commands.add_parser("measure", help="how many nodes the engine needs for each shot")
    measured.add_argument("engine")
    measured.add_argument("suite")
    measured.add_argument("--nodes", type=int, default=2_000_000)
    measured.add_argument("--option", action="append", default=[], help="NAME=VALUE, for setoption")
    args = parser.parse_args()
    make(args) if args.command == "make" else measure(args)


if __name__ == "__main__":
    main()
