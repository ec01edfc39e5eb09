//! The search alone, no book, one thread, on sets of random positions: the nodes, a checksum of
//! the answers and the time, for comparing two builds of the search (the nodes and checksum must
//! match; the time is the comparison). Usage:
//! `tictactoe-bench solver-set LOW HIGH COUNT [connect-four | c4-5x6 | k4-5x5]`: COUNT positions
//! of LOW to HIGH stones from random play, each solved on a cleared table of 2^22 entries. With
//! `VALUE_ONLY` set, each is asked only whether it is won, drawn or lost (`Solver::value`).

use std::time::Instant;

use tictactoe_bench::Rng;
use tictactoe_core::{Game, Player, Rules};
use tictactoe_solve::Solver;

pub fn run(args: &[String]) {
    let number = |i: usize| -> u64 {
        args.get(i)
            .and_then(|a| a.parse().ok())
            .expect("LOW HIGH COUNT")
    };
    let (low, high, count) = (number(0), number(1), number(2) as usize);
    let rules = match args.get(3).map(String::as_str) {
        Some("c4-5x6") => Rules::new(5, 6, 4, true),
        Some("k4-5x5") => Rules::new(5, 5, 4, false),
        _ => Ok(Rules::connect_four()),
    }
    .expect("rules");
    let mut rng = Rng::new(0x1234_5678_9abc_def1);
    let mut solver = Solver::new(22).expect("a table");
    solver.use_book(false);
    let (mut nodes, mut checksum, mut seconds, mut done) = (0u64, 0i64, 0f64, 0);
    while done < count {
        let stones = low + rng.next_u64() % (high - low + 1);
        let mut game = Game::with_rules(rules).expect("a game");
        let mut player = Player::X;
        for _ in 0..stones {
            let Ok(legal) = game.legal_actions() else {
                break;
            };
            if legal.is_empty() {
                break;
            }
            let action = legal[(rng.next_u64() % legal.len() as u64) as usize];
            let _ = if rules.gravity() {
                game.drop_in(action, player)
            } else {
                game.play(action / rules.cols(), action % rules.cols(), player)
            };
            player = player.other();
        }
        if game.is_over() {
            continue;
        }
        solver.clear();
        let before = solver.stats().0;
        let start = Instant::now();
        // A budget no search reaches keeps the solve on one thread.
        let s = if std::env::var_os("VALUE_ONLY").is_some() {
            let value = solver.value(&game, Some(u64::MAX - 1)).expect("solved");
            tictactoe_solve::Solution { value, plies: 0 }
        } else {
            solver.solve(&game, Some(u64::MAX - 1)).expect("solved")
        };
        seconds += start.elapsed().as_secs_f64();
        nodes += solver.stats().0 - before;
        checksum = checksum
            .wrapping_mul(31)
            .wrapping_add(i64::from(s.value) * 100 + i64::from(s.plies));
        done += 1;
    }
    println!("positions {count} nodes {nodes} checksum {checksum} time {seconds:.3}s");
}
