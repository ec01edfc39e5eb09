//! The dial as a difficulty curve: the Agent at each skill plays a fixed middle player (skill
//! 0.5), half its games first and half second, each game on its own seeds; printed per skill:
//! won / drawn / lost, the score (a draw counts half) and the dialled agent's time a move.
//!
//!     tictactoe-bench dial RULES GAMES MAX_NODES SKILL...
//!
//! And the Agent at full skill against itself (`selfplay`), each game on its own pair of seeds,
//! from the empty board: free-style gomoku is a first-player win, so the stronger the search,
//! the more often X wins.
//!
//!     tictactoe-bench selfplay RULES GAMES MAX_NODES

use std::time::Instant;

use tictactoe_core::{Game, Player, Rules};
use tictactoe_solve::Agent;

use crate::args::fail;

/// The skill every other plays against.
const MIDDLE: f64 = 0.5;

/// `RULES` as `connect-four`, `gomoku` (15 x 15, five or more) or `ROWSxCOLSxK` (gravity).
fn rules_named(name: &str) -> Rules {
    match name {
        "connect-four" => Rules::connect_four(),
        "gomoku" => Rules::gomoku(15).expect("15 x 15"),
        other => crate::args::rules_of(other),
    }
}

/// One game: whether the dialled agent won (`None` a draw), the plies and its seconds a move.
fn play(
    rules: Rules,
    dialled: &mut Agent,
    middle: &mut Agent,
    first: bool,
) -> (Option<bool>, u64, Vec<f64>) {
    let mut game = Game::with_rules(rules).expect("the rules");
    let mut times = Vec::new();
    while !game.is_over() {
        let ours = game.move_count().is_multiple_of(2) == first;
        let start = Instant::now();
        let (row, col) = if ours {
            dialled.choose(&game)
        } else {
            middle.choose(&game)
        }
        .expect("a move");
        if ours {
            times.push(start.elapsed().as_secs_f64());
        }
        let mover = game.last_player().map_or(Player::X, Player::other);
        game.play(row, col, mover).expect("a legal move");
    }
    let us = if first { Player::X } else { Player::O };
    (game.winner().map(|w| w == us), game.move_count(), times)
}

pub(crate) fn run(args: &[String]) {
    let [rules, games, nodes, skills @ ..] = args else {
        eprintln!("usage: tictactoe-bench dial RULES GAMES MAX_NODES SKILL...");
        std::process::exit(2);
    };
    let rules = rules_named(rules);
    let (games, nodes) = (number(games, "GAMES"), number(nodes, "MAX_NODES"));
    for skill in skills {
        let skill: f64 = skill
            .parse()
            .ok()
            .filter(|s| (0.0..=1.0).contains(s))
            .unwrap_or_else(|| fail(&format!("SKILL is from 0 to 1, not {skill:?}")));
        let (mut won, mut drawn, mut lost) = (0, 0, 0);
        let mut times = Vec::new();
        for g in 0..games {
            let mut dialled = Agent::new(skill, 2 * g + 1, Some(nodes)).expect("skill");
            let mut middle = Agent::new(MIDDLE, 2 * g + 2, Some(nodes)).expect("skill");
            let (result, _, t) = play(rules, &mut dialled, &mut middle, g.is_multiple_of(2));
            times.extend(t);
            match result {
                Some(true) => won += 1,
                None => drawn += 1,
                Some(false) => lost += 1,
            }
        }
        let (median, worst) = median_and_worst(&mut times);
        println!(
            "skill {skill:.2} vs {MIDDLE:.2}: won {won}, drawn {drawn}, lost {lost} of {games}; \
             score {:.1}%; its move: median {:.1} ms, worst {:.1} ms",
            100.0 * (f64::from(won) + f64::from(drawn) / 2.0) / games as f64,
            median * 1e3,
            worst * 1e3
        );
    }
}

/// The median and the longest of `times` (sorted in place), in seconds; 0 for none.
fn median_and_worst(times: &mut [f64]) -> (f64, f64) {
    times.sort_by(f64::total_cmp);
    let median = times.get(times.len() / 2).copied().unwrap_or(0.0);
    (median, times.last().copied().unwrap_or(0.0))
}

/// A whole number argument named `name`, or a message and exit code 2.
fn number(text: &str, name: &str) -> u64 {
    text.parse()
        .unwrap_or_else(|_| fail(&format!("{name} is a whole number, not {text:?}")))
}

/// `selfplay RULES GAMES MAX_NODES`: the tally of X's wins, draws and O's wins, the plies of each
/// game X did not win, and X's time a move.
pub(crate) fn selfplay(args: &[String]) {
    let [rules, games, nodes] = args else {
        eprintln!("usage: tictactoe-bench selfplay RULES GAMES MAX_NODES");
        std::process::exit(2);
    };
    let rules = rules_named(rules);
    let (games, nodes) = (number(games, "GAMES"), number(nodes, "MAX_NODES"));
    let (mut won, mut drawn, mut not_won) = (0, 0, Vec::new());
    let mut times = Vec::new();
    for g in 0..games {
        let mut x = Agent::new(1.0, 2 * g, Some(nodes)).expect("skill");
        let mut o = Agent::new(1.0, 2 * g + 1, Some(nodes)).expect("skill");
        let (result, plies, t) = play(rules, &mut x, &mut o, true);
        times.extend(t);
        match result {
            Some(true) => won += 1,
            None => drawn += 1,
            Some(false) => {}
        }
        if result != Some(true) {
            not_won.push((g, plies));
        }
    }
    let (median, worst) = median_and_worst(&mut times);
    println!(
        "selfplay, {nodes} nodes: X won {won}, drawn {drawn}, O won {} of {games}; \
         X did not win (game, plies): {not_won:?}; X's move: median {:.1} ms, worst {:.1} ms",
        games - won - drawn,
        median * 1e3,
        worst * 1e3
    );
}
