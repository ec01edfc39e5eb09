//! One game type for every rule set of the family, holding the representation that plays it best:
//! the classic square game on its counters (checked or lean), every other game on line bitsets
//! ([`KGame`]). The C and Python faces hold this type, so they call one set of methods whatever the
//! rules; Rust callers who know their rules may use [`Game`] or [`KGame`] directly.

use alloc::vec::Vec;
use core::fmt;

use crate::batch::BatchError;
use crate::board::Outcome;
use crate::error::{DecodeError, Error};
use crate::game::Game;
use crate::kgame::{BitBoard, KGame, LineBoard};
use crate::limits::Mode;
use crate::player::Player;
use crate::rules::Rules;

/// A game of any rules of the k-in-a-row family ([`Rules`]), in the representation that plays those
/// rules best: counters for the classic square game (every figure of [`Game`]: O(1) moves, lean
/// mode), one word a player for other boards that fit in 64 bits ([`BitBoard`]), line bitsets for
/// every other ([`LineBoard`]).
///
/// ```
/// use tictactoe_core::{AnyGame, Mode, Player, Rules};
///
/// let mut four = AnyGame::new(Rules::connect_four(), Mode::Checked)?;
/// assert_eq!(four.drop_i64(3, 1)?, 0);
/// assert_eq!(four.cell(5, 3)?, Some(Player::X));
/// let classic = AnyGame::new(Rules::square(3)?, Mode::Lean)?;
/// assert_eq!(classic.mode(), Mode::Lean);
/// assert!(AnyGame::new(Rules::connect_four(), Mode::Lean).is_err()); // lean needs the counters
/// # Ok::<(), tictactoe_core::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct AnyGame(Repr);

/// An explicit tag (`repr(u8)`): finding the classic game is one byte compare, where a niche in
/// its fields took several instructions on every call.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
enum Repr {
    Classic(Game),
    Lines(KGame<LineBoard>),
    Bits(KGame<BitBoard>),
}

/// The representations a game of the family can be kept in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    /// The classic square game's counters (checked or lean).
    Classic,
    /// One word a player: boards with `(rows + 1) * cols <= 64`.
    Bits,
    /// Line bitsets: every other board.
    Lines,
}

impl Kind {
    /// The representation that plays `rules` best: the one place that chooses, for a game, a
    /// decoded game and a batch.
    pub(crate) fn of(rules: Rules) -> Kind {
        if rules.is_classic() {
            Kind::Classic
        } else if BitBoard::fits(rules) {
            Kind::Bits
        } else {
            Kind::Lines
        }
    }
}

/// Calls the same method on whichever game is inside.
macro_rules! each {
    ($self:expr, $game:ident => $body:expr) => {
        match $self {
            AnyGame(Repr::Classic($game)) => $body,
            AnyGame(Repr::Lines($game)) => $body,
            AnyGame(Repr::Bits($game)) => $body,
        }
    };
}

/// The family's boards, as the one game type holds them.
#[cfg(feature = "vec")]
pub(crate) trait IntoAny: crate::kgame::Marks {
    /// `game` as the one game type.
    fn into_any(game: KGame<Self>) -> AnyGame;
    /// The game of this board inside `any`, if that is what it holds.
    fn from_any(any: &AnyGame) -> Option<&KGame<Self>>;
}

#[cfg(feature = "vec")]
impl IntoAny for LineBoard {
    fn into_any(game: KGame<LineBoard>) -> AnyGame {
        AnyGame(Repr::Lines(game))
    }
    fn from_any(any: &AnyGame) -> Option<&KGame<LineBoard>> {
        match &any.0 {
            Repr::Lines(game) => Some(game),
            _ => None,
        }
    }
}

#[cfg(feature = "vec")]
impl IntoAny for BitBoard {
    fn into_any(game: KGame<BitBoard>) -> AnyGame {
        AnyGame(Repr::Bits(game))
    }
    fn from_any(any: &AnyGame) -> Option<&KGame<BitBoard>> {
        match &any.0 {
            Repr::Bits(game) => Some(game),
            _ => None,
        }
    }
}

