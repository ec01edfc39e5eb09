"""Perfect play through Python: the known results, random positions of small random rules against a
plain exhaustive search written here, budgets, refusals, and a game changed from another thread
while a search runs on it."""

from __future__ import annotations

import functools
import random
import threading
from collections.abc import Callable

import pytest
from tictactoe import IllegalMoveError, SearchLimitError, TicTacToe


def plain_outcome(
    rows: int, cols: int, k: int, gravity: bool, board: tuple[int, ...], mover: int
) -> tuple[int, int]:
    """Every move tried, each outcome from the children's: (value, plies) for ``mover``."""
    return _plain_search(rows, cols, k, gravity)(board, mover)


@functools.cache
def _plain_search(
    rows: int, cols: int, k: int, gravity: bool
) -> Callable[[tuple[int, ...], int], tuple[int, int]]:
    """The exhaustive search of one rule set, remembering every position it scored (the tests
    ask thousands of positions of a few dozen rule sets)."""
    windows = []
    for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
        for r in range(rows):
            for c in range(cols):
                cells = [(r + i * dr, c + i * dc) for i in range(k)]
                if all(0 <= a < rows and 0 <= b < cols for a, b in cells):
                    windows.append([a * cols + b for a, b in cells])

    @functools.cache
    def outcome(board: tuple[int, ...], mover: int) -> tuple[int, int]:
        best: tuple[int, int] | None = None
        for cell in legal(board):
            child = after(board, cell, mover)
            if best is None or rank(child) > rank(best):
                best = child
        assert best is not None
        return best

    def legal(board: tuple[int, ...]) -> list[int]:
        if gravity:
            found = []
            for c in range(cols):
                empty = [r * cols + c for r in range(rows) if board[r * cols + c] == 0]
                if empty:
                    found.append(empty[-1])
            return found
        return [i for i, v in enumerate(board) if v == 0]

    def after(board: tuple[int, ...], cell: int, mover: int) -> tuple[int, int]:
        child = (*board[:cell], mover, *board[cell + 1 :])
        if any(all(child[i] == mover for i in w) for w in windows):
            return 1, 1
        if all(child):
            return 0, 1
        value, plies = outcome(child, 3 - mover)
        return -value, plies + 1

    return outcome


def rank(result: tuple[int, int]) -> tuple[int, int]:
    value, plies = result
    return (2, -plies) if value == 1 else (1, 0) if value == 0 else (0, plies)


def test_the_known_results() -> None:
    assert TicTacToe(3).solve() == (0, 9)
    assert TicTacToe(4).solve() == (0, 16)
    assert TicTacToe(4, k=3).solve()[0] == 1
    assert TicTacToe(rows=3, cols=4, k=3).solve()[0] == 1


def test_random_positions_equal_a_plain_exhaustive_search() -> None:
    rng = random.Random(21)
    checked = 0
    while checked < 250:
        rows, cols = rng.randint(1, 3), rng.randint(1, 3)
        k, gravity = rng.randint(1, max(rows, cols)), rng.random() < 0.5
        game = TicTacToe(rows=rows, cols=cols, k=k, gravity=gravity)
        player = rng.choice([1, 2])
        for _ in range(rng.randrange(rows * cols)):
            free = [
                (r, c)
                for r in range(rows)
                for c in range(cols)
                if game.cell(r, c) == 0 and (not gravity or r == rows - 1 or game.cell(r + 1, c))
            ]
            if game.is_over or not free:
                break
            game.move(*rng.choice(free), player)
            player = 3 - player
        if game.is_over:
            with pytest.raises(IllegalMoveError):
                game.solve()
            continue
        board = tuple(game.cell(r, c) for r in range(rows) for c in range(cols))
        want = plain_outcome(rows, cols, k, gravity, board, player)
        assert game.solve() == want, (rows, cols, k, gravity, board)
        # Every best move keeps the outcome, and every other move does not.
        best = set(game.best_moves())
        assert best
        for r in range(rows):
            for c in range(cols):
                copy = TicTacToe.from_bytes(game.to_bytes())
                try:
                    won = copy.move(r, c, player)
                except IllegalMoveError:
                    assert (r, c) not in best
                    continue
                kept = (1, 1) if won else (0, 1) if copy.is_over else None
                if kept is None:
                    value, plies = copy.solve()
                    kept = (-value, plies + 1)
                assert (kept == want) == ((r, c) in best), (board, (r, c))
        checked += 1


