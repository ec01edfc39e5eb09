//! The game: the rules, on top of the counters and a storage.

use core::fmt;

use crate::counters::Counters;
use crate::storage::{Fixed, Storage, cell_bits, set_cell_bits};
use crate::{Error, Player};

/// The largest `n` of a checked game: every cell has a 32-bit index, and the board takes
/// `n * n / 4` bytes (1 GiB at this size).
///
/// ```
/// use tictactoe_core::{Error, Game, MAX_CHECKED_N};
///
/// assert!(matches!(Game::new(MAX_CHECKED_N as usize + 1), Err(Error::InvalidSize { .. })));
/// ```
pub const MAX_CHECKED_N: u32 = 65_535;

/// The largest `n` of a lean game: the counters are 32-bit. A lean game takes `16n` bytes of counters.
///
/// ```
/// use tictactoe_core::{Error, Game, MAX_LEAN_N};
///
/// assert!(matches!(Game::new_lean(MAX_LEAN_N as usize + 1), Err(Error::InvalidSize { .. })));
/// ```
pub const MAX_LEAN_N: u32 = u32::MAX;

/// How a game keeps its state; see the [crate documentation](crate) for what each mode offers.
///
/// ```
/// use tictactoe_core::{Error, Game, Mode, Player};
///
/// let mut lean = Game::with_mode(3, Mode::Lean)?;
/// lean.play(0, 0, Player::X)?;
/// assert_eq!(lean.cell(0, 0), Err(Error::NeedsBoard));
/// # Ok::<(), Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Mode {
    /// Counters, who holds each cell (2 bits a cell) and the move history: rejects an occupied cell,
    /// and offers [`cell`](TicTacToe::cell), [`undo`](TicTacToe::undo) and drawing the board.
    #[default]
    Checked,
    /// Counters only, O(n) memory: the caller guarantees that each cell is played at most once.
    Lean,
}

impl Mode {
    /// The largest board size this mode accepts.
    ///
    /// ```
    /// # use tictactoe_core::Mode;
    /// assert_eq!(Mode::Checked.max_n(), 65_535);
    /// assert_eq!(Mode::Lean.max_n(), u32::MAX);
    /// ```
    #[must_use]
    pub const fn max_n(self) -> u32 {
        match self {
            Mode::Checked => MAX_CHECKED_N,
            Mode::Lean => MAX_LEAN_N,
        }
    }
}

/// An `n x n` game of tic-tac-toe, kept in storage `S`: use [`Game`] (size chosen at run time) or
/// [`FixedGame`] (size fixed at compile time, no allocator).
///
/// ```
/// use tictactoe_core::{Game, Player};
///
/// let mut game = Game::new(3)?;
/// game.play(0, 0, Player::X)?;
/// game.play(1, 1, Player::O)?;
/// assert_eq!(game.move_count(), 2);
/// assert_eq!(game.to_string(), "|X| | |\n| |O| |\n| | | |");
/// # Ok::<(), tictactoe_core::Error>(())
/// ```
#[derive(Clone)]
pub struct TicTacToe<S: Storage> {
    pub(crate) store: S,
    pub(crate) counters: Counters,
}

/// A game whose size is chosen at run time, kept on the heap (feature `alloc`).
///
/// ```
/// use tictactoe_core::{Game, Player};
///
/// let mut game = Game::new(4)?;
/// assert_eq!(game.play(3, 0, Player::O)?, None);
/// # Ok::<(), tictactoe_core::Error>(())
/// ```
#[cfg(feature = "alloc")]
pub type Game = TicTacToe<crate::Heap>;

/// A checked game whose size `N` (1 to 32) is fixed at compile time: no allocator needed.
///
/// ```
/// use tictactoe_core::{FixedGame, Player};
///
/// let mut game = FixedGame::<2>::new();
/// game.play(0, 0, Player::X)?;
/// game.play(1, 0, Player::O)?;
/// assert_eq!(game.play(0, 1, Player::X)?, Some(Player::X));
/// # Ok::<(), tictactoe_core::Error>(())
/// ```
pub type FixedGame<const N: usize> = TicTacToe<Fixed<N>>;

