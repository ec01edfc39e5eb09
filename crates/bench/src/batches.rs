//! The batched rows: many 3 x 3 games stepped at once through `VecGames`, beside the loop a
//! skilled programmer writes alone (a bitboard and a table), which is their floor.

use std::hint::black_box;

use tictactoe_bench::Rng;

use crate::{Contender, group};
/// The 3x3 game as a skilled programmer writes it alone, no engine: a 9-bit mask of each player's
/// cells, a table of the winning masks, and a random empty cell drawn by multiply-shift (without the
/// rejection step that makes the core's draw exactly uniform) and looked up in a table of each
/// mask's k-th set bit. The floors of the batched rows are built on it.
struct Bitboard3 {
    won: [bool; 512],
    select: [[u16; 9]; 512],
    ones: [u64; 512],
}

impl Bitboard3 {
    const FULL: u16 = 0b111_111_111;

    fn new() -> Bitboard3 {
        const LINES: [u16; 8] = [0o7, 0o70, 0o700, 0o111, 0o222, 0o444, 0o421, 0o124];
        let mut board = Bitboard3 {
            won: [false; 512],
            select: [[0; 9]; 512],
            ones: [0; 512],
        };
        for m in 0..512u16 {
            let i = usize::from(m);
            board.won[i] = LINES.iter().any(|&l| l & !m == 0);
            board.ones[i] = m.count_ones().into();
            let cells = (0..9).filter(|&c| m >> c & 1 != 0);
            for (slot, c) in board.select[i].iter_mut().zip(cells) {
                *slot = 1 << c;
            }
        }
        board
    }

    /// The mover's cells after a random move into an empty cell (the board is not full).
    #[inline]
    fn random_move(&self, me: u16, them: u16, rng: &mut Rng) -> u16 {
        let empty = usize::from(Self::FULL & !(me | them));
        let k = (u128::from(rng.next_u64()) * u128::from(self.ones[empty])) >> 64;
        me | self.select[empty][k as usize]
    }

    #[inline]
    fn won(&self, cells: u16) -> bool {
        self.won[usize::from(cells)]
    }
}

/// The floor of `VecGames::playout`: `rounds` times, `envs` 3x3 games played from empty to their end
/// with random moves on `Bitboard3`; returns the sum of the winners (its own draws).
fn plain_playouts(envs: usize, rounds: usize) -> i64 {
    let board = Bitboard3::new();
    let mut rng = Rng::new(1);
    let mut sum = 0;
    for _ in 0..rounds * envs {
        let (mut me, mut them, mut mover) = (0, 0, 1);
        loop {
            let mine = board.random_move(me, them, &mut rng);
            if board.won(mine) {
                sum += mover;
                break;
            }
            if mine | them == Bitboard3::FULL {
                break;
            }
            (me, them, mover) = (them, mine, 3 - mover);
        }
    }
    sum
}

/// The floor of a batched step: `Bitboard3` with the mover's cells and the other player's per game,
/// next-step auto-reset, and the same outputs as `VecGames` written (mover's view, mask, player,
/// rewards, termination, winner) through per-game arrays, so that no write is bounds-checked, eight
/// bools at a time from a table. Its checksum is its own (its own random draws).
fn plain_vec_loop(envs: usize, steps: usize) -> i64 {
    const FULL: u16 = Bitboard3::FULL;
    let rules = Bitboard3::new();
    // Outputs eight at a time: every byte as eight bools, and every 9-bit mask with bit c moved to
    // bit 2c (a board's two masks interleaved are its observation's bits).
    let mut bools = [[false; 8]; 256];
    for (byte, eight) in bools.iter_mut().enumerate() {
        for (bit, slot) in eight.iter_mut().enumerate() {
            *slot = byte >> bit & 1 != 0;
        }
    }
    let spaced: Vec<u32> = (0..512u32)
        .map(|m| (0..9).map(|c| (m >> c & 1) << (2 * c)).sum())
        .collect();
    // Per game: the mover's cells, the other player's, whether X moves, whether the game ended.
    let mut boards = vec![(0u16, 0u16, true, false); envs];
    let (mut obs, mut mask, mut player) = (
        vec![[false; 18]; envs],
        vec![[false; 9]; envs],
        vec![0u8; envs],
    );
    let (mut rewards, mut done, mut winner) =
        (vec![[0f32; 2]; envs], vec![false; envs], vec![0u8; envs]);
    let mut rng = Rng::new(1);
    let mut sum = 0i64;
    for _ in 0..steps {
        let outputs = obs.iter_mut().zip(mask.iter_mut()).zip(player.iter_mut());
        let results = rewards
            .iter_mut()
            .zip(done.iter_mut())
            .zip(winner.iter_mut());
        for (board, ((o, m, p), (r, d, w))) in boards.iter_mut().zip(
            outputs
                .map(|((o, m), p)| (o, m, p))
                .zip(results.map(|((r, d), w)| (r, d, w))),
        ) {
            let (me, them, x_to_move, ended) = board;
            *r = [0.0; 2];
            (*d, *w) = (false, 0);
            if *ended {
                (*me, *them, *x_to_move, *ended) = (0, 0, true, false);
            } else {
                // A random empty cell: the k-th clear bit of the board, k drawn by multiply-shift.
                let mine = rules.random_move(*me, *them, &mut rng);
                let mover = usize::from(!*x_to_move);
                if rules.won(mine) {
                    (r[mover], r[1 - mover], *w) = (1.0, -1.0, mover as u8 + 1);
                }
                *d = rules.won(mine) || mine | *them == FULL;
                (*me, *them, *x_to_move, *ended) = (*them, mine, !*x_to_move, *d);
            }
            let seen = spaced[usize::from(*me)] | spaced[usize::from(*them)] << 1;
            o[..8].copy_from_slice(&bools[(seen & 0xFF) as usize]);
            o[8..16].copy_from_slice(&bools[(seen >> 8 & 0xFF) as usize]);
            (o[16], o[17]) = (seen >> 16 & 1 != 0, seen >> 17 & 1 != 0);
            let legal = if *ended { FULL } else { FULL & !(*me | *them) };
            m[..8].copy_from_slice(&bools[usize::from(legal & 0xFF)]);
            m[8] = legal >> 8 != 0;
            *p = if *x_to_move { 1 } else { 2 };
        }
        sum += done.iter().filter(|&&d| d).count() as i64
            + i64::from(player[0])
            + i64::from(obs[0][0])
            + i64::from(mask[0][0]);
        sum += rewards
            .as_flattened()
            .iter()
            .map(|&r| r as i64)
            .sum::<i64>()
            + i64::from(winner[0]);
    }
    sum
}

