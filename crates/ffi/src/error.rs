//! Error codes: one negative value per kind of failure. The enum holds the numbers, `message` the
//! words, and everything else (the mapping from engine errors, `tictactoe_strerror`) is derived.

use core::ffi::{CStr, c_char, c_int};

use tictactoe_core::{Error, InvalidPlayer, VecError};

/// Why a call failed. Functions return these negative codes; successful results are never negative.
/// `tictactoe_strerror` describes any code.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TicTacToeError {
    /// A required pointer argument was NULL.
    NullPointer = -1,
    /// The board size is not between 1 and the mode's largest size.
    InvalidSize = -2,
    /// The memory for the board or its move history could not be had.
    OutOfMemory = -3,
    /// The player is not 1 or 2.
    InvalidPlayer = -4,
    /// The row or column is outside the board.
    OutOfRange = -5,
    /// The game is already over.
    GameOver = -6,
    /// The same player tried to move twice in a row.
    WrongTurn = -7,
    /// The cell is already taken.
    Occupied = -8,
    /// There is no move to undo.
    NothingToUndo = -9,
    /// A lean game keeps no board (cells, undo, rendering).
    NeedsBoard = -10,
    /// A batch longer than memory can hold.
    TooManyMoves = -11,
    /// An internal error interrupted a call. The game may be half-changed, so it is marked unusable:
    /// every later call on it returns this code, and it can only be freed. Please report it.
    Panic = -12,
    /// The engine refused the call for a reason this version of the library has no code for.
    Other = -13,
    /// Two buffers of one call overlap: every output needs memory of its own.
    Overlap = -14,
    /// Rules that make no game, or a lean game with rules other than the classic square's.
    InvalidRules = -15,
    /// With gravity, a cell other than its column's lowest empty one.
    NotLanding = -16,
    /// With gravity, a drop in a full column.
    ColumnFull = -17,
    /// A drop in a game without gravity.
    NoGravity = -18,
    /// The size `n` of a board that is not square.
    NotSquare = -19,
    /// A search for perfect play ran out of its node budget; nothing changed.
    SearchLimit = -20,
    /// A character of a move string names no column (columns are 1 to the board's).
    NotAColumn = -21,
    /// The game's moves or columns have no such notation: a move string needs gravity and at most
    /// nine columns.
    NoNotation = -22,
    /// An opening book's bytes are not what they claim to be.
    InvalidBook = -23,
}

impl TicTacToeError {
    /// Every code, from -1 down, without gaps (checked below at compile time).
    const ALL: [TicTacToeError; 23] = [
        TicTacToeError::NullPointer,
        TicTacToeError::InvalidSize,
        TicTacToeError::OutOfMemory,
        TicTacToeError::InvalidPlayer,
        TicTacToeError::OutOfRange,
        TicTacToeError::GameOver,
        TicTacToeError::WrongTurn,
        TicTacToeError::Occupied,
        TicTacToeError::NothingToUndo,
        TicTacToeError::NeedsBoard,
        TicTacToeError::TooManyMoves,
        TicTacToeError::Panic,
        TicTacToeError::Other,
        TicTacToeError::Overlap,
        TicTacToeError::InvalidRules,
        TicTacToeError::NotLanding,
        TicTacToeError::ColumnFull,
        TicTacToeError::NoGravity,
        TicTacToeError::NotSquare,
        TicTacToeError::SearchLimit,
        TicTacToeError::NotAColumn,
        TicTacToeError::NoNotation,
        TicTacToeError::InvalidBook,
    ];

    /// The code's message: static, NUL-terminated.
    pub(crate) const fn message(self) -> &'static CStr {
        match self {
            TicTacToeError::NullPointer => c"a required pointer argument is NULL",
            TicTacToeError::InvalidSize => {
                c"the board size is invalid: it must be between 1 and the mode's largest size"
            }
            TicTacToeError::OutOfMemory => c"not enough memory for the board or its move history",
            TicTacToeError::InvalidPlayer => c"the player is invalid: it must be 1 (X) or 2 (O)",
            TicTacToeError::OutOfRange => c"the cell is outside the board",
            TicTacToeError::GameOver => c"the game is over",
            TicTacToeError::WrongTurn => c"it is the other player's turn",
            TicTacToeError::Occupied => c"the cell is already taken",
            TicTacToeError::NothingToUndo => c"there is no move to undo",
            TicTacToeError::NeedsBoard => {
                c"a lean game keeps no board: cells, undo and drawing need a checked game"
            }
            TicTacToeError::TooManyMoves => c"the batch is too long",
            TicTacToeError::Panic => {
                c"internal error: the game may be half-changed and refuses every further call"
            }
            TicTacToeError::Other => {
                c"the call was refused for a reason this library has no code for"
            }
            TicTacToeError::Overlap => c"two buffers of the call overlap",
            TicTacToeError::InvalidRules => c"the rules make no game",
            TicTacToeError::NotLanding => {
                c"with gravity, a mark can only go to the lowest empty cell of its column"
            }
            TicTacToeError::ColumnFull => c"the column is full",
            TicTacToeError::NoGravity => c"a drop needs gravity: without it a move names its cell",
            TicTacToeError::NotSquare => c"the board is not square: ask for its rows and columns",
            TicTacToeError::SearchLimit => c"the search ran out of its node budget",
            TicTacToeError::NotAColumn => c"a character of the move string names no column",
            TicTacToeError::InvalidBook => {
                c"the bytes are not an opening book: neither the engine's nor one of BitBully's"
            }
            TicTacToeError::NoNotation => {
                c"no such notation for this game: a move string needs gravity and at most nine columns"
            }
        }
    }

    /// The code with this number, if any: a number from C is never trusted to be a member.
    fn from_code(code: c_int) -> Option<TicTacToeError> {
        let index = usize::try_from(-i64::from(code) - 1).ok()?;
        Self::ALL.get(index).copied()
    }
}

