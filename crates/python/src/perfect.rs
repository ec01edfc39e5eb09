//! Perfect play on a game: ``solve``, ``best_moves`` and ``move_values``, and how a refused
//! search is raised.

use pyo3::prelude::*;
use tictactoe_core::Error;
use tictactoe_solve::Solve;

use crate::args::budget;
use crate::errors::{Call, to_py};
use crate::{TicTacToe, conventions, solver};

#[pymethods]
impl TicTacToe {
    /// Perfect play: ``(value, plies)`` for the player to move (the one who did not move last; X
    /// before any move). ``value`` is 1 if that player wins with perfect play, 0 for a draw, -1 if
    /// it loses; ``plies`` is how many more moves the game lasts when the winner wins as fast as it
    /// can and the loser holds out as long as it can (a draw: the empty cells).
    ///
    /// ``max_nodes`` bounds the search (``None``: no bound); when it runs out, ``SearchLimitError``
    /// and the game is unchanged. A finished or lean game raises ``IllegalMoveError``. The search
    /// works on a copy, without holding the interpreter: other threads run meanwhile.
    ///
    /// >>> TicTacToe(3).solve()
    /// (0, 9)
    /// >>> TicTacToe(4, k=3).solve()[0]
    /// 1
    #[pyo3(signature = (max_nodes = None))]
    fn solve(&self, py: Python<'_>, max_nodes: Option<&Bound<'_, PyAny>>) -> PyResult<(i8, u32)> {
        let budget = budget(max_nodes)?;
        let game = self.snapshot(py)?;
        let solved = py.detach(|| game.solve(budget));
        let solution = solved.map_err(|err| solve_error(py, err))?;
        Ok((solution.value, solution.plies))
    }

    /// Every move that keeps ``solve()``'s answer exactly (the same value in the same number of
    /// plies), as ``(row, col)`` pairs in row-major order. ``max_nodes`` bounds the whole call; the
    /// refusals are ``solve``'s.
    ///
    /// >>> game = TicTacToe(3)
    /// >>> game.move(0, 0, 1)
    /// 0
    /// >>> game.best_moves()
    /// [(1, 1)]
    #[pyo3(signature = (max_nodes = None))]
    fn best_moves(
        &self,
        py: Python<'_>,
        max_nodes: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Vec<(usize, usize)>> {
        let budget = budget(max_nodes)?;
        let game = self.snapshot(py)?;
        let found = py.detach(|| game.best_moves(budget));
        found.map_err(|err| solve_error(py, err))
    }

    /// Every legal move with the exact outcome of playing it, for the player who plays it: a dict
    /// from ``(row, col)`` (with gravity, the landing cell) to ``(value, plies)``, in row-major
    /// order. A move that wins at once is ``(1, 1)``, one that fills the board without a win
    /// ``(0, 1)``; any other is ``(-v, p + 1)`` where ``(v, p)`` is what ``solve()`` says of the
    /// position it leads to. So ``solve()`` is the best entry, and ``best_moves()`` the moves whose
    /// entry equals it. ``max_nodes`` bounds the whole call; the refusals are ``solve``'s. With
    /// gravity, ``by_column=True`` keys the dict by column instead, as Connect Four users name a
    /// move (``ValueError`` without gravity).
    ///
    /// >>> game = TicTacToe(3)
    /// >>> for r, c, p in [(0, 0, 1), (1, 0, 2), (0, 1, 1), (1, 1, 2)]:
    /// ...     _ = game.move(r, c, p)
    /// >>> game.move_values()[(0, 2)]
    /// (1, 1)
    /// >>> game.move_values()[(2, 2)]
    /// (-1, 2)
    #[pyo3(signature = (max_nodes = None, *, by_column = false))]
    fn move_values<'py>(
        &self,
        py: Python<'py>,
        max_nodes: Option<&Bound<'py, PyAny>>,
        by_column: bool,
    ) -> PyResult<Bound<'py, pyo3::types::PyDict>> {
        let budget = budget(max_nodes)?;
        let game = self.snapshot(py)?;
        let found = py.detach(|| game.move_values(budget));
        let values = found.map_err(|err| solve_error(py, err))?;
        if by_column {
            return conventions::by_column(py, game.rules(), values);
        }
        solver::values_dict(py, values)
    }
}

/// A refused search: a finished or lean game is refused like an illegal move.
pub(crate) fn solve_error(py: Python<'_>, err: Error) -> PyErr {
    match err {
        Error::GameOver { .. } | Error::NeedsBoard => {
            let message = match err {
                Error::NeedsBoard => {
                    "a lean game keeps no board: perfect play needs a checked game".into()
                }
                _ => err.to_string(),
            };
            to_py(
                py,
                Error::GameOver { winner: None },
                message,
                Call::Move { index: None },
            )
        }
        _ => to_py(py, err, err.to_string(), Call::Other),
    }
}
