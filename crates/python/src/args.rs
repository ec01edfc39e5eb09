//! Reading Python arguments: ints of any size, and batches of moves from a buffer or an iterable.
//! Nothing here trusts an object's claims: buffers come through the buffer protocol (memory the
//! exporter owns and keeps alive), iterables are read once and only as far as a legal batch can go,
//! and every allocation is fallible.

use pyo3::exceptions::{PyMemoryError, PyTypeError, PyValueError};
use pyo3::ffi;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyFloat, PyInt, PyIterator, PyTuple};
use std::fmt;

use tictactoe_core::{Error, Quoted};

/// An int argument: its value as an `i64` (saturated: a number that large is off any board or player
/// range anyway, so the engine refuses it like any other bad value), and the int itself when it did
/// not fit, so that a message can quote it as the caller passed it.
pub(crate) struct Int<'py> {
    pub(crate) value: i64,
    wide: Option<Bound<'py, PyInt>>,
}

/// Reads an int argument: an `int`, or any object with `__index__` (called once). Anything else,
/// including an `__index__` that raises or returns a non-int, raises `TypeError` (or its own error).
#[inline]
pub(crate) fn int_arg<'py>(obj: &Bound<'py, PyAny>) -> PyResult<Int<'py>> {
    // Plain ints, the common case, straight from the C API.
    if obj.is_exact_instance_of::<PyInt>() {
        // SAFETY: `obj` is a live int, and the interpreter is attached while `obj` is borrowed.
        let value = unsafe { ffi::PyLong_AsLongLong(obj.as_ptr()) };
        if value != -1 {
            return Ok(Int { value, wide: None });
        }
        // -1 is either the value -1 or an overflow: the general path below tells which.
        if PyErr::take(obj.py()).is_none() {
            return Ok(Int { value, wide: None });
        }
    }
    // One rule for bools everywhere: a bool is a yes or no, never a number here.
    if obj.is_instance_of::<PyBool>() {
        return Err(PyTypeError::new_err("expected an int, not bool"));
    }
    // SAFETY: `obj` is live; PyNumber_Index returns a new reference or NULL with an exception set.
    let index =
        unsafe { Bound::from_owned_ptr_or_err(obj.py(), ffi::PyNumber_Index(obj.as_ptr())) }?;
    let int = index.cast_into::<PyInt>()?;
    match int.extract::<i64>() {
        Ok(value) => Ok(Int { value, wide: None }),
        Err(_) => {
            let value = if int.lt(0)? { i64::MIN } else { i64::MAX };
            Ok(Int {
                value,
                wide: Some(int),
            })
        }
    }
}

/// The package's one seed policy (``VecGames``, the adapters and ``Agent``): ``None`` is fresh
/// entropy (8 bytes of ``os.urandom``), else an int from 0 to 2**64 - 1, read as ``int_arg`` reads
/// ints (``__index__`` once; bools refused, NumPy's too); ``TypeError`` for anything else,
/// ``ValueError`` out of range.
pub(crate) fn seed_arg(py: Python<'_>, seed: Option<&Bound<'_, PyAny>>) -> PyResult<u64> {
    let Some(obj) = seed.filter(|obj| !obj.is_none()) else {
        let bytes: Vec<u8> = py.import("os")?.call_method1("urandom", (8,))?.extract()?;
        return Ok(bytes
            .iter()
            .rev()
            .fold(0, |acc, &b| acc << 8 | u64::from(b)));
    };
    let index = exact_index(obj, "seed")?;
    index.extract::<u64>().map_err(|_| {
        PyValueError::new_err(format!(
            "seed must be between 0 and 2**64 - 1, not {}",
            short(&index)
        ))
    })
}

