//! The C face of the tictactoe engine: `libtictactoe` and the header `include/tictactoe.h`, which
//! cbindgen generates from this file. Doc comments here are written for C readers: they become the
//! header's documentation.
//!
//! Every function checks its pointers, runs inside a panic boundary and maps engine errors to negative
//! codes; the engine itself lives in `tictactoe-core`.

mod boundary;
mod error;
mod game;
mod games;
mod handle;
mod notation;
mod players;
mod version;

pub use crate::error::{TicTacToeError, tictactoe_strerror};
pub use crate::game::*;
pub use crate::games::*;
pub use crate::handle::{TicTacToe, TicTacToeAgent, TicTacToeGames, TicTacToeSolver};
pub use crate::notation::*;
pub use crate::players::*;
pub use crate::version::*;
