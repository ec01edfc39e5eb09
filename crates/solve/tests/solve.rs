//! Perfect play against a plain exhaustive search written here: every move tried, no pruning, no
//! ordering, each position's outcome computed from its children's (a memo of positions already
//! seen, which changes no answer, keeps it to seconds). Over every rule set of at most 12 cells
//! from the empty board, and thousands of random positions of every rule set of at most 16 cells
//! and of Connect Four near its end; `best_moves` checked move by move against the children's
//! outcomes; the known results; the budget.

use std::collections::HashMap;

use tictactoe_core::{Error, Game, Mode, Player, Rules};
use tictactoe_solve::{Solution, Solve, Solver};
use tictactoe_testkit::Xorshift;
use tictactoe_testkit::family::KModel;

/// A board of the family, as plainly as it can be written.
#[derive(Clone)]
struct Plain {
    rows: usize,
    cols: usize,
    gravity: bool,
    cells: Vec<u8>,
    windows: Vec<Vec<usize>>,
    /// With exactly `k`: each window's cells just outside it, which must not be the winner's.
    flanks: Option<Vec<Vec<usize>>>,
    memo: HashMap<(Vec<u8>, u8), (i8, u32)>,
}

impl Plain {
    fn new(rules: Rules) -> Plain {
        let (rows, cols) = (rules.rows(), rules.cols());
        let windows = KModel::every_window(rows, cols, rules.k())
            .iter()
            .map(|window| window.iter().map(|&(r, c)| r * cols + c).collect())
            .collect();
        let flanks = rules.exact().then(|| {
            KModel::every_flank(rows, cols, rules.k())
                .iter()
                .map(|ends| ends.iter().map(|&(r, c)| r * cols + c).collect())
                .collect()
        });
        Plain {
            rows,
            cols,
            gravity: rules.gravity(),
            cells: vec![0; rows * cols],
            windows,
            flanks,
            memo: HashMap::new(),
        }
    }

    fn won(&self, p: u8) -> bool {
        self.windows.iter().enumerate().any(|(i, w)| {
            w.iter().all(|&c| self.cells[c] == p)
                && self
                    .flanks
                    .as_ref()
                    .is_none_or(|f| f[i].iter().all(|&c| self.cells[c] != p))
        })
    }

    fn legal(&self) -> Vec<usize> {
        if self.gravity {
            (0..self.cols)
                .filter_map(|c| {
                    (0..self.rows)
                        .rev()
                        .map(|r| r * self.cols + c)
                        .find(|&i| self.cells[i] == 0)
                })
                .collect()
        } else {
            (0..self.cells.len())
                .filter(|&i| self.cells[i] == 0)
                .collect()
        }
    }

    /// Perfect play's outcome for `mover` to move: (value, plies).
    fn outcome(&mut self, mover: u8) -> (i8, u32) {
        let key = (self.cells.clone(), mover);
        if let Some(&known) = self.memo.get(&key) {
            return known;
        }
        let mut best: Option<(i8, u32)> = None;
        for cell in self.legal() {
            let child = self.child(cell, mover);
            if best.is_none_or(|b| rank(child) > rank(b)) {
                best = Some(child);
            }
        }
        let best = best.expect("a position in play has a move");
        self.memo.insert(key, best);
        best
    }

    /// The outcome for `mover` of marking `cell`.
    fn child(&mut self, cell: usize, mover: u8) -> (i8, u32) {
        self.cells[cell] = mover;
        let result = if self.won(mover) {
            (1, 1)
        } else if self.cells.iter().all(|&c| c != 0) {
            (0, 1)
        } else {
            let (v, p) = self.outcome(3 - mover);
            (-v, p + 1)
        };
        self.cells[cell] = 0;
        result
    }

