//! How the classic checked game looks: its drawn [`Board`].

use core::fmt;

use crate::cells::occupant;
use crate::classic::{Classic, TicTacToe};
use crate::error::Error;
use crate::storage::Storage;
use crate::text::draw;

/// The board of a checked game, from [`TicTacToe::board`]: its `Display` draws one line per row,
/// cells between bars (`|X| |O|`).
///
/// ```
/// use tictactoe_core::representations::ClassicGame;
/// use tictactoe_core::{Error, Player};
///
/// let mut game = ClassicGame::new(2)?;
/// game.play(1, 0, Player::X)?;
/// assert_eq!(game.board()?.to_string(), "| | |\n|X| |");
/// # Ok::<(), Error>(())
/// ```
pub struct Board<'a, S: Storage> {
    game: &'a Classic<S>,
}

impl<S: Storage> TicTacToe<S> {
    /// The board, for drawing. (Always there: a lean game, which keeps none, is a
    /// [`Game`](crate::Game) of [`Mode::Lean`](crate::Mode::Lean), whose text is a summary.)
    ///
    /// ```
    /// use tictactoe_core::representations::ClassicGame;
    /// use tictactoe_core::Player;
    ///
    /// let mut game = ClassicGame::new(3)?;
    /// game.play(0, 2, Player::O)?;
    /// assert_eq!(game.board()?.to_string().lines().next(), Some("| | |O|"));
    /// # Ok::<(), tictactoe_core::Error>(())
    /// ```
    pub fn board(&self) -> Result<Board<'_, S>, Error> {
        Ok(Board { game: &self.rep })
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
