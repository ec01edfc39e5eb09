import os
from collections.abc import Iterable
from typing import Any, Literal, Self, SupportsIndex, TypeAlias, final

from typing_extensions import disjoint_base

__all__ = [
    "Agent",
    "Book",
    "IllegalMoveError",
    "SearchLimitError",
    "Solver",
    "TicTacToe",
    "_VecGames",
    "__version__",
    "_board",
    "_read_header",
    "_run_cli",
    "_seed",
]

__version__: str

def _seed(seed: object) -> int:
    """The package's one seed policy: ``None`` (fresh entropy from ``os.urandom``) or an int from 0 to
    2**64 - 1 (``__index__`` taken, bools refused); ``TypeError`` for anything else, ``ValueError``
    out of range.

    >>> _seed(7)
    7
    """

def _board(
    n: object, rows: object, cols: object, k: object, default: object
) -> tuple[object, object] | tuple[object, object, object]:
    """The board as ``VecGames`` takes it, by the constructors' one grammar: ``(n, k)`` for a square
    board (``n`` is ``default`` when no size is given; ``k`` may be None), else ``(rows, cols, k)``.
    The values are passed on as given, for the caller to check.

    >>> _board(None, 6, 7, 4, 3), _board(None, None, None, None, 3)
    ((6, 7, 4), (3, None))
    """

def _run_cli(argv: list[str]) -> int:
    """The ``tictactoe`` command over the process's own streams (``argv`` its arguments, the
    program's name first): its exit code. The console script and ``python -m tictactoe`` call it.
    """

def _read_header(data: bytes) -> tuple[int, int, int, bool, bool]:
    """What an encoded game's header says, ``(rows, cols, k, gravity, lean)``, read before anything
    is allocated; ``ValueError`` when it is not a valid header.

    >>> _read_header(TicTacToe(7, lean=True).to_bytes())
    (7, 7, 7, False, True)
    """

class SearchLimitError(RuntimeError):
    """A search for perfect play ran out of its node budget (``max_nodes``) before it had an answer.
    The game is unchanged; ask again with a larger budget, or none.
    """

class IllegalMoveError(ValueError):
    """A move the rules refuse: a cell off the board, a player other than 1 or 2, the same player twice
    in a row, a taken cell, or any move after the game is over. The game is unchanged.

    ``index`` is the position of the refused move in a ``play`` batch, and ``None`` for ``move``.
    """

    index: int | None

_Move: TypeAlias = tuple[SupportsIndex, SupportsIndex, SupportsIndex]

