//! One word a player: the layout of every board that fits in 64 bits with a spare row,
//! shared by [`BitBoard`](super::BitBoard) and any solver over the core ([`crate::view`]). Cells lie column by column, `rows + 1`
//! bits to a column, the bottom row first; the spare bit above each column stops a run from
//! wrapping into the next one. Every question about runs of `k` is a few shifts and ANDs of a
//! player's word: whether it holds a run ([`Shape::has_run`]), and the cells where one more mark
//! would make one ([`Shape::winning_spots`]).

use crate::rules::Rules;

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

/// The layout of one rule set's board in one 64-bit word a player: cells column by column,
/// `rows + 1` bits to a column, the bottom row first, the spare bit above each column empty. Made
/// by [`Shape::of`]; a game's words in it come from [`GameOn::words`](crate::representations::GameOn::words).
///
/// ```
/// use tictactoe_core::view::Shape;
/// use tictactoe_core::{Game, Player, Rules};
///
/// let shape = Shape::of(Rules::connect_four()).expect("7 x 7 bits fit a word");
/// let mut game = Game::with_rules(Rules::connect_four())?;
/// for col in [0, 6, 1, 6, 2, 6] {
///     let player = if game.move_count() % 2 == 0 { Player::X } else { Player::O };
///     game.drop_in(col, player)?;
/// }
/// let [x, o] = game.words().expect("Connect Four fits a word");
/// assert_eq!(x, shape.bit(5, 0) | shape.bit(5, 1) | shape.bit(5, 2));
/// assert!(!shape.has_run(x) && !shape.has_run(o));
/// // X completes the bottom row at (5, 3); O has three up column 6 and wins on top of them.
/// assert_eq!(shape.winning_spots(x) & !(x | o), shape.bit(5, 3));
/// assert_eq!(shape.landing_bit(x | o, 6), shape.bit(2, 6));
/// assert_eq!(shape.cell(shape.bit(2, 6)), (2, 6));
/// # Ok::<(), tictactoe_core::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Shape {
    pub(crate) rows: u32,
    pub(crate) cols: u32,
    pub(crate) k: u32,
    pub(crate) gravity: bool,
    /// Bits a column: `rows + 1`.
    pub(crate) height: u32,
    /// Every cell (no spare bits).
    pub(crate) cells: u64,
    /// The bottom cell of every column.
    pub(crate) bottom: u64,
    /// The shifts of the four directions: along a row, a column, and the two diagonals.
    shifts: [u32; 4],
    /// Every shift a window needs stays below 64: plain shifts, without a check each.
    short: bool,
}

/// Bit `i` of the result is set when bits `i`, `i + s`, ..., `i + (k - 1) s` of `b` all are.
#[inline(always)]
fn runs(b: u64, s: u32, k: u32) -> u64 {
    let (mut m, mut len) = (b, 1);
    while len < k {
        let step = len.min(k - len);
        m &= shr(m, s * step);
        len += step;
    }
    m
}

/// [`runs`] for a run length known when compiled, on a board whose shifts all stay below 64: the
/// loop unrolls into plain shifts.
#[inline(always)]
fn runs_of<const K: u32>(b: u64, s: u32) -> u64 {
    let (mut m, mut len) = (b, 1);
    while len < K {
        let step = if len < K - len { len } else { K - len };
        m &= m >> (s * step);
        len += step;
    }
    m
}

/// The four directions' shifts on seven bits a column (six rows, Connect Four's): along a row,
/// a column and the two diagonals, known when compiled.
const SEVEN_BIT_COLUMN_SHIFTS: [u32; 4] = [7, 1, 8, 6];

