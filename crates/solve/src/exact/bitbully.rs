//! BitBully's published Connect Four books (the `bitbully-databases` package: every position of 8
//! or of 12 stones, win/draw/loss or with the distance to the end), read into a [`Book`].
//!
//! Their layout, as the package documents it: one entry a position, big-endian, in 3 bytes (8
//! stones) or 4 (12 stones), then with distances one signed byte. A position is a string of bits
//! from the top: column by column from the left, each stone from the bottom up as `10` (the first
//! player) or `11` (the second), each column closed by a `0`, and one more `0` at the end. Without
//! distances the last two bits hold the value for the first player (0 a draw, 1 a loss), and a
//! position that is not there is a win for the first player. With them, the byte is 0 for a draw,
//! `100 - d` for a win `d` stones later, `d - 100` for a loss.

use alloc::vec::Vec;

use super::library::Book;
use super::position::Position;
use tictactoe_core::Error;
use tictactoe_core::Rules;
use tictactoe_core::view::Shape;

/// Which of BitBully's files the bytes are.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    /// `book_8ply.dat`.
    Eight,
    /// `book_12ply.dat`.
    Twelve,
    /// `book_12ply_distances.dat`.
    TwelveWithDistances,
}

impl Kind {
    fn stones(self) -> u32 {
        if self == Kind::Eight { 8 } else { 12 }
    }

    fn position_bytes(self) -> usize {
        if self == Kind::Eight { 3 } else { 4 }
    }

    fn entry_bytes(self) -> usize {
        self.position_bytes() + usize::from(self == Kind::TwelveWithDistances)
    }
}

fn refused(reason: &'static str) -> Error {
    Error::InvalidBook { reason }
}

/// The position an entry's bits stand for (`bits` holds `width` bits), with the first player to
/// move: its stones (the mover's, the other's) in the search's layout, if they are a position of
/// `stones` stones that is not over.
fn position(shape: &Shape, bits: u64, width: u32, stones: u32) -> Option<Position> {
    let mut at = width;
    let mut next = || {
        at = at.checked_sub(1)?;
        Some(bits >> at & 1)
    };
    let (mut first, mut second, mut count) = (0u64, 0u64, 0);
    for col in 0..shape.cols() {
        let mut height = 0;
        while next()? == 1 {
            if height == shape.rows() {
                return None;
            }
            let bit = 1u64 << (col * shape.height() + height);
            if next()? == 0 {
                first |= bit
            } else {
                second |= bit
            }
            height += 1;
            count += 1;
        }
    }
    // The closing zero, and nothing after it.
    if next()? != 0 || bits & ((1u64 << at) - 1) != 0 || count != stones {
        return None;
    }
    let fair = first.count_ones() == second.count_ones();
    let over = shape.has_run(first) || shape.has_run(second);
    (fair && !over).then_some(Position {
        mine: first,
        theirs: second,
        moves: stones,
    })
}

/// The book in `bytes` read as `kind`, if every entry is one of its positions with a value.
fn read(bytes: &[u8], kind: Kind) -> Result<Book, Error> {
    let rules = Rules::connect_four();
    let shape = Shape::of(rules).ok_or(refused("Connect Four fits a word"))?;
    let stones = kind.stones();
    let big = shape.cells().count_ones() as i32 + 1;
    let mut entries = Vec::new();
    entries
        .try_reserve_exact(bytes.len() / kind.entry_bytes())
        .map_err(|_| refused("no memory for it"))?;
    for entry in bytes.chunks_exact(kind.entry_bytes()) {
        let (position_bytes, distance) = entry.split_at(kind.position_bytes());
        let mut bits = position_bytes
            .iter()
            .fold(0u64, |bits, &b| bits << 8 | u64::from(b));
        let value = match distance.first() {
            None => {
                let code = bits & 0b11;
                bits &= !0b11;
                match code {
                    0 => 0,
                    1 => -1,
                    _ => return Err(refused("a value is not a draw or a loss")),
                }
            }
            Some(&byte) => {
                let v = i32::from(byte as i8);
                // The move that ends the game, counting every move: odd for the first player.
                let end = stones as i32 + 100 - v.abs();
                let fits = v == 0 || (end < big && (end % 2 == 1) == (v > 0));
                if !fits {
                    return Err(refused("a distance does not fit the board"));
                }
                if v == 0 { 0 } else { v.signum() * (big - end) }
            }
        };
        let width = 8 * kind.position_bytes() as u32;
        let p = position(&shape, bits, width, stones).ok_or(refused("an entry is no position"))?;
        entries.push((super::library::key(&shape, &p), value));
    }
    // A position and its mirror image share a key: keep one, if they agree.
    entries.sort_unstable();
    entries.dedup();
    if entries.windows(2).any(|w| w[0].0 == w[1].0) {
        return Err(refused("a position and its mirror image disagree"));
    }
    let exact = kind == Kind::TwelveWithDistances;
    Book::assemble(rules, (stones, stones), exact, !exact, &mut entries)
}

/// The published files (`bitbully-databases` 0.0.2): their kind, length and FNV-1a. The files
/// carry no checksum of their own, and an entry damaged into another position of the book would
/// read as well as the true one: only the published bytes are taken.
const PUBLISHED: [(Kind, usize, u64); 3] = [
    (Kind::Eight, 103_545, 0xbe7a_9252_2d75_88e7),
    (Kind::Twelve, 6_943_780, 0x7402_6e42_7ee4_e5de),
    (Kind::TwelveWithDistances, 21_004_495, 0xc712_ba53_803b_3a14),
];

/// One of BitBully's published books from the bytes of its file, whichever of the three it is,
/// each entry checked to be a position of its book.
pub(crate) fn from_bytes(bytes: &[u8]) -> Result<Book, Error> {
    let neither = refused("it is neither one of ours nor one of BitBully's published books");
    let (kind, _, _) = PUBLISHED
        .into_iter()
        .find(|&(_, len, _)| len == bytes.len())
        .filter(|&(_, _, sum)| super::library::checksum(bytes) == sum)
        .ok_or(neither)?;
    read(bytes, kind)
}