@final
class TicTacToe:
    """A game of the k-in-a-row family whose moves cost O(1): the classic n x n tic-tac-toe, or any
    rows x cols board where k in a row wins, with or without gravity (Connect Four, gomoku).

    ``TicTacToe(n)`` is the classic game (``k`` defaults to ``n``); ``TicTacToe(rows=6, cols=7, k=4,
    gravity=True)`` any other. Players are 1 (X) and 2 (O); either may move first, then they
    alternate. ``lean=True`` (the classic game only) keeps only the counters (O(n) memory, for huge
    boards): the caller then promises to play each cell at most once, and ``cell``, ``undo`` and
    drawing the board are not available.

    >>> game = TicTacToe(3)
    >>> game.move(1, 1, 1)
    0
    >>> game.move(0, 0, 2)
    0
    >>> print(game)
    |O| | |
    | |X| |
    | | | |
    >>> game.move(0, 0, 1)
    Traceback (most recent call last):
    ...
    tictactoe.IllegalMoveError: cell (0, 0) is already taken by O
    """
    def __new__(
        cls,
        n: SupportsIndex | None = None,
        *,
        rows: SupportsIndex | None = None,
        cols: SupportsIndex | None = None,
        k: SupportsIndex | None = None,
        gravity: bool = False,
        exact: bool = False,
        lean: bool = False,
    ) -> Self: ...
    def solve(self, max_nodes: SupportsIndex | None = None) -> tuple[int, int]:
        """Perfect play: ``(value, plies)`` for the player to move (the one who did not move last; X
        before any move). ``value`` is 1 if that player wins with perfect play, 0 for a draw, -1 if
        it loses; ``plies`` is how many more moves the game lasts when the winner wins as fast as it
        can and the loser holds out as long as it can (a draw: the empty cells).

        ``max_nodes`` bounds the search (``None``: no bound); when it runs out, ``SearchLimitError``
        and the game is unchanged. A finished or lean game raises ``IllegalMoveError``. The search
        works on a copy, without holding the interpreter: other threads run meanwhile.

        >>> TicTacToe(3).solve()
        (0, 9)
        >>> TicTacToe(4, k=3).solve()[0]
        1
        """
    def best_moves(self, max_nodes: SupportsIndex | None = None) -> list[tuple[int, int]]:
        """Every move that keeps ``solve()``'s answer exactly (the same value in the same number of
        plies), as ``(row, col)`` pairs in row-major order. ``max_nodes`` bounds the whole call; the
        refusals are ``solve``'s.

        >>> game = TicTacToe(3)
        >>> game.move(0, 0, 1)
        0
        >>> game.best_moves()
        [(1, 1)]
        """
    def move_values(
        self, max_nodes: SupportsIndex | None = None, *, by_column: bool = False
    ) -> dict[Any, tuple[int, int]]:
        """Every legal move with the exact outcome of playing it, for the player who plays it: a dict
        from ``(row, col)`` (with gravity, the landing cell) to ``(value, plies)``, in row-major
        order. A move that wins at once is ``(1, 1)``, one that fills the board without a win
        ``(0, 1)``; any other is ``(-v, p + 1)`` where ``(v, p)`` is what ``solve()`` says of the
        position it leads to. So ``solve()`` is the best entry, and ``best_moves()`` the moves whose
        entry equals it. ``max_nodes`` bounds the whole call; the refusals are ``solve``'s. With
        gravity, ``by_column=True`` keys the dict by column instead, as Connect Four users name a
        move (``ValueError`` without gravity).

        >>> game = TicTacToe(3)
        >>> for r, c, p in [(0, 0, 1), (1, 0, 2), (0, 1, 1), (1, 1, 2)]:
        ...     _ = game.move(r, c, p)
        >>> game.move_values()[(0, 2)]
        (1, 1)
        >>> game.move_values()[(2, 2)]
        (-1, 2)
        """
    @classmethod
    def connect_four(cls, moves: str = "", *, base: Literal[0, 1] = 1) -> Self:
        """Connect Four: 6 rows, 7 columns, four in a row, gravity. Play it with ``drop(col, player)``.
        ``moves``, a string of the columns played (``"4453"``), is played first, from X,
        alternately: columns from 1 as Pons' solver and people number them, or with ``base=0``
        from 0 as BitBully's ``Board("3342")`` writes them. A character that names no column is a
        ``ValueError``, a move the rules refuse an ``IllegalMoveError`` whose ``index`` is its
        place in the string.

        >>> game = TicTacToe.connect_four()
        >>> game.drop(3, 1), game.cell(5, 3)
        (0, 1)
        >>> TicTacToe.connect_four("4453").cell(4, 3)
        2
        >>> TicTacToe.connect_four("3342", base=0) == TicTacToe.connect_four("4453")
        True
        """
    @classmethod
    def gomoku(cls, n: SupportsIndex | None = None, *, exact: bool = False) -> Self:
        """Gomoku on an n x n board (15 by default): free-style, five or more in a row wins; with
        ``exact=True`` the standard rule, where only exactly five wins (six or more do not).

        >>> TicTacToe.gomoku().k, TicTacToe.gomoku(19).rows, TicTacToe.gomoku(exact=True).exact
        (5, 19, True)
        """
    def legal_moves(self) -> list[int]:
        """The legal moves as actions, in order: with gravity the columns that are not full (from 0,
        as ``drop`` takes them), else the empty cells' indices ``row * cols + col`` (the actions of
        ``VecGames`` and the environments). Empty once the game is over.

        >>> game = TicTacToe.connect_four("444444")
        >>> game.legal_moves()
        [0, 1, 2, 4, 5, 6]
        >>> TicTacToe(2).legal_moves()
        [0, 1, 2, 3]
        """
    @property
    def to_move(self) -> int:
        """The player to move: 1 (X) or 2 (O), the one who did not make the last move (X before any
        move); 0 once the game is over.

        >>> TicTacToe.connect_four("4").to_move
        2
        """
    def move_string(self, *, base: Literal[0, 1] = 1) -> str:
        """The moves played as a string of columns (``"4453"``), from 1 as Pons' solver writes a
        position, or with ``base=0`` from 0 as BitBully does: for games with gravity of at most
        nine columns (else ``ValueError``). ``TicTacToe.connect_four(game.move_string())`` plays
        them again, from X.

        >>> TicTacToe.connect_four("4453").move_string(), TicTacToe.connect_four("4453").move_string(base=0)
        ('4453', '3342')
        """
    def best_move(
        self,
        max_nodes: SupportsIndex | None = None,
        *,
        tie_break: Literal["center", "first", "leftmost", "random"] = "center",
        seed: object = None,
    ) -> tuple[int, int]:
        """One move of ``best_moves()``, as ``(row, col)``, chosen by ``tie_break``, named as
        BitBully's are: ``"center"`` (the default: the one nearest the centre of the board, then the
        first; with gravity the column nearest the centre column, then the leftmost), ``"first"``
        or ``"leftmost"`` (the first in row-major order; with gravity the leftmost column) or
        ``"random"`` (uniformly, from ``random.Random(seed)``). The refusals and ``max_nodes`` are
        ``best_moves``'s.

        >>> TicTacToe(3).best_move()  # every move draws: the centre
        (1, 1)
        """
    def play_moves(self, moves: str, *, base: Literal[0, 1] = 1) -> None:
        """Plays ``moves``, a string of columns as ``connect_four`` takes it (``base`` likewise), onto
        this game, from the player to move, all or nothing: a refused move leaves the game as it
        was (``IllegalMoveError`` with its ``index``, or ``ValueError`` for a character that names
        no column).

        >>> game = TicTacToe.connect_four("44")
        >>> game.play_moves("53")
        >>> game.move_string()
        '4453'
        """
    def best_column(
        self,
        max_nodes: SupportsIndex | None = None,
        *,
        tie_break: Literal["center", "first", "leftmost", "random"] = "center",
        seed: object = None,
    ) -> int:
        """With gravity, the column (from 0, as ``drop`` takes it) of ``best_move``, as Connect Four
        users name a move; ``ValueError`` without gravity. Tie-breaks, refusals and
        ``max_nodes`` are ``best_move``'s.

        >>> TicTacToe.connect_four().best_column()  # the centre column
        3
        """
    def to_string(self, *, labels: bool = False) -> str:
        """The board as ``str`` draws it, and with ``labels`` a last line naming each column under
        its cells: 1 to 9 on boards of at most nine columns (the move string's numbers), a to z up
        to 26 (``ValueError`` beyond).

        >>> print(TicTacToe.connect_four("4").to_string(labels=True))
        | | | | | | | |
        | | | | | | | |
        | | | | | | | |
        | | | | | | | |
        | | | | | | | |
        | | | |X| | | |
         1 2 3 4 5 6 7
        """
    def drop(self, col: SupportsIndex, player: SupportsIndex) -> int:
        """With gravity, ``player`` drops a mark in column ``col``: it lands on the lowest empty cell.
        Returns 0, or the player who has just won, as ``move`` does.

        Raises ``IllegalMoveError`` for a column off the board, a full column, a game without
        gravity (where a move names its cell), and every refusal of ``move``; the game is then
        unchanged.

        >>> game = TicTacToe(rows=2, cols=2, k=2, gravity=True)
        >>> game.drop(0, 1), game.drop(0, 2), game.drop(1, 1)
        (0, 0, 1)
        """
    @property
    def rows(self) -> int:
        """The board's rows.

        >>> TicTacToe.connect_four().rows
        6
        """
    @property
    def cols(self) -> int:
        """The board's columns.

        >>> TicTacToe.connect_four().cols
        7
        """
    @property
    def k(self) -> int:
        """How many in a row win.

        >>> TicTacToe(3).k, TicTacToe(rows=4, cols=5, k=3).k
        (3, 3)
        """
    @property
    def gravity(self) -> bool:
        """Whether marks fall to the lowest empty cell of their column.

        >>> TicTacToe.connect_four().gravity
        True
        """
    @property
    def exact(self) -> bool:
        """Whether only a run of exactly ``k`` wins (an overline of more does not).

        >>> TicTacToe(rows=1, cols=7, k=3, exact=True).exact
        True
        """
    def move(self, row: SupportsIndex, col: SupportsIndex, player: SupportsIndex) -> int:
        """Plays ``player`` (1 or 2) at ``row``, ``col``; returns 0, or the player who has just won.

        Raises ``IllegalMoveError`` (a ``ValueError``) for a cell off the board, a player other than 1
        or 2, the same player twice in a row, a taken cell, or a move after the game is over; the game
        is then unchanged. Raises ``TypeError`` for arguments that are not ints.

        >>> game = TicTacToe(2)
        >>> game.move(0, 0, 1), game.move(1, 0, 2), game.move(0, 1, 1)
        (0, 0, 1)
        >>> game.move(5, 5, 2)
        Traceback (most recent call last):
        ...
        tictactoe.IllegalMoveError: cell (5, 5) is outside the 2x2 board: row and column must be between 0 and 1
        """
    def play(self, moves: Iterable[_Move] | Any) -> int:
        """Applies ``(row, col, player)`` moves all or nothing; returns the winner after the last one.

        ``moves`` is any iterable of triples, or a C-contiguous (k, 3) buffer of 64-bit ints such as a
        NumPy ``int64`` array, read in one go. When a move is refused, none of the batch is applied and
        the ``IllegalMoveError`` (or ``TypeError``) has ``index``, the refused move's position.

        >>> game = TicTacToe(3)
        >>> game.play([(0, 0, 1), (1, 1, 2), (0, 1, 1)])
        0
        >>> try:
        ...     game.play([(2, 2, 2), (0, 2, 1), (2, 0, 2)])
        ... except IllegalMoveError as err:
        ...     print(err.index, err)
        2 the game is over: X has won
        >>> game.move_count
        3
        """
    @property
    def n(self) -> int:
        """The board size n of a square board; ``AttributeError`` for a rectangular one, which has
        ``rows`` and ``cols`` instead.

        >>> TicTacToe(4).n
        4
        """
    @property
    def lean(self) -> bool:
        """True for a lean game (counters only).

        >>> TicTacToe(4, lean=True).lean
        True
        """
    @property
    def winner(self) -> int:
        """0 while nobody has won (also after a draw), else 1 or 2.

        >>> game = TicTacToe(1)
        >>> game.winner, game.move(0, 0, 2), game.winner
        (0, 2, 2)
        """
    @property
    def is_over(self) -> bool:
        """True after a win or when the board is full.

        >>> game = TicTacToe(1)
        >>> game.is_over, game.move(0, 0, 1), game.is_over
        (False, 1, True)
        """
    @property
    def is_draw(self) -> bool:
        """True when the board is full and nobody has won.

        >>> game = TicTacToe(2)
        >>> game.play([(0, 0, 1), (0, 1, 2)]), game.is_draw
        (0, False)
        """
    @property
    def move_count(self) -> int:
        """The number of moves played.

        >>> game = TicTacToe(3)
        >>> game.move(1, 1, 1), game.move_count
        (0, 1)
        """
    def can_win(self, player: SupportsIndex) -> bool:
        """Whether ``player`` can still complete some line, one holding no mark of the opponent. False once
        the game is over; when it is false for both players, the game is a dead draw.

        >>> game = TicTacToe(2)
        >>> game.play([(0, 0, 1), (1, 1, 2)])
        0
        >>> game.can_win(1), game.can_win(2)
        (True, True)
        """
    def reset(self) -> None:
        """Empties the board, keeping the size, the mode and the memory: replaying many games needs no new
        object.

        >>> game = TicTacToe(3)
        >>> game.move(0, 0, 1)
        0
        >>> game.reset()
        >>> game.move_count
        0
        """
    def cell(self, row: SupportsIndex, col: SupportsIndex) -> int:
        """Who holds ``row``, ``col``: 0 (empty), 1 or 2. Checked games only (``ValueError`` for lean ones);
        ``IndexError`` for a cell off the board.

        >>> game = TicTacToe(3)
        >>> game.move(2, 1, 2)
        0
        >>> game.cell(2, 1), game.cell(0, 0)
        (2, 0)
        """
    def undo(self) -> tuple[int, int, int]:
        """Takes back the last move, also a winning one, and returns it as ``(row, col, player)``.
        Checked games only (``ValueError`` for lean ones); ``IndexError`` when there is no move.

        >>> game = TicTacToe(3)
        >>> game.move(1, 2, 1)
        0
        >>> game.undo()
        (1, 2, 1)
        """
    def to_bytes(self) -> bytes:
        """The game as bytes: a compact, versioned encoding that ``from_bytes`` reads back.

        >>> TicTacToe(3).to_bytes()[:3]
        b'TTT'
        """
    @classmethod
    def from_bytes(cls, data: bytes) -> Self:
        """A game from ``to_bytes`` output; ``ValueError`` when the bytes are damaged or inconsistent.

        The first bytes name the board size, and decoding allocates that board: 18 bytes may ask for a
        checked 65,535 x 65,535 board (1 GiB). From untrusted bytes, read the size first with
        ``tictactoe.read_header``, which allocates nothing.

        >>> game = TicTacToe(3)
        >>> game.move(0, 0, 1)
        0
        >>> TicTacToe.from_bytes(game.to_bytes()) == game
        True
        """
    def __reduce__(self) -> tuple[Any, tuple[bytes]]: ...
    def __copy__(self) -> Self: ...
    def __deepcopy__(self, memo: Any, /) -> Self: ...
    def __eq__(self, other: object, /) -> bool: ...
    def __ne__(self, other: object, /) -> bool: ...
    __hash__: None  # type: ignore[assignment]
    def _repr_svg_(self) -> str | None:
        """The board as an SVG picture, for notebooks; ``None`` for a lean game."""

