"""Replays the benchmark's games through the Python package and the libraries a user would pick
instead, and prints one JSON object per line, like the Rust and C benchmarks.

Every contender starts a fresh game per replayed game, as a user would, and returns the sum of the
winners; the report refuses a row whose checksum disagrees with its group's reference.
"""

from __future__ import annotations

import os

# NumPy's BLAS threads would otherwise spin beside the timed loop on a two-core machine.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import sys
from collections.abc import Callable
from pathlib import Path

import numpy as np
from replay import PurePython, group, per_call
from tictactoe import TicTacToe

Game = tuple[int, np.ndarray]  # (n, moves as a (k, 3) int64 array)


def load(path: Path) -> list[Game]:
    words = np.fromfile(path, dtype="<i8")
    games, at = [], 0
    while at + 2 <= len(words):
        n, k = int(words[at]), int(words[at + 1])
        games.append((n, words[at + 2 : at + 2 + 3 * k].reshape(k, 3).astype(np.int64)))
        at += 2 + 3 * k
    return games


def batch_list(games: list[tuple[int, list]]) -> int:
    return sum(TicTacToe(n, lean=True).play(moves) for n, moves in games)


def batch_buffer(games: list[Game]) -> int:
    return sum(TicTacToe(n, lean=True).play(moves) for n, moves in games)


def open_spiel_replay(games: list[tuple[int, list]]) -> int:
    import pyspiel

    game = pyspiel.load_game("tic_tac_toe")
    winners = 0
    for _, moves in games:
        state = game.new_initial_state()
        first = moves[0][2]
        for row, col, _ in moves:
            state.apply_action(row * 3 + col)
            if state.is_terminal():
                break
        returns = state.returns()
        winners += first if returns[0] > 0 else (3 - first if returns[1] > 0 else 0)
    return winners


def petting_zoo_replay(games: list[tuple[int, list]]) -> int:
    from pettingzoo.classic import tictactoe_v3

    winners = 0
    for _, moves in games:
        env = tictactoe_v3.env()
        env.reset()
        first = moves[0][2]
        for row, col, _ in moves:
            env.step(col * 3 + row)  # PettingZoo numbers its cells down the columns
        rewards = [env.rewards[a] for a in env.possible_agents]
        winners += first if rewards[0] > 0 else (3 - first if rewards[1] > 0 else 0)
    return winners


def optional(label: str, module: str) -> bool:
    try:
        __import__(module)
    except ImportError:
        print(f"{label}: not installed, skipped", file=sys.stderr)
        return False
    return True


def main() -> None:
    data = Path(sys.argv[1])
    small = load(data / "games-n3.bin")
    small_lists = [(n, [tuple(int(v) for v in m) for m in moves]) for n, moves in small]
    ops = sum(len(m) for _, m in small_lists)
    sample = small_lists[:500]
    sample_ops = sum(len(m) for _, m in sample)
    contenders: list[tuple[str, int, Callable[[], int]]] = [
        (
            "pure-Python counter class, no checks",
            ops,
            lambda: per_call(PurePython, "move", small_lists),
        ),
        ("TicTacToe.move, checked", ops, lambda: per_call(TicTacToe, "move", small_lists)),
        (
            "TicTacToe.move, lean",
            ops,
            lambda: per_call(lambda n: TicTacToe(n, lean=True), "move", small_lists),
        ),
        ("TicTacToe.play(list), per game", ops, lambda: batch_list(small_lists)),
        ("TicTacToe.play(int64 array), per game", ops, lambda: batch_buffer(small)),
    ]
    if optional("OpenSpiel", "pyspiel"):
        contenders.append(
            ("OpenSpiel apply_action + is_terminal", ops, lambda: open_spiel_replay(small_lists))
        )
    group("Python, n = 3", 7, contenders)
    if optional("PettingZoo", "pettingzoo"):
        group(
            "Python, n = 3, first 500 games",
            3,
            [
                (
                    "pure-Python counter class, no checks",
                    sample_ops,
                    lambda: per_call(PurePython, "move", sample),
                ),
                (
                    "TicTacToe.move, checked",
                    sample_ops,
                    lambda: per_call(TicTacToe, "move", sample),
                ),
                ("PettingZoo tictactoe_v3 step", sample_ops, lambda: petting_zoo_replay(sample)),
            ],
        )

    n, big = load(data / "games-n1000.bin")[0]
    big_list = [(n, [tuple(int(v) for v in m) for m in big])]
    big_ops = len(big)
    group(
        "Python, n = 1000, one game of 1,000,000 moves",
        3,
        [
            (
                "pure-Python counter class, no checks",
                big_ops,
                lambda: per_call(PurePython, "move", big_list),
            ),
            (
                "TicTacToe.move, lean",
                big_ops,
                lambda: per_call(lambda n: TicTacToe(n, lean=True), "move", big_list),
            ),
            ("TicTacToe.play(list)", big_ops, lambda: batch_list(big_list)),
            ("TicTacToe.play(int64 array)", big_ops, lambda: batch_buffer([(n, big)])),
        ],
    )


if __name__ == "__main__":
    main()