/// A refused move of [`TicTacToe::play_all`]: which one, and why. None of the batch was applied.
///
/// ```
/// use tictactoe_core::{BatchError, Error, Game};
///
/// let mut game = Game::new(3)?;
/// let err = game.play_all([[0, 0, 1], [0, 0, 2]]).unwrap_err();
/// assert_eq!(err, BatchError { index: 1, error: Error::Occupied { row: 0, col: 0, by: tictactoe_core::Player::X } });
/// assert_eq!(err.to_string(), "move 1 of the batch: cell (0, 0) is already taken by X");
/// # Ok::<(), Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BatchError {
    /// The position of the refused move in the batch, from 0.
    pub index: usize,
    /// Why it was refused.
    pub error: Error,
}

impl fmt::Display for BatchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "move {} of the batch: {}", self.index, self.error)
    }
}

impl core::error::Error for BatchError {
    fn source(&self) -> Option<&(dyn core::error::Error + 'static)> {
        Some(&self.error)
    }
}

#[cfg(feature = "alloc")]
impl TicTacToe<crate::Heap> {
    /// A checked `n x n` game: `n` from 1 to [`MAX_CHECKED_N`].
    ///
    /// ```
    /// use tictactoe_core::{Error, Game};
    ///
    /// assert_eq!(Game::new(3)?.n(), 3);
    /// assert!(matches!(Game::new(0), Err(Error::InvalidSize { n: 0, .. })));
    /// # Ok::<(), Error>(())
    /// ```
    pub fn new(n: usize) -> Result<Self, Error> {
        Self::with_mode(n, Mode::Checked)
    }

    /// A lean `n x n` game, O(n) memory: `n` from 1 to [`MAX_LEAN_N`].
    ///
    /// ```
    /// use tictactoe_core::{Error, Game, Player};
    ///
    /// let mut game = Game::new_lean(1_000_000)?;
    /// game.play(999_999, 0, Player::X)?;
    /// assert_eq!(game.cell(999_999, 0), Err(Error::NeedsBoard));
    /// # Ok::<(), Error>(())
    /// ```
    pub fn new_lean(n: usize) -> Result<Self, Error> {
        Self::with_mode(n, Mode::Lean)
    }

    /// An `n x n` game in `mode`. A size the memory cannot hold is [`Error::OutOfMemory`], not an abort.
    ///
    /// ```
    /// use tictactoe_core::{Error, Game, Mode};
    ///
    /// assert_eq!(Game::with_mode(5, Mode::Lean)?.mode(), Mode::Lean);
    /// assert!(matches!(Game::with_mode(70_000, Mode::Checked), Err(Error::InvalidSize { .. })));
    /// # Ok::<(), Error>(())
    /// ```
    pub fn with_mode(n: usize, mode: Mode) -> Result<Self, Error> {
        let max = mode.max_n();
        let n = match u32::try_from(n) {
            Ok(n) if (1..=max).contains(&n) => n,
            _ => {
                return Err(Error::InvalidSize {
                    n: i64::try_from(n).unwrap_or(i64::MAX),
                    max,
                });
            }
        };
        Self::from_store(n, mode)
    }

    /// [`with_mode`](Self::with_mode) for foreign callers whose sizes may be negative.
    ///
    /// ```
    /// use tictactoe_core::{Error, Game, Mode};
    ///
    /// assert_eq!(
    ///     Game::with_mode_raw(-3, Mode::Checked).unwrap_err(),
    ///     Error::InvalidSize { n: -3, max: 65_535 }
    /// );
    /// ```
    pub fn with_mode_raw(n: i64, mode: Mode) -> Result<Self, Error> {
        match usize::try_from(n) {
            Ok(size) => Self::with_mode(size, mode),
            Err(_) => Err(Error::InvalidSize {
                n,
                max: mode.max_n(),
            }),
        }
    }
}

impl<const N: usize> TicTacToe<Fixed<N>> {
    /// An empty checked `N x N` game in plain arrays; `N` outside 1..=32 fails to compile.
    ///
    /// ```
    /// use tictactoe_core::FixedGame;
    ///
    /// assert_eq!(FixedGame::<3>::new().n(), 3);
    /// ```
    #[must_use]
    pub const fn new() -> Self {
        TicTacToe {
            store: Fixed::empty(),
            counters: Counters::new(N as u32),
        }
    }
}

impl<const N: usize> Default for TicTacToe<Fixed<N>> {
    fn default() -> Self {
        Self::new()
    }
}

impl<S: Storage> TicTacToe<S> {
    /// A new game with an empty storage; `n` is valid for `mode`.
    pub(crate) fn from_store(n: u32, mode: Mode) -> Result<Self, Error> {
        Ok(TicTacToe {
            store: S::create(n, mode)?,
            counters: Counters::new(n),
        })
    }

