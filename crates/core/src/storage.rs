//! Where a classic game keeps its lines and cells, and the room for its record of moves: on the heap with the size chosen at run time
//! ([`Heap`]), or in arrays whose size is fixed at compile time ([`Fixed`]). A storage only holds
//! memory and reports plain facts (it does not fit, memory is short); the rules live above it.

use crate::counters::Line;
use crate::record::{Moves, Room};

pub(crate) use sealed::Unfit;

pub(crate) mod sealed {
    use super::{Line, Moves, Room};

    /// Why a storage could not be made.
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    pub enum Unfit {
        /// This kind of storage cannot hold that size.
        Shape,
        /// The allocator said no.
        Memory,
    }

    /// The storage's working parts. Public inside a private module: outside code can name
    /// [`Storage`](super::Storage) but can neither implement nor call this.
    pub trait Memory {
        /// An empty storage for an `n x n` checked board; `n` is valid for checked mode.
        fn create(n: u32) -> Result<Self, Unfit>
        where
            Self: Sized;
        /// What holds the game's record of moves.
        type Room: Room;
        /// An empty record for an `n x n` board: room for its first moves.
        fn first_moves(n: u32) -> Result<Moves<Self::Room>, Unfit>;
        /// Every part at once, to read.
        fn parts(&self) -> View<'_>;
        /// Every part at once: how a move writes them.
        fn parts_mut(&mut self) -> Parts<'_>;

        /// `n` pairs of lines, pair `i` holding row `i`, then column `i`.
        #[inline]
        fn lines(&self) -> &[[Line; 2]] {
            self.parts().lines
        }
        #[inline]
        fn lines_mut(&mut self) -> &mut [[Line; 2]] {
            self.parts_mut().lines
        }
        /// The cells, two bits each, 32 to a word.
        #[inline]
        fn cells(&self) -> &[u64] {
            self.parts().cells
        }
        #[inline]
        fn cells_mut(&mut self) -> &mut [u64] {
            self.parts_mut().cells
        }
    }

    /// The parts every storage keeps, each in a container of the storage's kind (arrays, or
    /// vectors on the heap): lent as [`View`] and [`Parts`] in one place for every storage.
    #[derive(Clone, Debug)]
    pub struct Slots<L, C> {
        pub lines: L,
        pub cells: C,
    }

    impl<L, C> Slots<L, C>
    where
        L: AsRef<[[Line; 2]]> + AsMut<[[Line; 2]]>,
        C: AsRef<[u64]> + AsMut<[u64]>,
    {
        #[inline]
        pub fn view(&self) -> View<'_> {
            View {
                lines: self.lines.as_ref(),
                cells: self.cells.as_ref(),
            }
        }
        #[inline]
        pub fn parts_mut(&mut self) -> Parts<'_> {
            Parts {
                lines: self.lines.as_mut(),
                cells: self.cells.as_mut(),
            }
        }
    }

    /// A storage's parts, to read.
    pub struct View<'a> {
        pub lines: &'a [[Line; 2]],
        pub cells: &'a [u64],
    }

    /// A storage's parts as disjoint borrows. A move takes them once, after its checks: what the
    /// checks proved in bounds stays proved, and a write to one part does not make the compiler
    /// read the others again.
    pub struct Parts<'a> {
        pub lines: &'a mut [[Line; 2]],
        pub cells: &'a mut [u64],
    }
}

/// The memory behind a [`TicTacToe`](crate::representations::TicTacToe): [`Heap`] (with the `alloc` feature) or
/// [`Fixed`]. Sealed: code can be generic over it, but only this crate implements it.
///
/// ```
/// use tictactoe_core::representations::{ClassicGame, Storage, TicTacToe};
/// use tictactoe_core::{FixedGame, Player};
///
/// fn centre<S: Storage>(game: &mut TicTacToe<S>) -> bool {
///     let middle = game.n() / 2;
///     game.play(middle, middle, Player::X).is_ok()
/// }
/// assert!(centre(&mut FixedGame::<3>::new()));
/// assert!(centre(&mut ClassicGame::new(5)?));
/// # Ok::<(), tictactoe_core::Error>(())
/// ```
pub trait Storage: sealed::Memory {}

impl<T: sealed::Memory> Storage for T {}

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
    // N * N cells at 32 a word fit in N words because N <= 32.
    slots: sealed::Slots<[[Line; 2]; N], [u64; N]>,
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
            slots: sealed::Slots {
                lines: [[Line::EMPTY; 2]; N],
                cells: [0; N],
            },
        }
    }
}

impl<const N: usize> sealed::Memory for Fixed<N> {
    fn create(n: u32) -> Result<Self, Unfit> {
        if n as usize != N {
            return Err(Unfit::Shape);
        }
        Ok(Fixed::empty())
    }
    type Room = [[u32; N]; N];
    fn first_moves(_: u32) -> Result<Moves<Self::Room>, Unfit> {
        Ok(Moves::in_room([[0; N]; N]))
    }
    #[inline]
    fn parts(&self) -> sealed::View<'_> {
        self.slots.view()
    }
    #[inline]
    fn parts_mut(&mut self) -> sealed::Parts<'_> {
        self.slots.parts_mut()
    }
}

#[cfg(feature = "alloc")]
pub use heap::Heap;

#[cfg(feature = "alloc")]
mod heap {
    use alloc::vec::Vec;

    use super::{Line, Moves, Unfit, sealed};

    /// A board whose size is chosen at run time, on the heap (feature `alloc`).
    ///
    /// Use it through [`ClassicGame`](crate::representations::ClassicGame), where it is the default storage:
    ///
    /// ```
    /// use tictactoe_core::representations::ClassicGame;
    /// use tictactoe_core::Mode;
    ///
    /// let game = ClassicGame::new(1_000)?;
    /// assert_eq!(game.mode(), Mode::Checked);
    /// # Ok::<(), tictactoe_core::Error>(())
    /// ```
    #[derive(Clone, Debug)]
    pub struct Heap {
        slots: sealed::Slots<Vec<[Line; 2]>, Vec<u64>>,
    }

    /// Moves recorded before the record has to grow; small boards never grow it.
    const FIRST_HISTORY: u64 = 64;

    /// A vector of `len` copies of `value`, or an error instead of an abort when memory is short.
    fn try_filled<T: Clone>(len: u64, value: T) -> Result<Vec<T>, Unfit> {
        let len = usize::try_from(len).map_err(|_| Unfit::Memory)?;
        crate::memory::filled(len, value).ok_or(Unfit::Memory)
    }

    impl sealed::Memory for Heap {
        fn create(n: u32) -> Result<Self, Unfit> {
            let n64 = u64::from(n);
            let slots = sealed::Slots {
                lines: try_filled(n64, [Line::EMPTY; 2])?,
                cells: try_filled((n64 * n64).div_ceil(32), 0)?,
            };
            Ok(Heap { slots })
        }
        type Room = Vec<u32>;
        fn first_moves(n: u32) -> Result<Moves<Vec<u32>>, Unfit> {
            let n64 = u64::from(n);
            Ok(Moves::in_room(try_filled(
                (n64 * n64).min(FIRST_HISTORY),
                0,
            )?))
        }
        #[inline]
        fn parts(&self) -> sealed::View<'_> {
            self.slots.view()
        }
        #[inline]
        fn parts_mut(&mut self) -> sealed::Parts<'_> {
            self.slots.parts_mut()
        }
    }
}
