//! Random sequences of legal and illegal calls, in both modes and on fixed-size boards, checked call by
//! call against the brute-force model in `common`.

use tictactoe_testkit as common;

use common::{Model, assert_agrees, assert_unchanged, check_batch, check_raw_move};
use proptest::prelude::*;
use tictactoe_core::representations::ClassicGame;
use tictactoe_core::{DecodeError, Error, FixedGame, Game, Player};

/// Who a generated move is for: the player due (so that games progress), the other one, or any number.
#[derive(Clone, Copy, Debug)]
enum Who {
    Due,
    NotDue,
    Number(i64),
}

#[derive(Clone, Debug)]
enum Op {
    Play(i64, i64, Who),
    PlayTyped(usize, usize, Who),
    Batch(Vec<(i64, i64, Who)>),
    Undo,
    Reset,
}

fn coordinate(n: usize) -> impl Strategy<Value = i64> + Clone {
    let n = n as i64;
    prop_oneof![
        8 => 0..n,
        1 => -2..n + 2,
        1 => prop_oneof![Just(i64::MIN), Just(i64::MAX), Just(-1), Just(n), Just(u32::MAX as i64)],
    ]
}

fn who() -> impl Strategy<Value = Who> + Clone {
    prop_oneof![
        12 => Just(Who::Due),
        1 => Just(Who::NotDue),
        1 => any::<i64>().prop_map(Who::Number),
        1 => (-1i64..4).prop_map(Who::Number),
    ]
}

fn op(n: usize) -> impl Strategy<Value = Op> {
    let mv = (coordinate(n), coordinate(n), who());
    prop_oneof![
        20 => mv.clone().prop_map(|(r, c, w)| Op::Play(r, c, w)),
        3 => (0..n + 1, 0..n + 1, who()).prop_map(|(r, c, w)| Op::PlayTyped(r, c, w)),
        2 => proptest::collection::vec(mv, 0..6).prop_map(Op::Batch),
        3 => Just(Op::Undo),
        1 => Just(Op::Reset),
    ]
}

fn game_case() -> impl Strategy<Value = (usize, bool, Vec<Op>)> {
    (1usize..=12, any::<bool>()).prop_flat_map(|(n, lean)| {
        (
            Just(n),
            Just(lean),
            proptest::collection::vec(op(n), 0..120),
        )
    })
}

/// Boards on both sides of the size where the counters stop reaching the diagonals without a branch,
/// with most moves on a diagonal, so that diagonal wins and `can_win` changes happen there too.
fn diagonal_case() -> impl Strategy<Value = (usize, bool, Vec<Op>)> {
    (14usize..=19, any::<bool>()).prop_flat_map(|(n, lean)| {
        let i = 0..n as i64;
        let last = n as i64 - 1;
        let on_diagonal = prop_oneof![
            i.clone().prop_map(|i| (i, i)),
            i.prop_map(move |i| (i, last - i)),
        ];
        let op = prop_oneof![
            8 => (on_diagonal, who()).prop_map(|((r, c), w)| Op::Play(r, c, w)),
            2 => op(n),
        ];
        (Just(n), Just(lean), proptest::collection::vec(op, 0..160))
    })
}

/// The player number a `Who` stands for, given who moved last.
fn resolve(who: Who, last: Option<Player>) -> i64 {
    let due = last.map_or(Player::X, Player::other);
    match who {
        Who::Due => due.number().into(),
        Who::NotDue => due.other().number().into(),
        Who::Number(k) => k,
    }
}

/// The encoding reads back to an equal game that gives the same answers.
fn assert_round_trips(game: &Game, model: &Model) {
    let bytes = game.encode();
    assert_eq!(bytes.len(), game.encoded_len());
    let back = Game::decode(&bytes).expect("an encoded game decodes");
    assert_eq!(&back, game);
    assert_agrees(&back, model);
    assert_eq!(back.encode(), bytes);
}

/// The classic game taken out of a checked `Game` answers as the model does and goes back in
/// equal; a lean game is given back as it was.
fn assert_taken_out(game: &Game, model: &Model, lean: bool) {
    match ClassicGame::try_from(game.clone()) {
        Ok(classic) => {
            assert!(!lean, "a lean game has no classic checked game inside");
            assert_agrees(&classic, model);
            assert_eq!(&Game::from(classic), game);
        }
        Err(back) => {
            assert!(lean, "a checked game of the classic rules is taken out");
            assert_eq!(&back, game);
        }
    }
}

