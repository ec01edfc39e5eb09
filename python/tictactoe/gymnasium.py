"""A Gymnasium vector environment on ``VecGames``, for self-play: the agent is always the player to
move. Needs the extra: ``pip install 'tictactoe-engine[gymnasium]'``.

Each step returns the reward of the player who just moved (+1 for a win, -1 for an illegal action
under ``illegal="loss"``, else 0); the legal-action mask is ``info["action_mask"]``, and
``info["current_player"]`` tells whose view the next observation is.

>>> from tictactoe.gymnasium import VecEnv
>>> envs = VecEnv(2, seed=0)
>>> obs, info = envs.reset()
>>> obs.shape, envs.single_action_space
((2, 3, 3, 2), Discrete(9))
>>> for action in [0, 3, 1, 4]:
...     obs, reward, terminated, truncated, info = envs.step([action, action])
>>> obs, reward, terminated, truncated, info = envs.step([2, 2])
>>> reward.tolist(), terminated.tolist()
([1.0, 1.0], [True, True])

Importing this module registers three ids with Gymnasium, each for ``gymnasium.make`` (one game
against the engine's ``Agent``: ``GameEnv``) and ``gymnasium.make_vec`` (self-play batches:
``VecEnv``): ``tictactoe/TicTacToe-v0`` (``n=3``, or any ``n``), ``tictactoe/ConnectFour-v0`` and
``tictactoe/Gomoku-v0`` (15 x 15, five in a row). Every action space samples legal moves from
``info["action_mask"]``:

>>> import gymnasium
>>> env = gymnasium.make("tictactoe/ConnectFour-v0", opponent_skill=0.0)
>>> obs, info = env.reset(seed=3)
>>> done = False
>>> while not done:
...     action = env.action_space.sample(mask=info["action_mask"])
...     obs, reward, terminated, truncated, info = env.step(action)
...     done = terminated or truncated
>>> reward in (-1.0, 0.0, 1.0)
True
"""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
from gymnasium.spaces import Box, Discrete, MultiDiscrete
from gymnasium.vector import AutoresetMode, VectorEnv

from tictactoe import Agent, IllegalMoveError, Solver, TicTacToe, VecGames
from tictactoe._picture import board_picture
from tictactoe._tictactoe import _seed
from tictactoe._vec import _int

RENDER_MODES = ["ansi", "rgb_array"]

# Gymnasium's auto-reset modes, by the names VecGames uses.
_MODES = {
    AutoresetMode.NEXT_STEP: "next_step",
    AutoresetMode.SAME_STEP: "same_step",
    AutoresetMode.DISABLED: "disabled",
}


class VecEnv(VectorEnv[np.ndarray, np.ndarray, np.ndarray]):
    """``num_envs`` games stepped in one call: ``n x n`` tic-tac-toe, or any rules of the family
    (``rows``, ``cols``, ``k``, ``gravity``, ``exact``, as ``VecGames`` takes them).

    ``autoreset_mode`` is a ``gymnasium.vector.AutoresetMode`` (or its value, such as
    ``"NextStep"``); ``illegal``, ``seed`` and ``threads`` are ``VecGames``'s.
    """

    def __init__(
        self,
        num_envs: int,
        n: int | None = None,
        *,
        rows: int | None = None,
        cols: int | None = None,
        k: int | None = None,
        gravity: bool = False,
        exact: bool = False,
        autoreset_mode: AutoresetMode | str = AutoresetMode.NEXT_STEP,
        illegal: str = "raise",
        seed: int | None = None,
        threads: int = 1,
        render_mode: str | None = None,
        screen_height: int = 400,
    ) -> None:
        _check_render(render_mode, screen_height)
        mode = AutoresetMode(autoreset_mode)
        self.games = VecGames(
            num_envs,
            n,
            rows=rows,
            cols=cols,
            k=k,
            gravity=gravity,
            exact=exact,
            autoreset=_MODES[mode],
            illegal=illegal,
            seed=seed,
            threads=threads,
        )
        self.num_envs = num_envs
        self.rows, self.cols = self.games.rows, self.games.cols
        self.metadata = {"autoreset_mode": mode, "render_modes": RENDER_MODES}
        self.render_mode, self.screen_height = render_mode, screen_height
        self.single_observation_space = Box(0, 1, (self.rows, self.cols, 2), dtype=np.bool_)
        self.single_action_space = Discrete(self.games.num_actions)
        self.observation_space = Box(0, 1, (num_envs, self.rows, self.cols, 2), dtype=np.bool_)
        self.action_space = MaskedActions([self.games.num_actions] * num_envs)
        self._rows = np.arange(num_envs)
        # The latest observations and movers, for render().
        self._seen: tuple[np.ndarray, np.ndarray] | None = None

    def reset(
        self, *, seed: int | list[int] | None = None, options: dict[str, Any] | None = None
    ) -> tuple[np.ndarray, dict[str, Any]]:
        """Starts the games (those of ``options["reset_mask"]`` only, when given). ``seed`` reseeds
        the engine's generator and the action space."""
        if isinstance(seed, list):
            raise TypeError("one seed seeds every game: pass an int")
        if seed is not None:
            # VecGames's seed policy, checked before anything is seeded.
            seed = _seed(seed)
            self.action_space.seed(seed)
        obs, info = self.games.reset(seed=seed, options=options)
        self._seen = (obs, self.games.current_player)
        return obs, info

    def step(
        self, actions: Any
    ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, dict[str, Any]]:
        """Plays one action per game, for the player to move in it; the rewards are the movers'."""
        movers = self.games.current_player
        obs, rewards, terminated, truncated, info = self.games.step(actions)
        self._seen = (obs, info["current_player"])
        return obs, rewards[self._rows, movers - 1], terminated, truncated, info

    def sample(self) -> np.ndarray:
        """A uniformly random legal action per game, from the engine's generator."""
        actions: np.ndarray = self.games.sample()
        return actions

    def render(self) -> tuple[Any, ...] | None:
        """Each game as the last observation shows it: its text (``"ansi"``) or a picture
        ``screen_height`` pixels high (``"rgb_array"``); ``None`` without a render mode."""
        if self.render_mode is None:
            return None
        obs, movers = self._seen or (self.games.reset()[0], self.games.current_player)
        frames = []
        for planes, mover in zip(obs, movers, strict=True):
            marks = np.where(planes[..., 0], mover, np.where(planes[..., 1], 3 - mover, 0))
            frames.append(_frame(marks, self.render_mode, self.screen_height))
        return tuple(frames)


