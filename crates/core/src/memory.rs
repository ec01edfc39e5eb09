//! Allocation that reports failure: every table, board and list the engine sizes by its input is
//! made here, so that a size the memory cannot hold is an error, never an abort.

use alloc::vec::Vec;

/// `len` copies of `value`, or `None` when the memory cannot be had.
pub(crate) fn filled<T: Clone>(len: usize, value: T) -> Option<Vec<T>> {
    let mut v = Vec::new();
    v.try_reserve_exact(len).ok()?;
    v.resize(len, value);
    Some(v)
}
