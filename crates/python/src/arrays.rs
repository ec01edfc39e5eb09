//! NumPy arrays that one call of `_VecGames` reads or writes in place, through NumPy's own
//! structures rather than the buffer protocol (a small batch feels every layer): the fresh arrays
//! it makes or takes from the spares of earlier results, the caller's arrays it writes again
//! (`step(actions, out=...)`), checked, and the int64 actions `sample` gives, read as they lie.

use std::any::TypeId;
use std::borrow::Cow;
use std::mem::MaybeUninit;

use numpy::npyffi::{
    _PyArray_GET_ITEM_DATA, NPY_ARRAY_ALIGNED, NPY_ARRAY_C_CONTIGUOUS, NPY_ARRAY_OWNDATA,
    NPY_ARRAY_WRITEABLE, NpyTypes, PY_ARRAY_API, PyArray_Check, PyArrayObject,
    PyArrayObject_fields, get_type_object, npy_intp,
};
use numpy::{
    Element, PyArrayDescr, PyArrayDescrMethods, PyArrayDyn, PyArrayMethods, PyUntypedArray,
    PyUntypedArrayMethods,
};
use pyo3::exceptions::{PyMemoryError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;

/// The outputs of one call cannot be had in memory.
pub(crate) fn too_large() -> PyErr {
    PyMemoryError::new_err("the outputs are too large")
}

/// A fresh, zeroed, C-ordered NumPy array of `dims` (NumPy's `MemoryError` when it cannot be
/// allocated), with its items as a slice the caller may write while the array is its alone.
pub(crate) fn zeros<'py, T: Element + 'static>(
    py: Python<'py>,
    dims: &[usize],
) -> PyResult<Array<'py, T>> {
    let mut sizes = [0 as npy_intp; 4];
    for (size, &dim) in sizes.iter_mut().zip(dims) {
        *size = npy_intp::try_from(dim).map_err(|_| too_large())?;
    }
    // SAFETY: `sizes` holds `dims.len()` (at most 4) dimensions; PyArray_NewFromDescr steals the
    // dtype reference it is given and returns a new reference to a C-ordered array of them (its
    // items not yet written) or NULL with an exception set.
    let array = unsafe {
        let descr = dtype_of::<T>(py).into_dtype_ptr();
        let array_type = get_type_object(py, NpyTypes::PyArray_Type);
        let ptr = PY_ARRAY_API.PyArray_NewFromDescr(
            py,
            array_type,
            descr,
            dims.len() as _,
            sizes.as_mut_ptr(),
            std::ptr::null_mut(),
            std::ptr::null_mut(),
            0,
            std::ptr::null_mut(),
        );
        Bound::from_owned_ptr_or_err(py, ptr)?.cast_into_unchecked::<PyArrayDyn<T>>()
    };
    // SAFETY: the array was made just now, C-ordered, and is this call's alone.
    Ok(unsafe { Array::zeroed(array) })
}

/// A NumPy array whose items one call writes: made by `zeros` for it and not yet handed out, or
/// the caller's own, checked by `Reused::array`.
pub(crate) struct Array<'py, T>(Bound<'py, PyArrayDyn<T>>);

impl<'py, T: Element> Array<'py, T> {
    /// `array` with every item zeroed: a valid value of every `T` used here, so that every item
    /// is initialised whatever the memory held.
    ///
    /// # Safety
    ///
    /// `array` is C-ordered and owns its memory, and nothing else refers to it.
    unsafe fn zeroed(array: Bound<'py, PyArrayDyn<T>>) -> Self {
        // SAFETY: the caller's promise: `len` items of `T` lie at `data`, this call's alone.
        unsafe {
            let fields = &*_PyArray_GET_ITEM_DATA(array.as_array_ptr());
            let bytes = array.len() * std::mem::size_of::<T>();
            std::ptr::write_bytes(fields.data.cast::<u8>(), 0, bytes);
        }
        Array(array)
    }

