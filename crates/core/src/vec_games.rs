//! Many games at once, for reinforcement learning, self-play and search: one object steps every game
//! in one call. Every game keeps the same [`Counters`] as a single [`Game`], so stepping one game of
//! a batch gives exactly what a single game gives; this module adds the environment's bookkeeping
//! (whose turn it is after a game ends, auto-reset, rewards) and writes the results into the
//! caller's buffers.
//!
//! The games live side by side, one array per part (counters, lines, packed cells, move history,
//! bookkeeping), not as one heap object each: a step walks every array once, front to back, with no
//! pointer to follow per game, and each game's history has its room from the start.

mod bits;

use alloc::vec::Vec;
use core::hint::select_unpredictable;

use rand_core::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

use crate::batch::BatchError;
use crate::counters::{Counters, Line};
use crate::error::Error;
use crate::game::Game;
use crate::limits::Mode;
use crate::player::Player;
use crate::rules::bits_player;
use crate::storage::sealed::Memory;
use crate::storage::{cell_bits, mark_cell};
use bits::{divide, empty_cells, kth_empty, mover_view, reciprocal, spread, write_word};

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

/// Where [`VecGames::reset`] and [`VecGames::step`] write what every game looks like now, game after
/// game: each slice holds exactly `num_envs` times the per-game length given.
#[derive(Debug)]
pub struct View<'a> {
    /// `n * n * 2` per game: for each cell, whether the player to move holds it, then whether the
    /// other player does.
    pub obs: &'a mut [bool],
    /// `n * n` per game: the legal actions (all of them for a game that has ended).
    pub action_mask: &'a mut [bool],
    /// 1 per game: the player to move, 1 or 2.
    pub current_player: &'a mut [u8],
}

/// Where [`VecGames::step`] writes, besides the [`View`]: each slice holds exactly `num_envs` times
/// the per-game length given.
#[derive(Debug)]
pub struct StepOutputs<'a> {
    /// The games after the step.
    pub view: View<'a>,
    /// 2 per game: the rewards of X and of O.
    pub rewards: &'a mut [f32],
    /// 1 per game: whether the game ended on this step.
    pub terminated: &'a mut [bool],
    /// 1 per game: the winner (1 or 2) of a game that ended on this step, else 0.
    pub winner: &'a mut [u8],
    /// `n * n * 2` per game with [`AutoReset::SameStep`] (else it may be empty): the final
    /// observation of a game that ended and started again on this step.
    pub final_obs: &'a mut [bool],
    /// 1 per game: whether `final_obs` holds that game's final observation.
    pub has_final_obs: &'a mut [bool],
}

/// `num_envs` independent `n x n` games, stepped together. Every game starts empty with X to move;
/// an action is a cell index `row * n + col` for the player whose turn it is in that game.
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
    n: usize,
    autoreset: AutoReset,
    illegal: Illegal,
    parts: Parts,
    /// For finding an action's row with a multiplication instead of a division.
    reciprocal: u64,
    rng: Xoshiro256PlusPlus,
}

/// Every game's parts, game after game: game `i` owns `counters[i]`, `envs[i]`, the `n` pairs of
/// lines from `lines[i * n]`, the board's words from `cells[i * words]` and `n * n` history slots
/// from `history[i * n * n]` (its moves so far, cell by cell, then room for the rest).
#[derive(Clone, Debug)]
struct Parts {
    counters: Vec<Counters>,
    lines: Vec<[Line; 2]>,
    cells: Vec<u64>,
    history: Vec<u32>,
    envs: Vec<Env>,
}

/// A game's bookkeeping as an environment, beyond what its counters know.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Env {
    /// The player to move; it keeps alternating after a game ends.
    to_move: Player,
    /// Ended and not yet started again.
    ended: bool,
    /// The winner's number of an ended game (0 for a draw).
    winner: u8,
    /// Ended by an illegal action.
    forfeit: bool,
}

impl Env {
    const START: Env = Env {
        to_move: Player::X,
        ended: false,
        winner: 0,
        forfeit: false,
    };
}

/// One game's parts, borrowed from the arrays.
struct Slot<'a> {
    counters: &'a mut Counters,
    lines: &'a mut [[Line; 2]],
    cells: &'a mut [u64],
    history: &'a mut [u32],
    env: &'a mut Env,
}

