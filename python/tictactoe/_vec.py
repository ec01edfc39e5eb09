"""``VecGames``: many games stepped in one call, for reinforcement learning, self-play and search.

The engine (``tictactoe._tictactoe._VecGames``, the class's base) steps the games, makes the fresh
NumPy arrays it returns, and answers ``step``, ``sample`` and ``playout`` itself, with no Python
frame between; this module checks the other arguments and reads actions in every form but an int64
array.
"""

from __future__ import annotations

import itertools
import operator
from collections.abc import Mapping
from collections.abc import Set as AbstractSet
from typing import Any, NoReturn, Self, SupportsIndex

from tictactoe._tictactoe import TicTacToe, _board, _seed, _VecGames

try:
    import numpy as np
except ImportError:  # pragma: no cover - exercised only without NumPy
    np = None  # type: ignore[assignment]

AUTORESET_MODES = ("next_step", "same_step", "disabled")
ILLEGAL_POLICIES = ("raise", "loss")
_INT64_MAX = 2**63 - 1


def _int(value: object, name: str) -> int:
    """``value`` as an int: anything with ``__index__`` but a bool (one rule for bools everywhere:
    a yes or no is never a number here); ``TypeError`` for everything else."""
    if isinstance(value, bool | np.bool_):
        raise TypeError(f"{name} must be an int, not bool")
    try:
        return operator.index(value)  # type: ignore[arg-type]
    except TypeError:
        raise TypeError(f"{name} must be an int, not {type(value).__name__}") from None


def _count(value: object, name: str, least: int) -> int:
    number = _int(value, name)
    if number < least:
        raise ValueError(f"{name} must be at least {least}, not {number}")
    return number


def _rules(n: object, rows: object, cols: object, k: object) -> tuple[object, object, object]:
    """The rules' rows, columns and k, read by the constructors' one grammar (``_board``): ``n``
    (3 when no size is given; ``k`` by default ``n``) for a square board, or ``rows``, ``cols``
    and ``k``."""
    board = _board(n, rows, cols, k, 3)
    if len(board) == 3:
        return board
    size = _count(board[0], "n", 1)
    return size, size, size if board[1] is None else board[1]


def _shape(count: int, most: int, whole: bool) -> str:
    """The shape of ``count`` items read one by one, as a message quotes it: ``(count,)``, or when
    reading stopped past ``most`` (an iterator is not read to its end), that it was longer."""
    if whole or count <= most:
        return f"({count},)"
    return f"longer than ({most},)"


def _read(value: object, most: int, name: str) -> tuple[Any, bool]:
    """``value`` as a NumPy array, or as a list of the items it yields (``True`` beside it when
    that is all of them), read without trusting any claim about memory but NumPy's own and the
    buffer protocol's: a NumPy array as it is, a buffer through ``memoryview`` (its shape, format
    and strides are the protocol's), anything else item by item, never asked for
    ``__array_interface__``, ``__array_struct__`` or ``__array__`` (which may name any address).
    A list or tuple is read whole; any other iterable to at most ``most + 1`` items, so that an
    endless one ends. What only looks like a sequence of ints is refused (``TypeError``): a
    mapping or a set (keys, in no order that names a game), bytes or text, and a masked array
    (whose mask would be ignored)."""
    if isinstance(value, np.ma.MaskedArray):
        raise TypeError(f"{name} must not be a masked array: its mask would be ignored")
    if isinstance(value, np.ndarray):
        return value, True
    if isinstance(value, Mapping | AbstractSet | str | bytes | bytearray):
        raise TypeError(
            f"{name} must be an array or a sequence of ints, not {type(value).__name__}"
        )
    try:
        view = memoryview(value)  # type: ignore[arg-type]
    except TypeError:
        pass
    else:
        return np.asarray(view), True
    if isinstance(value, list | tuple):
        return list(value), True
    try:
        items = iter(value)  # type: ignore[call-overload]
    except TypeError:
        raise TypeError(
            f"{name} must be an array or a sequence, not {type(value).__name__}"
        ) from None
    return list(itertools.islice(items, most + 1)), False


