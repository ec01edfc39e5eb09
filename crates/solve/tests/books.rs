//! Opening books loaded at run time: what a book file claims is checked when it is read, and a
//! solver with a book answers exactly as the search without one.

use std::collections::BTreeMap;

use tictactoe_core::{Error, Game, Player, Rules};
use tictactoe_solve::{Agent, Book, Solver};

/// Every position of `rules` of at most `depth` stones that is not over, one per book key, with
/// drops that reach it.
fn positions(rules: Rules, depth: usize) -> BTreeMap<u64, Vec<usize>> {
    let mut found = BTreeMap::new();
    let mut stack = vec![Vec::new()];
    while let Some(drops) = stack.pop() {
        let game = play(rules, &drops);
        if game.is_over()
            || found
                .insert(Book::key_of(&game).unwrap(), drops.clone())
                .is_some()
        {
            continue;
        }
        if drops.len() < depth {
            for col in 0..rules.cols() {
                if game.clone().drop_in(col, mover(drops.len())).is_ok() {
                    let mut longer = drops.clone();
                    longer.push(col);
                    stack.push(longer);
                }
            }
        }
    }
    found
}

fn mover(stones: usize) -> Player {
    if stones.is_multiple_of(2) {
        Player::X
    } else {
        Player::O
    }
}

fn play(rules: Rules, drops: &[usize]) -> Game {
    let mut game = Game::with_rules(rules).unwrap();
    for (i, &col) in drops.iter().enumerate() {
        game.drop_in(col, mover(i)).unwrap();
    }
    game
}

fn plain_solver() -> Solver {
    let mut solver = Solver::new(16).unwrap();
    solver.use_book(false);
    solver
}

/// A book of `rules` to `depth` stones, each value from the search without books.
fn book(rules: Rules, depth: usize, exact: bool) -> Book {
    let mut solver = plain_solver();
    let mut entries: Vec<(u64, i32)> = positions(rules, depth)
        .into_iter()
        .map(|(key, drops)| {
            let game = play(rules, &drops);
            let value = if exact {
                Solver::book_score(&game, solver.solve(&game, None).unwrap()) as i32
            } else {
                solver.value(&game, None).unwrap().into()
            };
            (key, value)
        })
        .collect();
    Book::build(rules, depth as u32, exact, &mut entries).unwrap()
}

/// A game of `rules` after up to `stones` random drops (fewer if it ends first).
fn random_game(rules: Rules, stones: usize, rng: &mut Rng) -> Game {
    let mut game = Game::with_rules(rules).unwrap();
    for placed in 0..stones {
        let legal = game.legal_actions().unwrap();
        if game.is_over() || legal.is_empty() {
            break;
        }
        game.drop_in(legal[rng.below(legal.len())], mover(placed))
            .unwrap();
    }
    game
}

/// Small generator for random games.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

#[test]
fn a_solver_with_a_book_answers_as_the_search_alone() {
    let rules = Rules::new(5, 5, 4, true).unwrap();
    for exact in [false, true] {
        let book = book(rules, 5, exact);
        assert_eq!(
            (book.depth(), book.is_exact(), book.rules()),
            (5, exact, rules)
        );
        let mut with = Solver::new(16).unwrap();
        with.add_book(book.clone());
        let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
        for _ in 0..80 {
            let stones = rng.below(10);
            let game = random_game(rules, stones, &mut rng);
            if game.is_over() {
                continue;
            }
            let mut alone = plain_solver();
            assert_eq!(with.solve(&game, None), alone.solve(&game, None), "{game}");
            assert_eq!(with.value(&game, None), alone.value(&game, None), "{game}");
            assert_eq!(
                with.move_values(&game, None),
                alone.move_values(&game, None)
            );
        }
    }
}

#[test]
fn a_book_is_read_back_from_its_bytes_and_every_damaged_copy_is_refused() {
    let book = book(Rules::new(4, 5, 4, true).unwrap(), 4, false);
    let bytes = book.as_bytes().to_vec();
    assert_eq!(Book::from_bytes(&bytes), Ok(book.clone()));
    let refused = |b: &[u8]| matches!(Book::from_bytes(b), Err(Error::InvalidBook { .. }));
    for len in 0..bytes.len() {
        assert!(refused(&bytes[..len]), "cut to {len} bytes");
    }
    for at in 0..bytes.len() {
        for flip in [1u8, 0x80, 0xFF] {
            let mut damaged = bytes.clone();
            damaged[at] ^= flip;
            assert!(refused(&damaged), "byte {at} ^ {flip:#x}");
        }
    }
    let mut longer = bytes.clone();
    longer.push(0);
    assert!(refused(&longer));
}

