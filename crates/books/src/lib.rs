//! The opening books the engine ships, as bytes: 7 x 6 Connect Four positions with what perfect
//! play makes of them, in the book format `tictactoe-solve` documents and reads (`Book`). Data
//! only: a crate of its own so that the solver's crate stays small, and a program that wants no
//! book compiles none.
//!
//! ```
//! assert_eq!(&tictactoe_books::CONNECT_FOUR_8_EXACT[..4], b"TTBK");
//! assert!(tictactoe_books::SHIPPED.len() >= 1);
//! ```
#![no_std]
#![forbid(unsafe_code)]
#![deny(missing_docs)]

/// The exact score of every 7 x 6 Connect Four position of up to eight stones that is not over
/// (`make exact-book`: 129,498 positions in 842,553 bytes).
pub static CONNECT_FOUR_8_EXACT: &[u8] = include_bytes!("../data/connect-four-8-exact.book");

/// The win, draw or loss of every 7 x 6 Connect Four position of up to ten stones that is not
/// over (`make book`: 1,208,493 positions in 7,091,070 bytes); feature `ten`, on by default.
#[cfg(feature = "ten")]
pub static CONNECT_FOUR_10: &[u8] = include_bytes!("../data/connect-four-10.book");

/// Every book this build holds, the exact one first.
pub static SHIPPED: &[&[u8]] = &[
    CONNECT_FOUR_8_EXACT,
    #[cfg(feature = "ten")]
    CONNECT_FOUR_10,
];

/// The crate's README, whose example runs as a doc test.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
