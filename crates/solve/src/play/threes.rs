//! One step past continuous fours: a threat that wins (a three, or any move, after which the
//! attacker has a victory by fours that no reply of the defender takes away), played when the
//! mover has one and stopped when the opponent has one. This is the first level of threat-space
//! search by threes (Allis, van den Herik and Huntjens, 1993): the open three, the broken three
//! and the four-three all end in two threats the defender cannot both meet.
//!
//! The replies read are those that can matter: the cells of the victory by fours the threat
//! makes (a defence must take one of them, or the fours play out; the threat-space search's
//! refutations) and the cells where the defender could make a four of its own. A chain of
//! threats (the second level) answers each reply with another winning threat on the lines of the
//! one before, as the dependency-based search of the same paper does. Shorter chains are read
//! first. A claim is only made within the budget: a search that runs out proves nothing, so a
//! threat is then taken as not winning.

use alloc::vec::Vec;

use super::threats::Fours;
use tictactoe_core::Game;
use tictactoe_core::Player;

type Cell = (usize, usize);

/// How many fours of the defender's, each answered, a threat is read through.
const COUNTER_FOURS: u32 = 3;

impl Fours {
    /// Whether `attacker`, having just played, wins: the defender, to move, has no victory by
    /// fours of its own, the attacker would have one, and none of the defender's replies that
    /// can matter takes it away (a four of the defender's is answered and the question asked
    /// again, a few times).
    ///
    /// At `levels` above one, a reply that leaves no victory by fours may still leave the
    /// attacker another winning threat of one level less: a chain of threats, each of which the
    /// defender must answer, ending in two it cannot.
    ///
    /// The next threat of a chain is looked for on the lines of the one before (`threat`, the
    /// attacker's last move): a threat that does not build on the last one could have been
    /// played first, and this keeps the chain's breadth to a few cells.
    fn threat_wins(&mut self, attacker: Player, threat: Cell, depth: u32, levels: u32) -> bool {
        self.defence_fails(attacker, threat, depth, COUNTER_FOURS, levels)
    }

    fn defence_fails(
        &mut self,
        attacker: Player,
        threat: Cell,
        depth: u32,
        counters: u32,
        levels: u32,
    ) -> bool {
        let defender = attacker.other();
        // Most moves make no victory by fours: that test first.
        if self.victory(attacker, depth).is_none() {
            return false;
        }
        // The replies that can matter: the cells of the victory found (one of them must be
        // taken, or it plays out) and the defender's fours.
        let mut replies = core::mem::take(&mut self.path);
        self.touched.extend(&replies);
        if self.victory(defender, depth).is_some() {
            return false;
        }
        replies.extend(self.four_cells(defender));
        replies.sort_unstable();
        replies.dedup();
        for reply in replies {
            self.place(reply, defender);
            let fours = self.wins_near(reply, defender);
            let holds = match fours[..] {
                [] => {
                    let fours = self.victory(attacker, depth).is_some();
                    self.touched.extend(&self.path);
                    fours
                        || levels > 1 && {
                            let near = self.around(threat);
                            let next = self.threats_among(near, attacker, depth, levels - 1, true);
                            !next.is_empty()
                        }
                }
                // A four of the defender's, where the attacker has a four of its own that the
                // reply left open (a four-three, or a block that made one): the attacker wins
                // first, however many fours the reply made.
                _ if self.wins_anywhere(attacker) => true,
                // A four: the attacker blocks it, and the defender is to move again.
                [block] if counters > 0 => {
                    self.place(block, attacker);
                    let holds = self.defence_fails(attacker, threat, depth, counters - 1, levels);
                    self.take_back();
                    holds
                }
                _ => false,
            };
            self.take_back();
            if !holds {
                return false;
            }
        }
        self.nodes <= self.limit
    }

    /// `attacker`'s moves that win as threats of up to `levels` (it to move), row-major; with
    /// `first`, only the first found.
    fn threats_of(&mut self, attacker: Player, depth: u32, levels: u32, first: bool) -> Vec<Cell> {
        let cells = self.three_cells(attacker);
        self.threats_among(cells, attacker, depth, levels, first)
    }

    /// [`threats_of`](Self::threats_of) among `cells`.
    fn threats_among(
        &mut self,
        cells: Vec<Cell>,
        attacker: Player,
        depth: u32,
        levels: u32,
        first: bool,
    ) -> Vec<Cell> {
        let mut found = Vec::new();
        for cell in cells {
            if self.nodes > self.limit {
                break;
            }
            if !self.could_three(cell, attacker) {
                continue;
            }
            self.place(cell, attacker);
            if self.threat_wins(attacker, cell, depth, levels) {
                found.push(cell);
            }
            self.take_back();
            if first && !found.is_empty() {
                break;
            }
        }
        found
    }

