//! The boards of a block of games of the family's rules on boards too large for a word: each game
//! is a [`KGame`] on the board `M` (line bitsets), moved by its own move function (so the family's
//! rules exist once), with the environment's bookkeeping beside it. An action is a cell
//! `row * cols + col`, or with gravity a column. (Boards that fit a word have a kind of their own,
//! `words`.)

use alloc::vec::Vec;

use rand_xoshiro::Xoshiro256PlusPlus;

use super::block::Boards;
use super::outputs::{StepOutputs, View};
use super::sample::below;
use super::seat::Env;
use super::seat::{Seat, advance, step_seats};
use super::{AutoReset, Illegal, Setup};
use crate::chosen::{Game, IntoAny};
use crate::error::Error;
use crate::game::GameOn;
use crate::kgame::{Family, KGame, Marks};
use crate::player::Player;
use crate::repr::private::Kept;
use crate::rules::Rules;

/// The games of a block of `rules` (not the classic ones) on boards `M`.
#[derive(Clone, Debug)]
pub(super) struct FamilyBoards<M: IntoAny> {
    rules: Rules,
    games: Vec<KGame<M>>,
    envs: Vec<Env>,
}

impl<M: IntoAny + Send + Sync> Boards for FamilyBoards<M> {
    fn new(setup: &Setup) -> Result<FamilyBoards<M>, Error> {
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
            games.push(GameOn::on(board).map_err(|_| oom)?);
            envs.push(Env::START);
        }
        Ok(FamilyBoards { rules, games, envs })
    }

    fn num_envs(&self) -> usize {
        self.envs.len()
    }

    fn env(&self, i: usize) -> Env {
        self.envs[i]
    }

    fn envs(&self) -> impl Iterator<Item = Env> + '_ {
        self.envs.iter().copied()
    }

    fn all_legal(&self, _: &[i64], _: (AutoReset, Illegal)) -> bool {
        // Each game answers for itself (`refusal`).
        false
    }

    fn refusal(&self, i: usize, action: i64) -> Result<(), Error> {
        let game = &self.games[i];
        let to_move = self.envs[i].to_move;
        game.rep
            .admit_action(&game.turns, action, to_move)
            .map(drop)
    }

    fn step(&mut self, actions: &[i64], out: StepOutputs<'_>, policies: (AutoReset, Illegal)) {
        let (cells, actions_per) = (self.rules.cells() as usize, self.rules.actions());
        let (obs, mask, rest) = out.into_parts();
        let views = (
            obs.chunks_exact_mut(2 * cells),
            mask.chunks_exact_mut(actions_per),
        );
        let games = self.games.iter_mut().zip(self.envs.iter_mut());
        let seats = games.map(|(game, env)| FamilySeat { game, env });
        step_seats(seats, actions, views, rest, (cells, policies.0));
    }

    fn restart(&mut self, i: usize) {
        self.games[i].reset();
        self.envs[i] = Env::START;
    }

    fn write_view(&self, view: View<'_>) {
        let (cells, actions) = (self.rules.cells() as usize, self.rules.actions());
        let obs = view.obs.chunks_exact_mut(2 * cells);
        let mask = view.action_mask.chunks_exact_mut(actions);
        let seen = obs.zip(mask).zip(view.current_player.iter_mut());
        for ((game, &env), ((obs, mask), player)) in self.games.iter().zip(&self.envs).zip(seen) {
            write_game(game, env, obs, mask);
            *player = env.to_move.number();
        }
    }

    fn sample(&mut self, rng: &mut Xoshiro256PlusPlus, actions: &mut [i64]) {
        for (i, action) in actions.iter_mut().enumerate() {
            *action = self.random(rng, i) as i64;
        }
    }

    fn playout(&mut self, rng: &mut Xoshiro256PlusPlus, winners: &mut [u8]) {
        for (i, winner) in winners.iter_mut().enumerate() {
            while !self.envs[i].ended {
                let action = self.random(rng, i);
                let mut seat = FamilySeat {
                    game: &mut self.games[i],
                    env: &mut self.envs[i],
                };
                advance(&mut seat, action as i64);
            }
            *winner = self.envs[i].winner;
        }
    }

    fn game(&self, i: usize) -> Result<Game, Error> {
        Ok(M::into_any(self.games[i].try_clone()?))
    }

    /// The same rules, X first (else [`Error::Incompatible`]).
    fn set_game(&mut self, i: usize, game: &Game) -> Result<(), Error> {
        let Some(board) = M::from_any(game).filter(|_| game.rules() == self.rules) else {
            return Err(Error::Incompatible {
                reason: "its rules differ",
            });
        };
        let first = game.moves().next().map(|(_, _, p)| p);
        let env = Env::put_back(first, game.last_player(), game.is_over(), game.winner())?;
        let (rep, moves) = board.try_copy(&game.turns, &game.moves)?;
        self.games[i] = GameOn {
            rep,
            turns: game.turns.clone(),
            moves,
        };
        self.envs[i] = env;
        Ok(())
    }
}

impl<M: IntoAny> FamilyBoards<M> {
    /// A uniformly random legal action for game `i`.
    fn random(&self, rng: &mut Xoshiro256PlusPlus, i: usize) -> usize {
        let (game, env) = (&self.games[i], self.envs[i]);
        if !self.rules.gravity() {
            if env.ended {
                return below(rng, self.rules.cells()) as usize;
            }
            let k = below(rng, game.moves_left());
            return game.rep.marks().kth_empty(k);
        }
        if env.ended {
            return below(rng, self.rules.cols() as u64) as usize;
        }
        game.rep.marks().open_column(|open| below(rng, open))
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
