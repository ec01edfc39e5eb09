//! `Solver` (a transposition table kept between calls) and `Agent` (a player with a skill dial),
//! as Python's.

use js_sys::{Array, Math, Object, Reflect};
use tictactoe_core::Error;
use tictactoe_solve::{Agent as Engine, Solver as Table, TieBreak};
use wasm_bindgen::prelude::*;

use crate::args::{budget, budget_from, bytes_of, kind, optional_int, real, seed};
use crate::errors::{Call, range_error, refusal, type_error};
use crate::game::{TicTacToe, cells, outcome};

/// A solver that keeps its table (`2 ** tableBits` entries) between calls and positions.
#[wasm_bindgen]
pub struct Solver {
    table: Table,
}

impl Solver {
    /// The engine's solver, for the numbers-only calls.
    pub(crate) fn table_mut(&mut self) -> &mut Table {
        &mut self.table
    }
}

#[wasm_bindgen]
impl Solver {
    /// A solver with a table of `2 ** tableBits` entries (20 when not given); `options.threads`,
    /// as the other faces take it, is 1 here (WebAssembly runs the engine on one thread).
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(js_name = tableBits)] table_bits: Option<JsValue>,
        #[wasm_bindgen(js_name = settings)] options: Option<JsValue>,
    ) -> Result<Solver, JsValue> {
        let options = options.unwrap_or_default();
        if !(options.is_undefined() || options.is_null()) {
            if !options.is_object() || Array::is_array(&options) {
                return Err(type_error(&format!(
                    "options must be an object such as {{ threads: 1 }}, not {}",
                    kind(&options)
                )));
            }
            for key in Object::keys(options.unchecked_ref::<Object>()).iter() {
                let name = key.as_string().unwrap_or_default();
                if name != "threads" {
                    return Err(type_error(&format!(
                        "unknown option {name:?}: a Solver takes threads"
                    )));
                }
            }
            one_thread(&Reflect::get(&options, &"threads".into())?)?;
        }
        let bits = optional_int(&table_bits.unwrap_or_default(), "tableBits")?
            .unwrap_or(Table::DEFAULT_TABLE_BITS.into());
        let table = Table::new_i64(bits)
            .map(|t| t.with_threads(1))
            .map_err(|err| match err {
                // The engine's message names Python's argument; JavaScript's is `tableBits`.
                Error::InvalidTableBits { bits, max } => range_error(&format!(
                    "tableBits must be between 0 and {max}, not {bits}"
                )),
                err => refusal(err, Call::Other),
            })?;
        Ok(Solver { table })
    }

    /// `game.solve(maxNodes)`, on this solver's table.
    #[wasm_bindgen(unchecked_return_type = "Solution")]
    pub fn solve(
        &mut self,
        game: &TicTacToe,
        #[wasm_bindgen(js_name = maxNodes)] max_nodes: Option<JsValue>,
    ) -> Result<Object, JsValue> {
        let solution = self
            .table
            .solve(game.game(), budget(&max_nodes.unwrap_or_default())?)
            .map_err(|err| refusal(err, Call::Move))?;
        Ok(outcome(None, solution))
    }

    /// Whether `game`'s position is won (1), drawn (0) or lost (-1) for the player to move:
    /// `solve(game).value`, for a fraction of the search.
    pub fn value(
        &mut self,
        game: &TicTacToe,
        #[wasm_bindgen(js_name = maxNodes)] max_nodes: Option<JsValue>,
    ) -> Result<i8, JsValue> {
        self.table
            .value(game.game(), budget(&max_nodes.unwrap_or_default())?)
            .map_err(|err| refusal(err, Call::Move))
    }

    /// Reads the opening book in `bytes` (copied) inside every later search of its rules: a
    /// book the engine built (`make book`) or one of BitBully's published files
    /// (`book_8ply.dat`, `book_12ply.dat`, `book_12ply_distances.dat`). Answers stay exactly
    /// those without it. Bytes that are not what they claim throw a `RangeError`, and the solver
    /// is unchanged.
    #[wasm_bindgen(js_name = addBook)]
    pub fn add_book(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "Uint8Array")] bytes: JsValue,
    ) -> Result<(), JsValue> {
        self.table.add_book(book_of(&bytes)?);
        Ok(())
    }

    /// How many books `addBook` gave.
    #[wasm_bindgen(getter)]
    pub fn books(&self) -> usize {
        self.table.books().len()
    }

    /// `game.bestMoves(maxNodes)`, on this solver's table.
    #[wasm_bindgen(js_name = bestMoves, unchecked_return_type = "Array<[number, number]>")]
    pub fn best_moves(
        &mut self,
        game: &TicTacToe,
        #[wasm_bindgen(js_name = maxNodes)] max_nodes: Option<JsValue>,
    ) -> Result<Array, JsValue> {
        let moves = self
            .table
            .best_moves(game.game(), budget(&max_nodes.unwrap_or_default())?)
            .map_err(|err| refusal(err, Call::Move))?;
        Ok(cells(&moves))
    }

    /// `game.moveValues(maxNodes)`, on this solver's table.
    #[wasm_bindgen(js_name = moveValues, unchecked_return_type = "Array<MoveValue>")]
    pub fn move_values(
        &mut self,
        game: &TicTacToe,
        #[wasm_bindgen(js_name = maxNodes)] max_nodes: Option<JsValue>,
    ) -> Result<Array, JsValue> {
        let values = self
            .table
            .move_values(game.game(), budget(&max_nodes.unwrap_or_default())?)
            .map_err(|err| refusal(err, Call::Move))?;
        Ok(values
            .into_iter()
            .map(|(cell, solution)| outcome(Some(cell), solution))
            .collect())
    }

    /// Empties the table.
    pub fn clear(&mut self) {
        self.table.clear();
    }

    /// The table's size, as a power of two of entries.
    #[wasm_bindgen(getter, js_name = tableBits)]
    pub fn table_bits(&self) -> u32 {
        self.table.table_bits()
    }
}

