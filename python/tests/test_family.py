"""The k-in-a-row family through Python: random rules against the scanning model (every call, the
whole board after each), the named games, refusals with their exact words, copies, pickling and
threads; and the same random games through OpenSpiel's ``mnk``, ``connect_four`` and ``gomoku``,
move by move."""

from __future__ import annotations

import copy
import pickle
import random
from collections.abc import Callable

import pytest
from family_model import FamilyModel
from hypothesis import given, settings
from hypothesis import strategies as st
from tictactoe import IllegalMoveError, TicTacToe, read_header


@st.composite
def rule_sets(draw: st.DrawFn) -> tuple[int, int, int, bool]:
    rows, cols = draw(st.integers(1, 9)), draw(st.integers(1, 9))
    return rows, cols, draw(st.integers(1, max(rows, cols))), draw(st.booleans())


def agrees(game: TicTacToe, model: FamilyModel) -> None:
    assert game.winner == model.winner
    assert game.is_over == model.is_over
    assert game.is_draw == (model.winner == 0 and model.is_full)
    assert game.move_count == len(model.moves)
    assert game.can_win(1) == model.can_win(1)
    assert game.can_win(2) == model.can_win(2)
    assert str(game) == model.render()
    for r in range(model.rows):
        for c in range(model.cols):
            assert game.cell(r, c) == model.board[r][c]


@settings(max_examples=150, deadline=None)
@given(rules=rule_sets(), exact=st.booleans(), data=st.data())
def test_random_calls_equal_the_model(
    rules: tuple[int, int, int, bool], exact: bool, data: st.DataObject
) -> None:
    rows, cols, k, gravity = rules
    game = TicTacToe(rows=rows, cols=cols, k=k, gravity=gravity, exact=exact)
    model = FamilyModel(rows, cols, k, gravity, exact)
    assert (game.rows, game.cols, game.k, game.gravity, game.exact) == (*rules, exact)
    for _ in range(data.draw(st.integers(1, 60))):
        kind = data.draw(st.sampled_from(["move", "drop", "undo", "due"]))
        player = data.draw(st.sampled_from([1, 2, 1, 2, 0, 3]))
        before = game.to_bytes()
        if kind == "undo":
            if model.moves:
                assert game.undo() == model.undo()
            else:
                with pytest.raises(IndexError):
                    game.undo()
        elif kind == "due":
            free = [
                (r, c)
                for r in range(rows)
                for c in range(cols)
                if model.check_move(r, c, 3 - model.last if model.last else 1) is None
            ]
            if free:
                r, c = data.draw(st.sampled_from(free))
                p = 3 - model.last if model.last else 1
                assert game.move(r, c, p) == model.move(r, c, p)
        else:
            if kind == "move":
                r, c = data.draw(st.integers(-1, rows)), data.draw(st.integers(-1, cols))
                why = model.check_move(r, c, player)
            else:
                c = data.draw(st.integers(-1, cols))
                why = model.check_drop(c, player)
                r = model.landing(c) if 0 <= c < cols else None
            args = (r, c, player) if kind == "move" else (c, player)
            call = game.move if kind == "move" else game.drop
            if why is None:
                assert r is not None
                assert call(*args) == model.move(r, c, player)
            else:
                with pytest.raises(IllegalMoveError) as err:
                    call(*args)
                assert str(err.value).startswith(why), (str(err.value), why)
                assert game.to_bytes() == before
        agrees(game, model)
        # Copies and pickles are the same game, and independent of it.
        clone = pickle.loads(pickle.dumps(game))
        assert clone == game == copy.copy(game) and str(clone) == str(game)


def test_the_named_games() -> None:
    four = TicTacToe.connect_four()
    assert (four.rows, four.cols, four.k, four.gravity) == (6, 7, 4, True)
    gomoku = TicTacToe.gomoku()
    assert (gomoku.rows, gomoku.cols, gomoku.k, gomoku.gravity) == (15, 15, 5, False)
    assert TicTacToe.gomoku(19).rows == 19
    assert repr(four) == "<TicTacToe(rows=6, cols=7, k=4, gravity=True): 0 moves, in play>"
    assert repr(TicTacToe(3)) == "<TicTacToe(3): 0 moves, in play>"
    assert TicTacToe(4, k=3).k == 3 and TicTacToe(4, k=3).n == 4


