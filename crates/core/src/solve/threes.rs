//! One step past continuous fours: a threat that wins (a three, or any move, after which the
//! attacker has a victory by fours that no reply of the defender takes away), played when the
//! mover has one and stopped when the opponent has one. This is the first level of threat-space
//! search by threes (Allis, van den Herik and Huntjens, 1993): the open three, the broken three
//! and the four-three all end in two threats the defender cannot both meet.
//!
//! The replies read are those that can matter to a victory by fours: the cells where either
//! player could make a four. A claim is only made within the budget: a search that runs out
//! proves nothing, so a threat is then taken as not winning.

use alloc::vec::Vec;

use super::threats::Fours;
use crate::chosen::Game;
use crate::player::Player;

type Cell = (usize, usize);

impl Fours {
    /// Whether `attacker`, having just played, wins: the defender, to move, has no victory by
    /// fours of its own, the attacker would have one, and none of the defender's replies that
    /// can matter takes it away.
    fn threat_wins(&mut self, attacker: Player, depth: u32) -> bool {
        let defender = attacker.other();
        if self.victory(defender, depth).is_some() || self.victory(attacker, depth).is_none() {
            return false;
        }
        for reply in self.four_cells() {
            self.place(reply, defender);
            let holds = self.victory(attacker, depth).is_some();
            self.take_back();
            if !holds {
                return false;
            }
        }
        self.nodes <= self.limit
    }

    /// The empty cells where either player could make a four, row-major.
    fn four_cells(&mut self) -> Vec<Cell> {
        let mut cells = Vec::new();
        for player in [Player::X, Player::O] {
            for cell in self.candidates(player) {
                if self.could_four(cell, player) {
                    cells.push(cell);
                }
            }
        }
        cells.sort_unstable();
        cells.dedup();
        cells
    }

    /// `attacker`'s moves that win as threats (it to move), row-major.
    fn winning_threats(&mut self, attacker: Player, depth: u32) -> Vec<Cell> {
        let mut found = Vec::new();
        for cell in self.candidates(attacker) {
            if self.nodes > self.limit {
                break;
            }
            if !self.could_three(cell, attacker) {
                continue;
            }
            self.place(cell, attacker);
            if self.threat_wins(attacker, depth) {
                found.push(cell);
            }
            self.take_back();
        }
        found
    }
}

/// A move of the player to move in `game` (in play, no gravity) that wins as a threat, found
/// within about `limit` cells read; `None` when none is found.
pub(crate) fn victory_by_threat(game: &Game, depth: u32, limit: u64) -> Option<Cell> {
    let mover = game.last_player().map_or(Player::X, Player::other);
    let mut search = Fours::new(game, limit)?;
    for cell in search.candidates(mover) {
        if search.nodes > search.limit {
            return None;
        }
        if !search.could_three(cell, mover) {
            continue;
        }
        search.place(cell, mover);
        let wins = search.threat_wins(mover, depth);
        search.take_back();
        if wins {
            return Some(cell);
        }
    }
    None
}

/// When the opponent of the player to move has moves that would win as threats: the mover's
/// moves after which it has none (its threats' cells, the cells on their lines, the mover's own
/// fours), row-major; `None` when it has none (or the budget, about `limit` cells, ran out).
pub(crate) fn stops_to_threats(game: &Game, depth: u32, limit: u64) -> Option<Vec<Cell>> {
    let mover = game.last_player().map_or(Player::X, Player::other);
    let opponent = mover.other();
    let mut search = Fours::new(game, limit)?;
    let threats = search.winning_threats(opponent, depth);
    if threats.is_empty() || search.nodes > search.limit {
        return None;
    }
    let mut tried: Vec<Cell> = threats.iter().flat_map(|&t| search.around(t)).collect();
    tried.extend(&threats);
    tried.extend(search.four_cells());
    tried.sort_unstable();
    tried.dedup();
    let mut stops = Vec::new();
    for cell in tried {
        search.place(cell, mover);
        // The threats found before first (most moves fail there), then every other.
        let stopped = threats.iter().all(|&t| {
            t == cell || {
                search.place(t, opponent);
                let wins = search.threat_wins(opponent, depth);
                search.take_back();
                !wins
            }
        }) && search.winning_threats(opponent, depth).is_empty();
        search.take_back();
        if search.nodes > search.limit {
            return None;
        }
        if stopped {
            stops.push(cell);
        }
    }
    Some(stops)
}

#[cfg(test)]
mod tests {
    use super::{stops_to_threats, victory_by_threat};
    use crate::{Game, Player, Rules, Solver};

    /// Every winning threat found is a win the exact search confirms, and playing it keeps the
    /// win; on random positions of small boards, both rules, with enough found that the check
    /// means something.
    #[test]
    fn every_winning_threat_found_is_a_win_the_solver_proves() {
        let mut solver = Solver::new(18).unwrap();
        let mut rng = tictactoe_testkit::Xorshift(0x2545_F491_4F6C_DD1D);
        let mut next = |bound: usize| rng.below(bound);
        let mut found = 0;
        for round in 0..900 {
            let exact = round % 3 == 0;
            let (rows, cols, left) = match (exact, round % 2) {
                (true, _) => (4, 5, 10),
                (false, 0) => (5, 5, 13),
                (false, _) => (6, 6, 15),
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
            let Some((row, col)) = victory_by_threat(&game, 8, 200_000) else {
                continue;
            };
            found += 1;
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

    /// O has two open twos crossing at (7, 7): there it would make two open threes, a threat X
    /// could not meet twice. X, to move with nothing of its own, is sent to the moves that stop
    /// it, (7, 7) among them and not a far corner; the agent's step plays one of them.
    #[test]
    fn a_winning_threat_of_the_opponent_is_stopped() {
        let mut game = Game::with_rules(Rules::gomoku(15).unwrap()).unwrap();
        let o = [(7, 5), (7, 6), (5, 7), (6, 7)];
        let x = [(0, 14), (14, 0), (14, 14), (0, 0)];
        for (&a, &b) in x.iter().zip(&o) {
            game.play(a.0, a.1, Player::X).unwrap();
            game.play(b.0, b.1, Player::O).unwrap();
        }
        assert_eq!(victory_by_threat(&game, 8, 1_000_000), None);
        let stops = stops_to_threats(&game, 8, 4_000_000).unwrap();
        assert!(stops.contains(&(7, 7)), "{stops:?}");
        assert!(
            !stops.contains(&(0, 7)) && !stops.contains(&(12, 2)),
            "{stops:?}"
        );
        // With O to move instead, (7, 7) is the winning threat.
        game.play(1, 1, Player::X).unwrap();
        game.play(13, 13, Player::O).unwrap();
        game.play(1, 13, Player::X).unwrap();
        assert_eq!(victory_by_threat(&game, 8, 4_000_000), Some((7, 7)));
        let mut solver = Solver::new(16).unwrap();
        game.undo().unwrap();
        let choice = crate::solve::prove::best_within(&mut solver, &game, 2_000_000).unwrap();
        assert!(
            choice.pool.iter().all(|cell| stops.contains(cell)),
            "{:?} {stops:?}",
            choice.pool
        );
    }
}