#[test]
fn a_book_whose_entries_lie_about_their_positions_is_refused_even_with_a_good_checksum() {
    let rules = Rules::new(4, 5, 4, true).unwrap();
    // A key past the depth: the position of five stones in a book of four.
    let deep = play(rules, &[0, 1, 2, 3, 4]);
    let mut entries = vec![(Book::key_of(&deep).unwrap(), 0)];
    assert!(matches!(
        Book::build(rules, 4, false, &mut entries),
        Err(Error::InvalidBook { .. })
    ));
    // A value out of range, and a key that is no position (a column with no marker bit).
    let start = Book::key_of(&play(rules, &[])).unwrap();
    for mut entries in [vec![(start, 2)], vec![(start, 7)], vec![(0, 0)]] {
        assert!(
            Book::build(rules, 4, false, &mut entries).is_err(),
            "{entries:?}"
        );
    }
    // A game over (four in a column) is no entry either.
    let won = play(rules, &[0, 1, 0, 1, 0, 1, 0]);
    assert!(won.is_over());
    let mut entries = vec![(Book::key_of(&won).unwrap(), 1)];
    assert!(Book::build(rules, 7, false, &mut entries).is_err());
}

#[test]
fn a_book_of_other_rules_changes_nothing() {
    let small = book(Rules::new(4, 5, 4, true).unwrap(), 4, false);
    let mut solver = Solver::new(16).unwrap();
    solver.add_book(small);
    let rules = Rules::new(5, 5, 4, true).unwrap();
    let game = play(rules, &[2, 2, 1]);
    assert_eq!(solver.solve(&game, None), plain_solver().solve(&game, None));
}

/// The shipped win/draw/loss book of every 7 x 6 Connect Four position of eight stones (ten with
/// feature `book-10`), on a sample of random positions: answered without a node, and as the
/// search without books answers. One stone short of it, a short search down to the book answers
/// as the search alone does too.
#[test]
fn the_shipped_value_book_answers_as_the_search_alone() {
    let rules = Rules::connect_four();
    let deepest = Solver::VALUE_BOOK_DEPTH as usize;
    let mut rng = Rng(0x2545_F491_4F6C_DD1D);
    let mut checked = [0; 2];
    while checked.iter().sum::<usize>() < 12 {
        let stones = deepest - 1 + checked.iter().sum::<usize>() % 2;
        let game = random_game(rules, stones, &mut rng);
        if game.is_over() || game.move_count() as usize != stones {
            continue;
        }
        let mut with = Solver::new(16).unwrap();
        let budget = if stones == deepest { 0 } else { 2_000_000 };
        let booked = with.value(&game, Some(budget)).unwrap();
        assert_eq!(booked, plain_solver().value(&game, None).unwrap(), "{game}");
        checked[stones + 1 - deepest] += 1;
    }
}

/// Where a book proves a position won or drawn, an agent keeps the win or the draw even on a
/// budget too small to prove a move: it looks on, past its budget, for a move that keeps it. The
/// same agent without the book gives some away on the same budget (so the test can tell).
#[test]
fn an_agent_keeps_the_value_a_book_proved_beyond_its_budget() {
    let (rules, depth, budget) = (Rules::new(4, 5, 4, true).unwrap(), 4, 10_000);
    let book = book(rules, depth, false);
    let mut truth = plain_solver();
    let (mut kept, mut lost_without) = (0, 0);
    for drops in positions(rules, depth).into_values() {
        let game = play(rules, &drops);
        if drops.len() != depth || truth.value(&game, None).unwrap() < 0 {
            continue;
        }
        let goal = truth.value(&game, None).unwrap();
        let mut value_of = |cell: (usize, usize)| {
            let mut after = game.clone();
            after.play(cell.0, cell.1, mover(depth)).unwrap();
            if after.is_over() {
                return i8::from(after.winner().is_some());
            }
            -truth.value(&after, None).unwrap()
        };
        for with_book in [true, false] {
            let mut solver = Solver::new(14).unwrap();
            if with_book {
                solver.add_book(book.clone());
            }
            let mut agent = Agent::new(1.0, 1, Some(budget)).unwrap();
            let keeps = value_of(agent.choose_with(&game, &mut solver).unwrap()) == goal;
            if with_book {
                assert!(keeps, "{game}");
                kept += 1;
            } else if !keeps {
                lost_without += 1;
            }
        }
    }
    assert!(
        kept > 50 && lost_without > 0,
        "{kept} kept, {lost_without} lost without"
    );
}