    /// A first move of `attacker`'s (to move) that wins as a threat of up to `levels`: the
    /// shorter chains looked for first, since they are cheaper to read and to be sure of.
    fn winning_threat(&mut self, attacker: Player, depth: u32, levels: u32) -> Option<Cell> {
        (1..=levels).find_map(|l| self.threats_of(attacker, depth, l, true).pop())
    }
}

/// A move of the player to move in `game` (in play, no gravity) that wins as a threat, found
/// within about `limit` cells read; `None` when none is found.
pub(crate) fn victory_by_threat(game: &Game, depth: u32, levels: u32, limit: u64) -> Option<Cell> {
    let mover = game.last_player().map_or(Player::X, Player::other);
    let mut search = Fours::new(game, limit)?;
    let found = search.winning_threat(mover, depth, levels);
    found.filter(|_| search.nodes <= search.limit)
}

/// When the opponent of the player to move has a move that would win as a chain of threats of
/// up to `levels` (its first found, within about `limit` cells read) and the mover's stone there
/// leaves that chain lost: that cell, the opponent's key point. `None` otherwise. Far cheaper
/// than proving every stop ([`stops_to_threats`]): one search and one proof.
pub(crate) fn key_point(game: &Game, depth: u32, levels: u32, limit: u64) -> Option<Cell> {
    let mover = game.last_player().map_or(Player::X, Player::other);
    let opponent = mover.other();
    let mut search = Fours::new(game, limit)?;
    let threat = search.winning_threat(opponent, depth, levels)?;
    if search.nodes > search.limit {
        return None;
    }
    // Taken by the mover, the threat's cell is no threat; the question is whether the opponent
    // still wins by a chain on the same lines.
    search.place(threat, mover);
    let near = search.around(threat);
    let still = search.threats_among(near, opponent, depth, levels, true);
    search.take_back();
    (still.is_empty() && search.nodes <= search.limit).then_some(threat)
}