@disjoint_base
class _VecGames:
    def __new__(
        cls,
        num_envs: int,
        rows: object,
        cols: object,
        k: object,
        gravity: bool,
        exact: bool,
        autoreset: str,
        illegal: str,
        seed: int,
        threads: int,
    ) -> Self: ...
    def _rules(self) -> tuple[int, int, int, bool, bool]:
        """The rules: `(rows, cols, k, gravity, exact)`."""
    def step(
        self,
        actions: object,
        *,
        out: tuple[Any, Any, Any, Any, dict[str, Any]] | None = None,
    ) -> tuple[Any, Any, Any, Any, dict[str, Any]]:
        """Plays one action per game; returns ``(obs, rewards, terminated, truncated, info)``.

        ``rewards`` is ``(num_envs, 2)`` float32, one column per player (X, O). ``info`` holds
        ``action_mask``, ``current_player`` and ``winner`` (for games that ended on this step), and
        in ``same_step`` mode ``final_obs`` with the bool mask ``_final_obs``. An illegal action
        under ``illegal="raise"`` raises ``IllegalMoveError`` (``.index`` is the first offending
        game) and changes nothing.

        The arrays are fresh unless ``out`` is given: the tuple an earlier step of these games
        returned, whose arrays this step writes again and which it returns (``result =
        games.step(actions, out=result)``), for small batches that feel the cost of new arrays.
        Each must still be a NumPy array of its dtype and shape, C-contiguous, aligned, writeable
        and sharing memory with none of the others, else ``TypeError`` / ``ValueError`` and
        nothing changes; a refused step writes none of them.
        """
    def _reset(self, only: list[bool] | None) -> tuple[Any, Any, Any]:
        """Empties every game, or those `only` names (one flag per game); returns the view."""
    def _view(self) -> tuple[Any, Any, Any]:
        """What every game looks like now: `(obs, action_mask, current_player)`."""
    def sample(self) -> Any:
        """A uniformly random legal action for every game in play (any action for an ended one),
        int64.
        """
    def playout(self) -> Any:
        """Plays every game to its end with uniformly random legal moves; the winners (0 for a draw)
        as uint8, as ``info["winner"]``. The games are left ended.
        """
    def _reseed(self, seed: int) -> None: ...
    def _game(self, i: int) -> bytes:
        """Game `i`, encoded."""
    def _set_game(self, i: int, data: bytes) -> None:
        """Puts the encoded game `data` in place of game `i`."""

