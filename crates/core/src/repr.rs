//! The seam between the one game type ([`GameOn`](crate::representations::GameOn)) and the boards it
//! is kept on: the classic game's counters ([`Classic`](crate::representations::Classic)), a family
//! board ([`Family`](crate::representations::Family)), and the one [`Game`](crate::Game) chooses at
//! run time ([`Chosen`](crate::representations::Chosen)). The game keeps the turns and the record of
//! moves and writes every rule and every public method once; it asks its board only these
//! questions.

/// A way of keeping a game: [`Classic`](crate::representations::Classic), [`Family`](crate::representations::Family) or
/// [`Chosen`](crate::representations::Chosen). Sealed: code can be generic over it, but its methods are the crate's
/// own.
pub trait Representation: private::Kept {}

impl<T: private::Kept> Representation for T {}

pub(crate) mod private {

    /// What a move answers: the winner after it, or why it was refused.
    pub type Won = Result<Option<Player>, Error>;

    /// A cell on the board as indices: (`row`, `col`).
    pub type At = (usize, usize);

    use crate::batch::{BatchError, Batched, run_batch};
    use crate::error::Error;
    use crate::limits::Mode;
    use crate::player::Player;
    use crate::record::{Moves, Room};
    use crate::rules::Rules;
    use crate::turns::Turns;

    /// A representation as bytes: its own version of the format.
    pub trait Bytes: Sized {
        /// What holds the game's record of moves on this board: an array or a vector.
        type Room: Room;
        /// The length of [`encode_into`](Self::encode_into)'s output.
        fn encoded_len(&self, moves: &Moves<Self::Room>) -> usize;
        /// The game (this board at `turns`, after `moves`) as bytes into `out`, which holds at
        /// least [`encoded_len`](Self::encoded_len) bytes (the game checked): the length written.
        fn encode_into(&self, turns: &Turns, moves: &Moves<Self::Room>, out: &mut [u8]) -> usize;
        /// A game read back from its bytes: its board, its turns and its moves.
        fn decode(bytes: &[u8]) -> Result<(Self, Turns, Moves<Self::Room>), Error>;
    }

    /// The representation's working parts. Public inside a private module: outside code can name
    /// [`Representation`](super::Representation) but can neither implement nor call this.
    ///
    /// A representation answers what its board keeps (the range of cells it indexes, who holds a
    /// cell, where a drop lands) and commits a move it is given; the game keeps the [`Turns`] and
    /// the record of moves ([`Moves`]) and lends them. The rules of a move are written once, in the provided
    /// [`place`](Self::place), [`drop_located`](Self::drop_located) and
    /// [`admit_action`](Self::admit_action), for every representation.
    pub trait Kept: Bytes {
        /// The rules the game plays by.
        fn rules(&self) -> Rules;
        /// Checked or lean (only the classic counters can be lean).
        fn mode(&self) -> Mode;
        /// An empty record of moves for this board, with room for its first moves (none for a
        /// lean board, which records none).
        fn first_moves(&self) -> Result<Moves<Self::Room>, Error>;
        /// (`row`, `col`) as indices, when the cell is on the board. Each representation checks
        /// against the length of what it indexes, which proves its later accesses in bounds.
        fn on_board(&self, row: u64, col: u64) -> Option<(usize, usize)>;
        /// Who holds (`row`, `col`), which is on the board, as far as the representation keeps
        /// cells: a lean game keeps none and trusts its caller (`None`).
        fn occupant(&self, row: usize, col: usize) -> Option<Player>;
        /// Where a mark dropped in column `col` (on the board) lands now, if anywhere. Asked only
        /// of rules with gravity; the classic boards, whose rules have none, keep this answer
        /// (the game refuses their drops before asking), and every board of the family gives its own.
        fn landing(&self, _col: usize) -> Option<usize> {
            None
        }
        /// Records a move that the rules have admitted in `moves` (a lean board records none),
        /// makes it and counts it in the game's `turns`: the winner after it, or
        /// [`Error::OutOfMemory`] (nothing changed) when the record cannot grow. `BATCH`: the move may have to be taken back by
        /// [`take_back`](Self::take_back). (The turns are counted here, not by the caller, so that
        /// the classic move's rare path that grows its record joins the common one at the end.)
        fn commit<const BATCH: bool>(
            &mut self,
            turns: &mut Turns,
            moves: &mut Moves<Self::Room>,
            at: At,
            player: Player,
        ) -> Won;
        /// Takes back the last move, also a winning one, and uncounts it in `turns` and `moves`:
        /// the move, or `None` where there is none the board can take back (none played; a lean
        /// board keeps only the moves of a running batch, [`place`](Self::place) with `BATCH`).
        fn take_back(
            &mut self,
            turns: &mut Turns,
            moves: &mut Moves<Self::Room>,
        ) -> Option<(usize, usize, Player)>;
        /// Tidies up after a batch, applied or taken back.
        fn end_batch(&mut self) {}
        /// Back to the empty board after `moves`, keeping the memory (the game then empties
        /// the record).
        fn clear(&mut self, moves: &Moves<Self::Room>);
        /// Whether `player` still has a line free of the opponent's marks (the game asks whether
        /// it is over first).
        fn open(&self, player: Player) -> bool;
        /// A copy of the board and the record of a game at `turns` after `moves`, or
        /// [`Error::OutOfMemory`] where `clone` would abort.
        #[cfg(feature = "alloc")]
        fn try_copy(
            &self,
            turns: &Turns,
            moves: &Moves<Self::Room>,
        ) -> Result<(Self, Moves<Self::Room>), Error>;

