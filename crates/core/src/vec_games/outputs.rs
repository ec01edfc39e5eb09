//! The caller's buffers a batch writes into: what every game looks like now ([`View`]) and what a
//! step adds ([`StepOutputs`]), and how they are cut into one piece per block.

use super::threads::front;

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
