//! A player with a dial: perfect play at skill 1, uniform random play at 0, and between them a best
//! move with probability `skill`. Where no complete solve fits its budget, the best move is the
//! rated one of [`heuristic`](super::heuristic).

use alloc::vec::Vec;

use super::heuristic::legal_cells;
use super::prove::best_within;
use super::{Solver, solvable};
use crate::chosen::Game;
use crate::error::Error;

/// A small seeded generator (SplitMix64): the same seed gives the same choices.
#[derive(Clone, Debug)]
struct Draws(u64);

impl Draws {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in `[0, 1)`.
    fn unit(&mut self) -> f64 {
        (self.next() >> 11) as f64 * (1.0 / (1u64 << 53) as f64)
    }

    /// One of `items`, uniformly (`items` is not empty).
    fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        let at = ((u128::from(self.next()) * items.len() as u128) >> 64) as usize;
        items[at]
    }
}

/// How an [`Agent`] picks among equally good best moves.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum TieBreak {
    /// Uniformly, by the agent's own generator (the default: its games vary with the seed).
    #[default]
    Random,
    /// The one nearest the centre of the board, then the first ([`crate::nearest_centre`]).
    Center,
    /// The first in row-major order.
    First,
}

/// A player of any rules of the family, with a skill between 0 (uniformly random legal moves) and
/// 1 (one of [`Solver::best_moves`] wherever its budget solves the position). In between, each
/// choice is a best move with probability `skill` and otherwise any legal move, uniformly.
///
/// With a node budget ([`DEFAULT_MAX_NODES`](Self::DEFAULT_MAX_NODES) is about 100 ms of a
/// Connect Four or gomoku move), on a board beyond a 64-bit word (gomoku) a victory by continuous
/// fours is looked for first, on a quarter of the budget: a sequence of threats to win at once,
/// each with one reply, that ends in two (a proved win, played). Otherwise a move is found in two
/// steps: which moves win, draw or lose
/// ([`Solver::value`] on each, in rounds of growing shares of the budget; books answer the shallow
/// positions), then how soon, for the best of them. A move proved worse than another proved move
/// is never picked, so a proved win or draw is never given away. Among moves the budget could not
/// tell apart, the one a rating of the board puts first: a win at once, else a block of the
/// opponent's win at once, else the cell with the most worth in the windows still open
/// ([`Agent::last_solved`] then says `false`).
///
/// ```
/// use tictactoe_core::{Agent, Game, Mode, Rules};
///
/// let mut agent = Agent::new(1.0, 7, None)?;
/// let mut game = Game::with_rules(Rules::square(3)?)?;
/// game.play_i64(0, 0, 1)?;
/// assert_eq!(agent.choose(&game)?, (1, 1)); // the only move that holds the draw
/// assert!(agent.last_solved());
/// # Ok::<(), tictactoe_core::Error>(())
/// ```
#[derive(Clone, Debug)]
pub struct Agent {
    skill: f64,
    tie_break: TieBreak,
    draws: Draws,
    max_nodes: Option<u64>,
    /// Its own solver, made on first need.
    solver: Option<Solver>,
    last_solved: bool,
}

impl Agent {
    /// The node budget of a move that the faces give an agent by default: a Connect Four or
    /// gomoku move in about 100 ms on the machines measured (`bench/python/agent_bench.py`).
    pub const DEFAULT_MAX_NODES: u64 = 1_000_000;

    /// An agent of `skill` in `[0, 1]` (else [`Error::InvalidSkill`]) whose choices follow from
    /// `seed`, searching at most `max_nodes` positions a move (`None`: no limit).
    pub fn new(skill: f64, seed: u64, max_nodes: Option<u64>) -> Result<Agent, Error> {
        if !(0.0..=1.0).contains(&skill) {
            return Err(Error::InvalidSkill {
                bits: skill.to_bits(),
            });
        }
        Ok(Agent {
            skill,
            tie_break: TieBreak::Random,
            draws: Draws(seed),
            max_nodes,
            solver: None,
            last_solved: false,
        })
    }

    /// The same agent, searching on `solver` (its table kept between moves).
    #[must_use]
    pub fn with_solver(mut self, solver: Solver) -> Agent {
        self.solver = Some(solver);
        self
    }

    /// The skill.
    #[must_use]
    pub fn skill(&self) -> f64 {
        self.skill
    }

    /// The node budget of a move.
    #[must_use]
    pub fn max_nodes(&self) -> Option<u64> {
        self.max_nodes
    }

    /// This agent, picking among equally good best moves by `tie_break` (uniformly by default).
    ///
    /// ```
    /// use tictactoe_core::{Agent, Game, TieBreak};
    ///
    /// let mut agent = Agent::new(1.0, 7, None)?.with_tie_break(TieBreak::Center);
    /// assert_eq!(agent.choose(&Game::new(3)?)?, (1, 1)); // every move draws: the centre
    /// # Ok::<(), tictactoe_core::Error>(())
    /// ```
    #[must_use]
    pub fn with_tie_break(mut self, tie_break: TieBreak) -> Agent {
        self.tie_break = tie_break;
        self
    }

    /// Whether the last choice came from a complete solve.
    #[must_use]
    pub fn last_solved(&self) -> bool {
        self.last_solved
    }

    /// A legal move of `game`, a game in progress, as `(row, col)`. Refused: a finished game
    /// ([`Error::GameOver`]), a lean one ([`Error::NeedsBoard`]), a solver table that cannot be
    /// had ([`Error::SolverOutOfMemory`]).
    pub fn choose(&mut self, game: &Game) -> Result<(usize, usize), Error> {
        let mut solver = match self.solver.take() {
            Some(solver) => solver,
            None => Solver::new(Solver::DEFAULT_TABLE_BITS)?,
        };
        let chosen = self.choose_with(game, &mut solver);
        self.solver = Some(solver);
        chosen
    }

    /// [`choose`](Self::choose), searching on `solver` rather than the agent's own.
    pub fn choose_with(
        &mut self,
        game: &Game,
        solver: &mut Solver,
    ) -> Result<(usize, usize), Error> {
        solvable(game)?;
        self.last_solved = false;
        // The dial is read first, so that the same seed makes the same choices whatever the
        // budget lets the search finish.
        let best = self.draws.unit() < self.skill;
        let pool: Vec<(usize, usize)> = match (best, self.max_nodes) {
            (false, _) => legal_cells(game),
            (true, None) => {
                let moves = solver.best_moves(game, None)?;
                self.last_solved = true;
                moves
            }
            (true, Some(budget)) => {
                let choice = best_within(solver, game, budget)?;
                self.last_solved = choice.solved;
                choice.pool
            }
        };
        Ok(match self.tie_break {
            TieBreak::Center if best => {
                crate::nearest_centre(game.rules(), &pool).unwrap_or(pool[0])
            }
            TieBreak::First if best => pool[0],
            _ => self.draws.pick(&pool),
        })
    }
}