@final
class Solver:
    """A perfect-play solver that keeps its transposition table (``2**table_bits`` entries, 24 bytes
    each) between calls, so that an agent playing a whole game, or a loop over many positions,
    reuses what it proved. Its methods answer exactly as the game's own ``solve``, ``best_moves``
    and ``move_values`` do, and never change the game passed; a game of other rules than the last
    clears the table by itself. Threads sharing a solver take turns.

    ``book=True`` (the default) answers from the engine's own opening books: the exact solution
    of the 7 x 6 Connect Four positions of up to eight stones, and the value of those of up to
    ten (``value`` at once, without a node). ``book=False`` leaves them out: every position is
    searched, but for books ``add_book`` gives. Any other ``book`` is a book to read as well, inside every search of its rules: a
    ``Book``, or what ``Book`` reads (its bytes, a path, ``"bitbully-8ply"``,
    ``"bitbully-12ply"``, ``"bitbully-12ply-dist"``); ``add_book`` adds more. Answers with any
    book are exactly those without.

    ``threads``: the threads a solve without a budget may use (``None``, the default: the cores
    this process may use, CPU affinity and cgroup quotas counted; 1 never starts a thread); every
    count gives the same answers, only the time differs.

    ``table_bits`` outside 0..30 is a ``ValueError``; a table that cannot be had a
    ``MemoryError``.

    >>> from tictactoe import TicTacToe
    >>> solver = Solver(table_bits=16)
    >>> solver.solve(TicTacToe(3))
    (0, 9)
    >>> solver.solve(TicTacToe.connect_four())  # from the book: X wins with the 41st stone
    (1, 41)
    >>> solver.best_moves(TicTacToe(rows=5, cols=5, k=4), max_nodes=10)
    Traceback (most recent call last):
    ...
    tictactoe.SearchLimitError: the search used its whole budget of 10 positions without an answer
    """
    def __new__(
        cls,
        table_bits: SupportsIndex = 20,
        *,
        book: bool | Book | bytes | bytearray | memoryview | str | os.PathLike[str] = True,
        threads: SupportsIndex | None = None,
    ) -> Self: ...
    @property
    def table_bits(self) -> int:
        """The table's size, as a power of two of entries."""
    @property
    def threads(self) -> int:
        """The threads a solve may use."""
    def solve(self, game: TicTacToe, max_nodes: SupportsIndex | None = None) -> tuple[int, int]:
        """``game.solve(max_nodes)``, on this solver's table."""
    def value(self, game: TicTacToe, max_nodes: SupportsIndex | None = None) -> int:
        """Whether ``game``'s position is won (1), drawn (0) or lost (-1) for the player to move:
        ``solve(game)[0]``, for a fraction of the search (it need not find how soon).
        """
    def add_book(
        self, book: Book | bytes | bytearray | memoryview | str | os.PathLike[str]
    ) -> None:
        """Reads ``book`` (a ``Book``, or what ``Book`` reads: bytes, a path, a BitBully name) inside
        every later search of its rules.
        """
    @property
    def books(self) -> int:
        """How many books ``add_book`` (or ``book=``) gave."""
    def best_moves(
        self, game: TicTacToe, max_nodes: SupportsIndex | None = None
    ) -> list[tuple[int, int]]:
        """``game.best_moves(max_nodes)``, on this solver's table."""
    def move_values(
        self, game: TicTacToe, max_nodes: SupportsIndex | None = None
    ) -> dict[tuple[int, int], tuple[int, int]]:
        """``game.move_values(max_nodes)``, on this solver's table."""
    @property
    def stats(self) -> tuple[int, int]:
        """``(nodes, table_hits)``: positions searched and answers found in the table since this
        solver was made (a deep Connect Four solve's helper thread included, whose share varies
        from run to run); ``clear()`` keeps them.
        """
    def clear(self) -> None:
        """Forgets every position the table holds."""

