"""Checks the adapted vakhtan's move generator against duel's, position by position.

    python3 scripts/vakhtan-dame/crosscheck.py vakhtan-dame.js target/release/duel --games 30 --seed 2

Plays random games with vakhtan's generator (its `moves` command) and, at every position, compares
perft 2 (perft 3 at every tenth position) from both programs: vakhtan's `perft`, which counts two
routes of one capture once as Dame's rules do, and `duel perft --variant dame --fen`. Prints every
position where they differ, then the totals; exits 1 if any differ.
"""

import argparse
import random
import re
import subprocess
import sys


class Vakhtan:
    """The adapted program, driven through its text commands."""

    def __init__(self, script: str):
        self.process = subprocess.Popen(
            ["node", script], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1
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
    parser.add_argument("vakhtan", help="the adapted program (build.py's output)")
    parser.add_argument("duel", help="a duel binary")
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--seed", type=int, default=2)
    parser.add_argument("--max-plies", type=int, default=200)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    vakhtan = Vakhtan(args.vakhtan)
    positions = with_kings = differing = 0
    for _ in range(args.games):
        moves: list[str] = []
        while len(moves) < args.max_plies:
            vakhtan.set_moves(moves)
            legal = vakhtan.ask("moves").split()
            position = vakhtan.ask("fen")
            depth = 3 if positions % 10 == 0 else 2
            theirs = int(vakhtan.ask(f"perft {depth}").split()[1])
            ours = duel_perft(args.duel, position, depth)
            positions += 1
            with_kings += any(c in "Kk" for c in position.split()[0])
            if theirs != ours:
                differing += 1
                print(f"differ: {position}: perft {depth} vakhtan {theirs}, duel {ours}", flush=True)
            if not legal:
                break
            moves.append(rng.choice(legal))
    print(f"{positions} positions ({with_kings} with kings), {differing} differ")
    sys.exit(1 if differing else 0)


if __name__ == "__main__":
    main()
