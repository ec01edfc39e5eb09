//! A board as text: one line per row, cells between bars (`|X| |O|`), and its length before it is
//! drawn; a lean game, which keeps no board, as a summary. Every game is drawn here.

use core::fmt;

use crate::outcome::Outcome;
use crate::player::Player;
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
