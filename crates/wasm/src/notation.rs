//! What Connect Four players expect, as Python has it: move strings both ways, the legal moves as
//! actions, the player to move, and one best move with a tie-break. The notations are the
//! engine's (`Game::play_move_string` and its neighbours); this only maps them to JavaScript.

use js_sys::{Array, Math, Object, Reflect};
use tictactoe_core::{BatchError, Game, Numbering, Rules};
use tictactoe_solve::{Solution, Solve, TieBreak};
use wasm_bindgen::prelude::*;

use crate::args::{budget, optional_int};
use crate::errors::{Call, range_error, refusal, type_error};
use crate::game::{TicTacToe, cells};

/// How `base` numbers columns: 1 (`undefined` too) or 0 (BitBully's strings); else a
/// `RangeError`.
fn numbering(base: &JsValue) -> Result<Numbering, JsValue> {
    match optional_int(base, "base")? {
        None | Some(1) => Ok(Numbering::FromOne),
        Some(0) => Ok(Numbering::FromZero),
        Some(other) => Err(range_error(&format!(
            "base must be 1 (columns from 1, as Pons' solver writes them) or 0 (from 0, as BitBully does), not {other}"
        ))),
    }
}

/// Plays `moves`, a string of columns numbered as `base` says, on `game`, all or nothing: a
/// character that names no column is a `RangeError`, a move the rules refuse an
/// `IllegalMoveError`, each saying where.
fn play(game: &mut Game, moves: &JsValue, base: &JsValue) -> Result<(), JsValue> {
    let numbering = numbering(base)?;
    let Some(text) = moves.as_string() else {
        return Err(type_error(
            "moves must be a string of columns, such as \"4453\"",
        ));
    };
    game.play_move_string_in(&text, numbering)
        .map_err(|BatchError { index, error }| {
            let err = refusal(error, Call::Move);
            let message = format!("moves[{index}]: {error}");
            let _ = js_sys::Reflect::set(&err, &"message".into(), &message.into());
            err
        })
}

#[wasm_bindgen]
impl TicTacToe {
    /// Connect Four: 6 rows, 7 columns, 4 in a row, gravity; `moves`, a string of the columns
    /// played (`"4453"`), is played first, from X: columns from 1 as Pons' solver writes a
    /// position, or with `base` 0 from 0 as BitBully does.
    #[wasm_bindgen(js_name = connectFour)]
    pub fn connect_four(
        moves: Option<JsValue>,
        base: Option<JsValue>,
    ) -> Result<TicTacToe, JsValue> {
        let mut game = TicTacToe::of(Ok(Rules::connect_four()))?;
        if let Some(moves) = moves.filter(|m| !m.is_undefined() && !m.is_null()) {
            play(&mut game.game, &moves, &base.unwrap_or_default())?;
        }
        Ok(game)
    }

    /// Plays `moves`, a string of columns (`"4453"`, `base` as `connectFour` takes it), onto
    /// this game, all or nothing, from the player to move: a refused move leaves the game as it
    /// was.
    #[wasm_bindgen(js_name = playMoves)]
    pub fn play_moves(&mut self, moves: JsValue, base: Option<JsValue>) -> Result<(), JsValue> {
        play(&mut self.game, &moves, &base.unwrap_or_default())
    }

    /// The legal moves as actions: with gravity the columns that are not full (from 0, as `drop`
    /// takes them), else the empty cells' indices `row * cols + col`; none once the game is over.
    #[wasm_bindgen(js_name = legalMoves, unchecked_return_type = "number[]")]
    pub fn legal_moves(&self) -> Result<Array, JsValue> {
        let actions = self
            .game
            .legal_actions()
            .map_err(|err| refusal(err, Call::Other))?;
        Ok(actions
            .into_iter()
            .map(|a| JsValue::from(a as u32))
            .collect())
    }

    /// The player to move, 1 (X) or 2 (O); 0 once the game is over.
    #[wasm_bindgen(getter, js_name = toMove)]
    pub fn to_move(&self) -> u8 {
        self.game.to_move().map_or(0, |p| p.number())
    }

