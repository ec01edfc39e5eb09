//! A move rated without a complete search, for an agent whose budget runs out: a win at once if
//! there is one, else a block of the opponent's win at once, else the cell that counts most in the
//! windows still open to either player.
//!
//! Each window (a run of `k` cells on one line) that holds no mark of the opponent is worth
//! `3 * 4^m` to the mover, `m` its marks; one that holds none of the mover's is worth `2 * 4^t` as
//! a block, `t` the opponent's marks. A cell's rating is the sum over the windows through it. The
//! sums come from one pass along every line, each window adding its worth to its `k` cells through
//! a difference array, so a whole board is rated in O(cells) whatever `k` is. With gravity, a cell
//! just below the opponent's winning cell is played only when nothing else is left: it would hand
//! them that cell.

use alloc::vec::Vec;

use super::float::log2;
use crate::memory::filled;
use tictactoe_core::Error;
use tictactoe_core::Game;
use tictactoe_core::Player;

/// A cell's state for the mover: empty, the mover's, the opponent's.
const EMPTY: u8 = 0;
const MINE: u8 = 1;
const THEIRS: u8 = 2;

/// Flags on a cell: some window would be completed by the mover / by the opponent there.
const WINS: u8 = 1;
const BLOCKS: u8 = 2;

/// The legal cells of `game` (in play, with a board) in row-major order: every empty cell, or
/// with gravity the lowest empty cell of each column.
pub(crate) fn legal_cells(game: &Game) -> Vec<(usize, usize)> {
    let rules = game.rules();
    let (rows, cols) = (rules.rows(), rules.cols());
    let empty = |r: usize, c: usize| game.cell(r, c).is_ok_and(|p| p.is_none());
    let mut cells: Vec<(usize, usize)> = if rules.gravity() {
        (0..cols)
            .filter_map(|c| (0..rows).rev().find(|&r| empty(r, c)).map(|r| (r, c)))
            .collect()
    } else {
        (0..rows)
            .flat_map(|r| (0..cols).map(move |c| (r, c)))
            .filter(|&(r, c)| empty(r, c))
            .collect()
    };
    cells.sort_unstable();
    cells
}

/// Ratings and flags of every cell of the board, for the player to move.
struct Ratings {
    cols: usize,
    worth: Vec<u64>,
    flags: Vec<u8>,
}

