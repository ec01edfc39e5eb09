//! A game of any rules of the k-in-a-row family: any board, any `k`, with or without gravity. Its
//! representation ([`Family`]) keeps the rules and the board (the game keeps whose turn it is and
//! the moves, which it lends to take one back); its board ([`Marks`]) keeps the marks and answers, without scanning a
//! line or the board, where a mark lands, whether a move wins, and whether a player can still win:
//! line bitsets for any size ([`LineBoard`]), one word a player for small boards ([`BitBoard`]).

mod bits;
mod encoding;
mod lines;
mod marks;
mod word;

use alloc::vec::Vec;
use core::fmt;

pub use bits::BitBoard;
#[cfg(feature = "vec")]
pub(crate) use bits::Stones;
pub use lines::LineBoard;
pub use marks::Marks;
pub use word::Shape;

use crate::error::Error;
use crate::game::GameOn;
use crate::limits::Mode;
use crate::player::Player;
use crate::record::Moves;
use crate::repr::private::{At, Kept, Won};
use crate::rules::Rules;
use crate::turns::Turns;

/// A game of the k-in-a-row family: a `rows x cols` board where `k` in a row wins, with or without
/// gravity ([`Rules`]), on the board `M`: [`LineBoard`] (any size; [`KGame::new`]) or [`BitBoard`]
/// (boards that fit in a 64-bit word; [`KGame::new_small`]). Every move, its win test and
/// [`can_win`](GameOn::can_win) cost O(1) for any `k` up to 64 and any board. Its methods are
/// those of every game ([`GameOn`]).
///
/// ```
/// use tictactoe_core::representations::KGame;
/// use tictactoe_core::{Player, Rules};
///
/// let mut game = KGame::new(Rules::connect_four())?;
/// for col in [3, 3, 4, 4, 5, 5] {
///     let player = if game.move_count() % 2 == 0 { Player::X } else { Player::O };
///     game.drop_in(col, player)?;
/// }
/// assert_eq!(game.drop_in(6, Player::X)?, Some(Player::X)); // four in the bottom row
/// assert_eq!(game.cell(5, 6)?, Some(Player::X));
/// # Ok::<(), tictactoe_core::Error>(())
/// ```
pub type KGame<M = LineBoard> = GameOn<Family<M>>;

/// The representation of a game on a board of the family (`M`: [`LineBoard`] or [`BitBoard`]):
/// the rules and the board. The game itself, which adds the turns and the moves, is
/// [`KGame<M>`](KGame).
#[derive(Clone)]
pub struct Family<M: Marks> {
    rules: Rules,
    marks: M,
}

impl GameOn<Family<LineBoard>> {
    /// An empty board for `rules`: sides of at most [`MAX_CHECKED_N`](crate::MAX_CHECKED_N) (else
    /// [`Error::InvalidRules`]); [`Error::OutOfMemory`] when its memory cannot be had.
    ///
    /// ```
    /// use tictactoe_core::representations::KGame;
    /// use tictactoe_core::Rules;
    ///
    /// let game = KGame::new(Rules::gomoku(15)?)?;
    /// assert_eq!((game.rules().rows(), game.rules().k()), (15, 5));
    /// # Ok::<(), tictactoe_core::Error>(())
    /// ```
    pub fn new(rules: Rules) -> Result<KGame, Error> {
        Family::on_board(rules).and_then(GameOn::on)
    }
}

impl GameOn<Family<BitBoard>> {
    /// An empty board for `rules` in one word a player: boards with `(rows + 1) * cols <= 64`
    /// (Connect Four, every square board up to 7 x 7); others are [`Error::InvalidRules`].
    ///
    /// ```
    /// use tictactoe_core::representations::KGame;
    /// use tictactoe_core::{Player, Rules};
    ///
    /// let mut game = KGame::new_small(Rules::connect_four())?;
    /// game.drop_in(3, Player::X)?;
    /// assert_eq!(game.cell(5, 3)?, Some(Player::X));
    /// assert!(KGame::new_small(Rules::gomoku(15)?).is_err());
    /// # Ok::<(), tictactoe_core::Error>(())
    /// ```
    pub fn new_small(rules: Rules) -> Result<KGame<BitBoard>, Error> {
        Family::on_board(rules).and_then(GameOn::on)
    }
}

