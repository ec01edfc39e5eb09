//! How a game stands and how it looks: [`Outcome`], the drawn [`Board`] and `Display`.

use core::fmt;

use crate::cells::occupant;
use crate::classic::{Classic, TicTacToe};
use crate::error::Error;
use crate::limits::Mode;
use crate::player::Player;
use crate::storage::Storage;

/// How a game stands: still in play, won, or drawn. Its `Display` reads "in play", "X has won",
/// "a draw".
///
/// ```
/// use tictactoe_core::{ClassicGame, Outcome, Player};
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

/// The board of a checked game, from [`TicTacToe::board`]: its `Display` draws one line per row,
/// cells between bars (`|X| |O|`).
///
/// ```
/// use tictactoe_core::{Error, ClassicGame, Player};
///
/// let mut game = ClassicGame::new(2)?;
/// game.play(1, 0, Player::X)?;
/// assert_eq!(game.board()?.to_string(), "| | |\n|X| |");
/// assert!(matches!(ClassicGame::new_lean(2)?.board(), Err(Error::NeedsBoard)));
/// # Ok::<(), Error>(())
/// ```
pub struct Board<'a, S: Storage> {
    game: &'a Classic<S>,
}

impl<S: Storage> TicTacToe<S> {
    /// The board, for drawing: [`Error::NeedsBoard`] for a lean game, which keeps none.
    ///
    /// ```
    /// use tictactoe_core::{ClassicGame, Player};
    ///
    /// let mut game = ClassicGame::new(3)?;
    /// game.play(0, 2, Player::O)?;
    /// assert_eq!(game.board()?.to_string().lines().next(), Some("| | |O|"));
    /// # Ok::<(), tictactoe_core::Error>(())
    /// ```
    pub fn board(&self) -> Result<Board<'_, S>, Error> {
        match self.mode() {
            Mode::Checked => Ok(Board { game: &self.0 }),
            Mode::Lean => Err(Error::NeedsBoard),
        }
    }
}

impl<S: Storage> fmt::Display for Board<'_, S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.game.n();
        let cells = self.game.store.cells();
        draw(f, (n, n), |row, col| {
            occupant(cells, (row * n + col) as u32)
        })
    }
}

/// Draws a `rows x cols` board whose cell (`row`, `col`) `holder` holds: one line per row (row 0
/// first), cells between bars (`|X| |O|`). Every board of every game is drawn here.
pub(crate) fn draw(
    f: &mut fmt::Formatter<'_>,
    (rows, cols): (usize, usize),
    holder: impl Fn(usize, usize) -> Option<Player>,
) -> fmt::Result {
    for row in 0..rows {
        if row > 0 {
            f.write_str("\n")?;
        }
        for col in 0..cols {
            // A whole cell as one string: no formatting machinery per cell on a board of millions.
            f.write_str(match holder(row, col) {
                None => "| ",
                Some(Player::X) => "|X",
                Some(Player::O) => "|O",
            })?;
        }
        f.write_str("|")?;
    }
    Ok(())
}

/// The bytes [`draw`] writes for a `rows x cols` board (`rows >= 1`): each row is its cells and
/// bars plus a newline but the last. Saturates where it would not fit in a `usize`, a text that
/// can never be had.
pub(crate) fn drawn_len(rows: usize, cols: usize) -> usize {
    let row = cols.saturating_mul(2).saturating_add(2);
    rows.checked_mul(row)
        .map_or(usize::MAX, |all| all.saturating_sub(1))
}

/// Checked games draw their [`Board`]. Lean games keep no board and write a one-line summary
/// instead, with the outcome once the game is over.
pub(crate) fn draw_classic<S: Storage>(
    game: &Classic<S>,
    f: &mut fmt::Formatter<'_>,
) -> fmt::Result {
    if game.store.mode() == Mode::Checked {
        return fmt::Display::fmt(&Board { game }, f);
    }
    let (n, turns) = (game.n(), game.counters.turns());
    let moves = turns.moves();
    let plural = if moves == 1 { "" } else { "s" };
    write!(f, "lean {n}x{n} game, {moves} move{plural}")?;
    match turns.outcome() {
        Outcome::InPlay => Ok(()),
        over => write!(f, ", {over}"),
    }
}

#[cfg(test)]
mod tests {
    use super::drawn_len;

    #[test]
    fn a_text_too_long_for_memory_saturates() {
        assert_eq!(drawn_len(1, 1), 3);
        assert_eq!(drawn_len(2, 3), 15);
        assert_eq!(drawn_len(usize::MAX / 4, usize::MAX / 4), usize::MAX);
        assert_eq!(drawn_len(usize::MAX, 1), usize::MAX);
    }
}
