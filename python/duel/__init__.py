"""duel: Duel, Dipole, Dame and Alice chess, their rules and the duel engine, in-process.

>>> import duel
>>> board = duel.Board("duel")
>>> board.push("D1-e6")
Move('D1-e6')

See docs/python.md for the whole interface, the action numbering and the observation planes.
"""

from ._duel import (
    ENGINE_NAME,
    VARIANTS,
    Board,
    Engine,
    Move,
    Outcome,
    Score,
    Wdl,
    action_size,
    batch_playouts,
    max_game_length,
    observation_shape,
)

#: The side that moves first, as ``Board.turn`` and ``Outcome.winner`` give it.
WHITE: bool = True
#: The side that moves second.
BLACK: bool = False

__all__ = [
    "BLACK",
    "ENGINE_NAME",
    "VARIANTS",
    "WHITE",
    "Board",
    "Engine",
    "Move",
    "Outcome",
    "Score",
    "Wdl",
    "action_size",
    "batch_playouts",
    "max_game_length",
    "observation_shape",
]
