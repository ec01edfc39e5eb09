//! The heart of the engine: counts per line, so that a move, its win check, `can_win` and `undo`
//! each touch at most four lines and never scan the board.
//!
//! A checked game keeps each line as a [`Line`], a count of each player's marks, which `undo` can
//! take back one at a time. A lean game has no undo and keeps each line as a [`Tally`], half the
//! memory: what matters on the large boards lean mode is for (the lean game needs an allocator,
//! so without one its half of this module is unused). A game keeps `n` pairs of either, pair `i`
//! holding row `i` and column `i`; the two diagonals live here, beside the scalars, because every
//! board kind has exactly two of them. Both modes run their moves through [`Counters`]; the
//! storages only decide where the lines and the cells live.
#![cfg_attr(not(feature = "alloc"), allow(dead_code))]

use crate::player::Player;
use crate::turns::Turns;

/// The largest `n` whose moves reach the diagonals without a branch. On a small board a random move
/// lies on a diagonal so often (5 cells of 9 at n = 3) that a branch would mispredict; on a large one
/// it almost never does, and the branch skips the diagonals' work.
const BRANCH_FREE_DIAGONALS: u32 = 16;

/// How many marks each player holds in one row, column or diagonal.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Line {
    marks: [u32; 2],
}

impl Line {
    /// A line with no marks.
    pub(crate) const EMPTY: Line = Line { marks: [0, 0] };

    /// A line that no move can close or complete, read as a pair of counts or as a [`Tally`]: see
    /// [`Counters::add`]. As counts it is never empty, and the at most 256 marks of a game on a
    /// board up to 16 x 16 never make 1 to 16 of them; as a tally it has both players' bits, and
    /// its count stays far from every `n` up to 16.
    const SPARE: Line = Line {
        marks: [0x7FFF_FFFF; 2],
    };

    /// Adds a mark of `player`; true when that completes the line. A line gaining its first mark of
    /// `player` can no longer be completed by the other player: `closed` counts those lines, so that
    /// the caller updates the open-line count once per move rather than once per line.
    #[inline(always)]
    fn add(&mut self, player: Player, n: u32, closed: &mut u64) -> bool {
        let mine = &mut self.marks[player.index()];
        *closed += u64::from(*mine == 0);
        // A real line holds at most n marks; a spare line holds far more (and never wraps).
        *mine += 1;
        *mine == n
    }

    /// Exactly undoes [`Line::add`].
    #[inline]
    fn remove(&mut self, player: Player, open: &mut [u64; 2]) {
        let mine = &mut self.marks[player.index()];
        *mine -= 1;
        if *mine == 0 {
            open[player.index()] += 1;
        }
    }
}

/// A lean game's row, column or diagonal in one 32-bit word: X's marks minus O's, times four, plus
/// a bit for each player who has marked it (X's bit is 1 and O's is 2, their numbers). Half the
/// memory of a [`Line`], and enough for a move, its win and `can_win`; it cannot take a mark back,
/// so a lean batch keeps the words a move replaced instead. The count needs `n` below 2^29.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Tally(u32);

impl Tally {
    /// A line with no marks.
    pub(crate) const EMPTY: Tally = Tally(0);

    /// The word as stored (for encoding).
    #[inline]
    pub(crate) const fn word(self) -> u32 {
        self.0
    }

    /// A tally from its stored word (for decoding, which checks it).
    pub(crate) const fn from_word(word: u32) -> Tally {
        Tally(word)
    }

    /// X's marks minus O's.
    #[inline]
    pub(crate) const fn count(self) -> i32 {
        self.0 as i32 >> 2
    }

    /// Whether `player` has marked the line.
    #[inline]
    pub(crate) const fn has(self, player: Player) -> bool {
        self.0 & player as u32 != 0
    }

    /// Adds a mark of `player`, whose `step` is `4` (X) or `-4` (O) as a word and whose `target` is
    /// `n` (X) or `-n` (O); true when that completes the line. Counts closed lines as [`Line::add`].
    #[inline(always)]
    fn add(&mut self, player: Player, step: u32, target: i32, closed: &mut u64) -> bool {
        let bit = player as u32;
        *closed += u64::from(self.0 & bit == 0);
        // A real line's count stays within n < 2^29; a spare's may wrap, far from any target.
        self.0 = self.0.wrapping_add(step) | bit;
        self.count() == target
    }
}

