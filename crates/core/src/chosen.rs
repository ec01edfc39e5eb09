//! The representation [`Game`] holds, chosen at run time for its rules: the classic square game on
//! its counters (checked or lean, [`ClassicGame`]), boards that fit a word on one word a player,
//! every other board on line bitsets ([`KGame`]). The choice is made in one place ([`Kind::of`]),
//! and each question of the game is passed on to the representation inside in one line.

use alloc::vec::Vec;

use crate::batch::BatchError;
use crate::classic::{Classic, ClassicGame};
use crate::error::{DecodeError, Error};
use crate::game::GameOn;
use crate::kgame::{BitBoard, Family, KGame, LineBoard, Shape};
use crate::lean::Lean;
use crate::limits::Mode;
use crate::player::Player;
use crate::record::Moves;
use crate::repr::private::{At, Bytes, Kept, Won, batch_on};
use crate::rules::Rules;
use crate::storage::Heap;
use crate::turns::Turns;

/// A game of any rules of the k-in-a-row family ([`Rules`]), in the representation that plays those
/// rules best: counters for the classic square game (every figure of [`ClassicGame`]: O(1) moves,
/// lean mode), one word a player for other boards that fit in 64 bits ([`BitBoard`]), line bitsets
/// for every other ([`LineBoard`]). Its methods are those of every game ([`GameOn`]).
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
pub type Game = GameOn<Chosen>;

/// The representation of a [`Game`]: whichever of the others plays its rules best.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Chosen(Repr);

/// An explicit tag (`repr(u8)`): finding the classic game is one byte compare, where a niche in
/// its fields took several instructions on every call.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
enum Repr {
    Classic(Classic<Heap>),
    Lean(Lean),
    Lines(Family<LineBoard>),
    Bits(Family<BitBoard>),
}

/// The representations a game of the family can be kept in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
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
        } else {
            Kind::of_batch(rules)
        }
    }

    /// The same choice for a batch of games, which keeps every board that fits a word as words,
    /// the small classic ones too: a batch step does not read the counters' answers (who can
    /// still win), and on a 3 x 3 board the words step in about half the time (`make bench`).
    pub(crate) fn of_batch(rules: Rules) -> Kind {
        if BitBoard::fits(rules) {
            Kind::Bits
        } else if rules.is_classic() {
            Kind::Classic
        } else {
            Kind::Lines
        }
    }
}

/// Passes one question on to the representation inside: the one macro here, a four-arm `match`
/// whose arms differ only in the variant (each arm's `$rep` is another type), written once for the
/// dozen questions that every board answers alike.
macro_rules! each {
    ($self:expr, $rep:ident => $body:expr) => {
        match $self {
            Repr::Classic($rep) => $body,
            Repr::Lean($rep) => $body,
            Repr::Lines($rep) => $body,
            Repr::Bits($rep) => $body,
        }
    };
}

impl Kept for Chosen {
    #[inline]
    fn rules(&self) -> Rules {
        each!(&self.0, r => r.rules())
    }

    #[inline]
    fn mode(&self) -> Mode {
        each!(&self.0, r => r.mode())
    }

    fn first_moves(&self) -> Result<Moves<Vec<u32>>, Error> {
        each!(&self.0, r => r.first_moves())
    }

    #[inline]
    fn on_board(&self, row: u64, col: u64) -> Option<(usize, usize)> {
        each!(&self.0, r => r.on_board(row, col))
    }

    #[inline]
    fn occupant(&self, row: usize, col: usize) -> Option<Player> {
        each!(&self.0, r => r.occupant(row, col))
    }

    #[inline]
    fn landing(&self, col: usize) -> Option<usize> {
        each!(&self.0, r => r.landing(col))
    }

    fn commit<const BATCH: bool>(
        &mut self,
        turns: &mut Turns,
        moves: &mut Moves<Vec<u32>>,
        at: At,
        player: Player,
    ) -> Won {
        each!(&mut self.0, r => r.commit::<BATCH>(turns, moves, at, player))
    }

