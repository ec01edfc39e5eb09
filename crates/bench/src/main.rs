//! `tictactoe-bench generate DIR` writes the games; `tictactoe-bench run DIR` replays them through the
//! engine and the hand-written C loop and prints one JSON object per line for `bench/report.py`.

mod args;
mod batches;
mod c4_floors;
mod dial;
mod family;
mod solver_sets;

use std::alloc::{GlobalAlloc, Layout, System};
use std::hint::black_box;
use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicIsize, Ordering};
use std::time::Instant;

use tictactoe_bench::{Rng, SETS, games, generate, read, write};
use tictactoe_core::representations::{ClassicGame, GameOn, Representation};
use tictactoe_core::{FixedGame, Game, MAX_CHECKED_N, Mode, Player};

/// Counts the bytes the heap holds, so memory per game is measured rather than computed. It counts
/// only while `COUNTING` is on (in [`memory`]): an atomic add on every allocation would otherwise be
/// timed as part of the rows that create games, which a program on the system allocator never pays.
struct Counting;

static HELD: AtomicIsize = AtomicIsize::new(0);
static COUNTING: AtomicBool = AtomicBool::new(false);

fn count(bytes: isize) {
    if COUNTING.load(Ordering::Relaxed) {
        HELD.fetch_add(bytes, Ordering::Relaxed);
    }
}

