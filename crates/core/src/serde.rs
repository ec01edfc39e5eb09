//! `Serialize` and `Deserialize` (feature `serde`): a game travels as its byte encoding, so a
//! deserialized game has passed every check of its `decode` ([`Game::decode`],
//! [`TicTacToe::decode`]).

use alloc::vec::Vec;
use core::fmt;

use serde::de::{self, SeqAccess, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::chosen::Game;
use crate::classic::TicTacToe;
use crate::error::Error;
use crate::storage::Storage;

/// A game read back from its encoding: what the one visitor below builds.
trait Decode: Sized {
    fn decode(bytes: &[u8]) -> Result<Self, Error>;
}

impl<S: Storage> Decode for TicTacToe<S> {
    fn decode(bytes: &[u8]) -> Result<Self, Error> {
        TicTacToe::decode(bytes)
    }
}

impl Decode for Game {
    fn decode(bytes: &[u8]) -> Result<Self, Error> {
        Game::decode(bytes)
    }
}

/// ```
/// use tictactoe_core::{Game, Player, Rules};
///
/// let mut game = Game::with_rules(Rules::connect_four())?;
/// game.drop_in(3, Player::X)?;
/// let json = serde_json::to_string(&game).unwrap();
/// assert_eq!(serde_json::from_str::<Game>(&json).unwrap(), game);
/// # Ok::<(), tictactoe_core::Error>(())
/// ```
impl Serialize for Game {
    fn serialize<Z: Serializer>(&self, serializer: Z) -> Result<Z::Ok, Z::Error> {
        serializer.serialize_bytes(&self.encode())
    }
}

impl<'de> Deserialize<'de> for Game {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_bytes(Encoded(core::marker::PhantomData))
    }
}

/// ```
/// use tictactoe_core::representations::ClassicGame;
/// use tictactoe_core::Player;
///
/// let mut game = ClassicGame::new(3)?;
/// game.play(1, 1, Player::X)?;
/// let json = serde_json::to_string(&game).unwrap();
/// assert_eq!(serde_json::from_str::<ClassicGame>(&json).unwrap(), game);
/// assert!(serde_json::from_str::<ClassicGame>("[84, 84, 84]").is_err());
/// # Ok::<(), tictactoe_core::Error>(())
/// ```
impl<S: Storage> Serialize for TicTacToe<S> {
    fn serialize<Z: Serializer>(&self, serializer: Z) -> Result<Z::Ok, Z::Error> {
        serializer.serialize_bytes(&self.encode())
    }
}

impl<'de, S: Storage> Deserialize<'de> for TicTacToe<S> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_bytes(Encoded(core::marker::PhantomData))
    }
}

struct Encoded<S>(core::marker::PhantomData<S>);

impl<'de, T: Decode> Visitor<'de> for Encoded<T> {
    type Value = T;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("the bytes of an encoded tic-tac-toe game")
    }

    fn visit_bytes<E: de::Error>(self, bytes: &[u8]) -> Result<Self::Value, E> {
        T::decode(bytes).map_err(E::custom)
    }

    /// Formats without a bytes type (JSON, say) write the bytes as a sequence of numbers.
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
        let mut bytes = Vec::new();
        while let Some(byte) = seq.next_element::<u8>()? {
            bytes
                .try_reserve(1)
                .map_err(|_| de::Error::custom("not enough memory for the encoded game"))?;
            bytes.push(byte);
        }
        self.visit_bytes(&bytes)
    }
}