@pytest.mark.parametrize(
    ("kwargs", "error", "message"),
    [
        ({"rows": 3, "cols": 3, "k": 4}, ValueError, "the rules 3x3, k = 4 make no game: k must"),
        ({"rows": 0, "cols": 3, "k": 1}, ValueError, "the rules 0x3, k = 1 make no game"),
        ({"rows": -2, "cols": 3, "k": 1}, ValueError, "the rules -2x3, k = 1 make no game"),
        ({"rows": 2**70, "cols": 3, "k": 1}, ValueError, f"the rules {2**70}x3, k = 1"),
        (
            {"rows": 70_000, "cols": 3, "k": 3},
            ValueError,
            "the rules 70000x3, k = 3 make no game: a board",
        ),
        (
            {"n": 3, "k": 2, "lean": True},
            ValueError,
            "the rules 3x3, k = 2 make no game: lean mode",
        ),
        (
            {"rows": 6, "cols": 7, "k": 4, "gravity": True, "lean": True},
            ValueError,
            "the rules 6x7",
        ),
        ({"rows": 3}, TypeError, "rows and cols go together"),
        ({"rows": 3, "cols": 3}, TypeError, "k is needed"),
        ({"n": 3, "rows": 3, "cols": 3, "k": 3}, TypeError, "give n, or rows and cols"),
        ({"rows": 3, "cols": 3, "k": 3.0}, TypeError, ""),
        ({"rows": 3, "cols": 3, "k": True}, TypeError, "expected an int, not bool"),
        ({"rows": 3, "cols": 3, "k": 3, "gravity": 1}, TypeError, ""),
    ],
)
def test_rules_that_make_no_game_are_refused(
    kwargs: dict[str, object], error: type[Exception], message: str
) -> None:
    with pytest.raises(error) as raised:
        TicTacToe(**kwargs)  # type: ignore[arg-type]
    assert str(raised.value).startswith(message), str(raised.value)


def test_gravity_refusals_say_why_and_change_nothing() -> None:
    game = TicTacToe.connect_four()
    with pytest.raises(
        IllegalMoveError,
        match=r"cell \(0, 3\) is not where a mark in column 3 lands: that is row 5",
    ):
        game.move(0, 3, 1)
    for _ in range(6):
        game.drop(3, 1 + game.move_count % 2)
    before = game.to_bytes()
    with pytest.raises(IllegalMoveError, match="column 3 is full"):
        game.drop(3, 1)
    with pytest.raises(
        IllegalMoveError, match="column 7 is outside the board: it must be between 0 and 6"
    ):
        game.drop(7, 1)
    with pytest.raises(IllegalMoveError, match=f"column {2**80} is outside"):
        game.drop(2**80, 1)
    with pytest.raises(IllegalMoveError, match="a drop needs gravity"):
        TicTacToe(3).drop(0, 1)
    assert game.to_bytes() == before
    with pytest.raises(AttributeError, match="a 6x7 board has no single size n"):
        _ = game.n


def test_encodings_name_their_rules_and_the_classic_one_is_unchanged() -> None:
    game = TicTacToe(rows=4, cols=9, k=3, gravity=True)
    game.drop(8, 2)
    data = game.to_bytes()
    assert data[:4] == b"TTT\x03"
    assert read_header(data) == (4, 9, 3, True, False)
    assert TicTacToe.from_bytes(data) == game
    classic = TicTacToe(3).to_bytes()
    assert classic[:4] == b"TTT\x02" and read_header(classic) == (3, 3, 3, False, False)
    # The classic rules in the family's format: refused, so that each game has one encoding.
    recoded = b"TTT\x03" + (3).to_bytes(4, "little") * 3 + b"\x00\x00" + bytes(8)
    with pytest.raises(ValueError, match="version 2"):
        TicTacToe.from_bytes(recoded)


def test_svg_draws_connect_four_as_connect_four() -> None:
    game = TicTacToe.connect_four()
    game.drop(0, 1)
    svg = game._repr_svg_()
    assert svg is not None and svg.count("<circle") == 42 and "crimson" in svg
    grid = TicTacToe(rows=2, cols=3, k=2)._repr_svg_()
    assert grid is not None and 'width="120"' in grid and 'height="80"' in grid


# ---- OpenSpiel, move by move ----

pyspiel = pytest.importorskip("pyspiel")


def play_against(spiel_game: object, ours: TicTacToe, rng: random.Random, to_action: object) -> int:
    """Random legal play through both engines to the end, compared after every move; returns the
    moves played."""
    state = spiel_game.new_initial_state()  # type: ignore[attr-defined]
    moves = 0
    while not state.is_terminal():
        action = rng.choice(state.legal_actions())
        player = 1 + state.current_player()
        result = to_action(ours, action, player)  # type: ignore[operator]
        state.apply_action(action)
        moves += 1
        assert ours.is_over == state.is_terminal()
        returns = state.returns()
        winner = 1 if returns[0] > 0 else 2 if returns[1] > 0 else 0
        assert ours.winner == winner == result, (ours, state)
    return moves


