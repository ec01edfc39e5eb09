//! `tictactoe._tictactoe`: the engine as a Python class. A thin layer: it converts arguments and
//! errors, and leaves every rule to `tictactoe-core`. The doc comments are the Python docstrings.

mod args;
mod arrays;
mod books;
mod buffer;
mod conventions;
mod errors;
mod fast;
mod functions;
mod perfect;
mod persist;
mod solver;
mod svg;
mod vec;

use std::sync::{Mutex, MutexGuard, PoisonError};

use perfect::solve_error;
use pyo3::prelude::*;
use pyo3::types::{PyString, PyType};
use tictactoe_core::{BatchError, Error, Game, Mode, Player, Rules};

use crate::args::{Board, Int, Shown, describe, int_arg, read_triples};
use crate::buffer::{Matrix, int_matrix};
use crate::errors::{Call, IllegalMoveError, SearchLimitError, to_py};
use pyo3::exceptions::{PyAttributeError, PyMemoryError, PyTypeError};

/// A game of the k-in-a-row family whose moves cost O(1): the classic n x n tic-tac-toe, or any
/// rows x cols board where k in a row wins, with or without gravity (Connect Four, gomoku).
///
/// ``TicTacToe(n)`` is the classic game (``k`` defaults to ``n``); ``TicTacToe(rows=6, cols=7, k=4,
/// gravity=True)`` any other. Players are 1 (X) and 2 (O); either may move first, then they
/// alternate. ``lean=True`` (the classic game only) keeps only the counters (O(n) memory, for huge
/// boards): the caller then promises to play each cell at most once, and ``cell``, ``undo`` and
/// drawing the board are not available.
///
/// >>> game = TicTacToe(3)
/// >>> game.move(1, 1, 1)
/// 0
/// >>> game.move(0, 0, 2)
/// 0
/// >>> print(game)
/// |O| | |
/// | |X| |
/// | | | |
/// >>> game.move(0, 0, 1)
/// Traceback (most recent call last):
/// ...
/// tictactoe.IllegalMoveError: cell (0, 0) is already taken by O
#[pyclass(module = "tictactoe", name = "TicTacToe", frozen)]
struct TicTacToe {
    // Locked only around engine calls, which never call back into Python: so the lock is never held
    // while another thread could run, and concurrent calls from threads take turns.
    inner: Mutex<Game>,
}

impl TicTacToe {
    fn wrap(game: Game) -> Self {
        TicTacToe {
            inner: Mutex::new(game),
        }
    }

    /// A copy of the game for a search that runs without the interpreter: refused like `solve`
    /// refuses when there is nothing to search, `MemoryError` when the copy cannot be had.
    fn snapshot(&self, py: Python<'_>) -> PyResult<Game> {
        let game = self.game();
        tictactoe_solve::Solver::check(&game).map_err(|err| solve_error(py, err))?;
        game.try_clone()
            .map_err(|err| to_py(py, err, err.to_string(), Call::Other))
    }

    fn game(&self) -> MutexGuard<'_, Game> {
        // The engine does not panic, so a poisoned lock still guards a consistent game.
        self.inner.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

fn player_number(player: Option<Player>) -> u8 {
    player.map_or(0, Player::number)
}

fn mode_of(lean: bool) -> Mode {
    if lean { Mode::Lean } else { Mode::Checked }
}

#[pymethods]
impl TicTacToe {
    #[new]
    #[pyo3(signature = (n = None, *, rows = None, cols = None, k = None, gravity = false, exact = false, lean = false))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        py: Python<'_>,
        n: Option<&Bound<'_, PyAny>>,
        rows: Option<&Bound<'_, PyAny>>,
        cols: Option<&Bound<'_, PyAny>>,
        k: Option<&Bound<'_, PyAny>>,
        gravity: bool,
        exact: bool,
        lean: bool,
    ) -> PyResult<Self> {
        let (n, rows, cols, k) = (
            n.map(int_arg).transpose()?,
            rows.map(int_arg).transpose()?,
            cols.map(int_arg).transpose()?,
            k.map(int_arg).transpose()?,
        );
        let (rows, cols, k) = match args::board(n, rows, cols, k)? {
            Board::Unsized { .. } => {
                return Err(PyTypeError::new_err(
                    "give the board size n, or rows, cols and k",
                ));
            }
            // The classic game: its own constructor, with its own messages.
            Board::Square { n, k }
                if !gravity && !exact && k.as_ref().is_none_or(|k| k.value == n.value) =>
            {
                let game = Game::with_mode_i64(n.value, mode_of(lean)).map_err(|err| {
                    let shown = Shown {
                        n: Some(&n),
                        ..Shown::default()
                    };
                    to_py(py, err, describe(err, shown), Call::Other)
                })?;
                return Ok(TicTacToe::wrap(game));
            }
            Board::Square { n, k } => {
                let k = k.unwrap_or(Int::of(py, n.value.into()));
                (Int::of(py, n.value.into()), n, k)
            }
            Board::Sides { rows, cols, k } => (rows, cols, k),
        };
        let mode = mode_of(lean);
        let game = Rules::new_i64(rows.value, cols.value, k.value, gravity)
            .and_then(|rules| Game::with_rules_and_mode(rules.with_exact(exact), mode))
            .map_err(|err| {
                let shown = Shown::rules(&rows, &cols, &k);
                to_py(py, err, describe(err, shown), Call::Other)
            })?;
        Ok(TicTacToe::wrap(game))
    }

