//! The single game's functions: create, move, ask, undo, draw.

use core::ffi::{c_char, c_int};
use core::ptr;

use tictactoe_core::{Error, Game, Mode, Player, Rules};
use tictactoe_solve::Solve;

use crate::boundary::{self, change, guard, read};
use crate::error::TicTacToeError;
use crate::handle::{TicTacToe, into_raw};
use crate::players::{budget, store};

/// One move of a batch for `tictactoe_play`.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct TicTacToeMove {
    /// Row, from 0.
    pub row: i64,
    /// Column, from 0.
    pub col: i64,
    /// 1 (X) or 2 (O).
    pub player: i64,
}

fn create(n: i64, mode: Mode) -> *mut TicTacToe {
    guard(ptr::null_mut(), || match Game::with_mode_i64(n, mode) {
        Ok(game) => into_raw(game),
        Err(_) => ptr::null_mut(),
    })
}

/// The flag of `tictactoe_new_rules` for gravity: a mark falls to the lowest empty cell of its
/// column (row `rows - 1` is the bottom), as in Connect Four.
pub const TICTACTOE_GRAVITY: u32 = 1;

/// The flag of `tictactoe_new_rules` for exactly `k`: only a run of exactly `k` of a player's cells
/// on a line wins; a longer one (an overline) does not, and the game goes on (gomoku's standard
/// rule, Gomocup's rule 1).
pub const TICTACTOE_EXACT: u32 = 2;

/// The rules `tictactoe_new_rules` and `tictactoe_games_new_rules` name, or `None` for an unknown
/// flag or rules that make no game.
pub(crate) fn rules_of(rows: i64, cols: i64, k: i64, flags: u32) -> Option<Rules> {
    if flags & !(TICTACTOE_GRAVITY | TICTACTOE_EXACT) != 0 {
        return None;
    }
    let rules = Rules::new_i64(rows, cols, k, flags & TICTACTOE_GRAVITY != 0).ok()?;
    Some(rules.with_exact(flags & TICTACTOE_EXACT != 0))
}

/// A new checked `n x n` game: it keeps the board, refuses taken cells and can undo.
///
/// Returns NULL when `n` is not between 1 and 65535, or when the memory cannot be had. The caller
/// owns the game and releases it with `tictactoe_free`.
#[unsafe(no_mangle)]
pub extern "C" fn tictactoe_new(n: i64) -> *mut TicTacToe {
    create(n, Mode::Checked)
}

/// A new lean `n x n` game: O(n) memory, no board. The caller promises to play each cell at most once;
/// `tictactoe_cell`, `tictactoe_undo` and `tictactoe_render` answer `TICTACTOE_ERROR_NEEDS_BOARD`.
///
/// Returns NULL when `n` is not between 1 and 536870911, or when the memory cannot be had. The caller
/// owns the game and releases it with `tictactoe_free`.
#[unsafe(no_mangle)]
pub extern "C" fn tictactoe_new_lean(n: i64) -> *mut TicTacToe {
    create(n, Mode::Lean)
}

/// A new game of the k-in-a-row family: a `rows x cols` board where `k` or more in a row (a row, a
/// column or any diagonal) wins; `flags` is 0 or any of `TICTACTOE_GRAVITY` and `TICTACTOE_EXACT`.
/// Connect Four is `tictactoe_new_rules(6, 7, 4, TICTACTOE_GRAVITY)`, free-style gomoku
/// `(15, 15, 5, 0)`, standard gomoku (exactly five) `(15, 15, 5, TICTACTOE_EXACT)`, and
/// `(n, n, n, 0)` is the classic game of `tictactoe_new(n)`. Every move costs O(1), whatever `k`
/// (O(k) with `TICTACTOE_EXACT`).
///
/// Returns NULL for rules that make no game (a side outside 1..65535, `k` outside 1..max(rows,
/// cols), an unknown flag) or when the memory cannot be had. The caller owns the game and releases
/// it with `tictactoe_free`.
#[unsafe(no_mangle)]
pub extern "C" fn tictactoe_new_rules(rows: i64, cols: i64, k: i64, flags: u32) -> *mut TicTacToe {
    let Some(rules) = rules_of(rows, cols, k, flags) else {
        return ptr::null_mut();
    };
    guard(ptr::null_mut(), || {
        Game::with_rules(rules).map_or(ptr::null_mut(), into_raw)
    })
}