    /// The board size `n`.
    ///
    /// ```
    /// # use tictactoe_core::Game;
    /// assert_eq!(Game::new(7)?.n(), 7);
    /// # Ok::<(), tictactoe_core::Error>(())
    /// ```
    #[inline]
    #[must_use]
    pub fn n(&self) -> usize {
        self.counters.n() as usize
    }

    /// Checked or lean.
    ///
    /// ```
    /// # use tictactoe_core::{Game, Mode};
    /// assert_eq!(Game::new(3)?.mode(), Mode::Checked);
    /// # Ok::<(), tictactoe_core::Error>(())
    /// ```
    #[inline]
    #[must_use]
    pub fn mode(&self) -> Mode {
        self.store.mode()
    }

    /// Checks that (`row`, `col`) is on the board and returns it as indices: how foreign callers,
    /// whose numbers may be negative, reach [`cell`](Self::cell).
    ///
    /// ```
    /// use tictactoe_core::{Error, Game};
    ///
    /// let game = Game::new(3)?;
    /// assert_eq!(game.locate(2, 0), Ok((2, 0)));
    /// assert_eq!(game.locate(-1, 0), Err(Error::OutOfRange { row: -1, col: 0, n: 3 }));
    /// # Ok::<(), Error>(())
    /// ```
    #[inline(always)]
    pub fn locate(&self, row: i64, col: i64) -> Result<(usize, usize), Error> {
        let n = u64::from(self.counters.n());
        // A negative number becomes huge as u64, so one unsigned comparison checks both ends.
        if (row as u64) < n && (col as u64) < n {
            Ok((row as usize, col as usize))
        } else {
            Err(Error::OutOfRange {
                row,
                col,
                n: self.counters.n(),
            })
        }
    }

    /// [`locate`](Self::locate) for indices: one range check for every caller.
    #[inline(always)]
    fn check_range(&self, row: usize, col: usize) -> Result<(), Error> {
        // Indices past i64::MAX saturate: they are off the board either way.
        let wide = |v: usize| i64::try_from(v).unwrap_or(i64::MAX);
        self.locate(wide(row), wide(col)).map(|_| ())
    }

    /// `player` marks (`row`, `col`); returns the winner after the move (`Some(player)` when it
    /// completes a line).
    ///
    /// Refused, in this order of precedence, and with the game left exactly as it was: a cell off the
    /// board ([`Error::OutOfRange`]), a finished game ([`Error::GameOver`]), the same player twice in a
    /// row ([`Error::WrongTurn`]) and, in checked mode, a taken cell ([`Error::Occupied`]).
    ///
    /// ```
    /// use tictactoe_core::{Error, Game, Player};
    ///
    /// let mut game = Game::new(3)?;
    /// assert_eq!(game.play(0, 0, Player::X)?, None);
    /// assert_eq!(game.play(2, 2, Player::X), Err(Error::WrongTurn { player: Player::X }));
    /// assert_eq!(game.move_count(), 1);
    /// # Ok::<(), Error>(())
    /// ```
    #[inline]
    pub fn play(
        &mut self,
        row: usize,
        col: usize,
        player: Player,
    ) -> Result<Option<Player>, Error> {
        self.check_range(row, col)?;
        self.place(row, col, player)
    }

    /// [`play`](Self::play) for foreign callers: any numbers, returns `0` (no winner), `1` or `2`.
    /// A player other than 1 or 2 is refused first ([`Error::InvalidPlayer`]).
    ///
    /// ```
    /// use tictactoe_core::{Error, Game};
    ///
    /// let mut game = Game::new(1)?;
    /// assert_eq!(game.play_raw(0, 0, 3), Err(Error::InvalidPlayer { player: 3 }));
    /// assert_eq!(game.play_raw(0, 0, 2), Ok(2));
    /// # Ok::<(), Error>(())
    /// ```
    #[inline(always)]
    pub fn play_raw(&mut self, row: i64, col: i64, player: i64) -> Result<u8, Error> {
        let player = Player::from_number(player)?;
        let (row, col) = self.locate(row, col)?;
        Ok(self.place(row, col, player)?.map_or(0, Player::number))
    }

