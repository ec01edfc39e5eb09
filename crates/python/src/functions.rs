//! The module's private functions, which the Python package calls: the header reader, the seed
//! policy, the board picture and the command line.

use pyo3::prelude::*;
use pyo3::types::PyTuple;

use crate::args::{self, Board};
use crate::errors::{Call, to_py};
use tictactoe_core::Mode;

/// What an encoded game's header says, ``(rows, cols, k, gravity, lean)``, read before anything
/// is allocated; ``ValueError`` when it is not a valid header.
///
/// >>> _read_header(TicTacToe(7, lean=True).to_bytes())
/// (7, 7, 7, False, True)
#[pyfunction]
pub(crate) fn _read_header(
    py: Python<'_>,
    data: &[u8],
) -> PyResult<(usize, usize, usize, bool, bool)> {
    let header = tictactoe_core::Header::read(data)
        .map_err(|err| to_py(py, err, err.to_string(), Call::Other))?;
    let rules = header.rules;
    let lean = header.mode == Mode::Lean;
    Ok((rules.rows(), rules.cols(), rules.k(), rules.gravity(), lean))
}

/// The package's one seed policy: ``None`` (fresh entropy from ``os.urandom``) or an int from 0 to
/// 2**64 - 1 (``__index__`` taken, bools refused); ``TypeError`` for anything else, ``ValueError``
/// out of range.
///
/// >>> _seed(7)
/// 7
#[pyfunction]
#[pyo3(signature = (seed))]
pub(crate) fn _seed(py: Python<'_>, seed: Option<&Bound<'_, PyAny>>) -> PyResult<u64> {
    args::seed_arg(py, seed)
}

/// The board as ``VecGames`` takes it, by the constructors' one grammar: ``(n, k)`` for a square
/// board (``n`` is ``default`` when no size is given; ``k`` may be None), else ``(rows, cols, k)``.
/// The values are passed on as given, for the caller to check.
///
/// >>> _board(None, 6, 7, 4, 3), _board(None, None, None, None, 3)
/// ((6, 7, 4), (3, None))
#[pyfunction]
pub(crate) fn _board<'py>(
    py: Python<'py>,
    n: Option<Bound<'py, PyAny>>,
    rows: Option<Bound<'py, PyAny>>,
    cols: Option<Bound<'py, PyAny>>,
    k: Option<Bound<'py, PyAny>>,
    default: Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyTuple>> {
    match args::board(n, rows, cols, k)? {
        Board::Unsized { k } => PyTuple::new(py, [Some(default), k]),
        Board::Square { n, k } => PyTuple::new(py, [Some(n), k]),
        Board::Sides { rows, cols, k } => PyTuple::new(py, [rows, cols, k]),
    }
}

/// The ``tictactoe`` command over the process's own streams (``argv`` its arguments, the
/// program's name first): its exit code. The console script and ``python -m tictactoe`` call it.
#[pyfunction]
pub(crate) fn _run_cli(py: Python<'_>, argv: Vec<String>) -> i32 {
    use std::io::IsTerminal;
    py.detach(|| {
        let terminal = std::io::stderr().is_terminal();
        tictactoe_cli::run(
            argv,
            &mut std::io::stdin().lock(),
            &mut std::io::stdout().lock(),
            &mut std::io::stderr().lock(),
            terminal,
        )
    })
}
