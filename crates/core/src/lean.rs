//! The classic square game in lean mode: one word a line (a [`Tally`]: the marks' difference and
//! who has marked it) and no cells, so a game of any `n` up to [`MAX_LEAN_N`](crate::MAX_LEAN_N)
//! takes O(n) memory. It cannot see a taken cell (its caller plays each cell at most once), undo a
//! move or draw its board; a batch keeps, while it runs, the words each move replaced, so that it
//! can be taken back. [`Game::new_lean`](crate::Game::new_lean) holds it.

use alloc::vec::Vec;
use core::hash::{Hash, Hasher};

use crate::counters::{Counters, Tally};
use crate::encoding::{Header, Reader, Writer, classic_header, player_byte};
use crate::error::{DecodeError, Error};
use crate::limits::Mode;
use crate::player::Player;
use crate::record::Moves;
use crate::repr::private::{At, Bytes, Kept, Won};
use crate::rules::Rules;
use crate::turns::Turns;

/// The words a batch keeps per move: the cell, then the four tallies it replaces.
const RECORD: usize = 6;

/// The representation of a lean classic game: its counters and a tally per row and column.
#[derive(Clone, Debug)]
pub struct Lean {
    counters: Counters,
    /// Row `i`'s tally, then column `i`'s; `n` pairs.
    tallies: Vec<[Tally; 2]>,
    /// A running batch's moves, [`RECORD`] words each, in the first `recorded` words; the rest
    /// is room, every word written, so that recording a move is one copy after one comparison.
    record: Vec<u32>,
    recorded: usize,
}

impl Lean {
    /// An empty `n x n` board; `n` is valid for lean mode.
    pub(crate) fn empty(n: u32) -> Result<Lean, Error> {
        let oom = Error::OutOfMemory {
            rows: n as usize,
            cols: n as usize,
        };
        let tallies = crate::memory::filled(n as usize, [Tally::EMPTY; 2]).ok_or(oom)?;
        Ok(Lean {
            counters: Counters::new(n),
            tallies,
            record: Vec::new(),
            recorded: 0,
        })
    }

    fn n(&self) -> usize {
        self.tallies.len()
    }

    /// Room for at least one more move in the batch's record (doubling it), or
    /// [`Error::OutOfMemory`] with nothing changed.
    #[cold]
    #[inline(never)]
    fn grow_record(&mut self) -> Result<(), Error> {
        let more = self.record.len().max(16 * RECORD);
        if self.record.try_reserve_exact(more).is_err() {
            return Err(self.out_of_memory());
        }
        self.record.resize(self.record.len() + more, 0);
        Ok(())
    }

    #[cold]
    #[inline(never)]
    fn out_of_memory(&self) -> Error {
        Error::OutOfMemory {
            rows: self.n(),
            cols: self.n(),
        }
    }
}

impl Kept for Lean {
    #[inline]
    fn rules(&self) -> Rules {
        Rules::classic(self.n())
    }

    #[inline]
    fn mode(&self) -> Mode {
        Mode::Lean
    }

    /// None: a lean board records no moves.
    fn first_moves(&self) -> Result<Moves<Vec<u32>>, Error> {
        Ok(Moves::in_room(Vec::new()))
    }

    /// Checked against the tallies a move indexes, one pair a row.
    #[inline(always)]
    fn on_board(&self, row: u64, col: u64) -> Option<(usize, usize)> {
        let n = self.tallies.len() as u64;
        (row < n && col < n).then_some((row as usize, col as usize))
    }

    /// No cells kept: the caller promises an empty one.
    #[inline(always)]
    fn occupant(&self, _row: usize, _col: usize) -> Option<Player> {
        None
    }

    /// The tallies, and in a batch first the words they replace (a tally cannot lose a mark).
    #[inline(always)]
    fn commit<const BATCH: bool>(
        &mut self,
        turns: &mut Turns,
        _: &mut Moves<Vec<u32>>,
        at: At,
        player: Player,
    ) -> Won {
        let (row, col) = at;
        if BATCH {
            let at = self.recorded;
            if self.record.len() < at + RECORD {
                self.grow_record()?;
            }
            // On a lean board, whose n fits in 32 bits.
            let [r, c, main, anti] = self.counters.tallies_before(&self.tallies, row, col);
            let words = [row as u32, col as u32, r, c, main, anti];
            // The words are there now: one checked reading of them, not two.
            match self.record.get_mut(at..at + RECORD) {
                Some(slots) => slots.copy_from_slice(&words),
                None => return Err(self.out_of_memory()),
            }
            self.recorded = at + RECORD;
        }
        let won = self
            .counters
            .add_tallies(&mut self.tallies, row, col, player);
        Ok(turns.finish(player, won))
    }

