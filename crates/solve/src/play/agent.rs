//! A player with a dial: perfect play at skill 1, uniform random play at 0, and between them the
//! draw of [`dial`](super::dial). Where no complete solve fits its budget, the best move is the
//! rated one of [`heuristic`](super::heuristic).

use alloc::vec::Vec;

use super::dial;
use super::heuristic::{legal_cells, move_scores};
use super::prove::{Choice, DEFAULT_BUDGET, best_at};
use crate::Solver;
use tictactoe_core::{Error, Game, Rules};

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

    /// Uniform below `n`.
    fn below(&mut self, n: usize) -> usize {
        ((u128::from(self.next()) * n as u128) >> 64) as usize
    }

    /// One of `items`, uniformly (`items` is not empty).
    fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[self.below(items.len())]
    }
}

/// How an [`Agent`] (or a face's `best_move`) picks among equally good best moves, named as
/// BitBully names its own where they share a name.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum TieBreak {
    /// Uniformly, by the agent's own generator (the default: its games vary with the seed).
    #[default]
    Random,
    /// The one nearest the centre of the board, then the first; with gravity the column nearest
    /// the centre column, then the leftmost ([`tictactoe_core::nearest_centre`]).
    Center,
    /// The first in row-major order; with gravity the leftmost column (BitBully's `"leftmost"`).
    First,
}

impl TieBreak {
    /// The tie-break a name gives: `"random"`, `"center"` (or `"centre"`), `"first"` (or
    /// `"leftmost"`, BitBully's name for it).
    ///
    /// ```
    /// use tictactoe_solve::TieBreak;
    ///
    /// assert_eq!(TieBreak::named("leftmost"), Some(TieBreak::First));
    /// assert_eq!(TieBreak::named("middle"), None);
    /// ```
    #[must_use]
    pub fn named(name: &str) -> Option<TieBreak> {
        match name {
            "random" => Some(TieBreak::Random),
            "center" | "centre" => Some(TieBreak::Center),
            "first" | "leftmost" => Some(TieBreak::First),
            _ => None,
        }
    }

    /// Of `moves` (row-major, as `best_moves` gives them) of a game of `rules`, the one this
    /// tie-break picks; `random(n)` gives an index below `n` for [`TieBreak::Random`]. `None` for
    /// no moves.
    ///
    /// ```
    /// use tictactoe_core::Rules;
    /// use tictactoe_solve::TieBreak;
    ///
    /// let four = Rules::connect_four();
    /// let best = [(2, 4), (5, 2), (5, 5)]; // row-major: column 4 first
    /// assert_eq!(TieBreak::First.pick(four, &best, |_| 0), Some((5, 2)));
    /// assert_eq!(TieBreak::Center.pick(four, &best, |_| 0), Some((5, 2))); // 4 and 2 tie: the left
    /// assert_eq!(TieBreak::Random.pick(four, &best, |n| n - 1), Some((5, 5)));
    /// ```
    pub fn pick(
        self,
        rules: Rules,
        moves: &[(usize, usize)],
        random: impl FnOnce(usize) -> usize,
    ) -> Option<(usize, usize)> {
        match self {
            TieBreak::Center => tictactoe_core::nearest_centre(rules, moves),
            TieBreak::First if rules.gravity() => moves.iter().copied().min_by_key(|&(_, c)| c),
            TieBreak::First => moves.first().copied(),
            TieBreak::Random if moves.is_empty() => None,
            TieBreak::Random => moves.get(random(moves.len()).min(moves.len() - 1)).copied(),
        }
    }
}

/// A player of any rules of the family, with a skill between 0 (uniformly random legal moves) and
/// 1 (one of [`Solver::best_moves`] wherever its budget solves the position). In between, a
/// difficulty curve: every legal move is scored (a rating of the board, plus what a search on
/// `skill` of the budget proved of it) and drawn with probability proportional to
/// `2^(score / t)`, the temperature `t` falling with skill, so that each step of 0.25 is a
/// clearly stronger player (against skill 0.5, 100 games a point: see `make bench-dial`).
///
/// With a node budget ([`DEFAULT_MAX_NODES`](Self::DEFAULT_MAX_NODES) is about 100 ms of a
/// Connect Four or gomoku move), on a board beyond a 64-bit word (gomoku) a victory by continuous
/// fours is looked for first, on a quarter of the budget (the threat search reads four cells for
/// a node, a cell read being that much cheaper): a sequence of threats to win at once,
/// each with one reply, that ends in two (a proved win, played); when the opponent would have one,
/// only the moves that stop it are kept; else a threat that wins (a move after which no reply
/// that matters stops its fours, or, a chain of up to five, leaves it another such threat) is
/// played, and the opponent's are stopped (`solve/threes.rs`; a chain of two of the opponent's, whose
/// stops cost too much to prove, by its first threat's cell where that is proved to stop it);
/// and the moves left are ordered by a few plies of alpha-beta
/// (`solve/lookahead.rs`). Otherwise a move is found in two steps: which moves win, draw or lose
/// ([`Solver::value`] on each, in rounds of growing shares of the budget; books answer the shallow
/// positions), then how soon, for the best of them. At skill 1 a move proved worse than another
/// proved move is never picked, so a proved win or draw is never given away. Among moves the budget could not
/// tell apart, the one a rating of the board puts first: a win at once, else a block of the
/// opponent's win at once, else the cell with the most worth in the windows still open
/// ([`Agent::last_solved`] then says `false`).
///
/// ```
/// use tictactoe_core::{Game, Rules};
/// use tictactoe_solve::Agent;
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
    /// The threads of the solver it makes.
    threads: usize,
    last_solved: bool,
}

