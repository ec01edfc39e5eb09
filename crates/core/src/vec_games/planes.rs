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

/// A game's observation and mask, as [`View`](super::View) describes them, word by word.
#[inline(always)]
pub(super) fn write_game(board: &[u64], env: Env, obs: &mut [bool], mask: &mut [bool]) {
    let chunks = obs.chunks_mut(64).zip(mask.chunks_mut(32));
    for ((obs, mask), &word) in chunks.zip(board) {
        write_word(word, env.to_move == Player::O, env.ended, obs, mask);
    }
}