/// When the opponent of the player to move has moves that would win as threats: the mover's
/// moves after which it has none (among the cells of the victories its threats' proofs read and
/// the mover's own fours), row-major; `None` when it has none (or the budget, about `limit` cells, ran out).
pub(crate) fn stops_to_threats(
    game: &Game,
    depth: u32,
    levels: u32,
    limit: u64,
) -> Option<Vec<Cell>> {
    let mover = game.last_player().map_or(Player::X, Player::other);
    let opponent = mover.other();
    let mut search = Fours::new(game, limit)?;
    let threats = search.threats_of(opponent, depth, levels, false);
    if threats.is_empty() || search.nodes > search.limit {
        return None;
    }
    // A stop takes a cell of some victory the threats' proofs read (the threat itself among
    // them), or makes a four of the mover's own that the opponent must answer first.
    search.touched.clear();
    for &t in &threats {
        search.place(t, opponent);
        search.threat_wins(opponent, t, depth, levels);
        search.take_back();
    }
    let mut tried = core::mem::take(&mut search.touched);
    tried.extend(&threats);
    tried.extend(search.four_cells(mover));
    tried.sort_unstable();
    tried.dedup();
    let mut stops = Vec::new();
    for cell in tried {
        search.place(cell, mover);
        // Only the threats found before are read again: a stone of the mover's takes threats
        // away and makes none (reading every cell again after each stop cost a budget of 250,000
        // its answer in an open position, where the stops came out the same).
        let stopped = threats.iter().all(|&t| {
            t == cell || {
                search.place(t, opponent);
                let wins = search.threat_wins(opponent, t, depth, levels);
                search.take_back();
                !wins
            }
        });
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

/// Among `stops` (moves of the player to move in `game` that stop the opponent's victory by
/// fours), those after which the opponent has no winning threat either, read one level of
/// threats deeper at a time up to `levels`: at each level the stops still calm, unless none is
/// or the budget (about `limit` cells) runs out first, when the level before stands.
pub(crate) fn calm_stops(
    game: &Game,
    stops: &[Cell],
    depth: u32,
    levels: u32,
    limit: u64,
) -> Vec<Cell> {
    let mover = game.last_player().map_or(Player::X, Player::other);
    let Some(mut search) = Fours::new(game, limit) else {
        return stops.to_vec();
    };
    let mut calm = stops.to_vec();
    for level in 1..=levels {
        let mut calmer = Vec::new();
        for &cell in &calm {
            search.place(cell, mover);
            let threatened = !search
                .threats_of(mover.other(), depth, level, true)
                .is_empty();
            search.take_back();
            if search.nodes > search.limit {
                return calm;
            }
            if !threatened {
                calmer.push(cell);
            }
        }
        if calmer.is_empty() {
            break;
        }
        calm = calmer;
    }
    calm
}

#[cfg(test)]
mod tests {
    use super::{Cell, calm_stops, key_point, stops_to_threats, victory_by_threat};
    use crate::Solver;
    use crate::play::threats::tests::{assert_keeps_win, first_moves_that_win};
    use crate::play::threats::victory_by_fours;
    use tictactoe_core::{Game, Player, Rules};

    /// Every winning threat found is a win the exact search confirms, and playing it keeps the
    /// win, with enough found that the check means something.
    #[test]
    fn every_winning_threat_found_is_a_win_the_solver_proves() {
        let found = first_moves_that_win(0x2545_F491_4F6C_DD1D, 900, 1, |game| {
            victory_by_threat(game, 8, 1, 200_000)
        });
        assert!(found > 20, "{found} found");
    }

    /// The same for chains of two threats, on emptier boards (where they are found): only the
    /// positions where one threat finds nothing are checked.
    #[test]
    fn every_chain_of_threats_found_is_a_win_the_solver_proves() {
        let found = first_moves_that_win(0x2545_F491_4F6C_DD1D, 900, 3, |game| {
            victory_by_threat(game, 8, 1, 200_000)
                .is_none()
                .then(|| victory_by_threat(game, 8, 2, 200_000))
                .flatten()
        });
        assert!(found > 2, "{found} found");
    }

    /// And for chains of three, where two find nothing: on 5 x 5 boards (k = 4) of five random
    /// stones, where they turn up (about 6 positions in 1,000), and the exact search still
    /// answers.
    #[test]
    fn every_chain_of_three_threats_found_is_a_win_the_solver_proves() {
        let found = longer_chains_proved(0x9E37_79B9_7F4A_7C15, 1_500, 5, 2, 3);
        assert!(found > 2, "{found} found");
    }

    /// And for the agent's chains of up to five, where three find nothing: on emptier 5 x 5
    /// boards (three stones), where the longer chains turn up (6 positions in 1,500).
    #[test]
    fn every_chain_of_five_threats_found_is_a_win_the_solver_proves() {
        let found = longer_chains_proved(0x2F69_3A1C_5B7D_E811, 1_500, 3, 3, 5);
        assert!(found > 2, "{found} found");
    }

    /// On `rounds` 5 x 5 boards (k = 4) of `stones` random stones: where chains of `shorter`
    /// threats find nothing and chains of `longer` find a first move, the exact search confirms
    /// the position won and the move keeping the win. How many were checked.
    fn longer_chains_proved(seed: u64, rounds: u32, stones: u64, shorter: u32, longer: u32) -> u32 {
        let mut solver = Solver::new(20).unwrap();
        let mut rng = tictactoe_testkit::Xorshift(seed);
        let mut found = 0;
        for _ in 0..rounds {
            let mut game = Game::with_rules(Rules::new(5, 5, 4, false).unwrap()).unwrap();
            let mut player = Player::X;
            while game.move_count() < stones {
                let (r, c) = (rng.below(5), rng.below(5));
                if game.play(r, c, player).is_ok() {
                    player = player.other();
                }
            }
            if victory_by_threat(&game, 8, shorter, 2_000_000).is_some() {
                continue;
            }
            let Some((row, col)) = victory_by_threat(&game, 8, longer, 2_000_000) else {
                continue;
            };
            found += 1;
            assert_keeps_win(&mut solver, &game, (row, col));
        }
        found
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
        assert_eq!(victory_by_threat(&game, 8, 1, 1_000_000), None);
        let stops = stops_to_threats(&game, 8, 1, 4_000_000).unwrap();
        assert!(stops.contains(&(7, 7)), "{stops:?}");
        assert!(
            !stops.contains(&(0, 7)) && !stops.contains(&(12, 2)),
            "{stops:?}"
        );
        // With O to move instead, (7, 7) is the winning threat.
        game.play(1, 1, Player::X).unwrap();
        game.play(13, 13, Player::O).unwrap();
        game.play(1, 13, Player::X).unwrap();
        assert_eq!(victory_by_threat(&game, 8, 1, 4_000_000), Some((7, 7)));
        let mut solver = Solver::new(16).unwrap();
        game.undo().unwrap();
        let choice = crate::play::prove::best_within(&mut solver, &game, 2_000_000).unwrap();
        assert!(
            choice.pool.iter().all(|cell| stops.contains(cell)),
            "{:?} {stops:?}",
            choice.pool
        );
    }

    /// The first twelve moves of a game gomoku-terminal won as X against the agent, X first.
    const WON_BY_CHAIN: [Cell; 12] = [
        (6, 5),
        (8, 7),
        (6, 6),
        (8, 8),
        (8, 9),
        (6, 7),
        (5, 6),
        (7, 7),
        (5, 7),
        (8, 6),
        (5, 5),
        (5, 8),
    ];

    /// 15 x 15 gomoku after the first `plies` moves of [`WON_BY_CHAIN`].
    fn won_by_chain(plies: usize) -> Game {
        let mut game = Game::with_rules(Rules::gomoku(15).unwrap()).unwrap();
        for (i, &(row, col)) in WON_BY_CHAIN[..plies].iter().enumerate() {
            game.play(row, col, [Player::X, Player::O][i % 2]).unwrap();
        }
        game
    }

    /// X's (7, 5) makes two open threes. O's best reply is a four at (8, 5), but X's block at
    /// (8, 4) is a four of X's, which O cannot answer with its open four at (7, 6): X makes five
    /// first. The threat wins, and is found; with O's reply read as a four X must block and
    /// nothing more, it was not.
    #[test]
    fn a_four_of_the_defender_loses_to_a_four_of_the_attacker() {
        let game = won_by_chain(12);
        assert_eq!(victory_by_fours(&game, 24, 1_000_000), None);
        assert_eq!(victory_by_threat(&game, 8, 1, 1_000_000), Some((7, 5)));
    }

    /// Nine moves in, O to move: X has no threat that wins at once, but a chain of two, its
    /// three at (5, 5) and then two open threes at (7, 5). The key point is found, and it is a
    /// stop the full search of stops proves (which reads about 30 times as many cells).
    #[test]
    fn the_key_point_of_a_chain_of_two_threats_is_a_stop() {
        let game = won_by_chain(9);
        assert_eq!(stops_to_threats(&game, 8, 1, 4_000_000), None);
        let key = key_point(&game, 8, 2, 4_000_000).unwrap();
        let stops = stops_to_threats(&game, 8, 2, 100_000_000).unwrap();
        assert!(stops.contains(&key), "{key:?} {stops:?}");
    }

    /// A game gomokubench won as X against the agent.
    const LOST_AS_O: [Cell; 16] = [
        (6, 7),
        (5, 8),
        (4, 7),
        (6, 8),
        (5, 7),
        (7, 7),
        (3, 7),
        (2, 7),
        (4, 8),
        (5, 9),
        (4, 10),
        (4, 9),
        (3, 9),
        (8, 6),
        (9, 5),
        (2, 10),
    ];

    /// 15 x 15 gomoku after `moves`, X first.
    fn gomoku_after(moves: &[Cell]) -> Game {
        let mut game = Game::with_rules(Rules::gomoku(15).unwrap()).unwrap();
        let mut player = Player::X;
        for &(r, c) in moves {
            game.play(r, c, player).unwrap();
            player = player.other();
        }
        game
    }

    /// A game lost as O: X's open three on the anti-diagonal through (3, 9) can be stopped at
    /// (2, 10), (6, 6), (8, 6) or (9, 5), but after (6, 6) X plays (3, 10), a three on row 3
    /// and one on column 10 at once, and wins however O answers (O's four on row 5 only delays
    /// it). The calm stops leave (6, 6) out and keep (2, 10), which takes X's column cell.
    #[test]
    fn a_stop_that_leaves_a_winning_threat_is_not_calm() {
        let game = gomoku_after(&LOST_AS_O[..13]);
        let stops = [(2, 10), (6, 6), (8, 6), (9, 5)];
        let calm = calm_stops(&game, &stops, 8, 2, 4_000_000);
        assert!(
            !calm.contains(&(6, 6)) && calm.contains(&(2, 10)),
            "{calm:?}"
        );
        // With too small a budget nothing is claimed: every stop stays.
        assert_eq!(calm_stops(&game, &stops, 8, 2, 1_000), stops);
    }

    /// A chain of two threats, from the same game: after X's (3, 8), every reply
    /// of O's that stops its victory by fours leaves X another three that wins. Read one threat
    /// deep, X has nothing; read two, the chain is found (X played it and won).
    #[test]
    fn a_chain_of_two_threats_is_found_one_level_deeper() {
        let game = gomoku_after(&LOST_AS_O);
        assert_eq!(victory_by_threat(&game, 8, 1, 8_000_000), None);
        assert_eq!(victory_by_threat(&game, 8, 2, 8_000_000), Some((3, 8)));
    }
}
