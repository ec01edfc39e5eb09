//! `VecGames` against an independent model of the contract (`tictactoe_testkit::envs`, brute-force
//! boards): random steps with legal and illegal actions, samples, resets and playouts, in every
//! auto-reset mode and under both illegal-action policies, compared output by output.

use proptest::prelude::*;
use tictactoe_core::{
    AutoReset, Error, Game, Illegal, Player, Rules, ShapeError, StepError, StepOutputs, VecError,
    VecGames, View,
};
use tictactoe_testkit::envs::{EnvModel, Stepped};

#[derive(Clone, Debug)]
enum Op {
    Step(Vec<i64>),
    StepSampled,
    /// A sample whose actions are kept, and not stepped.
    Sample,
    /// The actions of the last sample stepped again, whatever happened since: a step may skip
    /// its check only for the actions a sample drew for the games as they stand.
    StepLastSampled,
    Reset(Option<Vec<bool>>),
    Playout,
    /// Every game copied out as a single game and put back: it must change nothing.
    RoundTrip,
}

/// Outputs for `envs` games of `cells` cells and as many actions.
fn empty(envs: usize, cells: usize, same_step: bool) -> Stepped {
    sized(envs, cells, cells, same_step)
}

/// Outputs for `envs` games of `cells` cells and `actions` actions.
fn sized(envs: usize, cells: usize, actions: usize, same_step: bool) -> Stepped {
    Stepped {
        obs: vec![false; 2 * cells * envs],
        action_mask: vec![false; actions * envs],
        current_player: vec![0; envs],
        rewards: vec![0.0; 2 * envs],
        terminated: vec![false; envs],
        winner: vec![0; envs],
        final_obs: vec![false; if same_step { 2 * cells * envs } else { 0 }],
        has_final_obs: vec![false; envs],
    }
}

/// One step into buffers that hold what no step writes (so every entry must be written: the
/// same buffers may serve every step).
fn step(games: &mut VecGames, actions: &[i64]) -> Result<Stepped, VecError> {
    let rules = games.rules();
    let (envs, cells) = (games.num_envs(), rules.rows() * rules.cols());
    let same_step = games.autoreset() == AutoReset::SameStep;
    let mut s = sized(envs, cells, games.num_actions(), same_step);
    for flags in [
        &mut s.obs,
        &mut s.action_mask,
        &mut s.terminated,
        &mut s.final_obs,
    ] {
        flags.fill(true);
    }
    s.has_final_obs.fill(true);
    s.current_player.fill(9);
    s.winner.fill(9);
    s.rewards.fill(f32::NAN);
    games.step(actions, outputs(&mut s))?;
    Ok(s)
}

/// Every buffer of `s` as a step's outputs.
fn outputs(s: &mut Stepped) -> StepOutputs<'_> {
    StepOutputs {
        view: view_of_parts(&mut s.obs, &mut s.action_mask, &mut s.current_player),
        rewards: &mut s.rewards,
        terminated: &mut s.terminated,
        winner: &mut s.winner,
        final_obs: &mut s.final_obs,
        has_final_obs: &mut s.has_final_obs,
    }
}

/// The view buffers of `s`.
fn view_of(s: &mut Stepped) -> View<'_> {
    view_of_parts(&mut s.obs, &mut s.action_mask, &mut s.current_player)
}

fn view_of_parts<'a>(
    obs: &'a mut [bool],
    action_mask: &'a mut [bool],
    current_player: &'a mut [u8],
) -> View<'a> {
    View {
        obs,
        action_mask,
        current_player,
    }
}

/// Everything a refused call must leave as it was.
fn state(games: &VecGames) -> Vec<(Option<Vec<u8>>, u8)> {
    (0..games.num_envs())
        .map(|i| {
            let game = games.game(i).ok().map(|g| g.encode());
            (game, games.current_player(i).unwrap().number())
        })
        .collect()
}

type RuleSet = (usize, usize, usize, bool);

