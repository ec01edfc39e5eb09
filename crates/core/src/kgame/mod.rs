//! A game of any rules of the k-in-a-row family: any board, any `k`, with or without gravity. The
//! game keeps the rules, whose turn it is and the moves (so it can take them back); its board
//! ([`Marks`]) keeps the marks and answers, without scanning a line or the board, where a mark
//! lands, whether a move wins, and whether a player can still win: line bitsets for any size
//! ([`LineBoard`]), one word a player for small boards ([`BitBoard`]).

mod batch;
mod bits;
mod encoding;
mod lines;
mod marks;
mod word;

use alloc::vec::Vec;
use core::fmt;

pub use bits::BitBoard;
pub use lines::LineBoard;
pub use marks::Marks;
pub(crate) use word::Shape;

use crate::board::Outcome;
use crate::error::Error;
use crate::player::Player;
use crate::rules::Rules;
use crate::turns::Turns;

/// A game of the k-in-a-row family: a `rows x cols` board where `k` in a row wins, with or without
/// gravity ([`Rules`]), on the board `M`: [`LineBoard`] (any size; [`KGame::new`]) or [`BitBoard`]
/// (boards that fit in a 64-bit word; [`KGame::new_small`]). Every move, its win test and
/// [`can_win`](Self::can_win) cost O(1) for any `k` up to 64 and any board.
///
/// ```
/// use tictactoe_core::{KGame, Player, Rules};
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
#[derive(Clone)]
pub struct KGame<M: Marks = LineBoard> {
    rules: Rules,
    marks: M,
    /// The cells played (`row * cols + col`), oldest first.
    journal: Vec<u32>,
    turns: Turns,
}

impl KGame<LineBoard> {
    /// An empty board for `rules`: sides of at most [`MAX_CHECKED_N`](crate::MAX_CHECKED_N) (else
    /// [`Error::InvalidRules`]); [`Error::OutOfMemory`] when its memory cannot be had.
    ///
    /// ```
    /// use tictactoe_core::{KGame, Rules};
    ///
    /// let game = KGame::new(Rules::gomoku(15)?)?;
    /// assert_eq!((game.rules().rows(), game.rules().k()), (15, 5));
    /// # Ok::<(), tictactoe_core::Error>(())
    /// ```
    pub fn new(rules: Rules) -> Result<KGame, Error> {
        Self::on_board(rules)
    }
}

impl KGame<BitBoard> {
    /// An empty board for `rules` in one word a player: boards with `(rows + 1) * cols <= 64`
    /// (Connect Four, every square board up to 7 x 7); others are [`Error::InvalidRules`].
    ///
    /// ```
    /// use tictactoe_core::{KGame, Player, Rules};
    ///
    /// let mut game = KGame::new_small(Rules::connect_four())?;
    /// game.drop_in(3, Player::X)?;
    /// assert_eq!(game.cell(5, 3)?, Some(Player::X));
    /// assert!(KGame::new_small(Rules::gomoku(15)?).is_err());
    /// # Ok::<(), tictactoe_core::Error>(())
    /// ```
    pub fn new_small(rules: Rules) -> Result<KGame<BitBoard>, Error> {
        Self::on_board(rules)
    }
}

impl<M: Marks> KGame<M> {
    pub(crate) fn on_board(rules: Rules) -> Result<KGame<M>, Error> {
        Ok(KGame {
            rules,
            marks: M::for_rules(rules)?,
            journal: Vec::new(),
            turns: Turns::new(rules.cells()),
        })
    }

    /// A copy made fallibly: [`Error::OutOfMemory`] where `clone` would abort. A board that owns
    /// no memory is copied as it is; any other is built anew and the moves replayed.
    pub(crate) fn try_copy(&self) -> Result<KGame<M>, Error> {
        if let Some(marks) = self.marks.copy_inline() {
            let mut journal = Vec::new();
            reserve(&mut journal, self.journal.len(), self.rules)?;
            journal.extend_from_slice(&self.journal);
            let (rules, turns) = (self.rules, self.turns.clone());
            return Ok(KGame {
                rules,
                marks,
                journal,
                turns,
            });
        }
        let mut copy = KGame::on_board(self.rules)?;
        reserve(&mut copy.journal, self.journal.len(), self.rules)?;
        for (row, col, player) in self.moves() {
            copy.place(row, col, player)?;
        }
        Ok(copy)
    }

    /// The rules this game plays by.
    #[must_use]
    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// Where a mark dropped in column `col` lands now (the lowest empty row), or `None` when the
    /// column is full. `col` is below `cols`.
    #[inline]
    pub(crate) fn landing(&self, col: usize) -> Option<usize> {
        self.marks.landing(col)
    }

    /// The board.
    pub(crate) fn marks(&self) -> &M {
        &self.marks
    }

    /// The game's progress.
    pub(crate) fn turns(&self) -> &Turns {
        &self.turns
    }

    /// The cells played (`row * cols + col`), oldest first.
    pub(crate) fn journal(&self) -> &[u32] {
        &self.journal
    }