/// The words of a packed board of `cells` cells.
const fn words(cells: usize) -> usize {
    cells.div_ceil(32)
}

impl Parts {
    /// Every game, in order, for an `n x n` batch.
    #[inline(always)]
    fn slots(&mut self, n: usize) -> impl Iterator<Item = Slot<'_>> {
        let parts = self.counters.iter_mut().zip(self.lines.chunks_exact_mut(n));
        let parts = parts.zip(self.cells.chunks_exact_mut(words(n * n)));
        let parts = parts.zip(self.history.chunks_exact_mut(n * n));
        parts
            .zip(self.envs.iter_mut())
            .map(|((((counters, lines), cells), history), env)| Slot {
                counters,
                lines,
                cells,
                history,
                env,
            })
    }

    /// Game `i` (below the number of games) of an `n x n` batch.
    fn slot(&mut self, i: usize, n: usize) -> Slot<'_> {
        let (cells, w) = (n * n, words(n * n));
        Slot {
            counters: &mut self.counters[i],
            lines: &mut self.lines[i * n..][..n],
            cells: &mut self.cells[i * w..][..w],
            history: &mut self.history[i * cells..][..cells],
            env: &mut self.envs[i],
        }
    }

    /// Game `i`'s packed board, for boards of `cells` cells.
    fn board(&self, i: usize, cells: usize) -> &[u64] {
        let w = words(cells);
        &self.cells[i * w..][..w]
    }
}

impl Slot<'_> {
    fn restart(&mut self) {
        self.counters.reset(self.lines);
        self.cells.fill(0);
        *self.env = Env::START;
    }

    /// Plays `action` for the player to move in this `n x n` game, which is in play; an illegal
    /// action loses the game (`LEGAL`: the caller has checked that `action` is legal). Returns the
    /// winner's number (0 for a draw) when the game ends.
    #[inline(always)]
    fn advance<const LEGAL: bool>(&mut self, action: i64, n: usize, reciprocal: u64) -> Option<u8> {
        let mover = self.env.to_move;
        self.env.to_move = mover.other();
        let winner = match u32::try_from(action) {
            // The one rule a batch checks itself, as a checked game does: the cell is empty (known
            // when `LEGAL`, where the caller has checked it). The counters decide the rest.
            Ok(index)
                if LEGAL || ((index as usize) < n * n && cell_bits(self.cells, index) == 0) =>
            {
                let row = divide(index, reciprocal);
                let col = index - row * n as u32;
                mark_cell(self.cells, index, mover.number());
                self.history[self.counters.moves() as usize] = index;
                match self
                    .counters
                    .add(self.lines, row as usize, col as usize, mover)
                {
                    Some(winner) => winner.number(),
                    None if self.counters.is_over() => 0,
                    None => return None,
                }
            }
            _ => {
                self.env.forfeit = true;
                mover.other().number()
            }
        };
        self.env.ended = true;
        self.env.winner = winner;
        Some(winner)
    }
}

/// A length that does not fit: the faces check shapes before they call, so this names the buffer.
fn fits(len: usize, needed: usize) -> Result<(), BatchError> {
    if len == needed {
        Ok(())
    } else {
        Err(BatchError {
            index: 0,
            error: Error::BufferTooSmall { needed },
        })
    }
}

/// `len` copies of `value`, or `oom` instead of an abort (also for a length past `usize`).
fn filled<T: Clone>(len: Option<usize>, value: T, oom: Error) -> Result<Vec<T>, Error> {
    let len = len.ok_or(oom)?;
    let mut v = Vec::new();
    v.try_reserve_exact(len).map_err(|_| oom)?;
    v.resize(len, value);
    Ok(v)
}

/// A uniform number below `bound` (at least 1), without bias.
#[inline]
fn below(rng: &mut Xoshiro256PlusPlus, bound: u64) -> u64 {
    let mut wide = u128::from(rng.next_u64()) * u128::from(bound);
    // A low half at or above `bound` is above the threshold (which is below `bound`): the division
    // that finds the threshold is only needed in the rare other case. Same draws either way.
    if (wide as u64) < bound {
        let threshold = bound.wrapping_neg() % bound;
        while (wide as u64) < threshold {
            wide = u128::from(rng.next_u64()) * u128::from(bound);
        }
    }
    (wide >> 64) as u64
}

