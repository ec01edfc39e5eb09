//! `tictactoe solve` and `tictactoe values`: perfect play of one position, as a person reads it or
//! as JSON for a script.

use tictactoe_core::{Game, Player};
use tictactoe_solve::{Book, Solver};

use crate::board::{Base, clip, game_of_board, game_of_moves, read_board_text, rules_named};
use crate::output::{Json, move_name, outcome_words};
use crate::{Done, Failure, Io};

/// A position and how to search it.
#[derive(clap::Args)]
pub(crate) struct Args {
    /// The moves played, X first: with gravity the columns (`4453`), else cells `ROW,COL` apart
    /// by spaces (`"2,2 1,1"`). Empty: the empty board.
    #[arg(default_value = "")]
    position: String,
    /// The rules: tictactoe, connect4, gomoku, N (the N x N game), ROWSxCOLSxK, with a trailing
    /// g for gravity (6x7x4g). Default: connect4, or the board file's size.
    #[arg(long, short)]
    game: Option<String>,
    /// Only exactly k in a row wins (gomoku's standard rule).
    #[arg(long)]
    exact: bool,
    /// A board file instead of moves (`-`: stdin): one row a line, `X`, `O` and `.`, or the
    /// board as the engine draws it (`|X| |O|`).
    #[arg(long, short, value_name = "FILE", conflicts_with = "position")]
    board: Option<String>,
    /// Columns, rows and cells numbered from 1 (people, Pons' solver) or 0 (BitBully's strings).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u8).range(0..=1))]
    base: u8,
    /// Answer in JSON, for scripts.
    #[arg(long)]
    json: bool,
    /// The most positions the search may visit (exit 1 when it runs out); default: no limit.
    #[arg(long, value_name = "N")]
    max_nodes: Option<u64>,
    /// An opening book to read besides the shipped ones (the engine's or BitBully's files).
    #[arg(long, value_name = "FILE")]
    book: Vec<String>,
    /// Search without any book, the shipped ones included.
    #[arg(long)]
    no_book: bool,
    /// The threads a search without a budget may use (default: the cores this process may use).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=256))]
    threads: Option<u32>,
}

impl Args {
    fn base(&self) -> Base {
        Base(self.base)
    }

    /// The game these arguments name.
    pub(crate) fn game(&self, io: &mut Io<'_>) -> Result<Game, Failure> {
        let rules = self
            .game
            .as_deref()
            .map(|g| rules_named(g, self.exact))
            .transpose()?;
        match &self.board {
            Some(path) => game_of_board(&read_board_text(path, io.input)?, rules),
            None => {
                let rules = rules.unwrap_or_else(|| {
                    tictactoe_core::Rules::connect_four().with_exact(self.exact)
                });
                game_of_moves(rules, &self.position, self.base())
            }
        }
    }

    /// A solver with the books these arguments ask for.
    fn solver(&self) -> Result<Solver, Failure> {
        let threads = self.threads.map_or(0, |t| t as usize);
        let mut solver = Solver::new(Solver::DEFAULT_TABLE_BITS)?.with_threads(threads);
        solver.use_book(!self.no_book);
        for path in &self.book {
            solver.add_book(read_book(path)?);
        }
        Ok(solver)
    }
}

/// The book in the file at `path`, its memory asked for before it is read: a file too large for
/// the memory is refused, not an abort.
pub(crate) fn read_book(path: &str) -> Result<Book, Failure> {
    use std::io::Read;
    let quoted = clip(path);
    let mut file =
        std::fs::File::open(path).map_err(|e| Failure::Input(format!("{quoted}: {e}")))?;
    let len = file.metadata().map(|m| m.len()).unwrap_or(0);
    let mut bytes = Vec::new();
    usize::try_from(len)
        .ok()
        .and_then(|len| bytes.try_reserve_exact(len).ok())
        .ok_or_else(|| {
            Failure::Input(format!(
                "{quoted}: {len} bytes: not enough memory to read it"
            ))
        })?;
    file.read_to_end(&mut bytes)
        .map_err(|e| Failure::Input(format!("{quoted}: {e}")))?;
    Book::from_bytes(&bytes).map_err(|e| Failure::Input(format!("{quoted}: {e}")))
}

/// `tictactoe solve`.
pub(crate) fn solve(args: &Args, io: &mut Io<'_>) -> Done {
    let game = args.game(io)?;
    let mut solver = args.solver()?;
    let solution = solver.solve(&game, args.max_nodes)?;
    let best = solver.best_moves(&game, args.max_nodes)?;
    let mover = game.to_move().unwrap_or(Player::X);
    let (base, gravity) = (args.base(), game.rules().gravity());
    if args.json {
        let mut json = Json::object();
        json.text("to_move", &mover.symbol().to_string());
        json.number("value", solution.value.into());
        json.number("plies", solution.plies.into());
        json.moves("best_moves", &best, base, gravity);
        writeln!(io.out, "{}", json.close())?;
        return Ok(());
    }
    writeln!(
        io.out,
        "{} to move: {}",
        mover.symbol(),
        outcome_words(solution, mover)
    )?;
    let names: Vec<String> = best.iter().map(|&m| move_name(m, base, gravity)).collect();
    let what = if gravity { "columns" } else { "cells" };
    writeln!(io.out, "best moves ({what}): {}", names.join(" "))?;
    Ok(())
}

/// `tictactoe values`.
pub(crate) fn values(args: &Args, io: &mut Io<'_>) -> Done {
    let game = args.game(io)?;
    let mut values = args.solver()?.move_values(&game, args.max_nodes)?;
    if game.rules().gravity() {
        // Column by column, as the moves are named.
        values.sort_by_key(|&((_, col), _)| col);
    }
    let mover = game.to_move().unwrap_or(Player::X);
    let (base, gravity) = (args.base(), game.rules().gravity());
    if args.json {
        let entries: Vec<String> = values
            .iter()
            .map(|&(cell, s)| {
                let mut entry = Json::object();
                entry.moves_one(cell, base, gravity);
                entry.number("value", s.value.into());
                entry.number("plies", s.plies.into());
                entry.close()
            })
            .collect();
        let mut json = Json::object();
        json.text("to_move", &mover.symbol().to_string());
        json.raw("moves", &format!("[{}]", entries.join(", ")));
        writeln!(io.out, "{}", json.close())?;
        return Ok(());
    }
    for &(cell, s) in &values {
        let name = move_name(cell, base, gravity);
        writeln!(io.out, "{name}: {}", outcome_words(s, mover))?;
    }
    Ok(())
}
