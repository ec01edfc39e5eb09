//! The rules of a game of the k-in-a-row family as a value: the board's rows and columns, the run
//! length `k` that wins, and whether marks fall (gravity). Checked once, when made; every board,
//! face and batch reads its sizes from here.

use crate::error::Error;

/// The rules of one game of the k-in-a-row family (the m,n,k-games): a `rows x cols` board on which
/// a player wins by holding `k` or more consecutive cells of a row, a column or any diagonal. With
/// `gravity`, a mark falls to the lowest empty cell of its column (row `rows - 1` is the bottom).
///
/// The classic `n x n` game is [`Rules::square`]`(n)`: `rows = cols = k = n`, no gravity.
///
/// ```
/// use tictactoe_core::Rules;
///
/// let four = Rules::connect_four();
/// assert_eq!((four.rows(), four.cols(), four.k(), four.gravity()), (6, 7, 4, true));
/// assert!(Rules::square(3)?.is_classic());
/// assert!(!Rules::gomoku(15)?.is_classic());
/// assert_eq!(
///     Rules::new(3, 3, 4, false).unwrap_err().to_string(),
///     "the rules 3x3, k = 4 make no game: k must be between 1 and the longer side"
/// );
/// # Ok::<(), tictactoe_core::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rules {
    rows: u32,
    cols: u32,
    k: u32,
    gravity: bool,
    /// Only a run of exactly `k` wins (an overline does not): gomoku's standard rule.
    exact: bool,
}

impl Rules {
    /// The longest side rules may name: a lean classic game's largest `n`. A board that keeps its
    /// cells (every game but a lean one) is at most [`MAX_CHECKED_N`](crate::MAX_CHECKED_N) a side.
    pub const MAX_SIDE: usize = crate::limits::MAX_LEAN_N;

    /// Rules for a `rows x cols` board where `k` in a row wins: sides from 1 to
    /// [`MAX_SIDE`](Self::MAX_SIDE), and `k` from 1 to the longer side. Anything else is
    /// [`Error::InvalidRules`].
    ///
    /// ```
    /// use tictactoe_core::Rules;
    ///
    /// assert_eq!(Rules::new(4, 5, 3, true)?.cells(), 20);
    /// assert!(Rules::new(0, 5, 1, false).is_err());
    /// # Ok::<(), tictactoe_core::Error>(())
    /// ```
    pub fn new(rows: usize, cols: usize, k: usize, gravity: bool) -> Result<Rules, Error> {
        let quoted = [rows, cols, k].map(|v| v as i128);
        Self::checked(quoted, gravity)
    }

    /// [`new`](Self::new) for foreign callers, whose numbers may be negative.
    ///
    /// ```
    /// use tictactoe_core::{Error, Rules};
    ///
    /// assert!(matches!(Rules::new_i64(-6, 7, 4, true), Err(Error::InvalidRules { rows: -6, .. })));
    /// ```
    pub fn new_i64(rows: i64, cols: i64, k: i64, gravity: bool) -> Result<Rules, Error> {
        Self::checked([rows, cols, k].map(i128::from), gravity)
    }

    fn checked([rows, cols, k]: [i128; 3], gravity: bool) -> Result<Rules, Error> {
        let refuse = |reason| Error::InvalidRules {
            rows,
            cols,
            k,
            reason,
        };
        let side = 1..=Self::MAX_SIDE as i128;
        if !side.contains(&rows) || !side.contains(&cols) {
            return Err(refuse(
                "rows and cols must be between 1 and 65535 (536870911 for a lean classic game)",
            ));
        }
        if !(1..=rows.max(cols)).contains(&k) {
            return Err(refuse("k must be between 1 and the longer side"));
        }
        Ok(Rules {
            rows: rows as u32,
            cols: cols as u32,
            k: k as u32,
            gravity,
            exact: false,
        })
    }