// SAFETY: forwards to the system allocator and only counts.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        count(layout.size() as isize);
        // SAFETY: same contract as the caller's.
        unsafe { System.alloc(layout) }
    }
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        count(layout.size() as isize);
        // SAFETY: same contract as the caller's.
        unsafe { System.alloc_zeroed(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        count(-(layout.size() as isize));
        // SAFETY: same contract as the caller's.
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        count(new_size as isize - layout.size() as isize);
        // SAFETY: same contract as the caller's.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

unsafe extern "C" {
    fn reference_replay(data: *const i64, words: usize, counters: *mut core::ffi::c_int) -> i64;
    fn reference_replay_wide(
        data: *const i64,
        words: usize,
        counters: *mut core::ffi::c_int,
    ) -> i64;
    fn reference_guarded_replay(
        data: *const i64,
        words: usize,
        lines: *mut core::ffi::c_int,
        last: *mut GuardedState,
    ) -> i64;
    fn reference_compact_replay(
        data: *const i64,
        words: usize,
        lines: *mut core::ffi::c_int,
        last: *mut GuardedState,
    ) -> i64;
}

/// Room for the C `struct guarded` (48 bytes), which the guarded floors leave their last game in.
#[repr(C, align(8))]
struct GuardedState([u8; 48]);

type Contender<'a> = (&'a str, Box<dyn FnMut() -> i64 + 'a>);

/// Times each contender `runs` times, interleaved so that they share the machine's moods, and prints a
/// row each: median, fastest and slowest ns per operation. The first contender is the group's
/// reference. Every run of every contender must return the same checksum.
fn group(group: &str, runs: usize, ops: u64, mut contenders: Vec<Contender<'_>>) {
    // `BENCH_ONLY="group/name"` runs that contender once, inside `counted`, for
    // `valgrind --tool=callgrind --collect-atstart=no --toggle-collect=*counted*`: its instructions.
    // `BENCH_GROUPS=text` times only the groups whose title contains it.
    if std::env::var("BENCH_GROUPS").is_ok_and(|part| !group.contains(&part)) {
        return;
    }
    if let Ok(only) = std::env::var("BENCH_ONLY") {
        for (name, f) in &mut contenders {
            if only == format!("{group}/{name}") {
                let sum = counted(f.as_mut());
                println!(
                    r#"{{"kind":"count","group":"{group}","name":"{name}","ops":{ops},"checksum":{sum}}}"#
                );
            }
        }
        return;
    }
    let checksums: Vec<i64> = contenders.iter_mut().map(|(_, f)| f()).collect();
    let mut times = vec![Vec::with_capacity(runs); contenders.len()];
    for _ in 0..runs {
        for (k, (name, f)) in contenders.iter_mut().enumerate() {
            let start = Instant::now();
            let sum = black_box(f());
            times[k].push(start.elapsed().as_nanos() as f64 / ops as f64);
            assert_eq!(sum, checksums[k], "{name}: runs disagree");
        }
    }
    for (k, (name, _)) in contenders.iter().enumerate() {
        let t = &mut times[k];
        t.sort_by(f64::total_cmp);
        println!(
            r#"{{"kind":"time","group":"{group}","name":"{name}","reference":{},"ns":{:.3},"min":{:.3},"max":{:.3},"checksum":{}}}"#,
            k == 0,
            t[runs / 2],
            t[0],
            t[runs - 1],
            checksums[k]
        );
    }
}

/// The one call whose instructions callgrind collects in `BENCH_ONLY` runs.
#[inline(never)]
fn counted(f: &mut dyn FnMut() -> i64) -> i64 {
    black_box(f())
}

/// Replays every game through `game` (reset between games); returns the sum of the winners.
fn replay<R: Representation>(game: &mut GameOn<R>, set: &[(usize, &[i64])]) -> i64 {
    replay_then(game, set, |_| {}, |_| {})
}

/// Replays every game as one all-or-nothing batch (reset between games); returns the sum of the
/// winners.
fn batch_replay<R: Representation>(game: &mut GameOn<R>, set: &[(usize, &[i64])]) -> i64 {
    let mut winners = 0;
    for &(_, moves) in set {
        game.reset();
        let moves = moves.chunks_exact(3).map(|m| [m[0], m[1], m[2]]);
        let winner = game.play_all_i64(moves).expect("legal moves");
        winners += i64::from(winner.map_or(0, Player::number));
    }
    winners
}

/// [`replay`], calling `after_move` after every move and `after_game` after every game: how the
/// other operations are timed on top of the same replay.
fn replay_then<R: Representation>(
    game: &mut GameOn<R>,
    set: &[(usize, &[i64])],
    mut after_move: impl FnMut(&mut GameOn<R>),
    mut after_game: impl FnMut(&mut GameOn<R>),
) -> i64 {
    let mut winners = 0;
    for &(_, moves) in set {
        game.reset();
        for m in moves.chunks_exact(3) {
            let w = game.play_i64(m[0], m[1], m[2]).expect("a legal move");
            winners += i64::from(w);
            after_move(game);
        }
        after_game(game);
    }
    winners
}

fn bytes_of(make: impl FnOnce() -> Option<Game>) -> Option<(isize, Game)> {
    let before = HELD.load(Ordering::Relaxed);
    let game = make()?;
    Some((
        HELD.load(Ordering::Relaxed) - before + size_of::<Game>() as isize,
        game,
    ))
}

fn memory(n: usize, mode: Mode, set: &[(usize, &[i64])]) {
    COUNTING.store(true, Ordering::Relaxed);
    measure_memory(n, mode, set);
    COUNTING.store(false, Ordering::Relaxed);
}

fn measure_memory(n: usize, mode: Mode, set: &[(usize, &[i64])]) {
    let label = if mode == Mode::Lean {
        "lean"
    } else {
        "checked"
    };
    match bytes_of(|| Game::with_mode(n, mode).ok()) {
        Some((empty, mut game)) => {
            let before = HELD.load(Ordering::Relaxed);
            let played = set.first().map_or(0, |(_, m)| {
                for m in m.chunks_exact(3) {
                    let _ = game.play_i64(m[0], m[1], m[2]);
                }
                m.len() / 3
            });
            let after = empty + HELD.load(Ordering::Relaxed) - before;
            println!(
                r#"{{"kind":"memory","n":{n},"mode":"{label}","empty":{empty},"played":{after},"moves":{played}}}"#
            );
        }
        None => println!(
            r#"{{"kind":"memory","n":{n},"mode":"{label}","empty":null,"played":null,"moves":0}}"#
        ),
    }
}

fn run(dir: &Path) {
    for (file, n, _, _) in SETS {
        let words = read(&dir.join(file)).expect("the games file: run `generate` first");
        let set = games(&words);
        let set = set.as_slice();
        let ops: u64 = set.iter().map(|(_, m)| m.len() as u64 / 3).sum();
        let runs = if n == 3 { 31 } else { 9 };
        let group_name = format!("engine, n = {n}");
        let mut counters = vec![0i32; 2 * n];
        let mut wide = vec![0i32; 4 * n];
        let mut guarded = vec![0i32; 4 * n + 4];
        let mut state = GuardedState([0; 48]);
        let mut compact = vec![0i32; 2 * n + 2];
        let mut compact_state = GuardedState([0; 48]);
        // The README's calls: `Game`, which picks the counters for these rules at run time.
        let mut lean = Game::new_lean(n).expect("lean game");
        let mut batched = Game::new_lean(n).expect("lean game");
        let mut contenders: Vec<Contender<'_>> = vec![
            (
                "C counter loop, gcc -O2 (the floor)",
                Box::new(|| {
                    // SAFETY: `words` is a well-formed record list; `counters` has room for 2n ints.
                    unsafe { reference_replay(words.as_ptr(), words.len(), counters.as_mut_ptr()) }
                }),
            ),
            (
                "C counter loop, counts padded to the core's 8 bytes a line",
                Box::new(|| {
                    // SAFETY: as above; `wide` has room for 4n ints.
                    unsafe { reference_replay_wide(words.as_ptr(), words.len(), wide.as_mut_ptr()) }
                }),
            ),
            ("idiomatic Rust counters", Box::new(|| plain_rust(set))),
            (
                "C counter loop with every check a lean game makes",
                Box::new(|| {
                    // SAFETY: as above; `guarded` has room for 2 pairs of ints per line, 2n + 2
                    // lines; `state` is as large and aligned as the C struct.
                    unsafe {
                        reference_guarded_replay(
                            words.as_ptr(),
                            words.len(),
                            guarded.as_mut_ptr(),
                            &raw mut state,
                        )
                    }
                }),
            ),
            (
                "C counter loop with every check, one 4-byte word a line (signed count, has-X and has-O bits)",
                Box::new(|| {
                    // SAFETY: as above; `compact` has room for 2n + 2 ints; `compact_state` is
                    // as large and aligned as the C struct.
                    unsafe {
                        reference_compact_replay(
                            words.as_ptr(),
                            words.len(),
                            compact.as_mut_ptr(),
                            &raw mut compact_state,
                        )
                    }
                }),
            ),
            (
                "core lean (Game::new_lean)",
                Box::new(|| replay(&mut lean, set)),
            ),
            (
                "core lean, one batch (play_all) per game",
                Box::new(|| batch_replay(&mut batched, set)),
            ),
        ];
        let abi_game = tictactoe::tictactoe_new_lean(n as i64);
        contenders.push((
            "C ABI lean, per call (through a function pointer)",
            Box::new(move || abi_replay(abi_game, set)),
        ));
        if n <= MAX_CHECKED_N {
            let mut checked = Game::new(n).expect("checked game");
            contenders.push((
                "core checked (Game::new)",
                Box::new(move || replay(&mut checked, set)),
            ));
            let mut by_name = ClassicGame::new(n).expect("checked game");
            contenders.push((
                "core checked, the counters by name (ClassicGame::new)",
                Box::new(move || replay(&mut by_name, set)),
            ));
        }
        if n == 3 {
            contenders.push((
                "core lean, new game per game",
                Box::new(|| new_per_game(set, || Game::new_lean(3).expect("game"))),
            ));
            contenders.push((
                "core checked, new game per game",
                Box::new(|| new_per_game(set, || Game::new(3).expect("game"))),
            ));
            contenders.push((
                "core fixed 3x3 (no allocator), new per game",
                Box::new(|| new_per_game(set, FixedGame::<3>::new)),
            ));
        }
        group(&group_name, runs, ops, contenders);
        // SAFETY: made by tictactoe_new_lean above; the contenders that used it are gone.
        unsafe { tictactoe::tictactoe_free(abi_game) };
        if n == 3 {
            queries(set, runs);
        }
        memory(n, Mode::Lean, set);
        memory(n, Mode::Checked, set);
    }
}

/// The same floor in idiomatic Rust: one signed count per line, a reused vector, no validation.
fn plain_rust(set: &[(usize, &[i64])]) -> i64 {
    let mut lines = Vec::new();
    let mut winners = 0;
    for &(n, moves) in set {
        lines.clear();
        lines.resize(2 * n, 0i32);
        let (rows, cols) = lines.split_at_mut(n);
        let (mut diag, mut anti) = (0i32, 0i32);
        let target = n as i32;
        for m in moves.chunks_exact(3) {
            let (r, c, p) = (m[0] as usize, m[1] as usize, m[2]);
            let d = if p == 1 { 1 } else { -1 };
            rows[r] += d;
            cols[c] += d;
            if r == c {
                diag += d;
            }
            if r + c == n - 1 {
                anti += d;
            }
            if [rows[r], cols[c], diag, anti]
                .iter()
                .any(|v| v.abs() == target)
            {
                winners += p;
            }
        }
    }
    winners
}

/// Replays through the exported C functions, called through pointers as a C program calls into a
/// library: nothing is inlined across the boundary.
fn abi_replay(game: *mut tictactoe::TicTacToe, set: &[(usize, &[i64])]) -> i64 {
    type Move = unsafe extern "C" fn(*mut tictactoe::TicTacToe, i64, i64, i64) -> i32;
    type Reset = unsafe extern "C" fn(*mut tictactoe::TicTacToe) -> i32;
    let play: Move = black_box(tictactoe::tictactoe_move);
    let reset: Reset = black_box(tictactoe::tictactoe_reset);
    let mut winners = 0;
    for &(_, moves) in set {
        // SAFETY: `game` is a live game from tictactoe_new_lean.
        unsafe { reset(game) };
        for m in moves.chunks_exact(3) {
            // SAFETY: as above.
            winners += i64::from(unsafe { play(game, m[0], m[1], m[2]) });
        }
    }
    winners
}

/// Replays every game through a new game from `make`, as a user starting each game afresh would.
fn new_per_game<R: Representation>(set: &[(usize, &[i64])], make: impl Fn() -> GameOn<R>) -> i64 {
    let mut winners = 0;
    for &(_, moves) in set {
        let mut game = make();
        for m in moves.chunks_exact(3) {
            winners += i64::from(game.play_i64(m[0], m[1], m[2]).expect("legal"));
        }
    }
    winners
}

/// The other O(1) operations on the n = 3 games, each on top of the same replay.
fn queries(set: &[(usize, &[i64])], runs: usize) {
    let ops: u64 = set.iter().map(|(_, m)| m.len() as u64 / 3).sum();
    let mut games: Vec<Game> = (0..4).map(|_| Game::new(3).expect("game")).collect();
    let [a, b, c, d] = games.as_mut_slice() else {
        unreachable!("four games")
    };
    // Each returns the sum of the winners, like every replay, and keeps what it queried alive.
    let contenders: Vec<Contender<'_>> = vec![
        ("play (checked), for scale", Box::new(|| replay(a, set))),
        (
            "play + can_win(X) + can_win(O)",
            Box::new(|| {
                let can_win = |g: &mut Game| {
                    black_box((g.can_win(Player::X), g.can_win(Player::O)));
                };
                replay_then(b, set, can_win, |_| {})
            }),
        ),
        (
            "play + undo",
            Box::new(|| {
                let undo_all = |g: &mut Game| {
                    while let Ok(undone) = g.undo() {
                        black_box(undone);
                    }
                };
                replay_then(c, set, |_| {}, undo_all)
            }),
        ),
        (
            "play + encode + decode",
            Box::new(|| {
                let round_trip = |g: &mut Game| {
                    black_box(Game::decode(&g.encode()).expect("round trip"));
                };
                replay_then(d, set, |_| {}, round_trip)
            }),
        ),
    ];
    group("operations per move, n = 3", runs, ops, contenders);
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    match (args.get(1).map(String::as_str), args.get(2)) {
        (Some("generate"), Some(dir)) => {
            let dir = Path::new(dir);
            std::fs::create_dir_all(dir).expect("the data folder");
            let mut rng = Rng::new(0x7111_7ac7_0e00_0001);
            for (file, n, count, limit) in SETS {
                let path = dir.join(file);
                if !path.exists() {
                    write(&path, &generate(n, count, limit, &mut rng)).expect("write games");
                }
            }
        }
        (Some("connect-four-batch"), _) => family::batch_rows(),
        (Some("solver-set"), _) => solver_sets::run(&args[2..]),
        (Some("dial"), _) => dial::run(&args[2..]),
        (Some("selfplay"), _) => dial::selfplay(&args[2..]),
        (Some("classic-batch"), _) => batches::classic_batch_rows(),
        (Some("run"), Some(dir)) => {
            run(Path::new(dir));
            family::run();
            batches::classic_batch_rows();
        }
        _ => {
            eprintln!(
                "usage: tictactoe-bench generate DIR | run DIR | classic-batch | solver-set LOW HIGH COUNT [RULES] | \
                 dial RULES GAMES MAX_NODES SKILL... | selfplay RULES GAMES MAX_NODES \
                 (books: the tictactoe command's book build, shard, merge and verify)"
            );
            std::process::exit(2);
        }
    }
}
