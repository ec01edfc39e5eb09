//! The exact search: negamax with alpha-beta pruning over [`Position`]s, asked only null-window
//! questions ("is the score above `g`?") and narrowing to the exact score from their answers.
//!
//! Scores put every outcome on one scale, in the order perfect play ranks them: a win at move `M`
//! (counting every move of the game) scores `big - M`, a loss at move `M` scores `-(big - M)`, a
//! draw 0, with `big` one more than the cells. Since `M` counts from the start of the game, a
//! position's score is exactly the negation of its best child's.
//!
//! A node, in order: the rules answer first ([`Outlook`]: a win at once, the last cell, a loss
//! that no move prevents, else the moves that do not lose at once); then everything known of its
//! score before searching narrows its [`Window`] (the earliest win each side can still make, the
//! table's bounds); then its moves are searched best first ([`Ordered`]), and what was proved
//! goes into the table. With gravity and a large table, positions near the end are kept in a
//! small table of their own ([`NEAR_EMPTY`]).
//!
//! Where the ideas come from. Alpha-beta itself and negamax are the classic game-tree search
//! (Knuth and Moore's analysis, 1975). Solving Connect Four by search with a transposition table
//! and threat-based knowledge is Allis' (his 1988 thesis, "A Knowledge-based Approach of
//! Connect-Four") and Tromp's (his solver and database, 1993-95), whose bitboards with a spare
//! bit above each column are the layout the search reads ([`Shape`]). Pascal Pons' tutorial on
//! solving Connect Four (2019) gathered several of these ideas in one place for us: a score that
//! counts moves, refusing moves that hand the opponent a win, ordering moves by the wins they
//! threaten, and null-window probes toward the outcome; we use them as we understood them, in
//! the project's own structure. The two-thread helper, the small table near the end, the book and
//! the shapes beyond Connect Four are the project's own.

use core::sync::atomic::Ordering::Relaxed;
use core::sync::atomic::{AtomicBool, AtomicU64};

use super::library::{Book, Known};
use super::moves::Ordered;
use super::position::{Outlook, Position};
use super::spots::{AnyShape, ConnectFour, Spots};
use super::table::Table;
use super::window::Window;
use tictactoe_core::view::Shape;

/// With gravity and a table larger than a core's cache (see [`CACHED_TABLE_BITS`]), positions
/// with this many empty cells or fewer are kept in a small table of their own ([`NEAR_BITS`]),
/// which the cache holds: their subtrees are small (a few moves a node), and an entry of the large
/// table is a cache miss that costs more than searching them again, where the small table's is
/// not. On twelve 8-stone Connect Four positions (table 2^20, one thread): 8.6 s without the small
/// table (these positions searched untabled from 12 empty cells), 5.9 s with it from 14 (in a first
/// try, from 12 and from 16 were both slower than from 14). Without gravity a node has a move for
/// every empty cell and transpositions abound: the large table serves every position.
const NEAR_EMPTY: u32 = 14;

/// The small table's size: 2^13 entries (made, like every table, for three-word entries: 192 KiB,
/// of which the one-word layout uses 64 KiB; in a first try with three-word entries, 2^12 and
/// 2^14 were both slower).
pub(crate) const NEAR_BITS: u32 = 13;

/// Tables of at most `2^CACHED_TABLE_BITS` entries (2 MiB of one-word entries) are used at every
/// node: a core's cache holds most of them, and without them the small boards' searches (the
/// table sized for them) took twice as long.
const CACHED_TABLE_BITS: u32 = 18;

/// The search ran out of its node budget.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct OutOfNodes;

/// Whether a search of `shape` on a table of `2^bits` entries keeps the positions near the end in a
/// small table of their own ([`NEAR_EMPTY`]).
pub(crate) fn wants_near(shape: &Shape, bits: u32) -> bool {
    shape.gravity() && bits > CACHED_TABLE_BITS
}

