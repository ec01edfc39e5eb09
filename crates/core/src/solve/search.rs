//! Negamax with alpha-beta pruning over [`Position`]s, on one scale of scores that orders every
//! outcome as perfect play ranks them: a win at move `M` (counting every move of the game) scores
//! `big - M`, a loss at move `M` scores `-(big - M)`, a draw 0, with `big` one more than the cells.
//! Because `M` counts from the start of the game, a position's score is exactly the negation of its
//! best child's, with no adjustment: the sooner a win, the higher; the later a loss, the higher.
//!
//! What keeps it fast without changing any answer: an immediate win ends the search of a position;
//! an opponent's immediate win forces the block (two of them lose); with gravity, a move just below
//! an opponent's winning cell is never tried while another exists (it loses at once); the bounds of
//! a position's score follow from its move count; a transposition table keeps what was proved
//! (with gravity and a large table, the positions near the end in a small one: [`NEAR_EMPTY`]);
//! and moves are tried in the order of the wins they threaten, then nearest the centre first. On
//! boards of Connect Four's columns the search is compiled with their shifts ([`Spots`]). Deep
//! positions are searched by two threads on one table ([`super::shared`]).

use core::sync::atomic::AtomicBool;

use super::position::Position;
use super::table::Table;
use crate::kgame::Shape;

/// How a search finds the cells where one more mark wins: read from the shape, or compiled for
/// Connect Four's columns (the search is compiled once for each).
pub(crate) trait Spots {
    /// Room for the moves of one position, in the order they are tried.
    type Order: Default + AsMut<[u32]>;

    fn of(shape: &Shape, mine: u64) -> u64;
}

/// Room for a move on every cell of a word.
pub(crate) struct AnyOrder([u32; 64]);

impl Default for AnyOrder {
    fn default() -> Self {
        AnyOrder([0; 64])
    }
}

impl AsMut<[u32]> for AnyOrder {
    fn as_mut(&mut self) -> &mut [u32] {
        &mut self.0
    }
}

/// Any board that fits in a word.
pub(crate) struct AnyShape;

impl Spots for AnyShape {
    type Order = AnyOrder;

    #[inline(always)]
    fn of(shape: &Shape, mine: u64) -> u64 {
        shape.winning_spots(mine)
    }
}

/// Boards of Connect Four's columns ([`Shape::has_connect_four_columns`]).
pub(crate) struct ConnectFour;

impl Spots for ConnectFour {
    /// A move a column, and nine columns at most fit in a word.
    type Order = [u32; 16];

    #[inline(always)]
    fn of(shape: &Shape, mine: u64) -> u64 {
        shape.connect_four_spots(mine)
    }
}

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
    shape.gravity && bits > CACHED_TABLE_BITS
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
    /// Whether a position the opening book holds is answered from it ([`solve`](Self::solve)).
    pub(crate) book: bool,
}