    /// The items, to be written by the games.
    ///
    /// # Safety
    ///
    /// No other reference to the array's memory lives meanwhile: the array was made by `zeros`
    /// for this call, or taken by `Spares` from a result no one else refers to, and has not left
    /// the call (other threads, which may run while the interpreter is released, cannot name it),
    /// or it is the caller's, checked by `Reused::array`, and the interpreter stays attached until
    /// the slice is dropped, so no Python code can touch it.
    // The memory is NumPy's, reached through a shared handle (as `PyByteArray::as_bytes_mut`).
    #[allow(clippy::mut_from_ref)]
    pub(crate) unsafe fn items(&self) -> &mut [T] {
        let len = self.0.len();
        // SAFETY: a fresh C-ordered array holds `len` initialised (zeroed: a valid value of every
        // `T` used here) items at `data`, aligned for `T`; the caller promises exclusivity.
        unsafe { std::slice::from_raw_parts_mut(self.0.data(), len) }
    }

    pub(crate) fn into_any(self) -> Bound<'py, PyAny> {
        self.0.into_any()
    }

    /// A reference to the array, kept beyond this call.
    pub(crate) fn handle(&self) -> Py<PyAny> {
        self.0.clone().into_any().unbind()
    }
}

/// Arrays of a result the engine handed out two steps before, offered again in the order they were
/// made. One that no one else holds any more (no reference but the engine's, no weak reference, no
/// view, which would hold one) and that is still as it was made (NumPy's own array of its dtype
/// and shape, owning C-ordered writeable memory) is zeroed and serves as a fresh array: no caller
/// can tell it from a new one, and a small batch is spared NumPy's cost of making it. Any other is
/// let go, and a new one made.
pub(crate) struct Spares(std::vec::IntoIter<Py<PyAny>>);

impl Spares {
    /// Nothing to offer: every array is made anew.
    pub(crate) fn none() -> Self {
        Spares(Vec::new().into_iter())
    }

    pub(crate) fn new(arrays: Vec<Py<PyAny>>) -> Self {
        Spares(arrays.into_iter())
    }

    /// The next spare as an array of `dims` if it may serve as a fresh one, else a new array.
    pub(crate) fn array<'py, T: Element + 'static>(
        &mut self,
        py: Python<'py>,
        dims: &[usize],
    ) -> PyResult<Array<'py, T>> {
        if let Some(spare) = self.0.next().map(|spare| spare.into_bound(py))
            && unheld::<T>(&spare, dims)
        {
            // SAFETY: `unheld` checked that this is NumPy's own array of `T` shaped `dims`, owning
            // its C-ordered memory, and that only this call refers to it.
            return Ok(unsafe { Array::zeroed(spare.cast_into_unchecked::<PyArrayDyn<T>>()) });
        }
        zeros(py, dims)
    }
}

/// Whether `obj`, which the caller holds, is held by no one else and is still NumPy's own array of
/// `T` shaped `dims`, owning C-ordered, aligned, writeable memory, with no weak reference.
fn unheld<T: Element + 'static>(obj: &Bound<'_, PyAny>, dims: &[usize]) -> bool {
    // SAFETY: a live object's reference count, read while attached.
    let count = unsafe { pyo3::ffi::Py_REFCNT(obj.as_ptr()) };
    if count != 1 || !is_plain_array(obj) {
        return false;
    }
    let Some(fields) = fields(obj) else {
        return false;
    };
    let own = NPY_ARRAY_OWNDATA | NPY_ARRAY_C_CONTIGUOUS | NPY_ARRAY_ALIGNED | NPY_ARRAY_WRITEABLE;
    fields.flags & own == own
        && fields.base.is_null()
        && fields.weakreflist.is_null()
        && is_of::<T>(obj, fields, dims)
}

/// Whether `obj`'s type is NumPy's own array type, no subclass.
fn is_plain_array(obj: &Bound<'_, PyAny>) -> bool {
    // SAFETY: a live object's type and NumPy's type object, read while attached.
    unsafe { pyo3::ffi::Py_TYPE(obj.as_ptr()) == get_type_object(obj.py(), NpyTypes::PyArray_Type) }
}

/// NumPy's fields of `obj` when it is a NumPy array (of any dtype, or a subclass).
fn fields<'a>(obj: &'a Bound<'_, PyAny>) -> Option<&'a PyArrayObject_fields> {
    // SAFETY: `obj` is a live object; PyArray_Check only reads its type.
    if unsafe { PyArray_Check(obj.py(), obj.as_ptr()) } == 0 {
        return None;
    }
    // SAFETY: `obj` is a NumPy array, whose fields live as long as it does; they are read while
    // the interpreter is attached, so no Python code changes them meanwhile.
    Some(unsafe { &*_PyArray_GET_ITEM_DATA(obj.as_ptr().cast::<PyArrayObject>()) })
}