        /// The rules of a drop in column `col`, which is on the board of rules with gravity: the
        /// game goes on, the player's turn, the column not full. The row it lands on.
        #[inline]
        fn admit_drop(&self, turns: &Turns, col: usize, player: Player) -> Result<usize, Error> {
            turns.check(player)?;
            self.landing(col).ok_or(Error::ColumnFull { col })
        }

        /// The rules of a batch's `action` by `player` ([`action_cell`]). The cell as indices.
        fn admit_action(
            &self,
            turns: &Turns,
            action: i64,
            player: Player,
        ) -> Result<(usize, usize), Error> {
            action_cell(
                self.rules(),
                action,
                || turns.check(player),
                |row, col| self.occupant(row, col),
                |col| self.landing(col),
            )
        }

        /// A move: every rule of a move, written once, in their order of precedence, then
        /// [`commit`](Self::commit); nothing changes unless it is accepted. The cell on the board
        /// (else [`Error::OutOfRange`] quoting the caller's numbers: `SIGNED` when they were
        /// `i64`s, which arrive here as their bits), the game not over and the player's turn (the
        /// game's `turns`), an empty cell (as far as the representation keeps cells), with gravity
        /// the landing cell.
        #[inline(always)]
        fn place<const BATCH: bool, const SIGNED: bool>(
            &mut self,
            turns: &mut Turns,
            moves: &mut Moves<Self::Room>,
            row: u64,
            col: u64,
            player: Player,
        ) -> Won {
            let Some((row, col)) = self.on_board(row, col) else {
                return Err(off_board::<SIGNED>(self.rules(), row, col));
            };
            turns.check(player)?;
            if let Some(by) = self.occupant(row, col) {
                return Err(Error::Occupied { row, col, by });
            }
            if self.rules().gravity() {
                // An empty cell: its column is not full.
                let landing = self.landing(col).unwrap_or(row);
                if row != landing {
                    return Err(Error::NotLanding { row, col, landing });
                }
            }
            self.commit::<BATCH>(turns, moves, (row, col), player)
        }

        /// A drop: [`admit_drop`](Self::admit_drop), then [`commit`](Self::commit).
        #[inline]
        fn drop_located(
            &mut self,
            turns: &mut Turns,
            moves: &mut Moves<Self::Room>,
            col: usize,
            player: Player,
        ) -> Won {
            let row = self.admit_drop(turns, col, player)?;
            self.commit::<false>(turns, moves, (row, col), player)
        }

