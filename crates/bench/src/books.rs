//! The book builder for gravity games ([`Book`]): every position of `DEPTH` stones that is not
//! over, one under each key (a position and its mirror image share one), split into shards that
//! are solved independently and merged.
//!
//! - `tictactoe-bench book-shard RULES DEPTH SHARD SHARDS FILE [exact] [--book PATH]...` solves
//!   the positions of shard `SHARD` of `SHARDS` (those whose key hashes to it), one line
//!   `key value` each, appended to `FILE` as it goes: a run that stops resumes where it stopped.
//!   Without `exact` a value is the win (1), draw (0) or loss (-1) for the mover; with it, the
//!   search's exact score.
//! - `tictactoe-bench book-merge RULES DEPTH OUT FILE... [exact] [--book PATH]...` reads the
//!   shards, checks that every position of `DEPTH` stones is there, scores the shallower ones by
//!   minimax over their children, solves a sample again (which must agree) and writes the book:
//!   positions of `DEPTH` stones on a fresh solver that reads no book at all, whatever `--book`
//!   says, and shallower ones on a solver that reads the `--book` files.
//!
//! `RULES` is `ROWSxCOLSxK` (`6x7x4`: Connect Four). The same arguments write the same file.
//! Without `--book` the search reads no book, so every value is its own; each `--book` is a book
//! file the search reads inside (a deeper win/draw/loss book makes an exact book of shallower
//! positions a short search each: the answers are the same, a book only prunes).

use std::collections::{BTreeMap, HashMap};
use std::fs::{File, OpenOptions};
use std::io::{BufRead, BufReader, Write};
use std::time::Instant;

use tictactoe_core::{Game, Player, Rules};
use tictactoe_solve::{Book, Solver};

/// Gravity rules from `ROWSxCOLSxK`.
pub(crate) fn rules_of(text: &str) -> Rules {
    let parts: Option<Vec<usize>> = text.split('x').map(|p| p.parse().ok()).collect();
    let Some(&[rows, cols, k]) = parts.as_deref() else {
        fail(&format!("RULES is ROWSxCOLSxK, not {text:?}"))
    };
    Rules::new(rows, cols, k, true).unwrap_or_else(|e| {
        fail(&format!(
            "RULES {text}: not gravity rules the engine takes ({e})"
        ))
    })
}

/// The game after dropping `drops` in turn, X first.
pub(crate) fn game_of(rules: Rules, drops: &[usize]) -> Game {
    let mut game = Game::with_rules(rules).expect("rules that fit a word");
    for (i, &col) in drops.iter().enumerate() {
        let player = if i % 2 == 0 { Player::X } else { Player::O };
        game.drop_in(col, player).expect("a legal drop");
    }
    game
}

/// The mover of a position of `stones` stones.
fn mover(stones: usize) -> Player {
    if stones.is_multiple_of(2) {
        Player::X
    } else {
        Player::O
    }
}

/// Every layer of positions not over, from the empty board to `depth` stones: each position once
/// under its key, with drops that reach it (the first found, so the same on every run).
pub(crate) fn layers(rules: Rules, depth: usize) -> Vec<BTreeMap<u64, Vec<usize>>> {
    let empty = game_of(rules, &[]);
    let mut layers = vec![BTreeMap::from([(
        Book::key_of(&empty).expect("fits"),
        vec![],
    )])];
    for stones in 0..depth {
        let mut next = BTreeMap::new();
        for drops in layers[stones].values() {
            let game = game_of(rules, drops);
            for col in 0..rules.cols() {
                let mut child = game.clone();
                if child.drop_in(col, mover(stones)) == Ok(None) && !child.is_over() {
                    let mut longer = drops.clone();
                    longer.push(col);
                    let key = Book::key_of(&child).expect("fits");
                    next.entry(key).or_insert(longer);
                }
            }
        }
        layers.push(next);
    }
    layers
}

/// The shard of `shards` a key belongs to.
fn shard_of(key: u64, shards: u64) -> u64 {
    (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 32) % shards
}

