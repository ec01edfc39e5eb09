//! The core met by a hostile caller: batch iterators that change between passes, lie about their
//! length or panic halfway; error values with any fields; lean encodings no game can reach; numbers
//! too large for the message to quote saturated. Each case here once broke the engine.

use std::cell::RefCell;
use std::rc::Rc;

use proptest::prelude::*;
use tictactoe_core::{DecodeError, Error, Game, Mode, Player};
use tictactoe_testkit::{Hostility, Model, assert_agrees, assert_unchanged, check_hostile_batch};

/// An iterator whose clones share one cursor: a second pass over a clone sees different moves (or
/// none), as with any iterator over shared state.
#[derive(Clone)]
struct SharedCursor {
    moves: Rc<Vec<[i64; 3]>>,
    at: Rc<RefCell<usize>>,
}

impl Iterator for SharedCursor {
    type Item = [i64; 3];
    fn next(&mut self) -> Option<[i64; 3]> {
        let mut at = self.at.borrow_mut();
        let item = self.moves.get(*at).copied();
        *at += 1;
        item
    }
}

#[test]
fn a_refused_batch_takes_back_exactly_what_it_applied_whatever_a_second_pass_would_see() {
    for mode in [Mode::Checked, Mode::Lean] {
        let mut game = Game::with_mode(3, mode).unwrap();
        game.play(2, 2, Player::O).unwrap();
        let before = game.clone();
        // The third move is refused (X twice); a clone started afresh would replay other cells.
        let moves = SharedCursor {
            moves: Rc::new(vec![[0, 0, 1], [1, 1, 2], [0, 1, 2], [2, 0, 1]]),
            at: Rc::new(RefCell::new(0)),
        };
        let err = game.play_all_i64(moves).unwrap_err();
        assert_eq!(err.index, 2);
        assert_unchanged(&game, &before);
        // The game still plays on and its encoding still reads back.
        assert_eq!(game.play(0, 0, Player::X), Ok(None));
        assert_eq!(Game::decode(&game.encode()).unwrap(), game);
    }
}

#[test]
fn a_panic_inside_the_iterator_leaves_the_game_unchanged() {
    for mode in [Mode::Checked, Mode::Lean] {
        let mut game = Game::with_mode(4, mode).unwrap();
        game.play(3, 3, Player::O).unwrap();
        let mut model = Model::new(4, mode == Mode::Lean);
        model.play(3, 3, 2).unwrap();
        let moves = vec![[0, 0, 1], [1, 1, 2], [0, 1, 1], [1, 0, 2]];
        check_hostile_batch(&mut game, &mut model, moves, Hostility::PanicAt(3));
        assert_eq!(game.move_count(), 1);
    }
}

#[test]
fn every_error_variant_displays_without_panicking_at_the_extremes() {
    let extremes_i128 = [i128::MIN, -1, 0, 1, i128::MAX];
    let extremes_usize = [0, 1, usize::MAX];
    for &n in &extremes_usize {
        for &row in &extremes_i128 {
            let text = Error::OutOfRange {
                row,
                col: row,
                rows: n,
                cols: n,
            }
            .to_string();
            assert!(text.contains(&row.to_string()), "{text}");
        }
        for &max in &extremes_usize {
            let _ = Error::InvalidSize { n: n as i128, max }.to_string();
        }
        let _ = Error::OutOfMemory { rows: n, cols: n }.to_string();
        let _ = Error::BufferTooSmall { needed: n }.to_string();
        for by in [Player::X, Player::O] {
            let _ = Error::Occupied { row: n, col: n, by }.to_string();
        }
    }
    assert_eq!(
        Error::OutOfRange {
            row: 0,
            col: 0,
            rows: 0,
            cols: 0
        }
        .to_string(),
        "cell (0, 0) is outside the board, which has no cells"
    );
}

#[test]
fn numbers_are_quoted_as_passed_not_saturated() {
    let mut game = Game::new(3).unwrap();
    let err = game.play(usize::MAX, 0, Player::X).unwrap_err();
    assert_eq!(
        err,
        Error::OutOfRange {
            row: usize::MAX as i128,
            col: 0,
            rows: 3,
            cols: 3
        }
    );
    assert!(err.to_string().contains(&usize::MAX.to_string()));
    let err = Game::new(usize::MAX).unwrap_err();
    assert!(err.to_string().contains(&usize::MAX.to_string()), "{err}");
}

