"""Instructions a Python ``VecGames`` step costs, counted by callgrind: the loop ``step(sample())``
(fresh arrays, or ``out=`` the last step's) run twice with different step counts in a child under
valgrind, and the difference divided, so that start-up cancels. Counts are steady where times on a
shared machine are not; ``make bench`` does not run this (valgrind takes a minute).

    python bench/python/step_instructions.py            # 1, 64 and 4096 games
"""

from __future__ import annotations

import os
import re
import subprocess
import sys


def loop(num_envs: int, steps: int, mode: str) -> None:
    from tictactoe import VecGames

    games = VecGames(num_envs, seed=2)
    result = games.step(games.sample())
    if mode == "out":
        for _ in range(steps):
            result = games.step(games.sample(), out=result)
    else:
        for _ in range(steps):
            result = games.step(games.sample())


def counted(num_envs: int, steps: int, mode: str) -> int:
    valgrind = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null"]
    child = subprocess.run(
        [*valgrind, sys.executable, __file__, "--loop", str(num_envs), str(steps), mode],
        capture_output=True,
        text=True,
        check=True,
        env={**os.environ, "OPENBLAS_NUM_THREADS": "1"},
    )
    found = re.search(r"I\s+refs:\s+([\d,]+)", child.stderr)
    if found is None:
        raise SystemExit(f"no count from valgrind:\n{child.stderr}")
    return int(found.group(1).replace(",", ""))


def main() -> None:
    for num_envs, steps in ((1, 10_000), (64, 5_000), (4096, 100)):
        for mode in ("fresh", "out"):
            per_step = (counted(num_envs, 3 * steps, mode) - counted(num_envs, steps, mode)) / (
                2 * steps
            )
            print(
                f"VecGames({num_envs}) step(sample()), {mode}: {per_step:,.0f} instructions a step,"
                f" {per_step / num_envs:,.1f} an env-step"
            )


if __name__ == "__main__":
    if sys.argv[1:2] == ["--loop"]:
        loop(int(sys.argv[2]), int(sys.argv[3]), sys.argv[4])
    else:
        main()
