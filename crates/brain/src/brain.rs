//! The brain's state between lines: the game (the brain plays X, its opponent O, whoever moves
//! first), the rules the manager asked for, its clocks and memory, and a `BOARD` listing while one
//! is open. Every command either does all it says or answers `ERROR` and changes nothing.

use tictactoe_core::{Game, Player, Rules};
use tictactoe_solve::{Agent, Solver, TieBreak};

use crate::budget::{Clocks, MOST_NODES, least_memory, table_bits};
use crate::command::{Line, quoted, read};

/// The brain's stones and its opponent's.
const ME: Player = Player::X;
const THEM: Player = Player::O;
/// How many in a row win: gomoku's five.
const K: usize = 5;
/// The most cells a board may have: the rating of a move reads the whole board, so a move of a
/// larger one would not keep to a turn's time.
pub(crate) const MOST_CELLS: u64 = 10_000;

/// What a line gets back: the lines to send, and whether the brain exits.
#[derive(Debug, Default, PartialEq, Eq)]
pub(crate) struct Reply {
    pub(crate) lines: Vec<String>,
    pub(crate) end: bool,
}

impl Reply {
    fn one(line: String) -> Reply {
        Reply {
            lines: vec![line],
            end: false,
        }
    }

    fn none() -> Reply {
        Reply::default()
    }
}

fn error(why: impl core::fmt::Display) -> Reply {
    Reply::one(format!("ERROR {why}"))
}

/// The brain.
pub(crate) struct Brain {
    game: Option<Game>,
    /// Only exactly five wins (`INFO rule 1`).
    exact: bool,
    clocks: Clocks,
    max_memory: u64,
    solver: Option<Solver>,
    /// The stones of an open `BOARD` listing, `None` when none is open; `spoiled` once a line of
    /// it was refused.
    listing: Option<Vec<(usize, usize, Player)>>,
    spoiled: bool,
    /// Moves chosen so far: each move's agent draws from its own seed.
    chosen: u64,
    /// The threads its searches may use (`INFO thread_num`; 0: the cores it may use).
    threads: usize,
}

impl Brain {
    pub(crate) fn new() -> Brain {
        Brain {
            game: None,
            exact: false,
            clocks: Clocks::default(),
            max_memory: 0,
            solver: None,
            listing: None,
            spoiled: false,
            chosen: 0,
            threads: 0,
        }
    }

    /// Answers one line.
    pub(crate) fn handle(&mut self, line: &str) -> Reply {
        match read(line, self.listing.is_some()) {
            Line::Blank => Reply::none(),
            Line::Start { cols, rows } => self.start(cols, rows),
            Line::Restart => match &self.game {
                Some(game) => {
                    let rules = game.rules();
                    self.new_game(rules)
                }
                None => error("no game to restart: START comes first"),
            },
            Line::Begin => self.begin(),
            Line::Turn { x, y } => self.turn(x, y),
            Line::Board => match &self.game {
                Some(_) => {
                    self.listing = Some(Vec::new());
                    self.spoiled = false;
                    Reply::none()
                }
                None => error("no game: START comes first"),
            },
            Line::Stone { x, y, who } => self.stone(x, y, who),
            Line::Done => self.done(),
            Line::Takeback { x, y } => self.takeback(x, y),
            Line::Info { key, value } => self.info(&key, &value),
            Line::About => Reply::one(format!(
                "name=\"pbrain-tictactoe\", version=\"{}\", author=\"The tictactoe developers\", country=\"-\"",
                env!("CARGO_PKG_VERSION")
            )),
            Line::End => Reply {
                lines: Vec::new(),
                end: true,
            },
            Line::Unknown(word) => Reply::one(format!("UNKNOWN command {word}")),
            Line::Bad(why) => {
                if self.listing.is_some() {
                    self.spoiled = true;
                }
                error(why)
            }
        }
    }

    fn rules(&self, cols: u64, rows: u64) -> Result<Rules, String> {
        if cols.saturating_mul(rows) > MOST_CELLS {
            return Err(format!(
                "a board of {cols}x{rows} is larger than this brain plays (at most {MOST_CELLS} cells)"
            ));
        }
        Rules::new(rows as usize, cols as usize, K, false)
            .map(|rules| rules.with_exact(self.exact))
            .map_err(|err| err.to_string())
    }