@final
class Book:
    """An opening book of a gravity game: every position of some number of stones with its win, draw
    or loss (or its exact score), which a ``Solver`` given it reads inside every search of its
    rules; answers stay exactly those of the search without it.

    ``source`` is the book's bytes (bytes-like), a path to its file, or the name of one of
    BitBully's published Connect Four books: ``"bitbully-8ply"``, ``"bitbully-12ply"`` or
    ``"bitbully-12ply-dist"`` (``pip install 'tictactoe-engine[books]'`` installs them). Books the
    engine builds (``tools/book_cluster.py``) and BitBully's files are both recognised by their
    content; bytes that are neither, or that do not hold what they claim, are a ``ValueError``.

    >>> from tictactoe import TicTacToe
    >>> Book(b"not a book")
    Traceback (most recent call last):
    ...
    ValueError: not a valid opening book: it is neither one of ours nor one of BitBully's published books
    """
    def __new__(cls, source: bytes | bytearray | memoryview | str | os.PathLike[str]) -> Self: ...
    def value(self, game: TicTacToe) -> int | None:
        """What the book says of ``game``'s position for the player to move: 1 a win, 0 a draw, -1 a
        loss; ``None`` when it does not hold the position.
        """
    def solution(self, game: TicTacToe) -> tuple[int, int] | None:
        """``(value, plies)`` of ``game``'s position, as ``solve()`` gives it, when the book keeps
        exact scores and holds the position; else ``None``.
        """
    @property
    def depth(self) -> int:
        """The most stones of a position it holds."""
    @property
    def shallowest(self) -> int:
        """The fewest stones of a position it holds."""
    @property
    def exact(self) -> bool:
        """Whether it keeps exact scores (how soon a win comes), not only win, draw or loss."""
    def to_bytes(self) -> bytes:
        """The book in the engine's own format."""
    def __len__(self) -> int:
        """Return len(self)."""