/// A uniformly random legal action of a game with `cells` cells whose board is `board`: any cell
/// for a game that has ended, else an empty one.
#[inline(always)]
fn random_action(
    rng: &mut Xoshiro256PlusPlus,
    board: &[u64],
    counters: &Counters,
    env: Env,
    cells: usize,
) -> usize {
    if let &[word] = board {
        // One word: no branch on whether the game ended, which a predictor cannot learn either.
        // Every cell is a choice in an ended game: its empty cells and all the others, so that the
        // board is read either way (a select would let the compiler branch around the read).
        let every = empty_cells(0, cells) & u64::from(env.ended).wrapping_neg();
        let choices = empty_cells(word, cells) | every;
        let bound = select_unpredictable(env.ended, cells as u64, counters.moves_left());
        return kth_empty(choices, below(rng, bound), cells);
    }
    if env.ended {
        return below(rng, cells as u64) as usize;
    }
    let mut k = below(rng, counters.moves_left());
    if board.len() <= 4 {
        // A few words: each one's empty cells counted and the pick's word chosen without a branch
        // (which word a random pick falls in is a coin flip), then one select in that word.
        let (mut found, mut chosen, mut base) = (false, 0, 0);
        for (w, &word) in board.iter().enumerate() {
            let empty = empty_cells(word, cells - 32 * w);
            let here = u64::from(empty.count_ones());
            let inside = !found & (k < here);
            chosen = select_unpredictable(inside, empty, chosen);
            base = select_unpredictable(inside, 32 * w, base);
            k = select_unpredictable(found | inside, k, k.wrapping_sub(here));
            found |= inside;
        }
        return base + kth_empty(chosen, k, 32);
    }
    for (w, &word) in board.iter().enumerate() {
        let empty = empty_cells(word, cells - 32 * w);
        let here = u64::from(empty.count_ones());
        if k < here {
            return 32 * w + kth_empty(empty, k, 32);
        }
        k -= here;
    }
    // moves_left counts exactly the empty cells of a game in play, so one was chosen.
    0
}

/// A game's observation, from the view of `to_move`, into `obs` (two entries a cell).
#[inline(always)]
fn write_obs(board: &[u64], to_move: Player, obs: &mut [bool]) {
    for (chunk, &word) in obs.chunks_mut(64).zip(board) {
        spread(mover_view(word, to_move == Player::O), chunk);
    }
}

/// A game's observation and mask, as [`View`] describes them.
#[inline(always)]
fn write_game(board: &[u64], env: Env, obs: &mut [bool], mask: &mut [bool]) {
    // The common small boards as arrays, so that every write is unrolled; a test the compiler
    // answers wherever the size is a constant.
    if write_sized::<9, 18>(board, env, obs, mask)
        || write_sized::<16, 32>(board, env, obs, mask)
        || write_sized::<25, 50>(board, env, obs, mask)
    {
        return;
    }
    write_words(board, env, obs, mask);
}

/// [`write_game`] for any board, word by word.
#[inline(always)]
fn write_words(board: &[u64], env: Env, obs: &mut [bool], mask: &mut [bool]) {
    let chunks = obs.chunks_mut(64).zip(mask.chunks_mut(32));
    for ((obs, mask), &word) in chunks.zip(board) {
        write_word(word, env.to_move == Player::O, env.ended, obs, mask);
    }
}

/// [`write_game`] for a board of `CELLS` cells (one word), `OBS = 2 * CELLS`; false (and nothing
/// written) for any other board.
#[inline(always)]
fn write_sized<const CELLS: usize, const OBS: usize>(
    board: &[u64],
    env: Env,
    obs: &mut [bool],
    mask: &mut [bool],
) -> bool {
    let sized = (
        board,
        <&mut [bool; OBS]>::try_from(obs),
        <&mut [bool; CELLS]>::try_from(mask),
    );
    let (&[word], Ok(obs), Ok(mask)) = sized else {
        return false;
    };
    write_word(word, env.to_move == Player::O, env.ended, obs, mask);
    true
}

