//! Which format a book's bytes are in: the engine's own ([`library`](super::library)) or one of
//! BitBully's published books ([`bitbully`](super::bitbully)). Above both readers, so that
//! neither knows the other.

use super::bitbully;
use super::library::{Book, is_own_format};
use tictactoe_core::Error;

impl Book {
    /// A book read from its bytes (copied), every claim of its header and entries checked: the
    /// rules, the layout, the order of the keys, each key a position of at most `depth` stones
    /// that is not over, each value in range, the checksum. Else [`Error::InvalidBook`].
    ///
    /// BitBully's three published books (`book_8ply.dat`, `book_12ply.dat`,
    /// `book_12ply_distances.dat` of the `bitbully-databases` package) are read too, each entry
    /// checked to be a position of its book.
    pub fn from_bytes(bytes: &[u8]) -> Result<Book, Error> {
        if is_own_format(bytes) {
            Book::from_own_bytes(bytes)
        } else {
            bitbully::from_bytes(bytes)
        }
    }
}
