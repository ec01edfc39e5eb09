//! The one game type: the turns, every rule check and every public method of a game, written once
//! over its board, the representation ([`Representation`]). [`Game`](crate::Game) (rules chosen at
//! run time), [`ClassicGame`](crate::representations::ClassicGame),
//! [`FixedGame`](crate::FixedGame) and [`KGame`](crate::representations::KGame) are its names for
//! each representation.

use core::fmt;

use crate::batch::BatchError;
use crate::error::Error;
use crate::limits::Mode;
use crate::outcome::Outcome;
use crate::player::Player;
use crate::record::Moves;
use crate::repr::Representation;
use crate::rules::Rules;
use crate::turns::Turns;

/// A game of the k-in-a-row family kept in the representation `R`. Most callers name it
/// [`Game`](crate::Game), which chooses the representation for its rules at run time; the others
/// are [`ClassicGame`](crate::representations::ClassicGame) and [`FixedGame`](crate::FixedGame) (the classic game's
/// counters, on the heap or in arrays), and [`KGame`](crate::representations::KGame) (a board of the family by
/// name). Every one answers the same methods, written once here.
///
/// ```
/// use tictactoe_core::representations::{ClassicGame, KGame};
/// use tictactoe_core::{Error, Game, Player, Rules};
///
/// let mut four = Game::with_rules(Rules::connect_four())?;
/// assert_eq!(four.drop_in(3, Player::X)?, None);
/// let mut small = KGame::new_small(Rules::connect_four())?;
/// assert_eq!(small.play(5, 3, Player::X)?, None);
/// assert_eq!(four.encode(), small.encode());
/// let mut classic = ClassicGame::new(3)?;
/// assert_eq!(classic.drop_in(0, Player::X), Err(Error::NoGravity));
/// # Ok::<(), Error>(())
/// ```
#[derive(Clone, Eq, Hash)]
// The board first, where the run-time choice's tag then sits at the game's own address: the
// classic move reads it with no offset to keep in a register.
#[repr(C)]
pub struct GameOn<R: Representation> {
    /// The board the game is kept on.
    pub(crate) rep: R,
    /// Whose turn, and whether the game goes on: the game's, whatever its board.
    pub(crate) turns: Turns,
    /// The cells played, oldest first (none for a lean game): the game's, in the room its board
    /// gives (an array for [`FixedGame`](crate::FixedGame), else a vector).
    pub(crate) moves: Moves<R::Room>,
}

/// Equal games give every call the same answer: the same rules and mode, the same moves (a lean
/// game: the same counters). A [`FixedGame`](crate::FixedGame) equals the
/// [`ClassicGame`](crate::representations::ClassicGame) of the same moves.
impl<R: Representation + PartialEq<T>, T: Representation> PartialEq<GameOn<T>> for GameOn<R> {
    fn eq(&self, other: &GameOn<T>) -> bool {
        self.turns == other.turns && self.moves == other.moves && self.rep == other.rep
    }
}

impl<R: Representation> GameOn<R> {
    /// The empty game on `rep`, an empty board, or [`Error::OutOfMemory`] where the room for its
    /// first moves cannot be had.
    #[cfg(feature = "alloc")]
    #[inline]
    pub(crate) fn on(rep: R) -> Result<GameOn<R>, Error> {
        let turns = Turns::new(rep.rules().cells());
        let moves = rep.first_moves()?;
        Ok(GameOn { rep, turns, moves })
    }

    /// A single move, typed or foreign (`play`, `play_i64`): the board's one `place` with the
    /// game's turns and record. (A batch goes through the board's `place_all`.)
    #[inline(always)]
    fn make_move<const BATCH: bool, const SIGNED: bool>(
        &mut self,
        row: u64,
        col: u64,
        player: Player,
    ) -> Result<Option<Player>, Error> {
        let GameOn { rep, turns, moves } = self;
        rep.place::<BATCH, SIGNED>(turns, moves, row, col, player)
    }

