//! Boards that fit in a 64-bit word, one word per player: Connect Four, every square board up to
//! 7 x 7, and any `rows x cols` with `(rows + 1) * cols <= 64`. Cells lie column by column, `rows + 1`
//! bits to a column, the bottom row first; the spare bit above each column stops a run from wrapping
//! into the next one. A run of `k` in a direction is found by shifting and ANDing the player's word
//! with itself, doubling the run each time: a few instructions per direction, whatever `k`.

use super::marks::private::Board;
use crate::error::Error;
use crate::player::Player;
use crate::rules::Rules;

/// A board of at most 64 bits with its spare row: two words, the sizes, and the four shifts.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct BitBoard {
    boards: [u64; 2],
    rows: u32,
    cols: u32,
    k: u32,
    /// Bits a column: `rows + 1`.
    height: u32,
    /// Every cell of the board (no spare bits).
    cells: u64,
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
            rows,
            cols,
            k: rules.k() as u32,
            height,
            cells,
        })
    }

    fn shape(&self) -> (usize, usize) {
        (
            self.rows as usize,
            (64 - self.cells.leading_zeros()).div_ceil(self.height) as usize,
        )
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
        let mine = &mut self.boards[player.index()];
        *mine |= 1 << (col as u32 * self.height + (self.rows - 1 - row as u32));
        let mine = *mine;
        self.has_run(mine)
    }

    #[inline]
    fn remove(&mut self, row: usize, col: usize, player: Player) {
        let bit = self.bit(row, col);
        self.boards[player.index()] &= !bit;
    }

    #[inline]
    fn open(&self, player: Player) -> bool {
        // The cells free of the opponent's marks: a run of k of them is a window `player` can
        // still complete.
        self.has_run(self.cells & !self.boards[player.other().index()])
    }

    fn clear(&mut self) {
        self.boards = [0; 2];
    }

    fn kth_empty(&self, k: u64) -> usize {
        let empty = self.cells & !(self.boards[0] | self.boards[1]);
        let at = crate::packed::select(empty, k);
        let (col, up) = (at as u32 / self.height, at as u32 % self.height);
        (self.rows - 1 - up) as usize * self.cols as usize + col as usize
    }

    fn planes(&self, to_move: Player, obs: &mut [bool]) {
        let (me, them) = (
            self.boards[to_move.index()],
            self.boards[to_move.other().index()],
        );
        let (rows, cols) = (self.rows, self.cols);
        for (row, line) in obs.chunks_exact_mut(2 * cols as usize).enumerate() {
            let up = rows - 1 - row as u32;
            for (col, pair) in line.chunks_exact_mut(2).enumerate() {
                let at = col as u32 * self.height + up;
                pair[0] = (me >> at) & 1 != 0;
                pair[1] = (them >> at) & 1 != 0;
            }
        }
    }

    fn open_columns(&self, all: bool, mask: &mut [bool]) {
        let open = self.open_tops();
        for (col, slot) in mask.iter_mut().enumerate() {
            *slot = all || (open >> (col as u32 * self.height + self.rows - 1)) & 1 != 0;
        }
    }

    fn open_column(&self, k: u64) -> (u64, usize) {
        let open = self.open_tops();
        let count = u64::from(open.count_ones());
        if k >= count {
            return (count, 0);
        }
        let at = crate::packed::select(open, k) as u32;
        (count, (at / self.height) as usize)
    }
}

impl BitBoard {
    /// The top cell of every column that has room: a column is open while its top cell is empty.
    #[inline]
    fn open_tops(&self) -> u64 {
        let column_tops = self.cells & !(self.cells >> 1);
        column_tops & !(self.boards[0] | self.boards[1])
    }
}
