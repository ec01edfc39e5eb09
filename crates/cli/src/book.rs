//! `tictactoe book`: the opening books of gravity games built, checked and read. A book holds
//! every position of up to `DEPTH` stones that is not over, one under each key (a position and its
//! mirror image share one), with its win, draw or loss or its exact score.
//!
//! A build splits the deepest positions into shards solved independently (`book shard`, one
//! `key value` line a position, appended as it goes: a stopped shard resumes where it stopped),
//! then merges them (`book merge`): every deep position must be there, the shallower ones are
//! scored by minimax over their children, and a sample is solved again, which must agree. `book
//! build` runs the shards on this machine's threads; `tools/book_cluster.py` runs the same
//! `book shard` on Ray's workers, on many machines. The same arguments write the same file.

use std::collections::{BTreeMap, HashMap};
use std::fs::{File, OpenOptions};
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};

use clap::Subcommand;
use tictactoe_core::{Game, Player, Rules};
use tictactoe_solve::{Book, Solver};

use crate::board::clip;
use crate::progress::Progress;
use crate::solve::read_book;
use crate::{Done, Failure, Io};

#[derive(clap::Args)]
pub(crate) struct Args {
    #[command(subcommand)]
    command: BookCommand,
}

/// What a build is of: the rules, the depth, win/draw/loss or exact, and the books the search
/// reads inside (a deeper book makes an exact book of shallower positions a short search each:
/// the answers are the same, a book only prunes).
#[derive(clap::Args, Clone)]
struct Spec {
    /// The rules, a gravity game: connect4 or ROWSxCOLSxK (6x7x4).
    rules: String,
    /// The stones of the deepest positions.
    depth: usize,
    /// Exact scores (how soon a game is won), not only win, draw or loss.
    #[arg(long)]
    exact: bool,
    /// A book the search reads inside; repeatable. Without any, every value is the search's own.
    #[arg(long, value_name = "FILE")]
    book: Vec<String>,
}

#[derive(Subcommand)]
enum BookCommand {
    /// Build a book on this machine's threads, resumable: each shard's lines are kept in DIR.
    Build {
        #[command(flatten)]
        spec: Spec,
        /// Where the shards' lines are kept.
        #[arg(long)]
        dir: PathBuf,
        /// The book's file.
        #[arg(long)]
        out: PathBuf,
        /// How many shards the deepest positions are split into.
        #[arg(long, default_value_t = 64)]
        shards: u64,
        /// Shards solved at once, one thread each (default: the cores this process may use).
        #[arg(long)]
        workers: Option<usize>,
    },
    /// Solve one shard of a build (what each worker of a cluster runs).
    Shard {
        #[command(flatten)]
        spec: Spec,
        /// The shard, from 0.
        shard: u64,
        /// How many shards there are.
        shards: u64,
        /// The shard's file: its lines so far, appended to.
        file: PathBuf,
    },
    /// Merge the shards' files into a book.
    Merge {
        #[command(flatten)]
        spec: Spec,
        /// The book's file.
        out: PathBuf,
        /// The shards' files.
        #[arg(required = true)]
        files: Vec<PathBuf>,
    },
    /// Check a book: every claim of its file, then a sample of its positions against the search.
    Verify {
        /// The book's file: the engine's own or one of BitBully's.
        file: String,
        /// How many of its deepest positions to solve again.
        #[arg(long, default_value_t = 20)]
        sample: usize,
        /// The seed of the random positions.
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
    /// What a book holds.
    Inspect {
        /// The book's file: the engine's own or one of BitBully's.
        file: String,
    },
}

pub(crate) fn run(args: Args, io: &mut Io<'_>) -> Done {
    match args.command {
        BookCommand::Build {
            spec,
            dir,
            out,
            shards,
            workers,
        } => build(&spec, &dir, &out, shards, workers, io),
        BookCommand::Shard {
            spec,
            shard,
            shards,
            file,
        } => {
            let plan = Plan::of(&spec)?;
            if shard >= shards {
                return Err(Failure::Input("SHARD must be below SHARDS".into()));
            }
            let layer = plan.layers(plan.depth).pop().unwrap_or_default();
            let bar = Progress::new(io.terminal, 0, "positions");
            solve_shard(&plan, &layer, shard, shards, &file, &bar)
        }
        BookCommand::Merge { spec, out, files } => merge(&Plan::of(&spec)?, &out, &files, io),
        BookCommand::Verify { file, sample, seed } => verify(&file, sample, seed, io),
        BookCommand::Inspect { file } => inspect(&file, io),
    }
}

/// A build's rules, depth, kind and books, read and checked.
struct Plan {
    rules: Rules,
    depth: usize,
    exact: bool,
    books: Vec<Book>,
}

impl Plan {
    fn of(spec: &Spec) -> Result<Plan, Failure> {
        let rules = match spec.rules.as_str() {
            "connect4" | "connect-four" => Rules::connect_four(),
            text => {
                let parts: Option<Vec<i64>> = text.split('x').map(|p| p.parse().ok()).collect();
                let Some(&[rows, cols, k]) = parts.as_deref() else {
                    let why = format!("RULES is connect4 or ROWSxCOLSxK, not {:?}", clip(text));
                    return Err(Failure::Input(why));
                };
                Rules::new_i64(rows, cols, k, true)
                    .map_err(|e| Failure::Input(format!("RULES {}: {e}", clip(text))))?
            }
        };
        if tictactoe_core::view::Shape::of(rules).is_none() {
            let why = format!(
                "RULES {}: books hold boards of one word: (rows + 1) * cols <= 64",
                clip(&spec.rules)
            );
            return Err(Failure::Input(why));
        }
        if spec.depth as u64 >= rules.cells() {
            return Err(Failure::Input(format!(
                "DEPTH must be below the {} cells",
                rules.cells()
            )));
        }
        let books = spec
            .book
            .iter()
            .map(|p| read_book(p))
            .collect::<Result<_, _>>()?;
        Ok(Plan {
            rules,
            depth: spec.depth,
            exact: spec.exact,
            books,
        })
    }