const _: () = {
    let mut k = 0;
    while k < TicTacToeError::ALL.len() {
        assert!(TicTacToeError::ALL[k] as i64 == -(k as i64) - 1);
        k += 1;
    }
};

impl From<Error> for TicTacToeError {
    fn from(err: Error) -> Self {
        match err {
            Error::InvalidSize { .. } => TicTacToeError::InvalidSize,
            Error::OutOfMemory { .. } => TicTacToeError::OutOfMemory,
            Error::InvalidPlayer { .. } => TicTacToeError::InvalidPlayer,
            Error::OutOfRange { .. }
            | Error::ActionOutOfRange { .. }
            | Error::ColumnOutOfRange { .. } => TicTacToeError::OutOfRange,
            Error::InvalidRules { .. } => TicTacToeError::InvalidRules,
            Error::NotLanding { .. } => TicTacToeError::NotLanding,
            Error::ColumnFull { .. } => TicTacToeError::ColumnFull,
            Error::NoGravity => TicTacToeError::NoGravity,
            Error::NotSquare { .. } => TicTacToeError::NotSquare,
            Error::SearchLimit { .. } => TicTacToeError::SearchLimit,
            Error::SolverOutOfMemory { .. } => TicTacToeError::OutOfMemory,
            Error::GameOver { .. } => TicTacToeError::GameOver,
            Error::WrongTurn { .. } => TicTacToeError::WrongTurn,
            Error::Occupied { .. } => TicTacToeError::Occupied,
            Error::NothingToUndo => TicTacToeError::NothingToUndo,
            Error::NeedsBoard => TicTacToeError::NeedsBoard,
            Error::NoSuchGame { .. } => TicTacToeError::OutOfRange,
            Error::InvalidCount { .. } => TicTacToeError::InvalidSize,
            Error::GamesOutOfMemory { .. } => TicTacToeError::OutOfMemory,
            Error::NotAColumn { .. } => TicTacToeError::NotAColumn,
            Error::NoNotation { .. } => TicTacToeError::NoNotation,
            Error::InvalidBook { .. } => TicTacToeError::InvalidBook,
            // Encoding is not part of the C face, and later engines may refuse in new ways.
            _ => TicTacToeError::Other,
        }
    }
}

impl From<InvalidPlayer> for TicTacToeError {
    fn from(_: InvalidPlayer) -> Self {
        TicTacToeError::InvalidPlayer
    }
}

/// A refused step is its game's refusal; a buffer of the wrong length cannot come from C, whose
/// buffers take their lengths from the object.
impl From<VecError> for TicTacToeError {
    fn from(err: VecError) -> Self {
        match err {
            VecError::Step(refused) => refused.error.into(),
            _ => TicTacToeError::Other,
        }
    }
}

/// A static message for `code`, for any `int`: never NULL, never to be freed. Non-negative codes are
/// results, not errors, and read "success".
#[unsafe(no_mangle)]
pub extern "C" fn tictactoe_strerror(code: c_int) -> *const c_char {
    let message = match TicTacToeError::from_code(code) {
        _ if code >= 0 => c"success",
        Some(error) => error.message(),
        None => c"unknown error code",
    };
    message.as_ptr()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn message(code: c_int) -> &'static str {
        // SAFETY: tictactoe_strerror returns a static NUL-terminated string.
        unsafe { CStr::from_ptr(tictactoe_strerror(code)) }
            .to_str()
            .unwrap()
    }

    #[test]
    fn every_code_has_its_own_message_and_reads_back() {
        let all = TicTacToeError::ALL;
        for (i, &error) in all.iter().enumerate() {
            let code = error as c_int;
            assert_eq!(TicTacToeError::from_code(code), Some(error));
            assert_eq!(message(code), error.message().to_str().unwrap());
            assert_ne!(message(code), message(-1000), "{error:?} has no message");
            for earlier in &all[..i] {
                assert_ne!(
                    earlier.message(),
                    error.message(),
                    "{error:?} shares its message"
                );
            }
        }
        let past = -(all.len() as c_int) - 1;
        assert_eq!(TicTacToeError::from_code(past), None);
        assert_eq!(message(past), "unknown error code");
        assert_eq!(message(c_int::MIN), "unknown error code");
        assert_eq!(message(0), "success");
    }

    #[test]
    fn engine_errors_without_a_code_of_their_own_are_other_not_panic() {
        let decode = Error::Decode(tictactoe_core::DecodeError::Truncated);
        assert_eq!(TicTacToeError::from(decode), TicTacToeError::Other);
        let buffer = Error::BufferTooSmall { needed: 1 };
        assert_eq!(TicTacToeError::from(buffer), TicTacToeError::Other);
    }
}
