"""Many games per call from Python: ``VecGames`` against what a learner would otherwise use, on the
issue's loop (``step(sample())`` with auto-reset, observations, masks and rewards all produced), in
env-steps. Prints JSON lines like ``bench.py``.

The contenders draw their own random actions, so their checksums are not comparable and are left
out; instead the NumPy contender is first replayed beside ``VecGames`` on the same actions and must
give the same observations, masks, rewards and terminations, or the run stops.
"""

from __future__ import annotations

import os

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import random
import sys
from collections.abc import Callable
from typing import Any

import numpy as np
from replay import group
from tictactoe import VecGames


class NumpyGames:
    """``VecGames``'s 3x3 contract (next-step auto-reset, illegal actions refused) in NumPy, written
    for speed: per game a 9-bit mask of the mover's cells and one of the other player's (so an
    observation needs no change of view), and lookup tables over all masks for wins, cells, random
    choices and whole observations, so that a step is a few dozen whole-array operations."""

    FULL = 0b111_111_111

    def __init__(self, num_envs: int, seed: int) -> None:
        masks = np.arange(512)
        cells = ((masks[:, None] >> np.arange(9)) & 1).astype(bool)  # (512, 9)
        lines = [0o7, 0o70, 0o700, 0o111, 0o222, 0o444, 0o421, 0o124]
        self.won = np.array([any(m & line == line for line in lines) for m in range(512)])
        self.cells = cells
        # (512 * 512, 18): the observation of every (mover, other) pair of masks, cell by cell.
        self.obs = np.stack(
            [np.repeat(cells, 512, axis=0), np.tile(cells, (512, 1))], axis=-1
        ).reshape(512 * 512, 18)
        self.counts = cells.sum(axis=1)
        # (512, 9): the position of each mask's k-th set bit (0 where there is none).
        self.select = np.zeros((512, 9), dtype=np.int64)
        for m in range(512):
            ones = np.flatnonzero(cells[m])
            self.select[m, : len(ones)] = ones
        self.bits = (1 << np.arange(9)).astype(np.int64)
        self.rng = np.random.default_rng(seed)
        self.n = num_envs
        self.rows = np.arange(num_envs)
        self.reset()

    def reset(self) -> None:
        """Every game empty, X to move (the tables stay)."""
        self.me = np.zeros(self.n, dtype=np.int64)  # the mover's cells
        self.them = np.zeros(self.n, dtype=np.int64)  # the other player's
        self.x_to_move = np.ones(self.n, dtype=bool)
        self.ended = np.zeros(self.n, dtype=bool)

    def sample(self) -> np.ndarray:
        empty = self.FULL & ~(self.me | self.them)
        free = np.where(self.ended, 9, self.counts[empty])
        k = (self.rng.random(self.n) * free).astype(np.int64)
        return np.where(self.ended, k, self.select[empty, k])

    def step(self, actions: np.ndarray) -> tuple[np.ndarray, ...]:
        restart = self.ended
        active = ~restart
        bit = self.bits[np.clip(actions, 0, 8)]
        occupied = self.me | self.them
        off = (actions < 0) | (actions > 8)
        if (active & (off | ((occupied & bit) != 0))).any():
            raise ValueError("illegal action")
        mine = np.where(active, self.me | bit, 0)  # a restarting game's board is empty
        won = self.won[mine]
        done = won | (active & ((occupied | bit) == self.FULL))
        rewards = np.zeros((self.n, 2), dtype=np.float32)
        column = np.where(self.x_to_move, 0, 1)[won]
        rewards[self.rows[won], column] = 1
        rewards[self.rows[won], 1 - column] = -1
        # The other player moves next: the views swap.
        self.me, self.them = np.where(active, self.them, 0), mine
        self.x_to_move = restart | ~self.x_to_move
        self.ended = done
        obs = self.obs[(self.me << 9) | self.them].reshape(self.n, 3, 3, 2)
        mask = self.cells[self.FULL & ~(self.me | self.them)] | done[:, None]
        return obs, rewards, done, mask


