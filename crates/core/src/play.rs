//! How the classic checked game keeps a move the rules have admitted (its cell, its record, its
//! counters) and takes one back; what it answers the rules (the range it indexes, who holds a
//! cell). The rules themselves are the seam's (`repr`), written once for every representation.

use crate::cells::{mark_cell, occupant, set_cell_bits};
use crate::classic::Classic;
use crate::counters::{Counters, Line};
use crate::error::Error;
use crate::limits::Mode;
use crate::player::Player;
use crate::record::Moves;
use crate::repr::private::{At, Kept, Won};
use crate::rules::Rules;
use crate::storage::Storage;
use crate::turns::Turns;

/// A checked move once every check has passed: the move recorded at `len` in `journal` (the
/// game's record, which has room there), the cell marked, the lines counted, the move counted in
/// `turns`; returns the winner after it. The one place a checked move writes, for a single game
/// and for every game of a [`VecGames`](crate::VecGames). (`row`, `col`) is on the board of `lines` (one pair a row),
/// its cell `index` is `row * n + col`, and it is empty in `cells`.
#[inline(always)]
pub(crate) fn commit_checked(
    (counters, turns): (&mut Counters, &mut Turns),
    (lines, cells): (&mut [[Line; 2]], &mut [u64]),
    (journal, len): (&mut [u32], &mut usize),
    (row, col, index): (usize, usize, u32),
    player: Player,
) -> Option<Player> {
    journal[*len] = index;
    *len += 1;
    mark_cell(cells, index, player.number());
    let won = counters.add(lines, row, col, player);
    turns.finish(player, won)
}

impl<S: Storage> Classic<S> {
    #[cold]
    fn out_of_memory(&self) -> Error {
        Error::OutOfMemory {
            rows: self.n(),
            cols: self.n(),
        }
    }

    /// Commits a move for which the record has no room: grows it (or refuses with
    /// [`Error::OutOfMemory`], changing nothing), then commits.
    #[cold]
    #[inline(never)]
    fn grow_then_commit<const BATCH: bool>(
        &mut self,
        turns: &mut Turns,
        moves: &mut Moves<S::Room>,
        at: At,
        player: Player,
    ) -> Won {
        moves.reserve(1).map_err(|()| self.out_of_memory())?;
        self.commit::<BATCH>(turns, moves, at, player)
    }

    /// Empties the cells `played` names (a large board, few moves played).
    #[inline(never)]
    fn clear_played_cells(&mut self, played: &[u32]) {
        let cells = self.store.cells_mut();
        for &index in played {
            set_cell_bits(cells, index, 0);
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
        Mode::Checked
    }

    fn first_moves(&self) -> Result<Moves<S::Room>, Error> {
        S::first_moves(self.n() as u32).map_err(|_| self.out_of_memory())
    }

    /// Checked against the length of the lines a move indexes (one pair a row), which proves
    /// them in bounds.
    #[inline(always)]
    fn on_board(&self, row: u64, col: u64) -> Option<(usize, usize)> {
        let n = self.store.lines().len() as u64;
        (row < n && col < n).then_some((row as usize, col as usize))
    }

    #[inline(always)]
    fn occupant(&self, row: usize, col: usize) -> Option<Player> {
        // On the board, so row * n + col < n * n <= u32::MAX.
        occupant(self.store.cells(), (row * self.n() + col) as u32)
    }

    /// Its cell, its record and its lines.
    #[inline(always)]
    fn commit<const BATCH: bool>(
        &mut self,
        turns: &mut Turns,
        moves: &mut Moves<S::Room>,
        at: At,
        player: Player,
    ) -> Won {
        let (row, col) = at;
        if moves.room() < 1 {
            // Rare: the record grows first, out of line, so that no call stands between the
            // rules and the counters on the common path.
            return self.grow_then_commit::<BATCH>(turns, moves, at, player);
        }
        let index = (row * self.n() + col) as u32;
        let parts = self.store.parts_mut();
        // `room` said there is a slot at the count.
        Ok(commit_checked(
            (&mut self.counters, turns),
            (parts.lines, parts.cells),
            moves.parts_mut(),
            (row, col, index),
            player,
        ))
    }

    /// Takes back the record's last move, if any, and uncounts it in `turns`.
    fn take_back(
        &mut self,
        turns: &mut Turns,
        moves: &mut Moves<S::Room>,
    ) -> Option<(usize, usize, Player)> {
        let player = turns.last()?;
        let n = self.n();
        let index = moves.pop()?;
        let (row, col) = (index as usize / n, index as usize % n);
        set_cell_bits(self.store.cells_mut(), index, 0);
        self.counters
            .remove(self.store.lines_mut(), row, col, player);
        turns.unwind(player);
        Some((row, col, player))
    }

    /// O(moves played) for the cells, O(n) for the counters. Inline: a new game after each short
    /// game is part of what a small board's move costs.
    #[inline]
    fn clear(&mut self, moves: &Moves<S::Room>) {
        let played = moves.played();
        match self.store.cells_mut() {
            // Boards up to 5 x 5: one store, where `fill` is a call.
            [word] => *word = 0,
            // No more words than moves: clearing them all is cheaper.
            cells if cells.len() <= played.len() => cells.fill(0),
            _ => self.clear_played_cells(played),
        }
        self.counters.reset(self.store.lines_mut());
    }

    #[inline]
    fn open(&self, player: Player) -> bool {
        self.counters.open_for(player)
    }

    /// Made anew, fallibly, and the moves replayed.
    #[cfg(feature = "alloc")]
    fn try_copy(
        &self,
        turns: &Turns,
        moves: &Moves<S::Room>,
    ) -> Result<(Self, Moves<S::Room>), Error> {
        let mut copy = Classic::<S>::empty(self.n() as u32).map_err(|_| self.out_of_memory())?;
        let mut record = copy.first_moves()?;
        let mut replayed = Turns::new(self.rules().cells());
        for (row, col, player) in turns.replay(moves.played(), self.n()) {
            copy.place::<false, false>(&mut replayed, &mut record, row as u64, col as u64, player)?;
        }
        Ok((copy, record))
    }
}
