"""The k-in-a-row family from Python, beside what a Python user would otherwise reach for: OpenSpiel
move by move (``apply_action`` and ``is_terminal``, one call of ours a move), pgx and PettingZoo for
Connect Four batches, and a NumPy gomoku stepper written for speed. Prints JSON lines like
``bench.py``. Contenders that are not installed are left out with a note on stderr."""

from __future__ import annotations

import os

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import random
import sys
from collections.abc import Callable

import numpy as np
from replay import group
from tictactoe import TicTacToe, VecGames
from vec_bench import aec_loop, pgx_loop

Game = list[int]  # actions: a column (Connect Four) or a cell row * cols + col


def random_games(make: Callable[[], TicTacToe], count: int, seed: int, gravity: bool) -> list[Game]:
    """Random legal games to their end, played on the engine (which says when they end)."""
    rng = random.Random(seed)
    games = []
    for _ in range(count):
        game, actions = make(), []
        while not game.is_over:
            player = 1 + game.move_count % 2
            if gravity:
                col = rng.choice([c for c in range(game.cols) if game.cell(0, c) == 0])
                game.drop(col, player)
                actions.append(col)
            else:
                free = [
                    (r, c)
                    for r in range(game.rows)
                    for c in range(game.cols)
                    if game.cell(r, c) == 0
                ]
                r, c = rng.choice(free)
                game.move(r, c, player)
                actions.append(r * game.cols + c)
        games.append(actions)
    return games


def ours_drops(games: list[Game]) -> Callable[[], int]:
    game = TicTacToe.connect_four()

    def run() -> int:
        winners = 0
        for actions in games:
            game.reset()
            drop = game.drop
            for i, col in enumerate(actions):
                winners += drop(col, 1 + (i & 1))
        return winners

    return run