/// One search: the shape, the tables, and the counts of nodes and table hits.
pub(crate) struct Search<'t> {
    pub(crate) shape: Shape,
    table: &'t Table,
    /// The table of the positions near the end ([`NEAR_EMPTY`]); `table` when there is none.
    near: &'t Table,
    /// One more than the cells: the score of a win at move `M` is `big - M`.
    big: i32,
    cells: u32,
    /// The order in which to try each cell: nearest the centre first.
    rank: [u8; 64],
    /// Positions of at least this many moves are kept in `near`.
    near_from: u32,
    pub(crate) nodes: u64,
    pub(crate) hits: u64,
    limit: u64,
    /// A helper's flag, set when the search it helps is done ([`spent`](Self::spent)); `None`
    /// for a search that helps none ([`helper`](Self::helper)).
    stop: Option<&'t AtomicBool>,
    /// A helper's own mix of which positions try their second move first, so that helpers part
    /// ways with the search and with each other.
    seed: u64,
    /// How many helper threads a solve of this search may start ([`shared`](super::shared)).
    pub(crate) helpers: usize,
    /// The positions some thread is searching now, which the others put off ([`Busy`]), read
    /// while threads share the search (`sharing`).
    pub(crate) busy: Option<&'t Busy>,
    pub(crate) sharing: bool,
    /// The books of this search's rules ([`use_books`](Self::use_books)), and the most stones
    /// any of them holds (none: below every position).
    books: &'t [Book],
    book_moves: u32,
}

/// Odd, so that multiplying by it mixes a position's words into the high bits.
const MIX: u64 = 0x9E37_79B9_7F4A_7C15;

/// Positions with at least this many empty cells are marked busy while a thread searches them,
/// when threads share a search: below it a mark costs more than the work it spares. Of 8, 18,
/// 22 and 26 on the twelve 8-stone positions of `bench/python/solver_bench.py` (two threads, no
/// book), 18 to 22 were fastest: about 0.72x one thread's time, where the helper alone, without
/// the marks, gave 0.83x.
const BUSY_EMPTY: u32 = 20;

/// The positions the threads of one solve are searching now, by a hash each in one of
/// [`Busy::SLOTS`] words: a thread that meets a younger brother some other thread is searching
/// puts it off until its other moves are done, so that threads spread over siblings instead of
/// searching the same one ("simplified ABDADA", after Weill's ABDADA, 1996, as Kerrigan
/// simplified it). Only the order differs: every answer stays exact.
#[derive(Debug)]
pub(crate) struct Busy(alloc::vec::Vec<AtomicU64>);

impl Busy {
    const SLOTS: usize = 1 << 15;

    /// An empty set, or `None` when its memory cannot be had.
    pub(crate) fn new() -> Option<Busy> {
        crate::memory::made(Self::SLOTS, Default::default).map(Busy)
    }

    /// Whether it holds its slots (a clone whose memory could not be had does not).
    pub(crate) fn ready(&self) -> bool {
        self.0.len() == Self::SLOTS
    }

    fn slot(&self, key: u64) -> &AtomicU64 {
        &self.0[(key.wrapping_mul(MIX) >> 49) as usize % Self::SLOTS]
    }

    fn holds(&self, key: u64) -> bool {
        self.slot(key).load(Relaxed) == key
    }

    fn mark(&self, key: u64) {
        self.slot(key).store(key, Relaxed);
    }

    fn unmark(&self, key: u64) {
        let _ = self.slot(key).compare_exchange(key, 0, Relaxed, Relaxed);
    }
}

/// A copy of a solver holds no search in progress: a copy's set starts empty (or is left out,
/// when its memory cannot be had).
impl Clone for Busy {
    fn clone(&self) -> Busy {
        Busy::new().unwrap_or_else(|| Busy(alloc::vec::Vec::new()))
    }
}

/// Nodes a helper searches between looks at its flag.
const HELPER_STRETCH: u64 = 1 << 12;

