//! The bottom floor: the two modes and the board sizes each allows. Every other module may use this
//! one; it uses none of them.

/// The largest `n` of a checked game: every cell has a 32-bit index, and the board takes
/// `n * n / 4` bytes (1 GiB at this size).
///
/// ```
/// use tictactoe_core::representations::ClassicGame;
/// use tictactoe_core::{Error, MAX_CHECKED_N};
///
/// assert!(matches!(ClassicGame::new(MAX_CHECKED_N + 1), Err(Error::InvalidSize { .. })));
/// ```
pub const MAX_CHECKED_N: usize = 65_535;

/// The largest `n` of a lean game: a line's word keeps its count of marks, up to `n` either way, in
/// 30 bits. A lean game takes `8n` bytes of counters.
///
/// ```
/// use tictactoe_core::{Error, Game, MAX_LEAN_N};
///
/// assert_eq!(MAX_LEAN_N, 536_870_911);
/// assert!(matches!(Game::new_lean(MAX_LEAN_N + 1), Err(Error::InvalidSize { .. })));
/// ```
pub const MAX_LEAN_N: usize = (1 << 29) - 1;

/// How a game keeps its state; see the [crate documentation](crate) for what each mode offers.
///
/// ```
/// use tictactoe_core::{Error, Game, Mode, Player};
///
/// let mut lean = Game::with_mode(3, Mode::Lean)?;
/// lean.play(0, 0, Player::X)?;
/// assert_eq!(lean.cell(0, 0), Err(Error::NeedsBoard));
/// # Ok::<(), Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Mode {
    /// Counters, who holds each cell (2 bits a cell) and the move history: rejects an occupied cell,
    /// and offers [`cell`](crate::representations::TicTacToe::cell), [`undo`](crate::representations::TicTacToe::undo) and drawing the
    /// board.
    #[default]
    Checked,
    /// Counters only, O(n) memory: the caller guarantees that each cell is played at most once.
    Lean,
}

impl Mode {
    /// The largest board size this mode accepts.
    ///
    /// ```
    /// # use tictactoe_core::Mode;
    /// assert_eq!(Mode::Checked.max_n(), 65_535);
    /// assert_eq!(Mode::Lean.max_n(), 536_870_911);
    /// ```
    #[must_use]
    pub const fn max_n(self) -> usize {
        match self {
            Mode::Checked => MAX_CHECKED_N,
            Mode::Lean => MAX_LEAN_N,
        }
    }

    /// `n` as the 32-bit size the counters keep, when this mode accepts it.
    pub(crate) const fn accepts(self, n: usize) -> Option<u32> {
        if n >= 1 && n <= self.max_n() {
            Some(n as u32)
        } else {
            None
        }
    }
}
