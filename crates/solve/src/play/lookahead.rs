//! A bounded alpha-beta for boards no search reaches the end of (gomoku): a few plies over the
//! moves that matter, the leaves scored by the windows still open. It orders the moves the threat
//! searches left undecided, where a one-ply rating sees only the next stone.
//!
//! Each node scans every window (a run of `k` cells on one line) once: a window holding stones of
//! one player alone is worth `3 * 4^m` to that player when it is the player to move, `2 * 4^m`
//! otherwise (`m` its stones, for `k` above 12 only the last 12 before `k`; the one to move
//! converts first). The same pass spreads each
//! window's worth over its empty cells, which ranks the moves to try, and finds the cells that
//! win at once for either side. A win at once ends the node; a win of the opponent at once
//! leaves only the blocks. Iterative deepening within a node budget; the deepest search finished
//! decides.

use alloc::vec::Vec;

use tictactoe_core::Game;
use tictactoe_core::Player;

type Cell = (usize, usize);

/// The moves tried at a node: the best rated.
const WIDTH: usize = 10;

/// The deepest search tried.
const MAX_DEPTH: u32 = 6;

/// A score beyond any sum of windows: a won position. (A window is worth at most `3 * 4^12`
/// (see [`growth`]), and a board of at most [`MAX_CELLS`] cells has fewer than `4 * MAX_CELLS`
/// windows.)
const WON: i64 = 1 << 50;

/// The largest board read: each node scans every window, so on a larger one a single node
/// costs more than a move's budget.
const MAX_CELLS: usize = 10_000;

/// How many times a window's worth is doubled for `m` stones of one player, `k` to a window:
/// twice a stone, for the last 12 stones before `k` only (all of them for `k` up to 12), so that
/// a long `k` neither overflows nor loses the order of its windows.
fn growth(m: usize, k: usize) -> u32 {
    (2 * m.saturating_sub(k.saturating_sub(12))) as u32
}

/// What one pass over the windows finds, for the player to move.
struct Scan {
    /// The position's worth for the player to move.
    worth: i64,
    /// The empty cells, best rated first (at most `WIDTH`), or the blocks of the opponent's wins.
    moves: Vec<usize>,
    /// A cell where the player to move wins at once.
    win: Option<usize>,
}

struct Lookahead {
    grid: Vec<u8>,
    rows: usize,
    cols: usize,
    k: usize,
    exact: bool,
    /// Each line's cells, as index lists: every window lies within one.
    lines: Vec<Vec<usize>>,
    /// Per cell: the worth spread to it, and whether a window would be completed by X / by O.
    spread: Vec<(i64, u8)>,
    /// The moves tried at a node (wider at the root).
    width: usize,
    nodes: u64,
    limit: u64,
}

impl Lookahead {
    fn new(game: &Game, limit: u64) -> Option<Lookahead> {
        let rules = game.rules();
        let (rows, cols, k) = (rules.rows(), rules.cols(), rules.k());
        if rules.gravity() || game.is_over() || rows * cols > MAX_CELLS {
            return None;
        }
        let mut grid = Vec::new();
        grid.try_reserve_exact(rows * cols).ok()?;
        grid.resize(rows * cols, 0u8);
        for (r, c, p) in game.moves() {
            grid[r * cols + c] = if p == Player::X { 1 } else { 2 };
        }
        let mut lines = Vec::new();
        for (dr, dc) in [(0isize, 1isize), (1, 0), (1, 1), (1, -1)] {
            for start in 0..rows * cols {
                let (r, c) = ((start / cols) as isize, (start % cols) as isize);
                let inside = |r: isize, c: isize| {
                    r >= 0 && c >= 0 && (r as usize) < rows && (c as usize) < cols
                };
                if inside(r - dr, c - dc) {
                    continue;
                }
                let mut line = Vec::new();
                let (mut r, mut c) = (r, c);
                while inside(r, c) {
                    line.push(r as usize * cols + c as usize);
                    r += dr;
                    c += dc;
                }
                if line.len() >= k {
                    lines.push(line);
                }
            }
        }
        let mut spread = Vec::new();
        spread.try_reserve_exact(rows * cols).ok()?;
        spread.resize(rows * cols, (0, 0));
        Some(Lookahead {
            grid,
            rows,
            cols,
            k,
            exact: rules.exact(),
            lines,
            spread,
            width: WIDTH,
            nodes: 0,
            limit,
        })
    }