/// Releases a game made by `tictactoe_new`, `tictactoe_new_lean` or `tictactoe_new_rules`. NULL is accepted and does nothing.
/// The pointer must not be used afterwards.
///
/// # Safety
///
/// `game` is NULL or a live game from this library, released only once.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn tictactoe_free(game: *mut TicTacToe) {
    // SAFETY: the caller passes NULL or a live game, released once.
    unsafe { boundary::release(game) }
}

/// `player` (1 for X, 2 for O) marks the cell at `row`, `col` (from 0).
///
/// Returns 0 when nobody has won yet, or the number of the player who has just won; on failure a
/// negative `tictactoe_error` and the game is unchanged. Checks, in this order: the player, the cell's
/// range, the game being over, whose turn it is, and (checked games) whether the cell is taken.
///
/// # Safety
///
/// `game` is NULL or a live game from this library.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn tictactoe_move(
    game: *mut TicTacToe,
    row: i64,
    col: i64,
    player: i64,
) -> c_int {
    // SAFETY: the caller passes NULL or a live game that this call alone uses.
    let handle = unsafe { game.as_mut() };
    change(handle, |g| g.play_i64(row, col, player).map(c_int::from))
}

/// Applies `count` moves all or nothing. Returns the winner after the last move (0, 1 or 2). When a
/// move is refused, none of the batch is applied, the result is that move's error code and, if
/// `failed_index` is not NULL, `*failed_index` is its position in the batch.
///
/// `moves` may be NULL when `count` is 0.
///
/// # Safety
///
/// `game` is NULL or a live game from this library; `moves` points to `count` moves; `failed_index`
/// is NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn tictactoe_play(
    game: *mut TicTacToe,
    moves: *const TicTacToeMove,
    count: usize,
    failed_index: *mut usize,
) -> c_int {
    let moves: &[TicTacToeMove] = if count == 0 {
        &[]
    } else if moves.is_null() {
        return TicTacToeError::NullPointer as c_int;
    } else if count > isize::MAX as usize / size_of::<TicTacToeMove>() {
        return TicTacToeError::TooManyMoves as c_int;
    } else {
        // SAFETY: the caller passes `count` readable moves; the length fits in isize.
        unsafe { core::slice::from_raw_parts(moves, count) }
    };
    let raw = moves.iter().map(|m| [m.row, m.col, m.player]);
    // SAFETY: the caller passes NULL or a live game that this call alone uses.
    let handle = unsafe { game.as_mut() };
    // SAFETY: the caller passes NULL or a writable size_t.
    let failed_index = unsafe { failed_index.as_mut() };
    change(handle, |g| -> Result<_, Error> {
        g.play_all_i64(raw).map(player_number).map_err(|err| {
            if let Some(slot) = failed_index {
                *slot = err.index;
            }
            err.error
        })
    })
}

fn player_number(player: Option<Player>) -> c_int {
    player.map_or(0, |p| c_int::from(p.number()))
}

fn flag(value: bool) -> c_int {
    c_int::from(value)
}

/// The winner: 0 (none yet, or a draw), 1 or 2; `TICTACTOE_ERROR_NULL_POINTER` for NULL.
///
/// # Safety
///
/// `game` is NULL or a live game from this library.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn tictactoe_winner(game: *const TicTacToe) -> c_int {
    // SAFETY: the caller passes NULL or a live game.
    let handle = unsafe { game.as_ref() };
    read(handle, |g| Ok::<_, Error>(player_number(g.winner())))
}

