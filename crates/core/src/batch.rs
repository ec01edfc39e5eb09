//! Batches of moves, all or nothing. The caller's iterator is walked once: a refused move, or a panic
//! in the iterator, takes back exactly the moves this batch applied, recorded as they were applied.

use core::fmt;

use crate::error::Error;
use crate::player::Player;

/// A refused move of [`GameOn::play_all`](crate::representations::GameOn::play_all): which one, and why. None of the batch was applied.
///
/// ```
/// use tictactoe_core::representations::ClassicGame;
/// use tictactoe_core::{BatchError, Error, Player};
///
/// let mut game = ClassicGame::new(3)?;
/// let err = game.play_all_i64([[0, 0, 1], [0, 0, 2]]).unwrap_err();
/// assert_eq!(err, BatchError { index: 1, error: Error::Occupied { row: 0, col: 0, by: Player::X } });
/// assert_eq!(err.to_string(), "move 1 of the batch: cell (0, 0) is already taken by X");
/// # Ok::<(), Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BatchError {
    /// The position of the refused move in the batch, from 0.
    pub index: usize,
    /// Why it was refused.
    pub error: Error,
}

impl fmt::Display for BatchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "move {} of the batch: {}", self.index, self.error)
    }
}

impl core::error::Error for BatchError {
    fn source(&self) -> Option<&(dyn core::error::Error + 'static)> {
        Some(&self.error)
    }
}

/// The reason, without the position: for `?` in functions that return [`Error`].
///
/// ```
/// use tictactoe_core::representations::ClassicGame;
/// use tictactoe_core::{Error, Player};
///
/// fn opening(game: &mut ClassicGame) -> Result<(), Error> {
///     game.play_all([(1, 1, Player::X), (1, 1, Player::O)])?;
///     Ok(())
/// }
/// assert!(matches!(opening(&mut ClassicGame::new(3)?), Err(Error::Occupied { .. })));
/// # Ok::<(), Error>(())
/// ```
impl From<BatchError> for Error {
    fn from(err: BatchError) -> Error {
        err.error
    }
}

/// A game that runs batches: the one rollback below serves every game type.
pub(crate) trait Batched {
    /// Takes back the last move, which this batch applied.
    fn take_back_last(&mut self);
    /// Tidies up after a batch, applied or taken back.
    fn end_batch(&mut self) {}
    /// The winner, if any.
    fn winner_now(&self) -> Option<Player>;
}

/// Holds a game during a batch: dropped before the batch's last move is applied, by a refusal or
/// by a panic unwinding through the caller's iterator, it takes back the moves applied so far.
struct Rollback<'g, G: Batched> {
    game: &'g mut G,
    applied: usize,
}

impl<G: Batched> Drop for Rollback<'_, G> {
    fn drop(&mut self) {
        for _ in 0..self.applied {
            self.game.take_back_last();
        }
        self.game.end_batch();
    }
}

/// Applies `moves` to `game` through `apply`, all or nothing: the iterator is read once; on a
/// refusal the moves before it are taken back and the refused one's position is given.
pub(crate) fn run_batch<G: Batched, T>(
    game: &mut G,
    moves: impl IntoIterator<Item = T>,
    mut apply: impl FnMut(&mut G, T) -> Result<(), Error>,
) -> Result<Option<Player>, BatchError> {
    let mut batch = Rollback { game, applied: 0 };
    for (index, next) in moves.into_iter().enumerate() {
        apply(batch.game, next).map_err(|error| BatchError { index, error })?;
        batch.applied += 1;
    }
    batch.applied = 0;
    Ok(batch.game.winner_now())
}
