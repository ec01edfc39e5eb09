//! `_probe.Probe`: shaped like `tictactoe.TicTacToe` (a frozen class holding a game behind a mutex),
//! with one method that takes the same three arguments as `move` and does nothing. Beside the
//! benchmark's hand-written C-API no-op it prices PyO3's call glue alone.

use std::sync::Mutex;

use pyo3::prelude::*;
use tictactoe_core::representations::ClassicGame;

#[pyclass(frozen)]
struct Probe {
    _game: Mutex<ClassicGame>,
}

#[pymethods]
impl Probe {
    #[new]
    fn new(n: usize) -> PyResult<Self> {
        let game = ClassicGame::new(n)
            .map_err(|err| pyo3::exceptions::PyValueError::new_err(err.to_string()))?;
        Ok(Probe {
            _game: Mutex::new(game),
        })
    }

    fn noop(
        &self,
        _row: &Bound<'_, PyAny>,
        _col: &Bound<'_, PyAny>,
        _player: &Bound<'_, PyAny>,
    ) -> u8 {
        0
    }
}

#[pymodule]
fn _probe(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Probe>()
}
