//! What a [`VecGames`](super::VecGames) call can refuse: one game's action, or a buffer of the
//! wrong length. Each names what it is about, so that every face can say which game or which
//! buffer.

use core::fmt;

use crate::error::Error;

/// A step refused because of one game: its action, under the object's policies.
///
/// ```
/// use tictactoe_core::{AutoReset, Error, Illegal, StepError, VecError, VecGames};
///
/// let games = VecGames::new(2, 3, AutoReset::NextStep, Illegal::Raise, 7)?;
/// let refused = games.check(&[0, 9]).unwrap_err();
/// assert_eq!(refused, VecError::Step(StepError { game: 1, error: Error::ActionOutOfRange { action: 9, actions: 9 } }));
/// assert_eq!(refused.to_string(), "game 1: action 9 is outside the board: it must be between 0 and 8");
/// # Ok::<(), Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct StepError {
    /// The first game whose action was refused, from 0.
    pub game: usize,
    /// Why.
    pub error: Error,
}

/// A buffer whose length does not fit the games: it names the buffer, its length and the length
/// it needs, in items.
///
/// ```
/// use tictactoe_core::{AutoReset, Illegal, ShapeError, VecError, VecGames};
///
/// let mut games = VecGames::new(2, 3, AutoReset::NextStep, Illegal::Raise, 7)?;
/// let refused = games.sample(&mut [0; 3]).unwrap_err();
/// assert_eq!(refused, VecError::Shape(ShapeError { buffer: "actions", len: 3, needed: 2 }));
/// assert_eq!(refused.to_string(), "the actions buffer holds 3 items where 2 are needed");
/// # Ok::<(), tictactoe_core::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ShapeError {
    /// The buffer's name, as the faces call it (`actions`, `obs`, `reset_mask`, ...).
    pub buffer: &'static str,
    /// Its length, in items.
    pub len: usize,
    /// The length it needs, in items.
    pub needed: usize,
}

/// Why a [`VecGames`](super::VecGames) call was refused. Nothing changed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum VecError {
    /// One game refused its action.
    Step(StepError),
    /// A buffer has the wrong length.
    Shape(ShapeError),
}

/// `Ok` when `buffer` holds exactly `needed` items.
pub(crate) fn fits(buffer: &'static str, len: usize, needed: usize) -> Result<(), VecError> {
    if len == needed {
        Ok(())
    } else {
        Err(VecError::Shape(ShapeError {
            buffer,
            len,
            needed,
        }))
    }
}

impl fmt::Display for StepError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "game {}: {}", self.game, self.error)
    }
}

impl fmt::Display for ShapeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let ShapeError {
            buffer,
            len,
            needed,
        } = *self;
        let items = |k: usize| if k == 1 { "item" } else { "items" };
        write!(
            f,
            "the {buffer} buffer holds {len} {} where {needed} {} needed",
            items(len),
            if needed == 1 { "is" } else { "are" }
        )
    }
}

impl fmt::Display for VecError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            VecError::Step(err) => err.fmt(f),
            VecError::Shape(err) => err.fmt(f),
        }
    }
}

impl core::error::Error for StepError {
    fn source(&self) -> Option<&(dyn core::error::Error + 'static)> {
        Some(&self.error)
    }
}

impl core::error::Error for ShapeError {}

impl core::error::Error for VecError {
    fn source(&self) -> Option<&(dyn core::error::Error + 'static)> {
        match self {
            VecError::Step(err) => Some(err),
            VecError::Shape(err) => Some(err),
        }
    }
}

impl From<StepError> for VecError {
    fn from(err: StepError) -> VecError {
        VecError::Step(err)
    }
}

impl From<ShapeError> for VecError {
    fn from(err: ShapeError) -> VecError {
        VecError::Shape(err)
    }
}
