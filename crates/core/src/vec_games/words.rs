//! A block of games on boards that fit a word (Connect Four, any board up to 7 x 7 but the classic
//! square games, which the counters' block keeps), kept as the batch wants them: a few words a
//! game side by side, and the moves beside them, instead of a whole [`KGame`] each (its rules, its
//! turn record, a move list on the heap). A move is the board's own arithmetic ([`Shape`]: where a
//! mark lands, whether it makes a run), as the single game plays it; a game leaves the block as a
//! [`KGame`] and comes back from one.

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
use crate::kgame::{BitBoard, Family, Shape};
use crate::packed::{interleave, select, spread};
use crate::player::Player;
use crate::repr::private::Kept;
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

/// What every game of a block shares: the rules and their board's layout.
#[derive(Clone, Debug)]
struct Layout {
    rules: Rules,
    shape: Shape,
    /// Every cell in row-major order: the low `rows * cols` bits.
    all_by_rows: u64,
}

/// A block of games of `rules`, which fit a word (and are not the classic ones).
#[derive(Clone, Debug)]
pub(super) struct WordBlock {
    layout: Layout,
    autoreset: AutoReset,
    illegal: Illegal,
    slots: Vec<Slot>,
    /// Each game's moves (row-major cell indices), `rows * cols` bytes a game, oldest first.
    played: Vec<u8>,
    rng: Xoshiro256PlusPlus,
}

impl Layout {
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

    /// The empty cells of `slot`, in row-major order.
    #[inline(always)]
    fn empty(&self, slot: &Slot) -> u64 {
        self.all_by_rows & !(slot.by_rows[0] | slot.by_rows[1])
    }

    /// `slot`'s observation and mask. With gravity the mask's `cols` entries are the top row's
    /// empty cells (the first `cols` bits); without, every empty cell. All true once ended.
    #[inline(always)]
    fn write(&self, slot: &Slot, obs: &mut [bool], mask: &mut [bool]) {
        planes(slot, slot.env.to_move, obs);
        let legal = if slot.env.ended {
            u64::MAX
        } else {
            self.empty(slot)
        };
        spread(legal, mask);
    }
}

/// `slot`'s observation from `to_move`'s view.
#[inline(always)]
fn planes(slot: &Slot, to_move: Player, obs: &mut [bool]) {
    let me = to_move.index();
    interleave(slot.by_rows[me], slot.by_rows[1 - me], obs);
}

/// One game of a block, lent for a step.
struct WordSeat<'a> {
    slot: &'a mut Slot,
    /// Its moves, with room for every cell.
    played: &'a mut [u8],
    layout: &'a Layout,
}

impl Seat for WordSeat<'_> {
    #[inline(always)]
    fn env(&mut self) -> &mut Env {
        &mut self.slot.env
    }

    #[inline(always)]
    fn restart(&mut self) {
        *self.slot = Slot::START;
    }

    #[inline(always)]
    fn play(&mut self, action: i64, mover: Player) -> Result<Option<u8>, ()> {
        let Target { index, bit } = self.layout.target(self.slot, action).map_err(drop)?;
        let (slot, p) = (&mut *self.slot, mover.index());
        slot.stones[p] |= bit;
        slot.by_rows[p] |= 1 << index;
        // Below `rows * cols`, at most 63; a game has room for every cell.
        self.played[slot.moves as usize] = index as u8;
        slot.moves += 1;
        Ok(if self.layout.shape.has_run(slot.stones[p]) {
            Some(mover.number())
        } else if u64::from(slot.moves) == self.layout.rules.cells() {
            Some(0)
        } else {
            None
        })
    }

    #[inline(always)]
    fn planes(&self, to_move: Player, obs: &mut [bool]) {
        planes(self.slot, to_move, obs);
    }

    #[inline(always)]
    fn write(&self, _: Env, obs: &mut [bool], mask: &mut [bool]) {
        self.layout.write(self.slot, obs, mask);
    }
}

impl WordBlock {
    /// Empty games of `setup`'s rules, which fit a word.
    pub(super) fn new(setup: Setup) -> Result<WordBlock, Error> {
        let rules = setup.rules;
        let shape = Shape::of(rules).ok_or(Error::Incompatible {
            reason: "its board does not fit a word",
        })?;
        let cells = rules.cells() as usize;
        let slots = crate::memory::filled(setup.num_envs, Slot::START).ok_or(setup.oom)?;
        let played = (setup.num_envs.checked_mul(cells))
            .and_then(|len| crate::memory::filled(len, 0u8))
            .ok_or(setup.oom)?;
        Ok(WordBlock {
            layout: Layout {
                rules,
                shape,
                all_by_rows: (1 << cells) - 1,
            },
            autoreset: setup.autoreset,
            illegal: setup.illegal,
            slots,
            played,
            rng: Xoshiro256PlusPlus::seed_from_u64(setup.seed),
        })
    }

    pub(super) fn num_envs(&self) -> usize {
        self.slots.len()
    }

    pub(super) fn seed(&mut self, seed: u64) {
        self.rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    }

    fn cells(&self) -> usize {
        self.layout.rules.cells() as usize
    }

