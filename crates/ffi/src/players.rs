//! Perfect play kept between calls and a player with a dial: `TicTacToeSolver` (a solver whose
//! table lives as long as the handle), `tictactoe_move_values` (every legal move's exact outcome)
//! and `TicTacToeAgent`.

use core::ffi::c_int;
use core::mem::size_of;
use core::ptr;

use tictactoe_core::Error;
use tictactoe_solve::Solve;
use tictactoe_solve::{Agent, Solution, Solver};

use crate::boundary::{change, guard, overlapping, read, release, span, usable};
use crate::error::TicTacToeError;
use crate::handle::{TicTacToe, TicTacToeAgent, TicTacToeSolver, into_raw};

/// A budget as C passes it: 0 for none.
pub(crate) fn budget(max_nodes: u64) -> Option<u64> {
    (max_nodes != 0).then_some(max_nodes)
}

/// Plies as C gets them: at most the cells of a board that keeps them, below 2^32, so a `c_int`
/// holds every count a search can finish on (saturated beyond).
fn plies_int(plies: u32) -> c_int {
    c_int::try_from(plies).unwrap_or(c_int::MAX)
}

/// Stores a solution into the caller's ints, each optional.
pub(crate) fn store(solution: Solution, value: Option<&mut c_int>, plies: Option<&mut c_int>) {
    if let Some(value) = value {
        *value = c_int::from(solution.value);
    }
    if let Some(plies) = plies {
        *plies = plies_int(solution.plies);
    }
}

/// A solver whose transposition table (`2^table_bits` entries, 24 bytes each; 20 is a good default)
/// is kept between calls, so that positions of the same rules share what earlier searches proved.
/// Returns NULL for `table_bits` outside 0..30 or when the table cannot be had. Release it with
/// `tictactoe_solver_free`. Like a game, it may move between threads but must not be used from two
/// at once.
#[unsafe(no_mangle)]
pub extern "C" fn tictactoe_solver_new(table_bits: c_int) -> *mut TicTacToeSolver {
    guard(ptr::null_mut(), || {
        Solver::new_i64(table_bits.into()).map_or(ptr::null_mut(), into_raw)
    })
}

/// Sets the threads a solve without a budget may use, this one included: 0 for the cores this
/// process may use (the default; CPU affinity and cgroup quotas count), 1 for none besides the
/// caller's, more than `TICTACTOE_MAX_THREADS` taken as that. Every count gives the same
/// answers; only the time differs. Returns 0, or a negative code (a NULL solver).
///
/// # Safety
///
/// `solver` is NULL or a live solver from this library.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn tictactoe_solver_set_threads(
    solver: *mut TicTacToeSolver,
    threads: u32,
) -> c_int {
    // SAFETY: the caller passes NULL or a live solver.
    let handle = unsafe { solver.as_mut() };
    change(handle, |s| -> Result<c_int, Error> {
        s.set_threads(threads as usize);
        Ok(0)
    })
}

/// The most threads a solver or an agent uses.
pub const TICTACTOE_MAX_THREADS: u32 = 256;
const _: () = assert!(TICTACTOE_MAX_THREADS as usize == Solver::MAX_THREADS);

/// Releases a solver made by `tictactoe_solver_new`. NULL is accepted and does nothing.
///
/// # Safety
///
/// `solver` is NULL or a live solver from this library, released only once.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn tictactoe_solver_free(solver: *mut TicTacToeSolver) {
    // SAFETY: the caller passes NULL or a live solver, released once.
    unsafe { release(solver) }
}

/// Forgets every position the solver's table holds. Returns 0, or a negative code (a NULL solver).
///
/// # Safety
///
/// `solver` is NULL or a live solver from this library.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn tictactoe_solver_clear(solver: *mut TicTacToeSolver) -> c_int {
    // SAFETY: the caller passes NULL or a live solver.
    let handle = unsafe { solver.as_mut() };
    change(handle, |s| -> Result<c_int, Error> {
        s.clear();
        Ok(0)
    })
}

/// `tictactoe_solve` on this solver's table: the same answers, the same codes; a game of other
/// rules than the last clears the table first. The game is never changed.
///
/// # Safety
///
/// `solver` and `game` are NULL or live objects from this library; `value` and `plies` are NULL or
/// writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn tictactoe_solver_solve(
    solver: *mut TicTacToeSolver,
    game: *const TicTacToe,
    value: *mut c_int,
    plies: *mut c_int,
    max_nodes: u64,
) -> c_int {
    // SAFETY: the caller passes NULL or live objects and NULL or writable ints.
    let (handle, game, value, plies) = unsafe {
        (
            solver.as_mut(),
            game.as_ref(),
            value.as_mut(),
            plies.as_mut(),
        )
    };
    change(handle, |s| -> Result<c_int, TicTacToeError> {
        let game = usable(game)?;
        store(s.solve(game, budget(max_nodes))?, value, plies);
        Ok(0)
    })
}

