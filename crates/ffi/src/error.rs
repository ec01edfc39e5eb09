//! Error codes: one negative value per kind of failure, and a message for each.

use core::ffi::{c_char, c_int};

use tictactoe_core::Error;

/// Why a call failed. Functions return these negative codes; successful results are never negative.
/// `tictactoe_strerror` describes any code.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TicTacToeError {
    /// A required pointer argument was NULL.
    NullPointer = -1,
    /// The board size is not between 1 and the mode's largest size.
    InvalidSize = -2,
    /// The memory for the board could not be had.
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
    /// An internal error; the game is unchanged. Please report it.
    Panic = -12,
}

impl From<Error> for TicTacToeError {
    fn from(err: Error) -> Self {
        match err {
            Error::InvalidSize { .. } => TicTacToeError::InvalidSize,
            Error::OutOfMemory { .. } => TicTacToeError::OutOfMemory,
            Error::InvalidPlayer { .. } => TicTacToeError::InvalidPlayer,
            Error::OutOfRange { .. } => TicTacToeError::OutOfRange,
            Error::GameOver { .. } => TicTacToeError::GameOver,
            Error::WrongTurn { .. } => TicTacToeError::WrongTurn,
            Error::Occupied { .. } => TicTacToeError::Occupied,
            Error::NothingToUndo => TicTacToeError::NothingToUndo,
            Error::NeedsBoard => TicTacToeError::NeedsBoard,
            // Encoding is not part of the C face, so its errors cannot arise here.
            _ => TicTacToeError::Panic,
        }
    }
}

/// A static message for `code`, for any `int`: never NULL, never to be freed. Non-negative codes are
/// results, not errors, and read "success".
#[unsafe(no_mangle)]
pub extern "C" fn tictactoe_strerror(code: c_int) -> *const c_char {
    // Matched as a plain int: a value coming from C is never trusted to be a valid enum member.
    let message = match code {
        0.. => c"success",
        -1 => c"a required pointer argument is NULL",
        -2 => c"the board size is invalid: it must be between 1 and the mode's largest size",
        -3 => c"not enough memory for a board of this size",
        -4 => c"the player is invalid: it must be 1 (X) or 2 (O)",
        -5 => c"the cell is outside the board",
        -6 => c"the game is over",
        -7 => c"it is the other player's turn",
        -8 => c"the cell is already taken",
        -9 => c"there is no move to undo",
        -10 => c"a lean game keeps no board: cells, undo and drawing need a checked game",
        -11 => c"the batch is too long",
        -12 => c"internal error (the game is unchanged)",
        _ => c"unknown error code",
    };
    message.as_ptr()
}

#[cfg(test)]
mod tests {
    use core::ffi::CStr;

    use super::*;

    fn message(code: c_int) -> &'static str {
        // SAFETY: tictactoe_strerror returns a static NUL-terminated string.
        unsafe { CStr::from_ptr(tictactoe_strerror(code)) }
            .to_str()
            .unwrap()
    }

    #[test]
    fn every_code_has_its_own_message() {
        use TicTacToeError::*;
        let all = [
            NullPointer,
            InvalidSize,
            OutOfMemory,
            InvalidPlayer,
            OutOfRange,
            GameOver,
            WrongTurn,
            Occupied,
            NothingToUndo,
            NeedsBoard,
            TooManyMoves,
            Panic,
        ];
        let messages: Vec<_> = all.iter().map(|&e| message(e as c_int)).collect();
        for (i, m) in messages.iter().enumerate() {
            assert_ne!(*m, message(-1000), "{:?} has no message", all[i]);
            assert!(
                !messages[..i].contains(m),
                "{:?} shares its message",
                all[i]
            );
        }
    }
}
