//! Python exceptions for engine errors: defined once here, re-exported by `tictactoe`.

use pyo3::exceptions::{PyIndexError, PyMemoryError, PyValueError};
use pyo3::prelude::*;
use tictactoe_core::Error;

pyo3::create_exception!(
    tictactoe,
    IllegalMoveError,
    PyValueError,
    "A move the rules refuse: a cell off the board, a player other than 1 or 2, the same player twice\n\
     in a row, a taken cell, or any move after the game is over. The game is unchanged.\n\n\
     ``index`` is the position of the refused move in a ``play`` batch, and ``None`` for ``move``."
);

/// The exception for a refused move; `index` is its position in a batch.
pub(crate) fn illegal_move(py: Python<'_>, message: String, index: Option<usize>) -> PyErr {
    let exc = IllegalMoveError::new_err(message);
    // Setting an attribute on a fresh exception instance cannot fail in practice; if it did, the
    // exception would still be raised, only without `index`.
    let _ = exc.value(py).setattr("index", index);
    exc
}

/// Engine errors outside a move.
pub(crate) fn to_py(err: Error) -> PyErr {
    to_py_with(err, err.to_string())
}

/// [`to_py`] with a message of the caller's.
pub(crate) fn to_py_with(err: Error, message: String) -> PyErr {
    match err {
        Error::OutOfMemory { .. } => PyMemoryError::new_err(message),
        Error::OutOfRange { .. } => PyIndexError::new_err(message),
        Error::NothingToUndo => PyIndexError::new_err(message),
        _ => PyValueError::new_err(message),
    }
}
