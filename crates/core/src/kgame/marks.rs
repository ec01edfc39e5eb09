//! What a board of the family keeps of its marks, behind one seam: [`LineBoard`](super::LineBoard)
//! for any size, [`BitBoard`](super::BitBoard) for boards that fit in a 64-bit word. The game
//! ([`KGame`](super::KGame)) holds the rules, the turns and the moves, and asks its board only
//! these questions; each board is proven equal to the scanning model by the same property tests.

/// A board of the family's marks: [`LineBoard`](super::LineBoard) or
/// [`BitBoard`](super::BitBoard). Sealed: code can be generic over it, but its methods are the
/// crate's own.
pub trait Marks: private::Board {}

impl<T: private::Board> Marks for T {}

pub(crate) mod private {
    use core::fmt::Debug;
    use core::hash::Hash;

    use crate::error::Error;
    use crate::player::Player;
    use crate::rules::Rules;

    /// The board's working parts. Public inside a private module: outside code can name
    /// [`Marks`](super::Marks) but can neither implement nor call this.
    pub trait Board: Clone + Debug + PartialEq + Eq + Hash {
        /// An empty board for `rules`, or why this kind of board cannot hold them.
        fn for_rules(rules: Rules) -> Result<Self, Error>;
        /// The board's rows and columns.
        fn shape(&self) -> (usize, usize);
        /// Who holds (`row`, `col`), which is on the board.
        fn holder(&self, row: usize, col: usize) -> Option<Player>;
        /// Where a mark dropped in column `col` lands now (its lowest empty row), if anywhere.
        fn landing(&self, col: usize) -> Option<usize>;
        /// Marks (`row`, `col`), which is empty, for `player`; true when that makes `k` in a row.
        fn add(&mut self, row: usize, col: usize, player: Player) -> bool;
        /// Exactly undoes [`add`](Self::add).
        fn remove(&mut self, row: usize, col: usize, player: Player);
        /// Whether `player` can still complete some window free of the opponent's marks.
        fn open(&self, player: Player) -> bool;
        /// Back to the empty board.
        fn clear(&mut self);
        /// A copy, when the board owns no memory (so copying cannot run out of it); `None` for
        /// a board that does, which the game builds anew instead.
        fn copy_inline(&self) -> Option<Self> {
            None
        }

        /// The observation from `to_move`'s view, two entries a cell in row-major order: whether
        /// `to_move` holds it, then whether the other player does.
        fn planes(&self, to_move: Player, obs: &mut [bool]) {
            let (rows, cols) = self.shape();
            for row in 0..rows {
                for col in 0..cols {
                    let holder = self.holder(row, col);
                    let at = 2 * (row * cols + col);
                    obs[at] = holder == Some(to_move);
                    obs[at + 1] = holder == Some(to_move.other());
                }
            }
        }

        /// For every cell in row-major order, whether it is empty (or, when `all`, true).
        fn empty_cells(&self, all: bool, mask: &mut [bool]) {
            let (_, cols) = self.shape();
            for (at, slot) in mask.iter_mut().enumerate() {
                *slot = all || self.holder(at / cols, at % cols).is_none();
            }
        }

        /// For every column, whether a mark dropped there lands (or, when `all`, true).
        fn open_columns(&self, all: bool, mask: &mut [bool]) {
            for (col, slot) in mask.iter_mut().enumerate() {
                *slot = all || self.landing(col).is_some();
            }
        }

        /// The `k`-th column that is not full (counting from 0, left to right), where `pick` is
        /// given how many there are (at least one) and answers `k` below that.
        fn open_column(&self, pick: impl FnOnce(u64) -> u64) -> usize {
            let (_, cols) = self.shape();
            let open = (0..cols).filter(|&c| self.landing(c).is_some());
            let k = pick(open.clone().count() as u64);
            open.clone().nth(k as usize).unwrap_or(0)
        }

        /// The `k`-th empty cell (`row * cols + col`), counting from 0 in any fixed order; `k` is
        /// below the number of empty cells.
        fn kth_empty(&self, k: u64) -> usize {
            let (rows, cols) = self.shape();
            (0..rows * cols)
                .filter(|&at| self.holder(at / cols, at % cols).is_none())
                .nth(k as usize)
                .unwrap_or(0)
        }
    }
}
