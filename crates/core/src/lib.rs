//! A k-in-a-row engine (tic-tac-toe on any `n x n` board, any `rows x cols` board and `k`, with or
//! without gravity: Connect Four, gomoku) whose moves never scan the board.
//!
//! The classic game keeps a count of each player's marks per row, column and diagonal: a move bumps
//! at most four counts, and the line that reaches `n` wins. The same counts tell whether a player can
//! still complete any line ([`Game::can_win`]), so a dead draw shows up long before the board is
//! full. Other rules play on one word a player (boards that fit 64 bits) or on line bitsets.
//!
//! ```
//! use tictactoe_core::{Game, Player, Rules};
//!
//! let mut game = Game::new(3)?;
//! for (row, col, player) in [(0, 0, Player::X), (1, 0, Player::O), (0, 1, Player::X), (1, 1, Player::O)] {
//!     assert_eq!(game.play(row, col, player)?, None);
//! }
//! assert_eq!(game.play(0, 2, Player::X)?, Some(Player::X));
//! assert!(game.is_over());
//!
//! let mut four = Game::with_rules(Rules::connect_four())?;
//! assert_eq!(four.drop_in(3, Player::X)?, None);
//! # Ok::<(), tictactoe_core::Error>(())
//! ```
//!
//! # The names
//!
//! - [`Game`]: one game of any [`Rules`], chosen at run time, in the representation that plays
//!   them best; [`VecGames`] for many games in one call (feature `vec`). Perfect and skilled
//!   play (`Solver`, `Agent`, books) are the crate above this one, `tictactoe-solve`, which
//!   reads a game through [`view`] and the game's public methods alone.
//! - [`FixedGame<N>`]: the classic `N x N` game in arrays sized when compiled, without an allocator.
//! - Every game is one type, [`GameOn<R>`](representations::GameOn), which keeps the turns and
//!   whose methods (every rule check, undo, batches, encoding, display) are written once over its
//!   board, the representation `R`: [`Game`] is `GameOn<Chosen>`; the representations by name,
//!   for those who want one, are in [`representations`].
//!
//! # Two modes of the classic game
//!
//! | | [`Mode::Checked`] (default) | [`Mode::Lean`] |
//! |---|---|---|
//! | memory | `16n` bytes of counters, 2 bits a cell, 4 bytes a move | `8n` bytes of counters |
//! | largest `n` | [`MAX_CHECKED_N`] | [`MAX_LEAN_N`] |
//! | refuses a taken cell | yes | no: the caller plays each cell at most once |
//! | [`cell`](Game::cell), [`undo`](Game::undo), drawing the board | yes | no ([`Error::NeedsBoard`]) |
//!
//! Both modes refuse, in O(1), a cell off the board, the same player twice in a row and any move
//! after the game is over; foreign callers also get a player other than 1 or 2 refused
//! ([`Game::play_i64`]). A refused call changes nothing.
//!
//! # Storage
//!
//! [`Game`] sizes its board at run time on the heap (feature `alloc`, on by default); allocation
//! failure is an [`Error::OutOfMemory`], never an abort. [`FixedGame<N>`] keeps everything in arrays
//! sized at compile time and needs no allocator. Both run the same counter code.
#![no_std]
#![forbid(unsafe_code)]
#![deny(missing_docs)]

#[cfg(feature = "alloc")]
extern crate alloc;
#[cfg(feature = "std")]
extern crate std;

// Layers point down only: the batched stepper (vec_games) and the solver -> chosen (the run-time
// choice) -> kgame and classic (the representations: play, board, encoding) -> game (the turns and
// every public method, once, over repr's seam; text draws every game) -> batch, turns (-> outcome)
// -> storage -> counters -> cells and limits -> error -> player.
mod batch;
mod board;
mod cells;
#[cfg(feature = "alloc")]
mod chosen;
mod classic;
mod counters;
mod encoding;
mod error;
mod game;
#[cfg(feature = "alloc")]
mod kgame;
#[cfg(feature = "alloc")]
mod lean;
mod limits;
#[cfg(feature = "alloc")]
mod memory;
#[cfg(feature = "alloc")]
mod notation;
mod outcome;
#[cfg(feature = "alloc")]
mod packed;
mod play;
mod player;
mod record;
mod repr;
mod rules;
#[cfg(feature = "serde")]
mod serde;
mod spans;
mod storage;
mod text;
mod turns;
#[cfg(feature = "vec")]
mod vec_games;