    /// Connect Four: 6 rows, 7 columns, four in a row, gravity. Play it with ``drop(col, player)``.
    /// ``moves``, a string of the columns played (``"4453"``), is played first, from X,
    /// alternately: columns from 1 as Pons' solver and people number them, or with ``base=0``
    /// from 0 as BitBully's ``Board("3342")`` writes them. A character that names no column is a
    /// ``ValueError``, a move the rules refuse an ``IllegalMoveError`` whose ``index`` is its
    /// place in the string.
    ///
    /// >>> game = TicTacToe.connect_four()
    /// >>> game.drop(3, 1), game.cell(5, 3)
    /// (0, 1)
    /// >>> TicTacToe.connect_four("4453").cell(4, 3)
    /// 2
    /// >>> TicTacToe.connect_four("3342", base=0) == TicTacToe.connect_four("4453")
    /// True
    #[classmethod]
    #[pyo3(signature = (moves = "", *, base = 1))]
    fn connect_four(cls: &Bound<'_, PyType>, moves: &str, base: i64) -> PyResult<Self> {
        let numbering = conventions::numbering(base)?;
        conventions::connect_four(cls.py(), moves, numbering).map(TicTacToe::wrap)
    }

    /// Gomoku on an n x n board (15 by default): free-style, five or more in a row wins; with
    /// ``exact=True`` the standard rule, where only exactly five wins (six or more do not).
    ///
    /// >>> TicTacToe.gomoku().k, TicTacToe.gomoku(19).rows, TicTacToe.gomoku(exact=True).exact
    /// (5, 19, True)
    #[classmethod]
    #[pyo3(signature = (n = None, *, exact = false))]
    fn gomoku(
        cls: &Bound<'_, PyType>,
        n: Option<&Bound<'_, PyAny>>,
        exact: bool,
    ) -> PyResult<Self> {
        let py = cls.py();
        let n = match n {
            Some(n) => int_arg(n)?,
            None => Int::of(py, 15),
        };
        let game = Rules::gomoku_i64(n.value)
            .and_then(|rules| Game::with_rules(rules.with_exact(exact)))
            .map_err(|err| {
                let shown = Shown {
                    rows: Some(&n),
                    cols: Some(&n),
                    ..Shown::default()
                };
                to_py(py, err, describe(err, shown), Call::Other)
            })?;
        Ok(TicTacToe::wrap(game))
    }

    /// With gravity, ``player`` drops a mark in column ``col``: it lands on the lowest empty cell.
    /// Returns 0, or the player who has just won, as ``move`` does.
    ///
    /// Raises ``IllegalMoveError`` for a column off the board, a full column, a game without
    /// gravity (where a move names its cell), and every refusal of ``move``; the game is then
    /// unchanged.
    ///
    /// >>> game = TicTacToe(rows=2, cols=2, k=2, gravity=True)
    /// >>> game.drop(0, 1), game.drop(0, 2), game.drop(1, 1)
    /// (0, 0, 1)
    fn drop(&self, col: &Bound<'_, PyAny>, player: &Bound<'_, PyAny>) -> PyResult<u8> {
        let (c, p) = (int_arg(col)?, int_arg(player)?);
        let result = self.game().drop_i64(c.value, p.value);
        result.map_err(|err| {
            let shown = Shown {
                col: Some(&c),
                player: Some(&p),
                ..Shown::default()
            };
            to_py(
                col.py(),
                err,
                describe(err, shown),
                Call::Move { index: None },
            )
        })
    }

