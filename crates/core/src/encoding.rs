//! A compact, versioned byte encoding of a game, and a decoder that trusts none of its input. The
//! layout is documented on [`GameOn::decode`](crate::representations::GameOn::decode).

use crate::classic::Classic;
use crate::error::{DecodeError, Error};
use crate::game::GameOn;
use crate::limits::Mode;
use crate::player::Player;
use crate::record::Moves;
use crate::repr::Representation;
use crate::repr::private::{Bytes, Kept};
use crate::rules::Rules;
use crate::storage::{Storage, Unfit};
use crate::turns::Turns;

const MAGIC: &[u8; 3] = b"TTT";
/// The classic square game's format, in both modes.
pub(crate) const VERSION: u8 = 2;
/// The family's: the rules in the header, then the moves (see [`KGame::decode`](crate::representations::KGame::decode)).
pub(crate) const RULES_VERSION: u8 = 3;
/// The bytes of a version 2 header: magic, version, n, mode, player.
pub(crate) const CLASSIC_HEADER: usize = 3 + 1 + 4 + 1 + 1;
/// The bytes of a version 3 header: magic, version, rows, columns, k, flags, first player.
#[cfg(feature = "alloc")]
pub(crate) const RULES_HEADER: usize = 3 + 1 + 4 + 4 + 4 + 1 + 1;
/// The flags of a version 3 header: gravity, and exactly `k` wins.
const GRAVITY: u8 = 1;
const EXACT: u8 = 2;

pub(crate) fn player_byte(player: Option<Player>) -> u8 {
    player.map_or(0, Player::number)
}

pub(crate) fn byte_player(byte: u8) -> Result<Option<Player>, DecodeError> {
    match byte {
        0 => Ok(None),
        _ => Player::from_number(i64::from(byte))
            .map(Some)
            .map_err(|_| DecodeError::Inconsistent("a player byte is not 0, 1 or 2")),
    }
}

/// Writes into a slice that is known to be long enough.
pub(crate) struct Writer<'a> {
    pub(crate) out: &'a mut [u8],
    pub(crate) at: usize,
}

impl Writer<'_> {
    pub(crate) fn put(&mut self, bytes: &[u8]) {
        self.out[self.at..self.at + bytes.len()].copy_from_slice(bytes);
        self.at += bytes.len();
    }
}

/// The moves of an encoded game, still to be read: how many, and who made the first.
pub(crate) struct MoveList {
    pub(crate) count: u64,
    first: Player,
}

impl MoveList {
    /// Reads each move's cell (`row * cols + col` on a board of `cells` cells) and hands it to
    /// `play`, the players alternating. A cell off the board or a move `play` refuses is
    /// [`DecodeError::IllegalMove`] with its position; running out of memory stays itself.
    pub(crate) fn replay(
        self,
        r: &mut Reader<'_>,
        (cols, cells): (u64, u64),
        mut play: impl FnMut(usize, usize, Player) -> Result<(), Error>,
    ) -> Result<(), Error> {
        let mut player = self.first;
        for index in 0..self.count {
            let cell = u64::from(r.u32()?);
            let illegal = DecodeError::IllegalMove { index };
            if cell >= cells {
                return Err(illegal.into());
            }
            // On the board: below its cells, which fit in a usize.
            let (row, col) = ((cell / cols) as usize, (cell % cols) as usize);
            play(row, col, player).map_err(|err| match err {
                Error::OutOfMemory { .. } => err,
                _ => illegal.into(),
            })?;
            player = player.other();
        }
        Ok(())
    }
}

/// Reads from a slice, refusing to read past its end.
pub(crate) struct Reader<'a> {
    pub(crate) bytes: &'a [u8],
}

