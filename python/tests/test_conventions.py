"""What Connect Four players expect, checked against plain readings of the engine's own board:
move strings both ways, legal moves as actions, the player to move, move values by column, one
best move with a tie-break, and a board with its columns labelled."""

from __future__ import annotations

import random

import bitbully
import pytest
from tictactoe import IllegalMoveError, TicTacToe


def dropped(columns: list[int]) -> TicTacToe:
    """The game of ``columns`` (0-based), dropped from X one at a time."""
    game = TicTacToe.connect_four()
    for i, col in enumerate(columns):
        game.drop(col, 1 + i % 2)
    return game


def random_columns(rng: random.Random) -> list[int]:
    game, columns = TicTacToe.connect_four(), []
    for _ in range(rng.randint(0, 30)):
        open_cols = [c for c in range(7) if game.cell(0, c) == 0]
        if game.is_over or not open_cols:
            break
        col = rng.choice(open_cols)
        game.drop(col, 1 + len(columns) % 2)
        columns.append(col)
    return columns


def test_a_move_string_plays_its_columns_from_x_and_reads_back() -> None:
    rng = random.Random(7)
    for _ in range(300):
        columns = random_columns(rng)
        text = "".join(str(c + 1) for c in columns)
        game = TicTacToe.connect_four(text)
        assert game.to_bytes() == dropped(columns).to_bytes()
        assert game.move_string() == text
    assert TicTacToe.connect_four("4453").cell(4, 3) == 2


@pytest.mark.parametrize("text", ["0", "8", "4a", "4 4", "45-"])
def test_a_character_that_names_no_column_is_a_value_error(text: str) -> None:
    with pytest.raises(ValueError, match="names no column: columns are 1 to 7"):
        TicTacToe.connect_four(text)


def test_a_move_the_rules_refuse_names_its_place() -> None:
    with pytest.raises(IllegalMoveError) as full:
        TicTacToe.connect_four("4444444")
    assert full.value.index == 6  # type: ignore[attr-defined]
    with pytest.raises(IllegalMoveError) as over:
        TicTacToe.connect_four("1212121" + "3")  # X has four in column 1 after seven moves
    assert over.value.index == 7  # type: ignore[attr-defined]


def test_a_move_string_needs_gravity_and_at_most_nine_columns() -> None:
    with pytest.raises(ValueError, match="gravity"):
        TicTacToe(3).move_string()
    with pytest.raises(ValueError, match="nine"):
        TicTacToe(rows=4, cols=10, k=4, gravity=True).move_string()


def test_legal_moves_are_the_actions_a_plain_scan_finds() -> None:
    rng = random.Random(3)
    for _ in range(200):
        game = dropped(random_columns(rng))
        expected = [] if game.is_over else [c for c in range(7) if game.cell(0, c) == 0]
        assert game.legal_moves() == expected
    square = TicTacToe(3)
    square.move(1, 1, 1)
    assert square.legal_moves() == [0, 1, 2, 3, 5, 6, 7, 8]
    with pytest.raises(ValueError):
        TicTacToe(3, lean=True).legal_moves()


def test_to_move_alternates_from_whoever_moved_and_is_0_at_the_end() -> None:
    game = TicTacToe(3)
    assert game.to_move == 1
    game.move(0, 0, 2)
    assert game.to_move == 1
    game.move(1, 1, 1)
    assert game.to_move == 2
    assert TicTacToe.connect_four("1212121").to_move == 0


def test_move_values_by_column_are_the_landing_cells_values() -> None:
    game = TicTacToe.connect_four("4453443355")
    cells = game.move_values()
    by_column = game.move_values(by_column=True)
    assert by_column == {col: v for (_, col), v in cells.items()}
    assert list(by_column) == sorted(by_column), "in column order"
    with pytest.raises(ValueError, match="gravity"):
        TicTacToe(3).move_values(by_column=True)


