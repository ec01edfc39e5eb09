//! A game as text: its board one line per row, cells between bars (`|X| |O|`), and its length
//! before it is drawn; a lean game, which keeps no board, as a summary. Every game is drawn here.

use core::fmt;

#[cfg(feature = "alloc")]
use crate::error::Error;
use crate::game::GameOn;
use crate::limits::Mode;
use crate::outcome::Outcome;
use crate::player::Player;
use crate::repr::Representation;
use crate::turns::Turns;

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

/// A lean `n x n` game at `turns`, which keeps no board to draw: a one-line summary, with the
/// outcome once the game is over.
pub(crate) fn summary(f: &mut fmt::Formatter<'_>, n: usize, turns: &Turns) -> fmt::Result {
    let moves = turns.moves();
    let plural = if moves == 1 { "" } else { "s" };
    write!(f, "lean {n}x{n} game, {moves} move{plural}")?;
    match turns.outcome() {
        Outcome::InPlay => Ok(()),
        over => write!(f, ", {over}"),
    }
}

/// The bytes [`draw`] writes for a `rows x cols` board (`rows >= 1`): each row is its cells and
/// bars plus a newline but the last. Saturates where it would not fit in a `usize`, a text that
/// can never be had.
pub(crate) fn drawn_len(rows: usize, cols: usize) -> usize {
    let row = cols.saturating_mul(2).saturating_add(2);
    rows.checked_mul(row)
        .map_or(usize::MAX, |all| all.saturating_sub(1))
}

impl<R: Representation> GameOn<R> {
    /// The length in bytes of the game's text (its [`Display`](fmt::Display), all ASCII), known
    /// without drawing it, so that a caller can refuse or reserve a text too large to have: a
    /// board's is `rows * (2 * cols + 2) - 1` (saturated at `usize::MAX`).
    ///
    /// ```
    /// use tictactoe_core::{Game, Rules};
    ///
    /// assert_eq!(Game::new(3)?.text_len(), Game::new(3)?.to_string().len());
    /// assert_eq!(Game::with_rules(Rules::new(30_000, 30_000, 5, false)?)?.text_len(), 1_800_059_999);
    /// # Ok::<(), tictactoe_core::Error>(())
    /// ```
    #[must_use]
    pub fn text_len(&self) -> usize {
        match self.mode() {
            Mode::Checked => drawn_len(self.rules().rows(), self.rules().cols()),
            // A lean game's summary is a line of a few dozen bytes: counted by drawing it.
            Mode::Lean => {
                let mut counted = Counted(0);
                let _ = fmt::write(&mut counted, format_args!("{self}"));
                counted.0
            }
        }
    }

    /// The game's text ([`Display`](fmt::Display)), or [`Error::TextOutOfMemory`] when its
    /// memory cannot be had (where [`to_string`](alloc::string::ToString::to_string) would
    /// abort): the text is reserved whole before it is drawn.
    ///
    /// ```
    /// use tictactoe_core::{Game, Player};
    ///
    /// let mut game = Game::new(3)?;
    /// game.play(1, 1, Player::O)?;
    /// assert_eq!(game.try_to_string()?, game.to_string());
    /// # Ok::<(), tictactoe_core::Error>(())
    /// ```
    #[cfg(feature = "alloc")]
    pub fn try_to_string(&self) -> Result<alloc::string::String, Error> {
        let bytes = self.text_len();
        let mut text = alloc::string::String::new();
        text.try_reserve_exact(bytes)
            .map_err(|_| Error::TextOutOfMemory { bytes })?;
        // Writing to a String never fails, and the reserved room holds the whole text.
        let _ = fmt::write(&mut text, format_args!("{self}"));
        Ok(text)
    }
}

/// A [`fmt::Write`] that only counts bytes.
struct Counted(usize);

impl fmt::Write for Counted {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        self.0 = self.0.saturating_add(s.len());
        Ok(())
    }
}

/// The board, one line per row (row 0 first), cells between bars: `|X| |O|`. A lean game keeps
/// no board and writes a one-line summary instead.
///
/// ```
/// use tictactoe_core::{Game, Player, Rules};
///
/// let mut game = Game::new(3)?;
/// game.play(0, 0, Player::X)?;
/// game.play(1, 1, Player::O)?;
/// assert_eq!(game.to_string(), "|X| | |\n| |O| |\n| | | |");
/// let mut wide = Game::with_rules(Rules::new(1, 9, 3, false)?)?;
/// wide.play(0, 8, Player::O)?;
/// assert_eq!(wide.to_string(), "| | | | | | | | |O|");
/// assert_eq!(Game::new_lean(5)?.to_string(), "lean 5x5 game, 0 moves");
/// # Ok::<(), tictactoe_core::Error>(())
/// ```
impl<R: Representation> fmt::Display for GameOn<R> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let rules = self.rules();
        match self.mode() {
            Mode::Checked => {
                let shape = (rules.rows(), rules.cols());
                draw(f, shape, |row, col| self.rep.occupant(row, col))
            }
            Mode::Lean => summary(f, rules.rows(), &self.turns),
        }
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
