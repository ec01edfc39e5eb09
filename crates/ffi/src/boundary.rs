//! What every exported function does at the border with C: keep panics on this side, mark a game a
//! panic interrupted as unusable, and turn engine errors into codes. The exported functions turn
//! their pointers into references (the only unsafe step); everything here is safe.

use core::ffi::c_int;
use core::fmt;
use std::panic::{AssertUnwindSafe, catch_unwind};

use crate::error::TicTacToeError;
use crate::handle::Handle;

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

/// The engine object behind a handle another argument names: `NULL_POINTER` for none, `PANIC` for
/// one a panic left unusable. What every call checks of every handle it reads.
pub(crate) fn usable<H: Handle>(handle: Option<&H>) -> Result<&H::Inner, TicTacToeError> {
    match handle {
        None => Err(TicTacToeError::NullPointer),
        Some(handle) if handle.broken() => Err(TicTacToeError::Panic),
        Some(handle) => Ok(handle.inner()),
    }
}

/// Runs `f` on the object behind `handle` (see [`usable`]), turning its error into a code. A read
/// cannot half-change an object, so a panic here leaves it usable.
pub(crate) fn read<H: Handle, T: Code, E: Into<TicTacToeError>>(
    handle: Option<&H>,
    f: impl FnOnce(&H::Inner) -> Result<T, E>,
) -> T {
    let run = || usable(handle).and_then(|inner| f(inner).map_err(Into::into));
    guard(Err(TicTacToeError::Panic), run).unwrap_or_else(T::code)
}

/// [`read`] for calls that change the object. A panic midway may leave it half-changed, so it is
/// marked unusable: every later call answers `PANIC`.
pub(crate) fn change<H: Handle, T: Code, E: Into<TicTacToeError>>(
    handle: Option<&mut H>,
    f: impl FnOnce(&mut H::Inner) -> Result<T, E>,
) -> T {
    let handle = match handle {
        None => return T::code(TicTacToeError::NullPointer),
        Some(handle) if handle.broken() => return T::code(TicTacToeError::Panic),
        Some(handle) => handle,
    };
    match catch_unwind(AssertUnwindSafe(|| f(handle.inner_mut()))) {
        Ok(result) => result.unwrap_or_else(|err| T::code(err.into())),
        Err(_) => {
            handle.break_it();
            T::code(TicTacToeError::Panic)
        }
    }
}

/// Releases a handle made by [`into_raw`](crate::handle::into_raw); NULL does nothing.
///
/// # Safety
///
/// `handle` is NULL or a live handle from this library, released only once.
pub(crate) unsafe fn release<H>(handle: *mut H) {
    if !handle.is_null() {
        // SAFETY: the caller passes a pointer from Box::into_raw, released once.
        let owned = unsafe { Box::from_raw(handle) };
        guard((), move || drop(owned));
    }
}

/// A writable buffer of `len` items at `p`, or `None` for NULL.
///
/// # Safety
///
/// `p` is NULL or points to `len` writable, initialised items that nothing else uses meanwhile.
pub(crate) unsafe fn out<'a, T>(p: *mut T, len: usize) -> Option<&'a mut [T]> {
    // SAFETY: as the caller promises.
    (!p.is_null()).then(|| unsafe { core::slice::from_raw_parts_mut(p, len) })
}

pub(crate) use tictactoe_core::overlapping;

/// `(address, bytes)` of a buffer of `len` items at `p`.
pub(crate) fn span<T>(p: *const T, len: usize) -> (usize, usize) {
    (p as usize, len.saturating_mul(size_of::<T>()))
}

/// A text of `game` written into the caller's `buf` of `len` bytes like `snprintf` (at most
/// `len - 1` bytes and a NUL; nothing when `len` is 0, and `buf` may then be NULL) by `text`,
/// returning the whole text's length; negative for NULL or a refusal of `text`.
///
/// # Safety
///
/// `game` is NULL or a live game from this library; `buf` points to `len` writable bytes.
pub(crate) unsafe fn write_text(
    game: *const crate::handle::TicTacToe,
    buf: *mut core::ffi::c_char,
    len: usize,
    text: impl FnOnce(&tictactoe_core::Game, &mut Truncating<'_>) -> Result<(), tictactoe_core::Error>,
) -> i64 {
    if buf.is_null() && len > 0 {
        return TicTacToeError::NullPointer as i64;
    }
    // SAFETY: the caller passes NULL or a live game.
    let handle = unsafe { game.as_ref() };
    let out: &mut [u8] = if len == 0 {
        &mut []
    } else {
        // SAFETY: `buf` is not NULL (checked above) and the caller passes `len` writable bytes.
        unsafe { core::slice::from_raw_parts_mut(buf.cast::<u8>(), len) }
    };
    read(handle, |g| {
        let mut writer = Truncating::new(out);
        text(g, &mut writer)?;
        Ok::<_, tictactoe_core::Error>(writer.finish() as i64)
    })
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
        let code: c_int = change(handle, |g| -> Result<c_int, tictactoe_core::Error> {
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

    #[test]
    fn a_game_a_panic_interrupted_cannot_be_copied_into_a_batch() {
        use crate::{
            tictactoe_games_free, tictactoe_games_game, tictactoe_games_new,
            tictactoe_games_set_game, tictactoe_move_count,
        };
        let game = tictactoe_new(3);
        // SAFETY: `game` is live until freed below.
        let handle = unsafe { game.as_mut() };
        let code: c_int = change(handle, |g| -> Result<c_int, tictactoe_core::Error> {
            g.play(1, 1, tictactoe_core::Player::X)?;
            panic!("an engine fault midway through a call");
        });
        assert_eq!(code, TicTacToeError::Panic as c_int);
        let games = tictactoe_games_new(2, 3, 0, 0, 1);
        // SAFETY: `games` and `game` are live; each is freed once.
        unsafe {
            assert_eq!(
                tictactoe_games_set_game(games, 0, game),
                TicTacToeError::Panic as c_int
            );
            // The half-changed game did not reach the batch, which stays usable.
            let copy = tictactoe_games_game(games, 0);
            assert_eq!(tictactoe_move_count(copy), 0);
            tictactoe_free(copy);
            tictactoe_free(game);
            tictactoe_games_free(games);
        }
    }
}
