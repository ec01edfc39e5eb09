//! The classic square game on its counters: its two storages, its constructors, and the questions
//! it answers in O(1). [`Game`](crate::Game) holds it for the classic rules.

use core::fmt;
use core::hash::{Hash, Hasher};

use crate::counters::Counters;
#[cfg(feature = "vec")]
use crate::counters::Line;
#[cfg(feature = "alloc")]
use crate::error::Error;
use crate::limits::Mode;
use crate::player::Player;
use crate::storage::{Fixed, Storage, Unfit};

/// The classic `n x n` game of tic-tac-toe on its counters, kept in storage `S`: [`ClassicGame`]
/// (size chosen at run time) or [`FixedGame`] (size fixed at compile time, no allocator). Most
/// callers want [`Game`](crate::Game), which holds a [`ClassicGame`] for these rules and the
/// family's boards for every other.
///
/// ```
/// use tictactoe_core::{ClassicGame, Player};
///
/// let mut game = ClassicGame::new(3)?;
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

/// The classic game with its size chosen at run time, kept on the heap (feature `alloc`): the
/// representation [`Game`](crate::Game) holds for the classic rules, by name. (Before 0.3.0 this
/// was called `Game`.)
///
/// ```
/// use tictactoe_core::{ClassicGame, Player};
///
/// let mut game = ClassicGame::new(4)?;
/// assert_eq!(game.play(3, 0, Player::O)?, None);
/// # Ok::<(), tictactoe_core::Error>(())
/// ```
#[cfg(feature = "alloc")]
pub type ClassicGame = TicTacToe<crate::Heap>;

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

#[cfg(feature = "alloc")]
impl TicTacToe<crate::Heap> {
    /// A checked `n x n` game: `n` from 1 to [`MAX_CHECKED_N`](crate::MAX_CHECKED_N).
    ///
    /// ```
    /// use tictactoe_core::{Error, ClassicGame};
    ///
    /// assert_eq!(ClassicGame::new(3)?.n(), 3);
    /// assert!(matches!(ClassicGame::new(0), Err(Error::InvalidSize { n: 0, .. })));
    /// # Ok::<(), Error>(())
    /// ```
    pub fn new(n: usize) -> Result<Self, Error> {
        Self::with_mode(n, Mode::Checked)
    }

    /// A lean `n x n` game, O(n) memory: `n` from 1 to [`MAX_LEAN_N`](crate::MAX_LEAN_N).
    ///
    /// ```
    /// use tictactoe_core::{Error, ClassicGame, Player};
    ///
    /// let mut game = ClassicGame::new_lean(1_000_000)?;
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
    /// use tictactoe_core::{Error, ClassicGame, Mode};
    ///
    /// assert_eq!(ClassicGame::with_mode(5, Mode::Lean)?.mode(), Mode::Lean);
    /// assert_eq!(
    ///     ClassicGame::with_mode(usize::MAX, Mode::Checked).unwrap_err().to_string(),
    ///     format!("board size {} is invalid: it must be between 1 and 65535", usize::MAX)
    /// );
    /// # Ok::<(), Error>(())
    /// ```
    pub fn with_mode(n: usize, mode: Mode) -> Result<Self, Error> {
        match mode.accepts(n) {
            // A heap storage refuses no shape, only memory.
            Some(n) => Self::empty(n, mode).map_err(|_| Error::OutOfMemory {
                rows: n as usize,
                cols: n as usize,
            }),
            None => Err(Error::InvalidSize {
                n: n as i128,
                max: mode.max_n(),
            }),
        }
    }