/// The book's value of `game` by the search: its exact score, or its win, draw or loss.
fn solve(solver: &mut Solver, game: &Game, exact: bool) -> i32 {
    if exact {
        // A budget never reached keeps the solve on one thread (no helper): the shards are what
        // runs side by side, and one thread a shard did twice the work a core of the two.
        let solved = solver
            .solve(game, Some(1 << 62))
            .expect("a position in play");
        Solver::book_score(game, solved) as i32
    } else {
        solver.value(game, None).expect("a position in play").into()
    }
}

/// The most positions of one shallower layer a merge solves again, reading the `--book` files.
const MERGE_SAMPLE: usize = 256;

/// The most positions of the deepest layer a merge solves again without any book: the check
/// that owes nothing to the books the shards read (an eight-stone position takes about a second
/// of search without books, so a few dozen keep the merge short).
const MERGE_FRESH: usize = 24;

/// Stops the builder with `message` and exit code 2: a bad argument or file is the caller's
/// mistake, said plainly, not a panic's backtrace.
pub(crate) fn fail(message: &str) -> ! {
    eprintln!("tictactoe-bench: {message}");
    std::process::exit(2)
}

/// A solver for building: without `books`, books off, so that every value is the search's own;
/// with them, the shipped books aside and these read inside the search.
fn fresh_solver(bits: u32, books: &[Book]) -> Solver {
    let mut solver = Solver::new(bits).expect("a table");
    solver.use_book(!books.is_empty());
    solver.drop_shipped_books();
    for book in books {
        solver.add_book(book.clone());
    }
    solver
}

/// The arguments without their `--book PATH` pairs, and the books those name.
fn split_books(args: &[String]) -> (Vec<String>, Vec<Book>) {
    let (mut rest, mut books) = (Vec::new(), Vec::new());
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        if arg != "--book" {
            rest.push(arg.clone());
            continue;
        }
        let Some(path) = args.next() else {
            fail("--book needs a PATH")
        };
        let bytes = std::fs::read(path).unwrap_or_else(|e| fail(&format!("--book {path}: {e}")));
        let book = Book::from_bytes(&bytes)
            .unwrap_or_else(|e| fail(&format!("--book {path}: not a book ({e})")));
        books.push(book);
    }
    (rest, books)
}

/// The `key value` lines of `path` that are whole; a torn last line is cut off.
fn read_lines(path: &str) -> HashMap<u64, i32> {
    let Ok(file) = File::open(path) else {
        return HashMap::new();
    };
    let mut found = HashMap::new();
    let mut whole = 0u64;
    for line in BufReader::new(file).split(b'\n') {
        let line = line.expect("a readable shard");
        let text = String::from_utf8_lossy(&line);
        let mut parts = text.split(' ');
        let (Some(key), Some(value), None) = (parts.next(), parts.next(), parts.next()) else {
            break;
        };
        let (Ok(key), Ok(value)) = (u64::from_str_radix(key, 16), value.parse()) else {
            break;
        };
        found.insert(key, value);
        whole += line.len() as u64 + 1;
    }
    // Whatever follows the last whole line was being written when the run stopped.
    let file = OpenOptions::new()
        .write(true)
        .open(path)
        .expect("the shard");
    file.set_len(whole.min(file.metadata().expect("its size").len()))
        .expect("cut the shard");
    found
}

