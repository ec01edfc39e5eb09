//! An agent's move within a node budget: first whether each move wins, draws or loses (a
//! win/draw/loss search is far cheaper than exact plies, and books answer the shallow ones), then
//! with what is left the exact plies of the best of them. A move proved worse than another proved
//! move is never among the choices, so a win or a draw once proved is never given away; where a
//! book proves the position itself won or drawn and no move was proved to keep it, the search
//! goes on past the budget (up to [`KEEP_FACTOR`] times it) for one that does.

use alloc::vec::Vec;

use super::heuristic::{legal_cells, move_scores, rated_best};
use super::lookahead::best_by_lookahead;
use super::threats::{stops_to_fours, victory_by_fours};
use super::threes::{calm_stops, key_point, stops_to_threats, victory_by_threat};
use crate::{Solution, Solver};
use tictactoe_core::Error;
use tictactoe_core::Game;
use tictactoe_core::Player;
use tictactoe_core::view::Shape;

/// The most fours in a row a victory by continuous fours is read to.
const FOURS_DEPTH: u32 = 24;

/// The same, after a threat: shorter, since every reply of the defender is read.
const THREATS_DEPTH: u32 = 8;

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

/// The cells the threat searches may read for a node of the budget. A cell read (a few counts,
/// seldom a line) costs about a quarter of a search node, so each threat search may take a few
/// budgets' time, and the attack's chain search ([`ATTACK_READS`] times these reads) many
/// more; but most positions hold no threat, and their searches end long before. At the default
/// budget a gomoku move took a median of 23 ms and at worst 608 ms, and X won 90 of 100 games
/// of self-play (77 at 4 a node)
/// (`tictactoe-bench selfplay gomoku 100 1000000`, run alone).
const READS_PER_NODE: u64 = 12;

/// How far past its budget an agent may search for a move that keeps a value a book proved. At
/// the shipped book's depth (ten stones) the moves' positions lie past every book, and the
/// position itself took up to 20 million nodes to search (8 and 16 left some wins unkept against
/// perfect play: `bench/python/agent_bench.py`); 24 million is under a second here.
const KEEP_FACTOR: u64 = 24;

/// How many threats deep a chain of the mover's own is read for a win. Five levels, on
/// [`ATTACK_READS`] and [`READS_PER_NODE`]: X won 90 of 100 games of self-play, where three
/// levels on a twelfth of the reads won 77 and two won 62 (`tictactoe-bench selfplay`).
const ATTACK_LEVELS: u32 = 5;

/// The cells the attack's chain search may read, in multiples of the threat searches' reads (a
/// budget node's [`READS_PER_NODE`]): a long chain is seldom found on less, and most positions
/// have none, so the search ends long before.
const ATTACK_READS: u64 = 8;

/// How many threats deep the opponent's chains are read, when a stop of its victory by fours is
/// chosen.
const CALM_LEVELS: u32 = 2;

/// How many threats deep the opponent's chains are read otherwise.
const STOP_LEVELS: u32 = 1;

/// How many threats deep an opponent's chain is looked for when none of [`STOP_LEVELS`] is, to
/// take its key point.
const CHAIN_LEVELS: u32 = 2;

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

