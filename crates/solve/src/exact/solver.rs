//! [`Solver`]: a solver that keeps its table and its books between calls, and answers every
//! question of perfect play on any game of the family.

use alloc::vec::Vec;

use tictactoe_core::view::Shape;
use tictactoe_core::{Error, Game, Mode, Rules};

use super::answers::{exact, keeping, values};
use super::library::{self, Book};
use super::position::Position;
use super::search::{self, OutOfNodes, Search};
use super::table::Table;
use super::{MoveValues, Solution, fallback, window};

/// The most cells of a board the search reads (2048 x 2048): it keeps a few tables of a cell's
/// worth each (tens of bytes a cell in all), so [`Solver`] and [`Agent`](crate::Agent) refuse a
/// larger board as short of memory ([`Error::OutOfMemory`]) before they are made, rather than
/// filling the machine's memory.
///
/// ```
/// use tictactoe_core::{Error, Game, Rules};
/// use tictactoe_solve::{MAX_SEARCH_CELLS, Solver};
///
/// assert_eq!(MAX_SEARCH_CELLS, 2048 * 2048);
/// let wide = Game::with_rules(Rules::new(2048, 2049, 5, false)?)?;
/// assert_eq!(Solver::check(&wide), Err(Error::OutOfMemory { rows: 2048, cols: 2049 }));
/// # Ok::<(), Error>(())
/// ```
pub const MAX_SEARCH_CELLS: u64 = 1 << 22;

/// A solver with its own transposition table, to keep between calls: positions of the same rules
/// share what earlier searches proved. Every answer is exact; the table only saves work.
///
/// ```
/// use tictactoe_core::{Game, Rules};
/// use tictactoe_solve::{Solution, Solver};
///
/// let mut solver = Solver::new(16)?;
/// let game = Game::with_rules(Rules::square(3)?)?;
/// assert_eq!(solver.solve(&game, None)?, Solution { value: 0, plies: 9 }); // a draw
/// # Ok::<(), tictactoe_core::Error>(())
/// ```
#[derive(Clone, Debug)]
pub struct Solver {
    /// Made with the solver; read in the layout of the rules it serves.
    table: Table,
    /// The small table of the positions near the end, made when a search first wants one
    /// ([`search::wants_near`]); a search goes without it when its memory cannot be had.
    near: Option<Table>,
    /// The rules the table's positions belong to.
    rules: Option<Rules>,
    nodes: u64,
    hits: u64,
    /// Whether the books answer the positions they hold ([`Solver::use_book`]).
    book: bool,
    /// The books the engine ships, then those loaded ([`Solver::add_book`]), read inside every
    /// search of their rules.
    books: Vec<Book>,
    /// How many of `books` are the shipped ones.
    shipped: usize,
    /// The threads a solve without a budget may use, this one included.
    threads: usize,
    /// The positions being searched, shared by the threads of a solve; made when a solver of
    /// more than one thread first searches.
    busy: Option<search::Busy>,
}

/// The threads a solver uses unless told otherwise: the cores this process may use (CPU
/// affinity and cgroup quotas count; `std::thread::available_parallelism`), and 1 without `std`.
#[must_use]
pub fn default_threads() -> usize {
    #[cfg(feature = "std")]
    {
        std::thread::available_parallelism().map_or(1, usize::from)
    }
    #[cfg(not(feature = "std"))]
    {
        1
    }
}

/// Refuses what has no perfect play to find: a finished game, a lean one (it keeps no board), a
/// board of more than [`MAX_SEARCH_CELLS`] cells ([`Error::OutOfMemory`]).
pub(crate) fn solvable(game: &Game) -> Result<(), Error> {
    if game.mode() == Mode::Lean {
        return Err(Error::NeedsBoard);
    }
    if game.is_over() {
        return Err(Error::GameOver {
            winner: game.winner(),
        });
    }
    let rules = game.rules();
    if rules.cells() > MAX_SEARCH_CELLS {
        return Err(Error::OutOfMemory {
            rows: rules.rows(),
            cols: rules.cols(),
        });
    }
    Ok(())
}

/// The key under which a solver remembers whose positions its table holds: the rules whole.
fn key(rules: Rules) -> Rules {
    rules
}

impl Solver {
    /// The table size a solver uses by default: `2^20` entries (24 MiB).
    pub const DEFAULT_TABLE_BITS: u32 = 20;

