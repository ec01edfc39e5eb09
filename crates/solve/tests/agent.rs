//! The agent: at skill 1 it plays only best moves (checked against the solver's own list, which
//! tests/solve.rs checks against a plain search) and never loses tic-tac-toe; at skill 0 it is
//! uniform; the same seed repeats its choices; with a budget too small to solve, it still beats a
//! random player at Connect Four and gomoku from either side.

use tictactoe_core::{Error, Game, Mode, Player, Rules};
use tictactoe_solve::{Agent, Solver};
use tictactoe_testkit::Xorshift;

/// The legal cells of `game`, row-major, found by asking every cell.
fn legal(game: &Game) -> Vec<(usize, usize)> {
    let rules = game.rules();
    let mut cells = Vec::new();
    for row in 0..rules.rows() {
        for col in 0..rules.cols() {
            let empty = game.cell(row, col).unwrap().is_none();
            let lands = !rules.gravity()
                || row + 1 == rules.rows()
                || game.cell(row + 1, col).unwrap().is_some();
            if empty && lands {
                cells.push((row, col));
            }
        }
    }
    cells
}

fn mover(game: &Game) -> Player {
    game.last_player().map_or(Player::X, Player::other)
}

/// One game of `agent` (playing `side`) against a uniformly random player; the winner.
fn match_up(
    rules: Rules,
    agent: &mut Agent,
    side: Player,
    random: &mut Xorshift,
) -> Option<Player> {
    let mut game = Game::with_rules(rules).unwrap();
    while !game.is_over() {
        let player = mover(&game);
        let (row, col) = if player == side {
            let chosen = agent.choose(&game).unwrap();
            assert!(legal(&game).contains(&chosen), "{chosen:?} on\n{game}");
            chosen
        } else {
            let moves = legal(&game);
            moves[random.below(moves.len())]
        };
        game.play(row, col, player).unwrap();
    }
    game.winner()
}

#[test]
fn perfect_agents_play_only_best_moves_and_never_lose_tic_tac_toe() {
    let rules = Rules::square(3).unwrap();
    let mut agent = Agent::new(1.0, 11, None).unwrap();
    let mut solver = Solver::new(12).unwrap();
    let mut random = Xorshift(0xA6E7);
    let mut solved = 0;
    for round in 0..200 {
        let side = if round % 2 == 0 { Player::X } else { Player::O };
        let mut game = Game::with_rules(rules).unwrap();
        while !game.is_over() {
            let player = mover(&game);
            let (row, col) = if player == side {
                let chosen = agent.choose(&game).unwrap();
                assert!(agent.last_solved());
                assert!(solver.best_moves(&game, None).unwrap().contains(&chosen));
                solved += 1;
                chosen
            } else {
                let moves = legal(&game);
                moves[random.below(moves.len())]
            };
            game.play(row, col, player).unwrap();
        }
        assert_ne!(game.winner(), Some(side.other()), "lost as {side}:\n{game}");
    }
    assert!(solved > 500);
}

#[test]
fn the_same_seed_gives_the_same_choices() {
    let rules = Rules::new(4, 4, 3, false).unwrap();
    let play = |seed: u64| {
        let mut agent = Agent::new(0.5, seed, None).unwrap();
        let mut game = Game::with_rules(rules).unwrap();
        let mut chosen = Vec::new();
        while !game.is_over() {
            let (row, col) = agent.choose(&game).unwrap();
            chosen.push((row, col));
            game.play(row, col, mover(&game)).unwrap();
        }
        chosen
    };
    assert_eq!(play(3), play(3));
    assert_ne!(
        (0..8)
            .map(play)
            .collect::<std::collections::HashSet<_>>()
            .len(),
        1
    );
}