    /// Every game, lent in order.
    fn seats(&mut self) -> impl Iterator<Item = WordSeat<'_>> {
        let cells = self.cells();
        let layout = &self.layout;
        let played = self.played.chunks_exact_mut(cells);
        self.slots
            .iter_mut()
            .zip(played)
            .map(move |(slot, played)| WordSeat {
                slot,
                played,
                layout,
            })
    }

    /// The error `step` would give for `actions` (one per game), or `Ok`.
    pub(super) fn check(&self, actions: &[i64]) -> Result<(), (usize, Error)> {
        let envs = self.slots.iter().map(|slot| slot.env);
        let policies = (self.autoreset, self.illegal);
        check_seats(envs, actions, policies, |i, action| {
            self.layout.target(&self.slots[i], action).map(drop)
        })
    }

    /// Plays `actions[i]` in game `i` for every game, which [`check`](Self::check) has accepted.
    pub(super) fn step_checked(&mut self, actions: &[i64], out: StepOutputs<'_>) {
        let (cells, actions_per) = (self.cells(), self.layout.rules.actions());
        let sizes = (cells, self.autoreset);
        let (obs, mask, rest) = out.into_parts();
        if (2 * cells, actions_per) == (CONNECT_FOUR_OBS, CONNECT_FOUR_ACTIONS) {
            // Connect Four's sizes known when compiled: every write of a game's view unrolls.
            let obs = obs.as_chunks_mut::<CONNECT_FOUR_OBS>().0.iter_mut();
            let mask = mask.as_chunks_mut::<CONNECT_FOUR_ACTIONS>().0.iter_mut();
            return step_seats(self.seats(), actions, (obs, mask), rest, sizes);
        }
        let obs = obs.chunks_exact_mut(2 * cells);
        let mask = mask.chunks_exact_mut(actions_per);
        step_seats(self.seats(), actions, (obs, mask), rest, sizes);
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
        let (cells, actions) = (self.cells(), self.layout.rules.actions());
        let obs = view.obs.chunks_exact_mut(2 * cells);
        let mask = view.action_mask.chunks_exact_mut(actions);
        for (slot, ((obs, mask), player)) in self
            .slots
            .iter()
            .zip(obs.zip(mask).zip(view.current_player.iter_mut()))
        {
            self.layout.write(slot, obs, mask);
            *player = slot.env.to_move.number();
        }
    }

    /// A uniformly random legal action for `slot`: the same draws, for the same generator, as a
    /// block of whole games makes.
    #[inline(always)]
    fn random(layout: &Layout, rng: &mut Xoshiro256PlusPlus, slot: &Slot) -> usize {
        let rules = layout.rules;
        if !rules.gravity() {
            if slot.env.ended {
                return below(rng, rules.cells()) as usize;
            }
            let k = below(rng, rules.cells() - u64::from(slot.moves));
            return select(layout.empty(slot), k);
        }
        if slot.env.ended {
            return below(rng, rules.cols() as u64) as usize;
        }
        // Row 0, the top, is the first `cols` bits: its empty cells are the open columns.
        let open = layout.empty(slot) & ((1 << rules.cols()) - 1);
        let k = below(rng, u64::from(open.count_ones()));
        select(open, k)
    }

    pub(super) fn sample(&mut self, actions: &mut [i64]) {
        for (slot, action) in self.slots.iter().zip(actions) {
            *action = Self::random(&self.layout, &mut self.rng, slot) as i64;
        }
    }

    pub(super) fn playout(&mut self, winners: &mut [u8]) {
        let cells = self.cells();
        let (layout, rng) = (&self.layout, &mut self.rng);
        let seats = self
            .slots
            .iter_mut()
            .zip(self.played.chunks_exact_mut(cells));
        for ((slot, played), winner) in seats.zip(winners) {
            let mut seat = WordSeat {
                slot,
                played,
                layout,
            };
            while !seat.slot.env.ended {
                let action = Self::random(layout, rng, seat.slot);
                advance(&mut seat, action as i64);
            }
            *winner = seat.slot.env.winner;
        }
    }

    /// A copy of game `i`: [`Error::Forfeited`] for a game lost by an illegal action. The game's
    /// own moves replayed on a fresh board, so that it holds what a single game would.
    pub(super) fn game(&self, i: usize) -> Result<Game, Error> {
        let slot = self.slots[i];
        slot.env.taken_out()?;
        let (cells, cols) = (self.cells(), self.layout.rules.cols());
        let mut game = Family::<BitBoard>::on_board(self.layout.rules)?;
        let mut player = Player::X;
        for &index in &self.played[i * cells..][..slot.moves as usize] {
            let index = usize::from(index);
            game.place::<false, false>((index / cols) as u64, (index % cols) as u64, player)?;
            player = player.other();
        }
        Ok(BitBoard::into_any(GameOn(game)))
    }

    /// Puts `game` in place of game `i`: the same rules, X first (else [`Error::Incompatible`]).
    pub(super) fn set_game(&mut self, i: usize, game: &Game) -> Result<(), Error> {
        let rules = self.layout.rules;
        let Some(game) = BitBoard::from_any(game).filter(|g| g.rules() == rules) else {
            return Err(Error::Incompatible {
                reason: "its rules differ",
            });
        };
        let first = game.moves().next().map(|(_, _, p)| p);
        let env = Env::put_back(first, game.last_player(), game.is_over(), game.winner())?;
        let (cells, cols) = (self.cells(), rules.cols());
        for ((row, col, _), slot) in game.moves().zip(&mut self.played[i * cells..][..cells]) {
            // Below `rows * cols`, at most 63.
            *slot = (row * cols + col) as u8;
        }
        self.slots[i] = Slot {
            stones: game.0.marks().words(),
            by_rows: game.0.marks().words_by_rows(),
            moves: game.move_count() as u32,
            env,
        };
        Ok(())
    }

    pub(super) fn current_player(&self, i: usize) -> Player {
        self.slots[i].env.to_move
    }
}
