//! Victory by continuous fours (VCF), the first step of threat-space search (Allis, van den Herik
//! and Huntjens, "Go-Moku and Threat-Space Search", 1993): the attacker plays only moves that
//! threaten to win at once, so every reply of the defender is forced, and the tree stays narrow
//! enough to read many moves deep where a full search sees one or two. A sequence found is a proof:
//! each threat leaves the defender one cell to stop it, the defender is never left a win of its
//! own, and the sequence ends in two winning cells at once or a win.
//!
//! Everything is local: a move's new threats lie on its four lines within `k - 1` cells, so a node
//! looks at a few dozen cells. The search reads a plain grid of its own, where either player may
//! be given a stone, so that it also reads the opponent's threats as if it had the move; a win is
//! the run a stone makes, `k` long (exactly, under exact rules).

use alloc::vec::Vec;

use tictactoe_core::Game;
use tictactoe_core::Player;

/// The four directions of a line: along a row, a column and the two diagonals.
const DIRECTIONS: [(isize, isize); 4] = [(0, 1), (1, 0), (1, 1), (1, -1)];

type Cell = (usize, usize);

/// A search for a victory by continuous fours, on its own grid.
pub(super) struct Fours {
    grid: Vec<Option<Player>>,
    /// The stones, in the order placed (the game's, then the search's).
    stones: Vec<(Cell, Player)>,
    rows: usize,
    cols: usize,
    reach: usize,
    /// Only exactly `k` wins.
    exact: bool,
    pub(super) nodes: u64,
    pub(super) limit: u64,
    /// The cells of the last victory found ([`victory`](Self::victory)): the attacker's fours
    /// and the cells where it wins at the end, the ones a defence must take.
    pub(super) path: Vec<Cell>,
    /// The cells of every victory a threat's proof read (`threes.rs`): where a stop of the
    /// threat must be, besides the defender's own fours.
    pub(super) touched: Vec<Cell>,
    /// The stones placed so far, hashed (each cell and player's key, exclusive-or'd).
    hash: u64,
    /// Attacks that failed, by position and depth ([`failed_before`](Self::failed_before)): the
    /// same fours played in another order reach the same position, and without this the search
    /// reads it again for every order.
    failed: Vec<u64>,
    /// For every cell, per player and direction, how many of that player's stones lie on the
    /// cell's line within `k - 1` cells of it: kept as stones come and go, so that asking
    /// whether a stone could make a four, or which cells are near a player's stones, reads a few
    /// counts instead of the lines.
    near: Vec<[[u8; 4]; 2]>,
}

/// Whether some count of `counts` (a cell's four lines) is at least `stones`. A count is at
/// most `2 * (k - 1)`, below 128 since `k` is at most 64: adding `128 - stones` to each byte
/// sets its top bit exactly when it holds that many, without a carry into the next byte.
#[inline(always)]
fn some_line_holds(counts: [u8; 4], stones: usize) -> bool {
    let Some(add) = 128u32.checked_sub(stones as u32) else {
        return false;
    };
    (u32::from_le_bytes(counts) + add * 0x0101_0101) & 0x8080_8080 != 0
}

/// The failed attacks kept: 2^12 entries of one word (32 KiB), each overwriting the last in its
/// slot.
const FAILED_BITS: u32 = 12;

