//! The packed board of a checked game: two bits a cell (`01` X, `10` O, `00` empty), 32 cells to a
//! word. Plain bit arithmetic, used by the storages, the rules and the batched stepper alike.

use crate::player::Player;

/// Reads the two bits of cell `index`: 0 empty, 1 `X`, 2 `O`.
#[inline]
pub(crate) fn cell_bits(cells: &[u64], index: u32) -> u8 {
    ((cells[(index / 32) as usize] >> ((index % 32) * 2)) & 0b11) as u8
}

/// Writes the two bits of cell `index`.
#[inline]
pub(crate) fn set_cell_bits(cells: &mut [u64], index: u32, bits: u8) {
    let word = &mut cells[(index / 32) as usize];
    let shift = (index % 32) * 2;
    *word = (*word & !(0b11 << shift)) | (u64::from(bits) << shift);
}

/// Writes the two bits of cell `index`, which is empty: one OR.
#[inline]
pub(crate) fn mark_cell(cells: &mut [u64], index: u32, bits: u8) {
    cells[(index / 32) as usize] |= u64::from(bits) << ((index % 32) * 2);
}

/// The player a cell's two bits name: one load from a table, where a `match` took several
/// compares on every checked move.
#[inline]
pub(crate) fn bits_player(bits: u8) -> Option<Player> {
    const HOLDERS: [Option<Player>; 4] = [None, Some(Player::X), Some(Player::O), None];
    HOLDERS[usize::from(bits & 0b11)]
}

/// Who holds cell `index`.
#[inline]
pub(crate) fn occupant(cells: &[u64], index: u32) -> Option<Player> {
    bits_player(cell_bits(cells, index))
}

/// The words of a packed board of `cells` cells.
#[cfg(feature = "alloc")]
#[inline]
pub(crate) const fn words(cells: usize) -> usize {
    cells.div_ceil(32)
}
