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
//!   them best; [`Solver`] and [`Agent`] for perfect and skilled play; [`VecGames`] for many
//!   games in one call (feature `vec`).
//! - [`FixedGame<N>`]: the classic `N x N` game in arrays sized when compiled, without an allocator.
//! - Every game is one type, [`GameOn<R>`](GameOn), whose methods (every rule check, the move
//!   record, undo, batches, encoding, display) are written once over its representation `R`
//!   ([`Representation`]): [`Game`] is `GameOn<Chosen>`; the representations by name, for those
//!   who want one, are [`ClassicGame`] (the checked counters, on the heap;
//!   `GameOn<Classic<Heap>>`), [`FixedGame<N>`] and [`KGame<BitBoard>`](KGame) / [`KGame<LineBoard>`](KGame)
//!   (`GameOn<Family<M>>`).
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
// choice) -> kgame and classic (the representations: play, board, encoding) -> game (every public
// method, once, over repr's seam; text draws every board) -> batch, turns (-> outcome) -> storage ->
// counters -> cells and limits -> error -> player.
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
mod repr;
mod rules;
#[cfg(feature = "serde")]
mod serde;
#[cfg(feature = "alloc")]
mod solve;
mod spans;
mod storage;
mod text;
mod turns;
#[cfg(feature = "vec")]
mod vec_games;

pub use batch::BatchError;
pub use board::Board;
#[cfg(feature = "alloc")]
#[allow(deprecated)]
pub use chosen::{AnyGame, Chosen, Game};
#[cfg(feature = "alloc")]
pub use classic::ClassicGame;
pub use classic::{Classic, FixedGame, TicTacToe};
pub use encoding::Header;
pub use error::{DecodeError, Error, Quoted};
pub use game::GameOn;
#[cfg(feature = "alloc")]
pub use kgame::{BitBoard, Family, KGame, LineBoard, Marks};
pub use limits::{MAX_CHECKED_N, MAX_LEAN_N, Mode};
#[cfg(feature = "alloc")]
pub use notation::nearest_centre;
pub use outcome::Outcome;
pub use player::{InvalidPlayer, Player};
pub use repr::Representation;
pub use rules::Rules;
#[cfg(feature = "alloc")]
pub use solve::{Agent, MoveValues, Solution, Solver, TieBreak};
#[doc(hidden)]
pub use spans::overlapping;
#[cfg(feature = "alloc")]
pub use storage::Heap;
pub use storage::{Fixed, Storage};
#[cfg(feature = "vec")]
pub use vec_games::{
    AutoReset, Illegal, ShapeError, StepError, StepOutputs, VecError, VecGames, View,
};
