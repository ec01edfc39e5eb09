//! A [`KGame`] as bytes: version 3 of the format, the rules in the header, then the moves, which
//! decoding replays through the rules (so every move is checked again).

use alloc::vec::Vec;

use crate::encoding::{Header, RULES_HEADER, RULES_VERSION, Reader, Writer};
use crate::error::{DecodeError, Error};

use super::{KGame, Marks};

impl<M: Marks> KGame<M> {
    /// The length of [`encode_into`](Self::encode_into)'s output.
    #[must_use]
    pub fn encoded_len(&self) -> usize {
        RULES_HEADER + 8 + 4 * self.journal.len()
    }

    /// Encodes the game into `out` and returns the bytes written, or [`Error::BufferTooSmall`].
    pub fn encode_into(&self, out: &mut [u8]) -> Result<usize, Error> {
        let needed = self.encoded_len();
        if out.len() < needed {
            return Err(Error::BufferTooSmall { needed });
        }
        let mut w = Writer { out, at: 0 };
        let first = self.moves().next().map(|(_, _, p)| p);
        Header::write_family(&mut w, self.rules, first);
        w.put(&(self.journal.len() as u64).to_le_bytes());
        for &cell in &self.journal {
            w.put(&cell.to_le_bytes());
        }
        Ok(w.at)
    }

    /// The game as bytes; [`decode`](Self::decode) reads them back.
    ///
    /// ```
    /// use tictactoe_core::{KGame, Player, Rules};
    ///
    /// let mut game = KGame::new(Rules::connect_four())?;
    /// game.drop_in(3, Player::O)?;
    /// assert_eq!(KGame::decode(&game.encode())?, game);
    /// # Ok::<(), tictactoe_core::Error>(())
    /// ```
    #[must_use]
    pub fn encode(&self) -> Vec<u8> {
        let mut out = alloc::vec![0; self.encoded_len()];
        let len = self.encode_into(&mut out).unwrap_or(0);
        out.truncate(len);
        out
    }

    /// Reads back a game written by [`encode`](Self::encode). Truncated, corrupted or inconsistent
    /// input is an [`Error::Decode`], never a panic. The header names the board, and decoding
    /// allocates it: read it with [`Header::read`] first when the bytes are untrusted.
    ///
    /// # Layout (version 3)
    ///
    /// All integers little-endian: magic `TTT`, version (3), rows (4), columns (4), k (4), flags (1:
    /// bit 0 gravity), the first player (1; 0 before any move), the move count (8), then each
    /// move's cell `row * cols + col` (4). The moves are replayed through the rules.
    ///
    /// ```
    /// use tictactoe_core::{DecodeError, Error, ClassicGame, KGame, LineBoard};
    ///
    /// // The classic game's format (version 2) is not this one's.
    /// let classic = ClassicGame::new(3)?.encode();
    /// assert_eq!(KGame::<LineBoard>::decode(&classic), Err(Error::Decode(DecodeError::WrongShape)));
    /// # Ok::<(), Error>(())
    /// ```
    pub fn decode(bytes: &[u8]) -> Result<KGame<M>, Error> {
        let mut r = Reader { bytes };
        if Header::version(&mut r)? != RULES_VERSION {
            return Err(DecodeError::WrongShape.into());
        }
        let (header, first) = Header::family(&mut r)?;
        let rules = header.rules;
        let moves = r.move_list(first, rules.cells())?;
        let mut game = KGame::<M>::on_board(rules).map_err(|err| match err {
            Error::OutOfMemory { .. } => err,
            _ => DecodeError::WrongShape.into(),
        })?;
        // At most the cells, which the move list has checked.
        super::reserve(&mut game.journal, moves.count as usize, rules)?;
        moves.replay(
            &mut r,
            (rules.cols() as u64, rules.cells()),
            |row, col, player| game.place(row, col, player).map(drop),
        )?;
        Ok(game)
    }
}
