//! The agent's choice within a budget against the exact search.

use alloc::vec::Vec;

use super::best_within;
use crate::Solver;
use crate::play::heuristic::legal_cells;
use tictactoe_core::Game;
use tictactoe_core::Player;
use tictactoe_core::Rules;

/// A seeded generator of numbers below its argument (xorshift), for random test games.
fn xorshift(mut state: u64) -> impl FnMut(usize) -> usize {
    move |n| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % n as u64) as usize
    }
}

/// The value of playing `cell` in `game` for its mover, by a complete search.
fn exact_value(game: &Game, cell: (usize, usize)) -> i8 {
    let mover = game.last_player().map_or(Player::X, Player::other);
    let mut after = game.clone();
    if after.play(cell.0, cell.1, mover).unwrap().is_some() {
        return 1;
    }
    if after.is_over() {
        return 0;
    }
    -Solver::new(16).unwrap().solve(&after, None).unwrap().value
}

/// Every value the budget proves is the true one; every move picked is at least as good as
/// every proved move; and once every move is proved, only the best are picked. Budgets from
/// a few hundred nodes (little proved) to enough for all.
#[test]
fn a_budget_proves_only_true_values_and_never_picks_a_move_proved_worse() {
    let mut below = xorshift(0x2545_f491_4f6c_dd1d);
    let (mut partial, mut full, mut solved) = (0, 0, 0);
    for rules in [Rules::connect_four(), Rules::new(4, 5, 4, false).unwrap()] {
        for round in 0..40 {
            let mut game = Game::with_rules(rules).unwrap();
            let stones = if rules.gravity() {
                14 + below(14)
            } else {
                5 + below(7)
            };
            while (game.move_count() as usize) < stones && !game.is_over() {
                let cells = legal_cells(&game);
                let (row, col) = cells[below(cells.len())];
                let mover = game.last_player().map_or(Player::X, Player::other);
                game.play(row, col, mover).unwrap();
            }
            if game.is_over() {
                continue;
            }
            let budget = [300, 3_000, 30_000, 300_000][round % 4];
            let mut solver = Solver::new(16).unwrap();
            let choice = best_within(&mut solver, &game, budget).unwrap();
            let truth: Vec<i8> = choice
                .proved
                .iter()
                .map(|&(c, _)| exact_value(&game, c))
                .collect();
            for (&(_, proved), &value) in choice.proved.iter().zip(&truth) {
                assert!(proved.is_none_or(|p| p == value), "{game}");
            }
            let best_proved = choice.proved.iter().filter_map(|&(_, v)| v).max();
            for cell in &choice.pool {
                let at = choice.proved.iter().position(|&(c, _)| c == *cell).unwrap();
                let picked = choice.proved[at].1;
                // A proved move picked is among the best proved; once a draw or a win is
                // proved, no unproved move (which might lose) is picked.
                assert!(picked.is_none_or(|v| Some(v) == best_proved), "{game}");
                assert!(
                    picked.is_some() || best_proved.is_none_or(|b| b < 0),
                    "{game}"
                );
            }
            if choice.solved {
                // Solved: exactly the moves that keep the exact solution.
                let mut pool = choice.pool.clone();
                pool.sort_unstable();
                let exact = Solver::new(16).unwrap().best_moves(&game, None).unwrap();
                assert_eq!(pool, exact, "{game}");
                solved += 1;
            }
            if choice.proved.iter().all(|&(_, v)| v.is_some()) {
                let best = *truth.iter().max().unwrap();
                for cell in &choice.pool {
                    let at = choice.proved.iter().position(|&(c, _)| c == *cell).unwrap();
                    assert_eq!(truth[at], best, "{game}");
                }
                full += 1;
            } else {
                partial += 1;
            }
        }
    }
    assert!(
        partial > 5 && full > 5 && solved > 5,
        "{partial} partly proved, {full} fully, {solved} solved"
    );
}

