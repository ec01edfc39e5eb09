//! Foreign memory as the faces meet it: buffers a caller names by address and length, which a
//! face lends to the engine as slices. One check for every face (C, Python).

/// Whether any two of `buffers`, as (address, bytes) with NULL or empty ones left out, overlap:
/// a face lends each to the engine as a `&mut` slice of its own, which two overlapping buffers
/// would alias. For the faces, which meet foreign memory; not part of the engine's API.
///
/// ```
/// use tictactoe_core::overlapping;
///
/// assert!(!overlapping(&[(0x1000, 16), (0x1010, 8), (0, 64)]));
/// assert!(overlapping(&[(0x1000, 16), (0x100f, 1)]));
/// ```
#[doc(hidden)]
#[must_use]
pub fn overlapping(buffers: &[(usize, usize)]) -> bool {
    // Each pair once, in plain loops: a face asks this on every call (a small batch's step lends
    // up to nine buffers).
    for (i, &(a, a_len)) in buffers.iter().enumerate() {
        if a == 0 || a_len == 0 {
            continue;
        }
        let a_end = a.saturating_add(a_len);
        for &(b, b_len) in &buffers[i + 1..] {
            if b != 0 && b_len != 0 && a < b.saturating_add(b_len) && b < a_end {
                return true;
            }
        }
    }
    false
}