/// Whether `game`'s position is won (1), drawn (0) or lost (-1) for the player to move, into
/// `*value`: `tictactoe_solver_solve`'s value alone, for a fraction of the search. The same codes.
///
/// # Safety
///
/// `solver` and `game` are NULL or live objects from this library; `value` is NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn tictactoe_solver_value(
    solver: *mut TicTacToeSolver,
    game: *const TicTacToe,
    value: *mut c_int,
    max_nodes: u64,
) -> c_int {
    // SAFETY: the caller passes NULL or live objects and NULL or a writable int.
    let (handle, game, value) = unsafe { (solver.as_mut(), game.as_ref(), value.as_mut()) };
    change(handle, |s| -> Result<c_int, TicTacToeError> {
        let found = s.value(usable(game)?, budget(max_nodes))?;
        if let Some(value) = value {
            *value = c_int::from(found);
        }
        Ok(0)
    })
}

/// Reads the opening book in `bytes` (`len` of them, copied: the caller keeps its buffer) inside
/// every later search of its rules: a book the engine built (`make book`) or one of BitBully's
/// published files (`book_8ply.dat`, `book_12ply.dat`, `book_12ply_distances.dat`). Answers stay
/// exactly those without it. Returns 0, or `TICTACTOE_ERROR_INVALID_BOOK` for bytes that are not
/// what they claim (the solver unchanged), `TICTACTOE_ERROR_NULL_POINTER` for a NULL solver, or
/// NULL bytes with a length.
///
/// # Safety
///
/// `solver` is NULL or a live solver from this library; `bytes` is NULL (with `len` 0) or points
/// to `len` readable bytes.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn tictactoe_solver_add_book(
    solver: *mut TicTacToeSolver,
    bytes: *const u8,
    len: usize,
) -> c_int {
    if bytes.is_null() && len > 0 {
        return TicTacToeError::NullPointer as c_int;
    }
    let bytes: &[u8] = if len == 0 {
        &[]
    } else {
        // SAFETY: not NULL (checked above), and the caller promises `len` readable bytes.
        unsafe { core::slice::from_raw_parts(bytes, len) }
    };
    // SAFETY: the caller passes NULL or a live solver.
    let handle = unsafe { solver.as_mut() };
    change(handle, |s| -> Result<c_int, Error> {
        s.add_book(tictactoe_solve::Book::from_bytes(bytes)?);
        Ok(0)
    })
}

/// Every legal move of `game` with the exact outcome of playing it, for the player who plays it,
/// in row-major order (with gravity, the landing cell): rows into `rows`, columns into `cols`,
/// values (1, 0, -1) into `values` and the plies the game then lasts, counting that move, into
/// `plies`, at most `capacity` of them. A move that wins at once is (1, 1), one that fills the board
/// without a win (0, 1), any other (-v, p + 1) where (v, p) is `tictactoe_solve`'s answer for the
/// position it leads to. Returns how many legal moves there are (a value above `capacity` means
/// some did not fit), or a negative code as `tictactoe_solve` does, with nothing stored. The four
/// buffers may be NULL when `capacity` is 0. `max_nodes` bounds the whole call (0: no bound).
///
/// # Safety
///
/// `game` is NULL or a live game from this library; each buffer points to `capacity` writable
/// values, and no two overlap.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn tictactoe_move_values(
    game: *const TicTacToe,
    rows: *mut i64,
    cols: *mut i64,
    values: *mut c_int,
    plies: *mut c_int,
    capacity: usize,
    max_nodes: u64,
) -> i64 {
    if capacity > 0 && (rows.is_null() || cols.is_null() || values.is_null() || plies.is_null()) {
        return TicTacToeError::NullPointer as i64;
    }
    if capacity > isize::MAX as usize / size_of::<i64>() {
        return TicTacToeError::TooManyMoves as i64;
    }
    let buffers = [
        span(rows, capacity),
        span(cols, capacity),
        span(values, capacity),
        span(plies, capacity),
    ];
    if overlapping(&buffers) {
        return TicTacToeError::Overlap as i64;
    }
    // SAFETY: the caller passes NULL or a live game.
    let handle = unsafe { game.as_ref() };
    read(handle, |g| -> Result<_, Error> {
        let found = g.move_values(budget(max_nodes))?;
        if capacity > 0 {
            // SAFETY: the buffers are not NULL (checked above), hold `capacity` writable values
            // each, and do not overlap (checked above).
            let (rows, cols, values, plies) = unsafe {
                (
                    core::slice::from_raw_parts_mut(rows, capacity),
                    core::slice::from_raw_parts_mut(cols, capacity),
                    core::slice::from_raw_parts_mut(values, capacity),
                    core::slice::from_raw_parts_mut(plies, capacity),
                )
            };
            for (i, &((r, c), s)) in found.iter().take(capacity).enumerate() {
                (rows[i], cols[i]) = (r as i64, c as i64);
                values[i] = c_int::from(s.value);
                plies[i] = plies_int(s.plies);
            }
        }
        Ok(found.len() as i64)
    })
}

/// The node budget of an agent's move that plays at the speed of play: a Connect Four or gomoku
/// move in about 100 ms on the machines measured (the other faces' default).
pub const TICTACTOE_AGENT_DEFAULT_MAX_NODES: u64 = 1_000_000;

