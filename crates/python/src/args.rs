//! Reading Python arguments: ints of any size, and batches of moves from an iterable or a buffer.

use pyo3::exceptions::{PyOverflowError, PyTypeError};
use pyo3::ffi;
use pyo3::intern;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyInt, PyList, PyMemoryView, PyTuple};
use tictactoe_core::Error;

/// An int argument as an `i64`. Ints beyond `i64` saturate: they are off any board or player range
/// anyway, so the engine refuses them with the same error as any other bad value. Non-ints raise
/// `TypeError`.
#[inline]
pub(crate) fn int_arg(obj: &Bound<'_, PyAny>) -> PyResult<i64> {
    // Plain ints, the common case, straight from the C API: the generic extraction goes through
    // `__index__` first, which costs as much as the move itself.
    if obj.is_exact_instance_of::<PyInt>() {
        // SAFETY: `obj` is a live int, and the interpreter is attached while `obj` is borrowed.
        let value = unsafe { ffi::PyLong_AsLongLong(obj.as_ptr()) };
        if value != -1 {
            return Ok(value);
        }
        // -1 is either the value -1 or an overflow: the generic path below tells which.
        if PyErr::take(obj.py()).is_none() {
            return Ok(-1);
        }
    }
    match obj.extract::<i64>() {
        Ok(value) => Ok(value),
        Err(err) if err.is_instance_of::<PyOverflowError>(obj.py()) => {
            Ok(if obj.lt(0)? { i64::MIN } else { i64::MAX })
        }
        Err(err) => Err(err),
    }
}

/// Int arguments as `i64`, with the objects they came from, so that an error message can show a
/// saturated number as the caller wrote it.
pub(crate) struct Ints<'a, 'py, const K: usize> {
    pub(crate) values: [i64; K],
    objs: [&'a Bound<'py, PyAny>; K],
}

impl<'a, 'py, const K: usize> Ints<'a, 'py, K> {
    #[inline]
    pub(crate) fn read(objs: [&'a Bound<'py, PyAny>; K]) -> PyResult<Self> {
        let mut values = [0; K];
        for (value, obj) in values.iter_mut().zip(objs) {
            *value = int_arg(obj)?;
        }
        Ok(Ints { values, objs })
    }

    /// The message of `err`, with each saturated number it shows put back as the caller wrote it.
    /// `shown` lists the arguments whose values the message contains, in the order it shows them.
    pub(crate) fn message(&self, err: Error, shown: &[usize]) -> String {
        let mut message = err.to_string();
        for &k in shown {
            let value = self.values[k];
            if value != i64::MAX && value != i64::MIN {
                continue;
            }
            if let Ok(text) = self.objs[k].str() {
                message = message.replacen(&value.to_string(), &text.to_string(), 1);
            }
        }
        message
    }

    /// [`Ints::message`] for an error about the move (row, col, player) in these arguments.
    pub(crate) fn move_message(&self, err: Error) -> String {
        let shown: &[usize] = match err {
            Error::InvalidPlayer { .. } => &[K - 1],
            Error::OutOfRange { .. } => &[0, 1],
            _ => &[],
        };
        self.message(err, shown)
    }
}

