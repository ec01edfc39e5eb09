//! An agent's move within a node budget: first whether each move wins, draws or loses (a
//! win/draw/loss search is far cheaper than exact plies, and books answer the shallow ones), then
//! with what is left the exact plies of the best of them. A move proved worse than another proved
//! move is never among the choices, so a win or a draw once proved is never given away; where a
//! book proves the position itself won or drawn and no move was proved to keep it, the search
//! goes on past the budget (up to [`KEEP_FACTOR`] times it) for one that does.

mod rounds;
mod threats_first;

use alloc::vec::Vec;

use tictactoe_core::view::Shape;
use tictactoe_core::{Error, Game, Player};

use crate::play::heuristic::{legal_cells, move_scores, rated_best};
use crate::play::lookahead::best_by_lookahead;
use crate::{Solution, Solver};
use rounds::{ROUNDS, booked_value, find_keeping, in_rounds, keeping_solution, spend};
use threats_first::Narrowed;

/// The most moves a position beyond a word weighs one by one (each gets a copy of the game
/// and a share of the budget): on a larger board, the best rated of its legal moves. Boards up
/// to 20 x 20 have no more, and weigh them all.
const MAX_CANDIDATES: usize = 400;

/// The fewest moves a position beyond a word weighs one by one.
const MIN_CANDIDATES: usize = 24;

/// The cells of the copies a move weighs in all: on a board of more than 400 cells the moves
/// weighed shrink (to no fewer than [`MIN_CANDIDATES`]), so that copying the game for each does
/// not grow with the board's area squared.
const CANDIDATE_CELLS: u64 = 400 * 400;

/// [`KEEP_FACTOR`] for an agent below full skill (the dial's middle measured with it).
const DIAL_KEEP_FACTOR: u64 = 8;

/// How far past its budget an agent may search for the longest defence of a lost position
/// whose every move it proved lost (a solve of a Connect Four position of 13 stones took up to a
/// million nodes; against perfect play with the shipped books 8 held out 41 plies in every game).
const DEFENCE_FACTOR: u64 = 8;

/// What a node of the lookahead is charged, in the budget's nodes (a node is a pass over every
/// window). Charged 100, the default budget's gomoku moves took about 20 ms of their 100; at 20
/// they take 30-60 ms and read deeper: that agent won 21 of 30 games against the one charged
/// 100 (both sides of 15 random openings), and every game measured against gomokubench's and
/// gomoku-terminal's "hard" (`make bench-players`).
const LOOKAHEAD_COST: u64 = 20;

/// An agent's node budget by default (`Agent::DEFAULT_MAX_NODES`, which is this): here, so that
/// the lookahead's cap below follows it.
pub(crate) const DEFAULT_BUDGET: u64 = 1_000_000;

/// The most nodes the lookahead reads, whatever the budget: what the default budget gives it.
/// Deeper, it lost a game it won at this depth (the Gomocup brain at 1 s a move as the second
/// player against gomoku-terminal's "hard", `bench/python/brain_bench.py`), so a larger budget
/// goes to the threat searches alone.
const LOOKAHEAD_MOST: u64 = DEFAULT_BUDGET / 4 / LOOKAHEAD_COST;

/// How far past its budget an agent may search for a move that keeps a value a book proved. At
/// the shipped book's depth (ten stones) the moves' positions lie past every book, and the
/// position itself took up to 20 million nodes to search (8 and 16 left some wins unkept against
/// perfect play: `bench/python/agent_bench.py`); 24 million is under a second here.
const KEEP_FACTOR: u64 = 24;

/// What the budget bought: the moves to pick among, and whether they are exactly
/// [`Solver::best_moves`] (every move proved, the best exactly).
pub(crate) struct Choice {
    pub(crate) pool: Vec<(usize, usize)>,
    pub(crate) solved: bool,
    /// Every move considered, with its value for the mover where the budget proved it.
    pub(crate) proved: Vec<((usize, usize), Option<i8>)>,
}

/// One move of the position: the game after it, and what is proved of it for the mover.
struct Candidate {
    cell: (usize, usize),
    after: Game,
    value: Option<i8>,
    exact: Option<Solution>,
}

/// The moves of `game` (in play, with a board) an agent at full strength picks among, searching
/// at most about `budget` nodes on `solver`.
#[cfg(test)]
pub(crate) fn best_within(solver: &mut Solver, game: &Game, budget: u64) -> Result<Choice, Error> {
    best_at(solver, game, budget, true)
}

