//! The threat searches against the exact solver: every victory they find is a win it proves.

use super::{some_line_holds, stops_to_fours, victory_by_fours};
use crate::Solver;
use tictactoe_core::{Game, Player, Rules};

/// The four counts read at once answer as the counts compared one at a time, for every
/// count a line can hold (up to 126, `k` at most 64) and every number of stones asked.
#[test]
fn the_counts_read_as_one_word_answer_as_each_compared() {
    let mut rng = tictactoe_testkit::Xorshift(7);
    for _ in 0..20_000 {
        let counts = [0; 4].map(|_| rng.below(127) as u8);
        for stones in 0..=130 {
            let each = counts.iter().any(|&c| usize::from(c) >= stones);
            assert_eq!(some_line_holds(counts, stones), each, "{counts:?} {stones}");
        }
    }
}

/// Random positions of small boards, both rules (a third exact, searched on the game itself,
/// so smaller), a few empty cells and `more`: on each that is not over, `find`'s
/// first move, checked a win by the exact search (the position won, the move keeping it).
/// The number found.
pub(in crate::play) fn first_moves_that_win(
    seed: u64,
    rounds: usize,
    more: usize,
    mut find: impl FnMut(&Game) -> Option<(usize, usize)>,
) -> usize {
    let mut solver = Solver::new(18).unwrap();
    let mut rng = tictactoe_testkit::Xorshift(seed);
    let mut next = |bound: usize| rng.below(bound);
    let mut found = 0;
    for round in 0..rounds {
        let exact = round % 3 == 0;
        let (rows, cols, left) = match (exact, round % 2) {
            (true, _) => (4, 5, 9),
            (false, 0) => (5, 5, 12),
            (false, _) => (6, 6, 14),
        };
        let rules = Rules::new(rows, cols, 4, false).unwrap().with_exact(exact);
        let mut game = Game::with_rules(rules).unwrap();
        let mut player = Player::X;
        let stones = rows * cols - left - more - next(3);
        while (game.move_count() as usize) < stones && !game.is_over() {
            let (r, c) = (next(rows), next(cols));
            if game.play(r, c, player).is_ok() {
                player = player.other();
            }
        }
        if game.is_over() {
            continue;
        }
        let Some((row, col)) = find(&game) else {
            continue;
        };
        found += 1;
        assert_keeps_win(&mut solver, &game, (row, col));
    }
    found
}

/// `game` is won for its mover, and the move (`row`, `col`) keeps the win: the exact search
/// says so.
pub(in crate::play) fn assert_keeps_win(solver: &mut Solver, game: &Game, at: (usize, usize)) {
    let (row, col) = at;
    assert_eq!(solver.value(game, None), Ok(1), "no win on\n{game}");
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

/// Every victory by fours found is a win the exact search confirms, its first move one that
/// keeps the win, with enough found that the check means something.
#[test]
fn every_victory_found_is_a_win_the_solver_proves() {
    let found = first_moves_that_win(0x9E37_79B9_7F4A_7C15, 600, 0, |game| {
        victory_by_fours(game, 24, 20_000)
    });
    assert!(found > 20, "{found} found");
}

/// O threatens a double four at (7, 7) (three on row 7 and three on column 7, open): X, to
/// move, has no fours of its own, and the moves that stop O include that cell and not a far
/// corner; the agent's step plays one of them.
#[test]
fn a_victory_by_fours_of_the_opponent_is_stopped() {
    let mut game = Game::with_rules(Rules::gomoku(15).unwrap()).unwrap();
    let o = [(7, 4), (7, 5), (7, 6), (4, 7), (5, 7)];
    let x = [(0, 14), (14, 0), (14, 14), (0, 7), (14, 7)];
    for (&a, &b) in x.iter().zip(&o) {
        game.play(a.0, a.1, Player::X).unwrap();
        game.play(b.0, b.1, Player::O).unwrap();
    }
    game.play(2, 2, Player::X).unwrap();
    game.play(6, 7, Player::O).unwrap();
    // X to move: O's (7, 7) would make two fours.
    assert_eq!(victory_by_fours(&game, 24, 100_000), None);
    let stops = stops_to_fours(&game, 24, 1_000_000).unwrap();
    assert!(stops.contains(&(7, 7)), "{stops:?}");
    assert!(
        !stops.contains(&(0, 0)) && !stops.contains(&(2, 3)),
        "{stops:?}"
    );
    let choice =
        crate::play::prove::best_within(&mut Solver::new(16).unwrap(), &game, 2_000_000).unwrap();
    assert!(
        choice.pool.iter().all(|cell| stops.contains(cell)),
        "{:?}",
        choice.pool
    );
}