impl<'a> Reader<'a> {
    pub(crate) fn take<const K: usize>(&mut self) -> Result<[u8; K], DecodeError> {
        let (head, rest) = self
            .bytes
            .split_first_chunk::<K>()
            .ok_or(DecodeError::Truncated)?;
        self.bytes = rest;
        Ok(*head)
    }
    pub(crate) fn u8(&mut self) -> Result<u8, DecodeError> {
        Ok(self.take::<1>()?[0])
    }
    pub(crate) fn u32(&mut self) -> Result<u32, DecodeError> {
        Ok(u32::from_le_bytes(self.take()?))
    }
    pub(crate) fn u64(&mut self) -> Result<u64, DecodeError> {
        Ok(u64::from_le_bytes(self.take()?))
    }
    /// Checks that exactly `len` bytes remain, before anything is allocated for them.
    pub(crate) fn expect_remaining(&self, len: u64) -> Result<(), DecodeError> {
        let have = self.bytes.len() as u64;
        if have < len {
            Err(DecodeError::Truncated)
        } else if have > len {
            Err(DecodeError::TrailingBytes)
        } else {
            Ok(())
        }
    }

    /// The head of the move list of versions 2 and 3, checked before any board is made: the move
    /// count (bytes for every move, at most `cells`), and who made the first move (X when none).
    pub(crate) fn move_list(
        &mut self,
        first: Option<Player>,
        cells: u64,
    ) -> Result<MoveList, Error> {
        let count = self.u64()?;
        self.expect_remaining(count.saturating_mul(4))?;
        let first = match (first, count) {
            (None, 0) => Player::X,
            (Some(first), 1..) => first,
            _ => {
                let why = "the first player and the move count disagree";
                return Err(DecodeError::Inconsistent(why).into());
            }
        };
        if count > cells {
            return Err(DecodeError::IllegalMove { index: cells }.into());
        }
        Ok(MoveList { count, first })
    }
}

/// What the header of an encoded game says, read by [`Header::read`] before anything is allocated:
/// decoding allocates the board the header names.
///
/// ```
/// use tictactoe_core::{Game, Header, Mode, Rules};
///
/// let bytes = Game::new_lean(70_000)?.encode();
/// assert_eq!(Header::read(&bytes)?, Header { rules: Rules::square(70_000)?, mode: Mode::Lean });
/// # Ok::<(), tictactoe_core::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Header {
    /// The rules: for the classic game, [`Rules::square`]`(n)`.
    pub rules: Rules,
    /// Checked or lean.
    pub mode: Mode,
}

impl Header {
    /// Reads and checks the header: magic, a known version, then for the classic game (version 2)
    /// a known mode and a size that mode allows, for the others (version 3) valid rules.
    ///
    /// ```
    /// use tictactoe_core::{DecodeError, Error, Header};
    ///
    /// assert_eq!(Header::read(b"TTT\x02"), Err(Error::Decode(DecodeError::Truncated)));
    /// ```
    pub fn read(bytes: &[u8]) -> Result<Header, Error> {
        let mut r = Reader { bytes };
        let version = Self::version(&mut r)?;
        let (header, _) = match version {
            VERSION => Self::classic(&mut r)?,
            _ => Self::family(&mut r)?,
        };
        Ok(header)
    }

    /// The magic and a known version; the reader is left after them.
    pub(crate) fn version(r: &mut Reader<'_>) -> Result<u8, DecodeError> {
        if &r.take::<3>()? != MAGIC {
            return Err(DecodeError::NotAGame);
        }
        match r.u8()? {
            version @ (VERSION | RULES_VERSION) => Ok(version),
            version => Err(DecodeError::UnsupportedVersion(version)),
        }
    }

    /// The rest of a version 2 header and the player byte after it, leaving the reader at the body.
    pub(crate) fn classic(r: &mut Reader<'_>) -> Result<(Header, Option<Player>), DecodeError> {
        let n = r.u32()? as usize;
        let mode = match r.u8()? {
            0 => Mode::Checked,
            1 => Mode::Lean,
            m => return Err(DecodeError::UnknownMode(m)),
        };
        if mode.accepts(n).is_none() {
            return Err(DecodeError::WrongShape);
        }
        let rules = Rules::square(n).map_err(|_| DecodeError::WrongShape)?;
        let player = byte_player(r.u8()?)?;
        Ok((Header { rules, mode }, player))
    }