def check_numpy_against_vec_games(steps: int = 3000) -> None:
    games, reference = VecGames(64, seed=1), NumpyGames(64, seed=1)
    for _ in range(steps):
        actions = games.sample()
        obs, rewards, done, _, info = games.step(actions)
        want = reference.step(actions)
        for got, expected in zip((obs, rewards, done, info["action_mask"]), want, strict=True):
            if not np.array_equal(got, expected):
                raise SystemExit("the NumPy contender disagrees with VecGames: fix it first")


def vec_games_loop(num_envs: int, n: int, steps: int, threads: int = 1) -> Callable[[], int]:
    games = VecGames(num_envs, n, seed=2, threads=threads)

    def run() -> int:
        total = 0
        for _ in range(steps):
            _, _, done, _, _ = games.step(games.sample())
            total += np.count_nonzero(done)  # a tenth of the cost of done.sum()
        return total

    return run


def vec_games_out_loop(num_envs: int, n: int, steps: int) -> Callable[[], int]:
    """``vec_games_loop`` writing each step into the arrays of the one before (``out=``)."""
    games = VecGames(num_envs, n, seed=2)
    result = games.step(games.sample())

    def run() -> int:
        nonlocal result
        total = 0
        for _ in range(steps):
            result = games.step(games.sample(), out=result)
            total += np.count_nonzero(result[2])
        return total

    return run


def numpy_loop(num_envs: int, steps: int) -> Callable[[], int]:
    games = NumpyGames(num_envs, seed=2)

    def run() -> int:
        total = 0
        for _ in range(steps):
            _, _, done, _ = games.step(games.sample())
            total += np.count_nonzero(done)  # a tenth of the cost of done.sum()
        return total

    return run


def pgx_loop(num_envs: int, steps: int, game: str = "tic_tac_toe") -> Callable[[], int] | None:
    """pgx's ``game`` (tic-tac-toe unless told) under ``jit(vmap(...))`` with auto-reset and a
    random legal action per game, on the CPU, held to one thread; ``None`` when pgx is not
    installed."""
    os.environ.setdefault(
        "XLA_FLAGS", "--xla_cpu_multi_thread_eigen=false intra_op_parallelism_threads=1"
    )
    try:
        import jax
        import jax.numpy as jnp
        import pgx
        from pgx.experimental import auto_reset
    except ImportError:
        return None
    env = pgx.make(game)
    init = jax.jit(jax.vmap(env.init))
    step = jax.jit(jax.vmap(auto_reset(env.step, env.init)))

    @jax.jit
    def act(key: Any, mask: Any) -> Any:
        return jax.random.categorical(key, jnp.where(mask, 0.0, -jnp.inf), axis=-1)

    key = jax.random.PRNGKey(0)
    state = init(jax.random.split(key, num_envs))

    def run() -> int:
        nonlocal state, key
        for _ in range(steps):
            key, pick, restart = jax.random.split(key, 3)
            action = act(pick, state.legal_action_mask)
            state = step(state, action, jax.random.split(restart, num_envs))
        state.rewards.block_until_ready()
        return 0

    return run


def playouts(make_step: Callable[[], Callable[[], object]], rounds: int) -> Callable[[], int]:
    """``rounds`` times nine steps of random legal moves from fresh games: every 3x3 game ends
    within nine moves, and one that ends restarts on the next step and cannot end again before
    the ninth, so each round plays exactly one whole game per env."""

    def run() -> int:
        for _ in range(rounds):
            step = make_step()
            for _ in range(9):
                step()
        return 0

    return run


