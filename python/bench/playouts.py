"""The Python module's figures (docs/python.md, "Figures"): not a test.

1. Random playouts through the per-move API (`legal_moves`, `push`, `is_game_over`), plies per
   second, for each game; and python-chess's random playouts of orthodox chess, the same loop, if
   python-chess is installed (`pip install chess`).
2. The same through the vectorised call, `duel.batch_playouts`, on one thread and on two.
3. What `Engine.analyse(nodes=N)` costs against the binary's `go nodes N` (wall time, same
   position, fresh engine each time).

Run from the repository root after `pip install ./python` and `cargo build --release`:
    python python/bench/playouts.py [--seconds 5] [--repeats 5]
Each figure is the median of the repeats.
"""

from __future__ import annotations

import argparse
import random
import statistics
import subprocess
import time
from pathlib import Path
from typing import Callable

import duel

BINARY = Path(__file__).resolve().parents[2] / "target" / "release" / "duel"


def plies_per_second(play_one_game: Callable[[random.Random], int], seconds: float) -> float:
    """Plays games for about `seconds`, returns plies per second."""
    rng = random.Random(1)
    plies, started = 0, time.perf_counter()
    while time.perf_counter() - started < seconds:
        plies += play_one_game(rng)
    return plies / (time.perf_counter() - started)


def duel_game(game: str) -> Callable[[random.Random], int]:
    def play(rng: random.Random) -> int:
        board = duel.Board(game)
        while not board.is_game_over():
            board.push(rng.choice(board.legal_moves))
        return len(board.move_stack)

    return play


def chess_game(rng: random.Random) -> int:
    import chess

    board = chess.Board()
    while not board.is_game_over():
        board.push(rng.choice(list(board.legal_moves)))
    return len(board.move_stack)


def batch(game: str, threads: int, seconds: float) -> float:
    games, plies, started = 64, 0, time.perf_counter()
    seed = 0
    while time.perf_counter() - started < seconds:
        lengths, _ = duel.batch_playouts(game, games, seed=seed, threads=threads)
        plies += sum(lengths)
        seed += 1
    return plies / (time.perf_counter() - started)


def analyse_seconds(game: str, nodes: int) -> float:
    engine, board = duel.Engine(game), duel.Board(game)
    started = time.perf_counter()
    engine.analyse(board, nodes=nodes)
    return time.perf_counter() - started


def binary_seconds(game: str, nodes: int) -> float:
    """The binary's search alone: from `go` to `bestmove`, after the engine is ready."""
    with subprocess.Popen([str(BINARY)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True) as engine:
        assert engine.stdin and engine.stdout
        engine.stdin.write(f"uci\nsetoption name UCI_Variant value {game}\nisready\n")
        engine.stdin.flush()
        for line in engine.stdout:
            if line.startswith("readyok"):
                break
        started = time.perf_counter()
        engine.stdin.write(f"go nodes {nodes}\n")
        engine.stdin.flush()
        for line in engine.stdout:
            if line.startswith("bestmove"):
                break
        elapsed = time.perf_counter() - started
        engine.stdin.write("quit\n")
        engine.stdin.flush()
    return elapsed


def median(measure: Callable[[], float], repeats: int) -> float:
    return statistics.median(measure() for _ in range(repeats))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="per playout measurement")
    parser.add_argument("--repeats", type=int, default=5, help="measurements per figure")
    parser.add_argument("--nodes", type=int, default=1_000_000, help="nodes per analyse")
    args = parser.parse_args()
    per_move: dict[str, float] = {}
    for game in duel.VARIANTS:
        per_move[game] = median(lambda: plies_per_second(duel_game(game), args.seconds), args.repeats)
        print(f"per-move API, {game}: {per_move[game]:,.0f} plies/s")
    try:
        chess_rate = median(lambda: plies_per_second(chess_game, args.seconds), args.repeats)
        print(f"python-chess, orthodox chess: {chess_rate:,.0f} plies/s")
        print(f"Alice chess per move / python-chess: {per_move['alice'] / chess_rate:.1f}x")
    except ImportError:
        print("python-chess is not installed: pip install chess")
    for game in duel.VARIANTS:
        for threads in (1, 2):
            rate = median(lambda: batch(game, threads, args.seconds), args.repeats)
            print(f"batch_playouts, {game}, {threads} thread(s): {rate:,.0f} plies/s")
    for game in duel.VARIANTS:
        module = median(lambda: analyse_seconds(game, args.nodes), args.repeats)
        binary = median(lambda: binary_seconds(game, args.nodes), args.repeats)
        print(
            f"{game}: analyse(nodes={args.nodes:,}) {module * 1000:.0f} ms, "
            f"binary go nodes {binary * 1000:.0f} ms: {module / binary:.3f}x"
        )


if __name__ == "__main__":
    main()