/// A player with a skill dial: at 1 one of the best moves, at 0 any legal move uniformly, in
/// between the better moves the likelier as `skill` rises.
#[wasm_bindgen]
pub struct Agent {
    agent: Engine,
    /// Its own solver once `addBook` gave it a book or a time limit needs one (else the engine's
    /// agent makes its own).
    solver: Option<Table>,
    /// The time a move may take, in milliseconds (`maxMs`), by JavaScript's clock.
    max_ms: Option<f64>,
}

/// The options an `Agent` takes.
const OPTIONS: [&str; 5] = ["seed", "maxNodes", "maxMs", "tieBreak", "threads"];

/// A `threads` option: 1, or none given (WebAssembly has the one thread).
fn one_thread(threads: &JsValue) -> Result<(), JsValue> {
    match optional_int(threads, "threads")? {
        None | Some(1) => Ok(()),
        Some(other) => Err(range_error(&format!(
            "threads must be 1 here (WebAssembly runs the engine on one thread), not {other}"
        ))),
    }
}

#[wasm_bindgen]
impl Agent {
    /// An agent of `skill` in `[0, 1]` (1 when not given); `options.seed` (an integer or a
    /// `BigInt`; fresh randomness when not given) fixes its choices, `options.maxNodes` bounds
    /// its search a move.
    #[wasm_bindgen(constructor)]
    pub fn new(skill: Option<JsValue>, options: Option<JsValue>) -> Result<Agent, JsValue> {
        let (skill, options) = (skill.unwrap_or_default(), options.unwrap_or_default());
        let skill = real(&skill, "skill", 1.0)?;
        if !(0.0..=1.0).contains(&skill) {
            // As JavaScript writes the number (`Infinity`, `NaN`, `1.5`).
            let shown = js_sys::Number::from(skill)
                .to_string_with_radix(10)
                .map(String::from);
            return Err(range_error(&format!(
                "skill must be between 0 and 1, not {}",
                shown.unwrap_or_default()
            )));
        }
        let absent = options.is_undefined() || options.is_null();
        if !absent && (!options.is_object() || Array::is_array(&options)) {
            let what = if Array::is_array(&options) {
                "an array".to_owned()
            } else {
                kind(&options)
            };
            return Err(type_error(&format!(
                "options must be an object such as {{ seed, maxNodes }}, not {what}"
            )));
        }
        if !absent {
            // A misspelt option (`maxnodes`) is refused, not ignored.
            for key in Object::keys(options.unchecked_ref::<Object>()).iter() {
                let name = key.as_string().unwrap_or_default();
                if !OPTIONS.contains(&name.as_str()) {
                    return Err(type_error(&format!(
                        "unknown option {name:?}: an Agent takes {}",
                        OPTIONS.join(", ")
                    )));
                }
            }
        }
        let option = |name: &str| -> Result<JsValue, JsValue> {
            if absent {
                return Ok(JsValue::UNDEFINED);
            }
            Reflect::get(&options, &name.into())
        };
        let max_ms = match option("maxMs")? {
            value if value.is_undefined() || value.is_null() => None,
            value => match optional_int(&value, "maxMs")? {
                Some(ms) if ms >= 0 => Some(ms as f64),
                Some(ms) => {
                    return Err(range_error(&format!(
                        "maxMs must be null (no limit) or an integer of at least 0, not {ms}"
                    )));
                }
                None => None,
            },
        };
        let max_nodes = match option("maxNodes")? {
            // A time limit alone is not capped by the default budget.
            value if value.is_undefined() && max_ms.is_some() => None,
            value if value.is_undefined() => Some(Engine::DEFAULT_MAX_NODES),
            // At least 1: the C face's 0 is "no budget", and a zero budget would never search.
            value => budget_from(&value, 1)?,
        };
        one_thread(&option("threads")?)?;
        let seed = match option("seed")? {
            value if value.is_undefined() || value.is_null() => fresh_seed(),
            value => seed(&value)?,
        };
        let tie_break = match option("tieBreak")? {
            value if value.is_undefined() || value.is_null() => TieBreak::Random,
            value => match value.as_string().as_deref() {
                Some("random") => TieBreak::Random,
                Some("center") => TieBreak::Center,
                Some("first") => TieBreak::First,
                _ => {
                    return Err(type_error(
                        "tieBreak must be \"random\", \"center\" or \"first\"",
                    ));
                }
            },
        };
        let agent = Engine::new(skill, seed, max_nodes)
            .map_err(|err| refusal(err, Call::Other))?
            .with_tie_break(tie_break);
        Ok(Agent {
            agent,
            solver: None,
            max_ms,
        })
    }