    /// The game after dropping `drops` in turn, X first.
    fn game_of(&self, drops: &[usize]) -> Game {
        let mut game = Game::with_rules(self.rules).expect("rules checked in Plan::of");
        for (i, &col) in drops.iter().enumerate() {
            game.drop_in(col, mover(i))
                .expect("drops a layer found legal");
        }
        game
    }

    /// Every layer of positions not over, from the empty board to `depth` stones: each position
    /// once under its key, with drops that reach it (the first found, so the same on every run).
    fn layers(&self, depth: usize) -> Vec<BTreeMap<u64, Vec<usize>>> {
        let key = |game: &Game| Book::key_of(game).expect("a board of one word");
        let mut layers = vec![BTreeMap::from([(key(&self.game_of(&[])), vec![])])];
        for stones in 0..depth {
            let mut next = BTreeMap::new();
            for drops in layers[stones].values() {
                let game = self.game_of(drops);
                for col in 0..self.rules.cols() {
                    let mut child = game.clone();
                    if child.drop_in(col, mover(stones)) == Ok(None) && !child.is_over() {
                        let mut longer = drops.clone();
                        longer.push(col);
                        next.entry(key(&child)).or_insert(longer);
                    }
                }
            }
            layers.push(next);
        }
        layers
    }

    /// A solver for building: without books, books off, so that every value is the search's
    /// own; with them, the shipped books aside and these read inside the search. One thread: the
    /// shards (and Ray's workers) are what runs side by side.
    fn solver(&self, with_books: bool) -> Result<Solver, Failure> {
        let mut solver = Solver::new(22)?.with_threads(1);
        let books = if with_books { &self.books[..] } else { &[] };
        solver.use_book(!books.is_empty());
        solver.drop_shipped_books();
        for book in books {
            solver.add_book(book.clone());
        }
        Ok(solver)
    }

