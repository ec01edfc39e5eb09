//! The players above perfect play: the [`Agent`], with its skill dial, and the gomoku player's
//! threat searches and evaluation for the boards no search finishes. They reach the exact solver
//! ([`exact`](crate::exact)) through its public API alone.

mod agent;
mod dial;
mod float;
mod heuristic;
mod lookahead;
mod prove;
mod tactics;
mod threats;
mod threes;
mod timed;

pub use agent::{Agent, TieBreak};
