//! The notations Connect Four players use, for C: a position as the string of its 1-based
//! columns (`"4453"`), the legal moves as actions, and the player to move. The engine's own
//! (`Game::play_move_string` and its neighbours); this only checks pointers and maps codes.

use core::ffi::{CStr, c_char, c_int};

use tictactoe_core::{BatchError, Error};

use crate::boundary::{self, change, read};
use crate::error::TicTacToeError;
use crate::handle::TicTacToe;

/// Drops a mark in each column the NUL-terminated string `moves` names (1-based digits, as
/// Connect Four solvers write a position: `"4453"`), the players alternating from the one to
/// move. All or nothing: 0 when every move was played; else a negative code (a character that
/// names no column is `TICTACTOE_ERROR_NOT_A_COLUMN`, a move the rules refuse its own code, a game
/// without gravity or of more than nine columns `TICTACTOE_ERROR_NO_NOTATION`), the game
/// unchanged, and `*bad` (when not NULL) the refused character's position.
///
/// # Safety
///
/// `game` is NULL or a live game from this library; `moves` is NULL or a NUL-terminated string;
/// `bad` is NULL or points to a writable `size_t`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn tictactoe_play_move_string(
    game: *mut TicTacToe,
    moves: *const c_char,
    bad: *mut usize,
) -> c_int {
    if moves.is_null() {
        return TicTacToeError::NullPointer as c_int;
    }
    // SAFETY: `moves` is not NULL and the caller passes a NUL-terminated string.
    let bytes = unsafe { CStr::from_ptr(moves) }.to_bytes();
    // SAFETY: the caller passes NULL or a live game that this call alone uses.
    let handle = unsafe { game.as_mut() };
    change(handle, |g| {
        let played = match core::str::from_utf8(bytes) {
            Ok(text) => g.play_move_string(text),
            // A byte outside UTF-8 names no column; the text before it is not played either.
            Err(err) => Err(BatchError {
                index: err.valid_up_to(),
                error: Error::NotAColumn {
                    found: char::REPLACEMENT_CHARACTER,
                    cols: g.rules().cols(),
                    first: 1,
                },
            }),
        };
        played.map(|()| 0).map_err(|BatchError { index, error }| {
            if !bad.is_null() {
                // SAFETY: `bad` is not NULL and the caller passes a writable `size_t`.
                unsafe { bad.write(index) };
            }
            error
        })
    })
}

/// Writes the columns played, 1-based, as a string (`"4453"`) into `buf`, like `snprintf` (at
/// most `len - 1` characters and a NUL; nothing when `len` is 0, and `buf` may then be NULL), and
/// returns the string's whole length. `TICTACTOE_ERROR_NO_NOTATION` for a game without gravity or
/// of more than nine columns; negative for NULL or a lean game.
///
/// # Safety
///
/// `game` is NULL or a live game from this library; `buf` points to `len` writable bytes.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn tictactoe_move_string(
    game: *const TicTacToe,
    buf: *mut c_char,
    len: usize,
) -> i64 {
    // SAFETY: the caller's promises for `game`, `buf` and `len` are this function's.
    unsafe {
        boundary::write_text(game, buf, len, |g, writer| {
            // Writing to a Truncating never fails: it only counts what does not fit.
            let _ = core::fmt::Write::write_str(writer, &g.move_string()?);
            Ok(())
        })
    }
}

/// The legal moves as actions, in order, into `actions` (at most `capacity` of them; it may be
/// NULL when `capacity` is 0): with gravity the columns that are not full (from 0), else the
/// empty cells' indices `row * cols + col`; none once the game is over. Returns how many there
/// are; negative for NULL or a lean game.
///
/// # Safety
///
/// `game` is NULL or a live game from this library; `actions` points to `capacity` writable
/// `int64_t`s.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn tictactoe_legal_moves(
    game: *const TicTacToe,
    actions: *mut i64,
    capacity: usize,
) -> i64 {
    if actions.is_null() && capacity > 0 {
        return TicTacToeError::NullPointer as i64;
    }
    // SAFETY: the caller passes NULL or a live game.
    let handle = unsafe { game.as_ref() };
    let out: &mut [i64] = if capacity == 0 {
        &mut []
    } else {
        // SAFETY: `actions` is not NULL (checked above) and holds `capacity` writable int64_ts.
        unsafe { core::slice::from_raw_parts_mut(actions, capacity) }
    };
    read(handle, |g| {
        let legal = g.legal_actions()?;
        for (slot, &action) in out.iter_mut().zip(&legal) {
            *slot = action as i64;
        }
        Ok::<_, Error>(legal.len() as i64)
    })
}

/// The player to move: 1 (X) or 2 (O), the one who did not make the last move (X before any
/// move); 0 once the game is over; negative for NULL.
///
/// # Safety
///
/// `game` is NULL or a live game from this library.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn tictactoe_to_move(game: *const TicTacToe) -> c_int {
    // SAFETY: the caller passes NULL or a live game.
    let handle = unsafe { game.as_ref() };
    read(handle, |g| {
        Ok::<_, Error>(c_int::from(g.to_move().map_or(0, |p| p.number())))
    })
}