    /// The book's value of `game`: its exact score, or its win, draw or loss.
    fn value(&self, solver: &mut Solver, game: &Game) -> Result<i32, Failure> {
        if self.exact {
            let solved = solver.solve(game, None)?;
            Ok(Solver::book_score(game, solved) as i32)
        } else {
            Ok(solver.value(game, None)?.into())
        }
    }
}

/// The mover of a position of `stones` stones.
fn mover(stones: usize) -> Player {
    if stones.is_multiple_of(2) {
        Player::X
    } else {
        Player::O
    }
}

/// The shard of `shards` a key belongs to.
fn shard_of(key: u64, shards: u64) -> u64 {
    (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 32) % shards
}

/// A shard file's name in a build's folder.
fn shard_name(shard: u64, shards: u64) -> String {
    let width = (shards - 1).to_string().len();
    format!("shard-{shard:0width$}-of-{shards}.txt")
}

fn io_failure(path: &Path, e: std::io::Error) -> Failure {
    Failure::Input(format!("{}: {e}", clip(&path.display().to_string())))
}

/// The `key value` lines of `path` that are whole; a torn last line is cut off the file.
fn read_lines(path: &Path) -> Result<HashMap<u64, i32>, Failure> {
    let Ok(file) = File::open(path) else {
        return Ok(HashMap::new());
    };
    let mut found = HashMap::new();
    let mut whole = 0u64;
    for line in BufReader::new(file).split(b'\n') {
        let line = line.map_err(|e| io_failure(path, e))?;
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
        .map_err(|e| io_failure(path, e))?;
    let len = file.metadata().map_err(|e| io_failure(path, e))?.len();
    file.set_len(whole.min(len))
        .map_err(|e| io_failure(path, e))?;
    Ok(found)
}

/// Solves the positions of `layer` in shard `shard` of `shards` that `file` does not hold yet, on
/// one table kept from position to position, in key order (of the orders and sizes tried on 150
/// positions of 8 stones, the fastest), each line appended and the file flushed every 100.
fn solve_shard(
    plan: &Plan,
    layer: &BTreeMap<u64, Vec<usize>>,
    shard: u64,
    shards: u64,
    file: &Path,
    bar: &Progress,
) -> Done {
    let done = read_lines(file)?;
    let mut out = OpenOptions::new()
        .create(true)
        .append(true)
        .open(file)
        .map_err(|e| io_failure(file, e))?;
    let mine: Vec<_> = layer
        .iter()
        .filter(|(key, _)| shard_of(**key, shards) == shard && !done.contains_key(key))
        .collect();
    bar.grow(mine.len() as u64);
    let mut solver = plan.solver(true)?;
    for (i, (key, drops)) in mine.iter().enumerate() {
        let value = plan.value(&mut solver, &plan.game_of(drops))?;
        writeln!(out, "{key:x} {value}").map_err(|e| io_failure(file, e))?;
        if (i + 1) % 100 == 0 || i + 1 == mine.len() {
            out.flush().map_err(|e| io_failure(file, e))?;
        }
        bar.step();
    }
    Ok(())
}

/// `book build`: every shard on `workers` threads, then the merge.
fn build(
    spec: &Spec,
    dir: &Path,
    out: &Path,
    shards: u64,
    workers: Option<usize>,
    io: &mut Io<'_>,
) -> Done {
    let plan = Plan::of(spec)?;
    if shards == 0 {
        return Err(Failure::Input("--shards must be 1 or more".into()));
    }
    std::fs::create_dir_all(dir).map_err(|e| io_failure(dir, e))?;
    let layer = plan.layers(plan.depth).pop().unwrap_or_default();
    let workers = workers
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, usize::from))
        .clamp(1, shards as usize);
    let bar = Progress::new(io.terminal, 0, "positions");
    let next = AtomicU64::new(0);
    let failed = Mutex::new(None);
    std::thread::scope(|scope| {
        for _ in 0..workers {
            scope.spawn(|| {
                loop {
                    let shard = next.fetch_add(1, Ordering::Relaxed);
                    if shard >= shards || failed.lock().map_or(true, |f| f.is_some()) {
                        return;
                    }
                    let file = dir.join(shard_name(shard, shards));
                    if let Err(e) = solve_shard(&plan, &layer, shard, shards, &file, &bar)
                        && let Ok(mut f) = failed.lock()
                    {
                        f.get_or_insert(e);
                    }
                }
            });
        }
    });
    bar.finish();
    if let Some(failure) = failed.into_inner().ok().flatten() {
        return Err(failure);
    }
    let files: Vec<PathBuf> = (0..shards)
        .map(|s| dir.join(shard_name(s, shards)))
        .collect();
    merge(&plan, out, &files, io)
}

/// The most positions of one shallower layer a merge solves again, reading the books.
const MERGE_SAMPLE: usize = 256;

/// The most positions of the deepest layer a merge solves again without any book: the check that
/// owes nothing to the books the shards read.
const MERGE_FRESH: usize = 24;

