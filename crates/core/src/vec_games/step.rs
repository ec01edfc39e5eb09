//! One step of every classic game of a block: the whole batch checked first (so that a refused
//! step changes nothing), then each game stepped and its outputs written in one pass.

use super::classic::{ClassicBoards, size};
use super::layout::ClassicSeat;
use super::outputs::StepOutputs;
use super::seat::step_seats;
use super::{AutoReset, Illegal};
use crate::cells::words;

impl ClassicBoards {
    /// [`Boards::all_legal`](super::block::Boards::all_legal): every game in play with an empty
    /// cell for its action, read straight from the boards without a branch per game.
    pub(super) fn all_legal_sized<const N: usize>(
        &self,
        actions: &[i64],
        (autoreset, illegal): (AutoReset, Illegal),
    ) -> bool {
        let cells = size::<N>(self.n) * size::<N>(self.n);
        let disabled = autoreset == AutoReset::Disabled;
        let raise = illegal == Illegal::Raise;
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

    /// [`Boards::step`](super::block::Boards::step) for `n x n` games: each game stepped and its
    /// outputs written in one pass.
    #[inline(always)]
    pub(super) fn step_sized<const N: usize, const LEGAL: bool>(
        &mut self,
        actions: &[i64],
        out: StepOutputs<'_>,
        autoreset: AutoReset,
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
        step_seats(seats, actions, views, rest, (cells, autoreset));
    }
}
