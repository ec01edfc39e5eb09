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
    let live = |&&(at, len): &&(usize, usize)| at != 0 && len != 0;
    // Each pair once, by slicing past the first of the two (a step lends up to nine buffers).
    buffers
        .iter()
        .enumerate()
        .filter(|(_, b)| live(b))
        .any(|(i, &(a, a_len))| {
            buffers[i + 1..]
                .iter()
                .filter(live)
                .any(|&(b, b_len)| a < b.saturating_add(b_len) && b < a.saturating_add(a_len))
        })
}