    /// Every legal move (row, col) with its outcome for `mover`, row-major.
    fn move_values(&mut self, mover: u8) -> Vec<((usize, usize), Solution)> {
        let cols = self.cols;
        let mut values: Vec<_> = self
            .legal()
            .into_iter()
            .map(|cell| {
                let (value, plies) = self.child(cell, mover);
                ((cell / cols, cell % cols), Solution { value, plies })
            })
            .collect();
        values.sort_unstable_by_key(|&(cell, _)| cell);
        values
    }

    /// The moves (row, col) that keep the outcome, row-major.
    fn best_moves(&mut self, mover: u8) -> Vec<(usize, usize)> {
        let target = self.outcome(mover);
        let cols = self.cols;
        let mut moves: Vec<(usize, usize)> = self
            .legal()
            .into_iter()
            .filter(|&cell| self.child(cell, mover) == target)
            .map(|cell| (cell / cols, cell % cols))
            .collect();
        moves.sort_unstable();
        moves
    }
}

/// How good an outcome is for the player to move: a sooner win, a later loss.
fn rank((value, plies): (i8, u32)) -> (i8, i64) {
    match value {
        1 => (2, -i64::from(plies)),
        0 => (1, 0),
        _ => (0, i64::from(plies)),
    }
}

/// Every rule set with at most `cells` cells, gravity on and off.
fn rule_sets(cells: usize) -> Vec<Rules> {
    let mut all = Vec::new();
    for rows in 1..=cells {
        for cols in 1..=cells / rows {
            for k in 1..=rows.max(cols) {
                for gravity in [false, true] {
                    let rules = Rules::new(rows, cols, k, gravity).unwrap();
                    all.push(rules);
                    // Exactly k, where a line is longer than k (elsewhere it is the same game);
                    // searched on the game itself, so on the smaller boards only.
                    if k < rows.max(cols) && rows * cols <= 10 {
                        all.push(rules.with_exact(true));
                    }
                }
            }
        }
    }
    all
}

fn mover_of(game: &Game) -> u8 {
    game.last_player().map_or(1, |p| p.other().number())
}

/// The solver's answers for `game` equal the plain search's on `plain` (the same position).
fn agree(solver: &mut Solver, game: &Game, plain: &mut Plain) {
    let mover = mover_of(game);
    let (value, plies) = plain.outcome(mover);
    assert_eq!(
        solver.solve(game, None),
        Ok(Solution { value, plies }),
        "on\n{game}"
    );
    assert_eq!(
        solver.best_moves(game, None).unwrap(),
        plain.best_moves(mover),
        "on\n{game}"
    );
    let values = solver.move_values(game, None).unwrap();
    assert_eq!(values, plain.move_values(mover), "on\n{game}");
    // solve() is the best entry, and best_moves() exactly the entries equal to it.
    let best = values
        .iter()
        .map(|&(_, s)| s)
        .max_by_key(|&s| rank((s.value, s.plies)))
        .unwrap();
    assert_eq!(best, Solution { value, plies });
    let equal: Vec<_> = values
        .iter()
        .filter(|&&(_, s)| s == best)
        .map(|&(cell, _)| cell)
        .collect();
    assert_eq!(solver.best_moves(game, None).unwrap(), equal);
    // The same through the game's own methods, with a table of their own.
    assert_eq!(game.solve(None), Ok(Solution { value, plies }));
    assert_eq!(game.move_values(None), Ok(values));
}

#[test]
fn every_small_rule_set_from_the_empty_board_equals_the_plain_search() {
    let mut solver = Solver::new(16).unwrap();
    let mut checked = 0;
    for rules in rule_sets(12) {
        let game = Game::with_rules(rules).unwrap();
        agree(&mut solver, &game, &mut Plain::new(rules));
        checked += 1;
    }
    assert!(checked > 100);
}