    fn start(&mut self, cols: u64, rows: u64) -> Reply {
        match self.rules(cols, rows) {
            Ok(rules) => self.new_game(rules),
            Err(why) => error(why),
        }
    }

    fn new_game(&mut self, rules: Rules) -> Reply {
        match Game::with_rules(rules) {
            Ok(game) => {
                self.game = Some(game);
                self.listing = None;
                Reply::one("OK".into())
            }
            Err(err) => error(err),
        }
    }

    /// (`x`, `y`) as `(row, col)` on the board, or why not.
    fn cell(game: &Game, x: u64, y: u64) -> Result<(usize, usize), String> {
        let rules = game.rules();
        if x < rules.cols() as u64 && y < rules.rows() as u64 {
            Ok((y as usize, x as usize))
        } else {
            Err(format!(
                "{x},{y} is off the {}x{} board",
                rules.cols(),
                rules.rows()
            ))
        }
    }

    fn begin(&mut self) -> Reply {
        match &self.game {
            None => error("no game: START comes first"),
            Some(game) if game.move_count() > 0 => error("BEGIN opens a game; this one has moves"),
            Some(_) => self.answer(),
        }
    }

    fn turn(&mut self, x: u64, y: u64) -> Reply {
        let Some(game) = &mut self.game else {
            return error("no game: START comes first");
        };
        let played = Self::cell(game, x, y)
            .and_then(|(row, col)| game.play(row, col, THEM).map_err(|err| err.to_string()));
        match played {
            Ok(_) => self.answer(),
            Err(why) => error(why),
        }
    }

    fn stone(&mut self, x: u64, y: u64, who: u64) -> Reply {
        let (Some(game), Some(stones)) = (&self.game, &mut self.listing) else {
            return Reply::none();
        };
        let player = match who {
            1 => ME,
            2 => THEM,
            3 => {
                self.spoiled = true;
                return error("a wall (3) is not a stone this brain plays with");
            }
            _ => {
                self.spoiled = true;
                return error(format!("who is 1 (mine) or 2 (the opponent's), not {who}"));
            }
        };
        match Self::cell(game, x, y) {
            Ok((row, col)) if stones.iter().any(|&(r, c, _)| (r, c) == (row, col)) => {
                self.spoiled = true;
                error(format!("{x},{y} is listed twice"))
            }
            Ok((row, col)) => {
                stones.push((row, col, player));
                Reply::none()
            }
            Err(why) => {
                self.spoiled = true;
                error(why)
            }
        }
    }

    /// The end of a `BOARD` listing: the position it names (the brain to move), and the brain's
    /// move in it; or an error, and the game as it was.
    fn done(&mut self) -> Reply {
        let Some(stones) = self.listing.take() else {
            return error("DONE without BOARD");
        };
        let Some(game) = &self.game else {
            return error("no game: START comes first");
        };
        if self.spoiled {
            return error("the BOARD listing had a line refused; the game is unchanged");
        }
        match Self::position(game.rules(), &stones) {
            Ok(position) => {
                self.game = Some(position);
                self.answer()
            }
            Err(why) => error(why),
        }
    }

    /// The game of `stones` in the order listed, the brain's and its opponent's taking turns so
    /// that the brain moves next.
    fn position(rules: Rules, stones: &[(usize, usize, Player)]) -> Result<Game, String> {
        let mine: Vec<_> = stones.iter().filter(|s| s.2 == ME).collect();
        let theirs: Vec<_> = stones.iter().filter(|s| s.2 == THEM).collect();
        let first = if theirs.len() == mine.len() {
            ME
        } else if theirs.len() == mine.len() + 1 {
            THEM
        } else {
            return Err(format!(
                "{} stones of the brain's and {} of the opponent's: the brain would not be to move",
                mine.len(),
                theirs.len()
            ));
        };
        let mut game = Game::with_rules(rules).map_err(|err| err.to_string())?;
        let (mut a, mut b) = (mine.iter(), theirs.iter());
        let mut next = first;
        for _ in 0..stones.len() {
            let stone = if next == ME { a.next() } else { b.next() };
            let &&(row, col, player) = stone.ok_or("the stones do not alternate")?;
            game.play(row, col, player).map_err(|err| err.to_string())?;
            next = next.other();
        }
        if game.is_over() {
            return Err("the position listed is already over".into());
        }
        Ok(game)
    }

