//! Many games at once, for reinforcement learning, self-play and search: one object steps every game
//! in one call. Every game keeps the same counters as a single classic game and moves through the same
//! checked move, so stepping one game of a batch gives exactly what a single game gives; this module
//! adds the environment's bookkeeping (whose turn it is after a game ends, auto-reset, rewards) and
//! writes the results into the caller's buffers.
//!
//! The games are split into blocks (one unless threads are asked for), each laid out column by
//! column ([`layout`]); a block is stepped ([`step`]), sampled ([`sample`]) and viewed ([`planes`]) by
//! one thread. With feature `std`, large blocks run on threads of their own.

mod block;
mod classic;
mod error;
mod family;
mod layout;
mod outputs;
mod planes;
mod sample;
mod seat;
mod step;
mod threads;
mod words;

use alloc::vec::Vec;

use crate::chosen::{Game, Kind};
use crate::error::Error;
use crate::kgame::LineBoard;
use crate::limits::Mode;
use crate::player::Player;
use crate::rules::Rules;
use block::{Block, Stepper};
use classic::ClassicBoards;
use error::fits;
pub use error::{ShapeError, StepError, VecError};
use family::FamilyBoards;
pub use outputs::{StepOutputs, View};
use words::WordBoards;

/// When a game that has ended starts again (Gymnasium's vector API).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum AutoReset {
    /// A game that ended returns its final observation; on the next step its action is ignored and
    /// it starts again (reward 0, not terminated).
    #[default]
    NextStep,
    /// A game that ends starts again within the same step; its final observation goes to
    /// [`StepOutputs::final_obs`].
    SameStep,
    /// An ended game stays ended until [`VecGames::reset`] names it; an action for it is refused.
    Disabled,
}

/// What an illegal action (off the board, a taken cell) does.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Illegal {
    /// The whole step is refused and nothing changes.
    #[default]
    Raise,
    /// The mover loses that game (-1 to the mover, +1 to the other); the other games step normally.
    Loss,
}

/// `num_envs` independent games of one rule set, stepped together: `n x n` tic-tac-toe, or any
/// rules of the family ([`with_rules`](Self::with_rules)). Every game starts empty with X to move;
/// an action is a cell index `row * cols + col` (with gravity, a column) for the player whose turn
/// it is in that game.
///
/// ```
/// use tictactoe_core::{AutoReset, Illegal, StepOutputs, VecGames, View};
///
/// let mut games = VecGames::new(2, 3, AutoReset::NextStep, Illegal::Raise, 7)?;
/// let (mut obs, mut mask, mut player) = ([false; 36], [false; 18], [0u8; 2]);
/// let (mut rewards, mut done, mut winner) = ([0f32; 4], [false; 2], [0u8; 2]);
/// let mut has_final = [false; 2];
/// let out = StepOutputs {
///     view: View { obs: &mut obs, action_mask: &mut mask, current_player: &mut player },
///     rewards: &mut rewards,
///     terminated: &mut done,
///     winner: &mut winner,
///     final_obs: &mut [],
///     has_final_obs: &mut has_final,
/// };
/// games.step(&[4, 0], out).unwrap();
/// assert_eq!(player, [2, 2]);
/// assert!(!mask[4] && mask[9 + 4] && !mask[9]); // cell 4 taken in game 0, cell 0 in game 1
/// # Ok::<(), tictactoe_core::Error>(())
/// ```
#[derive(Clone, Debug)]
pub struct VecGames {
    /// Consecutive games: block `k` holds the games from `starts[k]`.
    blocks: Vec<Part>,
    starts: Vec<usize>,
    num_envs: usize,
    rules: Rules,
    autoreset: AutoReset,
    illegal: Illegal,
    /// The actions the last [`sample`](Self::sample) drew, while no game has moved since (empty
    /// otherwise): a step of exactly these is legal by construction, so it skips the check
    /// (comparing them costs a fraction of it). Never kept where an ended game refuses any
    /// action ([`AutoReset::Disabled`]).
    sampled: Vec<i64>,
}

/// What every kind of block is made from: its games, their rules (checked by the caller) and
/// policies, its generator's seed, and the error for memory that cannot be had.
#[derive(Clone, Copy)]
pub(super) struct Setup {
    pub(super) num_envs: usize,
    pub(super) rules: Rules,
    pub(super) autoreset: AutoReset,
    pub(super) illegal: Illegal,
    pub(super) seed: u64,
    pub(super) oom: Error,
}

