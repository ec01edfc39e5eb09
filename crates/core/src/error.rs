//! Everything that can be refused, with messages that say precisely why.

use core::fmt;

use crate::player::{InvalidPlayer, Player};

/// Why a call was refused. A refused call never changes the game.
///
/// Numbers a caller passed are kept exactly as passed: sizes and coordinates as `i128`, which holds every
/// `usize` of the typed API and every `i64` of the `_i64` entry points for foreign callers, so a
/// negative or huge number is quoted as it was. [`Display`](fmt::Display) says what was wrong, and never
/// panics, whatever the fields hold:
///
/// ```
/// use tictactoe_core::representations::ClassicGame;
/// use tictactoe_core::{Error, Player};
///
/// let mut game = ClassicGame::new(3)?;
/// game.play(1, 1, Player::X)?;
/// let err = game.play(1, 1, Player::O).unwrap_err();
/// assert_eq!(err, Error::Occupied { row: 1, col: 1, by: Player::X });
/// assert_eq!(err.to_string(), "cell (1, 1) is already taken by X");
/// # Ok::<(), Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Error {
    /// The board size is zero, or larger than the mode allows.
    InvalidSize {
        /// The size asked for.
        n: i128,
        /// The largest size of that mode.
        max: usize,
    },
    /// Rules that make no game: a side of 0 or beyond [`Rules::MAX_SIDE`](crate::Rules::MAX_SIDE),
    /// `k` outside `1..=max(rows, cols)`, or lean mode with rules other than the classic square's.
    InvalidRules {
        /// The rows asked for.
        rows: i128,
        /// The columns asked for.
        cols: i128,
        /// The run length asked for.
        k: i128,
        /// What is wrong with them.
        reason: &'static str,
    },
    /// The memory for a board of this size could not be had.
    OutOfMemory {
        /// The board's rows.
        rows: usize,
        /// The board's columns.
        cols: usize,
    },
    /// A count that must be at least 1 (the games of a batch, its threads) was 0 or less.
    InvalidCount {
        /// What was counted, by the name callers pass it as (`num_envs`, `threads`).
        name: &'static str,
        /// The count given.
        count: i128,
    },
    /// A character of a move string that names no column (columns are 1 to `cols`).
    NotAColumn {
        /// The character found.
        found: char,
        /// The board's columns.
        cols: usize,
        /// The number of the first column, 1 or 0 ([`Numbering`](crate::Numbering)).
        first: u8,
    },
    /// A notation that cannot name this game's moves or columns (a move string without gravity,
    /// labels for more than 26 columns).
    NoNotation {
        /// What the notation cannot do.
        what: &'static str,
    },
    /// The memory for a game's text (its drawing) could not be had.
    TextOutOfMemory {
        /// The bytes the text needs.
        bytes: usize,
    },
    /// The memory for a batch of games could not be had.
    GamesOutOfMemory {
        /// The number of games asked for.
        num_envs: usize,
        /// Their boards' rows.
        rows: usize,
        /// Their boards' columns.
        cols: usize,
    },
    /// A player number other than 1 or 2.
    InvalidPlayer {
        /// The number given.
        player: i64,
    },
    /// A row outside `0..rows` or a column outside `0..cols`.
    OutOfRange {
        /// The row given.
        row: i128,
        /// The column given.
        col: i128,
        /// The board's rows.
        rows: usize,
        /// The board's columns.
        cols: usize,
    },
    /// A column outside `0..cols`, for a move that names only its column (gravity).
    ColumnOutOfRange {
        /// The column given.
        col: i128,
        /// The board's columns.
        cols: usize,
    },
    /// With gravity, a mark falls to the lowest empty cell of its column: any other cell is refused.
    NotLanding {
        /// The cell's row.
        row: usize,
        /// The cell's column.
        col: usize,
        /// The row where a mark in that column lands now.
        landing: usize,
    },
    /// A drop in a game without gravity, where a move names its cell.
    NoGravity,
    /// With gravity, a column with no empty cell.
    ColumnFull {
        /// The column.
        col: usize,
    },
    /// A question only a square board answers (its size `n`), asked of a rectangular one.
    NotSquare {
        /// The board's rows.
        rows: usize,
        /// The board's columns.
        cols: usize,
    },
    /// An action (a cell index `row * n + col`) outside `0..actions`.
    ActionOutOfRange {
        /// The action given.
        action: i128,
        /// How many actions the board has: `n * n`.
        actions: usize,
    },
    /// A game index outside `0..games` of a [`VecGames`](crate::VecGames).
    NoSuchGame {
        /// The index given.
        index: usize,
        /// How many games there are.
        games: usize,
    },
    /// A game of a [`VecGames`](crate::VecGames) that ended by an illegal action: no single game can
    /// hold that outcome.
    Forfeited {
        /// The player who won by the other's illegal action.
        winner: Player,
    },
    /// A game that cannot take this place: another size, a lean game, or O moving first.
    Incompatible {
        /// What does not fit.
        reason: &'static str,
    },
    /// The game is over: no move is accepted after a win or a full board.
    GameOver {
        /// The winner, or `None` after a draw.
        winner: Option<Player>,
    },
    /// The same player tried to move twice in a row.
    WrongTurn {
        /// The player who tried to move; the other one was due.
        player: Player,
    },
    /// The cell already holds a mark (checked mode only).
    Occupied {
        /// The cell's row.
        row: usize,
        /// The cell's column.
        col: usize,
        /// Who holds it.
        by: Player,
    },
    /// `undo` on a game with no moves.
    NothingToUndo,
    /// The call needs the board (cells, undo, rendering), which a lean game does not keep.
    NeedsBoard,
    /// A search for perfect play ran out of its node budget before it finished; nothing changed.
    SearchLimit {
        /// The budget it had, in positions searched.
        nodes: u64,
    },
    /// The memory for a solver's table could not be had.
    SolverOutOfMemory {
        /// The table's size, as a power of two of entries.
        bits: u32,
    },
    /// A solver's table size outside `0..=max` (a power of two of entries).
    InvalidTableBits {
        /// The size asked for, as a power of two.
        bits: i128,
        /// The largest size the solver takes.
        max: u32,
    },
    /// An agent's skill outside `[0, 1]` (or not a number).
    InvalidSkill {
        /// The skill asked for, as [`f64::to_bits`] gives it (so that errors stay `Eq` and `Hash`).
        bits: u64,
    },
    /// An opening book's bytes are not what they claim to be (`tictactoe_solve::Book`).
    InvalidBook {
        /// What is wrong with them.
        reason: &'static str,
    },
    /// An output buffer is too small.
    BufferTooSmall {
        /// The bytes the output needs.
        needed: usize,
    },
    /// An encoded game could not be read back.
    Decode(DecodeError),
}