fn run(n: usize, lean: bool, ops: Vec<Op>) {
    let mut game = if lean {
        Game::new_lean(n)
    } else {
        Game::new(n)
    }
    .unwrap();
    let mut model = Model::new(n, lean);
    for op in ops {
        let before = game.clone();
        match op {
            Op::Play(row, col, who) => {
                let player = resolve(who, model.last_player());
                check_raw_move(&mut game, &mut model, row, col, player);
            }
            Op::PlayTyped(row, col, who) => {
                let Ok(player) = Player::from_number(resolve(who, model.last_player())) else {
                    continue;
                };
                let mut next = model.clone();
                let expected = next.play(row as i64, col as i64, player.number().into());
                if lean && matches!(expected, Err(Error::Occupied { .. })) {
                    continue;
                }
                let got = game.play(row, col, player);
                assert_eq!(got.map(|w| w.map_or(0, Player::number)), expected);
                if expected.is_ok() {
                    model = next;
                } else {
                    assert_unchanged(&game, &before);
                }
            }
            Op::Batch(moves) => {
                let mut moves = moves.into_iter();
                check_batch(&mut game, &mut model, |last| {
                    let (row, col, who) = moves.next()?;
                    Some([row, col, resolve(who, last)])
                });
            }
            Op::Undo => {
                let expected = model.undo();
                assert_eq!(game.undo(), expected);
                if expected.is_err() {
                    assert_unchanged(&game, &before);
                }
            }
            Op::Reset => {
                game.reset();
                model = Model::new(n, lean);
                assert_eq!(
                    game,
                    if lean {
                        Game::new_lean(n)
                    } else {
                        Game::new(n)
                    }
                    .unwrap()
                );
            }
        }
        assert_agrees(&game, &model);
        assert_round_trips(&game, &model);
        assert_taken_out(&game, &model, lean);
    }
}

/// A fixed-size game makes the same moves as a heap game and the model.
fn run_fixed<const N: usize>(moves: &[(i64, i64, Who)]) {
    let mut fixed = FixedGame::<N>::new();
    let mut heap = tictactoe_core::representations::ClassicGame::new(N).unwrap();
    let mut model = Model::new(N, false);
    for &(row, col, who) in moves {
        let player = resolve(who, model.last_player());
        let expected = model.play(row, col, player);
        assert_eq!(fixed.play_i64(row, col, player), expected);
        assert_eq!(heap.play_i64(row, col, player), expected);
        assert_agrees(&fixed, &model);
        assert_eq!(fixed, heap);
        let mut buf = [0u8; 4096];
        let len = fixed.encode_into(&mut buf).unwrap();
        assert_eq!(&buf[..len], heap.encode().as_slice());
        assert_eq!(FixedGame::<N>::decode(&buf[..len]).unwrap(), fixed);
    }
    while fixed.move_count() > 0 {
        assert_eq!(fixed.undo(), model.undo());
        assert_agrees(&fixed, &model);
    }
}

proptest! {
    // Miri interprets every instruction: two cases there check the unsafe-free paths still run clean.
    #![proptest_config(ProptestConfig { cases: if cfg!(miri) { 2 } else { 400 }, ..ProptestConfig::default() })]

    #[test]
    fn both_modes_agree_with_the_model((n, lean, ops) in game_case()) {
        run(n, lean, ops);
    }

    #[test]
    fn moves_on_the_diagonals_of_larger_boards_agree_with_the_model((n, lean, ops) in diagonal_case()) {
        run(n, lean, ops);
    }

    #[test]
    fn fixed_games_agree_with_the_model(
        small in proptest::collection::vec((coordinate(3), coordinate(3), who()), 0..40),
        large in proptest::collection::vec((coordinate(5), coordinate(5), who()), 0..80),
    ) {
        run_fixed::<3>(&small);
        run_fixed::<5>(&large);
    }

    /// Damaged encodings are refused or decode to a game that is consistent with its own moves.
    #[test]
    fn damaged_encodings_never_yield_inconsistent_games(
        (n, lean, ops) in game_case(),
        cut in any::<prop::sample::Index>(),
        flips in proptest::collection::vec((any::<prop::sample::Index>(), any::<u8>()), 0..4),
    ) {
        let mut game = if lean { Game::new_lean(n) } else { Game::new(n) }.unwrap();
        for op in ops {
            if let Op::Play(row, col, who) = op {
                let _ = game.play_i64(row, col, resolve(who, game.last_player()));
            }
        }
        let bytes = game.encode();
        let truncated = &bytes[..cut.index(bytes.len())];
        prop_assert_eq!(Game::decode(truncated), Err(Error::Decode(DecodeError::Truncated)));
        let mut damaged = bytes.clone();
        for (at, value) in flips {
            // Bytes 5..8 are the high bytes of n: damage there asks for boards of up to a gigabyte,
            // which the size checks of the unit tests cover without allocating them each time.
            let at = at.index(damaged.len());
            if (5..8).contains(&at) {
                continue;
            }
            damaged[at] = value;
        }
        if let Ok(back) = Game::decode(&damaged) {
            // The format is canonical, so an accepted input is exactly what its game encodes to.
            prop_assert_eq!(back.encode(), damaged);
            if !lean && back.mode() == tictactoe_core::Mode::Checked {
                let mut model = Model::new(back.rules().rows(), false);
                for (r, c, p) in back.moves() {
                    prop_assert!(model.play(r as i64, c as i64, p.number().into()).is_ok());
                }
                assert_agrees(&back, &model);
            }
        }
    }
}
