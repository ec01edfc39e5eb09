//! A position as the search sees it: two 64-bit words (the player to move's marks and the
//! opponent's) in the layout of the core's one word a player ([`Shape`]). Copies
//! are cheap, so the search plays a move by making a new position; the legal cells (with gravity,
//! the lowest empty cell of each column) are a few word operations.

use tictactoe_core::view::Shape;
use tictactoe_core::{Game, Player};

use super::spots::Spots;

/// What the mover of a position faces before any of its moves is searched, from the rules alone.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Outlook {
    /// A move wins at once.
    WinsNow,
    /// One empty cell is left, and it does not win: the board fills, a draw.
    Fills,
    /// Whatever the mover plays, the opponent wins next: two wins to block, or only moves that
    /// open one (with gravity, the cell just under the opponent's winning cell).
    LosesNext,
    /// The moves that do not lose at once (the one block when the opponent threatens a win), and
    /// the cells where the opponent would win, which are the mover's winning spots in every child.
    Moves { safe: u64, their_spots: u64 },
}

/// A position: the mover's marks and the opponent's, and how many moves have been played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Position {
    pub(crate) mine: u64,
    pub(crate) theirs: u64,
    pub(crate) moves: u32,
}

impl Position {
    /// The position of `game`, whose rules fit a word, with the player to move's marks first.
    pub(crate) fn of(game: &Game) -> Position {
        let mover = game.last_player().map_or(Player::X, Player::other);
        // A game whose rules have a shape has its words.
        let [x, o] = game.words().unwrap_or_default();
        let (mine, theirs) = if mover == Player::X { (x, o) } else { (o, x) };
        Position {
            mine,
            theirs,
            moves: game.move_count() as u32,
        }
    }

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
        if shape.gravity() {
            (self.all() + shape.bottom()) & shape.cells()
        } else {
            shape.cells() & !self.all()
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

    /// What the mover faces ([`Outlook`]), the mover's winning spots given (found by `S`, as
    /// the parent found its opponent's) on a board of `cells` cells.
    #[inline(always)]
    pub(crate) fn outlook<S: Spots>(&self, shape: &Shape, spots: u64, cells: u32) -> Outlook {
        let legal = self.legal(shape);
        if spots & legal != 0 {
            return Outlook::WinsNow;
        }
        if self.moves + 1 >= cells {
            return Outlook::Fills;
        }
        let their_spots = S::of(shape, self.theirs);
        let their_wins = their_spots & !self.all();
        let to_block = their_wins & legal;
        // With gravity a mark right under an opponent's winning cell lets it be played.
        let poisoned = if shape.gravity() { their_wins >> 1 } else { 0 };
        // One test for each case, no count of the bits (a loop of instructions on a machine
        // without a popcount instruction): none to block, exactly one, or more.
        let safe = if to_block == 0 {
            legal & !poisoned
        } else if to_block & (to_block - 1) == 0 {
            to_block & !poisoned
        } else {
            0
        };
        if safe == 0 {
            return Outlook::LosesNext;
        }
        Outlook::Moves { safe, their_spots }
    }
}
