//! A block of games on boards that fit a word (Connect Four, every square up to 7 x 7), kept as
//! the batch wants them: a few words a game side by side, and the moves beside them, instead of a
//! whole [`KGame`] each (its rules, its turn record, a move list on the heap). A move is the
//! board's own arithmetic ([`Shape`]: where a mark lands, whether it makes a run), as the single
//! game plays it; a game leaves the block as a [`KGame`] and comes back from one.

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
use crate::kgame::{BitBoard, KGame, Shape};
use crate::packed::{interleave, select, spread};
use crate::player::Player;
use crate::rules::Rules;

/// One game of the block.
#[derive(Clone, Copy, Debug)]
struct Slot {
    /// Each player's marks in the layout of [`Shape`] (column by column): runs and landings.
    stones: [u64; 2],
    /// The same marks in row-major order, the order of observations and actions.
    by_rows: [u64; 2],
    /// Moves played.
    moves: u32,
    env: Env,
}

impl Slot {
    const START: Slot = Slot {
        stones: [0; 2],
        by_rows: [0; 2],
        moves: 0,
        env: Env::START,
    };
}

/// A cell a move may take: its row-major index and its bit in the layout of [`Shape`].
#[derive(Clone, Copy)]
struct Target {
    index: u32,
    bit: u64,
}

/// A Connect Four game's observation (two planes of 6 x 7) and mask (7 columns).
const CONNECT_FOUR_OBS: usize = 84;
const CONNECT_FOUR_ACTIONS: usize = 7;

/// What a step writes besides the view: rewards, ends, winners, final observations.
struct Outcomes<'a> {
    rewards: &'a mut [f32],
    terminated: &'a mut [bool],
    winner: &'a mut [u8],
    final_obs: &'a mut [bool],
    has_final_obs: &'a mut [bool],
}

/// A block of games of `rules`, which fit a word (and are not the classic ones).
#[derive(Clone, Debug)]
pub(super) struct WordBlock {
    rules: Rules,
    shape: Shape,
    /// Every cell in row-major order: the low `rows * cols` bits.
    all_by_rows: u64,
    autoreset: AutoReset,
    illegal: Illegal,
    slots: Vec<Slot>,
    /// Each game's moves (row-major cell indices), `rows * cols` bytes a game, oldest first.
    played: Vec<u8>,
    rng: Xoshiro256PlusPlus,
}

impl WordBlock {
    /// `num_envs` empty games of `rules`, which fit a word, or `oom`.
    pub(super) fn new(
        num_envs: usize,
        rules: Rules,
        autoreset: AutoReset,
        illegal: Illegal,
        seed: u64,
        oom: Error,
    ) -> Result<WordBlock, Error> {
        let shape = Shape::of(rules).ok_or(Error::Incompatible {
            reason: "its board does not fit a word",
        })?;
        let cells = rules.cells() as usize;
        let slots = crate::memory::filled(num_envs, Slot::START).ok_or(oom)?;
        let played = num_envs
            .checked_mul(cells)
            .and_then(|len| crate::memory::filled(len, 0u8))
            .ok_or(oom)?;
        Ok(WordBlock {
            rules,
            shape,
            all_by_rows: (1 << cells) - 1,
            autoreset,
            illegal,
            slots,
            played,
            rng: Xoshiro256PlusPlus::seed_from_u64(seed),
        })
    }

    pub(super) fn num_envs(&self) -> usize {
        self.slots.len()
    }

    pub(super) fn seed(&mut self, seed: u64) {
        self.rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    }

    /// The cell `action` takes in `slot` (a game in play), or why it is illegal there: the same
    /// refusals, in the same order, as the game's own move.
    #[inline(always)]
    fn target(&self, slot: &Slot, action: i64) -> Result<Target, Error> {
        let (cols, actions) = (self.rules.cols(), self.rules.actions());
        let index = usize::try_from(action)
            .ok()
            .filter(|&a| a < actions)
            .ok_or(Error::ActionOutOfRange {
                action: i128::from(action),
                actions,
            })?;
        let all = slot.stones[0] | slot.stones[1];
        if self.rules.gravity() {
            let col = index as u32;
            let bit = self.shape.landing_bit(all, col);
            if bit == 0 {
                return Err(Error::ColumnFull { col: index });
            }
            // Its height in the column, from the bottom, gives its row.
            let up = bit.trailing_zeros() - col * self.shape.height;
            let row = self.shape.rows - 1 - up;
            let index = row * cols as u32 + col;
            return Ok(Target { index, bit });
        }
        let (row, col) = (index / cols, index % cols);
        let bit = self.shape.bit(row, col);
        if all & bit != 0 {
            let by = if slot.stones[0] & bit != 0 {
                Player::X
            } else {
                Player::O
            };
            return Err(Error::Occupied { row, col, by });
        }
        Ok(Target {
            index: index as u32,
            bit,
        })
    }

