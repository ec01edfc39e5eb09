//! Allocation that reports failure: every table, board and list the engine sizes by its input is
//! made here, so that a size the memory cannot hold is an error, never an abort.

use alloc::vec::Vec;

/// An empty list with room for `len` items, or `None` when the memory cannot be had.
fn room<T>(len: usize) -> Option<Vec<T>> {
    let mut v = Vec::new();
    v.try_reserve_exact(len).ok()?;
    Some(v)
}

/// `len` copies of `value`, or `None` when the memory cannot be had.
pub(crate) fn filled<T: Clone>(len: usize, value: T) -> Option<Vec<T>> {
    let mut v = room(len)?;
    v.resize(len, value);
    Some(v)
}

/// `len` words, all zero (atomics are not `Clone`), or `None` when the memory cannot be had.
pub(crate) fn zeroed_words(len: usize) -> Option<Vec<core::sync::atomic::AtomicU64>> {
    let mut v = room(len)?;
    v.resize_with(len, Default::default);
    Some(v)
}