const _: () = assert!(TICTACTOE_AGENT_DEFAULT_MAX_NODES == Agent::DEFAULT_MAX_NODES);

/// A player with a skill dial: at `skill` 1 it picks one of `tictactoe_best_moves` (uniformly
/// among them) wherever its budget solves the position, at 0 any legal move uniformly, and in
/// between the better moves the likelier as `skill` rises (a draw over every move's score, on
/// `skill` of the budget). The same `seed` and positions give the same
/// choices. `max_nodes` bounds each move's search (0: no bound, perfect play however long it
/// takes; `TICTACTOE_AGENT_DEFAULT_MAX_NODES` plays at the speed of play). Within it the agent
/// proves first which moves win, draw or lose, then how soon, and never picks a move proved worse
/// than another; among moves it could not tell apart, the one a rating of the board puts first (a
/// win at once, else a block, else the cell that counts most in the open windows).
/// Returns NULL for a skill outside [0, 1] (or NaN) or when memory cannot be had. Release it with
/// `tictactoe_agent_free`.
#[unsafe(no_mangle)]
pub extern "C" fn tictactoe_agent_new(
    skill: f64,
    seed: u64,
    max_nodes: u64,
) -> *mut TicTacToeAgent {
    guard(ptr::null_mut(), || {
        Agent::new(skill, seed, budget(max_nodes)).map_or(ptr::null_mut(), into_raw)
    })
}

/// Releases an agent made by `tictactoe_agent_new`. NULL is accepted and does nothing.
///
/// # Safety
///
/// `agent` is NULL or a live agent from this library, released only once.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn tictactoe_agent_free(agent: *mut TicTacToeAgent) {
    // SAFETY: the caller passes NULL or a live agent, released once.
    unsafe { release(agent) }
}

/// The agent's move for `game`, a game in progress, into `*row` and `*col`. Returns 0, or a negative
/// code with nothing stored: `TICTACTOE_ERROR_GAME_OVER` for a finished game,
/// `TICTACTOE_ERROR_NEEDS_BOARD` for a lean one, `TICTACTOE_ERROR_OUT_OF_MEMORY` when its table
/// cannot be had. The game is never changed.
///
/// # Safety
///
/// `agent` and `game` are NULL or live objects from this library; `row` and `col` are NULL or
/// writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn tictactoe_agent_choose(
    agent: *mut TicTacToeAgent,
    game: *const TicTacToe,
    row: *mut i64,
    col: *mut i64,
) -> c_int {
    // SAFETY: the caller passes NULL or live objects and NULL or writable ints.
    let (handle, game, row, col) =
        unsafe { (agent.as_mut(), game.as_ref(), row.as_mut(), col.as_mut()) };
    change(handle, |a| -> Result<c_int, TicTacToeError> {
        let game = usable(game)?;
        let (r, c) = a.choose(game)?;
        if let Some(row) = row {
            *row = r as i64;
        }
        if let Some(col) = col {
            *col = c as i64;
        }
        Ok(0)
    })
}

/// Sets the threads of the agent's searches, as `tictactoe_solver_set_threads` does for a
/// solver (0: the cores this process may use). A search within a node budget runs on one thread
/// whatever the count. Returns 0, or a negative code (a NULL agent).
///
/// # Safety
///
/// `agent` is NULL or a live agent from this library.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn tictactoe_agent_set_threads(
    agent: *mut TicTacToeAgent,
    threads: u32,
) -> c_int {
    // SAFETY: the caller passes NULL or a live agent.
    let handle = unsafe { agent.as_mut() };
    change(handle, |a| -> Result<c_int, Error> {
        a.set_threads(threads as usize);
        Ok(0)
    })
}

/// Sets the time a move of the agent may take, in milliseconds (negative: no limit, the
/// default; 0: the smallest search, which still takes a win at once and stops a loss at once):
/// budgets doubling from 1,000 nodes are searched while the next is expected to end in time,
/// capped by the agent's `max_nodes` (0 there: no cap). What a time limit reaches depends on the
/// machine, so its moves are not reproducible as a node budget's are. Returns 0, or a negative
/// code (a NULL agent).
///
/// # Safety
///
/// `agent` is NULL or a live agent from this library.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn tictactoe_agent_set_max_ms(
    agent: *mut TicTacToeAgent,
    max_ms: i64,
) -> c_int {
    // SAFETY: the caller passes NULL or a live agent.
    let handle = unsafe { agent.as_mut() };
    change(handle, |a| -> Result<c_int, Error> {
        a.set_max_ms(u64::try_from(max_ms).ok());
        Ok(0)
    })
}

/// 1 if the agent's last choice came from a complete solve, 0 if not, or a negative code.
///
/// # Safety
///
/// `agent` is NULL or a live agent from this library.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn tictactoe_agent_last_solved(agent: *const TicTacToeAgent) -> c_int {
    // SAFETY: the caller passes NULL or a live agent.
    let handle = unsafe { agent.as_ref() };
    read(handle, |a| -> Result<c_int, Error> {
        Ok(c_int::from(a.last_solved()))
    })
}
