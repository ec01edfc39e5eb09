//! The two players.

use core::fmt;

/// One of the two players: `X` (number 1) or `O` (number 2).
///
/// ```
/// use tictactoe_core::Player;
///
/// assert_eq!(Player::X.other(), Player::O);
/// assert_eq!(Player::try_from(2), Ok(Player::O));
/// assert_eq!(Player::O.to_string(), "O");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Player {
    /// Player 1, drawn `X`.
    X = 1,
    /// Player 2, drawn `O`.
    O = 2,
}

impl Player {
    /// The opponent.
    ///
    /// ```
    /// # use tictactoe_core::Player;
    /// assert_eq!(Player::O.other(), Player::X);
    /// ```
    #[inline]
    #[must_use]
    pub const fn other(self) -> Player {
        match self {
            Player::X => Player::O,
            Player::O => Player::X,
        }
    }

    /// The player's number: 1 for `X`, 2 for `O`.
    ///
    /// ```
    /// # use tictactoe_core::Player;
    /// assert_eq!(Player::O.number(), 2);
    /// ```
    #[inline]
    #[must_use]
    pub const fn number(self) -> u8 {
        self as u8
    }

    /// The player with this number, or [`InvalidPlayer`] for anything but 1 or 2 (which becomes
    /// [`Error::InvalidPlayer`](crate::Error::InvalidPlayer) through `?`).
    ///
    /// ```
    /// # use tictactoe_core::{Error, InvalidPlayer, Player};
    /// assert_eq!(Player::from_number(1), Ok(Player::X));
    /// assert_eq!(Player::from_number(-7), Err(InvalidPlayer { number: -7 }));
    /// assert_eq!(Error::from(InvalidPlayer { number: -7 }), Error::InvalidPlayer { player: -7 });
    /// ```
    #[inline]
    pub const fn from_number(number: i64) -> Result<Player, InvalidPlayer> {
        match number {
            1 => Ok(Player::X),
            2 => Ok(Player::O),
            number => Err(InvalidPlayer { number }),
        }
    }

    /// The player's mark on the board: `'X'` or `'O'`.
    ///
    /// ```
    /// # use tictactoe_core::Player;
    /// assert_eq!(Player::X.symbol(), 'X');
    /// ```
    #[inline]
    #[must_use]
    pub const fn symbol(self) -> char {
        match self {
            Player::X => 'X',
            Player::O => 'O',
        }
    }

    /// 0 for `X`, 1 for `O`: the slot of this player in per-player arrays (such as the two words
    /// of [`Game::words`](crate::Game::words)).
    ///
    /// ```
    /// use tictactoe_core::Player;
    ///
    /// assert_eq!((Player::X.index(), Player::O.index()), (0, 1));
    /// ```
    #[inline]
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize - 1
    }
}

impl TryFrom<i64> for Player {
    type Error = InvalidPlayer;

    fn try_from(number: i64) -> Result<Player, InvalidPlayer> {
        Player::from_number(number)
    }
}

impl From<Player> for u8 {
    fn from(player: Player) -> u8 {
        player.number()
    }
}

/// A number that names no player: anything but 1 (`X`) and 2 (`O`).
///
/// ```
/// # use tictactoe_core::{InvalidPlayer, Player};
/// assert_eq!(Player::try_from(3).unwrap_err().to_string(), "player 3 is invalid: it must be 1 (X) or 2 (O)");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct InvalidPlayer {
    /// The number given.
    pub number: i64,
}

impl InvalidPlayer {
    /// The message, with the number as `number` writes it.
    pub(crate) fn write(f: &mut fmt::Formatter<'_>, number: impl fmt::Display) -> fmt::Result {
        write!(f, "player {number} is invalid: it must be 1 (X) or 2 (O)")
    }
}

impl fmt::Display for InvalidPlayer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        InvalidPlayer::write(f, self.number)
    }
}

impl core::error::Error for InvalidPlayer {}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.symbol())
    }
}
