//! `TicTacToeGames`: many games stepped in one call (the engine's `VecGames`), writing into the
//! caller's buffers. Each buffer's length follows from the object: `num_envs` games of
//! `rows * cols` cells and as many actions (with gravity, `cols`), as documented on each function.

use core::ffi::c_int;
use core::ptr;

use tictactoe_core::{AutoReset, Illegal, StepOutputs, VecError, VecGames, View};

use crate::boundary::{change, guard, out, overlapping, read, release, span, usable};
use crate::error::TicTacToeError;
use crate::game::rules_of;
use crate::handle::{TicTacToe, TicTacToeGames, into_raw};

/// When a game that has ended starts again.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TicTacToeAutoreset {
    /// On the next step: that step's action for the game is ignored.
    NextStep = 0,
    /// Within the same step: the final observation goes to `final_obs`.
    SameStep = 1,
    /// Never: the game waits for a reset that names it; an action for it is refused.
    Disabled = 2,
}

/// What an illegal action does.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TicTacToeIllegal {
    /// The whole step is refused and nothing changes.
    Raise = 0,
    /// The mover loses that game.
    Loss = 1,
}

/// `num_envs` (1 or more) empty checked `n x n` games, each with X to move, and a random generator
/// seeded with `seed` for `tictactoe_games_sample` and `tictactoe_games_playout`. `autoreset` is a
/// `tictactoe_autoreset` and `illegal` a `tictactoe_illegal` value. Returns NULL for a bad argument or
/// when memory cannot be had; release the object with `tictactoe_games_free`.
#[unsafe(no_mangle)]
pub extern "C" fn tictactoe_games_new(
    num_envs: i64,
    n: i64,
    autoreset: c_int,
    illegal: c_int,
    seed: u64,
) -> *mut TicTacToeGames {
    tictactoe_games_new_threads(num_envs, n, autoreset, illegal, seed, 1)
}

/// `tictactoe_games_new`, with the games split into `threads` consecutive blocks (1 or more; no more
/// blocks than games), each with its own generator derived from `seed`: the same seed and thread
/// count give the same samples, and 1 gives what `tictactoe_games_new` gives. Blocks of at least
/// 16384 games step on threads of their own, each call waiting for all of them; smaller ones run in
/// turn on the calling thread.
#[unsafe(no_mangle)]
pub extern "C" fn tictactoe_games_new_threads(
    num_envs: i64,
    n: i64,
    autoreset: c_int,
    illegal: c_int,
    seed: u64,
    threads: i64,
) -> *mut TicTacToeGames {
    tictactoe_games_new_rules(num_envs, n, n, n, 0, autoreset, illegal, seed, threads)
}

/// `num_envs` games of any rules of the family, as `tictactoe_new_rules` takes them (`flags` 0 or
/// any of `TICTACTOE_GRAVITY` and `TICTACTOE_EXACT`), split into `threads` blocks as for `tictactoe_games_new_threads`. An
/// observation has `rows * cols * 2` flags and a game `rows * cols` actions (a cell each,
/// `row * cols + col`), or with gravity `cols` (a column each, as Connect Four numbers them); the
/// buffers of `tictactoe_games_reset` and `tictactoe_games_step` follow. Returns NULL for a bad
/// argument or when memory cannot be had.
#[unsafe(no_mangle)]
#[allow(clippy::too_many_arguments)]
pub extern "C" fn tictactoe_games_new_rules(
    num_envs: i64,
    rows: i64,
    cols: i64,
    k: i64,
    flags: u32,
    autoreset: c_int,
    illegal: c_int,
    seed: u64,
    threads: i64,
) -> *mut TicTacToeGames {
    let autoreset = match autoreset {
        0 => AutoReset::NextStep,
        1 => AutoReset::SameStep,
        2 => AutoReset::Disabled,
        _ => return ptr::null_mut(),
    };
    let illegal = match illegal {
        0 => Illegal::Raise,
        1 => Illegal::Loss,
        _ => return ptr::null_mut(),
    };
    let (Ok(num_envs), Ok(threads)) = (usize::try_from(num_envs), usize::try_from(threads)) else {
        return ptr::null_mut();
    };
    let Some(rules) = rules_of(rows, cols, k, flags) else {
        return ptr::null_mut();
    };
    guard(ptr::null_mut(), || {
        match VecGames::with_rules(num_envs, rules, autoreset, illegal, seed, threads) {
            Ok(games) => into_raw(games),
            Err(_) => ptr::null_mut(),
        }
    })
}

/// Releases games made by `tictactoe_games_new`; NULL is accepted and does nothing.
///
/// # Safety
///
/// `games` is NULL or a live object from this library, released only once.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn tictactoe_games_free(games: *mut TicTacToeGames) {
    // SAFETY: the caller passes NULL or a live object, released once.
    unsafe { release(games) }
}

