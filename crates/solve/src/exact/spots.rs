//! Where one more mark wins, as the search asks it: read from the shape for any board that fits
//! in a word, or compiled for Connect Four's columns, whose shifts are then constants. The search
//! is compiled once for each ([`Spots`]), with room for a node's moves sized to match.

use tictactoe_core::view::Shape;

/// How a search finds the cells where one more mark of a player wins.
pub(crate) trait Spots {
    /// Room for the moves of one node.
    type Room: Default + AsMut<[u32]>;

    /// The cells where one more mark added to `mine` makes a run (some may be taken).
    fn of(shape: &Shape, mine: u64) -> u64;
}

/// Room for a move on every cell of a word.
pub(crate) struct WordRoom([u32; 64]);

impl Default for WordRoom {
    fn default() -> Self {
        WordRoom([0; 64])
    }
}

impl AsMut<[u32]> for WordRoom {
    fn as_mut(&mut self) -> &mut [u32] {
        &mut self.0
    }
}

/// Any board that fits in a word.
pub(crate) struct AnyShape;

impl Spots for AnyShape {
    type Room = WordRoom;

    #[inline(always)]
    fn of(shape: &Shape, mine: u64) -> u64 {
        super::runs::winning_spots(shape, mine)
    }
}

/// Boards of Connect Four's columns ([`has_connect_four_columns`](super::runs::has_connect_four_columns)).
pub(crate) struct ConnectFour;

impl Spots for ConnectFour {
    /// A move a column, and nine columns at most fit in a word.
    type Room = [u32; 16];

    #[inline(always)]
    fn of(shape: &Shape, mine: u64) -> u64 {
        super::runs::connect_four_spots(shape, mine)
    }
}
