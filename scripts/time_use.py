#!/usr/bin/env python3
"""Time used per move, as a share of the allotment, from the PGN of a `duel match --tc ... --pgnout`.

    scripts/time_use.py games.pgn [more.pgn ...]

Replays each side's clock from the TimeControl tag (`1+0.01`, `40/60`, `40/60+0.6`) and the time in
each engine move's comment (`{+0.35/12 0.512s}`; book moves carry none and cost nothing, as in `duel
match`). For every timed move:

    allotment = time left / moves to go + increment

where moves to go is the clock's count to the next period (`40/60`) or 25 without periods (the engine's
TIME_MOVES_TO_GO_BASE). Prints the count, mean, median, p99 and max of used / allotment, the largest
share of the time left one move took, and the time forfeits (Termination tag).
"""

import re
import sys

MOVES_TO_GO_BASE = 25


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


def main(paths):
    shares, of_left, forfeits, count = [], [], 0, 0
    for tags, body in games(paths):
        count += 1
        forfeits += "forfeit" in tags.get("Termination", "")
        moves, base, inc = parse_tc(tags["TimeControl"])
        left, made = [base, base], [0, 0]
        for side, used in moves_with_times(body):
            if used is None:
                continue
            to_go = moves - made[side] % moves if moves else MOVES_TO_GO_BASE
            shares.append(used / (left[side] / to_go + inc))
            of_left.append(used / left[side] if left[side] > 0 else float("inf"))
            left[side] = max(left[side] - used, 0) + inc
            made[side] += 1
            if moves and made[side] % moves == 0:
                left[side] += base
    if not shares:
        sys.exit("no timed moves")
    print(
        f"games {count}  moves {len(shares)}  used/allotment: mean {sum(shares) / len(shares):.2f}"
        f"  median {percentile(shares, 0.5):.2f}  p99 {percentile(shares, 0.99):.2f}"
        f"  max {max(shares):.2f}  |  max used/time left {max(of_left):.2f}  |  forfeits {forfeits}"
    )


if __name__ == "__main__":
    main(sys.argv[1:])
