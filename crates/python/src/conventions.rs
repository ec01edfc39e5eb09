//! What Connect Four players expect of a game, as BitBully, Pons' solver and connect-four-ai
//! users write it: a position as the string of its 1-based columns (`"4453"`), the legal moves as
//! actions, the player to move, one best move with a tie-break, and a board with its columns
//! labelled. Every rule stays the engine's: these only read the game or replay moves through it.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use tictactoe_core::{Error, Game, Mode, MoveValues, Player, Rules};

use crate::args::budget;
use crate::errors::{Call, to_py};
use crate::{TicTacToe, solve_error};

/// The widest board whose columns a digit names (1 to 9) in a move string or a label.
const DIGIT_COLUMNS: usize = 9;

/// A Connect Four game with `moves` (1-based column digits) played from X, alternately. A
/// character that names no column is a `ValueError`; a move the rules refuse (a full column, a
/// move after a win) is an `IllegalMoveError` whose `index` is its place in the string.
pub(crate) fn connect_four(py: Python<'_>, moves: &str) -> PyResult<Game> {
    let rules = Rules::connect_four();
    let mut game =
        Game::with_rules(rules).map_err(|err| to_py(py, err, err.to_string(), Call::Other))?;
    let mut player = Player::X;
    for (index, ch) in moves.chars().enumerate() {
        let col = ch
            .to_digit(10)
            .filter(|&d| (1..=rules.cols() as u32).contains(&d))
            .ok_or_else(|| {
                PyValueError::new_err(format!(
                    "moves: {ch:?} at {index} is not a column from 1 to {}",
                    rules.cols()
                ))
            })?;
        game.drop_in(col as usize - 1, player).map_err(|err| {
            to_py(
                py,
                err,
                format!("moves[{index}]: {err}"),
                Call::Move { index: Some(index) },
            )
        })?;
        player = player.other();
    }
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
    let dict = PyDict::new(py);
    for ((_, col), s) in values {
        dict.set_item(col, (s.value, s.plies))?;
    }
    Ok(dict)
}

/// A lean game keeps no board: what needs one is refused as `cell` refuses.
fn needs_board(py: Python<'_>, game: &Game) -> PyResult<()> {
    if game.mode() == Mode::Lean {
        let err = Error::NeedsBoard;
        return Err(to_py(py, err, err.to_string(), Call::Other));
    }
    Ok(())
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
        let game = self.game();
        needs_board(py, &game)?;
        if game.is_over() {
            return Ok(Vec::new());
        }
        let (rows, cols) = (game.rules().rows(), game.rules().cols());
        let empty = |row, col| game.cell(row, col) == Ok(None);
        Ok(if game.rules().gravity() {
            (0..cols).filter(|&col| empty(0, col)).collect()
        } else {
            (0..rows * cols)
                .filter(|&i| empty(i / cols, i % cols))
                .collect()
        })
    }

    /// The player to move: 1 (X) or 2 (O), the one who did not make the last move (X before any
    /// move); 0 once the game is over.
    ///
    /// >>> TicTacToe.connect_four("4").to_move
    /// 2
    #[getter]
    fn to_move(&self) -> u8 {
        let game = self.game();
        if game.is_over() {
            return 0;
        }
        game.last_player().map_or(Player::X, Player::other).number()
    }

    /// The moves played as a string of 1-based columns (``"4453"``), as Connect Four solvers
    /// write a position: for games with gravity of at most nine columns (else ``ValueError``).
    /// ``TicTacToe.connect_four(game.move_string())`` plays them again, from X.
    ///
    /// >>> TicTacToe.connect_four("4453").move_string()
    /// '4453'
    fn move_string(&self, py: Python<'_>) -> PyResult<String> {
        let game = self.game();
        needs_board(py, &game)?;
        let rules = game.rules();
        if !rules.gravity() || rules.cols() > DIGIT_COLUMNS {
            return Err(PyValueError::new_err(
                "a move string names columns 1 to 9: it needs gravity and at most nine columns",
            ));
        }
        Ok(game
            .moves()
            .map(|(_, col, _)| char::from(b'1' + col as u8))
            .collect())
    }

    /// One move of ``best_moves()``, as ``(row, col)``, chosen by ``tie_break``: ``"center"``
    /// (the default: the one nearest the centre of the board, then the first), ``"first"`` (the
    /// first in row-major order) or ``"random"`` (uniformly, from ``random.Random(seed)``). The
    /// refusals and ``max_nodes`` are ``best_moves``'s.
    ///
    /// >>> TicTacToe.connect_four("44").best_move()
    /// (3, 3)
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
        let rules = game.rules();
        let found = py.detach(|| game.best_moves(budget));
        let moves = found.map_err(|err| solve_error(py, err))?;
        match tie_break {
            "first" => Ok(moves[0]),
            "random" => {
                let random = py.import("random")?.getattr("Random")?.call1((seed,))?;
                random.call_method1("choice", (moves,))?.extract()
            }
            _ => {
                // Twice the distance from the centre on each axis, so that even sides have one.
                let off = |n: usize, at: usize| (2 * at).abs_diff(n - 1);
                let far = |&(row, col): &(usize, usize)| {
                    let (dr, dc) = (off(rules.rows(), row), off(rules.cols(), col));
                    (dr * dr + dc * dc, row, col)
                };
                Ok(*moves.iter().min_by_key(|m| far(m)).unwrap_or(&moves[0]))
            }
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
        let text = game
            .try_to_string()
            .map_err(|err| to_py(py, err, err.to_string(), Call::Other))?;
        if !labels {
            return Ok(text);
        }
        needs_board(py, &game)?;
        let cols = game.rules().cols();
        let names: &[u8] = if cols <= DIGIT_COLUMNS {
            b"123456789"
        } else if cols <= 26 {
            b"abcdefghijklmnopqrstuvwxyz"
        } else {
            return Err(PyValueError::new_err(
                "labels name at most 26 columns (1 to 9, or a to z)",
            ));
        };
        let line: String = names[..cols]
            .iter()
            .flat_map(|&name| [' ', char::from(name)])
            .collect();
        Ok(format!("{text}\n{line}"))
    }
}