impl Shape {
    /// The shape of `rules`, when they fit in one word (`(rows + 1) * cols <= 64`) and a run of
    /// more than `k` wins whenever `k` does (not [`exact`](Rules::exact) rules with an overline
    /// to make); else `None`.
    #[must_use]
    pub fn of(rules: Rules) -> Option<Shape> {
        // In 64 bits: a lean classic side reaches 2^29, whose square is past 32 bits.
        // Overlines that do not win are the line bitsets' (and the search on the game's) alone.
        if (rules.rows() as u64 + 1) * rules.cols() as u64 > 64 || rules.overlines_lose() {
            return None;
        }
        let (rows, cols) = (rules.rows() as u32, rules.cols() as u32);
        let height = rows + 1;
        let column = (1u64 << rows) - 1;
        let cells = (0..cols).fold(0, |all, c| all | column << (c * height));
        let bottom = (0..cols).fold(0, |all, c| all | 1 << (c * height));
        Some(Shape {
            rows,
            cols,
            k: rules.k() as u32,
            gravity: rules.gravity(),
            height,
            cells,
            bottom,
            shifts: [height, 1, height + 1, height - 1],
            short: (rules.k() as u32 - 1) * (height + 1) < 64,
        })
    }

    /// The board's rows.
    #[inline]
    #[must_use]
    pub fn rows(&self) -> u32 {
        self.rows
    }

    /// The board's columns.
    #[inline]
    #[must_use]
    pub fn cols(&self) -> u32 {
        self.cols
    }

    /// The run length that wins.
    #[inline]
    #[must_use]
    pub fn k(&self) -> u32 {
        self.k
    }

    /// Whether marks fall to the lowest empty cell of their column.
    #[inline]
    #[must_use]
    pub fn gravity(&self) -> bool {
        self.gravity
    }

    /// The bits a column takes: `rows + 1`.
    #[inline]
    #[must_use]
    pub fn height(&self) -> u32 {
        self.height
    }

    /// Every cell of the board (no spare bit).
    #[inline]
    #[must_use]
    pub fn cells(&self) -> u64 {
        self.cells
    }

    /// The bottom cell of every column.
    #[inline]
    #[must_use]
    pub fn bottom(&self) -> u64 {
        self.bottom
    }

    /// The bit of (`row`, `col`), row 0 at the top.
    #[inline]
    #[must_use]
    pub fn bit(&self, row: usize, col: usize) -> u64 {
        1 << (col as u32 * self.height + (self.rows - 1 - row as u32))
    }

    /// Whether `b` holds `k` in a row in some direction: along a row (one column to the next is
    /// `height` bits), a column (1), and the two diagonals (`height + 1` and `height - 1`).
    #[inline(always)]
    #[must_use]
    pub fn has_run(&self, b: u64) -> bool {
        let found = match (self.short, self.k) {
            (true, 3) => self.each_shift(|s| runs_of::<3>(b, s)),
            // Seven bits a column (six rows: Connect Four's): the shifts known when compiled.
            (true, 4) if self.height == 7 => SEVEN_BIT_COLUMN_SHIFTS
                .iter()
                .fold(0, |any, &s| any | runs_of::<4>(b, s)),
            (true, 4) => self.each_shift(|s| runs_of::<4>(b, s)),
            (true, 5) => self.each_shift(|s| runs_of::<5>(b, s)),
            (_, k) => self.each_shift(|s| runs(b, s, k)),
        };
        found != 0
    }

    /// [`has_run`](Self::has_run) for a board of `ROWS` rows and runs of `K`, both known when
    /// compiled (the boards a batch meets most), so that every shift is a constant; `ROWS` 0 asks
    /// [`has_run`](Self::has_run).
    #[cfg(feature = "vec")]
    #[inline(always)]
    pub(crate) fn has_run_sized<const ROWS: u32, const K: u32>(&self, b: u64) -> bool {
        if ROWS == 0 {
            return self.has_run(b);
        }
        // Every shift a window needs stays below 64.
        const { assert!(K.saturating_sub(1) * (ROWS + 2) < 64) };
        let height = ROWS + 1;
        let shifts = [height, 1, height + 1, height - 1];
        shifts.iter().fold(0, |any, &s| any | runs_of::<K>(b, s)) != 0
    }

