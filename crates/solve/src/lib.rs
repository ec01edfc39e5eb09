//! Perfect play and players for the k-in-a-row games of [`tictactoe_core`]: an exact [`Solver`]
//! (with its table, its threads and opening [`Book`]s) for any rules of the family, and an
//! [`Agent`] with a skill dial, from uniformly random play to perfect play, with a gomoku player
//! for the boards no search finishes.
//!
//! ```
//! use tictactoe_core::{Game, Player, Rules};
//! use tictactoe_solve::{Agent, Solution, Solver};
//!
//! let mut solver = Solver::new(16)?;
//! let mut game = Game::new(3)?;
//! assert_eq!(solver.solve(&game, None)?, Solution { value: 0, plies: 9 }); // a draw
//! game.play(0, 0, Player::X)?;
//! assert_eq!(solver.best_moves(&game, None)?, [(1, 1)]); // only the centre holds it
//!
//! let mut agent = Agent::new(1.0, 7, None)?;
//! let four = Game::with_rules(Rules::connect_four())?;
//! assert_eq!(agent.choose(&four)?, (5, 3)); // the centre column, from the book
//! # Ok::<(), tictactoe_core::Error>(())
//! ```
//!
//! Two modules, one above the other: [`exact`] (the search, its table, the books) knows nothing
//! of [`play`] (the Agent, its dial, the gomoku player), which reaches the exact side through the
//! same public names a user calls. Both read a game through the core's public API alone
//! ([`tictactoe_core::view`] and the game's methods).
#![no_std]
#![forbid(unsafe_code)]
#![deny(missing_docs)]

extern crate alloc;
#[cfg(feature = "std")]
extern crate std;

pub mod exact;
mod memory;
pub mod play;

pub use exact::{Book, MAX_SEARCH_CELLS, MoveValues, Solution, Solve, Solver, default_threads};
pub use play::{Agent, TieBreak};

/// The crate's README, whose example runs as a doc test.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
