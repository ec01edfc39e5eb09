//! `Book`: an opening book a `Solver` reads inside its searches, from a file, its bytes, or by the
//! name of one of BitBully's published books (the `books` extra installs them).

use pyo3::exceptions::{PyImportError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyByteArray, PyBytes, PyMemoryView, PyString};
use tictactoe_solve::Book;

use crate::TicTacToe;

/// BitBully's books by the names a caller gives them, with the package's own names.
const BITBULLY: [(&str, &str); 3] = [
    ("bitbully-8ply", "8-ply"),
    ("bitbully-12ply", "12-ply"),
    ("bitbully-12ply-dist", "12-ply-dist"),
];

/// The bytes `source` names: a bytes-like object as it is, one of BitBully's names through the
/// `bitbully_databases` package, any other str or path-like as a file read.
fn source_bytes(py: Python<'_>, source: &Bound<'_, PyAny>) -> PyResult<Vec<u8>> {
    if let Ok(bytes) = source.cast::<PyBytes>() {
        return Ok(bytes.as_bytes().to_vec());
    }
    if let Ok(bytes) = source.cast::<PyByteArray>() {
        return Ok(bytes.to_vec());
    }
    let buffer = source.is_instance_of::<PyMemoryView>() || source.hasattr("__buffer__")?;
    if buffer && !source.is_instance_of::<PyString>() {
        let copy = py.import("builtins")?.getattr("bytes")?.call1((source,))?;
        return Ok(copy.cast::<PyBytes>()?.as_bytes().to_vec());
    }
    let mut path = py.import("os")?.getattr("fspath")?.call1((source,))?;
    if let Ok(name) = path.extract::<String>()
        && let Some((_, package_name)) = BITBULLY.iter().find(|(n, _)| *n == name)
    {
        let package = py.import("bitbully_databases").map_err(|_| {
            PyImportError::new_err(format!(
                "the book {name:?} comes with the bitbully-databases package: \
                 pip install 'tictactoe-engine[books]'"
            ))
        })?;
        let databases = package.getattr("BitBullyDatabases")?;
        path = databases.call_method1("get_database_path", (*package_name,))?;
    }
    let path: std::path::PathBuf = path.extract()?;
    py.detach(|| read_file(&path))
}

/// The bytes of the file at `path`, their memory asked for before they are read: a file larger
/// than the memory at hand is a `MemoryError`, not an abort.
fn read_file(path: &std::path::Path) -> PyResult<Vec<u8>> {
    use std::io::Read;
    let mut file = std::fs::File::open(path)?;
    let len = file.metadata()?.len();
    let mut bytes = Vec::new();
    usize::try_from(len)
        .ok()
        .and_then(|len| bytes.try_reserve_exact(len).ok())
        .ok_or_else(|| {
            pyo3::exceptions::PyMemoryError::new_err(format!(
                "not enough memory to read a book of {len} bytes"
            ))
        })?;
    file.read_to_end(&mut bytes)?;
    Ok(bytes)
}

/// A book read from `source`: a `Book` as it is, else its bytes read and checked.
pub(crate) fn book_arg(py: Python<'_>, source: &Bound<'_, PyAny>) -> PyResult<Book> {
    if let Ok(book) = source.cast::<PyBook>() {
        return Ok(book.get().inner.clone());
    }
    let bytes = source_bytes(py, source)?;
    py.detach(|| Book::from_bytes(&bytes))
        .map_err(|err| PyValueError::new_err(err.to_string()))
}

/// An opening book of a gravity game: every position of some number of stones with its win, draw
/// or loss (or its exact score), which a ``Solver`` given it reads inside every search of its
/// rules; answers stay exactly those of the search without it.
///
/// ``source`` is the book's bytes (bytes-like), a path to its file, or the name of one of
/// BitBully's published Connect Four books: ``"bitbully-8ply"``, ``"bitbully-12ply"`` or
/// ``"bitbully-12ply-dist"`` (``pip install 'tictactoe-engine[books]'`` installs them). Books the
/// engine builds (``tools/book_cluster.py``) and BitBully's files are both recognised by their
/// content; bytes that are neither, or that do not hold what they claim, are a ``ValueError``.
///
/// >>> from tictactoe import TicTacToe
/// >>> Book(b"not a book")
/// Traceback (most recent call last):
/// ...
/// ValueError: not a valid opening book: it is neither one of ours nor one of BitBully's published books
#[pyclass(module = "tictactoe", name = "Book", frozen)]
pub(crate) struct PyBook {
    pub(crate) inner: Book,
}

#[pymethods]
impl PyBook {
    #[new]
    fn new(py: Python<'_>, source: &Bound<'_, PyAny>) -> PyResult<Self> {
        Ok(PyBook {
            inner: book_arg(py, source)?,
        })
    }

    /// What the book says of ``game``'s position for the player to move: 1 a win, 0 a draw, -1 a
    /// loss; ``None`` when it does not hold the position.
    fn value(&self, py: Python<'_>, game: PyRef<'_, TicTacToe>) -> PyResult<Option<i8>> {
        let game = game.snapshot(py)?;
        Ok(self.inner.value(&game))
    }

    /// ``(value, plies)`` of ``game``'s position, as ``solve()`` gives it, when the book keeps
    /// exact scores and holds the position; else ``None``.
    fn solution(&self, py: Python<'_>, game: PyRef<'_, TicTacToe>) -> PyResult<Option<(i8, u32)>> {
        let game = game.snapshot(py)?;
        Ok(self.inner.solution(&game).map(|s| (s.value, s.plies)))
    }

    /// The most stones of a position it holds.
    #[getter]
    fn depth(&self) -> u32 {
        self.inner.depth()
    }

    /// The fewest stones of a position it holds.
    #[getter]
    fn shallowest(&self) -> u32 {
        self.inner.shallowest()
    }

    /// Whether it keeps exact scores (how soon a win comes), not only win, draw or loss.
    #[getter]
    fn exact(&self) -> bool {
        self.inner.is_exact()
    }

    /// The book in the engine's own format.
    fn to_bytes<'py>(&self, py: Python<'py>) -> Bound<'py, PyBytes> {
        PyBytes::new(py, self.inner.as_bytes())
    }

    fn __len__(&self) -> usize {
        self.inner.len()
    }

    fn __repr__(&self) -> String {
        let rules = self.inner.rules();
        format!(
            "<Book of {} positions of {} to {} stones, {}x{} k={}{}>",
            self.inner.len(),
            self.inner.shallowest(),
            self.inner.depth(),
            rules.rows(),
            rules.cols(),
            rules.k(),
            if self.inner.is_exact() { ", exact" } else { "" }
        )
    }
}