/// The bytes of a lean game from its header fields, its move count and its lines' tallies.
fn lean_bytes(n: u32, last: u8, moves: u64, tallies: &[u32]) -> Vec<u8> {
    let mut bytes = b"TTT\x02".to_vec();
    bytes.extend(n.to_le_bytes());
    bytes.extend([1, last]);
    bytes.extend(moves.to_le_bytes());
    for &tally in tallies {
        bytes.extend(tally.to_le_bytes());
    }
    bytes
}

/// A line's tally: X's marks minus O's, times four, and a bit for each player who marked it.
fn tally(x: i32, o: i32) -> u32 {
    (((x - o) * 4) as u32) | u32::from(x > 0) | (u32::from(o > 0) << 1)
}

#[test]
fn lean_decoding_refuses_a_diagonal_mark_where_no_row_and_column_cross() {
    // n = 2: one X, in row 0 and column 1, which is (0, 1): on the anti-diagonal, not the main one.
    let (one, none) = (tally(1, 0), tally(0, 0));
    let lines = [one, none, none, one];
    let on_main = [lines.as_slice(), &[one, none]].concat();
    assert!(matches!(
        Game::decode(&lean_bytes(2, 1, 1, &on_main)),
        Err(Error::Decode(DecodeError::Inconsistent(_)))
    ));
    let on_anti = [lines.as_slice(), &[none, one]].concat();
    let game = Game::decode(&lean_bytes(2, 1, 1, &on_anti)).unwrap();
    let mut played = Game::new_lean(2).unwrap();
    played.play(0, 1, Player::X).unwrap();
    assert_eq!(game, played);
}

#[test]
fn lean_decoding_refuses_tallies_that_disagree_with_their_bits_or_the_move_count() {
    // n = 2 after X at (0, 1) and O at (1, 0): each row and column holds one mark.
    let (x, o, none) = (tally(1, 0), tally(0, 1), tally(0, 0));
    let good = [x, o, o, x, none, tally(1, 1)];
    let game = Game::decode(&lean_bytes(2, 2, 2, &good)).unwrap();
    let mut played = Game::new_lean(2).unwrap();
    played.play(0, 1, Player::X).unwrap();
    played.play(1, 0, Player::O).unwrap();
    assert_eq!(game, played);
    let refused = |bytes: Vec<u8>| {
        matches!(
            Game::decode(&bytes),
            Err(Error::Decode(DecodeError::Inconsistent(_)))
        )
    };
    // X ahead in a line that only O has marked.
    assert!(refused(lean_bytes(2, 2, 2, &[x, o, o, x, none, 4 | 2])));
    // A line no one marked with a count.
    assert!(refused(lean_bytes(2, 2, 2, &[x, o, o, x, 4, tally(1, 1)])));
    // Two moves cannot leave X one mark ahead, nor three leave them level.
    assert!(refused(lean_bytes(2, 1, 2, &[x, none, none, x, none, x])));
    assert!(refused(lean_bytes(2, 2, 3, &good)));
    // More moves than cells.
    assert!(refused(lean_bytes(2, 2, 6, &good)));
    // Rows and columns that disagree.
    assert!(refused(lean_bytes(
        2,
        2,
        2,
        &[x, o, o, o, none, tally(1, 1)]
    )));
}

fn hostility() -> impl Strategy<Value = Hostility> {
    prop_oneof![
        Just(Hostility::Plain),
        (0usize..12).prop_map(Hostility::PanicAt),
        prop_oneof![Just(0usize), Just(1), Just(usize::MAX)].prop_map(Hostility::LyingHint),
    ]
}