/// Odd, so that multiplying by it mixes a position's words into the high bits.
const MIX: u64 = 0x9E37_79B9_7F4A_7C15;

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
        let cells = shape.cells.count_ones();
        let mut rank = [0u8; 64];
        for (bit, slot) in rank.iter_mut().enumerate() {
            if shape.cells >> bit & 1 == 0 {
                continue;
            }
            let (row, col) = shape.cell(1 << bit);
            // Twice the distance from the centre, so that even sides have a centre too.
            let dr = (2 * row as i32 - (shape.rows as i32 - 1)).unsigned_abs();
            let dc = (2 * col as i32 - (shape.cols as i32 - 1)).unsigned_abs();
            let far = if shape.gravity {
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
            book: false,
        }
    }

    /// A search that helps another on the same table until `stop` is set: it searches as the
    /// other does, except that at a quarter of its nodes it tries the second move first.
    #[cfg(feature = "std")]
    pub(crate) fn helper(
        shape: Shape,
        table: &'t Table,
        near: Option<&'t Table>,
        stop: &'t AtomicBool,
    ) -> Search<'t> {
        Search {
            stop: Some(stop),
            ..Search::new(shape, table, near, HELPER_STRETCH)
        }
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

    /// The exact score of `p`, which is not over ([`solve_alone`](Self::solve_alone)). Without a
    /// node limit, a position deep enough on a shareable table is solved with a helper thread
    /// beside (feature `std`; [`super::shared`]): the same answer, sooner.
    pub(crate) fn solve(&mut self, p: Position) -> Result<i32, OutOfNodes> {
        if self.book
            && let Some(score) = super::book::score(&self.shape, &p)
        {
            return Ok(score);
        }
        #[cfg(feature = "std")]
        if self.limit == u64::MAX
            && self.stop.is_none()
            && self.table.shareable()
            && self.cells - p.moves >= super::shared::SHARED_EMPTY
        {
            return super::shared::solve(self, p);
        }
        self.solve_alone(p)
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
            let r = self.negamax(p, g, g + 1)?;
            if r > g {
                lo = r;
            } else {
                hi = r;
            }
        }
        Ok(lo)
    }

    /// The score of `p` if it lies in `(alpha, beta)`; otherwise a bound beyond the window on the
    /// side it failed (fail-soft). `p` is not over.
    pub(crate) fn negamax(
        &mut self,
        p: Position,
        alpha: i32,
        beta: i32,
    ) -> Result<i32, OutOfNodes> {
        let shape = self.shape;
        if shape.has_connect_four_columns() {
            self.search::<ConnectFour>(p, alpha, beta, ConnectFour::of(&shape, p.mine))
        } else {
            self.search::<AnyShape>(p, alpha, beta, AnyShape::of(&shape, p.mine))
        }
    }

    /// [`negamax`](Self::negamax) with the winning spots found by `S`; `spots` are those of the
    /// player to move (`S::of(p.mine)`), which the parent found as its opponent's.
    fn search<S: Spots>(
        &mut self,
        p: Position,
        mut alpha: i32,
        mut beta: i32,
        spots: u64,
    ) -> Result<i32, OutOfNodes> {
        self.nodes += 1;
        if self.nodes > self.limit && self.spent() {
            return Err(OutOfNodes);
        }
        let shape = self.shape;
        let legal = p.legal(&shape);
        if spots & legal != 0 {
            return Ok(self.win_at(p.moves + 1));
        }
        if p.moves + 1 >= self.cells {
            // The last cell, and it does not win: the board fills, a draw.
            return Ok(0);
        }
        // Also the spots of the player to move in every child.
        let their_spots = S::of(&shape, p.theirs);
        let theirs = their_spots & !p.all();
        let mut candidates = legal;
        let threats = theirs & legal;
        if threats != 0 {
            if threats.count_ones() > 1 {
                return Ok(-self.win_at(p.moves + 2));
            }
            candidates = threats;
        }
        if shape.gravity {
            // A mark just below their winning cell would let them take it.
            candidates &= !(theirs >> 1);
        }
        if candidates == 0 {
            return Ok(-self.win_at(p.moves + 2));
        }
        // Neither can win sooner than these from here on.
        let max = self.at_best(p.moves + 3);
        let min = -self.at_best(p.moves + 4);
        if beta > max {
            beta = max;
            if alpha >= beta {
                return Ok(beta);
            }
        }
        if alpha < min {
            alpha = min;
            if alpha >= beta {
                return Ok(alpha);
            }
        }
        let table = if p.moves < self.near_from {
            self.table
        } else {
            self.near
        };
        if let Some((lower, upper)) = table.get(&p) {
            self.hits += 1;
            if lower >= beta {
                return Ok(lower);
            }
            if upper <= alpha {
                return Ok(upper);
            }
            alpha = alpha.max(lower);
            beta = beta.min(upper);
            if alpha >= beta {
                return Ok(alpha);
            }
        }
        // The moves, best first: most wins threatened after them, then nearest the centre, then
        // the lowest bit. Each is one word, `key << 6 | (63 - bit index)`, so that sorting the
        // words sorts the moves; room for 64 of them is 256 bytes to clear (Connect Four's
        // columns need 64 bytes), where (key, bit) pairs took a kilobyte and a call to memset.
        let mut room = S::Order::default();
        let order = room.as_mut();
        let mut count = 0;
        let mut left = candidates;
        while left != 0 {
            let bit = left & left.wrapping_neg();
            left ^= bit;
            let after = p.mine | bit;
            let threatened = (S::of(&shape, after) & !(p.all() | bit)).count_ones();
            let at_bit = bit.trailing_zeros();
            let key = threatened << 8 | u32::from(self.rank[at_bit as usize]);
            let word = key << 6 | (63 - at_bit);
            // Insertion, highest first.
            let mut at = count;
            while at > 0 && order[at - 1] < word {
                order[at] = order[at - 1];
                at -= 1;
            }
            order[at] = word;
            count += 1;
        }
        if self.stop.is_some()
            && count >= 2
            && p.mine.wrapping_add(p.all()).wrapping_mul(MIX) >> 62 == 0
        {
            // A helper tries the second move first at a quarter of its nodes, chosen by the
            // position, so that it and the search it helps part ways (either order is exact).
            order.swap(0, 1);
        }
        let start = alpha;
        let mut best = i32::MIN;
        for &word in &order[..count] {
            let bit = 1 << (63 - (word & 63));
            let score = -self.search::<S>(p.play(bit), -beta, -alpha, their_spots)?;
            if score >= beta {
                table.put(&p, score, i32::MAX);
                return Ok(score);
            }
            if score > best {
                best = score;
                alpha = alpha.max(score);
            }
        }
        let lower = if best > start { best } else { i32::MIN };
        table.put(&p, lower, best);
        Ok(best)
    }
}