def ours_moves(make: Callable[[], TicTacToe], games: list[Game], cols: int) -> Callable[[], int]:
    game = make()

    def run() -> int:
        winners = 0
        for actions in games:
            game.reset()
            move = game.move
            for i, action in enumerate(actions):
                winners += move(action // cols, action % cols, 1 + (i & 1))
        return winners

    return run


def spiel(name: str, params: dict[str, int], games: list[Game]) -> Callable[[], int] | None:
    try:
        import pyspiel
    except ImportError:
        return None
    spiel_game = pyspiel.load_game(name, params)

    def run() -> int:
        ended = 0
        for actions in games:
            state = spiel_game.new_initial_state()
            for action in actions:
                state.apply_action(action)
                ended += state.is_terminal()
        return ended

    return run


class PureConnectFour:
    """Connect Four as a Python programmer writes it by hand, the honest per-move floor: two
    integers as bitboards (7 bits a column), column heights, and the four shift-and tests."""

    __slots__ = ("boards", "heights")

    def __init__(self) -> None:
        self.boards = [0, 0]
        self.heights = [0] * 7

    def drop(self, col: int, player: int) -> int:
        b = self.boards[player - 1] | 1 << (7 * col + self.heights[col])
        self.boards[player - 1] = b
        self.heights[col] += 1
        for s in (7, 1, 8, 6):
            m = b & (b >> s)
            if m & (m >> 2 * s):
                return player
        return 0


def pure_drops(games: list[Game]) -> Callable[[], int]:
    def run() -> int:
        winners = 0
        for actions in games:
            drop = PureConnectFour().drop
            for i, col in enumerate(actions):
                winners += drop(col, 1 + (i & 1))
        return winners

    return run


def per_move() -> None:
    four = random_games(TicTacToe.connect_four, 2000, 1, gravity=True)
    moves = sum(map(len, four))
    rows: list[tuple[str, int, Callable[[], int]]] = [
        ("tictactoe: drop, one call a move", moves, ours_drops(four)),
        ("pure Python bitboards (the floor)", moves, pure_drops(four)),
    ]
    openspiel = spiel("connect_four", {}, four)
    if openspiel:
        rows.append(("OpenSpiel connect_four: apply_action + is_terminal", moves, openspiel))
    else:
        print("OpenSpiel: not installed, skipped", file=sys.stderr)
    group("Python per move, Connect Four (random games)", 5, rows, checksums=False)

    for name, params in (
        ("gomoku", {"size": 15, "connect": 5}),
        ("mnk", {"m": 15, "n": 15, "k": 5}),
    ):
        games = random_games(TicTacToe.gomoku, 200, 2, gravity=False)
        moves = sum(map(len, games))
        rows = [
            ("tictactoe: move, one call a move", moves, ours_moves(TicTacToe.gomoku, games, 15))
        ]
        openspiel = spiel(name, params, games)
        if openspiel:
            rows.append((f"OpenSpiel {name}: apply_action + is_terminal", moves, openspiel))
        label = "gomoku 15 x 15" if name == "gomoku" else "mnk 15 x 15, k = 5"
        group(f"Python per move, {label} (random games)", 5, rows, checksums=False)


def vec_loop(games: VecGames, steps: int) -> Callable[[], int]:
    def run() -> int:
        ended = 0
        for _ in range(steps):
            _, _, done, _, _ = games.step(games.sample())
            ended += np.count_nonzero(done)
        return ended

    return run


class NumpyGomoku:
    """Gomoku (15 x 15, five or more wins) for many games in NumPy, written for speed: an int8
    board per game with a margin of empty cells (so that no look beyond the edge needs a test), the
    run through each new mark counted by a handful of whole-array gathers per direction, a random
    empty cell by the largest random number over the empty cells, next-step auto-reset."""

    SIDE, K, PAD = 15, 5, 4

    def __init__(self, num_envs: int, seed: int) -> None:
        self.n = num_envs
        width = self.SIDE + 2 * self.PAD
        self.boards = np.zeros((num_envs, width, width), dtype=np.int8)
        self.to_move = np.ones(num_envs, dtype=np.int8)
        self.moves = np.zeros(num_envs, dtype=np.int64)
        self.ended = np.zeros(num_envs, dtype=bool)
        self.rng = np.random.default_rng(seed)
        self.rows = np.arange(num_envs)

    def inner(self) -> np.ndarray:
        p, s = self.PAD, self.SIDE
        return self.boards[:, p : p + s, p : p + s]

    def sample(self) -> np.ndarray:
        empty = (self.inner() == 0).reshape(self.n, -1)
        return np.argmax(self.rng.random(empty.shape) * empty, axis=1)

    def step(self, actions: np.ndarray) -> tuple[np.ndarray, ...]:
        restart = self.ended
        self.boards[restart] = 0
        self.moves[restart] = 0
        self.to_move[restart] = 1
        active = ~restart
        r, c = np.divmod(actions, self.SIDE)
        r, c = r + self.PAD, c + self.PAD
        me = self.to_move
        rows, mine = self.rows[active], me[active]
        self.boards[rows, r[active], c[active]] = mine
        won = np.zeros(self.n, dtype=bool)
        for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
            run = np.ones(len(rows), dtype=np.int64)
            for sign in (1, -1):
                going = np.ones(len(rows), dtype=bool)
                for t in range(1, self.K):
                    cell = self.boards[rows, r[active] + sign * t * dr, c[active] + sign * t * dc]
                    going &= cell == mine
                    run += going
            won[active] |= run >= self.K
        self.moves[active] += 1
        done = active & (won | (self.moves == self.SIDE * self.SIDE))
        rewards = np.zeros((self.n, 2), dtype=np.float32)
        rewards[won, me[won] - 1] = 1
        rewards[won, 2 - me[won]] = -1
        self.to_move = np.where(active, 3 - me, 1).astype(np.int8)
        self.ended = done
        inner = self.inner()
        mover = self.to_move[:, None, None]
        obs = np.stack([inner == mover, inner == 3 - mover], axis=-1)
        mask = (inner == 0).reshape(self.n, -1) | done[:, None]
        return obs, rewards, done, mask


def numpy_gomoku_loop(num_envs: int, steps: int) -> Callable[[], int]:
    games = NumpyGomoku(num_envs, seed=5)

    def run() -> int:
        ended = 0
        for _ in range(steps):
            _, _, done, _ = games.step(games.sample())
            ended += np.count_nonzero(done)
        return ended

    return run


def check_numpy_gomoku(steps: int = 400) -> None:
    """The NumPy contender plays the contract: the same actions through it and through VecGames
    give the same observations, rewards, terminations and masks, or the run stops."""
    ours, theirs = VecGames(32, 15, k=5, seed=1), NumpyGomoku(32, seed=1)
    for _ in range(steps):
        actions = ours.sample()
        obs, rewards, done, _, info = ours.step(actions)
        want = theirs.step(actions)
        for got, expected in zip((obs, rewards, done, info["action_mask"]), want, strict=True):
            if not np.array_equal(got, expected):
                raise SystemExit("the NumPy gomoku contender disagrees with VecGames: fix it first")


def batches() -> None:
    num_envs, steps = 4096, 100
    ops = num_envs * steps
    four = VecGames(num_envs, rows=6, cols=7, k=4, gravity=True, seed=2)
    rows: list[tuple[str, int, Callable[[], int]]] = [("VecGames", ops, vec_loop(four, steps))]
    jax_steps = pgx_loop(num_envs, steps, "connect_four")
    if jax_steps is None:
        print("pgx: not installed, skipped", file=sys.stderr)
    else:
        rows.append(("pgx connect_four (JAX, jit + vmap, one CPU thread)", ops, jax_steps))
    try:
        from pettingzoo.classic import connect_four_v3
    except ImportError:
        print("PettingZoo: not installed, skipped", file=sys.stderr)
    else:
        from tictactoe.pettingzoo import connect_four_env

        rows.append(
            ("PettingZoo connect_four_v3, one env", 2000, aec_loop(connect_four_v3.env, 2000))
        )
        rows.append(
            ("tictactoe.pettingzoo drop-in, one env", 2000, aec_loop(connect_four_env, 2000))
        )
    group("Python step(sample()), Connect Four, 4096 games, per env-step", 5, rows, checksums=False)
    check_numpy_gomoku()
    num_envs, steps = 1024, 100
    gomoku = VecGames(num_envs, 15, k=5, seed=3)
    group(
        "Python step(sample()), gomoku 15 x 15, 1024 games, per env-step",
        5,
        [
            ("VecGames", num_envs * steps, vec_loop(gomoku, steps)),
            (
                "NumPy, written well (padded boards, gathers)",
                num_envs * steps,
                numpy_gomoku_loop(num_envs, steps),
            ),
        ],
        checksums=False,
    )


if __name__ == "__main__":
    per_move()
    batches()
