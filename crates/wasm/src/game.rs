//! `TicTacToe`: one game of any rules of the family, checked (the engine's `Game`).

use js_sys::{Array, Object, Reflect};
use tictactoe_core::{Error, Game, Mode, Player, Rules};
use tictactoe_solve::Solution;
use tictactoe_solve::Solve;
use wasm_bindgen::prelude::*;

use crate::args::{budget, bytes_of, flag, int, optional_int};
use crate::errors::{Call, range_error, refusal};

#[wasm_bindgen(typescript_custom_section)]
const TYPES: &str = r#"
/** A legal move and the exact outcome of playing it, for the player who plays it. */
export interface MoveValue { row: number; col: number; value: -1 | 0 | 1; plies: number }
/** A column's move of a game with gravity, with the outcome of playing it (`columnValues`). */
export interface ColumnValue { column: number; value: -1 | 0 | 1; plies: number }
/** Perfect play from a position, for the player to move. */
export interface Solution { value: -1 | 0 | 1; plies: number }
/** An Agent's options: `seed` (an integer, or a BigInt up to 2^64 - 1; fresh randomness when not
 * given) fixes its choices, `maxNodes` bounds its search a move (1,000,000 when not given: a
 * Connect Four or gomoku move in about 100 ms; `null`: no bound, perfect play however long). */
export interface AgentOptions {
  seed?: number | bigint | null;
  maxNodes?: number | null;
  /** The time a move may take, in milliseconds, by JavaScript's clock (none when not given):
   * budgets doubling from 1,000 nodes while the next is expected to end in time. Moves by the
   * clock depend on the machine; with `maxMs` and no `maxNodes` the default budget does not
   * cap it. A win at once and a block of a win at once are played at every limit. */
  maxMs?: number | null;
  /** How to pick among equally good best moves, named as BitBully's are: uniformly (the
   * default), nearest the centre (with gravity the centre column, then the leftmost), or the
   * first in row-major order (with gravity the leftmost column). */
  tieBreak?: "random" | "center" | "first" | "leftmost" | null;
  /** As the other faces take it; 1 here (WebAssembly runs the engine on one thread). */
  threads?: 1 | null;
}
/** A Solver's settings: `threads`, as the other faces take it, is 1 here. */
export interface SolverOptions {
  threads?: 1 | null;
}
"#;

/// The longest string V8 makes (`(1 << 29) - 24` characters on 64-bit machines); the engine
/// refuses a longer text before drawing it rather than let the decoder throw a plain `Error`.
const MAX_STRING: usize = (1 << 29) - 24;

/// A game of k in a row on a `rows` x `cols` board, with or without gravity; the classic
/// `n` x `n` game is `new TicTacToe(n)`. Every refused call throws and changes nothing.
#[wasm_bindgen]
pub struct TicTacToe {
    pub(crate) game: Game,
}

impl TicTacToe {
    /// The engine's game, for the solver and the agent.
    pub(crate) fn game(&self) -> &Game {
        &self.game
    }

    /// The engine's game, for the numbers-only calls.
    pub(crate) fn game_mut(&mut self) -> &mut Game {
        &mut self.game
    }
}