impl AnyGame {
    /// An empty game of `rules` in `mode`. Lean mode needs the classic square game's rules (else
    /// [`Error::InvalidRules`]); sizes are checked as [`Game::with_mode`] and [`KGame::new`] do.
    pub fn new(rules: Rules, mode: Mode) -> Result<AnyGame, Error> {
        let kind = Kind::of(rules);
        if mode == Mode::Lean && kind != Kind::Classic {
            return Err(Error::InvalidRules {
                rows: rules.rows() as i128,
                cols: rules.cols() as i128,
                k: rules.k() as i128,
                reason: if rules.gravity() {
                    "with gravity: lean mode needs the classic square game: rows = cols = k, no gravity"
                } else {
                    "lean mode needs the classic square game: rows = cols = k, no gravity"
                },
            });
        }
        match kind {
            Kind::Classic => Game::with_mode(rules.rows(), mode).map(AnyGame::from),
            Kind::Bits => KGame::new_small(rules).map(|game| AnyGame(Repr::Bits(game))),
            Kind::Lines => KGame::new(rules).map(|game| AnyGame(Repr::Lines(game))),
        }
    }

    /// A copy of this game, or [`Error::OutOfMemory`] when its memory cannot be had (where
    /// [`Clone`] would abort): a one-word board is copied as it is; a classic checked game or a
    /// board of line bitsets is made anew and its moves replayed; a lean one keeps only its
    /// counters, and is cloned.
    ///
    /// ```
    /// use tictactoe_core::{AnyGame, Mode, Rules};
    ///
    /// let mut game = AnyGame::new(Rules::connect_four(), Mode::Checked)?;
    /// game.drop_i64(3, 2)?;
    /// assert_eq!(game.try_clone()?, game);
    /// # Ok::<(), tictactoe_core::Error>(())
    /// ```
    pub fn try_clone(&self) -> Result<AnyGame, Error> {
        match &self.0 {
            Repr::Bits(game) => game.try_copy().map(|copy| AnyGame(Repr::Bits(copy))),
            Repr::Lines(game) => game.try_copy().map(|copy| AnyGame(Repr::Lines(copy))),
            Repr::Classic(game) if game.mode() == Mode::Lean => Ok(self.clone()),
            Repr::Classic(_) => {
                let mut copy = AnyGame::new(self.rules(), Mode::Checked)?;
                for (row, col, player) in self.moves() {
                    copy.play(row, col, player)?;
                }
                Ok(copy)
            }
        }
    }

    /// The rules this game plays by.
    #[must_use]
    pub fn rules(&self) -> Rules {
        match &self.0 {
            Repr::Classic(game) => Rules::classic(game.n()),
            Repr::Lines(game) => game.rules(),
            Repr::Bits(game) => game.rules(),
        }
    }

    /// The size `n` of a square board, or [`Error::NotSquare`].
    pub fn n(&self) -> Result<usize, Error> {
        let rules = self.rules();
        if rules.rows() == rules.cols() {
            Ok(rules.rows())
        } else {
            Err(Error::NotSquare {
                rows: rules.rows(),
                cols: rules.cols(),
            })
        }
    }

    /// Checked or lean (only the classic game can be lean).
    #[must_use]
    pub fn mode(&self) -> Mode {
        match &self.0 {
            Repr::Classic(game) => game.mode(),
            Repr::Lines(_) | Repr::Bits(_) => Mode::Checked,
        }
    }

    /// The classic game inside, if these are its rules.
    #[must_use]
    pub fn as_classic(&self) -> Option<&Game> {
        match &self.0 {
            Repr::Classic(game) => Some(game),
            _ => None,
        }
    }

    /// The one-word board inside, if these rules are played on one.
    pub(crate) fn bit_board(&self) -> Option<&BitBoard> {
        match &self.0 {
            Repr::Bits(game) => Some(game.marks()),
            _ => None,
        }
    }

    /// See [`Game::play_i64`]: returns 0, 1 or 2.
    #[inline]
    pub fn play_i64(&mut self, row: i64, col: i64, player: i64) -> Result<u8, Error> {
        // The classic game inline, the family out of line: what the classic move costs through
        // the faces stays what it was.
        match &mut self.0 {
            Repr::Classic(game) => game.play_i64(row, col, player),
            _ => self.play_family_i64(row, col, player),
        }
    }

    #[inline(never)]
    fn play_family_i64(&mut self, row: i64, col: i64, player: i64) -> Result<u8, Error> {
        each!(self, g => g.play_i64(row, col, player))
    }

    /// See [`Game::play`].
    pub fn play(
        &mut self,
        row: usize,
        col: usize,
        player: Player,
    ) -> Result<Option<Player>, Error> {
        each!(self, g => g.play(row, col, player))
    }

    /// See [`KGame::drop_i64`]; a classic game has no gravity ([`Error::NoGravity`]).
    pub fn drop_i64(&mut self, col: i64, player: i64) -> Result<u8, Error> {
        match &mut self.0 {
            Repr::Classic(_) => {
                Player::from_number(player)?;
                Err(Error::NoGravity)
            }
            Repr::Lines(game) => game.drop_i64(col, player),
            Repr::Bits(game) => game.drop_i64(col, player),
        }
    }

