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
            Some([x, y, who]) => Line::Stone { x, y, who },
            _ => Line::Bad(format!("a BOARD line is x,y,who, not {line:?}")),
        };
    }
    let bare = |command: Line| {
        if rest.is_empty() {
            command
        } else {
            Line::Bad(format!("{word} takes no argument"))
        }
    };
    let point = |make: fn(u64, u64) -> Line| match numbers(rest) {
        Some([x, y]) => make(x, y),
        _ => Line::Bad(format!(
            "{word} takes x,y (two numbers from 0), not {rest:?}"
        )),
    };
    match word.as_str() {
        "START" => match numbers(rest) {
            Some([n]) => Line::Start { cols: n, rows: n },
            _ => Line::Bad(format!("START takes the board's size, not {rest:?}")),
        },
        "RECTSTART" => match numbers(rest) {
            Some([cols, rows]) => Line::Start { cols, rows },
            _ => Line::Bad(format!("RECTSTART takes width,height, not {rest:?}")),
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
            None => Line::Bad(format!("INFO takes a key and a value, not {rest:?}")),
        },
        _ => Line::Unknown(word),
    }
}

/// `N` numbers from 0 separated by commas (spaces around them allowed), or `None`. A number too
/// large for 64 bits is kept as `u64::MAX`, which no board reaches, so that it is refused as off
/// the board rather than as unreadable.
fn numbers<const N: usize>(text: &str) -> Option<[u64; N]> {
    let mut out = [0; N];
    let mut parts = text.split(',');
    for slot in &mut out {
        let part = parts.next()?.trim();
        if part.is_empty() || !part.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        *slot = part.parse().unwrap_or(u64::MAX);
    }
    parts.next().is_none().then_some(out)
}

#[cfg(test)]
mod tests {
    use super::{Line, read};

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
            Line::Turn { x: u64::MAX, y: 1 }
        );
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
