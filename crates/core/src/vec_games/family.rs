//! A block of games of the family's rules on boards too large for a word: each game is a [`KGame`]
//! on the board `M` (line bitsets), moved by its own move function (so the family's rules exist
//! once), with the environment's bookkeeping beside it. An action is a cell `row * cols + col`, or
//! with gravity a column. (Boards that fit a word have a block of their own, `words`.)

use alloc::vec::Vec;

use rand_core::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

use super::outputs::{StepOutputs, View};
use super::sample::below;
use super::seat::Env;
use super::seat::{Seat, advance, check_seats, step_seats};
use super::{AutoReset, Illegal, Setup};
use crate::chosen::{Game, IntoAny};
use crate::error::Error;
use crate::game::GameOn;
use crate::kgame::{Family, KGame, Marks};
use crate::player::Player;
use crate::repr::private::Kept;
use crate::rules::Rules;

/// A block of games of `rules` (not the classic ones) on boards `M`.
#[derive(Clone, Debug)]
pub(super) struct FamilyBlock<M: IntoAny> {
    rules: Rules,
    autoreset: AutoReset,
    illegal: Illegal,
    games: Vec<KGame<M>>,
    envs: Vec<Env>,
    rng: Xoshiro256PlusPlus,
}

impl<M: IntoAny> FamilyBlock<M> {
    /// Empty games of `setup`'s rules.
    pub(super) fn new(setup: Setup) -> Result<FamilyBlock<M>, Error> {
        let (num_envs, rules, oom) = (setup.num_envs, setup.rules, setup.oom);
        let mut games = Vec::new();
        games.try_reserve_exact(num_envs).map_err(|_| oom)?;
        let mut envs = Vec::new();
        envs.try_reserve_exact(num_envs).map_err(|_| oom)?;
        for _ in 0..num_envs {
            // Each board built fallibly: memory that runs out midway is an error, not an abort.
            let board = Family::<M>::on_board(rules).map_err(|err| match err {
                Error::OutOfMemory { .. } => oom,
                other => other,
            })?;
            games.push(GameOn::on(board));
            envs.push(Env::START);
        }
        Ok(FamilyBlock {
            rules,
            autoreset: setup.autoreset,
            illegal: setup.illegal,
            games,
            envs,
            rng: Xoshiro256PlusPlus::seed_from_u64(setup.seed),
        })
    }

    pub(super) fn num_envs(&self) -> usize {
        self.envs.len()
    }

    pub(super) fn seed(&mut self, seed: u64) {
        self.rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    }

    /// The error `step` would give for `actions` (one per game), or `Ok`.
    pub(super) fn check(&self, actions: &[i64]) -> Result<(), (usize, Error)> {
        let policies = (self.autoreset, self.illegal);
        check_seats(self.envs.iter().copied(), actions, policies, |i, action| {
            let game = &self.games[i];
            let to_move = self.envs[i].to_move;
            game.rep
                .admit_action(&game.turns, action, to_move)
                .map(drop)
        })
    }