    /// Checks that (`row`, `col`) is on the board and returns it as indices, for foreign callers.
    ///
    /// ```
    /// use tictactoe_core::{Error, KGame, Rules};
    ///
    /// let game = KGame::new(Rules::connect_four())?;
    /// assert_eq!(game.locate(5, 6), Ok((5, 6)));
    /// assert!(matches!(game.locate(6, 0), Err(Error::OutOfRange { rows: 6, cols: 7, .. })));
    /// # Ok::<(), Error>(())
    /// ```
    pub fn locate(&self, row: i64, col: i64) -> Result<(usize, usize), Error> {
        self.rules.locate(i128::from(row), i128::from(col))
    }

    /// `player` marks (`row`, `col`); returns the winner after the move. Refused, with the game
    /// left as it was: a cell off the board ([`Error::OutOfRange`]), a finished game, the same
    /// player twice, a taken cell, and with gravity any cell but its column's lowest empty one
    /// ([`Error::NotLanding`]).
    ///
    /// ```
    /// use tictactoe_core::{Error, KGame, Player, Rules};
    ///
    /// let mut game = KGame::new(Rules::connect_four())?;
    /// assert_eq!(game.play(0, 3, Player::X), Err(Error::NotLanding { row: 0, col: 3, landing: 5 }));
    /// assert_eq!(game.play(5, 3, Player::X), Ok(None));
    /// # Ok::<(), Error>(())
    /// ```
    pub fn play(
        &mut self,
        row: usize,
        col: usize,
        player: Player,
    ) -> Result<Option<Player>, Error> {
        let (row, col) = self.rules.locate(row as i128, col as i128)?;
        self.place(row, col, player)
    }

    /// [`play`](Self::play) for foreign callers: any numbers, returns `0` (no winner), `1` or `2`.
    /// A player other than 1 or 2 is refused first.
    pub fn play_i64(&mut self, row: i64, col: i64, player: i64) -> Result<u8, Error> {
        let player = Player::from_number(player)?;
        let (row, col) = self.locate(row, col)?;
        Ok(self.place(row, col, player)?.map_or(0, Player::number))
    }

    /// With gravity, `player` drops a mark in column `col`: it lands on the lowest empty cell.
    /// Answers as [`play`](Self::play) does; a full column is [`Error::ColumnFull`], a game without
    /// gravity [`Error::NoGravity`].
    ///
    /// ```
    /// use tictactoe_core::{Error, KGame, Player, Rules};
    ///
    /// let mut game = KGame::new(Rules::new(2, 2, 2, true)?)?;
    /// game.drop_in(0, Player::X)?;
    /// game.drop_in(0, Player::O)?;
    /// assert_eq!(game.drop_in(0, Player::X), Err(Error::ColumnFull { col: 0 }));
    /// # Ok::<(), Error>(())
    /// ```
    pub fn drop_in(&mut self, col: usize, player: Player) -> Result<Option<Player>, Error> {
        self.gravity()?;
        let col = self.rules.column(col as i128)?;
        self.drop_checked(col, player)
    }

    /// [`drop_in`](Self::drop_in) for foreign callers.
    pub fn drop_i64(&mut self, col: i64, player: i64) -> Result<u8, Error> {
        let player = Player::from_number(player)?;
        self.gravity()?;
        let col = self.rules.column(i128::from(col))?;
        Ok(self.drop_checked(col, player)?.map_or(0, Player::number))
    }

    fn gravity(&self) -> Result<(), Error> {
        if self.rules.gravity() {
            Ok(())
        } else {
            Err(Error::NoGravity)
        }
    }

    /// A drop in column `col`, which is on the board: the game goes on, the player's turn, a
    /// column not full.
    pub(crate) fn drop_checked(
        &mut self,
        col: usize,
        player: Player,
    ) -> Result<Option<Player>, Error> {
        self.turns.check(player)?;
        let row = self.landing(col).ok_or(Error::ColumnFull { col })?;
        // The landing cell is empty and is the landing cell: nothing more to check.
        self.mark(row, col, player)
    }

    /// The rules of a move on the board, in their order of precedence after the range: the game
    /// goes on, the player's turn, an empty cell, and with gravity the landing cell. (`row`, `col`)
    /// is on the board: every caller has located it.
    pub(crate) fn place(
        &mut self,
        row: usize,
        col: usize,
        player: Player,
    ) -> Result<Option<Player>, Error> {
        self.turns.check(player)?;
        if let Some(by) = self.marks.holder(row, col) {
            return Err(Error::Occupied { row, col, by });
        }
        if self.rules.gravity() {
            // An empty cell: its column is not full.
            let landing = self.landing(col).unwrap_or(row);
            if row != landing {
                return Err(Error::NotLanding { row, col, landing });
            }
        }
        self.mark(row, col, player)
    }

    /// Records and makes a move the rules allow (every caller checked them): the winner, if it won.
    fn mark(&mut self, row: usize, col: usize, player: Player) -> Result<Option<Player>, Error> {
        reserve(&mut self.journal, 1, self.rules)?;
        self.journal.push((row * self.rules.cols() + col) as u32);
        let won = self.marks.add(row, col, player);
        Ok(self.turns.finish(player, won))
    }

