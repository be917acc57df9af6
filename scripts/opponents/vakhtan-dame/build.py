"""Builds an outside Dame opponent from vakhtan, Maksim Korzh's Russian-draughts program in JavaScript.

    git clone https://github.com/maksimKorzh/vakhtan && git -C vakhtan checkout 48727de
    python3 scripts/opponents/vakhtan-dame/build.py vakhtan/index.html vakhtan-dame.js
    duel match --variant dame --engine cmd=node args=vakhtan-dame.js --engine cmd=duel ...

vakhtan's rules are Russian draughts; Dame differs in two points, which this script changes in its
move generator (by line number of that commit's index.html, checked before cutting):

- men capture forward only: the men's backward jumps are removed, on the first jump of a capture
  (`generateCaptures`) and on the later ones (`blackManCapture`, `whiteManCapture`);
- a man that reaches the far row in a capture is crowned and stops (in Russian draughts it goes on
  capturing as a king): the eight calls from a man's jump into the king's capture code end the
  move instead.

Besides, move lists grow on demand (vakhtan's hold 50 moves; Dame's kings can have more), the
hash table has 2^21 entries instead of 6.7M (start-up time), and negamax and quiescence stop when
the clock runs out. Everything else (search, evaluation, table) is vakhtan's own, unchanged; the UCI
front end, `uci.js`, is appended. Nothing of vakhtan is kept in this repository.
"""

import re
import sys
from pathlib import Path

# Lines of index.html at 48727de, 1-based, and how each must start: the blocks to cut.
BLACK_FIRST_BACKWARD = (449, 472)  # black man, first jump, -4/-5 (line 472 closes the block)
WHITE_FIRST_BACKWARD = (629, 653)  # white man, first jump, +4/+5
BLACK_LATER_BACKWARD = (963, 990)  # blackManCapture, -4/-5 (line 990 closes it and counts)
WHITE_LATER_BACKWARD = (1166, 1194)  # whiteManCapture, +4/+5
ANCHORS = {
    449: "if ((b[sq-4] & WHITE)",
    472: "} b[sq] = (BLACK|MAN);",
    629: "if ((b[sq+4] & BLACK)",
    653: "if ((b[sq-4] & BLACK)",
    963: "if ((b[j-4] & WHITE)",
    990: "} if (!foundCap) n[0]++;",
    1166: "if ((b[j+4] & BLACK)",
    1194: "if ((b[j-4] & BLACK)",
}


def adapt(html: str, front_end: str) -> str:
    lines = html.split("\n")
    for number, start in ANCHORS.items():
        if not lines[number - 1].strip().startswith(start):
            sys.exit(f"line {number} is not {start!r}: not index.html of commit 48727de")
    # Bottom up, so that the line numbers above stay valid.
    first, end = WHITE_LATER_BACKWARD
    del lines[first - 1 : end - 1]
    first, end = BLACK_LATER_BACKWARD
    lines[end - 1] = "  if (!foundCap) n[0]++;"
    del lines[first - 1 : end - 1]
    first, end = WHITE_FIRST_BACKWARD
    del lines[first - 1 : end - 1]
    first, end = BLACK_FIRST_BACKWARD
    lines[end - 1] = "          b[sq] = (BLACK|MAN);"
    del lines[first - 1 : end - 1]
    # The engine without its page: from the constants to the search, which uci.js replaces.
    start = next(i for i, line in enumerate(lines) if line.startswith("const OCCUPIED"))
    end = next(i for i, line in enumerate(lines) if line.startswith("function search("))
    js = "\n".join(lines[start:end])

    def replace(old: str, new: str, count: int) -> None:
        nonlocal js
        if js.count(old) != count:
            sys.exit(f"expected {count} of {old!r}, found {js.count(old)}")
        js = js.replace(old, new)

    js, crowned = re.subn(r"(black|white)KingCapture\(n, moveList, (sq|j)[+-](8|10)\);", "n[0]++;", js)
    if crowned != 8:
        sys.exit(f"expected 8 crowning jumps, found {crowned}")
    replace("moveList[n].", "slot(moveList, n).", 24)
    replace("moveList[n[0]].", "slot(moveList, n[0]).", 104)
    replace("function print(msg) {", "function print(msg) { return;", 1)
    replace("const HASH_ENTRIES = 6710886; // 128Mb", "const HASH_ENTRIES = 2097152;", 1)
    for name in ("quiescence(alpha, beta, color)", "negamax(depth, alpha, beta, originalDepth, color, bestMove)"):
        replace(f"function {name} {{\n", f"function {name} {{\n  if (outOfTime()) return 0;\n", 1)
    # After each child: a search cut by the clock returns nothing its parent may use.
    replace("    undoMove(moveList[i]);\n    if (score >= beta)", "    undoMove(moveList[i]);\n    if (stopped) return 0;\n    if (score >= beta)", 1)
    replace("    undoMove(moveList[i]);\n    let oldNodes", "    undoMove(moveList[i]);\n    if (stopped) return 0;\n    let oldNodes", 2)
    return js + "\n" + front_end


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit("usage: build.py <vakhtan's index.html at 48727de> <output .js>")
    here = Path(__file__).parent
    html = Path(sys.argv[1]).read_text()
    Path(sys.argv[2]).write_text(adapt(html, (here / "uci.js").read_text()))
