//! A checked game whose history must grow when the allocator says no: the move is refused with
//! `OutOfMemory`, nothing changes, and the same move succeeds once memory is back. A test binary of
//! its own, because it replaces the global allocator.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

use tictactoe_core::representations::ClassicGame;
use tictactoe_core::{AutoReset, Error, Game, Illegal, MAX_LEAN_N, Player, Rules, VecGames};

/// The system allocator, except that it refuses every allocation a thread makes while its
/// `REFUSE` is set: per thread, so that tests running side by side (and the harness) are untouched.
struct Refusing;

thread_local! {
    static REFUSE: Cell<bool> = const { Cell::new(false) };
    /// While set, how many more allocations this thread is granted before every one is refused.
    static GRANTED: Cell<Option<usize>> = const { Cell::new(None) };
    /// The largest block this thread asked for since it was last reset.
    static LARGEST: Cell<usize> = const { Cell::new(0) };
}

fn note(size: usize) {
    let _ = LARGEST.try_with(|l| l.set(l.get().max(size)));
}

fn refusing() -> bool {
    let spent = GRANTED
        .try_with(|g| match g.get() {
            Some(0) => true,
            Some(left) => {
                g.set(Some(left - 1));
                false
            }
            None => false,
        })
        .unwrap_or(false);
    spent || REFUSE.try_with(Cell::get).unwrap_or(false)
}

/// Runs `f` with this thread granted `count` more allocations, then none.
fn with_allocations<T>(count: usize, f: impl FnOnce() -> T) -> T {
    GRANTED.with(|g| g.set(Some(count)));
    let result = f();
    GRANTED.with(|g| g.set(None));
    result
}

/// Runs `f` with this thread's allocations refused.
fn without_memory<T>(f: impl FnOnce() -> T) -> T {
    REFUSE.with(|r| r.set(true));
    let result = f();
    REFUSE.with(|r| r.set(false));
    result
}

