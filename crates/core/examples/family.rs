//! Two games of the family: Connect Four (X wins on the diagonal) and gomoku on a 15 x 15 board (O
//! makes five in a column). The last line is the same from every face (Rust, C, Python), so
//! `make demo` can show that they agree.
//!
//! Run with `cargo run -p tictactoe-core --example family`.

use tictactoe_core::{Error, Game, Rules};

/// Connect Four, by column: X and O alternate, X first.
const DROPS: [i64; 11] = [0, 1, 1, 2, 2, 3, 2, 3, 3, 6, 3];
/// Gomoku, (row, col): X and O alternate, X first.
const STONES: [(i64, i64); 10] = [
    (0, 0),
    (7, 7),
    (0, 2),
    (8, 7),
    (0, 4),
    (9, 7),
    (0, 6),
    (10, 7),
    (14, 14),
    (11, 7),
];

fn main() -> Result<(), Error> {
    let mut four = Game::with_rules(Rules::connect_four())?;
    for (i, &col) in DROPS.iter().enumerate() {
        four.drop_i64(col, 1 + (i % 2) as i64)?;
    }
    println!(
        "Connect Four (Rust): {} after {} drops\n{four}",
        four.outcome(),
        four.move_count()
    );
    let mut gomoku = Game::with_rules(Rules::gomoku(15)?)?;
    for (i, &(row, col)) in STONES.iter().enumerate() {
        gomoku.play_i64(row, col, 1 + (i % 2) as i64)?;
    }
    println!(
        "Gomoku 15x15 (Rust): {} after {} stones",
        gomoku.outcome(),
        gomoku.move_count()
    );
    println!(
        "final: Connect Four {} in {}, gomoku {} in {}",
        four.outcome(),
        four.move_count(),
        gomoku.outcome(),
        gomoku.move_count()
    );
    Ok(())
}