/// 1 when the game is over (a win or a full board), else 0; negative for NULL.
///
/// # Safety
///
/// `game` is NULL or a live game from this library.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn tictactoe_is_over(game: *const TicTacToe) -> c_int {
    // SAFETY: the caller passes NULL or a live game.
    let handle = unsafe { game.as_ref() };
    read(handle, |g| Ok::<_, Error>(flag(g.is_over())))
}

/// 1 when the board is full and nobody has won, else 0; negative for NULL.
///
/// # Safety
///
/// `game` is NULL or a live game from this library.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn tictactoe_is_draw(game: *const TicTacToe) -> c_int {
    // SAFETY: the caller passes NULL or a live game.
    let handle = unsafe { game.as_ref() };
    read(handle, |g| Ok::<_, Error>(flag(g.is_draw())))
}

/// The number of moves played; negative for NULL. (No game can reach 2^63 moves.)
///
/// # Safety
///
/// `game` is NULL or a live game from this library.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn tictactoe_move_count(game: *const TicTacToe) -> i64 {
    // SAFETY: the caller passes NULL or a live game.
    let handle = unsafe { game.as_ref() };
    read(handle, |g| -> Result<_, Error> {
        Ok(i64::try_from(g.move_count()).unwrap_or(i64::MAX))
    })
}

/// The board size `n` of a square board; `TICTACTOE_ERROR_NOT_SQUARE` for another, negative for
/// NULL.
///
/// # Safety
///
/// `game` is NULL or a live game from this library.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn tictactoe_size(game: *const TicTacToe) -> i64 {
    // SAFETY: the caller passes NULL or a live game.
    let handle = unsafe { game.as_ref() };
    read(handle, |g| g.n().map(|n| n as i64))
}

/// The board's rows; negative for NULL.
///
/// # Safety
///
/// `game` is NULL or a live game from this library.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn tictactoe_rows(game: *const TicTacToe) -> i64 {
    // SAFETY: the caller passes NULL or a live game.
    let handle = unsafe { game.as_ref() };
    read(handle, |g| Ok::<_, Error>(g.rules().rows() as i64))
}

/// The board's columns; negative for NULL.
///
/// # Safety
///
/// `game` is NULL or a live game from this library.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn tictactoe_cols(game: *const TicTacToe) -> i64 {
    // SAFETY: the caller passes NULL or a live game.
    let handle = unsafe { game.as_ref() };
    read(handle, |g| Ok::<_, Error>(g.rules().cols() as i64))
}

/// How many in a row win; negative for NULL.
///
/// # Safety
///
/// `game` is NULL or a live game from this library.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn tictactoe_k(game: *const TicTacToe) -> i64 {
    // SAFETY: the caller passes NULL or a live game.
    let handle = unsafe { game.as_ref() };
    read(handle, |g| Ok::<_, Error>(g.rules().k() as i64))
}

/// 1 when marks fall (gravity), else 0; negative for NULL.
///
/// # Safety
///
/// `game` is NULL or a live game from this library.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn tictactoe_gravity(game: *const TicTacToe) -> c_int {
    // SAFETY: the caller passes NULL or a live game.
    let handle = unsafe { game.as_ref() };
    read(handle, |g| Ok::<_, Error>(flag(g.rules().gravity())))
}

/// 1 when only exactly `k` in a row wins (`TICTACTOE_EXACT`), else 0; negative for NULL.
///
/// # Safety
///
/// `game` is NULL or a live game from this library.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn tictactoe_exact(game: *const TicTacToe) -> c_int {
    // SAFETY: the caller passes NULL or a live game.
    let handle = unsafe { game.as_ref() };
    read(handle, |g| Ok::<_, Error>(flag(g.rules().exact())))
}

