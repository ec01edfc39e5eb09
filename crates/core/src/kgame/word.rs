//! One word a player: the layout of every board that fits in 64 bits with a spare row,
//! shared by [`BitBoard`](super::BitBoard) and any solver over the core ([`crate::view`]). Cells lie column by column, `rows + 1`
//! bits to a column, the bottom row first; the spare bit above each column stops a run from
//! wrapping into the next one. Whether a player's word holds a run of `k` is a few shifts and
//! ANDs ([`Shape::has_run`]).

use crate::rules::Rules;

/// `x >> n`, and 0 once `n` is the word's width or more.
#[inline(always)]
fn shr(x: u64, n: u32) -> u64 {
    x.checked_shr(n).unwrap_or(0)
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
/// // O's next stone in column 6 lands on its three.
/// assert_eq!(shape.landing_bit(x | o, 6), shape.bit(2, 6));
/// assert!(shape.has_run(o | shape.bit(2, 6)));
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

    /// The shifts of the four directions, in bits: along a row (`height`), a column (1), and the
    /// two diagonals (`height + 1` and `height - 1`): cell `c` and cell `c + shift` are neighbours
    /// on a line.
    #[inline]
    #[must_use]
    pub fn shifts(&self) -> [u32; 4] {
        self.shifts
    }

    /// Whether every shift a run of `k` needs stays below 64, so that plain shifts need no check.
    #[inline]
    #[must_use]
    pub fn short(&self) -> bool {
        self.short
    }
}
