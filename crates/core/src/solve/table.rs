//! The transposition table: what earlier searches proved about a position, as a lower and an upper
//! bound on its score. Each entry keeps its whole key (both players' words), so a collision can
//! only replace an entry, never be mistaken for one: answers stay exact.

use alloc::vec::Vec;

use super::position::Position;

/// One remembered position: its key and the bounds proved for it.
#[derive(Clone, Copy, Debug)]
struct Entry {
    mine: u64,
    theirs: u64,
    lower: i16,
    upper: i16,
}

/// Bounds that say nothing.
const UNKNOWN: (i16, i16) = (i16::MIN, i16::MAX);

const EMPTY: Entry = Entry {
    mine: 0,
    theirs: 0,
    lower: UNKNOWN.0,
    upper: UNKNOWN.1,
};

/// A table of a power of two entries, replacing on collision.
#[derive(Clone, Debug)]
pub(crate) struct Table {
    entries: Vec<Entry>,
    mask: usize,
}

impl Table {
    /// A table of `2^bits` entries, or `None` when the memory cannot be had.
    pub(crate) fn new(bits: u32) -> Option<Table> {
        let len = 1usize.checked_shl(bits)?;
        let mut entries = Vec::new();
        entries.try_reserve_exact(len).ok()?;
        entries.resize(len, EMPTY);
        Some(Table {
            entries,
            mask: len - 1,
        })
    }

    /// Bytes an entry takes, for sizing.
    pub(crate) const ENTRY_BYTES: usize = core::mem::size_of::<Entry>();

    /// Forgets everything.
    pub(crate) fn clear(&mut self) {
        self.entries.fill(EMPTY);
    }

    #[inline]
    fn slot(&self, p: &Position) -> usize {
        let h = p.mine.wrapping_mul(0x9E37_79B9_7F4A_7C15)
            ^ p.theirs.wrapping_mul(0xC2B2_AE3D_27D4_EB4F);
        ((h ^ (h >> 29)) as usize) & self.mask
    }

    /// The bounds proved for `p`, if it is remembered.
    #[inline]
    pub(crate) fn get(&self, p: &Position) -> Option<(i32, i32)> {
        let e = &self.entries[self.slot(p)];
        (e.mine == p.mine && e.theirs == p.theirs && (e.lower, e.upper) != UNKNOWN)
            .then(|| (i32::from(e.lower), i32::from(e.upper)))
    }

    /// Remembers the bounds proved for `p` (scores fit in i16: they are at most 65 from 0).
    #[inline]
    pub(crate) fn put(&mut self, p: &Position, lower: i32, upper: i32) {
        let slot = self.slot(p);
        self.entries[slot] = Entry {
            mine: p.mine,
            theirs: p.theirs,
            lower: lower.clamp(i16::MIN.into(), i16::MAX.into()) as i16,
            upper: upper.clamp(i16::MIN.into(), i16::MAX.into()) as i16,
        };
    }
}
