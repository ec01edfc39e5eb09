//! The rules of a move, on top of the counters: range, turn and taken-cell checks, and taking moves
//! back. Nothing changes until every check has passed.

use core::fmt;

use crate::cells::{mark_cell, occupant, set_cell_bits};
use crate::classic::Classic;
use crate::counters::{Counters, Line, Tally};
use crate::error::Error;
use crate::limits::Mode;
use crate::player::Player;
use crate::repr::private::{Kept, Won};
use crate::rules::Rules;
use crate::storage::Storage;
use crate::turns::Turns;

/// The journal words a lean batch keeps per move: the cell, then the four tallies it replaces.
const LEAN_RECORD: usize = 6;

/// A checked move once every check has passed: the move recorded at `len` in `journal` (which has
/// room there), the cell marked, the lines counted; returns the winner after it. The one place a
/// checked move writes, for a single game and for every game of a [`VecGames`](crate::VecGames). (`row`, `col`) is on the board of
/// `lines` (one pair a row), its cell `index` is `row * n + col`, and it is empty in `cells`.
#[inline(always)]
pub(crate) fn commit_checked(
    counters: &mut Counters,
    (lines, cells): (&mut [[Line; 2]], &mut [u64]),
    (journal, len): (&mut [u32], &mut usize),
    (row, col, index): (usize, usize, u32),
    player: Player,
) -> Option<Player> {
    journal[*len] = index;
    *len += 1;
    mark_cell(cells, index, player.number());
    counters.add(lines, row, col, player)
}

impl<S: Storage> Classic<S> {
    #[cold]
    fn out_of_memory(&self) -> Error {
        Error::OutOfMemory {
            rows: self.n(),
            cols: self.n(),
        }
    }

    /// Commits a move for which the record has less room than the `words` it takes: grows it
    /// (or refuses with [`Error::OutOfMemory`], changing nothing), then commits.
    #[cold]
    #[inline(never)]
    fn grow_then_commit<const BATCH: bool>(
        &mut self,
        row: usize,
        col: usize,
        player: Player,
        words: usize,
    ) -> Won {
        self.store
            .reserve(words)
            .map_err(|_| self.out_of_memory())?;
        self.commit::<BATCH>(row, col, player)
    }

    /// Takes back the last recorded move: the journal's last in checked mode, the batch's last in
    /// lean mode. Does nothing when there is none.
    pub(crate) fn take_back(&mut self) -> Option<(usize, usize, Player)> {
        let player = self.counters.turns().last()?;
        let n = self.n();
        let journal = self.store.journal();
        let len = journal.len();
        match (self.store.mode(), journal) {
            (Mode::Checked, &[.., index]) => {
                let (row, col) = (index as usize / n, index as usize % n);
                set_cell_bits(self.store.cells_mut(), index, 0);
                self.store.truncate(len - 1);
                self.counters
                    .remove(self.store.lines_mut(), row, col, player);
                Some((row, col, player))
            }
            (Mode::Lean, &[.., row, col, r, c, main, anti]) => {
                let (row, col) = (row as usize, col as usize);
                self.store.truncate(len - LEAN_RECORD);
                let tallies = self.store.parts_mut().tallies;
                self.counters
                    .restore_tallies(tallies, row, col, player, [r, c, main, anti]);
                Some((row, col, player))
            }
            _ => None,
        }
    }
}

impl<S: Storage> Kept for Classic<S> {
    #[inline]
    fn rules(&self) -> Rules {
        Rules::classic(self.n())
    }

    #[inline]
    fn mode(&self) -> Mode {
        self.store.mode()
    }

    #[inline]
    fn turns(&self) -> &Turns {
        self.counters.turns()
    }

    fn journal(&self) -> &[u32] {
        self.checked_journal()
    }

    /// Checked against the length of the lines (checked) or tallies (lean) a move indexes: one
    /// pair a row.
    #[inline(always)]
    fn on_board(&self, row: u64, col: u64) -> Option<(usize, usize)> {
        let n = match self.store.mode() {
            Mode::Checked => self.store.lines().len(),
            Mode::Lean => self.store.tallies().len(),
        } as u64;
        (row < n && col < n).then_some((row as usize, col as usize))
    }

    #[inline(always)]
    fn occupant(&self, row: usize, col: usize) -> Option<Player> {
        match self.store.mode() {
            // On the board, so row * n + col < n * n <= u32::MAX.
            Mode::Checked => occupant(self.store.cells(), (row * self.n() + col) as u32),
            Mode::Lean => None,
        }
    }

