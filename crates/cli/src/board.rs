//! What the command is told of a game: its rules by name (`--game`), and a position as a move
//! string, a list of cells, or a board file, in the numbering a person or a tool writes.

use std::io::Read;

use tictactoe_core::{Game, Player, Rules};

use crate::Failure;

/// The rules named `name`: `tictactoe` (3 x 3), `connect4`, `gomoku` (15 x 15, five), `N` (the
/// classic N x N game), `ROWSxCOLSxK`, with a `g` after it for gravity (`6x7x4g`); `exact` for
/// exactly k.
pub(crate) fn rules_named(name: &str, exact: bool) -> Result<Rules, Failure> {
    let rules = match name {
        "tictactoe" | "tic-tac-toe" => Rules::square(3),
        "connect4" | "connect-four" => Ok(Rules::connect_four()),
        "gomoku" => Rules::gomoku(15),
        _ => {
            let (sizes, gravity) = match name.strip_suffix('g') {
                Some(sizes) => (sizes, true),
                None => (name, false),
            };
            let parts: Option<Vec<i64>> = sizes.split('x').map(|p| p.parse().ok()).collect();
            match parts.as_deref() {
                Some(&[n]) if !gravity => Rules::new_i64(n, n, n, false),
                Some(&[rows, cols, k]) => Rules::new_i64(rows, cols, k, gravity),
                _ => {
                    return Err(Failure::Input(format!(
                        "--game {:?}: not tictactoe, connect4, gomoku, N or ROWSxCOLSxK[g]",
                        clip(name)
                    )));
                }
            }
        }
    };
    Ok(rules?.with_exact(exact))
}

/// `text` cut to a few dozen characters, control characters escaped: what a message may quote of
/// input of any length.
pub(crate) fn clip(text: &str) -> String {
    const MOST: usize = 40;
    let mut shown: String = text
        .chars()
        .take(MOST)
        .flat_map(char::escape_debug)
        .collect();
    if text.chars().count() > MOST {
        shown.push_str(&format!("... ({} characters)", text.chars().count()));
    }
    shown
}

/// How a position's moves are numbered: from 1, as people number columns and rows (and Pons'
/// solver writes Connect Four positions), or from 0 (BitBully's strings, the library's indices).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Base(pub(crate) u8);

impl Base {
    /// `number` as written, as an index from 0.
    fn index(self, number: i64) -> i64 {
        number - i64::from(self.0)
    }

    /// `index` (from 0) as it is written.
    pub(crate) fn shown(self, index: usize) -> usize {
        index + usize::from(self.0)
    }
}

/// The game after the moves `moves`, X first: with gravity, the columns played (`"4453"`, one
/// digit a column, at most nine columns); otherwise cells `row,col` apart by spaces (`"2,2 1,1"`).
pub(crate) fn game_of_moves(rules: Rules, moves: &str, base: Base) -> Result<Game, Failure> {
    let mut game = Game::with_rules(rules)?;
    let mover = |game: &Game| game.to_move().unwrap_or(Player::X);
    if rules.gravity() {
        for (i, c) in moves.chars().filter(|c| !c.is_whitespace()).enumerate() {
            let Some(digit) = c.to_digit(10) else {
                let why = format!("move {} of {:?} is {c:?}, not a column", i + 1, clip(moves));
                return Err(Failure::Input(why));
            };
            let col = base.index(i64::from(digit));
            let player = mover(&game);
            game.drop_i64(col, player.number().into())
                .map_err(|e| Failure::Input(format!("move {} ({c}): {e}", i + 1)))?;
        }
        return Ok(game);
    }
    for (i, cell) in moves.split_whitespace().enumerate() {
        let parts: Option<Vec<i64>> = cell.split(',').map(|p| p.parse().ok()).collect();
        let Some(&[row, col]) = parts.as_deref() else {
            let why = format!("move {} is {:?}, not ROW,COL", i + 1, clip(cell));
            return Err(Failure::Input(why));
        };
        let player = mover(&game);
        game.play_i64(base.index(row), base.index(col), player.number().into())
            .map_err(|e| Failure::Input(format!("move {} ({}): {e}", i + 1, clip(cell))))?;
    }
    Ok(game)
}

/// The most bytes a board file may hold: a 2048 x 2048 board drawn with bars.
const MOST_BOARD_BYTES: u64 = 2 * 2049 * 2048 + 2048;

