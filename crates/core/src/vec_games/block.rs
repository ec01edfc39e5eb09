//! One block of games, stepped on one thread: the engine of [`VecGames`](super::VecGames), which
//! splits its games into blocks. A block is one type, [`Block`], over the boards its rules keep
//! ([`Boards`]: the classic counters, one word a player, line bitsets); what every block does
//! around its boards (the policies, the generator, which games a check or a reset reaches, a game
//! taken out) is written here once. Its game numbers are its own, from 0.

use rand_core::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

use super::outputs::{StepOutputs, View};
use super::seat::{Env, check_seats};
use super::{AutoReset, Illegal, Setup};
use crate::chosen::Game;
use crate::error::Error;
use crate::player::Player;

/// The games of one block as one kind of board keeps them, laid out as it steps them fastest.
/// Each board moves, checks and draws by its own rules (the same as its single game's); the
/// block asks it only for what differs between boards.
pub(super) trait Boards: Clone + core::fmt::Debug + Send + Sync + Sized {
    /// Empty games of `setup`'s rules, or `setup.oom`.
    fn new(setup: &Setup) -> Result<Self, Error>;
    /// How many games.
    fn num_envs(&self) -> usize;
    /// Game `i`'s bookkeeping as an environment.
    fn env(&self, i: usize) -> Env;
    /// Every game's bookkeeping, in order.
    fn envs(&self) -> impl Iterator<Item = Env> + '_;
    /// True when no game refuses its action under `policies`, read straight from the boards
    /// without a branch a game (the common case); false says nothing about which game refuses, or
    /// whether one really does. A board without such a reading answers false.
    fn all_legal(&self, actions: &[i64], policies: (AutoReset, Illegal)) -> bool;
    /// Why game `i`, in play, refuses `action`, if it does: the rules of an action.
    fn refusal(&self, i: usize, action: i64) -> Result<(), Error>;
    /// Plays `actions[i]` in game `i` for every game (checked by the block) and writes the
    /// outcome; under [`Illegal::Raise`] every action that reaches a game in play is legal.
    fn step(&mut self, actions: &[i64], out: StepOutputs<'_>, policies: (AutoReset, Illegal));
    /// Game `i` back to the empty board, X to move.
    fn restart(&mut self, i: usize);
    /// What every game looks like now.
    fn write_view(&self, view: View<'_>);
    /// A uniformly random legal action for every game in play, any action for an ended one.
    fn sample(&mut self, rng: &mut Xoshiro256PlusPlus, actions: &mut [i64]);
    /// Every game played to its end at random; each one's winner (0 for a draw).
    fn playout(&mut self, rng: &mut Xoshiro256PlusPlus, winners: &mut [u8]);
    /// A copy of game `i` (not forfeited) as a single game.
    fn game(&self, i: usize) -> Result<Game, Error>;
    /// Puts `game` in place of game `i` (see [`VecGames::set_game`](super::VecGames::set_game)).
    fn set_game(&mut self, i: usize, game: &Game) -> Result<(), Error>;
}

/// A block: its games' boards, and what the environment adds to them.
#[derive(Clone, Debug)]
pub(super) struct Block<B> {
    boards: B,
    autoreset: AutoReset,
    illegal: Illegal,
    rng: Xoshiro256PlusPlus,
}

impl<B: Boards> Block<B> {
    /// Empty games of `setup`'s rules.
    pub(super) fn new(setup: Setup) -> Result<Block<B>, Error> {
        Ok(Block {
            boards: B::new(&setup)?,
            autoreset: setup.autoreset,
            illegal: setup.illegal,
            rng: Xoshiro256PlusPlus::seed_from_u64(setup.seed),
        })
    }
}

/// What [`VecGames`](super::VecGames) asks of a block, whatever its boards: one call a block, so
/// that a batch reaches any of them through one reference.
pub(super) trait Stepper {
    fn num_envs(&self) -> usize;
    fn seed(&mut self, seed: u64);
    /// The error `step` would give for `actions` (one per game): the game's number and why.
    fn check(&self, actions: &[i64]) -> Result<(), (usize, Error)>;
    /// Plays `actions` (accepted by [`check`](Self::check), or drawn by `sample`).
    fn step_checked(&mut self, actions: &[i64], out: StepOutputs<'_>);
    /// Empties every game, or those `only` names (a pending restart of a named game happens
    /// now), and writes what every game looks like into `view`.
    fn reset(&mut self, only: Option<&[bool]>, view: View<'_>);
    fn write_view(&self, view: View<'_>);
    fn sample(&mut self, actions: &mut [i64]);
    fn playout(&mut self, winners: &mut [u8]);
    /// A copy of game `i`: [`Error::Forfeited`] for a game lost by an illegal action, which no
    /// single game can hold.
    fn game(&self, i: usize) -> Result<Game, Error>;
    fn set_game(&mut self, i: usize, game: &Game) -> Result<(), Error>;
    fn current_player(&self, i: usize) -> Player;
}

impl<B: Boards> Stepper for Block<B> {
    fn num_envs(&self) -> usize {
        self.boards.num_envs()
    }

    fn seed(&mut self, seed: u64) {
        self.rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    }

    fn check(&self, actions: &[i64]) -> Result<(), (usize, Error)> {
        let policies = (self.autoreset, self.illegal);
        if self.boards.all_legal(actions, policies) {
            return Ok(());
        }
        // Anything else is looked at one game at a time.
        let boards = &self.boards;
        check_seats(boards.envs(), actions, policies, |i, action| {
            boards.refusal(i, action)
        })
    }

    fn step_checked(&mut self, actions: &[i64], out: StepOutputs<'_>) {
        self.boards
            .step(actions, out, (self.autoreset, self.illegal));
    }

    fn reset(&mut self, only: Option<&[bool]>, view: View<'_>) {
        for i in 0..self.boards.num_envs() {
            if only.is_none_or(|only| only[i]) {
                self.boards.restart(i);
            }
        }
        self.boards.write_view(view);
    }

    fn write_view(&self, view: View<'_>) {
        self.boards.write_view(view);
    }

    fn sample(&mut self, actions: &mut [i64]) {
        self.boards.sample(&mut self.rng, actions);
    }

    fn playout(&mut self, winners: &mut [u8]) {
        self.boards.playout(&mut self.rng, winners);
    }

    fn game(&self, i: usize) -> Result<Game, Error> {
        self.boards.env(i).taken_out()?;
        self.boards.game(i)
    }

    fn set_game(&mut self, i: usize, game: &Game) -> Result<(), Error> {
        self.boards.set_game(i, game)
    }

    fn current_player(&self, i: usize) -> Player {
        self.boards.env(i).to_move
    }
}
