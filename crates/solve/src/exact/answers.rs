//! The answers a search gives on boards that fit a word, from one [`Search`]: every move's
//! outcome, the moves that keep the position's, and the exact score with the books and the
//! helper threads.

use alloc::vec::Vec;

use tictactoe_core::view::Shape;

use super::position::Position;
use super::search::{OutOfNodes, Search};
#[cfg(feature = "std")]
use super::shared;
use super::{MoveValues, Solution, window};

/// What a legal move from a position does.
enum Step {
    /// The mover wins at once.
    Wins,
    /// It fills the board's last cell without a win.
    Fills,
    /// Play goes on from this position.
    Leads(Position),
}

/// Every legal move from `p` (in play) in row-major order, with what it does.
fn steps(shape: Shape, p: Position) -> impl Iterator<Item = ((usize, usize), Step)> {
    let legal = p.legal(&shape);
    let cells = shape.cells().count_ones();
    let wins = super::runs::winning_spots(&shape, p.mine);
    (0..shape.rows() as usize)
        .flat_map(move |row| (0..shape.cols() as usize).map(move |col| (row, col)))
        .filter(move |&(row, col)| legal & shape.bit(row, col) != 0)
        .map(move |(row, col)| {
            let bit = shape.bit(row, col);
            let step = if wins & bit != 0 {
                Step::Wins
            } else {
                let child = p.play(bit);
                if child.moves == cells {
                    Step::Fills
                } else {
                    Step::Leads(child)
                }
            };
            ((row, col), step)
        })
}

/// The moves from `p` that keep its exact score, in row-major order: the position solved once,
/// then each move asked one null-window question on the table that solve filled ("is the
/// opponent's score after it at most the negation of this one?"; on the search's absolute scale
/// a move keeps the score exactly when it is), far cheaper than each move's exact score.
pub(super) fn keeping(
    search: &mut Search<'_>,
    p: Position,
) -> Result<Vec<(usize, usize)>, OutOfNodes> {
    let target = exact(search, p)?;
    let mut kept = Vec::new();
    for (cell, step) in steps(search.shape, p) {
        let keeps = match step {
            Step::Wins => search.win_at(p.moves + 1) == target,
            Step::Fills => target == 0,
            Step::Leads(child) => match search.booked(&child) {
                Some((_, upper)) if upper <= -target => true,
                Some((lower, _)) if lower > -target => false,
                _ => search.probe(child, window::Window::above(-target))? <= -target,
            },
        };
        if keeps {
            kept.push(cell);
        }
    }
    Ok(kept)
}

/// The exact score of `p`, which is not over: from the opening book where it holds `p`, else
/// searched ([`Search::solve_alone`]), with a helper thread beside when the search may share its
/// table and `p` is deep enough for the help to pay (feature `std`; [`shared`]).
pub(super) fn exact(search: &mut Search<'_>, p: Position) -> Result<i32, OutOfNodes> {
    if let Some(score) = search.booked_score(&p) {
        return Ok(score);
    }
    #[cfg(feature = "std")]
    if shared::pays(search, &p) {
        return shared::solve(search, p);
    }
    search.solve_alone(p)
}

/// Every legal move from `p` with its outcome for the mover, in row-major order.
pub(super) fn values(search: &mut Search<'_>, p: Position) -> Result<MoveValues, OutOfNodes> {
    let cells = search.shape.cells().count_ones();
    // Each move's score where it is known at once (a win, the last cell, a book), else the
    // position it leads to, searched below.
    let moves: Vec<_> = steps(search.shape, p)
        .map(|(cell, step)| {
            let known = match step {
                Step::Wins => Ok(search.win_at(p.moves + 1)),
                Step::Fills => Ok(0),
                Step::Leads(child) => search.booked_score(&child).map(|s| -s).ok_or(child),
            };
            (cell, known)
        })
        .collect();
    let open: Vec<Position> = moves.iter().filter_map(|&(_, known)| known.err()).collect();
    let mut searched = searched(search, &open)?.into_iter();
    let mut found = Vec::new();
    for (cell, known) in moves {
        // `searched` holds one score for each position of `open`, in order.
        let score = known.or_else(|_| searched.next().map(|s| -s).ok_or(OutOfNodes))?;
        found.push((
            cell,
            Solution::from_score(score.into(), cells.into(), p.moves.into()),
        ));
    }
    Ok(found)
}

/// The exact scores of `open`, positions that a position's moves lead to and no book answers:
/// beside a helper thread that solves them from the last one back on the same table, when they
/// are deep enough for the help to pay (feature `std`; [`shared::solve_each`]); else one by one
/// ([`exact`], which may give a single one a helper of its own).
fn searched(search: &mut Search<'_>, open: &[Position]) -> Result<Vec<i32>, OutOfNodes> {
    #[cfg(feature = "std")]
    if open.len() > 1 && shared::pays(search, &open[0]) {
        return shared::solve_each(search, open);
    }
    open.iter().map(|&child| exact(search, child)).collect()
}