/// NumPy's dtype of `T`, for the four types a step's arrays hold looked up once: NumPy's dtypes of
/// native numbers are single objects that live as long as NumPy.
fn dtype_of<'py, T: Element + 'static>(py: Python<'py>) -> Bound<'py, PyArrayDescr> {
    static KNOWN: PyOnceLock<[Py<PyArrayDescr>; 4]> = PyOnceLock::new();
    let slot = [
        TypeId::of::<bool>(),
        TypeId::of::<u8>(),
        TypeId::of::<f32>(),
        TypeId::of::<i64>(),
    ]
    .iter()
    .position(|&known| known == TypeId::of::<T>());
    let Some(slot) = slot else {
        return T::get_dtype(py);
    };
    let known = KNOWN.get_or_init(py, || {
        [
            bool::get_dtype(py).unbind(),
            u8::get_dtype(py).unbind(),
            f32::get_dtype(py).unbind(),
            i64::get_dtype(py).unbind(),
        ]
    });
    known[slot].bind(py).clone()
}

/// Whether `fields` describe an array of `T` (NumPy's own dtype for `T`, or one it calls
/// equivalent) with shape `dims`.
fn is_of<T: Element + 'static>(
    obj: &Bound<'_, PyAny>,
    fields: &PyArrayObject_fields,
    dims: &[usize],
) -> bool {
    if fields.nd as usize != dims.len() || dims.is_empty() {
        return false;
    }
    // SAFETY: NumPy keeps `nd` (here at least one) entries at `dimensions`.
    let shape = unsafe { std::slice::from_raw_parts(fields.dimensions, dims.len()) };
    if shape
        .iter()
        .zip(dims)
        .any(|(&got, &want)| got as usize != want)
    {
        return false;
    }
    let dtype = dtype_of::<T>(obj.py());
    // NumPy's dtypes of native numbers are single objects: the comparison of pointers answers
    // almost every call; any other descriptor is asked as NumPy would.
    std::ptr::eq(fields.descr, dtype.as_dtype_ptr())
        || obj
            .cast::<PyUntypedArray>()
            .is_ok_and(|array| array.dtype().is_equiv_to(&dtype))
}

/// `obj`'s `len` items, copied into `scratch` (or the heap when they do not fit), when it is
/// NumPy's own array type (no subclass: a masked array's mask is not read here) of exactly `len`
/// native int64s, aligned and contiguous, as `sample` gives; `None` for anything else, which the
/// caller reads another way.
pub(crate) fn int64s<'a>(
    obj: &Bound<'_, PyAny>,
    len: usize,
    scratch: &'a mut [MaybeUninit<i64>],
) -> Option<Cow<'a, [i64]>> {
    if !is_plain_array(obj) {
        return None;
    }
    let fields = fields(obj)?;
    let contiguous = fields.flags & NPY_ARRAY_C_CONTIGUOUS != 0;
    if fields.flags & NPY_ARRAY_ALIGNED == 0 || !contiguous || !is_of::<i64>(obj, fields, &[len]) {
        return None;
    }
    // SAFETY: an aligned, contiguous array of `len` i64s lies at `data`; it is copied out while
    // the interpreter is attached.
    let items = unsafe { std::slice::from_raw_parts(fields.data.cast::<i64>().cast_const(), len) };
    Some(match scratch.get_mut(..len) {
        // Written in full before it is read: the stack is not zeroed first on every step.
        // SAFETY: `inline` holds `len` slots, each written here from `items` before the slice
        // over them is made; `MaybeUninit<i64>` has the layout of `i64`.
        Some(inline) => Cow::Borrowed(unsafe {
            let at = inline.as_mut_ptr().cast::<i64>();
            std::ptr::copy_nonoverlapping(items.as_ptr(), at, len);
            std::slice::from_raw_parts(at.cast_const(), len)
        }),
        None => Cow::Owned(items.to_vec()),
    })
}

/// The name of `obj`'s type, for messages.
pub(crate) fn type_name(obj: &Bound<'_, PyAny>) -> String {
    obj.get_type()
        .name()
        .map_or_else(|_| "?".into(), |name| name.to_string())
}