impl<M: Marks> Family<M> {
    pub(crate) fn on_board(rules: Rules) -> Result<Family<M>, Error> {
        Ok(Family {
            rules,
            marks: M::for_rules(rules)?,
        })
    }

    /// The board.
    pub(crate) fn marks(&self) -> &M {
        &self.marks
    }
}

impl<M: Marks> Kept for Family<M> {
    fn rules(&self) -> Rules {
        self.rules
    }

    fn mode(&self) -> Mode {
        Mode::Checked
    }

    /// None yet: the record grows with the first move.
    fn first_moves(&self) -> Result<Moves<Vec<u32>>, Error> {
        Ok(Moves::in_room(Vec::new()))
    }

    #[inline]
    fn on_board(&self, row: u64, col: u64) -> Option<(usize, usize)> {
        let (rows, cols) = (self.rules.rows() as u64, self.rules.cols() as u64);
        (row < rows && col < cols).then_some((row as usize, col as usize))
    }

    #[inline]
    fn occupant(&self, row: usize, col: usize) -> Option<Player> {
        self.marks.holder(row, col)
    }

    #[inline]
    fn landing(&self, col: usize) -> Option<usize> {
        self.marks.landing(col)
    }

    /// Records the move, then marks it; a move a batch applied is taken back by `take_back`.
    fn commit<const BATCH: bool>(
        &mut self,
        turns: &mut Turns,
        moves: &mut Moves<Vec<u32>>,
        at: At,
        player: Player,
    ) -> Won {
        let (row, col) = at;
        let cell = (row * self.rules.cols() + col) as u32;
        moves.push(cell).map_err(|()| out_of_memory(self.rules))?;
        let won = self.marks.add(row, col, player);
        Ok(turns.finish(player, won))
    }

    fn take_back(
        &mut self,
        turns: &mut Turns,
        moves: &mut Moves<Vec<u32>>,
    ) -> Option<(usize, usize, Player)> {
        let player = turns.last()?;
        let index = moves.pop()?;
        let cols = self.rules.cols();
        let (row, col) = (index as usize / cols, index as usize % cols);
        self.marks.remove(row, col, player);
        turns.unwind(player);
        Some((row, col, player))
    }

    fn clear(&mut self, _: &Moves<Vec<u32>>) {
        self.marks.clear();
    }

    fn open(&self, player: Player) -> bool {
        self.marks.open(player)
    }

    /// A board that owns no memory is copied as it is; any other is built anew and the moves
    /// replayed.
    fn try_copy(
        &self,
        turns: &Turns,
        moves: &Moves<Vec<u32>>,
    ) -> Result<(Family<M>, Moves<Vec<u32>>), Error> {
        let oom = out_of_memory(self.rules);
        if let Some(marks) = self.marks.copy_inline() {
            let rules = self.rules;
            return Ok((Family { rules, marks }, moves.try_copy().ok_or(oom)?));
        }
        let mut copy = Family::on_board(self.rules)?;
        let mut record = copy.first_moves()?;
        reserve(&mut record, moves.played().len(), self.rules)?;
        let mut replayed = Turns::new(self.rules.cells());
        for (row, col, player) in turns.replay(moves.played(), self.rules.cols()) {
            copy.place::<false, false>(&mut replayed, &mut record, row as u64, col as u64, player)?;
        }
        Ok((copy, record))
    }
}

/// Room for `more` moves in `moves` (a game of `rules`), or [`Error::OutOfMemory`].
#[inline]
pub(crate) fn reserve(moves: &mut Moves<Vec<u32>>, more: usize, rules: Rules) -> Result<(), Error> {
    moves.reserve(more).map_err(|()| out_of_memory(rules))
}

/// [`Error::OutOfMemory`] for a board of `rules`.
fn out_of_memory(rules: Rules) -> Error {
    Error::OutOfMemory {
        rows: rules.rows(),
        cols: rules.cols(),
    }
}

/// Equal boards have the same rules (their games compare the moves, which made the marks).
impl<M: Marks> PartialEq for Family<M> {
    fn eq(&self, other: &Family<M>) -> bool {
        self.rules == other.rules
    }
}

impl<M: Marks> Eq for Family<M> {}

impl<M: Marks> core::hash::Hash for Family<M> {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        self.rules.hash(state);
    }
}

impl<M: Marks> fmt::Debug for Family<M> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Family")
            .field("rules", &self.rules)
            .finish()
    }
}