    /// The rules after the range check; nothing changes until every check has passed.
    #[inline(always)]
    fn place(&mut self, row: usize, col: usize, player: Player) -> Result<Option<Player>, Error> {
        self.counters.check_turn(player)?;
        if self.store.mode() == Mode::Checked {
            // In range, so row * n + col < n * n <= u32::MAX.
            let index = (row * self.n() + col) as u32;
            if let Some(by) = bits_player(cell_bits(self.store.cells(), index)) {
                return Err(Error::Occupied {
                    row: row as u32,
                    col: col as u32,
                    by,
                });
            }
            self.store.reserve_move()?;
            set_cell_bits(self.store.cells_mut(), index, player.number());
            self.store.push_move(index);
        }
        Ok(self.counters.add(self.store.lines_mut(), row, col, player))
    }

    /// Applies `[row, col, player]` moves all or nothing, as [`play_raw`](Self::play_raw) would one
    /// by one. Returns the winner after the last move; on a refused move, takes back the ones before
    /// it and says which it was.
    ///
    /// ```
    /// use tictactoe_core::{Error, Game};
    ///
    /// let mut game = Game::new(3)?;
    /// let err = game.play_all([[0, 0, 1], [1, 1, 2], [1, 1, 1]]).unwrap_err();
    /// assert_eq!(err.index, 2);
    /// assert_eq!(game.move_count(), 0);
    /// assert_eq!(game.play_all([[0, 0, 1], [1, 1, 2]]), Ok(None));
    /// # Ok::<(), Error>(())
    /// ```
    pub fn play_all<I>(&mut self, moves: I) -> Result<Option<Player>, BatchError>
    where
        I: IntoIterator<Item = [i64; 3]>,
        I::IntoIter: Clone,
    {
        let moves = moves.into_iter();
        let before = self.counters.clone();
        let history_len = self.store.history().len();
        for (index, [row, col, player]) in moves.clone().enumerate() {
            if let Err(error) = self.play_raw(row, col, player) {
                self.take_back(moves.take(index));
                self.store.truncate_moves(history_len);
                self.counters = before;
                return Err(BatchError { index, error });
            }
        }
        Ok(self.counters.winner())
    }

    /// Takes the lines and cells of `applied` moves back; the caller restores the scalars.
    fn take_back(&mut self, applied: impl Iterator<Item = [i64; 3]>) {
        let checked = self.store.mode() == Mode::Checked;
        for [row, col, player] in applied {
            // These moves were accepted, so they convert.
            let (Ok(player), Ok((row, col))) = (Player::from_number(player), self.locate(row, col))
            else {
                continue;
            };
            if checked {
                let index = (row * self.n() + col) as u32;
                set_cell_bits(self.store.cells_mut(), index, 0);
            }
            self.counters
                .remove(self.store.lines_mut(), row, col, player);
        }
    }

