//! What a game looks like to a learner, written from its packed cells: the observation planes
//! (from the mover's view) and the legal-action mask.

use super::seat::Env;
use crate::packed::{mover_view, spread, write_word};
use crate::player::Player;

/// A game's observation, from the view of `to_move`, into `obs` (two entries a cell).
#[inline(always)]
pub(super) fn write_obs(board: &[u64], to_move: Player, obs: &mut [bool]) {
    for (chunk, &word) in obs.chunks_mut(64).zip(board) {
        spread(mover_view(word, to_move == Player::O), chunk);
    }
}

/// A game's observation and mask, as [`View`] describes them.
#[inline(always)]
pub(super) fn write_game(board: &[u64], env: Env, obs: &mut [bool], mask: &mut [bool]) {
    // The common small boards as arrays, so that every write is unrolled; a test the compiler
    // answers wherever the size is a constant.
    if write_sized::<9, 18>(board, env, obs, mask)
        || write_sized::<16, 32>(board, env, obs, mask)
        || write_sized::<25, 50>(board, env, obs, mask)
    {
        return;
    }
    write_words(board, env, obs, mask);
}

/// [`write_game`] for any board, word by word.
#[inline(always)]
fn write_words(board: &[u64], env: Env, obs: &mut [bool], mask: &mut [bool]) {
    let chunks = obs.chunks_mut(64).zip(mask.chunks_mut(32));
    for ((obs, mask), &word) in chunks.zip(board) {
        write_word(word, env.to_move == Player::O, env.ended, obs, mask);
    }
}

/// [`write_game`] for a board of `CELLS` cells (one word), `OBS = 2 * CELLS`; false (and nothing
/// written) for any other board.
#[inline(always)]
fn write_sized<const CELLS: usize, const OBS: usize>(
    board: &[u64],
    env: Env,
    obs: &mut [bool],
    mask: &mut [bool],
) -> bool {
    let sized = (
        board,
        <&mut [bool; OBS]>::try_from(obs),
        <&mut [bool; CELLS]>::try_from(mask),
    );
    let (&[word], Ok(obs), Ok(mask)) = sized else {
        return false;
    };
    write_word(word, env.to_move == Player::O, env.ended, obs, mask);
    true
}