/// With gravity, `player` drops a mark in column `col` (from 0): it lands on the column's lowest
/// empty cell. Answers as `tictactoe_move` does; also `TICTACTOE_ERROR_COLUMN_FULL`, and
/// `TICTACTOE_ERROR_NO_GRAVITY` for a game without gravity (where a move names its cell). A refused
/// drop changes nothing.
///
/// # Safety
///
/// `game` is NULL or a live game from this library.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn tictactoe_drop(game: *mut TicTacToe, col: i64, player: i64) -> c_int {
    // SAFETY: the caller passes NULL or a live game that this call alone uses.
    let handle = unsafe { game.as_mut() };
    change(handle, |g| g.drop_i64(col, player).map(c_int::from))
}

/// 1 when `player` can still complete some line (one holding no mark of the opponent), else 0; 0 once
/// the game is over. When neither player can, the game is a dead draw. Negative for NULL or a player
/// other than 1 or 2.
///
/// # Safety
///
/// `game` is NULL or a live game from this library.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn tictactoe_can_win(game: *const TicTacToe, player: i64) -> c_int {
    // SAFETY: the caller passes NULL or a live game.
    let handle = unsafe { game.as_ref() };
    read(handle, |g| -> Result<_, Error> {
        Ok::<_, Error>(flag(g.can_win(Player::from_number(player)?)))
    })
}

/// Empties the board in place, keeping the size, the mode and the memory. Returns 0, or negative for
/// NULL.
///
/// # Safety
///
/// `game` is NULL or a live game from this library.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn tictactoe_reset(game: *mut TicTacToe) -> c_int {
    // SAFETY: the caller passes NULL or a live game that this call alone uses.
    let handle = unsafe { game.as_mut() };
    change(handle, |g| -> Result<_, Error> {
        g.reset();
        Ok(0)
    })
}

/// Who holds the cell at `row`, `col`: 0 (empty), 1 or 2. Negative for NULL, a cell off the board, or a
/// lean game (`TICTACTOE_ERROR_NEEDS_BOARD`).
///
/// # Safety
///
/// `game` is NULL or a live game from this library.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn tictactoe_cell(game: *const TicTacToe, row: i64, col: i64) -> c_int {
    // SAFETY: the caller passes NULL or a live game.
    let handle = unsafe { game.as_ref() };
    read(handle, |g| -> Result<_, Error> {
        g.cell_i64(row, col).map(player_number)
    })
}

/// Takes back the last move (also a winning one). Returns the player who made it (1 or 2) and, where
/// `row` and `col` are not NULL, stores its cell there. Negative when there is no move
/// (`TICTACTOE_ERROR_NOTHING_TO_UNDO`), for a lean game, or for a NULL game; then nothing is stored.
///
/// # Safety
///
/// `game` is NULL or a live game from this library; `row` and `col` are NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn tictactoe_undo(
    game: *mut TicTacToe,
    row: *mut i64,
    col: *mut i64,
) -> c_int {
    // SAFETY: the caller passes NULL or a live game that this call alone uses.
    let handle = unsafe { game.as_mut() };
    // SAFETY: the caller passes NULL or writable int64_t pointers.
    let (row, col) = unsafe { (row.as_mut(), col.as_mut()) };
    change(handle, |g| -> Result<_, Error> {
        let (r, c, player) = g.undo()?;
        // Cells of a checked board are below 65535, so they fit.
        if let Some(row) = row {
            *row = r as i64;
        }
        if let Some(col) = col {
            *col = c as i64;
        }
        Ok(c_int::from(player.number()))
    })
}

/// Draws the board into `buf` as text, one line per row, cells between bars (`|X| |O|`), rows separated
/// by a newline, like `snprintf`: writes at most `len - 1` characters and a terminating NUL (nothing
/// when `len` is 0; `buf` may then be NULL), and returns the length of the whole drawing without the
/// NUL, so a return value of `len` or more means the drawing was cut. Negative for NULL or a lean game.
///
/// # Safety
///
/// `game` is NULL or a live game from this library; `buf` points to `len` writable bytes.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn tictactoe_render(
    game: *const TicTacToe,
    buf: *mut c_char,
    len: usize,
) -> i64 {
    // SAFETY: the caller's promises for `game`, `buf` and `len` are this function's.
    unsafe {
        boundary::write_text(game, buf, len, |g, writer| {
            if g.mode() == Mode::Lean {
                return Err(Error::NeedsBoard);
            }
            // Writing to a Truncating never fails: it only counts what does not fit.
            let _ = core::fmt::write(writer, format_args!("{g}"));
            Ok(())
        })
    }
}