    /// The board's rows.
    ///
    /// >>> TicTacToe.connect_four().rows
    /// 6
    #[getter]
    fn rows(&self) -> usize {
        self.game().rules().rows()
    }

    /// The board's columns.
    ///
    /// >>> TicTacToe.connect_four().cols
    /// 7
    #[getter]
    fn cols(&self) -> usize {
        self.game().rules().cols()
    }

    /// How many in a row win.
    ///
    /// >>> TicTacToe(3).k, TicTacToe(rows=4, cols=5, k=3).k
    /// (3, 3)
    #[getter]
    fn k(&self) -> usize {
        self.game().rules().k()
    }

    /// Whether marks fall to the lowest empty cell of their column.
    ///
    /// >>> TicTacToe.connect_four().gravity
    /// True
    #[getter]
    fn gravity(&self) -> bool {
        self.game().rules().gravity()
    }

    /// Whether only a run of exactly ``k`` wins (an overline of more does not).
    ///
    /// >>> TicTacToe(rows=1, cols=7, k=3, exact=True).exact
    /// True
    #[getter]
    fn exact(&self) -> bool {
        self.game().rules().exact()
    }

    /// Plays ``player`` (1 or 2) at ``row``, ``col``; returns 0, or the player who has just won.
    ///
    /// Raises ``IllegalMoveError`` (a ``ValueError``) for a cell off the board, a player other than 1
    /// or 2, the same player twice in a row, a taken cell, or a move after the game is over; the game
    /// is then unchanged. Raises ``TypeError`` for arguments that are not ints.
    ///
    /// >>> game = TicTacToe(2)
    /// >>> game.move(0, 0, 1), game.move(1, 0, 2), game.move(0, 1, 1)
    /// (0, 0, 1)
    /// >>> game.move(5, 5, 2)
    /// Traceback (most recent call last):
    /// ...
    /// tictactoe.IllegalMoveError: cell (5, 5) is outside the 2x2 board: row and column must be between 0 and 1
    #[pyo3(name = "move")]
    fn play_move(
        &self,
        row: &Bound<'_, PyAny>,
        col: &Bound<'_, PyAny>,
        player: &Bound<'_, PyAny>,
    ) -> PyResult<u8> {
        let (r, c, p) = (int_arg(row)?, int_arg(col)?, int_arg(player)?);
        let result = self.game().play_i64(r.value, c.value, p.value);
        result.map_err(|err| {
            let shown = Shown {
                row: Some(&r),
                col: Some(&c),
                player: Some(&p),
                ..Shown::default()
            };
            to_py(
                row.py(),
                err,
                describe(err, shown),
                Call::Move { index: None },
            )
        })
    }

    /// Applies ``(row, col, player)`` moves all or nothing; returns the winner after the last one.
    ///
    /// ``moves`` is any iterable of triples, or a C-contiguous (k, 3) buffer of 64-bit ints such as a
    /// NumPy ``int64`` array, read in one go. When a move is refused, none of the batch is applied and
    /// the ``IllegalMoveError`` (or ``TypeError``) has ``index``, the refused move's position.
    ///
    /// >>> game = TicTacToe(3)
    /// >>> game.play([(0, 0, 1), (1, 1, 2), (0, 1, 1)])
    /// 0
    /// >>> try:
    /// ...     game.play([(2, 2, 2), (0, 2, 1), (2, 0, 2)])
    /// ... except IllegalMoveError as err:
    /// ...     print(err.index, err)
    /// 2 the game is over: X has won
    /// >>> game.move_count
    /// 3
    fn play(&self, moves: &Bound<'_, PyAny>) -> PyResult<u8> {
        let py = moves.py();
        let refused = |err: BatchError, message: String| {
            let call = Call::Move {
                index: Some(err.index),
            };
            to_py(py, err.error, message, call)
        };
        if let Matrix::Ints(matrix) = int_matrix(moves, 3)? {
            // Read in place, each item as its format says; a number beyond 64 bits is refused like
            // any other bad number, and its message quotes it whole.
            let saturate = |v: i128| v.clamp(i128::from(i64::MIN), i128::from(i64::MAX)) as i64;
            let row = |k: usize| [0, 1, 2].map(|c| matrix.get(k, c));
            let rows = (0..matrix.rows()).map(|k| row(k).map(saturate));
            let result = self.game().play_all_i64(rows);
            return result.map(player_number).map_err(|err| {
                let [r, c, p] = row(err.index).map(|v| Int::of(py, v));
                let shown = Shown {
                    row: Some(&r),
                    col: Some(&c),
                    player: Some(&p),
                    ..Shown::default()
                };
                refused(err, describe(err.error, shown))
            });
        }
        // An iterable is read before the game is locked (its items may call back into this game),
        // and only as far as a legal batch can go: a batch longer than the cells left is refused at
        // or before that point, so an endless iterable ends there.
        let mut iter = moves.try_iter()?;
        let mut triples = Vec::new();
        let mut limit = self.game().moves_left().saturating_add(1);
        loop {
            let cut = read_triples(&mut iter, &mut triples, limit)?;
            let mut game = self.game();
            let bound = game.moves_left().saturating_add(1);
            if cut && bound > limit {
                // Another thread emptied the board meanwhile: the batch may go further.
                limit = bound;
                continue;
            }
            let result = game.play_all_i64(triples.iter().map(|t| t.values));
            drop(game);
            return result
                .map(player_number)
                .map_err(|err| refused(err, triples[err.index].describe(err.error)));
        }
    }