    /// Reads the opening book in `bytes` (copied) inside every later search of this agent, as
    /// `Solver.addBook` does: the shipped ten-stone book
    /// (`crates/books/data/connect-four-10.book`) lets it keep every won Connect Four
    /// position of eight stones within its budget, as the Python and C agents do. Bytes that are
    /// not a book throw a `RangeError`, and the agent is unchanged.
    #[wasm_bindgen(js_name = addBook)]
    pub fn add_book(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "Uint8Array")] bytes: JsValue,
    ) -> Result<(), JsValue> {
        let book = book_of(&bytes)?;
        let solver = match &mut self.solver {
            Some(solver) => solver,
            none => none.insert(
                Table::new(Table::DEFAULT_TABLE_BITS).map_err(|err| refusal(err, Call::Other))?,
            ),
        };
        solver.add_book(book);
        Ok(())
    }

    /// How many books `addBook` gave.
    #[wasm_bindgen(getter)]
    pub fn books(&self) -> usize {
        self.solver
            .as_ref()
            .map_or(0, |solver| solver.books().len())
    }

    /// A legal move of `game`, a game in progress: `[row, col]`. The game is not changed.
    #[wasm_bindgen(unchecked_return_type = "[number, number]")]
    pub fn choose(&mut self, game: &TicTacToe) -> Result<Array, JsValue> {
        let chosen = match (&mut self.solver, self.max_ms) {
            (solver, Some(ms)) => {
                let start = js_sys::Date::now();
                let solver = match solver {
                    Some(solver) => solver,
                    none => none.insert(
                        Table::new(Table::DEFAULT_TABLE_BITS)
                            .map_err(|err| refusal(err, Call::Other))?,
                    ),
                };
                let limit = ms - (js_sys::Date::now() - start);
                self.agent
                    .choose_by_clock(game.game(), solver, limit, js_sys::Date::now)
            }
            (Some(solver), None) => self.agent.choose_with(game.game(), solver),
            (None, None) => self.agent.choose(game.game()),
        };
        let cell = chosen.map_err(|err| refusal(err, Call::Move))?;
        Ok(cells(&[cell]).get(0).into())
    }

    /// Whether the last choice came from a complete solve.
    #[wasm_bindgen(getter, js_name = lastSolved)]
    pub fn last_solved(&self) -> bool {
        self.agent.last_solved()
    }

    /// The chance of picking a best move.
    #[wasm_bindgen(getter)]
    pub fn skill(&self) -> f64 {
        self.agent.skill()
    }
}

/// The opening book in `bytes` (a `Uint8Array`, copied): a `TypeError` for anything else, a
/// `RangeError` for bytes that are not a book.
fn book_of(bytes: &JsValue) -> Result<tictactoe_solve::Book, JsValue> {
    let bytes = bytes_of(bytes, "addBook")?;
    tictactoe_solve::Book::from_bytes(&bytes).map_err(|err| range_error(&err.to_string()))
}

/// 64 bits of `Math.random`, for an agent given no seed (its choices need not be secret).
fn fresh_seed() -> u64 {
    let half = || (Math::random() * 4_294_967_296.0) as u64;
    half() << 32 | half()
}
