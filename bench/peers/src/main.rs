//! The Agent at Connect Four against connect-four-ai's AI player: each game on the Agent's own
//! seed (the Agent with its defaults), as X and as O. "impossible" plays a best move of its own
//! exact scores every time (the first column among the best), so the games differ by the Agent's
//! choices alone. Prints the results, the plies of each game and the Agent's time a move (median,
//! worst).
//!
//!     cargo run --release --manifest-path bench/peers/Cargo.toml -- [--games N]
//!         [--level easy|medium|hard|impossible] [--book PATH]
//!
//! `--book` adds a book file to the Agent's solver (for example the ten-stone book the Python
//! package ships, `crates/books/data/connect-four-10.book`).

use std::time::{Duration, Instant};

use connect_four_ai::{AIPlayer, Difficulty, Position};
use tictactoe_core::{Game, Player, Rules};
use tictactoe_solve::{Agent, Book, Solver};

struct Options {
    games: u64,
    level: Difficulty,
    book: Option<Book>,
}

fn options() -> Options {
    let mut found = Options {
        games: 5,
        level: Difficulty::Impossible,
        book: None,
    };
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = "[--games N] [--level easy|medium|hard|impossible] [--book PATH]";
    for pair in args.chunks(2) {
        let value = pair.get(1).expect(usage);
        match pair[0].as_str() {
            "--games" => found.games = value.parse().expect(usage),
            "--level" => {
                found.level = match value.as_str() {
                    "easy" => Difficulty::Easy,
                    "medium" => Difficulty::Medium,
                    "hard" => Difficulty::Hard,
                    "impossible" => Difficulty::Impossible,
                    _ => panic!("{usage}"),
                }
            }
            "--book" => {
                let bytes = std::fs::read(value).expect("the book's file");
                found.book = Some(Book::from_bytes(&bytes).expect("a book"));
            }
            _ => panic!("{usage}"),
        }
    }
    found
}

/// One game: the Agent's result, the plies, and the Agent's time a move.
fn play(seed: u64, agent_first: bool, options: &Options) -> (&'static str, usize, Vec<Duration>) {
    let mut solver = Solver::new(20).expect("a table");
    if let Some(book) = &options.book {
        solver.add_book(book.clone());
    }
    let mut agent = Agent::new(1.0, seed, Some(Agent::DEFAULT_MAX_NODES))
        .expect("a skill")
        .with_solver(solver);
    let mut peer = AIPlayer::new(options.level);
    let mut game = Game::with_rules(Rules::connect_four()).expect("Connect Four");
    let mut position = Position::new();
    let mut times = Vec::new();
    let mut line = String::new();
    while !game.is_over() {
        let player = if game.move_count() % 2 == 0 {
            Player::X
        } else {
            Player::O
        };
        let col = if (player == Player::X) == agent_first {
            let start = Instant::now();
            let (_, col) = agent.choose(&game).expect("a move");
            times.push(start.elapsed());
            col
        } else {
            peer.get_move(&position).expect("a move")
        };
        game.drop_in(col, player).expect("a legal drop");
        position.play(col);
        line.push(char::from(b'1' + col as u8));
    }
    let mine = if agent_first { Player::X } else { Player::O };
    let result = match game.winner() {
        None => "drawn",
        Some(p) if p == mine => "won",
        Some(_) => "lost",
    };
    if (agent_first && result != "won") || (!agent_first && game.move_count() < 41) {
        // The game, to replay (columns from 1), when the Agent did not win as X or did not hold
        // out to the last stone as O (against perfect play).
        eprintln!("seed {seed}, the Agent as {mine:?}, {result}: {line}");
    }
    (result, game.move_count() as usize, times)
}

fn main() {
    let options = options();
    let mut all = Vec::new();
    for agent_first in [true, false] {
        let side = if agent_first { "X" } else { "O" };
        let mut tally = [0u32; 3];
        let mut plies = Vec::new();
        for seed in 0..options.games {
            let (result, moves, times) = play(seed, agent_first, &options);
            let at = ["won", "drawn", "lost"].iter().position(|r| *r == result);
            tally[at.expect("a result")] += 1;
            plies.push(moves);
            all.extend(times);
        }
        println!(
            "as {side} against connect-four-ai {:?}: won {}, drawn {}, lost {} of {}; plies {plies:?}",
            options.level, tally[0], tally[1], tally[2], options.games
        );
    }
    all.sort();
    let ms = |d: Duration| d.as_secs_f64() * 1e3;
    println!(
        "the Agent's move: median {:.1} ms, worst {:.1} ms over {} moves",
        ms(all[all.len() / 2]),
        ms(*all.last().expect("a move")),
        all.len()
    );
}