/// One block, on the boards its rules keep: the classic game's columns of counters, or one word a
/// player (boards that fit), or line bitsets.
#[derive(Clone, Debug)]
enum Part {
    Classic(Block<ClassicBoards>),
    Bits(Block<WordBoards>),
    Lines(Block<FamilyBoards<LineBoard>>),
}

impl Part {
    /// The block, whichever boards it keeps: what a batch asks of it is asked once a call, not
    /// once a game.
    fn get(&self) -> &dyn Stepper {
        match self {
            Part::Classic(block) => block,
            Part::Bits(block) => block,
            Part::Lines(block) => block,
        }
    }

    fn get_mut(&mut self) -> &mut dyn Stepper {
        match self {
            Part::Classic(block) => block,
            Part::Bits(block) => block,
            Part::Lines(block) => block,
        }
    }

    fn num_envs(&self) -> usize {
        self.get().num_envs()
    }
}

/// Block `k`'s seed: the seed itself for the first block (so one block gives what one generator
/// gives), a SplitMix64 step away for the others.
fn block_seed(seed: u64, k: usize) -> u64 {
    if k == 0 {
        return seed;
    }
    let mut z = seed.wrapping_add((k as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15));
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl VecGames {
    /// The fewest games a block must hold to step on a thread of its own: a thread costs about
    /// 0.1 ms to start and join on the machines measured, what about 1,500 env-steps of 3 x 3
    /// games cost.
    pub const PARALLEL_GAMES: usize = 16_384;

    /// `num_envs` (at least 1) empty checked `n x n` games, and a generator seeded with `seed`.
    /// Every game's journal (its moves) has room for all its moves up front, so no step can fail for memory.
    ///
    /// ```
    /// use tictactoe_core::{AutoReset, Error, Illegal, VecGames};
    ///
    /// let games = VecGames::new(4096, 3, AutoReset::SameStep, Illegal::Loss, 1)?;
    /// assert_eq!((games.num_envs(), games.n(), games.num_actions()), (4096, 3, 9));
    /// let none = VecGames::new(0, 3, AutoReset::NextStep, Illegal::Raise, 1).unwrap_err();
    /// assert_eq!(none.to_string(), "num_envs 0 is invalid: it must be at least 1");
    /// # Ok::<(), Error>(())
    /// ```
    pub fn new(
        num_envs: usize,
        n: usize,
        autoreset: AutoReset,
        illegal: Illegal,
        seed: u64,
    ) -> Result<VecGames, Error> {
        Self::with_threads(num_envs, n, autoreset, illegal, seed, 1)
    }

    /// [`new`](Self::new), with the games split into `threads` consecutive blocks of (nearly) equal
    /// size, no more than there are games. Each block draws from its own generator, derived from
    /// `seed`: the same seed and thread count give the same samples, and one thread gives what
    /// [`new`](Self::new) gives. With feature `std` the blocks step on threads of their own when
    /// each holds at least [`PARALLEL_GAMES`](Self::PARALLEL_GAMES) games (a thread costs more to
    /// start than smaller blocks take); otherwise, one after another on the calling thread.
    ///
    /// ```
    /// use tictactoe_core::{AutoReset, Illegal, VecGames};
    ///
    /// let games = VecGames::with_threads(5, 3, AutoReset::NextStep, Illegal::Raise, 1, 2)?;
    /// assert_eq!((games.num_envs(), games.threads()), (5, 2));
    /// assert!(VecGames::with_threads(5, 3, AutoReset::NextStep, Illegal::Raise, 1, 0).is_err());
    /// # Ok::<(), tictactoe_core::Error>(())
    /// ```
    pub fn with_threads(
        num_envs: usize,
        n: usize,
        autoreset: AutoReset,
        illegal: Illegal,
        seed: u64,
        threads: usize,
    ) -> Result<VecGames, Error> {
        if Mode::Checked.accepts(n).is_none() {
            return Err(Error::InvalidSize {
                n: n as i128,
                max: Mode::Checked.max_n(),
            });
        }
        let rules = Rules::classic(n);
        Self::with_rules(num_envs, rules, autoreset, illegal, seed, threads)
    }

    /// [`with_threads`](Self::with_threads) for games of any `rules`: observations of `rows x cols`
    /// cells, and an action per cell or, with gravity, per column ([`Rules::actions`]). The classic
    /// rules step on the classic game's counters; every other rule set on the family's boards.
    ///
    /// ```
    /// use tictactoe_core::{AutoReset, Illegal, Rules, VecGames};
    ///
    /// let mut games = VecGames::with_rules(3, Rules::connect_four(), AutoReset::NextStep, Illegal::Raise, 1, 1)?;
    /// assert_eq!(games.num_actions(), 7);
    /// let mut winners = [0u8; 3];
    /// games.playout(&mut winners).unwrap();
    /// assert!(winners.iter().all(|&w| w <= 2));
    /// # Ok::<(), tictactoe_core::Error>(())
    /// ```
    pub fn with_rules(
        num_envs: usize,
        rules: Rules,
        autoreset: AutoReset,
        illegal: Illegal,
        seed: u64,
        threads: usize,
    ) -> Result<VecGames, Error> {
        if num_envs == 0 {
            return Err(Error::InvalidCount {
                name: "num_envs",
                count: 0,
            });
        }
        if threads == 0 {
            return Err(Error::InvalidCount {
                name: "threads",
                count: 0,
            });
        }
        let rules = rules.checked_board()?;
        let oom = Error::GamesOutOfMemory {
            num_envs,
            rows: rules.rows(),
            cols: rules.cols(),
        };
        // No more blocks than games; the first blocks take one game more when they do not divide.
        let count = threads.min(num_envs);
        let (mut blocks, mut starts) = (Vec::new(), Vec::new());
        blocks.try_reserve_exact(count).map_err(|_| oom)?;
        starts.try_reserve_exact(count).map_err(|_| oom)?;
        let mut start = 0;
        for k in 0..count {
            let games = num_envs / count + usize::from(k < num_envs % count);
            let seed = block_seed(seed, k);
            let setup = Setup {
                num_envs: games,
                rules,
                autoreset,
                illegal,
                seed,
                oom,
            };
            let part = match Kind::of_batch(rules) {
                Kind::Classic => Part::Classic(Block::new(setup)?),
                Kind::Bits => Part::Bits(Block::new(setup)?),
                Kind::Lines => Part::Lines(Block::new(setup)?),
            };
            blocks.push(part);
            starts.push(start);
            start += games;
        }
        Ok(VecGames {
            blocks,
            starts,
            num_envs,
            rules,
            autoreset,
            illegal,
            sampled: Vec::new(),
        })
    }

    /// How many games.
    #[must_use]
    pub fn num_envs(&self) -> usize {
        self.num_envs
    }

    /// The board size of every game: its rows (the classic game's `n`).
    #[must_use]
    pub fn n(&self) -> usize {
        self.rules.rows()
    }

    /// The rules every game plays by.
    #[must_use]
    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// How many actions a game has: a cell each, or with gravity a column each.
    #[must_use]
    pub fn num_actions(&self) -> usize {
        self.rules.actions()
    }

    /// How many cells a board has: what an observation holds two entries for.
    fn cells(&self) -> usize {
        self.rules.rows() * self.rules.cols()
    }

    /// The auto-reset mode.
    #[must_use]
    pub fn autoreset(&self) -> AutoReset {
        self.autoreset
    }

    /// The illegal-action policy.
    #[must_use]
    pub fn illegal(&self) -> Illegal {
        self.illegal
    }

    /// How many blocks the games are split into (see [`with_threads`](Self::with_threads)).
    #[must_use]
    pub fn threads(&self) -> usize {
        self.blocks.len()
    }

    /// Starts the generators again from `seed`: the same seed gives the same samples.
    pub fn seed(&mut self, seed: u64) {
        for (k, block) in self.blocks.iter_mut().enumerate() {
            block.get_mut().seed(block_seed(seed, k));
        }
    }

    /// Each block's number of games.
    fn sizes(&self) -> impl Iterator<Item = usize> + Clone + '_ {
        threads::sizes(&self.starts, self.num_envs)
    }

    /// Which block holds game `i`, and its number there; [`Error::NoSuchGame`] past the end.
    fn locate(&self, i: usize) -> Result<(usize, usize), Error> {
        if i >= self.num_envs {
            return Err(Error::NoSuchGame {
                index: i,
                games: self.num_envs,
            });
        }
        let k = self.starts.partition_point(|&start| start <= i) - 1;
        Ok((k, i - self.starts[k]))
    }

    fn check_view(&self, view: &View<'_>) -> Result<(), VecError> {
        let (envs, cells) = (self.num_envs, self.cells());
        fits("obs", view.obs.len(), 2 * cells * envs)?;
        fits(
            "action_mask",
            view.action_mask.len(),
            self.num_actions() * envs,
        )?;
        fits("current_player", view.current_player.len(), envs)
    }

    /// Empties every game, or those `only` names (`only[i]` for game `i`; a pending restart of a
    /// named game happens now), and writes what every game looks like into `view`.
    ///
    /// ```
    /// use tictactoe_core::{AutoReset, Illegal, VecGames, View};
    ///
    /// let mut games = VecGames::new(1, 2, AutoReset::NextStep, Illegal::Raise, 0)?;
    /// let (mut obs, mut mask, mut player) = ([true; 8], [false; 4], [0u8; 1]);
    /// games.reset(None, View { obs: &mut obs, action_mask: &mut mask, current_player: &mut player }).unwrap();
    /// assert_eq!((obs, mask, player), ([false; 8], [true; 4], [1]));
    /// # Ok::<(), tictactoe_core::Error>(())
    /// ```
    pub fn reset(&mut self, only: Option<&[bool]>, view: View<'_>) -> Result<(), VecError> {
        self.sampled.clear();
        if let Some(only) = only {
            fits("reset_mask", only.len(), self.num_envs)?;
        }
        self.check_view(&view)?;
        let (cells, actions) = (self.cells(), self.num_actions());
        let sizes = threads::sizes(&self.starts, self.num_envs);
        let onlys = threads::pieces(only, sizes.clone());
        let work = onlys.zip(view.split(sizes, cells, actions));
        threads::each(&mut self.blocks, work, |block, (only, view)| {
            block.get_mut().reset(only, view);
        });
        Ok(())
    }

    /// Writes what every game looks like now into `view`, changing nothing.
    pub fn view(&self, view: View<'_>) -> Result<(), VecError> {
        self.check_view(&view)?;
        let views = view.split(self.sizes(), self.cells(), self.num_actions());
        for (block, view) in self.blocks.iter().zip(views) {
            block.get().write_view(view);
        }
        Ok(())
    }

    /// Whether [`step`](Self::step) would accept `actions` (one per game): the error it would give
    /// for them, checked without changing anything.
    ///
    /// ```
    /// use tictactoe_core::{AutoReset, Error, Illegal, VecGames};
    ///
    /// let games = VecGames::new(2, 3, AutoReset::NextStep, Illegal::Raise, 7)?;
    /// assert!(games.check(&[0, 8]).is_ok());
    /// assert_eq!(games.check(&[0, 9]).unwrap_err().to_string(), "game 1: action 9 is outside the board: it must be between 0 and 8");
    /// # Ok::<(), Error>(())
    /// ```
    pub fn check(&self, actions: &[i64]) -> Result<(), VecError> {
        fits("actions", actions.len(), self.num_envs)?;
        for (block, &start) in self.blocks.iter().zip(&self.starts) {
            let piece = &actions[start..start + block.num_envs()];
            block
                .get()
                .check(piece)
                .map_err(|(game, error)| StepError {
                    game: start + game,
                    error,
                })?;
        }
        Ok(())
    }

    /// Plays `actions[i]` in game `i` for every game, and writes the outcome into `out`.
    ///
    /// With [`Illegal::Raise`], an illegal action anywhere (off the board, a taken cell, or any action
    /// for a game ended under [`AutoReset::Disabled`]) refuses the whole step: nothing changes, and
    /// the error names the first offending game ([`VecError::Step`]). With [`Illegal::Loss`], the
    /// mover of an illegal action loses that game, and only an action for a game ended under
    /// [`AutoReset::Disabled`] is refused. A buffer of the wrong length is a [`VecError::Shape`]
    /// naming it.
    pub fn step(&mut self, actions: &[i64], out: StepOutputs<'_>) -> Result<(), VecError> {
        let (envs, cells) = (self.num_envs, self.cells());
        fits("actions", actions.len(), envs)?;
        self.check_view(&out.view)?;
        fits("rewards", out.rewards.len(), 2 * envs)?;
        fits("terminated", out.terminated.len(), envs)?;
        fits("winner", out.winner.len(), envs)?;
        fits("has_final_obs", out.has_final_obs.len(), envs)?;
        if self.autoreset == AutoReset::SameStep {
            fits("final_obs", out.final_obs.len(), 2 * cells * envs)?;
        }
        // The whole batch is accepted or refused as one, before any block moves: checked, unless
        // these are the actions the last sample drew for the games as they stand.
        let drawn = !self.sampled.is_empty() && self.sampled == actions;
        self.sampled.clear();
        if !drawn {
            self.check(actions)?;
        }
        // Every entry of every output is written, so a caller may pass the same buffers again:
        // the final observations all false first (one fill, not a branch a game), then each
        // ended game's own.
        out.final_obs.fill(false);
        let actions_per = self.num_actions();
        let sizes = threads::sizes(&self.starts, self.num_envs);
        let work = threads::pieces(Some(actions), sizes.clone());
        let work = work.zip(out.split(sizes, cells, actions_per));
        threads::each(&mut self.blocks, work, |block, (actions, out)| {
            // Every piece is a block's: `pieces` of a `Some` gives `Some`.
            block
                .get_mut()
                .step_checked(actions.unwrap_or_default(), out);
        });
        Ok(())
    }

    /// Writes a uniformly random legal action for every game in play, and a uniformly random action
    /// for every game that has ended (ignored or refused there anyway).
    pub fn sample(&mut self, actions: &mut [i64]) -> Result<(), VecError> {
        fits("actions", actions.len(), self.num_envs)?;
        let sizes = threads::sizes(&self.starts, self.num_envs);
        let pieces = threads::split(actions, sizes, 1);
        threads::each(&mut self.blocks, pieces, |block, piece| {
            block.get_mut().sample(piece);
        });
        self.sampled.clear();
        // Remembered only where it can save a check, and only when the memory is at hand.
        if self.autoreset != AutoReset::Disabled && self.sampled.try_reserve(actions.len()).is_ok()
        {
            self.sampled.extend_from_slice(actions);
        }
        Ok(())
    }

    /// Plays every game from where it stands to its end with uniformly random legal moves, and
    /// writes each game's winner (0 for a draw). The games are left ended.
    ///
    /// ```
    /// use tictactoe_core::{AutoReset, Illegal, VecGames};
    ///
    /// let mut games = VecGames::new(100, 3, AutoReset::NextStep, Illegal::Raise, 42)?;
    /// let mut winners = [0u8; 100];
    /// games.playout(&mut winners).unwrap();
    /// assert!(winners.iter().all(|&w| w <= 2));
    /// assert!((0..100).all(|i| games.game(i).unwrap().is_over()));
    /// # Ok::<(), tictactoe_core::Error>(())
    /// ```
    pub fn playout(&mut self, winners: &mut [u8]) -> Result<(), VecError> {
        self.sampled.clear();
        fits("winners", winners.len(), self.num_envs)?;
        let sizes = threads::sizes(&self.starts, self.num_envs);
        let pieces = threads::split(winners, sizes, 1);
        threads::each(&mut self.blocks, pieces, |block, piece| {
            block.get_mut().playout(piece);
        });
        Ok(())
    }

    /// A copy of game `i` as a single game: [`Error::NoSuchGame`] outside `0..num_envs`,
    /// [`Error::Forfeited`] for a game lost by an illegal action, which no single game can hold.
    pub fn game(&self, i: usize) -> Result<Game, Error> {
        let (k, local) = self.locate(i)?;
        self.blocks[k].get().game(local)
    }

    /// Puts `game` in place of game `i`: a checked game of the same rules, in a position X could
    /// have reached moving first (else [`Error::Incompatible`], and nothing changes). It cancels a
    /// pending restart; a finished game stands as an ended one.
    ///
    /// ```
    /// use tictactoe_core::{AutoReset, Game, Illegal, Player, VecGames};
    ///
    /// let mut games = VecGames::new(2, 3, AutoReset::NextStep, Illegal::Raise, 0)?;
    /// let mut game = Game::new(3)?;
    /// game.play(1, 1, Player::X)?;
    /// games.set_game(1, &game)?;
    /// assert_eq!(games.current_player(1)?, Player::O);
    /// game.undo()?;
    /// game.play(0, 0, Player::O)?;
    /// assert!(games.set_game(0, &game).is_err()); // O moved first
    /// # Ok::<(), tictactoe_core::Error>(())
    /// ```
    pub fn set_game(&mut self, i: usize, game: &Game) -> Result<(), Error> {
        self.sampled.clear();
        let (k, local) = self.locate(i)?;
        self.blocks[k].get_mut().set_game(local, game)
    }

    /// The player to move in game `i`.
    pub fn current_player(&self, i: usize) -> Result<Player, Error> {
        let (k, local) = self.locate(i)?;
        Ok(self.blocks[k].get().current_player(local))
    }
}