/// A batch of moves as the engine takes them.
pub(crate) enum Batch<'a, 'py> {
    /// Rows read in place from an object with an `__array_interface__` (a NumPy `int64` array).
    InPlace(&'a [[i64; 3]]),
    /// The bytes of a C-contiguous buffer of native 64-bit ints with shape (k, 3).
    Int64Rows(Bound<'py, PyBytes>),
    /// Triples read from an iterable.
    Triples(Vec<[i64; 3]>),
}

/// The rows of `obj`, read in place, when its `__array_interface__` describes a C-contiguous (k, 3)
/// array of little-endian 64-bit ints at an aligned address: no copy at all.
fn array_rows<'a>(obj: &'a Bound<'_, PyAny>) -> Option<&'a [[i64; 3]]> {
    if !cfg!(target_endian = "little")
        || obj.is_instance_of::<PyList>()
        || obj.is_instance_of::<PyTuple>()
    {
        return None;
    }
    let py = obj.py();
    let interface = obj
        .getattr(intern!(py, "__array_interface__"))
        .ok()?
        .cast_into::<PyDict>()
        .ok()?;
    let item = |key: &str| interface.get_item(key).ok().flatten();
    let typestr: String = item("typestr")?.extract().ok()?;
    let (rows, columns): (usize, usize) = item("shape")?.extract().ok()?;
    let strides = item("strides");
    let contiguous = match &strides {
        None => true,
        Some(s) if s.is_none() => true,
        Some(s) => s.extract::<(usize, usize)>().ok() == Some((24, 8)),
    };
    let masked = item("mask").is_some_and(|m| !m.is_none());
    let (address, _read_only): (usize, bool) = item("data")?.extract().ok()?;
    if typestr != "<i8" || columns != 3 || !contiguous || masked {
        return None;
    }
    if rows == 0 {
        return Some(&[]);
    }
    if address == 0
        || address % align_of::<[i64; 3]>() != 0
        || rows > isize::MAX as usize / size_of::<[i64; 3]>()
    {
        return None;
    }
    // SAFETY: the array interface promises `rows * 24` readable bytes at `address`, aligned as
    // checked, for as long as `obj` lives, and `obj` is borrowed for `'a`. Nothing writes them during
    // the call: the interpreter stays attached throughout, so no Python code runs meanwhile (native
    // code writing the array from another thread would be the caller's data race, as with any buffer).
    Some(unsafe { std::slice::from_raw_parts(address as *const [i64; 3], rows) })
}

/// The bytes of `obj` when it exposes a (k, 3) buffer of native 64-bit ints (a NumPy `int64` array,
/// say). The copy is one memcpy: the stable ABI this module is built for has no direct buffer access.
fn int64_rows<'py>(obj: &Bound<'py, PyAny>) -> Option<Bound<'py, PyBytes>> {
    if obj.is_instance_of::<PyList>() || obj.is_instance_of::<PyTuple>() {
        return None;
    }
    let view = PyMemoryView::from(obj).ok()?;
    let format: String = view.getattr("format").ok()?.extract().ok()?;
    let native = matches!(format.as_str(), "q" | "l" | "@q" | "@l" | "=q")
        || (cfg!(target_endian = "little") && format == "<q");
    let itemsize: usize = view.getattr("itemsize").ok()?.extract().ok()?;
    let shape: Vec<usize> = view.getattr("shape").ok()?.extract().ok()?;
    let contiguous: bool = view.getattr("c_contiguous").ok()?.extract().ok()?;
    if !native || itemsize != 8 || !contiguous || shape.len() != 2 || shape[1] != 3 {
        return None;
    }
    view.call_method0("tobytes")
        .ok()?
        .cast_into::<PyBytes>()
        .ok()
}

/// One `(row, col, player)` triple: a tuple, or any other sequence of three ints.
fn triple(item: &Bound<'_, PyAny>) -> PyResult<[i64; 3]> {
    if let Ok(tuple) = item.cast::<PyTuple>()
        && tuple.len() == 3
    {
        return Ok([
            int_arg(&tuple.get_item(0)?)?,
            int_arg(&tuple.get_item(1)?)?,
            int_arg(&tuple.get_item(2)?)?,
        ]);
    }
    let items: Vec<Bound<'_, PyAny>> = item
        .extract()
        .map_err(|_| PyTypeError::new_err("a move must be a (row, col, player) triple"))?;
    match items.as_slice() {
        [row, col, player] => Ok([int_arg(row)?, int_arg(col)?, int_arg(player)?]),
        _ => Err(PyTypeError::new_err(format!(
            "a move must be a (row, col, player) triple, not {} items",
            items.len()
        ))),
    }
}

/// Reads a batch; a malformed move raises `TypeError` with `index` set to its position.
pub(crate) fn batch<'a, 'py>(moves: &'a Bound<'py, PyAny>) -> PyResult<Batch<'a, 'py>> {
    if let Some(rows) = array_rows(moves) {
        return Ok(Batch::InPlace(rows));
    }
    if let Some(bytes) = int64_rows(moves) {
        return Ok(Batch::Int64Rows(bytes));
    }
    let mut triples = Vec::new();
    for (index, item) in moves.try_iter()?.enumerate() {
        match triple(&item?) {
            Ok(t) => triples.push(t),
            Err(err) => {
                let _ = err.value(moves.py()).setattr("index", index);
                return Err(err);
            }
        }
    }
    Ok(Batch::Triples(triples))
}

/// The moves of an `Int64Rows` batch.
pub(crate) fn rows_of(bytes: &[u8]) -> impl Iterator<Item = [i64; 3]> + Clone + '_ {
    bytes.chunks_exact(24).map(|row| {
        let int = |k: usize| {
            let mut le = [0u8; 8];
            le.copy_from_slice(&row[8 * k..8 * k + 8]);
            i64::from_ne_bytes(le)
        };
        [int(0), int(1), int(2)]
    })
}
