"""Opening books: BitBully's published books read as the package's own lookup reads them, the
search agreeing with their entries, a solver with books answering as one without, and every bad
source refused."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest
from bitbully_databases import BitBullyDatabases
from tictactoe import Agent, Book, SearchLimitError, Solver, TicTacToe

NAMES = {"8-ply": "bitbully-8ply", "12-ply": "bitbully-12ply", "12-ply-dist": "bitbully-12ply-dist"}


def random_position(rng: random.Random, stones: int) -> TicTacToe | None:
    """A Connect Four game of `stones` random drops, or None if it ended first."""
    game = TicTacToe.connect_four()
    while game.move_count < stones:
        if game.is_over:
            return None
        col = rng.choice([c for c in range(7) if game.cell(0, c) == 0])
        game.drop(col, 1 if game.move_count % 2 == 0 else 2)
    return None if game.is_over else game


def bitbully_board(game: TicTacToe) -> list[list[int]]:
    """The package's board: rows from the top, 1 for the first player, 2 for the second."""
    return [[game.cell(r, c) for c in range(7)] for r in range(6)]


@pytest.mark.parametrize("name", ["8-ply", "12-ply", "12-ply-dist"])
def test_every_bitbully_book_reads_as_the_package_reads_it(name: str) -> None:
    theirs = BitBullyDatabases(name)
    ours = Book(NAMES[name])
    stones = 8 if name == "8-ply" else 12
    assert (ours.depth, ours.shallowest, ours.exact) == (stones, stones, name == "12-ply-dist")
    # The same file read from its path and from its bytes.
    path = Path(BitBullyDatabases.get_database_path(name))
    assert Book(path).to_bytes() == Book(path.read_bytes()).to_bytes() == ours.to_bytes()
    rng = random.Random(stones)
    checked = 0
    while checked < 2000:
        game = random_position(rng, stones)
        if game is None:
            continue
        said = theirs.get_book_value(bitbully_board(game))
        if ours.exact:
            # Theirs: 0 a draw, 100 - d a win d stones later, d - 100 a loss; None not held.
            expected = (
                None
                if said is None
                else (0, 42 - stones)
                if said == 0
                else ((1, 100 - said) if said > 0 else (-1, 100 + said))
            )
            assert ours.solution(game) == expected, game.move_string
        else:
            # Theirs: 1 (a win, left out of the file), 0 a draw, -1 a loss, for the mover.
            assert ours.value(game) == said, game.move_string
        checked += 1


def test_the_search_agrees_with_bitbullys_entries_and_the_books_change_no_answer() -> None:
    rng = random.Random(12)
    plain = Solver(18, book=False)
    booked = Solver(18, book="bitbully-12ply-dist")
    booked.add_book("bitbully-8ply")
    assert booked.books == 2
    book = Book("bitbully-12ply-dist")
    for _ in range(25):
        game = random_position(rng, 12)
        if game is None or book.solution(game) is None:
            continue
        assert plain.solve(game) == book.solution(game), game.move_string
    for stones in (5, 9, 10, 11, 14):
        for _ in range(4):
            game = random_position(rng, stones)
            if game is None:
                continue
            assert booked.value(game) == plain.value(game), game.move_string
            if stones >= 10:
                assert booked.solve(game) == plain.solve(game), game.move_string


def test_the_shipped_book_agrees_with_bitbullys_eight_ply_book() -> None:
    # The engine's own book (every position of up to ten stones in this package) answers without
    # a node; at eight stones as BitBully's book does, at seven as the best of its children there.
    theirs = BitBullyDatabases("8-ply")
    shipped = Solver(10)
    rng = random.Random(8)
    checked = {7: 0, 8: 0}
    while min(checked.values()) < 1500:
        stones = min(checked, key=checked.__getitem__)
        game = random_position(rng, stones)
        if game is None:
            continue
        if stones == 8:
            expected = theirs.get_book_value(bitbully_board(game))
        else:
            expected = -1
            for col in (c for c in range(7) if game.cell(0, c) == 0):
                game.drop(col, 2)
                said = 1 if game.is_over else -theirs.get_book_value(bitbully_board(game))
                game.undo()
                expected = max(expected, said)
        assert shipped.value(game, max_nodes=0) == expected, game.move_string()
        checked[stones] += 1


def test_the_shipped_book_answers_every_position_of_up_to_ten_stones_as_bitbullys_twelve() -> None:
    # The package ships the win, draw or loss of every position of up to ten stones: answered
    # without a node, as the best over the plies down to BitBully's 12-ply book says.
    theirs = BitBullyDatabases("12-ply")
    shipped = Solver(10)

    def through_theirs(game: TicTacToe) -> int:
        if game.move_count == 12:
            return int(theirs.get_book_value(bitbully_board(game)))
        best = -1
        for col in (c for c in range(7) if game.cell(0, c) == 0):
            game.drop(col, 1 + game.move_count % 2)
            said = (1 if game.winner else 0) if game.is_over else -through_theirs(game)
            game.undo()
            best = max(best, said)
        return best

    rng = random.Random(10)
    checked = {9: 0, 10: 0}
    while checked[9] < 60 or checked[10] < 400:
        stones = 9 if checked[9] * 6 < checked[10] else 10
        game = random_position(rng, stones)
        if game is None:
            continue
        assert shipped.value(game, max_nodes=0) == through_theirs(game), game.move_string()
        checked[stones] += 1