/// Equal counters count the same lines alike; the spares hold nothing of the game.
impl PartialEq for Counters {
    fn eq(&self, other: &Counters) -> bool {
        self.n == other.n && self.diagonals[..2] == other.diagonals[..2] && self.open == other.open
    }
}

impl Eq for Counters {}

impl core::hash::Hash for Counters {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        (self.n, &self.diagonals[..2], self.open).hash(state);
    }
}

/// The counters of one game and everything that follows from them.
#[derive(Clone, Debug)]
pub(crate) struct Counters {
    n: u32,
    /// The main diagonal, the anti-diagonal, then a spare for each: a move off a diagonal marks its
    /// spare instead, so that every move adds to four lines without a branch (whether a random move
    /// lies on a diagonal is a coin flip on small boards, which a branch would mispredict). A spare
    /// starts as [`Line::SPARE`] and absorbs those marks until a move is taken back (which puts it
    /// back): between two such resets a game makes at most its `n * n` moves, so a spare is never
    /// empty and never complete, and no move spends stores on putting it back. A lean game keeps
    /// each diagonal's [`Tally`] in the first count of its line (the second stays 0).
    diagonals: [Line; 4],
    /// For each player, how many lines hold no mark of that player: lines the opponent can still
    /// complete. Kept by the player whose marks close them, so that a move updates its own entry.
    open: [u64; 2],
    /// For each player, what a lean mark adds to a [`Tally`]'s word (4 for X, -4 for O) and the
    /// count that completes a line (`n`, `-n`): read with the player's index, where computing them
    /// from its sign took four instructions a lean move. Follows from `n`.
    lean_steps: [(u32, i32); 2],
}

impl Counters {
    /// The counters of an empty `n x n` board. `n` is at least 1 and `lines` holds `2n` empty lines.
    pub(crate) const fn new(n: u32) -> Counters {
        let lines = 2 * n as u64 + 2;
        Counters {
            n,
            diagonals: [Line::EMPTY, Line::EMPTY, Line::SPARE, Line::SPARE],
            open: [lines; 2],
            lean_steps: [
                (4, n as i32),
                (4_u32.wrapping_neg(), (n as i32).wrapping_neg()),
            ],
        }
    }

    /// Whether `player` can still complete a line: some line holds no mark of the opponent's.
    /// (Once the game is over no one can; the owner of the turns asks that first.)
    #[inline]
    pub(crate) const fn open_for(&self, player: Player) -> bool {
        self.open[player.other().index()] > 0
    }

    /// Counts a move that has passed every check; true when it completes a line. `row` and `col`
    /// are below `lines.len()`, which is `n`.
    #[inline(always)]
    pub(crate) fn add(
        &mut self,
        lines: &mut [[Line; 2]],
        row: usize,
        col: usize,
        player: Player,
    ) -> bool {
        // The same n as `self.n`, from the length the caller's range check has just read.
        let n = lines.len() as u32;
        let mut closed = 0;
        let on_main = row == col;
        // As in `add_tallies`: the sum plus one, not `n - 1`.
        let on_anti = row + col + 1 == n as usize;
        let mut won = lines[row][0].add(player, n, &mut closed);
        won |= lines[col][1].add(player, n, &mut closed);
        if n <= BRANCH_FREE_DIAGONALS {
            // A move off a diagonal marks its spare instead.
            won |= self.diagonals[if on_main { 0 } else { 2 }].add(player, n, &mut closed);
            won |= self.diagonals[if on_anti { 1 } else { 3 }].add(player, n, &mut closed);
        } else if on_main || on_anti {
            // Rare on a large board, so this branch predicts well.
            if on_main {
                won |= self.diagonals[0].add(player, n, &mut closed);
            }
            if on_anti {
                won |= self.diagonals[1].add(player, n, &mut closed);
            }
        }
        self.close(player, closed);
        won
    }