def _read_actions(actions: object, num_envs: int) -> tuple[Any, dict[int, int] | None]:
    """The actions as a contiguous int64 array, read exactly as their values say (any integer
    dtype, byte order and strides), and the ones beyond int64 as passed, by game, for messages
    (the engine gets them clamped: off the board either way). The engine calls this for every
    form of actions it does not read itself."""
    array, whole = _read(actions, num_envs, "actions")
    wide: dict[int, int] = {}
    if isinstance(array, list) and len(array) != num_envs:
        quoted = _shape(len(array), num_envs, whole)
        raise ValueError(f"actions must have shape ({num_envs},), not {quoted}")
    if isinstance(array, list) or array.dtype == np.object_:
        items = array if isinstance(array, list) else array.reshape(-1)
        flat = [_int(a, "an action") for a in items]
        wide = {i: a for i, a in enumerate(flat) if not -_INT64_MAX - 1 <= a <= _INT64_MAX}
        clamped = [min(max(a, -_INT64_MAX - 1), _INT64_MAX) for a in flat]
        shape = (num_envs,) if isinstance(array, list) else array.shape
        array = np.array(clamped, dtype=np.int64).reshape(shape)
    elif array.dtype.kind not in "iu":
        raise TypeError(f"actions must be integers, not {array.dtype}")
    if array.shape != (num_envs,):
        raise ValueError(f"actions must have shape ({num_envs},), not {array.shape}")
    if array.dtype.kind == "u" and array.dtype.itemsize == 8:
        big = np.flatnonzero(array > np.uint64(_INT64_MAX))
        wide = {int(i): int(array[i]) for i in big}
        array = np.minimum(array, np.uint64(_INT64_MAX))
    # A cast to int64 reads each value as its dtype says, whatever the byte order or strides; a
    # copy aligns what a view of bytes left unaligned.
    read = np.ascontiguousarray(array, dtype=np.int64)
    return (read if read.flags.aligned else read.copy()), wide or None