/// `book-shard RULES DEPTH SHARD SHARDS FILE [exact] [--book PATH]...`.
pub(crate) fn shard(args: &[String]) {
    let usage = "RULES DEPTH SHARD SHARDS FILE [exact] [--book PATH]...";
    let (args, books) = split_books(args);
    let usage = || -> ! { fail(&format!("book-shard {usage}")) };
    let rules = rules_of(args.first().unwrap_or_else(|| usage()));
    let number = |i: usize| -> u64 {
        args.get(i)
            .and_then(|a| a.parse().ok())
            .unwrap_or_else(|| usage())
    };
    let (depth, shard, shards) = (number(1) as usize, number(2), number(3));
    if shard >= shards {
        fail("book-shard: SHARD must be below SHARDS");
    }
    let path = args.get(4).unwrap_or_else(|| usage());
    let exact = args.get(5).is_some_and(|a| a == "exact");
    let done = read_lines(path);
    let mut out = OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
        .expect("the shard's file");
    let layer = layers(rules, depth).pop().expect("a layer");
    let mine: Vec<_> = layer
        .iter()
        .filter(|(key, _)| shard_of(**key, shards) == shard && !done.contains_key(key))
        .collect();
    // In key order, on one table kept from position to position: of the orders and sizes tried
    // on 150 positions of 8 stones (2^22 or 2^24 entries; by key or by the drops that reach
    // them), the fastest.
    let mut solver = fresh_solver(22, &books);
    let start = Instant::now();
    for (i, (key, drops)) in mine.iter().enumerate() {
        let value = solve(&mut solver, &game_of(rules, drops), exact);
        writeln!(out, "{key:x} {value}").expect("write the shard");
        if (i + 1) % 100 == 0 || i + 1 == mine.len() {
            out.flush().expect("flush the shard");
            eprintln!(
                "shard {shard}/{shards}: {}/{} ({} done before) in {:.0} s",
                i + 1,
                mine.len(),
                done.len(),
                start.elapsed().as_secs_f64()
            );
        }
    }
}