class MaskedActions(MultiDiscrete):
    """The batch's action space: one ``Discrete`` a game, whose ``sample`` also takes the batch's
    mask as the engine gives it, ``info["action_mask"]`` (a ``(num_envs, num_actions)`` array of
    bools or 0/1), as well as Gymnasium's own tuple of int8 masks. A game with no legal action
    (its row all false) samples 0, as ``Discrete`` does."""

    def sample(self, mask: Any = None, probability: Any = None) -> Any:
        if mask is not None and not isinstance(mask, tuple):
            rows = np.asarray(mask)
            if rows.shape != (len(self.nvec), int(self.nvec[0])):
                raise ValueError(
                    f"a mask must have shape ({len(self.nvec)}, {int(self.nvec[0])}), "
                    f"not {rows.shape}"
                )
            mask = tuple(row.astype(np.int8) for row in rows)
        return super().sample(mask=mask, probability=probability)


def _check_render(render_mode: str | None, screen_height: int) -> None:
    if render_mode is not None and render_mode not in RENDER_MODES:
        raise ValueError(f"render_mode must be None, 'ansi' or 'rgb_array', not {render_mode!r}")
    if isinstance(screen_height, bool) or not isinstance(screen_height, int):
        raise TypeError(f"screen_height must be an int, not {type(screen_height).__name__}")
    if not 16 <= screen_height <= 4096:
        raise ValueError(f"screen_height must be between 16 and 4096, not {screen_height}")


def _frame(marks: np.ndarray, render_mode: str, screen_height: int) -> Any:
    """One board, as ``render_mode`` shows it."""
    if render_mode == "ansi":
        symbols = np.array([" ", "X", "O"])[marks]
        return "\n".join("|" + "|".join(row) + "|" for row in symbols)
    return board_picture(marks, screen_height)