    /// The largest table a solver takes: `2^30` entries.
    pub const MAX_TABLE_BITS: u32 = 30;

    /// A solver whose table holds `2^bits` positions in 24 bytes each, made now. A gravity
    /// game keeps each position in one word of its 24 bytes (a search touches a third of the
    /// memory, and misses the cache less), and with more than `2^18` entries also keeps the
    /// positions near the end in a small table of its own (192 KiB, made with the first search
    /// that wants it). `bits` above
    /// [`MAX_TABLE_BITS`](Self::MAX_TABLE_BITS) is an [`Error::InvalidTableBits`]; memory that
    /// cannot be had an [`Error::SolverOutOfMemory`].
    pub fn new(bits: u32) -> Result<Solver, Error> {
        if bits > Self::MAX_TABLE_BITS {
            return Err(Error::InvalidTableBits {
                bits: bits.into(),
                max: Self::MAX_TABLE_BITS,
            });
        }
        Ok(Solver {
            table: Table::new(bits).ok_or(Error::SolverOutOfMemory { bits })?,
            near: None,
            rules: None,
            nodes: 0,
            hits: 0,
            book: true,
            books: library::shipped(),
            shipped: library::SHIPPED.len(),
            threads: default_threads(),
            busy: None,
        })
    }

    /// The same solver, solving on at most `threads` threads (this one included; 0 is taken as
    /// the default, [`default_threads`]). With 1 it never starts a thread; with more, a solve
    /// without a node budget of a position far enough from its end has helpers search beside it
    /// on the same table. Answers are the same for every count: only the time differs. Without
    /// feature `std` every solve runs on the caller's thread alone.
    ///
    /// ```
    /// use tictactoe_core::{Game, Rules};
    /// use tictactoe_solve::Solver;
    ///
    /// let game = Game::with_rules(Rules::new(4, 4, 3, false)?)?;
    /// let one = Solver::new(16)?.with_threads(1).solve(&game, None)?;
    /// let four = Solver::new(16)?.with_threads(4).solve(&game, None)?;
    /// assert_eq!(one, four);
    /// assert_eq!(Solver::new(8)?.with_threads(3).threads(), 3);
    /// # Ok::<(), tictactoe_core::Error>(())
    /// ```
    #[must_use]
    pub fn with_threads(mut self, threads: usize) -> Solver {
        self.set_threads(threads);
        self
    }

    /// [`with_threads`](Self::with_threads) on this solver, its table kept.
    pub fn set_threads(&mut self, threads: usize) {
        let threads = if threads == 0 {
            default_threads()
        } else {
            threads
        };
        self.threads = threads.min(Self::MAX_THREADS);
    }

    /// The most threads a solver uses: a larger count is taken as this.
    pub const MAX_THREADS: usize = 256;

    /// The threads a solve may use ([`with_threads`](Self::with_threads)).
    #[must_use]
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// The deepest position the shipped exact book holds, in stones: 7 x 6 Connect Four positions of
    /// at most this many stones are answered from it at once (their children too, for
    /// [`move_values`](Self::move_values) one stone shallower), when the solver uses it. With
    /// feature `book-10` a second shipped book holds the win, draw or loss of every position of
    /// up to [`VALUE_BOOK_DEPTH`](Self::VALUE_BOOK_DEPTH) stones.
    pub const BOOK_DEPTH: u32 = 8;

    /// The deepest position the shipped books hold the win, draw or loss of, in stones: the
    /// [`value`](Self::value) of a 7 x 6 Connect Four position of at most this many stones is
    /// answered from it at once, and a search reaching such a position reads it there. 10 with
    /// feature `book-10` (on by default), else [`BOOK_DEPTH`](Self::BOOK_DEPTH): the exact book
    /// answers the win, draw or loss of the positions it holds too.
    pub const VALUE_BOOK_DEPTH: u32 = if cfg!(feature = "book-10") {
        10
    } else {
        Self::BOOK_DEPTH
    };

    /// The score the opening book keeps for `solution` of `game`'s position (the search's scale:
    /// `cells + 1 - M` for a win at move `M`). For the book builder (`tictactoe-bench book-shard`).
    #[doc(hidden)]
    #[must_use]
    pub fn book_score(game: &Game, solution: Solution) -> i64 {
        solution.score(game.rules().cells(), game.move_count())
    }

