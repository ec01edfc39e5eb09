"""The Python face case by case: the classic game, every error path, batches and rendering."""

from __future__ import annotations

import array
import re
from collections.abc import Callable, Iterator

import pytest
import tictactoe
from helpers import assert_agrees, snapshot
from model import Model
from tictactoe import IllegalMoveError, TicTacToe

CLASSIC = [(0, 0, 1), (0, 2, 2), (2, 2, 1), (1, 1, 2), (2, 0, 1), (1, 0, 2), (2, 1, 1)]


def int64_rows(moves: list[tuple[int, int, int]]) -> memoryview:
    """A (k, 3) buffer of 64-bit ints, as a NumPy int64 array would expose, without NumPy."""
    flat = array.array("q", [v for m in moves for v in m])
    return memoryview(flat).cast("B").cast("q", (len(moves), 3))


def test_classic_transcript_answers_and_boards() -> None:
    game, model = TicTacToe(3), Model(3)
    answers = []
    for row, col, player in CLASSIC:
        answers.append(game.move(row, col, player))
        model.move(row, col, player)
        assert str(game) == model.render()
    assert answers == [0, 0, 0, 0, 0, 0, 1]
    assert str(game) == "|X| |O|\n|O|O| |\n|X|X|X|"
    assert_agrees(game, model)


def test_public_names() -> None:
    assert tictactoe.__all__ == [
        "Agent",
        "Book",
        "Header",
        "IllegalMoveError",
        "SearchLimitError",
        "Solver",
        "TicTacToe",
        "VecGames",
        "__version__",
        "read_header",
    ]
    assert issubclass(IllegalMoveError, ValueError)
    assert TicTacToe.__module__ == "tictactoe"


@pytest.mark.parametrize("lean", [False, True])
@pytest.mark.parametrize(
    ("row", "col", "player", "message"),
    [
        (0, 0, 3, "player 3 is invalid"),
        (0, 0, 0, "player 0 is invalid"),
        (-1, 0, 1, "cell (-1, 0) is outside the 3x3 board"),
        (0, 3, 1, "cell (0, 3) is outside"),
        (10**30, 0, 1, "is outside"),
        (0, -(10**30), 1, "is outside"),
        (0, 0, 2**64, "is invalid"),
        (1, 1, 1, "it is O's turn, not X's"),
    ],
)
def test_refused_moves_change_nothing(
    lean: bool, row: int, col: int, player: int, message: str
) -> None:
    game = TicTacToe(3, lean=lean)
    game.move(0, 0, 2)
    game.move(2, 2, 1)
    before = snapshot(game)
    with pytest.raises(IllegalMoveError, match=re.escape(message)) as err:
        game.move(row, col, player)
    assert err.value.index is None
    assert snapshot(game) == before


def test_taken_cell_and_finished_game() -> None:
    game = TicTacToe(2)
    game.move(0, 0, 1)
    with pytest.raises(IllegalMoveError, match=r"cell \(0, 0\) is already taken by X"):
        game.move(0, 0, 2)
    game.play([(1, 1, 2), (0, 1, 1)])
    before = snapshot(game)
    with pytest.raises(IllegalMoveError, match="the game is over: X has won"):
        game.move(1, 0, 2)
    assert snapshot(game) == before


@pytest.mark.parametrize("bad", [1.0, "1", None, [1], 1j])
def test_non_ints_are_type_errors(bad: object) -> None:
    game = TicTacToe(3)
    before = snapshot(game)
    for call in (
        lambda: game.move(bad, 0, 1),
        lambda: game.move(0, bad, 1),
        lambda: game.move(0, 0, bad),
        lambda: game.cell(bad, 0),
        lambda: game.can_win(bad),
        lambda: TicTacToe(bad),
    ):
        with pytest.raises(TypeError):
            call()
    assert snapshot(game) == before


def test_int_like_values_are_accepted() -> None:
    class Index:
        def __index__(self) -> int:
            return 1

    game = TicTacToe(3)
    assert game.move(Index(), Index(), 2) == 0
    assert game.cell(1, 1) == 2


def test_bools_are_refused_everywhere_an_int_is_asked_for() -> None:
    # One rule for bools across the package: a yes or no is never a number here.
    import numpy as np
    from tictactoe import VecGames

    game = TicTacToe(3)
    calls = [
        lambda: TicTacToe(True),
        lambda: game.move(True, 0, 1),
        lambda: game.move(0, 0, np.True_),
        lambda: game.cell(0, False),
        lambda: game.can_win(True),
        lambda: game.play([(0, 0, True)]),
        lambda: VecGames(True),
        lambda: VecGames(2, True),
        lambda: VecGames(2, threads=True),
        lambda: VecGames(2, seed=True),
        lambda: VecGames(2).game(True),
        lambda: VecGames(2).step(np.array([True, False])),
        lambda: VecGames(2).step(np.array([True, 0], dtype=object)),
    ]
    for call in calls:
        with pytest.raises(TypeError, match="bool"):
            call()
    assert game.move_count == 0


@pytest.mark.parametrize("n", [0, -1, -(10**30), 65536, 10**30])
def test_bad_sizes(n: int) -> None:
    with pytest.raises((ValueError, OverflowError)):
        TicTacToe(n)