    /// A classic game's whole header in `mode`, read from the start of the bytes: its `n` (which
    /// the mode's limit lets fit in 32 bits) and the player byte, the reader left at the body. The
    /// family's format, or the other mode, is not this board's shape.
    pub(crate) fn classic_in(
        r: &mut Reader<'_>,
        mode: Mode,
    ) -> Result<(u32, Option<Player>), Error> {
        if Self::version(r)? != VERSION {
            return Err(DecodeError::WrongShape.into());
        }
        let (header, player) = Self::classic(r)?;
        if header.mode != mode {
            return Err(DecodeError::WrongShape.into());
        }
        Ok((header.rules.rows() as u32, player))
    }

    /// The rest of a version 3 header and the first player, leaving the reader at the body.
    pub(crate) fn family(r: &mut Reader<'_>) -> Result<(Header, Option<Player>), DecodeError> {
        let (rows, cols, k) = (r.u32()?, r.u32()?, r.u32()?);
        let flags = r.u8()?;
        if flags & !(GRAVITY | EXACT) != 0 {
            return Err(DecodeError::Inconsistent("unknown flags"));
        }
        let rules = Rules::new(
            rows as usize,
            cols as usize,
            k as usize,
            flags & GRAVITY != 0,
        )
        .map_err(|_| DecodeError::WrongShape)?
        .with_exact(flags & EXACT != 0);
        let player = byte_player(r.u8()?)?;
        let header = Header {
            rules,
            mode: Mode::Checked,
        };
        Ok((header, player))
    }

    /// Writes a version 3 header for `rules` and the first player.
    #[cfg(feature = "alloc")]
    pub(crate) fn write_family(w: &mut Writer<'_>, rules: Rules, first: Option<Player>) {
        w.put(MAGIC);
        w.put(&[RULES_VERSION]);
        for side in [rules.rows(), rules.cols(), rules.k()] {
            // Each fits: the rules were checked against the largest side.
            w.put(&(side as u32).to_le_bytes());
        }
        let flags = (u8::from(rules.gravity()) * GRAVITY) | (u8::from(rules.exact()) * EXACT);
        w.put(&[flags, player_byte(first)]);
    }
}

/// Writes a version 2 header: the magic, the version, `n`, the mode and a player byte (the first
/// mover of a checked game, the last of a lean one).
pub(crate) fn classic_header(w: &mut Writer<'_>, n: usize, mode: Mode, player: u8) {
    w.put(MAGIC);
    w.put(&[VERSION]);
    // n was checked against the mode's limit, which fits in 32 bits.
    w.put(&(n as u32).to_le_bytes());
    w.put(&[u8::from(mode == Mode::Lean), player]);
}

/// The classic checked game as version 2 of the format, mode 0.
impl<S: Storage> Bytes for Classic<S> {
    type Room = S::Room;

    fn encoded_len(&self, moves: &Moves<S::Room>) -> usize {
        CLASSIC_HEADER + 8 + 4 * moves.played().len()
    }

    fn encode_into(&self, turns: &Turns, moves: &Moves<S::Room>, out: &mut [u8]) -> usize {
        let mut w = Writer { out, at: 0 };
        let journal = moves.played();
        let first = turns.replay(journal, self.n()).next().map(|(_, _, p)| p);
        classic_header(&mut w, self.n(), Mode::Checked, player_byte(first));
        w.put(&(journal.len() as u64).to_le_bytes());
        for &cell in journal {
            w.put(&cell.to_le_bytes());
        }
        w.at
    }

