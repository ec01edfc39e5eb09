//! One block of games, stepped on one thread: the engine of [`VecGames`](super::VecGames), which
//! splits its games into blocks. Its game numbers are its own, from 0.

use rand_core::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

use super::layout::Columns;
use super::outputs::View;
use super::planes::write_game;
use super::seat::Env;
use super::{AutoReset, Illegal, Setup};
use crate::cells::words;
use crate::chosen::Game;
use crate::classic::ClassicGame;
use crate::error::Error;
use crate::packed::reciprocal;
use crate::player::Player;

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

/// A block of `n x n` classic games, for the boards too large for a word (`n` of 8 or more).
#[derive(Clone, Debug)]
pub(super) struct Block {
    pub(super) n: usize,
    pub(super) autoreset: AutoReset,
    pub(super) illegal: Illegal,
    pub(super) columns: Columns,
    /// For finding an action's row with a multiplication instead of a division.
    pub(super) reciprocal: u64,
    pub(super) rng: Xoshiro256PlusPlus,
}

impl Block {
    /// Empty classic games of `setup`'s rules.
    pub(super) fn new(setup: Setup) -> Result<Block, Error> {
        let n = setup.rules.rows();
        Ok(Block {
            n,
            autoreset: setup.autoreset,
            illegal: setup.illegal,
            columns: Columns::new(setup.num_envs, n, setup.oom)?,
            reciprocal: reciprocal(n as u32),
            rng: Xoshiro256PlusPlus::seed_from_u64(setup.seed),
        })
    }

    pub(super) fn num_envs(&self) -> usize {
        self.columns.envs.len()
    }

    pub(super) fn num_actions(&self) -> usize {
        self.n * self.n
    }

    pub(super) fn seed(&mut self, seed: u64) {
        self.rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    }

    /// Empties every game, or those `only` names (`only[i]` for game `i`; a pending restart of a
    /// named game happens now), and writes what every game looks like into `view`.
    pub(super) fn reset(&mut self, only: Option<&[bool]>, view: View<'_>) {
        for (i, mut slot) in self.columns.slots(self.n).enumerate() {
            if only.is_none_or(|only| only[i]) {
                slot.restart();
            }
        }
        self.write_view(view);
    }

    /// A copy of game `i` as a single game: [`Error::Forfeited`] for a game lost by an illegal action, which no single game can hold.
    pub(super) fn game(&self, i: usize) -> Result<ClassicGame, Error> {
        self.columns.envs[i].taken_out()?;
        // The game's moves replayed: X first, then alternating, as every game of a batch is played.
        let (n, cells) = (self.n, self.num_actions());
        let moves = self.columns.counters[i].1.moves() as usize;
        let mut game = ClassicGame::new(n)?;
        let mut player = Player::X;
        for &index in &self.columns.journal[i * cells..][..moves] {
            let index = index as usize;
            game.play(index / n, index % n, player)?;
            player = player.other();
        }
        Ok(game)
    }

    /// Puts `game` in place of game `i`: a checked game of the same size, in a position X could have
    /// reached moving first (else [`Error::Incompatible`], and nothing changes). It cancels a pending
    /// restart; a finished game stands as an ended one.
    pub(super) fn set_game(&mut self, i: usize, game: &Game) -> Result<(), Error> {
        let rules = game.rules();
        let refused = |reason| Err(Error::Incompatible { reason });
        if !rules.is_classic() {
            return refused("its rules differ");
        }
        if rules.rows() != self.n {
            return refused("its size differs");
        }
        let Some((classic, turns)) = game.classic() else {
            return refused("a lean game keeps no board");
        };
        let (counters, lines, cells, moves) = classic.checked_state();
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

    /// The player to move in game `i`.
    pub(super) fn current_player(&self, i: usize) -> Player {
        self.columns.envs[i].to_move
    }
}

impl Block {
    pub(super) fn write_view(&self, view: View<'_>) {
        sized!(self.write_view_sized(view));
    }

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
