//! The family's rows: a move on a 1000 x 1000 board for several `k` (flat in `k`), Connect Four
//! moves, and Connect Four batches, each beside its honest floor (`c/family.c`, or a plain Rust
//! loop for the batch, as for the classic batch rows).

use tictactoe_bench::Rng;
use tictactoe_core::representations::{BitBoard, KGame};
use tictactoe_core::{AutoReset, Game, Illegal, Player, Rules, VecGames};
use tictactoe_solve::Solve;
use tictactoe_solve::Solver;

use crate::{Contender, group};

unsafe extern "C" {
    fn family_scan_replay(
        moves: *const i64,
        count: usize,
        rows: i64,
        cols: i64,
        k: i64,
        board: *mut u8,
    ) -> i64;
    fn connect_four_replay(data: *const i64, words: usize) -> i64;
    fn connect_four_floor_solve(
        words: *const u64,
        moves: *const i64,
        count: usize,
        table: *mut u8,
        bits: i32,
        nodes: *mut u64,
    ) -> i64;
}

/// `count` Connect Four positions with `lo` to `hi` stones, by random play (none over).
fn connect_four_positions(lo: u64, hi: u64, count: usize, rng: &mut Rng) -> Vec<Game> {
    let mut found = Vec::new();
    while found.len() < count {
        let mut game = Game::with_rules(Rules::connect_four()).expect("a board");
        let target = lo + rng.below(hi - lo + 1);
        while game.move_count() < target && !game.is_over() {
            let open: Vec<i64> = (0..7)
                .filter(|&c| game.cell(0, c as usize) == Ok(None))
                .collect();
            let col = open[rng.below(open.len() as u64) as usize];
            let player = game
                .last_player()
                .map_or(1, |p| i64::from(p.other().number()));
            game.drop_i64(col, player).expect("an open column");
        }
        if !game.is_over() {
            found.push(game);
        }
    }
    found
}

/// A position as the C floor reads it: the mover's stones and all stones, 7 bits a column.
fn floor_words(game: &Game) -> [u64; 2] {
    let mover = game.last_player().map_or(Player::X, Player::other);
    let (mut mine, mut all) = (0, 0);
    for (row, col, player) in game.moves() {
        let bit = 1u64 << (7 * col + (5 - row));
        all |= bit;
        if player == mover {
            mine |= bit;
        }
    }
    [mine, all]
}

/// The perfect-play rows: Connect Four positions at three depths beside the C floor, 4 x 4 from
/// empty, and every reachable 3 x 3 position.
fn perfect_play() {
    let mut rng = Rng::new(0x0050_17E4);
    let bits = Solver::DEFAULT_TABLE_BITS;
    for (label, lo, hi, count, runs) in [
        ("30-38 stones", 30, 38, 200, 7),
        ("18-29 stones", 18, 29, 100, 5),
        ("10-17 stones", 10, 17, 6, 3),
    ] {
        let positions = connect_four_positions(lo, hi, count, &mut rng);
        let words: Vec<u64> = positions.iter().flat_map(floor_words).collect();
        let moves: Vec<i64> = positions.iter().map(|g| g.move_count() as i64).collect();
        let mut table = vec![0u8; 16 << bits];
        let floor_nodes = std::cell::Cell::new(0u64);
        let mut floor = || {
            let mut nodes = 0;
            // SAFETY: `words` holds two words per position, `moves` one count each, and `table`
            // room for 2^bits entries of 16 bytes.
            let sum = unsafe {
                connect_four_floor_solve(
                    words.as_ptr(),
                    moves.as_ptr(),
                    count,
                    table.as_mut_ptr(),
                    bits as i32,
                    &mut nodes,
                )
            };
            floor_nodes.set(nodes);
            sum
        };
        let solve_all = |solver: &mut Solver| -> i64 {
            positions
                .iter()
                .map(|g| {
                    let s = solver.solve(g, None).expect("solved");
                    let m = g.move_count() as i64;
                    // The floor's scale: a win at move M is 43 - M.
                    i64::from(s.value)
                        * if s.value == 0 {
                            0
                        } else {
                            43 - (m + i64::from(s.plies))
                        }
                })
                .sum()
        };
        let mut probe = Solver::new(bits).expect("a solver");
        solve_all(&mut probe);
        let (nodes, hits) = probe.stats();
        floor();
        let core_name =
            format!("core Solver, 2^{bits} table, one per run ({nodes} nodes, {hits} table hits)");
        let floor_name = format!(
            "C floor: negamax, alpha-beta, centre first, table ({} nodes)",
            floor_nodes.get()
        );
        let contenders: Vec<Contender<'_>> = vec![
            (
                &core_name,
                Box::new(|| solve_all(&mut Solver::new(bits).expect("a solver"))),
            ),
            (&floor_name, Box::new(&mut floor)),
        ];
        group(
            &format!("perfect play, Connect Four, {label}, per position"),
            runs,
            count as u64,
            contenders,
        );
    }
    let empty = Game::with_rules(Rules::square(4).expect("rules")).expect("a board");
    let mut probe = Solver::new(bits).expect("a solver");
    probe.solve(&empty, None).expect("solved");
    let (nodes, hits) = probe.stats();
    let name = format!("core Solver ({nodes} nodes, {hits} table hits)");
    let solve = || i64::from(empty.solve(None).expect("solved").plies);
    group(
        "perfect play, 4 x 4, k = 4, from the empty board",
        5,
        1,
        vec![(&name, Box::new(solve))],
    );
    let reachable = every_position(Rules::square(3).expect("rules"));
    let mut probe = Solver::new(12).expect("a solver");
    for g in &reachable {
        probe.solve(g, None).expect("solved");
    }
    let (nodes, hits) = probe.stats();
    let name = format!("core Solver, 2^12 table, one per run ({nodes} nodes, {hits} table hits)");
    let all = || {
        let mut solver = Solver::new(12).expect("a solver");
        reachable
            .iter()
            .map(|g| i64::from(solver.solve(g, None).expect("solved").value))
            .sum()
    };
    group(
        &format!(
            "perfect play, 3 x 3, all {} positions in play, per position",
            reachable.len()
        ),
        7,
        reachable.len() as u64,
        vec![(&name, Box::new(all))],
    );
}