    /// [`add`](Self::add) for a lean game's tallies: the same lines, one word each. `row` and `col`
    /// are below `tallies.len()`, which is `n`, below 2^29.
    #[inline(always)]
    pub(crate) fn add_tallies(
        &mut self,
        tallies: &mut [[Tally; 2]],
        row: usize,
        col: usize,
        player: Player,
    ) -> bool {
        let n = tallies.len() as u32;
        // X's mark adds 1 to the count and completes the line at n; O's subtracts 1, done at -n.
        let (step, target) = self.lean_steps[player.index()];
        let mut closed = 0;
        let on_main = row == col;
        // `+ 1` on the left: the sum is computed anyway, where `n - 1` would be one more value.
        let on_anti = row + col + 1 == n as usize;
        let mut won = tallies[row][0].add(player, step, target, &mut closed);
        won |= tallies[col][1].add(player, step, target, &mut closed);
        let mut diagonal = |k: usize, closed: &mut u64| {
            let mut tally = Tally(self.diagonals[k].marks[0]);
            let complete = tally.add(player, step, target, closed);
            self.diagonals[k].marks[0] = tally.0;
            complete
        };
        if n <= BRANCH_FREE_DIAGONALS {
            won |= diagonal(if on_main { 0 } else { 2 }, &mut closed);
            won |= diagonal(if on_anti { 1 } else { 3 }, &mut closed);
        } else if on_main || on_anti {
            if on_main {
                won |= diagonal(0, &mut closed);
            }
            if on_anti {
                won |= diagonal(1, &mut closed);
            }
        }
        self.close(player, closed);
        won
    }

    /// What every move does once its lines are counted: `closed` lines can no longer be completed
    /// by the other player.
    #[inline(always)]
    fn close(&mut self, player: Player, closed: u64) {
        self.open[player.index()] -= closed;
    }

    /// The tallies a lean move by `player` at (`row`, `col`) is about to change, in the order
    /// [`restore_tallies`](Self::restore_tallies) takes them: row, column, main and anti-diagonal.
    #[inline(always)]
    pub(crate) fn tallies_before(
        &self,
        tallies: &[[Tally; 2]],
        row: usize,
        col: usize,
    ) -> [u32; 4] {
        [
            tallies[row][0].0,
            tallies[col][1].0,
            self.diagonals[0].marks[0],
            self.diagonals[1].marks[0],
        ]
    }

    /// Takes back the last counted lean move, which `player` made at (`row`, `col`), by putting
    /// back the words [`tallies_before`](Self::tallies_before) saved.
    pub(crate) fn restore_tallies(
        &mut self,
        tallies: &mut [[Tally; 2]],
        row: usize,
        col: usize,
        player: Player,
        before: [u32; 4],
    ) {
        let [r, c, main, anti] = before;
        let bit = player as u32;
        // A line reopens for the other player when the move gave it its first mark of `player`.
        let mut reopened = 0;
        let mut put_back = |word: &mut u32, old: u32| {
            reopened += u64::from(*word & bit != 0 && old & bit == 0);
            *word = old;
        };
        put_back(&mut tallies[row][0].0, r);
        put_back(&mut tallies[col][1].0, c);
        put_back(&mut self.diagonals[0].marks[0], main);
        put_back(&mut self.diagonals[1].marks[0], anti);
        self.open[player.index()] += reopened;
        self.put_back_spares();
    }

    /// The spares as new: after a move is taken back, so that a game that plays and takes back
    /// forever never lets them count far.
    #[inline]
    fn put_back_spares(&mut self) {
        self.diagonals[2] = Line::SPARE;
        self.diagonals[3] = Line::SPARE;
    }

    /// Takes back the last counted move, which `player` made at (`row`, `col`).
    pub(crate) fn remove(
        &mut self,
        lines: &mut [[Line; 2]],
        row: usize,
        col: usize,
        player: Player,
    ) {
        let n = self.n as usize;
        let open = &mut self.open;
        lines[row][0].remove(player, open);
        lines[col][1].remove(player, open);
        if row == col {
            self.diagonals[0].remove(player, open);
        }
        if row + col == n - 1 {
            self.diagonals[1].remove(player, open);
        }
        self.put_back_spares();
    }

