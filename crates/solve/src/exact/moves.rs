//! A node's moves, handed out best first. Every move gets a key when the node is entered (the
//! wins it threatens, then its nearness to the centre, then its cell), but the moves are picked
//! one at a time, the best of those left: a node that is cut by its first move (most of them, in
//! a null-window search) never orders the rest.

use super::spots::Spots;
use tictactoe_core::view::Shape;

/// The moves of one node, in room the node lends (on its stack): `keys[..left]` are those not
/// yet handed out, in no order. A key is `score << 6 | (63 - cell)`, so that keys compare as the
/// moves rank and each names its cell.
pub(crate) struct Ordered<'r> {
    keys: &'r mut [u32],
    left: usize,
    /// With [`second_first`](Self::second_first): the best move, held back until one other
    /// has been handed out.
    held: Option<u32>,
}

impl<'r> Ordered<'r> {
    /// The moves `cells` (one bit each) of the player whose marks are `mine` on a board whose
    /// marks are `all`, ranked by the empty cells where each leaves a win threatened (found by
    /// `S`), then by `rank` of its cell, kept in `room` (a slot for each move at least).
    #[inline(always)]
    pub(crate) fn new<S: Spots>(
        room: &'r mut [u32],
        shape: &Shape,
        (mine, all): (u64, u64),
        cells: u64,
        rank: &[u8; 64],
    ) -> Self {
        let mut left = 0;
        let mut rest = cells;
        while rest != 0 {
            let cell = rest.trailing_zeros();
            let bit = 1u64 << cell;
            rest &= rest - 1;
            let threats = (S::of(shape, mine | bit) & !(all | bit)).count_ones();
            let score = threats << 8 | u32::from(rank[cell as usize]);
            room[left] = score << 6 | (63 - cell);
            left += 1;
        }
        Ordered {
            keys: room,
            left,
            held: None,
        }
    }

    /// Hands out the second best move first and the best one next (the rest as before), when
    /// there are two or more.
    pub(crate) fn second_first(&mut self) {
        if self.left >= 2 {
            self.held = self.take();
        }
    }

    /// The best key left, taken out.
    #[inline(always)]
    fn take(&mut self) -> Option<u32> {
        let keys = &mut self.keys[..self.left];
        let (mut at, mut best) = (0, *keys.first()?);
        for (i, &key) in keys.iter().enumerate().skip(1) {
            if key > best {
                (at, best) = (i, key);
            }
        }
        self.left -= 1;
        keys[at] = keys[self.left];
        Some(best)
    }
}

impl Iterator for Ordered<'_> {
    type Item = u64;

    /// The next move, as its bit.
    #[inline(always)]
    fn next(&mut self) -> Option<u64> {
        let key = self.take().or_else(|| self.held.take())?;
        if let Some(best) = self.held.take() {
            // The second best goes now: the best goes back among the rest, ahead of them all.
            self.keys[self.left] = best;
            self.left += 1;
        }
        Some(1 << (63 - (key & 63)))
    }
}

#[cfg(test)]
mod tests {
    use alloc::vec::Vec;

    use super::Ordered;
    use crate::exact::spots::{AnyShape, Spots};
    use tictactoe_core::Rules;
    use tictactoe_core::view::Shape;

    /// The moves as a plain sort ranks them: most threats after the move, then the higher rank,
    /// then the lower cell.
    fn sorted(shape: &Shape, mine: u64, all: u64, cells: u64, rank: &[u8; 64]) -> Vec<u64> {
        let mut moves: Vec<u64> = (0..64)
            .map(|i| 1u64 << i)
            .filter(|b| cells & b != 0)
            .collect();
        moves.sort_by_key(|&bit| {
            let threats = (AnyShape::of(shape, mine | bit) & !(all | bit)).count_ones();
            let cell = bit.trailing_zeros();
            (
                core::cmp::Reverse(threats),
                core::cmp::Reverse(rank[cell as usize]),
                cell,
            )
        });
        moves
    }

    #[test]
    fn moves_come_best_first_and_the_helper_swaps_the_first_two() {
        let shape = Shape::of(Rules::new(4, 5, 3, false).unwrap()).unwrap();
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for _ in 0..2000 {
            let (a, b, c) = (next(), next(), next());
            let mine = a & b & shape.cells();
            let theirs = !a & c & shape.cells() & !mine;
            let empty = shape.cells() & !(mine | theirs);
            let cells = empty & next();
            let mut rank = [0u8; 64];
            for r in &mut rank {
                *r = (next() % 4) as u8;
            }
            let want = sorted(&shape, mine, mine | theirs, cells, &rank);
            let board = (mine, mine | theirs);
            let mut room = [0; 64];
            let got: Vec<u64> =
                Ordered::new::<AnyShape>(&mut room, &shape, board, cells, &rank).collect();
            assert_eq!(got, want);
            let mut swapped = Ordered::new::<AnyShape>(&mut room, &shape, board, cells, &rank);
            swapped.second_first();
            let mut want_swapped = want.clone();
            if want_swapped.len() >= 2 {
                want_swapped.swap(0, 1);
            }
            assert_eq!(swapped.collect::<Vec<_>>(), want_swapped);
        }
    }
}