    /// The moves of a running batch only: outside one a lean board keeps no move.
    fn take_back(
        &mut self,
        turns: &mut Turns,
        _: &mut Moves<Vec<u32>>,
    ) -> Option<(usize, usize, Player)> {
        let player = turns.last()?;
        let &[.., row, col, r, c, main, anti] = &self.record[..self.recorded] else {
            return None;
        };
        self.recorded -= RECORD;
        let (row, col) = (row as usize, col as usize);
        self.counters
            .restore_tallies(&mut self.tallies, row, col, player, [r, c, main, anti]);
        turns.unwind(player);
        Some((row, col, player))
    }

    fn end_batch(&mut self) {
        self.recorded = 0;
    }

    fn clear(&mut self, _: &Moves<Vec<u32>>) {
        self.tallies.fill([Tally::EMPTY; 2]);
        self.recorded = 0;
        self.counters.reset(&mut []);
    }

    #[inline]
    fn open(&self, player: Player) -> bool {
        self.counters.open_for(player)
    }

    /// Outside a batch a lean game keeps nothing but its tallies and counters.
    fn try_copy(&self, _: &Turns, _: &Moves<Vec<u32>>) -> Result<(Lean, Moves<Vec<u32>>), Error> {
        let mut tallies = crate::memory::filled(self.n(), [Tally::EMPTY; 2])
            .ok_or_else(|| self.out_of_memory())?;
        tallies.copy_from_slice(&self.tallies);
        let copy = Lean {
            counters: self.counters.clone(),
            tallies,
            record: Vec::new(),
            recorded: 0,
        };
        Ok((copy, self.first_moves()?))
    }
}

/// Version 2 of the format, mode 1 (laid out on [`GameOn::decode`](crate::representations::GameOn::decode)).
impl Bytes for Lean {
    type Room = Vec<u32>;

    fn encoded_len(&self, _: &Moves<Vec<u32>>) -> usize {
        crate::encoding::CLASSIC_HEADER + 8 + 4 * (2 * self.n() + 2)
    }

    fn encode_into(&self, turns: &Turns, _: &Moves<Vec<u32>>, out: &mut [u8]) -> usize {
        let mut w = Writer { out, at: 0 };
        classic_header(&mut w, self.n(), Mode::Lean, player_byte(turns.last()));
        w.put(&turns.moves().to_le_bytes());
        // Rows, then columns, then the diagonals.
        let rows = self.tallies.iter().map(|pair| pair[0]);
        let cols = self.tallies.iter().map(|pair| pair[1]);
        for tally in rows.chain(cols).chain(self.counters.diagonal_tallies()) {
            w.put(&tally.word().to_le_bytes());
        }
        w.at
    }

    fn decode(bytes: &[u8]) -> Result<(Lean, Turns, Moves<Vec<u32>>), Error> {
        let mut r = Reader { bytes };
        let (n, last) = Header::classic_in(&mut r, Mode::Lean)?;
        r.expect_remaining(8 + (2 * u64::from(n) + 2) * 4)?;
        let moves = r.u64()?;
        let mut game = Lean::empty(n)?;
        for k in 0..2 {
            for pair in game.tallies.iter_mut() {
                pair[k] = Tally::from_word(r.u32()?);
            }
        }
        let diagonals = [Tally::from_word(r.u32()?), Tally::from_word(r.u32()?)];
        let turns;
        (game.counters, turns) = Counters::from_tallies(n, &game.tallies, diagonals, moves, last)
            .map_err(DecodeError::Inconsistent)?;
        let moves = game.first_moves()?;
        Ok((game, turns, moves))
    }
}

/// Equal lean games have the same counters and tallies: every call answers them alike.
impl PartialEq for Lean {
    fn eq(&self, other: &Lean) -> bool {
        self.counters == other.counters && self.tallies == other.tallies
    }
}

impl Eq for Lean {}

impl Hash for Lean {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.counters.hash(state);
        self.tallies.hash(state);
    }
}