    /// Back to an empty board; `lines` are the game's `n` pairs of lines.
    pub(crate) fn reset(&mut self, lines: &mut [[Line; 2]]) {
        lines.fill([Line::EMPTY; 2]);
        // Field by field: the lean steps follow from `n` and stay.
        let empty = Counters::new(self.n);
        (self.diagonals, self.open) = (empty.diagonals, empty.open);
    }

    /// Rebuilds the counters and turns of a lean game from its tallies (`n` pairs, row then column,
    /// and the two diagonals) and its move count, or says which invariant of play they break. Checked: each
    /// tally's bits agree with its count (no bit: 0; X's alone: X ahead; O's alone: O ahead); rows
    /// and columns add up to the same difference of marks; the move count is at most `n * n` and
    /// splits into the players' totals with that difference; no line holds more of a player's marks
    /// than that player made, and no more rows (or columns) hold a player's bit; a diagonal holds a
    /// player's bit only where a row and a column holding it cross on it; the totals alternate with
    /// `last`; at most one player holds a complete line, and it is `last`. Every state the lean
    /// API can reach passes, even one where the caller broke the promise and played a cell twice, so
    /// every lean game round-trips.
    pub(crate) fn from_tallies(
        n: u32,
        tallies: &[[Tally; 2]],
        diagonals: [Tally; 2],
        moves: u64,
        last: Option<Player>,
    ) -> Result<(Counters, Turns), &'static str> {
        let mut counters = Counters::new(n);
        let n64 = i64::from(n);
        // The rows' and the columns' sums of counts, and how many rows and columns each player marked.
        let (mut sums, mut marked) = ([0i64; 2], [[0u64; 2]; 2]);
        for pair in tallies {
            for (k, tally) in pair.iter().enumerate() {
                sums[k] += i64::from(tally.count());
                for player in [Player::X, Player::O] {
                    marked[k][player.index()] += u64::from(tally.has(player));
                }
            }
        }
        if sums[0] != sums[1] {
            return Err("rows and columns add up to different counts");
        }
        let difference = sums[0];
        let n2 = u64::from(n) * u64::from(n);
        // X's marks minus O's is `difference`, and X's plus O's is `moves`.
        let split = moves
            .checked_sub(difference.unsigned_abs())
            .filter(|rest| moves <= n2 && rest % 2 == 0);
        let Some(rest) = split else {
            return Err("the move count does not fit the lines");
        };
        let smaller = rest / 2;
        let totals = if difference >= 0 {
            [smaller + difference.unsigned_abs(), smaller]
        } else {
            [smaller, smaller + difference.unsigned_abs()]
        };
        if (0..2).any(|k| (0..2).any(|p| marked[k][p] > totals[p])) {
            return Err("more lines hold a player's marks than that player made");
        }
        let mut winners = [false; 2];
        let lines = tallies.as_flattened().iter().chain(&diagonals);
        for tally in lines {
            let count = i64::from(tally.count());
            let agrees = match (tally.has(Player::X), tally.has(Player::O)) {
                (false, false) => count == 0,
                (true, false) => count >= 1,
                (false, true) => count <= -1,
                (true, true) => true,
            };
            if !agrees {
                return Err("a line's players disagree with its count");
            }
            let ahead = if count >= 0 { Player::X } else { Player::O };
            if count.unsigned_abs() > totals[ahead.index()] || count.abs() > n64 {
                return Err("a line holds more marks of a player than that player made");
            }
            for player in [Player::X, Player::O] {
                if tally.has(player) {
                    if totals[player.index()] == 0 {
                        return Err("a line holds marks of a player who made none");
                    }
                    // Marked by `player`: the other can no longer complete it.
                    counters.open[player.index()] -= 1;
                }
            }
            winners[ahead.index()] |= count.abs() == n64;
        }
        // A mark on diagonal cell i is also in row i and in column i (main) or n - 1 - i (anti).
        for player in [Player::X, Player::O] {
            let crossing = |col_of: &dyn Fn(usize) -> usize| {
                (0..tallies.len())
                    .any(|i| tallies[i][0].has(player) && tallies[col_of(i)][1].has(player))
            };
            let last_col = tallies.len() - 1;
            if (diagonals[0].has(player) && !crossing(&|i| i))
                || (diagonals[1].has(player) && !crossing(&|i| last_col - i))
            {
                return Err("a diagonal holds marks where no row and column cross");
            }
        }
        let alternates = match last {
            None => moves == 0,
            Some(Player::X) => difference == 0 || difference == 1,
            Some(Player::O) => difference == 0 || difference == -1,
        };
        if !alternates {
            return Err("the move counts break alternation");
        }
        let winner = match winners {
            [false, false] => None,
            [true, false] => Some(Player::X),
            [false, true] => Some(Player::O),
            [true, true] => return Err("both players hold a complete line"),
        };
        if winner.is_some_and(|w| Some(w) != last) {
            return Err("the winner did not make the last move");
        }
        counters.diagonals[0].marks[0] = diagonals[0].word();
        counters.diagonals[1].marks[0] = diagonals[1].word();
        Ok((counters, Turns::restored(n2, moves, last, winner)))
    }

    /// A lean game's diagonals, main then anti.
    #[inline]
    pub(crate) const fn diagonal_tallies(&self) -> [Tally; 2] {
        [
            Tally(self.diagonals[0].marks[0]),
            Tally(self.diagonals[1].marks[0]),
        ]
    }
}