    /// One dispatch, then the rules on the board inside.
    #[inline(always)]
    fn place<const BATCH: bool, const SIGNED: bool>(
        &mut self,
        turns: &mut Turns,
        moves: &mut Moves<Vec<u32>>,
        row: u64,
        col: u64,
        player: Player,
    ) -> Won {
        match &mut self.0 {
            Repr::Classic(r) => r.place::<BATCH, SIGNED>(turns, moves, row, col, player),
            Repr::Lean(r) => r.place::<BATCH, SIGNED>(turns, moves, row, col, player),
            _ => self.place_family::<BATCH, SIGNED>(turns, moves, row, col, player),
        }
    }

    /// One dispatch a batch for the classic boards, whose board inside runs the whole batch; the
    /// family's boards take the batch a move at a time through this choice, as before, so that
    /// their single moves are compiled as they were (a batch of their own for each moved a
    /// Connect Four drop through `Game` from 157.3 to 182.4 instructions).
    #[inline]
    fn place_all<const SIGNED: bool, T>(
        &mut self,
        turns: &mut Turns,
        moves: &mut Moves<Vec<u32>>,
        items: impl IntoIterator<Item = T>,
        read: impl FnMut(T) -> Result<(u64, u64, Player), Error>,
    ) -> Result<Option<Player>, BatchError> {
        match &mut self.0 {
            Repr::Classic(r) => batch_on::<_, SIGNED, T>(r, turns, moves, items, read),
            Repr::Lean(r) => batch_on::<_, SIGNED, T>(r, turns, moves, items, read),
            Repr::Lines(_) | Repr::Bits(_) => {
                batch_on::<_, SIGNED, T>(self, turns, moves, items, read)
            }
        }
    }

    #[inline]
    fn take_back(
        &mut self,
        turns: &mut Turns,
        moves: &mut Moves<Vec<u32>>,
    ) -> Option<(usize, usize, Player)> {
        match &mut self.0 {
            Repr::Classic(r) => Kept::take_back(r, turns, moves),
            Repr::Lean(r) => Kept::take_back(r, turns, moves),
            _ => self.take_back_family(turns, moves),
        }
    }

    fn end_batch(&mut self) {
        each!(&mut self.0, r => r.end_batch())
    }

    #[inline]
    fn clear(&mut self, moves: &Moves<Vec<u32>>) {
        match &mut self.0 {
            Repr::Classic(r) => r.clear(moves),
            Repr::Lean(r) => r.clear(moves),
            _ => self.clear_family(moves),
        }
    }

    #[inline]
    fn open(&self, player: Player) -> bool {
        match &self.0 {
            Repr::Classic(r) => r.open(player),
            Repr::Lean(r) => r.open(player),
            _ => self.open_family(player),
        }
    }

    fn try_copy(
        &self,
        turns: &Turns,
        moves: &Moves<Vec<u32>>,
    ) -> Result<(Chosen, Moves<Vec<u32>>), Error> {
        let (copy, moves) = match &self.0 {
            Repr::Classic(r) => r.try_copy(turns, moves).map(|(r, m)| (Repr::Classic(r), m)),
            Repr::Lean(r) => r.try_copy(turns, moves).map(|(r, m)| (Repr::Lean(r), m)),
            Repr::Lines(r) => r.try_copy(turns, moves).map(|(r, m)| (Repr::Lines(r), m)),
            Repr::Bits(r) => r.try_copy(turns, moves).map(|(r, m)| (Repr::Bits(r), m)),
        }?;
        Ok((Chosen(copy), moves))
    }
}

/// Each representation in its own version of the format.
impl Bytes for Chosen {
    type Room = Vec<u32>;

    fn encoded_len(&self, moves: &Moves<Vec<u32>>) -> usize {
        each!(&self.0, r => r.encoded_len(moves))
    }

    fn encode_into(&self, turns: &Turns, moves: &Moves<Vec<u32>>, out: &mut [u8]) -> usize {
        each!(&self.0, r => r.encode_into(turns, moves, out))
    }

