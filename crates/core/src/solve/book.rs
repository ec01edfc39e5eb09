//! The opening book of 7 x 6 Connect Four: the exact score of every position of at most
//! [`DEPTH`] stones, found by the engine's own search (`make exact-book`, which writes `book_data.rs`)
//! and kept under the smaller key of the position and its mirror image. A search asked for such a
//! position answers from here at once; the rest is searched as before.

use super::position::Position;
use crate::kgame::Shape;

mod data {
    include!("book_data.rs");
}

pub(crate) use data::DEPTH;

/// Whether `shape` is 7 x 6 Connect Four's.
pub(crate) fn is_connect_four(shape: &Shape) -> bool {
    (shape.rows, shape.cols, shape.k, shape.gravity) == (6, 7, 4, true)
}

/// `word` with its seven columns (seven bits each) in the opposite order.
fn mirror(word: u64) -> u64 {
    (0..7).fold(0, |out, col| {
        out | ((word >> (7 * col)) & 0x7F) << (7 * (6 - col))
    })
}

/// The key of the position whose mover holds `mine` and whose other player holds `theirs`: the
/// smaller of its own words and its mirror image's (a position and its mirror score alike).
pub(crate) fn key(mine: u64, theirs: u64) -> (u64, u64) {
    (mine, theirs).min((mirror(mine), mirror(theirs)))
}

/// The exact score of `p` for its mover (the search's: `cells + 1 - M` for a win at move `M`),
/// when the book holds it.
pub(crate) fn score(shape: &Shape, p: &Position) -> Option<i32> {
    if p.moves > DEPTH || !is_connect_four(shape) {
        return None;
    }
    let key = key(p.mine, p.theirs);
    let at = data::ENTRIES
        .binary_search_by_key(&key, |&(mine, theirs, _)| (mine, theirs))
        .ok()?;
    Some(i32::from(data::ENTRIES[at].2))
}

#[cfg(test)]
mod tests {
    use super::{DEPTH, data::ENTRIES, key, mirror};

    #[test]
    fn the_entries_are_sorted_canonical_keys_and_mirroring_twice_is_the_identity() {
        assert!(
            ENTRIES
                .windows(2)
                .all(|w| (w[0].0, w[0].1) < (w[1].0, w[1].1))
        );
        for &(mine, theirs, _) in ENTRIES {
            assert_eq!(key(mine, theirs), (mine, theirs));
            assert_eq!(
                (mirror(mirror(mine)), mirror(mirror(theirs))),
                (mine, theirs)
            );
            assert!((mine | theirs).count_ones() <= DEPTH);
        }
    }
}
