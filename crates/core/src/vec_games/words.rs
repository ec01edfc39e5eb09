//! The games of a block on boards that fit a word (Connect Four, every board up to 7 x 7, tic-tac-toe
//! among them), kept as the batch wants them: each game's marks as a [`BitBoard`] keeps them
//! ([`Stones`]: a few words a game, side by side) and its moves beside them, instead of a whole
//! game each (its rules, its turn record, a move list on the heap). A move is the board's own
//! arithmetic ([`Shape`]: where a mark lands, whether it makes a run), as the single game plays
//! it; a game leaves the block as a [`Game`] and comes back from one.

use alloc::vec::Vec;
use core::hint::select_unpredictable;

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

/// The games of a block of `rules` whose board fits a word.
#[derive(Clone, Debug)]
pub(super) struct WordBoards {
    layout: Layout,
    slots: Vec<Slot>,
    /// Each game's moves (row-major cell indices), `rows * cols` bytes a game, oldest first.
    played: Vec<u8>,
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

impl Boards for WordBoards {
    /// Empty games of `setup`'s rules, which fit a word.
    fn new(setup: &Setup) -> Result<WordBoards, Error> {
        let rules = setup.rules;
        let shape = Shape::of(rules).ok_or(Error::Incompatible {
            reason: "its board does not fit a word",
        })?;
        let cells = rules.cells() as usize;
        let slots = crate::memory::filled(setup.num_envs, Slot::START).ok_or(setup.oom)?;
        let played = (setup.num_envs.checked_mul(cells))
            .and_then(|len| crate::memory::filled(len, 0u8))
            .ok_or(setup.oom)?;
        Ok(WordBoards {
            layout: Layout {
                rules,
                shape,
                all_by_rows: (1 << cells) - 1,
            },
            slots,
            played,
        })
    }

    fn num_envs(&self) -> usize {
        self.slots.len()
    }

    fn env(&self, i: usize) -> Env {
        self.slots[i].env
    }

    fn envs(&self) -> impl Iterator<Item = Env> + '_ {
        self.slots.iter().map(|slot| slot.env)
    }

    fn all_legal(&self, actions: &[i64], policies: (AutoReset, Illegal)) -> bool {
        let block = self;
        fixed!(block.all_legal_fixed(actions, policies))
    }

    fn refusal(&self, i: usize, action: i64) -> Result<(), Error> {
        self.layout.refusal(&self.slots[i], action)
    }

    fn step(
        &mut self,
        actions: &[i64],
        out: StepOutputs<'_>,
        (autoreset, illegal): (AutoReset, Illegal),
    ) {
        let block = self;
        // Under `Raise`, every action that reaches a game in play has been checked.
        match illegal {
            Illegal::Raise => fixed!(block.step_fixed::<true>(actions, out, autoreset)),
            Illegal::Loss => fixed!(block.step_fixed::<false>(actions, out, autoreset)),
        }
    }

    fn restart(&mut self, i: usize) {
        self.slots[i] = Slot::START;
    }

    fn write_view(&self, view: View<'_>) {
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

    fn sample(&mut self, rng: &mut Xoshiro256PlusPlus, actions: &mut [i64]) {
        let block = self;
        fixed!(block.sample_fixed(rng, actions));
    }

    fn playout(&mut self, rng: &mut Xoshiro256PlusPlus, winners: &mut [u8]) {
        let block = self;
        fixed!(block.playout_fixed(rng, winners));
    }

    /// The game's own moves replayed on a fresh board, so that it holds what a single game would.
    fn game(&self, i: usize) -> Result<Game, Error> {
        let slot = self.slots[i];
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
        let mut game = GameOn::on(Family::<BitBoard>::on_board(rules)?)?;
        for ((row, col), player) in cells.zip(movers()) {
            game.play(row, col, player)?;
        }
        Ok(BitBoard::into_any(game))
    }

    /// A checked game of the same rules, X first (else [`Error::Incompatible`], and nothing
    /// changes).
    fn set_game(&mut self, i: usize, game: &Game) -> Result<(), Error> {
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
}

impl WordBoards {
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

    /// [`Boards::all_legal`] with the rules [`fixed!`] knows.
    fn all_legal_fixed<const ROWS: u32, const COLS: u32, const K: u32, const GRAVITY: bool>(
        &self,
        actions: &[i64],
        (autoreset, illegal): (AutoReset, Illegal),
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
        let disabled = autoreset == AutoReset::Disabled;
        let raise = illegal == Illegal::Raise;
        !((disabled & any_ended) | (raise & illegal_in_play))
    }

    /// [`Boards::step`] with the rules [`fixed!`] knows.
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
        autoreset: AutoReset,
    ) {
        let (rows, cols, gravity) = self.layout.sizes::<ROWS, COLS, GRAVITY>();
        let cells = (rows * cols) as usize;
        let actions_per = if gravity { cols as usize } else { cells };
        let (obs, mask, rest) = out.into_parts();
        let obs = obs.chunks_exact_mut(2 * cells);
        let mask = mask.chunks_exact_mut(actions_per);
        let seats = self.seats::<ROWS, COLS, K, GRAVITY, LEGAL>();
        step_seats(seats, actions, (obs, mask), rest, (cells, autoreset));
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

    fn sample_fixed<const ROWS: u32, const COLS: u32, const K: u32, const GRAVITY: bool>(
        &mut self,
        rng: &mut Xoshiro256PlusPlus,
        actions: &mut [i64],
    ) {
        for (slot, action) in self.slots.iter().zip(actions) {
            let random = Self::random::<ROWS, COLS, GRAVITY>(&self.layout, rng, slot);
            *action = random as i64;
        }
    }

    fn playout_fixed<const ROWS: u32, const COLS: u32, const K: u32, const GRAVITY: bool>(
        &mut self,
        rng: &mut Xoshiro256PlusPlus,
        winners: &mut [u8],
    ) {
        let cells = self.cells();
        let layout = &self.layout;
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
}
