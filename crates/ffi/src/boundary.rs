//! What every exported function does at the border with C: check the game pointer, keep panics on
//! this side, and turn engine errors into codes.

use core::ffi::c_int;
use core::fmt;
use std::panic::{AssertUnwindSafe, catch_unwind};

use tictactoe_core::{Error, Game};

use crate::{TicTacToe, TicTacToeError};

/// A C return type that can carry a negative error code.
pub(crate) trait Code {
    fn code(error: TicTacToeError) -> Self;
}

impl Code for c_int {
    fn code(error: TicTacToeError) -> Self {
        error as c_int
    }
}

impl Code for i64 {
    fn code(error: TicTacToeError) -> Self {
        error as i64
    }
}

/// Runs `f`; a panic becomes `fallback` instead of unwinding into C.
pub(crate) fn guard<T>(fallback: T, f: impl FnOnce() -> T) -> T {
    catch_unwind(AssertUnwindSafe(f)).unwrap_or(fallback)
}

fn answer<T: Code>(result: Result<T, Error>) -> T {
    result.unwrap_or_else(|err| T::code(TicTacToeError::from(err)))
}

/// Runs `f` on the game behind `game`, or answers `TICTACTOE_ERROR_NULL_POINTER`.
///
/// # Safety
///
/// `game` is NULL or points to a live `TicTacToe`.
pub(crate) unsafe fn with_game<T: Code>(
    game: *const TicTacToe,
    f: impl FnOnce(&Game) -> Result<T, Error>,
) -> T {
    // SAFETY: the caller passes NULL or a live game.
    match unsafe { game.as_ref() } {
        Some(game) => guard(T::code(TicTacToeError::Panic), || answer(f(&game.game))),
        None => T::code(TicTacToeError::NullPointer),
    }
}

/// [`with_game`] for calls that change the game.
///
/// # Safety
///
/// `game` is NULL or points to a live `TicTacToe` that nothing else uses during the call.
pub(crate) unsafe fn with_game_mut<T: Code>(
    game: *mut TicTacToe,
    f: impl FnOnce(&mut Game) -> Result<T, Error>,
) -> T {
    // SAFETY: the caller passes NULL or a live game used by this call alone.
    match unsafe { game.as_mut() } {
        Some(game) => guard(T::code(TicTacToeError::Panic), || answer(f(&mut game.game))),
        None => T::code(TicTacToeError::NullPointer),
    }
}

/// A `snprintf`-like sink: keeps what fits (leaving room for the NUL) and counts everything.
pub(crate) struct Truncating<'a> {
    out: &'a mut [u8],
    kept: usize,
    total: usize,
}

impl<'a> Truncating<'a> {
    pub(crate) fn new(out: &'a mut [u8]) -> Self {
        Truncating {
            out,
            kept: 0,
            total: 0,
        }
    }

    /// Terminates the kept text with a NUL (if there is any room) and returns the full length.
    pub(crate) fn finish(self) -> usize {
        if let Some(end) = self.out.get_mut(self.kept) {
            *end = 0;
        }
        self.total
    }
}

impl fmt::Write for Truncating<'_> {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        let room = self.out.len().saturating_sub(1).saturating_sub(self.kept);
        let take = room.min(s.len());
        self.out[self.kept..self.kept + take].copy_from_slice(&s.as_bytes()[..take]);
        self.kept += take;
        self.total += s.len();
        Ok(())
    }
}
