//! One step of every game: the whole batch checked first (so that a refused step changes nothing),
//! then each game stepped and its outputs written in one pass.

use super::block::{Block, size, sized};
use super::error::{StepError, VecError};
use super::view::{StepOutputs, write_game, write_obs};
use super::{AutoReset, Illegal};
use crate::cells::{bits_player, cell_bits, words};
use crate::error::Error;

impl Block {
    /// The error [`step`](Self::step_checked) would give for `actions` (one per game, which the
    /// caller has counted), checked without changing anything.
    pub(super) fn check(&self, actions: &[i64]) -> Result<(), VecError> {
        // Every game in play with an empty cell for its action, read straight from the boards: the
        // common case, without a branch per game. Anything else is looked at one game at a time.
        let accepted = sized!(self.all_legal(actions));
        if accepted {
            return Ok(());
        }
        for (index, &action) in actions.iter().enumerate() {
            self.check_action(index, action)
                .map_err(|error| StepError { game: index, error })?;
        }
        Ok(())
    }

    /// True when no game refuses its action: an ended game refuses any action under
    /// [`AutoReset::Disabled`]; a game in play refuses an illegal one under [`Illegal::Raise`]. False
    /// says nothing about which game refuses, or whether one really does.
    fn all_legal<const N: usize>(&self, actions: &[i64]) -> bool {
        let cells = size::<N>(self.n) * size::<N>(self.n);
        let disabled = self.autoreset == AutoReset::Disabled;
        let raise = self.illegal == Illegal::Raise;
        let games = self.columns.cells.chunks_exact(words(cells));
        let (mut any_ended, mut illegal_in_play) = (false, false);
        for ((&action, board), env) in actions.iter().zip(games).zip(&self.columns.envs) {
            // A negative action is huge as u64: one comparison checks both ends.
            let off_board = action as u64 >= cells as u64;
            let index = if off_board { 0 } else { action as usize };
            let word = board.get(index / 32).copied().unwrap_or(0);
            let illegal = off_board | ((word >> (2 * (index % 32))) & 0b11 != 0);
            any_ended |= env.ended;
            illegal_in_play |= !env.ended & illegal;
        }
        // The policies once, after the loop.
        !((disabled & any_ended) | (raise & illegal_in_play))
    }

    /// Plays `actions[i]` in game `i` for every game, which [`check`](Self::check) has accepted,
    /// and writes the outcome into `out`, whose lengths the caller has checked.
    pub(super) fn step_checked(&mut self, actions: &[i64], out: StepOutputs<'_>) {
        // Under `Raise`, every action that reaches a game in play has been checked.
        match self.illegal {
            Illegal::Raise => sized!(self.step_sized::<true>(actions, out)),
            Illegal::Loss => sized!(self.step_sized::<false>(actions, out)),
        }
    }

    /// [`step_checked`](Self::step_checked) for `n x n` games: each game stepped and its outputs
    /// written in one pass.
    fn step_sized<const N: usize, const LEGAL: bool>(
        &mut self,
        actions: &[i64],
        out: StepOutputs<'_>,
    ) {
        let n = size::<N>(self.n);
        let cells = n * n;
        let (same_step, reciprocal) = (self.autoreset == AutoReset::SameStep, self.reciprocal);
        let StepOutputs {
            view,
            rewards,
            terminated,
            winner,
            final_obs,
            has_final_obs,
        } = out;
        let seen = view.obs.chunks_exact_mut(2 * cells);
        let seen = seen.zip(view.action_mask.chunks_exact_mut(cells));
        let seen = seen.zip(view.current_player.iter_mut());
        let results = rewards.chunks_exact_mut(2).zip(terminated.iter_mut());
        let results = results.zip(winner.iter_mut()).zip(has_final_obs.iter_mut());
        let games = self.columns.slots(n).zip(actions).zip(seen.zip(results));
        for (i, ((mut slot, &action), (((obs, mask), player), (((reward, done), won), final_)))) in
            games.enumerate()
        {
            reward.fill(0.0);
            (*done, *won, *final_) = (false, 0, false);
            if slot.env.ended {
                // Checked above: a pending restart, whose action is ignored.
                slot.restart();
            } else if let Some(winner) = slot.advance::<LEGAL>(action, n, reciprocal) {
                (*done, *won) = (true, winner);
                if let Some(w) = bits_player(winner) {
                    reward[w.index()] = 1.0;
                    reward[w.other().index()] = -1.0;
                }
                if same_step {
                    let at = 2 * cells * i;
                    write_obs(
                        slot.cells,
                        slot.env.to_move,
                        &mut final_obs[at..at + 2 * cells],
                    );
                    *final_ = true;
                    slot.restart();
                }
            }
            write_game(slot.cells, *slot.env, obs, mask);
            *player = slot.env.to_move.number();
        }
    }

    /// Whether `action` may be stepped in game `i` under this object's policies, and if not, why.
    fn check_action(&self, i: usize, action: i64) -> Result<(), Error> {
        let env = self.columns.envs[i];
        if env.ended {
            return match self.autoreset {
                AutoReset::Disabled => Err(Error::GameOver {
                    winner: bits_player(env.winner),
                }),
                // A pending restart: any action is ignored.
                _ => Ok(()),
            };
        }
        if self.illegal == Illegal::Loss {
            return Ok(());
        }
        let cells = self.num_actions();
        match u32::try_from(action) {
            Ok(a) if (a as usize) < cells => {
                let n = self.n as u32;
                match bits_player(cell_bits(self.columns.board(i, cells), a)) {
                    Some(by) => Err(Error::Occupied {
                        row: (a / n) as usize,
                        col: (a % n) as usize,
                        by,
                    }),
                    None => Ok(()),
                }
            }
            _ => Err(Error::ActionOutOfRange {
                action: i128::from(action),
                actions: cells,
            }),
        }
    }
}