    /// Whether this solver answers the positions its opening book holds from it (the default),
    /// or searches every position (to time the search, or to build the book anew).
    ///
    /// ```
    /// use tictactoe_core::{Game, Rules};
    /// use tictactoe_solve::Solver;
    ///
    /// let mut solver = Solver::new(16)?;
    /// assert!(solver.uses_book());
    /// solver.use_book(false);
    /// assert!(!solver.uses_book());
    /// # Ok::<(), tictactoe_core::Error>(())
    /// ```
    pub fn use_book(&mut self, on: bool) {
        self.book = on;
    }

    /// See [`use_book`](Self::use_book).
    #[must_use]
    pub fn uses_book(&self) -> bool {
        self.book
    }

    /// Reads `book` inside every search of its rules, when this solver uses books
    /// ([`use_book`](Self::use_book)): a position it holds is a lookup, and one a few stones
    /// short of its depth a short search down to it (positions past its depth gain nothing).
    /// Answers stay exactly those without it.
    pub fn add_book(&mut self, book: Book) {
        self.books.push(book);
    }

    /// Sets the shipped books aside for good, keeping those [`add_book`](Self::add_book) gave: for
    /// the book builder, which must not read a book it is building again.
    #[doc(hidden)]
    pub fn drop_shipped_books(&mut self) {
        self.books.drain(..self.shipped);
        self.shipped = 0;
    }

    /// The books [`add_book`](Self::add_book) gave, oldest first (not the shipped ones).
    #[must_use]
    pub fn books(&self) -> &[Book] {
        &self.books[self.shipped..]
    }

    /// [`new`](Self::new) for foreign callers: `bits` as passed, a negative or huge one refused
    /// as [`Error::InvalidTableBits`] with the number quoted exactly.
    ///
    /// ```
    /// use tictactoe_core::Error;
    /// use tictactoe_solve::Solver;
    ///
    /// assert_eq!(Solver::new_i64(-1).err(), Some(Error::InvalidTableBits { bits: -1, max: 30 }));
    /// assert_eq!(Solver::new_i64(8)?.table_bits(), 8);
    /// # Ok::<(), Error>(())
    /// ```
    pub fn new_i64(bits: i64) -> Result<Solver, Error> {
        let wide = Error::InvalidTableBits {
            bits: bits.into(),
            max: Self::MAX_TABLE_BITS,
        };
        Self::new(u32::try_from(bits).map_err(|_| wide)?)
    }

    /// Whether `game` has perfect play to find: refused as [`solve`](Self::solve) refuses a
    /// finished game ([`Error::GameOver`]), a lean one ([`Error::NeedsBoard`]) or a board of
    /// more than [`MAX_SEARCH_CELLS`](crate::MAX_SEARCH_CELLS) cells, 2048 x 2048
    /// ([`Error::OutOfMemory`]: the search's tables for it are not made).
    pub fn check(game: &Game) -> Result<(), Error> {
        solvable(game)
    }

    /// The table's size, as a power of two of entries.
    #[must_use]
    pub fn table_bits(&self) -> u32 {
        self.table.bits()
    }

    /// The bytes a table of `2^bits` positions takes.
    #[must_use]
    pub const fn table_bytes(bits: u32) -> usize {
        Table::bytes(bits)
    }

    /// Nodes searched and table hits since this solver was made, its helper threads' included (a
    /// deep solve without a budget on more than one thread has them; their counts vary from run
    /// to run).
    #[must_use]
    pub fn stats(&self) -> (u64, u64) {
        (self.nodes, self.hits)
    }

    /// Forgets every position the table holds (the table stays).
    pub fn clear(&mut self) {
        self.table.clear();
        if let Some(near) = &mut self.near {
            near.clear();
        }
        self.rules = None;
    }

