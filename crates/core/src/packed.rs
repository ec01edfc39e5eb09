//! The packed board read many cells at a time: two bits a cell (`01` X, `10` O), 32 cells to a word,
//! turned into observation planes, masks and random picks without a branch per cell.
// Most of it serves the batched stepper (feature `vec`); a build without it uses only a part.
#![cfg_attr(not(feature = "vec"), allow(dead_code))]

use core::hint::select_unpredictable;

/// Bit 0 of every two-bit cell field.
const LOW_BITS: u64 = 0x5555_5555_5555_5555;

/// One in every byte.
const ONES: u64 = 0x0101_0101_0101_0101;

/// One word of the packed board as observation bits: bit `2c` set when the mover holds cell `c`, bit
/// `2c + 1` when the other player does. The board stores X in the low bit of each field and O in
/// the high one, so it is already X's view; O's swaps each pair.
#[inline]
pub(crate) fn mover_view(word: u64, mover_is_o: bool) -> u64 {
    let swapped = ((word & LOW_BITS) << 1) | ((word >> 1) & LOW_BITS);
    // The mover alternates from game to game: a branch here would mispredict half the time.
    select_unpredictable(mover_is_o, swapped, word)
}

/// Bit `2c` set for each empty cell `c` among the first `cells` of a packed word (at most 32).
#[inline]
pub(crate) fn empty_cells(word: u64, cells: usize) -> u64 {
    let fields = if cells >= 32 {
        LOW_BITS
    } else {
        LOW_BITS & ((1 << (2 * cells)) - 1)
    };
    !(word | (word >> 1)) & fields
}

/// One packed word of a board (up to 32 cells) as observation pairs and mask entries, from the
/// view of the mover. A legal cell is an empty one, and every cell of an ended game.
#[inline(always)]
pub(crate) fn write_word(
    word: u64,
    mover_is_o: bool,
    ended: bool,
    obs: &mut [bool],
    mask: &mut [bool],
) {
    spread(mover_view(word, mover_is_o), obs);
    // Every cell of an ended game is legal: as if its board were empty.
    let word = select_unpredictable(ended, 0, word);
    if mask.len() < 16 {
        // A few cells: four at a time from a table.
        spread_empty(word, mask);
    } else {
        // Many: their empty bits gathered first, then eight at a time.
        spread(even_bits(empty_cells(word, mask.len())), mask);
    }
}

/// Bit `2k` of `bits` moved to bit `k`, for every `k` below 32 (the odd bits dropped).
#[inline]
fn even_bits(bits: u64) -> u64 {
    let mut x = bits & LOW_BITS;
    x = (x | (x >> 1)) & 0x3333_3333_3333_3333;
    x = (x | (x >> 2)) & 0x0F0F_0F0F_0F0F_0F0F;
    x = (x | (x >> 4)) & 0x00FF_00FF_00FF_00FF;
    x = (x | (x >> 8)) & 0x0000_FFFF_0000_FFFF;
    (x | (x >> 16)) & 0xFFFF_FFFF
}

/// For every byte of the packed board (four cells), whether each of its cells is empty.
const EMPTY_FOUR: [[bool; 4]; 256] = {
    let mut table = [[false; 4]; 256];
    let mut value = 0;
    while value < 256 {
        let mut cell = 0;
        while cell < 4 {
            table[value][cell] = (value >> (2 * cell)) & 0b11 == 0;
            cell += 1;
        }
        value += 1;
    }
    table
};

/// Writes whether cell `c` of a packed word is empty into `out[c]` (`out` at most 32 long).
#[inline]
fn spread_empty(mut word: u64, out: &mut [bool]) {
    let mut fours = out.chunks_exact_mut(4);
    for four in &mut fours {
        four.copy_from_slice(&EMPTY_FOUR[(word & 0xFF) as usize]);
        word >>= 8;
    }
    for (cell, slot) in fours.into_remainder().iter_mut().enumerate() {
        *slot = (word >> (2 * cell)) & 0b11 == 0;
    }
}

