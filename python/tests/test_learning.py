"""What learning programs use: action ids, observation planes and playouts in bulk."""

from __future__ import annotations

import random

import numpy as np
import pytest

import duel


@pytest.mark.parametrize("game", duel.VARIANTS)
def test_action_ids_name_the_legal_moves_one_to_one(game: str) -> None:
    rng = random.Random(5)
    board = duel.Board(game)
    size = duel.action_size(game)
    assert board.action_size == size
    for _ in range(150):
        if board.is_game_over():
            break
        actions = board.legal_actions()
        moves = board.legal_moves
        assert actions == sorted(actions) and len(set(actions)) == len(moves)
        assert all(0 <= action < size for action in actions)
        assert sorted(board.action_of(move) for move in moves) == actions
        move = rng.choice(moves)
        twin = board.copy()
        assert twin.push_action(board.action_of(move)) == move
        board.push(move)
        assert twin.fen() == board.fen()


@pytest.mark.parametrize("game", duel.VARIANTS)
def test_an_id_that_is_not_legal_is_refused(game: str) -> None:
    board = duel.Board(game)
    illegal = next(a for a in range(duel.action_size(game)) if a not in board.legal_actions())
    with pytest.raises(ValueError, match=f"no legal move has action id {illegal}"):
        board.push_action(illegal)
    assert board.move_stack == []


@pytest.mark.parametrize(
    ("game", "shape", "pieces"),
    [("duel", (50, 8, 9), 18), ("dipole", (24, 8, 8), 2), ("dame", (4, 8, 8), 24), ("alice", (29, 8, 8), 32)],
)
def test_observations_have_their_documented_shape(game: str, shape, pieces: int) -> None:
    board = duel.Board(game)
    planes = board.observation()
    assert planes.shape == shape == duel.observation_shape(game) == board.observation_shape
    assert planes.dtype == np.float32
    assert set(np.unique(planes)) <= {0.0, 1.0}
    # One plane marks each piece (stack) on its square; Alice adds four castling planes.
    marked = planes.sum() - (4 * 64 if game == "alice" else 0)
    assert marked == pieces


@pytest.mark.parametrize("game", duel.VARIANTS)
def test_observations_and_ids_are_from_the_side_to_move(game: str) -> None:
    # Every start position is symmetric: with Black to move instead, Black sees what White sees
    # and has the same action ids.
    white = duel.Board(game)
    fen = white.fen().split(" ")
    fen[1] = "b"
    black = duel.Board(game, fen=" ".join(fen))
    assert black.turn is duel.BLACK
    assert np.array_equal(white.observation(), black.observation())
    assert white.legal_actions() == black.legal_actions()
    assert [str(m) for m in white.legal_moves] != [str(m) for m in black.legal_moves]


def test_dame_men_are_seen_moving_up_the_board() -> None:
    board = duel.Board("dame")
    for _ in range(2):
        own_men = board.observation()[0]
        # The side to move's men fill rows 0..2 of its own view, whichever side it is.
        assert own_men[:3].sum() == 12 and own_men[5:].sum() == 0
        board.push(board.legal_moves[0])


@pytest.mark.parametrize("game", duel.VARIANTS)
def test_batch_playouts_are_reproducible_and_end_games(game: str) -> None:
    plies, outcomes = duel.batch_playouts(game, 8, seed=3, max_plies=2000)
    assert (plies, outcomes) == duel.batch_playouts(game, 8, seed=3, max_plies=2000, threads=2)
    assert len(plies) == len(outcomes) == 8
    assert all(0 < p <= 2000 for p in plies) and set(outcomes) <= {-1, 0, 1}
    assert duel.batch_playouts(game, 8, seed=4, max_plies=2000) != (plies, outcomes)


def test_batch_playouts_end_where_the_rules_end_them() -> None:
    # A playout's outcome is the game's: replaying one at random from a finished position gives 0
    # plies and that position's result.
    board = duel.Board("dipole")
    while not board.is_game_over():
        board.push_action(board.legal_actions()[0])
    plies, outcomes = duel.batch_playouts("dipole", 1, fen=board.fen())
    assert plies == [0]
    assert outcomes == [{"1-0": 1, "0-1": -1}.get(board.result(), 0)]
    with pytest.raises(ValueError):
        duel.batch_playouts("dipole", 1, fen="not a position")


@pytest.mark.parametrize("game", duel.VARIANTS)
def test_either_side_can_be_observed(game: str) -> None:
    board = duel.Board(game)
    board.push(board.legal_moves[0])
    fen = board.fen().split(" ")
    fen[1] = "w"
    white_to_move = duel.Board(game, fen=" ".join(fen))
    assert np.array_equal(board.observation(duel.WHITE), white_to_move.observation())
    assert np.array_equal(board.observation(duel.BLACK), board.observation())
    assert not np.array_equal(board.observation(duel.WHITE), board.observation(duel.BLACK))


@pytest.mark.parametrize("game", duel.VARIANTS)
def test_max_game_length_bounds_random_games(game: str) -> None:
    plies, _ = duel.batch_playouts(game, 20, seed=9, max_plies=duel.max_game_length(game) + 1)
    assert max(plies) <= duel.max_game_length(game)


def _alice_square(name: str, white: bool) -> int:
    file, rank = ord(name[0]) - ord("a"), int(name[1]) - 1
    return (rank if white else 7 - rank) * 8 + file


def _dark_square(name: str, white: bool) -> int:
    column, row = ord(name[0].lower()) - ord("a"), int(name[1]) - 1
    if not white:
        column, row = 7 - column, 7 - row
    return row * 4 + column // 2


def test_ids_follow_the_documented_numbering() -> None:
    # The numbering of docs/python.md, written again from the moves' texts: Alice chess's squares and
    # promotions, Dame's plain moves, Dipole's steps and bearing off, for both sides.
    rng = random.Random(2)
    for game, expected in [
        ("alice", lambda text, white: (_alice_square(text[:2], white) * 64 + _alice_square(text[2:4], white)) * 5
         + (" nbrq".index(text[4]) if len(text) == 5 else 0)),
        ("dame", lambda text, white: (_dark_square(text[:2], white) * 32 + _dark_square(text[-2:], white)) * 16
         if "x" not in text else None),
        ("dipole", lambda text, white: _dark_square(text[:2], white) * 32 + _dark_square(text[3:5], white)
         if "off" not in text else 1024 + _dark_square(text[:2], white) * 12 + int(text.split(":")[1]) - 1),
    ]:
        board = duel.Board(game)
        checked = 0
        for _ in range(60):
            if board.is_game_over():
                break
            for move in board.legal_moves:
                want = expected(str(move), board.turn)
                if want is not None and str(move) != "pass":
                    assert board.action_of(move) == want, (game, str(move), board.fen())
                    checked += 1
            board.push(rng.choice(board.legal_moves))
        assert checked > 100