/// Every position reachable from the empty board with X first that is still in play.
fn every_position(rules: Rules) -> Vec<Game> {
    let mut seen = std::collections::HashSet::new();
    let mut stack = vec![Game::with_rules(rules).expect("a board")];
    let mut found = Vec::new();
    while let Some(game) = stack.pop() {
        let cells: Vec<Option<Player>> = (0..rules.rows())
            .flat_map(|r| (0..rules.cols()).map(move |c| (r, c)))
            .map(|(r, c)| game.cell(r, c).expect("on the board"))
            .collect();
        if !seen.insert(cells) || game.is_over() {
            continue;
        }
        let mover = i64::from(game.last_player().map_or(Player::X, Player::other).number());
        for r in 0..rules.rows() as i64 {
            for c in 0..rules.cols() as i64 {
                let mut next = game.clone();
                if next.play_i64(r, c, mover).is_ok() {
                    stack.push(next);
                }
            }
        }
        found.push(game);
    }
    found
}

/// `count` moves on a `side x side` board, X and O alternating, each on a random empty cell of its
/// own colour in a colouring with no three in a row in any direction (cell `(r, c)` is X's when
/// `(r + 2c) % 4 < 2`): no game ends, whatever `k >= 3`, so every row times moves and nothing
/// else. `[row, col, player]` triples.
fn endless_moves(side: usize, count: usize, rng: &mut Rng) -> Vec<i64> {
    let mut cells: [Vec<(usize, usize)>; 2] = [Vec::new(), Vec::new()];
    for r in 0..side {
        for c in 0..side {
            cells[usize::from((r + 2 * c) % 4 >= 2)].push((r, c));
        }
    }
    for list in &mut cells {
        for i in (1..list.len()).rev() {
            list.swap(i, rng.below(i as u64 + 1) as usize);
        }
    }
    (0..count)
        .flat_map(|i| {
            let (r, c) = cells[i % 2][i / 2];
            [r as i64, c as i64, (i % 2 + 1) as i64]
        })
        .collect()
}

/// Random Connect Four games to their end, X first, as `[k, col, col, ...]` records.
fn connect_four_games(count: usize, rng: &mut Rng) -> Vec<i64> {
    let mut out = Vec::new();
    for _ in 0..count {
        let mut game = KGame::new(Rules::connect_four()).expect("a board");
        let mut cols = Vec::new();
        let mut player = Player::X;
        while !game.is_over() {
            let open: Vec<usize> = (0..7).filter(|&c| game.cell(0, c) == Ok(None)).collect();
            let col = open[rng.below(open.len() as u64) as usize];
            game.drop_in(col, player).expect("an open column");
            cols.push(col as i64);
            player = player.other();
        }
        out.push(cols.len() as i64);
        out.extend(cols);
    }
    out
}

/// Replays `moves` on `game` (reset first); returns the sum of the winners.
fn replay_cells(game: &mut KGame, moves: &[i64]) -> i64 {
    game.reset();
    let mut sum = 0;
    for m in moves.chunks_exact(3) {
        let won = game.play_i64(m[0], m[1], m[2]).expect("a legal move");
        sum += i64::from(won);
    }
    sum
}

