//! Perfect play on boards too large for one word (gomoku, large squares): negamax with alpha-beta
//! on a copy of the game itself, each move played and taken back through the rules, on the same
//! scale of scores as the word search. Exact wherever it finishes; on a real board of this size it
//! does not, and the node budget ends it.
//!
//! The walk keeps its own stack, a frame a level, on the heap: a board of 40,000 cells is a search
//! 40,000 levels deep, which no thread's stack holds. The moves to try are the open *slots* (empty
//! cells, or with gravity the columns not yet full) on a linked list that a move unlinks and its
//! take-back relinks, so each node costs a few steps beside its children and the memory is the
//! board, the list and the depth: a budget of N nodes is about N small steps on any board.

use alloc::vec::Vec;

use super::{MoveValues, Solution};

/// Moves with their scores on the walk's scale.
type Scored = Vec<((usize, usize), i64)>;
use crate::memory::filled;
use tictactoe_core::Error;
use tictactoe_core::Game;
use tictactoe_core::Player;

/// Why a walk stopped before its answer.
enum Stop {
    OutOfNodes,
    OutOfMemory,
}

/// The open slots, in board order, as a circular list through a head at index 0 (slot `s` is
/// index `s + 1`). Unlinking leaves a slot's own links alone, so undoing in reverse order relinks.
struct Slots {
    next: Vec<u32>,
    prev: Vec<u32>,
}

impl Slots {
    fn new(open: impl Iterator<Item = bool>, count: usize) -> Option<Slots> {
        let (mut next, mut prev) = (filled(count + 1, 0u32)?, filled(count + 1, 0u32)?);
        let mut last = 0usize;
        for (slot, is_open) in open.enumerate() {
            if is_open {
                let at = slot + 1;
                next[last] = at as u32;
                prev[at] = last as u32;
                last = at;
            }
        }
        next[last] = 0;
        prev[0] = last as u32;
        Some(Slots { next, prev })
    }

    fn unlink(&mut self, at: u32) {
        let (p, n) = (self.prev[at as usize], self.next[at as usize]);
        self.next[p as usize] = n;
        self.prev[n as usize] = p;
    }

    fn relink(&mut self, at: u32) {
        let (p, n) = (self.prev[at as usize], self.next[at as usize]);
        self.next[p as usize] = at;
        self.prev[n as usize] = at;
    }
}

/// One level of the walk: its window, the best score so far, the slot being tried and the next.
struct Frame {
    alpha: i64,
    beta: i64,
    best: i64,
    trying: u32,
    next: u32,
}

impl Frame {
    /// Takes a child's score; true when it cuts the search of this level off.
    fn absorb(&mut self, score: i64) -> bool {
        if score >= self.beta {
            self.best = score;
            return true;
        }
        self.best = self.best.max(score);
        self.alpha = self.alpha.max(score);
        false
    }
}

/// The walk's state: its own copy of the game, the open slots, the budget and the scale of scores.
struct Walk {
    game: Game,
    slots: Slots,
    gravity: bool,
    cols: usize,
    nodes: u64,
    limit: u64,
    /// One more than the cells: a win at move `M` scores `big - M`.
    big: i64,
}

impl Walk {
    /// A walk over a copy of `game` (running out of memory is an error, not an abort).
    fn new(game: &Game, limit: u64) -> Result<Walk, Error> {
        let rules = game.rules();
        let (rows, cols) = (rules.rows(), rules.cols());
        let oom = Error::OutOfMemory { rows, cols };
        let copy = game.try_clone()?;
        let empty = |r: usize, c: usize| copy.cell(r, c).is_ok_and(|p| p.is_none());
        let slots = if rules.gravity() {
            Slots::new((0..cols).map(|c| empty(0, c)), cols)
        } else {
            Slots::new(
                (0..rows * cols).map(|i| empty(i / cols, i % cols)),
                rows * cols,
            )
        }
        .ok_or(oom)?;
        Ok(Walk {
            game: copy,
            slots,
            gravity: rules.gravity(),
            cols,
            nodes: 0,
            limit,
            big: rules.cells() as i64 + 1,
        })
    }

    fn count(&mut self) -> Result<(), Stop> {
        self.nodes += 1;
        if self.nodes > self.limit {
            return Err(Stop::OutOfNodes);
        }
        Ok(())
    }

    /// Plays the mover's mark in slot `at` (a cell, or with gravity a column); the move's score
    /// for its mover when it ends the game (a win, or the board full), `None` when play goes on.
    fn put(&mut self, at: u32) -> Option<i64> {
        let number = self.game.move_count() + 1;
        let mover = self.game.last_player().map_or(Player::X, Player::other);
        let slot = at as usize - 1;
        // An open slot of a game in play: the rules accept it.
        let won = if self.gravity {
            let won = self.game.drop_i64(slot as i64, mover.number().into());
            if self.game.cell(0, slot).is_ok_and(|p| p.is_some()) {
                self.slots.unlink(at);
            }
            won.unwrap_or(0)
        } else {
            self.slots.unlink(at);
            let won = self.game.play(slot / self.cols, slot % self.cols, mover);
            u8::from(won.ok().flatten().is_some())
        };
        if won != 0 {
            Some(self.big - number as i64)
        } else if self.game.is_over() {
            Some(0)
        } else {
            None
        }
    }