/// A key of `player`'s stone on cell number `at`, mixed from the two (splitmix64's finalizer).
fn key(at: usize, player: Player) -> u64 {
    let mut z = (at as u64 * 2 + player.number() as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Calls `visit` with the direction (an index of [`DIRECTIONS`]) and the index (`row * cols +
/// col`) of every cell on the four lines through `cell`, within `reach` of it, on a `rows x cols`
/// board: each line in turn, nearest first, both sides. (Walked by index: as nested `flat_map`s
/// over points it was a third of the threat search's time.)
#[inline(always)]
fn for_each_near(
    (row, col): Cell,
    reach: usize,
    (rows, cols): (usize, usize),
    mut visit: impl FnMut(usize, usize),
) {
    // How many steps of (`dr`, `dc`) from the cell stay on the board, up to `reach`.
    let room = |at: usize, d: isize, size: usize| match d {
        1 => size - 1 - at,
        -1 => at,
        _ => usize::MAX,
    };
    let steps = |dr: isize, dc: isize| room(row, dr, rows).min(room(col, dc, cols)).min(reach);
    let at = (row * cols + col) as isize;
    for (d, &(dr, dc)) in DIRECTIONS.iter().enumerate() {
        let delta = dr * cols as isize + dc;
        let (ahead, behind) = (steps(dr, dc), steps(-dr, -dc));
        for step in 1..=ahead.max(behind) {
            for (sign, room) in [(1, ahead), (-1, behind)] {
                if step <= room {
                    visit(d, (at + sign * step as isize * delta) as usize);
                }
            }
        }
    }
}

impl Fours {
    pub(super) fn new(game: &Game, limit: u64) -> Option<Fours> {
        let rules = game.rules();
        // A cell's counts are bytes, each at most 2 * (k - 1): below 128 for k up to 64.
        if rules.gravity() || game.is_over() || !(2..=64).contains(&rules.k()) {
            return None;
        }
        let (rows, cols) = (rules.rows(), rules.cols());
        let mut grid = Vec::new();
        grid.try_reserve_exact(rows * cols).ok()?;
        grid.resize(rows * cols, None);
        let mut stones = Vec::new();
        stones.try_reserve(rows * cols).ok()?;
        let mut failed = Vec::new();
        failed.try_reserve_exact(1 << FAILED_BITS).ok()?;
        failed.resize(1 << FAILED_BITS, 0);
        let mut near = Vec::new();
        near.try_reserve_exact(rows * cols).ok()?;
        near.resize(rows * cols, [[0; 4]; 2]);
        let mut fours = Fours {
            grid,
            stones,
            rows,
            cols,
            reach: rules.k() - 1,
            exact: rules.exact(),
            nodes: 0,
            limit,
            path: Vec::new(),
            touched: Vec::new(),
            hash: 0,
            failed,
            near,
        };
        for (r, c, p) in game.moves() {
            fours.place((r, c), p);
        }
        fours.hash = 0;
        Some(fours)
    }

    /// Counts `player`'s stone on `cell` in (`step` 1) or out (`step` -1) of its neighbours'
    /// [`near`](Self::near).
    fn count_near(&mut self, cell: Cell, player: Player, step: i8) {
        let who = usize::from(player.number() - 1);
        let near = &mut self.near;
        for_each_near(cell, self.reach, (self.rows, self.cols), |d, to| {
            let count = &mut near[to][who][d];
            *count = count.wrapping_add_signed(step);
        });
    }

    fn at(&self, r: isize, c: isize) -> Option<Option<Player>> {
        (r >= 0 && c >= 0 && (r as usize) < self.rows && (c as usize) < self.cols)
            .then(|| self.grid[r as usize * self.cols + c as usize])
    }

    /// The empty cells on the four lines through `cell`, within `k - 1` cells of it.
    pub(super) fn around(&self, cell: Cell) -> Vec<Cell> {
        let mut cells = Vec::new();
        for_each_near(cell, self.reach, (self.rows, self.cols), |_, to| {
            if self.grid[to].is_none() {
                cells.push((to / self.cols, to % self.cols));
            }
        });
        cells.sort_unstable();
        cells.dedup();
        cells
    }

    /// Whether `player` would win at once on the empty `cell`: the run its stone would make on
    /// some line is `k` long (or longer, unless only exactly `k` wins).
    fn wins_at(&mut self, (row, col): Cell, player: Player) -> bool {
        self.nodes += 1;
        let k = self.reach + 1;
        // A run of `k` through the cell has `k - 1` stones within `k - 1` cells on its line:
        // most cells have none such, and are answered from the counts.
        let at = row * self.cols + col;
        if self.no_run_near(at, player) {
            return false;
        }
        let counts = self.near[at][usize::from(player.number() - 1)];
        let (row, col) = (row as isize, col as isize);
        DIRECTIONS.iter().zip(counts).any(|(&(dr, dc), count)| {
            if usize::from(count) < k - 1 {
                return false;
            }
            let run = |sign: isize| {
                (1..=k as isize)
                    .take_while(|&i| {
                        self.at(row + sign * i * dr, col + sign * i * dc) == Some(Some(player))
                    })
                    .count()
            };
            let length = run(1) + 1 + run(-1);
            if self.exact { length == k } else { length >= k }
        })
    }

    /// Whether no line through cell number `at` holds `k - 1` of `player`'s stones within `k - 1`
    /// cells of it: then `player` cannot win there at once.
    #[inline(always)]
    fn no_run_near(&self, at: usize, player: Player) -> bool {
        !some_line_holds(self.near[at][usize::from(player.number() - 1)], self.reach)
    }

    /// Whether a stone of `player` on `cell` could make a four: some line through it holds at
    /// least `k - 2` of its stones within `k - 1` cells (a window of `k` with `k - 1` of them
    /// needs that many besides the new one).
    pub(super) fn could_four(&mut self, cell: Cell, player: Player) -> bool {
        self.could_make(cell, player, self.reach)
    }

    /// Whether a stone of `player` on `cell` could make a three (`k - 2` in a window): some
    /// line through it holds at least `k - 3` of its stones within `k - 1` cells.
    pub(super) fn could_three(&mut self, cell: Cell, player: Player) -> bool {
        self.reach >= 3 && self.could_make(cell, player, self.reach - 1)
    }

    /// Whether some line through `cell` holds at least `stones - 1` of `player`'s stones within
    /// `k - 1` cells.
    fn could_make(&mut self, (row, col): Cell, player: Player, stones: usize) -> bool {
        self.nodes += 1;
        let counts = self.near[row * self.cols + col][usize::from(player.number() - 1)];
        stones <= 1 || some_line_holds(counts, stones - 1)
    }

    /// The empty cells on the four lines through `cell`, within `k - 1` cells of it, where
    /// `player` wins at once (the cells of [`around`](Self::around), read in place).
    pub(super) fn wins_near(&mut self, cell: Cell, player: Player) -> Vec<Cell> {
        let mut wins = Vec::new();
        let shape = (self.rows, self.cols);
        for_each_near(cell, self.reach, shape, |_, to| {
            if self.grid[to].is_some() {
                return;
            }
            // Most cells have no line with `k - 1` of the player's stones near: answered from
            // the counts here, as `wins_at` answers them (and read as one cell, as there),
            // without the call.
            if self.no_run_near(to, player) {
                self.nodes += 1;
                return;
            }
            let cell = (to / self.cols, to % self.cols);
            if self.wins_at(cell, player) {
                wins.push(cell);
            }
        });
        wins
    }

    /// The cells among `cells` where `player` wins at once.
    pub(super) fn wins_among(&mut self, cells: &[Cell], player: Player) -> Vec<Cell> {
        cells
            .iter()
            .copied()
            .filter(|&cell| self.wins_at(cell, player))
            .collect()
    }

    /// Whether `player` wins at once somewhere: a four of its own that nothing blocks yet.
    pub(super) fn wins_anywhere(&mut self, player: Player) -> bool {
        self.first_win(player).is_some()
    }

    /// The first cell, in row-major order, where `player` wins at once.
    fn first_win(&mut self, player: Player) -> Option<Cell> {
        let cells = self.cells_with(player, self.reach);
        cells.into_iter().find(|&cell| self.wins_at(cell, player))
    }

    /// The empty cells, row-major, where a stone of `player`'s could make a four: some line
    /// through the cell holds `k - 2` of its stones within `k - 1` cells.
    pub(super) fn four_cells(&mut self, player: Player) -> Vec<Cell> {
        self.cells_with(player, self.reach - 1)
    }

    /// The same for threes (`k - 3` stones near on a line), where `k` allows a three.
    pub(super) fn three_cells(&mut self, player: Player) -> Vec<Cell> {
        if self.reach < 3 {
            return Vec::new();
        }
        self.cells_with(player, self.reach - 2)
    }

    /// The empty cells, row-major, with some line holding at least `stones` (at least one) of
    /// `player`'s stones within `k - 1` cells.
    ///
    /// Counted against the budget as half a listing of the cells near the player's stones (a
    /// cell read for each stone and for each cell) and a cell read for each of those cells: what
    /// the search was charged when it listed them and asked each whether it wins or makes a four,
    /// so that a budget buys the same search as before the listing was made cheaper.
    fn cells_with(&mut self, player: Player, stones: usize) -> Vec<Cell> {
        let who = usize::from(player.number() - 1);
        let stones = stones.max(1);
        let cols = self.cols;
        let mut near_any = 0;
        let mut cells = Vec::new();
        for (at, (stone, near)) in self.grid.iter().zip(&self.near).enumerate() {
            if stone.is_none() && near[who] != [0; 4] {
                near_any += 1;
                if some_line_holds(near[who], stones) {
                    cells.push((at / cols, at % cols));
                }
            }
        }
        self.nodes += (self.stones.len() / 2 + near_any) as u64;
        cells
    }

    pub(super) fn place(&mut self, cell: Cell, player: Player) {
        let at = cell.0 * self.cols + cell.1;
        self.grid[at] = Some(player);
        self.hash ^= key(at, player);
        self.stones.push((cell, player));
        self.count_near(cell, player, 1);
    }

    pub(super) fn take_back(&mut self) {
        if let Some(((r, c), player)) = self.stones.pop() {
            let at = r * self.cols + c;
            self.grid[at] = None;
            self.hash ^= key(at, player);
            self.count_near((r, c), player, -1);
        }
    }

    /// Where the attack of `attacker` from here is kept in `failed`, and its entry: the hash with
    /// the attacker mixed in, its low bits holding the depth the attack failed to.
    fn failed_slot(&self, attacker: Player) -> (usize, u64) {
        // The cell one past the board stands for the side to move.
        let hash = self.hash ^ key(self.grid.len(), attacker);
        ((hash >> (64 - FAILED_BITS)) as usize, hash & !0x3F)
    }

    /// Whether an attack of `attacker` from here failed before with at least `depth` fours.
    fn failed_before(&self, attacker: Player, depth: u32) -> bool {
        let (slot, tag) = self.failed_slot(attacker);
        let entry = self.failed[slot];
        entry & !0x3F == tag && u32::from(entry as u8 & 0x3F) >= depth.min(0x3F)
    }

    /// A first move of a victory by continuous fours of `attacker`, to move, within `depth`
    /// fours, given the defender's cells that win at once (`threats`).
    fn attack(&mut self, attacker: Player, threats: &[Cell], depth: u32) -> Option<Cell> {
        if self.nodes > self.limit || threats.len() > 1 {
            return None;
        }
        if self.failed_before(attacker, depth) {
            return None;
        }
        let found = self.attack_anew(attacker, threats, depth);
        if found.is_none() && self.nodes <= self.limit {
            let (slot, tag) = self.failed_slot(attacker);
            self.failed[slot] = tag | u64::from(depth.min(0x3F));
        }
        found
    }

    /// [`attack`](Self::attack), read from here.
    fn attack_anew(&mut self, attacker: Player, threats: &[Cell], depth: u32) -> Option<Cell> {
        // A threat of the defender's must be stopped by the four itself; a win at once comes
        // first, before any longer sequence.
        let win = match threats.first() {
            Some(&only) => Some(only).filter(|&cell| self.wins_at(cell, attacker)),
            None => self.first_win(attacker),
        };
        if let Some(win) = win {
            self.path.push(win);
            return Some(win);
        }
        let moves = match threats.first() {
            Some(&only) => alloc::vec![only],
            None => self.four_cells(attacker),
        };
        for cell in moves {
            if self.nodes > self.limit {
                return None;
            }
            if !self.could_four(cell, attacker) {
                continue;
            }
            self.place(cell, attacker);
            let fours = self.wins_near(cell, attacker);
            let found = match fours.len() {
                0 => false,
                // One cell that wins: the defender must take it, and the attack goes on.
                1 => depth > 0 && self.forced_reply(attacker, fours[0], depth),
                // Two: the defender stops one (it has no win of its own).
                _ => {
                    self.path.extend(&fours);
                    true
                }
            };
            self.take_back();
            if found {
                self.path.push(cell);
                return Some(cell);
            }
        }
        None
    }

    /// After the attacker's four whose one winning cell is `block`: the defender plays there, and
    /// the attacker goes on from its new position.
    fn forced_reply(&mut self, attacker: Player, block: Cell, depth: u32) -> bool {
        let defender = attacker.other();
        // A block that wins for the defender (its own threat) was ruled out before the four; one
        // that fills the board ends the game drawn.
        if self.stones.len() + 1 == self.grid.len() {
            return false;
        }
        self.place(block, defender);
        let threats = self.wins_near(block, defender);
        let found = self.attack(attacker, &threats, depth - 1).is_some();
        self.take_back();
        if found {
            self.path.push(block);
        }
        found
    }

    /// `attacker`'s first move of a victory by fours from here, as if it had the move.
    pub(super) fn victory(&mut self, attacker: Player, depth: u32) -> Option<Cell> {
        self.path.clear();
        // A win at once comes first, whatever the defender threatens.
        if let Some(win) = self.first_win(attacker) {
            self.path.push(win);
            return Some(win);
        }
        let theirs = self.cells_with(attacker.other(), self.reach);
        let threats = self.wins_among(&theirs, attacker.other());
        self.attack(attacker, &threats, depth)
    }
}

/// A first move of a victory by continuous fours for the player to move in `game` (in play, no
/// gravity), found within about `limit` cells read and `depth` fours; `None` when none is found.
pub(crate) fn victory_by_fours(game: &Game, depth: u32, limit: u64) -> Option<Cell> {
    let mover = game.last_player().map_or(Player::X, Player::other);
    Fours::new(game, limit)?.victory(mover, depth)
}

/// When the opponent of the player to move would have a victory by fours if it had the move: the
/// moves where either player could make a four after which it has none any more, in row-major
/// order; `None`
/// when it has none to stop (or none was found). About `limit` cells are read in all, shared
/// among the moves tried.
pub(crate) fn stops_to_fours(game: &Game, depth: u32, limit: u64) -> Option<Vec<Cell>> {
    let mover = game.last_player().map_or(Player::X, Player::other);
    let mut search = Fours::new(game, limit / 4)?;
    search.victory(mover.other(), depth)?;
    // The cells that can matter: those where the opponent could make a four (a stop takes one
    // away), and those where the mover could (a threat the opponent must answer first).
    let mut among = Vec::new();
    for player in [mover.other(), mover] {
        among.extend(search.four_cells(player));
    }
    among.sort_unstable();
    among.dedup();
    let limit = (limit / 2 / among.len().max(1) as u64).max(2_000);
    search.limit = limit;
    let mut stops = Vec::new();
    for cell in among {
        search.nodes = 0;
        search.place(cell, mover);
        if search.victory(mover.other(), depth).is_none() && search.nodes <= limit {
            stops.push(cell);
        }
        search.take_back();
    }
    Some(stops)
}

#[cfg(test)]
pub(super) mod tests;
