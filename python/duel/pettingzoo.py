"""The four games as PettingZoo AEC environments (``pip install pettingzoo``).

>>> from duel.pettingzoo import env
>>> e = env(game="dame")
>>> e.reset()
>>> observation, reward, termination, truncation, info = e.last()
>>> e.step(int(observation["action_mask"].argmax()))

Two agents take turns: ``player_0`` plays White and moves first, ``player_1`` plays Black. An action
is an action id of the game (``duel.action_size(game)`` of them, numbered as docs/python.md says);
each agent observes a dict of

- ``"observation"``: the game's observation planes (``duel.observation_shape(game)``, float32, 0 or
  1) from that agent's view (its own pieces in the first planes, its side going up the board);
- ``"action_mask"``: 1 at the legal actions' ids for the agent to move, zeros otherwise and once
  the game is over.

The game ends when ``Board.is_game_over()``: the winner is rewarded +1, the loser -1, a draw 0 each.
With ``max_plies`` the game is truncated, without reward, once that many plies are played. An
illegal action ends the game as a loss (-1) for the agent that played it, as in PettingZoo's classic
games. The games have no randomness, so ``reset``'s seed changes nothing.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from gymnasium.utils import EzPickle
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from . import Board, action_size, observation_shape

__all__ = ["AGENTS", "env", "raw_env"]

#: The agents: White (who moves first), then Black.
AGENTS: tuple[str, str] = ("player_0", "player_1")

#: An agent's observation: its planes and its legal actions' mask.
Observation = dict[str, np.ndarray]


def env(**kwargs: Any) -> AECEnv[str, Observation, int]:
    """The game's environment wrapped as PettingZoo's classic games are.

    The wrappers end the game when an agent plays an illegal action (a loss, reward -1), check that
    actions are within the action space, and enforce the AEC calling order (``reset`` first).
    Takes the arguments of :class:`raw_env`.
    """
    environment: AECEnv[str, Observation, int] = raw_env(**kwargs)
    environment = wrappers.TerminateIllegalWrapper(environment, illegal_reward=-1)
    environment = wrappers.AssertOutOfBoundsWrapper(environment)
    environment = wrappers.OrderEnforcingWrapper(environment)
    return environment


class raw_env(AECEnv[str, Observation, int], EzPickle):  # noqa: N801 (PettingZoo's name)
    """One of the four games, unwrapped: `raw_env(game="duel", render_mode=None, max_plies=None)`.

    Args:
        game: one of ``duel.VARIANTS``.
        render_mode: ``None``, ``"ansi"`` (``render()`` returns the board's diagram) or
            ``"human"`` (the diagram is printed after ``reset`` and each step).
        max_plies: truncate the game once this many plies are played; ``None`` plays to the end,
            which the games' draw rules guarantee.
    """

    # The AEC bookkeeping, set by `_reset_state`.
    agent_selection: str
    terminations: dict[str, bool]
    truncations: dict[str, bool]
    rewards: dict[str, float]
    _cumulative_rewards: dict[str, float]
    _plies: int

    metadata: dict[str, Any] = {
        "name": "duel_duel_v0",
        "render_modes": ["ansi", "human"],
        "is_parallelizable": False,
    }

    def __init__(
        self,
        game: str = "duel",
        render_mode: str | None = None,
        max_plies: int | None = None,
    ) -> None:
        EzPickle.__init__(self, game, render_mode, max_plies)
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(
                f"render_mode {render_mode!r} is not one of {self.metadata['render_modes']}"
            )
        if max_plies is not None and max_plies < 1:
            raise ValueError(f"max_plies must be at least 1, not {max_plies}")
        self.board = Board(game)
        # The class's metadata names the default game; each instance names its own.
        self.metadata = {**self.metadata, "name": f"duel_{game}_v0"}
        self.render_mode = render_mode
        self.max_plies = max_plies

        self.possible_agents = list(AGENTS)
        self.agents = list(AGENTS)
        self.action_spaces = {agent: spaces.Discrete(action_size(game)) for agent in AGENTS}
        self.observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(
                        low=0.0, high=1.0, shape=observation_shape(game), dtype=np.float32
                    ),
                    "action_mask": spaces.Box(
                        low=0, high=1, shape=(action_size(game),), dtype=np.int8
                    ),
                }
            )
            for agent in AGENTS
        }
        self._reset_state()

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The agent's observation space (the same object at every call)."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The agent's action space (the same object at every call)."""
        return self.action_spaces[agent]

    def observe(self, agent: str) -> Observation:
        """The agent's planes, from its view, and legal actions' mask (zeros for the agent not to
        move)."""
        planes = self.board.observation(agent == AGENTS[0])
        mask = np.zeros(action_size(self.board.game), dtype=np.int8)
        if self._can_act(agent):
            mask[self.board.legal_actions()] = 1
        return {"observation": planes, "action_mask": mask}

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Starts a new game from the start position (the games have no randomness to seed)."""
        self.board = Board(self.board.game)
        self._reset_state()
        if self.render_mode == "human":
            self.render()

    def step(self, action: int | None) -> None:
        """Plays the action of the agent to move; ends the game when the board says it is over."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} is to move: its action cannot be None")
        self._cumulative_rewards[agent] = 0.0
        self.board.push_action(int(action))
        self._plies += 1

        outcome = self.board.outcome()
        if outcome is not None:
            self.terminations = dict.fromkeys(self.agents, True)
            self.rewards = {
                AGENTS[0]: _white_reward(outcome.winner),
                AGENTS[1]: -_white_reward(outcome.winner),
            }
        elif self._truncated():
            self.truncations = dict.fromkeys(self.agents, True)
        self._accumulate_rewards()
        self.agent_selection = self._agent_to_move()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        """The board's diagram: returned (``"ansi"``) or printed (``"human"``)."""
        if self.render_mode is None:
            raise ValueError("render() needs a render_mode: 'ansi' or 'human'")
        diagram = str(self.board)
        if self.render_mode == "ansi":
            return diagram
        print(diagram)
        return None

    def close(self) -> None:
        """Nothing to release: the diagram is text."""

    def _reset_state(self) -> None:
        """The AEC bookkeeping of a game about to start."""
        self.agents = list(AGENTS)
        self.rewards = dict.fromkeys(AGENTS, 0.0)
        self._cumulative_rewards = dict.fromkeys(AGENTS, 0.0)
        self.terminations = dict.fromkeys(AGENTS, False)
        self.truncations = dict.fromkeys(AGENTS, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in AGENTS}
        self.agent_selection = self._agent_to_move()
        self._plies = 0

    def _agent_to_move(self) -> str:
        """The agent of the side to move (over or not, the board has one)."""
        return AGENTS[0] if self.board.turn else AGENTS[1]

    def _truncated(self) -> bool:
        """Whether ``max_plies`` plies have been played."""
        return self.max_plies is not None and self._plies >= self.max_plies

    def _can_act(self, agent: str) -> bool:
        """Whether the agent is to move in a game that goes on (not ended, however it ended)."""
        return (
            agent == self._agent_to_move()
            and agent in self.terminations
            and not (self.terminations[agent] or self.truncations[agent])
        )


def _white_reward(winner: bool | None) -> float:
    """White's reward for an outcome's winner (``True`` White, ``False`` Black, ``None`` a draw)."""
    if winner is None:
        return 0.0
    return 1.0 if winner else -1.0