    /// Whether `who` (1 or 2) wins at once on the empty cell `at`: the run it makes.
    fn wins_at(&self, at: usize, who: u8) -> bool {
        let (r, c) = ((at / self.cols) as isize, (at % self.cols) as isize);
        let holds = |r: isize, c: isize| {
            r >= 0
                && c >= 0
                && (r as usize) < self.rows
                && (c as usize) < self.cols
                && self.grid[r as usize * self.cols + c as usize] == who
        };
        [(0isize, 1isize), (1, 0), (1, 1), (1, -1)]
            .iter()
            .any(|&(dr, dc)| {
                let run = |s: isize| {
                    (1..)
                        .take_while(|&i| holds(r + s * i * dr, c + s * i * dc))
                        .count()
                };
                let length = run(1) + 1 + run(-1);
                if self.exact {
                    length == self.k
                } else {
                    length >= self.k
                }
            })
    }

    fn scan(&mut self, mover: u8) -> Scan {
        self.nodes += 1;
        let other = 3 - mover;
        self.spread.fill((0, 0));
        let mut worth = 0i64;
        let k = self.k;
        for line in &self.lines {
            let (mut mine, mut theirs) = (0usize, 0usize);
            for i in 0..line.len() {
                match self.grid[line[i]] {
                    0 => {}
                    p if p == mover => mine += 1,
                    _ => theirs += 1,
                }
                if i >= k {
                    match self.grid[line[i - k]] {
                        0 => {}
                        p if p == mover => mine -= 1,
                        _ => theirs -= 1,
                    }
                }
                if i + 1 < k || (mine > 0 && theirs > 0) || mine + theirs == 0 {
                    continue;
                }
                let (value, flag) = if theirs == 0 {
                    (
                        3i64 << growth(mine, k),
                        if mine == k - 1 { mover } else { 0 },
                    )
                } else {
                    (
                        -(2i64 << growth(theirs, k)),
                        if theirs == k - 1 { other } else { 0 },
                    )
                };
                worth += value;
                for &at in &line[i + 1 - k..=i] {
                    if self.grid[at] == 0 {
                        let cell = &mut self.spread[at];
                        cell.0 += value.abs();
                        cell.1 |= flag;
                    }
                }
            }
        }
        // Wins at once (checked by run length: a full window may be an overline).
        let flagged = |who: u8| {
            (0..self.grid.len())
                .filter(|&at| self.spread[at].1 & who != 0 && self.wins_at(at, who))
                .collect::<Vec<usize>>()
        };
        let win = flagged(mover).first().copied();
        let blocks = flagged(other);
        let moves = if blocks.is_empty() {
            let mut rated: Vec<usize> = (0..self.grid.len())
                .filter(|&at| self.grid[at] == 0 && self.spread[at].0 > 0)
                .collect();
            rated.sort_by_key(|&at| (core::cmp::Reverse(self.spread[at].0), at));
            rated.truncate(self.width);
            rated
        } else {
            blocks
        };
        Scan { worth, moves, win }
    }

    /// The worth of the position for `mover`, searched `depth` plies; `None` when the budget
    /// ran out.
    fn search(&mut self, mover: u8, depth: u32, mut alpha: i64, beta: i64) -> Option<i64> {
        if self.nodes > self.limit {
            return None;
        }
        let scan = self.scan(mover);
        if scan.win.is_some() {
            return Some(WON);
        }
        if depth == 0 || scan.moves.is_empty() {
            return Some(scan.worth);
        }
        let mut best = -WON - 1;
        for at in scan.moves {
            self.grid[at] = mover;
            let value = self.search(3 - mover, depth - 1, -beta, -alpha);
            self.grid[at] = 0;
            let value = -value?;
            best = best.max(value);
            alpha = alpha.max(value);
            if alpha >= beta {
                break;
            }
        }
        Some(best)
    }
}

