//! Perfect play on boards too large for one word (gomoku, large squares): negamax with alpha-beta
//! on the game itself, each move played and taken back through the rules, on the same scale of
//! scores as the word search. Exact wherever it finishes; on a real board of this size it does not,
//! and the node budget ends it.

use alloc::vec::Vec;

use super::Solution;
use crate::any::AnyGame;
use crate::error::Error;
use crate::player::Player;

/// The search's state: the budget and the scale of scores.
struct Walk {
    nodes: u64,
    limit: u64,
    /// One more than the cells: a win at move `M` scores `big - M`.
    big: i64,
}

/// The budget ran out.
struct OutOfNodes;

/// The cells the player to move may mark: every empty cell, or with gravity each column's lowest.
fn legal(game: &AnyGame) -> Vec<(usize, usize)> {
    let rules = game.rules();
    let (rows, cols) = (rules.rows(), rules.cols());
    let empty = |r: usize, c: usize| game.cell(r, c).is_ok_and(|p| p.is_none());
    if rules.gravity() {
        (0..cols)
            .filter_map(|c| (0..rows).rev().find(|&r| empty(r, c)).map(|r| (r, c)))
            .collect()
    } else {
        (0..rows)
            .flat_map(|r| (0..cols).map(move |c| (r, c)))
            .filter(|&(r, c)| empty(r, c))
            .collect()
    }
}

impl Walk {
    /// The score of `game` (not over) for the player to move, fail-soft in `(alpha, beta)`.
    fn negamax(
        &mut self,
        game: &mut AnyGame,
        mut alpha: i64,
        beta: i64,
    ) -> Result<i64, OutOfNodes> {
        self.nodes += 1;
        if self.nodes > self.limit {
            return Err(OutOfNodes);
        }
        let mover = game.last_player().map_or(Player::X, Player::other);
        let moves = game.move_count() as i64;
        let mut best = i64::MIN;
        for (row, col) in legal(game) {
            let score = self.child(game, row, col, mover, moves, -beta, -alpha)?;
            if score >= beta {
                return Ok(score);
            }
            best = best.max(score);
            alpha = alpha.max(score);
        }
        Ok(best)
    }

    /// The score, for `mover`, of marking (`row`, `col`) in `game` after `moves` moves.
    #[allow(clippy::too_many_arguments)]
    fn child(
        &mut self,
        game: &mut AnyGame,
        row: usize,
        col: usize,
        mover: Player,
        moves: i64,
        alpha: i64,
        beta: i64,
    ) -> Result<i64, OutOfNodes> {
        // A legal cell of a game in play: the rules accept it.
        let won = game.play(row, col, mover).ok().flatten();
        let score = if won.is_some() {
            Ok(self.big - (moves + 1))
        } else if game.is_over() {
            Ok(0)
        } else {
            self.negamax(game, alpha, beta).map(|s| -s)
        };
        let _ = game.undo();
        score
    }

    fn outcome(&self, score: i64, moves: u64, cells: u64) -> Solution {
        let (value, plies) = match score {
            0 => (0, cells - moves),
            s if s > 0 => (1, (self.big - s) as u64 - moves),
            s => (-1, (self.big + s) as u64 - moves),
        };
        Solution {
            value,
            plies: plies as u32,
        }
    }
}

fn walk(game: &AnyGame, limit: u64) -> Walk {
    Walk {
        nodes: 0,
        limit,
        big: game.rules().cells() as i64 + 1,
    }
}

pub(super) fn solve(game: &AnyGame, limit: u64, total: &mut u64) -> Result<Solution, Error> {
    let mut w = walk(game, limit);
    let mut copy = game.clone();
    let result = w.negamax(&mut copy, i64::MIN + 1, i64::MAX);
    *total += w.nodes;
    let score = result.map_err(|OutOfNodes| Error::SearchLimit { nodes: limit })?;
    Ok(w.outcome(score, game.move_count(), game.rules().cells()))
}

pub(super) fn best_moves(
    game: &AnyGame,
    limit: u64,
    total: &mut u64,
) -> Result<Vec<(usize, usize)>, Error> {
    let mut w = walk(game, limit);
    let mut copy = game.clone();
    let mover = game.last_player().map_or(Player::X, Player::other);
    let moves = game.move_count() as i64;
    let found = (|| {
        let mut scored = Vec::new();
        for (row, col) in legal(&copy) {
            let score = w.child(&mut copy, row, col, mover, moves, i64::MIN + 1, i64::MAX)?;
            scored.push(((row, col), score));
        }
        let best = scored.iter().map(|&(_, s)| s).max().unwrap_or(0);
        let mut kept: Vec<(usize, usize)> = scored
            .into_iter()
            .filter(|&(_, s)| s == best)
            .map(|(m, _)| m)
            .collect();
        kept.sort_unstable();
        Ok(kept)
    })();
    *total += w.nodes;
    found.map_err(|OutOfNodes| Error::SearchLimit { nodes: limit })
}
