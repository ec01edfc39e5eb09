//! Whose turn it is and whether the game goes on: the rules every board shares, whatever it keeps
//! for its lines. Players alternate after whoever moves first; a win or a full board ends the game.

use crate::error::Error;
use crate::outcome::Outcome;
use crate::player::Player;

/// `refused` when neither player may move.
const BOTH: u8 = Player::X as u8 | Player::O as u8;

/// The game's progress: moves played, who moved last, who won, and who may not move now.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Turns {
    moves: u64,
    /// The move count of a full board.
    cells: u64,
    last: Option<Player>,
    winner: Option<Player>,
    /// Player numbers (as bits) that may not move now: the last mover, or both once the game is over.
    /// One test of this byte is the whole turn-and-game-over check of a move.
    refused: u8,
}

impl Turns {
    /// A game on a board of `cells` cells, before any move.
    pub(crate) const fn new(cells: u64) -> Turns {
        Turns {
            moves: 0,
            cells,
            last: None,
            winner: None,
            refused: 0,
        }
    }

    /// Back to before the first move, on the same board.
    #[inline]
    pub(crate) fn reset(&mut self) {
        *self = Turns::new(self.cells);
    }

    #[inline]
    pub(crate) const fn moves(&self) -> u64 {
        self.moves
    }

    #[inline]
    pub(crate) const fn winner(&self) -> Option<Player> {
        self.winner
    }

    #[inline]
    pub(crate) const fn last(&self) -> Option<Player> {
        self.last
    }

    #[inline]
    pub(crate) const fn is_full(&self) -> bool {
        self.moves == self.cells
    }

    #[inline]
    pub(crate) const fn is_over(&self) -> bool {
        self.refused == BOTH
    }

    /// True when the board is full and nobody has won.
    #[inline]
    pub(crate) const fn is_draw(&self) -> bool {
        self.winner.is_none() && self.is_full()
    }

    /// Whether the game is in play, won or drawn.
    #[inline]
    pub(crate) fn outcome(&self) -> Outcome {
        Outcome::of(self.winner, self.is_draw())
    }

    /// The moves of `journal` (the cells played, `row * cols + col`, oldest first: every move of
    /// this game, or none) as `(row, col, player)`: the last mover made the last move, and the
    /// players alternate back from there.
    pub(crate) fn replay<'a>(
        &self,
        journal: &'a [u32],
        cols: usize,
    ) -> impl ExactSizeIterator<Item = (usize, usize, Player)> + 'a {
        let last = self.last.unwrap_or(Player::X);
        let first = if journal.len() % 2 == 1 {
            last
        } else {
            last.other()
        };
        journal.iter().enumerate().map(move |(k, &index)| {
            let player = if k % 2 == 0 { first } else { first.other() };
            (index as usize / cols, index as usize % cols, player)
        })
    }

    /// The empty cells, or 0 once the game is over.
    #[inline]
    pub(crate) const fn moves_left(&self) -> u64 {
        if self.is_over() {
            0
        } else {
            self.cells - self.moves
        }
    }

    /// What `refused` is after `last` moved, given whether the game is now over.
    const fn refused_after(last: Option<Player>, over: bool) -> u8 {
        match (over, last) {
            (true, _) => BOTH,
            (false, Some(p)) => p as u8,
            (false, None) => 0,
        }
    }

    /// The rules that need no board: the game goes on, and players alternate.
    #[inline(always)]
    pub(crate) const fn check(&self, player: Player) -> Result<(), Error> {
        if self.refused & player as u8 == 0 {
            Ok(())
        } else if self.is_over() {
            Err(Error::GameOver {
                winner: self.winner,
            })
        } else {
            Err(Error::WrongTurn { player })
        }
    }

    /// Counts a move by `player`, `won` when it completed a line; returns the winner after it.
    #[inline(always)]
    pub(crate) fn finish(&mut self, player: Player, won: bool) -> Option<Player> {
        self.moves += 1;
        self.last = Some(player);
        if won {
            self.winner = Some(player);
        }
        self.refused = if won || self.moves == self.cells {
            BOTH
        } else {
            player as u8
        };
        self.winner
    }

    /// Takes back the last move, which `player` made.
    pub(crate) fn unwind(&mut self, player: Player) {
        self.moves -= 1;
        self.last = if self.moves == 0 {
            None
        } else {
            Some(player.other())
        };
        // No move is accepted after a win, so the position before any move had no winner.
        self.winner = None;
        self.refused = Self::refused_after(self.last, false);
    }

    /// The progress of a decoded game: `moves` played, `last` moved last, `winner` won.
    pub(crate) fn restored(
        cells: u64,
        moves: u64,
        last: Option<Player>,
        winner: Option<Player>,
    ) -> Turns {
        let over = winner.is_some() || moves == cells;
        Turns {
            moves,
            cells,
            last,
            winner,
            refused: Self::refused_after(last, over),
        }
    }
}
