//! The transposition table: what earlier searches proved about a position, as a lower and an upper
//! bound on its score. A collision can only replace an entry, never be mistaken for one, so answers
//! stay exact. One block of words, made once, read in two layouts:
//!
//! - *Narrow*, for gravity boards: the position is one word, the mover's marks plus all marks
//!   (each column's marks sit at its bottom, so the sum keeps both apart within the column and its
//!   spare bit). The word is mixed by a bijection of its own width; the low bits choose the slot and
//!   the high ones (at most 48 of them) are kept to check it: one word an entry.
//! - *Wide*, for everything else: both players' words are kept whole, three words an entry.
//!
//! An all-zero word is an empty entry in both layouts (each entry is stored so that "no bounds"
//! reads as zero), so forgetting everything is one fill with zeros, whatever the layout.
//!
//! Memory latency, not instructions, bounds a search's speed on a large table, so the narrow
//! layout, three times denser, is the one the gravity games (Connect Four) use.
//!
//! The words are atomic (read and written `Relaxed`: plain loads and stores on the machines we
//! build for), so that two threads of one solve may share a table. Only the narrow layout is
//! shared: each of its entries is one word that checks itself, so a thread reads either a whole
//! entry or one that does not match; a wide entry's three words could be read half old.

use alloc::vec::Vec;
use core::sync::atomic::{AtomicU64, Ordering::Relaxed};

use super::position::Position;
use crate::memory::made;
use tictactoe_core::view::Shape;

/// Bounds that say nothing (scores stay within ±65).
const LOWEST: i8 = i8::MIN;
const HIGHEST: i8 = i8::MAX;

/// The most bits of a narrow key kept to check an entry (the bounds take the other 16).
const CHECK_BITS: u32 = 48;

/// Words a wide entry takes: both players' marks and the bounds.
const WIDE: usize = 3;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Layout {
    /// One-word entries, `!(check (48) | lower (8) | upper (8))`, for keys `width` bits wide.
    Narrow { width: u32 },
    /// Three-word entries: mine, theirs, and the bounds biased so that none reads as zero.
    Wide,
}

/// A table of `2^bits` entries in the layout the board calls for.
#[derive(Debug)]
pub(crate) struct Table {
    bits: u32,
    words: Vec<AtomicU64>,
    layout: Layout,
    /// Whether a search may have written since the words were last all zero: a table made for
    /// one search is not cleared again before it.
    written: bool,
}

impl Clone for Table {
    fn clone(&self) -> Table {
        // Atomics are not `Clone`: each word read and made again. A copy that cannot be had
        // aborts, as a `Vec`'s clone does (`Solver: Clone` was that before the words were atomic).
        let words = self
            .words
            .iter()
            .map(|w| AtomicU64::new(w.load(Relaxed)))
            .collect();
        Table {
            bits: self.bits,
            words,
            layout: self.layout,
            written: self.written,
        }
    }
}

/// Odd, so that multiplying by it is a bijection modulo any power of two.
const MIX: u64 = 0x9E37_79B9_7F4A_7C15;

fn clamp(score: i32) -> i8 {
    score.clamp(LOWEST.into(), HIGHEST.into()) as i8
}

/// The bounds as one word in which "nothing known" (`LOWEST`, `HIGHEST`) is zero.
#[inline]
fn pack(lower: i8, upper: i8) -> u64 {
    u64::from((lower as u8) ^ 0x80) << 8 | u64::from((upper as u8) ^ 0x7F)
}

#[inline]
fn unpack(word: u64) -> (i32, i32) {
    let lower = ((word >> 8) as u8 ^ 0x80) as i8;
    let upper = (word as u8 ^ 0x7F) as i8;
    (i32::from(lower), i32::from(upper))
}

/// The layout `shape` calls for in a table of `2^bits` entries.
fn layout(bits: u32, shape: &Shape) -> Layout {
    // The narrow key's width: every bit of the layout, spare bits included.
    let width = shape.height() * shape.cols();
    if shape.gravity() && width <= bits + CHECK_BITS {
        Layout::Narrow { width }
    } else {
        Layout::Wide
    }
}

impl Table {
    /// A table of `2^bits` entries, empty, or `None` when the memory cannot be had.
    pub(crate) fn new(bits: u32) -> Option<Table> {
        let len = 1usize.checked_shl(bits)?.checked_mul(WIDE)?;
        let words = made(len, Default::default)?;
        Some(Table {
            bits,
            words,
            layout: Layout::Wide,
            written: false,
        })
    }

