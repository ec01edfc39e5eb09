//! What the manager's clocks and memory allow a move: a node budget for the agent, from the time a
//! move may take, and a table size, from the memory the brain may use. Node budgets, not clocks,
//! bound the search, so a move is the same on every machine; the rate below was measured here
//! (the Agent's default gomoku move, 1,000,000 nodes, took a median 23 ms and at worst 608 ms in
//! 100 games of self-play run alone, so 1,600 nodes a millisecond or more: where threats are
//! near, the threat searches read far more cells than the budget's nodes), and the brain plans
//! at that worst rate, rounded down, of 60% of the turn, the rest left for a machine shared with
//! another job;
//! `bench/python/brain_bench.py` reports the answer times against each `timeout_turn`.

use tictactoe_solve::Solver;

/// Nodes a millisecond the brain counts on: the slowest move's rate measured, rounded down.
pub(crate) const NODES_PER_MS: u64 = 1_500;
/// The protocol's per-move limit when the manager names none: 30 s. The brain never spends it
/// all; its search stops at [`MOST_NODES`].
pub(crate) const DEFAULT_TURN_MS: u64 = 30_000;
/// The most nodes a move searches, whatever the clock allows (a few seconds at worst here).
pub(crate) const MOST_NODES: u64 = 4_000_000;
/// The fewest: a move "as fast as possible" (`timeout_turn` 0) still sees wins and blocks.
pub(crate) const FEWEST_NODES: u64 = 20_000;

/// The clocks the manager has named.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Clocks {
    pub(crate) turn_ms: Option<u64>,
    /// Time left in the match (`time_left`), when the match has a limit.
    pub(crate) left_ms: Option<u64>,
    pub(crate) match_ms: Option<u64>,
}

impl Clocks {
    /// The nodes of the next move, with `empty` cells left on the board: the turn's limit, and
    /// no more than a share of the match's time left (the moves still to come, at most 20 counted),
    /// each at 60% to leave room for the brain's own overhead.
    pub(crate) fn nodes(&self, empty: u64) -> u64 {
        let mut ms = self.turn_ms.unwrap_or(DEFAULT_TURN_MS);
        // A match limit of 0 means none; time_left only counts when the match has a limit.
        if let (true, Some(left)) = (self.match_ms != Some(0), self.left_ms) {
            let moves = (empty / 2).clamp(1, 20);
            ms = ms.min(left / moves);
        }
        (ms.saturating_mul(NODES_PER_MS) / 10 * 6).clamp(FEWEST_NODES, MOST_NODES)
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
    use super::{Clocks, FEWEST_NODES, MOST_NODES, table_bits};

    #[test]
    fn budgets_follow_the_clocks_within_their_bounds() {
        let turn = |ms| Clocks {
            turn_ms: Some(ms),
            ..Clocks::default()
        };
        assert_eq!(turn(0).nodes(225), FEWEST_NODES);
        assert_eq!(turn(u64::MAX).nodes(225), MOST_NODES);
        assert!(turn(100).nodes(225) < turn(1000).nodes(225));
        // Little time left in the match shortens a long turn.
        let late = Clocks {
            turn_ms: Some(1000),
            left_ms: Some(2000),
            match_ms: Some(60_000),
        };
        assert!(late.nodes(100) < turn(1000).nodes(100));
        // A match without a limit (0) ignores time_left.
        let endless = Clocks {
            match_ms: Some(0),
            ..late
        };
        assert_eq!(endless.nodes(100), turn(1000).nodes(100));
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