    fn landing(&self, _col: usize) -> Option<usize> {
        // The classic rules have no gravity: the game refuses a drop before asking here.
        None
    }

    /// A checked move writes its cell, its record and its lines; a lean one its tallies, and in a
    /// batch the words they replace (a tally cannot lose a mark).
    #[inline(always)]
    fn commit<const BATCH: bool>(&mut self, row: usize, col: usize, player: Player) -> Won {
        match self.store.mode() {
            Mode::Checked => {
                if self.store.room() < 1 {
                    // Rare: the journal grows first, out of line, so that no call stands between
                    // the rules and the counters on the common path.
                    return self.grow_then_commit::<BATCH>(row, col, player, 1);
                }
                let index = (row * self.n() + col) as u32;
                let parts = self.store.parts_mut();
                // `room` said there is a slot at `len`.
                let board = (parts.lines, parts.cells);
                Ok(commit_checked(
                    &mut self.counters,
                    board,
                    (parts.journal, parts.len),
                    (row, col, index),
                    player,
                ))
            }
            Mode::Lean if !BATCH => {
                let tallies = self.store.parts_mut().tallies;
                Ok(self.counters.add_tallies(tallies, row, col, player))
            }
            Mode::Lean => {
                if self.store.room() < LEAN_RECORD {
                    return self.grow_then_commit::<BATCH>(row, col, player, LEAN_RECORD);
                }
                let mut parts = self.store.parts_mut();
                // On a lean board, whose n fits in 32 bits.
                let [r, c, main, anti] = self.counters.tallies_before(parts.tallies, row, col);
                parts.record_all([row as u32, col as u32, r, c, main, anti]);
                Ok(self.counters.add_tallies(parts.tallies, row, col, player))
            }
        }
    }

    fn take_back(&mut self) {
        self.take_back();
    }

    fn end_batch(&mut self) {
        // A lean game records a batch's moves only while the batch runs.
        if self.store.mode() == Mode::Lean {
            self.store.truncate(0);
        }
    }

    fn undo(&mut self) -> Result<(usize, usize, Player), Error> {
        if self.store.mode() == Mode::Lean {
            return Err(Error::NeedsBoard);
        }
        self.take_back().ok_or(Error::NothingToUndo)
    }

    /// O(moves played) for the cells, O(n) for the counters.
    fn clear(&mut self) {
        if self.store.mode() == Mode::Checked {
            let played = self.store.journal().len();
            if self.store.cells().len() <= played {
                // No more words than moves (small boards): clearing them all is cheaper.
                self.store.cells_mut().fill(0);
            } else {
                for k in 0..played {
                    let index = self.store.journal()[k];
                    set_cell_bits(self.store.cells_mut(), index, 0);
                }
            }
        }
        self.store.truncate(0);
        let parts = self.store.parts_mut();
        parts.tallies.fill([Tally::EMPTY; 2]);
        self.counters.reset(parts.lines);
    }

    fn holder(&self, row: usize, col: usize) -> Result<Option<Player>, Error> {
        if self.store.mode() == Mode::Lean {
            return Err(Error::NeedsBoard);
        }
        Ok(occupant(self.store.cells(), (row * self.n() + col) as u32))
    }

    #[inline]
    fn can_win(&self, player: Player) -> bool {
        self.counters.can_win(player)
    }

    /// Made anew, fallibly: a lean game's tallies and counters copied, a checked game's moves
    /// replayed.
    #[cfg(feature = "alloc")]
    fn try_copy(&self) -> Result<Self, Error> {
        let (n, mode) = (self.n() as u32, self.store.mode());
        let mut copy = Classic::<S>::empty(n, mode).map_err(|_| self.out_of_memory())?;
        if mode == Mode::Lean {
            // Outside a batch a lean game keeps nothing but its tallies and counters.
            let tallies = copy.store.parts_mut().tallies;
            tallies.copy_from_slice(self.store.tallies());
            copy.counters = self.counters.clone();
            return Ok(copy);
        }
        for (row, col, player) in self.turns().replay(self.checked_journal(), self.n()) {
            copy.place::<false, false>(row as u64, col as u64, player)?;
        }
        Ok(copy)
    }

    fn draw(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        crate::board::draw_classic(self, f)
    }
}