    /// The board size n of a square board; ``AttributeError`` for a rectangular one, which has
    /// ``rows`` and ``cols`` instead.
    ///
    /// >>> TicTacToe(4).n
    /// 4
    #[getter]
    fn n(&self) -> PyResult<usize> {
        let n = self.game().n();
        n.map_err(|err| PyAttributeError::new_err(err.to_string()))
    }

    /// True for a lean game (counters only).
    ///
    /// >>> TicTacToe(4, lean=True).lean
    /// True
    #[getter]
    fn lean(&self) -> bool {
        self.game().mode() == Mode::Lean
    }

    /// 0 while nobody has won (also after a draw), else 1 or 2.
    ///
    /// >>> game = TicTacToe(1)
    /// >>> game.winner, game.move(0, 0, 2), game.winner
    /// (0, 2, 2)
    #[getter]
    fn winner(&self) -> u8 {
        self.game().winner().map_or(0, Player::number)
    }

    /// True after a win or when the board is full.
    ///
    /// >>> game = TicTacToe(1)
    /// >>> game.is_over, game.move(0, 0, 1), game.is_over
    /// (False, 1, True)
    #[getter]
    fn is_over(&self) -> bool {
        self.game().is_over()
    }

    /// True when the board is full and nobody has won.
    ///
    /// >>> game = TicTacToe(2)
    /// >>> game.play([(0, 0, 1), (0, 1, 2)]), game.is_draw
    /// (0, False)
    #[getter]
    fn is_draw(&self) -> bool {
        self.game().is_draw()
    }

    /// The number of moves played.
    ///
    /// >>> game = TicTacToe(3)
    /// >>> game.move(1, 1, 1), game.move_count
    /// (0, 1)
    #[getter]
    fn move_count(&self) -> u64 {
        self.game().move_count()
    }

    /// Whether ``player`` can still complete some line, one holding no mark of the opponent. False once
    /// the game is over; when it is false for both players, the game is a dead draw.
    ///
    /// >>> game = TicTacToe(2)
    /// >>> game.play([(0, 0, 1), (1, 1, 2)])
    /// 0
    /// >>> game.can_win(1), game.can_win(2)
    /// (True, True)
    fn can_win(&self, player: &Bound<'_, PyAny>) -> PyResult<bool> {
        let p = int_arg(player)?;
        let who = Player::from_number(p.value).map_err(|err| {
            let err = Error::from(err);
            let shown = Shown {
                player: Some(&p),
                ..Shown::default()
            };
            to_py(player.py(), err, describe(err, shown), Call::Other)
        })?;
        Ok(self.game().can_win(who))
    }

    /// Empties the board, keeping the size, the mode and the memory: replaying many games needs no new
    /// object.
    ///
    /// >>> game = TicTacToe(3)
    /// >>> game.move(0, 0, 1)
    /// 0
    /// >>> game.reset()
    /// >>> game.move_count
    /// 0
    fn reset(&self) {
        self.game().reset();
    }