        /// A batch of moves, all or nothing: each item read as a move by `read`, then placed as
        /// [`place`](Self::place) places it (`BATCH`), through the one rollback of
        /// [`run_batch`] ([`batch_on`]). The run-time choice hands the whole batch to a classic
        /// board, one dispatch a batch where a move makes one.
        #[inline]
        fn place_all<const SIGNED: bool, T>(
            &mut self,
            turns: &mut Turns,
            moves: &mut Moves<Self::Room>,
            items: impl IntoIterator<Item = T>,
            read: impl FnMut(T) -> Result<(u64, u64, Player), Error>,
        ) -> Result<Option<Player>, BatchError> {
            batch_on::<Self, SIGNED, T>(self, turns, moves, items, read)
        }
    }

    /// [`Kept::place_all`] on the board `rep`, lent with the game's turns and record.
    #[inline]
    pub(crate) fn batch_on<R: Kept, const SIGNED: bool, T>(
        rep: &mut R,
        turns: &mut Turns,
        moves: &mut Moves<R::Room>,
        items: impl IntoIterator<Item = T>,
        mut read: impl FnMut(T) -> Result<(u64, u64, Player), Error>,
    ) -> Result<Option<Player>, BatchError> {
        let mut lent = Lent { rep, turns, moves };
        run_batch(&mut lent, items, |game, item| {
            let (row, col, player) = read(item)?;
            game.rep
                .place::<true, SIGNED>(game.turns, game.moves, row, col, player)
                .map(drop)
        })
    }

    /// The rules of a batch's `action` (the cell `row * cols + col` it names, or with gravity
    /// the column), in their order of precedence, as a move or a drop is admitted: the action in
    /// range ([`Error::ActionOutOfRange`]), then the `turn` (a game's; a batch keeps its games'
    /// turns itself), then with gravity the column's landing row ([`Error::ColumnFull`]),
    /// without it an empty cell ([`Error::Occupied`]). `occupant` and `landing` are the board's
    /// answers. The cell as indices. Every block of a batch asks this for its refusals, as
    /// [`Kept::admit_action`] does.
    #[inline]
    pub fn action_cell(
        rules: Rules,
        action: i64,
        turn: impl FnOnce() -> Result<(), Error>,
        occupant: impl FnOnce(usize, usize) -> Option<Player>,
        landing: impl FnOnce(usize) -> Option<usize>,
    ) -> Result<(usize, usize), Error> {
        let index = rules.action(action)?;
        turn()?;
        if rules.gravity() {
            let row = landing(index).ok_or(Error::ColumnFull { col: index })?;
            return Ok((row, index));
        }
        let (row, col) = (index / rules.cols(), index % rules.cols());
        match occupant(row, col) {
            Some(by) => Err(Error::Occupied { row, col, by }),
            None => Ok((row, col)),
        }
    }

    /// [`Error::OutOfRange`] for the caller's numbers `row` and `col` (`i64`s as their bits when
    /// `SIGNED`) on a board of `rules`.
    #[cold]
    #[inline(never)]
    fn off_board<const SIGNED: bool>(rules: Rules, row: u64, col: u64) -> Error {
        let quote = |x: u64| {
            if SIGNED {
                i128::from(x as i64)
            } else {
                i128::from(x)
            }
        };
        Error::OutOfRange {
            row: quote(row),
            col: quote(col),
            rows: rules.rows(),
            cols: rules.cols(),
        }
    }

    /// A board lent with the game's turns and record: what a batch moves and rolls back.
    struct Lent<'a, R: Kept> {
        rep: &'a mut R,
        turns: &'a mut Turns,
        moves: &'a mut Moves<R::Room>,
    }

    impl<R: Kept> Batched for Lent<'_, R> {
        fn take_back_last(&mut self) {
            // Applied by this batch, so there is a move to take back.
            let _ = self.rep.take_back(self.turns, self.moves);
        }

        fn end_batch(&mut self) {
            self.rep.end_batch();
        }

        fn winner_now(&self) -> Option<Player> {
            self.turns.winner()
        }
    }
}