    /// [`with_mode`](Self::with_mode) for foreign callers, whose sizes may be negative.
    ///
    /// ```
    /// use tictactoe_core::{Error, ClassicGame, Mode};
    ///
    /// assert_eq!(
    ///     ClassicGame::with_mode_i64(-3, Mode::Checked).unwrap_err(),
    ///     Error::InvalidSize { n: -3, max: 65_535 }
    /// );
    /// ```
    pub fn with_mode_i64(n: i64, mode: Mode) -> Result<Self, Error> {
        match usize::try_from(n) {
            Ok(size) => Self::with_mode(size, mode),
            Err(_) => Err(Error::InvalidSize {
                n: i128::from(n),
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
    pub(crate) fn empty(n: u32, mode: Mode) -> Result<Self, Unfit> {
        Ok(TicTacToe {
            store: S::create(n, mode)?,
            counters: Counters::new(n),
        })
    }

    /// The board size `n`.
    ///
    /// ```
    /// # use tictactoe_core::ClassicGame;
    /// assert_eq!(ClassicGame::new(7)?.n(), 7);
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
    /// # use tictactoe_core::{ClassicGame, Mode};
    /// assert_eq!(ClassicGame::new(3)?.mode(), Mode::Checked);
    /// # Ok::<(), tictactoe_core::Error>(())
    /// ```
    #[inline]
    #[must_use]
    pub fn mode(&self) -> Mode {
        self.store.mode()
    }

    /// The winner, if any.
    ///
    /// ```
    /// # use tictactoe_core::{ClassicGame, Player};
    /// let mut game = ClassicGame::new(1)?;
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
    /// # use tictactoe_core::{ClassicGame, Player};
    /// let mut game = ClassicGame::new(1)?;
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
    /// # use tictactoe_core::{ClassicGame, Player};
    /// let mut game = ClassicGame::new(2)?;
    /// game.play_all([(0, 0, Player::X), (0, 1, Player::O), (1, 1, Player::X)]).unwrap();
    /// assert!(!game.is_draw()); // X has won on the diagonal
    /// # Ok::<(), tictactoe_core::Error>(())
    /// ```
    #[inline]
    #[must_use]
    pub fn is_draw(&self) -> bool {
        self.counters.turns().is_draw()
    }

    /// Moves played so far.
    ///
    /// ```
    /// # use tictactoe_core::{ClassicGame, Player};
    /// let mut game = ClassicGame::new(3)?;
    /// game.play(0, 0, Player::X)?;
    /// assert_eq!(game.move_count(), 1);
    /// # Ok::<(), tictactoe_core::Error>(())
    /// ```
    #[inline]
    #[must_use]
    pub fn move_count(&self) -> u64 {
        self.counters.moves()
    }

    /// The most moves that can still be played: the empty cells, or 0 once the game is over. A batch
    /// longer than this cannot be legal.
    ///
    /// ```
    /// # use tictactoe_core::{ClassicGame, Player};
    /// let mut game = ClassicGame::new(3)?;
    /// game.play(0, 0, Player::X)?;
    /// assert_eq!(game.moves_left(), 8);
    /// # Ok::<(), tictactoe_core::Error>(())
    /// ```
    #[inline]
    #[must_use]
    pub fn moves_left(&self) -> u64 {
        self.counters.moves_left()
    }

    /// The player who moved last, who may not move next.
    ///
    /// ```
    /// # use tictactoe_core::{ClassicGame, Player};
    /// let mut game = ClassicGame::new(3)?;
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
    /// use tictactoe_core::{ClassicGame, Player};
    ///
    /// let mut game = ClassicGame::new(2)?;
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

    /// A checked game's state as plain slices, for a batch to copy: its counters, its `n` pairs
    /// of lines, its packed cells and its moves (cell indices, oldest first). `None` when lean.
    #[cfg(feature = "vec")]
    pub(crate) fn checked_state(&self) -> Option<CheckedState<'_>> {
        match self.mode() {
            Mode::Checked => Some((
                &self.counters,
                self.store.lines(),
                self.store.cells(),
                self.store.journal(),
            )),
            Mode::Lean => None,
        }
    }

    /// The cells played (`row * n + col`), oldest first; none in lean mode.
    pub(crate) fn checked_journal(&self) -> &[u32] {
        match self.mode() {
            Mode::Checked => self.store.journal(),
            Mode::Lean => &[],
        }
    }

    /// The moves played so far as `(row, col, player)`, oldest first; none in lean mode.
    ///
    /// ```
    /// # use tictactoe_core::{ClassicGame, Player};
    /// let mut game = ClassicGame::new(3)?;
    /// game.play(2, 0, Player::O)?;
    /// game.play(1, 2, Player::X)?;
    /// let moves: Vec<_> = game.moves().collect();
    /// assert_eq!(moves, [(2, 0, Player::O), (1, 2, Player::X)]);
    /// # Ok::<(), tictactoe_core::Error>(())
    /// ```
    pub fn moves(&self) -> impl ExactSizeIterator<Item = (usize, usize, Player)> + '_ {
        self.counters
            .turns()
            .replay(self.checked_journal(), self.n())
    }
}

/// A checked game's counters, lines, packed cells and moves, borrowed (see `checked_state`).
#[cfg(feature = "vec")]
pub(crate) type CheckedState<'a> = (&'a Counters, &'a [[Line; 2]], &'a [u64], &'a [u32]);

/// Two games are equal when they have the same size and mode and the same counters, and in checked
/// mode the same moves in the same order: then every call gives both the same answer.
impl<S: Storage, T: Storage> PartialEq<TicTacToe<T>> for TicTacToe<S> {
    fn eq(&self, other: &TicTacToe<T>) -> bool {
        self.mode() == other.mode()
            && self.counters == other.counters
            && self.store.lines() == other.store.lines()
            && self.store.tallies() == other.store.tallies()
            && self.store.journal() == other.store.journal()
    }
}

impl<S: Storage> Eq for TicTacToe<S> {}

/// Hashes what [`PartialEq`] compares, so equal games hash alike, whatever their storage.
///
/// ```
/// use std::collections::HashSet;
/// use tictactoe_core::{FixedGame, ClassicGame, Player};
///
/// let mut seen = HashSet::new();
/// let mut game = ClassicGame::new(3)?;
/// seen.insert(game.clone());
/// game.play(1, 1, Player::X)?;
/// assert!(seen.insert(game.clone()));
/// game.undo()?;
/// assert!(!seen.insert(game));
/// # Ok::<(), tictactoe_core::Error>(())
/// ```
impl<S: Storage> Hash for TicTacToe<S> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.mode().hash(state);
        self.counters.hash(state);
        self.store.lines().hash(state);
        self.store.tallies().hash(state);
        self.store.journal().hash(state);
    }
}

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