/// `book-merge RULES DEPTH OUT FILE... [exact] [--book PATH]...`.
pub(crate) fn merge(args: &[String]) {
    let usage = "RULES DEPTH OUT FILE... [exact] [--book PATH]...";
    let (args, books) = split_books(args);
    let usage = || -> ! { fail(&format!("book-merge {usage}")) };
    let rules = rules_of(args.first().unwrap_or_else(|| usage()));
    let depth: usize = args
        .get(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or_else(|| usage());
    let out = args.get(2).unwrap_or_else(|| usage());
    let exact = args.last().is_some_and(|a| a == "exact");
    let files = args
        .get(3..args.len() - usize::from(exact))
        .unwrap_or_else(|| usage());
    let mut solved = HashMap::new();
    for file in files {
        solved.extend(read_lines(file));
    }
    let layers = layers(rules, depth);
    let deepest = &layers[depth];
    let missing = deepest.keys().filter(|k| !solved.contains_key(k)).count();
    if missing > 0 {
        fail(&format!(
            "{missing} positions of {depth} stones are not solved yet"
        ));
    }
    let extra = solved.len() - deepest.len();
    if extra > 0 {
        fail(&format!("{extra} lines are no position of {depth} stones"));
    }
    let cells = rules.cells() as i32;
    for stones in (0..depth).rev() {
        for (key, drops) in &layers[stones] {
            let game = game_of(rules, drops);
            let best = (0..rules.cols())
                .filter_map(|col| {
                    let mut child = game.clone();
                    match child.drop_in(col, mover(stones)) {
                        Err(_) => None,
                        Ok(Some(_)) if exact => Some(cells + 1 - (stones as i32 + 1)),
                        Ok(Some(_)) => Some(1),
                        Ok(None) if child.is_over() => Some(0),
                        Ok(None) => Some(-solved[&Book::key_of(&child).expect("fits")]),
                    }
                })
                .max()
                .expect("an open column");
            solved.insert(*key, best);
        }
    }
    // A sample solved again. The deepest layer's values come from the shards, so a few of them
    // are solved by a fresh solver without any book: a wrong book or a wrong shard shows here.
    // The shallower values come from minimax over the deeper ones: every 97th position of each
    // layer (or about `MERGE_SAMPLE` where a layer is large) is checked by a solver reading the
    // `--book` files, since without books a position of few stones is minutes of search.
    let mut fresh = fresh_solver(22, &[]);
    let every = (deepest.len() / MERGE_FRESH).max(1);
    for (key, drops) in deepest.iter().step_by(every) {
        let value = solve(&mut fresh, &game_of(rules, drops), exact);
        if value != solved[key] {
            fail(&format!(
                "the shards say {} of {drops:?}, a search without books {value}",
                solved[key]
            ));
        }
    }
    let mut check = fresh_solver(22, &books);
    for layer in &layers[..depth] {
        let every = (layer.len() / MERGE_SAMPLE).max(97);
        for (key, drops) in layer.iter().step_by(every) {
            let value = solve(&mut check, &game_of(rules, drops), exact);
            if value != solved[key] {
                fail(&format!(
                    "minimax over the shards says {} of {drops:?}, the search {value}",
                    solved[key]
                ));
            }
        }
    }
    let mut entries: Vec<(u64, i32)> = solved.into_iter().collect();
    let book = Book::build(rules, depth as u32, exact, &mut entries).expect("a valid book");
    std::fs::write(out, book.as_bytes()).expect("write the book");
    eprintln!(
        "{}: {} positions of at most {depth} stones in {} bytes ({:.2} a position)",
        out,
        book.len(),
        book.as_bytes().len(),
        book.as_bytes().len() as f64 / book.len() as f64
    );
}

/// `bitbully-check FILE COUNT`: reads one of BitBully's books and compares what it says of COUNT
/// random positions of its depth (random drops, games not over) with the search's own answer.
pub(crate) fn bitbully_check(args: &[String]) {
    let usage = "FILE COUNT";
    let bytes = std::fs::read(args.first().expect(usage)).expect("the book's file");
    let count: usize = args.get(1).and_then(|a| a.parse().ok()).expect(usage);
    let start = Instant::now();
    let book = Book::from_bytes(&bytes).expect("a book");
    eprintln!(
        "read {} positions of {} stones (exact: {}) in {:.2} s",
        book.len(),
        book.depth(),
        book.is_exact(),
        start.elapsed().as_secs_f64()
    );
    let rules = Rules::connect_four();
    let mut rng = tictactoe_bench::Rng::new(0x0123_4567_89ab_cdef);
    let mut solver = fresh_solver(22, &[]);
    let (mut checked, mut absent, mut missing) = (0, 0, 0);
    while checked < count {
        let mut drops = Vec::new();
        let mut game = game_of(rules, &[]);
        while drops.len() < book.depth() as usize && !game.is_over() {
            let col = rng.below(7) as usize;
            if game.drop_in(col, mover(drops.len())).is_ok() {
                drops.push(col);
            }
        }
        if game.is_over() || (std::env::var_os("THREATS_ONLY").is_some() && !threatened(&game)) {
            continue;
        }
        // A book of win/draw/loss answers every position of its depth; one of distances may
        // leave some out.
        let Some(said) = book.value(&game) else {
            assert!(book.is_exact(), "{drops:?} missing");
            missing += 1;
            continue;
        };
        let exact = book.solution(&game);
        if book.is_exact() {
            let solved = solver.solve(&game, None).expect("in play");
            assert_eq!(exact, Some(solved), "{drops:?}");
        } else {
            assert_eq!(
                said,
                solver.value(&game, None).expect("in play"),
                "{drops:?}"
            );
        }
        absent += usize::from(said == 1 && !book.is_exact());
        checked += 1;
    }
    println!(
        "{checked} positions agree with the search ({absent} of them wins the book omits; \
         {missing} more not in the book)"
    );
}

/// Whether the player not to move in `game` (7 x 6) would win by a drop now: a threat to block,
/// found by scanning the board.
fn threatened(game: &Game) -> bool {
    let mut grid = [[None; 7]; 6];
    for (row, col, player) in game.moves() {
        grid[row][col] = Some(player);
    }
    let other = game.last_player().unwrap_or(Player::O);
    let at = |r: i32, c: i32, g: &[[Option<Player>; 7]; 6]| {
        (0..6).contains(&r) && (0..7).contains(&c) && g[r as usize][c as usize] == Some(other)
    };
    (0..7).any(|col| {
        let Some(row) = (0..6).rev().find(|&r| grid[r][col].is_none()) else {
            return false;
        };
        let mut g = grid;
        g[row][col] = Some(other);
        [(0, 1), (1, 0), (1, 1), (1, -1)].iter().any(|&(dr, dc)| {
            (-3..=0).any(|s| {
                (0..4).all(|i| at(row as i32 + (s + i) * dr, col as i32 + (s + i) * dc, &g))
            })
        })
    })
}
