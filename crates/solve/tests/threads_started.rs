//! A solver with one thread starts none: the threads of this process, counted by another thread
//! while it solves, never rise above what they were; with two, they do (the count can see a
//! helper). Alone in its file, so that no other test's threads are counted.

use std::sync::atomic::{AtomicBool, Ordering};

use tictactoe_core::{Game, Player, Rules};
use tictactoe_solve::Solver;

/// This process's threads, from the kernel's list.
fn threads_now() -> usize {
    std::fs::read_dir("/proc/self/task").map_or(0, |tasks| tasks.count())
}

/// The most threads seen while `solver` solves `game`, and the count before it began.
fn seen_while_solving(solver: &mut Solver, game: &Game) -> (usize, usize) {
    let done = AtomicBool::new(false);
    std::thread::scope(|scope| {
        let watcher = scope.spawn(|| {
            let before = threads_now();
            let mut most = before;
            while !done.load(Ordering::Relaxed) {
                most = most.max(threads_now());
                std::thread::sleep(std::time::Duration::from_micros(200));
            }
            (before, most)
        });
        // Give the watcher its first count before the solve starts.
        std::thread::sleep(std::time::Duration::from_millis(20));
        solver.solve(game, None).expect("a position in play");
        done.store(true, Ordering::Relaxed);
        watcher.join().expect("the watcher")
    })
}

#[test]
fn one_thread_starts_no_thread_and_two_start_a_helper() {
    if threads_now() == 0 {
        return; // no /proc here: nothing to count
    }
    // "44535" without a book: long enough (about half a second) for the watcher to see a helper.
    let mut game = Game::with_rules(Rules::connect_four()).unwrap();
    for (i, col) in [3, 3, 4, 2, 4].into_iter().enumerate() {
        let player = if i % 2 == 0 { Player::X } else { Player::O };
        game.drop_in(col, player).unwrap();
    }
    let alone = |threads| {
        let mut solver = Solver::new(20).unwrap().with_threads(threads);
        solver.use_book(false);
        solver
    };
    let (before, most) = seen_while_solving(&mut alone(1), &game);
    assert_eq!(
        most, before,
        "one thread: {before} threads before, {most} while solving"
    );
    let (before, most) = seen_while_solving(&mut alone(2), &game);
    assert!(
        most > before,
        "two threads: {before} threads before, {most} while solving"
    );
}
