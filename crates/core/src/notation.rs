//! The notations players use for a game of the family: the player to move, the legal moves as
//! actions, Connect Four's move strings (the columns played, `"4453"`: from 1 as Pons' solver and
//! people number them, from 0 as BitBully writes them, [`Numbering`]), column labels under the
//! drawn board, and the one best move nearest the centre. Every rule stays the game's: these read it or replay moves through it.

use alloc::string::String;
use alloc::vec::Vec;

use crate::batch::BatchError;
use crate::error::Error;
use crate::game::GameOn;
use crate::limits::Mode;
use crate::player::Player;
use crate::repr::Representation;
use crate::rules::Rules;

/// The widest board whose columns one digit names, 1 to 9.
const DIGIT_COLUMNS: usize = 9;

/// How a move string numbers the columns: from 1 (the default: Pons' solver, people, the
/// README's `"4453"`) or from 0 (BitBully's `Board("3342")`, the library's own indices).
///
/// ```
/// use tictactoe_core::{Game, Numbering, Rules};
///
/// let mut ours = Game::with_rules(Rules::connect_four())?;
/// ours.play_move_string("4453")?;
/// let mut theirs = Game::with_rules(Rules::connect_four())?;
/// theirs.play_move_string_in("3342", Numbering::FromZero)?;
/// assert_eq!(ours, theirs);
/// assert_eq!(ours.move_string_in(Numbering::FromZero)?, "3342");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Numbering {
    /// The first column is 1.
    #[default]
    FromOne,
    /// The first column is 0.
    FromZero,
}

impl Numbering {
    /// The number of the first column.
    #[must_use]
    pub const fn first(self) -> u8 {
        match self {
            Numbering::FromOne => 1,
            Numbering::FromZero => 0,
        }
    }
}

/// The labels of up to 26 columns: digits where they suffice, else letters.
fn label(cols: usize, col: usize) -> char {
    let names: &[u8] = if cols <= DIGIT_COLUMNS {
        b"123456789"
    } else {
        b"abcdefghijklmnopqrstuvwxyz"
    };
    char::from(names[col])
}

impl<R: Representation> GameOn<R> {
    /// The player to move: the one who did not make the last move (X before any move); `None`
    /// once the game is over.
    ///
    /// ```
    /// use tictactoe_core::{Game, Player};
    ///
    /// let mut game = Game::new(3)?;
    /// game.play(1, 1, Player::O)?;
    /// assert_eq!(game.to_move(), Some(Player::X));
    /// # Ok::<(), tictactoe_core::Error>(())
    /// ```
    #[must_use]
    pub fn to_move(&self) -> Option<Player> {
        if self.is_over() {
            return None;
        }
        Some(self.last_player().map_or(Player::X, Player::other))
    }