impl Agent {
    /// The node budget of a move that the faces give an agent by default: a Connect Four move in
    /// about 100 ms on the machines measured (`bench/python/agent_bench.py`), a gomoku move in a
    /// median of about 25 ms, up to about 0.6 s where threats are near (`tictactoe-bench selfplay`).
    pub const DEFAULT_MAX_NODES: u64 = DEFAULT_BUDGET;

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
            threads: crate::default_threads(),
            last_solved: false,
        })
    }

    /// The same agent, its searches on at most `threads` threads ([`Solver::with_threads`]; 0:
    /// the cores this process may use, the default). A search within a node budget runs on one
    /// thread whatever the count, so that a budget gives the same move on every machine.
    #[must_use]
    pub fn with_threads(mut self, threads: usize) -> Agent {
        self.set_threads(threads);
        self
    }

    /// [`with_threads`](Self::with_threads) on this agent, its solver's table kept.
    pub fn set_threads(&mut self, threads: usize) {
        let threads = if threads == 0 {
            crate::default_threads()
        } else {
            threads
        };
        self.threads = threads.min(Solver::MAX_THREADS);
        if let Some(solver) = &mut self.solver {
            solver.set_threads(self.threads);
        }
    }

    /// The threads of its searches ([`with_threads`](Self::with_threads)).
    #[must_use]
    pub fn threads(&self) -> usize {
        self.threads
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
    /// use tictactoe_core::Game;
    /// use tictactoe_solve::{Agent, TieBreak};
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
    /// ([`Error::GameOver`]), a lean one ([`Error::NeedsBoard`]), a board the search does not
    /// take ([`Solver::check`]), a solver table that cannot be
    /// had ([`Error::SolverOutOfMemory`]).
    pub fn choose(&mut self, game: &Game) -> Result<(usize, usize), Error> {
        let mut solver = match self.solver.take() {
            Some(solver) => solver,
            None => Solver::new(Solver::DEFAULT_TABLE_BITS)?.with_threads(self.threads),
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
        Solver::check(game)?;
        self.last_solved = false;
        // One draw a choice, read first: the same seed makes the same choices whatever the
        // search proves.
        let unit = self.draws.unit();
        if self.skill <= 0.0 {
            return Ok(self.draws.pick(&legal_cells(game)));
        }
        // The search, on the share of the budget the skill gets.
        let budget = self.max_nodes.map(|nodes| {
            if self.skill < 1.0 {
                dial::budget(self.skill, nodes)
            } else {
                nodes
            }
        });
        let choice = match budget {
            None => {
                let values = solver.move_values(game, None)?;
                let top = values.iter().map(|&(_, s)| s.rank()).max();
                Choice {
                    pool: values
                        .iter()
                        .filter(|&&(_, s)| Some(s.rank()) == top)
                        .map(|&(cell, _)| cell)
                        .collect(),
                    solved: true,
                    proved: values.iter().map(|&(c, s)| (c, Some(s.value))).collect(),
                }
            }
            Some(budget) => best_at(solver, game, budget, self.skill >= 1.0)?,
        };
        if self.skill < 1.0 {
            let legal = legal_cells(game);
            let ratings = move_scores(game, &legal)?;
            let scores: Vec<f64> = legal
                .iter()
                .zip(ratings)
                .map(|(cell, rating)| {
                    let at = choice.proved.binary_search_by_key(cell, |&(c, _)| c);
                    let proved = at.ok().and_then(|at| choice.proved[at].1);
                    dial::score(rating, proved, choice.pool.contains(cell))
                })
                .collect();
            let cells = game.rules().cells() as usize;
            let picked = legal[dial::draw(&scores, self.skill, cells, unit)];
            self.last_solved = choice.solved && choice.pool.contains(&picked);
            return Ok(picked);
        }
        self.last_solved = choice.solved;
        let pool = choice.pool;
        let draws = &mut self.draws;
        let picked = self.tie_break.pick(game.rules(), &pool, |n| draws.below(n));
        Ok(picked.unwrap_or(pool[0]))
    }
}
