//! Boards that fit in a 64-bit word, one word per player: Connect Four, every square board up to
//! 7 x 7, and any `rows x cols` with `(rows + 1) * cols <= 64`, in the layout of [`Shape`] (the
//! solver searches the same words). Beside the columns each player's cells are also kept in
//! row-major order (one more OR a move), the order of observations and actions, so that those are
//! read without moving a bit.

use super::marks::private::Board;
use super::word::Shape;
use crate::error::Error;
use crate::packed::{interleave, spread};
use crate::player::Player;
use crate::rules::Rules;

/// Each player's marks on a board that fits a word, kept twice: column by column with a spare
/// bit above each column, in the layout of [`Shape`] (runs and landings; the solver searches the
/// same words), and in row-major order, the order of observations and actions. A [`BitBoard`]'s
/// marks, and each game's in a batch's block of such boards.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Stones {
    /// Each player's cells in the layout of [`Shape`].
    pub(crate) columns: [u64; 2],
    /// The same cells in row-major order: cell (`row`, `col`) at bit `row * cols + col`.
    pub(crate) by_rows: [u64; 2],
}

impl Stones {
    pub(crate) const EMPTY: Stones = Stones {
        columns: [0; 2],
        by_rows: [0; 2],
    };

    /// Marks for player `p` (its index) the cell `index` in row-major order, whose bit in the
    /// layout is `bit`; returns the player's cells in the layout.
    #[inline(always)]
    pub(crate) fn mark(&mut self, p: usize, index: u32, bit: u64) -> u64 {
        self.by_rows[p] |= 1 << index;
        self.columns[p] |= bit;
        self.columns[p]
    }

    /// Exactly undoes [`mark`](Self::mark).
    #[inline(always)]
    pub(crate) fn unmark(&mut self, p: usize, index: u32, bit: u64) {
        self.by_rows[p] &= !(1 << index);
        self.columns[p] &= !bit;
    }

    /// Who holds (`row`, `col`), on the board of `shape`: read in row-major order, which a
    /// batch's smallest boards keep alone.
    #[inline]
    pub(crate) fn holder(&self, shape: &Shape, row: usize, col: usize) -> Option<Player> {
        let index = row * shape.cols as usize + col;
        if self.by_rows[0] >> index & 1 != 0 {
            Some(Player::X)
        } else if self.by_rows[1] >> index & 1 != 0 {
            Some(Player::O)
        } else {
            None
        }
    }

    /// Where a mark dropped in column `col` (on the board of `shape`) lands now, if anywhere.
    #[inline]
    pub(crate) fn landing(&self, shape: &Shape, col: usize) -> Option<usize> {
        let col = col as u32;
        let bit = shape.landing_bit(self.columns[0] | self.columns[1], col);
        // The landing cell's height in its column, counted from the bottom.
        let up = bit.trailing_zeros().wrapping_sub(col * shape.height);
        (bit != 0).then(|| (shape.rows - 1 - up) as usize)
    }

    /// The empty cells in row-major order, of `all` (every cell of the board).
    #[inline(always)]
    pub(crate) fn empty(&self, all: u64) -> u64 {
        all & !(self.by_rows[0] | self.by_rows[1])
    }

    /// The observation from `to_move`'s view, row-major as the marks are: cell `c` at `2c` (the
    /// mover's) and `2c + 1`.
    #[inline(always)]
    pub(crate) fn planes(&self, to_move: Player, obs: &mut [bool]) {
        let me = to_move.index();
        interleave(self.by_rows[me], self.by_rows[1 - me], obs);
    }
}

/// A board of at most 64 bits with its spare row: one word a player, column by column with a spare
/// bit above each column (the solver searches the same words), the same cells in row-major order,
/// and the layout.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct BitBoard {
    stones: Stones,
    shape: Shape,
    /// Every cell in row-major order: the low `rows * cols` bits (at most 63).
    all_by_rows: u64,
}

impl BitBoard {
    /// Whether `rules` fit in one word: `(rows + 1) * cols <= 64`.
    #[must_use]
    pub fn fits(rules: Rules) -> bool {
        Shape::of(rules).is_some()
    }

    /// Each player's word (for a solver's hashing and bit tricks).
    #[must_use]
    pub fn words(&self) -> [u64; 2] {
        self.stones.columns
    }
}

impl Board for BitBoard {
    fn for_rules(rules: Rules) -> Result<BitBoard, Error> {
        let Some(shape) = Shape::of(rules) else {
            return Err(Error::InvalidRules {
                rows: rules.rows() as i128,
                cols: rules.cols() as i128,
                k: rules.k() as i128,
                reason: "a 64-bit board holds at most (rows + 1) * cols = 64 bits",
            });
        };
        Ok(BitBoard {
            stones: Stones::EMPTY,
            shape,
            all_by_rows: (1 << (shape.rows * shape.cols)) - 1,
        })
    }

    fn shape(&self) -> (usize, usize) {
        (self.shape.rows as usize, self.shape.cols as usize)
    }

    #[inline]
    fn holder(&self, row: usize, col: usize) -> Option<Player> {
        self.stones.holder(&self.shape, row, col)
    }

    #[inline]
    fn landing(&self, col: usize) -> Option<usize> {
        self.stones.landing(&self.shape, col)
    }

    #[inline]
    fn add(&mut self, row: usize, col: usize, player: Player) -> bool {
        let index = (row * self.shape.cols as usize + col) as u32;
        let mine = self
            .stones
            .mark(player.index(), index, self.shape.bit(row, col));
        self.shape.has_run(mine)
    }

    #[inline]
    fn remove(&mut self, row: usize, col: usize, player: Player) {
        let index = (row * self.shape.cols as usize + col) as u32;
        let bit = self.shape.bit(row, col);
        self.stones.unmark(player.index(), index, bit);
    }

    #[inline]
    fn open(&self, player: Player) -> bool {
        // The cells free of the opponent's marks: a run of k of them is a window `player` can
        // still complete.
        self.shape
            .has_run(self.shape.cells & !self.stones.columns[player.other().index()])
    }

    fn clear(&mut self) {
        self.stones = Stones::EMPTY;
    }

    fn copy_inline(&self) -> Option<BitBoard> {
        Some(self.clone())
    }

    fn kth_empty(&self, k: u64) -> usize {
        crate::packed::select(self.empty_by_rows(), k)
    }

    fn planes(&self, to_move: Player, obs: &mut [bool]) {
        self.stones.planes(to_move, obs);
    }

    fn empty_cells(&self, all: bool, mask: &mut [bool]) {
        spread(if all { u64::MAX } else { self.empty_by_rows() }, mask);
    }

    fn open_columns(&self, all: bool, mask: &mut [bool]) {
        // A column is open while its top cell (row 0: the first `cols` bits) is empty.
        spread(if all { u64::MAX } else { self.empty_by_rows() }, mask);
    }

    fn open_column(&self, pick: impl FnOnce(u64) -> u64) -> usize {
        // Row 0, the top, is the first `cols` bits: its empty cells are the open columns.
        let open = self.empty_by_rows() & ((1 << self.shape.cols) - 1);
        let k = pick(u64::from(open.count_ones()));
        crate::packed::select(open, k)
    }
}

impl BitBoard {
    /// The empty cells in row-major order.
    #[inline]
    fn empty_by_rows(&self) -> u64 {
        self.stones.empty(self.all_by_rows)
    }
}
