//! Victory by continuous fours (VCF), the first step of threat-space search (Allis, van den Herik
//! and Huntjens, "Go-Moku and Threat-Space Search", 1993): the attacker plays only moves that
//! threaten to win at once, so every reply of the defender is forced, and the tree stays narrow
//! enough to read many moves deep where a full search sees one or two. A sequence found is a proof:
//! each threat leaves the defender one cell to stop it, the defender is never left a win of its
//! own, and the sequence ends in two winning cells at once or a win.
//!
//! Everything is local: a move's new threats lie on its four lines within `k - 1` cells, so a node
//! plays and takes back a few dozen cells on the game itself, and the rules (exactly `k` among
//! them) are the game's own.

use alloc::vec::Vec;

use crate::chosen::Game;
use crate::player::Player;

/// The four directions of a line: along a row, a column and the two diagonals.
const DIRECTIONS: [(isize, isize); 4] = [(0, 1), (1, 0), (1, 1), (1, -1)];

/// A search for a victory by continuous fours, on its own copy of a game.
struct Fours {
    game: Game,
    rows: usize,
    cols: usize,
    reach: usize,
    /// Only exactly `k` wins.
    exact: bool,
    nodes: u64,
    limit: u64,
}

impl Fours {
    fn empty(&self, row: usize, col: usize) -> bool {
        self.game.cell(row, col).is_ok_and(|p| p.is_none())
    }

    /// The empty cells on the four lines through (`row`, `col`), within `k - 1` cells of it.
    fn around(&self, row: usize, col: usize) -> Vec<(usize, usize)> {
        let mut cells = Vec::new();
        for (dr, dc) in DIRECTIONS {
            for step in 1..=self.reach as isize {
                for sign in [1, -1] {
                    let (r, c) = (
                        row as isize + sign * step * dr,
                        col as isize + sign * step * dc,
                    );
                    if r >= 0 && c >= 0 && (r as usize) < self.rows && (c as usize) < self.cols {
                        let cell = (r as usize, c as usize);
                        if self.empty(cell.0, cell.1) {
                            cells.push(cell);
                        }
                    }
                }
            }
        }
        cells.sort_unstable();
        cells.dedup();
        cells
    }

    /// Whether `player` (to move or not) would win at once on the empty `cell`: the run its
    /// mark would make on some line is `k` long (or longer, unless only exactly `k` wins).
    fn wins_at(&mut self, cell: (usize, usize), player: Player) -> bool {
        self.nodes += 1;
        let holds = |r: isize, c: isize| {
            r >= 0
                && c >= 0
                && (r as usize) < self.rows
                && (c as usize) < self.cols
                && self.game.cell(r as usize, c as usize) == Ok(Some(player))
        };
        let (row, col) = (cell.0 as isize, cell.1 as isize);
        let k = self.reach + 1;
        DIRECTIONS.iter().any(|&(dr, dc)| {
            let run = |sign: isize| {
                (1..=k as isize)
                    .take_while(|&i| holds(row + sign * i * dr, col + sign * i * dc))
                    .count()
            };
            let length = run(1) + 1 + run(-1);
            if self.exact { length == k } else { length >= k }
        })
    }

    /// The cells where `player` wins at once among `cells`.
    fn wins_among(&mut self, cells: &[(usize, usize)], player: Player) -> Vec<(usize, usize)> {
        cells
            .iter()
            .copied()
            .filter(|&cell| self.wins_at(cell, player))
            .collect()
    }

    /// Whether `attacker`, to move, wins by continuous fours within `depth` fours, given the
    /// defender's cells that win at once (`threats`, the defender's last move's). The first
    /// move of a winning sequence, when there is one.
    fn attack(
        &mut self,
        attacker: Player,
        threats: &[(usize, usize)],
        candidates: &[(usize, usize)],
        depth: u32,
    ) -> Option<(usize, usize)> {
        if self.nodes > self.limit || threats.len() > 1 {
            return None;
        }
        // A threat of the defender's must be stopped by the four itself.
        let moves: Vec<(usize, usize)> = match threats.first() {
            Some(&only) => vec_of(only),
            None => candidates.to_vec(),
        };
        for cell in moves {
            if self.nodes > self.limit {
                return None;
            }
            let Ok(won) = self.game.play(cell.0, cell.1, attacker) else {
                continue;
            };
            if won.is_some() {
                let _ = self.game.undo();
                return Some(cell);
            }
            let near = self.around(cell.0, cell.1);
            let fours = self.wins_among(&near, attacker);
            let found = match fours.len() {
                0 => false,
                // Two cells that win: the defender stops one (it has no win of its own).
                1 if depth > 0 => self.forced_reply(attacker, fours[0], depth),
                1 => false,
                _ => true,
            };
            let _ = self.game.undo();
            if found {
                return Some(cell);
            }
        }
        None
    }

