//! The game: one type for every rule set of the family, holding the representation that plays it
//! best: the classic square game on its counters (checked or lean, [`ClassicGame`]), boards that
//! fit a word on one word a player, every other board on line bitsets ([`KGame`]). Every face holds
//! this type, so each calls one set of methods whatever the rules; Rust callers who want a
//! representation by name may still use [`ClassicGame`] or [`KGame`] directly.

use alloc::vec::Vec;
use core::fmt;

use crate::batch::BatchError;
use crate::board::Outcome;
use crate::classic::ClassicGame;
use crate::error::{DecodeError, Error};
use crate::kgame::{BitBoard, KGame, LineBoard};
use crate::limits::Mode;
use crate::player::Player;
use crate::rules::Rules;
use crate::turns::Turns;

/// A game of any rules of the k-in-a-row family ([`Rules`]), in the representation that plays those
/// rules best: counters for the classic square game (every figure of [`ClassicGame`]: O(1) moves,
/// lean mode), one word a player for other boards that fit in 64 bits ([`BitBoard`]), line bitsets
/// for every other ([`LineBoard`]).
///
/// ```
/// use tictactoe_core::{Error, Game, Mode, Player, Rules};
///
/// let mut game = Game::new(3)?; // the classic 3 x 3 game
/// game.play(1, 1, Player::X)?;
/// assert_eq!(game.play(1, 1, Player::O), Err(Error::Occupied { row: 1, col: 1, by: Player::X }));
///
/// let mut four = Game::with_rules(Rules::connect_four())?;
/// assert_eq!(four.drop_i64(3, 1)?, 0);
/// assert_eq!(four.cell(5, 3)?, Some(Player::X));
/// assert_eq!(Game::new_lean(1_000)?.mode(), Mode::Lean);
/// assert!(Game::with_rules_and_mode(Rules::connect_four(), Mode::Lean).is_err()); // lean needs the counters
/// # Ok::<(), tictactoe_core::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Game(Repr);

/// The name [`Game`] had before 0.3.0, when `Game` named the classic game (now [`ClassicGame`]).
#[deprecated(
    since = "0.3.0",
    note = "renamed `Game`; `AnyGame::new(rules, mode)` is now `Game::with_rules_and_mode`"
)]
pub type AnyGame = Game;

/// An explicit tag (`repr(u8)`): finding the classic game is one byte compare, where a niche in
/// its fields took several instructions on every call.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
enum Repr {
    Classic(ClassicGame),
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
            Game(Repr::Classic($game)) => $body,
            Game(Repr::Lines($game)) => $body,
            Game(Repr::Bits($game)) => $body,
        }
    };
}

/// The family's boards, as the one game type holds them.
#[cfg(feature = "vec")]
pub(crate) trait IntoAny: crate::kgame::Marks {
    /// `game` as the one game type.
    fn into_any(game: KGame<Self>) -> Game;
    /// The game of this board inside `any`, if that is what it holds.
    fn from_any(any: &Game) -> Option<&KGame<Self>>;
}

#[cfg(feature = "vec")]
impl IntoAny for LineBoard {
    fn into_any(game: KGame<LineBoard>) -> Game {
        Game(Repr::Lines(game))
    }
    fn from_any(any: &Game) -> Option<&KGame<LineBoard>> {
        match &any.0 {
            Repr::Lines(game) => Some(game),
            _ => None,
        }
    }
}

#[cfg(feature = "vec")]
impl IntoAny for BitBoard {
    fn into_any(game: KGame<BitBoard>) -> Game {
        Game(Repr::Bits(game))
    }
    fn from_any(any: &Game) -> Option<&KGame<BitBoard>> {
        match &any.0 {
            Repr::Bits(game) => Some(game),
            _ => None,
        }
    }
}

