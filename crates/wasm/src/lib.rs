//! The engine for JavaScript, through WebAssembly: the face behind the npm package
//! `tictactoe-engine`. Like the C and Python faces it is thin: each method converts its arguments
//! (`args`), makes one call into `tictactoe-core`, and maps a refusal to one JavaScript error
//! (`errors`). Every rule, message and search is the core's.

#![forbid(unsafe_code)]

mod args;
mod errors;
mod fast;
mod game;
mod notation;
mod players;

pub use game::TicTacToe;
pub use players::{Agent, Solver};
