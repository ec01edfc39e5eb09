//! Every move's value on Connect Four positions from the middle of the game, where no exhaustive
//! search finishes, against a second solver written here as simply as a Connect Four solver can
//! be: its own bitboards, plain alpha-beta over the score of the move number at which the game is
//! won, a fixed centre-first order and a map of proven bounds. Nothing of the engine's search is
//! shared with it.

use std::collections::HashMap;

use tictactoe_core::{Game, Player, Rules};
use tictactoe_solve::{Book, Solution, Solver};
use tictactoe_testkit::Xorshift;

const ROWS: u32 = 6;
const COLS: usize = 7;
const CELLS: u32 = ROWS * COLS as u32;
/// Above every stone count: a win at stone `m` scores `BIG - m` for the winner, `m - BIG` for the
/// loser, so that the winner prefers it sooner and the loser later, from either side's view.
const BIG: i32 = 100;
const ORDER: [usize; COLS] = [3, 2, 4, 1, 5, 0, 6];

/// A Connect Four position in seven bits a column (six cells and a spare), the bottom row first.
struct Simple {
    stones: [u64; 2],
    heights: [u32; COLS],
    moves: u32,
    /// Proven bounds on a position's score, from its mover's view: (at least, at most).
    bounds: HashMap<(u64, u64), (i32, i32)>,
}

fn four(b: u64) -> bool {
    [1, 7, 6, 8].iter().any(|&s| {
        let pairs = b & (b >> s);
        pairs & (pairs >> (2 * s)) != 0
    })
}

impl Simple {
    fn new() -> Simple {
        Simple {
            stones: [0; 2],
            heights: [0; COLS],
            moves: 0,
            bounds: HashMap::new(),
        }
    }

    fn bit(&self, col: usize) -> u64 {
        1 << (7 * col as u32 + self.heights[col])
    }

    fn play(&mut self, col: usize) {
        let bit = self.bit(col);
        self.stones[(self.moves % 2) as usize] |= bit;
        self.heights[col] += 1;
        self.moves += 1;
    }

    fn undo(&mut self, col: usize) {
        self.moves -= 1;
        self.heights[col] -= 1;
        let bit = self.bit(col);
        self.stones[(self.moves % 2) as usize] &= !bit;
    }

    /// The score of the position for the player to move, exactly when it lies inside (`alpha`,
    /// `beta`), else a bound on the side the window misses.
    fn search(&mut self, mut alpha: i32, mut beta: i32) -> i32 {
        if self.moves == CELLS {
            return 0;
        }
        let mine = self.stones[(self.moves % 2) as usize];
        for col in ORDER {
            if self.heights[col] < ROWS && four(mine | self.bit(col)) {
                return BIG - (self.moves as i32 + 1);
            }
        }
        let key = (self.stones[0], self.stones[1]);
        let (low, high) = self.bounds.get(&key).copied().unwrap_or((-BIG, BIG));
        if low >= beta || low == high {
            return low;
        }
        if high <= alpha {
            return high;
        }
        (alpha, beta) = (alpha.max(low), beta.min(high));
        let (alpha0, mut best) = (alpha, -BIG);
        for col in ORDER {
            if self.heights[col] == ROWS {
                continue;
            }
            self.play(col);
            let score = -self.search(-beta, -alpha);
            self.undo(col);
            best = best.max(score);
            alpha = alpha.max(score);
            if alpha >= beta {
                break;
            }
        }
        let proven = if best <= alpha0 {
            (low, best.min(high))
        } else if best >= beta {
            (best.max(low), high)
        } else {
            (best, best)
        };
        self.bounds.insert(key, proven);
        best
    }

    /// Every open column's landing cell and the exact outcome of dropping there, for its mover.
    fn move_values(&mut self) -> Vec<((usize, usize), Solution)> {
        let mut values = Vec::new();
        for col in 0..COLS {
            if self.heights[col] == ROWS {
                continue;
            }
            let row = (ROWS - 1 - self.heights[col]) as usize;
            let before = self.moves as i32;
            let mine = self.stones[(self.moves % 2) as usize];
            let score = if four(mine | self.bit(col)) {
                BIG - (before + 1)
            } else {
                self.play(col);
                let score = -self.search(-BIG, BIG);
                self.undo(col);
                score
            };
            let solution = match score.signum() {
                1 => Solution {
                    value: 1,
                    plies: (BIG - score - before) as u32,
                },
                -1 => Solution {
                    value: -1,
                    plies: (BIG + score - before) as u32,
                },
                _ => Solution {
                    value: 0,
                    plies: CELLS - before as u32,
                },
            };
            values.push(((row, col), solution));
        }
        values.sort_unstable_by_key(|&(cell, _)| cell);
        values
    }
}

