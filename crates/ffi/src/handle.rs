//! The opaque objects C holds: each owns one engine object and a flag for a call a panic
//! interrupted. [`Handle`] is what the boundary needs of them, written once for all four.

use tictactoe_core::{Game, VecGames};
use tictactoe_solve::{Agent, Solver};

/// One game of the k-in-a-row family (the classic game, Connect Four, gomoku, ...). Opaque: create it
/// with `tictactoe_new`, `tictactoe_new_lean` or `tictactoe_new_rules`, release it with
/// `tictactoe_free`.
///
/// A game may move between threads, but must not be used from two threads at once; distinct games are
/// independent. A call that fails leaves the game exactly as it was, with one exception: a call an
/// internal error interrupts (`TICTACTOE_ERROR_PANIC`) may leave it half-changed, so from then on the
/// game refuses every call with that code and can only be freed.
pub struct TicTacToe {
    pub(crate) game: Game,
    /// Set when a panic interrupted a call that changes the game.
    pub(crate) broken: bool,
}

/// Many games of one size, stepped together; see `tictactoe_games_new`. Opaque. Like a single game,
/// it may move between threads but must not be used from two at once, and a call an internal error
/// interrupts leaves it refusing every call with `TICTACTOE_ERROR_PANIC`.
pub struct TicTacToeGames {
    pub(crate) games: VecGames,
    /// Set when a panic interrupted a call that changes the games.
    pub(crate) broken: bool,
}

/// A perfect-play solver whose table is kept between calls; see `tictactoe_solver_new`. Opaque. It
/// may move between threads but must not be used from two at once.
pub struct TicTacToeSolver {
    pub(crate) solver: Solver,
    /// Set when a panic interrupted a call that changes the solver.
    pub(crate) broken: bool,
}

/// A player with a skill dial; see `tictactoe_agent_new`. Opaque. It may move between threads but
/// must not be used from two at once.
pub struct TicTacToeAgent {
    pub(crate) agent: Agent,
    /// Set when a panic interrupted a call that changes the agent.
    pub(crate) broken: bool,
}

/// An object C holds: the engine object inside, and whether a panic left it unusable.
pub(crate) trait Handle: Sized {
    type Inner;
    fn wrap(inner: Self::Inner) -> Self;
    fn inner(&self) -> &Self::Inner;
    fn inner_mut(&mut self) -> &mut Self::Inner;
    fn broken(&self) -> bool;
    fn break_it(&mut self);
}

/// [`Handle`] for an owner of one engine object in a named field beside `broken`.
macro_rules! handle {
    ($outer:ident, $field:ident, $inner:ty) => {
        impl Handle for $outer {
            type Inner = $inner;
            fn wrap(inner: $inner) -> Self {
                $outer {
                    $field: inner,
                    broken: false,
                }
            }
            fn inner(&self) -> &$inner {
                &self.$field
            }
            fn inner_mut(&mut self) -> &mut $inner {
                &mut self.$field
            }
            fn broken(&self) -> bool {
                self.broken
            }
            fn break_it(&mut self) {
                self.broken = true;
            }
        }
    };
}

handle!(TicTacToe, game, Game);
handle!(TicTacToeGames, games, VecGames);
handle!(TicTacToeSolver, solver, Solver);
handle!(TicTacToeAgent, agent, Agent);

/// A new handle owning `inner`, for the caller to release with the type's `_free` function.
pub(crate) fn into_raw<H: Handle>(inner: H::Inner) -> *mut H {
    Box::into_raw(Box::new(H::wrap(inner)))
}
