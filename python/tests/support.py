"""What the tests share: the `duel` binary they check the module against, and PGN reading."""

from __future__ import annotations

import os
import re
import subprocess
from pathlib import Path

REPOSITORY = Path(__file__).resolve().parents[2]


def duel_binary() -> Path:
    """The `duel` binary: `$DUEL_BIN`, else the repository's release or debug build."""
    if "DUEL_BIN" in os.environ:
        return Path(os.environ["DUEL_BIN"])
    for profile in ("release", "debug"):
        path = REPOSITORY / "target" / profile / "duel"
        if path.exists():
            return path
    raise FileNotFoundError(
        "no duel binary: build it with `cargo build --release` or name it in DUEL_BIN"
    )


def run_binary(*args: str, stdin: str | None = None) -> str:
    """Runs the binary with `args` (and `stdin`), returns what it printed."""
    done = subprocess.run(
        [str(duel_binary()), *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=300,
        check=True,
    )
    return done.stdout


def pgn_games(text: str) -> list[tuple[dict[str, str], list[str]]]:
    """The games of a PGN file: each game's tags and its move texts (comments, move numbers,
    the result and Duel's marks written apart from their move dropped)."""
    games = []
    for block in re.split(r"\n\n(?=\[)", text.strip()):
        tags = dict(re.findall(r'^\[(\w+) "(.*)"\]$', block, re.MULTILINE))
        movetext = re.sub(r"^\[.*\]$", "", block, flags=re.MULTILINE)
        movetext = re.sub(r"\{[^}]*\}", " ", movetext)
        moves = [
            token
            for token in movetext.split()
            if not re.fullmatch(r"\d+\.(\.\.)?|1-0|0-1|1/2-1/2|\*|\+\+?", token)
        ]
        games.append((tags, moves))
    return games


def search_with_binary(game: str, go: str) -> list[str]:
    """What the binary prints for `go` in `game`'s start position, through its `bestmove`."""
    with subprocess.Popen(
        [str(duel_binary())], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    ) as engine:
        assert engine.stdin and engine.stdout
        engine.stdin.write(f"uci\nsetoption name UCI_Variant value {game}\n{go}\n")
        engine.stdin.flush()
        lines = []
        for line in engine.stdout:
            lines.append(line.strip())
            if line.startswith("bestmove"):
                break
        engine.stdin.write("quit\n")
        engine.stdin.flush()
    return lines