    /// The error `step` would give for `actions` (one per game), or `Ok`.
    pub(super) fn check(&self, actions: &[i64]) -> Result<(), (usize, Error)> {
        for (i, (slot, &action)) in self.slots.iter().zip(actions).enumerate() {
            if slot.env.ended {
                if self.autoreset == AutoReset::Disabled {
                    let winner = bits_player(slot.env.winner);
                    return Err((i, Error::GameOver { winner }));
                }
                continue;
            }
            if self.illegal == Illegal::Raise {
                self.target(slot, action).map_err(|error| (i, error))?;
            }
        }
        Ok(())
    }

    /// Plays `actions[i]` in game `i` for every game, which [`check`](Self::check) has accepted.
    pub(super) fn step_checked(&mut self, actions: &[i64], out: StepOutputs<'_>) {
        let (cells, actions_per) = (self.rules.cells() as usize, self.rules.actions());
        let StepOutputs {
            view,
            rewards,
            terminated,
            winner,
            final_obs,
            has_final_obs,
        } = out;
        let rest = Outcomes {
            rewards,
            terminated,
            winner,
            final_obs,
            has_final_obs,
        };
        let player = view.current_player;
        if (2 * cells, actions_per) == (CONNECT_FOUR_OBS, CONNECT_FOUR_ACTIONS) {
            // Connect Four's sizes known when compiled: every write of a game's view unrolls.
            let obs = view.obs.as_chunks_mut::<CONNECT_FOUR_OBS>().0;
            let mask = view.action_mask.as_chunks_mut::<CONNECT_FOUR_ACTIONS>().0;
            return self.step_each(actions, obs.iter_mut(), mask.iter_mut(), player, rest);
        }
        let obs = view.obs.chunks_exact_mut(2 * cells);
        let mask = view.action_mask.chunks_exact_mut(actions_per);
        self.step_each(actions, obs, mask, player, rest);
    }

    /// [`step_checked`](Self::step_checked) with each game's observation and mask from `obs` and
    /// `mask`: slices, or arrays when their sizes are known.
    #[inline(always)]
    fn step_each<O: AsMut<[bool]>, M: AsMut<[bool]>>(
        &mut self,
        actions: &[i64],
        obs: impl Iterator<Item = O>,
        mask: impl Iterator<Item = M>,
        player: &mut [u8],
        rest: Outcomes<'_>,
    ) {
        let cells = self.rules.cells() as usize;
        let same_step = self.autoreset == AutoReset::SameStep;
        let Outcomes {
            rewards,
            terminated,
            winner,
            final_obs,
            has_final_obs,
        } = rest;
        let outputs = obs
            .zip(mask)
            .zip(player.iter_mut())
            .zip(rewards.chunks_exact_mut(2))
            .zip(terminated.iter_mut().zip(winner.iter_mut()))
            .zip(has_final_obs.iter_mut());
        for (i, (((((mut obs, mut mask), player), reward), (ended, won)), has_final)) in
            outputs.enumerate()
        {
            reward.fill(0.0);
            (*ended, *won, *has_final) = (false, 0, false);
            if self.slots[i].env.ended {
                self.slots[i] = Slot::START;
            } else if let Some(w) = self.advance(i, actions[i]) {
                (*ended, *won) = (true, w);
                if let Some(w) = bits_player(w) {
                    reward[w.index()] = 1.0;
                    reward[w.other().index()] = -1.0;
                }
                if same_step {
                    let last = &mut final_obs[2 * cells * i..2 * cells * (i + 1)];
                    self.planes(&self.slots[i], last);
                    *has_final = true;
                    self.slots[i] = Slot::START;
                }
            }
            let slot = &self.slots[i];
            self.write_game(slot, obs.as_mut(), mask.as_mut());
            *player = slot.env.to_move.number();
        }
    }

    /// Plays `action` for the player to move in game `i`, which is in play; an illegal action loses
    /// the game. Returns the winner's number (0 for a draw) when the game ends.
    #[inline(always)]
    fn advance(&mut self, i: usize, action: i64) -> Option<u8> {
        let cells = self.rules.cells() as u32;
        let slot = &self.slots[i];
        let mover = slot.env.to_move;
        let target = self.target(slot, action);
        let slot = &mut self.slots[i];
        slot.env.to_move = mover.other();
        let winner = match target {
            Ok(Target { index, bit }) => {
                let p = mover.index();
                slot.stones[p] |= bit;
                slot.by_rows[p] |= 1 << index;
                self.played[i * cells as usize + slot.moves as usize] = index as u8;
                slot.moves += 1;
                if self.shape.has_run(slot.stones[p]) {
                    mover.number()
                } else if slot.moves == cells {
                    0
                } else {
                    return None;
                }
            }
            Err(_) => {
                slot.env.forfeit = true;
                mover.other().number()
            }
        };
        slot.env.ended = true;
        slot.env.winner = winner;
        Some(winner)
    }

    /// The empty cells of `slot`, in row-major order.
    #[inline(always)]
    fn empty(&self, slot: &Slot) -> u64 {
        self.all_by_rows & !(slot.by_rows[0] | slot.by_rows[1])
    }

    /// `slot`'s observation from its mover's view.
    #[inline(always)]
    fn planes(&self, slot: &Slot, obs: &mut [bool]) {
        let me = slot.env.to_move.index();
        interleave(slot.by_rows[me], slot.by_rows[1 - me], obs);
    }

