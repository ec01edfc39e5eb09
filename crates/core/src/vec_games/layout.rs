//! How a block of games lies in memory: one array per part (counters, lines, packed cells, move
//! journal, environment bookkeeping), game after game, so that a step walks each array once with
//! no pointer to follow per game, and each game's journal has its room from the start.

use alloc::vec::Vec;

use crate::cells::{occupant, words};
use crate::counters::{Counters, Line};
use crate::error::Error;
use crate::play::commit_checked;
use crate::player::Player;
use crate::turns::Turns;

use crate::packed::divide;

use super::planes::{write_game, write_obs};
use super::seat::{Env, Seat};

/// Every game's parts, game after game: game `i` owns `counters[i]` (its counters and turns, side
/// by side), `envs[i]`, the `n` pairs of
/// lines from `lines[i * n]`, the board's words from `cells[i * words]` and `n * n` journal slots
/// from `journal[i * n * n]` (its moves so far, cell by cell, then room for the rest).
#[derive(Clone, Debug)]
pub(super) struct Columns {
    pub(super) counters: Vec<(Counters, Turns)>,
    pub(super) lines: Vec<[Line; 2]>,
    pub(super) cells: Vec<u64>,
    pub(super) journal: Vec<u32>,
    pub(super) envs: Vec<Env>,
}

/// One game's parts, borrowed from the arrays.
pub(super) struct Slot<'a> {
    pub(super) counters: &'a mut Counters,
    pub(super) turns: &'a mut Turns,
    pub(super) lines: &'a mut [[Line; 2]],
    pub(super) cells: &'a mut [u64],
    pub(super) journal: &'a mut [u32],
    pub(super) env: &'a mut Env,
}

/// `len` copies of `value`, or `oom` instead of an abort (also for a length past `usize`).
fn filled<T: Clone>(len: Option<usize>, value: T, oom: Error) -> Result<Vec<T>, Error> {
    crate::memory::filled(len.ok_or(oom)?, value).ok_or(oom)
}

impl Columns {
    /// `num_envs` empty `n x n` games (`n` valid for a checked game), or `oom`.
    pub(super) fn new(num_envs: usize, n: usize, oom: Error) -> Result<Columns, Error> {
        let each = |per_game: usize| num_envs.checked_mul(per_game);
        Ok(Columns {
            counters: filled(
                Some(num_envs),
                (Counters::new(n as u32), Turns::new((n * n) as u64)),
                oom,
            )?,
            lines: filled(each(n), [Line::EMPTY; 2], oom)?,
            cells: filled(each(words(n * n)), 0, oom)?,
            journal: filled(each(n * n), 0, oom)?,
            envs: filled(Some(num_envs), Env::START, oom)?,
        })
    }

    /// Every game, in order, for an `n x n` batch.
    #[inline(always)]
    pub(super) fn slots(&mut self, n: usize) -> impl Iterator<Item = Slot<'_>> {
        let counters = self.counters.iter_mut().map(|(c, t)| (c, t));
        let parts = counters.zip(self.lines.chunks_exact_mut(n));
        let parts = parts.zip(self.cells.chunks_exact_mut(words(n * n)));
        let parts = parts.zip(self.journal.chunks_exact_mut(n * n));
        parts.zip(self.envs.iter_mut()).map(
            |(((((counters, turns), lines), cells), journal), env)| Slot {
                counters,
                turns,
                lines,
                cells,
                journal,
                env,
            },
        )
    }

    /// Game `i` (below the number of games) of an `n x n` batch.
    pub(super) fn slot(&mut self, i: usize, n: usize) -> Slot<'_> {
        let (cells, w) = (n * n, words(n * n));
        let (counters, turns) = &mut self.counters[i];
        Slot {
            counters,
            turns,
            lines: &mut self.lines[i * n..][..n],
            cells: &mut self.cells[i * w..][..w],
            journal: &mut self.journal[i * cells..][..cells],
            env: &mut self.envs[i],
        }
    }

    /// Game `i`'s packed board, for boards of `cells` cells.
    pub(super) fn board(&self, i: usize, cells: usize) -> &[u64] {
        let w = words(cells);
        &self.cells[i * w..][..w]
    }
}

impl Slot<'_> {
    pub(super) fn restart(&mut self) {
        self.counters.reset(self.lines);
        self.turns.reset();
        self.cells.fill(0);
        *self.env = Env::START;
    }
}

/// A game of an `n x n` block, lent for a step: its parts, the size, and (`LEGAL`) whether the
/// caller has checked that every action it is given is legal.
pub(super) struct ClassicSeat<'a, const LEGAL: bool> {
    pub(super) slot: Slot<'a>,
    pub(super) n: usize,
    /// For finding an action's row with a multiplication instead of a division.
    pub(super) reciprocal: u64,
}

impl<const LEGAL: bool> Seat for ClassicSeat<'_, LEGAL> {
    #[inline(always)]
    fn env(&mut self) -> &mut Env {
        self.slot.env
    }

    #[inline(always)]
    fn restart(&mut self) {
        self.slot.restart();
    }

    #[inline(always)]
    fn play(&mut self, action: i64, mover: Player) -> Result<Option<u8>, ()> {
        let (slot, n) = (&mut self.slot, self.n);
        match u32::try_from(action) {
            // A batch checks what a checked game checks itself: the cell is on the board and empty
            // (known when `LEGAL`). The turn is the environment's own, and the rest is the one
            // checked move every game makes.
            Ok(index)
                if LEGAL || ((index as usize) < n * n && occupant(slot.cells, index).is_none()) =>
            {
                let row = divide(index, self.reciprocal);
                let col = index - row * n as u32;
                let mut len = slot.turns.moves() as usize;
                let cell = (row as usize, col as usize, index);
                let board = (&mut *slot.lines, &mut *slot.cells);
                let record = (&mut *slot.journal, &mut len);
                Ok(
                    match commit_checked((slot.counters, slot.turns), board, record, cell, mover) {
                        Some(winner) => Some(winner.number()),
                        None if slot.turns.is_over() => Some(0),
                        None => None,
                    },
                )
            }
            _ => Err(()),
        }
    }

    #[inline(always)]
    fn planes(&self, to_move: Player, obs: &mut [bool]) {
        write_obs(self.slot.cells, to_move, obs);
    }

    #[inline(always)]
    fn write(&self, env: Env, obs: &mut [bool], mask: &mut [bool]) {
        write_game(self.slot.cells, env, obs, mask);
    }
}