/// The classic rules of every size up to 9 and 12, random rules of the family (boards up to 7 x 7
/// fit a word; larger ones do not), and Connect Four's, whose sizes have a batch step of their own.
fn rule_sets() -> impl Strategy<Value = RuleSet> {
    let classic = prop_oneof![9 => 1usize..=9, 1 => Just(12usize)].prop_map(|n| (n, n, n, false));
    let family = (1usize..=9, 1usize..=9, any::<bool>())
        .prop_flat_map(|(r, c, g)| (Just(r), Just(c), 1..=r.max(c), Just(g)));
    let connect_four = (1usize..=7).prop_map(|k| (6, 7, k, true));
    prop_oneof![4 => classic, 4 => family, 1 => connect_four]
}

fn case() -> impl Strategy<Value = (RuleSet, usize, AutoReset, Illegal, Vec<Op>)> {
    let modes = prop_oneof![
        Just(AutoReset::NextStep),
        Just(AutoReset::SameStep),
        Just(AutoReset::Disabled)
    ];
    let policies = prop_oneof![Just(Illegal::Raise), Just(Illegal::Loss)];
    (rule_sets(), 1usize..=6, modes, policies).prop_flat_map(|(rules, envs, autoreset, illegal)| {
        let cells = (if rules.3 { rules.1 } else { rules.0 * rules.1 }) as i64;
        let action = prop_oneof![8 => 0..cells, 1 => -2..cells + 2, 1 => any::<i64>()];
        let op = prop_oneof![
            4 => proptest::collection::vec(action, envs).prop_map(Op::Step),
            6 => Just(Op::StepSampled),
            2 => Just(Op::Sample),
            3 => Just(Op::StepLastSampled),
            1 => proptest::option::of(proptest::collection::vec(any::<bool>(), envs)).prop_map(Op::Reset),
            1 => Just(Op::Playout),
            1 => Just(Op::RoundTrip),
        ];
        (
            Just(rules),
            Just(envs),
            Just(autoreset),
            Just(illegal),
            proptest::collection::vec(op, 1..40),
        )
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: if cfg!(miri) { 2 } else { 300 }, ..ProptestConfig::default() })]

    #[test]
    fn every_step_equals_the_model(
        (rules, envs, autoreset, illegal, ops) in case(),
        seed in any::<u64>(),
        threads in 1usize..4,
        exact in proptest::bool::weighted(0.2),
    ) {
        // Split into blocks or not, the games answer as the model does, whatever the rules
        // (exactly k among them).
        let (rows, cols, k, gravity) = rules;
        let engine_rules = Rules::new(rows, cols, k, gravity).unwrap().with_exact(exact);
        let mut games = VecGames::with_rules(envs, engine_rules, autoreset, illegal, seed, threads).unwrap();
        let mut model = EnvModel::with_rules(envs, rules, autoreset, illegal).with_exact(exact);
        let (cells, actions) = (rows * cols, model.actions());
        let mut last_sampled = vec![0i64; envs];
        for op in ops {
            match op {
                Op::Step(actions) => check_step(&mut games, &mut model, &actions),
                Op::Sample => games.sample(&mut last_sampled).unwrap(),
                Op::StepLastSampled => check_step(&mut games, &mut model, &last_sampled),
                Op::StepSampled => {
                    let mut actions = vec![0i64; envs];
                    games.sample(&mut actions).unwrap();
                    last_sampled.clone_from(&actions);
                    for (i, &a) in actions.iter().enumerate() {
                        prop_assert!((0..model.actions() as i64).contains(&a));
                        if !model.ended[i] {
                            prop_assert!(model.legal(i, a), "sampled an illegal action");
                        }
                    }
                    check_step(&mut games, &mut model, &actions);
                }
                Op::Reset(only) => {
                    let mut s = sized(envs, cells, actions, false);
                    let view = view_of(&mut s);
                    games.reset(only.as_deref(), view).unwrap();
                    model.reset(only.as_deref());
                    let mut want = sized(envs, cells, actions, false);
                    model.view(&mut want);
                    prop_assert_eq!((s.obs, s.action_mask, s.current_player), (want.obs, want.action_mask, want.current_player));
                }
                Op::RoundTrip => {
                    let before = state(&games);
                    for i in 0..envs {
                        // A game lost by an illegal action has no single-game form.
                        if let Ok(game) = games.game(i) {
                            games.set_game(i, &game).unwrap();
                        }
                    }
                    prop_assert_eq!(state(&games), before);
                    // What the next steps give is still compared with the model.
                }
                Op::Playout => {
                    let mut winners = vec![0u8; envs];
                    games.playout(&mut winners).unwrap();
                    for (i, &won) in winners.iter().enumerate() {
                        // Replay the engine's random moves on the model's board and compare the end.
                        if !model.ended[i] {
                            let game = games.game(i).unwrap();
                            let played = model.boards[i].moves.len();
                            for (r, c, p) in game.moves().skip(played) {
                                prop_assert_eq!(p, model.to_move[i]);
                                model.boards[i].play(r as i64, c as i64, p.number().into()).unwrap();
                                model.to_move[i] = p.other();
                            }
                            prop_assert!(model.boards[i].is_over());
                            model.ended[i] = true;
                            model.winner[i] = model.boards[i].winner().map_or(0, |p| p.number());
                        }
                        prop_assert_eq!(won, model.winner[i]);
                    }
                }
            }
        }
    }
}