    /// `slot`'s observation and mask. With gravity the mask's `cols` entries are the top row's
    /// empty cells (the first `cols` bits); without, every empty cell. All true once ended.
    #[inline(always)]
    fn write_game(&self, slot: &Slot, obs: &mut [bool], mask: &mut [bool]) {
        self.planes(slot, obs);
        spread(
            if slot.env.ended {
                u64::MAX
            } else {
                self.empty(slot)
            },
            mask,
        );
    }

    /// Empties every game, or those `only` names, and writes the view.
    pub(super) fn reset(&mut self, only: Option<&[bool]>, view: View<'_>) {
        for (i, slot) in self.slots.iter_mut().enumerate() {
            if only.is_none_or(|only| only[i]) {
                *slot = Slot::START;
            }
        }
        self.write_view(view);
    }

    pub(super) fn write_view(&self, view: View<'_>) {
        let (cells, actions) = (self.rules.cells() as usize, self.rules.actions());
        let obs = view.obs.chunks_exact_mut(2 * cells);
        let mask = view.action_mask.chunks_exact_mut(actions);
        for (slot, ((obs, mask), player)) in self
            .slots
            .iter()
            .zip(obs.zip(mask).zip(view.current_player.iter_mut()))
        {
            self.write_game(slot, obs, mask);
            *player = slot.env.to_move.number();
        }
    }

    /// A uniformly random legal action for game `i`: the same draws, for the same generator, as a
    /// block of whole games makes.
    #[inline(always)]
    fn random(&mut self, i: usize) -> usize {
        let slot = self.slots[i];
        let (cells, cols) = (self.rules.cells(), self.rules.cols());
        if !self.rules.gravity() {
            if slot.env.ended {
                return below(&mut self.rng, cells) as usize;
            }
            let k = below(&mut self.rng, cells - u64::from(slot.moves));
            return select(self.empty(&slot), k);
        }
        if slot.env.ended {
            return below(&mut self.rng, cols as u64) as usize;
        }
        // Row 0, the top, is the first `cols` bits: its empty cells are the open columns.
        let open = self.empty(&slot) & ((1 << cols) - 1);
        let k = below(&mut self.rng, u64::from(open.count_ones()));
        select(open, k)
    }

    pub(super) fn sample(&mut self, actions: &mut [i64]) {
        for (i, action) in actions.iter_mut().enumerate() {
            *action = self.random(i) as i64;
        }
    }

    pub(super) fn playout(&mut self, winners: &mut [u8]) {
        for (i, winner) in winners.iter_mut().enumerate() {
            while !self.slots[i].env.ended {
                let action = self.random(i);
                self.advance(i, action as i64);
            }
            *winner = self.slots[i].env.winner;
        }
    }

    /// A copy of game `i`: [`Error::Forfeited`] for a game lost by an illegal action. The game's
    /// own moves replayed on a fresh board, so that it holds what a single game would.
    pub(super) fn game(&self, i: usize) -> Result<Game, Error> {
        let slot = self.slots[i];
        if slot.env.forfeit {
            let winner = bits_player(slot.env.winner).unwrap_or(Player::X);
            return Err(Error::Forfeited { winner });
        }
        let (cells, cols) = (self.rules.cells() as usize, self.rules.cols());
        let mut game = KGame::<BitBoard>::on_board(self.rules)?;
        let moves = &self.played[i * cells..i * cells + slot.moves as usize];
        let mut player = Player::X;
        for &index in moves {
            let index = usize::from(index);
            game.place(index / cols, index % cols, player)?;
            player = player.other();
        }
        Ok(BitBoard::into_any(game))
    }

    /// Puts `game` in place of game `i`: the same rules, X first (else [`Error::Incompatible`]).
    pub(super) fn set_game(&mut self, i: usize, game: &Game) -> Result<(), Error> {
        let Some(game) = BitBoard::from_any(game).filter(|g| g.rules() == self.rules) else {
            return Err(Error::Incompatible {
                reason: "its rules differ",
            });
        };
        if game.moves().next().is_some_and(|(_, _, p)| p != Player::X) {
            return Err(Error::Incompatible {
                reason: "O moved first, and X moves first here",
            });
        }
        let (cells, cols) = (self.rules.cells() as usize, self.rules.cols());
        let record = &mut self.played[i * cells..(i + 1) * cells];
        for ((row, col, _), slot) in game.moves().zip(record) {
            // Below `rows * cols`, at most 63.
            *slot = (row * cols + col) as u8;
        }
        self.slots[i] = Slot {
            stones: game.marks().words(),
            by_rows: game.marks().words_by_rows(),
            moves: game.move_count() as u32,
            env: Env {
                to_move: game.last_player().map_or(Player::X, Player::other),
                ended: game.is_over(),
                winner: game.winner().map_or(0, Player::number),
                forfeit: false,
            },
        };
        Ok(())
    }

    pub(super) fn current_player(&self, i: usize) -> Player {
        self.slots[i].env.to_move
    }
}