/// Perfect play: the value of `game` for the player to move (the one who did not move last; X
/// before any move) into `*value` (1 a win, 0 a draw, -1 a loss) and into `*plies` how many more
/// moves the game lasts when the winner wins as fast as it can and the loser holds out as long as it
/// can (a draw: the empty cells). `max_nodes` bounds the search (0: no bound). Returns 0, or a
/// negative code with nothing stored: `TICTACTOE_ERROR_SEARCH_LIMIT` when the budget ran out,
/// `TICTACTOE_ERROR_GAME_OVER` for a finished game, `TICTACTOE_ERROR_NEEDS_BOARD` for a lean one.
/// The game is never changed. `value` and `plies` may be NULL. Without a bound, a position with
/// gravity and 28 or more empty cells is searched by a second thread too, which the call joins
/// before it returns (the answer is the same either way); any bound keeps the search on the
/// calling thread. A 7 x 6 Connect Four position of up to eight stones is answered from the opening
/// book at once, whatever the bound (the value alone of one of up to ten stones, with
/// `tictactoe_solver_value`).
///
/// # Safety
///
/// `game` is NULL or a live game from this library; `value` and `plies` are NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn tictactoe_solve(
    game: *const TicTacToe,
    value: *mut c_int,
    plies: *mut c_int,
    max_nodes: u64,
) -> c_int {
    // SAFETY: the caller passes NULL or a live game.
    let handle = unsafe { game.as_ref() };
    // SAFETY: the caller passes NULL or writable ints.
    let (value, plies) = unsafe { (value.as_mut(), plies.as_mut()) };
    read(handle, |g| -> Result<_, Error> {
        store(g.solve(budget(max_nodes))?, value, plies);
        Ok(0)
    })
}

/// Every move that keeps `game`'s perfect-play value and length (see `tictactoe_solve`), in
/// row-major order: their rows into `rows` and columns into `cols`, at most `len` of them. Returns
/// how many there are (so a return value above `len` means some did not fit: call again with
/// room for that many), or a negative code as `tictactoe_solve` does. `rows` and `cols` may be
/// NULL when `len` is 0. `max_nodes` bounds the whole call (0: no bound).
///
/// # Safety
///
/// `game` is NULL or a live game from this library; `rows` and `cols` point to `len` writable
/// values each, and do not overlap.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn tictactoe_best_moves(
    game: *const TicTacToe,
    rows: *mut i64,
    cols: *mut i64,
    len: usize,
    max_nodes: u64,
) -> i64 {
    if len > 0 && (rows.is_null() || cols.is_null()) {
        return TicTacToeError::NullPointer as i64;
    }
    if len > isize::MAX as usize / size_of::<i64>() {
        return TicTacToeError::TooManyMoves as i64;
    }
    if boundary::overlapping(&[boundary::span(rows, len), boundary::span(cols, len)]) {
        return TicTacToeError::Overlap as i64;
    }
    // SAFETY: the caller passes NULL or a live game.
    let handle = unsafe { game.as_ref() };
    read(handle, |g| -> Result<_, Error> {
        let moves = g.best_moves(budget(max_nodes))?;
        if len > 0 {
            // SAFETY: `rows` and `cols` are not NULL (checked above), hold `len` writable values
            // each, and do not overlap (checked above).
            let (rows, cols) = unsafe {
                (
                    core::slice::from_raw_parts_mut(rows, len),
                    core::slice::from_raw_parts_mut(cols, len),
                )
            };
            for ((row, col), &(r, c)) in rows.iter_mut().zip(cols.iter_mut()).zip(&moves) {
                (*row, *col) = (r as i64, c as i64);
            }
        }
        Ok(moves.len() as i64)
    })
}
