//! What the manager's clocks and memory allow a move: a time for the agent's search, from the
//! turn's limit and the match's time left, and a table size, from the memory the brain may use.
//! The agent searches by the clock ([`tictactoe_solve::Agent::choose_by_clock`]): budgets
//! doubling while the next is expected to end in time, so the brain uses the time it is given and
//! never plans past it; `bench/python/brain_bench.py` and the ladder of `make bench-players`
//! report the answer times against each `timeout_turn`.

use tictactoe_solve::Solver;

/// The protocol's per-move limit when the manager names none: 30 s.
pub(crate) const DEFAULT_TURN_MS: u64 = 30_000;
/// The most nodes a move searches, whatever the clock allows: a few seconds here, so that a
/// manager that names no limit (30 s a move) does not wait that long for every move.
pub(crate) const MOST_NODES: u64 = 16_000_000;
/// Of the time a move may take, the share the search may plan on: the rest is for a machine
/// shared with another job, the answer's way out and a search longer than expected.
const PLANNED_SHARE: f64 = 0.7;
/// Milliseconds kept back from every turn besides (the process's own reading and writing).
const KEPT_MS: f64 = 15.0;

/// The clocks the manager has named.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Clocks {
    pub(crate) turn_ms: Option<u64>,
    /// Time left in the match (`time_left`), when the match has a limit.
    pub(crate) left_ms: Option<u64>,
    pub(crate) match_ms: Option<u64>,
}

impl Clocks {
    /// The milliseconds the next move's search may plan on, with `empty` cells left on the board:
    /// within the turn's limit, and no more than a share of the match's time left (the moves
    /// still to come, at most 20 counted), of which [`PLANNED_SHARE`] less [`KEPT_MS`]. Zero
    /// (a move "as fast as possible") still searches the smallest budget, which sees every win
    /// and every block at once.
    pub(crate) fn planned_ms(&self, empty: u64) -> f64 {
        let mut ms = self.turn_ms.unwrap_or(DEFAULT_TURN_MS);
        // A match limit of 0 means none; time_left only counts when the match has a limit.
        if let (true, Some(left)) = (self.match_ms != Some(0), self.left_ms) {
            let moves = (empty / 2).clamp(1, 20);
            ms = ms.min(left / moves);
        }
        (ms as f64 * PLANNED_SHARE - KEPT_MS).max(0.0)
    }
}

/// What the brain holds besides its table: its code, the shipped books it maps, a game and its
/// searches' lists. Measured at about 3 MB at its peak on a 15 x 15 game (VmHWM, with the smallest
/// tables); 4 MiB leaves room.
pub(crate) const OWN_BYTES: u64 = 4 << 20;

/// The smallest table the brain makes: 2^10 entries.
const FEWEST_TABLE_BITS: u32 = 10;

/// The fewest bytes of `max_memory` the brain can keep to: itself and twice its smallest table.
pub(crate) fn least_memory() -> u64 {
    OWN_BYTES + 2 * Solver::table_bytes(FEWEST_TABLE_BITS) as u64
}

/// The table bits that keep the solver's table within half of what `max_memory` bytes (0: no
/// limit) leave beside [`OWN_BYTES`], or `None` when even the smallest table would not fit.
pub(crate) fn table_bits(max_memory: u64) -> Option<u32> {
    if max_memory == 0 {
        return Some(Solver::DEFAULT_TABLE_BITS);
    }
    let room = max_memory.checked_sub(OWN_BYTES)?;
    (FEWEST_TABLE_BITS..=Solver::DEFAULT_TABLE_BITS)
        .rev()
        .find(|&bits| Solver::table_bytes(bits) as u64 <= room / 2)
}

#[cfg(test)]
mod tests {
    use super::{Clocks, table_bits};

    #[test]
    fn the_time_planned_follows_the_clocks_within_the_turn() {
        let turn = |ms| Clocks {
            turn_ms: Some(ms),
            ..Clocks::default()
        };
        assert_eq!(turn(0).planned_ms(225), 0.0);
        assert!(turn(1000).planned_ms(225) < 1000.0);
        assert!(turn(100).planned_ms(225) < turn(1000).planned_ms(225));
        assert!(Clocks::default().planned_ms(225) < super::DEFAULT_TURN_MS as f64);
        // Little time left in the match shortens a long turn.
        let late = Clocks {
            turn_ms: Some(1000),
            left_ms: Some(2000),
            match_ms: Some(60_000),
        };
        assert!(late.planned_ms(100) < turn(1000).planned_ms(100));
        // A match without a limit (0) ignores time_left.
        let endless = Clocks {
            match_ms: Some(0),
            ..late
        };
        assert_eq!(endless.planned_ms(100), turn(1000).planned_ms(100));
    }

    #[test]
    fn the_table_fits_half_the_memory() {
        assert_eq!(
            table_bits(0),
            Some(tictactoe_solve::Solver::DEFAULT_TABLE_BITS)
        );
        assert_eq!(table_bits(1), None);
        assert_eq!(table_bits(49_152), None);
        assert_eq!(table_bits(super::least_memory() - 1), None);
        assert_eq!(table_bits(super::least_memory()), Some(10));
        let bits = table_bits((64 << 20) + super::OWN_BYTES).unwrap();
        assert!(tictactoe_solve::Solver::table_bytes(bits) <= 32 << 20);
        assert!(tictactoe_solve::Solver::table_bytes(bits + 1) > 32 << 20);
    }
}
