"""A ladder against Rapfi, when the user names a Rapfi binary: `RAPFI=path make bench-players` (the
project never ships, builds or fetches it; Rapfi reads its `config.toml` and weights from its own
directory). pbrain-tictactoe and Rapfi each in one process through the Gomocup protocol, 15 x 15
free-style, from openings of three stones near the centre played from both colours; this script
is the referee, with its own win check. Rapfi's limit steps down a ladder of times and of node
counts; the brain keeps one `timeout_turn`. One JSON line a setting: the brain's wins, draws and
losses, and its answer times (median, worst, and how many passed `timeout_turn`).

    RAPFI=/path/to/pbrain-rapfi python bench/python/rapfi_ladder.py [--openings 6]
        [--brain-ms 1000] [--times 1000 100 20 10] [--nodes 10000 3000 1000 300] [--core 0]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

from progress import progress

SIZE = 15


class Unreadable(Exception):
    """An answer that is not a move: the game is left out and counted apart."""


class Engine:
    """A Gomocup brain in its own process, one command a line."""

    def __init__(self, path: str, infos: list[str], core: int) -> None:
        # Pinned to one core, the same for both engines, when taskset is at hand.
        pin = ["taskset", "-c", str(core)] if core >= 0 and shutil.which("taskset") else []
        self.proc = subprocess.Popen(
            [*pin, str(Path(path).resolve())],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
            bufsize=1,
            cwd=Path(path).resolve().parent,
        )
        self.times: list[float] = []
        for info in infos:
            self.send(f"INFO {info}")
        self.send(f"START {SIZE}")
        assert self.reply() == "OK"

    def send(self, line: str) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def reply(self) -> str:
        """The next line that is not a message."""
        assert self.proc.stdout is not None
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise RuntimeError("the engine closed its output")
            line = line.strip()
            if line and not line.upper().startswith(("MESSAGE", "DEBUG", "INFO")):
                return line

    def move(self, lines: list[str]) -> tuple[int, int]:
        """Sends `lines`, the last one asking for a move, and reads the answer `x,y` as (row, col)."""
        start = time.perf_counter()
        for line in lines:
            self.send(line)
        answer = self.reply()
        self.times.append((time.perf_counter() - start) * 1000)
        try:
            x, y = (int(v) for v in answer.split(","))
        except ValueError:
            raise Unreadable(answer) from None
        return y, x

    def close(self) -> None:
        self.send("END")
        try:
            self.proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.proc.kill()


def five(board: list[list[int]], row: int, col: int) -> bool:
    """Whether the stone on (row, col) makes five or more in a row: the referee's own check."""
    who = board[row][col]
    for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
        run = 1
        for sign in (1, -1):
            r, c = row + sign * dr, col + sign * dc
            while 0 <= r < SIZE and 0 <= c < SIZE and board[r][c] == who:
                run += 1
                r, c = r + sign * dr, c + sign * dc
        if run >= 5:
            return True
    return False


def openings(count: int, seed: int) -> list[list[tuple[int, int]]]:
    """`count` openings of three stones (black, white, black) in the centre's 5 x 5."""
    rand = random.Random(seed)
    found: list[list[tuple[int, int]]] = []
    while len(found) < count:
        cells = rand.sample([(r, c) for r in range(5, 10) for c in range(5, 10)], 3)
        if cells not in found:
            found.append(cells)
    return found


def play(
    brain: Engine,
    rapfi: Engine,
    opening: list[tuple[int, int]],
    brain_black: bool,
    moves: list[tuple[int, int]],
) -> int:
    """One game, its moves (row, col) left in `moves`: 1 the brain won, 0 drawn, -1 lost."""
    board = [[0] * SIZE for _ in range(SIZE)]
    for i, (r, c) in enumerate(opening):
        board[r][c] = 1 if i % 2 == 0 else 2
        moves.append((r, c))
    engines = {1: brain if brain_black else rapfi, 2: rapfi if brain_black else brain}
    told = {1: False, 2: False}
    colour = 2  # white moves after three stones
    while len(moves) < SIZE * SIZE:
        engine = engines[colour]
        if not told[colour]:
            # The position so far, each stone its owner's: 1 the engine's own, 2 the opponent's.
            stones = [f"{c},{r},{1 if board[r][c] == colour else 2}" for r, c in moves]
            lines = ["BOARD", *stones, "DONE"]
            told[colour] = True
        else:
            r, c = moves[-1]
            lines = [f"TURN {c},{r}"]
        row, col = engine.move(lines)
        if not (0 <= row < SIZE and 0 <= col < SIZE) or board[row][col]:
            # An illegal move loses.
            return -1 if engine is brain else 1
        board[row][col] = colour
        moves.append((row, col))
        if five(board, row, col):
            return 1 if engine is brain else -1
        colour = 3 - colour
    return 0


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument(
        "--openings", type=int, default=6, help="openings, each played from both colours"
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--brain", default="target/release/pbrain-tictactoe")
    parser.add_argument("--brain-ms", type=int, default=1000, help="the brain's timeout_turn")
    parser.add_argument("--times", type=int, nargs="*", default=[1000, 100, 20, 10])
    parser.add_argument("--record", help="a file to write every game's moves to, a JSON line each")
    parser.add_argument("--core", type=int, default=0, help="the core both run on (-1: any)")
    parser.add_argument("--nodes", type=int, nargs="*", default=[10_000, 3000, 1000, 300])
    args = parser.parse_args()
    rapfi_path = os.environ.get("RAPFI")
    if not rapfi_path:
        print("rapfi_ladder: RAPFI names no binary; the ladder is skipped", file=sys.stderr)
        return
    settings = [(f"{ms} ms", [f"timeout_turn {ms}"]) for ms in args.times]
    # By nodes: a long turn, so that the node count is what stops it.
    settings += [(f"{n} nodes", ["timeout_turn 30000", f"max_node {n}"]) for n in args.nodes]
    games = openings(args.openings, args.seed)
    for name, limits in settings:
        results = []
        unreadable: list[str] = []
        times: list[float] = []
        pairs = [(o, black) for o in games for black in (True, False)]
        for opening, brain_black in progress(pairs, f"Rapfi {name}", len(pairs)):
            infos = [f"timeout_turn {args.brain_ms}", "timeout_match 0", "rule 0", "thread_num 1"]
            brain = Engine(args.brain, infos, args.core)
            rapfi_infos = ["rule 0", "thread_num 1", "timeout_match 0", *limits]
            rapfi = Engine(rapfi_path, rapfi_infos, args.core)
            moves: list[tuple[int, int]] = []
            try:
                try:
                    results.append(play(brain, rapfi, opening, brain_black, moves))
                except Unreadable as answer:
                    unreadable.append(str(answer))
                    continue
                if args.record:
                    with open(args.record, "a") as out:
                        game = {"rapfi": name, "brain_black": brain_black, "result": results[-1]}
                        print(json.dumps({**game, "moves": moves}), file=out)
            finally:
                times += brain.times
                brain.close()
                rapfi.close()
        line = {
            "bench": "rapfi ladder",
            "rapfi": name,
            "brain_timeout_turn_ms": args.brain_ms,
            "games": len(results),
            "won": results.count(1),
            "drawn": results.count(0),
            "lost": results.count(-1),
            "brain_median_ms": round(statistics.median(times), 1) if times else None,
            "brain_max_ms": round(max(times), 1) if times else None,
            "brain_over_timeout": sum(t > args.brain_ms for t in times),
            "left_out": unreadable,
        }
        print(json.dumps(line), flush=True)


if __name__ == "__main__":
    main()
