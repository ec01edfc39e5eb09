//! Perfect play asked of a game itself ([`Solve`]), each call on a solver of its own with a table
//! sized for the position.

use alloc::vec::Vec;

use tictactoe_core::view::Shape;
use tictactoe_core::{Error, Game};

use super::{MoveValues, Solution, Solver};

/// Perfect play asked of a game itself: [`Solver::solve`], [`Solver::best_moves`] and
/// [`Solver::move_values`], each on a new solver with a table sized for the position (up to
/// [`Solver::DEFAULT_TABLE_BITS`]): a position with few empty cells is solved without making (and
/// clearing) a table it would never fill. A [`Solver`] kept between calls is faster for many
/// positions of one game.
///
/// ```
/// use tictactoe_core::{Game, Rules};
/// use tictactoe_solve::Solve;
///
/// let game = Game::with_rules(Rules::new(4, 4, 3, false)?)?;
/// assert_eq!(game.solve(None)?.value, 1); // 4 x 4, three in a row: the first player wins
/// # Ok::<(), tictactoe_core::Error>(())
/// ```
pub trait Solve {
    /// [`Solver::solve`] with a table sized for this position.
    fn solve(&self, max_nodes: Option<u64>) -> Result<Solution, Error>;
    /// [`Solver::best_moves`] with a table sized for this position.
    fn best_moves(&self, max_nodes: Option<u64>) -> Result<Vec<(usize, usize)>, Error>;
    /// [`Solver::move_values`] with a table sized for this position.
    fn move_values(&self, max_nodes: Option<u64>) -> Result<MoveValues, Error>;
}

impl Solve for Game {
    fn solve(&self, max_nodes: Option<u64>) -> Result<Solution, Error> {
        Solver::new(table_bits(self))?.solve(self, max_nodes)
    }

    fn best_moves(&self, max_nodes: Option<u64>) -> Result<Vec<(usize, usize)>, Error> {
        Solver::new(table_bits(self))?.best_moves(self, max_nodes)
    }

    fn move_values(&self, max_nodes: Option<u64>) -> Result<MoveValues, Error> {
        Solver::new(table_bits(self))?.move_values(self, max_nodes)
    }
}

/// A table as large as the positions left of `game` can use, up to the default.
fn table_bits(game: &Game) -> u32 {
    if Shape::of(game.rules()).is_none() {
        // The walk on the game itself keeps no table.
        return 0;
    }
    let empty = game.moves_left().min(64) as u32;
    // Fewer than 3^empty positions follow: about 1.6 bits an empty cell. With gravity far
    // fewer do (a column fills from the bottom), and a gravity entry is one word where others
    // take three: 0.6 bits an empty cell was the fastest of 0.4 to 1.6 over the
    // Connect Four positions of `bench/python/js_bench.py` (near the end 35x, in the middle
    // 10x, early 2x faster than at 1.6, where making and clearing the table was most of it).
    let tenths = if game.rules().gravity() { 6 } else { 16 };
    (empty * tenths / 10).clamp(6, Solver::DEFAULT_TABLE_BITS)
}