impl Game {
    /// The classic checked `n x n` game (`k = n`, no gravity): `n` from 1 to
    /// [`MAX_CHECKED_N`](crate::MAX_CHECKED_N), else [`Error::InvalidSize`].
    ///
    /// ```
    /// use tictactoe_core::{Error, Game, Rules};
    ///
    /// assert_eq!(Game::new(3)?.rules(), Rules::square(3)?);
    /// assert!(matches!(Game::new(0), Err(Error::InvalidSize { n: 0, .. })));
    /// # Ok::<(), Error>(())
    /// ```
    pub fn new(n: usize) -> Result<Game, Error> {
        ClassicGame::new(n).map(Game::from)
    }

    /// The classic `n x n` game in lean mode: O(n) memory, `n` up to
    /// [`MAX_LEAN_N`](crate::MAX_LEAN_N); no undo and no cells to read ([`Error::NeedsBoard`]).
    pub fn new_lean(n: usize) -> Result<Game, Error> {
        ClassicGame::new_lean(n).map(Game::from)
    }

    /// The classic `n x n` game in `mode` (see [`ClassicGame::with_mode`]).
    pub fn with_mode(n: usize, mode: Mode) -> Result<Game, Error> {
        ClassicGame::with_mode(n, mode).map(Game::from)
    }

    /// [`with_mode`](Self::with_mode) for foreign callers, whose sizes may be negative.
    ///
    /// ```
    /// use tictactoe_core::{Error, Game, Mode};
    ///
    /// assert_eq!(Game::with_mode_i64(-3, Mode::Checked), Err(Error::InvalidSize { n: -3, max: 65_535 }));
    /// ```
    pub fn with_mode_i64(n: i64, mode: Mode) -> Result<Game, Error> {
        ClassicGame::with_mode_i64(n, mode).map(Game::from)
    }

    /// An empty game of `rules`, checked (a taken cell refused, undo and cells at hand). Sizes are
    /// checked as [`KGame::new`] does; [`Error::OutOfMemory`] when the board cannot be had.
    ///
    /// ```
    /// use tictactoe_core::{Game, Player, Rules};
    ///
    /// let mut gomoku = Game::with_rules(Rules::gomoku(15)?)?;
    /// assert_eq!(gomoku.play(7, 7, Player::X)?, None);
    /// # Ok::<(), tictactoe_core::Error>(())
    /// ```
    pub fn with_rules(rules: Rules) -> Result<Game, Error> {
        Game::with_rules_and_mode(rules, Mode::Checked)
    }

