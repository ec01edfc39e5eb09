//! The tactics every move of a full-strength agent keeps, whatever its budget: a win at once is
//! taken, and otherwise the opponent's win at once is stopped. Read through the game's own moves
//! (a move played and taken back), so that the rules (exactly `k`, overlines, gravity) are the
//! core's and nowhere restated.
//!
//! Without gravity a stone of the mover's cannot make a win of the opponent's, so the opponent's
//! wins at once are found once, after any move of the mover's that does not end the game (the
//! opponent wins on a cell after it exactly when it wins there now, the cell itself aside); a
//! block must take one of them. With gravity a move may also open the cell above it, so every
//! move is tried against every reply (a few columns each).

use alloc::vec::Vec;

use tictactoe_core::{Error, Game, Player};

use super::heuristic::legal_cells;

type Cell = (usize, usize);

/// What the position's next two plies force, for the player to move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Forced {
    /// The moves that win at once (row-major, not empty): one of them is played.
    Win(Vec<Cell>),
    /// The opponent wins at once somewhere, or would after some move: the moves that leave it no
    /// win at once (row-major). When none does (the position is lost in two plies), the moves
    /// that take one of its winning cells, so that a player who has not seen the loss must still
    /// find it; on a board where nothing can be taken, every legal move.
    Block(Vec<Cell>),
    /// Nothing at once: every move is open to the search.
    Open,
}

/// What `game` (in play, with a board) forces its mover to, in its next move.
pub(crate) fn forced(game: &Game) -> Result<Forced, Error> {
    let mover = game.last_player().map_or(Player::X, Player::other);
    let legal = legal_cells(game);
    let mut scratch = game.try_clone()?;
    let wins: Vec<Cell> = legal
        .iter()
        .copied()
        .filter(|&cell| ends(&mut scratch, cell, mover) == Some(Some(mover)))
        .collect();
    if !wins.is_empty() {
        return Ok(Forced::Win(wins));
    }
    if game.rules().gravity() {
        return gravity_blocks(&mut scratch, &legal, mover);
    }
    // The opponent's winning cells: after a quiet move of the mover's, and that move's own cell
    // after another one.
    let quiet: Vec<Cell> = legal
        .iter()
        .copied()
        .filter(|&cell| ends(&mut scratch, cell, mover).is_none())
        .take(2)
        .collect();
    let mut threats = Vec::new();
    for (at, &first) in quiet.iter().enumerate() {
        scratch.play(first.0, first.1, mover)?;
        for &cell in &legal {
            let asked = at == 0 && cell != first || at == 1 && cell == quiet[0];
            if asked && ends(&mut scratch, cell, mover.other()) == Some(Some(mover.other())) {
                threats.push(cell);
            }
        }
        scratch.undo()?;
    }
    threats.sort_unstable();
    if threats.is_empty() {
        return Ok(Forced::Open);
    }
    // The block must take every winning cell, so only one can be stopped; a move that loses at
    // once by itself (an overline where overlines lose) stops nothing.
    if let [only] = threats[..]
        && ends(&mut scratch, only, mover).is_none()
    {
        return Ok(Forced::Block(alloc::vec![only]));
    }
    Ok(Forced::Block(threats))
}

/// With gravity: the moves after which the opponent has no win at once, or, when every move
/// leaves one, those that take a cell where it wins now.
fn gravity_blocks(scratch: &mut Game, legal: &[Cell], mover: Player) -> Result<Forced, Error> {
    let them = mover.other();
    let mut safe = Vec::new();
    let mut unsafe_any = false;
    for &cell in legal {
        scratch.play(cell.0, cell.1, mover)?;
        let lost = scratch.is_over()
            || legal_cells(scratch)
                .into_iter()
                .any(|reply| ends(scratch, reply, them) == Some(Some(them)));
        scratch.undo()?;
        if lost {
            unsafe_any = true;
        } else {
            safe.push(cell);
        }
    }
    if !unsafe_any {
        return Ok(Forced::Open);
    }
    if !safe.is_empty() {
        return Ok(Forced::Block(safe));
    }
    // Lost in two plies whatever the move: take a cell the opponent would win on, when one is a
    // move now (else any move).
    let mut takes = Vec::new();
    if let Some(&first) = legal.first() {
        scratch.play(first.0, first.1, mover)?;
        let replies = legal_cells(scratch);
        scratch.undo()?;
        for cell in replies.into_iter().chain([first]) {
            if legal.contains(&cell) && takes_win(scratch, cell, mover)? {
                takes.push(cell);
            }
        }
    }
    takes.sort_unstable();
    takes.dedup();
    Ok(Forced::Block(if takes.is_empty() {
        legal.to_vec()
    } else {
        takes
    }))
}

/// Whether the opponent of `mover` would win on `cell` were it its move (with gravity, the cell
/// a move lands on now): read after one of the mover's other moves that does not end the game.
fn takes_win(scratch: &mut Game, cell: Cell, mover: Player) -> Result<bool, Error> {
    for other in legal_cells(scratch) {
        if other == cell || ends(scratch, other, mover).is_some() {
            continue;
        }
        scratch.play(other.0, other.1, mover)?;
        let wins = legal_cells(scratch).contains(&cell)
            && ends(scratch, cell, mover.other()) == Some(Some(mover.other()));
        scratch.undo()?;
        return Ok(wins);
    }
    Ok(false)
}

/// How a move of `player` on `cell` ends the game: `None` when it goes on, `Some(winner)` when it
/// ends (`Some(None)` a draw). The game is as it was after.
fn ends(scratch: &mut Game, cell: Cell, player: Player) -> Option<Option<Player>> {
    scratch.play(cell.0, cell.1, player).ok()?;
    let end = scratch.is_over().then(|| scratch.winner());
    let _ = scratch.undo();
    end
}

#[cfg(test)]
mod tests;