/// A batch of moves for a 3x3 game: mostly the player due on a board cell, now and then anything.
fn raw_move() -> impl Strategy<Value = [i64; 3]> {
    prop_oneof![
        6 => (0i64..3, 0i64..3, 1i64..=2).prop_map(|(r, c, p)| [r, c, p]),
        1 => (any::<i64>(), -1i64..4, -1i64..4).prop_map(|(r, c, p)| [r, c, p]),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: if cfg!(miri) { 2 } else { 300 }, ..ProptestConfig::default() })]

    /// Whatever the iterator does (panic at a chosen item, lie in its size hint), a batch is all or
    /// nothing and the game agrees with the model.
    #[test]
    fn hostile_batches_are_all_or_nothing(
        lean in any::<bool>(),
        opening in proptest::collection::vec(raw_move(), 0..5),
        batches in proptest::collection::vec(
            (proptest::collection::vec(raw_move(), 0..12), hostility()), 1..4),
    ) {
        let mut game = Game::with_mode(3, if lean { Mode::Lean } else { Mode::Checked }).unwrap();
        let mut model = Model::new(3, lean);
        for [r, c, p] in opening {
            let mut next = model.clone();
            if next.play(r, c, p).is_ok() && game.play_i64(r, c, p).is_ok() {
                model = next;
            }
        }
        for (moves, hostility) in batches {
            check_hostile_batch(&mut game, &mut model, moves, hostility);
            assert_agrees(&game, &model);
        }
    }

    /// Display of any error value: never a panic, whatever its fields hold.
    #[test]
    fn any_error_value_displays(
        a in any::<i128>(), b in any::<i128>(), n in any::<usize>(), p in any::<i64>(), x in any::<u64>(),
        by in prop_oneof![Just(Player::X), Just(Player::O)],
        winner in proptest::option::of(prop_oneof![Just(Player::X), Just(Player::O)]),
        byte in any::<u8>(),
    ) {
        let errors = [
            Error::InvalidSize { n: a, max: n },
            Error::OutOfMemory { rows: n, cols: n },
            Error::InvalidPlayer { player: p },
            Error::OutOfRange { row: a, col: b, rows: n, cols: n },
            Error::OutOfRange { row: a, col: b, rows: n, cols: 1 },
            Error::InvalidRules { rows: a, cols: b, k: a, reason: "why" },
            Error::ColumnOutOfRange { col: a, cols: n },
            Error::NotLanding { row: n, col: n, landing: n },
            Error::ColumnFull { col: n },
            Error::NoGravity,
            Error::NotSquare { rows: n, cols: n },
            Error::GameOver { winner },
            Error::WrongTurn { player: by },
            Error::Occupied { row: n, col: n, by },
            Error::NothingToUndo,
            Error::NeedsBoard,
            Error::BufferTooSmall { needed: n },
            Error::Decode(DecodeError::IllegalMove { index: x }),
            Error::Decode(DecodeError::UnsupportedVersion(byte)),
            Error::Decode(DecodeError::UnknownMode(byte)),
        ];
        for error in errors {
            prop_assert!(!error.to_string().is_empty());
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: if cfg!(miri) { 2 } else { 300 }, ..ProptestConfig::default() })]

    /// A lean caller who breaks the promise and plays cells twice still gets a game that encodes and
    /// decodes back to itself (pickling, copying): the decoder's checks hold for every reachable state.
    #[test]
    fn every_reachable_lean_state_round_trips(
        n in 1usize..6,
        cells in proptest::collection::vec((0usize..6, 0usize..6), 0..40),
    ) {
        let mut game = Game::new_lean(n).unwrap();
        let mut player = Player::X;
        for (r, c) in cells {
            if game.play(r % n, c % n, player).is_ok() {
                player = player.other();
            }
        }
        prop_assert_eq!(Game::decode(&game.encode()), Ok(game));
    }
}

/// Many games at once: every refusal names what it is about (the game, the buffer, the count), and
/// changes nothing.
#[test]
fn batch_refusals_name_their_game_buffer_or_count() {
    use tictactoe_core::{AutoReset, Illegal, VecGames};

    let make = |envs, threads| {
        VecGames::with_threads(envs, 3, AutoReset::NextStep, Illegal::Raise, 1, threads)
    };
    assert_eq!(
        make(0, 1).unwrap_err().to_string(),
        "num_envs 0 is invalid: it must be at least 1"
    );
    assert_eq!(
        make(2, 0).unwrap_err().to_string(),
        "threads 0 is invalid: it must be at least 1"
    );
    assert_eq!(
        make(usize::MAX, 1).unwrap_err().to_string(),
        format!("not enough memory for {} games of 3x3", usize::MAX)
    );
    // Split over three blocks, the game number is the batch's, not its block's.
    let mut games = make(5, 3).unwrap();
    let refused = games.check(&[0, 0, 0, 0, i64::MIN]).unwrap_err();
    assert_eq!(
        refused.to_string(),
        format!(
            "game 4: action {} is outside the board: it must be between 0 and 8",
            i64::MIN
        )
    );
    assert_eq!(
        games.sample(&mut [0; 4]).unwrap_err().to_string(),
        "the actions buffer holds 4 items where 5 are needed"
    );
    assert_eq!(
        games.playout(&mut [0; 6]).unwrap_err().to_string(),
        "the winners buffer holds 6 items where 5 are needed"
    );
}

