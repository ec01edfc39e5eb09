//! The transposition table: what earlier searches proved about a position, as a lower and an upper
//! bound on its score. A collision can only replace an entry, never be mistaken for one, so answers
//! stay exact. Two layouts:
//!
//! - *Narrow*, for gravity boards: the position is one word, the mover's marks plus all marks
//!   (each column's marks sit at its bottom, so the sum keeps both apart within the column and its
//!   spare bit). The word is mixed by a bijection of its own width; the low bits choose the slot and
//!   the high ones (at most 32 of them) are kept to check it: 8 bytes an entry.
//! - *Wide*, for everything else: both players' words are kept whole, 24 bytes an entry.
//!
//! Memory latency, not instructions, bounds a search's speed on a large table, so the narrow
//! layout, three times denser, is the one the gravity games (Connect Four) use.

use alloc::vec::Vec;

use super::position::{Position, Shape};

/// One wide entry: both words and the bounds.
#[derive(Clone, Copy, Debug)]
struct Entry {
    mine: u64,
    theirs: u64,
    lower: i8,
    upper: i8,
}

/// Bounds that say nothing (scores stay within ±65).
const LOWEST: i8 = i8::MIN;
const HIGHEST: i8 = i8::MAX;

const EMPTY: Entry = Entry {
    mine: 0,
    theirs: 0,
    lower: LOWEST,
    upper: HIGHEST,
};

/// A narrow entry that says nothing: no check value reaches `u32::MAX` with bounds this wide.
const NARROW_EMPTY: u64 = u64::MAX;

#[derive(Clone, Debug)]
enum Layout {
    /// `2^bits` one-word entries: check (32) | lower (8) | upper (8).
    Narrow { words: Vec<u64>, width: u32 },
    /// `2^bits` wide entries.
    Wide { entries: Vec<Entry> },
}

/// A table of `2^bits` entries in the layout the board calls for.
#[derive(Clone, Debug)]
pub(crate) struct Table {
    bits: u32,
    layout: Layout,
}

/// `len` copies of `value`, or `None` when the memory cannot be had.
fn filled<T: Clone>(len: usize, value: T) -> Option<Vec<T>> {
    let mut v = Vec::new();
    v.try_reserve_exact(len).ok()?;
    v.resize(len, value);
    Some(v)
}

/// Odd, so that multiplying by it is a bijection modulo any power of two.
const MIX: u64 = 0x9E37_79B9_7F4A_7C15;

fn clamp(score: i32) -> i8 {
    score.clamp(LOWEST.into(), HIGHEST.into()) as i8
}

impl Table {
    /// A table of `2^bits` entries, laid out for `shape`, or `None` when the memory cannot be had.
    pub(crate) fn new(bits: u32, shape: &Shape) -> Option<Table> {
        let len = 1usize.checked_shl(bits)?;
        // The narrow key's width: every bit of the layout, spare bits included.
        let width = shape.height * shape.cols;
        let layout = if shape.gravity && width <= bits + 32 {
            Layout::Narrow {
                words: filled(len, NARROW_EMPTY)?,
                width,
            }
        } else {
            Layout::Wide {
                entries: filled(len, EMPTY)?,
            }
        };
        Some(Table { bits, layout })
    }

    /// Bytes a table of `2^bits` entries takes at most.
    pub(crate) const fn bytes(bits: u32) -> usize {
        core::mem::size_of::<Entry>() << bits
    }

    /// Whether this table suits `shape` (same layout and width); else a new one is made.
    pub(crate) fn suits(&self, shape: &Shape) -> bool {
        let width = shape.height * shape.cols;
        match &self.layout {
            Layout::Narrow { width: w, .. } => shape.gravity && *w == width,
            Layout::Wide { .. } => !(shape.gravity && width <= self.bits + 32),
        }
    }

    /// Forgets everything.
    pub(crate) fn clear(&mut self) {
        match &mut self.layout {
            Layout::Narrow { words, .. } => words.fill(NARROW_EMPTY),
            Layout::Wide { entries } => entries.fill(EMPTY),
        }
    }

    /// A narrow position's slot and check in a table of `2^bits`: its one-word key mixed within
    /// its width.
    #[inline]
    fn narrow(bits: u32, p: &Position, width: u32) -> (usize, u64) {
        let key = p.mine.wrapping_add(p.all());
        let mask = if width >= 64 {
            u64::MAX
        } else {
            (1 << width) - 1
        };
        // Each step is a bijection on `width` bits: high bits folded down, spread up by an odd
        // multiplier, folded down again, so that the slot depends on every bit of the key.
        let half = (width / 2).max(1);
        let mut mixed = key ^ key >> half;
        mixed = mixed.wrapping_mul(MIX) & mask;
        mixed ^= mixed >> half;
        ((mixed & ((1 << bits) - 1)) as usize, mixed >> bits)
    }

    #[inline]
    fn wide_slot(bits: u32, p: &Position) -> usize {
        let h = p.mine.wrapping_mul(MIX) ^ p.theirs.wrapping_mul(0xC2B2_AE3D_27D4_EB4F);
        ((h ^ (h >> 29)) as usize) & ((1 << bits) - 1)
    }

    /// The bounds proved for `p`, if it is remembered.
    #[inline]
    pub(crate) fn get(&self, p: &Position) -> Option<(i32, i32)> {
        match &self.layout {
            Layout::Narrow { words, width } => {
                let (slot, check) = Self::narrow(self.bits, p, *width);
                let word = words[slot];
                (word != NARROW_EMPTY && word >> 16 == check).then(|| {
                    let lower = i32::from((word >> 8) as u8 as i8);
                    let upper = i32::from(word as u8 as i8);
                    (lower, upper)
                })
            }
            Layout::Wide { entries } => {
                let e = &entries[Self::wide_slot(self.bits, p)];
                (e.mine == p.mine
                    && e.theirs == p.theirs
                    && (e.lower, e.upper) != (LOWEST, HIGHEST))
                    .then(|| (i32::from(e.lower), i32::from(e.upper)))
            }
        }
    }

    /// Remembers the bounds proved for `p`.
    #[inline]
    pub(crate) fn put(&mut self, p: &Position, lower: i32, upper: i32) {
        let (lower, upper) = (clamp(lower), clamp(upper));
        match &mut self.layout {
            Layout::Narrow { words, width } => {
                let (slot, check) = Self::narrow(self.bits, p, *width);
                words[slot] = check << 16 | u64::from(lower as u8) << 8 | u64::from(upper as u8);
            }
            Layout::Wide { entries } => {
                entries[Self::wide_slot(self.bits, p)] = Entry {
                    mine: p.mine,
                    theirs: p.theirs,
                    lower,
                    upper,
                };
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{Position, Table};
    use crate::rules::Rules;
    use crate::solve::position::Shape;

    #[test]
    fn a_narrow_entry_reads_back() {
        let shape = Shape::of(Rules::connect_four()).unwrap();
        let mut table = Table::new(10, &shape).unwrap();
        let p = Position {
            mine: 0b1,
            theirs: 0b1_0000_0000,
            moves: 2,
        };
        table.put(&p, -3, 5);
        assert_eq!(table.get(&p), Some((-3, 5)));
    }
}
