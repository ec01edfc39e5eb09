//! Random legal actions, one per game, and random playouts to the end: uniform over the empty
//! cells, read from the packed boards many cells at a time.

use core::hint::select_unpredictable;

use rand_core::Rng;
use rand_xoshiro::Xoshiro256PlusPlus;

use super::classic::{ClassicBoards, size};
use super::layout::ClassicSeat;
use super::seat::Env;
use super::seat::advance;
use crate::cells::words;
use crate::packed::{empty_cells, kth_empty};

/// A uniform number below `bound` (at least 1), without bias.
#[inline]
pub(super) fn below(rng: &mut Xoshiro256PlusPlus, bound: u64) -> u64 {
    let mut wide = u128::from(rng.next_u64()) * u128::from(bound);
    // A low half at or above `bound` is above the threshold (which is below `bound`): the division
    // that finds the threshold is only needed in the rare other case. Same draws either way.
    if (wide as u64) < bound {
        let threshold = bound.wrapping_neg() % bound;
        while (wide as u64) < threshold {
            wide = u128::from(rng.next_u64()) * u128::from(bound);
        }
    }
    (wide >> 64) as u64
}

/// A uniformly random legal action of a game with `cells` cells whose board is `board` and which
/// has `moves_left` empty cells while in play: any cell for a game that has ended, else an empty one.
#[inline(always)]
pub(super) fn random_action(
    rng: &mut Xoshiro256PlusPlus,
    board: &[u64],
    moves_left: u64,
    env: Env,
    cells: usize,
) -> usize {
    if env.ended {
        return below(rng, cells as u64) as usize;
    }
    let mut k = below(rng, moves_left);
    if board.len() <= 4 {
        // A few words: each one's empty cells counted and the pick's word chosen without a branch
        // (which word a random pick falls in is a coin flip), then one select in that word.
        let (mut found, mut chosen, mut base) = (false, 0, 0);
        for (w, &word) in board.iter().enumerate() {
            let empty = empty_cells(word, cells - 32 * w);
            let here = u64::from(empty.count_ones());
            let inside = !found & (k < here);
            chosen = select_unpredictable(inside, empty, chosen);
            base = select_unpredictable(inside, 32 * w, base);
            k = select_unpredictable(found | inside, k, k.wrapping_sub(here));
            found |= inside;
        }
        return base + kth_empty(chosen, k);
    }
    // moves_left counts exactly the empty cells of a game in play, so `k` is below them.
    crate::packed::kth_empty_cell(board, cells, k)
}

impl ClassicBoards {
    /// [`Boards::sample`](super::block::Boards::sample) for `n x n` games.
    pub(super) fn sample_sized<const N: usize>(
        &mut self,
        rng: &mut Xoshiro256PlusPlus,
        actions: &mut [i64],
    ) {
        let cells = size::<N>(self.n) * size::<N>(self.n);
        let columns = &self.columns;
        let games = columns.cells.chunks_exact(words(cells));
        let games = games.zip(&columns.counters).zip(&columns.envs);
        for (action, ((board, (_, turns)), &env)) in actions.iter_mut().zip(games) {
            *action = random_action(rng, board, turns.moves_left(), env, cells) as i64;
        }
    }

    /// [`Boards::playout`](super::block::Boards::playout) for `n x n` games: each game played
    /// from where it stands to its end, left ended.
    pub(super) fn playout_sized<const N: usize>(
        &mut self,
        rng: &mut Xoshiro256PlusPlus,
        winners: &mut [u8],
    ) {
        let (n, reciprocal) = (size::<N>(self.n), self.reciprocal);
        for (slot, winner) in self.columns.slots(n).zip(winners.iter_mut()) {
            let mut seat = ClassicSeat::<true> {
                slot,
                n,
                reciprocal,
            };
            while !seat.slot.env.ended {
                let slot = &seat.slot;
                let (board, turns, env) = (&*slot.cells, &*slot.turns, *slot.env);
                let action = random_action(rng, board, turns.moves_left(), env, n * n);
                advance(&mut seat, action as i64);
            }
            *winner = seat.slot.env.winner;
        }
    }
}
