use super::{Forced, forced};
use alloc::vec;
use tictactoe_core::{Game, Player, Rules};

fn dropped(columns: &[usize]) -> Game {
    let mut game = Game::with_rules(Rules::connect_four()).unwrap();
    for (i, &col) in columns.iter().enumerate() {
        let player = if i % 2 == 0 { Player::X } else { Player::O };
        game.drop_in(col, player).unwrap();
    }
    game
}

#[test]
fn with_gravity_a_win_a_block_and_the_cell_beneath_a_threat() {
    // X has three on the bottom row, O to move: only column 3 stops it.
    let game = dropped(&[0, 0, 1, 1, 2]);
    assert_eq!(forced(&game).unwrap(), Forced::Block(vec![(5, 3)]));
    // X to move after O's reply elsewhere: its win at once.
    let game = dropped(&[0, 0, 1, 1, 2, 6]);
    assert_eq!(forced(&game).unwrap(), Forced::Win(vec![(5, 3)]));
    // X threatens (4, 3) on the second row; O, to move, must not fill (5, 3) beneath it.
    let game = dropped(&[2, 0, 0, 1, 1, 6, 2, 6, 5]);
    let safe = vec![(3, 0), (3, 1), (3, 2), (3, 6), (4, 5), (5, 4)];
    assert_eq!(forced(&game).unwrap(), Forced::Block(safe));
}

#[test]
fn without_gravity_every_winning_cell_of_the_opponent_is_a_block_when_two() {
    let mut game = Game::with_rules(Rules::gomoku(15).unwrap()).unwrap();
    // X: an open four on row 7 (3..=6); O: three stones elsewhere; O to move.
    for (x, o) in [(3, 0), (4, 1), (5, 2), (6, 14)] {
        game.play(7, x, Player::X).unwrap();
        if x < 6 {
            game.play(0, o, Player::O).unwrap();
        }
    }
    assert_eq!(forced(&game).unwrap(), Forced::Block(vec![(7, 2), (7, 7)]));
}

#[test]
fn an_overline_is_no_win_under_exact_rules() {
    let rules = Rules::gomoku(15).unwrap().with_exact(true);
    let mut game = Game::with_rules(rules).unwrap();
    // X: 7,1..=3 and 7,5..=6: a stone on (7,4) makes six, which does not win; nothing at once.
    for (x, o) in [(1, 0), (2, 2), (3, 4), (5, 6), (6, 8)] {
        game.play(7, x, Player::X).unwrap();
        game.play(0, o, Player::O).unwrap();
    }
    assert_eq!(forced(&game).unwrap(), Forced::Open);
    // Five or more: the six wins.
    let mut free = Game::with_rules(Rules::gomoku(15).unwrap()).unwrap();
    for (r, c, p) in game.moves() {
        free.play(r, c, p).unwrap();
    }
    assert_eq!(forced(&free).unwrap(), Forced::Win(vec![(7, 4)]));
}
