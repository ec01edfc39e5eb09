//! How answers are written: moves in the numbering the caller chose, outcomes in words, and a
//! small JSON writer (objects of numbers, strings and moves; nothing here needs more).

use core::fmt::Write as _;

use tictactoe_core::Player;
use tictactoe_solve::Solution;

use crate::board::Base;

/// A move as the caller numbers it: with gravity its column, else `row,col`.
pub(crate) fn move_name((row, col): (usize, usize), base: Base, gravity: bool) -> String {
    if gravity {
        base.shown(col).to_string()
    } else {
        format!("{},{}", base.shown(row), base.shown(col))
    }
}

/// `s`, the outcome for `mover`, in words: who wins and when, or a draw.
pub(crate) fn outcome_words(s: Solution, mover: Player) -> String {
    let plies = |n: u32| {
        if n == 1 {
            "1 ply".to_owned()
        } else {
            format!("{n} plies")
        }
    };
    match s.value {
        1 => format!("{} wins in {}", mover.symbol(), plies(s.plies)),
        -1 => format!("{} wins in {}", mover.other().symbol(), plies(s.plies)),
        _ => format!("draw ({} to the full board)", plies(s.plies)),
    }
}

/// A JSON object written field by field.
pub(crate) struct Json(String);

impl Json {
    pub(crate) fn object() -> Json {
        Json(String::from("{"))
    }

    fn key(&mut self, key: &str) {
        if self.0.len() > 1 {
            self.0.push_str(", ");
        }
        let _ = write!(self.0, "\"{key}\": ");
    }

    pub(crate) fn number(&mut self, key: &str, value: i64) {
        self.key(key);
        let _ = write!(self.0, "{value}");
    }

    /// A string of printable ASCII (the only strings written: player symbols and the like).
    pub(crate) fn text(&mut self, key: &str, value: &str) {
        self.key(key);
        let _ = write!(self.0, "\"{}\"", value.escape_default());
    }

    /// A value already written as JSON.
    pub(crate) fn raw(&mut self, key: &str, json: &str) {
        self.key(key);
        self.0.push_str(json);
    }

    /// `moves` as a list: columns with gravity, `[row, col]` pairs otherwise, in `base`.
    pub(crate) fn moves(&mut self, key: &str, moves: &[(usize, usize)], base: Base, gravity: bool) {
        let items: Vec<String> = moves
            .iter()
            .map(|&(row, col)| match gravity {
                true => base.shown(col).to_string(),
                false => format!("[{}, {}]", base.shown(row), base.shown(col)),
            })
            .collect();
        self.raw(key, &format!("[{}]", items.join(", ")));
    }

    /// One move's fields: `column` with gravity (and the `row` it lands on), else `row` and `col`.
    pub(crate) fn moves_one(&mut self, (row, col): (usize, usize), base: Base, gravity: bool) {
        if gravity {
            self.number("column", base.shown(col) as i64);
        }
        self.number("row", base.shown(row) as i64);
        if !gravity {
            self.number("col", base.shown(col) as i64);
        }
    }

    pub(crate) fn close(mut self) -> String {
        self.0.push('}');
        self.0
    }
}
