//! A game as bytes and back: ``to_bytes``/``from_bytes``, pickling, copies and equality.

use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyType};
use tictactoe_core::Game;

use crate::TicTacToe;
use crate::errors::{Call, to_py};

#[pymethods]
impl TicTacToe {
    /// The game as bytes: a compact, versioned encoding that ``from_bytes`` reads back.
    ///
    /// >>> TicTacToe(3).to_bytes()[:3]
    /// b'TTT'
    fn to_bytes<'py>(&self, py: Python<'py>) -> Bound<'py, PyBytes> {
        let data = self.game().encode();
        PyBytes::new(py, &data)
    }

    /// A game from ``to_bytes`` output; ``ValueError`` when the bytes are damaged or inconsistent.
    ///
    /// The first bytes name the board size, and decoding allocates that board: 18 bytes may ask for a
    /// checked 65,535 x 65,535 board (1 GiB). From untrusted bytes, read the size first with
    /// ``tictactoe.read_header``, which allocates nothing.
    ///
    /// >>> game = TicTacToe(3)
    /// >>> game.move(0, 0, 1)
    /// 0
    /// >>> TicTacToe.from_bytes(game.to_bytes()) == game
    /// True
    #[classmethod]
    fn from_bytes(cls: &Bound<'_, PyType>, data: &[u8]) -> PyResult<Self> {
        let game =
            Game::decode(data).map_err(|err| to_py(cls.py(), err, err.to_string(), Call::Other))?;
        Ok(TicTacToe::wrap(game))
    }

    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(Bound<'py, PyAny>, (Bound<'py, PyBytes>,))> {
        let from_bytes = slf.get_type().getattr("from_bytes")?;
        Ok((from_bytes, (slf.get().to_bytes(slf.py()),)))
    }

    fn __copy__(&self, py: Python<'_>) -> PyResult<Self> {
        let copy = self.game().try_clone();
        copy.map(TicTacToe::wrap)
            .map_err(|err| to_py(py, err, err.to_string(), Call::Other))
    }

    fn __deepcopy__(&self, py: Python<'_>, _memo: &Bound<'_, PyAny>) -> PyResult<Self> {
        self.__copy__(py)
    }

    /// Equal games have the same size, mode and moves: every call gives both the same answer.
    fn __eq__(&self, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        let py = other.py();
        let Ok(other) = other.cast::<TicTacToe>() else {
            return Ok(py.NotImplemented());
        };
        let other = other.get();
        if std::ptr::eq(self, other) {
            return Ok(true.into_pyobject(py)?.to_owned().into_any().unbind());
        }
        // Locked in address order, so that two threads comparing the same pair cannot deadlock.
        let (first, second) = if (self as *const Self) < (other as *const Self) {
            (self, other)
        } else {
            (other, self)
        };
        let (a, b) = (first.game(), second.game());
        let equal = *a == *b;
        drop((a, b));
        Ok(equal.into_pyobject(py)?.to_owned().into_any().unbind())
    }
}