fn check_step(games: &mut VecGames, model: &mut EnvModel, actions: &[i64]) {
    let before = state(games);
    let refusal = model
        .refusal(actions)
        .map(|i| (i, model.refusal_error(i, actions[i])));
    // `check` answers as the step will, and changes nothing.
    let refused = |err: VecError| match err {
        VecError::Step(StepError { game, error }) => (game, error),
        shape => panic!("a step of the right length was refused as {shape}"),
    };
    let checked = games.check(actions).map_err(refused);
    assert_eq!(checked, refusal.map_or(Ok(()), Err));
    assert_eq!(state(games), before, "check changed the games");
    match (step(games, actions), refusal) {
        (Ok(got), None) => assert_eq!(got, model.step(actions).unwrap()),
        (Err(err), Some((index, error))) => {
            assert_eq!(refused(err), (index, error));
            assert_eq!(err.to_string(), format!("game {index}: {error}"));
            assert_eq!(state(games), before, "a refused step changed the games");
        }
        (got, want) => panic!("the engine gave {got:?}, the model expected {want:?}"),
    }
}

/// A step of the actions a sample drew skips its check only while the games stand as they were
/// sampled: after a game is put in whose stone takes the drawn cell, the same actions are
/// refused, and nothing changes; a step that played them does the same to a second step.
#[test]
fn drawn_actions_are_checked_again_once_a_game_changed() {
    for n in [3, 4, 8] {
        let mut games = VecGames::new(2, n, AutoReset::NextStep, Illegal::Raise, 5).unwrap();
        let mut actions = vec![0i64; 2];
        games.sample(&mut actions).unwrap();
        let cell = actions[0] as usize;
        let mut game = Game::new(n).unwrap();
        game.play(cell / n, cell % n, Player::X).unwrap();
        games.set_game(0, &game).unwrap();
        let before = state(&games);
        let err = step(&mut games, &actions).unwrap_err();
        assert!(
            matches!(
                err,
                VecError::Step(StepError {
                    game: 0,
                    error: Error::Occupied { .. }
                })
            ),
            "{err}"
        );
        assert_eq!(state(&games), before);
        games.sample(&mut actions).unwrap();
        step(&mut games, &actions).unwrap();
        assert!(matches!(step(&mut games, &actions), Err(VecError::Step(_))));
    }
}

#[test]
fn the_same_seed_gives_the_same_samples_and_playouts() {
    let run = |seed| {
        let mut games = VecGames::new(64, 3, AutoReset::NextStep, Illegal::Raise, seed).unwrap();
        let mut actions = vec![0i64; 64];
        games.sample(&mut actions).unwrap();
        let mut winners = vec![0u8; 64];
        games.playout(&mut winners).unwrap();
        (actions, winners)
    };
    assert_eq!(run(5), run(5));
    assert_ne!(run(5), run(6));
}

