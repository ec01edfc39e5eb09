//! Many games at once, for reinforcement learning, self-play and search: one object steps every game
//! in one call. Each game is a checked [`Game`] played through the same rules as any other, so
//! stepping one game of a batch gives exactly what a single game gives; this module only adds the
//! environment's bookkeeping (whose turn it is after a game ends, auto-reset, rewards) and writes the
//! results into the caller's buffers.

use alloc::vec::Vec;

use rand_core::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

use crate::batch::BatchError;
use crate::error::Error;
use crate::game::Game;
use crate::player::Player;
use crate::rules::bits_player;
use crate::storage::cell_bits;

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
    games: Vec<Game>,
    /// Per game: ended and not yet started again.
    ended: Vec<bool>,
    /// Per game: the winner's number of an ended game (0 for a draw).
    winner: Vec<u8>,
    /// Per game: ended by an illegal action.
    forfeit: Vec<bool>,
    /// Per game: the player to move; it keeps alternating after a game ends.
    to_move: Vec<Player>,
    rng: Xoshiro256PlusPlus,
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

/// `len` copies of `value`, or `oom` instead of an abort.
/// Bit 0 of every two-bit cell field.
const LOW_BITS: u64 = 0x5555_5555_5555_5555;

/// One word of the packed board as observation bits: bit `2c` set when the mover holds cell `c`, bit
/// `2c + 1` when the other player does. The board stores X in the low bit of each field and O in
/// the high one, so it is already X's view; O's swaps each pair.
#[inline]
fn mover_view(word: u64, mover_is_o: bool) -> u64 {
    if mover_is_o {
        ((word & LOW_BITS) << 1) | ((word >> 1) & LOW_BITS)
    } else {
        word
    }
}

/// Bit `2c` set for each empty cell `c` among the first `cells` of a packed word (at most 32).
#[inline]
fn empty_cells(word: u64, cells: usize) -> u64 {
    let fields = if cells >= 32 {
        LOW_BITS
    } else {
        LOW_BITS & ((1 << (2 * cells)) - 1)
    };
    !(word | (word >> 1)) & fields
}

/// One packed word of a board (up to 32 cells) as observation pairs and mask entries, from the
/// view of `mover`. A legal cell is an empty one, and every cell of an ended game.
#[inline(always)]
fn write_word(word: u64, mover: Player, ended: bool, obs: &mut [bool], mask: &mut [bool]) {
    spread(mover_view(word, mover == Player::O), obs);
    let legal = if ended {
        !0
    } else {
        empty_cells(word, mask.len())
    };
    spread(even_bits(legal), mask);
}

/// The position of the `k`-th set bit of `bits` (from 0, lowest first); `bits` has more than `k`.
#[inline]
fn kth_bit(mut bits: u64, k: u64) -> usize {
    for _ in 0..k {
        bits &= bits - 1;
    }
    bits.trailing_zeros() as usize
}

/// Bit `2k` of `bits` moved to bit `k`, for every `k` below 32 (the odd bits dropped).
#[inline]
fn even_bits(bits: u64) -> u64 {
    let mut x = bits & LOW_BITS;
    x = (x | (x >> 1)) & 0x3333_3333_3333_3333;
    x = (x | (x >> 2)) & 0x0F0F_0F0F_0F0F_0F0F;
    x = (x | (x >> 4)) & 0x00FF_00FF_00FF_00FF;
    x = (x | (x >> 8)) & 0x0000_FFFF_0000_FFFF;
    (x | (x >> 16)) & 0xFFFF_FFFF
}

/// Every byte value as eight bools, bit `k` in position `k`: eight outputs written in one copy.
const BYTE_BOOLS: [[bool; 8]; 256] = {
    let mut table = [[false; 8]; 256];
    let mut value = 0;
    while value < 256 {
        let mut k = 0;
        while k < 8 {
            table[value][k] = (value >> k) & 1 != 0;
            k += 1;
        }
        value += 1;
    }
    table
};

/// Writes bit `k` of `bits` into `out[k]` (`out` at most 64 long).
#[inline]
fn spread(mut bits: u64, out: &mut [bool]) {
    let mut bytes = out.chunks_exact_mut(8);
    for eight in &mut bytes {
        eight.copy_from_slice(&BYTE_BOOLS[(bits & 0xFF) as usize]);
        bits >>= 8;
    }
    // Fewer than eight left: one at a time (a short copy of unknown length would call memcpy).
    for (k, slot) in bytes.into_remainder().iter_mut().enumerate() {
        *slot = (bits >> k) & 1 != 0;
    }
}

fn filled<T: Clone>(len: usize, value: T, oom: Error) -> Result<Vec<T>, Error> {
    let mut v = Vec::new();
    v.try_reserve_exact(len).map_err(|_| oom)?;
    v.resize(len, value);
    Ok(v)
}

/// A uniform number below `bound` (at least 1), without bias.
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