#[wasm_bindgen]
impl TicTacToe {
    /// The classic game on an `n` x `n` board: `n` in a row wins.
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_param_type = "number")] n: JsValue,
    ) -> Result<TicTacToe, JsValue> {
        let game = Game::with_mode_i64(int(&n, "n")?, Mode::Checked)
            .map_err(|err| refusal(err, Call::Other))?;
        Ok(TicTacToe { game })
    }

    /// `k` in a row on a `rows` x `cols` board; with `gravity` a mark falls to the lowest empty
    /// cell of its column; with `exact` only a run of exactly `k` wins (an overline does not).
    #[wasm_bindgen(js_name = withRules)]
    pub fn with_rules(
        #[wasm_bindgen(unchecked_param_type = "number")] rows: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] cols: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] k: JsValue,
        gravity: Option<JsValue>,
        exact: Option<JsValue>,
    ) -> Result<TicTacToe, JsValue> {
        let (rows, cols, k) = (int(&rows, "rows")?, int(&cols, "cols")?, int(&k, "k")?);
        let gravity = flag(&gravity.unwrap_or_default(), "gravity")?;
        let exact = flag(&exact.unwrap_or_default(), "exact")?;
        Self::of(Rules::new_i64(rows, cols, k, gravity).map(|rules| rules.with_exact(exact)))
    }

    /// Gomoku on an `n` x `n` board (15 when not given): free-style, five or more in a row; with
    /// `exact`, the standard rule, where only exactly five wins.
    pub fn gomoku(n: Option<JsValue>, exact: Option<JsValue>) -> Result<TicTacToe, JsValue> {
        let n = optional_int(&n.unwrap_or_default(), "n")?.unwrap_or(15);
        let exact = flag(&exact.unwrap_or_default(), "exact")?;
        Self::of(Rules::gomoku_i64(n).map(|rules| rules.with_exact(exact)))
    }

    /// A game from `toBytes` output (the bytes Python's `to_bytes` gives).
    #[wasm_bindgen(js_name = fromBytes)]
    pub fn from_bytes(
        #[wasm_bindgen(unchecked_param_type = "Uint8Array")] bytes: JsValue,
    ) -> Result<TicTacToe, JsValue> {
        let bytes = bytes_of(&bytes, "fromBytes")?;
        let game = Game::decode(&bytes).map_err(|err| refusal(err, Call::Other))?;
        Ok(TicTacToe { game })
    }

    /// Plays `player` (1 for X, 2 for O) at `(row, col)`: the winner after the move, else 0.
    #[wasm_bindgen(js_name = "move")]
    pub fn play(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "number")] row: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] col: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] player: JsValue,
    ) -> Result<u8, JsValue> {
        let (row, col, player) = (
            int(&row, "row")?,
            int(&col, "col")?,
            int(&player, "player")?,
        );
        self.game
            .play_i64(row, col, player)
            .map_err(|err| refusal(err, Call::Move))
    }

    /// With gravity, plays `player` at the landing cell of column `col`; answers as `move`.
    pub fn drop(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "number")] col: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] player: JsValue,
    ) -> Result<u8, JsValue> {
        let (col, player) = (int(&col, "col")?, int(&player, "player")?);
        self.game
            .drop_i64(col, player)
            .map_err(|err| refusal(err, Call::Move))
    }

    /// Takes back the last move: `[row, col, player]`.
    #[wasm_bindgen(unchecked_return_type = "[number, number, number]")]
    pub fn undo(&mut self) -> Result<Array, JsValue> {
        let (row, col, player) = self.game.undo().map_err(|err| refusal(err, Call::Other))?;
        Ok(Array::of3(
            &(row as f64).into(),
            &(col as f64).into(),
            &player.number().into(),
        ))
    }

    /// Back to the empty board of the same rules.
    pub fn reset(&mut self) {
        self.game.reset();
    }

    /// Who holds `(row, col)`: 0 (nobody), 1 or 2.
    pub fn cell(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] row: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] col: JsValue,
    ) -> Result<u8, JsValue> {
        let (row, col) = (int(&row, "row")?, int(&col, "col")?);
        self.game
            .cell_i64(row, col)
            .map(number)
            .map_err(|err| refusal(err, Call::Other))
    }

    /// Whether `player` can still complete a line of `k`.
    #[wasm_bindgen(js_name = canWin)]
    pub fn can_win(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] player: JsValue,
    ) -> Result<bool, JsValue> {
        let player = Player::from_number(int(&player, "player")?)
            .map_err(|err| refusal(Error::from(err), Call::Other))?;
        Ok(self.game.can_win(player))
    }

    /// Perfect play from here: `{ value, plies }` for the player to move.
    #[wasm_bindgen(unchecked_return_type = "Solution")]
    pub fn solve(
        &self,
        #[wasm_bindgen(js_name = maxNodes)] max_nodes: Option<JsValue>,
    ) -> Result<Object, JsValue> {
        let max_nodes = max_nodes.unwrap_or_default();
        let solution = self
            .game
            .solve(budget(&max_nodes)?)
            .map_err(|err| refusal(err, Call::Move))?;
        Ok(outcome(None, solution))
    }

    /// Every move that keeps the value of `solve`, `[[row, col], ...]` in row-major order.
    #[wasm_bindgen(js_name = bestMoves, unchecked_return_type = "Array<[number, number]>")]
    pub fn best_moves(
        &self,
        #[wasm_bindgen(js_name = maxNodes)] max_nodes: Option<JsValue>,
    ) -> Result<Array, JsValue> {
        let max_nodes = max_nodes.unwrap_or_default();
        let moves = self
            .game
            .best_moves(budget(&max_nodes)?)
            .map_err(|err| refusal(err, Call::Move))?;
        Ok(cells(&moves))
    }

    /// Every legal move with its exact outcome for the player who plays it,
    /// `[{ row, col, value, plies }, ...]` in row-major order.
    #[wasm_bindgen(js_name = moveValues, unchecked_return_type = "Array<MoveValue>")]
    pub fn move_values(
        &self,
        #[wasm_bindgen(js_name = maxNodes)] max_nodes: Option<JsValue>,
    ) -> Result<Array, JsValue> {
        let max_nodes = max_nodes.unwrap_or_default();
        let values = self
            .game
            .move_values(budget(&max_nodes)?)
            .map_err(|err| refusal(err, Call::Move))?;
        Ok(values
            .into_iter()
            .map(|(cell, solution)| outcome(Some(cell), solution))
            .collect())
    }

    /// The game as bytes, the same as Python's `to_bytes`.
    #[wasm_bindgen(js_name = toBytes)]
    pub fn to_bytes(&self) -> Vec<u8> {
        self.game.encode()
    }

    /// The board, one line per row, cells between bars (Python's `str`); with `labels`, a last
    /// line names the columns under their cells (1 to 9, or a to z). A text longer than a
    /// JavaScript string holds, or whose memory cannot be had, is a `RangeError`.
    #[wasm_bindgen(js_name = toString)]
    pub fn to_text(&self, labels: Option<JsValue>) -> Result<String, JsValue> {
        if flag(&labels.unwrap_or_default(), "labels")? {
            let text = self.plain_text()?;
            let line = self
                .game
                .column_labels()
                .map_err(|err| refusal(err, Call::Other))?;
            return Ok(format!("{text}\n{line}"));
        }
        self.plain_text()
    }
}