def test_lean_sizes_go_further() -> None:
    # A size the memory cannot hold is a MemoryError: allocation_failure.py, run under a limit,
    # since every size the modes allow fits in this machine's memory.
    assert TicTacToe(65536, lean=True).n == 65536
    with pytest.raises(ValueError, match="between 1 and 536870911"):
        TicTacToe(2**29, lean=True)


def test_lean_games_have_no_board() -> None:
    game = TicTacToe(3, lean=True)
    game.move(0, 0, 1)
    for call in (lambda: game.cell(0, 0), game.undo):
        with pytest.raises(ValueError, match="lean game keeps no board"):
            call()
    assert str(game) == "lean 3x3 game, 1 move"
    assert game._repr_svg_() is None
    assert repr(game) == "<TicTacToe(3, lean=True): 1 move, in play>"


def test_cell_and_undo_errors() -> None:
    game = TicTacToe(3)
    with pytest.raises(IndexError, match="no move to undo"):
        game.undo()
    with pytest.raises(IndexError, match="outside the 3x3 board"):
        game.cell(3, 0)
    with pytest.raises(ValueError, match="player 5 is invalid"):
        game.can_win(5)


def test_undo_takes_back_a_win() -> None:
    game = TicTacToe(3)
    game.play(CLASSIC)
    assert game.winner == 1
    assert game.undo() == (2, 1, 1)
    assert (game.winner, game.is_over, game.cell(2, 1)) == (0, False, 0)


def test_reset_keeps_size_and_mode() -> None:
    for lean in (False, True):
        game = TicTacToe(4, lean=lean)
        game.play([(0, 0, 1), (3, 3, 2)])
        game.reset()
        assert game == TicTacToe(4, lean=lean)
        assert (game.n, game.lean, game.move_count) == (4, lean, 0)


class ArrayInterface:
    """Moves exposed the way NumPy exposes an int64 array, through ``__array_interface__``, without
    NumPy; iterable too, for when the interface does not qualify."""

    def __init__(self, moves: list[tuple[int, int, int]], typestr: str = "<i8") -> None:
        self.moves = moves
        self.data = array.array("q", [v for m in moves for v in m])
        address, _ = self.data.buffer_info()
        self.__array_interface__ = {
            "version": 3,
            "typestr": typestr,
            "shape": (len(moves), 3),
            "data": (address, False),
            "strides": None,
        }

    def __iter__(self) -> Iterator[tuple[int, int, int]]:
        return iter(self.moves)


Source = Callable[[list[tuple[int, int, int]]], object]
SOURCES: list[Source] = [
    list,
    tuple,
    iter,
    int64_rows,
    lambda ms: [list(m) for m in ms],
    ArrayInterface,
    lambda ms: ArrayInterface(ms, typestr=">i8"),  # not read in place: iterated instead
]


@pytest.mark.parametrize("source", SOURCES)
def test_play_applies_a_batch_from_any_source(source: Source) -> None:
    game = TicTacToe(3)
    assert game.play(source(CLASSIC)) == 1
    assert str(game) == "|X| |O|\n|O|O| |\n|X|X|X|"


@pytest.mark.parametrize("source", SOURCES)
@pytest.mark.parametrize("lean", [False, True])
def test_play_is_all_or_nothing(source: Source, lean: bool) -> None:
    game = TicTacToe(3, lean=lean)
    game.move(1, 1, 2)
    before = snapshot(game)
    bad = [(0, 0, 1), (0, 1, 2), (0, 2, 1), (1, 1, 1)]
    with pytest.raises(IllegalMoveError) as err:
        game.play(source(bad))
    assert err.value.index == 3
    assert snapshot(game) == before


def test_play_reports_malformed_moves_with_their_index() -> None:
    game = TicTacToe(3)
    for bad, index in [([(0, 0, 1), (1, 1)], 1), ([(0, 0, 1), "abc"], 1), ([5], 0)]:
        with pytest.raises(TypeError) as err:
            game.play(bad)
        assert err.value.index == index  # type: ignore[attr-defined]
    with pytest.raises(TypeError):
        game.play(5)
    assert game.move_count == 0


def test_an_empty_array_is_an_empty_batch() -> None:
    game = TicTacToe(3)
    assert game.play(ArrayInterface([])) == 0
    assert game.move_count == 0


def test_other_buffers_fall_back_to_iteration() -> None:
    flat = array.array("i", [0, 0, 1, 1, 1, 2])  # 32-bit ints: not the fast path
    rows = memoryview(flat).cast("B").cast("i", (2, 3))
    game = TicTacToe(3)
    assert game.play(rows.tolist()) == 0
    with pytest.raises(TypeError):
        game.play(array.array("q", [0, 1, 1]))  # one-dimensional: not triples


def test_svg_shows_each_mark() -> None:
    game = TicTacToe(3)
    game.play([(0, 0, 1), (1, 1, 2)])
    svg = game._repr_svg_()
    assert svg is not None and svg.startswith("<svg") and svg.endswith("</svg>")
    assert svg.count("<path") == 1 and svg.count("<circle") == 1


def test_repr_and_equality() -> None:
    game = TicTacToe(3)
    game.play(CLASSIC)
    assert repr(game) == "<TicTacToe(3): 7 moves, X has won>"
    assert game != TicTacToe(3)
    assert game != "not a game"
    with pytest.raises(TypeError):
        hash(game)
