//! An SVG picture of a checked board, for notebooks (`_repr_svg_`).

use std::fmt::Write;

use tictactoe_core::{Game, Player};

const CELL: usize = 40;

/// The board as SVG, or `None` for a lean game (it keeps no board).
pub(crate) fn board(game: &Game) -> Option<String> {
    // Only the check: the picture is drawn from the moves, which a lean game does not keep either.
    game.board().ok()?;
    let n = game.n();
    let size = n * CELL;
    let mut svg = format!(
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{size}" height="{size}" viewBox="0 0 {size} {size}">"#
    );
    svg.push_str(
        r#"<rect width="100%" height="100%" fill="white" stroke="black" stroke-width="2"/>"#,
    );
    for k in 1..n {
        let at = k * CELL;
        let _ = write!(
            svg,
            r#"<line x1="{at}" y1="0" x2="{at}" y2="{size}" stroke="black"/><line x1="0" y1="{at}" x2="{size}" y2="{at}" stroke="black"/>"#
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
    svg.push_str("</svg>");
    Some(svg)
}
