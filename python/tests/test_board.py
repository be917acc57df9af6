"""duel.Board: the rules of the four games, checked against the engine binary."""

from __future__ import annotations

import copy
import re

import pytest

import duel
from support import pgn_games, run_binary


@pytest.mark.parametrize("game", duel.VARIANTS)
def test_perft_from_the_start_equals_the_engines(game: str) -> None:
    output = run_binary("perft", "--variant", game, "3")
    nodes = int(re.search(r"Nodes searched: (\d+)", output).group(1))
    assert duel.Board(game).perft(3) == nodes


@pytest.mark.parametrize("game", duel.VARIANTS)
def test_match_games_replay_move_for_move(game: str, tmp_path) -> None:
    pgn = tmp_path / "games.pgn"
    run_binary(
        "match", "--variant", game, "--engine", "name=random", "builtin=random",
        "--engine", "name=greedy", "builtin=greedy", "--depth", "1", "--games", "6",
        "--seed", "11", "--pgnout", str(pgn),
    )
    games = pgn_games(pgn.read_text())
    assert len(games) == 6
    for tags, moves in games:
        board = duel.Board(game, fen=tags.get("FEN"))
        for text in moves:
            assert text in [str(move) for move in board.legal_moves], (text, board.fen())
            board.push(text)
        assert len(board.move_stack) == int(tags["PlyCount"])
        # Every one ended by the rules (no adjudication was asked for): the same result here.
        assert tags["Termination"] == "normal"
        assert board.is_game_over()
        assert board.result() == tags["Result"]


def test_push_and_pop_walk_the_game() -> None:
    board = duel.Board()
    start = board.fen()
    move = board.legal_moves[0]
    played = board.push(move)
    assert played == move and str(played) == str(move)
    assert board.turn is duel.BLACK
    assert board.move_stack == [move]
    assert board.pop() == move
    assert board.fen() == start and board.move_stack == []
    with pytest.raises(IndexError):
        board.pop()


def test_a_move_of_another_position_plays_where_it_is_legal() -> None:
    board = duel.Board("alice")
    e4 = board.parse_move("e2e4")
    board.push("g1f3")
    board.push("g8f6")
    board.push(e4)
    assert [str(m) for m in board.move_stack] == ["g1f3", "g8f6", "e2e4"]


@pytest.mark.parametrize(
    ("game", "fen", "message"),
    [
        ("duel", "nonsense", "expected"),
        ("dame", "1m1m1m1m/8 w", "rows"),
        ("chess", None, "unknown variant 'chess'"),
    ],
)
def test_a_bad_game_or_position_says_why(game: str, fen: str | None, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        duel.Board(game, fen=fen)


@pytest.mark.parametrize(("game", "bad"), [("duel", "E1-E9"), ("dipole", "e1"), ("dame", "a1-b2"), ("alice", "e2e5")])
def test_a_bad_move_raises_and_leaves_the_board(game: str, bad: str) -> None:
    board = duel.Board(game)
    board.push(board.legal_moves[0])
    fen, stack = board.fen(), board.move_stack
    with pytest.raises(ValueError) as error:
        board.push(bad)
    assert bad in str(error.value)
    assert board.fen() == fen and board.move_stack == stack
    with pytest.raises(TypeError):
        board.push(42)


def test_a_move_of_another_game_is_refused() -> None:
    alice = duel.Board("alice")
    with pytest.raises(ValueError, match="a move of duel cannot be played in alice"):
        alice.push(duel.Board("duel").legal_moves[0])


def test_copies_are_independent() -> None:
    board = duel.Board("dame")
    board.push("c3-d4")
    for twin in (board.copy(), copy.copy(board), copy.deepcopy(board)):
        twin.push(twin.legal_moves[0])
        assert len(twin.move_stack) == 2
    assert len(board.move_stack) == 1


def test_the_end_of_a_game_names_its_winner() -> None:
    board = duel.Board("dipole")
    assert board.outcome() is None and board.result() == "*"
    while not board.is_game_over():
        board.push_action(board.legal_actions()[0])
    outcome = board.outcome()
    assert outcome is not None
    assert outcome.result() == board.result() != "*"
    assert outcome.winner in (True, False, None)
    assert outcome.termination in ("goal", "no_legal_move", "repetition", "quiet_plies")
    assert outcome.reason


def test_the_diagram_is_the_protocols() -> None:
    board = duel.Board("dame")
    printed = run_binary(stdin="uci\nsetoption name UCI_Variant value dame\nd\nquit\n")
    assert str(board).splitlines()[0] in printed


@pytest.mark.parametrize("game", duel.VARIANTS)
def test_a_board_pickles_with_its_history(game: str) -> None:
    import pickle

    board = duel.Board(game)
    for _ in range(3):
        board.push(board.legal_moves[0])
    twin = pickle.loads(pickle.dumps(board))
    assert twin.fen() == board.fen() and twin.move_stack == board.move_stack
    assert twin.pop() == board.move_stack[-1]