    /// The OR of `runs` over the four directions' shifts.
    #[inline(always)]
    fn each_shift(&self, runs: impl Fn(u32) -> u64) -> u64 {
        self.shifts.iter().fold(0, |any, &s| any | runs(s))
    }

    /// The bit where a mark dropped in column `col` lands on a board (with gravity) whose taken
    /// cells are `all`, or 0 when the column is full. A column fills from its bottom without a gap,
    /// so adding its bottom bit carries up to its lowest empty cell, or into the spare bit above a
    /// full column, which is no cell (and the highest spare bit is bit 63 at most: no overflow).
    #[inline(always)]
    #[must_use]
    pub fn landing_bit(&self, all: u64, col: u32) -> u64 {
        let bit = (all + (1 << (col * self.height))) & !all;
        bit & self.cells
    }

    /// The cell of a single-bit word, as `(row, col)`.
    #[inline]
    #[must_use]
    pub fn cell(&self, bit: u64) -> (usize, usize) {
        let at = bit.trailing_zeros();
        let (col, up) = (at / self.height, at % self.height);
        ((self.rows - 1 - up) as usize, col as usize)
    }

    /// Every empty cell where one more mark of the player whose marks are `mine` makes `k` in a
    /// row, and perhaps some taken ones: the caller masks them. For each direction `s`, a cell is such a spot when
    /// the other `k - 1` cells of some window through it are all `mine`: for each place `j` of the
    /// spot in the window, the AND of the word shifted to every other place, shifted back by `j`.
    /// The common run lengths, on boards whose windows need no shift past the word, are compiled
    /// for their `k`, so that every loop unrolls.
    #[inline(always)]
    #[must_use]
    pub fn winning_spots(&self, mine: u64) -> u64 {
        let spots = match (self.short, self.k) {
            (true, 3) => spots_of::<3>(mine, &self.shifts),
            (true, 4) if self.gravity => spots_of_four_falling(mine, &self.shifts),
            (true, 4) => spots_of_four(mine, &self.shifts),
            (true, 5) => spots_of::<5>(mine, &self.shifts),
            _ => self.any_spots(mine),
        };
        spots & self.cells
    }

    /// Whether the board has Connect Four's columns: six rows (seven bits a column), four in a
    /// row, with gravity; any number of columns that fits.
    #[inline]
    #[must_use]
    pub fn has_connect_four_columns(&self) -> bool {
        self.gravity && self.k == 4 && self.height == 7 && self.short
    }

    /// [`winning_spots`](Self::winning_spots) on a board of Connect Four's columns
    /// ([`has_connect_four_columns`](Self::has_connect_four_columns)), with the shifts known when
    /// compiled: each shift is one instruction where a shift read from the shape takes three.
    #[inline(always)]
    #[must_use]
    pub fn connect_four_spots(&self, mine: u64) -> u64 {
        debug_assert!(self.has_connect_four_columns());
        spots_of_four_falling(mine, &SEVEN_BIT_COLUMN_SHIFTS) & self.cells
    }

    /// [`winning_spots`](Self::winning_spots) for any `k` and any shifts.
    fn any_spots(&self, mine: u64) -> u64 {
        let k = self.k;
        let mut spots = 0;
        for &s in &self.shifts {
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
    use super::Shape;
    use crate::rules::Rules;

    /// Whether `mine` holds `k` in a row, by a plain scan of every cell and direction.
    fn scanned_run(shape: &Shape, mine: u64) -> bool {
        let (rows, cols, k) = (shape.rows as i32, shape.cols as i32, shape.k as i32);
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
            assert!(shape.has_connect_four_columns());
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
                assert_eq!(shape.connect_four_spots(mine) & empty, scanned);
                assert_eq!(shape.winning_spots(mine) & empty, scanned);
            }
        }
    }
}
