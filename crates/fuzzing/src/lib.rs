//! The fuzz targets' bodies. Each reads its input as a little program of calls and panics on any
//! disagreement with the brute-force model or with the contract, so that libFuzzer (through `fuzz/`)
//! and the stable replay test (`tests/corpus.rs`) report the same failures.

mod abi;

pub use abi::ffi;
use tictactoe_core::representations::ClassicGame;
use tictactoe_core::{FixedGame, Game, Mode, Player};
use tictactoe_testkit::{
    Hostility, Model, assert_agrees, check_batch, check_hostile_batch, check_raw_move,
};

/// Reads bytes one at a time; the program ends where the input does.
struct Input<'a> {
    data: &'a [u8],
}

impl Input<'_> {
    fn byte(&mut self) -> Option<u8> {
        let (&first, rest) = self.data.split_first()?;
        self.data = rest;
        Some(first)
    }

    /// A game and its model from the first two bytes: `n` from 1 to `largest`, lean or checked.
    fn game(&mut self, largest: u8) -> Option<(usize, bool, Game, Model)> {
        let (size, flags) = (self.byte()?, self.byte()?);
        let n = 1 + usize::from(size % largest);
        let lean = flags & 1 == 1;
        let mode = if lean { Mode::Lean } else { Mode::Checked };
        let game = Game::with_mode(n, mode).expect("a small game");
        Some((n, lean, game, Model::new(n, lean)))
    }
}

/// A coordinate for an `n x n` board: mostly -1..=n, sometimes an extreme value.
fn coordinate(b: u8, n: usize) -> i64 {
    const EXTREMES: [i64; 6] = [i64::MIN, i64::MAX, -1, u32::MAX as i64, 1 << 32, -(1 << 32)];
    if b >= 250 {
        EXTREMES[usize::from(b - 250)]
    } else {
        i64::from(b) % (n as i64 + 2) - 1
    }
}

/// A player number: mostly the one due (so games progress), sometimes the wrong one or nonsense.
fn player(b: u8, last: Option<Player>) -> i64 {
    const ODD: [i64; 6] = [0, 3, -1, i64::MIN, i64::MAX, 256 + 1];
    let due = last.map_or(Player::X, Player::other);
    match b {
        0..200 => due.number().into(),
        200..220 => due.other().number().into(),
        _ => ODD[usize::from(b - 220) % ODD.len()],
    }
}

/// The whole-state comparison (every cell, the drawing, the move list) runs once every this many
/// calls and at the end; every answer is still checked call by call.
const FULL_CHECK_EVERY: usize = 16;

/// Drives a game in either mode with arbitrary calls, checking every answer against the model.
pub fn ops(data: &[u8]) {
    let mut input = Input { data };
    let Some((n, lean, mut game, mut model)) = input.game(7) else {
        return;
    };
    let mut calls = 0;
    while let Some(op) = input.byte() {
        match op % 8 {
            0..=3 => {
                let (Some(r), Some(c), Some(p)) = (input.byte(), input.byte(), input.byte()) else {
                    return;
                };
                let (row, col) = (coordinate(r, n), coordinate(c, n));
                let p = player(p, model.last_player());
                check_raw_move(&mut game, &mut model, row, col, p);
            }
            4 => {
                let expected = model.undo();
                assert_eq!(game.undo(), expected);
            }
            5 => {
                game.reset();
                model = Model::new(n, lean);
            }
            6 => {
                let count = input.byte().map_or(0, |b| usize::from(b % 5));
                let mut left = count;
                check_batch(&mut game, &mut model, |last| {
                    left = left.checked_sub(1)?;
                    let (r, c, p) = (input.byte()?, input.byte()?, input.byte()?);
                    Some([coordinate(r, n), coordinate(c, n), player(p, last)])
                });
            }
            _ => {
                let back = Game::decode(&game.encode()).expect("an encoding reads back");
                assert_eq!(back, game);
                game = back;
            }
        }
        calls += 1;
        if calls % FULL_CHECK_EVERY == 0 {
            assert_agrees(&game, &model);
        } else {
            assert_eq!(game.move_count(), model.moves.len() as u64);
            assert_eq!(game.last_player(), model.last_player());
        }
    }
    assert_agrees(&game, &model);
}

