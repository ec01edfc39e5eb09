//! Proving moves within a budget on the exact solver: in rounds of growing shares (the cheap
//! proofs first), a move that keeps a booked value looked for past the budget, the moves that
//! keep an exact solution found by one solve and a probe a move.

use alloc::vec::Vec;

use tictactoe_core::view::Shape;
use tictactoe_core::{Error, Game};

use super::Candidate;
use crate::Solver;

/// Rounds of the win/draw/loss search: in each, every move not yet proved gets the budget left
/// divided by this many times the moves left to prove. Smaller rounds first, so that the cheap
/// proofs are not kept waiting by a hard one.
pub(super) const ROUNDS: [u64; 3] = [8, 4, 2];

/// The value of `game` for its mover where a book of `solver` holds it (no node searched).
pub(super) fn booked_value(solver: &mut Solver, game: &Game) -> Result<Option<i8>, Error> {
    if Shape::of(game.rules()).is_none() || !solver.uses_book() {
        return Ok(None);
    }
    Ok(spend(solver, |s| s.value(game, Some(0)))?.0)
}

/// Proves a move of `moves` (those of `game`) worth `goal` (1 or 0, the proved value of
/// `game`), unless one is proved already, within about `cap` nodes: first, where `search_first`,
/// `game` itself searched with its books set aside (they answer it at once, and its moves'
/// positions lie past them: the search leaves its proof in the table), then each move asked, the
/// columns nearest the centre first, in rounds of growing shares of what is left.
pub(super) fn find_keeping(
    solver: &mut Solver,
    game: &Game,
    moves: &mut [Candidate],
    goal: i8,
    cap: u64,
    search_first: bool,
) -> Result<(), Error> {
    if moves.iter().any(|m| m.value == Some(goal)) {
        return Ok(());
    }
    let cols = game.rules().cols();
    let mut cap = cap;
    if search_first {
        let had_books = solver.uses_book();
        solver.use_book(false);
        // One null-window question: is its score above that of a loss (a draw kept) or a draw?
        let below_goal = i64::from(goal) - 1;
        let searched = spend(solver, |s| s.score_at_most(game, below_goal, Some(cap)));
        solver.use_book(had_books);
        cap = cap.saturating_sub(searched?.1);
    }
    let mut order: Vec<usize> = (0..moves.len()).collect();
    order.sort_by_key(|&i| (2 * moves[i].cell.1).abs_diff(cols - 1));
    let prove = |s: &mut Solver, m: &mut Candidate, share| {
        let at_most = i64::from(-goal);
        let (kept, spent) = spend(s, |s| s.score_at_most(&m.after, at_most, Some(share)))?;
        if kept == Some(true) {
            m.value = Some(goal);
        }
        Ok(spent)
    };
    let kept = |m: &Candidate| m.value == Some(goal);
    let divisors = ROUNDS.into_iter().chain([1]);
    in_rounds(solver, moves, &order, cap, divisors, prove, kept)?;
    Ok(())
}

/// Proves what it can of the moves of `moves` not yet proved, in `order` (their indices), on
/// about `budget` nodes in rounds: in the round of `divisor`, each move still open gets what is
/// left divided by `divisor` times the moves open. `prove` asks `solver` about one move within
/// its share, records what it proved and answers the nodes it took; the rounds end when the
/// budget is spent, no move is open, or a move is `enough`. The nodes spent.
pub(super) fn in_rounds(
    solver: &mut Solver,
    moves: &mut [Candidate],
    order: &[usize],
    budget: u64,
    divisors: impl IntoIterator<Item = u64>,
    mut prove: impl FnMut(&mut Solver, &mut Candidate, u64) -> Result<u64, Error>,
    enough: impl Fn(&Candidate) -> bool,
) -> Result<u64, Error> {
    let mut spent = 0u64;
    for divisor in divisors {
        let open = moves.iter().filter(|m| m.value.is_none()).count() as u64;
        let left = budget.saturating_sub(spent);
        if open == 0 || left == 0 {
            break;
        }
        let share = (left / (divisor * open)).max(1);
        for &i in order {
            let m = &mut moves[i];
            if m.value.is_some() {
                continue;
            }
            spent = spent.saturating_add(prove(solver, m, share)?);
            if enough(m) {
                return Ok(spent);
            }
        }
    }
    Ok(spent)
}

/// The moves of `pool` that keep the exact solution of `game`: the position solved once (on
/// half of `left`), then one null-window probe a move, cheap on the table the solve filled; far
/// cheaper than solving every move. `None` when the solve ran out of nodes or no move of the
/// pool was proved to keep it (a sooner win may lie among the moves not proved).
pub(super) fn keeping_solution(
    solver: &mut Solver,
    game: &Game,
    pool: &[&mut Candidate],
    left: &mut u64,
) -> Result<Option<Vec<(usize, usize)>>, Error> {
    if pool.iter().all(|m| m.exact.is_some()) {
        return Ok(None);
    }
    let (solved, spent) = spend(solver, |s| s.solve(game, Some(*left / 4 * 3)))?;
    *left = left.saturating_sub(spent);
    let Some(best) = solved else {
        return Ok(None);
    };
    // A move keeps it when the opponent's score after it is the negation of the position's.
    let target = -best.score(game.rules().cells(), game.move_count());
    let mut kept = Vec::new();
    for (i, m) in pool.iter().enumerate() {
        let keeps = match m.exact {
            Some(exact) => Some(exact.rank() == best.rank()),
            None => {
                let share = (*left / (pool.len() - i) as u64).max(1);
                let (keeps, spent) =
                    spend(solver, |s| s.score_at_most(&m.after, target, Some(share)))?;
                *left = left.saturating_sub(spent);
                keeps
            }
        };
        if keeps == Some(true) {
            kept.push(m.cell);
        }
    }
    Ok((!kept.is_empty()).then_some(kept))
}

/// Runs `search` on `solver`: its answer (`None` when the budget ran out) and the nodes it took.
pub(super) fn spend<T>(
    solver: &mut Solver,
    search: impl FnOnce(&mut Solver) -> Result<T, Error>,
) -> Result<(Option<T>, u64), Error> {
    let before = solver.stats().0;
    let found = match search(solver) {
        Ok(found) => Some(found),
        Err(Error::SearchLimit { .. }) => None,
        Err(err) => return Err(err),
    };
    Ok((found, solver.stats().0 - before))
}