    /// The table's size, as a power of two of entries.
    pub(crate) fn bits(&self) -> u32 {
        self.bits
    }

    /// Bytes a table of `2^bits` entries takes.
    pub(crate) const fn bytes(bits: u32) -> usize {
        (WIDE * core::mem::size_of::<u64>()) << bits
    }

    /// Reads the table in `shape`'s layout from now on, for a search that may write it; `fresh`
    /// forgets everything first. A change of layout always forgets, since one layout's entries
    /// mean nothing in the other.
    pub(crate) fn prepare(&mut self, shape: &Shape, fresh: bool) {
        let wanted = layout(self.bits, shape);
        if fresh || wanted != self.layout {
            self.clear();
            self.layout = wanted;
        }
        self.written = true;
    }

    /// Whether threads may share this table: its entries are one word each.
    #[cfg(feature = "std")]
    pub(crate) fn shareable(&self) -> bool {
        matches!(self.layout, Layout::Narrow { .. })
    }

    /// Forgets everything.
    pub(crate) fn clear(&mut self) {
        if self.written {
            for word in &mut self.words {
                *word.get_mut() = 0;
            }
            self.written = false;
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
        (((h ^ (h >> 29)) as usize) & ((1 << bits) - 1)) * WIDE
    }

    /// The bounds proved for `p`, if it is remembered.
    #[inline]
    pub(crate) fn get(&self, p: &Position) -> Option<(i32, i32)> {
        match self.layout {
            Layout::Narrow { width } => {
                let (slot, check) = Self::narrow(self.bits, p, width);
                let word = !self.words[slot].load(Relaxed);
                (word != u64::MAX && word >> 16 == check).then(|| unpack(word & 0xFFFF))
            }
            Layout::Wide => {
                let at = Self::wide_slot(self.bits, p);
                let entry = &self.words[at..at + WIDE];
                let bounds = entry[2].load(Relaxed);
                (bounds != 0
                    && entry[0].load(Relaxed) == p.mine
                    && entry[1].load(Relaxed) == p.theirs)
                    .then(|| unpack(bounds))
            }
        }
    }

    /// Remembers the bounds proved for `p`.
    #[inline]
    pub(crate) fn put(&self, p: &Position, lower: i32, upper: i32) {
        let bounds = pack(clamp(lower), clamp(upper));
        match self.layout {
            Layout::Narrow { width } => {
                let (slot, check) = Self::narrow(self.bits, p, width);
                // Bounds never pack to 0xFFFF (a lower bound of 127 above an upper one of -128),
                // so no entry is all ones before the complement: none reads as empty.
                self.words[slot].store(!(check << 16 | bounds), Relaxed);
            }
            Layout::Wide => {
                let at = Self::wide_slot(self.bits, p);
                for (word, value) in self.words[at..at + WIDE]
                    .iter()
                    .zip([p.mine, p.theirs, bounds])
                {
                    word.store(value, Relaxed);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{Position, Table};
    use tictactoe_core::Rules;
    use tictactoe_core::view::Shape;

    #[test]
    fn entries_read_back_in_both_layouts() {
        for rules in [Rules::connect_four(), Rules::square(4).unwrap()] {
            let shape = Shape::of(rules).unwrap();
            let mut table = Table::new(10).unwrap();
            table.prepare(&shape, true);
            let p = Position {
                mine: 0b1,
                theirs: 0b1_0000_0000,
                moves: 2,
            };
            assert_eq!(table.get(&p), None);
            table.put(&p, -3, 5);
            assert_eq!(table.get(&p), Some((-3, 5)));
            table.clear();
            assert_eq!(table.get(&p), None);
            // A fresh search forgets what an earlier one wrote, also after a clear; entries are
            // written only by a search, and each is prepared for.
            table.prepare(&shape, false);
            table.put(&p, 1, 1);
            table.prepare(&shape, true);
            assert_eq!(table.get(&p), None);
            table.put(&p, 1, 1);
            table.clear();
            table.clear();
            assert_eq!(table.get(&p), None);
            table.prepare(&shape, false);
            table.put(&p, 1, 1);
            assert_eq!(table.get(&p), Some((1, 1)));
            table.prepare(&shape, false);
            assert_eq!(table.get(&p), Some((1, 1)), "kept when not fresh");
        }
    }
}
