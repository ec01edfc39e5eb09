//! The classic game's boards in a batch, for the boards too large for a word (`n` of 8 or more):
//! each game's counters, lines, packed cells and moves in the arrays of [`Columns`], moved by the
//! classic game's own checked move. Its check, step and sample are in `step.rs` and `sample.rs`.

use rand_xoshiro::Xoshiro256PlusPlus;

use super::block::Boards;
use super::layout::Columns;
use super::outputs::{StepOutputs, View};
use super::planes::write_game;
use super::seat::Env;
use super::{AutoReset, Illegal, Setup};
use crate::cells::{bits_player, cell_bits, words};
use crate::chosen::Game;
use crate::classic::ClassicGame;
use crate::error::Error;
use crate::packed::reciprocal;
use crate::player::Player;
use crate::repr::private::action_cell;
use crate::rules::Rules;

/// Calls `$games.$method::<N>(...)` with `N` the board size for 8 x 8, the smallest classic board
/// a batch keeps in counters (the smaller ones fit a word), so that every length in that method is
/// a constant when it is compiled, and with `N = 0` (meaning: the size `n` as it is) for every
/// other size.
macro_rules! sized_ {
    ($games:ident . $method:ident $(::<$($more:tt),*>)? ( $($arg:expr),* )) => {
        match $games.n {
            8 => $games.$method::<8 $($(, $more)*)?>($($arg),*),
            _ => $games.$method::<0 $($(, $more)*)?>($($arg),*),
        }
    };
}

/// The board size a method specialised for `N` works with: `N`, or `n` where `N` is 0.
pub(super) const fn size<const N: usize>(n: usize) -> usize {
    if N == 0 { n } else { N }
}

pub(super) use sized_ as sized;

/// The boards of a block of `n x n` classic games.
#[derive(Clone, Debug)]
pub(super) struct ClassicBoards {
    pub(super) n: usize,
    pub(super) columns: Columns,
    /// For finding an action's row with a multiplication instead of a division.
    pub(super) reciprocal: u64,
}

impl Boards for ClassicBoards {
    fn new(setup: &Setup) -> Result<ClassicBoards, Error> {
        let n = setup.rules.rows();
        Ok(ClassicBoards {
            n,
            columns: Columns::new(setup.num_envs, n, setup.oom)?,
            reciprocal: reciprocal(n as u32),
        })
    }

    fn num_envs(&self) -> usize {
        self.columns.envs.len()
    }

    fn env(&self, i: usize) -> Env {
        self.columns.envs[i]
    }

    fn envs(&self) -> impl Iterator<Item = Env> + '_ {
        self.columns.envs.iter().copied()
    }

    fn all_legal(&self, actions: &[i64], policies: (AutoReset, Illegal)) -> bool {
        sized!(self.all_legal_sized(actions, policies))
    }

    /// The rules of an action, asked of game `i`'s cells.
    fn refusal(&self, i: usize, action: i64) -> Result<(), Error> {
        let n = self.n;
        let board = self.columns.board(i, n * n);
        // On the board, whose cells have 32-bit indices.
        let occupant =
            |row: usize, col: usize| bits_player(cell_bits(board, (row * n + col) as u32));
        action_cell(Rules::classic(n), action, || Ok(()), occupant, |_| None).map(drop)
    }

    fn step(&mut self, actions: &[i64], out: StepOutputs<'_>, policies: (AutoReset, Illegal)) {
        // Under `Raise`, every action that reaches a game in play has been checked.
        match policies.1 {
            Illegal::Raise => sized!(self.step_sized::<true>(actions, out, policies.0)),
            Illegal::Loss => sized!(self.step_sized::<false>(actions, out, policies.0)),
        }
    }

    fn restart(&mut self, i: usize) {
        self.columns.slot(i, self.n).restart();
    }

    fn write_view(&self, view: View<'_>) {
        sized!(self.write_view_sized(view));
    }

    fn sample(&mut self, rng: &mut Xoshiro256PlusPlus, actions: &mut [i64]) {
        sized!(self.sample_sized(rng, actions));
    }

    fn playout(&mut self, rng: &mut Xoshiro256PlusPlus, winners: &mut [u8]) {
        sized!(self.playout_sized(rng, winners));
    }

    fn game(&self, i: usize) -> Result<Game, Error> {
        // The game's moves replayed: X first, then alternating, as every game of a batch is played.
        let (n, cells) = (self.n, self.n * self.n);
        let moves = self.columns.counters[i].1.moves() as usize;
        let mut game = ClassicGame::new(n)?;
        let mut player = Player::X;
        for &index in &self.columns.journal[i * cells..][..moves] {
            let index = index as usize;
            game.play(index / n, index % n, player)?;
            player = player.other();
        }
        Ok(Game::from(game))
    }

    /// A checked game of the same size, in a position X could have reached moving first (else
    /// [`Error::Incompatible`], and nothing changes). It cancels a pending restart; a finished
    /// game stands as an ended one.
    fn set_game(&mut self, i: usize, game: &Game) -> Result<(), Error> {
        let rules = game.rules();
        let refused = |reason| Err(Error::Incompatible { reason });
        if !rules.is_classic() {
            return refused("its rules differ");
        }
        if rules.rows() != self.n {
            return refused("its size differs");
        }
        let Some((classic, turns, moves)) = game.classic() else {
            return refused("a lean game keeps no board");
        };
        let (counters, lines, cells) = classic.checked_state();
        let first = game.moves().next().map(|(_, _, p)| p);
        let env = Env::put_back(first, game.last_player(), game.is_over(), game.winner())?;
        let slot = self.columns.slot(i, self.n);
        *slot.counters = counters.clone();
        *slot.turns = turns.clone();
        slot.lines.copy_from_slice(lines);
        slot.cells.copy_from_slice(cells);
        slot.journal[..moves.len()].copy_from_slice(moves);
        *slot.env = env;
        Ok(())
    }
}

impl ClassicBoards {
    fn write_view_sized<const N: usize>(&self, view: View<'_>) {
        let cells = size::<N>(self.n) * size::<N>(self.n);
        let games = self.columns.cells.chunks_exact(words(cells));
        let games = games.zip(&self.columns.envs);
        let seen = view.obs.chunks_exact_mut(2 * cells);
        let seen = seen.zip(view.action_mask.chunks_exact_mut(cells));
        let seen = seen.zip(view.current_player.iter_mut());
        for ((board, &env), ((obs, mask), player)) in games.zip(seen) {
            write_game(board, env, obs, mask);
            *player = env.to_move.number();
        }
    }
}
