//! What perfect play makes of a position ([`Solution`]), and the one scale of scores both
//! searches use, on which a position's score is the negation of its best child's.

use alloc::vec::Vec;

/// What perfect play makes of a position: `value` for the player to move (+1 a win, 0 a draw, -1 a
/// loss) and `plies`, how many more moves the game lasts when the winner wins as fast as it can and
/// the loser holds out as long as it can (a draw: the empty cells, since a drawn game ends full).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Solution {
    /// +1, 0 or -1, for the player to move.
    pub value: i8,
    /// The moves the game has left under perfect play.
    pub plies: u32,
}

/// Every legal move of a position, `(row, col)` in row-major order, with the [`Solution`] of
/// playing it for the player who plays it ([`Solver::move_values`](crate::Solver::move_values)).
pub type MoveValues = Vec<((usize, usize), Solution)>;

impl Solution {
    /// Where perfect play ranks this outcome for its player: a sooner win above a later one, a
    /// later loss above a sooner one, a draw between.
    ///
    /// ```
    /// use tictactoe_solve::Solution;
    ///
    /// let (win_soon, win_late) = (Solution { value: 1, plies: 3 }, Solution { value: 1, plies: 9 });
    /// let (draw, lose_late) = (Solution { value: 0, plies: 4 }, Solution { value: -1, plies: 8 });
    /// assert!(win_soon.rank() > win_late.rank() && win_late.rank() > draw.rank());
    /// assert!(draw.rank() > lose_late.rank());
    /// ```
    #[must_use]
    pub fn rank(self) -> i64 {
        match self.value {
            1 => i64::MAX - i64::from(self.plies),
            0 => 0,
            _ => i64::MIN + 1 + i64::from(self.plies),
        }
    }

    /// This outcome as the search scores it for the player to move after `moves` moves on a
    /// board of `cells` cells: a win at move `M` (counting every move of the game) scores
    /// `cells + 1 - M`, a loss the negation, a draw 0; so a position's score is the negation of
    /// its best child's. The inverse of [`from_score`](Self::from_score).
    ///
    /// ```
    /// use tictactoe_solve::Solution;
    ///
    /// let won = Solution { value: 1, plies: 3 }; // after 10 moves of 42: a win with the 13th
    /// assert_eq!(won.score(42, 10), 43 - 13);
    /// assert_eq!(Solution::from_score(30, 42, 10), won);
    /// ```
    #[must_use]
    pub fn score(self, cells: u64, moves: u64) -> i64 {
        let (big, at) = (cells as i64 + 1, (moves + u64::from(self.plies)) as i64);
        match self.value {
            1 => big - at,
            -1 => at - big,
            _ => 0,
        }
    }

    /// The outcome `score` stands for ([`score`](Self::score)'s scale) for the player to move after
    /// `moves` moves on a board of `cells` cells; `score` lies within `-(cells + 1 - moves)..=cells
    /// + 1 - moves`.
    #[must_use]
    pub fn from_score(score: i64, cells: u64, moves: u64) -> Solution {
        let big = cells as i64 + 1;
        let (value, plies) = match score {
            0 => (0, cells - moves),
            s if s > 0 => (1, (big - s) as u64 - moves),
            s => (-1, (big + s) as u64 - moves),
        };
        Solution {
            value,
            // At most the cells of a board that keeps them, below 2^32.
            plies: plies as u32,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Solution;

    #[test]
    fn a_score_and_its_solution_are_each_others_inverse() {
        for moves in 0..=42u64 {
            let most = 43 - moves as i64;
            for s in -most..=most {
                assert_eq!(Solution::from_score(s, 42, moves).score(42, moves), s);
            }
        }
    }
}
