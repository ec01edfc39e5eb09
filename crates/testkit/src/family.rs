//! An independent model of the k-in-a-row family: a plain `rows x cols` board, every window of `k`
//! cells in four directions listed and scanned in full after every move. Deliberately naive, so
//! that it shares no logic with the line bitsets (or any other board) it checks.

use tictactoe_core::{Error, Player};

#[derive(Clone, Debug)]
pub struct KModel {
    pub rows: usize,
    pub cols: usize,
    pub k: usize,
    pub gravity: bool,
    /// Only a run of exactly `k` wins: a window counts only while the cells just outside it, on
    /// its line, are not the player's.
    pub exact: bool,
    pub board: Vec<Vec<Option<Player>>>,
    pub moves: Vec<(usize, usize, Player)>,
    windows: Vec<Vec<(usize, usize)>>,
    /// Each window's cells just before and just after it on its line, where the board has them.
    flanks: Vec<Vec<(usize, usize)>>,
}

impl KModel {
    pub fn new(rows: usize, cols: usize, k: usize, gravity: bool) -> KModel {
        KModel {
            rows,
            cols,
            k,
            gravity,
            exact: false,
            board: vec![vec![None; cols]; rows],
            moves: Vec::new(),
            windows: Self::every_window(rows, cols, k),
            flanks: Self::every_flank(rows, cols, k),
        }
    }

    /// The same model where only exactly `k` in a row wins.
    pub fn with_exact(mut self, exact: bool) -> KModel {
        self.exact = exact;
        self
    }

    /// For each window of [`every_window`](Self::every_window), in the same order, the cells
    /// on its line just outside it that lie on the board.
    pub fn every_flank(rows: usize, cols: usize, k: usize) -> Vec<Vec<(usize, usize)>> {
        let (rows, cols, k) = (rows as i64, cols as i64, k as i64);
        let on = |r: i64, c: i64| (0..rows).contains(&r) && (0..cols).contains(&c);
        let mut out = Vec::new();
        for (dr, dc) in [(0, 1), (1, 0), (1, 1), (1, -1)] {
            for r in 0..rows {
                for c in 0..cols {
                    if on(r + (k - 1) * dr, c + (k - 1) * dc) {
                        let ends = [(r - dr, c - dc), (r + k * dr, c + k * dc)];
                        out.push(
                            ends.into_iter()
                                .filter(|&(r, c)| on(r, c))
                                .map(|(r, c)| (r as usize, c as usize))
                                .collect(),
                        );
                    }
                }
            }
        }
        out
    }

    /// Whether window `i` could still be exactly `p`'s (or `k` or more, without `exact`): no
    /// cell of it is in `blocked`'s hands, and under `exact` no cell beside it is `p`'s.
    fn window_for(&self, i: usize, p: Player, blocked: impl Fn(Option<Player>) -> bool) -> bool {
        self.windows[i]
            .iter()
            .all(|&(r, c)| !blocked(self.board[r][c]))
            && (!self.exact
                || self.flanks[i]
                    .iter()
                    .all(|&(r, c)| self.board[r][c] != Some(p)))
    }

    /// Every window: `k` consecutive cells of a row, a column or a diagonal, as coordinates.
    pub fn every_window(rows: usize, cols: usize, k: usize) -> Vec<Vec<(usize, usize)>> {
        let (rows, cols, k) = (rows as i64, cols as i64, k as i64);
        let mut out = Vec::new();
        for (dr, dc) in [(0, 1), (1, 0), (1, 1), (1, -1)] {
            for r in 0..rows {
                for c in 0..cols {
                    let cells: Vec<(i64, i64)> = (0..k).map(|i| (r + i * dr, c + i * dc)).collect();
                    if cells
                        .iter()
                        .all(|&(r, c)| (0..rows).contains(&r) && (0..cols).contains(&c))
                    {
                        out.push(
                            cells
                                .iter()
                                .map(|&(r, c)| (r as usize, c as usize))
                                .collect(),
                        );
                    }
                }
            }
        }
        out
    }

    pub fn winner(&self) -> Option<Player> {
        [Player::X, Player::O].into_iter().find(|&p| {
            (0..self.windows.len()).any(|i| self.window_for(i, p, |cell| cell != Some(p)))
        })
    }

    pub fn is_full(&self) -> bool {
        self.board.iter().flatten().all(Option::is_some)
    }

    pub fn is_over(&self) -> bool {
        self.winner().is_some() || self.is_full()
    }

    pub fn is_draw(&self) -> bool {
        self.winner().is_none() && self.is_full()
    }

    pub fn can_win(&self, p: Player) -> bool {
        !self.is_over()
            && (0..self.windows.len())
                .any(|i| self.window_for(i, p, |cell| cell == Some(p.other())))
    }

    pub fn last_player(&self) -> Option<Player> {
        self.moves.last().map(|m| m.2)
    }

    /// The lowest empty row of `col`, if any.
    pub fn landing(&self, col: usize) -> Option<usize> {
        (0..self.rows).rev().find(|&r| self.board[r][col].is_none())
    }

    /// What the engine must answer to `play_i64(row, col, player)`, applying the move if legal.
    pub fn play(&mut self, row: i64, col: i64, player: i64) -> Result<u8, Error> {
        let p = match player {
            1 => Player::X,
            2 => Player::O,
            _ => return Err(Error::InvalidPlayer { player }),
        };
        let (rows, cols) = (self.rows as i64, self.cols as i64);
        if !(0..rows).contains(&row) || !(0..cols).contains(&col) {
            return Err(Error::OutOfRange {
                row: row.into(),
                col: col.into(),
                rows: self.rows,
                cols: self.cols,
            });
        }
        self.place(row as usize, col as usize, p)
    }

    /// What the engine must answer to `drop_i64(col, player)`.
    pub fn drop(&mut self, col: i64, player: i64) -> Result<u8, Error> {
        let p = match player {
            1 => Player::X,
            2 => Player::O,
            _ => return Err(Error::InvalidPlayer { player }),
        };
        if !self.gravity {
            return Err(Error::NoGravity);
        }
        if !(0..self.cols as i64).contains(&col) {
            return Err(Error::ColumnOutOfRange {
                col: col.into(),
                cols: self.cols,
            });
        }
        self.turn(p)?;
        let col = col as usize;
        let row = self.landing(col).ok_or(Error::ColumnFull { col })?;
        self.place(row, col, p)
    }

    fn turn(&self, p: Player) -> Result<(), Error> {
        if self.is_over() {
            return Err(Error::GameOver {
                winner: self.winner(),
            });
        }
        if self.last_player() == Some(p) {
            return Err(Error::WrongTurn { player: p });
        }
        Ok(())
    }

    fn place(&mut self, r: usize, c: usize, p: Player) -> Result<u8, Error> {
        self.turn(p)?;
        if let Some(by) = self.board[r][c] {
            return Err(Error::Occupied { row: r, col: c, by });
        }
        if self.gravity {
            let landing = self.landing(c).unwrap_or(r);
            if landing != r {
                return Err(Error::NotLanding {
                    row: r,
                    col: c,
                    landing,
                });
            }
        }
        self.board[r][c] = Some(p);
        self.moves.push((r, c, p));
        Ok(self.winner().map_or(0, |w| w as u8))
    }

    pub fn undo(&mut self) -> Result<(usize, usize, Player), Error> {
        let (r, c, p) = self.moves.pop().ok_or(Error::NothingToUndo)?;
        self.board[r][c] = None;
        Ok((r, c, p))
    }

    pub fn render(&self) -> String {
        crate::render(&self.board)
    }
}