    /// An empty game of `rules` in `mode`. Lean mode needs the classic square game's rules (else
    /// [`Error::InvalidRules`]); sizes are checked as [`ClassicGame::with_mode`] and [`KGame::new`] do.
    pub fn with_rules_and_mode(rules: Rules, mode: Mode) -> Result<Game, Error> {
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
            Kind::Classic => ClassicGame::with_mode(rules.rows(), mode).map(Game::from),
            Kind::Bits => KGame::new_small(rules).map(|game| Game(Repr::Bits(game))),
            Kind::Lines => KGame::new(rules).map(|game| Game(Repr::Lines(game))),
        }
    }

    /// A copy of this game, or [`Error::OutOfMemory`] when its memory cannot be had (where
    /// [`Clone`] would abort): a one-word board is copied as it is; a classic checked game or a
    /// board of line bitsets is made anew and its moves replayed; a lean one keeps only its
    /// counters, and is cloned.
    ///
    /// ```
    /// use tictactoe_core::{Game, Mode, Rules};
    ///
    /// let mut game = Game::with_rules(Rules::connect_four())?;
    /// game.drop_i64(3, 2)?;
    /// assert_eq!(game.try_clone()?, game);
    /// # Ok::<(), tictactoe_core::Error>(())
    /// ```
    pub fn try_clone(&self) -> Result<Game, Error> {
        match &self.0 {
            Repr::Bits(game) => game.try_copy().map(|copy| Game(Repr::Bits(copy))),
            Repr::Lines(game) => game.try_copy().map(|copy| Game(Repr::Lines(copy))),
            Repr::Classic(game) if game.mode() == Mode::Lean => Ok(self.clone()),
            Repr::Classic(_) => {
                let mut copy = Game::with_rules(self.rules())?;
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
    pub fn as_classic(&self) -> Option<&ClassicGame> {
        match &self.0 {
            Repr::Classic(game) => Some(game),
            _ => None,
        }
    }

    /// The game's progress (moves, turns, the winner), which every representation keeps in the
    /// same form: every question about it is answered here once.
    #[inline]
    fn turns(&self) -> &Turns {
        match &self.0 {
            Repr::Classic(game) => game.counters.turns(),
            Repr::Lines(game) => game.turns(),
            Repr::Bits(game) => game.turns(),
        }
    }

    /// The cells played (`row * cols + col`, oldest first; none for a lean game).
    fn journal(&self) -> &[u32] {
        match &self.0 {
            Repr::Classic(game) => game.checked_journal(),
            Repr::Lines(game) => game.journal(),
            Repr::Bits(game) => game.journal(),
        }
    }

    /// The one-word board inside, if these rules are played on one.
    pub(crate) fn bit_board(&self) -> Option<&BitBoard> {
        match &self.0 {
            Repr::Bits(game) => Some(game.marks()),
            _ => None,
        }
    }

    /// See [`ClassicGame::play_i64`]: returns 0, 1 or 2.
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

    /// `player` marks (`row`, `col`); returns the winner after the move. Refused, with the game
    /// left as it was: a cell off the board ([`Error::OutOfRange`]), a finished game, the same
    /// player twice, a taken cell (a lean game trusts its caller there), and with gravity any cell
    /// but its column's landing cell ([`Error::NotLanding`]).
    ///
    /// ```
    /// use tictactoe_core::{Error, Game, Player, Rules};
    ///
    /// let mut game = Game::new(3)?;
    /// assert_eq!(game.play(1, 1, Player::X), Ok(None));
    /// assert_eq!(game.play(2, 2, Player::X), Err(Error::WrongTurn { player: Player::X }));
    /// let mut four = Game::with_rules(Rules::connect_four())?;
    /// assert_eq!(four.play(0, 3, Player::X), Err(Error::NotLanding { row: 0, col: 3, landing: 5 }));
    /// # Ok::<(), Error>(())
    /// ```
    pub fn play(
        &mut self,
        row: usize,
        col: usize,
        player: Player,
    ) -> Result<Option<Player>, Error> {
        each!(self, g => g.play(row, col, player))
    }

    /// With gravity, `player` drops a mark in column `col` (see [`KGame::drop_in`]); a classic
    /// game has no gravity ([`Error::NoGravity`]).
    ///
    /// ```
    /// use tictactoe_core::{Error, Game, Player, Rules};
    ///
    /// let mut four = Game::with_rules(Rules::connect_four())?;
    /// four.drop_in(3, Player::X)?;
    /// assert_eq!(four.cell(5, 3)?, Some(Player::X));
    /// assert_eq!(Game::new(3)?.drop_in(0, Player::X), Err(Error::NoGravity));
    /// # Ok::<(), Error>(())
    /// ```
    pub fn drop_in(&mut self, col: usize, player: Player) -> Result<Option<Player>, Error> {
        match &mut self.0 {
            Repr::Classic(_) => Err(Error::NoGravity),
            Repr::Lines(game) => game.drop_in(col, player),
            Repr::Bits(game) => game.drop_in(col, player),
        }
    }

    /// [`drop_in`](Self::drop_in) for foreign callers: returns 0, 1 or 2.
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

    /// Plays `moves` in order, all or nothing: see [`ClassicGame::play_all`].
    pub fn play_all<I>(&mut self, moves: I) -> Result<Option<Player>, BatchError>
    where
        I: IntoIterator<Item = (usize, usize, Player)>,
    {
        each!(self, g => g.play_all(moves))
    }

    /// See [`ClassicGame::play_all_i64`].
    pub fn play_all_i64<I>(&mut self, moves: I) -> Result<Option<Player>, BatchError>
    where
        I: IntoIterator<Item = [i64; 3]>,
    {
        each!(self, g => g.play_all_i64(moves))
    }

    /// Takes back the last move, also a winning one, and returns it as `(row, col, player)`:
    /// [`Error::NothingToUndo`] before any move, [`Error::NeedsBoard`] for a lean game.
    pub fn undo(&mut self) -> Result<(usize, usize, Player), Error> {
        each!(self, g => g.undo())
    }

    /// Back to the empty board of the same rules, keeping the memory.
    pub fn reset(&mut self) {
        each!(self, g => g.reset());
    }

    /// Checks that (`row`, `col`) is on the board and returns it as indices, for foreign callers.
    pub fn locate(&self, row: i64, col: i64) -> Result<(usize, usize), Error> {
        self.rules().locate(i128::from(row), i128::from(col))
    }

    /// Who holds (`row`, `col`), for foreign callers' numbers: [`Error::OutOfRange`] off the board,
    /// [`Error::NeedsBoard`] for a lean game.
    pub fn cell_i64(&self, row: i64, col: i64) -> Result<Option<Player>, Error> {
        let (row, col) = self.locate(row, col)?;
        self.cell(row, col)
    }

    /// Who holds (`row`, `col`): `None` when empty; [`Error::OutOfRange`] off the board,
    /// [`Error::NeedsBoard`] for a lean game.
    pub fn cell(&self, row: usize, col: usize) -> Result<Option<Player>, Error> {
        each!(self, g => g.cell(row, col))
    }

    /// The winner, if any.
    #[inline]
    #[must_use]
    pub fn winner(&self) -> Option<Player> {
        self.turns().winner()
    }

    /// True after a win or when the board is full.
    #[inline]
    #[must_use]
    pub fn is_over(&self) -> bool {
        self.turns().is_over()
    }

    /// True when the board is full and nobody has won.
    #[must_use]
    pub fn is_draw(&self) -> bool {
        self.turns().is_draw()
    }

    /// Moves played so far.
    #[must_use]
    pub fn move_count(&self) -> u64 {
        self.turns().moves()
    }

    /// The most moves that can still be played.
    #[must_use]
    pub fn moves_left(&self) -> u64 {
        self.turns().moves_left()
    }

    /// The player who moved last.
    #[must_use]
    pub fn last_player(&self) -> Option<Player> {
        self.turns().last()
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
        self.turns().outcome()
    }

    /// The moves so far as `(row, col, player)`, oldest first (none for a lean game).
    pub fn moves(&self) -> alloc::vec::IntoIter<(usize, usize, Player)> {
        let cols = self.rules().cols();
        let moves: Vec<_> = self.turns().replay(self.journal(), cols).collect();
        moves.into_iter()
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
    /// use tictactoe_core::{Game, Mode, Rules};
    ///
    /// let game = Game::with_rules(Rules::gomoku(15)?)?;
    /// assert_eq!(Game::decode(&game.encode())?, game);
    /// # Ok::<(), tictactoe_core::Error>(())
    /// ```
    pub fn decode(bytes: &[u8]) -> Result<Game, Error> {
        let header = crate::encoding::Header::read(bytes)?;
        if bytes.get(3) == Some(&crate::encoding::RULES_VERSION) {
            return match Kind::of(header.rules) {
                Kind::Classic => {
                    let why = "the classic game is written as version 2";
                    Err(DecodeError::Inconsistent(why).into())
                }
                Kind::Bits => KGame::<BitBoard>::decode(bytes).map(|game| Game(Repr::Bits(game))),
                Kind::Lines => {
                    KGame::<LineBoard>::decode(bytes).map(|game| Game(Repr::Lines(game)))
                }
            };
        }
        ClassicGame::decode(bytes).map(Game::from)
    }
}

impl From<ClassicGame> for Game {
    fn from(game: ClassicGame) -> Game {
        Game(Repr::Classic(game))
    }
}

/// The board as text, as each representation draws it (a lean game: a one-line summary).
impl fmt::Display for Game {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        each!(self, g => g.fmt(f))
    }
}
