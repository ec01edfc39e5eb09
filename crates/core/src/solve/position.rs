//! A position as the search sees it: two 64-bit words (the player to move's marks and the
//! opponent's), laid out as [`BitBoard`](crate::BitBoard) lays them out (column by column, the
//! bottom row first, a spare bit above each column). Copies are cheap, so the search plays a move
//! by making a new position. Every rule of the family in a few word operations: the legal cells
//! (with gravity, the lowest empty cell of each column), and the cells where a mark would make `k`
//! in a row.

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

/// The board's shape, fixed for a whole search.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Shape {
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

impl Shape {
    /// The shape of `rules`, when they fit in one word: `(rows + 1) * cols <= 64`.
    pub(crate) fn of(rules: Rules) -> Option<Shape> {
        let (rows, cols) = (rules.rows() as u32, rules.cols() as u32);
        if (rows + 1) * cols > 64 {
            return None;
        }
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

    /// The bit of (`row`, `col`), row 0 at the top.
    #[inline]
    pub(crate) fn bit(&self, row: usize, col: usize) -> u64 {
        1 << (col as u32 * self.height + (self.rows - 1 - row as u32))
    }

    /// The cell of a single-bit word, as `(row, col)`.
    #[inline]
    pub(crate) fn cell(&self, bit: u64) -> (usize, usize) {
        let at = bit.trailing_zeros();
        let (col, up) = (at / self.height, at % self.height);
        ((self.rows - 1 - up) as usize, col as usize)
    }

    /// The cells where one more mark of the player whose marks are `mine` makes `k` in a row
    /// (empty or not: the caller masks them). For each direction `s`, a cell is such a spot when
    /// the other `k - 1` cells of some window through it are all `mine`: for each place `j` of the
    /// spot in the window, the AND of the word shifted to every other place, shifted back by `j`.
    /// The common run lengths, on boards whose windows need no shift past the word, are compiled
    /// for their `k`, so that every loop unrolls.
    #[inline(always)]
    pub(crate) fn winning_spots(&self, mine: u64) -> u64 {
        let spots = match (self.short, self.k) {
            (true, 3) => spots_of::<3>(mine, &self.shifts),
            (true, 4) => spots_of_four(mine, &self.shifts),
            (true, 5) => spots_of::<5>(mine, &self.shifts),
            _ => self.any_spots(mine),
        };
        spots & self.cells
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

/// [`spots_of`] for four in a row, the Connect Four case, written out: for each direction, the
/// pairs of marks one and two steps to each side of a cell, and a third beyond either pair.
#[inline(always)]
fn spots_of_four(m: u64, shifts: &[u32; 4]) -> u64 {
    let mut spots = 0;
    for &s in shifts {
        let (up1, up2, up3) = (m << s, m << (2 * s), m << (3 * s));
        let (down1, down2, down3) = (m >> s, m >> (2 * s), m >> (3 * s));
        // Three marks just below the spot, or two below and one above.
        let below = up1 & up2;
        spots |= below & (up3 | down1);
        // Three just above, or two above and one below.
        let above = down1 & down2;
        spots |= above & (down3 | up1);
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

/// A position: the mover's marks and the opponent's, and how many moves have been played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Position {
    pub(crate) mine: u64,
    pub(crate) theirs: u64,
    pub(crate) moves: u32,
}

impl Position {
    /// Every mark.
    #[inline]
    pub(crate) fn all(&self) -> u64 {
        self.mine | self.theirs
    }

    /// The cells the mover may play: every empty cell, or with gravity the lowest empty cell of
    /// each column (adding each column's bottom bit carries up through its marks to the first
    /// empty cell; a full column carries into its spare bit, which the mask drops).
    #[inline]
    pub(crate) fn legal(&self, shape: &Shape) -> u64 {
        if shape.gravity {
            (self.all() + shape.bottom) & shape.cells
        } else {
            shape.cells & !self.all()
        }
    }

    /// The position after the mover marks `bit`: the opponent moves next.
    #[inline]
    pub(crate) fn play(&self, bit: u64) -> Position {
        Position {
            mine: self.theirs,
            theirs: self.mine | bit,
            moves: self.moves + 1,
        }
    }
}