    /// Takes back the move played in slot `at`; its cell.
    fn take_back(&mut self, at: u32) -> (usize, usize) {
        let (row, col, _) = self.game.undo().unwrap_or((0, 0, Player::X));
        // With gravity the column left the list only when that move filled it.
        if !self.gravity || row == 0 {
            self.slots.relink(at);
        }
        (row, col)
    }

    /// The score of the walk's game (in play) for the player to move, fail-soft in
    /// `(alpha, beta)`, on a stack of frames of its own.
    fn negamax(&mut self, alpha: i64, beta: i64) -> Result<i64, Stop> {
        let mut stack: Vec<Frame> = Vec::new();
        let frame = |alpha, beta, first| Frame {
            alpha,
            beta,
            best: i64::MIN + 1,
            trying: 0,
            next: first,
        };
        stack.try_reserve(1).map_err(|_| Stop::OutOfMemory)?;
        stack.push(frame(alpha, beta, self.slots.next[0]));
        self.count()?;
        // The score the level above the top frame returned, for that level's mover.
        let mut returned: Option<i64> = None;
        loop {
            let top = stack.len() - 1;
            let mut done = None;
            if let Some(value) = returned.take() {
                let trying = stack[top].trying;
                self.take_back(trying);
                if stack[top].absorb(-value) {
                    done = Some(stack[top].best);
                }
            }
            if done.is_none() {
                let at = stack[top].next;
                if at == 0 {
                    done = Some(stack[top].best);
                } else {
                    stack[top].next = self.slots.next[at as usize];
                    stack[top].trying = at;
                    match self.put(at) {
                        Some(score) => {
                            self.take_back(at);
                            if stack[top].absorb(score) {
                                done = Some(stack[top].best);
                            }
                        }
                        None => {
                            self.count()?;
                            let (a, b) = (-stack[top].beta, -stack[top].alpha);
                            stack.try_reserve(1).map_err(|_| Stop::OutOfMemory)?;
                            stack.push(frame(a, b, self.slots.next[0]));
                            continue;
                        }
                    }
                }
            }
            if let Some(value) = done {
                stack.pop();
                if stack.is_empty() {
                    return Ok(value);
                }
                returned = Some(value);
            }
        }
    }

    /// Every legal move's score for the player to move, in the list's order (by column with
    /// gravity, row-major without).
    fn every_move(&mut self) -> Result<Scored, Stop> {
        let mut scored = Vec::new();
        let mut at = self.slots.next[0];
        while at != 0 {
            self.count()?;
            let score = match self.put(at) {
                Some(score) => Ok(score),
                None => self.negamax(i64::MIN + 1, i64::MAX).map(|s| -s),
            };
            let cell = self.take_back(at);
            scored.try_reserve(1).map_err(|_| Stop::OutOfMemory)?;
            scored.push((cell, score?));
            at = self.slots.next[at as usize];
        }
        Ok(scored)
    }
}

fn refused(stop: Stop, game: &Game, limit: u64) -> Error {
    match stop {
        Stop::OutOfNodes => Error::SearchLimit { nodes: limit },
        Stop::OutOfMemory => Error::OutOfMemory {
            rows: game.rules().rows(),
            cols: game.rules().cols(),
        },
    }
}

pub(super) fn solve(game: &Game, limit: u64, total: &mut u64) -> Result<Solution, Error> {
    let mut w = Walk::new(game, limit)?;
    let result = w.negamax(i64::MIN + 1, i64::MAX);
    *total += w.nodes;
    let score = result.map_err(|stop| refused(stop, game, limit))?;
    Ok(Solution::from_score(
        score,
        game.rules().cells(),
        game.move_count(),
    ))
}

/// Every legal move of `game` with its [`Solution`] for the player who plays it, row-major.
pub(super) fn move_values(game: &Game, limit: u64, total: &mut u64) -> Result<MoveValues, Error> {
    let mut w = Walk::new(game, limit)?;
    let result = w.every_move();
    *total += w.nodes;
    let scored = result.map_err(|stop| refused(stop, game, limit))?;
    let (moves, cells) = (game.move_count(), game.rules().cells());
    let mut values: Vec<_> = scored
        .into_iter()
        // The position before the move, scored for its mover.
        .map(|(cell, score)| (cell, Solution::from_score(score, cells, moves)))
        .collect();
    values.sort_unstable_by_key(|&(cell, _)| cell);
    Ok(values)
}
