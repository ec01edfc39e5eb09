//! The two players.

use core::fmt;

use crate::error::Error;

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

    /// The player with this number, or [`Error::InvalidPlayer`] for anything but 1 or 2.
    ///
    /// ```
    /// # use tictactoe_core::{Error, Player};
    /// assert_eq!(Player::from_number(1), Ok(Player::X));
    /// assert_eq!(Player::from_number(-7), Err(Error::InvalidPlayer { player: -7 }));
    /// ```
    #[inline]
    pub const fn from_number(number: i64) -> Result<Player, Error> {
        match number {
            1 => Ok(Player::X),
            2 => Ok(Player::O),
            player => Err(Error::InvalidPlayer { player }),
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

    /// 0 for `X`, 1 for `O`: the slot of this player in per-player arrays.
    #[inline]
    pub(crate) const fn index(self) -> usize {
        self as usize - 1
    }
}

impl TryFrom<i64> for Player {
    type Error = Error;

    fn try_from(number: i64) -> Result<Player, Error> {
        Player::from_number(number)
    }
}

impl From<Player> for u8 {
    fn from(player: Player) -> u8 {
        player.number()
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.symbol())
    }
}
