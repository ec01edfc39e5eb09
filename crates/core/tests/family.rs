//! Games of the k-in-a-row family against the scanning model (`tictactoe_testkit::family`): random
//! rules (rows and columns 1 to 12, every k, gravity on and off), both players first, moves legal
//! and not, drops, undo back to empty, batches, encode and decode, with the whole state compared
//! after every call. Every representation meets the same model through the same calls: each
//! family board by name, `Game` (whichever it chooses) and the classic counters.

use proptest::prelude::*;
use tictactoe_core::representations::{BitBoard, ClassicGame, GameOn, KGame, Representation};
use tictactoe_core::{Error, Game, Player, Rules};
use tictactoe_testkit::family::KModel;

#[derive(Clone, Debug)]
enum Op {
    Play(i64, i64, i64),
    Drop(i64, i64),
    Undo,
    Batch(Vec<[i64; 3]>),
    RoundTrip,
}

fn rules() -> impl Strategy<Value = (usize, usize, usize, bool)> {
    (1usize..=12, 1usize..=12, any::<bool>()).prop_flat_map(|(rows, cols, gravity)| {
        (Just(rows), Just(cols), 1..=rows.max(cols), Just(gravity))
    })
}

fn ops(rows: usize, cols: usize) -> impl Strategy<Value = Vec<Op>> {
    let (r, c) = (rows as i64, cols as i64);
    let player = prop_oneof![8 => 1i64..=2, 1 => -1i64..=3];
    let op = prop_oneof![
        10 => (-1..=r, -1..=c, player.clone()).prop_map(|(r, c, p)| Op::Play(r, c, p)),
        10 => (-1..=c, player.clone()).prop_map(|(c, p)| Op::Drop(c, p)),
        2 => Just(Op::Undo),
        2 => proptest::collection::vec((0..r, 0..c, 1i64..=2).prop_map(|(r, c, p)| [r, c, p]), 0..6)
            .prop_map(Op::Batch),
        1 => Just(Op::RoundTrip),
    ];
    proptest::collection::vec(op, 1..80)
}

/// Rules that fit in one word a player, `(rows + 1) * cols <= 64`.
fn small_rules() -> impl Strategy<Value = (usize, usize, usize, bool)> {
    rules().prop_filter("fits in 64 bits", |&(r, c, _, _)| (r + 1) * c <= 64)
}

fn agrees<R: Representation>(game: &GameOn<R>, model: &KModel) {
    assert_eq!(
        game.winner(),
        model.winner(),
        "winner on\n{}",
        model.render()
    );
    assert_eq!(game.is_over(), model.is_over());
    assert_eq!(game.is_draw(), model.is_draw());
    assert_eq!(game.move_count(), model.moves.len() as u64);
    assert_eq!(game.last_player(), model.last_player());
    for p in [Player::X, Player::O] {
        assert_eq!(
            game.can_win(p),
            model.can_win(p),
            "can_win({p}) on\n{}",
            model.render()
        );
    }
    for r in 0..model.rows {
        for c in 0..model.cols {
            assert_eq!(game.cell(r, c), Ok(model.board[r][c]));
        }
    }
    assert_eq!(game.to_string(), model.render());
    assert_eq!(game.text_len(), model.render().len());
    assert_eq!(game.try_to_string().as_deref(), Ok(model.render().as_str()));
    let moves: Vec<_> = game.moves().collect();
    assert_eq!(moves, model.moves);
}