/// A board file's text: `path`, or stdin for `-`; refused past [`MOST_BOARD_BYTES`] before any of
/// it is held.
pub(crate) fn read_board_text(
    path: &str,
    stdin: &mut dyn std::io::BufRead,
) -> Result<String, Failure> {
    let mut bytes = Vec::new();
    let limit = MOST_BOARD_BYTES + 1;
    let read = if path == "-" {
        stdin.take(limit).read_to_end(&mut bytes)
    } else {
        std::fs::File::open(path).and_then(|f| f.take(limit).read_to_end(&mut bytes))
    };
    read.map_err(|e| Failure::Input(format!("{}: {e}", clip(path))))?;
    if bytes.len() as u64 > MOST_BOARD_BYTES {
        return Err(Failure::Input(format!(
            "{}: too large for a board",
            clip(path)
        )));
    }
    String::from_utf8(bytes).map_err(|_| Failure::Input(format!("{}: not text", clip(path))))
}

/// The cells of a board's text, row by row: one row a line, a cell `X`, `O` or empty (`.`, `-`,
/// `_` or a space between bars), as `str(game)` draws it (`|X| |O|`) or plainly (`X.O`).
fn rows_of(text: &str) -> Result<Vec<Vec<Option<Player>>>, Failure> {
    let cell = |c: char| match c.to_ascii_uppercase() {
        'X' => Ok(Some(Player::X)),
        'O' => Ok(Some(Player::O)),
        '.' | '-' | '_' | ' ' => Ok(None),
        other => Err(Failure::Input(format!(
            "{other:?} is no cell: X, O or . (or a space between bars)"
        ))),
    };
    text.lines()
        .map(str::trim_end)
        .filter(|line| !line.trim().is_empty())
        .map(|line| match line.trim().strip_prefix('|') {
            Some(barred) => barred
                .strip_suffix('|')
                .unwrap_or(barred)
                .split('|')
                .map(|c| c.chars().next().map_or(Ok(None), cell))
                .collect(),
            None => line.trim().chars().map(cell).collect(),
        })
        .collect()
}

/// The game a board's text shows, for `rules` or, without them, for the board's size (six rows
/// of seven: Connect Four; a square: the classic game). Its stones are played X and O in turn
/// (O first where O has one more), with gravity from the bottom row up; a board no game reaches
/// (counts two apart, a stone over an empty cell, a game already won) is refused.
pub(crate) fn game_of_board(text: &str, rules: Option<Rules>) -> Result<Game, Failure> {
    let rows = rows_of(text)?;
    let (height, width) = (rows.len(), rows.first().map_or(0, Vec::len));
    if height == 0 || rows.iter().any(|r| r.len() != width) {
        return Err(Failure::Input(
            "a board has rows of one length, one a line".into(),
        ));
    }
    let rules = match rules {
        Some(rules) => rules,
        None if (height, width) == (6, 7) => Rules::connect_four(),
        None if height == width => Rules::square(height)?,
        None => {
            let why = format!("a {height} x {width} board: say its rules with --game ROWSxCOLSxK");
            return Err(Failure::Input(why));
        }
    };
    if (rules.rows(), rules.cols()) != (height, width) {
        let why = format!(
            "the board is {height} x {width}, the rules {} x {}",
            rules.rows(),
            rules.cols()
        );
        return Err(Failure::Input(why));
    }
    // Bottom row first, so that with gravity every stone lands where it is drawn.
    let stones = |who: Player| -> Vec<(usize, usize)> {
        (0..height)
            .rev()
            .flat_map(|r| (0..width).map(move |c| (r, c)))
            .filter(|&(r, c)| rows[r][c] == Some(who))
            .collect()
    };
    let (xs, os) = (stones(Player::X), stones(Player::O));
    let first = match xs.len() as i64 - os.len() as i64 {
        0 | 1 => Player::X,
        -1 => Player::O,
        _ => {
            return Err(Failure::Input(
                "X and O differ by more than one stone".into(),
            ));
        }
    };
    let mut left = if first == Player::X {
        [xs, os]
    } else {
        [os, xs]
    };
    let mut game = Game::with_rules(rules)?;
    let mut player = first;
    while left.iter().any(|stones| !stones.is_empty()) {
        let mine = &mut left[usize::from(player != first)];
        // With gravity, a stone on its column's landing cell now (the bottom rows come first).
        let at = mine
            .iter()
            .position(|&(row, col)| !rules.gravity() || landing(&game, col) == Some(row))
            .ok_or_else(|| Failure::Input("no order of play reaches this board".into()))?;
        let (row, col) = mine.remove(at);
        game.play(row, col, player).map_err(|e| {
            Failure::Input(format!(
                "no game reaches this board: ({}, {}): {e}",
                row + 1,
                col + 1
            ))
        })?;
        player = player.other();
    }
    Ok(game)
}

/// The row where a stone dropped in `col` lands: its lowest empty cell.
pub(crate) fn landing(game: &Game, col: usize) -> Option<usize> {
    (0..game.rules().rows())
        .rev()
        .find(|&row| game.cell(row, col) == Ok(None))
}
