"""``move_values``, ``Solver`` and ``Agent`` through Python: every move's value against a plain
exhaustive search written here (test_solve's), a solver shared by threads and reused across mixed
rules against fresh answers, and the agent's dial: only best moves at 1, uniform at 0, seeds that
repeat, a real player within a budget, and hostile arguments."""

from __future__ import annotations

import collections
import random
import threading
from collections.abc import Callable

import pytest
from test_solve import plain_outcome, rank
from tictactoe import Agent, IllegalMoveError, SearchLimitError, Solver, TicTacToe


def legal(game: TicTacToe) -> list[tuple[int, int]]:
    rows, cols, gravity = game.rows, game.cols, game.gravity
    return [
        (r, c)
        for r in range(rows)
        for c in range(cols)
        if game.cell(r, c) == 0 and (not gravity or r == rows - 1 or game.cell(r + 1, c))
    ]


def run_threads(target: Callable[[int], None], args: list[int]) -> None:
    """Runs ``target(a)`` for each of ``args`` on a thread of its own, all at once, and waits."""
    threads = [threading.Thread(target=target, args=(a,)) for a in args]
    for t in threads:
        t.start()
    for t in threads:
        t.join()


def opening() -> TicTacToe:
    """A Connect Four opening of nine stones: deeper than the exact opening book, which answers
    shallower positions at once, not a draw (whose plies the value book proves), and still too
    deep for a small budget."""
    game = TicTacToe.connect_four()
    for i, col in enumerate([3, 3, 3, 3, 2, 4, 4, 2, 1]):
        game.drop(col, 1 + i % 2)
    return game


def random_position(rng: random.Random) -> tuple[TicTacToe, int]:
    rows, cols = rng.randint(1, 3), rng.randint(1, 4)
    k, gravity = rng.randint(1, max(rows, cols)), rng.random() < 0.5
    game = TicTacToe(rows=rows, cols=cols, k=k, gravity=gravity)
    player = 1
    for _ in range(rng.randrange(rows * cols)):
        free = legal(game)
        if game.is_over or not free:
            break
        game.move(*rng.choice(free), player)
        player = 3 - player
    return game, player


def plain_values(game: TicTacToe, player: int) -> dict[tuple[int, int], tuple[int, int]]:
    rows, cols = game.rows, game.cols
    board = [game.cell(r, c) for r in range(rows) for c in range(cols)]
    found = {}
    for r, c in legal(game):
        child = list(board)
        child[r * cols + c] = player
        copy = TicTacToe.from_bytes(game.to_bytes())
        won = copy.move(r, c, player)
        if won:
            found[(r, c)] = (1, 1)
        elif copy.is_over:
            found[(r, c)] = (0, 1)
        else:
            v, p = plain_outcome(rows, cols, game.k, game.gravity, tuple(child), 3 - player)
            found[(r, c)] = (-v, p + 1)
    return found


def test_move_values_equal_the_plain_search_and_agree_with_solve_and_best_moves() -> None:
    rng = random.Random(5)
    solver = Solver(table_bits=12)
    checked = 0
    while checked < 200:
        game, player = random_position(rng)
        if game.is_over:
            with pytest.raises(IllegalMoveError):
                game.move_values()
            continue
        values = game.move_values()
        assert values == plain_values(game, player)
        assert list(values) == sorted(values)  # row-major
        best = max(values.values(), key=rank)
        assert game.solve() == best
        assert game.best_moves() == [m for m, v in values.items() if v == best]
        assert solver.move_values(game) == values
        assert solver.solve(game) == best
        assert solver.best_moves(game) == game.best_moves()
        checked += 1


def test_a_solver_reused_across_mixed_rules_and_shared_by_threads_answers_as_fresh_ones() -> None:
    rng = random.Random(8)
    positions = []
    while len(positions) < 400:
        game, _ = random_position(rng)
        if not game.is_over:
            positions.append((game, game.solve(), game.best_moves()))
    shared = Solver(table_bits=10)
    errors: list[str] = []

    def work(offset: int) -> None:
        for game, solved, best in positions[offset:] + positions[:offset]:
            if shared.solve(game) != solved or shared.best_moves(game) != best:
                errors.append(repr(game))

    run_threads(work, [i * 100 for i in range(4)])
    assert errors == []
    shared.clear()
    assert shared.solve(TicTacToe(3)) == (0, 9)