/// The moves among `among` (legal moves of `game`, in play, no gravity) that the deepest
/// search finished within about `limit` nodes puts first (ties all kept, row-major); `None`
/// when not even one ply finished, or the board is not one this search reads.
pub(crate) fn best_by_lookahead(game: &Game, among: &[Cell], limit: u64) -> Option<Vec<Cell>> {
    best_within_depth(game, among, limit, MAX_DEPTH)
}

/// [`best_by_lookahead`], searching at most `max_depth` plies after the move.
fn best_within_depth(game: &Game, among: &[Cell], limit: u64, max_depth: u32) -> Option<Vec<Cell>> {
    let mut search = Lookahead::new(game, limit)?;
    let mover = if game.last_player() == Some(Player::X) {
        2
    } else {
        1
    };
    let cols = search.cols;
    let index = |&(r, c): &Cell| r * cols + c;
    // The root's moves: a win at once, else the blocks, else the best rated, twice as many as
    // below; only those of `among`.
    search.width = 2 * WIDTH;
    let root = search.scan(mover);
    search.width = WIDTH;
    if let Some(win) = root.win
        && let Some(&cell) = among.iter().find(|cell| index(cell) == win)
    {
        return Some(alloc::vec![cell]);
    }
    let mut tried: Vec<Cell> = among
        .iter()
        .copied()
        .filter(|cell| root.moves.contains(&index(cell)))
        .collect();
    if tried.is_empty() {
        return None;
    }
    tried.sort_unstable();
    let mut best = None;
    for depth in 0..max_depth {
        let mut values = Vec::new();
        for &cell in &tried {
            let at = index(&cell);
            search.grid[at] = mover;
            let value = search
                .search(3 - mover, depth, -WON - 1, WON + 1)
                .map(|v| -v);
            search.grid[at] = 0;
            match value {
                Some(v) => values.push((cell, v)),
                None => return best,
            }
        }
        let top = values.iter().map(|&(_, v)| v).max()?;
        best = Some(
            values
                .iter()
                .filter(|&&(_, v)| v == top)
                .map(|&(cell, _)| cell)
                .collect(),
        );
        if top.abs() >= WON {
            break;
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use alloc::vec::Vec;

    use super::best_by_lookahead;
    use crate::play::heuristic::legal_cells;
    use tictactoe_core::{Game, Player, Rules};

    /// Whether `player` wins at once on the empty `cell` of `game`: the run its stone would
    /// make in some direction, read cell by cell from the game.
    fn wins_at(game: &Game, cell: (usize, usize), player: Player) -> bool {
        let rules = game.rules();
        let holds = |r: isize, c: isize| {
            r >= 0 && c >= 0 && game.cell(r as usize, c as usize).ok().flatten() == Some(player)
        };
        [(0isize, 1isize), (1, 0), (1, 1), (1, -1)]
            .iter()
            .any(|&(dr, dc)| {
                let (r, c) = (cell.0 as isize, cell.1 as isize);
                let run = |s: isize| {
                    (1..)
                        .take_while(|&i| holds(r + s * i * dr, c + s * i * dc))
                        .count()
                };
                let length = run(1) + 1 + run(-1);
                length == rules.k() || (!rules.exact() && length > rules.k())
            })
    }

    /// On random positions of small boards, both rules: a win at once is all it plays when
    /// there is one, and otherwise only blocks when the opponent has a win at once (the model:
    /// each cell's runs read from the game).
    #[test]
    fn wins_come_first_then_blocks() {
        let mut rng = tictactoe_testkit::Xorshift(0x5DEE_CE66_D1CE_4E5B);
        let (mut wins, mut blocks) = (0, 0);
        for round in 0..400 {
            let rules = Rules::new(7, 7, 4, false)
                .unwrap()
                .with_exact(round % 3 == 0);
            let mut game = Game::with_rules(rules).unwrap();
            let mut player = Player::X;
            let stones = 6 + rng.below(16);
            while (game.move_count() as usize) < stones && !game.is_over() {
                let (r, c) = (rng.below(7), rng.below(7));
                if game.play(r, c, player).is_ok() {
                    player = player.other();
                }
            }
            if game.is_over() {
                continue;
            }
            let mover = game.last_player().map_or(Player::X, Player::other);
            let legal = legal_cells(&game);
            let Some(pool) = best_by_lookahead(&game, &legal, 20_000) else {
                continue;
            };
            let mine: Vec<_> = legal
                .iter()
                .copied()
                .filter(|&c| wins_at(&game, c, mover))
                .collect();
            let theirs: Vec<_> = legal
                .iter()
                .copied()
                .filter(|&c| wins_at(&game, c, mover.other()))
                .collect();
            if !mine.is_empty() {
                assert!(
                    pool.iter().all(|c| mine.contains(c)),
                    "{pool:?} {mine:?}\n{game}"
                );
                wins += 1;
            } else if !theirs.is_empty() {
                assert!(
                    pool.iter().all(|c| theirs.contains(c)),
                    "{pool:?} {theirs:?}\n{game}"
                );
                blocks += 1;
            }
        }
        assert!(wins > 10 && blocks > 10, "{wins} wins, {blocks} blocks");
    }

    /// X can make a four and an open three at once at (7, 8) while O has an open three on row
    /// 10: the four comes first (O must answer it), then the open four wins, so X plays the
    /// four-three rather than the block, at every depth from the first.
    #[test]
    fn a_four_three_comes_before_a_block() {
        let mut game = Game::with_rules(Rules::gomoku(15).unwrap()).unwrap();
        let x = [(7, 5), (7, 6), (7, 7), (5, 8), (6, 8)];
        let o = [(7, 4), (10, 4), (10, 5), (10, 6), (11, 7)];
        for (a, b) in x.iter().zip(&o) {
            game.play(a.0, a.1, Player::X).unwrap();
            game.play(b.0, b.1, Player::O).unwrap();
        }
        for depth in 1..=super::MAX_DEPTH {
            let pool = super::best_within_depth(&game, &legal_cells(&game), 2_000_000, depth);
            assert_eq!(pool, Some(alloc::vec![(7, 8)]), "depth {depth}");
        }
    }

    /// X has an open three on row 7 and O nothing near: X makes the open four, on either side.
    #[test]
    fn an_open_three_that_becomes_an_open_four_is_seen() {
        let mut game = Game::with_rules(Rules::gomoku(15).unwrap()).unwrap();
        for (x, o) in [((7, 6), (0, 0)), ((7, 7), (0, 14)), ((7, 8), (14, 0))] {
            game.play(x.0, x.1, Player::X).unwrap();
            game.play(o.0, o.1, Player::O).unwrap();
        }
        // X to move with an open three: the open four is a win in three plies.
        let pool = best_by_lookahead(&game, &legal_cells(&game), 200_000).unwrap();
        assert!(
            pool.iter().all(|c| [(7, 5), (7, 9)].contains(c)),
            "{pool:?}"
        );
    }

    /// A long `k`: X's row of 32 (of 35) and O's below it. A window's worth grows four times a
    /// stone; read without a cap it overflowed (a panic in a debug build, a wrapped score in a
    /// release one). X lengthens its row where every window with the most of its stones does:
    /// columns 32 to 34, the cells its win needs.
    #[test]
    fn long_lines_are_scored_without_overflow() {
        let mut game = Game::with_rules(Rules::new(40, 40, 35, false).unwrap()).unwrap();
        for col in 0..32 {
            game.play(0, col, Player::X).unwrap();
            game.play(1, col, Player::O).unwrap();
        }
        let legal = legal_cells(&game);
        let best = best_by_lookahead(&game, &legal, 200).unwrap();
        assert!(!best.is_empty(), "{best:?}");
        assert!(
            best.iter()
                .all(|&(row, col)| row == 0 && (32..=34).contains(&col)),
            "{best:?}"
        );
    }
}
