//! Every answer the same on 1, 2 and 4 threads: `solve`, `value`, `move_values` and
//! `best_moves` of random Connect Four positions far enough from the end for helpers to start
//! (at least 28 empty cells), one fresh solver a thread count, books on as users have them.

use tictactoe_core::{Game, Player, Rules};
use tictactoe_solve::Solver;
use tictactoe_testkit::Xorshift;

/// A random Connect Four game of `stones` drops that is not over, or `None`.
fn position(rng: &mut Xorshift, stones: usize) -> Option<Game> {
    let mut game = Game::with_rules(Rules::connect_four()).unwrap();
    while (game.move_count() as usize) < stones {
        if game.is_over() {
            return None;
        }
        let open: Vec<usize> = (0..7).filter(|&c| game.cell(0, c) == Ok(None)).collect();
        let col = open[rng.below(open.len())];
        let player = if game.move_count().is_multiple_of(2) {
            Player::X
        } else {
            Player::O
        };
        game.drop_in(col, player).unwrap();
    }
    (!game.is_over()).then_some(game)
}

#[test]
fn answers_are_the_same_on_one_two_and_four_threads() {
    let mut rng = Xorshift(0x7ead_5eed);
    let mut solvers: Vec<Solver> = [1, 2, 4]
        .iter()
        .map(|&t| Solver::new(20).unwrap().with_threads(t))
        .collect();
    let (mut solved, mut valued) = (0, 0);
    while solved < 200 {
        let stones = 9 + rng.below(6);
        let Some(game) = position(&mut rng, stones) else {
            continue;
        };
        let answers: Vec<_> = solvers
            .iter_mut()
            .map(|s| s.solve(&game, None).unwrap())
            .collect();
        assert!(
            answers.windows(2).all(|w| w[0] == w[1]),
            "{:?}: {answers:?}",
            game.move_string()
        );
        let values: Vec<_> = solvers
            .iter_mut()
            .map(|s| s.value(&game, None).unwrap())
            .collect();
        assert!(values.iter().all(|&v| v == answers[0].value));
        if solved % 5 == 0 {
            let moves: Vec<_> = solvers
                .iter_mut()
                .map(|s| s.move_values(&game, None).unwrap())
                .collect();
            assert!(
                moves.windows(2).all(|w| w[0] == w[1]),
                "{:?}",
                game.move_string()
            );
            let best: Vec<_> = solvers
                .iter_mut()
                .map(|s| s.best_moves(&game, None).unwrap())
                .collect();
            assert!(
                best.windows(2).all(|w| w[0] == w[1]),
                "{:?}",
                game.move_string()
            );
            valued += 1;
        }
        solved += 1;
    }
    assert_eq!(valued, 40);
    // More threads than cores, and the counts a caller may pass: the same answers, and no more
    // than MAX_THREADS kept.
    assert_eq!(
        Solver::new(8).unwrap().with_threads(1_000_000).threads(),
        Solver::MAX_THREADS
    );
    assert!(Solver::new(8).unwrap().with_threads(0).threads() >= 1);
}
