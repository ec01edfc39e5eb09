//! A player with a dial: perfect play at skill 1, uniform random play at 0, and between them the
//! draw of [`dial`](super::dial). Where no complete solve fits its budget, the best move is the
//! rated one of [`heuristic`](super::heuristic).

use alloc::vec::Vec;

use super::dial;
use super::heuristic::{legal_cells, move_scores, rated_best};
use super::prove::{Choice, DEFAULT_BUDGET, best_at};
use super::tactics::{self, Forced};
use super::timed::{self, Searched};
use crate::Solver;
use tictactoe_core::view::Shape;
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
    /// The time a move may take, in milliseconds ([`with_max_ms`](Self::with_max_ms)).
    max_ms: Option<u64>,
    /// Its own solver, made on first need.
    solver: Option<Solver>,
    /// The threads of the solver it makes.
    threads: usize,
    last_solved: bool,
    /// Whether the last choice was forced or solved: a larger budget would not change it.
    settled: bool,
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
            max_ms: None,
            solver: None,
            threads: crate::default_threads(),
            last_solved: false,
            settled: false,
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

    /// The same agent, taking at most about `max_ms` milliseconds a move (`None`: no time limit,
    /// the default), by the clock of the `std` feature: it searches budgets doubling from a
    /// thousand nodes and plays the answer of the last search that ended, starting a search only
    /// when it is expected to end in time (`max_nodes`, when set, still caps the budget). Which
    /// budget a move reaches depends on the machine and what else it runs, so a move by the clock
    /// is not reproducible as a node budget is; a win at once and a block of the opponent's win at
    /// once are still played at once. Without `std`, [`choose_by_clock`](Self::choose_by_clock)
    /// takes a clock of the caller's.
    ///
    /// ```
    /// use tictactoe_core::{Game, Rules};
    /// use tictactoe_solve::Agent;
    ///
    /// let mut agent = Agent::new(1.0, 7, None)?.with_max_ms(Some(50));
    /// let game = Game::with_rules(Rules::gomoku(15)?)?;
    /// let (row, col) = agent.choose(&game)?;
    /// assert!(row < 15 && col < 15);
    /// # Ok::<(), tictactoe_core::Error>(())
    /// ```
    #[must_use]
    pub fn with_max_ms(mut self, max_ms: Option<u64>) -> Agent {
        self.max_ms = max_ms;
        self
    }

    /// [`with_max_ms`](Self::with_max_ms) on this agent.
    pub fn set_max_ms(&mut self, max_ms: Option<u64>) {
        self.max_ms = max_ms;
    }

    /// The time limit of a move, in milliseconds ([`with_max_ms`](Self::with_max_ms)).
    #[must_use]
    pub fn max_ms(&self) -> Option<u64> {
        self.max_ms
    }

    /// [`choose_with`](Self::choose_with) within `limit_ms` milliseconds by the caller's clock:
    /// `now_ms()` is the time in milliseconds since some fixed instant (a browser's
    /// `performance.now()`, a board's tick counter), read before and after each search. The
    /// agent's own [`max_ms`](Self::max_ms) is not read; its `max_nodes` still caps the budget.
    pub fn choose_by_clock(
        &mut self,
        game: &Game,
        solver: &mut Solver,
        limit_ms: f64,
        mut now_ms: impl FnMut() -> f64,
    ) -> Result<(usize, usize), Error> {
        let start = now_ms();
        // Each search draws as the first would, so that the move is the one its budget gives.
        let draws = self.draws.clone();
        let cap = self.max_nodes;
        timed::deepen(
            limit_ms,
            cap,
            || now_ms() - start,
            |budget| {
                self.draws = draws.clone();
                let answer = self.choose_at(game, solver, Some(budget))?;
                Ok(Searched {
                    answer,
                    settled: self.settled,
                })
            },
        )
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
        #[cfg(feature = "std")]
        let started = std::time::Instant::now();
        let mut solver = match self.solver.take() {
            Some(solver) => solver,
            None => Solver::new(Solver::DEFAULT_TABLE_BITS)?.with_threads(self.threads),
        };
        #[cfg(feature = "std")]
        let chosen = self.choose_from(game, &mut solver, started);
        #[cfg(not(feature = "std"))]
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
        #[cfg(feature = "std")]
        return self.choose_from(game, solver, std::time::Instant::now());
        #[cfg(not(feature = "std"))]
        self.choose_at(game, solver, self.max_nodes)
    }

    /// [`choose_with`](Self::choose_with) with the clock started at `started`.
    #[cfg(feature = "std")]
    fn choose_from(
        &mut self,
        game: &Game,
        solver: &mut Solver,
        started: std::time::Instant,
    ) -> Result<(usize, usize), Error> {
        match self.max_ms {
            Some(ms) => {
                // The time already spent (making the solver's table) counts.
                let now = || started.elapsed().as_secs_f64() * 1000.0;
                let limit = ms as f64 - now();
                self.choose_by_clock(game, solver, limit, now)
            }
            None => self.choose_at(game, solver, self.max_nodes),
        }
    }

    /// A move of `game` within a node budget (`None`: no limit), the agent's own one aside.
    pub(super) fn choose_at(
        &mut self,
        game: &Game,
        solver: &mut Solver,
        max_nodes: Option<u64>,
    ) -> Result<(usize, usize), Error> {
        Solver::check(game)?;
        self.last_solved = false;
        self.settled = false;
        // One draw a choice, read first: the same seed makes the same choices whatever the
        // search proves.
        let unit = self.draws.unit();
        if self.skill <= 0.0 {
            return Ok(self.draws.pick(&legal_cells(game)));
        }
        // The search, on the share of the budget the skill gets.
        let forced = if self.skill >= 1.0 {
            tactics::forced(game)?
        } else {
            Forced::Open
        };
        // Beyond a word, where no search finishes, a forced move needs none.
        if Shape::of(game.rules()).is_none()
            && let Forced::Win(cells) | Forced::Block(cells) = &forced
            && (cells.len() == 1 || matches!(forced, Forced::Win(_)))
        {
            let draws = &mut self.draws;
            let picked = self.tie_break.pick(game.rules(), cells, |n| draws.below(n));
            self.settled = true;
            return Ok(picked.unwrap_or(cells[0]));
        }
        let budget = max_nodes.map(|nodes| {
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
        let (pool, solved) = keep_forced(game, choice.pool, &forced)?;
        self.last_solved = choice.solved && solved;
        self.settled = self.last_solved;
        let draws = &mut self.draws;
        let picked = self.tie_break.pick(game.rules(), &pool, |n| draws.below(n));
        Ok(picked.unwrap_or(pool[0]))
    }
}

/// Of the moves a search chose (`pool`), those that keep what the position forces: a win at once,
/// else a move that leaves the opponent none; when the search chose none of them, the forced
/// moves the board's rating puts first. Whether the moves kept are among the search's.
fn keep_forced(
    game: &Game,
    pool: Vec<(usize, usize)>,
    forced: &Forced,
) -> Result<(Vec<(usize, usize)>, bool), Error> {
    let (Forced::Win(cells) | Forced::Block(cells)) = forced else {
        return Ok((pool, true));
    };
    let kept: Vec<_> = pool
        .iter()
        .copied()
        .filter(|cell| cells.binary_search(cell).is_ok())
        .collect();
    // Kept ones are still among the moves the search chose (a solved pool stays solved).
    if kept.is_empty() {
        return Ok((rated_best(game, cells)?, false));
    }
    Ok((kept, true))
}
