//! Batches of moves on a [`KGame`], all or nothing: the iterator is read once, and a refused move or
//! a panic inside the iterator takes back exactly the moves the batch applied.

use crate::batch::{BatchError, Batched, run_batch};
use crate::player::Player;

use super::{KGame, Marks};

impl<M: Marks> Batched for KGame<M> {
    fn take_back_last(&mut self) {
        // Applied by this batch, so there is a move to take back.
        let _ = self.undo();
    }

    fn winner_now(&self) -> Option<Player> {
        self.winner()
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
        run_batch(self, moves, |game, (row, col, player)| {
            game.play(row, col, player).map(drop)
        })
    }

    /// [`play_all`](Self::play_all) for foreign callers: `[row, col, player]` numbers.
    pub fn play_all_i64<I>(&mut self, moves: I) -> Result<Option<Player>, BatchError>
    where
        I: IntoIterator<Item = [i64; 3]>,
    {
        run_batch(self, moves, |game, [row, col, player]| {
            game.play_i64(row, col, player).map(drop)
        })
    }
}