/// `book merge`.
fn merge(plan: &Plan, out: &Path, files: &[PathBuf], io: &mut Io<'_>) -> Done {
    let mut solved = HashMap::new();
    for file in files {
        solved.extend(read_lines(file)?);
    }
    let depth = plan.depth;
    let layers = plan.layers(depth);
    let deepest = &layers[depth];
    let missing = deepest.keys().filter(|k| !solved.contains_key(k)).count();
    if missing > 0 {
        return Err(Failure::Input(format!(
            "{missing} positions of {depth} stones are not solved yet"
        )));
    }
    let extra = solved.len() - deepest.len();
    if extra > 0 {
        return Err(Failure::Input(format!(
            "{extra} lines are no position of {depth} stones"
        )));
    }
    let cells = plan.rules.cells() as i32;
    for stones in (0..depth).rev() {
        for (key, drops) in &layers[stones] {
            let game = plan.game_of(drops);
            let best = (0..plan.rules.cols())
                .filter_map(|col| {
                    let mut child = game.clone();
                    match child.drop_in(col, mover(stones)) {
                        Err(_) => None,
                        Ok(Some(_)) if plan.exact => Some(cells + 1 - (stones as i32 + 1)),
                        Ok(Some(_)) => Some(1),
                        Ok(None) if child.is_over() => Some(0),
                        Ok(None) => Book::key_of(&child).map(|k| -solved[&k]),
                    }
                })
                .max()
                .unwrap_or(0);
            solved.insert(*key, best);
        }
    }
    // A sample solved again: a few of the deepest by a fresh solver without any book (a wrong
    // book or a wrong shard shows here), every 97th of each shallower layer (or about
    // MERGE_SAMPLE of a large one) by a solver reading the books.
    let mut fresh = plan.solver(false)?;
    let every = (deepest.len() / MERGE_FRESH).max(1);
    for (key, drops) in deepest.iter().step_by(every) {
        let value = plan.value(&mut fresh, &plan.game_of(drops))?;
        if value != solved[key] {
            let why = format!(
                "the shards say {} of {drops:?}, a search without books {value}",
                solved[key]
            );
            return Err(Failure::Answer(why));
        }
    }
    let mut check = plan.solver(true)?;
    for layer in &layers[..depth] {
        let every = (layer.len() / MERGE_SAMPLE).max(97);
        for (key, drops) in layer.iter().step_by(every) {
            let value = plan.value(&mut check, &plan.game_of(drops))?;
            if value != solved[key] {
                let why = format!(
                    "minimax over the shards says {} of {drops:?}, the search {value}",
                    solved[key]
                );
                return Err(Failure::Answer(why));
            }
        }
    }
    let mut entries: Vec<(u64, i32)> = solved.into_iter().collect();
    let book = Book::build(plan.rules, depth as u32, plan.exact, &mut entries)?;
    std::fs::write(out, book.as_bytes()).map_err(|e| io_failure(out, e))?;
    let bytes = book.as_bytes().len();
    writeln!(
        io.err,
        "{}: {} positions of at most {depth} stones in {bytes} bytes ({:.2} a position)",
        out.display(),
        book.len(),
        bytes as f64 / book.len().max(1) as f64
    )?;
    Ok(())
}

/// `book inspect`.
fn inspect(file: &str, io: &mut Io<'_>) -> Done {
    let book = read_book(file)?;
    let rules = book.rules();
    writeln!(
        io.out,
        "rules: {} x {}, {} in a row, gravity",
        rules.rows(),
        rules.cols(),
        rules.k()
    )?;
    writeln!(
        io.out,
        "positions: {} of {} to {} stones",
        book.len(),
        book.shallowest(),
        book.depth()
    )?;
    let kind = if book.is_exact() {
        "exact scores"
    } else {
        "win, draw or loss"
    };
    writeln!(io.out, "values: {kind}")?;
    writeln!(io.out, "bytes: {}", book.as_bytes().len())?;
    Ok(())
}

/// `book verify`: the file's every claim (read), then `sample` random positions of its depth
/// solved by a search that reads no book, each compared with what the book says.
fn verify(file: &str, sample: usize, seed: u64, io: &mut Io<'_>) -> Done {
    let book = read_book(file)?;
    let rules = book.rules();
    let mut solver = Solver::new(22)?;
    solver.use_book(false);
    let mut state = seed | 1;
    let mut below = |n: usize| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % n as u64) as usize
    };
    let bar = Progress::new(io.terminal, sample as u64, "positions");
    let (mut checked, mut tries) = (0, 0);
    while checked < sample && tries < 100 * sample.max(1) {
        tries += 1;
        let mut game = Game::with_rules(rules)?;
        while (game.move_count() as u32) < book.depth() && !game.is_over() {
            let col = below(rules.cols());
            let _ = game.drop_in(col, mover(game.move_count() as usize));
        }
        if game.is_over() {
            continue;
        }
        let Some(said) = book.value(&game) else {
            continue;
        };
        let agrees = match book.solution(&game) {
            Some(exact) => solver.solve(&game, None)? == exact,
            None => solver.value(&game, None)? == said,
        };
        if !agrees {
            let moves: Vec<String> = game.moves().map(|(_, c, _)| (c + 1).to_string()).collect();
            return Err(Failure::Answer(format!(
                "the book is wrong at {}",
                moves.concat()
            )));
        }
        checked += 1;
        bar.step();
    }
    bar.finish();
    writeln!(
        io.out,
        "{file}: every claim of the file holds; {checked} positions agree with the search"
    )?;
    Ok(())
}
