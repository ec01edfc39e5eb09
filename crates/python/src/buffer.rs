//! Integer matrices read through the buffer protocol, exactly as their format says: any integer item
//! size, signed or not, either byte order, any strides, read-only or not. The exporter owns the
//! memory and keeps it alive until the view is released; nothing here trusts a claim about memory
//! that does not come from the protocol itself.

use std::ffi::CStr;
use std::mem::MaybeUninit;

use pyo3::exceptions::PyTypeError;
use pyo3::ffi;
use pyo3::prelude::*;

/// How one item is stored.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Item {
    size: usize,
    signed: bool,
    big_endian: bool,
}

/// What a buffer's format string says, for the formats an integer matrix may have.
enum Format {
    Int(Item),
    /// Anything else: floats, bools, structs, pointers.
    Other,
}

/// Reads a struct-module format string as CPython's buffer exporters write it: an optional byte
/// order (`@`, `=`, `<`, `>`, `!`) and one integer code. `@` (or none) is native order and native
/// size; the others are standard sizes, which the exporter's `itemsize` gives either way.
fn parse(format: &[u8], itemsize: usize) -> Format {
    let (order, code) = match format {
        [code] => (b'@', *code),
        [order, code] => (*order, *code),
        _ => return Format::Other,
    };
    let big_endian = match order {
        b'@' | b'=' => cfg!(target_endian = "big"),
        b'<' => false,
        b'>' | b'!' => true,
        _ => return Format::Other,
    };
    let signed = match code {
        b'b' | b'h' | b'i' | b'l' | b'q' | b'n' => true,
        b'B' | b'H' | b'I' | b'L' | b'Q' | b'N' => false,
        _ => return Format::Other,
    };
    if !matches!(itemsize, 1 | 2 | 4 | 8) {
        return Format::Other;
    }
    Format::Int(Item {
        size: itemsize,
        signed,
        big_endian,
    })
}

/// A view held through the buffer protocol, released when dropped (while attached: every value of
/// this type lives inside a call that holds the interpreter).
struct View(Box<ffi::Py_buffer>);

impl Drop for View {
    fn drop(&mut self) {
        // SAFETY: the view was filled by a successful PyObject_GetBuffer and is released once.
        unsafe { ffi::PyBuffer_Release(&mut *self.0) };
    }
}

/// A 2-D matrix of integers with `cols` columns, read in place.
pub(crate) struct IntMatrix {
    view: View,
    item: Item,
    rows: usize,
    strides: [isize; 2],
}

/// What a buffer turned out to be, for a caller that wants a `(rows, cols)` integer matrix.
pub(crate) enum Matrix {
    /// An integer matrix of the right shape.
    Ints(IntMatrix),
    /// Not a buffer, or a buffer of another shape: the caller reads it another way.
    NotOne,
}

/// `obj`'s buffer view with its shape, strides and format, when `obj` exports one of `ndim`
/// dimensions; `None` for anything else (the caller reads it another way).
fn open(obj: &Bound<'_, PyAny>, ndim: usize) -> Option<View> {
    // Asked first, because a refused request builds and drops an exception: for a list of moves
    // that costs more than the moves themselves.
    // SAFETY: `obj` is a live object and the interpreter is attached while it is borrowed.
    if unsafe { ffi::PyObject_CheckBuffer(obj.as_ptr()) } == 0 {
        return None;
    }
    let mut raw = Box::new(MaybeUninit::<ffi::Py_buffer>::zeroed());
    // SAFETY: `raw` is writable memory for one Py_buffer; on failure nothing needs releasing and an
    // exception is set, which `PyErr::take` clears. RECORDS_RO asks for shape, strides and format,
    // and no suboffsets: an exporter that needs them refuses.
    let got =
        unsafe { ffi::PyObject_GetBuffer(obj.as_ptr(), raw.as_mut_ptr(), ffi::PyBUF_RECORDS_RO) };
    if got != 0 {
        let _ = PyErr::take(obj.py());
        return None;
    }
    // SAFETY: PyObject_GetBuffer succeeded, so the view is initialised; it is released on drop.
    let view = View(unsafe { Box::from_raw(Box::into_raw(raw).cast::<ffi::Py_buffer>()) });
    let b = &*view.0;
    let shaped = b.ndim as usize == ndim && !b.shape.is_null() && !b.strides.is_null();
    shaped.then_some(view)
}