proptest! {
    #![proptest_config(ProptestConfig { cases: if cfg!(miri) { 2 } else { 200 }, ..ProptestConfig::default() })]

    #[test]
    fn every_call_equals_the_scanning_model(((rows, cols, k, gravity), ops) in rules().prop_flat_map(|rules| (Just(rules), ops(rules.0, rules.1)))) {
        let rules = Rules::new(rows, cols, k, gravity).unwrap();
        run_ops(KGame::new(rules).unwrap(), KModel::new(rows, cols, k, gravity), ops)?;
    }

    /// The same calls on `Game`, which chooses the representation for the rules.
    #[test]
    fn the_one_game_type_equals_the_scanning_model(((rows, cols, k, gravity), ops) in rules().prop_flat_map(|rules| (Just(rules), ops(rules.0, rules.1)))) {
        let rules = Rules::new(rows, cols, k, gravity).unwrap();
        run_ops(Game::with_rules(rules).unwrap(), KModel::new(rows, cols, k, gravity), ops)?;
    }

    /// Exactly `k` wins: every call on `Game` (which picks the line bitsets where an overline can
    /// be made) against the model that scans every window and the cells beside it.
    #[test]
    fn exact_rules_equal_the_scanning_model(((rows, cols, k, gravity), ops) in rules().prop_flat_map(|rules| (Just(rules), ops(rules.0, rules.1)))) {
        let rules = Rules::new(rows, cols, k, gravity).unwrap().with_exact(true);
        let model = KModel::new(rows, cols, k, gravity).with_exact(true);
        run_ops(Game::with_rules(rules).unwrap(), model, ops)?;
    }

    /// Exactly `k`, random games to their end, on boards up to two words a line.
    #[test]
    fn exact_games_end_as_the_model_says(
        (rows, cols, k, gravity) in (1usize..=3, 1usize..=130, any::<bool>())
            .prop_flat_map(|(rows, cols, gravity)| (Just(rows), Just(cols), 1..=rows.max(cols).min(6), Just(gravity))),
        across in any::<bool>(),
        seed in any::<u64>(),
    ) {
        let (rows, cols) = if across { (rows, cols) } else { (cols, rows) };
        let rules = Rules::new(rows, cols, k, gravity).unwrap().with_exact(true);
        let model = KModel::new(rows, cols, k, gravity).with_exact(true);
        play_out(Game::with_rules(rules).unwrap(), model.clone(), seed)?;
        play_out(KGame::new(rules).unwrap(), model, seed)?;
    }

    /// The classic counters refuse and answer as the family's model does, through the same calls.
    #[test]
    fn the_classic_counters_equal_the_family_model((n, ops) in (1usize..=8).prop_flat_map(|n| (Just(n), ops(n, n)))) {
        run_ops(ClassicGame::new(n).unwrap(), KModel::new(n, n, n, false), ops.clone())?;
        run_ops(Game::new(n).unwrap(), KModel::new(n, n, n, false), ops)?;
    }

    /// The same calls on one word a player, for every rule set that fits.
    #[test]
    fn bitboards_equal_the_scanning_model(((rows, cols, k, gravity), ops) in small_rules().prop_flat_map(|rules| (Just(rules), ops(rules.0, rules.1)))) {
        let rules = Rules::new(rows, cols, k, gravity).unwrap();
        run_ops(KGame::new_small(rules).unwrap(), KModel::new(rows, cols, k, gravity), ops)?;
    }

    /// Boards with a side beyond one word (64 cells), whose lines span several words: random games
    /// to their end, compared after every move.
    #[test]
    fn lines_longer_than_a_word_equal_the_scanning_model(
        (short, long, k, gravity, across) in (1usize..=3, 60usize..=140, any::<bool>(), any::<bool>())
            .prop_flat_map(|(short, long, gravity, across)| (Just(short), Just(long), 1..=long, Just(gravity), Just(across))),
        seed in any::<u64>(),
    ) {
        let (rows, cols) = if across { (short, long) } else { (long, short) };
        let rules = Rules::new(rows, cols, k, gravity).unwrap();
        play_out(KGame::new(rules).unwrap(), KModel::new(rows, cols, k, gravity), seed)?;
    }

    /// Random playouts to the end on every rule set, with the model checked after every move:
    /// wins come from every direction, not just the few an operation list reaches.
    #[test]
    fn random_games_end_as_the_model_says((rows, cols, k, gravity) in rules(), seed in any::<u64>()) {
        let rules = Rules::new(rows, cols, k, gravity).unwrap();
        play_out(KGame::new(rules).unwrap(), KModel::new(rows, cols, k, gravity), seed)?;
        if BitBoard::fits(rules) {
            play_out(KGame::new_small(rules).unwrap(), KModel::new(rows, cols, k, gravity), seed)?;
        }
    }
}

