//! What every exported function does at the border with C: keep panics on this side, mark a game a
//! panic interrupted as unusable, and turn engine errors into codes. The exported functions turn
//! their pointers into references (the only unsafe step); everything here is safe.

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

/// Runs `f` on the game, or answers `NULL_POINTER` (no game) or `PANIC` (an unusable game). A read
/// cannot half-change a game, so a panic here leaves it usable.
pub(crate) fn read<T: Code>(
    handle: Option<&TicTacToe>,
    f: impl FnOnce(&Game) -> Result<T, Error>,
) -> T {
    match handle {
        None => T::code(TicTacToeError::NullPointer),
        Some(handle) if handle.broken => T::code(TicTacToeError::Panic),
        Some(handle) => guard(T::code(TicTacToeError::Panic), || answer(f(&handle.game))),
    }
}

/// [`read`] for calls that change the game. A panic midway may leave it half-changed, so the game
/// is marked unusable: every later call answers `PANIC`.
pub(crate) fn change<T: Code>(
    handle: Option<&mut TicTacToe>,
    f: impl FnOnce(&mut Game) -> Result<T, Error>,
) -> T {
    match handle {
        None => T::code(TicTacToeError::NullPointer),
        Some(handle) if handle.broken => T::code(TicTacToeError::Panic),
        Some(handle) => match catch_unwind(AssertUnwindSafe(|| f(&mut handle.game))) {
            Ok(result) => answer(result),
            Err(_) => {
                handle.broken = true;
                T::code(TicTacToeError::Panic)
            }
        },
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{tictactoe_free, tictactoe_move, tictactoe_new, tictactoe_winner};

    #[test]
    fn a_game_a_panic_interrupted_refuses_every_later_call() {
        let game = tictactoe_new(3);
        // SAFETY: `game` is live until freed below.
        let handle = unsafe { game.as_mut() };
        let code: c_int = change(handle, |g| {
            g.play(0, 0, tictactoe_core::Player::X)?;
            panic!("an engine fault midway through a call");
        });
        assert_eq!(code, TicTacToeError::Panic as c_int);
        // SAFETY: `game` is live; freed once.
        unsafe {
            assert_eq!(
                tictactoe_move(game, 1, 1, 2),
                TicTacToeError::Panic as c_int
            );
            assert_eq!(tictactoe_winner(game), TicTacToeError::Panic as c_int);
            tictactoe_free(game);
        }
    }
}
