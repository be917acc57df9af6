"""Type stubs of the extension module `duel._duel` (re-exported by `duel`)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, Literal, final, overload

import numpy as np
import numpy.typing as npt

__all__ = [
    "Board",
    "ENGINE_NAME",
    "Engine",
    "Move",
    "Outcome",
    "Score",
    "VARIANTS",
    "Wdl",
    "action_size",
    "batch_playouts",
    "max_game_length",
    "observation_shape",
    "_restore_board",
]

VARIANTS: list[str]
ENGINE_NAME: str

@final
class Move:
    """A legal move of the position it was listed in; `str()` is its text in the game's notation."""

    @property
    def game(self) -> str: ...
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...

@final
class Outcome:
    """How a game ended."""

    @property
    def winner(self) -> bool | None:
        """`True` (White), `False` (Black) or `None` (a draw)."""
    @property
    def termination(self) -> Literal["goal", "no_legal_move", "repetition", "quiet_plies"]: ...
    @property
    def reason(self) -> str:
        """The game's words for how it ended."""
    def result(self) -> Literal["1-0", "0-1", "1/2-1/2"]: ...

@final
class Board:
    """A game from a start position through the moves pushed."""

    def __new__(cls, game: str = "duel", fen: str | None = None) -> Board: ...
    @property
    def game(self) -> str: ...
    @property
    def turn(self) -> bool:
        """`True` (`duel.WHITE`) or `False` (`duel.BLACK`)."""
    @property
    def legal_moves(self) -> list[Move]: ...
    @property
    def move_stack(self) -> list[Move]: ...
    def push(self, move: Move | str) -> Move: ...
    def parse_move(self, text: str) -> Move: ...
    def pop(self) -> Move: ...
    def fen(self) -> str: ...
    def is_game_over(self) -> bool: ...
    def outcome(self) -> Outcome | None: ...
    def result(self) -> Literal["1-0", "0-1", "1/2-1/2", "*"]: ...
    def copy(self) -> Board: ...
    def __copy__(self) -> Board: ...
    def __deepcopy__(self, memo: Any) -> Board: ...
    def perft(self, depth: int) -> int: ...
    def legal_actions(self) -> list[int]: ...
    def push_action(self, action: int) -> Move: ...
    def action_of(self, move: Move | str) -> int: ...
    @property
    def action_size(self) -> int: ...
    @property
    def observation_shape(self) -> tuple[int, int, int]: ...
    def observation(self, side: bool | None = None) -> npt.NDArray[np.float32]: ...
    def __reduce__(self) -> tuple[Any, tuple[str, str, list[str]]]: ...

@final
class Score:
    """A score from the side to move's point of view: centipawns on the common scale (+100 is a
    75 % expected result at the game's typical middle game) or moves to mate."""

    @property
    def cp(self) -> int | None: ...
    @property
    def mate(self) -> int | None: ...

@final
class Wdl:
    """The chances of a win, a draw and a loss for the side to move, per mille (adding up to
    1000); `win, draw, loss = wdl` unpacks them, `str()` writes them as the protocol's `wdl`."""

    @property
    def win(self) -> int: ...
    @property
    def draw(self) -> int: ...
    @property
    def loss(self) -> int: ...
    @property
    def expected(self) -> float:
        """The expected result in percent: a win counts 100, a draw 50."""
    def __iter__(self) -> Iterator[int]: ...
    def __eq__(self, other: object, /) -> bool: ...

@final
class Engine:
    """The engine in-process, for one game."""

    def __new__(
        cls,
        game: str = "duel",
        threads: int = 1,
        hash_mb: int = 16,
        nnue: bool = True,
        skill_level: int = 20,
    ) -> Engine: ...
    @property
    def game(self) -> str: ...
    @overload
    def analyse(
        self,
        board: Board,
        *,
        depth: int | None = None,
        nodes: int | None = None,
        movetime: float | None = None,
        multipv: None = None,
    ) -> dict[str, Any]: ...
    @overload
    def analyse(
        self,
        board: Board,
        *,
        depth: int | None = None,
        nodes: int | None = None,
        movetime: float | None = None,
        multipv: int,
    ) -> list[dict[str, Any]]: ...
    def play(
        self,
        board: Board,
        *,
        depth: int | None = None,
        nodes: int | None = None,
        movetime: float | None = None,
    ) -> Move | None: ...
    def stop(self) -> None: ...
    def new_game(self) -> None: ...

def action_size(game: str) -> int: ...
def observation_shape(game: str) -> tuple[int, int, int]: ...
def max_game_length(game: str) -> int: ...
def batch_playouts(
    game: str,
    games: int,
    *,
    seed: int = 0,
    fen: str | None = None,
    max_plies: int = 1000,
    threads: int = 1,
) -> tuple[list[int], list[int]]: ...
def _restore_board(game: str, fen: str, moves: list[str]) -> Board:
    """The board of `game` from `fen` through `moves`: what an unpickled board is."""