    /// A search on this solver's table, which forgets everything first when the rules changed.
    fn search(&mut self, shape: Shape, rules: Rules, limit: u64) -> Search<'_> {
        if self.threads > 1 && self.busy.is_none() {
            self.busy = search::Busy::new();
        }
        let fresh = self.rules != Some(key(rules));
        self.table.prepare(&shape, fresh);
        self.rules = Some(key(rules));
        let near = if search::wants_near(&shape, self.table.bits()) {
            if self.near.is_none() {
                self.near = Table::new(search::NEAR_BITS);
            }
            self.near.as_mut().map(|near| {
                near.prepare(&shape, fresh);
                &*near
            })
        } else {
            None
        };
        let mut search = Search::new(shape, &self.table, near, limit);
        search.helpers = if cfg!(feature = "std") {
            self.threads - 1
        } else {
            0
        };
        if search.helpers > 0 {
            // Without its memory, threads only search the same moves more often.
            search.busy = self.busy.as_ref().filter(|b| b.ready());
        }
        if self.book {
            search.use_books(&self.books);
        }
        search
    }

    /// [`Solution`] of `game` for the player to move, searching at most `max_nodes` positions
    /// (`None`: no limit). Refused: a finished game ([`Error::GameOver`]), a lean game
    /// ([`Error::NeedsBoard`]), a board the search does not take ([`check`](Self::check)), a
    /// search that runs out of nodes ([`Error::SearchLimit`]).
    ///
    /// ```
    /// use tictactoe_core::{Game, Error, Rules};
    /// use tictactoe_solve::{Solution, Solver};
    ///
    /// let mut solver = Solver::new(12)?;
    /// // 3 x 4 with three in a row: the first player wins.
    /// let game = Game::with_rules(Rules::new(3, 4, 3, false)?)?;
    /// assert_eq!(solver.solve(&game, None)?.value, 1);
    /// assert!(matches!(solver.solve(&game, Some(3)), Err(Error::SearchLimit { .. })));
    /// # Ok::<(), Error>(())
    /// ```
    pub fn solve(&mut self, game: &Game, max_nodes: Option<u64>) -> Result<Solution, Error> {
        self.run(game, max_nodes, fallback::solve, |search, p| {
            let cells = search.shape.cells().count_ones();
            let score = exact(search, p)?;
            Ok(Solution::from_score(
                score.into(),
                cells.into(),
                p.moves.into(),
            ))
        })
    }

    /// Whether `game` is won (+1), drawn (0) or lost (-1) for the player to move under perfect
    /// play: [`solve`](Self::solve)'s `value` alone, which a search finds for a fraction of the
    /// nodes (it need not tell a quick win from a slow one). Refused as `solve` refuses.
    ///
    /// ```
    /// use tictactoe_core::{Game, Rules};
    /// use tictactoe_solve::Solver;
    ///
    /// let mut solver = Solver::new(12)?;
    /// let game = Game::with_rules(Rules::new(4, 4, 3, false)?)?;
    /// assert_eq!(solver.value(&game, None)?, solver.solve(&game, None)?.value);
    /// # Ok::<(), tictactoe_core::Error>(())
    /// ```
    pub fn value(&mut self, game: &Game, max_nodes: Option<u64>) -> Result<i8, Error> {
        let walk = |game: &Game, limit, nodes: &mut u64| {
            fallback::solve(game, limit, nodes).map(|s| s.value)
        };
        self.run(game, max_nodes, walk, |search, p| {
            if let Some(known) = search.booked_value(&p) {
                return Ok(known);
            }
            search.value_alone(p)
        })
    }

    /// Whether `game`'s score for its mover is at most `at_most`, on the scale of the search (a
    /// win at move `M` of the game scores `cells + 1 - M`, a loss the negation, a draw 0; so -1
    /// asks "lost?", 0 "not won?"): the books, else one null-window probe, cheaper than
    /// [`value`](Self::value) or [`solve`](Self::solve) ([`Solution::score`] gives a solution's
    /// score). The agent asks it of a move's position to prove that the move keeps a value or a
    /// solution it knows. Refused as `solve` refuses.
    ///
    /// ```
    /// use tictactoe_core::{Game, Rules};
    /// use tictactoe_solve::Solver;
    ///
    /// let mut solver = Solver::new(12)?;
    /// let game = Game::with_rules(Rules::new(3, 4, 3, false)?)?; // the first player wins
    /// assert!(!solver.score_at_most(&game, 0, None)?); // not "not won"
    /// assert!(solver.score_at_most(&game, i64::MAX, None)?);
    /// # Ok::<(), tictactoe_core::Error>(())
    /// ```
    pub fn score_at_most(
        &mut self,
        game: &Game,
        at_most: i64,
        max_nodes: Option<u64>,
    ) -> Result<bool, Error> {
        let walk = |game: &Game, limit, nodes: &mut u64| {
            let (cells, moves) = (game.rules().cells(), game.move_count());
            fallback::solve(game, limit, nodes).map(|s| s.score(cells, moves) <= at_most)
        };
        self.run(game, max_nodes, walk, |search, p| {
            // Scores of boards in a word lie within the cells, far inside an i32.
            let bound = at_most.clamp(-1 << 20, 1 << 20) as i32;
            if let Some((lower, upper)) = search.booked(&p)
                && (upper <= bound || lower > bound)
            {
                return Ok(upper <= bound);
            }
            Ok(search.probe(p, window::Window::above(bound))? <= bound)
        })
    }

    /// Every legal move of `game` with the exact outcome of playing it, for the player who plays
    /// it, as `((row, col), Solution)` in row-major order (with gravity, the landing cell): a move
    /// that wins at once is `(1, 1)`, one that fills the board without a win `(0, 1)`, any other
    /// `(-v, p + 1)` where `(v, p)` is the [`Solution`] of the position it leads to. So
    /// [`solve`](Self::solve) is the best entry. Refused as `solve` refuses; `max_nodes` bounds
    /// the whole call.
    ///
    /// ```
    /// use tictactoe_core::{Game, Rules};
    /// use tictactoe_solve::{Solution, Solver};
    ///
    /// let mut solver = Solver::new(12)?;
    /// let mut game = Game::with_rules(Rules::square(3)?)?;
    /// for (row, col, player) in [(0, 0, 1), (1, 0, 2), (0, 1, 1), (1, 1, 2)] {
    ///     game.play_i64(row, col, player)?;
    /// }
    /// let values = solver.move_values(&game, None)?;
    /// assert_eq!(values[0], ((0, 2), Solution { value: 1, plies: 1 })); // X wins at once
    /// assert_eq!(values.len(), 5);
    /// # Ok::<(), tictactoe_core::Error>(())
    /// ```
    pub fn move_values(
        &mut self,
        game: &Game,
        max_nodes: Option<u64>,
    ) -> Result<MoveValues, Error> {
        self.run(game, max_nodes, fallback::move_values, values)
    }

    /// Runs a search of `game` within `max_nodes`: `word` on this solver's table for boards that
    /// fit in a word, `walk` on the game itself for the others; the nodes and hits are counted.
    fn run<T>(
        &mut self,
        game: &Game,
        max_nodes: Option<u64>,
        walk: impl FnOnce(&Game, u64, &mut u64) -> Result<T, Error>,
        word: impl FnOnce(&mut Search<'_>, Position) -> Result<T, OutOfNodes>,
    ) -> Result<T, Error> {
        solvable(game)?;
        let limit = max_nodes.unwrap_or(u64::MAX);
        let rules = game.rules();
        let Some(shape) = Shape::of(rules) else {
            return walk(game, limit, &mut self.nodes);
        };
        let p = Position::of(game);
        let mut search = self.search(shape, rules, limit);
        let result = word(&mut search, p);
        let (nodes, hits) = (search.nodes, search.hits);
        self.nodes += nodes;
        self.hits += hits;
        result.map_err(|OutOfNodes| Error::SearchLimit { nodes: limit })
    }

    /// Every move that keeps `game`'s [`Solution`] exactly (the same value in the same number of
    /// plies): the entries of [`move_values`](Self::move_values) equal to the best, as `(row, col)`
    /// in row-major order; refused as [`solve`](Self::solve) refuses. `max_nodes` bounds the whole
    /// call. On boards that fit a word it costs about one [`solve`](Self::solve) and a
    /// null-window probe a move, not an exact search a move as `move_values` does.
    ///
    /// ```
    /// use tictactoe_core::{Game, Rules};
    /// use tictactoe_solve::Solver;
    ///
    /// let mut solver = Solver::new(12)?;
    /// let mut game = Game::with_rules(Rules::square(3)?)?;
    /// game.play_i64(0, 0, 1)?;
    /// // Against a corner, only the centre holds the draw.
    /// assert_eq!(solver.best_moves(&game, None)?, [(1, 1)]);
    /// # Ok::<(), tictactoe_core::Error>(())
    /// ```
    pub fn best_moves(
        &mut self,
        game: &Game,
        max_nodes: Option<u64>,
    ) -> Result<Vec<(usize, usize)>, Error> {
        let walk = |game: &Game, limit, nodes: &mut u64| {
            let values = fallback::move_values(game, limit, nodes)?;
            let best = values.iter().map(|&(_, s)| s.rank()).max();
            Ok(values
                .into_iter()
                .filter(|&(_, s)| Some(s.rank()) == best)
                .map(|(cell, _)| cell)
                .collect())
        };
        self.run(game, max_nodes, walk, keeping)
    }
}