#[test]
fn every_moves_value_in_the_middle_of_the_game_equals_a_second_simpler_solver() {
    let mut solver = Solver::new(20).unwrap();
    let mut rng = Xorshift(0xC4_C4);
    let mut positions = 0;
    while positions < 16 {
        let stones = 14 + rng.below(9) as u32;
        let mut game = Game::with_rules(Rules::connect_four()).unwrap();
        let mut simple = Simple::new();
        while simple.moves < stones && !game.is_over() {
            let open: Vec<usize> = (0..COLS).filter(|&c| simple.heights[c] < ROWS).collect();
            let col = open[rng.below(open.len())];
            let player = if simple.moves.is_multiple_of(2) {
                Player::X
            } else {
                Player::O
            };
            game.drop_in(col, player).unwrap();
            simple.play(col);
        }
        if game.is_over() {
            continue;
        }
        let values = solver.move_values(&game, None).unwrap();
        let mine = simple.move_values();
        assert_eq!(values, mine, "on\n{game}");
        positions += 1;
    }
}

/// Every column sequence of `stones` drops from the empty board (below seven stones none ends
/// the game or overfills a column; from seven on some do).
fn openings(stones: u32) -> Vec<Vec<usize>> {
    let mut found = vec![Vec::new()];
    for _ in 0..stones {
        found = found
            .into_iter()
            .flat_map(|cols: Vec<usize>| {
                (0..COLS).map(move |col| {
                    let mut longer = cols.clone();
                    longer.push(col);
                    longer
                })
            })
            .collect();
    }
    found
}

fn game_of(cols: &[usize]) -> Game {
    try_game_of(cols).unwrap()
}

/// The game after the drops `cols`, when each is legal and the game is still on after them.
fn try_game_of(cols: &[usize]) -> Option<Game> {
    let mut game = Game::with_rules(Rules::connect_four()).unwrap();
    for (i, &col) in cols.iter().enumerate() {
        game.drop_i64(col as i64, 1 + i as i64 % 2).ok()?;
    }
    (!game.is_over()).then_some(game)
}

#[test]
fn the_opening_book_holds_the_known_result_agrees_with_itself_and_with_the_search() {
    const {
        assert!(
            Solver::BOOK_DEPTH >= 1,
            "the book holds the empty board and its children"
        )
    };
    let mut solver = Solver::new(16).unwrap();
    // The known result: the first player wins, with the 41st stone.
    let empty = game_of(&[]);
    assert_eq!(
        solver.solve(&empty, Some(0)),
        Ok(Solution {
            value: 1,
            plies: 41
        })
    );
    // Every position the book holds above its deepest (up to six stones; of seven, every 31st
    // drop sequence, 7^7 being most of a million): its value is the best of its moves' (each a
    // position the book holds), answered without a node. From seven stones on a sequence may
    // overfill a column or end the game, and is passed over.
    for stones in 0..Solver::BOOK_DEPTH {
        let every = if stones < 7 { 1 } else { 31 };
        for cols in openings(stones).into_iter().step_by(every) {
            let Some(game) = try_game_of(&cols) else {
                continue;
            };
            let values = solver.move_values(&game, Some(0)).unwrap();
            let best = values
                .iter()
                .map(|&(_, s)| s)
                .max_by_key(|s| match s.value {
                    1 => (2, -i64::from(s.plies)),
                    0 => (1, 0),
                    _ => (0, i64::from(s.plies)),
                })
                .unwrap();
            assert_eq!(solver.solve(&game, Some(0)), Ok(best), "{cols:?}");
        }
    }
    // Either player may move first: a position is looked up by the mover's stones and the other
    // player's, not by colour, so O's first stone answers as X's does.
    for col in 0..COLS {
        let mut o_first = Game::with_rules(Rules::connect_four()).unwrap();
        o_first.drop_in(col, Player::O).unwrap();
        let x_first = game_of(&[col]);
        assert_eq!(
            solver.solve(&o_first, Some(0)),
            solver.solve(&x_first, Some(0))
        );
        assert_eq!(
            solver.move_values(&o_first, Some(0)),
            solver.move_values(&x_first, Some(0))
        );
    }
    assert_eq!(solver.stats().0, 0, "the book answered every one");
    // Positions of the deepest stones solved by the search itself, without the shipped exact
    // book (the ten-stone win/draw/loss book only bounds it; the scores are the search's): the
    // same answers as the exact book's. X in a corner, O in the centre; the centre column filled.
    let mut search = Solver::new(22).unwrap();
    search.drop_shipped_books();
    search.add_book(Book::from_bytes(tictactoe_books::CONNECT_FOUR_10).unwrap());
    for line in [[0, 3, 3, 3, 2, 4, 6, 1], [3, 3, 3, 3, 3, 2, 4, 4]] {
        let game = game_of(&line[..Solver::BOOK_DEPTH as usize]);
        assert_eq!(
            search.solve(&game, None),
            solver.solve(&game, Some(0)),
            "{line:?}"
        );
    }
    assert!(search.stats().0 > 0);
}
