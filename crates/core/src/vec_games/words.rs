//! A block of games on boards that fit a word (Connect Four, every board up to 7 x 7, tic-tac-toe
//! among them), kept as the batch wants them: each game's marks as a [`BitBoard`] keeps them
//! ([`Stones`]: a few words a game, side by side) and its moves beside them, instead of a whole
//! game each (its rules, its turn record, a move list on the heap). A move is the board's own
//! arithmetic ([`Shape`]: where a mark lands, whether it makes a run), as the single game plays
//! it; a game leaves the block as a [`Game`] and comes back from one.

use alloc::vec::Vec;
use core::hint::select_unpredictable;

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
use crate::kgame::{BitBoard, Family, Shape, Stones};
use crate::limits::Mode;
use crate::packed::{select, select_in_nine, spread};
use crate::player::Player;
use crate::repr::private::action_cell;
use crate::rules::Rules;

/// One game of the block.
#[derive(Clone, Copy, Debug)]
struct Slot {
    /// Its marks, as a [`BitBoard`] keeps them. On a board of at most nine cells a step keeps
    /// only those in row-major order, which its win test reads.
    stones: Stones,
    /// Moves played.
    moves: u32,
    env: Env,
}

impl Slot {
    const START: Slot = Slot {
        stones: Stones::EMPTY,
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

/// Calls `$block.$method::<ROWS, COLS, K, GRAVITY, ...>(...)` with the rules of the boards batches
/// meet most known when compiled (tic-tac-toe, Connect Four), so that a move's arithmetic, its
/// win test and the views' lengths fold into constants; with `ROWS` 0 (the layout's rules as they
/// are) for every other board.
macro_rules! fixed {
    ($block:ident . $method:ident $(::<$($more:tt),*>)? ( $($arg:expr),* )) => {
        match $block.layout.fixed() {
            (3, 3, 3, false) => $block.$method::<3, 3, 3, false $($(, $more)*)?>($($arg),*),
            (6, 7, 4, true) => $block.$method::<6, 7, 4, true $($(, $more)*)?>($($arg),*),
            _ => $block.$method::<0, 0, 0, false $($(, $more)*)?>($($arg),*),
        }
    };
}

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
    /// The rules [`fixed!`] knows when compiled: rows, columns, `k` and gravity.
    fn fixed(&self) -> (u32, u32, u32, bool) {
        let shape = &self.shape;
        (shape.rows, shape.cols, shape.k, shape.gravity)
    }

    /// Rows, columns and gravity: `ROWS`, `COLS` and `GRAVITY` where [`fixed!`] knows them
    /// (`ROWS` not 0), else the layout's.
    #[inline(always)]
    fn sizes<const ROWS: u32, const COLS: u32, const GRAVITY: bool>(&self) -> (u32, u32, bool) {
        if ROWS == 0 {
            (self.shape.rows, self.shape.cols, self.shape.gravity)
        } else {
            (ROWS, COLS, GRAVITY)
        }
    }

    /// The cell `action` takes in `slot` (a game in play), or `None` where the rules refuse it
    /// (why: [`refusal`](Self::refusal)). `LEGAL`: the caller has checked the action, so only
    /// the cell is asked for.
    #[inline(always)]
    fn target<const ROWS: u32, const COLS: u32, const GRAVITY: bool, const LEGAL: bool>(
        &self,
        slot: &Slot,
        action: i64,
    ) -> Option<Target> {
        let (rows, cols, gravity) = self.sizes::<ROWS, COLS, GRAVITY>();
        let (height, actions) = (rows + 1, if gravity { cols } else { rows * cols });
        let index = usize::try_from(action)
            .ok()
            .filter(|&a| LEGAL || a < actions as usize)? as u32;
        if gravity {
            let all = slot.stones.columns[0] | slot.stones.columns[1];
            let col = index;
            // A column fills from its bottom without a gap: adding its bottom bit carries up to its
            // lowest empty cell, or into the spare bit above a full column, which is no cell.
            let bit = (all + (1 << (col * height))) & !all & self.shape.cells;
            if !LEGAL && bit == 0 {
                return None;
            }
            // Its height in the column, from the bottom, gives its row.
            let up = bit.trailing_zeros() - col * height;
            let row = rows - 1 - up;
            let index = row * cols + col;
            return Some(Target { index, bit });
        }
        let (row, col) = (index / cols, index % cols);
        let bit = 1 << (col * height + (rows - 1 - row));
        let by_rows = slot.stones.by_rows;
        let taken = (by_rows[0] | by_rows[1]) >> index & 1 != 0;
        if !LEGAL && taken {
            return None;
        }
        Some(Target { index, bit })
    }

    /// Why `slot` (a game in play) refuses `action`, if it does: the rules of an action, asked
    /// of its stones.
    fn refusal(&self, slot: &Slot, action: i64) -> Result<(), Error> {
        let stones = &slot.stones;
        let occupant = |row, col| stones.holder(&self.shape, row, col);
        let landing = |col| stones.landing(&self.shape, col);
        action_cell(self.rules, action, || Ok(()), occupant, landing).map(drop)
    }

    /// The empty cells of `slot`, in row-major order.
    #[inline(always)]
    fn empty(&self, slot: &Slot) -> u64 {
        slot.stones.empty(self.all_by_rows)
    }

    /// `slot`'s observation and mask. With gravity the mask's `cols` entries are the top row's
    /// empty cells (the first `cols` bits); without, every empty cell. All true once ended.
    #[inline(always)]
    fn write(&self, slot: &Slot, obs: &mut [bool], mask: &mut [bool]) {
        slot.stones.planes(slot.env.to_move, obs);
        let legal = if slot.env.ended {
            u64::MAX
        } else {
            self.empty(slot)
        };
        spread(legal, mask);
    }
}

/// For a board of `ROWS x COLS`, at most nine cells: bit `m` of the table is set when the cells of
/// `m` (row-major) hold `K` in a row along a row, a column or a diagonal.
const fn wins_in_nine<const ROWS: u32, const COLS: u32, const K: u32>() -> [u64; 8] {
    let mut table = [0u64; 8];
    let mut marks = 0u32;
    while marks < 512 && ROWS * COLS <= 9 && K > 0 {
        let mut won = false;
        let mut cell = 0;
        while cell < ROWS * COLS {
            let (row, col) = ((cell / COLS) as i32, (cell % COLS) as i32);
            let directions = [(0, 1), (1, 0), (1, 1), (1, -1)];
            let mut d = 0;
            while d < 4 {
                let (mut i, mut run) = (0, true);
                while i < K as i32 {
                    let (r, c) = (row + i * directions[d].0, col + i * directions[d].1);
                    let on = r >= 0 && c >= 0 && r < ROWS as i32 && c < COLS as i32;
                    run &= on && (marks >> (r * COLS as i32 + c)) & 1 != 0;
                    i += 1;
                }
                won |= run;
                d += 1;
            }
            cell += 1;
        }
        if won {
            table[(marks >> 6) as usize] |= 1 << (marks & 63);
        }
        marks += 1;
    }
    table
}

/// One game of the block, lent for a step, with the rules [`fixed!`] knows and whether (`LEGAL`)
/// the caller has checked every action it is given.
struct WordSeat<
    'a,
    const ROWS: u32,
    const COLS: u32,
    const K: u32,
    const GRAVITY: bool,
    const LEGAL: bool,
> {
    slot: &'a mut Slot,
    /// Its moves, with room for every cell.
    played: &'a mut [u8],
    layout: &'a Layout,
}

impl<const ROWS: u32, const COLS: u32, const K: u32, const GRAVITY: bool, const LEGAL: bool> Seat
    for WordSeat<'_, ROWS, COLS, K, GRAVITY, LEGAL>
{
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
        let layout = self.layout;
        let target = layout.target::<ROWS, COLS, GRAVITY, LEGAL>(self.slot, action);
        let Target { index, bit } = target.ok_or(())?;
        let (rows, cols, _) = layout.sizes::<ROWS, COLS, GRAVITY>();
        let (slot, p) = (&mut *self.slot, mover.index());
        let table = ROWS != 0 && ROWS * COLS <= 9;
        let mine = if table {
            slot.stones.by_rows[p] |= 1 << index;
            0
        } else {
            slot.stones.mark(p, index, bit)
        };
        // Below `rows * cols`, at most 63; a game has room for every cell.
        self.played[slot.moves as usize] = index as u8;
        slot.moves += 1;
        let won = if table {
            // Tic-tac-toe's size: the marks in row-major order look their answer up.
            let wins = const { wins_in_nine::<ROWS, COLS, K>() };
            let marks = slot.stones.by_rows[p];
            (wins[(marks >> 6) as usize & 7] >> (marks & 63)) & 1 != 0
        } else {
            layout.shape.has_run_sized::<ROWS, K>(mine)
        };
        Ok(if won {
            Some(mover.number())
        } else if slot.moves == rows * cols {
            Some(0)
        } else {
            None
        })
    }