/// The classic batch's rows: `step(sample())` at several sizes and `playout()`, each beside a
/// plain bitboard loop with the same outputs where there is one.
pub(crate) fn classic_batch_rows() {
    for (envs, n) in [(64, 3), (4096, 3), (65_536, 3), (4096, 8)] {
        let steps = (4_000_000 / (envs * n * n / 9)).max(8);
        let ops = (steps * envs) as u64;
        group(
            &format!("VecGames step(sample()), n = {n}, {envs} games, per env-step"),
            7,
            ops,
            {
                let mut rows: Vec<Contender<'_>> =
                    vec![("core", Box::new(move || vec_games_loop(envs, n, steps)))];
                if n == 3 {
                    let floor = move || plain_vec_loop(envs, steps);
                    rows.push((
                        "floor: plain 3x3 bitboard loop, same outputs",
                        Box::new(floor),
                    ));
                }
                rows
            },
        );
    }
    let (envs, rounds) = (4096, 100);
    group(
        "VecGames playout(), n = 3, 4096 games, per game",
        7,
        (envs * rounds) as u64,
        vec![
            ("core", Box::new(move || vec_playouts(envs, rounds))),
            (
                "floor: plain 3x3 bitboard playouts",
                Box::new(move || plain_playouts(envs, rounds)),
            ),
        ],
    );
}

/// `VecGames::playout` in the core alone: `rounds` times, every game emptied and played to its end at
/// random; returns the sum of the winners.
fn vec_playouts(envs: usize, rounds: usize) -> i64 {
    use tictactoe_core::{AutoReset, Illegal, VecGames, View};
    let mut games = VecGames::new(envs, 3, AutoReset::NextStep, Illegal::Raise, 1).expect("games");
    let (mut obs, mut mask, mut player) =
        (vec![false; 18 * envs], vec![false; 9 * envs], vec![0; envs]);
    let mut winners = vec![0u8; envs];
    let mut sum = 0;
    for _ in 0..rounds {
        let view = View {
            obs: &mut obs,
            action_mask: &mut mask,
            current_player: &mut player,
        };
        games.reset(None, view).expect("reset");
        games.playout(&mut winners).expect("playout");
        sum += winners.iter().map(|&w| i64::from(w)).sum::<i64>();
    }
    sum
}

/// `VecGames` in the core alone: `step(sample())` over `envs` games of size `n`, with every output
/// written; returns a checksum of the rewards.
fn vec_games_loop(envs: usize, n: usize, steps: usize) -> i64 {
    use tictactoe_core::{AutoReset, Illegal, VecGames};
    let games = VecGames::new(envs, n, AutoReset::NextStep, Illegal::Raise, 1).expect("games");
    sampled_steps(games, steps)
}

/// `steps` times `step(sample())` over `games`, every output written into buffers made once;
/// returns a checksum of the rewards and the first game's winner (the C ABI row's own).
pub(crate) fn sampled_steps(mut games: tictactoe_core::VecGames, steps: usize) -> i64 {
    use tictactoe_core::{StepOutputs, View};
    let (envs, actions_per) = (games.num_envs(), games.num_actions());
    let cells = games.rules().cells() as usize;
    let (mut obs, mut mask, mut player) = (
        vec![false; 2 * cells * envs],
        vec![false; actions_per * envs],
        vec![0u8; envs],
    );
    let (mut rewards, mut done, mut winner, mut has_final) = (
        vec![0f32; 2 * envs],
        vec![false; envs],
        vec![0u8; envs],
        vec![false; envs],
    );
    let mut actions = vec![0i64; envs];
    let mut sum = 0i64;
    for _ in 0..steps {
        games.sample(&mut actions).expect("sample");
        let out = StepOutputs {
            view: View {
                obs: &mut obs,
                action_mask: &mut mask,
                current_player: &mut player,
            },
            rewards: &mut rewards,
            terminated: &mut done,
            winner: &mut winner,
            final_obs: &mut [],
            has_final_obs: &mut has_final,
        };
        games.step(&actions, out).expect("legal actions");
        sum += rewards.iter().map(|&r| r as i64).sum::<i64>() + i64::from(winner[0]);
    }
    black_box(&obs);
    sum
}
