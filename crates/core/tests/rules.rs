//! The rules case by case: the classic transcript, sizes, every error and its message.

use tictactoe_testkit as common;

use common::Model;
use tictactoe_core::representations::ClassicGame;
use tictactoe_core::{DecodeError, Error, FixedGame, Game, Mode, Player};

const CLASSIC: [(i64, i64, i64); 7] = [
    (0, 0, 1),
    (0, 2, 2),
    (2, 2, 1),
    (1, 1, 2),
    (2, 0, 1),
    (1, 0, 2),
    (2, 1, 1),
];

#[test]
fn classic_transcript_gives_the_classic_answers_and_boards() {
    let mut game = ClassicGame::new(3).unwrap();
    let mut model = Model::new(3, false);
    let mut answers = Vec::new();
    for (row, col, player) in CLASSIC {
        answers.push(game.play_i64(row, col, player).unwrap());
        model.play(row, col, player).unwrap();
        assert_eq!(game.to_string(), model.render());
    }
    assert_eq!(answers, [0, 0, 0, 0, 0, 0, 1]);
    assert_eq!(game.to_string(), "|X| |O|\n|O|O| |\n|X|X|X|");
    assert_eq!(game.winner(), Some(Player::X));
    assert!(game.is_over() && !game.is_draw());
    assert!(!game.can_win(Player::X) && !game.can_win(Player::O));
}

#[test]
fn sizes_outside_each_mode_are_refused() {
    for mode in [Mode::Checked, Mode::Lean] {
        let max = mode.max_n();
        assert_eq!(
            Game::with_mode(0, mode).unwrap_err(),
            Error::InvalidSize { n: 0, max }
        );
        assert_eq!(
            Game::with_mode_i64(-1, mode).unwrap_err(),
            Error::InvalidSize { n: -1, max }
        );
        assert_eq!(
            Game::with_mode_i64(i64::MIN, mode).unwrap_err(),
            Error::InvalidSize {
                n: i64::MIN.into(),
                max
            }
        );
        assert_eq!(
            Game::with_mode(max + 1, mode).unwrap_err(),
            Error::InvalidSize {
                n: max as i128 + 1,
                max
            }
        );
        // Quoted as passed, not saturated.
        assert_eq!(
            Game::with_mode(usize::MAX, mode).unwrap_err(),
            Error::InvalidSize {
                n: usize::MAX as i128,
                max
            }
        );
    }
}

#[test]
fn error_messages_say_what_was_wrong() {
    let mut game = ClassicGame::new(3).unwrap();
    let cases: Vec<(Error, &str)> = vec![
        (
            game.play_i64(0, 0, 0).unwrap_err(),
            "player 0 is invalid: it must be 1 (X) or 2 (O)",
        ),
        (
            game.play_i64(-1, 3, 1).unwrap_err(),
            "cell (-1, 3) is outside the 3x3 board: row and column must be between 0 and 2",
        ),
        (game.undo().unwrap_err(), "there is no move to undo"),
    ];
    for (err, message) in cases {
        assert_eq!(err.to_string(), message);
    }
    game.play(0, 0, Player::O).unwrap();
    assert_eq!(
        game.play(1, 0, Player::O).unwrap_err().to_string(),
        "it is X's turn, not O's"
    );
    assert_eq!(
        game.play(0, 0, Player::X).unwrap_err().to_string(),
        "cell (0, 0) is already taken by O"
    );
    let mut one = ClassicGame::new(1).unwrap();
    one.play(0, 0, Player::X).unwrap();
    assert_eq!(
        one.play(0, 0, Player::O).unwrap_err().to_string(),
        "the game is over: X has won"
    );
    let mut draw = ClassicGame::new(2).unwrap();
    draw.play_all_i64([[0, 0, 1], [0, 1, 2], [1, 1, 1]])
        .unwrap();
    assert!(draw.is_over());
    assert_eq!(
        Game::new_lean(2)
            .unwrap()
            .cell(0, 0)
            .unwrap_err()
            .to_string(),
        "a lean game keeps no board: cells, undo and drawing need a checked game"
    );
    assert_eq!(
        Error::GameOver { winner: None }.to_string(),
        "the game is over: the board is full (a draw)"
    );
    assert_eq!(
        Error::Decode(DecodeError::Truncated).to_string(),
        "not a valid encoded game: the input is truncated"
    );
}

/// X O X / X O O / O X X: a full board on which nobody holds a line.
const DRAW: [[i64; 3]; 9] = [
    [0, 0, 1],
    [0, 1, 2],
    [0, 2, 1],
    [1, 1, 2],
    [1, 0, 1],
    [1, 2, 2],
    [2, 1, 1],
    [2, 0, 2],
    [2, 2, 1],
];