    /// Takes back the last move, also a winning one, and returns it as `(row, col, player)`.
    ///
    /// ```
    /// use tictactoe_core::{Error, KGame, Player, Rules};
    ///
    /// let mut game = KGame::new(Rules::new(3, 4, 3, false)?)?;
    /// game.play(1, 3, Player::O)?;
    /// assert_eq!(game.undo(), Ok((1, 3, Player::O)));
    /// assert_eq!(game.undo(), Err(Error::NothingToUndo));
    /// # Ok::<(), Error>(())
    /// ```
    pub fn undo(&mut self) -> Result<(usize, usize, Player), Error> {
        let (Some(player), Some(&index)) = (self.turns.last(), self.journal.last()) else {
            return Err(Error::NothingToUndo);
        };
        self.journal.pop();
        let cols = self.rules.cols();
        let (row, col) = (index as usize / cols, index as usize % cols);
        self.marks.remove(row, col, player);
        self.turns.unwind(player);
        Ok((row, col, player))
    }

    /// Back to the empty board of the same rules, keeping the memory.
    pub fn reset(&mut self) {
        self.marks.clear();
        self.journal.clear();
        self.turns = Turns::new(self.rules.cells());
    }

    /// Who holds (`row`, `col`): `None` when empty.
    pub fn cell(&self, row: usize, col: usize) -> Result<Option<Player>, Error> {
        let (row, col) = self.rules.locate(row as i128, col as i128)?;
        Ok(self.marks.holder(row, col))
    }

    /// The winner, if any.
    #[must_use]
    pub fn winner(&self) -> Option<Player> {
        self.turns.winner()
    }

    /// True after a win or when the board is full.
    #[must_use]
    pub fn is_over(&self) -> bool {
        self.turns.is_over()
    }

    /// True when the board is full and nobody has won.
    #[must_use]
    pub fn is_draw(&self) -> bool {
        self.turns.is_draw()
    }

    /// Moves played so far.
    #[must_use]
    pub fn move_count(&self) -> u64 {
        self.turns.moves()
    }

    /// The empty cells, or 0 once the game is over.
    #[must_use]
    pub fn moves_left(&self) -> u64 {
        self.turns.moves_left()
    }

    /// The player who moved last.
    #[must_use]
    pub fn last_player(&self) -> Option<Player> {
        self.turns.last()
    }

    /// Whether `player` can still complete some window (`k` cells of one line) that holds no mark of
    /// the opponent. False once the game is over; false for both players is a dead draw.
    ///
    /// ```
    /// use tictactoe_core::{KGame, Player, Rules};
    ///
    /// let mut game = KGame::new(Rules::new(1, 4, 3, false)?)?;
    /// game.play(0, 1, Player::X)?;
    /// assert!(game.can_win(Player::X) && !game.can_win(Player::O)); // both windows hold X's mark
    /// game.play(0, 2, Player::O)?;
    /// assert!(!game.can_win(Player::X)); // a dead draw, with two cells still empty
    /// # Ok::<(), tictactoe_core::Error>(())
    /// ```
    #[must_use]
    pub fn can_win(&self, player: Player) -> bool {
        !self.turns.is_over() && self.marks.open(player)
    }

    /// Whether the game is in play, won or drawn.
    #[must_use]
    pub fn outcome(&self) -> Outcome {
        self.turns.outcome()
    }

    /// The moves played so far as `(row, col, player)`, oldest first.
    pub fn moves(&self) -> impl ExactSizeIterator<Item = (usize, usize, Player)> + '_ {
        self.turns.replay(&self.journal, self.rules.cols())
    }
}

/// Room for `more` moves in `journal` (a game of `rules`), or [`Error::OutOfMemory`].
#[inline]
pub(crate) fn reserve(journal: &mut Vec<u32>, more: usize, rules: Rules) -> Result<(), Error> {
    journal.try_reserve(more).map_err(|_| Error::OutOfMemory {
        rows: rules.rows(),
        cols: rules.cols(),
    })
}

/// Equal games have the same rules and the same moves in the same order.
impl<M: Marks> PartialEq for KGame<M> {
    fn eq(&self, other: &KGame<M>) -> bool {
        self.rules == other.rules && self.journal == other.journal && self.turns == other.turns
    }
}

impl<M: Marks> Eq for KGame<M> {}

impl<M: Marks> core::hash::Hash for KGame<M> {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        self.rules.hash(state);
        self.journal.hash(state);
        self.turns.hash(state);
    }
}

impl<M: Marks> fmt::Debug for KGame<M> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("KGame")
            .field("rules", &self.rules)
            .field("moves", &self.move_count())
            .field("winner", &self.winner())
            .finish()
    }
}

/// The board, one line per row (row 0 first), cells between bars: `|X| |O|`.
impl<M: Marks> fmt::Display for KGame<M> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let shape = (self.rules.rows(), self.rules.cols());
        crate::board::draw(f, shape, |row, col| self.marks.holder(row, col))
    }
}
