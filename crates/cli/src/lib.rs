//! The `tictactoe` command: a terminal game against the engine's [`Agent`](tictactoe_solve::Agent)
//! (`play`), perfect play of a position for people and scripts (`solve`, `values`), the opening
//! books built, checked and read (`book`), and the Gomocup brain (`brain`). [`run`] is the whole
//! command over any argument list and streams: the `tictactoe` binary calls it with the
//! process's, and the Python package's console script with the same.
//!
//! Exit codes: 0 on success, 1 when a search ran out of its budget (`--max-nodes`) or a check
//! found a book wrong, 2 on bad arguments or input, with one line on stderr saying why; nothing
//! is written to stdout on bad input.

mod board;
mod book;
mod output;
mod play;
mod progress;
mod solve;

use std::ffi::OsString;
use std::io::{BufRead, Write};

use clap::{Parser, Subcommand};

/// What went wrong, and the exit code it gets.
#[derive(Debug)]
pub(crate) enum Failure {
    /// Bad arguments or input (exit 2).
    Input(String),
    /// A search without an answer within its budget, or a book that fails its check (exit 1).
    Answer(String),
}

impl Failure {
    fn code(&self) -> i32 {
        match self {
            Failure::Input(_) => 2,
            Failure::Answer(_) => 1,
        }
    }

    fn message(&self) -> &str {
        match self {
            Failure::Input(m) | Failure::Answer(m) => m,
        }
    }
}

/// A refusal of the engine, as the command's failure: a budget spent is no bad input.
impl From<tictactoe_core::Error> for Failure {
    fn from(err: tictactoe_core::Error) -> Failure {
        match err {
            tictactoe_core::Error::SearchLimit { .. } => Failure::Answer(err.to_string()),
            err => Failure::Input(err.to_string()),
        }
    }
}

/// An output that could not be written (a closed pipe): the command stops, quietly.
impl From<std::io::Error> for Failure {
    fn from(err: std::io::Error) -> Failure {
        Failure::Answer(format!("cannot write: {err}"))
    }
}

pub(crate) type Done = Result<(), Failure>;

/// The streams a command reads and writes, and whether stderr is a terminal (progress bars).
pub(crate) struct Io<'a> {
    pub(crate) input: &'a mut dyn BufRead,
    pub(crate) out: &'a mut dyn Write,
    pub(crate) err: &'a mut dyn Write,
    pub(crate) terminal: bool,
}

#[derive(Parser)]
#[command(
    name = "tictactoe",
    version,
    about = "Play, solve and study the k-in-a-row games: tic-tac-toe, Connect Four, gomoku, any board and k",
    after_help = "Exit codes: 0 success, 1 no answer within the budget or a book that fails its check, 2 bad arguments or input."
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Play a game in the terminal against the engine.
    Play(play::Args),
    /// The value of a position, how long perfect play lasts, and its best moves.
    Solve(solve::Args),
    /// Every legal move of a position with its value and how long perfect play then lasts.
    Values(solve::Args),
    /// Build, check and read opening books.
    Book(book::Args),
    /// The Gomocup brain: piskvork protocol commands on stdin, answers on stdout.
    Brain,
}

/// Runs the command `args` (the program's name first) over `io`; the exit code.
pub fn run(
    args: impl IntoIterator<Item = impl Into<OsString> + Clone>,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
    err: &mut dyn Write,
    terminal: bool,
) -> i32 {
    let cli = match Cli::try_parse_from(args) {
        Ok(cli) => cli,
        Err(e) => return refused_arguments(&e, out, err),
    };
    let mut io = Io {
        input,
        out,
        err,
        terminal,
    };
    let done = match cli.command {
        Command::Play(args) => play::run(&args, &mut io),
        Command::Solve(args) => solve::solve(&args, &mut io),
        Command::Values(args) => solve::values(&args, &mut io),
        Command::Book(args) => book::run(args, &mut io),
        Command::Brain => {
            pbrain_tictactoe::serve(&mut *io.input, &mut *io.out);
            Ok(())
        }
    };
    match done {
        Ok(()) => 0,
        Err(failure) => {
            let _ = writeln!(io.err, "tictactoe: {}", failure.message());
            failure.code()
        }
    }
}

/// Help and the version go to `out` (exit 0); a bad argument is one line on `err` (exit 2).
fn refused_arguments(e: &clap::Error, out: &mut dyn Write, err: &mut dyn Write) -> i32 {
    use clap::error::ErrorKind;
    match e.kind() {
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => {
            let _ = write!(out, "{}", e.render());
            0
        }
        ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            let _ = write!(err, "{}", e.render());
            2
        }
        _ => {
            let text = e.render().to_string();
            let first = text.lines().next().unwrap_or("bad arguments");
            let why = first.strip_prefix("error: ").unwrap_or(first);
            let _ = writeln!(err, "tictactoe: {why} (tictactoe --help)");
            2
        }
    }
}