/// A random game to its end on `game` and `model`, compared after every move.
fn play_out<R: Representation>(
    mut game: GameOn<R>,
    mut model: KModel,
    seed: u64,
) -> Result<(), TestCaseError> {
    let (rows, cols, gravity) = (model.rows, model.cols, model.gravity);
    let mut state = seed | 1;
    let mut player = if seed.is_multiple_of(2) { 1 } else { 2 };
    while !model.is_over() {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        let empty: Vec<(usize, usize)> = (0..rows)
            .flat_map(|r| (0..cols).map(move |c| (r, c)))
            .filter(|&(r, c)| {
                model.board[r][c].is_none() && (!gravity || model.landing(c) == Some(r))
            })
            .collect();
        let (r, c) = empty[(state % empty.len() as u64) as usize];
        prop_assert_eq!(
            game.play_i64(r as i64, c as i64, player),
            model.play(r as i64, c as i64, player)
        );
        agrees(&game, &model);
        player = 3 - player;
    }
    // And back to the empty board: every count a move changed is restored by its undo.
    while let Ok(taken) = model.undo() {
        prop_assert_eq!(game.undo(), Ok(taken));
        agrees(&game, &model);
    }
    Ok(())
}

#[test]
fn rules_outside_the_family_are_refused_with_their_numbers() {
    for (rows, cols, k) in [
        (0, 3, 1),
        (3, 0, 1),
        (3, 3, 0),
        (3, 3, 4),
        (2, 5, 6),
        (-1, 3, 3),
    ] {
        let err = Rules::new_i64(rows, cols, k, false).unwrap_err();
        assert!(
            matches!(err, Error::InvalidRules { rows: r, cols: c, k: kk, .. } if (r, c, kk) == (rows.into(), cols.into(), k.into())),
            "{err:?}"
        );
    }
    let side = Rules::MAX_SIDE as i64;
    assert!(Rules::new_i64(side, 1, 1, false).is_ok());
    assert!(Rules::new_i64(side + 1, 1, 1, false).is_err());
    assert!(Rules::new_i64(1, side + 1, 1, true).is_err());
    // A board that keeps its cells stops at 65535 a side.
    let wide = Rules::new(1, 65_536, 5, false).unwrap();
    assert!(matches!(KGame::new(wide), Err(Error::InvalidRules { .. })));
    assert!(KGame::new(Rules::new(1, 65_535, 5, false).unwrap()).is_ok());
}

/// Every operation on `game` and on `model`, compared after each, then undo back to empty.
fn run_ops<R: Representation + Clone + PartialEq>(
    mut game: GameOn<R>,
    mut model: KModel,
    ops: Vec<Op>,
) -> Result<(), TestCaseError> {
    let empty = game.clone();
    for op in ops {
        let before = game.clone();
        match op {
            Op::Play(r, c, p) => {
                let got = game.play_i64(r, c, p);
                prop_assert_eq!(got, model.play(r, c, p));
                if got.is_err() {
                    prop_assert_eq!(&game, &before);
                }
            }
            Op::Drop(c, p) => {
                let got = game.drop_i64(c, p);
                prop_assert_eq!(got, model.drop(c, p));
                if got.is_err() {
                    prop_assert_eq!(&game, &before);
                }
            }
            Op::Undo => prop_assert_eq!(game.undo(), model.undo()),
            Op::Batch(moves) => {
                let mut trial = model.clone();
                let refused = moves
                    .iter()
                    .position(|&[r, c, p]| trial.play(r, c, p).is_err());
                let got = game.play_all_i64(moves.iter().copied());
                match refused {
                    Some(index) => {
                        prop_assert_eq!(got.map_err(|e| e.index), Err(index));
                        prop_assert_eq!(&game, &before);
                    }
                    None => {
                        prop_assert!(got.is_ok());
                        model = trial;
                    }
                }
            }
            Op::RoundTrip => {
                let bytes = game.encode();
                prop_assert_eq!(GameOn::<R>::decode(&bytes), Ok(game.clone()));
                prop_assert_eq!(GameOn::<R>::decode(&bytes).unwrap().encode(), bytes);
            }
        }
        agrees(&game, &model);
    }
    // Undo back to empty, compared all the way.
    while model.undo().is_ok() {
        game.undo().unwrap();
        agrees(&game, &model);
    }
    prop_assert_eq!(game.undo(), Err(Error::NothingToUndo));
    prop_assert_eq!(&game, &empty);
    Ok(())
}
