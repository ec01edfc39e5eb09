//! A game's record of its moves, which the game keeps whatever its board: the cells played
//! (`row * cols + col`), oldest first, in room that is an array for a board whose size is fixed at
//! compile time and a vector on the heap otherwise. Every slot of the room is written (zeros past
//! the moves), so that recording a move once the room is known is one store.

use core::hash::{Hash, Hasher};

pub(crate) use sealed::Room;

pub(crate) mod sealed {
    /// What holds a record's slots. Public inside a private module: the crate's own.
    pub trait Room: Clone {
        fn slots(&self) -> &[u32];
        fn slots_mut(&mut self) -> &mut [u32];
        /// Room for at least `more` slots past the first `len`, or `Err` where it cannot be had
        /// (an array's size, or memory); nothing changes then.
        fn grow(&mut self, len: usize, more: usize) -> Result<(), ()>;
        /// A copy, or `None` where memory is short.
        #[cfg(feature = "alloc")]
        fn try_copy(&self) -> Option<Self>;
    }
}

/// The moves played, in room `J`.
#[derive(Clone)]
pub struct Moves<J> {
    room: J,
    len: usize,
}

impl<J: Room> Moves<J> {
    /// No moves, in `room` (every slot written).
    #[inline]
    pub(crate) const fn in_room(room: J) -> Moves<J> {
        Moves { room, len: 0 }
    }

    /// The cells played, oldest first.
    #[inline]
    pub(crate) fn played(&self) -> &[u32] {
        &self.room.slots()[..self.len]
    }

    /// How many more moves fit now, without growing.
    #[inline]
    pub(crate) fn room(&self) -> usize {
        // Saturating, so that a caller who saw room also knows `len` is in bounds.
        self.room.slots().len().saturating_sub(self.len)
    }

    /// Room for `more` moves, so that recording them cannot fail.
    #[inline]
    pub(crate) fn reserve(&mut self, more: usize) -> Result<(), ()> {
        if self.room() >= more {
            return Ok(());
        }
        self.room.grow(self.len, more)
    }

    /// Records `cell`, growing the room where it is full, or `Err` (nothing recorded) where it
    /// cannot grow.
    #[cfg(feature = "alloc")]
    #[inline]
    pub(crate) fn push(&mut self, cell: u32) -> Result<(), ()> {
        if self.len >= self.room.slots().len() {
            self.room.grow(self.len, 1)?;
        }
        // The slot is there now; reading it checked leaves one bounds test, not two.
        let slot = self.room.slots_mut().get_mut(self.len).ok_or(())?;
        *slot = cell;
        self.len += 1;
        Ok(())
    }

    /// The slots and the count of those recorded: how a move is written, one store where
    /// [`room`](Self::room) said there is a slot at the count.
    #[inline(always)]
    pub(crate) fn parts_mut(&mut self) -> (&mut [u32], &mut usize) {
        (self.room.slots_mut(), &mut self.len)
    }

    /// Forgets the last move, and gives its cell.
    #[inline]
    pub(crate) fn pop(&mut self) -> Option<u32> {
        let (&last, rest) = self.played().split_last()?;
        self.len = rest.len();
        Some(last)
    }

    /// Forgets every move, keeping the room.
    #[inline]
    pub(crate) fn clear(&mut self) {
        self.len = 0;
    }

    /// A copy, or `None` where memory is short (where `clone` would abort).
    #[cfg(feature = "alloc")]
    pub(crate) fn try_copy(&self) -> Option<Moves<J>> {
        Some(Moves {
            room: self.room.try_copy()?,
            len: self.len,
        })
    }
}

impl<const N: usize> Room for [[u32; N]; N] {
    #[inline]
    fn slots(&self) -> &[u32] {
        self.as_flattened()
    }
    #[inline]
    fn slots_mut(&mut self) -> &mut [u32] {
        self.as_flattened_mut()
    }
    fn grow(&mut self, len: usize, more: usize) -> Result<(), ()> {
        // One slot a move, and a game ends when its N * N cells are full.
        if len + more <= N * N { Ok(()) } else { Err(()) }
    }
    #[cfg(feature = "alloc")]
    fn try_copy(&self) -> Option<Self> {
        Some(*self)
    }
}

#[cfg(feature = "alloc")]
impl Room for alloc::vec::Vec<u32> {
    #[inline]
    fn slots(&self) -> &[u32] {
        self
    }
    #[inline]
    fn slots_mut(&mut self) -> &mut [u32] {
        self
    }
    /// Grows by at least the room there is (and at least 16), which keeps a move O(1) amortised.
    #[cold]
    #[inline(never)]
    fn grow(&mut self, _len: usize, more: usize) -> Result<(), ()> {
        let add = more.max(self.len()).max(16);
        self.try_reserve_exact(add).map_err(drop)?;
        self.resize(self.len() + add, 0);
        Ok(())
    }
    fn try_copy(&self) -> Option<Self> {
        let mut copy = alloc::vec::Vec::new();
        copy.try_reserve_exact(self.len()).ok()?;
        copy.extend_from_slice(self);
        Some(copy)
    }
}

/// Equal records hold the same moves, whatever their room.
impl<J: Room, K: Room> PartialEq<Moves<K>> for Moves<J> {
    fn eq(&self, other: &Moves<K>) -> bool {
        self.played() == other.played()
    }
}

impl<J: Room> Eq for Moves<J> {}

impl<J: Room> Hash for Moves<J> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.played().hash(state);
    }
}
