//! The heart of the engine: a pair of counts per line, so that a move, its win check, `can_win` and
//! `undo` each touch at most four lines and never scan the board.
//!
//! A storage keeps `n` pairs of lines, pair `i` holding row `i` and column `i`; the two diagonals
//! live here, beside the scalars, because every board kind has exactly two of them. Every mode and
//! every board kind runs its moves through [`Counters`]; the storages only decide where the lines
//! and the cells live.

use crate::error::Error;
use crate::player::Player;

/// `refused` when neither player may move.
const BOTH: u8 = Player::X as u8 | Player::O as u8;

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

    /// The marks `player` holds in this line.
    #[inline]
    pub(crate) const fn marks(self, player: Player) -> u32 {
        self.marks[player.index()]
    }

    /// A line with these counts (for decoding).
    pub(crate) const fn with_marks(x: u32, o: u32) -> Line {
        Line { marks: [x, o] }
    }

    /// A line that no move can close or complete: see [`Counters::add`].
    const SPARE: Line = Line {
        marks: [u32::MAX; 2],
    };

    /// Adds a mark of `player`; true when that completes the line. A line gaining its first mark of
    /// `player` can no longer be completed by the other player: `closed` counts those lines, so that
    /// the caller updates the open-line count once per move rather than once per line.
    #[inline(always)]
    fn add(&mut self, player: Player, n: u32, closed: &mut u64) -> bool {
        let mine = &mut self.marks[player.index()];
        *closed += u64::from(*mine == 0);
        // A real line holds at most n marks, so only a spare line ever wraps (to 0, never n).
        *mine = mine.wrapping_add(1);
        *mine == n
    }

    /// Exactly undoes [`Line::add`].
    #[inline]
    fn remove(&mut self, player: Player, open: &mut [u64; 2]) {
        let mine = &mut self.marks[player.index()];
        *mine -= 1;
        if *mine == 0 {
            open[player.other().index()] += 1;
        }
    }
}

/// The counters of one game and everything that follows from them.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Counters {
    n: u32,
    /// The main diagonal, the anti-diagonal, then a spare for each: a move off a diagonal marks its
    /// spare instead, so that every move adds to four lines without a branch (whether a random move
    /// lies on a diagonal is a coin flip on small boards, which a branch would mispredict). A spare
    /// holds `u32::MAX` marks between moves, so it is never empty and never complete.
    diagonals: [Line; 4],
    /// For each player, how many lines hold no mark of the opponent: lines that player can still complete.
    open: [u64; 2],
    moves: u64,
    /// `n * n`: the move count of a full board.
    cells: u64,
    last: Option<Player>,
    winner: Option<Player>,
    /// Player numbers (as bits) that may not move now: the last mover, or both once the game is over.
    /// One test of this byte is the whole turn-and-game-over check of a move.
    refused: u8,
}

impl Counters {
    /// The counters of an empty `n x n` board. `n` is at least 1 and `lines` holds `2n` empty lines.
    pub(crate) const fn new(n: u32) -> Counters {
        let lines = 2 * n as u64 + 2;
        Counters {
            n,
            diagonals: [Line::EMPTY, Line::EMPTY, Line::SPARE, Line::SPARE],
            open: [lines; 2],
            moves: 0,
            cells: n as u64 * n as u64,
            last: None,
            winner: None,
            refused: 0,
        }
    }

    #[inline]
    pub(crate) const fn n(&self) -> u32 {
        self.n
    }

    #[inline]
    pub(crate) const fn moves(&self) -> u64 {
        self.moves
    }

    #[inline]
    pub(crate) const fn winner(&self) -> Option<Player> {
        self.winner
    }

    #[inline]
    pub(crate) const fn last(&self) -> Option<Player> {
        self.last
    }

    #[inline]
    pub(crate) const fn diagonals(&self) -> [Line; 2] {
        [self.diagonals[0], self.diagonals[1]]
    }

    #[inline]
    pub(crate) const fn is_full(&self) -> bool {
        self.moves == self.cells
    }

    /// The empty cells, or 0 once the game is over.
    #[inline]
    pub(crate) const fn moves_left(&self) -> u64 {
        if self.is_over() {
            0
        } else {
            self.cells - self.moves
        }
    }

    #[inline]
    pub(crate) const fn is_over(&self) -> bool {
        self.refused == BOTH
    }

    /// What `refused` is after `last` moved, given whether the game is now over.
    const fn refused_after(last: Option<Player>, over: bool) -> u8 {
        match (over, last) {
            (true, _) => BOTH,
            (false, Some(p)) => p as u8,
            (false, None) => 0,
        }
    }

    #[inline]
    pub(crate) const fn can_win(&self, player: Player) -> bool {
        !self.is_over() && self.open[player.index()] > 0
    }

    /// The rules that need no board: the game goes on, and players alternate.
    #[inline(always)]
    pub(crate) const fn check_turn(&self, player: Player) -> Result<(), Error> {
        if self.refused & player as u8 == 0 {
            Ok(())
        } else if self.is_over() {
            Err(Error::GameOver {
                winner: self.winner,
            })
        } else {
            Err(Error::WrongTurn { player })
        }
    }