    /// The classic `n x n` game: `rows = cols = k = n`, no gravity.
    ///
    /// ```
    /// # use tictactoe_core::Rules;
    /// assert_eq!(Rules::square(3)?, Rules::new(3, 3, 3, false)?);
    /// # Ok::<(), tictactoe_core::Error>(())
    /// ```
    pub fn square(n: usize) -> Result<Rules, Error> {
        Self::new(n, n, n, false)
    }

    /// The classic rules of a game whose size `n` is already checked (at most
    /// [`MAX_SIDE`](Self::MAX_SIDE)).
    pub(crate) const fn classic(n: usize) -> Rules {
        Rules {
            rows: n as u32,
            cols: n as u32,
            k: n as u32,
            gravity: false,
            exact: false,
        }
    }

    /// Connect Four: 6 rows, 7 columns, 4 in a row, gravity.
    #[must_use]
    pub const fn connect_four() -> Rules {
        Rules {
            rows: 6,
            cols: 7,
            k: 4,
            gravity: true,
            exact: false,
        }
    }

    /// Free-style gomoku on an `n x n` board: 5 or more in a row wins (15 is the usual size).
    ///
    /// ```
    /// # use tictactoe_core::Rules;
    /// assert_eq!(Rules::gomoku(15)?.k(), 5);
    /// assert!(Rules::gomoku(4).is_err()); // no room for five
    /// # Ok::<(), tictactoe_core::Error>(())
    /// ```
    pub fn gomoku(n: usize) -> Result<Rules, Error> {
        Self::new(n, n, 5, false)
    }

    /// [`gomoku`](Self::gomoku) for foreign callers: `n` as passed, negative or huge refused as
    /// [`new_i64`](Self::new_i64) refuses it, and quoted exactly.
    ///
    /// ```
    /// # use tictactoe_core::Rules;
    /// assert_eq!(Rules::gomoku_i64(15)?, Rules::gomoku(15)?);
    /// assert!(Rules::gomoku_i64(-15).is_err());
    /// # Ok::<(), tictactoe_core::Error>(())
    /// ```
    pub fn gomoku_i64(n: i64) -> Result<Rules, Error> {
        Self::new_i64(n, n, 5, false)
    }

    /// The board's rows.
    #[must_use]
    pub const fn rows(&self) -> usize {
        self.rows as usize
    }

    /// The board's columns.
    #[must_use]
    pub const fn cols(&self) -> usize {
        self.cols as usize
    }

    /// How many in a row win.
    #[must_use]
    pub const fn k(&self) -> usize {
        self.k as usize
    }

    /// Whether marks fall to the lowest empty cell of their column.
    #[must_use]
    pub const fn gravity(&self) -> bool {
        self.gravity
    }

    /// Whether only a run of exactly `k` wins ([`with_exact`](Self::with_exact)).
    #[must_use]
    pub const fn exact(&self) -> bool {
        self.exact
    }

    /// These rules where only a run of exactly `k` of a player's cells on a line wins (`exact`), or
    /// `k` or more (not `exact`, the default). With `exact` an overline (a run longer than `k`)
    /// does not win and the game goes on: gomoku's standard rule, Gomocup's rule 1.
    ///
    /// ```
    /// use tictactoe_core::{Game, Player, Rules};
    ///
    /// let rules = Rules::new(2, 5, 3, false)?.with_exact(true);
    /// assert!(rules.exact());
    /// let mut game = Game::with_rules(rules)?;
    /// for (x, o) in [(0, 0), (1, 2), (3, 4)] {
    ///     game.play(0, x, Player::X)?;
    ///     game.play(1, o, Player::O)?;
    /// }
    /// // X X _ X: the gap would make four in a row, which does not win.
    /// assert_eq!(game.play(0, 2, Player::X)?, None);
    /// assert!(!game.is_over());
    /// # Ok::<(), tictactoe_core::Error>(())
    /// ```
    #[must_use]
    pub const fn with_exact(self, exact: bool) -> Rules {
        Rules { exact, ..self }
    }

