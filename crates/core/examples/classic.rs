//! The classic 3x3 game: X takes the bottom row on the seventh move. The last line is the same from
//! every face (Rust, C, Python), so `make demo` can show that they agree.
//!
//! Run with `cargo run -p tictactoe-core --example classic`.

use tictactoe_core::{Error, Game, Player};

const MOVES: [(usize, usize, Player); 7] = [
    (0, 0, Player::X),
    (0, 2, Player::O),
    (2, 2, Player::X),
    (1, 1, Player::O),
    (2, 0, Player::X),
    (1, 0, Player::O),
    (2, 1, Player::X),
];

fn main() -> Result<(), Error> {
    let mut game = Game::new(3)?;
    let mut line = String::from("Rust:  ");
    for (row, col, player) in MOVES {
        let winner = game.play(row, col, player)?;
        line += &format!(" {player}({row},{col})");
        if let Some(winner) = winner {
            line += &format!(" -> {winner} wins");
        }
    }
    println!("{line}\n{game}");
    let board: String = game.to_string().replace('|', "").replace(' ', ".");
    println!(
        "final: {} after {} moves, board {}",
        game.outcome(),
        game.move_count(),
        board.replace('\n', "/")
    );
    Ok(())
}