    /// Who holds ``row``, ``col``: 0 (empty), 1 or 2. Checked games only (``ValueError`` for lean ones);
    /// ``IndexError`` for a cell off the board.
    ///
    /// >>> game = TicTacToe(3)
    /// >>> game.move(2, 1, 2)
    /// 0
    /// >>> game.cell(2, 1), game.cell(0, 0)
    /// (2, 0)
    fn cell(&self, row: &Bound<'_, PyAny>, col: &Bound<'_, PyAny>) -> PyResult<u8> {
        let (r, c) = (int_arg(row)?, int_arg(col)?);
        let holder = self.game().cell_i64(r.value, c.value);
        let holder = holder.map_err(|err| {
            let shown = Shown {
                row: Some(&r),
                col: Some(&c),
                ..Shown::default()
            };
            to_py(row.py(), err, describe(err, shown), Call::Other)
        })?;
        Ok(player_number(holder))
    }

    /// Takes back the last move, also a winning one, and returns it as ``(row, col, player)``.
    /// Checked games only (``ValueError`` for lean ones); ``IndexError`` when there is no move.
    ///
    /// >>> game = TicTacToe(3)
    /// >>> game.move(1, 2, 1)
    /// 0
    /// >>> game.undo()
    /// (1, 2, 1)
    fn undo(&self, py: Python<'_>) -> PyResult<(usize, usize, u8)> {
        let undone = self.game().undo();
        let (row, col, player) =
            undone.map_err(|err| to_py(py, err, err.to_string(), Call::Other))?;
        Ok((row, col, player.number()))
    }

    /// The board, one line per row, cells between bars; a one-line summary for a lean game. A
    /// text whose memory cannot be had, in the engine or in the interpreter, is a ``MemoryError``.
    fn __str__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyString>> {
        let text = self.game().try_to_string();
        let text = text.map_err(|err| PyMemoryError::new_err(err.to_string()))?;
        let len = isize::try_from(text.len())
            .map_err(|_| PyMemoryError::new_err("the board's text is too long for a str"))?;
        // SAFETY: `text` is `len` bytes of ASCII; the interpreter copies them, returning a new
        // reference or NULL with an exception set (MemoryError), which becomes the error here.
        let made = unsafe {
            Bound::from_owned_ptr_or_err(
                py,
                pyo3::ffi::PyUnicode_FromStringAndSize(text.as_ptr().cast(), len),
            )
        }?;
        Ok(made.cast_into::<PyString>()?)
    }

    fn __repr__(&self) -> String {
        let g = self.game();
        let rules = g.rules();
        let shape = if rules.is_classic() {
            rules.rows().to_string()
        } else {
            let gravity = if rules.gravity() {
                ", gravity=True"
            } else {
                ""
            };
            let exact = if rules.exact() { ", exact=True" } else { "" };
            format!(
                "rows={}, cols={}, k={}{gravity}{exact}",
                rules.rows(),
                rules.cols(),
                rules.k()
            )
        };
        let lean = if g.mode() == Mode::Lean {
            ", lean=True"
        } else {
            ""
        };
        let moves = g.move_count();
        let plural = if moves == 1 { "" } else { "s" };
        let outcome = g.outcome();
        format!("<TicTacToe({shape}{lean}): {moves} move{plural}, {outcome}>")
    }

    /// The board as an SVG picture, for notebooks; ``None`` for a lean game.
    fn _repr_svg_(&self) -> Option<String> {
        svg::board(&self.game())
    }
}

/// The engine behind ``tictactoe``; import from ``tictactoe`` instead.
#[pymodule]
fn _tictactoe(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<TicTacToe>()?;
    fast::install(&m.py().get_type::<TicTacToe>())?;
    m.add_class::<vec::VecEngine>()?;
    m.add_class::<solver::PySolver>()?;
    m.add_class::<solver::PyAgent>()?;
    m.add_class::<books::PyBook>()?;
    m.add_function(wrap_pyfunction!(functions::_read_header, m)?)?;
    m.add_function(wrap_pyfunction!(functions::_seed, m)?)?;
    m.add_function(wrap_pyfunction!(functions::_board, m)?)?;
    m.add_function(wrap_pyfunction!(functions::_run_cli, m)?)?;
    m.add("IllegalMoveError", m.py().get_type::<IllegalMoveError>())?;
    m.add("SearchLimitError", m.py().get_type::<SearchLimitError>())?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
