//! The classic square game on its counters, checked: its two storages, its constructors, and the
//! questions it answers in O(1). (The lean game is in `lean`.) [`Game`](crate::Game) holds it for the classic rules.

use core::hash::{Hash, Hasher};

use crate::counters::Counters;
#[cfg(feature = "vec")]
use crate::counters::Line;
#[cfg(feature = "alloc")]
use crate::error::Error;
use crate::game::GameOn;
#[cfg(feature = "alloc")]
use crate::limits::Mode;
use crate::record::Moves;
use crate::storage::{Fixed, Storage, Unfit};
use crate::turns::Turns;

/// The classic `n x n` game's representation: its counters, kept in storage `S` ([`Heap`](crate::representations::Heap)
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
/// use tictactoe_core::representations::ClassicGame;
/// use tictactoe_core::Player;
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
/// use tictactoe_core::representations::ClassicGame;
/// use tictactoe_core::Player;
///
/// let mut game = ClassicGame::new(4)?;
/// assert_eq!(game.play(3, 0, Player::O)?, None);
/// # Ok::<(), tictactoe_core::Error>(())
/// ```
#[cfg(feature = "alloc")]
pub type ClassicGame = TicTacToe<crate::representations::Heap>;

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
impl GameOn<Classic<crate::representations::Heap>> {
    /// A checked `n x n` game: `n` from 1 to [`MAX_CHECKED_N`](crate::MAX_CHECKED_N). (A lean
    /// game is [`Game::new_lean`](crate::Game::new_lean).)
    ///
    /// ```
    /// use tictactoe_core::representations::ClassicGame;
    /// use tictactoe_core::Error;
    ///
    /// assert_eq!(ClassicGame::new(3)?.n(), 3);
    /// assert!(matches!(ClassicGame::new(0), Err(Error::InvalidSize { n: 0, .. })));
    /// # Ok::<(), Error>(())
    /// ```
    pub fn new(n: usize) -> Result<Self, Error> {
        Classic::checked(n).and_then(GameOn::on)
    }
}

#[cfg(feature = "alloc")]
impl Classic<crate::representations::Heap> {
    /// The empty board of a checked `n x n` game on the heap, `n` checked against the mode's
    /// limit: what [`ClassicGame::new`] and [`Game::new`](crate::Game::new) each put in a game.
    #[inline]
    pub(crate) fn checked(n: usize) -> Result<Self, Error> {
        let n = Error::sized(n, Mode::Checked)?;
        Classic::empty(n).map_err(|_| Error::OutOfMemory {
            rows: n as usize,
            cols: n as usize,
        })
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
        GameOn {
            rep: Classic {
                store: Fixed::empty(),
                counters: Counters::new(N as u32),
            },
            turns: Turns::new((N * N) as u64),
            moves: Moves::in_room([[0; N]; N]),
        }
    }
}

impl<const N: usize> Default for GameOn<Classic<Fixed<N>>> {
    fn default() -> Self {
        Self::new()
    }
}

impl<S: Storage> Classic<S> {
    /// A new game with an empty storage; `n` is valid for checked mode.
    pub(crate) fn empty(n: u32) -> Result<Self, Unfit> {
        Ok(Classic {
            store: S::create(n)?,
            counters: Counters::new(n),
        })
    }

    /// The board size `n`: the number of line pairs, which the range check of a move has just read.
    #[inline]
    pub(crate) fn n(&self) -> usize {
        self.store.lines().len()
    }
}

impl<S: Storage> TicTacToe<S> {
    /// The board size `n`.
    ///
    /// ```
    /// # use tictactoe_core::representations::ClassicGame;
    /// assert_eq!(ClassicGame::new(7)?.n(), 7);
    /// # Ok::<(), tictactoe_core::Error>(())
    /// ```
    #[inline]
    #[must_use]
    pub fn n(&self) -> usize {
        self.rep.n()
    }
}

impl<S: Storage> Classic<S> {
    /// The board's state as plain slices, for a batch to copy: its counters, its `n` pairs of
    /// lines and its packed cells.
    #[cfg(feature = "vec")]
    pub(crate) fn checked_state(&self) -> CheckedState<'_> {
        let Classic { store, counters } = self;
        (counters, store.lines(), store.cells())
    }
}

/// A checked game's counters, lines and packed cells, borrowed (see `checked_state`).
#[cfg(feature = "vec")]
pub(crate) type CheckedState<'a> = (&'a Counters, &'a [[Line; 2]], &'a [u64]);

/// Two boards are equal when they have the same size and counters (their games compare the moves
/// too: then every call gives both the same answer).
impl<S: Storage, T: Storage> PartialEq<Classic<T>> for Classic<S> {
    fn eq(&self, other: &Classic<T>) -> bool {
        self.counters == other.counters && self.store.lines() == other.store.lines()
    }
}

impl<S: Storage> Eq for Classic<S> {}

/// Hashes what [`PartialEq`] compares, so equal games hash alike, whatever their storage.
///
/// ```
/// use std::collections::HashSet;
/// use tictactoe_core::representations::ClassicGame;
/// use tictactoe_core::Player;
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
        self.counters.hash(state);
        self.store.lines().hash(state);
    }
}

impl<S: Storage> core::fmt::Debug for Classic<S> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Classic").field("n", &self.n()).finish()
    }
}
