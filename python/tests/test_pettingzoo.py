"""The PettingZoo environments: PettingZoo's API and seed tests, and games played through them."""

from __future__ import annotations

import functools
import pickle
import random

import numpy as np
import pytest

import duel

pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test, seed_test  # noqa: E402

from duel.pettingzoo import AGENTS, env, raw_env  # noqa: E402

# PettingZoo's checks warn about dict observations except for its own classic games, which it lists
# by name; the dict of planes and action mask is what those games observe too.
pytestmark = [
    pytest.mark.filterwarnings("ignore:Observation is not a NumPy array"),
    pytest.mark.filterwarnings("ignore:Observation space for each agent probably should be"),
]


@pytest.mark.parametrize("game", duel.VARIANTS)
def test_passes_the_api_test(game: str) -> None:
    api_test(env(game=game), num_cycles=1000, verbose_progress=False)


@pytest.mark.parametrize("game", duel.VARIANTS)
def test_passes_the_api_test_when_truncated(game: str) -> None:
    api_test(env(game=game, max_plies=6), num_cycles=100, verbose_progress=False)


@pytest.mark.parametrize("game", duel.VARIANTS)
def test_is_deterministic(game: str) -> None:
    seed_test(functools.partial(env, game=game), num_cycles=200)


def test_spaces_and_metadata_follow_the_game() -> None:
    environment = raw_env(game="alice")
    assert environment.metadata["name"] == "duel_alice_v0"
    assert environment.metadata["is_parallelizable"] is False
    assert environment.possible_agents == ["player_0", "player_1"]
    space = environment.observation_space("player_1")
    assert space["observation"].shape == duel.observation_shape("alice")
    assert space["action_mask"].shape == (duel.action_size("alice"),)
    assert environment.action_space("player_0").n == duel.action_size("alice")


def test_pickles_as_its_arguments() -> None:
    environment = pickle.loads(pickle.dumps(raw_env(game="dame", max_plies=5)))
    assert environment.metadata["name"] == "duel_dame_v0"
    assert environment.max_plies == 5


def _play_random_game(game: str, seed: int) -> tuple[duel.Board, dict[str, float]]:
    """Plays a game of random legal actions through the environment, checking each observation
    against a board that plays the same moves; returns that board and each agent's final reward."""
    rng = random.Random(seed)
    environment = env(game=game)
    environment.reset()
    board = duel.Board(game)
    final_rewards: dict[str, float] = {}
    for agent in environment.agent_iter():
        observation, reward, termination, truncation, _ = environment.last()
        assert not truncation
        if termination:
            final_rewards[agent] = reward
            environment.step(None)
            continue
        assert agent == AGENTS[0 if board.turn else 1]
        assert np.array_equal(observation["observation"], board.observation())
        assert np.flatnonzero(observation["action_mask"]).tolist() == board.legal_actions()
        other = environment.observe(AGENTS[1 if board.turn else 0])
        assert np.array_equal(other["observation"], board.observation(not board.turn))
        assert not other["action_mask"].any()
        action = rng.choice(board.legal_actions())
        board.push_action(action)
        environment.step(action)
    return board, final_rewards


@pytest.mark.parametrize("game", duel.VARIANTS)
def test_random_games_end_with_the_boards_outcome(game: str) -> None:
    for seed in range(3):
        board, rewards = _play_random_game(game, seed)
        outcome = board.outcome()
        assert outcome is not None
        white = {duel.WHITE: 1.0, duel.BLACK: -1.0, None: 0.0}[outcome.winner]
        assert rewards == {"player_0": white, "player_1": -white}


def test_truncation_ends_the_game_without_reward() -> None:
    environment = env(game="duel", max_plies=3)
    environment.reset()
    plies = 0
    for agent in environment.agent_iter():
        observation, reward, termination, truncation, _ = environment.last()
        if truncation:
            assert reward == 0 and not termination
            assert not observation["action_mask"].any()
            environment.step(None)
            continue
        environment.step(int(np.flatnonzero(observation["action_mask"])[0]))
        plies += 1
    assert plies == 3


def test_an_illegal_action_loses() -> None:
    environment = env(game="dame")
    environment.reset()
    observation, *_ = environment.last()
    illegal = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    environment.step(illegal)
    assert environment.terminations == {"player_0": True, "player_1": True}
    assert environment.rewards == {"player_0": -1, "player_1": 0}
    assert not any(environment.observe(agent)["action_mask"].any() for agent in AGENTS)


def test_renders_the_boards_diagram() -> None:
    environment = env(game="dipole", render_mode="ansi")
    environment.reset()
    assert environment.render() == str(duel.Board("dipole"))
    with pytest.raises(ValueError):
        raw_env(game="dipole", render_mode="rgb_array")
