"""The ``tictactoe`` command as ``pip install`` puts it on the PATH (and ``python -m tictactoe``):
its answers those of the Python API for the same positions, bad input one line and exit 2."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from tictactoe import Solver, TicTacToe

SCRIPT = Path(sys.executable).parent / "tictactoe"


def run(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(SCRIPT), *args], input=stdin, capture_output=True, text=True, timeout=300
    )


@pytest.mark.parametrize("moves", ["", "4453", "3435261"])
def test_solve_answers_as_the_solver_does(moves: str) -> None:
    game = TicTacToe.connect_four(moves)
    solver = Solver()
    value, plies = solver.solve(game)
    columns = [col + 1 for _, col in solver.best_moves(game)]
    done = run("solve", moves, "--json")
    assert done.returncode == 0, done.stderr
    answer = json.loads(done.stdout)
    assert (answer["value"], answer["plies"], answer["best_moves"]) == (value, plies, columns)
    assert answer["to_move"] == "XO"[len(moves) % 2]


def test_python_dash_m_is_the_same_command() -> None:
    module = subprocess.run(
        [sys.executable, "-m", "tictactoe", "values", "--game", "tictactoe", "2,2", "--json"],
        capture_output=True,
        text=True,
    )
    assert module.returncode == 0, module.stderr
    assert module.stdout == run("values", "--game", "tictactoe", "2,2", "--json").stdout
    game = TicTacToe(3)
    game.move(1, 1, 1)
    expected = {(r + 1, c + 1): tuple(v) for (r, c), v in game.move_values().items()}
    moves = json.loads(module.stdout)["moves"]
    assert {(m["row"], m["col"]): (m["value"], m["plies"]) for m in moves} == expected


@pytest.mark.parametrize(
    "args", [["solve", "4x"], ["solve", "--game", "9" * 400], ["solve", "--base", "5"], ["bogus"]]
)
def test_bad_input_is_one_line_and_exit_2(args: list[str]) -> None:
    done = run(*args)
    assert done.returncode == 2 and done.stdout == ""
    assert len(done.stderr.splitlines()) == 1 and len(done.stderr) < 300


def test_help_on_every_subcommand() -> None:
    for sub in ("play", "solve", "values", "book", "brain"):
        done = run(sub, "--help")
        assert done.returncode == 0 and "Usage: tictactoe" in done.stdout
