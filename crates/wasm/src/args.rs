//! Reading JavaScript arguments. Numbers are JavaScript numbers, read exactly: only a value whose
//! type is `number` is taken (no `valueOf` is called, no string is parsed), a fraction, `NaN` or an
//! infinity is a `TypeError`, and an integer beyond 2^53 - 1 in size (where numbers stop being
//! exact) a `RangeError`. Nothing is ever rounded.

use js_sys::{BigInt, Number};
use wasm_bindgen::{JsCast, JsValue};

use crate::errors::{range_error, type_error};

/// The largest integer a JavaScript number holds exactly (`Number.MAX_SAFE_INTEGER`).
const MAX_SAFE: f64 = 9_007_199_254_740_991.0;

/// `number` as an integer when it is one JavaScript holds exactly, else `None`.
pub(crate) fn exact(number: f64) -> Option<i64> {
    // Exact: an integer of at most 53 bits.
    (number.fract() == 0.0 && number.abs() <= MAX_SAFE).then_some(number as i64)
}

/// `value` as an integer, named `name` in the messages.
pub(crate) fn int(value: &JsValue, name: &str) -> Result<i64, JsValue> {
    let Some(number) = value.as_f64() else {
        return Err(type_error(&format!(
            "{name} must be a number, not {}",
            kind(value)
        )));
    };
    if !number.is_finite() || number.fract() != 0.0 {
        return Err(type_error(&format!(
            "{name} must be an integer, not {}",
            shown(value)
        )));
    }
    exact(number).ok_or_else(|| {
        range_error(&format!(
            "{name} {} is beyond what a number holds exactly (2^53 - 1)",
            shown(value)
        ))
    })
}

/// An optional integer: `undefined` and `null` are `None`.
pub(crate) fn optional_int(value: &JsValue, name: &str) -> Result<Option<i64>, JsValue> {
    if value.is_undefined() || value.is_null() {
        return Ok(None);
    }
    int(value, name).map(Some)
}

/// A search budget: `undefined` or `null` for none, else an integer of 0 or more.
pub(crate) fn budget(value: &JsValue) -> Result<Option<u64>, JsValue> {
    budget_from(value, 0)
}

/// A search budget of at least `least` positions: `undefined` or `null` for none.
pub(crate) fn budget_from(value: &JsValue, least: u64) -> Result<Option<u64>, JsValue> {
    match optional_int(value, "maxNodes")? {
        None => Ok(None),
        Some(nodes) => u64::try_from(nodes)
            .ok()
            .filter(|&n| n >= least)
            .map(Some)
            .ok_or_else(|| {
                range_error(&format!(
                    "maxNodes must be null (no budget) or an integer of at least {least}, not {nodes}"
                ))
            }),
    }
}

/// A real number, named `name` (`undefined`: `default`); `NaN` passes, for the engine to refuse
/// as it refuses any number outside the range asked.
pub(crate) fn real(value: &JsValue, name: &str, default: f64) -> Result<f64, JsValue> {
    if value.is_undefined() {
        return Ok(default);
    }
    value
        .as_f64()
        .ok_or_else(|| type_error(&format!("{name} must be a number, not {}", kind(value))))
}

/// A seed: an integer from 0 to 2^53 - 1, or a `BigInt` from 0 to 2^64 - 1.
pub(crate) fn seed(value: &JsValue) -> Result<u64, JsValue> {
    if value.is_bigint() {
        return u64::try_from(value.clone()).map_err(|_| {
            range_error(&format!(
                "seed must be between 0 and 2^64 - 1, not {}",
                shown(value)
            ))
        });
    }
    let seed = int(value, "seed")?;
    u64::try_from(seed).map_err(|_| range_error(&format!("seed must be 0 or more, not {seed}")))
}

/// A boolean flag: only `true` and `false` (`undefined`: false).
pub(crate) fn flag(value: &JsValue, name: &str) -> Result<bool, JsValue> {
    if value.is_undefined() {
        return Ok(false);
    }
    value
        .as_bool()
        .ok_or_else(|| type_error(&format!("{name} must be a boolean, not {}", kind(value))))
}

/// The `typeof` of `value`, for a message.
pub(crate) fn kind(value: &JsValue) -> String {
    if value.is_null() {
        return "null".into();
    }
    value.js_typeof().as_string().unwrap_or_default()
}

/// A number or `BigInt` as JavaScript writes it.
fn shown(value: &JsValue) -> String {
    let text = match value.as_f64() {
        Some(number) => Number::from(number).to_string_with_radix(10).ok(),
        None => value.unchecked_ref::<BigInt>().to_string(10).ok(),
    };
    text.and_then(|text| text.as_string()).unwrap_or_default()
}

/// The bytes of `value`, copied, when it is a `Uint8Array`; else a `TypeError` saying that `call`
/// takes one. Read through the array itself: an object that only claims a `length` (of 10^12,
/// say) is refused here, where the glue of a `&[u8]` argument would have asked the module for
/// that much memory and trapped.
pub(crate) fn bytes_of(value: &JsValue, call: &str) -> Result<Vec<u8>, JsValue> {
    match value.dyn_ref::<js_sys::Uint8Array>() {
        Some(array) => Ok(array.to_vec()),
        None => Err(type_error(&format!("{call} takes a Uint8Array"))),
    }
}