#[test]
fn a_full_board_without_a_line_is_a_draw_and_refuses_more() {
    for mode in [Mode::Checked, Mode::Lean] {
        let mut game = Game::with_mode(3, mode).unwrap();
        assert_eq!(game.play_all_i64(DRAW), Ok(None));
        assert!(game.is_draw() && game.is_over());
        assert_eq!(
            game.play_i64(0, 0, 2),
            Err(Error::GameOver { winner: None })
        );
        assert_eq!(game.to_string().contains("a draw"), mode == Mode::Lean);
    }
}

#[test]
fn a_dead_draw_shows_before_the_board_is_full() {
    // The draw without its last move: every line already holds both marks, one cell still free.
    let moves = DRAW[..8].iter().copied();
    let mut game = Game::new_lean(3).unwrap();
    game.play_all_i64(moves).unwrap();
    assert!(!game.is_over());
    assert!(!game.can_win(Player::X) && !game.can_win(Player::O));
}

#[test]
fn a_winning_move_can_be_undone_and_replayed() {
    let mut game = ClassicGame::new(3).unwrap();
    for (row, col, player) in CLASSIC {
        game.play_i64(row, col, player).unwrap();
    }
    assert_eq!(game.undo(), Ok((2, 1, Player::X)));
    assert_eq!(game.winner(), None);
    assert!(game.can_win(Player::X));
    assert_eq!(
        game.play(2, 1, Player::O),
        Err(Error::WrongTurn { player: Player::O })
    );
    assert_eq!(game.play(1, 2, Player::X), Ok(None));
}

#[test]
fn reset_keeps_size_and_mode() {
    for mode in [Mode::Checked, Mode::Lean] {
        let mut game = Game::with_mode(4, mode).unwrap();
        game.play_all_i64([[0, 0, 2], [3, 3, 1]]).unwrap();
        game.reset();
        assert_eq!(game, Game::with_mode(4, mode).unwrap());
        assert_eq!((game.n(), game.mode()), (Ok(4), mode));
        assert_eq!(game.play(0, 0, Player::X), Ok(None));
    }
}

#[test]
fn lean_games_draw_a_summary_instead_of_a_board() {
    let mut game = Game::new_lean(3).unwrap();
    game.play(0, 0, Player::X).unwrap();
    assert_eq!(game.to_string(), "lean 3x3 game, 1 move");
    assert_eq!(
        Game::new_lean(2).unwrap().to_string(),
        "lean 2x2 game, 0 moves"
    );
    assert_eq!(game.undo(), Err(Error::NeedsBoard));
}

#[test]
fn fixed_and_heap_games_compare_equal_after_the_same_moves() {
    let mut fixed = FixedGame::<4>::default();
    let mut heap = ClassicGame::new(4).unwrap();
    for game_move in [(1, 2, Player::O), (0, 3, Player::X)] {
        fixed.play(game_move.0, game_move.1, game_move.2).unwrap();
        heap.play(game_move.0, game_move.1, game_move.2).unwrap();
    }
    assert_eq!(fixed, heap);
    assert_eq!(fixed.to_string(), heap.to_string());
    assert_ne!(Game::from(heap), Game::new_lean(4).unwrap());
}

/// Why `bytes` with byte `at` set to `value` does not decode.
fn decode_with(bytes: &[u8], at: usize, value: u8) -> Error {
    let mut damaged = bytes.to_vec();
    damaged[at] = value;
    Game::decode(&damaged).expect_err("damaged bytes must be refused")
}

#[test]
fn decoding_refuses_bad_headers_and_fixed_size_mismatches() {
    let mut game = ClassicGame::new(3).unwrap();
    game.play(1, 1, Player::X).unwrap();
    let bytes = game.encode();
    let with = |at, value| decode_with(&bytes, at, value);
    assert_eq!(with(0, b'X'), Error::Decode(DecodeError::NotAGame));
    assert_eq!(
        with(3, 9),
        Error::Decode(DecodeError::UnsupportedVersion(9))
    );
    assert_eq!(with(8, 7), Error::Decode(DecodeError::UnknownMode(7)));
    assert_eq!(with(4, 0), Error::Decode(DecodeError::WrongShape));
    assert!(matches!(
        with(9, 3),
        Error::Decode(DecodeError::Inconsistent(_))
    ));
    assert_eq!(
        with(18, 9),
        Error::Decode(DecodeError::IllegalMove { index: 0 })
    );
    let mut longer = bytes.clone();
    longer.push(0);
    assert_eq!(
        ClassicGame::decode(&longer),
        Err(Error::Decode(DecodeError::TrailingBytes))
    );
    assert_eq!(
        FixedGame::<4>::decode(&bytes),
        Err(Error::Decode(DecodeError::WrongShape))
    );
    assert_eq!(
        FixedGame::<3>::decode(&Game::new_lean(3).unwrap().encode()),
        Err(Error::Decode(DecodeError::WrongShape))
    );
    let mut small = [0u8; 4];
    assert_eq!(
        game.encode_into(&mut small),
        Err(Error::BufferTooSmall {
            needed: bytes.len()
        })
    );
}

