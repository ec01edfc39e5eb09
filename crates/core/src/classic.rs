//! The classic square game on its counters: its two storages, its constructors, and the questions
//! it answers in O(1). [`Game`](crate::Game) holds it for the classic rules.

use core::hash::{Hash, Hasher};

use crate::counters::Counters;
#[cfg(feature = "vec")]
use crate::counters::Line;
#[cfg(feature = "alloc")]
use crate::error::Error;
use crate::game::GameOn;
use crate::limits::Mode;
use crate::storage::{Fixed, Storage, Unfit};

/// The classic `n x n` game's representation: its counters, kept in storage `S` ([`Heap`](crate::Heap)
/// or [`Fixed`]). The game itself is [`TicTacToe<S>`](TicTacToe): [`ClassicGame`] or [`FixedGame`].
#[derive(Clone)]
pub struct Classic<S: Storage> {
    pub(crate) store: S,
    pub(crate) counters: Counters,
}

/// The classic `n x n` game of tic-tac-toe on its counters, kept in storage `S`: [`ClassicGame`]
/// (size chosen at run time) or [`FixedGame`] (size fixed at compile time, no allocator). Most
/// callers want [`Game`](crate::Game), which holds a [`ClassicGame`] for these rules and the
/// family's boards for every other; all answer the methods of [`GameOn`].
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
pub type TicTacToe<S> = GameOn<Classic<S>>;

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
impl GameOn<Classic<crate::Heap>> {
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
            Some(n) => Classic::empty(n, mode)
                .map(GameOn)
                .map_err(|_| Error::OutOfMemory {
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

impl<const N: usize> GameOn<Classic<Fixed<N>>> {
    /// An empty checked `N x N` game in plain arrays; `N` outside 1..=32 fails to compile.
    ///
    /// ```
    /// use tictactoe_core::FixedGame;
    ///
    /// assert_eq!(FixedGame::<3>::new().n(), 3);
    /// ```
    #[must_use]
    pub const fn new() -> Self {
        GameOn(Classic {
            store: Fixed::empty(),
            counters: Counters::new(N as u32),
        })
    }
}

impl<const N: usize> Default for GameOn<Classic<Fixed<N>>> {
    fn default() -> Self {
        Self::new()
    }
}

impl<S: Storage> Classic<S> {
    /// A new game with an empty storage; `n` is valid for `mode`.
    pub(crate) fn empty(n: u32, mode: Mode) -> Result<Self, Unfit> {
        Ok(Classic {
            store: S::create(n, mode)?,
            counters: Counters::new(n),
        })
    }

    /// The board size `n`.
    #[inline]
    pub(crate) fn n(&self) -> usize {
        self.counters.n() as usize
    }

    /// The cells played (`row * n + col`), oldest first; none in lean mode.
    pub(crate) fn checked_journal(&self) -> &[u32] {
        match self.store.mode() {
            Mode::Checked => self.store.journal(),
            Mode::Lean => &[],
        }
    }
}

impl<S: Storage> TicTacToe<S> {
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
        self.0.n()
    }

    /// A checked game's state as plain slices, for a batch to copy: its counters, its `n` pairs
    /// of lines, its packed cells and its moves (cell indices, oldest first). `None` when lean.
    #[cfg(feature = "vec")]
    pub(crate) fn checked_state(&self) -> Option<CheckedState<'_>> {
        let Classic { store, counters } = &self.0;
        match store.mode() {
            Mode::Checked => Some((counters, store.lines(), store.cells(), store.journal())),
            Mode::Lean => None,
        }
    }
}

/// A checked game's counters, lines, packed cells and moves, borrowed (see `checked_state`).
#[cfg(feature = "vec")]
pub(crate) type CheckedState<'a> = (&'a Counters, &'a [[Line; 2]], &'a [u64], &'a [u32]);

/// Two games are equal when they have the same size and mode and the same counters, and in checked
/// mode the same moves in the same order: then every call gives both the same answer.
impl<S: Storage, T: Storage> PartialEq<Classic<T>> for Classic<S> {
    fn eq(&self, other: &Classic<T>) -> bool {
        self.store.mode() == other.store.mode()
            && self.counters == other.counters
            && self.store.lines() == other.store.lines()
            && self.store.tallies() == other.store.tallies()
            && self.store.journal() == other.store.journal()
    }
}

impl<S: Storage> Eq for Classic<S> {}

/// Hashes what [`PartialEq`] compares, so equal games hash alike, whatever their storage.
///
/// ```
/// use std::collections::HashSet;
/// use tictactoe_core::{ClassicGame, Player};
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
impl<S: Storage> Hash for Classic<S> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.store.mode().hash(state);
        self.counters.hash(state);
        self.store.lines().hash(state);
        self.store.tallies().hash(state);
        self.store.journal().hash(state);
    }
}