    #[inline(always)]
    fn planes(&self, to_move: Player, obs: &mut [bool]) {
        self.slot.stones.planes(to_move, obs);
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
    #[inline(always)]
    fn seats<
        const ROWS: u32,
        const COLS: u32,
        const K: u32,
        const GRAVITY: bool,
        const LEGAL: bool,
    >(
        &mut self,
    ) -> impl Iterator<Item = WordSeat<'_, ROWS, COLS, K, GRAVITY, LEGAL>> {
        let (rows, cols, _) = self.layout.sizes::<ROWS, COLS, GRAVITY>();
        let cells = (rows * cols) as usize;
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
        if fixed!(self.all_legal(actions)) {
            return Ok(());
        }
        let envs = self.slots.iter().map(|slot| slot.env);
        let policies = (self.autoreset, self.illegal);
        check_seats(envs, actions, policies, |i, action| {
            self.layout.refusal(&self.slots[i], action)
        })
    }

    /// True when no game refuses its action (as [`check_seats`] would find), read straight from
    /// the boards without a branch a game: the common case. False says nothing about which game
    /// refuses, or whether one really does.
    fn all_legal<const ROWS: u32, const COLS: u32, const K: u32, const GRAVITY: bool>(
        &self,
        actions: &[i64],
    ) -> bool {
        let (rows, cols, gravity) = self.layout.sizes::<ROWS, COLS, GRAVITY>();
        let count = u64::from(if gravity { cols } else { rows * cols });
        let (mut any_ended, mut illegal_in_play) = (false, false);
        // Every bit from `count` up stands for an action off the board (a board has fewer than 64
        // cells), as if taken; a negative action is huge as u64 and lands on bit 63.
        let off_board = !0u64 << count;
        for (slot, &action) in self.slots.iter().zip(actions) {
            // The action's cell in row-major order; with gravity, its column's top cell, taken
            // only when the column is full.
            let refused = slot.stones.by_rows[0] | slot.stones.by_rows[1] | off_board;
            let illegal = (refused >> (action as u64).min(63)) & 1 != 0;
            any_ended |= slot.env.ended;
            illegal_in_play |= !slot.env.ended & illegal;
        }
        let disabled = self.autoreset == AutoReset::Disabled;
        let raise = self.illegal == Illegal::Raise;
        !((disabled & any_ended) | (raise & illegal_in_play))
    }

