"""Checks an outside Dame program's move generator against duel's, position by position.

    python3 scripts/measure/dame-crosscheck.py target/release/duel --games 30 --seed 2 -- node vakhtan-dame.js
    python3 scripts/measure/dame-crosscheck.py target/release/duel --games 30 --seed 2 -- ./kestog-dame

The outside programs (scripts/opponents/vakhtan-dame, scripts/opponents/kestog-dame) answer three
commands of their own besides UCI: `moves` (the legal moves), `fen` (the position's text) and
`perft <depth>`, which counts two routes of one capture once as Dame's rules do. This plays random
games with the outside program's generator and, at every position, compares perft 2 (perft 3 at
every tenth position) from both programs, the outside one's and `duel perft --variant dame --fen`.
Prints every position where they differ, then the totals; exits 1 if any differ.
"""

import argparse
import random
import re
import subprocess
import sys


class Outside:
    """The adapted program, driven through its text commands."""

    def __init__(self, command: list[str]):
        self.process = subprocess.Popen(
            command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1
        )

    def ask(self, command: str) -> str:
        assert self.process.stdin and self.process.stdout
        self.process.stdin.write(command + "\n")
        self.process.stdin.flush()
        return self.process.stdout.readline().strip()

    def set_moves(self, moves: list[str]) -> None:
        assert self.process.stdin
        self.process.stdin.write("position startpos moves " + " ".join(moves) + "\n")


def duel_perft(duel: str, position: str, depth: int) -> int:
    out = subprocess.run(
        [duel, "perft", "--variant", "dame", "--fen", position, str(depth)],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    found = re.search(r"Nodes searched: (\d+)", out)
    if not found:
        sys.exit(f"no node count from duel perft for {position}")
    return int(found.group(1))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("duel", help="a duel binary")
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--seed", type=int, default=2)
    parser.add_argument("--max-plies", type=int, default=200)
    parser.add_argument("outside", nargs="+", help="after --: the outside program and its arguments")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    outside = Outside(args.outside)
    positions = with_kings = differing = 0
    for _ in range(args.games):
        moves: list[str] = []
        while len(moves) < args.max_plies:
            outside.set_moves(moves)
            legal = outside.ask("moves").split()
            position = outside.ask("fen")
            depth = 3 if positions % 10 == 0 else 2
            theirs = int(outside.ask(f"perft {depth}").split()[1])
            ours = duel_perft(args.duel, position, depth)
            positions += 1
            with_kings += any(c in "Kk" for c in position.split()[0])
            if theirs != ours:
                differing += 1
                print(f"differ: {position}: perft {depth} outside {theirs}, duel {ours}", flush=True)
            if not legal:
                break
            moves.append(rng.choice(legal))
    print(f"{positions} positions ({with_kings} with kings), {differing} differ")
    sys.exit(1 if differing else 0)


if __name__ == "__main__":
    main()