/// The number of games, or a negative code for NULL.
///
/// # Safety
///
/// `games` is NULL or a live object from this library.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn tictactoe_games_num_envs(games: *const TicTacToeGames) -> i64 {
    // SAFETY: the caller passes NULL or a live object.
    let handle = unsafe { games.as_ref() };
    read(handle, |g| Ok::<_, TicTacToeError>(g.num_envs() as i64))
}

/// Empties every game, or, when `only` is not NULL, the games `i` with `only[i]` true (`num_envs`
/// flags). Then writes what every game looks like: `obs` (`num_envs * rows * cols * 2` flags: for
/// each cell, whether the player to move holds it, then whether the other does), `action_mask`
/// (`num_envs` times the actions of a game) and `current_player` (`num_envs`, 1 or 2). Returns 0 or a negative code.
/// The buffers must not overlap one another: overlapping ones are refused with
/// `TICTACTOE_ERROR_OVERLAP`, and nothing changes.
///
/// # Safety
///
/// `games` is NULL or a live object; every other pointer is NULL or points to as many writable (or,
/// for `only`, readable) items as stated, and no two of them overlap. A `bool` buffer holds
/// initialised `bool`s (from `calloc`, a `bool` array or an earlier call; not memory fresh from
/// `malloc`): the library lends it to the engine as Rust `bool`s, which must be 0 or 1.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn tictactoe_games_reset(
    games: *mut TicTacToeGames,
    only: *const bool,
    obs: *mut bool,
    action_mask: *mut bool,
    current_player: *mut u8,
) -> c_int {
    // SAFETY: the caller passes NULL or a live object that this call alone uses.
    let handle = unsafe { games.as_mut() };
    change(handle, |g| {
        let (envs, cells, actions) = (g.num_envs(), g.rules().cells() as usize, g.num_actions());
        let spans = [
            span(only, envs),
            span(obs, 2 * cells * envs),
            span(action_mask, actions * envs),
            span(current_player, envs),
        ];
        if overlapping(&spans) {
            return Err(TicTacToeError::Overlap);
        }
        // SAFETY: the caller passes NULL or `num_envs` readable flags.
        let only = (!only.is_null()).then(|| unsafe { core::slice::from_raw_parts(only, envs) });
        // SAFETY: the caller passes buffers of the stated lengths.
        let view = unsafe {
            match (
                out(obs, 2 * cells * envs),
                out(action_mask, actions * envs),
                out(current_player, envs),
            ) {
                (Some(obs), Some(action_mask), Some(current_player)) => View {
                    obs,
                    action_mask,
                    current_player,
                },
                _ => return Err(TicTacToeError::NullPointer),
            }
        };
        g.reset(only, view)
            .map(|()| 0)
            .map_err(TicTacToeError::from)
    })
}

/// Plays `actions[i]` (a cell index `row * cols + col`, or with gravity a column) in game `i` for
/// every game, and writes the
/// outcome: the view as for `tictactoe_games_reset`, `rewards` (`num_envs * 2`: X's, then O's),
/// `terminated` and `winner` (`num_envs` each: whether the game ended on this step, and its winner
/// 1 or 2, else 0), `has_final_obs` (`num_envs`) and, in same-step auto-reset mode only, `final_obs`
/// (like `obs`; NULL otherwise is fine). Returns 0, or a negative code with nothing changed and, if
/// `failed_index` is not NULL, the first offending game stored there. `actions` and the outputs must
/// not overlap one another (each output is written through a reference of its own): overlapping
/// buffers are refused with `TICTACTOE_ERROR_OVERLAP`, and nothing changes.
///
/// # Safety
///
/// `games` is NULL or a live object; `actions` points to `num_envs` readable values; every other
/// pointer is NULL (where allowed) or points to as many writable items as stated, and no two of the
/// buffers overlap. A `bool` buffer holds initialised `bool`s, as for `tictactoe_games_reset`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn tictactoe_games_step(
    games: *mut TicTacToeGames,
    actions: *const i64,
    obs: *mut bool,
    action_mask: *mut bool,
    current_player: *mut u8,
    rewards: *mut f32,
    terminated: *mut bool,
    winner: *mut u8,
    final_obs: *mut bool,
    has_final_obs: *mut bool,
    failed_index: *mut usize,
) -> c_int {
    // SAFETY: the caller passes NULL or a live object that this call alone uses.
    let handle = unsafe { games.as_mut() };
    // SAFETY: the caller passes NULL or a writable size_t.
    let failed_index = unsafe { failed_index.as_mut() };
    change(handle, |g| {
        let (envs, cells, per_game) = (g.num_envs(), g.rules().cells() as usize, g.num_actions());
        let same_step = g.autoreset() == AutoReset::SameStep;
        if actions.is_null() {
            return Err(TicTacToeError::NullPointer);
        }
        let final_len = if same_step { 2 * cells * envs } else { 0 };
        let spans = [
            span(actions, envs),
            span(obs, 2 * cells * envs),
            span(action_mask, per_game * envs),
            span(current_player, envs),
            span(rewards, 2 * envs),
            span(terminated, envs),
            span(winner, envs),
            span(final_obs, final_len),
            span(has_final_obs, envs),
        ];
        if overlapping(&spans) {
            return Err(TicTacToeError::Overlap);
        }
        // SAFETY: `actions` is not NULL and the caller passes `num_envs` readable values.
        let actions = unsafe { core::slice::from_raw_parts(actions, envs) };
        // SAFETY: the caller passes buffers of the stated lengths.
        let buffers = unsafe {
            (
                out(obs, 2 * cells * envs),
                out(action_mask, per_game * envs),
                out(current_player, envs),
                out(rewards, 2 * envs),
                out(terminated, envs),
                out(winner, envs),
                out(final_obs, final_len),
                out(has_final_obs, envs),
            )
        };
        let (
            Some(obs),
            Some(action_mask),
            Some(current_player),
            Some(rewards),
            Some(terminated),
            Some(winner),
            final_obs,
            Some(has_final_obs),
        ) = buffers
        else {
            return Err(TicTacToeError::NullPointer);
        };
        let final_obs = match final_obs {
            Some(buffer) => buffer,
            None if !same_step => &mut [],
            None => return Err(TicTacToeError::NullPointer),
        };
        let outputs = StepOutputs {
            view: View {
                obs,
                action_mask,
                current_player,
            },
            rewards,
            terminated,
            winner,
            final_obs,
            has_final_obs,
        };
        g.step(actions, outputs).map(|()| 0).map_err(|err| {
            if let (Some(slot), VecError::Step(refused)) = (failed_index, err) {
                *slot = refused.game;
            }
            err.into()
        })
    })
}

