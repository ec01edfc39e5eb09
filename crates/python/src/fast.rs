//! The hot methods, `move`, `can_win` and `cell`, as hand-written METH_FASTCALL entry points.
//!
//! Each serves the common call itself: positional plain ints that fit in 64 bits, which the engine
//! accepts. Every other call (keywords, other types, `__index__`, huge numbers, a refusal) goes
//! unchanged to the PyO3 method it replaced, which owns argument conversion and every message. So
//! the fast path adds no behaviour and writes no message; it only skips PyO3's generic glue (the
//! trampoline, argument parsing) when that glue would have nothing to do. A refused move is simply
//! tried again by the general method, which refuses it the same way: a refusal changes nothing.

use std::ffi::{CStr, CString, c_int};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::ptr;
use std::sync::OnceLock;

use pyo3::exceptions::PyMemoryError;
use pyo3::ffi;
use pyo3::panic::PanicException;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple, PyType};
use tictactoe_core::Player;

use crate::{TicTacToe, player_number};

/// What a fast method returns to Python.
enum Answer {
    Int(u8),
    Bool(bool),
}

/// A method served here: its name, its number of int arguments, and the engine's answer for them
/// (`None` sends the call to the general method).
struct Hot {
    name: &'static str,
    c_name: &'static CStr,
    arity: usize,
    answer: fn(&TicTacToe, [i64; 3]) -> Option<Answer>,
}

const HOT: [Hot; 3] = [
    Hot {
        name: "move",
        c_name: c"move",
        arity: 3,
        answer: |game, [row, col, player]| {
            let won = game.game().play_i64(row, col, player).ok()?;
            Some(Answer::Int(won))
        },
    },
    Hot {
        name: "can_win",
        c_name: c"can_win",
        arity: 1,
        answer: |game, [player, ..]| {
            let who = Player::from_number(player).ok()?;
            Some(Answer::Bool(game.game().can_win(who)))
        },
    },
    Hot {
        name: "cell",
        c_name: c"cell",
        arity: 2,
        answer: |game, [row, col, _]| {
            let holder = game.game().cell_i64(row, col).ok()?;
            Some(Answer::Int(player_number(holder)))
        },
    },
];

/// The PyO3 methods the fast ones replaced, by position in `HOT`.
static GENERAL: [OnceLock<Py<PyAny>>; HOT.len()] =
    [OnceLock::new(), OnceLock::new(), OnceLock::new()];

/// Replaces each hot method of `TicTacToe` with its fast entry point, keeping the general method for
/// every call the fast one does not serve. The new method has the same docstring and signature.
pub(crate) fn install(class: &Bound<'_, PyType>) -> PyResult<()> {
    install_one::<0>(class)?;
    install_one::<1>(class)?;
    install_one::<2>(class)
}

fn install_one<const K: usize>(class: &Bound<'_, PyType>) -> PyResult<()> {
    let hot = &HOT[K];
    let general = class.getattr(hot.name)?;
    let signature: String = general.getattr("__text_signature__")?.extract()?;
    let doc: String = general.getattr("__doc__")?.extract()?;
    let name = hot.name;
    // CPython reads the signature from the docstring's first line, ended by "--".
    let doc = CString::new(format!("{name}{signature}\n--\n\n{doc}"))?;
    // The definition must outlive the type (so, the process): leaked once per import.
    let def = Box::leak(Box::new(ffi::PyMethodDef {
        ml_name: hot.c_name.as_ptr(),
        ml_meth: ffi::PyMethodDefPointer {
            PyCFunctionFastWithKeywords: fast::<K>,
        },
        ml_flags: ffi::METH_FASTCALL | ffi::METH_KEYWORDS,
        ml_doc: doc.into_raw(),
    }));
    let py = class.py();
    // SAFETY: `class` is a live type and `def` a valid definition that lives forever; the call
    // returns a new reference or NULL with an exception set.
    let method = unsafe {
        Bound::from_owned_ptr_or_err(py, ffi::PyDescr_NewMethod(class.as_type_ptr(), def))
    }?;
    // A second import of the module finds the general method already kept: keep the first.
    let _ = GENERAL[K].set(general.unbind());
    class.setattr(name, method)
}

/// The fast entry point of `HOT[K]`.
///
/// # Safety
///
/// Called by CPython as a METH_FASTCALL | METH_KEYWORDS method: `slf` is the instance the method was
/// looked up on, `args` holds `nargs` positional arguments followed by one per name in `kwnames`
/// (NULL when there are none), all borrowed, and the calling thread is attached.
unsafe extern "C" fn fast<const K: usize>(
    slf: *mut ffi::PyObject,
    args: *const *mut ffi::PyObject,
    nargs: ffi::Py_ssize_t,
    kwnames: *mut ffi::PyObject,
) -> *mut ffi::PyObject {
    // SAFETY: CPython calls methods on an attached thread.
    let py = unsafe { Python::assume_attached() };
    let served = catch_unwind(AssertUnwindSafe(|| {
        // SAFETY: the caller's contract, passed on.
        unsafe { serve::<K>(py, slf, args, nargs, kwnames) }
    }));
    served.unwrap_or_else(|_| {
        PanicException::new_err("the engine's Python binding panicked; please report it")
            .restore(py);
        ptr::null_mut()
    })
}

