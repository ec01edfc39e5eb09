//! Batches of moves on a [`KGame`], all or nothing: the iterator is read once, and a refused move or
//! a panic inside the iterator takes back exactly the moves the batch applied.

use crate::batch::BatchError;
use crate::error::Error;
use crate::player::Player;

use super::{KGame, Marks};

/// Holds a game during a batch: dropped before `commit`, by a refusal or by a panic unwinding
/// through the caller's iterator, it takes back the moves applied so far.
struct Rollback<'g, M: Marks> {
    game: &'g mut KGame<M>,
    applied: usize,
}

impl<M: Marks> Drop for Rollback<'_, M> {
    fn drop(&mut self) {
        for _ in 0..self.applied {
            // Each was applied by this batch, so there is a move to take back.
            let _ = self.game.undo();
        }
    }
}

impl<M: Marks> KGame<M> {
    /// Applies `(row, col, player)` moves all or nothing, as [`play`](Self::play) would one by one;
    /// returns the winner after the last.
    ///
    /// ```
    /// use tictactoe_core::{KGame, Player::{O, X}, Rules};
    ///
    /// let mut game = KGame::new(Rules::new(4, 4, 3, false)?)?;
    /// let err = game.play_all([(0, 0, X), (1, 1, O), (1, 1, X)]).unwrap_err();
    /// assert_eq!((err.index, game.move_count()), (2, 0));
    /// # Ok::<(), tictactoe_core::Error>(())
    /// ```
    pub fn play_all<I>(&mut self, moves: I) -> Result<Option<Player>, BatchError>
    where
        I: IntoIterator<Item = (usize, usize, Player)>,
    {
        self.run_batch(moves, |game, (row, col, player)| {
            game.play(row, col, player).map(drop)
        })
    }

    /// [`play_all`](Self::play_all) for foreign callers: `[row, col, player]` numbers.
    pub fn play_all_i64<I>(&mut self, moves: I) -> Result<Option<Player>, BatchError>
    where
        I: IntoIterator<Item = [i64; 3]>,
    {
        self.run_batch(moves, |game, [row, col, player]| {
            game.play_i64(row, col, player).map(drop)
        })
    }

    fn run_batch<T>(
        &mut self,
        moves: impl IntoIterator<Item = T>,
        mut apply: impl FnMut(&mut KGame<M>, T) -> Result<(), Error>,
    ) -> Result<Option<Player>, BatchError> {
        let mut batch = Rollback {
            game: self,
            applied: 0,
        };
        for (index, next) in moves.into_iter().enumerate() {
            apply(batch.game, next).map_err(|error| BatchError { index, error })?;
            batch.applied += 1;
        }
        batch.applied = 0;
        Ok(batch.game.winner())
    }
}
