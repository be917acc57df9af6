"""The hosted games as OpenSpiel games (``pip install open_spiel``), registered on import.

>>> import pyspiel
>>> import duel.openspiel
>>> game = pyspiel.load_game("python_duel_dame")
>>> state = game.new_initial_state()
>>> state.apply_action(state.legal_actions()[0])

Each game of ``duel.VARIANTS`` is registered under ``python_duel_<game>`` (:data:`GAME_NAMES`), by
its class in :data:`GAME_CLASSES` (``DuelGame``, ``DipoleGame``, ``DameGame``, ``AliceGame``; a game
without a class here gets one made from its name): two players, sequential,
deterministic, perfect information, zero-sum, rewarded at the end only (+1 the winner, -1 the
loser, 0 each for a draw). Player 0 is White, who moves first. The actions are the game's action
ids (``duel.action_size(game)``, numbered as docs/python.md says); a state's observation tensor is
the game's observation planes (``duel.observation_shape(game)``) from the player's view, and its
observation string the position's text (FEN). ``max_game_length`` is ``duel.max_game_length(game)``,
a bound each game argues from its rules. States pickle (as their game, start and moves).
"""

from __future__ import annotations

from typing import Any, ClassVar

import numpy as np
import pyspiel
from open_spiel.python.observation import IIGObserverForPublicInfoGame

from . import VARIANTS, Board, action_size, max_game_length, observation_shape

__all__ = [
    "GAME_CLASSES",
    "GAME_NAMES",
    "AliceGame",
    "BoardGame",
    "BoardState",
    "DameGame",
    "DipoleGame",
    "DuelGame",
    "PlanesObserver",
]

#: Each game's name in OpenSpiel (`pyspiel.load_game(GAME_NAMES["alice"])`).
GAME_NAMES: dict[str, str] = {game: f"python_duel_{game}" for game in VARIANTS}


def _game_type(game_class: type[BoardGame]) -> pyspiel.GameType:
    """The OpenSpiel description of one of the games."""
    return pyspiel.GameType(
        short_name=GAME_NAMES[game_class.variant],
        long_name=f"Python {game_class.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.DETERMINISTIC,
        information=pyspiel.GameType.Information.PERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=2,
        min_num_players=2,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={},
    )


def _game_info(game: str) -> pyspiel.GameInfo:
    """The sizes OpenSpiel needs of one of the games."""
    return pyspiel.GameInfo(
        num_distinct_actions=action_size(game),
        max_chance_outcomes=0,
        num_players=2,
        min_utility=-1.0,
        max_utility=1.0,
        utility_sum=0.0,
        max_game_length=max_game_length(game),
    )


class BoardGame(pyspiel.Game):
    """One of the games, the one its subclass names in `variant`; `pyspiel.load_game` makes them
    from their names."""

    #: The game's name in `duel.VARIANTS`.
    variant: ClassVar[str]
    #: The game's name in words: OpenSpiel's long name is ``Python <title>``.
    title: ClassVar[str]

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        super().__init__(_game_type(type(self)), _game_info(self.variant), params or {})

    def new_initial_state(self) -> BoardState:
        """The start position."""
        return BoardState(self, Board(self.variant))

    def make_py_observer(
        self,
        iig_obs_type: pyspiel.IIGObservationType | None = None,
        params: dict[str, Any] | None = None,
    ) -> PlanesObserver | IIGObserverForPublicInfoGame:
        """The observer of the planes, or for other kinds of observation (such as the information
        state, which is the history) OpenSpiel's observer of public-information games."""
        if iig_obs_type is None or (iig_obs_type.public_info and not iig_obs_type.perfect_recall):
            return PlanesObserver(self.variant, params)
        return IIGObserverForPublicInfoGame(iig_obs_type, params)


# One class a game, as pyspiel registers games: by a class, which the interpreter keeps alive until
# pyspiel's registry is gone (a factory only the registry holds crashes the interpreter at exit). The
# classes below are the names users import; the table is made from `duel.VARIANTS`.