def test_mnk_games_agree_with_openspiel() -> None:
    rng = random.Random(3)
    played = 0
    for _ in range(1500):
        rows, cols = rng.randint(1, 8), rng.randint(1, 8)
        k = rng.randint(1, max(rows, cols))
        spiel = pyspiel.load_game("mnk", {"m": cols, "n": rows, "k": k})
        ours = TicTacToe(rows=rows, cols=cols, k=k)
        played += play_against(spiel, ours, rng, lambda g, a, p, w=cols: g.move(a // w, a % w, p))
    assert played > 10_000


def test_connect_four_games_agree_with_openspiel() -> None:
    rng = random.Random(4)
    for _ in range(1500):
        rows, cols = rng.randint(2, 8), rng.randint(2, 8)
        k = rng.randint(2, max(2, min(rows, cols)))
        spiel = pyspiel.load_game("connect_four", {"rows": rows, "columns": cols, "x_in_row": k})
        ours = TicTacToe(rows=rows, cols=cols, k=k, gravity=True)
        play_against(spiel, ours, rng, lambda g, a, p: g.drop(a, p))
    spiel = pyspiel.load_game("connect_four")
    for _ in range(300):
        play_against(spiel, TicTacToe.connect_four(), rng, lambda g, a, p: g.drop(a, p))


def test_gomoku_games_agree_with_openspiel() -> None:
    rng = random.Random(5)
    for _ in range(300):
        size, connect = rng.randint(5, 15), rng.randint(3, 5)
        spiel = pyspiel.load_game("gomoku", {"size": size, "connect": connect})
        ours = TicTacToe(rows=size, cols=size, k=connect)
        play_against(spiel, ours, rng, lambda g, a, p, w=size: g.move(a // w, a % w, p))


def test_exactly_k_ignores_overlines_in_every_call() -> None:
    # Four in a row on 2 x 9: X X X _ X on row 0; the gap makes five (no win under exactly four),
    # the left end four. O's stones on row 1 are apart.
    for exact in (False, True):
        game = TicTacToe(rows=2, cols=9, k=4, exact=exact)
        assert game.exact is exact
        assert ("exact=True" in repr(game)) is exact
        for x, o in zip([2, 3, 4, 6], [0, 2, 4, 6], strict=True):
            game.move(0, x, 1)
            game.move(1, o, 2)
        values = game.move_values()
        assert values[(0, 1)] == (1, 1)
        assert (values[(0, 5)] == (1, 1)) is not exact
        assert game.best_moves() == ([(0, 1)] if exact else [(0, 1), (0, 5)])
        clone = TicTacToe.from_bytes(game.to_bytes())
        assert clone.exact is exact and clone == game
        assert pickle.loads(pickle.dumps(game)).exact is exact
        assert game.move(0, 5, 1) == (0 if exact else 1)
        assert game.is_over is not exact
    assert TicTacToe.gomoku(exact=True).exact and not TicTacToe.gomoku().exact


def test_exactly_k_refuses_lean_and_the_batch_follows_it() -> None:
    with pytest.raises(ValueError, match="exact"):
        TicTacToe(3, exact=True, lean=True)
    pytest.importorskip("numpy")
    from tictactoe import VecGames

    # 1 x 6, two in a row: X at 0 and 2, O at 3 and 5, then X at 1 makes three, an overline.
    for exact in (False, True):
        games = VecGames(1, rows=1, cols=6, k=2, exact=exact)
        assert games.exact is exact
        assert ("exact=True" in repr(games)) is exact
        for action in (0, 3, 2, 5):
            assert not games.step([action])[2][0]
        assert bool(games.step([1])[2][0]) is not exact


@pytest.mark.parametrize(
    "make",
    [lambda: TicTacToe(rows=2**70, cols=3, k=2), lambda: TicTacToe.gomoku(2**70)],
)
def test_a_side_too_large_names_the_limit_of_a_board_that_keeps_its_cells(
    make: Callable[[], object],
) -> None:
    with pytest.raises(ValueError, match="between 1 and 65535"):
        make()


def test_a_copy_of_a_game_is_a_fresh_game_with_the_same_moves() -> None:
    game = TicTacToe(rows=1, cols=300, k=5)
    game.move(0, 7, 2)
    game.move(0, 9, 1)
    twin = copy.copy(game)
    assert twin == game and twin is not game
    twin.undo()
    assert game.move_count == 2 and twin.move_count == 1
    assert copy.deepcopy(game) == game


def test_lean_with_gravity_names_gravity() -> None:
    with pytest.raises(ValueError, match=r"3x3, k = 3 make no game: with gravity: lean mode"):
        TicTacToe(3, gravity=True, lean=True)
