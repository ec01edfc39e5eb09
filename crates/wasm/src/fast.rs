//! The calls a game makes most, for arguments that are already numbers: the same engine calls as
//! `move`, `drop`, `cell` and `canWin`, with each argument passed as a plain `f64` (no JavaScript
//! value to look up, no error object to build) and the answer as one integer, negative when the
//! engine refuses. The package's `engine.js` takes these off the prototype and calls them only when
//! every argument's `typeof` is `"number"` (a conversion of anything else could call the caller's
//! code in the middle of the call); on a negative answer it makes the full call, which refuses
//! again, the game being unchanged, with the exact error.

use tictactoe_core::Player;
use wasm_bindgen::prelude::*;

use crate::args::exact;
use crate::game::{TicTacToe, number};

/// The answer for a refusal.
const REFUSED: i32 = -1;

#[wasm_bindgen]
impl TicTacToe {
    #[doc(hidden)]
    #[wasm_bindgen(js_name = "_moveNumbers", skip_typescript)]
    pub fn move_numbers(&mut self, row: f64, col: f64, player: f64) -> i32 {
        match (exact(row), exact(col), exact(player)) {
            (Some(row), Some(col), Some(player)) => self
                .game_mut()
                .play_i64(row, col, player)
                .map_or(REFUSED, i32::from),
            _ => REFUSED,
        }
    }

    #[doc(hidden)]
    #[wasm_bindgen(js_name = "_dropNumbers", skip_typescript)]
    pub fn drop_numbers(&mut self, col: f64, player: f64) -> i32 {
        match (exact(col), exact(player)) {
            (Some(col), Some(player)) => self
                .game_mut()
                .drop_i64(col, player)
                .map_or(REFUSED, i32::from),
            _ => REFUSED,
        }
    }

    #[doc(hidden)]
    #[wasm_bindgen(js_name = "_cellNumbers", skip_typescript)]
    pub fn cell_numbers(&self, row: f64, col: f64) -> i32 {
        match (exact(row), exact(col)) {
            (Some(row), Some(col)) => self
                .game()
                .cell_i64(row, col)
                .map_or(REFUSED, |holder| number(holder).into()),
            _ => REFUSED,
        }
    }

    #[doc(hidden)]
    #[wasm_bindgen(js_name = "_canWinNumbers", skip_typescript)]
    pub fn can_win_numbers(&self, player: f64) -> i32 {
        match exact(player).map(Player::from_number) {
            Some(Ok(player)) => i32::from(self.game().can_win(player)),
            _ => REFUSED,
        }
    }
}
