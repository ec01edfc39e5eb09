//! What Connect Four players expect of a game, as BitBully, Pons' solver and connect-four-ai
//! users write it: a position as the string of its columns (`"4453"`, from 1 as Pons' solver
//! writes it, or from 0 as BitBully does), the legal moves as actions, the player to move, one
//! best move (or column) with a tie-break named as BitBully's, and a board with its columns
//! labelled. The notations are the engine's ([`Game::play_move_string`] and its neighbours);
//! this only maps them to Python.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use tictactoe_core::{BatchError, Game, Numbering, Rules};
use tictactoe_solve::{MoveValues, Solve, TieBreak};

use crate::args::budget;
use crate::errors::{Call, plain_error, to_py};
use crate::{TicTacToe, solve_error};

/// A Connect Four game with `moves` (column digits, numbered as `numbering` says) played from X,
/// alternately.
pub(crate) fn connect_four(py: Python<'_>, moves: &str, numbering: Numbering) -> PyResult<Game> {
    let mut game = Game::with_rules(Rules::connect_four()).map_err(|err| plain_error(py, err))?;
    play_moves_on(py, &mut game, moves, numbering)?;
    Ok(game)
}

/// Plays `moves` on `game`, all or nothing. A character that names no column is a `ValueError`;
/// a move the rules refuse (a full column, a move after a win) is an `IllegalMoveError` whose
/// `index` is its place in the string.
fn play_moves_on(
    py: Python<'_>,
    game: &mut Game,
    moves: &str,
    numbering: Numbering,
) -> PyResult<()> {
    game.play_move_string_in(moves, numbering)
        .map_err(|BatchError { index, error }| {
            let message = format!("moves[{index}]: {error}");
            to_py(py, error, message, Call::Move { index: Some(index) })
        })
}

/// How `base` numbers columns: 1 (the default) or 0; anything else a `ValueError`.
pub(crate) fn numbering(base: i64) -> PyResult<Numbering> {
    match base {
        1 => Ok(Numbering::FromOne),
        0 => Ok(Numbering::FromZero),
        _ => Err(PyValueError::new_err(format!(
            "base must be 1 (columns from 1, as Pons' solver writes them) or 0 (from 0, as \
             BitBully does), not {}",
            crate::args::short(&base)
        ))),
    }
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

    /// The moves played as a string of columns (``"4453"``), from 1 as Pons' solver writes a
    /// position, or with ``base=0`` from 0 as BitBully does: for games with gravity of at most
    /// nine columns (else ``ValueError``). ``TicTacToe.connect_four(game.move_string())`` plays
    /// them again, from X.
    ///
    /// >>> TicTacToe.connect_four("4453").move_string(), TicTacToe.connect_four("4453").move_string(base=0)
    /// ('4453', '3342')
    #[pyo3(signature = (*, base = 1))]
    fn move_string(&self, py: Python<'_>, base: i64) -> PyResult<String> {
        let numbering = numbering(base)?;
        self.game()
            .move_string_in(numbering)
            .map_err(|err| plain_error(py, err))
    }

    /// Plays ``moves``, a string of columns as ``connect_four`` takes it (``base`` likewise), onto
    /// this game, from the player to move, all or nothing: a refused move leaves the game as it
    /// was (``IllegalMoveError`` with its ``index``, or ``ValueError`` for a character that names
    /// no column).
    ///
    /// >>> game = TicTacToe.connect_four("44")
    /// >>> game.play_moves("53")
    /// >>> game.move_string()
    /// '4453'
    #[pyo3(signature = (moves, *, base = 1))]
    fn play_moves(&self, py: Python<'_>, moves: &str, base: i64) -> PyResult<()> {
        let numbering = numbering(base)?;
        play_moves_on(py, &mut self.game(), moves, numbering)
    }

    /// One move of ``best_moves()``, as ``(row, col)``, chosen by ``tie_break``, named as
    /// BitBully's are: ``"center"`` (the default: the one nearest the centre of the board, then the
    /// first; with gravity the column nearest the centre column, then the leftmost), ``"first"``
    /// or ``"leftmost"`` (the first in row-major order; with gravity the leftmost column) or
    /// ``"random"`` (uniformly, from ``random.Random(seed)``). The refusals and ``max_nodes`` are
    /// ``best_moves``'s.
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
        let Some(tie) = TieBreak::named(tie_break) else {
            return Err(PyValueError::new_err(format!(
                "tie_break must be 'center', 'first', 'leftmost' or 'random', not {}",
                crate::args::quoted(tie_break)
            )));
        };
        let budget = budget(max_nodes)?;
        let game = self.snapshot(py)?;
        let found = py.detach(|| game.best_moves(budget));
        let moves = found.map_err(|err| solve_error(py, err))?;
        let random = py.import("random")?.getattr("Random")?.call1((seed,))?;
        let mut drawn = Ok(0);
        let picked = tie.pick(game.rules(), &moves, |n| {
            drawn = random
                .call_method1("randrange", (n,))
                .and_then(|i| i.extract());
            *drawn.as_ref().unwrap_or(&0)
        });
        drawn?;
        Ok(picked.unwrap_or(moves[0]))
    }

    /// With gravity, the column (from 0, as ``drop`` takes it) of ``best_move``, as Connect Four
    /// users name a move; ``ValueError`` without gravity. Tie-breaks, refusals and
    /// ``max_nodes`` are ``best_move``'s.
    ///
    /// >>> TicTacToe.connect_four().best_column()  # the centre column
    /// 3
    #[pyo3(signature = (max_nodes = None, *, tie_break = "center", seed = None))]
    fn best_column(
        &self,
        py: Python<'_>,
        max_nodes: Option<&Bound<'_, PyAny>>,
        tie_break: &str,
        seed: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<usize> {
        if !self.game().rules().gravity() {
            return Err(PyValueError::new_err(
                "best_column needs gravity: without it a column names no single move",
            ));
        }
        Ok(self.best_move(py, max_nodes, tie_break, seed)?.1)
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