#[test]
fn decoding_refuses_lean_counters_that_play_cannot_produce() {
    let mut game = Game::new_lean(3).unwrap();
    game.play(0, 0, Player::X).unwrap();
    let bytes = game.encode();
    // The lines start at byte 10: row 0's X count, then O count, and so on.
    for (at, value) in [(10, 0), (10, 4), (14, 1), (9, 2), (9, 0)] {
        assert!(
            matches!(
                decode_with(&bytes, at, value),
                Error::Decode(DecodeError::Inconsistent(_))
            ),
            "byte {at} = {value}"
        );
    }
}

/// A 12 x 12 draw: X where `(row / 2 + col)` is even, so no row, column or diagonal is one player's;
/// X's and O's cells interleaved, X first. 144 moves: more than a checked history's first room.
fn long_draw() -> Vec<[i64; 3]> {
    let cells = |x: bool| {
        (0..12i64).flat_map(move |r| {
            (0..12i64)
                .filter(move |c| ((r / 2 + c) % 2 == 0) == x)
                .map(move |c| (r, c))
        })
    };
    cells(true)
        .zip(cells(false))
        .flat_map(|((xr, xc), (or, oc))| [[xr, xc, 1], [or, oc, 2]])
        .collect()
}

#[test]
fn a_history_that_outgrows_its_first_room_grows_and_takes_back_exactly() {
    let moves = long_draw();
    let mut game = ClassicGame::new(12).unwrap();
    let mut model = Model::new(12, false);
    // Every position compared with the model natively; under Miri, which runs the same code thousands
    // of times slower, every 24th (the move that grows the history among them) and the last.
    let compared = |k: usize| !cfg!(miri) || k.is_multiple_of(24) || k + 1 == moves.len();
    for (k, &[r, c, p]) in moves.iter().enumerate() {
        assert_eq!(game.play_i64(r, c, p), model.play(r, c, p));
        if compared(k) {
            common::assert_agrees(&game, &model);
        }
    }
    assert!(game.is_draw());
    for k in 0..moves.len() {
        assert_eq!(game.undo(), model.undo());
        if compared(k) {
            common::assert_agrees(&game, &model);
        }
    }
    assert_eq!(game, ClassicGame::new(12).unwrap());

    // A lean batch records six words a move (the cell and the four tallies it replaces) so that it
    // can take them back: 144 moves, past the record's first room, then a refused one, and the game
    // is as it was.
    let mut lean = Game::new_lean(12).unwrap();
    lean.play_i64(0, 0, 1).unwrap();
    lean.undo().unwrap_err();
    let before = lean.clone();
    let mut batch = moves.clone();
    batch.remove(0);
    batch.push([0, 0, 2]);
    let err = lean.play_all_i64(batch.iter().copied()).unwrap_err();
    assert_eq!(err.index, batch.len() - 1);
    common::assert_unchanged(&lean, &before);
    assert_eq!(
        lean.play_all_i64(batch[..batch.len() - 1].iter().copied()),
        Ok(None)
    );
    assert!(lean.is_draw());
}

/// A buffer one byte short is refused for every board (classic, lean, both family boards), with
/// the length it needs, and left as it was; the exact length is written whole and reads back.
#[test]
fn a_short_encoding_buffer_is_refused_and_left_untouched() {
    use tictactoe_core::Rules;
    let mut games = [
        Game::new(3).unwrap(),
        Game::new_lean(4).unwrap(),
        Game::with_rules(Rules::connect_four()).unwrap(),
        Game::with_rules(Rules::gomoku(15).unwrap()).unwrap(),
    ];
    for game in &mut games {
        // The bottom row: a landing cell with gravity too.
        let bottom = game.rules().rows() - 1;
        game.play(bottom, 2, Player::X).unwrap();
        let needed = game.encode().len();
        let mut short = vec![0xA5u8; needed - 1];
        assert_eq!(
            game.encode_into(&mut short),
            Err(Error::BufferTooSmall { needed }),
            "{game:?}"
        );
        assert!(short.iter().all(|&b| b == 0xA5), "{game:?}");
        let mut exact = vec![0u8; needed];
        assert_eq!(game.encode_into(&mut exact), Ok(needed));
        assert_eq!(Game::decode(&exact).as_ref(), Ok(&*game));
    }
}