    /// The legal moves as actions, in order: with gravity the columns that are not full, else the
    /// empty cells' indices `row * cols + col` (the actions of [`VecGames`](crate::VecGames));
    /// none once the game is over. [`Error::NeedsBoard`] for a lean game.
    ///
    /// ```
    /// use tictactoe_core::{Game, Rules};
    ///
    /// let mut four = Game::with_rules(Rules::connect_four())?;
    /// four.play_move_string("444444")?;
    /// assert_eq!(four.legal_actions()?, [0, 1, 2, 4, 5, 6]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn legal_actions(&self) -> Result<Vec<usize>, Error> {
        if self.mode() == Mode::Lean {
            return Err(Error::NeedsBoard);
        }
        if self.is_over() {
            return Ok(Vec::new());
        }
        let (rows, cols) = (self.rules().rows(), self.rules().cols());
        let empty = |row, col| self.cell(row, col) == Ok(None);
        Ok(if self.rules().gravity() {
            (0..cols).filter(|&col| empty(0, col)).collect()
        } else {
            (0..rows * cols)
                .filter(|&i| empty(i / cols, i % cols))
                .collect()
        })
    }

    /// The columns played, 1-based, as a string (`"4453"`): for games with gravity of at most
    /// nine columns, else [`Error::NoNotation`]. [`play_move_string`](Self::play_move_string)
    /// plays them again.
    ///
    /// ```
    /// use tictactoe_core::{Game, Rules};
    ///
    /// let mut four = Game::with_rules(Rules::connect_four())?;
    /// four.play_move_string("4453")?;
    /// assert_eq!(four.move_string()?, "4453");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn move_string(&self) -> Result<String, Error> {
        self.move_string_in(Numbering::FromOne)
    }

    /// [`move_string`](Self::move_string) with the columns numbered as `numbering` says.
    pub fn move_string_in(&self, numbering: Numbering) -> Result<String, Error> {
        move_string_rules(self.rules())?;
        if self.mode() == Mode::Lean {
            return Err(Error::NeedsBoard);
        }
        let first = u32::from(numbering.first());
        Ok(self
            .moves()
            .filter_map(|(_, col, _)| char::from_digit(col as u32 + first, 10))
            .collect())
    }

    /// Drops a mark in each column a move string names (1-based digits), the players
    /// alternating from the one to move; all or nothing: a character that names no column
    /// ([`Error::NotAColumn`]) or a move the rules refuse leaves the game as it was, and the
    /// error says which character. [`Error::NoNotation`] for rules a move string cannot name.
    ///
    /// ```
    /// use tictactoe_core::{Error, Game, Player, Rules};
    ///
    /// let mut four = Game::with_rules(Rules::connect_four())?;
    /// four.play_move_string("4453")?;
    /// assert_eq!(four.cell(4, 3)?, Some(Player::O));
    /// let refused = four.play_move_string("18").unwrap_err();
    /// let not = Error::NotAColumn { found: '8', cols: 7, first: 1 };
    /// assert_eq!((refused.index, refused.error), (1, not));
    /// assert_eq!(four.move_count(), 4);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn play_move_string(&mut self, moves: &str) -> Result<(), BatchError> {
        self.play_move_string_in(moves, Numbering::FromOne)
    }

    /// [`play_move_string`](Self::play_move_string) with the columns numbered as `numbering`
    /// says.
    pub fn play_move_string_in(
        &mut self,
        moves: &str,
        numbering: Numbering,
    ) -> Result<(), BatchError> {
        let rules = self.rules();
        move_string_rules(rules).map_err(|error| BatchError { index: 0, error })?;
        let first = usize::from(numbering.first());
        let mut played = 0;
        let result = moves.chars().enumerate().try_for_each(|(index, found)| {
            let col = found
                .to_digit(10)
                .and_then(|d| (d as usize).checked_sub(first))
                .filter(|&col| col < rules.cols())
                .ok_or(Error::NotAColumn {
                    found,
                    cols: rules.cols(),
                    first: numbering.first(),
                })
                .map_err(|error| BatchError { index, error })?;
            let player = self.to_move().unwrap_or(Player::X);
            self.drop_in(col, player)
                .map_err(|error| BatchError { index, error })?;
            played += 1;
            Ok(())
        });
        if result.is_err() {
            for _ in 0..played {
                // Each was played just now, on a checked game: it can be taken back.
                let _ = self.undo();
            }
        }
        result
    }

    /// A line of column labels to print under the board's text, each under its column's cells:
    /// 1 to 9 on boards of at most nine columns (the move string's numbers), a to z up to 26,
    /// [`Error::NoNotation`] beyond.
    ///
    /// ```
    /// use tictactoe_core::{Game, Rules};
    ///
    /// assert_eq!(Game::with_rules(Rules::connect_four())?.column_labels()?, " 1 2 3 4 5 6 7");
    /// # Ok::<(), tictactoe_core::Error>(())
    /// ```
    pub fn column_labels(&self) -> Result<String, Error> {
        let cols = self.rules().cols();
        if cols > 26 {
            return Err(Error::NoNotation {
                what: "column labels name at most 26 columns (1 to 9, or a to z)",
            });
        }
        Ok((0..cols).flat_map(|col| [' ', label(cols, col)]).collect())
    }
}

/// Whether a move string can name the moves of `rules`.
fn move_string_rules(rules: Rules) -> Result<(), Error> {
    if !rules.gravity() || rules.cols() > DIGIT_COLUMNS {
        return Err(Error::NoNotation {
            what: "a move string names columns 1 to 9: it needs gravity and at most nine columns",
        });
    }
    Ok(())
}

/// Of `moves`, the one nearest the centre of a board of `rules` (twice the distance on each
/// axis, so that even sides have a centre too), then the first: a tie-break among best moves.
/// With gravity a move is its column, as BitBully's `"center"` takes it: the column nearest the
/// centre column, then the leftmost.
///
/// ```
/// use tictactoe_core::{Rules, nearest_centre};
///
/// let rules = Rules::connect_four();
/// assert_eq!(nearest_centre(rules, &[(5, 0), (5, 3), (5, 6)]), Some((5, 3)));
/// // The centre column's landing cell is high: still the centre column.
/// assert_eq!(nearest_centre(rules, &[(0, 3), (5, 2), (5, 4)]), Some((0, 3)));
/// assert_eq!(nearest_centre(rules, &[(5, 4), (5, 2)]), Some((5, 2)));
/// # Ok::<(), tictactoe_core::Error>(())
/// ```
#[must_use]
pub fn nearest_centre(rules: Rules, moves: &[(usize, usize)]) -> Option<(usize, usize)> {
    let off = |n: usize, at: usize| (2 * at).abs_diff(n - 1);
    moves.iter().copied().min_by_key(|&(row, col)| {
        let (dr, dc) = (off(rules.rows(), row), off(rules.cols(), col));
        if rules.gravity() {
            (dc, col)
        } else {
            (dr * dr + dc * dc, 0)
        }
    })
}
