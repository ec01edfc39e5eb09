//! What the games look like to a learner: the observation planes (from the mover's view), the
//! legal-action masks and the player to move, written into the caller's buffers.

use crate::player::Player;

use super::block::{Block, size, sized};
use super::layout::Env;
use super::threads::front;
use crate::cells::words;
use crate::packed::{mover_view, spread, write_word};

/// Where [`VecGames::reset`](super::VecGames::reset) and [`VecGames::step`](super::VecGames::step) write what every game looks like now, game after
/// game: each slice holds exactly `num_envs` times the per-game length given.
#[derive(Debug)]
pub struct View<'a> {
    /// `n * n * 2` per game: for each cell, whether the player to move holds it, then whether the
    /// other player does.
    pub obs: &'a mut [bool],
    /// `n * n` per game: the legal actions (all of them for a game that has ended).
    pub action_mask: &'a mut [bool],
    /// 1 per game: the player to move, 1 or 2.
    pub current_player: &'a mut [u8],
}

/// Where [`VecGames::step`](super::VecGames::step) writes, besides the [`View`]: each slice holds exactly `num_envs` times
/// the per-game length given. A step that is accepted writes every entry of every slice (so the
/// same buffers may serve every step); a refused one writes none.
#[derive(Debug)]
pub struct StepOutputs<'a> {
    /// The games after the step.
    pub view: View<'a>,
    /// 2 per game: the rewards of X and of O.
    pub rewards: &'a mut [f32],
    /// 1 per game: whether the game ended on this step.
    pub terminated: &'a mut [bool],
    /// 1 per game: the winner (1 or 2) of a game that ended on this step, else 0.
    pub winner: &'a mut [u8],
    /// `n * n * 2` per game with [`AutoReset::SameStep`](super::AutoReset::SameStep) (else it may be empty): the final
    /// observation of a game that ended and started again on this step, all false for any other.
    pub final_obs: &'a mut [bool],
    /// 1 per game: whether `final_obs` holds that game's final observation.
    pub has_final_obs: &'a mut [bool],
}

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

impl Block {
    pub(super) fn write_view(&self, view: View<'_>) {
        sized!(self.write_view_sized(view));
    }

    fn write_view_sized<const N: usize>(&self, view: View<'_>) {
        let cells = size::<N>(self.n) * size::<N>(self.n);
        let games = self.columns.cells.chunks_exact(words(cells));
        let games = games.zip(&self.columns.envs);
        let seen = view.obs.chunks_exact_mut(2 * cells);
        let seen = seen.zip(view.action_mask.chunks_exact_mut(cells));
        let seen = seen.zip(view.current_player.iter_mut());
        for ((board, &env), ((obs, mask), player)) in games.zip(seen) {
            write_game(board, env, obs, mask);
            *player = env.to_move.number();
        }
    }
}

impl<'a> View<'a> {
    /// The first `games` games' view (of `cells` cells and `actions` actions each), leaving the
    /// rest in `self`.
    fn take_front(&mut self, games: usize, cells: usize, actions: usize) -> View<'a> {
        View {
            obs: front(&mut self.obs, 2 * cells * games),
            action_mask: front(&mut self.action_mask, actions * games),
            current_player: front(&mut self.current_player, games),
        }
    }

    /// The view cut into one piece per block of `sizes` games with `cells` cells and `actions`
    /// actions each.
    pub(super) fn split(
        mut self,
        sizes: impl Iterator<Item = usize>,
        cells: usize,
        actions: usize,
    ) -> impl Iterator<Item = View<'a>> {
        sizes.map(move |games| self.take_front(games, cells, actions))
    }
}

impl<'a> StepOutputs<'a> {
    /// Every output cut into one piece per block, as [`View::split`] cuts the view.
    pub(super) fn split(
        mut self,
        sizes: impl Iterator<Item = usize>,
        cells: usize,
        actions: usize,
    ) -> impl Iterator<Item = StepOutputs<'a>> {
        // Without same-step auto-reset the final observations may be empty.
        let final_per = if self.final_obs.is_empty() {
            0
        } else {
            2 * cells
        };
        sizes.map(move |games| StepOutputs {
            view: self.view.take_front(games, cells, actions),
            rewards: front(&mut self.rewards, 2 * games),
            terminated: front(&mut self.terminated, games),
            winner: front(&mut self.winner, games),
            final_obs: front(&mut self.final_obs, final_per * games),
            has_final_obs: front(&mut self.has_final_obs, games),
        })
    }
}