def test_deep_solves_with_a_helper_thread_shared_by_threads_answer_as_one_thread() -> None:
    # Positions deep enough that an unbudgeted solve runs a helper thread on its table; a budget no
    # search reaches keeps a solve on one thread. Three threads share one large solver (its small
    # table for the positions near the end in use too) while the answers are compared.
    positions = []
    for cols in ([3, 2, 3, 2, 3, 3, 4, 4], [3, 3, 2, 4, 4, 2, 1, 1, 5], [2, 3, 1, 1, 5, 0, 0, 1]):
        game = TicTacToe.connect_four()
        for i, col in enumerate(cols):
            game.drop(col, 1 + i % 2)
        positions.append((game, Solver(table_bits=19).solve(game, max_nodes=2**64 - 2)))
    shared = Solver(table_bits=20)
    errors: list[str] = []

    def work(offset: int) -> None:
        for game, alone in positions[offset:] + positions[:offset]:
            if shared.solve(game) != alone or game.solve() != alone:
                errors.append(repr(game))

    run_threads(work, [i for i in range(3)])
    assert errors == []


def test_solver_stats_count_the_searched_positions_and_table_hits() -> None:
    solver = Solver(16)
    assert solver.stats == (0, 0)
    # A budget of B positions is used up by the first position past it.
    budgets = (1, 100, 5000)
    for budget in budgets:
        before = solver.stats[0]
        with pytest.raises(SearchLimitError):
            solver.solve(opening(), max_nodes=budget)
        assert solver.stats[0] - before == budget + 1
    solver.clear()
    nodes, hits = solver.stats
    assert nodes == sum(budget + 1 for budget in budgets)  # clear() empties the table, not counts
    game = TicTacToe(4, k=3)
    first = solver.solve(game)
    after_first = solver.stats
    assert after_first[0] > nodes and after_first[1] >= hits
    # The same position again: answered from the table, in fewer positions and with more hits.
    assert solver.solve(game) == first
    again = (solver.stats[0] - after_first[0], solver.stats[1] - after_first[1])
    assert 0 < again[0] < after_first[0] - nodes
    assert again[1] > 0


def test_the_opening_book_answers_at_once_unless_turned_off() -> None:
    empty = TicTacToe.connect_four()
    booked = Solver(16)
    # The known result, from the book without a node: the first player wins with the 41st stone.
    assert booked.solve(empty, max_nodes=0) == (1, 41)
    assert booked.best_moves(empty, max_nodes=0) == [(5, 3)]
    assert booked.stats == (0, 0)
    searched = Solver(16, book=False)
    with pytest.raises(SearchLimitError):
        searched.solve(empty, max_nodes=1000)
    for book, error in [(1, TypeError), (None, TypeError), ("no such file", FileNotFoundError)]:
        with pytest.raises(error):
            Solver(16, book=book)  # type: ignore[arg-type]


def test_solver_refusals() -> None:
    for bits, error in [
        (-1, ValueError),
        (31, ValueError),
        (2**70, ValueError),
        (1.5, TypeError),
        (True, TypeError),
        ("8", TypeError),
    ]:
        with pytest.raises(error):
            Solver(table_bits=bits)  # type: ignore[arg-type]
    assert Solver().table_bits == 20
    solver = Solver(table_bits=4)
    game = opening()
    before = game.to_bytes()
    with pytest.raises(SearchLimitError):
        solver.move_values(game, max_nodes=100)
    assert game.to_bytes() == before
    with pytest.raises(TypeError):
        solver.solve("not a game")  # type: ignore[arg-type]
    won = TicTacToe(1)
    won.move(0, 0, 1)
    for game in (won, TicTacToe(3, lean=True)):
        for call in (solver.solve, solver.best_moves, solver.move_values):
            with pytest.raises(IllegalMoveError):
                call(game)


def test_a_perfect_agent_plays_only_best_moves_and_never_loses_tic_tac_toe() -> None:
    agent = Agent(1.0, seed=3)
    rng = random.Random(4)
    for round in range(60):
        side = 1 + round % 2
        game = TicTacToe(3)
        player = 1
        while not game.is_over:
            if player == side:
                move = agent.choose(game)
                assert agent.last_solved
                assert move in game.best_moves()
            else:
                move = rng.choice(legal(game))
            game.move(*move, player)
            player = 3 - player
        assert game.winner != 3 - side