    /// A batch's `action` by `player`: the rules of the seam's `admit_action`, then the move.
    #[cfg(feature = "vec")]
    pub(crate) fn act(&mut self, action: i64, player: Player) -> Result<Option<Player>, Error> {
        let at = self.rep.admit_action(&self.turns, action, player)?;
        self.rep
            .commit::<false>(&mut self.turns, &mut self.moves, at, player)
    }

    /// The rules this game plays by.
    #[inline]
    #[must_use]
    pub fn rules(&self) -> Rules {
        self.rep.rules()
    }

    /// Checked or lean (only the classic game can be lean).
    #[inline]
    #[must_use]
    pub fn mode(&self) -> Mode {
        self.rep.mode()
    }

    /// The winner, if any.
    ///
    /// ```
    /// # use tictactoe_core::{Game, Player};
    /// let mut game = Game::new(1)?;
    /// assert_eq!(game.winner(), None);
    /// game.play(0, 0, Player::O)?;
    /// assert_eq!(game.winner(), Some(Player::O));
    /// # Ok::<(), tictactoe_core::Error>(())
    /// ```
    #[inline]
    #[must_use]
    pub fn winner(&self) -> Option<Player> {
        self.turns.winner()
    }

    /// True after a win or when the board is full.
    #[inline]
    #[must_use]
    pub fn is_over(&self) -> bool {
        self.turns.is_over()
    }

    /// True when the board is full and nobody has won.
    ///
    /// ```
    /// # use tictactoe_core::{Game, Player};
    /// let mut game = Game::new(2)?;
    /// game.play_all([(0, 0, Player::X), (0, 1, Player::O), (1, 1, Player::X)]).unwrap();
    /// assert!(!game.is_draw()); // X has won on the diagonal
    /// # Ok::<(), tictactoe_core::Error>(())
    /// ```
    #[inline]
    #[must_use]
    pub fn is_draw(&self) -> bool {
        self.turns.is_draw()
    }

    /// Moves played so far.
    #[inline]
    #[must_use]
    pub fn move_count(&self) -> u64 {
        self.turns.moves()
    }

    /// The most moves that can still be played: the empty cells, or 0 once the game is over. A
    /// batch longer than this cannot be legal.
    ///
    /// ```
    /// # use tictactoe_core::{Game, Player};
    /// let mut game = Game::new(3)?;
    /// game.play(0, 0, Player::X)?;
    /// assert_eq!(game.moves_left(), 8);
    /// # Ok::<(), tictactoe_core::Error>(())
    /// ```
    #[inline]
    #[must_use]
    pub fn moves_left(&self) -> u64 {
        self.turns.moves_left()
    }

    /// The player who moved last, who may not move next.
    #[inline]
    #[must_use]
    pub fn last_player(&self) -> Option<Player> {
        self.turns.last()
    }

    /// Whether the game is in play, won or drawn.
    ///
    /// ```
    /// use tictactoe_core::{Game, Outcome, Player};
    ///
    /// let mut game = Game::new(1)?;
    /// assert_eq!(game.outcome(), Outcome::InPlay);
    /// game.play(0, 0, Player::O)?;
    /// assert_eq!(game.outcome(), Outcome::Won(Player::O));
    /// # Ok::<(), tictactoe_core::Error>(())
    /// ```
    #[must_use]
    pub fn outcome(&self) -> Outcome {
        self.turns.outcome()
    }

    /// Whether `player` can still complete some window (`k` cells of one line) free of the
    /// opponent's marks. False once the game is over, so `!can_win(X) && !can_win(O)` is a dead
    /// draw, found before the board fills.
    ///
    /// ```
    /// use tictactoe_core::{Game, Player, Rules};
    ///
    /// let mut game = Game::with_rules(Rules::new(1, 4, 3, false)?)?;
    /// game.play(0, 1, Player::X)?;
    /// assert!(game.can_win(Player::X) && !game.can_win(Player::O)); // both windows hold X's mark
    /// game.play(0, 2, Player::O)?;
    /// assert!(!game.can_win(Player::X)); // a dead draw, with two cells still empty
    /// # Ok::<(), tictactoe_core::Error>(())
    /// ```
    #[inline]
    #[must_use]
    pub fn can_win(&self, player: Player) -> bool {
        !self.turns.is_over() && self.rep.open(player)
    }