    /// Version 2 for the classic rules, version 3 for the others, each read by the representation
    /// its rules call for. Version 3 input with the classic rules is refused: the classic game is
    /// written as version 2, so that every game has one encoding.
    fn decode(bytes: &[u8]) -> Result<(Chosen, Turns, Moves<Vec<u32>>), Error> {
        let header = crate::encoding::Header::read(bytes)?;
        if bytes.get(3) != Some(&crate::encoding::RULES_VERSION) {
            return match header.mode {
                Mode::Checked => {
                    Classic::decode(bytes).map(|(r, t, m)| (Chosen(Repr::Classic(r)), t, m))
                }
                Mode::Lean => Lean::decode(bytes).map(|(r, t, m)| (Chosen(Repr::Lean(r)), t, m)),
            };
        }
        match Kind::of(header.rules) {
            Kind::Classic => {
                let why = "the classic game is written as version 2";
                Err(DecodeError::Inconsistent(why).into())
            }
            Kind::Bits => Family::decode(bytes).map(|(r, t, m)| (Chosen(Repr::Bits(r)), t, m)),
            Kind::Lines => Family::decode(bytes).map(|(r, t, m)| (Chosen(Repr::Lines(r)), t, m)),
        }
    }
}

/// The family's answers, out of line: the classic boards answer inline in [`Chosen`]'s `Kept`
/// methods and the family's here, so that what the classic move costs through the faces stays what
/// it was (answered inline beside the classic one, or through a closure run out of line, the
/// family's cost the classic 3 x 3 move 3 to 6 instructions: 117.2 -> 121.2 lean, 133.1 -> 139.1
/// checked).
impl Chosen {
    #[inline(never)]
    fn open_family(&self, player: Player) -> bool {
        each!(&self.0, r => r.open(player))
    }

    #[inline(never)]
    fn clear_family(&mut self, moves: &Moves<Vec<u32>>) {
        each!(&mut self.0, r => r.clear(moves))
    }

    #[inline(never)]
    fn take_back_family(
        &mut self,
        turns: &mut Turns,
        moves: &mut Moves<Vec<u32>>,
    ) -> Option<(usize, usize, Player)> {
        each!(&mut self.0, r => Kept::take_back(r, turns, moves))
    }

    #[inline(never)]
    fn place_family<const BATCH: bool, const SIGNED: bool>(
        &mut self,
        turns: &mut Turns,
        moves: &mut Moves<Vec<u32>>,
        row: u64,
        col: u64,
        player: Player,
    ) -> Won {
        each!(&mut self.0, r => r.place::<BATCH, SIGNED>(turns, moves, row, col, player))
    }
}

/// The family's boards, as the one game type holds them: each names the [`Kind`] that chooses it
/// and the variant that holds its games (sealed: its boards are the crate's).
pub trait IntoAny: crate::kgame::Marks {
    /// The representation that holds this board's games.
    #[doc(hidden)]
    const KIND: Kind;
    /// `game` as the one game type.
    #[doc(hidden)]
    fn into_any(game: KGame<Self>) -> Game;
    /// The board inside `any`, if that is what it holds.
    #[cfg(feature = "vec")]
    #[doc(hidden)]
    fn from_any(any: &Game) -> Option<&Family<Self>>;
}

impl IntoAny for LineBoard {
    const KIND: Kind = Kind::Lines;
    fn into_any(GameOn { rep, turns, moves }: KGame<LineBoard>) -> Game {
        let rep = Chosen(Repr::Lines(rep));
        GameOn { rep, turns, moves }
    }
    #[cfg(feature = "vec")]
    fn from_any(any: &Game) -> Option<&Family<LineBoard>> {
        match &any.rep.0 {
            Repr::Lines(rep) => Some(rep),
            _ => None,
        }
    }
}

impl IntoAny for BitBoard {
    const KIND: Kind = Kind::Bits;
    fn into_any(GameOn { rep, turns, moves }: KGame<BitBoard>) -> Game {
        let rep = Chosen(Repr::Bits(rep));
        GameOn { rep, turns, moves }
    }
    #[cfg(feature = "vec")]
    fn from_any(any: &Game) -> Option<&Family<BitBoard>> {
        match &any.rep.0 {
            Repr::Bits(rep) => Some(rep),
            _ => None,
        }
    }
}

