//! The threats first, on boards beyond a word, where no search reaches the end: a victory by
//! continuous fours played, the opponent's stopped, a threat that wins played, the opponent's
//! winning threats and chains stopped; what is left goes on to the proving rounds.

use alloc::vec::Vec;

use tictactoe_core::Game;

use super::Choice;
use crate::play::threats::{stops_to_fours, victory_by_fours};
use crate::play::threes::{calm_stops, key_point, stops_to_threats, victory_by_threat};

/// The most fours in a row a victory by continuous fours is read to.
const FOURS_DEPTH: u32 = 24;

/// The same, after a threat: shorter, since every reply of the defender is read.
const THREATS_DEPTH: u32 = 8;

/// The cells the threat searches may read for a node of the budget. A cell read (a few counts,
/// seldom a line) costs about a quarter of a search node, so each threat search may take a few
/// budgets' time, and the attack's chain search ([`ATTACK_READS`] times these reads) many
/// more; but most positions hold no threat, and their searches end long before. At the default
/// budget a gomoku move took a median of 23 ms and at worst 608 ms, and X won 90 of 100 games
/// of self-play (77 at 4 a node)
/// (`tictactoe-bench selfplay gomoku 100 1000000`, run alone).
const READS_PER_NODE: u64 = 12;

/// How many threats deep a chain of the mover's own is read for a win. Five levels, on
/// [`ATTACK_READS`] and [`READS_PER_NODE`]: X won 90 of 100 games of self-play, where three
/// levels on a twelfth of the reads won 77 and two won 62 (`tictactoe-bench selfplay`).
const ATTACK_LEVELS: u32 = 5;

/// The cells the attack's chain search may read, in multiples of the threat searches' reads (a
/// budget node's [`READS_PER_NODE`]): a long chain is seldom found on less, and most positions
/// have none, so the search ends long before.
const ATTACK_READS: u64 = 8;

/// How many threats deep the opponent's chains are read, when a stop of its victory by fours is
/// chosen.
const CALM_LEVELS: u32 = 2;

/// How many threats deep the opponent's chains are read otherwise.
const STOP_LEVELS: u32 = 1;

/// How many threats deep an opponent's chain is looked for when none of [`STOP_LEVELS`] is, to
/// take its key point.
const CHAIN_LEVELS: u32 = 2;

/// What the threats make of a position's moves.
pub(super) enum Narrowed {
    /// A move the threats prove or choose: played.
    Decided(Choice),
    /// The moves still worth weighing (`kept`), and those left out because they do not stop
    /// the opponent's victory by fours (`lost`: proved losses).
    Moves {
        kept: Vec<(usize, usize)>,
        lost: Vec<(usize, usize)>,
    },
}

/// The threats of `game` read on about `budget` nodes' worth of cells, among its `legal` moves
/// (row-major): a win by continuous fours first, read on a quarter of the budget.
pub(super) fn narrow(game: &Game, mut legal: Vec<(usize, usize)>, budget: u64) -> Narrowed {
    let reads = budget.saturating_mul(READS_PER_NODE);
    if let Some(cell) = victory_by_fours(game, FOURS_DEPTH, reads / 4) {
        let proved = legal
            .iter()
            .map(|&c| (c, (c == cell).then_some(1)))
            .collect();
        return Narrowed::Decided(Choice {
            pool: alloc::vec![cell],
            solved: false,
            proved,
        });
    }
    // The opponent's victory by fours, were it to move: only the moves that stop it, when
    // some do (read on half the budget; the searches below get the last quarter, since on
    // such boards they seldom prove more than a win at once).
    if let Some(stops) = stops_to_fours(game, FOURS_DEPTH, reads / 2)
        && !stops.is_empty()
    {
        let (kept, lost): (Vec<_>, Vec<_>) = legal
            .iter()
            .partition(|cell| stops.binary_search(cell).is_ok());
        // Of the stops, those that leave the opponent no winning threat, when some do.
        let calm = calm_stops(game, &kept, THREATS_DEPTH, CALM_LEVELS, reads);
        return Narrowed::Moves { kept: calm, lost };
    } else if let Some(cell) = victory_by_threat(
        game,
        THREATS_DEPTH,
        ATTACK_LEVELS,
        reads.saturating_mul(ATTACK_READS),
    ) {
        // No victory by fours to stop: a threat that wins, when the mover has one.
        return Narrowed::Decided(Choice {
            pool: alloc::vec![cell],
            solved: false,
            proved: legal.iter().map(|&c| (c, None)).collect(),
        });
    } else if let Some(stops) = stops_to_threats(game, THREATS_DEPTH, STOP_LEVELS, reads / 4)
        && !stops.is_empty()
    {
        // Else the opponent's winning threats: only the moves that leave it none, and of
        // those the ones that leave no chain of threats either, when some do.
        legal.retain(|cell| stops.binary_search(cell).is_ok());
        if let Some(cell) = key_point(game, THREATS_DEPTH, CHAIN_LEVELS, reads / 4)
            && legal.contains(&cell)
        {
            legal.retain(|&c| c == cell);
        }
    } else if let Some(cell) = key_point(game, THREATS_DEPTH, CHAIN_LEVELS, reads / 2) {
        // Else a chain of the opponent's threats too deep to prove every stop of: its first
        // threat's cell, where the mover's stone was proved to stop it.
        legal.retain(|&c| c == cell);
    }
    Narrowed::Moves {
        kept: legal,
        lost: Vec::new(),
    }
}