@pytest.mark.parametrize("budget", [0, 1, 10])
def test_a_budget_that_runs_out_changes_nothing(budget: int) -> None:
    game = TicTacToe.connect_four()  # nine stones: deeper than the books answer exactly
    for i, col in enumerate([3, 3, 3, 3, 2, 4, 4, 2, 1]):
        game.drop(col, 1 + i % 2)
    before = game.to_bytes()
    with pytest.raises(SearchLimitError, match=f"budget of {budget} positions"):
        game.solve(max_nodes=budget)
    with pytest.raises(SearchLimitError):
        game.best_moves(max_nodes=budget)
    assert game.to_bytes() == before
    assert TicTacToe(3).solve(max_nodes=2**80) == (0, 9)


@pytest.mark.parametrize(
    ("budget", "error"), [(-1, ValueError), (1.5, TypeError), (True, TypeError), ("9", TypeError)]
)
def test_bad_budgets_are_refused(budget: object, error: type[Exception]) -> None:
    with pytest.raises(error):
        TicTacToe(3).solve(max_nodes=budget)  # type: ignore[arg-type]


def test_finished_and_lean_games_are_refused_like_illegal_moves() -> None:
    won = TicTacToe(1)
    won.move(0, 0, 2)
    for game in (won, TicTacToe(3, lean=True)):
        with pytest.raises(IllegalMoveError):
            game.solve()
        with pytest.raises(IllegalMoveError):
            game.best_moves()


def test_a_game_changed_from_another_thread_while_a_search_runs() -> None:
    # The search works on a copy, without the interpreter: the game stays usable meanwhile, and
    # the answer is the position's as it was when asked. The position takes a search of about a
    # tenth of a second, so the changes usually overlap it (the game is changed at least once
    # whatever the timing: the last assertion must not depend on it).
    game = TicTacToe.connect_four()
    for i, col in enumerate([3, 2, 3, 2, 3, 3, 4, 4]):
        game.drop(col, 1 + i % 2)
    want = TicTacToe.from_bytes(game.to_bytes()).solve()
    results: list[tuple[int, int]] = []
    asking = threading.Event()

    def ask() -> None:
        # The worker keeps the interpreter from here into the call, which copies the position
        # before it lets go: the changes below start after the question was asked.
        asking.set()
        results.append(game.solve())

    worker = threading.Thread(target=ask)
    worker.start()
    asking.wait()
    played = 0
    while played == 0 or (worker.is_alive() and played < 200):
        game.reset()
        game.drop(played % 7, 1)
        game.undo()
        played += 1
    worker.join()
    assert results == [want]
    assert game.move_count == 0


def test_a_budget_whose_index_changes_the_game_is_read_first() -> None:
    game = TicTacToe(3)

    class Sneaky:
        def __index__(self) -> int:
            game.move(1, 1, 1)
            return 10**6

    # The budget is read before the position is copied: the answer is the changed position's.
    assert game.solve(max_nodes=Sneaky()) == TicTacToe.from_bytes(game.to_bytes()).solve()  # type: ignore[arg-type]
    assert game.move_count == 1


def test_the_perfect_play_example_plays_its_matches() -> None:
    import importlib.util
    from pathlib import Path

    path = Path(__file__).parents[2] / "examples" / "python" / "perfect_play.py"
    spec = importlib.util.spec_from_file_location("perfect_play", path)
    assert spec is not None and spec.loader is not None
    example = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(example)
    for agent in (example.random_agent, example.greedy_agent):
        won, drawn, lost = example.match(lambda: TicTacToe(4), 0, agent, 2, seed=1)
        # Perfect play never loses 4 x 4 (a draw with best play): the agent never wins.
        assert won == 0 and drawn + lost == 2