#[test]
fn skill_zero_is_uniform_and_the_best_move_grows_likelier_with_skill() {
    // A position with exactly one best move (the test model's own reasoning, not the solver's:
    // against X in a corner, O draws only from the centre; tests/solve.rs checks the solver
    // agrees), so that the share of the centre measures the dial.
    let mut game = Game::with_rules(Rules::square(3).unwrap()).unwrap();
    game.play_i64(0, 0, 1).unwrap();
    let counts = |skill: f64| {
        let mut agent = Agent::new(skill, 99, None).unwrap();
        let mut counts = std::collections::HashMap::new();
        for _ in 0..8000 {
            *counts.entry(agent.choose(&game).unwrap()).or_insert(0u32) += 1;
        }
        counts
    };
    // Skill 0: each of the 8 cells about 1000 times (a 5-sigma band: 1000 +- 150).
    let uniform = counts(0.0);
    assert_eq!(uniform.len(), 8);
    assert!(
        uniform.values().all(|&c| (850..=1150).contains(&c)),
        "{uniform:?}"
    );
    // In between, the centre's share rises with skill, each step of 0.25 by a clear margin, and
    // every other cell stays possible below skill 1.
    let mut shares = vec![f64::from(uniform[&(1, 1)]) / 8000.0];
    for skill in [0.25, 0.5, 0.75] {
        let mixed = counts(skill);
        assert_eq!(mixed.len(), 8, "skill {skill}: {mixed:?}");
        shares.push(f64::from(mixed[&(1, 1)]) / 8000.0);
    }
    assert!(shares.windows(2).all(|w| w[1] > w[0] + 0.05), "{shares:?}");
    // Skill 1: only the centre.
    assert_eq!(counts(1.0).len(), 1);
}

#[test]
fn skills_outside_the_dial_and_games_without_a_move_are_refused() {
    for skill in [-0.1, 1.000_001, f64::NAN, f64::INFINITY, f64::NEG_INFINITY] {
        assert!(matches!(
            Agent::new(skill, 0, None),
            Err(Error::InvalidSkill { .. })
        ));
    }
    let mut agent = Agent::new(1.0, 0, None).unwrap();
    let mut over = Game::with_rules(Rules::square(1).unwrap()).unwrap();
    over.play_i64(0, 0, 1).unwrap();
    assert!(matches!(agent.choose(&over), Err(Error::GameOver { .. })));
    let lean = Game::with_rules_and_mode(Rules::square(3).unwrap(), Mode::Lean).unwrap();
    assert_eq!(agent.choose(&lean), Err(Error::NeedsBoard));
}

#[test]
fn a_budgeted_agent_beats_a_random_player_at_connect_four_and_gomoku() {
    for (rules, budget, games) in [
        (Rules::connect_four(), 200_000, 100),
        (Rules::gomoku(15).unwrap(), 200, 100),
    ] {
        let mut agent = Agent::new(1.0, 5, Some(budget)).unwrap();
        let mut random = Xorshift(0xC0FFEE);
        let start = std::time::Instant::now();
        let mut wins = 0;
        for round in 0..games {
            let side = if round % 2 == 0 { Player::X } else { Player::O };
            if match_up(rules, &mut agent, side, &mut random) == Some(side) {
                wins += 1;
            }
        }
        eprintln!("{rules:?}: {wins} of {games} in {:?}", start.elapsed());
        assert!(
            wins * 100 >= games * if rules.gravity() { 99 } else { 95 },
            "{rules:?}: {wins}"
        );
    }
}

/// Gomoku with exactly five: of X's two cells that complete a window of its four, the one that
/// makes six does not win and the other does. The agent takes the win; on the other side it blocks
/// the cell that wins, not the one that would only make an overline.
#[test]
fn under_exactly_five_the_agent_wins_and_blocks_only_real_fives() {
    let rules = Rules::gomoku(15).unwrap().with_exact(true);
    let threat = [(7, 3), (7, 4), (7, 5), (7, 6), (7, 8)];
    let scattered = [(0, 0), (0, 2), (0, 4), (0, 6), (0, 8), (14, 14)];
    // X to move with the threat: the win is (7, 2); (7, 7) would make six.
    let mut game = Game::with_rules(rules).unwrap();
    for (&x, &o) in threat.iter().zip(&scattered) {
        game.play(x.0, x.1, Player::X).unwrap();
        game.play(o.0, o.1, Player::O).unwrap();
    }
    let mut six = game.clone();
    assert_eq!(six.play(7, 7, Player::X), Ok(None));
    let mut agent = Agent::new(1.0, 3, Some(100_000)).unwrap();
    assert_eq!(agent.choose(&game), Ok((7, 2)));
    // O holds the threat and X must stop it, at (7, 2).
    let mut game = Game::with_rules(rules).unwrap();
    for (&x, &o) in scattered.iter().zip(&threat) {
        game.play(x.0, x.1, Player::X).unwrap();
        game.play(o.0, o.1, Player::O).unwrap();
    }
    game.play(scattered[5].0, scattered[5].1, Player::X)
        .unwrap();
    game.play(10, 10, Player::O).unwrap();
    assert_eq!(agent.choose(&game), Ok((7, 2)));
}