    /// Takes back the last move, also a winning one, and returns it as `(row, col, player)`.
    /// Checked mode only.
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
        if self.store.mode() == Mode::Lean {
            return Err(Error::NeedsBoard);
        }
        let (Some(&index), Some(player)) = (self.store.history().last(), self.counters.last())
        else {
            return Err(Error::NothingToUndo);
        };
        let n = self.n();
        let (row, col) = (index as usize / n, index as usize % n);
        set_cell_bits(self.store.cells_mut(), index, 0);
        let len = self.store.history().len();
        self.store.truncate_moves(len - 1);
        self.counters
            .remove(self.store.lines_mut(), row, col, player);
        Ok((row, col, player))
    }

    /// Back to the empty board of the same size and mode, reusing the memory: O(moves played) for the
    /// cells, O(n) for the counters, and no allocation.
    ///
    /// ```
    /// use tictactoe_core::{Game, Player};
    ///
    /// let mut game = Game::new(3)?;
    /// game.play(1, 1, Player::X)?;
    /// game.reset();
    /// assert_eq!(game.move_count(), 0);
    /// assert_eq!(game.cell(1, 1), Ok(None));
    /// # Ok::<(), tictactoe_core::Error>(())
    /// ```
    pub fn reset(&mut self) {
        for k in 0..self.store.history().len() {
            let index = self.store.history()[k];
            set_cell_bits(self.store.cells_mut(), index, 0);
        }
        self.store.truncate_moves(0);
        self.counters.reset(self.store.lines_mut());
    }

    /// Who holds (`row`, `col`): `None` when empty. Checked mode only.
    ///
    /// ```
    /// use tictactoe_core::{Error, Game, Player};
    ///
    /// let mut game = Game::new(3)?;
    /// game.play(0, 2, Player::O)?;
    /// assert_eq!(game.cell(0, 2), Ok(Some(Player::O)));
    /// assert_eq!(game.cell(0, 3), Err(Error::OutOfRange { row: 0, col: 3, n: 3 }));
    /// # Ok::<(), Error>(())
    /// ```
    pub fn cell(&self, row: usize, col: usize) -> Result<Option<Player>, Error> {
        self.check_range(row, col)?;
        if self.store.mode() == Mode::Lean {
            return Err(Error::NeedsBoard);
        }
        let index = (row * self.n() + col) as u32;
        Ok(bits_player(cell_bits(self.store.cells(), index)))
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
        self.counters.winner()
    }

    /// True after a win or when the board is full.
    ///
    /// ```
    /// # use tictactoe_core::{Game, Player};
    /// let mut game = Game::new(1)?;
    /// game.play(0, 0, Player::X)?;
    /// assert!(game.is_over());
    /// # Ok::<(), tictactoe_core::Error>(())
    /// ```
    #[inline]
    #[must_use]
    pub fn is_over(&self) -> bool {
        self.counters.is_over()
    }

    /// True when the board is full and nobody has won.
    ///
    /// ```
    /// # use tictactoe_core::Game;
    /// let mut game = Game::new(2)?;
    /// game.play_all([[0, 0, 1], [0, 1, 2], [1, 1, 1]]).unwrap();
    /// assert!(!game.is_draw()); // X has won on the diagonal
    /// # Ok::<(), tictactoe_core::Error>(())
    /// ```
    #[inline]
    #[must_use]
    pub fn is_draw(&self) -> bool {
        self.counters.winner().is_none() && self.counters.is_full()
    }

    /// Moves played so far.
    ///
    /// ```
    /// # use tictactoe_core::{Game, Player};
    /// let mut game = Game::new(3)?;
    /// game.play(0, 0, Player::X)?;
    /// assert_eq!(game.move_count(), 1);
    /// # Ok::<(), tictactoe_core::Error>(())
    /// ```
    #[inline]
    #[must_use]
    pub fn move_count(&self) -> u64 {
        self.counters.moves()
    }

    /// The player who moved last, who may not move next.
    ///
    /// ```
    /// # use tictactoe_core::{Game, Player};
    /// let mut game = Game::new(3)?;
    /// assert_eq!(game.last_player(), None);
    /// game.play(0, 0, Player::O)?;
    /// assert_eq!(game.last_player(), Some(Player::O));
    /// # Ok::<(), tictactoe_core::Error>(())
    /// ```
    #[inline]
    #[must_use]
    pub fn last_player(&self) -> Option<Player> {
        self.counters.last()
    }

    /// Whether `player` can still complete some line: one holding no mark of the opponent. False once
    /// the game is over, so `!can_win(X) && !can_win(O)` is a dead draw, found before the board fills.
    ///
    /// ```
    /// use tictactoe_core::{Game, Player};
    ///
    /// let mut game = Game::new(2)?;
    /// game.play(0, 0, Player::X)?;
    /// game.play(1, 1, Player::O)?;
    /// assert!(game.can_win(Player::X)); // row 0 and column 0 are still free of O
    /// # Ok::<(), tictactoe_core::Error>(())
    /// ```
    #[inline]
    #[must_use]
    pub fn can_win(&self, player: Player) -> bool {
        self.counters.can_win(player)
    }

    /// The moves played so far as `(row, col, player)`, oldest first; none in lean mode.
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
        let n = self.n();
        let history = self.store.history();
        // The last mover made the last move; players alternate back from there.
        let last = self.counters.last().unwrap_or(Player::X);
        let first = if history.len() % 2 == 1 {
            last
        } else {
            last.other()
        };
        history.iter().enumerate().map(move |(k, &index)| {
            let player = if k % 2 == 0 { first } else { first.other() };
            (index as usize / n, index as usize % n, player)
        })
    }
}

/// The player a cell's two bits name.
#[inline]
fn bits_player(bits: u8) -> Option<Player> {
    match bits {
        1 => Some(Player::X),
        2 => Some(Player::O),
        _ => None,
    }
}

/// Two games are equal when they have the same size and mode and the same counters, and in checked
/// mode the same moves in the same order: then every call gives both the same answer.
impl<S: Storage, T: Storage> PartialEq<TicTacToe<T>> for TicTacToe<S> {
    fn eq(&self, other: &TicTacToe<T>) -> bool {
        self.mode() == other.mode()
            && self.counters == other.counters
            && self.store.lines() == other.store.lines()
            && self.store.history() == other.store.history()
    }
}

