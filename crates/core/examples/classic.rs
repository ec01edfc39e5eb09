//! The classic 3x3 game: X takes the bottom row on the seventh move.
//!
//! Run with `cargo run -p tictactoe-core --example classic`.

use tictactoe_core::{Error, Game, Player};

fn main() -> Result<(), Error> {
    let mut game = Game::new(3)?;
    let moves = [
        (0, 0, 1),
        (0, 2, 2),
        (2, 2, 1),
        (1, 1, 2),
        (2, 0, 1),
        (1, 0, 2),
        (2, 1, 1),
    ];
    for (row, col, player) in moves {
        let winner = game.play(row, col, Player::from_number(player)?)?;
        println!(
            "move({row}, {col}, {player}) -> {}",
            winner.map_or(0, Player::number)
        );
        println!("{game}\n");
    }
    Ok(())
}