def test_skill_zero_is_uniform_and_seeds_repeat() -> None:
    game = TicTacToe(3)
    game.move(0, 0, 1)
    agent = Agent(0.0, seed=12)
    counts = collections.Counter(agent.choose(game) for _ in range(4000))
    assert len(counts) == 8
    # Each of the 8 cells 500 times, within five standard deviations (about 5 * 21).
    assert all(395 <= n <= 605 for n in counts.values()), counts
    assert not agent.last_solved
    # A fresh agent of the same seed makes the same first choice.
    assert len({Agent(0.5, seed=77).choose(game) for _ in range(5)}) == 1
    a, b, c = Agent(0.3, seed=9), Agent(0.3, seed=9), Agent(0.3, seed=10)
    seq = [a.choose(game) for _ in range(50)]
    assert seq == [b.choose(game) for _ in range(50)]
    assert seq != [c.choose(game) for _ in range(50)]


def test_a_budgeted_agent_beats_random_players_at_connect_four_and_gomoku() -> None:
    for make, budget, games in [
        (TicTacToe.connect_four, 100_000, 20),
        (lambda: TicTacToe.gomoku(15), 200, 20),
    ]:
        agent = Agent(1.0, seed=1, max_nodes=budget, solver=Solver(18))
        rng = random.Random(2)
        wins = 0
        for round in range(games):
            side = 1 + round % 2
            game = make()
            player = 1
            while not game.is_over:
                move = agent.choose(game) if player == side else rng.choice(legal(game))
                game.move(*move, player)
                player = 3 - player
            wins += game.winner == side
        assert wins == games


@pytest.mark.parametrize(
    ("kwargs", "error"),
    [
        ({"skill": -0.5}, ValueError),
        ({"skill": 1.5}, ValueError),
        ({"skill": float("nan")}, ValueError),
        ({"skill": True}, TypeError),
        ({"skill": "1"}, TypeError),
        ({"skill": 10**400}, ValueError),
        ({"seed": -1}, ValueError),
        ({"seed": 2**64}, ValueError),
        ({"seed": 1.0}, TypeError),
        ({"seed": False}, TypeError),
        ({"max_nodes": -1}, ValueError),
        ({"max_nodes": 2.5}, TypeError),
        ({"max_ms": -1}, ValueError),
        ({"max_ms": 0.5}, TypeError),
        ({"max_ms": "100"}, TypeError),
        ({"solver": "a solver"}, TypeError),
    ],
)
def test_agent_refusals(kwargs: dict[str, object], error: type[Exception]) -> None:
    with pytest.raises(error):
        Agent(**kwargs)  # type: ignore[arg-type]


def test_an_agent_refuses_finished_lean_and_foreign_games_and_changes_nothing() -> None:
    agent = Agent(seed=0, max_nodes=1000)
    won = TicTacToe(1)
    won.move(0, 0, 1)
    for game in (won, TicTacToe(3, lean=True)):
        before = game.to_bytes()
        with pytest.raises(IllegalMoveError):
            agent.choose(game)
        assert game.to_bytes() == before
    with pytest.raises(TypeError):
        agent.choose(None)  # type: ignore[arg-type]
    game = opening()
    before = game.to_bytes()
    assert agent.choose(game) in legal(game)
    assert not agent.last_solved  # the budget is far too small for this opening
    assert game.to_bytes() == before


def test_agents_sharing_a_solver_from_threads_only_play_legal_best_moves() -> None:
    solver = Solver(14)
    failures: list[str] = []

    def play(seed: int) -> None:
        agent = Agent(1.0, seed=seed, solver=solver)
        rng = random.Random(seed)
        for _ in range(10):
            game = TicTacToe(rows=3, cols=4, k=3)
            player = 1
            while not game.is_over:
                if player == 1:
                    move = agent.choose(game)
                    if move not in game.best_moves():
                        failures.append(f"{move} on {game.to_bytes()!r}")
                else:
                    move = rng.choice(legal(game))
                game.move(*move, player)
                player = 3 - player
            if game.winner != 1:
                failures.append(f"lost or drew a won game: {game.to_bytes()!r}")

    run_threads(play, [s for s in range(3)])
    assert failures == []


