//! Where a game keeps its lines, cells and move history: on the heap with the size chosen at run time
//! ([`Heap`]), or in arrays whose size is fixed at compile time ([`Fixed`]). The rules live in
//! [`Counters`](crate::counters::Counters) and [`Game`](crate::Game); a storage only holds memory.

use crate::counters::Line;
use crate::{Error, Mode};

mod sealed {
    pub trait Sealed {}
}

/// The memory behind a [`Game`](crate::Game): [`Heap`] (with the `alloc` feature) or [`Fixed`].
///
/// This trait is sealed: its methods are the engine's own business and are hidden from the docs.
/// Code generic over it works with every kind of board:
///
/// ```
/// use tictactoe_core::{FixedGame, Game, Player, Storage, TicTacToe};
///
/// fn centre<S: Storage>(game: &mut TicTacToe<S>) -> bool {
///     let middle = game.n() / 2;
///     game.play(middle, middle, Player::X).is_ok()
/// }
/// assert!(centre(&mut FixedGame::<3>::new()));
/// assert!(centre(&mut Game::new(5)?));
/// # Ok::<(), tictactoe_core::Error>(())
/// ```
pub trait Storage: sealed::Sealed {
    /// An empty storage for an `n x n` board in `mode`; `n` is already validated for the mode.
    #[doc(hidden)]
    fn create(n: u32, mode: Mode) -> Result<Self, Error>
    where
        Self: Sized;
    #[doc(hidden)]
    fn mode(&self) -> Mode;
    /// The rows, then the columns.
    #[doc(hidden)]
    fn lines(&self) -> &[Line];
    #[doc(hidden)]
    fn lines_mut(&mut self) -> &mut [Line];
    /// The cells, two bits each, 32 to a word; empty in lean mode.
    #[doc(hidden)]
    fn cells(&self) -> &[u64];
    #[doc(hidden)]
    fn cells_mut(&mut self) -> &mut [u64];
    /// The cells played so far (`row * n + col`), oldest first; empty in lean mode.
    #[doc(hidden)]
    fn history(&self) -> &[u32];
    /// Makes room to record one more move, so that recording it cannot fail.
    #[doc(hidden)]
    fn reserve_move(&mut self) -> Result<(), Error>;
    /// Records a move; [`Storage::reserve_move`] has made room for it.
    #[doc(hidden)]
    fn push_move(&mut self, cell: u32);
    /// Forgets every move after the first `len`.
    #[doc(hidden)]
    fn truncate_moves(&mut self, len: usize);
}

/// Reads the two bits of cell `index`: 0 empty, 1 `X`, 2 `O`.
#[inline]
pub(crate) fn cell_bits(cells: &[u64], index: u32) -> u8 {
    ((cells[(index / 32) as usize] >> ((index % 32) * 2)) & 0b11) as u8
}

/// Writes the two bits of cell `index`.
#[inline]
pub(crate) fn set_cell_bits(cells: &mut [u64], index: u32, bits: u8) {
    let word = &mut cells[(index / 32) as usize];
    let shift = (index % 32) * 2;
    *word = (*word & !(0b11 << shift)) | (u64::from(bits) << shift);
}

/// A board whose size is fixed at compile time: plain arrays, no allocator. `N` must be 1 to 32.
///
/// Use it through [`FixedGame`](crate::FixedGame):
///
/// ```
/// use tictactoe_core::{FixedGame, Player};
///
/// let mut game = FixedGame::<3>::new();
/// assert_eq!(game.play(0, 0, Player::X), Ok(None));
/// assert_eq!(core::mem::size_of_val(&game) < 256, true);
/// ```
#[derive(Clone, Debug)]
pub struct Fixed<const N: usize> {
    lines: [[Line; N]; 2],
    // N * N cells at 32 a word fit in N words because N <= 32.
    cells: [u64; N],
    history: [[u32; N]; N],
    len: usize,
}

impl<const N: usize> Fixed<N> {
    pub(crate) const fn empty() -> Self {
        const {
            assert!(
                N >= 1 && N <= 32,
                "a fixed board's size must be between 1 and 32"
            )
        };
        Fixed {
            lines: [[Line::with_marks(0, 0); N]; 2],
            cells: [0; N],
            history: [[0; N]; N],
            len: 0,
        }
    }
}

impl<const N: usize> sealed::Sealed for Fixed<N> {}