    /// Laid out on [`GameOn::decode`](crate::representations::GameOn::decode): the moves replayed through the rules.
    fn decode(bytes: &[u8]) -> Result<(Self, Turns, Moves<S::Room>), Error> {
        let mut r = Reader { bytes };
        let (n, first) = Header::classic_in(&mut r, Mode::Checked)?;
        let (side, cells) = (u64::from(n), u64::from(n) * u64::from(n));
        let list = r.move_list(first, cells)?;
        // A storage that cannot hold this shape is the decoder's refusal.
        let mut game = Self::empty(n).map_err(|unfit| match unfit {
            Unfit::Shape => Error::from(DecodeError::WrongShape),
            Unfit::Memory => Error::OutOfMemory {
                rows: n as usize,
                cols: n as usize,
            },
        })?;
        let (mut turns, mut moves) = (Turns::new(cells), game.first_moves()?);
        list.replay(&mut r, (side, cells), |row, col, player| {
            game.place::<false, false>(&mut turns, &mut moves, row as u64, col as u64, player)
                .map(drop)
        })?;
        Ok((game, turns, moves))
    }
}

impl<R: Representation> GameOn<R> {
    /// The length of [`encode_into`](Self::encode_into)'s output.
    ///
    /// ```
    /// # use tictactoe_core::{representations::ClassicGame, Player};
    /// let mut game = ClassicGame::new(3)?;
    /// game.play(1, 1, Player::X)?;
    /// assert_eq!(game.encoded_len(), 10 + 8 + 4);
    /// # Ok::<(), tictactoe_core::Error>(())
    /// ```
    #[must_use]
    pub fn encoded_len(&self) -> usize {
        self.rep.encoded_len(&self.moves)
    }

    /// Encodes the game into `out` and returns the bytes written, or [`Error::BufferTooSmall`]:
    /// version 2 of the format for the classic game, version 3 (the rules in the header) for the
    /// others ([`decode`](Self::decode) documents both).
    ///
    /// ```
    /// use tictactoe_core::{FixedGame, Player};
    ///
    /// let mut game = FixedGame::<3>::new();
    /// game.play(0, 1, Player::O)?;
    /// let mut buf = [0u8; 64];
    /// let len = game.encode_into(&mut buf)?;
    /// assert_eq!(FixedGame::<3>::decode(&buf[..len])?, game);
    /// # Ok::<(), tictactoe_core::Error>(())
    /// ```
    pub fn encode_into(&self, out: &mut [u8]) -> Result<usize, Error> {
        let needed = self.encoded_len();
        if out.len() < needed {
            return Err(Error::BufferTooSmall { needed });
        }
        Ok(self.rep.encode_into(&self.turns, &self.moves, out))
    }

    /// The game as bytes, for storing or sending; [`decode`](Self::decode) reads them back.
    ///
    /// ```
    /// use tictactoe_core::{Game, Player, Rules};
    ///
    /// let mut game = Game::new_lean(4)?;
    /// game.play(3, 3, Player::X)?;
    /// assert_eq!(Game::decode(&game.encode())?, game);
    /// let gomoku = Game::with_rules(Rules::gomoku(15)?)?;
    /// assert_eq!(Game::decode(&gomoku.encode())?, gomoku);
    /// # Ok::<(), tictactoe_core::Error>(())
    /// ```
    #[cfg(feature = "alloc")]
    #[must_use]
    pub fn encode(&self) -> alloc::vec::Vec<u8> {
        let mut out = alloc::vec![0; self.encoded_len()];
        let len = self.encode_into(&mut out).unwrap_or(0);
        out.truncate(len);
        out
    }