    /// Counts a move that has passed every check; returns the winner after it. `row` and `col` are
    /// below `lines.len()`, which is `n`.
    #[inline(always)]
    pub(crate) fn add(
        &mut self,
        lines: &mut [[Line; 2]],
        row: usize,
        col: usize,
        player: Player,
    ) -> Option<Player> {
        // The same n as `self.n`, from the length the caller's range check has just read.
        let n = lines.len() as u32;
        let mut closed = 0;
        let on_main = row == col;
        let on_anti = row + col == n as usize - 1;
        let mut won = lines[row][0].add(player, n, &mut closed);
        won |= lines[col][1].add(player, n, &mut closed);
        if n <= BRANCH_FREE_DIAGONALS {
            // A move off a diagonal marks its spare instead.
            won |= self.diagonals[if on_main { 0 } else { 2 }].add(player, n, &mut closed);
            won |= self.diagonals[if on_anti { 1 } else { 3 }].add(player, n, &mut closed);
            self.diagonals[2] = Line::SPARE;
            self.diagonals[3] = Line::SPARE;
        } else if on_main || on_anti {
            // Rare on a large board, so this branch predicts well.
            if on_main {
                won |= self.diagonals[0].add(player, n, &mut closed);
            }
            if on_anti {
                won |= self.diagonals[1].add(player, n, &mut closed);
            }
        }
        self.open[player.other().index()] -= closed;
        self.moves += 1;
        self.last = Some(player);
        if won {
            self.winner = Some(player);
        }
        self.refused = if won || self.moves == self.cells {
            BOTH
        } else {
            player as u8
        };
        self.winner
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
        self.moves -= 1;
        self.last = if self.moves == 0 {
            None
        } else {
            Some(player.other())
        };
        // No move is accepted after a win, so the position before any move had no winner.
        self.winner = None;
        self.refused = Self::refused_after(self.last, false);
    }

    /// Back to an empty board; `lines` are the game's `n` pairs of lines.
    pub(crate) fn reset(&mut self, lines: &mut [[Line; 2]]) {
        lines.fill([Line::EMPTY; 2]);
        *self = Counters::new(self.n);
    }

    /// Rebuilds the counters of a lean game from its lines, or says which invariant of play they
    /// break. Checked: each line holds at most `n` marks of a player; rows and columns hold the same
    /// number of each player's marks; a diagonal holds no more of a player's marks than the sum, over
    /// its cells `(i, j)`, of the smaller of row `i`'s and column `j`'s marks of that player; the
    /// players' totals alternate with `last`; at most one player holds a complete line, and it is
    /// `last`. Every state the lean API can reach passes, even one where the caller broke the promise
    /// and played a cell twice, so every lean game round-trips.
    pub(crate) fn from_lines(
        n: u32,
        lines: &[[Line; 2]],
        diagonals: [Line; 2],
        last: Option<Player>,
    ) -> Result<Counters, &'static str> {
        let row = |i: usize| lines[i][0];
        let col = |i: usize| lines[i][1];
        let mut counters = Counters::new(n);
        let mut totals = [0u64; 2];
        let mut winners = [false; 2];
        for player in [Player::X, Player::O] {
            let sum = |k: usize| {
                lines
                    .iter()
                    .map(|pair| u64::from(pair[k].marks(player)))
                    .sum::<u64>()
            };
            let total = sum(0);
            if sum(1) != total {
                return Err("rows and columns hold different numbers of marks");
            }
            totals[player.index()] = total;
            for line in lines.as_flattened().iter().chain(&diagonals) {
                let marks = line.marks(player);
                if marks > n {
                    return Err("a line holds more than n marks of one player");
                }
                winners[player.index()] |= marks == n;
                if marks > 0 {
                    counters.open[player.other().index()] -= 1;
                }
            }
            // A mark on diagonal cell i also counts in row i and in column i (main) or column
            // n - 1 - i (anti), so a diagonal holds at most what those pairs can share. This holds
            // even for a lean caller who broke the promise and played a cell twice.
            let marks = |line: &Line| u64::from(line.marks(player));
            let (mut main, mut anti) = (0, 0);
            for i in 0..lines.len() {
                main += marks(&row(i)).min(marks(&col(i)));
                anti += marks(&row(i)).min(marks(&col(lines.len() - 1 - i)));
            }
            if marks(&diagonals[0]) > main || marks(&diagonals[1]) > anti {
                return Err("a diagonal holds marks where no row and column cross");
            }
        }
        let [x, o] = totals;
        counters.moves = x + o;
        counters.diagonals[..2].copy_from_slice(&diagonals);
        counters.last = last;
        counters.winner = match winners {
            [false, false] => None,
            [true, false] => Some(Player::X),
            [false, true] => Some(Player::O),
            [true, true] => return Err("both players hold a complete line"),
        };
        let n2 = u64::from(n) * u64::from(n);
        // Players alternate, so the one who moved last has made as many moves as the other, or one more.
        let alternates = match last {
            None => counters.moves == 0,
            Some(p) => {
                let (mine, theirs) = (totals[p.index()], totals[p.other().index()]);
                mine == theirs || mine == theirs + 1
            }
        };
        if !alternates || counters.moves > n2 {
            return Err("the move counts break alternation");
        }
        if counters.winner.is_some_and(|w| Some(w) != last) {
            return Err("the winner did not make the last move");
        }
        let over = counters.winner.is_some() || counters.moves == n2;
        counters.refused = Self::refused_after(last, over);
        Ok(counters)
    }
}
