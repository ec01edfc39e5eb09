//! Boards that fit in a 64-bit word, one word per player: Connect Four, every square board up to
//! 7 x 7, and any `rows x cols` with `(rows + 1) * cols <= 64`. Cells lie column by column, `rows + 1`
//! bits to a column, the bottom row first; the spare bit above each column stops a run from wrapping
//! into the next one. A run of `k` in a direction is found by shifting and ANDing the player's word
//! with itself, doubling the run each time: a few instructions per direction, whatever `k`. Beside
//! the columns each player's cells are also kept in row-major order (one more OR a move), the order
//! of observations and actions, so that those are read without moving a bit.

use super::marks::private::Board;
use crate::error::Error;
use crate::packed::{spaced, spread, spread_wide};
use crate::player::Player;
use crate::rules::Rules;

/// A board of at most 64 bits with its spare row: two words, the sizes, and the four shifts.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct BitBoard {
    boards: [u64; 2],
    /// The same cells in row-major order: cell (`row`, `col`) at bit `row * cols + col`.
    by_rows: [u64; 2],
    rows: u32,
    cols: u32,
    k: u32,
    /// Bits a column: `rows + 1`.
    height: u32,
    /// Every cell of the board (no spare bits).
    cells: u64,
    /// Every cell in row-major order: the low `rows * cols` bits (at most 63).
    all_by_rows: u64,
}

/// `x >> n`, and 0 once `n` is the word's width or more.
#[inline(always)]
fn shr(x: u64, n: u32) -> u64 {
    x.checked_shr(n).unwrap_or(0)
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

impl BitBoard {
    /// Whether `rules` fit in one word: `(rows + 1) * cols <= 64`.
    #[must_use]
    pub fn fits(rules: Rules) -> bool {
        (rules.rows() as u64 + 1) * rules.cols() as u64 <= 64
    }

    #[inline(always)]
    fn bit(&self, row: usize, col: usize) -> u64 {
        1 << (col as u32 * self.height + (self.rows - 1 - row as u32))
    }

    /// Whether `b` holds `k` in a row in some direction: along a row (one column to the next is
    /// `height` bits), a column (1), and the two diagonals (`height + 1` and `height - 1`).
    #[inline(always)]
    fn has_run(&self, b: u64) -> bool {
        let (h, k) = (self.height, self.k);
        (runs(b, h, k) | runs(b, 1, k) | runs(b, h + 1, k) | runs(b, h - 1, k)) != 0
    }

    /// Each player's word (for a solver's hashing and bit tricks).
    #[must_use]
    pub fn words(&self) -> [u64; 2] {
        self.boards
    }
}

impl Board for BitBoard {
    fn for_rules(rules: Rules) -> Result<BitBoard, Error> {
        if !Self::fits(rules) {
            return Err(Error::InvalidRules {
                rows: rules.rows() as i128,
                cols: rules.cols() as i128,
                k: rules.k() as i128,
                reason: "a 64-bit board holds at most (rows + 1) * cols = 64 bits",
            });
        }
        let (rows, cols) = (rules.rows() as u32, rules.cols() as u32);
        let height = rows + 1;
        let column = (1u64 << rows) - 1;
        let cells = (0..cols).fold(0, |all, c| all | column << (c * height));
        Ok(BitBoard {
            boards: [0; 2],
            by_rows: [0; 2],
            rows,
            cols,
            k: rules.k() as u32,
            height,
            cells,
            all_by_rows: (1 << (rows * cols)) - 1,
        })
    }

    fn shape(&self) -> (usize, usize) {
        (self.rows as usize, self.cols as usize)
    }

    #[inline]
    fn holder(&self, row: usize, col: usize) -> Option<Player> {
        let bit = self.bit(row, col);
        if self.boards[0] & bit != 0 {
            Some(Player::X)
        } else if self.boards[1] & bit != 0 {
            Some(Player::O)
        } else {
            None
        }
    }

    #[inline]
    fn landing(&self, col: usize) -> Option<usize> {
        let column = ((self.boards[0] | self.boards[1]) >> (col as u32 * self.height))
            & ((1 << self.rows) - 1);
        let height = column.count_ones();
        (height < self.rows).then(|| (self.rows - 1 - height) as usize)
    }

    #[inline]
    fn add(&mut self, row: usize, col: usize, player: Player) -> bool {
        self.by_rows[player.index()] |= 1 << (row * self.cols as usize + col);
        let mine = &mut self.boards[player.index()];
        *mine |= 1 << (col as u32 * self.height + (self.rows - 1 - row as u32));
        let mine = *mine;
        self.has_run(mine)
    }

    #[inline]
    fn remove(&mut self, row: usize, col: usize, player: Player) {
        let bit = self.bit(row, col);
        self.boards[player.index()] &= !bit;
        self.by_rows[player.index()] &= !(1 << (row * self.cols as usize + col));
    }

    #[inline]
    fn open(&self, player: Player) -> bool {
        // The cells free of the opponent's marks: a run of k of them is a window `player` can
        // still complete.
        self.has_run(self.cells & !self.boards[player.other().index()])
    }

    fn clear(&mut self) {
        self.boards = [0; 2];
        self.by_rows = [0; 2];
    }

    fn kth_empty(&self, k: u64) -> usize {
        crate::packed::select(self.empty_by_rows(), k)
    }

    fn planes(&self, to_move: Player, obs: &mut [bool]) {
        let me = self.by_rows[to_move.index()];
        let them = self.by_rows[to_move.other().index()];
        // Cell `c` at bits `2c` (the mover) and `2c + 1`: the packed layout, written eight at a time.
        let pairs = |half: u32| spaced((me >> half) as u32) | spaced((them >> half) as u32) << 1;
        spread_wide(u128::from(pairs(0)) | u128::from(pairs(32)) << 64, obs);
    }

    fn empty_cells(&self, all: bool, mask: &mut [bool]) {
        spread(if all { u64::MAX } else { self.empty_by_rows() }, mask);
    }

    fn open_columns(&self, all: bool, mask: &mut [bool]) {
        // A column is open while its top cell (row 0: the first `cols` bits) is empty.
        spread(if all { u64::MAX } else { self.empty_by_rows() }, mask);
    }

    fn open_column(&self, k: u64) -> (u64, usize) {
        // Row 0, the top, is the first `cols` bits: its empty cells are the open columns.
        let open = self.empty_by_rows() & ((1 << self.cols) - 1);
        let count = u64::from(open.count_ones());
        if k >= count {
            return (count, 0);
        }
        (count, crate::packed::select(open, k))
    }
}

impl BitBoard {
    /// The empty cells in row-major order.
    #[inline]
    fn empty_by_rows(&self) -> u64 {
        self.all_by_rows & !(self.by_rows[0] | self.by_rows[1])
    }
}
