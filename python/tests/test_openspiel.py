"""The OpenSpiel games: OpenSpiel's own random simulation test, and states against the board."""

from __future__ import annotations

import pickle
import random

import numpy as np
import pytest

import duel

pyspiel = pytest.importorskip("pyspiel")

from duel.openspiel import GAME_CLASSES, GAME_NAMES, AliceGame, DuelGame  # noqa: E402


@pytest.mark.parametrize("game", duel.VARIANTS)
def test_passes_the_random_simulation_test(game: str) -> None:
    # Few games: random games of Duel and Alice run to hundreds of plies, each checked at every ply.
    pyspiel.random_sim_test(
        pyspiel.load_game(GAME_NAMES[game]), num_sims=5, serialize=True, verbose=False
    )


@pytest.mark.parametrize("game", duel.VARIANTS)
def test_describes_the_game(game: str) -> None:
    spiel_game = pyspiel.load_game(GAME_NAMES[game])
    game_type = spiel_game.get_type()
    assert game_type.short_name == f"python_duel_{game}"
    assert game_type.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert game_type.chance_mode == pyspiel.GameType.ChanceMode.DETERMINISTIC
    assert game_type.information == pyspiel.GameType.Information.PERFECT_INFORMATION
    assert game_type.utility == pyspiel.GameType.Utility.ZERO_SUM
    assert spiel_game.num_players() == 2
    assert spiel_game.num_distinct_actions() == duel.action_size(game)
    assert tuple(spiel_game.observation_tensor_shape()) == duel.observation_shape(game)
    assert str(pickle.loads(pickle.dumps(spiel_game))) == str(spiel_game)


def test_every_hosted_game_has_its_class() -> None:
    assert list(GAME_CLASSES) == list(duel.VARIANTS)
    assert (GAME_CLASSES["duel"], GAME_CLASSES["alice"]) == (DuelGame, AliceGame)
    long_names = {
        game: pyspiel.load_game(GAME_NAMES[game]).get_type().long_name for game in duel.VARIANTS
    }
    assert long_names == {
        "duel": "Python Duel",
        "dipole": "Python Dipole",
        "dame": "Python Dame",
        "alice": "Python Alice chess",
    }


def test_a_game_without_a_class_gets_one_made_from_its_name() -> None:
    import duel.openspiel as openspiel

    made = openspiel._class_of("fifth")
    assert (made.__name__, made.variant, made.title) == ("FifthGame", "fifth", "Fifth")
    assert issubclass(made, openspiel.BoardGame)
    assert getattr(openspiel, "FifthGame") is made
    assert openspiel._class_of("fifth") is made


@pytest.mark.parametrize("game", duel.VARIANTS)
def test_states_follow_the_board(game: str) -> None:
    spiel_game = pyspiel.load_game(GAME_NAMES[game])
    for seed in range(2):
        rng = random.Random(seed)
        state = spiel_game.new_initial_state()
        board = duel.Board(game)
        while not board.is_game_over():
            player = 0 if board.turn == duel.WHITE else 1
            assert state.current_player() == player
            assert state.legal_actions() == board.legal_actions()
            assert state.legal_actions(1 - player) == []
            planes = np.asarray(state.observation_tensor(player), dtype=np.float32)
            assert np.array_equal(planes, board.observation().ravel())
            theirs = np.asarray(state.observation_tensor(1 - player), dtype=np.float32)
            assert np.array_equal(theirs, board.observation(not board.turn).ravel())
            assert state.observation_string(1 - player) == board.fen()
            action = rng.choice(board.legal_actions())
            move = board.push_action(action)
            assert state.action_to_string(player, action) == str(move)
            state.apply_action(action)
            assert str(state) == board.fen()
        assert state.is_terminal()
        assert state.current_player() == pyspiel.PlayerId.TERMINAL
        assert state.legal_actions() == []
        outcome = board.outcome()
        assert outcome is not None
        white = {duel.WHITE: 1.0, duel.BLACK: -1.0, None: 0.0}[outcome.winner]
        assert state.returns() == [white, -white]
        assert len(state.history()) <= spiel_game.max_game_length()


def test_clones_are_independent() -> None:
    state = pyspiel.load_game(GAME_NAMES["alice"]).new_initial_state()
    clone = state.clone()
    clone.apply_action(clone.legal_actions()[0])
    assert state.history() == [] and len(clone.history()) == 1
    assert str(state) == duel.Board("alice").fen() != str(clone)
