//! Every line of a board in four directions, kept as one bitset per line and player: a move sets one
//! bit per direction, finds the run it joins and the windows it closes with a few word scans, and
//! never looks further than `k - 1` cells either way. So a move costs O(1) for any `k` up to 64,
//! and one more word per 64 beyond that, whatever the board's size.
//!
//! A *window* is a run of `k` cells on one line. `open[p]` counts the windows that hold no mark of
//! p's opponent: the ones p can still complete, which is all `can_win` asks.

use alloc::vec::Vec;

use super::marks::private::Board;
use crate::cells::{mark_cell, occupant, set_cell_bits, words as cell_words};
use crate::error::Error;
use crate::memory::filled;
use crate::player::Player;
use crate::rules::Rules;

/// One direction's lines in each player's array: line `i` is `words` words from `base + i * words`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Direction {
    base: usize,
    words: usize,
}

/// Where a cell lies on its line in one direction: the line, its position there (a bit index),
/// and the first and last positions the line has cells at.
#[derive(Clone, Copy, Debug)]
struct Spot {
    line: usize,
    pos: usize,
    lo: usize,
    hi: usize,
}

/// The line bitsets of a `rows x cols` board, and the open windows of each player.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Lines {
    rows: usize,
    cols: usize,
    k: usize,
    /// Rows, columns, diagonals (down and right), anti-diagonals (down and left).
    directions: [Direction; 4],
    /// Each player's marks, every direction's lines one after another.
    marks: [Vec<u64>; 2],
    open: [u64; 2],
    /// The windows of the empty board.
    windows: u64,
    /// Every line fits in one word (sides of at most 64): the scans are a few instructions each.
    narrow: bool,
    /// Only exactly `k` wins and a line is longer than `k`: a window is open to a player only
    /// while the cells just outside it are not that player's (they would make an overline).
    exact: bool,
}

fn words(bits: usize) -> usize {
    bits.div_ceil(64)
}

/// The `n` lowest bits set (all 64 from 64 on).
#[inline(always)]
fn low_bits(n: usize) -> u64 {
    if n >= 64 { u64::MAX } else { (1 << n) - 1 }
}

/// How many set bits run down from `pos - 1` (towards 0), at most `limit`.
#[inline]
fn run_below(w: &[u64], pos: usize, limit: usize) -> usize {
    let (mut count, mut next) = (0, pos);
    while count < limit && next > 0 {
        let (word, bit) = ((next - 1) / 64, (next - 1) % 64);
        // The bits at and below `bit`, moved to the top of the word: its leading ones.
        let ones = (!(w[word] << (63 - bit))).leading_zeros() as usize;
        let avail = bit + 1;
        count += ones.min(avail);
        if ones < avail {
            break;
        }
        next -= avail;
    }
    count.min(limit)
}

/// How many set bits run up from `pos + 1`, at most `limit`.
#[inline]
fn run_above(w: &[u64], pos: usize, limit: usize) -> usize {
    let (mut count, mut next) = (0, pos + 1);
    while count < limit && next < 64 * w.len() {
        let (word, bit) = (next / 64, next % 64);
        let ones = (!(w[word] >> bit)).trailing_zeros() as usize;
        let avail = 64 - bit;
        count += ones.min(avail);
        if ones < avail {
            break;
        }
        next += avail;
    }
    count.min(limit)
}

/// The highest set bit in `floor..pos`, if any.
#[inline]
fn nearest_below(w: &[u64], pos: usize, floor: usize) -> Option<usize> {
    if pos <= floor {
        return None;
    }
    let mut top = pos - 1;
    loop {
        let (word, bit) = (top / 64, top % 64);
        let below = w[word] & (u64::MAX >> (63 - bit));
        if below != 0 {
            let found = 64 * word + 63 - below.leading_zeros() as usize;
            return (found >= floor).then_some(found);
        }
        if 64 * word <= floor {
            return None;
        }
        top = 64 * word - 1;
    }
}