    /// Every game, lent in order.
    fn seats(&mut self) -> impl Iterator<Item = FamilySeat<'_, M>> {
        let games = self.games.iter_mut().zip(self.envs.iter_mut());
        games.map(|(game, env)| FamilySeat { game, env })
    }

    /// Plays `actions[i]` in game `i` for every game, which [`check`](Self::check) has accepted.
    pub(super) fn step_checked(&mut self, actions: &[i64], out: StepOutputs<'_>) {
        let (cells, actions_per) = (self.rules.cells() as usize, self.rules.actions());
        let sizes = (cells, self.autoreset);
        let (obs, mask, rest) = out.into_parts();
        let views = (
            obs.chunks_exact_mut(2 * cells),
            mask.chunks_exact_mut(actions_per),
        );
        step_seats(self.seats(), actions, views, rest, sizes);
    }

    fn restart(&mut self, i: usize) {
        self.games[i].reset();
        self.envs[i] = Env::START;
    }

    /// Game `i`'s observation and mask.
    fn write_game(&self, i: usize, obs: &mut [bool], mask: &mut [bool]) {
        write_game(&self.games[i], self.envs[i], obs, mask);
    }

    /// Empties every game, or those `only` names, and writes the view.
    pub(super) fn reset(&mut self, only: Option<&[bool]>, view: View<'_>) {
        for i in 0..self.games.len() {
            if only.is_none_or(|only| only[i]) {
                self.restart(i);
            }
        }
        self.write_view(view);
    }

    pub(super) fn write_view(&self, view: View<'_>) {
        let (cells, actions) = (self.rules.cells() as usize, self.rules.actions());
        let obs = view.obs.chunks_exact_mut(2 * cells);
        let mask = view.action_mask.chunks_exact_mut(actions);
        for (i, ((obs, mask), player)) in obs
            .zip(mask)
            .zip(view.current_player.iter_mut())
            .enumerate()
        {
            self.write_game(i, obs, mask);
            *player = self.envs[i].to_move.number();
        }
    }

    /// A uniformly random legal action for game `i`.
    fn random(&mut self, i: usize) -> usize {
        let (game, env) = (&self.games[i], self.envs[i]);
        if !self.rules.gravity() {
            if env.ended {
                return below(&mut self.rng, self.rules.cells()) as usize;
            }
            let k = below(&mut self.rng, game.moves_left());
            return game.rep.marks().kth_empty(k);
        }
        if env.ended {
            return below(&mut self.rng, self.rules.cols() as u64) as usize;
        }
        let rng = &mut self.rng;
        game.rep.marks().open_column(|open| below(rng, open))
    }

    pub(super) fn sample(&mut self, actions: &mut [i64]) {
        for (i, action) in actions.iter_mut().enumerate() {
            *action = self.random(i) as i64;
        }
    }

    pub(super) fn playout(&mut self, winners: &mut [u8]) {
        for (i, winner) in winners.iter_mut().enumerate() {
            while !self.envs[i].ended {
                let action = self.random(i);
                let mut seat = FamilySeat {
                    game: &mut self.games[i],
                    env: &mut self.envs[i],
                };
                advance(&mut seat, action as i64);
            }
            *winner = self.envs[i].winner;
        }
    }

    /// A copy of game `i`: [`Error::Forfeited`] for a game lost by an illegal action.
    pub(super) fn game(&self, i: usize) -> Result<Game, Error> {
        self.envs[i].taken_out()?;
        Ok(M::into_any(self.games[i].try_clone()?))
    }

    /// Puts `game` in place of game `i`: the same rules, X first (else [`Error::Incompatible`]).
    pub(super) fn set_game(&mut self, i: usize, game: &Game) -> Result<(), Error> {
        let Some((board, turns)) = M::from_any(game).filter(|_| game.rules() == self.rules) else {
            return Err(Error::Incompatible {
                reason: "its rules differ",
            });
        };
        let first = game.moves().next().map(|(_, _, p)| p);
        let env = Env::put_back(first, game.last_player(), game.is_over(), game.winner())?;
        let rep = board.try_copy(turns)?;
        self.games[i] = GameOn {
            rep,
            turns: turns.clone(),
        };
        self.envs[i] = env;
        Ok(())
    }

    pub(super) fn current_player(&self, i: usize) -> Player {
        self.envs[i].to_move
    }
}

/// `game`'s observation from the mover's view, and its legal actions (all once ended).
fn write_game<M: Marks>(game: &KGame<M>, env: Env, obs: &mut [bool], mask: &mut [bool]) {
    let marks = game.rep.marks();
    marks.planes(env.to_move, obs);
    if game.rules().gravity() {
        marks.open_columns(env.ended, mask);
    } else {
        marks.empty_cells(env.ended, mask);
    }
}

/// One game of a block, lent for a step.
struct FamilySeat<'a, M: Marks> {
    game: &'a mut KGame<M>,
    env: &'a mut Env,
}

impl<M: Marks> Seat for FamilySeat<'_, M> {
    fn env(&mut self) -> &mut Env {
        self.env
    }

    fn restart(&mut self) {
        self.game.reset();
        *self.env = Env::START;
    }

    fn play(&mut self, action: i64, mover: Player) -> Result<Option<u8>, ()> {
        // The game's own rules and move.
        match self.game.act(action, mover) {
            Ok(Some(winner)) => Ok(Some(winner.number())),
            Ok(None) if self.game.is_over() => Ok(Some(0)),
            Ok(None) => Ok(None),
            Err(_) => Err(()),
        }
    }

    fn planes(&self, to_move: Player, obs: &mut [bool]) {
        self.game.rep.marks().planes(to_move, obs);
    }

    fn write(&self, env: Env, obs: &mut [bool], mask: &mut [bool]) {
        write_game(self.game, env, obs, mask);
    }
}
