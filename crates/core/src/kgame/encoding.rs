//! A game of the family ([`KGame`](crate::representations::KGame)) as bytes: version 3 of the format, the rules in the header, then the moves, which
//! decoding replays through the rules (so every move is checked again).

use alloc::vec::Vec;

use crate::encoding::{Header, RULES_HEADER, RULES_VERSION, Reader, Writer};
use crate::error::{DecodeError, Error};

use super::{Family, Marks};
use crate::record::Moves;
use crate::repr::private::{Bytes, Kept};
use crate::turns::Turns;

/// A game of the family as version 3 of the format.
impl<M: Marks> Bytes for Family<M> {
    type Room = Vec<u32>;

    fn encoded_len(&self, moves: &Moves<Vec<u32>>) -> usize {
        RULES_HEADER + 8 + 4 * moves.played().len()
    }

    fn encode_into(&self, turns: &Turns, moves: &Moves<Vec<u32>>, out: &mut [u8]) -> usize {
        let mut w = Writer { out, at: 0 };
        let played = moves.played();
        let first = turns.replay(played, self.rules.cols()).next();
        Header::write_family(&mut w, self.rules, first.map(|(_, _, p)| p));
        w.put(&(played.len() as u64).to_le_bytes());
        for &cell in played {
            w.put(&cell.to_le_bytes());
        }
        w.at
    }

    /// Laid out on [`GameOn::decode`](crate::representations::GameOn::decode): the moves replayed through the rules.
    fn decode(bytes: &[u8]) -> Result<(Family<M>, Turns, Moves<Vec<u32>>), Error> {
        let mut r = Reader { bytes };
        if Header::version(&mut r)? != RULES_VERSION {
            return Err(DecodeError::WrongShape.into());
        }
        let (header, first) = Header::family(&mut r)?;
        let rules = header.rules;
        let list = r.move_list(first, rules.cells())?;
        let mut game = Family::<M>::on_board(rules).map_err(|err| match err {
            Error::OutOfMemory { .. } => err,
            _ => DecodeError::WrongShape.into(),
        })?;
        // At most the cells, which the move list has checked.
        let mut moves = game.first_moves()?;
        super::reserve(&mut moves, list.count as usize, rules)?;
        let mut turns = Turns::new(rules.cells());
        list.replay(
            &mut r,
            (rules.cols() as u64, rules.cells()),
            |row, col, player| {
                game.place::<false, false>(&mut turns, &mut moves, row as u64, col as u64, player)
                    .map(drop)
            },
        )?;
        Ok((game, turns, moves))
    }
}