/// Batches through hostile iterators (a panic at a chosen item, a lying size hint) and plain ones:
/// every batch is all or nothing, and the game agrees with the model after each.
pub fn batch(data: &[u8]) {
    let mut input = Input { data };
    let Some((n, _, mut game, mut model)) = input.game(5) else {
        return;
    };
    while let (Some(kind), Some(count)) = (input.byte(), input.byte()) {
        let mut moves = Vec::new();
        let mut last = model.last_player();
        for _ in 0..count % 8 {
            let (Some(r), Some(c), Some(p)) = (input.byte(), input.byte(), input.byte()) else {
                break;
            };
            let p = player(p, last);
            if let Ok(mover) = Player::from_number(p) {
                last = Some(mover);
            }
            moves.push([coordinate(r, n), coordinate(c, n), p]);
        }
        let hostility = match kind % 4 {
            0 | 1 => Hostility::Plain,
            2 => Hostility::PanicAt(usize::from(kind >> 2) % (moves.len() + 1)),
            _ => Hostility::LyingHint([0, 1, usize::MAX][usize::from(kind >> 2) % 3]),
        };
        check_hostile_batch(&mut game, &mut model, moves, hostility);
        assert_agrees(&game, &model);
    }
}

/// Decodes arbitrary bytes: never a panic, and an accepted input is a consistent game.
pub fn decode(data: &[u8]) {
    // A few header bytes can ask for a board of up to a gigabyte, legitimately: allocating one per
    // input would leave no time for anything else. Sizes past 256 take the same code paths.
    if let Some(n) = data.get(4..8)
        && u32::from_le_bytes(n.try_into().expect("four bytes")) > 256
    {
        return;
    }
    if data.get(3) == Some(&3) {
        return decode_family(data);
    }
    let fixed = FixedGame::<3>::decode(data);
    let Ok(game) = Game::decode(data) else {
        assert!(
            fixed.is_err(),
            "a fixed board accepted what a heap board refused"
        );
        return;
    };
    // The format is canonical: the game encodes back to exactly its input.
    assert_eq!(game.encode(), data);
    if let Ok(fixed) = fixed {
        let classic = ClassicGame::try_from(game.clone()).expect("a 3 x 3 checked game");
        assert_eq!(fixed, classic);
    }
    match game.mode() {
        Mode::Checked => {
            let mut model = Model::new(game.rules().rows(), false);
            for (r, c, p) in game.moves() {
                assert!(model.play(r as i64, c as i64, p.number().into()).is_ok());
            }
            assert_agrees(&game, &model);
        }
        Mode::Lean => {
            // No board to compare with: the queries must at least agree with each other.
            assert_eq!(game.is_draw(), game.is_over() && game.winner().is_none());
            if game.is_over() {
                assert!(!game.can_win(Player::X) && !game.can_win(Player::O));
            }
            let mut copy = game.clone();
            let n = game.rules().rows() as i64;
            let _ = copy.play_i64(n - 1, 0, 1);
            let _ = copy.play_i64(0, n - 1, 2);
        }
    }
}

/// [`decode`] for the family's format (version 3): an accepted input is canonical and replays on
/// the scanning model.
fn decode_family(data: &[u8]) {
    use tictactoe_core::Game;
    use tictactoe_testkit::family::KModel;

    if data
        .get(8..12)
        .is_some_and(|cols| u32::from_le_bytes(cols.try_into().expect("four bytes")) > 256)
    {
        return;
    }
    let Ok(game) = Game::decode(data) else {
        return;
    };
    assert_eq!(game.encode(), data);
    let rules = game.rules();
    assert!(
        !rules.is_classic(),
        "the classic game is written as version 2"
    );
    let mut model = KModel::new(rules.rows(), rules.cols(), rules.k(), rules.gravity());
    for (r, c, p) in game.moves() {
        assert!(model.play(r as i64, c as i64, p.number().into()).is_ok());
    }
    assert_eq!(game.to_string(), model.render());
    assert_eq!(game.winner(), model.winner());
}