// SAFETY: every call goes to the system allocator unchanged, or returns null, which `GlobalAlloc`
// allows for any allocation that cannot be satisfied.
unsafe impl GlobalAlloc for Refusing {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        if refusing() {
            return std::ptr::null_mut();
        }
        note(layout.size());
        // SAFETY: the caller's promises about `layout` are passed on.
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` came from `System.alloc` with this layout.
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        if refusing() {
            return std::ptr::null_mut();
        }
        note(new_size);
        // SAFETY: as for `alloc` and `dealloc`.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static ALLOCATOR: Refusing = Refusing;

#[test]
fn a_move_whose_history_cannot_grow_is_refused_and_changes_nothing() {
    // 12 x 12, row by row, players alternating: no line is complete within the first 65 moves, and
    // the history's first room (64 moves) is full after the 64th.
    let n = 12;
    let mut game = ClassicGame::new(n).expect("a game");
    let cell = |k: usize| {
        (
            k / n,
            k % n,
            if k.is_multiple_of(2) {
                Player::X
            } else {
                Player::O
            },
        )
    };
    for k in 0..64 {
        let (row, col, player) = cell(k);
        assert_eq!(game.play(row, col, player), Ok(None));
    }
    let before = game.encode();
    let (row, col, player) = cell(64);
    let refused = without_memory(|| game.play(row, col, player));
    assert_eq!(refused, Err(Error::OutOfMemory { rows: n, cols: n }));
    assert_eq!(game.encode(), before, "a refused move changed the game");
    assert_eq!(game.move_count(), 64);
    // Memory is back: the same move goes through, and the history holds it.
    assert_eq!(game.play(row, col, player), Ok(None));
    assert_eq!(game.moves().last(), Some((row, col, player)));
    assert_eq!(game.undo(), Ok((row, col, player)));
    assert_eq!(game.encode(), before);
}

#[test]
fn a_lean_batch_whose_rollback_record_cannot_grow_is_refused_and_changes_nothing() {
    // A lean game keeps a batch's moves only to take them back; that record starts empty.
    let mut game = Game::new_lean(5).expect("a game");
    game.play(2, 2, Player::X).expect("a move");
    let before = game.encode();
    let batch = [(0, 0, Player::O), (0, 1, Player::X), (4, 4, Player::O)];
    let refused = without_memory(|| game.play_all(batch));
    let refused = refused.expect_err("no memory for the record");
    assert_eq!(refused.error, Error::OutOfMemory { rows: 5, cols: 5 });
    assert_eq!(game.encode(), before, "a refused batch changed the game");
    assert_eq!(game.play_all(batch), Ok(None));
    assert_eq!(game.move_count(), 4);
}

#[test]
fn a_game_the_memory_cannot_hold_is_an_error_and_other_games_live_on() {
    let mut bystander = ClassicGame::new(3).expect("a game");
    bystander.play(1, 1, Player::X).expect("a move");
    for (n, lean) in [(3, false), (65_535, false), (1, true), (MAX_LEAN_N, true)] {
        let made = without_memory(|| {
            if lean {
                Game::new_lean(n)
            } else {
                Game::new(n)
            }
        });
        assert_eq!(
            made.unwrap_err(),
            Error::OutOfMemory { rows: n, cols: n },
            "n = {n}, lean {lean}"
        );
    }
    assert_eq!(bystander.play(0, 0, Player::O), Ok(None));
    assert_eq!(bystander.move_count(), 2);
}

#[test]
fn a_long_thin_board_takes_memory_in_proportion_to_its_cells() {
    use tictactoe_core::{Game, Rules};
    // 65,535 cells: each diagonal holds one cell, so no block needs more than a few hundred
    // kilobytes (a diagonal sized by the column count took 2 GB).
    for (rows, cols) in [(1, 65_535), (65_535, 1), (3, 20_000)] {
        LARGEST.with(|l| l.set(0));
        let mut game = Game::with_rules(Rules::new(rows, cols, 5, false).unwrap()).unwrap();
        game.play_i64(0, 0, 1).unwrap();
        let copy = game.try_clone().unwrap();
        assert_eq!(copy, game);
        let largest = LARGEST.with(Cell::get);
        assert!(
            largest < 4 << 20,
            "{rows} x {cols}: a block of {largest} bytes"
        );
    }
}

#[test]
fn a_batch_whose_memory_runs_out_midway_is_an_error_not_an_abort() {
    // Gomoku boards keep their lines on the heap, a few blocks each: memory that runs out after the
    // first games were built must be an error (it aborted when the boards were cloned).
    let rules = Rules::gomoku(15).expect("rules");
    for granted in [0, 1, 5, 50, 500] {
        let made = with_allocations(granted, || {
            VecGames::with_rules(1000, rules, AutoReset::NextStep, Illegal::Raise, 1, 1)
        });
        assert_eq!(
            made.err(),
            Some(Error::GamesOutOfMemory {
                num_envs: 1000,
                rows: 15,
                cols: 15
            }),
            "{granted} allocations granted"
        );
    }
    // Copying a game out of the batch, or one in, is refused the same way and changes nothing.
    let mut games =
        VecGames::with_rules(4, rules, AutoReset::NextStep, Illegal::Raise, 1, 1).expect("a batch");
    let mut game = Game::with_rules(rules).expect("a game");
    game.play(7, 7, Player::X).expect("a move");
    let refused = without_memory(|| games.game(2));
    assert!(
        matches!(refused, Err(Error::OutOfMemory { .. })),
        "{refused:?}"
    );
    let refused = without_memory(|| games.set_game(2, &game));
    assert!(
        matches!(refused, Err(Error::OutOfMemory { .. })),
        "{refused:?}"
    );
    assert_eq!(games.game(2).expect("a copy").move_count(), 0);
    games.set_game(2, &game).expect("memory is back");
    assert_eq!(games.game(2).expect("a copy").move_count(), 1);
}

/// A game's text whose memory cannot be had is refused with the bytes it needs, and the game is
/// unchanged; once memory is back the same call draws it.
#[test]
fn text_out_of_memory_is_refused() {
    let mut game = Game::with_rules(Rules::new(40, 50, 5, false).expect("rules")).expect("a game");
    game.play(3, 4, Player::X).expect("a move");
    let before = game.encode();
    let refused = without_memory(|| game.try_to_string());
    assert_eq!(
        refused,
        Err(Error::TextOutOfMemory {
            bytes: 40 * 102 - 1
        })
    );
    assert_eq!(game.encode(), before);
    assert_eq!(game.try_to_string(), Ok(game.to_string()));
}
