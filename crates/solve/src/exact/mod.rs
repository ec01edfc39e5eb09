//! Perfect play: the game-theoretic value of any position of any rules of the family, how long the
//! rest of the game lasts under perfect play, and every move that keeps both. Nothing here knows
//! the players above it ([`play`](crate::play)).
//!
//! Boards that fit in a 64-bit word are searched on two words a position (`position`) by negamax
//! with alpha-beta pruning, a transposition table and the rules' forced moves (`search`). Larger
//! boards are searched move by move on the game itself (`fallback`): exact, and as slow as their
//! size makes any exhaustive search; a node budget bounds every search. Opening books
//! ([`Book`]: the engine's own format and BitBully's) answer the positions they hold inside
//! every search.

mod answers;
mod bitbully;
mod book_bytes;
mod fallback;
mod library;
mod moves;
mod on_game;
mod position;
mod runs;
mod search;
#[cfg(feature = "std")]
mod shared;
mod solution;
mod solver;
mod spots;
mod table;
mod window;

pub use library::Book;
pub use on_game::Solve;
pub use solution::{MoveValues, Solution};
pub use solver::{MAX_SEARCH_CELLS, Solver, default_threads};