fn rate(game: &Game) -> Option<Ratings> {
    let rules = game.rules();
    let (rows, cols, k) = (rules.rows(), rules.cols(), rules.k());
    let mover = game.last_player().map_or(Player::X, Player::other);
    let mut grid = filled(rows * cols, EMPTY)?;
    for (row, col, player) in game.moves() {
        grid[row * cols + col] = if player == mover { MINE } else { THEIRS };
    }
    let mut worth = filled(rows * cols, 0u64)?;
    let mut flags = filled(rows * cols, 0u8)?;
    let longest = rows.max(cols);
    // Per line position: the worth, wins and blocks added by the windows starting there, less
    // those ending just before.
    let mut diff = filled(longest + 1, (0u64, 0i64, 0i64))?;
    let mut line = filled(longest, 0usize)?;
    let weight = |marks: usize, times: u64| times << (2 * marks.min(20));
    // Each direction, and the first cell of each of its lines.
    let directions: [(isize, isize); 4] = [(0, 1), (1, 0), (1, 1), (1, -1)];
    for (dr, dc) in directions {
        let starts = (0..rows * cols).filter(|&i| {
            let (r, c) = ((i / cols) as isize, (i % cols) as isize);
            let (pr, pc) = (r - dr, c - dc);
            pr < 0 || pc < 0 || pr >= rows as isize || pc >= cols as isize
        });
        for start in starts {
            // The line's cells.
            let (mut r, mut c) = ((start / cols) as isize, (start % cols) as isize);
            let mut len = 0;
            while r >= 0 && c >= 0 && (r as usize) < rows && (c as usize) < cols {
                line[len] = r as usize * cols + c as usize;
                len += 1;
                r += dr;
                c += dc;
            }
            if len < k {
                continue;
            }
            diff[..=len].fill((0, 0, 0));
            let (mut mine, mut theirs) = (0, 0);
            for i in 0..len {
                match grid[line[i]] {
                    MINE => mine += 1,
                    THEIRS => theirs += 1,
                    _ => {}
                }
                if i >= k {
                    match grid[line[i - k]] {
                        MINE => mine -= 1,
                        THEIRS => theirs -= 1,
                        _ => {}
                    }
                }
                if i + 1 < k {
                    continue;
                }
                // The window of cells i + 1 - k ..= i.
                let (from, to) = (i + 1 - k, i + 1);
                let mut add = |what: (u64, i64, i64)| {
                    diff[from].0 = diff[from].0.wrapping_add(what.0);
                    diff[from].1 += what.1;
                    diff[from].2 += what.2;
                    diff[to].0 = diff[to].0.wrapping_sub(what.0);
                    diff[to].1 -= what.1;
                    diff[to].2 -= what.2;
                };
                if theirs == 0 {
                    add((weight(mine, 3), i64::from(mine == k - 1), 0));
                }
                if mine == 0 {
                    add((weight(theirs, 2), 0, i64::from(theirs == k - 1)));
                }
            }
            let mut run = (0u64, 0i64, 0i64);
            for i in 0..len {
                run.0 = run.0.wrapping_add(diff[i].0);
                run.1 += diff[i].1;
                run.2 += diff[i].2;
                let at = line[i];
                worth[at] = worth[at].wrapping_add(run.0);
                if run.1 > 0 {
                    flags[at] |= WINS;
                }
                if run.2 > 0 {
                    flags[at] |= BLOCKS;
                }
            }
        }
    }
    if rules.overlines_lose() {
        // A full window may be part of an overline, which does not win: a cell wins (or blocks)
        // when the run it makes in some direction is exactly k long.
        for at in 0..rows * cols {
            if grid[at] == EMPTY {
                let wins = u8::from(makes_exactly_k(&grid, cols, k, at, MINE)) * WINS;
                flags[at] = wins | (u8::from(makes_exactly_k(&grid, cols, k, at, THEIRS)) * BLOCKS);
            }
        }
    }
    Some(Ratings { cols, worth, flags })
}

/// Whether a mark of `who` on the empty cell `at` of `grid` (`cols` wide) makes a run of exactly
/// `k` in some direction.
fn makes_exactly_k(grid: &[u8], cols: usize, k: usize, at: usize, who: u8) -> bool {
    let rows = grid.len() / cols;
    let (r, c) = ((at / cols) as isize, (at % cols) as isize);
    let holds = |r: isize, c: isize| {
        r >= 0
            && c >= 0
            && (r as usize) < rows
            && (c as usize) < cols
            && grid[r as usize * cols + c as usize] == who
    };
    let run = |dr: isize, dc: isize| (1..).take_while(|&i| holds(r + i * dr, c + i * dc)).count();
    [(0, 1), (1, 0), (1, 1), (1, -1)]
        .into_iter()
        .any(|(dr, dc)| run(dr, dc) + 1 + run(-dr, -dc) == k)
}

