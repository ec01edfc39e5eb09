//! Where one more mark makes `k` in a row, as the search asks it of a player's word: for each of
//! the four directions a few shifts and ANDs ([`Shape::shifts`]), the common run lengths compiled
//! for their `k` so that every loop unrolls, and Connect Four's columns with every shift a
//! constant.

use tictactoe_core::view::Shape;

/// `x >> n`, and 0 once `n` is the word's width or more.
#[inline(always)]
fn shr(x: u64, n: u32) -> u64 {
    x.checked_shr(n).unwrap_or(0)
}

/// `x << n`, and 0 once `n` is the word's width or more.
#[inline(always)]
fn shl(x: u64, n: u32) -> u64 {
    x.checked_shl(n).unwrap_or(0)
}

/// The four directions' shifts on seven bits a column (six rows, Connect Four's): along a row,
/// a column and the two diagonals, known when compiled.
const SEVEN_BIT_COLUMN_SHIFTS: [u32; 4] = [7, 1, 8, 6];

/// Every empty cell where one more mark of the player whose marks are `mine` makes `k` in a
/// row, and perhaps some taken ones: the caller masks them. For each direction `s`, a cell is such a spot when
/// the other `k - 1` cells of some window through it are all `mine`: for each place `j` of the
/// spot in the window, the AND of the word shifted to every other place, shifted back by `j`.
/// The common run lengths, on boards whose windows need no shift past the word, are compiled
/// for their `k`, so that every loop unrolls.
#[inline(always)]
pub(crate) fn winning_spots(shape: &Shape, mine: u64) -> u64 {
    let spots = match (shape.short(), shape.k()) {
        (true, 3) => spots_of::<3>(mine, &shape.shifts()),
        (true, 4) if shape.gravity() => spots_of_four_falling(mine, &shape.shifts()),
        (true, 4) => spots_of_four(mine, &shape.shifts()),
        (true, 5) => spots_of::<5>(mine, &shape.shifts()),
        _ => any_spots(shape, mine),
    };
    spots & shape.cells()
}

/// Whether the board has Connect Four's columns: six rows (seven bits a column), four in a
/// row, with gravity; any number of columns that fits.
#[inline]
pub(crate) fn has_connect_four_columns(shape: &Shape) -> bool {
    shape.gravity() && shape.k() == 4 && shape.height() == 7 && shape.short()
}

/// [`winning_spots`] on a board of Connect Four's columns
/// ([`has_connect_four_columns`]), with the shifts known when
/// compiled: each shift is one instruction where a shift read from the shape takes three.
#[inline(always)]
pub(crate) fn connect_four_spots(shape: &Shape, mine: u64) -> u64 {
    debug_assert!(has_connect_four_columns(shape));
    spots_of_four_falling(mine, &SEVEN_BIT_COLUMN_SHIFTS) & shape.cells()
}

/// [`winning_spots`] for any `k` and any shifts.
fn any_spots(shape: &Shape, mine: u64) -> u64 {
    let k = shape.k();
    let mut spots = 0;
    for s in shape.shifts() {
        for j in 0..k {
            let mut others = u64::MAX;
            for t in (0..k).filter(|&t| t != j) {
                others &= shr(mine, t * s);
            }
            spots |= shl(others, j * s);
        }
    }
    spots
}

/// [`spots_of_four`] with gravity: an empty cell has no mark above it, so the only window of a
/// column that one mark completes is three marks with the empty cell on top (the other places
/// of the gap lie under a mark: taken cells, which every caller masks away).
#[inline(always)]
fn spots_of_four_falling(m: u64, shifts: &[u32; 4]) -> u64 {
    debug_assert_eq!(shifts[1], 1, "the second direction is the column");
    let three_up = m & (m >> 1) & (m >> 2);
    (three_up << 3) | spots_of_four(m, &[shifts[0], shifts[2], shifts[3]])
}