/// Every byte value as eight bools, bit `k` in position `k`: eight outputs written in one copy.
const BYTE_BOOLS: [[bool; 8]; 256] = {
    let mut table = [[false; 8]; 256];
    let mut value = 0;
    while value < 256 {
        let mut k = 0;
        while k < 8 {
            table[value][k] = (value >> k) & 1 != 0;
            k += 1;
        }
        value += 1;
    }
    table
};

/// For every pair of nibbles `mine | theirs << 4`, four cells' two planes interleaved: entry `2c`
/// holds bit `c` of `mine`, entry `2c + 1` bit `c` of `theirs`. Eight outputs in one copy.
const PAIRS_OF_FOUR: [[bool; 8]; 256] = {
    let mut table = [[false; 8]; 256];
    let mut value = 0;
    while value < 256 {
        let mut cell = 0;
        while cell < 4 {
            table[value][2 * cell] = (value >> cell) & 1 != 0;
            table[value][2 * cell + 1] = (value >> (4 + cell)) & 1 != 0;
            cell += 1;
        }
        value += 1;
    }
    table
};

/// Writes cell `c`'s two planes, bit `c` of `mine` into `out[2c]` and of `theirs` into
/// `out[2c + 1]` (`out` at most 128 long): four cells a table lookup.
#[inline]
pub(crate) fn interleave(mut mine: u64, mut theirs: u64, out: &mut [bool]) {
    let mut eights = out.chunks_exact_mut(8);
    for eight in &mut eights {
        eight.copy_from_slice(&PAIRS_OF_FOUR[((mine & 0xF) | (theirs & 0xF) << 4) as usize]);
        mine >>= 4;
        theirs >>= 4;
    }
    let last = &PAIRS_OF_FOUR[((mine & 0xF) | (theirs & 0xF) << 4) as usize];
    let rest = eights.into_remainder();
    if let Ok(four) = <&mut [bool; 4]>::try_from(&mut *rest) {
        // Two cells left (an odd number of rows of seven): one copy where the length is known.
        four.copy_from_slice(&last[..4]);
        return;
    }
    for (slot, &value) in rest.iter_mut().zip(last) {
        *slot = value;
    }
}

/// Writes bit `k` of `bits` into `out[k]` (`out` at most 64 long).
#[inline]
pub(crate) fn spread(mut bits: u64, out: &mut [bool]) {
    let mut bytes = out.chunks_exact_mut(8);
    for eight in &mut bytes {
        eight.copy_from_slice(&BYTE_BOOLS[(bits & 0xFF) as usize]);
        bits >>= 8;
    }
    let rest = bytes.into_remainder();
    if let Ok(seven) = <&mut [bool; 7]>::try_from(&mut *rest) {
        // Seven left (a row of seven columns): one copy of a known length.
        seven.copy_from_slice(&BYTE_BOOLS[(bits & 0x7F) as usize][..7]);
        return;
    }
    // Fewer than eight left: one at a time (a short copy of unknown length would call memcpy).
    for (k, slot) in rest.iter_mut().enumerate() {
        *slot = (bits >> k) & 1 != 0;
    }
}

/// For every value of `BITS` bits (`VALUES` = 2^`BITS` of them) and every `j` below its number of
/// set bits, the position of its `j`-th set bit (from 0, lowest first).
const fn select_table<const BITS: usize, const VALUES: usize>() -> [[u8; BITS]; VALUES] {
    let mut table = [[0u8; BITS]; VALUES];
    let mut value = 0;
    while value < VALUES {
        let (mut bit, mut j) = (0, 0);
        while bit < BITS {
            if (value >> bit) & 1 != 0 {
                table[value][j] = bit as u8;
                j += 1;
            }
            bit += 1;
        }
        value += 1;
    }
    table
}

const SELECT_IN_BYTE: [[u8; 8]; 256] = select_table();

