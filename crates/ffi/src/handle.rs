//! The opaque objects C holds: each owns one engine object and a flag for a call a panic
//! interrupted. [`Handle`] is what the boundary needs of them, written once for both.

use tictactoe_core::{Agent, AnyGame, Solver, VecGames};

/// One game of the k-in-a-row family (the classic game, Connect Four, gomoku, ...). Opaque: create it
/// with `tictactoe_new`, `tictactoe_new_lean` or `tictactoe_new_rules`, release it with
/// `tictactoe_free`.
///
/// A game may move between threads, but must not be used from two threads at once; distinct games are
/// independent. A call that fails leaves the game exactly as it was, with one exception: a call an
/// internal error interrupts (`TICTACTOE_ERROR_PANIC`) may leave it half-changed, so from then on the
/// game refuses every call with that code and can only be freed.
pub struct TicTacToe {
    pub(crate) game: AnyGame,
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

/// An object C holds: the engine object inside, and whether a panic left it unusable.
pub(crate) trait Handle {
    type Inner;
    fn inner(&self) -> &Self::Inner;
    fn inner_mut(&mut self) -> &mut Self::Inner;
    fn broken(&self) -> bool;
    fn break_it(&mut self);
}

impl Handle for TicTacToe {
    type Inner = AnyGame;
    fn inner(&self) -> &AnyGame {
        &self.game
    }
    fn inner_mut(&mut self) -> &mut AnyGame {
        &mut self.game
    }
    fn broken(&self) -> bool {
        self.broken
    }
    fn break_it(&mut self) {
        self.broken = true;
    }
}

impl Handle for TicTacToeGames {
    type Inner = VecGames;
    fn inner(&self) -> &VecGames {
        &self.games
    }
    fn inner_mut(&mut self) -> &mut VecGames {
        &mut self.games
    }
    fn broken(&self) -> bool {
        self.broken
    }
    fn break_it(&mut self) {
        self.broken = true;
    }
}

/// A new handle owning `game`, for the caller to release with `tictactoe_free`.
pub(crate) fn new_game(game: AnyGame) -> *mut TicTacToe {
    Box::into_raw(Box::new(TicTacToe {
        game,
        broken: false,
    }))
}

/// A new handle owning `games`, for the caller to release with `tictactoe_games_free`.
pub(crate) fn new_games(games: VecGames) -> *mut TicTacToeGames {
    Box::into_raw(Box::new(TicTacToeGames {
        games,
        broken: false,
    }))
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

/// The handle trait for an owner of one engine object in a named field.
macro_rules! handle {
    ($outer:ty, $field:ident, $inner:ty) => {
        impl Handle for $outer {
            type Inner = $inner;
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

handle!(TicTacToeSolver, solver, Solver);
handle!(TicTacToeAgent, agent, Agent);

/// A new handle owning `solver`, for the caller to release with `tictactoe_solver_free`.
pub(crate) fn new_solver(solver: Solver) -> *mut TicTacToeSolver {
    Box::into_raw(Box::new(TicTacToeSolver {
        solver,
        broken: false,
    }))
}

/// A new handle owning `agent`, for the caller to release with `tictactoe_agent_free`.
pub(crate) fn new_agent(agent: Agent) -> *mut TicTacToeAgent {
    Box::into_raw(Box::new(TicTacToeAgent {
        agent,
        broken: false,
    }))
}