#[test]
fn random_positions_of_every_rule_set_up_to_16_cells_equal_the_plain_search() {
    let mut solver = Solver::new(18).unwrap();
    let mut rng = Xorshift(0x5EED);
    let mut next = |bound: usize| rng.below(bound);
    let mut positions = 0;
    for rules in rule_sets(16) {
        let cells = rules.rows() * rules.cols();
        let mut plain = Plain::new(rules);
        for _ in 0..4 {
            let mut game = Game::with_rules(rules).unwrap();
            // Either player first; enough moves that at most 11 cells are left to search.
            let mut player = if next(2) == 0 { Player::X } else { Player::O };
            let least = cells.saturating_sub(11);
            let target = least + next(cells - least);
            plain.cells.fill(0);
            while (game.move_count() as usize) < target && !game.is_over() {
                let legal = plain.legal();
                let cell = legal[next(legal.len())];
                let (row, col) = (cell / rules.cols(), cell % rules.cols());
                game.play(row, col, player).unwrap();
                plain.cells[cell] = player.number();
                player = player.other();
            }
            if game.is_over() {
                assert!(matches!(
                    solver.solve(&game, None),
                    Err(Error::GameOver { .. })
                ));
                continue;
            }
            agree(&mut solver, &game, &mut plain);
            positions += 1;
        }
    }
    assert!(positions > 1000, "{positions} positions");
}

#[test]
fn connect_four_near_its_end_equals_the_plain_search() {
    let rules = Rules::connect_four();
    let mut solver = Solver::new(20).unwrap();
    let mut rng = Xorshift(0xC4);
    let mut positions = 0;
    while positions < 60 {
        let mut game = Game::with_rules(rules).unwrap();
        let mut plain = Plain::new(rules);
        // Random play to 31 stones or more, so that at most 11 cells are left.
        while game.move_count() < 31 && !game.is_over() {
            let legal = plain.legal();
            let cell = legal[rng.below(legal.len())];
            let player = mover_of(&game);
            game.drop_i64((cell % 7) as i64, i64::from(player)).unwrap();
            plain.cells[cell] = player;
        }
        if !game.is_over() {
            agree(&mut solver, &game, &mut plain);
            positions += 1;
        }
    }
}

#[test]
fn the_known_results() {
    let solve = |rows, cols, k| {
        let game = Game::with_rules(Rules::new(rows, cols, k, false).unwrap()).unwrap();
        game.solve(None).unwrap()
    };
    assert_eq!(solve(3, 3, 3), Solution { value: 0, plies: 9 });
    assert_eq!(
        solve(4, 4, 4),
        Solution {
            value: 0,
            plies: 16
        }
    );
    assert_eq!(solve(4, 4, 3).value, 1);
    assert_eq!(solve(3, 4, 3).value, 1);
}

#[test]
fn budgets_refuse_cleanly_and_finished_or_lean_games_are_refused() {
    // A stone deeper than the exact opening book, which answers shallower positions at once,
    // and not a draw (a book of wins, draws and losses proves a draw's plies too).
    let mut game = Game::with_rules(Rules::connect_four()).unwrap();
    let line = [3, 3, 3, 3, 2, 4, 4, 2, 1, 5, 0, 6];
    for (i, &col) in line[..Solver::BOOK_DEPTH as usize + 1].iter().enumerate() {
        game.drop_i64(col, 1 + i as i64 % 2).unwrap();
    }
    let before = game.clone();
    for budget in [0, 1, 10] {
        assert!(matches!(
            game.solve(Some(budget)),
            Err(Error::SearchLimit { .. })
        ));
        assert!(matches!(
            game.best_moves(Some(budget)),
            Err(Error::SearchLimit { .. })
        ));
    }
    assert_eq!(game, before);
    let small = Game::with_rules(Rules::square(3).unwrap()).unwrap();
    assert_eq!(
        small.solve(Some(u64::MAX)),
        Ok(Solution { value: 0, plies: 9 })
    );
    let mut over = Game::with_rules(Rules::square(1).unwrap()).unwrap();
    over.play_i64(0, 0, 1).unwrap();
    assert!(matches!(over.solve(None), Err(Error::GameOver { .. })));
    let lean = Game::with_rules_and_mode(Rules::square(3).unwrap(), Mode::Lean).unwrap();
    assert_eq!(lean.solve(None), Err(Error::NeedsBoard));
    // A lean board beyond any checked one: (n + 1) * n passes 2^32, and every search call is
    // still the same refusal (no overflow on the way to it).
    let huge = Game::with_rules_and_mode(Rules::square(65_536).unwrap(), Mode::Lean).unwrap();
    assert_eq!(huge.solve(Some(1)), Err(Error::NeedsBoard));
    assert_eq!(huge.move_values(None), Err(Error::NeedsBoard));
    assert_eq!(huge.best_moves(None), Err(Error::NeedsBoard));
    // A board too large for one word: the search is exact but bounded.
    let gomoku = Game::with_rules(Rules::gomoku(15).unwrap()).unwrap();
    assert!(matches!(
        gomoku.solve(Some(10_000)),
        Err(Error::SearchLimit { .. })
    ));
    // And it finishes on a large board with little left to play.
    let mut wide = Game::with_rules(Rules::new(1, 70, 2, false).unwrap()).unwrap();
    for col in 0..66 {
        // Alternate so that no two neighbours are the same player's.
        wide.play_i64(0, col, 1 + col % 2).unwrap();
    }
    let mut plain = Plain::new(wide.rules());
    for (col, cell) in plain.cells.iter_mut().enumerate().take(66) {
        *cell = 1 + (col % 2) as u8;
    }
    let mut solver = Solver::new(10).unwrap();
    agree(&mut solver, &wide, &mut plain);
}

