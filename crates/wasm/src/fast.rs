//! The calls made most, for arguments that are already numbers: the same engine calls as `move`,
//! `drop`, `cell`, `canWin` and `solve` without a budget, with each argument passed as a plain
//! `f64` (no JavaScript value to look up, no error object to build) and the answer as one number,
//! negative when the engine refuses. The package's `engine.js` takes these off the classes and
//! calls them only when every argument's `typeof` is `"number"` (a conversion of anything else
//! could call the caller's code in the middle of the call); on a refusal it makes the full call,
//! which refuses again, nothing having changed, with the exact error. A solution comes back as
//! `4 * plies + value + 1`, which `engine.js` makes into `{ value, plies }`: building that object
//! here (two property names made and set through JavaScript) took longer than searching a
//! Connect Four position near the end.
//!
//! `fromBytes` keeps its one route: a byte-slice parameter would be copied by the length the
//! caller's object reports, which a hostile object can make smaller than what is copied.

use tictactoe_core::Player;
use tictactoe_solve::Solution;
use tictactoe_solve::Solve;
use wasm_bindgen::prelude::*;

use crate::args::exact;
use crate::game::{TicTacToe, number};
use crate::players::Solver;

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
    #[wasm_bindgen(js_name = "_solveNumbers", skip_typescript)]
    pub fn solve_numbers(&self) -> f64 {
        self.game().solve(None).map_or(REFUSED.into(), packed)
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

#[wasm_bindgen]
impl Solver {
    #[doc(hidden)]
    #[wasm_bindgen(js_name = "_solveNumbers", skip_typescript)]
    pub fn solve_numbers(&mut self, game: &TicTacToe) -> f64 {
        self.table_mut()
            .solve(game.game(), None)
            .map_or(REFUSED.into(), packed)
    }
}

/// A solution as one number, exact in an `f64`: plies are below 2^32.
fn packed(solution: Solution) -> f64 {
    4.0 * f64::from(solution.plies) + f64::from(solution.value + 1)
}
