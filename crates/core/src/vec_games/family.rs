//! A block of games of the family's rules on boards too large for a word: each game is a [`KGame`]
//! on the board `M` (line bitsets), moved by its own move function (so the family's rules exist
//! once), with the environment's bookkeeping beside it. An action is a cell `row * cols + col`, or
//! with gravity a column. (Boards that fit a word have a block of their own, `words`.)

use alloc::vec::Vec;

use rand_core::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

use super::layout::Env;
use super::sample::below;
use super::view::{StepOutputs, View};
use super::{AutoReset, Illegal};
use crate::cells::bits_player;
use crate::error::Error;
use crate::game::{Game, IntoAny};
use crate::kgame::KGame;
use crate::player::Player;
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
    /// `num_envs` empty games of `rules`, or `oom`.
    pub(super) fn new(
        num_envs: usize,
        rules: Rules,
        autoreset: AutoReset,
        illegal: Illegal,
        seed: u64,
        oom: Error,
    ) -> Result<FamilyBlock<M>, Error> {
        let mut games = Vec::new();
        games.try_reserve_exact(num_envs).map_err(|_| oom)?;
        let mut envs = Vec::new();
        envs.try_reserve_exact(num_envs).map_err(|_| oom)?;
        for _ in 0..num_envs {
            // Each board built fallibly: memory that runs out midway is an error, not an abort.
            games.push(KGame::<M>::on_board(rules).map_err(|err| match err {
                Error::OutOfMemory { .. } => oom,
                other => other,
            })?);
            envs.push(Env::START);
        }
        Ok(FamilyBlock {
            rules,
            autoreset,
            illegal,
            games,
            envs,
            rng: Xoshiro256PlusPlus::seed_from_u64(seed),
        })
    }

    pub(super) fn num_envs(&self) -> usize {
        self.envs.len()
    }

    pub(super) fn seed(&mut self, seed: u64) {
        self.rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    }

    /// The cell (or with gravity the column) `action` names, or that it names none.
    fn index(&self, action: i64) -> Result<usize, Error> {
        let actions = self.rules.actions();
        usize::try_from(action)
            .ok()
            .filter(|&a| a < actions)
            .ok_or(Error::ActionOutOfRange {
                action: i128::from(action),
                actions,
            })
    }

    /// The cell `action` names in `game`, or why it is illegal there (nothing is played).
    fn cell_of(&self, game: &KGame<M>, action: i64) -> Result<(usize, usize), Error> {
        let (rows, cols) = (self.rules.rows(), self.rules.cols());
        let index = self.index(action)?;
        if self.rules.gravity() {
            let row = game
                .landing(index)
                .ok_or(Error::ColumnFull { col: index })?;
            return Ok((row, index));
        }
        let (row, col) = (index / cols, index % cols);
        debug_assert!(row < rows);
        match game.marks().holder(row, col) {
            Some(by) => Err(Error::Occupied { row, col, by }),
            None => Ok((row, col)),
        }
    }

    /// The error `step` would give for `actions` (one per game), or `Ok`.
    pub(super) fn check(&self, actions: &[i64]) -> Result<(), (usize, Error)> {
        for (i, ((game, env), &action)) in
            self.games.iter().zip(&self.envs).zip(actions).enumerate()
        {
            if env.ended {
                if self.autoreset == AutoReset::Disabled {
                    let winner = bits_player(env.winner);
                    return Err((i, Error::GameOver { winner }));
                }
                continue;
            }
            if self.illegal == Illegal::Raise {
                self.cell_of(game, action).map_err(|error| (i, error))?;
            }
        }
        Ok(())
    }

    /// Plays `actions[i]` in game `i` for every game, which [`check`](Self::check) has accepted.
    pub(super) fn step_checked(&mut self, actions: &[i64], out: StepOutputs<'_>) {
        let (cells, actions_per) = (self.rules.cells() as usize, self.rules.actions());
        let same_step = self.autoreset == AutoReset::SameStep;
        let StepOutputs {
            view,
            rewards,
            terminated,
            winner,
            final_obs,
            has_final_obs,
        } = out;
        for i in 0..self.games.len() {
            let reward = &mut rewards[2 * i..2 * i + 2];
            reward.fill(0.0);
            (terminated[i], winner[i], has_final_obs[i]) = (false, 0, false);
            if self.envs[i].ended {
                self.restart(i);
            } else if let Some(won) = self.advance(i, actions[i]) {
                (terminated[i], winner[i]) = (true, won);
                if let Some(w) = bits_player(won) {
                    reward[w.index()] = 1.0;
                    reward[w.other().index()] = -1.0;
                }
                if same_step {
                    let obs = &mut final_obs[2 * cells * i..2 * cells * (i + 1)];
                    self.games[i].marks().planes(self.envs[i].to_move, obs);
                    has_final_obs[i] = true;
                    self.restart(i);
                }
            }
            let obs = &mut view.obs[2 * cells * i..2 * cells * (i + 1)];
            let mask = &mut view.action_mask[actions_per * i..actions_per * (i + 1)];
            self.write_game(i, obs, mask);
            view.current_player[i] = self.envs[i].to_move.number();
        }
    }

    fn restart(&mut self, i: usize) {
        self.games[i].reset();
        self.envs[i] = Env::START;
    }

    /// Plays `action` for the player to move in game `i`, which is in play; an illegal action loses
    /// the game. Returns the winner's number (0 for a draw) when the game ends.
    fn advance(&mut self, i: usize, action: i64) -> Option<u8> {
        let mover = self.envs[i].to_move;
        self.envs[i].to_move = mover.other();
        // The game's own move: the family's rules, once.
        let played = self.index(action).and_then(|index| {
            if self.rules.gravity() {
                self.games[i].drop_checked(index, mover)
            } else {
                let cols = self.rules.cols();
                self.games[i].place(index / cols, index % cols, mover)
            }
        });
        let env = &mut self.envs[i];
        let winner = match played {
            Ok(Some(winner)) => winner.number(),
            Ok(None) if self.games[i].is_over() => 0,
            Ok(None) => return None,
            Err(_) => {
                env.forfeit = true;
                mover.other().number()
            }
        };
        env.ended = true;
        env.winner = winner;
        Some(winner)
    }

    /// Game `i`'s observation and mask.
    fn write_game(&self, i: usize, obs: &mut [bool], mask: &mut [bool]) {
        let (game, env) = (&self.games[i], self.envs[i]);
        game.marks().planes(env.to_move, obs);
        if self.rules.gravity() {
            game.marks().open_columns(env.ended, mask);
        } else {
            game.marks().empty_cells(env.ended, mask);
        }
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
            return game.marks().kth_empty(k);
        }
        if env.ended {
            return below(&mut self.rng, self.rules.cols() as u64) as usize;
        }
        let rng = &mut self.rng;
        game.marks().open_column(|open| below(rng, open))
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
                self.advance(i, action as i64);
            }
            *winner = self.envs[i].winner;
        }
    }

    /// A copy of game `i`: [`Error::Forfeited`] for a game lost by an illegal action.
    pub(super) fn game(&self, i: usize) -> Result<Game, Error> {
        let env = self.envs[i];
        if env.forfeit {
            let winner = bits_player(env.winner).unwrap_or(Player::X);
            return Err(Error::Forfeited { winner });
        }
        Ok(M::into_any(self.games[i].try_copy()?))
    }

    /// Puts `game` in place of game `i`: the same rules, X first (else [`Error::Incompatible`]).
    pub(super) fn set_game(&mut self, i: usize, game: &Game) -> Result<(), Error> {
        let Some(lines) = M::from_any(game).filter(|g| g.rules() == self.rules) else {
            return Err(Error::Incompatible {
                reason: "its rules differ",
            });
        };
        if lines.moves().next().is_some_and(|(_, _, p)| p != Player::X) {
            return Err(Error::Incompatible {
                reason: "O moved first, and X moves first here",
            });
        }
        self.games[i] = lines.try_copy()?;
        self.envs[i] = Env {
            to_move: lines.last_player().map_or(Player::X, Player::other),
            ended: lines.is_over(),
            winner: lines.winner().map_or(0, Player::number),
            forfeit: false,
        };
        Ok(())
    }

    pub(super) fn current_player(&self, i: usize) -> Player {
        self.envs[i].to_move
    }
}
