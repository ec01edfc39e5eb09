//! An SVG picture of a board, for notebooks (`_repr_svg_`): a grid with crosses and rings, or, for a
//! game with gravity, a Connect Four frame with its discs.

use std::fmt::Write;

use tictactoe_core::{Game, Mode, Player};

const CELL: usize = 40;

/// The board as SVG, or `None` for a lean game (it keeps no board).
pub(crate) fn board(game: &Game) -> Option<String> {
    if game.mode() == Mode::Lean {
        return None;
    }
    let rules = game.rules();
    let (rows, cols) = (rules.rows(), rules.cols());
    let (width, height) = (cols * CELL, rows * CELL);
    let mut svg = format!(
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}">"#
    );
    if rules.gravity() {
        frame(&mut svg, game, rows, cols);
    } else {
        grid(&mut svg, game, rows, cols);
    }
    svg.push_str("</svg>");
    Some(svg)
}

/// A blue frame with a hole per cell; each mark is a disc in its hole, red for X, yellow for O.
fn frame(svg: &mut String, game: &Game, rows: usize, cols: usize) {
    svg.push_str(r#"<rect width="100%" height="100%" rx="8" fill="royalblue"/>"#);
    let r = CELL / 2 - 5;
    for row in 0..rows {
        for col in 0..cols {
            let fill = match game.cell(row, col).ok().flatten() {
                Some(Player::X) => "crimson",
                Some(Player::O) => "gold",
                None => "white",
            };
            let (cx, cy) = (col * CELL + CELL / 2, row * CELL + CELL / 2);
            let _ = write!(
                svg,
                r#"<circle cx="{cx}" cy="{cy}" r="{r}" fill="{fill}" stroke="navy"/>"#
            );
        }
    }
}

/// Grid lines, a cross for each X and a ring for each O.
fn grid(svg: &mut String, game: &Game, rows: usize, cols: usize) {
    let (width, height) = (cols * CELL, rows * CELL);
    svg.push_str(
        r#"<rect width="100%" height="100%" fill="white" stroke="black" stroke-width="2"/>"#,
    );
    for k in 1..cols {
        let at = k * CELL;
        let _ = write!(
            svg,
            r#"<line x1="{at}" y1="0" x2="{at}" y2="{height}" stroke="black"/>"#
        );
    }
    for k in 1..rows {
        let at = k * CELL;
        let _ = write!(
            svg,
            r#"<line x1="0" y1="{at}" x2="{width}" y2="{at}" stroke="black"/>"#
        );
    }
    for (row, col, player) in game.moves() {
        let (x, y) = (col * CELL, row * CELL);
        let (lo, hi) = (8, CELL - 8);
        let _ = match player {
            Player::X => write!(
                svg,
                r#"<path d="M{} {} L{} {} M{} {} L{} {}" stroke="royalblue" stroke-width="4"/>"#,
                x + lo,
                y + lo,
                x + hi,
                y + hi,
                x + hi,
                y + lo,
                x + lo,
                y + hi
            ),
            Player::O => write!(
                svg,
                r#"<circle cx="{}" cy="{}" r="{}" fill="none" stroke="crimson" stroke-width="4"/>"#,
                x + CELL / 2,
                y + CELL / 2,
                CELL / 2 - lo
            ),
        };
    }
}