impl<const N: usize> Storage for Fixed<N> {
    fn create(n: u32, mode: Mode) -> Result<Self, Error> {
        if n as usize != N || mode != Mode::Checked {
            return Err(Error::Decode(crate::DecodeError::WrongShape));
        }
        Ok(Fixed::empty())
    }
    #[inline]
    fn mode(&self) -> Mode {
        Mode::Checked
    }
    #[inline]
    fn lines(&self) -> &[Line] {
        self.lines.as_flattened()
    }
    #[inline]
    fn lines_mut(&mut self) -> &mut [Line] {
        self.lines.as_flattened_mut()
    }
    #[inline]
    fn cells(&self) -> &[u64] {
        &self.cells
    }
    #[inline]
    fn cells_mut(&mut self) -> &mut [u64] {
        &mut self.cells
    }
    #[inline]
    fn history(&self) -> &[u32] {
        &self.history.as_flattened()[..self.len]
    }
    #[inline]
    fn reserve_move(&mut self) -> Result<(), Error> {
        // A game ends when its N * N cells are full, so the array always has room.
        Ok(())
    }
    #[inline]
    fn push_move(&mut self, cell: u32) {
        self.history.as_flattened_mut()[self.len] = cell;
        self.len += 1;
    }
    #[inline]
    fn truncate_moves(&mut self, len: usize) {
        self.len = self.len.min(len);
    }
}

#[cfg(feature = "alloc")]
pub use heap::Heap;

#[cfg(feature = "alloc")]
mod heap {
    use alloc::vec::Vec;

    use super::{Line, Storage, sealed};
    use crate::{Error, Mode};

    /// A board whose size is chosen at run time, on the heap (feature `alloc`).
    ///
    /// Use it through [`Game`](crate::Game), where it is the default storage:
    ///
    /// ```
    /// use tictactoe_core::{Game, Mode};
    ///
    /// let game = Game::new_lean(100_000)?;
    /// assert_eq!(game.mode(), Mode::Lean);
    /// # Ok::<(), tictactoe_core::Error>(())
    /// ```
    #[derive(Clone, Debug)]
    pub struct Heap {
        mode: Mode,
        lines: Vec<Line>,
        cells: Vec<u64>,
        history: Vec<u32>,
    }

    /// Moves recorded before the history has to grow; small boards never grow it.
    const FIRST_HISTORY: u64 = 64;

    /// A vector of `len` copies of `value`, or an error instead of an abort when memory is short.
    fn try_filled<T: Clone>(len: u64, value: T, n: u32) -> Result<Vec<T>, Error> {
        let oom = Error::OutOfMemory { n };
        let len = usize::try_from(len).map_err(|_| oom)?;
        let mut v = Vec::new();
        v.try_reserve_exact(len).map_err(|_| oom)?;
        v.resize(len, value);
        Ok(v)
    }

    impl sealed::Sealed for Heap {}

    impl Storage for Heap {
        fn create(n: u32, mode: Mode) -> Result<Self, Error> {
            let n64 = u64::from(n);
            let lines = try_filled(2 * n64, Line::default(), n)?;
            let (cells, history) = match mode {
                Mode::Lean => (Vec::new(), Vec::new()),
                Mode::Checked => {
                    let cells = try_filled((n64 * n64).div_ceil(32), 0, n)?;
                    let mut history = Vec::new();
                    let first = (n64 * n64).min(FIRST_HISTORY) as usize;
                    history
                        .try_reserve_exact(first)
                        .map_err(|_| Error::OutOfMemory { n })?;
                    (cells, history)
                }
            };
            Ok(Heap {
                mode,
                lines,
                cells,
                history,
            })
        }
        #[inline]
        fn mode(&self) -> Mode {
            self.mode
        }
        #[inline]
        fn lines(&self) -> &[Line] {
            &self.lines
        }
        #[inline]
        fn lines_mut(&mut self) -> &mut [Line] {
            &mut self.lines
        }
        #[inline]
        fn cells(&self) -> &[u64] {
            &self.cells
        }
        #[inline]
        fn cells_mut(&mut self) -> &mut [u64] {
            &mut self.cells
        }
        #[inline]
        fn history(&self) -> &[u32] {
            &self.history
        }
        #[inline]
        fn reserve_move(&mut self) -> Result<(), Error> {
            // Doubling keeps a move O(1) amortised; the error leaves the game as it was.
            self.history.try_reserve(1).map_err(|_| Error::OutOfMemory {
                n: (self.lines.len() / 2) as u32,
            })
        }
        #[inline]
        fn push_move(&mut self, cell: u32) {
            self.history.push(cell);
        }
        #[inline]
        fn truncate_moves(&mut self, len: usize) {
            self.history.truncate(len);
        }
    }
}