/// The caller's arrays a step writes again (`step(actions, out=...)`), as they are checked: each
/// a NumPy array of the output's dtype and shape, C-ordered, aligned and writeable, and no two
/// sharing memory. The memory is the array's to name: NumPy's own checks put it there, and the
/// array (held by the caller's tuple for the whole call) keeps it alive.
#[derive(Default)]
pub(crate) struct Reused {
    /// Each array's memory: where it starts and its length in bytes.
    spans: [(usize, usize); 9],
    /// Which of `spans` hold bools, one bit each.
    bools: u16,
    len: usize,
}

impl Reused {
    /// `obj` as an output of `dims`, named `name` in messages.
    pub(crate) fn array<'py, T: Element + 'static>(
        &mut self,
        obj: &Bound<'py, PyAny>,
        dims: &[usize],
        name: &str,
    ) -> PyResult<Array<'py, T>> {
        let Some(fields) = fields(obj).filter(|fields| is_of::<T>(obj, fields, dims)) else {
            return Err(refusal::<T>(obj, dims, name));
        };
        let wanted = NPY_ARRAY_C_CONTIGUOUS | NPY_ARRAY_ALIGNED | NPY_ARRAY_WRITEABLE;
        if fields.flags & wanted != wanted {
            return Err(PyValueError::new_err(format!(
                "{name} must be C-contiguous, aligned and writeable"
            )));
        }
        let bytes = dims.iter().product::<usize>() * std::mem::size_of::<T>();
        // At most nine outputs: every caller names each once.
        self.spans[self.len] = (fields.data as usize, bytes);
        self.bools |= u16::from(TypeId::of::<T>() == TypeId::of::<bool>()) << self.len;
        self.len += 1;
        // SAFETY: `obj` is a NumPy array whose dtype is `T`'s (checked above).
        Ok(Array(
            unsafe { obj.cast_unchecked::<PyArrayDyn<T>>() }.clone(),
        ))
    }

    /// `ValueError` when two of the arrays share memory (views of one buffer, or one array twice).
    pub(crate) fn disjoint(&self) -> PyResult<()> {
        if tictactoe_core::overlapping(&self.spans[..self.len]) {
            return Err(PyValueError::new_err(
                "out's arrays must not share memory: pass what step returned",
            ));
        }
        Ok(())
    }

    /// Every byte of a bool array beyond 0 and 1 set to 1 (read first in one pass that the
    /// compiler vectorises: the arrays a step wrote hold none).
    pub(crate) fn sanitize(&self) {
        for (i, &(start, bytes)) in self.spans[..self.len].iter().enumerate() {
            if self.bools & (1 << i) != 0 {
                // SAFETY: `array` checked this span is a writeable array's own memory, which
                // nothing else touches while the interpreter is attached; as bytes, any value is
                // valid.
                let items = unsafe { std::slice::from_raw_parts_mut(start as *mut u8, bytes) };
                let (words, rest) = items.as_chunks::<8>();
                let any = |acc: u64, word: &[u8; 8]| acc | u64::from_ne_bytes(*word);
                let seen =
                    words.iter().fold(0, any) | rest.iter().fold(0, |acc, &b| acc | b as u64);
                if seen & 0xFEFE_FEFE_FEFE_FEFE != 0 {
                    items.iter_mut().for_each(|byte| *byte = (*byte != 0) as u8);
                }
            }
        }
    }
}

/// Why `obj` cannot be the output `name`, an array of `T` shaped `dims`.
fn refusal<T: Element>(obj: &Bound<'_, PyAny>, dims: &[usize], name: &str) -> PyErr {
    let Ok(array) = obj.cast::<PyUntypedArray>() else {
        let dtype = T::get_dtype(obj.py());
        return PyTypeError::new_err(format!(
            "{name} must be a NumPy array of {dtype}, not {}",
            type_name(obj)
        ));
    };
    let dtype = T::get_dtype(obj.py());
    if !array.dtype().is_equiv_to(&dtype) {
        return PyTypeError::new_err(format!(
            "{name} must be a NumPy array of {dtype}, not an array of {}",
            array.dtype()
        ));
    }
    PyValueError::new_err(format!(
        "{name} must have shape {:?}, not {:?}",
        Dims(dims),
        Dims(array.shape())
    ))
}

/// A shape as Python writes it: `(64, 3, 3, 2)`, `(64,)`.
struct Dims<'a>(&'a [usize]);

impl std::fmt::Debug for Dims<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.0 {
            [one] => write!(f, "({one},)"),
            dims => {
                let parts: Vec<String> = dims.iter().map(ToString::to_string).collect();
                write!(f, "({})", parts.join(", "))
            }
        }
    }
}
