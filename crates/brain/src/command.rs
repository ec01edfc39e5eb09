//! The protocol's lines read into commands: a command word in any case, then its arguments. A line
//! that names no known command is [`Line::Unknown`]; one whose arguments cannot be read is
//! [`Line::Bad`], with the reason to send back.

/// A line of the manager's, read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Line {
    /// Nothing on it: no answer.
    Blank,
    Start {
        cols: u64,
        rows: u64,
    },
    Restart,
    Begin,
    Turn {
        x: u64,
        y: u64,
    },
    Board,
    /// A stone of a `BOARD` listing: `x,y,who`.
    Stone {
        x: u64,
        y: u64,
        who: u64,
    },
    Done,
    Takeback {
        x: u64,
        y: u64,
    },
    Info {
        key: String,
        value: String,
    },
    About,
    End,
    Unknown(String),
    Bad(String),
}

/// `text` as a reply quotes it: at most a few dozen characters, control characters escaped, and
/// the length of what was cut (a 10 MB line gets a short answer).
pub(crate) fn quoted(text: &str) -> String {
    format!("\"{}\"", clipped(text))
}

/// [`quoted`] without the quotes: a command word as the reply names it.
fn clipped(text: &str) -> String {
    const MOST: usize = 48;
    let count = text.chars().count();
    let mut shown: String = text
        .chars()
        .take(MOST)
        .flat_map(char::escape_debug)
        .collect();
    if count > MOST {
        shown.push_str(&format!("... ({count} characters)"));
    }
    shown
}

/// Reads one line. `listing` says whether a `BOARD` listing is open, where `x,y,who` lines and
/// `DONE` are expected.
pub(crate) fn read(line: &str, listing: bool) -> Line {
    let line = line.trim();
    if line.is_empty() {
        return Line::Blank;
    }
    let (word, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
    let rest = rest.trim();
    let word = word.to_ascii_uppercase();
    if listing && word != "DONE" {
        return match numbers(line) {
            Some(Some([x, y, who])) => Line::Stone { x, y, who },
            Some(None) => Line::Bad(format!("{} is off the board", quoted(line))),
            None => Line::Bad(format!("a BOARD line is x,y,who, not {}", quoted(line))),
        };
    }
    let bare = |command: Line| {
        if rest.is_empty() {
            command
        } else {
            Line::Bad(format!("{} takes no argument", quoted(&word)))
        }
    };
    let point = |make: fn(u64, u64) -> Line| match numbers(rest) {
        Some(Some([x, y])) => make(x, y),
        Some(None) => Line::Bad(format!("{} is off the board", quoted(rest))),
        None => Line::Bad(format!(
            "{word} takes x,y (two numbers from 0), not {}",
            quoted(rest)
        )),
    };
    match word.as_str() {
        "START" => match numbers(rest) {
            Some(Some([n])) => Line::Start { cols: n, rows: n },
            Some(None) => Line::Bad(format!("a board of {} is too large", quoted(rest))),
            _ => Line::Bad(format!(
                "START takes the board's size, not {}",
                quoted(rest)
            )),
        },
        "RECTSTART" => match numbers(rest) {
            Some(Some([cols, rows])) => Line::Start { cols, rows },
            Some(None) => Line::Bad(format!("a board of {} is too large", quoted(rest))),
            _ => Line::Bad(format!(
                "RECTSTART takes width,height, not {}",
                quoted(rest)
            )),
        },
        "RESTART" => bare(Line::Restart),
        "BEGIN" => bare(Line::Begin),
        "BOARD" => bare(Line::Board),
        "DONE" => bare(Line::Done),
        "ABOUT" => bare(Line::About),
        "END" => Line::End,
        "TURN" => point(|x, y| Line::Turn { x, y }),
        "TAKEBACK" => point(|x, y| Line::Takeback { x, y }),
        "INFO" => match rest.split_once(char::is_whitespace) {
            Some((key, value)) => Line::Info {
                key: key.to_ascii_lowercase(),
                value: value.trim().to_string(),
            },
            None => Line::Bad(format!(
                "INFO takes a key and a value, not {}",
                quoted(rest)
            )),
        },
        _ => Line::Unknown(clipped(&word)),
    }
}

/// `N` numbers from 0 separated by commas (spaces around them allowed): `None` when the text is
/// not that, `Some(None)` when it is but a number is too large for 64 bits (no board has such a
/// cell: the reply says so, quoting the numbers as written).
fn numbers<const N: usize>(text: &str) -> Option<Option<[u64; N]>> {
    let mut out = [0; N];
    let mut parts = text.split(',');
    let mut fits = true;
    for slot in &mut out {
        let part = parts.next()?.trim();
        if part.is_empty() || !part.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        match part.parse() {
            Ok(n) => *slot = n,
            Err(_) => fits = false,
        }
    }
    parts.next().is_none().then_some(fits.then_some(out))
}

#[cfg(test)]
mod tests {
    use super::{Line, quoted, read};

    #[test]
    fn lines_are_read_in_any_case_and_garbage_is_named() {
        assert_eq!(read("start 15", false), Line::Start { cols: 15, rows: 15 });
        assert_eq!(
            read("RECTSTART 20,10\r", false),
            Line::Start { cols: 20, rows: 10 }
        );
        assert_eq!(read("TURN 7, 8", false), Line::Turn { x: 7, y: 8 });
        assert_eq!(
            read("TURN 99999999999999999999999,1", false),
            Line::Bad("\"99999999999999999999999,1\" is off the board".into())
        );
        assert_eq!(
            quoted(&"x".repeat(10_000_000)).len(),
            2 + 48 + "... (10000000 characters)".len()
        );
        assert_eq!(quoted("a\u{1b}[2Jb"), "\"a\\u{1b}[2Jb\"");
        assert_eq!(read("  ", false), Line::Blank);
        assert_eq!(read("7,8,1", true), Line::Stone { x: 7, y: 8, who: 1 });
        assert_eq!(read("done", true), Line::Done);
        assert_eq!(
            read("INFO TIMEOUT_TURN 1000", false),
            Line::Info {
                key: "timeout_turn".into(),
                value: "1000".into()
            }
        );
        assert_eq!(
            read("YXSHOWFORBID", false),
            Line::Unknown("YXSHOWFORBID".into())
        );
        for bad in [
            "TURN",
            "TURN -1,3",
            "TURN 1,2,3",
            "TURN a,b",
            "START",
            "START 15 x",
            "BEGIN now",
            "INFO rule",
        ] {
            assert!(matches!(read(bad, false), Line::Bad(_)), "{bad}");
        }
        for bad in ["7,8", "7,8,1,2", "x", "BOARD"] {
            assert!(matches!(read(bad, true), Line::Bad(_)), "{bad}");
        }
    }
}