    /// The columns played as a string (`"4453"`; with `base` 0 from 0, as BitBully writes them):
    /// games with gravity of at most nine columns (else a `RangeError`).
    /// `TicTacToe.connectFour(game.moveString())` plays them again.
    #[wasm_bindgen(js_name = moveString)]
    pub fn move_string(&self, base: Option<JsValue>) -> Result<String, JsValue> {
        let numbering = numbering(&base.unwrap_or_default())?;
        self.game
            .move_string_in(numbering)
            .map_err(|err| refusal(err, Call::Other))
    }

    /// One of `bestMoves`, `[row, col]`, chosen by `tieBreak`, named as BitBully's are:
    /// `"center"` (the default: nearest the centre, then the first; with gravity the column
    /// nearest the centre column, then the leftmost), `"first"` or `"leftmost"` (row-major; with
    /// gravity the leftmost column) or `"random"` (by `Math.random`).
    #[wasm_bindgen(js_name = bestMove, unchecked_return_type = "[number, number]")]
    pub fn best_move(
        &self,
        #[wasm_bindgen(js_name = maxNodes)] max_nodes: Option<JsValue>,
        #[wasm_bindgen(js_name = tieBreak)] tie_break: Option<JsValue>,
    ) -> Result<JsValue, JsValue> {
        let chosen = self.chosen(max_nodes, tie_break)?;
        Ok(cells(&[chosen]).get(0))
    }

    /// With gravity, the column (from 0, as `drop` takes it) of `bestMove`, as Connect Four users
    /// name a move; a `RangeError` without gravity.
    #[wasm_bindgen(js_name = bestColumn)]
    pub fn best_column(
        &self,
        #[wasm_bindgen(js_name = maxNodes)] max_nodes: Option<JsValue>,
        #[wasm_bindgen(js_name = tieBreak)] tie_break: Option<JsValue>,
    ) -> Result<u32, JsValue> {
        if !self.game.rules().gravity() {
            return Err(range_error(
                "bestColumn needs gravity: without it a column names no single move",
            ));
        }
        Ok(self.chosen(max_nodes, tie_break)?.1 as u32)
    }

    /// With gravity, `moveValues` by column, in column order: `[{ column, value, plies }, ...]`
    /// (columns from 0, as `drop` takes them); a `RangeError` without gravity.
    #[wasm_bindgen(js_name = columnValues, unchecked_return_type = "ColumnValue[]")]
    pub fn column_values(
        &self,
        #[wasm_bindgen(js_name = maxNodes)] max_nodes: Option<JsValue>,
    ) -> Result<Array, JsValue> {
        if !self.game.rules().gravity() {
            return Err(range_error(
                "columnValues needs gravity: without it a column names no single move",
            ));
        }
        let mut values = self
            .game
            .move_values(budget(&max_nodes.unwrap_or_default())?)
            .map_err(|err| refusal(err, Call::Move))?;
        values.sort_by_key(|&((_, col), _)| col);
        Ok(values
            .into_iter()
            .map(|((_, col), s)| JsValue::from(column_outcome(col, s)))
            .collect())
    }
}

impl TicTacToe {
    /// The best move `tieBreak` picks.
    fn chosen(
        &self,
        max_nodes: Option<JsValue>,
        tie_break: Option<JsValue>,
    ) -> Result<(usize, usize), JsValue> {
        let tie = match tie_break.filter(|t| !t.is_undefined() && !t.is_null()) {
            None => TieBreak::Center,
            Some(value) => value
                .as_string()
                .as_deref()
                .and_then(TieBreak::named)
                .ok_or_else(|| {
                    type_error("tieBreak must be \"center\", \"first\", \"leftmost\" or \"random\"")
                })?,
        };
        let moves = self
            .game
            .best_moves(budget(&max_nodes.unwrap_or_default())?)
            .map_err(|err| refusal(err, Call::Move))?;
        let random = |n: usize| (Math::random() * n as f64) as usize;
        Ok(tie
            .pick(self.game.rules(), &moves, random)
            .unwrap_or(moves[0]))
    }
}

/// `{ column, value, plies }`.
fn column_outcome(col: usize, solution: Solution) -> Object {
    let object = Object::new();
    for (key, number) in [
        ("column", col as f64),
        ("value", solution.value.into()),
        ("plies", solution.plies.into()),
    ] {
        // Setting a fresh plain object's own data property cannot fail.
        let _ = Reflect::set(&object, &key.into(), &number.into());
    }
    object
}