/// Replays Connect Four records on `game` through `drop` (after `reset` for each game); returns the
/// sum of the winners.
fn replay_drops<G>(
    data: &[i64],
    game: &mut G,
    drop: fn(&mut G, i64, i64) -> u8,
    reset: fn(&mut G),
) -> i64 {
    let (mut sum, mut at) = (0, 0);
    while at < data.len() {
        let k = data[at] as usize;
        reset(game);
        for (i, &col) in data[at + 1..at + 1 + k].iter().enumerate() {
            sum += i64::from(drop(game, col, (i % 2 + 1) as i64));
        }
        at += 1 + k;
    }
    sum
}

pub(crate) fn run() {
    perfect_play();
    let mut rng = Rng::new(0xC0_4E_C7_F0_0E);
    let side = 1000;
    let count = 200_000;
    let moves = endless_moves(side, count, &mut rng);
    let mut boards: Vec<KGame> = [3, 5, 50]
        .iter()
        .map(|&k| KGame::new(Rules::new(side, side, k, false).expect("rules")).expect("a board"))
        .collect();
    let mut bytes = vec![0u8; side * side];
    let mut more_bytes = vec![0u8; side * side];
    let [k3, k5, k50] = boards.as_mut_slice() else {
        unreachable!("three boards")
    };
    let scan = |k: i64, board: &mut Vec<u8>| {
        // SAFETY: `moves` holds `count` triples on a `side x side` board of `board.len()` bytes.
        unsafe {
            family_scan_replay(
                moves.as_ptr(),
                count,
                side as i64,
                side as i64,
                k,
                board.as_mut_ptr(),
            )
        }
    };
    let contenders: Vec<Contender<'_>> = vec![
        ("core, k = 3", Box::new(|| replay_cells(k3, &moves))),
        ("core, k = 5", Box::new(|| replay_cells(k5, &moves))),
        ("core, k = 50", Box::new(|| replay_cells(k50, &moves))),
        (
            "C floor: byte board, walk from the move, k = 3",
            Box::new(|| scan(3, &mut bytes)),
        ),
        (
            "C floor: byte board, walk from the move, k = 50",
            Box::new(|| scan(50, &mut more_bytes)),
        ),
    ];
    group(
        "family, 1000 x 1000 board, per move (no win)",
        7,
        count as u64,
        contenders,
    );

    let games = connect_four_games(20_000, &mut rng);
    let ops = (games.len() - 20_000) as u64;
    let mut any = Game::with_rules(Rules::connect_four()).expect("a board");
    let mut lines = KGame::new(Rules::connect_four()).expect("a board");
    let mut small = KGame::new_small(Rules::connect_four()).expect("a board");
    let contenders: Vec<Contender<'_>> = vec![
        (
            "C floor: two 64-bit boards, shift-and win test",
            Box::new(|| {
                // SAFETY: `games` is a slice of records as `connect_four_replay` reads them.
                unsafe { connect_four_replay(games.as_ptr(), games.len()) }
            }),
        ),
        (
            "core, the one game type (Game::drop_i64)",
            Box::new(|| {
                let drop = |g: &mut Game, c, p| g.drop_i64(c, p).expect("legal");
                replay_drops(&games, &mut any, drop, Game::reset)
            }),
        ),
        (
            "core, one word a player (KGame::new_small)",
            Box::new(|| {
                let drop = |g: &mut KGame<BitBoard>, c, p| g.drop_i64(c, p).expect("legal");
                replay_drops(&games, &mut small, drop, KGame::reset)
            }),
        ),
        (
            "core, line bitsets (KGame::new)",
            Box::new(|| {
                let drop = |g: &mut KGame, c, p| g.drop_i64(c, p).expect("legal");
                replay_drops(&games, &mut lines, drop, KGame::reset)
            }),
        ),
    ];
    group("Connect Four, per move (random games)", 7, ops, contenders);
    batch_rows();
}

/// The Connect Four batch beside its floors (also alone: `tictactoe-bench connect-four-batch`).
pub(crate) fn batch_rows() {
    let (envs, steps) = (4096, 200);
    group(
        "VecGames step(sample()), Connect Four, 4096 games, per env-step",
        7,
        (envs * steps) as u64,
        vec![
            ("core", Box::new(move || connect_four_batch(envs, steps))),
            (
                "floor: plain Connect Four bitboard loop, same outputs",
                Box::new(move || crate::c4_floors::plain_connect_four_batch(envs, steps)),
            ),
            (
                "floor written for speed: two words, tables, multiply-gathered rows, same outputs",
                Box::new(move || crate::c4_floors::fast_connect_four_batch(envs, steps)),
            ),
        ],
    );
}

/// `VecGames` with Connect Four's rules in the core alone: `step(sample())`, every output written.
fn connect_four_batch(envs: usize, steps: usize) -> i64 {
    let rules = Rules::connect_four();
    let games = VecGames::with_rules(envs, rules, AutoReset::NextStep, Illegal::Raise, 1, 1)
        .expect("games");
    crate::batches::sampled_steps(games, steps)
}