/// In a lost Connect Four position whose every move the budget proves lost, the agent holds
/// out longest: its moves are among those of `Solver::best_moves` (the longest defence),
/// searched past a budget too small for the exact solve.
#[test]
fn a_lost_position_is_defended_as_long_as_it_can_be() {
    let mut below = xorshift(0x9e37_79b9_7f4a_7c15);
    let mut defended = 0;
    while defended < 12 {
        let mut game = Game::with_rules(Rules::connect_four()).unwrap();
        let stones = 12 + below(6);
        while (game.move_count() as usize) < stones && !game.is_over() {
            let cells = legal_cells(&game);
            let (row, col) = cells[below(cells.len())];
            let mover = game.last_player().map_or(Player::X, Player::other);
            game.play(row, col, mover).unwrap();
        }
        if game.is_over() || Solver::new(16).unwrap().value(&game, None).unwrap() != -1 {
            continue;
        }
        let choice = best_within(&mut Solver::new(16).unwrap(), &game, 20_000).unwrap();
        if !choice.proved.iter().all(|&(_, v)| v == Some(-1)) {
            continue;
        }
        let longest = Solver::new(18).unwrap().best_moves(&game, None).unwrap();
        assert!(!choice.pool.is_empty(), "{game}");
        for cell in &choice.pool {
            assert!(
                longest.contains(cell),
                "{cell:?} of {:?}:\n{game}",
                choice.pool
            );
        }
        defended += 1;
    }
}

/// Boards up to 400 cells weigh every legal move; larger ones the best rated few, fewer as
/// the board grows (each weighed move is a copy of the game): about 400 x 400 cells of
/// copies, never fewer than 24 moves. The moves weighed are the rating's best.
#[test]
fn large_boards_weigh_fewer_moves_the_best_rated() {
    use crate::play::heuristic::move_scores;
    for (n, weighed) in [(15, 224), (20, 399), (64, 39), (100, 24), (300, 24)] {
        let mut game = Game::with_rules(Rules::new(n, n, 5, false).unwrap()).unwrap();
        game.play(n / 2, n / 2, Player::X).unwrap();
        let choice = best_within(&mut Solver::new(10).unwrap(), &game, 10_000).unwrap();
        assert_eq!(choice.proved.len(), weighed, "{n} x {n}");
        let legal = legal_cells(&game);
        let scores = move_scores(&game, &legal).unwrap();
        // Every move left out is rated no higher than every move weighed.
        let rated = |cell: &(usize, usize)| scores[legal.binary_search(cell).unwrap()];
        let lowest_in = choice
            .proved
            .iter()
            .map(|(c, _)| rated(c))
            .fold(f64::MAX, f64::min);
        for cell in &legal {
            if !choice.proved.iter().any(|(c, _)| c == cell) {
                assert!(rated(cell) <= lowest_in, "{n} x {n}: {cell:?}");
            }
        }
        assert!(choice.pool.iter().all(|c| legal.contains(c)));
    }
}

/// O to move against X's threats (a lost game's position against gomoku-terminal): six moves
/// stop every single threat of X's, but only some also stop X's chains of two. The agent's
/// step takes one that leaves X no winning threat, read far deeper than the agent reads;
/// the stop O played in that game leaves X a chain, so the test sees the difference.
#[test]
fn of_the_stops_of_single_threats_one_that_also_stops_the_chain_is_taken() {
    use crate::play::threes::victory_by_threat;
    let mut game = Game::with_rules(Rules::gomoku(15).unwrap()).unwrap();
    let moves = [
        (5, 5),
        (7, 6),
        (6, 6),
        (5, 9),
        (7, 7),
        (8, 8),
        (4, 4),
        (3, 3),
        (6, 7),
        (6, 5),
        (5, 4),
    ];
    for (i, &(row, col)) in moves.iter().enumerate() {
        let player = if i % 2 == 0 { Player::X } else { Player::O };
        game.play(row, col, player).unwrap();
    }
    let chain_after = |cell: (usize, usize)| {
        let mut after = game.try_clone().unwrap();
        after.play(cell.0, cell.1, Player::O).unwrap();
        victory_by_threat(&after, 8, 2, 40_000_000)
    };
    assert!(
        chain_after((8, 7)).is_some(),
        "the stop played in the lost game"
    );
    let choice = best_within(&mut Solver::new(16).unwrap(), &game, 1_000_000).unwrap();
    assert!(!choice.pool.is_empty());
    for &cell in &choice.pool {
        assert_eq!(chain_after(cell), None, "{cell:?}");
    }
}
