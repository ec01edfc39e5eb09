//! The environment's bookkeeping, written once for every kind of block: what a step does around
//! each game's move (rewards, the end of a game, a forfeit, the restart of an ended game, the
//! final observation), what a check refuses, and what a game taken out or put back must satisfy.
//! Each block lends its games one at a time as [`Seat`]s: its own layout and its own move.

use super::outputs::StepOutputs;
use super::{AutoReset, Illegal};
use crate::cells::bits_player;
use crate::error::Error;
use crate::player::Player;

/// One game of a block, borrowed for a step.
pub(super) trait Seat {
    /// The game's bookkeeping as an environment.
    fn env(&mut self) -> &mut Env;
    /// Back to the empty board, X to move.
    fn restart(&mut self);
    /// Plays `action` for `mover` by the game's rules: `Ok(None)` when the game goes on,
    /// `Ok(Some(winner))` when it ends (the winner's number, 0 for a draw), `Err(())` for an
    /// illegal action, which changes nothing.
    fn play(&mut self, action: i64, mover: Player) -> Result<Option<u8>, ()>;
    /// The observation from `to_move`'s view, two entries a cell.
    fn planes(&self, to_move: Player, obs: &mut [bool]);
    /// The observation from the mover's view and the legal actions (all of them once ended).
    fn write(&self, env: Env, obs: &mut [bool], mask: &mut [bool]);
}

/// Plays `action` for the player to move in `seat`'s game, which is in play; an illegal action
/// loses the game. Returns the winner's number (0 for a draw) when the game ends.
#[inline(always)]
pub(super) fn advance<S: Seat>(seat: &mut S, action: i64) -> Option<u8> {
    let mover = seat.env().to_move;
    seat.env().to_move = mover.other();
    let winner = match seat.play(action, mover) {
        Ok(None) => return None,
        Ok(Some(winner)) => winner,
        Err(()) => {
            seat.env().forfeit = true;
            mover.other().number()
        }
    };
    let env = seat.env();
    env.ended = true;
    env.winner = winner;
    Some(winner)
}

/// What a step writes besides the observations and masks: a game's player, rewards, end, winner
/// and final observation.
pub(super) struct Outcomes<'a> {
    player: &'a mut [u8],
    rewards: &'a mut [f32],
    terminated: &'a mut [bool],
    winner: &'a mut [u8],
    final_obs: &'a mut [bool],
    has_final_obs: &'a mut [bool],
}

impl<'a> StepOutputs<'a> {
    /// The observations, the masks, and the rest.
    pub(super) fn into_parts(self) -> (&'a mut [bool], &'a mut [bool], Outcomes<'a>) {
        let StepOutputs {
            view,
            rewards,
            terminated,
            winner,
            final_obs,
            has_final_obs,
        } = self;
        let rest = Outcomes {
            player: view.current_player,
            rewards,
            terminated,
            winner,
            final_obs,
            has_final_obs,
        };
        (view.obs, view.action_mask, rest)
    }
}

/// Steps every game of a block: game `i` is the `i`-th of `seats`, its view goes to the `i`-th of
/// `obs` and `mask` (slices, or arrays where the sizes are known when compiled, so that the
/// writes unroll), and the rest of its outputs (for `cells`-cell games) to `out`.
#[inline(always)]
pub(super) fn step_seats<S: Seat, O: AsMut<[bool]>, M: AsMut<[bool]>>(
    seats: impl Iterator<Item = S>,
    actions: &[i64],
    (obs, mask): (impl Iterator<Item = O>, impl Iterator<Item = M>),
    out: Outcomes<'_>,
    (cells, autoreset): (usize, AutoReset),
) {
    let same_step = autoreset == AutoReset::SameStep;
    let Outcomes {
        player,
        rewards,
        terminated,
        winner,
        final_obs,
        has_final_obs,
    } = out;
    let seen = obs.zip(mask).zip(player.iter_mut());
    let results = rewards.chunks_exact_mut(2).zip(terminated.iter_mut());
    let results = results.zip(winner.iter_mut()).zip(has_final_obs.iter_mut());
    let games = seats.zip(actions).zip(seen.zip(results));
    for (
        i,
        ((mut seat, &action), (((mut obs, mut mask), player), (((reward, done), won), last))),
    ) in games.enumerate()
    {
        reward.fill(0.0);
        (*done, *won, *last) = (false, 0, false);
        if seat.env().ended {
            // A pending restart, whose action is ignored (a check refused it where it must).
            seat.restart();
        } else if let Some(winner) = advance(&mut seat, action) {
            (*done, *won) = (true, winner);
            if let Some(w) = bits_player(winner) {
                reward[w.index()] = 1.0;
                reward[w.other().index()] = -1.0;
            }
            if same_step {
                let at = 2 * cells * i;
                let to_move = seat.env().to_move;
                seat.planes(to_move, &mut final_obs[at..at + 2 * cells]);
                *last = true;
                seat.restart();
            }
        }
        let env = *seat.env();
        seat.write(env, obs.as_mut(), mask.as_mut());
        *player = env.to_move.number();
    }
}

/// The error a step of `actions` would give, or `Ok`: game `i`, whose bookkeeping is the `i`-th
/// of `envs`, refuses any action once ended under [`AutoReset::Disabled`], and an action that
/// `refusal(i, action)` refuses while in play under [`Illegal::Raise`].
pub(super) fn check_seats(
    envs: impl Iterator<Item = Env>,
    actions: &[i64],
    (autoreset, illegal): (AutoReset, Illegal),
    refusal: impl Fn(usize, i64) -> Result<(), Error>,
) -> Result<(), (usize, Error)> {
    for (i, (env, &action)) in envs.zip(actions).enumerate() {
        if env.ended {
            if autoreset == AutoReset::Disabled {
                let winner = bits_player(env.winner);
                return Err((i, Error::GameOver { winner }));
            }
            continue;
        }
        if illegal == Illegal::Raise {
            refusal(i, action).map_err(|error| (i, error))?;
        }
    }
    Ok(())
}

impl Env {
    /// [`Error::Forfeited`] for a game lost by an illegal action, which no single game can hold.
    pub(super) fn taken_out(self) -> Result<(), Error> {
        if self.forfeit {
            let winner = bits_player(self.winner).unwrap_or(Player::X);
            return Err(Error::Forfeited { winner });
        }
        Ok(())
    }

    /// The bookkeeping of a game put in a block: [`Error::Incompatible`] unless X moved first
    /// (`first`, the first mover, if any), as every game of a block is played; else the player to
    /// move after `last`, and whether (and how) it ended.
    pub(super) fn put_back(
        first: Option<Player>,
        last: Option<Player>,
        over: bool,
        winner: Option<Player>,
    ) -> Result<Env, Error> {
        if first.is_some_and(|p| p != Player::X) {
            return Err(Error::Incompatible {
                reason: "O moved first, and X moves first here",
            });
        }
        Ok(Env {
            to_move: last.map_or(Player::X, Player::other),
            ended: over,
            winner: winner.map_or(0, Player::number),
            forfeit: false,
        })
    }
}

/// A game's bookkeeping as an environment, beyond what its counters know.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Env {
    /// The player to move; it keeps alternating after a game ends.
    pub(super) to_move: Player,
    /// Ended and not yet started again.
    pub(super) ended: bool,
    /// The winner's number of an ended game (0 for a draw).
    pub(super) winner: u8,
    /// Ended by an illegal action.
    pub(super) forfeit: bool,
}

impl Env {
    pub(super) const START: Env = Env {
        to_move: Player::X,
        ended: false,
        winner: 0,
        forfeit: false,
    };
}