    /// After the attacker's four whose one winning cell is `block`: the defender plays there, and
    /// the attacker goes on from its new position.
    fn forced_reply(&mut self, attacker: Player, block: (usize, usize), depth: u32) -> bool {
        let defender = attacker.other();
        let Ok(won) = self.game.play(block.0, block.1, defender) else {
            return false;
        };
        let found = won.is_none() && !self.game.is_over() && {
            let near = self.around(block.0, block.1);
            let threats = self.wins_among(&near, defender);
            let candidates = self.candidates(attacker);
            self.attack(attacker, &threats, &candidates, depth - 1)
                .is_some()
        };
        let _ = self.game.undo();
        found
    }

    /// The attacker's cells worth trying as fours: the empty cells on a line within `k - 1` of
    /// one of its stones (a four needs `k - 1` of them in one window).
    fn candidates(&self, attacker: Player) -> Vec<(usize, usize)> {
        let mut cells: Vec<(usize, usize)> = self
            .game
            .moves()
            .filter(|m| m.2 == attacker)
            .flat_map(|(r, c, _)| self.around(r, c))
            .collect();
        cells.sort_unstable();
        cells.dedup();
        cells
    }
}

fn vec_of(cell: (usize, usize)) -> Vec<(usize, usize)> {
    let mut one = Vec::with_capacity(1);
    one.push(cell);
    one
}

/// A first move of a victory by continuous fours for the player to move in `game` (in play, no
/// gravity), found within about `limit` tried moves and `depth` fours; `None` when none is found.
pub(crate) fn victory_by_fours(game: &Game, depth: u32, limit: u64) -> Option<(usize, usize)> {
    let rules = game.rules();
    if rules.gravity() || game.is_over() || rules.k() < 2 {
        return None;
    }
    let attacker = game.last_player().map_or(Player::X, Player::other);
    let mut search = Fours {
        game: game.try_clone().ok()?,
        rows: rules.rows(),
        cols: rules.cols(),
        reach: rules.k() - 1,
        exact: rules.exact(),
        nodes: 0,
        limit,
    };
    // The defender's wins at once, anywhere near its stones.
    let theirs = search.candidates(attacker.other());
    let threats = search.wins_among(&theirs, attacker.other());
    let candidates = search.candidates(attacker);
    search.attack(attacker, &threats, &candidates, depth)
}

#[cfg(test)]
mod tests {
    use super::victory_by_fours;
    use crate::{Game, Player, Rules, Solver};

    /// Every victory by fours found is a win the exact search confirms, its first move one that
    /// keeps the win; on random positions of small boards, both rules, with enough found that
    /// the check means something.
    #[test]
    fn every_victory_found_is_a_win_the_solver_proves() {
        let mut solver = Solver::new(18).unwrap();
        let mut state = 0x9E37_79B9_7F4A_7C15u64;
        let mut next = |bound: usize| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state % bound as u64) as usize
        };
        let mut found = 0;
        for round in 0..600 {
            // Exact rules are searched on the game itself: small boards, few cells left.
            let exact = round % 3 == 0;
            let (rows, cols, left) = match (exact, round % 2) {
                (true, _) => (4, 5, 9),
                (false, 0) => (5, 5, 12),
                (false, _) => (6, 6, 14),
            };
            let rules = Rules::new(rows, cols, 4, false).unwrap().with_exact(exact);
            let mut game = Game::with_rules(rules).unwrap();
            let mut player = Player::X;
            let stones = rows * cols - left - next(3);
            while (game.move_count() as usize) < stones && !game.is_over() {
                let (r, c) = (next(rows), next(cols));
                if game.play(r, c, player).is_ok() {
                    player = player.other();
                }
            }
            if game.is_over() {
                continue;
            }
            let Some((row, col)) = victory_by_fours(&game, 24, 20_000) else {
                continue;
            };
            found += 1;
            assert_eq!(solver.value(&game, None), Ok(1), "no win on\n{game}");
            let mover = game.last_player().map_or(Player::X, Player::other);
            let mut after = game.clone();
            if after.play(row, col, mover).unwrap().is_none() {
                assert_eq!(
                    solver.value(&after, None),
                    Ok(-1),
                    "({row}, {col}) on\n{game}"
                );
            }
        }
        assert!(found > 20, "{found} found");
    }
}