/// The lowest set bit in `pos + 1..=ceil`, if any.
#[inline]
fn nearest_above(w: &[u64], pos: usize, ceil: usize) -> Option<usize> {
    let mut next = pos + 1;
    while next <= ceil {
        let (word, bit) = (next / 64, next % 64);
        let above = w[word] >> bit;
        if above != 0 {
            let found = next + above.trailing_zeros() as usize;
            return (found <= ceil).then_some(found);
        }
        next = 64 * (word + 1);
    }
    None
}

/// Whether bit `i` of the line `w` is set (false past its end).
#[inline]
fn bit(w: &[u64], i: usize) -> bool {
    w.get(i / 64).is_some_and(|word| word >> (i % 64) & 1 == 1)
}

impl Lines {
    /// The empty lines of a `rows x cols` board where `k` in a row wins, or `None` when the memory
    /// cannot be had.
    fn new(rows: usize, cols: usize, k: usize, exact: bool) -> Option<Lines> {
        let diagonals = rows + cols - 1;
        let shapes = [
            (rows, words(cols)),
            (cols, words(rows)),
            // A diagonal holds at most the shorter side's cells: its bitset is sized by that, so
            // that a 1 x 65535 board takes kilobytes, not gigabytes.
            (diagonals, words(rows.min(cols))),
            (diagonals, words(rows.min(cols))),
        ];
        let mut base = 0;
        let directions = shapes.map(|(lines, words)| {
            let direction = Direction { base, words };
            base += lines * words;
            direction
        });
        let marks = [filled(base, 0)?, filled(base, 0)?];
        let fits = |len: usize| (len + 1).saturating_sub(k) as u64;
        // Every diagonal length in one direction; the other direction has the same ones.
        let diagonal: u64 = (0..diagonals)
            .map(|d| {
                let (c_lo, c_hi) = (d.saturating_sub(rows - 1), d.min(cols - 1));
                fits(c_hi - c_lo + 1)
            })
            .sum();
        let windows = rows as u64 * fits(cols) + cols as u64 * fits(rows) + 2 * diagonal;
        Some(Lines {
            rows,
            cols,
            k,
            directions,
            marks,
            open: [windows; 2],
            windows,
            narrow: rows <= 64 && cols <= 64,
            exact,
        })
    }

    /// Where (`row`, `col`) lies in direction `d`.
    #[inline(always)]
    fn spot(&self, d: usize, row: usize, col: usize) -> Spot {
        let (rows, cols) = (self.rows, self.cols);
        match d {
            0 => Spot {
                line: row,
                pos: col,
                lo: 0,
                hi: cols - 1,
            },
            1 => Spot {
                line: col,
                pos: row,
                lo: 0,
                hi: rows - 1,
            },
            // Down and right: row - col is constant; the position counts from the diagonal's
            // first cell (its column less the first cell's).
            2 => {
                let first = col.saturating_sub(row);
                Spot {
                    line: row + cols - 1 - col,
                    pos: col - first,
                    lo: 0,
                    hi: (col + (rows - 1 - row)).min(cols - 1) - first,
                }
            }
            // Down and left: row + col is constant; the position as above.
            _ => {
                let first = col.saturating_sub(rows - 1 - row);
                Spot {
                    line: row + col,
                    pos: col - first,
                    lo: 0,
                    hi: (col + row).min(cols - 1) - first,
                }
            }
        }
    }

    /// The words of line `spot.line` in direction `d` of one player's array.
    #[inline(always)]
    fn range(&self, d: usize, spot: Spot) -> core::ops::Range<usize> {
        let Direction { base, words } = self.directions[d];
        base + spot.line * words..base + (spot.line + 1) * words
    }