/// A search budget, ``max_nodes``: ``None`` for none, else an int of 0 or more, read as ``seed``
/// is (``__index__`` once, bools refused), returned as the caller's int; ``ValueError`` for a
/// negative one, quoting it as written.
pub(crate) fn budget_int<'py>(
    max_nodes: Option<&Bound<'py, PyAny>>,
    least: u8,
    name: &str,
) -> PyResult<Option<Bound<'py, PyInt>>> {
    let Some(obj) = max_nodes.filter(|obj| !obj.is_none()) else {
        return Ok(None);
    };
    let index = exact_index(obj, name)?;
    if index.lt(least)? {
        return Err(PyValueError::new_err(format!(
            "{name} must be None (no {}) or an int of at least {least}, not {}",
            if name == "max_ms" { "limit" } else { "budget" },
            short(&index)
        )));
    }
    Ok(Some(index))
}

/// A text as a message quotes it: its first few dozen characters, escaped, and its length when
/// cut.
pub(crate) fn quoted(text: &str) -> String {
    const MOST: usize = 40;
    let count = text.chars().count();
    let head: String = text.chars().take(MOST).collect();
    if count > MOST {
        format!("{head:?}... ({count} characters)")
    } else {
        format!("{head:?}")
    }
}

/// A number as a message quotes it: whole while it is short, else its first digits and its length
/// (a number of hundreds of digits would bury the message).
pub(crate) fn short(number: &impl fmt::Display) -> String {
    const MOST: usize = 48;
    let text = number.to_string();
    let digits = text.trim_start_matches('-').len();
    if text.len() <= MOST {
        return text;
    }
    format!("{}... ({digits} digits)", &text[..20])
}

/// A thread count, ``threads``: ``None`` for the default (0 to the engine: the cores this process
/// may use), else an int from 1 to ``Solver.MAX_THREADS``, read as ``seed`` is.
pub(crate) fn threads_arg(threads: Option<&Bound<'_, PyAny>>) -> PyResult<usize> {
    let Some(obj) = threads.filter(|obj| !obj.is_none()) else {
        return Ok(0);
    };
    let index = exact_index(obj, "threads")?;
    index
        .extract::<usize>()
        .ok()
        .filter(|t| (1..=tictactoe_solve::Solver::MAX_THREADS).contains(t))
        .ok_or_else(|| {
            PyValueError::new_err(format!(
                "threads must be None (the cores this process may use) or an int from 1 to {}, not {}",
                tictactoe_solve::Solver::MAX_THREADS,
                short(&index)
            ))
        })
}

/// A search budget as the engine takes it: beyond 2**64 - 1 positions (more than any search
/// visits) it is saturated, as good as none.
pub(crate) fn budget(max_nodes: Option<&Bound<'_, PyAny>>) -> PyResult<Option<u64>> {
    Ok(budget_int(max_nodes, 0, "max_nodes")?
        .as_ref()
        .map(saturated))
}

/// A budget of 0 or more as the engine takes it, saturated at 2**64 - 1.
pub(crate) fn saturated(nodes: &Bound<'_, PyInt>) -> u64 {
    nodes.extract::<u64>().unwrap_or(u64::MAX)
}

/// `obj` as an int through `__index__` (called once), named `name` in the messages; bools,
/// Python's or NumPy's, are refused: a yes or no is never a number here.
fn exact_index<'py>(obj: &Bound<'py, PyAny>, name: &str) -> PyResult<Bound<'py, PyInt>> {
    if is_bool(obj)? {
        return Err(PyTypeError::new_err(format!(
            "{name} must be an int, not bool"
        )));
    }
    // SAFETY: `obj` is live; PyNumber_Index returns a new reference or NULL with an exception set.
    let index =
        unsafe { Bound::from_owned_ptr_or_err(obj.py(), ffi::PyNumber_Index(obj.as_ptr())) };
    match index {
        Ok(index) => Ok(index.cast_into::<PyInt>()?),
        Err(err) if err.is_instance_of::<PyTypeError>(obj.py()) && !obj.hasattr("__index__")? => {
            Err(PyTypeError::new_err(format!(
                "{name} must be an int, not {}",
                obj.get_type().name()?
            )))
        }
        // `__index__` itself raised: its own error.
        Err(err) => Err(err),
    }
}

