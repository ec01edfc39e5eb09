//! Opening books a solver loads at run time ([`Book`]): every position of a gravity game of at most
//! some number of stones, with its value, as built by the engine's book builder (`tictactoe-bench
//! book-shard` and `book-merge`, driven on many machines by `tools/book_cluster.py`).
//!
//! The format, version 1, little-endian:
//!
//! | bytes | what |
//! |---|---|
//! | 4 | `TTBK` |
//! | 1 | version, 1 |
//! | 4 | rows, cols, k, flags (bit 0 gravity, always set; bit 1 exact scores, else win/draw/loss; bit 2 a position of `depth` stones it does not hold is won by its mover) |
//! | 1 | shallowest: the fewest stones of a position it holds |
//! | 1 | depth: it holds every position from `shallowest` to this many stones that is not over (with bit 2, those that are not won) |
//! | 1 | `dir_bits`: the top bits of a key that pick its bucket |
//! | 1 | bytes an entry |
//! | 4 | entries |
//! | 4 (2^`dir_bits` + 1) | each bucket's first entry, then the number of entries |
//! | entries x bytes an entry | by key: the key's low bits, then the value's bits |
//! | 8 | FNV-1a of every byte before |
//!
//! A position's key is the mover's stones plus every stone plus each column's bottom bit, in the
//! layout of the search ([`Shape`]): above each column's stones a single set bit, below it the
//! mover's. It is unique, and the smaller of a position's and its mirror image's is kept. A value
//! is 2 bits (0 a loss, 1 a draw, 2 a win for the mover) or 7 (the exact score plus 64). A
//! directory of buckets lets each entry keep only the key's low bits: 5 bytes a position for the
//! 7 x 6 board of win/draw/loss, beside a directory of about a byte a position.

use alloc::sync::Arc;
use alloc::vec::Vec;

use super::position::Position;
use tictactoe_core::Error;
use tictactoe_core::Rules;
use tictactoe_core::view::Shape;

const MAGIC: &[u8; 4] = b"TTBK";
const VERSION: u8 = 1;
const HEADER: usize = 17;
const EXACT: u8 = 0b10;
const GRAVITY: u8 = 0b01;
const ABSENT_WINS: u8 = 0b100;
/// The most buckets a book may have: 2^24 (64 MiB of directory).
const MAX_DIR_BITS: u8 = 24;

/// What a book knows of a position, for its mover.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Known {
    /// The exact score, on the search's scale.
    Score(i32),
    /// +1, 0 or -1.
    Value(i8),
}

/// An opening book of a gravity game (Connect Four and its relatives on boards that fit a word):
/// every position of at most [`depth`](Self::depth) stones, with its win, draw or loss (or its
/// exact score). A [`Solver`](crate::Solver) given one ([`Solver::add_book`](crate::Solver::add_book))
/// answers from it inside every search; answers stay exactly those of the search without it.
///
/// ```
/// use tictactoe_core::Error;
/// use tictactoe_solve::Book;
///
/// assert!(matches!(Book::from_bytes(b"not a book"), Err(Error::InvalidBook { .. })));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Book {
    rules: Rules,
    shape: Shape,
    shallowest: u32,
    depth: u32,
    exact: bool,
    /// A position of `depth` stones it does not hold is a win for the mover.
    absent_wins: bool,
    dir_bits: u32,
    entry_bytes: usize,
    len: usize,
    /// The whole file, checked (or shipped with the engine).
    bytes: Bytes,
}

/// A book's bytes: the engine's own, or a file read and shared by every copy of the book (a
/// 12-stone book is tens of megabytes: a solver given a book copies a pointer, not the book).
#[derive(Clone, Debug)]
enum Bytes {
    Shipped(&'static [u8]),
    /// Behind a pointer of its own, so that the only allocation that cannot fail softly is a
    /// small one.
    Read(Arc<Vec<u8>>),
}

/// Two books' bytes are equal when they hold the same bytes, wherever those live.
impl PartialEq for Bytes {
    fn eq(&self, other: &Bytes) -> bool {
        **self == **other
    }
}

impl Eq for Bytes {}

impl core::ops::Deref for Bytes {
    type Target = [u8];

