//! What Connect Four players expect of a game, as BitBully, Pons' solver and connect-four-ai
//! users write it: a position as the string of its 1-based columns (`"4453"`), the legal moves as
//! actions, the player to move, one best move with a tie-break, and a board with its columns
//! labelled. The notations are the engine's ([`Game::play_move_string`] and its neighbours);
//! this only maps them to Python.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use tictactoe_core::{BatchError, Game, Rules, nearest_centre};
use tictactoe_solve::MoveValues;
use tictactoe_solve::Solve;

use crate::args::budget;
use crate::errors::{Call, plain_error, to_py};
use crate::{TicTacToe, solve_error};

/// A Connect Four game with `moves` (1-based column digits) played from X, alternately. A
/// character that names no column is a `ValueError`; a move the rules refuse (a full column, a
/// move after a win) is an `IllegalMoveError` whose `index` is its place in the string.
pub(crate) fn connect_four(py: Python<'_>, moves: &str) -> PyResult<Game> {
    let mut game = Game::with_rules(Rules::connect_four()).map_err(|err| plain_error(py, err))?;
    game.play_move_string(moves)
        .map_err(|BatchError { index, error }| {
            let message = format!("moves[{index}]: {error}");
            to_py(py, error, message, Call::Move { index: Some(index) })
        })?;
    Ok(game)
}

/// `values` keyed by their column, for a game with gravity (where a column names its move).
pub(crate) fn by_column<'py>(
    py: Python<'py>,
    rules: Rules,
    values: MoveValues,
) -> PyResult<Bound<'py, PyDict>> {
    if !rules.gravity() {
        return Err(PyValueError::new_err(
            "by_column needs gravity: without it a column names no single move",
        ));
    }
    let mut by_col: Vec<_> = values.into_iter().map(|((_, col), s)| (col, s)).collect();
    by_col.sort_unstable_by_key(|&(col, _)| col);
    let dict = PyDict::new(py);
    for (col, s) in by_col {
        dict.set_item(col, (s.value, s.plies))?;
    }
    Ok(dict)
}

#[pymethods]
impl TicTacToe {
    /// The legal moves as actions, in order: with gravity the columns that are not full (from 0,
    /// as ``drop`` takes them), else the empty cells' indices ``row * cols + col`` (the actions of
    /// ``VecGames`` and the environments). Empty once the game is over.
    ///
    /// >>> game = TicTacToe.connect_four("444444")
    /// >>> game.legal_moves()
    /// [0, 1, 2, 4, 5, 6]
    /// >>> TicTacToe(2).legal_moves()
    /// [0, 1, 2, 3]
    fn legal_moves(&self, py: Python<'_>) -> PyResult<Vec<usize>> {
        self.game()
            .legal_actions()
            .map_err(|err| plain_error(py, err))
    }

    /// The player to move: 1 (X) or 2 (O), the one who did not make the last move (X before any
    /// move); 0 once the game is over.
    ///
    /// >>> TicTacToe.connect_four("4").to_move
    /// 2
    #[getter]
    fn to_move(&self) -> u8 {
        self.game().to_move().map_or(0, |p| p.number())
    }

    /// The moves played as a string of 1-based columns (``"4453"``), as Connect Four solvers
    /// write a position: for games with gravity of at most nine columns (else ``ValueError``).
    /// ``TicTacToe.connect_four(game.move_string())`` plays them again, from X.
    ///
    /// >>> TicTacToe.connect_four("4453").move_string()
    /// '4453'
    fn move_string(&self, py: Python<'_>) -> PyResult<String> {
        self.game()
            .move_string()
            .map_err(|err| plain_error(py, err))
    }

    /// One move of ``best_moves()``, as ``(row, col)``, chosen by ``tie_break``: ``"center"``
    /// (the default: the one nearest the centre of the board, then the first), ``"first"`` (the
    /// first in row-major order) or ``"random"`` (uniformly, from ``random.Random(seed)``). The
    /// refusals and ``max_nodes`` are ``best_moves``'s.
    ///
    /// >>> TicTacToe(3).best_move()  # every move draws: the centre
    /// (1, 1)
    #[pyo3(signature = (max_nodes = None, *, tie_break = "center", seed = None))]
    fn best_move(
        &self,
        py: Python<'_>,
        max_nodes: Option<&Bound<'_, PyAny>>,
        tie_break: &str,
        seed: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<(usize, usize)> {
        if !["center", "first", "random"].contains(&tie_break) {
            return Err(PyValueError::new_err(format!(
                "tie_break must be 'center', 'first' or 'random', not {tie_break:?}"
            )));
        }
        let budget = budget(max_nodes)?;
        let game = self.snapshot(py)?;
        let found = py.detach(|| game.best_moves(budget));
        let moves = found.map_err(|err| solve_error(py, err))?;
        match tie_break {
            "random" => {
                let random = py.import("random")?.getattr("Random")?.call1((seed,))?;
                random.call_method1("choice", (moves,))?.extract()
            }
            "first" => Ok(moves[0]),
            _ => Ok(nearest_centre(game.rules(), &moves).unwrap_or(moves[0])),
        }
    }

    /// The board as ``str`` draws it, and with ``labels`` a last line naming each column under
    /// its cells: 1 to 9 on boards of at most nine columns (the move string's numbers), a to z up
    /// to 26 (``ValueError`` beyond).
    ///
    /// >>> print(TicTacToe.connect_four("4").to_string(labels=True))
    /// | | | | | | | |
    /// | | | | | | | |
    /// | | | | | | | |
    /// | | | | | | | |
    /// | | | | | | | |
    /// | | | |X| | | |
    ///  1 2 3 4 5 6 7
    #[pyo3(signature = (*, labels = false))]
    fn to_string(&self, py: Python<'_>, labels: bool) -> PyResult<String> {
        let game = self.game();
        let text = game.try_to_string().map_err(|err| plain_error(py, err))?;
        if !labels {
            return Ok(text);
        }
        let line = game.column_labels().map_err(|err| plain_error(py, err))?;
        Ok(format!("{text}\n{line}"))
    }
}