/// The position of the `k`-th set bit of `bits` (from 0, lowest first), which has more than `k`
/// set bits. Without a loop: where a random pick lands is a branch no predictor can learn.
#[inline]
pub(crate) fn select(bits: u64, k: u64) -> usize {
    if bits < 256 {
        // One byte (the open columns of a board of at most eight): the table alone.
        return SELECT_IN_BYTE[bits as usize][k as usize & 7] as usize;
    }
    // The set bits of each byte, then (one multiplication) of each byte and all bytes below it.
    let mut count = bits - ((bits >> 1) & LOW_BITS);
    count = (count & 0x3333_3333_3333_3333) + ((count >> 2) & 0x3333_3333_3333_3333);
    count = (count + (count >> 4)) & 0x0F0F_0F0F_0F0F_0F0F;
    let through = count.wrapping_mul(ONES);
    // The high bit of each byte whose running count is at most k (both below 128, so no byte
    // borrows from the next). Running counts only grow, so those bytes come first, and their number
    // is the byte holding the k-th bit.
    let highs = ONES << 7;
    let at_most_k = ((k.wrapping_mul(ONES) | highs).wrapping_sub(through) & highs) >> 7;
    // (At most 7 when the caller keeps its promise; the clamp keeps a broken one from shifting out.)
    let byte = ((at_most_k.wrapping_mul(ONES) >> 56) as u32).min(7);
    let before = ((through << 8) >> (8 * byte)) & 0xFF;
    let in_byte = ((bits >> (8 * byte)) & 0xFF) as usize;
    8 * byte as usize + SELECT_IN_BYTE[in_byte][(k - before) as usize & 7] as usize
}

/// [`select`] for `bits` below 2^9 (a board of at most nine cells): one table lookup.
#[inline(always)]
pub(crate) fn select_in_nine(bits: u64, k: u64) -> usize {
    // k is below 9 when the caller keeps its promise; the clamp keeps a broken one in the table.
    usize::from(SELECT_IN_NINE[bits as usize & 511][(k as usize).min(8)])
}

/// The cell whose empty bit is the `k`-th set bit of `empty` (bits `2c`, as [`empty_cells`] gives
/// them), which has more than `k` set bits.
#[inline(always)]
pub(crate) fn kth_empty(empty: u64, k: u64) -> usize {
    select(empty, k) / 2
}

const SELECT_IN_NINE: [[u8; 9]; 512] = select_table();

/// The quotient of `a` by `n`, given `reciprocal` = `u64::MAX / n + 1` (the ceiling of 2^64 / n,
/// which wraps to 0 for n = 1, where every `a` on the board is 0): exact for every 32-bit `a` and
/// `n`, and one multiplication where a division would cost tens of cycles.
#[inline]
pub(crate) fn divide(a: u32, reciprocal: u64) -> u32 {
    ((u128::from(reciprocal) * u128::from(a)) >> 64) as u32
}

/// The reciprocal [`divide`] takes for divisor `n` (at least 1).
pub(crate) const fn reciprocal(n: u32) -> u64 {
    (u64::MAX / n as u64).wrapping_add(1)
}

/// A packed board's observation planes from `to_move`'s view: two entries a cell.
pub(crate) fn write_planes(board: &[u64], to_move: crate::player::Player, obs: &mut [bool]) {
    let mover_is_o = to_move == crate::player::Player::O;
    for (chunk, &word) in obs.chunks_mut(64).zip(board) {
        spread(mover_view(word, mover_is_o), chunk);
    }
}

/// For each cell of a packed board (as many as `mask` holds), whether it is empty, or, when
/// `all`, true.
pub(crate) fn write_empty(board: &[u64], all: bool, mask: &mut [bool]) {
    for (chunk, &word) in mask.chunks_mut(32).zip(board) {
        let word = if all { 0 } else { word };
        spread(even_bits(empty_cells(word, chunk.len())), chunk);
    }
}