/// Whether `obj` is a bool, Python's or NumPy's (whose type is also named `bool`).
fn is_bool(obj: &Bound<'_, PyAny>) -> PyResult<bool> {
    Ok(obj.is_instance_of::<PyBool>() || obj.get_type().name()?.to_str()? == "bool")
}

/// A real number argument (a float, an int, or anything with `__float__`, as `float()` takes it),
/// named `name` in the messages: bools are refused (`TypeError`), and so is anything that is not a
/// number; an int too large for a float is a `ValueError` (outside any range a real takes here).
pub(crate) fn real_arg(obj: &Bound<'_, PyAny>, name: &str) -> PyResult<f64> {
    if is_bool(obj)? {
        return Err(PyTypeError::new_err(format!(
            "{name} must be a number, not bool"
        )));
    }
    let number = obj.is_instance_of::<PyFloat>()
        || obj.is_instance_of::<PyInt>()
        || obj.hasattr("__float__")?
        || obj.hasattr("__index__")?;
    if !number {
        return Err(PyTypeError::new_err(format!(
            "{name} must be a number, not {}",
            obj.get_type().name()?
        )));
    }
    obj.extract::<f64>().map_err(|err| {
        if err.is_instance_of::<pyo3::exceptions::PyOverflowError>(obj.py()) {
            PyValueError::new_err(format!("{name} is too large to be a float: {}", short(obj)))
        } else {
            // A `__float__` or `__index__` that raised: its own error.
            err
        }
    })
}