/// # Safety
///
/// As for [`fast`].
unsafe fn serve<const K: usize>(
    py: Python<'_>,
    slf: *mut ffi::PyObject,
    args: *const *mut ffi::PyObject,
    nargs: ffi::Py_ssize_t,
    kwnames: *mut ffi::PyObject,
) -> *mut ffi::PyObject {
    let hot = &HOT[K];
    if kwnames.is_null() && usize::try_from(nargs) == Ok(hot.arity) {
        // SAFETY: `args` holds `nargs` (= arity) borrowed arguments.
        let given = unsafe { std::slice::from_raw_parts(args, hot.arity) };
        // SAFETY: `slf` is a live object, borrowed for this call.
        let this = unsafe { Bound::from_borrowed_ptr(py, slf) };
        if let Some(values) = plain_ints(given)
            && let Ok(game) = this.cast::<TicTacToe>()
            && let Some(answer) = (hot.answer)(game.get(), values)
        {
            return match answer {
                // SAFETY: attached; returns a new reference or NULL with an exception set.
                Answer::Int(v) => unsafe { ffi::PyLong_FromLong(v.into()) },
                // SAFETY: attached; the bools are immortal in practice and counted here anyway.
                Answer::Bool(b) => unsafe {
                    ffi::Py_NewRef(if b { ffi::Py_True() } else { ffi::Py_False() })
                },
            };
        }
    }
    // SAFETY: the caller's contract, passed on.
    let called = unsafe { call_general::<K>(py, slf, args, nargs, kwnames) };
    called.map_or_else(
        |err| {
            err.restore(py);
            ptr::null_mut()
        },
        Bound::into_ptr,
    )
}

/// The arguments' values when every one is an exact `int` that fits in 64 bits (no Python code runs:
/// no `__index__`, no subclass); otherwise `None`.
fn plain_ints(given: &[*mut ffi::PyObject]) -> Option<[i64; 3]> {
    let mut values = [0; 3];
    for (value, &arg) in values.iter_mut().zip(given) {
        // SAFETY: `arg` is a live borrowed object and the thread is attached.
        if unsafe { ffi::PyLong_CheckExact(arg) } == 0 {
            return None;
        }
        let mut overflow: c_int = 0;
        // SAFETY: `arg` is an exact int; on overflow this returns -1 with `overflow` set and no
        // exception, and an exact int cannot fail otherwise.
        *value = unsafe { ffi::PyLong_AsLongLongAndOverflow(arg, &mut overflow) };
        if overflow != 0 {
            return None;
        }
    }
    Some(values)
}

/// Calls the general method with the same arguments, `slf` first. Only refused or unusual calls come
/// here, so a tuple and a dict are cheap enough (and what the stable ABI of 3.11 offers).
///
/// # Safety
///
/// As for [`fast`].
unsafe fn call_general<'py, const K: usize>(
    py: Python<'py>,
    slf: *mut ffi::PyObject,
    args: *const *mut ffi::PyObject,
    nargs: ffi::Py_ssize_t,
    kwnames: *mut ffi::PyObject,
) -> PyResult<Bound<'py, PyAny>> {
    let method = GENERAL[K]
        .get()
        .ok_or_else(|| PanicException::new_err("a fast method ran before its module was set up"))?;
    // SAFETY: `kwnames` is NULL or a live tuple of names, borrowed for this call.
    let names = unsafe { Borrowed::from_ptr_or_opt(py, kwnames) };
    let names = names.map(|n| n.cast::<PyTuple>()).transpose()?;
    let positional = usize::try_from(nargs)?;
    let named = names.as_ref().map_or(0, |n| n.len());
    let given = if positional + named == 0 {
        &[][..]
    } else {
        // SAFETY: `args` holds `nargs` positional arguments followed by one value per name.
        unsafe { std::slice::from_raw_parts(args, positional + named) }
    };
    // SAFETY: every pointer here is a live object borrowed for this call.
    let borrow = |p: *mut ffi::PyObject| unsafe { Borrowed::from_ptr(py, p) };
    let mut leading = Vec::new();
    leading
        .try_reserve_exact(1 + positional)
        .map_err(|_| PyMemoryError::new_err("no memory for the call's arguments"))?;
    leading.push(borrow(slf));
    leading.extend(given[..positional].iter().map(|&p| borrow(p)));
    let tuple = PyTuple::new(py, leading)?;
    let keywords = match names {
        None => None,
        Some(names) => {
            let dict = PyDict::new(py);
            for (name, &value) in names.iter().zip(&given[positional..]) {
                dict.set_item(name, borrow(value))?;
            }
            Some(dict)
        }
    };
    method.bind(py).call(tuple, keywords.as_ref())
}
