"""duel.Engine: the engine in-process, checked against the binary, stopped from another thread,
and searching with the GIL released."""

from __future__ import annotations

import re
import threading
import time

import pytest

import duel
from support import search_with_binary


@pytest.mark.parametrize("game", duel.VARIANTS)
def test_analyse_finds_what_the_binary_finds(game: str) -> None:
    # One thread and a fixed depth: the search is deterministic, so the module and the binary
    # (both fresh, default options) report the same best line, score (on the common scale) and
    # chances.
    info = duel.Engine(game).analyse(duel.Board(game), depth=5)
    printed = search_with_binary(game, "setoption name UCI_ShowWDL value true\ngo depth 5")
    last = [line for line in printed if line.startswith("info depth 5 ")][-1]
    assert f"nodes {info['nodes']} " in last
    assert last.split(" pv ")[1].split() == [str(move) for move in info["pv"]]
    score = re.search(r"score (cp|mate) (-?\d+)", last)
    assert (score.group(1), int(score.group(2))) == (
        ("cp", info["score"].cp) if info["score"].cp is not None else ("mate", info["score"].mate)
    )
    wdl = re.search(r" wdl (\d+) (\d+) (\d+) ", last)
    assert wdl is not None, last
    assert tuple(info["wdl"]) == tuple(int(w) for w in wdl.groups())
    assert info["depth"] == 5 and info["seldepth"] >= 5 and info["multipv"] == 1


def test_the_chances_add_up_and_give_the_expected_result() -> None:
    for game in duel.VARIANTS:
        wdl = duel.Engine(game).analyse(duel.Board(game), depth=3)["wdl"]
        win, draw, loss = wdl
        assert (win, draw, loss) == (wdl.win, wdl.draw, wdl.loss)
        assert win + draw + loss == 1000
        assert wdl.expected == pytest.approx((win + draw / 2) / 10)
        assert 0 <= wdl.expected <= 100
        assert str(wdl) == f"{win} {draw} {loss}"
        assert repr(wdl) == f"Wdl(win={win}, draw={draw}, loss={loss})"


def test_a_mate_is_a_certain_result() -> None:
    # Duel: White's die on D1 shows 6 and reaches e6, next to Black's king, which has no way out
    # (DUEL-MATT in one, as tests/tools/play.rs plays it).
    board = duel.Board("duel")
    board.push("D1-D7")
    board.push("G8-f7")
    info = duel.Engine("duel").analyse(board, depth=3)
    assert info["score"].mate == 1
    assert tuple(info["wdl"]) == (1000, 0, 0) and info["wdl"].expected == 100.0


def test_the_principal_variation_is_playable() -> None:
    board = duel.Board("dame")
    info = duel.Engine("dame").analyse(board, depth=6)
    for move in info["pv"]:
        board.push(move)
    assert len(board.move_stack) == len(info["pv"]) > 0


def test_multipv_gives_distinct_lines_best_first() -> None:
    lines = duel.Engine("alice").analyse(duel.Board("alice"), depth=4, multipv=3)
    assert [line["multipv"] for line in lines] == [1, 2, 3]
    assert len({str(line["pv"][0]) for line in lines}) == 3
    scores = [line["score"].cp for line in lines]
    assert scores == sorted(scores, reverse=True)
    # Better scores give better chances.
    expected = [line["wdl"].expected for line in lines]
    assert expected == sorted(expected, reverse=True)


def test_play_gives_a_legal_move_and_leaves_the_board() -> None:
    board = duel.Board("dipole")
    move = duel.Engine("dipole").play(board, nodes=2000)
    assert move in board.legal_moves
    assert board.move_stack == []


def test_a_finished_game_has_no_move_to_play() -> None:
    board = duel.Board("dipole")
    while not board.is_game_over():
        board.push_action(board.legal_actions()[-1])
    if board.legal_moves:
        pytest.skip("this game ended by a draw rule with moves left")
    assert duel.Engine("dipole").play(board, depth=3) is None


def test_stop_from_another_thread_ends_the_search_and_the_gil_is_free_meanwhile() -> None:
    engine = duel.Engine("duel")
    board = duel.Board("duel")
    answer: list[duel.Move | None] = []
    searching = threading.Thread(target=lambda: answer.append(engine.play(board, depth=99)))
    started = time.monotonic()
    searching.start()
    # While the search runs, this thread runs Python: the search does not hold the GIL.
    counted = 0
    while time.monotonic() - started < 0.5:
        counted += 1
    assert counted > 10_000
    engine.stop()
    searching.join(timeout=10)
    assert not searching.is_alive()
    assert answer and answer[0] in board.legal_moves


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda: duel.Engine("go"), "unknown variant 'go'"),
        (lambda: duel.Engine("duel", skill_level=21), "skill_level 21"),
        (lambda: duel.Engine("duel").analyse(duel.Board("duel")), "needs a limit"),
        (lambda: duel.Engine("duel").play(duel.Board("dame"), depth=1), "plays duel, the board is dame"),
        (lambda: duel.Engine("duel").play(duel.Board(), movetime=-1.0), "movetime -1"),
    ],
)
def test_bad_requests_say_why(make, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        make()


def test_options_shape_the_search() -> None:
    board = duel.Board("alice")
    hand = duel.Engine("alice", nnue=False).analyse(board, depth=5)
    net = duel.Engine("alice", nnue=True).analyse(board, depth=5)
    assert hand["score"] != net["score"] or hand["nodes"] != net["nodes"]
    weak = duel.Engine("alice", skill_level=0)
    assert weak.play(board, depth=3) in board.legal_moves
    assert duel.Engine("alice", threads=2, hash_mb=32).play(board, nodes=5000) in board.legal_moves
