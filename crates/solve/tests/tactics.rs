//! Tactics at every budget: in random positions of several boards, the agent at full skill takes a
//! win at once when it has one, and otherwise plays on a cell where the opponent wins at once when
//! it has one (a move elsewhere loses at once). Checked against a scanner of its own: a plain grid,
//! each line through a cell walked out from it, which shares nothing with the engine.

use tictactoe_core::{Game, Player, Rules};
use tictactoe_solve::Agent;

/// A plain board: who holds each cell.
struct Grid {
    rows: usize,
    cols: usize,
    k: usize,
    exact: bool,
    cells: Vec<Option<Player>>,
}

impl Grid {
    fn of(game: &Game) -> Grid {
        let rules = game.rules();
        let (rows, cols) = (rules.rows(), rules.cols());
        let mut cells = vec![None; rows * cols];
        for (r, c, p) in game.moves() {
            cells[r * cols + c] = Some(p);
        }
        Grid {
            rows,
            cols,
            k: rules.k(),
            exact: rules.exact(),
            cells,
        }
    }

    fn at(&self, r: isize, c: isize) -> Option<Player> {
        if r < 0 || c < 0 || r as usize >= self.rows || c as usize >= self.cols {
            return None;
        }
        self.cells[r as usize * self.cols + c as usize]
    }

    /// Whether `player` wins by a stone on the empty cell (`r`, `c`): the longest run through it.
    fn wins_at(&self, r: usize, c: usize, player: Player) -> bool {
        [(0, 1), (1, 0), (1, 1), (1, -1)].iter().any(|&(dr, dc)| {
            let walk = |sign: isize| {
                let mut n = 0;
                while self.at(
                    r as isize + sign * (n + 1) * dr,
                    c as isize + sign * (n + 1) * dc,
                ) == Some(player)
                {
                    n += 1;
                }
                n as usize
            };
            let run = walk(1) + walk(-1) + 1;
            if self.exact {
                run == self.k
            } else {
                run >= self.k
            }
        })
    }

    /// The empty cells where `player` wins at once.
    fn wins(&self, player: Player) -> Vec<(usize, usize)> {
        (0..self.rows)
            .flat_map(|r| (0..self.cols).map(move |c| (r, c)))
            .filter(|&(r, c)| self.cells[r * self.cols + c].is_none() && self.wins_at(r, c, player))
            .collect()
    }
}

/// A small seeded generator.
struct Draws(u64);

impl Draws {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) as usize) % n
    }
}

/// Positions of random play inside a dense `window x window` square of `rules`' board, the
/// game in play, where the side to move or its opponent wins at once somewhere.
fn tactical(rules: Rules, window: usize, count: usize, seed: u64) -> Vec<Game> {
    let mut draws = Draws(seed);
    let mut found = Vec::new();
    while found.len() < count {
        let mut game = Game::with_rules(rules).unwrap();
        let (top, left) = (
            draws.below(rules.rows() - window + 1),
            draws.below(rules.cols() - window + 1),
        );
        let plies = 4 + draws.below(window * window - 4);
        let mut player = Player::X;
        for _ in 0..plies {
            let (r, c) = (top + draws.below(window), left + draws.below(window));
            if game.cell(r, c).unwrap().is_some() {
                continue;
            }
            game.play(r, c, player).unwrap();
            if game.is_over() {
                game.undo().unwrap();
                break;
            }
            player = player.other();
        }
        let grid = Grid::of(&game);
        let mover = game.last_player().map_or(Player::X, Player::other);
        if !grid.wins(mover).is_empty() || !grid.wins(mover.other()).is_empty() {
            found.push(game);
        }
    }
    found
}

/// Checks the agent's move of every position: a win at once if any, else a cell where the
/// opponent wins at once if any. Returns how many positions called for a block.
fn check(games: &[Game], mut agent: impl FnMut(&Game) -> (usize, usize), what: &str) -> usize {
    let mut blocks = 0;
    for game in games {
        let grid = Grid::of(game);
        let mover = game.last_player().map_or(Player::X, Player::other);
        let (wins, theirs) = (grid.wins(mover), grid.wins(mover.other()));
        let chosen = agent(game);
        let moves: Vec<_> = game.moves().collect();
        if !wins.is_empty() {
            assert!(
                wins.contains(&chosen),
                "{what}: {chosen:?} misses a win {wins:?} in {moves:?}"
            );
        } else {
            blocks += 1;
            assert!(
                theirs.contains(&chosen),
                "{what}: {chosen:?} misses a block {theirs:?} in {moves:?}"
            );
        }
    }
    blocks
}