/// The `k`-th empty cell of a packed board of `cells` cells (k below the empty cells).
pub(crate) fn kth_empty_cell(board: &[u64], cells: usize, mut k: u64) -> usize {
    for (w, &word) in board.iter().enumerate() {
        let empty = empty_cells(word, cells - 32 * w);
        let here = u64::from(empty.count_ones());
        if k < here {
            return 32 * w + kth_empty(empty, k);
        }
        k -= here;
    }
    0
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::vec;
    use alloc::vec::Vec;

    /// The `k`-th set bit by clearing the lowest `k` times: the plain model of `select`.
    fn kth_bit(mut bits: u64, k: u64) -> usize {
        for _ in 0..k {
            bits &= bits - 1;
        }
        bits.trailing_zeros() as usize
    }

    #[test]
    fn select_finds_every_set_bit_of_varied_words() {
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        let mut words = vec![
            1,
            u64::MAX,
            1 << 63,
            LOW_BITS,
            !LOW_BITS,
            0xFF00,
            0x8000_0000_0000_0001,
        ];
        for _ in 0..2000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            words.push(x);
            words.push(x & (x >> 3) & LOW_BITS);
        }
        // Every byte, which a table alone answers, and the first words past it.
        words.extend(1..300);
        for bits in words.into_iter().filter(|&b| b != 0) {
            for k in 0..u64::from(bits.count_ones()) {
                assert_eq!(select(bits, k), kth_bit(bits, k), "bits {bits:#x}, k {k}");
            }
        }
    }

    #[test]
    fn interleave_writes_both_planes_as_a_plain_loop_does() {
        let mut x = 0x2545_F491_4F6C_DD1Du64;
        for _ in 0..200 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let (mine, theirs) = (x, x.rotate_left(29) & !x);
            for cells in 0..=63 {
                let mut out = vec![true; 2 * cells];
                super::interleave(mine, theirs, &mut out);
                let plain: Vec<bool> = (0..cells)
                    .flat_map(|c| [mine >> c & 1 != 0, theirs >> c & 1 != 0])
                    .collect();
                assert_eq!(out, plain, "{cells} cells, {mine:#x}, {theirs:#x}");
            }
        }
    }

    #[test]
    fn spread_writes_each_bit_as_a_plain_loop_does() {
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        for _ in 0..200 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            for len in 0..=64 {
                let mut out = vec![true; len];
                super::spread(x, &mut out);
                let plain: Vec<bool> = (0..len).map(|k| x >> k & 1 != 0).collect();
                assert_eq!(out, plain, "{len} entries, {x:#x}");
            }
        }
    }

    #[test]
    fn kth_empty_and_select_in_nine_find_every_empty_cell_of_every_small_board() {
        // Every 3 x 3 pattern of empty cells, as the packed board's even bits and as nine bits.
        for nine in 1u64..512 {
            let empty = (0..9).map(|c| ((nine >> c) & 1) << (2 * c)).sum::<u64>();
            let cells: Vec<usize> = (0..9).filter(|&c| (nine >> c) & 1 != 0).collect();
            for (k, &cell) in cells.iter().enumerate() {
                assert_eq!(kth_empty(empty, k as u64), cell, "{nine:#b}, k {k}");
                assert_eq!(select_in_nine(nine, k as u64), cell, "{nine:#b}, k {k}");
            }
        }
    }

    #[test]
    fn divide_agrees_with_division_at_the_ends_of_every_range() {
        let divisors =
            (1..=300u32).chain([641, 1000, 4093, 65_535, 65_536, u32::MAX - 1, u32::MAX]);
        for n in divisors {
            let r = reciprocal(n);
            let limit = if n == 1 {
                1
            } else {
                u64::from(n) * u64::from(n)
            };
            let ends = [0, 1, n - 1, n, n.saturating_add(1), u32::MAX - 1, u32::MAX];
            let board = (0..limit.min(2000) as u32).chain(ends);
            for a in board.filter(|&a| n > 1 || a == 0) {
                assert_eq!(divide(a, r), a / n, "{a} / {n}");
            }
        }
    }
}