impl View {
    /// Entry `i` of the shape and of the strides.
    ///
    /// # Safety
    ///
    /// `i` is below the view's `ndim` (checked by `open`), so both arrays hold it.
    unsafe fn dim(&self, i: usize) -> (ffi::Py_ssize_t, isize) {
        // SAFETY: the caller's promise; the protocol gives `ndim` entries each.
        unsafe { (*self.0.shape.add(i), *self.0.strides.add(i)) }
    }

    /// The format string (`B` when the exporter gives none, as the protocol says).
    fn format(&self) -> &[u8] {
        if self.0.format.is_null() {
            b"B"
        } else {
            // SAFETY: a non-NULL format is a NUL-terminated string owned by the view.
            unsafe { CStr::from_ptr(self.0.format) }.to_bytes()
        }
    }

    /// The item at byte `offset` from the start, exactly as stored: every integer type's values
    /// fit in an i128.
    ///
    /// # Safety
    ///
    /// `offset` places a whole item inside the exported memory (an index within the shape, times
    /// the strides).
    unsafe fn int_at(&self, item: Item, offset: isize) -> i128 {
        let mut bytes = [0u8; 8];
        let size = item.size;
        // SAFETY: the caller's promise; the memory stays alive until the view is released. Items
        // may be unaligned, so they are copied byte by byte. The interpreter stays attached, so no
        // Python code writes the memory meanwhile.
        unsafe {
            let at = self.0.buf.cast::<u8>().cast_const().offset(offset);
            std::ptr::copy_nonoverlapping(at, bytes.as_mut_ptr(), size);
        }
        let word = if item.big_endian {
            let mut wide = [0u8; 8];
            wide[8 - size..].copy_from_slice(&bytes[..size]);
            u64::from_be_bytes(wide)
        } else {
            u64::from_le_bytes(bytes)
        };
        let bits = 8 * size as u32;
        if item.signed && bits < 64 {
            // Sign-extend from the item's width.
            i128::from(((word << (64 - bits)) as i64) >> (64 - bits))
        } else if item.signed {
            i128::from(word as i64)
        } else {
            i128::from(word)
        }
    }
}

/// `obj` as a `(k, cols)` matrix of integers. A 2-D buffer of that shape whose items are not
/// integers (floats, bools, structs) is a `TypeError`, not something to read another way.
pub(crate) fn int_matrix(obj: &Bound<'_, PyAny>, cols: usize) -> PyResult<Matrix> {
    let Some(view) = open(obj, 2) else {
        return Ok(Matrix::NotOne);
    };
    // SAFETY: `open` checked that the view has two dimensions.
    let ((rows, row_stride), (width, col_stride)) = unsafe { (view.dim(0), view.dim(1)) };
    if width != cols as ffi::Py_ssize_t || rows < 0 {
        return Ok(Matrix::NotOne);
    }
    let format = view.format();
    let Format::Int(item) = parse(format, view.0.itemsize as usize) else {
        let shown = String::from_utf8_lossy(format).into_owned();
        return Err(PyTypeError::new_err(format!(
            "moves must be integers, not a buffer of format {shown:?}"
        )));
    };
    Ok(Matrix::Ints(IntMatrix {
        rows: rows as usize,
        strides: [row_stride, col_stride],
        item,
        view,
    }))
}

impl IntMatrix {
    /// The number of rows.
    pub(crate) fn rows(&self) -> usize {
        self.rows
    }

    /// Item (`row`, `col`), exactly as stored: every integer type's values fit in an i128.
    pub(crate) fn get(&self, row: usize, col: usize) -> i128 {
        let offset = row as isize * self.strides[0] + col as isize * self.strides[1];
        // SAFETY: row < rows and col < cols, so the exporter's shape and strides place this item
        // inside the memory it exported.
        unsafe { self.view.int_at(self.item, offset) }
    }
}