/// Why an encoded game was refused by [`TicTacToe::decode`](crate::representations::TicTacToe::decode).
///
/// ```
/// use tictactoe_core::representations::ClassicGame;
/// use tictactoe_core::{DecodeError, Error};
///
/// let mut bytes = ClassicGame::new(3)?.encode();
/// bytes.push(0);
/// assert_eq!(ClassicGame::decode(&bytes), Err(Error::Decode(DecodeError::TrailingBytes)));
/// # Ok::<(), Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum DecodeError {
    /// The input ends before the encoding does.
    Truncated,
    /// The input does not start with the format's magic bytes.
    NotAGame,
    /// A format version this library does not know.
    UnsupportedVersion(u8),
    /// A mode byte other than checked or lean.
    UnknownMode(u8),
    /// A mode or size that this kind of board cannot hold.
    WrongShape,
    /// Bytes follow the end of the encoding.
    TrailingBytes,
    /// A recorded move is illegal in the position it was recorded in.
    IllegalMove {
        /// The move's position in the record, from 0.
        index: u64,
    },
    /// Counters that no sequence of moves can produce.
    Inconsistent(&'static str),
}

impl Error {
    /// `n` as the 32-bit size the counters keep, or [`Error::InvalidSize`] when `mode` refuses it.
    #[cfg(feature = "alloc")]
    pub(crate) const fn sized(n: usize, mode: crate::limits::Mode) -> Result<u32, Error> {
        match mode.accepts(n) {
            Some(n) => Ok(n),
            None => Err(Error::InvalidSize {
                n: n as i128,
                max: mode.max_n(),
            }),
        }
    }
}

impl Error {
    /// Whether this is a move the rules refuse, the error every face shows as an illegal move when
    /// a move, a drop or a batch of moves asked it: a bad player, a cell, column or action off the
    /// board, the same player twice, a taken cell, a full column, not the landing cell, a drop
    /// without gravity, or any move after the game is over.
    ///
    /// ```
    /// use tictactoe_core::{Error, Player};
    ///
    /// assert!(Error::WrongTurn { player: Player::O }.is_illegal_move());
    /// assert!(!Error::NothingToUndo.is_illegal_move());
    /// ```
    #[must_use]
    pub const fn is_illegal_move(&self) -> bool {
        matches!(
            self,
            Error::InvalidPlayer { .. }
                | Error::OutOfRange { .. }
                | Error::ActionOutOfRange { .. }
                | Error::GameOver { .. }
                | Error::WrongTurn { .. }
                | Error::Occupied { .. }
                | Error::ColumnOutOfRange { .. }
                | Error::NotLanding { .. }
                | Error::ColumnFull { .. }
                | Error::NoGravity
        )
    }
}