    /// The windows through `spot` that hold no mark of the player whose line is `w` (which has no
    /// mark at `spot.pos`): those its opponent can still complete there.
    #[inline(always)]
    fn free_windows(&self, w: &[u64], spot: Spot) -> u64 {
        let reach = self.k - 1;
        let floor = spot.lo.max(spot.pos.saturating_sub(reach));
        let ceil = spot.hi.min(spot.pos + reach);
        let first = nearest_below(w, spot.pos, floor).map_or(floor, |m| m + 1);
        let last = nearest_above(w, spot.pos, ceil).map_or(ceil, |m| m - 1);
        (last + 1 - first).saturating_sub(reach) as u64
    }

    /// [`free_windows`](Self::free_windows) for a line in one word.
    #[inline(always)]
    fn free_in_word(&self, w: u64, spot: Spot) -> u64 {
        let reach = self.k - 1;
        let floor = spot.lo.max(spot.pos.saturating_sub(reach));
        let ceil = spot.hi.min(spot.pos + reach);
        let below = w & low_bits(spot.pos) & !low_bits(floor);
        let above = w & low_bits(ceil + 1) & !low_bits(spot.pos + 1);
        let first = if below == 0 {
            floor
        } else {
            64 - below.leading_zeros() as usize
        };
        let last = if above == 0 {
            ceil
        } else {
            above.trailing_zeros() as usize - 1
        };
        (last + 1 - first).saturating_sub(reach) as u64
    }

    /// Under exact rules, the windows through `spot` (empty) open to the player whose line is
    /// `own`: none of the opponent's marks (`theirs`) inside, none of `own` just outside.
    fn exact_through(&self, own: &[u64], theirs: &[u64], spot: Spot) -> u64 {
        let reach = self.k - 1;
        let floor = spot.lo.max(spot.pos.saturating_sub(reach));
        let ceil = spot.hi.min(spot.pos + reach);
        let first = nearest_below(theirs, spot.pos, floor).map_or(floor, |m| m + 1);
        let last = nearest_above(theirs, spot.pos, ceil).map_or(ceil, |m| m - 1);
        if last + 1 < first + self.k {
            return 0;
        }
        (first..=last - reach)
            .filter(|&s| (s == 0 || !bit(own, s - 1)) && !bit(own, s + self.k))
            .count() as u64
    }

    /// Under exact rules, the windows that end just before `spot` or start just after it (which
    /// is empty) open to the player whose line is `own`: a mark of theirs at `spot` closes them.
    fn exact_beside(&self, own: &[u64], theirs: &[u64], spot: Spot) -> u64 {
        let (pos, k) = (spot.pos, self.k);
        let after = pos + k <= spot.hi
            && nearest_above(theirs, pos, pos + k).is_none()
            && !bit(own, pos + k + 1);
        let before = pos >= spot.lo + k
            && nearest_below(theirs, pos, pos - k).is_none()
            && (pos == k || !bit(own, pos - k - 1));
        u64::from(after) + u64::from(before)
    }

    /// [`add`](Self::add) under exact rules: O(k) a direction, where the windows beside the
    /// mark close for its player too, and a run wins only at exactly `k`.
    fn add_exact(&mut self, row: usize, col: usize, player: Player) -> bool {
        let (me, them) = (player.index(), player.other().index());
        let (mut won, mut closed_mine, mut closed_theirs) = (false, 0, 0);
        for d in 0..4 {
            let spot = self.spot(d, row, col);
            let range = self.range(d, spot);
            let (mine, theirs) = (
                &self.marks[me][range.clone()],
                &self.marks[them][range.clone()],
            );
            closed_theirs += self.exact_through(theirs, mine, spot);
            closed_mine += self.exact_beside(mine, theirs, spot);
            let mine = &mut self.marks[me][range];
            mine[spot.pos / 64] |= 1 << (spot.pos % 64);
            let run = run_below(mine, spot.pos, self.k) + 1 + run_above(mine, spot.pos, self.k);
            won |= run == self.k;
        }
        self.open[me] -= closed_mine;
        self.open[them] -= closed_theirs;
        won
    }