/// Calls `$games.$method::<N>(...)` with `N` the board size for the small boards (up to 8 x 8), so
/// that every length in that method is a constant when it is compiled, and with `N = 0` (meaning:
/// the size `n` as it is) for every other size.
macro_rules! sized {
    ($games:ident . $method:ident $(::<$($more:tt),*>)? ( $($arg:expr),* )) => {
        match $games.n {
            1 => $games.$method::<1 $($(, $more)*)?>($($arg),*),
            2 => $games.$method::<2 $($(, $more)*)?>($($arg),*),
            3 => $games.$method::<3 $($(, $more)*)?>($($arg),*),
            4 => $games.$method::<4 $($(, $more)*)?>($($arg),*),
            5 => $games.$method::<5 $($(, $more)*)?>($($arg),*),
            6 => $games.$method::<6 $($(, $more)*)?>($($arg),*),
            7 => $games.$method::<7 $($(, $more)*)?>($($arg),*),
            8 => $games.$method::<8 $($(, $more)*)?>($($arg),*),
            _ => $games.$method::<0 $($(, $more)*)?>($($arg),*),
        }
    };
}

/// The board size a method specialised for `N` works with: `N`, or `n` where `N` is 0.
const fn size<const N: usize>(n: usize) -> usize {
    if N == 0 { n } else { N }
}

impl VecGames {
    /// `num_envs` (at least 1) empty checked `n x n` games, and a generator seeded with `seed`.
    /// Every game's history has room for all its moves up front, so no step can fail for memory.
    ///
    /// ```
    /// use tictactoe_core::{AutoReset, Error, Illegal, VecGames};
    ///
    /// let games = VecGames::new(4096, 3, AutoReset::SameStep, Illegal::Loss, 1)?;
    /// assert_eq!((games.num_envs(), games.n(), games.num_actions()), (4096, 3, 9));
    /// assert!(matches!(VecGames::new(0, 3, AutoReset::NextStep, Illegal::Raise, 1), Err(Error::Incompatible { .. })));
    /// # Ok::<(), Error>(())
    /// ```
    pub fn new(
        num_envs: usize,
        n: usize,
        autoreset: AutoReset,
        illegal: Illegal,
        seed: u64,
    ) -> Result<VecGames, Error> {
        if num_envs == 0 {
            return Err(Error::Incompatible {
                reason: "a batch holds at least one game",
            });
        }
        let Some(size) = Mode::Checked.accepts(n) else {
            return Err(Error::InvalidSize {
                n: n as i128,
                max: Mode::Checked.max_n(),
            });
        };
        let oom = Error::OutOfMemory { n };
        let each = |per_game: usize| num_envs.checked_mul(per_game);
        let parts = Parts {
            counters: filled(Some(num_envs), Counters::new(size), oom)?,
            lines: filled(each(n), [Line::EMPTY; 2], oom)?,
            cells: filled(each(words(n * n)), 0, oom)?,
            history: filled(each(n * n), 0, oom)?,
            envs: filled(Some(num_envs), Env::START, oom)?,
        };
        Ok(VecGames {
            n,
            autoreset,
            illegal,
            parts,
            reciprocal: reciprocal(size),
            rng: Xoshiro256PlusPlus::seed_from_u64(seed),
        })
    }

    /// How many games.
    #[must_use]
    pub fn num_envs(&self) -> usize {
        self.parts.envs.len()
    }

    /// The board size of every game.
    #[must_use]
    pub fn n(&self) -> usize {
        self.n
    }