impl VecGames {
    /// `num_envs` (at least 1) empty checked `n x n` games, and a generator seeded with `seed`.
    /// Every game's history is allocated up front, so no step can fail for memory.
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
        let oom = Error::OutOfMemory { n };
        let mut games = Vec::new();
        games.try_reserve_exact(num_envs).map_err(|_| oom)?;
        for _ in 0..num_envs {
            let mut game = Game::new(n)?;
            game.reserve_history()?;
            games.push(game);
        }
        Ok(VecGames {
            n,
            autoreset,
            illegal,
            ended: filled(num_envs, false, oom)?,
            winner: filled(num_envs, 0u8, oom)?,
            forfeit: filled(num_envs, false, oom)?,
            to_move: filled(num_envs, Player::X, oom)?,
            games,
            rng: Xoshiro256PlusPlus::seed_from_u64(seed),
        })
    }

    /// How many games.
    #[must_use]
    pub fn num_envs(&self) -> usize {
        self.games.len()
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
        for i in 0..self.num_envs() {
            if only.is_none_or(|only| only[i]) {
                self.restart(i);
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
        for (index, &action) in actions.iter().enumerate() {
            self.check_action(index, action)
                .map_err(|error| BatchError { index, error })?;
        }
        Ok(())
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
        for (i, &action) in actions.iter().enumerate() {
            out.rewards[2 * i..2 * i + 2].fill(0.0);
            out.terminated[i] = false;
            out.winner[i] = 0;
            out.has_final_obs[i] = false;
            if self.ended[i] {
                // Checked above: a pending restart, whose action is ignored.
                self.restart(i);
                continue;
            }
            if let Some(winner) = self.advance(i, action) {
                out.terminated[i] = true;
                out.winner[i] = winner;
                if let Some(w) = bits_player(winner) {
                    out.rewards[2 * i + w.index()] = 1.0;
                    out.rewards[2 * i + w.other().index()] = -1.0;
                }
                if self.autoreset == AutoReset::SameStep {
                    let slot = 2 * cells * i..2 * cells * (i + 1);
                    self.write_obs(i, &mut out.final_obs[slot]);
                    out.has_final_obs[i] = true;
                    self.restart(i);
                }
            }
        }
        self.write_view(out.view);
        Ok(())
    }

    /// Writes a uniformly random legal action for every game in play, and a uniformly random action
    /// for every game that has ended (ignored or refused there anyway).
    pub fn sample(&mut self, actions: &mut [i64]) -> Result<(), BatchError> {
        fits(actions.len(), self.num_envs())?;
        for (i, action) in actions.iter_mut().enumerate() {
            *action = self.random_action(i) as i64;
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
    /// let mut winners = [0i8; 100];
    /// games.playout(&mut winners).unwrap();
    /// assert!(winners.iter().all(|&w| (0..=2).contains(&w)));
    /// assert!((0..100).all(|i| games.game(i).unwrap().is_over()));
    /// # Ok::<(), tictactoe_core::Error>(())
    /// ```
    pub fn playout(&mut self, winners: &mut [i8]) -> Result<(), BatchError> {
        fits(winners.len(), self.num_envs())?;
        for (i, slot) in winners.iter_mut().enumerate() {
            while !self.ended[i] {
                let action = self.random_action(i);
                self.advance(i, action as i64);
            }
            *slot = self.winner[i] as i8;
        }
        Ok(())
    }

    /// Game `i` as a single game: [`Error::NoSuchGame`] outside `0..num_envs`, [`Error::Forfeited`]
    /// for a game lost by an illegal action, which no single game can hold.
    pub fn game(&self, i: usize) -> Result<&Game, Error> {
        self.check_index(i)?;
        if self.forfeit[i] {
            let winner = bits_player(self.winner[i]).unwrap_or(Player::X);
            return Err(Error::Forfeited { winner });
        }
        Ok(&self.games[i])
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
        if game.mode() != crate::Mode::Checked {
            return Err(Error::Incompatible {
                reason: "a lean game keeps no board",
            });
        }
        if game.moves().next().is_some_and(|(_, _, p)| p != Player::X) {
            return Err(Error::Incompatible {
                reason: "O moved first, and X moves first here",
            });
        }
        let mut copy = game.clone();
        copy.reserve_history()?;
        self.to_move[i] = copy.last_player().map_or(Player::X, Player::other);
        self.ended[i] = copy.is_over();
        self.winner[i] = copy.winner().map_or(0, Player::number);
        self.forfeit[i] = false;
        self.games[i] = copy;
        Ok(())
    }

    /// The player to move in game `i`.
    pub fn current_player(&self, i: usize) -> Result<Player, Error> {
        self.check_index(i)?;
        Ok(self.to_move[i])
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

    /// Whether `action` may be stepped in game `i` under this object's policies.
    fn check_action(&self, i: usize, action: i64) -> Result<(), Error> {
        if self.ended[i] {
            return match self.autoreset {
                AutoReset::Disabled => Err(Error::GameOver {
                    winner: bits_player(self.winner[i]),
                }),
                // A pending restart: any action is ignored.
                _ => Ok(()),
            };
        }
        if self.illegal == Illegal::Loss {
            return Ok(());
        }
        // The common case, an empty cell, read straight from the packed board; the row and column
        // (a division) only for the message.
        if let Ok(a) = u32::try_from(action)
            && (a as usize) < self.num_actions()
            && cell_bits(self.games[i].packed_cells(), a) == 0
        {
            return Ok(());
        }
        let (row, col) = self.cell_of(action)?;
        match self.games[i].cell(row, col)? {
            Some(by) => Err(Error::Occupied { row, col, by }),
            None => Ok(()),
        }
    }

    fn cell_of(&self, action: i64) -> Result<(usize, usize), Error> {
        match usize::try_from(action) {
            Ok(a) if a < self.num_actions() => {
                // Below n * n <= 65535², so both fit in 32 bits, where division is several times
                // faster than in 64.
                let (a, n) = (a as u32, self.n as u32);
                Ok(((a / n) as usize, (a % n) as usize))
            }
            _ => Err(Error::ActionOutOfRange {
                action: i128::from(action),
                actions: self.num_actions(),
            }),
        }
    }

    /// Plays `action` for the player to move in game `i`, which is in play; an illegal action loses
    /// the game. Returns the winner's number (0 for a draw) when the game ends.
    fn advance(&mut self, i: usize, action: i64) -> Option<u8> {
        let mover = self.to_move[i];
        self.to_move[i] = mover.other();
        let played = self
            .cell_of(action)
            .and_then(|(row, col)| self.games[i].play(row, col, mover));
        let winner = match played {
            Ok(Some(winner)) => winner.number(),
            Ok(None) if self.games[i].is_over() => 0,
            Ok(None) => return None,
            Err(_) => {
                self.forfeit[i] = true;
                mover.other().number()
            }
        };
        self.ended[i] = true;
        self.winner[i] = winner;
        Some(winner)
    }

    fn restart(&mut self, i: usize) {
        self.games[i].reset();
        self.ended[i] = false;
        self.winner[i] = 0;
        self.forfeit[i] = false;
        self.to_move[i] = Player::X;
    }

    fn random_action(&mut self, i: usize) -> usize {
        let cells = self.num_actions();
        if self.ended[i] {
            return below(&mut self.rng, cells as u64) as usize;
        }
        let game = &self.games[i];
        let mut k = below(&mut self.rng, game.moves_left());
        if let &[word] = game.packed_cells() {
            return kth_bit(empty_cells(word, cells), k) / 2;
        }
        for (w, &word) in game.packed_cells().iter().enumerate() {
            let empty = empty_cells(word, cells - 32 * w);
            let here = u64::from(empty.count_ones());
            if k < here {
                return 32 * w + kth_bit(empty, k) / 2;
            }
            k -= here;
        }
        // moves_left counts exactly the empty cells of a game in play, so one was chosen.
        0
    }

    /// Game `i`'s observation, from the mover's point of view, into `obs` (`2 * n * n` long).
    fn write_obs(&self, i: usize, obs: &mut [bool]) {
        let mover_is_o = self.to_move[i] == Player::O;
        for (chunk, &word) in obs.chunks_mut(64).zip(self.games[i].packed_cells()) {
            spread(mover_view(word, mover_is_o), chunk);
        }
    }

    fn write_view(&self, view: View<'_>) {
        // The common small boards with their sizes known at compile time: every write unrolled.
        match self.n {
            3 => self.write_view_sized::<9, 18>(view),
            4 => self.write_view_sized::<16, 32>(view),
            5 => self.write_view_sized::<25, 50>(view),
            _ => self.write_view_any(view),
        }
    }

    /// `write_view` for boards of `CELLS` cells (one packed word), `OBS = 2 * CELLS`.
    fn write_view_sized<const CELLS: usize, const OBS: usize>(&self, view: View<'_>) {
        let games = view.obs.chunks_exact_mut(OBS);
        let games = games.zip(view.action_mask.chunks_exact_mut(CELLS));
        for (i, ((obs, mask), player)) in games.zip(view.current_player.iter_mut()).enumerate() {
            let (Ok(obs), Ok(mask), &[word]) = (
                <&mut [bool; OBS]>::try_from(obs),
                <&mut [bool; CELLS]>::try_from(mask),
                self.games[i].packed_cells(),
            ) else {
                continue; // exact chunks of a one-word board: never taken
            };
            write_word(word, self.to_move[i], self.ended[i], obs, mask);
            *player = self.to_move[i].number();
        }
    }

    fn write_view_any(&self, view: View<'_>) {
        let cells = self.num_actions();
        let games = view.obs.chunks_exact_mut(2 * cells);
        let games = games.zip(view.action_mask.chunks_exact_mut(cells));
        for (i, ((obs, mask), player)) in games.zip(view.current_player.iter_mut()).enumerate() {
            let chunks = obs.chunks_mut(64).zip(mask.chunks_mut(32));
            for ((obs, mask), &word) in chunks.zip(self.games[i].packed_cells()) {
                write_word(word, self.to_move[i], self.ended[i], obs, mask);
            }
            *player = self.to_move[i].number();
        }
    }
}