impl<'t> Search<'t> {
    /// A search on `table`, and on `near` for the positions near the end if the search
    /// [`wants_near`] and one was made.
    pub(crate) fn new(
        shape: Shape,
        table: &'t Table,
        near: Option<&'t Table>,
        limit: u64,
    ) -> Search<'t> {
        let cells = shape.cells().count_ones();
        let mut rank = [0u8; 64];
        for (bit, slot) in rank.iter_mut().enumerate() {
            if shape.cells() >> bit & 1 == 0 {
                continue;
            }
            let (row, col) = shape.cell(1 << bit);
            // Twice the distance from the centre, so that even sides have a centre too.
            let dr = (2 * row as i32 - (shape.rows() as i32 - 1)).unsigned_abs();
            let dc = (2 * col as i32 - (shape.cols() as i32 - 1)).unsigned_abs();
            let far = if shape.gravity() {
                dc
            } else {
                dr.max(dc) * 2 + dr.min(dc)
            };
            *slot = 255 - far.min(255) as u8;
        }
        let near = near.filter(|_| wants_near(&shape, table.bits()));
        Search {
            shape,
            table,
            near: near.unwrap_or(table),
            big: cells as i32 + 1,
            cells,
            rank,
            near_from: if near.is_some() {
                cells.saturating_sub(NEAR_EMPTY)
            } else {
                u32::MAX
            },
            nodes: 0,
            hits: 0,
            limit,
            stop: None,
            seed: 0,
            helpers: 0,
            busy: None,
            sharing: false,
            books: &[],
            book_moves: 0,
        }
    }

    /// A search that helps another on the same table until `stop` is set: it searches as the
    /// other does, except that at a quarter of its nodes (which quarter, `seed` says) it tries
    /// the second move first.
    #[cfg(feature = "std")]
    pub(crate) fn helper(
        shape: Shape,
        table: &'t Table,
        near: Option<&'t Table>,
        stop: &'t AtomicBool,
        seed: u64,
        busy: Option<&'t Busy>,
    ) -> Search<'t> {
        Search {
            stop: Some(stop),
            seed,
            busy,
            sharing: true,
            ..Search::new(shape, table, near, HELPER_STRETCH)
        }
    }

    /// Reads `books` (those of other rules are passed over) at every node they hold.
    pub(crate) fn use_books(&mut self, books: &'t [Book]) {
        let shape = self.shape;
        let ours = books.iter().filter(|b| Shape::of(b.rules()) == Some(shape));
        if let Some(deepest) = ours.map(Book::depth).max() {
            self.books = books;
            self.book_moves = deepest + 1;
        }
    }

    /// The books this search reads (none when no book is of its rules).
    #[cfg(feature = "std")]
    pub(crate) fn books(&self) -> &'t [Book] {
        self.books
    }

    /// The exact score of `p` where a book keeps it.
    pub(crate) fn booked_score(&self, p: &Position) -> Option<i32> {
        let mut known = self.known(p);
        known.find_map(|k| {
            if let Known::Score(s) = k {
                Some(s)
            } else {
                None
            }
        })
    }

    /// Whether `p` is won, drawn or lost, where a book says.
    pub(crate) fn booked_value(&self, p: &Position) -> Option<i8> {
        self.known(p).next().map(|k| match k {
            Known::Score(s) => s.signum() as i8,
            Known::Value(v) => v,
        })
    }

    /// What each book that holds `p` says of it.
    fn known<'a>(&'a self, p: &'a Position) -> impl Iterator<Item = Known> + 'a {
        let held = p.moves < self.book_moves;
        let books = if held { self.books } else { &[] };
        books.iter().filter_map(move |b| b.lookup(&self.shape, p))
    }

    /// What the books know of `p`, as the range of its score.
    #[cold]
    pub(crate) fn booked(&self, p: &Position) -> Option<(i32, i32)> {
        let known = self.known(p).next()?;
        Some(match known {
            Known::Score(s) => (s, s),
            Known::Value(1) => (1, self.at_best(p.moves + 1)),
            Known::Value(0) => (0, 0),
            Known::Value(_) => (-self.at_best(p.moves + 2), -1),
        })
    }

    /// The table this search reads and writes.
    #[cfg(feature = "std")]
    pub(crate) fn table(&self) -> &'t Table {
        self.table
    }

    /// Whether the search must stop now that it passed its limit: always, unless it is a helper,
    /// which looks at its flag and goes on for another stretch.
    #[cold]
    fn spent(&mut self) -> bool {
        match self.stop {
            Some(stop) if !stop.load(core::sync::atomic::Ordering::Relaxed) => {
                self.limit = self.nodes + HELPER_STRETCH;
                false
            }
            _ => true,
        }
    }

    /// The score of a win by the player to move at move `at` (counting every move of the game).
    #[inline]
    pub(crate) fn win_at(&self, at: u32) -> i32 {
        self.big - at as i32
    }

    /// The best score a player can hope for when its earliest possible win is at move `at`: that
    /// win, or a draw when the board fills first.
    #[inline]
    fn at_best(&self, at: u32) -> i32 {
        if at <= self.cells { self.win_at(at) } else { 0 }
    }

    /// Whether this is a search with no node limit that helps no other, on a table two threads
    /// may share: one that a helper may join (the two-thread solve).
    #[cfg(feature = "std")]
    pub(crate) fn may_share(&self) -> bool {
        self.limit == u64::MAX && self.stop.is_none() && self.table.shareable()
    }

    /// The exact score of `p`, which is not over, by null-window probes alone. The score lies in
    /// `[lo, hi]`; a probe of `(g, g + 1)` answers whether it is above `g` and, failing soft,
    /// returns a bound that may land past `g`. While the range holds wins and losses both, the
    /// probe goes halfway from a draw toward the range's longer side: a quick win or loss is
    /// cheap to rule out, and ruling it out first keeps the later probes narrow (probing the quick
    /// outcomes before the draw is Pascal Pons' idea; asking the draw first searched 8% more
    /// nodes on 8-stone Connect Four positions). A range on one side is halved (bisection, as in
    /// Weill's NegaC*).
    pub(crate) fn solve_alone(&mut self, p: Position) -> Result<i32, OutOfNodes> {
        let mut lo = -self.at_best(p.moves + 2);
        let mut hi = self.at_best(p.moves + 1);
        while lo < hi {
            let g = if lo < 0 && hi > 0 {
                if hi >= -lo { hi / 2 } else { lo / 2 }
            } else {
                lo + (hi - lo) / 2
            };
            let r = self.probe(p, Window::above(g))?;
            if r > g {
                lo = r;
            } else {
                hi = r;
            }
        }
        Ok(lo)
    }

    /// Whether `p` (not over) is won (+1), drawn (0) or lost (-1) for its mover, by at most two
    /// null-window probes around a draw: far cheaper than the exact score, which also tells how
    /// soon.
    pub(crate) fn value_alone(&mut self, p: Position) -> Result<i8, OutOfNodes> {
        let above_draw = self.probe(p, Window::above(0))?;
        if above_draw > 0 {
            return Ok(1);
        }
        // Failing low, the probe's bound may already rule the draw out.
        if above_draw < 0 || self.probe(p, Window::above(-1))? < 0 {
            return Ok(-1);
        }
        Ok(0)
    }

    /// The score of `p` if it lies inside `window`; otherwise a bound beyond the window on the
    /// side it failed (fail-soft). `p` is not over.
    pub(crate) fn probe(&mut self, p: Position, window: Window) -> Result<i32, OutOfNodes> {
        let shape = self.shape;
        if super::runs::has_connect_four_columns(&shape) {
            self.node::<ConnectFour>(p, window, ConnectFour::of(&shape, p.mine))
        } else {
            self.node::<AnyShape>(p, window, AnyShape::of(&shape, p.mine))
        }
    }

    /// [`probe`](Self::probe) with the winning spots found by `S`; `spots` are those of the
    /// player to move, which the parent found as its opponent's.
    fn node<S: Spots>(
        &mut self,
        p: Position,
        mut window: Window,
        spots: u64,
    ) -> Result<i32, OutOfNodes> {
        self.nodes += 1;
        if self.nodes > self.limit && self.spent() {
            return Err(OutOfNodes);
        }
        let shape = self.shape;
        let (safe, their_spots) = match p.outlook::<S>(&shape, spots, self.cells) {
            Outlook::WinsNow => return Ok(self.win_at(p.moves + 1)),
            Outlook::Fills => return Ok(0),
            Outlook::LosesNext => return Ok(-self.win_at(p.moves + 2)),
            Outlook::Moves { safe, their_spots } => (safe, their_spots),
        };
        // No one wins at the next move, nor the mover at the one after (no safe move gives the
        // opponent a win): the earliest wins left bound the score on both sides.
        let (lower, upper) = (-self.at_best(p.moves + 4), self.at_best(p.moves + 3));
        if let Some(bound) = window.learn(lower, upper) {
            return Ok(bound);
        }
        if p.moves < self.book_moves
            && let Some((lower, upper)) = self.booked(&p)
            && let Some(bound) = window.learn(lower, upper)
        {
            return Ok(bound);
        }
        let table = if p.moves < self.near_from {
            self.table
        } else {
            self.near
        };
        if let Some((lower, upper)) = table.get(&p) {
            self.hits += 1;
            if let Some(bound) = window.learn(lower, upper) {
                return Ok(bound);
            }
        }
        let mut room = S::Room::default();
        let board = (p.mine, p.all());
        let mut moves = Ordered::new::<S>(room.as_mut(), &shape, board, safe, &self.rank);
        let mixed = (p.mine.wrapping_add(p.all()) ^ self.seed).wrapping_mul(MIX);
        if self.stop.is_some() && mixed >> 62 == 0 {
            // A helper tries the second move first at a quarter of its nodes, chosen by the
            // position, so that it and the search it helps part ways (either order is exact).
            moves.second_first();
        }
        if let Some(busy) = self
            .busy
            .filter(|_| self.sharing && self.cells - p.moves >= BUSY_EMPTY)
        {
            return self.shared_children::<S>(p, moves, window, their_spots, table, busy);
        }
        let mut scores = Scores::new(&window);
        for bit in moves {
            let score = -self.node::<S>(p.play(bit), window.flipped(), their_spots)?;
            if let Some(refuted) = scores.take(score, &mut window, table, &p) {
                return Ok(refuted);
            }
        }
        Ok(scores.settled(table, &p))
    }

    /// The children of a node as [`node`](Self::node) searches them, while threads share the
    /// search: a move another thread is searching now is put off until the others are done
    /// ([`Busy`]). Apart from the order, the same search.
    #[inline(never)]
    fn shared_children<S: Spots>(
        &mut self,
        p: Position,
        mut moves: Ordered<'_>,
        mut window: Window,
        their_spots: u64,
        table: &Table,
        busy: &Busy,
    ) -> Result<i32, OutOfNodes> {
        let mut scores = Scores::new(&window);
        let mut put_off = 0u64;
        let mut first = true;
        loop {
            let (bit, deferred) = match moves.next() {
                Some(bit) => (bit, false),
                None if put_off != 0 => {
                    let bit = put_off & put_off.wrapping_neg();
                    put_off ^= bit;
                    (bit, true)
                }
                None => break,
            };
            let child = p.play(bit);
            let key = child.mine.wrapping_add(child.all()) | 1;
            if !first && !deferred && busy.holds(key) {
                put_off |= bit;
                continue;
            }
            first = false;
            busy.mark(key);
            let searched = self.node::<S>(child, window.flipped(), their_spots);
            busy.unmark(key);
            if let Some(refuted) = scores.take(-searched?, &mut window, table, &p) {
                return Ok(refuted);
            }
        }
        Ok(scores.settled(table, &p))
    }
}

/// The scores of a node's children so far: the best, and the window's floor the node began with.
struct Scores {
    floor: i32,
    best: i32,
}

impl Scores {
    fn new(window: &Window) -> Scores {
        Scores {
            floor: window.low,
            best: i32::MIN,
        }
    }

    /// Takes a child's score (for the node's mover): the score when it refutes the window,
    /// stored as a lower bound only (the moves not searched might score higher still); else
    /// `None`, the window narrowed.
    #[inline(always)]
    fn take(
        &mut self,
        score: i32,
        window: &mut Window,
        table: &Table,
        p: &Position,
    ) -> Option<i32> {
        if window.refutes(score) {
            table.put(p, score, i32::MAX);
            return Some(score);
        }
        self.best = self.best.max(score);
        window.low = window.low.max(score);
        None
    }

    /// What a node whose every move was searched stores and answers: the best score, exact when
    /// it rose above the window's floor, and an upper bound otherwise.
    fn settled(self, table: &Table, p: &Position) -> i32 {
        let proved_lower = if self.best > self.floor {
            self.best
        } else {
            i32::MIN
        };
        table.put(p, proved_lower, self.best);
        self.best
    }
}
