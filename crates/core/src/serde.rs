//! `Serialize` and `Deserialize` (feature `serde`): a game travels as its byte encoding, so a
//! deserialized game has passed every check of [`TicTacToe::decode`].

use alloc::vec::Vec;
use core::fmt;

use serde::de::{self, SeqAccess, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::game::TicTacToe;
use crate::storage::Storage;

/// ```
/// use tictactoe_core::{Game, Player};
///
/// let mut game = Game::new(3)?;
/// game.play(1, 1, Player::X)?;
/// let json = serde_json::to_string(&game).unwrap();
/// assert_eq!(serde_json::from_str::<Game>(&json).unwrap(), game);
/// assert!(serde_json::from_str::<Game>("[84, 84, 84]").is_err());
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

impl<'de, S: Storage> Visitor<'de> for Encoded<S> {
    type Value = TicTacToe<S>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("the bytes of an encoded tic-tac-toe game")
    }

    fn visit_bytes<E: de::Error>(self, bytes: &[u8]) -> Result<Self::Value, E> {
        TicTacToe::decode(bytes).map_err(E::custom)
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
