//! Allocation that reports failure: every table and list the solver sizes by its input is made
//! here, so that a size the memory cannot hold is an error, never an abort.

use alloc::vec::Vec;

/// `len` items, each made by `make`, or `None` when the memory cannot be had.
pub(crate) fn made<T>(len: usize, make: impl FnMut() -> T) -> Option<Vec<T>> {
    let mut items = Vec::new();
    items.try_reserve_exact(len).ok()?;
    items.resize_with(len, make);
    Some(items)
}

/// `len` copies of `value`, or `None` when the memory cannot be had.
pub(crate) fn filled<T: Clone>(len: usize, value: T) -> Option<Vec<T>> {
    made(len, || value.clone())
}