/// [`best_within`]; unless `full` (an agent below full skill), without the searches past the
/// budget that only full strength makes (the position searched before its moves to keep a
/// booked value, [`KEEP_FACTOR`] rather than [`DIAL_KEEP_FACTOR`], the longest defence), so
/// that the dial's middle skills stay where they were measured.
pub(crate) fn best_at(
    solver: &mut Solver,
    game: &Game,
    budget: u64,
    full: bool,
) -> Result<Choice, Error> {
    let mover = game.last_player().map_or(Player::X, Player::other);
    // Boards beyond a word, where no search reaches the end: a win by continuous fours first,
    // read on a quarter of the budget.
    let mut legal = legal_cells(game);
    // Moves left out because they do not stop the opponent's win: proved losses.
    let mut outside = Vec::new();
    if Shape::of(game.rules()).is_none() {
        match threats_first::narrow(game, legal, budget) {
            Narrowed::Decided(choice) => return Ok(choice),
            Narrowed::Moves { kept, lost } => (legal, outside) = (kept, lost),
        }
    }
    let most = (CANDIDATE_CELLS / game.rules().cells().max(1)) as usize;
    let most = most.clamp(MIN_CANDIDATES, MAX_CANDIDATES);
    if Shape::of(game.rules()).is_none() && legal.len() > most {
        legal = best_rated(game, &legal, most)?;
    }
    let mut moves = Vec::new();
    for cell in legal {
        let mut after = game.try_clone()?;
        after.play(cell.0, cell.1, mover)?;
        let (value, exact) = match after.winner() {
            Some(_) => (Some(1), Some(Solution { value: 1, plies: 1 })),
            None if after.is_over() => (Some(0), Some(Solution { value: 0, plies: 1 })),
            None => (None, None),
        };
        moves.push(Candidate {
            cell,
            after,
            value,
            exact,
        });
    }
    let rounds_budget = if Shape::of(game.rules()).is_none() {
        budget / 4
    } else {
        budget
    };
    let order: Vec<usize> = (0..moves.len()).collect();
    let prove = |s: &mut Solver, m: &mut Candidate, share| {
        let (found, spent) = spend(s, |s| s.value(&m.after, Some(share)))?;
        m.value = found.map(|v| -v);
        Ok(spent)
    };
    let spent = in_rounds(
        solver,
        &mut moves,
        &order,
        rounds_budget,
        ROUNDS,
        prove,
        |_| false,
    )?;
    let mut left = rounds_budget.saturating_sub(spent);
    // On a board that fits a word, where every move proved so far loses, the moves still open
    // get what is left (the exact step below needs every move proved, and nothing else uses it).
    let proved_lost = moves.iter().any(|m| m.value == Some(-1));
    let some_better = moves.iter().any(|m| m.value.is_some_and(|v| v >= 0));
    if full && Shape::of(game.rules()).is_some() && proved_lost && !some_better {
        left = left.saturating_sub(in_rounds(
            solver,
            &mut moves,
            &order,
            left,
            [1],
            prove,
            |_| false,
        )?);
    }
    // Where a book proves the position a win or a draw and the rounds found no move that keeps
    // it, one is looked for on, past the budget if need be: a proved value is not given away.
    if let Some(goal) = booked_value(solver, game)?
        && goal >= 0
    {
        let cap = budget.saturating_mul(if full { KEEP_FACTOR } else { DIAL_KEEP_FACTOR });
        find_keeping(solver, game, &mut moves, goal, cap, full)?;
    }
    // The best proved value; moves not proved are kept only where no proof beats a loss.
    let best = moves.iter().filter_map(|m| m.value).max();
    let all_proved = moves.iter().all(|m| m.value.is_some());
    let keep = |m: &Candidate| match best {
        Some(-1) if !all_proved => m.value.is_none(),
        Some(best) => m.value == Some(best),
        None => true,
    };
    let mut proved: Vec<_> = moves.iter().map(|m| (m.cell, m.value)).collect();
    proved.extend(outside.iter().map(|&cell| (cell, Some(-1))));
    proved.sort_unstable();
    let mut pool: Vec<&mut Candidate> = moves.iter_mut().filter(|m| keep(m)).collect();
    // Exact plies for the best class, when the class is settled: every move proved, or a win
    // (nothing beats a win).
    if all_proved || best == Some(1) {
        // Every move proved lost: what is left to choose is how long the defence lasts, which
        // may be searched past the budget (on boards that fit a word, where the exact search is
        // quick).
        if full && all_proved && best == Some(-1) && Shape::of(game.rules()).is_some() {
            left = left.max(budget.saturating_mul(DEFENCE_FACTOR));
        }
        if let Some(exact_best) = keeping_solution(solver, game, &pool, &mut left)? {
            return Ok(Choice {
                pool: exact_best,
                solved: all_proved,
                proved,
            });
        }
        let mut open = pool.iter().filter(|m| m.exact.is_none()).count() as u64;
        for m in pool.iter_mut().filter(|m| m.exact.is_none()) {
            let share = (left / open).max(1);
            let (found, spent) = spend(solver, |s| s.solve(&m.after, Some(share)))?;
            m.exact = found.map(|s| Solution {
                value: -s.value,
                plies: s.plies + 1,
            });
            left = left.saturating_sub(spent);
            open -= 1;
        }
        if pool.iter().all(|m| m.exact.is_some()) {
            let top = pool
                .iter()
                .filter_map(|m| m.exact.map(Solution::rank))
                .max();
            let exact_best = pool
                .iter()
                .filter(|m| m.exact.map(Solution::rank) == top)
                .map(|m| m.cell)
                .collect();
            return Ok(Choice {
                pool: exact_best,
                solved: all_proved,
                proved,
            });
        }
    }
    let cells: Vec<(usize, usize)> = pool.iter().map(|m| m.cell).collect();
    // Boards beyond a word: a few plies over the moves that matter.
    let looked = match Shape::of(game.rules()) {
        None => best_by_lookahead(
            game,
            &cells,
            (budget / 4 / LOOKAHEAD_COST).min(LOOKAHEAD_MOST),
        ),
        Some(_) => None,
    };
    let pool = match looked {
        Some(best) => best,
        None => rated_best(game, &cells)?,
    };
    Ok(Choice {
        pool,
        solved: false,
        proved,
    })
}

/// The `count` moves among `legal` (row-major) that the board's rating puts first, row-major;
/// ties at the last place broken by row-major order.
fn best_rated(
    game: &Game,
    legal: &[(usize, usize)],
    count: usize,
) -> Result<Vec<(usize, usize)>, Error> {
    let scores = move_scores(game, legal)?;
    let mut order: Vec<usize> = (0..legal.len()).collect();
    order.sort_by(|&a, &b| scores[b].total_cmp(&scores[a]).then(a.cmp(&b)));
    order.truncate(count);
    order.sort_unstable();
    Ok(order.into_iter().map(|i| legal[i]).collect())
}

#[cfg(test)]
mod tests;