/// A game of the family on a named board (line bitsets or one word a player) as the one game
/// type: kept as it is where [`Game::with_rules`] would choose that board for its rules, else its
/// moves replayed on the board it would choose, so that equal games compare equal.
/// [`Error::OutOfMemory`] when that board's memory cannot be had.
///
/// ```
/// use tictactoe_core::representations::KGame;
/// use tictactoe_core::{Game, Player, Rules};
///
/// let mut lines = KGame::new(Rules::connect_four())?;
/// lines.drop_in(3, Player::X)?;
/// let mut small = KGame::new_small(Rules::connect_four())?;
/// small.drop_in(3, Player::X)?;
/// let mut game = Game::with_rules(Rules::connect_four())?;
/// game.drop_in(3, Player::X)?;
/// assert_eq!(Game::try_from(lines)?, game);
/// assert_eq!(Game::try_from(small)?, game);
/// # Ok::<(), tictactoe_core::Error>(())
/// ```
impl<M: IntoAny> TryFrom<KGame<M>> for Game {
    type Error = Error;

    fn try_from(game: KGame<M>) -> Result<Game, Error> {
        if Kind::of(game.rules()) == M::KIND {
            Ok(M::into_any(game))
        } else {
            replayed(&game)
        }
    }
}

impl GameOn<Chosen> {
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
    #[inline]
    pub fn new(n: usize) -> Result<Game, Error> {
        // The board straight into the game: no classic game made first and moved.
        Classic::checked(n).and_then(|board| GameOn::on(Chosen(Repr::Classic(board))))
    }

    /// The classic `n x n` game in lean mode: O(n) memory, `n` up to
    /// [`MAX_LEAN_N`](crate::MAX_LEAN_N); no undo and no cells to read ([`Error::NeedsBoard`]).
    #[inline]
    pub fn new_lean(n: usize) -> Result<Game, Error> {
        let n = Error::sized(n, Mode::Lean)?;
        Lean::empty(n).and_then(|board| GameOn::on(Chosen(Repr::Lean(board))))
    }

    /// The classic `n x n` game in `mode`: `n` from 1 to the mode's
    /// [`max_n`](Mode::max_n) (else [`Error::InvalidSize`]); a size the memory cannot hold is
    /// [`Error::OutOfMemory`], not an abort.
    ///
    /// ```
    /// use tictactoe_core::{Error, Game, Mode};
    ///
    /// assert_eq!(Game::with_mode(5, Mode::Lean)?.mode(), Mode::Lean);
    /// assert_eq!(
    ///     Game::with_mode(usize::MAX, Mode::Checked).unwrap_err().to_string(),
    ///     format!("board size {} is invalid: it must be between 1 and 65535", usize::MAX)
    /// );
    /// # Ok::<(), Error>(())
    /// ```
    pub fn with_mode(n: usize, mode: Mode) -> Result<Game, Error> {
        match mode {
            Mode::Checked => Game::new(n),
            Mode::Lean => Game::new_lean(n),
        }
    }

    /// [`with_mode`](Self::with_mode) for foreign callers, whose sizes may be negative.
    ///
    /// ```
    /// use tictactoe_core::{Error, Game, Mode};
    ///
    /// assert_eq!(Game::with_mode_i64(-3, Mode::Checked), Err(Error::InvalidSize { n: -3, max: 65_535 }));
    /// ```
    pub fn with_mode_i64(n: i64, mode: Mode) -> Result<Game, Error> {
        match usize::try_from(n) {
            Ok(size) => Game::with_mode(size, mode),
            Err(_) => Err(Error::InvalidSize {
                n: i128::from(n),
                max: mode.max_n(),
            }),
        }
    }