/// `game` and `plain` played on by uniformly random legal moves until at most `left` cells are
/// empty or the game is over.
fn random_play(game: &mut Game, plain: &mut Plain, left: usize, rng: &mut Xorshift) {
    let cols = game.rules().cols();
    while game.moves_left() as usize > left && !game.is_over() {
        let legal = plain.legal();
        let cell = legal[rng.below(legal.len())];
        let player = mover_of(game);
        game.play_i64(
            (cell / cols) as i64,
            (cell % cols) as i64,
            i64::from(player),
        )
        .unwrap();
        plain.cells[cell] = player;
    }
}

#[test]
fn boards_beyond_a_word_near_their_end_equal_the_plain_search() {
    // (rows + 1) * cols > 64: these take the walk on the game itself.
    let mut rng = Xorshift(0xB16);
    let mut solver = Solver::new(8).unwrap();
    let mut positions = 0;
    for (rows, cols, k) in [
        (9, 8, 5),
        (9, 8, 7),
        (8, 9, 6),
        (1, 70, 4),
        (70, 1, 3),
        (7, 10, 6),
    ] {
        for gravity in [false, true] {
            let rules = Rules::new(rows, cols, k, gravity).unwrap();
            let mut found = 0;
            for _ in 0..400 {
                if found == 3 {
                    break;
                }
                let mut game = Game::with_rules(rules).unwrap();
                let mut plain = Plain::new(rules);
                random_play(&mut game, &mut plain, 7, &mut rng);
                if !game.is_over() {
                    agree(&mut solver, &game, &mut plain);
                    positions += 1;
                    found += 1;
                }
            }
        }
    }
    assert!(positions >= 30, "{positions} positions");
}

#[test]
fn a_search_as_deep_as_a_tall_column_keeps_its_own_stack() {
    // One column of 40,000 cells and no run long enough: every move is forced and the game is a
    // draw with the board full, 40,000 levels deep.
    let game = Game::with_rules(Rules::new(40_000, 1, 40_000, true).unwrap()).unwrap();
    assert_eq!(
        game.solve(None),
        Ok(Solution {
            value: 0,
            plies: 40_000
        })
    );
    assert_eq!(game.best_moves(None).unwrap(), [(39_999, 0)]);
    // With a budget, deep boards are refused, not crashed.
    for rules in [
        Rules::new(40_000, 1, 5, true).unwrap(),
        Rules::new(200, 200, 200, true).unwrap(),
        Rules::new(1000, 1000, 5, false).unwrap(),
        Rules::new(1, 65_535, 65_535, false).unwrap(),
    ] {
        let game = Game::with_rules(rules).unwrap();
        for budget in [0, 1, 1000] {
            let solved = game.solve(Some(budget));
            assert!(
                matches!(solved, Err(Error::SearchLimit { nodes }) if nodes == budget),
                "{rules:?} {budget}: {solved:?}"
            );
        }
        assert!(matches!(
            game.move_values(Some(1000)),
            Err(Error::SearchLimit { .. })
        ));
        assert!(matches!(
            game.best_moves(Some(1000)),
            Err(Error::SearchLimit { .. })
        ));
    }
}

