//! How the classic game looks: the drawn [`Board`] of a checked game, and a lean game's summary.

use core::fmt;

use crate::cells::occupant;
use crate::classic::{Classic, TicTacToe};
use crate::error::Error;
use crate::limits::Mode;
use crate::outcome::Outcome;
use crate::storage::Storage;
use crate::text::draw;

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