#[test]
fn samples_are_spread_over_the_legal_cells() {
    // 9,000 samples of an empty 3x3 board: each cell about 1,000 times (a chi-square bound far from
    // any fair generator's values, but one a constant or biased one fails).
    let mut games = VecGames::new(9000, 3, AutoReset::NextStep, Illegal::Raise, 11).unwrap();
    let mut actions = vec![0i64; 9000];
    games.sample(&mut actions).unwrap();
    let mut counts = [0f64; 9];
    for a in actions {
        counts[a as usize] += 1.0;
    }
    let chi2: f64 = counts.iter().map(|c| (c - 1000.0).powi(2) / 1000.0).sum();
    assert!(chi2 < 40.0, "chi-square {chi2} over {counts:?}");
}

#[test]
fn a_buffer_of_the_wrong_length_is_refused_and_changes_nothing() {
    for (n, envs, autoreset) in [
        (3, 5, AutoReset::SameStep),
        (8, 3, AutoReset::NextStep),
        (11, 2, AutoReset::Disabled),
    ] {
        let mut games = VecGames::new(envs, n, autoreset, Illegal::Raise, 9).unwrap();
        let mut actions = vec![0i64; envs];
        games.sample(&mut actions).unwrap();
        step(&mut games, &actions).unwrap();
        let before = state(&games);
        let same_step = autoreset == AutoReset::SameStep;
        // Refused as a buffer of the wrong length, and no other way.
        let refused = |result: Result<(), VecError>| matches!(result, Err(VecError::Shape(_)));
        // Each output in turn one short and one long, the others right: the error names it, its
        // length and the length it needs, in items.
        for which in 0..7 {
            for delta in [-1isize, 1] {
                let mut s = empty(envs, n * n, same_step);
                let resize = |len: usize| (len as isize + delta) as usize;
                let (name, needed) = match which {
                    0 => ("obs", s.obs.len()),
                    1 => ("action_mask", s.action_mask.len()),
                    2 => ("current_player", s.current_player.len()),
                    3 => ("rewards", s.rewards.len()),
                    4 => ("terminated", s.terminated.len()),
                    5 => ("winner", s.winner.len()),
                    _ => ("has_final_obs", s.has_final_obs.len()),
                };
                match which {
                    0 => s.obs.resize(resize(needed), false),
                    1 => s.action_mask.resize(resize(needed), false),
                    2 => s.current_player.resize(resize(needed), 0),
                    3 => s.rewards.resize(resize(needed), 0.0),
                    4 => s.terminated.resize(resize(needed), false),
                    5 => s.winner.resize(resize(needed), 0),
                    _ => s.has_final_obs.resize(resize(needed), false),
                }
                let out = outputs(&mut s);
                let want = ShapeError {
                    buffer: name,
                    len: resize(needed),
                    needed,
                };
                assert_eq!(games.step(&actions, out), Err(VecError::Shape(want)));
                assert_eq!(state(&games), before);
            }
        }
        if same_step {
            let mut s = empty(envs, n * n, true);
            s.final_obs.pop();
            let out = outputs(&mut s);
            assert!(refused(games.step(&actions, out)));
        }
        // The inputs and the other calls' buffers.
        let (mut s, short) = (empty(envs, n * n, same_step), &actions[..envs - 1]);
        let out = outputs(&mut s);
        assert!(refused(games.step(short, out)));
        assert!(refused(games.check(short)));
        assert!(refused(games.sample(&mut vec![0; envs + 1])));
        assert!(refused(games.playout(&mut vec![0; envs - 1])));
        let mut s = empty(envs, n * n, false);
        let only = vec![true; envs + 1];
        let view = view_of(&mut s);
        assert!(refused(games.reset(Some(&only), view)));
        s.obs.pop();
        let view = view_of(&mut s);
        assert!(refused(games.view(view)));
        assert_eq!(state(&games), before, "a refused call changed the games");
    }
}
