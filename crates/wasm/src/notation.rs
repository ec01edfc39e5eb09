//! What Connect Four players expect, as Python has it: move strings both ways, the legal moves as
//! actions, the player to move, and one best move with a tie-break. The notations are the
//! engine's (`Game::play_move_string` and its neighbours); this only maps them to JavaScript.

use js_sys::{Array, Math};
use tictactoe_core::{BatchError, Game, Rules, nearest_centre};
use tictactoe_solve::Solve;
use wasm_bindgen::prelude::*;

use crate::args::budget;
use crate::errors::{Call, refusal, type_error};
use crate::game::{TicTacToe, cells};

/// Plays `moves`, a string of 1-based columns, on `game`, all or nothing: a character that names
/// no column is a `RangeError`, a move the rules refuse an `IllegalMoveError`, each saying where.
fn play(game: &mut Game, moves: &JsValue) -> Result<(), JsValue> {
    let Some(text) = moves.as_string() else {
        return Err(type_error(
            "moves must be a string of columns, such as \"4453\"",
        ));
    };
    game.play_move_string(&text)
        .map_err(|BatchError { index, error }| {
            let err = refusal(error, Call::Move);
            let message = format!("moves[{index}]: {error}");
            let _ = js_sys::Reflect::set(&err, &"message".into(), &message.into());
            err
        })
}

#[wasm_bindgen]
impl TicTacToe {
    /// Connect Four: 6 rows, 7 columns, 4 in a row, gravity; `moves`, a string of 1-based columns
    /// as Connect Four solvers write a position (`"4453"`), is played first, from X.
    #[wasm_bindgen(js_name = connectFour)]
    pub fn connect_four(moves: Option<JsValue>) -> Result<TicTacToe, JsValue> {
        let mut game = TicTacToe::of(Ok(Rules::connect_four()))?;
        if let Some(moves) = moves.filter(|m| !m.is_undefined() && !m.is_null()) {
            play(&mut game.game, &moves)?;
        }
        Ok(game)
    }

    /// Plays `moves`, a string of 1-based columns (`"4453"`), onto this game, all or nothing,
    /// from the player to move: a refused move leaves the game as it was.
    #[wasm_bindgen(js_name = playMoves)]
    pub fn play_moves(&mut self, moves: JsValue) -> Result<(), JsValue> {
        play(&mut self.game, &moves)
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

    /// The columns played, 1-based, as a string (`"4453"`): games with gravity of at most nine
    /// columns (else a `RangeError`). `TicTacToe.connectFour(game.moveString())` plays them again.
    #[wasm_bindgen(js_name = moveString)]
    pub fn move_string(&self) -> Result<String, JsValue> {
        self.game
            .move_string()
            .map_err(|err| refusal(err, Call::Other))
    }

    /// One of `bestMoves`, `[row, col]`, chosen by `tieBreak`: `"center"` (the default: nearest
    /// the centre, then the first), `"first"` (row-major) or `"random"` (by `Math.random`).
    #[wasm_bindgen(js_name = bestMove, unchecked_return_type = "[number, number]")]
    pub fn best_move(
        &self,
        #[wasm_bindgen(js_name = maxNodes)] max_nodes: Option<JsValue>,
        #[wasm_bindgen(js_name = tieBreak)] tie_break: Option<JsValue>,
    ) -> Result<JsValue, JsValue> {
        let tie_break = match tie_break.filter(|t| !t.is_undefined() && !t.is_null()) {
            None => "center".to_owned(),
            Some(value) => value
                .as_string()
                .filter(|t| ["center", "first", "random"].contains(&t.as_str()))
                .ok_or_else(|| {
                    type_error("tieBreak must be \"center\", \"first\" or \"random\"")
                })?,
        };
        let moves = self
            .game
            .best_moves(budget(&max_nodes.unwrap_or_default())?)
            .map_err(|err| refusal(err, Call::Move))?;
        let chosen = match tie_break.as_str() {
            "first" => moves[0],
            "random" => {
                moves[((Math::random() * moves.len() as f64) as usize).min(moves.len() - 1)]
            }
            _ => nearest_centre(self.game.rules(), &moves).unwrap_or(moves[0]),
        };
        Ok(cells(&[chosen]).get(0))
    }
}