pub use batch::BatchError;
#[cfg(feature = "alloc")]
pub use chosen::Game;
pub use classic::FixedGame;
pub use encoding::Header;
pub use error::{DecodeError, Error, Quoted};
pub use limits::{MAX_CHECKED_N, MAX_LEAN_N, Mode};
#[cfg(feature = "alloc")]
pub use notation::{Numbering, nearest_centre};
pub use outcome::Outcome;
pub use player::{InvalidPlayer, Player};
pub use rules::Rules;
#[doc(hidden)]
pub use spans::overlapping;
#[cfg(feature = "vec")]
pub use vec_games::{
    AutoReset, Illegal, ShapeError, StepError, StepOutputs, VecError, VecGames, View,
};

pub mod representations {
    //! The ways a game can be kept, by name, for those who want one; most callers want
    //! [`Game`](crate::Game), which picks the best for its rules at run time. Every game is one type,
    //! [`GameOn<R>`](GameOn), over a sealed [`Representation`] `R`: [`Chosen`] (the run-time choice,
    //! inside [`Game`](crate::Game)), the classic checked game's counters [`Classic<S>`](Classic) in
    //! a [`Storage`] ([`ClassicGame`] on the [`Heap`], [`FixedGame<N>`](crate::FixedGame) in
    //! [`Fixed`] arrays), and a board of the family, [`Family<M>`](Family) on [`Marks`] `M`
    //! ([`KGame<BitBoard>`](KGame), [`KGame<LineBoard>`](KGame)). The game keeps the turns and the
    //! record of moves; a representation is the board alone.
    //!
    //! ```
    //! use tictactoe_core::representations::{BitBoard, KGame};
    //! use tictactoe_core::{Player, Rules};
    //!
    //! let mut game: KGame<BitBoard> = KGame::new_small(Rules::connect_four())?;
    //! game.drop_in(3, Player::X)?;
    //! # Ok::<(), tictactoe_core::Error>(())
    //! ```

    pub use crate::board::Board;
    #[cfg(feature = "alloc")]
    pub use crate::chosen::Chosen;
    #[cfg(feature = "alloc")]
    pub use crate::classic::ClassicGame;
    pub use crate::classic::{Classic, TicTacToe};
    pub use crate::game::GameOn;
    #[cfg(feature = "alloc")]
    pub use crate::kgame::{BitBoard, Family, KGame, LineBoard, Marks};
    pub use crate::repr::Representation;
    #[cfg(feature = "alloc")]
    pub use crate::storage::Heap;
    pub use crate::storage::{Fixed, Storage};
}

#[cfg(feature = "alloc")]
pub mod view {
    //! What a solver over the core reads of a game, the same for the engine's own
    //! (`tictactoe-solve`) and anyone's: the board of rules that fit a 64-bit word as one word a
    //! player ([`Shape`] lays it out; [`Game::words`](crate::Game::words) gives a game's two words),
    //! with every question of runs of `k` a few shifts and ANDs. A game's rules, its moves and whose
    //! turn it is are its own public methods ([`Game::rules`](crate::Game::rules),
    //! [`Game::moves`](crate::Game::moves), [`Game::to_move`](crate::Game::to_move)).
    //!
    //! ```
    //! use tictactoe_core::view::Shape;
    //! use tictactoe_core::{Game, Rules};
    //!
    //! // A solver's first question of a position: has the last mover made a run?
    //! let mut game = Game::with_rules(Rules::new(4, 4, 3, false)?)?;
    //! for (row, col, player) in [(1, 1, 1), (0, 0, 2), (1, 2, 1), (3, 3, 2), (1, 3, 1)] {
    //!     game.play_i64(row, col, player)?;
    //! }
    //! let shape = Shape::of(game.rules()).expect("4 x 4 fits a word");
    //! let [x, o] = game.words().expect("its words");
    //! assert_eq!(x, shape.bit(1, 1) | shape.bit(1, 2) | shape.bit(1, 3));
    //! assert!(shape.has_run(x) && !shape.has_run(o) && game.is_over());
    //! # Ok::<(), Box<dyn core::error::Error>>(())
    //! ```
    pub use crate::kgame::Shape;
}

/// The crate's README, whose example runs as a doc test.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