/// The moves of `among` (legal moves of `game`, in play, with a board) that the rating puts
/// first, row-major: every win at once, else every block, else the highest rated (ties all kept).
pub(crate) fn rated_best(
    game: &Game,
    among: &[(usize, usize)],
) -> Result<Vec<(usize, usize)>, Error> {
    let rules = game.rules();
    let oom = Error::OutOfMemory {
        rows: rules.rows(),
        cols: rules.cols(),
    };
    let mut legal = among.to_vec();
    legal.sort_unstable();
    let ratings = rate(game).ok_or(oom)?;
    let at = |(r, c): (usize, usize)| r * ratings.cols + c;
    let flagged = |flag: u8| -> Vec<(usize, usize)> {
        legal
            .iter()
            .copied()
            .filter(|&cell| ratings.flags[at(cell)] & flag != 0)
            .collect()
    };
    let wins = flagged(WINS);
    if !wins.is_empty() {
        return Ok(wins);
    }
    let blocks = flagged(BLOCKS);
    if !blocks.is_empty() {
        return Ok(blocks);
    }
    // With gravity, a cell under the opponent's winning cell hands it to them.
    let gives_away = |(r, c): (usize, usize)| {
        rules.gravity() && r > 0 && ratings.flags[at((r - 1, c))] & BLOCKS != 0
    };
    let safe: Vec<(usize, usize)> = legal.iter().copied().filter(|&m| !gives_away(m)).collect();
    let pool = if safe.is_empty() { &legal } else { &safe };
    let top = pool.iter().map(|&m| ratings.worth[at(m)]).max();
    Ok(pool
        .iter()
        .copied()
        .filter(|&m| Some(ratings.worth[at(m)]) == top)
        .collect())
}

/// A score of each move of `among` (legal moves of `game`, in play, with a board) for the mover,
/// in units of one mark: the windows' worth on a log scale (a window one mark fuller counts one
/// more), with a win at once above everything the rating knows, a block next, and with gravity a
/// move under the opponent's winning cell below. The dial of [`super::dial`] draws from these.
pub(crate) fn move_scores(game: &Game, among: &[(usize, usize)]) -> Result<Vec<f64>, Error> {
    let rules = game.rules();
    let ratings = rate(game).ok_or(Error::OutOfMemory {
        rows: rules.rows(),
        cols: rules.cols(),
    })?;
    let at = |(r, c): (usize, usize)| r * ratings.cols + c;
    Ok(among
        .iter()
        .map(|&cell| {
            let flags = ratings.flags[at(cell)];
            // A window of m marks is worth 3 * 4^m: half its logarithm is the marks.
            let worth = log2(ratings.worth[at(cell)] as f64 + 1.0) / 2.0;
            let gives_away = rules.gravity()
                && cell.0 > 0
                && ratings.flags[at((cell.0 - 1, cell.1))] & BLOCKS != 0;
            worth
                + if flags & WINS != 0 {
                    WIN_SCORE
                } else if flags & BLOCKS != 0 {
                    BLOCK_SCORE
                } else if gives_away {
                    -BLOCK_SCORE
                } else {
                    0.0
                }
        })
        .collect())
}

/// What a win at once and a block add to a move's score, in marks.
const WIN_SCORE: f64 = 14.0;
const BLOCK_SCORE: f64 = 10.0;

#[cfg(test)]
mod tests {
    use super::{legal_cells, rated_best};
    use alloc::vec;
    use tictactoe_core::{Game, Player, Rules};

    /// Under exactly five, a cell that fills a window of four but makes six is no win to rate
    /// first, for the mover or against it; under five or more both are.
    #[test]
    fn only_a_run_of_exactly_k_is_rated_a_win_or_a_block() {
        for exact in [false, true] {
            let rules = Rules::gomoku(15).unwrap().with_exact(exact);
            let mut game = Game::with_rules(rules).unwrap();
            let fours = [(7, 3), (7, 4), (7, 5), (7, 6), (7, 8)];
            let apart = [(0, 0), (0, 2), (0, 4), (0, 6), (0, 8)];
            for (&x, &o) in fours.iter().zip(&apart) {
                game.play(x.0, x.1, Player::X).unwrap();
                game.play(o.0, o.1, Player::O).unwrap();
            }
            let wins = if exact {
                vec![(7, 2)]
            } else {
                vec![(7, 2), (7, 7)]
            };
            assert_eq!(rated_best(&game, &legal_cells(&game)).unwrap(), wins);
            // O to move: the same cells are the blocks.
            game.play(14, 14, Player::X).unwrap();
            assert_eq!(rated_best(&game, &legal_cells(&game)).unwrap(), wins);
        }
    }
}