    /// Reads back a game written by [`encode`](Self::encode) or [`encode_into`](Self::encode_into).
    /// Truncated, corrupted or inconsistent input is an [`Error::Decode`], never a panic; a game
    /// of other rules than this type holds is [`DecodeError::WrongShape`](crate::DecodeError::WrongShape).
    ///
    /// The header names the board, and decoding allocates it: a short input may ask for a checked
    /// 65,535 x 65,535 board (1 GiB). Read the rules with [`Header::read`](crate::Header::read)
    /// first when the bytes are untrusted.
    ///
    /// # Layout (version 2: the classic game)
    ///
    /// All integers little-endian. The encoding is canonical: a game has exactly one.
    ///
    /// | bytes | checked | lean |
    /// |---|---|---|
    /// | 3 | magic `TTT` | magic `TTT` |
    /// | 1 | version (2) | version (2) |
    /// | 4 | `n` | `n` |
    /// | 1 | mode 0 | mode 1 |
    /// | 1 | first player (0 before any move) | last player (0 before any move) |
    /// | rest | move count (8), then each move's cell `row * n + col` (4) | move count (8), then for each row, then each column, then the main and the anti-diagonal: its tally (4): X's marks minus O's, times 4, plus 1 if X has marked it and 2 if O has |
    ///
    /// A checked game is decoded by replaying its moves through the rules, so every move is checked
    /// again and the result is a game play can reach. A lean game has no moves to replay: its tallies
    /// are checked against necessary conditions of play (each tally's bits agree with its count,
    /// rows and columns add up to the same difference, the move count splits into the players'
    /// totals with it, no line holds more of a player's marks than that player made, a diagonal's
    /// marks need a row and a column with marks of that player crossing on it, the totals alternate
    /// with the last player, at most one winner, who moved last), and what follows from
    /// them (winner, open lines, whether the game is over) is computed, never read. Those conditions
    /// are not sufficient: deciding whether a cell pattern with given row, column and diagonal counts
    /// exists is a hard problem, so a lean encoding that passes them may still describe counters no
    /// game reaches. Such a game then plays by the same rules.
    ///
    /// # Layout (version 3: every other rule set)
    ///
    /// Magic `TTT`, version 3, then `rows`, `cols` and `k` (4 bytes each), a flags byte (1 for
    /// gravity, 2 for exactly `k`), the first player (0 before any move), the move count (8), then each move's cell
    /// `row * cols + col` (4), replayed through the rules. [`Game`](crate::Game) writes the classic
    /// rules as version 2 only, so that every game has one encoding.
    ///
    /// ```
    /// use tictactoe_core::representations::{ClassicGame, KGame, LineBoard};
    /// use tictactoe_core::{DecodeError, Error, Game};
    ///
    /// assert_eq!(ClassicGame::decode(b"TTT"), Err(Error::Decode(DecodeError::Truncated)));
    /// assert_eq!(Game::decode(b"not a game"), Err(Error::Decode(DecodeError::NotAGame)));
    /// let classic = ClassicGame::new(3)?.encode();
    /// assert_eq!(KGame::<LineBoard>::decode(&classic), Err(Error::Decode(DecodeError::WrongShape)));
    /// # Ok::<(), Error>(())
    /// ```
    pub fn decode(bytes: &[u8]) -> Result<Self, Error> {
        R::decode(bytes).map(|(rep, turns, moves)| GameOn { rep, turns, moves })
    }

    /// A copy of this game, or [`Error::OutOfMemory`] when its memory cannot be had (where
    /// [`Clone`] would abort).
    ///
    /// ```
    /// use tictactoe_core::{Game, Player, Rules};
    ///
    /// let mut game = Game::with_rules(Rules::connect_four())?;
    /// game.drop_i64(3, 2)?;
    /// assert_eq!(game.try_clone()?, game);
    /// let mut lean = Game::new_lean(5)?;
    /// lean.play(2, 2, Player::X)?;
    /// let mut copy = lean.try_clone()?;
    /// assert_eq!(copy, lean);
    /// assert_eq!(copy.play(2, 1, Player::X), lean.play(2, 1, Player::X)); // both refuse X twice
    /// # Ok::<(), tictactoe_core::Error>(())
    /// ```
    #[cfg(feature = "alloc")]
    pub fn try_clone(&self) -> Result<Self, Error> {
        let (rep, moves) = self.rep.try_copy(&self.turns, &self.moves)?;
        let turns = self.turns.clone();
        Ok(GameOn { rep, turns, moves })
    }
}