impl<'py> Int<'py> {
    /// A number read from somewhere other than an int object (a buffer's item), kept whole for
    /// messages when it does not fit in 64 bits.
    pub(crate) fn of(py: Python<'py>, number: i128) -> Int<'py> {
        match i64::try_from(number) {
            Ok(value) => Int { value, wide: None },
            Err(_) => Int {
                value: if number < 0 { i64::MIN } else { i64::MAX },
                wide: number.into_pyobject(py).ok(),
            },
        }
    }
}

/// The arguments a message may quote.
#[derive(Default)]
pub(crate) struct Shown<'a, 'py> {
    pub(crate) n: Option<&'a Int<'py>>,
    pub(crate) row: Option<&'a Int<'py>>,
    pub(crate) col: Option<&'a Int<'py>>,
    pub(crate) player: Option<&'a Int<'py>>,
    pub(crate) rows: Option<&'a Int<'py>>,
    pub(crate) cols: Option<&'a Int<'py>>,
    pub(crate) k: Option<&'a Int<'py>>,
    pub(crate) table_bits: Option<&'a Int<'py>>,
}

impl<'a, 'py> Shown<'a, 'py> {
    /// The numbers of a rule set as the caller passed them.
    pub(crate) fn rules(rows: &'a Int<'py>, cols: &'a Int<'py>, k: &'a Int<'py>) -> Self {
        Shown {
            rows: Some(rows),
            cols: Some(cols),
            k: Some(k),
            ..Shown::default()
        }
    }
}

/// A board as the constructors take it: `n` for a square board (`k` by default `n`), or `rows`,
/// `cols` and `k`.
pub(crate) enum Board<T> {
    /// No size given, only perhaps `k`.
    Unsized { k: Option<T> },
    /// `n x n`.
    Square { n: T, k: Option<T> },
    /// `rows x cols`.
    Sides { rows: T, cols: T, k: T },
}

/// The constructors' one grammar for the board (`TicTacToe` and, through `_board`, `VecGames`):
/// `n`, or `rows` and `cols` with `k`.
pub(crate) fn board<T>(
    n: Option<T>,
    rows: Option<T>,
    cols: Option<T>,
    k: Option<T>,
) -> PyResult<Board<T>> {
    match (n, rows, cols) {
        (Some(n), None, None) => Ok(Board::Square { n, k }),
        (None, Some(rows), Some(cols)) => {
            let k = k.ok_or_else(|| PyTypeError::new_err("k is needed with rows and cols"))?;
            Ok(Board::Sides { rows, cols, k })
        }
        (None, None, None) => Ok(Board::Unsized { k }),
        (Some(_), _, _) => Err(PyTypeError::new_err("give n, or rows and cols, not both")),
        (None, _, _) => Err(PyTypeError::new_err("rows and cols go together")),
    }
}

/// The engine's message for `err`, quoting the caller's own number wherever one did not fit in 64
/// bits (the engine checked the nearest 64-bit number, which is refused the same way).
pub(crate) fn describe(err: Error, args: Shown<'_, '_>) -> String {
    let arg = |which| match which {
        Quoted::Size => args.n,
        Quoted::Player => args.player,
        Quoted::Row => args.row,
        Quoted::Col => args.col,
        Quoted::Rows => args.rows,
        Quoted::Cols => args.cols,
        Quoted::K => args.k,
        Quoted::TableBits => args.table_bits,
        _ => None,
    };
    let shown: Vec<(Quoted, String)> = [
        Quoted::Size,
        Quoted::Player,
        Quoted::Row,
        Quoted::Col,
        Quoted::Rows,
        Quoted::Cols,
        Quoted::K,
        Quoted::TableBits,
    ]
    .into_iter()
    .filter_map(|which| Some((which, short(arg(which)?.wide.as_ref()?))))
    .collect();
    let quote = |which| -> Option<&dyn fmt::Display> {
        let (_, text) = shown.iter().find(|(w, _)| *w == which)?;
        Some(text)
    };
    err.quoting(&quote).to_string()
}

/// One move of a batch read from an iterable, with the ints that did not fit, for messages.
pub(crate) struct Triple<'py> {
    pub(crate) values: [i64; 3],
    args: Option<Box<[Int<'py>; 3]>>,
}

impl<'py> Triple<'py> {
    pub(crate) fn describe(&self, err: Error) -> String {
        match &self.args {
            Some(args) => describe(
                err,
                Shown {
                    row: Some(&args[0]),
                    col: Some(&args[1]),
                    player: Some(&args[2]),
                    ..Shown::default()
                },
            ),
            None => err.to_string(),
        }
    }
}

/// One `(row, col, player)` triple: a tuple, or any other iterable of exactly three ints (read at
/// most four items deep, so an endless item cannot hang the call).
fn triple<'py>(item: &Bound<'py, PyAny>) -> PyResult<Triple<'py>> {
    let ints = if let Ok(tuple) = item.cast::<PyTuple>()
        && tuple.len() == 3
    {
        [
            int_arg(&tuple.get_item(0)?)?,
            int_arg(&tuple.get_item(1)?)?,
            int_arg(&tuple.get_item(2)?)?,
        ]
    } else {
        let not_a_triple = || PyTypeError::new_err("a move must be a (row, col, player) triple");
        let mut parts = Vec::with_capacity(3);
        for part in item.try_iter().map_err(|_| not_a_triple())?.take(4) {
            parts.push(part?);
        }
        match parts.as_slice() {
            [row, col, player] => [int_arg(row)?, int_arg(col)?, int_arg(player)?],
            _ => return Err(not_a_triple()),
        }
    };
    let values = [ints[0].value, ints[1].value, ints[2].value];
    let wide = ints.iter().any(|i| i.wide.is_some());
    Ok(Triple {
        values,
        args: wide.then(|| Box::new(ints)),
    })
}

/// Reads triples from an iterator, at most `limit` of them in all; true when it stopped at the limit
/// with the iterator not yet exhausted. A malformed move raises `TypeError` with `index` set.
pub(crate) fn read_triples<'py>(
    iter: &mut Bound<'py, PyIterator>,
    into: &mut Vec<Triple<'py>>,
    limit: u64,
) -> PyResult<bool> {
    while (into.len() as u64) < limit {
        let Some(item) = iter.next().transpose()? else {
            return Ok(false);
        };
        let index = into.len();
        let triple = triple(&item).inspect_err(|err| {
            let _ = err.value(item.py()).setattr("index", index);
        })?;
        into.try_reserve(1)
            .map_err(|_| PyMemoryError::new_err("not enough memory for the batch"))?;
        into.push(triple);
    }
    Ok(true)
}