/// A number of the caller's that a message quotes ([`Error::quoting`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Quoted {
    /// The board size `n` of [`Error::InvalidSize`].
    Size,
    /// The player number of [`Error::InvalidPlayer`].
    Player,
    /// The row of [`Error::OutOfRange`].
    Row,
    /// The column of [`Error::OutOfRange`] or [`Error::ColumnOutOfRange`].
    Col,
    /// The rows of [`Error::InvalidRules`].
    Rows,
    /// The columns of [`Error::InvalidRules`].
    Cols,
    /// The `k` of [`Error::InvalidRules`].
    K,
    /// The table size of [`Error::InvalidTableBits`].
    TableBits,
}

/// How a caller's number is written into a message: by the caller where it says, else as the
/// error holds it.
type Quote<'q> = &'q dyn Fn(Quoted) -> Option<&'q dyn fmt::Display>;

/// One quoted number of a message.
struct Number<'q> {
    quote: Quote<'q>,
    which: Quoted,
    value: i128,
}

impl fmt::Display for Number<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.quote)(self.which) {
            Some(text) => text.fmt(f),
            None => self.value.fmt(f),
        }
    }
}

/// [`Error::quoting`]'s message.
struct Quoting<'q> {
    error: &'q Error,
    quote: Quote<'q>,
}

impl fmt::Display for Quoting<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.error.write(f, self.quote)
    }
}

impl Error {
    /// The message, with the caller's numbers written by `quote` where it gives them, for a face
    /// whose numbers may not fit in the error's fields (a Python int of any size is checked as
    /// the nearest 64-bit number, and quoted as written). [`Display`](fmt::Display) is this with
    /// no number given.
    ///
    /// ```
    /// use tictactoe_core::representations::ClassicGame;
    /// use tictactoe_core::{Error, Quoted};
    ///
    /// let err = ClassicGame::new(3)?.cell(i64::MAX as usize, 0).unwrap_err();
    /// let huge = "1180591620717411303424"; // 2**70, which the caller passed
    /// let quote = |which| (which == Quoted::Row).then_some(&huge as &dyn std::fmt::Display);
    /// assert!(err.quoting(&quote).to_string().starts_with("cell (1180591620717411303424, 0) is outside"));
    /// # Ok::<(), Error>(())
    /// ```
    pub fn quoting<'q>(
        &'q self,
        quote: &'q dyn Fn(Quoted) -> Option<&'q dyn fmt::Display>,
    ) -> impl fmt::Display + 'q {
        Quoting { error: self, quote }
    }

    /// The message, the numbers written through `quote`.
    fn write(&self, f: &mut fmt::Formatter<'_>, quote: Quote<'_>) -> fmt::Result {
        let number = |which, value| Number {
            quote,
            which,
            value,
        };
        match *self {
            Error::InvalidSize { n, max } => {
                let n = number(Quoted::Size, n);
                write!(
                    f,
                    "board size {n} is invalid: it must be between 1 and {max}"
                )
            }
            Error::InvalidRules {
                rows,
                cols,
                k,
                reason,
            } => {
                let (rows, cols) = (number(Quoted::Rows, rows), number(Quoted::Cols, cols));
                let k = number(Quoted::K, k);
                write!(f, "the rules {rows}x{cols}, k = {k} make no game: {reason}")
            }
            Error::OutOfMemory { rows, cols } => {
                write!(f, "not enough memory for a {rows}x{cols} board")
            }
            Error::NotAColumn { found, cols, first } => {
                let last = (cols as u64 + u64::from(first)).saturating_sub(1);
                write!(
                    f,
                    "{found:?} names no column: columns are {first} to {last}"
                )
            }
            Error::NoNotation { what } => f.write_str(what),
            Error::TextOutOfMemory { bytes } => {
                write!(f, "not enough memory for the board's text of {bytes} bytes")
            }
            Error::InvalidCount { name, count } => {
                write!(f, "{name} {count} is invalid: it must be at least 1")
            }
            Error::GamesOutOfMemory {
                num_envs,
                rows,
                cols,
            } => {
                write!(f, "not enough memory for {num_envs} games of {rows}x{cols}")
            }
            Error::InvalidPlayer { player } => {
                InvalidPlayer::write(f, number(Quoted::Player, player.into()))
            }
            Error::OutOfRange {
                row,
                col,
                rows,
                cols,
            } => {
                let (row, col) = (number(Quoted::Row, row), number(Quoted::Col, col));
                match (rows.checked_sub(1), cols.checked_sub(1)) {
                    (Some(last), Some(_)) if rows == cols => write!(
                        f,
                        "cell ({row}, {col}) is outside the {rows}x{cols} board: row and column must be between 0 and {last}"
                    ),
                    (Some(last_row), Some(last_col)) => write!(
                        f,
                        "cell ({row}, {col}) is outside the {rows}x{cols} board: the row must be between 0 and {last_row}, the column between 0 and {last_col}"
                    ),
                    _ => write!(
                        f,
                        "cell ({row}, {col}) is outside the board, which has no cells"
                    ),
                }
            }
            Error::ColumnOutOfRange { col, cols } => {
                let col = number(Quoted::Col, col);
                match cols.checked_sub(1) {
                    Some(last) => write!(
                        f,
                        "column {col} is outside the board: it must be between 0 and {last}"
                    ),
                    None => write!(f, "column {col} is outside the board, which has no cells"),
                }
            }
            Error::NotLanding { row, col, landing } => write!(
                f,
                "cell ({row}, {col}) is not where a mark in column {col} lands: that is row {landing}"
            ),
            Error::ColumnFull { col } => write!(f, "column {col} is full"),
            Error::NoGravity => write!(f, "a drop needs gravity: without it a move names its cell"),
            Error::NotSquare { rows, cols } => write!(
                f,
                "a {rows}x{cols} board has no single size n: ask for its rows and columns"
            ),
            Error::ActionOutOfRange { action, actions } => match actions.checked_sub(1) {
                Some(last) => write!(
                    f,
                    "action {action} is outside the board: it must be between 0 and {last}"
                ),
                None => write!(
                    f,
                    "action {action} is outside the board, which has no cells"
                ),
            },
            Error::NoSuchGame { index, games } => {
                write!(f, "there is no game {index}: there are {games}")
            }
            Error::Forfeited { winner } => write!(
                f,
                "{} lost that game by an illegal action, an outcome no single game can hold",
                winner.other()
            ),
            Error::Incompatible { reason } => write!(f, "the game does not fit: {reason}"),
            Error::GameOver {
                winner: Some(winner),
            } => {
                write!(f, "the game is over: {winner} has won")
            }
            Error::GameOver { winner: None } => {
                write!(f, "the game is over: the board is full (a draw)")
            }
            Error::WrongTurn { player } => {
                write!(f, "it is {}'s turn, not {player}'s", player.other())
            }
            Error::Occupied { row, col, by } => {
                write!(f, "cell ({row}, {col}) is already taken by {by}")
            }
            Error::NothingToUndo => write!(f, "there is no move to undo"),
            Error::NeedsBoard => write!(
                f,
                "a lean game keeps no board: cells, undo and drawing need a checked game"
            ),
            Error::SearchLimit { nodes } => write!(
                f,
                "the search used its whole budget of {nodes} positions without an answer"
            ),
            Error::SolverOutOfMemory { bits } => {
                write!(f, "not enough memory for a table of 2^{bits} positions")
            }
            Error::InvalidTableBits { bits, max } => write!(
                f,
                "table_bits must be between 0 and {max}, not {}",
                number(Quoted::TableBits, bits)
            ),
            Error::InvalidSkill { bits } => {
                let skill = f64::from_bits(bits);
                // Plain decimals where they are short; an exponent where they would run to
                // hundreds of digits (1e-300, 1e300).
                if skill == 0.0 || (1e-4..1e16).contains(&skill.abs()) || !skill.is_finite() {
                    write!(f, "skill must be between 0 and 1, not {skill}")
                } else {
                    write!(f, "skill must be between 0 and 1, not {skill:e}")
                }
            }
            Error::InvalidBook { reason } => write!(f, "not a valid opening book: {reason}"),
            Error::BufferTooSmall { needed } => {
                write!(f, "the buffer is too small: {needed} bytes are needed")
            }
            Error::Decode(err) => write!(f, "not a valid encoded game: {err}"),
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write(f, &|_| None)
    }
}

