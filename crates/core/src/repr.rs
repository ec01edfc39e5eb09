//! The seam between the one game type ([`GameOn`](crate::GameOn)) and the ways of keeping a game:
//! the classic game's counters ([`Classic`](crate::Classic)), a family board with its record of
//! moves ([`Family`](crate::Family)), and the one [`Game`](crate::Game) chooses at run time
//! ([`Chosen`](crate::Chosen)). The game asks a representation only these questions and writes every
//! public method once on top of them.

/// A way of keeping a game: [`Classic`](crate::Classic), [`Family`](crate::Family) or
/// [`Chosen`](crate::Chosen). Sealed: code can be generic over it, but its methods are the crate's
/// own.
pub trait Representation: private::Kept {}

impl<T: private::Kept> Representation for T {}

pub(crate) mod private {
    use core::fmt;

    pub use super::cell::{Asked, Won};

    use crate::error::Error;
    use crate::limits::Mode;
    use crate::player::Player;
    use crate::rules::Rules;
    use crate::turns::Turns;

    /// A representation as bytes: its own version of the format.
    pub trait Bytes: Sized {
        /// The length of [`encode_into`](Self::encode_into)'s output.
        fn encoded_len(&self) -> usize;
        /// The game as bytes into `out`, or [`Error::BufferTooSmall`].
        fn encode_into(&self, out: &mut [u8]) -> Result<usize, Error>;
        /// A game read back from its bytes.
        fn decode(bytes: &[u8]) -> Result<Self, Error>;
    }

    /// The representation's working parts. Public inside a private module: outside code can name
    /// [`Representation`](super::Representation) but can neither implement nor call this.
    pub trait Kept: Bytes {
        /// The rules the game plays by.
        fn rules(&self) -> Rules;
        /// Checked or lean (only the classic counters can be lean).
        fn mode(&self) -> Mode;
        /// The game's progress: moves, turns, the winner.
        fn turns(&self) -> &Turns;
        /// The cells played (`row * cols + col`), oldest first; none for a lean game.
        fn journal(&self) -> &[u32];
        /// Every rule of a move, in their order of precedence: the cell `at` on the board (else
        /// [`Error::OutOfRange`] quoting the caller's numbers), the game not over, the player's
        /// turn, an empty cell (a lean game trusts its caller there), with gravity the landing
        /// cell. Nothing changes unless it is accepted.
        /// `BATCH`: the move may have to be taken back by [`take_back`](Self::take_back).
        fn try_place<const BATCH: bool>(&mut self, at: Asked, player: Player) -> Won;
        /// A drop in column `col`, which is on the board of rules with gravity: the game goes on,
        /// the player's turn, the column not full.
        fn drop_located(&mut self, col: usize, player: Player) -> Won;
        /// Takes back the last move of a batch ([`try_place`](Self::try_place) with `BATCH`).
        fn take_back(&mut self);
        /// Tidies up after a batch, applied or taken back.
        fn end_batch(&mut self) {}
        /// Takes back the last move, also a winning one.
        fn undo(&mut self) -> Result<(usize, usize, Player), Error>;
        /// Back to the empty board, keeping the memory.
        fn clear(&mut self);
        /// Who holds (`row`, `col`), which is on the board; [`Error::NeedsBoard`] for a lean game.
        fn holder(&self, row: usize, col: usize) -> Result<Option<Player>, Error>;
        /// Whether `player` can still complete a line; false once the game is over.
        fn can_win(&self, player: Player) -> bool;
        /// A copy, or [`Error::OutOfMemory`] where `clone` would abort.
        #[cfg(feature = "alloc")]
        fn try_copy(&self) -> Result<Self, Error>;
        /// The board as text.
        fn draw(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result;
    }
}

mod cell {
    use crate::error::Error;
    use crate::player::Player;

    /// What a move answers: the winner after it, or why it was refused.
    pub type Won = Result<Option<Player>, Error>;

    /// A cell as a caller named it: as unsigned numbers, where a negative one arrives huge so that
    /// one comparison checks both ends of the range, and as given, for the error that quotes it.
    #[derive(Clone, Copy, Debug)]
    pub struct Asked {
        pub(crate) row: u64,
        pub(crate) col: u64,
        pub(crate) quoted: [i128; 2],
    }

    impl Asked {
        /// A cell named by indices.
        #[inline(always)]
        pub(crate) const fn at(row: usize, col: usize) -> Asked {
            Asked {
                row: row as u64,
                col: col as u64,
                quoted: [row as i128, col as i128],
            }
        }

        /// A cell named by a foreign caller's numbers, which may be negative.
        #[inline(always)]
        pub(crate) const fn foreign(row: i64, col: i64) -> Asked {
            Asked {
                row: row as u64,
                col: col as u64,
                quoted: [row as i128, col as i128],
            }
        }
    }
}