proptest! {
    #![proptest_config(ProptestConfig { cases: if cfg!(miri) { 2 } else { 500 }, ..ProptestConfig::default() })]

    /// The faces' one check of a caller's buffers agrees with a byte-by-byte model: two live
    /// buffers (not NULL, not empty) overlap when some byte lies in both. Addresses are drawn near
    /// each other, and near the top of the address space, so that sums saturate.
    #[test]
    fn overlapping_buffers_are_exactly_those_sharing_a_byte(
        spans in prop::collection::vec((0usize..40, 0usize..12), 0..10),
        high in any::<bool>(),
    ) {
        let base = if high { usize::MAX - 45 } else { 0 };
        let buffers: Vec<(usize, usize)> = spans
            .iter()
            .map(|&(at, len)| if at == 0 { (0, len) } else { (base + at, len) })
            .collect();
        let bytes = |&(at, len): &(usize, usize)| -> Vec<usize> {
            if at == 0 { Vec::new() } else { (at..at.saturating_add(len)).collect() }
        };
        let expected = (0..buffers.len()).any(|i| {
            (i + 1..buffers.len()).any(|j| {
                let theirs = bytes(&buffers[j]);
                bytes(&buffers[i]).iter().any(|b| theirs.contains(b))
            })
        });
        prop_assert_eq!(tictactoe_core::overlapping(&buffers), expected);
    }
}

/// An iterator that gives its moves, then panics (by `resume_unwind`, which no panic hook sees).
struct PanicsAfter(std::vec::IntoIter<[i64; 3]>);

impl Iterator for PanicsAfter {
    type Item = [i64; 3];
    fn next(&mut self) -> Option<[i64; 3]> {
        match self.0.next() {
            Some(item) => Some(item),
            None => std::panic::resume_unwind(Box::new("the caller's iterator gave up")),
        }
    }
}

/// Every board the run-time choice picks (the counters, checked and lean; one word a player; line
/// bitsets) takes a whole batch back when the caller's iterator panics midway, and ends an
/// iterator that never ends at its first refusal, the game as it was.
#[test]
fn every_board_takes_back_a_batch_whose_iterator_panics_or_never_ends() {
    use tictactoe_core::Rules;

    let games = [
        Game::new(3),
        Game::new_lean(3),
        Game::with_rules(Rules::connect_four()),
        Game::with_rules(Rules::new(9, 9, 5, false).unwrap()),
    ];
    for game in games {
        let mut game = game.unwrap();
        let rules = game.rules();
        // With gravity every move is on the bottom row; without, the top row will do.
        let row = if rules.gravity() {
            rules.rows() as i64 - 1
        } else {
            0
        };
        game.play_i64(row, 0, 1).unwrap();
        let before = (game.clone(), game.encode());

        let moves = PanicsAfter(vec![[row, 1, 2], [row, 2, 1]].into_iter());
        let caught = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            let _ = game.play_all_i64(moves);
        }));
        assert!(
            caught.is_err(),
            "{rules:?}: the iterator's panic reaches the caller"
        );
        assert_eq!(
            (game.clone(), game.encode()),
            before,
            "{rules:?}: after a panic"
        );

        let endless = std::iter::repeat([row, 1, 2]);
        let err = game.play_all_i64(endless).unwrap_err();
        assert_eq!(
            err.index, 1,
            "{rules:?}: O twice in a row is the first refusal"
        );
        assert_eq!(
            (game.clone(), game.encode()),
            before,
            "{rules:?}: after a refusal"
        );

        // And the game plays on.
        assert_eq!(game.play_all_i64([[row, 1, 2], [row, 2, 1]]), Ok(None));
        assert_eq!(game.move_count(), 3);
    }
}