/// Writes a uniformly random legal action for every game in play (any action for an ended game)
/// into `actions` (`num_envs` values). Returns 0 or a negative code.
///
/// # Safety
///
/// `games` is NULL or a live object; `actions` is NULL or points to `num_envs` writable values.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn tictactoe_games_sample(
    games: *mut TicTacToeGames,
    actions: *mut i64,
) -> c_int {
    // SAFETY: the caller passes NULL or a live object that this call alone uses.
    let handle = unsafe { games.as_mut() };
    change(handle, |g| {
        // SAFETY: the caller passes NULL or `num_envs` writable values.
        let actions = unsafe { out(actions, g.num_envs()) }.ok_or(TicTacToeError::NullPointer)?;
        g.sample(actions).map(|()| 0).map_err(TicTacToeError::from)
    })
}

/// Plays every game to its end with uniformly random legal moves and writes the winners (0 for a
/// draw) into `winners` (`num_envs` values). The games are left ended. Returns 0 or a negative code.
///
/// # Safety
///
/// `games` is NULL or a live object; `winners` is NULL or points to `num_envs` writable values.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn tictactoe_games_playout(
    games: *mut TicTacToeGames,
    winners: *mut u8,
) -> c_int {
    // SAFETY: the caller passes NULL or a live object that this call alone uses.
    let handle = unsafe { games.as_mut() };
    change(handle, |g| {
        // SAFETY: the caller passes NULL or `num_envs` writable values.
        let winners = unsafe { out(winners, g.num_envs()) }.ok_or(TicTacToeError::NullPointer)?;
        g.playout(winners).map(|()| 0).map_err(TicTacToeError::from)
    })
}

/// A new single game holding a copy of game `i`, or NULL (NULL object, `i` outside
/// `0..num_envs`, a game lost by an illegal action, or no memory). Release it with `tictactoe_free`.
///
/// # Safety
///
/// `games` is NULL or a live object from this library.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn tictactoe_games_game(
    games: *const TicTacToeGames,
    i: i64,
) -> *mut TicTacToe {
    // SAFETY: the caller passes NULL or a live object.
    let handle = unsafe { games.as_ref() };
    let Ok(i) = usize::try_from(i) else {
        return ptr::null_mut();
    };
    guard(ptr::null_mut(), || {
        match usable(handle).map(|g| g.game(i)) {
            Ok(Ok(game)) => into_raw(game),
            _ => ptr::null_mut(),
        }
    })
}

/// Puts a copy of `game` in place of game `i`: a checked game of the same size in a position X could
/// have reached moving first. Returns 0 or a negative code (`TICTACTOE_ERROR_OUT_OF_RANGE` for `i`,
/// `TICTACTOE_ERROR_OTHER` for a game that does not fit), and then nothing changes.
///
/// # Safety
///
/// `games` and `game` are NULL or live objects from this library.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn tictactoe_games_set_game(
    games: *mut TicTacToeGames,
    i: i64,
    game: *const TicTacToe,
) -> c_int {
    // SAFETY: the caller passes NULL or a live object that this call alone uses.
    let handle = unsafe { games.as_mut() };
    // SAFETY: the caller passes NULL or a live game.
    let game = unsafe { game.as_ref() };
    change(handle, |g| {
        // The game read honours its own handle's state, as any call on it would.
        let game = usable(game)?;
        let i = usize::try_from(i).map_err(|_| TicTacToeError::OutOfRange)?;
        g.set_game(i, game)
            .map(|()| 0)
            .map_err(TicTacToeError::from)
    })
}
