"""Builds an outside Dame opponent from KestoG 1.4, Kestutis Gasaitis's Russian-draughts program in C++.

    git clone https://github.com/rhalbersma/kestog && git -C kestog checkout 4a0aeb2
    python3 scripts/opponents/kestog-dame/build.py kestog kestog-dame
    duel match --variant dame --engine cmd=./kestog-dame --engine cmd=duel ...

KestoG (2005-2006) searches with principal variation search, iterative deepening by two plies,
aspiration windows, a transposition table of 4-entry buckets, enhanced transposition cutoffs,
killers and history, late-move reductions and pruning, and evaluates with some 700 lines of
hand-written draughts knowledge. The repository above keeps its source as published, without a
licence statement: this script reads it from your copy and keeps nothing of it here.

Its rules are Russian draughts; Dame differs in two points, which this script changes in the move
generator (each edit is checked to apply exactly where expected):

- men capture forward only: a man's backward jumps are skipped, on the first jump of a capture
  (`Gen_Captures`) and on the later ones (`black_man_capture`, `white_man_capture`), and
  `Test_Capture` no longer sees them;
- a man that reaches the far row in a capture is crowned and stops (in Russian draughts it goes on
  capturing as a king).

Besides, move lists hold 128 moves instead of 60 (Dame's kings may have more), its per-ply
arrays have room for 128 plies (its quiescence search could run past 60 in a decided ending),
KestoG's progress lines go nowhere instead of to standard output, and its clock is the wall clock
(windows.h here). Everything else (search, evaluation, table) is KestoG's own, unchanged; the UCI
front end, uci.cpp, is compiled with it.
"""

import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

SOURCE = "KestoG_1_4.cpp"
HEADERS = ("EdAccess.h", "KALLISTO.H")
FIRST_JUMP = "dir = directions[i];"
# Where a man's capture loop starts, in the order the source has them: Gen_Captures' Black and
# White men, then the two recursive functions. Black men move toward higher squares, White lower.
MAN_LOOPS = (
    ("static int Gen_Captures(", "if ( (b[j] & MAN ) != 0 ){", "if ( dir < 0 ) continue;"),
    ("//         if ( ( b[j] & WHITE ) != 0 ){", "if ( ( b[j] & MAN ) != 0 ){", "if ( dir > 0 ) continue;"),
    ("static void black_man_capture( int b[46],", "orgmove = movelist[*n];", "if ( dir < 0 ) continue;"),
    ("static void white_man_capture( int b[46],", "orgmove = movelist[*n];", "if ( dir > 0 ) continue;"),
)

# Test_Capture's tests of a man's backward jumps, Black's and White's.
BACKWARD_TESTS = tuple(
    "".join(
        f"                       if( (b[square{sign}{step}] & {enemy}) !=0)\n"
        f"                       if( !b[square{sign}{2 * step}] )\n"
        "                           return(1);\n"
        for step in (4, 5)
    )
    for sign, enemy in (("-", "WHITE"), ("+", "BLACK"))
)


class Source:
    """The program's text and the edits made to it, each checked to match as often as expected."""

    def __init__(self, text: str):
        self.text = text

    def replace(self, old: str, new: str, count: int) -> None:
        found = self.text.count(old)
        if found != count:
            sys.exit(f"expected {count} of {old!r}, found {found}: not KestoG 1.4 at commit 4a0aeb2")
        self.text = self.text.replace(old, new)

    def insert_after(self, anchor: str, marker: str, line: str) -> None:
        """Puts `line` after the first `FIRST_JUMP` that follows `marker`, which follows `anchor`."""
        if self.text.count(anchor) != 1:
            sys.exit(f"expected one {anchor!r}: not KestoG 1.4 at commit 4a0aeb2")
        start = self.text.find(marker, self.text.find(anchor))
        at = -1 if start < 0 else self.text.find(FIRST_JUMP, start)
        if at < 0 or at - start > 300:
            sys.exit(f"no man's capture loop after {anchor!r}: not KestoG 1.4 at commit 4a0aeb2")
        at += len(FIRST_JUMP)
        self.text = f"{self.text[:at]} {line} // Dame: men capture forward only{self.text[at:]}"


def adapt(text: str) -> str:
    source = Source(text)
    for anchor, marker, line in MAN_LOOPS:
        source.insert_after(anchor, marker, line)
    for backward in BACKWARD_TESTS:
        source.replace(backward, "", 1)
    # A man crowned by a capture stops (KestoG stopped only on the two corner squares).
    source.replace("if ( sq2 == 37 || sq2 == 40 )", "if ( 1 ) // Dame: crowned, it stops", 2)
    source.replace("if ( sq2 == 5 || sq2 == 8 )", "if ( 1 ) // Dame: crowned, it stops", 2)
    source.replace("#define MAXMOVES 60 // ??", "#define MAXMOVES 128", 1)
    # Its quiescence search goes on capturing past MAXDEPTH plies without a check, past the end of
    # the per-ply arrays: in a won or lost ending, where the iterations reach depth 59, it crashed.
    # The arrays get room for 128 plies; the iterations still stop before 60.
    source.replace("#define MAXDEPTH 60", "#define MAXDEPTH 128", 1)
    iterations = "for ( depth = 5;depth<MAXDEPTH;depth+=2){"
    source.replace(iterations, iterations.replace("MAXDEPTH", "60"), 1)
    source.replace('printf("\\n%s",output);', 'kestog_log("\\n%s",output);', 4)
    source.replace("\nusing namespace std;", "\n", 1)
    return source.text


def main() -> None:
    if len(sys.argv) != 3:
        sys.exit("usage: build.py <KestoG's folder at commit 4a0aeb2> <output program>")
    kestog, output = Path(sys.argv[1]), Path(sys.argv[2])
    here = Path(__file__).parent
    if not (kestog / SOURCE).is_file():
        sys.exit(f"{kestog}: no {SOURCE} here (KestoG's repository at commit 4a0aeb2)")
    text = (kestog / SOURCE).read_text(encoding="latin-1")
    with tempfile.TemporaryDirectory() as work:
        Path(work, "kestog-dame-engine.cpp").write_text(adapt(text), encoding="latin-1")
        for header in HEADERS:
            shutil.copy(kestog / header, work)
        command = ["g++", "-O2", "-w", "-fpermissive", f"-I{here}", f"-I{work}"]
        command += [str(here / "uci.cpp"), "-o", str(output), "-lpthread"]
        subprocess.run(command, check=True)


if __name__ == "__main__":
    main()