@final
class Agent:
    """A player of any rules with a skill dial. ``choose(game)`` picks a legal move of a game in
    progress as ``(row, col)``: at ``skill=1.0`` one of ``best_moves()`` (uniformly among them)
    wherever the budget solves the position, at ``0.0`` any legal move uniformly, and in between a
    difficulty curve: every move scored (the board's rating plus what the search proved of it, on
    ``skill`` of the budget) and drawn with the better moves the likelier as ``skill`` rises, each
    step of 0.25 a clearly stronger player. The same seed and the same positions give the same
    choices.

    At ``skill=1.0`` every move, at every budget, takes a win at once when there is one and
    otherwise stops the opponent's win at once (in a lost position, one of its winning cells).

    ``max_ms`` limits a move's time in milliseconds (``None``: no limit, the default; else an int
    of 0 or more): budgets doubling from 1,000 nodes are searched while the next is expected to
    end in time, and the last answer that ended is played. What a time limit reaches depends on
    the machine, so its moves are not reproducible as a node budget's are; with ``max_ms`` and no
    ``max_nodes`` given the default budget does not cap it (``max_nodes`` given still does).

    ``max_nodes`` bounds the search of a move (by default 1,000,000 nodes: a Connect Four or gomoku
    move in about 100 ms; ``None``: no bound, perfect play however long it takes; else an int
    from 1 to 2**64 - 1). Within it the agent first proves which moves win, draw or lose (books
    answer the shallow positions), then spends what is left on how soon, and never picks a move
    proved worse than another proved move: a win or a draw it has proved is never given away.
    On a board beyond a 64-bit word (gomoku) it first looks for a victory by continuous fours of
    its own, and when the opponent would have one, keeps only the moves that stop it; else it
    plays a threat that wins (after which no reply stops its fours, or a chain of up to five
    such threats), or keeps only the moves that leave the opponent none; and among the rest, the best of a few plies of alpha-beta over the
    moves that matter, the leaves scored by the windows still open.
    Elsewhere, among the moves it could not tell apart, the one a rating of the board puts
    first: a win at once, else a block of the opponent's win at once, else the cell that counts
    most in the windows still open to either player (with gravity, never the cell under the
    opponent's winning cell while another is left). ``last_solved`` says whether the last choice
    came from a complete solve. ``solver``, a ``Solver``, is searched on instead of the agent's own table (and
    its books read). ``tie_break`` picks among equally good best moves, named as BitBully's are:
    ``"random"`` (uniformly, the default), ``"center"`` (nearest the centre; with gravity the
    column nearest the centre column, then the leftmost) or ``"first"`` / ``"leftmost"``
    (row-major; with gravity the leftmost column).

    >>> from tictactoe import TicTacToe
    >>> game = TicTacToe(3)
    >>> game.move(0, 0, 1)
    0
    >>> Agent(seed=1).choose(game)
    (1, 1)
    """
    def __new__(
        cls,
        skill: float = 1.0,
        *,
        seed: int | None = None,
        max_nodes: SupportsIndex | None = 1_000_000,
        solver: Solver | None = None,
        tie_break: Literal["random", "center", "first", "leftmost"] = "random",
        threads: SupportsIndex | None = None,
        max_ms: SupportsIndex | None = None,
    ) -> Self: ...
    @property
    def skill(self) -> float:
        """The chance of picking a best move."""
    @property
    def max_nodes(self) -> int | None:
        """The node budget of a move (``None``: no bound; by default 1,000,000)."""
    @property
    def max_ms(self) -> int | None:
        """The time limit of a move in milliseconds (``None``: none, the default)."""
    @property
    def last_solved(self) -> bool:
        """Whether the last choice came from a complete solve (a choice another thread is making is
        waited for).
        """
    def choose(self, game: TicTacToe) -> tuple[int, int]:
        """A legal move of ``game``, a game in progress, as ``(row, col)``; ``game`` is not changed.
        A finished or lean game raises ``IllegalMoveError``.
        """