/// Any rules of the family from the input's first four bytes (sides 1 to 9, every k, gravity or
/// not), then arbitrary calls (moves, drops, undo, reset, batches, encode and decode), each answer
/// checked against the scanning model and the whole board every few calls.
pub fn family(data: &[u8]) {
    use tictactoe_core::{Game, Rules};
    use tictactoe_testkit::family::KModel;

    let mut input = Input { data };
    let (Some(r), Some(c), Some(k), Some(flags)) =
        (input.byte(), input.byte(), input.byte(), input.byte())
    else {
        return;
    };
    let (rows, cols) = (1 + usize::from(r % 9), 1 + usize::from(c % 9));
    let k = 1 + usize::from(k) % rows.max(cols);
    let gravity = flags & 1 == 1;
    let rules = Rules::new(rows, cols, k, gravity).expect("rules of the family");
    let mut game = Game::with_rules(rules).expect("a small game");
    let mut model = KModel::new(rows, cols, k, gravity);
    let side = rows.max(cols);
    let mut calls = 0;
    while let Some(op) = input.byte() {
        let before = game.clone();
        match op % 8 {
            0..=2 => {
                let (Some(r), Some(c), Some(p)) = (input.byte(), input.byte(), input.byte()) else {
                    return;
                };
                let (row, col, p) = (
                    coordinate(r, side),
                    coordinate(c, side),
                    player(p, model.last_player()),
                );
                let got = game.play_i64(row, col, p);
                assert_eq!(got, model.play(row, col, p));
                if got.is_err() {
                    assert_eq!(game, before, "a refused move changed the game");
                }
            }
            3 | 4 => {
                let (Some(c), Some(p)) = (input.byte(), input.byte()) else {
                    return;
                };
                let (col, p) = (coordinate(c, side), player(p, model.last_player()));
                let got = game.drop_i64(col, p);
                assert_eq!(got, model.drop(col, p));
                if got.is_err() {
                    assert_eq!(game, before, "a refused drop changed the game");
                }
            }
            5 => assert_eq!(game.undo(), model.undo()),
            6 => {
                let count = input.byte().map_or(0, |b| usize::from(b % 5));
                let mut moves = Vec::new();
                let mut trial = model.clone();
                let mut refused = None;
                for index in 0..count {
                    let (Some(r), Some(c), Some(p)) = (input.byte(), input.byte(), input.byte())
                    else {
                        break;
                    };
                    let m = [
                        coordinate(r, side),
                        coordinate(c, side),
                        player(p, trial.last_player()),
                    ];
                    if refused.is_none() && trial.play(m[0], m[1], m[2]).is_err() {
                        refused = Some(index);
                    }
                    moves.push(m);
                }
                let got = game.play_all_i64(moves);
                match refused {
                    Some(index) => {
                        assert_eq!(got.map_err(|e| e.index), Err(index));
                        assert_eq!(game, before, "a refused batch changed the game");
                    }
                    None => {
                        assert!(got.is_ok());
                        model = trial;
                    }
                }
            }
            _ => {
                let back = Game::decode(&game.encode()).expect("an encoding reads back");
                assert_eq!(back, game);
                game = back;
            }
        }
        calls += 1;
        assert_eq!(game.winner(), model.winner());
        assert_eq!(game.move_count(), model.moves.len() as u64);
        if calls % FULL_CHECK_EVERY == 0 {
            for p in [Player::X, Player::O] {
                assert_eq!(game.can_win(p), model.can_win(p));
            }
            assert_eq!(game.to_string(), model.render());
        }
    }
    assert_eq!(game.is_over(), model.is_over());
    assert_eq!(game.to_string(), model.render());
}