    /// Exactly undoes [`add_exact`](Self::add_exact).
    fn remove_exact(&mut self, row: usize, col: usize, player: Player) {
        let (me, them) = (player.index(), player.other().index());
        let (mut mine_back, mut theirs_back) = (0, 0);
        for d in 0..4 {
            let spot = self.spot(d, row, col);
            let range = self.range(d, spot);
            self.marks[me][range.clone()][spot.pos / 64] &= !(1 << (spot.pos % 64));
            let (mine, theirs) = (&self.marks[me][range.clone()], &self.marks[them][range]);
            theirs_back += self.exact_through(theirs, mine, spot);
            mine_back += self.exact_beside(mine, theirs, spot);
        }
        self.open[me] += mine_back;
        self.open[them] += theirs_back;
    }

    /// Marks (`row`, `col`), which is empty, for `player`; true when that makes `k` in a row.
    #[inline]
    fn add(&mut self, row: usize, col: usize, player: Player) -> bool {
        if self.exact {
            return self.add_exact(row, col, player);
        }
        let mut won = false;
        let mut closed = 0;
        if self.narrow {
            for d in 0..4 {
                let spot = self.spot(d, row, col);
                let at = self.directions[d].base + spot.line;
                let word = self.marks[player.index()][at];
                closed += self.free_in_word(word, spot);
                let word = word | 1 << spot.pos;
                self.marks[player.index()][at] = word;
                // The run through the new mark: the ones just below it and just above it.
                let below = (!(word << (63 - spot.pos) << 1)).leading_zeros() as usize;
                let above = (!(word >> spot.pos >> 1)).trailing_zeros() as usize;
                won |= below + 1 + above >= self.k;
            }
            self.open[player.other().index()] -= closed;
            return won;
        }
        for d in 0..4 {
            let spot = self.spot(d, row, col);
            let range = self.range(d, spot);
            // Windows through this cell without a mark of `player` close for the other player.
            closed += self.free_windows(&self.marks[player.index()][range.clone()], spot);
            let mine = &mut self.marks[player.index()][range];
            mine[spot.pos / 64] |= 1 << (spot.pos % 64);
            let reach = self.k - 1;
            let run = run_below(mine, spot.pos, reach) + 1 + run_above(mine, spot.pos, reach);
            won |= run >= self.k;
        }
        self.open[player.other().index()] -= closed;
        won
    }

    /// Exactly undoes [`add`](Self::add) of `player` at (`row`, `col`).
    fn remove(&mut self, row: usize, col: usize, player: Player) {
        if self.exact {
            return self.remove_exact(row, col, player);
        }
        let mut reopened = 0;
        if self.narrow {
            for d in 0..4 {
                let spot = self.spot(d, row, col);
                let at = self.directions[d].base + spot.line;
                let word = self.marks[player.index()][at] & !(1 << spot.pos);
                self.marks[player.index()][at] = word;
                reopened += self.free_in_word(word, spot);
            }
            self.open[player.other().index()] += reopened;
            return;
        }
        for d in 0..4 {
            let spot = self.spot(d, row, col);
            let range = self.range(d, spot);
            self.marks[player.index()][range.clone()][spot.pos / 64] &= !(1 << (spot.pos % 64));
            reopened += self.free_windows(&self.marks[player.index()][range], spot);
        }
        self.open[player.other().index()] += reopened;
    }

    /// The windows `player` can still complete.
    #[inline]
    fn open(&self, player: Player) -> u64 {
        self.open[player.index()]
    }

    /// Back to the empty board.
    fn clear(&mut self) {
        for m in &mut self.marks {
            m.fill(0);
        }
        self.open = [self.windows; 2];
    }
}

