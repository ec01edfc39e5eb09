//! How a game stands: [`Outcome`].

use core::fmt;

use crate::player::Player;

/// How a game stands: still in play, won, or drawn. Its `Display` reads "in play", "X has won",
/// "a draw".
///
/// ```
/// use tictactoe_core::representations::ClassicGame;
/// use tictactoe_core::{Outcome, Player};
///
/// let mut game = ClassicGame::new(1)?;
/// assert_eq!(game.outcome(), Outcome::InPlay);
/// game.play(0, 0, Player::O)?;
/// assert_eq!(game.outcome(), Outcome::Won(Player::O));
/// assert_eq!(game.outcome().to_string(), "O has won");
/// # Ok::<(), tictactoe_core::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// Moves are still accepted.
    InPlay,
    /// This player holds a whole line.
    Won(Player),
    /// The board is full and nobody holds a line.
    Draw,
}

impl Outcome {
    /// The outcome of a game with `winner` whose board is `full` or not.
    pub(crate) fn of(winner: Option<Player>, full: bool) -> Outcome {
        match winner {
            Some(player) => Outcome::Won(player),
            None if full => Outcome::Draw,
            None => Outcome::InPlay,
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::InPlay => f.write_str("in play"),
            Outcome::Won(player) => write!(f, "{player} has won"),
            Outcome::Draw => f.write_str("a draw"),
        }
    }
}
