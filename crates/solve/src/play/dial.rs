//! The dial between uniform play (skill 0) and the full-strength choice (skill 1). Below 1 every
//! legal move gets a score (the rating of [`heuristic`](super::heuristic), in marks, plus what
//! the agent's search proved of it), and the move is drawn with probability proportional to
//! `2^(score / t)`. The temperature `t` falls with skill as `T * (1 - skill^10) / skill^0.6`:
//! endless at 0 (uniform), 2 marks at one half, near 0 as skill nears 1, where the best moves
//! alone are played. A stronger agent plays its best moves more often and its bad ones far less;
//! the search behind the scores gets `skill` of the node budget, so a weaker one also looks less
//! far; and every skill's games vary with the seed.
//!
//! The curve's shape was fitted by games against a fixed middle player (skill 0.5) so that each
//! step of 0.25 moves the win rate by more than ten points in Connect Four and in gomoku
//! (`tictactoe-bench dial`). Above one half the game's length bends it: in a long game (gomoku)
//! a small edge a move compounds over many moves, so the temperature falls more slowly there; in
//! a short one (Connect Four, whose opening the shipped book proves for every skill alike) it
//! falls faster.

use alloc::vec::Vec;

use super::float::{exp2, pow};

/// What the search's proof adds to a move's score, in marks: per point of value (a proved win
/// +1, a loss -1), and for being among the best the search found.
const PROVED: f64 = 6.0;
const AMONG_BEST: f64 = 2.0;

/// The temperature's scale: 2 marks at skill 0.5.
const TEMPERATURE: f64 = 1.32;

/// The share of a node budget a search at `skill` gets (at least one node).
pub(crate) fn budget(skill: f64, max_nodes: u64) -> u64 {
    ((max_nodes as f64 * skill) as u64).max(1)
}

/// A move's score from its rating, the value the search proved for its mover (if any), and
/// whether it is among the moves the search put first.
pub(crate) fn score(rating: f64, proved: Option<i8>, best: bool) -> f64 {
    rating + proved.map_or(0.0, |v| PROVED * f64::from(v)) + if best { AMONG_BEST } else { 0.0 }
}

/// Boards of more cells than this play long games (gomoku), others short ones (Connect Four).
const LONG_GAME_CELLS: usize = 64;

/// How far the game's length bends the skill between one half and one that sets the
/// temperature: `s - BEND (s - 1/2)(1 - s)`, the same at one half and at one. A long game's
/// temperature falls more slowly (a small edge a move compounds over many moves: 0.75 plays as
/// 0.725 would), a short game's faster (0.75 plays as 0.85 would).
const LONG_GAME_BEND: f64 = 0.4;
const SHORT_GAME_BEND: f64 = -1.6;

/// The temperature at `skill` in `(0, 1)`, in marks, on a board of `cells` cells.
fn temperature(skill: f64, cells: usize) -> f64 {
    let bend = if cells > LONG_GAME_CELLS {
        LONG_GAME_BEND
    } else {
        SHORT_GAME_BEND
    };
    let skill = if skill > 0.5 {
        skill - bend * (skill - 0.5) * (1.0 - skill)
    } else {
        skill
    };
    let tenth = pow(skill, 10.0);
    TEMPERATURE * (1.0 - tenth) / pow(skill, 0.6)
}

/// The index of the move drawn from `scores` (not empty) at `skill` in `(0, 1)` on a board of
/// `cells` cells, by `unit`, a uniform draw in `[0, 1)`.
pub(crate) fn draw(scores: &[f64], skill: f64, cells: usize, unit: f64) -> usize {
    let temperature = temperature(skill, cells);
    let top = scores.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let weights: Vec<f64> = scores
        .iter()
        .map(|&s| exp2((s - top) / temperature))
        .collect();
    let total: f64 = weights.iter().sum();
    let mut left = unit * total;
    for (i, w) in weights.iter().enumerate() {
        if left < *w {
            return i;
        }
        left -= w;
    }
    // Rounding left a sliver past the last weight: the last move with any weight.
    weights.iter().rposition(|&w| w > 0.0).unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::{draw, temperature};

    /// The temperature falls with skill and reaches 2 marks at one half; up to one half it is
    /// the same in every game, above it higher in a long game than in a short one.
    #[test]
    fn the_temperature_falls_with_skill() {
        for cells in [42, 225] {
            let at: alloc::vec::Vec<f64> = (1..100)
                .map(|i| temperature(f64::from(i) / 100.0, cells))
                .collect();
            assert!(at.windows(2).all(|w| w[1] < w[0]));
            assert!((temperature(0.5, cells) - 2.0).abs() < 0.01);
            let (mid, high) = (temperature(0.5, cells), temperature(0.75, cells));
            assert!(temperature(0.25, cells) / mid > 1.4 && mid / high > 1.2);
            assert!(temperature(0.999, cells) < 0.05);
        }
        for skill in [0.1, 0.25, 0.5] {
            assert_eq!(temperature(skill, 42), temperature(skill, 225));
        }
        assert!(temperature(0.75, 225) > temperature(0.75, 42));
    }

    /// A draw picks each move about in proportion to `2^(score / t)`: scores one temperature
    /// apart, twice as often.
    #[test]
    fn draws_follow_the_weights() {
        let t = temperature(0.5, 9);
        let scores = [0.0, t, 2.0 * t];
        let mut counts = [0u32; 3];
        for i in 0..7000 {
            counts[draw(&scores, 0.5, 9, (f64::from(i) + 0.5) / 7000.0)] += 1;
        }
        // Weights 1, 2, 4 of 7.
        assert_eq!(counts, [1000, 2000, 4000]);
    }
}