def aec_loop(make: Callable[[], Any], moves: int) -> Callable[[], int]:
    """One AEC environment, a random legal move per step, reset when a game ends."""
    rng = random.Random(3)

    def run() -> int:
        env = make()
        env.reset(seed=3)
        played = games = 0
        while played < moves:
            observation, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.reset()
                games += 1
                continue
            legal = np.flatnonzero(observation["action_mask"]).tolist()
            env.step(rng.choice(legal))
            played += 1
        return games

    return run


def main() -> None:
    check_numpy_against_vec_games()
    for num_envs in (64, 4096, 65_536):
        steps = max(4, 2_000_000 // num_envs)
        ops = steps * num_envs
        contenders = [
            ("NumPy, written well (9-bit masks, tables)", ops, numpy_loop(num_envs, steps)),
            ("VecGames", ops, vec_games_loop(num_envs, 3, steps)),
            ("VecGames, out= the last step's arrays", ops, vec_games_out_loop(num_envs, 3, steps)),
            ("VecGames, threads=2", ops, vec_games_loop(num_envs, 3, steps, threads=2)),
        ]
        jax_steps = pgx_loop(num_envs, steps)
        if jax_steps is None:
            print("pgx: not installed, skipped", file=sys.stderr)
        else:
            contenders.append(("pgx (JAX, jit + vmap, one CPU thread)", ops, jax_steps))
        name = f"Python step(sample()), n = 3, {num_envs} games, per env-step"
        group(name, 5, contenders, checksums=False)
    # A step's fixed cost: the same loop at 64 and 4096 games timed in turn, with nothing else
    # between (the rows above interleave other engines, whose runs disturb a short one).
    fixed = []
    for num_envs in (4096, 64):
        steps = 2_000_000 // num_envs
        fixed.append(
            (f"VecGames({num_envs})", steps * num_envs, vec_games_loop(num_envs, 3, steps))
        )
        loop = vec_games_out_loop(num_envs, 3, steps)
        fixed.append((f"VecGames({num_envs}), out=", steps * num_envs, loop))
    group("Python step(sample()), n = 3, small batch against large, per env-step", 9, fixed, False)
    steps = 2_000_000 // (4096 * 64 // 9)
    group(
        "Python step(sample()), n = 8, 4096 games, per env-step",
        5,
        [
            ("VecGames", steps * 4096, vec_games_loop(4096, 8, steps)),
            ("VecGames, threads=2", steps * 4096, vec_games_loop(4096, 8, steps, threads=2)),
        ],
        checksums=False,
    )
    envs, rounds = 4096, 20

    def vec_games_playout() -> int:
        games = VecGames(envs, seed=4)
        for _ in range(rounds):
            games.reset()
            games.playout()
        return 0

    numpy_games = NumpyGames(envs, seed=4)

    def numpy_round() -> Callable[[], object]:
        numpy_games.reset()
        return lambda: numpy_games.step(numpy_games.sample())

    random_games: list[tuple[str, int, Callable[[], int]]] = [
        ("NumPy, written well: nine steps", envs * rounds, playouts(numpy_round, rounds)),
        ("VecGames.playout()", envs * rounds, vec_games_playout),
    ]
    group("Python random playouts, n = 3, 4096 games, per game", 3, random_games, checksums=False)
    aec: list[tuple[str, int, Callable[[], int]]] = [
        ("VecGames, 4096 games", 4096 * 100, vec_games_loop(4096, 3, 100))
    ]
    try:
        from pettingzoo.classic import tictactoe_v3
    except ImportError:
        print("PettingZoo: not installed, skipped", file=sys.stderr)
    else:
        from tictactoe import pettingzoo

        aec.append(("PettingZoo tictactoe_v3, one env", 3000, aec_loop(tictactoe_v3.env, 3000)))
        aec.append(("tictactoe.pettingzoo drop-in, one env", 3000, aec_loop(pettingzoo.env, 3000)))
    group("Python env-steps with a random legal move, n = 3", 3, aec, checksums=False)


if __name__ == "__main__":
    main()
