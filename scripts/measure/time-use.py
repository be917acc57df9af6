#!/usr/bin/env python3
"""Time used per move, as a share of the allotment, from the PGN of a `duel match --tc ... --pgnout`.

    scripts/measure/time-use.py [--engine NAME] [--moves-to-go N] games.pgn [more.pgn ...]

Replays each side's clock from the TimeControl tag (`1+0.01`, `40/60`, `40/60+0.6`) and the time in
each engine move's comment (`{+0.35/12 0.512s}`; book moves carry none and cost nothing, as in `duel
match`). For every timed move (only NAME's moves, by the White and Black tags, with --engine):

    allotment = time left / moves to go + increment
    hard      = min(140% * (time left / moves to go + 75% * increment), 50% * time left)

where moves to go is the clock's count to the next period (`40/60`) or, without periods, N (default
10, the engine's; builds before 10 was chosen assumed 25). `hard` is the engine's hard limit before
it keeps `Move Overhead` back (crates/engine/src/search/time.rs; the constants below mirror
crates/engine/src/search/params.rs): a move measured through the pipes past it overran the limit by
more than the overhead allows. Prints the count, mean, median, p99 and max of used / allotment, the
moves past `hard`, the largest share of the time left one move took, the moves that took longer than
the whole time left (only the runner's `--timemargin` kept them from losing on time), the median
clock left at the end of a game, and the time forfeits (Termination tag; with --engine, those NAME
lost).
"""

import re
import sys

MOVES_TO_GO_BASE = 10  # TIME_MOVES_TO_GO_BASE
INCREMENT_FACTOR = 0.75  # TIME_INCREMENT_FACTOR
HARD_FACTOR = 1.40  # TIME_HARD_FACTOR
HARD_MAX = 0.50  # TIME_HARD_MAX


def parse_tc(text):
    moves = None
    if "/" in text:
        moves, text = text.split("/", 1)
        moves = int(moves)
    base, _, inc = text.partition("+")
    return moves, float(base), float(inc or 0)


def games(paths):
    for path in paths:
        with open(path) as f:
            text = f.read()
        for chunk in re.split(r"\n(?=\[Event )", text):
            tags = dict(re.findall(r'^\[(\w+) "([^"]*)"\]', chunk, re.M))
            body = re.sub(r"^\[.*\]\s*$", "", chunk, flags=re.M)
            if tags:
                yield tags, body


def moves_with_times(body):
    """(side, seconds or None) per move, side 0 = White."""
    side, out = 1, []
    for token in re.finditer(r"\{([^}]*)\}|(\S+)", body):
        comment, word = token.group(1), token.group(2)
        if comment is not None:
            m = re.search(r"(\d+(?:\.\d+)?)s\b", comment)
            if out and m:
                out[-1] = (out[-1][0], float(m.group(1)))
        elif re.fullmatch(r"\d+\.+", word) or word in ("1-0", "0-1", "1/2-1/2", "*"):
            continue
        else:
            side ^= 1
            out.append((side, None))
    return out


def percentile(values, p):
    values = sorted(values)
    return values[min(len(values) - 1, int(len(values) * p))]


def loser(tags):
    """The side (0 = White) that lost the game, or None."""
    return {"1-0": 1, "0-1": 0}.get(tags.get("Result"))


def main(args):
    engine, moves_to_go_base = None, MOVES_TO_GO_BASE
    while args[:1] in (["--engine"], ["--moves-to-go"]) and len(args) >= 2:
        if args[0] == "--engine":
            engine = args[1]
        else:
            moves_to_go_base = int(args[1])
        args = args[2:]
    shares, of_left, over_hard, forfeits, count, ends = [], [], 0, 0, 0, []
    for tags, body in games(args):
        sides = [tags.get("White"), tags.get("Black")]
        timed = [engine is None or name == engine for name in sides]
        if not any(timed):
            continue
        count += 1
        if "forfeit" in tags.get("Termination", ""):
            lost = loser(tags)
            forfeits += engine is None or (lost is not None and timed[lost])
        moves, base, inc = parse_tc(tags["TimeControl"])
        left, made = [base, base], [0, 0]
        for side, used in moves_with_times(body):
            if used is None:
                continue
            to_go = moves - made[side] % moves if moves else moves_to_go_base
            if timed[side]:
                shares.append(used / (left[side] / to_go + inc))
                of_left.append(used / left[side] if left[side] > 0 else float("inf"))
                hard = min(HARD_FACTOR * (left[side] / to_go + INCREMENT_FACTOR * inc), HARD_MAX * left[side])
                over_hard += used > hard
            left[side] = max(left[side] - used, 0) + inc
            made[side] += 1
            if moves and made[side] % moves == 0:
                left[side] += base
        ends += [left[side] for side in (0, 1) if timed[side]]
    if not shares:
        sys.exit("no timed moves")
    print(
        f"games {count}  moves {len(shares)}  used/allotment: mean {sum(shares) / len(shares):.2f}"
        f"  median {percentile(shares, 0.5):.2f}  p99 {percentile(shares, 0.99):.2f}"
        f"  max {max(shares):.2f}  |  past hard {over_hard}  |  max used/time left {max(of_left):.2f}"
        f"  |  more than the time left {sum(share > 1 for share in of_left)}"
        f"  |  clock left at the end: median {percentile(ends, 0.5):.2f} s  |  forfeits {forfeits}"
    )


if __name__ == "__main__":
    main(sys.argv[1:])
