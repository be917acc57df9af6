#!/usr/bin/env python3
"""Dame's speed, build against build, in turns: perft, search speed and time to a depth.

    scripts/measure/dame-speed.py [--rounds N] [--kestog PATH] BUILD [BUILD ...]
    scripts/measure/dame-speed.py --instructions NODES BUILD [BUILD ...]

Each BUILD is a `duel` binary. Every round runs each build once per figure, the builds in turns, so
that a machine whose speed drifts slows them alike; the medians over the rounds are printed, with
each build's ratio to the first. The figures, each from Dame's start position, one thread:

- perft 10: the wall time of `duel perft 10 --variant dame` (18,372,649 positions, the last ply
  counted in bulk);
- nps, net and hand-written: the nodes per second of `go movetime 3000` that the engine's last
  `info` line reports, with `Use NNUE` on and off;
- depth 18: the time that the engine reports on reaching depth 18 (`go depth 18`, net on);
  builds that search alike reach it after the same nodes, which the script prints.

With --kestog, KestoG adapted to Dame (scripts/opponents/kestog-dame builds it) takes its turn in the
perft figure: the wall time of its own `perft 10` (the last ply counted in bulk too).

With --instructions, each build instead searches NODES and 3 × NODES nodes from the start under
valgrind's callgrind, net on and off, and the instructions per node are the difference of the two
counts over 2 × NODES: start-up (clearing the table, loading the net) drops out. Counts do not
depend on the machine's load.
"""

import argparse
import re
import statistics
import subprocess
import sys
import time


def perft_seconds(command, stdin=None):
    """Wall seconds of one perft run, checked to count Dame's 18,372,649 positions."""
    start = time.perf_counter()
    out = subprocess.run(command, input=stdin, capture_output=True, text=True, check=True).stdout
    seconds = time.perf_counter() - start
    if "18372649" not in out:
        sys.exit(f"{command[0]}: perft 10 did not count 18372649 positions:\n{out}")
    return seconds


def search(binary, nnue, go, wrapper=()):
    """The last `info` line's depth, nodes, nps and time (ms) of one `go` from Dame's start, the
    engine run under `wrapper` (a command that takes it as its last words), whose standard error is
    returned too."""
    engine = subprocess.Popen(
        [*wrapper, binary],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE if wrapper else None,
        text=True,
    )
    engine.stdin.write(
        "setoption name UCI_Variant value dame\n"
        f"setoption name Use NNUE value {str(nnue).lower()}\nisready\n"
    )
    engine.stdin.flush()
    for line in engine.stdout:
        if line.startswith("readyok"):
            break
    engine.stdin.write(f"position startpos\ngo {go}\n")
    engine.stdin.flush()
    last = ""
    for line in engine.stdout:
        if line.startswith("info depth"):
            last = line
        elif line.startswith("bestmove"):
            break
    engine.stdin.write("quit\n")
    engine.stdin.close()
    errors = engine.stderr.read() if wrapper else ""
    engine.wait()
    fields = dict(re.findall(r"\b(depth|nodes|nps|time) (\d+)", last))
    if len(fields) < 4:
        sys.exit(f"{binary}: no info line with depth, nodes, nps and time after `go {go}`")
    return {name: int(value) for name, value in fields.items()}, errors


def instructions(binary, nnue, nodes):
    """Instructions callgrind counts in a search of `nodes` nodes."""
    wrapper = ("valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null")
    _, errors = search(binary, nnue, f"nodes {nodes}", wrapper)
    found = re.search(r"Collected : (\d+)", errors)
    if not found:
        sys.exit(f"{binary}: callgrind printed no count:\n{errors}")
    return int(found.group(1))


def per_node(builds, nodes):
    """Prints each build's instructions per node, net on and off."""
    for build in builds:
        for nnue in (True, False):
            extra = instructions(build, nnue, 3 * nodes) - instructions(build, nnue, nodes)
            label = "net" if nnue else "hand-written"
            print(f"{build}, {label}: {extra / (2 * nodes):.0f} instructions per node")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("builds", nargs="+", metavar="BUILD")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--kestog", metavar="PATH")
    parser.add_argument("--instructions", type=int, metavar="NODES")
    args = parser.parse_args()
    if args.instructions:
        per_node(args.builds, args.instructions)
        return

    figures = {}  # (figure, build) -> values

    def record(figure, build, value):
        figures.setdefault((figure, build), []).append(value)

    depth_nodes = {}
    for round_ in range(args.rounds):
        for build in args.builds:
            record("perft 10 (s)", build, perft_seconds([build, "perft", "10", "--variant", "dame"]))
            if args.kestog:
                seconds = perft_seconds([args.kestog], stdin="perft 10\nquit\n")
                record("perft 10 (s)", "KestoG", seconds)
            record("nps, net", build, search(build, True, "movetime 3000")[0]["nps"])
            record("nps, hand-written", build, search(build, False, "movetime 3000")[0]["nps"])
            deep, _ = search(build, True, "depth 18")
            record("depth 18 (ms)", build, deep["time"])
            depth_nodes[build] = deep["nodes"]
        print(f"round {round_ + 1} of {args.rounds} done", file=sys.stderr)

    first = args.builds[0]
    names = args.builds + (["KestoG"] if args.kestog else [])
    for figure in ["perft 10 (s)", "nps, net", "nps, hand-written", "depth 18 (ms)"]:
        print(figure)
        base = statistics.median(figures[(figure, first)])
        for name in names:
            values = figures.get((figure, name))
            if not values:
                continue
            median = statistics.median(values)
            spread = f"{min(values):.4g}..{max(values):.4g}"
            print(f"  {name}: median {median:.4g} ({spread}), {median / base:.3f} of the first")
    for build, nodes in depth_nodes.items():
        print(f"depth 18 nodes, {build}: {nodes}")


if __name__ == "__main__":
    main()