impl fmt::Display for DecodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            DecodeError::Truncated => write!(f, "the input is truncated"),
            DecodeError::NotAGame => write!(f, "the input does not start with the magic bytes"),
            DecodeError::UnsupportedVersion(v) => write!(f, "format version {v} is not supported"),
            DecodeError::UnknownMode(m) => write!(f, "mode {m} is unknown"),
            DecodeError::WrongShape => {
                write!(f, "its size or mode does not fit this kind of board")
            }
            DecodeError::TrailingBytes => write!(f, "bytes follow the end of the game"),
            DecodeError::IllegalMove { index } => write!(f, "recorded move {index} is illegal"),
            DecodeError::Inconsistent(why) => write!(f, "inconsistent counters: {why}"),
        }
    }
}

impl core::error::Error for Error {
    fn source(&self) -> Option<&(dyn core::error::Error + 'static)> {
        match self {
            Error::Decode(err) => Some(err),
            _ => None,
        }
    }
}

impl core::error::Error for DecodeError {}

impl From<InvalidPlayer> for Error {
    fn from(err: InvalidPlayer) -> Error {
        Error::InvalidPlayer { player: err.number }
    }
}

impl From<DecodeError> for Error {
    fn from(err: DecodeError) -> Error {
        Error::Decode(err)
    }
}
