//! `tictactoe play`: a game in the terminal against the engine's agent. The person types a column
//! (Connect Four's numbered 1 to 7, as people number them) or a cell `ROW COL`, `u` to take back
//! their last move and the engine's answer, `q` to stop.

use tictactoe_core::{Game, Player};
use tictactoe_solve::Agent;

use crate::board::{clip, rules_named};
use crate::{Done, Io};

/// A game against the engine.
#[derive(clap::Args)]
pub(crate) struct Args {
    /// The rules: tictactoe, connect4, gomoku, N (the N x N game), ROWSxCOLSxK, with a trailing
    /// g for gravity (6x7x4g).
    #[arg(long, short, default_value = "tictactoe")]
    game: String,
    /// Only exactly k in a row wins (gomoku's standard rule).
    #[arg(long)]
    exact: bool,
    /// The engine's skill, from 0 (random moves) to 1 (its best).
    #[arg(long, default_value_t = 1.0)]
    skill: f64,
    /// The engine's seed: the same seed and the same moves give the same game.
    #[arg(long)]
    seed: Option<u64>,
    /// The engine moves first (it plays X); otherwise you do.
    #[arg(long)]
    engine_first: bool,
    /// The most positions the engine searches a move.
    #[arg(long, value_name = "N", default_value_t = Agent::DEFAULT_MAX_NODES)]
    max_nodes: u64,
    /// The most milliseconds the engine takes a move, by this machine's clock (none by default;
    /// `--max-nodes` still caps it).
    #[arg(long, value_name = "MS")]
    max_ms: Option<u64>,
}

/// What the person typed.
enum Typed {
    Move(i64, i64),
    Undo,
    Quit,
}

pub(crate) fn run(args: &Args, io: &mut Io<'_>) -> Done {
    let rules = rules_named(&args.game, args.exact)?;
    let seed = args.seed.unwrap_or_else(|| {
        let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH);
        now.map_or(0, |t| t.as_nanos() as u64)
    });
    let mut agent = Agent::new(args.skill, seed, Some(args.max_nodes))?.with_max_ms(args.max_ms);
    let mut game = Game::with_rules(rules)?;
    let engine = if args.engine_first {
        Player::X
    } else {
        Player::O
    };
    let help = if rules.gravity() {
        format!("a column 1-{}", rules.cols())
    } else {
        format!("ROW COL, each from 1 to {}", rules.rows().max(rules.cols()))
    };
    writeln!(
        io.out,
        "You play {}; type {help}, u to undo, q to quit.",
        engine.other().symbol()
    )?;
    loop {
        draw(&game, io)?;
        if game.is_over() {
            let end = match game.winner() {
                Some(p) if p == engine => "The engine wins.".to_owned(),
                Some(_) => "You win.".to_owned(),
                None => "A draw.".to_owned(),
            };
            writeln!(io.out, "{end}")?;
            return Ok(());
        }
        let mover = game.to_move().unwrap_or(Player::X);
        if mover == engine {
            let (row, col) = agent.choose(&game)?;
            game.play(row, col, engine)?;
            let shown = if rules.gravity() {
                format!("{}", col + 1)
            } else {
                format!("{} {}", row + 1, col + 1)
            };
            writeln!(io.out, "The engine ({}) plays {shown}.", engine.symbol())?;
            continue;
        }
        write!(io.out, "{} to move ({help}, u, q)> ", mover.symbol())?;
        io.out.flush()?;
        let mut line = String::new();
        // The end of the input ends the game, as q does.
        if io.input.read_line(&mut line).unwrap_or(0) == 0 {
            writeln!(io.out)?;
            return Ok(());
        }
        match read(&line, rules.gravity()) {
            Ok(Typed::Quit) => return Ok(()),
            Ok(Typed::Undo) => undo(&mut game, engine, io)?,
            Ok(Typed::Move(row, col)) => {
                let played = if rules.gravity() {
                    game.drop_i64(col, mover.number().into())
                } else {
                    game.play_i64(row, col, mover.number().into())
                };
                if let Err(e) = played {
                    writeln!(io.out, "Not a legal move: {}.", refusal(e))?;
                }
            }
            Err(why) => writeln!(io.out, "{why}")?,
        }
    }
}

/// Why a move was refused, in the person's numbering (from 1).
fn refusal(e: tictactoe_core::Error) -> String {
    use tictactoe_core::Error;
    match e {
        Error::Occupied { by, .. } => format!("that cell is taken by {}", by.symbol()),
        Error::OutOfRange { .. } => "that cell is off the board".into(),
        Error::ColumnOutOfRange { cols, .. } => format!("the columns are 1 to {cols}"),
        Error::ColumnFull { col } => format!("column {} is full", col + 1),
        e => e.to_string(),
    }
}

/// A line typed: a column (gravity) or `ROW COL` (`ROW,COL` too), 1-based; `u`; `q`.
fn read(line: &str, gravity: bool) -> Result<Typed, String> {
    let line = line.trim();
    match line {
        "u" | "undo" => return Ok(Typed::Undo),
        "q" | "quit" | "exit" => return Ok(Typed::Quit),
        _ => {}
    }
    let numbers: Option<Vec<i64>> = line
        .split(|c: char| c == ',' || c.is_whitespace())
        .filter(|p| !p.is_empty())
        .map(|p| p.parse().ok())
        .collect();
    match (numbers.as_deref(), gravity) {
        (Some(&[col]), true) => Ok(Typed::Move(0, col.saturating_sub(1))),
        (Some(&[row, col]), false) => Ok(Typed::Move(row.saturating_sub(1), col.saturating_sub(1))),
        _ => Err(format!("{:?} is no move here.", clip(line))),
    }
}

/// Takes back the person's last move and the engine's answer after it.
fn undo(game: &mut Game, engine: Player, io: &mut Io<'_>) -> Done {
    let take = match game.last_player() {
        Some(p) if p == engine => 2,
        Some(_) => 1,
        None => 0,
    };
    if take == 0 || game.move_count() < take {
        writeln!(io.out, "Nothing of yours to take back.")?;
        return Ok(());
    }
    for _ in 0..take {
        game.undo()?;
    }
    Ok(())
}

/// The board with its column numbers above (and row numbers beside, without gravity).
fn draw(game: &Game, io: &mut Io<'_>) -> Done {
    let rules = game.rules();
    let text = game.try_to_string()?;
    let width = rules.rows().to_string().len();
    let margin = if rules.gravity() { 0 } else { width + 1 };
    let labels: String = (1..=rules.cols())
        .map(|c| {
            let label = c.to_string();
            // Each cell is drawn two characters wide: a bar and the mark.
            if label.len() == 1 {
                format!(" {label}")
            } else {
                label[label.len() - 2..].to_owned()
            }
        })
        .collect();
    writeln!(io.out, "{:margin$}{labels}", "")?;
    for (row, line) in text.lines().enumerate() {
        if rules.gravity() {
            writeln!(io.out, "{line}")?;
        } else {
            writeln!(io.out, "{:>width$} {line}", row + 1)?;
        }
    }
    Ok(())
}