    fn takeback(&mut self, x: u64, y: u64) -> Reply {
        let Some(game) = &mut self.game else {
            return error("no game: START comes first");
        };
        let last = game.moves().last();
        match Self::cell(game, x, y) {
            Ok((row, col)) if last.is_some_and(|(r, c, _)| (r, c) == (row, col)) => {
                let _ = game.undo();
                Reply::one("OK".into())
            }
            Ok(_) => error(format!("{x},{y} is not the last move")),
            Err(why) => error(why),
        }
    }

    fn info(&mut self, key: &str, value: &str) -> Reply {
        let number = || {
            value
                .parse::<u64>()
                .map_err(|_| format!("INFO {key} takes a number from 0, not {}", quoted(value)))
        };
        let set = match key {
            "timeout_turn" => number().map(|ms| self.clocks.turn_ms = Some(ms)),
            "timeout_match" => number().map(|ms| self.clocks.match_ms = Some(ms)),
            "time_left" => number().map(|ms| self.clocks.left_ms = Some(ms)),
            "max_memory" => number().and_then(|bytes| match table_bits(bytes) {
                Some(_) => {
                    self.max_memory = bytes;
                    self.solver = None;
                    Ok(())
                }
                None => Err(format!(
                    "max_memory {bytes}: this brain needs at least {} bytes (about 4 MiB for \
                     itself, its code and books, and its smallest table)",
                    least_memory()
                )),
            }),
            "rule" => number().and_then(|rule| self.rule(rule)),
            "thread_num" => number().map(|threads| {
                self.threads = usize::try_from(threads).unwrap_or(usize::MAX);
                if let Some(solver) = &mut self.solver {
                    solver.set_threads(self.threads);
                }
            }),
            // Other keys (game_type, evaluate, folder, ...) change nothing here.
            _ => Ok(()),
        };
        match set {
            Ok(()) => Reply::none(),
            Err(why) => error(why),
        }
    }

    /// `INFO rule`: 0 five or more wins, 1 exactly five; the game in play, if any, goes on under
    /// the new rule when its moves allow it.
    fn rule(&mut self, rule: u64) -> Result<(), String> {
        let exact = match rule {
            0 => false,
            1 => true,
            4 => return Err("renju (rule 4) is not played by this brain: rule 0 or 1".into()),
            _ => {
                return Err(format!(
                    "rule {rule} is not played by this brain: rule 0 (five or more) or 1 (exactly five)"
                ));
            }
        };
        if let Some(game) = &self.game {
            let rules = game.rules().with_exact(exact);
            let mut again = Game::with_rules(rules).map_err(|err| err.to_string())?;
            for (row, col, player) in game.moves() {
                again.play(row, col, player).map_err(|err| {
                    format!("the game in play cannot go on under rule {rule}: {err}")
                })?;
            }
            self.game = Some(again);
        }
        self.exact = exact;
        Ok(())
    }

    /// The brain's move in its game (the brain to move), played and sent as `x,y`.
    fn answer(&mut self) -> Reply {
        // The turn's clock starts here: making the table on the first move counts.
        let started = std::time::Instant::now();
        let Some(game) = &mut self.game else {
            return error("no game: START comes first");
        };
        if game.is_over() {
            return error("the game is over");
        }
        let solver = match self.solver.take() {
            Some(solver) => solver,
            None => {
                let bits = table_bits(self.max_memory).unwrap_or(10);
                match Solver::new(bits) {
                    Ok(solver) => solver.with_threads(self.threads),
                    Err(err) => return error(err),
                }
            }
        };
        let solver = self.solver.insert(solver);
        let empty = game.rules().cells() - game.move_count();
        let now = || started.elapsed().as_secs_f64() * 1000.0;
        let planned = self.clocks.planned_ms(empty) - now();
        self.chosen += 1;
        // Among moves it cannot tell apart, the one nearest the centre: gomoku's strongest shape.
        let chosen = Agent::new(1.0, self.chosen, Some(MOST_NODES))
            .map(|agent| agent.with_tie_break(TieBreak::Center))
            .and_then(|mut agent| agent.choose_by_clock(game, solver, planned, now));
        match chosen.and_then(|(row, col)| game.play(row, col, ME).map(|_| (row, col))) {
            Ok((row, col)) => Reply::one(format!("{col},{row}")),
            Err(err) => error(err),
        }
    }
}
