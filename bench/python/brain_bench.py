"""pbrain-tictactoe through its protocol (one process a game, as a Gomocup manager runs it) against
gomoku-terminal's AI on 15 x 15, free-style: games won, drawn and lost from each side, and how
long each TURN / BEGIN took to answer against the `timeout_turn` given.

    python bench/python/brain_bench.py [--games N] [--timeouts 100 1000] [--level hard]
        [--brain target/release/pbrain-tictactoe]
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import time

from gomoku.ai import GomokuAI
from gomoku.board import Board
from progress import progress

SIZE = 15


class Board15(Board):
    SIZE = SIZE


class Brain:
    def __init__(self, path: str, timeout_ms: int) -> None:
        self.proc = subprocess.Popen(
            [path], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1
        )
        self.times: list[float] = []
        assert self.ask(f"START {SIZE}") == "OK"
        self.send(f"INFO timeout_turn {timeout_ms}")

    def send(self, line: str) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def ask(self, line: str) -> str:
        assert self.proc.stdout is not None
        self.send(line)
        return self.proc.stdout.readline().strip()

    def move(self, line: str) -> tuple[int, int]:
        start = time.perf_counter()
        answer = self.ask(line)
        self.times.append((time.perf_counter() - start) * 1000)
        x, y = (int(v) for v in answer.split(","))
        return y, x

    def close(self) -> None:
        self.send("END")
        self.proc.wait(timeout=10)


def play(path: str, timeout_ms: int, level: str, brain_first: bool) -> tuple[str, list[float]]:
    brain, ai, board = Brain(path, timeout_ms), GomokuAI(level), Board15()
    mine, theirs = (1, 2) if brain_first else (2, 1)
    line = "BEGIN" if brain_first else None
    result = "drawn"
    while not board.is_full():
        if line is None:
            row, col = ai.get_move(board, theirs)
            board.place_stone(row, col, theirs)
            if board.check_win(row, col):
                result = "lost"
                break
            line = f"TURN {col},{row}"
        row, col = brain.move(line)
        assert board.place_stone(row, col, mine), (row, col)
        if board.check_win(row, col):
            result = "won"
            break
        line = None
    brain.close()
    return result, brain.times


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=5, help="games a side")
    parser.add_argument("--timeouts", type=int, nargs="+", default=[100, 1000])
    parser.add_argument("--level", default="hard")
    parser.add_argument("--brain", default="target/release/pbrain-tictactoe")
    args = parser.parse_args()
    for timeout in args.timeouts:
        for brain_first in (True, False):
            tally = {"won": 0, "drawn": 0, "lost": 0}
            times: list[float] = []
            for _ in progress(range(args.games), "brain"):
                result, took = play(args.brain, timeout, args.level, brain_first)
                tally[result] += 1
                times += took
            row = {
                "bench": "brain",
                "opponent": f"gomoku-terminal {args.level}",
                "timeout_turn_ms": timeout,
                "brain": "first" if brain_first else "second",
                **tally,
                "turns": len(times),
                "median_ms": round(statistics.median(times), 1),
                "max_ms": round(max(times), 1),
                "over_timeout": sum(t > timeout for t in times),
            }
            print(json.dumps(row), flush=True)


if __name__ == "__main__":
    main()