def test_one_best_move_by_each_tie_break() -> None:
    game = TicTacToe(3)
    game.move(1, 1, 1)
    best = game.best_moves()  # the four corners
    assert game.best_move(tie_break="first") == best[0]
    assert game.best_move() in best
    chosen = {game.best_move(tie_break="random", seed=s) for s in range(40)}
    assert chosen == set(best)
    assert game.best_move(tie_break="random", seed=5) == game.best_move(tie_break="random", seed=5)
    # Nearest the centre: on an empty 3 x 3 board every move draws, and the centre is nearest.
    assert TicTacToe(3).best_move() == (1, 1)
    with pytest.raises(ValueError, match="tie_break"):
        game.best_move(tie_break="middle")  # type: ignore[arg-type]


def test_labels_name_the_columns_under_their_cells() -> None:
    four = TicTacToe.connect_four("4")
    lines = four.to_string(labels=True).split("\n")
    assert lines[:-1] == str(four).split("\n")
    assert lines[-1] == " 1 2 3 4 5 6 7"
    # Each label sits under its column's cells.
    assert lines[-2].index("X") == lines[-1].index("4")
    assert TicTacToe.gomoku().to_string(labels=True).split("\n")[-1] == " " + " ".join(
        "abcdefghijklmno"
    )
    assert four.to_string() == str(four)
    with pytest.raises(ValueError, match="26"):
        TicTacToe(rows=2, cols=27, k=2).to_string(labels=True)


def test_the_agents_tie_break_picks_among_its_best_moves() -> None:
    from tictactoe import Agent, Solver

    game = TicTacToe(3)
    game.move(1, 1, 1)
    best = game.best_moves()
    assert Agent(tie_break="first", seed=3).choose(game) == best[0]
    assert Agent(tie_break="center", seed=3).choose(game) == game.best_move(tie_break="center")
    solver = Solver(table_bits=10)
    chosen = {Agent(seed=s, solver=solver).choose(game) for s in range(40)}  # "random", the default
    assert chosen == set(best)
    assert Agent(tie_break="center").choose(TicTacToe(3)) == (1, 1)
    with pytest.raises(ValueError, match="tie_break"):
        Agent(tie_break="middle")  # type: ignore[arg-type]


def test_bitbully_strings_are_read_and_written_with_base_0() -> None:
    rng = random.Random(11)
    for _ in range(50):
        game = TicTacToe.connect_four()
        for _ in range(rng.randrange(20)):
            cols = game.legal_moves()
            if game.is_over or not cols:
                break
            game.drop(rng.choice(cols), game.to_move)
        ours = game.move_string()
        theirs = game.move_string(base=0)
        assert theirs == "".join(str(int(c) - 1) for c in ours)
        assert TicTacToe.connect_four(theirs, base=0) == TicTacToe.connect_four(ours)
        # BitBully reads the string as the same position: its board of the same columns.
        assert bitbully.Board(theirs) == bitbully.Board([int(c) - 1 for c in ours])


def test_moves_played_onto_a_game_are_all_or_nothing() -> None:
    game = TicTacToe.connect_four("44")
    game.play_moves("53")
    assert game.move_string() == "4453"
    with pytest.raises(IllegalMoveError) as refused:
        game.play_moves("1111111")  # the seventh stone overfills column 1
    assert refused.value.index == 6 and game.move_string() == "4453"
    with pytest.raises(ValueError):
        game.play_moves("19")
    game.play_moves("0", base=0)
    assert game.move_string() == "44531"


def test_tie_breaks_choose_the_column_bitbully_chooses() -> None:
    # Positions of 14 or more stones, which BitBully solves at once; both perfect, both tie-breaks.
    agent, rng = bitbully.BitBully(), random.Random(5)
    checked = 0
    while checked < 40:
        game = TicTacToe.connect_four()
        for _ in range(14 + rng.randrange(10)):
            cols = game.legal_moves()
            if game.is_over or not cols:
                break
            game.drop(rng.choice(cols), game.to_move)
        if game.is_over:
            continue
        board = bitbully.Board(game.move_string(base=0))
        for ours, theirs in (("center", "center"), ("leftmost", "leftmost"), ("first", "leftmost")):
            assert game.best_column(tie_break=ours) == agent.best_move(board, tie_break=theirs)
        checked += 1


def test_best_column_needs_gravity() -> None:
    with pytest.raises(ValueError, match="needs gravity"):
        TicTacToe(3).best_column()
    assert TicTacToe.connect_four("3435261").best_column() in range(7)