    /// How many actions a game has: `n * n`.
    #[must_use]
    pub fn num_actions(&self) -> usize {
        self.n * self.n
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

    /// Starts the generator again from `seed`: the same seed gives the same samples.
    pub fn seed(&mut self, seed: u64) {
        self.rng = Xoshiro256PlusPlus::seed_from_u64(seed);
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
    pub fn reset(&mut self, only: Option<&[bool]>, view: View<'_>) -> Result<(), BatchError> {
        if let Some(only) = only {
            fits(only.len(), self.num_envs())?;
        }
        self.check_view(&view)?;
        for (i, mut slot) in self.parts.slots(self.n).enumerate() {
            if only.is_none_or(|only| only[i]) {
                slot.restart();
            }
        }
        self.write_view(view);
        Ok(())
    }

    /// Writes what every game looks like now into `view`, changing nothing.
    pub fn view(&self, view: View<'_>) -> Result<(), BatchError> {
        self.check_view(&view)?;
        self.write_view(view);
        Ok(())
    }

    /// Whether [`step`](Self::step) would accept `actions` (one per game): the error it would give
    /// for them, checked without changing anything. For callers that split a batch over several
    /// `VecGames` (on several threads) and want the whole batch accepted or refused as one.
    ///
    /// ```
    /// use tictactoe_core::{AutoReset, Error, Illegal, VecGames};
    ///
    /// let games = VecGames::new(2, 3, AutoReset::NextStep, Illegal::Raise, 7)?;
    /// assert!(games.check(&[0, 8]).is_ok());
    /// let refused = games.check(&[0, 9]).unwrap_err();
    /// assert_eq!(refused.index, 1);
    /// # Ok::<(), Error>(())
    /// ```
    pub fn check(&self, actions: &[i64]) -> Result<(), BatchError> {
        fits(actions.len(), self.num_envs())?;
        // Every game in play with an empty cell for its action, read straight from the boards: the
        // common case, without a branch per game. Anything else is looked at one game at a time.
        let accepted = sized!(self.all_legal(actions));
        if accepted {
            return Ok(());
        }
        for (index, &action) in actions.iter().enumerate() {
            self.check_action(index, action)
                .map_err(|error| BatchError { index, error })?;
        }
        Ok(())
    }

    /// True when no game refuses its action: an ended game refuses any action under
    /// [`AutoReset::Disabled`]; a game in play refuses an illegal one under [`Illegal::Raise`]. False
    /// says nothing about which game refuses, or whether one really does.
    fn all_legal<const N: usize>(&self, actions: &[i64]) -> bool {
        let cells = size::<N>(self.n) * size::<N>(self.n);
        let disabled = self.autoreset == AutoReset::Disabled;
        let raise = self.illegal == Illegal::Raise;
        let games = self.parts.cells.chunks_exact(words(cells));
        let (mut any_ended, mut illegal_in_play) = (false, false);
        for ((&action, board), env) in actions.iter().zip(games).zip(&self.parts.envs) {
            // A negative action is huge as u64: one comparison checks both ends.
            let off_board = action as u64 >= cells as u64;
            let index = if off_board { 0 } else { action as usize };
            let word = board.get(index / 32).copied().unwrap_or(0);
            let illegal = off_board | ((word >> (2 * (index % 32))) & 0b11 != 0);
            any_ended |= env.ended;
            illegal_in_play |= !env.ended & illegal;
        }
        // The policies once, after the loop.
        !((disabled & any_ended) | (raise & illegal_in_play))
    }

    /// Plays `actions[i]` in game `i` for every game, and writes the outcome into `out`.
    ///
    /// With [`Illegal::Raise`], an illegal action anywhere (off the board, a taken cell, or any action
    /// for a game ended under [`AutoReset::Disabled`]) refuses the whole step: nothing changes, and
    /// the error names the first offending game. With [`Illegal::Loss`], the mover of an illegal
    /// action loses that game, and only an action for a game ended under [`AutoReset::Disabled`] is
    /// refused. Buffers of the wrong length are refused with [`Error::BufferTooSmall`] (index 0).
    pub fn step(&mut self, actions: &[i64], out: StepOutputs<'_>) -> Result<(), BatchError> {
        let envs = self.num_envs();
        let cells = self.num_actions();
        fits(actions.len(), envs)?;
        self.check_view(&out.view)?;
        fits(out.rewards.len(), 2 * envs)?;
        fits(out.terminated.len(), envs)?;
        fits(out.winner.len(), envs)?;
        fits(out.has_final_obs.len(), envs)?;
        if self.autoreset == AutoReset::SameStep {
            fits(out.final_obs.len(), 2 * cells * envs)?;
        }
        self.check(actions)?;
        // Under `Raise`, every action that reaches a game in play has just been checked.
        match self.illegal {
            Illegal::Raise => sized!(self.step_sized::<true>(actions, out)),
            Illegal::Loss => sized!(self.step_sized::<false>(actions, out)),
        }
        Ok(())
    }

    /// [`step`](Self::step) after its checks, for `n x n` games: each game stepped and its outputs
    /// written in one pass.
    fn step_sized<const N: usize, const LEGAL: bool>(
        &mut self,
        actions: &[i64],
        out: StepOutputs<'_>,
    ) {
        let n = size::<N>(self.n);
        let cells = n * n;
        let (same_step, reciprocal) = (self.autoreset == AutoReset::SameStep, self.reciprocal);
        let StepOutputs {
            view,
            rewards,
            terminated,
            winner,
            final_obs,
            has_final_obs,
        } = out;
        let seen = view.obs.chunks_exact_mut(2 * cells);
        let seen = seen.zip(view.action_mask.chunks_exact_mut(cells));
        let seen = seen.zip(view.current_player.iter_mut());
        let results = rewards.chunks_exact_mut(2).zip(terminated.iter_mut());
        let results = results.zip(winner.iter_mut()).zip(has_final_obs.iter_mut());
        let games = self.parts.slots(n).zip(actions).zip(seen.zip(results));
        for (i, ((mut slot, &action), (((obs, mask), player), (((reward, done), won), final_)))) in
            games.enumerate()
        {
            reward.fill(0.0);
            (*done, *won, *final_) = (false, 0, false);
            if slot.env.ended {
                // Checked above: a pending restart, whose action is ignored.
                slot.restart();
            } else if let Some(winner) = slot.advance::<LEGAL>(action, n, reciprocal) {
                (*done, *won) = (true, winner);
                if let Some(w) = bits_player(winner) {
                    reward[w.index()] = 1.0;
                    reward[w.other().index()] = -1.0;
                }
                if same_step {
                    let at = 2 * cells * i;
                    write_obs(
                        slot.cells,
                        slot.env.to_move,
                        &mut final_obs[at..at + 2 * cells],
                    );
                    *final_ = true;
                    slot.restart();
                }
            }
            write_game(slot.cells, *slot.env, obs, mask);
            *player = slot.env.to_move.number();
        }
    }

    /// Writes a uniformly random legal action for every game in play, and a uniformly random action
    /// for every game that has ended (ignored or refused there anyway).
    pub fn sample(&mut self, actions: &mut [i64]) -> Result<(), BatchError> {
        fits(actions.len(), self.num_envs())?;
        sized!(self.sample_sized(actions));
        Ok(())
    }

    fn sample_sized<const N: usize>(&mut self, actions: &mut [i64]) {
        let cells = size::<N>(self.n) * size::<N>(self.n);
        let parts = &self.parts;
        let games = parts.cells.chunks_exact(words(cells));
        let games = games.zip(&parts.counters).zip(&parts.envs);
        for (action, ((board, counters), &env)) in actions.iter_mut().zip(games) {
            *action = random_action(&mut self.rng, board, counters, env, cells) as i64;
        }
    }

    /// Plays every game from where it stands to its end with uniformly random legal moves, and
    /// writes each game's winner (0 for a draw). The games are left ended.
    ///
    /// ```
    /// use tictactoe_core::{AutoReset, Illegal, VecGames};
    ///
    /// let mut games = VecGames::new(100, 3, AutoReset::NextStep, Illegal::Raise, 42)?;
    /// let mut winners = [0i8; 100];
    /// games.playout(&mut winners).unwrap();
    /// assert!(winners.iter().all(|&w| (0..=2).contains(&w)));
    /// assert!((0..100).all(|i| games.game(i).unwrap().is_over()));
    /// # Ok::<(), tictactoe_core::Error>(())
    /// ```
    pub fn playout(&mut self, winners: &mut [i8]) -> Result<(), BatchError> {
        fits(winners.len(), self.num_envs())?;
        sized!(self.playout_sized(winners));
        Ok(())
    }

    fn playout_sized<const N: usize>(&mut self, winners: &mut [i8]) {
        let (n, reciprocal) = (size::<N>(self.n), self.reciprocal);
        for (mut slot, winner) in self.parts.slots(n).zip(winners.iter_mut()) {
            while !slot.env.ended {
                let (board, counters, env) = (&*slot.cells, &*slot.counters, *slot.env);
                let action = random_action(&mut self.rng, board, counters, env, n * n);
                slot.advance::<true>(action as i64, n, reciprocal);
            }
            *winner = slot.env.winner as i8;
        }
    }

    /// A copy of game `i` as a single game: [`Error::NoSuchGame`] outside `0..num_envs`,
    /// [`Error::Forfeited`] for a game lost by an illegal action, which no single game can hold.
    pub fn game(&self, i: usize) -> Result<Game, Error> {
        self.check_index(i)?;
        let env = self.parts.envs[i];
        if env.forfeit {
            let winner = bits_player(env.winner).unwrap_or(Player::X);
            return Err(Error::Forfeited { winner });
        }
        // The game's moves replayed: X first, then alternating, as every game of a batch is played.
        let (n, cells) = (self.n, self.num_actions());
        let moves = self.parts.counters[i].moves() as usize;
        let mut game = Game::new(n)?;
        let mut player = Player::X;
        for &index in &self.parts.history[i * cells..][..moves] {
            let index = index as usize;
            game.play(index / n, index % n, player)?;
            player = player.other();
        }
        Ok(game)
    }

    /// Puts `game` in place of game `i`: a checked game of the same size, in a position X could have
    /// reached moving first (else [`Error::Incompatible`], and nothing changes). It cancels a pending
    /// restart; a finished game stands as an ended one.
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
        self.check_index(i)?;
        if game.n() != self.n {
            return Err(Error::Incompatible {
                reason: "its size differs",
            });
        }
        if game.mode() != Mode::Checked {
            return Err(Error::Incompatible {
                reason: "a lean game keeps no board",
            });
        }
        if game.moves().next().is_some_and(|(_, _, p)| p != Player::X) {
            return Err(Error::Incompatible {
                reason: "O moved first, and X moves first here",
            });
        }
        let slot = self.parts.slot(i, self.n);
        let journal = game.store.journal();
        *slot.counters = game.counters.clone();
        slot.lines.copy_from_slice(game.store.lines());
        slot.cells.copy_from_slice(game.store.cells());
        slot.history[..journal.len()].copy_from_slice(journal);
        *slot.env = Env {
            to_move: game.last_player().map_or(Player::X, Player::other),
            ended: game.is_over(),
            winner: game.winner().map_or(0, Player::number),
            forfeit: false,
        };
        Ok(())
    }

    /// The player to move in game `i`.
    pub fn current_player(&self, i: usize) -> Result<Player, Error> {
        self.check_index(i)?;
        Ok(self.parts.envs[i].to_move)
    }

    fn check_index(&self, i: usize) -> Result<(), Error> {
        if i < self.num_envs() {
            Ok(())
        } else {
            Err(Error::NoSuchGame {
                index: i,
                games: self.num_envs(),
            })
        }
    }

    fn check_view(&self, view: &View<'_>) -> Result<(), BatchError> {
        let (envs, cells) = (self.num_envs(), self.num_actions());
        fits(view.obs.len(), 2 * cells * envs)?;
        fits(view.action_mask.len(), cells * envs)?;
        fits(view.current_player.len(), envs)
    }

    /// Whether `action` may be stepped in game `i` under this object's policies, and if not, why.
    fn check_action(&self, i: usize, action: i64) -> Result<(), Error> {
        let env = self.parts.envs[i];
        if env.ended {
            return match self.autoreset {
                AutoReset::Disabled => Err(Error::GameOver {
                    winner: bits_player(env.winner),
                }),
                // A pending restart: any action is ignored.
                _ => Ok(()),
            };
        }
        if self.illegal == Illegal::Loss {
            return Ok(());
        }
        let cells = self.num_actions();
        match u32::try_from(action) {
            Ok(a) if (a as usize) < cells => {
                let n = self.n as u32;
                match bits_player(cell_bits(self.parts.board(i, cells), a)) {
                    Some(by) => Err(Error::Occupied {
                        row: (a / n) as usize,
                        col: (a % n) as usize,
                        by,
                    }),
                    None => Ok(()),
                }
            }
            _ => Err(Error::ActionOutOfRange {
                action: i128::from(action),
                actions: cells,
            }),
        }
    }

    fn write_view(&self, view: View<'_>) {
        sized!(self.write_view_sized(view));
    }

    fn write_view_sized<const N: usize>(&self, view: View<'_>) {
        let cells = size::<N>(self.n) * size::<N>(self.n);
        let games = self.parts.cells.chunks_exact(words(cells));
        let games = games.zip(&self.parts.envs);
        let seen = view.obs.chunks_exact_mut(2 * cells);
        let seen = seen.zip(view.action_mask.chunks_exact_mut(cells));
        let seen = seen.zip(view.current_player.iter_mut());
        for ((board, &env), ((obs, mask), player)) in games.zip(seen) {
            write_game(board, env, obs, mask);
            *player = env.to_move.number();
        }
    }
}