class VecGames(_VecGames):
    """``num_envs`` independent games of one rule set stepped together: ``n x n`` tic-tac-toe
    (``n=3`` by default), or any board of the k-in-a-row family (``rows``, ``cols``, ``k``,
    ``gravity``: Connect Four is ``rows=6, cols=7, k=4, gravity=True``).

    Every game starts empty with player 1 (X) to move; an action is a cell index ``row * cols +
    col`` (with gravity, a column) for the player whose turn it is in that game. Observations are
    from the mover's point of view, shape ``(num_envs, rows, cols, 2)``: plane 0 the mover's cells,
    plane 1 the other player's.

    ``threads=k`` splits the games into ``k`` consecutive parts stepped on ``k`` threads at once
    (the interpreter is released meanwhile) when each part holds at least 16,384 games (smaller
    parts step one after another: a thread costs more to start than it would save); a step is
    still accepted or refused as a whole. Each
    part draws from its own generator, derived from ``seed``: the same seed and thread count give
    the same samples, and ``threads=1`` (the default) gives what one generator gives.

    >>> games = VecGames(2, seed=1)
    >>> obs, info = games.reset()
    >>> obs, rewards, terminated, truncated, info = games.step([4, 0])
    >>> obs.shape, info["current_player"].tolist(), bool(obs[0, 1, 1, 1])
    ((2, 3, 3, 2), [2, 2], True)
    >>> four = VecGames(2, rows=6, cols=7, k=4, gravity=True, seed=1)
    >>> four.num_actions, four.step([3, 6])[0].shape
    (7, (2, 6, 7, 2))
    """

    _num_envs: int
    _autoreset: str
    _threads: int
    _rows: int
    _cols: int
    _k: int
    _gravity: bool
    _exact: bool
    _num_actions: int

    # The engine is made in `__new__`, once the arguments are checked: an engine is never
    # half-made, and `__init__` (object's) has nothing left to do.
    def __new__(
        cls,
        num_envs: int,
        n: int | None = None,
        *,
        rows: int | None = None,
        cols: int | None = None,
        k: int | None = None,
        gravity: bool = False,
        exact: bool = False,
        autoreset: str = "next_step",
        illegal: str = "raise",
        seed: int | None = None,
        threads: int = 1,
    ) -> Self:
        if np is None:
            raise ImportError("VecGames needs NumPy: pip install 'tictactoe-engine[numpy]'")
        envs = _count(num_envs, "num_envs", 1)
        if not isinstance(gravity, bool):
            raise TypeError(f"gravity must be a bool, not {type(gravity).__name__}")
        if not isinstance(exact, bool):
            raise TypeError(f"exact must be a bool, not {type(exact).__name__}")
        rules = _rules(n, rows, cols, k)
        if envs > _INT64_MAX:
            board = f"{rules[0]}x{rules[1]}"
            raise MemoryError(f"not enough memory for {envs} games of {board}")
        if autoreset not in AUTORESET_MODES:
            raise ValueError(f"autoreset must be one of {AUTORESET_MODES}, not {autoreset!r}")
        if illegal not in ILLEGAL_POLICIES:
            raise ValueError(f"illegal must be one of {ILLEGAL_POLICIES}, not {illegal!r}")
        # More threads than games would leave some idle: never more parts than games.
        parts = min(_count(threads, "threads", 1), envs)
        self = super().__new__(
            cls, envs, *rules, gravity, exact, autoreset, illegal, _seed(seed), parts
        )
        self._num_envs, self._autoreset, self._threads = envs, autoreset, parts
        self._rows, self._cols, self._k, self._gravity, self._exact = self._rules()
        self._num_actions = self._cols if self._gravity else self._rows * self._cols
        return self

    def __reduce__(self) -> NoReturn:
        # Without this, `copy.copy` would give a second handle on the same games.
        raise TypeError("VecGames cannot be copied or pickled: make another and set_game its games")

    @property
    def num_envs(self) -> int:
        """How many games."""
        return self._num_envs

    @property
    def n(self) -> int:
        """The board size of every game, when the board is square."""
        if self._rows != self._cols:
            board = f"{self._rows}x{self._cols}"
            raise AttributeError(
                f"a {board} board has no single size n: ask for its rows and columns"
            )
        return self._rows

    @property
    def rows(self) -> int:
        """The rows of every board."""
        return self._rows

    @property
    def cols(self) -> int:
        """The columns of every board."""
        return self._cols

    @property
    def k(self) -> int:
        """How many in a row win."""
        return self._k

    @property
    def gravity(self) -> bool:
        """Whether marks fall to the lowest empty cell of their column (actions are columns)."""
        return self._gravity

    @property
    def exact(self) -> bool:
        """Whether only a run of exactly ``k`` wins (an overline does not)."""
        return self._exact

    @property
    def num_actions(self) -> int:
        """Actions per game: ``rows * cols``, or with gravity ``cols``."""
        return self._num_actions

    @property
    def metadata(self) -> dict[str, Any]:
        """``{"autoreset_mode": ...}``, the auto-reset mode by name."""
        return {"autoreset_mode": self._autoreset}

    @property
    def action_mask(self) -> Any:
        """The legal actions of every game, ``(num_envs, num_actions)`` bool (all True once it
        ended)."""
        return self._view()[1]

    @property
    def current_player(self) -> Any:
        """The player to move in every game, 1 or 2, ``(num_envs,)`` uint8."""
        return self._view()[2]

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Any, dict[str, Any]]:
        """Empties every game, or with ``options={"reset_mask": mask}`` only those the bool mask
        names (a pending restart of a named game happens now). ``seed`` restarts the generator."""
        only = None
        if options is not None and not isinstance(options, Mapping):
            raise TypeError(f"options must be a dict, not {type(options).__name__}")
        seed_value = None if seed is None else _seed(seed)
        if options is not None and options.get("reset_mask") is not None:
            mask, whole = _read(options["reset_mask"], self._num_envs, "reset_mask")
            if isinstance(mask, list):
                for flag in mask:
                    if not isinstance(flag, bool | np.bool_):
                        raise TypeError(f"reset_mask must hold bools, not {type(flag).__name__}")
                if len(mask) != self._num_envs:
                    quoted = _shape(len(mask), self._num_envs, whole)
                    raise ValueError(
                        f"reset_mask must have shape ({self._num_envs},), not {quoted}"
                    )
            elif mask.dtype != np.bool_:
                raise TypeError(f"reset_mask must be a bool array, not {mask.dtype}")
            elif mask.shape != (self._num_envs,):
                raise ValueError(
                    f"reset_mask must have shape ({self._num_envs},), not {mask.shape}"
                )
            only = [bool(x) for x in mask]
        if seed_value is not None:
            self._reseed(seed_value)
        obs, mask_, player = self._reset(only)
        return obs, {"action_mask": mask_, "current_player": player}

    def _index(self, i: SupportsIndex) -> int:
        index = _int(i, "a game index")
        if not 0 <= index < self._num_envs:
            raise IndexError(f"there is no game {index}: there are {self._num_envs}")
        return index

    def game(self, i: int) -> TicTacToe:
        """A copy of game ``i``; ``ValueError`` for a game lost by an illegal action."""
        return TicTacToe.from_bytes(self._game(self._index(i)))

    def set_game(self, i: int, game: TicTacToe) -> None:
        """Puts a copy of ``game`` in place of game ``i``: a checked game of the same rules whose
        position X could have reached moving first. It cancels a pending restart."""
        index = self._index(i)
        if not isinstance(game, TicTacToe):
            raise TypeError(f"game must be a TicTacToe, not {type(game).__name__}")
        self._set_game(index, game.to_bytes())

    def __repr__(self) -> str:
        if self._rows == self._cols == self._k and not self._gravity and not self._exact:
            shape = f"{self._rows}"
        else:
            gravity = ", gravity=True" if self._gravity else ""
            exact = ", exact=True" if self._exact else ""
            shape = f"rows={self._rows}, cols={self._cols}, k={self._k}{gravity}{exact}"
        return f"VecGames({self._num_envs}, {shape}, autoreset={self._autoreset!r})"