/// Rounds of the win/draw/loss search: in each, every move not yet proved gets the budget left
/// divided by this many times the moves left to prove. Smaller rounds first, so that the cheap
/// proofs are not kept waiting by a hard one.
const ROUNDS: [u64; 3] = [8, 4, 2];

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
        let reads = budget.saturating_mul(READS_PER_NODE);
        if let Some(cell) = victory_by_fours(game, FOURS_DEPTH, reads / 4) {
            let proved = legal
                .iter()
                .map(|&c| (c, (c == cell).then_some(1)))
                .collect();
            return Ok(Choice {
                pool: alloc::vec![cell],
                solved: false,
                proved,
            });
        }
        // The opponent's victory by fours, were it to move: only the moves that stop it, when
        // some do (read on half the budget; the searches below get the last quarter, since on
        // such boards they seldom prove more than a win at once).
        if let Some(stops) = stops_to_fours(game, FOURS_DEPTH, reads / 2)
            && !stops.is_empty()
        {
            let (kept, lost): (Vec<_>, Vec<_>) = legal
                .iter()
                .partition(|cell| stops.binary_search(cell).is_ok());
            // Of the stops, those that leave the opponent no winning threat, when some do.
            legal = calm_stops(game, &kept, THREATS_DEPTH, CALM_LEVELS, reads);
            outside = lost;
        } else if let Some(cell) = victory_by_threat(
            game,
            THREATS_DEPTH,
            ATTACK_LEVELS,
            reads.saturating_mul(ATTACK_READS),
        ) {
            // No victory by fours to stop: a threat that wins, when the mover has one.
            return Ok(Choice {
                pool: alloc::vec![cell],
                solved: false,
                proved: legal.iter().map(|&c| (c, None)).collect(),
            });
        } else if let Some(stops) = stops_to_threats(game, THREATS_DEPTH, STOP_LEVELS, reads / 4)
            && !stops.is_empty()
        {
            // Else the opponent's winning threats: only the moves that leave it none, and of
            // those the ones that leave no chain of threats either, when some do.
            legal.retain(|cell| stops.binary_search(cell).is_ok());
            if let Some(cell) = key_point(game, THREATS_DEPTH, CHAIN_LEVELS, reads / 4)
                && legal.contains(&cell)
            {
                legal.retain(|&c| c == cell);
            }
        } else if let Some(cell) = key_point(game, THREATS_DEPTH, CHAIN_LEVELS, reads / 2) {
            // Else a chain of the opponent's threats too deep to prove every stop of: its first
            // threat's cell, where the mover's stone was proved to stop it.
            legal.retain(|&c| c == cell);
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

/// The value of `game` for its mover where a book of `solver` holds it (no node searched).
fn booked_value(solver: &mut Solver, game: &Game) -> Result<Option<i8>, Error> {
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
fn find_keeping(
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
fn in_rounds(
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
fn keeping_solution(
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
fn spend<T>(
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

#[cfg(test)]
mod tests {
    use alloc::vec::Vec;

    use super::best_within;
    use crate::Solver;
    use crate::play::heuristic::legal_cells;
    use tictactoe_core::Game;
    use tictactoe_core::Player;
    use tictactoe_core::Rules;

    /// A seeded generator of numbers below its argument (xorshift), for random test games.
    fn xorshift(mut state: u64) -> impl FnMut(usize) -> usize {
        move |n| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state % n as u64) as usize
        }
    }

    /// The value of playing `cell` in `game` for its mover, by a complete search.
    fn exact_value(game: &Game, cell: (usize, usize)) -> i8 {
        let mover = game.last_player().map_or(Player::X, Player::other);
        let mut after = game.clone();
        if after.play(cell.0, cell.1, mover).unwrap().is_some() {
            return 1;
        }
        if after.is_over() {
            return 0;
        }
        -Solver::new(16).unwrap().solve(&after, None).unwrap().value
    }

    /// Every value the budget proves is the true one; every move picked is at least as good as
    /// every proved move; and once every move is proved, only the best are picked. Budgets from
    /// a few hundred nodes (little proved) to enough for all.
    #[test]
    fn a_budget_proves_only_true_values_and_never_picks_a_move_proved_worse() {
        let mut below = xorshift(0x2545_f491_4f6c_dd1d);
        let (mut partial, mut full, mut solved) = (0, 0, 0);
        for rules in [Rules::connect_four(), Rules::new(4, 5, 4, false).unwrap()] {
            for round in 0..40 {
                let mut game = Game::with_rules(rules).unwrap();
                let stones = if rules.gravity() {
                    14 + below(14)
                } else {
                    5 + below(7)
                };
                while (game.move_count() as usize) < stones && !game.is_over() {
                    let cells = legal_cells(&game);
                    let (row, col) = cells[below(cells.len())];
                    let mover = game.last_player().map_or(Player::X, Player::other);
                    game.play(row, col, mover).unwrap();
                }
                if game.is_over() {
                    continue;
                }
                let budget = [300, 3_000, 30_000, 300_000][round % 4];
                let mut solver = Solver::new(16).unwrap();
                let choice = best_within(&mut solver, &game, budget).unwrap();
                let truth: Vec<i8> = choice
                    .proved
                    .iter()
                    .map(|&(c, _)| exact_value(&game, c))
                    .collect();
                for (&(_, proved), &value) in choice.proved.iter().zip(&truth) {
                    assert!(proved.is_none_or(|p| p == value), "{game}");
                }
                let best_proved = choice.proved.iter().filter_map(|&(_, v)| v).max();
                for cell in &choice.pool {
                    let at = choice.proved.iter().position(|&(c, _)| c == *cell).unwrap();
                    let picked = choice.proved[at].1;
                    // A proved move picked is among the best proved; once a draw or a win is
                    // proved, no unproved move (which might lose) is picked.
                    assert!(picked.is_none_or(|v| Some(v) == best_proved), "{game}");
                    assert!(
                        picked.is_some() || best_proved.is_none_or(|b| b < 0),
                        "{game}"
                    );
                }
                if choice.solved {
                    // Solved: exactly the moves that keep the exact solution.
                    let mut pool = choice.pool.clone();
                    pool.sort_unstable();
                    let exact = Solver::new(16).unwrap().best_moves(&game, None).unwrap();
                    assert_eq!(pool, exact, "{game}");
                    solved += 1;
                }
                if choice.proved.iter().all(|&(_, v)| v.is_some()) {
                    let best = *truth.iter().max().unwrap();
                    for cell in &choice.pool {
                        let at = choice.proved.iter().position(|&(c, _)| c == *cell).unwrap();
                        assert_eq!(truth[at], best, "{game}");
                    }
                    full += 1;
                } else {
                    partial += 1;
                }
            }
        }
        assert!(
            partial > 5 && full > 5 && solved > 5,
            "{partial} partly proved, {full} fully, {solved} solved"
        );
    }

    /// In a lost Connect Four position whose every move the budget proves lost, the agent holds
    /// out longest: its moves are among those of `Solver::best_moves` (the longest defence),
    /// searched past a budget too small for the exact solve.
    #[test]
    fn a_lost_position_is_defended_as_long_as_it_can_be() {
        let mut below = xorshift(0x9e37_79b9_7f4a_7c15);
        let mut defended = 0;
        while defended < 12 {
            let mut game = Game::with_rules(Rules::connect_four()).unwrap();
            let stones = 12 + below(6);
            while (game.move_count() as usize) < stones && !game.is_over() {
                let cells = legal_cells(&game);
                let (row, col) = cells[below(cells.len())];
                let mover = game.last_player().map_or(Player::X, Player::other);
                game.play(row, col, mover).unwrap();
            }
            if game.is_over() || Solver::new(16).unwrap().value(&game, None).unwrap() != -1 {
                continue;
            }
            let choice = best_within(&mut Solver::new(16).unwrap(), &game, 20_000).unwrap();
            if !choice.proved.iter().all(|&(_, v)| v == Some(-1)) {
                continue;
            }
            let longest = Solver::new(18).unwrap().best_moves(&game, None).unwrap();
            assert!(!choice.pool.is_empty(), "{game}");
            for cell in &choice.pool {
                assert!(
                    longest.contains(cell),
                    "{cell:?} of {:?}:\n{game}",
                    choice.pool
                );
            }
            defended += 1;
        }
    }

    /// Boards up to 400 cells weigh every legal move; larger ones the best rated few, fewer as
    /// the board grows (each weighed move is a copy of the game): about 400 x 400 cells of
    /// copies, never fewer than 24 moves. The moves weighed are the rating's best.
    #[test]
    fn large_boards_weigh_fewer_moves_the_best_rated() {
        use crate::play::heuristic::move_scores;
        for (n, weighed) in [(15, 224), (20, 399), (64, 39), (100, 24), (300, 24)] {
            let mut game = Game::with_rules(Rules::new(n, n, 5, false).unwrap()).unwrap();
            game.play(n / 2, n / 2, Player::X).unwrap();
            let choice = best_within(&mut Solver::new(10).unwrap(), &game, 10_000).unwrap();
            assert_eq!(choice.proved.len(), weighed, "{n} x {n}");
            let legal = legal_cells(&game);
            let scores = move_scores(&game, &legal).unwrap();
            // Every move left out is rated no higher than every move weighed.
            let rated = |cell: &(usize, usize)| scores[legal.binary_search(cell).unwrap()];
            let lowest_in = choice
                .proved
                .iter()
                .map(|(c, _)| rated(c))
                .fold(f64::MAX, f64::min);
            for cell in &legal {
                if !choice.proved.iter().any(|(c, _)| c == cell) {
                    assert!(rated(cell) <= lowest_in, "{n} x {n}: {cell:?}");
                }
            }
            assert!(choice.pool.iter().all(|c| legal.contains(c)));
        }
    }

    /// O to move against X's threats (a lost game's position against gomoku-terminal): six moves
    /// stop every single threat of X's, but only some also stop X's chains of two. The agent's
    /// step takes one that leaves X no winning threat, read far deeper than the agent reads;
    /// the stop O played in that game leaves X a chain, so the test sees the difference.
    #[test]
    fn of_the_stops_of_single_threats_one_that_also_stops_the_chain_is_taken() {
        use crate::play::threes::victory_by_threat;
        let mut game = Game::with_rules(Rules::gomoku(15).unwrap()).unwrap();
        let moves = [
            (5, 5),
            (7, 6),
            (6, 6),
            (5, 9),
            (7, 7),
            (8, 8),
            (4, 4),
            (3, 3),
            (6, 7),
            (6, 5),
            (5, 4),
        ];
        for (i, &(row, col)) in moves.iter().enumerate() {
            let player = if i % 2 == 0 { Player::X } else { Player::O };
            game.play(row, col, player).unwrap();
        }
        let chain_after = |cell: (usize, usize)| {
            let mut after = game.try_clone().unwrap();
            after.play(cell.0, cell.1, Player::O).unwrap();
            victory_by_threat(&after, 8, 2, 40_000_000)
        };
        assert!(
            chain_after((8, 7)).is_some(),
            "the stop played in the lost game"
        );
        let choice = best_within(&mut Solver::new(16).unwrap(), &game, 1_000_000).unwrap();
        assert!(!choice.pool.is_empty());
        for &cell in &choice.pool {
            assert_eq!(chain_after(cell), None, "{cell:?}");
        }
    }
}