/// [`spots_of`] for four in a row, the Connect Four case, written out. A window of four cells
/// `w, w + s, w + 2s, w + 3s` that a mark completes has exactly one gap; the window is named by
/// its first cell and the gap by its place. Three marks in a row starting at `w` leave the gap
/// at either end (the cell before `w` or after the third mark); marks at both ends of the window
/// leave it at the second or third place.
#[inline(always)]
fn spots_of_four<const D: usize>(m: u64, shifts: &[u32; D]) -> u64 {
    let mut spots = 0;
    for &s in shifts {
        let (next, after_next, last) = (m >> s, m >> (2 * s), m >> (3 * s));
        let ends = m & last;
        let three = m & next & after_next;
        spots |= (three >> s) | (three << (3 * s));
        spots |= ((ends & after_next) << s) | ((ends & next) << (2 * s));
    }
    spots
}

/// The winning spots for run length `K` when every shift stays below 64: for each direction, the
/// word shifted to each place of a window, ANDed as prefix and suffix around each spot.
#[inline(always)]
fn spots_of<const K: usize>(mine: u64, shifts: &[u32; 4]) -> u64 {
    let mut spots = 0;
    for &s in shifts {
        let shifted: [u64; K] = core::array::from_fn(|t| mine >> (t as u32 * s));
        let mut suffix = [u64::MAX; K];
        for t in (0..K - 1).rev() {
            suffix[t] = suffix[t + 1] & shifted[t + 1];
        }
        let mut prefix = u64::MAX;
        for j in 0..K {
            spots |= (prefix & suffix[j]) << (j as u32 * s);
            prefix &= shifted[j];
        }
    }
    spots
}

#[cfg(test)]
mod tests {
    use super::{connect_four_spots, has_connect_four_columns, winning_spots};
    use tictactoe_core::Rules;
    use tictactoe_core::view::Shape;

    /// Whether `mine` holds `k` in a row, by a plain scan of every cell and direction.
    fn scanned_run(shape: &Shape, mine: u64) -> bool {
        let (rows, cols, k) = (shape.rows() as i32, shape.cols() as i32, shape.k() as i32);
        let held = |r: i32, c: i32| {
            (0..rows).contains(&r)
                && (0..cols).contains(&c)
                && mine & shape.bit(r as usize, c as usize) != 0
        };
        (0..rows).any(|r| {
            (0..cols).any(|c| {
                [(0, 1), (1, 0), (1, 1), (1, -1)]
                    .iter()
                    .any(|&(dr, dc)| (0..k).all(|i| held(r + i * dr, c + i * dc)))
            })
        })
    }

    #[test]
    fn connect_four_spots_are_the_empty_cells_that_win_by_a_plain_scan() {
        let mut seed = 0x2545_F491_4F6C_DD1Du64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for cols in 1..=9 {
            let shape = Shape::of(Rules::new(6, cols, 4, true).unwrap()).unwrap();
            assert!(has_connect_four_columns(&shape));
            for _ in 0..3000 {
                // A position gravity allows: each column filled to a height, the marks there
                // split between the two players at random.
                let (mut mine, mut empty) = (0, 0);
                for c in 0..cols {
                    let height = (next() % 7) as usize;
                    for r in 0..6 {
                        let bit = shape.bit(5 - r, c);
                        if r >= height {
                            empty |= bit;
                        } else if next() & 1 == 0 {
                            mine |= bit;
                        }
                    }
                }
                if scanned_run(&shape, mine) {
                    continue; // a game already won: no spot question is asked of it
                }
                let scanned = (0..64)
                    .map(|i| 1u64 << i)
                    .filter(|&bit| empty & bit != 0 && scanned_run(&shape, mine | bit))
                    .fold(0, |all, bit| all | bit);
                assert_eq!(connect_four_spots(&shape, mine) & empty, scanned);
                assert_eq!(winning_spots(&shape, mine) & empty, scanned);
            }
        }
    }
}
