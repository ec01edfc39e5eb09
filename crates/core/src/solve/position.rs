//! A position as the search sees it: two 64-bit words (the player to move's marks and the
//! opponent's) in the layout of the game's own [`BitBoard`](crate::BitBoard) ([`Shape`]). Copies
//! are cheap, so the search plays a move by making a new position; the legal cells (with gravity,
//! the lowest empty cell of each column) are a few word operations.

use crate::kgame::Shape;

/// A position: the mover's marks and the opponent's, and how many moves have been played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Position {
    pub(crate) mine: u64,
    pub(crate) theirs: u64,
    pub(crate) moves: u32,
}

impl Position {
    /// Every mark.
    #[inline]
    pub(crate) fn all(&self) -> u64 {
        self.mine | self.theirs
    }

    /// The cells the mover may play: every empty cell, or with gravity the lowest empty cell of
    /// each column (adding each column's bottom bit carries up through its marks to the first
    /// empty cell; a full column carries into its spare bit, which the mask drops).
    #[inline]
    pub(crate) fn legal(&self, shape: &Shape) -> u64 {
        if shape.gravity {
            (self.all() + shape.bottom) & shape.cells
        } else {
            shape.cells & !self.all()
        }
    }

    /// The position after the mover marks `bit`: the opponent moves next.
    #[inline]
    pub(crate) fn play(&self, bit: u64) -> Position {
        Position {
            mine: self.theirs,
            theirs: self.mine | bit,
            moves: self.moves + 1,
        }
    }
}