impl<S: Storage> Eq for TicTacToe<S> {}

impl<S: Storage> fmt::Debug for TicTacToe<S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("TicTacToe")
            .field("n", &self.n())
            .field("mode", &self.mode())
            .field("moves", &self.move_count())
            .field("last_player", &self.last_player())
            .field("winner", &self.winner())
            .finish()
    }
}

/// How a game stands: still in play, won, or drawn. Its `Display` reads "in play", "X has won",
/// "a draw".
///
/// ```
/// use tictactoe_core::{Game, Outcome, Player};
///
/// let mut game = Game::new(1)?;
/// assert_eq!(game.outcome(), Outcome::InPlay);
/// game.play(0, 0, Player::O)?;
/// assert_eq!(game.outcome(), Outcome::Won(Player::O));
/// assert_eq!(game.outcome().to_string(), "O has won");
/// # Ok::<(), tictactoe_core::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// Moves are still accepted.
    InPlay,
    /// This player holds a whole line.
    Won(Player),
    /// The board is full and nobody holds a line.
    Draw,
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::InPlay => f.write_str("in play"),
            Outcome::Won(player) => write!(f, "{player} has won"),
            Outcome::Draw => f.write_str("a draw"),
        }
    }
}

/// The board of a checked game, from [`TicTacToe::board`]: its `Display` draws one line per row,
/// cells between bars (`|X| |O|`).
///
/// ```
/// use tictactoe_core::{Error, Game, Player};
///
/// let mut game = Game::new(2)?;
/// game.play(1, 0, Player::X)?;
/// assert_eq!(game.board()?.to_string(), "| | |\n|X| |");
/// assert!(matches!(Game::new_lean(2)?.board(), Err(Error::NeedsBoard)));
/// # Ok::<(), Error>(())
/// ```
pub struct Board<'a, S: Storage> {
    game: &'a TicTacToe<S>,
}

impl<S: Storage> TicTacToe<S> {
    /// Whether the game is in play, won or drawn.
    ///
    /// ```
    /// use tictactoe_core::{Game, Outcome};
    ///
    /// let mut game = Game::new(2)?;
    /// game.play_all([[0, 0, 1], [0, 1, 2], [1, 1, 1]]).unwrap();
    /// assert_eq!(game.outcome(), Outcome::Won(tictactoe_core::Player::X));
    /// # Ok::<(), tictactoe_core::Error>(())
    /// ```
    #[must_use]
    pub fn outcome(&self) -> Outcome {
        match self.winner() {
            Some(player) => Outcome::Won(player),
            None if self.is_draw() => Outcome::Draw,
            None => Outcome::InPlay,
        }
    }

    /// The board, for drawing: [`Error::NeedsBoard`] for a lean game, which keeps none.
    ///
    /// ```
    /// use tictactoe_core::{Game, Player};
    ///
    /// let mut game = Game::new(3)?;
    /// game.play(0, 2, Player::O)?;
    /// assert_eq!(game.board()?.to_string().lines().next(), Some("| | |O|"));
    /// # Ok::<(), tictactoe_core::Error>(())
    /// ```
    pub fn board(&self) -> Result<Board<'_, S>, Error> {
        match self.mode() {
            Mode::Checked => Ok(Board { game: self }),
            Mode::Lean => Err(Error::NeedsBoard),
        }
    }
}

impl<S: Storage> fmt::Display for Board<'_, S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.game.n();
        let cells = self.game.store.cells();
        for row in 0..n {
            if row > 0 {
                f.write_str("\n")?;
            }
            for col in 0..n {
                let symbol = match bits_player(cell_bits(cells, (row * n + col) as u32)) {
                    Some(p) => p.symbol(),
                    None => ' ',
                };
                write!(f, "|{symbol}")?;
            }
            f.write_str("|")?;
        }
        Ok(())
    }
}

/// Checked games draw their [`Board`]. Lean games keep no board and write a one-line summary
/// instead, with the outcome once the game is over.
impl<S: Storage> fmt::Display for TicTacToe<S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Ok(board) = self.board() {
            return board.fmt(f);
        }
        let (n, moves) = (self.n(), self.move_count());
        let plural = if moves == 1 { "" } else { "s" };
        write!(f, "lean {n}x{n} game, {moves} move{plural}")?;
        match self.outcome() {
            Outcome::InPlay => Ok(()),
            over => write!(f, ", {over}"),
        }
    }
}
