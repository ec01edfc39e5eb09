//! Builds the opening book of 7 x 6 Connect Four (`make exact-book`): every position of exactly `depth`
//! stones solved by the engine's search (the book itself off), the shallower ones by minimax over
//! their children, each kept once under the smaller key of itself and its mirror image; then a
//! sample of the solved positions solved again on a fresh solver, which must agree. Deterministic:
//! the same depth writes the same file.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::time::Instant;

use tictactoe_core::{Game, Player, Rules, Solver};

const COLS: usize = 7;
const ROWS: u32 = 6;

/// A position reached by dropping `cols` in turn, X first: its key and a game of it.
struct Reached {
    key: (u64, u64),
    cols: Vec<usize>,
}

/// The book's key of the position after `cols`, as the core's book reads it.
fn key_of(cols: &[usize]) -> (u64, u64) {
    Solver::book_key(&game_of(cols)).expect("a Connect Four position")
}

fn game_of(cols: &[usize]) -> Game {
    let mut game = Game::with_rules(Rules::connect_four()).expect("Connect Four");
    for (i, &col) in cols.iter().enumerate() {
        let player = if i % 2 == 0 { Player::X } else { Player::O };
        game.drop_in(col, player).expect("a legal drop");
    }
    game
}

/// Every position of `depth` stones none of whose drops ended the game, one a key, by key.
fn positions(depth: usize) -> Vec<Reached> {
    let mut found = BTreeMap::new();
    let mut stack = vec![Vec::new()];
    while let Some(cols) = stack.pop() {
        if cols.len() == depth {
            found.entry(key_of(&cols)).or_insert(cols);
            continue;
        }
        let game = game_of(&cols);
        let player = if cols.len() % 2 == 0 {
            Player::X
        } else {
            Player::O
        };
        for col in 0..COLS {
            let mut next = game.clone();
            if next.drop_in(col, player) == Ok(None) {
                let mut longer = cols.clone();
                longer.push(col);
                stack.push(longer);
            }
        }
    }
    found
        .into_iter()
        .map(|(key, cols)| Reached { key, cols })
        .collect()
}

/// The book's score of the position after `cols`, solved by the search.
fn solve(solver: &mut Solver, cols: &[usize]) -> i64 {
    let game = game_of(cols);
    let solved = solver.solve(&game, None).expect("a position in play");
    Solver::book_score(&game, solved)
}

/// Solves the positions of `depth` stones, scores the shallower ones, checks a sample and writes
/// the book's source to `out`.
pub(crate) fn build(depth: usize, out: &str) {
    assert!(
        depth <= 6,
        "no position of fewer than 7 stones is won: deeper books need wins"
    );
    let mut solver = Solver::new(24).expect("a table of 2^24 positions");
    solver.use_book(false);
    let mut scores: BTreeMap<(u64, u64), i64> = BTreeMap::new();
    let deepest = positions(depth);
    let start = Instant::now();
    for (k, p) in deepest.iter().enumerate() {
        let score = solve(&mut solver, &p.cols);
        scores.insert(p.key, score);
        eprintln!(
            "{}/{} {:?}: {score} ({:.0} s so far)",
            k + 1,
            deepest.len(),
            p.cols,
            start.elapsed().as_secs_f64()
        );
    }
    for shallower in (0..depth).rev() {
        for p in positions(shallower) {
            // No drop of a position this shallow wins: each child is in the book.
            let heights = heights(&p.cols);
            let best = (0..COLS)
                .filter(|&col| heights[col] < ROWS)
                .map(|col| {
                    let mut child = p.cols.clone();
                    child.push(col);
                    -scores[&key_of(&child)]
                })
                .max()
                .expect("an open column");
            scores.insert(p.key, best);
        }
    }
    // Solved again on a fresh solver: every fifth position of the deepest, in key order.
    let mut fresh = Solver::new(22).expect("a table of 2^22 positions");
    fresh.use_book(false);
    for p in deepest.iter().step_by(5) {
        assert_eq!(solve(&mut fresh, &p.cols), scores[&p.key], "{:?}", p.cols);
    }
    let mut text = String::from(
        "// Written by `make exact-book` (crates/bench/src/book.rs): do not edit.\n\
         /// The book holds every position of at most this many stones.\n",
    );
    writeln!(text, "pub(crate) const DEPTH: u32 = {depth};").unwrap();
    text.push_str(
        "/// (the mover's stones, the other player's stones, the exact score for the mover), by key.\n\
         pub(super) const ENTRIES: &[(u64, u64, i8)] = &[\n",
    );
    for ((mine, theirs), score) in &scores {
        writeln!(text, "    ({mine:#x}, {theirs:#x}, {score}),").unwrap();
    }
    text.push_str("];\n");
    std::fs::write(out, text).expect("write the book");
    eprintln!(
        "{} positions ({} solved) in {:.0} s",
        scores.len(),
        deepest.len(),
        start.elapsed().as_secs_f64()
    );
}

fn heights(cols: &[usize]) -> [u32; COLS] {
    let mut heights = [0; COLS];
    for &col in cols {
        heights[col] += 1;
    }
    heights
}