#[cfg(test)]
mod tests {
    use super::{Counters, Tally};
    use crate::limits::MAX_LEAN_N;
    use crate::player::Player;

    /// A tally at the largest lean size: one mark short of n either way, then complete, with the
    /// counts and bits exact and nothing overflowing (tests run with overflow checks).
    #[test]
    fn tallies_hold_counts_up_to_the_largest_lean_size() {
        let n = MAX_LEAN_N as i32;
        let counters = Counters::new(MAX_LEAN_N as u32);
        for (player, sign) in [(Player::X, 1), (Player::O, -1)] {
            // What a mark of `player` adds to the word, and the count that completes a line.
            let (step, target) = ((4 * sign) as u32, n * sign);
            assert_eq!(counters.lean_steps[player.index()], (step, target));
            let mut tally = Tally::from_word((((n - 1) * sign * 4) as u32) | player as u32);
            assert_eq!(tally.count(), (n - 1) * sign);
            let mut closed = 0;
            assert!(tally.add(player, step, target, &mut closed));
            assert_eq!((tally.count(), closed), (n * sign, 0));
            assert!(tally.has(player) && !tally.has(player.other()));
            // A fresh line: the mark closes it for the other player and completes nothing.
            let mut fresh = Tally::EMPTY;
            assert!(!fresh.add(player, step, target, &mut closed));
            assert_eq!((fresh.count(), closed), (sign, 1));
        }
    }

    /// Moves taken back put the spares back, so no history of play and undo lets them count
    /// towards a line; and a game reached through such a history equals (and hashes as) the
    /// same moves played straight, whatever its spares hold.
    #[test]
    fn spares_are_put_back_and_hold_nothing_of_the_game() {
        use core::hash::{BuildHasher, BuildHasherDefault};
        use std::collections::hash_map::DefaultHasher;

        use super::Line;
        let hash = |c: &Counters| BuildHasherDefault::<DefaultHasher>::default().hash_one(c);
        let mut lines = [[Line::EMPTY; 2]; 3];
        let (mut straight, mut lines_straight) = (Counters::new(3), [[Line::EMPTY; 2]; 3]);
        let mut winding = Counters::new(3);
        for (row, col, player) in [(0, 1, Player::X), (1, 1, Player::O), (2, 0, Player::X)] {
            straight.add(&mut lines_straight, row, col, player);
            winding.add(&mut lines, row, col, player);
        }
        // Off both diagonals: the move marks both spares, and taking it back empties them.
        winding.add(&mut lines, 1, 0, Player::O);
        assert_ne!(winding.diagonals[2..], [Line::SPARE; 2]);
        winding.remove(&mut lines, 1, 0, Player::O);
        assert_eq!(winding.diagonals[2..], [Line::SPARE; 2]);
        assert_ne!(straight.diagonals[2..], winding.diagonals[2..]);
        assert_eq!((straight == winding, lines_straight), (true, lines));
        assert_eq!(hash(&straight), hash(&winding));
    }
}