def test_the_shipped_exact_book_answers_eight_stones_as_bitbullys_distance_book() -> None:
    # The exact book holds every position of up to eight stones: its answers, without a node,
    # are the exact minimax over the four plies down to BitBully's 12-ply distance book.
    theirs = BitBullyDatabases("12-ply-dist")
    big = 100  # a win with the m-th stone scores big - m for the winner, m - big for the loser

    def score(game: TicTacToe) -> int:
        if game.move_count == 12:
            said = theirs.get_book_value(bitbully_board(game))
            if said is None:  # left out of the book: the mover wins with the next stone
                return big - 13
            return (
                0 if said == 0 else (big - 12 - (100 - said) if said > 0 else 12 + 100 + said - big)
            )
        best = -big
        for col in (c for c in range(7) if game.cell(0, c) == 0):
            game.drop(col, 1 + game.move_count % 2)
            said = big - game.move_count if game.is_over else -score(game)
            game.undo()
            best = max(best, said)
        return best

    shipped = Solver(10)
    rng = random.Random(7)
    checked = 0
    while checked < 12:
        game = random_position(rng, 8)
        if game is None:
            continue
        value, plies = shipped.solve(game, max_nodes=0)
        ours = 0 if value == 0 else value * (big - 8 - plies)
        assert ours == score(game), game.move_string()
        checked += 1


def test_an_agent_with_a_book_holds_the_first_players_win_against_any_reply() -> None:
    # Every move of the first player from a book-solved solver keeps the win, whatever O plays.
    solver = Solver(20, book="bitbully-12ply-dist")
    rng = random.Random(3)
    for seed in range(2):
        agent = Agent(seed=seed, solver=solver)
        game = TicTacToe.connect_four()
        while not game.is_over and game.move_count < 14:
            if game.move_count % 2 == 0:
                _, col = agent.choose(game)
            else:
                col = rng.choice([c for c in range(7) if game.cell(0, c) == 0])
            game.drop(col, 1 if game.move_count % 2 == 0 else 2)
            if game.move_count % 2 == 1 and not game.is_over:
                # X just moved: the position is lost for O, the mover.
                assert solver.value(game) == -1, game.move_string


def test_bad_sources_are_refused_and_nothing_is_half_loaded(tmp_path: Path) -> None:
    eight = Path(BitBullyDatabases.get_database_path("8-ply")).read_bytes()
    for bad in [b"", b"TTBK", eight[:-1], eight + b"\0", b"x" * len(eight)]:
        with pytest.raises(ValueError, match="not a valid opening book"):
            Book(bad)
    damaged = bytearray(eight)
    damaged[1000] ^= 1
    with pytest.raises(ValueError):
        Book(damaged)
    assert len(Book(memoryview(eight))) == len(Book(bytearray(eight))) > 0
    with pytest.raises(FileNotFoundError):
        Book(tmp_path / "missing.book")
    for wrong_type in [1, 2.5, object()]:
        with pytest.raises(TypeError):
            Book(wrong_type)  # type: ignore[arg-type]
    solver = Solver(10)
    with pytest.raises(ValueError):
        solver.add_book(b"nope")
    assert solver.books == 0
    ours = Book(
        tmp_path.joinpath("ours.book").write_bytes(Book(eight).to_bytes())
        and tmp_path / "ours.book"
    )
    assert ours.to_bytes() == Book(eight).to_bytes()


def test_a_bitbully_name_without_the_package_says_how_to_get_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(sys.modules, "bitbully_databases", None)
    with pytest.raises(ImportError, match=r"tictactoe-engine\[books\]"):
        Book("bitbully-8ply")


def test_a_book_added_to_a_solver_without_the_shipped_ones_is_read() -> None:
    # Solver(book=False) sets the shipped books aside; one given with add_book answers the
    # positions it holds without a node, as the shipped solver does.
    exact = Path(__file__).resolve().parents[2] / "crates" / "books" / "data"
    solver = Solver(book=False)
    with pytest.raises(SearchLimitError):
        solver.solve(TicTacToe.connect_four(), max_nodes=1000)
    solver.add_book(exact / "connect-four-8-exact.book")
    shipped = Solver()
    rng = random.Random(3)
    for stones in range(5):
        for _ in range(5):
            game = random_position(rng, stones)
            if game is None:
                continue
            assert solver.solve(game, max_nodes=0) == shipped.solve(game, max_nodes=0)