/// A board of any size: its line bitsets, who holds each cell (two bits a cell, `row * cols + col`),
/// and how many marks each column holds (a column's next mark, with gravity, lands above them).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct LineBoard {
    lines: Lines,
    cols: usize,
    rows: usize,
    cells: Vec<u64>,
    heights: Vec<u32>,
}

impl Board for LineBoard {
    fn for_rules(rules: Rules) -> Result<LineBoard, Error> {
        let rules = rules.checked_board()?;
        let (rows, cols) = (rules.rows(), rules.cols());
        let oom = Error::OutOfMemory { rows, cols };
        let cells = usize::try_from(rules.cells()).map_err(|_| oom)?;
        let build = || {
            Some(LineBoard {
                lines: Lines::new(rows, cols, rules.k(), rules.overlines_lose())?,
                cols,
                rows,
                cells: filled(cell_words(cells), 0)?,
                heights: filled(cols, 0)?,
            })
        };
        build().ok_or(oom)
    }

    fn shape(&self) -> (usize, usize) {
        (self.rows, self.cols)
    }

    #[inline]
    fn holder(&self, row: usize, col: usize) -> Option<Player> {
        occupant(&self.cells, (row * self.cols + col) as u32)
    }

    #[inline]
    fn landing(&self, col: usize) -> Option<usize> {
        let height = self.heights[col] as usize;
        (height < self.rows).then(|| self.rows - 1 - height)
    }

    #[inline]
    fn add(&mut self, row: usize, col: usize, player: Player) -> bool {
        mark_cell(
            &mut self.cells,
            (row * self.cols + col) as u32,
            player.number(),
        );
        self.heights[col] += 1;
        self.lines.add(row, col, player)
    }

    fn remove(&mut self, row: usize, col: usize, player: Player) {
        set_cell_bits(&mut self.cells, (row * self.cols + col) as u32, 0);
        self.heights[col] -= 1;
        self.lines.remove(row, col, player);
    }

    #[inline]
    fn open(&self, player: Player) -> bool {
        self.lines.open(player) > 0
    }

    fn clear(&mut self) {
        self.lines.clear();
        self.cells.fill(0);
        self.heights.fill(0);
    }

    fn planes(&self, to_move: Player, obs: &mut [bool]) {
        crate::packed::write_planes(&self.cells, to_move, obs);
    }

    fn empty_cells(&self, all: bool, mask: &mut [bool]) {
        crate::packed::write_empty(&self.cells, all, mask);
    }

    fn kth_empty(&self, k: u64) -> usize {
        crate::packed::kth_empty_cell(&self.cells, self.rows * self.cols, k)
    }
}

#[cfg(test)]
mod tests {
    use super::{nearest_above, nearest_below, run_above, run_below};

    /// The scans against a plain walk over the bits, across word boundaries.
    #[test]
    fn scans_agree_with_a_walk_over_the_bits() {
        let mut seed = 0x2545_F491_4F6C_DD1Du64;
        for _ in 0..2000 {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let w = [seed, seed.rotate_left(17) | 0xF0, !seed];
            let bit = |i: usize| w[i / 64] >> (i % 64) & 1 == 1;
            let pos = (seed % 192) as usize;
            let limit = (seed >> 8) as usize % 100;
            let floor = (seed >> 16) as usize % 192;
            let ceil = (seed >> 24) as usize % 192;
            let below = (0..pos).rev().take_while(|&i| bit(i)).count().min(limit);
            let above = (pos + 1..192).take_while(|&i| bit(i)).count().min(limit);
            assert_eq!(run_below(&w, pos, limit), below);
            assert_eq!(run_above(&w, pos, limit), above);
            let near_below = (floor..pos).rev().find(|&i| bit(i));
            let near_above = (pos + 1..=ceil).find(|&i| bit(i));
            assert_eq!(nearest_below(&w, pos, floor), near_below);
            assert_eq!(nearest_above(&w, pos, ceil), near_above);
        }
    }
}