    /// An empty game of `rules`, checked (a taken cell refused, undo and cells at hand). Sizes are
    /// checked as [`KGame::new`](GameOn::new) does; [`Error::OutOfMemory`] when the board cannot be had.
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
    /// [`Error::InvalidRules`]); sizes are checked as [`with_mode`](Self::with_mode) and [`KGame::new`](GameOn::new) do.
    pub fn with_rules_and_mode(rules: Rules, mode: Mode) -> Result<Game, Error> {
        let kind = Kind::of(rules);
        if mode == Mode::Lean && kind != Kind::Classic {
            return Err(Error::InvalidRules {
                rows: rules.rows() as i128,
                cols: rules.cols() as i128,
                k: rules.k() as i128,
                reason: if rules.gravity() {
                    "with gravity: lean mode needs the classic square game: rows = cols = k, no gravity"
                } else if rules.exact() {
                    "exact: lean mode needs the classic square game: rows = cols = k, no gravity, not exact"
                } else {
                    "lean mode needs the classic square game: rows = cols = k, no gravity"
                },
            });
        }
        match kind {
            Kind::Classic => Game::with_mode(rules.rows(), mode),
            Kind::Bits => Family::on_board(rules).and_then(|g| GameOn::on(Chosen(Repr::Bits(g)))),
            Kind::Lines => Family::on_board(rules).and_then(|g| GameOn::on(Chosen(Repr::Lines(g)))),
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

    /// The classic checked board inside, if these are its rules, and the game's turns and moves.
    #[cfg(feature = "vec")]
    pub(crate) fn classic(&self) -> Option<(&Classic<Heap>, &Turns, &[u32])> {
        match &self.rep.0 {
            Repr::Classic(rep) => Some((rep, &self.turns, self.moves.played())),
            _ => None,
        }
    }

    /// The two players' words, X's then O's, in the layout of [`Shape::of`] these rules, when
    /// they have one (boards with `(rows + 1) * cols <= 64`, the classic 3 x 3 game among them):
    /// the board's own words where the game keeps them so, else laid out from its moves.
    ///
    /// ```
    /// use tictactoe_core::view::Shape;
    /// use tictactoe_core::{Game, Player, Rules};
    ///
    /// let mut game = Game::new(3)?;
    /// game.play(1, 1, Player::X)?;
    /// let shape = Shape::of(game.rules()).expect("3 x 3 fits");
    /// assert_eq!(game.words(), Some([shape.bit(1, 1), 0]));
    /// assert_eq!(Game::with_rules(Rules::gomoku(15)?)?.words(), None);
    /// # Ok::<(), tictactoe_core::Error>(())
    /// ```
    #[must_use]
    pub fn words(&self) -> Option<[u64; 2]> {
        let shape = Shape::of(self.rules())?;
        Some(match &self.rep.0 {
            Repr::Bits(rep) => rep.marks().words(),
            _ => self.moves().fold([0, 0], |mut words, (row, col, player)| {
                words[player.index()] |= shape.bit(row, col);
                words
            }),
        })
    }
}

impl From<ClassicGame> for Game {
    fn from(game: ClassicGame) -> Game {
        let GameOn { rep, turns, moves } = game;
        GameOn {
            rep: Chosen(Repr::Classic(rep)),
            turns,
            moves,
        }
    }
}

/// The classic checked game a [`Game`] of the classic rules holds, taken out without a copy (what
/// `as_classic` lent before 0.3.0); any other game is given back unchanged.
///
/// ```
/// use tictactoe_core::representations::ClassicGame;
/// use tictactoe_core::{Game, Player, Rules};
///
/// let mut game = Game::new(3)?;
/// game.play(1, 1, Player::X)?;
/// let classic = ClassicGame::try_from(game.clone()).expect("the classic rules");
/// assert_eq!(Game::from(classic), game);
/// let lean = Game::new_lean(3)?;
/// assert_eq!(ClassicGame::try_from(lean.clone()), Err(lean));
/// let four = Game::with_rules(Rules::connect_four())?;
/// assert!(ClassicGame::try_from(four).is_err());
/// # Ok::<(), tictactoe_core::Error>(())
/// ```
impl TryFrom<Game> for ClassicGame {
    type Error = Game;

    fn try_from(game: Game) -> Result<ClassicGame, Game> {
        let GameOn { rep, turns, moves } = game;
        match rep.0 {
            Repr::Classic(rep) => Ok(GameOn { rep, turns, moves }),
            other => Err(GameOn {
                rep: Chosen(other),
                turns,
                moves,
            }),
        }
    }
}

/// `game`'s moves played again on the board [`Game::with_rules`] chooses for its rules.
fn replayed<M: crate::kgame::Marks>(game: &KGame<M>) -> Result<Game, Error> {
    let mut any = Game::with_rules(game.rules())?;
    for (row, col, player) in game.moves() {
        any.play(row, col, player)?;
    }
    Ok(any)
}