impl TicTacToe {
    fn plain_text(&self) -> Result<String, JsValue> {
        let bytes = self.game.text_len();
        if bytes > MAX_STRING {
            return Err(range_error(&format!(
                "the board's text of {bytes} characters is longer than a JavaScript string can be \
                 ({MAX_STRING})"
            )));
        }
        self.game
            .try_to_string()
            .map_err(|err| refusal(err, Call::Other))
    }
}

#[wasm_bindgen]
impl TicTacToe {
    /// The number of rows.
    #[wasm_bindgen(getter)]
    pub fn rows(&self) -> usize {
        self.game.rules().rows()
    }

    /// The number of columns.
    #[wasm_bindgen(getter)]
    pub fn cols(&self) -> usize {
        self.game.rules().cols()
    }

    /// How many in a row win.
    #[wasm_bindgen(getter)]
    pub fn k(&self) -> usize {
        self.game.rules().k()
    }

    /// Whether marks fall to the lowest empty cell of their column.
    #[wasm_bindgen(getter)]
    pub fn gravity(&self) -> bool {
        self.game.rules().gravity()
    }

    /// Whether only a run of exactly `k` wins.
    #[wasm_bindgen(getter)]
    pub fn exact(&self) -> bool {
        self.game.rules().exact()
    }

    /// The winner, 1 or 2, or 0 while there is none.
    #[wasm_bindgen(getter)]
    pub fn winner(&self) -> u8 {
        number(self.game.winner())
    }

    /// Whether the game is over (a win or a full board).
    #[wasm_bindgen(getter, js_name = isOver)]
    pub fn is_over(&self) -> bool {
        self.game.is_over()
    }

    /// Whether the board is full with no winner.
    #[wasm_bindgen(getter, js_name = isDraw)]
    pub fn is_draw(&self) -> bool {
        self.game.is_draw()
    }

    /// How many moves have been played.
    #[wasm_bindgen(getter, js_name = moveCount)]
    pub fn move_count(&self) -> f64 {
        // Exact: a board holds far fewer than 2^53 cells.
        self.game.move_count() as f64
    }
}

impl TicTacToe {
    /// A checked game of `rules`, or the refusal of the rules.
    pub(crate) fn of(rules: Result<Rules, Error>) -> Result<TicTacToe, JsValue> {
        rules
            .and_then(Game::with_rules)
            .map(|game| TicTacToe { game })
            .map_err(|err| refusal(err, Call::Other))
    }
}

/// A holder as JavaScript sees it: 0 for nobody.
pub(crate) fn number(player: Option<Player>) -> u8 {
    player.map_or(0, Player::number)
}

/// `[[row, col], ...]`.
pub(crate) fn cells(moves: &[(usize, usize)]) -> Array {
    moves
        .iter()
        .map(|&(row, col)| Array::of2(&(row as f64).into(), &(col as f64).into()))
        .collect()
}

/// `{ value, plies }`, with `row` and `col` first when a move is given.
pub(crate) fn outcome(cell: Option<(usize, usize)>, solution: Solution) -> Object {
    let object = Object::new();
    KEYS.with(|[row, col, value, plies]| {
        let set = |key: &JsValue, number: f64| {
            // Setting a fresh plain object's own data property cannot fail.
            let _ = Reflect::set(&object, key, &number.into());
        };
        if let Some((r, c)) = cell {
            set(row, r as f64);
            set(col, c as f64);
        }
        set(value, solution.value.into());
        set(plies, solution.plies.into());
    });
    object
}

thread_local! {
    /// The property names of an outcome, made into JavaScript strings once: making each anew
    /// (the text decoded on the JavaScript side) cost more than the rest of the object.
    static KEYS: [JsValue; 4] = ["row", "col", "value", "plies"].map(JsValue::from_str);
}