/// Deep Connect Four positions, which an unbudgeted solve searches with a helper thread on the
/// same table, answer exactly as a search alone (any budget keeps a search to one thread), on a
/// fresh solver and on one kept across them; and again on a second run. So do their moves'
/// values, which a helper solves from the last move back while the main search goes forward.
#[test]
fn a_solve_shared_by_two_threads_answers_as_a_search_alone() {
    let rules = Rules::connect_four();
    let mut kept = Solver::new(20).unwrap();
    let mut rng = Xorshift(0x5A4ED);
    let mut positions = 0;
    while positions < 6 {
        let mut game = Game::with_rules(rules).unwrap();
        let stones = 12 + rng.below(3) as u64;
        while game.move_count() < stones && !game.is_over() {
            let open: Vec<usize> = (0..7).filter(|&c| game.cell(0, c) == Ok(None)).collect();
            let col = open[rng.below(open.len())];
            game.drop_i64(col as i64, i64::from(mover_of(&game)))
                .unwrap();
        }
        if game.is_over() {
            continue;
        }
        let alone = Solver::new(18)
            .unwrap()
            .solve(&game, Some(u64::MAX - 1))
            .unwrap();
        assert_eq!(game.solve(None), Ok(alone), "{game:?}");
        assert_eq!(Solver::new(20).unwrap().solve(&game, None), Ok(alone));
        assert_eq!(kept.solve(&game, None), Ok(alone));
        let values_alone = Solver::new(18)
            .unwrap()
            .move_values(&game, Some(u64::MAX - 1))
            .unwrap();
        assert_eq!(game.move_values(None), Ok(values_alone.clone()), "{game:?}");
        assert_eq!(kept.move_values(&game, None), Ok(values_alone));
        positions += 1;
    }
}

/// A solver with a large table keeps the positions near the end in a small table of their own. Kept
/// across the same positions under three lengths to win, taken in turns (the same positions with
/// other scores), it answers as a fresh solver does, and as the plain search: the small table is
/// forgotten with the large one when the rules change.
#[test]
fn a_kept_solver_forgets_its_small_table_when_the_rules_change() {
    let mut kept = Solver::new(20).unwrap();
    let mut rng = Xorshift(0x4EA2);
    let sets: Vec<Rules> = (4..=6)
        .map(|k| Rules::new(6, 7, k, true).unwrap())
        .collect();
    let mut positions = 0;
    while positions < 20 {
        let mut games: Vec<Game> = sets
            .iter()
            .map(|&rules| Game::with_rules(rules).unwrap())
            .collect();
        let mut plains: Vec<Plain> = sets.iter().map(|&rules| Plain::new(rules)).collect();
        while games[0].moves_left() > 10 && games.iter().all(|g| !g.is_over()) {
            let legal = plains[0].legal();
            let cell = legal[rng.below(legal.len())];
            let player = mover_of(&games[0]);
            for (game, plain) in games.iter_mut().zip(&mut plains) {
                game.drop_i64((cell % 7) as i64, i64::from(player)).unwrap();
                plain.cells[cell] = player;
            }
        }
        if games.iter().any(Game::is_over) {
            continue;
        }
        for (game, plain) in games.iter().zip(&mut plains) {
            let fresh = Solver::new(20).unwrap().solve(game, None).unwrap();
            assert_eq!(kept.solve(game, None), Ok(fresh), "{game:?}");
            agree(&mut kept, game, plain);
        }
        positions += 1;
    }
}