    /// Whether a run longer than `k` can be made and would not win: `exact` rules with a line
    /// longer than `k` (on shorter lines the two rules are one).
    ///
    /// ```
    /// use tictactoe_core::Rules;
    ///
    /// assert!(Rules::gomoku(15)?.with_exact(true).overlines_lose());
    /// assert!(!Rules::gomoku(15)?.overlines_lose());
    /// assert!(!Rules::new(5, 5, 5, false)?.with_exact(true).overlines_lose()); // no line is longer
    /// # Ok::<(), tictactoe_core::Error>(())
    /// ```
    #[must_use]
    pub const fn overlines_lose(&self) -> bool {
        let longest = if self.rows > self.cols {
            self.rows
        } else {
            self.cols
        };
        self.exact && longest > self.k
    }

    /// The number of cells, `rows * cols`.
    #[must_use]
    pub const fn cells(&self) -> u64 {
        self.rows as u64 * self.cols as u64
    }

    /// Whether these are the classic square game's rules (`rows = cols = k`, no gravity, not
    /// [`exact`](Self::exact)), which the counters play in O(1) a move and O(n) memory in lean mode.
    #[must_use]
    pub const fn is_classic(&self) -> bool {
        self.rows == self.cols && self.cols == self.k && !self.gravity && !self.exact
    }

    /// The actions a batch of games numbers: one per cell (`row * cols + col`), or with gravity one
    /// per column.
    ///
    /// ```
    /// # use tictactoe_core::Rules;
    /// assert_eq!(Rules::connect_four().actions(), 7);
    /// assert_eq!(Rules::square(3)?.actions(), 9);
    /// # Ok::<(), tictactoe_core::Error>(())
    /// ```
    #[must_use]
    pub const fn actions(&self) -> usize {
        if self.gravity {
            self.cols as usize
        } else {
            self.rows as usize * self.cols as usize
        }
    }

    /// Checks that a board keeping its cells can hold these rules: no side above
    /// [`MAX_CHECKED_N`](crate::MAX_CHECKED_N), so every cell has a 32-bit index.
    #[cfg(feature = "alloc")]
    pub(crate) fn checked_board(self) -> Result<Rules, Error> {
        let max = crate::limits::MAX_CHECKED_N as u32;
        if self.rows <= max && self.cols <= max {
            Ok(self)
        } else {
            Err(Error::InvalidRules {
                rows: self.rows.into(),
                cols: self.cols.into(),
                k: self.k.into(),
                reason: "a board that keeps its cells has sides of at most 65535",
            })
        }
    }

    /// (`row`, `col`) as indices on this board, or [`Error::OutOfRange`] quoting the numbers given.
    pub(crate) fn locate(&self, row: i128, col: i128) -> Result<(usize, usize), Error> {
        if (0..self.rows as i128).contains(&row) && (0..self.cols as i128).contains(&col) {
            Ok((row as usize, col as usize))
        } else {
            Err(Error::OutOfRange {
                row,
                col,
                rows: self.rows(),
                cols: self.cols(),
            })
        }
    }

    /// The index a batch's `action` names (a cell, or with gravity a column), or
    /// [`Error::ActionOutOfRange`].
    pub(crate) fn action(&self, action: i64) -> Result<usize, Error> {
        let actions = self.actions();
        usize::try_from(action)
            .ok()
            .filter(|&a| a < actions)
            .ok_or(Error::ActionOutOfRange {
                action: i128::from(action),
                actions,
            })
    }

    /// `col` as an index on this board, or [`Error::ColumnOutOfRange`].
    pub(crate) fn column(&self, col: i128) -> Result<usize, Error> {
        if (0..self.cols as i128).contains(&col) {
            Ok(col as usize)
        } else {
            Err(Error::ColumnOutOfRange {
                col,
                cols: self.cols(),
            })
        }
    }
}
