//! The one mapping from engine refusals to JavaScript errors. Every refused call throws an `Error`
//! whose `name` says the kind, with the engine's own message (the text Python shows):
//! `IllegalMoveError` for a move the rules refuse (and a search of a finished game),
//! `SearchLimitError` for a search out of budget, `RangeError` for sizes, rules, bytes and numbers
//! outside what the engine takes, `TypeError` for a value that is not what the call takes.

use js_sys::{Error as JsError, RangeError, TypeError};
use tictactoe_core::Error;
use wasm_bindgen::JsValue;

/// What kind of call a refusal came from: the same engine error is an illegal move for `move`
/// and a bad index for `cell`.
#[derive(Clone, Copy)]
pub(crate) enum Call {
    /// `move`, `drop`, and the searches (whose refusal of a finished game is a refused move).
    Move,
    /// Everything else.
    Other,
}

/// The JavaScript error for `err`, refused by a call of kind `call`.
pub(crate) fn refusal(err: Error, call: Call) -> JsValue {
    let message = err.to_string();
    match (err, call) {
        (Error::SearchLimit { .. }, _) => named("SearchLimitError", &message),
        (err, Call::Move) if err.is_illegal_move() => named("IllegalMoveError", &message),
        _ => range_error(&message),
    }
}

/// An `Error` named `name`.
fn named(name: &str, message: &str) -> JsValue {
    let err = JsError::new(message);
    err.set_name(name);
    err.into()
}

/// A `RangeError`.
pub(crate) fn range_error(message: &str) -> JsValue {
    RangeError::new(message).into()
}

/// A `TypeError`.
pub(crate) fn type_error(message: &str) -> JsValue {
    TypeError::new(message).into()
}