    /// The moves played so far as `(row, col, player)`, oldest first; none for a lean game.
    ///
    /// ```
    /// # use tictactoe_core::{Game, Player};
    /// let mut game = Game::new(3)?;
    /// game.play(2, 0, Player::O)?;
    /// game.play(1, 2, Player::X)?;
    /// let moves: Vec<_> = game.moves().collect();
    /// assert_eq!(moves, [(2, 0, Player::O), (1, 2, Player::X)]);
    /// # Ok::<(), tictactoe_core::Error>(())
    /// ```
    pub fn moves(&self) -> impl ExactSizeIterator<Item = (usize, usize, Player)> + '_ {
        let cols = self.rules().cols();
        self.turns.replay(self.moves.played(), cols)
    }

    /// Checks that (`row`, `col`) is on the board and returns it as indices: how foreign callers,
    /// whose numbers may be negative, reach [`cell`](Self::cell).
    ///
    /// ```
    /// use tictactoe_core::{Error, Game, Rules};
    ///
    /// let game = Game::with_rules(Rules::connect_four())?;
    /// assert_eq!(game.locate(5, 6), Ok((5, 6)));
    /// assert_eq!(game.locate(-1, 0), Err(Error::OutOfRange { row: -1, col: 0, rows: 6, cols: 7 }));
    /// # Ok::<(), Error>(())
    /// ```
    pub fn locate(&self, row: i64, col: i64) -> Result<(usize, usize), Error> {
        self.rules().locate(i128::from(row), i128::from(col))
    }

    /// `player` marks (`row`, `col`); returns the winner after the move (`Some(player)` when it
    /// completes a line).
    ///
    /// Refused, in this order of precedence, and with the game left exactly as it was: a cell off
    /// the board ([`Error::OutOfRange`]), a finished game ([`Error::GameOver`]), the same player
    /// twice in a row ([`Error::WrongTurn`]), a taken cell ([`Error::Occupied`]; a lean game trusts
    /// its caller there), and with gravity any cell but its column's landing cell
    /// ([`Error::NotLanding`]); a game whose record of moves cannot grow refuses with
    /// [`Error::OutOfMemory`].
    ///
    /// ```
    /// use tictactoe_core::{Error, Game, Player, Rules};
    ///
    /// let mut game = Game::new(3)?;
    /// assert_eq!(game.play(1, 1, Player::X), Ok(None));
    /// assert_eq!(game.play(2, 2, Player::X), Err(Error::WrongTurn { player: Player::X }));
    /// assert_eq!(game.play(1, 1, Player::O), Err(Error::Occupied { row: 1, col: 1, by: Player::X }));
    /// let mut four = Game::with_rules(Rules::connect_four())?;
    /// assert_eq!(four.play(0, 3, Player::X), Err(Error::NotLanding { row: 0, col: 3, landing: 5 }));
    /// # Ok::<(), Error>(())
    /// ```
    #[inline]
    pub fn play(
        &mut self,
        row: usize,
        col: usize,
        player: Player,
    ) -> Result<Option<Player>, Error> {
        self.make_move::<false, false>(row as u64, col as u64, player)
    }

    /// [`play`](Self::play) for foreign callers: any numbers, returns `0` (no winner), `1` or `2`.
    /// A player other than 1 or 2 is refused first ([`Error::InvalidPlayer`]).
    ///
    /// ```
    /// use tictactoe_core::{Error, Game};
    ///
    /// let mut game = Game::new(1)?;
    /// assert_eq!(game.play_i64(0, 0, 3), Err(Error::InvalidPlayer { player: 3 }));
    /// assert_eq!(game.play_i64(0, 0, 2), Ok(2));
    /// # Ok::<(), Error>(())
    /// ```
    #[inline(always)]
    pub fn play_i64(&mut self, row: i64, col: i64, player: i64) -> Result<u8, Error> {
        let player = Player::from_number(player)?;
        let won = self.make_move::<false, true>(row as u64, col as u64, player)?;
        Ok(won.map_or(0, Player::number))
    }

    /// With gravity, `player` drops a mark in column `col`: it lands on the lowest empty cell.
    /// Answers as [`play`](Self::play) does; a column off the board is
    /// [`Error::ColumnOutOfRange`], a full one [`Error::ColumnFull`], a game without gravity
    /// [`Error::NoGravity`].
    ///
    /// ```
    /// use tictactoe_core::{Error, Game, Player, Rules};
    ///
    /// let mut game = Game::with_rules(Rules::new(2, 2, 2, true)?)?;
    /// game.drop_in(0, Player::X)?;
    /// game.drop_in(0, Player::O)?;
    /// assert_eq!(game.cell(1, 0)?, Some(Player::X));
    /// assert_eq!(game.drop_in(0, Player::X), Err(Error::ColumnFull { col: 0 }));
    /// assert_eq!(Game::new(3)?.drop_in(0, Player::X), Err(Error::NoGravity));
    /// # Ok::<(), Error>(())
    /// ```
    pub fn drop_in(&mut self, col: usize, player: Player) -> Result<Option<Player>, Error> {
        let col = self.column(col as i128)?;
        self.rep
            .drop_located(&mut self.turns, &mut self.moves, col, player)
    }

    /// [`drop_in`](Self::drop_in) for foreign callers: returns 0, 1 or 2. A player other than 1
    /// or 2 is refused first.
    pub fn drop_i64(&mut self, col: i64, player: i64) -> Result<u8, Error> {
        let player = Player::from_number(player)?;
        let col = self.column(i128::from(col))?;
        let won = self
            .rep
            .drop_located(&mut self.turns, &mut self.moves, col, player)?;
        Ok(won.map_or(0, Player::number))
    }

    /// Column `col` of a game with gravity, as an index.
    fn column(&self, col: i128) -> Result<usize, Error> {
        let rules = self.rules();
        if !rules.gravity() {
            return Err(Error::NoGravity);
        }
        rules.column(col)
    }

    /// Applies `(row, col, player)` moves all or nothing, as [`play`](Self::play) would one by one.
    /// Returns the winner after the last move; on a refused move, takes back the ones before it and
    /// says which it was. The iterator is read once, and a panic inside it leaves the game as it was.
    ///
    /// ```
    /// use tictactoe_core::{Game, Player::{O, X}, Rules};
    ///
    /// let mut game = Game::with_rules(Rules::new(4, 4, 3, false)?)?;
    /// let err = game.play_all([(0, 0, X), (1, 1, O), (1, 1, X)]).unwrap_err();
    /// assert_eq!((err.index, game.move_count()), (2, 0));
    /// assert_eq!(game.play_all([(0, 0, X), (1, 1, O)]), Ok(None));
    /// # Ok::<(), tictactoe_core::Error>(())
    /// ```
    pub fn play_all<I>(&mut self, moves: I) -> Result<Option<Player>, BatchError>
    where
        I: IntoIterator<Item = (usize, usize, Player)>,
    {
        let GameOn {
            rep,
            turns,
            moves: record,
        } = self;
        rep.place_all::<false, _>(turns, record, moves, |(row, col, player)| {
            Ok((row as u64, col as u64, player))
        })
    }

    /// [`play_all`](Self::play_all) for foreign callers: `[row, col, player]` numbers, checked as
    /// [`play_i64`](Self::play_i64) checks them.
    ///
    /// ```
    /// use tictactoe_core::{Error, Game};
    ///
    /// let mut game = Game::new(3)?;
    /// let err = game.play_all_i64([[0, 0, 1], [1, 1, 2], [1, 1, 1]]).unwrap_err();
    /// assert_eq!(err.index, 2);
    /// assert_eq!(game.move_count(), 0);
    /// assert_eq!(game.play_all_i64([[0, 0, 1], [1, 1, 2]]), Ok(None));
    /// # Ok::<(), Error>(())
    /// ```
    pub fn play_all_i64<I>(&mut self, moves: I) -> Result<Option<Player>, BatchError>
    where
        I: IntoIterator<Item = [i64; 3]>,
    {
        let GameOn {
            rep,
            turns,
            moves: record,
        } = self;
        rep.place_all::<true, _>(turns, record, moves, |[row, col, player]| {
            Ok((row as u64, col as u64, Player::from_number(player)?))
        })
    }

    /// Takes back the last move, also a winning one, and returns it as `(row, col, player)`:
    /// [`Error::NothingToUndo`] before any move, [`Error::NeedsBoard`] for a lean game.
    ///
    /// ```
    /// use tictactoe_core::{Error, Game, Player};
    ///
    /// let mut game = Game::new(3)?;
    /// game.play(2, 1, Player::O)?;
    /// assert_eq!(game.undo(), Ok((2, 1, Player::O)));
    /// assert_eq!(game.undo(), Err(Error::NothingToUndo));
    /// assert_eq!(Game::new_lean(3)?.undo(), Err(Error::NeedsBoard));
    /// # Ok::<(), Error>(())
    /// ```
    pub fn undo(&mut self) -> Result<(usize, usize, Player), Error> {
        // Outside a batch a lean board keeps no move to take back: asked only when none was.
        let taken = self.rep.take_back(&mut self.turns, &mut self.moves);
        taken.ok_or_else(|| match self.mode() {
            Mode::Checked => Error::NothingToUndo,
            Mode::Lean => Error::NeedsBoard,
        })
    }

    /// Back to the empty board of the same rules and mode, keeping the memory: no allocation.
    ///
    /// ```
    /// use tictactoe_core::{Game, Player};
    ///
    /// let mut game = Game::new(3)?;
    /// game.play(1, 1, Player::X)?;
    /// game.reset();
    /// assert_eq!((game.move_count(), game.cell(1, 1)?), (0, None));
    /// # Ok::<(), tictactoe_core::Error>(())
    /// ```
    #[inline]
    pub fn reset(&mut self) {
        self.rep.clear(&self.moves);
        self.moves.clear();
        self.turns.reset();
    }

    /// Who holds (`row`, `col`): `None` when empty; [`Error::OutOfRange`] off the board,
    /// [`Error::NeedsBoard`] for a lean game.
    ///
    /// ```
    /// use tictactoe_core::{Error, Game, Player};
    ///
    /// let mut game = Game::new(3)?;
    /// game.play(0, 2, Player::O)?;
    /// assert_eq!(game.cell(0, 2), Ok(Some(Player::O)));
    /// assert_eq!(game.cell(0, 3), Err(Error::OutOfRange { row: 0, col: 3, rows: 3, cols: 3 }));
    /// # Ok::<(), Error>(())
    /// ```
    pub fn cell(&self, row: usize, col: usize) -> Result<Option<Player>, Error> {
        let (row, col) = self.rules().locate(row as i128, col as i128)?;
        self.holder(row, col)
    }

    /// [`cell`](Self::cell) for foreign callers' numbers.
    pub fn cell_i64(&self, row: i64, col: i64) -> Result<Option<Player>, Error> {
        let (row, col) = self.locate(row, col)?;
        self.holder(row, col)
    }

    /// Who holds (`row`, `col`), which is on the board: [`Error::NeedsBoard`] for a lean game.
    fn holder(&self, row: usize, col: usize) -> Result<Option<Player>, Error> {
        match self.mode() {
            Mode::Checked => Ok(self.rep.occupant(row, col)),
            Mode::Lean => Err(Error::NeedsBoard),
        }
    }
}

impl<R: Representation> fmt::Debug for GameOn<R> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Game")
            .field("rules", &self.rules())
            .field("mode", &self.mode())
            .field("moves", &self.move_count())
            .field("last_player", &self.last_player())
            .field("winner", &self.winner())
            .finish()
    }
}
