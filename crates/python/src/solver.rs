//! `Solver` and `Agent`: the engine's solver with a table kept between calls, and its player with
//! a skill dial. Each holds its engine object behind a lock taken only without the interpreter,
//! so threads sharing one take turns and never wait on each other while holding the interpreter.

use std::sync::{Mutex, MutexGuard, PoisonError};

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyInt};
use tictactoe_solve::{Agent, MoveValues, Solver, TieBreak};

use crate::args::{
    Int, Shown, budget, budget_int, describe, int_arg, real_arg, saturated, seed_arg, threads_arg,
};
use crate::books::book_arg;
use crate::errors::{Call, to_py};
use crate::{TicTacToe, solve_error};

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    // The engine does not panic, so a poisoned lock still guards a consistent value.
    m.lock().unwrap_or_else(PoisonError::into_inner)
}

/// `move_values` as Python returns it: a dict from `(row, col)` to `(value, plies)`, row-major.
pub(crate) fn values_dict(py: Python<'_>, values: MoveValues) -> PyResult<Bound<'_, PyDict>> {
    let dict = PyDict::new(py);
    for ((row, col), s) in values {
        dict.set_item((row, col), (s.value, s.plies))?;
    }
    Ok(dict)
}

/// A perfect-play solver that keeps its transposition table (``2**table_bits`` entries, 24 bytes
/// each) between calls, so that an agent playing a whole game, or a loop over many positions,
/// reuses what it proved. Its methods answer exactly as the game's own ``solve``, ``best_moves``
/// and ``move_values`` do, and never change the game passed; a game of other rules than the last
/// clears the table by itself. Threads sharing a solver take turns.
///
/// ``book=True`` (the default) answers from the engine's own opening books: the exact solution
/// of the 7 x 6 Connect Four positions of up to eight stones, and the value of those of up to
/// ten (``value`` at once, without a node). ``book=False`` leaves them out: every position is
/// searched, but for books ``add_book`` gives. Any other ``book`` is a book to read as well, inside every search of its rules: a
/// ``Book``, or what ``Book`` reads (its bytes, a path, ``"bitbully-8ply"``,
/// ``"bitbully-12ply"``, ``"bitbully-12ply-dist"``); ``add_book`` adds more. Answers with any
/// book are exactly those without.
///
/// ``threads``: the threads a solve without a budget may use (``None``, the default: the cores
/// this process may use, CPU affinity and cgroup quotas counted; 1 never starts a thread); every
/// count gives the same answers, only the time differs.
///
/// ``table_bits`` outside 0..30 is a ``ValueError``; a table that cannot be had a
/// ``MemoryError``.
///
/// >>> from tictactoe import TicTacToe
/// >>> solver = Solver(table_bits=16)
/// >>> solver.solve(TicTacToe(3))
/// (0, 9)
/// >>> solver.solve(TicTacToe.connect_four())  # from the book: X wins with the 41st stone
/// (1, 41)
/// >>> solver.best_moves(TicTacToe(rows=5, cols=5, k=4), max_nodes=10)
/// Traceback (most recent call last):
/// ...
/// tictactoe.SearchLimitError: the search used its whole budget of 10 positions without an answer
#[pyclass(module = "tictactoe", name = "Solver", frozen)]
pub(crate) struct PySolver {
    inner: Mutex<Solver>,
    bits: u32,
}

#[pymethods]
impl PySolver {
    #[new]
    #[pyo3(
        signature = (table_bits = None, *, book = Passed::Default, threads = None),
        text_signature = "(table_bits=20, *, book=True, threads=None)"
    )]
    fn new(
        py: Python<'_>,
        table_bits: Option<&Bound<'_, PyAny>>,
        book: Passed<'_>,
        threads: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Self> {
        let threads = threads_arg(threads)?;
        // True (the default): the engine's own books; False: none; else a book to read too.
        let (use_books, extra) = match book {
            Passed::Default => (true, None),
            Passed::Given(obj) if obj.is_instance_of::<PyBool>() => (obj.is_truthy()?, None),
            Passed::Given(obj) if obj.is_none() => {
                return Err(PyTypeError::new_err(
                    "book must be True, False, a Book, its bytes or a path, not None",
                ));
            }
            Passed::Given(obj) => (true, Some(book_arg(py, &obj)?)),
        };
        let bits = match table_bits {
            Some(obj) => int_arg(obj)?,
            None => Int::of(py, Solver::DEFAULT_TABLE_BITS.into()),
        };
        let solver = py.detach(|| Solver::new_i64(bits.value)).map_err(|err| {
            let shown = Shown {
                table_bits: Some(&bits),
                ..Shown::default()
            };
            to_py(py, err, describe(err, shown), Call::Other)
        })?;
        let mut solver = solver.with_threads(threads);
        // False sets the shipped books aside; a book given later (`add_book`) is read all the same.
        if !use_books {
            solver.drop_shipped_books();
        }
        if let Some(extra) = extra {
            solver.add_book(extra);
        }
        let bits = solver.table_bits();
        Ok(PySolver {
            inner: Mutex::new(solver),
            bits,
        })
    }

    /// The table's size, as a power of two of entries.
    #[getter]
    fn table_bits(&self) -> u32 {
        self.bits
    }

    /// The threads a solve may use.
    #[getter]
    fn threads(&self, py: Python<'_>) -> usize {
        py.detach(|| lock(&self.inner).threads())
    }

    /// ``game.solve(max_nodes)``, on this solver's table.
    #[pyo3(signature = (game, max_nodes = None))]
    fn solve(
        &self,
        py: Python<'_>,
        game: PyRef<'_, TicTacToe>,
        max_nodes: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<(i8, u32)> {
        let budget = budget(max_nodes)?;
        let game = game.snapshot(py)?;
        let solved = py.detach(|| lock(&self.inner).solve(&game, budget));
        let s = solved.map_err(|err| solve_error(py, err))?;
        Ok((s.value, s.plies))
    }

    /// Whether ``game``'s position is won (1), drawn (0) or lost (-1) for the player to move:
    /// ``solve(game)[0]``, for a fraction of the search (it need not find how soon).
    #[pyo3(signature = (game, max_nodes = None))]
    fn value(
        &self,
        py: Python<'_>,
        game: PyRef<'_, TicTacToe>,
        max_nodes: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<i8> {
        let budget = budget(max_nodes)?;
        let game = game.snapshot(py)?;
        let found = py.detach(|| lock(&self.inner).value(&game, budget));
        found.map_err(|err| solve_error(py, err))
    }

    /// Reads ``book`` (a ``Book``, or what ``Book`` reads: bytes, a path, a BitBully name) inside
    /// every later search of its rules.
    fn add_book(&self, py: Python<'_>, book: &Bound<'_, PyAny>) -> PyResult<()> {
        let book = book_arg(py, book)?;
        py.detach(|| lock(&self.inner).add_book(book));
        Ok(())
    }

    /// How many books ``add_book`` (or ``book=``) gave.
    #[getter]
    fn books(&self, py: Python<'_>) -> usize {
        py.detach(|| lock(&self.inner).books().len())
    }

    /// ``game.best_moves(max_nodes)``, on this solver's table.
    #[pyo3(signature = (game, max_nodes = None))]
    fn best_moves(
        &self,
        py: Python<'_>,
        game: PyRef<'_, TicTacToe>,
        max_nodes: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Vec<(usize, usize)>> {
        let budget = budget(max_nodes)?;
        let game = game.snapshot(py)?;
        let found = py.detach(|| lock(&self.inner).best_moves(&game, budget));
        found.map_err(|err| solve_error(py, err))
    }

    /// ``game.move_values(max_nodes)``, on this solver's table.
    #[pyo3(signature = (game, max_nodes = None))]
    fn move_values<'py>(
        &self,
        py: Python<'py>,
        game: PyRef<'py, TicTacToe>,
        max_nodes: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyDict>> {
        let budget = budget(max_nodes)?;
        let game = game.snapshot(py)?;
        let found = py.detach(|| lock(&self.inner).move_values(&game, budget));
        values_dict(py, found.map_err(|err| solve_error(py, err))?)
    }

    /// ``(nodes, table_hits)``: positions searched and answers found in the table since this
    /// solver was made (a deep Connect Four solve's helper thread included, whose share varies
    /// from run to run); ``clear()`` keeps them.
    #[getter]
    fn stats(&self, py: Python<'_>) -> (u64, u64) {
        // Waits for a running search without holding the interpreter.
        py.detach(|| lock(&self.inner).stats())
    }

    /// Forgets every position the table holds.
    fn clear(&self, py: Python<'_>) {
        py.detach(|| lock(&self.inner).clear());
    }

    fn __repr__(&self) -> String {
        format!(
            "Solver(table_bits={}, threads={})",
            self.bits,
            lock(&self.inner).threads()
        )
    }
}

/// A player of any rules with a skill dial. ``choose(game)`` picks a legal move of a game in
/// progress as ``(row, col)``: at ``skill=1.0`` one of ``best_moves()`` (uniformly among them)
/// wherever the budget solves the position, at ``0.0`` any legal move uniformly, and in between a
/// difficulty curve: every move scored (the board's rating plus what the search proved of it, on
/// ``skill`` of the budget) and drawn with the better moves the likelier as ``skill`` rises, each
/// step of 0.25 a clearly stronger player. The same seed and the same positions give the same
/// choices.
///
/// At ``skill=1.0`` every move, at every budget, takes a win at once when there is one and
/// otherwise stops the opponent's win at once (in a lost position, one of its winning cells).
///
/// ``max_ms`` limits a move's time in milliseconds (``None``: no limit, the default; else an int
/// of 0 or more): budgets doubling from 1,000 nodes are searched while the next is expected to
/// end in time, and the last answer that ended is played. What a time limit reaches depends on
/// the machine, so its moves are not reproducible as a node budget's are; with ``max_ms`` and no
/// ``max_nodes`` given the default budget does not cap it (``max_nodes`` given still does).
///
/// ``max_nodes`` bounds the search of a move (by default 1,000,000 nodes: a Connect Four or gomoku
/// move in about 100 ms; ``None``: no bound, perfect play however long it takes; else an int
/// from 1 to 2**64 - 1). Within it the agent first proves which moves win, draw or lose (books
/// answer the shallow positions), then spends what is left on how soon, and never picks a move
/// proved worse than another proved move: a win or a draw it has proved is never given away.
/// On a board beyond a 64-bit word (gomoku) it first looks for a victory by continuous fours of
/// its own, and when the opponent would have one, keeps only the moves that stop it; else it
/// plays a threat that wins (after which no reply stops its fours, or a chain of up to five
/// such threats), or keeps only the moves that leave the opponent none; and among the rest, the best of a few plies of alpha-beta over the
/// moves that matter, the leaves scored by the windows still open.
/// Elsewhere, among the moves it could not tell apart, the one a rating of the board puts
/// first: a win at once, else a block of the opponent's win at once, else the cell that counts
/// most in the windows still open to either player (with gravity, never the cell under the
/// opponent's winning cell while another is left). ``last_solved`` says whether the last choice
/// came from a complete solve. ``solver``, a ``Solver``, is searched on instead of the agent's own table (and
/// its books read). ``tie_break`` picks among equally good best moves, named as BitBully's are:
/// ``"random"`` (uniformly, the default), ``"center"`` (nearest the centre; with gravity the
/// column nearest the centre column, then the leftmost) or ``"first"`` / ``"leftmost"``
/// (row-major; with gravity the leftmost column).
///
/// >>> from tictactoe import TicTacToe
/// >>> game = TicTacToe(3)
/// >>> game.move(0, 0, 1)
/// 0
/// >>> Agent(seed=1).choose(game)
/// (1, 1)
#[pyclass(module = "tictactoe", name = "Agent", frozen)]
pub(crate) struct PyAgent {
    inner: Mutex<Agent>,
    /// The solver given, searched on instead of the agent's own (made by the engine on first use).
    solver: Option<Py<PySolver>>,
    // The settings, fixed at construction, kept beside the engine's copy so that reading them
    // (and `repr`) never waits for a search another thread is running.
    skill: f64,
    /// The budget as the caller wrote it (the engine's is saturated at 2**64 - 1).
    max_nodes: Option<Py<PyInt>>,
    /// The time limit as the caller wrote it.
    max_ms: Option<Py<PyInt>>,
}

#[pymethods]
impl PyAgent {
    #[new]
    #[pyo3(
        signature = (skill = None, *, seed = None, max_nodes = Passed::Default, solver = None, tie_break = "random", threads = None, max_ms = None),
        text_signature = "(skill=1.0, *, seed=None, max_nodes=1000000, solver=None, tie_break='random', threads=None, max_ms=None)"
    )]
    #[allow(clippy::too_many_arguments)]
    fn new(
        py: Python<'_>,
        skill: Option<&Bound<'_, PyAny>>,
        seed: Option<&Bound<'_, PyAny>>,
        max_nodes: Passed<'_>,
        solver: Option<&Bound<'_, PyAny>>,
        tie_break: &str,
        threads: Option<&Bound<'_, PyAny>>,
        max_ms: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Self> {
        let threads = threads_arg(threads)?;
        let max_ms = budget_int(max_ms, 0, "max_ms")?;
        let Some(tie) = TieBreak::named(tie_break) else {
            return Err(PyValueError::new_err(format!(
                "tie_break must be 'random', 'center', 'first' or 'leftmost', not {}",
                crate::args::quoted(tie_break)
            )));
        };
        let skill = match skill {
            None => 1.0,
            Some(obj) => real_arg(obj, "skill")?,
        };
        let given = match max_nodes {
            // A time limit alone is not capped by the default budget.
            Passed::Default if max_ms.is_some() => None,
            Passed::Default => Some(PyInt::new(py, Agent::DEFAULT_MAX_NODES)),
            // At least 1: the C face's 0 is "no budget", and a zero budget would never search.
            Passed::Given(obj) => budget_int(Some(&obj), 1, "max_nodes")?,
        };
        let max_nodes = given.as_ref().map(saturated);
        let solver = match solver {
            Some(obj) if !obj.is_none() => Some(obj.cast::<PySolver>()?.clone().unbind()),
            _ => None,
        };
        let seed = seed_arg(py, seed)?;
        let agent = Agent::new(skill, seed, max_nodes)
            .map_err(|err| PyValueError::new_err(err.to_string()))?
            .with_tie_break(tie)
            .with_threads(threads)
            .with_max_ms(max_ms.as_ref().map(saturated));
        Ok(PyAgent {
            inner: Mutex::new(agent),
            solver,
            skill,
            max_nodes: given.map(Bound::unbind),
            max_ms: max_ms.map(Bound::unbind),
        })
    }

    /// The chance of picking a best move.
    #[getter]
    fn skill(&self) -> f64 {
        self.skill
    }

    /// The node budget of a move (``None``: no bound; by default 1,000,000).
    #[getter]
    fn max_nodes(&self, py: Python<'_>) -> Option<Py<PyInt>> {
        self.max_nodes.as_ref().map(|n| n.clone_ref(py))
    }

    /// The time limit of a move in milliseconds (``None``: none, the default).
    #[getter]
    fn max_ms(&self, py: Python<'_>) -> Option<Py<PyInt>> {
        self.max_ms.as_ref().map(|n| n.clone_ref(py))
    }

    /// Whether the last choice came from a complete solve (a choice another thread is making is
    /// waited for).
    #[getter]
    fn last_solved(&self, py: Python<'_>) -> bool {
        py.detach(|| lock(&self.inner).last_solved())
    }

    /// A legal move of ``game``, a game in progress, as ``(row, col)``; ``game`` is not changed.
    /// A finished or lean game raises ``IllegalMoveError``.
    fn choose(&self, py: Python<'_>, game: PyRef<'_, TicTacToe>) -> PyResult<(usize, usize)> {
        let game = game.snapshot(py)?;
        let shared = self.solver.as_ref().map(|s| s.bind(py).get());
        let chosen = py.detach(|| {
            let mut agent = lock(&self.inner);
            match shared {
                // The agent's lock first, then the solver's: every agent takes them in this order.
                Some(shared) => agent.choose_with(&game, &mut lock(&shared.inner)),
                None => agent.choose(&game),
            }
        });
        chosen.map_err(|err| solve_error(py, err))
    }

    fn __repr__(&self) -> String {
        let nodes = self
            .max_nodes
            .as_ref()
            .map_or_else(|| "None".to_string(), ToString::to_string);
        match &self.max_ms {
            Some(ms) => format!(
                "Agent(skill={}, max_nodes={nodes}, max_ms={ms})",
                self.skill
            ),
            None => format!("Agent(skill={}, max_nodes={nodes})", self.skill),
        }
    }
}

/// An argument whose default differs from `None`: left out, or given (`None` included).
pub(crate) enum Passed<'py> {
    Default,
    Given(Bound<'py, PyAny>),
}

impl<'a, 'py> FromPyObject<'a, 'py> for Passed<'py> {
    type Error = PyErr;

    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        Ok(Passed::Given(obj.to_owned()))
    }
}