    /// See [`Game::play_all_i64`].
    pub fn play_all_i64<I>(&mut self, moves: I) -> Result<Option<Player>, BatchError>
    where
        I: IntoIterator<Item = [i64; 3]>,
    {
        each!(self, g => g.play_all_i64(moves))
    }

    /// See [`Game::undo`].
    pub fn undo(&mut self) -> Result<(usize, usize, Player), Error> {
        each!(self, g => g.undo())
    }

    /// See [`Game::reset`].
    pub fn reset(&mut self) {
        each!(self, g => g.reset());
    }

    /// Who holds (`row`, `col`), for foreign callers' numbers: [`Error::OutOfRange`] off the board,
    /// [`Error::NeedsBoard`] for a lean game.
    pub fn cell_i64(&self, row: i64, col: i64) -> Result<Option<Player>, Error> {
        each!(self, g => {
            let (row, col) = g.locate(row, col)?;
            g.cell(row, col)
        })
    }

    /// See [`Game::cell`].
    pub fn cell(&self, row: usize, col: usize) -> Result<Option<Player>, Error> {
        each!(self, g => g.cell(row, col))
    }

    /// The winner, if any.
    #[inline]
    #[must_use]
    pub fn winner(&self) -> Option<Player> {
        each!(self, g => g.winner())
    }

    /// True after a win or when the board is full.
    #[inline]
    #[must_use]
    pub fn is_over(&self) -> bool {
        each!(self, g => g.is_over())
    }

    /// True when the board is full and nobody has won.
    #[must_use]
    pub fn is_draw(&self) -> bool {
        each!(self, g => g.is_draw())
    }

    /// Moves played so far.
    #[must_use]
    pub fn move_count(&self) -> u64 {
        each!(self, g => g.move_count())
    }

    /// The most moves that can still be played.
    #[must_use]
    pub fn moves_left(&self) -> u64 {
        each!(self, g => g.moves_left())
    }

    /// The player who moved last.
    #[must_use]
    pub fn last_player(&self) -> Option<Player> {
        each!(self, g => g.last_player())
    }

    /// Whether `player` can still complete some window free of the opponent's marks.
    #[inline]
    #[must_use]
    pub fn can_win(&self, player: Player) -> bool {
        each!(self, g => g.can_win(player))
    }

    /// Whether the game is in play, won or drawn.
    #[must_use]
    pub fn outcome(&self) -> Outcome {
        each!(self, g => g.outcome())
    }

    /// The moves so far as `(row, col, player)`, oldest first (none for a lean game).
    #[must_use]
    pub fn moves(&self) -> Vec<(usize, usize, Player)> {
        each!(self, g => g.moves().collect())
    }

    /// The game as bytes: version 2 for the classic game, version 3 (the rules in the header) for
    /// the others. [`decode`](Self::decode) reads either back.
    #[must_use]
    pub fn encode(&self) -> Vec<u8> {
        each!(self, g => g.encode())
    }

    /// Reads back a game written by [`encode`](Self::encode), in the representation its rules
    /// call for. Version 3 input with the classic rules is refused: the classic game is written as
    /// version 2, so that every game has one encoding.
    ///
    /// ```
    /// use tictactoe_core::{AnyGame, Mode, Rules};
    ///
    /// let game = AnyGame::new(Rules::gomoku(15)?, Mode::Checked)?;
    /// assert_eq!(AnyGame::decode(&game.encode())?, game);
    /// # Ok::<(), tictactoe_core::Error>(())
    /// ```
    pub fn decode(bytes: &[u8]) -> Result<AnyGame, Error> {
        let header = crate::encoding::Header::read(bytes)?;
        if bytes.get(3) == Some(&crate::encoding::RULES_VERSION) {
            return match Kind::of(header.rules) {
                Kind::Classic => {
                    let why = "the classic game is written as version 2";
                    Err(DecodeError::Inconsistent(why).into())
                }
                Kind::Bits => {
                    KGame::<BitBoard>::decode(bytes).map(|game| AnyGame(Repr::Bits(game)))
                }
                Kind::Lines => {
                    KGame::<LineBoard>::decode(bytes).map(|game| AnyGame(Repr::Lines(game)))
                }
            };
        }
        Game::decode(bytes).map(AnyGame::from)
    }
}

impl From<Game> for AnyGame {
    fn from(game: Game) -> AnyGame {
        AnyGame(Repr::Classic(game))
    }
}

/// The board as text, as each representation draws it (a lean game: a one-line summary).
impl fmt::Display for AnyGame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        each!(self, g => g.fmt(f))
    }
}