    fn deref(&self) -> &[u8] {
        match self {
            Bytes::Shipped(bytes) => bytes,
            Bytes::Read(bytes) => bytes,
        }
    }
}

/// The books the engine ships (the `tictactoe-books` crate), which every solver reads unless told
/// not to ([`Solver::use_book`](crate::Solver::use_book)): the exact score of every 7 x 6 Connect
/// Four position of up to eight stones, and with feature `book-10`, on by default, the win, draw
/// or loss of every one of up to ten.
pub(crate) const SHIPPED: &[&[u8]] = tictactoe_books::SHIPPED;

/// The shipped books, read without checking their entries or checksum again (a test checks
/// them): every solver made reads them, and summing their bytes was most of making a small one.
pub(crate) fn shipped() -> Vec<Book> {
    SHIPPED
        .iter()
        .filter_map(|&bytes| Book::read(Bytes::Shipped(bytes), false).ok())
        .collect()
}

fn refused(reason: &'static str) -> Error {
    Error::InvalidBook { reason }
}

/// FNV-1a, 64 bits.
pub(crate) fn checksum(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// `word` with its columns in the opposite order.
fn mirror(shape: &Shape, word: u64) -> u64 {
    let column = (1u64 << shape.height()) - 1;
    (0..shape.cols()).fold(0, |out, c| {
        let bits = (word >> (c * shape.height())) & column;
        out | bits << ((shape.cols() - 1 - c) * shape.height())
    })
}

/// The key of the position whose mover holds `mine` among the stones `all` (see the module).
fn raw_key(shape: &Shape, mine: u64, all: u64) -> u64 {
    mine + all + shape.bottom()
}

/// The book's key of `p`: the smaller of its own and its mirror image's.
pub(crate) fn key(shape: &Shape, p: &Position) -> u64 {
    let own = raw_key(shape, p.mine, p.all());
    let mirrored = raw_key(shape, mirror(shape, p.mine), mirror(shape, p.all()));
    own.min(mirrored)
}

/// The position a key stands for: the mover's stones, every stone, and their number; `None`
/// when some column has no marker bit.
fn unkey(shape: &Shape, key: u64) -> Option<(u64, u64, u32)> {
    let column = (1u64 << shape.height()) - 1;
    let (mut mine, mut all, mut stones) = (0, 0, 0);
    for c in 0..shape.cols() {
        let bits = (key >> (c * shape.height())) & column;
        if bits == 0 {
            return None;
        }
        let height = 63 - bits.leading_zeros();
        let below = (1u64 << height) - 1;
        mine |= (bits & below) << (c * shape.height());
        all |= below << (c * shape.height());
        stones += height;
    }
    Some((mine, all, stones))
}

/// The bits a key takes: every cell and each column's spare bit.
fn key_bits(shape: &Shape) -> u32 {
    shape.height() * shape.cols()
}

fn value_bits(exact: bool) -> u32 {
    if exact { 7 } else { 2 }
}

fn read_u32(bytes: &[u8], at: usize) -> usize {
    let mut word = [0u8; 4];
    word.copy_from_slice(&bytes[at..at + 4]);
    u32::from_le_bytes(word) as usize
}

/// Whether `bytes` begin as a book of the engine's own format does.
pub(crate) fn is_own_format(bytes: &[u8]) -> bool {
    bytes.starts_with(MAGIC)
}

impl Book {
    /// A book of the engine's own format read from its bytes (copied), every claim of its header
    /// and entries checked. Else [`Error::InvalidBook`].
    pub(crate) fn from_own_bytes(bytes: &[u8]) -> Result<Book, Error> {
        let mut copy = Vec::new();
        copy.try_reserve_exact(bytes.len())
            .map_err(|_| refused("no memory for it"))?;
        copy.extend_from_slice(bytes);
        let book = Book::read(Bytes::Read(Arc::new(copy)), true)?;
        book.check_entries()?;
        Ok(book)
    }

    /// A book of the engine's format from `bytes`, its header checked, and its checksum where
    /// `sum` (not yet its entries).
    fn read(file: Bytes, sum: bool) -> Result<Book, Error> {
        let bytes: &[u8] = &file;
        if bytes.len() < HEADER + 8 {
            return Err(refused("it is shorter than its header"));
        }
        if bytes[4] != VERSION {
            return Err(refused("its version is not 1"));
        }
        let (body, stored) = bytes.split_at(bytes.len() - 8);
        if sum && checksum(body).to_le_bytes() != stored {
            return Err(refused("its checksum does not match"));
        }
        let flags = bytes[8];
        if flags & !(EXACT | GRAVITY | ABSENT_WINS) != 0 || flags & GRAVITY == 0 {
            return Err(refused(
                "its flags are unknown (books are of gravity games)",
            ));
        }
        let (rows, cols, k) = (bytes[5], bytes[6], bytes[7]);
        let rules = Rules::new(rows.into(), cols.into(), k.into(), true)
            .map_err(|_| refused("its rules are invalid"))?;
        let shape = Shape::of(rules).ok_or(refused("its board does not fit a word"))?;
        let (shallowest, depth, dir_bits, entry_bytes) =
            (bytes[9], bytes[10], bytes[11], bytes[12]);
        let exact = flags & EXACT != 0;
        if u64::from(depth) >= rules.cells() || shallowest > depth {
            return Err(refused("its depths are not in order below the cells"));
        }
        if dir_bits > MAX_DIR_BITS || u32::from(dir_bits) > key_bits(&shape) {
            return Err(refused("its directory is too large"));
        }
        let entry_bits = key_bits(&shape) - u32::from(dir_bits) + value_bits(exact);
        if u32::from(entry_bytes) != entry_bits.div_ceil(8) {
            return Err(refused("its entry size does not match its rules"));
        }
        let len = read_u32(bytes, 13);
        let dir_len = (1usize << dir_bits) + 1;
        let expected = (dir_len * 4)
            .checked_add(
                len.checked_mul(entry_bytes.into())
                    .ok_or(refused("too long"))?,
            )
            .and_then(|n| n.checked_add(HEADER + 8));
        if expected != Some(bytes.len()) {
            return Err(refused("its length does not match its header"));
        }
        Ok(Book {
            rules,
            shape,
            shallowest: shallowest.into(),
            depth: depth.into(),
            exact,
            absent_wins: flags & ABSENT_WINS != 0,
            dir_bits: dir_bits.into(),
            entry_bytes: entry_bytes.into(),
            len,
            bytes: file,
        })
    }

    /// Every bucket in order and every entry a canonical position of at most `depth` stones, not
    /// over, in increasing order, with a value in range.
    fn check_entries(&self) -> Result<(), Error> {
        let mut previous = None;
        for bucket in 0..1usize << self.dir_bits {
            let (start, end) = (self.start(bucket), self.start(bucket + 1));
            if start > end || end > self.len || (bucket == 0 && start != 0) {
                return Err(refused("its directory is out of order"));
            }
            for at in start..end {
                let (key, code) = self.entry(bucket, at);
                if previous.is_some_and(|p| p >= key) {
                    return Err(refused("its keys are out of order"));
                }
                previous = Some(key);
                let (mine, all, stones) =
                    unkey(&self.shape, key).ok_or(refused("a key is not a position"))?;
                let p = Position {
                    mine,
                    theirs: all & !mine,
                    moves: stones,
                };
                if !(self.shallowest..=self.depth).contains(&stones)
                    || 2 * p.mine.count_ones() > stones
                    || key != self::key(&self.shape, &p)
                    || self.shape.has_run(p.mine)
                    || self.shape.has_run(p.theirs)
                    || self.decode(code).is_none()
                {
                    return Err(refused("an entry is not a position of the book"));
                }
            }
        }
        if self.start(1usize << self.dir_bits) != self.len {
            return Err(refused("its directory does not end at its entries"));
        }
        Ok(())
    }

    fn start(&self, bucket: usize) -> usize {
        read_u32(&self.bytes, HEADER + 4 * bucket)
    }

    /// Entry `at` of `bucket`: its whole key and its value's code.
    fn entry(&self, bucket: usize, at: usize) -> (u64, u64) {
        let from = HEADER + 4 * ((1 << self.dir_bits) + 1) + at * self.entry_bytes;
        let mut word = [0u8; 8];
        word[..self.entry_bytes].copy_from_slice(&self.bytes[from..from + self.entry_bytes]);
        let packed = u64::from_le_bytes(word);
        let vb = value_bits(self.exact);
        let low_bits = key_bits(&self.shape) - self.dir_bits;
        let low = (packed >> vb) & ((1u64 << low_bits) - 1);
        ((bucket as u64) << low_bits | low, packed & ((1 << vb) - 1))
    }

    /// What a value's code stands for, if it is one.
    fn decode(&self, code: u64) -> Option<Known> {
        if self.exact {
            let score = code as i32 - 64;
            let big = self.shape.cells().count_ones() as i32 + 1;
            (score.abs() < big).then_some(Known::Score(score))
        } else {
            (code <= 2).then_some(Known::Value(code as i8 - 1))
        }
    }

    /// What the book knows of `p` (a position of `shape`), if it holds it.
    pub(crate) fn lookup(&self, shape: &Shape, p: &Position) -> Option<Known> {
        if !(self.shallowest..=self.depth).contains(&p.moves) || *shape != self.shape {
            return None;
        }
        let key = key(shape, p);
        let low_bits = key_bits(shape) - self.dir_bits;
        let bucket = (key >> low_bits) as usize;
        let (mut lo, mut hi) = (self.start(bucket), self.start(bucket + 1));
        while lo < hi {
            let mid = lo + (hi - lo) / 2;
            let (found, code) = self.entry(bucket, mid);
            match found.cmp(&key) {
                core::cmp::Ordering::Equal => return self.decode(code),
                core::cmp::Ordering::Less => lo = mid + 1,
                core::cmp::Ordering::Greater => hi = mid,
            }
        }
        (self.absent_wins && p.moves == self.depth).then_some(Known::Value(1))
    }

    /// What the book says of `game`'s position for the player to move: +1 a win, 0 a draw, -1 a
    /// loss; `None` when it does not hold the position (or the game is of other rules).
    ///
    /// ```
    /// use tictactoe_core::{Game, Rules};
    /// use tictactoe_solve::{Book, Solver};
    ///
    /// let rules = Rules::new(4, 5, 4, true)?;
    /// let game = Game::with_rules(rules)?;
    /// let value = Solver::new(12)?.value(&game, None)?;
    /// let key = Book::key_of(&game).unwrap();
    /// let book = Book::build(rules, 0, false, &mut [(key, value.into())])?;
    /// assert_eq!(book.value(&game), Some(value));
    /// # Ok::<(), tictactoe_core::Error>(())
    /// ```
    #[must_use]
    pub fn value(&self, game: &tictactoe_core::Game) -> Option<i8> {
        Some(match self.known(game)? {
            Known::Score(s) => s.signum() as i8,
            Known::Value(v) => v,
        })
    }

    /// The exact [`Solution`](crate::Solution) of `game`'s position, when the book keeps exact
    /// scores and holds the position.
    #[must_use]
    pub fn solution(&self, game: &tictactoe_core::Game) -> Option<crate::Solution> {
        match self.known(game)? {
            Known::Score(s) => {
                let cells = self.shape.cells().count_ones();
                Some(super::Solution::from_score(
                    s.into(),
                    cells.into(),
                    game.move_count(),
                ))
            }
            Known::Value(_) => None,
        }
    }

    fn known(&self, game: &tictactoe_core::Game) -> Option<Known> {
        if game.rules() != self.rules || game.is_over() || game.mode() == tictactoe_core::Mode::Lean
        {
            return None;
        }
        self.lookup(&self.shape, &Position::of(game))
    }

    /// The rules of its positions.
    #[must_use]
    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// The most stones of a position it holds.
    #[must_use]
    pub fn depth(&self) -> u32 {
        self.depth
    }

    /// The fewest stones of a position it holds: 0 for the engine's books, which hold every
    /// position up to their depth; the depth itself for BitBully's, which hold one layer.
    #[must_use]
    pub fn shallowest(&self) -> u32 {
        self.shallowest
    }

    /// Whether it keeps exact scores (how soon a win comes), not only win, draw or loss.
    #[must_use]
    pub fn is_exact(&self) -> bool {
        self.exact
    }

    /// The positions it holds.
    #[must_use]
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether it holds none.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Its bytes, as [`from_bytes`](Self::from_bytes) reads them.
    #[must_use]
    pub fn as_bytes(&self) -> &[u8] {
        &self.bytes
    }

    /// A book of `rules` (a gravity game on a board that fits a word) from `(key, value)` pairs
    /// in any order: a [`key`](Self::key_of) and, when `exact`, the search's score (else +1, 0
    /// or -1). For the book builder; what it makes is checked as any book read.
    #[doc(hidden)]
    pub fn build(
        rules: Rules,
        depth: u32,
        exact: bool,
        entries: &mut [(u64, i32)],
    ) -> Result<Book, Error> {
        Book::assemble(rules, (0, depth), exact, false, entries)
    }

    /// A book of the positions of `stones` (the fewest and the most) from `(key, value)` pairs;
    /// `absent_wins`: a position of the most stones it does not hold is won by its mover.
    pub(crate) fn assemble(
        rules: Rules,
        (shallowest, depth): (u32, u32),
        exact: bool,
        absent_wins: bool,
        entries: &mut [(u64, i32)],
    ) -> Result<Book, Error> {
        let shape = Shape::of(rules).ok_or(refused("its board does not fit a word"))?;
        entries.sort_unstable();
        let kb = key_bits(&shape);
        // About four entries a bucket: the directory costs about a byte a position.
        let wanted = (entries.len() / 4).max(1).ilog2();
        let dir_bits = wanted.min(kb).min(u32::from(MAX_DIR_BITS));
        let vb = value_bits(exact);
        let entry_bytes = (kb - dir_bits + vb).div_ceil(8) as usize;
        let low_bits = kb - dir_bits;
        let mut bytes = Vec::new();
        bytes.extend_from_slice(MAGIC);
        let flags =
            GRAVITY | if exact { EXACT } else { 0 } | if absent_wins { ABSENT_WINS } else { 0 };
        let small = |x: usize| u8::try_from(x).map_err(|_| refused("too large"));
        bytes.extend_from_slice(&[
            VERSION,
            small(rules.rows())?,
            small(rules.cols())?,
            small(rules.k())?,
            flags,
            small(shallowest as usize)?,
            small(depth as usize)?,
            dir_bits as u8,
            entry_bytes as u8,
        ]);
        let len = u32::try_from(entries.len()).map_err(|_| refused("too long"))?;
        bytes.extend_from_slice(&len.to_le_bytes());
        let mut at = 0usize;
        for bucket in 0..=(1u64 << dir_bits) {
            while at < entries.len() && entries[at].0 >> low_bits < bucket {
                at += 1;
            }
            bytes.extend_from_slice(&(at as u32).to_le_bytes());
        }
        for &(key, value) in entries.iter() {
            let code = if exact { value + 64 } else { value + 1 };
            let code = u64::try_from(code)
                .ok()
                .filter(|&c| c < 1 << vb)
                .ok_or(refused("a value is out of range"))?;
            let packed = (key & ((1u64 << low_bits) - 1)) << vb | code;
            bytes.extend_from_slice(&packed.to_le_bytes()[..entry_bytes]);
        }
        let sum = checksum(&bytes);
        bytes.extend_from_slice(&sum.to_le_bytes());
        Book::from_own_bytes(&bytes)
    }

    /// The key a book keeps `game`'s position under (its rules must fit a word). For the builder.
    #[doc(hidden)]
    #[must_use]
    pub fn key_of(game: &tictactoe_core::Game) -> Option<u64> {
        let shape = Shape::of(game.rules())?;
        Some(key(&shape, &Position::of(game)))
    }
}

#[cfg(test)]
mod tests {
    use alloc::vec::Vec;

    use super::{Book, SHIPPED, shipped};
    use crate::Solver;

    /// The shipped books, read without their entries checked, pass every check of a book read.
    #[test]
    fn every_shipped_book_is_a_valid_book() {
        assert_eq!(shipped().len(), SHIPPED.len());
        for (bytes, book) in SHIPPED.iter().zip(shipped()) {
            assert_eq!(Book::from_bytes(bytes).as_ref(), Ok(&book));
        }
        let kinds: Vec<_> = shipped()
            .iter()
            .map(|b| (b.depth(), b.is_exact()))
            .collect();
        let mut expected = alloc::vec![(Solver::BOOK_DEPTH, true)];
        if cfg!(feature = "book-10") {
            expected.push((Solver::VALUE_BOOK_DEPTH, false));
        }
        assert_eq!(kinds, expected);
    }
}