class DuelGame(BoardGame):
    """Duel, the dice game."""

    variant = "duel"
    title = "Duel"


class DipoleGame(BoardGame):
    """Dipole, the stacking game."""

    variant = "dipole"
    title = "Dipole"


class DameGame(BoardGame):
    """Dame, German checkers."""

    variant = "dame"
    title = "Dame"


class AliceGame(BoardGame):
    """Alice chess."""

    variant = "alice"
    title = "Alice chess"


def _class_of(game: str) -> type[BoardGame]:
    """The class of the game called `game`: the one above, or for a game without one a class made
    from its name (`FooGame`, titled `Foo`), kept as an attribute of this module."""
    for game_class in BoardGame.__subclasses__():
        if game_class.variant == game:
            return game_class

    class Made(BoardGame):
        variant = game
        title = game.capitalize()

    Made.__name__ = Made.__qualname__ = f"{Made.title}Game"
    Made.__doc__ = f"{Made.title}."
    globals()[Made.__name__] = Made
    return Made


#: Each game's class, for every game in `duel.VARIANTS`.
GAME_CLASSES: dict[str, type[BoardGame]] = {game: _class_of(game) for game in VARIANTS}


class BoardState(pyspiel.State):
    """A position of a game and the moves that led to it, over a `duel.Board`."""

    def __init__(self, game: BoardGame, board: Board) -> None:
        super().__init__(game)
        #: The position; its moves are the state's history.
        self.board = board

    def current_player(self) -> int:
        """0 (White) or 1 (Black) to move, or `pyspiel.PlayerId.TERMINAL` once the game is over."""
        if self.board.is_game_over():
            return pyspiel.PlayerId.TERMINAL
        return _player_of(self.board.turn)

    def _legal_actions(self, player: int) -> list[int]:
        """The legal moves' action ids, ascending (OpenSpiel asks only for the player to move)."""
        return self.board.legal_actions()

    def _apply_action(self, action: int) -> None:
        """Plays the move with this action id."""
        self.board.push_action(action)

    def _action_to_string(self, player: int, action: int) -> str:
        """The move's text when the action is legal here, else the bare id."""
        for move in self.board.legal_moves:
            if self.board.action_of(move) == action:
                return str(move)
        return f"action {action}"

    def is_terminal(self) -> bool:
        """Whether the game is over: decided on the board, no legal move, or drawn by the rules."""
        return self.board.is_game_over()

    def returns(self) -> list[float]:
        """Each player's result: +1 a win, -1 a loss, 0 a draw or a game still going on."""
        outcome = self.board.outcome()
        if outcome is None or outcome.winner is None:
            return [0.0, 0.0]
        white = 1.0 if outcome.winner else -1.0
        return [white, -white]

    def __str__(self) -> str:
        """The position's text (FEN)."""
        return self.board.fen()


class PlanesObserver:
    """The observation planes of a state for a player, as OpenSpiel's `PyObserver` interface has
    them: `tensor` flat, and `dict["observation"]` the same values shaped (planes, rows,
    columns)."""

    def __init__(self, game: str, params: dict[str, Any] | None) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported; passed {params}")
        shape = observation_shape(game)
        self.tensor = np.zeros(int(np.prod(shape)), np.float32)
        self.dict = {"observation": self.tensor.reshape(shape)}

    def set_from(self, state: BoardState, player: int) -> None:
        """The planes of `state` from `player`'s view."""
        self.tensor[:] = state.board.observation(player == 0).ravel()

    def string_from(self, state: BoardState, player: int) -> str:
        """The position's text, the same for both players (the game has no hidden information)."""
        return state.board.fen()


def _player_of(side: bool) -> int:
    """OpenSpiel's player of a side: 0 White, 1 Black."""
    return 0 if side else 1


for _game_class in GAME_CLASSES.values():
    pyspiel.register_game(_game_type(_game_class), _game_class)