    /// Plays `actions[i]` in game `i` for every game, which [`check`](Self::check) has accepted.
    pub(super) fn step_checked(&mut self, actions: &[i64], out: StepOutputs<'_>) {
        // Under `Raise`, every action that reaches a game in play has been checked.
        match self.illegal {
            Illegal::Raise => fixed!(self.step_fixed::<true>(actions, out)),
            Illegal::Loss => fixed!(self.step_fixed::<false>(actions, out)),
        }
    }

    /// [`step_checked`](Self::step_checked) with the rules [`fixed!`] knows.
    fn step_fixed<
        const ROWS: u32,
        const COLS: u32,
        const K: u32,
        const GRAVITY: bool,
        const LEGAL: bool,
    >(
        &mut self,
        actions: &[i64],
        out: StepOutputs<'_>,
    ) {
        let (rows, cols, gravity) = self.layout.sizes::<ROWS, COLS, GRAVITY>();
        let cells = (rows * cols) as usize;
        let actions_per = if gravity { cols as usize } else { cells };
        let sizes = (cells, self.autoreset);
        let (obs, mask, rest) = out.into_parts();
        let obs = obs.chunks_exact_mut(2 * cells);
        let mask = mask.chunks_exact_mut(actions_per);
        let seats = self.seats::<ROWS, COLS, K, GRAVITY, LEGAL>();
        step_seats(seats, actions, (obs, mask), rest, sizes);
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
    fn random<const ROWS: u32, const COLS: u32, const GRAVITY: bool>(
        layout: &Layout,
        rng: &mut Xoshiro256PlusPlus,
        slot: &Slot,
    ) -> usize {
        let (rows, cols, gravity) = layout.sizes::<ROWS, COLS, GRAVITY>();
        let cells = u64::from(rows * cols);
        if !gravity {
            // Every cell is a choice in an ended game, without a branch on whether it ended (a
            // coin flip a predictor cannot learn): its k-th cell is cell k, the same draw.
            let ended = slot.env.ended;
            let choices = select_unpredictable(ended, layout.all_by_rows, layout.empty(slot));
            let left = select_unpredictable(ended, cells, cells - u64::from(slot.moves));
            let k = below(rng, left);
            if cells <= 9 {
                return select_in_nine(choices, k);
            }
            return select(choices, k);
        }
        if slot.env.ended {
            return below(rng, u64::from(cols)) as usize;
        }
        // Row 0, the top, is the first `cols` bits: its empty cells are the open columns.
        let open = layout.empty(slot) & ((1 << cols) - 1);
        let k = below(rng, u64::from(open.count_ones()));
        select(open, k)
    }

    pub(super) fn sample(&mut self, actions: &mut [i64]) {
        fixed!(self.sample_fixed(actions));
    }

    fn sample_fixed<const ROWS: u32, const COLS: u32, const K: u32, const GRAVITY: bool>(
        &mut self,
        actions: &mut [i64],
    ) {
        for (slot, action) in self.slots.iter().zip(actions) {
            let random = Self::random::<ROWS, COLS, GRAVITY>(&self.layout, &mut self.rng, slot);
            *action = random as i64;
        }
    }

    pub(super) fn playout(&mut self, winners: &mut [u8]) {
        fixed!(self.playout_fixed(winners));
    }

    fn playout_fixed<const ROWS: u32, const COLS: u32, const K: u32, const GRAVITY: bool>(
        &mut self,
        winners: &mut [u8],
    ) {
        let cells = self.cells();
        let (layout, rng) = (&self.layout, &mut self.rng);
        let seats = self
            .slots
            .iter_mut()
            .zip(self.played.chunks_exact_mut(cells));
        for ((slot, played), winner) in seats.zip(winners) {
            // A random action is a legal one.
            let mut seat = WordSeat::<ROWS, COLS, K, GRAVITY, true> {
                slot,
                played,
                layout,
            };
            while !seat.slot.env.ended {
                let action = Self::random::<ROWS, COLS, GRAVITY>(layout, rng, seat.slot);
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
        let (rules, cells, cols) = (self.layout.rules, self.cells(), self.layout.rules.cols());
        let moves = self.played[i * cells..][..slot.moves as usize].iter();
        let cells = moves.map(|&index| (usize::from(index) / cols, usize::from(index) % cols));
        // X first, then alternating, as every game of a batch is played.
        let movers = || core::iter::successors(Some(Player::X), |p| Some(p.other()));
        if rules.is_classic() {
            // The classic rules' own representation, as `Game::with_rules` keeps them.
            let mut game = Game::with_rules(rules)?;
            for ((row, col), player) in cells.zip(movers()) {
                game.play(row, col, player)?;
            }
            return Ok(game);
        }
        let mut game = GameOn::on(Family::<BitBoard>::on_board(rules)?);
        for ((row, col), player) in cells.zip(movers()) {
            game.play(row, col, player)?;
        }
        Ok(BitBoard::into_any(game))
    }

    /// Puts `game` in place of game `i`: a checked game of the same rules, X first (else
    /// [`Error::Incompatible`], and nothing changes).
    pub(super) fn set_game(&mut self, i: usize, game: &Game) -> Result<(), Error> {
        let rules = self.layout.rules;
        let refused = |reason| Err(Error::Incompatible { reason });
        if game.rules() != rules {
            let classic = rules.is_classic() && game.rules().is_classic();
            return refused(if classic {
                "its size differs"
            } else {
                "its rules differ"
            });
        }
        if game.mode() == Mode::Lean {
            return refused("a lean game keeps no board");
        }
        let first = game.moves().next().map(|(_, _, p)| p);
        let env = Env::put_back(first, game.last_player(), game.is_over(), game.winner())?;
        let (cells, cols) = (self.cells(), rules.cols());
        let mut slot = Slot { env, ..Slot::START };
        let played = &mut self.played[i * cells..][..cells];
        for ((row, col, player), at) in game.moves().zip(played) {
            // Below `rows * cols`, at most 63.
            let index = row * cols + col;
            *at = index as u8;
            let bit = self.layout.shape.bit(row, col);
            slot.stones.mark(player.index(), index as u32, bit);
            slot.moves += 1;
        }
        self.slots[i] = slot;
        Ok(())
    }

    pub(super) fn current_player(&self, i: usize) -> Player {
        self.slots[i].env.to_move
    }
}
