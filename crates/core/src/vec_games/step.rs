//! One step of every game: the whole batch checked first (so that a refused step changes nothing),
//! then each game stepped and its outputs written in one pass.

use super::block::{Block, size, sized};
use super::error::{StepError, VecError};
use super::layout::ClassicSeat;
use super::outputs::StepOutputs;
use super::seat::{check_seats, step_seats};
use super::{AutoReset, Illegal};
use crate::cells::{bits_player, cell_bits, words};
use crate::error::Error;
use crate::repr::private::action_cell;
use crate::rules::Rules;

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
        let envs = self.columns.envs.iter().copied();
        let policies = (self.autoreset, self.illegal);
        check_seats(envs, actions, policies, |i, action| self.refusal(i, action))
            .map_err(|(game, error)| StepError { game, error }.into())
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
        let reciprocal = self.reciprocal;
        let (obs, mask, rest) = out.into_parts();
        let views = (
            obs.chunks_exact_mut(2 * cells),
            mask.chunks_exact_mut(cells),
        );
        let seats = self.columns.slots(n).map(|slot| ClassicSeat::<LEGAL> {
            slot,
            n,
            reciprocal,
        });
        step_seats(seats, actions, views, rest, (cells, self.autoreset));
    }

    /// Why game `i`, in play, refuses `action`, if it does: the rules of an action, asked of
    /// its cells.
    fn refusal(&self, i: usize, action: i64) -> Result<(), Error> {
        let (n, board) = (self.n, self.columns.board(i, self.num_actions()));
        // On the board, whose cells have 32-bit indices.
        let occupant =
            |row: usize, col: usize| bits_player(cell_bits(board, (row * n + col) as u32));
        let rules = Rules::classic(n);
        action_cell(rules, action, || Ok(()), occupant, |_| None).map(drop)
    }
}
