//! Python exceptions for engine errors: defined once here, re-exported by `tictactoe`.

use pyo3::exceptions::{PyIndexError, PyMemoryError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use tictactoe_core::{Error, StepError, VecError};

pyo3::create_exception!(
    tictactoe,
    IllegalMoveError,
    PyValueError,
    "A move the rules refuse: a cell off the board, a player other than 1 or 2, the same player twice\n\
     in a row, a taken cell, or any move after the game is over. The game is unchanged.\n\n\
     ``index`` is the position of the refused move in a ``play`` batch, and ``None`` for ``move``."
);

pyo3::create_exception!(
    tictactoe,
    SearchLimitError,
    pyo3::exceptions::PyRuntimeError,
    "A search for perfect play ran out of its node budget (``max_nodes``) before it had an answer.\n\
     The game is unchanged; ask again with a larger budget, or none."
);

/// What kind of call an engine error came from: the same refusal is an illegal move for `move` and
/// `play`, and a bad index for `cell`.
#[derive(Clone, Copy)]
pub(crate) enum Call {
    /// `move` and `play`; `index` is the refused move's position in a `play` batch.
    Move { index: Option<usize> },
    /// Everything else.
    Other,
}

/// The one mapping from engine errors to Python exceptions, for every method.
pub(crate) fn to_py(py: Python<'_>, err: Error, message: String, call: Call) -> PyErr {
    match (err, call) {
        (
            Error::OutOfMemory { .. }
            | Error::GamesOutOfMemory { .. }
            | Error::SolverOutOfMemory { .. },
            _,
        ) => PyMemoryError::new_err(message),
        (Error::SearchLimit { .. }, _) => SearchLimitError::new_err(message),
        (err, Call::Move { index }) if err.is_illegal_move() => {
            let exc = IllegalMoveError::new_err(message);
            // Setting an attribute on a fresh exception instance cannot fail in practice; if it did,
            // the exception would still be raised, only without `index`.
            let _ = exc.value(py).setattr("index", index);
            exc
        }
        (Error::OutOfRange { .. } | Error::NothingToUndo | Error::NoSuchGame { .. }, _) => {
            PyIndexError::new_err(message)
        }
        _ => PyValueError::new_err(message),
    }
}

/// The mapping for refused `VecGames` calls: a game's refusal is what its error is for a move, with
/// `index` the game; a buffer of the wrong length is a `ValueError` naming the buffer. `wide` maps
/// a game to its action as passed when that did not fit in 64 bits (it reached the engine clamped),
/// so that the message quotes the caller's number.
pub(crate) fn vec_to_py(py: Python<'_>, err: VecError, wide: Option<&Bound<'_, PyDict>>) -> PyErr {
    match err {
        VecError::Step(StepError { game, error }) => {
            let passed = wide.and_then(|w| w.get_item(game).ok().flatten());
            let message = match (error, passed) {
                (Error::ActionOutOfRange { actions, .. }, Some(action)) => format!(
                    "game {game}: action {action} is outside the board: it must be between 0 and {}",
                    actions.saturating_sub(1)
                ),
                _ => err.to_string(),
            };
            to_py(py, error, message, Call::Move { index: Some(game) })
        }
        _ => PyValueError::new_err(err.to_string()),
    }
}

/// An engine refusal from a call that is no move, with the engine's own message.
pub(crate) fn plain_error(py: Python<'_>, err: Error) -> PyErr {
    to_py(py, err, err.to_string(), Call::Other)
}