def test_the_terminal_connect_four_example_blocks_and_wins() -> None:
    import subprocess
    import sys
    from pathlib import Path

    example = Path(__file__).parents[2] / "examples" / "python" / "connect_four.py"
    # A player who only stacks columns: the engine must block each three and win.
    moves = ",".join(str(c) for c in [0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 6, 6, 6, 6, 5, 5, 5, 5])
    done = subprocess.run(
        [sys.executable, str(example), "--moves", moves, "--seed", "3", "--skill", "1"],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    assert done.stdout.strip().splitlines()[-1] == "the engine wins", done.stdout


def test_agent_numbers_of_every_kind_a_caller_may_hand() -> None:
    np = pytest.importorskip("numpy")
    game = TicTacToe(3)
    game.move(0, 0, 1)
    # NumPy integers and floats are numbers like Python's: the same seed, the same choices.
    for seed in (np.uint64(2**64 - 1), np.int8(5), np.uint8(5)):
        as_int = Agent(0.5, seed=int(seed))
        given = Agent(0.5, seed=seed)
        assert [given.choose(game) for _ in range(20)] == [as_int.choose(game) for _ in range(20)]
    for skill in (np.float32(0.25), np.float64(1.0), np.int64(0), 1):
        assert Agent(skill, seed=1).skill == float(skill)
    # NumPy's bools are bools.
    with pytest.raises(TypeError, match="bool"):
        Agent(seed=np.True_)
    with pytest.raises(TypeError, match="bool"):
        Agent(np.False_)

    class Raising:
        def __index__(self) -> int:
            raise ZeroDivisionError("no index")

        def __float__(self) -> float:
            raise ZeroDivisionError("no float")

    # A callback that raises: its own error, nothing made.
    with pytest.raises(ZeroDivisionError, match="index"):
        Agent(seed=Raising())  # type: ignore[arg-type]
    with pytest.raises(ZeroDivisionError, match="float"):
        Agent(Raising())  # type: ignore[arg-type]
    with pytest.raises(ZeroDivisionError, match="index"):
        Solver(table_bits=Raising())  # type: ignore[arg-type]

    class Lying:
        """An index that changes the game it is asked about: read before the game is copied."""

        def __index__(self) -> int:
            game.move(1, 1, 2)
            return 10**6

    copy = TicTacToe.from_bytes(game.to_bytes())
    copy.move(1, 1, 2)
    assert Solver(8).move_values(game, max_nodes=Lying()) == copy.move_values()  # type: ignore[arg-type]


def test_one_seed_policy_for_vec_games_and_agents() -> None:
    from tictactoe._tictactoe import _seed

    assert _seed(0) == 0 and _seed(2**64 - 1) == 2**64 - 1
    assert 0 <= _seed(None) < 2**64
    for bad, error in [(-1, ValueError), (2**64, ValueError), (1.0, TypeError), (True, TypeError)]:
        with pytest.raises(error, match="seed must be"):
            _seed(bad)
        with pytest.raises(error, match="seed must be"):
            Agent(seed=bad)  # type: ignore[arg-type]


def test_a_time_limit_plays_within_it_and_keeps_the_tactics() -> None:
    """``max_ms``: legal moves, the win at once and the block at once kept at the smallest limit,
    the setting read back, and the default budget not capping it. (The time a move takes is
    measured by ``make bench-players``, not asserted here.)"""
    agent = Agent(max_ms=0, seed=1)
    assert agent.max_ms == 0 and agent.max_nodes is None
    assert "max_ms=0" in repr(agent)
    assert Agent(max_ms=50, max_nodes=2000).max_nodes == 2000
    assert Agent().max_ms is None
    game = TicTacToe.gomoku(15)
    for c in range(4):
        game.move(7, 3 + c, 1)
        if c < 3:
            game.move(0, 2 * c, 2)
    # O to move: X's open four leaves two cells, and O has none of its own: it takes one.
    assert agent.choose(game) in [(7, 2), (7, 7)]
    game.move(0, 9, 2)
    game.move(9, 9, 1)
    # O has 0,0 0,2 0,4 0,9: nothing at once; X to move wins at once.
    game.undo()
    game.undo()
    game.move(9, 9, 2)
    assert agent.choose(game) in [(7, 2), (7, 7)]
    assert Agent(max_ms=20, seed=2).choose(TicTacToe.connect_four()) in [(5, c) for c in range(7)]