class GameEnv(gymnasium.Env[np.ndarray, np.int64]):
    """One game against the engine's ``Agent``: the learner plays ``player`` (1, X, moving first;
    2, O; or ``None``, either at random each episode), the opponent answers each move at once.

    Observations are the learner's view, ``(rows, cols, 2)`` bools: plane 0 its own cells, plane 1
    the opponent's. An action is a cell index ``row * cols + col`` (with gravity, a column). The
    reward is +1 when the learner wins, -1 when it loses, else 0. ``info["action_mask"]`` (int8,
    what ``Discrete.sample(mask=...)`` takes) marks the legal actions; ``info["winner"]`` is 0, 1
    or 2. An illegal action ends the episode with -1 (``illegal="loss"``, the default, so that any
    sampled action is a step) or raises ``IllegalMoveError`` and changes nothing
    (``illegal="raise"``).

    The opponent is ``Agent(opponent_skill, max_nodes=opponent_max_nodes)``, seeded from the
    environment's generator at each ``reset``, searching on a table kept for the environment's
    life: skill 1.0 plays perfectly wherever a solve fits the budget, 0.0 uniformly at random.
    """

    metadata: dict[str, Any] = {"render_modes": RENDER_MODES, "render_fps": 4}  # noqa: RUF012

    def __init__(
        self,
        n: int | None = None,
        *,
        rows: int | None = None,
        cols: int | None = None,
        k: int | None = None,
        gravity: bool = False,
        exact: bool = False,
        player: int | None = 1,
        opponent_skill: float = 0.5,
        opponent_max_nodes: int = 100_000,
        illegal: str = "loss",
        render_mode: str | None = None,
        screen_height: int = 400,
    ) -> None:
        _check_render(render_mode, screen_height)
        if player not in (1, 2, None) or isinstance(player, bool):
            raise ValueError(f"player must be 1, 2 or None, not {player!r}")
        if illegal not in ("loss", "raise"):
            raise ValueError(f"illegal must be 'loss' or 'raise', not {illegal!r}")
        if rows is None and cols is None:
            self._game = TicTacToe(3 if n is None else n, k=k, gravity=gravity, exact=exact)
        else:
            self._game = TicTacToe(n, rows=rows, cols=cols, k=k, gravity=gravity, exact=exact)
        # The opponent's settings, checked now rather than at the first reset.
        Agent(opponent_skill, seed=0, max_nodes=opponent_max_nodes)
        self.rows, self.cols, self.gravity = self._game.rows, self._game.cols, self._game.gravity
        self.player, self.illegal = player, illegal
        self.opponent_skill, self.opponent_max_nodes = opponent_skill, opponent_max_nodes
        self.render_mode, self.screen_height = render_mode, screen_height
        actions = self.cols if self.gravity else self.rows * self.cols
        self.observation_space = Box(0, 1, (self.rows, self.cols, 2), dtype=np.bool_)
        self.action_space: Discrete = Discrete(actions)
        self._solver = Solver(table_bits=18)
        self._marks = np.zeros((self.rows, self.cols), dtype=np.int8)
        self._me = 1
        self._opponent: Agent | None = None
        self._over = True

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[np.ndarray, dict[str, Any]]:
        super().reset(seed=seed)
        self._game.reset()
        self._marks[:] = 0
        self._over = False
        self._me = self.player or int(self.np_random.integers(1, 3))
        self._opponent = Agent(
            self.opponent_skill,
            seed=int(self.np_random.integers(2**63)),
            max_nodes=self.opponent_max_nodes,
            solver=self._solver,
        )
        if self._me == 2:
            self._answer()
        return self._observation(), self._info()

    def step(self, action: Any) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        if self._over:
            raise RuntimeError("the episode is over: call reset()")
        cell = self._cell(action)
        if cell is None:
            if self.illegal == "raise":
                raise IllegalMoveError(f"action {action!r} is not legal here")
            self._over = True
            return self._observation(), -1.0, True, False, self._info()
        self._play(*cell, self._me)
        if not self._game.is_over:
            self._answer()
        self._over = self._game.is_over
        winner = self._game.winner
        reward = 0.0 if winner == 0 else 1.0 if winner == self._me else -1.0
        return self._observation(), reward, self._over, False, self._info()

    def render(self) -> Any:
        """The board as text (``"ansi"``) or a picture ``screen_height`` pixels high
        (``"rgb_array"``); ``None`` without a render mode."""
        if self.render_mode is None:
            return None
        if self.render_mode == "ansi":
            return str(self._game)
        return board_picture(self._marks, self.screen_height)

    def _cell(self, action: Any) -> tuple[int, int] | None:
        """The cell ``action`` marks, or ``None`` when the engine says it is not legal now. An
        action that is not an integer (a float, a bool, a string) is a ``TypeError`` under either
        policy, as ``VecGames`` refuses it."""
        index = _int(action, "an action")
        if index not in self._game.legal_moves():
            return None
        if self.gravity:
            # The landing cell: the lowest empty one of the column, which the engine found legal.
            return int(np.count_nonzero(self._marks[:, index] == 0)) - 1, index
        return divmod(index, self.cols)

    def _play(self, row: int, col: int, player: int) -> None:
        self._game.move(row, col, player)
        self._marks[row, col] = player

    def _answer(self) -> None:
        assert self._opponent is not None
        row, col = self._opponent.choose(self._game)
        self._play(row, col, 3 - self._me)

    def _observation(self) -> np.ndarray:
        return np.stack([self._marks == self._me, self._marks == 3 - self._me], axis=-1)

    def _info(self) -> dict[str, Any]:
        if self._over or self._game.is_over:
            mask = np.zeros(self.action_space.n, dtype=np.int8)
        elif self.gravity:
            mask = (self._marks[0] == 0).astype(np.int8)
        else:
            mask = (self._marks.reshape(-1) == 0).astype(np.int8)
        return {"action_mask": mask, "winner": self._game.winner}


def _register() -> None:
    """The package's ids, each for ``gymnasium.make`` and ``gymnasium.make_vec``."""
    rules = {
        "tictactoe/TicTacToe-v0": {},
        "tictactoe/ConnectFour-v0": {"rows": 6, "cols": 7, "k": 4, "gravity": True},
        "tictactoe/Gomoku-v0": {"rows": 15, "cols": 15, "k": 5},
    }
    for env_id, kwargs in rules.items():
        if env_id not in gymnasium.registry:
            gymnasium.register(
                id=env_id,
                entry_point="tictactoe.gymnasium:GameEnv",
                vector_entry_point="tictactoe.gymnasium:VecEnv",
                kwargs=kwargs,
            )


_register()