fn boards() -> Vec<(Rules, usize, usize)> {
    vec![
        (Rules::gomoku(15).unwrap(), 7, 60),
        (Rules::gomoku(20).unwrap(), 8, 40),
        (Rules::gomoku(15).unwrap().with_exact(true), 7, 40),
        (Rules::new(9, 9, 5, false).unwrap(), 6, 40),
        (Rules::new(7, 7, 4, false).unwrap(), 6, 30),
    ]
}

#[test]
fn every_budget_takes_a_win_and_otherwise_blocks() {
    let mut blocks = 0;
    for (at, (rules, window, count)) in boards().into_iter().enumerate() {
        let games = tactical(rules, window, count, at as u64 + 1);
        for budget in [1, 1_000, 20_000, Agent::DEFAULT_MAX_NODES] {
            let mut agent = Agent::new(1.0, budget, Some(budget))
                .unwrap()
                .with_threads(1);
            let what = format!("{rules:?} at {budget} nodes");
            blocks += check(&games, |g| agent.choose(g).unwrap(), &what);
        }
        let mut agent = Agent::new(1.0, 3, None)
            .unwrap()
            .with_max_ms(Some(10))
            .with_threads(1);
        blocks += check(
            &games,
            |g| agent.choose(g).unwrap(),
            &format!("{rules:?} at 10 ms"),
        );
    }
    // The positions are not all wins at once: blocks were asked for.
    assert!(blocks > 100, "{blocks}");
}

/// Plays `moves` alternately, the first by `first`.
fn after(rules: Rules, first: Player, moves: &[(usize, usize)]) -> Game {
    let mut game = Game::with_rules(rules).unwrap();
    let mut player = first;
    for &(r, c) in moves {
        game.play(r, c, player).unwrap();
        player = player.other();
    }
    game
}

#[test]
fn the_four_that_answers_nothing_is_not_played() {
    // 20 x 20: O has four at (1, 15); X's own four at (0, 14) would not stop it.
    let o = [
        (5, 11),
        (4, 12),
        (4, 11),
        (5, 9),
        (5, 10),
        (3, 12),
        (3, 13),
        (3, 10),
        (4, 14),
        (2, 14),
    ];
    let x = [
        (6, 10),
        (8, 12),
        (4, 10),
        (5, 12),
        (9, 13),
        (2, 13),
        (2, 11),
        (3, 11),
        (2, 12),
    ];
    let mut moves = Vec::new();
    for (i, &m) in o.iter().enumerate() {
        moves.push(m);
        moves.extend(x.get(i));
    }
    let game = after(Rules::gomoku(20).unwrap(), Player::O, &moves);
    assert_eq!(Grid::of(&game).wins(Player::O), [(1, 15)]);
    for budget in [1_000, 50_000, 90_000, Agent::DEFAULT_MAX_NODES] {
        for seed in 0..3 {
            let mut agent = Agent::new(1.0, seed, Some(budget)).unwrap();
            assert_eq!(
                agent.choose(&game).unwrap(),
                (1, 15),
                "{budget} nodes, seed {seed}"
            );
        }
    }
}

#[test]
fn a_win_of_its_own_comes_before_the_block() {
    // 15 x 15: both have four in a row open at one end; X, to move, wins rather than blocks.
    let mut moves = Vec::new();
    for c in 3..7 {
        moves.push((7, c));
        moves.push((9, c));
    }
    let game = after(Rules::gomoku(15).unwrap(), Player::X, &moves[..7]);
    // X: (7,3) (7,4) (7,5) (7,6) after its fourth; O: (9,3) (9,4) (9,5); O to move must block.
    let mut agent = Agent::new(1.0, 1, Some(1_000)).unwrap();
    let blocked = agent.choose(&game).unwrap();
    assert!([(7, 2), (7, 7)].contains(&blocked), "{blocked:?}");
    let game = after(Rules::gomoku(15).unwrap(), Player::X, &moves);
    // Both have four; X to move takes its five.
    let won = agent.choose(&game).unwrap();
    assert!([(7, 2), (7, 7)].contains(&won), "{won:?}");
}
